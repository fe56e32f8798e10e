#!/usr/bin/env python3
"""Writes shardref's jax corpus: every form JAX, Shardy and XLA print for each program of programs.py.

Usage (from the repository root; the environment is outside the repository):
  python3.12 -m venv VENV && VENV/bin/pip install -r conformance/jax/requirements-0.12.txt
  VENV/bin/python conformance/jax/generate.py --out conformance/tests/jax012 [--only NAME ...]
  VENV/bin/python conformance/jax/generate.py --out conformance/tests/jax012 --shardy-only [--only NAME ...]
    (the second writes only the two Shardy forms anew, from each folder's stored after_propagation dump)
The same script runs on jax 0.10.2 (requirements-0.10.txt, Python 3.11) into conformance/tests/jax0102.
It sets XLA_FLAGS=--xla_force_host_platform_device_count=8 itself (JAX on CPU, 8 simulated devices) and
replaces --out's program folders (each program's folder is written anew).

Per program, a folder NAME/ with (manifest.json lists exactly the files written, with what each is):
  lowered.mlir             jax.jit(...).lower(...).as_text(): StableHLO + sdy, global view, as JAX hands it over
  sdy_00_input_module.mlir XLA's Shardy stage dumps (--xla_dump_to, shardy/): 00 the module as imported
  sdy_01_before_propagation.mlir  (mhlo.sharding strings, custom_call @Sharding), 01 before propagation,
  sdy_02_after_propagation.mlir   02 after propagation (every op's sdy.sharding), 03 after XLA's partitioner
  sdy_03_after_partitioner_passes.mlir  passes, 04 the exported module (mhlo.sharding strings in mesh form).
  sdy_04_output_module.mlir A dump identical to an earlier one is not written again (the manifest says so).
  shardy_explicit.mlir     Shardy's own partitioner passes from jaxlib, run here on XLA's after_propagation
                           dump: resolve-permutation-factors, insert-explicit-reshards and reshard-to-collectives
                           (global view, explicit sdy collectives)
  shardy_local.mlir        the same, then pad-for-divisibility and convert-global-to-local (local shapes,
                           StableHLO collectives with mesh replica groups); XLA does not dump these two: they
                           come from the passes (SHARDY_PIPELINES)
  before_optimizations.hlo XLA's HLO as received (global shapes, the user's shardings)
  after_shardy.hlo         after XLA's Shardy pass, before SPMD partitioning (global shapes, HLO shardings)
  spmd_partitioned.hlo     right after SPMD partitioning (per-device shapes, collectives, partition-id)
  optimized.hlo            compiled.as_text(): the final optimized per-device module
  input_<i>.npy            global inputs, in flattened argument order
  output_<i>.npy           XLA's global outputs (the executable's results), in flattened result order
bfloat16 arrays are stored as uint16 bit patterns (the shared corpora's convention); the manifest gives each
array's element type. HLO dumps that elide large constants as {...} are printed again from XLA's proto dumps
with every constant in full, so that they run.

The manifest also gives, for the partitioned modules, the shardings of the entry parameters and results
(`compiled.input_shardings` / `output_shardings` as XLA HLO shardings), which a runner passes as
`--input-sharding` / `--result-sharding`, with each result's global shape (`--result-shape`), and the
tolerance each output is compared with (see TOLERANCES below).
"""
import argparse
import glob
import json
import os
import re
import shutil
import sys
import tempfile
import zlib

os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8").strip()
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jaxlib  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from programs import PROGRAMS  # noqa: E402

# Tolerance of XLA's float outputs against a reference run (integers and booleans: bitwise).
# XLA's CPU backend reassociates reductions (vectorized and tree orders), fuses multiply-adds and uses its
# own polynomial approximations of exp, log, tanh and friends (a few ulps each); the programs here add at
# most a few dozen O(1) terms per element, so float32 results differ from an exact-order evaluation by at
# most ~100 ulps (~1e-5 relative). rtol 1e-4 leaves a margin of 10x while a wrong shard, a missed reduction
# or a wrong permutation changes results by O(1). bfloat16 has 8 significant bits (one ulp is 2^-7
# relative), and XLA keeps bf16 intermediates in f32 where a reference may round each op: 2^-5 relative.
# Absolute parts cover results that cancel to near zero (sums of signed terms, gradients). A program whose
# float32 results come from bfloat16 intermediates takes bfloat16's tolerance (XLA's CPU backend computes
# bf16 elementwise ops in f32 and may drop the roundings between them). A program whose outputs are copies of
# input elements (sort, top_k, max) is compared bitwise (`exact`): there -0.0 against 0.0 and NaN signs count.
TOLERANCES = {
    "f32": {"rtol": 1e-4, "atol": 1e-5},
    "bf16": {"rtol": 3.2e-2, "atol": 3.2e-2},
}

