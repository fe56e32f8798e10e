"""pytest helpers: `assert_partition_equivalent(fn, *args, mesh=..., in_specs=..., out_specs=...)`.

The function is jitted with `NamedSharding`s of `mesh` built from `in_specs`/`out_specs` (or,
with `shard_map=True`, wrapped in `jax.shard_map` with those specs and jitted), and checked with
`shardref.check`: shardref's global run, its sharded run, XLA's partitioned HLO on shardref's
simulated devices and XLA's own run must all agree. The unpartitioned twin is `reference` when
given; otherwise `fn` itself, which is the global program of a jitted function and, for a
shard_map body without collectives (a pure per-block map), also the global program; a
shard_map body with collectives (psum, all_gather, ppermute, ...) has no global reading and
needs `reference`.
"""

from __future__ import annotations

import re

from ._check import Report, check

# Collectives of a lowered shard_map body (StableHLO and sdy spellings).
_COLLECTIVE = re.compile(
    r"\b(stablehlo\.(all_reduce|all_gather|all_to_all|reduce_scatter|collective_permute|collective_broadcast)"
    r"|sdy\.(all_reduce|all_gather|all_slice|all_to_all|reduce_scatter|collective_permute))\b"
)


def assert_partition_equivalent(
    fn,
    *args,
    mesh=None,
    in_specs=None,
    out_specs=None,
    shard_map: bool = False,
    reference=None,
    exact: bool = False,
    rtol: float | None = None,
    atol: float | None = None,
    **jit_kwargs,
) -> Report:
    """Asserts that `fn`'s partitioning computes what its twin computes; returns the report.

    Raises `AssertionError` with the report (each pair's verdict and the first divergence) when
    a pair differs.
    """
    import jax
    from jax.sharding import NamedSharding

    def named(specs):
        if specs is None:
            return None
        if isinstance(specs, (tuple, list)):
            return type(specs)(named(s) for s in specs)
        return NamedSharding(mesh, specs)

    if shard_map:
        if mesh is None or in_specs is None or out_specs is None:
            raise TypeError("shard_map=True needs mesh, in_specs and out_specs")
        mapped = jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)
        jitted = jax.jit(mapped, **jit_kwargs)
        if reference is None:
            body = jax.jit(mapped).lower(*args).as_text()
            if _COLLECTIVE.search(body):
                raise TypeError(
                    "the shard_map body has collectives, so it has no global reading: give its "
                    "unpartitioned twin as reference="
                )
            reference = fn
    else:
        if mesh is not None:
            if in_specs is not None:
                jit_kwargs.setdefault("in_shardings", named(tuple(in_specs)))
            if out_specs is not None:
                jit_kwargs.setdefault("out_shardings", named(out_specs))
        jitted = jax.jit(fn, **jit_kwargs)
    report = check(jitted, *args, reference=reference, exact=exact, rtol=rtol, atol=atol)
    if not report.ok:
        raise AssertionError("partitioned program differs from its twin:\n" + str(report))
    return report
