//! Tests of the program generator (`shardref_conformance::generator`):
//! determinism, and that every generated module of seeds 0..200 parses,
//! verifies, runs on the global interpreter, and runs sharded (inserting
//! the reshards it leaves implicit) with results equal to the global run.

use proptest::prelude::*;
use shardref_conformance::generator::check::{Stage, check};
use shardref_conformance::generator::{ALL_OPS, GenConfig, GenOp, generate, generate_from_bytes, module_strategy};

/// Checks seeds `0..n` up to `last`, and lists every failure.
fn failures(config: &GenConfig, n: u64, last: Stage) -> Vec<String> {
    (0..n)
        .filter_map(|seed| {
            let text = generate(seed, config);
            check(&format!("gen_{seed}.mlir"), &text, last)
                .err()
                .map(|(stage, msg)| format!("seed {seed}: {stage:?}: {msg}\n{text}"))
        })
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_text() {
    let c = GenConfig::default();
    for seed in 0..20 {
        assert_eq!(generate(seed, &c), generate(seed, &c));
    }
    let distinct: std::collections::HashSet<String> = (0..20).map(|s| generate(s, &c)).collect();
    assert!(distinct.len() >= 19, "seeds should give different programs");
}

#[test]
fn every_op_kind_is_generated_and_named() {
    for op in ALL_OPS {
        assert_eq!(GenOp::parse(op.name()), Some(op));
        let c = GenConfig { max_ops: 3, ops: vec![op], sub_axes: true };
        let text = (0..5).map(|s| generate(s, &c)).collect::<String>();
        let needle = match op {
            GenOp::Elementwise | GenOp::Unary => "\"stablehlo.".to_string(),
            GenOp::Select => "stablehlo.select".to_string(),
            GenOp::ShardingConstraint => "sdy.sharding_constraint".to_string(),
            GenOp::ShardingGroup => "sdy.sharding_group".to_string(),
            GenOp::Call => "func.call @helper_0".to_string(),
            GenOp::ManualComputation => "sdy.manual_computation".to_string(),
            GenOp::SdyCollective => "sdy.".to_string(),
            other => format!("stablehlo.{}\"", other.name()),
        };
        assert!(text.contains(&needle), "no {needle} generated for {}", op.name());
    }
    assert!(GenConfig::parse_ops("reduce, pad").is_ok());
    assert!(GenConfig::parse_ops("frobnicate").unwrap_err().contains("frobnicate"));
}

#[test]
fn seeds_0_to_200_parse_verify_and_run_globally() {
    let f = failures(&GenConfig::default(), 200, Stage::RunGlobal);
    assert!(f.is_empty(), "{} failures; first:\n{}", f.len(), f[0]);
}

#[test]
fn seeds_0_to_200_run_sharded_equal_to_global() {
    // Every op kind takes part, but shardings use no sub-axes: sharded runs
    // over sub-axis layouts still fail on some seeds ("no device holds
    // element", e.g. seed 183 of the default config); see the README. The
    // seeds that fail are exactly those listed with their findings in
    // tests/generator/known_sharded_failures.tsv.
    let config = GenConfig { sub_axes: false, ..GenConfig::default() };
    let known = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/generator/known_sharded_failures.tsv"),
    )
    .unwrap();
    let known: Vec<String> = known
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| format!("seed {}:", l.split('\t').next().unwrap_or("")))
        .collect();
    let f = failures(&config, 200, Stage::RunSharded);
    let unexpected: Vec<&String> = f.iter().filter(|x| !known.iter().any(|k| x.starts_with(k.as_str()))).collect();
    assert!(unexpected.is_empty(), "{} unexpected failures; first:\n{}", unexpected.len(), unexpected[0]);
    let fixed: Vec<&String> = known.iter().filter(|k| !f.iter().any(|x| x.starts_with(k.as_str()))).collect();
    assert!(fixed.is_empty(), "listed seeds now pass (remove them from the list): {fixed:?}");
}

#[test]
fn long_chains_of_one_op_kind_stay_valid() {
    for op in ALL_OPS {
        let c = GenConfig { max_ops: 24, ops: vec![op], sub_axes: true };
        let f = failures(&c, 10, Stage::RunGlobal);
        assert!(f.is_empty(), "{}: {} failures; first:\n{}", op.name(), f.len(), f[0]);
    }
}

#[test]
fn fuzzer_bytes_steer_the_generator_and_never_break_it() {
    let c = GenConfig::default();
    assert_eq!(generate_from_bytes(b"abcdefgh12345678", &c), generate_from_bytes(b"abcdefgh12345678", &c));
    for bytes in [&b""[..], &[0u8; 64][..], &[0xffu8; 64][..], b"shardref"] {
        let text = generate_from_bytes(bytes, &c);
        assert_eq!(check("bytes.mlir", &text, Stage::RunGlobal), Ok(()), "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn strategy_modules_verify((seed, text) in module_strategy(GenConfig::default())) {
        prop_assert_eq!(check(&format!("gen_{seed}.mlir"), &text, Stage::Verify), Ok(()), "{}", text);
    }
}
