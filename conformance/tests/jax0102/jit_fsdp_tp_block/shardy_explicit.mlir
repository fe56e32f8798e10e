module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg3: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = stablehlo.multiply %arg3, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
    %1 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%0 init: %1) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=4, j=8} reduction={j}>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %3 = stablehlo.reshape %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=4, j=1}>} : (tensor<4xf32>) -> tensor<4x1xf32>
    %4 = sdy.constant dense<8.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=1}>} : (tensor<f32>) -> tensor<4x1xf32>
    %6 = stablehlo.divide %3, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=1}>} : tensor<4x1xf32>
    %7 = sdy.constant dense<9.99999997E-7> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=1}>} : (tensor<f32>) -> tensor<4x1xf32>
    %9 = stablehlo.add %6, %8 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=1}>} : tensor<4x1xf32>
    %10 = stablehlo.rsqrt %9 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=1}>} : tensor<4x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=1}>} : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %12 = stablehlo.reshape %11 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=4, j=1}>} : (tensor<4x1xf32>) -> tensor<4xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=4, j=8}>} : (tensor<4xf32>) -> tensor<4x8xf32>
    %14 = stablehlo.multiply %arg3, %13 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
    %15 = stablehlo.reshape %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=1, j=8}>} : (tensor<8xf32>) -> tensor<1x8xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=1, j=8}>} : (tensor<1x8xf32>) -> tensor<1x8xf32>
    %17 = stablehlo.reshape %16 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j]) {i=1, j=8}>} : (tensor<1x8xf32>) -> tensor<8xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=4, j=8}>} : (tensor<8xf32>) -> tensor<4x8xf32>
    %19 = stablehlo.multiply %14, %18 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
    %20 = sdy.all_to_all [{"x"}: 0->1] %19 out_sharding=<@mesh, [{}, {"x"}]> : tensor<4x8xf32>
    %21 = stablehlo.dot %20, %arg0, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=16, k=8} reduction={k}>} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %22 = sdy.all_reduce {"x"} %21 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x16xf32>
    %23 = sdy.all_slice [{"x"}, {}] %22 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<4x16xf32>
    %24 = stablehlo.multiply %23, %23 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %25 = stablehlo.multiply %24, %23 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %26 = sdy.constant dense<4.471500e-02> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=16}>} : (tensor<f32>) -> tensor<4x16xf32>
    %28 = stablehlo.multiply %25, %27 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %29 = stablehlo.add %23, %28 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %30 = sdy.constant dense<0.797884583> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=16}>} : (tensor<f32>) -> tensor<4x16xf32>
    %32 = stablehlo.multiply %29, %31 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %33 = stablehlo.tanh %32 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %34 = sdy.constant dense<1.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=16}>} : (tensor<f32>) -> tensor<4x16xf32>
    %36 = stablehlo.add %33, %35 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %37 = sdy.constant dense<5.000000e-01> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=16}>} : (tensor<f32>) -> tensor<4x16xf32>
    %39 = stablehlo.multiply %36, %38 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %40 = stablehlo.multiply %23, %39 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %41 = sdy.all_gather [{"x"}, {}] %40 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x16xf32>
    %42 = stablehlo.dot %41, %arg1, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=8, k=16} reduction={k}>} : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %43 = sdy.all_reduce {"y"} %42 out_sharding=<@mesh, [{}, {"x"}]> : tensor<4x8xf32>
    %44 = sdy.all_to_all [{"x"}: 1->0] %43 out_sharding=<@mesh, [{"x"}, {}]> : tensor<4x8xf32>
    %45 = stablehlo.add %arg3, %44 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
    %46 = stablehlo.multiply %45, %45 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
    %47 = stablehlo.reduce(%46 init: %1) applies stablehlo.add across dimensions = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([]) {i=4, j=8} reduction={i, j}>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %48 = sdy.all_reduce {"x"} %47 out_sharding=<@mesh, []> : tensor<f32>
    %49 = sdy.constant dense<3.200000e+01> : tensor<f32>
    %50 = stablehlo.divide %48, %49 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
    %51 = sdy.constant dense<2.000000e+00> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=8}>} : (tensor<f32>) -> tensor<4x8xf32>
    %53 = stablehlo.multiply %45, %52 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
    %54 = sdy.constant dense<3.125000e-02> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %54, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=8}>} : (tensor<f32>) -> tensor<4x8xf32>
    %56 = stablehlo.multiply %53, %55 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
    %57 = sdy.all_to_all [{"x"}: 0->1] %56 out_sharding=<@mesh, [{}, {"x"}]> : tensor<4x8xf32>
    %58 = stablehlo.dot_general %57, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k])->([i, j]) {i=4, j=16, k=8} reduction={k}>} : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    %59 = sdy.all_reduce {"x"} %58 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x16xf32>
    %60 = sdy.all_slice [{"x"}, {}] %59 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<4x16xf32>
    %61 = stablehlo.multiply %60, %39 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %62 = stablehlo.multiply %23, %60 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %63 = stablehlo.multiply %62, %38 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %64 = stablehlo.subtract %35, %33 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %65 = stablehlo.multiply %63, %64 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %66 = stablehlo.multiply %65, %33 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %67 = stablehlo.add %65, %66 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %68 = stablehlo.multiply %67, %31 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %69 = stablehlo.add %61, %68 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %70 = stablehlo.multiply %68, %27 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %71 = stablehlo.multiply %23, %23 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %72 = sdy.constant dense<3.000000e+00> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=16}>} : (tensor<f32>) -> tensor<4x16xf32>
    %74 = stablehlo.multiply %71, %73 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %75 = stablehlo.multiply %70, %74 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %76 = stablehlo.add %69, %75 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=16}>} : tensor<4x16xf32>
    %77 = sdy.all_gather [{"x"}, {}] %76 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x16xf32>
    %78 = sdy.all_to_all [{"x"}: 0->1] %19 out_sharding=<@mesh, [{}, {"x"}]> : tensor<4x8xf32>
    %79 = stablehlo.dot_general %77, %78, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k, i], [k, j])->([i, j]) {i=16, j=8, k=4} reduction={k}>} : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %80 = stablehlo.transpose %79, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=8, j=16}>, xla_shape = "f32[8,16]{0,1}"} : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %81 = sdy.all_to_all [{"x"}: 0->1] %56 out_sharding=<@mesh, [{}, {"x"}]> : tensor<4x8xf32>
    %82 = sdy.all_gather [{"x"}, {}] %40 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x16xf32>
    %83 = stablehlo.dot_general %81, %82, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k, i], [k, j])->([i, j]) {i=8, j=16, k=4} reduction={k}>} : (tensor<4x8xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %84 = stablehlo.transpose %83, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=16, j=8}>, xla_shape = "f32[16,8]{0,1}"} : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %85 = sdy.all_gather [{"x"}, {}] %76 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x16xf32>
    %86 = stablehlo.dot_general %85, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k])->([i, j]) {i=4, j=8, k=16} reduction={k}>} : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
    %87 = sdy.all_reduce {"y"} %86 out_sharding=<@mesh, [{}, {"x"}]> : tensor<4x8xf32>
    %88 = sdy.all_to_all [{"x"}: 1->0] %87 out_sharding=<@mesh, [{"x"}, {}]> : tensor<4x8xf32>
    %89 = stablehlo.multiply %14, %88 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
    %90 = stablehlo.reduce(%89 init: %1) applies stablehlo.add across dimensions = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([j]) {i=4, j=8} reduction={i}>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %91 = sdy.all_reduce {"x"} %90 out_sharding=<@mesh, [{}]> : tensor<8xf32>
    %92 = stablehlo.reshape %91 {sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=1, j=8}>} : (tensor<8xf32>) -> tensor<1x8xf32>
    %93 = stablehlo.reduce(%92 init: %1) applies stablehlo.add across dimensions = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([j]) {i=1, j=8} reduction={i}>} : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    return %50, %80, %84, %93 : tensor<f32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8xf32>
  }
}
