// Replicas that can diverge: a per-device random key (from the device id)
// makes values that a replicated out_sharding claims are the same everywhere.
sdy.mesh @mesh = <["x"=4]>

func.func @per_device_key(%arg0: tensor<2xui64> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<4xui32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<16xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  // expected-error @+1 {{[partial_replicas_diverge] result #0 of 'sdy.manual_computation' at 7:3 is device-varying (from 'stablehlo.partition_id' at 8:5) over "x", but its out_sharding replicates it (its replicas diverge)}}
  %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>, <@mesh, [{"x"}]>] manual_axes={"x"} (%key: tensor<2xui64>) {
    %pid = stablehlo.partition_id : tensor<ui32>
    %p = stablehlo.convert %pid : (tensor<ui32>) -> tensor<ui64>
    %b = stablehlo.broadcast_in_dim %p, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %k = stablehlo.add %key, %b : tensor<2xui64>
    %state, %bits = stablehlo.rng_bit_generator %k, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    // The same bits as a sharded result are fine: each device holds its own block.
    sdy.return %bits, %bits : tensor<4xui32>, tensor<4xui32>
  } : (tensor<2xui64>) -> (tensor<4xui32>, tensor<16xui32>)
  return %0#0, %0#1 : tensor<4xui32>, tensor<16xui32>
}
