//! Verifier fuzzing (`shardref difftest --engines verify`): mutate generated
//! and corpus modules and compare shardref's accept/reject and first message
//! with Shardy's (`shardy_opt.py`, jaxlib's parser and verifiers).
//!
//! Mutations are the fuzz targets' structure-aware ones
//! (`fuzz/fuzz_targets/mutate.rs`, included here so both use one mutator):
//! renamed axes, changed sizes and integers, dropped or duplicated axes,
//! changed sharding ranks, tensor ranks and shapes, dropped or duplicated
//! lines. Mutant `i` applies 1 to 3 mutations to base `i mod bases` with the
//! mutator seeded by `seed + i`, so a run is reproducible.
//!
//! Shardy judges mutants in batches (one `--split-input-file` process per
//! batch); when a batch's process dies (Shardy crashes on one of its
//! modules) the batch is bisected, and the case that kills its process
//! alone is a Shardy crash.
//!
//! Agreement: both accept, or both reject. Messages agree when, with
//! locations and the `'op' op` / `custom op` prefixes removed, one contains
//! the other.

use std::path::Path;

use crate::engines::Python;
use crate::engines::shardref::load;

#[path = "../../../fuzz/fuzz_targets/mutate.rs"]
#[allow(dead_code)]
mod mutate;

/// A verifier's verdict on a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accept,
    /// The first error's message.
    Reject(String),
    /// The verifier's process died (Shardy only).
    Crash(String),
}

/// shardref's verdict: parse, then verify.
pub fn shardref_verdict(text: &str) -> Verdict {
    match load("mutant.mlir", text) {
        Ok(_) => Verdict::Accept,
        Err(e) => Verdict::Reject(message_line(&e)),
    }
}

/// The line of a rendered report that holds the message.
fn message_line(report: &str) -> String {
    report.lines().find(|l| l.contains("error: ")).or_else(|| report.lines().next()).unwrap_or("").trim().to_string()
}

/// A message without location and op prefixes, for comparison.
pub fn normalize(msg: &str) -> String {
    let mut m = msg.trim();
    if let Some(i) = m.find("error: ") {
        m = &m[i + "error: ".len()..];
    }
    for prefix in ["custom op '", "'"] {
        if let Some(rest) = m.strip_prefix(prefix)
            && let Some(j) = rest.find('\'')
        {
            let after = rest[j + 1..].trim_start();
            m = after.strip_prefix("op ").unwrap_or(after);
        }
    }
    m.trim().to_string()
}

/// Whether two messages say the same thing (see the module header).
pub fn same_message(a: &str, b: &str) -> bool {
    let (a, b) = (normalize(a), normalize(b));
    !a.is_empty() && !b.is_empty() && (a.contains(&b) || b.contains(&a))
}

/// The mutants: `count` of them, starting at mutant `first`.
pub fn mutants(bases: &[String], seed: u64, first: usize, count: usize) -> Vec<String> {
    (first..first + count)
        .map(|i| {
            let base = &bases[i % bases.len().max(1)];
            let mut rng = mutate::Rng::new(seed.wrapping_add(i as u64) as u32);
            let mut t = base.clone();
            for _ in 0..=rng.below(3) {
                if let Some(next) = mutate::mutate_text(&t, &mut rng) {
                    t = next;
                }
            }
            // A case separator inside a mutant would split it in two for Shardy.
            t.lines().filter(|l| !l.starts_with("// -----")).collect::<Vec<_>>().join("\n") + "\n"
        })
        .collect()
}

/// Shardy's verdicts on `texts`: one batch process; when it dies, each
/// half again (bisecting down to the module that kills the process, which
/// is a Shardy crash), run in `dir`.
pub fn shardy_verdicts(python: &Python, texts: &[String], dir: &Path) -> Vec<Verdict> {
    if let Some(v) = shardy_batch(python, texts, dir) {
        return v;
    }
    if texts.len() == 1 {
        return vec![Verdict::Crash("shardy_opt.py died (a crash) on this module".into())];
    }
    let (a, b) = texts.split_at(texts.len() / 2);
    let mut out = shardy_verdicts(python, a, dir);
    out.extend(shardy_verdicts(python, b, dir));
    out
}

