// The linear-algebra, FFT, random-bit and window-scatter ops of the sharding-rule registry, on
// operands sharded along their batch (pass-through) dimensions, so that each runs on local
// shards; their global run is the reference.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%a: tensor<4x3x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>},
                %b: tensor<4x3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}]>},
                %s: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>},
                %f: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %v: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>},
                %g: tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %state: tensor<2xui64>)
    -> (tensor<4x3x3xf32>, tensor<4x3x2xf32>, tensor<4x5xcomplex<f32>>, tensor<6x4xf32>,
        tensor<2xui64>, tensor<4x6xui32>, tensor<6x4xf32>) {
  // A symmetric positive definite batch: a·aᵀ + 100·I.
  %at = stablehlo.transpose %a, dims = [0, 2, 1] : (tensor<4x3x3xf32>) -> tensor<4x3x3xf32>
  %aat = stablehlo.dot_general %a, %at, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>} : (tensor<4x3x3xf32>, tensor<4x3x3xf32>) -> tensor<4x3x3xf32>
  %i0 = stablehlo.iota dim = 1 : tensor<4x3x3xf32>
  %i1 = stablehlo.iota dim = 2 : tensor<4x3x3xf32>
  %eq = stablehlo.compare EQ, %i0, %i1, FLOAT : (tensor<4x3x3xf32>, tensor<4x3x3xf32>) -> tensor<4x3x3xi1>
  %hundred = stablehlo.constant dense<100.0> : tensor<4x3x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<4x3x3xf32>
  %diag = stablehlo.select %eq, %hundred, %zero : tensor<4x3x3xi1>, tensor<4x3x3xf32>
  %spd = stablehlo.add %aat, %diag {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>} : tensor<4x3x3xf32>
  %chol = "stablehlo.cholesky"(%spd) {lower = true, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>} : (tensor<4x3x3xf32>) -> tensor<4x3x3xf32>
  %x = "stablehlo.triangular_solve"(%chol, %b) {left_side = true, lower = true, unit_diagonal = false,
      transpose_a = #stablehlo<transpose NO_TRANSPOSE>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {"y"}]>]>} : (tensor<4x3x3xf32>, tensor<4x3x2xf32>) -> tensor<4x3x2xf32>
  %spec = stablehlo.fft %s, type = RFFT, length = [8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %bn = "stablehlo.batch_norm_inference"(%f, %v, %v, %v, %one) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>}
      : (tensor<6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<6x4xf32>
  %st, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x6xui32>)
  // Each 2x2 window of %f sends its gradient to its largest element.
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %sas = "stablehlo.select_and_scatter"(%f, %g, %z) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %ge = stablehlo.compare GE, %p, %q, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %ge : tensor<i1>
  }, {
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %sum = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<6x4xf32>, tensor<3x2xf32>, tensor<f32>) -> tensor<6x4xf32>
  return %chol, %x, %spec, %bn, %st, %bits, %sas
      : tensor<4x3x3xf32>, tensor<4x3x2xf32>, tensor<4x5xcomplex<f32>>, tensor<6x4xf32>,
        tensor<2xui64>, tensor<4x6xui32>, tensor<6x4xf32>
}
