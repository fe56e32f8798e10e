// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10294), minimized from 3 to 2 ops.
// crash: xla_run.py: F1127 17:45:44.493101   10553 spmd_partitioner.cc:1115] Check failed: get_first_valid_element_offset_on_dilated_shard(0) == swd->padding_low() (1 vs. -1)
// Signature: crash:xla:xla_run.py: FN N:N:N.N    N spmd_partitioner.cc:N] Check failed: get_first_valid_element_offset_on_dilated_shard(N) == swd->padding_low() (N vs. -N)

sdy.mesh @mesh = <["x"=2, "y"=1]>

func.func @main(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p0]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0]>}, tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %v1 = "stablehlo.pad"(%arg0, %v0) <{edge_padding_high = array<i64: 0>, edge_padding_low = array<i64: -1>, interior_padding = array<i64: 1>}> : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  "func.return"(%v1, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> ()
}
