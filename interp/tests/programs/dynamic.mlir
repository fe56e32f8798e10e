// dynamic_iota takes its shape from an operand.
func.func @main() {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<?x3xi32>
  %c = stablehlo.convert %r : (tensor<?x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %c, dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
  return
}

// -----

// An empty dynamic_iota.
func.func @main() {
  %s = stablehlo.constant dense<[0, 3]> : tensor<2xi32>
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<0x3xi32>
  check.expect_eq_const %r, dense<> : tensor<0x3xi32>
  return
}

// -----

// dynamic_broadcast_in_dim expands a size-1 dimension.
func.func @main() {
  %x = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, 1, 1], [2, 2, 2]]> : tensor<2x3xi32>
  return
}

// -----

// dynamic_reshape.
func.func @main() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<6xi32>, tensor<2xi64>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  return
}

// -----

// expect-error: cannot reshape
// dynamic_reshape to a shape with another element count is an error.
func.func @main() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %s = stablehlo.constant dense<[4, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x2xi32>
  return
}

// -----

// real_dynamic_slice with a stride.
func.func @main() {
  %x = stablehlo.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
  %a = stablehlo.constant dense<1> : tensor<1xi32>
  %b = stablehlo.constant dense<6> : tensor<1xi32>
  %c = stablehlo.constant dense<2> : tensor<1xi32>
  %r = stablehlo.real_dynamic_slice %x, %a, %b, %c : (tensor<6xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
  %s = stablehlo.convert %r : (tensor<?xi32>) -> tensor<3xi32>
  check.expect_eq_const %s, dense<[1, 3, 5]> : tensor<3xi32>
  return
}

// -----

// dynamic_pad with negative low padding and interior padding.
func.func @main() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %v = stablehlo.constant dense<0> : tensor<i32>
  %lo = stablehlo.constant dense<-1> : tensor<1xi32>
  %hi = stablehlo.constant dense<1> : tensor<1xi32>
  %in = stablehlo.constant dense<1> : tensor<1xi32>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<3xi32>, tensor<i32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xi32>
  check.expect_eq_const %r, dense<[0, 2, 0, 3, 0]> : tensor<5xi32>
  return
}

// -----

// dynamic_gather clamps start indices like gather.
func.func @main() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %i = stablehlo.constant dense<[[7], [0]]> : tensor<2x1xi32>
  %s = stablehlo.constant dense<[2, 2]> : tensor<2xi32>
  %r = "stablehlo.dynamic_gather"(%x, %i, %s) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>
  } : (tensor<3x2xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x2x2xi32>
  check.expect_eq_const %r, dense<[[[3, 4], [5, 6]], [[1, 2], [3, 4]]]> : tensor<2x2x2xi32>
  return
}

// -----

// partition_id and replica_id are 0 in a single-process run.
func.func @main() {
  %p = stablehlo.partition_id : tensor<ui32>
  %r = stablehlo.replica_id : tensor<ui32>
  %s = stablehlo.add %p, %r : tensor<ui32>
  check.expect_eq_const %s, dense<0> : tensor<ui32>
  return
}

// -----

// composite calls its decomposition.
func.func @main() {
  %x = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.composite "my.double" %x {decomposition = @double} : (tensor<i64>) -> tensor<i64>
  check.expect_eq_const %r, dense<4> : tensor<i64>
  return
}

func.func private @double(%a: tensor<i64>) -> tensor<i64> {
  %r = stablehlo.add %a, %a : tensor<i64>
  return %r : tensor<i64>
}

// -----

// bitcast_convert narrowing gains a trailing dimension (little-endian).
func.func @main() {
  %x = stablehlo.constant dense<[258, 772]> : tensor<2xi16>
  %r = stablehlo.bitcast_convert %x : (tensor<2xi16>) -> tensor<2x2xi8>
  check.expect_eq_const %r, dense<[[2, 1], [4, 3]]> : tensor<2x2xi8>
  return
}

// -----

// bitcast_convert widening drops the trailing dimension.
func.func @main() {
  %x = stablehlo.constant dense<[[2, 1], [4, 3]]> : tensor<2x2xi8>
  %r = stablehlo.bitcast_convert %x : (tensor<2x2xi8>) -> tensor<2xi16>
  check.expect_eq_const %r, dense<[258, 772]> : tensor<2xi16>
  return
}

// -----

// bitcast_convert of i1 counts one bit per element, least significant first.
func.func @main() {
  %x = stablehlo.constant dense<[true, false, false, false, false, false, false, true]> : tensor<8xi1>
  %r = stablehlo.bitcast_convert %x : (tensor<8xi1>) -> tensor<ui8>
  check.expect_eq_const %r, dense<129> : tensor<ui8>
  %b = stablehlo.bitcast_convert %r : (tensor<ui8>) -> tensor<8xi1>
  check.expect_eq_const %b, dense<[true, false, false, false, false, false, false, true]> : tensor<8xi1>
  return
}

// -----

// broadcast prepends its sizes.
func.func @main() {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = "stablehlo.broadcast"(%x) {broadcast_sizes = array<i64: 2>} : (tensor<2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[1, 2], [1, 2]]> : tensor<2x2xi32>
  return
}
