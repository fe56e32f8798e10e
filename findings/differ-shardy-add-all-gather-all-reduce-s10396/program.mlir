// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10396), minimized from 7 to 12 ops.
// differ: result 0 at []: 1.000000e+01 on global vs 6.400000e+02 on shardy
// Signature: differ:global/shardy:add,all_gather,all_reduce,and,gather,iota,manual_computation,reduce,reshard

sdy.mesh @mesh = <["a"=1, "b"=8, "c"=2]>

func.func @main(%arg0: tensor<4x3x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)4}, {}, {}]>}, %arg1: tensor<1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], replicated={"b":(2)4}>}, %arg2: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3, 5>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}], replicated={"c"}>]>} : (tensor<4x3x5xf32>, tensor<1x1xi32>) -> tensor<1x3x5xf32>
  %v1 = "stablehlo.constant"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %v2 = "stablehlo.reduce"(%arg1, %v1) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.and"(%p0, %p1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%q0) : (tensor<i32>) -> ()
    }) : (tensor<1x1xi32>, tensor<i32>) -> tensor<1xi32>
  %v5 = sdy.manual_computation(%arg2) in_shardings=[<@mesh, [{"c"}]>] out_shardings=[<@mesh, [{"c"}]>] manual_axes={"a", "b", "c"} (%v3: tensor<3xf32>) {
    %v4 = "stablehlo.all_gather"(%v3) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2, 4, 6, 8, 10, 12, 14], [1, 3, 5, 7, 9, 11, 13, 15]]> : tensor<2x8xi64>, use_global_device_ids}> : (tensor<3xf32>) -> tensor<24xf32>
    sdy.return %v4 : tensor<24xf32>
  } : (tensor<6xf32>) -> tensor<48xf32>
  %v6 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<5xf32>
  %v7 = sdy.reshard %v6 <@mesh, [{"b"}]> : tensor<5xf32>
  %v8 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v9 = "stablehlo.reduce"(%v7, %v8) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [], unreduced={"b"}>]>} : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
  %v10 = sdy.all_reduce {"b"} %v9 out_sharding=<@mesh, []> : tensor<f32>
  "func.return"(%v10) : (tensor<f32>) -> ()
}
