module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %1 = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
    %2 = "stablehlo.reduce_window"(%1, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 8, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %8 = stablehlo.add %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
      stablehlo.return %8 : tensor<f32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=8} permutation={i}>} : (tensor<8x8xf32>, tensor<f32>) -> tensor<8x8xf32>
    %3 = sdy.all_slice [{"x"}, {}] %2 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
    %4 = sdy.constant dense<1> : tensor<i32>
    %5 = sdy.all_gather [{}, {"y"}] %arg1 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xi32>
    %6 = "stablehlo.reduce_window"(%5, %4) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [7, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 8>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %8 = stablehlo.multiply %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      stablehlo.return %8 : tensor<i32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=8} permutation={j}>} : (tensor<8x8xi32>, tensor<i32>) -> tensor<8x8xi32>
    %7 = sdy.all_slice [{}, {"y"}] %6 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xi32>
    return %3, %7 : tensor<8x8xf32>, tensor<8x8xi32>
  }
}
