"""shardref for Python: the formal reference interpreter and partitioning checks of sharded
programs, numpy in and numpy out.

The functions here are thin wrappers over the Rust crates of the `shardref` command line (through
the extension module `shardref._native`); nothing is computed twice:

- `run(text, *arrays, sharded=False, devices=None)`: runs a StableHLO/sdy program (or XLA HLO
  text) on numpy arrays and returns numpy arrays (ml_dtypes' bfloat16 and float8 types included).
- `verify(text)`: the verifier's diagnostics as `Diagnostic` objects.
- `equiv(text, ...)`: `shardref equiv` on a module: partitioned function vs its twin.
- `check(fn, *args, **jit_kwargs)` (or `check(jitted.lower(*args), *args)`): compiles a JAX
  function with the user's JAX and checks four runs against each other (see `check`).
- `shardref.testing.assert_partition_equivalent`: the same as a pytest assertion.

Errors are `ShardrefError`, whose message is shardref's MLIR-style located message
(`file:line:col: error: ...` with the source line and a caret) and whose `diagnostics` list the
same as `Diagnostic` objects.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

import ml_dtypes
import numpy as np

from . import _native

__all__ = [
    "Diagnostic",
    "ShardrefError",
    "PairVerdict",
    "Divergence",
    "Report",
    "run",
    "verify",
    "equiv",
    "check",
]


@dataclass(frozen=True)
class Diagnostic:
    """One diagnostic (or note), as `shardref verify --json` prints it."""

    file: str
    line: int
    column: int
    severity: str
    label: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.severity}: {self.message} [{self.label}]"


class ShardrefError(Exception):
    """A program shardref rejected or could not run: `message` is the located MLIR-style text,
    `diagnostics` the same as `Diagnostic` objects."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = ()):
        super().__init__(message)
        self.message = message
        self.diagnostics = list(diagnostics)


def _native_call(f, *args, **kwargs):
    try:
        return f(*args, **kwargs)
    except _native.ShardrefError as e:
        message, diags = e.args
        raise ShardrefError(message.rstrip("\n"), [Diagnostic(*d) for d in diags]) from None


# Element types of shardref (MLIR spelling) and their numpy dtypes. Sub-byte integers and f4/f6
# formats take one byte per element, as ml_dtypes stores them.
def _dtype_table() -> dict[str, Any]:
    t: dict[str, Any] = {
        "i1": np.bool_,
        "i8": np.int8,
        "i16": np.int16,
        "i32": np.int32,
        "i64": np.int64,
        "si8": np.int8,
        "si16": np.int16,
        "si32": np.int32,
        "si64": np.int64,
        "ui8": np.uint8,
        "ui16": np.uint16,
        "ui32": np.uint32,
        "ui64": np.uint64,
        "index": np.int64,
        "f16": np.float16,
        "f32": np.float32,
        "f64": np.float64,
        "complex<f32>": np.complex64,
        "complex<f64>": np.complex128,
        "bf16": ml_dtypes.bfloat16,
    }
    optional = {
        "i2": "int2",
        "i4": "int4",
        "ui2": "uint2",
        "ui4": "uint4",
        "f8E4M3FN": "float8_e4m3fn",
        "f8E5M2": "float8_e5m2",
        "f8E4M3FNUZ": "float8_e4m3fnuz",
        "f8E5M2FNUZ": "float8_e5m2fnuz",
        "f8E4M3B11FNUZ": "float8_e4m3b11fnuz",
        "f8E4M3": "float8_e4m3",
        "f8E3M4": "float8_e3m4",
        "f8E8M0FNU": "float8_e8m0fnu",
        "f4E2M1FN": "float4_e2m1fn",
        "f6E2M3FN": "float6_e2m3fn",
        "f6E3M2FN": "float6_e3m2fn",
    }
    for k, name in optional.items():
        if hasattr(ml_dtypes, name):
            t[k] = getattr(ml_dtypes, name)
    return t


_DTYPES = _dtype_table()


def _array(triple) -> np.ndarray:
    """A result of the extension (element type, shape, bytearray) as a numpy array viewing the
    bytearray (no copy)."""
    elem, shape, data = triple
    dtype = _DTYPES.get(elem)
    if dtype is None:
        raise ShardrefError(f"error: element type {elem} has no numpy dtype")
    return np.frombuffer(data, dtype=dtype).reshape(shape)


def _results(items) -> list:
    out = []
    for x in items:
        if isinstance(x, tuple):
            out.append(_array(x))
        else:
            out.append(_results(x))
    return out


def _npy(a) -> bytes:
    """An array (numpy, JAX, or anything `np.asarray` takes) as `.npy` bytes."""
    arr = np.asarray(a)
    buf = io.BytesIO()
    np.save(buf, np.ascontiguousarray(arr), allow_pickle=False)
    return buf.getvalue()


def _is_hlo(text: str) -> bool:
    return text.lstrip().startswith("HloModule")


