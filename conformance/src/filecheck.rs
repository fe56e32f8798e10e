//! A FileCheck-compatible matcher: LLVM FileCheck's directives, matching rules and failure messages.
//!
//! Upstream's lit tests describe a tool's output with `// CHECK:` lines, and this module judges an
//! output against them as `FileCheck` would, so that the conformance runner can run those suites
//! without LLVM. It implements the directives the corpora use and the rest of the common set:
//! `CHECK`, `-NEXT`, `-SAME`, `-NOT`, `-DAG`, `-LABEL`, `-EMPTY` and `-COUNT-n` (each also with the
//! `{LITERAL}` modifier), with `{{regex}}`,
//! `[[VAR:regex]]` definitions and `[[VAR]]` uses, `--check-prefix(es)` and
//! `--implicit-check-not`.
//!
//! The rules are FileCheck's own:
//! - The input is canonicalized first: every run of spaces and tabs becomes one space (unless
//!   `--strict-whitespace`), and so does every run of blanks inside a pattern. A pattern's leading
//!   and trailing blanks are ignored.
//! - `LABEL` directives are matched first, in order, and cut the input into blocks. The other
//!   directives between two labels are matched inside the block between the two label matches.
//! - A positive directive searches from the end of the previous match. `NEXT` must match on the
//!   line after it, `SAME` on its line, `EMPTY` requires the next line to be empty.
//! - A run of `DAG` directives matches in any order, each at a place that overlaps no other match
//!   of the run, all after the previous match; the next positive directive searches from the end of
//!   the run's furthest match.
//! - `NOT` directives (and every `--implicit-check-not` pattern) must not match between the
//!   previous match and the next positive one (the start of the block, and its end, where there is
//!   none).
//! - Variables keep their value until redefined. A variable used in the pattern that defines it is
//!   not supported (FileCheck allows it through backreferences): such a pattern is an error.
//!
//! Invariant: matching is deterministic and never panics on any pair of texts; a malformed check
//! file is a `CheckFailure` that names its line, like FileCheck's own errors.

use std::collections::HashMap;
use std::fmt;

use regex::Regex;

/// The FileCheck options a RUN line gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// `--check-prefix=X` / `--check-prefixes=A,B`; `CHECK` when none is given.
    pub prefixes: Vec<String>,
    /// `--implicit-check-not=Y`, each a literal pattern.
    pub implicit_check_not: Vec<String>,
    /// `--allow-empty`: an empty input is not an error by itself.
    pub allow_empty: bool,
    /// `--strict-whitespace`: blanks are matched as written.
    pub strict_whitespace: bool,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            prefixes: vec!["CHECK".to_string()],
            implicit_check_not: vec![],
            allow_empty: false,
            strict_whitespace: false,
        }
    }
}

impl CheckOptions {
    /// The options of the FileCheck stage of a RUN pipeline, from its words, e.g.
    /// `["FileCheck", "%s", "--check-prefix=FOO"]`. Words it does not know (`%s`,
    /// `--dump-input=fail`, ...) are ignored; both `-opt` and `--opt` spellings work, and so does
    /// an option's value given as the next word.
    pub fn from_args(args: &[&str]) -> CheckOptions {
        let mut o = CheckOptions { prefixes: vec![], ..CheckOptions::default() };
        let mut i = 0;
        while i < args.len() {
            let word = args[i].trim_matches(|c| c == '\'' || c == '"');
            let bare = word.trim_start_matches('-');
            let (name, inline) = match bare.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (bare, None),
            };
            let wants_value = matches!(name, "check-prefix" | "check-prefixes" | "implicit-check-not");
            let value = if wants_value {
                match inline {
                    Some(v) => Some(v),
                    None => {
                        i += 1;
                        args.get(i).map(|s| s.trim_matches(|c| c == '\'' || c == '"').to_string())
                    }
                }
            } else {
                None
            };
            if word.starts_with('-') {
                match (name, value) {
                    ("check-prefix", Some(v)) => o.prefixes.push(v),
                    ("check-prefixes", Some(v)) => {
                        o.prefixes.extend(v.split(',').filter(|p| !p.is_empty()).map(str::to_string))
                    }
                    ("implicit-check-not", Some(v)) => o.implicit_check_not.push(v),
                    ("allow-empty", _) => o.allow_empty = true,
                    ("strict-whitespace", _) => o.strict_whitespace = true,
                    _ => {}
                }
            }
            i += 1;
        }
        if o.prefixes.is_empty() {
            o.prefixes.push("CHECK".to_string());
        }
        o
    }
}

