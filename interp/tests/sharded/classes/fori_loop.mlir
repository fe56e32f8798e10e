// jax.lax.fori_loop(0, 3, lambda i, x: x * 2 + i, x) over a row-sharded
// carry, and a stablehlo.case (jax.lax.switch) whose branches read sharded
// values, as Shardy's export pipeline prints them: every op carries its
// sharding, the loop body and the branches run on local shards.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_fori(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0) : tensor<i32>, tensor<8x4xi32>
    attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}, {}]>]>}
  cond {
    %c_1 = stablehlo.constant dense<3> : tensor<i32>
    %1 = stablehlo.compare  LT, %iterArg, %c_1,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_1 = stablehlo.constant dense<2> : tensor<8x4xi32>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.multiply %iterArg_0, %c_1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x4xi32>
    %2 = stablehlo.broadcast_in_dim %iterArg, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<i32>) -> tensor<8x4xi32>
    %3 = stablehlo.add %1, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x4xi32>
    %4 = stablehlo.add %iterArg, %c_2 : tensor<i32>
    stablehlo.return %4, %3 : tensor<i32>, tensor<8x4xi32>
  }
  return %0#1 : tensor<8x4xi32>
}

func.func @sequential_fori(%arg0: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0) : tensor<i32>, tensor<8x4xi32>
  cond {
    %c_1 = stablehlo.constant dense<3> : tensor<i32>
    %1 = stablehlo.compare  LT, %iterArg, %c_1,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_1 = stablehlo.constant dense<2> : tensor<8x4xi32>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.multiply %iterArg_0, %c_1 : tensor<8x4xi32>
    %2 = stablehlo.broadcast_in_dim %iterArg, dims = [] : (tensor<i32>) -> tensor<8x4xi32>
    %3 = stablehlo.add %1, %2 : tensor<8x4xi32>
    %4 = stablehlo.add %iterArg, %c_2 : tensor<i32>
    stablehlo.return %4, %3 : tensor<i32>, tensor<8x4xi32>
  }
  return %0#1 : tensor<8x4xi32>
}

// jax.lax.switch on a replicated index: the branches negate or double the
// row-sharded operand.
func.func @parallel_switch(%arg0: tensor<i32>, %arg1: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.clamp %c, %arg0, %c_0 : tensor<i32>
  %1 = "stablehlo.case"(%0) ({
    %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x4xi32>
    stablehlo.return %2 : tensor<8x4xi32>
  }, {
    %2 = stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x4xi32>
    stablehlo.return %2 : tensor<8x4xi32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<i32>) -> tensor<8x4xi32>
  return %1 : tensor<8x4xi32>
}

func.func @sequential_switch(%arg0: tensor<i32>, %arg1: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.clamp %c, %arg0, %c_0 : tensor<i32>
  %1 = "stablehlo.case"(%0) ({
    %2 = stablehlo.negate %arg1 : tensor<8x4xi32>
    stablehlo.return %2 : tensor<8x4xi32>
  }, {
    %2 = stablehlo.add %arg1, %arg1 : tensor<8x4xi32>
    stablehlo.return %2 : tensor<8x4xi32>
  }) : (tensor<i32>) -> tensor<8x4xi32>
  return %1 : tensor<8x4xi32>
}
