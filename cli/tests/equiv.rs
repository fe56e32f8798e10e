//! `shardref equiv`, `run --sharded` and `conform executable` as a user runs
//! them: the binary on the bundled examples and on this folder's programs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn shardref(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shardref")).current_dir(root()).args(args).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn correct_ring_permute_is_equal() {
    let o = shardref(&["equiv", "examples/neighbour_sum.mlir"]);
    assert_eq!(
        stdout(&o),
        "@parallel_neighbour_sum vs @sequential_neighbour_sum: equal (bitwise, 3 trials)\n",
        "{}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn forgotten_ring_pair_is_reported_at_device_0() {
    let o = shardref(&["equiv", "examples/neighbour_sum_bug.mlir"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    // Device 0 receives nothing (the pair [3, 0] is missing), so its rows 0
    // and 1 lack rows 6 and 7 of the input.
    assert!(
        out.starts_with(
            "@parallel_neighbour_sum vs @sequential_neighbour_sum: differ in trial 0: result 0 at index [0, "
        ),
        "{out}"
    );
    assert!(out.contains("held by device 0: parallel "), "{out}");
}

#[test]
fn given_inputs_name_both_values() {
    let o = shardref(&[
        "equiv",
        "examples/neighbour_sum_bug.mlir",
        "--parallel",
        "parallel_neighbour_sum",
        "--input",
        "examples/neighbour_sum_x.npy",
    ]);
    // x = iota: y[0, 0] = x[0, 0] + x[6, 0] = 0 + 12, but device 0 adds the zeros it received.
    assert_eq!(
        stdout(&o),
        "@parallel_neighbour_sum vs @sequential_neighbour_sum: differ on the given inputs: result 0 at index [0, 0], \
         held by device 0: parallel 0.000000e+00, sequential 1.200000e+01 (1.200000e+01 apart, beyond the rounding \
         bound of both runs, 7.152557e-07)\n"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn tolerances_are_wired_to_the_comparison() {
    let base = [
        "equiv",
        "examples/neighbour_sum_bug.mlir",
        "--parallel",
        "parallel_neighbour_sum",
        "--input",
        "examples/neighbour_sum_x.npy",
    ];
    // Device 0 misses rows 6 and 7 ([12, 13] and [14, 15]): the differences are 12, 13, 14, 15.
    let o = shardref(&[&base[..], &["--atol", "15"]].concat());
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "@parallel_neighbour_sum vs @sequential_neighbour_sum: equal within tolerance (max abs 1.500000e+01, max ulp "
        ) && out.ends_with("; 1 trial)\n"),
        "{out}"
    );
    let o = shardref(&[&base[..], &["--atol", "14.5"]].concat());
    assert!(stdout(&o).contains("differ on the given inputs: result 0 at index [1, 1]"), "{}", stdout(&o));
    // Relative to the sequential values 12, 14, 16, 18: within 100%, not within 99%.
    let o = shardref(&[&base[..], &["--rtol", "1"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = shardref(&[&base[..], &["--rtol", "0.99"]].concat());
    assert!(stdout(&o).contains("differ on the given inputs: result 0 at index [0, 0]"), "{}", stdout(&o));
}

#[test]
fn verdicts_are_deterministic_per_seed() {
    for seed in ["0", "1", "12345"] {
        let a = shardref(&["equiv", "examples/neighbour_sum_bug.mlir", "--seed", seed, "--trials", "4"]);
        let b = shardref(&["equiv", "examples/neighbour_sum_bug.mlir", "--seed", seed, "--trials", "4"]);
        assert_eq!(stdout(&a), stdout(&b), "seed {seed}");
        assert!(stdout(&a).contains("held by device 0"), "seed {seed}: {}", stdout(&a));
    }
    // Different seeds draw different inputs, so the reported values differ.
    let a = stdout(&shardref(&["equiv", "examples/neighbour_sum_bug.mlir", "--seed", "1"]));
    let b = stdout(&shardref(&["equiv", "examples/neighbour_sum_bug.mlir", "--seed", "2"]));
    assert_ne!(a, b);
}

#[test]
fn gather_over_the_wrong_axis_names_the_disagreeing_devices() {
    let o = shardref(&["equiv", "cli/tests/programs/right_gather_axis.mlir"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    // The static check sees it first (the gathered result is still a block per "x" device)...
    let o = shardref(&["equiv", "cli/tests/programs/wrong_gather_axis.mlir"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("differ (static check, whatever the inputs): [partial_replicas_diverge] result #0 of 'sdy.manual_computation' at 11:3 holds a different block of dimension 0 on each device along \"x\""),
        "{}",
        stdout(&o)
    );
    // ... and so do the trials.
    let o = shardref(&["equiv", "cli/tests/programs/wrong_gather_axis.mlir", "--no-check"]);
    assert_eq!(o.status.code(), Some(1));
    // Devices 0 and 2 hold different rows (groups along "y" gathered the same
    // block twice), so the replicated result disagrees between them: a verdict
    // on the pair (unequal, devices named), not a failure of the check.
    let out = stdout(&o);
    assert!(
        out.contains(
            "replicas of the parallel result disagree in trial 0: sdy.manual_computation result #0 (line 11) at index [0, 0]: device 0 holds"
        ),
        "{out}{}",
        stderr(&o)
    );
    assert!(out.contains("device 2 holds"), "{out}");
}

#[test]
fn a_function_without_twin_is_checked_against_its_erased_copy() {
    // The example's last multiply has no sharding (replicated), so it needs a
    // gather the program leaves implicit: strict mode reports it, and
    // --insert-reshards performs it.
    let o = shardref(&["equiv", "examples/sharded_matmul.mlir", "--parallel", "main", "--trials", "2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("'stablehlo.multiply': operand #0 dimension 0 is sharded on {\"x\"}"),
        "{}",
        stderr(&o)
    );
    // The module has an sdy.all_reduce, which is why the check is strict; the note says so.
    assert!(
        stderr(&o).contains(
            "note: the module claims to be partitioned ('sdy.all_reduce'), so its reshards must be explicit; \
             --insert-reshards inserts them"
        ),
        "{}",
        stderr(&o)
    );
    let o = shardref(&[
        "equiv",
        "examples/sharded_matmul.mlir",
        "--parallel",
        "main",
        "--trials",
        "2",
        "--insert-reshards",
    ]);
    assert_eq!(
        stdout(&o),
        "@main vs @main with shardings and collectives erased: equal (bitwise, 2 trials)\n",
        "{}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn an_all_reduce_applied_twice_is_unequal_on_the_devices_of_the_block() {
    // Reducing the already reduced sum over "y" again doubles it: the erased
    // twin (where every all_reduce is the identity) keeps the single sum.
    let text = std::fs::read_to_string(root().join("examples/sharded_matmul.mlir")).unwrap();
    let line = "%sum = sdy.all_reduce {\"y\"} %partial out_sharding=<@mesh, [{\"x\"}, {}]> : tensor<8x4xf32>";
    let buggy = text
        .replace(line, &format!("{line}\n  %twice = sdy.all_reduce {{\"y\"}} %sum out_sharding=<@mesh, [{{\"x\"}}, {{}}]> : tensor<8x4xf32>"))
        .replace("stablehlo.multiply %sum, %scale", "stablehlo.multiply %twice, %scale");
    assert_ne!(text, buggy);
    let dir = std::env::temp_dir().join(format!("shardref-equiv-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("matmul_all_reduce_twice.mlir");
    std::fs::write(&path, buggy).unwrap();
    let o = shardref(&["equiv", path.to_str().unwrap(), "--parallel", "main", "--insert-reshards"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    assert!(out.contains("differ (static check, whatever the inputs): [partial_reduced_twice]"), "{out}");
    let o = shardref(&["equiv", path.to_str().unwrap(), "--parallel", "main", "--insert-reshards", "--no-check"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    // Element [0, 0] is in row block 0 of "x", held by devices 0 and 1 (both "y" positions).
    assert!(out.contains("differ in trial 0: result 0 at index [0, 0], held by devices 0, 1: parallel "), "{out}");
}

#[test]
fn run_sharded_shows_the_block_grid() {
    let o = shardref(&[
        "run",
        "examples/neighbour_sum.mlir",
        "--entry",
        "parallel_neighbour_sum",
        "--sharded",
        "--show-sharding",
        "--input",
        "examples/neighbour_sum_x.npy",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    assert!(out.starts_with("%result0 : tensor<8x2xf32> on mesh @ring [\"x\"=4]\n  sharding [{\"x\"}, {}]\n"), "{out}");
    assert!(out.contains("  [6:8)      3\n"), "{out}");
    assert!(
        out.contains("%result0 = dense<[[1.200000e+01, 1.400000e+01], [1.600000e+01, 1.800000e+01], [4.000000e+00"),
        "{out}"
    );
}

/// A split-file executable test in a folder named like upstream's.
fn executable_case(dir: &Path, name: &str, check_value: &str) -> PathBuf {
    let folder = dir.join("executable_convert_global_to_local");
    std::fs::create_dir_all(&folder).unwrap();
    let text = format!(
        r#"//--- part1.mlir
sdy.mesh @m = <["x"=2]>
func.func @parallel_double(%arg0: tensor<4xi32> {{sdy.sharding = #sdy.sharding<@m, [{{"x"}}]>}})
    -> (tensor<4xi32> {{sdy.sharding = #sdy.sharding<@m, [{{"x"}}]>}}) {{
  %0 = stablehlo.add %arg0, %arg0 {{sdy.sharding = #sdy.sharding_per_value<[<@m, [{{"x"}}]>]>}} : tensor<4xi32>
  return %0 : tensor<4xi32>
}}
//--- part2.mlir
func.func @main() {{
  %s0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %s1 = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %r:2 = "interpreter.run_parallel"(%s0, %s1) {{programs = [[@parallel_double, @parallel_double]]}}
    : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
  %full = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %seq = func.call @sequential_double(%full) : (tensor<4xi32>) -> tensor<4xi32>
  %expected = stablehlo.constant dense<{check_value}> : tensor<2xi32>
  "check.expect_eq"(%r#1, %expected) : (tensor<2xi32>, tensor<2xi32>) -> ()
  return
}}
"#
    );
    let path = folder.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn conform_executable_runs_main_and_each_pair() {
    let dir = std::env::temp_dir().join(format!("shardref-exec-test-{}", std::process::id()));
    let good = executable_case(&dir, "good.mlir", "[6, 8]");
    let o = shardref(&["conform", "executable", good.to_str().unwrap()]);
    assert_eq!(stdout(&o), "2 passed, 0 failed, 0 skipped\n", "{}", stderr(&o));
    let bad = executable_case(&dir, "bad.mlir", "[2, 4]");
    let o = shardref(&["conform", "executable", bad.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(out.ends_with("1 passed, 1 failed, 0 skipped\n"), "{out}");
    assert!(out.contains("bad.mlir: 17:3: check failed"), "{out}");
}

#[test]
fn invalid_programs_are_reported_by_the_verifier_before_running() {
    let text = std::fs::read_to_string(root().join("examples/neighbour_sum.mlir")).unwrap();
    // An axis the mesh does not have.
    let bad = text.replacen("[{\"x\"}, {}]>}) {", "[{\"z\"}, {}]>}) {", 1);
    assert_ne!(text, bad);
    let dir = std::env::temp_dir().join(format!("shardref-equiv-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad_axis.mlir");
    std::fs::write(&path, bad).unwrap();
    let o = shardref(&["equiv", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("bad_axis.mlir:1") && stderr(&o).contains("error:"), "{}", stderr(&o));
}

#[test]
fn two_axis_layout_prints_as_a_grid_and_matches_its_erased_copy() {
    let o = shardref(&["run", "examples/sharded_layout.mlir", "--sharded", "--show-sharding"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    assert!(out.contains("         [0:3)  [3:6)\n  [0:2)      0      1\n  [2:4)      2      3\n"), "{out}");
    assert!(out.contains("  [0:4)    0,1    2,3\n"), "{out}");
    // Unsharded, the program computes the same table.
    let plain = stdout(&shardref(&["run", "examples/sharded_layout.mlir"]));
    assert!(out.ends_with(&plain), "{out}\n---\n{plain}");
    let o = shardref(&["equiv", "examples/sharded_layout.mlir", "--parallel", "main"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
}

/// An executable test whose `@parallel_gather` leaves a gather implicit (its
/// operand is sharded, its result replicated), in folder `folder`.
fn implicit_gather_case(dir: &Path, folder: &str) -> PathBuf {
    let folder = dir.join(folder);
    std::fs::create_dir_all(&folder).unwrap();
    let text = r#"//--- part1.mlir
sdy.mesh @m = <["x"=2]>
func.func @parallel_gather(%arg0: tensor<4xi32> {sdy.sharding = #sdy.sharding<@m, [{"x"}]>})
    -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@m, [{}]>}) {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}]>]>} : tensor<4xi32>
  return %0 : tensor<4xi32>
}
//--- part2.mlir
func.func @main() {
  %s0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %s1 = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %r:2 = "interpreter.run_parallel"(%s0, %s1) {programs = [[@parallel_gather, @parallel_gather]]}
    : (tensor<2xi32>, tensor<2xi32>) -> (tensor<4xi32>, tensor<4xi32>)
  %expected = stablehlo.constant dense<[-1, -2, -3, -4]> : tensor<4xi32>
  "check.expect_eq"(%r#0, %expected) : (tensor<4xi32>, tensor<4xi32>) -> ()
  "check.expect_eq"(%r#1, %expected) : (tensor<4xi32>, tensor<4xi32>) -> ()
  return
}
"#;
    let path = folder.join("implicit_gather.mlir");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn conform_executable_inserts_reshards_only_in_the_partitioner_pipeline_folder() {
    let dir = std::env::temp_dir().join(format!("shardref-exec-implicit-{}", std::process::id()));
    // Upstream partitions this folder's programs before running them: the gather is inserted.
    let path = implicit_gather_case(&dir, "executable_partitioner_pipeline");
    let o = shardref(&["conform", "executable", path.to_str().unwrap()]);
    assert_eq!(stdout(&o), "2 passed, 0 failed, 0 skipped\n", "{}", stderr(&o));
    // Every other folder runs programs as written: both the @main run and the pair fail at the negate.
    for folder in ["executable_convert_global_to_local", "executable_explicit_gather_scatter_batching", "elsewhere"] {
        let path = implicit_gather_case(&dir, folder);
        let o = shardref(&["conform", "executable", path.to_str().unwrap()]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(1), "{folder}: {out}");
        if folder == "executable_explicit_gather_scatter_batching" {
            // This folder's pairs are @transformed_x functions; there are none here.
            assert!(out.ends_with("0 passed, 1 failed, 0 skipped\n"), "{folder}: {out}");
        } else {
            assert!(out.ends_with("0 passed, 2 failed, 0 skipped\n"), "{folder}: {out}");
        }
        assert!(out.contains("'stablehlo.negate'") && out.contains("(implicit communication)"), "{folder}: {out}");
    }
}

#[test]
fn a_position_index_takes_the_values_of_the_programs_domain() {
    // The KV-cache decode step whose export completes the softmax max with a sum all-reduce
    // (issue #28) is wrong only when a whole shard of the 16-position cache is masked, i.e. for
    // a position in [0, 11]; random integers ([-64, 64]) miss it with these seeds, and the
    // domain trials (position compared with an iota of 16: -1, 0, ..., 16) catch it without
    // the static check.
    let file = "verifier/tests/check/decode_step.jax0_10_2.exported.mlir";
    for seed in ["3", "4", "6", "7"] {
        let o = shardref(&["equiv", file, "--no-check", "--trials", "1", "--seed", seed]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(1), "seed {seed}: {out}");
        assert!(out.contains(": differ in trial 2: result 0 at index [0, 0]"), "seed {seed}: {out}");
        assert!(out.contains("a NaN against a number whose rounding bound of both runs is "), "seed {seed}: {out}");
        assert!(out.contains("; argument 3 = 0, from the program's domain)"), "seed {seed}: {out}");
    }
    // The jax 0.12 export completes it with a max all-reduce: equal on the same trials.
    let o = shardref(&["equiv", "verifier/tests/check/decode_step.jax0_12_0_1.exported.mlir", "--trials", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("; 19 trials)"), "{}", stdout(&o));
}
