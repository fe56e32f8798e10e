//! Liveness of frame values: after which op each value is dead.
//!
//! A value is dead after the last op of its defining block that uses it,
//! directly or anywhere inside that op's regions (a value used in a loop
//! body stays alive until the loop op itself is done). The evaluator drops
//! dead values from the frame, and an op that is the last use of an
//! operand may take it out of the frame, so a kernel can reuse its buffer
//! (`Arc::get_mut` succeeds only when nothing else shares it, so reuse
//! never changes a result).
//!
//! Invariants: a value with a use outside the blocks nested in its defining
//! block (possible only across blocks of one region) is never reported
//! dead; results that are never used are dead right after their op; block
//! arguments die at their last use like results (a block binds them afresh
//! on every entry), and unused ones are never reported.
//! The pass walks the IR with explicit loops, never recursion.

use shardref_spec::ir::{BlockId, Module, OpId, ValueDef, ValueId};

pub struct Liveness {
    /// For every op (by `OpId` index), the values it is the last use of.
    dead_after: Vec<Vec<ValueId>>,
}

impl Liveness {
    pub fn new(m: &Module) -> Liveness {
        let n_ops = m.ops.len();
        // Position of every op within its block.
        let mut pos = vec![0usize; n_ops];
        for b in &m.blocks {
            for (i, &op) in b.ops.iter().enumerate() {
                if let Some(p) = pos.get_mut(op.index()) {
                    *p = i;
                }
            }
        }
        // For every value: the op of its defining block that uses it last, or pinned.
        let mut last: Vec<Option<OpId>> = vec![None; m.values.len()];
        let mut pinned = vec![false; m.values.len()];
        let def_block = |v: ValueId| -> Option<BlockId> {
            match m.values.get(v.index())?.def {
                ValueDef::Result { op, .. } => m.ops.get(op.index())?.parent,
                ValueDef::BlockArg { block, .. } => Some(block),
            }
        };
        for (u, o) in m.ops.iter().enumerate() {
            let uses = o.operands.iter().chain(o.successors.iter().flat_map(|s| s.args.iter()));
            for &v in uses {
                if v.index() >= last.len() {
                    continue;
                }
                let Some(db) = def_block(v) else {
                    pinned[v.index()] = true;
                    continue;
                };
                // Climb from the using op to its ancestor in the defining block.
                let mut cur = OpId(u as u32);
                let mut found = None;
                for _ in 0..=n_ops {
                    let Some(b) = m.ops.get(cur.index()).and_then(|o| o.parent) else { break };
                    if b == db {
                        found = Some(cur);
                        break;
                    }
                    let Some(parent) = m
                        .blocks
                        .get(b.index())
                        .and_then(|b| b.parent)
                        .and_then(|r| m.regions.get(r.index()).and_then(|r| r.parent))
                    else {
                        break;
                    };
                    cur = parent;
                }
                match found {
                    Some(at) => {
                        let slot = &mut last[v.index()];
                        if slot.is_none_or(|prev| pos[at.index()] >= pos[prev.index()]) {
                            *slot = Some(at);
                        }
                    }
                    None => pinned[v.index()] = true,
                }
            }
        }
        let mut dead_after = vec![Vec::new(); n_ops];
        for (i, val) in m.values.iter().enumerate() {
            if pinned[i] {
                continue;
            }
            let v = ValueId(i as u32);
            match (last[i], val.def) {
                (Some(at), _) => dead_after[at.index()].push(v),
                (None, ValueDef::Result { op, .. }) => {
                    if let Some(d) = dead_after.get_mut(op.index()) {
                        d.push(v);
                    }
                }
                (None, ValueDef::BlockArg { .. }) => {}
            }
        }
        Liveness { dead_after }
    }

    /// The values that are dead once `op` has run.
    pub fn dead_after(&self, op: OpId) -> &[ValueId] {
        self.dead_after.get(op.index()).map_or(&[], |d| d.as_slice())
    }

    /// Whether `op` is the last use of `v`.
    pub fn is_last_use(&self, op: OpId, v: ValueId) -> bool {
        self.dead_after(op).contains(&v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_die_at_their_last_use_and_outer_values_live_through_loops() {
        let text = r#"
func.func @main(%a: tensor<i64>) -> tensor<i64> {
  %one = stablehlo.constant dense<1> : tensor<i64>
  %n = stablehlo.constant dense<10> : tensor<i64>
  %unused = stablehlo.add %a, %a : tensor<i64>
  %r = stablehlo.while(%i = %a) : tensor<i64>
    cond {
      %p = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %j = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %j : tensor<i64>
    }
  %s = stablehlo.add %r, %one : tensor<i64>
  func.return %s : tensor<i64>
}
"#;
        let m = shardref_spec::parse("t.mlir", text).expect("parses");
        let live = Liveness::new(&m);
        let name = |v: ValueId| m.value(v).span;
        let body = m.block(m.body()).ops[0];
        let entry = m.block(m.region(m.op(body).regions[0]).blocks[0]);
        let ops = &entry.ops;
        let [c_one, c_n, unused, wh, s, ret] = ops.as_slice() else { panic!("six ops") };
        let one = m.op(*c_one).results[0];
        let n = m.op(*c_n).results[0];
        let a = entry.args[0];
        // %n is used only inside the loop: it dies with the while op, not inside the cond region.
        assert!(live.is_last_use(*wh, n), "{:?}", name(n));
        // %one is used in the body and after the loop: it dies at %s.
        assert!(!live.is_last_use(*wh, one));
        assert!(live.is_last_use(*s, one));
        // An unused result is dead right after its op; an argument dies at its last use.
        assert!(live.is_last_use(*unused, m.op(*unused).results[0]));
        assert!(live.is_last_use(*wh, a) && !live.is_last_use(*unused, a));
        // Values of the loop body die inside the body block.
        assert!(live.is_last_use(*ret, m.op(*s).results[0]));
        let body_block = m.block(m.region(m.op(*wh).regions[1]).blocks[0]);
        let j = m.op(body_block.ops[0]).results[0];
        assert!(live.is_last_use(body_block.ops[1], j));
    }
}
