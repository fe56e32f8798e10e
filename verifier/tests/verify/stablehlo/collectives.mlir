// Negative tests of the verifier's rules for StableHLO's collectives
// (all_gather, all_reduce, all_to_all, reduce_scatter, collective_permute,
// collective_broadcast, collective_reduce, cross-replica-sum): one case per
// rule label, each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// all_gather_c1
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{[all_gather_c1] all_gather_dim must be a valid index of operand}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// all_gather_c2
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{[all_gather_c2] replica id #0 seen more than once}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// all_gather_c4
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{[all_gather_c4] replica id #1 not seen in replica groups}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// all_gather_c5
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{[all_gather_c5] channel_id cannot be negative when useGlobalDeviceIds is set}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = -1, type = 0>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// all_gather_c6
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{[all_gather_c6] result gather dimension has size 5, expected to be a multiple of operand gather dimension size 2}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// all_reduce_c1
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[all_reduce_c1] replica id #1 seen more than once}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// all_reduce_c3
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[all_reduce_c3] replica id #1 not seen in replica groups}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 3]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// all_reduce_c4
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[all_reduce_c4] channel_id must be positive when useGlobalDeviceIds is set but got: 0}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// all_reduce_c5
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[all_reduce_c5] Reduction-region must take 2 parameters, but takes 1 parameter(s)}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// all_reduce_c6
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{[all_reduce_c6] inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// all_to_all_c1
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{[all_to_all_c1] AllToAll split_dimension 2 is out-of-bounds for input rank 2}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// all_to_all_c2
func.func @main(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{[all_to_all_c2] split dimension has size 3, expected to be a multiple of split_count 2}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// all_to_all_c3
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{[all_to_all_c3] AllToAll concat_dimension 5 is out-of-bounds for input rank 2}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 5 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// all_to_all_c4
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{[all_to_all_c4] split_count must be positive, got 0}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// all_to_all_c5
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{[all_to_all_c5] replica id #1 seen more than once}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// all_to_all_c7
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{[all_to_all_c7] Invalid replica id -1}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// all_to_all_c8
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{[all_to_all_c8] group size of replica_groups must be 2}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// all_to_all_c9
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{[all_to_all_c9] inferred type(s) 'tensor<2x8xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf32>'}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// reduce_scatter_c2
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{[reduce_scatter_c2] scatter dim should be less than operand/result rank}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reduce_scatter_c3
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{[reduce_scatter_c3] replica id #0 seen more than once}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reduce_scatter_c5
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{[reduce_scatter_c5] replica id #0 not seen in replica groups}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[1, 2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reduce_scatter_c6
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{[reduce_scatter_c6] channel_id must be positive when useGlobalDeviceIds is set but got: 0}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reduce_scatter_c7
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{[reduce_scatter_c7] Reduction-region must take 2 parameters, but takes 3 parameter(s)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reduce_scatter_c8
func.func @main(%x: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{[reduce_scatter_c8] operand scatter dimension has size 4, expected to be a multiple of result scatter dimension size 3}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// reduce_scatter_c9
func.func @main(%x: tensor<4xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{[reduce_scatter_c9] result element-type is expected to be f32, but got f64}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// collective_permute_c1
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[collective_permute_c1] expect source_target_pairs attribute of shape (N, 2), but got (1, 3)}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// collective_permute_c2
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[collective_permute_c2] duplicate sources not allowed.}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// collective_permute_c3
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[collective_permute_c3] duplicate targets not allowed.}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// collective_permute_c4
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[collective_permute_c4] replica ids in source_target_pairs must be >= 0.}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// collective_permute_c5
func.func @main(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{[collective_permute_c5] inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xi32>'}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// collective_broadcast_c1
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[collective_broadcast_c1] replica id #1 seen more than once}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// collective_broadcast_c2
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[collective_broadcast_c2] replica_groups values must be positive, but was given -2}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// collective_broadcast_c3
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{[collective_broadcast_c3] inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// collective_broadcast_c5
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[collective_broadcast_c5] requires 1 results, but found 2}}
  %0:2 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

// collective_reduce_c1
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[collective_reduce_c1] replica id #0 seen more than once}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// collective_reduce_c2
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[collective_reduce_c2] replica id #1 not seen in replica groups}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// collective_reduce_c3
func.func @main(%x: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{[collective_reduce_c3] inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// collective_reduce_c4
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[collective_reduce_c4] Reduction-region must take 2 parameters, but takes 1 parameter(s)}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// cross_replica_sum_c1
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{[cross_replica_sum_c1] replica id #0 seen more than once}}
  %0 = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// cross_replica_sum_c2
func.func @main(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{[cross_replica_sum_c2] inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  %0 = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
