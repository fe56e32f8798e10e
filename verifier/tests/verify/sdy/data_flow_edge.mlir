// Negative tests of the verifier's `data_flow_edge` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// data_flow_edge_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
// expected-error @+1 {{[data_flow_edge_c1] expected sdy.data_flow_edge to have a static-shaped result. type: 'tensor<?xf32>'}}
  %0 = sdy.data_flow_edge %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// data_flow_edge_c2
func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// expected-error @+1 {{[data_flow_edge_c2] expected input of sdy.data_flow_edge to have a single user}}
  %0 = sdy.data_flow_edge %x : tensor<4xf32>
  return %0, %x : tensor<4xf32>, tensor<4xf32>
}

// -----

// data_flow_edge_c3
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-note @+1 {{sdy op defining the input of the sdy.data_flow_edge}}
  %0 = sdy.reshard %x <@m, [{}]> : tensor<4xf32>
// expected-error @+1 {{[data_flow_edge_c3] expected input of sdy.data_flow_edge to not be defined by an SdyDialect op (other than an sdy.named_computation).}}
  %1 = sdy.data_flow_edge %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// data_flow_edge_c4
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[sharding_c6] 'sdy.data_flow_edge' op sharding doesn't match tensor rank: 2 != 1}}
  %0 = sdy.data_flow_edge %x sharding=<@m, [{"a"}, {}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}
