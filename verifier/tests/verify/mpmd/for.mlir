// Negative tests of the verifier's `for` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// for_c1
func.func @main(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
// expected-error @+1 {{[for_c1] wrong number of arguments for region}}
  %0 = mpmd.for (%a) {iterations = 2 : ui32} (%b: tensor<4xf32>) {
    mpmd.return %b : tensor<4xf32>
  } : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// for_c2
func.func @main(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
// expected-error @+1 {{[for_c2] wrong argument type at argument no. 0}}
  %0 = mpmd.for (%a) {iterations = 2 : ui32} (%b: tensor<4xi32>, %i: tensor<ui32>) {
    %c = stablehlo.constant dense<0.0> : tensor<4xf32>
    mpmd.return %c : tensor<4xf32>
  } : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// for_c3
func.func @main(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
// expected-error @+1 {{[for_c3] index must have a 32-bit integer rank-0 tensor type}}
  %0 = mpmd.for (%a) {iterations = 2 : ui32} (%b: tensor<4xf32>, %i: tensor<i64>) {
    mpmd.return %b : tensor<4xf32>
  } : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// for_c4
func.func @main(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
// expected-error @+1 {{[for_c4] type mismatch for result of region}}
  %0 = mpmd.for (%a) {iterations = 2 : ui32} (%b: tensor<4xf32>, %i: tensor<ui32>) {
    mpmd.return %i : tensor<ui32>
  } : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// for_c5
func.func @main(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
// expected-error @+1 {{[for_c5] type ids in operands/results are not identical}}
  %0:2 = mpmd.for (%a, %t) {iterations = 2 : ui32} (%b: tensor<4xf32>, %u: !stablehlo.token, %i: tensor<ui32>) {
    mpmd.return %b, %u : tensor<4xf32>, !stablehlo.token
  } : tensor<4xf32>, !stablehlo.token
  return %a : tensor<4xf32>
}

// -----

// for_c6
func.func @main(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
// expected-error @+1 {{[for_c6] number of iterations must be greater than zero}}
  %0 = mpmd.for (%a) {iterations = 0 : ui32} (%b: tensor<4xf32>, %i: tensor<ui32>) {
    mpmd.return %b : tensor<4xf32>
  } : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// for_c7
func.func @main(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
// expected-error @+1 {{[for_c7] number of iterations 3 isn't divisible by unroll factor 2}}
  %0 = mpmd.for (%a) {iterations = 3 : ui32, unroll_factor = 2 : ui32} (%b: tensor<4xf32>, %i: tensor<ui32>) {
    mpmd.return %b : tensor<4xf32>
  } : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// for_c8
func.func @main(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
// expected-error @+1 {{[for_c8] 'mpmd.for' op requires attribute 'iterations'}}
  %0 = mpmd.for (%a)  (%b: tensor<4xf32>, %i: tensor<ui32>) {
    mpmd.return %b : tensor<4xf32>
  } : tensor<4xf32>
  return %a : tensor<4xf32>
}
