//! XLA's sharding annotations written as custom calls, as its Shardy import and export dumps and its
//! HLO before partitioning carry them: `Sharding` (a sharding constraint, its sharding in
//! `mhlo.sharding` / `sharding=`, XLA's HLO sharding syntax) and `xla.sdy.FuncResultSharding` (the
//! sharding of a function result, an sdy `#sdy.sharding_per_value<...>` in the `xla.sdy.sharding`
//! frontend attribute). On one device both are the identity on their operand: they say where the
//! value lives, not what it is. Before passing the value through, a run reads the annotation and
//! checks it against the value's type, so a malformed or mismatched one is an error naming it
//! rather than an ignored attribute.
//!
//! Invariant: these functions only read and check; they never change a value.

use shardref_spec::hlo::device_attrs::Sharding as HloSharding;
use shardref_spec::ir::Type;

/// The rank of a ranked tensor type; `None` for other types.
fn rank(ty: &Type) -> Option<usize> {
    match ty {
        Type::Tensor(t) => t.rank(),
        _ => None,
    }
}

fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// Checks that an HLO sharding can annotate a value of type `ty`, as XLA's
/// `HloSharding::Validate` does for a shape: a tuple sharding has one element per tuple element,
/// a tile assignment names `product(dims)` devices (none negative) and tiles exactly the array's
/// rank (its subgroup dimensions apart), a mesh-form sharding names one entry per dimension. A
/// single sharding on a tuple applies to every element.
pub fn check_hlo_sharding(s: &HloSharding, ty: &Type) -> Result<(), String> {
    match (s, ty) {
        (HloSharding::Tuple(parts), Type::Tuple(elems)) => {
            if parts.len() != elems.len() {
                return Err(format!(
                    "a tuple sharding of {} for a tuple of {}",
                    plural(parts.len(), "element"),
                    plural(elems.len(), "element")
                ));
            }
            parts.iter().zip(elems).try_for_each(|(p, e)| check_hlo_sharding(p, e))
        }
        (HloSharding::Tuple(_), _) => Err("a tuple sharding for a value that is not a tuple".into()),
        (_, Type::Tuple(elems)) => elems.iter().try_for_each(|e| check_hlo_sharding(s, e)),
        (HloSharding::Replicated | HloSharding::Manual | HloSharding::Unknown, _) => Ok(()),
        (HloSharding::Maximal(d), _) if *d < 0 => Err(format!("device {d} is negative")),
        (HloSharding::Maximal(_), _) => Ok(()),
        (HloSharding::Tiled { dims, devices, subgroups }, _) => {
            let tiles = dims.iter().try_fold(1i64, |acc, &d| if d > 0 { acc.checked_mul(d) } else { None });
            if tiles != Some(devices.len() as i64) {
                return Err(format!("a tile assignment of shape {dims:?} lists {}", plural(devices.len(), "device")));
            }
            if let Some(d) = devices.iter().find(|&&d| d < 0) {
                return Err(format!("device {d} is negative in the tile assignment"));
            }
            let tiled = dims.len().saturating_sub(subgroups.len());
            match rank(ty) {
                Some(r) if r != tiled => {
                    Err(format!("the sharding tiles {} but the value has rank {r}", plural(tiled, "dimension")))
                }
                _ => Ok(()),
            }
        }
        (HloSharding::Named(named), _) => match (&named.kind, rank(ty)) {
            (shardref_spec::hlo::named::NamedKind::Dims { dims, .. }, Some(r)) if dims.len() != r => {
                Err(format!("the sharding names {} but the value has rank {r}", plural(dims.len(), "dimension")))
            }
            _ => Ok(()),
        },
    }
}

/// Reads an `mhlo.sharding` / `sharding=` text and checks it against `ty`.
pub fn check_hlo_sharding_text(text: &str, ty: &Type) -> Result<(), String> {
    match shardref_spec::hlo::attrs::sharding(text) {
        None => Err(format!("'{text}' is not a sharding")),
        Some(Err(e)) => Err(format!("'{text}': {e}")),
        Some(Ok(s)) => check_hlo_sharding(&s, ty).map_err(|e| format!("'{text}': {e}")),
    }
}

/// Splits `text` at its top-level commas (outside brackets `([{<` and strings); `None` when its
/// brackets do not match.
fn top_level_items(text: &str) -> Option<Vec<&str>> {
    let mut items = vec![];
    let mut stack: Vec<u8> = vec![];
    let (bytes, mut start, mut i) = (text.as_bytes(), 0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            c @ (b'(' | b'[' | b'{' | b'<') => stack.push(c),
            c @ (b')' | b']' | b'}' | b'>') => {
                let open = match c {
                    b')' => b'(',
                    b']' => b'[',
                    b'}' => b'{',
                    _ => b'<',
                };
                if stack.pop() != Some(open) {
                    return None;
                }
            }
            b',' if stack.is_empty() => {
                items.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if !stack.is_empty() || i > bytes.len() {
        return None;
    }
    let last = text[start..].trim();
    if !last.is_empty() || !items.is_empty() {
        items.push(last);
    }
    Some(items)
}

/// The text between `open` and `close` that wrap all of `text` (after trimming).
fn inside<'t>(text: &'t str, open: &str, close: &str) -> Option<&'t str> {
    text.trim().strip_prefix(open)?.strip_suffix(close)
}

