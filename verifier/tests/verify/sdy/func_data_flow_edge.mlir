// Negative tests of the verifier's `func_data_flow_edge` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// func_data_flow_edge_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
// expected-error @+1 {{[func_data_flow_edge_c1] expected sdy.func_data_flow_edge to have a static-shaped result. type: 'tensor<?xf32>'}}
  %0 = sdy.func_data_flow_edge %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// func_data_flow_edge_c3
func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// expected-error @+1 {{[func_data_flow_edge_c3] expected operand of sdy.func_data_flow_edge to have a single user}}
  %0 = sdy.func_data_flow_edge %x : tensor<4xf32>
  return %x, %0 : tensor<4xf32>, tensor<4xf32>
}

// -----

// func_data_flow_edge_c4
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={} (%y: tensor<8xf32>) {
// expected-error @+1 {{[func_data_flow_edge_c4] expected operand of sdy.func_data_flow_edge to be a block argument of a func op.}}
    %1 = sdy.func_data_flow_edge %y : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// func_data_flow_edge_c5
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %x : tensor<4xf32>
// expected-error @+1 {{[func_data_flow_edge_c5] expected operand of sdy.func_data_flow_edge to be a result of call op.}}
  %1 = sdy.func_data_flow_edge %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
