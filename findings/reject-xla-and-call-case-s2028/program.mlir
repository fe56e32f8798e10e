// Found by `shardref difftest --engines global,xla --seed 2028` (seed 2028), minimized from 10 to 9 ops.
// reject: xla_run.py: error: XLA compilation failed: INVALID_ARGUMENT: during context [hlo verifier]: limit index (7) must be less than or equal to dimension size (6) in slice operation; argument shape: f32[6]; starts: {0}; limits: {7}; strides: {1}.
// Signature: reject:xla:error: XLA compilation failed: INVALID_ARGUMENT: during context [hlo verifier]: limit index (N) must be less than or equal to dimension size (N) in slice operat

sdy.mesh @mesh = <["a"=8]>

func.func @main(%arg0: tensor<8x5xi1> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<8x5xi32>, %arg2: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}, %arg3: tensor<5xf32>) -> (tensor<7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}p0]>}) {
  %v0 = func.call @helper_0(%arg0, %arg0) : (tensor<8x5xi1>, tensor<8x5xi1>) -> tensor<8x5xi1>
  %v1 = "stablehlo.convert"(%arg0) : (tensor<8x5xi1>) -> tensor<8x5xbf16>
  %v2:2 = "stablehlo.sort"(%v1, %arg1) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%p0: tensor<bf16>, %p1: tensor<bf16>, %p2: tensor<i32>, %p3: tensor<i32>):
      %q0 = "stablehlo.compare"(%p0, %p1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      "stablehlo.return"(%q0) : (tensor<i1>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>, <@mesh, [{?}, {"a"}]>]>} : (tensor<8x5xbf16>, tensor<8x5xi32>) -> (tensor<8x5xbf16>, tensor<8x5xi32>)
  %v4 = "stablehlo.case"(%arg2) ({
    "stablehlo.return"(%v2#1) : (tensor<8x5xi32>) -> ()
    }, {
    %v3 = "stablehlo.negate"(%v2#1) : (tensor<8x5xi32>) -> tensor<8x5xi32>
    "stablehlo.return"(%v3) : (tensor<8x5xi32>) -> ()
    }) : (tensor<i32>) -> tensor<8x5xi32>
  %v5 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v6 = "stablehlo.pad"(%arg3, %v5) <{edge_padding_high = array<i64: -2>, edge_padding_low = array<i64: 0>, interior_padding = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}p0]>]>} : (tensor<5xf32>, tensor<f32>) -> tensor<7xf32>
  "func.return"(%v6) : (tensor<7xf32>) -> ()
}

func.func private @helper_0(%x: tensor<8x5xi1>, %y: tensor<8x5xi1>) -> tensor<8x5xi1> {
  %r = "stablehlo.and"(%x, %y) : (tensor<8x5xi1>, tensor<8x5xi1>) -> tensor<8x5xi1>
  "func.return"(%r) : (tensor<8x5xi1>) -> ()
}
