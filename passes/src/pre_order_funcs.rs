//! `sdy-pre-order-funcs`: the module's functions are moved to its end in
//! call-graph pre-order (callers before callees).
//!
//! Invariant: only functions move; other module-level ops keep their order.

use shardref_spec::ir::Module;

use crate::callgraph::funcs_pre_order;
use crate::rewrite::detach;

pub fn run(m: &mut Module) {
    let body = m.body();
    for f in funcs_pre_order(m) {
        detach(m, f);
        m.append_op(body, f);
    }
}
