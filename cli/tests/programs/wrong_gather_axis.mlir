// A row gather on a 2x2 mesh where the all_gather's replica groups follow
// the wrong mesh axis: the rows are split over "x", so devices that differ
// in "x" (groups [[0, 2], [1, 3]]) must exchange their blocks; this program
// groups devices that differ in "y" ([[0, 1], [2, 3]]), which hold the
// same rows.

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_gather(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {}]>]
      manual_axes={"x", "y"} (%local: tensor<4x4xi32>) {
    %1 = "stablehlo.all_gather"(%local) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>,
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
