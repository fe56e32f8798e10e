// Negative tests of MLIR's `IsTerminator` trait check, which shardref runs
// before an op's own verifier: a terminator must end its block.
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// terminator_c1
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[terminator_c1] 'func.return' op must be the last operation in the parent block}}
  return %arg0 : tensor<8xf32>
  return %arg0 : tensor<8xf32>
}

// -----

// terminator_c1, in an sdy region
sdy.mesh @mesh = <["a"=2]>
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
// expected-error @+1 {{[terminator_c1] 'sdy.return' op must be the last operation in the parent block}}
    sdy.return %arg1 : tensor<4xf32>
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// terminator_c2: a function body that does not end in a terminator
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[terminator_c2] block with no terminator, has %0 = "stablehlo.negate"(%arg0) : (tensor<8xf32>) -> tensor<8xf32>}}
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
}

// -----

// terminator_c2, in a reduction body: the reduction's own verifier speaks first, as upstream's does
func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<f32>) -> tensor<f32> {
// expected-error @+1 {{[terminator_c2] 'stablehlo.reduce' op The reduction-region expected to have a terminator}}
  %0 = "stablehlo.reduce"(%arg0, %arg1) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// terminator_c3: an empty block (MLIR's `SingleBlock` trait on the reduction)
func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<f32>) -> tensor<f32> {
// expected-error @+1 {{[terminator_c3] 'stablehlo.reduce' op expects a non-empty block}}
  %0 = "stablehlo.reduce"(%arg0, %arg1) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
  }) {dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// terminator_c3: an empty block in a while's condition
func.func @main(%arg0: tensor<i32>) -> tensor<i32> {
// expected-error @+1 {{[terminator_c3] 'stablehlo.while' op expects a non-empty block}}
  %0 = "stablehlo.while"(%arg0) ({
  ^bb0(%a: tensor<i32>):
  }, {
  ^bb0(%a: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// terminator_c3: an empty manual computation body
sdy.mesh @mesh = <["a"=2]>
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// expected-error @+1 {{[terminator_c3] 'sdy.manual_computation' op expects a non-empty block}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
