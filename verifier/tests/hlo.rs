//! Runs the HLO verifier tests: each `tests/hlo/*.hlo` file names the rule it breaks
//! (`// label: ...`, `none` for a module that must verify cleanly) and a substring the first
//! diagnostic must hold (`// expect: ...`).

use std::path::Path;

fn header<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines().find_map(|l| l.strip_prefix(key)).map(str::trim).unwrap_or("")
}

#[test]
fn hlo_verifier_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hlo");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut labels = std::collections::BTreeSet::new();
    assert!(files.len() >= 10, "expected the HLO verifier test files in {}", dir.display());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let label = header(&text, "// label:");
        let expect = header(&text, "// expect:");
        let m = shardref_spec::hlo::parse(&f.display().to_string(), &text)
            .unwrap_or_else(|r| panic!("{} does not parse:\n{r}", f.display()));
        let diags = shardref_verifier::hlo::verify(&m);
        if label == "none" {
            assert!(diags.is_empty(), "{}: unexpected diagnostics {diags:?}", f.display());
        } else {
            let first =
                diags.first().unwrap_or_else(|| panic!("{}: verified cleanly, expected `{expect}`", f.display()));
            assert!(first.message.contains(expect), "{}: got `{}`, expected `{expect}`", f.display(), first.message);
            labels.insert(label.to_string());
        }
    }
    for l in [
        "async-pairing",
        "async-shapes",
        "async-thread",
        "async-computation",
        "tuple-typing",
        "collective-permute-pairs",
        "dedicated-shapes",
        "select-operands",
        "iota-dimension",
        "compare-type",
        "composite-call",
        "fusion-shape",
        "call-operands",
        "called-thread",
        "collective-shapes",
        "replica-groups-uniform",
        "sharding-devices",
        "all-reduce-layout",
        "rng-seed",
        "ragged-offsets",
        "while-sharding",
        "collective-permute-in-place",
    ] {
        assert!(labels.contains(l), "no negative test for label {l}");
    }
}
