// Negative tests of the verifier's rules for StableHLO's host transfers
// (send, recv, infeed), batch norm, rng and the legacy ops (einsum,
// torch_index_select, set_dimension_size): one case per rule label, each
// directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// send_c1
func.func @main(%x: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{[send_c1] expect source_target_pairs attribute of shape (N, 2), but got (1, 1)}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// send_c2
func.func @main(%x: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{[send_c2] duplicate sources not allowed.}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// send_c3
func.func @main(%x: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{[send_c3] duplicate targets not allowed.}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// send_c4
func.func @main(%x: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{[send_c4] replica ids in source_target_pairs must be >= 0.}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[-1, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// recv_c1
func.func @main(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error @+1 {{[recv_c1] expect source_target_pairs attribute of shape (N, 2), but got (1, 3)}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// recv_c2
func.func @main(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error @+1 {{[recv_c2] duplicate sources not allowed.}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[1, 0], [1, 2]]> : tensor<2x2xi64>} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// recv_c3
func.func @main(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error @+1 {{[recv_c3] duplicate targets not allowed.}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[1, 0], [2, 0]]> : tensor<2x2xi64>} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// recv_c4
func.func @main(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error @+1 {{[recv_c4] replica ids in source_target_pairs must be >= 0.}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[1, -3]]> : tensor<1x2xi64>} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// infeed_c1
func.func @main(%t: !stablehlo.token) {
  // expected-error @+1 {{[infeed_c1] result is expected to be at least of size 1, but got 0}}
  "stablehlo.infeed"(%t) : (!stablehlo.token) -> ()
  return
}

// -----

// infeed_c2
func.func @main(%t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{[infeed_c2] all elements of result types, except the last element, are expected to be of tensor type, but got '!stablehlo.token'}}
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return %0#1 : !stablehlo.token
}

// -----

// infeed_c3
func.func @main(%t: !stablehlo.token) -> tensor<2xf32> {
  // expected-error @+1 {{[infeed_c3] last element of result types is expected to be of token type, but got 'tensor<2xf32>'}}
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xf32>, tensor<2xf32>)
  return %0#0 : tensor<2xf32>
}

// -----

// batch_norm_grad_c1
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %dy: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_grad_c1] expects featureIndex to be smaller than the rank of multi-dimensional operands; got featureIndex 2, and rank 2.}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %dy) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_grad_c2
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf64>, %dy: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_grad_c2] expects all operands to have the same element type}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_grad_c3
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %dy: tensor<4x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_grad_c3] expects multi-dimensional operands to have compatible shapes.}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_grad_c4
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<4xf32>, %dy: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_grad_c4] expects single-dimensional operands to have compatible shapes.}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %s, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_grad_c5
func.func @main(%x: tensor<2x3xf32>, %s: tensor<2xf32>, %dy: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_grad_c5] expects the size of single-dimensional operands to be compatible with feature count, but the size of single-dimensional operands is 2 and the feature count is 3.}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_inference_c1
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_inference_c1] expects featureIndex to be smaller than the rank of multi-dimensional operands; got featureIndex 5, and rank 2.}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 5 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// batch_norm_inference_c2
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %v: tensor<3xf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_inference_c2] expects all operands to have the same element type}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf16>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// batch_norm_inference_c3
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_inference_c3] expects single-dimensional operands to have compatible shapes.}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// batch_norm_inference_c7
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{[batch_norm_inference_c7] inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// batch_norm_training_c1
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_training_c1] expects featureIndex to be smaller than the rank of multi-dimensional operands; got featureIndex -1, and rank 2.}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = -1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_training_c2
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xbf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_training_c2] expects all operands to have the same element type}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xbf16>, tensor<3xbf16>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_training_c3
func.func @main(%x: tensor<2x3xf32>, %s: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_training_c3] expects the size of single-dimensional operands to be compatible with feature count, but the size of single-dimensional operands is 2 and the feature count is 3.}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_training_c5
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{[batch_norm_training_c5] inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_training_c7
func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf64> {
  // expected-error @+1 {{[batch_norm_training_c7] inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf64>'}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf64>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf64>
}

// -----

// rng_c1
func.func @main(%a: tensor<f32>, %b: tensor<f64>) -> tensor<2xf32> {
  %s = stablehlo.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{[rng_c1] expects a, b and result to have one element type}}
  %0 = "stablehlo.rng"(%a, %b, %s) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f64>, tensor<1xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// rng_c2
func.func @main(%a: tensor<i32>, %b: tensor<i32>) -> tensor<2xi32> {
  %s = stablehlo.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{[rng_c2] mu and sigma must be floats}}
  %0 = "stablehlo.rng"(%a, %b, %s) {rng_distribution = #stablehlo<rng_distribution NORMAL>} : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// rng_c3
func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> tensor<3xf32> {
  %s = stablehlo.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{[rng_c3] inferred shape '[2]' is incompatible with return type of operation 'tensor<3xf32>'}}
  %0 = "stablehlo.rng"(%a, %b, %s) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// rng_bit_generator_c1
func.func @main(%s: tensor<2xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{[rng_bit_generator_c1] output state shape must be compatible with initial state shape. Got: 'tensor<2xui64>' and 'tensor<3xui64>'}}
  %0:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %0#1 : tensor<4xui32>
}

// -----

// rng_bit_generator_c2
func.func @main(%s: tensor<3xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{[rng_bit_generator_c2] the initial state of THREE_FRY must hold 2 64-bit words, got 'tensor<3xui64>'}}
  %0:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %0#1 : tensor<4xui32>
}

