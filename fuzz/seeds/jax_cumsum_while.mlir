// A JAX-style export: jnp.cumsum lowers to a reduce_window with low padding
// n - 1; a fori_loop lowers to a while over an i32 counter; lax.switch
// lowers to a clamped case.
module @jit_cumsum_loop attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12x4xf32>, %arg1: tensor<i32>) -> (tensor<12x4xf32> {jax.result_info = "[0]"}, tensor<4xf32> {jax.result_info = "[1]"}) {
    %0 = call @cumsum(%arg0) : (tensor<12x4xf32>) -> tensor<12x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
    %1:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %cst) : tensor<i32>, tensor<4xf32>
     cond {
      %c_1 = stablehlo.constant dense<12> : tensor<i32>
      %2 = stablehlo.compare  LT, %iterArg, %c_1,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2 = stablehlo.dynamic_slice %0, %iterArg, %c, sizes = [1, 4] : (tensor<12x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
      %3 = stablehlo.reshape %2 : (tensor<1x4xf32>) -> tensor<4xf32>
      %4 = stablehlo.add %iterArg_0, %3 : tensor<4xf32>
      %c_1 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg, %c_1 : tensor<i32>
      stablehlo.return %5, %4 : tensor<i32>, tensor<4xf32>
    }
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<2> : tensor<i32>
    %6 = stablehlo.clamp %c_2, %arg1, %c_3 : tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      stablehlo.return %1#1 : tensor<4xf32>
    }, {
      %8 = stablehlo.negate %1#1 : tensor<4xf32>
      stablehlo.return %8 : tensor<4xf32>
    }, {
      %8 = stablehlo.multiply %1#1, %1#1 : tensor<4xf32>
      stablehlo.return %8 : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32>
    return %0, %7 : tensor<12x4xf32>, tensor<4xf32>
  }
  func.func private @cumsum(%arg0: tensor<12x4xf32>) -> tensor<12x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<[[11, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 12, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) : (tensor<12x4xf32>, tensor<f32>) -> tensor<12x4xf32>
    return %0 : tensor<12x4xf32>
  }
}
