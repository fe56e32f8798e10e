// Sub-axis completion: an axis reduced by all of its sub-axes, in any order,
// is reduced once; a part of it left partial, or reduced again, is a finding.
sdy.mesh @mesh = <["x"=4]>

// A hierarchical all-reduce: "x":(1)2 then "x":(2)2 completes "x".
func.func @hierarchical(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = sdy.all_reduce {"x":(1)2} %0 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  %2 = sdy.all_reduce {"x":(2)2} %1 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=4]>

// The other order completes it too.
func.func @hierarchical_reversed(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = sdy.all_reduce max {"x":(2)2} %0 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  %2 = sdy.all_reduce max {"x":(1)2} %1 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=4]>

// Only "x":(1)2 is reduced: "x":(2)2 stays partial at the return.
func.func @incomplete(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = sdy.all_reduce {"x":(1)2} %0 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  // expected-error @+1 {{[partial_subaxes_incomplete] result #0 of @incomplete is left sum-partial (from 'stablehlo.reduce' at 34:3) over "x":(2)2: the reductions over {"x":(1)2} do not complete the axis}}
  return %1 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=4]>

// "x" is reduced whole, then "x":(1)2 again: each partial counted twice.
func.func @twice(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  // expected-error @+1 {{[partial_reduced_twice] 'sdy.all_reduce' at 50:3 reduces "x":(1)2 with sum again: its operand is already reduced (by 'sdy.all_reduce' at 48:3) over "x":(1)2}}
  %2 = sdy.all_reduce {"x":(1)2} %1 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  return %2 : tensor<4xf32>
}
