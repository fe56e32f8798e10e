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

// -----

// collective_c1: the block arguments of a stablehlo.while (cond and body) take
// the sharding of the while's result of the same index (Shardy's data-flow
// interface on while), as jax's scan and remat loops carry them; a
// stablehlo.reduce body argument has no sharding to take.
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}, %i: tensor<i32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) {
  %0:2 = stablehlo.while(%it = %i, %acc = %x) : tensor<i32>, tensor<8x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@m, []>, <@m, [{"a"}, {}]>]>}
  cond {
    %c = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %it, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %g = sdy.all_gather [{"a"}, {}] %acc out_sharding=<@m, [{}, {}]> : tensor<8x8xf32>
    %s = sdy.all_slice [{"a"}, {}] %g out_sharding=<@m, [{"a"}, {}]> : tensor<8x8xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %it, %one : tensor<i32>
    stablehlo.return %n, %s : tensor<i32>, tensor<8x8xf32>
  }
  return %0#1 : tensor<8x8xf32>
}

// -----

// collective_c1
sdy.mesh @m = <["a"=4, "b"=2]>
func.func @f(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
// expected-error @+1 {{[collective_c1] 'sdy.all_gather' op collective on operand without sharding}}
    %g = sdy.all_gather [] %a out_sharding=<@m, []> : tensor<f32>
    %s = stablehlo.add %g, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  return %x : tensor<8x8xf32>
}
