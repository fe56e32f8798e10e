//! Printing values as upstream's reference interpreter does
//! (`stablehlo/reference/Tensor.cpp`, `Tensor::print`): the type, then the
//! elements as nested brackets, one row of the innermost dimension per line,
//! indented two spaces per level. A rank-0 tensor prints on one line as
//! `tensor<i32> {1}`; an empty tensor prints its outer brackets with `[]`
//! where the empty dimension starts.

use crate::error::IResult;
use crate::ops::convert::element_strings;
use crate::value::{Tensor, Value};

/// A value in upstream's format (tuples print their elements in order).
pub fn value(v: &Value) -> IResult<String> {
    match v {
        Value::Tensor(t) => tensor(t),
        Value::Tuple(items) => {
            let parts = items.iter().map(value).collect::<IResult<Vec<_>>>()?;
            Ok(format!("(\n{}\n)", parts.join(",\n")))
        }
        Value::Token => Ok("!stablehlo.token".into()),
        // Upstream's interpreter runs no futures; shardref prints the awaited value in the type's wrapper.
        Value::Future(inner) => Ok(format!("!stablehlo.future {{\n{}\n}}", value(inner)?)),
    }
}

/// A tensor in upstream's format.
pub fn tensor(t: &Tensor) -> IResult<String> {
    let ty = shardref_spec::ir::Type::Tensor(t.ty());
    let elems = element_strings(t)?;
    if t.rank() == 0 {
        return Ok(format!("{ty} {{{}}}", elems.first().map(String::as_str).unwrap_or("")));
    }
    let mut out = format!("{ty} {{\n");
    nest(&t.shape, &elems, 1, &mut out);
    out.push_str("\n}");
    Ok(out)
}

/// Prints the sub-array of `shape` whose elements are `elems` at `depth`.
fn nest(shape: &[usize], elems: &[String], depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    if shape.len() == 1 || shape.first() == Some(&0) {
        out.push_str(&format!("{pad}[{}]", elems.join(", ")));
        return;
    }
    let n = shape[0];
    let inner: usize = shape[1..].iter().product();
    out.push_str(&format!("{pad}[\n"));
    for i in 0..n {
        let part = elems.get(i * inner..(i + 1) * inner).unwrap_or(&[]);
        nest(&shape[1..], part, depth + 1, out);
        out.push_str(if i + 1 < n { ",\n" } else { "\n" });
    }
    out.push_str(&format!("{pad}]"));
}
