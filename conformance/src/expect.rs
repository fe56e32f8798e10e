//! MLIR's `-verify-diagnostics` directives: `// expected-error @+1 {{text}}`,
//! `@-N`, `@above`, `@below`, no offset (the directive's own line), and the
//! `expected-note`/`expected-warning`/`expected-remark` kinds. Matching is by
//! substring, as in MLIR.
//!
//! shardref's extension: the text may start with the rule's label in
//! brackets, `// expected-error @+1 {{[all_gather_c1] all_gather_dim must be}}`;
//! the diagnostic must then also carry that label (`Diagnostic::code`).
//! The rest is matched as MLIR matches it. (Upstream's tools read the
//! bracket as part of the text, so files that name labels are shardref's own.)

use shardref_spec::Source;
use shardref_spec::diag::{Diagnostic, LineIndex, Severity, location};

use crate::first_line;

#[derive(Clone, Debug, PartialEq)]
pub struct Expected {
    pub severity: Severity,
    /// 1-based line in the original file that the diagnostic must point at.
    pub line: u32,
    pub text: String,
    /// The rule label the diagnostic must carry, when the directive names one.
    pub label: Option<String>,
    /// Line of the directive itself, for reporting.
    pub directive_line: u32,
}

/// Reads every directive of a case whose text starts at `first_line` of its file.
pub fn directives(text: &str, first_line: u32) -> Vec<Expected> {
    let mut out = vec![];
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let here = first_line + i as u32;
        let mut rest = *line;
        while let Some(pos) = rest.find("expected-") {
            rest = &rest[pos + "expected-".len()..];
            let (severity, after) = if let Some(r) = rest.strip_prefix("error") {
                (Severity::Error, r)
            } else if let Some(r) = rest.strip_prefix("warning") {
                (Severity::Warning, r)
            } else if let Some(r) = rest.strip_prefix("note") {
                (Severity::Note, r)
            } else if let Some(r) = rest.strip_prefix("remark") {
                (Severity::Remark, r)
            } else {
                continue;
            };
            let after = after.trim_start();
            let (target, after) = if let Some(r) = after.strip_prefix('@') {
                let end = r.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(r.len());
                let spec = &r[..end];
                let target = match spec {
                    "above" => previous_code_line(&lines, i).map(|j| first_line + j as u32),
                    "below" => next_code_line(&lines, i).map(|j| first_line + j as u32),
                    s => s.parse::<i64>().ok().map(|d| (here as i64 + d) as u32),
                };
                (target, &r[end..])
            } else {
                (Some(here), after)
            };
            let after = after.trim_start();
            let Some(body) = after.strip_prefix("{{") else { continue };
            let Some(end) = body.find("}}") else { continue };
            if let Some(line) = target {
                let (label, text) = split_label(&body[..end]);
                out.push(Expected { severity, line, text, label, directive_line: here });
            }
            rest = &body[end + 2..];
        }
    }
    out
}

/// `[label] text` as the label and the text; any other text as itself.
fn split_label(body: &str) -> (Option<String>, String) {
    if let Some(rest) = body.strip_prefix('[')
        && let Some((label, text)) = rest.split_once(']')
        && label.starts_with(|c: char| c.is_ascii_lowercase())
        && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
    {
        return (Some(label.to_string()), text.trim_start().to_string());
    }
    (None, body.to_string())
}

fn is_directive_only(l: &str) -> bool {
    let t = l.trim_start();
    t.starts_with("//") && t.contains("expected-")
}

fn previous_code_line(lines: &[&str], i: usize) -> Option<usize> {
    (0..i).rev().find(|&j| !is_directive_only(lines[j]))
}

fn next_code_line(lines: &[&str], i: usize) -> Option<usize> {
    (i + 1..lines.len()).find(|&j| !is_directive_only(lines[j]))
}

/// Matches diagnostics against directives; returns one line per problem
/// (an unexpected diagnostic or an expected one that was not produced).
pub fn match_expectations(source: &Source, diags: &[Diagnostic], expected: &[Expected]) -> Vec<String> {
    let index = LineIndex::new(&source.text);
    let mut used = vec![false; expected.len()];
    let mut problems = vec![];
    let flat = diags.iter().flat_map(|d| std::iter::once(d).chain(d.notes.iter()));
    for d in flat {
        let (line, col) = location(source, &index, d.span);
        let hit = expected.iter().enumerate().find(|(i, e)| {
            !used[*i]
                && e.severity == d.severity
                && e.line == line
                && d.message.contains(&e.text)
                && e.label.as_ref().is_none_or(|l| d.code == Some(l.as_str()))
        });
        match hit {
            Some((i, _)) => used[i] = true,
            None => problems.push(format!(
                "{}:{line}:{col}: unexpected {}{}: {}",
                source.name,
                d.severity.name(),
                d.code.map(|c| format!(" [{c}]")).unwrap_or_default(),
                first_line(&d.message)
            )),
        }
    }
    for (e, u) in expected.iter().zip(&used) {
        if !u {
            problems.push(format!(
                "{}:{}: expected {} {}\"{}\" was not produced",
                source.name,
                e.directive_line,
                e.severity.name(),
                e.label.as_ref().map(|l| format!("[{l}] ")).unwrap_or_default(),
                e.text
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_and_kinds() {
        let t =
            "a\n// expected-error @+1 {{bad thing}}\nb\nc // expected-note {{here}}\n// expected-error @above {{up}}\n";
        let d = directives(t, 10);
        assert_eq!(d.len(), 3);
        assert_eq!((d[0].line, d[0].text.as_str()), (12, "bad thing"));
        assert_eq!((d[1].severity, d[1].line), (Severity::Note, 13));
        assert_eq!(d[2].line, 13);
    }

    #[test]
    fn a_bracketed_label_is_split_off() {
        let d =
            directives("// expected-error @+1 {{[all_gather_c1] must be valid}}\nop\n// expected-error {{[x] y}}\n", 1);
        assert_eq!((d[0].label.as_deref(), d[0].text.as_str()), (Some("all_gather_c1"), "must be valid"));
        assert_eq!(d[1].label.as_deref(), Some("x"));
        let plain = directives("// expected-error @+1 {{[0, 2) is out of range}}\n", 1);
        assert_eq!((plain[0].label.as_deref(), plain[0].text.as_str()), (None, "[0, 2) is out of range"));
    }

    #[test]
    fn below_skips_other_directives() {
        let t = "// expected-error@below {{x}}\n// expected-error@+2 {{y}}\nop\n";
        let d = directives(t, 1);
        assert_eq!(d[0].line, 3);
        assert_eq!(d[1].line, 4);
    }
}
