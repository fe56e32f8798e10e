// A sum over a dimension sharded over "y" and a max over one sharded over "x": reduction.mlir through Shardy's propagation and export pipelines (made by make.py)
module @jit_reduction attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}, {name = "y", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<64xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<32xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
    %0 = stablehlo.sine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<64x32xf32>
    %1 = stablehlo.multiply %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<64x32xf32>
    %2 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%1 init: %2) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
    %4 = sdy.all_reduce {"y"} %3 out_sharding=<@mesh, [{"x"}]> : tensor<64xf32>
    %5 = sdy.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.reduce(%arg0 init: %5) applies stablehlo.maximum across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<32xf32>
    %7 = sdy.all_reduce {"x"} %6 out_sharding=<@mesh, [{"y"}]> : tensor<32xf32>
    return %4, %7 : tensor<64xf32>, tensor<32xf32>
  }
}
