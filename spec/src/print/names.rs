//! SSA value and block names, assigned before printing the way MLIR's
//! `SSANameState` assigns them.
//!
//! - Values are numbered region by region: every value of a region's blocks
//!   first (entry block arguments `%argN`, other block arguments and unnamed
//!   results `%N`), then the regions nested in its ops, each starting from the
//!   counters as they stood when its parent region was done (so sibling
//!   regions start from the same point, and each `func.func` body from 0).
//! - Ops and regions may suggest names (`%c`, `%cst`, `%iterArg`,
//!   `%output_state, %output`); a name already visible from the region gets a
//!   `_N` suffix from one conflict counter shared by all names.
//! - Blocks are `^bbN`, numbered per region from 0.

use std::collections::{HashMap, HashSet};

use crate::ir::*;
use crate::ops::{OpKind, StablehloOp};

/// The names of one module's values and blocks.
#[derive(Default)]
pub struct Names {
    /// How each value is written where it is used (`%3`, `%c_0`, `%0#1`, `%output`).
    pub uses: HashMap<ValueId, String>,
    /// How each op's results are written before ` = ` (`%0:2`, `%output_state, %output`).
    pub defs: HashMap<OpId, String>,
    pub blocks: HashMap<BlockId, String>,
}

#[derive(Clone, Copy)]
struct Counters {
    value: usize,
    arg: usize,
    conflict: usize,
}

struct Namer<'m> {
    m: &'m Module,
    /// Suggested names are ignored when printing the generic form, as MLIR does.
    hints: bool,
    names: Names,
    /// Names in use, one set per region on the path from the root.
    used: Vec<HashSet<String>>,
    c: Counters,
}

/// Names every value and block of `m`.
pub fn assign(m: &Module, hints: bool) -> Names {
    let mut n = Namer {
        m,
        hints,
        names: Names::default(),
        used: vec![HashSet::new()],
        c: Counters { value: 0, arg: 0, conflict: 0 },
    };
    n.op_results(m.root);
    let start = n.c;
    for &r in &m.op(m.root).regions {
        n.region(r, start);
    }
    n.names
}

impl Namer<'_> {
    fn is_used(&self, name: &str) -> bool {
        self.used.iter().any(|s| s.contains(name))
    }

    /// A name not visible from the current region: `name`, else `name_N`.
    fn unique(&mut self, name: &str) -> String {
        let mut chosen = name.to_string();
        if self.is_used(&chosen) {
            loop {
                chosen = format!("{name}_{}", self.c.conflict);
                self.c.conflict += 1;
                if !self.is_used(&chosen) {
                    break;
                }
            }
        }
        if let Some(s) = self.used.last_mut() {
            s.insert(chosen.clone());
        }
        chosen
    }

    fn next_number(&mut self) -> String {
        let n = self.c.value.to_string();
        self.c.value += 1;
        n
    }

    fn region(&mut self, r: RegionId, start: Counters) {
        self.c = start;
        self.used.push(HashSet::new());
        let region = self.m.region(r);
        let mut arg_names: HashMap<ValueId, String> = HashMap::new();
        if self.hints
            && let (Some(op), Some(&entry)) = (region.parent, region.blocks.first())
        {
            let index = self.m.op(op).regions.iter().position(|&x| x == r).unwrap_or(0);
            if let Some(hints) = block_arg_hints(self.m, op, index) {
                for (&a, h) in self.m.block(entry).args.iter().zip(hints) {
                    let name = self.unique(&h);
                    arg_names.insert(a, name);
                }
            }
        }
        for (i, &b) in region.blocks.iter().enumerate() {
            self.names.blocks.insert(b, format!("^bb{i}"));
            for &a in &self.m.block(b).args {
                let name = match arg_names.remove(&a) {
                    Some(n) => n,
                    None if i == 0 => {
                        let base = format!("arg{}", self.c.arg);
                        self.c.arg += 1;
                        self.unique(&base)
                    }
                    None => self.next_number(),
                };
                self.names.uses.insert(a, format!("%{name}"));
            }
            for &op in &self.m.block(b).ops {
                self.op_results(op);
            }
        }
        let after = self.c;
        for &b in &region.blocks {
            for &op in &self.m.block(b).ops {
                for &nested in &self.m.op(op).regions {
                    self.region(nested, after);
                }
            }
        }
        self.used.pop();
    }

    fn op_results(&mut self, op: OpId) {
        let results = self.m.op(op).results.clone();
        if results.is_empty() {
            return;
        }
        // Result groups: (first result, name); a group runs to the next one.
        let mut groups: Vec<(usize, String)> = vec![];
        if self.hints {
            for (index, hint) in result_hints(self.m, op) {
                if index < results.len() && !groups.iter().any(|(i, _)| *i == index) {
                    let name = self.unique(&hint);
                    groups.push((index, name));
                }
            }
        }
        groups.sort_by_key(|(i, _)| *i);
        if groups.first().is_none_or(|(i, _)| *i != 0) {
            let name = self.next_number();
            groups.insert(0, (0, name));
        }
        let mut defs = vec![];
        for (g, (first, name)) in groups.iter().enumerate() {
            let end = groups.get(g + 1).map(|(i, _)| *i).unwrap_or(results.len());
            let size = end - first;
            for (k, &v) in results[*first..end].iter().enumerate() {
                let u = if size > 1 { format!("%{name}#{k}") } else { format!("%{name}") };
                self.names.uses.insert(v, u);
            }
            defs.push(if size > 1 { format!("%{name}:{size}") } else { format!("%{name}") });
        }
        self.names.defs.insert(op, defs.join(", "));
    }
}

