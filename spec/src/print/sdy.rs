//! Custom forms of the `sdy` ops and attributes, spaced as upstream prints
//! them (`printers.cc` and the ops' assembly formats).
//!
//! An op prints in its custom form only when its attributes are exactly what
//! that form can express (the right kinds under the inherent names, and
//! enum integers of the right type); otherwise it falls back to the generic
//! form, so printing never loses information.

use std::fmt::{self, Write};

use super::{Printer, write_string, write_symbol_ref};
use crate::ir::sdy::*;
use crate::ir::{Attr, ElemType, OpId, Operation, Type};
use crate::ops::SdyOp;
use crate::schema::sdy as view;
use crate::schema::{Field, kind};

// ---------------------------------------------------------------- attribute writers

fn join<T>(f: &mut impl Write, items: &[T], mut each: impl FnMut(&mut dyn Write, &T) -> fmt::Result) -> fmt::Result {
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        each(f, it)?;
    }
    Ok(())
}

/// `<["a"=2, "b"=4], device_ids=[1, 0]>`
pub fn write_mesh_body(f: &mut impl Write, m: &Mesh) -> fmt::Result {
    f.write_str("<[")?;
    join(f, &m.axes, |f, a| {
        let mut s = String::new();
        write_string(&mut s, a.name.as_bytes())?;
        write!(f, "{s}={}", a.size)
    })?;
    f.write_str("]")?;
    if let Some(ids) = &m.device_ids {
        f.write_str(", device_ids=[")?;
        join(f, ids, |f, d| write!(f, "{d}"))?;
        f.write_str("]")?;
    }
    f.write_str(">")
}

/// `"a"` or `"a":(2)4`
pub fn write_axis_ref(f: &mut (impl Write + ?Sized), a: &AxisRef) -> fmt::Result {
    let mut s = String::new();
    write_string(&mut s, a.name.as_bytes())?;
    f.write_str(&s)?;
    if let Some(sub) = &a.sub_axis {
        write!(f, ":({}){}", sub.pre_size, sub.size)?;
    }
    Ok(())
}

fn write_axis_refs(f: &mut (impl Write + ?Sized), axes: &[AxisRef]) -> fmt::Result {
    for (i, a) in axes.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_axis_ref(f, a)?;
    }
    Ok(())
}

/// `{"a", "b"}`
pub fn write_axis_list(f: &mut (impl Write + ?Sized), axes: &[AxisRef]) -> fmt::Result {
    f.write_str("{")?;
    write_axis_refs(f, axes)?;
    f.write_str("}")
}

/// `{"a", ?}p1`
pub fn write_dim_sharding(f: &mut (impl Write + ?Sized), d: &DimensionSharding) -> fmt::Result {
    f.write_str("{")?;
    write_axis_refs(f, &d.axes)?;
    if !d.is_closed {
        f.write_str(if d.axes.is_empty() { "?" } else { ", ?" })?;
    }
    f.write_str("}")?;
    if let Some(p) = d.priority {
        write!(f, "p{p}")?;
    }
    Ok(())
}

/// The stripped `<@mesh, [{"a"}, {}], replicated={"b"}, unreduced=max{"c"}>`.
pub fn write_tensor_sharding(f: &mut (impl Write + ?Sized), s: &TensorSharding) -> fmt::Result {
    f.write_str("<")?;
    match &s.mesh {
        MeshOrRef::Ref(name) => {
            let mut t = String::new();
            write_symbol_ref(&mut t, std::slice::from_ref(name))?;
            f.write_str(&t)?;
        }
        MeshOrRef::Inline(m) => {
            let mut t = String::from("mesh");
            write_mesh_body(&mut t, m)?;
            f.write_str(&t)?;
        }
    }
    f.write_str(", [")?;
    for (i, d) in s.dims.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_dim_sharding(f, d)?;
    }
    f.write_str("]")?;
    if !s.replicated.is_empty() {
        f.write_str(", replicated=")?;
        write_axis_list(f, &s.replicated)?;
    }
    if !s.unreduced.is_empty() {
        f.write_str(", unreduced=")?;
        if s.reduction != ReductionKind::Sum {
            f.write_str(s.reduction.keyword())?;
        }
        write_axis_list(f, &s.unreduced)?;
    }
    f.write_str(">")
}

