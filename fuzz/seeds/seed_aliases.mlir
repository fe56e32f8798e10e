#loc1 = loc("f.py":3:7)
#map = {k = 1 : i64}
!t = tensor<4xf32>
func.func @a(%x: !t loc("arg"("f.py":1:1))) -> !t {
  %0 = "x.op"(%x) {m = #map} : (!t) -> !t loc(#loc1)
  return %0 : !t loc(callsite("g"(#loc1) at fused["a.py":1:2, unknown]))
}
