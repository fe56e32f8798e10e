// Issue #16 campaign: found by fuzzing `run` (structure-aware mutation of examples/sharded_layout.mlir).
// A sharded iota of 4x4294967296 built its per-device blocks in the local-forms path, which
// neither checked the memory budget nor paid fuel, and the 32 GiB allocation aborted the process.
// The sharded driver now applies the per-op memory budget and local forms pay for every block.
// expect-error: results need 68719476736 bytes, over the budget of 16777216
// Where the blocks of sharded values live: a 4x6 iota sharded over a 2x2
// mesh (rows over "x", columns over "y"), gathered and re-sliced so that
// its columns are split oBBBBBBver "x" and replicated over "y".
//
//   shardref run examples/sharded_layout.mlir --sharded --show-sharding

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main() -> (tensor<4x4294967296xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                      tensor<4x4294967296xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %rows = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x4294967296xi32>
  %cols = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x4294967296xi32>
  %ten = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<10> : tensor<4x4294967296xi32>
  %r10 = stablehlo.multiply %rows, %ten {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x4294967296xi32>
  %a = stablehlo.add %r10, %cols {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x4294967296xi32>
  %full = sdy.all_gather [{"x"}, {"y"}] %a out_sharding=<@mesh, [{}, {}]> : tensor<4x4294967296xi32>
  %b = sdy.all_slice [{}, {"x"}] %full out_sharding=<@mesh, [{}, {"x"}]> : tensor<4x4294967296xi32>
  return %a, %b : tensor<4x4294967296xi32>, tensor<4x4294967296xi32>
}
