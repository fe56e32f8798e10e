module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x8xbf16> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {\22y\22}]>"}, mhlo.sharding = "{devices=[2,4]<=[8]}"}, %arg1: tensor<8x8xbf16> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22x\22}, {\22y\22}]>"}, mhlo.sharding = "{devices=[2,4]<=[8]}"}) -> (tensor<8x8xbf16> {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x8xbf16>
    %1 = stablehlo.exponential %arg0 : tensor<8x8xbf16>
    %2 = stablehlo.add %0, %1 : tensor<8x8xbf16>
    %3 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%2) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22y\22}, {\22x\22}]>]>"}} : (tensor<8x8xbf16>) -> tensor<8x8xbf16>
    return %3 : tensor<8x8xbf16>
  }
}
