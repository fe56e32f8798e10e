// Broken: adam.exported.mlir with the loss's mean over one device's share of the batch (@parallel_adam), against adam.mlir (@sequential_adam) (made by make.py)
module @adam {
  sdy.mesh @mesh = <["x"=4, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}, {name = "y", size = 2 : i64}]}}
  func.func public @parallel_adam(%arg0: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg1: tensor<128x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg2: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg3: tensor<128x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg4: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg5: tensor<128x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg6: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg7: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<64x128xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<128x16xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<64x128xf32> {jax.result_info = "result[2]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<128x16xf32> {jax.result_info = "result[3]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<64x128xf32> {jax.result_info = "result[4]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<128x16xf32> {jax.result_info = "result[5]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) {
    %0 = sdy.all_to_all [{"x", "y"}: 0->1] %arg6 out_sharding=<@mesh, [{}, {"x", "y"}]> : tensor<32x64xf32>
    %1 = stablehlo.dot_general %0, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<32x64xf32>, tensor<64x128xf32>) -> tensor<32x128xf32>
    %2 = sdy.reduce_scatter [{"x", "y"}, {}] %1 out_sharding=<@mesh, [{"x", "y"}, {}]> : tensor<32x128xf32>
    %3 = stablehlo.tanh %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<32x128xf32>
    %4 = sdy.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<32x128xf32>
    %6 = stablehlo.subtract %5, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<32x128xf32>
    %7 = sdy.all_gather [{"x", "y"}, {}] %arg1 out_sharding=<@mesh, [{}, {}]> : tensor<128x16xf32>
    %8 = stablehlo.dot_general %3, %7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<32x128xf32>, tensor<128x16xf32>) -> tensor<32x16xf32>
    %9 = stablehlo.subtract %8, %arg7 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<32x16xf32>
    %10 = sdy.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<32x16xf32>
    %12 = stablehlo.multiply %11, %9 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<32x16xf32>
    %13 = sdy.constant dense<6.400000e+01> : tensor<f32>
    %14 = stablehlo.divide %4, %13 : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<32x16xf32>
    %16 = stablehlo.multiply %15, %12 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<32x16xf32>
    %17 = stablehlo.dot_general %16, %3, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<32x16xf32>, tensor<32x128xf32>) -> tensor<16x128xf32>
    %18 = sdy.reduce_scatter [{}, {"x", "y"}] %17 out_sharding=<@mesh, [{}, {"x", "y"}]> : tensor<16x128xf32>
    %19 = stablehlo.transpose %18, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<16x128xf32>) -> tensor<128x16xf32>
    %20 = sdy.all_gather [{"x", "y"}, {}] %16 out_sharding=<@mesh, [{}, {}]> : tensor<32x16xf32>
    %21 = stablehlo.dot_general %20, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x", "y"}]>]>} : (tensor<32x16xf32>, tensor<128x16xf32>) -> tensor<32x128xf32>
    %22 = sdy.all_to_all [{"x", "y"}: 0->1] %6 out_sharding=<@mesh, [{}, {"x", "y"}]> : tensor<32x128xf32>
    %23 = stablehlo.multiply %21, %22 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x", "y"}]>]>} : tensor<32x128xf32>
    %24 = sdy.all_to_all [{"x", "y"}: 0->1] %3 out_sharding=<@mesh, [{}, {"x", "y"}]> : tensor<32x128xf32>
    %25 = stablehlo.multiply %23, %24 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x", "y"}]>]>} : tensor<32x128xf32>
    %26 = stablehlo.add %23, %25 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x", "y"}]>]>} : tensor<32x128xf32>
    %27 = sdy.all_gather [{}, {"x", "y"}] %26 out_sharding=<@mesh, [{}, {}]> : tensor<32x128xf32>
    %28 = sdy.all_to_all [{"x", "y"}: 0->1] %arg6 out_sharding=<@mesh, [{}, {"x", "y"}]> : tensor<32x64xf32>
    %29 = stablehlo.dot_general %27, %28, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x", "y"}]>]>} : (tensor<32x128xf32>, tensor<32x64xf32>) -> tensor<128x64xf32>
    %30 = stablehlo.transpose %29, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %31 = sdy.constant dense<0.899999976> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<64x128xf32>
    %33 = stablehlo.multiply %32, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %34 = sdy.constant dense<1.000000e-01> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<64x128xf32>
    %36 = stablehlo.multiply %35, %30 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %37 = stablehlo.add %33, %36 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %38 = stablehlo.broadcast_in_dim %31, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<128x16xf32>
    %39 = stablehlo.multiply %38, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %40 = stablehlo.broadcast_in_dim %34, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<128x16xf32>
    %41 = stablehlo.multiply %40, %19 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %42 = stablehlo.add %39, %41 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %43 = sdy.constant dense<9.990000e-01> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<64x128xf32>
    %45 = stablehlo.multiply %44, %arg4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %46 = sdy.constant dense<1.000000e-03> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<64x128xf32>
    %48 = stablehlo.multiply %47, %30 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %49 = stablehlo.multiply %48, %30 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %50 = stablehlo.add %45, %49 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %51 = stablehlo.broadcast_in_dim %43, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<128x16xf32>
    %52 = stablehlo.multiply %51, %arg5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %53 = stablehlo.broadcast_in_dim %46, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<128x16xf32>
    %54 = stablehlo.multiply %53, %19 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %55 = stablehlo.multiply %54, %19 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %56 = stablehlo.add %52, %55 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %57 = sdy.constant dense<0.65132153> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<64x128xf32>
    %59 = stablehlo.divide %37, %58 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %60 = stablehlo.multiply %47, %59 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %61 = sdy.constant dense<0.00995511934> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<64x128xf32>
    %63 = stablehlo.divide %50, %62 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %64 = stablehlo.sqrt %63 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %65 = sdy.constant dense<9.99999993E-9> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<64x128xf32>
    %67 = stablehlo.add %64, %66 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %68 = stablehlo.divide %60, %67 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %69 = stablehlo.subtract %arg0, %68 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<64x128xf32>
    %70 = stablehlo.broadcast_in_dim %57, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<128x16xf32>
    %71 = stablehlo.divide %42, %70 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %72 = stablehlo.multiply %53, %71 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %73 = stablehlo.broadcast_in_dim %61, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<128x16xf32>
    %74 = stablehlo.divide %56, %73 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %75 = stablehlo.sqrt %74 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %76 = stablehlo.broadcast_in_dim %65, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : (tensor<f32>) -> tensor<128x16xf32>
    %77 = stablehlo.add %75, %76 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %78 = stablehlo.divide %72, %77 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    %79 = stablehlo.subtract %arg1, %78 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<128x16xf32>
    return %69, %79, %37, %42, %50, %56 : tensor<64x128xf32>, tensor<128x16xf32>, tensor<64x128xf32>, tensor<128x16xf32>, tensor<64x128xf32>, tensor<128x16xf32>
  }
  func.func public @sequential_adam(%arg0: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg1: tensor<128x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg2: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg3: tensor<128x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg4: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg5: tensor<128x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg6: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %arg7: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<64x128xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<128x16xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<64x128xf32> {jax.result_info = "result[2]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<128x16xf32> {jax.result_info = "result[3]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<64x128xf32> {jax.result_info = "result[4]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<128x16xf32> {jax.result_info = "result[5]", sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) {
    %0 = stablehlo.dot_general %arg6, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x64xf32>, tensor<64x128xf32>) -> tensor<32x128xf32>
    %1 = stablehlo.tanh %0 : tensor<32x128xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %3 = stablehlo.subtract %2, %1 : tensor<32x128xf32>
    %4 = stablehlo.dot_general %1, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x128xf32>, tensor<128x16xf32>) -> tensor<32x16xf32>
    %5 = stablehlo.subtract %4, %arg7 : tensor<32x16xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32x16xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<32x16xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_2 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %8 = stablehlo.divide %cst_1, %cst_2 : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<32x16xf32>
    %10 = stablehlo.multiply %9, %7 : tensor<32x16xf32>
    %11 = stablehlo.dot_general %10, %1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x16xf32>, tensor<32x128xf32>) -> tensor<16x128xf32>
    %12 = stablehlo.transpose %11, dims = [1, 0] : (tensor<16x128xf32>) -> tensor<128x16xf32>
    %13 = stablehlo.dot_general %10, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<32x16xf32>, tensor<128x16xf32>) -> tensor<32x128xf32>
    %14 = stablehlo.multiply %13, %3 : tensor<32x128xf32>
    %15 = stablehlo.multiply %14, %1 : tensor<32x128xf32>
    %16 = stablehlo.add %14, %15 : tensor<32x128xf32>
    %17 = stablehlo.dot_general %16, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x128xf32>, tensor<32x64xf32>) -> tensor<128x64xf32>
    %18 = stablehlo.transpose %17, dims = [1, 0] : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %cst_3 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64x128xf32>
    %20 = stablehlo.multiply %19, %arg2 : tensor<64x128xf32>
    %cst_4 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64x128xf32>
    %22 = stablehlo.multiply %21, %18 : tensor<64x128xf32>
    %23 = stablehlo.add %20, %22 : tensor<64x128xf32>
    %cst_5 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<128x16xf32>
    %25 = stablehlo.multiply %24, %arg3 : tensor<128x16xf32>
    %cst_6 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<128x16xf32>
    %27 = stablehlo.multiply %26, %12 : tensor<128x16xf32>
    %28 = stablehlo.add %25, %27 : tensor<128x16xf32>
    %cst_7 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64x128xf32>
    %30 = stablehlo.multiply %29, %arg4 : tensor<64x128xf32>
    %cst_8 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64x128xf32>
    %32 = stablehlo.multiply %31, %18 : tensor<64x128xf32>
    %33 = stablehlo.multiply %32, %18 : tensor<64x128xf32>
    %34 = stablehlo.add %30, %33 : tensor<64x128xf32>
    %cst_9 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<128x16xf32>
    %36 = stablehlo.multiply %35, %arg5 : tensor<128x16xf32>
    %cst_10 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<128x16xf32>
    %38 = stablehlo.multiply %37, %12 : tensor<128x16xf32>
    %39 = stablehlo.multiply %38, %12 : tensor<128x16xf32>
    %40 = stablehlo.add %36, %39 : tensor<128x16xf32>
    %cst_11 = stablehlo.constant dense<0.65132153> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<64x128xf32>
    %42 = stablehlo.divide %23, %41 : tensor<64x128xf32>
    %cst_12 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<64x128xf32>
    %44 = stablehlo.multiply %43, %42 : tensor<64x128xf32>
    %cst_13 = stablehlo.constant dense<0.00995511934> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<64x128xf32>
    %46 = stablehlo.divide %34, %45 : tensor<64x128xf32>
    %47 = stablehlo.sqrt %46 : tensor<64x128xf32>
    %cst_14 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<64x128xf32>
    %49 = stablehlo.add %47, %48 : tensor<64x128xf32>
    %50 = stablehlo.divide %44, %49 : tensor<64x128xf32>
    %51 = stablehlo.subtract %arg0, %50 : tensor<64x128xf32>
    %cst_15 = stablehlo.constant dense<0.65132153> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<128x16xf32>
    %53 = stablehlo.divide %28, %52 : tensor<128x16xf32>
    %cst_16 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<128x16xf32>
    %55 = stablehlo.multiply %54, %53 : tensor<128x16xf32>
    %cst_17 = stablehlo.constant dense<0.00995511934> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<128x16xf32>
    %57 = stablehlo.divide %40, %56 : tensor<128x16xf32>
    %58 = stablehlo.sqrt %57 : tensor<128x16xf32>
    %cst_18 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<128x16xf32>
    %60 = stablehlo.add %58, %59 : tensor<128x16xf32>
    %61 = stablehlo.divide %55, %60 : tensor<128x16xf32>
    %62 = stablehlo.subtract %arg1, %61 : tensor<128x16xf32>
    return %51, %62, %23, %28, %34, %40 : tensor<64x128xf32>, tensor<128x16xf32>, tensor<64x128xf32>, tensor<128x16xf32>, tensor<64x128xf32>, tensor<128x16xf32>
  }
}
