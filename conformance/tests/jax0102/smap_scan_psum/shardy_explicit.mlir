module @jit_body attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func @main(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
    %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<2xf32>) {
      %1 = sdy.constant dense<0> : tensor<i32>
      %2 = sdy.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %2, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=3}>} : (tensor<f32>) -> tensor<3xf32>
      %4:3 = stablehlo.while(%iterArg = %1, %iterArg_0 = %arg1, %iterArg_1 = %3) : tensor<i32>, tensor<2xf32>, tensor<3xf32>
      cond {
        %5 = sdy.constant dense<3> : tensor<i32>
        %6 = stablehlo.compare LT, %iterArg, %5 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %6 : tensor<i1>
      } do {
        %5 = sdy.constant dense<1> : tensor<i32>
        %6 = stablehlo.add %iterArg, %5 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
        %7 = "stablehlo.all_reduce"(%iterArg_0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
        ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
          %16 = stablehlo.add %arg2, %arg3 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
          stablehlo.return %16 : tensor<f32>
        }) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=2}>} : (tensor<2xf32>) -> tensor<2xf32>
        %8 = sdy.constant dense<1.250000e-01> : tensor<f32>
        %9 = stablehlo.broadcast_in_dim %8, dims = [] {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=2}>} : (tensor<f32>) -> tensor<2xf32>
        %10 = stablehlo.multiply %7, %9 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
        %11 = stablehlo.add %10, %iterArg_0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=2}>} : tensor<2xf32>
        %12 = sdy.constant dense<0.000000e+00> : tensor<f32>
        %13 = stablehlo.reduce(%11 init: %12) applies stablehlo.add across dimensions = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [])->([]) {i=2} reduction={i}>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
        %14 = stablehlo.reshape %13 {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=1}>} : (tensor<f32>) -> tensor<1xf32>
        %15 = stablehlo.dynamic_update_slice %iterArg_1, %14, %iterArg {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [j], [])->([i]) {i=3, j=1} need_replication={j}>} : (tensor<3xf32>, tensor<1xf32>, tensor<i32>) -> tensor<3xf32>
        stablehlo.return %6, %11, %15 : tensor<i32>, tensor<2xf32>, tensor<3xf32>
      }
      sdy.return %4#1, %4#2 : tensor<2xf32>, tensor<3xf32>
    } : (tensor<16xf32>) -> (tensor<16xf32>, tensor<24xf32>)
    return %0#0, %0#1 : tensor<16xf32>, tensor<24xf32>
  }
}
