// Negative tests of the verifier's rules for StableHLO's async_start and
// async_done (spec: async_start C1-C4, async_done C1; messages of upstream's
// type inference, each followed by MLIR's "failed to infer returned types"):
// one case per rule label, each directive naming the rule it expects
// (`{{[label] message}}`). The last case verifies cleanly.
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// async_start_c1
func.func @main(%x: tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>> {
  // expected-error @+2 {{[async_start_c1] 'stablehlo.async_start' op region must contain exactly one operation and a return}}
  // expected-error @+1 {{[async_start_c1] 'stablehlo.async_start' op failed to infer returned types}}
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %1 = stablehlo.slice %a [0:4] : (tensor<4xf32>) -> tensor<4xf32>
    %2 = stablehlo.slice %1 [0:4] : (tensor<4xf32>) -> tensor<4xf32>
    "stablehlo.return"(%2) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  return %0 : !stablehlo.future<tensor<4xf32>>
}

// -----

// async_start_c2
func.func @main(%x: tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>> {
  // expected-error @+2 {{[async_start_c2] 'stablehlo.async_start' op region must contain a collective or slice operation}}
  // expected-error @+1 {{[async_start_c2] 'stablehlo.async_start' op failed to infer returned types}}
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %1 = stablehlo.negate %a : tensor<4xf32>
    "stablehlo.return"(%1) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  return %0 : !stablehlo.future<tensor<4xf32>>
}

// -----

// async_start_c3
func.func @main(%x: tensor<4xf32>) -> !stablehlo.future<tensor<2xf32>> {
  // expected-error @+2 {{[async_start_c3] 'stablehlo.async_start' op operand type 'tensor<4xf32>' at index 0 must match region argument type 'tensor<4xf16>'}}
  // expected-error @+1 {{[async_start_c3] 'stablehlo.async_start' op failed to infer returned types}}
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf16>):
    %1 = stablehlo.slice %a [0:2] : (tensor<4xf16>) -> tensor<2xf16>
    "stablehlo.return"(%1) : (tensor<2xf16>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<2xf32>>
  return %0 : !stablehlo.future<tensor<2xf32>>
}

// -----

// async_start_c4
func.func @main(%x: tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>> {
  // expected-error @+2 {{[async_start_c4] 'stablehlo.async_start' op inferred type(s) '!stablehlo.future<tensor<2xf32>>' are incompatible with return type(s) of operation '!stablehlo.future<tensor<4xf32>>'}}
  // expected-error @+1 {{[async_start_c4] 'stablehlo.async_start' op failed to infer returned types}}
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %1 = stablehlo.slice %a [1:3] : (tensor<4xf32>) -> tensor<2xf32>
    "stablehlo.return"(%1) : (tensor<2xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  return %0 : !stablehlo.future<tensor<4xf32>>
}

// -----

// async_done_c1
func.func @main(%f: !stablehlo.future<tensor<4xf32>>) -> tensor<4xi32> {
  // expected-error @+2 {{[async_done_c1] 'stablehlo.async_done' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xi32>'}}
  // expected-error @+1 {{[async_done_c1] 'stablehlo.async_done' op failed to infer returned types}}
  %0 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// async_done_c1
func.func @main(%f: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{[async_done_c1] 'stablehlo.async_done' op operand must be a future type}}
  // expected-error @+1 {{[async_done_c1] 'stablehlo.async_done' op failed to infer returned types}}
  %0 = "stablehlo.async_done"(%f) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A started all_reduce awaited: verifies.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %1 = "stablehlo.all_reduce"(%a) ({
    ^bb1(%p: tensor<f32>, %q: tensor<f32>):
      %2 = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    "stablehlo.return"(%1) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  %3 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  return %3 : tensor<4xf32>
}
