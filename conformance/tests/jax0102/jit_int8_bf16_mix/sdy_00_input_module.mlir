module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xi8> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{}, {\22y\22}]>"}, mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}, %arg1: tensor<1x8xbf16> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{}, {\22y\22}]>"}, mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"}, %arg2: tensor<4x8xbf16> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {}]>"}, mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"}) -> (tensor<4x8xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) {
    %0 = stablehlo.convert %arg0 : (tensor<8x8xi8>) -> tensor<8x8xbf16>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x8xbf16>) -> tensor<1x8xbf16>
    %2 = stablehlo.reshape %1 : (tensor<1x8xbf16>) -> tensor<8xbf16>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<8xbf16>) -> tensor<8x8xbf16>
    %4 = stablehlo.multiply %0, %3 : tensor<8x8xbf16>
    %5 = stablehlo.dot %arg2, %4, precision = [DEFAULT, DEFAULT] : (tensor<4x8xbf16>, tensor<8x8xbf16>) -> tensor<4x8xf32>
    %6 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%5) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {\22y\22}]>]>"}} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %6 : tensor<4x8xf32>
  }
}
