"""Writes the JAX-exported test programs of this folder (run by hand, not by the tests).

Made with: XLA_FLAGS=--xla_force_host_platform_device_count=8 /work/venv/bin/python cli/tests/jax/make.py
(jax/jaxlib 0.10.2, 8 CPU devices). Each program is written twice:
- NAME.mlir: `jax.jit(f, in_shardings=..., out_shardings=...).lower(...).as_text()`, a module with only @main
  and no collectives (upstream's partitioner would insert them);
- NAME.exported.mlir: NAME.mlir through Shardy's propagation and export pipelines with explicit collectives
  (`../shared/oracles/shardy_opt.py --pass sdy-propagation-pipeline
  --pass 'sdy-export-pipeline{enable-insert-explicit-collectives=true}'`), the partitioned form.
Broken variants (`*.broken_*.mlir`) are edits of those files, described in their first line.
"""
import os
import re
import subprocess
import sys

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, "../../../../../shared/oracles/shardy_opt.py")
if not os.path.exists(ORACLE):
    ORACLE = "/work/shared/oracles/shardy_opt.py"
MESH = jax.make_mesh((4, 2), ("x", "y"))


def ns(*spec):
    return NamedSharding(MESH, P(*spec))


def sds(shape, dtype=jnp.float32):
    return jax.ShapeDtypeStruct(shape, dtype)


def write(name, text, header):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        f.write(f"// {header}\n{text.rstrip()}\n")


def export(src):
    out = subprocess.run(
        [sys.executable, ORACLE, "--pass", "sdy-propagation-pipeline",
         "--pass", "sdy-export-pipeline{enable-insert-explicit-collectives=true}", src],
        check=True, capture_output=True, text=True).stdout
    return out


def program(name, f, ins, outs, args, what):
    text = jax.jit(f, in_shardings=ins, out_shardings=outs).lower(*args).as_text()
    write(f"{name}.mlir", text, f"{what}: jax.jit(...).lower(...).as_text() (made by make.py)")
    exported = export(os.path.join(HERE, f"{name}.mlir"))
    write(f"{name}.exported.mlir", exported,
          f"{what}: {name}.mlir through Shardy's propagation and export pipelines (made by make.py)")
    return exported


def mlp_tanh(x, w1, w2):
    return jnp.tanh((x @ w1) * 0.01) @ w2


def mlp_bias(x, w1, w2, b):
    return jnp.tanh((x @ w1) * 0.01) @ w2 + b


def matmul(x, w):
    return x @ w


def reduction(x):
    return jnp.sum(jnp.sin(x) * x, axis=1), jnp.max(x, axis=0)


def scan(c0, xs, w):
    def step(c, x):
        c = jnp.tanh(c @ w * 0.05 + x)
        return c, jnp.sum(c, axis=1)
    return jax.lax.scan(step, c0, xs)


def adam_step(w1, w2, m1, m2, v1, v2, x, y):
    """One Adam step (b1 0.9, b2 0.999, eps 1e-8, lr 1e-3, step 10) of an MLP: new parameters and state."""
    def loss(p):
        return jnp.mean((jnp.tanh(x @ p[0]) @ p[1] - y) ** 2)
    g = jax.grad(loss)((w1, w2))
    m = [0.9 * a + 0.1 * b for a, b in zip((m1, m2), g)]
    v = [0.999 * a + 0.001 * b * b for a, b in zip((v1, v2), g)]
    new = [p - 1e-3 * (a / (1 - 0.9 ** 10)) / (jnp.sqrt(b / (1 - 0.999 ** 10)) + 1e-8)
           for p, a, b in zip((w1, w2), m, v)]
    return (*new, *m, *v)


def make_adam():
    # FSDP: every parameter and its optimizer state sharded over all 8 devices on dimension 0, the
    # batch too (data parallel); the gradients are reduce-scattered back onto the parameters' shards.
    fsdp = ns(("x", "y"), None)
    batch = ns(("x", "y"), None)
    shapes = [(64, 128), (128, 16)] * 3
    exported = program("adam", adam_step, (fsdp,) * 6 + (batch, batch), (fsdp,) * 6,
                       tuple(sds(s) for s in shapes) + (sds((32, 64)), sds((32, 16))),
                       "One f32 Adam step of an MLP with FSDP sharding (parameters, state and batch over all 8 devices)")
    # A wrong program beside its right twin: the partitioned step divides the loss's mean by one device's
    # share of the batch (32 * 16 / 8) instead of the whole (@parallel_adam), the jit module's @main is the
    # twin (@sequential_adam).
    local = exported.replace("dense<5.120000e+02>", "dense<6.400000e+01>")
    assert local != exported
    with open(os.path.join(HERE, "adam.mlir"), encoding="utf-8") as f:
        lowered = f.read()
    pbody = local[local.index("\n") + 1:local.rindex("}")].replace("@main", "@parallel_adam")
    sfunc = lowered[lowered.index("func.func"):lowered.rindex("}")].replace("@main", "@sequential_adam")
    both = "module @adam {\n" + pbody.rstrip() + "\n  " + sfunc.rstrip() + "\n}\n"
    write("adam.broken_local_mean.mlir", both,
          "Broken: adam.exported.mlir with the loss's mean over one device's share of the batch "
          "(@parallel_adam), against adam.mlir (@sequential_adam) (made by make.py)")
    return exported


