//! Typed views of HLO attributes for the evaluator: the lowering keeps every attribute value as its
//! canonical token text (`shardref_spec::hlo::tok`); these decode the forms the kernels need, with a
//! located `InvalidProgram` error naming the attribute when a value is missing or malformed.
//!
//! Forms: `window={size=3x3 stride=2x2 pad=0_1x1_1 lhs_dilate=.. rhs_dilate=.. rhs_reversal=..}`,
//! `dim_labels=b01f_01io->b01f`, `slice={[0:4:2], [1:3]}`, `padding=0_1_2x3_4`, integer lists `{1,2}`,
//! words (`direction=EQ`), strings, booleans, `frontend_attributes={key="value"}`.

use shardref_spec::hlo::{self as sh, tok};
use shardref_spec::ir::stablehlo::ConvDimensionNumbers;
use shardref_spec::ir::{Module, OpId};

use crate::error::{IResult, InterpError};

fn bad(m: &Module, op: OpId, name: &str, what: &str) -> InterpError {
    InterpError::invalid(m.op(op).span, format!("attribute {name} must be {what}"))
}

fn missing(m: &Module, op: OpId, name: &str) -> InterpError {
    InterpError::invalid(m.op(op).span, format!("attribute {name} is expected but not seen"))
}

/// Whether the instruction carries attribute `name`.
pub fn has(m: &Module, op: OpId, name: &str) -> bool {
    m.op(op).attrs.contains(name)
}

/// A required integer attribute.
pub fn int(m: &Module, op: OpId, name: &str) -> IResult<i64> {
    if !has(m, op, name) {
        return Err(missing(m, op, name));
    }
    sh::int_attr(m, op, name).ok_or_else(|| bad(m, op, name, "an integer"))
}

/// An optional integer attribute.
pub fn int_opt(m: &Module, op: OpId, name: &str) -> IResult<Option<i64>> {
    if has(m, op, name) { int(m, op, name).map(Some) } else { Ok(None) }
}

/// A required `{a,b,...}` integer list.
pub fn ints(m: &Module, op: OpId, name: &str) -> IResult<Vec<i64>> {
    if !has(m, op, name) {
        return Err(missing(m, op, name));
    }
    sh::int_list_attr(m, op, name).ok_or_else(|| bad(m, op, name, "a list of integers"))
}

/// An integer list that defaults to empty when absent.
pub fn ints_or_empty(m: &Module, op: OpId, name: &str) -> IResult<Vec<i64>> {
    if has(m, op, name) { ints(m, op, name) } else { Ok(vec![]) }
}

/// A word or string attribute (`direction=EQ`, `custom_call_target="foo"`).
pub fn word(m: &Module, op: OpId, name: &str) -> Option<String> {
    sh::str_attr(m, op, name)
}

/// A boolean attribute (`true` / `false`); `None` when absent.
pub fn boolean(m: &Module, op: OpId, name: &str) -> IResult<Option<bool>> {
    match word(m, op, name).as_deref() {
        None if !has(m, op, name) => Ok(None),
        Some("true") => Ok(Some(true)),
        Some("false") => Ok(Some(false)),
        _ => Err(bad(m, op, name, "true or false")),
    }
}

/// The value of key `key` in `frontend_attributes={...}`.
pub fn frontend_attribute(m: &Module, op: OpId, key: &str) -> Option<String> {
    let items = sh::attr_tokens(m, op, "frontend_attributes")?;
    let [(_, tok::Tok::Group('{', inner))] = items.as_slice() else { return None };
    for entry in tok::split_commas(inner) {
        match entry.as_slice() {
            [(_, tok::Tok::Word(w)), (_, v)] if w.strip_suffix('=') == Some(key) => {
                return match v {
                    tok::Tok::Str(s) => Some(String::from_utf8_lossy(s).into_owned()),
                    tok::Tok::Word(w) => Some(w.clone()),
                    _ => None,
                };
            }
            [(_, tok::Tok::Word(w))] => {
                if let Some(v) = w.strip_prefix(key).and_then(|r| r.strip_prefix('=')) {
                    return Some(v.to_string());
                }
            }
            _ => {}
        }
    }
    None
}

