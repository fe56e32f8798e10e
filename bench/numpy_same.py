"""numpy on the same computations as bench/programs/*.mlir, step for step.

Each program's numpy twin builds its inputs the way the program does (iota,
splat constants, then the ops), so its time is comparable with
`shardref bench bench/programs/NAME.mlir`, which times the whole function in
one process. Prints, per program, the median of RUNS calls (after one warmup)
of the whole twin ("same") and of the ops after the inputs ("ops only").
numpy's f32 tanh is a SIMD approximation (not the reference numerics), and
its sums use pairwise summation, so results differ in the last bits.

    python3 bench/numpy_same.py [RUNS]
"""

import sys
import time

import numpy as np

F = np.float32


def iotas(n):
    i0 = np.broadcast_to(np.arange(n, dtype=F)[:, None], (n, n)).copy()
    i1 = np.broadcast_to(np.arange(n, dtype=F)[None, :], (n, n)).copy()
    return i0, i1


def ewise_inputs():
    i0, i1 = iotas(1024)
    s0 = np.full((1024, 1024), F(0.00097), F)
    s1 = np.full((1024, 1024), F(-0.0013), F)
    return i0 * s0, i1 * s1


def ewise_ops(x, y):
    v0 = x + y
    v1 = v0 * x
    v2 = np.tanh(v1)
    v3 = v2 + y
    v4 = v3 * v3
    v5 = np.tanh(v4)
    v6 = v5 + x
    v7 = v6 * y
    v8 = np.tanh(v7)
    v9 = v8 + v0
    return v9.sum(dtype=F)


def dot_inputs():
    i0, i1 = iotas(256)
    a = i0 * np.full((256, 256), F(0.0039), F)
    b = i1 * np.full((256, 256), F(-0.0021), F) + a
    return a, b


def dot_ops(a, b):
    return a @ b


def reduce_inputs():
    i0, i1 = iotas(1024)
    return (i0 * np.full((1024, 1024), F(0.00097), F) - i1,)


def reduce_ops(x):
    return x.sum(axis=0, dtype=F), x.sum(axis=1, dtype=F), x.sum(dtype=F)


PROGRAMS = {
    "ewise": (ewise_inputs, ewise_ops),
    "dot": (dot_inputs, dot_ops),
    "reduce": (reduce_inputs, reduce_ops),
}


def median_time(f, runs):
    f()
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
    ts.sort()
    n = len(ts)
    return ts[n // 2] if n % 2 else (ts[n // 2 - 1] + ts[n // 2]) / 2


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for name, (inputs, ops) in PROGRAMS.items():
        same = median_time(lambda: ops(*inputs()), runs)
        args = inputs()
        only = median_time(lambda: ops(*args), runs)
        print(f"{name}: same {same * 1e3:.3f} ms, ops only {only * 1e3:.3f} ms (numpy {np.__version__}, {runs} runs)")


if __name__ == "__main__":
    main()
