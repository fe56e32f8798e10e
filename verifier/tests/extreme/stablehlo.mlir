// Templates of the extreme-attribute property test (`tests/extreme_attrs.rs`):
// one case per op with integer attributes. `// op:` names the ops a case
// covers, `// vars:` its placeholders with nominal values, under which the
// case must verify and run cleanly; the property test substitutes extreme
// values (0, 1, -1, i64::MIN, i64::MAX, sizes near the memory budget).

// op: stablehlo.iota
// vars: A=0 N=4
func.func @main() -> tensor<$Nx2xi32> {
  %0 = "stablehlo.iota"() {iota_dimension = $A : i64} : () -> tensor<$Nx2xi32>
  return %0 : tensor<$Nx2xi32>
}

// -----

// op: stablehlo.dynamic_iota
// vars: A=0 B=3
func.func @main() -> tensor<?xi32> {
  %s = stablehlo.constant dense<[$B]> : tensor<1xi64>
  %0 = "stablehlo.dynamic_iota"(%s) {iota_dimension = $A : i64} : (tensor<1xi64>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// op: stablehlo.reduce_precision
// vars: A=5 B=10
func.func @main() -> tensor<4xf32> {
  %x = stablehlo.constant dense<[1.0, 2.5, -3.0, 1.0e30]> : tensor<4xf32>
  %0 = "stablehlo.reduce_precision"(%x) {exponent_bits = $A : i32, mantissa_bits = $B : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// op: stablehlo.broadcast_in_dim
// vars: A=1 N=3
func.func @main() -> tensor<$Nx2xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: $A>} : (tensor<2xf32>) -> tensor<$Nx2xf32>
  return %0 : tensor<$Nx2xf32>
}

// -----

// op: stablehlo.broadcast
// vars: A=3 B=2
func.func @main() -> tensor<?x?x2xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = "stablehlo.broadcast"(%x) {broadcast_sizes = array<i64: $A, $B>} : (tensor<2xf32>) -> tensor<?x?x2xf32>
  return %0 : tensor<?x?x2xf32>
}

// -----

// op: stablehlo.dynamic_broadcast_in_dim
// vars: A=1 B=3
func.func @main() -> tensor<?x2xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s = stablehlo.constant dense<[$B, 2]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %s) {broadcast_dimensions = array<i64: $A>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// op: stablehlo.transpose
// vars: A=1 B=0
func.func @main() -> tensor<3x2xi32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<2x3xi32>
  %0 = "stablehlo.transpose"(%x) {permutation = array<i64: $A, $B>} : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

// op: stablehlo.concatenate
// vars: A=0 N=4
func.func @main() -> tensor<$Nx2xi32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<2x2xi32>
  %0 = "stablehlo.concatenate"(%x, %x) {dimension = $A : i64} : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<$Nx2xi32>
  return %0 : tensor<$Nx2xi32>
}

// -----

// op: stablehlo.slice
// vars: A=1 B=7 C=2 N=3
func.func @main() -> tensor<$Nxi32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8xi32>
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: $A>, limit_indices = array<i64: $B>, strides = array<i64: $C>} : (tensor<8xi32>) -> tensor<$Nxi32>
  return %0 : tensor<$Nxi32>
}

// -----

// op: stablehlo.dynamic_slice
// vars: A=2 B=6 N=2
func.func @main() -> tensor<$Nxi32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8xi32>
  %i = stablehlo.constant dense<$B> : tensor<i64>
  %0 = "stablehlo.dynamic_slice"(%x, %i) {slice_sizes = array<i64: $A>} : (tensor<8xi32>, tensor<i64>) -> tensor<$Nxi32>
  return %0 : tensor<$Nxi32>
}

// -----

