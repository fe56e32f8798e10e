module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xi32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {\22y\22}]>"}, mhlo.sharding = "{devices=[2,4]<=[8]}"}, %arg1: tensor<8x8xi32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{}, {\22y\22}]>"}, mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}) -> (tensor<8x8xi32> {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}, tensor<8x8xi8> {mhlo.sharding = "{replicated}"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x8xi32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %2 = stablehlo.shift_right_arithmetic %arg0, %1 : tensor<8x8xi32>
    %3 = stablehlo.add %0, %2 : tensor<8x8xi32>
    %c_0 = stablehlo.constant dense<7> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.compare EQ, %c_0, %c_1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %5 = stablehlo.select %4, %c_2, %c_0 : tensor<i1>, tensor<i32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %7 = stablehlo.remainder %arg1, %6 : tensor<8x8xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %9 = stablehlo.compare LT, %7, %8 : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
    %10 = stablehlo.compare LT, %5, %c_1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<8x8xi1>
    %12 = stablehlo.compare NE, %9, %11 : (tensor<8x8xi1>, tensor<8x8xi1>) -> tensor<8x8xi1>
    %13 = stablehlo.compare NE, %7, %8 : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
    %14 = stablehlo.and %12, %13 : tensor<8x8xi1>
    %15 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %16 = stablehlo.add %7, %15 : tensor<8x8xi32>
    %17 = stablehlo.select %14, %16, %7 : tensor<8x8xi1>, tensor<8x8xi32>
    %18 = stablehlo.subtract %3, %17 : tensor<8x8xi32>
    %c_4 = stablehlo.constant dense<255> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %20 = stablehlo.and %arg0, %19 : tensor<8x8xi32>
    %21 = stablehlo.xor %18, %20 : tensor<8x8xi32>
    %22 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%21) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {}]>]>"}} : (tensor<8x8xi32>) -> tensor<8x8xi32>
    %23 = stablehlo.maximum %arg0, %arg1 : tensor<8x8xi32>
    %24 = stablehlo.convert %23 : (tensor<8x8xi32>) -> tensor<8x8xi8>
    %25 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%24) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{}, {}]>]>"}} : (tensor<8x8xi8>) -> tensor<8x8xi8>
    return %22, %25 : tensor<8x8xi32>, tensor<8x8xi8>
  }
}
