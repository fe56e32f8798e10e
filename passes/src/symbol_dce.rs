//! MLIR's `symbol-dce`, as `sdy-import-pipeline` runs it: private symbols
//! of the module (functions, meshes) that no live op refers to are erased.
//!
//! Invariants: public symbols are live; a symbol is live when a live op
//! names it in any attribute (symbol references, and mesh names inside sdy
//! shardings); liveness is computed to a fixpoint, so a chain of private
//! functions called only from a dead one all go.

use shardref_spec::ir::sdy::{MeshOrRef, SdyAttr};
use shardref_spec::ir::{Attr, Module, OpId};

use crate::rewrite::{erase, pre_order_within, sym_name};

fn is_private(m: &Module, op: OpId) -> bool {
    matches!(shardref_spec::schema::Func::of(m.op(op)).sym_visibility().raw(), Some(Attr::Str(s, _)) if s == b"private")
}

/// Symbol names an attribute refers to.
fn refs(a: &Attr, out: &mut Vec<String>) {
    match a {
        Attr::SymbolRef(p) => out.extend(p.first().cloned()),
        Attr::Array(xs) => xs.iter().for_each(|x| refs(x, out)),
        Attr::Dict(d) => d.iter().for_each(|(_, x)| refs(x, out)),
        Attr::Sdy(s) => match s.as_ref() {
            SdyAttr::Sharding(t) => {
                if let MeshOrRef::Ref(n) = &t.mesh {
                    out.push(n.clone())
                }
            }
            SdyAttr::ShardingPerValue(l) => {
                for t in &l.shardings {
                    if let MeshOrRef::Ref(n) = &t.mesh {
                        out.push(n.clone())
                    }
                }
            }
            _ => {}
        },
        Attr::Opaque(text) => {
            // `mesh = @name` inside a StableHLO replica-group attribute.
            let mut rest = text.as_str();
            while let Some(i) = rest.find('@') {
                rest = &rest[i + 1..];
                let e = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '$'))
                    .unwrap_or(rest.len());
                out.push(rest[..e].to_string());
            }
        }
        _ => {}
    }
}

pub fn run(m: &mut Module) {
    let top: Vec<OpId> = m.block(m.body()).ops.clone();
    let mut live: Vec<bool> = top.iter().map(|&o| sym_name(m, o).is_none() || !is_private(m, o)).collect();
    loop {
        let mut names = vec![];
        for (i, &o) in top.iter().enumerate() {
            if !live[i] {
                continue;
            }
            for op in std::iter::once(o).chain(pre_order_within(m, o)) {
                for (k, a) in m.op(op).attrs.iter() {
                    if k != "sym_name" {
                        refs(a, &mut names);
                    }
                }
            }
        }
        let mut changed = false;
        for (i, &o) in top.iter().enumerate() {
            if !live[i] && sym_name(m, o).is_some_and(|n| names.contains(&n)) {
                live[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (i, &o) in top.iter().enumerate() {
        if !live[i] {
            erase(m, o);
        }
    }
}