SDY_STAGES = ["input_module", "before_propagation", "after_propagation", "after_partitioner_passes",
              "output_module"]


def mlir_elem(dtype):
  d = np.dtype(dtype)
  if d.name == "bfloat16":
    return "bf16"
  if d.kind == "f":
    return f"f{d.itemsize * 8}"
  if d.kind == "i":
    return f"i{d.itemsize * 8}"
  if d.kind == "u":
    return f"ui{d.itemsize * 8}"
  if d.kind == "b":
    return "i1"
  raise ValueError(f"no MLIR element type for {d}")


def storable(a):
  """The array as written to .npy: bfloat16 as its uint16 bit pattern."""
  a = np.asarray(a)
  if a.dtype.name == "bfloat16":
    return a.view(np.uint16)
  return a


def hlo_sharding_text(s, ndim):
  return str(s._to_xla_hlo_sharding(ndim))


# --------------------------------------------------------------------------------------------
# HLO dumps with every constant printed.
# --------------------------------------------------------------------------------------------
def proto_field1(buf):
  """The bytes of field 1 (HloProto.hlo_module) of a serialized HloProto."""
  i, n = 0, len(buf)

  def varint():
    nonlocal i
    v, shift = 0, 0
    while True:
      c = buf[i]
      i += 1
      v |= (c & 0x7F) << shift
      shift += 7
      if c < 0x80:
        return v

  while i < n:
    tag = varint()
    fld, wire = tag >> 3, tag & 7
    if wire == 2:
      length = varint()
      if fld == 1:
        return buf[i:i + length]
      i += length
    elif wire == 0:
      varint()
    elif wire == 1:
      i += 8
    elif wire == 5:
      i += 4
    else:
      raise ValueError(f"protobuf wire type {wire}")
  raise ValueError("no hlo_module field")


def full_text(txt_path):
  """A text dump; when it elides constants ({...}), printed again from its .hlo.pb with all constants."""
  with open(txt_path) as fh:
    text = fh.read()
  if "{...}" not in text:
    return text
  pb = txt_path[:-len(".txt")] + ".hlo.pb"
  from jaxlib import _hlo
  with open(pb, "rb") as fh:
    mod = _hlo.HloModule.from_serialized_hlo_module_proto(proto_field1(fh.read()))
  opts = _hlo.HloPrintOptions()
  opts.print_large_constants = True
  full = mod.to_string(opts)
  # The proto has no module config line (num_partitions=...): keep the dump's header.
  return text.partition("\n")[0] + "\n" + full.partition("\n")[2]


def optimized_text(compiled):
  text = compiled.as_text()
  if "{...}" not in text:
    return text
  from jaxlib import _hlo
  opts = _hlo.HloPrintOptions()
  opts.print_large_constants = True
  mods = compiled.runtime_executable().hlo_modules()
  return "\n\n".join(m.to_string(opts) for m in mods)


