//! The jax mode (`shardref conform jax`) on a program of the checked-in jax 0.12 corpus, and on
//! copies of it altered so that each kind of check must fail: the mode can fail, and says where.

use std::path::{Path, PathBuf};

use shardref_conformance::jax::Jax;
use shardref_conformance::run;

fn corpus(program: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/jax012").join(program)
}

/// A fresh copy of a program folder under the system's temporary folder.
fn copy_of(program: &str, tag: &str) -> PathBuf {
    let to = std::env::temp_dir().join(format!("shardref_jax_test_{}_{tag}_{program}", std::process::id()));
    let _ = std::fs::remove_dir_all(&to);
    std::fs::create_dir_all(&to).expect("temp folder");
    for e in std::fs::read_dir(corpus(program)).expect("program folder") {
        let p = e.expect("entry").path();
        std::fs::copy(&p, to.join(p.file_name().expect("name"))).expect("copy");
    }
    to
}

/// The cases named in the manifest of `jit_matmul_1axis` (the lowered module, XLA's dumps,
/// Shardy's forms, the four HLO modules) each with its checks.
#[test]
fn every_form_gets_its_checks() {
    let s = run(&Jax, &[corpus("jit_matmul_1axis")]).expect("runs");
    let names: Vec<String> = s
        .failures
        .iter()
        .map(|f| f.split(": ").next().unwrap_or("").to_string())
        .chain(std::iter::repeat_n(String::new(), s.passed))
        .collect();
    assert_eq!(s.skipped, 0);
    // lowered, 01, 02 (4 checks each), explicit (4), 00 and 04 (2 each), local (1), 4 HLO (2 each).
    assert_eq!(s.passed + s.failed, 4 * 3 + 4 + 2 * 2 + 1 + 4 * 2, "{names:?}");
    // Every form reproduces XLA's outputs: the partitioned modules, whose parameters carry no
    // sharding= in jax 0.12, on the manifest's input and output shardings.
    assert_eq!(s.failed, 0, "{:?}", s.failures);
}

/// The partitioned modules take their parameters' shardings from the manifest: a wrong one (the
/// row-sharded input said to be replicated) fails both partitioned runs at that parameter, and the
/// other forms, which do not read it, still pass.
#[test]
fn partitioned_runs_use_the_manifest_shardings() {
    let dir = copy_of("jit_matmul_1axis", "shardings");
    let manifest = dir.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).expect("manifest");
    let wrong =
        text.replacen("\"{devices=[8,1]<=[8]}\",\n  \"{replicated}\"", "\"{replicated}\",\n  \"{replicated}\"", 1);
    assert_ne!(wrong, text, "the manifest's input_shardings changed");
    std::fs::write(&manifest, wrong).expect("write");
    let s = run(&Jax, std::slice::from_ref(&dir)).expect("runs");
    assert_eq!(s.failed, 2, "{:?}", s.failures);
    for (f, form) in s.failures.iter().zip(["spmd_partitioned.hlo", "optimized.hlo"]) {
        assert!(f.contains(&format!("{form} run: ")), "{f}");
        assert!(f.contains("parameter 0 (%"), "{f}");
        assert!(f.contains("is f32[2,8], but its sharding gives each partition f32[16,8]"), "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An output changed by one element: every `run` and `sharded` case fails and names the index.
#[test]
fn a_wrong_output_fails_every_run() {
    let dir = copy_of("jit_matmul_1axis", "wrong");
    let path = dir.join("output_0.npy");
    let mut bytes = std::fs::read(&path).expect("output");
    let n = bytes.len();
    // The last f32 of the array: flip its sign bit.
    bytes[n - 1] ^= 0x80;
    std::fs::write(&path, bytes).expect("write");
    let s = run(&Jax, std::slice::from_ref(&dir)).expect("runs");
    let lowered: Vec<&String> = s.failures.iter().filter(|f| f.contains("/lowered.mlir ")).collect();
    assert!(lowered.iter().any(|f| f.contains("lowered.mlir run: result 0 at index [15, 3]")), "{lowered:?}");
    assert!(lowered.iter().any(|f| f.contains("lowered.mlir sharded: result 0 at index [15, 3], held by device 7")));
    // equiv compares the program with itself, so it still holds.
    assert!(!lowered.iter().any(|f| f.contains("equiv")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A form that does not parse fails its text case at its line; an unknown kind fails the manifest.
#[test]
fn broken_forms_and_manifests_fail() {
    let dir = copy_of("jit_matmul_1axis", "broken");
    let path = dir.join("lowered.mlir");
    let text = std::fs::read_to_string(&path).expect("lowered");
    std::fs::write(&path, text.replacen("stablehlo.tanh", "stablehlo.tanhh", 1)).expect("write");
    let s = run(&Jax, std::slice::from_ref(&dir)).expect("runs");
    assert!(
        s.failures.iter().any(|f| f.contains("lowered.mlir text: ") && f.contains("lowered.mlir:")),
        "{:?}",
        s.failures
    );

    let manifest = dir.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).expect("manifest");
    std::fs::write(&manifest, text.replacen("\"mlir-global\"", "\"mlir-imaginary\"", 1)).expect("write");
    let s = run(&Jax, std::slice::from_ref(&dir)).expect("runs");
    assert_eq!(s.failed, 1, "{:?}", s.failures);
    assert!(s.failures[0].contains("unknown kind 'mlir-imaginary'"), "{:?}", s.failures);
    let _ = std::fs::remove_dir_all(&dir);
}
