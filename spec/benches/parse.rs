//! Parse throughput, in bytes per second, on three kinds of input shaped like
//! what JAX prints: hex-blob constants, decimal-list constants, and programs
//! of many small ops. Set `SHARDREF_BENCH_FILES` to a colon-separated list of
//! extra files to measure (for example the largest files of a corpus).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::fmt::Write;
use std::hint::black_box;

/// A module of `n` constants of `len` f32 elements written as hex blobs.
fn hex_constants(n: usize, len: usize) -> String {
    let mut s = String::from("func.func @main() {\n");
    for i in 0..n {
        let mut hex = String::with_capacity(len * 8);
        for j in 0..len {
            let v = ((i * 31 + j) as f32 * 0.37).sin();
            for b in v.to_le_bytes() {
                write!(hex, "{b:02X}").unwrap();
            }
        }
        writeln!(s, "  %c{i} = stablehlo.constant dense<\"0x{hex}\"> : tensor<{len}xf32>").unwrap();
    }
    s.push_str("  return\n}\n");
    s
}

/// A module of `n` constants of `rows`×`cols` f32 elements written as nested decimal lists.
fn list_constants(n: usize, rows: usize, cols: usize) -> String {
    let mut s = String::from("func.func @main() {\n");
    for i in 0..n {
        let mut lit = String::from("[");
        for r in 0..rows {
            lit.push_str(if r == 0 { "[" } else { ", [" });
            for c in 0..cols {
                let v = ((i + r * cols + c) as f32 * 0.37).sin();
                if c > 0 {
                    lit.push_str(", ");
                }
                write!(lit, "{v:.6e}").unwrap();
            }
            lit.push(']');
        }
        lit.push(']');
        writeln!(s, "  %c{i} = stablehlo.constant dense<{lit}> : tensor<{rows}x{cols}xf32>").unwrap();
    }
    s.push_str("  return\n}\n");
    s
}

/// A function of `n` small generic-form ops in a dependency chain.
fn many_ops(n: usize) -> String {
    let mut s = String::from(
        "func.func @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {\n  %v0 = \"stablehlo.abs\"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>\n",
    );
    for i in 1..n {
        writeln!(
            s,
            "  %v{i} = \"stablehlo.add\"(%v{}, %arg0) {{attr = array<i64: 1, 0>}} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>",
            i - 1
        )
        .unwrap();
    }
    writeln!(s, "  return %v{} : tensor<4x8xf32>\n}}", n - 1).unwrap();
    s
}

fn bench(c: &mut Criterion) {
    let mut inputs = vec![
        ("hex_constants_4MB", hex_constants(16, 32 * 1024)),
        ("decimal_list_constants_4MB", list_constants(16, 128, 160)),
        ("many_small_ops", many_ops(20_000)),
    ];
    if let Ok(files) = std::env::var("SHARDREF_BENCH_FILES") {
        for f in files.split(':').filter(|f| !f.is_empty()) {
            let text = std::fs::read_to_string(f).expect("bench file");
            let name: &'static str = Box::leak(f.rsplit('/').next().unwrap_or(f).to_string().into_boxed_str());
            inputs.push((name, text));
        }
    }
    let mut group = c.benchmark_group("parse");
    group.sample_size(10);
    for (name, text) in &inputs {
        shardref_spec::parse(name, text).unwrap_or_else(|r| panic!("bench input {name} does not parse:\n{r}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(*name, |b| b.iter(|| shardref_spec::parse("bench.mlir", black_box(text)).is_ok()));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
