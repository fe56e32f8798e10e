//! The printer: IR → canonical text.
//!
//! Custom (pretty) forms follow what stablehlo-opt, sdy_opt and mpmd_opt
//! print; an op whose attributes its pretty form cannot express falls back to
//! the generic form, so printing never loses information.
//!
//! Invariants: print(parse(print(m))) == print(m), and parse(print(m)) is
//! equal to m (see `eq`). Locations are printed only with `debug_info`.

pub mod chlo;
pub mod mhlo;
pub mod mpmd;
pub mod names;
pub mod sdy;
pub mod stablehlo;

use std::fmt::{self, Write};

use crate::float;
use crate::ir::*;
use crate::ops::{BuiltinOp, CheckOp, Dialect, FuncOp, InterpreterOp, OpKind, OpName};
use crate::schema::{self as view, Field, kind};

#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Print every op in the generic form.
    pub generic: bool,
    /// Print `loc(...)` after ops.
    pub debug_info: bool,
}

/// Prints a module.
pub fn print_module(m: &Module, opts: PrintOptions) -> String {
    let mut p = Printer::new(m, opts);
    p.op(m.root);
    p.out.push('\n');
    p.out
}

pub struct Printer<'m> {
    pub m: &'m Module,
    pub out: String,
    pub opts: PrintOptions,
    indent: usize,
    /// Value and block names, assigned up front as MLIR's `SSANameState` does.
    names: names::Names,
}

