//! HLO text tests: every `tests/hlo/*.hlo` file either parses, prints, reparses to an equal IR and
//! prints the same text again, or (with an `// expect-error: [L:C: ]message` line) is rejected with
//! that message at that place. Each `// expect-print: TEXT` line names text the printing must hold
//! (XLA's own printing of a construct).

use std::path::Path;

#[test]
fn hlo_text_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hlo");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 5);
    for f in files {
        let name = f.display().to_string();
        let text = std::fs::read_to_string(&f).unwrap();
        let expect = text.lines().find_map(|l| l.strip_prefix("// expect-error:")).map(str::trim);
        let parsed = shardref_spec::hlo::parse(&name, &text);
        match (expect, parsed) {
            (Some(e), Err(report)) => {
                let rendered = report.to_string();
                assert!(rendered.contains(e), "{name}: got\n{rendered}\nexpected `{e}`");
            }
            (Some(e), Ok(_)) => panic!("{name}: parsed, expected error `{e}`"),
            (None, Err(report)) => panic!("{name}: {report}"),
            (None, Ok(m)) => {
                let p1 = shardref_spec::hlo::print::print(&m);
                let m2 = shardref_spec::hlo::parse("printed", &p1)
                    .unwrap_or_else(|r| panic!("{name}: reprint fails:\n{r}\n{p1}"));
                shardref_spec::eq::modules_equal(&m, &m2).unwrap_or_else(|e| panic!("{name}: {e}\n{p1}"));
                assert_eq!(p1, shardref_spec::hlo::print::print(&m2), "{name}: print is not a fixpoint");
                for want in text.lines().filter_map(|l| l.strip_prefix("// expect-print: ")) {
                    assert!(p1.contains(want), "{name}: the printing lacks `{want}`:\n{p1}");
                }
            }
        }
    }
}
