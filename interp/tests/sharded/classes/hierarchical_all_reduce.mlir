// An all-reduce done hierarchically over the two sub-axes of "x" (issue #28):
// "x":(1)2 then "x":(2)2, or the other order, completes "x" once (it was
// reported "unreduced over x"); a max the same way.
sdy.mesh @mesh = <["x"=4, "y"=2]>

func.func @parallel_sum(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : (tensor<8x4xi32>, tensor<i32>) -> tensor<4xi32>
  %1 = sdy.all_reduce {"x":(1)2} %0 out_sharding=<@mesh, [{"y"}]> : tensor<4xi32>
  %2 = sdy.all_reduce {"x":(2)2} %1 out_sharding=<@mesh, [{"y"}]> : tensor<4xi32>
  return %2 : tensor<4xi32>
}

func.func @sequential_sum(%arg0: tensor<8x4xi32>) -> tensor<4xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<8x4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

func.func @parallel_sum_reversed(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x4xi32>, tensor<i32>) -> tensor<4xi32>
  %1 = sdy.all_reduce {"x":(2)2} %0 out_sharding=<@mesh, [{}]> : tensor<4xi32>
  %2 = sdy.all_reduce {"x":(1)2} %1 out_sharding=<@mesh, [{}]> : tensor<4xi32>
  return %2 : tensor<4xi32>
}

func.func @sequential_sum_reversed(%arg0: tensor<8x4xi32>) -> tensor<4xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<8x4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

func.func @parallel_max(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.maximum across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x4xi32>, tensor<i32>) -> tensor<4xi32>
  %1 = sdy.all_reduce max {"x":(1)2} %0 out_sharding=<@mesh, [{}]> : tensor<4xi32>
  %2 = sdy.all_reduce max {"x":(2)2} %1 out_sharding=<@mesh, [{}]> : tensor<4xi32>
  return %2 : tensor<4xi32>
}

func.func @sequential_max(%arg0: tensor<8x4xi32>) -> tensor<4xi32> {
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.maximum across dimensions = [0] : (tensor<8x4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
