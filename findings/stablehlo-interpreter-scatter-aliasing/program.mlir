// The official StableHLO interpreter (jaxlib 0.10.2, StableHLO 1.17.0; `stablehlo.eval_module`)
// returns 1.25 for this function; the StableHLO spec (and shardref, and XLA) give 6.125.
// Its `scatter` builds its results from the input tensor handles, which share storage with the
// inputs, and writes the updates into them: the scattered value (-6.125 + 4.875 = -1.25) replaces
// %a, so the case's second branch (index 43 is out of range: the last branch runs) negates -1.25.
// Reduced by hand from findings/differ-stablehlo-add-case-iota-s10034 (found by `shardref
// difftest`, engines global and stablehlo). Without the scatter, or with %v1 computed from a copy
// of %a, the interpreter gives 6.125.
func.func @main() -> tensor<1xf32> {
  %a = stablehlo.constant dense<-6.125> : tensor<1xf32>
  %i = stablehlo.constant dense<[[0]]> : tensor<1x1xi32>
  %u = stablehlo.constant dense<[4.875]> : tensor<1xf32>
  %k = stablehlo.constant dense<43> : tensor<i32>
  %v1 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<1xf32>, tensor<1x1xi32>, tensor<1xf32>) -> tensor<1xf32>
  %v5 = "stablehlo.case"(%k) ({
    "stablehlo.return"(%a) : (tensor<1xf32>) -> ()
    }, {
    %v4 = "stablehlo.negate"(%a) : (tensor<1xf32>) -> tensor<1xf32>
    "stablehlo.return"(%v4) : (tensor<1xf32>) -> ()
    }) : (tensor<i32>) -> tensor<1xf32>
  func.return %v5 : tensor<1xf32>
}
