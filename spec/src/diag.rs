//! Diagnostics in MLIR's format: `file:line:col: error: message`, then the
//! source line and a caret, then any notes the same way.
//!
//! Invariant: a diagnostic's span indexes the text of the `Source` it was
//! produced for; `render` never panics on a span outside that text.

use std::fmt;
use std::sync::Arc;

use crate::ir::{Source, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Note,
    Remark,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        }
    }
}

/// One diagnostic. `code` names the rule that produced it: a label of the
/// verifier's rule table (`shardref_verifier::rules::RULES`, e.g.
/// `all_gather_c1`), or an error category where no rule applies
/// (`PARSE` for syntax and lowering errors, `INTERP` for the
/// interpreter's errors, ...). Tools match on the code, people read the
/// message; notes carry their parent's code.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    pub notes: Vec<Diagnostic>,
    pub code: Option<&'static str>,
}

/// The category of errors found while reading a file (grammar, lowering and
/// the parse-time attribute checks that have no rule label).
pub const PARSE: &str = "parse";

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, span, message: message.into(), notes: vec![], code: None }
    }
    pub fn with_note(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        let code = self.code;
        self.notes.push(Diagnostic { severity: Severity::Note, span, message: message.into(), notes: vec![], code });
        self
    }
    /// Sets the rule label or category (and its notes').
    pub fn with_code(mut self, code: &'static str) -> Diagnostic {
        self.code = Some(code);
        for n in &mut self.notes {
            n.code = Some(code);
        }
        self
    }
    /// Sets the code where none is set yet (for a phase's category).
    pub fn or_code(self, code: &'static str) -> Diagnostic {
        match self.code {
            Some(_) => self,
            None => self.with_code(code),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.severity.name(), self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// A line index over a source, for turning byte offsets into line and column.
#[derive(Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }
    /// 0-based line and 0-based byte column of `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = match self.starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        (line, offset - self.starts[line])
    }
    pub fn line_range(&self, line: usize, text_len: usize) -> (usize, usize) {
        let start = self.starts[line];
        let end = self.starts.get(line + 1).map(|e| e - 1).unwrap_or(text_len);
        (start, end)
    }
}

/// Where a span points: 1-based line and column in the original file.
pub fn location(source: &Source, index: &LineIndex, span: Span) -> (u32, u32) {
    if span.is_none() {
        return (0, 0);
    }
    let offset = (span.start as usize).min(source.text.len());
    let (line, _) = index.line_col(offset);
    let line_text = &source.text[index.line_range(line, source.text.len()).0..offset];
    (line as u32 + source.first_line, line_text.chars().count() as u32 + 1)
}

/// Renders diagnostics in MLIR's format.
pub fn render(source: &Source, diags: &[Diagnostic]) -> String {
    let index = LineIndex::new(&source.text);
    let mut out = String::new();
    for d in diags {
        render_one(source, &index, d, &mut out);
        for n in &d.notes {
            render_one(source, &index, n, &mut out);
        }
    }
    out
}

fn render_one(source: &Source, index: &LineIndex, d: &Diagnostic, out: &mut String) {
    use std::fmt::Write;
    if d.span.is_none() {
        let _ = writeln!(out, "{}: {}: {}", source.name, d.severity.name(), d.message);
        return;
    }
    let (line, col) = location(source, index, d.span);
    let _ = writeln!(out, "{}:{}:{}: {}: {}", source.name, line, col, d.severity.name(), d.message);
    let offset = (d.span.start as usize).min(source.text.len());
    let (l, _) = index.line_col(offset);
    let (s, e) = index.line_range(l, source.text.len());
    let text = &source.text[s..e];
    let _ = writeln!(out, "{text}");
    let pad: String = source.text[s..offset].chars().map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
    let _ = writeln!(out, "{pad}^");
}

/// A source with its diagnostics, for returning from whole-file operations.
#[derive(Debug)]
pub struct Report {
    pub source: Arc<Source>,
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(render(&self.source, &self.diagnostics).trim_end())
    }
}
