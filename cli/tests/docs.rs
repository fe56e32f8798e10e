//! The documentation's shape (issue #30): the README is a front page of at most 250 lines that
//! keeps the two commands, every relative link in the README and under `docs/` points to a file
//! or folder of the repository, and `docs/ARCHITECTURE.md` has a section for every workspace
//! member. Only reads a handful of Markdown files.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root").to_path_buf()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The README and every Markdown file of `docs/`, and `findings/README.md`, which they link to.
fn markdown_files() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("findings/README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("a docs/ folder")
        .map(|e| e.expect("a readable docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The targets of the inline links `[text](target)` outside fenced code blocks, with their
/// line numbers.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut out = vec![];
    let mut in_fence = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push((i + 1, after[..end].to_string()));
            rest = &after[end..];
        }
    }
    out
}

#[test]
fn the_readme_is_a_front_page_with_the_two_commands() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(lines <= 250, "README.md has {lines} lines; move long material under docs/ (at most 250)");
    for command in ["cargo run --release --bin shardref -- equiv examples/neighbour_sum.mlir", "cargo test --workspace"]
    {
        assert!(readme.lines().any(|l| l.trim() == command), "README.md lacks the command line `{command}`");
    }
}

#[test]
fn every_relative_link_of_the_documentation_resolves() {
    let mut broken = vec![];
    let mut checked = 0;
    for file in markdown_files() {
        let dir = file.parent().expect("a folder");
        for (line, target) in link_targets(&read(&file)) {
            if target.contains("://") || target.starts_with("mailto:") || target.starts_with('#') {
                continue;
            }
            let path = target.split('#').next().unwrap_or_default();
            checked += 1;
            if !dir.join(path).exists() {
                broken.push(format!("{}:{line}: {target}", file.display()));
            }
        }
    }
    assert!(checked > 20, "only {checked} relative links found: is the link scanner broken?");
    assert!(broken.is_empty(), "links to files that do not exist:\n{}", broken.join("\n"));
}

#[test]
fn the_architecture_page_has_a_section_per_workspace_member() {
    let root = root();
    let manifest = read(&root.join("Cargo.toml"));
    let members_line = manifest.lines().find(|l| l.trim_start().starts_with("members")).expect("a members line");
    let members: Vec<&str> = members_line.split('"').skip(1).step_by(2).collect();
    assert!(members.len() >= 6, "members not read from {members_line}");
    let architecture = read(&root.join("docs/ARCHITECTURE.md"));
    for member in members.iter().copied().chain(["fuzz", "bench"]) {
        assert!(
            architecture.lines().any(|l| l.starts_with(&format!("### {member}:"))),
            "docs/ARCHITECTURE.md has no `### {member}: ...` section"
        );
    }
}

#[test]
fn the_link_scanner_finds_links_and_skips_code() {
    let text = "see [a](docs/A.md) and [b](B.md#part)\n```\n[c](not/a/link)\n```\n[d](https://x.invalid)";
    let targets: Vec<String> = link_targets(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(targets, ["docs/A.md", "B.md#part", "https://x.invalid"]);
}
