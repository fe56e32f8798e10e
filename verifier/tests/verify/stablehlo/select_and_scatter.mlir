// Negative tests of the verifier's `select_and_scatter` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// select_and_scatter_c1
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf64>, %i: tensor<f32>) -> tensor<4x4xf32> {
// expected-error @+1 {{[select_and_scatter_c1] expects source and operand to have the same element type}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf64>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter_c2
func.func @main(%x: tensor<4x4xf32>, %s: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
// expected-error @+1 {{[select_and_scatter_c2] expects source-type to be 'tensor<2x2xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<3x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter_c3
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<i32>) -> tensor<4x4xf32> {
// expected-error @+1 {{[reduce_c6] The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter_c4
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
// expected-error @+1 {{[select_and_scatter_c4] expects window-dimensions size == operand rank, but got window-dimensions size: 1}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter_c5
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
// expected-error @+1 {{[select_and_scatter_c5] expects window to have positive value for 1-th window dimension, but got 0.}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 0>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter_c6
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
// expected-error @+1 {{[select_and_scatter_c6] expects window-strides to have same dimension-size}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter_c7
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
// expected-error @+1 {{[select_and_scatter_c7] expects window to have positive stride for 1-th window dimension, but got 0.}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 0>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter_c8
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
// expected-error @+1 {{[select_and_scatter_c8] expects the shape of padding-attribute to be {N, 2}, but got {2, 3}.}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<0> : tensor<2x3xi64>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter_c9
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
// expected-error @+1 {{[select_and_scatter_c9] expects the return-type of select-region to be tensor<i1>}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%c) : (tensor<i32>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter_c10
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
// expected-error @+1 {{[select_and_scatter_c10] Reduction-region must take 2 parameters, but takes 1 parameter(s)}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter_c11
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x5xf32> {
// expected-error @+1 {{[select_and_scatter_c11] inferred type(s) 'tensor<4x4xf32>' are incompatible with return type(s) of operation 'tensor<4x5xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// select_and_scatter_c12
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf64> {
// expected-error @+1 {{[select_and_scatter_c12] inferred type(s) 'tensor<4x4xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf64>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}
