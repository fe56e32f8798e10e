//! Attribute values of HLO text as token trees, their canonical text, and typed views.
//!
//! An attribute value is a run of tokens: words (`kLoop`, `devices=`, `<=`, `3x3`, `%add`), strings,
//! commas and bracket groups that nest. The canonical text of a tree is what the IR stores and the
//! printer writes: one space between two words or strings that whitespace separated in the source,
//! nothing around punctuation and brackets, strings with double quotes and C escapes, and `%` dropped
//! from the front of words that go on with a name (names print without it inside values; the printer
//! adds it back where XLA writes it). Reading the canonical text back gives the same tree, so canonical text is a
//! fixpoint.
//!
//! Small readers (integer lists, iota device lists) decode parts of a tree on demand; the typed
//! views of whole values built on them (shardings, replica groups, in their list, iota and mesh
//! forms) are in `device_attrs` and `named`, above this module.

use pest::iterators::Pair;

use super::Rule;

/// One token of an attribute value.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Word(String),
    Str(Vec<u8>),
    Comma,
    /// A bracket group: its opening bracket (`{`, `[` or `(`) and its items, each with whether
    /// whitespace separated it from the item before.
    Group(char, Vec<(bool, Tok)>),
}

impl Tok {
    pub fn as_word(&self) -> Option<&str> {
        match self {
            Tok::Word(w) => Some(w),
            _ => None,
        }
    }
    pub fn is_word_like(&self) -> bool {
        matches!(self, Tok::Word(_) | Tok::Str(_))
    }
    /// The items of a group with the given bracket.
    pub fn group(&self, open: char) -> Option<&[(bool, Tok)]> {
        match self {
            Tok::Group(c, items) if *c == open => Some(items),
            _ => None,
        }
    }
}

/// Reads the tokens of an `attr_value`, `literal`, `layout_body` or group pair.
pub fn from_pairs<'a>(pairs: impl Iterator<Item = Pair<'a, Rule>>) -> Vec<(bool, Tok)> {
    let mut out = vec![];
    let mut last_end: Option<usize> = None;
    for p in pairs {
        let span = p.as_span();
        let spaced = last_end.is_some_and(|e| e < span.start());
        last_end = Some(span.end());
        if let Some(t) = from_pair(p) {
            out.push((spaced, t));
        }
    }
    out
}

fn from_pair(p: Pair<'_, Rule>) -> Option<Tok> {
    match p.as_rule() {
        Rule::word => Some(Tok::Word(word_text(p.as_str()).to_string())),
        Rule::string => Some(Tok::Str(unescape(p.as_str()))),
        Rule::comma => Some(Tok::Comma),
        Rule::group => from_pair(p.into_inner().next()?),
        Rule::brace_group => Some(Tok::Group('{', from_pairs(p.into_inner()))),
        Rule::square_group => Some(Tok::Group('[', from_pairs(p.into_inner()))),
        Rule::paren_group => Some(Tok::Group('(', from_pairs(p.into_inner()))),
        _ => None,
    }
}

/// A word as stored: without the `%` in front of a name (`%add` → `add`). A word that is only `%`
/// signs keeps them: dropping them would leave an empty word, which prints as nothing (an extra
/// space between its neighbours) and so does not read back as the same tokens.
fn word_text(w: &str) -> &str {
    match w.trim_start_matches('%') {
        "" => w,
        rest => rest,
    }
}

/// Decodes a quoted string (either quote) with C escapes into bytes.
pub fn unescape(quoted: &str) -> Vec<u8> {
    let b = quoted.as_bytes();
    let inner = if b.len() >= 2 { &b[1..b.len() - 1] } else { b };
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        if inner[i] == b'\\' && i + 1 < inner.len() {
            i += 1;
            match inner[i] {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                b'0'..=b'7' => {
                    let mut v = 0u32;
                    let mut n = 0;
                    while n < 3 && i < inner.len() && (b'0'..=b'7').contains(&inner[i]) {
                        v = v * 8 + (inner[i] - b'0') as u32;
                        i += 1;
                        n += 1;
                    }
                    out.push(v as u8);
                    continue;
                }
                b'x' if i + 2 < inner.len() + 1 => {
                    let hex = std::str::from_utf8(&inner[i + 1..(i + 3).min(inner.len())]).unwrap_or("");
                    match u8::from_str_radix(hex, 16) {
                        Ok(v) if hex.len() == 2 => {
                            out.push(v);
                            i += 3;
                            continue;
                        }
                        _ => out.extend_from_slice(b"\\x"),
                    }
                }
                c => out.push(c),
            }
            i += 1;
        } else {
            out.push(inner[i]);
            i += 1;
        }
    }
    out
}

