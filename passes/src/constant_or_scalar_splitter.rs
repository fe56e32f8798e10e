//! `sdy-constant-or-scalar-splitter` (inventory §4.3): every
//! `stablehlo.constant` becomes an `sdy.constant`; then each use of a
//! constant sub-computation (constants, iotas, and constant-preserving ops
//! of them) and of a scalar broadcast gets its own copy, so that
//! propagation does not tie unrelated uses together; the originals that
//! end up unused are erased.
//!
//! Invariants: functions are processed in call-graph post-order, within a
//! function its named computations (inner first) and then its body, each
//! region with its own sets of constant and scalar-expansion ops; rank-0
//! values are never copied; a copy sits right before its original, with
//! copies of the original's `sdy.sharding_group` users; a copied call gets
//! a fresh recursive copy of its callee (MLIR symbol uniquing). Which
//! functions and named computations are constant is decided on the fly, as
//! upstream does.

use std::collections::HashMap;

use shardref_spec::Diagnostic;
use shardref_spec::ir::{Attr, Module, OpId, RegionId, Type, ValueDef, ValueId};
use shardref_spec::ops::{OpKind, OpName, SdyOp, StablehloOp, Traits};

use crate::callgraph::funcs_post_order;
use crate::rewrite::{
    SymbolTable, callee, clone_func_recursively, clone_op, erase, func_named, insert_before, is_call, is_sdy, is_shlo,
    is_terminator, original_func_name, post_order_within, users,
};

struct Splitter {
    st: SymbolTable,
    non_const_ncs: Vec<Vec<u8>>,
    non_const_funcs: Vec<String>,
    error: Option<Diagnostic>,
}

fn nc_name(m: &Module, op: OpId) -> Vec<u8> {
    shardref_spec::schema::stablehlo::Composite::of(m.op(op))
        .name()
        .raw()
        .and_then(Attr::as_str)
        .map(<[u8]>::to_vec)
        .unwrap_or_default()
}

fn is_scalar(t: &Type) -> bool {
    match t {
        Type::Tensor(tt) => tt.rank() == Some(0),
        Type::MeshTensor(mt) => mt.tensor.rank() == Some(0),
        Type::Vector(..)
        | Type::Tuple(_)
        | Type::Function(..)
        | Type::Elem(_)
        | Type::None
        | Type::Token
        | Type::Future(_)
        | Type::Opaque { .. } => false,
    }
}

/// Upstream's `isElementwise` (`op_properties.cc`).
fn is_elementwise(m: &Module, op: OpId) -> bool {
    let Some(k) = m.op(op).name.kind() else { return false };
    if k.has(Traits::ELEMENTWISE) {
        return true;
    }
    if is_shlo(m, op, StablehloOp::BitcastConvert) {
        let o = m.op(op);
        let shape = |v: ValueId| m.value_type(v).as_tensor().and_then(|t| t.shape.clone());
        return match (o.operands.first(), o.results.first()) {
            (Some(&a), Some(&r)) => shape(a) == shape(r),
            _ => false,
        };
    }
    matches!(k, OpKind::Sdy(SdyOp::PropagationBarrier | SdyOp::ShardingConstraint | SdyOp::Reshard))
}

fn is_pure(m: &Module, op: OpId) -> bool {
    m.op(op).name.kind().is_some_and(|k| k.has(Traits::PURE))
}

impl Splitter {
    fn is_constant_preserving(&self, m: &Module, op: OpId) -> bool {
        if is_call(m, op) {
            let name = callee(m, op).unwrap_or_default();
            let original = func_named(m, &name).map(|f| original_func_name(m, f)).unwrap_or(name);
            return !self.non_const_funcs.contains(&original);
        }
        if is_sdy(m, op, SdyOp::NamedComputation) {
            return !self.non_const_ncs.contains(&nc_name(m, op));
        }
        if !is_pure(m, op) {
            return false;
        }
        if is_shlo(m, op, StablehloOp::BroadcastInDim)
            || is_shlo(m, op, StablehloOp::Reshape)
            || is_shlo(m, op, StablehloOp::Slice)
        {
            return true;
        }
        is_elementwise(m, op)
    }

    fn is_constant_expression(&self, m: &Module, op: OpId, constants: &[OpId]) -> bool {
        if is_sdy(m, op, SdyOp::Constant) || is_shlo(m, op, StablehloOp::Iota) {
            return true;
        }
        self.is_constant_preserving(m, op)
            && m.op(op).operands.iter().all(|&v| match m.value(v).def {
                ValueDef::Result { op: d, .. } => constants.contains(&d),
                ValueDef::BlockArg { .. } => false,
            })
    }

