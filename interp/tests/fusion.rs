//! Fused elementwise groups (`shardref_interp::fusion`, `ops::fused`) compute what the ops
//! compute one by one, bit for bit: random programs of f32 elementwise ops, splat constants,
//! iotas and parameters over tensors large enough to fuse, with values leaving the group through
//! the return and through a later non-fusible op, run fused and unfused.

use proptest::prelude::*;
use shardref_interp::Limits;
use shardref_interp::eval::run_with_host_fusing;
use shardref_interp::fusion::Fusion;
use shardref_interp::value::{Buffer, Tensor, Value};
use shardref_spec::ir::ElemType;

const UNARY: &[&str] = &[
    "negate",
    "abs",
    "sign",
    "sqrt",
    "rsqrt",
    "cbrt",
    "exponential",
    "exponential_minus_one",
    "log",
    "log_plus_one",
    "logistic",
    "sine",
    "cosine",
    "tan",
    "tanh",
    "floor",
    "ceil",
    "round_nearest_afz",
    "round_nearest_even",
];
const BINARY: &[&str] = &["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "power", "atan2"];
/// Splat values, special ones included (as MLIR hex literals: exact bits).
const SPLATS: &[u32] =
    &[0x0000_0000, 0x8000_0000, 0x3f80_0000, 0xbfc0_0000, 0x7f80_0000, 0x7fc0_0000, 0x0000_0001, 0x4b80_0001];
/// Shapes of at least `fusion::MIN_ELEMENTS` elements; the second is not a multiple of a task,
/// and the last ends in a strip of four whole blocks and a shorter one (`ops::fused::run`).
const SHAPES: &[&[usize]] = &[&[256, 256], &[3, 130, 170], &[65537], &[5, 13, 1300]];

#[derive(Clone, Debug)]
enum Op {
    Splat(usize),
    Iota(usize),
    Unary(usize, usize),
    Binary(usize, usize, usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..SPLATS.len()).prop_map(Op::Splat),
        (0usize..3).prop_map(Op::Iota),
        (0..UNARY.len(), any::<usize>()).prop_map(|(k, a)| Op::Unary(k, a)),
        (0..BINARY.len(), any::<usize>(), any::<usize>()).prop_map(|(k, a, b)| Op::Binary(k, a, b)),
        (0..BINARY.len(), any::<usize>(), any::<usize>()).prop_map(|(k, a, b)| Op::Binary(k, a, b)),
    ]
}

/// The program's text and how many of its ops are elementwise.
fn program(shape: &[usize], params: usize, ops: &[Op], returned: &[usize], reshaped: usize) -> (String, usize) {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let ty = format!("tensor<{}xf32>", dims.join("x"));
    let n: usize = shape.iter().product();
    let mut text = String::new();
    let args: Vec<String> = (0..params).map(|i| format!("%v{i}: {ty}")).collect();
    let total = params + ops.len();
    let rets: Vec<usize> = returned.iter().map(|r| r % total).collect();
    let mut ret_tys: Vec<String> = rets.iter().map(|_| ty.clone()).collect();
    ret_tys.push(format!("tensor<{n}xf32>"));
    text += &format!("func.func @main({}) -> ({}) {{\n", args.join(", "), ret_tys.join(", "));
    let mut elementwise = 0;
    for (j, o) in ops.iter().enumerate() {
        let v = params + j;
        // Operands refer to earlier values; the first op with none to refer to is a splat.
        let pick = |a: usize| if v == 0 { None } else { Some(a % v) };
        let line = match (o, pick(0)) {
            (Op::Splat(s), _) | (Op::Unary(s, _) | Op::Binary(s, _, _), None) => {
                format!("%v{v} = stablehlo.constant dense<0x{:08X}> : {ty}", SPLATS[s % SPLATS.len()])
            }
            (Op::Iota(d), _) => format!("%v{v} = stablehlo.iota dim = {} : {ty}", d % shape.len()),
            (Op::Unary(k, a), Some(_)) => {
                elementwise += 1;
                format!("%v{v} = stablehlo.{} %v{} : {ty}", UNARY[*k], pick(*a).unwrap_or(0))
            }
            (Op::Binary(k, a, b), Some(_)) => {
                elementwise += 1;
                format!(
                    "%v{v} = stablehlo.{} %v{}, %v{} : {ty}",
                    BINARY[*k],
                    pick(*a).unwrap_or(0),
                    pick(*b).unwrap_or(0)
                )
            }
        };
        text += &format!("  {line}\n");
    }
    let r = reshaped % total;
    text += &format!("  %flat = stablehlo.reshape %v{r} : ({ty}) -> tensor<{n}xf32>\n");
    let mut names: Vec<String> = rets.iter().map(|r| format!("%v{r}")).collect();
    names.push("%flat".into());
    text += &format!("  func.return {} : {}\n}}\n", names.join(", "), ret_tys.join(", "));
    (text, elementwise)
}