/// Quotes bytes as a double-quoted string with C escapes (XLA's `CEscape`).
pub fn escape(s: &[u8]) -> String {
    let mut out = String::from("\"");
    for &c in s {
        match c {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            0x20..=0x7e => out.push(c as char),
            _ => out.push_str(&format!("\\{c:03o}")),
        }
    }
    out.push('"');
    out
}

/// The canonical text of a token run.
pub fn canonical(items: &[(bool, Tok)]) -> String {
    let mut out = String::new();
    write_items(&mut out, items);
    out
}

fn write_items(out: &mut String, items: &[(bool, Tok)]) {
    let mut prev: Option<&Tok> = None;
    for (spaced, t) in items {
        if *spaced && prev.is_some_and(|p| *p != Tok::Comma) && *t != Tok::Comma {
            out.push(' ');
        }
        write_tok(out, t);
        prev = Some(t);
    }
}

fn write_tok(out: &mut String, t: &Tok) {
    match t {
        Tok::Word(w) => out.push_str(w),
        Tok::Str(s) => out.push_str(&escape(s)),
        Tok::Comma => out.push(','),
        Tok::Group(open, items) => {
            out.push(*open);
            write_items(out, items);
            out.push(match open {
                '{' => '}',
                '[' => ']',
                _ => ')',
            });
        }
    }
}

/// Stack for one `reparse`: attribute values are small, and the parse of the
/// deepest one the lowering accepts (64 nested brackets) fits many times over.
const REPARSE_STACK_BYTES: usize = 1 << 20;

/// Reads canonical (or any) value text back into tokens; `None` if it is not a value.
///
/// The evaluator decodes attributes while it runs, and simulated devices run
/// as coroutines on stacks of their own (`interp::devices::runtime`). pest
/// probes the native stack before every rule and refuses to go on ("stack
/// limit reached") when the stack pointer is not where the thread's stack
/// bounds say it should be, which is the case on a coroutine's stack. The
/// parse therefore runs on a fresh stack whose bounds `stacker` records, so
/// pest's probe is exact wherever `reparse` is called.
///
/// The evaluator reads attributes each time an instruction runs, so `reparse` is on the hot path
/// of loops: a value that is one `word` of the grammar (`index=0`, `direction=LT`) is read without
/// the parser, and other texts are remembered per thread (at most [`REPARSE_MEMO_ENTRIES`], then
/// forgotten together), so a loop body parses each of its attributes once.
pub fn reparse(text: &str) -> Option<Vec<(bool, Tok)>> {
    if is_one_word(text) {
        return Some(vec![(false, Tok::Word(word_text(text).to_string()))]);
    }
    REPARSE_MEMO.with(|memo| {
        if let Some(hit) = memo.borrow().get(text) {
            return hit.clone();
        }
        let tokens = parse_value(text);
        let mut memo = memo.borrow_mut();
        if memo.len() >= REPARSE_MEMO_ENTRIES {
            memo.clear();
        }
        memo.insert(text.to_string(), tokens.clone());
        tokens
    })
}

/// The parser's reading of a value text, on a stack of its own (see [`reparse`]).
fn parse_value(text: &str) -> Option<Vec<(bool, Tok)>> {
    stacker::grow(REPARSE_STACK_BYTES, || {
        let mut pairs = super::parse_rule(Rule::value_only, text).ok()?;
        let value = pairs.next()?.into_inner().find(|p| p.as_rule() == Rule::attr_value)?;
        Some(from_pairs(value.into_inner()))
    })
}

