module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=8]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<i1> {
    %0 = stablehlo.compare NE, %arg0, %arg0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.compare EQ, %arg0, %cst_0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.select %1, %cst_0, %arg0 : tensor<i1>, tensor<f32>
    %3 = stablehlo.select %0, %cst, %2 : tensor<i1>, tensor<f32>
    %4 = stablehlo.compare NE, %arg1, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare EQ, %arg1, %cst_0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.select %5, %cst_0, %arg1 : tensor<i1>, tensor<f32>
    %7 = stablehlo.select %4, %cst, %6 : tensor<i1>, tensor<f32>
    %8 = stablehlo.compare LT, %3, %7, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    return %8 : tensor<i1>
  }
  func.func private @region_1.3(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<i1> {
    %0 = stablehlo.compare NE, %arg0, %arg0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.compare EQ, %arg0, %cst_0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.select %1, %cst_0, %arg0 : tensor<i1>, tensor<f32>
    %3 = stablehlo.select %0, %cst, %2 : tensor<i1>, tensor<f32>
    %4 = stablehlo.compare NE, %arg1, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare EQ, %arg1, %cst_0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.select %5, %cst_0, %arg1 : tensor<i1>, tensor<f32>
    %7 = stablehlo.select %4, %cst, %6 : tensor<i1>, tensor<f32>
    %8 = stablehlo.compare LT, %3, %7, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    return %8 : tensor<i1>
  }
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {}]>"}, mhlo.sharding = "{devices=[8,1]<=[8]}"}) -> (tensor<8x8xf32> {mhlo.sharding = "{devices=[8,1]<=[8]}"}, tensor<8x8xi32> {mhlo.sharding = "{devices=[1,8]<=[8]}"}) {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %6 = stablehlo.compare NE, %arg1, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.compare EQ, %arg1, %cst_0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %8 = stablehlo.select %7, %cst_0, %arg1 : tensor<i1>, tensor<f32>
      %9 = stablehlo.select %6, %cst, %8 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare NE, %arg2, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %11 = stablehlo.compare EQ, %arg2, %cst_0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %12 = stablehlo.select %11, %cst_0, %arg2 : tensor<i1>, tensor<f32>
      %13 = stablehlo.select %10, %cst, %12 : tensor<i1>, tensor<f32>
      %14 = stablehlo.compare LT, %9, %13, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    }) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %1 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%0) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {}]>]>"}} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %2 = stablehlo.iota dim = 0 : tensor<8xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<8xi32>) -> tensor<8x8xi32>
    %4:2 = "stablehlo.sort"(%arg0, %3) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %6 = stablehlo.compare NE, %arg1, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.compare EQ, %arg1, %cst_0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %8 = stablehlo.select %7, %cst_0, %arg1 : tensor<i1>, tensor<f32>
      %9 = stablehlo.select %6, %cst, %8 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare NE, %arg2, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %11 = stablehlo.compare EQ, %arg2, %cst_0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %12 = stablehlo.select %11, %cst_0, %arg2 : tensor<i1>, tensor<f32>
      %13 = stablehlo.select %10, %cst, %12 : tensor<i1>, tensor<f32>
      %14 = stablehlo.compare LT, %9, %13, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    }) : (tensor<8x8xf32>, tensor<8x8xi32>) -> (tensor<8x8xf32>, tensor<8x8xi32>)
    %5 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%4#1) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{}, {\22x\22}]>]>"}} : (tensor<8x8xi32>) -> tensor<8x8xi32>
    return %1, %5 : tensor<8x8xf32>, tensor<8x8xi32>
  }
}
