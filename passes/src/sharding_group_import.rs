//! `sdy-sharding-group-import` (inventory §4.6): validates the sharding
//! groups (members of a group share their enclosing manual computation and
//! their shape), merges groups that share a value, renumbers the groups
//! 0, 1, ... in order of first appearance, and drops a group's repeated
//! members.
//!
//! Invariants: the first invalid group op is the only error (the walk
//! stops there); union-find follows `llvm::EquivalenceClasses`, whose union
//! keeps the first argument's leader, so ids are exactly upstream's.

use shardref_spec::Diagnostic;
use shardref_spec::ir::ElemType;
use shardref_spec::ir::{Attr, Dim, IntAttr, Module, OpId, Type, ValueId};
use shardref_spec::ops::SdyOp;

use crate::rewrite::{erase, is_sdy};

/// The sharding groups of a module: each grouped value, in first-use
/// order, with its `sdy.sharding_group` ops in textual order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShardingGroups {
    pub by_value: Vec<(ValueId, Vec<OpId>)>,
}

fn group_id(m: &Module, op: OpId) -> Option<i128> {
    shardref_spec::schema::sdy::ShardingGroup::of(m.op(op)).group_id().raw().and_then(Attr::as_int)
}

/// The nearest enclosing `sdy.manual_computation` of `op`.
fn parent_manual_computation(m: &Module, op: OpId) -> Option<OpId> {
    let mut cur = m.parent_op(op);
    while let Some(p) = cur {
        if is_sdy(m, p, SdyOp::ManualComputation) {
            return Some(p);
        }
        cur = m.parent_op(p);
    }
    None
}

/// `getTensorShape`: the dimensions of a shaped value (no element type); empty for other values.
fn tensor_shape(t: &Type) -> Vec<Dim> {
    match t {
        Type::Tensor(tt) => tt.shape.clone().unwrap_or_default(),
        Type::MeshTensor(mt) => mt.tensor.shape.clone().unwrap_or_default(),
        Type::Vector(dims, _) => dims.iter().map(|&d| Some(d)).collect(),
        Type::Tuple(_)
        | Type::Function(..)
        | Type::Elem(_)
        | Type::None
        | Type::Token
        | Type::Future(_)
        | Type::Opaque { .. } => vec![],
    }
}

/// `buildShardingGroupMappingAndValidateGroups`: walks the
/// `sdy.sharding_group` ops in textual order, building the value → ops map,
/// and stops at the first group whose members cross a manual computation
/// boundary or differ in shape.
pub fn analyse(m: &Module) -> Result<ShardingGroups, Diagnostic> {
    let mut groups = ShardingGroups::default();
    let mut manual_parent: Vec<(i128, Option<OpId>)> = vec![];
    let mut shapes: Vec<(i128, Vec<Dim>)> = vec![];
    for op in m.walk() {
        if !is_sdy(m, op, SdyOp::ShardingGroup) {
            continue;
        }
        let (Some(&input), Some(id)) = (m.op(op).operands.first(), group_id(m, op)) else {
            continue;
        };
        match groups.by_value.iter_mut().find(|(v, _)| *v == input) {
            Some((_, ops)) => ops.push(op),
            None => groups.by_value.push((input, vec![op])),
        }
        let parent = parent_manual_computation(m, op);
        match manual_parent.iter().find(|(g, _)| *g == id) {
            // sharding_group_import_c1: the members of a group share their
            // nearest enclosing manual computation (or all have none).
            Some((_, p)) if *p != parent => {
                return Err(crate::error_at(
                    m,
                    op,
                    "sharding_group_import_c1",
                    format!("ShardingGroupOps values cannot cross ManualComputationOp boundaries for groupId: {id}"),
                ));
            }
            Some(_) => {}
            None => manual_parent.push((id, parent)),
        }
        let shape = tensor_shape(m.value_type(input));
        match shapes.iter().find(|(g, _)| *g == id) {
            // sharding_group_import_c2: the members of a group have one shape.
            Some((_, s)) if *s != shape => {
                return Err(crate::error_at(
                    m,
                    op,
                    "sharding_group_import_c2",
                    format!("ShardingGroupOps values must have the same shape for groupId: {id}"),
                ));
            }
            Some(_) => {}
            None => shapes.push((id, shape)),
        }
    }
    Ok(groups)
}

/// `llvm::EquivalenceClasses<int64_t>` over group ids, in insertion order.
struct Classes {
    ids: Vec<i128>,
    leader: Vec<usize>,
}

impl Classes {
    fn index(&mut self, id: i128) -> usize {
        match self.ids.iter().position(|&x| x == id) {
            Some(i) => i,
            None => {
                self.ids.push(id);
                self.leader.push(self.ids.len() - 1);
                self.ids.len() - 1
            }
        }
    }
    fn find(&self, mut i: usize) -> usize {
        while self.leader[i] != i {
            i = self.leader[i];
        }
        i
    }
    fn union(&mut self, a: i128, b: i128) {
        let (ia, ib) = (self.index(a), self.index(b));
        let (la, lb) = (self.find(ia), self.find(ib));
        if la != lb {
            self.leader[lb] = la;
        }
    }
}

pub fn run(m: &mut Module) -> Vec<Diagnostic> {
    let groups = match analyse(m) {
        Ok(g) => g,
        Err(d) => return vec![d],
    };
    if groups.by_value.is_empty() {
        return vec![];
    }
    let mut classes = Classes { ids: vec![], leader: vec![] };
    for (_, ops) in &groups.by_value {
        let Some(canonical) = ops.first().and_then(|&o| group_id(m, o)) else { continue };
        for &o in ops {
            if let Some(id) = group_id(m, o) {
                classes.union(canonical, id);
            }
        }
    }
    // Leaders in insertion order get 0, 1, 2, ...
    let mut new_id = vec![None; classes.ids.len()];
    let mut next = 0i128;
    for (i, slot) in new_id.iter_mut().enumerate() {
        if classes.find(i) == i {
            *slot = Some(next);
            next += 1;
        }
    }
    let mut all_ops: Vec<OpId> = m.walk().into_iter().filter(|&o| is_sdy(m, o, SdyOp::ShardingGroup)).collect();
    for &o in &all_ops {
        let Some(id) = group_id(m, o) else { continue };
        let idx = classes.index(id);
        let leader = classes.find(idx);
        if let Some(n) = new_id.get(leader).copied().flatten() {
            m.op_mut(o).attrs.insert(
                shardref_spec::schema::keys::GROUP_ID,
                Attr::Int(IntAttr { value: n, ty: Some(ElemType::I64) }),
            );
        }
    }
    // Within each new group, a value's later ops are dropped.
    let mut seen: Vec<(i128, ValueId)> = vec![];
    all_ops.retain(|&o| m.op(o).parent.is_some());
    for o in all_ops {
        let (Some(id), Some(&v)) = (group_id(m, o), m.op(o).operands.first()) else { continue };
        if seen.contains(&(id, v)) {
            erase(m, o);
        } else {
            seen.push((id, v));
        }
    }
    vec![]
}