/// Names an op suggests for its results: (first result of a group, name).
fn result_hints(m: &Module, op: OpId) -> Vec<(usize, String)> {
    let Some(kind) = m.op(op).name.kind() else {
        return vec![];
    };
    let hints: Vec<(usize, &str)> = match kind {
        OpKind::Stablehlo(StablehloOp::Constant) => constant_name(m, op).into_iter().map(|n| (0, n)).collect(),
        OpKind::Stablehlo(k) => super::stablehlo::result_names(m, op, k),
        OpKind::Chlo(k) => super::chlo::result_names(k),
        OpKind::Arith(_) => constant_name(m, op).into_iter().map(|n| (0, n)).collect(),
        OpKind::Builtin(_)
        | OpKind::Func(_)
        | OpKind::Mhlo(_)
        | OpKind::Sdy(_)
        | OpKind::Mpmd(_)
        | OpKind::Check(_)
        | OpKind::Interpreter(_)
        | OpKind::Hlo(_) => vec![],
    };
    hints.into_iter().map(|(i, n)| (i, n.to_string())).collect()
}

/// `%c` for a constant of integers (including `i1`), else `%cst`.
pub fn constant_name(m: &Module, op: OpId) -> Option<&'static str> {
    let o = m.op(op);
    if o.results.len() != 1 {
        return None;
    }
    match m.value_type(o.results[0]) {
        Type::Tensor(t) if matches!(t.elem, ElemType::Int { .. }) => Some("c"),
        Type::Elem(ElemType::Int { .. }) => Some("c"),
        _ => Some("cst"),
    }
}

/// Names an op suggests for the entry block arguments of its `index`-th region.
fn block_arg_hints(m: &Module, op: OpId, index: usize) -> Option<Vec<String>> {
    match m.op(op).name.kind()? {
        OpKind::Stablehlo(k) => super::stablehlo::block_arg_names(m, op, k, index),
        OpKind::Chlo(k) => super::chlo::block_arg_names(m, op, k, index),
        OpKind::Builtin(_)
        | OpKind::Func(_)
        | OpKind::Arith(_)
        | OpKind::Mhlo(_)
        | OpKind::Sdy(_)
        | OpKind::Mpmd(_)
        | OpKind::Check(_)
        | OpKind::Interpreter(_)
        | OpKind::Hlo(_) => None,
    }
}
