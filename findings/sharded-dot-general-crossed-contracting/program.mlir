// Found by `shardref gen --seed 790 --count 1 --no-sub-axes --check` (issue #13).
// Fixed: no axis may shard two factors (interp/src/devices/factors.rs); regression
// interp/tests/sharded/regressions/dot_general_crossed_contracting.mlir.
// shardref's sharded run with --insert-reshards differs from the global run:
// the dot_general contracts lhs dims [0, 1] with rhs dims [0, 2]; lhs dim 1 and
// rhs dim 0 are both sharded on "x", but they are different contracting pairs,
// so each device's partial sum pairs elements that do not belong together.
//   shardref equiv --parallel main --insert-reshards THIS_FILE
// Ours (interp/src/devices: the locality check of dot_general).

sdy.mesh @mesh = <["x"=2, "y"=1]>

func.func @main(%arg0: tensor<8x4xui8> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x4x4xui8> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<2xui8> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<48xui8> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<8x4xui8> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {}]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0> : tensor<ui8>}> : () -> tensor<ui8>
  %v1 = "stablehlo.pad"(%arg0, %v0) <{edge_padding_high = array<i64: -1, 1>, edge_padding_low = array<i64: 1, 1>, interior_padding = array<i64: 0, 0>}> : (tensor<8x4xui8>, tensor<ui8>) -> tensor<8x6xui8>
  %v2 = "stablehlo.reshape"(%v1) : (tensor<8x6xui8>) -> tensor<48xui8>
  %v3 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 2]>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x4xui8>, tensor<8x4x4xui8>) -> tensor<4xui8>
  %v4 = "stablehlo.reshape"(%arg1) : (tensor<8x4x4xui8>) -> tensor<8x4x1x4xui8>
  %v5 = "stablehlo.constant"() <{value = dense<0> : tensor<ui8>}> : () -> tensor<ui8>
  %v6 = "stablehlo.reduce_window"(%v3, %v5) <{padding = dense<[[0, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
    ^bb0(%p0: tensor<ui8>, %p1: tensor<ui8>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
      "stablehlo.return"(%q0) : (tensor<ui8>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<4xui8>, tensor<ui8>) -> tensor<2xui8>
  "func.return"(%v6, %v2, %arg0) : (tensor<2xui8>, tensor<48xui8>, tensor<8x4xui8>) -> ()
}
