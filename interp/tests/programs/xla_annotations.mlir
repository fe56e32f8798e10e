// XLA's sharding annotations as custom calls, as its Shardy import dump (`sdy_00_input_module.mlir`)
// prints them: `@Sharding` (a sharding constraint, `mhlo.sharding` in XLA's HLO syntax, mesh form
// included) and `@xla.sdy.FuncResultSharding` (a result's sdy sharding in the `xla.sdy.sharding`
// frontend attribute). On one device each is the identity on its operand, once its sharding has been
// read and checked against the operand's type (`shardref_interp::annotations`).
// The file round-trips (`cli/tests/commands.rs`).

// The forms jax 0.12 and 0.10.2 write: tiled, mesh form, replicated, with a subgroup, on a scalar.
module @jit_f attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22x\22=2, \22y\22=4]>}"}, mhlo.num_partitions = 8 : i32} {
  func.func @main() {
    %c = stablehlo.constant dense<[[1.0, -2.0], [0x7F800000, -0.0]]> : tensor<2x2xf32>
    %0 = stablehlo.custom_call @Sharding(%c) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {backend_config = "", mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}, {\22y\22}]>]>"}, mhlo.sharding = "{devices=[2,4]<=[8]}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %2 = stablehlo.custom_call @Sharding(%1) {backend_config = "", has_side_effect = true, mhlo.sharding = "{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %3 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%2) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{}, {\22y\22}]>]>"}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    check.expect_eq_const %3, dense<[[1.0, -2.0], [0x7F800000, -0.0]]> : tensor<2x2xf32>
    %s = stablehlo.constant dense<7> : tensor<i32>
    %4 = stablehlo.custom_call @Sharding(%s) {backend_config = "", mhlo.sharding = "{mesh['x'=2,'y'=4], replicated}"} : (tensor<i32>) -> tensor<i32>
    %5 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%4) {has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, []>]>"}} : (tensor<i32>) -> tensor<i32>
    check.expect_eq_const %5, dense<7> : tensor<i32>
    return
  }
}

// -----

// expect-error: custom_call @Sharding: '{devices=[8]<=[8]}': the sharding tiles 1 dimension but the value has rank 2
func.func @main() {
  %c = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @Sharding(%c) {mhlo.sharding = "{devices=[8]<=[8]}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %0, dense<1.0> : tensor<2x2xf32>
  return
}

// -----

// expect-error: custom_call @Sharding: '{mesh['x'=8], [{'x'}]}': the sharding names 1 dimension but the value has rank 2
func.func @main() {
  %c = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @Sharding(%c) {mhlo.sharding = "{mesh['x'=8], [{'x'}]}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %0, dense<1.0> : tensor<2x2xf32>
  return
}

// -----

// expect-error: custom_call @Sharding: '{devices=[2,2]0,1,2}'
func.func @main() {
  %c = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @Sharding(%c) {mhlo.sharding = "{devices=[2,2]0,1,2}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %0, dense<1.0> : tensor<2x2xf32>
  return
}

// -----

// expect-error: custom_call @Sharding: it has no mhlo.sharding
func.func @main() {
  %c = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @Sharding(%c) {backend_config = ""} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %0, dense<1.0> : tensor<2x2xf32>
  return
}

// -----

// expect-error: custom_call @xla.sdy.FuncResultSharding: '#sdy.sharding_per_value<[<@mesh, [{"x"}]>]>' names 1 dimension but the value has rank 2
func.func @main() {
  %c = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%c) {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22}]>]>"}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %0, dense<1.0> : tensor<2x2xf32>
  return
}

// -----

// expect-error: custom_call @xla.sdy.FuncResultSharding: it has no xla.sdy.sharding frontend attribute
func.func @main() {
  %c = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%c) {has_side_effect = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %0, dense<1.0> : tensor<2x2xf32>
  return
}

// -----

// expect-error: custom_call @xla.sdy.FuncResultSharding: '#sdy.sharding_per_value<[<@mesh, [{}, {}]>'
func.func @main() {
  %c = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%c) {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{}, {}]>"}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %0, dense<1.0> : tensor<2x2xf32>
  return
}

// -----

// expect-error: custom_call @Sharding returns its operand's type
func.func @main() {
  %c = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @Sharding(%c) {mhlo.sharding = "{replicated}"} : (tensor<2x2xf32>) -> tensor<4xf32>
  return
}
