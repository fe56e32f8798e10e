//! `shardref equiv` on programs as JAX exports them (`tests/jax/`, made by
//! `tests/jax/make.py` with jax 0.10.2): `@main`-only modules compared with
//! their erased selves without flags, strict when the module has explicit
//! collectives and inserting reshards when it has none, the three verdicts,
//! broken variants that must still differ, and an FSDP Adam step judged by
//! the rounding bound propagated through every op (`equiv::bound`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn shardref(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shardref")).current_dir(root()).args(args).output().unwrap()
}

/// What a run must print: exit status and the verdict's beginning after the pair's name.
struct Case {
    file: &'static str,
    flags: &'static [&'static str],
    exit: i32,
    verdict: &'static str,
    /// Further text the verdict line must contain.
    also: &'static [&'static str],
}

const MAIN: &str = "@main vs @main with shardings and collectives erased: ";

/// The expectations, one row per run.
const CASES: &[Case] = &[
    // The MLP with tanh: the last matmul contracts over "y", so its
    // result is reassociated; it is a final sum, checked against its exact value.
    Case {
        file: "mlp_tanh.mlir",
        flags: &[],
        exit: 0,
        verdict: "equal within tolerance (max abs ",
        also: &["% of their rounding bound, at most ", " ulp from the exact value; 3 trials)"],
    },
    Case {
        file: "mlp_tanh.exported.mlir",
        flags: &[],
        exit: 0,
        verdict: "equal within tolerance (max abs ",
        also: &["% of their rounding bound"],
    },
    // The exported form is strict by default (it has an sdy.all_reduce): --strict changes nothing.
    Case {
        file: "mlp_tanh.exported.mlir",
        flags: &["--strict"],
        exit: 0,
        verdict: "equal within tolerance (max abs ",
        also: &[],
    },
    // Bitwise on request: the last bits differ.
    Case {
        file: "mlp_tanh.mlir",
        flags: &["--exact"],
        exit: 1,
        verdict: "differ in trial 0: ",
        also: &[" ulp apart)"],
    },
    // Tolerances of 0 leave only the exact-sum check, which still accepts.
    Case {
        file: "mlp_tanh.mlir",
        flags: &["--rtol", "0", "--atol", "0"],
        exit: 0,
        verdict: "equal within tolerance (max abs ",
        also: &["% of their rounding bound"],
    },
    // A bias added after the matmul is one more term of the sum.
    Case {
        file: "mlp_bias.mlir",
        flags: &[],
        exit: 0,
        verdict: "equal within tolerance (max abs ",
        also: &["% of their rounding bound"],
    },
    Case {
        file: "mlp_bias.exported.mlir",
        flags: &[],
        exit: 0,
        verdict: "equal within tolerance (max abs ",
        also: &["% of their rounding bound"],
    },
    // f32 sums of eighths are exact: bitwise in both forms.
    Case { file: "matmul.mlir", flags: &[], exit: 0, verdict: "equal (bitwise, 3 trials)", also: &[] },
    Case { file: "matmul.exported.mlir", flags: &[], exit: 0, verdict: "equal (bitwise, 3 trials)", also: &[] },
    // bf16 partial sums round: within the bound of their exact sums.
    Case {
        file: "matmul_bf16.exported.mlir",
        flags: &[],
        exit: 0,
        verdict: "equal within tolerance (max abs ",
        also: &["% of their rounding bound"],
    },
    Case { file: "reduction.mlir", flags: &[], exit: 0, verdict: "equal (bitwise, 3 trials)", also: &[] },
    // jaxlib 0.10.2's export all-reduces the partial maxima of a max
    // reduction over "x" with sdy.all_reduce's default kind, a sum (the
    // reduction kind comes from the result sharding, which has none): a
    // wrong reduction kind, reported.
    // The static check finds it first, whatever the inputs; the trials too.
    Case {
        file: "reduction.exported.mlir",
        flags: &[],
        exit: 1,
        verdict: "differ (static check, whatever the inputs): [partial_kind_mismatch] 'sdy.all_reduce' at 12:5 combines \"x\" with sum, but its operand is max-partial",
        also: &[],
    },
    Case {
        file: "reduction.exported.mlir",
        flags: &["--no-check"],
        exit: 1,
        verdict: "differ in trial 0: result 1 at index [0], held by devices 0, 2, 4, 6: parallel ",
        also: &[],
    },
    // A while loop carrying a "y"-sharded value, an all_reduce and a reduce_scatter in its body.
    Case { file: "scan.mlir", flags: &[], exit: 0, verdict: "equal (bitwise, 3 trials)", also: &[] },
    Case { file: "scan.exported.mlir", flags: &[], exit: 0, verdict: "equal within tolerance (max abs ", also: &[] },
];

const PSUM: &str = "@parallel_sum_sin vs @sequential_sum_sin: ";

