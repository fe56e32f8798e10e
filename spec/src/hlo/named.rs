//! XLA's mesh ("named", V3) forms of HLO text: a mesh `mesh['x'=2,'y'=4]` (with `, device_ids=(...)`
//! when its devices are not in iota order), axis references `'x'` / `'x':(pre)size`, shardings
//! `{mesh[...], [{'x'}, {'y', ?}], replicated={...}, unreduced={...}, manual={...}}` (and the whole
//! forms `{mesh[...], replicated}` / `manual` / `unreduced`, and `{single_device[device_id=N]}`), and
//! replica groups `mesh[...] {'y'}` (`device_attrs::replica_groups` reads all three forms).
//!
//! Meaning (XLA's `Mesh`, `AxisRef`, `NamedSharding` in `xla/hlo/ir/mesh_and_axis.cc` and
//! `named_sharding.cc`, which are Shardy's shardings written in HLO text):
//! - The mesh is an array of devices of shape `[size_0, ...]` (axes major to minor) in row-major
//!   order: iota when `device_ids` is absent; `device_ids=([r0,r1,...]T(p...))` is an iota reshaped
//!   to `[r...]` and transposed by `p` (XLA's `IotaTileAssignment` without its leading dimensions,
//!   which are the mesh's); `device_ids=(7,6,...)` lists them. Device ids are a permutation of
//!   `0..n` (`Mesh::ValidateMesh`).
//! - `'x':(pre)size` is digit `size` of axis `x` whose more-major digits multiply to `pre` (a full
//!   axis is `(1)size_x`): the sdy sub-axis.
//! - Each dimension is split by its axes, the first listed most major; `?` marks an open
//!   dimension (a propagation hint without effect on layout). Axes no dimension names are
//!   replicated, `replicated={...}` says so explicitly; `unreduced={...}` (optionally
//!   `unreduced=max{...}`, the reduction) holds partial values, `manual={...}` per-device values.
//!   XLA's conversion to a tile assignment (`HloSharding::V3ToV2Sharding`) orders the subgroups
//!   manual, unreduced, replicated.
//!
//! The decoders check what XLA's parser and constructors check (unknown axis names, sub-axes that
//! do not divide their axis, overlapping axes, device ids that are not a permutation) and return
//! XLA's messages where it has one; XLA CHECK-fails on some of these, shardref reports them.
//!
//! `xla_style` writes the tokens of a mesh-form value the way XLA prints it (strings in single
//! quotes, `, ` between dimensions, `,` inside the mesh's axis list and device ids); it changes no
//! token, so the text reads back to the same canonical text.

use super::tok::{Tok, canonical, int_list, int_of, iota_devices, split_commas};

/// A run of attribute tokens, each with whether whitespace preceded it.
type Tokens = [(bool, Tok)];

/// A mesh: axes (name, size), most major first, and the device at each position (row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mesh {
    pub axes: Vec<(String, i64)>,
    pub device_ids: Vec<i64>,
}

/// An axis reference: mesh axis `axis`, or its sub-axis `(pre)size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AxisRef {
    pub axis: usize,
    pub sub: Option<(i64, i64)>,
}

impl AxisRef {
    /// `(pre, size)` of the reference: a full axis is `(1, size of the axis)`.
    pub fn pre_size(&self, mesh: &Mesh) -> (i64, i64) {
        self.sub.unwrap_or((1, mesh.axes[self.axis].1))
    }
}

/// How a named sharding lays the array out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NamedKind {
    /// `{mesh[...], replicated}`.
    Replicated,
    /// `{mesh[...], manual}`.
    Manual,
    /// `{mesh[...], unreduced}`.
    Unreduced,
    /// Per-dimension axes.
    Dims {
        /// Per dimension: its axes, major to minor, and whether it is open (`?`).
        dims: Vec<(Vec<AxisRef>, bool)>,
        replicated: Vec<AxisRef>,
        unreduced: Vec<AxisRef>,
        manual: Vec<AxisRef>,
    },
}

