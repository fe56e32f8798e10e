// Negative tests of the verifier's `replicated_to_unreduced` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// replicated_to_unreduced_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[replicated_to_unreduced_c1] 'sdy.replicated_to_unreduced' op out_sharding reduction_op must be SUM}}
  %0 = sdy.replicated_to_unreduced {"a"} %x out_sharding=<@m, [{}, {}], unreduced=min{"a"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// replicated_to_unreduced_c2
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {"b"}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[replicated_to_unreduced_c2] input and output must share the same dimension shardings}}
  %0 = sdy.replicated_to_unreduced {"a"} %x out_sharding=<@m, [{}, {"b", ?}], unreduced={"a"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// replicated_to_unreduced_c3
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[replicated_to_unreduced_c3] 'sdy.replicated_to_unreduced' op r2u axes must not be empty}}
  %0 = sdy.replicated_to_unreduced {} %x out_sharding=<@m, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// replicated_to_unreduced_c4
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[axis_list_c4] r2u axes are not ordered w.r.t. mesh}}
  %0 = sdy.replicated_to_unreduced {"b", "a"} %x out_sharding=<@m, [{}, {}], unreduced={"a", "b"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// replicated_to_unreduced_c5
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[replicated_to_unreduced_c5] r2u axis "a":(2)2 overlaps with operand dimension sharding}}
  %0 = sdy.replicated_to_unreduced {"a":(2)2} %x out_sharding=<@m, [{"a"}, {}], unreduced={"b"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// replicated_to_unreduced_c6
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}], unreduced={"a":(1)2}>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[replicated_to_unreduced_c6] r2u axis "a" overlaps with operand unreduced axes}}
  %0 = sdy.replicated_to_unreduced {"a"} %x out_sharding=<@m, [{}, {}], unreduced={"a"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// replicated_to_unreduced_c7
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}], unreduced={"a"}>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[replicated_to_unreduced_c7] out_unreduced_axes should be in_unreduced_axes + r2u_axes}}
  %0 = sdy.replicated_to_unreduced {"b"} %x out_sharding=<@m, [{}, {}], unreduced={"b"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
