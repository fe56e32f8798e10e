// Negative tests of the verifier's `get_tuple_element` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// get_tuple_element_c1
func.func @main(%t: tuple<tensor<2xf32>>) -> tensor<2xf32> {
// expected-error @+1 {{[get_tuple_element_c1] index 1 is out of bounds of operand with size 1}}
  %0 = "stablehlo.get_tuple_element"(%t) {index = 1 : i32} : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// get_tuple_element_c2
func.func @main(%t: tuple<tensor<2xf32>>) -> tensor<2xf64> {
// expected-error @+1 {{[get_tuple_element_c2] inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'}}
  %0 = "stablehlo.get_tuple_element"(%t) {index = 0 : i32} : (tuple<tensor<2xf32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
