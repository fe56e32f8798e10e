// Negative tests of the verifier's `reduce_window` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// reduce_window_c1
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c1] expects the same number of inputs and init values, and at least one of each, got 1 operands}}
  %0 = "stablehlo.reduce_window"(%x) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<4x4xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c2
func.func @main(%x: tensor<4x4xf32>, %y: tensor<4x5xf32>, %i: tensor<f32>) -> (tensor<3x3xf32>, tensor<3x3xf32>) {
// expected-error @+1 {{[reduce_window_c2] expects all inputs to have compatible shapes. Shape at input-index 1 is not compatible with shape at input-index 0}}
  %0:2 = "stablehlo.reduce_window"(%x, %y, %i, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    "stablehlo.return"(%a, %b) : (tensor<f32>, tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<4x5xf32>, tensor<f32>, tensor<f32>) -> (tensor<3x3xf32>, tensor<3x3xf32>)
  return %0#0, %0#1 : tensor<3x3xf32>, tensor<3x3xf32>
}

// -----

// reduce_window_c3
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xi32> {
// expected-error @+1 {{[reduce_c6] The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<i32>, %e: tensor<i32>):
    "stablehlo.return"(%a) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}

// -----

// reduce_window_c4
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c4] expects window-dimensions size == input rank, but got window-dimensions size: 1 and input: 'tensor<4x4xf32>' with rank = 2.}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c5
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c5] expects window to have positive value for 1-th window dimension, but got 0.}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 0>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c6
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c6] expects window-strides to have same dimension-size as size of window dimensions (2), but got: 1.}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c7
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c7] expects window to have positive stride for 1-th window dimension, but got 0.}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 0>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c8
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c8] expects base-dilation factors to have same dimension-size as size of window dimensions (2), but got: 1.}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 1>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c9
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c9] expects window to have positive base dilation factor for 0-th window dimension, but got 0.}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 0, 1>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c10
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c10] expects window-dilation factors to have same dimension-size as size of window dimensions (2), but got: 3.}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_dilations = array<i64: 1, 1, 1>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c11
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c11] expects window to have positive window dilation factor for 1-th window dimension, but got -1.}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_dilations = array<i64: 1, -1>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c12
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c12] expects padding-entries to have same dimension-size as size of window dimensions (2), but got: 3.}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, padding = dense<0> : tensor<3x2xi64>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c13
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c13] Reduction-region here must produce 1 tensors, but produces 2 instead}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    "stablehlo.return"(%a, %a) : (tensor<f32>, tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c14
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> (tensor<3x3xf32>, tensor<2x3xf32>) {
// expected-error @+1 {{[reduce_window_c15] inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  %0:2 = "stablehlo.reduce_window"(%x, %x, %i, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    "stablehlo.return"(%a, %b) : (tensor<f32>, tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<3x3xf32>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<3x3xf32>, tensor<2x3xf32>
}

// -----

// reduce_window_c15
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[reduce_window_c15] inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf32>'}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// reduce_window_c16
func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> tensor<2x2xf64> {
// expected-error @+1 {{[reduce_window_c16] inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x2xf64>'}}
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = "stablehlo.add"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}
