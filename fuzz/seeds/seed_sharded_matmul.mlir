// A matmul sharded over a 2x2 mesh, as a global-view sdy program: the
// contracting dimension is split over "y", so each device computes a partial
// product that an explicit all_reduce sums.
//
//   cargo run --release --bin shardref -- print examples/sharded_matmul.mlir

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%lhs: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %rhs: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>})
    -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %partial = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}], unreduced={"y"}>]>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %sum = sdy.all_reduce {"y"} %partial out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x4xf32>
  %scale = stablehlo.constant dense<5.000000e-01> : tensor<8x4xf32>
  %out = stablehlo.multiply %sum, %scale : tensor<8x4xf32>
  return %out : tensor<8x4xf32>
}