/// `[<...>, <...>]`
pub fn write_sharding_list(f: &mut (impl Write + ?Sized), s: &ShardingPerValue) -> fmt::Result {
    f.write_str("[")?;
    for (i, t) in s.shardings.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_tensor_sharding(f, t)?;
    }
    f.write_str("]")
}

/// `{"a", "b"}`
pub fn write_manual_axes(f: &mut impl Write, m: &ManualAxes) -> fmt::Result {
    f.write_str("{")?;
    join(f, &m.axes, |f, a| {
        let mut s = String::new();
        write_string(&mut s, a.as_bytes())?;
        f.write_str(&s)
    })?;
    f.write_str("}")
}

/// `[{}, {"x"}]`
pub fn write_list_of_axis_lists(f: &mut impl Write, l: &ListOfAxisRefLists) -> fmt::Result {
    f.write_str("[")?;
    join(f, &l.lists, |f, a| write_axis_list(f, &a.axes))?;
    f.write_str("]")
}

/// `[{"x"}: 0->2, {"y"}: 1->3]`
pub fn write_all_to_all_params(f: &mut impl Write, l: &AllToAllParamList) -> fmt::Result {
    f.write_str("[")?;
    join(f, &l.params, |f, p| {
        write_axis_list(f, &p.axes)?;
        write!(f, ": {}->{}", p.src_dim, p.tgt_dim)
    })?;
    f.write_str("]")
}

fn write_tensor_mappings(f: &mut impl Write, maps: &[TensorMapping]) -> fmt::Result {
    f.write_str("(")?;
    join(f, maps, |f, m| {
        f.write_str("[")?;
        for (i, d) in m.dims.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            for &factor in &d.factors {
                f.write_str(&factor_symbol(factor))?;
            }
        }
        f.write_str("]")
    })?;
    f.write_str(")")
}

/// `<([i, j])->([ij]) {i=2, j=4} reduction={j}, custom>`
pub fn write_op_sharding_rule(f: &mut impl Write, r: &OpShardingRule) -> fmt::Result {
    f.write_str("<")?;
    write_tensor_mappings(f, &r.operand_mappings)?;
    f.write_str("->")?;
    write_tensor_mappings(f, &r.result_mappings)?;
    if !r.factor_sizes.is_empty() {
        f.write_str(" {")?;
        let indexed: Vec<(usize, i64)> = r.factor_sizes.iter().copied().enumerate().collect();
        join(f, &indexed, |f, (i, size)| write!(f, "{}={size}", factor_symbol(*i as i64)))?;
        f.write_str("}")?;
    }
    let specials = [
        ("reduction", &r.reduction_factors),
        ("need_replication", &r.need_replication_factors),
        ("permutation", &r.permutation_factors),
        ("blocked_propagation", &r.blocked_propagation_factors),
    ];
    for (name, factors) in specials {
        if !factors.is_empty() {
            write!(f, " {name}={{")?;
            join(f, factors, |f, x| f.write_str(&factor_symbol(*x)))?;
            f.write_str("}")?;
        }
    }
    if r.is_custom {
        f.write_str(", custom")?;
    }
    f.write_str(">")
}

fn write_edge_ref(f: &mut (impl Write + ?Sized), e: &EdgeValueRef) -> fmt::Result {
    write!(f, "{}-{}", e.ty.keyword(), e.index)
}