/// How many reparsed texts a thread remembers.
pub const REPARSE_MEMO_ENTRIES: usize = 4096;

thread_local! {
    static REPARSE_MEMO: std::cell::RefCell<std::collections::HashMap<String, Option<Vec<(bool, Tok)>>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Whether `text` is exactly one `word` of the grammar: not empty, no whitespace, bracket, comma
/// or quote, and no comment opener.
fn is_one_word(text: &str) -> bool {
    !text.is_empty()
        && !text.contains("/*")
        && !text.contains("//")
        && !text.bytes().any(|b| {
            matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'{' | b'}' | b'[' | b']' | b'(' | b')' | b',' | b'"' | b'\'')
        })
}

/// The items of a group split at its top-level commas.
pub fn split_commas(items: &[(bool, Tok)]) -> Vec<Vec<(bool, Tok)>> {
    let mut out = vec![vec![]];
    for (s, t) in items {
        if *t == Tok::Comma {
            out.push(vec![]);
        } else if let Some(last) = out.last_mut() {
            last.push((*s, t.clone()));
        }
    }
    if out.len() == 1 && out[0].is_empty() {
        out.clear();
    }
    out
}

/// An integer word.
pub fn int_of(items: &[(bool, Tok)]) -> Option<i64> {
    match items {
        [(_, Tok::Word(w))] => w.parse().ok(),
        _ => None,
    }
}

/// `{1,2,3}` (or `[1,2,3]` with `open = '['`) as integers.
pub fn int_list(items: &[(bool, Tok)], open: char) -> Option<Vec<i64>> {
    match items {
        [(_, t)] => {
            let inner = t.group(open)?;
            split_commas(inner).iter().map(|e| int_of(e)).collect()
        }
        _ => None,
    }
}

/// `iota(prod(reshape))` reshaped to `reshape`, transposed by `perm`, flattened.
pub fn iota_devices(reshape: &[i64], perm: Option<&[i64]>) -> Option<Vec<i64>> {
    if reshape.iter().any(|&d| d < 0) {
        return None;
    }
    let n: i64 = reshape.iter().try_fold(1i64, |a, &d| a.checked_mul(d))?;
    if n > 1 << 24 {
        return None;
    }
    // No devices: the strides below would multiply dimensions that need not fit in i64.
    if n == 0 {
        return Some(vec![]);
    }
    let rank = reshape.len();
    let perm: Vec<usize> = match perm {
        Some(p) => {
            let p: Vec<usize> = p.iter().map(|&x| usize::try_from(x).ok()).collect::<Option<_>>()?;
            let mut seen = vec![false; rank];
            if p.len() != rank || p.iter().any(|&x| x >= rank || std::mem::replace(&mut seen[x], true)) {
                return None;
            }
            p
        }
        None => (0..rank).collect(),
    };
    let tdims: Vec<i64> = perm.iter().map(|&p| reshape[p]).collect();
    let mut strides = vec![1i64; rank];
    for i in (0..rank.saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * reshape[i + 1];
    }
    let mut out = Vec::with_capacity(n as usize);
    let mut idx = vec![0i64; rank];
    for _ in 0..n {
        out.push(idx.iter().enumerate().map(|(k, &v)| v * strides[perm[k]]).sum());
        for k in (0..rank).rev() {
            idx[k] += 1;
            if idx[k] < tdims[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    /// The one-word shortcut and the memo give what the parser gives.
    #[test]
    fn reparse_agrees_with_the_parser() {
        for text in [
            "0",
            "-17",
            "LT",
            "%add",
            "%",
            "%%",
            "a-b.c:d",
            "x/y",
            "a/*b",
            "a//b",
            "{0,1}",
            "{}",
            "s32[2]{0} {1, 2}",
            "\"q\"",
            "[2,4]<=[8]T(1,0)",
            "a b",
            "",
            "{",
            "1,2",
        ] {
            assert_eq!(super::reparse(text), super::parse_value(text), "{text:?}");
            assert_eq!(super::reparse(text), super::parse_value(text), "{text:?} (remembered)");
        }
    }
}
