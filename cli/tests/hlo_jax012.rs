//! jax 0.12's partitioned HLO through the command line (issue #27).
//!
//! `tests/hlo_jax012/CASE/` holds what XLA (jaxlib 0.12.0.1, 8 CPU devices) printed for a small
//! sharded program: the module jax handed it (`before_optimizations.hlo`: global shapes, shardings in
//! XLA's mesh form `{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}`), the module after SPMD partitioning and
//! the optimized one (whose ENTRY parameters and ROOT carry no `sharding=`), the global inputs and
//! XLA's outputs; `tests/hlo_jax012/make.py` made them. The cases: a matmul over a 2x4 mesh,
//! shard_map with psum / pmax / all_gather / ppermute (mesh replica groups, manual shardings),
//! shard_map under a plain `jax.jit` (its parameter's sharding only on a `Sharding` custom call), a
//! sort of NaNs and signed zeros (`compare ..., order=TOTAL`), top_k (XLA CPU's `TopK` custom call
//! with `called_computations=`), a mesh whose devices are not in iota order (`device_ids=` in
//! shardings and replica groups) and six rows split four ways.
//!
//! Checked: `shardref run PART.hlo --input ... --shardings-from before_optimizations.hlo` gives
//! XLA's outputs bit for bit for both modules of every case; the shardings given one by one
//! (`--input-sharding`, `--result-sharding`, in mesh and in tile-assignment form) do the same; a
//! module whose parameters carry no sharding says how to give them; `equiv` finds the partitioned
//! module equal to the module before partitioning.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use shardref_interp::npy;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hlo_jax012")
}

fn cases() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("tests/hlo_jax012")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    out.sort();
    assert!(out.len() >= 7, "expected the jax 0.12 cases in {}", cases_dir().display());
    out
}

fn shardref(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shardref")).args(args).output().expect("run shardref")
}

/// The numbered `.npy` files `PREFIX<i>.npy` of a folder, in order.
fn numbered(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    (0..).map(|i| dir.join(format!("{prefix}{i}.npy"))).take_while(|p| p.exists()).collect()
}

/// A `.npy` file's array, written back in shardref's canonical `.npy` bytes (so two arrays compare
/// bit for bit, NaNs included, whatever wrote their headers).
fn canonical_npy(path: &Path) -> Vec<u8> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    npy::write_npy(&npy::read_npy(&bytes, None).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// Runs `run FILE --input ... EXTRA --output-dir TMP` and compares every result with XLA's output.
fn run_matches_xla(case: &Path, file: &str, extra: &[&str]) -> Result<(), String> {
    let out_dir = std::env::temp_dir().join(format!(
        "shardref-jax012-{}-{}-{}",
        case.file_name().unwrap().to_string_lossy(),
        file,
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&out_dir);
    let module = case.join(file).display().to_string();
    let inputs: Vec<String> = numbered(case, "input_").iter().map(|p| p.display().to_string()).collect();
    let mut args: Vec<&str> = vec!["run", &module];
    for i in &inputs {
        args.extend(["--input", i.as_str()]);
    }
    args.extend(extra);
    let dir = out_dir.display().to_string();
    args.extend(["--output-dir", &dir]);
    let out = shardref(&args);
    if !out.status.success() {
        return Err(format!("{module}: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let want = numbered(case, "output_");
    let got = numbered(&out_dir, "result");
    if want.len() != got.len() {
        return Err(format!("{module}: {} results, XLA has {}", got.len(), want.len()));
    }
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        if canonical_npy(g) != canonical_npy(w) {
            return Err(format!("{module}: result {i} differs from XLA's output_{i}.npy"));
        }
    }
    let _ = std::fs::remove_dir_all(&out_dir);
    Ok(())
}

#[test]
fn partitioned_and_optimized_modules_give_xla_outputs_with_shardings_from() {
    let mut failures = vec![];
    for case in cases() {
        let original = case.join("before_optimizations.hlo").display().to_string();
        for file in ["spmd_partitioned.hlo", "optimized.hlo"] {
            if let Err(e) = run_matches_xla(&case, file, &["--shardings-from", &original]) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn shardings_given_one_by_one_in_either_form() {
    let case = cases_dir().join("matmul_2d");
    // The parameters' shardings in mesh form and in the tile-assignment form XLA converts the
    // second to (`V3ToV2Sharding`), the result's in mesh form.
    let given = [
        "--input-sharding",
        "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}",
        "--input-sharding",
        "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}",
        "--result-sharding",
        "{mesh['x'=2,'y'=4], [{'x'}]}",
    ];
    for file in ["spmd_partitioned.hlo", "optimized.hlo"] {
        run_matches_xla(&case, file, &given).unwrap();
    }
    // `--result-sharding` overrides the one `--shardings-from` reads: a wrong one is noticed.
    let original = case.join("before_optimizations.hlo").display().to_string();
    let wrong = ["--shardings-from", &original, "--result-sharding", "{mesh['x'=2,'y'=4], [{'y'}]}"];
    assert!(run_matches_xla(&case, "spmd_partitioned.hlo", &wrong).is_err());
}

#[test]
fn missing_shardings_say_how_to_give_them() {
    let case = cases_dir().join("matmul_2d");
    let module = case.join("spmd_partitioned.hlo").display().to_string();
    let (a, b) = (case.join("input_0.npy").display().to_string(), case.join("input_1.npy").display().to_string());
    let out = shardref(&["run", &module, "--input", &a, "--input", &b]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("--input-sharding") && err.contains("--shardings-from"), "{err}");
    // The partitioned module itself has no shardings to take.
    let out = shardref(&["run", &module, "--input", &a, "--input", &b, "--shardings-from", &module]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("parameter 0 (%param) has no sharding= to take"), "{err}");
    // One sharding for two parameters.
    let out = shardref(&["run", &module, "--input", &a, "--input", &b, "--input-sharding", "{replicated}"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1 input sharding(s) for the entry computation's 2 parameter(s)"), "{err}");
}

#[test]
fn equiv_finds_partitioned_modules_equal_to_the_module_before_partitioning() {
    for name in ["matmul_2d", "permuted_mesh", "sort_nan_zero", "top_k", "uneven_rows"] {
        let case = cases_dir().join(name);
        let part = case.join("spmd_partitioned.hlo").display().to_string();
        let original = case.join("before_optimizations.hlo").display().to_string();
        let out = shardref(&["equiv", &part, "--reference", &original, "--shardings-from", &original]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains(": equal"),
            "{name}: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
