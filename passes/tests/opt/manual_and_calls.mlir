// RUN: sdy_opt %s -split-input-file -sdy-manual-axes-cleanup -sdy-import-func-calls | FileCheck %s
// RUN: sdy_opt %s -split-input-file -sdy-manual-axes-cleanup -sdy-import-func-calls -verify-diagnostics

sdy.mesh @mesh = <["a"=2, "b"=4]>

// Manual axes come out in mesh order; the unused part of "b" becomes replicated.
// CHECK-LABEL: func @manual
// CHECK-NEXT: sdy.manual_computation(%arg0)
// CHECK-SAME{LITERAL}: in_shardings=[<@mesh, [{"b":(1)2}, {}], replicated={"a", "b":(2)2}>]
// CHECK-SAME{LITERAL}: out_shardings=[<@mesh, [{"b":(1)2}, {}], replicated={"a", "b":(2)2}>]
// CHECK-SAME{LITERAL}: manual_axes={"a", "b"}
func.func @manual(%arg0: tensor<8x2xf32>) -> tensor<8x2xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b":(1)2}, {}]>] out_shardings=[<@mesh, [{"b":(1)2}, {}], replicated={"a"}>] manual_axes={"b", "a"} (%arg1: tensor<4x2xf32>) {
    sdy.return %arg1 : tensor<4x2xf32>
  } : (tensor<8x2xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

// Two calls of one callee: the second gets a copy of the body, with a warning.
// CHECK-LABEL: func @calls
// CHECK-NEXT: %[[NC0:.*]] = sdy.named_computation<"twice">(%arg0) (%arg1: tensor<8xf32>) {
// CHECK-NEXT:   %[[E0:.*]] = sdy.data_flow_edge %arg1 : tensor<8xf32>
// CHECK-NEXT:   %[[N0:.*]] = stablehlo.negate %[[E0]]
// CHECK-NEXT:   sdy.return %[[N0]]
// CHECK:      %[[NC1:.*]] = sdy.named_computation<"twice">
// CHECK-NOT:  func.func private @twice
func.func @calls(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @twice(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  // expected-warning @+1 {{function @twice has multiple call ops, we need to clone the function body for each call}}
  %1 = call @twice(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

func.func private @twice(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
