// A stablehlo.case on a replicated index choosing between two sharded computations.
module @case_branch attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func @main(%k: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}, %a: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = "stablehlo.case"(%k) ({
      %n = stablehlo.negate %a : tensor<4x2xf32>
      stablehlo.return %n : tensor<4x2xf32>
    }, {
      %m = stablehlo.multiply %a, %a : tensor<4x2xf32>
      stablehlo.return %m : tensor<4x2xf32>
    }) : (tensor<i32>) -> tensor<4x2xf32>
    return %0 : tensor<4x2xf32>
  }
}
