// reduce_window over a sharded dimension as a window form: each device
// reduces the input range its result block's windows cover. Windows that
// stay inside the blocks run strictly; overlapping or padded windows need a
// halo from the neighbouring device.
sdy.mesh @mesh = <["x"=4, "y"=2]>

func.func @parallel_reduce_window_pairs(%arg0: tensor<8x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x3xi32>, tensor<i32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}
func.func @sequential_reduce_window_pairs(%arg0: tensor<8x3xi32>) -> tensor<4x3xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<8x3xi32>, tensor<i32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// A sliding max of width 3 with padding 1 on both sides, non-divisible
// (9 rows over 4 devices), a dilated window on the unsharded dimension.
func.func @halo_reduce_window_sliding(%arg0: tensor<9x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<9x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c = stablehlo.constant dense<-100> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{window_dimensions = array<i64: 3, 2>, window_dilations = array<i64: 1, 2>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<9x5xi32>, tensor<i32>) -> tensor<9x3xi32>
  return %0 : tensor<9x3xi32>
}
func.func @sequential_reduce_window_sliding(%arg0: tensor<9x5xi32>) -> tensor<9x3xi32> {
  %c = stablehlo.constant dense<-100> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{window_dimensions = array<i64: 3, 2>, window_dilations = array<i64: 1, 2>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<9x5xi32>, tensor<i32>) -> tensor<9x3xi32>
  return %0 : tensor<9x3xi32>
}

// Strided windows with negative padding.
func.func @halo_reduce_window_strided(%arg0: tensor<16x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{window_dimensions = array<i64: 4, 1>, window_strides = array<i64: 3, 1>, padding = dense<[[-1, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<16x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}
func.func @sequential_reduce_window_strided(%arg0: tensor<16x2xi32>) -> tensor<4x2xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{window_dimensions = array<i64: 4, 1>, window_strides = array<i64: 3, 1>, padding = dense<[[-1, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<16x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}