impl<'m> Printer<'m> {
    pub fn new(m: &'m Module, opts: PrintOptions) -> Printer<'m> {
        let names = names::assign(m, !opts.generic);
        Printer { m, out: String::new(), opts, indent: 0, names }
    }

    pub fn w(&mut self, s: &str) {
        self.out.push_str(s);
    }

    pub fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    // ------------------------------------------------------------ names

    /// The printed name of a value where it is used (`%3`, `%c_0`, `%0#1`).
    pub fn value(&mut self, v: ValueId) -> String {
        if let Some(n) = self.names.uses.get(&v) {
            return n.clone();
        }
        // Not reachable from the root (IR under construction): a name that cannot clash.
        let n = format!("%unnamed{}", v.0);
        self.names.uses.insert(v, n.clone());
        n
    }

    pub fn value_list(&mut self, vs: &[ValueId]) -> String {
        vs.iter().map(|&v| self.value(v)).collect::<Vec<_>>().join(", ")
    }

    fn block_label(&mut self, b: BlockId) -> String {
        match self.names.blocks.get(&b) {
            Some(l) => l.clone(),
            None => format!("^unnamed{}", b.0),
        }
    }

    // ------------------------------------------------------------ ops

    pub fn op(&mut self, op: OpId) {
        let o = self.m.op(op);
        if let Some(names) = self.names.defs.get(&op).cloned() {
            self.w(&names);
            self.w(" = ");
        }
        let printed = !self.opts.generic && self.custom(op);
        if !printed {
            self.generic(op);
        }
        if self.opts.debug_info {
            if let Some(l) = &o.loc {
                self.w(" ");
                self.loc(l);
            }
        }
    }

    /// Prints the custom form of `op`; false (with nothing printed) if it has none
    /// or its attributes need the generic form.
    fn custom(&mut self, op: OpId) -> bool {
        let kind = match &self.m.op(op).name {
            OpName::Known(k) => *k,
            OpName::Unknown(_) => return false,
        };
        let mark = self.out.len();
        let ok = match kind {
            OpKind::Builtin(BuiltinOp::Module) => self.print_module_op(op),
            OpKind::Func(f) => self.print_func_dialect(op, f),
            OpKind::Arith(_) => {
                let value = view::Constant::of(self.m.op(op)).value();
                self.print_constant_like(op, "arith.constant", value)
            }
            OpKind::Stablehlo(k) => stablehlo::print(self, op, k),
            OpKind::Chlo(k) => chlo::print(self, op, k),
            OpKind::Mhlo(k) => mhlo::print(self, op, k),
            OpKind::Sdy(k) => sdy::print(self, op, k),
            OpKind::Mpmd(k) => mpmd::print(self, op, k),
            OpKind::Check(k) => self.print_check(op, k),
            OpKind::Interpreter(k) => self.print_interpreter(op, k),
            // HLO modules print as HLO text (`crate::hlo::print`); inside MLIR text their ops take the generic form.
            OpKind::Hlo(_) => false,
        };
        if !ok {
            self.out.truncate(mark);
        }
        ok
    }

    pub fn generic(&mut self, op: OpId) {
        let o = self.m.op(op);
        self.w("\"");
        self.w(&escape(o.name.as_str().as_bytes()));
        self.w("\"(");
        let operands = self.value_list(&o.operands);
        self.w(&operands);
        self.w(")");
        if !o.successors.is_empty() {
            self.w("[");
            for (i, s) in o.successors.iter().enumerate() {
                if i > 0 {
                    self.w(", ");
                }
                let l = self.block_label(s.block);
                self.w(&l);
                if !s.args.is_empty() {
                    self.w("(");
                    let a = self.value_list(&s.args);
                    self.w(&a);
                    self.w(" : ");
                    let tys: Vec<Type> = s.args.iter().map(|&v| self.m.value_type(v).clone()).collect();
                    self.type_list(&tys);
                    self.w(")");
                }
            }
            self.w("]");
        }
        // Inherent attributes (properties) print as `<{...}>`, as MLIR does for registered ops.
        let inherent: &[&str] = match o.name.kind() {
            Some(OpKind::Stablehlo(k)) => stablehlo::inherent_attrs(k),
            Some(OpKind::Chlo(k)) => chlo::inherent_attrs(k),
            Some(OpKind::Mhlo(k)) => mhlo::inherent_attrs(k),
            _ => &[],
        };
        let props: Vec<(String, Attr)> =
            o.attrs.0.iter().filter(|(k, _)| inherent.contains(&k.as_str())).cloned().collect();
        if !props.is_empty() {
            self.w(" <");
            let _ = write_dict(&mut self.out, &Dict(props));
            self.w(">");
        }
        if !o.regions.is_empty() {
            self.w(" (");
            let isolated = crate::lower::is_isolated(o.name.kind());
            for (i, &r) in o.regions.iter().enumerate() {
                if i > 0 {
                    self.w(", ");
                }
                self.region(r, true, isolated);
            }
            self.w(")");
        }
        self.attr_dict(&o.attrs, inherent);
        self.w(" : ");
        let ins: Vec<Type> = o.operands.iter().map(|&v| self.m.value_type(v).clone()).collect();
        let outs: Vec<Type> = o.results.iter().map(|&v| self.m.value_type(v).clone()).collect();
        self.function_type(&ins, &outs);
    }

    /// Prints `{ ... }`. With `entry_args`, an entry block with arguments gets
    /// its `^bb0(...)` label; without, its arguments must have been printed by
    /// the op (`region_args`). (`isolated` is kept for callers; names are
    /// assigned before printing.)
    pub fn region(&mut self, r: RegionId, entry_args: bool, _isolated: bool) {
        self.region_body(r, entry_args);
    }

    fn region_body(&mut self, r: RegionId, entry_args: bool) {
        let blocks = self.m.region(r).blocks.clone();
        self.w("{");
        self.indent += 1;
        for (i, &b) in blocks.iter().enumerate() {
            let block = self.m.block(b);
            let has_preds = self.block_has_predecessors(b);
            let label_needed = i > 0 || (entry_args && !block.args.is_empty()) || has_preds;
            if label_needed {
                self.indent -= 1;
                self.newline();
                let l = self.block_label(b);
                self.w(&l);
                if !block.args.is_empty() {
                    self.w("(");
                    for (j, &a) in block.args.iter().enumerate() {
                        if j > 0 {
                            self.w(", ");
                        }
                        let n = self.value(a);
                        self.w(&n);
                        self.w(": ");
                        let t = self.m.value_type(a).clone();
                        self.ty(&t);
                    }
                    self.w(")");
                }
                self.w(":");
                self.indent += 1;
            }
            for &op in &block.ops {
                self.newline();
                self.op(op);
            }
        }
        self.indent -= 1;
        self.newline();
        self.w("}");
    }

    fn block_has_predecessors(&self, b: BlockId) -> bool {
        let Some(r) = self.m.block(b).parent else { return false };
        self.m
            .region(r)
            .blocks
            .iter()
            .any(|&ob| self.m.block(ob).ops.iter().any(|&op| self.m.op(op).successors.iter().any(|s| s.block == b)))
    }

    /// Prints `(%arg0: T, ...)` for a region's entry block. Call before `region_after_args`.
    pub fn region_args(&mut self, r: RegionId, _isolated: bool) {
        let b = self.m.region(r).blocks.first().copied();
        self.w("(");
        if let Some(b) = b {
            for (j, &a) in self.m.block(b).args.iter().enumerate() {
                if j > 0 {
                    self.w(", ");
                }
                let n = self.value(a);
                self.w(&n);
                self.w(": ");
                let t = self.m.value_type(a).clone();
                self.ty(&t);
            }
        }
        self.w(")");
    }

    /// Prints the body of a region whose args `region_args` printed.
    pub fn region_after_args(&mut self, r: RegionId, _isolated: bool) {
        self.region_body(r, false);
    }

    /// True if the region is one block whose arguments can be printed by the op.
    pub fn single_block(&self, r: RegionId) -> bool {
        self.m.region(r).blocks.len() == 1
    }

    // ------------------------------------------------------------ core custom forms

    fn print_module_op(&mut self, op: OpId) -> bool {
        let o = self.m.op(op);
        if o.regions.len() != 1 || self.m.region(o.regions[0]).blocks.len() > 1 {
            return false;
        }
        self.w("module");
        let sym_name = view::Module::of(o).sym_name();
        if let Some(Attr::Str(name, None)) = sym_name.raw() {
            self.w(" @");
            self.symbol_name(name);
        }
        let rest: Vec<(String, Attr)> = o.attrs.0.iter().filter(|(k, _)| k != sym_name.name).cloned().collect();
        if !rest.is_empty() {
            self.w(" attributes");
            self.attr_dict(&Dict(rest), &[]);
        }
        self.w(" ");
        self.region(o.regions[0], false, true);
        true
    }

    fn print_func_dialect(&mut self, op: OpId, f: FuncOp) -> bool {
        // The `func.` prefix is dropped only directly inside a `func.func`
        // (whose default dialect is `func`); elsewhere (e.g. in a
        // `stablehlo.while` body) ops print their full names, as MLIR does.
        let in_func = matches!(self.m.parent_op(op).and_then(|p| self.m.op(p).name.kind()), Some(k) if elides_func_prefix(k.dialect()));
        match (f, in_func) {
            (FuncOp::Func, _) => self.print_func(op),
            (FuncOp::Return, true) => self.print_return_like(op, "return"),
            (FuncOp::Return, false) => self.print_return_like(op, "func.return"),
            (FuncOp::Call, in_func) => {
                let callee = view::Call::of(self.m.op(op)).callee();
                self.print_call_like(op, if in_func { "call" } else { "func.call" }, callee)
            }
        }
    }

    fn print_func(&mut self, op: OpId) -> bool {
        let o = self.m.op(op);
        let f = view::Func::of(o);
        let Some(Attr::Str(name, None)) = f.sym_name().raw() else { return false };
        let Some(Attr::Type(Type::Function(ins, outs))) = f.function_type().raw() else { return false };
        let arg_attrs = match f.arg_attrs().raw() {
            None => None,
            Some(Attr::Array(a)) if a.len() == ins.len() && a.iter().all(|d| matches!(d, Attr::Dict(_))) => Some(a),
            Some(_) => return false,
        };
        let res_attrs = match f.res_attrs().raw() {
            None => None,
            Some(Attr::Array(a)) if a.len() == outs.len() && a.iter().all(|d| matches!(d, Attr::Dict(_))) => Some(a),
            Some(_) => return false,
        };
        let vis = match f.sym_visibility().raw() {
            None => None,
            Some(Attr::Str(v, None)) if v == b"public" || v == b"private" || v == b"nested" => {
                Some(String::from_utf8_lossy(v).into_owned())
            }
            Some(_) => return false,
        };
        let body = o.regions.first().copied().filter(|&r| !self.m.region(r).blocks.is_empty());
        if let Some(r) = body {
            let entry = self.m.block(self.m.region(r).blocks[0]);
            let tys: Vec<&Type> = entry.args.iter().map(|&a| self.m.value_type(a)).collect();
            if tys.len() != ins.len() || tys.iter().zip(ins).any(|(a, b)| *a != b) {
                return false;
            }
        }
        self.w("func.func ");
        if let Some(v) = vis {
            self.w(&v);
            self.w(" ");
        }
        self.w("@");
        self.symbol_name(name);
        self.w("(");
        let entry_args: Vec<ValueId> =
            body.map(|r| self.m.block(self.m.region(r).blocks[0]).args.clone()).unwrap_or_default();
        for (i, t) in ins.iter().enumerate() {
            if i > 0 {
                self.w(", ");
            }
            if let Some(&a) = entry_args.get(i) {
                let n = self.value(a);
                self.w(&n);
                self.w(": ");
            }
            self.ty(t);
            if let Some(Attr::Dict(d)) = arg_attrs.and_then(|a| a.get(i)) {
                self.attr_dict(d, &[]);
            }
        }
        self.w(")");
        if !outs.is_empty() {
            self.w(" -> ");
            let wrap = outs.len() > 1 || res_attrs.is_some() || matches!(outs[0], Type::Function(..));
            if wrap {
                self.w("(");
            }
            for (i, t) in outs.iter().enumerate() {
                if i > 0 {
                    self.w(", ");
                }
                self.ty(t);
                if let Some(Attr::Dict(d)) = res_attrs.and_then(|a| a.get(i)) {
                    self.attr_dict(d, &[]);
                }
            }
            if wrap {
                self.w(")");
            }
        }
        let printed = [
            f.sym_name().name,
            f.function_type().name,
            f.arg_attrs().name,
            f.res_attrs().name,
            f.sym_visibility().name,
        ];
        let rest: Vec<(String, Attr)> =
            o.attrs.0.iter().filter(|(k, _)| !printed.contains(&k.as_str())).cloned().collect();
        if !rest.is_empty() {
            self.w(" attributes");
            self.attr_dict(&Dict(rest), &[]);
        }
        if let Some(r) = body {
            self.w(" ");
            self.region_body(r, false);
        }
        true
    }

    /// `name attr-dict %a, %b : T, U` (the attribute dict goes first, as MLIR's func.return prints it).
    pub fn print_return_like(&mut self, op: OpId, name: &str) -> bool {
        let o = self.m.op(op);
        if !o.regions.is_empty() || !o.successors.is_empty() || !o.results.is_empty() {
            return false;
        }
        self.w(name);
        self.attr_dict(&o.attrs, &[]);
        if !o.operands.is_empty() {
            self.w(" ");
            let vs = self.value_list(&o.operands);
            self.w(&vs);
            self.w(" : ");
            let tys: Vec<Type> = o.operands.iter().map(|&v| self.m.value_type(v).clone()).collect();
            self.type_list(&tys);
        }
        true
    }

    /// `call @f(%a) attr-dict : (T) -> U`, `callee` being the op's field (`func.call`'s, `mpmd.call`'s).
    pub fn print_call_like(&mut self, op: OpId, name: &str, callee_field: Field<'_, kind::Symbol>) -> bool {
        let o = self.m.op(op);
        let Some(Attr::SymbolRef(callee)) = callee_field.raw() else { return false };
        if !o.regions.is_empty() {
            return false;
        }
        self.w(name);
        self.w(" ");
        self.symbol_ref(callee);
        self.w("(");
        let vs = self.value_list(&o.operands);
        self.w(&vs);
        self.w(")");
        self.attr_dict(&o.attrs, &[callee_field.name]);
        self.w(" : ");
        self.op_function_type(op);
        true
    }

    /// `name attr-dict dense<...> : T` (stablehlo.constant, arith.constant, sdy.constant), `value`
    /// being the op's field (each of those rows' views has one).
    pub fn print_constant_like(&mut self, op: OpId, name: &str, value_field: Field<'_, kind::Any>) -> bool {
        let o = self.m.op(op);
        if o.results.len() != 1 || !o.operands.is_empty() || !o.regions.is_empty() {
            return false;
        }
        let Some(value) = value_field.raw() else { return false };
        // The value's type must be the result type, or the generic form is needed.
        let rt = self.m.value_type(o.results[0]);
        match value {
            Attr::Dense(d) if &d.ty == rt => {}
            Attr::DenseResource { ty: Some(t), .. } if **t == *rt => {}
            _ => return false,
        }
        self.w(name);
        self.attr_dict(&o.attrs, &[value_field.name]);
        self.w(" ");
        self.attr(value);
        true
    }

    /// Prints `, keyword = value` for each present keyword attribute: (the keyword, the attribute
    /// as stored, read through the op's view).
    fn keyword_attrs(&mut self, keywords: &[(&str, Option<&Attr>)]) {
        for &(keyword, attr) in keywords {
            if let Some(v) = attr {
                self.w(", ");
                self.w(keyword);
                self.w(" = ");
                self.attr_untyped(v);
            }
        }
    }

    /// Prints an attribute whose type the op's format knows (`tolerance = 1.000000e-04`, `max_ulp_difference = 3`).
    fn attr_untyped(&mut self, a: &Attr) {
        match a {
            Attr::Float(f) => self.w(&float::format_mlir(f.kind, f.bits)),
            Attr::Int(i) => {
                let _ = write!(self.out, "{}", i.value);
            }
            other => self.attr(other),
        }
    }

    fn print_check(&mut self, op: OpId, k: CheckOp) -> bool {
        let o = self.m.op(op);
        if !o.results.is_empty() || !o.regions.is_empty() {
            return false;
        }
        // Whether a field is absent or of the type the format elides.
        let typed = |field: Option<&Attr>, want: &ElemType| match field {
            None => true,
            Some(Attr::Float(f)) => ElemType::Float(f.kind) == *want,
            Some(Attr::Int(i)) => i.ty.as_ref() == Some(want),
            Some(_) => false,
        };
        let ui64 = ElemType::Int { width: 64, signedness: Signedness::Unsigned };
        let ui32 = ElemType::Int { width: 32, signedness: Signedness::Unsigned };
        match k {
            // The exact and the almost-equal forms share one syntax, whose optional `tolerance` is
            // the almost-equal row's attribute: both read through that row's view.
            CheckOp::ExpectEqConst | CheckOp::ExpectAlmostEqConst => {
                let v = view::check::ExpectAlmostEqConst::of(o);
                let (value, tolerance) = (v.value(), v.tolerance());
                let Some(a @ Attr::Dense(d)) = value.raw() else { return false };
                if o.operands.len() != 1
                    || self.m.value_type(o.operands[0]) != &d.ty
                    || !typed(tolerance.raw(), &ElemType::F64)
                {
                    return false;
                }
                self.w(k_name(OpKind::Check(k)));
                self.w(" ");
                let x = self.value(o.operands[0]);
                self.w(&x);
                self.w(", ");
                self.attr(a);
                self.keyword_attrs(&[(tolerance.name, tolerance.raw())]);
                self.attr_dict(&o.attrs, &[value.name, tolerance.name]);
                true
            }
            CheckOp::ExpectEq | CheckOp::ExpectAlmostEq => {
                let tolerance = view::check::ExpectAlmostEq::of(o).tolerance();
                if o.operands.len() != 2 || !typed(tolerance.raw(), &ElemType::F64) {
                    return false;
                }
                let t = self.m.value_type(o.operands[0]).clone();
                if self.m.value_type(o.operands[1]) != &t {
                    return false;
                }
                self.w(k_name(OpKind::Check(k)));
                self.w(" ");
                let vs = self.value_list(&o.operands);
                self.w(&vs);
                self.keyword_attrs(&[(tolerance.name, tolerance.raw())]);
                self.attr_dict(&o.attrs, &[tolerance.name]);
                self.w(" : ");
                self.ty(&t);
                true
            }
            CheckOp::ExpectClose => {
                let v = view::check::ExpectClose::of(o);
                let (max, min) = (v.max_ulp_difference(), v.min_ulp_difference());
                if o.operands.len() != 2 || !max.present() || !typed(max.raw(), &ui64) || !typed(min.raw(), &ui64) {
                    return false;
                }
                self.w("check.expect_close ");
                let vs = self.value_list(&o.operands);
                self.w(&vs);
                self.keyword_attrs(&[(max.name, max.raw()), (min.name, min.raw())]);
                self.w(" :");
                self.attr_dict(&o.attrs, &[max.name, min.name]);
                self.w(" ");
                let tys: Vec<Type> = o.operands.iter().map(|&v| self.m.value_type(v).clone()).collect();
                self.type_list(&tys);
                true
            }
            CheckOp::ExpectSerializedEq => {
                let v = view::check::ExpectSerializedEq::of(o);
                let (probe_id, iteration) = (v.probe_id(), v.iteration());
                if o.operands.len() != 1
                    || !matches!(probe_id.raw(), Some(Attr::Str(_, None)))
                    || !typed(iteration.raw(), &ui32)
                {
                    return false;
                }
                self.w("check.expect_serialized_eq ");
                let vs = self.value_list(&o.operands);
                self.w(&vs);
                // The keyword `iter` prints the ODS attribute `iteration`.
                self.keyword_attrs(&[(probe_id.name, probe_id.raw()), ("iter", iteration.raw())]);
                self.attr_dict(&o.attrs, &[probe_id.name, iteration.name]);
                self.w(" : ");
                let t = self.m.value_type(o.operands[0]).clone();
                self.ty(&t);
                true
            }
        }
    }

    fn print_interpreter(&mut self, op: OpId, k: InterpreterOp) -> bool {
        let o = self.m.op(op);
        match k {
            InterpreterOp::RunParallel => false,
            InterpreterOp::Print | InterpreterOp::Probe => {
                let probe = k == InterpreterOp::Probe;
                if o.operands.len() != 1 || o.results.len() != usize::from(probe) || !o.regions.is_empty() {
                    return false;
                }
                // `interpreter.print` has no attributes of its own.
                let probe_id = probe.then(|| view::interpreter::Probe::of(o).probe_id());
                if let Some(probe_id) = probe_id
                    && (self.m.value_type(o.results[0]) != self.m.value_type(o.operands[0])
                        || !matches!(probe_id.raw(), Some(Attr::Str(_, None))))
                {
                    return false;
                }
                self.w(k_name(OpKind::Interpreter(k)));
                self.w(" ");
                let a = self.value(o.operands[0]);
                self.w(&a);
                let keywords: Vec<(&str, Option<&Attr>)> = probe_id.iter().map(|f| (f.name, f.raw())).collect();
                let elided: Vec<&str> = probe_id.iter().map(|f| f.name).collect();
                self.keyword_attrs(&keywords);
                self.attr_dict(&o.attrs, &elided);
                self.w(" : ");
                let t = self.m.value_type(o.operands[0]).clone();
                self.ty(&t);
                true
            }
        }
    }

    // ------------------------------------------------------------ types

    pub fn ty(&mut self, t: &Type) {
        let _ = write_type(&mut self.out, t);
    }

    pub fn type_list(&mut self, ts: &[Type]) {
        for (i, t) in ts.iter().enumerate() {
            if i > 0 {
                self.w(", ");
            }
            self.ty(t);
        }
    }

    pub fn function_type(&mut self, ins: &[Type], outs: &[Type]) {
        let _ = write_function_type(&mut self.out, ins, outs);
    }

    /// The op's operand and result types as a function type.
    pub fn op_function_type(&mut self, op: OpId) {
        let o = self.m.op(op);
        let ins: Vec<Type> = o.operands.iter().map(|&v| self.m.value_type(v).clone()).collect();
        let outs: Vec<Type> = o.results.iter().map(|&v| self.m.value_type(v).clone()).collect();
        self.function_type(&ins, &outs);
    }

    // ------------------------------------------------------------ attributes

    pub fn attr(&mut self, a: &Attr) {
        let _ = write_attr(&mut self.out, a);
    }

    /// Prints ` {k = v, ...}` with the `elided` names left out; nothing if empty.
    pub fn attr_dict(&mut self, d: &Dict, elided: &[&str]) {
        let entries: Vec<&(String, Attr)> = d.0.iter().filter(|(k, _)| !elided.contains(&k.as_str())).collect();
        if entries.is_empty() {
            return;
        }
        self.w(" {");
        for (i, (k, v)) in entries.into_iter().enumerate() {
            if i > 0 {
                self.w(", ");
            }
            let _ = write_dict_entry(&mut self.out, k, v);
        }
        self.w("}");
    }

    pub fn symbol_name(&mut self, name: &[u8]) {
        let _ = write_symbol(&mut self.out, name);
    }

    pub fn symbol_ref(&mut self, parts: &[String]) {
        let _ = write_symbol_ref(&mut self.out, parts);
    }

    pub fn loc(&mut self, l: &Location) {
        self.w("loc(");
        let _ = write_loc(&mut self.out, l);
        self.w(")");
    }
}

fn k_name(k: OpKind) -> &'static str {
    k.name()
}

