// Broken: psum.mlir without its stablehlo.all_reduce (made by make.py)
module @psum {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func public @parallel_sum_sin(%arg0: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x"} (%arg1: tensor<8x16xf32>) {
      %1 = stablehlo.sine %arg1 : tensor<8x16xf32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
      sdy.return %2 : tensor<16xf32>
    } : (tensor<64x16xf32>) -> tensor<16xf32>
    return %0 : tensor<16xf32>
  }
  func.func public @sequential_sum_sin(%arg0: tensor<64x16xf32>) -> (tensor<16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.sine %arg0 : tensor<64x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<64x16xf32>, tensor<f32>) -> tensor<16xf32>
    return %1 : tensor<16xf32>
  }
}
