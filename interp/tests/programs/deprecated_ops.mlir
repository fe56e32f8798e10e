// einsum and unary_einsum (MHLO semantics: dot_general plus transpose, sums of dropped letters).
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : tensor<3x2xf32>
  %c = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ac"} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %c, dense<[[4.0, 5.0], [10.0, 11.0]]> : tensor<2x2xf32>
  %ct = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ca"} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %ct, dense<[[4.0, 10.0], [5.0, 11.0]]> : tensor<2x2xf32>
  // Batch letters and an outer product.
  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %y = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %z = "stablehlo.einsum"(%x, %y) {einsum_config = "bi,bi->b"} : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2xi32>
  check.expect_eq_const %z, dense<[17, 53]> : tensor<2xi32>
  %o = "stablehlo.einsum"(%x, %y) {einsum_config = "ab,cd->abcd"} : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2x2x2xi32>
  %o1 = stablehlo.slice %o [1:2, 1:2, 0:1, 1:2] : (tensor<2x2x2x2xi32>) -> tensor<1x1x1x1xi32>
  check.expect_eq_const %o1, dense<24> : tensor<1x1x1x1xi32>
  // Rank 0 result, NaN and infinity propagate.
  %p = stablehlo.constant dense<[0x7F800000, 1.0]> : tensor<2xf32>
  %q = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %r = "stablehlo.einsum"(%p, %q) {einsum_config = "i,i->"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  %nan = stablehlo.compare NE, %r, %r : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %nan, dense<true> : tensor<i1>
  // unary_einsum: transpose, sum, and sum of an empty dimension (+0).
  %t = "stablehlo.unary_einsum"(%a) {einsum_config = "ab->ba"} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %t, dense<[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]> : tensor<3x2xf32>
  %s = "stablehlo.unary_einsum"(%a) {einsum_config = "ab->a"} : (tensor<2x3xf32>) -> tensor<2xf32>
  check.expect_eq_const %s, dense<[6.0, 15.0]> : tensor<2xf32>
  %e = stablehlo.constant dense<1.0> : tensor<2x0xf32>
  %es = "stablehlo.unary_einsum"(%e) {einsum_config = "ab->a"} : (tensor<2x0xf32>) -> tensor<2xf32>
  check.expect_eq_const %es, dense<0.0> : tensor<2xf32>
  %nz = stablehlo.constant dense<[-0.0, -0.0]> : tensor<2xf32>
  %nzs = "stablehlo.unary_einsum"(%nz) {einsum_config = "a->"} : (tensor<2xf32>) -> tensor<f32>
  %nzs_bits = stablehlo.bitcast_convert %nzs : (tensor<f32>) -> tensor<ui32>
  check.expect_eq_const %nzs_bits, dense<2147483648> : tensor<ui32>
  func.return
}

// -----

// torch_index_select (MHLO semantics, indices clamped) and set_dimension_size.
func.func @main() {
  %t = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %i = stablehlo.constant dense<[2, 0, 2, 7, -1]> : tensor<5xi32>
  %r = "stablehlo.torch_index_select"(%t, %i) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<2x3xi32>, tensor<5xi32>) -> tensor<2x5xi32>
  check.expect_eq_const %r, dense<[[3, 1, 3, 3, 1], [6, 4, 6, 6, 4]]> : tensor<2x5xi32>
  // batch_dims = 1: each row picks with its own indices.
  %bi = stablehlo.constant dense<[[1, 1], [0, 2]]> : tensor<2x2xi64>
  %br = "stablehlo.torch_index_select"(%t, %bi) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<2x3xi32>, tensor<2x2xi64>) -> tensor<2x2xi32>
  check.expect_eq_const %br, dense<[[2, 2], [4, 6]]> : tensor<2x2xi32>
  // A rank-0 index drops the dimension; an empty index gives an empty result.
  %i0 = stablehlo.constant dense<1> : tensor<i32>
  %r0 = "stablehlo.torch_index_select"(%t, %i0) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %r0, dense<[4, 5, 6]> : tensor<3xi32>
  %ie = stablehlo.constant dense<0> : tensor<0xi32>
  %re = "stablehlo.torch_index_select"(%t, %ie) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<2x3xi32>, tensor<0xi32>) -> tensor<0x3xi32>
  %f = stablehlo.constant dense<[0x7FC00000, -0.0]> : tensor<2xf32>
  %fi = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
  %fr = "stablehlo.torch_index_select"(%f, %fi) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  %bits = stablehlo.bitcast_convert %fr : (tensor<2xf32>) -> tensor<2xui32>
  check.expect_eq_const %bits, dense<[2147483648, 2143289344]> : tensor<2xui32>
  // set_dimension_size: a static result dimension passes the data through.
  %n = stablehlo.constant dense<2> : tensor<i32>
  %sd = "stablehlo.set_dimension_size"(%t, %n) {dimension = 1 : i64} : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  check.expect_eq %sd, %t : tensor<2x3xi32>
  func.return
}
