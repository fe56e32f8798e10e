// StableHLO's async_start / async_done with !stablehlo.future<T> (spec: async_start, async_done,
// FutureType), on simulated devices through interpreter.run_parallel. shardref performs the body's
// operation when async_start runs (the spec lets a backend run it synchronously), so collectives
// meet in program order; async_done returns the value the future holds. Upstream's reference
// interpreter runs neither op.

// An all_gather and an all_reduce started together, other work between the starts and the dones,
// awaited in the opposite order.
module @async_collectives {
  func.func @f(%x : tensor<2xi32>) -> (tensor<4xi32>, tensor<2xi32>) {
    %g = "stablehlo.async_start"(%x) ({
    ^bb0(%a: tensor<2xi32>):
      %0 = "stablehlo.all_gather"(%a) {
        all_gather_dim = 0 : i64,
        replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
      } : (tensor<2xi32>) -> tensor<4xi32>
      "stablehlo.return"(%0) : (tensor<4xi32>) -> ()
    }) : (tensor<2xi32>) -> !stablehlo.future<tensor<4xi32>>
    %y = stablehlo.multiply %x, %x : tensor<2xi32>
    %s = "stablehlo.async_start"(%y) ({
    ^bb0(%a: tensor<2xi32>):
      %0 = "stablehlo.all_reduce"(%a) ({
      ^bb1(%p: tensor<i32>, %q: tensor<i32>):
        %1 = stablehlo.add %p, %q : tensor<i32>
        stablehlo.return %1 : tensor<i32>
      }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
      "stablehlo.return"(%0) : (tensor<2xi32>) -> ()
    }) : (tensor<2xi32>) -> !stablehlo.future<tensor<2xi32>>
    %sd = "stablehlo.async_done"(%s) : (!stablehlo.future<tensor<2xi32>>) -> tensor<2xi32>
    %gd = "stablehlo.async_done"(%g) : (!stablehlo.future<tensor<4xi32>>) -> tensor<4xi32>
    return %gd, %sd : tensor<4xi32>, tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
    %r:4 = "interpreter.run_parallel"(%a, %b) {
      programs = [[@f], [@f]]
    } : (tensor<2xi32>, tensor<2xi32>) -> (tensor<4xi32>, tensor<2xi32>, tensor<4xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[1, 2, 3, 4]> : tensor<4xi32>
    check.expect_eq_const %r#1, dense<[10, 20]> : tensor<2xi32>
    check.expect_eq_const %r#2, dense<[1, 2, 3, 4]> : tensor<4xi32>
    check.expect_eq_const %r#3, dense<[10, 20]> : tensor<2xi32>
    func.return
  }
}

// -----

// An asynchronous collective_reduce (its root, the group's first process, gets the sum; the other
// gets zeros), a collective_permute, and a future passed through a call before it is awaited.
module @async_reduce_permute {
  func.func private @wait(%fut : !stablehlo.future<tensor<2xf32>>) -> tensor<2xf32> {
    %v = "stablehlo.async_done"(%fut) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
    return %v : tensor<2xf32>
  }
  func.func @f(%x : tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %c = "stablehlo.async_start"(%x) ({
    ^bb0(%a: tensor<2xf32>):
      %0 = "stablehlo.collective_reduce"(%a) ({
      ^bb1(%p: tensor<f32>, %q: tensor<f32>):
        %1 = stablehlo.add %p, %q : tensor<f32>
        stablehlo.return %1 : tensor<f32>
      }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
      "stablehlo.return"(%0) : (tensor<2xf32>) -> ()
    }) : (tensor<2xf32>) -> !stablehlo.future<tensor<2xf32>>
    %p = "stablehlo.async_start"(%x) ({
    ^bb0(%a: tensor<2xf32>):
      %0 = "stablehlo.collective_permute"(%a) {
        source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>
      } : (tensor<2xf32>) -> tensor<2xf32>
      "stablehlo.return"(%0) : (tensor<2xf32>) -> ()
    }) : (tensor<2xf32>) -> !stablehlo.future<tensor<2xf32>>
    %cd = func.call @wait(%c) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
    %pd = "stablehlo.async_done"(%p) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
    return %cd, %pd : tensor<2xf32>, tensor<2xf32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
    %b = stablehlo.constant dense<[0.25, 8.0]> : tensor<2xf32>
    %r:4 = "interpreter.run_parallel"(%a, %b) {
      programs = [[@f], [@f]]
    } : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    check.expect_eq_const %r#0, dense<[1.75, 6.0]> : tensor<2xf32>
    check.expect_eq_const %r#1, dense<[0.25, 8.0]> : tensor<2xf32>
    check.expect_eq_const %r#2, dense<[0.0, 0.0]> : tensor<2xf32>
    check.expect_eq_const %r#3, dense<[1.5, -2.0]> : tensor<2xf32>
    func.return
  }
}

// -----

// A slice run asynchronously on one process: the future of a dynamic_slice, awaited.
func.func @main() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %i = stablehlo.constant dense<3> : tensor<i64>
  %f = "stablehlo.async_start"(%x, %i) ({
  ^bb0(%a: tensor<5xi32>, %b: tensor<i64>):
    %0 = stablehlo.dynamic_slice %a, %b, sizes = [2] : (tensor<5xi32>, tensor<i64>) -> tensor<2xi32>
    "stablehlo.return"(%0) : (tensor<2xi32>) -> ()
  }) : (tensor<5xi32>, tensor<i64>) -> !stablehlo.future<tensor<2xi32>>
  %d = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<2xi32>>) -> tensor<2xi32>
  check.expect_eq_const %d, dense<[4, 5]> : tensor<2xi32>
  return
}
