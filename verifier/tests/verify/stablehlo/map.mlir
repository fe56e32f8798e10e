// Negative tests of the verifier's `map` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// map_c1
func.func @main(%x: tensor<4xf32>) -> tensor<5xf32> {
// expected-error @+1 {{[map_c1] requires the same shape for all operands and results}}
  %0 = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// map_c2
func.func @main() -> tensor<4xf32> {
// expected-error @+1 {{[map_c2] expects at least one input}}
  %0 = "stablehlo.map"() ({
    %c = "stablehlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    "stablehlo.return"(%c) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// map_c3
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[map_c3] requires monotonically increasing dimension numbers, but got: [1]}}
  %0 = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// map_c4
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[map_c4] expects computation parameters to be rank 0 tensors of the operands' element types}}
  %0 = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f64>):
    "stablehlo.return"(%a) : (tensor<f64>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
