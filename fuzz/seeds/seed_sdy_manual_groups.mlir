// Manual computations, sharding groups, sub-axes and explicit collectives
// over one mesh: the inputs the sdy rules and import-pass analyses read.

sdy.mesh @m = <["a"=2, "b"=4, "c"=2]>

func.func @main(%x: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a", "b":(1)2}, {"c"}], replicated={"b":(2)2}>},
                %y: tensor<16x8xf32>) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a"}, {}]>}) {
  sdy.sharding_group %x group_id = 1 : tensor<16x8xf32>
  sdy.sharding_group %y group_id = 1 : tensor<16x8xf32>
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{"a"}, {"c"}]>] out_shardings=[<@m, [{"a", "b"}, {"c"}]>] manual_axes={"a", "c"} (%l: tensor<8x4xf32>) {
    %1 = stablehlo.add %l, %l : tensor<8x4xf32>
    sdy.sharding_group %1 group_id = 2 : tensor<8x4xf32>
    sdy.return %1 : tensor<8x4xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %2 = sdy.all_gather [{"b"}, {}] %0 out_sharding=<@m, [{"a"}, {"c"}]> : tensor<16x8xf32>
  %3 = sdy.all_slice [{}, {"b"}] %2 out_sharding=<@m, [{"a"}, {"c", "b"}]> : tensor<16x8xf32>
  %4 = sdy.reshard %3 <@m, [{"a", ?}, {?}]> : tensor<16x8xf32>
  %5 = sdy.sharding_constraint %4 <@m, [{"a"}, {}]> : tensor<16x8xf32>
  return %5 : tensor<16x8xf32>
}