# --------------------------------------------------------------------------------------------
# Shardy's partitioner passes from jaxlib.
# --------------------------------------------------------------------------------------------
# Shardy's partitioner passes, run on XLA's own propagation result (dump 02): the explicit-collective form,
# then the local form. Run on lowered.mlir with sdy-propagation-pipeline instead, jaxlib 0.12's passes reduce
# an unreduced value twice (explicit_unreduced: two sdy.all_reduce {"y"}), so XLA's propagated module is the
# input that gives the partitioner what XLA gives it. The order is Shardy's standalone partitioner pipeline
# (`runPartitionerPipeline` in shardy/dialect/sdy/transforms/export/per_instruction_partitioning.cc):
# resolve-permutation-factors first (a dimension of a kPermutation factor, such as a reduce_window's window
# dimension, is resharded there, by halo exchange or replication; insert-explicit-reshards leaves it alone),
# insert-explicit-reshards with enable-full-version=true (without it, the pass leaves some reshards of results
# and operands implicit), reshard-to-collectives; the local form adds pad-for-divisibility (uneven dimensions
# padded to a multiple of their axes) before convert-global-to-local.
#
# Each form lists the pipelines tried, in order; the first that runs writes the form (the manifest's `what`
# names it) and every failure before it that is Shardy's own is a note. jaxlib 0.10.2 runs pad-for-divisibility
# on functions (0.12 on the module), and its resolve-permutation-factors aborts on smap_ring_attention (CHECK
# inShardings[0] == outShardings[0]), where the pipeline without it is the next best.
PERMUTATION_PASS = "sdy-resolve-permutation-factors"
EXPLICIT_PASSES = "sdy-insert-explicit-reshards{enable-full-version=true},sdy-reshard-to-collectives"
SHARDY_PIPELINES = {
    "shardy_explicit.mlir": [
        "builtin.module({permutation},func.func({passes}))",
        "builtin.module(func.func({passes}))",
    ],
    "shardy_local.mlir": [
        "builtin.module({permutation},func.func({passes}),sdy-pad-for-divisibility,sdy-convert-global-to-local)",
        "builtin.module({permutation},func.func({passes},sdy-pad-for-divisibility),sdy-convert-global-to-local)",
        "builtin.module(func.func({passes}),sdy-pad-for-divisibility,sdy-convert-global-to-local)",
        "builtin.module(func.func({passes},sdy-pad-for-divisibility),sdy-convert-global-to-local)",
    ],
}


def run_shardy(text, pipeline):
  """Runs the pipeline in a child process (a failed CHECK inside Shardy aborts its process)."""
  import subprocess
  r = subprocess.run([sys.executable, os.path.abspath(__file__), "--shardy-pipeline", pipeline], input=text,
                     capture_output=True, text=True, timeout=600)
  if r.returncode != 0:
    lines = [l for l in r.stderr.splitlines() if "error" in l.lower() or "Check failed" in l] or r.stderr.splitlines()
    raise RuntimeError(lines[-1].strip() if lines else f"exit status {r.returncode}")
  return r.stdout


def shardy_child(pipeline):
  from jax._src.interpreters import mlir as jm
  from jaxlib.mlir import ir, passmanager
  ctx = jm.make_ir_context()
  with ctx, ir.Location.unknown():
    module = ir.Module.parse(sys.stdin.read())
    passmanager.PassManager.parse(pipeline).run(module.operation)
    sys.stdout.write(module.operation.get_asm(enable_debug_info=False))


def shardy_forms(propagated, put, notes):
  """Writes the forms of SHARDY_PIPELINES from XLA's after_propagation dump (`put`), or a note per form."""
  for fname, pipelines in SHARDY_PIPELINES.items():
    if propagated is None:
      notes.append(f"{fname}: XLA dumped no after_propagation module to start from")
      continue
    failures = []
    for pipeline in pipelines:
      used = pipeline.format(permutation=PERMUTATION_PASS, passes=EXPLICIT_PASSES)
      try:
        text = run_shardy(propagated, used)
      except Exception as e:  # noqa: BLE001 - Shardy's diagnostics are the note
        msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        # A pass this jaxlib nests elsewhere is no failure of Shardy's: the next pipeline nests it so.
        if "Can't add pass" not in msg and "failed to add" not in msg:
          failures.append(f"{fname}: Shardy failed on {used}: {msg}")
        continue
      put(fname, text, "mlir-explicit" if "explicit" in fname else "mlir-local",
          f"jaxlib's Shardy passes on XLA's sdy_02_after_propagation dump: {used}")
      break
    else:
      failures.append(f"{fname}: no pipeline ran, not written")
    notes.extend(failures)


