// Negative tests of the verifier's `axis_list` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// axis_list_c1
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[axis_list_c1] 'func.func' op arg 0 - unknown axis name: "z"}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"z"}]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// axis_list_c2
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[axis_list_c2] duplicate axis ref: "a"}}
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {"a"}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

// axis_list_c3
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[axis_list_c3] two consecutive sub-axes can be merged: "a":(1)2, "a":(2)2}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a":(1)2, "a":(2)2}]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// axis_list_c4
sdy.mesh @m = <["a"=4, "b"=2]>
// expected-error @+1 {{[axis_list_c4] replicated axes are not ordered w.r.t. mesh}}
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{}], replicated={"b", "a"}>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}
