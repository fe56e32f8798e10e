//! A generator of random, valid-by-construction sharded StableHLO + sdy
//! programs (issue #13).
//!
//! `generate(seed, &config)` returns the MLIR text of one module: an
//! `sdy.mesh @mesh` (`mesh`), and a `func.func @main` whose arguments and
//! results carry random shardings (`sharding`) and whose body is a sequence
//! of well-typed ops (`ops`) drawn from `config.ops`. The same seed and
//! config always give the same text; `generate_from_bytes` lets a fuzzer's
//! bytes steer the same choices, and `module_strategy` is the proptest
//! `Strategy` over seeds.
//!
//! Invariants: every module parses and verifies (the tests in
//! `tests/generator.rs` check seeds 0..200 with shardref's parser, verifier and
//! interpreter); the generator never panics on any seed, bytes or config.

pub mod check;
pub mod mesh;
pub mod ops;
pub mod rng;
pub mod sharding;
pub mod types;

use mesh::Mesh;
use ops::Builder;
pub use ops::{ALL_OPS, GenOp};
use rng::Rng;
use sharding::{Freedom, Sharding};

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenConfig {
    /// The most ops drawn for the body (each draw may emit a helper constant too).
    pub max_ops: usize,
    /// The op kinds to draw from (all when empty).
    pub ops: Vec<GenOp>,
    /// Whether shardings may use sub-axes (`"x":(1)2`).
    pub sub_axes: bool,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig { max_ops: 8, ops: ALL_OPS.to_vec(), sub_axes: true }
    }
}

impl GenConfig {
    /// Parses an `--ops` list: comma-separated names of `GenOp`s.
    pub fn parse_ops(list: &str) -> Result<Vec<GenOp>, String> {
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                GenOp::parse(s).ok_or_else(|| {
                    let known: Vec<&str> = ALL_OPS.iter().map(|o| o.name()).collect();
                    format!("unknown op kind '{s}' (known: {})", known.join(", "))
                })
            })
            .collect()
    }
}

/// The module of `seed`.
pub fn generate(seed: u64, config: &GenConfig) -> String {
    build(&mut Rng::new(seed), config)
}

/// A generated module with the choices that built it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub text: String,
    /// Every choice drawn, in order (zeros past the end of a replayed sequence included).
    pub choices: Vec<u64>,
    /// Where each top-level op's choices start, then where the results' start.
    pub marks: Vec<usize>,
}

/// The module of `seed` and the choices that built it (for `replay`).
pub fn generate_recorded(seed: u64, config: &GenConfig) -> Recorded {
    record(Rng::new(seed), config)
}

/// The module that a recorded (possibly shrunk) choice sequence builds.
pub fn replay(choices: &[u64], config: &GenConfig) -> Recorded {
    record(Rng::replay(choices.to_vec()), config)
}

fn record(mut rng: Rng, config: &GenConfig) -> Recorded {
    let text = build(&mut rng, config);
    Recorded { text, choices: rng.choices().to_vec(), marks: rng.marks().to_vec() }
}

/// The module that `bytes` steer (the `arbitrary`-style entry point).
pub fn generate_from_bytes(bytes: &[u8], config: &GenConfig) -> String {
    build(&mut Rng::from_bytes(bytes), config)
}

/// A proptest strategy over generated modules: `(seed, text)`.
pub fn module_strategy(config: GenConfig) -> impl proptest::strategy::Strategy<Value = (u64, String)> {
    use proptest::strategy::Strategy;
    proptest::num::u64::ANY.prop_map(move |seed| (seed, generate(seed, &config)))
}

fn build(rng: &mut Rng, config: &GenConfig) -> String {
    let mesh = Mesh::random(rng);
    let ops: Vec<GenOp> = if config.ops.is_empty() { ALL_OPS.to_vec() } else { config.ops.clone() };
    let n = 1 + rng.below(config.max_ops.max(1));
    let mut b = Builder::new(rng, &mesh);
    b.sub_axes = config.sub_axes;
    for _ in 0..n {
        b.rng.mark();
        let op = *b.rng.pick(&ops);
        b.build(op);
    }
    if b.pool.is_empty() {
        // Only sharding groups were drawn and nothing existed to group: return an argument.
        let d = types::Dtype::random(b.rng);
        let ty = types::TensorTy::random(b.rng, d);
        b.new_arg(ty);
    }
    b.rng.mark();
    // Results: the last value, and sometimes a few earlier ones.
    let mut results = vec![b.pool.len() - 1];
    for _ in 0..b.rng.below(3) {
        let i = b.rng.below(b.pool.len());
        if !results.contains(&i) {
            results.push(i);
        }
    }
    let mut text = String::new();
    text.push_str(&mesh.declaration("mesh"));
    text.push_str("\n\n");
    let args: Vec<String> = b
        .args
        .iter()
        .map(|(v, s)| match s {
            Some(s) => format!("{}: {} {{sdy.sharding = {}}}", v.name, v.ty, s.attr(&mesh, "mesh")),
            None => format!("{}: {}", v.name, v.ty),
        })
        .collect();
    let mut res_tys = Vec::new();
    let mut res_names = Vec::new();
    let mut res_sig = Vec::new();
    for &i in &results {
        let v = b.pool[i].clone();
        let sig = if b.rng.chance(60) {
            let s = Sharding::random(b.rng, &mesh, v.ty.rank(), Freedom::Open, config.sub_axes);
            format!("{} {{sdy.sharding = {}}}", v.ty, s.attr(&mesh, "mesh"))
        } else {
            v.ty.to_string()
        };
        res_sig.push(sig);
        res_tys.push(v.ty.to_string());
        res_names.push(v.name);
    }
    text.push_str(&format!("func.func @main({}) -> ({}) {{\n", args.join(", "), res_sig.join(", ")));
    for l in &b.lines {
        text.push_str("  ");
        text.push_str(l);
        text.push('\n');
    }
    text.push_str(&format!("  \"func.return\"({}) : ({}) -> ()\n}}\n", res_names.join(", "), res_tys.join(", ")));
    for h in &b.helpers {
        text.push('\n');
        text.push_str(h);
    }
    text
}
