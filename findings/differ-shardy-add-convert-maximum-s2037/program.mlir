// Found by `shardref difftest --engines global,shardy --seed 2037` (seed 2037), minimized from 8 to 8 ops.
// differ: result 0 at []: -1.225000e+01 on global vs -inf on shardy
// Signature: differ:global/shardy:add,convert,maximum,reduce,sharding_group,slice

sdy.mesh @mesh = <["data"=4, "model"=8, "expert"=1]>

func.func @main(%arg0: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 2>}> : (tensor<1xf32>) -> tensor<1xf32>
  %v1 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %v2 = "stablehlo.reduce"(%v0, %v1) <{dimensions = array<i64: 0>}> ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%q0) : (tensor<f32>) -> ()
    }) : (tensor<1xf32>, tensor<f32>) -> tensor<f32>
  "sdy.sharding_group"(%v2) {group_id = 0 : i64} : (tensor<f32>) -> ()
  %v3 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}p0], replicated={"data"}>]>} : (tensor<1xf32>) -> tensor<1xf32>
  %v4 = "stablehlo.convert"(%v2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<f32>) -> tensor<f32>
  %v5 = "stablehlo.add"(%v4, %v4) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  "func.return"(%v5) : (tensor<f32>) -> ()
}