// ---------------------------------------------------------------- free writers

pub fn write_elem_type(f: &mut impl Write, e: &ElemType) -> fmt::Result {
    match e {
        ElemType::Int { width, signedness } => match signedness {
            Signedness::Signless => write!(f, "i{width}"),
            Signedness::Signed => write!(f, "si{width}"),
            Signedness::Unsigned => write!(f, "ui{width}"),
        },
        ElemType::Float(k) => f.write_str(k.name()),
        ElemType::Complex(inner) => {
            f.write_str("complex<")?;
            write_elem_type(f, inner)?;
            f.write_str(">")
        }
        ElemType::Index => f.write_str("index"),
        ElemType::Quant(q) => write_quant(f, q),
    }
}

fn write_quant(f: &mut impl Write, q: &QuantType) -> fmt::Result {
    f.write_str("!quant.uniform<")?;
    write_elem_type(f, &q.storage)?;
    if let Some((lo, hi)) = q.storage_range {
        write!(f, "<{lo}:{hi}>")?;
    }
    write!(f, ":{}", q.expressed.name())?;
    if let Some(axis) = q.axis {
        write!(f, ":{axis}")?;
    }
    f.write_str(", ")?;
    let param = |f: &mut dyn Write, (scale, zp): (u64, i64)| -> fmt::Result {
        // Scales print as MLIR prints an f64 (`printFloat`).
        f.write_str(&float::format_mlir(FloatKind::F64, scale.into()))?;
        if zp != 0 { write!(f, ":{zp}") } else { Ok(()) }
    };
    if q.per_axis {
        f.write_str("{")?;
        for (i, p) in q.params.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            param(f, *p)?;
        }
        f.write_str("}")?;
    } else if let Some(p) = q.params.first() {
        param(f, *p)?;
    }
    f.write_str(">")
}

