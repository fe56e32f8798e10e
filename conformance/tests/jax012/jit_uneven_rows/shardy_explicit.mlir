module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<10x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<10x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = sdy.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=10, j=3}>} : (tensor<f32>) -> tensor<10x3xf32>
    %2 = sdy.all_slice [{"y"}, {}] %arg0 out_sharding=<@mesh, [{"y"}, {}]> : tensor<10x3xf32>
    %3 = stablehlo.multiply %2, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=10, j=3}>} : tensor<10x3xf32>
    %4 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%3 init: %4) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=10, j=3} reduction={j}>} : (tensor<10x3xf32>, tensor<f32>) -> tensor<10xf32>
    %6 = sdy.all_gather [{"y"}, {}] %3 out_sharding=<@mesh, [{}, {}]> : tensor<10x3xf32>
    %7 = "stablehlo.reduce_window"(%6, %4) <{base_dilations = array<i64: 1, 1>, padding = dense<[[9, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 10, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %11 = stablehlo.add %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
      stablehlo.return %11 : tensor<f32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=10, j=3} permutation={i}>} : (tensor<10x3xf32>, tensor<f32>) -> tensor<10x3xf32>
    %8 = sdy.all_slice [{"y"}, {}] %7 out_sharding=<@mesh, [{"y"}, {}]> : tensor<10x3xf32>
    %9 = sdy.all_gather [{"y"}] %5 out_sharding=<@mesh, [{}]> : tensor<10xf32>
    %10 = sdy.all_gather [{"y"}, {}] %8 out_sharding=<@mesh, [{}, {}]> : tensor<10x3xf32>
    return %9, %10 : tensor<10xf32>, tensor<10x3xf32>
  }
}
