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
