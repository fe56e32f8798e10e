// Broken variant of microbatch_twins.mlir: stage s1's call for microbatch 2 is fed microbatch 1's
// activations again, so result 0 differs from the twin's at microbatch 2 (index [2, 0, 0]), with the
// static check and without. Made by twins/make.py.
// RUN: equiv %s
// EXIT: 1
// STDOUT: @parallel_microbatch vs @sequential_microbatch: differ in trial 0: result 0 at index [2, 0, 0]
// RUN: equiv %s --no-check
// EXIT: 1
// STDOUT: @parallel_microbatch vs @sequential_microbatch: differ in trial 0: result 0 at index [2, 0, 0]
module @twins {
  sdy.mesh @empty_mesh = <[]> {stablehlo.mesh = {axes = []}}
  sdy.mesh @mesh = <["x"=2, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}]}}
  func.func public @parallel_microbatch(%arg0: !mpmd.mesh_tensor<"m1", tensor<8x8xf32>, sharding=<@mesh, [{}, {"y"}]>>, %arg1: !mpmd.mesh_tensor<"m2", tensor<8x4xf32>>, %arg2: !mpmd.mesh_tensor<"m1", tensor<4x4x8xf32>, sharding=<@mesh, [{}, {"x"}, {}]>>) -> (!mpmd.mesh_tensor<"m2", tensor<4x4x4xf32>> {jax.result_info = "result"}) attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=2]>>, <"m2" : <["z"=4]>>>} {
    %0:4 = mpmd.fragment_call<mesh="m1", origin=["s1"]> @p0_s1_call0.fn(%arg2, %arg0) : (!mpmd.mesh_tensor<"m1", tensor<4x4x8xf32>, sharding=<@mesh, [{}, {"x"}, {}]>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>, sharding=<@mesh, [{}, {"y"}]>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {"y"}]>>)
    %1 = mpmd.transfer %0#3 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {"y"}]>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
    %2 = mpmd.fragment_call<mesh="m2", origin=["s2"]> @p1_s2_calls0to2.fn(%1, %arg1) : (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m2", tensor<8x4xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x4xf32>>
    %3 = mpmd.fragment_call<mesh="m1", origin=["s1"]> @p2_s1_calls1to3.fn(%0#0, %arg0) : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>, sharding=<@mesh, [{}, {"y"}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {"y"}]>>
    %4 = mpmd.transfer %3 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {"y"}]>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
    %5 = mpmd.fragment_call<mesh="m2", origin=["s2"]> @p1_s2_calls0to2.fn(%4, %arg1) : (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m2", tensor<8x4xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x4xf32>>
    %6 = mpmd.fragment_call<mesh="m1", origin=["s1"]> @p2_s1_calls1to3.fn(%0#0, %arg0) : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>, sharding=<@mesh, [{}, {"y"}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {"y"}]>>
    %7 = mpmd.transfer %6 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {"y"}]>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
    %8 = mpmd.fragment_call<mesh="m2", origin=["s2"]> @p1_s2_calls0to2.fn(%7, %arg1) : (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m2", tensor<8x4xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x4xf32>>
    %9 = mpmd.fragment_call<mesh="m1", origin=["s1"]> @p2_s1_calls1to3.fn(%0#2, %arg0) : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>, sharding=<@mesh, [{}, {"y"}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {"y"}]>>
    %10 = mpmd.transfer %9 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {"y"}]>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
    %11 = mpmd.fragment_call<mesh="m2", origin=["s2"]> @p3_s2_call3.fn(%10, %arg1, %8, %5, %2) : (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m2", tensor<8x4xf32>>, !mpmd.mesh_tensor<"m2", tensor<4x4xf32>>, !mpmd.mesh_tensor<"m2", tensor<4x4xf32>>, !mpmd.mesh_tensor<"m2", tensor<4x4xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x4x4xf32>>
    return %11 : !mpmd.mesh_tensor<"m2", tensor<4x4x4xf32>>
  }
  func.func @p0_s1_call0.fn(%arg0: tensor<4x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) attributes {mesh_shape = #sdy.mesh<["x"=2, "y"=2]>, reserved_hbm_bytes = 0 : i64} {
    %0 = stablehlo.slice %arg0 [0:1, 0:4, 0:8] : (tensor<4x4x8xf32>) -> tensor<1x4x8xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    %2 = stablehlo.slice %arg0 [1:2, 0:4, 0:8] : (tensor<4x4x8xf32>) -> tensor<1x4x8xf32>
    %3 = stablehlo.reshape %2 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    %4 = stablehlo.slice %arg0 [2:3, 0:4, 0:8] : (tensor<4x4x8xf32>) -> tensor<1x4x8xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    %6 = stablehlo.slice %arg0 [3:4, 0:4, 0:8] : (tensor<4x4x8xf32>) -> tensor<1x4x8xf32>
    %7 = stablehlo.reshape %6 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    %8 = sdy.sharding_constraint %1 <@mesh, [{"x"}, {}]> : tensor<4x8xf32>
    %9 = stablehlo.dot_general %8, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %10 = stablehlo.tanh %9 : tensor<4x8xf32>
    %11 = sdy.sharding_constraint %10 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    return %3, %5, %7, %11 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
  }
  func.func @p1_s2_calls0to2.fn(%arg0: tensor<4x8xf32> {jax.buffer_donor = true}, %arg1: tensor<8x4xf32>) -> tensor<4x4xf32> attributes {mesh_shape = #sdy.mesh<["z"=4]>, reserved_hbm_bytes = 128 : i64} {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
  func.func @p2_s1_calls1to3.fn(%arg0: tensor<4x8xf32> {jax.buffer_donor = true, sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) attributes {mesh_shape = #sdy.mesh<["x"=2, "y"=2]>, reserved_hbm_bytes = 384 : i64} {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}, {}]> : tensor<4x8xf32>
    %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %2 = stablehlo.tanh %1 : tensor<4x8xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
    return %3 : tensor<4x8xf32>
  }
  func.func @p3_s2_call3.fn(%arg0: tensor<4x8xf32> {jax.buffer_donor = true}, %arg1: tensor<8x4xf32>, %arg2: tensor<4x4xf32> {jax.buffer_donor = true}, %arg3: tensor<4x4xf32> {jax.buffer_donor = true}, %arg4: tensor<4x4xf32> {jax.buffer_donor = true}) -> tensor<4x4x4xf32> attributes {mesh_shape = #sdy.mesh<["z"=4]>, reserved_hbm_bytes = 0 : i64} {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
    %1 = stablehlo.reshape %arg4 : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
    %2 = stablehlo.reshape %arg3 : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
    %3 = stablehlo.reshape %arg2 : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
    %4 = stablehlo.reshape %0 : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
    %5 = stablehlo.concatenate %1, %2, %3, %4, dim = 0 : (tensor<1x4x4xf32>, tensor<1x4x4xf32>, tensor<1x4x4xf32>, tensor<1x4x4xf32>) -> tensor<4x4x4xf32>
    return %5 : tensor<4x4x4xf32>
  }
  func.func public @sequential_microbatch(%arg0: tensor<8x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<4x4x8xf32>) -> (tensor<4x4x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg2 [0:1, 0:4, 0:8] : (tensor<4x4x8xf32>) -> tensor<1x4x8xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    %2 = mpmd.call @shardy_mpmdfwd(%arg0, %arg1, %1) {call_counter = 0 : ui32} : (tensor<8x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<4x4xf32>
    %3 = stablehlo.slice %arg2 [1:2, 0:4, 0:8] : (tensor<4x4x8xf32>) -> tensor<1x4x8xf32>
    %4 = stablehlo.reshape %3 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    %5 = mpmd.call @shardy_mpmdfwd(%arg0, %arg1, %4) {call_counter = 1 : ui32} : (tensor<8x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<4x4xf32>
    %6 = stablehlo.slice %arg2 [2:3, 0:4, 0:8] : (tensor<4x4x8xf32>) -> tensor<1x4x8xf32>
    %7 = stablehlo.reshape %6 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    %8 = mpmd.call @shardy_mpmdfwd(%arg0, %arg1, %7) {call_counter = 2 : ui32} : (tensor<8x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<4x4xf32>
    %9 = stablehlo.slice %arg2 [3:4, 0:4, 0:8] : (tensor<4x4x8xf32>) -> tensor<1x4x8xf32>
    %10 = stablehlo.reshape %9 : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
    %11 = mpmd.call @shardy_mpmdfwd(%arg0, %arg1, %10) {call_counter = 3 : ui32} : (tensor<8x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<4x4xf32>
    %12 = stablehlo.broadcast_in_dim %2, dims = [1, 2] : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
    %13 = stablehlo.broadcast_in_dim %5, dims = [1, 2] : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
    %14 = stablehlo.broadcast_in_dim %8, dims = [1, 2] : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
    %15 = stablehlo.broadcast_in_dim %11, dims = [1, 2] : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
    %16 = stablehlo.concatenate %12, %13, %14, %15, dim = 0 : (tensor<1x4x4xf32>, tensor<1x4x4xf32>, tensor<1x4x4xf32>, tensor<1x4x4xf32>) -> tensor<4x4x4xf32>
    return %16 : tensor<4x4x4xf32>
  }
  func.func private @shardy_mpmdfwd(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@empty_mesh, [{}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@empty_mesh, [{}, {}]>}, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@empty_mesh, [{}, {}]>}) -> tensor<4x4xf32> {
    %0 = mpmd.named_computation<"s1"> (%arg2, %arg0) (%arg3: tensor<4x8xf32>, %arg4: tensor<8x8xf32>) {
      %2 = sdy.sharding_constraint %arg3 <@mesh, [{"x"}, {}]> : tensor<4x8xf32>
      %3 = stablehlo.dot_general %2, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %4 = stablehlo.tanh %3 : tensor<4x8xf32>
      %5 = sdy.sharding_constraint %4 <@mesh, [{"x"}, {"y"}]> : tensor<4x8xf32>
      mpmd.return %5 : tensor<4x8xf32>
    } : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %1 = mpmd.named_computation<"s2"> (%0, %arg1) (%arg3: tensor<4x8xf32>, %arg4: tensor<8x4xf32>) {
      %2 = stablehlo.dot_general %arg3, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
      mpmd.return %2 : tensor<4x4xf32>
    } : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
    return %1 : tensor<4x4xf32>
  }
}
