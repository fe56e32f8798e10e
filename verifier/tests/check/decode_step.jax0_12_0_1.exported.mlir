// One decode step of attention over a KV cache sharded on its positions ("x"), positions after `pos` masked:
// the softmax max is completed by a max all-reduce. Written by make.py with jax 0.12.0.1; correct: no finding.
module @jit_decode_step attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, [{}, {}]>}, %arg1: tensor<2x16x8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, [{}, {"x"}, {}]>}, %arg2: tensor<2x16x8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, [{}, {"x"}, {}]>}, %arg3: tensor<i32> {sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, []>}) -> (tensor<2x8xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, [{}, {}]>}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : (tensor<2x8xf32>, tensor<2x16x8xf32>) -> tensor<2x16xf32>
    %1 = sdy.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.sqrt %1 : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : (tensor<f32>) -> tensor<2x16xf32>
    %4 = stablehlo.divide %0, %3 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : tensor<2x16xf32>
    %5 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{"x"}]>]>} : tensor<16xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : (tensor<16xi32>) -> tensor<1x16xi32>
    %7 = stablehlo.broadcast_in_dim %arg3, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : (tensor<i32>) -> tensor<1x16xi32>
    %8 = stablehlo.compare LE, %6, %7, SIGNED {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : (tensor<1x16xi32>, tensor<1x16xi32>) -> tensor<1x16xi1>
    %9 = sdy.constant dense<0xFF800000> : tensor<f32>
    %10 = call @_where(%8, %4, %9) {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : (tensor<1x16xi1>, tensor<2x16xf32>, tensor<f32>) -> tensor<2x16xf32>
    %11 = stablehlo.reduce(%10 init: %9) applies stablehlo.maximum across dimensions = [1] : (tensor<2x16xf32>, tensor<f32>) -> tensor<2xf32>
    %12 = sdy.all_reduce max {"x"} %11 out_sharding=<mesh<["x"=4, "y"=2]>, [{}]> : tensor<2xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : (tensor<2x1xf32>) -> tensor<2x16xf32>
    %15 = stablehlo.subtract %10, %14 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : tensor<2x16xf32>
    %16 = stablehlo.exponential %15 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : tensor<2x16xf32>
    %17 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%16 init: %17) applies stablehlo.add across dimensions = [1] : (tensor<2x16xf32>, tensor<f32>) -> tensor<2xf32>
    %19 = sdy.all_reduce {"x"} %18 out_sharding=<mesh<["x"=4, "y"=2]>, [{}]> : tensor<2xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %21 = stablehlo.dot_general %16, %arg2, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<2x16x8xf32>) -> tensor<2x8xf32>
    %22 = sdy.all_reduce {"x"} %21 out_sharding=<mesh<["x"=4, "y"=2]>, [{}, {}]> : tensor<2x8xf32>
    %23 = stablehlo.broadcast_in_dim %20, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x8xf32>
    %24 = stablehlo.divide %22, %23 : tensor<2x8xf32>
    return %24 : tensor<2x8xf32>
  }
  func.func private @_where(%arg0: tensor<1x16xi1> {sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>}, %arg1: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>}, %arg2: tensor<f32> {sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, []>}) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>}) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : (tensor<1x16xi1>) -> tensor<2x16xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : (tensor<f32>) -> tensor<2x16xf32>
    %3 = stablehlo.select %1, %arg1, %2 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4, "y"=2]>, [{}, {"x"}]>]>} : tensor<2x16xi1>, tensor<2x16xf32>
    return %3 : tensor<2x16xf32>
  }
}

