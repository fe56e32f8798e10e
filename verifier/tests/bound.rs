//! The rounding bound propagated through every op (`equiv::bound`), on the
//! programs of `tests/bound/`:
//! - `sound.mlir`: each f32 function's run lies within its propagated radius
//!   of the exact value (its f64 twin's run) at every element with a finite
//!   radius, on seeded inputs that round (not the exactly summable ones of
//!   `equiv::inputs`), and most elements have a finite radius;
//! - `kinds.mlir`: which elements are unbounded (`+inf`: rounding alone may
//!   move them anywhere) and which unknown (NaN: an op with no rule on the
//!   way), as each function's `// RADII:` lines say.

use std::path::Path;

use shardref_interp::{Buffer, Limits, Tensor, Value};
use shardref_spec::ir::{ElemType, Type};
use shardref_verifier::equiv::{arg_types, bound, func_names, inputs::SplitMix};

fn load(name: &str) -> (shardref_spec::ir::Module, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bound").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    (shardref_spec::parse(name, &text).unwrap(), text)
}

/// f32 inputs that are not dyadic with few bits, so that sums and products round.
fn inputs(types: &[Type], rng: &mut SplitMix) -> Vec<f32> {
    let n: usize = types
        .iter()
        .map(|t| match t {
            Type::Tensor(tt) => tt.static_shape().unwrap().iter().product::<u64>() as usize,
            other => panic!("{other}"),
        })
        .sum();
    (0..n).map(|_| ((rng.next_u64() % 4001) as f32 - 2000.0) / 257.0).collect()
}

fn split(types: &[Type], flat: &[f32], wide: bool) -> Vec<Value> {
    let mut at = 0;
    types
        .iter()
        .map(|t| {
            let Type::Tensor(tt) = t else { unreachable!() };
            let shape: Vec<usize> = tt.static_shape().unwrap().iter().map(|&d| d as usize).collect();
            let n: usize = shape.iter().product();
            let part = &flat[at..at + n];
            at += n;
            Value::Tensor(if wide {
                Tensor::new(shape, ElemType::F64, Buffer::F64(part.iter().map(|&x| f64::from(x)).collect()))
            } else {
                Tensor::new(shape, ElemType::F32, Buffer::F32(part.into()))
            })
        })
        .collect()
}

fn f64s(v: &Value) -> Vec<f64> {
    match v {
        Value::Tensor(Tensor { buf: Buffer::F64(s), .. }) => s.to_vec(),
        Value::Tensor(Tensor { buf: Buffer::F32(s), .. }) => s.iter().map(|&x| f64::from(x)).collect(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_f32_run_lies_within_its_radius_of_the_exact_value() {
    let (m, _) = load("sound.mlir");
    for name in func_names(&m).into_iter().filter(|n| !n.ends_with("_f64")) {
        let (types, _) = arg_types(&m, &name).unwrap();
        let (mut finite, mut total, mut widest) = (0usize, 0usize, 0f64);
        for seed in 0..40u64 {
            let flat = inputs(&types, &mut SplitMix(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 7));
            let b = bound::propagate(&m, &name, split(&types, &flat, false), Limits::default())
                .unwrap_or_else(|e| panic!("@{name}: {e}"));
            let exact = shardref_interp::run(&m, &format!("{name}_f64"), split(&types, &flat, true), Limits::default())
                .unwrap()
                .results;
            for (i, ((y, r), e)) in b.results.iter().zip(&b.radii).zip(&exact).enumerate() {
                for (k, ((y, r), e)) in f64s(y).iter().zip(r).zip(f64s(e)).enumerate() {
                    total += 1;
                    if !r.is_finite() {
                        continue;
                    }
                    finite += 1;
                    let d = (y - e).abs();
                    assert!(d <= *r, "@{name} seed {seed} result {i} element {k}: |{y} - {e}| = {d} > radius {r}");
                    if *r > 0.0 {
                        widest = widest.max(d / r);
                    }
                }
            }
        }
        // The bound is not vacuous: nearly every element has one, and it is not absurdly wide
        // (the run uses more than a millionth of it somewhere).
        assert!(finite * 10 >= total * 9, "@{name}: {finite} of {total} elements have a finite radius");
        assert!(widest > 1e-6, "@{name}: the runs use at most {widest} of their radii");
    }
}

#[test]
fn unbounded_and_unknown_radii_are_told_apart() {
    let (m, text) = load("kinds.mlir");
    let mut expected: Vec<Vec<String>> = vec![];
    for line in text.lines() {
        if let Some(rest) = line.trim().strip_prefix("// RADII:") {
            expected.push(rest.split_whitespace().map(str::to_string).collect());
        }
        if let Some(rest) = line.trim().strip_prefix("func.func @") {
            let name = &rest[..rest.find('(').unwrap()];
            let (types, _) = arg_types(&m, name).unwrap();
            let flat = inputs(&types, &mut SplitMix(3));
            let b = bound::propagate(&m, name, split(&types, &flat, false), Limits::default()).unwrap();
            let got: Vec<Vec<String>> = b
                .radii
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|x| match x {
                            x if x.is_nan() => "unknown",
                            x if x.is_infinite() => "inf",
                            _ => "finite",
                        })
                        .map(str::to_string)
                        .collect()
                })
                .collect();
            assert_eq!(got, std::mem::take(&mut expected), "@{name}");
        }
    }
}