pub fn write_type(f: &mut impl Write, t: &Type) -> fmt::Result {
    match t {
        Type::Tensor(tt) => write_tensor_type(f, tt),
        Type::Vector(shape, e) => {
            f.write_str("vector<")?;
            for d in shape {
                write!(f, "{d}x")?;
            }
            write_elem_type(f, e)?;
            f.write_str(">")
        }
        Type::Tuple(ts) => {
            f.write_str("tuple<")?;
            for (i, t) in ts.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_type(f, t)?;
            }
            f.write_str(">")
        }
        Type::Function(ins, outs) => write_function_type(f, ins, outs),
        Type::Elem(e) => write_elem_type(f, e),
        Type::None => f.write_str("none"),
        Type::Token => f.write_str("!stablehlo.token"),
        Type::Future(types) => {
            f.write_str("!stablehlo.future<")?;
            for (i, t) in types.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_type(f, t)?;
            }
            f.write_str(">")
        }
        Type::MeshTensor(mt) => mpmd::write_mesh_tensor_type(f, mt),
        Type::Opaque { name, body } => {
            write!(f, "!{name}")?;
            if let Some(b) = body {
                f.write_str(b)?;
            }
            Ok(())
        }
    }
}

pub fn write_tensor_type(f: &mut impl Write, t: &TensorType) -> fmt::Result {
    f.write_str("tensor<")?;
    match &t.shape {
        None => f.write_str("*x")?,
        Some(dims) => {
            for d in dims {
                match d {
                    Some(n) => write!(f, "{n}x")?,
                    None => f.write_str("?x")?,
                }
            }
        }
    }
    write_elem_type(f, &t.elem)?;
    if let Some(enc) = &t.encoding {
        f.write_str(", ")?;
        write_attr(f, enc)?;
    }
    f.write_str(">")
}

