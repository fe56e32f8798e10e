// Negative tests of the verifier's `sdy_collective_permute` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// sdy_collective_permute_c1
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
// expected-note @+1 {{operand mesh: #sdy.mesh<["a"=4, "b"=2]>}}
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_collective_permute_c1] 'sdy.collective_permute' op result mesh has different axes than operand mesh}}
  %0 = sdy.collective_permute %x out_sharding=<@n, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sdy_collective_permute_c2
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
// expected-note @+1 {{operand mesh: #sdy.mesh<["a"=4, "b"=2]>}}
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_collective_permute_c2] 'sdy.collective_permute' op result mesh name is different but same device ids as operand}}
  %0 = sdy.collective_permute %x out_sharding=<@k, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sdy_collective_permute_c3
sdy.mesh @m = <["a"=4, "b"=2]>
sdy.mesh @n = <["c"=8]>
sdy.mesh @k = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// expected-error @+1 {{[sdy_collective_permute_c3] sharded size of result doesn't match operand on dimension 0: 2 != 4}}
  %0 = sdy.collective_permute %x out_sharding=<@m, [{"b"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
