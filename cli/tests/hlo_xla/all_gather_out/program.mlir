// A sharded input gathered into a replicated result (an all-gather), then negated.
module @all_gather_out attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = stablehlo.negate %a : tensor<8x2xf32>
    return %0 : tensor<8x2xf32>
  }
}
