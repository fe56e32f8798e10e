// Partials fed to ops: linear ones carry them, others are findings.
sdy.mesh @mesh = <["x"=2]>

// A max over sum-partials (the contraction over "x" is partial until its all-reduce).
func.func @max_of_sums(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  // expected-error @+1 {{[partial_not_linear] 'stablehlo.reduce' at 9:3 is not linear in its sum-partial (from 'stablehlo.dot_general' at 6:3) operand #0 over "x": a max-reduction of sum-partials is not the sum of per-device max-reductions}}
  %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = sdy.all_reduce {"x"} %1 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

// exp of sum-partials, and a replicated bias added to them (counted once per device).
func.func @exp_and_bias(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %bias: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  // expected-error @+1 {{[partial_not_linear] 'stablehlo.exponential' at 22:3 is not linear in its sum-partial (from 'stablehlo.dot_general' at 20:3) operand #0 over "x": it is not linear, so it does not commute with a sum}}
  %1 = stablehlo.exponential %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<4x4xf32>
  // expected-error @+1 {{[partial_not_linear] 'stablehlo.add' at 24:3 is not linear in its sum-partial (from 'stablehlo.dot_general' at 20:3) operand #0 over "x": it mixes a whole operand into sum-partials, which then counts once per device}}
  %2 = stablehlo.add %0, %bias {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<4x4xf32>
  %3 = sdy.all_reduce {"x"} %1 out_sharding=<@mesh, [{}, {}]> : tensor<4x4xf32>
  %4 = sdy.all_reduce {"x"} %2 out_sharding=<@mesh, [{}, {}]> : tensor<4x4xf32>
  return %3, %4 : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

// Linear ops carry partials: scaling by a replicated value, a sum of two
// partials, a reshape; exp of max-partials (monotone), negate turning max into min.
func.func @linear(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %scale: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %1 = stablehlo.multiply %0, %scale {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<4x4xf32>
  %2 = stablehlo.add %1, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<4x4xf32>
  %3 = stablehlo.reshape %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<4x4xf32>) -> tensor<16xf32>
  %4 = sdy.all_reduce {"x"} %3 out_sharding=<@mesh, [{}]> : tensor<16xf32>
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %5 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %6 = stablehlo.exponential %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : tensor<4xf32>
  %7 = stablehlo.negate %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : tensor<4xf32>
  %8 = sdy.all_reduce min {"x"} %7 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  return %4, %8 : tensor<16xf32>, tensor<4xf32>
}