pub fn write_function_type(f: &mut impl Write, ins: &[Type], outs: &[Type]) -> fmt::Result {
    f.write_str("(")?;
    for (i, t) in ins.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_type(f, t)?;
    }
    f.write_str(") -> ")?;
    let wrap = outs.len() != 1 || matches!(outs[0], Type::Function(..));
    if wrap {
        f.write_str("(")?;
    }
    for (i, t) in outs.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_type(f, t)?;
    }
    if wrap {
        f.write_str(")")?;
    }
    Ok(())
}

/// Escapes a string for an MLIR string literal (without the quotes).
pub fn escape(b: &[u8]) -> String {
    let mut s = String::with_capacity(b.len());
    for &c in b {
        match c {
            b'"' => s.push_str("\\22"),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\0A"),
            b'\t' => s.push_str("\\09"),
            0x20..=0x7e => s.push(c as char),
            _ => {
                let _ = write!(s, "\\{c:02X}");
            }
        }
    }
    s
}

/// Writes a string literal. Valid UTF-8 beyond ASCII is written as is, as MLIR does.
pub fn write_string(f: &mut impl Write, b: &[u8]) -> fmt::Result {
    f.write_str("\"")?;
    match std::str::from_utf8(b) {
        Ok(s) => {
            for ch in s.chars() {
                match ch {
                    '"' => f.write_str("\\22")?,
                    '\\' => f.write_str("\\\\")?,
                    c if (c as u32) < 0x20 || c as u32 == 0x7f => write!(f, "\\{:02X}", c as u32)?,
                    c => f.write_char(c)?,
                }
            }
        }
        Err(_) => f.write_str(&escape(b))?,
    }
    f.write_str("\"")
}

