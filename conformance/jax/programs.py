"""The sharded JAX programs of shardref's jax corpus (see generate.py, which writes every form of each).

Each program is a function `build(np_rng) -> Program`: the jitted function, its global inputs as numpy
arrays, and a one-line description. Programs use 8 simulated CPU devices (1-, 2- and 3-axis meshes) and
small arrays (the corpus is checked into git). They are written against jax 0.12 and also run on jax 0.10.2
where its API allows; a program that a version cannot build is reported by generate.py and left out of that
version's corpus (its README lists it).
"""
from dataclasses import dataclass, field
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

try:  # bfloat16 without importing jax internals
  import ml_dtypes
  BF16 = ml_dtypes.bfloat16
except ImportError:  # pragma: no cover
  BF16 = jnp.bfloat16


@dataclass
class Program:
  fn: object  # a jax.jit-wrapped function
  args: list  # numpy arrays (global), in argument order
  doc: str
  mesh: object = None  # the mesh to enter with jax.set_mesh while lowering (explicit mode)
  arg_shardings: list = None  # with mesh: each argument is placed with its NamedSharding first
  exact: bool = False  # outputs are copies of input elements: compared bitwise
  tolerance: str = None  # the element type whose tolerance float outputs take (default: their own)
  tags: list = field(default_factory=list)


PROGRAMS = {}


def program(name, *tags):
  def deco(f):
    f.tags = list(tags)
    PROGRAMS[name] = f
    return f
  return deco


def mesh1(kind=AxisType.Auto):
  return jax.make_mesh((8,), ("x",), axis_types=(kind,))


def mesh2(kind=AxisType.Auto):
  return jax.make_mesh((2, 4), ("x", "y"), axis_types=(kind, kind))


def mesh3(kind=AxisType.Auto):
  return jax.make_mesh((2, 2, 2), ("x", "y", "z"), axis_types=(kind,) * 3)


def ns(mesh, *spec):
  return NamedSharding(mesh, P(*spec))


def normal(rng, *shape, dtype=np.float32):
  return rng.standard_normal(shape).astype(dtype)


def ints(rng, lo, hi, *shape, dtype=np.int32):
  return rng.integers(lo, hi, size=shape).astype(dtype)


def smap(f, mesh, in_specs, out_specs, check_vma=True):
  return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_vma=check_vma)


# ---------------------------------------------------------------------------------------------
# shard_map with every collective.
# ---------------------------------------------------------------------------------------------
@program("smap_psum", "shard_map", "psum")
def _(rng):
  m = mesh1()
  f = smap(lambda x: lax.psum(x.sum(axis=0, keepdims=True), "x"), m, P("x", None), P(None, None))
  return Program(jax.jit(f), [normal(rng, 16, 4)], "per-shard row sums, psum over x (8 devices)")


@program("smap_pmax_2axis", "shard_map", "pmax")
def _(rng):
  m = mesh2()
  f = smap(lambda x: lax.pmax(x, "y") * 2.0, m, P("x", "y"), P("x", None))
  return Program(jax.jit(f), [normal(rng, 4, 8)], "pmax over y of a 2x4-mesh block")


@program("smap_pmin_int", "shard_map", "pmin", "int")
def _(rng):
  m = mesh2()
  f = smap(lambda x: lax.pmin(x, ("x", "y")), m, P(("x", "y")), P())
  return Program(jax.jit(f), [ints(rng, -100, 100, 16)], "int32 pmin over both axes")


@program("smap_all_gather", "shard_map", "all_gather")
def _(rng):
  m = mesh2()
  f = smap(lambda x: lax.all_gather(x, "y", axis=1, tiled=True) + 1.0, m, P("x", "y"), P("x", None), check_vma=False)
  return Program(jax.jit(f), [normal(rng, 4, 8)], "tiled all_gather over y on dim 1")


@program("smap_psum_scatter", "shard_map", "psum_scatter")
def _(rng):
  m = mesh2()
  f = smap(lambda x: lax.psum_scatter(x, "y", scatter_dimension=0, tiled=True), m, P("x", None), P(("x", "y"), None))
  return Program(jax.jit(f), [normal(rng, 16, 3)], "psum_scatter (reduce_scatter) over y, dim 0")


