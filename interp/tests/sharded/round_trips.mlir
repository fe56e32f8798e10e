// Collective round trips on a mesh with sub-axes and custom device ids.
sdy.mesh @mesh = <["x"=4, "y"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
sdy.mesh @mesh_rev = <["x"=4, "y"=2], device_ids=[0, 1, 2, 3, 4, 5, 6, 7]>

// all_gather then all_slice back.
func.func @gather_slice(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
    -> (tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x6xi32>
  %1 = sdy.all_slice [{"x"}, {}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x6xi32>
  return %1 : tensor<8x6xi32>
}

// all_to_all there and back, over a sub-axis.
func.func @all_to_all_back(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.all_to_all [{"x":(2)2}: 0->1] %arg0 out_sharding=<@mesh, [{"x":(1)2}, {"x":(2)2}]> : tensor<8x6xi32>
  %1 = sdy.all_to_all [{"x":(2)2}: 1->0] %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x6xi32>
  return %1 : tensor<8x6xi32>
}

// collective_permute onto a mesh with another device order, and back.
func.func @permute_back(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>})
    -> (tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) {
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh_rev, [{"y", "x"}, {}]> : tensor<8x6xi32>
  %1 = sdy.collective_permute %0 out_sharding=<@mesh, [{"x", "y"}, {}]> : tensor<8x6xi32>
  return %1 : tensor<8x6xi32>
}

// Elementwise ops on sub-axis shardings, and an iota whose values depend
// on each device's offset, on a non-divisible dimension (7 rows on 4 devices).
func.func @parallel_iota_add(%arg0: tensor<7x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "y"}, {"x":(2)2}]>})
    -> (tensor<7x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %i = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, "y"}, {"x":(2)2}]>]>} : tensor<7x4xi32>
  %0 = stablehlo.add %arg0, %i {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, "y"}, {"x":(2)2}]>]>} : tensor<7x4xi32>
  %1 = sdy.all_gather [{"x":(1)2, "y"}, {"x":(2)2}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<7x4xi32>
  return %1 : tensor<7x4xi32>
}

func.func @sequential_iota_add(%arg0: tensor<7x4xi32>) -> tensor<7x4xi32> {
  %i = stablehlo.iota dim = 0 : tensor<7x4xi32>
  %0 = stablehlo.add %arg0, %i : tensor<7x4xi32>
  return %0 : tensor<7x4xi32>
}

// partition_id is each device's id: broadcast into the device's own block,
// the result lists the ids in mesh-position order.
func.func @device_ids() -> (tensor<8xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) {
  %p = stablehlo.partition_id : tensor<ui32>
  %0 = stablehlo.broadcast_in_dim %p, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}]>]>} : (tensor<ui32>) -> tensor<8xui32>
  return %0 : tensor<8xui32>
}

// A reshape that splits a sharded dimension keeps every element on its device.
func.func @parallel_split(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8xi32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

func.func @sequential_split(%arg0: tensor<8xi32>) -> tensor<4x2xi32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xi32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// An all_gather over the wrong axis: its out_sharding claims dimension 0 is
// whole, but the devices only exchange along "y".
func.func @wrong_gather(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = sdy.all_gather [{"y"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x6xi32>
  return %0 : tensor<8x6xi32>
}
