// Negative tests of the verifier's `sdy_all_to_all` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// sdy_all_to_all_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_all_to_all_c1] 'sdy.all_to_all' op parameter list is empty}}
  %0 = sdy.all_to_all [] %x out_sharding=<@m, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sdy_all_to_all_c2
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[axis_list_c1] 'sdy.all_to_all' op unknown axis name: "q"}}
  %0 = sdy.all_to_all [{"q"}: 0->1] %x out_sharding=<@m, [{}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sdy_all_to_all_c3
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_all_to_all_c3] source dimension 5 is out of range [0, 2)}}
  %0 = sdy.all_to_all [{"a"}: 5->1] %x out_sharding=<@m, [{}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sdy_all_to_all_c4
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_all_to_all_c4] target dimension 2 is out of range [0, 2)}}
  %0 = sdy.all_to_all [{"a"}: 0->2] %x out_sharding=<@m, [{}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sdy_all_to_all_c5
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_all_to_all_c5] overlapping source/target dimensions in all-to-all params: 1}}
  %0 = sdy.all_to_all [{"a"}: 1->1] %x out_sharding=<@m, [{}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sdy_all_to_all_c6
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8x8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}, {}, {}]>}) -> tensor<8x8x8x8xf32> {
// expected-error @+1 {{[sdy_all_to_all_c6] source dimensions are not sorted in ascending order: 0 appears after 2}}
  %0 = sdy.all_to_all [{"a"}: 2->3, {"b"}: 0->1] %x out_sharding=<@m, [{}, {}, {}, {}]> : tensor<8x8x8x8xf32>
  return %0 : tensor<8x8x8x8xf32>
}

// -----

// sdy_all_to_all_c7
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a", "b"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_all_to_all_c7] 'sdy.all_to_all' op can't apply all-to-all axis "a" to operand sharding on dimension 0}}
  %0 = sdy.all_to_all [{"a"}: 0->1] %x out_sharding=<@m, [{"b"}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
