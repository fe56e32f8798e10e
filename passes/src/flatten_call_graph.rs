//! `sdy-flatten-call-graph`: every function is called from at most one
//! place. The first call to a function (in call-graph post-order) keeps it;
//! each later call gets a fresh recursive clone of it, named with MLIR's
//! symbol uniquing and marked with `sdy.original_func_name`.
//!
//! Invariants: the set of calls visited is fixed before any clone is made,
//! so calls inside clones are not revisited; the originals are kept; a call
//! to a missing function is an error instead of upstream's abort.

use shardref_spec::Diagnostic;
use shardref_spec::ir::{Attr, Module};

use crate::callgraph::calls_post_order;
use crate::rewrite::{SymbolTable, callee, clone_func_recursively, func_named};

pub fn run(m: &mut Module) -> Vec<Diagnostic> {
    let mut st = SymbolTable::new();
    let mut seen: Vec<String> = vec![];
    for call in calls_post_order(m) {
        let name = callee(m, call).unwrap_or_default();
        let Some(f) = func_named(m, &name) else {
            return vec![crate::error_at(m, call, crate::PASS_ERROR, format!("Failed to lookup function: {name}"))];
        };
        if !seen.contains(&name) {
            seen.push(name);
            continue;
        }
        match clone_func_recursively(m, &mut st, f) {
            Ok(clone) => {
                let new_name = st.insert(m, clone);
                m.op_mut(call).attrs.insert(shardref_spec::schema::keys::CALLEE, Attr::SymbolRef(vec![new_name]));
            }
            Err(msg) => return vec![crate::error_at(m, call, crate::PASS_ERROR, msg)],
        }
    }
    vec![]
}
