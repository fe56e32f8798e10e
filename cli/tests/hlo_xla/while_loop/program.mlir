// A while loop: three iterations of x = tanh(x @ w) + 1 with x sharded by rows.
module @while_loop attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func @main(%x: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %w: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %one = stablehlo.constant dense<1.0> : tensor<4x4xf32>
    %r:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4x4xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<i32>
      %lt = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %d = stablehlo.dot_general %v, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      %t = stablehlo.tanh %d : tensor<4x4xf32>
      %s = stablehlo.add %t, %one : tensor<4x4xf32>
      %k = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %k : tensor<i32>
      stablehlo.return %j, %s : tensor<i32>, tensor<4x4xf32>
    }
    return %r#1 : tensor<4x4xf32>
  }
}
