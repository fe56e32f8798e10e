// Collectives on simulated devices (issue #5), through interpreter.run_parallel.

// all_reduce over 2 replicas × 2 partitions with cross_replica_and_partition
// groups (channel_handle > 0): one group of all four processes.
module @all_reduce_grid {
  func.func @f(%x : tensor<2xi32>) -> tensor<2xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %s = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %s : tensor<i32>
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>
    } : (tensor<2xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %b = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
    %c = stablehlo.constant dense<[100, 200]> : tensor<2xi32>
    %d = stablehlo.constant dense<[1000, 2000]> : tensor<2xi32>
    %r:4 = "interpreter.run_parallel"(%a, %b, %c, %d) {
      programs = [[@f, @f], [@f, @f]]
    } : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[1111, 2222]> : tensor<2xi32>
    check.expect_eq_const %r#3, dense<[1111, 2222]> : tensor<2xi32>
    func.return
  }
}

// -----

// A computation that is not a single op (max then add 1) runs element by element,
// folded in ascending process order: ((x0 ⊕ x1) ⊕ x2) with x ⊕ y = max(x, y) + 1.
module @all_reduce_generic_body {
  func.func @f(%x : tensor<2xi32>) -> tensor<2xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %one = stablehlo.constant dense<1> : tensor<i32>
        %m = stablehlo.maximum %a, %b : tensor<i32>
        %s = stablehlo.add %m, %one : tensor<i32>
        stablehlo.return %s : tensor<i32>
    }) {
      replica_groups = dense<[[2, 0, 1]]> : tensor<1x3xi64>
    } : (tensor<2xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[5, 0]> : tensor<2xi32>
    %b = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
    %c = stablehlo.constant dense<[1, 9]> : tensor<2xi32>
    %r:3 = "interpreter.run_parallel"(%a, %b, %c) {
      programs = [[@f], [@f], [@f]]
    } : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    // Element 0: max(max(5, 1) + 1, 1) + 1 = 7. Element 1: max(max(0, 0) + 1, 9) + 1 = 10.
    check.expect_eq_const %r#1, dense<[7, 10]> : tensor<2xi32>
    func.return
  }
}

// -----

// Groups of one: each process reduces with itself only (the identity), and
// all_gather of one is the operand.
module @groups_of_one {
  func.func @f(%x : tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {
      replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>
    } : (tensor<2xf32>) -> tensor<2xf32>
    %g = "stablehlo.all_gather"(%x) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[1], [0]]> : tensor<2x1xi64>
    } : (tensor<2xf32>) -> tensor<2xf32>
    return %r, %g : tensor<2xf32>, tensor<2xf32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
    %b = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
    %r:4 = "interpreter.run_parallel"(%a, %b) {
      programs = [[@f], [@f]]
    } : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    check.expect_eq_const %r#0, dense<[1.5, -2.0]> : tensor<2xf32>
    check.expect_eq_const %r#1, dense<[1.5, -2.0]> : tensor<2xf32>
    check.expect_eq_const %r#2, dense<[3.0, 4.0]> : tensor<2xf32>
    check.expect_eq_const %r#3, dense<[3.0, 4.0]> : tensor<2xf32>
    func.return
  }
}

// -----

// Empty tensors go through every collective.
module @empty_tensors {
  func.func @f(%x : tensor<0x2xi64>) -> (tensor<0x2xi64>, tensor<0x4xi64>, tensor<0x2xi64>) {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<0x2xi64>) -> tensor<0x2xi64>
    %g = "stablehlo.all_gather"(%x) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<0x2xi64>) -> tensor<0x4xi64>
    %p = "stablehlo.collective_permute"(%x) {
      source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>
    } : (tensor<0x2xi64>) -> tensor<0x2xi64>
    return %r, %g, %p : tensor<0x2xi64>, tensor<0x4xi64>, tensor<0x2xi64>
  }
  func.func @main() {
    %a = stablehlo.constant dense<> : tensor<0x2xi64>
    %r:6 = "interpreter.run_parallel"(%a, %a) {
      programs = [[@f], [@f]]
    } : (tensor<0x2xi64>, tensor<0x2xi64>) -> (tensor<0x2xi64>, tensor<0x4xi64>, tensor<0x2xi64>, tensor<0x2xi64>, tensor<0x4xi64>, tensor<0x2xi64>)
    check.expect_eq_const %r#1, dense<> : tensor<0x4xi64>
    check.expect_eq_const %r#5, dense<> : tensor<0x2xi64>
    func.return
  }
}

