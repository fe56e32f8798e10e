//! Stage one: the symbols the rules refer to, resolved once per module.
//!
//! Upstream looks meshes up in the symbol table of the enclosing
//! `builtin.module`; shardref's modules are flat at the top, so the root
//! module's symbols are the table. The first definition of a name wins, as
//! a redefinition is itself an error.

use std::collections::HashMap;

use shardref_spec::ir::mpmd::{MpmdAttr, Topology};
use shardref_spec::ir::sdy::{Mesh, MeshOrRef, SdyAttr};
use shardref_spec::ir::{Attr, Module, OpId};
use shardref_spec::ops::{FuncOp, OpKind, OpName, SdyOp};

/// The resolved symbols of a module.
#[derive(Debug, Default)]
pub struct Symbols {
    /// `sdy.mesh` ops by name, with their mesh.
    pub meshes: HashMap<String, (OpId, Mesh)>,
    /// `func.func` ops by name.
    pub funcs: HashMap<String, OpId>,
}

impl Symbols {
    pub fn resolve(m: &Module) -> Symbols {
        let mut s = Symbols::default();
        for &op in &m.block(m.body()).ops {
            let o = m.op(op);
            let Some(Attr::Str(name, _)) = crate::attrs::Func::of(o).sym_name().raw() else {
                continue;
            };
            let name = String::from_utf8_lossy(name).into_owned();
            match o.name {
                OpName::Known(OpKind::Sdy(SdyOp::Mesh)) => {
                    if let Some(Attr::Sdy(a)) = crate::attrs::sdy::Mesh::of(o).mesh().raw()
                        && let SdyAttr::Mesh(mesh) = a.as_ref()
                    {
                        s.meshes.entry(name).or_insert((op, mesh.clone()));
                    }
                }
                OpName::Known(OpKind::Func(FuncOp::Func)) => {
                    s.funcs.entry(name).or_insert(op);
                }
                _ => {}
            }
        }
        s
    }

    /// The mesh a sharding is bound to: inline, or the named `sdy.mesh`.
    pub fn mesh<'a>(&'a self, r: &'a MeshOrRef) -> Option<&'a Mesh> {
        match r {
            MeshOrRef::Inline(m) => Some(m),
            MeshOrRef::Ref(name) => self.meshes.get(name).map(|(_, m)| m),
        }
    }
}

/// The `topology` attribute of a function, if it has one.
pub fn func_topology(m: &Module, func: OpId) -> Option<&Topology> {
    match crate::attrs::Func::of(m.op(func)).topology().raw() {
        Some(Attr::Mpmd(a)) => match a.as_ref() {
            MpmdAttr::Topology(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// The ops enclosing `op`, innermost first. The walk stops after as many
/// steps as the module has ops, so a malformed parent chain cannot loop.
pub fn ancestors(m: &Module, op: OpId) -> impl Iterator<Item = OpId> + '_ {
    std::iter::successors(m.parent_op(op), move |&p| m.parent_op(p)).take(m.ops.len() + 1)
}

/// The nearest op named `name` that encloses `op`, if any.
pub fn enclosing(m: &Module, op: OpId, name: OpName) -> Option<OpId> {
    ancestors(m, op).find(|&p| m.op(p).name == name)
}

/// The function enclosing `op`, if any.
pub fn enclosing_func(m: &Module, op: OpId) -> Option<OpId> {
    enclosing(m, op, OpName::Known(OpKind::Func(FuncOp::Func)))
}