/// One process over `texts`; `None` when it died before judging them all.
fn shardy_batch(python: &Python, texts: &[String], dir: &Path) -> Option<Vec<Verdict>> {
    let file = dir.join("batch.mlir");
    let mut joined = String::new();
    for (i, t) in texts.iter().enumerate() {
        if i > 0 {
            joined.push_str("// -----\n");
        }
        joined.push_str(t);
    }
    std::fs::write(&file, joined).ok()?;
    let out = std::process::Command::new(&python.python)
        .arg(python.oracles.join("shardy_opt.py"))
        .arg("--split-input-file")
        .arg(&file)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let verdicts = parse_batch(&stdout, texts.len());
    (verdicts.len() == texts.len()).then_some(verdicts)
}

/// Reads `// ----- case i: ok|FAILED` sections (a single case prints no header).
fn parse_batch(stdout: &str, n: usize) -> Vec<Verdict> {
    if n == 1 && !stdout.starts_with("// ----- case") {
        return match stdout.strip_prefix("parse/verify failed:") {
            Some(rest) => vec![Verdict::Reject(first_nonempty(rest))],
            None if stdout.trim_start().starts_with("module") => vec![Verdict::Accept],
            None => vec![],
        };
    }
    let mut out = vec![];
    let mut sections = stdout.split("// ----- case ").skip(1).peekable();
    while let Some(sec) = sections.next() {
        let (head, body) = sec.split_once('\n').unwrap_or((sec, ""));
        if head.ends_with(": ok") {
            out.push(Verdict::Accept);
        } else {
            let rest = body.strip_prefix("parse/verify failed:").unwrap_or(body);
            out.push(Verdict::Reject(first_nonempty(rest)));
        }
    }
    out
}

fn first_nonempty(s: &str) -> String {
    s.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("").to_string()
}

/// The comparison of one mutant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Agreement {
    BothAccept,
    BothRejectSameMessage,
    BothRejectOtherMessage,
    OnlyShardrefRejects,
    OnlyShardyRejects,
    ShardyCrashes,
}

impl Agreement {
    pub fn of(ours: &Verdict, theirs: &Verdict) -> Agreement {
        match (ours, theirs) {
            (_, Verdict::Crash(_)) => Agreement::ShardyCrashes,
            (Verdict::Accept, Verdict::Accept) => Agreement::BothAccept,
            (Verdict::Reject(a), Verdict::Reject(b)) if same_message(a, b) => Agreement::BothRejectSameMessage,
            (Verdict::Reject(_), Verdict::Reject(_)) => Agreement::BothRejectOtherMessage,
            (Verdict::Reject(_), Verdict::Accept) => Agreement::OnlyShardrefRejects,
            (Verdict::Accept, Verdict::Reject(_)) => Agreement::OnlyShardyRejects,
            (Verdict::Crash(_), _) => Agreement::ShardyCrashes,
        }
    }

    /// Whether the accept/reject verdicts agree.
    pub fn verdicts_agree(self) -> bool {
        matches!(self, Agreement::BothAccept | Agreement::BothRejectSameMessage | Agreement::BothRejectOtherMessage)
    }

    pub fn name(self) -> &'static str {
        match self {
            Agreement::BothAccept => "both accept",
            Agreement::BothRejectSameMessage => "both reject, same message",
            Agreement::BothRejectOtherMessage => "both reject, other messages",
            Agreement::OnlyShardrefRejects => "only shardref rejects",
            Agreement::OnlyShardyRejects => "only Shardy rejects",
            Agreement::ShardyCrashes => "Shardy crashes",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_compare_without_locations_and_op_prefixes() {
        assert!(same_message(
            "m.mlir:1:1: error: duplicate axis name: \"x\"",
            "custom op 'sdy.mesh' duplicate axis name: \"x\""
        ));
        assert!(same_message(
            "f.mlir:3:4: error: 'func.func' op arg 0 - unknown axis name: \"y\"",
            "'func.func' op arg 0 - unknown axis name: \"y\""
        ));
        assert!(!same_message("error: unknown axis name: \"y\"", "expected non-function type"));
        assert_eq!(
            parse_batch("// ----- case 0: ok\nmodule {\n}\n// ----- case 1: FAILED\nparse/verify failed:\nboom\n", 2),
            vec![Verdict::Accept, Verdict::Reject("boom".into())]
        );
    }

    #[test]
    fn mutants_are_reproducible_and_change_the_text() {
        let bases = vec!["sdy.mesh @mesh = <[\"x\"=2, \"y\"=4]>\n".to_string()];
        let a = mutants(&bases, 7, 0, 20);
        assert_eq!(a, mutants(&bases, 7, 0, 20));
        assert!(a.iter().any(|m| m != &bases[0]));
    }
}
