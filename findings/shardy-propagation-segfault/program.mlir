// Found by `shardref gen` (issue #13): seed 6 of an early generator version,
// reduced by deleting ops. shardref verifies this module and Shardy (jaxlib
// 0.10.2) parses and verifies it, but its sdy-propagation-pipeline crashes
// (segmentation fault):
//   python ../shared/oracles/shardy_opt.py --pass sdy-propagation-pipeline findings/shardy-propagation-segfault/program.mlir
// Not yet triaged (ours: none found; theirs: likely; version: unknown).

sdy.mesh @mesh = <["x"=8, "y"=2, "z"=2]>

func.func @main(%arg0: tensor<1xi8> {sdy.sharding = #sdy.sharding<@mesh, [{"z", "x", "y"}]>}, %arg1: tensor<8xi32>, %arg2: tensor<6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", "x", "y"}]>}, %arg3: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", ?}], replicated={"x", "y"}>}, %arg4: tensor<2x8xbf16>, %arg5: tensor<i32>) -> (tensor<6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}p3], replicated={"x", "z"}>}, tensor<2x8xbf16>, tensor<1xi8> {sdy.sharding = #sdy.sharding<@mesh, [{"z", "y"}p0]>}) {
  %v0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 2>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : (tensor<1xi8>) -> tensor<1xi8>
  %v1 = "stablehlo.concatenate"(%arg1, %arg2) <{dimension = 0 : i64}> : (tensor<8xi32>, tensor<6xi32>) -> tensor<14xi32>
  %v3 = "stablehlo.compare"(%arg0, %v0) <{comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type SIGNED>}> : (tensor<1xi8>, tensor<1xi8>) -> tensor<1xi1>
  %v4 = "stablehlo.select"(%v3, %arg0, %v0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "z", "x"}p2]>]>} : (tensor<1xi1>, tensor<1xi8>, tensor<1xi8>) -> tensor<1xi8>
  %v5 = "sdy.sharding_constraint"(%arg4) {sharding = #sdy.sharding<@mesh, [{}, {"z", "x", "y"}]>} : (tensor<2x8xbf16>) -> tensor<2x8xbf16>
  %v7 = "stablehlo.dynamic_slice"(%v1, %arg5) <{slice_sizes = array<i64: 6>}> : (tensor<14xi32>, tensor<i32>) -> tensor<6xi32>
  "func.return"(%v7, %v5, %arg0) : (tensor<6xi32>, tensor<2x8xbf16>, tensor<1xi8>) -> ()
}
