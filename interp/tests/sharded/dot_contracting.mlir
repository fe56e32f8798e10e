// A dot whose contracting dimension is sharded: each device computes a
// partial product, and sdy.all_reduce sums the partials.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_dot(%lhs: tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>},
                        %rhs: tensor<6x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<4x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0]
    {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}], unreduced={"x"}>]>}
    : (tensor<4x6xi32>, tensor<6x3xi32>) -> tensor<4x3xi32>
  %1 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{"y"}, {}]> : tensor<4x3xi32>
  return %1 : tensor<4x3xi32>
}

func.func @sequential_dot(%lhs: tensor<4x6xi32>, %rhs: tensor<6x3xi32>) -> tensor<4x3xi32> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<4x6xi32>, tensor<6x3xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// The same dot without the all_reduce: the result is still partial.
func.func @missing_all_reduce(%lhs: tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>},
                              %rhs: tensor<6x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<4x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0]
    {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>}
    : (tensor<4x6xi32>, tensor<6x3xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// A max-reduction over a non-divisible sharded dimension (5 rows on 2
// devices): the padding row must not take part, so all values are negative.
func.func @parallel_reduce_max(%arg0: tensor<5x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %c = stablehlo.constant dense<-1000> : tensor<i32>
  %n = stablehlo.constant dense<-500> : tensor<5x3xi32>
  %neg = stablehlo.add %arg0, %n {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<5x3xi32>
  %0 = stablehlo.reduce(%neg init: %c) applies stablehlo.maximum across dimensions = [0]
    {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced=max{"x"}>]>}
    : (tensor<5x3xi32>, tensor<i32>) -> tensor<3xi32>
  %1 = sdy.all_reduce max {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<3xi32>
  return %1 : tensor<3xi32>
}

func.func @sequential_reduce_max(%arg0: tensor<5x3xi32>) -> tensor<3xi32> {
  %c = stablehlo.constant dense<-1000> : tensor<i32>
  %n = stablehlo.constant dense<-500> : tensor<5x3xi32>
  %neg = stablehlo.add %arg0, %n : tensor<5x3xi32>
  %0 = stablehlo.reduce(%neg init: %c) applies stablehlo.maximum across dimensions = [0]
    : (tensor<5x3xi32>, tensor<i32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
