//! Structural equality of modules: same ops, attributes, types and value
//! flow, up to renaming of values and blocks. Spans and locations are ignored.

use std::collections::HashMap;

use crate::ir::*;

/// Compares two modules; `Err` describes the first difference found.
pub fn modules_equal(a: &Module, b: &Module) -> Result<(), String> {
    let mut cx = Cx { a, b, values: HashMap::new(), blocks: HashMap::new() };
    // Pair every definition first, so that forward references (uses before
    // their definition, which the parser accepts and the verifier judges)
    // compare like any other use.
    cx.premap(a.root, b.root);
    cx.op(a.root, b.root)
}

struct Cx<'m> {
    a: &'m Module,
    b: &'m Module,
    values: HashMap<ValueId, ValueId>,
    blocks: HashMap<BlockId, BlockId>,
}

impl Cx<'_> {
    /// Pairs results, block arguments and blocks of two ops, recursively, by position.
    fn premap(&mut self, x: OpId, y: OpId) {
        let (ox, oy) = (self.a.op(x), self.b.op(y));
        for (&u, &v) in ox.results.iter().zip(&oy.results) {
            self.values.insert(u, v);
        }
        for (&r, &s) in ox.regions.iter().zip(&oy.regions) {
            for (&bx, &by) in self.a.region(r).blocks.iter().zip(&self.b.region(s).blocks) {
                self.blocks.insert(bx, by);
                for (&u, &v) in self.a.block(bx).args.iter().zip(&self.b.block(by).args) {
                    self.values.insert(u, v);
                }
                for (&o, &p) in self.a.block(bx).ops.iter().zip(&self.b.block(by).ops) {
                    self.premap(o, p);
                }
            }
        }
    }

    fn op(&mut self, x: OpId, y: OpId) -> Result<(), String> {
        let (ox, oy) = (self.a.op(x), self.b.op(y));
        let here = || format!("op '{}'", ox.name);
        if ox.name != oy.name {
            return Err(format!("op '{}' vs '{}'", ox.name, oy.name));
        }
        if ox.attrs != oy.attrs {
            return Err(format!("{}: attributes differ: {:?} vs {:?}", here(), ox.attrs, oy.attrs));
        }
        if ox.operands.len() != oy.operands.len() || ox.results.len() != oy.results.len() {
            return Err(format!("{}: operand or result counts differ", here()));
        }
        for (i, (&u, &v)) in ox.operands.iter().zip(&oy.operands).enumerate() {
            if self.values.get(&u) != Some(&v) {
                return Err(format!("{}: operand {i} refers to a different value", here()));
            }
        }
        for (&u, &v) in ox.results.iter().zip(&oy.results) {
            if self.a.value_type(u) != self.b.value_type(v) {
                return Err(format!(
                    "{}: result types differ: {} vs {}",
                    here(),
                    self.a.value_type(u),
                    self.b.value_type(v)
                ));
            }
            self.values.insert(u, v);
        }
        if ox.regions.len() != oy.regions.len() {
            return Err(format!("{}: region counts differ", here()));
        }
        for (&r, &s) in ox.regions.iter().zip(&oy.regions) {
            self.region(r, s).map_err(|e| format!("{}: {e}", here()))?;
        }
        if ox.successors.len() != oy.successors.len() {
            return Err(format!("{}: successor counts differ", here()));
        }
        for (s, t) in ox.successors.iter().zip(&oy.successors) {
            if self.blocks.get(&s.block) != Some(&t.block) || s.args.len() != t.args.len() {
                return Err(format!("{}: successors differ", here()));
            }
            for (&u, &v) in s.args.iter().zip(&t.args) {
                if self.values.get(&u) != Some(&v) {
                    return Err(format!("{}: successor operands differ", here()));
                }
            }
        }
        Ok(())
    }

    fn region(&mut self, r: RegionId, s: RegionId) -> Result<(), String> {
        let (bx, by) = (&self.a.region(r).blocks, &self.b.region(s).blocks);
        if bx.len() != by.len() {
            return Err(format!("block counts differ ({} vs {})", bx.len(), by.len()));
        }
        for (&x, &y) in bx.iter().zip(by) {
            self.blocks.insert(x, y);
            let (kx, ky) = (self.a.block(x), self.b.block(y));
            if kx.args.len() != ky.args.len() {
                return Err("block argument counts differ".into());
            }
            for (&u, &v) in kx.args.iter().zip(&ky.args) {
                if self.a.value_type(u) != self.b.value_type(v) {
                    return Err("block argument types differ".into());
                }
                self.values.insert(u, v);
            }
        }
        for (&x, &y) in bx.iter().zip(by) {
            let (kx, ky) = (self.a.block(x), self.b.block(y));
            if kx.ops.len() != ky.ops.len() {
                return Err(format!("op counts differ ({} vs {})", kx.ops.len(), ky.ops.len()));
            }
            for (&o, &p) in kx.ops.iter().zip(&ky.ops) {
                self.op(o, p)?;
            }
        }
        Ok(())
    }
}
