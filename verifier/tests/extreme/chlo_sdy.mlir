// Templates of the extreme-attribute property test for chlo, sdy, mpmd and
// the test dialects (format: see `stablehlo.mlir` in this folder). `$OP`
// stands for each op the `// op:` line names in turn.

// op: chlo.top_k
// vars: A=2 N=2
func.func @main() -> (tensor<$Nxf32>, tensor<$Nxi32>) {
  %x = stablehlo.constant dense<[3.0, 1.0, 2.0, 0.0]> : tensor<4xf32>
  %0:2 = "chlo.top_k"(%x) {k = $A : i64} : (tensor<4xf32>) -> (tensor<$Nxf32>, tensor<$Nxi32>)
  return %0#0, %0#1 : tensor<$Nxf32>, tensor<$Nxi32>
}

// -----

// op: chlo.scan
// vars: A=0 B=1
func.func @main() -> (tensor<4xi32>, tensor<i32>) {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = "chlo.scan"(%x, %one) ({
  ^bb0(%a: tensor<i32>, %c: tensor<i32>):
    %p = stablehlo.multiply %a, %c : tensor<i32>
    stablehlo.return %p, %p : tensor<i32>, tensor<i32>
  }) {dimension = $A : i64, operandSegmentSizes = array<i32: 1, $B>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4xi32>, tensor<i32>
}

// -----

// op: chlo.ragged_dot
// vars: A=1 B=1 C=0 D=2
func.func @main() -> tensor<4x1xf32> {
  %lhs = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4x2xf32>
  %rhs = stablehlo.constant dense<1.0> : tensor<2x2x1xf32>
  %gs = stablehlo.constant dense<[1, $D]> : tensor<2xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [$A], rhs_contracting_dimensions = [$B], lhs_ragged_dimensions = [$C], rhs_group_dimensions = [0]>} : (tensor<4x2xf32>, tensor<2x2x1xf32>, tensor<2xi32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// op: chlo.broadcast_add chlo.broadcast_and chlo.broadcast_divide chlo.broadcast_maximum chlo.broadcast_minimum chlo.broadcast_multiply chlo.broadcast_or chlo.broadcast_power chlo.broadcast_remainder chlo.broadcast_shift_left chlo.broadcast_shift_right_arithmetic chlo.broadcast_shift_right_logical chlo.broadcast_subtract chlo.broadcast_xor
// vars: A=1
func.func @main() -> tensor<2x3xi32> {
  %x = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xi32>
  %y = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %0 = "$OP"(%x, %y) {broadcast_dimensions = array<i64: $A>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// op: chlo.broadcast_atan2 chlo.broadcast_next_after chlo.broadcast_polygamma chlo.broadcast_zeta
// vars: A=1
func.func @main() -> tensor<2x3xf32> {
  %x = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>
  %y = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = "$OP"(%x, %y) {broadcast_dimensions = array<i64: $A>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// op: chlo.broadcast_complex
// vars: A=1
func.func @main() -> tensor<2x3xcomplex<f32>> {
  %x = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>
  %y = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = "$OP"(%x, %y) {broadcast_dimensions = array<i64: $A>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}

// -----

// op: chlo.broadcast_compare chlo.broadcast_select
// vars: A=1
func.func @main() -> (tensor<2x3xi1>, tensor<2x3xf32>) {
  %x = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>
  %y = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = "chlo.broadcast_compare"(%x, %y) {broadcast_dimensions = array<i64: $A>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = "chlo.broadcast_select"(%0, %x, %y) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xi1>, tensor<2x3xf32>
}

// -----

// op: check.expect_close check.expect_almost_eq_const
// vars: A=0 B=3
func.func @main() -> tensor<2xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_close %x, %x, max_ulp_difference = $B, min_ulp_difference = $A : tensor<2xf32>, tensor<2xf32>
  check.expect_almost_eq_const %x, dense<[1.0, 2.0]> : tensor<2xf32>
  return %x : tensor<2xf32>
}

// -----

// op: sdy.mesh sdy.sharding_constraint sdy.reshard sdy.all_gather sdy.all_slice sdy.all_reduce
// vars: A=2 B=4 C=1 D=2
sdy.mesh @mesh = <["x"=$A, "y"=$B]>
func.func @main() -> tensor<8x8xf32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8x8xf32>
  %0 = sdy.sharding_constraint %x <@mesh, [{"x"}, {"y":($C)$D}]> : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %2 = sdy.all_gather [{"x"}, {}] %1 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %3 = sdy.all_slice [{}, {"y"}] %2 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  %4 = sdy.all_reduce {"x"} %3 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  return %4 : tensor<8x8xf32>
}

// -----

// op: sdy.all_to_all sdy.collective_permute
// vars: A=2 B=0 C=1
sdy.mesh @mesh = <["x"=$A, "y"=2]>
func.func @main() -> tensor<8x8xf32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8x8xf32>
  %0 = sdy.sharding_constraint %x <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_to_all [{"x"}: $B->$C] %0 out_sharding=<@mesh, [{}, {"x"}]> : tensor<8x8xf32>
  %2 = sdy.collective_permute %1 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// op: sdy.manual_computation
// vars: A=2 N=4
sdy.mesh @mesh = <["x"=$A]>
func.func @main() -> tensor<8xf32> {
  %x = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8xf32>
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%a: tensor<$Nxf32>) {
    %1 = stablehlo.add %a, %a : tensor<$Nxf32>
    sdy.return %1 : tensor<$Nxf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// op: interpreter.run_parallel
// vars: A=1 B=2
func.func @f(%x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, $A]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = $B, type = 1>, use_global_device_ids} : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
func.func @main() -> (tensor<2xi32>, tensor<2xi32>) {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r:2 = "interpreter.run_parallel"(%a, %a) {programs = [[@f, @f]]} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
  return %r#0, %r#1 : tensor<2xi32>, tensor<2xi32>
}

// -----

// op: mpmd.for
// vars: A=3 B=1
// run: error
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=$B]>>>} {
  %0 = mpmd.for (%x) {iterations = $A : ui32, unroll_factor = $B : ui32} (%a: tensor<4xf32>, %i: tensor<ui32>) {
    %1 = stablehlo.add %a, %a : tensor<4xf32>
    mpmd.return %1 : tensor<4xf32>
  } : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// op: stablehlo.composite stablehlo.custom_call
// vars: A=1 B=4
// run: error
func.func private @double(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @main() -> (tensor<2xf32>, tensor<2xf32>) {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = "stablehlo.composite"(%x) {name = "my.double", decomposition = @double, version = $A : i32} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "stablehlo.custom_call"(%0) {call_target_name = "my_target", api_version = $B : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// op: mhlo.topk
// vars: A=2 N=2
func.func @main() -> (tensor<$Nxf32>, tensor<$Nxi32>) {
  %x = stablehlo.constant dense<[3.0, 1.0, 2.0, 0.0]> : tensor<4xf32>
  %0:2 = "mhlo.topk"(%x) <{k = $A : i64, largest = true}> : (tensor<4xf32>) -> (tensor<$Nxf32>, tensor<$Nxi32>)
  return %0#0, %0#1 : tensor<$Nxf32>, tensor<$Nxi32>
}
