// A max over 6 rows sharded on 4 devices (uneven). Written by make.py with jax 0.10.2; its export completes the max-partials with a sum (the finding below).
module @jit_max_rows attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}, {name = "y", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = stablehlo.slice %arg0 [0:6, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x8xf32>) -> tensor<6x8xf32>
    %1 = sdy.all_slice [{"x"}, {}] %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<6x8xf32>
    %2 = sdy.constant dense<2.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<f32>) -> tensor<6x8xf32>
    %4 = stablehlo.multiply %1, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<6x8xf32>
    %5 = sdy.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.reduce(%4 init: %5) applies stablehlo.maximum across dimensions = [0] : (tensor<6x8xf32>, tensor<f32>) -> tensor<8xf32>
    // expected-error @+1 {{[partial_kind_mismatch] combines "x" with sum, but its operand is max-partial (from 'stablehlo.reduce' at}}
    %7 = sdy.all_reduce {"x"} %6 out_sharding=<@mesh, [{}]> : tensor<8xf32>
    return %7 : tensor<8xf32>
  }
}

