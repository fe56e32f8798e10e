// Negative tests of the verifier's `while` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// while_c1
func.func @main(%x: tensor<i32>) -> tensor<i32> {
// expected-error @+1 {{[while_c1] expect condition block return a zero-ranked tensor of i1 but got 'tensor<i32>'}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%c: tensor<i32>):
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%t) : (tensor<i32>) -> ()
  }, {
  ^bb0(%b: tensor<i32>):
    %v = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%v) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// while_c2
func.func @main(%x: tensor<i32>) -> tensor<i32> {
// expected-error @+1 {{[while_c2] expect operands to be compatible with body block return types but got tensor<i32> vs tensor<f32>}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%c: tensor<i32>):
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%t) : (tensor<i1>) -> ()
  }, {
  ^bb0(%b: tensor<i32>):
    %v = "stablehlo.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
    "stablehlo.return"(%v) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// while_c3
func.func @main(%x: tensor<i32>) -> tensor<i64> {
// expected-error @+1 {{[while_c3] inferred type(s) tensor<i32> are incompatible with return type(s) of operation tensor<i64>}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%c: tensor<i32>):
    %t = "stablehlo.constant"() {value = dense<0> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%t) : (tensor<i1>) -> ()
  }, {
  ^bb0(%b: tensor<i32>):
    %v = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    "stablehlo.return"(%v) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i64>
  return %0 : tensor<i64>
}