// -----

// flattened_ids (use_global_device_ids) on a 2 × 2 grid: ids are
// replica * 2 + partition, so group [3, 0] is (1, 1) then (0, 0).
module @flattened_ids_gather {
  func.func @f(%x : tensor<1xi32>) -> tensor<2xi32> {
    %g = "stablehlo.all_gather"(%x) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[3, 0], [1, 2]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
      use_global_device_ids
    } : (tensor<1xi32>) -> tensor<2xi32>
    return %g : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[0]> : tensor<1xi32>
    %b = stablehlo.constant dense<[1]> : tensor<1xi32>
    %c = stablehlo.constant dense<[2]> : tensor<1xi32>
    %d = stablehlo.constant dense<[3]> : tensor<1xi32>
    %r:4 = "interpreter.run_parallel"(%a, %b, %c, %d) {
      programs = [[@f, @f], [@f, @f]]
    } : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[3, 0]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[1, 2]> : tensor<2xi32>
    check.expect_eq_const %r#2, dense<[1, 2]> : tensor<2xi32>
    check.expect_eq_const %r#3, dense<[3, 0]> : tensor<2xi32>
    func.return
  }
}

// -----

// replica_groups in mesh-axes form: a 2 × 2 mesh ("x", "y"), groups along "y"
// are {0, 1} and {2, 3}; along "x" they are {0, 2} and {1, 3}.
module @mesh_axes_groups {
  func.func @f(%v : tensor<1xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
    %gy = "stablehlo.all_gather"(%v) {
      all_gather_dim = 0 : i64,
      replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 2>]>, axes = [#stablehlo.axis_ref<name = "y">]>
    } : (tensor<1xi32>) -> tensor<2xi32>
    %gx = "stablehlo.all_gather"(%v) {
      all_gather_dim = 0 : i64,
      replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 2>]>, axes = [#stablehlo.axis_ref<name = "x">]>
    } : (tensor<1xi32>) -> tensor<2xi32>
    return %gy, %gx : tensor<2xi32>, tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[10]> : tensor<1xi32>
    %b = stablehlo.constant dense<[11]> : tensor<1xi32>
    %c = stablehlo.constant dense<[12]> : tensor<1xi32>
    %d = stablehlo.constant dense<[13]> : tensor<1xi32>
    %r:8 = "interpreter.run_parallel"(%a, %b, %c, %d) {
      programs = [[@f], [@f], [@f], [@f]]
    } : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[10, 11]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[10, 12]> : tensor<2xi32>
    check.expect_eq_const %r#4, dense<[12, 13]> : tensor<2xi32>
    check.expect_eq_const %r#7, dense<[11, 13]> : tensor<2xi32>
    func.return
  }
}

// -----

// reduce_scatter and all_to_all on a 1 × 2 grid across partitions.
module @scatter_and_all_to_all {
  func.func @f(%x : tensor<4xi32>) -> (tensor<2xi32>, tensor<4xi32>) {
    %s = "stablehlo.reduce_scatter"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %t = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %t : tensor<i32>
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
      use_global_device_ids
    } : (tensor<4xi32>) -> tensor<2xi32>
    %t = "stablehlo.all_to_all"(%x) {
      split_dimension = 0 : i64,
      concat_dimension = 0 : i64,
      split_count = 2 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 2, type = 0>
    } : (tensor<4xi32>) -> tensor<4xi32>
    return %s, %t : tensor<2xi32>, tensor<4xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %b = stablehlo.constant dense<[10, 20, 30, 40]> : tensor<4xi32>
    %r:4 = "interpreter.run_parallel"(%a, %b) {
      programs = [[@f, @f]]
    } : (tensor<4xi32>, tensor<4xi32>) -> (tensor<2xi32>, tensor<4xi32>, tensor<2xi32>, tensor<4xi32>)
    // Group [1, 0]: partition 1 gets the first half, partition 0 the second.
    check.expect_eq_const %r#0, dense<[33, 44]> : tensor<2xi32>
    check.expect_eq_const %r#2, dense<[11, 22]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[1, 2, 10, 20]> : tensor<4xi32>
    check.expect_eq_const %r#3, dense<[3, 4, 30, 40]> : tensor<4xi32>
    func.return
  }
}

