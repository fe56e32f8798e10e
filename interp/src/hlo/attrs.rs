//! HLO attributes for the evaluator: the typed views of the op table's `hlo` schemas
//! (`shardref_spec::schema::hlo`, decoded by `shardref_spec::hlo::attrs`), re-exported, and the
//! conversion of their located errors into `InvalidProgram` errors with XLA's parser's wording
//! (`attribute x is expected but not seen`, `attribute x must be <kind>`).

pub use shardref_spec::hlo::attrs::Window;
pub use shardref_spec::schema::hlo::*;

use shardref_spec::hlo::attrs as ha;
use shardref_spec::schema::{AttrError, Field, Kind, kind};

use crate::error::{IResult, InterpError};

fn xla(e: AttrError) -> InterpError {
    InterpError::invalid(e.span, e.xla_message())
}

/// A required field.
pub fn req<'a, K: Kind>(f: Field<'a, K>) -> IResult<K::Out<'a>> {
    f.req().map_err(xla)
}

/// An optional field: `None` when absent, an error when malformed.
pub fn opt<'a, K: Kind>(f: Field<'a, K>) -> IResult<Option<K::Out<'a>>> {
    f.opt().map_err(xla)
}

/// An integer list that defaults to empty when absent.
pub fn ints_or_empty(f: Field<'_, kind::HloInts>) -> IResult<Vec<i64>> {
    Ok(opt(f)?.unwrap_or_default())
}

/// The value of key `key` in `frontend_attributes={...}`.
pub fn frontend_attribute(i: Instr<'_>, key: &str) -> Option<String> {
    ha::frontend_value(&i.frontend_attributes().get()?, key).map(str::to_string)
}

/// `replica_groups=` in list, iota or mesh form; `None` when absent, `Some([])` for `{}`.
pub fn replica_groups(f: Field<'_, kind::HloReplicaGroups>) -> IResult<Option<Vec<Vec<i64>>>> {
    match opt(f)? {
        None => Ok(None),
        Some(groups) => groups.map(Some).map_err(|e| InterpError::invalid(f.span, e)),
    }
}

/// `source_target_pairs={{s,t},...}`; empty when absent.
pub fn source_target_pairs(f: Field<'_, kind::HloPairs>) -> IResult<Vec<(i64, i64)>> {
    let bad = |what: &str| InterpError::invalid(f.span, format!("attribute {} must be {what}", f.name));
    let Some(entries) = opt(f)? else { return Ok(vec![]) };
    let entries: Vec<Vec<i64>> = entries.into_iter().collect::<Option<_>>().ok_or_else(|| bad("{{s,t},...}"))?;
    entries
        .into_iter()
        .map(|g| match g[..] {
            [s, t] => Ok((s, t)),
            _ => Err(bad("pairs {s,t}")),
        })
        .collect()
}

/// A word of an option group such as `triangular_solve_options={left_side=true, ...}`, or the
/// attribute of its own (the form XLA's parser also accepts).
pub fn option_of(own: Field<'_, kind::HloWord>, group: Field<'_, kind::HloOptions>) -> Option<String> {
    own.get().or_else(|| ha::option_value(&group.get()?, own.name).map(str::to_string))
}

/// A `{{a,b},{c,d}}` list of integer pairs given as text (frontend attribute values such as
/// `_xla_send_recv_source_target_pairs`).
pub fn pairs_text(text: &str) -> Option<Vec<(i64, i64)>> {
    let items = shardref_spec::hlo::tok::reparse(text)?;
    let groups = shardref_spec::hlo::device_attrs::replica_groups(&items).ok()?;
    groups.into_iter().map(|g| if let [s, t] = g[..] { Some((s, t)) } else { None }).collect()
}
