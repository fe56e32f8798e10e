// Single-device shardings (a maximal mesh `<[], device_ids=[d]>` on an op's
// results): the op runs on device d alone and its results live there, as
// Shardy's `sdy-resolve-single-device-sharding` lowers it (a `stablehlo.if`
// on the device id, zeros elsewhere, then an all-reduce to the mesh). A value
// every device holds whole is read as d's own copy, so a value computed from
// `stablehlo.partition_id` is d's. `@explicit_chain` is written as the export
// pipeline leaves it (every move an explicit collective or `sdy.reshard`) and
// runs strictly; `@implicit_chain` leaves the moves to the runtime, as
// upstream's partitioner-pipeline tests do (run with reshards inserted).
// `@main` runs each on 4 devices with run_parallel and checks every device's
// result.
sdy.mesh @mesh = <["x"=4]>
sdy.mesh @dev1 = <[], device_ids=[1]>
sdy.mesh @dev2 = <[], device_ids=[2]>

func.func @explicit_chain(%arg0: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %pid = stablehlo.partition_id : tensor<ui32>
  %pid_i32 = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i32>
  %pid_bc = stablehlo.broadcast_in_dim %pid_i32, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %c10 = stablehlo.constant dense<10> : tensor<4xi32>
  %pid_x10 = stablehlo.multiply %pid_bc, %c10 : tensor<4xi32>
  %g = sdy.all_gather [{"x"}] %arg0 out_sharding=<@mesh, [{}]> : tensor<4xi32>
  %g2 = sdy.reshard %g <@dev2, []> : tensor<4xi32>
  %p2 = sdy.reshard %pid_bc <@dev2, []> : tensor<4xi32>
  %0 = stablehlo.add %g2, %p2 {sdy.sharding = #sdy.sharding_per_value<[<@dev2, []>]>} : tensor<4xi32>
  %r0 = sdy.reshard %0 <@mesh, [{}]> : tensor<4xi32>
  %r1 = sdy.reshard %r0 <@dev1, []> : tensor<4xi32>
  %p1 = sdy.reshard %pid_x10 <@dev1, []> : tensor<4xi32>
  %1 = stablehlo.add %r1, %p1 {sdy.sharding = #sdy.sharding_per_value<[<@dev1, []>]>} : tensor<4xi32>
  %2 = sdy.reshard %1 <@mesh, [{}]> : tensor<4xi32>
  return %2 : tensor<4xi32>
}

func.func @implicit_chain(%arg0: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %pid = stablehlo.partition_id : tensor<ui32>
  %pid_i32 = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i32>
  %pid_bc = stablehlo.broadcast_in_dim %pid_i32, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %c10 = stablehlo.constant dense<10> : tensor<4xi32>
  %pid_x10 = stablehlo.multiply %pid_bc, %c10 : tensor<4xi32>
  %0 = stablehlo.add %arg0, %pid_bc {sdy.sharding = #sdy.sharding_per_value<[<@dev2, []>]>} : tensor<4xi32>
  %1 = stablehlo.add %0, %pid_x10 {sdy.sharding = #sdy.sharding_per_value<[<@dev1, []>]>} : tensor<4xi32>
  %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<4xi32>
  return %2 : tensor<4xi32>
}

func.func @main() {
  %input = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %s0 = stablehlo.slice %input [0:1] : (tensor<4xi32>) -> tensor<1xi32>
  %s1 = stablehlo.slice %input [1:2] : (tensor<4xi32>) -> tensor<1xi32>
  %s2 = stablehlo.slice %input [2:3] : (tensor<4xi32>) -> tensor<1xi32>
  %s3 = stablehlo.slice %input [3:4] : (tensor<4xi32>) -> tensor<1xi32>
  %r:4 = "interpreter.run_parallel"(%s0, %s1, %s2, %s3) {programs = [[@explicit_chain, @explicit_chain, @explicit_chain, @explicit_chain]]} : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>)
  // Device 2 adds its id 2, then device 1 adds 10 times its id.
  %want = stablehlo.constant dense<[13, 14, 15, 16]> : tensor<4xi32>
  check.expect_eq %r#0, %want : tensor<4xi32>
  check.expect_eq %r#1, %want : tensor<4xi32>
  check.expect_eq %r#2, %want : tensor<4xi32>
  check.expect_eq %r#3, %want : tensor<4xi32>
  return
}

func.func @main_implicit() {
  %input = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %s0 = stablehlo.slice %input [0:1] : (tensor<4xi32>) -> tensor<1xi32>
  %s1 = stablehlo.slice %input [1:2] : (tensor<4xi32>) -> tensor<1xi32>
  %s2 = stablehlo.slice %input [2:3] : (tensor<4xi32>) -> tensor<1xi32>
  %s3 = stablehlo.slice %input [3:4] : (tensor<4xi32>) -> tensor<1xi32>
  %r:4 = "interpreter.run_parallel"(%s0, %s1, %s2, %s3) {programs = [[@implicit_chain, @implicit_chain, @implicit_chain, @implicit_chain]]} : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>)
  check.expect_eq_const %r#0, dense<[-13]> : tensor<1xi32>
  check.expect_eq_const %r#1, dense<[-14]> : tensor<1xi32>
  check.expect_eq_const %r#2, dense<[-15]> : tensor<1xi32>
  check.expect_eq_const %r#3, dense<[-16]> : tensor<1xi32>
  return
}
