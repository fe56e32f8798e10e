module @jit_ring attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  func.func private @region_0.1(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_1.2(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_2.3(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_3.4(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_4.5(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_5.6(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_6.7(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_7.8(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_8.9(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_9.10(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_10.11(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_11.12(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_12.13(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_13.14(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_14.15(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @region_15.16(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @xla.sdy.manual_computation_body.17(%arg0: tensor<2x4xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %1 = stablehlo.transpose %arg1, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %2 = stablehlo.dot %arg0, %1, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %4 = stablehlo.multiply %2, %3 : tensor<2x2xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %6 = stablehlo.maximum %5, %0 : tensor<2xf32>
    %7 = stablehlo.subtract %0, %6 : tensor<2xf32>
    %8 = stablehlo.exponential %7 : tensor<2xf32>
    %9 = stablehlo.reshape %8 : (tensor<2xf32>) -> tensor<2x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %11 = stablehlo.reshape %10 : (tensor<2x1xf32>) -> tensor<2xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %14 = stablehlo.multiply %12, %13 : tensor<2x4xf32>
    %15 = stablehlo.reshape %6 : (tensor<2xf32>) -> tensor<2x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %17 = stablehlo.reshape %16 : (tensor<2x1xf32>) -> tensor<2xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %19 = stablehlo.subtract %4, %18 : tensor<2x2xf32>
    %20 = stablehlo.exponential %19 : tensor<2x2xf32>
    %21 = stablehlo.dot %20, %arg2, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %22 = stablehlo.add %14, %21 : tensor<2x4xf32>
    %23 = "stablehlo.collective_permute"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %24 = stablehlo.transpose %23, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %25 = stablehlo.dot %arg0, %24, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %26 = stablehlo.multiply %25, %3 : tensor<2x2xf32>
    %27 = stablehlo.reduce(%26 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %28 = stablehlo.maximum %6, %27 : tensor<2xf32>
    %29 = stablehlo.subtract %6, %28 : tensor<2xf32>
    %30 = stablehlo.exponential %29 : tensor<2xf32>
    %31 = stablehlo.reshape %30 : (tensor<2xf32>) -> tensor<2x1xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %33 = stablehlo.reshape %32 : (tensor<2x1xf32>) -> tensor<2xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %35 = stablehlo.multiply %22, %34 : tensor<2x4xf32>
    %36 = stablehlo.reshape %28 : (tensor<2xf32>) -> tensor<2x1xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %38 = stablehlo.reshape %37 : (tensor<2x1xf32>) -> tensor<2xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %40 = stablehlo.subtract %26, %39 : tensor<2x2xf32>
    %41 = stablehlo.exponential %40 : tensor<2x2xf32>
    %42 = "stablehlo.collective_permute"(%arg2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %43 = stablehlo.dot %41, %42, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %44 = stablehlo.add %35, %43 : tensor<2x4xf32>
    %45 = "stablehlo.collective_permute"(%23) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %46 = stablehlo.transpose %45, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %47 = stablehlo.dot %arg0, %46, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %48 = stablehlo.multiply %47, %3 : tensor<2x2xf32>
    %49 = stablehlo.reduce(%48 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %50 = stablehlo.maximum %28, %49 : tensor<2xf32>
    %51 = stablehlo.subtract %28, %50 : tensor<2xf32>
    %52 = stablehlo.exponential %51 : tensor<2xf32>
    %53 = stablehlo.reshape %52 : (tensor<2xf32>) -> tensor<2x1xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %55 = stablehlo.reshape %54 : (tensor<2x1xf32>) -> tensor<2xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %57 = stablehlo.multiply %44, %56 : tensor<2x4xf32>
    %58 = stablehlo.reshape %50 : (tensor<2xf32>) -> tensor<2x1xf32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %60 = stablehlo.reshape %59 : (tensor<2x1xf32>) -> tensor<2xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %62 = stablehlo.subtract %48, %61 : tensor<2x2xf32>
    %63 = stablehlo.exponential %62 : tensor<2x2xf32>
    %64 = "stablehlo.collective_permute"(%42) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %65 = stablehlo.dot %63, %64, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %66 = stablehlo.add %57, %65 : tensor<2x4xf32>
    %67 = "stablehlo.collective_permute"(%45) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %68 = stablehlo.transpose %67, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %69 = stablehlo.dot %arg0, %68, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %70 = stablehlo.multiply %69, %3 : tensor<2x2xf32>
    %71 = stablehlo.reduce(%70 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %72 = stablehlo.maximum %50, %71 : tensor<2xf32>
    %73 = stablehlo.subtract %50, %72 : tensor<2xf32>
    %74 = stablehlo.exponential %73 : tensor<2xf32>
    %75 = stablehlo.reshape %74 : (tensor<2xf32>) -> tensor<2x1xf32>
    %76 = stablehlo.broadcast_in_dim %75, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %77 = stablehlo.reshape %76 : (tensor<2x1xf32>) -> tensor<2xf32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %79 = stablehlo.multiply %66, %78 : tensor<2x4xf32>
    %80 = stablehlo.reshape %72 : (tensor<2xf32>) -> tensor<2x1xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %82 = stablehlo.reshape %81 : (tensor<2x1xf32>) -> tensor<2xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %84 = stablehlo.subtract %70, %83 : tensor<2x2xf32>
    %85 = stablehlo.exponential %84 : tensor<2x2xf32>
    %86 = "stablehlo.collective_permute"(%64) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %87 = stablehlo.dot %85, %86, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %88 = stablehlo.add %79, %87 : tensor<2x4xf32>
    %89 = "stablehlo.collective_permute"(%67) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %90 = stablehlo.transpose %89, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %91 = stablehlo.dot %arg0, %90, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %92 = stablehlo.multiply %91, %3 : tensor<2x2xf32>
    %93 = stablehlo.reduce(%92 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %94 = stablehlo.maximum %72, %93 : tensor<2xf32>
    %95 = stablehlo.subtract %72, %94 : tensor<2xf32>
    %96 = stablehlo.exponential %95 : tensor<2xf32>
    %97 = stablehlo.reshape %96 : (tensor<2xf32>) -> tensor<2x1xf32>
    %98 = stablehlo.broadcast_in_dim %97, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %99 = stablehlo.reshape %98 : (tensor<2x1xf32>) -> tensor<2xf32>
    %100 = stablehlo.broadcast_in_dim %99, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %101 = stablehlo.multiply %88, %100 : tensor<2x4xf32>
    %102 = stablehlo.reshape %94 : (tensor<2xf32>) -> tensor<2x1xf32>
    %103 = stablehlo.broadcast_in_dim %102, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %104 = stablehlo.reshape %103 : (tensor<2x1xf32>) -> tensor<2xf32>
    %105 = stablehlo.broadcast_in_dim %104, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %106 = stablehlo.subtract %92, %105 : tensor<2x2xf32>
    %107 = stablehlo.exponential %106 : tensor<2x2xf32>
    %108 = "stablehlo.collective_permute"(%86) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %109 = stablehlo.dot %107, %108, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %110 = stablehlo.add %101, %109 : tensor<2x4xf32>
    %111 = "stablehlo.collective_permute"(%89) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %112 = stablehlo.transpose %111, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %113 = stablehlo.dot %arg0, %112, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %114 = stablehlo.multiply %113, %3 : tensor<2x2xf32>
    %115 = stablehlo.reduce(%114 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %116 = stablehlo.maximum %94, %115 : tensor<2xf32>
    %117 = stablehlo.subtract %94, %116 : tensor<2xf32>
    %118 = stablehlo.exponential %117 : tensor<2xf32>
    %119 = stablehlo.reshape %118 : (tensor<2xf32>) -> tensor<2x1xf32>
    %120 = stablehlo.broadcast_in_dim %119, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %121 = stablehlo.reshape %120 : (tensor<2x1xf32>) -> tensor<2xf32>
    %122 = stablehlo.broadcast_in_dim %121, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %123 = stablehlo.multiply %110, %122 : tensor<2x4xf32>
    %124 = stablehlo.reshape %116 : (tensor<2xf32>) -> tensor<2x1xf32>
    %125 = stablehlo.broadcast_in_dim %124, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %126 = stablehlo.reshape %125 : (tensor<2x1xf32>) -> tensor<2xf32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %128 = stablehlo.subtract %114, %127 : tensor<2x2xf32>
    %129 = stablehlo.exponential %128 : tensor<2x2xf32>
    %130 = "stablehlo.collective_permute"(%108) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %131 = stablehlo.dot %129, %130, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %132 = stablehlo.add %123, %131 : tensor<2x4xf32>
    %133 = "stablehlo.collective_permute"(%111) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %134 = stablehlo.transpose %133, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %135 = stablehlo.dot %arg0, %134, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %136 = stablehlo.multiply %135, %3 : tensor<2x2xf32>
    %137 = stablehlo.reduce(%136 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %138 = stablehlo.maximum %116, %137 : tensor<2xf32>
    %139 = stablehlo.subtract %116, %138 : tensor<2xf32>
    %140 = stablehlo.exponential %139 : tensor<2xf32>
    %141 = stablehlo.reshape %140 : (tensor<2xf32>) -> tensor<2x1xf32>
    %142 = stablehlo.broadcast_in_dim %141, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %143 = stablehlo.reshape %142 : (tensor<2x1xf32>) -> tensor<2xf32>
    %144 = stablehlo.broadcast_in_dim %143, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %145 = stablehlo.multiply %132, %144 : tensor<2x4xf32>
    %146 = stablehlo.reshape %138 : (tensor<2xf32>) -> tensor<2x1xf32>
    %147 = stablehlo.broadcast_in_dim %146, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %148 = stablehlo.reshape %147 : (tensor<2x1xf32>) -> tensor<2xf32>
    %149 = stablehlo.broadcast_in_dim %148, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %150 = stablehlo.subtract %136, %149 : tensor<2x2xf32>
    %151 = stablehlo.exponential %150 : tensor<2x2xf32>
    %152 = "stablehlo.collective_permute"(%130) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %153 = stablehlo.dot %151, %152, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %154 = stablehlo.add %145, %153 : tensor<2x4xf32>
    %155 = "stablehlo.collective_permute"(%133) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %156 = stablehlo.transpose %155, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %157 = stablehlo.dot %arg0, %156, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %158 = stablehlo.multiply %157, %3 : tensor<2x2xf32>
    %159 = stablehlo.reduce(%158 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %160 = stablehlo.maximum %138, %159 : tensor<2xf32>
    %161 = stablehlo.subtract %138, %160 : tensor<2xf32>
    %162 = stablehlo.exponential %161 : tensor<2xf32>
    %163 = stablehlo.reshape %162 : (tensor<2xf32>) -> tensor<2x1xf32>
    %164 = stablehlo.broadcast_in_dim %163, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %165 = stablehlo.reshape %164 : (tensor<2x1xf32>) -> tensor<2xf32>
    %166 = stablehlo.broadcast_in_dim %165, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %167 = stablehlo.multiply %154, %166 : tensor<2x4xf32>
    %168 = stablehlo.reshape %160 : (tensor<2xf32>) -> tensor<2x1xf32>
    %169 = stablehlo.broadcast_in_dim %168, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %170 = stablehlo.reshape %169 : (tensor<2x1xf32>) -> tensor<2xf32>
    %171 = stablehlo.broadcast_in_dim %170, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
    %172 = stablehlo.subtract %158, %171 : tensor<2x2xf32>
    %173 = stablehlo.exponential %172 : tensor<2x2xf32>
    %174 = "stablehlo.collective_permute"(%152) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %175 = stablehlo.dot %173, %174, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %176 = stablehlo.add %167, %175 : tensor<2x4xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %178 = stablehlo.multiply %8, %177 : tensor<2xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %179 = stablehlo.reduce(%20 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %180 = stablehlo.add %178, %179 : tensor<2xf32>
    %181 = stablehlo.multiply %180, %30 : tensor<2xf32>
    %182 = stablehlo.reduce(%41 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %183 = stablehlo.add %181, %182 : tensor<2xf32>
    %184 = stablehlo.multiply %183, %52 : tensor<2xf32>
    %185 = stablehlo.reduce(%63 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %186 = stablehlo.add %184, %185 : tensor<2xf32>
    %187 = stablehlo.multiply %186, %74 : tensor<2xf32>
    %188 = stablehlo.reduce(%85 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %189 = stablehlo.add %187, %188 : tensor<2xf32>
    %190 = stablehlo.multiply %189, %96 : tensor<2xf32>
    %191 = stablehlo.reduce(%107 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %192 = stablehlo.add %190, %191 : tensor<2xf32>
    %193 = stablehlo.multiply %192, %118 : tensor<2xf32>
    %194 = stablehlo.reduce(%129 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %195 = stablehlo.add %193, %194 : tensor<2xf32>
    %196 = stablehlo.multiply %195, %140 : tensor<2xf32>
    %197 = stablehlo.reduce(%151 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %198 = stablehlo.add %196, %197 : tensor<2xf32>
    %199 = stablehlo.multiply %198, %162 : tensor<2xf32>
    %200 = stablehlo.reduce(%173 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
    %201 = stablehlo.add %199, %200 : tensor<2xf32>
    %202 = stablehlo.reshape %201 : (tensor<2xf32>) -> tensor<2x1xf32>
    %203 = stablehlo.broadcast_in_dim %202, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %204 = stablehlo.reshape %203 : (tensor<2x1xf32>) -> tensor<2xf32>
    %205 = stablehlo.broadcast_in_dim %204, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %206 = stablehlo.divide %176, %205 : tensor<2x4xf32>
    return %206 : tensor<2x4xf32>
  }
  func.func @main(%arg0: tensor<16x4xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<16x4xf32>) -> (tensor<16x4xf32> {mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %1 = stablehlo.custom_call @Sharding(%arg1) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %2 = stablehlo.custom_call @Sharding(%arg2) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %3 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%0, %1, %2) {backend_config = "", has_side_effect = true, mhlo.sharding = "{{mesh['x'=8], manual}, {mesh['x'=8], manual}, {mesh['x'=8], manual}}", xla_shape = "(f32[2,4]{1,0}, f32[2,4]{1,0}, f32[2,4]{1,0})"} : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) -> tuple<tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>>
    %4 = stablehlo.get_tuple_element %3[0] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tuple<tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>>) -> tensor<2x4xf32>
    %5 = stablehlo.get_tuple_element %3[1] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tuple<tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>>) -> tensor<2x4xf32>
    %6 = stablehlo.get_tuple_element %3[2] {mhlo.sharding = "{mesh['x'=8], manual}"} : (tuple<tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>>) -> tensor<2x4xf32>
    %7 = call @xla.sdy.manual_computation_body.17(%4, %5, %6) {mhlo.frontend_attributes = {inlineable = "xla_late"}, mhlo.sharding = "{mesh['x'=8], manual}"} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %8 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%7) {backend_config = "", has_side_effect = true, mhlo.sharding = "{mesh['x'=8], [{'x'}, {}]}"} : (tensor<2x4xf32>) -> tensor<16x4xf32>
    return %8 : tensor<16x4xf32>
  }
}
