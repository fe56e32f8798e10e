// Negative tests of the verifier's `reduce` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// reduce_c1
func.func @main(%x: tensor<2xf32>, %y: tensor<3xf32>, %i: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
// expected-error @+1 {{[reduce_c1] expects all inputs to have compatible shapes. Shape at input-index 1 is not compatible with shape at input-index 0}}
  %0:2 = "stablehlo.reduce"(%x, %y, %i, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    "stablehlo.return"(%a, %b) : (tensor<f32>, tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<3xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %0#0, %0#1 : tensor<f32>, tensor<f32>
}

// -----

// reduce_c2
func.func @main(%x: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {
// expected-error @+1 {{[reduce_c2] The type of reduction-region's parameter at index 0 is different than the corresponding result type: 'tensor<f32>' vs 'tensor<i32>'}}
  %0 = "stablehlo.reduce"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.convert"(%a) : (tensor<f32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reduce_c3
func.func @main(%x: tensor<2xf32>) -> tensor<f32> {
// expected-error @+1 {{[reduce_c3] expects the same number of inputs and init values, and at least one of each, got 1 operands}}
  %0 = "stablehlo.reduce"(%x) ({
  ^bb0(%a: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// reduce_c4
func.func @main(%x: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2x3xf32> {
// expected-error @+1 {{[reduce_c4] Out-of-bounds dimension 2, expected to be in range [0, 2)}}
  %0 = "stablehlo.reduce"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// reduce_c5
func.func @main(%x: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {
// expected-error @+1 {{[reduce_c5] Duplicate reduction dimension: 1}}
  %0 = "stablehlo.reduce"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reduce_c6
func.func @main(%x: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {
// expected-error @+1 {{[reduce_c6] Reduction-region must take 2 parameters, but takes 3 parameter(s)}}
  %0 = "stablehlo.reduce"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>, %z: tensor<f32>):
    %s = "stablehlo.add"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reduce_c7
func.func @main(%x: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<3xf32> {
// expected-error @+1 {{[reduce_c7] inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "stablehlo.reduce"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// reduce_c8
func.func @main(%x: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf64> {
// expected-error @+1 {{[reduce_c8] inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'}}
  %0 = "stablehlo.reduce"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
