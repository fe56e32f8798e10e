module @jit_ring attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func @main(%arg0: tensor<16x4xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<16x4xf32>) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0, %arg1, %arg2) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg3: tensor<2x4xf32>, %arg4: tensor<2x4xf32>, %arg5: tensor<2x4xf32>) {
      %1 = sdy.constant dense<0xFF800000> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %3 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %4 = stablehlo.transpose %arg4, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %5 = stablehlo.dot %arg3, %4, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %6 = sdy.constant dense<5.000000e-01> : tensor<f32>
      %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %8 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %9 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %10 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %11 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %12 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %13 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %14 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %15 = stablehlo.multiply %5, %7 : tensor<2x2xf32>
      %16 = sdy.constant dense<0xFF800000> : tensor<f32>
      %17 = stablehlo.reduce(%15 init: %16) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %18 = stablehlo.maximum %17, %2 : tensor<2xf32>
      %19 = stablehlo.subtract %3, %18 : tensor<2xf32>
      %20 = stablehlo.exponential %19 : tensor<2xf32>
      %21 = stablehlo.reshape %20 : (tensor<2xf32>) -> tensor<2x1xf32>
      %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %23 = stablehlo.reshape %22 : (tensor<2x1xf32>) -> tensor<2xf32>
      %24 = stablehlo.broadcast_in_dim %23, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %25 = sdy.constant dense<0.000000e+00> : tensor<f32>
      %26 = stablehlo.broadcast_in_dim %25, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
      %27 = stablehlo.multiply %24, %26 : tensor<2x4xf32>
      %28 = stablehlo.reshape %18 : (tensor<2xf32>) -> tensor<2x1xf32>
      %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %30 = stablehlo.reshape %29 : (tensor<2x1xf32>) -> tensor<2xf32>
      %31 = stablehlo.broadcast_in_dim %30, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
      %32 = stablehlo.subtract %15, %31 : tensor<2x2xf32>
      %33 = stablehlo.exponential %32 : tensor<2x2xf32>
      %34 = stablehlo.dot %33, %arg5, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %35 = stablehlo.add %27, %34 : tensor<2x4xf32>
      %36 = "stablehlo.collective_permute"(%arg4) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %37 = stablehlo.transpose %36, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %38 = stablehlo.dot %arg3, %37, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %39 = stablehlo.multiply %38, %8 : tensor<2x2xf32>
      %40 = stablehlo.reduce(%39 init: %16) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %41 = stablehlo.maximum %18, %40 : tensor<2xf32>
      %42 = stablehlo.subtract %18, %41 : tensor<2xf32>
      %43 = stablehlo.exponential %42 : tensor<2xf32>
      %44 = stablehlo.reshape %43 : (tensor<2xf32>) -> tensor<2x1xf32>
      %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %46 = stablehlo.reshape %45 : (tensor<2x1xf32>) -> tensor<2xf32>
      %47 = stablehlo.broadcast_in_dim %46, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %48 = stablehlo.multiply %35, %47 : tensor<2x4xf32>
      %49 = stablehlo.reshape %41 : (tensor<2xf32>) -> tensor<2x1xf32>
      %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %51 = stablehlo.reshape %50 : (tensor<2x1xf32>) -> tensor<2xf32>
      %52 = stablehlo.broadcast_in_dim %51, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
      %53 = stablehlo.subtract %39, %52 : tensor<2x2xf32>
      %54 = stablehlo.exponential %53 : tensor<2x2xf32>
      %55 = "stablehlo.collective_permute"(%arg5) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %56 = stablehlo.dot %54, %55, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %57 = stablehlo.add %48, %56 : tensor<2x4xf32>
      %58 = "stablehlo.collective_permute"(%36) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %59 = stablehlo.transpose %58, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %60 = stablehlo.dot %arg3, %59, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %61 = stablehlo.multiply %60, %9 : tensor<2x2xf32>
      %62 = stablehlo.reduce(%61 init: %16) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %63 = stablehlo.maximum %41, %62 : tensor<2xf32>
      %64 = stablehlo.subtract %41, %63 : tensor<2xf32>
      %65 = stablehlo.exponential %64 : tensor<2xf32>
      %66 = stablehlo.reshape %65 : (tensor<2xf32>) -> tensor<2x1xf32>
      %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %68 = stablehlo.reshape %67 : (tensor<2x1xf32>) -> tensor<2xf32>
      %69 = stablehlo.broadcast_in_dim %68, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %70 = stablehlo.multiply %57, %69 : tensor<2x4xf32>
      %71 = stablehlo.reshape %63 : (tensor<2xf32>) -> tensor<2x1xf32>
      %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %73 = stablehlo.reshape %72 : (tensor<2x1xf32>) -> tensor<2xf32>
      %74 = stablehlo.broadcast_in_dim %73, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
      %75 = stablehlo.subtract %61, %74 : tensor<2x2xf32>
      %76 = stablehlo.exponential %75 : tensor<2x2xf32>
      %77 = "stablehlo.collective_permute"(%55) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %78 = stablehlo.dot %76, %77, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %79 = stablehlo.add %70, %78 : tensor<2x4xf32>
      %80 = "stablehlo.collective_permute"(%58) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %81 = stablehlo.transpose %80, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %82 = stablehlo.dot %arg3, %81, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %83 = stablehlo.multiply %82, %10 : tensor<2x2xf32>
      %84 = stablehlo.reduce(%83 init: %16) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %85 = stablehlo.maximum %63, %84 : tensor<2xf32>
      %86 = stablehlo.subtract %63, %85 : tensor<2xf32>
      %87 = stablehlo.exponential %86 : tensor<2xf32>
      %88 = stablehlo.reshape %87 : (tensor<2xf32>) -> tensor<2x1xf32>
      %89 = stablehlo.broadcast_in_dim %88, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %90 = stablehlo.reshape %89 : (tensor<2x1xf32>) -> tensor<2xf32>
      %91 = stablehlo.broadcast_in_dim %90, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %92 = stablehlo.multiply %79, %91 : tensor<2x4xf32>
      %93 = stablehlo.reshape %85 : (tensor<2xf32>) -> tensor<2x1xf32>
      %94 = stablehlo.broadcast_in_dim %93, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %95 = stablehlo.reshape %94 : (tensor<2x1xf32>) -> tensor<2xf32>
      %96 = stablehlo.broadcast_in_dim %95, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
      %97 = stablehlo.subtract %83, %96 : tensor<2x2xf32>
      %98 = stablehlo.exponential %97 : tensor<2x2xf32>
      %99 = "stablehlo.collective_permute"(%77) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %100 = stablehlo.dot %98, %99, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %101 = stablehlo.add %92, %100 : tensor<2x4xf32>
      %102 = "stablehlo.collective_permute"(%80) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %103 = stablehlo.transpose %102, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %104 = stablehlo.dot %arg3, %103, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %105 = stablehlo.multiply %104, %11 : tensor<2x2xf32>
      %106 = stablehlo.reduce(%105 init: %16) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %107 = stablehlo.maximum %85, %106 : tensor<2xf32>
      %108 = stablehlo.subtract %85, %107 : tensor<2xf32>
      %109 = stablehlo.exponential %108 : tensor<2xf32>
      %110 = stablehlo.reshape %109 : (tensor<2xf32>) -> tensor<2x1xf32>
      %111 = stablehlo.broadcast_in_dim %110, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %112 = stablehlo.reshape %111 : (tensor<2x1xf32>) -> tensor<2xf32>
      %113 = stablehlo.broadcast_in_dim %112, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %114 = stablehlo.multiply %101, %113 : tensor<2x4xf32>
      %115 = stablehlo.reshape %107 : (tensor<2xf32>) -> tensor<2x1xf32>
      %116 = stablehlo.broadcast_in_dim %115, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %117 = stablehlo.reshape %116 : (tensor<2x1xf32>) -> tensor<2xf32>
      %118 = stablehlo.broadcast_in_dim %117, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
      %119 = stablehlo.subtract %105, %118 : tensor<2x2xf32>
      %120 = stablehlo.exponential %119 : tensor<2x2xf32>
      %121 = "stablehlo.collective_permute"(%99) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %122 = stablehlo.dot %120, %121, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %123 = stablehlo.add %114, %122 : tensor<2x4xf32>
      %124 = "stablehlo.collective_permute"(%102) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %125 = stablehlo.transpose %124, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %126 = stablehlo.dot %arg3, %125, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %127 = stablehlo.multiply %126, %12 : tensor<2x2xf32>
      %128 = stablehlo.reduce(%127 init: %16) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %129 = stablehlo.maximum %107, %128 : tensor<2xf32>
      %130 = stablehlo.subtract %107, %129 : tensor<2xf32>
      %131 = stablehlo.exponential %130 : tensor<2xf32>
      %132 = stablehlo.reshape %131 : (tensor<2xf32>) -> tensor<2x1xf32>
      %133 = stablehlo.broadcast_in_dim %132, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %134 = stablehlo.reshape %133 : (tensor<2x1xf32>) -> tensor<2xf32>
      %135 = stablehlo.broadcast_in_dim %134, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %136 = stablehlo.multiply %123, %135 : tensor<2x4xf32>
      %137 = stablehlo.reshape %129 : (tensor<2xf32>) -> tensor<2x1xf32>
      %138 = stablehlo.broadcast_in_dim %137, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %139 = stablehlo.reshape %138 : (tensor<2x1xf32>) -> tensor<2xf32>
      %140 = stablehlo.broadcast_in_dim %139, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
      %141 = stablehlo.subtract %127, %140 : tensor<2x2xf32>
      %142 = stablehlo.exponential %141 : tensor<2x2xf32>
      %143 = "stablehlo.collective_permute"(%121) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %144 = stablehlo.dot %142, %143, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %145 = stablehlo.add %136, %144 : tensor<2x4xf32>
      %146 = "stablehlo.collective_permute"(%124) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %147 = stablehlo.transpose %146, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %148 = stablehlo.dot %arg3, %147, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %149 = stablehlo.multiply %148, %13 : tensor<2x2xf32>
      %150 = stablehlo.reduce(%149 init: %16) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %151 = stablehlo.maximum %129, %150 : tensor<2xf32>
      %152 = stablehlo.subtract %129, %151 : tensor<2xf32>
      %153 = stablehlo.exponential %152 : tensor<2xf32>
      %154 = stablehlo.reshape %153 : (tensor<2xf32>) -> tensor<2x1xf32>
      %155 = stablehlo.broadcast_in_dim %154, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %156 = stablehlo.reshape %155 : (tensor<2x1xf32>) -> tensor<2xf32>
      %157 = stablehlo.broadcast_in_dim %156, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %158 = stablehlo.multiply %145, %157 : tensor<2x4xf32>
      %159 = stablehlo.reshape %151 : (tensor<2xf32>) -> tensor<2x1xf32>
      %160 = stablehlo.broadcast_in_dim %159, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %161 = stablehlo.reshape %160 : (tensor<2x1xf32>) -> tensor<2xf32>
      %162 = stablehlo.broadcast_in_dim %161, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
      %163 = stablehlo.subtract %149, %162 : tensor<2x2xf32>
      %164 = stablehlo.exponential %163 : tensor<2x2xf32>
      %165 = "stablehlo.collective_permute"(%143) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %166 = stablehlo.dot %164, %165, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %167 = stablehlo.add %158, %166 : tensor<2x4xf32>
      %168 = "stablehlo.collective_permute"(%146) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %169 = stablehlo.transpose %168, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,2]{0,1}"} : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %170 = stablehlo.dot %arg3, %169, precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %171 = stablehlo.multiply %170, %14 : tensor<2x2xf32>
      %172 = stablehlo.reduce(%171 init: %16) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %173 = stablehlo.maximum %151, %172 : tensor<2xf32>
      %174 = stablehlo.subtract %151, %173 : tensor<2xf32>
      %175 = stablehlo.exponential %174 : tensor<2xf32>
      %176 = stablehlo.reshape %175 : (tensor<2xf32>) -> tensor<2x1xf32>
      %177 = stablehlo.broadcast_in_dim %176, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %178 = stablehlo.reshape %177 : (tensor<2x1xf32>) -> tensor<2xf32>
      %179 = stablehlo.broadcast_in_dim %178, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %180 = stablehlo.multiply %167, %179 : tensor<2x4xf32>
      %181 = stablehlo.reshape %173 : (tensor<2xf32>) -> tensor<2x1xf32>
      %182 = stablehlo.broadcast_in_dim %181, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %183 = stablehlo.reshape %182 : (tensor<2x1xf32>) -> tensor<2xf32>
      %184 = stablehlo.broadcast_in_dim %183, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
      %185 = stablehlo.subtract %171, %184 : tensor<2x2xf32>
      %186 = stablehlo.exponential %185 : tensor<2x2xf32>
      %187 = "stablehlo.collective_permute"(%165) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %188 = stablehlo.dot %186, %187, precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %189 = stablehlo.add %180, %188 : tensor<2x4xf32>
      %190 = sdy.constant dense<0.000000e+00> : tensor<f32>
      %191 = stablehlo.broadcast_in_dim %190, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %192 = stablehlo.multiply %20, %191 : tensor<2xf32>
      %193 = sdy.constant dense<0.000000e+00> : tensor<f32>
      %194 = stablehlo.reduce(%33 init: %193) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %195 = stablehlo.add %192, %194 : tensor<2xf32>
      %196 = stablehlo.multiply %195, %43 : tensor<2xf32>
      %197 = stablehlo.reduce(%54 init: %193) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %198 = stablehlo.add %196, %197 : tensor<2xf32>
      %199 = stablehlo.multiply %198, %65 : tensor<2xf32>
      %200 = stablehlo.reduce(%76 init: %193) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %201 = stablehlo.add %199, %200 : tensor<2xf32>
      %202 = stablehlo.multiply %201, %87 : tensor<2xf32>
      %203 = stablehlo.reduce(%98 init: %193) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %204 = stablehlo.add %202, %203 : tensor<2xf32>
      %205 = stablehlo.multiply %204, %109 : tensor<2xf32>
      %206 = stablehlo.reduce(%120 init: %193) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %207 = stablehlo.add %205, %206 : tensor<2xf32>
      %208 = stablehlo.multiply %207, %131 : tensor<2xf32>
      %209 = stablehlo.reduce(%142 init: %193) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %210 = stablehlo.add %208, %209 : tensor<2xf32>
      %211 = stablehlo.multiply %210, %153 : tensor<2xf32>
      %212 = stablehlo.reduce(%164 init: %193) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %213 = stablehlo.add %211, %212 : tensor<2xf32>
      %214 = stablehlo.multiply %213, %175 : tensor<2xf32>
      %215 = stablehlo.reduce(%186 init: %193) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %216 = stablehlo.add %214, %215 : tensor<2xf32>
      %217 = stablehlo.reshape %216 : (tensor<2xf32>) -> tensor<2x1xf32>
      %218 = stablehlo.broadcast_in_dim %217, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1xf32>
      %219 = stablehlo.reshape %218 : (tensor<2x1xf32>) -> tensor<2xf32>
      %220 = stablehlo.broadcast_in_dim %219, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
      %221 = stablehlo.divide %189, %220 : tensor<2x4xf32>
      sdy.return %221 : tensor<2x4xf32>
    } : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
    return %0 : tensor<16x4xf32>
  }
}
