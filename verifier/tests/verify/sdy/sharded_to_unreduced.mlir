// Negative tests of the verifier's `sharded_to_unreduced` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// sharded_to_unreduced_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sharded_to_unreduced_c1] 'sdy.sharded_to_unreduced' op out_sharding reduction_op must be SUM}}
  %0 = sdy.sharded_to_unreduced [{"a"}, {}] %x out_sharding=<@m, [{}, {}], unreduced=max{"a"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sharded_to_unreduced_c2
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sharded_to_unreduced_c2] out_unreduced_axes should be in_unreduced_axes + sharded_to_unreduced_axes}}
  %0 = sdy.sharded_to_unreduced [{"a"}, {}] %x out_sharding=<@m, [{}, {}], unreduced={"b"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
