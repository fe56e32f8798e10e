// Three programs the verifier rejects, one rule each (the snapshots pin how
// `shardref verify` reports them, rendered and as JSON lines).
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @main(%x: tensor<2x3xf32>, %y: tensor<4xf32>) -> tensor<2x3xf32> {
  %0 = "chlo.broadcast_add"(%x, %y) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

sdy.mesh @m = <["a"=4]>
func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}
