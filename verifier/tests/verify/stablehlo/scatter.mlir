// Negative tests of the verifier's `scatter` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// scatter_c1
func.func @main(%x: tensor<3x4xf32>, %y: tensor<3x5xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x5xf32>) {
// expected-error @+1 {{[scatter_c1] expects all inputs to have compatible shapes}}
  %0:2 = "stablehlo.scatter"(%x, %y, %i, %u, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    "stablehlo.return"(%c, %d) : (tensor<f32>, tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x5xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x5xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x5xf32>
}

// -----

// scatter_c2
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c2] Expects rank-of operand to match size-of('update_window_dims') + size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. 1 but got 2.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c3
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>, %v: tensor<2x3xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
// expected-error @+1 {{[scatter_c3] expects all updates to have compatible shapes}}
  %0:2 = "stablehlo.scatter"(%x, %x, %i, %u, %v) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    "stablehlo.return"(%c, %d) : (tensor<f32>, tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x3xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// scatter_c4
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x5xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c4] expects bounds of the window dimensions of updates to not exceed the bounds of the corresponding dimensions of operand. For dimension 1, updates bound is 5, operand bound is 4.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x5xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c5
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c5] expects an odd number of operands (inputs, scatter_indices, updates), at least 3, got 2}}
  %0 = "stablehlo.scatter"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c6
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf64>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c6] expects updates and inputs to have the same element types}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c7
func.func @main(%x: tensor<3x4x5xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4x5xf32>) -> tensor<3x4x5xf32> {
// expected-error @+1 {{[scatter_c7] Expects update_window_dims to be sorted; got: [2, 1].}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x5xf32>, tensor<2x1xi32>, tensor<2x4x5xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

// scatter_c8
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c8] Expects each element of update_window_dims to be in range [0, rank-of('updates')) i.e. [0, 2). got: 2.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c9
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c9] has duplicated dimension from inserted_window_dims and input_batching_dims: 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c10
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c10] Expects inserted_window_dims to be sorted; got: [1, 0].}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [1, 0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c11
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c11] Expects each element of inserted_window_dims to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0, 2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c12
func.func @main(%x: tensor<3x4x5xf32>, %i: tensor<4x3x1xi32>, %u: tensor<4x3xf32>) -> tensor<3x4x5xf32> {
// expected-error @+1 {{[scatter_c12] Expects input_batching_dims to be sorted; got: [1, 0].}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [2], input_batching_dims = [1, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 2>} : (tensor<3x4x5xf32>, tensor<4x3x1xi32>, tensor<4x3xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

// scatter_c13
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c13] Expects each element of input_batching_dims to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [2], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c14
func.func @main(%x: tensor<3x4x5xf32>, %i: tensor<3x3x1xi32>, %u: tensor<3x3xf32>) -> tensor<3x4x5xf32> {
// expected-error @+1 {{[scatter_c14] Expects scatter_indices_batching_dims to not repeat; got: [0, 0].}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 0], scatter_dims_to_operand_dims = [2], index_vector_dim = 2>} : (tensor<3x4x5xf32>, tensor<3x3x1xi32>, tensor<3x3xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

// scatter_c15
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c15] Expects each element of scatter_indices_batching_dims to be in range [0, rank-of('scatter_indices')) i.e. [0, 2). got: 5.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [5], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c16
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c16] expects scatter_indices_batching_dims not to include index_vector_dim 1.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c17
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c17] input_batching_dims and scatter_indices_batching_dims should have the same size.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c18
func.func @main(%x: tensor<3x4xf32>, %i: tensor<5x1xi32>, %u: tensor<5xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c18] input_batching_dims[0] and scatter_indices_batching_dims[0] must have compatible sizes, but got 3 and 5.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<5x1xi32>, tensor<5xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c19
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c19] Scatter op has 2 elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim=1 of scatter_indices is 1. These two numbers must be equal.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c20
func.func @main(%x: tensor<3x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c20] has duplicated dimension from scatter_dims_to_operand_dims and input_batching_dims: 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c21
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c21] Expects each element of scatter_dims_to_operand_dims to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [2], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c22
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c22] Expects index_vector_dim to be in range [0, rank-of('scatter_indices')] i.e. [0, 2]. got: 3.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c23
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
// expected-error @+1 {{[scatter_c23] Reduction-region must take 2 parameters, but takes 1 parameter(s)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// scatter_c24
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x5xf32> {
// expected-error @+1 {{[scatter_c24] inferred type(s) 'tensor<3x4xf32>' are incompatible with return type(s) of operation 'tensor<3x5xf32>'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// scatter_c25
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf64> {
// expected-error @+1 {{[scatter_c25] inferred type(s) 'tensor<3x4xf32>' are incompatible with return type(s) of operation 'tensor<3x4xf64>'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%b) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}
