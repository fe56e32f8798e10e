//! Tests of differential testing (`shardref_conformance::difftest`) that
//! need no Python: the minimizer shrinks a planted disagreement to the
//! minimal program recorded in `tests/difftest/`, unavailable external
//! engines say why and are left out, and the shardref engines agree on
//! generated programs.

use std::path::PathBuf;
use std::time::Duration;

use shardref_conformance::difftest::compare::{Judgement, Kind, judge};
use shardref_conformance::difftest::minimize::{Budget, minimize};
use shardref_conformance::difftest::{Campaign, Limit, Signatures, judge_text};
use shardref_conformance::engines::{Engine, GlobalEngine, Outcome, Program, Python, engine_named};
use shardref_conformance::generator::{GenConfig, generate_recorded};
use shardref_interp::Tensor;

/// The global engine with a planted bug: when the program has an op named
/// `trigger`, the lowest bit of result 0's first element flips.
struct Planted {
    trigger: &'static str,
}

impl Engine for Planted {
    fn name(&self) -> &str {
        "planted"
    }
    fn run(&self, p: &Program) -> Outcome {
        match GlobalEngine.run(p) {
            Outcome::Ran(mut outs) if p.text.contains(self.trigger) && !outs.is_empty() => {
                let t = &outs[0].value;
                let mut bytes = t.buf.to_le_bytes();
                if let Some(b) = bytes.first_mut() {
                    *b ^= 1;
                }
                let repr = shardref_interp::value::Repr::of(&t.elem).expect("a computable type");
                let buf = shardref_interp::Buffer::from_le_bytes(repr, &bytes);
                outs[0].value = Tensor::new(t.shape.clone(), t.elem.clone(), buf);
                Outcome::Ran(outs)
            }
            other => other,
        }
    }
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/difftest").join(name)
}

/// The first seed whose program has `needle` and more than `min_ops` lines.
fn seed_with(needle: &str, config: &GenConfig) -> u64 {
    (0..1000)
        .find(|&s| {
            let t = generate_recorded(s, config).text;
            t.contains(needle) && t.lines().count() > 8
        })
        .expect("some seed has the op")
}

#[test]
fn the_minimizer_shrinks_a_planted_disagreement_to_the_minimal_program() {
    let config = GenConfig::default();
    let global = GlobalEngine;
    let planted = Planted { trigger: "\"stablehlo.transpose\"" };
    let engines: [&dyn Engine; 2] = [&global, &planted];
    let seed = seed_with("\"stablehlo.transpose\"", &config);
    let start = generate_recorded(seed, &config);
    let (j, _) = judge_text(&engines, "start.mlir", &start.text, 0);
    let Judgement::Disagree(d) = j else { panic!("the planted bug shows on seed {seed}:\n{}", start.text) };
    assert_eq!(d.kind, Kind::Differ);
    let signature = d.signature();
    let mut still = |text: &str| match judge_text(&engines, "candidate.mlir", text, 0).0 {
        Judgement::Disagree(c) => c.signature() == signature,
        _ => false,
    };
    let budget = Budget { calls: 5000, time: Duration::from_secs(600) };
    let min = minimize(start.clone(), &config, budget, &mut still);
    assert!(min.program.choices.len() < start.choices.len());
    // `SHARDREF_BLESS=1` records the result (reviewed by hand before committing).
    if std::env::var_os("SHARDREF_BLESS").is_some() {
        std::fs::write(data("planted_transpose.mlir"), &min.program.text).unwrap();
    }
    let expected = std::fs::read_to_string(data("planted_transpose.mlir")).expect("the expected minimal program");
    assert_eq!(min.program.text, expected, "seed {seed} minimized to another program");
}

#[test]
fn unavailable_engines_say_why_and_are_left_out() {
    let missing = Python::new(PathBuf::from("/nonexistent/python3"), data(""));
    let why = missing.available().unwrap_err();
    assert!(why.contains("no oracle scripts in"), "{why}");
    let oracles = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/difftest/fake_oracles");
    let no_python = Python::new(PathBuf::from("/nonexistent/python3"), oracles);
    let why = no_python.available().unwrap_err();
    assert!(why.contains("cannot run Python '/nonexistent/python3'") && why.contains("--python"), "{why}");
    for name in ["shardy", "xla", "stablehlo"] {
        let e = engine_named(name, &no_python).unwrap();
        assert!(e.available().is_err());
        let p = Program::with_random_inputs("p.mlir", "func.func @main() {\n  \"func.return\"() : () -> ()\n}\n", 0)
            .unwrap();
        assert!(matches!(e.run(&p), Outcome::Skipped(m) if m.contains("cannot run Python")));
    }
    assert!(engine_named("nope", &no_python).err().unwrap().contains("unknown engine 'nope'"));
    // A campaign over global and xla runs global alone.
    let campaign = Campaign {
        engines: vec![engine_named("global", &no_python).unwrap(), engine_named("xla", &no_python).unwrap()],
        config: GenConfig::default(),
        seed: 0,
        limit: Limit::Count(3),
        out: std::env::temp_dir().join("shardref-difftest-test-unavailable"),
        signatures: Signatures::default(),
        budget: Budget::default(),
        input_seed: 0,
        command: "test".into(),
    };
    assert_eq!(campaign.unavailable().len(), 1);
    let report = campaign.run(&|_| {});
    assert_eq!(report.programs, 3);
    assert_eq!(report.engines.iter().map(|e| e.0.as_str()).collect::<Vec<_>>(), ["global"]);
}

