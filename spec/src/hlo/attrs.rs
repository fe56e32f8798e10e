//! Decoders of HLO attribute text: the lowering keeps every HLO attribute value as its canonical
//! token text (`Attr::Opaque`, see `tok`), and the schema kinds `Hlo*` (`crate::schema`) read it
//! through these, so that consumers read typed fields (`schema::hlo::Slice::of(o).slice().req()`).
//!
//! Forms: words and strings (`direction=EQ`, `custom_call_target="foo"`), integers, integer lists
//! `{1,2}`, booleans, `window={size=3x3 stride=2x2 pad=0_1x1_1 lhs_dilate=.. rhs_dilate=..
//! rhs_reversal=..}`, `dim_labels=b01f_01io->b01f`, `slice={[0:4:2], [1:3]}`, `padding=0_1_2x3_4`,
//! replica groups (list, iota and mesh forms), `source_target_pairs={{0,1},...}`, shardings,
//! `frontend_attributes={key="value"}`, option groups (`triangular_solve_options={left_side=true}`).
//!
//! Each decoder reads a text as `tok::reparse` reads it (memoized per thread, so a loop body
//! decodes each attribute text once per thread, not once per iteration) and returns `None` when
//! the text is not of its form.

use crate::ir::stablehlo::ConvDimensionNumbers;

use super::device_attrs;
use super::tok::{self, Tok};

/// The tokens of a canonical text.
pub fn tokens(text: &str) -> Option<Vec<(bool, Tok)>> {
    tok::reparse(text)
}

/// A word or a string (`direction=EQ`, `custom_call_target="foo"`), as text.
pub fn word(text: &str) -> Option<String> {
    match tokens(text)?.as_slice() {
        [(_, Tok::Str(s))] => Some(String::from_utf8_lossy(s).into_owned()),
        [(_, Tok::Word(w))] => Some(w.clone()),
        _ => None,
    }
}

/// An integer.
pub fn int(text: &str) -> Option<i64> {
    tok::int_of(&tokens(text)?)
}

/// A `{a,b,...}` integer list.
pub fn ints(text: &str) -> Option<Vec<i64>> {
    tok::int_list(&tokens(text)?, '{')
}

/// `true` / `false`.
pub fn boolean(text: &str) -> Option<bool> {
    match word(text)?.as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

/// A number (`epsilon=0.001`).
pub fn float(text: &str) -> Option<f64> {
    text.parse().ok()
}

/// `slice={[start:limit:stride], ...}` as (starts, limits, strides); the stride defaults to 1.
pub fn slice(text: &str) -> Option<(Vec<i64>, Vec<i64>, Vec<i64>)> {
    let items = tokens(text)?;
    let [(_, Tok::Group('{', inner))] = items.as_slice() else { return None };
    let (mut a, mut b, mut c) = (vec![], vec![], vec![]);
    for e in tok::split_commas(inner) {
        let [(_, Tok::Group('[', range))] = e.as_slice() else { return None };
        let text: String = range.iter().filter_map(|(_, t)| t.as_word()).collect::<Vec<_>>().join("");
        let parts: Vec<i64> = text.split(':').map(|x| x.parse().ok()).collect::<Option<_>>()?;
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
            _ => return None,
        }
    }
    Some((a, b, c))
}

/// `padding=lo_hi[_interior]x...` as (low, high, interior); an empty rank-0 padding is `{}`-less
/// text.
pub fn padding(text: &str) -> Option<(Vec<i64>, Vec<i64>, Vec<i64>)> {
    let text = word(text)?;
    let (mut lo, mut hi, mut interior) = (vec![], vec![], vec![]);
    if text.is_empty() || text == "{}" {
        return Some((lo, hi, interior));
    }
    for dim in text.split('x') {
        match split_signed(dim)?[..] {
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
            _ => return None,
        }
    }
    Some((lo, hi, interior))
}

/// `-1_2` → [-1, 2]: integers joined by `_`, each possibly negative.
fn split_signed(s: &str) -> Option<Vec<i64>> {
    s.split('_').map(|x| x.parse().ok()).collect()
}

/// A window (`window={...}`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Window {
    pub size: Vec<i64>,
    pub stride: Option<Vec<i64>>,
    /// `[low, high]` per dimension, flattened.
    pub pad: Option<Vec<i64>>,
    pub lhs_dilate: Option<Vec<i64>>,
    pub rhs_dilate: Option<Vec<i64>>,
    pub rhs_reversal: Option<Vec<bool>>,
}

