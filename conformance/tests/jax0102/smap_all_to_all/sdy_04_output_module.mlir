module @jit__lambda attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16x16xf32> {mhlo.sharding = "{devices=[8,1]<=[8]}"}) -> (tensor<16x16xf32> {mhlo.sharding = "{devices=[1,8]<=[8]}"}) {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[8,1]<=[8]}"} : tensor<16x16xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<16x16xf32>) -> tensor<2x16xf32>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{manual}"} : (tensor<2x16xf32>) -> tensor<16x2xf32>
    %3 = mhlo.copy %2 {mhlo.sharding = "{manual}"} : tensor<16x2xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{devices=[1,8]<=[8]}"} : (tensor<16x2xf32>) -> tensor<16x16xf32>
    return %4 : tensor<16x16xf32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2x16xf32> {mhlo.sharding = "{manual}"}) -> (tensor<16x2xf32> {mhlo.sharding = "{manual}"}) {
    %0 = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, split_count = 8 : i64, split_dimension = 1 : i64}> {mhlo.sharding = "{manual}"} : (tensor<2x16xf32>) -> tensor<2x16xf32>
    %1 = stablehlo.reshape %0 {mhlo.sharding = "{manual}"} : (tensor<2x16xf32>) -> tensor<2x8x2xf32>
    %2 = stablehlo.transpose %1, dims = [1, 0, 2] {mhlo.sharding = "{manual}", result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,2,2]{2,0,1}"} : (tensor<2x8x2xf32>) -> tensor<8x2x2xf32>
    %3 = stablehlo.reshape %2 {mhlo.sharding = "{manual}"} : (tensor<8x2x2xf32>) -> tensor<16x2xf32>
    return %3 : tensor<16x2xf32>
  }
}