@program("smap_all_to_all", "shard_map", "all_to_all")
def _(rng):
  m = mesh1()
  f = smap(lambda x: lax.all_to_all(x, "x", split_axis=1, concat_axis=0, tiled=True), m, P("x", None), P(None, "x"))
  return Program(jax.jit(f), [normal(rng, 16, 16)], "all_to_all over x: rows sharded to columns sharded")


@program("smap_ppermute_ring", "shard_map", "ppermute")
def _(rng):
  m = mesh1()
  perm = [(i, (i + 1) % 8) for i in range(8)]
  f = smap(lambda x: lax.ppermute(x, "x", perm) - x, m, P("x"), P("x"))
  return Program(jax.jit(f), [normal(rng, 16)], "ring ppermute (i -> i+1) minus own shard")


@program("smap_axis_index", "shard_map", "axis_index", "int")
def _(rng):
  m = mesh2()

  def f(x):
    i = lax.axis_index("x")
    j = lax.axis_index("y")
    return x * 10 + (i * 4 + j).astype(x.dtype)
  g = smap(f, m, P("x", "y"), P("x", "y"))
  return Program(jax.jit(g), [ints(rng, 0, 10, 4, 8)], "axis_index of x and y folded into int32 data")


@program("smap_psum_bf16", "shard_map", "psum", "bf16")
def _(rng):
  m = mesh2()
  f = smap(lambda x: lax.psum(x * x, ("x", "y")), m, P("x", "y"), P(None, None))
  return Program(jax.jit(f), [normal(rng, 4, 8).astype(BF16)], "bf16 psum over both axes of squares")


@program("smap_collective_matmul", "shard_map", "all_gather", "psum")
def _(rng):
  m = mesh2()

  def f(a, b):
    a = lax.all_gather(a, "y", axis=1, tiled=True)
    return lax.psum(a @ b, "x")
  g = smap(f, m, (P("x", "y"), P(None, None)), P(None, None), check_vma=False)
  return Program(jax.jit(g), [normal(rng, 4, 8), normal(rng, 8, 4)],
                 "all_gather then a local matmul and psum (a hand-written collective matmul)")


# ---------------------------------------------------------------------------------------------
# jit with NamedSharding on 1-, 2- and 3-axis meshes.
# ---------------------------------------------------------------------------------------------
@program("jit_matmul_1axis", "jit")
def _(rng):
  m = mesh1()
  f = jax.jit(lambda a, b: jnp.tanh(a @ b), in_shardings=(ns(m, "x", None), ns(m)), out_shardings=ns(m, "x", None))
  return Program(f, [normal(rng, 16, 8), normal(rng, 8, 4)], "row-sharded matmul and tanh, 1-axis mesh")


@program("jit_matmul_2axis_contract", "jit")
def _(rng):
  m = mesh2()
  f = jax.jit(lambda a, b: (a @ b).sum(axis=1), in_shardings=(ns(m, "x", "y"), ns(m, "y", None)),
              out_shardings=ns(m, "x"))
  return Program(f, [normal(rng, 8, 16), normal(rng, 16, 8)], "matmul with the contraction sharded on y (all-reduce)")


@program("jit_mlp_3axis", "jit")
def _(rng):
  m = mesh3()

  def f(x, w1, w2):
    h = jax.nn.relu(x @ w1)
    return h @ w2
  f = jax.jit(f, in_shardings=(ns(m, ("x", "y"), None), ns(m, None, "z"), ns(m, "z", None)),
              out_shardings=ns(m, ("x", "y"), None))
  return Program(f, [normal(rng, 8, 8), normal(rng, 8, 16), normal(rng, 16, 8)], "two-layer MLP, batch on (x,y), hidden on z")


@program("jit_elementwise_bf16", "jit", "bf16")
def _(rng):
  m = mesh2()
  f = jax.jit(lambda x, y: (x * y + jnp.exp(x)).astype(jnp.bfloat16), in_shardings=(ns(m, "x", "y"), ns(m, "x", "y")),
              out_shardings=ns(m, "y", "x"))
  return Program(f, [normal(rng, 8, 8).astype(BF16), normal(rng, 8, 8).astype(BF16)], "bf16 elementwise, output transposed sharding")


@program("jit_int_ops", "jit", "int")
def _(rng):
  m = mesh2()

  def f(a, b):
    return (a * b + (a >> 2) - (b % 7)) ^ (a & 0xff), jnp.maximum(a, b).astype(jnp.int8)
  f = jax.jit(f, in_shardings=(ns(m, "x", "y"), ns(m, None, "y")), out_shardings=(ns(m, "x", None), ns(m)))
  return Program(f, [ints(rng, -1000, 1000, 8, 8), ints(rng, 1, 1000, 8, 8)], "int32 arithmetic, shifts, bitwise ops, int8 convert")