/// Why an input does not match its checks, or why the check file is malformed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckFailure {
    /// The 1-based line of the failing directive in the check file (0 when no line is to blame,
    /// as for an empty input).
    pub line: usize,
    /// FileCheck's message, with its notes on the lines after the first.
    pub message: String,
}

impl fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}: error: {}", self.line, self.message)
        } else {
            write!(f, "error: {}", self.message)
        }
    }
}

impl std::error::Error for CheckFailure {}

/// The kind of a directive: what follows the prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Plain,
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
    Count(usize),
}

impl Kind {
    fn suffix(self) -> String {
        match self {
            Kind::Plain => String::new(),
            Kind::Next => "-NEXT".into(),
            Kind::Same => "-SAME".into(),
            Kind::Not => "-NOT".into(),
            Kind::Dag => "-DAG".into(),
            Kind::Label => "-LABEL".into(),
            Kind::Empty => "-EMPTY".into(),
            Kind::Count(n) => format!("-COUNT-{n}"),
        }
    }
}

/// One piece of a pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Literal(String),
    Regex(String),
    Define(String, String),
    Use(String),
}

/// One directive of the check file.
#[derive(Clone, Debug)]
struct Directive {
    kind: Kind,
    /// The prefix alone (`CHECK`).
    prefix: String,
    /// The prefix with its suffix, as written (`CHECK-NEXT`).
    name: String,
    /// The pattern text as written (trimmed).
    text: String,
    pieces: Vec<Piece>,
    /// 1-based line in the check file.
    line: usize,
}

/// A match: byte range in the canonical input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Range {
    start: usize,
    end: usize,
}

/// Matches `input` (a tool's output) against the directives in `check_file` (a test file, or one
/// case of it). Line numbers in failures are 1-based within `check_file`.
pub fn check(input: &str, check_file: &str, opts: &CheckOptions) -> Result<(), CheckFailure> {
    let directives = parse_directives(check_file, opts)?;
    if directives.is_empty() {
        let prefixes = opts.prefixes.join("', '");
        return Err(CheckFailure {
            line: 0,
            message: format!(
                "no check strings found with prefix{} '{prefixes}:'",
                if opts.prefixes.len() > 1 { "es" } else { "" }
            ),
        });
    }
    let implicit: Vec<Directive> = opts
        .implicit_check_not
        .iter()
        .map(|p| Directive {
            kind: Kind::Not,
            prefix: "implicit-check-not".into(),
            name: "implicit-check-not".into(),
            text: p.clone(),
            pieces: vec![Piece::Literal(canonical_pattern(p, opts.strict_whitespace))],
            line: 0,
        })
        .collect();
    let text = if opts.strict_whitespace { input.to_string() } else { canonicalize(input) };
    if text.trim().is_empty() && !opts.allow_empty {
        return Err(CheckFailure { line: 0, message: "FileCheck error: input is empty".into() });
    }
    Matcher { text: &text, lines: line_starts(&text), vars: HashMap::new(), implicit: &implicit }.run(&directives)
}

/// Every run of spaces and tabs becomes one space.
fn canonicalize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut blank = false;
    for c in s.chars() {
        if c == ' ' || c == '\t' {
            if !blank {
                out.push(' ');
            }
            blank = true;
        } else {
            out.push(c);
            blank = false;
        }
    }
    out
}