/// `<[{step-2 = [{"y" = operand-1 -> [operand-0, result-0]}]}]>`
pub fn write_propagation_edges(f: &mut impl Write, e: &PropagationEdges) -> fmt::Result {
    f.write_str("<[")?;
    join(f, &e.steps, |f, step| {
        write!(f, "{{step-{} = [", step.step_index)?;
        for (i, entry) in step.entries.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str("{")?;
            write_axis_ref(f, &entry.axis)?;
            f.write_str(" = ")?;
            write_edge_ref(f, &entry.source)?;
            f.write_str(" -> [")?;
            for (j, t) in entry.targets.iter().enumerate() {
                if j > 0 {
                    f.write_str(", ")?;
                }
                write_edge_ref(f, t)?;
            }
            f.write_str("]}")?;
        }
        f.write_str("]}")
    })?;
    f.write_str("]>")
}

/// The full form of an sdy attribute: `#sdy.mnemonic<...>`, or MLIR's
/// generic dialect form `#sdy<mnemonic...>` for the list attributes, whose
/// bodies do not start with `<`.
pub fn write_attr(f: &mut impl Write, a: &SdyAttr) -> fmt::Result {
    match a {
        SdyAttr::Mesh(m) => {
            f.write_str("#sdy.mesh")?;
            write_mesh_body(f, m)
        }
        SdyAttr::Sharding(s) => {
            f.write_str("#sdy.sharding")?;
            write_tensor_sharding(f, s)
        }
        SdyAttr::ShardingPerValue(s) => {
            f.write_str("#sdy.sharding_per_value<")?;
            write_sharding_list(f, s)?;
            f.write_str(">")
        }
        SdyAttr::ManualAxes(m) => {
            f.write_str("#sdy<manual_axes")?;
            write_manual_axes(f, m)?;
            f.write_str(">")
        }
        SdyAttr::AxisRefList(l) => {
            f.write_str("#sdy<axis_ref_list")?;
            write_axis_list(f, &l.axes)?;
            f.write_str(">")
        }
        SdyAttr::ListOfAxisRefLists(l) => {
            f.write_str("#sdy<list_of_axis_ref_lists")?;
            write_list_of_axis_lists(f, l)?;
            f.write_str(">")
        }
        SdyAttr::AllToAllParamList(l) => {
            f.write_str("#sdy<all_to_all_param_list")?;
            write_all_to_all_params(f, l)?;
            f.write_str(">")
        }
        SdyAttr::OpShardingRule(r) => {
            f.write_str("#sdy.op_sharding_rule")?;
            write_op_sharding_rule(f, r)
        }
        SdyAttr::PropagationEdges(e) => {
            f.write_str("#sdy.propagation_edges")?;
            write_propagation_edges(f, e)
        }
    }
}

// ---------------------------------------------------------------- op helpers

/// The sdy attribute a field holds (`field.raw()`), if it is one.
pub fn get_sdy(a: Option<&Attr>) -> Option<&SdyAttr> {
    match a {
        Some(Attr::Sdy(s)) => Some(s),
        _ => None,
    }
}

/// The value of an integer attribute of exactly type `ty`.
pub fn int_of_type(a: Option<&Attr>, ty: &ElemType) -> Option<i128> {
    match a {
        Some(Attr::Int(i)) if i.ty.as_ref() == Some(ty) => Some(i.value),
        _ => None,
    }
}

/// The type of `op`'s single operand when it has one operand, one result of
/// the same type, and no regions or successors.
fn same_type_unary(p: &Printer<'_>, op: OpId) -> Option<Type> {
    let o = p.m.op(op);
    if o.operands.len() != 1 || o.results.len() != 1 || !o.regions.is_empty() || !o.successors.is_empty() {
        return None;
    }
    let t = p.m.value_type(o.operands[0]);
    (t == p.m.value_type(o.results[0])).then(|| t.clone())
}

/// `%x`
fn operand(p: &mut Printer<'_>, op: OpId, i: usize) {
    let v = p.m.op(op).operands[i];
    let n = p.value(v);
    p.w(&n);
}

/// `(%a, %b)`
fn operand_list(p: &mut Printer<'_>, op: OpId) {
    let vs = p.m.op(op).operands.clone();
    p.w("(");
    let s = p.value_list(&vs);
    p.w(&s);
    p.w(")");
}