// -----

// Without run_parallel, a collective runs on the 1 × 1 grid: a group of one.
func.func @main() {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    replica_groups = dense<[[0]]> : tensor<1x1xi64>
  } : (tensor<2xi32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[1, 2]> : tensor<2xi32>
  func.return
}

// -----

// expect-error: cross_replica groups name process (replica 1, partition 0), outside the 1 × 1 process grid
func.func @main() {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = "stablehlo.all_gather"(%x) {
    all_gather_dim = 0 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<2xi32>) -> tensor<4xi32>
  func.return
}

// -----

// expect-error: deadlock: no device can make progress: device 0 (replica 0, partition 0) waits in stablehlo.all_reduce at line 7 for group [0, 1]; device 1 (replica 1, partition 0) waits in stablehlo.all_gather at line 15 for group [1, 2]; device 2 (replica 2, partition 0) waits in stablehlo.all_gather at line 22 for group [0, 2]
// Each process waits for a group the others never form: 0 with {0, 1},
// 1 with {1, 2}, 2 with {0, 2}.
module @deadlock {
  func.func @p0(%x : tensor<2xi32>) -> tensor<2xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %s = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %s : tensor<i32>
    }) {replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @p1(%x : tensor<2xi32>) -> tensor<2xi32> {
    %g = "stablehlo.all_gather"(%x) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[1, 2], [0, -1]]> : tensor<2x2xi64>
    } : (tensor<2xi32>) -> tensor<4xi32>
    return %x : tensor<2xi32>
  }
  func.func @p2(%x : tensor<2xi32>) -> tensor<2xi32> {
    %g = "stablehlo.all_gather"(%x) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 2], [1, -1]]> : tensor<2x2xi64>
    } : (tensor<2xi32>) -> tensor<4xi32>
    return %x : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %r:3 = "interpreter.run_parallel"(%a, %a, %a) {
      programs = [[@p0], [@p1], [@p2]]
    } : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    func.return
  }
}

// -----

// expect-error: mismatched collectives in a group of 2 devices: device 0 (replica 0, partition 0) calls stablehlo.all_reduce [channel 0, cross_replica: tensor<2xi32>] at line 6 with group [0, 1]; device 1 (replica 1, partition 0) calls stablehlo.all_gather [channel 0, cross_replica, all_gather_dim 0: tensor<2xi32>] at line 14 with group [0, 1]
// The same group meets in two different collectives.
module @mismatch {
  func.func @p0(%x : tensor<2xi32>) -> tensor<2xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %s = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %s : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @p1(%x : tensor<2xi32>) -> tensor<2xi32> {
    %g = "stablehlo.all_gather"(%x) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xi32>) -> tensor<4xi32>
    return %x : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %r:2 = "interpreter.run_parallel"(%a, %a) {
      programs = [[@p0], [@p1]]
    } : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
    func.return
  }
}

// -----

// expect-error: mismatched collectives
// The members disagree on the operand shape.
module @shape_mismatch {
  func.func @p0(%x : tensor<2xi32>) -> tensor<4xi32> {
    %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<4xi32>
    return %g : tensor<4xi32>
  }
  func.func @p1(%x : tensor<3xi32>) -> tensor<6xi32> {
    %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xi32>) -> tensor<6xi32>
    return %g : tensor<6xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %b = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
    %r:2 = "interpreter.run_parallel"(%a, %b) {
      programs = [[@p0], [@p1]]
    } : (tensor<2xi32>, tensor<3xi32>) -> (tensor<4xi32>, tensor<6xi32>)
    func.return
  }
}