/// `window={size=AxB stride=.. pad=lo_hixlo_hi lhs_dilate=.. rhs_dilate=.. rhs_reversal=..}`; a
/// rank-0 window is `{}`.
pub fn window(text: &str) -> Option<Window> {
    let items = tokens(text)?;
    let [(_, Tok::Group('{', inner))] = items.as_slice() else { return None };
    let mut w = Window::default();
    let dxd = |v: &str| -> Option<Vec<i64>> { v.split('x').map(|x| x.parse().ok()).collect() };
    for wd in inner.iter().filter_map(|(_, t)| t.as_word()) {
        let (k, v) = wd.split_once('=')?;
        match k {
            "size" => w.size = dxd(v)?,
            "stride" => w.stride = Some(dxd(v)?),
            "lhs_dilate" => w.lhs_dilate = Some(dxd(v)?),
            "rhs_dilate" => w.rhs_dilate = Some(dxd(v)?),
            "rhs_reversal" => w.rhs_reversal = Some(dxd(v)?.into_iter().map(|x| x != 0).collect()),
            "pad" => {
                let mut p = vec![];
                for d in v.split('x') {
                    p.extend(split_signed(d).filter(|x| x.len() == 2)?);
                }
                w.pad = Some(p);
            }
            _ => return None,
        }
    }
    Some(w)
}

/// `dim_labels=b01f_01io->b01f` as convolution dimension numbers.
pub fn dim_labels(text: &str) -> Option<ConvDimensionNumbers> {
    let text = word(text)?;
    let (ins, out) = text.split_once("->")?;
    let (lhs, rhs) = ins.split_once('_')?;
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
    let (ib, if_, isp) = read(lhs, 'b', 'f')?;
    let (ki, ko, ksp) = read(rhs, 'i', 'o')?;
    let (ob, of, osp) = read(out, 'b', 'f')?;
    Some(ConvDimensionNumbers {
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

/// `replica_groups=` in list, iota or mesh form (`device_attrs::replica_groups`): the groups, or XLA's
/// message when the tokens are not a form of groups (`{}` is no groups).
pub fn replica_groups(text: &str) -> Option<Result<Vec<Vec<i64>>, String>> {
    Some(device_attrs::replica_groups(&tokens(text)?))
}

/// `source_target_pairs={{s,t},...}`: each entry as integers, `None` for an entry that is not an
/// integer list (consumers decide whether that is an error).
pub fn pairs(text: &str) -> Option<Vec<Option<Vec<i64>>>> {
    let items = tokens(text)?;
    let [(_, outer)] = items.as_slice() else { return None };
    let inner = outer.group('{')?;
    Some(tok::split_commas(inner).iter().map(|p| tok::int_list(p, '{')).collect())
}

/// `sharding=`: the sharding, or XLA's message.
pub fn sharding(text: &str) -> Option<Result<device_attrs::Sharding, String>> {
    Some(device_attrs::sharding(&tokens(text)?))
}

/// One entry of `frontend_attributes={...}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontendAttr {
    pub key: String,
    pub value: String,
    /// Whether the value was a quoted string (`key="v"`) rather than a word (`key=v`).
    pub quoted: bool,
}

/// `frontend_attributes={key="value", k2=v2}`: its entries, in order (entries of other forms are
/// skipped).
pub fn frontend_attributes(text: &str) -> Option<Vec<FrontendAttr>> {
    let items = tokens(text)?;
    let [(_, Tok::Group('{', inner))] = items.as_slice() else { return None };
    let mut out = vec![];
    for entry in tok::split_commas(inner) {
        match entry.as_slice() {
            [(_, Tok::Word(w)), (_, v)] => {
                let Some(key) = w.strip_suffix('=') else { continue };
                let (value, quoted) = match v {
                    Tok::Str(s) => (String::from_utf8_lossy(s).into_owned(), true),
                    Tok::Word(w) => (w.clone(), false),
                    _ => continue,
                };
                out.push(FrontendAttr { key: key.to_string(), value, quoted });
            }
            [(_, Tok::Word(w))] => {
                if let Some((k, v)) = w.split_once('=') {
                    out.push(FrontendAttr { key: k.to_string(), value: v.to_string(), quoted: false });
                }
            }
            _ => {}
        }
    }
    Some(out)
}

/// The value of `key` in decoded frontend attributes: the first entry whose key is `key` and
/// whose value is a word or a string.
pub fn frontend_value<'a>(entries: &'a [FrontendAttr], key: &str) -> Option<&'a str> {
    entries.iter().find(|e| e.key == key).map(|e| e.value.as_str())
}

/// An option group such as `triangular_solve_options={left_side=true, transpose_a=TRANSPOSE}` (or
/// the same words without braces): its `key=value` words, in order.
pub fn options(text: &str) -> Option<Vec<(String, String)>> {
    let items = tokens(text)?;
    let inner = match items.as_slice() {
        [(_, Tok::Group('{', inner))] => inner.clone(),
        _ => items,
    };
    Some(
        inner
            .iter()
            .filter_map(|(_, t)| t.as_word())
            .filter_map(|w| w.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
            .collect(),
    )
}

/// The value of `key` in decoded options.
pub fn option_value<'a>(options: &'a [(String, String)], key: &str) -> Option<&'a str> {
    options.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}