/// Prints `(%arg: T, ...) {...}` for an op's single region; false if the
/// region does not have at most one block. Value names continue those of
/// the enclosing region, as MLIR numbers them (`%arg1` after a function's
/// `%arg0`), also for ops isolated from above.
pub fn single_block_region(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let [r] = o.regions[..] else { return false };
    if p.m.region(r).blocks.len() > 1 {
        return false;
    }
    p.region_args(r, false);
    p.w(" ");
    p.region_after_args(r, false);
    true
}

/// Whether an op's one region could be printed by `single_block_region`.
pub fn has_single_block_region(p: &Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    o.regions.len() == 1 && p.m.region(o.regions[0]).blocks.len() <= 1 && o.successors.is_empty()
}

// ---------------------------------------------------------------- ops

/// The op's inherent attributes (its ODS attributes, which MLIR's generic form
/// prints as properties `<{...}>`).
pub fn inherent_attrs(kind: SdyOp) -> &'static [&'static str] {
    match kind {
        SdyOp::Mesh => &["mesh", "sym_name"],
        SdyOp::ShardingConstraint | SdyOp::Reshard | SdyOp::DataFlowEdge => &["sharding"],
        SdyOp::Return | SdyOp::FuncDataFlowEdge => &[],
        SdyOp::ManualComputation => &["in_shardings", "manual_axes", "out_shardings"],
        SdyOp::ShardingGroup => &["group_id"],
        SdyOp::Constant => &["value"],
        SdyOp::PropagationBarrier => &["allowed_direction"],
        SdyOp::NamedComputation => &["in_shardings", "name", "out_shardings"],
        SdyOp::AllGather => &["gathering_axes", "out_sharding"],
        SdyOp::AllSlice => &["out_sharding", "slicing_axes"],
        SdyOp::AllToAll => &["out_sharding", "params"],
        SdyOp::CollectivePermute => &["out_sharding"],
        SdyOp::AllReduce => &["out_sharding", "reduction_axes", "reduction_op"],
        SdyOp::ReduceScatter => &["out_sharding", "reduce_scatter_axes", "reduction_op"],
        SdyOp::ShardedToUnreduced | SdyOp::ReplicatedToUnreduced => &["axes", "out_sharding"],
    }
}

/// Prints `op` in its custom form; false to fall back to the generic form.
pub fn print(p: &mut Printer<'_>, op: OpId, kind: SdyOp) -> bool {
    match kind {
        SdyOp::Mesh => print_mesh(p, op),
        SdyOp::ShardingConstraint => print_constraint(p, op, "sdy.sharding_constraint"),
        SdyOp::Reshard => print_constraint(p, op, "sdy.reshard"),
        SdyOp::Return => p.print_return_like(op, "sdy.return"),
        SdyOp::ManualComputation => print_manual_computation(p, op),
        SdyOp::ShardingGroup => print_sharding_group(p, op),
        SdyOp::Constant => print_constant(p, op),
        SdyOp::DataFlowEdge => print_data_flow_edge(p, op),
        SdyOp::PropagationBarrier => print_propagation_barrier(p, op),
        SdyOp::NamedComputation => print_named_computation(p, op),
        SdyOp::FuncDataFlowEdge => print_func_data_flow_edge(p, op),
        SdyOp::AllGather
        | SdyOp::AllSlice
        | SdyOp::AllToAll
        | SdyOp::CollectivePermute
        | SdyOp::AllReduce
        | SdyOp::ReduceScatter
        | SdyOp::ShardedToUnreduced
        | SdyOp::ReplicatedToUnreduced => print_collective(p, op, kind),
    }
}

fn print_mesh(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let v = view::Mesh::of(o);
    let (Some(Attr::Str(name, None)), Some(SdyAttr::Mesh(mesh))) = (v.sym_name().raw(), get_sdy(v.mesh().raw())) else {
        return false;
    };
    if !o.operands.is_empty() || !o.results.is_empty() || !o.regions.is_empty() {
        return false;
    }
    p.w("sdy.mesh @");
    p.symbol_name(name);
    p.w(" = ");
    let _ = write_mesh_body(&mut p.out, mesh);
    p.attr_dict(&o.attrs, &[v.sym_name().name, v.mesh().name]);
    true
}

