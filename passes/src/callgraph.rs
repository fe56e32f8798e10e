//! MLIR's call-graph orders, as upstream's `iterateFuncs` and `walkCalls`
//! use them: the external node has an edge to every function in module
//! order, a function has an edge to each function it calls (first call
//! first, duplicates dropped), and the post-order is a depth-first search
//! from the external node along those edges. Pre-order is its reverse
//! (LLVM's `ReversePostOrderTraversal`).
//!
//! Invariant: calls to missing functions are not edges; every function
//! appears exactly once in either order.

use shardref_spec::ir::{Module, OpId};

use crate::rewrite::{callee, func_named, funcs, is_call, post_order_within, pre_order_within};

/// The functions a function calls, in the order of their first call.
fn callees(m: &Module, f: OpId) -> Vec<OpId> {
    let mut out: Vec<OpId> = vec![];
    for op in pre_order_within(m, f) {
        if is_call(m, op)
            && let Some(g) = callee(m, op).and_then(|n| func_named(m, &n))
            && !out.contains(&g)
        {
            out.push(g);
        }
    }
    out
}

/// The functions in call-graph post-order: callees before callers.
pub fn funcs_post_order(m: &Module) -> Vec<OpId> {
    let mut visited = vec![false; m.ops.len()];
    let mut order = vec![];
    for root in funcs(m) {
        if visited[root.index()] {
            continue;
        }
        visited[root.index()] = true;
        let mut stack: Vec<(OpId, Vec<OpId>, usize)> = vec![(root, callees(m, root), 0)];
        while let Some((f, cs, i)) = stack.pop() {
            if let Some(&g) = cs.get(i) {
                stack.push((f, cs, i + 1));
                if !visited[g.index()] {
                    visited[g.index()] = true;
                    let gc = callees(m, g);
                    stack.push((g, gc, 0));
                }
            } else {
                order.push(f);
            }
        }
    }
    order
}

/// The functions in call-graph pre-order (reverse post-order): callers before callees.
pub fn funcs_pre_order(m: &Module) -> Vec<OpId> {
    let mut v = funcs_post_order(m);
    v.reverse();
    v
}

/// `walkCalls` in post-order: the calls of each function (in post-order
/// of the function's ops), functions in call-graph post-order.
pub fn calls_post_order(m: &Module) -> Vec<OpId> {
    funcs_post_order(m)
        .into_iter()
        .flat_map(|f| post_order_within(m, f).into_iter().filter(|&o| is_call(m, o)))
        .collect()
}
