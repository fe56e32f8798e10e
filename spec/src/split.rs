//! Splitting a test file into cases, as MLIR's `-split-input-file` and LLVM's
//! `split-file` do: `//--- name` starts a sub-file (text before the first one
//! is dropped), and a line `// -----` separates cases within a (sub-)file.

/// One case of a split file.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    /// `file`, `file:N` (the N-th `// -----` chunk, from 1) or `file/part` for split-file parts.
    pub name: String,
    /// The split-file part this case came from, if any.
    pub part: Option<String>,
    /// The chunk's text.
    pub text: String,
    /// 1-based line number of the chunk's first line in the original file.
    pub first_line: u32,
}

fn is_separator(line: &str) -> bool {
    line.trim_end() == "// -----"
}

/// Splits on `//--- name` first, then on `// -----` within each part.
pub fn split_cases(file_name: &str, text: &str) -> Vec<Case> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let has_parts = lines.iter().any(|l| l.starts_with("//--- "));
    let mut parts: Vec<(Option<String>, usize, usize)> = vec![]; // (name, first line index, end)
    if has_parts {
        let mut cur: Option<(String, usize)> = None;
        for (i, l) in lines.iter().enumerate() {
            if let Some(name) = l.strip_prefix("//--- ") {
                if let Some((n, s)) = cur.take() {
                    parts.push((Some(n), s, i));
                }
                cur = Some((name.trim().to_string(), i + 1));
            }
        }
        if let Some((n, s)) = cur {
            parts.push((Some(n), s, lines.len()));
        }
    } else {
        parts.push((None, 0, lines.len()));
    }
    let mut cases = vec![];
    for (part, start, end) in parts {
        let mut chunk_start = start;
        let mut chunks = vec![];
        for i in start..end {
            if is_separator(lines[i]) {
                chunks.push((chunk_start, i));
                chunk_start = i + 1;
            }
        }
        chunks.push((chunk_start, end));
        let many = chunks.len() > 1;
        for (k, (s, e)) in chunks.into_iter().enumerate() {
            let base = match &part {
                Some(p) => format!("{file_name}/{p}"),
                None => file_name.to_string(),
            };
            let name = if many { format!("{base}:{}", k + 1) } else { base };
            cases.push(Case { name, part: part.clone(), text: lines[s..e].concat(), first_line: s as u32 + 1 });
        }
    }
    cases
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_separators_and_parts() {
        let t = "a\n// -----\nb\nc\n// -----\nd\n";
        let c = split_cases("f", t);
        assert_eq!(c.len(), 3);
        assert_eq!((c[1].text.as_str(), c[1].first_line), ("b\nc\n", 3));
        let t = "// RUN: x\n//--- p1.mlir\nx\n//--- p2.mlir\ny\n// -----\nz\n";
        let c = split_cases("f", t);
        assert_eq!(c.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["f/p1.mlir", "f/p2.mlir:1", "f/p2.mlir:2"]);
        assert_eq!(c[2].first_line, 7);
    }
}
