//! Runs every `tests/programs/*.mlir` file: each `// -----` case's `@main`
//! must run to completion with all its check ops holding. A case whose first
//! line is `// expect-error: TEXT` must instead fail with an interpreter
//! error containing TEXT.

use shardref_interp::{Limits, run};
use shardref_spec::split::split_cases;

#[test]
fn programs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut failures = vec![];
    let mut cases = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for case in split_cases(&name, &text) {
            cases += 1;
            let expect_error = case
                .text
                .trim_start()
                .strip_prefix("// expect-error: ")
                .map(|r| r.lines().next().unwrap_or("").to_string());
            let m = match shardref_spec::parse(&case.name, &case.text) {
                Ok(m) => m,
                Err(r) => {
                    failures.push(format!("{}: parse error\n{r}", case.name));
                    continue;
                }
            };
            let limits = Limits { fuel: 1_000_000, ..Limits::default() };
            match (run(&m, "main", vec![], limits), expect_error) {
                (Ok(o), None) if o.check_failures.is_empty() => {
                    if o.checks_run == 0 {
                        failures.push(format!("{}: ran no check", case.name));
                    }
                }
                (Ok(o), None) => failures.push(format!("{}: {:?}", case.name, o.check_failures)),
                (Err(e), None) => failures.push(format!("{}: {e}", case.name)),
                (Err(e), Some(want)) if e.to_string().contains(&want) => {}
                (r, Some(want)) => {
                    failures.push(format!("{}: expected an error containing '{want}', got {r:?}", case.name))
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of {cases} cases failed:\n{}", failures.len(), failures.join("\n"));
}
