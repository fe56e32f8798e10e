// The row gather of wrong_gather_axis.mlir with the right replica groups:
// devices that differ in "x" exchange their row blocks.

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_gather(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {}]>]
      manual_axes={"x", "y"} (%local: tensor<4x4xi32>) {
    %1 = "stablehlo.all_gather"(%local) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
      use_global_device_ids
    } : (tensor<4x4xi32>) -> tensor<8x4xi32>
    sdy.return %1 : tensor<8x4xi32>
  } : (tensor<8x4xi32>) -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}

func.func @sequential_gather(%arg0: tensor<8x4xi32>) -> tensor<8x4xi32> {
  return %arg0 : tensor<8x4xi32>
}
