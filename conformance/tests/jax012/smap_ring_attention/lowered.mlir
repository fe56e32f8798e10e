module @jit_ring attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func public @main(%arg0: tensor<16x4xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<16x4xf32>) -> (tensor<16x4xf32> {jax.result_info = "result"}) {
    %0 = sdy.manual_computation(%arg0, %arg1, %arg2) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg3: tensor<2x4xf32>, %arg4: tensor<2x4xf32>, %arg5: tensor<2x4xf32>) {
      %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
      %4 = stablehlo.transpose %arg4, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %5 = stablehlo.dot_general %arg3, %4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %6 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %7 = stablehlo.multiply %5, %6 : tensor<2x2xf32>
      %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %8 = stablehlo.reduce(%7 init: %cst_3) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %9 = stablehlo.maximum %1, %8 : tensor<2xf32>
      %10 = stablehlo.subtract %1, %9 : tensor<2xf32>
      %11 = stablehlo.exponential %10 : tensor<2xf32>
      %12 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x2xf32>
      %14 = stablehlo.subtract %7, %13 : tensor<2x2xf32>
      %15 = stablehlo.exponential %14 : tensor<2x2xf32>
      %16 = stablehlo.multiply %2, %11 : tensor<2xf32>
      %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %17 = stablehlo.reduce(%15 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %18 = stablehlo.add %16, %17 : tensor<2xf32>
      %19 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
      %21 = stablehlo.multiply %3, %20 : tensor<2x4xf32>
      %22 = stablehlo.dot_general %15, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %23 = stablehlo.add %21, %22 : tensor<2x4xf32>
      %24 = "stablehlo.collective_permute"(%arg4) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %25 = "stablehlo.collective_permute"(%arg5) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %26 = stablehlo.transpose %24, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %27 = stablehlo.dot_general %arg3, %26, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_5 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %29 = stablehlo.multiply %27, %28 : tensor<2x2xf32>
      %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %30 = stablehlo.reduce(%29 init: %cst_6) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %31 = stablehlo.maximum %9, %30 : tensor<2xf32>
      %32 = stablehlo.subtract %9, %31 : tensor<2xf32>
      %33 = stablehlo.exponential %32 : tensor<2xf32>
      %34 = stablehlo.broadcast_in_dim %31, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x2xf32>
      %36 = stablehlo.subtract %29, %35 : tensor<2x2xf32>
      %37 = stablehlo.exponential %36 : tensor<2x2xf32>
      %38 = stablehlo.multiply %18, %33 : tensor<2xf32>
      %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %39 = stablehlo.reduce(%37 init: %cst_7) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %40 = stablehlo.add %38, %39 : tensor<2xf32>
      %41 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
      %43 = stablehlo.multiply %23, %42 : tensor<2x4xf32>
      %44 = stablehlo.dot_general %37, %25, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %45 = stablehlo.add %43, %44 : tensor<2x4xf32>
      %46 = "stablehlo.collective_permute"(%24) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %47 = "stablehlo.collective_permute"(%25) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %48 = stablehlo.transpose %46, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %49 = stablehlo.dot_general %arg3, %48, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_8 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %50 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %51 = stablehlo.multiply %49, %50 : tensor<2x2xf32>
      %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %52 = stablehlo.reduce(%51 init: %cst_9) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %53 = stablehlo.maximum %31, %52 : tensor<2xf32>
      %54 = stablehlo.subtract %31, %53 : tensor<2xf32>
      %55 = stablehlo.exponential %54 : tensor<2xf32>
      %56 = stablehlo.broadcast_in_dim %53, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x2xf32>
      %58 = stablehlo.subtract %51, %57 : tensor<2x2xf32>
      %59 = stablehlo.exponential %58 : tensor<2x2xf32>
      %60 = stablehlo.multiply %40, %55 : tensor<2xf32>
      %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %61 = stablehlo.reduce(%59 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %62 = stablehlo.add %60, %61 : tensor<2xf32>
      %63 = stablehlo.broadcast_in_dim %55, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %64 = stablehlo.broadcast_in_dim %63, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
      %65 = stablehlo.multiply %45, %64 : tensor<2x4xf32>
      %66 = stablehlo.dot_general %59, %47, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %67 = stablehlo.add %65, %66 : tensor<2x4xf32>
      %68 = "stablehlo.collective_permute"(%46) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %69 = "stablehlo.collective_permute"(%47) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %70 = stablehlo.transpose %68, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %71 = stablehlo.dot_general %arg3, %70, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_11 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %72 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %73 = stablehlo.multiply %71, %72 : tensor<2x2xf32>
      %cst_12 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %74 = stablehlo.reduce(%73 init: %cst_12) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %75 = stablehlo.maximum %53, %74 : tensor<2xf32>
      %76 = stablehlo.subtract %53, %75 : tensor<2xf32>
      %77 = stablehlo.exponential %76 : tensor<2xf32>
      %78 = stablehlo.broadcast_in_dim %75, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %79 = stablehlo.broadcast_in_dim %78, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x2xf32>
      %80 = stablehlo.subtract %73, %79 : tensor<2x2xf32>
      %81 = stablehlo.exponential %80 : tensor<2x2xf32>
      %82 = stablehlo.multiply %62, %77 : tensor<2xf32>
      %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %83 = stablehlo.reduce(%81 init: %cst_13) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %84 = stablehlo.add %82, %83 : tensor<2xf32>
      %85 = stablehlo.broadcast_in_dim %77, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %86 = stablehlo.broadcast_in_dim %85, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
      %87 = stablehlo.multiply %67, %86 : tensor<2x4xf32>
      %88 = stablehlo.dot_general %81, %69, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %89 = stablehlo.add %87, %88 : tensor<2x4xf32>
      %90 = "stablehlo.collective_permute"(%68) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %91 = "stablehlo.collective_permute"(%69) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %92 = stablehlo.transpose %90, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %93 = stablehlo.dot_general %arg3, %92, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_14 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %94 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %95 = stablehlo.multiply %93, %94 : tensor<2x2xf32>
      %cst_15 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %96 = stablehlo.reduce(%95 init: %cst_15) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %97 = stablehlo.maximum %75, %96 : tensor<2xf32>
      %98 = stablehlo.subtract %75, %97 : tensor<2xf32>
      %99 = stablehlo.exponential %98 : tensor<2xf32>
      %100 = stablehlo.broadcast_in_dim %97, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %101 = stablehlo.broadcast_in_dim %100, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x2xf32>
      %102 = stablehlo.subtract %95, %101 : tensor<2x2xf32>
      %103 = stablehlo.exponential %102 : tensor<2x2xf32>
      %104 = stablehlo.multiply %84, %99 : tensor<2xf32>
      %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %105 = stablehlo.reduce(%103 init: %cst_16) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %106 = stablehlo.add %104, %105 : tensor<2xf32>
      %107 = stablehlo.broadcast_in_dim %99, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %108 = stablehlo.broadcast_in_dim %107, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
      %109 = stablehlo.multiply %89, %108 : tensor<2x4xf32>
      %110 = stablehlo.dot_general %103, %91, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %111 = stablehlo.add %109, %110 : tensor<2x4xf32>
      %112 = "stablehlo.collective_permute"(%90) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %113 = "stablehlo.collective_permute"(%91) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %114 = stablehlo.transpose %112, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %115 = stablehlo.dot_general %arg3, %114, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %116 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %117 = stablehlo.multiply %115, %116 : tensor<2x2xf32>
      %cst_18 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %118 = stablehlo.reduce(%117 init: %cst_18) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %119 = stablehlo.maximum %97, %118 : tensor<2xf32>
      %120 = stablehlo.subtract %97, %119 : tensor<2xf32>
      %121 = stablehlo.exponential %120 : tensor<2xf32>
      %122 = stablehlo.broadcast_in_dim %119, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %123 = stablehlo.broadcast_in_dim %122, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x2xf32>
      %124 = stablehlo.subtract %117, %123 : tensor<2x2xf32>
      %125 = stablehlo.exponential %124 : tensor<2x2xf32>
      %126 = stablehlo.multiply %106, %121 : tensor<2xf32>
      %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %127 = stablehlo.reduce(%125 init: %cst_19) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %128 = stablehlo.add %126, %127 : tensor<2xf32>
      %129 = stablehlo.broadcast_in_dim %121, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %130 = stablehlo.broadcast_in_dim %129, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
      %131 = stablehlo.multiply %111, %130 : tensor<2x4xf32>
      %132 = stablehlo.dot_general %125, %113, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %133 = stablehlo.add %131, %132 : tensor<2x4xf32>
      %134 = "stablehlo.collective_permute"(%112) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %135 = "stablehlo.collective_permute"(%113) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %136 = stablehlo.transpose %134, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %137 = stablehlo.dot_general %arg3, %136, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_20 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %138 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %139 = stablehlo.multiply %137, %138 : tensor<2x2xf32>
      %cst_21 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %140 = stablehlo.reduce(%139 init: %cst_21) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %141 = stablehlo.maximum %119, %140 : tensor<2xf32>
      %142 = stablehlo.subtract %119, %141 : tensor<2xf32>
      %143 = stablehlo.exponential %142 : tensor<2xf32>
      %144 = stablehlo.broadcast_in_dim %141, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %145 = stablehlo.broadcast_in_dim %144, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x2xf32>
      %146 = stablehlo.subtract %139, %145 : tensor<2x2xf32>
      %147 = stablehlo.exponential %146 : tensor<2x2xf32>
      %148 = stablehlo.multiply %128, %143 : tensor<2xf32>
      %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %149 = stablehlo.reduce(%147 init: %cst_22) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %150 = stablehlo.add %148, %149 : tensor<2xf32>
      %151 = stablehlo.broadcast_in_dim %143, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %152 = stablehlo.broadcast_in_dim %151, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
      %153 = stablehlo.multiply %133, %152 : tensor<2x4xf32>
      %154 = stablehlo.dot_general %147, %135, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %155 = stablehlo.add %153, %154 : tensor<2x4xf32>
      %156 = "stablehlo.collective_permute"(%134) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %157 = "stablehlo.collective_permute"(%135) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %158 = stablehlo.transpose %156, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
      %159 = stablehlo.dot_general %arg3, %158, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
      %cst_23 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %160 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %161 = stablehlo.multiply %159, %160 : tensor<2x2xf32>
      %cst_24 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %162 = stablehlo.reduce(%161 init: %cst_24) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %163 = stablehlo.maximum %141, %162 : tensor<2xf32>
      %164 = stablehlo.subtract %141, %163 : tensor<2xf32>
      %165 = stablehlo.exponential %164 : tensor<2xf32>
      %166 = stablehlo.broadcast_in_dim %163, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %167 = stablehlo.broadcast_in_dim %166, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x2xf32>
      %168 = stablehlo.subtract %161, %167 : tensor<2x2xf32>
      %169 = stablehlo.exponential %168 : tensor<2x2xf32>
      %170 = stablehlo.multiply %150, %165 : tensor<2xf32>
      %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %171 = stablehlo.reduce(%169 init: %cst_25) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
      %172 = stablehlo.add %170, %171 : tensor<2xf32>
      %173 = stablehlo.broadcast_in_dim %165, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %174 = stablehlo.broadcast_in_dim %173, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
      %175 = stablehlo.multiply %155, %174 : tensor<2x4xf32>
      %176 = stablehlo.dot_general %169, %157, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
      %177 = stablehlo.add %175, %176 : tensor<2x4xf32>
      %178 = stablehlo.broadcast_in_dim %172, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
      %179 = stablehlo.broadcast_in_dim %178, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
      %180 = stablehlo.divide %177, %179 : tensor<2x4xf32>
      sdy.return %180 : tensor<2x4xf32>
    } : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
    return %0 : tensor<16x4xf32>
  }
}
