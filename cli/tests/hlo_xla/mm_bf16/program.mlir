// A bf16 matmul with the contracting dimension sharded (XLA promotes the bf16 all-reduce to f32).
module @mm_bf16 attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func @main(%a: tensor<4x8xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %b: tensor<8x4xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x4xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x4xbf16>) -> tensor<4x4xbf16>
    return %0 : tensor<4x4xbf16>
  }
}
