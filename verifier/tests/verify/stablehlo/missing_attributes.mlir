// Required attributes missing: the verifier reads them through the op table's attribute views
// (`shardref_spec::schema`), so the attribute each message names is the schema's.
// RUN: shardref verify %s --split-input-file --verify-diagnostics

func.func @main(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
// expected-error @+1 {{[stablehlo_signature] requires attribute 'permutation'}}
  %0 = "stablehlo.transpose"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @main(%a: tensor<2xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[stablehlo_signature] requires attribute 'dimension'}}
  %0 = "stablehlo.concatenate"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @main() -> tensor<4xi32> {
// expected-error @+1 {{[stablehlo_signature] requires attribute 'iota_dimension'}}
  %0 = "stablehlo.iota"() : () -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @main(%a: tensor<2xf32>) -> tensor<2xi1> {
// expected-error @+1 {{[stablehlo_signature] requires attribute 'comparison_direction'}}
  %0 = "stablehlo.compare"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
