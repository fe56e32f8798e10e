//! Custom forms of the `mpmd` ops, types and attributes, spaced as upstream
//! prints them (`dialect.cc` and the ops' assembly formats).

use std::fmt::{self, Write};

use super::sdy::{
    get_sdy, has_single_block_region, single_block_region, write_mesh_body, write_sharding_list, write_tensor_sharding,
};
use super::{Printer, write_string};
use crate::ir::mpmd::{MeshTensorType, MeshWithOrigins, MpmdAttr, NamedMesh, Reduction, UserOrigin};
use crate::ir::sdy::{SdyAttr, ShardingPerValue};
use crate::ir::{Attr, ElemType, OpId, Type};
use crate::ops::{MpmdOp, OpKind};
use crate::schema::mpmd as view;

// ---------------------------------------------------------------- types and attributes

/// `!mpmd.mesh_tensor<"m", tensor<...>, sharding=<...>, memory_kind="...">`
pub fn write_mesh_tensor_type(f: &mut impl Write, t: &MeshTensorType) -> fmt::Result {
    f.write_str("!mpmd.mesh_tensor<")?;
    write_string(f, t.mesh_name.as_bytes())?;
    f.write_str(", ")?;
    super::write_tensor_type(f, &t.tensor)?;
    if let Some(s) = &t.sharding {
        f.write_str(", sharding=")?;
        write_tensor_sharding(f, s)?;
    }
    if let Some(k) = &t.memory_kind {
        f.write_str(", memory_kind=")?;
        write_string(f, k.as_bytes())?;
    }
    f.write_str(">")
}

/// `"f"` or `"f"(n)` (the count only when positive).
fn write_user_origin(f: &mut impl Write, o: &UserOrigin) -> fmt::Result {
    write_string(f, o.user_name.as_bytes())?;
    if o.transpose_count > 0 {
        write!(f, "({})", o.transpose_count)?;
    }
    Ok(())
}

/// `<"m" : <["x"=2]>>`
fn write_named_mesh(f: &mut impl Write, m: &NamedMesh) -> fmt::Result {
    f.write_str("<")?;
    write_string(f, m.name.as_bytes())?;
    f.write_str(" : ")?;
    write_mesh_body(f, &m.mesh)?;
    f.write_str(">")
}

/// `"m"` or `"m"["o1", "o2"]`
fn write_mesh_with_origins(f: &mut impl Write, m: &MeshWithOrigins) -> fmt::Result {
    write_string(f, m.mesh_name.as_bytes())?;
    if !m.origins.is_empty() {
        f.write_str("[")?;
        for (i, o) in m.origins.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_string(f, o.label.as_bytes())?;
        }
        f.write_str("]")?;
    }
    Ok(())
}

/// The full form of an mpmd attribute.
pub fn write_attr(f: &mut impl Write, a: &MpmdAttr) -> fmt::Result {
    match a {
        MpmdAttr::Topology(t) => {
            f.write_str("#mpmd.topology<")?;
            for (i, m) in t.meshes.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_named_mesh(f, m)?;
            }
            f.write_str(">")
        }
        MpmdAttr::NamedMesh(m) => {
            f.write_str("#mpmd.named_mesh")?;
            write_named_mesh(f, m)
        }
        MpmdAttr::UserOrigin(o) => {
            f.write_str("#mpmd.user_origin<")?;
            write_user_origin(f, o)?;
            f.write_str(">")
        }
        MpmdAttr::Origin(o) => {
            f.write_str("#mpmd<origin")?;
            write_string(f, o.label.as_bytes())?;
            f.write_str(">")
        }
        MpmdAttr::MeshWithOrigins(m) => {
            f.write_str("#mpmd<mesh_with_origins")?;
            write_mesh_with_origins(f, m)?;
            f.write_str(">")
        }
        MpmdAttr::MeshesWithOrigins(ms) => {
            f.write_str("#mpmd.meshes_with_origins<")?;
            for (i, m) in ms.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_mesh_with_origins(f, m)?;
            }
            f.write_str(">")
        }
        MpmdAttr::Reduction(r) => write!(f, "#mpmd.reduction<{}>", r.keyword()),
    }
}

// ---------------------------------------------------------------- ops

/// The mpmd attribute a field holds (`field.raw()`), if it is one.
fn get_mpmd(a: Option<&Attr>) -> Option<&MpmdAttr> {
    match a {
        Some(Attr::Mpmd(a)) => Some(a),
        _ => None,
    }
}

