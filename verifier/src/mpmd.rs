//! The mpmd rules (inventory §3.9), in upstream's order within each op:
//! the parent-op trait, then the op's `verify()`; `mpmd.fragment_call` and
//! `mpmd.call` also check their callee at symbol-use time.
//!
//! Most checks use `emitError`, so their messages carry no op prefix; the
//! checks of a mesh tensor's sharding against its topology mesh use
//! `emitOpError` and carry it. Types in messages are quoted as MLIR streams
//! them into a diagnostic (`'tensor<i32>'`); attributes and names are not.
//!
//! Where upstream would dereference a null pointer (an op outside any
//! function, a callee that is not a function), shardref reports an error
//! instead; each such place says so in a comment.

use shardref_spec::Diagnostic;
use shardref_spec::ir::mpmd::{MeshTensorType, MpmdAttr, Reduction};
use shardref_spec::ir::sdy::{Mesh, SdyAttr};
use shardref_spec::ir::{Attr, ElemType, OpId, Signedness, Type, ValueDef, ValueId};
use shardref_spec::ops::{FuncOp, MpmdOp, OpKind, OpName};

use crate::sdy::sharding::{check as check_sharding, is_fully_replicated};
use crate::symbols::func_topology;
use crate::{Cx, Fail};

type Verdict = Result<(), Diagnostic>;

/// `kMemoryKindAttr`: the discardable attribute holding a memory kind.
const PINNED_HOST: &str = "pinned_host";
const DEVICE: &str = "device";

/// Op-verification-time checks of an mpmd op.
pub fn verify_op(cx: &Cx<'_>, op: OpId, kind: MpmdOp) -> Verdict {
    const FUNC: OpName = OpName::Known(OpKind::Func(FuncOp::Func));
    const FOR: OpName = OpName::Known(OpKind::Mpmd(MpmdOp::For));
    match kind {
        MpmdOp::Fragment | MpmdOp::Assign | MpmdOp::Unassign => parent_is_one_of(cx, op, &[FUNC, FOR])?,
        MpmdOp::FragmentCall | MpmdOp::Transfer => parent_is_one_of(cx, op, &[FUNC])?,
        MpmdOp::Return
        | MpmdOp::NamedComputation
        | MpmdOp::NamedTensor
        | MpmdOp::Call
        | MpmdOp::For
        | MpmdOp::Broadcast
        | MpmdOp::Reduce => {}
    }
    match kind {
        MpmdOp::NamedComputation => verify_named_computation(cx, op),
        MpmdOp::Fragment => verify_fragment(cx, op),
        MpmdOp::Transfer => verify_transfer(cx, op),
        MpmdOp::Assign => verify_assign(cx, op, true),
        MpmdOp::Unassign => verify_assign(cx, op, false),
        MpmdOp::Call => verify_call(cx, op),
        MpmdOp::For => verify_for(cx, op),
        MpmdOp::Reduce => verify_reduce(cx, op),
        MpmdOp::Return | MpmdOp::NamedTensor | MpmdOp::FragmentCall | MpmdOp::Broadcast => Ok(()),
    }
}

/// Symbol-use checks of an mpmd op.
pub fn symbol_uses(cx: &Cx<'_>, op: OpId, kind: MpmdOp) -> Verdict {
    match kind {
        MpmdOp::FragmentCall => fragment_call_uses(cx, op),
        MpmdOp::Call => call_uses(cx, op),
        MpmdOp::Return
        | MpmdOp::NamedComputation
        | MpmdOp::NamedTensor
        | MpmdOp::Fragment
        | MpmdOp::Transfer
        | MpmdOp::Assign
        | MpmdOp::Unassign
        | MpmdOp::For
        | MpmdOp::Broadcast
        | MpmdOp::Reduce => Ok(()),
    }
}

// ---------------------------------------------------------------- helpers

