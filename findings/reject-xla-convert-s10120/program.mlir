// Found by `shardref difftest --engines global,sharded,insert,shardy,xla,stablehlo --seed 10000` (seed 10120), minimized from 3 to 1 ops.
// reject: output_0.npy: expected tensor<bf16>, but the file holds dtype '<V2' with shape (1,): the shapes differ
// Signature: reject:xla:output_N.npy: expected tensor<bfN>, but the file holds dtype '<VN' with shape (N,): the shapes differ

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<f32>) -> (tensor<bf16> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = "stablehlo.convert"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<f32>) -> tensor<bf16>
  "func.return"(%v0) : (tensor<bf16>) -> ()
}
