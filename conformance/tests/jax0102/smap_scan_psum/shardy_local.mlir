module @jit_body attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func @main(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=3}>} : (tensor<f32>) -> tensor<3xf32>
    %1:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %0) : tensor<i32>, tensor<2xf32>, tensor<3xf32>
    cond {
      %c_2 = stablehlo.constant dense<3> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg, %c_2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg, %c_2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %3 = "stablehlo.all_reduce"(%iterArg_0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
      ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
        %10 = stablehlo.add %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
        stablehlo.return %10 : tensor<f32>
      }) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : (tensor<2xf32>) -> tensor<2xf32>
      %cst_3 = stablehlo.constant dense<1.250000e-01> : tensor<f32>
      %4 = stablehlo.broadcast_in_dim %cst_3, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=2}>} : (tensor<f32>) -> tensor<2xf32>
      %5 = stablehlo.multiply %3, %4 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %6 = stablehlo.add %5, %iterArg_0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
      %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.reduce(%6 init: %cst_4) applies stablehlo.add across dimensions = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [])->([]) {i=2} reduction={i}>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
      %8 = stablehlo.reshape %7 {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=1}>} : (tensor<f32>) -> tensor<1xf32>
      %9 = stablehlo.dynamic_update_slice %iterArg_1, %8, %iterArg {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [j], [])->([i]) {i=3, j=1} need_replication={j}>} : (tensor<3xf32>, tensor<1xf32>, tensor<i32>) -> tensor<3xf32>
      stablehlo.return %2, %6, %9 : tensor<i32>, tensor<2xf32>, tensor<3xf32>
    }
    return %1#1, %1#2 : tensor<2xf32>, tensor<3xf32>
  }
}
