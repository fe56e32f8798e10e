// A neighbour sum on a ring of 4 devices: y[i] = x[i] + x[i - 2 mod 8] for
// the rows of an 8x2 tensor sharded by rows over "x" (2 rows per device).
// Each device sends its block to the next device on the ring with a
// collective_permute and adds what it receives to its own block.
// `shardref equiv examples/neighbour_sum.mlir` checks @parallel_neighbour_sum
// against @sequential_neighbour_sum; examples/neighbour_sum_bug.mlir is the
// same program with the ring's wrap-around pair [3, 0] forgotten.

sdy.mesh @ring = <["x"=4]>

func.func @parallel_neighbour_sum(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@ring, [{"x"}, {}]>})
    -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@ring, [{"x"}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@ring, [{"x"}, {}]>] out_shardings=[<@ring, [{"x"}, {}]>]
      manual_axes={"x"} (%local: tensor<2x2xf32>) {
    %from_left = "stablehlo.collective_permute"(%local) {
      source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>
    } : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %sum = stablehlo.add %local, %from_left : tensor<2x2xf32>
    sdy.return %sum : tensor<2x2xf32>
  } : (tensor<8x2xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

func.func @sequential_neighbour_sum(%arg0: tensor<8x2xf32>) -> tensor<8x2xf32> {
  %tail = stablehlo.slice %arg0 [6:8, 0:2] : (tensor<8x2xf32>) -> tensor<2x2xf32>
  %head = stablehlo.slice %arg0 [0:6, 0:2] : (tensor<8x2xf32>) -> tensor<6x2xf32>
  %rolled = stablehlo.concatenate %tail, %head, dim = 0 : (tensor<2x2xf32>, tensor<6x2xf32>) -> tensor<8x2xf32>
  %sum = stablehlo.add %arg0, %rolled : tensor<8x2xf32>
  return %sum : tensor<8x2xf32>
}
