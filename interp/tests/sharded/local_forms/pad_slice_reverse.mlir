// Window forms on sharded dimensions (interp/src/devices/local_forms.rs).
// @parallel_x needs no data from other devices and runs strictly; @halo_x
// needs a halo exchange: strictly an error naming op, operand, dimension,
// factor and axes, with --insert-reshards the exchange on local shards.
// Each agrees with @sequential_x.
sdy.mesh @mesh = <["x"=4, "y"=2]>

// pad at the high end of a non-divisible dimension (7 → 8 over 4 shards of 2):
// every output block reads inside its own input block.
func.func @parallel_pad_high(%arg0: tensor<7x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c = stablehlo.constant dense<7> : tensor<i32>
  %0 = stablehlo.pad %arg0, %c, low = [0, 0], high = [1, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<7x4xi32>, tensor<i32>) -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}
func.func @sequential_pad_high(%arg0: tensor<7x4xi32>) -> tensor<8x4xi32> {
  %c = stablehlo.constant dense<7> : tensor<i32>
  %0 = stablehlo.pad %arg0, %c, low = [0, 0], high = [1, 0], interior = [0, 0] : (tensor<7x4xi32>, tensor<i32>) -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}

// pad with low, negative and interior padding: blocks shift, a halo.
func.func @halo_pad(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<16x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %c = stablehlo.constant dense<-3> : tensor<i32>
  %0 = stablehlo.pad %arg0, %c, low = [3, 0], high = [-2, 0], interior = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x4xi32>, tensor<i32>) -> tensor<16x4xi32>
  return %0 : tensor<16x4xi32>
}
func.func @sequential_pad(%arg0: tensor<8x4xi32>) -> tensor<16x4xi32> {
  %c = stablehlo.constant dense<-3> : tensor<i32>
  %0 = stablehlo.pad %arg0, %c, low = [3, 0], high = [-2, 0], interior = [1, 0] : (tensor<8x4xi32>, tensor<i32>) -> tensor<16x4xi32>
  return %0 : tensor<16x4xi32>
}

// pad on a non-divisible dimension sharded on a sub-axis and a second axis, resharded to "x".
func.func @halo_pad_non_divisible(%arg0: tensor<7x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "y"}, {}]>}) -> (tensor<9x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c = stablehlo.constant dense<5> : tensor<i32>
  %0 = stablehlo.pad %arg0, %c, low = [1, 0], high = [1, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<7x3xi32>, tensor<i32>) -> tensor<9x3xi32>
  return %0 : tensor<9x3xi32>
}
func.func @sequential_pad_non_divisible(%arg0: tensor<7x3xi32>) -> tensor<9x3xi32> {
  %c = stablehlo.constant dense<5> : tensor<i32>
  %0 = stablehlo.pad %arg0, %c, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<7x3xi32>, tensor<i32>) -> tensor<9x3xi32>
  return %0 : tensor<9x3xi32>
}

// slice from 0 with stride 1 that keeps every block in place.
func.func @parallel_slice_prefix(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<7x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.slice %arg0 [0:7, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x4xi32>) -> tensor<7x4xi32>
  return %0 : tensor<7x4xi32>
}
func.func @sequential_slice_prefix(%arg0: tensor<8x4xi32>) -> tensor<7x4xi32> {
  %0 = stablehlo.slice %arg0 [0:7, 0:4] : (tensor<8x4xi32>) -> tensor<7x4xi32>
  return %0 : tensor<7x4xi32>
}

// slice with an offset and a stride: a halo.
func.func @halo_slice(%arg0: tensor<16x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.slice %arg0 [3:15:2, 1:3] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<16x4xi32>) -> tensor<6x2xi32>
  return %0 : tensor<6x2xi32>
}
func.func @sequential_slice(%arg0: tensor<16x4xi32>) -> tensor<6x2xi32> {
  %0 = stablehlo.slice %arg0 [3:15:2, 1:3] : (tensor<16x4xi32>) -> tensor<6x2xi32>
  return %0 : tensor<6x2xi32>
}

// reverse of a sharded dimension: device k needs device 3-k's block.
func.func @halo_reverse(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.reverse %arg0, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}
func.func @sequential_reverse(%arg0: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %0 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}

// reverse along an unsharded dimension stays local.
func.func @parallel_reverse_unsharded(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.reverse %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}
func.func @sequential_reverse_unsharded(%arg0: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %0 = stablehlo.reverse %arg0, dims = [1] : tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}

// concatenate along a sharded dimension.
func.func @halo_concatenate(%arg0: tensor<3x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<5x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<3x4xi32>, tensor<5x4xi32>) -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}
func.func @sequential_concatenate(%arg0: tensor<3x4xi32>, %arg1: tensor<5x4xi32>) -> tensor<8x4xi32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<3x4xi32>, tensor<5x4xi32>) -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}
