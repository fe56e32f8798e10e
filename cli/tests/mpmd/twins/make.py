"""Writes the MPMD twin files of cli/tests/mpmd/ (issue #28) from the oracle's output (run by hand).

  XLA_FLAGS=--xla_force_host_platform_device_count=8 VENV/bin/python \
      ../shared/oracles/mpmd_jax.py cli/tests/mpmd/twins/cases.py OUT --shardy-src SHARDY_SRC --deps DEPS
  python3 cli/tests/mpmd/twins/make.py OUT

(jax/jaxlib 0.10.2; SHARDY_SRC and DEPS as the oracle's docstring says.) Each case gives one module
with @parallel_NAME, the partitioned program (mpmd.mlir: !mpmd.mesh_tensor arguments, a topology,
fragment calls and transfers), and @sequential_NAME, the program as JAX lowers it (jax_lowered.mlir:
plain tensors), which `shardref equiv FILE` pairs without flags; and broken variants.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.dirname(HERE)


def body(text):
    """The module's ops without its sdy.mesh declarations (both files declare the same meshes)."""
    inner = text[text.index("\n") + 1:text.rindex("}")]
    return "\n".join(l for l in inner.splitlines() if not l.strip().startswith("sdy.mesh "))


def meshes(text):
    return "\n".join(l for l in text.splitlines() if l.strip().startswith("sdy.mesh "))


def write(name, header, mpmd, lowered):
    text = f"{header}\nmodule @twins {{\n{meshes(mpmd)}\n{body(mpmd)}\n{body(lowered)}\n}}\n"
    with open(os.path.join(OUT_DIR, name), "w", encoding="utf-8") as f:
        f.write(text)


def main(out):
    case = "microbatch_pipeline"
    read = lambda f: open(os.path.join(out, case, f), encoding="utf-8").read()
    mpmd = read("mpmd.mlir").replace("@main(", "@parallel_microbatch(")
    lowered = read("jax_lowered.mlir").replace("@main(", "@sequential_microbatch(")
    write("microbatch_twins.mlir",
          "// A two-stage pipeline over 4 microbatches (mpmd.call), partitioned by Shardy's MPMD partitioner\n"
          "// (@parallel_microbatch, mesh-tensor arguments) beside the program as JAX lowers it\n"
          "// (@sequential_microbatch, plain tensors): equiv pairs them without flags, mesh tensors standing for\n"
          "// their global tensors. Made by twins/make.py from twins/cases.py.\n"
          "// RUN: equiv %s\n"
          "// STDOUT: @parallel_microbatch vs @sequential_microbatch: equal\n"
          "// RUN: equiv %s --parallel parallel_microbatch\n"
          "// STDOUT: @parallel_microbatch vs @sequential_microbatch: equal", mpmd, lowered)
    # Microbatch 1's activations fed to stage s1's call for microbatch 2 as well.
    calls = re.findall(r"@p2_s1_calls1to3\.fn\((%0#\d), ", mpmd)
    assert calls == ["%0#0", "%0#1", "%0#2"], calls
    twice = mpmd.replace("@p2_s1_calls1to3.fn(%0#1, ", "@p2_s1_calls1to3.fn(%0#0, ")
    write("microbatch_fed_twice.mlir",
          "// Broken variant of microbatch_twins.mlir: stage s1's call for microbatch 2 is fed microbatch 1's\n"
          "// activations again, so result 0 differs from the twin's at microbatch 2 (index [2, 0, 0]), with the\n"
          "// static check and without. Made by twins/make.py.\n"
          "// RUN: equiv %s\n"
          "// EXIT: 1\n"
          "// STDOUT: @parallel_microbatch vs @sequential_microbatch: differ in trial 0: result 0 at index [2, 0, 0]\n"
          "// RUN: equiv %s --no-check\n"
          "// EXIT: 1\n"
          "// STDOUT: @parallel_microbatch vs @sequential_microbatch: differ in trial 0: result 0 at index [2, 0, 0]",
          twice, lowered)


main(sys.argv[1])