@program("jit_uneven_rows", "jit", "uneven")
def _(rng):
  m = mesh2()

  def f(x):
    y = jax.lax.with_sharding_constraint(x * 2.0, ns(m, "y", None))
    return y.sum(axis=1), jnp.cumsum(y, axis=0)
  # jit's arguments and results must divide evenly: the uneven sharding is the constraint inside.
  f = jax.jit(f, in_shardings=ns(m), out_shardings=(ns(m), ns(m)))
  return Program(f, [normal(rng, 10, 3)], "10 rows over y=4 (uneven): row sums and a cumsum down the rows")


@program("jit_uneven_3axis", "jit", "uneven")
def _(rng):
  m = mesh3()
  def f(x, w):
    x = jax.lax.with_sharding_constraint(jnp.sin(x), ns(m, ("x", "y"), "z"))
    return x @ w
  f = jax.jit(f, in_shardings=(ns(m, None, "z"), ns(m, "z", None)), out_shardings=ns(m))
  return Program(f, [normal(rng, 6, 4), normal(rng, 4, 5)], "6 rows over 4 devices (x,y), contraction on z, 3-axis mesh")


@program("jit_argmax", "jit", "int")
def _(rng):
  m = mesh2()
  f = jax.jit(lambda x: (jnp.argmax(x, axis=1), jnp.max(x, axis=1)), in_shardings=ns(m, "x", "y"),
              out_shardings=(ns(m, "x"), ns(m, "x")))
  return Program(f, [normal(rng, 8, 16)], "argmax and max over a dimension sharded on y", exact=True)


@program("jit_top_k", "jit", "int")
def _(rng):
  m = mesh2()
  f = jax.jit(lambda x: tuple(lax.top_k(x, 3)), in_shardings=ns(m, "x", None), out_shardings=(ns(m, "x", None), ns(m, "x", None)))
  return Program(f, [normal(rng, 8, 16)], "top_k (k=3) of rows sharded on x", exact=True)


@program("jit_sort_total_order", "jit")
def _(rng):
  m = mesh1()
  x = normal(rng, 8, 8)
  x[0, :4] = [0.0, -0.0, np.nan, -np.nan]
  x[3, 2:6] = [np.inf, -np.inf, -0.0, 0.0]
  f = jax.jit(lambda x: (jnp.sort(x, axis=1), jnp.argsort(x, axis=0)), in_shardings=ns(m, "x", None),
              out_shardings=(ns(m, "x", None), ns(m, None, "x")))
  return Program(f, [x], "sort with -0.0, NaN, inf (total order), and argsort down a sharded dimension", exact=True)


@program("jit_cumsum", "jit")
def _(rng):
  m = mesh2()
  f = jax.jit(lambda x, y: (jnp.cumsum(x, axis=0), jnp.cumprod(y, axis=1)), in_shardings=(ns(m, "x", "y"), ns(m, "x", "y")),
              out_shardings=(ns(m, "x", "y"), ns(m, "x", "y")))
  return Program(f, [normal(rng, 8, 8), ints(rng, 1, 4, 8, 8)], "cumsum down a sharded dimension, int cumprod along the other")


@program("jit_conv", "jit")
def _(rng):
  m = mesh2()

  def f(x, k):
    return lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
  f = jax.jit(f, in_shardings=(ns(m, "x", "y", None, None), ns(m)), out_shardings=ns(m, "x", "y", None, None))
  return Program(f, [normal(rng, 2, 8, 8, 3), normal(rng, 3, 3, 3, 4)], "3x3 SAME convolution, batch on x, height on y (halos)")


@program("jit_reduce_window", "jit")
def _(rng):
  m = mesh1()
  f = jax.jit(lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (2, 1), (2, 1), "VALID"), in_shardings=ns(m, "x", None),
              out_shardings=ns(m, "x", None))
  return Program(f, [normal(rng, 16, 4)], "2x1 max pooling of rows sharded on x", exact=True)


