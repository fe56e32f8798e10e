// A JAX-style export of lax.conv_general_dilated with padding and dilation,
// followed by jnp.pad, a transpose, a slice with strides, and iota-built
// masks, as flax's Conv and a causal mask lower.
module @jit_conv attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x8x8x2xf32>, %arg1: tensor<3x3x2x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<4x6xf32>, tensor<6x6xi1>) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32>
    %1 = stablehlo.slice %arg0 [0:1, 0:8:2, 0:1, 0:2] : (tensor<1x8x8x2xf32>) -> tensor<1x4x1x2xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x4x1x2xf32>) -> tensor<4x2xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.pad %2, %cst, low = [0, 1], high = [0, 1], interior = [0, 1] : (tensor<4x2xf32>, tensor<f32>) -> tensor<4x5xf32>
    %4 = stablehlo.pad %3, %cst, low = [0, 0], high = [0, 1], interior = [0, 0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x6xf32>
    %5 = stablehlo.iota dim = 0 : tensor<6x6xi32>
    %6 = stablehlo.iota dim = 1 : tensor<6x6xi32>
    %7 = stablehlo.compare  GE, %5, %6,  SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
    return %0, %4, %7 : tensor<1x4x4x4xf32>, tensor<4x6xf32>, tensor<6x6xi1>
  }
}