/// The origins of a fragment or fragment call (its `origin`, `field.raw()`), if every entry is a
/// user origin.
fn user_origins(origin: Option<&Attr>) -> Option<Vec<&UserOrigin>> {
    let Some(Attr::Array(items)) = origin else {
        return None;
    };
    items
        .iter()
        .map(|a| match a {
            Attr::Mpmd(m) => match &**m {
                MpmdAttr::UserOrigin(o) => Some(o),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// `mesh="m", origin=["f"(1), "g"]`
fn write_mesh_and_origin(p: &mut Printer<'_>, mesh: &[u8], origins: &[&UserOrigin]) {
    p.w("mesh=");
    let _ = write_string(&mut p.out, mesh);
    p.w(", origin=[");
    for (i, o) in origins.iter().enumerate() {
        if i > 0 {
            p.w(", ");
        }
        let _ = write_user_origin(&mut p.out, o);
    }
    p.w("]");
}

/// `(%a, %b)`
fn operand_list(p: &mut Printer<'_>, op: OpId) {
    let vs = p.m.op(op).operands.clone();
    p.w("(");
    let s = p.value_list(&vs);
    p.w(&s);
    p.w(")");
}

fn no_regions(p: &Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    o.regions.is_empty() && o.successors.is_empty()
}

/// The op's inherent attributes (its ODS attributes, which MLIR's generic form
/// prints as properties `<{...}>`).
pub fn inherent_attrs(kind: MpmdOp) -> &'static [&'static str] {
    match kind {
        MpmdOp::Return | MpmdOp::Transfer | MpmdOp::Broadcast => &[],
        MpmdOp::NamedComputation | MpmdOp::Assign | MpmdOp::Unassign => &["origin"],
        MpmdOp::NamedTensor => &["name"],
        MpmdOp::Fragment => &["in_shardings", "mesh_name", "origin", "out_shardings", "stage_id"],
        MpmdOp::FragmentCall => &["callee", "mesh_name", "origin"],
        MpmdOp::Call => &["callee"],
        MpmdOp::For => &["iterations", "unroll_factor"],
        MpmdOp::Reduce => &["reduction"],
    }
}

/// Prints `op` in its custom form; false to fall back to the generic form.
pub fn print(p: &mut Printer<'_>, op: OpId, kind: MpmdOp) -> bool {
    match kind {
        MpmdOp::Return => p.print_return_like(op, "mpmd.return"),
        MpmdOp::Call => {
            let callee = view::Call::of(p.m.op(op)).callee();
            p.print_call_like(op, "mpmd.call", callee)
        }
        MpmdOp::NamedComputation => print_named_computation(p, op),
        MpmdOp::NamedTensor => print_named_tensor(p, op),
        MpmdOp::Fragment => print_fragment(p, op),
        MpmdOp::FragmentCall => print_fragment_call(p, op),
        MpmdOp::Transfer | MpmdOp::Assign | MpmdOp::Unassign => print_unary(p, op, kind),
        MpmdOp::For => print_for(p, op),
        MpmdOp::Broadcast => print_broadcast(p, op),
        MpmdOp::Reduce => print_reduce(p, op),
    }
}

/// ` (%a) {attrs} (%b: T) {...} : (T) -> U`: the tail shared by region ops.
fn region_op_tail(p: &mut Printer<'_>, op: OpId, elided: &[&str]) {
    let o = p.m.op(op);
    p.w(" ");
    operand_list(p, op);
    p.attr_dict(&o.attrs, elided);
    p.w(" ");
    single_block_region(p, op);
    p.w(" : ");
    p.op_function_type(op);
}

fn print_named_computation(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let origin_field = view::NamedComputation::of(o).origin();
    let Some(MpmdAttr::UserOrigin(origin)) = get_mpmd(origin_field.raw()) else {
        return false;
    };
    if !has_single_block_region(p, op) {
        return false;
    }
    p.w("mpmd.named_computation<");
    let _ = write_user_origin(&mut p.out, origin);
    p.w(">");
    region_op_tail(p, op, &[origin_field.name]);
    true
}

/// An optional sharding list (`field.raw()`): `Some(None)` when absent, `None` when not a list.
fn sharding_list(a: Option<&Attr>) -> Option<Option<&ShardingPerValue>> {
    match a {
        None => Some(None),
        Some(_) => match get_sdy(a) {
            Some(SdyAttr::ShardingPerValue(l)) => Some(Some(l)),
            _ => None,
        },
    }
}

fn print_fragment(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let v = view::Fragment::of(o);
    let (Some(Attr::Str(mesh, None)), Some(origins), Some(ins), Some(outs)) = (
        v.mesh_name().raw(),
        user_origins(v.origin().raw()),
        sharding_list(v.in_shardings().raw()),
        sharding_list(v.out_shardings().raw()),
    ) else {
        return false;
    };
    let stage = match v.stage_id().raw() {
        None => None,
        Some(a) => match super::sdy::int_of_type(Some(a), &ElemType::I64) {
            Some(v) => Some(v),
            None => return false,
        },
    };
    if !has_single_block_region(p, op) {
        return false;
    }
    p.w("mpmd.fragment<");
    write_mesh_and_origin(p, mesh, &origins);
    if let Some(s) = stage {
        p.w(&format!(", stage={s}"));
    }
    if let Some(ins) = ins {
        p.w(", in_shardings=");
        let _ = write_sharding_list(&mut p.out, ins);
    }
    if let Some(outs) = outs {
        p.w(", out_shardings=");
        let _ = write_sharding_list(&mut p.out, outs);
    }
    p.w(">");
    region_op_tail(
        p,
        op,
        &[v.mesh_name().name, v.origin().name, v.stage_id().name, v.in_shardings().name, v.out_shardings().name],
    );
    true
}

fn print_fragment_call(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let v = view::Fragment::of(o);
    let (Some(Attr::Str(mesh, None)), Some(origins), Some(Attr::SymbolRef(callee))) =
        (v.mesh_name().raw(), user_origins(v.origin().raw()), v.callee().raw())
    else {
        return false;
    };
    if !no_regions(p, op) {
        return false;
    }
    p.w("mpmd.fragment_call<");
    write_mesh_and_origin(p, mesh, &origins);
    p.w("> ");
    p.symbol_ref(callee);
    operand_list(p, op);
    p.attr_dict(&o.attrs, &[v.mesh_name().name, v.origin().name, v.callee().name]);
    p.w(" : ");
    p.op_function_type(op);
    true
}

/// `mpmd.transfer {attrs} %x : (T) -> U` (and assign, unassign).
fn print_unary(p: &mut Printer<'_>, op: OpId, kind: MpmdOp) -> bool {
    let o = p.m.op(op);
    if o.operands.len() != 1 || o.results.len() != 1 || !no_regions(p, op) {
        return false;
    }
    p.w(OpKind::Mpmd(kind).name());
    p.attr_dict(&o.attrs, &[]);
    p.w(" ");
    let v = p.value(o.operands[0]);
    p.w(&v);
    p.w(" : ");
    p.op_function_type(op);
    true
}

/// `mpmd.for (%a) {attrs} (%b: T, %index: tensor<ui32>) {...} : T`
fn print_for(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let ins: Vec<&Type> = o.operands.iter().map(|&v| p.m.value_type(v)).collect();
    let outs: Vec<&Type> = o.results.iter().map(|&v| p.m.value_type(v)).collect();
    if ins != outs || !has_single_block_region(p, op) {
        return false;
    }
    p.w("mpmd.for ");
    operand_list(p, op);
    p.attr_dict(&o.attrs, &[]);
    p.w(" ");
    single_block_region(p, op);
    p.w(" : ");
    let tys: Vec<Type> = outs.into_iter().cloned().collect();
    p.type_list(&tys);
    true
}

fn print_named_tensor(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let name_field = view::NamedTensor::of(o).name();
    let Some(Attr::Str(name, None)) = name_field.raw() else {
        return false;
    };
    if o.operands.len() != 1 || o.results.len() != 1 || !no_regions(p, op) {
        return false;
    }
    let ty = p.m.value_type(o.results[0]).clone();
    if p.m.value_type(o.operands[0]) != &ty {
        return false;
    }
    p.w("mpmd.named_tensor ");
    let v = p.value(o.operands[0]);
    p.w(&v);
    p.w(" name=");
    let _ = write_string(&mut p.out, name);
    p.attr_dict(&o.attrs, &[name_field.name]);
    p.w(" : ");
    p.ty(&ty);
    true
}

fn print_broadcast(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    if o.operands.len() != 1 || o.results.len() != 1 || !no_regions(p, op) {
        return false;
    }
    let ty = p.m.value_type(o.results[0]).clone();
    if p.m.value_type(o.operands[0]) != &ty {
        return false;
    }
    p.w("mpmd.broadcast");
    p.attr_dict(&o.attrs, &[]);
    p.w(" ");
    let v = p.value(o.operands[0]);
    p.w(&v);
    p.w(" : ");
    p.ty(&ty);
    true
}

fn print_reduce(p: &mut Printer<'_>, op: OpId) -> bool {
    let o = p.m.op(op);
    let reduction = view::Reduce::of(o).reduction();
    let Some(MpmdAttr::Reduction(r)) = get_mpmd(reduction.raw()) else {
        return false;
    };
    let r: Reduction = *r;
    if o.results.len() != 1 || !no_regions(p, op) {
        return false;
    }
    p.w("mpmd.reduce<");
    p.w(r.keyword());
    p.w(">");
    p.attr_dict(&o.attrs, &[reduction.name]);
    if !o.operands.is_empty() {
        p.w(" ");
        let vs = p.value_list(&o.operands);
        p.w(&vs);
    }
    p.w(" : ");
    p.op_function_type(op);
    true
}
