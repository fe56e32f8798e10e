// Partials that reach a function's return, reductions with no monoid, and
// loops (their carried states are iterated to a fixpoint).
sdy.mesh @mesh = <["x"=2]>

// The contraction's all-reduce is missing (the all_gather makes the function partitioned by hand).
func.func @missing_all_reduce(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"x"}>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %g = sdy.all_gather [{"x"}] %arg2 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  // The second result keeps the partials on purpose: it is declared unreduced.
  // expected-error @+1 {{[partial_unreduced_result] result #0 of @missing_all_reduce is left sum-partial (from 'stablehlo.dot_general' at 8:3) over "x" and never combined (its result sharding does not keep it unreduced)}}
  return %0, %0, %g : tensor<4x4xf32>, tensor<4x4xf32>, tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

// An argmax (a variadic reduce whose body compares and selects) over a dimension sharded on "x".
func.func @argmax(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  // expected-error @+1 {{[partial_no_monoid] 'stablehlo.reduce' at 23:3 reduces over a dimension sharded on "x" with a body that is no monoid (add, multiply, max, min, and, or): its per-device results cannot be combined}}
  %0:2 = stablehlo.reduce(%arg0 init: %ninf), (%arg1 init: %zero) across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, []>]>} : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
      %gt = stablehlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %v = stablehlo.select %gt, %a, %c : tensor<i1>, tensor<f32>
      %i = stablehlo.select %gt, %b, %d : tensor<i1>, tensor<i32>
      stablehlo.return %v, %i : tensor<f32>, tensor<i32>
    }
  %1 = sdy.all_reduce max {"x"} %0#0 out_sharding=<@mesh, []> : tensor<f32>
  %2 = sdy.all_reduce max {"x"} %0#1 out_sharding=<@mesh, []> : tensor<i32>
  return %1, %2 : tensor<f32>, tensor<i32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

// A sum whose init value is not zero: every device adds it once.
func.func @sum_init_one(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %one = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  // expected-error @+1 {{[partial_no_monoid] 'stablehlo.reduce' at 43:3 reduces over a dimension sharded on "x" with an init value that is not the identity of its sum (each device would apply it)}}
  %0 = stablehlo.reduce(%arg0 init: %one) applies stablehlo.add across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  %1 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, []> : tensor<f32>
  return %1 : tensor<f32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

// A loop accumulating partial sums (linear: the carry stays sum-partial), all-reduced after the loop: fine.
// A second loop all-reduces a value that is already reduced on every iteration.
func.func @loops(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<4x4xf32>
  %0:2 = stablehlo.while(%i = %c0, %acc = %z) : tensor<i32>, tensor<4x4xf32>
  cond {
    %lt = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %d = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
    %s = stablehlo.add %acc, %d {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<4x4xf32>
    %n = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %n, %s : tensor<i32>, tensor<4x4xf32>
  }
  %1 = sdy.all_reduce {"x"} %0#1 out_sharding=<@mesh, [{}, {}]> : tensor<4x4xf32>
  %2:2 = stablehlo.while(%i = %c0, %acc = %1) : tensor<i32>, tensor<4x4xf32>
  cond {
    %lt = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    // expected-error @+1 {{[partial_reduced_twice] 'sdy.all_reduce' at 76:5 reduces "x" with sum again: its operand is already reduced (by 'sdy.all_reduce' at 69:3) over "x", so the result counts it once per device}}
    %r = sdy.all_reduce {"x"} %acc out_sharding=<@mesh, [{}, {}]> : tensor<4x4xf32>
    %n = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %n, %r : tensor<i32>, tensor<4x4xf32>
  }
  return %1, %2#1 : tensor<4x4xf32>, tensor<4x4xf32>
}
