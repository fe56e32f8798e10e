//! Reading op attributes for kernels, with located errors when one is
//! missing or of the wrong kind (something the verifier should catch).

use shardref_spec::ir::{Attr, DenseData, Operation, Type};

use crate::error::{IResult, InterpError};

/// An integer list attribute: `array<i64: ...>`, a dense i64 tensor (older
/// printers), or an array of integers.
pub fn ints(o: &Operation, name: &str) -> IResult<Vec<i64>> {
    match o.attrs.get(name) {
        Some(a) => ints_of(a)
            .ok_or_else(|| InterpError::invalid(o.span, format!("attribute '{name}' must be a list of integers"))),
        None => Err(InterpError::invalid(o.span, format!("missing attribute '{name}'"))),
    }
}

/// Like `ints`, but `None` when absent.
pub fn ints_opt(o: &Operation, name: &str) -> IResult<Option<Vec<i64>>> {
    match o.attrs.get(name) {
        Some(_) => ints(o, name).map(Some),
        None => Ok(None),
    }
}

pub fn ints_of(a: &Attr) -> Option<Vec<i64>> {
    match a {
        Attr::DenseArray(d) => Some(d.as_i64()),
        Attr::Array(items) => items.iter().map(|i| i.as_int().map(|v| v as i64)).collect(),
        Attr::Dense(d) => {
            let Type::Tensor(t) = &d.ty else { return None };
            let n = t.num_elements()? as usize;
            if !t.elem.is_int() {
                return None;
            }
            let v = shardref_spec::dense::int_elements(&d.data, &t.elem, n);
            if matches!(d.data, DenseData::Strings(_)) {
                return None;
            }
            Some(v.into_iter().map(|x| x as i64).collect())
        }
        _ => None,
    }
}

/// An integer attribute.
pub fn int(o: &Operation, name: &str) -> IResult<i64> {
    match o.attrs.get(name) {
        Some(Attr::Int(i)) => Ok(i.value as i64),
        Some(_) => Err(InterpError::invalid(o.span, format!("attribute '{name}' must be an integer"))),
        None => Err(InterpError::invalid(o.span, format!("missing attribute '{name}'"))),
    }
}
