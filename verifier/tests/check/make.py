"""Writes the JAX-exported programs of this folder (run by hand, not by the tests).

Made with: /work/venv12/bin/python verifier/tests/check/make.py (jax 0.12) and
/work/venv/bin/python verifier/tests/check/make.py (jax 0.10.2), 8 simulated CPU devices.
Each program is jax.jit(...).lower(...).as_text() through Shardy's propagation and export pipelines with
explicit collectives (../shared/oracles/shardy_opt.py --pass sdy-propagation-pipeline
--pass 'sdy-export-pipeline{enable-insert-explicit-collectives=true}'), written to NAME.jaxVERSION.exported.mlir; the
test directives are added by hand afterwards (see each file's header).
"""
import os
import subprocess
import sys
import tempfile

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = "/work/shared/oracles/shardy_opt.py"
MESH = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
# The jax version names the files: jax 0.10.2's Shardy completes a max over a sharded dimension with a sum
# all-reduce (the finding of ../../../cli/tests/jax/reduction.exported.mlir), jax 0.12's with a max.
TAG = "jax" + jax.__version__.replace(".", "_")


def ns(*spec):
    return NamedSharding(MESH, P(*spec))


def export(name, f, ins, outs, args):
    text = jax.jit(f, in_shardings=ins, out_shardings=outs).lower(*args).as_text()
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as t:
        t.write(text)
    out = subprocess.run(
        [sys.executable, ORACLE, "--pass", "sdy-propagation-pipeline",
         "--pass", "sdy-export-pipeline{enable-insert-explicit-collectives=true}", t.name],
        check=True, capture_output=True, text=True).stdout
    with open(os.path.join(HERE, f"{name}.{TAG}.exported.mlir"), "w", encoding="utf-8") as f:
        f.write(out)
    print(name, "written")


B, T, D = 2, 16, 8


def decode_step(q, k_cache, v_cache, pos):
    """One decode step of attention over a KV cache whose positions are sharded over "x"; positions after
    `pos` are masked out (the softmax's max is a max over a sharded dimension)."""
    s = jnp.einsum("bd,btd->bt", q, k_cache) / jnp.sqrt(jnp.float32(D))
    mask = jnp.arange(T)[None, :] <= pos
    s = jnp.where(mask, s, -jnp.inf)
    m = jnp.max(s, axis=-1, keepdims=True)
    p = jnp.exp(s - m)
    l = p.sum(-1, keepdims=True)
    return jnp.einsum("bt,btd->bd", p, v_cache) / l


def max_rows(x):
    """The maximum of each column over rows sharded unevenly (6 rows on 4 devices)."""
    y = jax.lax.with_sharding_constraint(x[:6] * 2.0, ns("x"))
    return jnp.max(y, axis=0)


f32 = jnp.float32
export("decode_step", decode_step, (ns(), ns(None, "x"), ns(None, "x"), ns()), ns(),
       (jax.ShapeDtypeStruct((B, D), f32), jax.ShapeDtypeStruct((B, T, D), f32),
        jax.ShapeDtypeStruct((B, T, D), f32), jax.ShapeDtypeStruct((), jnp.int32)))
export("max_uneven_rows", max_rows, (ns(),), ns(), (jax.ShapeDtypeStruct((8, 8), f32),))