/// `slice={[start:limit:stride], ...}` as (starts, limits, strides).
pub fn slice(m: &Module, op: OpId) -> IResult<(Vec<i64>, Vec<i64>, Vec<i64>)> {
    let items = sh::attr_tokens(m, op, "slice").ok_or_else(|| missing(m, op, "slice"))?;
    let err = || bad(m, op, "slice", "{[start:limit:stride], ...}");
    let [(_, tok::Tok::Group('{', inner))] = items.as_slice() else { return Err(err()) };
    let (mut a, mut b, mut c) = (vec![], vec![], vec![]);
    for e in tok::split_commas(inner) {
        let [(_, tok::Tok::Group('[', range))] = e.as_slice() else { return Err(err()) };
        let text: String = range.iter().filter_map(|(_, t)| t.as_word()).collect::<Vec<_>>().join("");
        let parts: Vec<i64> = text.split(':').map(|x| x.parse().map_err(|_| err())).collect::<IResult<_>>()?;
        match parts[..] {
            [s, l] => {
                a.push(s);
                b.push(l);
                c.push(1);
            }
            [s, l, st] => {
                a.push(s);
                b.push(l);
                c.push(st);
            }
            _ => return Err(err()),
        }
    }
    Ok((a, b, c))
}

/// `padding=lo_hi[_interior]x...` as (low, high, interior); an empty rank-0 padding is `{}`-less text.
pub fn padding(m: &Module, op: OpId) -> IResult<(Vec<i64>, Vec<i64>, Vec<i64>)> {
    let text = word(m, op, "padding").ok_or_else(|| missing(m, op, "padding"))?;
    let err = || bad(m, op, "padding", "lo_hi[_interior] per dimension, joined by x");
    let (mut lo, mut hi, mut interior) = (vec![], vec![], vec![]);
    if text.is_empty() || text == "{}" {
        return Ok((lo, hi, interior));
    }
    for dim in text.split('x') {
        let v = split_signed(dim).ok_or_else(err)?;
        match v[..] {
            [l, h] => {
                lo.push(l);
                hi.push(h);
                interior.push(0);
            }
            [l, h, i] => {
                lo.push(l);
                hi.push(h);
                interior.push(i);
            }
            _ => return Err(err()),
        }
    }
    Ok((lo, hi, interior))
}

/// `-1_2` → [-1, 2]: integers joined by `_`, each possibly negative.
fn split_signed(s: &str) -> Option<Vec<i64>> {
    s.split('_').map(|x| x.parse().ok()).collect()
}

/// A window (`window={...}`) over `rank` spatial dimensions.
#[derive(Clone, Debug, Default)]
pub struct Window {
    pub size: Vec<i64>,
    pub stride: Option<Vec<i64>>,
    /// `[low, high]` per dimension, flattened.
    pub pad: Option<Vec<i64>>,
    pub lhs_dilate: Option<Vec<i64>>,
    pub rhs_dilate: Option<Vec<i64>>,
    pub rhs_reversal: Option<Vec<bool>>,
}

/// `window={size=AxB stride=.. pad=lo_hixlo_hi lhs_dilate=.. rhs_dilate=.. rhs_reversal=..}`; a rank-0
/// window is `{}`. Absent `window` is `None`.
pub fn window(m: &Module, op: OpId) -> IResult<Option<Window>> {
    let Some(items) = sh::attr_tokens(m, op, "window") else {
        return if has(m, op, "window") { Err(bad(m, op, "window", "{size=...}")) } else { Ok(None) };
    };
    let err = || bad(m, op, "window", "{size=... stride=... pad=... lhs_dilate=... rhs_dilate=... rhs_reversal=...}");
    let [(_, tok::Tok::Group('{', inner))] = items.as_slice() else { return Err(err()) };
    let mut w = Window::default();
    let words: Vec<&str> = inner.iter().filter_map(|(_, t)| t.as_word()).collect();
    let dxd = |v: &str| -> IResult<Vec<i64>> { v.split('x').map(|x| x.parse().map_err(|_| err())).collect() };
    for wd in words {
        let (k, v) = wd.split_once('=').ok_or_else(err)?;
        match k {
            "size" => w.size = dxd(v)?,
            "stride" => w.stride = Some(dxd(v)?),
            "lhs_dilate" => w.lhs_dilate = Some(dxd(v)?),
            "rhs_dilate" => w.rhs_dilate = Some(dxd(v)?),
            "rhs_reversal" => w.rhs_reversal = Some(dxd(v)?.into_iter().map(|x| x != 0).collect()),
            "pad" => {
                let mut p = vec![];
                for d in v.split('x') {
                    let lh = split_signed(d).filter(|x| x.len() == 2).ok_or_else(err)?;
                    p.extend(lh);
                }
                w.pad = Some(p);
            }
            _ => return Err(err()),
        }
    }
    Ok(Some(w))
}

