// Negative tests of the verifier's `call` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// call_c1
func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[call_c1] Type mismatch. Expected call operand to have type 'tensor<4xi32>' but got 'tensor<4xf32>'}}
  %0 = mpmd.call @g(%a)  : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @g(%a: tensor<4xi32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// call_c2
func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[call_c2] Type mismatch. Expected call result to have type 'tensor<4xi32>' but got 'tensor<4xf32>'}}
  %0 = mpmd.call @g(%a)  : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @g(%a: tensor<4xf32>) -> tensor<4xi32> {
  %c = stablehlo.constant dense<0> : tensor<4xi32>
  return %c : tensor<4xi32>
}

// -----

// call_c3
func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[call_c3] MPMD CallOp callee with topology must also have visibility set to private}}
  %0 = mpmd.call @g(%a)  : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func public @g(%a: tensor<4xf32>) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  return %a : tensor<4xf32>
}

// -----

// call_c4
func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[call_c4] call_counter must be an uint32, got 'i32'}}
  %0 = mpmd.call @g(%a) {call_counter = 3 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// call_c5
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mpmd.named_computation<"n"> (%a) (%b: tensor<4xf32>) {
// expected-error @+1 {{[call_c5] Mpmd CallOp on "g" can only be used in a function or for_op block but was called from inside op mpmd.named_computation}}
    %c = mpmd.call @g(%b) : (tensor<4xf32>) -> tensor<4xf32>
    mpmd.return %c : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// call_c6
func.func private @f(%a: tensor<4xf32>) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
// expected-error @+1 {{[call_c6] Mpmd CallOp on "g" in an Mpmd function can only be used directly by the entrypoint function, i.e. the main function, but was called from "f".}}
  %0 = mpmd.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// call_c7
func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[call_c7] 'g' does not reference a valid function}}
  %0 = mpmd.call @g(%a)  : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
