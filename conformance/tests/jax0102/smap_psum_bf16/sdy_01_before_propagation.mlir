module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<4x8xbf16>) -> tensor<2x2xbf16> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{}, {}], replicated={"x", "y"}>] manual_axes={"x", "y"} (%arg1: tensor<2x2xbf16>) {
      %1 = stablehlo.multiply %arg1, %arg1 : tensor<2x2xbf16>
      %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<bf16>, %arg3: tensor<bf16>):
        %3 = stablehlo.add %arg2, %arg3 : tensor<bf16>
        stablehlo.return %3 : tensor<bf16>
      }) : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
      sdy.return %2 : tensor<2x2xbf16>
    } : (tensor<4x8xbf16>) -> tensor<2x2xbf16>
    return %0 : tensor<2x2xbf16>
  }
}