def main():
    only = sys.argv[1:]
    if only == ["adam"]:
        make_adam()
        return
    make_adam()
    exported = program("mlp_tanh", mlp_tanh, (ns("x", None), ns(None, "y"), ns("y", None)), ns("x", None),
                       (sds((32, 64)), sds((64, 128)), sds((128, 16))),
                       "An MLP with tanh; the second matmul contracts over \"y\"")
    # The all_reduce that sums the second matmul's partials over "y", dropped.
    reduced = re.search(r"\n *(%\d+) = sdy.all_reduce \{\"y\"\} (%\d+) [^\n]*", exported)
    broken = exported.replace(reduced.group(0), "").replace(f"return {reduced.group(1)} :", f"return {reduced.group(2)} :")
    assert broken != exported
    write("mlp_tanh.broken_no_all_reduce.mlir", broken,
          "Broken: mlp_tanh.exported.mlir without its sdy.all_reduce over \"y\" (made by make.py)")
    program("mlp_bias", mlp_bias, (ns("x", None), ns(None, "y"), ns("y", None), ns(None)), ns("x", None),
            (sds((32, 64)), sds((64, 128)), sds((128, 16)), sds((16,))),
            "An MLP with tanh and a bias after the last matmul")
    program("matmul", matmul, (ns("x", "y"), ns("y", None)), ns("x", None), (sds((64, 128)), sds((128, 32))),
            "A matmul whose contracting dimension is sharded over \"y\"")
    program("matmul_bf16", matmul, (ns("x", "y"), ns("y", None)), ns("x", None),
            (sds((64, 128), jnp.bfloat16), sds((128, 32), jnp.bfloat16)),
            "A bf16 matmul whose contracting dimension is sharded over \"y\"")
    program("reduction", reduction, (ns("x", "y"),), (ns("x"), ns("y")), (sds((64, 32)),),
            "A sum over a dimension sharded over \"y\" and a max over one sharded over \"x\"")
    program("scan", scan, (ns(None, "y"), ns(None, None, "y"), ns("y", None)), (ns(None, "y"), ns(None, None)),
            (sds((8, 16)), sds((6, 8, 16)), sds((16, 16))),
            "jax.lax.scan over a carry sharded over \"y\", a matmul contracting over \"y\" in the body")
    # shard_map with psum against its unpartitioned twin, in one module.
    mesh8 = jax.make_mesh((8,), ("x",))
    par = jax.jit(jax.shard_map(lambda x: jax.lax.psum(jnp.sum(jnp.sin(x), axis=0), "x"), mesh=mesh8,
                                in_specs=P("x"), out_specs=P()))
    seq = jax.jit(lambda x: jnp.sum(jnp.sin(x), axis=0))
    ptext = par.lower(sds((64, 16)).update(sharding=NamedSharding(mesh8, P("x")))).as_text()
    stext = seq.lower(sds((64, 16))).as_text()
    pbody = ptext[ptext.index("\n") + 1:ptext.rindex("}")].replace("@main", "@parallel_sum_sin")
    sfunc = stext[stext.index("func.func"):stext.rindex("}")].replace("@main", "@sequential_sum_sin")
    both = "module @psum {\n" + pbody.rstrip() + "\n  " + sfunc.rstrip() + "\n}\n"
    write("psum.mlir", both, "A shard_map with psum (@parallel_sum_sin) and its jax.jit twin (made by make.py)")
    wrong = re.sub(r"(stablehlo.all_reduce.*?\n.*?\n *%\d+ = )stablehlo.add", r"\1stablehlo.maximum", both,
                   flags=re.S)
    assert wrong != both
    write("psum.broken_max.mlir", wrong,
          "Broken: psum.mlir with the all_reduce body's add replaced by maximum (made by make.py)")
    # The psum dropped: each device returns its own partial sum as the replicated result.
    ar = re.search(r"\n *(%\d+) = \"stablehlo.all_reduce\"\((%\d+)\).*?\}\) : [^\n]*", both, flags=re.S)
    dropped = both.replace(ar.group(0), "").replace(f"sdy.return {ar.group(1)} ", f"sdy.return {ar.group(2)} ")
    assert dropped != both
    write("psum.broken_no_all_reduce.mlir", dropped,
          "Broken: psum.mlir without its stablehlo.all_reduce (made by make.py)")


main()
