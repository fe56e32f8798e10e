//! The `parse`, `print` and `conform` commands, run as processes.

use std::process::Command;

fn shardref(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shardref")).args(args).output().expect("run shardref");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shardref-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn parse_is_silent_on_success_and_locates_errors() {
    let good = temp_file("good.mlir", "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}\n");
    let (code, out, err) = shardref(&["parse", good.to_str().unwrap()]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    let bad = temp_file("bad.mlir", "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  return %b : tensor<f32>\n}\n");
    let (code, _, err) = shardref(&["parse", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("bad.mlir:2:10: error: use of undeclared SSA value name '%b'"), "{err}");
    assert!(err.contains("  return %b : tensor<f32>\n         ^"), "{err}");
    let (code, _, err) = shardref(&["parse", "/nonexistent/x.mlir"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn print_generic_and_split_input_file() {
    let f = temp_file("two.mlir", "func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}\n");
    let (code, out, _) = shardref(&["print", "--split-input-file", f.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(out.matches("module {").count(), 2);
    assert!(out.contains("// -----"));
    let (code, out, _) = shardref(&["print", "--generic", f.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("\"func.func\"()"), "{out}");
}

#[test]
fn conform_roundtrip_reports_failures_and_one_closing_line() {
    let dir = std::env::temp_dir().join(format!("shardref-conform-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ok.mlir"), "func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}\n")
        .unwrap();
    std::fs::write(dir.join("broken.mlir"), "func.func @a( {\n").unwrap();
    let (code, out, _) = shardref(&["conform", "roundtrip", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"2 passed, 1 failed, 0 skipped"));
    assert!(lines[0].contains("broken.mlir: parse error at 1:"), "{out}");
    std::fs::remove_file(dir.join("broken.mlir")).unwrap();
    let (code, out, _) = shardref(&["conform", "roundtrip", dir.to_str().unwrap()]);
    assert_eq!((code, out.trim()), (0, "2 passed, 0 failed, 0 skipped"));
}

#[test]
fn the_projects_own_mlir_files_round_trip() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let paths: Vec<String> = ["examples", "interp/tests/programs", "fuzz/seeds"]
        .iter()
        .map(|p| root.join(p).display().to_string())
        .collect();
    let mut args = vec!["conform", "roundtrip"];
    args.extend(paths.iter().map(String::as_str));
    let (code, out, _) = shardref(&args);
    assert_eq!(code, 0, "{out}");
    assert!(out.trim().ends_with("0 failed, 0 skipped"), "{out}");
}

#[test]
fn difftest_runs_shardref_engines_and_leaves_out_unavailable_ones() {
    let out = std::env::temp_dir().join(format!("shardref-cli-difftest-{}", std::process::id()));
    let out = out.to_str().unwrap();
    let (code, stdout, err) = shardref(&[
        "difftest",
        "--engines",
        "global,insert,xla",
        "--count",
        "4",
        "--out",
        out,
        "--python",
        "/nonexistent/python3",
    ]);
    assert_eq!(code, 0, "{stdout}{err}");
    assert!(err.contains("engine xla is unavailable and left out"), "{err}");
    assert!(stdout.contains("| global | 4 | 0 | 0 | 0 |"), "{stdout}");
    assert!(stdout.contains("4 programs in"), "{stdout}");
    let (code, _, err) =
        shardref(&["difftest", "--engines", "xla", "--count", "1", "--out", out, "--python", "/nonexistent/python3"]);
    assert_eq!(code, 2);
    assert!(err.contains("no engine of --engines can run here"), "{err}");
    let suite = temp_file(
        "suite.mlir",
        "func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {\n  %0 = stablehlo.add %a, %a : tensor<4xi32>\n  return %0 : tensor<4xi32>\n}\n// -----\nfunc.func @other() {\n  return\n}\n",
    );
    let (code, stdout, err) = shardref(&["difftest", "--engines", "global,insert", "--suite", suite.to_str().unwrap()]);
    assert_eq!((code, stdout.as_str()), (0, "1 passed, 0 failed, 1 skipped\n"), "{err}");
    let (code, _, err) = shardref(&["difftest", "--engines", "global,frobnicate", "--out", out]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown engine 'frobnicate'"), "{err}");
}
