// Regression (findings/sharded-dot-general-crossed-contracting, found by
// `shardref gen --seed 790 --count 1 --no-sub-axes --check`): the
// dot_general contracts lhs dims [0, 1] with rhs dims [0, 2]; lhs dim 1 and
// rhs dim 0 are both sharded on "x" but belong to different contracting
// pairs. Slicing the other side of each pair on "x" would leave every device
// the diagonal blocks only; no axis may shard two factors, so the op needs a
// reshard (an error in strict mode, performed with --insert-reshards).
sdy.mesh @mesh = <["x"=2, "y"=1]>

func.func @main(%arg0: tensor<8x4xui8> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x4x4xui8> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<4xui8> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %v3 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 2]>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x4xui8>, tensor<8x4x4xui8>) -> tensor<4xui8>
  "func.return"(%v3) : (tensor<4xui8>) -> ()
}