/// A sharding in mesh form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedSharding {
    pub mesh: Mesh,
    pub kind: NamedKind,
}

/// The name of an axis-name token: a string, or (where `indices` allows, as in replica groups) an
/// index word.
fn axis_name(t: &Tok) -> Option<String> {
    match t {
        Tok::Str(s) => Some(String::from_utf8_lossy(s).into_owned()),
        Tok::Word(w) => Some(w.clone()),
        _ => None,
    }
}

/// Reads `[ 'x'=2, 'y'=4 ]` (the group's items) and, from `rest`, an optional `, device_ids=(...)`;
/// returns the mesh and the tokens after it. The older spelling with `device_ids=(...)` inside the
/// brackets (XLA's parser tests) is read too.
pub fn mesh<'a>(axes_items: &[(bool, Tok)], rest: &'a Tokens) -> Result<(Mesh, &'a Tokens), String> {
    let mut axes: Vec<(String, i64)> = vec![];
    let mut ids_tokens: Option<Vec<(bool, Tok)>> = None;
    for e in split_commas(axes_items) {
        match e.as_slice() {
            [(_, Tok::Str(name)), (_, Tok::Word(size))] if size.starts_with('=') => {
                let n: i64 = size[1..].parse().map_err(|_| "expects an axis size".to_string())?;
                if n <= 0 {
                    return Err("mesh axis sizes must be positive".into());
                }
                let name = String::from_utf8_lossy(name).into_owned();
                if axes.iter().any(|(a, _)| *a == name) {
                    return Err(format!("Mesh has duplicate axis names. Duplicate axis name: {name}"));
                }
                axes.push((name, n));
            }
            [(_, Tok::Word(k)), (_, Tok::Group('(', ids))] if k == "device_ids=" => ids_tokens = Some(ids.clone()),
            _ => return Err(format!("expects string, got {}", canonical(&e))),
        }
    }
    let mut rest = rest;
    if let [(_, Tok::Comma), (_, Tok::Word(k)), (_, Tok::Group('(', ids)), tail @ ..] = rest
        && k == "device_ids="
    {
        ids_tokens = Some(ids.clone());
        rest = tail;
    }
    // At most 2^20 devices (the bound of shardref's meshes), so expanding groups stays cheap.
    let n = axes
        .iter()
        .try_fold(1i64, |a, (_, s)| a.checked_mul(*s))
        .filter(|&n| n <= 1 << 20)
        .ok_or_else(|| "mesh has more than 2^20 devices".to_string())?;
    let device_ids = match ids_tokens {
        None => (0..n).collect(),
        Some(ids) => {
            let ids = device_ids(&ids).ok_or_else(|| format!("malformed device_ids ({})", canonical(&ids)))?;
            if ids.len() as i64 != n {
                return Err(format!("mesh has {n} devices but device_ids lists {}", ids.len()));
            }
            let mut sorted = ids.clone();
            sorted.sort_unstable();
            if sorted.iter().enumerate().any(|(i, &d)| d != i as i64) {
                return Err("Device ids must be a permutation of [0,1,2,3...].".into());
            }
            ids
        }
    };
    Ok((Mesh { axes, device_ids }, rest))
}

/// The items of `device_ids=(...)`: an iota `[r...]` (optionally `T(p...)`, or the full
/// `[dims]<=[r...]T(p...)`), or a list of integers.
fn device_ids(items: &[(bool, Tok)]) -> Option<Vec<i64>> {
    let dims = |t: &Tok| int_list(&[(false, t.clone())], '[');
    let perm = |t: &Tok| int_list(&[(false, t.clone())], '(');
    match items {
        [(_, r @ Tok::Group('[', _))] => iota_devices(&dims(r)?, None),
        [(_, r @ Tok::Group('[', _)), (_, Tok::Word(t)), (_, p @ Tok::Group('(', _))] if t == "T" => {
            iota_devices(&dims(r)?, Some(&perm(p)?))
        }
        [(_, Tok::Group('[', _)), (_, Tok::Word(le)), (_, r @ Tok::Group('[', _)), tail @ ..] if le == "<=" => {
            match tail {
                [] => iota_devices(&dims(r)?, None),
                [(_, Tok::Word(t)), (_, p @ Tok::Group('(', _))] if t == "T" => {
                    iota_devices(&dims(r)?, Some(&perm(p)?))
                }
                _ => None,
            }
        }
        _ => split_commas(items).iter().map(|e| int_of(e)).collect(),
    }
}

