module {
  sdy.mesh @mesh = <["x"=3, "y"=2, "z"=4], device_ids=[22, 12, 11, 20, 13, 21, 8, 1, 5, 17, 16, 7, 0, 23, 4, 9, 19, 14, 18, 3, 6, 2, 15, 10]> {stablehlo.mesh = {axes = [{name = "x", size = 3 : i64}, {name = "y", size = 2 : i64}, {name = "z", size = 4 : i64}], device_ids = dense<[22, 12, 11, 20, 13, 21, 8, 1, 5, 17, 16, 7, 0, 23, 4, 9, 19, 14, 18, 3, 6, 2, 15, 10]> : tensor<24xi64>}}
  func.func @main(%arg0: tensor<3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, %arg2: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      %6 = stablehlo.add %arg3, %arg4 : tensor<i32>
      stablehlo.return %6 : tensor<i32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<3xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<3xi32>
    %1 = sdy.reduce_scatter [{"y"}] %0 out_sharding=<@mesh, [{"y"}]> : tensor<3xi32>
    %2 = sdy.all_slice [{"z":(1)2, "x"}] %1 out_sharding=<@mesh, [{"y", "z":(1)2, "x"}]> : tensor<3xi32>
    %3 = stablehlo.add %2, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "z":(1)2, "x"}]>]>} : tensor<3xi32>
    %4 = stablehlo.add %3, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "z":(1)2, "x"}]>]>} : tensor<3xi32>
    %5 = sdy.all_gather [{"y", "z":(1)2, "x"}] %4 out_sharding=<@mesh, [{}]> : tensor<3xi32>
    return %5 : tensor<3xi32>
  }
}

