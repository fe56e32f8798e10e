//! Tests of the program generator (`shardref_conformance::generator`):
//! determinism, that every generated module of seeds 0..200 parses,
//! verifies and runs on the global interpreter, and the property that
//! random modules run sharded (inserting the reshards they leave implicit)
//! with results equal to the global run, on local shards and on canvases.

use proptest::prelude::*;
use shardref_conformance::generator::check::{Path, Stage, check, check_on};
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

proptest! {
    // The property of issue #9: random small programs over ops with rules,
    // on random meshes (explicit device orders included) with random
    // shardings (sub-axes, non-divisible dimensions, open dimensions and
    // priorities included), run sharded with the reshards they leave
    // implicit inserted, equal the global run bitwise (floats too: the
    // inputs make every partial sum exact), on local shards and on canvases.
    // 256 cases keep `cargo test --workspace` reasonable on two cores;
    // `shardref gen --check` runs thousands.
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn sharded_runs_equal_the_global_run((seed, text) in module_strategy(GenConfig::default())) {
        let name = format!("gen_{seed}.mlir");
        prop_assert_eq!(check_on(&name, &text, Stage::RunSharded, Path::Local), Ok(()), "local shards:\n{}", text);
        prop_assert_eq!(check_on(&name, &text, Stage::RunSharded, Path::Canvas), Ok(()), "canvases:\n{}", text);
    }
}
