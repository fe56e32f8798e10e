// Negative tests of the verifier's the `sdy-manual-axes-cleanup` pass's rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref conform verify %s  (sdy_opt %s -sdy-manual-axes-cleanup -verify-diagnostics, with rule labels)

// manual_axes_cleanup_c1
sdy.mesh @m = <["a"=2]>
func.func @f() {
// expected-error @+1 {{[manual_axes_cleanup_c1] op has manual_axes when there are no in/out shardings and the body is not empty. This isn't allowed at this stage}}
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={"a"} () {
    %c = sdy.constant dense<1.0> : tensor<2xf32>
    sdy.return
  } : () -> ()
  return
}
