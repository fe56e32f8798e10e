"""MPMD cases for the `equiv` twin tests of cli/tests/mpmd/ (issue #28), built with the shared
oracle ../shared/oracles/mpmd_jax.py (jax/jaxlib 0.10.2, Shardy's MPMD front end at ba38bf78);
make.py turns its output into the twin files of this folder.
"""

import jax
import jax.numpy as jnp
from shardy.integrations.python.jax import mpmd

from mpmd_jax import Case, case, constrain, randn, topology

nc = mpmd.named_computation


@case
def microbatch_pipeline():
  """Two-stage pipeline over 4 microbatches with mpmd.call (call_counter i).

  Stage s1 on a ["x"=2,"y"=2] mesh (rows on "x", features on "y"), stage s2 on a ["z"=4] mesh;
  the four microbatch results are stacked outside the calls.
  """
  t = topology({"m1": [("x", 2), ("y", 2)], "m2": [("z", 4)]})

  def s1(a, w):
    return constrain(jnp.tanh(constrain(a, "x", None) @ w), "x", "y")

  def fwd(w1, w2, x):
    h = nc(s1, name="s1")(x, w1)
    return nc(lambda a, w: a @ w, name="s2")(h, w2)

  def fn(w1, w2, xs):
    return jnp.stack([mpmd.call(fwd, call_counter=i)(w1, w2, xs[i])
                      for i in range(xs.shape[0])])

  return Case(fn=fn,
              args=[randn(901, (8, 8), 0.4), randn(902, (8, 4), 0.4), randn(903, (4, 4, 8))],
              config=mpmd.make_config(t, {"s1": "m1", "s2": "m2"}))
