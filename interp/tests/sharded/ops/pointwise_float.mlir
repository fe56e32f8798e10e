// Every pointwise StableHLO op on floats, sharded along both dimensions of a 2x2 mesh: each
// runs on the devices' local blocks (the registry's pointwise rule: every dimension a
// pass-through factor) and equals its global run bit for bit (NaN where both give NaN).
sdy.mesh @mesh = <["x"=2, "y"=2]>
#xy = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>

func.func @main(%a: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %b: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
    -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf64>, tensor<4x6xi32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>) {
  // Scaled into (-2, 2) so that exponentials stay finite and logs see a spread of values.
  %k = stablehlo.constant dense<0.1> : tensor<4x6xf32>
  %x = stablehlo.multiply %a, %k {sdy.sharding = #xy} : tensor<4x6xf32>
  %y = stablehlo.multiply %b, %k {sdy.sharding = #xy} : tensor<4x6xf32>
  %p = stablehlo.abs %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %0 = stablehlo.add %x, %y {sdy.sharding = #xy} : tensor<4x6xf32>
  %1 = stablehlo.atan2 %x, %y {sdy.sharding = #xy} : tensor<4x6xf32>
  %2 = stablehlo.cbrt %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %3 = stablehlo.ceil %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %4 = stablehlo.cosine %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %5 = stablehlo.divide %x, %y {sdy.sharding = #xy} : tensor<4x6xf32>
  %6 = stablehlo.exponential %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %7 = stablehlo.exponential_minus_one %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %8 = stablehlo.floor %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %9 = stablehlo.log_plus_one %p {sdy.sharding = #xy} : tensor<4x6xf32>
  %10 = stablehlo.log %p {sdy.sharding = #xy} : tensor<4x6xf32>
  %11 = stablehlo.logistic %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %12 = stablehlo.maximum %x, %y {sdy.sharding = #xy} : tensor<4x6xf32>
  %13 = stablehlo.minimum %x, %y {sdy.sharding = #xy} : tensor<4x6xf32>
  %14 = stablehlo.negate %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %15 = stablehlo.power %p, %y {sdy.sharding = #xy} : tensor<4x6xf32>
  %16 = stablehlo.remainder %a, %b {sdy.sharding = #xy} : tensor<4x6xf32>
  %17 = stablehlo.round_nearest_even %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %18 = stablehlo.round_nearest_afz %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %19 = stablehlo.rsqrt %p {sdy.sharding = #xy} : tensor<4x6xf32>
  %20 = stablehlo.sign %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %21 = stablehlo.sine %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %22 = stablehlo.sqrt %p {sdy.sharding = #xy} : tensor<4x6xf32>
  %23 = stablehlo.subtract %x, %y {sdy.sharding = #xy} : tensor<4x6xf32>
  %24 = stablehlo.tan %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %25 = stablehlo.tanh %x {sdy.sharding = #xy} : tensor<4x6xf32>
  %26 = stablehlo.reduce_precision %x, format = e5m2 {sdy.sharding = #xy} : tensor<4x6xf32>
  %27 = stablehlo.is_finite %10 {sdy.sharding = #xy} : (tensor<4x6xf32>) -> tensor<4x6xi1>
  %28 = stablehlo.compare LT, %x, %y, FLOAT {sdy.sharding = #xy} : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
  %29 = stablehlo.select %28, %x, %y {sdy.sharding = #xy} : tensor<4x6xi1>, tensor<4x6xf32>
  %lo = stablehlo.constant dense<-1.0> : tensor<4x6xf32>
  %hi = stablehlo.constant dense<1.0> : tensor<4x6xf32>
  %30 = stablehlo.clamp %lo, %x, %hi {sdy.sharding = #xy} : tensor<4x6xf32>
  %c = stablehlo.complex %x, %y {sdy.sharding = #xy} : tensor<4x6xcomplex<f32>>
  %e = stablehlo.exponential %c {sdy.sharding = #xy} : tensor<4x6xcomplex<f32>>
  %31 = stablehlo.real %e {sdy.sharding = #xy} : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
  %32 = stablehlo.convert %x {sdy.sharding = #xy} : (tensor<4x6xf32>) -> tensor<4x6xf64>
  %33 = stablehlo.bitcast_convert %x {sdy.sharding = #xy} : (tensor<4x6xf32>) -> tensor<4x6xi32>
  %34 = stablehlo.imag %e {sdy.sharding = #xy} : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
  %35 = stablehlo.abs %c {sdy.sharding = #xy} : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %p
      : tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf64>, tensor<4x6xi32>, tensor<4x6xf32>,
        tensor<4x6xf32>, tensor<4x6xf32>
}
