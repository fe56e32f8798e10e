// Negative tests of the verifier's `sub_axes` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// sub_axes_c1
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sub_axes_c1] both sub-axis and full-axis are used for axis name: "a"}}
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {"a":(1)2}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

// sub_axes_c2
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sub_axes_c2] sub-axis pre-size must be at least 1: "a":(0)2}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a":(0)2}]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// sub_axes_c3
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sub_axes_c3] sub-axis sizes must be greater than 1: "a":(2)1}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a":(2)1}]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// sub_axes_c4
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sub_axes_c4] sub-axis next pre-size 3 doesn't divide the size of the full axis 4}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a":(1)3}]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// sub_axes_c5
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[sub_axes_c5] sub-axis size is equal to the full axis size: "a":(1)4}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a":(1)4}]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// sub_axes_c6
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[axis_list_c2] duplicate axis ref}}
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a":(1)2}, {"a":(1)2}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}
