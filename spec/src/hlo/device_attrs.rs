//! Typed views of HLO attribute values (token trees, `tok`): `sharding=` (XLA's `HloSharding`) and
//! `replica_groups=`, each in its list, iota and mesh form (the mesh forms in `named`), decoded on
//! demand with XLA's error messages for malformed values.
//!
//! Layering: `tok` (tokens and small readers) <- `named` (mesh forms) <- `device_attrs`, so the
//! tokenizer never calls back into the views.

use super::tok::{Tok, int_list, int_of, iota_devices, split_commas};

/// Replica groups in list form (`{{0,1},{2,3}}`), iota form (`[2,4]<=[4,2]T(1,0)`) or mesh form
/// (`mesh['a'=2,'b'=4] {'b'}`), expanded.
pub fn replica_groups(items: &[(bool, Tok)]) -> Result<Vec<Vec<i64>>, String> {
    let bad = || "error parsing attribute replica_groups".to_string();
    match items {
        [(_, Tok::Word(w)), rest @ ..] if w == "mesh" => super::named::replica_groups(rest),
        [(_, Tok::Group('{', groups))] => split_commas(groups)
            .iter()
            .map(|g| match g.as_slice() {
                [(_, Tok::Group('{', ids))] => {
                    split_commas(ids).iter().map(|e| int_of(e).ok_or_else(bad)).collect::<Result<Vec<_>, _>>()
                }
                _ => Err(bad()),
            })
            .collect(),
        [(_, dims), (_, Tok::Word(le)), (_, reshape), rest @ ..] if le == "<=" => {
            let dims = int_list(&[(false, dims.clone())], '[').ok_or_else(bad)?;
            if dims.len() != 2 {
                return Err(bad());
            }
            let reshape = int_list(&[(false, reshape.clone())], '[').ok_or_else(bad)?;
            let perm = match rest {
                [] => None,
                [(_, Tok::Word(t)), (_, p)] if t == "T" => Some(int_list(&[(false, p.clone())], '(').ok_or_else(bad)?),
                _ => return Err(bad()),
            };
            let ids = iota_devices(&reshape, perm.as_deref()).ok_or_else(bad)?;
            if Some(ids.len() as i64) != dims[0].checked_mul(dims[1]) {
                return Err(bad());
            }
            Ok(ids.chunks(dims[1].max(1) as usize).map(|c| c.to_vec()).collect())
        }
        _ => Err(bad()),
    }
}

/// One sharding of `sharding=` (XLA's `HloSharding`), decoded.
#[derive(Clone, Debug, PartialEq)]
pub enum Sharding {
    Replicated,
    Manual,
    Unknown,
    Maximal(i64),
    /// A tile assignment: its dimensions (including any trailing subgroup dimensions), the devices
    /// in row-major order over those dimensions, and the kinds of the trailing subgroup dimensions
    /// (`last_tile_dim_replicate` is one `replicated` subgroup).
    Tiled {
        dims: Vec<i64>,
        devices: Vec<i64>,
        subgroups: Vec<String>,
    },
    Tuple(Vec<Sharding>),
    /// XLA's mesh form (`{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}`, `super::named`).
    Named(super::named::NamedSharding),
}

