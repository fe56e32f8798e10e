//! The typed kernels (`ops::monoid`, `crate::body`) compute what the region bodies compute op by
//! op, bit for bit: random programs of reduce, reduce_window (cumulative windows included),
//! scatter, sort and multi-operand reduce over every plain element type, with inputs full of
//! special values (NaN of both signs and several payloads, ±0, ±inf, subnormals, integer
//! minima and maxima), run once with the body as written (recognized: typed kernel) and once
//! with the same body behind an identity `convert` (not recognized: the region runs per
//! element).

use proptest::prelude::*;
use shardref_interp::Limits;
use shardref_interp::value::{Buffer, Repr, Tensor, Value};
use shardref_spec::ir::ElemType;

/// Element types: MLIR name, whether float, byte width.
const TYPES: &[(&str, bool, usize)] = &[
    ("f32", true, 4),
    ("f64", true, 8),
    ("bf16", true, 2),
    ("f16", true, 2),
    ("i8", false, 1),
    ("i16", false, 2),
    ("i32", false, 4),
    ("i64", false, 8),
    ("ui8", false, 1),
    ("ui32", false, 4),
    ("i1", false, 1),
];

fn elem(name: &str) -> ElemType {
    use shardref_spec::ir::{FloatKind, Signedness};
    let int = |width, signedness| ElemType::Int { width, signedness };
    match name {
        "f32" => ElemType::F32,
        "f64" => ElemType::F64,
        "bf16" => ElemType::Float(FloatKind::BF16),
        "f16" => ElemType::Float(FloatKind::F16),
        "i1" => ElemType::I1,
        "ui8" => int(8, Signedness::Unsigned),
        "ui32" => int(32, Signedness::Unsigned),
        other => int(other[1..].parse().expect("a width"), Signedness::Signless),
    }
}

/// Random bits for one element of `width` bytes, special values often.
fn element_bits(x: &mut u64, float: bool, width: usize) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    let r = *x;
    let bits = width * 8;
    let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let sign = 1u64 << (bits - 1);
    let pick = (r >> 3) % 12;
    let v = if float {
        let (exp_bits, man_bits) = match width {
            2 if pick % 2 == 0 => (8, 7), // bf16-like and f16-like patterns both occur for 2 bytes
            2 => (5, 10),
            4 => (8, 23),
            _ => (11, 52),
        };
        let exp_mask = ((1u64 << exp_bits) - 1) << man_bits;
        match r % 16 {
            0 => exp_mask | (r >> 20) & ((1u64 << man_bits) - 1) | 1, // NaN, some payload
            1 => exp_mask,                                            // +inf
            2 => 0,                                                   // +0
            3 => sign,                                                // -0
            4 => (r >> 11) & ((1u64 << man_bits) - 1),                // subnormal
            5 => exp_mask | sign | (1u64 << (man_bits - 1)),          // -NaN
            6 => exp_mask | sign,                                     // -inf
            // Small integers (ties and exact sums), then anything.
            7 | 8 => {
                let v = ((r >> 9) % 7) as f64 - 3.0;
                match width {
                    2 if pick % 2 == 0 => half::bf16::from_f64(v).to_bits() as u64,
                    2 => half::f16::from_f64(v).to_bits() as u64,
                    4 => (v as f32).to_bits() as u64,
                    _ => v.to_bits(),
                }
            }
            _ => r >> 7,
        }
    } else {
        match r % 8 {
            0 => sign,     // minimum
            1 => sign - 1, // maximum
            2 => 0,
            3 => mask,         // -1
            4 => (r >> 9) % 5, // small
            _ => r >> 11,
        }
    };
    v & mask
}

