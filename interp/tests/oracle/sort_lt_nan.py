#!/usr/bin/env python3
"""Writes ../programs/sort_lt_nan.mlir: `sort` whose comparator is a plain `compare LT` on
floats holding NaN (no strict weak order), stable and unstable, with the permutations XLA CPU
produces (jax 0.10.2's jaxlib, through ../../../../shared/oracles/xla_run.py, i.e. the real XLA
compiler on one CPU device).

Usage (needs jax==0.10.2 and the shared oracles):
  JAX_ENABLE_X64=1 /work/venv/bin/python interp/tests/oracle/sort_lt_nan.py \
      > interp/tests/programs/sort_lt_nan.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np
import ml_dtypes

ORACLE = os.environ.get("XLA_RUN", "/work/shared/oracles/xla_run.py")
# (MLIR type, numpy type for values, numpy type for the bits the oracle takes)
TYPES = [
    ("f64", np.float64, np.float64),
    ("f32", np.float32, np.float32),
    ("f16", np.float16, np.float16),
    ("bf16", ml_dtypes.bfloat16, np.uint16),
    ("f8E4M3FN", ml_dtypes.float8_e4m3fn, np.uint8),
    ("f8E5M2", ml_dtypes.float8_e5m2, np.uint8),
]
ROWS = 4


def module(ty, n, stable):
  t, i = f"tensor<{ROWS}x{n}x{ty}>", f"tensor<{ROWS}x{n}xi32>"
  return f"""func.func @main(%x: {t}, %i: {i}) -> ({t}, {i}) {{
  %0:2 = "stablehlo.sort"(%x, %i) ({{
  ^bb0(%a: tensor<{ty}>, %b: tensor<{ty}>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<{ty}>, tensor<{ty}>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }}) {{dimension = 1 : i64, is_stable = {str(stable).lower()}}} : ({t}, {i}) -> ({t}, {i})
  return %0#0, %0#1 : {t}, {i}
}}"""


def xla_sort(ty, bits, n, stable):
  with tempfile.TemporaryDirectory() as d:
    open(f"{d}/m.mlir", "w").write(module(ty, n, stable))
    np.save(f"{d}/x.npy", bits)
    np.save(f"{d}/i.npy", np.tile(np.arange(n, dtype=np.int32), (ROWS, 1)))
    subprocess.run([sys.executable, ORACLE, f"{d}/m.mlir", "--input", f"{d}/x.npy", f"{d}/i.npy",
                    "--out", f"{d}/out", "--devices", "1"], check=True, stdout=subprocess.DEVNULL)
    return np.load(f"{d}/out/output_1.npy")


def main():
  rng = np.random.RandomState(6)
  first = True
  print("// sort with a plain `compare LT` comparator on floats holding NaN and -NaN: NaN is unordered")
  print("// with everything, so the comparator is no strict weak order and the result is the algorithm's.")
  print("// The expected permutations are XLA CPU's (libstdc++ std::stable_sort / std::sort), generated")
  print("// by interp/tests/oracle/sort_lt_nan.py (jax 0.10.2; see its docstring).")
  for ty, vt, bt in TYPES:
    for n, stable in [(12, True), (12, False), (33, True), (40, False)]:
      vals = rng.randint(-3, 4, size=(ROWS, n)).astype(np.float32)
      nan = rng.rand(ROWS, n) < 0.3
      vals[nan] = np.where(rng.rand(ROWS, n) < 0.5, np.float32("nan"), -np.float32("nan"))[nan]
      x = vals.astype(vt)
      bits = x.view(bt) if bt is not vt else x
      perm = xla_sort(ty, bits, n, stable)
      raw = x.view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[x.dtype.itemsize])
      hexx = '"0x' + raw.tobytes().hex().upper() + '"'
      t, i = f"tensor<{ROWS}x{n}x{ty}>", f"tensor<{ROWS}x{n}xi32>"
      if not first:
        print("\n// -----")
      first = False
      print(f"\n// {ty}, length {n}, is_stable = {str(stable).lower()}.")
      print("func.func @main() {")
      print(f"  %x = stablehlo.constant dense<{hexx}> : {t}")
      print(f"  %i = stablehlo.iota dim = 1 : {i}")
      print(f"  %s:2 = \"stablehlo.sort\"(%x, %i) ({{")
      print(f"  ^bb0(%a: tensor<{ty}>, %b: tensor<{ty}>, %c: tensor<i32>, %d: tensor<i32>):")
      print(f"    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<{ty}>, tensor<{ty}>) -> tensor<i1>")
      print(f"    stablehlo.return %p : tensor<i1>")
      print(f"  }}) {{dimension = 1 : i64, is_stable = {str(stable).lower()}}} : ({t}, {i}) -> ({t}, {i})")
      rows = ", ".join("[" + ", ".join(str(v) for v in r) + "]" for r in perm)
      print(f"  check.expect_eq_const %s#1, dense<[{rows}]> : {i}")
      print("  func.return")
      print("}")


if __name__ == "__main__":
  main()
