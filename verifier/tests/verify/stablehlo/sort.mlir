// Negative tests of the verifier's `sort` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// sort_c1
func.func @main() {
// expected-error @+1 {{[sort_c1] expected 1 or more operands, but found 0}}
  "stablehlo.sort"() ({
    %c = "stablehlo.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : () -> ()
  return
}

// -----

// sort_c2
func.func @main(%x: tensor<4xf32>) -> tensor<5xf32> {
// expected-error @+1 {{[sort_c2] inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<5xf32>'}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// sort_c3
func.func @main(%x: tensor<4xf32>, %y: tensor<5xi32>) -> (tensor<4xf32>, tensor<5xi32>) {
// expected-error @+1 {{[sort_c3] requires the same shape for all operands and results}}
  %0:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %t = "stablehlo.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%t) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<4xf32>, tensor<5xi32>) -> (tensor<4xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<5xi32>
}

// -----

// sort_c4
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[sort_c4] dimension attribute value must be in range [-1, 1), but found 1}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sort_c5
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[sort_c5] comparator block argument #0 should be of type 'tensor<f32>' but got 'tensor<f64>'}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%p: tensor<f64>, %q: tensor<f64>):
    %c = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
