// Regression: found by the proptest sharded_runs_equal_the_global_run (random seed). A dot_general
// with no contracting dimension gave -0 for -1 * 0 on the global run and +0 on local shards: faer's
// GEMM keeps the sign of a lone product in some blockings and not in others. The spec's dot product
// reduces from +0, so its zeros are +0; both paths now give +0.

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=8]>

func.func @main() -> (tensor<2x3x2xf32>) {
  %a = stablehlo.constant dense<-1.0> : tensor<3x2xf32>
  %b = stablehlo.constant dense<0.0> : tensor<2x2xf32>
  %v2 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [1], rhs_batching_dimensions = [0]>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}, {"c"}]>]>} : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<2x3x2xf32>
  "func.return"(%v2) : (tensor<2x3x2xf32>) -> ()
}
