//! The deprecated `einsum` and `unary_einsum` (MHLO semantics).
//!
//! `einsum_config` is `"lhs,rhs->out"` (or `"in->out"` for `unary_einsum`),
//! one letter per dimension. As MHLO lowers them:
//! - `einsum` is a `dot_general` whose batching dimensions are the letters of
//!   both operands and the output, whose contracting dimensions are the
//!   letters of both operands missing from the output, followed by a
//!   `transpose` from `[batch, lhs free, rhs free]` to the output's order.
//!   A letter that only one operand has and the output lacks is first summed
//!   out of that operand (MHLO's lowering rejects it; shardref sums).
//! - `unary_einsum` sums the letters missing from the output, then
//!   transposes to the output's order.
//!
//! Sums run over one dimension at a time (the last such dimension first),
//! adding slices in order with the element type's `add`. Repeated letters
//! within one operand (diagonals) and `...` are unsupported.

use shardref_spec::ir::Type;
use shardref_spec::ops::StablehloOp;

use crate::error::{IResult, invalid, unsupported};
use crate::ops::{dot, elementwise, shape};
use crate::value::Tensor;

/// Splits `"ab,bc->ac"` into its operand letter lists and the output's.
fn parse(config: &str, operands: usize) -> IResult<(Vec<Vec<char>>, Vec<char>)> {
    if config.contains("...") {
        return unsupported("einsum with '...'");
    }
    let Some((ins, out)) = config.split_once("->") else {
        return invalid(format!("einsum_config '{config}' has no '->'"));
    };
    let ins: Vec<Vec<char>> = ins.split(',').map(|s| s.trim().chars().collect()).collect();
    let out: Vec<char> = out.trim().chars().collect();
    if ins.len() != operands {
        return invalid(format!("einsum_config '{config}' names {} operands, the op has {operands}", ins.len()));
    }
    for l in ins.iter().chain(std::iter::once(&out)) {
        if l.iter().any(|c| !c.is_ascii_alphabetic()) {
            return invalid(format!("einsum_config '{config}' must use letters"));
        }
        if (1..l.len()).any(|i| l[..i].contains(&l[i])) {
            return unsupported(format!("einsum_config '{config}' repeats a letter within one term"));
        }
    }
    Ok((ins, out))
}

fn check_rank(t: &Tensor, letters: &[char], config: &str) -> IResult<()> {
    if t.rank() != letters.len() {
        return invalid(format!(
            "einsum_config '{config}' gives {} letters for a rank-{} operand",
            letters.len(),
            t.rank()
        ));
    }
    Ok(())
}

/// Sums `t` over the dimensions whose letters `keep` rejects, returning the rest's letters.
fn sum_out(t: &Tensor, letters: &[char], keep: impl Fn(char) -> bool) -> IResult<(Tensor, Vec<char>)> {
    let mut t = t.clone();
    let mut letters = letters.to_vec();
    for d in (0..letters.len()).rev() {
        if keep(letters[d]) {
            continue;
        }
        let mut shape_out = t.shape.clone();
        let n = shape_out.remove(d);
        let ty = Type::Tensor(shardref_spec::ir::TensorType::ranked(
            shape_out.iter().map(|&x| x as u64).collect(),
            t.elem.clone(),
        ));
        let slice = |i: usize| -> IResult<Tensor> {
            let mut start = vec![0i64; t.rank()];
            let mut limit: Vec<i64> = t.shape.iter().map(|&x| x as i64).collect();
            start[d] = i as i64;
            limit[d] = i as i64 + 1;
            shape::reshape(&shape::slice(&t, &start, &limit, &vec![1; t.rank()])?, shape_out.clone())
        };
        let mut acc = if n == 0 {
            let z = Tensor::new(vec![], t.elem.clone(), crate::ops::convert::from_i64s(&t.elem, &[0])?);
            shape::broadcast_in_dim(&z, &[], shape_out.clone())?
        } else {
            slice(0)?
        };
        for i in 1..n {
            acc = elementwise::binary(StablehloOp::Add, &acc, &slice(i)?, &ty)?;
        }
        t = acc;
        letters.remove(d);
    }
    Ok((t, letters))
}

/// Transposes a tensor whose dimensions carry `letters` into the order of `out`.
fn to_order(t: &Tensor, letters: &[char], out: &[char], config: &str) -> IResult<Tensor> {
    if letters.len() != out.len() {
        return invalid(format!("einsum_config '{config}': output letters do not match the operands"));
    }
    let perm = out
        .iter()
        .map(|c| letters.iter().position(|l| l == c).map(|p| p as i64))
        .collect::<Option<Vec<i64>>>()
        .map_or_else(|| invalid(format!("einsum_config '{config}': an output letter is in no operand")), Ok)?;
    shape::transpose(t, &perm)
}

/// `unary_einsum(operand)`.
pub fn unary_einsum(t: &Tensor, config: &str) -> IResult<Tensor> {
    let (ins, out) = parse(config, 1)?;
    check_rank(t, &ins[0], config)?;
    let (s, letters) = sum_out(t, &ins[0], |c| out.contains(&c))?;
    to_order(&s, &letters, &out, config)
}

/// `einsum(lhs, rhs)` with result element type `elem`.
pub fn einsum(lhs: &Tensor, rhs: &Tensor, config: &str, elem: &shardref_spec::ir::ElemType) -> IResult<Tensor> {
    let (ins, out) = parse(config, 2)?;
    check_rank(lhs, &ins[0], config)?;
    check_rank(rhs, &ins[1], config)?;
    let (l, ll) = sum_out(lhs, &ins[0], |c| out.contains(&c) || ins[1].contains(&c))?;
    let (r, rl) = sum_out(rhs, &ins[1], |c| out.contains(&c) || ins[0].contains(&c))?;
    let pos = |v: &[char], c: char| v.iter().position(|&x| x == c).map(|p| p as i64).unwrap_or(-1);
    let mut d = shardref_spec::ir::stablehlo::DotDimensionNumbers::default();
    let mut batch = vec![];
    for &c in ll.iter().filter(|c| rl.contains(c)) {
        if out.contains(&c) {
            d.lhs_batching_dimensions.push(pos(&ll, c));
            d.rhs_batching_dimensions.push(pos(&rl, c));
            batch.push(c);
        } else {
            d.lhs_contracting_dimensions.push(pos(&ll, c));
            d.rhs_contracting_dimensions.push(pos(&rl, c));
        }
    }
    let prod = dot::dot_general(&l, &r, &d, elem)?;
    let mut letters = batch;
    letters.extend(ll.iter().filter(|c| !rl.contains(c)));
    letters.extend(rl.iter().filter(|c| !ll.contains(c)));
    to_order(&prod, &letters, &out, config)
}