/// `sdy.reshard %x <...> {attrs} : T` (and sharding_constraint).
fn print_constraint(p: &mut Printer<'_>, op: OpId, name: &str) -> bool {
    let Some(ty) = same_type_unary(p, op) else { return false };
    let o = p.m.op(op);
    let sharding = view::Sharding::of(o).sharding();
    let Some(SdyAttr::Sharding(s)) = get_sdy(sharding.raw()) else {
        return false;
    };
    p.w(name);
    p.w(" ");
    operand(p, op, 0);
    p.w(" ");
    let _ = write_tensor_sharding(&mut p.out, s);
    p.attr_dict(&o.attrs, &[sharding.name]);
    p.w(" : ");
    p.ty(&ty);
    true
}

/// An optional sharding list (`field.raw()`): `Some(None)` when absent, `None` when not a list.
fn sharding_list(a: Option<&Attr>) -> Option<Option<&ShardingPerValue>> {
    match a {
        None => Some(None),
        Some(Attr::Sdy(s)) => match &**s {
            SdyAttr::ShardingPerValue(l) => Some(Some(l)),
            _ => None,
        },
        Some(_) => None,
    }
}

fn print_manual_computation(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let v = view::ManualComputation::of(o);
    let (Some(Some(ins)), Some(Some(outs)), Some(SdyAttr::ManualAxes(axes))) =
        (sharding_list(v.in_shardings().raw()), sharding_list(v.out_shardings().raw()), get_sdy(v.manual_axes().raw()))
    else {
        return false;
    };
    if !has_single_block_region(p, op) {
        return false;
    }
    p.w("sdy.manual_computation");
    operand_list(p, op);
    p.w(" in_shardings=");
    let _ = write_sharding_list(&mut p.out, ins);
    p.w(" out_shardings=");
    let _ = write_sharding_list(&mut p.out, outs);
    p.w(" manual_axes=");
    let _ = write_manual_axes(&mut p.out, axes);
    p.w(" ");
    single_block_region(p, op);
    p.attr_dict(&o.attrs, &[v.in_shardings().name, v.out_shardings().name, v.manual_axes().name]);
    p.w(" : ");
    p.op_function_type(op);
    true
}

fn print_named_computation(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let v = view::NamedComputation::of(o);
    let (Some(Attr::Str(name, None)), Some(ins), Some(outs)) =
        (v.name().raw(), sharding_list(v.in_shardings().raw()), sharding_list(v.out_shardings().raw()))
    else {
        return false;
    };
    if !has_single_block_region(p, op) {
        return false;
    }
    p.w("sdy.named_computation<");
    let _ = write_string(&mut p.out, name);
    p.w(">");
    operand_list(p, op);
    if let Some(ins) = ins {
        p.w(" in_shardings=");
        let _ = write_sharding_list(&mut p.out, ins);
    }
    if let Some(outs) = outs {
        p.w(" out_shardings=");
        let _ = write_sharding_list(&mut p.out, outs);
    }
    p.w(" ");
    single_block_region(p, op);
    p.attr_dict(&o.attrs, &[v.name().name, v.in_shardings().name, v.out_shardings().name]);
    p.w(" : ");
    p.op_function_type(op);
    true
}

fn print_sharding_group(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let group_id = view::ShardingGroup::of(o).group_id();
    let Some(id) = int_of_type(group_id.raw(), &ElemType::I64) else {
        return false;
    };
    if o.operands.len() != 1 || !o.results.is_empty() || !o.regions.is_empty() || !o.successors.is_empty() {
        return false;
    }
    p.w("sdy.sharding_group ");
    operand(p, op, 0);
    p.w(&format!(" group_id={id}"));
    p.attr_dict(&o.attrs, &[group_id.name]);
    p.w(" : ");
    let t = p.m.value_type(o.operands[0]).clone();
    p.ty(&t);
    true
}