fn is_bare_symbol(name: &[u8]) -> bool {
    !name.is_empty()
        && (name[0].is_ascii_alphabetic() || name[0] == b'_')
        && name.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
}

pub fn write_symbol(f: &mut impl Write, name: &[u8]) -> fmt::Result {
    if is_bare_symbol(name) {
        f.write_str(std::str::from_utf8(name).unwrap_or_default())
    } else {
        write_string(f, name)
    }
}

pub fn write_symbol_ref(f: &mut impl Write, parts: &[String]) -> fmt::Result {
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            f.write_str("::")?;
        }
        f.write_str("@")?;
        write_symbol(f, p.as_bytes())?;
    }
    Ok(())
}

fn is_bare_key(k: &str) -> bool {
    let b = k.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_')
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
}

pub fn write_dict_entry(f: &mut impl Write, k: &str, v: &Attr) -> fmt::Result {
    if is_bare_key(k) {
        f.write_str(k)?;
    } else {
        write_string(f, k.as_bytes())?;
    }
    if *v != Attr::Unit {
        f.write_str(" = ")?;
        write_attr(f, v)?;
    }
    Ok(())
}

pub fn write_dict(f: &mut impl Write, d: &Dict) -> fmt::Result {
    f.write_str("{")?;
    for (i, (k, v)) in d.0.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_dict_entry(f, k, v)?;
    }
    f.write_str("}")
}

