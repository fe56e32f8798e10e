// A while loop of 1,000,000 iterations on an i64 scalar counter.
func.func @main() -> tensor<i64> {
  %start = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %n = stablehlo.constant dense<1000000> : tensor<i64>
  %r = stablehlo.while(%i = %start) : tensor<i64>
    cond {
      %p = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %j = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %j : tensor<i64>
    }
  func.return %r : tensor<i64>
}
