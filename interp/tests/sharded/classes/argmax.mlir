// jnp.argmax(x, axis=1) of a row-sharded matrix (a variadic reduce, local),
// and jnp.argmax(x, axis=0) over the sharded dimension, which Shardy
// partitions by gathering the operand first (the body is no sdy reduction).
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_argmax_rows(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x6xi32>
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>]>} : (tensor<8x6xi32>, tensor<8x6xi32>, tensor<i32>, tensor<i32>) -> (tensor<8xi32>, tensor<8xi32>)
   reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.compare  EQ, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.and %3, %4 : tensor<i1>
    %6 = stablehlo.or %2, %5 : tensor<i1>
    %7 = stablehlo.select %6, %arg1, %arg3 : tensor<i1>, tensor<i32>
    %8 = stablehlo.select %6, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %7, %8 : tensor<i32>, tensor<i32>
  }
  return %1#1 : tensor<8xi32>
}

func.func @sequential_argmax_rows(%arg0: tensor<8x6xi32>) -> tensor<8xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<8x6xi32>
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] : (tensor<8x6xi32>, tensor<8x6xi32>, tensor<i32>, tensor<i32>) -> (tensor<8xi32>, tensor<8xi32>)
   reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.compare  EQ, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.and %3, %4 : tensor<i1>
    %6 = stablehlo.or %2, %5 : tensor<i1>
    %7 = stablehlo.select %6, %arg1, %arg3 : tensor<i1>, tensor<i32>
    %8 = stablehlo.select %6, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %7, %8 : tensor<i32>, tensor<i32>
  }
  return %1#1 : tensor<8xi32>
}

func.func @parallel_argmax_cols(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %g = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x6xi32>
  %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x6xi32>
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.reduce(%g init: %c), (%0 init: %c_0) across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>, <@mesh, [{"y"}]>]>} : (tensor<8x6xi32>, tensor<8x6xi32>, tensor<i32>, tensor<i32>) -> (tensor<6xi32>, tensor<6xi32>)
   reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.compare  EQ, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.and %3, %4 : tensor<i1>
    %6 = stablehlo.or %2, %5 : tensor<i1>
    %7 = stablehlo.select %6, %arg1, %arg3 : tensor<i1>, tensor<i32>
    %8 = stablehlo.select %6, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %7, %8 : tensor<i32>, tensor<i32>
  }
  return %1#1 : tensor<6xi32>
}

func.func @sequential_argmax_cols(%arg0: tensor<8x6xi32>) -> tensor<6xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<8x6xi32>
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [0] : (tensor<8x6xi32>, tensor<8x6xi32>, tensor<i32>, tensor<i32>) -> (tensor<6xi32>, tensor<6xi32>)
   reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.compare  EQ, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.and %3, %4 : tensor<i1>
    %6 = stablehlo.or %2, %5 : tensor<i1>
    %7 = stablehlo.select %6, %arg1, %arg3 : tensor<i1>, tensor<i32>
    %8 = stablehlo.select %6, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %7, %8 : tensor<i32>, tensor<i32>
  }
  return %1#1 : tensor<6xi32>
}

// jnp.argmax(x, axis=1) with the reduced dimension sharded on "y", as jax
// 0.12's Shardy export leaves it (03.after_partitioner_passes): no gather and
// no sdy.all_reduce after the variadic reduce, which is no sdy reduction; the
// global-to-local conversion completes it (each device reduces its block,
// the partials of each "y" group are reduced again with the body).
func.func @parallel_argmax_sharded_dim(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x6xi32>
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>]>} : (tensor<8x6xi32>, tensor<8x6xi32>, tensor<i32>, tensor<i32>) -> (tensor<8xi32>, tensor<8xi32>)
   reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.compare  EQ, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.and %3, %4 : tensor<i1>
    %6 = stablehlo.or %2, %5 : tensor<i1>
    %7 = stablehlo.select %6, %arg1, %arg3 : tensor<i1>, tensor<i32>
    %8 = stablehlo.select %6, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %7, %8 : tensor<i32>, tensor<i32>
  }
  return %1#1 : tensor<8xi32>
}

func.func @sequential_argmax_sharded_dim(%arg0: tensor<8x6xi32>) -> tensor<8xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<8x6xi32>
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] : (tensor<8x6xi32>, tensor<8x6xi32>, tensor<i32>, tensor<i32>) -> (tensor<8xi32>, tensor<8xi32>)
   reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.compare  EQ, %arg1, %arg3,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.and %3, %4 : tensor<i1>
    %6 = stablehlo.or %2, %5 : tensor<i1>
    %7 = stablehlo.select %6, %arg1, %arg3 : tensor<i1>, tensor<i32>
    %8 = stablehlo.select %6, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %7, %8 : tensor<i32>, tensor<i32>
  }
  return %1#1 : tensor<8xi32>
}