@program("jit_scatter_add", "jit", "int")
def _(rng):
  m = mesh1()

  def f(ids, v):
    return jnp.zeros((8, 4), v.dtype).at[ids].add(v)
  f = jax.jit(f, in_shardings=(ns(m, "x"), ns(m, "x", None)), out_shardings=ns(m))
  return Program(f, [ints(rng, 0, 8, 16), normal(rng, 16, 4)], "segment sum: scatter-add of sharded rows into 8 buckets")


@program("jit_int8_bf16_mix", "jit", "bf16", "int")
def _(rng):
  m = mesh2()

  def f(q, s, x):
    w = q.astype(jnp.bfloat16) * s
    return jnp.dot(x, w, preferred_element_type=jnp.float32)
  f = jax.jit(f, in_shardings=(ns(m, None, "y"), ns(m, None, "y"), ns(m, "x", None)), out_shardings=ns(m, "x", "y"))
  # Power-of-two scales keep the dequantized weights exact in bf16 (|q| < 2^7), so XLA (which may skip the
  # rounding of q * s to bf16) and a reference that rounds agree up to the order of the f32 accumulation.
  scales = (2.0 ** ints(rng, -8, -4, 1, 8)).astype(BF16)
  return Program(f, [ints(rng, -127, 127, 8, 8, dtype=np.int8), scales, normal(rng, 4, 8).astype(BF16)],
                 "int8 weights dequantized to bf16, matmul with f32 accumulation", tolerance="bf16")


# ---------------------------------------------------------------------------------------------
# Loops: scan, remat, fori_loop.
# ---------------------------------------------------------------------------------------------
@program("jit_scan", "while")
def _(rng):
  m = mesh2()

  def f(h, xs, w):
    def step(h, x):
      h = jnp.tanh(h @ w + x)
      return h, h.sum(axis=1)
    return lax.scan(step, h, xs)
  f = jax.jit(f, in_shardings=(ns(m, "x", None), ns(m, None, "x", None), ns(m, None, "y")),
              out_shardings=(ns(m, "x", None), ns(m, None, "x")))
  return Program(f, [normal(rng, 4, 8), normal(rng, 3, 4, 8), normal(rng, 8, 8) * 0.3], "RNN scan over 3 steps (a while loop)")


@program("jit_remat_scan_grad", "while", "grad")
def _(rng):
  m = mesh2()

  def loss(w, x):
    @jax.checkpoint
    def layer(h, wi):
      return jnp.sin(h @ wi), None
    h, _ = lax.scan(layer, x, w)
    return (h * h).sum()
  f = jax.jit(jax.value_and_grad(loss), in_shardings=(ns(m, None, None, "y"), ns(m, "x", None)),
              out_shardings=(ns(m), ns(m, None, None, "y")))
  return Program(f, [normal(rng, 2, 8, 8) * 0.4, normal(rng, 4, 8)], "gradient of a rematerialized 2-layer scan")


@program("jit_fori_loop", "while", "int")
def _(rng):
  m = mesh1()

  def f(x, n):
    return lax.fori_loop(0, n, lambda i, c: c * 2 + i, x)
  f = jax.jit(f, in_shardings=(ns(m, "x"), ns(m)), out_shardings=ns(m, "x"))
  return Program(f, [ints(rng, -5, 5, 16), np.int32(5)], "fori_loop with a dynamic trip count on int32 data")


@program("smap_scan_psum", "shard_map", "while", "psum")
def _(rng):
  m = mesh1()

  def body(x):
    def step(c, _):
      c = lax.psum(c, "x") * 0.125 + c
      return c, c.sum()
    return lax.scan(step, x, None, length=3)
  f = smap(body, m, P("x"), (P("x"), P("x")))
  return Program(jax.jit(f), [normal(rng, 16)], "psum inside a scan inside shard_map")


# ---------------------------------------------------------------------------------------------
# Models: attention, ring attention, KV cache, vocab-parallel cross-entropy, MoE, FSDP+TP.
# ---------------------------------------------------------------------------------------------
def _attention(q, k, v):
  s = jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(q.shape[-1]).astype(np.float32)
  return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)


@program("jit_attention_heads", "model")
def _(rng):
  m = mesh2()
  s = ns(m, "x", "y", None, None)
  f = jax.jit(_attention, in_shardings=(s, s, s), out_shardings=s)
  return Program(f, [normal(rng, 2, 4, 8, 4) for _ in range(3)], "softmax attention, batch on x, heads on y")


