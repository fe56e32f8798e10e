//! Structure-aware mutations of sharded-program text, for the `verify` and
//! `run` targets. Byte-level mutations rarely keep a program parseable, so most of
//! the verifier would stay unexplored; these rewrite the parts the rules look
//! at while keeping the syntax: mesh axis names, axis sizes and other
//! integers, the axes of a dimension sharding (dropped or duplicated), the
//! number of dimension shardings, tensor ranks and sizes, and whole lines
//! (dropped or duplicated). One input in four gets libFuzzer's own mutation.
//!
//! Every mutation is a pure function of the input and a seed, so a run is
//! reproducible from libFuzzer's seed.

/// A small deterministic generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u32) -> Rng {
        Rng(u64::from(seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

const NAMES: &[&str] = &["x", "y", "z", "a", "b", "q", "m1", "m2", "mesh", ""];
const SIZES: &[&str] = &["0", "1", "2", "3", "4", "6", "8", "16", "-1", "4294967296", "9223372036854775807"];

/// Byte ranges of quoted identifiers (`"x"`, `"m1"`), quotes excluded.
fn quoted_names(t: &str) -> Vec<(usize, usize)> {
    let b = t.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'"' {
            let start = i + 1;
            let mut j = start;
            while j < b.len() && j - start <= 12 && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                j += 1;
            }
            if j < b.len() && b[j] == b'"' && j > start {
                out.push((start, j));
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// Byte ranges of decimal integers not inside identifiers or SSA names
/// (`=4`, `(1)2`, `4x8`).
fn integers(t: &str) -> Vec<(usize, usize)> {
    let b = t.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        // SSA names (`%1`, `#1`, `^bb1`) are not sizes: renaming one only breaks the program.
        let starts = b[i].is_ascii_digit()
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'_' | b'%' | b'#' | b'^')))
            || (b[i] == b'x' && i > 0 && b[i - 1].is_ascii_digit() && i + 1 < b.len() && b[i + 1].is_ascii_digit());
        if starts {
            let start = if b[i] == b'x' { i + 1 } else { i };
            let mut j = start;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            out.push((start, j));
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

/// Byte ranges of the contents of `{...}` groups holding quoted axis names
/// (dimension shardings, replicated/unreduced lists, manual axes).
fn axis_groups(t: &str) -> Vec<(usize, usize)> {
    let b = t.as_bytes();
    let mut out = vec![];
    for (i, &c) in b.iter().enumerate() {
        if c == b'{' && b.get(i + 1) == Some(&b'"') {
            if let Some(len) = b[i + 1..].iter().position(|&c| c == b'}' || c == b'\n') {
                if b[i + 1 + len] == b'}' {
                    out.push((i + 1, i + 1 + len));
                }
            }
        }
    }
    out
}

/// Byte ranges of dimension-sharding lists: the text after `[` of `, [{`.
fn sharding_lists(t: &str) -> Vec<usize> {
    t.match_indices("[{").map(|(i, _)| i + 1).collect()
}

/// Byte ranges of the shapes of `tensor<...>` types (`4x8xf32`).
fn tensor_shapes(t: &str) -> Vec<(usize, usize)> {
    let mut out = vec![];
    for (i, _) in t.match_indices("tensor<") {
        let start = i + "tensor<".len();
        if let Some(len) = t[start..].find('>') {
            out.push((start, start + len));
        }
    }
    out
}

fn replace(t: &str, (s, e): (usize, usize), with: &str) -> String {
    format!("{}{with}{}", &t[..s], &t[e..])
}

/// Replaces the span, or (half the time) every occurrence of the span with
/// the same few characters around it, so that a type or a sharding written
/// at several places (an argument and its uses) changes consistently and
/// the program still parses.
fn replace_consistently(t: &str, (s, e): (usize, usize), with: &str, rng: &mut Rng) -> String {
    if rng.below(2) == 0 {
        return replace(t, (s, e), with);
    }
    let mut a = s.saturating_sub(7);
    while !t.is_char_boundary(a) {
        a += 1;
    }
    let mut b = (e + 1).min(t.len());
    while !t.is_char_boundary(b) {
        b += 1;
    }
    let pattern = &t[a..b];
    let replacement = format!("{}{with}{}", &t[a..s], &t[e..b]);
    t.replace(pattern, &replacement)
}

/// One structural mutation of `t`, or `None` when `t` has nothing of the
/// chosen kind.
pub fn mutate_text(t: &str, rng: &mut Rng) -> Option<String> {
    match rng.below(8) {
        // Rename a mesh, an axis or any short quoted name.
        0 => {
            let names = quoted_names(t);
            if names.is_empty() {
                return None;
            }
            let r = *rng.pick(&names);
            let name = *rng.pick(NAMES);
            Some(replace_consistently(t, r, name, rng))
        }
        // Change an axis size, a sub-axis, an index, a count or a dimension.
        1 | 2 => {
            let ints = integers(t);
            if ints.is_empty() {
                return None;
            }
            let r = *rng.pick(&ints);
            let size = *rng.pick(SIZES);
            Some(replace_consistently(t, r, size, rng))
        }
        // Drop an axis from a dimension sharding or an axis list.
        3 => {
            let groups = axis_groups(t);
            if groups.is_empty() {
                return None;
            }
            let (s, e) = *rng.pick(&groups);
            let items: Vec<&str> = t[s..e].split(", ").collect();
            let k = rng.below(items.len());
            let kept: Vec<&str> = items.iter().enumerate().filter(|&(i, _)| i != k).map(|(_, x)| *x).collect();
            Some(replace_consistently(t, (s, e), &kept.join(", "), rng))
        }
        // Duplicate an axis, or add a named one.
        4 => {
            let groups = axis_groups(t);
            if groups.is_empty() {
                return None;
            }
            let (s, e) = *rng.pick(&groups);
            let items: Vec<&str> = t[s..e].split(", ").collect();
            let extra = if rng.below(2) == 0 {
                items[rng.below(items.len())].to_string()
            } else {
                format!("\"{}\"", *rng.pick(NAMES))
            };
            let (s2, e2) = (s, e);
            let grown = format!("{}, {extra}", &t[s2..e2]);
            Some(replace_consistently(t, (s2, e2), &grown, rng))
        }
        // Add or remove a dimension sharding (the sharding's rank).
        5 => {
            let lists = sharding_lists(t);
            if lists.is_empty() {
                return None;
            }
            let at = *rng.pick(&lists);
            if rng.below(2) == 0 {
                Some(replace(t, (at, at), "{}, "))
            } else {
                let len = t[at..].find('}')? + 1;
                let end = if t[at + len..].starts_with(", ") { at + len + 2 } else { at + len };
                Some(replace(t, (at, end), ""))
            }
        }
        // Change a tensor's rank: add or drop a dimension.
        6 => {
            let shapes = tensor_shapes(t);
            if shapes.is_empty() {
                return None;
            }
            let (s, e) = *rng.pick(&shapes);
            let shape = &t[s..e];
            let new = if rng.below(2) == 0 {
                format!("{}x{shape}", *rng.pick(&SIZES[1..8]))
            } else {
                match shape.find('x') {
                    Some(i) => shape[i + 1..].to_string(),
                    None => return None,
                }
            };
            Some(replace_consistently(t, (s, e), &new, rng))
        }
        // Drop or duplicate a whole line.
        _ => mutate_lines(t, rng),
    }
}

/// The `fuzz_mutator!` body the targets share: three times in four, up to
/// three structural mutations of the text in a row; otherwise (or when the
/// text is not UTF-8, nothing changed or the result is too long) libFuzzer's
/// own byte mutation `fallback`.
pub fn mutate_input(
    data: &mut [u8],
    size: usize,
    max_size: usize,
    seed: u32,
    fallback: fn(&mut [u8], usize, usize) -> usize,
) -> usize {
    mutate_with(data, size, max_size, seed, fallback, mutate_text)
}

fn mutate_with(
    data: &mut [u8],
    size: usize,
    max_size: usize,
    seed: u32,
    fallback: fn(&mut [u8], usize, usize) -> usize,
    mutate: fn(&str, &mut Rng) -> Option<String>,
) -> usize {
    let mut rng = Rng::new(seed);
    if rng.below(4) != 0
        && let Ok(text) = std::str::from_utf8(&data[..size])
    {
        let mut t = text.to_string();
        let mut changed = false;
        for _ in 0..=rng.below(3) {
            if let Some(next) = mutate(&t, &mut rng) {
                t = next;
                changed = true;
            }
        }
        if changed && t.len() <= max_size {
            data[..t.len()].copy_from_slice(t.as_bytes());
            return t.len();
        }
    }
    fallback(data, size, max_size)
}

/// HLO element types, for `mutate_hlo_text`.
const HLO_TYPES: &[&str] =
    &["pred", "s8", "s32", "s64", "u8", "u32", "f16", "bf16", "f32", "f64", "c64", "f8e4m3fn", "token"];

/// HLO opcodes by arity, for `mutate_hlo_text`: an opcode is swapped for one of its class, so the
/// operand count usually still fits and the mutation reaches the verifier and the evaluator.
const HLO_UNARY: &[&str] = &[
    "negate",
    "abs",
    "exponential",
    "log",
    "sqrt",
    "rsqrt",
    "tanh",
    "floor",
    "ceil",
    "sign",
    "not",
    "copy",
    "convert",
    "bitcast-convert",
    "reverse",
    "transpose",
    "reshape",
    "broadcast",
    "slice",
    "popcnt",
    "is-finite",
    "real",
    "imag",
    "cosine",
    "sine",
    "round-nearest-even",
    "all-reduce",
    "all-gather",
    "collective-permute",
    "all-to-all",
    "reduce-scatter",
    "bitcast",
];
const HLO_BINARY: &[&str] = &[
    "add",
    "subtract",
    "multiply",
    "divide",
    "maximum",
    "minimum",
    "power",
    "remainder",
    "and",
    "or",
    "xor",
    "shift-left",
    "shift-right-logical",
    "shift-right-arithmetic",
    "atan2",
    "compare",
    "dot",
    "complex",
    "concatenate",
    "pad",
    "dynamic-slice",
    "reduce",
    "gather",
];

/// Byte ranges of the non-empty words (bytes accepted by `word`) that end right before each `delim`.
fn words_before(t: &str, delim: char, word: fn(u8) -> bool) -> Vec<(usize, usize)> {
    let b = t.as_bytes();
    let mut out = vec![];
    for (i, _) in t.match_indices(delim) {
        let mut s = i;
        while s > 0 && word(b[s - 1]) {
            s -= 1;
        }
        if s < i {
            out.push((s, i));
        }
    }
    out
}

/// Byte ranges of element-type words that start an HLO shape (`f32[`, `pred[`, `token[`).
fn hlo_types(t: &str) -> Vec<(usize, usize)> {
    let b = t.as_bytes();
    words_before(t, '[', |c| c.is_ascii_alphanumeric())
        .into_iter()
        .filter(|&(s, i)| (s == 0 || !matches!(b[s - 1], b'_' | b'%' | b'.' | b'-')) && HLO_TYPES.contains(&&t[s..i]))
        .collect()
}

/// Byte ranges of the dimension lists of HLO shapes (`4,8` of `f32[4,8]`).
fn hlo_dims(t: &str) -> Vec<(usize, usize)> {
    hlo_types(t).into_iter().filter_map(|(_, e)| t[e + 1..].find(']').map(|len| (e + 1, e + 1 + len))).collect()
}

/// Byte ranges of opcodes: a word of `HLO_UNARY` or `HLO_BINARY` directly followed by `(`.
fn hlo_opcodes(t: &str) -> Vec<(usize, usize)> {
    let b = t.as_bytes();
    words_before(t, '(', |c| c.is_ascii_alphanumeric() || c == b'-')
        .into_iter()
        .filter(|&(s, i)| {
            s > 0 && b[s - 1] == b' ' && (HLO_UNARY.contains(&&t[s..i]) || HLO_BINARY.contains(&&t[s..i]))
        })
        .collect()
}

/// Byte ranges of instruction names used as operands or defined (`%p0`, `%add.1`).
fn hlo_names(t: &str) -> Vec<(usize, usize)> {
    let b = t.as_bytes();
    let mut out = vec![];
    for (i, _) in t.match_indices('%') {
        let mut j = i + 1;
        while j < b.len() && (b[j].is_ascii_alphanumeric() || matches!(b[j], b'_' | b'.' | b'-')) {
            j += 1;
        }
        if j > i + 1 {
            out.push((i, j));
        }
    }
    out
}

/// Byte ranges of the contents of brace lists of integers (`{1,0}`, `dimensions={0,2}`).
fn hlo_int_lists(t: &str) -> Vec<(usize, usize)> {
    let b = t.as_bytes();
    let mut out = vec![];
    for (i, _) in t.match_indices('{') {
        let Some(len) = b[i + 1..].iter().position(|&c| c == b'}') else { continue };
        let inner = &b[i + 1..i + 1 + len];
        if !inner.is_empty() && inner.iter().all(|c| c.is_ascii_digit() || *c == b',') {
            out.push((i + 1, i + 1 + len));
        }
    }
    out
}

const HLO_SHARDINGS: &[&str] = &[
    "{replicated}",
    "{maximal device=0}",
    "{manual}",
    "{devices=[2,1]<=[2]}",
    "{devices=[1,2]0,1}",
    "{devices=[2,2]<=[4] last_tile_dim_replicate}",
    "{devices=[4]<=[2,2]T(1,0)}",
];

/// One structural mutation of HLO text `t`, or `None` when `t` has nothing of the chosen kind:
/// an integer (a dimension size, an index, a parameter number, a device count), an element
/// type, a shape's rank, an opcode (within its arity class), an operand (another instruction's
/// name), an element of an integer list (a layout, `dimensions=`), a sharding, or a whole line.
pub fn mutate_hlo_text(t: &str, rng: &mut Rng) -> Option<String> {
    match rng.below(9) {
        0 | 1 => {
            let ints: Vec<(usize, usize)> =
                integers(t).into_iter().filter(|&(s, _)| s == 0 || t.as_bytes()[s - 1] != b'.').collect();
            let r = *rng.pick(non_empty(&ints)?);
            let w = *rng.pick(SIZES);
            Some(replace_consistently(t, r, w, rng))
        }
        2 => {
            let r = *rng.pick(non_empty(&hlo_types(t))?);
            let w = *rng.pick(HLO_TYPES);
            Some(replace_consistently(t, r, w, rng))
        }
        3 => {
            let (s, e) = *rng.pick(non_empty(&hlo_dims(t))?);
            let dims = &t[s..e];
            let new = if rng.below(2) == 0 || dims.is_empty() {
                let d = *rng.pick(&SIZES[1..8]);
                if dims.is_empty() { d.to_string() } else { format!("{d},{dims}") }
            } else {
                dims.split_once(',').map_or(String::new(), |(_, rest)| rest.to_string())
            };
            Some(replace_consistently(t, (s, e), &new, rng))
        }
        4 => {
            let (s, e) = *rng.pick(non_empty(&hlo_opcodes(t))?);
            let class = if HLO_UNARY.contains(&&t[s..e]) { HLO_UNARY } else { HLO_BINARY };
            let w = *rng.pick(class);
            Some(replace(t, (s, e), w))
        }
        5 => {
            let names = hlo_names(t);
            let (s, e) = *rng.pick(non_empty(&names)?);
            let (s2, e2) = *rng.pick(&names);
            let with = t[s2..e2].to_string();
            Some(replace(t, (s, e), &with))
        }
        6 => {
            let (s, e) = *rng.pick(non_empty(&hlo_int_lists(t))?);
            let items: Vec<&str> = t[s..e].split(',').collect();
            let k = rng.below(items.len());
            let new: Vec<&str> = if rng.below(2) == 0 {
                items.iter().enumerate().filter(|&(i, _)| i != k).map(|(_, x)| *x).collect()
            } else {
                let mut v = items.clone();
                v.insert(rng.below(v.len() + 1), items[k]);
                v
            };
            Some(replace(t, (s, e), &new.join(",")))
        }
        7 => {
            let at: Vec<usize> = t.match_indices("sharding=").map(|(i, _)| i + "sharding=".len()).collect();
            let s = *rng.pick(non_empty(&at)?);
            // The sharding runs to its matching brace.
            let mut depth = 0usize;
            let mut end = None;
            for (k, c) in t[s..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth = depth.checked_sub(1)?;
                        if depth == 0 {
                            end = Some(s + k + 1);
                            break;
                        }
                    }
                    _ if depth == 0 => return None,
                    _ => {}
                }
            }
            let w = *rng.pick(HLO_SHARDINGS);
            Some(replace(t, (s, end?), w))
        }
        _ => mutate_lines(t, rng),
    }
}

fn non_empty<T>(xs: &[T]) -> Option<&[T]> {
    (!xs.is_empty()).then_some(xs)
}

/// Drops or duplicates one whole line.
fn mutate_lines(t: &str, rng: &mut Rng) -> Option<String> {
    let lines: Vec<&str> = t.split_inclusive('\n').collect();
    if lines.is_empty() {
        return None;
    }
    let k = rng.below(lines.len());
    let dup = rng.below(2) == 0;
    let mut out = String::with_capacity(t.len() + lines[k].len());
    for (i, l) in lines.iter().enumerate() {
        if i != k || dup {
            out.push_str(l);
        }
        if i == k && dup {
            out.push_str(l);
        }
    }
    Some(out)
}

/// `mutate_input` for HLO text: the same mix, with `mutate_hlo_text`'s mutations.
pub fn mutate_hlo_input(
    data: &mut [u8],
    size: usize,
    max_size: usize,
    seed: u32,
    fallback: fn(&mut [u8], usize, usize) -> usize,
) -> usize {
    mutate_with(data, size, max_size, seed, fallback, mutate_hlo_text)
}