/// `msg` at `op`, with no prefix (`emitError`).
fn error(code: &'static str, cx: &Cx<'_>, op: OpId, msg: impl Into<String>) -> Diagnostic {
    cx.located(op, Fail::new(code, msg))
}

/// A type as MLIR streams it into a diagnostic: quoted.
fn q(t: &Type) -> String {
    format!("'{t}'")
}

fn types_of(cx: &Cx<'_>, vs: &[ValueId]) -> Vec<Type> {
    vs.iter().map(|&v| cx.m.value_type(v).clone()).collect()
}

/// The argument types of the op's first region's entry block.
fn body_arg_types(cx: &Cx<'_>, op: OpId) -> Vec<Type> {
    entry_block(cx, op).map(|b| types_of(cx, &cx.m.block(b).args)).unwrap_or_default()
}

fn entry_block(cx: &Cx<'_>, op: OpId) -> Option<shardref_spec::ir::BlockId> {
    let r = *cx.m.op(op).regions.first()?;
    cx.m.region(r).blocks.first().copied()
}

/// The operand types of the terminator of the op's body (none when the
/// body is empty; the parser inserts the implicit terminator otherwise).
fn terminator_types(cx: &Cx<'_>, op: OpId) -> Vec<Type> {
    entry_block(cx, op)
        .and_then(|b| cx.m.block(b).ops.last().copied())
        .map(|t| types_of(cx, &cx.m.op(t).operands))
        .unwrap_or_default()
}

/// A function's `sym_name`.
fn func_name(cx: &Cx<'_>, func: OpId) -> String {
    match crate::attrs::Func::of(cx.m.op(func)).sym_name().raw() {
        Some(Attr::Str(s, _)) => String::from_utf8_lossy(s).into_owned(),
        _ => String::new(),
    }
}

/// `getEnclosingOfType<FuncOp>`: the op itself when it is a function, else
/// the nearest enclosing function.
fn enclosing_func(cx: &Cx<'_>, op: OpId) -> Option<OpId> {
    if cx.m.op(op).name == OpName::Known(OpKind::Func(FuncOp::Func)) {
        return Some(op);
    }
    crate::symbols::enclosing_func(cx.m, op)
}

fn is_mpmd_function(cx: &Cx<'_>, func: OpId) -> bool {
    crate::attrs::Func::of(cx.m.op(func)).topology().present()
}

fn is_public(cx: &Cx<'_>, func: OpId) -> bool {
    match crate::attrs::Func::of(cx.m.op(func)).sym_visibility().raw() {
        None => true,
        Some(a) => a.as_str() == Some(b"public"),
    }
}

fn is_private(cx: &Cx<'_>, func: OpId) -> bool {
    crate::attrs::Func::of(cx.m.op(func)).sym_visibility().raw().and_then(Attr::as_str) == Some(b"private")
}

/// `IsEntryPointFunction`: a public function with a topology or a mesh shape.
fn is_entry_point(cx: &Cx<'_>, func: OpId) -> bool {
    let a = crate::attrs::Func::of(cx.m.op(func));
    (a.topology().present() || a.mesh_shape().present()) && is_public(cx, func)
}

fn mesh_name_attr(cx: &Cx<'_>, op: OpId) -> String {
    let name = crate::attrs::mpmd::Fragment::of(cx.m.op(op)).mesh_name().get();
    name.map(|s| String::from_utf8_lossy(s).into_owned()).unwrap_or_default()
}

fn callee_name(cx: &Cx<'_>, op: OpId) -> String {
    match crate::attrs::Call::of(cx.m.op(op)).callee().raw() {
        Some(Attr::SymbolRef(path)) => path.first().cloned().unwrap_or_default(),
        _ => String::new(),
    }
}

/// The callee of a call-like op, when it names a top-level `func.func`.
fn callee_func(cx: &Cx<'_>, op: OpId) -> Option<OpId> {
    match crate::attrs::Call::of(cx.m.op(op)).callee().raw() {
        Some(Attr::SymbolRef(path)) if path.len() == 1 => cx.syms.funcs.get(&path[0]).copied(),
        _ => None,
    }
}

