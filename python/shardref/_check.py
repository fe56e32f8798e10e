"""`shardref.check`: a JAX function's partitioning checked against its meaning.

Given a jitted function and its arguments (or a `jax.stages.Lowered`), `check`:

1. lowers it with the user's JAX (`lowered.as_text(debug_info=True)`: StableHLO with sdy
   shardings and the Python source locations of its ops);
2. compiles it with the user's XLA and takes from the executable its partitioned HLO
   (`compiled.as_text()`, after SPMD partitioning and optimization) and the shardings of its
   inputs and outputs (XLA keeps them in the executable; jaxlib 0.12's HLO text carries none);
3. runs, on the same inputs, in shardref: (a) the global program (the lowered `@main` with its
   shardings and collectives erased, or the lowered `reference`), (b) the lowered program on
   the simulated devices of its mesh (the reshards XLA's partitioner would insert are inserted),
   (c) XLA's partitioned HLO on simulated devices (one per partition, the executable's
   shardings splitting the inputs and reassembling the outputs); and (d) the user's real XLA
   run of the compiled executable;
4. judges (b), (c) and (d) against (a) with `shardref equiv`'s rules (bitwise, or within the
   element type's tolerance with final sums within the rounding bound of their exact value;
   `exact=True` asks for bitwise equality, `rtol`/`atol` replace the tolerances).

The lowered program is also checked statically for partial states (`shardref check`: a value
all-reduced that was not partial, a partial value used as if reduced, ...); each finding is a
located `Diagnostic` in `Report.findings` and makes the report not ok.

A pair that differs names its first differing element: the result, its global index, the
devices holding it, both values, and the op of the lowered program that computes that result
(through manual computations to the op inside), with its place in the module text and in the
user's Python source. `Report.ok` is true when every pair is equal.

shard_map code has no global reading of its own (its body sees local blocks): pass the
unpartitioned twin as `reference=g`, a plain Python function of the same arguments.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from . import Diagnostic, PairVerdict, ShardrefError, _native, _native_call, _npy, _results, _verdict

_PAIR_NAMES = {
    "sharded": "shardref sharded",
    "global": "shardref global",
    "xla_partitioned": "XLA's partitioned HLO on shardref",
    "xla": "XLA's run",
}


@dataclass
class Report:
    """What `check` found: one `PairVerdict` per pair of runs judged, the static partial-state
    findings on the lowered program (`shardref check`: each holds whatever the inputs), and `ok`
    when every pair is equal and there is no finding."""

    pairs: list[PairVerdict]
    findings: list[Diagnostic] = field(default_factory=list)
    global_results: list = field(repr=False, default_factory=list)
    xla_results: list = field(repr=False, default_factory=list)
    program: str = field(repr=False, default="")
    xla_hlo: str = field(repr=False, default="")
    input_shardings: list = field(default_factory=list)
    output_shardings: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.pairs) and all(p.equal for p in self.pairs) and not self.findings

    @property
    def first_divergence(self):
        """The divergence of the first pair that differs, or None."""
        for p in self.pairs:
            if p.divergence is not None:
                return p.divergence
        return None

    def __str__(self) -> str:
        lines = [f"static check: {d}" for d in self.findings]
        lines += [str(p) for p in self.pairs]
        lines.append("ok" if self.ok else "NOT OK")
        return "\n".join(lines)

    def __bool__(self) -> bool:
        return self.ok


def _hlo_sharding(s, ndim: int) -> str:
    return str(s._to_xla_hlo_sharding(ndim))


def _random_inputs(avals, seed: int) -> list:
    """Seeded inputs for argument types, as `shardref equiv` draws them: floats that are
    multiples of 1/8 in [-8, 8] (short sums of them are exact), integers in [-64, 64]
    ([0, 128] unsigned), booleans."""
    rng = np.random.default_rng(seed)
    out = []
    for a in avals:
        dt = np.dtype(a.dtype)
        shape = tuple(a.shape)
        if dt == np.bool_:
            out.append(rng.integers(0, 2, size=shape).astype(np.bool_))
        elif np.issubdtype(dt, np.unsignedinteger):
            out.append(rng.integers(0, 129, size=shape).astype(dt))
        elif np.issubdtype(dt, np.integer):
            out.append(rng.integers(-64, 65, size=shape).astype(dt))
        elif np.issubdtype(dt, np.complexfloating):
            re = rng.integers(-64, 65, size=shape) / 8.0
            im = rng.integers(-64, 65, size=shape) / 8.0
            out.append((re + 1j * im).astype(dt))
        else:
            out.append((rng.integers(-64, 65, size=shape) / 8.0).astype(dt))
    return out


def _lowered_text(lowered) -> str:
    try:
        return lowered.as_text(debug_info=True)
    except TypeError:  # a JAX without the keyword
        return lowered.as_text()


def check(
    fn,
    *args,
    reference=None,
    exact: bool = False,
    rtol: float | None = None,
    atol: float | None = None,
    seed: int = 0,
    fuel: int | None = None,
    **jit_kwargs,
) -> Report:
    """Checks a JAX function's partitioning; see the module docstring.

    `fn` is a function (jitted with `jax.jit(fn, **jit_kwargs)`), a jitted function, or a
    `jax.stages.Lowered` (`jitted.lower(*args)`); `args` are its arguments (for a `Lowered`
    without arguments, seeded inputs of its argument types are drawn). `reference` is the
    unpartitioned twin, a plain function of the same arguments (needed for shard_map code).
    """
    import jax

    if hasattr(fn, "compile") and hasattr(fn, "as_text"):
        lowered = fn
        if jit_kwargs:
            raise TypeError("check(lowered, ...) takes no jit arguments: they were given to jax.jit")
    else:
        jitted = fn if (hasattr(fn, "lower") and not jit_kwargs) else jax.jit(fn, **jit_kwargs)
        lowered = jitted.lower(*args)
    leaves_info = jax.tree_util.tree_leaves(lowered.args_info)
    avals = [getattr(i, "_aval", None) or getattr(i, "aval") for i in leaves_info]
    if args:
        values = [np.asarray(x) for x in jax.tree_util.tree_leaves(args)]
    else:
        values = _random_inputs(avals, seed)
    if len(values) != len(avals):
        raise ShardrefError(
            f"error: {len(values)} array argument(s) for a lowered function of {len(avals)}; "
            "static arguments are not supported by check"
        )
    # jax.jit drops unused arguments from the lowered module (keep_unused=False).
    kept = None
    lowering = getattr(lowered, "_lowering", None)
    compile_args = getattr(lowering, "compile_args", None) or {}
    if isinstance(compile_args, dict) and compile_args.get("kept_var_idx") is not None:
        kept = sorted(compile_args["kept_var_idx"])
    program_values = [values[i] for i in kept] if kept is not None else values

    text = _lowered_text(lowered)
    compiled = lowered.compile()
    hlo_text = compiled.as_text()
    in_shardings = jax.tree_util.tree_leaves(compiled.input_shardings[0])
    in_avals = avals if kept is None else [avals[i] for i in kept]
    if len(in_shardings) == len(avals) and kept is not None:
        in_shardings = [in_shardings[i] for i in kept]
    input_hlo = [_hlo_sharding(s, len(a.shape)) for s, a in zip(in_shardings, in_avals)]
    out_shardings = jax.tree_util.tree_leaves(compiled.output_shardings)
    xla_out = [np.asarray(x) for x in jax.tree_util.tree_leaves(compiled(*_call_args(lowered, args, values)))]
    output_hlo = [_hlo_sharding(s, x.ndim) for s, x in zip(out_shardings, xla_out)]
    num_devices = max([len(s.device_set) for s in list(in_shardings) + list(out_shardings)] + [1])

    ref_text = None
    if reference is not None:
        ref_text = _lowered_text(jax.jit(reference).lower(*[jax.ShapeDtypeStruct(a.shape, a.dtype) for a in avals]))
        if kept is not None and len(kept) != len(avals):
            raise ShardrefError("error: the program drops unused arguments, which a reference cannot follow; "
                                "jit with keep_unused=True")

    out = _native_call(
        _native.check,
        text,
        "lowered.mlir",
        [_npy(v) for v in program_values],
        reference=ref_text,
        reference_name="reference.mlir",
        hlo=hlo_text,
        hlo_name="xla_partitioned.hlo",
        input_shardings=input_hlo,
        output_shardings=output_hlo,
        xla_outputs=[_npy(x) for x in xla_out],
        num_devices=num_devices,
        exact=exact,
        rtol=rtol,
        atol=atol,
        fuel=fuel,
    )
    pairs = [_verdict(d, tuple(_PAIR_NAMES[p] for p in d["pair"])) for d in out["pairs"]]
    return Report(
        pairs=pairs,
        findings=[Diagnostic(*d) for d in out["findings"]],
        global_results=_results(out["global"]),
        xla_results=xla_out,
        program=text,
        xla_hlo=hlo_text,
        input_shardings=input_hlo,
        output_shardings=output_hlo,
    )


def _call_args(lowered, args, values):
    """The arguments to call the compiled executable with: the user's, or the drawn inputs in
    the arguments' tree structure."""
    import jax

    if args:
        return args
    treedef = jax.tree_util.tree_structure(lowered.args_info)
    pos, _kw = jax.tree_util.tree_unflatten(treedef, values)
    return pos
