// A shape-polymorphic 1-D convolution with stride 2 as jax 0.10.2 exports it
// (jax.export of lax.conv_general_dilated(x, w, window_strides=(2,), padding='SAME') with x of
// shape (1, 2, n)): @exported is the exported @main, locations removed; its `shape_assertion`
// custom call checks n >= 1 and `stablehlo.dynamic_conv` takes the SAME padding it computes.
// @main runs it for an odd (n = 5) and an even (n = 6) size; the expected values are XLA CPU's.
module @jit_f attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @exported(%arg0: tensor<1x2x?xf32>, %arg1: tensor<3x2x3xf32>) -> (tensor<1x3x?xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 2 : (tensor<1x2x?xf32>) -> tensor<i32>
    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'n'. Using the following polymorphic shapes specifications: args[0].shape = (1, 2, n). Obtained dimension variables: 'n' = {0} from specification 'n' for dimension args[0].shape[2] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %2 = call @_wrapped_jax_export_main(%0, %arg0, %arg1) : (tensor<i32>, tensor<1x2x?xf32>, tensor<3x2x3xf32>) -> tensor<1x3x?xf32>
    return %2 : tensor<1x3x?xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "n"}, %arg1: tensor<1x2x?xf32>, %arg2: tensor<3x2x3xf32>) -> (tensor<1x3x?xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %c_0 = stablehlo.constant dense<-2> : tensor<i32>
    %c_1 = stablehlo.constant dense<2> : tensor<i32>
    %c_2 = stablehlo.constant dense<-1> : tensor<i32>
    %0 = stablehlo.convert %arg0 : tensor<i32>
    %1 = stablehlo.multiply %0, %c_2 : tensor<i32>
    %2:2 = call @divmod(%arg0, %1, %c_1) : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    %3 = stablehlo.multiply %2#0, %c_0 : tensor<i32>
    %4 = stablehlo.convert %arg0 : tensor<i32>
    %5 = stablehlo.multiply %4, %c_2 : tensor<i32>
    %6 = stablehlo.add %3, %5 : tensor<i32>
    %7 = stablehlo.add %6, %c : tensor<i32>
    %8:2 = call @divmod(%arg0, %7, %c_1) : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    %9 = stablehlo.convert %arg0 : tensor<i32>
    %10 = stablehlo.multiply %9, %c_2 : tensor<i32>
    %11:2 = call @divmod(%arg0, %10, %c_1) : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    %12 = stablehlo.multiply %11#0, %c_0 : tensor<i32>
    %13 = stablehlo.convert %arg0 : tensor<i32>
    %14 = stablehlo.multiply %13, %c_2 : tensor<i32>
    %15 = stablehlo.add %12, %14 : tensor<i32>
    %16 = stablehlo.add %15, %c : tensor<i32>
    %17:2 = call @divmod(%arg0, %16, %c_1) : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    %18 = stablehlo.multiply %17#0, %c_2 : tensor<i32>
    %19 = stablehlo.convert %arg0 : tensor<i32>
    %20 = stablehlo.multiply %19, %c_2 : tensor<i32>
    %21:2 = call @divmod(%arg0, %20, %c_1) : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    %22 = stablehlo.multiply %21#0, %c_0 : tensor<i32>
    %23 = stablehlo.convert %arg0 : tensor<i32>
    %24 = stablehlo.multiply %23, %c_2 : tensor<i32>
    %25 = stablehlo.add %18, %22 : tensor<i32>
    %26 = stablehlo.add %25, %24 : tensor<i32>
    %27 = stablehlo.add %26, %c : tensor<i32>
    %28 = stablehlo.reshape %8#0 : (tensor<i32>) -> tensor<1xi32>
    %29 = stablehlo.reshape %27 : (tensor<i32>) -> tensor<1xi32>
    %30 = stablehlo.concatenate %28, %29, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %31 = stablehlo.reshape %30 : (tensor<2xi32>) -> tensor<1x2xi32>
    %32 = stablehlo.concatenate %31, dim = 0 : (tensor<1x2xi32>) -> tensor<1x2xi32>
    %33 = "stablehlo.dynamic_conv"(%arg1, %arg2, %32) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, window_strides = array<i64: 2>}> : (tensor<1x2x?xf32>, tensor<3x2x3xf32>, tensor<1x2xi32>) -> tensor<1x3x?xf32>
    return %33 : tensor<1x3x?xf32>
  }
  func.func private @divmod(%arg0: tensor<i32> {jax.global_constant = "n"}, %arg1: tensor<i32>, %arg2: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
    %0 = call @floor_divide(%arg0, %arg1, %arg2) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %1 = call @remainder(%arg0, %arg1, %arg2) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    return %0, %1 : tensor<i32>, tensor<i32>
  }
  func.func private @floor_divide(%arg0: tensor<i32> {jax.global_constant = "n"}, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.divide %arg1, %arg2 : tensor<i32>
    %1 = stablehlo.sign %arg1 : tensor<i32>
    %2 = stablehlo.sign %arg2 : tensor<i32>
    %3 = stablehlo.compare NE, %1, %2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.remainder %arg1, %arg2 : tensor<i32>
    %5 = stablehlo.compare NE, %4, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.and %3, %5 : tensor<i1>
    %7 = stablehlo.subtract %0, %c : tensor<i32>
    %8 = call @_where(%arg0, %6, %7, %0) : (tensor<i32>, tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    return %8 : tensor<i32>
  }
  func.func private @_where(%arg0: tensor<i32> {jax.global_constant = "n"}, %arg1: tensor<i1>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg1, %arg2, %arg3 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @remainder(%arg0: tensor<i32> {jax.global_constant = "n"}, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare EQ, %arg2, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %1 = call @_where(%arg0, %0, %c, %arg2) : (tensor<i32>, tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %2 = stablehlo.remainder %arg1, %1 : tensor<i32>
    %3 = stablehlo.compare NE, %2, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.compare LT, %2, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.compare LT, %1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.compare NE, %4, %5, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %7 = stablehlo.and %6, %3 : tensor<i1>
    %8 = stablehlo.add %2, %1 : tensor<i32>
    %9 = stablehlo.select %7, %8, %2 : tensor<i1>, tensor<i32>
    return %9 : tensor<i32>
  }
  func.func @main() {
    %w0 = stablehlo.iota dim = 0 : tensor<18xf32>
    %c8 = stablehlo.constant dense<8.0> : tensor<18xf32>
    %c4 = stablehlo.constant dense<4.0> : tensor<18xf32>
    %w1 = stablehlo.subtract %w0, %c8 : tensor<18xf32>
    %w2 = stablehlo.divide %w1, %c4 : tensor<18xf32>
    %w = stablehlo.reshape %w2 : (tensor<18xf32>) -> tensor<3x2x3xf32>
    %x5 = stablehlo.iota dim = 0 : tensor<10xf32>
    %x5r = stablehlo.reshape %x5 : (tensor<10xf32>) -> tensor<1x2x5xf32>
    %x5d = stablehlo.convert %x5r : (tensor<1x2x5xf32>) -> tensor<1x2x?xf32>
    %r5 = call @exported(%x5d, %w) : (tensor<1x2x?xf32>, tensor<3x2x3xf32>) -> tensor<1x3x?xf32>
    %r5s = stablehlo.convert %r5 : (tensor<1x3x?xf32>) -> tensor<1x3x3xf32>
    check.expect_eq_const %r5s, dense<[[[-11.0, -30.5, -32.0], [7.0, 10.0, 4.0], [25.0, 50.5, 40.0]]]> : tensor<1x3x3xf32>
    %x6 = stablehlo.iota dim = 0 : tensor<12xf32>
    %x6r = stablehlo.reshape %x6 : (tensor<12xf32>) -> tensor<1x2x6xf32>
    %x6d = stablehlo.convert %x6r : (tensor<1x2x6xf32>) -> tensor<1x2x?xf32>
    %r6 = call @exported(%x6d, %w) : (tensor<1x2x?xf32>, tensor<3x2x3xf32>) -> tensor<1x3x?xf32>
    %r6s = stablehlo.convert %r6 : (tensor<1x3x?xf32>) -> tensor<1x3x3xf32>
    check.expect_eq_const %r6s, dense<[[[-25.25, -41.75, -40.25], [10.75, 12.25, 4.75], [46.75, 66.25, 49.75]]]> : tensor<1x3x3xf32>
    return
  }
}

// -----

// expect-error: Expected value >= 1 for dimension variable 'n'; got n = 0 (0 of 0, with 1 the bound)
// A failing shape_assertion stops the run with its message, `{k}` being operand k + 1.
func.func @main() {
  %x = stablehlo.constant dense<> : tensor<1x0xf32>
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<1x0xf32>) -> tensor<i32>
  %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%1, %0, %c) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'n'; got n = {0} ({0} of 0, with {1} the bound)", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
  check.expect_eq_const %0, dense<0> : tensor<i32>
  return
}
