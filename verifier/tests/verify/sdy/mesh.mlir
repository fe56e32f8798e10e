// Negative tests of the verifier's `mesh` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// mesh_c1
// expected-error @+2 {{[mesh_c1] axis size must be at least 1, got: 0}}
// expected-error @+1 {{[mesh_c1] custom op 'sdy.mesh' failed to parse Sdy_Mesh parameter 'axes' which is to be a `::llvm::ArrayRef<MeshAxisAttr>`}}
sdy.mesh @m = <["a"=0]>

// -----

// mesh_c2
// expected-error @+1 {{[mesh_c2] device id must be non-negative, got: -3}}
sdy.mesh @m = <[], device_ids=[-3]>

// -----

// mesh_c3
// expected-error @+1 {{[mesh_c3] axes is empty and device_ids has more than one element}}
sdy.mesh @m = <[], device_ids=[0, 1]>

// -----

// mesh_c4
// expected-error @+1 {{[mesh_c4] duplicate axis name: "x"}}
sdy.mesh @m = <["x"=2, "x"=2]>

// -----

// mesh_c5
// expected-error @+1 {{[mesh_c5] custom op 'sdy.mesh' total product of axis sizes must match total number of device ids, got: 3 != 2}}
sdy.mesh @m = <["x"=3], device_ids=[0, 1]>

// -----

// mesh_c6
// expected-error @+1 {{[mesh_c6] sorted device ids must be iota(product(axes)), got: 0, 3}}
sdy.mesh @m = <["x"=2], device_ids=[3, 0]>
