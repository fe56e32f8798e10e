// The directive names another rule than the one that fires: the message
// matches, the label does not, so `--verify-diagnostics` reports both sides.
func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{[chlo_binary_c1] inferred type(s)}}
  %0 = "chlo.acos"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
