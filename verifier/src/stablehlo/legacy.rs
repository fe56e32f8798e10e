//! Ops that the spec lists as deprecated or leaves undescribed, with the
//! rules MHLO's semantics imply (upstream verifies little beyond ODS for
//! them; shardref checks what its interpreter relies on): `einsum`,
//! `unary_einsum`, `torch_index_select` and `set_dimension_size`
//! (upstream's `inferSetDimensionSizeOp`).

use std::collections::HashMap;

use shardref_spec::ir::{Attr, Dim};

use super::common::*;
use crate::{Check, Fail};

/// The letters of `einsum_config` (`"ab,bc->ac"`, or `"ab->ba"` for the
/// unary form): one list per operand, then the output's (`einsum_c1`).
fn einsum_config(op: Op<'_>, operands: usize) -> Result<(Vec<Vec<char>>, Vec<char>), Fail> {
    let Some(Attr::Str(bytes, _)) = crate::attrs::stablehlo::Einsum::of(op.o).einsum_config().raw() else {
        return Err(Fail::new("stablehlo_signature", "requires attribute 'einsum_config'"));
    };
    let config = String::from_utf8_lossy(bytes);
    let bad = || {
        Fail::new(
            "einsum_c1",
            format!(
                "einsum_config '{config}' must be {operands} comma-separated lists of letters, '->' and the output's letters"
            ),
        )
    };
    let (ins, out) = config.split_once("->").ok_or_else(bad)?;
    let ins: Vec<Vec<char>> = ins.split(',').map(|s| s.trim().chars().collect()).collect();
    let out: Vec<char> = out.trim().chars().collect();
    let letters_ok = |l: &[char]| {
        l.iter().all(|c| c.is_ascii_alphabetic()) && l.iter().enumerate().all(|(i, c)| !l[..i].contains(c))
    };
    if ins.len() != operands || !ins.iter().all(|l| letters_ok(l)) || !letters_ok(&out) {
        return Err(bad());
    }
    Ok((ins, out))
}

/// `einsum` and `unary_einsum`: `einsum_c1`..`einsum_c3`.
pub fn einsum(op: Op<'_>, operands: usize) -> Check {
    let ts = op.operands(operands)?;
    let r = expect_tensor(op.result()?, "result #0")?;
    let (ins, out) = einsum_config(op, operands)?;
    let mut sizes: HashMap<char, Dim> = HashMap::new();
    let mut all_ranked = true;
    for (i, (t, letters)) in ts.iter().zip(&ins).enumerate() {
        let t = expect_tensor(t, &format!("operand #{i}"))?;
        let Some(s) = shape(t) else {
            all_ranked = false;
            continue;
        };
        // einsum_c2
        if s.len() != letters.len() {
            return Err(Fail::new(
                "einsum_c2",
                format!("operand #{i} has rank {} but einsum_config gives it {} letters", s.len(), letters.len()),
            ));
        }
        for (&c, &d) in letters.iter().zip(s) {
            match sizes.get(&c).copied() {
                Some(Some(p)) if d.is_some_and(|x| x != p) => {
                    return Err(Fail::new(
                        "einsum_c2",
                        format!("dimensions labelled '{c}' have different sizes in einsum_config"),
                    ));
                }
                Some(Some(_)) => {}
                Some(None) | None => {
                    sizes.insert(c, d);
                }
            }
        }
    }
    // einsum_c3
    let mut want = vec![];
    for c in &out {
        match sizes.get(c) {
            Some(&d) => want.push(d),
            None if !all_ranked => want.push(None),
            None => {
                return Err(Fail::new(
                    "einsum_c3",
                    format!("output letter '{c}' of einsum_config labels no operand dimension"),
                ));
            }
        }
    }
    check_inferred_shape("einsum_c3", &want, r)
}

