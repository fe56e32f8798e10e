// (x + y) * 0.5 on two 2x3 f32 tensors, with the stablehlo ops in generic form.
//
//   cargo run --release --bin shardref -- run examples/add_scale.mlir \
//       --input examples/add_scale_x.npy --input examples/add_scale_y.npy
//
// prints
//
//   %result0 = dense<[[5.500000e+00, 1.100000e+01, 1.650000e+01], [2.200000e+01, 2.750000e+01, 3.300000e+01]]> : tensor<2x3xf32>
//
// and `--output-dir out` writes the result as out/result0.npy instead.

func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %sum = "stablehlo.add"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %half = "stablehlo.constant"() {value = dense<5.000000e-01> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %out = "stablehlo.multiply"(%sum, %half) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %out : tensor<2x3xf32>
}
