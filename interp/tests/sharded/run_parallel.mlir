// interpreter.run_parallel over a global-view sdy function: program slot i
// is device id i, which holds the block of the mesh position with that id.
sdy.mesh @mesh = <["x"=2], device_ids=[1, 0]>

func.func @double(%arg0: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<4xi32>
  return %0 : tensor<4xi32>
}

func.func @main() {
  // Position 0 (device 1) holds [1, 2]; position 1 (device 0) holds [3, 4].
  %d0 = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %d1 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r:2 = "interpreter.run_parallel"(%d0, %d1) {programs = [[@double, @double]]}
    : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
  %e0 = stablehlo.constant dense<[6, 8]> : tensor<2xi32>
  %e1 = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
  "check.expect_eq"(%r#0, %e0) : (tensor<2xi32>, tensor<2xi32>) -> ()
  "check.expect_eq"(%r#1, %e1) : (tensor<2xi32>, tensor<2xi32>) -> ()
  return
}