/// `sdy.constant dense<...> : T`, or `sdy.constant() <{value = ...}> : () -> T`
/// when the value's type is not the result type (upstream's constant printer).
fn print_constant(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let value_field = view::Constant::of(o).value();
    if p.print_constant_like(op, "sdy.constant", value_field) {
        return true;
    }
    let Some(value) = value_field.raw() else {
        return false;
    };
    if !o.operands.is_empty() || o.results.len() != 1 || !o.regions.is_empty() || !o.successors.is_empty() {
        return false;
    }
    p.w("sdy.constant() <{value = ");
    p.attr(value);
    p.w("}>");
    p.attr_dict(&o.attrs, &[value_field.name]);
    p.w(" : ");
    p.op_function_type(op);
    true
}

fn print_data_flow_edge(p: &mut Printer<'_>, op: OpId) -> bool {
    let Some(ty) = same_type_unary(p, op) else { return false };
    let o = p.m.op(op);
    let field = view::DataFlowEdge::of(o).sharding();
    let sharding = match field.raw() {
        None => None,
        Some(Attr::Sdy(s)) => match &**s {
            SdyAttr::Sharding(s) => Some(s),
            _ => return false,
        },
        Some(_) => return false,
    };
    p.w("sdy.data_flow_edge ");
    operand(p, op, 0);
    if let Some(s) = sharding {
        p.w(" sharding=");
        let _ = write_tensor_sharding(&mut p.out, s);
    }
    p.attr_dict(&o.attrs, &[field.name]);
    p.w(" : ");
    p.ty(&ty);
    true
}

fn print_propagation_barrier(p: &mut Printer<'_>, op: OpId) -> bool {
    let Some(ty) = same_type_unary(p, op) else { return false };
    let o = p.m.op(op);
    let allowed_direction = view::PropagationBarrier::of(o).allowed_direction();
    let Some(d) = int_of_type(allowed_direction.raw(), &ElemType::I32).and_then(PropagationDirection::from_i32) else {
        return false;
    };
    p.w("sdy.propagation_barrier ");
    operand(p, op, 0);
    p.w(" allowed_direction=");
    p.w(d.keyword());
    p.attr_dict(&o.attrs, &[allowed_direction.name]);
    p.w(" : ");
    p.ty(&ty);
    true
}

fn print_func_data_flow_edge(p: &mut Printer<'_>, op: OpId) -> bool {
    let Some(ty) = same_type_unary(p, op) else { return false };
    let o = p.m.op(op);
    p.w("sdy.func_data_flow_edge ");
    operand(p, op, 0);
    p.attr_dict(&o.attrs, &[]);
    p.w(" : ");
    p.ty(&ty);
    true
}

/// A collective's fields, through its row's view: `out_sharding`, its axes (`None` for
/// `collective_permute`, which has none) and `reduction_op` (through `view::Collective` for the
/// rows that declare none, where a present one is a stray attribute); `None` for other ops.
fn collective_fields(
    o: &Operation,
    kind: SdyOp,
) -> Option<(Field<'_, kind::Sharding>, Option<Field<'_, kind::Sdy>>, Field<'_, kind::Int>)> {
    use crate::ir::sdy::Collective as C;
    let stray_reduction = view::Collective::of(o).reduction_op();
    Some(match C::of(kind)? {
        C::AllGather => {
            let v = view::AllGather::of(o);
            (v.out_sharding(), Some(v.gathering_axes()), stray_reduction)
        }
        C::AllSlice => {
            let v = view::AllSlice::of(o);
            (v.out_sharding(), Some(v.slicing_axes()), stray_reduction)
        }
        C::AllToAll => {
            let v = view::AllToAll::of(o);
            (v.out_sharding(), Some(v.params()), stray_reduction)
        }
        C::CollectivePermute => (view::CollectivePermute::of(o).out_sharding(), None, stray_reduction),
        C::AllReduce => {
            let v = view::AllReduce::of(o);
            (v.out_sharding(), Some(v.reduction_axes()), v.reduction_op())
        }
        C::ReduceScatter => {
            let v = view::ReduceScatter::of(o);
            (v.out_sharding(), Some(v.reduce_scatter_axes()), v.reduction_op())
        }
        C::ShardedToUnreduced | C::ReplicatedToUnreduced => {
            let v = view::ToUnreduced::of(o);
            (v.out_sharding(), Some(v.axes()), stray_reduction)
        }
    })
}