fn canonical_pattern(s: &str, strict: bool) -> String {
    if strict { s.to_string() } else { canonicalize(s) }
}

fn line_starts(s: &str) -> Vec<usize> {
    std::iter::once(0).chain(s.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// The directives of a check file, in order.
fn parse_directives(file: &str, opts: &CheckOptions) -> Result<Vec<Directive>, CheckFailure> {
    let mut prefixes: Vec<&str> = opts.prefixes.iter().map(String::as_str).collect();
    // Longest first, so that `COMBINED-V3:` is read as that prefix and not as `COMBINED` with a
    // suffix it does not have.
    prefixes.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    let mut out = vec![];
    for (i, line) in file.lines().enumerate() {
        if let Some(d) = directive_in_line(line, i + 1, &prefixes, opts.strict_whitespace)? {
            out.push(d);
        }
    }
    Ok(out)
}

/// The first directive in a line, if any. A prefix counts only where it does not continue a word.
fn directive_in_line(
    line: &str,
    lineno: usize,
    prefixes: &[&str],
    strict: bool,
) -> Result<Option<Directive>, CheckFailure> {
    let mut from = 0;
    while from < line.len() {
        // The earliest place any prefix occurs at a word start.
        let mut best: Option<usize> = None;
        for p in prefixes {
            let mut at = from;
            while let Some(k) = line[at..].find(p) {
                let pos = at + k;
                let before = line[..pos].chars().next_back();
                if before.is_none_or(|c| !is_ident_char(c)) {
                    best = Some(best.map_or(pos, |b: usize| b.min(pos)));
                    break;
                }
                at = pos + p.len();
            }
        }
        let Some(pos) = best else { return Ok(None) };
        for p in prefixes.iter().filter(|p| line[pos..].starts_with(**p)) {
            let rest = &line[pos + p.len()..];
            if let Some((kind, literal, after)) = parse_suffix(rest) {
                let text = after.trim();
                if text.is_empty() && kind != Kind::Empty {
                    return Err(CheckFailure {
                        line: lineno,
                        message: format!("found empty check string with prefix '{p}{}:'", kind.suffix()),
                    });
                }
                if kind == Kind::Empty && !text.is_empty() {
                    return Err(CheckFailure {
                        line: lineno,
                        message: format!("found non-empty check string for empty check with prefix '{p}:'"),
                    });
                }
                let pieces = if literal {
                    vec![Piece::Literal(canonical_pattern(text, strict))]
                } else {
                    parse_pattern(text, lineno, strict)?
                };
                let name = format!("{p}{}{}", kind.suffix(), if literal { "{LITERAL}" } else { "" });
                return Ok(Some(Directive {
                    kind,
                    prefix: p.to_string(),
                    name,
                    text: text.to_string(),
                    pieces,
                    line: lineno,
                }));
            }
        }
        from = pos + 1;
        while from < line.len() && !line.is_char_boundary(from) {
            from += 1;
        }
    }
    Ok(None)
}

/// What follows a prefix: `:`, `-NEXT:`, ..., each optionally with the `{LITERAL}` modifier
/// before the colon (`CHECK-NEXT{LITERAL}:`), or nothing that makes a directive. The flag says
/// whether the pattern is literal text.
fn parse_suffix(rest: &str) -> Option<(Kind, bool, &str)> {
    let (kind, r) = match rest.strip_prefix('-') {
        None => (Kind::Plain, rest),
        Some(r) => {
            let named = [
                ("NEXT", Kind::Next),
                ("SAME", Kind::Same),
                ("NOT", Kind::Not),
                ("DAG", Kind::Dag),
                ("LABEL", Kind::Label),
                ("EMPTY", Kind::Empty),
            ]
            .into_iter()
            .find_map(|(name, kind)| r.strip_prefix(name).map(|after| (kind, after)));
            match named {
                Some(k) => k,
                None => {
                    let r = r.strip_prefix("COUNT-")?;
                    let digits = r.chars().take_while(char::is_ascii_digit).count();
                    let n: usize = r[..digits].parse().ok()?;
                    if n == 0 {
                        return None;
                    }
                    (Kind::Count(n), &r[digits..])
                }
            }
        }
    };
    let (literal, r) = match r.strip_prefix("{LITERAL}") {
        Some(r) => (true, r),
        None => (false, r),
    };
    let after = r.strip_prefix(':')?;
    Some((kind, literal, after))
}

/// Splits a pattern into literals, `{{regex}}`, `[[VAR:regex]]` and `[[VAR]]`.
fn parse_pattern(text: &str, lineno: usize, strict: bool) -> Result<Vec<Piece>, CheckFailure> {
    let mut pieces = vec![];
    let mut lit = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("{{") {
            let Some(end) = r.find("}}") else {
                return Err(CheckFailure {
                    line: lineno,
                    message: "found start of regex string with no end '}}'".into(),
                });
            };
            if !lit.is_empty() {
                pieces.push(Piece::Literal(canonical_pattern(&std::mem::take(&mut lit), strict)));
            }
            pieces.push(Piece::Regex(r[..end].to_string()));
            rest = &r[end + 2..];
            continue;
        }
        if let Some(r) = rest.strip_prefix("[[")
            && let Some((piece, len)) = variable(r)
        {
            if !lit.is_empty() {
                pieces.push(Piece::Literal(canonical_pattern(&std::mem::take(&mut lit), strict)));
            }
            pieces.push(piece);
            rest = &r[len..];
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        lit.push(c);
        rest = &rest[c.len_utf8()..];
    }
    if !lit.is_empty() {
        pieces.push(Piece::Literal(canonical_pattern(&lit, strict)));
    }
    Ok(pieces)
}

/// `NAME]]` or `NAME:regex]]` after `[[`, with the length consumed; None when it is no variable
/// (then `[[` is literal text).
fn variable(r: &str) -> Option<(Piece, usize)> {
    let name_len = r
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_alphanumeric() || c == '_' || (c == '$' && i == 0)))
        .map_or(r.len(), |(i, _)| i);
    let name = &r[..name_len];
    let first = name.trim_start_matches('$').chars().next()?;
    if !(first.is_ascii_alphabetic() || first == '_') {
        return None;
    }
    let after = &r[name_len..];
    if after.starts_with("]]") {
        return Some((Piece::Use(name.to_string()), name_len + 2));
    }
    let body = after.strip_prefix(':')?;
    // The definition's regex ends at the first `]]` that closes it; brackets inside a character
    // class (`[0-9]]]`) are skipped over.
    let mut depth = 0usize;
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'[' => depth += 1,
            b']' if depth > 0 => depth -= 1,
            b']' if bytes.get(i + 1) == Some(&b']') => {
                return Some((Piece::Define(name.to_string(), body[..i].to_string()), name_len + 1 + i + 2));
            }
            _ => {}
        }
        i += 1;
    }
    None
}

