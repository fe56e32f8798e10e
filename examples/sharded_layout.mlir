// Where the blocks of sharded values live: a 4x6 iota sharded over a 2x2
// mesh (rows over "x", columns over "y"), gathered and re-sliced so that
// its columns are split over "x" and replicated over "y".
//
//   shardref run examples/sharded_layout.mlir --sharded --show-sharding

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main() -> (tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                      tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %rows = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x6xi32>
  %cols = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x6xi32>
  %ten = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<10> : tensor<4x6xi32>
  %r10 = stablehlo.multiply %rows, %ten {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x6xi32>
  %a = stablehlo.add %r10, %cols {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x6xi32>
  %full = sdy.all_gather [{"x"}, {"y"}] %a out_sharding=<@mesh, [{}, {}]> : tensor<4x6xi32>
  %b = sdy.all_slice [{}, {"x"}] %full out_sharding=<@mesh, [{}, {"x"}]> : tensor<4x6xi32>
  return %a, %b : tensor<4x6xi32>, tensor<4x6xi32>
}
