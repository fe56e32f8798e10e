// Negative tests of the verifier's `if` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// if_c1
func.func @main(%p: tensor<i1>) -> tensor<i32> {
// expected-error @+1 {{[if_c1] branch 0 must have 0 arguments, but found 1}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0(%z: tensor<i32>):
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%t) : (tensor<i32>) -> ()
  }, {
    %f = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%f) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// if_c2
func.func @main(%p: tensor<i1>) -> tensor<i32> {
// expected-error @+1 {{[if_c2] branch 0 and branch 1 have mismatched return types: tensor<i32> vs tensor<2xi32>}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0:
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%t) : (tensor<i32>) -> ()
  }, {
    %f = "stablehlo.constant"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
    "stablehlo.return"(%f) : (tensor<2xi32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// if_c3
func.func @main(%p: tensor<i1>) -> tensor<i64> {
// expected-error @+1 {{[if_c3] inferred type(s) tensor<i32> are incompatible with return type(s) of operation tensor<i64>}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0:
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%t) : (tensor<i32>) -> ()
  }, {
    %f = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%f) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// if_i1
func.func @main(%p: tensor<2xi1>) -> tensor<i32> {
// expected-error @+1 {{[if_i1] operand should be rank 0 tensor but got rank 1}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0:
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%t) : (tensor<i32>) -> ()
  }, {
    %f = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%f) : (tensor<i32>) -> ()
  }) : (tensor<2xi1>) -> tensor<i32>
  return %0 : tensor<i32>
}
