// A remat'd scan's optimization_barrier (jit_remat_scan_grad in Shardy's explicit form): one barrier
// over values sharded differently, each result declared with its own operand's sharding. The
// barrier is the identity per operand, so each result is held as its operand is, with no
// communication; then each value is used in its own layout.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @parallel_barrier(%arg0: tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg2: tensor<i32>) -> (tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, tensor<i32>) {
  %0:3 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, [{}, {"y"}]>, <@mesh, []>]>} %arg0, %arg1, %arg2 : tensor<4x6xi32>, tensor<4x6xi32>, tensor<i32>
  %1 = stablehlo.multiply %0#0, %0#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<4x6xi32>
  %2 = stablehlo.negate %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x6xi32>
  %3 = stablehlo.add %0#2, %0#2 : tensor<i32>
  return %1, %2, %3 : tensor<4x6xi32>, tensor<4x6xi32>, tensor<i32>
}

func.func @sequential_barrier(%arg0: tensor<4x6xi32>, %arg1: tensor<4x6xi32>, %arg2: tensor<i32>) -> (tensor<4x6xi32>, tensor<4x6xi32>, tensor<i32>) {
  %0:3 = stablehlo.optimization_barrier %arg0, %arg1, %arg2 : tensor<4x6xi32>, tensor<4x6xi32>, tensor<i32>
  %1 = stablehlo.multiply %0#0, %0#0 : tensor<4x6xi32>
  %2 = stablehlo.negate %0#1 : tensor<4x6xi32>
  %3 = stablehlo.add %0#2, %0#2 : tensor<i32>
  return %1, %2, %3 : tensor<4x6xi32>, tensor<4x6xi32>, tensor<i32>
}

// Without a declared sharding, each result is held as its operand is.
func.func @parallel_barrier_undeclared(%arg0: tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<4x6xi32>, tensor<4x6xi32>
  return %0#0, %0#1 : tensor<4x6xi32>, tensor<4x6xi32>
}

func.func @sequential_barrier_undeclared(%arg0: tensor<4x6xi32>, %arg1: tensor<4x6xi32>) -> (tensor<4x6xi32>, tensor<4x6xi32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<4x6xi32>, tensor<4x6xi32>
  return %0#0, %0#1 : tensor<4x6xi32>, tensor<4x6xi32>
}
