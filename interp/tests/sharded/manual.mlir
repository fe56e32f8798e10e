// sdy.manual_computation with StableHLO collectives inside.
sdy.mesh @mesh = <["x"=4], device_ids=[2, 3, 0, 1]>

// Each device sums its block's columns, then all_reduce over every device.
func.func @parallel_total(%arg0: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}]>]
      manual_axes={"x"} (%arg1: tensor<2x2xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.reduce(%arg1 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<2x2xi32>, tensor<i32>) -> tensor<2xi32>
    %2 = "stablehlo.all_reduce"(%1) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %s = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %s : tensor<i32>
    }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
        channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2xi32>) -> tensor<2xi32>
    sdy.return %2 : tensor<2xi32>
  } : (tensor<8x2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

func.func @sequential_total(%arg0: tensor<8x2xi32>) -> tensor<2xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<8x2xi32>, tensor<i32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// Rotates the blocks one device to the left (by mesh position): position p
// receives the block of position p+1. Positions 0..3 hold devices 2, 3, 0, 1.
func.func @parallel_rotate(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>]
      manual_axes={"x"} (%arg1: tensor<2xi32>) {
    %1 = "stablehlo.collective_permute"(%arg1) {source_target_pairs = dense<[[3, 2], [0, 3], [1, 0], [2, 1]]> : tensor<4x2xi64>,
        channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<2xi32>) -> tensor<2xi32>
    sdy.return %1 : tensor<2xi32>
  } : (tensor<8xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// The same rotation with two pairs wrong: [0, 3] and [2, 1] became [0, 1] and [2, 3].
func.func @parallel_rotate_wrong(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>]
      manual_axes={"x"} (%arg1: tensor<2xi32>) {
    %1 = "stablehlo.collective_permute"(%arg1) {source_target_pairs = dense<[[3, 2], [0, 1], [1, 0], [2, 3]]> : tensor<4x2xi64>,
        channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<2xi32>) -> tensor<2xi32>
    sdy.return %1 : tensor<2xi32>
  } : (tensor<8xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

func.func @sequential_rotate(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  %0 = stablehlo.slice %arg0 [2:8] : (tensor<8xi32>) -> tensor<6xi32>
  %1 = stablehlo.slice %arg0 [0:2] : (tensor<8xi32>) -> tensor<2xi32>
  %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<6xi32>, tensor<2xi32>) -> tensor<8xi32>
  return %2 : tensor<8xi32>
}

// A result declared replicated whose per-device values differ.
func.func @replicas_differ(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{}]>]
      manual_axes={"x"} (%arg1: tensor<2xi32>) {
    sdy.return %arg1 : tensor<2xi32>
  } : (tensor<8xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// A nested manual computation on a 2x2 mesh: the outer one over "a", the inner over "b".
sdy.mesh @mesh2 = <["a"=2, "b"=2]>

func.func @parallel_nested(%arg0: tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh2, [{"a"}, {}]>})
    -> (tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh2, [{"a"}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh2, [{"a"}, {}]>] out_shardings=[<@mesh2, [{"a"}, {}]>]
      manual_axes={"a"} (%arg1: tensor<2x4xi32>) {
    %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh2, [{}, {"b"}]>] out_shardings=[<@mesh2, [{}, {"b"}]>]
        manual_axes={"b"} (%arg2: tensor<2x2xi32>) {
      %2 = stablehlo.multiply %arg2, %arg2 : tensor<2x2xi32>
      sdy.return %2 : tensor<2x2xi32>
    } : (tensor<2x4xi32>) -> tensor<2x4xi32>
    sdy.return %1 : tensor<2x4xi32>
  } : (tensor<4x4xi32>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

func.func @sequential_nested(%arg0: tensor<4x4xi32>) -> tensor<4x4xi32> {
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}