pub fn write_attr(f: &mut impl Write, a: &Attr) -> fmt::Result {
    match a {
        Attr::Unit => f.write_str("unit"),
        Attr::Bool(b) => f.write_str(if *b { "true" } else { "false" }),
        Attr::Int(i) => {
            match &i.ty {
                Some(ElemType::Int { width: 1, signedness: Signedness::Signless }) => {
                    return f.write_str(if i.value != 0 { "true" } else { "false" });
                }
                _ => write!(f, "{}", i.value)?,
            }
            match &i.ty {
                None | Some(ElemType::Int { width: 64, signedness: Signedness::Signless }) => {
                    if i.ty.is_some() {
                        f.write_str(" : i64")?;
                    }
                    Ok(())
                }
                Some(t) => {
                    f.write_str(" : ")?;
                    write_elem_type(f, t)
                }
            }
        }
        Attr::Float(fl) => {
            f.write_str(&float::format_mlir(fl.kind, fl.bits))?;
            write!(f, " : {}", fl.kind.name())
        }
        Attr::Str(s, ty) => {
            write_string(f, s)?;
            if let Some(t) = ty {
                f.write_str(" : ")?;
                write_type(f, t)?;
            }
            Ok(())
        }
        Attr::Type(t) => write_type(f, t),
        Attr::SymbolRef(parts) => write_symbol_ref(f, parts),
        Attr::Array(items) => {
            f.write_str("[")?;
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_attr(f, it)?;
            }
            f.write_str("]")
        }
        Attr::DenseArray(d) => write_dense_array(f, d),
        Attr::Dict(d) => write_dict(f, d),
        Attr::Dense(d) => write_dense(f, d),
        Attr::DenseResource { name, ty } => {
            f.write_str("dense_resource<")?;
            if is_bare_key(name) {
                f.write_str(name)?
            } else {
                write_string(f, name.as_bytes())?
            }
            f.write_str(">")?;
            if let Some(t) = ty {
                f.write_str(" : ")?;
                write_type(f, t)?;
            }
            Ok(())
        }
        Attr::Loc(l) => {
            f.write_str("loc(")?;
            write_loc(f, l)?;
            f.write_str(")")
        }
        Attr::Sdy(s) => sdy::write_attr(f, s),
        Attr::Mpmd(m) => mpmd::write_attr(f, m),
        Attr::Stablehlo(s) => stablehlo::write_attr(f, s),
        Attr::Opaque(text) => f.write_str(text),
    }
}

pub fn write_dense_array(f: &mut impl Write, d: &DenseArray) -> fmt::Result {
    f.write_str("array<")?;
    write_elem_type(f, &d.elem)?;
    for (i, v) in d.values.iter().enumerate() {
        f.write_str(if i == 0 { ": " } else { ", " })?;
        match &d.elem {
            ElemType::Float(k) => f.write_str(&float::format_mlir(*k, *v as u128))?,
            ElemType::Int { width: 1, .. } => f.write_str(if *v != 0 { "true" } else { "false" })?,
            _ => write!(f, "{v}")?,
        }
    }
    f.write_str(">")
}

