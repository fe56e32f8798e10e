// tanh(x) * x over 4096x256 f32, one row per device on a mesh of 4096.
sdy.mesh @mesh = <["x"=4096]>

func.func @main(%x: tensor<4096x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4096x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.tanh %x {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<4096x256xf32>
  %1 = stablehlo.multiply %0, %x {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<4096x256xf32>
  return %1 : tensor<4096x256xf32>
}
