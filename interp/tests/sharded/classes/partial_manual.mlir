// A partially manual computation (shard_map over "x" with "y" left to the
// partitioner) whose body gathers its free axis with sdy.all_gather.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_partial_gather(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<4x4xi32>) {
    %1 = sdy.all_gather [{"y"}, {}] %arg1 out_sharding=<@mesh, [{}, {}]> : tensor<4x4xi32>
    %2 = stablehlo.add %1, %1 : tensor<4x4xi32>
    sdy.return %2 : tensor<4x4xi32>
  } : (tensor<8x4xi32>) -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}

func.func @sequential_partial_gather(%arg0: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}