// op: stablehlo.dynamic_update_slice stablehlo.real_dynamic_slice stablehlo.dynamic_pad
// vars: A=6 B=1 C=2
func.func @main() -> (tensor<8xi32>, tensor<?xi32>, tensor<?xi32>) {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8xi32>
  %u = stablehlo.constant dense<[7, 7]> : tensor<2xi32>
  %i = stablehlo.constant dense<$A> : tensor<i64>
  %0 = "stablehlo.dynamic_update_slice"(%x, %u, %i) : (tensor<8xi32>, tensor<2xi32>, tensor<i64>) -> tensor<8xi32>
  %lo = stablehlo.constant dense<[$B]> : tensor<1xi64>
  %hi = stablehlo.constant dense<[$A]> : tensor<1xi64>
  %st = stablehlo.constant dense<[$C]> : tensor<1xi64>
  %1 = "stablehlo.real_dynamic_slice"(%x, %lo, %hi, %st) : (tensor<8xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %2 = "stablehlo.dynamic_pad"(%x, %z, %lo, %hi, %st) : (tensor<8xi32>, tensor<i32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi32>
  return %0, %1, %2 : tensor<8xi32>, tensor<?xi32>, tensor<?xi32>
}

// -----

// op: stablehlo.pad
// vars: A=1 B=2 C=1 N=10
func.func @main() -> tensor<$Nxi32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.pad"(%x, %z) {edge_padding_low = array<i64: $A>, edge_padding_high = array<i64: $B>, interior_padding = array<i64: $C>} : (tensor<4xi32>, tensor<i32>) -> tensor<$Nxi32>
  return %0 : tensor<$Nxi32>
}

// -----

// op: stablehlo.reverse
// vars: A=1
func.func @main() -> tensor<2x3xi32> {
  %x = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xi32>
  %0 = "stablehlo.reverse"(%x) {dimensions = array<i64: $A>} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// op: stablehlo.gather stablehlo.dynamic_gather
// vars: A=1 B=0 C=1 D=2
func.func @main() -> (tensor<2x2xi32>, tensor<2x2xi32>) {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4x2xi32>
  %i = stablehlo.constant dense<[[$D], [1]]> : tensor<2x1xi64>
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [$A], collapsed_slice_dims = [$B], start_index_map = [0], index_vector_dim = $C>, slice_sizes = array<i64: 1, 2>} : (tensor<4x2xi32>, tensor<2x1xi64>) -> tensor<2x2xi32>
  %s = stablehlo.constant dense<[1, $D]> : tensor<2xi64>
  %1 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [$B], index_vector_dim = 1>} : (tensor<4x2xi32>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x2xi32>
  return %0, %1 : tensor<2x2xi32>, tensor<2x2xi32>
}

// -----

// op: stablehlo.scatter
// vars: A=1 B=0 C=1 D=2
func.func @main() -> tensor<4x2xi32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4x2xi32>
  %i = stablehlo.constant dense<[[$D], [1]]> : tensor<2x1xi64>
  %u = stablehlo.constant dense<1> : tensor<2x2xi32>
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [$A], inserted_window_dims = [$B], scatter_dims_to_operand_dims = [0], index_vector_dim = $C>} : (tensor<4x2xi32>, tensor<2x1xi64>, tensor<2x2xi32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// -----

// op: stablehlo.sort
// vars: A=0
func.func @main() -> tensor<4xi32> {
  %x = stablehlo.constant dense<[3, 1, 2, 0]> : tensor<4xi32>
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = $A : i64} : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// op: stablehlo.get_dimension_size stablehlo.set_dimension_size
// vars: A=0 B=2
func.func @main() -> (tensor<i32>, tensor<?xi32>) {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4xi32>
  %0 = "stablehlo.get_dimension_size"(%x) {dimension = $A : i64} : (tensor<4xi32>) -> tensor<i32>
  %n = stablehlo.constant dense<$B> : tensor<i32>
  %1 = "stablehlo.set_dimension_size"(%x, %n) {dimension = $A : i64} : (tensor<4xi32>, tensor<i32>) -> tensor<?xi32>
  return %0, %1 : tensor<i32>, tensor<?xi32>
}

// -----

// op: stablehlo.torch_index_select
// vars: A=0 B=0 C=3
func.func @main() -> tensor<2x2xi32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4x2xi32>
  %i = stablehlo.constant dense<[$C, 1]> : tensor<2xi32>
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = $A : i64, batch_dims = $B : i64} : (tensor<4x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// op: stablehlo.reduce
// vars: A=1
func.func @main() -> tensor<2xi32> {
  %x = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {dimensions = array<i64: $A>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// op: stablehlo.reduce_window
// vars: A=2 B=1 C=1 D=1 E=0 F=1 N=8
func.func @main() -> tensor<$Nxf32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: $A>, window_strides = array<i64: $B>, base_dilations = array<i64: $C>, window_dilations = array<i64: $D>, padding = dense<[[$E, $F]]> : tensor<1x2xi64>} : (tensor<8xf32>, tensor<f32>) -> tensor<$Nxf32>
  return %0 : tensor<$Nxf32>
}

// -----

// op: stablehlo.select_and_scatter
// vars: A=2 B=2 C=0 D=0 N=4
func.func @main() -> tensor<8xf32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8xf32>
  %src = stablehlo.constant dense<1.0> : tensor<$Nxf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%x, %src, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: $A>, window_strides = array<i64: $B>, padding = dense<[[$C, $D]]> : tensor<1x2xi64>} : (tensor<8xf32>, tensor<$Nxf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// op: stablehlo.map
// vars: A=0
func.func @main() -> tensor<4xi32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4xi32>
  %0 = "stablehlo.map"(%x, %x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {dimensions = array<i64: $A>} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// op: stablehlo.dot_general stablehlo.dot
// vars: A=1 B=0 N=2
func.func @main() -> (tensor<2x$Nxf32>, tensor<2x2xf32>) {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<2x3xf32>
  %y = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<3x2xf32>
  %0 = "stablehlo.dot_general"(%x, %y) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [$A], rhs_contracting_dimensions = [$B]>} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x$Nxf32>
  %1 = "stablehlo.dot"(%x, %y) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0, %1 : tensor<2x$Nxf32>, tensor<2x2xf32>
}

// -----

// op: stablehlo.convolution
// vars: A=1 B=0 C=1 D=1 E=1 F=1 N=3
func.func @main() -> tensor<1x$Nx1xf32> {
  %x = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<1x4x1xf32>
  %k = stablehlo.constant dense<1.0> : tensor<2x1x1xf32>
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, window_strides = array<i64: $A>, padding = dense<[[$B, 0]]> : tensor<1x2xi64>, lhs_dilation = array<i64: $C>, rhs_dilation = array<i64: $D>, feature_group_count = $E : i64, batch_group_count = $F : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x$Nx1xf32>
  return %0 : tensor<1x$Nx1xf32>
}

// -----

// op: stablehlo.dynamic_conv
// vars: A=1 B=0 C=1 N=3
func.func @main() -> tensor<1x$Nx1xf32> {
  %x = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<1x4x1xf32>
  %k = stablehlo.constant dense<1.0> : tensor<2x1x1xf32>
  %p = stablehlo.constant dense<[[$B, 0]]> : tensor<1x2xi64>
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) {dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, window_strides = array<i64: $A>, lhs_dilation = array<i64: $C>, rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x$Nx1xf32>
  return %0 : tensor<1x$Nx1xf32>
}

// -----

// op: stablehlo.fft
// vars: A=4 N=4
func.func @main() -> tensor<$Nxcomplex<f32>> {
  %x = stablehlo.constant dense<(1.0, 0.0)> : tensor<4xcomplex<f32>>
  %0 = "stablehlo.fft"(%x) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: $A>} : (tensor<4xcomplex<f32>>) -> tensor<$Nxcomplex<f32>>
  return %0 : tensor<$Nxcomplex<f32>>
}