/// shard_map programs against their jit twin.
const PSUM_CASES: &[Case] = &[
    Case {
        file: "psum.mlir",
        flags: &[],
        exit: 0,
        verdict: "equal within tolerance (max abs ",
        also: &["% of their rounding bound"],
    },
    // A max instead of a sum in the psum: far outside the exact sum's bound.
    Case {
        file: "psum.broken_max.mlir",
        flags: &[],
        exit: 1,
        verdict: "differ (static check, whatever the inputs): [partial_kind_mismatch] 'stablehlo.all_reduce' at 9:7 combines \"x\" with max, but its operand is sum-partial",
        also: &[],
    },
    Case {
        file: "psum.broken_max.mlir",
        flags: &["--no-check"],
        exit: 1,
        verdict: "differ in trial 0: result 0 at index [0], held by devices 0, 1, 2, 3, 4, 5, 6, 7: parallel ",
        also: &["(exact sum ", " ulp from it, beyond its rounding bound of "],
    },
    // The psum dropped: every device keeps its own partial sum.
    Case {
        file: "psum.broken_no_all_reduce.mlir",
        flags: &[],
        exit: 1,
        verdict: "differ (static check, whatever the inputs): [partial_unreduced_result] result #0 of 'sdy.manual_computation' at 5:5 is left sum-partial",
        also: &[],
    },
    Case {
        file: "psum.broken_no_all_reduce.mlir",
        flags: &["--no-check"],
        exit: 1,
        verdict: "differ: replicas of the parallel result disagree in trial 0: sdy.manual_computation result #0",
        also: &["device 0 holds ", "device 1 holds "],
    },
];

const ADAM: &str = "@parallel_adam vs @sequential_adam: ";

/// An f32 Adam step with FSDP sharding (issue #28): the gradients' sums are
/// reassociated and flow through the optimizer's elementwise ops, so its
/// results are judged by the rounding bound propagated through every op.
const ADAM_CASES: &[Case] = &[
    Case {
        file: "adam.exported.mlir",
        flags: &[],
        exit: 0,
        verdict: "equal within tolerance (max abs ",
        also: &["% of the rounding bound of both runs", "; 3 trials)"],
    },
    Case {
        file: "adam.mlir",
        flags: &[],
        exit: 0,
        verdict: "equal within tolerance (max abs ",
        also: &["% of the rounding bound of both runs"],
    },
    // The bound does not hide a wrong scale, with or without the static check.
    Case {
        file: "adam.broken_local_mean.mlir",
        flags: &[],
        exit: 1,
        verdict: "differ in trial 0: result 0 at index [0, 0]",
        also: &["beyond the rounding bound of both runs"],
    },
    Case {
        file: "adam.broken_local_mean.mlir",
        flags: &["--no-check"],
        exit: 1,
        verdict: "differ in trial 0: result 0 at index [0, 0]",
        also: &["beyond the rounding bound of both runs"],
    },
];

#[test]
fn an_fsdp_adam_step_is_judged_by_the_propagated_rounding_bound() {
    for case in &ADAM_CASES[..2] {
        check(case, MAIN);
    }
    for case in &ADAM_CASES[2..] {
        check(case, ADAM);
    }
}

fn check(case: &Case, pair: &str) {
    let path = format!("cli/tests/jax/{}", case.file);
    let mut args = vec!["equiv", path.as_str()];
    args.extend(case.flags);
    let o = shardref(&args);
    let (out, err) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    let what = format!("{} {:?}:\n{out}{err}", case.file, case.flags);
    assert_eq!(o.status.code(), Some(case.exit), "{what}");
    let line = out.lines().next().unwrap_or_default();
    assert!(line.starts_with(&format!("{pair}{}", case.verdict)), "{what}");
    for a in case.also {
        assert!(line.contains(a), "{what} (missing {a:?})");
    }
}

#[test]
fn jax_exports_compare_with_their_erased_selves_without_flags() {
    for case in CASES {
        check(case, MAIN);
    }
}

#[test]
fn shard_map_programs_compare_with_their_jit_twins() {
    for case in PSUM_CASES {
        check(case, PSUM);
    }
}

#[test]
fn a_dropped_all_reduce_is_reported_when_the_check_is_strict() {
    // Without its only collective the module no longer claims to be
    // partitioned, so by default the missing all_reduce is inserted...
    let o = shardref(&["equiv", "cli/tests/jax/mlp_tanh.broken_no_all_reduce.mlir"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    // ... and --strict reports it.
    let o = shardref(&["equiv", "cli/tests/jax/mlp_tanh.broken_no_all_reduce.mlir", "--strict"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stdout), format!("{MAIN}error\n"));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("result #0 of @main is unreduced over {\"y\"} (partial results that are never all-reduced)"),
        "{err}"
    );
}

#[test]
fn a_jit_module_is_partitioned_by_inserting_reshards_unless_strict() {
    let o = shardref(&["equiv", "cli/tests/jax/matmul.mlir", "--strict"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("(implicit communication)"), "{err}");
    // No note: the user asked for strictness.
    assert!(!err.contains("claims to be partitioned"), "{err}");
    let o = shardref(&["equiv", "cli/tests/jax/matmul.mlir", "--strict", "--insert-reshards"]);
    assert_eq!(o.status.code(), Some(2), "the two flags conflict");
    let o = shardref(&["equiv", "cli/tests/jax/matmul.mlir", "--exact", "--atol", "1"]);
    assert_eq!(o.status.code(), Some(2), "--exact and tolerances conflict");
}
