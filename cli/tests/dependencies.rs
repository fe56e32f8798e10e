//! Every dependency earns its place: a check in the spirit of `cargo machete`, run with the tests.
//!
//! Each workspace member's `[dependencies]` must be named (as `name::`, `use name` or
//! `extern crate name`, with `-` read as `_`) somewhere in its `src/` or `build.rs`, and each of
//! its `[dev-dependencies]` in its `src/`, `tests/`, `benches/` or `examples/`. Every entry of
//! the root's `[workspace.dependencies]` must be used by some member. The TOML is read line by
//! line: the project's manifests keep one dependency per line. A dependency kept only for the
//! features it gives shared crates (so that two builds share their artifacts) says so on its line
//! (`# feature alignment: why`) and is not looked for.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root").to_path_buf()
}

/// The marker of a dependency kept for its features alone (the workspace-hack pattern): a
/// dependency whose line carries it need not be named in the sources, the comment says why.
const FEATURE_ALIGNMENT: &str = "# feature alignment:";

/// The dependency names in `section` of a manifest, without those marked `FEATURE_ALIGNMENT`.
fn deps(manifest: &str, section: &str) -> Vec<String> {
    let mut out = vec![];
    let mut inside = false;
    for line in manifest.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            inside = t == format!("[{section}]");
            continue;
        }
        if !inside || t.is_empty() || t.starts_with('#') || t.contains(FEATURE_ALIGNMENT) {
            continue;
        }
        let name = t.split(['=', '.', ' ']).next().unwrap_or("").trim();
        if !name.is_empty() {
            out.push(name.to_string());
        }
    }
    out
}

fn members(root_manifest: &str) -> Vec<String> {
    let line = root_manifest.lines().find(|l| l.trim_start().starts_with("members")).expect("a members line");
    line.split('"').skip(1).step_by(2).map(str::to_string).collect()
}

fn rust_sources(dir: &Path, out: &mut String) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
            out.push('\n');
        }
    }
}

fn used(name: &str, sources: &str) -> bool {
    let id = name.replace('-', "_");
    [format!("{id}::"), format!("use {id}"), format!("extern crate {id}")].iter().any(|p| {
        sources.match_indices(p.as_str()).any(|(at, _)| {
            let before = sources[..at].chars().next_back();
            let after = sources[at + p.len()..].chars().next();
            let word = |c: char| c.is_alphanumeric() || c == '_';
            !before.is_some_and(word) && (p.ends_with("::") || !after.is_some_and(word))
        })
    })
}

#[test]
fn every_dependency_is_used() {
    let root = root();
    let root_manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let mut unused = vec![];
    let mut member_deps = vec![];
    for m in members(&root_manifest) {
        let dir = root.join(&m);
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        let mut src = String::new();
        rust_sources(&dir.join("src"), &mut src);
        if let Ok(b) = std::fs::read_to_string(dir.join("build.rs")) {
            src.push_str(&b);
        }
        let mut dev = src.clone();
        for d in ["tests", "benches", "examples"] {
            rust_sources(&dir.join(d), &mut dev);
        }
        for d in deps(&manifest, "dependencies") {
            if !used(&d, &src) {
                unused.push(format!("{m}: [dependencies] {d}"));
            }
            member_deps.push(d);
        }
        for d in deps(&manifest, "dev-dependencies") {
            if !used(&d, &dev) {
                unused.push(format!("{m}: [dev-dependencies] {d}"));
            }
            member_deps.push(d);
        }
    }
    for d in deps(&root_manifest, "workspace.dependencies") {
        if !member_deps.contains(&d) {
            unused.push(format!("Cargo.toml: [workspace.dependencies] {d} is used by no member"));
        }
    }
    assert!(unused.is_empty(), "dependencies nothing uses:\n{}", unused.join("\n"));
}

#[test]
fn the_check_sees_names() {
    assert!(used("num-bigint", "use num_bigint::BigInt;"));
    assert!(used("thiserror", "#[derive(thiserror::Error)]"));
    assert!(!used("imbl", "use imblx::Vector;"));
    assert_eq!(deps("[dependencies]\na.workspace = true\nb = \"1\"\n[lints]\nc = 1\n", "dependencies"), vec!["a", "b"]);
    let aligned = "[dependencies]\na.workspace = true # feature alignment: why\nb = \"1\"\n";
    assert_eq!(deps(aligned, "dependencies"), vec!["b"]);
}