@program("smap_ring_attention", "model", "ppermute", "shard_map")
def _(rng):
  m = mesh1()
  n = 8
  perm = [(i, (i + 1) % n) for i in range(n)]

  def ring(q, k, v):
    # Blockwise attention with an online softmax: each step uses the K/V block held, then passes it on
    # (a fori_loop: collective_permute inside a while loop).
    scale = 1.0 / np.sqrt(q.shape[-1]).astype(np.float32)

    def step(_, carry):
      k, v, mx, den, acc = carry
      s = (q @ k.T) * scale
      new_mx = jnp.maximum(mx, s.max(axis=-1))
      corr = jnp.exp(mx - new_mx)
      p = jnp.exp(s - new_mx[:, None])
      den = den * corr + p.sum(axis=-1)
      acc = acc * corr[:, None] + p @ v
      return lax.ppermute(k, "x", perm), lax.ppermute(v, "x", perm), new_mx, den, acc
    zero = q[:, 0] * 0.0  # derived from q, so that the carry varies over x as the loop's results do
    init = (k, v, zero - jnp.inf, zero, q * 0.0)
    _, _, _, den, acc = lax.fori_loop(0, n, step, init)
    return acc / den[:, None]
  f = smap(ring, m, (P("x", None),) * 3, P("x", None))
  return Program(jax.jit(f), [normal(rng, 16, 4) for _ in range(3)], "ring attention over 8 devices: K/V blocks passed by ppermute")


@program("jit_kv_cache_decode", "model", "dynamic_update_slice")
def _(rng):
  m = mesh2()

  def decode(cache_k, cache_v, q, k_new, v_new, pos):
    cache_k = lax.dynamic_update_slice(cache_k, k_new[:, :, None, :], (0, 0, pos, 0))
    cache_v = lax.dynamic_update_slice(cache_v, v_new[:, :, None, :], (0, 0, pos, 0))
    s = jnp.einsum("bhd,bhtd->bht", q, cache_k)
    s = jnp.where(jnp.arange(cache_k.shape[2]) <= pos, s, -1e9)
    out = jnp.einsum("bht,bhtd->bhd", jax.nn.softmax(s, axis=-1), cache_v)
    return out, cache_k, cache_v
  c = ns(m, "x", "y", None, None)
  t = ns(m, "x", "y", None)
  f = jax.jit(decode, in_shardings=(c, c, t, t, t, ns(m)), out_shardings=(t, c, c))
  return Program(f, [normal(rng, 2, 4, 8, 4), normal(rng, 2, 4, 8, 4), normal(rng, 2, 4, 4), normal(rng, 2, 4, 4),
                     normal(rng, 2, 4, 4), np.int32(5)], "one KV-cache decode step: dynamic_update_slice at pos, masked attention")


@program("jit_vocab_parallel_xent", "model", "gather", "grad")
def _(rng):
  m = mesh2()

  def loss(logits, labels):
    lse = jax.nn.logsumexp(logits, axis=-1)
    picked = jnp.take_along_axis(logits, labels[:, None], axis=-1)[:, 0]
    return (lse - picked).mean()
  f = jax.jit(jax.value_and_grad(loss), in_shardings=(ns(m, "x", "y"), ns(m, "x")), out_shardings=(ns(m), ns(m, "x", "y")))
  return Program(f, [normal(rng, 8, 32), ints(rng, 0, 32, 8)], "vocab-parallel cross-entropy (vocab on y) and its gradient")


@program("jit_batched_gather", "gather")
def _(rng):
  m = mesh2()
  f = jax.jit(jax.vmap(lambda table, idx: table[idx]), in_shardings=(ns(m, "x", None, None), ns(m, "x", None)),
              out_shardings=ns(m, "x", None, None))
  return Program(f, [normal(rng, 4, 8, 3), ints(rng, 0, 8, 4, 5)], "vmapped gather: batching dimension sharded on x")


@program("smap_moe_all_to_all", "model", "all_to_all", "shard_map")
def _(rng):
  m = mesh1()
  e_per, cap, d = 1, 2, 4  # one expert per device, capacity 2 tokens per (source, expert)

  def moe(x, w):
    # x: [8 experts * cap, d] tokens already bucketed by destination expert on each device.
    y = lax.all_to_all(x, "x", split_axis=0, concat_axis=0, tiled=True)  # tokens to their expert's device
    y = jnp.tanh(y @ w[0])
    return lax.all_to_all(y, "x", split_axis=0, concat_axis=0, tiled=True)  # back to their source
  f = smap(moe, m, (P("x", None), P("x", None, None)), P("x", None))
  return Program(jax.jit(f), [normal(rng, 8 * 8 * cap, d), normal(rng, 8 * e_per, d, d)], "MoE: all_to_all dispatch, expert FFN, all_to_all combine")


