// The StableHLO collectives that the sharding-rule registry covers and the other files of these
// folders do not (all_gather, all_to_all, reduce_scatter, collective_broadcast,
// cross-replica-sum), each in a manual computation over a 4-device mesh, against the global
// computation it amounts to.
sdy.mesh @mesh = <["x"=4]>

// Every device gathers the four blocks: the whole operand, replicated.
func.func @parallel_all_gather(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{}]>]
      manual_axes={"x"} (%arg1: tensor<2xi32>) {
    %1 = "stablehlo.all_gather"(%arg1) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
        channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2xi32>) -> tensor<8xi32>
    sdy.return %1 : tensor<8xi32>
  } : (tensor<8xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

func.func @sequential_all_gather(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  return %arg0 : tensor<8xi32>
}

// Rows sharded become columns sharded: device j receives column j of every row block.
func.func @parallel_all_to_all(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {"x"}]>]
      manual_axes={"x"} (%arg1: tensor<2x4xi32>) {
    %1 = "stablehlo.all_to_all"(%arg1) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64,
        replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
        channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<2x4xi32>) -> tensor<8x1xi32>
    sdy.return %1 : tensor<8x1xi32>
  } : (tensor<8x4xi32>) -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}

func.func @sequential_all_to_all(%arg0: tensor<8x4xi32>) -> tensor<8x4xi32> {
  return %arg0 : tensor<8x4xi32>
}

// Every device holds the whole operand; the sum of the four copies is scattered by blocks.
func.func @parallel_reduce_scatter(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>})
    -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{"x"}]>]
      manual_axes={"x"} (%arg1: tensor<8xi32>) {
    %1 = "stablehlo.reduce_scatter"(%arg1) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %s = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %s : tensor<i32>
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
        channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, use_global_device_ids} : (tensor<8xi32>) -> tensor<2xi32>
    sdy.return %1 : tensor<2xi32>
  } : (tensor<8xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

func.func @sequential_reduce_scatter(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  %four = stablehlo.constant dense<4> : tensor<8xi32>
  %0 = stablehlo.multiply %arg0, %four : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// Device 0's block goes to every device of the group.
func.func @parallel_collective_broadcast(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>]
      manual_axes={"x"} (%arg1: tensor<2xi32>) {
    %1 = "stablehlo.collective_broadcast"(%arg1) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
        channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>} : (tensor<2xi32>) -> tensor<2xi32>
    sdy.return %1 : tensor<2xi32>
  } : (tensor<8xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

func.func @sequential_collective_broadcast(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  %b = stablehlo.slice %arg0 [0:2] : (tensor<8xi32>) -> tensor<2xi32>
  %0 = stablehlo.concatenate %b, %b, %b, %b, dim = 0 : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// A sum over the replicas of a group: the devices of a mesh are partitions of one replica,
// so each group is one process and the sum is the operand.
func.func @parallel_cross_replica_sum(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>]
      manual_axes={"x"} (%arg1: tensor<2xi32>) {
    %1 = "stablehlo.cross-replica-sum"(%arg1) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    sdy.return %1 : tensor<2xi32>
  } : (tensor<8xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

func.func @sequential_cross_replica_sum(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  return %arg0 : tensor<8xi32>
}