/// Reads one axis reference (`'x'`, `'x':(2)4`; an axis index when `indices`) of `mesh`.
fn axis_ref(e: &[(bool, Tok)], mesh: &Mesh, indices: bool) -> Result<AxisRef, String> {
    let (name, sub) = match e {
        [(_, t)] => (t, None),
        [(_, t), (_, Tok::Word(colon)), (_, Tok::Group('(', pre)), (_, Tok::Word(size))] if colon == ":" => {
            let pre = int_of(pre).ok_or("expects a sub-axis pre-size")?;
            let size: i64 = size.parse().map_err(|_| "expects a sub-axis size")?;
            (t, Some((pre, size)))
        }
        _ => return Err(format!("expects an axis, got {}", canonical(e))),
    };
    if !indices && !matches!(name, Tok::Str(_)) {
        return Err("expects string".into());
    }
    let text = axis_name(name).ok_or("expects an axis name")?;
    let axis = mesh
        .axes
        .iter()
        .position(|(a, _)| *a == text)
        .or_else(|| if indices { text.parse::<usize>().ok().filter(|&i| i < mesh.axes.len()) } else { None })
        .ok_or_else(|| format!("axis '{text}' is not a valid axis name or index in mesh {}", mesh_text(mesh)))?;
    let full = mesh.axes[axis].1;
    if let Some((pre, size)) = sub {
        // XLA's `AxisRef::Validate` (and its constructor: pre-size >= 1, size > 1).
        let next = pre.checked_mul(size).filter(|_| pre >= 1 && size > 1);
        match next {
            Some(next) if full % next == 0 && size < full => {}
            Some(next) if full % next != 0 => {
                return Err(format!(
                    "Sub-axis next_pre_size must divide the full axis size. Next pre-size: {next}, Axis size: {full}"
                ));
            }
            Some(_) => {
                return Err(format!(
                    "Sub-axis size must be strictly less than the full axis size. Sub-axis size: {size}, Axis size: \
                     {full}"
                ));
            }
            None => return Err(format!("sub-axis {text}:({pre}){size} needs a pre-size >= 1 and a size > 1")),
        }
    }
    Ok(AxisRef { axis, sub })
}

/// Reads `{'x', 'y':(1)2, ...}` items as axis references; `?` is allowed (and reported) when `open`.
fn axis_list(items: &[(bool, Tok)], mesh: &Mesh, indices: bool, open: bool) -> Result<(Vec<AxisRef>, bool), String> {
    let mut out = vec![];
    let mut is_open = false;
    for e in split_commas(items) {
        if open && matches!(e.as_slice(), [(_, Tok::Word(q))] if q == "?") {
            is_open = true;
            continue;
        }
        out.push(axis_ref(&e, mesh, indices)?);
    }
    Ok((out, is_open))
}

/// The text of a mesh, as in XLA's messages.
fn mesh_text(mesh: &Mesh) -> String {
    let axes: Vec<String> = mesh.axes.iter().map(|(a, s)| format!("'{a}'={s}")).collect();
    format!("mesh[{}]", axes.join(","))
}

