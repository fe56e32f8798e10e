// Negative tests of the verifier's `sharding_rule` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// sharding_rule_c1
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[sharding_rule_c1] number of operands and mappings must match: 1 != 2}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=4}>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sharding_rule_c3
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
// expected-error @+1 {{[sharding_rule_c3] operand - expected a ranked tensor with a static shape. type: 'tensor<?xf32>'}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>} : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// sharding_rule_c4
func.func @f(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
// expected-error @+1 {{[sharding_rule_c4] op operand - mapping rank must match: 1 != 2}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=4, j=2}>} : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// sharding_rule_c5
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
// expected-error @+1 {{[sharding_rule_c5] operand - dim mapping must have at least one factor}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, ])->([i, j]) {i=4, j=2}>} : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// sharding_rule_c6
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[sharding_rule_c6] expecting factor indices to be within 0<=...<num_factors; received: 1, num_factors: 1}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([j]) {i=4}>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sharding_rule_c7
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
// expected-error @+1 {{[sharding_rule_c7] operand - cannot reuse factors for the same tensor value}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, i])->([i, j]) {i=3, j=3}>} : tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// sharding_rule_c8
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<6xf32>) -> tensor<6xf32> {
// expected-error @+1 {{[sharding_rule_c8] dim mapping can't have a factor of size 1 if there are multiple factors}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([ij]) {i=1, j=6}>} : tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// sharding_rule_c9
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[sharding_rule_c9] has factor j=2 that isn't used in operand and result mappings}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4, j=2}>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sharding_rule_c10
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
// expected-error @+1 {{[sharding_rule_c10] indices of special factors must be sorted}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2} need_replication={j, i}>} : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// sharding_rule_c11
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
// expected-error @+1 {{[sharding_rule_c11] indices of special factors must be unique}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2} permutation={j, j}>} : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// sharding_rule_c13
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
// expected-error @+1 {{[sharding_rule_c13] index must be less than 2, got: 2}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2} need_replication={k}>} : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// sharding_rule_c14
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
// expected-error @+1 {{[sharding_rule_c14] a factor can only be in one of the reduction, need replication, or permutation factor sets}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2} need_replication={j} permutation={j}>} : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// sharding_rule_c15
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
// expected-error @+1 {{[sharding_rule_c15] reduction factor cannot be in result mappings}}
  %0 = stablehlo.abs %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2} reduction={i}>} : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
