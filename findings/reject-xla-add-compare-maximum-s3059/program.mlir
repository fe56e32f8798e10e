// Found by `shardref difftest --engines global,insert,shardy,xla,stablehlo --seed 3000` (seed 3059), minimized from 7 to 14 ops.
// reject: xla_run.py: error: XLA compilation failed: INTERNAL: during context [hlo verifier]: Expected instruction to have shape equal to s32[3,1], actual shape is s32[1,1]:
// Signature: reject:xla:error: XLA compilation failed: INTERNAL: during context [hlo verifier]: Expected instruction to have shape equal to sN[N,N], actual shape is sN[N,N]:

sdy.mesh @mesh = <["data"=1, "model"=8], device_ids=[6, 2, 7, 0, 4, 5, 3, 1]>

func.func @main(%arg0: tensor<8x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"model":(2)4}, {}]>}) -> (tensor<1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"model":(1)2, ?}p0, {?}p0]>}) {
  %v0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = false}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.compare"(%p0, %p1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%q0) : (tensor<i1>) -> ()
    }) : (tensor<8x6xi32>) -> tensor<8x6xi32>
  %v1 = "stablehlo.slice"(%v0) <{limit_indices = array<i64: 6, 4>, start_indices = array<i64: 5, 3>, strides = array<i64: 3, 1>}> : (tensor<8x6xi32>) -> tensor<1x1xi32>
  %v2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %v10:2 = "stablehlo.while"(%v2, %v1) ({
    ^bb0(%v3: tensor<i32>, %v4: tensor<1x1xi32>):
      %v5 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
      %v6 = "stablehlo.compare"(%v3, %v5) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%v6) : (tensor<i1>) -> ()
    }, {
    ^bb0(%v3: tensor<i32>, %v4: tensor<1x1xi32>):
      %v7 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %v8 = "stablehlo.add"(%v3, %v7) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %v9 = "stablehlo.add"(%v4, %v4) : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x1xi32>
      "stablehlo.return"(%v8, %v9) : (tensor<i32>, tensor<1x1xi32>) -> ()
    }) : (tensor<i32>, tensor<1x1xi32>) -> (tensor<i32>, tensor<1x1xi32>)
  %v11 = "stablehlo.constant"() <{value = dense<-2147483648> : tensor<i32>}> : () -> tensor<i32>
  %v12 = "stablehlo.reduce_window"(%v1, %v11) <{padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%p0: tensor<i32>, %p1: tensor<i32>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%q0) : (tensor<i32>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model":(1)2, ?}p0, {?}p0]>]>} : (tensor<1x1xi32>, tensor<i32>) -> tensor<1x1xi32>
  %v13 = "stablehlo.add"(%v12, %v12) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model":(1)2, ?}p0, {?}p0]>]>} : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x1xi32>
  "func.return"(%v13) : (tensor<1x1xi32>) -> ()
}
