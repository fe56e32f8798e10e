// A while loop whose body uses values defined outside it.
sdy.mesh @mesh = <["x"=2]>

func.func @parallel_loop(%arg0: tensor<4xi32>, %step: tensor<4xi32>) -> tensor<4xi32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %0:2 = "stablehlo.while"(%c0, %arg0) ({
  ^bb0(%i: tensor<i32>, %x: tensor<4xi32>):
    %lt = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>, %x: tensor<4xi32>):
    %x1 = stablehlo.add %x, %step : tensor<4xi32>
    %i1 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %i1, %x1 : tensor<i32>, tensor<4xi32>
  }) : (tensor<i32>, tensor<4xi32>) -> (tensor<i32>, tensor<4xi32>)
  return %0#1 : tensor<4xi32>
}

func.func @sequential_loop(%arg0: tensor<4xi32>, %step: tensor<4xi32>) -> tensor<4xi32> {
  %0 = call @parallel_loop(%arg0, %step) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// The same loop with the captured step sharded: the body would need all of it.
func.func @sharded_capture(%arg0: tensor<4xi32>, %step: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xi32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %0:2 = "stablehlo.while"(%c0, %arg0) ({
  ^bb0(%i: tensor<i32>, %x: tensor<4xi32>):
    %lt = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>, %x: tensor<4xi32>):
    %x1 = stablehlo.add %x, %step : tensor<4xi32>
    %i1 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %i1, %x1 : tensor<i32>, tensor<4xi32>
  }) : (tensor<i32>, tensor<4xi32>) -> (tensor<i32>, tensor<4xi32>)
  return %0#1 : tensor<4xi32>
}

// A loop whose predicate depends on the device (partition_id): the devices
// would run different trip counts.
func.func @divergent_loop(%arg0: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.while(%iterArg = %arg0) : tensor<4xi32>
    attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}
  cond {
    %1 = stablehlo.partition_id : tensor<ui32>
    %c = stablehlo.constant dense<1> : tensor<ui32>
    %2 = stablehlo.compare  LT, %1, %c,  UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  } do {
    %c = stablehlo.constant dense<1> : tensor<4xi32>
    %1 = stablehlo.add %iterArg, %c {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<4xi32>
    stablehlo.return %1 : tensor<4xi32>
  }
  return %0 : tensor<4xi32>
}
