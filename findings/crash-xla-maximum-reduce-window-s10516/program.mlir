// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10516), minimized from 3 to 3 ops.
// crash: xla_run.py: F1127 18:32:01.272529    8427 spmd_partitioner.cc:5429] Check failed: ShapeUtil::Compatible(shard_shape, sharded_rw->shape()) bf16[1]{0} vs bf16[0]{0}
// Signature: crash:xla:xla_run.py: FN N:N:N.N    N spmd_partitioner.cc:N] Check failed: ShapeUtil::Compatible(shard_shape, sharded_rw->shape()) bfN[N]{N} vs bfN[N]{N}

sdy.mesh @mesh = <["x"=1, "y"=4, "z"=1]>

func.func @main(%arg0: tensor<2xbf16>) -> (tensor<1xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2, ?}p0]>}) {
  %v0 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
  %v1 = "stablehlo.reduce_window"(%arg0, %v0) <{padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3>, window_strides = array<i64: 1>}> ({
    ^bb0(%p0: tensor<bf16>, %p1: tensor<bf16>):
      %q0 = "stablehlo.maximum"(%p0, %p1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%q0) : (tensor<bf16>) -> ()
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y":(1)2, ?}p0]>]>} : (tensor<2xbf16>, tensor<bf16>) -> tensor<1xbf16>
  "func.return"(%v1) : (tensor<1xbf16>) -> ()
}
