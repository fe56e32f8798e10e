// Per-device offsets (interp/src/devices/local_forms.rs): iota, dynamic_slice,
// dynamic_update_slice, scatter into a sharded inserted dimension, scatter of
// updates sharded on their batch dimension (partial results with the update
// body's monoid), and gather from a table sharded on its indexed dimension.
// @parallel_x runs strictly, @halo_x needs data from other devices; each
// agrees with @sequential_x.
sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[3, 1, 2, 0]>

func.func @parallel_iota(%arg0: tensor<5x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> (tensor<5x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : tensor<5x4xi32>
  %1 = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : tensor<5x4xi32>
  %2 = stablehlo.multiply %0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : tensor<5x4xi32>
  %3 = stablehlo.add %2, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : tensor<5x4xi32>
  return %3 : tensor<5x4xi32>
}
func.func @sequential_iota(%arg0: tensor<5x4xi32>) -> tensor<5x4xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<5x4xi32>
  %1 = stablehlo.iota dim = 1 : tensor<5x4xi32>
  %2 = stablehlo.multiply %0, %arg0 : tensor<5x4xi32>
  %3 = stablehlo.add %2, %1 : tensor<5x4xi32>
  return %3 : tensor<5x4xi32>
}

func.func @halo_dynamic_slice(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %i = stablehlo.constant dense<3> : tensor<i32>
  %j = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %i, %j, sizes = [4, 4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x4xi32>, tensor<i32>, tensor<i32>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}
func.func @sequential_dynamic_slice(%arg0: tensor<8x4xi32>) -> tensor<4x4xi32> {
  %i = stablehlo.constant dense<3> : tensor<i32>
  %j = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %i, %j, sizes = [4, 4] : (tensor<8x4xi32>, tensor<i32>, tensor<i32>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// The update lands across the blocks of two devices; the start is clamped globally (9 → 5).
func.func @parallel_dynamic_update_slice(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg1: tensor<3x4xi32>) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) {
  %i = stablehlo.constant dense<3> : tensor<i32>
  %k = stablehlo.constant dense<9> : tensor<i32>
  %j = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %i, %j {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<8x4xi32>, tensor<3x4xi32>, tensor<i32>, tensor<i32>) -> tensor<8x4xi32>
  %1 = stablehlo.dynamic_update_slice %arg0, %arg1, %k, %j {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<8x4xi32>, tensor<3x4xi32>, tensor<i32>, tensor<i32>) -> tensor<8x4xi32>
  return %0, %1 : tensor<8x4xi32>, tensor<8x4xi32>
}
func.func @sequential_dynamic_update_slice(%arg0: tensor<8x4xi32>, %arg1: tensor<3x4xi32>) -> (tensor<8x4xi32>, tensor<8x4xi32>) {
  %i = stablehlo.constant dense<3> : tensor<i32>
  %k = stablehlo.constant dense<9> : tensor<i32>
  %j = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %i, %j : (tensor<8x4xi32>, tensor<3x4xi32>, tensor<i32>, tensor<i32>) -> tensor<8x4xi32>
  %1 = stablehlo.dynamic_update_slice %arg0, %arg1, %k, %j : (tensor<8x4xi32>, tensor<3x4xi32>, tensor<i32>, tensor<i32>) -> tensor<8x4xi32>
  return %0, %1 : tensor<8x4xi32>, tensor<8x4xi32>
}

// x.at[idx].add(v) with x sharded on the scattered rows: indices rebased per
// device (an out-of-range index, 9, and a negative one are skipped everywhere).
func.func @parallel_scatter_rows(%arg0: tensor<6x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}, {}]>}, %arg1: tensor<4x4xi32>) -> (tensor<6x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}, {}]>}) {
  %c = stablehlo.constant dense<[[4], [1], [9], [-1]]> : tensor<4x1xi32>
  %0 = "stablehlo.scatter"(%arg0, %c, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x"}, {}]>]>} : (tensor<6x4xi32>, tensor<4x1xi32>, tensor<4x4xi32>) -> tensor<6x4xi32>
  return %0 : tensor<6x4xi32>
}
func.func @sequential_scatter_rows(%arg0: tensor<6x4xi32>, %arg1: tensor<4x4xi32>) -> tensor<6x4xi32> {
  %c = stablehlo.constant dense<[[4], [1], [9], [-1]]> : tensor<4x1xi32>
  %0 = "stablehlo.scatter"(%arg0, %c, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<6x4xi32>, tensor<4x1xi32>, tensor<4x4xi32>) -> tensor<6x4xi32>
  return %0 : tensor<6x4xi32>
}

// Updates (and indices) sharded on their batch dimension: each device
// scatters its share, the leader keeps the operand, an all_reduce sums.
func.func @parallel_scatter_batch(%arg0: tensor<6x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %c = stablehlo.constant dense<[[4], [1], [4], [0]]> : tensor<4x1xi32>
  %0 = "stablehlo.scatter"(%arg0, %c, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}], unreduced={"x"}>]>} : (tensor<6x4xi32>, tensor<4x1xi32>, tensor<4x4xi32>) -> tensor<6x4xi32>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<6x4xi32>
  return %2 : tensor<6x4xi32>
}
func.func @sequential_scatter_batch(%arg0: tensor<6x4xi32>, %arg1: tensor<4x4xi32>) -> tensor<6x4xi32> {
  %c = stablehlo.constant dense<[[4], [1], [4], [0]]> : tensor<4x1xi32>
  %0 = "stablehlo.scatter"(%arg0, %c, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<6x4xi32>, tensor<4x1xi32>, tensor<4x4xi32>) -> tensor<6x4xi32>
  return %0 : tensor<6x4xi32>
}

