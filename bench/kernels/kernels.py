"""The kernel matrix: every (op, dtype) cell on 2^20 elements, shardref against numpy.

Each cell is a one-op JAX function lowered by `jax.jit(...).lower(...)` (so the program is
exactly what JAX writes for it: an integer iota and a convert where JAX emits them, its
comparators and reducer bodies), saved with its inputs as .npy files in a scratch directory and
timed with `shardref bench FILE --input ... --no-profile` (the function alone, inputs read
outside the timed runs). numpy does the same op on the same arrays (ml_dtypes for bfloat16),
timed in the same process as this script right before and right after shardref's run, so both
engines see the same machine load; numpy's figure is the mean of those two medians. A cell's
ratio is shardref's median over numpy's: below 1 shardref is faster.

    bench/kernels/run.sh                          # every cell (several minutes on 2 cores)
    bench/kernels/run.sh --only 'reduce|sort'     # rows whose name matches a regex
    bench/kernels/run.sh --dtypes f32,bf16 --timeout 30

A shardref run over `--timeout` seconds is killed and its cell shows `>RATIO` (the timeout over
numpy's time, a lower bound); the summary counts it as over 4x and uses the bound in the
geometric mean. Rows that have no meaning for a dtype (exp of an integer, shifts of a float) are
left out. Needs jax, numpy and ml_dtypes (the /work/venv environment has them).
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

import jax

jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp  # noqa: E402
import ml_dtypes  # noqa: E402
from jax import lax  # noqa: E402

DTYPES = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "bf16": ml_dtypes.bfloat16, "i8": np.int8}
FLOATS = {"f32", "f64", "bf16"}
INTS = {"i32", "i8"}
N = 1024  # rows and columns of the 2^20-element operands

RNG = np.random.default_rng(29)


def data(dt, shape, kind="normal"):
    """Deterministic inputs of dtype name `dt`: floats ~ 3 N(0, 1) (or in [0.5, 4) for
    `positive`), integers over the dtype's range (i32 over +-2^20 unless `kind` says `full`)."""
    d = DTYPES[dt]
    if dt in FLOATS:
        x = RNG.uniform(0.5, 4.0, shape) if kind == "positive" else 3 * RNG.standard_normal(shape)
        return x.astype(d)
    info = np.iinfo(d)
    if kind == "shift":
        return RNG.integers(0, info.bits, shape).astype(d)
    if kind == "nonzero":
        x = RNG.integers(1, min(info.max, 100), shape).astype(d)
        return np.where(RNG.random(shape) < 0.5, -x, x).astype(d)
    lo, hi = (info.min, info.max) if (dt == "i8" or kind == "full") else (-(2**20), 2**20)
    return RNG.integers(lo, hi, shape, endpoint=True).astype(d)


def sq(dt, kind="normal"):
    return data(dt, (N, N), kind)


