//! The global (unpartitioned) reading of the `mpmd` ops (issue #10).
//!
//! On global values every mpmd op has a meaning that ignores meshes: a
//! `named_computation` or `fragment` applies its body, `named_tensor`,
//! `broadcast`, `transfer`, `assign` and `unassign` are the identity,
//! `call` and `fragment_call` call their callee, `for` runs its body
//! `iterations` times threading the carried values and passing the
//! iteration number as the index argument (the unroll factor does not
//! change values), and `reduce<kind>` combines its operands elementwise
//! (left to right, with the StableHLO kernel of the kind; `none` is the
//! identity of its single operand). This is what `jax.jit` computes for
//! programs written with the MPMD front end, and what the same program
//! means with its meshes and transfers erased; `devices::mpmd` runs the
//! partitioned reading on simulated devices and must agree with it.
//!
//! Invariant: a mesh tensor value is held as its global tensor, so
//! `eval::value_has_type` accepts a tensor for a `!mpmd.mesh_tensor` type of
//! the same global type.

use shardref_spec::ir::mpmd::{MpmdAttr, Reduction};
use shardref_spec::ir::{ElemType, OpId, Span, Type};
use shardref_spec::ops::{MpmdOp, OpKind, StablehloOp};

use crate::error::{IResult, InterpError};
use crate::eval::{Frame, Interp};
use crate::value::{Buffer, Repr, Tensor, Value};

/// The StableHLO op that combines two operands of `reduce<r>`; `None` for
/// the `none` reduction, which has exactly one operand.
pub fn reduction_op(r: Reduction) -> Option<StablehloOp> {
    match r {
        Reduction::None => None,
        Reduction::Add => Some(StablehloOp::Add),
        Reduction::Max => Some(StablehloOp::Maximum),
        Reduction::Min => Some(StablehloOp::Minimum),
        Reduction::Mul => Some(StablehloOp::Multiply),
        Reduction::Or => Some(StablehloOp::Or),
        Reduction::And => Some(StablehloOp::And),
    }
}

/// `mpmd.reduce<r>` of tensors of one type: a left fold with the kind's kernel.
pub fn reduce_tensors(r: Reduction, operands: &[Tensor]) -> Result<Tensor, String> {
    let (first, rest) = operands.split_first().ok_or("mpmd.reduce needs at least one operand")?;
    let Some(k) = reduction_op(r) else {
        if !rest.is_empty() {
            return Err("ReduceOp must have exactly one operand if the reduction type is none".into());
        }
        return Ok(first.clone());
    };
    let ty = Type::Tensor(first.ty());
    let mut acc = first.clone();
    for t in rest {
        acc = crate::ops::elementwise::binary(k, &acc, t, &ty).map_err(|e| e.message)?;
    }
    Ok(acc)
}

/// The reduction of an `mpmd.reduce` op (its `reduction` attribute, `none` when absent).
pub fn op_reduction(o: &shardref_spec::ir::Operation) -> Reduction {
    match crate::attrs::mpmd::Reduce::of(o).reduction().get() {
        Some(MpmdAttr::Reduction(r)) => *r,
        _ => Reduction::None,
    }
}

/// The loop index value of iteration `i` for an index argument of type `ty`.
pub fn index_value(ty: &Type, i: u64, span: Span) -> IResult<Value> {
    let elem = match ty {
        Type::Tensor(t) => t.elem.clone(),
        _ => return Err(InterpError::invalid(span, format!("mpmd.for index of type {ty}"))),
    };
    let width = match &elem {
        ElemType::Int { width: w @ (8 | 16 | 32 | 64), .. } => *w as usize / 8,
        _ => return Err(InterpError::invalid(span, format!("mpmd.for index of type {ty}"))),
    };
    let repr = Repr::of(&elem).ok_or_else(|| InterpError::invalid(span, format!("mpmd.for index of type {ty}")))?;
    let buf = Buffer::from_le_bytes(repr, &i.to_le_bytes()[..width]);
    Ok(Value::Tensor(Tensor::new(vec![], elem, buf)))
}

/// The callee of a `call`/`fragment_call`.
pub fn callee(it: &Interp<'_>, op: OpId) -> IResult<OpId> {
    let o = it.m.op(op);
    let Some(c) = crate::attrs::Call::of(o).callee().get() else {
        return Err(InterpError::invalid(o.span, "call without a callee"));
    };
    c.first()
        .and_then(|c| it.m.lookup_symbol(c))
        .ok_or_else(|| InterpError::invalid(o.span, format!("no function @{}", c.join("::@"))))
}

/// Runs mpmd op `op` of kind `k` on global values (see the module header).
pub(crate) fn eval(it: &mut Interp<'_>, f: &mut Frame, op: OpId, k: MpmdOp) -> IResult<Vec<Value>> {
    let m = it.m;
    let o = m.op(op);
    let span = o.span;
    let args = o.operands.iter().map(|&v| it.value(f, v, span).cloned()).collect::<IResult<Vec<_>>>()?;
    match k {
        MpmdOp::Return => Err(InterpError::invalid(span, "mpmd.return is a terminator")),
        MpmdOp::NamedComputation | MpmdOp::Fragment => {
            let r = *o.regions.first().ok_or_else(|| InterpError::invalid(span, "op without a body"))?;
            it.apply_region(f, r, args, span)
        }
        MpmdOp::NamedTensor | MpmdOp::Broadcast | MpmdOp::Transfer | MpmdOp::Assign | MpmdOp::Unassign => {
            match <[Value; 1]>::try_from(args) {
                Ok([v]) => Ok(vec![v]),
                Err(_) => Err(InterpError::invalid(span, format!("{} takes one operand", OpKind::Mpmd(k).name()))),
            }
        }
        MpmdOp::Call | MpmdOp::FragmentCall => {
            let target = callee(it, op)?;
            it.call(target, args, span)
        }
        MpmdOp::For => {
            let r = *o.regions.first().ok_or_else(|| InterpError::invalid(span, "mpmd.for without a body"))?;
            let iterations = crate::attrs::mpmd::For::of(o).iterations().req()?;
            let block = *m.region(r).blocks.first().ok_or_else(|| InterpError::invalid(span, "empty mpmd.for"))?;
            let index_ty = m
                .block(block)
                .args
                .last()
                .map(|&a| m.value_type(a).clone())
                .ok_or_else(|| InterpError::invalid(span, "mpmd.for body without an index argument"))?;
            let mut carried = args;
            for i in 0..u64::try_from(iterations).unwrap_or(0) {
                let mut a = carried;
                a.push(index_value(&index_ty, i, span)?);
                carried = it.apply_region(f, r, a, span)?;
            }
            Ok(carried)
        }
        MpmdOp::Reduce => {
            let ts = args
                .iter()
                .map(|v| {
                    v.as_tensor().cloned().ok_or_else(|| InterpError::invalid(span, "mpmd.reduce of a non-tensor"))
                })
                .collect::<IResult<Vec<_>>>()?;
            let t = reduce_tensors(op_reduction(o), &ts).map_err(|e| InterpError::invalid(span, e))?;
            Ok(vec![Value::Tensor(t)])
        }
    }
}
