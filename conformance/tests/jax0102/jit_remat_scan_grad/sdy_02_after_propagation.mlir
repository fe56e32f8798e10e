module @jit_loss attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.num_partitions = 8 : i32, mhlo.use_auto_spmd_partitioning = false} {
  sdy.mesh @mesh = <["x"=2, "y"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 4 : i64}]}}
  func.func @main(%arg0: tensor<2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}]>}) {
    %0 = sdy.constant dense<0> : tensor<i32>
    %1 = sdy.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j, k]) {i=2, j=4, k=8}>} : (tensor<f32>) -> tensor<2x4x8xf32>
    %3 = sdy.reshard %arg0 <@mesh, [{}, {}, {"y"}]> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=2, j=8, k=8}>} : tensor<2x8x8xf32>
    %4:3 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg1, %iterArg_1 = %2) : tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}, {"y"}]>, <@mesh, [{}, {"x"}, {"y"}]>]>}
    cond {
      %11 = sdy.constant dense<2> : tensor<i32>
      %12 = stablehlo.compare LT, %iterArg, %11 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %12 : tensor<i1>
    } do {
      %11 = sdy.constant dense<1> : tensor<i32>
      %12 = stablehlo.add %iterArg, %11 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %13 = sdy.constant dense<0> : tensor<i32>
      %14 = stablehlo.dynamic_slice %3, %iterArg, %13, %13, sizes = [1, 8, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [], [], [])->([i, j, k]) {i=2, j=8, k=8} need_replication={i} blocked_propagation={i}>} : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
      %15 = stablehlo.reshape %14 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([j, k]) {i=1, j=8, k=8}>} : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
      %16 = stablehlo.dot %iterArg_0, %15, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=8, k=8} reduction={k}>} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %17 = stablehlo.sine %16 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
      %18 = stablehlo.reshape %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, k])->([i, j, k]) {i=1, j=4, k=8}>} : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
      %19 = stablehlo.dynamic_update_slice %iterArg_1, %18, %iterArg, %13, %13 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, l], [j, k, l], [], [], [])->([i, k, l]) {i=2, j=1, k=4, l=8} need_replication={j}>} : (tensor<2x4x8xf32>, tensor<1x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x8xf32>
      stablehlo.return %12, %17, %19 : tensor<i32>, tensor<4x8xf32>, tensor<2x4x8xf32>
    }
    %5 = stablehlo.multiply %4#1, %4#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
    %6 = stablehlo.reduce(%5 init: %1) applies stablehlo.add across dimensions = [0, 1] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([]) {i=4, j=8} reduction={i, j}>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %7 = stablehlo.add %4#1, %4#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
    %8 = stablehlo.broadcast_in_dim %1, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j, k]) {i=2, j=8, k=8}>} : (tensor<f32>) -> tensor<2x8x8xf32>
    %9 = sdy.reshard %arg0 <@mesh, [{}, {}, {"y"}]> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=2, j=8, k=8}>} : tensor<2x8x8xf32>
    %10:3 = stablehlo.while(%iterArg = %0, %iterArg_0 = %7, %iterArg_1 = %8) : tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}, {"y"}]>, <@mesh, [{}, {}, {"y"}]>]>}
    cond {
      %11 = sdy.constant dense<2> : tensor<i32>
      %12 = stablehlo.compare LT, %iterArg, %11 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %12 : tensor<i1>
    } do {
      %11 = sdy.constant dense<1> : tensor<i32>
      %12 = stablehlo.add %iterArg, %11 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %13 = sdy.constant dense<2> : tensor<i32>
      %14 = stablehlo.subtract %13, %iterArg {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %15 = stablehlo.subtract %14, %11 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<i32>
      %16 = sdy.constant dense<0> : tensor<i32>
      %17 = stablehlo.dynamic_slice %4#2, %15, %16, %16, sizes = [1, 4, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [], [], [])->([i, j, k]) {i=2, j=4, k=8} need_replication={i} blocked_propagation={i}>} : (tensor<2x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
      %18 = stablehlo.reshape %17 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([j, k]) {i=1, j=4, k=8}>} : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
      %19 = stablehlo.dynamic_slice %9, %15, %16, %16, sizes = [1, 8, 8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [], [], [])->([i, j, k]) {i=2, j=8, k=8} need_replication={i} blocked_propagation={i}>} : (tensor<2x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
      %20 = stablehlo.reshape %19 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([j, k]) {i=1, j=8, k=8}>} : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
      %21:3 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>, <@mesh, [{}, {"y"}]>, <@mesh, [{"x"}, {"y"}]>]>} %18, %20, %iterArg_0 : tensor<4x8xf32>, tensor<8x8xf32>, tensor<4x8xf32>
      %22 = stablehlo.dot %21#0, %21#1, precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=8, k=8} reduction={k}>} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %23 = stablehlo.cosine %22 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
      %24 = stablehlo.multiply %21#2, %23 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
      %25 = stablehlo.dot_general %24, %21#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k])->([i, j]) {i=4, j=8, k=8} reduction={k}>} : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %26 = stablehlo.dot_general %24, %21#0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([k, i], [k, j])->([i, j]) {i=8, j=8, k=4} reduction={k}>} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      %27 = stablehlo.transpose %26, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, j]) {i=8, j=8}>, xla_shape = "f32[8,8]{0,1}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
      %28 = stablehlo.reshape %27 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([j, k])->([i, j, k]) {i=1, j=8, k=8}>} : (tensor<8x8xf32>) -> tensor<1x8x8xf32>
      %29 = stablehlo.dynamic_update_slice %iterArg_1, %28, %15, %16, %16 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"y"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, l], [j, k, l], [], [], [])->([i, k, l]) {i=2, j=1, k=8, l=8} need_replication={j}>} : (tensor<2x8x8xf32>, tensor<1x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x8xf32>
      stablehlo.return %12, %25, %29 : tensor<i32>, tensor<4x8xf32>, tensor<2x8x8xf32>
    }
    return %6, %10#2 : tensor<f32>, tensor<2x8x8xf32>
  }
}
