// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10072), minimized from 14 to 14 ops.
// differ: result 0 at [0]: -6.450000e+01 on global vs -4.128000e+03 on shardy
// Signature: differ:global/shardy:add,all_to_all,dot_general,dynamic_slice,minimum,reduce,reduce_scatter,reshard

sdy.mesh @mesh = <["a"=8, "b"=2]>

func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, [], replicated={"b"}>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2, ?}p0]>}) {
  %v0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [1]>}> : (tensor<8xf32>, tensor<8x8xf32>) -> tensor<8xf32>
  %v1 = sdy.reshard %arg1 <@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  %v2 = sdy.all_to_all [{"b"}: 0->1] %v1 out_sharding=<@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %v3 = "stablehlo.dynamic_slice"(%v0, %arg2) <{slice_sizes = array<i64: 1>}> : (tensor<8xf32>, tensor<i32>) -> tensor<1xf32>
  %v4 = "stablehlo.constant"() <{value = dense<0x7F800000> : tensor<f32>}> : () -> tensor<f32>
  %v5 = "stablehlo.reduce"(%v3, %v4) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.minimum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<1xf32>, tensor<f32>) -> tensor<f32>
  %v6 = sdy.reshard %v2 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %v7 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v8 = "stablehlo.reduce"(%v6, %v7) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"a"}>]>} : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
  %v9 = sdy.reduce_scatter [{"a"}] %v8 out_sharding=<@mesh, [{"a"}]> : tensor<8xf32>
  %v10 = "stablehlo.add"(%v9, %v9) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}p0]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %v11 = "stablehlo.add"(%v10, %v10) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}p0]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  "func.return"(%v11) : (tensor<8xf32>) -> ()
}
