// Negative tests of the verifier's `sdy_all_reduce` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// sdy_all_reduce_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_all_reduce_c1] 'sdy.all_reduce' op operand and result shardings are not equivalent}}
  %0 = sdy.all_reduce {"b"} %x out_sharding=<@m, [{}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sdy_all_reduce_c2
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[axis_list_c4] 'sdy.all_reduce' op reduction axes are not ordered w.r.t. mesh}}
  %0 = sdy.all_reduce {"b", "a"} %x out_sharding=<@m, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sdy_all_reduce_c3
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}], replicated={"b"}>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_all_reduce_c3] reduction axis "b":(1)2 overlaps with operand dimension sharding or replicated axes}}
  %0 = sdy.all_reduce {"b":(1)2} %x out_sharding=<@m, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sdy_all_reduce_c4
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}], unreduced={"a"}>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_all_reduce_c4] reduction axis "a":(2)2 overlaps with result unreduced axes}}
  %0 = sdy.all_reduce {"a":(2)2} %x out_sharding=<@m, [{}, {}], unreduced={"a"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
