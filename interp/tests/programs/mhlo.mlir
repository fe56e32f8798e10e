// MHLO ops as XLA's Shardy dumps (`*sdy*output_module.mlir`) print them: the ops that StableHLO has no
// counterpart for, in their custom forms where MHLO has one (`mhlo.copy %a : T`) and generic otherwise.
// Each case runs, and the file round-trips (`cli/tests/commands.rs`).

// mhlo.copy passes its operand through, with XLA's sharding and frontend attributes attached.
module @jit_copy attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func @main() {
    %c = stablehlo.constant dense<[1.0, -2.0, 0x7F800000, -0.0]> : tensor<4xf32>
    %0 = mhlo.copy %c {mhlo.frontend_attributes = {_xla_stream_annotation = "1"}, mhlo.sharding = "{replicated}"} : tensor<4xf32>
    %1 = mhlo.copy %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<4xf32>
    check.expect_eq_const %1, dense<[1.0, -2.0, 0x7F800000, -0.0]> : tensor<4xf32>
    %i = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
    %2 = mhlo.copy %i : tensor<2x2xi8>
    check.expect_eq_const %2, dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
    return
  }
}

// -----

// mhlo.copy of a rank-0 value, written with a functional type, and the generic form of the same op.
func.func @main() {
  %c = stablehlo.constant dense<7> : tensor<i32>
  %0 = mhlo.copy %c : (tensor<i32>) -> tensor<i32>
  %1 = "mhlo.copy"(%0) <{cross_program_prefetch_index = 0 : i32}> : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %1, dense<7> : tensor<i32>
  return
}

// -----

// The math ops MHLO keeps as ops (CHLO in StableHLO) compute what their chlo counterparts do.
func.func @main() {
  %x = stablehlo.constant dense<[0.0, 0.5, -0.25, 0.75]> : tensor<4xf64>
  %a = mhlo.acos %x : tensor<4xf64>
  %ca = chlo.acos %x : tensor<4xf64> -> tensor<4xf64>
  check.expect_eq %a, %ca : tensor<4xf64>
  %b = mhlo.asin %x : tensor<4xf64>
  %cb = chlo.asin %x : tensor<4xf64> -> tensor<4xf64>
  check.expect_eq %b, %cb : tensor<4xf64>
  %c = mhlo.atanh %x : tensor<4xf64>
  %cc = chlo.atanh %x : tensor<4xf64> -> tensor<4xf64>
  check.expect_eq %c, %cc : tensor<4xf64>
  %d = mhlo.asinh %x : tensor<4xf64>
  %cd = chlo.asinh %x : tensor<4xf64> -> tensor<4xf64>
  check.expect_eq %d, %cd : tensor<4xf64>
  %e = mhlo.sinh %x : tensor<4xf64>
  check.expect_almost_eq_const %e, dense<[0.0, 0.5210953054937474, -0.25261231680816831, 0.82231673193582999]> : tensor<4xf64>
  %f = mhlo.cosh %x : tensor<4xf64>
  check.expect_almost_eq_const %f, dense<[1.0, 1.1276259652063807, 1.0314130998795732, 1.2946832846768448]> : tensor<4xf64>
  %g = mhlo.erf %x : tensor<4xf64>
  check.expect_almost_eq_const %g, dense<[0.0, 0.52049987781304652, -0.27632639016823696, 0.71115563365351513]> : tensor<4xf64>
  %y = stablehlo.constant dense<[1.0, 2.0, 10.0]> : tensor<3xf32>
  %h = mhlo.acosh %y : tensor<3xf32>
  check.expect_almost_eq_const %h, dense<[0.0, 1.3169579, 2.9932228]> : tensor<3xf32>
  return
}

// -----

// The generic-only ops: add_dependency and domain pass their operand through, bitcast reinterprets the
// row-major bytes, topk is top_k.
func.func @main() {
  %t = stablehlo.after_all : !stablehlo.token
  %c = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = "mhlo.add_dependency"(%c, %t) : (tensor<2xf32>, !stablehlo.token) -> tensor<2xf32>
  check.expect_eq_const %0, dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = "mhlo.domain"(%0) <{entry_metadata = "{maximal device=0}", exit_metadata = "{replicated}", kind = #mhlo<kind sharding>}> : (tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %1, dense<[1.0, 2.0]> : tensor<2xf32>
  %2 = "mhlo.bitcast"(%1) : (tensor<2xf32>) -> tensor<2xi32>
  check.expect_eq_const %2, dense<[1065353216, 1073741824]> : tensor<2xi32>
  %v = stablehlo.constant dense<[[3, 1, 4, 1], [5, 9, 2, 6]]> : tensor<2x4xi32>
  %3:2 = "mhlo.topk"(%v) <{k = 2 : i64, largest = true}> : (tensor<2x4xi32>) -> (tensor<2x2xi32>, tensor<2x2xi32>)
  check.expect_eq_const %3#0, dense<[[4, 3], [9, 6]]> : tensor<2x2xi32>
  check.expect_eq_const %3#1, dense<[[2, 0], [1, 3]]> : tensor<2x2xi32>
  return
}

// -----

// mhlo.topk in its custom form, as jax 0.12's XLA prints it in its Shardy dumps (`04.output_module.mlir`), with
// an explicit `largest = true` too.
func.func @main() {
  %v = stablehlo.constant dense<[[3.0, 1.0, 4.0, 1.5], [5.0, 9.0, 2.0, 6.0]]> : tensor<2x4xf32>
  %values, %indices = mhlo.topk(%v, k = 3) {mhlo.sharding = "{{mesh['x'=2,'y'=4], [{'x'}, {}]}, {mesh['x'=2,'y'=4], [{'x'}, {}]}}"} : tensor<2x4xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  check.expect_eq_const %values, dense<[[4.0, 3.0, 1.5], [9.0, 6.0, 5.0]]> : tensor<2x3xf32>
  check.expect_eq_const %indices, dense<[[2, 0, 3], [1, 3, 0]]> : tensor<2x3xi32>
  %0:2 = mhlo.topk(%v, k = 1, largest = true) : tensor<2x4xf32> -> (tensor<2x1xf32>, tensor<2x1xi32>)
  check.expect_eq_const %0#1, dense<[[2], [1]]> : tensor<2x1xi32>
  return
}

// -----

// expect-error: mhlo.topk with largest = false
func.func @main() {
  %v = stablehlo.constant dense<[3, 1, 4]> : tensor<3xi32>
  %0:2 = "mhlo.topk"(%v) <{k = 1 : i64, largest = false}> : (tensor<3xi32>) -> (tensor<1xi32>, tensor<1xi32>)
  check.expect_eq_const %0#0, dense<[1]> : tensor<1xi32>
  return
}
