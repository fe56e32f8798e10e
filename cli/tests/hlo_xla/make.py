#!/usr/bin/env python3
"""Makes the XLA test material of cli/tests/hlo.rs: partitioned HLO modules with inputs and XLA's outputs.

Every folder CASE/ here holds a program of ours, CASE/program.mlir (StableHLO + sdy, written by
hand for these tests). This script compiles and runs each program with XLA CPU on N simulated
devices through ../shared/oracles/xla_run.py (jax / jaxlib 0.10.2) and keeps, next to it:

  spmd_partitioned.hlo   XLA's HLO right after SPMD partitioning (per-device shapes, collectives)
  optimized.hlo          XLA's final optimized, scheduled per-device HLO (fusions, CPU rewrites)
  unpartitioned.hlo      XLA's optimized HLO of the same program compiled for one device (global
                         shapes, no collectives): the reference `equiv` compares with; absent when
                         XLA cannot compile the program for one device
  input_<i>.npy          the global inputs (made here, see `make_input`)
  output_<i>.npy         XLA's global outputs on those inputs
                         (bf16 arrays in both as raw 2-byte elements, descr '<V2', which is how
                         shardref's .npy reader takes bfloat16 against a program's type; xla_run.py
                         itself takes and gives them as uint16 bit patterns)
  xla.txt                from xla_run.json: the device count, then one line per input and output:
                         `input|output I TYPE[SHAPE] HLO_SHARDING | D0 | D1 | ...` where Dk is the
                         `start:stop,...` block of the global array that device k holds

The tests (cli/tests/hlo_xla.rs and interp's sharding tests) need none of this machinery; rerun the
script only to regenerate the files:

  /work/venv/bin/python cli/tests/hlo_xla/make.py [CASE ...]

Inputs are small dyadic rationals (multiples of 1/4 in [-2, 2]) and small integers so that sums are
exact in f32 and bf16 whatever the order of accumulation; per-case ranges for index arguments are
in OVERRIDES.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
XLA_RUN = os.environ.get("XLA_RUN", "/work/shared/oracles/xla_run.py")

# (case, argument) -> (low, high) for integer arguments that index something.
OVERRIDES = {
    ("gather_rows", 1): (0, 8),
    ("gather_batch", 1): (0, 6),
    ("case_branch", 0): (1, 2),
}


def make_input(case, i, dtype, shape, rng):
  if (case, i) in OVERRIDES:
    lo, hi = OVERRIDES[(case, i)]
    return rng.integers(lo, hi, size=shape).astype(np.int32)
  if dtype in ("f32", "f64", "f16"):
    return (rng.integers(-8, 9, size=shape) / 4).astype(np.dtype({"f32": "float32", "f64": "float64", "f16": "float16"}[dtype]))
  if dtype == "bf16":
    import ml_dtypes
    return (rng.integers(-8, 9, size=shape) / 4).astype(ml_dtypes.bfloat16).view(np.uint16)
  if dtype.startswith("i"):
    return rng.integers(-8, 8, size=shape).astype(np.dtype("int" + dtype[1:]))
  raise SystemExit(f"{case}: no input rule for {dtype}")


def keep(a, dtype, path):
  """Saves an array into the project: bf16 bit patterns (uint16) as raw '<V2' elements."""
  if dtype == "bf16":
    a = np.ascontiguousarray(a).view("<V2")
  np.save(path, a)


def slices_text(entry, n):
  parts = []
  for d in range(n):
    sl = entry["device_slices"][str(d)]
    parts.append(",".join(f"{a}:{b}" for a, b in sl))
  return " | ".join(parts)


def make(case):
  src = os.path.join(HERE, case, "program.mlir")
  with tempfile.TemporaryDirectory() as tmp:
    probe = os.path.join(tmp, "probe")
    subprocess.run([sys.executable, XLA_RUN, src, "--out", probe], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(probe, "xla_run.json")) as fh:
      meta = json.load(fh)
    rng = np.random.default_rng(sum(map(ord, case)))
    paths = []
    for i, inp in enumerate(meta["inputs"]):
      a = make_input(case, i, inp["dtype"], inp["shape"], rng)
      p = os.path.join(tmp, f"input_{i}.npy")
      np.save(p, a)
      paths.append(p)
      keep(a, inp["dtype"], os.path.join(HERE, case, f"input_{i}.npy"))
    out = os.path.join(tmp, "run")
    cmd = [sys.executable, XLA_RUN, src, "--out", out, "--dump", os.path.join(out, "hlo")]
    if paths:
      cmd += ["--input"] + paths
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "xla_run.json")) as fh:
      meta = json.load(fh)
    for name in ("spmd_partitioned.hlo", "optimized.hlo"):
      shutil.copy(os.path.join(out, "hlo", name), os.path.join(HERE, case, name))
    for o in meta["outputs"]:
      keep(np.load(os.path.join(out, o["file"])), o["dtype"], os.path.join(HERE, case, o["file"]))
    one = os.path.join(tmp, "one")
    cmd = [sys.executable, XLA_RUN, src, "--devices", "1", "--out", one, "--dump", os.path.join(one, "hlo")]
    if paths:
      cmd += ["--input"] + paths
    target = os.path.join(HERE, case, "unpartitioned.hlo")
    if subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
      shutil.copy(os.path.join(one, "hlo", "optimized.hlo"), target)
    elif os.path.exists(target):
      os.remove(target)
    n = meta["num_devices"]
    lines = [f"devices {n}"]
    for kind, entries in (("input", meta["inputs"]), ("output", meta["outputs"])):
      for i, e in enumerate(entries):
        shape = ",".join(map(str, e["shape"]))
        lines.append(f"{kind} {i} {e['dtype']}[{shape}] {e['hlo_sharding']} | {slices_text(e, n)}")
    with open(os.path.join(HERE, case, "xla.txt"), "w") as fh:
      fh.write("\n".join(lines) + "\n")
  print(f"{case}: {n} devices, {len(meta['inputs'])} inputs, {len(meta['outputs'])} outputs")


def main():
  cases = sys.argv[1:] or sorted(d for d in os.listdir(HERE) if os.path.isfile(os.path.join(HERE, d, "program.mlir")))
  for c in cases:
    make(c)


if __name__ == "__main__":
  main()
