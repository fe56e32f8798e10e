// A max over 6 rows sharded on 4 devices (uneven). Written by make.py with jax 0.12.0.1; correct: no finding.
module @jit_max_rows attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, [{}, {}]>}) -> (tensor<8xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, [{}]>}) {
    %0 = stablehlo.slice %arg0 [0:6, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {}]>]>} : (tensor<8x8xf32>) -> tensor<6x8xf32>
    %1 = sdy.all_slice [{"x"}, {}] %0 out_sharding=<mesh<["x"=4, "y"=2]>, [{"x"}, {}]> : tensor<6x8xf32>
    %2 = sdy.constant dense<2.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{"x"}, {}]>]>} : (tensor<f32>) -> tensor<6x8xf32>
    %4 = stablehlo.multiply %1, %3 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{"x"}, {}]>]>} : tensor<6x8xf32>
    %5 = sdy.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.reduce(%4 init: %5) applies stablehlo.maximum across dimensions = [0] : (tensor<6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %7 = sdy.all_reduce max {"x"} %6 out_sharding=<mesh<["x"=4, "y"=2]>, [{}]> : tensor<8xf32>
    return %7 : tensor<8xf32>
  }
}

