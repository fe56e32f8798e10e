// A 1x3 sum pool (jax.lax.reduce_window) over the unsharded column
// dimension of a row-sharded matrix, then a dot_general whose dimensions
// do not divide the mesh (7 rows and a contracting dimension of 5 on 2
// devices each).
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_pool(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{window_dimensions = array<i64: 1, 3>}> ({
  ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
    %1 = stablehlo.add %arg1, %arg2 : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<8x6xi32>, tensor<i32>) -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}

func.func @sequential_pool(%arg0: tensor<8x6xi32>) -> tensor<8x4xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{window_dimensions = array<i64: 1, 3>}> ({
  ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
    %1 = stablehlo.add %arg1, %arg2 : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<8x6xi32>, tensor<i32>) -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}

func.func @parallel_dot_indivisible(%arg0: tensor<7x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %arg1: tensor<5x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<7x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  %c = stablehlo.constant dense<3> : tensor<7x5xi32>
  %0 = stablehlo.multiply %arg0, %c {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : tensor<7x5xi32>
  %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}], unreduced={"x"}>]>} : (tensor<7x5xi32>, tensor<5x3xi32>) -> tensor<7x3xi32>
  %2 = sdy.all_reduce {"x"} %1 out_sharding=<@mesh, [{"y"}, {}]> : tensor<7x3xi32>
  return %2 : tensor<7x3xi32>
}

func.func @sequential_dot_indivisible(%arg0: tensor<7x5xi32>, %arg1: tensor<5x3xi32>) -> tensor<7x3xi32> {
  %c = stablehlo.constant dense<3> : tensor<7x5xi32>
  %0 = stablehlo.multiply %arg0, %c : tensor<7x5xi32>
  %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] : (tensor<7x5xi32>, tensor<5x3xi32>) -> tensor<7x3xi32>
  return %1 : tensor<7x3xi32>
}
