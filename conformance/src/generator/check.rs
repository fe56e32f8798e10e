//! How far a generated module gets through shardref: parse, verify, a run
//! on the global interpreter, and a sharded run (inserting the reshards the
//! program leaves implicit) compared with the global one.
//!
//! `check` is what the generator's tests and `shardref gen --check` use; it
//! returns the first stage that fails with its message, never panics, and is
//! deterministic (inputs are `shardref_verifier::equiv`'s seeded draws).

use std::sync::Arc;

use shardref_interp::Limits;
use shardref_interp::devices::sharded::ImplicitReshards;
use shardref_spec::diag::Severity;
use shardref_spec::{Source, parse_source};
use shardref_verifier::equiv;

use crate::difftest::compare::{Judgement, judge};
use crate::engines::{Engine, GlobalEngine, Program, ShardedEngine};

/// The stages of `check`, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    Parse,
    Verify,
    RunGlobal,
    RunSharded,
}

/// The outcome of `check`: every stage passed, or the first failing stage and why.
pub type CheckResult = Result<(), (Stage, String)>;

/// Which sharded execution `check` compares with the global run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// Every op on local shards (the default execution).
    Local,
    /// Every op on global-shaped canvases (the independent second implementation).
    Canvas,
}

/// Checks `text` up to and including `last`, running sharded on local shards.
pub fn check(name: &str, text: &str, last: Stage) -> CheckResult {
    check_on(name, text, last, Path::Local)
}

/// Checks `text` up to and including `last`, running sharded on `path`.
pub fn check_on(name: &str, text: &str, last: Stage, path: Path) -> CheckResult {
    let source = Arc::new(Source { name: name.to_string(), text: text.to_string(), first_line: 1 });
    let m = parse_source(source.clone()).map_err(|r| (Stage::Parse, r.to_string()))?;
    if last == Stage::Parse {
        return Ok(());
    }
    let errors: Vec<String> = shardref_verifier::verify(&m)
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| shardref_spec::diag::render(&source, &[d]))
        .collect();
    if !errors.is_empty() {
        return Err((Stage::Verify, errors.join("")));
    }
    if last == Stage::Verify {
        return Ok(());
    }
    let (args, _) = equiv::arg_types(&m, "main").map_err(|e| (Stage::RunGlobal, e.message))?;
    let mut rng = equiv::inputs::trial_rng(0, 0);
    let inputs = equiv::inputs::random_inputs(&args, &mut rng).map_err(|e| (Stage::RunGlobal, e))?;
    shardref_interp::run(&m, "main", inputs, Limits::default()).map_err(|e| (Stage::RunGlobal, e.to_string()))?;
    if last == Stage::RunGlobal {
        return Ok(());
    }
    // The sharded run against the global one, through the engines (which,
    // unlike equiv's erased twin, also read manual computations globally).
    // Floats compare bitwise: the random inputs make f32/f64 partial sums
    // exact, and the generator sums no bf16 values.
    let global = GlobalEngine;
    let insert = ShardedEngine { implicit: ImplicitReshards::Insert, canvas: path == Path::Canvas };
    let engines: [&dyn Engine; 2] = [&global, &insert];
    for trial_seed in 0..2 {
        let program = Program::with_random_inputs(name, text, trial_seed).map_err(|e| (Stage::RunSharded, e))?;
        let outcomes: Vec<_> = engines.iter().map(|e| e.run(&program)).collect();
        match judge(&engines, &outcomes) {
            Judgement::Agree { .. } | Judgement::AllSkipped => {}
            Judgement::Disagree(d) => return Err((Stage::RunSharded, format!("{}: {}", d.signature(), d.summary))),
        }
    }
    Ok(())
}