/// Replica groups in mesh form (XLA's `MeshAxesReplicaGroupList`), the tokens after `mesh`:
/// `['a'=2,'b'=4]{, device_ids=(...)} {'b', ...}`: the axes (names, indices or sub-axes) the groups
/// run along. Two devices are in one group when their coordinates agree on everything outside those
/// axes; groups come in row-major order of the other coordinates, and a group's members in
/// mixed-radix order of the listed (sub-)axes, the first listed most major (Shardy's
/// `getReplicaGroups`).
pub fn replica_groups(items: &[(bool, Tok)]) -> Result<Vec<Vec<i64>>, String> {
    let bad = |what: &str| format!("error parsing attribute replica_groups: {what}");
    let [(_, Tok::Group('[', axes)), rest @ ..] = items else {
        return Err(bad("expects mesh[axis=size, ...] {axes}"));
    };
    let (mesh, rest) = mesh(axes, rest).map_err(|e| if e.contains("device_ids") { e } else { bad(&e) })?;
    let [(_, Tok::Group('{', listed))] = rest else {
        return Err(bad("expects mesh[axis=size, ...] {axes}"));
    };
    let (refs, _) = axis_list(listed, &mesh, true, false)
        .map_err(|e| if e.contains("not a valid axis") { e.replace("axis '", "").replace("' is", " is") } else { e })?;
    // Each listed (sub-)axis: (axis index, stride within the axis's coordinate, size).
    let parts: Vec<(usize, i64, i64)> = refs
        .iter()
        .map(|r| {
            let (pre, size) = r.pre_size(&mesh);
            (r.axis, mesh.axes[r.axis].1 / (pre * size), size)
        })
        .collect();
    let n = mesh.device_ids.len() as i64;
    let coords = |mut p: i64| -> Vec<i64> {
        let mut c = vec![0; mesh.axes.len()];
        for (k, (_, s)) in mesh.axes.iter().enumerate().rev() {
            c[k] = p % s;
            p /= s;
        }
        c
    };
    // The key of a position: its coordinates with the listed digits zeroed; its index within a group.
    let key_and_index = |p: i64| -> (Vec<i64>, i64) {
        let mut c = coords(p);
        let mut index = 0;
        for &(a, stride, size) in &parts {
            let digit = (c[a] / stride) % size;
            index = index * size + digit;
            c[a] -= digit * stride;
        }
        (c, index)
    };
    // Groups in order of first appearance, which is row-major order of the other coordinates.
    // Per group: its key, and its members as (index within the group, device).
    type Group = (Vec<i64>, Vec<(i64, i64)>);
    let mut groups: Vec<Group> = vec![];
    let mut group_of: std::collections::HashMap<Vec<i64>, usize> = std::collections::HashMap::new();
    for p in 0..n {
        let (key, index) = key_and_index(p);
        let g = *group_of.entry(key.clone()).or_insert_with(|| {
            groups.push((key, vec![]));
            groups.len() - 1
        });
        groups[g].1.push((index, mesh.device_ids[p as usize]));
    }
    Ok(groups
        .into_iter()
        .map(|(_, mut members)| {
            members.sort();
            members.into_iter().map(|(_, d)| d).collect()
        })
        .collect())
}