/// The callee function, or fragment_call's error when there is none.
fn callee_func_or_error(cx: &Cx<'_>, op: OpId) -> Result<OpId, Diagnostic> {
    callee_func(cx, op).ok_or_else(|| {
        error(
            "fragment_call_c1|call_c7",
            cx,
            op,
            format!("'{}' does not reference a valid function", callee_name(cx, op)),
        )
    })
}

fn function_type(cx: &Cx<'_>, func: OpId) -> (Vec<Type>, Vec<Type>) {
    match crate::attrs::Func::of(cx.m.op(func)).function_type().raw() {
        Some(Attr::Type(Type::Function(i, r))) => (i.clone(), r.clone()),
        _ => (vec![], vec![]),
    }
}

/// `GetMeshAttr(op, mesh_name)`: the mesh of that name in the topology of
/// the function enclosing `op`.
fn topology_mesh<'a>(cx: &'a Cx<'_>, op: OpId, name: &str) -> Result<&'a Mesh, Diagnostic> {
    // Upstream dereferences a null function here; no mpmd op that looks a
    // mesh up can verify outside a function (their parent traits fail
    // first), but a fuzzed module may still get here, so shardref reports
    // it as a function without a topology.
    let Some(func) = enclosing_func(cx, op) else {
        return Err(error(
            "mesh_lookup_c1",
            cx,
            op,
            "Function does not have a topology attribute: <no enclosing function>",
        ));
    };
    // mesh_lookup_c1 (G1): the enclosing function has a topology.
    let Some(topology) = func_topology(cx.m, func) else {
        return Err(error(
            "mesh_lookup_c1",
            cx,
            op,
            format!("Function does not have a topology attribute: {}", func_name(cx, func)),
        ));
    };
    // mesh_lookup_c2 (G2): the topology has a mesh of that name.
    match topology.meshes.iter().find(|m| m.name == name) {
        Some(m) => Ok(&m.mesh),
        None => Err(error("mesh_lookup_c2", cx, op, format!("Topology doesn't have a mesh with name: {name}"))),
    }
}

/// `MeshTensorType::verifyForMesh`: the type's sharding against the mesh,
/// divisibility included, with the op prefix (`emitOpError`).
fn check_mesh_tensor(cx: &Cx<'_>, op: OpId, t: &MeshTensorType, mesh: &Mesh) -> Verdict {
    let Some(s) = &t.sharding else { return Ok(()) };
    // mesh_tensor_c1 (MT1): the sharding (its own mesh reference ignored)
    // is valid for the global type on the topology mesh, and divides it.
    check_sharding(s, Some(&Type::Tensor(t.tensor.clone())), Some(mesh), true, &[]).map_err(|f| cx.op_error(op, f))
}

/// `MeshTensorType::verifyForTopology`.
fn check_mesh_tensor_in_topology(cx: &Cx<'_>, op: OpId, t: &MeshTensorType) -> Verdict {
    let mesh = topology_mesh(cx, op, &t.mesh_name)?;
    check_mesh_tensor(cx, op, t, mesh)
}

/// The `HasParent`/`ParentOneOf` traits.
fn parent_is_one_of(cx: &Cx<'_>, op: OpId, parents: &[OpName]) -> Verdict {
    let parent = cx.m.parent_op(op).map(|p| &cx.m.op(p).name);
    if parent.is_some_and(|p| parents.contains(p)) {
        return Ok(());
    }
    let names: Vec<&str> = parents.iter().map(OpName::as_str).collect();
    let what = if parents.len() == 1 {
        format!("'{}'", names.join(", "))
    } else {
        format!("to be one of '{}'", names.join(", "))
    };
    // mpmd_parent_c1 (PT): fragments, assigns and unassigns sit in a function
    // or a for loop; fragment calls and transfers directly in a function.
    Err(cx.op_error(op, Fail::new("mpmd_parent_c1", format!("expects parent op {what}"))))
}