/// A parameter's values: a spread of magnitudes, signs and special values, from `seed`.
fn input(shape: &[usize], seed: u64) -> Value {
    let n: usize = shape.iter().product();
    let mut x = seed | 1;
    let vals: Vec<f32> = (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            match x % 16 {
                0 => f32::from_bits((x >> 20) as u32),
                1 => [0.0, -0.0, f32::INFINITY, f32::NEG_INFINITY, f32::NAN, 0.5, -1.5][(x >> 8) as usize % 7],
                _ => ((x >> 11) as f64 / (1u64 << 53) as f64 * 20.0 - 10.0) as f32,
            }
        })
        .collect();
    Value::Tensor(Tensor::new(shape.to_vec(), ElemType::F32, Buffer::F32(vals.into())))
}

fn bits(vs: &[Value]) -> Vec<Vec<u8>> {
    vs.iter()
        .map(|v| match v {
            Value::Tensor(t) => t.buf.to_le_bytes(),
            other => panic!("not a tensor: {other:?}"),
        })
        .collect()
}

/// The result bits of `@main` fused and op by op, on `params` random inputs from `seed`.
fn both_ways(m: &shardref_spec::ir::Module, shape: &[usize], params: usize, seed: u64) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let inputs: Vec<Value> = (0..params).map(|i| input(shape, seed.wrapping_add(i as u64))).collect();
    let limits = Limits::default();
    let fused = run_with_host_fusing(m, "main", inputs.clone(), limits, None, true).unwrap();
    let alone = run_with_host_fusing(m, "main", inputs, limits, None, false).unwrap();
    (bits(&fused.results), bits(&alone.results))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn fused_groups_compute_the_ops_bit_for_bit(
        shape in 0..SHAPES.len(),
        params in 0usize..3,
        ops in prop::collection::vec(op(), 2..12),
        returned in prop::collection::vec(any::<usize>(), 1..4),
        reshaped in any::<usize>(),
        seed in any::<u64>(),
    ) {
        let shape = SHAPES[shape];
        let (text, elementwise) = program(shape, params, &ops, &returned, reshaped);
        let m = shardref_spec::parse("fusion.mlir", &text).unwrap_or_else(|e| panic!("{text}\n{e:?}"));
        // Every op is fusible and consecutive: one group exactly when there is an elementwise op.
        prop_assert_eq!(Fusion::new(&m).len(), usize::from(elementwise > 0), "{}", text);
        let (fused, alone) = both_ways(&m, shape, params, seed);
        prop_assert_eq!(fused, alone, "{}", text);
    }
}

/// The group's ops are charged fuel and checked against the memory budget in order before it
/// runs: a run short of fuel fails at the same op, with the same error, fused or not.
#[test]
fn a_fused_group_runs_out_of_fuel_at_the_same_op() {
    let text = "func.func @main() -> tensor<256x256xf32> {
  %a = stablehlo.iota dim = 0 : tensor<256x256xf32>
  %b = stablehlo.constant dense<2.0> : tensor<256x256xf32>
  %c = stablehlo.multiply %a, %b : tensor<256x256xf32>
  %d = stablehlo.tanh %c : tensor<256x256xf32>
  func.return %d : tensor<256x256xf32>
}
";
    let m = shardref_spec::parse("fuel.mlir", text).unwrap();
    assert_eq!(Fusion::new(&m).len(), 1);
    // Enough for the iota, the constant and the multiply, not the tanh.
    let limits = Limits { fuel: 3 * 65536 + 10, ..Limits::default() };
    let fused = run_with_host_fusing(&m, "main", vec![], limits, None, true).unwrap_err();
    let alone = run_with_host_fusing(&m, "main", vec![], limits, None, false).unwrap_err();
    assert_eq!(fused.to_string(), alone.to_string());
    assert!(fused.to_string().contains("stablehlo.tanh"), "{fused}");
}

/// Reduce bodies a group absorbs, and one it does not (its body is not a single op).
const BODIES: &[&str] = &["add", "multiply", "maximum", "minimum"];

