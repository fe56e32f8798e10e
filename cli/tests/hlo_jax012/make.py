#!/usr/bin/env python3
"""Makes the test material of cli/tests/hlo_jax012.rs: what jax 0.12's XLA prints for small sharded programs.

Pinned: jax / jaxlib 0.12.0.1 (Python >= 3.12), CPU, 8 simulated devices. Each CASE/ folder gets,
from XLA's own dumps (--xla_dump_to, large constants printed in full):

  before_optimizations.hlo  the module jax handed XLA (global shapes; ENTRY parameters and ROOT carry
                            their `sharding=` in XLA's mesh form, `{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}`)
  spmd_partitioned.hlo      right after SPMD partitioning (per-device shapes; the ENTRY parameters
                            and ROOT carry no `sharding=`)
  optimized.hlo             XLA CPU's final optimized module
  input_<i>.npy             the global inputs
  output_<i>.npy            XLA's global outputs (what jax returns)

The Rust tests need none of this; rerun it only to regenerate the files:

  VENV12/bin/python cli/tests/hlo_jax012/make.py [CASE ...]

Inputs are small dyadic rationals so that sums are exact in f32 whatever the order of accumulation.
"""

import glob
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def program(case):
  """(function, in_shardings, out_shardings, inputs) of a case, built inside the child process."""
  import jax
  import jax.numpy as jnp
  import numpy as np
  from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

  rng = np.random.default_rng(12)
  from jax.sharding import AxisType
  mesh = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Auto, AxisType.Auto))
  # A mesh whose devices are not in iota order: XLA writes its shardings and replica groups with
  # `device_ids=(...)`.
  permuted = Mesh(np.array(jax.devices())[[0, 2, 4, 6, 1, 3, 5, 7]].reshape(4, 2), ("a", "b"),
                  axis_types=(AxisType.Auto, AxisType.Auto))

  def s(m, *spec):
    return NamedSharding(m, P(*spec))

  def dyadic(*shape):
    return (rng.integers(-8, 9, size=shape) / 4).astype(np.float32)

  if case == "matmul_2d":
    f = lambda a, b: jnp.maximum(a @ b, 0.0).sum(axis=1)
    return f, (s(mesh, "x", "y"), s(mesh, "y", None)), s(mesh, "x"), [dyadic(8, 16), dyadic(16, 8)]
  if case == "shard_map_collectives":

    def body(a):
      summed = jax.lax.psum(a, "y")
      biggest = jax.lax.pmax(a, "y")
      gathered = jax.lax.all_gather(a, "y", axis=1, tiled=True)
      shifted = jax.lax.ppermute(a, "y", [(i, (i + 1) % 4) for i in range(4)])
      return gathered[:, :4] + summed + biggest + shifted

    f = jax.shard_map(body, mesh=mesh, in_specs=(P("x", "y"),), out_specs=P("x", "y"), check_vma=False)
    return f, (s(mesh, "x", "y"),), s(mesh, "x", "y"), [dyadic(8, 16)]
  if case == "shard_map_inferred":
    # No in_shardings: the parameter carries no sharding before partitioning either, only
    # shard_map's `Sharding` custom call on it says how it is split.
    body = lambda a: jax.lax.psum(a, "x") * 2.0
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("x", "y"),), out_specs=P(None, "y"))
    return f, None, None, [dyadic(8, 16)]
  if case == "sort_nan_zero":
    f = lambda a: jnp.sort(a, axis=1)
    row = [0.0, -0.0, np.nan, -np.nan, 1.0, -1.0, np.inf, -np.inf]
    return f, (s(mesh, "x", None),), s(mesh, "x", None), [np.array([row] * 8, np.float32)]
  if case == "top_k":
    f = lambda a: tuple(jax.lax.top_k(a, 3))
    return f, (s(mesh, "x", None),), (s(mesh, "x", None), s(mesh, "x", None)), [dyadic(8, 16)]
  if case == "permuted_mesh":
    f = lambda a, b: (a * 2.0 + b.sum(), (a @ a.T).sum(axis=0))
    return (f, (s(permuted, "a", "b"), s(permuted, None, "b")), (s(permuted, "b", "a"), s(permuted, "a")),
            [dyadic(8, 8), dyadic(4, 8)])
  if case == "uneven_rows":
    # Six rows split four ways inside the program (blocks of 2, 2, 2 and 0 rows).
    f = lambda a: jax.lax.with_sharding_constraint(jnp.cumsum(a[:6], axis=1) * 0.5, s(mesh, "y", None)).sum(axis=0)
    return f, (s(mesh, "y", None),), s(mesh, None), [dyadic(8, 3)]
  raise SystemExit(f"unknown case {case}")


CASES = ["matmul_2d", "shard_map_collectives", "shard_map_inferred", "sort_nan_zero", "top_k", "permuted_mesh", "uneven_rows"]


def child(case, dump):
  os.environ["XLA_FLAGS"] = (f"--xla_force_host_platform_device_count=8 --xla_dump_to={dump} --xla_dump_hlo_as_text "
                             "--xla_dump_hlo_pass_re=spmd-partitioning --xla_dump_large_constants")
  import jax
  import numpy as np
  assert jax.__version__ == "0.12.0.1", jax.__version__
  f, ins, outs, args = program(case)
  jf = jax.jit(f) if ins is None else jax.jit(f, in_shardings=ins, out_shardings=outs)
  out = jf(*args)
  out = out if isinstance(out, tuple) else (out,)
  d = os.path.join(HERE, case)
  for i, a in enumerate(args):
    np.save(os.path.join(d, f"input_{i}.npy"), a)
  for i, o in enumerate(out):
    np.save(os.path.join(d, f"output_{i}.npy"), np.asarray(o))


def make(case):
  d = os.path.join(HERE, case)
  os.makedirs(d, exist_ok=True)
  for old in glob.glob(os.path.join(d, "*")):
    os.remove(old)
  with tempfile.TemporaryDirectory() as dump:
    subprocess.run([sys.executable, __file__, "--child", case, dump], check=True)
    pick = {
        "before_optimizations.hlo": "*.before_optimizations.txt",
        "spmd_partitioned.hlo": "*.after_spmd-partitioning.*.txt",
        "optimized.hlo": "*.cpu_after_optimizations.txt",
    }
    for name, pattern in pick.items():
      found = sorted(glob.glob(os.path.join(dump, pattern)))
      found = [f for f in found if "buffer-assignment" not in f and "memory-usage" not in f]
      if len(found) != 1:
        raise SystemExit(f"{case}: {pattern}: {found}")
      shutil.copy(found[0], os.path.join(d, name))
  print(case, "done")


if __name__ == "__main__":
  if len(sys.argv) > 1 and sys.argv[1] == "--child":
    child(sys.argv[2], sys.argv[3])
  else:
    for c in sys.argv[1:] or CASES:
      make(c)