// -----

// op: stablehlo.batch_norm_inference stablehlo.batch_norm_training stablehlo.batch_norm_grad
// vars: A=1
func.func @main() -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<2x2xf32>
  %s = stablehlo.constant dense<1.0> : tensor<2xf32>
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = $A : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %1:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = $A : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 1.0e-3 : f32, feature_index = $A : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %0, %1#0, %2#0 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// op: stablehlo.get_tuple_element stablehlo.tuple
// vars: A=1
func.func @main() -> tensor<i32> {
  %x = stablehlo.constant dense<1> : tensor<i32>
  %t = "stablehlo.tuple"(%x, %x) : (tensor<i32>, tensor<i32>) -> tuple<tensor<i32>, tensor<i32>>
  %0 = "stablehlo.get_tuple_element"(%t) {index = $A : i32} : (tuple<tensor<i32>, tensor<i32>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// op: stablehlo.all_reduce stablehlo.all_gather stablehlo.reduce_scatter stablehlo.all_to_all stablehlo.cross-replica-sum
// vars: A=0 B=0 C=1 D=0
func.func @main() -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[$A]]> : tensor<1x1xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  %1 = "stablehlo.all_gather"(%x) {all_gather_dim = $B : i64, replica_groups = dense<[[$A]]> : tensor<1x1xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  %2 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension = $B : i64, replica_groups = dense<[[$A]]> : tensor<1x1xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  %3 = "stablehlo.all_to_all"(%x) {split_dimension = $D : i64, concat_dimension = $B : i64, split_count = $C : i64, replica_groups = dense<[[$A]]> : tensor<1x1xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  %4 = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[$A]]> : tensor<1x1xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  return %0, %1, %2, %4 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

// -----

// op: stablehlo.collective_permute stablehlo.collective_broadcast
// vars: A=0 B=0
func.func @main() -> (tensor<2xi32>, tensor<2xi32>) {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[$A, $B]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  %1 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[$A]]> : tensor<1x1xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  return %0, %1 : tensor<2xi32>, tensor<2xi32>
}

// -----

// op: stablehlo.send stablehlo.recv
// vars: A=1 B=2
// run: error
func.func @main() -> tensor<2xi32> {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %t = "stablehlo.after_all"() : () -> !stablehlo.token
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = $A, type = $B>, is_host_transfer = true} : (tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%0) {channel_handle = #stablehlo.channel_handle<handle = $A, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  return %1#0 : tensor<2xi32>
}