// ---------------------------------------------------------------- named_computation

/// The count check that named computations and fragments share: as many
/// inner values (block arguments, returned values) as outer ones
/// (operands, results).
fn same_count(cx: &Cx<'_>, op: OpId, inner: &[Type], outer: &[Type], inner_name: &str, outer_name: &str) -> Verdict {
    if inner.len() == outer.len() {
        return Ok(());
    }
    Err(error(
        "mpmd_named_computation_c1|fragment_c1",
        cx,
        op,
        format!(
            "number of {inner_name}s must match the number of {outer_name}s respectively: {} != {}",
            inner.len(),
            outer.len()
        ),
    ))
}

fn verify_named_computation(cx: &Cx<'_>, op: OpId) -> Verdict {
    let o = cx.m.op(op);
    let pairs = [
        (body_arg_types(cx, op), types_of(cx, &o.operands), "block argument", "operand"),
        (terminator_types(cx, op), types_of(cx, &o.results), "returned value", "result"),
    ];
    for (inner, outer, inner_name, outer_name) in pairs {
        // mpmd_named_computation_c1 (MN1): as many block arguments (returned
        // values) as operands (results).
        same_count(cx, op, &inner, &outer, inner_name, outer_name)?;
        for (i, o) in inner.iter().zip(&outer) {
            // mpmd_named_computation_c2 (MN2): the types are equal.
            if i != o {
                return Err(error(
                    "mpmd_named_computation_c2",
                    cx,
                    op,
                    format!(
                        "expected the type of the {inner_name} to match the type of {outer_name}: {}, got: {}",
                        q(i),
                        q(o)
                    ),
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- fragment and fragment_call

/// `AllInnerAndOuterTypesMatchInFragment`, for a fragment (its body) or a
/// fragment call (its callee's signature).
fn fragment_types_match(
    cx: &Cx<'_>,
    op: OpId,
    inner: &[Type],
    outer: &[Type],
    inner_name: &str,
    outer_name: &str,
) -> Verdict {
    // fragment_c1 (FR1): as many inner values as outer ones.
    same_count(cx, op, inner, outer, inner_name, outer_name)?;
    let mesh_name = mesh_name_attr(cx, op);
    for (inner_t, outer_t) in inner.iter().zip(outer) {
        let mesh = topology_mesh(cx, op, &mesh_name)?;
        let Type::MeshTensor(mt) = outer_t else {
            // fragment_c2 (FR2): a value that is not a mesh tensor (a token)
            // has the same type inside and outside.
            if inner_t != outer_t {
                return Err(error(
                    "fragment_c2",
                    cx,
                    op,
                    format!(
                        "expected the type of the {inner_name} to match the {outer_name}: {}, got: {}",
                        q(outer_t),
                        q(inner_t)
                    ),
                ));
            }
            continue;
        };
        // fragment_c3 (FR3): the mesh tensor lives on the fragment's mesh.
        if mt.mesh_name != mesh_name {
            return Err(error(
                "fragment_c3",
                cx,
                op,
                format!(
                    "expected the mesh name of the {outer_name} to match that of the fragment op: {} != {mesh_name}",
                    mt.mesh_name
                ),
            ));
        }
        // fragment_c4 (FR4): the mesh tensor's sharding is valid on that mesh.
        check_mesh_tensor(cx, op, mt, mesh)?;
        // fragment_c5 (FR5): the inner type is the mesh tensor's global type.
        let global = Type::Tensor(mt.tensor.clone());
        if *inner_t != global {
            return Err(error(
                "fragment_c5",
                cx,
                op,
                format!(
                    "expected the type of the {inner_name} to be global tensor type {outer_name}: {}, got: {}",
                    q(&global),
                    q(inner_t)
                ),
            ));
        }
    }
    Ok(())
}

fn verify_fragment(cx: &Cx<'_>, op: OpId) -> Verdict {
    let o = cx.m.op(op);
    fragment_types_match(cx, op, &body_arg_types(cx, op), &types_of(cx, &o.operands), "block argument", "operand")?;
    fragment_types_match(cx, op, &terminator_types(cx, op), &types_of(cx, &o.results), "returned value", "result")
}

fn fragment_call_uses(cx: &Cx<'_>, op: OpId) -> Verdict {
    let o = cx.m.op(op);
    // fragment_call_c1 (FC1): the callee is a function.
    let func = callee_func_or_error(cx, op)?;
    let (ins, outs) = function_type(cx, func);
    fragment_types_match(cx, op, &ins, &types_of(cx, &o.operands), "block argument", "operand")?;
    fragment_types_match(cx, op, &outs, &types_of(cx, &o.results), "returned value", "result")?;
    // Upstream asserts the call's mesh exists here (it was looked up while
    // checking the types, unless the call has no operands and results);
    // shardref reports G1/G2 instead.
    let call_mesh = topology_mesh(cx, op, &mesh_name_attr(cx, op))?;
    // fragment_call_c2 (FC2, G3): the callee has a `mesh_shape`; the error
    // is reported at the callee.
    let func_mesh = match crate::attrs::Func::of(cx.m.op(func)).mesh_shape().raw() {
        Some(Attr::Sdy(a)) => match a.as_ref() {
            SdyAttr::Mesh(m) => Some(m),
            _ => None,
        },
        _ => None,
    };
    let Some(func_mesh) = func_mesh else {
        return Err(error(
            "fragment_call_c2",
            cx,
            func,
            format!("Function does not have a mesh_shape attribute: {}", func_name(cx, func)),
        ));
    };
    // fragment_call_c3 (FC3): the call's mesh is the callee's mesh.
    if call_mesh != func_mesh {
        return Err(error(
            "fragment_call_c3",
            cx,
            op,
            format!(
                "Expected mesh of fragment call and callee function to match: {} vs {}",
                mesh_attr_str(call_mesh),
                mesh_attr_str(func_mesh)
            ),
        ));
    }
    Ok(())
}

/// `#sdy.mesh<...>`, as an attribute streams into a diagnostic.
fn mesh_attr_str(m: &Mesh) -> String {
    let mut s = String::new();
    let _ = shardref_spec::print::write_attr(&mut s, &Attr::Sdy(Box::new(SdyAttr::Mesh(m.clone()))));
    s
}

// ---------------------------------------------------------------- transfer

/// `FindMemoryKindInAttributes`: the memory kind a value gets from
/// attributes rather than from its type.
fn memory_kind_from_attrs(cx: &Cx<'_>, v: ValueId, func: Option<OpId>) -> Option<Vec<u8>> {
    let in_dict = |list: Option<&Attr>, i: usize| -> Option<Vec<u8>> {
        let Some(Attr::Array(dicts)) = list else { return None };
        // Upstream indexes without a bound check; an out-of-range index has no memory kind here.
        match dicts.get(i) {
            Some(Attr::Dict(d)) => {
                crate::attrs::arg::memory_kind(d, shardref_spec::ir::Span::NONE).get().map(<[u8]>::to_vec)
            }
            _ => None,
        }
    };
    match cx.m.value(v).def {
        // Upstream reads the enclosing function's argument attributes at the
        // block argument's index, whichever block the argument belongs to.
        ValueDef::BlockArg { index, .. } => {
            in_dict(crate::attrs::Func::of(cx.m.op(func?)).arg_attrs().raw(), index as usize)
        }
        ValueDef::Result { op, index } => match cx.m.op(op).name {
            OpName::Known(OpKind::Mpmd(MpmdOp::Transfer)) => {
                crate::attrs::mpmd::Transfer::of(cx.m.op(op)).memory_kind().get().map(<[u8]>::to_vec)
            }
            OpName::Known(OpKind::Mpmd(MpmdOp::Fragment | MpmdOp::Call | MpmdOp::FragmentCall | MpmdOp::For)) => {
                in_dict(crate::attrs::Func::of(cx.m.op(op)).res_attrs().raw(), index as usize)
            }
            _ => None,
        },
    }
}

fn verify_transfer(cx: &Cx<'_>, op: OpId) -> Verdict {
    let o = cx.m.op(op);
    let (Some(&input), Some(&result)) = (o.operands.first(), o.results.first()) else { return Ok(()) };
    let (Type::MeshTensor(t_in), Type::MeshTensor(t_out)) = (cx.m.value_type(input), cx.m.value_type(result)) else {
        return Ok(());
    };
    // transfer_c1 (TR1): both types are valid in the topology.
    check_mesh_tensor_in_topology(cx, op, t_in)?;
    check_mesh_tensor_in_topology(cx, op, t_out)?;
    // transfer_c2 (TR2): a transfer keeps the global type.
    if t_in.tensor != t_out.tensor {
        return Err(error(
            "transfer_c2",
            cx,
            op,
            format!(
                "cannot perform transfer between given types {} and {}: global tensor types are different",
                q(cx.m.value_type(input)),
                q(cx.m.value_type(result))
            ),
        ));
    }
    for t in [t_in, t_out] {
        // transfer_c3 (TR3): memory kinds in types are `pinned_host` or `device`.
        if let Some(k) = &t.memory_kind
            && k != PINNED_HOST
            && k != DEVICE
        {
            return Err(error(
                "transfer_c3",
                cx,
                op,
                format!("memory kind must be either '{PINNED_HOST}' or '{DEVICE}'. Found '{k}'."),
            ));
        }
    }
    let func = crate::symbols::enclosing_func(cx.m, op);
    // transfer_c4 (TR4): the operand is not on the host by attributes.
    if memory_kind_from_attrs(cx, input, func).as_deref() == Some(PINNED_HOST.as_bytes()) {
        return Err(error(
            "transfer_c4",
            cx,
            op,
            "Transfers from host with attributes are not supported. Memory kinds must be expressed in the type.",
        ));
    }
    // transfer_c5 (TR5): the result is not put on the host by attributes
    // (the message's word order is upstream's).
    if memory_kind_from_attrs(cx, result, func).as_deref() == Some(PINNED_HOST.as_bytes()) {
        return Err(error(
            "transfer_c5",
            cx,
            op,
            "Transfers to host with attributes are not supported. Memory kinds must expressed be in the type.",
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------- assign and unassign

/// `VerifyAssignmentOpTypes`: the local tensor of an assign (its operand)
/// or an unassign (its result) against the mesh tensor on the other side.
fn verify_assign(cx: &Cx<'_>, op: OpId, is_assign: bool) -> Verdict {
    let o = cx.m.op(op);
    let (local, mesh) =
        if is_assign { (o.operands.first(), o.results.first()) } else { (o.results.first(), o.operands.first()) };
    let (Some(&local), Some(&mesh)) = (local, mesh) else { return Ok(()) };
    let (local_t, mesh_ty) = (cx.m.value_type(local), cx.m.value_type(mesh));
    // The operand and result kinds are ODS type constraints, which shardref
    // does not model for mpmd ops: other types have nothing to compare.
    let Type::MeshTensor(mt) = mesh_ty else { return Ok(()) };
    // assign_c1 (AS1): the mesh tensor is valid in the topology.
    check_mesh_tensor_in_topology(cx, op, mt)?;
    // assign_c2 (AS2): the mesh tensor is fully replicated.
    if mt.sharding.as_ref().is_some_and(|s| !is_fully_replicated(s)) {
        return Err(error("assign_c2", cx, op, format!("MeshTensorType should be fully replicated: {}", q(mesh_ty))));
    }
    // assign_c3 (AS3): the local type is the mesh tensor's global type.
    let global = Type::Tensor(mt.tensor.clone());
    if *local_t != global {
        return Err(error(
            "assign_c3",
            cx,
            op,
            format!(
                "mismatch between the given local type {} and mesh_type ranked tensor type: {}",
                q(local_t),
                q(&global)
            ),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------- call

fn verify_call(cx: &Cx<'_>, op: OpId) -> Verdict {
    let callee = callee_name(cx, op);
    if let Some(Attr::Int(count)) = crate::attrs::mpmd::Fragment::of(cx.m.op(op)).call_counter().raw() {
        let ty = count.ty.clone().unwrap_or(ElemType::I64);
        // call_c4 (CA4): `call_counter` is a ui32.
        if ty != (ElemType::Int { width: 32, signedness: Signedness::Unsigned }) {
            return Err(error("call_c4", cx, op, format!("call_counter must be an uint32, got '{ty}'")));
        }
    }
    let parent = cx.m.parent_op(op);
    let parent_ok = parent.is_some_and(|p| {
        matches!(cx.m.op(p).name, OpName::Known(OpKind::Func(FuncOp::Func)) | OpName::Known(OpKind::Mpmd(MpmdOp::For)))
    });
    // call_c5 (CA5): a call sits directly in a function or a for loop.
    if !parent_ok {
        let name = parent.map(|p| cx.m.op(p).name.as_str().to_string()).unwrap_or_default();
        return Err(error(
            "call_c5",
            cx,
            op,
            format!(
                "Mpmd CallOp on \"{callee}\" can only be used in a function or for_op block but was called from inside op {name}"
            ),
        ));
    }
    // call_c6 (CA6): in an mpmd function, only the entry point calls.
    if let Some(func) = crate::symbols::enclosing_func(cx.m, op)
        && is_mpmd_function(cx, func)
        && !is_entry_point(cx, func)
    {
        return Err(error(
            "call_c6",
            cx,
            op,
            format!(
                "Mpmd CallOp on \"{callee}\" in an Mpmd function can only be used directly by the entrypoint function, i.e. the main function, but was called from \"{}\".",
                func_name(cx, func)
            ),
        ));
    }
    Ok(())
}

fn call_uses(cx: &Cx<'_>, op: OpId) -> Verdict {
    let o = cx.m.op(op);
    // call_c7: the callee is a function. Upstream dereferences a null
    // function here (outside VHLO); shardref reports fragment_call's message.
    let func = callee_func_or_error(cx, op)?;
    let (ins, outs) = function_type(cx, func);
    // call_c1 (CA1): operand types are the callee's input types.
    // call_c2 (CA2): result types are the callee's result types.
    // Pairs are zipped: upstream does not compare the counts.
    for (wants, gots, what, code) in
        [(ins, types_of(cx, &o.operands), "operand", "call_c1"), (outs, types_of(cx, &o.results), "result", "call_c2")]
    {
        if let Some((want, got)) = wants.iter().zip(&gots).find(|(w, g)| w != g) {
            return Err(error(
                code,
                cx,
                op,
                format!("Type mismatch. Expected call {what} to have type {} but got {}", q(want), q(got)),
            ));
        }
    }
    // call_c3 (CA3): a callee with a topology is private.
    if is_mpmd_function(cx, func) && !is_private(cx, func) {
        return Err(error(
            "call_c3",
            cx,
            op,
            "MPMD CallOp callee with topology must also have visibility set to private, as public functions with topologies are assumed to be entry point functions.",
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------- for

/// The class of a type, as MLIR's `TypeID` distinguishes them (ranked and
/// unranked tensors differ; each float format is its own class; integers
/// of every width and signedness share one).
fn type_class(t: &Type) -> String {
    match t {
        Type::Tensor(tt) if tt.shape.is_some() => "ranked_tensor".into(),
        Type::Tensor(_) => "unranked_tensor".into(),
        Type::Vector(..) => "vector".into(),
        Type::Tuple(_) => "tuple".into(),
        Type::Function(..) => "function".into(),
        Type::Elem(ElemType::Int { .. }) => "integer".into(),
        Type::Elem(ElemType::Float(k)) => format!("float:{}", k.name()),
        Type::Elem(ElemType::Complex(_)) => "complex".into(),
        Type::Elem(ElemType::Index) => "index".into(),
        Type::Elem(ElemType::Quant(_)) => "quant".into(),
        Type::None => "none".into(),
        Type::Token => "token".into(),
        Type::Future(_) => "future".into(),
        Type::MeshTensor(_) => "mesh_tensor".into(),
        Type::Opaque { name, .. } => format!("opaque:{name}"),
    }
}

fn verify_for(cx: &Cx<'_>, op: OpId) -> Verdict {
    let o = cx.m.op(op);
    // for_c8: `iterations` is required (an ODS attribute constraint, checked
    // before the op's verifier).
    let Some(iterations) = crate::attrs::mpmd::For::of(cx.m.op(op)).iterations().raw().and_then(Attr::as_int) else {
        return Err(cx.op_error(op, Fail::new("for_c8", "requires attribute 'iterations'")));
    };
    let args = body_arg_types(cx, op);
    let operands = types_of(cx, &o.operands);
    // for_c1 (FO1): one block argument per operand, plus the index.
    if args.len() != operands.len() + 1 {
        return Err(error("for_c1", cx, op, "wrong number of arguments for region"));
    }
    for (i, (operand, arg)) in operands.iter().zip(&args).enumerate() {
        // for_c2 (FO2): block arguments have their operand's type.
        if operand != arg {
            return Err(error("for_c2", cx, op, format!("wrong argument type at argument no. {i}")));
        }
    }
    // for_c3 (FO3): a ranked-tensor index is a rank-0 32-bit integer (other
    // index types are allowed, so that it can be a mesh tensor).
    if let Some(Type::Tensor(t)) = args.last()
        && let Some(shape) = &t.shape
        && (!shape.is_empty() || !matches!(t.elem, ElemType::Int { width: 32, .. }))
    {
        return Err(error("for_c3", cx, op, "index must have a 32-bit integer rank-0 tensor type"));
    }
    // for_c4 (FO4): the body returns the result types.
    if terminator_types(cx, op) != types_of(cx, &o.results) {
        return Err(error("for_c4", cx, op, "type mismatch for result of region"));
    }
    // for_c5 (FO5): every operand has the same class of type.
    if let Some(first) = operands.first()
        && operands.iter().any(|t| type_class(t) != type_class(first))
    {
        return Err(error("for_c5", cx, op, "type ids in operands/results are not identical"));
    }
    // for_c6 (FO6): at least one iteration.
    if iterations <= 0 {
        return Err(error("for_c6", cx, op, "number of iterations must be greater than zero"));
    }
    let factor = crate::attrs::mpmd::For::of(cx.m.op(op)).unroll_factor().raw().and_then(Attr::as_int).unwrap_or(1);
    // for_c7 (FO7): the unroll factor divides the iteration count (a zero
    // factor fails too).
    if factor == 0 || iterations % factor != 0 {
        return Err(error(
            "for_c7",
            cx,
            op,
            format!("number of iterations {iterations} isn't divisible by unroll factor {factor}"),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------- reduce

fn verify_reduce(cx: &Cx<'_>, op: OpId) -> Verdict {
    let o = cx.m.op(op);
    // The reduction defaults to `none` when the attribute is absent.
    let reduction = o
        .attrs
        .iter()
        .find_map(|(_, a)| match a {
            Attr::Mpmd(m) => match m.as_ref() {
                MpmdAttr::Reduction(r) => Some(*r),
                _ => None,
            },
            _ => None,
        })
        .unwrap_or(Reduction::None);
    // mpmd_reduce_c1 (RD1): a `none` reduction has exactly one operand.
    if reduction == Reduction::None && o.operands.len() != 1 {
        return Err(error(
            "mpmd_reduce_c1",
            cx,
            op,
            "ReduceOp must have exactly one operand if the reduction type is none",
        ));
    }
    Ok(())
}