/// `dense<...> : type`. Hex blobs stay hex (JAX writes them for large
/// constants); lists are printed from the decoded elements.
pub fn write_dense(f: &mut impl Write, d: &DenseElements) -> fmt::Result {
    let (elem, count) = match &d.ty {
        Type::Tensor(t) => (t.elem.clone(), t.num_elements().unwrap_or(0) as usize),
        Type::Vector(shape, e) => (e.clone(), crate::ir::types::count_elements(shape).unwrap_or(0) as usize),
        _ => (ElemType::I8, 0),
    };
    let shape: Vec<usize> = match &d.ty {
        Type::Tensor(t) => t.static_shape().unwrap_or_default().into_iter().map(|x| x as usize).collect(),
        Type::Vector(s, _) => s.iter().map(|&x| x as usize).collect(),
        _ => vec![],
    };
    f.write_str("dense<")?;
    match &d.data {
        // MLIR prints a splat as its one value, whatever literal it came from.
        DenseData::Splat(bytes) => write_element(f, &elem, bytes)?,
        DenseData::Elements(bytes) => {
            // MLIR prints more than 100 elements as a hex blob, whatever the
            // literal was (`--mlir-print-elementsattrs-with-hex-if-larger`'s
            // default); i1 data, bit-packed in MLIR's blobs, stays a list.
            if count > 100 && elem != ElemType::I1 && bytes.len() == count * elem.storage_bytes() {
                f.write_str("\"0x")?;
                write_hex(f, bytes)?;
                f.write_str("\"")?;
            } else if count > 0 {
                let w = elem.storage_bytes();
                let mut chunks = bytes.chunks_exact(w.max(1));
                write_nested(f, &elem, &shape, &mut chunks)?;
            }
        }
        DenseData::Strings(items) => {
            if items.len() == 1 {
                write_string(f, &items[0])?;
            } else {
                let mut it = items.iter();
                write_nested_strings(f, &shape, &mut it)?;
            }
        }
    }
    f.write_str("> : ")?;
    write_type(f, &d.ty)
}

fn write_hex(f: &mut impl Write, bytes: &[u8]) -> fmt::Result {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut buf = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        buf.push(HEX[(b >> 4) as usize] as char);
        buf.push(HEX[(b & 15) as usize] as char);
    }
    f.write_str(&buf)
}

fn write_nested<'a>(
    f: &mut impl Write,
    elem: &ElemType,
    shape: &[usize],
    it: &mut impl Iterator<Item = &'a [u8]>,
) -> fmt::Result {
    if shape.is_empty() {
        return match it.next() {
            Some(b) => write_element(f, elem, b),
            None => Ok(()),
        };
    }
    f.write_str("[")?;
    for i in 0..shape[0] {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_nested(f, elem, &shape[1..], it)?;
    }
    f.write_str("]")
}

fn write_nested_strings<'a>(
    f: &mut impl Write,
    shape: &[usize],
    it: &mut impl Iterator<Item = &'a Vec<u8>>,
) -> fmt::Result {
    if shape.is_empty() {
        return match it.next() {
            Some(s) => write_string(f, s),
            None => Ok(()),
        };
    }
    f.write_str("[")?;
    for i in 0..shape[0] {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_nested_strings(f, &shape[1..], it)?;
    }
    f.write_str("]")
}

/// Writes one element from its storage bytes.
pub fn write_element(f: &mut impl Write, elem: &ElemType, b: &[u8]) -> fmt::Result {
    match elem {
        ElemType::Float(k) => {
            let mut buf = [0u8; 16];
            let n = b.len().min(16);
            buf[..n].copy_from_slice(&b[..n]);
            f.write_str(&float::format_mlir(*k, u128::from_le_bytes(buf)))
        }
        ElemType::Complex(inner) => {
            let h = b.len() / 2;
            f.write_str("(")?;
            write_element(f, inner, &b[..h])?;
            f.write_str(",")?;
            write_element(f, inner, &b[h..])?;
            f.write_str(")")
        }
        ElemType::Int { width: 1, .. } => {
            f.write_str(if b.first().copied().unwrap_or(0) != 0 { "true" } else { "false" })
        }
        ElemType::Int { .. } | ElemType::Index => {
            let v = crate::dense::int_elements(&DenseData::Splat(b.to_vec()), elem, 1);
            write!(f, "{}", v.first().copied().unwrap_or(0))
        }
        ElemType::Quant(q) => write_element(f, &q.storage, b),
    }
}

pub fn write_loc(f: &mut impl Write, l: &Location) -> fmt::Result {
    match l {
        Location::Unknown => f.write_str("unknown"),
        Location::Alias(a) => write!(f, "#{a}"),
        Location::File { file, line, col } => {
            write_string(f, file.as_bytes())?;
            write!(f, ":{line}:{col}")
        }
        Location::Name { name, child } => {
            write_string(f, name.as_bytes())?;
            if let Some(c) = child {
                f.write_str("(")?;
                write_loc(f, c)?;
                f.write_str(")")?;
            }
            Ok(())
        }
        Location::CallSite { callee, caller } => {
            f.write_str("callsite(")?;
            write_loc(f, callee)?;
            f.write_str(" at ")?;
            write_loc(f, caller)?;
            f.write_str(")")
        }
        Location::Fused { metadata, locs } => {
            f.write_str("fused")?;
            if let Some(m) = metadata {
                f.write_str("<")?;
                write_attr(f, m)?;
                f.write_str(">")?;
            }
            f.write_str("[")?;
            for (i, l) in locs.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_loc(f, l)?;
            }
            f.write_str("]")
        }
        Location::Text(t) => f.write_str(t),
    }
}

impl ElemType {
    pub const I8: ElemType = ElemType::Int { width: 8, signedness: Signedness::Signless };
}

/// Whether an op's dialect is one whose custom forms elide the `func.` prefix.
pub fn elides_func_prefix(d: Dialect) -> bool {
    d == Dialect::Func
}