/// The number of dimension shardings of each value an sdy sharding attribute gives:
/// `#sdy.sharding_per_value<[<MESH, [DIMS]...>, ...]>` or `#sdy.sharding<MESH, [DIMS]...>`, MESH a
/// symbol (`@mesh`) or an inline `mesh<...>`, DIMS the per-dimension shardings (`{"x"}, {}`).
/// Read here without the MLIR parser: the check runs inside simulated devices, whose stacks the
/// parser's stack guard does not know.
fn sdy_dims(text: &str) -> Option<Vec<usize>> {
    let bodies: Vec<&str> = match inside(text, "#sdy.sharding_per_value<[", "]>") {
        Some(list) => top_level_items(list)?.into_iter().map(|s| inside(s, "<", ">")).collect::<Option<_>>()?,
        None => vec![inside(text, "#sdy.sharding<", ">")?],
    };
    bodies
        .into_iter()
        .map(|b| {
            let parts = top_level_items(b)?;
            let mesh = parts.first()?;
            if !(mesh.starts_with('@') || mesh.starts_with("mesh<")) {
                return None;
            }
            let dims = top_level_items(inside(parts.get(1)?, "[", "]")?)?;
            dims.iter().all(|d| d.starts_with('{')).then_some(dims.len())
        })
        .collect()
}

/// Reads an `xla.sdy.sharding` frontend attribute (`#sdy.sharding_per_value<[<@mesh, [...]>]>`, the
/// sharding of the one value the custom call annotates) and checks it against `ty`: one sharding,
/// with one dimension sharding per dimension of the value. The mesh it names is not looked up (a
/// one-device run places nothing on it).
pub fn check_sdy_sharding_text(text: &str, ty: &Type) -> Result<(), String> {
    let dims = sdy_dims(text).ok_or_else(|| format!("'{text}' is not an sdy sharding"))?;
    let [n] = dims[..] else {
        return Err(format!("'{text}' gives {} where one value is annotated", plural(dims.len(), "sharding")));
    };
    match rank(ty) {
        Some(r) if r != n => Err(format!("'{text}' names {} but the value has rank {r}", plural(n, "dimension"))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardref_spec::ir::{ElemType, TensorType};

    fn tensor(dims: &[u64]) -> Type {
        Type::Tensor(TensorType {
            shape: Some(dims.iter().map(|&d| Some(d)).collect()),
            elem: ElemType::F32,
            encoding: None,
        })
    }

    #[test]
    fn hlo_shardings_are_checked_against_the_rank() {
        let t = tensor(&[4, 8]);
        assert_eq!(check_hlo_sharding_text("{devices=[2,4]<=[8]}", &t), Ok(()));
        assert_eq!(check_hlo_sharding_text("{mesh['x'=2,'y'=4], [{'x'}, {'y'}]}", &t), Ok(()));
        assert_eq!(check_hlo_sharding_text("{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}", &t), Ok(()));
        assert!(check_hlo_sharding_text("{devices=[8]<=[8]}", &t).unwrap_err().contains("tiles 1 dimension but"));
        assert!(check_hlo_sharding_text("{mesh['x'=8], [{'x'}]}", &t).unwrap_err().contains("names 1 dimension"));
        assert!(check_hlo_sharding_text("{bogus}", &t).is_err());
    }

    #[test]
    fn sdy_shardings_are_checked_against_the_rank() {
        let t = tensor(&[4, 8]);
        assert_eq!(check_sdy_sharding_text("#sdy.sharding_per_value<[<@mesh, [{\"x\"}, {}]>]>", &t), Ok(()));
        let e = check_sdy_sharding_text("#sdy.sharding_per_value<[<@mesh, [{\"x\"}]>]>", &t).unwrap_err();
        assert!(e.contains("names 1 dimension but the value has rank 2"), "{e}");
        assert!(check_sdy_sharding_text("#sdy.sharding_per_value<[<@mesh, [{\"x\"}, {}]>", &t).is_err());
        assert_eq!(
            check_sdy_sharding_text("#sdy.sharding<mesh<[\"x\"=2]>, [{\"x\", ?}, {}], replicated={\"y\"}>", &t),
            Ok(())
        );
        assert!(check_sdy_sharding_text("\"x\"", &t).unwrap_err().contains("is not an sdy sharding"));
        let two = "#sdy.sharding_per_value<[<@mesh, [{}, {}]>, <@mesh, [{}, {}]>]>";
        assert!(check_sdy_sharding_text(two, &t).unwrap_err().contains("gives 2 shardings"));
    }
}