// An embedding lookup from a table sharded on its rows (the indexed,
// collapsed dimension, non-divisible): each device gathers the rows it
// holds, zeros elsewhere (indices clamped globally first: 11 → 6), and an
// all_reduce sums the partials.
func.func @parallel_gather_rows(%arg0: tensor<7x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<5x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %c = stablehlo.constant dense<[[6], [0], [11], [3], [-2]]> : tensor<5x1xi32>
  %0 = "stablehlo.gather"(%arg0, %c) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"x", "y"}>]>} : (tensor<7x4xi32>, tensor<5x1xi32>) -> tensor<5x4xi32>
  %1 = sdy.all_reduce {"x", "y"} %0 out_sharding=<@mesh, [{}, {}]> : tensor<5x4xi32>
  return %1 : tensor<5x4xi32>
}
func.func @sequential_gather_rows(%arg0: tensor<7x4xi32>) -> tensor<5x4xi32> {
  %c = stablehlo.constant dense<[[6], [0], [11], [3], [-2]]> : tensor<5x1xi32>
  %0 = "stablehlo.gather"(%arg0, %c) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<7x4xi32>, tensor<5x1xi32>) -> tensor<5x4xi32>
  return %0 : tensor<5x4xi32>
}

// The result is sharded on an inserted dimension that no index addresses
// (row 0 is always the target): rebasing cannot express it, so the scatter
// runs on canvases, and only the device holding row 0 changes it.
func.func @parallel_scatter_unindexed_row(%arg0: tensor<4x6xi32>, %arg1: tensor<3x2xi32>) -> (tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c = stablehlo.constant dense<[[4], [1], [0]]> : tensor<3x1xi32>
  %0 = "stablehlo.scatter"(%arg0, %c, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<4x6xi32>, tensor<3x1xi32>, tensor<3x2xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @sequential_scatter_unindexed_row(%arg0: tensor<4x6xi32>, %arg1: tensor<3x2xi32>) -> tensor<4x6xi32> {
  %c = stablehlo.constant dense<[[4], [1], [0]]> : tensor<3x1xi32>
  %0 = "stablehlo.scatter"(%arg0, %c, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<4x6xi32>, tensor<3x1xi32>, tensor<3x2xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
