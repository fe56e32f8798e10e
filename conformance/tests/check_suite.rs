//! The partial-state checker's tests (`shardref_verifier::partial`, issue #28):
//! `verifier/tests/check/` holds programs, each `// -----` case verified
//! first and then checked; every finding must be named by an
//! `expected-error` directive with its label (`{{[label] message}}`) and
//! every directive met, so a case without directives must have no finding.
//! Every label of the `check` section of `rules::RULES` is named by a case.
//! The project's own folders of programs (examples, interp/tests/sharded,
//! cli/tests/jax, cli/tests/programs) are checked too: their only findings are the ones
//! `verifier/tests/check/known_findings.txt` lists (programs wrong on
//! purpose), which `.ci/run` also uses for the shared corpus.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use shardref_conformance::SuiteFile;
use shardref_conformance::expect::directives;
use shardref_conformance::expect::match_expectations;
use shardref_spec::diag::{LineIndex, Severity, location};
use shardref_spec::{Source, parse_source};
use shardref_verifier::rules::RULES;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    shardref_conformance::collect_files(&[dir.to_path_buf()]).expect("test folder")
}

/// Each case of a file, verified, with its findings.
fn checked(path: &Path) -> Vec<(Arc<Source>, Vec<shardref_spec::Diagnostic>)> {
    let f = SuiteFile::read(path).expect("readable");
    let mut out = vec![];
    for case in f.cases() {
        let src = Arc::new(Source { name: f.name.clone(), text: case.text.clone(), first_line: case.first_line });
        let Ok(m) = parse_source(src.clone()) else { continue };
        if shardref_verifier::verify(&m).iter().any(|d| d.severity == Severity::Error) {
            continue;
        }
        out.push((src, shardref_verifier::partial::diagnostics(&m)));
    }
    out
}

#[test]
fn the_check_cases_find_exactly_what_their_directives_say() {
    let mut problems = vec![];
    let mut named = BTreeSet::new();
    let mut cases = 0;
    for path in mlir_files(&root().join("verifier/tests/check")) {
        let f = SuiteFile::read(&path).expect("readable");
        for case in f.cases() {
            cases += 1;
            let src = Arc::new(Source { name: f.name.clone(), text: case.text.clone(), first_line: case.first_line });
            let m = parse_source(src.clone()).unwrap_or_else(|r| panic!("{}: {r}", f.name));
            let errors: Vec<_> =
                shardref_verifier::verify(&m).into_iter().filter(|d| d.severity == Severity::Error).collect();
            assert!(errors.is_empty(), "{}:{}: does not verify: {errors:?}", f.name, case.first_line);
            let expected = directives(&src.text, src.first_line);
            named.extend(expected.iter().filter_map(|e| e.label.clone()));
            problems.extend(match_expectations(&src, &shardref_verifier::partial::diagnostics(&m), &expected));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(cases >= 15, "only {cases} cases");
    let missing: Vec<&str> =
        RULES.iter().filter(|r| r.section == "check" && !named.contains(r.label)).map(|r| r.label).collect();
    assert!(missing.is_empty(), "check labels no case names: {missing:?}");
}

#[test]
fn the_projects_own_programs_have_only_their_known_findings() {
    let text = std::fs::read_to_string(root().join("verifier/tests/check/known_findings.txt")).expect("list");
    let known: BTreeSet<(String, u32, String)> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter_map(|l| {
            let (place, label) = l.split_once(": [")?;
            let (path, line) = place.rsplit_once(':')?;
            Some((path.to_string(), line.parse().ok()?, label.trim_end_matches(']').to_string()))
        })
        .filter(|k| !k.0.starts_with("shardy-"))
        .collect();
    let mut found = BTreeSet::new();
    for dir in ["examples", "interp/tests/sharded", "cli/tests/jax", "cli/tests/programs"] {
        for path in mlir_files(&root().join(dir)) {
            for (src, diags) in checked(&path) {
                let index = LineIndex::new(&src.text);
                for d in diags {
                    let (line, _) = location(&src, &index, d.span);
                    let rel = path.strip_prefix(root()).unwrap_or(&path).display().to_string();
                    found.insert((rel, line, d.code.unwrap_or("").to_string()));
                }
            }
        }
    }
    assert_eq!(found, known);
}