def run(
    text: str,
    *arrays,
    sharded: bool = False,
    devices: Iterable[int] | None = None,
    entry: str | None = None,
    strict: bool | None = None,
    input_shardings: Sequence[str] = (),
    result_shardings: Sequence[str] = (),
    fuel: int | None = None,
    name: str = "<program>",
) -> list:
    """Runs a program on global numpy arrays and returns its results as numpy arrays.

    `text` is StableHLO/sdy MLIR (its `entry` function: default `@main` or the only one) or XLA
    HLO text (detected by `HloModule`). With `sharded=True` an sdy function runs on the
    simulated devices of its mesh and the results are reassembled; `devices=[0, 3]` returns
    instead, per result, a dict from each listed device id to its local shard. `strict` says
    whether reshards the program leaves implicit are errors (default: for programs with explicit
    collectives or manual computations, as `shardref equiv`) or inserted. For partitioned HLO
    (`num_partitions` > 1), `input_shardings`/`result_shardings` give the entry's parameter and
    result shardings in XLA's syntax where the module carries none (jaxlib drops them).
    """
    hlo = _is_hlo(text)
    out = _native_call(
        _native.run,
        text,
        name,
        [_npy(a) for a in arrays],
        entry=entry,
        sharded=sharded,
        strict=strict,
        devices=None if devices is None else [int(d) for d in devices],
        hlo=hlo,
        input_shardings=list(input_shardings),
        result_shardings=list(result_shardings),
        fuel=fuel,
    )
    if devices is None:
        return _results(out)
    return [{d: _array(t) for d, t in per} for per in out]


def verify(text: str, *, name: str = "<program>") -> list[Diagnostic]:
    """The verifier's diagnostics on a program (parse errors included); empty when it verifies."""
    return [Diagnostic(*d) for d in _native.verify(text, name, hlo=_is_hlo(text))]


@dataclass
class Divergence:
    """The first element where two runs differ (trials, results and elements in order)."""

    result: int | None
    index: tuple | None
    devices: list[int]
    values: tuple
    op: str | None = None
    location: tuple | None = None
    source_location: str | None = None
    note: str | None = None

    def __str__(self) -> str:
        s = f"result {self.result} at index {list(self.index or ())}"
        if self.devices:
            s += f", held by device{'s' if len(self.devices) > 1 else ''} {', '.join(map(str, self.devices))}"
        if self.op:
            s += f", from '{self.op}'"
            if self.location:
                s += f" at {self.location[0]}:{self.location[1]}:{self.location[2]}"
            if self.source_location:
                s += f" ({self.source_location})"
        return s


@dataclass
class PairVerdict:
    """The verdict on one pair of runs: `kind` is `equal`, `differ`, `replicas_disagree`,
    `types_differ` or `error`; `text` is shardref equiv's wording."""

    pair: tuple
    kind: str
    equal: bool
    text: str
    divergence: Divergence | None = None
    message: str | None = None
    details: dict = field(default_factory=dict, repr=False)

    def __str__(self) -> str:
        head = f"{self.pair[0]} vs {self.pair[1]}: {self.text}"
        if self.divergence is not None and self.divergence.op:
            loc = self.divergence
            where = f"{loc.location[0]}:{loc.location[1]}:{loc.location[2]}" if loc.location else ""
            if loc.source_location:
                where = f"{where} ({loc.source_location})" if where else loc.source_location
            head += f"\n  first divergence in result {loc.result}, computed by '{loc.op}' at {where}"
        if self.message:
            head += "\n" + "\n".join("  " + line for line in self.message.rstrip("\n").splitlines())
        return head


def _verdict(d: dict, pair) -> PairVerdict:
    div = None
    if d["kind"] in ("differ", "replicas_disagree"):
        div = Divergence(
            result=d.get("result"),
            index=tuple(d.get("index") or ()),
            devices=list(d.get("devices") or ()),
            values=tuple(d.get("values") or ()),
            op=d.get("op"),
            location=d.get("location"),
            source_location=d.get("source_location"),
            note=d.get("note"),
        )
    return PairVerdict(
        pair=tuple(pair),
        kind=d["kind"],
        equal=bool(d["equal"]),
        text=d["text"],
        divergence=div,
        message=d.get("message"),
        details=d,
    )


def equiv(
    text: str,
    *arrays,
    parallel: str | None = None,
    sequential: str | None = None,
    seed: int = 0,
    trials: int = 3,
    exact: bool = False,
    rtol: float | None = None,
    atol: float | None = None,
    strict: bool | None = None,
    fuel: int | None = None,
    name: str = "<program>",
) -> list[PairVerdict]:
    """`shardref equiv` on a module: every `@parallel_x` with `@sequential_x` (or its own erased
    copy), or `@main` against its erased copy, or the pair named; on the given arrays (one trial)
    or `trials` seeded random draws. One `PairVerdict` per pair."""
    out = _native_call(
        _native.equiv_pairs,
        text,
        name,
        [_npy(a) for a in arrays] if arrays else None,
        parallel=parallel,
        sequential=sequential,
        seed=seed,
        trials=trials,
        exact=exact,
        rtol=rtol,
        atol=atol,
        strict=strict,
        fuel=fuel,
    )
    res = []
    for d in out:
        twin = f"@{d['sequential']}" if d["sequential"] else f"@{d['parallel']} erased"
        res.append(_verdict(d, (f"@{d['parallel']}", twin)))
    return res


from ._check import Report, check  # noqa: E402  (needs the definitions above)
