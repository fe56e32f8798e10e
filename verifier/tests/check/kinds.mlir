// Collectives whose reduction kind disagrees with their operand's partials,
// in the global view (sdy) and inside a manual computation (StableHLO).
sdy.mesh @mesh = <["x"=4]>

// The shard_map psum of partial sums done with a max body.
func.func @psum_with_max(%arg0: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x"} (%arg1: tensor<16x16xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
    // expected-error @+1 {{[partial_kind_mismatch] 'stablehlo.all_reduce' at 11:5 combines "x" with max, but its operand is sum-partial (from 'stablehlo.reduce' at 9:5) over "x"}}
    %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %3 = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) : (tensor<16xf32>) -> tensor<16xf32>
    sdy.return %2 : tensor<16xf32>
  } : (tensor<64x16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// psum over "y" only (groups [[0, 1], [2, 3]]): the "x" partials are left,
// and the manual computation's out_sharding replicates "x".
func.func @psum_wrong_axis(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  // expected-error @+1 {{[partial_unreduced_result] result #0 of 'sdy.manual_computation' at 29:3 is left sum-partial (from 'stablehlo.reduce' at 31:5) over "x" and never combined (its out_sharding does not keep it unreduced)}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x", "y"} (%arg1: tensor<4x4xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %3 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    sdy.return %2 : tensor<4xf32>
  } : (tensor<8x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

// and-partials of booleans complete with min (an and); a product of partial
// products has no sdy collective, and a sum does not complete it.
func.func @booleans_and_products(%arg0: tensor<6x4xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xi1> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %0 = stablehlo.reduce(%arg0 init: %t) applies stablehlo.and across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<6x4xi1>, tensor<i1>) -> tensor<4xi1>
  %1 = sdy.all_reduce min {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xi1>
  %one = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %2 = stablehlo.reduce(%arg1 init: %one) applies stablehlo.multiply across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<6x4xf32>, tensor<f32>) -> tensor<4xf32>
  // expected-error @+1 {{[partial_kind_mismatch] 'sdy.all_reduce' at 55:3 combines "x" with sum, but its operand is product-partial (from 'stablehlo.reduce' at 53:3) over "x"}}
  %3 = sdy.all_reduce {"x"} %2 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  return %1, %3 : tensor<4xi1>, tensor<4xf32>
}