/// A group whose last value only a reduce over every dimension uses (after another op, as a
/// program's init constant usually sits between them): the group absorbs the reduce.
fn reduced_program(shape: &[usize], params: usize, ops: &[Op], returned: &[usize], body: usize, init: usize) -> String {
    let (text, _) = program(shape, params, ops, returned, 0);
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let ty = format!("tensor<{}xf32>", dims.join("x"));
    let last = params + ops.len() - 1;
    let total = params + ops.len();
    // Other results: any value but the reduced one (so that the reduce is its only user).
    let rets: Vec<usize> = returned.iter().map(|r| r % total).filter(|&r| r != last).collect();
    let mut lines: Vec<&str> = text.lines().collect();
    // Drop the reshape, the return and the closing brace of `program`'s text.
    lines.truncate(lines.len() - 3);
    let header = lines.remove(0);
    let args = &header[header.find('(').unwrap()..header.find(") ->").unwrap() + 1];
    let mut ret_tys: Vec<String> = rets.iter().map(|_| ty.clone()).collect();
    ret_tys.push("tensor<f32>".into());
    let mut out = format!("func.func @main{args} -> ({}) {{\n", ret_tys.join(", "));
    for l in lines {
        out += l;
        out += "\n";
    }
    // Every dimension, in reverse order (the inputs still fold in row-major order).
    let all: Vec<String> = (0..shape.len()).rev().map(|d| d.to_string()).collect();
    out += &format!("  %init = stablehlo.constant dense<0x{:08X}> : tensor<f32>\n", SPLATS[init % SPLATS.len()]);
    out += &format!("  %other = stablehlo.constant dense<1.0> : tensor<f32>\n");
    out += &format!(
        "  %red = stablehlo.reduce(%v{last} init: %init) applies stablehlo.{} across dimensions = [{}] : ({ty}, tensor<f32>) -> tensor<f32>\n",
        BODIES[body % BODIES.len()],
        all.join(", ")
    );
    let mut names: Vec<String> = rets.iter().map(|r| format!("%v{r}")).collect();
    names.push("%red".into());
    out += &format!("  func.return {} : {}\n}}\n", names.join(", "), ret_tys.join(", "));
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn an_absorbed_reduce_folds_in_the_reduce_order(
        shape in 0..SHAPES.len(),
        params in 0usize..3,
        ops in prop::collection::vec(op(), 2..8),
        returned in prop::collection::vec(any::<usize>(), 0..3),
        body in any::<usize>(),
        init in any::<usize>(),
        seed in any::<u64>(),
    ) {
        let shape = SHAPES[shape];
        let text = reduced_program(shape, params, &ops, &returned, body, init);
        let m = shardref_spec::parse("fold.mlir", &text).unwrap_or_else(|e| panic!("{text}\n{e:?}"));
        let fusion = Fusion::new(&m);
        let reduce = m.ops.iter().position(|o| o.name.to_string() == "stablehlo.reduce").unwrap();
        let absorbed = fusion.absorber_of(shardref_spec::ir::OpId(reduce as u32)).is_some();
        prop_assert_eq!(absorbed, fusion.len() == 1, "{}", text);
        let (fused, alone) = both_ways(&m, shape, params, seed);
        prop_assert_eq!(fused, alone, "{}", text);
    }
}

/// The absorbed reduce is charged its fuel at its own turn: a run with fuel for the group and
/// the constant but not for the reduce's elements fails at the reduce, fused or not; with enough
/// fuel both give the same sum, which the group computed without a buffer for its operand.
#[test]
fn an_absorbed_reduce_runs_out_of_fuel_at_the_reduce() {
    let text = "func.func @main() -> tensor<f32> {
  %a = stablehlo.iota dim = 1 : tensor<256x256xf32>
  %b = stablehlo.constant dense<0.5> : tensor<256x256xf32>
  %c = stablehlo.multiply %a, %b : tensor<256x256xf32>
  %z = stablehlo.constant dense<-0.0> : tensor<f32>
  %r = stablehlo.reduce(%c init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<f32>
  func.return %r : tensor<f32>
}
";
    let m = shardref_spec::parse("fold_fuel.mlir", text).unwrap();
    let fusion = Fusion::new(&m);
    assert_eq!(fusion.len(), 1);
    let reduce = m.ops.iter().position(|o| o.name.to_string() == "stablehlo.reduce").unwrap();
    assert!(fusion.absorber_of(shardref_spec::ir::OpId(reduce as u32)).is_some());
    let limits = Limits { fuel: 3 * 65536 + 10, ..Limits::default() };
    let fused = run_with_host_fusing(&m, "main", vec![], limits, None, true).unwrap_err();
    let alone = run_with_host_fusing(&m, "main", vec![], limits, None, false).unwrap_err();
    assert_eq!((fused.to_string(), fused.span), (alone.to_string(), alone.span));
    assert_eq!(fused.span, m.ops[reduce].span, "{fused}");
    let limits = Limits::default();
    let fused = run_with_host_fusing(&m, "main", vec![], limits, None, true).unwrap();
    let alone = run_with_host_fusing(&m, "main", vec![], limits, None, false).unwrap();
    assert_eq!(bits(&fused.results), bits(&alone.results));
    // 256 rows of 0.5 · (0 + 1 + … + 255).
    assert_eq!(
        bits(&fused.results),
        bits(&[Value::Tensor(Tensor::new(vec![], ElemType::F32, Buffer::F32(vec![256.0 * 0.5 * 32640.0].into())))])
    );
}