/// A sharding in mesh form: the items inside the sharding's braces, starting with `mesh`
/// (`metadata=` parts are read and not kept).
pub fn sharding(inner: &[(bool, Tok)]) -> Result<NamedSharding, String> {
    let [(_, Tok::Word(kw)), (_, Tok::Group('[', axes)), rest @ ..] = inner else {
        return Err("expects mesh[...]".into());
    };
    if kw != "mesh" {
        return Err(format!("expects mesh[...], got {kw}"));
    }
    let (mesh, rest) = mesh(axes, rest)?;
    // The parts after the mesh, each after a comma (XLA's parser tests also write the dimensions
    // after a space only: `mesh['x'=2] [{'x'}]`).
    let rest = match rest {
        [(_, Tok::Comma), tail @ ..] => tail,
        tail @ [(_, Tok::Group('[', _)), ..] => tail,
        [] => return Err("expects a list starting with kLsquare".into()),
        _ => return Err(format!("expected ',' before {}", canonical(rest))),
    };
    let mut parts = split_commas(rest).into_iter();
    let first = parts.next().unwrap_or_default();
    let whole = match first.as_slice() {
        [(_, Tok::Word(w))] if w == "replicated" => Some(NamedKind::Replicated),
        [(_, Tok::Word(w))] if w == "manual" => Some(NamedKind::Manual),
        [(_, Tok::Word(w))] if w == "unreduced" => Some(NamedKind::Unreduced),
        _ => None,
    };
    let check_metadata = |part: &[(bool, Tok)]| -> Result<(), String> {
        match part {
            [(_, Tok::Word(k)), (_, Tok::Group('{', _))] if k == "metadata=" => Ok(()),
            _ => Err(format!("unknown sharding attribute: {}", canonical(part))),
        }
    };
    if let Some(kind) = whole {
        for p in parts {
            check_metadata(&p)?;
        }
        return Ok(NamedSharding { mesh, kind });
    }
    let [(_, Tok::Group('[', dim_items))] = first.as_slice() else {
        return Err("expects a list starting with kLsquare".into());
    };
    let mut dims = vec![];
    for d in split_commas(dim_items) {
        let [(_, Tok::Group('{', axes))] = d.as_slice() else {
            return Err(format!("expects a dimension sharding {{...}}, got {}", canonical(&d)));
        };
        dims.push(axis_list(axes, &mesh, false, true)?);
    }
    let (mut replicated, mut unreduced, mut manual) = (vec![], vec![], vec![]);
    for p in parts {
        let (key, list) = match p.as_slice() {
            [(_, Tok::Word(k)), (_, Tok::Group('{', list))] => (k.as_str(), list),
            _ => return Err(format!("unknown sharding attribute: {}", canonical(&p))),
        };
        let target = match key {
            "replicated=" => &mut replicated,
            // `unreduced=max{...}`: the reduction of the partials (sum when not written).
            k if k.starts_with("unreduced=") => &mut unreduced,
            "manual=" => &mut manual,
            "metadata=" => continue,
            other => return Err(format!("unknown sharding attribute: {other}")),
        };
        target.extend(axis_list(list, &mesh, false, false)?.0);
    }
    // XLA's `VerifyNamedSharding`: no two references share a digit of an axis.
    let all: Vec<&AxisRef> =
        dims.iter().flat_map(|(a, _)| a.iter()).chain(&replicated).chain(&unreduced).chain(&manual).collect();
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            if a.axis == b.axis {
                let (pa, sa) = a.pre_size(&mesh);
                let (pb, sb) = b.pre_size(&mesh);
                if pa.max(pb) < (pa * sa).min(pb * sb) {
                    return Err("Axes cannot coexist or axes overlap.".into());
                }
            }
        }
    }
    Ok(NamedSharding { mesh, kind: NamedKind::Dims { dims, replicated, unreduced, manual } })
}

/// Whether a sharding's or replica groups' tokens are in mesh form (XLA prints those with single
/// quotes).
pub fn is_mesh_form(items: &[(bool, Tok)]) -> bool {
    match items {
        [(_, Tok::Word(w)), ..] => w == "mesh",
        [(_, Tok::Group('{', inner))] => match inner.as_slice() {
            [(_, Tok::Word(w)), ..] => w == "mesh" || w == "single_device" || w == "maximal_mesh",
            [(_, Tok::Group('{', _)), ..] => split_commas(inner).iter().any(|e| is_mesh_form(e)),
            _ => false,
        },
        _ => false,
    }
}

/// Writes the tokens of a mesh-form value as XLA prints it: strings in single quotes (double when
/// they hold one), `, ` after commas except inside the group after `mesh` (its axes), `(...)`
/// groups (device ids) and the axis list of replica groups (`{'x','y'}`), and a space where the
/// source had one between tokens other than commas (as `canonical`).
pub fn xla_style(items: &[(bool, Tok)]) -> String {
    let mut out = String::new();
    // In replica groups (a top-level `mesh` word), the `{...}` group lists axes without spaces.
    let replica_groups = matches!(items.first(), Some((_, Tok::Word(w))) if w == "mesh");
    write_styled(&mut out, items, true, replica_groups);
    out
}