// -----

// expect-error: groups name process (replica 2, partition 0), outside the 2 × 1 process grid
// Wrong group shape: replica 2 does not exist.
module @group_outside_grid {
  func.func @f(%x : tensor<2xi32>) -> tensor<6xi32> {
    %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xi32>) -> tensor<6xi32>
    return %g : tensor<6xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %r:2 = "interpreter.run_parallel"(%a, %a) {
      programs = [[@f], [@f]]
    } : (tensor<2xi32>, tensor<2xi32>) -> (tensor<6xi32>, tensor<6xi32>)
    func.return
  }
}

// -----

// expect-error: split_count 3 differs from the size 2 of the process group
module @all_to_all_wrong_split_count {
  func.func @f(%x : tensor<6xi32>) -> tensor<6xi32> {
    %t = "stablehlo.all_to_all"(%x) {
      split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 3 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<6xi32>) -> tensor<6xi32>
    return %t : tensor<6xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
    %r:2 = "interpreter.run_parallel"(%a, %a) {
      programs = [[@f], [@f]]
    } : (tensor<6xi32>, tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>)
    func.return
  }
}

// -----

// expect-error: unsupported: device 1 (replica 1, partition 0): custom_call
// A failure in one process aborts its peer, which is not reported as deadlocked.
module @peer_trap {
  func.func @f(%x : tensor<2xi32>, %i : tensor<i32>) -> tensor<4xi32> {
    %c = "stablehlo.case"(%i) ({
      %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<4xi32>
      stablehlo.return %g : tensor<4xi32>
    }, {
      %d = stablehlo.custom_call @no_such_target(%x) : (tensor<2xi32>) -> tensor<4xi32>
      stablehlo.return %d : tensor<4xi32>
    }) : (tensor<i32>) -> tensor<4xi32>
    return %c : tensor<4xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %i0 = stablehlo.constant dense<0> : tensor<i32>
    %i1 = stablehlo.constant dense<1> : tensor<i32>
    %r:2 = "interpreter.run_parallel"(%a, %i0, %a, %i1) {
      programs = [[@f], [@f]]
    } : (tensor<2xi32>, tensor<i32>, tensor<2xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<4xi32>)
    func.return
  }
}

// -----

// Mesh-axes replica groups with sub-axes and device_ids: a 1-axis mesh "x" of 4
// devices with ids [3, 2, 1, 0]. "x":(2)2 (the minor half) groups positions
// {0, 1} and {2, 3}, that is ids {3, 2} and {1, 0}; "x":(1)2 (the major half)
// groups ids {3, 1} and {2, 0}.
module @mesh_sub_axes {
  func.func @f(%v : tensor<1xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
    %minor = "stablehlo.all_gather"(%v) {
      all_gather_dim = 0 : i64,
      replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 4>], device_ids = dense<[3, 2, 1, 0]> : tensor<4xi64>>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)2>]>
    } : (tensor<1xi32>) -> tensor<2xi32>
    %major = "stablehlo.all_gather"(%v) {
      all_gather_dim = 0 : i64,
      replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 4>], device_ids = dense<[3, 2, 1, 0]> : tensor<4xi64>>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>]>
    } : (tensor<1xi32>) -> tensor<2xi32>
    return %minor, %major : tensor<2xi32>, tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[10]> : tensor<1xi32>
    %b = stablehlo.constant dense<[11]> : tensor<1xi32>
    %c = stablehlo.constant dense<[12]> : tensor<1xi32>
    %d = stablehlo.constant dense<[13]> : tensor<1xi32>
    %r:8 = "interpreter.run_parallel"(%a, %b, %c, %d) {
      programs = [[@f], [@f], [@f], [@f]]
    } : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[11, 10]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[12, 10]> : tensor<2xi32>
    check.expect_eq_const %r#6, dense<[13, 12]> : tensor<2xi32>
    check.expect_eq_const %r#7, dense<[13, 11]> : tensor<2xi32>
    func.return
  }
}

