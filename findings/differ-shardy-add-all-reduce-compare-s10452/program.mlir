// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10452), minimized from 13 to 13 ops.
// differ: result 0 at []: 5.904688e+01 on global vs 5.314219e+02 on shardy
// Signature: differ:global/shardy:add,all_reduce,compare,multiply,reduce,reshard,while

sdy.mesh @mesh = <["x"=3, "y"=4], device_ids=[2, 4, 3, 5, 1, 6, 7, 8, 9, 10, 11, 0]>

func.func @main(%arg0: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}]>}) -> (tensor<f32>, tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2, "x", ?}p0]>}) {
  %v0 = "stablehlo.multiply"(%arg0, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}]>]>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %v1 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v9:2 = "stablehlo.while"(%v1, %arg0) ({
    ^bb0(%v2: tensor<i32>, %v3: tensor<3xf32>):
      %v4 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
      %v5 = "stablehlo.compare"(%v2, %v4) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%v5) : (tensor<i1>) -> ()
    }, {
    ^bb0(%v2: tensor<i32>, %v3: tensor<3xf32>):
      %v6 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %v7 = "stablehlo.add"(%v2, %v6) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %v8 = "stablehlo.add"(%v3, %v3) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
      "stablehlo.return"(%v7, %v8) : (tensor<i32>, tensor<3xf32>) -> ()
    }) : (tensor<i32>, tensor<3xf32>) -> (tensor<i32>, tensor<3xf32>)
  %v10 = sdy.reshard %v0 <@mesh, [{"x"}]> : tensor<3xf32>
  %v11 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v12 = "stablehlo.reduce"(%v10, %v11) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [], unreduced={"x"}>]>} : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
  %v13 = sdy.all_reduce {"x"} %v12 out_sharding=<@mesh, []> : tensor<f32>
  "func.return"(%v13, %v9#1) : (tensor<f32>, tensor<3xf32>) -> ()
}