#[test]
fn shardref_engines_agree_on_generated_programs() {
    let py = Python::new(PathBuf::from("/nonexistent/python3"), data(""));
    let campaign = Campaign {
        engines: ["global", "sharded", "insert"].iter().map(|n| engine_named(n, &py).unwrap()).collect(),
        config: GenConfig::default(),
        seed: 0,
        limit: Limit::Count(40),
        out: std::env::temp_dir().join("shardref-difftest-test-agree"),
        signatures: Signatures::default(),
        budget: Budget::default(),
        input_seed: 0,
        command: "test".into(),
    };
    let report = campaign.run(&|_| {});
    assert_eq!(report.programs, 40);
    assert!(report.findings.is_empty(), "{:?}", report.findings);
    assert_eq!(report.agreements, 40);
    let insert = &report.engines[2].1;
    assert_eq!(insert.ran, 40);
}

#[test]
fn crashes_and_rejections_are_disagreements_and_skips_are_not() {
    let p =
        Program::with_random_inputs("p.mlir", "func.func @main() {\n  \"func.return\"() : () -> ()\n}\n", 0).unwrap();
    struct Fixed(&'static str, Outcome);
    impl Engine for Fixed {
        fn name(&self) -> &str {
            self.0
        }
        fn run(&self, _: &Program) -> Outcome {
            self.1.clone()
        }
    }
    let ran = Fixed("a", GlobalEngine.run(&p));
    let crash = Fixed("b", Outcome::Crashed("boom 42".into()));
    let reject = Fixed("c", Outcome::Rejected("error: no 7".into()));
    let skip = Fixed("d", Outcome::Skipped("n/a".into()));
    let run = |es: &[&dyn Engine]| judge(es, &es.iter().map(|e| e.run(&p)).collect::<Vec<_>>());
    assert!(matches!(run(&[&ran, &skip]), Judgement::Agree { ran: 1 }));
    let Judgement::Disagree(d) = run(&[&ran, &crash]) else { panic!() };
    assert_eq!(d.signature(), "crash:b:boom N");
    let Judgement::Disagree(d) = run(&[&ran, &reject]) else { panic!() };
    assert_eq!((d.kind, d.reference.as_str(), d.other.as_str()), (Kind::Reject, "a", "c"));
    assert!(matches!(run(&[&reject, &skip]), Judgement::Agree { ran: 0 }));
    assert!(matches!(run(&[&skip]), Judgement::AllSkipped));
}

#[test]
fn findings_do_not_depend_on_the_thread_count() {
    // The campaign starts at a seed whose program has a transpose, so the
    // planted engine disagrees there (the shardref engines agree on these
    // seeds since the bugs they once found were fixed) and its minimization
    // runs on the pool too.
    let config = GenConfig { sub_axes: false, ..GenConfig::default() };
    let first = seed_with("\"stablehlo.transpose\"", &config);
    let run = |threads: usize| {
        let py = Python::new(PathBuf::from("/nonexistent/python3"), data(""));
        let out = std::env::temp_dir().join(format!("shardref-difftest-test-threads-{threads}-{}", std::process::id()));
        let mut engines: Vec<Box<dyn Engine>> =
            ["global", "insert"].iter().map(|n| engine_named(n, &py).unwrap()).collect();
        engines.push(Box::new(Planted { trigger: "\"stablehlo.transpose\"" }));
        let campaign = Campaign {
            engines,
            config: config.clone(),
            seed: first,
            limit: Limit::Count(10),
            out: out.clone(),
            signatures: Signatures::default(),
            budget: Budget { calls: 300, time: Duration::from_secs(3600) },
            input_seed: 0,
            command: "test".into(),
        };
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let report = pool.install(|| campaign.run(&|_| {}));
        let found: Vec<(u64, String, String)> = report
            .findings
            .iter()
            .map(|f| (f.seed, f.signature.clone(), std::fs::read_to_string(f.folder.join("program.mlir")).unwrap()))
            .collect();
        let _ = std::fs::remove_dir_all(&out);
        found
    };
    let one = run(1);
    assert!(one.iter().any(|f| f.0 == first), "{one:?}");
    assert_eq!(one, run(3));
}
