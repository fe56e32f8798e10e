// Negative tests of the verifier's `unreduced` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// unreduced_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{}]>}) -> tensor<8xf32> {
// expected-error @+1 {{[unreduced_c1] 'sdy.all_reduce' op cannot add new unreduced axis 'b'.}}
  %0 = sdy.all_reduce {} %x out_sharding=<@m, [{}], unreduced={"b"}> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// unreduced_c2
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"b"}]>}) -> tensor<8xf32> {
// expected-error @+1 {{[unreduced_c2] 'sdy.reshard' op cannot introduce 'min' unreduced axes. Expected 'sum'.}}
  %0 = sdy.reshard %x <@m, [{}], unreduced=min{"b"}> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// unreduced_c4
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{}], unreduced=min{"a"}>}) -> tensor<8xf32> {
// expected-error @+1 {{[unreduced_c4] 'sdy.reduce_scatter' op cannot reduce 'min' unreduced axes. Expected 'max'.}}
  %0 = sdy.reduce_scatter max [{"a"}] %x out_sharding=<@m, [{"a"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// unreduced_c5
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{}], unreduced=min{"a", "b"}>}) -> tensor<8xf32> {
// expected-error @+1 {{[unreduced_c5] 'sdy.sharding_constraint' op cannot change the reduction operator of kept unreduced axes from min to max.}}
  %0 = sdy.sharding_constraint %x <@m, [{}], unreduced=max{"b"}> : tensor<8xf32>
  return %0 : tensor<8xf32>
}