/// `torch_index_select`: `result = operand` with dimension `dim` replaced
/// by the index's dimensions after its `batch_dims` leading ones, which
/// match the operand's (`torch_index_select_c1`..`torch_index_select_c3`).
pub fn torch_index_select(op: Op<'_>) -> Check {
    let [a, i] = op.args::<2>()?;
    let ta = expect_tensor(a, "operand #0")?;
    let ti = expect_tensor(i, "operand #1")?;
    let r = expect_tensor(op.result()?, "result #0")?;
    let dim = op.int(crate::attrs::stablehlo::TorchIndexSelect::of(op.o).dim())?;
    let bd = op.int(crate::attrs::stablehlo::TorchIndexSelect::of(op.o).batch_dims())?;
    // stablehlo_operand_types: the index is an integer tensor.
    if !ti.elem.is_int() {
        return Err(Fail::new(
            "stablehlo_operand_types",
            format!("operand #1 must be a tensor of integers, but got {}", q(i)),
        ));
    }
    let (Some(sa), Some(si)) = (shape(ta), shape(ti)) else { return Ok(()) };
    // torch_index_select_c1
    if bd < 0 || dim < bd || dim >= sa.len() as i64 || bd > si.len() as i64 {
        return Err(Fail::new(
            "torch_index_select_c1",
            format!(
                "expects 0 <= batch_dims <= dim < rank(operand) and batch_dims <= rank(index), got dim = {dim}, batch_dims = {bd}, ranks {} and {}",
                sa.len(),
                si.len()
            ),
        ));
    }
    let (d, b) = (dim as usize, bd as usize);
    // torch_index_select_c2
    if (0..b).any(|k| !dim_compat(sa[k], si[k])) {
        return Err(Fail::new("torch_index_select_c2", "expects the batch dimensions of operand and index to match"));
    }
    // torch_index_select_c3
    let mut want: Vec<Dim> = sa[..d].to_vec();
    want.extend_from_slice(&si[b..]);
    want.extend_from_slice(&sa[d + 1..]);
    if !elem_compat(&ta.elem, &r.elem) {
        return Err(Fail::new(
            "torch_index_select_c3",
            format!("expects operand and result to have the same element type, got {} and {}", qt(ta), qt(r)),
        ));
    }
    check_inferred_shape("torch_index_select_c3", &want, r)
}

/// `set_dimension_size`: a 0-dimensional size, `dimension` within the
/// operand's rank, and a result that is the operand with that dimension
/// resized (`set_dimension_size_c1`..`set_dimension_size_c3`).
pub fn set_dimension_size(op: Op<'_>) -> Check {
    let [a, s] = op.args::<2>()?;
    let ta = expect_tensor(a, "operand #0")?;
    let ts = expect_tensor(s, "operand #1")?;
    let r = expect_tensor(op.result()?, "result #0")?;
    // set_dimension_size_c1
    if ts.rank().is_some_and(|x| x != 0) || !ts.elem.is_int() {
        return Err(Fail::new("set_dimension_size_c1", "size operand should be of rank-0"));
    }
    let dim = op.int(crate::attrs::stablehlo::Dimension::of(op.o).dimension())?;
    let Some(sa) = shape(ta) else { return Ok(()) };
    // set_dimension_size_c2
    if dim < 0 || dim >= sa.len() as i64 {
        return Err(Fail::new(
            "set_dimension_size_c2",
            format!("expects dimension to be in range [0, {}); got: [{dim}].", sa.len()),
        ));
    }
    // set_dimension_size_c3: the other dimensions and the element type are the operand's.
    // As upstream infers it: the dimension keeps its static size when a
    // constant size equals it, and is dynamic otherwise.
    let mut want = sa.to_vec();
    let size = op.const_ints(1).and_then(|v| v.first().and_then(|&x| u64::try_from(x).ok()));
    let d = dim as usize;
    want[d] = if size.is_some() && size == sa[d] { size } else { None };
    if !elem_compat(&ta.elem, &r.elem) {
        return Err(Fail::new(
            "set_dimension_size_c3",
            format!("expects operand and result to have the same element type, got {} and {}", qt(ta), qt(r)),
        ));
    }
    check_inferred_shape("set_dimension_size_c3", &want, r)
}
