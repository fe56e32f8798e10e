module @jit_loss attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<f32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<2x8x8xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}]>}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:4 = stablehlo.while(%iterArg = %arg0, %iterArg_4 = %c, %iterArg_5 = %arg1, %iterArg_6 = %0) : tensor<2x8x8xf32>, tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32>
    cond {
      %c_7 = stablehlo.constant dense<2> : tensor<i32>
      %10 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    } do {
      %10 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_4) : (tensor<2x8x8xf32>, tensor<i32>) -> tensor<8x8xf32>
      %11:2 = func.call @closed_call(%iterArg_5, %10) : (tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
      %12 = func.call @dynamic_update_index_in_dim(%iterArg_6, %11#1, %iterArg_4) : (tensor<2x4x8xf32>, tensor<4x8xf32>, tensor<i32>) -> tensor<2x4x8xf32>
      %c_7 = stablehlo.constant dense<1> : tensor<i32>
      %13 = stablehlo.add %iterArg_4, %c_7 : tensor<i32>
      stablehlo.return %iterArg, %13, %11#0, %12 : tensor<2x8x8xf32>, tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32>
    }
    %2 = stablehlo.multiply %1#2, %1#2 : tensor<4x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %5 = stablehlo.multiply %1#2, %4 : tensor<4x8xf32>
    %6 = stablehlo.multiply %4, %1#2 : tensor<4x8xf32>
    %7 = stablehlo.add %5, %6 : tensor<4x8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9:5 = stablehlo.while(%iterArg = %1#3, %iterArg_4 = %arg0, %iterArg_5 = %c_3, %iterArg_6 = %7, %iterArg_7 = %8) : tensor<2x4x8xf32>, tensor<2x8x8xf32>, tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32>
    cond {
      %c_8 = stablehlo.constant dense<2> : tensor<i32>
      %10 = stablehlo.compare LT, %iterArg_5, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    } do {
      %c_8 = stablehlo.constant dense<2> : tensor<i32>
      %10 = stablehlo.subtract %c_8, %iterArg_5 : tensor<i32>
      %c_9 = stablehlo.constant dense<1> : tensor<i32>
      %11 = stablehlo.subtract %10, %c_9 : tensor<i32>
      %12 = func.call @dynamic_index_in_dim_0(%iterArg, %11) : (tensor<2x4x8xf32>, tensor<i32>) -> tensor<4x8xf32>
      %13 = func.call @dynamic_index_in_dim(%iterArg_4, %11) : (tensor<2x8x8xf32>, tensor<i32>) -> tensor<8x8xf32>
      %14:2 = func.call @closed_call_1(%iterArg_6, %12, %13) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<8x8xf32>)
      %15 = func.call @dynamic_update_index_in_dim_2(%iterArg_7, %14#1, %11) : (tensor<2x8x8xf32>, tensor<8x8xf32>, tensor<i32>) -> tensor<2x8x8xf32>
      %c_10 = stablehlo.constant dense<1> : tensor<i32>
      %16 = stablehlo.add %iterArg_5, %c_10 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_4, %16, %14#0, %15 : tensor<2x4x8xf32>, tensor<2x8x8xf32>, tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32>
    }
    return %3, %9#4 : tensor<f32>, tensor<2x8x8xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<2x8x8xf32>, %arg1: tensor<i32>) -> tensor<8x8xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 8, 8] : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
    return %1 : tensor<8x8xf32>
  }
  func.func private @closed_call(%arg0: tensor<4x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %1 = stablehlo.sine %0 : tensor<4x8xf32>
    return %1, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<2x4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<i32>) -> tensor<2x4x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<2x4x8xf32>, tensor<1x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8xf32>
    return %1 : tensor<2x4x8xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<2x4x8xf32>, %arg1: tensor<i32>) -> tensor<4x8xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 4, 8] : (tensor<2x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
  func.func private @closed_call_1(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<8x8xf32>) {
    %0:3 = stablehlo.optimization_barrier %arg1, %arg2, %arg0 : tensor<4x8xf32>, tensor<8x8xf32>, tensor<4x8xf32>
    %1 = stablehlo.dot_general %0#0, %0#1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %2 = stablehlo.cosine %1 : tensor<4x8xf32>
    %3 = stablehlo.multiply %0#2, %2 : tensor<4x8xf32>
    %4 = stablehlo.dot_general %3, %0#0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %5 = stablehlo.transpose %4, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %6 = stablehlo.dot_general %3, %0#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    return %6, %5 : tensor<4x8xf32>, tensor<8x8xf32>
  }
  func.func private @dynamic_update_index_in_dim_2(%arg0: tensor<2x8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<i32>) -> tensor<2x8x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<8x8xf32>) -> tensor<1x8x8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<2x8x8xf32>, tensor<1x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x8xf32>
    return %1 : tensor<2x8x8xf32>
  }
}
