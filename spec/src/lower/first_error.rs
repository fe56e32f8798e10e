//! MLIR's message for a file the grammar rejects, where a token-level scan
//! can tell which token MLIR's parser would stop at.
//!
//! pest backtracks through ordered choices and reports the furthest position
//! any alternative reached; MLIR's recursive-descent parser stops at the first
//! token it cannot use. For a few kinds of malformed input, that first token is
//! visible to a scan over the tokens (strings and comments skipped, brackets
//! tracked):
//!
//! - a tensor type whose dimension list is followed by something that cannot
//!   start a type (`tensor<-1x8xf32>`): "expected non-function type";
//! - an attribute-dictionary entry with `=` and no value (`{a = }`), an empty
//!   `sdy.named_computation<>` name, or an empty element of `manual_axes={...}`:
//!   "expected attribute value";
//! - a token that cannot start an operation where one must start: after a
//!   top-level op's region closes, a `}` with nothing open, or the end of the
//!   input inside a region: "expected operation name in quotes";
//! - a top-level op with an undotted name (`return`, `call`, as when a
//!   function's first line is lost): "custom op 'NAME' is unknown (tried
//!   'builtin.NAME' as well)";
//! - a region entry argument of a custom form (`(%arg1: tensor<4xf32>) {`)
//!   named like an entry argument of an enclosing region: "region entry
//!   argument '%arg1' is already in use", at the argument (custom forms
//!   parse their regions without a new name scope, so enclosing regions'
//!   names stay visible; a duplicated line that opens a region does this).
//!
//! A candidate counts only at or before pest's position (MLIR's parser cannot
//! stop later than the furthest token pest reached), and the earliest one wins.
//! Errors MLIR reports with `emitWrongTokenError` are placed as it places them:
//! at the end of the previous token (whitespace, blank lines and line comments
//! skipped backwards; at the end of the input, one character back first).

use crate::diag::Diagnostic;
use crate::ir::Span;

/// MLIR's first error in `text`, if the scan finds one at or before `limit`
/// (pest's error position).
pub fn first_error(text: &str, limit: usize) -> Option<Diagnostic> {
    let mut scan = Scan::new(text, limit, false);
    scan.run();
    scan.best.map(|(_, at, msg)| Diagnostic::error(Span::new(at, at), msg))
}

/// The start of the line where the top-level op around `pos` starts (the last
/// line at or before `pos` that starts with nothing open); 0 if none.
pub fn top_level_start(text: &str, pos: usize) -> usize {
    let mut scan = Scan::new(text, 0, true);
    scan.run();
    scan.starts.iter().rev().copied().find(|&s| s <= pos).unwrap_or(0)
}

/// Only the type check of [`first_error`], for the text of one op that its
/// custom form rejected (from the op to the end of the source).
pub fn first_type_error(text: &str, limit: usize) -> Option<Diagnostic> {
    let mut scan = Scan::new(text, limit, true);
    scan.run();
    scan.best.map(|(_, at, msg)| Diagnostic::error(Span::new(at, at), msg))
}

#[derive(Clone, Copy, PartialEq)]
enum Open {
    /// `(` of a block label's argument list (`^bb0(`).
    BlockArgs,
    /// `{` opening a region.
    Region,
    /// `{` opening an attribute dictionary (or a braced list of values).
    Dict,
    /// `(`, `[` or `<`.
    Other(u8),
}

struct Scan<'a> {
    text: &'a str,
    b: &'a [u8],
    /// (token position, report position, message) of the earliest candidate.
    best: Option<(usize, usize, String)>,
    limit: usize,
    /// Whether only tensor types are checked (see [`first_type_error`]).
    only_types: bool,
    /// Whether the current top-level op has results (`%0 = ...`): then a
    /// custom form may go on after its region (`} : (...) -> ...`).
    top_results: bool,
    /// Where lines that start with nothing open begin (their first token).
    starts: Vec<usize>,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$')
}

