// Negative tests of the verifier's `collective_axes` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// collective_axes_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[axis_list_c2] 'sdy.all_gather' op duplicate axis ref: "a"}}
  %0 = sdy.all_gather [{"a"}, {"a"}] %x out_sharding=<@m, [{}, {"b"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// collective_axes_c2
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[collective_axes_c2] result sharding has rank 2 but collective axes has rank 1}}
  %0 = sdy.all_slice [{"a"}] %x out_sharding=<@m, [{"a"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// collective_axes_c3
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a", "b"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[collective_axes_c3] 'sdy.sharded_to_unreduced' op can't apply shard-to-unreduce axis "a" to operand sharding on dimension 0}}
  %0 = sdy.sharded_to_unreduced [{"a"}, {}] %x out_sharding=<@m, [{"b"}, {}], unreduced={"a"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// collective_axes_c4
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a":(1)2}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[collective_axes_c4] 'sdy.all_slice' op result sharding doesn't match expected sharding ["a"] on dimension 0}}
  %0 = sdy.all_slice [{"a":(2)2}, {}] %x out_sharding=<@m, [{"a":(1)2}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