def redo_shardy_forms(folder):
  """--shardy-only: writes a program folder's Shardy forms anew from its stored after_propagation dump, and
  their manifest entries and notes; every other file of the folder, XLA's dumps and arrays included, stays."""
  path = os.path.join(folder, "manifest.json")
  with open(path) as fh:
    manifest = json.load(fh)
  if manifest["jaxlib"] != jaxlib.__version__:
    raise RuntimeError(f"{folder} was written by jaxlib {manifest['jaxlib']}, this is {jaxlib.__version__}")
  forms = [f for f in manifest["forms"] if f["file"] not in SHARDY_PIPELINES]
  notes = [n for n in manifest["notes"] if n.split(":")[0] not in SHARDY_PIPELINES]
  for fname in SHARDY_PIPELINES:
    if os.path.exists(os.path.join(folder, fname)):
      os.remove(os.path.join(folder, fname))
  # The stored dump 02, or the earlier dump it was identical to (the manifest's note names it).
  source = "sdy_02_after_propagation.mlir"
  for n in notes:
    if n.startswith(source + ": identical to "):
      source = n.split(": identical to ")[1].split(",")[0]
  propagated = None
  if os.path.exists(os.path.join(folder, source)):
    with open(os.path.join(folder, source)) as fh:
      propagated = fh.read()

  def put(fname, content, kind, what):
    with open(os.path.join(folder, fname), "w") as fh:
      fh.write(content)
    forms.append(dict(file=fname, kind=kind, what=what))

  shardy_forms(propagated, put, notes)
  manifest["forms"], manifest["notes"] = forms, notes
  with open(path, "w") as fh:
    json.dump(manifest, fh, indent=1)
    fh.write("\n")
  return manifest


# --------------------------------------------------------------------------------------------
# One program.
# --------------------------------------------------------------------------------------------
def write_program(name, build, out_dir):
  rng = np.random.default_rng(zlib.crc32(name.encode()))
  prog = build(rng)
  flat_args, _ = jax.tree_util.tree_flatten(prog.args)
  folder = os.path.join(out_dir, name)
  if os.path.isdir(folder):
    shutil.rmtree(folder)
  os.makedirs(folder)
  files = []
  notes = []

  def put(fname, content, kind, what, **extra):
    with open(os.path.join(folder, fname), "w") as fh:
      fh.write(content)
    files.append(dict(file=fname, kind=kind, what=what, **extra))

  if prog.mesh is not None:
    # Explicit mode: the arguments carry their shardings in their types.
    prog.args = [jax.device_put(x, s) for x, s in zip(prog.args, prog.arg_shardings)]
    with jax.set_mesh(prog.mesh):
      lowered = prog.fn.lower(*prog.args)
  else:
    lowered = prog.fn.lower(*prog.args)
  lowered_text = lowered.as_text()
  put("lowered.mlir", lowered_text, "mlir-global", "lowered.as_text(): what jax.jit hands to XLA")

  dump = tempfile.mkdtemp(prefix="jaxcorpus_")
  try:
    compiled = lowered.compile(compiler_options={
        "xla_dump_to": dump, "xla_dump_hlo_pass_re": "spmd|shardy", "xla_dump_hlo_as_text": True,
        "xla_dump_hlo_as_proto": True})
    outs = compiled(*prog.args)
    flat_outs, _ = jax.tree_util.tree_flatten(outs)
    flat_outs = [np.asarray(o) for o in flat_outs]

    seen = {}
    dumps = {}
    for p in sorted(glob.glob(os.path.join(dump, "shardy", "*", "*.mlir"))):
      mm = re.match(r"(\d+)\.(.*)\.mlir$", os.path.basename(p))
      if not mm:
        continue
      fname = f"sdy_{mm.group(1)}_{mm.group(2)}.mlir"
      text = open(p).read()
      dumps[mm.group(1)] = text
      if text in seen:
        notes.append(f"{fname}: identical to {seen[text]}, not written")
        continue
      seen[text] = fname
      # 00 and 04 are XLA's own import / export forms (mhlo.sharding strings, custom calls); 01-03 are sdy.
      kind = "mlir-xla" if mm.group(1) in ("00", "04") else "mlir-global"
      put(fname, text, kind, f"XLA's Shardy dump {mm.group(1)} ({mm.group(2)})")
    stages = [
        ("before_optimizations.hlo", "*.before_optimizations.txt", "hlo-global",
         "XLA's HLO before optimizations: global shapes, the user's shardings"),
        ("after_shardy.hlo", "*after_shardy-xla*before_spmd-partitioning.txt", "hlo-global",
         "after XLA's Shardy pass, before SPMD partitioning: global shapes, HLO shardings"),
        ("spmd_partitioned.hlo", "*after_spmd-partitioning*.txt", "hlo-partitioned",
         "right after SPMD partitioning: per-device shapes and collectives"),
    ]
    for fname, pattern, kind, what in stages:
      hits = sorted(h for h in glob.glob(os.path.join(dump, pattern)) if not h.endswith(".hlo.pb"))
      if hits:
        put(fname, full_text(hits[0]), kind, what)
      else:
        notes.append(f"{fname}: XLA dumped no {pattern}")
    put("optimized.hlo", optimized_text(compiled), "hlo-partitioned",
        "compiled.as_text(): the optimized per-device module")
  finally:
    shutil.rmtree(dump, ignore_errors=True)

  shardy_forms(dumps.get("02"), put, notes)

  inputs = []
  for i, a in enumerate(flat_args):
    a = np.asarray(a)
    np.save(os.path.join(folder, f"input_{i}.npy"), storable(a))
    inputs.append(dict(file=f"input_{i}.npy", dtype=mlir_elem(a.dtype), shape=list(a.shape)))
  in_sh = jax.tree_util.tree_flatten(compiled.input_shardings[0])[0]
  out_sh = jax.tree_util.tree_flatten(compiled.output_shardings)[0]
  outputs = []
  for i, o in enumerate(flat_outs):
    np.save(os.path.join(folder, f"output_{i}.npy"), storable(o))
    elem = mlir_elem(o.dtype)
    tol = None if prog.exact or elem not in TOLERANCES else TOLERANCES[prog.tolerance or elem]
    outputs.append(dict(file=f"output_{i}.npy", dtype=elem, shape=list(o.shape), tolerance=tol))
  manifest = dict(
      program=name, doc=prog.doc, tags=build.tags, jax=jax.__version__, jaxlib=jaxlib.__version__, devices=8,
      inputs=inputs, outputs=outputs,
      input_shardings=[hlo_sharding_text(s, len(a["shape"])) for s, a in zip(in_sh, inputs)],
      output_shardings=[hlo_sharding_text(s, len(o["shape"])) for s, o in zip(out_sh, outputs)],
      forms=files, notes=notes)
  with open(os.path.join(folder, "manifest.json"), "w") as fh:
    json.dump(manifest, fh, indent=1)
    fh.write("\n")
  return manifest


