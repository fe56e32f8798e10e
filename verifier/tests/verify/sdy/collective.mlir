// Negative tests of the verifier's `collective` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// collective_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
// expected-error @+1 {{[collective_c1] 'sdy.all_gather' op collective on operand without sharding}}
  %0 = sdy.all_gather [{}, {}] %x out_sharding=<@m, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// collective_c2
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[axis_list_c2] 'sdy.collective_permute' op duplicate axis ref: "b"}}
  %0 = sdy.collective_permute %x out_sharding=<@m, [{"b"}, {"b"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// collective_c3
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
// expected-note @+1 {{operand mesh: #sdy.mesh<["a"=4, "b"=2]>}}
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[collective_c3] 'sdy.all_slice' op result mesh does not match operand mesh}}
  %0 = sdy.all_slice [{}, {}] %x out_sharding=<@n, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