impl<'a> Scan<'a> {
    fn new(text: &'a str, limit: usize, only_types: bool) -> Scan<'a> {
        Scan { text, b: text.as_bytes(), best: None, limit, only_types, top_results: false, starts: vec![] }
    }

    fn candidate(&mut self, token: usize, report: usize, msg: String) {
        if self.only_types && msg != "expected non-function type" {
            return;
        }
        if token <= self.limit && self.best.as_ref().is_none_or(|b| token < b.0) {
            self.best = Some((token, report, msg));
        }
    }

    /// A candidate MLIR reports with `emitWrongTokenError`.
    fn wrong_token(&mut self, token: usize, msg: &str) {
        let at = wrong_token_loc(self.text, token);
        self.candidate(token, at, msg.to_string());
    }

    /// The position of the next token at or after `i` (whitespace and line
    /// comments skipped).
    fn next_token(&self, mut i: usize) -> usize {
        loop {
            while i < self.b.len() && self.b[i].is_ascii_whitespace() {
                i += 1;
            }
            if self.b[i..].starts_with(b"//") {
                while i < self.b.len() && self.b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            return i;
        }
    }

    /// The end of the string literal starting at `i` (the byte after its closing quote).
    fn string_end(&self, mut i: usize) -> usize {
        i += 1;
        while i < self.b.len() && self.b[i] != b'"' {
            if self.b[i] == b'\\' {
                i += 1;
            }
            i += 1;
        }
        (i + 1).min(self.b.len())
    }

    fn ident_end(&self, mut i: usize) -> usize {
        while i < self.b.len() && is_ident(self.b[i]) {
            i += 1;
        }
        i
    }

    /// Whether the `{` at `i` opens an attribute dictionary (or braced value
    /// list) rather than a region: empty, or its first token is a name or a
    /// string followed by `=`, `,` or `}`.
    fn opens_dict(&self, i: usize) -> bool {
        let j = self.next_token(i + 1);
        let Some(&c) = self.b.get(j) else { return false };
        let end = match c {
            b'}' => return true,
            b'"' => self.string_end(j),
            c if is_ident_start(c) => self.ident_end(j),
            _ => return false,
        };
        let k = self.next_token(end);
        matches!(self.b.get(k), Some(b'=' | b',' | b'}'))
    }

    /// Whether `i` can start an operation (or a top-level alias or metadata).
    fn starts_op(&self, i: usize) -> bool {
        match self.b.get(i) {
            None => true,
            Some(&c) => {
                is_ident_start(c) || matches!(c, b'"' | b'%' | b'#' | b'!' | b'^') || self.b[i..].starts_with(b"{-#")
            }
        }
    }

    /// A tensor type at `i` (just after `tensor<`): the dimension list, then a type.
    fn tensor_type(&mut self, i: usize) {
        let mut j = i;
        loop {
            let k = if self.b.get(j) == Some(&b'?') || self.b.get(j) == Some(&b'*') {
                j + 1
            } else {
                let mut k = j;
                while k < self.b.len() && self.b[k].is_ascii_digit() {
                    k += 1;
                }
                k
            };
            if k > j && self.b.get(k) == Some(&b'x') {
                j = k + 1;
            } else {
                break;
            }
        }
        match self.b.get(j) {
            Some(&c) if is_ident_start(c) || c == b'!' => {}
            _ => self.wrong_token(j, "expected non-function type"),
        }
    }

    /// A line's first token at the top level: an op with an undotted name is
    /// looked up in the builtin dialect, where only `module` and
    /// `unrealized_conversion_cast` exist.
    fn top_level_line(&mut self, i: usize) {
        let mut j = i;
        self.top_results = self.b.get(j) == Some(&b'%');
        if self.b.get(j) == Some(&b'%') {
            // Results: `%name` or `%name:N`, possibly several, then `=`.
            while j < self.b.len() && !matches!(self.b[j], b'=' | b'\n') {
                j += 1;
            }
            if self.b.get(j) != Some(&b'=') {
                return;
            }
            j = self.next_token(j + 1);
        }
        if !self.b.get(j).is_some_and(|&c| is_ident_start(c)) {
            return;
        }
        let end = self.ident_end(j);
        let name = &self.text[j..end];
        if name.contains('.') || matches!(name, "module" | "unrealized_conversion_cast" | "attributes") {
            return;
        }
        let next = self.next_token(end);
        if matches!(self.b.get(next), Some(b'%' | b'@' | b'(')) {
            let msg = format!("custom op '{name}' is unknown (tried 'builtin.{name}' as well)");
            self.candidate(j, j, msg);
        }
    }

    fn run(&mut self) {
        let b = self.b;
        let mut stack: Vec<Open> = vec![];
        // Entry-argument names of the open regions (the first: the top level),
        // and the `%name: type` arguments read since the last region opened.
        let mut scopes: Vec<Vec<String>> = vec![vec![]];
        let mut pending: Vec<(String, usize)> = vec![];
        let mut line_start = true;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c == b'\n' {
                line_start = true;
                i += 1;
                continue;
            }
            if c.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            if b[i..].starts_with(b"//") {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            if line_start && stack.is_empty() {
                self.starts.push(i);
                self.top_level_line(i);
                pending.clear();
            }
            line_start = false;
            match c {
                b'"' => {
                    i = self.string_end(i);
                    continue;
                }
                b'{' => {
                    let open = if self.opens_dict(i) { Open::Dict } else { Open::Region };
                    stack.push(open);
                    if open == Open::Region {
                        if let Some((name, at)) =
                            pending.iter().find(|(n, _)| scopes.iter().any(|s| s.contains(n))).cloned()
                        {
                            self.candidate(i, at, format!("region entry argument '{name}' is already in use"));
                        }
                        scopes.push(pending.drain(..).map(|(n, _)| n).collect());
                    }
                    // `manual_axes={` with an empty element.
                    if self.text[..i].ends_with("manual_axes=") {
                        self.empty_elements(i);
                    }
                }
                b'}' => match stack.pop() {
                    None => self.wrong_token(i, "expected operation name in quotes"),
                    Some(Open::Region) if stack.is_empty() => {
                        scopes.truncate(1);
                        let next = self.next_token(i + 1);
                        if !self.starts_op(next) && !(self.top_results && b.get(next) == Some(&b':')) {
                            self.wrong_token(next, "expected operation name in quotes");
                        }
                    }
                    Some(Open::Region) => {
                        if scopes.len() > 1 {
                            scopes.pop();
                        }
                    }
                    Some(_) => {}
                },
                b'^' => {
                    // A block label: its argument list is no region's entry arguments.
                    let end = self.ident_end(i + 1);
                    if b.get(end) == Some(&b'(') {
                        stack.push(Open::BlockArgs);
                        i = end + 1;
                        continue;
                    }
                }
                b'%' => {
                    // `%name: type` (not `%name:2`, a result count) outside a block label's list.
                    let end = self.ident_end(i + 1);
                    if b.get(end) == Some(&b':')
                        && b.get(end + 1).is_some_and(|c| c.is_ascii_whitespace())
                        && stack.last() != Some(&Open::BlockArgs)
                    {
                        pending.push((self.text[i..end].to_string(), i));
                    }
                    i = end;
                    continue;
                }
                b'(' | b'[' | b'<' => stack.push(Open::Other(c)),
                b')' | b']' => {
                    stack.pop();
                }
                b'>' if i > 0 && b[i - 1] == b'-' => {}
                b'>' => {
                    stack.pop();
                }
                b'=' => {
                    // `name = }` or `name = ,` in an attribute dictionary.
                    let next = self.next_token(i + 1);
                    let after_name = i > 0 && {
                        let p = self.text[..i].trim_end();
                        p.ends_with('"') || p.as_bytes().last().is_some_and(|&c| is_ident(c))
                    };
                    // A name followed by `=` where the value should be (`{a = b = 1}`) is no value either.
                    let name_then_eq = b.get(next).is_some_and(|&c| is_ident_start(c)) && {
                        let end = self.ident_end(next);
                        b.get(self.next_token(end)) == Some(&b'=')
                    };
                    if stack.last() == Some(&Open::Dict)
                        && after_name
                        && (matches!(b.get(next), Some(b'}' | b',')) || name_then_eq)
                    {
                        self.wrong_token(next, "expected attribute value");
                    }
                }
                _ if is_ident_start(c) => {
                    let end = self.ident_end(i);
                    let word = &self.text[i..end];
                    if word == "tensor" && b.get(end) == Some(&b'<') {
                        stack.push(Open::Other(b'<'));
                        self.tensor_type(end + 1);
                        i = end + 1;
                        continue;
                    }
                    if word == "sdy.named_computation" && b.get(end) == Some(&b'<') {
                        let next = self.next_token(end + 1);
                        if b.get(next) == Some(&b'>') {
                            self.wrong_token(next, "expected attribute value");
                        }
                    }
                    i = end;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        if stack.last() == Some(&Open::Region) {
            self.wrong_token(b.len(), "expected operation name in quotes");
        }
    }

    /// An empty element of the braced list at `i`: `{,` or `, ,` or `, }`.
    fn empty_elements(&mut self, open: usize) {
        let mut i = open;
        loop {
            let next = self.next_token(i + 1);
            match self.b.get(next) {
                Some(b',' | b'}') if self.b[i] == b'{' && self.b[next] == b',' => {
                    return self.wrong_token(next, "expected attribute value");
                }
                Some(b',' | b'}') if self.b[i] == b',' => {
                    return self.wrong_token(next, "expected attribute value");
                }
                Some(b'"') => {
                    let end = self.string_end(next);
                    let after = self.next_token(end);
                    match self.b.get(after) {
                        Some(b',') => i = after,
                        _ => return,
                    }
                }
                _ => return,
            }
        }
    }
}

/// Where MLIR's `emitWrongTokenError` reports an error at the token at `pos`:
/// at the end of the input one character back; then back over spaces, tabs,
/// line ends and `//` comments to just after the previous token.
pub fn wrong_token_loc(text: &str, pos: usize) -> usize {
    let b = text.as_bytes();
    let mut pos = pos.min(b.len());
    if pos == b.len() && pos > 0 {
        pos -= 1;
    }
    let original = pos;
    let mut end = pos;
    loop {
        while end > 0 && matches!(b[end - 1], b' ' | b'\t') {
            end -= 1;
        }
        if end == 0 {
            return original;
        }
        if !matches!(b[end - 1], b'\n' | b'\r') {
            return end;
        }
        end -= 1;
        // A `//` on the line now ending at `end` starts a comment: report before it.
        let line_start = text[..end].rfind(['\n', '\r']).map_or(0, |k| k + 1);
        if let Some(k) = text[line_start..end].find("//") {
            end = line_start + k;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(text: &str) -> Option<(usize, String)> {
        first_error(text, text.len()).map(|d| (d.span.start as usize, d.message))
    }

    #[test]
    fn wrong_token_location_backs_up_to_the_previous_token() {
        assert_eq!(wrong_token_loc("a = }", 4), 3);
        assert_eq!(wrong_token_loc("x\n  // c\n\n}", 11), 1);
        assert_eq!(wrong_token_loc("ab\n", 3), 2);
    }

    #[test]
    fn valid_text_has_no_candidate() {
        let ok = "sdy.mesh @m = <[\"a\"=2]>\nfunc.func @f(%arg0: tensor<8x?xf32>) -> tensor<*xf32>\n    attributes {a = 1, b} {\n  %0 = \"x.y\"() {k = \"v\"} : () -> tensor<f32>\n  return %0 : tensor<f32>\n}\n";
        assert_eq!(first(ok), None);
        // Entry arguments of sibling regions and block labels' arguments may reuse names.
        let ok = "func.func @f(%arg0: tensor<f32>) -> tensor<f32> {\n  %0 = sdy.named_computation<\"a\">(%arg0) (%arg1: tensor<f32>) {\n    sdy.return %arg1 : tensor<f32>\n  } : (tensor<f32>) -> tensor<f32>\n  %1 = sdy.named_computation<\"b\">(%0) (%arg1: tensor<f32>) {\n    sdy.return %arg1 : tensor<f32>\n  } : (tensor<f32>) -> tensor<f32>\n  %2 = \"x.y\"(%1) ({\n  ^bb0(%arg0: tensor<f32>):\n    \"x.z\"(%arg0) : (tensor<f32>) -> ()\n  }) : (tensor<f32>) -> tensor<f32>\n  return %2 : tensor<f32>\n}\n";
        assert_eq!(first(ok), None);
    }
}