    /// `cloneSubComputation` with a shared mapping.
    fn clone_sub(&mut self, m: &mut Module, v: ValueId, map: &mut HashMap<ValueId, ValueId>) {
        if is_scalar(m.value_type(v)) || map.contains_key(&v) {
            return;
        }
        let ValueDef::Result { op, .. } = m.value(v).def else { return };
        for operand in m.op(op).operands.clone() {
            if matches!(m.value(operand).def, ValueDef::Result { .. }) {
                self.clone_sub(m, operand, map);
            }
        }
        let c = clone_op(m, op, map);
        insert_before(m, op, c);
        if is_call(m, c) {
            let name = callee(m, c).unwrap_or_default();
            match func_named(m, &name) {
                Some(f) => match clone_func_recursively(m, &mut self.st, f) {
                    Ok(clone) => {
                        let new_name = self.st.insert(m, clone);
                        m.op_mut(c).attrs.insert(shardref_spec::schema::keys::CALLEE, Attr::SymbolRef(vec![new_name]));
                    }
                    Err(msg) => self.error = self.error.take().or(Some(crate::error_at(m, c, crate::PASS_ERROR, msg))),
                },
                None => {
                    self.error = self.error.take().or(Some(crate::error_at(
                        m,
                        c,
                        crate::PASS_ERROR,
                        format!("Failed to lookup function: {name}"),
                    )))
                }
            }
        }
        for u in users(m, v) {
            if is_sdy(m, u, SdyOp::ShardingGroup) {
                let g = clone_op(m, u, map);
                insert_before(m, op, g);
            }
        }
    }

    fn clone_value(&mut self, m: &mut Module, v: ValueId) -> ValueId {
        if is_scalar(m.value_type(v)) {
            return v;
        }
        let mut map = HashMap::new();
        self.clone_sub(m, v, &mut map);
        map.get(&v).copied().unwrap_or(v)
    }

    fn process_op(
        &mut self,
        m: &mut Module,
        op: OpId,
        func: OpId,
        constants: &mut Vec<OpId>,
        expansions: &mut Vec<OpId>,
    ) {
        if is_sdy(m, op, SdyOp::ShardingGroup) || crate::rewrite::is_func(m, op) {
            return;
        }
        if self.is_constant_expression(m, op, constants) {
            constants.push(op);
            return;
        }
        if !self.is_constant_preserving(m, op) && !is_terminator(m, op) {
            let mut p = m.parent_op(op);
            while let Some(x) = p {
                if is_sdy(m, x, SdyOp::NamedComputation) {
                    let n = nc_name(m, x);
                    if !self.non_const_ncs.contains(&n) {
                        self.non_const_ncs.push(n);
                    }
                    break;
                }
                p = m.parent_op(x);
            }
            let f = original_func_name(m, func);
            if !self.non_const_funcs.contains(&f) {
                self.non_const_funcs.push(f);
            }
        }
        if is_shlo(m, op, StablehloOp::BroadcastInDim)
            && m.op(op).operands.first().is_some_and(|&v| is_scalar(m.value_type(v)))
        {
            expansions.push(op);
            return;
        }
        let n = m.op(op).operands.len();
        for i in 0..n {
            let v = m.op(op).operands[i];
            if let ValueDef::Result { op: d, .. } = m.value(v).def
                && (constants.contains(&d) || expansions.contains(&d))
            {
                let c = self.clone_value(m, v);
                m.op_mut(op).operands[i] = c;
            }
        }
    }

    fn walk_region(&mut self, m: &mut Module, region: RegionId, func: OpId) {
        // Pre-order over the region, not descending into named computations.
        let mut order = vec![];
        let mut stack: Vec<OpId> = vec![];
        for &b in m.region(region).blocks.iter().rev() {
            stack.extend(m.block(b).ops.iter().rev());
        }
        while let Some(o) = stack.pop() {
            order.push(o);
            if is_sdy(m, o, SdyOp::NamedComputation) {
                continue;
            }
            for &r in m.op(o).regions.iter().rev() {
                for &b in m.region(r).blocks.iter().rev() {
                    stack.extend(m.block(b).ops.iter().rev());
                }
            }
        }
        let mut constants = vec![];
        let mut expansions = vec![];
        for op in order {
            if m.op(op).parent.is_none() {
                continue;
            }
            self.process_op(m, op, func, &mut constants, &mut expansions);
        }
        for op in expansions.into_iter().chain(constants.into_iter().rev()) {
            let mut us: Vec<OpId> = vec![];
            for &r in &m.op(op).results {
                us.extend(users(m, r));
            }
            if us.iter().all(|&u| is_sdy(m, u, SdyOp::ShardingGroup)) {
                for u in us {
                    erase(m, u);
                }
                erase(m, op);
            }
        }
    }
}

pub fn run(m: &mut Module) -> Vec<Diagnostic> {
    for op in m.walk() {
        if is_shlo(m, op, StablehloOp::Constant) {
            m.op_mut(op).name = OpName::Known(OpKind::Sdy(SdyOp::Constant));
        }
    }
    let mut s = Splitter { st: SymbolTable::new(), non_const_ncs: vec![], non_const_funcs: vec![], error: None };
    for f in funcs_post_order(m) {
        let ncs: Vec<OpId> =
            post_order_within(m, f).into_iter().filter(|&o| is_sdy(m, o, SdyOp::NamedComputation)).collect();
        for nc in ncs {
            if let Some(&r) = m.op(nc).regions.first() {
                s.walk_region(m, r, f);
            }
        }
        if let Some(&r) = m.op(f).regions.first() {
            s.walk_region(m, r, f);
        }
        if s.error.is_some() {
            break;
        }
    }
    s.error.into_iter().collect()
}
