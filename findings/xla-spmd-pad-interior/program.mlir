// XLA's SPMD partitioner (jaxlib 0.10.2, XLA CPU on 12 devices via ../shared/oracles/xla_run.py)
// misplaces the element of a padded vector whose result is sharded: pad with low 2, interior 1,
// high 3 of a 1-element vector is [0, 0, x, 0, 0, 0]; XLA returns [0, 0, x, x, 0, 0] (the
// second device's block repeats the element where the interior padding belongs). Sharding the
// result on "x" (4 devices, which do not divide 6) instead makes XLA's HLO verifier reject the
// partitioned module ("limit index (6) must be less than or equal to dimension size (4) in slice
// operation"). Reduced by hand from findings/differ-xla-convert-pad-s10050 (`shardref difftest`,
// engines global and xla); rerun with
// `shardref difftest --engines global,xla --program findings/xla-spmd-pad-interior/program.mlir`.

sdy.mesh @mesh = <["x"=4, "y"=3]>

func.func @main(%arg0: tensor<1xf32>) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.pad"(%arg0, %zero) <{edge_padding_high = array<i64: 3>, edge_padding_low = array<i64: 2>, interior_padding = array<i64: 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : (tensor<1xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
