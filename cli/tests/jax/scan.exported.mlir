// jax.lax.scan over a carry sharded over "y", a matmul contracting over "y" in the body: scan.mlir through Shardy's propagation and export pipelines (made by make.py)
module @jit_scan attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}, {name = "y", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<6x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}]>}, %arg2: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x16xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, tensor<6x8xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %2 = sdy.constant dense<0> : tensor<i32>
    %3:5 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %arg2, %iterArg_1 = %2, %iterArg_2 = %arg0, %iterArg_3 = %1) : tensor<6x8x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<8x16xf32>, tensor<6x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y"}]>, <@mesh, [{"y"}, {}]>, <@mesh, []>, <@mesh, [{}, {"y"}]>, <@mesh, [{}, {}]>]>}
    cond {
      %4 = sdy.constant dense<6> : tensor<i32>
      %5 = stablehlo.compare LT, %iterArg_1, %4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %4 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<6x8x16xf32>, tensor<i32>) -> tensor<8x16xf32>
      %5:2 = func.call @closed_call(%iterArg_0, %iterArg_2, %4) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>, <@mesh, [{}]>]>} : (tensor<16x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8xf32>)
      %6 = func.call @dynamic_update_index_in_dim(%iterArg_3, %5#1, %iterArg_1) : (tensor<6x8xf32>, tensor<8xf32>, tensor<i32>) -> tensor<6x8xf32>
      %7 = sdy.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg_1, %7 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %8, %5#0, %6 : tensor<6x8x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<8x16xf32>, tensor<6x8xf32>
    }
    return %3#3, %3#4 : tensor<8x16xf32>, tensor<6x8xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<6x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}]>}, %arg1: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
    %0 = sdy.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_slice %arg0, %arg1, %0, %0, sizes = [1, 8, 16] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y"}]>]>} : (tensor<6x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x16xf32>
    %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<1x8x16xf32>) -> tensor<8x16xf32>
    return %2 : tensor<8x16xf32>
  }
  func.func private @closed_call(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, tensor<8xf32>) {
    %0 = stablehlo.dot_general %arg1, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %1 = sdy.reduce_scatter [{}, {"y"}] %0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x16xf32>
    %2 = sdy.constant dense<5.000000e-02> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<f32>) -> tensor<8x16xf32>
    %4 = stablehlo.multiply %1, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
    %5 = stablehlo.add %4, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
    %6 = stablehlo.tanh %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
    %7 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%6 init: %7) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
    %9 = sdy.all_reduce {"y"} %8 out_sharding=<@mesh, [{}]> : tensor<8xf32>
    return %6, %9 : tensor<8x16xf32>, tensor<8xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<6x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<i32>) -> tensor<6x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %1 = sdy.constant dense<0> : tensor<i32>
    %2 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %1 : (tensor<6x8xf32>, tensor<1x8xf32>, tensor<i32>, tensor<i32>) -> tensor<6x8xf32>
    return %2 : tensor<6x8xf32>
  }
}
