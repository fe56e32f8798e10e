module @jit_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4x8xi32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) -> (tensor<4x8xi32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) {
    %0 = mhlo.copy %arg0 {mhlo.sharding = "{devices=[2,4]<=[8]}"} : tensor<4x8xi32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4x8xi32>) -> tensor<2x2xi32>
    %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {mhlo.sharding = "{manual}"} : (tensor<2x2xi32>) -> tensor<2x2xi32>
    %3 = mhlo.copy %2 {mhlo.sharding = "{manual}"} : tensor<2x2xi32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<2x2xi32>) -> tensor<4x8xi32>
    return %4 : tensor<4x8xi32>
  }
  func.func private @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<2x2xi32> {mhlo.sharding = "{manual}"}) -> (tensor<2x2xi32> {mhlo.sharding = "{manual}"}) {
    %c = stablehlo.constant {mhlo.sharding = "{manual}"} dense<10> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] {mhlo.sharding = "{manual}"} : (tensor<i32>) -> tensor<2x2xi32>
    %1 = stablehlo.multiply %arg0, %0 {mhlo.sharding = "{manual}"} : tensor<2x2xi32>
    %2 = stablehlo.partition_id {mhlo.sharding = "{manual}"} : tensor<ui32>
    %c_0 = stablehlo.constant {mhlo.sharding = "{manual}"} dense<4> : tensor<ui32>
    %3 = stablehlo.divide %2, %c_0 {mhlo.sharding = "{manual}"} : tensor<ui32>
    %c_1 = stablehlo.constant {mhlo.sharding = "{manual}"} dense<2> : tensor<ui32>
    %4 = stablehlo.remainder %3, %c_1 {mhlo.sharding = "{manual}"} : tensor<ui32>
    %5 = stablehlo.convert %4 {mhlo.sharding = "{manual}"} : (tensor<ui32>) -> tensor<i32>
    %c_2 = stablehlo.constant {mhlo.sharding = "{manual}"} dense<4> : tensor<i32>
    %6 = stablehlo.multiply %5, %c_2 {mhlo.sharding = "{manual}"} : tensor<i32>
    %7 = stablehlo.partition_id {mhlo.sharding = "{manual}"} : tensor<ui32>
    %c_3 = stablehlo.constant {mhlo.sharding = "{manual}"} dense<1> : tensor<ui32>
    %8 = stablehlo.divide %7, %c_3 {mhlo.sharding = "{manual}"} : tensor<ui32>
    %9 = stablehlo.remainder %8, %c_0 {mhlo.sharding = "{manual}"} : tensor<ui32>
    %10 = stablehlo.convert %9 {mhlo.sharding = "{manual}"} : (tensor<ui32>) -> tensor<i32>
    %11 = stablehlo.add %6, %10 {mhlo.sharding = "{manual}"} : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] {mhlo.sharding = "{manual}"} : (tensor<i32>) -> tensor<2x2xi32>
    %13 = stablehlo.add %1, %12 {mhlo.sharding = "{manual}"} : tensor<2x2xi32>
    return %13 : tensor<2x2xi32>
  }
}
