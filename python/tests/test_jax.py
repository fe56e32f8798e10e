"""shardref.check and shardref.testing on real JAX functions (8 CPU devices, see conftest.py)."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import shardref
from shardref.testing import assert_partition_equivalent


@pytest.fixture(scope="module")
def mesh():
    assert len(jax.devices()) == 8, "conftest.py asks for 8 host devices"
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("x", "y"))


def data(*shapes, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(s).astype(np.float32) for s in shapes]


def mlp(x, w1, w2):
    return jnp.tanh(x @ w1) @ w2


def test_check_jitted_mlp_on_a_2d_mesh(mesh):
    x, w1, w2 = data((8, 16), (16, 32), (32, 8))
    f = jax.jit(
        mlp,
        in_shardings=(NamedSharding(mesh, P("x", None)), NamedSharding(mesh, P(None, "y")), NamedSharding(mesh, P("y", None))),
        out_shardings=NamedSharding(mesh, P("x", None)),
    )
    report = shardref.check(f, x, w1, w2)
    assert report.ok, str(report)
    assert report.findings == []
    assert [p.pair[0] for p in report.pairs] == ["shardref sharded", "XLA's partitioned HLO on shardref", "XLA's run"]
    assert report.input_shardings[1] == "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"
    np.testing.assert_allclose(report.global_results[0], np.asarray(f(x, w1, w2)), rtol=1e-5, atol=1e-5)


def test_check_lowered_draws_inputs(mesh):
    x, w1, w2 = data((8, 16), (16, 32), (32, 8))
    f = jax.jit(mlp, in_shardings=(NamedSharding(mesh, P("x", "y")), None, None))
    report = shardref.check(f.lower(x, w1, w2))
    assert report.ok, str(report)


def test_check_integer_program_is_bitwise(mesh):
    x = np.arange(64, dtype=np.int32).reshape(8, 8)
    f = jax.jit(lambda a: (a * 3 + a.T).sum(axis=1), in_shardings=NamedSharding(mesh, P("x", "y")))
    report = shardref.check(f, x)
    assert report.ok, str(report)
    assert all("bitwise" in p.text for p in report.pairs)


def matmul_psum(a, b):
    return jax.lax.psum(a @ b, "y")


def matmul_pmean(a, b):
    # Planted bug: a mean where the contraction needs a sum.
    return jax.lax.pmean(a @ b, "y")


def matmul_psum_wrong_axis(a, b):
    # Planted bug: the partial products are split over "y", but summed over "x".
    return jax.lax.psum(a @ b, "x")


SPECS = dict(in_specs=(P("x", "y"), P("y", None)), out_specs=P("x", None))


def test_check_shard_map_with_reference(mesh):
    a, b = data((8, 16), (16, 4))
    f = jax.jit(jax.shard_map(matmul_psum, mesh=mesh, **SPECS))
    report = shardref.check(f, a, b, reference=lambda a, b: a @ b)
    assert report.ok, str(report)
    assert report.findings == []


def test_wrong_psum_is_reported_with_its_first_divergence(mesh):
    a, b = data((8, 16), (16, 4))
    f = jax.jit(jax.shard_map(matmul_pmean, mesh=mesh, **SPECS))
    report = shardref.check(f, a, b, reference=lambda a, b: a @ b)
    assert not report.ok
    assert [p.kind for p in report.pairs] == ["differ", "differ", "differ"]
    d = report.first_divergence
    assert (d.result, d.index) == (0, (0, 0))
    # The lowered @main returns the manual computation's result without a sharding, so in
    # shardref's sharded run every device holds it; in XLA's executable row 0 is held by the
    # devices of x = 0.
    assert d.devices == list(range(8))
    assert report.pairs[1].divergence.devices == [0, 1, 2, 3]
    assert report.pairs[2].divergence.devices == [0, 1, 2, 3]
    parallel, sequential = (float(v) for v in d.values)
    assert parallel == pytest.approx(sequential / 4, rel=1e-5)
    # The differing result comes from the divide that pmean adds, at this file's pmean line.
    assert d.op == "stablehlo.divide"
    assert d.source_location is not None and "test_jax.py" in d.source_location
    assert "first divergence in result 0" in str(report)


def test_psum_over_the_wrong_axis_is_reported(mesh):
    a, b = data((8, 16), (16, 4))
    f = jax.jit(jax.shard_map(matmul_psum_wrong_axis, mesh=mesh, check_vma=False, **SPECS))
    report = shardref.check(f, a, b, reference=lambda a, b: a @ b)
    assert not report.ok
    assert report.pairs[0].kind in ("differ", "replicas_disagree")
    # XLA's own run computes the same wrong values as shardref's sharded run.
    assert report.pairs[2].kind in ("differ", "replicas_disagree")
    # The static check finds it without running: the manual computation's result is left partial
    # over "y", which the psum over "x" never combines.
    # (Its line in the lowered module differs between jax versions.)
    assert [d.label for d in report.findings] == ["partial_unreduced_result"]
    assert str(report).startswith("static check: lowered.mlir:")
    assert "result #0 of 'sdy.manual_computation'" in str(report).splitlines()[0]


def test_assert_partition_equivalent_jit(mesh):
    x, w1, w2 = data((8, 16), (16, 32), (32, 8))
    report = assert_partition_equivalent(
        mlp, x, w1, w2, mesh=mesh, in_specs=(P("x", None), P(None, "y"), P("y", None)), out_specs=P("x", None)
    )
    assert report.ok


def test_assert_partition_equivalent_shard_map_without_collectives(mesh):
    (x,) = data((8, 16))
    assert_partition_equivalent(
        lambda a: jnp.sin(a) * 2, x, mesh=mesh, in_specs=(P("x", "y"),), out_specs=P("x", "y"), shard_map=True
    )


def test_assert_partition_equivalent_needs_a_reference_for_collectives(mesh):
    a, b = data((8, 16), (16, 4))
    with pytest.raises(TypeError, match="reference="):
        assert_partition_equivalent(matmul_psum, a, b, mesh=mesh, shard_map=True, **SPECS)
    assert_partition_equivalent(matmul_psum, a, b, mesh=mesh, shard_map=True, reference=lambda a, b: a @ b, **SPECS)


def test_assert_partition_equivalent_fails_on_the_wrong_psum(mesh):
    a, b = data((8, 16), (16, 4))
    with pytest.raises(AssertionError, match=r"differ .* result 0 at index \[0, 0\]"):
        assert_partition_equivalent(matmul_pmean, a, b, mesh=mesh, shard_map=True, reference=lambda a, b: a @ b, **SPECS)
