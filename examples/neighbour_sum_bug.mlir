// The neighbour sum of examples/neighbour_sum.mlir with a bug: the
// collective_permute forgets the ring's wrap-around pair [3, 0], so device 0
// receives nothing (zeros, by the spec of collective_permute) and its rows
// keep their own values instead of adding rows 6 and 7.
// `shardref equiv examples/neighbour_sum_bug.mlir` reports the first
// differing element and the device holding it.

sdy.mesh @ring = <["x"=4]>

func.func @parallel_neighbour_sum(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@ring, [{"x"}, {}]>})
    -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@ring, [{"x"}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@ring, [{"x"}, {}]>] out_shardings=[<@ring, [{"x"}, {}]>]
      manual_axes={"x"} (%local: tensor<2x2xf32>) {
    %from_left = "stablehlo.collective_permute"(%local) {
      source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>,
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