def pool(x, red):
    """2x2, stride-2 windows of a 1024x1024 array reduced by `red` over the window axes."""
    return red(x.reshape(N // 2, 2, N // 2, 2), axis=(1, 3))


def np_select_and_scatter(src, x):
    """Gradient of 2x2 stride-2 max pooling: each window's first maximum gets its source."""
    w = x.reshape(N // 2, 2, N // 2, 2).transpose(0, 2, 1, 3).reshape(N // 2, N // 2, 4)
    am = w.argmax(-1)
    out = np.zeros_like(w)
    np.put_along_axis(out, am[..., None], src[..., None], -1)
    return out.reshape(N // 2, N // 2, 2, 2).transpose(0, 2, 1, 3).reshape(N, N)


def np_conv(x, k):
    """NHWC x HWIO, SAME padding, stride 1 (what lax.conv_general_dilated computes)."""
    p = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    win = np.lib.stride_tricks.sliding_window_view(p, (3, 3), axis=(1, 2))  # n h w c kh kw
    return np.tensordot(win, k, axes=([3, 4, 5], [2, 0, 1]))


def cells(dtypes):
    """(row, dtype, jax function, inputs, numpy function) for every cell."""
    out = []

    def add(row, dts, jf, mk, nf):
        for dt in dtypes:
            if dt in dts:
                out.append((row, dt, jf(dt), mk(dt), nf(dt)))

    allt = set(DTYPES)
    d = DTYPES
    # iota: 8192x128 along the 128 (fits i8 and bf16 exactly).
    add("iota", allt, lambda dt: (lambda: lax.broadcasted_iota(d[dt], (8 * N, 128), 1)), lambda dt: [],
        lambda dt: (lambda: np.broadcast_to(np.arange(128, dtype=d[dt]), (8 * N, 128)).copy()))
    for to in DTYPES:
        add(f"convert->{to}", allt - {to}, lambda dt, to=to: (lambda x: lax.convert_element_type(x, d[to])),
            lambda dt: [sq(dt)], lambda dt, to=to: (lambda x: x.astype(d[to])))
    for name, jf, nf, kind, dts in [
        ("negate", lax.neg, np.negative, "normal", allt),
        ("abs", lax.abs, np.abs, "normal", allt),
        ("exp", lax.exp, np.exp, "normal", FLOATS),
        ("log", lax.log, np.log, "positive", FLOATS),
        ("tanh", lax.tanh, np.tanh, "normal", FLOATS),
        ("sqrt", lax.sqrt, np.sqrt, "positive", FLOATS),
        ("floor", lax.floor, np.floor, "normal", FLOATS),
        ("not", lax.bitwise_not, np.invert, "full", INTS),
        ("popcnt", lax.population_count, np.bitwise_count, "full", INTS),
    ]:
        add(name, dts, lambda dt, jf=jf: (lambda x: jf(x)), lambda dt, kind=kind: [sq(dt, kind)],
            lambda dt, nf=nf: nf)
    for name, jf, nf, kinds, dts in [
        ("add", lax.add, np.add, ("normal", "normal"), allt),
        ("subtract", lax.sub, np.subtract, ("normal", "normal"), allt),
        ("multiply", lax.mul, np.multiply, ("normal", "normal"), allt),
        ("divide", lax.div, None, ("normal", "nonzero"), allt),
        ("maximum", lax.max, np.maximum, ("normal", "normal"), allt),
        ("power", lax.pow, np.power, ("positive", "normal"), FLOATS),
        ("and", lax.bitwise_and, np.bitwise_and, ("full", "full"), INTS),
        ("or", lax.bitwise_or, np.bitwise_or, ("full", "full"), INTS),
        ("xor", lax.bitwise_xor, np.bitwise_xor, ("full", "full"), INTS),
        ("shift_left", lax.shift_left, np.left_shift, ("full", "shift"), INTS),
        ("shift_right_arith", lax.shift_right_arithmetic, np.right_shift, ("full", "shift"), INTS),
    ]:
        def nfun(dt, nf=nf, name=name):
            if name == "divide":
                return np.divide if dt in FLOATS else np.floor_divide
            return nf
        add(name, dts, lambda dt, jf=jf: (lambda x, y: jf(x, y)),
            lambda dt, kinds=kinds: [sq(dt, kinds[0]), sq(dt, kinds[1])], nfun)
    add("compare_lt", allt, lambda dt: (lambda x, y: lax.lt(x, y)), lambda dt: [sq(dt), sq(dt)],
        lambda dt: np.less)
    add("select", allt, lambda dt: (lambda p, x, y: lax.select(p, x, y)),
        lambda dt: [RNG.random((N, N)) < 0.5, sq(dt), sq(dt)], lambda dt: np.where)
    add("clamp", allt, lambda dt: (lambda x: lax.clamp(d[dt](-1), x, d[dt](2))), lambda dt: [sq(dt)],
        lambda dt: (lambda x: np.clip(x, d[dt](-1), d[dt](2))))
    add("broadcast_in_dim", allt, lambda dt: (lambda x: lax.broadcast_in_dim(x, (N, N), (1,))),
        lambda dt: [data(dt, (N,))], lambda dt: (lambda x: np.broadcast_to(x, (N, N)).copy()))
    add("transpose", allt, lambda dt: (lambda x: lax.transpose(x, (1, 0))), lambda dt: [sq(dt)],
        lambda dt: (lambda x: np.ascontiguousarray(x.T)))
    add("reshape", allt, lambda dt: (lambda x: lax.reshape(x, (2 * N, N // 2))), lambda dt: [sq(dt)],
        lambda dt: (lambda x: x.reshape(2 * N, N // 2)))
    add("slice", allt, lambda dt: (lambda x: lax.slice(x, (1, 3), (N - 1, N - 5))), lambda dt: [sq(dt)],
        lambda dt: (lambda x: x[1 : N - 1, 3 : N - 5].copy()))
    add("pad", allt, lambda dt: (lambda x: lax.pad(x, d[dt](0), ((1, 2, 0), (3, 4, 0)))), lambda dt: [sq(dt)],
        lambda dt: (lambda x: np.pad(x, ((1, 2), (3, 4)))))
    add("concatenate", allt, lambda dt: (lambda x, y: lax.concatenate([x, y], 1)),
        lambda dt: [data(dt, (N, N // 2)), data(dt, (N, N // 2))],
        lambda dt: (lambda x, y: np.concatenate([x, y], 1)))
    add("reverse", allt, lambda dt: (lambda x: lax.rev(x, (0, 1))), lambda dt: [sq(dt)],
        lambda dt: (lambda x: np.flip(x).copy()))
    add("dynamic_slice", allt, lambda dt: (lambda x, i: lax.dynamic_slice(x, (i, np.int32(0)), (N // 2, N))),
        lambda dt: [sq(dt), np.int32(100)], lambda dt: (lambda x, i: x[i : i + N // 2].copy()))

    def np_dus(x, u, i):
        y = x.copy()
        y[i : i + N // 2] = u
        return y

    add("dynamic_update_slice", allt, lambda dt: (lambda x, u, i: lax.dynamic_update_slice(x, u, (i, np.int32(0)))),
        lambda dt: [sq(dt), data(dt, (N // 2, N)), np.int32(100)], lambda dt: np_dus)
    for name, jf, nf, dims, ax in [
        ("reduce_add[1]", lax.add, np.sum, (1,), 1),
        ("reduce_add[0]", lax.add, np.sum, (0,), 0),
        ("reduce_max[1]", lax.max, np.max, (1,), 1),
        ("reduce_min[0]", lax.min, np.min, (0,), 0),
    ]:
        def jfun(dt, jf=jf, nf=nf, dims=dims):
            init = {np.sum: 0, np.max: -np.inf, np.min: np.inf}[nf]
            if dt in INTS:
                info = np.iinfo(d[dt])
                init = {np.sum: 0, np.max: info.min, np.min: info.max}[nf]
            return lambda x: lax.reduce(x, d[dt](init), jf, dims)
        add(name, allt, jfun, lambda dt: [sq(dt)],
            lambda dt, nf=nf, ax=ax: (lambda x: nf(x, axis=ax, dtype=d[dt]) if nf is np.sum else nf(x, axis=ax)))
    add("argmax[1]", allt, lambda dt: (lambda x: lax.argmax(x, 1, np.int32)), lambda dt: [sq(dt)],
        lambda dt: (lambda x: x.argmax(axis=1).astype(np.int32)))
    for name, jf, nf in [("reduce_window_add", lax.add, np.sum), ("reduce_window_max", lax.max, np.max),
                         ("reduce_window_min", lax.min, np.min)]:
        def jfun(dt, jf=jf, nf=nf):
            init = {np.sum: 0, np.max: -np.inf, np.min: np.inf}[nf]
            if dt in INTS:
                info = np.iinfo(d[dt])
                init = {np.sum: 0, np.max: info.min, np.min: info.max}[nf]
            return lambda x: lax.reduce_window(x, d[dt](init), jf, (2, 2), (2, 2), "VALID")
        add(name, allt, jfun, lambda dt: [sq(dt)],
            lambda dt, nf=nf: (lambda x: pool(x, (lambda a, axis: np.sum(a, axis=axis, dtype=d[dt])) if nf is np.sum else nf)))
    from jax._src.lax.windowed_reductions import _select_and_scatter_add

    add("select_and_scatter", allt,
        lambda dt: (lambda s, x: _select_and_scatter_add(s, x, lax.ge_p, (2, 2), (2, 2), ((0, 0), (0, 0)))),
        lambda dt: [data(dt, (N // 2, N // 2)), sq(dt)], lambda dt: np_select_and_scatter)
    add("cumsum[1]", allt, lambda dt: (lambda x: lax.cumsum(x, 1)), lambda dt: [sq(dt)],
        lambda dt: (lambda x: np.cumsum(x, axis=1, dtype=d[dt])))
    add("sort[1]", allt, lambda dt: (lambda x: lax.sort(x, dimension=1)), lambda dt: [sq(dt)],
        lambda dt: (lambda x: np.sort(x, axis=1, kind="stable")))
    add("dot_general", allt,
        lambda dt: (lambda a, b: lax.dot_general(a, b, (((1,), (0,)), ((), ())))),
        lambda dt: [sq(dt), data(dt, (N, 16))], lambda dt: np.matmul)
    add("gather_rows", allt, lambda dt: (lambda x, i: x[i]),
        lambda dt: [sq(dt), RNG.integers(0, N, (N,)).astype(np.int32)], lambda dt: (lambda x, i: x[i]))
    add("gather_elems", allt, lambda dt: (lambda x, i: x[i]),
        lambda dt: [data(dt, (N * N,)), RNG.integers(0, N * N, (N * N,)).astype(np.int32)],
        lambda dt: (lambda x, i: x[i]))

    def np_scatter_add(x, i, u):
        y = x.copy()
        np.add.at(y, i, u)
        return y

    add("scatter_add_rows", allt, lambda dt: (lambda x, i, u: x.at[i].add(u)),
        lambda dt: [sq(dt), RNG.integers(0, N, (N,)).astype(np.int32), sq(dt)], lambda dt: np_scatter_add)
    add("convolution", allt,
        lambda dt: (lambda x, k: lax.conv_general_dilated(x, k, (1, 1), "SAME",
                                                          dimension_numbers=("NHWC", "HWIO", "NHWC"))),
        lambda dt: [data(dt, (1, 256, 256, 16)), data(dt, (3, 3, 16, 8))], lambda dt: np_conv)
    return out


def median(ts):
    ts = sorted(ts)
    n = len(ts)
    return ts[n // 2] if n % 2 else (ts[n // 2 - 1] + ts[n // 2]) / 2


def time_numpy(f, args, budget=0.15):
    f(*args)
    t0 = time.perf_counter()
    f(*args)
    one = time.perf_counter() - t0
    reps = max(3, min(50, int(budget / max(one, 1e-7))))
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f(*args)
        ts.append(time.perf_counter() - t0)
    return median(ts)


UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6}


def shardref_once(binary, mlir, inputs, warmup, runs, timeout):
    cmd = [binary, "bench", mlir, "--warmup", str(warmup), "--runs", str(runs), "--no-profile"]
    for p in inputs:
        cmd += ["--input", p]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip() or r.stdout.strip())
    m = re.search(r"median ([0-9.]+) (s|ms|µs)", r.stdout)
    if not m:
        raise RuntimeError(f"unexpected output: {r.stdout!r}")
    return float(m.group(1)) * UNITS[m.group(2)]


def time_shardref(binary, mlir, inputs, timeout):
    """Median of shardref's runs: one cold run first; a fast cell then gets a warmup and
    enough runs for ~0.4 s. None when a run takes over `timeout` seconds."""
    try:
        t = shardref_once(binary, mlir, inputs, 0, 1, timeout)
        if t > 0.4:
            return t
        runs = max(3, min(30, int(0.4 / max(t, 1e-6))))
        return shardref_once(binary, mlir, inputs, 1, runs, timeout)
    except subprocess.TimeoutExpired:
        return None


def fmt_ratio(r, lower=False):
    s = f"{r:.2f}" if r < 10 else f"{r:.0f}"
    return (">" + s) if lower else s


def uptime():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shardref", required=True, help="the shardref binary (release build)")
    ap.add_argument("--only", default="", help="regex over row names")
    ap.add_argument("--dtypes", default=",".join(DTYPES), help="comma-separated dtype names")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds before a shardref run is killed")
    ap.add_argument("--tsv", help="also write every cell's times to this file")
    ap.add_argument("--keep", help="keep the programs and inputs in this directory")
    a = ap.parse_args()
    dtypes = [t for t in a.dtypes.split(",") if t]
    for t in dtypes:
        if t not in DTYPES:
            sys.exit(f"unknown dtype {t}; known: {', '.join(DTYPES)}")
    rx = re.compile(a.only)
    todo = [c for c in cells(dtypes) if rx.search(c[0])]
    work = a.keep or tempfile.mkdtemp(prefix="shardref-kernels-")
    os.makedirs(work, exist_ok=True)
    print(f"kernel matrix: {len(todo)} cells, numpy {np.__version__}, jax {jax.__version__}, "
          f"load average {uptime()} at start", flush=True)
    results = {}
    rows = []
    for row, dt, jf, args, nf in todo:
        if row not in rows:
            rows.append(row)
        stem = os.path.join(work, re.sub(r"[^A-Za-z0-9_.-]", "_", f"{row}__{dt}"))
        text = jax.jit(jf).lower(*args).as_text()
        with open(stem + ".mlir", "w") as f:
            f.write(text)
        paths = []
        for k, x in enumerate(args):
            p = f"{stem}.in{k}.npy"
            np.save(p, np.asarray(x))
            paths.append(p)
        try:
            n1 = time_numpy(nf, args)
            s = time_shardref(a.shardref, stem + ".mlir", paths, a.timeout)
            n2 = time_numpy(nf, args)
        except Exception as e:  # a failing cell is reported, never hidden
            print(f"  {row:24} {dt:5} FAILED: {str(e).splitlines()[0][:200]}", flush=True)
            results[(row, dt)] = None
            continue
        npt = (n1 + n2) / 2
        lower = s is None
        ratio = (a.timeout if lower else s) / npt
        results[(row, dt)] = (s, npt, ratio, lower)
        shown = f">{a.timeout:.0f} s" if lower else f"{s * 1e3:10.3f} ms"
        print(f"  {row:24} {dt:5} shardref {shown:>13}  numpy {npt * 1e3:9.3f} ms  "
              f"ratio {fmt_ratio(ratio, lower)}", flush=True)
    print(f"\nload average {uptime()} at end\n")
    head = "| op | " + " | ".join(dtypes) + " |"
    print(head)
    print("|---" * (len(dtypes) + 1) + "|")
    for row in rows:
        cellv = []
        for dt in dtypes:
            r = results.get((row, dt), "absent")
            cellv.append("—" if r == "absent" else "failed" if r is None else fmt_ratio(r[2], r[3]))
        print(f"| {row} | " + " | ".join(cellv) + " |")
    ok = [r for r in results.values() if r]
    if ok:
        geo = math.exp(sum(math.log(r[2]) for r in ok) / len(ok))
        within2 = sum(1 for r in ok if r[2] <= 2 and not r[3])
        over4 = sum(1 for r in ok if r[2] > 4 or r[3])
        timeouts = sum(1 for r in ok if r[3])
        failed = sum(1 for r in results.values() if r is None)
        print(f"\n{len(ok)} cells: geometric mean {geo:.2f}x numpy, {within2} within 2x, {over4} over 4x "
              f"({timeouts} timed out at {a.timeout:.0f} s, counted at the bound), {failed} failed")
    if a.tsv:
        with open(a.tsv, "w") as f:
            f.write("op\tdtype\tshardref_s\tnumpy_s\tratio\ttimed_out\n")
            for (row, dt), r in results.items():
                if r:
                    f.write(f"{row}\t{dt}\t{r[0] if r[0] is not None else ''}\t{r[1]}\t{r[2]}\t{int(r[3])}\n")


if __name__ == "__main__":
    main()