/// A tensor of `shape` and element type `name` with random elements from `seed`.
fn tensor(name: &str, shape: &[usize], seed: u64) -> Tensor {
    let (_, float, width) = *TYPES.iter().find(|t| t.0 == name).expect("a known type");
    let e = elem(name);
    let n: usize = shape.iter().product();
    let mut x = seed | 1;
    let repr = Repr::of(&e).expect("a representation");
    let buf = if repr == Repr::Bool {
        Buffer::Bool((0..n).map(|_| element_bits(&mut x, false, 1) & 1 == 1).collect())
    } else {
        let mut bytes = Vec::with_capacity(n * width);
        for _ in 0..n {
            let b = element_bits(&mut x, float, width);
            bytes.extend_from_slice(&b.to_le_bytes()[..width]);
        }
        Buffer::from_le_bytes(repr, &bytes)
    };
    Tensor::new(shape.to_vec(), e, buf)
}

fn ty(name: &str, shape: &[usize]) -> String {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    if dims.is_empty() { format!("tensor<{name}>") } else { format!("tensor<{}x{name}>", dims.join("x")) }
}

/// A body of `ops` over scalar arguments `names`; with `opaque`, the first argument goes
/// through an identity convert first (so no fast path recognizes the body).
fn body(args: &[(&str, &str)], lines: &[String], ret: &str, ret_ty: &str, opaque: bool) -> String {
    let params: Vec<String> = args.iter().map(|(n, t)| format!("%{n}: tensor<{t}>")).collect();
    let mut text = format!("  ^bb0({}):\n", params.join(", "));
    let mut lines = lines.to_vec();
    if opaque {
        let (n, t) = args[0];
        text += &format!("    %opaque = stablehlo.convert %{n} : (tensor<{t}>) -> tensor<{t}>\n");
        lines = lines
            .iter()
            .map(|l| l.replace(&format!("%{n},"), "%opaque,").replace(&format!("%{n} "), "%opaque "))
            .collect();
    }
    for l in lines {
        text += &format!("    {l}\n");
    }
    text += &format!("    stablehlo.return {ret} : {ret_ty}\n");
    text
}

fn run(text: &str, inputs: Vec<Tensor>) -> Result<Vec<Vec<u8>>, String> {
    let m = shardref_spec::parse("typed.mlir", text).unwrap_or_else(|e| panic!("{text}\n{e:?}"));
    let out = shardref_interp::run(&m, "main", inputs.into_iter().map(Value::Tensor).collect(), Limits::default())
        .map_err(|e| e.to_string())?;
    Ok(out
        .results
        .iter()
        .map(|v| match v {
            Value::Tensor(t) => t.buf.to_le_bytes(),
            other => panic!("not a tensor: {other:?}"),
        })
        .collect())
}

/// Runs the program both ways (`make(opaque)`) and compares every result bit.
fn both_ways(make: impl Fn(bool) -> String, inputs: Vec<Tensor>) -> Result<(), TestCaseError> {
    let (fast, slow) = (make(false), make(true));
    let a = run(&fast, inputs.clone());
    let b = run(&slow, inputs);
    prop_assert_eq!(a, b, "{}", fast);
    Ok(())
}

const MONOIDS: &[&str] = &["add", "multiply", "maximum", "minimum", "and", "or", "xor"];

fn monoid_ok(op: &str, name: &str) -> bool {
    let float = TYPES.iter().any(|t| t.0 == name && t.1);
    !(float && matches!(op, "and" | "or" | "xor"))
}

