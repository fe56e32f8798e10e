// jnp.sort(x, axis=1) of a row-sharded matrix: the sort dimension is not
// sharded, so every device sorts its own rows.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_sort(%arg0: tensor<8x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<8x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) {
  %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
    %1 = stablehlo.compare  LT, %arg1, %arg2,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<8x5xi32>) -> tensor<8x5xi32>
  return %0 : tensor<8x5xi32>
}

func.func @sequential_sort(%arg0: tensor<8x5xi32>) -> tensor<8x5xi32> {
  %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
    %1 = stablehlo.compare  LT, %arg1, %arg2,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<8x5xi32>) -> tensor<8x5xi32>
  return %0 : tensor<8x5xi32>
}
