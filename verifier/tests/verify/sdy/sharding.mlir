// Negative tests of the verifier's `sharding` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// sharding_c1
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sharding_c1] arg 0 - unknown mesh: @nope}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@nope, [{}]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// sharding_c2
sdy.mesh @mx = <[], device_ids=[3]>
// expected-error @+1 {{[sharding_c2] arg 0 - a maximal sharding can only have a sharding with rank 0 and no replicated or unreduced axes.}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mx, [{}]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// sharding_c3
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sharding_c3] ops can only have a sharding for a tuple of size 1}}
func.func @f(%x: tuple<tensor<2xf32>, tensor<2xf32>> {sdy.sharding = #sdy.sharding<@m, []>}) -> tuple<tensor<2xf32>, tensor<2xf32>> {
  return %x : tuple<tensor<2xf32>, tensor<2xf32>>
}

// -----

// sharding_c4
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sharding_c4] non-shaped tensors can only have a sharding with rank 0}}
func.func @f(%x: !stablehlo.token {sdy.sharding = #sdy.sharding<@m, [{}]>}) -> !stablehlo.token {
  return %x : !stablehlo.token
}

// -----

// sharding_c5
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sharding_c5] only ranked tensors can have a sharding. type: 'tensor<*xf32>'}}
func.func @f(%x: tensor<*xf32> {sdy.sharding = #sdy.sharding<@m, []>}) -> tensor<*xf32> {
  return %x : tensor<*xf32>
}

// -----

// sharding_c6
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sharding_c6] sharding doesn't match tensor rank: 2 != 1}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// sharding_c8
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sharding_c8] dim 0 is empty and closed but has a priority}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{}p2]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// sharding_c10
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-note @+1 {{parent bounding this axis as manual}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{"a"}]>] out_shardings=[<@m, [{"a"}]>] manual_axes={"a"} (%y: tensor<2xf32>) {
// expected-error @+1 {{[sharding_c10] 'stablehlo.abs' op result - operates on axis "a" which is already bound by a parent sdy.manual_computation op}}
    %1 = stablehlo.abs %y {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}], replicated={"a"}>]>} : tensor<2xf32>
    sdy.return %1 : tensor<2xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