fn shape() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(prop_oneof![1usize..5, 1usize..12, Just(0usize)], 1..4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn reduce_with_a_monoid_body(t in 0..TYPES.len(), op in 0..MONOIDS.len(), shape in shape(),
                                 dmask in 1u32..8, seed in any::<u64>()) {
        let (name, op) = (TYPES[t].0, MONOIDS[op]);
        prop_assume!(monoid_ok(op, name));
        let dims: Vec<usize> = (0..shape.len()).filter(|d| dmask >> d & 1 == 1).collect();
        prop_assume!(!dims.is_empty());
        let out: Vec<usize> = (0..shape.len()).filter(|d| !dims.contains(d)).map(|d| shape[d]).collect();
        let x = tensor(name, &shape, seed);
        let init = tensor(name, &[], seed ^ 0x5555);
        let ds: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
        both_ways(|opaque| format!(
            "func.func @main(%x: {tx}, %i: {ti}) -> {to} {{\n  %r = \"stablehlo.reduce\"(%x, %i) <{{dimensions = array<i64: {ds}>}}> ({{\n{b}  }}) : ({tx}, {ti}) -> {to}\n  func.return %r : {to}\n}}\n",
            tx = ty(name, &shape), ti = ty(name, &[]), to = ty(name, &out), ds = ds.join(", "),
            b = body(&[("a", name), ("b", name)], &[format!("%r = stablehlo.{op} %a, %b : tensor<{name}>")], "%r", &format!("tensor<{name}>"), opaque)),
            vec![x, init])?;
    }

    #[test]
    fn reduce_window_with_a_monoid_body(t in 0..TYPES.len(), op in 0..MONOIDS.len(), shape in shape(),
                                        win in prop::collection::vec((1usize..4, 1usize..3, 0i64..3, 0i64..3, 1usize..3, 1usize..3), 3),
                                        cumulative in any::<bool>(), seed in any::<u64>()) {
        let (name, op) = (TYPES[t].0, MONOIDS[op]);
        prop_assume!(monoid_ok(op, name));
        let r = shape.len();
        // A window per dimension, or JAX's cumulative window along the last dimension.
        let mut w: Vec<(usize, usize, i64, i64, usize, usize)> = win[..r].to_vec();
        if cumulative {
            for (d, x) in w.iter_mut().enumerate() {
                *x = if d == r - 1 && shape[d] > 0 { (shape[d], 1, shape[d] as i64 - 1, 0, 1, 1) } else { (1, 1, 0, 0, 1, 1) };
            }
        }
        let out: Vec<usize> = (0..r).map(|d| {
            let (wd, s, lo, hi, bd, wdil) = w[d];
            let base = if shape[d] == 0 { 0 } else { (shape[d] - 1) * bd + 1 } as i64 + lo + hi;
            let win = ((wd - 1) * wdil + 1) as i64;
            if base < win { 0 } else { ((base - win) / s as i64 + 1) as usize }
        }).collect();
        let list = |f: &dyn Fn(&(usize, usize, i64, i64, usize, usize)) -> String| w.iter().map(f).collect::<Vec<_>>().join(", ");
        let attrs = format!(
            "window_dimensions = array<i64: {}>, window_strides = array<i64: {}>, base_dilations = array<i64: {}>, window_dilations = array<i64: {}>, padding = dense<[{}]> : tensor<{r}x2xi64>",
            list(&|x| x.0.to_string()), list(&|x| x.1.to_string()), list(&|x| x.4.to_string()), list(&|x| x.5.to_string()),
            list(&|x| format!("[{}, {}]", x.2, x.3)));
        let x = tensor(name, &shape, seed);
        let init = tensor(name, &[], seed ^ 0x5555);
        both_ways(|opaque| format!(
            "func.func @main(%x: {tx}, %i: {ti}) -> {to} {{\n  %r = \"stablehlo.reduce_window\"(%x, %i) <{{{attrs}}}> ({{\n{b}  }}) : ({tx}, {ti}) -> {to}\n  func.return %r : {to}\n}}\n",
            tx = ty(name, &shape), ti = ty(name, &[]), to = ty(name, &out),
            b = body(&[("a", name), ("b", name)], &[format!("%r = stablehlo.{op} %a, %b : tensor<{name}>")], "%r", &format!("tensor<{name}>"), opaque)),
            vec![x, init])?;
    }

    #[test]
    fn scatter_with_a_monoid_body(t in 0..TYPES.len(), op in 0..MONOIDS.len(), rows in 1usize..9, cols in 1usize..6,
                                  updates in 1usize..12, seed in any::<u64>()) {
        let (name, op) = (TYPES[t].0, MONOIDS[op]);
        prop_assume!(monoid_ok(op, name));
        let x = tensor(name, &[rows, cols], seed);
        let u = tensor(name, &[updates, cols], seed ^ 0x777);
        // Row indices, some repeated and some out of range (dropped).
        let idx: Vec<i32> = (0..updates).map(|k| ((seed >> (k % 60)) as i32 % (rows as i32 + 2)) - 1).collect();
        let ids = Tensor::new(vec![updates, 1], ElemType::I32, Buffer::I32(idx.into()));
        both_ways(|opaque| format!(
            "func.func @main(%x: {tx}, %i: tensor<{updates}x1xi32>, %u: {tu}) -> {tx} {{\n  %r = \"stablehlo.scatter\"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{\n{b}  }}) : ({tx}, tensor<{updates}x1xi32>, {tu}) -> {tx}\n  func.return %r : {tx}\n}}\n",
            tx = ty(name, &[rows, cols]), tu = ty(name, &[updates, cols]),
            b = body(&[("a", name), ("b", name)], &[format!("%r = stablehlo.{op} %a, %b : tensor<{name}>")], "%r", &format!("tensor<{name}>"), opaque)),
            vec![x, ids, u])?;
    }

    #[test]
    fn sort_with_compiled_comparators(t in 0..TYPES.len(), rows in 1usize..5, len in 0usize..70,
                                      dir in 0usize..4, total in any::<bool>(), jax in any::<bool>(),
                                      stable in any::<bool>(), pair in any::<bool>(), seed in any::<u64>()) {
        let name = TYPES[t].0;
        let float = TYPES[t].1;
        let d = ["LT", "GT", "LE", "GE"][dir];
        let shape = [rows, len];
        let x = tensor(name, &shape, seed);
        let s = ty(name, &[]);
        let cmp_ty = if float { if total { ", TOTALORDER" } else { ", FLOAT" } } else { "" };
        // JAX's float comparator: -0 as 0, every NaN as one NaN, then the comparison.
        let lines: Vec<String> = if jax && float {
            let zero = "0.0";
            vec![
                format!("%z = stablehlo.constant dense<{zero}> : {s}"),
                format!("%n = stablehlo.constant dense<0x7FC00000> : tensor<f32>"),
                format!("%ea = stablehlo.compare EQ, %a, %z, FLOAT : ({s}, {s}) -> tensor<i1>"),
                format!("%sa = stablehlo.select %ea, %z, %a : tensor<i1>, {s}"),
                format!("%na = stablehlo.compare NE, %a, %a, FLOAT : ({s}, {s}) -> tensor<i1>"),
                format!("%ka = stablehlo.select %na, %z, %sa : tensor<i1>, {s}"),
                format!("%eb = stablehlo.compare EQ, %b, %z, FLOAT : ({s}, {s}) -> tensor<i1>"),
                format!("%sb = stablehlo.select %eb, %z, %b : tensor<i1>, {s}"),
                format!("%nb = stablehlo.compare NE, %b, %b, FLOAT : ({s}, {s}) -> tensor<i1>"),
                format!("%kb = stablehlo.select %nb, %z, %sb : tensor<i1>, {s}"),
                format!("%r = stablehlo.compare {d}, %ka, %kb{cmp_ty} : ({s}, {s}) -> tensor<i1>"),
            ]
        } else {
            vec![format!("%r = stablehlo.compare {d}, %a, %b{cmp_ty} : ({s}, {s}) -> tensor<i1>")]
        };
        let lines: Vec<String> = lines.into_iter().filter(|l| !l.starts_with("%n =")).collect();
        let tx = ty(name, &shape);
        let ti = ty("i32", &shape);
        let iota = Tensor::new(shape.to_vec(), ElemType::I32, Buffer::I32((0..rows * len).map(|k| (k % len.max(1)) as i32).collect()));
        let mut args = vec![("a", name), ("b", name)];
        if pair {
            args.extend([("c", "i32"), ("e", "i32")]);
        }
        let (operands, tys, rets) = if pair {
            (format!("%x, %i"), format!("{tx}, {ti}"), format!("{tx}, {ti}"))
        } else {
            ("%x".to_string(), tx.clone(), tx.clone())
        };
        let results = if pair { "%r:2" } else { "%r" };
        let returned = if pair { "%r#0, %r#1" } else { "%r" };
        let mut inputs = vec![x];
        if pair {
            inputs.push(iota);
        }
        both_ways(|opaque| format!(
            "func.func @main(%x: {tx}, %i: {ti}) -> ({rets}) {{\n  {results} = \"stablehlo.sort\"({operands}) <{{dimension = 1 : i64, is_stable = {stable}}}> ({{\n{b}  }}) : ({tys}) -> ({rets})\n  func.return {returned} : {rets}\n}}\n",
            b = body(&args, &lines, "%r", "tensor<i1>", opaque)),
            if pair { inputs } else { vec![inputs.remove(0), Tensor::new(shape.to_vec(), ElemType::I32, Buffer::I32(vec![0; rows * len].into()))] })?;
    }

    #[test]
    fn argmax_reduce_with_a_compiled_body(t in 0..TYPES.len(), shape in shape(), dmask in 1u32..8, seed in any::<u64>()) {
        let name = TYPES[t].0;
        prop_assume!(name != "i1");
        let float = TYPES[t].1;
        let dims: Vec<usize> = (0..shape.len()).filter(|d| dmask >> d & 1 == 1).collect();
        prop_assume!(!dims.is_empty());
        let out: Vec<usize> = (0..shape.len()).filter(|d| !dims.contains(d)).map(|d| shape[d]).collect();
        let x = tensor(name, &shape, seed);
        let n: usize = shape.iter().product();
        let idx = Tensor::new(shape.clone(), ElemType::I32, Buffer::I32((0..n as i32).collect()));
        let init = tensor(name, &[], seed ^ 0x5555);
        let i0 = Tensor::new(vec![], ElemType::I32, Buffer::I32(vec![0].into()));
        let s = ty(name, &[]);
        let ct = if float { ", FLOAT" } else { "" };
        // JAX's argmax reducer.
        let lines = vec![
            format!("%g = stablehlo.compare GT, %a, %c{ct} : ({s}, {s}) -> tensor<i1>"),
            format!("%nn = stablehlo.compare NE, %a, %a{ct} : ({s}, {s}) -> tensor<i1>"),
            "%p = stablehlo.or %g, %nn : tensor<i1>".to_string(),
            format!("%q = stablehlo.compare EQ, %a, %c{ct} : ({s}, {s}) -> tensor<i1>"),
            "%l = stablehlo.compare LT, %b, %e, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>".to_string(),
            "%ql = stablehlo.and %q, %l : tensor<i1>".to_string(),
            "%pq = stablehlo.or %p, %ql : tensor<i1>".to_string(),
            format!("%v = stablehlo.select %p, %a, %c : tensor<i1>, {s}"),
            "%w = stablehlo.select %pq, %b, %e : tensor<i1>, tensor<i32>".to_string(),
        ];
        let ds: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
        both_ways(|opaque| format!(
            "func.func @main(%x: {tx}, %k: {tk}, %i: {s}, %j: tensor<i32>) -> ({to}, {tko}) {{\n  %r:2 = \"stablehlo.reduce\"(%x, %k, %i, %j) <{{dimensions = array<i64: {ds}>}}> ({{\n{b}  }}) : ({tx}, {tk}, {s}, tensor<i32>) -> ({to}, {tko})\n  func.return %r#0, %r#1 : {to}, {tko}\n}}\n",
            tx = ty(name, &shape), tk = ty("i32", &shape), to = ty(name, &out), tko = ty("i32", &out), ds = ds.join(", "),
            b = body(&[("a", name), ("b", "i32"), ("c", name), ("e", "i32")], &lines, "%v, %w", &format!("{s}, tensor<i32>"), opaque)),
            vec![x, idx, init, i0])?;
    }
}
