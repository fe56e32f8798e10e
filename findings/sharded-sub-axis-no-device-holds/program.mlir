// Found by `shardref gen` (issue #13): seed 183 of an earlier generator version.
// Fixed: a sub-axis overlaps its axis in the canvas path's checks (AxisPart::overlaps);
// regression interp/tests/sharded/regressions/sub_axis_gather_device_ids.mlir.
// shardref's sharded run with --insert-reshards stops with "program trap: no
// device holds element [0, 2]": the gather's operand is sharded on the sub-axis
// "data":(1)2 of a mesh with explicit device_ids, its result on "data".
//   shardref equiv --parallel main --insert-reshards THIS_FILE
// Ours (interp/src/devices: sub-axis layouts), not yet minimized.

sdy.mesh @mesh = <["data"=4], device_ids=[1, 0, 3, 2]>

func.func @main(%arg0: tensor<7x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data":(1)2}p1]>}, %arg1: tensor<7x1xi32>, %arg2: tensor<2x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", ?}p0, {}]>}, tensor<2x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}], replicated={"data":(2)2}>}) {
  %v0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"data", ?}]>]>} : (tensor<7x4xf32>, tensor<7x1xi32>) -> tensor<7x4xf32>
  %v1 = "stablehlo.reshape"(%v0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<7x4xf32>) -> tensor<28xf32>
  %v2 = "stablehlo.slice"(%arg2) <{limit_indices = array<i64: 2, 1>, start_indices = array<i64: 0, 0>, strides = array<i64: 3, 1>}> : (tensor<2x2xi32>) -> tensor<1x1xi32>
  "func.return"(%v2, %arg2) : (tensor<1x1xi32>, tensor<2x2xi32>) -> ()
}