// -----

// einsum_c1
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{[einsum_c1] einsum_config 'ab,bc' must be 2 comma-separated lists of letters}}
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum_c2
func.func @main(%a: tensor<2x3xf32>, %b: tensor<5x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{[einsum_c2] dimensions labelled 'b' have different sizes in einsum_config}}
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ac"} : (tensor<2x3xf32>, tensor<5x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// einsum_c3
func.func @main(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{[einsum_c3] output letter 'z' of einsum_config labels no operand dimension}}
  %0 = "stablehlo.unary_einsum"(%a) {einsum_config = "ab->bz"} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// torch_index_select_c1
func.func @main(%x: tensor<4x5xf32>, %i: tensor<3xi32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{[torch_index_select_c1] expects 0 <= batch_dims <= dim < rank(operand)}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 2 : i64, batch_dims = 0 : i64} : (tensor<4x5xf32>, tensor<3xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// torch_index_select_c2
func.func @main(%x: tensor<4x5xf32>, %i: tensor<3x2xi32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{[torch_index_select_c2] expects the batch dimensions of operand and index to match}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<4x5xf32>, tensor<3x2xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// torch_index_select_c3
func.func @main(%x: tensor<4x5xf32>, %i: tensor<3xi32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{[torch_index_select_c3] inferred shape '[3, 5]' is incompatible with return type of operation 'tensor<4x5xf32>'}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<4x5xf32>, tensor<3xi32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// set_dimension_size_c1
func.func @main(%x: tensor<4xf32>, %n: tensor<1xi32>) -> tensor<?xf32> {
  // expected-error @+1 {{[set_dimension_size_c1] size operand should be of rank-0}}
  %0 = "stablehlo.set_dimension_size"(%x, %n) {dimension = 0 : i64} : (tensor<4xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// set_dimension_size_c2
func.func @main(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<?xf32> {
  // expected-error @+1 {{[set_dimension_size_c2] expects dimension to be in range [0, 1); got: [1].}}
  %0 = "stablehlo.set_dimension_size"(%x, %n) {dimension = 1 : i64} : (tensor<4xf32>, tensor<i32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// set_dimension_size_c3
func.func @main(%x: tensor<4x2xf32>, %n: tensor<i32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{[set_dimension_size_c3] inferred shape '[?, 2]' is incompatible with return type of operation 'tensor<?x3xf32>'}}
  %0 = "stablehlo.set_dimension_size"(%x, %n) {dimension = 0 : i64} : (tensor<4x2xf32>, tensor<i32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
