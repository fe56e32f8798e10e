// Negative tests of the verifier's `composite` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// composite_c1
func.func @dec(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[composite_c1] name must be a valid namespaced op name}}
  %0 = "stablehlo.composite"(%x) {name = "nonamespace", decomposition = @dec} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// composite_c2
func.func @dec(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
// expected-error @+1 {{[composite_c2] '@nope' does not reference a valid function}}
  %0 = "stablehlo.composite"(%x) {name = "my.op", decomposition = @nope} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// composite_c3
func.func @dec(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func @main(%x: tensor<2xf64>) -> tensor<2xf32> {
// expected-error @+1 {{[composite_c3] operand at index 0 has type 'tensor<2xf64>', but decomposition has type 'tensor<2xf32>'}}
  %0 = "stablehlo.composite"(%x) {name = "my.op", decomposition = @dec} : (tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// composite_c4
func.func @dec(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf64> {
// expected-error @+1 {{[composite_c4] result at index 0 has type 'tensor<2xf64>', but decomposition has type 'tensor<2xf32>'}}
  %0 = "stablehlo.composite"(%x) {name = "my.op", decomposition = @dec} : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
