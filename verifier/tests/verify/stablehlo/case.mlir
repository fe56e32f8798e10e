// Negative tests of the verifier's `case` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// case_c1
func.func @main(%p: tensor<i32>) {
// expected-error @+1 {{[case_c1] expect at least one branch}}
  "stablehlo.case"(%p) : (tensor<i32>) -> ()
  return
}

// -----

// case_c2
func.func @main(%p: tensor<i32>) -> tensor<i32> {
// expected-error @+1 {{[case_c2] branch 0 must have 0 arguments, but found 1}}
  %0 = "stablehlo.case"(%p) ({
  ^bb0(%z: tensor<i32>):
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%t) : (tensor<i32>) -> ()
  }, {
    %f = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%f) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// case_c3
func.func @main(%p: tensor<i32>) -> tensor<i32> {
// expected-error @+1 {{[case_c3] branch 0 and branch 1 have mismatched return types: tensor<i32> vs tensor<f32>}}
  %0 = "stablehlo.case"(%p) ({
  ^bb0:
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%t) : (tensor<i32>) -> ()
  }, {
    %f = "stablehlo.constant"() {value = dense<0> : tensor<f32>} : () -> tensor<f32>
    "stablehlo.return"(%f) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// case_c4
func.func @main(%p: tensor<i32>) -> tensor<f32> {
// expected-error @+1 {{[case_c4] inferred type(s) tensor<i32> are incompatible with return type(s) of operation tensor<f32>}}
  %0 = "stablehlo.case"(%p) ({
  ^bb0:
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%t) : (tensor<i32>) -> ()
  }, {
    %f = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%f) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// case_i1
func.func @main(%p: tensor<i1>) -> tensor<i32> {
// expected-error @+1 {{[case_i1] operand #0 must be 0D tensor of i32 values}}
  %0 = "stablehlo.case"(%p) ({
  ^bb0:
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%t) : (tensor<i32>) -> ()
  }, {
    %f = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%f) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  return %0 : tensor<i32>
}