fn print_collective(p: &mut Printer<'_>, op: OpId, kind: SdyOp) -> bool {
    let Some(CollectiveSpec { axes: axes_kind, axes_attr: _, has_reduction }) = collective_spec(kind) else {
        return false;
    };
    let Some(ty) = same_type_unary(p, op) else { return false };
    let o = p.m.op(op);
    let Some((out_sharding, axes_field, reduction_op)) = collective_fields(o, kind) else {
        return false;
    };
    let Some(SdyAttr::Sharding(out)) = get_sdy(out_sharding.raw()) else {
        return false;
    };
    // `sum` is the default and is never printed: a stored `sum` needs the generic form.
    let reduction = match reduction_op.raw() {
        None => None,
        Some(a) if has_reduction => match int_of_type(Some(a), &ElemType::I32).and_then(ReductionKind::from_i32) {
            Some(r) if r != ReductionKind::Sum => Some(r),
            _ => return false,
        },
        Some(_) => return false,
    };
    let axes = match axes_kind {
        CollectiveAxes::None => None,
        CollectiveAxes::List | CollectiveAxes::PerDim | CollectiveAxes::AllToAll => {
            match get_sdy(axes_field.and_then(|f| f.raw())) {
                Some(a) if axes_kind.fits(a) => Some(a),
                _ => return false,
            }
        }
    };
    p.w(crate::ops::OpKind::Sdy(kind).name());
    if let Some(r) = reduction {
        p.w(" ");
        p.w(r.keyword());
    }
    if let Some(a) = axes {
        p.w(" ");
        let _ = match a {
            SdyAttr::AllToAllParamList(l) => write_all_to_all_params(&mut p.out, l),
            SdyAttr::AxisRefList(l) => write_axis_list(&mut p.out, &l.axes),
            SdyAttr::ListOfAxisRefLists(l) => write_list_of_axis_lists(&mut p.out, l),
            _ => Ok(()),
        };
    }
    p.w(" ");
    operand(p, op, 0);
    p.w(" out_sharding=");
    let _ = write_tensor_sharding(&mut p.out, out);
    // (`collective_permute`, without axes, elides the empty name, as it always has.)
    let axes_name = axes_field.map_or("", |f| f.name);
    p.attr_dict(&o.attrs, &[out_sharding.name, reduction_op.name, axes_name]);
    p.w(" : ");
    p.ty(&ty);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Module, Span};
    use crate::ops::{OpKind, OpName};

    /// The collectives' fields read through their views are the attributes the collective table
    /// (`collective_spec`, shared with the lowering and the verifier) names.
    #[test]
    fn collective_fields_are_the_collective_table_attributes() {
        for &k in SdyOp::ALL {
            let mut m = Module::new();
            let op = m.add_op(OpName::Known(OpKind::Sdy(k)), Span::default());
            let o = m.op(op);
            let (fields, spec) = (collective_fields(&o, k), collective_spec(k));
            assert_eq!(fields.is_some(), spec.is_some(), "{k:?}");
            let (Some((out, axes, reduction)), Some(spec)) = (fields, spec) else { continue };
            assert_eq!(out.name, crate::schema::keys::OUT_SHARDING);
            assert_eq!(axes.map_or("", |f| f.name), spec.axes_attr, "{k:?}");
            assert_eq!(reduction.name, "reduction_op");
        }
    }
}
