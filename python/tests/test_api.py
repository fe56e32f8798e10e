"""shardref.run / verify / equiv on program text and numpy arrays (no JAX needed)."""

from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import shardref

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

ADD = """
func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %x, %y : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
"""

BF16 = """
func.func @main(%x: tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xf32>) {
  %0 = stablehlo.multiply %x, %x : tensor<4xbf16>
  %1 = stablehlo.convert %x : (tensor<4xbf16>) -> tensor<4xf32>
  return %0, %1 : tensor<4xbf16>, tensor<4xf32>
}
"""

SHARDED = """
sdy.mesh @mesh = <["x"=4]>
func.func @main(%x: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.add %x, %x : tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}
"""


def test_run_returns_numpy_arrays():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.full((2, 3), 0.5, dtype=np.float32)
    [r] = shardref.run(ADD, x, y)
    assert r.dtype == np.float32 and r.shape == (2, 3)
    np.testing.assert_array_equal(r, x + y)


def test_run_bf16_in_and_out():
    x = np.array([1.5, -2.0, 3.25, 0.0], dtype=ml_dtypes.bfloat16)
    sq, f = shardref.run(BF16, x)
    assert sq.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(sq.astype(np.float32), (x * x).astype(np.float32))
    np.testing.assert_array_equal(f, x.astype(np.float32))


def test_run_sharded_and_per_device():
    x = np.arange(16, dtype=np.float32).reshape(8, 2)
    [g] = shardref.run(SHARDED, x, sharded=True)
    np.testing.assert_array_equal(g, 2 * x)
    [per] = shardref.run(SHARDED, x, sharded=True, devices=[0, 3])
    assert sorted(per) == [0, 3]
    np.testing.assert_array_equal(per[3], 2 * x[6:8])


def test_wrong_input_type_is_a_located_error():
    x = np.zeros((2, 3), dtype=np.int32)
    with pytest.raises(shardref.ShardrefError) as e:
        shardref.run(ADD, x, x, name="add.mlir")
    assert e.value.message.startswith("add.mlir:2:1: error: argument 0")
    assert e.value.diagnostics[0].line == 2


def test_parse_error_is_a_located_exception():
    with pytest.raises(shardref.ShardrefError) as e:
        shardref.run("func.func @main() {\n  %0 = stablehlo.bogus\n}\n", name="bad.mlir")
    d = e.value.diagnostics[0]
    assert (d.file, d.line, d.severity, d.label) == ("bad.mlir", 2, "error", "parse")
    assert str(e.value).startswith("bad.mlir:2:")


def test_verify_gives_diagnostic_objects():
    bad = """
sdy.mesh @mesh = <["x"=4]>
func.func @main(%x: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"x"}]>}) -> tensor<8x2xf32> {
  return %x : tensor<8x2xf32>
}
"""
    assert shardref.verify(ADD) == []
    [d] = shardref.verify(bad, name="dup.mlir")
    assert isinstance(d, shardref.Diagnostic)
    assert (d.file, d.line, d.severity) == ("dup.mlir", 3, "error")
    assert d.label == "axis_list_c2" and "duplicate axis ref" in d.message


def test_equiv_on_the_examples():
    [ok] = shardref.equiv((EXAMPLES / "neighbour_sum.mlir").read_text())
    assert ok.equal and ok.text == "equal (bitwise, 3 trials)"
    x = np.load(EXAMPLES / "neighbour_sum_x.npy")
    [bug] = shardref.equiv(
        (EXAMPLES / "neighbour_sum_bug.mlir").read_text(), x, parallel="parallel_neighbour_sum",
        name="neighbour_sum_bug.mlir",
    )
    assert not bug.equal and bug.kind == "differ"
    d = bug.divergence
    assert (d.result, d.index, d.devices, d.values) == (0, (0, 0), [0], ("0.000000e+00", "1.200000e+01"))
    # The differing result is computed by the manual computation's add.
    assert d.op == "stablehlo.add" and d.location[0] == "neighbour_sum_bug.mlir"


def test_run_partitioned_hlo_on_global_inputs():
    d = Path(__file__).resolve().parents[2] / "cli/tests/hlo_xla/mm_contract"
    a, b = np.load(d / "input_0.npy"), np.load(d / "input_1.npy")
    text = (d / "spmd_partitioned.hlo").read_text()
    [r] = shardref.run(text, a, b, result_shardings=["{replicated}"])
    np.testing.assert_array_equal(r, np.load(d / "output_0.npy"))
    with pytest.raises(shardref.ShardrefError, match="--result-sharding"):
        shardref.run(text, a, b, name="mm.hlo")
