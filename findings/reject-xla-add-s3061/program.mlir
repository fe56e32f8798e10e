// Found by `shardref difftest --engines global,insert,shardy,xla,stablehlo --seed 3000` (seed 3061), minimized from 9 to 1 ops.
// reject: xla_run.py: error: input 0 (arg_0.npy): shape [1], the argument is bf16[]
// Signature: reject:xla:error: input N (arg_N.npy): shape [N], the argument is bfN[]

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<bf16> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<bf16> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  %v0 = "stablehlo.add"(%arg0, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
  "func.return"(%v0) : (tensor<bf16>) -> ()
}
