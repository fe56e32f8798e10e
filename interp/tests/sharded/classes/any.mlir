// jnp.any(x > 0, axis=0) over the row-sharded dimension: each device ors its
// rows, and sdy.all_reduce combines the partials (a sum on i1 is logical or).
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_any(%arg0: tensor<6x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xi1> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %c = stablehlo.constant dense<15> : tensor<6x4xi32>
  %c_0 = stablehlo.constant dense<false> : tensor<i1>
  %0 = stablehlo.compare  GT, %arg0, %c,  SIGNED {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<6x4xi32>, tensor<6x4xi32>) -> tensor<6x4xi1>
  %1 = stablehlo.reduce(%0 init: %c_0) applies stablehlo.or across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"x"}>]>} : (tensor<6x4xi1>, tensor<i1>) -> tensor<4xi1>
  %2 = sdy.all_reduce {"x"} %1 out_sharding=<@mesh, [{}]> : tensor<4xi1>
  return %2 : tensor<4xi1>
}

func.func @sequential_any(%arg0: tensor<6x4xi32>) -> tensor<4xi1> {
  %c = stablehlo.constant dense<15> : tensor<6x4xi32>
  %c_0 = stablehlo.constant dense<false> : tensor<i1>
  %0 = stablehlo.compare  GT, %arg0, %c,  SIGNED : (tensor<6x4xi32>, tensor<6x4xi32>) -> tensor<6x4xi1>
  %1 = stablehlo.reduce(%0 init: %c_0) applies stablehlo.or across dimensions = [0] : (tensor<6x4xi1>, tensor<i1>) -> tensor<4xi1>
  return %1 : tensor<4xi1>
}

// jnp.all over a non-divisible sharded dimension (5 rows on 2 devices): the
// padding row must not take part.
func.func @parallel_all(%arg0: tensor<5x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xi1> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %c = stablehlo.constant dense<-15> : tensor<5x4xi32>
  %c_0 = stablehlo.constant dense<true> : tensor<i1>
  %0 = stablehlo.compare  GT, %arg0, %c,  SIGNED {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<5x4xi32>, tensor<5x4xi32>) -> tensor<5x4xi1>
  %1 = stablehlo.reduce(%0 init: %c_0) applies stablehlo.and across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced=min{"x"}>]>} : (tensor<5x4xi1>, tensor<i1>) -> tensor<4xi1>
  %2 = sdy.all_reduce min {"x"} %1 out_sharding=<@mesh, [{}]> : tensor<4xi1>
  return %2 : tensor<4xi1>
}

func.func @sequential_all(%arg0: tensor<5x4xi32>) -> tensor<4xi1> {
  %c = stablehlo.constant dense<-15> : tensor<5x4xi32>
  %c_0 = stablehlo.constant dense<true> : tensor<i1>
  %0 = stablehlo.compare  GT, %arg0, %c,  SIGNED : (tensor<5x4xi32>, tensor<5x4xi32>) -> tensor<5x4xi1>
  %1 = stablehlo.reduce(%0 init: %c_0) applies stablehlo.and across dimensions = [0] : (tensor<5x4xi1>, tensor<i1>) -> tensor<4xi1>
  return %1 : tensor<4xi1>
}