/// Decodes a `sharding=` value with XLA's parse-time checks.
pub fn sharding(items: &[(bool, Tok)]) -> Result<Sharding, String> {
    let [(_, Tok::Group('{', inner))] = items else {
        return Err("expects '{' to start sharding".into());
    };
    // The tuple form: `{{...}, {...}}` (or `{}`, the empty tuple).
    if inner.is_empty() || matches!(inner.first(), Some((_, Tok::Group('{', _)))) {
        return split_commas(inner).iter().map(|e| sharding(e)).collect::<Result<_, _>>().map(Sharding::Tuple);
    }
    let mut replicated = false;
    let mut manual = false;
    let mut unknown = false;
    let mut maximal = false;
    let mut device: Option<i64> = None;
    let mut dims: Option<Vec<i64>> = None;
    let mut devices: Vec<i64> = vec![];
    let mut subgroups: Vec<String> = vec![];
    let mut last_replicate = false;
    let mut i = 0;
    let w = |k: usize| inner.get(k).and_then(|(_, t)| t.as_word());
    while i < inner.len() {
        let word = w(i).unwrap_or("");
        // `device=0` is one word when nothing separates the number.
        if let Some(d) = word.strip_prefix("device=").filter(|d| !d.is_empty()) {
            device = Some(d.parse().map_err(|_| "expects integer")?);
            i += 1;
            continue;
        }
        match word {
            "mesh" if i == 0 => return super::named::sharding(inner).map(Sharding::Named),
            // `{single_device[device_id=N]}` (XLA's maximal mesh, also read as `maximal_mesh`).
            "single_device" | "maximal_mesh" if i == 0 => {
                let id = match inner.get(1..) {
                    Some([(_, Tok::Group('[', d)), rest @ ..]) => match d.as_slice() {
                        [(_, Tok::Word(w))] => w.strip_prefix("device_id=").and_then(|n| n.parse().ok()),
                        _ => None,
                    }
                    .filter(|_| rest.is_empty() || matches!(rest.first(), Some((_, Tok::Comma)))),
                    _ => None,
                };
                return id.map(Sharding::Maximal).ok_or_else(|| format!("expects {word}[device_id=N]"));
            }
            "replicated" => replicated = true,
            "manual" => manual = true,
            "unknown" | "unreduced" => unknown = true,
            "maximal" => maximal = true,
            "last_tile_dim_replicate" => last_replicate = true,
            "device=" => {
                i += 1;
                device = Some(w(i).and_then(|d| d.parse().ok()).ok_or("expects integer")?);
            }
            "devices=" => {
                i += 1;
                let d = inner.get(i).map(|(_, t)| t.clone()).ok_or("expects '['")?;
                let d = int_list(&[(false, d)], '[').ok_or("expects integer list")?;
                dims = Some(d.clone());
                // Either `<=[reshape]T(perm)` or an explicit comma-separated device list.
                if w(i + 1) == Some("<=") {
                    let reshape = inner.get(i + 2).map(|(_, t)| t.clone()).ok_or("expects '['")?;
                    let reshape = int_list(&[(false, reshape)], '[').ok_or("expects integer list")?;
                    i += 2;
                    let mut perm = None;
                    if w(i + 1) == Some("T") {
                        let p = inner.get(i + 2).map(|(_, t)| t.clone()).ok_or("expects '('")?;
                        perm = Some(int_list(&[(false, p)], '(').ok_or("expects integer list")?);
                        i += 2;
                    }
                    devices = iota_devices(&reshape, perm.as_deref()).ok_or("invalid iota tile assignment")?;
                } else {
                    loop {
                        let v = w(i + 1).and_then(|x| x.parse::<i64>().ok());
                        let Some(v) = v else { break };
                        devices.push(v);
                        i += 1;
                        if matches!(inner.get(i + 1), Some((_, Tok::Comma)))
                            && w(i + 2).and_then(|x| x.parse::<i64>().ok()).is_some()
                        {
                            i += 1;
                        } else {
                            break;
                        }
                    }
                }
            }
            "last_tile_dims=" => {
                i += 1;
                let g = inner.get(i).and_then(|(_, t)| t.group('{')).ok_or("expects '{'")?;
                for e in split_commas(g) {
                    subgroups.push(e.first().and_then(|(_, t)| t.as_word()).unwrap_or("").to_string());
                }
            }
            "metadata=" | "shard_as" | "shard_like" => {
                i += 1;
            }
            _ if word.is_empty() && matches!(inner.get(i), Some((_, Tok::Comma))) => {}
            other => return Err(format!("unknown sharding attribute: {other}")),
        }
        i += 1;
    }
    if replicated {
        if !devices.is_empty() || device.is_some() {
            return Err("replicated shardings should not have any devices assigned".into());
        }
        return Ok(Sharding::Replicated);
    }
    if manual {
        return Ok(Sharding::Manual);
    }
    if unknown {
        return Ok(Sharding::Unknown);
    }
    if maximal {
        return device
            .map(Sharding::Maximal)
            .ok_or_else(|| "maximal shardings should have exactly one device assigned".into());
    }
    let dims = dims.ok_or("sharding has no tile assignment")?;
    if devices.len() <= 1 {
        return Err("non-maximal shardings must have more than one device assigned".into());
    }
    let count = dims.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d));
    if count != Some(devices.len() as i64) {
        return Err(format!("tile assignment dimensions {dims:?} do not hold the {} devices given", devices.len()));
    }
    if last_replicate {
        subgroups.push("replicated".into());
    }
    Ok(Sharding::Tiled { dims, devices, subgroups })
}

#[cfg(test)]
mod tests {
    use super::super::tok::reparse;

    /// The iota form agrees with the mesh form it abbreviates.
    #[test]
    fn iota_and_mesh_replica_groups_agree() {
        let groups = |text: &str| super::replica_groups(&reparse(text).expect("tokens"));
        assert_eq!(groups("[4,2]<=[2,4]T(1,0)").unwrap(), groups("mesh['x'=2,'y'=4] {'x'}").unwrap());
    }
}