@program("jit_moe_dense", "model")
def _(rng):
  m = mesh2()

  def moe(x, gate_w, w):
    logits = x @ gate_w
    top = jnp.argmax(logits, axis=-1)
    onehot = jax.nn.one_hot(top, w.shape[0], dtype=x.dtype)
    y = jnp.einsum("td,edf->tef", x, w)
    return jnp.einsum("tef,te->tf", y, onehot * jax.nn.softmax(logits, axis=-1))
  f = jax.jit(moe, in_shardings=(ns(m, "x", None), ns(m), ns(m, "y", None, None)), out_shardings=ns(m, "x", None))
  return Program(f, [normal(rng, 8, 4), normal(rng, 4, 4), normal(rng, 4, 4, 4)], "top-1 MoE with experts sharded on y (dense dispatch)")


@program("jit_fsdp_tp_block", "model", "grad")
def _(rng):
  m = mesh2()

  def block(params, x):
    w1, w2, g = params
    h = x * jax.lax.rsqrt((x * x).mean(axis=-1, keepdims=True) + 1e-6) * g
    h = jax.nn.gelu(h @ w1)
    return x + h @ w2

  def loss(params, x):
    return (block(params, x) ** 2).mean()
  ps = (ns(m, "x", "y"), ns(m, "y", "x"), ns(m))
  f = jax.jit(jax.value_and_grad(loss), in_shardings=(ps, ns(m, "x", None)), out_shardings=(ns(m), ps))
  return Program(f, [(normal(rng, 8, 16) * 0.3, normal(rng, 16, 8) * 0.3, normal(rng, 8)), normal(rng, 4, 8)],
                 "transformer MLP block with RMS norm, FSDP on x and TP on y, value and gradient")


# ---------------------------------------------------------------------------------------------
# Explicit sharding mode: reshard, out_sharding, unreduced.
# ---------------------------------------------------------------------------------------------
@program("explicit_reshard", "explicit")
def _(rng):
  m = mesh2(AxisType.Explicit)

  def f(x):
    y = jax.sharding.reshard(x * 2.0, P(None, "y"))
    return jnp.sin(y)
  return Program(jax.jit(f), [normal(rng, 8, 8)], "explicit mode: reshard rows-on-x to columns-on-y", mesh=m,
                 arg_shardings=[ns(m, "x", None)])


@program("explicit_matmul_out_sharding", "explicit")
def _(rng):
  m = mesh2(AxisType.Explicit)

  def f(a, b):
    c = jnp.einsum("ij,jk->ik", a, b, out_sharding=P("x", "y"))
    return c + 1.0
  return Program(jax.jit(f), [normal(rng, 8, 4), normal(rng, 4, 8)], "explicit mode: einsum with out_sharding", mesh=m,
                 arg_shardings=[ns(m, "x", None), ns(m, None, "y")])


@program("explicit_unreduced", "explicit", "unreduced")
def _(rng):
  m = mesh2(AxisType.Explicit)

  def f(a, b):
    c = jnp.einsum("ij,jk->ik", a, b, out_sharding=P("x", None, unreduced={"y"}))
    return jax.sharding.reshard(c, P("x", None))
  return Program(jax.jit(f), [normal(rng, 8, 8), normal(rng, 8, 4)],
                 "explicit mode: a matmul left unreduced over y, then reduced by reshard", mesh=m,
                 arg_shardings=[ns(m, "x", "y"), ns(m, "y", None)])


@program("explicit_mlp_grad", "explicit", "grad")
def _(rng):
  m = mesh2(AxisType.Explicit)

  def loss(w, x):
    h = jnp.tanh(jnp.einsum("bd,df->bf", x, w, out_sharding=P("x", "y")))
    return (h ** 2).sum()
  return Program(jax.jit(jax.grad(loss)), [normal(rng, 8, 8) * 0.5, normal(rng, 4, 8)],
                 "explicit mode: gradient of a sharded layer", mesh=m, arg_shardings=[ns(m, None, "y"), ns(m, "x", None)])
