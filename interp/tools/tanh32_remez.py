#!/usr/bin/env python3
"""The coefficients `Q` of interp/src/ops/tanh32.rs: a Remez exchange for the
polynomial q of degree N (default 6) that minimizes the largest absolute error of
p(r) = r + r^2 q(r) against expm1(r) on |r| <= 0.3467 (ln 2 / 2 and a margin for
the rounding of the reduction), in 50-digit arithmetic (mpmath).

    python3 interp/tools/tanh32_remez.py [N]

prints the error of the exact minimax polynomial, the relative errors of 1 + p and
of p with the coefficients rounded to f64, and the coefficients as f64 bit patterns.
"""
import struct
import sys

import mpmath as mp

mp.mp.dps = 50
H = mp.mpf("0.3467")
N = int(sys.argv[1]) if len(sys.argv) > 1 else 6
M = N + 2  # unknowns: N + 1 coefficients and the levelled error


def g(r):
    return mp.expm1(r) - r


def poly(c, r):
    return sum(cj * r ** (j + 2) for j, cj in enumerate(c))


ref = sorted(H * mp.cos(mp.pi * (i + mp.mpf(0.5)) / M) for i in range(M))
grid = sorted(H * mp.cos(mp.pi * (i + mp.mpf(0.5)) / 6000) for i in range(6000))
for _ in range(30):
    a = mp.matrix(M, M)
    b = mp.matrix(M, 1)
    for i, x in enumerate(ref):
        for j in range(N + 1):
            a[i, j] = x ** (j + 2)
        a[i, N + 1] = (-1) ** i
        b[i] = g(x)
    sol = mp.lu_solve(a, b)
    c = [sol[j] for j in range(N + 1)]
    levelled = abs(sol[N + 1])
    err = [g(x) - poly(c, x) for x in grid]
    # The local extrema of the error, keeping the larger of neighbours with one sign.
    alt = []
    for i, e in enumerate(err):
        left = abs(err[i - 1]) if i > 0 else -1
        right = abs(err[i + 1]) if i + 1 < len(err) else -1
        if abs(e) >= left and abs(e) >= right:
            if alt and mp.sign(e) == mp.sign(err[alt[-1]]):
                if abs(e) > abs(err[alt[-1]]):
                    alt[-1] = i
            else:
                alt.append(i)
    while len(alt) > M:
        alt.pop(0 if abs(err[alt[0]]) < abs(err[alt[-1]]) else -1)
    worst = max(abs(e) for e in err)
    if len(alt) == M:
        ref = [grid[i] for i in alt]
    if (worst - levelled) / worst < 1e-6:
        break

rounded = [float(x) for x in c]


def p64(r):
    return r + sum(mp.mpf(cj) * r ** (j + 2) for j, cj in enumerate(rounded))


rel_1p = max(abs(1 + p64(x) - mp.exp(x)) / mp.exp(x) for x in grid)
rel_p = max(abs(p64(x) - mp.expm1(x)) / abs(mp.expm1(x)) for x in grid)
print(f"degree {N}: largest error of p {mp.nstr(worst, 5)} (2^{mp.nstr(mp.log(worst, 2), 4)})")
print(f"rounded to f64: relative error of 1 + p 2^{mp.nstr(mp.log(rel_1p, 2), 4)}, of p 2^{mp.nstr(mp.log(rel_p, 2), 4)}")
for j, cj in enumerate(rounded):
    bits = struct.unpack("<Q", struct.pack("<d", cj))[0]
    print(f"    f64::from_bits({bits:#018x}), // r^{j}: {cj!r}")