struct Matcher<'a> {
    text: &'a str,
    lines: Vec<usize>,
    vars: HashMap<String, String>,
    implicit: &'a [Directive],
}

impl Matcher<'_> {
    /// The 0-based line of a byte offset.
    fn line_of(&self, pos: usize) -> usize {
        self.lines.partition_point(|&s| s <= pos).saturating_sub(1)
    }

    fn line_text(&self, line: usize) -> &str {
        let start = self.lines[line];
        let end = self.lines.get(line + 1).map_or(self.text.len(), |&e| e - 1);
        &self.text[start..end.max(start)]
    }

    fn run(&mut self, ds: &[Directive]) -> Result<(), CheckFailure> {
        // Labels first: each is searched after the previous label's match.
        let mut labels: Vec<(usize, Range)> = vec![];
        let mut pos = 0;
        for (i, d) in ds.iter().enumerate().filter(|(_, d)| d.kind == Kind::Label) {
            if d.pieces.iter().any(|p| matches!(p, Piece::Define(..))) {
                return Err(CheckFailure {
                    line: d.line,
                    message: format!("{}: label may not contain variable definitions", d.name),
                });
            }
            match self.find(d, pos, self.text.len())? {
                Some(r) => {
                    labels.push((i, r));
                    pos = r.end;
                }
                None => return Err(self.not_found(d, pos, self.text.len())),
            }
        }
        // Then each block: the directives written before the first label, and those after each
        // label up to the next one, matched between the two label matches.
        let len = self.text.len();
        let Some(&(first, first_range)) = labels.first() else { return self.block(ds, 0, len, None) };
        self.block(&ds[..first], 0, first_range.start, None)?;
        for (k, &(li, lr)) in labels.iter().enumerate() {
            let (end_dir, hi) = labels.get(k + 1).map_or((ds.len(), len), |&(j, r)| (j, r.start));
            self.block(&ds[li + 1..end_dir], lr.end, hi, Some(lr))?;
        }
        Ok(())
    }

    /// Matches a block's directives inside `[lo, hi)`; `prev` is the match before the block
    /// (its label), if any.
    fn block(&mut self, ds: &[Directive], lo: usize, hi: usize, prev: Option<Range>) -> Result<(), CheckFailure> {
        if ds.is_empty() && self.implicit.is_empty() {
            return Ok(());
        }
        let mut prev = prev;
        let mut cursor = lo;
        let mut nots: Vec<&Directive> = vec![];
        let mut i = 0;
        while i < ds.len() {
            let d = &ds[i];
            match d.kind {
                Kind::Label => {
                    i += 1;
                }
                Kind::Not => {
                    nots.push(d);
                    i += 1;
                }
                Kind::Dag => {
                    let group_end = ds[i..].iter().position(|d| d.kind != Kind::Dag).map_or(ds.len(), |k| i + k);
                    let mut found: Vec<Range> = vec![];
                    for d in &ds[i..group_end] {
                        let mut from = cursor;
                        let r = loop {
                            match self.find(d, from, hi)? {
                                Some(r) if found.iter().any(|f| r.start < f.end && f.start < r.end) => {
                                    from = found
                                        .iter()
                                        .filter(|f| r.start < f.end && f.start < r.end)
                                        .map(|f| f.end)
                                        .max()
                                        .unwrap_or(r.end)
                                        .max(r.start + 1);
                                }
                                Some(r) => break r,
                                None => return Err(self.not_found(d, cursor, hi)),
                            }
                        };
                        found.push(r);
                    }
                    let first = found.iter().map(|r| r.start).min().unwrap_or(cursor);
                    self.check_nots(&nots, cursor, first)?;
                    nots.clear();
                    let last = *found.iter().max_by_key(|r| r.end).unwrap_or(&Range { start: cursor, end: cursor });
                    cursor = last.end;
                    prev = Some(last);
                    i = group_end;
                }
                Kind::Plain | Kind::Next | Kind::Same | Kind::Empty | Kind::Count(_) => {
                    let times = if let Kind::Count(n) = d.kind { n } else { 1 };
                    for _ in 0..times {
                        let r = self.positive(d, prev, cursor, hi)?;
                        self.check_nots(&nots, cursor, r.start)?;
                        nots.clear();
                        cursor = r.end;
                        prev = Some(r);
                    }
                    i += 1;
                }
            }
        }
        self.check_nots(&nots, cursor, hi)
    }

    /// A positive directive, searched from `cursor`.
    fn positive(
        &mut self,
        d: &Directive,
        prev: Option<Range>,
        cursor: usize,
        hi: usize,
    ) -> Result<Range, CheckFailure> {
        if matches!(d.kind, Kind::Next | Kind::Same | Kind::Empty) && prev.is_none() {
            return Err(CheckFailure {
                line: d.line,
                message: format!("found '{}' without previous '{}: line", d.name, d.prefix),
            });
        }
        if d.kind == Kind::Empty {
            let prev_line = self.line_of(prev.map_or(cursor, |p| p.end));
            let next = prev_line + 1;
            if next < self.lines.len() && self.lines[next] <= hi && self.line_text(next).is_empty() {
                let at = self.lines[next];
                return Ok(Range { start: at, end: at });
            }
            let mut f = self.not_found(d, cursor, hi);
            f.message = format!(
                "{}: expected string not found in input\n{}",
                d.name,
                f.message.split_once('\n').map_or("", |(_, n)| n)
            );
            return Err(f);
        }
        let Some(r) = self.find(d, cursor, hi)? else { return Err(self.not_found(d, cursor, hi)) };
        if let Some(p) = prev {
            let pl = self.line_of(p.end);
            let ml = self.line_of(r.start);
            match d.kind {
                Kind::Next if ml == pl => {
                    return Err(self.misplaced(d, r, "is on the same line as previous match"));
                }
                Kind::Next if ml != pl + 1 => {
                    return Err(self.misplaced(d, r, "is not on the line after the previous match"));
                }
                Kind::Same if ml != pl => {
                    return Err(self.misplaced(d, r, "is not on the same line as the previous match"));
                }
                _ => {}
            }
        }
        Ok(r)
    }

    /// Every pending `NOT` and every implicit one must not match in `[lo, hi)`.
    fn check_nots(&mut self, nots: &[&Directive], lo: usize, hi: usize) -> Result<(), CheckFailure> {
        let implicit = self.implicit;
        for d in nots.iter().copied().chain(implicit.iter()) {
            if let Some(r) = self.find(d, lo, hi)? {
                let l = self.line_of(r.start);
                return Err(CheckFailure {
                    line: d.line,
                    message: format!(
                        "{}: excluded string found in input\n  {}: {}\n  note: found here, input line {}: {}",
                        d.name,
                        d.name,
                        d.text,
                        l + 1,
                        self.line_text(l)
                    ),
                });
            }
        }
        Ok(())
    }

    /// The first match of `d` starting in `[from, hi)` and ending by `hi`; binds its variables.
    fn find(&mut self, d: &Directive, from: usize, hi: usize) -> Result<Option<Range>, CheckFailure> {
        let mut src = String::new();
        let mut defs: Vec<(usize, String)> = vec![];
        let mut group = 0usize;
        let mut defined_here: Vec<&str> = vec![];
        for p in &d.pieces {
            match p {
                Piece::Literal(s) => src.push_str(&regex::escape(s)),
                Piece::Regex(r) => {
                    src.push_str("(?:");
                    src.push_str(r);
                    src.push(')');
                    group += count_groups(r);
                }
                Piece::Define(name, r) => {
                    group += 1;
                    defs.push((group, name.clone()));
                    defined_here.push(name);
                    src.push('(');
                    src.push_str(r);
                    src.push(')');
                    group += count_groups(r);
                }
                Piece::Use(name) => {
                    if defined_here.contains(&name.as_str()) {
                        return Err(CheckFailure {
                            line: d.line,
                            message: format!(
                                "{}: variable '{name}' is used in the pattern that defines it, which shardref does not support",
                                d.name
                            ),
                        });
                    }
                    match self.vars.get(name) {
                        Some(v) => src.push_str(&regex::escape(v)),
                        None => {
                            return Err(CheckFailure {
                                line: d.line,
                                message: format!("{}: undefined variable: {name}\n  {}: {}", d.name, d.name, d.text),
                            });
                        }
                    }
                }
            }
        }
        let re = Regex::new(&src).map_err(|e| CheckFailure {
            line: d.line,
            message: format!("{}: invalid regex: {}", d.name, e.to_string().lines().last().unwrap_or("")),
        })?;
        let hi = hi.min(self.text.len());
        if from > hi {
            return Ok(None);
        }
        let mut at = from;
        while at <= hi {
            let Some(c) = re.captures_at(self.text, at) else { return Ok(None) };
            let m = c.get(0).map_or(Range { start: at, end: at }, |m| Range { start: m.start(), end: m.end() });
            if m.start > hi {
                return Ok(None);
            }
            if m.end <= hi {
                for (g, name) in &defs {
                    if let Some(v) = c.get(*g) {
                        self.vars.insert(name.clone(), v.as_str().to_string());
                    }
                }
                return Ok(Some(m));
            }
            // A match that runs past the block's end: look for a shorter one further on.
            at = m.start + 1;
            while at < self.text.len() && !self.text.is_char_boundary(at) {
                at += 1;
            }
        }
        Ok(None)
    }

    /// FileCheck's "expected string not found": where the search started and the nearest line.
    fn not_found(&self, d: &Directive, from: usize, hi: usize) -> CheckFailure {
        let scan = self.line_of(from.min(self.text.len()));
        let mut message = format!(
            "{}: expected string not found in input\n  {}: {}\n  note: scanning from here, input line {}: {}",
            d.name,
            d.name,
            d.text,
            scan + 1,
            self.line_text(scan)
        );
        if let Some((line, _)) = self.nearest(d, scan, self.line_of(hi.min(self.text.len()))) {
            message.push_str(&format!(
                "\n  note: possible intended match here, input line {}: {}",
                line + 1,
                self.line_text(line)
            ));
        }
        CheckFailure { line: d.line, message }
    }

    fn misplaced(&self, d: &Directive, r: Range, what: &str) -> CheckFailure {
        let l = self.line_of(r.start);
        CheckFailure {
            line: d.line,
            message: format!(
                "{}: {what}\n  {}: {}\n  note: match found here, input line {}: {}",
                d.name,
                d.name,
                d.text,
                l + 1,
                self.line_text(l)
            ),
        }
    }

    /// The line in `[from, to]` whose text is closest (by edit distance) to the pattern's
    /// literal text, as FileCheck's "possible intended match" note; None when none is close.
    fn nearest(&self, d: &Directive, from: usize, to: usize) -> Option<(usize, usize)> {
        let want: String = d
            .pieces
            .iter()
            .filter_map(|p| if let Piece::Literal(s) = p { Some(s.as_str()) } else { None })
            .collect::<Vec<_>>()
            .join("");
        let want = want.trim();
        if want.is_empty() {
            return None;
        }
        let mut best: Option<(usize, usize)> = None;
        for l in from..=to.min(self.lines.len() - 1).min(from + 4096) {
            let line = self.line_text(l);
            let dist = window_distance(want, line);
            if best.is_none_or(|(_, b)| dist < b) {
                best = Some((l, dist));
            }
        }
        best.filter(|&(_, dist)| dist * 2 <= want.chars().count())
    }
}

/// The number of capturing groups a regex source opens (so that variable groups can be numbered).
fn count_groups(r: &str) -> usize {
    let b = r.as_bytes();
    let mut n = 0;
    let mut i = 0;
    let mut in_class = false;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            b'(' if !in_class => {
                if b.get(i + 1) != Some(&b'?') || b.get(i + 2) == Some(&b'P') || b.get(i + 2) == Some(&b'<') {
                    n += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    n
}

/// The smallest edit distance between `want` and any substring of `line` (a semi-global
/// alignment), bounded in cost by the two lengths.
fn window_distance(want: &str, line: &str) -> usize {
    let a: Vec<char> = want.chars().collect();
    let b: Vec<char> = line.chars().take(2000).collect();
    let mut prev: Vec<usize> = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev.into_iter().min().unwrap_or(a.len())
}