def main():
  ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  ap.add_argument("--out")
  ap.add_argument("--shardy-pipeline", help=argparse.SUPPRESS)
  ap.add_argument("--only", nargs="*", default=None)
  ap.add_argument("--shardy-only", action="store_true",
                  help="write only the Shardy forms anew, from each folder's stored after_propagation dump")
  a = ap.parse_args()
  if a.shardy_pipeline:
    shardy_child(a.shardy_pipeline)
    return 0
  if not a.out:
    ap.error("--out DIR is needed")
  if a.shardy_only:
    for name in a.only or sorted(PROGRAMS):
      if os.path.isdir(os.path.join(a.out, name)):
        m = redo_shardy_forms(os.path.join(a.out, name))
        print(f"{name}: " + ", ".join(f["file"] for f in m["forms"] if f["file"] in SHARDY_PIPELINES)
              + (f"; notes: {'; '.join(m['notes'])}" if m["notes"] else ""))
    return 0
  os.makedirs(a.out, exist_ok=True)
  assert len(jax.devices()) == 8, jax.devices()
  failed = []
  names = a.only or sorted(PROGRAMS)
  for name in names:
    try:
      m = write_program(name, PROGRAMS[name], a.out)
      print(f"{name}: {len(m['forms'])} forms, {len(m['inputs'])} inputs, {len(m['outputs'])} outputs"
            + (f"; notes: {'; '.join(m['notes'])}" if m["notes"] else ""))
    except Exception as e:  # noqa: BLE001 - a program this jax cannot build is listed, not fatal
      msg = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
      failed.append((name, f"{type(e).__name__}: {msg}"))
      print(f"{name}: NOT GENERATED: {type(e).__name__}: {msg}")
      shutil.rmtree(os.path.join(a.out, name), ignore_errors=True)
  if a.only is None:
    with open(os.path.join(a.out, "README.md"), "w") as fh:
      fh.write(f"# jax {jax.__version__} corpus\n\nGenerated by `conformance/jax/generate.py` (jax {jax.__version__}, "
               f"jaxlib {jaxlib.__version__}, numpy {np.__version__}) from `conformance/jax/programs.py`; "
               "`shardref conform jax` checks it (docs/jax012-status.md). Do not edit by hand.\n\n")
      fh.write(f"{len(names) - len(failed)} of {len(names)} programs generated.\n")
      if failed:
        fh.write("\nPrograms this jax version cannot build:\n\n")
        for n, why in failed:
          fh.write(f"- `{n}`: {why}\n")
  return 0


if __name__ == "__main__":
  sys.exit(main())
