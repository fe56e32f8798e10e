// Negative tests of the verifier's `manual_computation` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// manual_computation_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-note @+1 {{parent bounding this axis as manual}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{"a"}]>] out_shardings=[<@m, [{"a"}]>] manual_axes={"a"} (%y: tensor<2xf32>) {
// expected-error @+1 {{[manual_computation_c1] 'sdy.manual_computation' op operates on axis "a" which is already bound by a parent sdy.manual_computation op}}
    %1 = sdy.manual_computation(%y) in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={"b", "a"} (%z: tensor<2xf32>) {
      sdy.return %z : tensor<2xf32>
    } : (tensor<2xf32>) -> tensor<2xf32>
    sdy.return %1 : tensor<2xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// manual_computation_c2
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[sharding_c1] 'sdy.manual_computation' op operand - unknown mesh: @nope}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@nope, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={} (%y: tensor<8xf32>) {
    sdy.return %y : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// manual_computation_c3
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[manual_computation_c3] number of op operands and region operands must match. Op has 1 op operands and 2 region operands}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={} (%y: tensor<8xf32>, %z: tensor<8xf32>) {
    sdy.return %y : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// manual_computation_c4
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[manual_computation_c4] operand sharding at index 0 must have all manual axes come before free axes in its dimension sharding at index 0. Saw manual axis "a" after free axis "b"}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{"b", "a"}]>] out_shardings=[<@m, [{"a"}]>] manual_axes={"a"} (%y: tensor<2xf32>) {
    sdy.return %y : tensor<2xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// manual_computation_c5
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<6xf32>) -> tensor<6xf32> {
// expected-error @+1 {{[manual_computation_c5] operand dimension size 6 is not divisible by the manual axes size 4}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{"a"}]>] out_shardings=[<@m, [{}]>] manual_axes={"a"} (%y: tensor<2xf32>) {
    sdy.return %y : tensor<2xf32>
  } : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// manual_computation_c6
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[manual_computation_c6] operand shape, corresponding sharding, and region operand shape at index 0 must match. Expected local shape 'tensor<2xf32>', actual local shape 'tensor<4xf32>'}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{"a"}]>] out_shardings=[<@m, [{"a"}]>] manual_axes={"a"} (%y: tensor<4xf32>) {
    sdy.return %y : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// manual_computation_c7
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[manual_computation_c7] all in and out shardings must be bound to the same mesh or an empty mesh.}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{}]>] out_shardings=[<@n, [{}]>] manual_axes={"a"} (%y: tensor<8xf32>) {
    sdy.return %y : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// manual_computation_c8
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[manual_computation_c8] unknown manual axis: "q"}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={"q"} (%y: tensor<8xf32>) {
    sdy.return %y : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// manual_computation_c9
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-note @+1 {{required by region isolation constraints}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={} (%y: tensor<8xf32>) {
// expected-error @+1 {{[manual_computation_c9] 'stablehlo.add' op using value defined outside the region}}
    %1 = stablehlo.add %y, %x : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