fn write_styled(out: &mut String, items: &[(bool, Tok)], spaced_commas: bool, replica_groups: bool) {
    let mut prev: Option<&Tok> = None;
    for (spaced, t) in items {
        if *spaced && prev.is_some_and(|p| *p != Tok::Comma) && *t != Tok::Comma {
            out.push(' ');
        }
        match t {
            Tok::Word(w) => out.push_str(w),
            Tok::Str(s) if !s.contains(&b'\'') && !s.contains(&b'\\') && s.iter().all(|c| (0x20..0x7f).contains(c)) => {
                out.push('\'');
                out.push_str(&String::from_utf8_lossy(s));
                out.push('\'');
            }
            Tok::Str(_) => out.push_str(&canonical(&[(false, t.clone())])),
            Tok::Comma => out.push_str(if spaced_commas { ", " } else { "," }),
            Tok::Group(open, inner) => {
                let after_mesh = matches!(prev, Some(Tok::Word(w)) if w == "mesh");
                let tight = !spaced_commas || after_mesh || *open == '(' || (replica_groups && *open == '{');
                out.push(*open);
                write_styled(out, inner, !tight, false);
                out.push(match open {
                    '{' => '}',
                    '[' => ']',
                    _ => ')',
                });
            }
        }
        prev = Some(t);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tok::reparse;
    use super::*;

    fn groups(text: &str) -> Result<Vec<Vec<i64>>, String> {
        let items = reparse(text).expect("tokens");
        replica_groups(&items[1..])
    }

    #[test]
    fn mesh_replica_groups() {
        assert_eq!(groups("mesh['axis_0'=2,'axis_1'=4] {'axis_1'}").unwrap(), [[0, 1, 2, 3], [4, 5, 6, 7]]);
        assert_eq!(groups("mesh['axis_0'=2,'axis_1'=4] {'axis_0'}").unwrap(), [[0, 4], [1, 5], [2, 6], [3, 7]]);
        assert_eq!(groups("mesh['a'=2,'b'=2] {'b', 'a'}").unwrap(), [[0, 2, 1, 3]]);
        assert_eq!(groups("mesh['a'=2,'b'=2] {0}").unwrap(), [[0, 2], [1, 3]]);
        assert_eq!(groups("mesh['a'=2,'b'=2], device_ids=(3,2,1,0) {'a'}").unwrap(), [[3, 1], [2, 0]]);
        // The spelling of XLA's parser tests, with the device ids inside the brackets.
        assert_eq!(groups("mesh['a'=2,'b'=2, device_ids=(3,2,1,0)] {'a'}").unwrap(), [[3, 1], [2, 0]]);
        // An iota device order: iota(8) reshaped to [2,4], transposed: 0,4,1,5,2,6,3,7 over a 4x2 mesh.
        assert_eq!(
            groups("mesh['axis_0'=4,'axis_1'=2], device_ids=([2,4]T(1,0)) {'axis_0'}").unwrap(),
            [[0, 1, 2, 3], [4, 5, 6, 7]]
        );
        assert_eq!(
            groups("mesh['axis_0'=4,'axis_1'=2], device_ids=([2,4]T(1,0)) {'axis_1'}").unwrap(),
            [[0, 4], [1, 5], [2, 6], [3, 7]]
        );
        // Sub-axis "b":(2)2 of an axis of 4: the minor digit.
        assert_eq!(groups("mesh['b'=4] {'b':(2)2}").unwrap(), [[0, 1], [2, 3]]);
        assert_eq!(groups("mesh['axis_0'=4,'axis_1'=1] {'axis_0'}").unwrap(), [[0, 1, 2, 3]]);
        assert_eq!(
            groups("mesh['a'=2,'b'=2] {'bogus'}").unwrap_err(),
            "bogus is not a valid axis name or index in mesh mesh['a'=2,'b'=2]"
        );
        assert!(groups("mesh['a'=2,'b'=2, device_ids=(0,1,2)] {'a'}").unwrap_err().contains("device_ids"));
        assert!(groups("mesh['a'=2,'b'=2], device_ids=(0,1,2,2) {'a'}").unwrap_err().contains("permutation"));
        assert!(groups("mesh['a'=4096,'b'=4096] {'a'}").unwrap_err().contains("more than 2^20 devices"));
    }

    fn named(text: &str) -> Result<NamedSharding, String> {
        let items = reparse(text).expect("tokens");
        let [(_, Tok::Group('{', inner))] = items.as_slice() else { panic!("{text}") };
        sharding(inner)
    }

    #[test]
    fn named_shardings_read_as_xla_reads_them() {
        let s = named("{mesh['x'=2,'y'=4], [{'x', ?}, {?}], replicated={'y'}}").unwrap();
        let x = AxisRef { axis: 0, sub: None };
        let y = AxisRef { axis: 1, sub: None };
        assert_eq!(
            s.kind,
            NamedKind::Dims {
                dims: vec![(vec![x], true), (vec![], true)],
                replicated: vec![y],
                unreduced: vec![],
                manual: vec![]
            }
        );
        let s = named("{mesh['x'=2,'y'=4], device_ids=([4,2]T(1,0)), [{'y'}, {}], manual={'x'}}").unwrap();
        assert_eq!(s.mesh.device_ids, [0, 2, 4, 6, 1, 3, 5, 7]);
        assert_eq!(named("{mesh['x'=8], manual}").unwrap().kind, NamedKind::Manual);
        assert_eq!(named("{mesh[], replicated}").unwrap().kind, NamedKind::Replicated);
        let sub = named("{mesh['x'=8], [{'x':(2)4}]}").unwrap();
        assert!(matches!(sub.kind, NamedKind::Dims { ref dims, .. } if dims[0].0[0].sub == Some((2, 4))));
        for (text, want) in [
            (
                "{mesh['x'=2,'y'=4], [{'z'}, {'y'}]}",
                "axis 'z' is not a valid axis name or index in mesh mesh['x'=2,'y'=4]",
            ),
            ("{mesh['x'=2,'y'=4], [{'x'}, {'x'}]}", "Axes cannot coexist or axes overlap."),
            ("{mesh['x'=2,'y'=4], [{'x':(1)2}, {'y'}]}", "Sub-axis size must be strictly less than the full axis size"),
            ("{mesh['x'=8], [{'x':(4)4}]}", "Sub-axis next_pre_size must divide the full axis size"),
            ("{mesh['x'=2,'y'=4], [{0}, {1}]}", "expects string"),
            ("{mesh['x'=2,'y'=4], maximal}", "expects a list starting with kLsquare"),
            ("{mesh['x'=2,'y'=4], [{'x'}, {'y'}], last_tile_dim_replicate}", "unknown sharding attribute"),
            ("{mesh['x'=2,'y'=4], device_ids=(1,0,2,3,4,5,6,9), [{'x'}, {'y'}]}", "permutation"),
        ] {
            let e = named(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn xla_style_writes_what_xla_prints() {
        for text in [
            "{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}",
            "{mesh['x'=2,'y'=4], [{'y', 'x'}, {}]}",
            "{mesh['x'=2,'y'=4], [{'x', ?}, {?}]}",
            "{mesh['x'=2,'y'=4], device_ids=([2,4]T(1,0)), [{}, {'y'}], manual={'x'}}",
            "{{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}, {mesh[], replicated}}",
            "mesh['axis_0'=4,'axis_1'=2], device_ids=([2,4]T(1,0)) {'axis_0'}",
            "mesh['x'=2,'y'=4], device_ids=(7,6,5,4,3,2,1,0) {'x','y'}",
            "mesh['x'=8] {'x':(2)4}",
        ] {
            let tokens = reparse(text).unwrap();
            assert!(is_mesh_form(&tokens), "{text}");
            assert_eq!(xla_style(&tokens), text);
            assert_eq!(canonical(&reparse(&xla_style(&tokens)).unwrap()), canonical(&tokens));
        }
    }
}
