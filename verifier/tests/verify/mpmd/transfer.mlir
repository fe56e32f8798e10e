// Negative tests of the verifier's `transfer` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// transfer_c1
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>, sharding=<@any, [{"z"}]>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[sharding_c6] 'mpmd.transfer' op sharding doesn't match tensor rank: 1 != 2}}
  %0 = mpmd.transfer %a : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, sharding=<@any, [{"z"}]>>
  return %0 : !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, sharding=<@any, [{"z"}]>>
}

// -----

// transfer_c2
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m2", tensor<8x4xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[transfer_c2] cannot perform transfer between given types '!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>' and '!mpmd.mesh_tensor<"m2", tensor<8x4xf32>>': global tensor types are different}}
  %0 = mpmd.transfer %a : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<8x4xf32>>
  return %0 : !mpmd.mesh_tensor<"m2", tensor<8x4xf32>>
}

// -----

// transfer_c3
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>, memory_kind="disk">) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[transfer_c3] memory kind must be either 'pinned_host' or 'device'. Found 'disk'.}}
  %0 = mpmd.transfer %a : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, memory_kind="disk">
  return %0 : !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, memory_kind="disk">
}

// -----

// transfer_c4
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>> {mhlo.memory_kind = "pinned_host"}) -> (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[transfer_c4] Transfers from host with attributes are not supported. Memory kinds must be expressed in the type.}}
  %0 = mpmd.transfer %a : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
}

// -----

// transfer_c5
func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>} {
// expected-error @+1 {{[transfer_c5] Transfers to host with attributes are not supported. Memory kinds must expressed be in the type.}}
  %0 = mpmd.transfer {mhlo.memory_kind = "pinned_host"} %a : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
  return %0 : !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
}