/// `dim_labels=b01f_01io->b01f` as convolution dimension numbers.
pub fn dim_labels(m: &Module, op: OpId) -> IResult<ConvDimensionNumbers> {
    let text = word(m, op, "dim_labels").ok_or_else(|| missing(m, op, "dim_labels"))?;
    let err = || bad(m, op, "dim_labels", "like b01f_01io->b01f");
    let (ins, out) = text.split_once("->").ok_or_else(err)?;
    let (lhs, rhs) = ins.split_once('_').ok_or_else(err)?;
    // Each label string names one dimension per character: the batch/feature (or input/output
    // feature) letters and the spatial dimensions by their digit.
    fn read(s: &str, a: char, b: char) -> Option<(i64, i64, Vec<i64>)> {
        let (mut x, mut y) = (None, None);
        let mut spatial: Vec<(u32, i64)> = vec![];
        for (i, c) in s.chars().enumerate() {
            match c {
                _ if c == a => x = Some(i as i64),
                _ if c == b => y = Some(i as i64),
                d => spatial.push((d.to_digit(10)?, i as i64)),
            }
        }
        spatial.sort_unstable();
        if spatial.iter().enumerate().any(|(k, &(d, _))| d as usize != k) {
            return None;
        }
        Some((x?, y?, spatial.into_iter().map(|(_, i)| i).collect()))
    }
    let (ib, if_, isp) = read(lhs, 'b', 'f').ok_or_else(err)?;
    let (ki, ko, ksp) = read(rhs, 'i', 'o').ok_or_else(err)?;
    let (ob, of, osp) = read(out, 'b', 'f').ok_or_else(err)?;
    Ok(ConvDimensionNumbers {
        input_batch_dimension: ib,
        input_feature_dimension: if_,
        input_spatial_dimensions: isp,
        kernel_input_feature_dimension: ki,
        kernel_output_feature_dimension: ko,
        kernel_spatial_dimensions: ksp,
        output_batch_dimension: ob,
        output_feature_dimension: of,
        output_spatial_dimensions: osp,
    })
}

/// `replica_groups=` in list, iota or mesh form (`tok::replica_groups`); `None` when absent, `Some([])` for `{}`.
pub fn replica_groups(m: &Module, op: OpId) -> IResult<Option<Vec<Vec<i64>>>> {
    let Some(items) = sh::attr_tokens(m, op, "replica_groups") else {
        return if has(m, op, "replica_groups") {
            Err(bad(m, op, "replica_groups", "a list or iota form of groups"))
        } else {
            Ok(None)
        };
    };
    tok::replica_groups(&items).map(Some).map_err(|e| InterpError::invalid(m.op(op).span, e))
}

/// `source_target_pairs={{s,t},...}`.
pub fn source_target_pairs(m: &Module, op: OpId) -> IResult<Vec<(i64, i64)>> {
    let groups = match sh::attr_tokens(m, op, "source_target_pairs") {
        Some(items) => tok::replica_groups(&items).map_err(|_| bad(m, op, "source_target_pairs", "{{s,t},...}"))?,
        None if has(m, op, "source_target_pairs") => return Err(bad(m, op, "source_target_pairs", "{{s,t},...}")),
        None => vec![],
    };
    groups
        .into_iter()
        .map(|g| match g[..] {
            [s, t] => Ok((s, t)),
            _ => Err(bad(m, op, "source_target_pairs", "pairs {s,t}")),
        })
        .collect()
}

/// A `{{a,b},{c,d}}` list of integer pairs given as text (frontend attribute values such as
/// `_xla_send_recv_source_target_pairs`).
pub fn pairs_text(text: &str) -> Option<Vec<(i64, i64)>> {
    let items = tok::reparse(text)?;
    let groups = tok::replica_groups(&items).ok()?;
    groups.into_iter().map(|g| if let [s, t] = g[..] { Some((s, t)) } else { None }).collect()
}