// -----

// Mesh-axes replica groups naming a mesh symbol (the lifted form).
module @mesh_symbol {
  sdy.mesh @mesh = <["a"=2, "b"=2]> {stablehlo.mesh = {axes = [{name = "a", size = 2 : i64}, {name = "b", size = 2 : i64}]}}
  func.func @f(%v : tensor<1xi32>) -> tensor<2xi32> {
    %g = "stablehlo.all_gather"(%v) {
      all_gather_dim = 0 : i64,
      replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "a">]>
    } : (tensor<1xi32>) -> tensor<2xi32>
    return %g : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[10]> : tensor<1xi32>
    %b = stablehlo.constant dense<[11]> : tensor<1xi32>
    %c = stablehlo.constant dense<[12]> : tensor<1xi32>
    %d = stablehlo.constant dense<[13]> : tensor<1xi32>
    %r:4 = "interpreter.run_parallel"(%a, %b, %c, %d) {
      programs = [[@f], [@f], [@f], [@f]]
    } : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[10, 12]> : tensor<2xi32>
    check.expect_eq_const %r#3, dense<[11, 13]> : tensor<2xi32>
    func.return
  }
}

// -----

// cross-replica-sum adds over cross_replica groups; collective_reduce gives the
// reduction to the root only (here the dynamic root: index 1 of group [0, 1]).
module @sum_and_reduce {
  func.func @f(%x : tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
    %s = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    %root = stablehlo.constant dense<[1]> : tensor<1xi32>
    %r = "stablehlo.collective_reduce"(%x, %root) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %m = stablehlo.multiply %a, %b : tensor<i32>
        stablehlo.return %m : tensor<i32>
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      has_dynamic_root
    } : (tensor<2xi32>, tensor<1xi32>) -> tensor<2xi32>
    return %s, %r : tensor<2xi32>, tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
    %b = stablehlo.constant dense<[5, 7]> : tensor<2xi32>
    %r:4 = "interpreter.run_parallel"(%a, %b) {
      programs = [[@f], [@f]]
    } : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[7, 10]> : tensor<2xi32>
    check.expect_eq_const %r#2, dense<[7, 10]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[0, 0]> : tensor<2xi32>
    check.expect_eq_const %r#3, dense<[10, 21]> : tensor<2xi32>
    func.return
  }
}

// -----

// expect-error: root index 2 is outside the process group of 2
module @broadcast_root_out_of_range {
  func.func @f(%x : tensor<2xi32>) -> tensor<2xi32> {
    %root = stablehlo.constant dense<[2]> : tensor<1xi32>
    %r = "stablehlo.collective_broadcast"(%x, %root) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      has_dynamic_root
    } : (tensor<2xi32>, tensor<1xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
    %r:2 = "interpreter.run_parallel"(%a, %a) {
      programs = [[@f], [@f]]
    } : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
    func.return
  }
}

// -----

// expect-error: value does not have the expected type tensor<f32>
// A computation over another element type is not taken as a fast elementwise op.
module @computation_type_mismatch {
  func.func @f(%x : tensor<2xi32>) -> tensor<2xi32> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
    %r:2 = "interpreter.run_parallel"(%a, %a) {
      programs = [[@f], [@f]]
    } : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
    func.return
  }
}

// -----

// expect-error: mesh axis "x" has size 0
module @mesh_axis_of_size_zero {
  func.func @main() {
    %v = stablehlo.constant dense<[1]> : tensor<1xi32>
    %g = "stablehlo.all_gather"(%v) {
      all_gather_dim = 0 : i64,
      replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 0>]>, axes = [#stablehlo.axis_ref<name = "x">]>
    } : (tensor<1xi32>) -> tensor<1xi32>
    func.return
  }
}
