#loc1 = loc("x.py":3:4)
module @jit_main attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> {jax.arg_info = "x"}, %arg1: tensor<i1>) -> (tensor<2x3xf32> {jax.result_info = ""}) {
    %0 = "stablehlo.add"(%arg0, %arg0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> loc(#loc1)
    %1:2 = "foo.pair"(%0) {a = 1 : i64, b = [1.5 : f32, "s"], c = array<i64: 1, 2>, d = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>, e = #stablehlo<comparison_direction LT>, f} : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<i32>)
    %2 = "stablehlo.reduce"(%1#0, %arg1) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %3 = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<i1>) -> tensor<2xf32>
    %c = "stablehlo.constant"() {value = dense<"0x0000803F00000040"> : tensor<2xf32>} : () -> tensor<2xf32>
    %4 = call @f(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %4 : tensor<2x3xf32>
  }
  func.func private @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    func.return %x : tensor<2x3xf32>
  }
}
