//! Lowering of HLO text (pest pairs of `grammar/hlo.pest`) into the arena IR, as `hlo/mod.rs`
//! describes, with the checks XLA's parser makes and its messages.
//!
//! Scoping follows XLA: computations must be defined before they are referenced; instruction names
//! are scoped per computation and operands must be defined earlier in their computation. Async
//! chains are resolved while lowering: an `async-update` / `async-done` (or a sugared `-update` /
//! `-done`) takes the wrapped computation and thread of the `async-start` its first operand leads
//! back to, and any legacy `calls=` / `async_execution_thread=` it repeats must agree.
//!
//! Invariant: nothing here panics on input the grammar accepts; nesting is bounded by
//! `crate::lower::MAX_NESTING` before pest runs.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use pest::iterators::Pair;

use super::device_attrs;
use super::shape::{compatible, lower_shape, print_shape};
use super::tok::{self, Tok};
use super::{Rule, opcode_from_name, opcode_name};
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::ops::{HloOp, OpKind, OpName};

type PResult<T> = Result<T, Diagnostic>;

fn span_of(p: &Pair<'_, Rule>) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

/// Attributes whose value names one computation.
pub const COMPUTATION_ATTRS: &[&str] =
    &["to_apply", "calls", "condition", "body", "true_computation", "false_computation", "select", "scatter"];
/// Attributes whose value is a list of computations.
pub const COMPUTATION_LIST_ATTRS: &[&str] = &["branch_computations", "called_computations"];
/// Opcodes with dedicated `-start` / `-done` opcodes, which therefore never take the async sugar.
const DEDICATED_ASYNC: &[&str] = &["all-reduce", "all-gather", "collective-permute", "copy", "send", "recv"];

pub fn parse_source(source: Arc<Source>) -> Result<Module, Vec<Diagnostic>> {
    crate::lower::check_nesting(&source.text).map_err(|d| vec![d])?;
    let mut pairs = match super::parse_rule(Rule::hlo_file, &source.text) {
        Ok(p) => p,
        Err(e) => {
            let d = check_alias_syntax(&source.text).unwrap_or_else(|| pest_error(&source.text, *e));
            return Err(vec![d]);
        }
    };
    let file = pairs.next().ok_or_else(|| vec![Diagnostic::error(Span::new(0, 0), "empty input")])?;
    let mut lw = Lowerer::default();
    lw.lower_file(file).map_err(|d| vec![d])?;
    let mut m = lw.m;
    m.source = Some(source);
    Ok(m)
}

/// One computation being lowered: its block and the instructions named so far.
struct Scope {
    block: BlockId,
    names: HashMap<String, OpId>,
    anon: usize,
}

#[derive(Default)]
struct Lowerer {
    m: Module,
    computations: HashMap<String, OpId>,
    /// Computations already called by an `async-start`.
    async_called: HashSet<OpId>,
    /// Wrapped computations built from a sugared `<op>-start`.
    sugar_built: HashSet<OpId>,
    entries: usize,
}

/// How an opcode spelling resolved.
enum Opcode {
    Plain(HloOp),
    /// A sugared async step: the step (`AsyncStart`, `AsyncUpdate`, `AsyncDone`) and the wrapped opcode.
    Sugar(HloOp, HloOp),
}

impl Lowerer {
    fn lower_file(&mut self, file: Pair<'_, Rule>) -> PResult<()> {
        let root = self.m.root;
        for p in file.into_inner() {
            match p.as_rule() {
                Rule::module_header => {
                    let mut inner = p.into_inner();
                    if let Some(name) = inner.next() {
                        self.m.op_mut(root).attrs.insert("sym_name", Attr::str(name.as_str()));
                    }
                    let mut seen = HashSet::new();
                    for a in inner {
                        let span = span_of(&a);
                        // XLA's own reading of an aliasing description, on the value the
                        // grammar took for it (so that what parses also reparses when printed).
                        if let Some(d) = check_alias_value(a.as_str(), a.as_span().start()) {
                            return Err(d);
                        }
                        let (name, value) = attribute_parts(a);
                        if !seen.insert(name.clone()) {
                            return Err(Diagnostic::error(span, format!("attribute {name} already exists")));
                        }
                        self.m.op_mut(root).attrs.insert(format!("hlo.{name}"), Attr::Opaque(tok::canonical(&value)));
                    }
                }
                Rule::stack_frames => {
                    let text = stack_frames_text(p);
                    self.m.op_mut(root).attrs.insert("hlo.stack_frames", Attr::Opaque(text));
                }
                Rule::computation => {
                    let op = self.lower_computation(p, None)?;
                    let body = self.m.body();
                    self.m.append_op(body, op);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Lowers a computation (or an inline `{ ... }` body named `inline_name`); the caller appends it.
    fn lower_computation(&mut self, p: Pair<'_, Rule>, inline_name: Option<String>) -> PResult<OpId> {
        let span = span_of(&p);
        let op = self.m.add_op(OpName::Known(OpKind::Hlo(HloOp::Computation)), span);
        let region = self.m.add_region(op);
        let block = self.m.add_block(region, span);
        let mut scope = Scope { block, names: HashMap::new(), anon: 0 };
        let mut name = inline_name.clone();
        let mut name_span = span;
        let mut signature: Option<(Type, Span)> = None;
        let mut root_marks = 0;
        let mut last = None;
        let mut explicit_root = None;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::entry_kw => {
                    self.entries += 1;
                    if self.entries > 1 {
                        return Err(Diagnostic::error(span_of(&c), "expects only one ENTRY"));
                    }
                    self.m.op_mut(op).attrs.insert("hlo.entry", Attr::Unit);
                }
                Rule::name => {
                    name_span = span_of(&c);
                    name = Some(c.as_str().trim_start_matches('%').to_string());
                }
                Rule::signature => {
                    let s = span_of(&c);
                    if let Some(result) = c.into_inner().filter(|x| x.as_rule() == Rule::shape).last() {
                        signature = Some((lower_shape(result)?, s));
                    }
                }
                Rule::instruction => {
                    let is_root = c.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::root_kw);
                    let s = span_of(&c);
                    let i = self.lower_instruction(c, &mut scope, None)?;
                    if is_root {
                        root_marks += 1;
                        if root_marks > 1 {
                            return Err(Diagnostic::error(s, "one computation should have only one ROOT"));
                        }
                        explicit_root = Some(i);
                    }
                    last = Some(i);
                }
                Rule::value_attribute => {
                    let s = span_of(&c);
                    let (k, v) = attribute_parts(c);
                    // The computation op keeps its name in `sym_name` and its marks under `hlo.*`.
                    if k == "sym_name" || k.starts_with("hlo.") {
                        return Err(Diagnostic::error(s, format!("unexpected attribute \"{k}\"")));
                    }
                    self.m.op_mut(op).attrs.insert(k, Attr::Opaque(tok::canonical(&v)));
                }
                _ => {}
            }
        }
        let name = name.unwrap_or_default();
        if self.computations.contains_key(&name) {
            return Err(Diagnostic::error(name_span, format!("computation already exists: {name}")));
        }
        let root = explicit_root.or(last).ok_or_else(|| Diagnostic::error(span, "computation has no instructions"))?;
        self.m.op_mut(root).attrs.insert("hlo.root", Attr::Unit);
        if let Some((declared, s)) = signature {
            let actual = self.m.value_type(self.m.op(root).results[0]).clone();
            if !compatible(&declared, &actual) {
                return Err(Diagnostic::error(
                    s,
                    format!(
                        "Shape of computation {name}, {}, is not compatible with that of its root instruction {}, {}",
                        print_shape(&declared),
                        super::name_of(&self.m, root),
                        print_shape(&actual)
                    ),
                ));
            }
        }
        self.m.op_mut(op).attrs.insert("sym_name", Attr::str(&name));
        self.computations.insert(name, op);
        Ok(op)
    }

    fn unique_computation_name(&self, base: &str) -> String {
        if !self.computations.contains_key(base) {
            return base.to_string();
        }
        (1..).map(|i| format!("{base}.{i}")).find(|n| !self.computations.contains_key(n)).unwrap_or_default()
    }

    fn unique_instruction_name(scope: &Scope, base: &str) -> String {
        if !scope.names.contains_key(base) {
            return base.to_string();
        }
        (1..).map(|i| format!("{base}.{i}")).find(|n| !scope.names.contains_key(n)).unwrap_or_default()
    }

    fn resolve_opcode(s: &str, span: Span) -> PResult<Opcode> {
        if let Some(k) = opcode_from_name(s) {
            return Ok(Opcode::Plain(k));
        }
        for (suffix, step) in
            [("-start", HloOp::AsyncStart), ("-update", HloOp::AsyncUpdate), ("-done", HloOp::AsyncDone)]
        {
            if let Some(stem) = s.strip_suffix(suffix) {
                if let Some(k) = opcode_from_name(stem) {
                    if DEDICATED_ASYNC.contains(&stem) {
                        return Err(Diagnostic::error(span, format!("Unknown opcode: {s}")));
                    }
                    return Ok(Opcode::Sugar(step, k));
                }
            }
        }
        Err(Diagnostic::error(span, format!("Unknown opcode: {s}")))
    }

    /// Lowers one instruction (or a nested operand instruction, `name = None`) into `scope`.
    fn lower_instruction(&mut self, p: Pair<'_, Rule>, scope: &mut Scope, outer_shape: Option<Type>) -> PResult<OpId> {
        let span = span_of(&p);
        let mut name: Option<(String, Span)> = None;
        let mut shape: Option<Type> = None;
        let mut opcode_text = String::new();
        let mut opcode_span = span;
        let mut operands: Vec<(ValueId, Span)> = vec![];
        let mut literal: Option<(Vec<(bool, Tok)>, Span)> = None;
        let mut attrs: Vec<InstrAttr<'_>> = vec![];
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::name => name = Some((c.as_str().trim_start_matches('%').to_string(), span_of(&c))),
                Rule::shape => shape = Some(lower_shape(c)?),
                Rule::opcode => {
                    opcode_span = span_of(&c);
                    opcode_text = c.as_str().to_string();
                }
                Rule::operand_list => {
                    for o in c.into_inner() {
                        operands.push(self.lower_operand(o, scope)?);
                    }
                }
                Rule::literal_call => {
                    for x in c.into_inner() {
                        match x.as_rule() {
                            Rule::literal_opcode => {
                                opcode_span = span_of(&x);
                                opcode_text = x.as_str().to_string();
                            }
                            Rule::literal => {
                                let s = span_of(&x);
                                literal = Some((tok::from_pairs(x.into_inner()), s));
                            }
                            _ => {}
                        }
                    }
                }
                Rule::nested_instruction => return self.lower_instruction(c, scope, outer_shape),
                Rule::attribute => {
                    let s = span_of(&c);
                    let mut inner = c.into_inner();
                    let key = inner.next().map(|k| k.as_str().to_string()).unwrap_or_default();
                    let value = inner.next();
                    if attrs.iter().any(|(k, ..)| *k == key) {
                        return Err(Diagnostic::error(s, format!("attribute {key} already exists")));
                    }
                    // `hlo.*` names are the lowering's own marks (`hlo.name`, `hlo.root`, ...); no HLO
                    // attribute has one, and a written one would be indistinguishable from a mark.
                    if key.starts_with("hlo.") {
                        return Err(Diagnostic::error(s, format!("unexpected attribute \"{key}\"")));
                    }
                    match value {
                        Some(v) if v.as_rule() == Rule::inline_computation => attrs.push((key, vec![], s, Some(v))),
                        Some(v) => attrs.push((key, tok::from_pairs(v.into_inner()), s, None)),
                        None => attrs.push((key, vec![], s, None)),
                    }
                }
                _ => {}
            }
        }
        let resolved = Self::resolve_opcode(&opcode_text, opcode_span)?;
        let (kind, wrapped) = match resolved {
            Opcode::Plain(k) => (k, None),
            Opcode::Sugar(step, k) => (step, Some(k)),
        };
        let (name, name_span) = match name {
            Some(n) => n,
            None => {
                scope.anon += 1;
                (Self::unique_instruction_name(scope, &opcode_text), span)
            }
        };
        if scope.names.contains_key(&name) {
            return Err(Diagnostic::error(name_span, format!("instruction already exists: {name}")));
        }

        // Attributes: computation references resolve now; the rest keep their canonical text.
        let mut dict = Dict::default();
        let attr_tokens: Vec<(String, Vec<(bool, Tok)>)> = attrs.iter().map(|a| (a.0.clone(), a.1.clone())).collect();
        for (key, value, s, inline) in attrs {
            let takes_computation =
                COMPUTATION_ATTRS.contains(&key.as_str()) && !(key == "scatter" && kind != HloOp::SelectAndScatter);
            // Only an attribute that names a computation may hold one inline: any other would be
            // lowered to a reference that its own name does not read back as.
            if inline.is_some() && !takes_computation {
                return Err(Diagnostic::error(s, format!("attribute {key} does not take a computation")));
            }
            let attr = if let Some(body) = inline {
                let cname = self.unique_computation_name(&format!("{name}.{key}"));
                let c = self.lower_computation(body, Some(cname.clone()))?;
                let mb = self.m.body();
                self.m.append_op(mb, c);
                Attr::SymbolRef(vec![cname])
            } else if takes_computation {
                let n = match value.as_slice() {
                    [(_, Tok::Word(w))] => w.clone(),
                    _ => return Err(Diagnostic::error(s, format!("expects computation name for attribute {key}"))),
                };
                if !self.computations.contains_key(&n) {
                    return Err(Diagnostic::error(s, format!("computation does not exist: {n}")));
                }
                Attr::SymbolRef(vec![n])
            } else if COMPUTATION_LIST_ATTRS.contains(&key.as_str()) {
                let items = match value.as_slice() {
                    [(_, Tok::Group('{', items))] => tok::split_commas(items),
                    _ => return Err(Diagnostic::error(s, format!("expects '{{' to start the list of {key}"))),
                };
                let mut refs = vec![];
                for it in items {
                    let n = match it.as_slice() {
                        [(_, Tok::Word(w))] => w.clone(),
                        _ => return Err(Diagnostic::error(s, "expects computation name")),
                    };
                    if !self.computations.contains_key(&n) {
                        return Err(Diagnostic::error(s, format!("computation does not exist: {n}")));
                    }
                    refs.push(Attr::SymbolRef(vec![n]));
                }
                Attr::Array(refs)
            } else if key == "control-predecessors" {
                let items = match value.as_slice() {
                    [(_, Tok::Group('{', items))] => tok::split_commas(items),
                    _ => return Err(Diagnostic::error(s, "expects '{' to start control-predecessors")),
                };
                let mut names = vec![];
                for it in items {
                    let n = match it.as_slice() {
                        [(_, Tok::Word(w))] => w.clone(),
                        _ => return Err(Diagnostic::error(s, "expects instruction name")),
                    };
                    if !scope.names.contains_key(&n) {
                        return Err(Diagnostic::error(s, format!("instruction does not exist: {n}")));
                    }
                    names.push(Attr::str(&n));
                }
                Attr::Array(names)
            } else {
                self.check_attribute(&key, &value, s)?;
                Attr::Opaque(tok::canonical(&value))
            };
            dict.insert(key, attr);
        }
        let shape = match shape.or(outer_shape) {
            Some(s) => s,
            None => self.infer_shape(kind, &operands, &attr_tokens, &dict).ok_or_else(|| {
                Diagnostic::error(opcode_span, format!("cannot infer shape for opcode: {opcode_text}"))
            })?,
        };
        if let Some((lit, s)) = literal {
            match kind {
                HloOp::Parameter => {
                    let n = tok::int_of(&lit).ok_or_else(|| Diagnostic::error(s, "expects integer"))?;
                    if n < 0 {
                        return Err(Diagnostic::error(s, "parameter number must be >= 0"));
                    }
                    dict.insert("parameter_number", Attr::i64(n));
                }
                _ => {
                    super::literal::check(&lit, &shape).map_err(|msg| Diagnostic::error(s, msg))?;
                    dict.insert("hlo.literal", Attr::Opaque(tok::canonical(&lit)));
                }
            }
        }
        self.check_instruction(kind, &shape, &operands, &dict, opcode_span)?;
        // A sugared start (`reduce-scatter-start`, ...) carries the wrapped collective's attributes,
        // which XLA's parser checks as it would on the plain instruction.
        if let Some(
            HloOp::AllReduce | HloOp::AllReduceStart | HloOp::AllGather | HloOp::AllGatherStart | HloOp::ReduceScatter,
        ) = wrapped
        {
            check_global_device_ids(&dict, opcode_span)?;
        }

        // Async steps.
        match kind {
            HloOp::AsyncStart => {
                check_async_shape(&shape, opcode_span)?;
                if let Some(w) = wrapped {
                    let thread = dict.remove("async_execution_thread");
                    let comp =
                        self.build_wrapped(w, &shape, &operands, std::mem::take(&mut dict), thread.clone(), span)?;
                    dict.insert("calls", Attr::SymbolRef(vec![comp]));
                    if let Some(t) = thread {
                        dict.insert("async_execution_thread", t);
                    }
                }
                let comp = match dict.get("calls") {
                    Some(Attr::SymbolRef(p)) => p.first().and_then(|n| self.computations.get(n)).copied(),
                    _ => None,
                };
                let comp =
                    comp.ok_or_else(|| Diagnostic::error(opcode_span, "attribute calls is expected but not seen"))?;
                if !self.async_called.insert(comp) {
                    return Err(Diagnostic::error(
                        opcode_span,
                        format!("Computation {} is called by more than one async op.", super::name_of(&self.m, comp)),
                    ));
                }
            }
            HloOp::AsyncUpdate | HloOp::AsyncDone => {
                let Some(&(first, _)) = operands.first() else {
                    return Err(Diagnostic::error(opcode_span, "No operand found for AsyncUpdate and AsyncDone"));
                };
                let start = self.chain_start(first).ok_or_else(|| {
                    Diagnostic::error(
                        opcode_span,
                        "AsyncUpdate and AsyncDone expect an asynchronous operation as their first operand.",
                    )
                })?;
                let comp_name = match self.m.op(start).attrs.get("calls") {
                    Some(Attr::SymbolRef(p)) => p.first().cloned().unwrap_or_default(),
                    _ => String::new(),
                };
                if let Some(given) = dict.remove("calls") {
                    let given = match given {
                        Attr::SymbolRef(p) => p.first().cloned().unwrap_or_default(),
                        _ => String::new(),
                    };
                    if given != comp_name {
                        return Err(Diagnostic::error(
                            opcode_span,
                            format!("Expect async_wrapped_computation to be {comp_name}, but got {given}"),
                        ));
                    }
                }
                let thread = match self.m.op(start).attrs.get("async_execution_thread") {
                    Some(Attr::Opaque(t)) => string_value(t),
                    _ => "main".to_string(),
                };
                if let Some(Attr::Opaque(given)) = dict.remove("async_execution_thread") {
                    let given = string_value(&given);
                    if given != thread {
                        return Err(Diagnostic::error(
                            opcode_span,
                            format!("Expect async_execution_thread to be {thread}, but got {given}"),
                        ));
                    }
                }
                if let Some(w) = wrapped {
                    let comp = self.computations.get(&comp_name).copied();
                    let root = comp.and_then(|c| super::root(&self.m, c)).and_then(|r| super::opcode(&self.m, r));
                    if let Some(r) = root {
                        if r != w {
                            return Err(Diagnostic::error(
                                opcode_span,
                                format!(
                                    "Expect async wrapped opcode to be {}, but got {}",
                                    opcode_name(r),
                                    opcode_name(w)
                                ),
                            ));
                        }
                    }
                    // As XLA's parser does for the sugared form, the wrapped instruction takes the
                    // shape its `-done` gives (with late binding the start's result slot may be `()`).
                    if kind == HloOp::AsyncDone {
                        if let Some(root) =
                            comp.filter(|c| self.sugar_built.contains(c)).and_then(|c| super::root(&self.m, c))
                        {
                            let v = self.m.op(root).results[0];
                            self.m.values[v.index()].ty = shape.clone();
                        }
                    }
                    // The wrapped instruction's own attributes, which older dumps repeat on every
                    // step, belong to the wrapped instruction: they are dropped here.
                    dict = dict
                        .0
                        .into_iter()
                        .filter(|(k, _)| GENERIC_ATTRS.contains(&k.as_str()))
                        .collect::<Vec<_>>()
                        .into();
                }
                if kind == HloOp::AsyncUpdate {
                    check_async_shape(&shape, opcode_span)?;
                }
            }
            _ => {}
        }
        let op = self.m.add_op(OpName::Known(OpKind::Hlo(kind)), span);
        self.m.op_mut(op).operands = operands.iter().map(|&(v, _)| v).collect();
        self.m.add_result(op, shape, span);
        dict.insert("hlo.name", Attr::str(&name));
        self.m.op_mut(op).attrs = dict;
        self.m.append_op(scope.block, op);
        scope.names.insert(name, op);
        Ok(op)
    }

    /// Follows first operands back from an async step to its `async-start`.
    fn chain_start(&self, v: ValueId) -> Option<OpId> {
        let mut v = v;
        for _ in 0..100_000 {
            let ValueDef::Result { op, .. } = self.m.value(v).def else { return None };
            match super::opcode(&self.m, op)? {
                HloOp::AsyncStart => return Some(op),
                HloOp::AsyncUpdate => v = *self.m.op(op).operands.first()?,
                _ => return None,
            }
        }
        None
    }

    /// Builds the computation a sugared `<op>-start` wraps: one parameter per operand and the
    /// wrapped instruction, with every attribute of the start, as root.
    fn build_wrapped(
        &mut self,
        wrapped: HloOp,
        start_shape: &Type,
        operands: &[(ValueId, Span)],
        attrs: Dict,
        thread: Option<Attr>,
        span: Span,
    ) -> PResult<String> {
        let name = self.unique_computation_name("async_wrapped");
        let op = self.m.add_op(OpName::Known(OpKind::Hlo(HloOp::Computation)), span);
        let region = self.m.add_region(op);
        let block = self.m.add_block(region, span);
        let mut params = vec![];
        for (i, &(v, s)) in operands.iter().enumerate() {
            let p = self.m.add_op(OpName::Known(OpKind::Hlo(HloOp::Parameter)), s);
            let ty = self.m.value_type(v).clone();
            let r = self.m.add_result(p, ty, s);
            let pname = if i == 0 { "async_param".to_string() } else { format!("async_param.{i}") };
            self.m.op_mut(p).attrs.insert("hlo.name", Attr::str(&pname));
            self.m.op_mut(p).attrs.insert("parameter_number", Attr::i64(i as i64));
            self.m.append_op(block, p);
            params.push(r);
        }
        let root_shape = match start_shape {
            Type::Tuple(e) if e.len() >= 2 => e[1].clone(),
            _ => return Err(Diagnostic::error(span, ASYNC_SHAPE_MESSAGE)),
        };
        let r = self.m.add_op(OpName::Known(OpKind::Hlo(wrapped)), span);
        self.m.op_mut(r).operands = params;
        self.m.add_result(r, root_shape, span);
        let mut attrs = attrs;
        attrs.insert("hlo.name", Attr::str(opcode_name(wrapped)));
        attrs.insert("hlo.root", Attr::Unit);
        self.m.op_mut(r).attrs = attrs;
        self.m.append_op(block, r);
        self.m.op_mut(op).attrs.insert("sym_name", Attr::str(&name));
        if let Some(t) = thread {
            self.m.op_mut(op).attrs.insert("execution_thread", t);
        }
        let body = self.m.body();
        self.m.append_op(body, op);
        self.computations.insert(name.clone(), op);
        self.sugar_built.insert(op);
        Ok(name)
    }

    fn lower_operand(&mut self, p: Pair<'_, Rule>, scope: &mut Scope) -> PResult<(ValueId, Span)> {
        let span = span_of(&p);
        let mut declared = None;
        let mut value = None;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::shape => declared = Some(lower_shape(c)?),
                Rule::nested_instruction => {
                    let op = self.lower_instruction(c, scope, declared.clone())?;
                    value = Some(self.m.op(op).results[0]);
                }
                Rule::operand_ref => value = Some(self.operand_ref(c, scope)?),
                _ => {}
            }
        }
        let v = value.ok_or_else(|| Diagnostic::error(span, "expects an operand"))?;
        if let Some(d) = declared {
            let actual = self.m.value_type(v).clone();
            if !compatible(&d, &actual) {
                return Err(Diagnostic::error(
                    span,
                    format!(
                        "The declared operand shape {} is not compatible with the shape of the operand instruction {}.",
                        print_shape(&d),
                        print_shape(&actual)
                    ),
                ));
            }
        }
        Ok((v, span))
    }

    /// `%name` or the compact tuple access `%name#i#j`.
    fn operand_ref(&mut self, p: Pair<'_, Rule>, scope: &mut Scope) -> PResult<ValueId> {
        let mut parts = p.into_inner();
        let name_pair = parts.next().ok_or_else(|| Diagnostic::error(Span::NONE, "expects a name"))?;
        let name_span = span_of(&name_pair);
        let base = name_pair.as_str().trim_start_matches('%').to_string();
        let op = *scope
            .names
            .get(&base)
            .ok_or_else(|| Diagnostic::error(name_span, format!("instruction does not exist: {base}")))?;
        let mut v = self.m.op(op).results[0];
        let mut path = base;
        for idx in parts {
            let s = span_of(&idx);
            let i: usize = idx.as_str().parse().map_err(|_| Diagnostic::error(s, "expects integer"))?;
            path = format!("{path}#{i}");
            if let Some(&g) = scope.names.get(&path) {
                v = self.m.op(g).results[0];
                continue;
            }
            let elem = match self.m.value_type(v) {
                Type::Tuple(e) => e.get(i).cloned(),
                _ => None,
            };
            let elem =
                elem.ok_or_else(|| Diagnostic::error(s, format!("tuple index {i} is out of range for {path}")))?;
            let g = self.m.add_op(OpName::Known(OpKind::Hlo(HloOp::GetTupleElement)), s);
            self.m.op_mut(g).operands = vec![v];
            let r = self.m.add_result(g, elem, s);
            self.m.op_mut(g).attrs.insert("hlo.name", Attr::str(&path));
            self.m.op_mut(g).attrs.insert("hlo.compact", Attr::Unit);
            self.m.op_mut(g).attrs.insert("index", Attr::Opaque(i.to_string()));
            self.m.append_op(scope.block, g);
            scope.names.insert(path.clone(), g);
            v = r;
        }
        Ok(v)
    }

    /// The shapes XLA infers when an instruction omits its own: the simple cases.
    fn infer_shape(
        &self,
        kind: HloOp,
        operands: &[(ValueId, Span)],
        attrs: &[(String, Vec<(bool, Tok)>)],
        dict: &Dict,
    ) -> Option<Type> {
        let ty = |i: usize| operands.get(i).map(|&(v, _)| self.m.value_type(v).clone());
        let attr = |name: &str| attrs.iter().find(|a| a.0 == name).map(|a| a.1.clone());
        match kind {
            HloOp::GetTupleElement => {
                let i = usize::try_from(tok::int_of(&attr("index")?)?).ok()?;
                match ty(0)? {
                    Type::Tuple(e) => e.get(i).cloned(),
                    _ => None,
                }
            }
            HloOp::AfterAll => Some(Type::Token),
            HloOp::While => ty(0),
            HloOp::Call => {
                let callee = match dict.get("to_apply")? {
                    Attr::SymbolRef(p) => self.computations.get(p.first()?).copied()?,
                    _ => return None,
                };
                let r = super::root(&self.m, callee)?;
                Some(self.m.value_type(self.m.op(r).results[0]).clone())
            }
            HloOp::Compare => match ty(0)? {
                Type::Tensor(t) => {
                    Some(Type::Tensor(TensorType { shape: t.shape.clone(), elem: ElemType::I1, encoding: None }))
                }
                _ => None,
            },
            HloOp::Tuple => Some(Type::Tuple(operands.iter().map(|&(v, _)| self.m.value_type(v).clone()).collect())),
            HloOp::Select | HloOp::Clamp => ty(1),
            HloOp::Real | HloOp::Imag => match ty(0)? {
                Type::Tensor(t) => {
                    let elem = match &t.elem {
                        ElemType::Complex(inner) => (**inner).clone(),
                        other => other.clone(),
                    };
                    Some(Type::Tensor(TensorType { shape: t.shape.clone(), elem, encoding: None }))
                }
                _ => None,
            },
            HloOp::Sort => {
                if operands.len() == 1 {
                    ty(0)
                } else {
                    Some(Type::Tuple(operands.iter().map(|&(v, _)| self.m.value_type(v).clone()).collect()))
                }
            }
            HloOp::Conditional => {
                let first = attr("true_computation").or_else(|| attr("branch_computations"))?;
                let name = match first.as_slice() {
                    [(_, Tok::Word(w))] => w.clone(),
                    [(_, Tok::Group('{', items))] => items.first()?.1.as_word()?.to_string(),
                    _ => return None,
                };
                let r = super::root(&self.m, *self.computations.get(&name)?)?;
                Some(self.m.value_type(self.m.op(r).results[0]).clone())
            }
            HloOp::Reduce if operands.len() == 2 => {
                let dims = tok::int_list(&attr("dimensions")?, '{')?;
                let Type::Tensor(t) = ty(0)? else { return None };
                let shape: Vec<_> = t
                    .shape
                    .as_ref()?
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !dims.contains(&(*i as i64)))
                    .map(|(_, d)| *d)
                    .collect();
                Some(Type::Tensor(TensorType { shape: Some(shape), elem: t.elem.clone(), encoding: None }))
            }
            HloOp::Pad => {
                let Type::Tensor(t) = ty(0)? else { return None };
                let spec = match attr("padding")?.as_slice() {
                    [(_, Tok::Word(w))] => w.clone(),
                    _ => return None,
                };
                let dims = t.shape.as_ref()?;
                let parts: Vec<&str> = spec.split('x').collect();
                if parts.len() != dims.len() {
                    return None;
                }
                let mut shape = vec![];
                for (d, p) in dims.iter().zip(parts) {
                    let n: Vec<i64> = p.split('_').map(|x| x.parse().ok()).collect::<Option<_>>()?;
                    let d = i64::try_from((*d)?).ok()?;
                    let interior = n.get(2).copied().unwrap_or(0);
                    // Checked: a size that overflows i64 is not inferred.
                    let size = n
                        .first()?
                        .checked_add(*n.get(1)?)?
                        .checked_add(d)?
                        .checked_add((d - 1).max(0).checked_mul(interior)?)?;
                    shape.push(Some(u64::try_from(size).ok()?));
                }
                Some(Type::Tensor(TensorType { shape: Some(shape), elem: t.elem.clone(), encoding: None }))
            }
            HloOp::ReduceWindow if operands.len() == 2 => {
                let Type::Tensor(t) = ty(0)? else { return None };
                let dims = t.shape.as_ref()?;
                let window = attr("window")?;
                let items = window.first()?.1.group('{')?.to_vec();
                let rank = dims.len();
                let mut size = vec![1i64; rank];
                let mut stride = vec![1i64; rank];
                let mut pad = vec![(0i64, 0i64); rank];
                let mut base_dilation = vec![1i64; rank];
                let mut window_dilation = vec![1i64; rank];
                for (_, it) in &items {
                    let w = it.as_word()?;
                    let (key, val) = w.split_once('=')?;
                    let parts: Vec<&str> = val.split('x').collect();
                    if parts.len() != rank {
                        return None;
                    }
                    for (k, p) in parts.iter().enumerate() {
                        match key {
                            "size" => size[k] = p.parse().ok()?,
                            "stride" => stride[k] = p.parse().ok()?,
                            "pad" => {
                                let (lo, hi) = p.split_once('_')?;
                                pad[k] = (lo.parse().ok()?, hi.parse().ok()?);
                            }
                            "lhs_dilate" => base_dilation[k] = p.parse().ok()?,
                            "rhs_dilate" => window_dilation[k] = p.parse().ok()?,
                            "rhs_reversal" => {}
                            _ => return None,
                        }
                    }
                }
                let mut shape = vec![];
                for k in 0..rank {
                    // Checked arithmetic: sizes, dilations and padding come from the text, and a
                    // shape that overflows i64 is not inferred (the instruction must state it).
                    let d = i64::try_from((dims[k])?).ok()?;
                    let base = if d == 0 { 0 } else { (d - 1).checked_mul(base_dilation[k])?.checked_add(1)? };
                    let padded = base.checked_add(pad[k].0)?.checked_add(pad[k].1)?;
                    let window = size[k].checked_sub(1)?.checked_mul(window_dilation[k])?.checked_add(1)?;
                    let n =
                        if padded < window || stride[k] <= 0 { 0 } else { padded.checked_sub(window)? / stride[k] + 1 };
                    shape.push(Some(u64::try_from(n).ok()?));
                }
                Some(Type::Tensor(TensorType { shape: Some(shape), elem: t.elem.clone(), encoding: None }))
            }
            HloOp::Dot => {
                let (Type::Tensor(l), Type::Tensor(r)) = (ty(0)?, ty(1)?) else { return None };
                if l.elem != r.elem {
                    return None;
                }
                let list = |n: &str| attr(n).and_then(|v| tok::int_list(&v, '{')).unwrap_or_default();
                let (lb, lc, rb, rc) = (
                    list("lhs_batch_dims"),
                    list("lhs_contracting_dims"),
                    list("rhs_batch_dims"),
                    list("rhs_contracting_dims"),
                );
                let (ls, rs) = (l.shape.as_ref()?, r.shape.as_ref()?);
                let mut shape = vec![];
                for &b in &lb {
                    shape.push(*ls.get(usize::try_from(b).ok()?)?);
                }
                for (i, d) in ls.iter().enumerate() {
                    if !lb.contains(&(i as i64)) && !lc.contains(&(i as i64)) {
                        shape.push(*d);
                    }
                }
                for (i, d) in rs.iter().enumerate() {
                    if !rb.contains(&(i as i64)) && !rc.contains(&(i as i64)) {
                        shape.push(*d);
                    }
                }
                Some(Type::Tensor(TensorType { shape: Some(shape), elem: l.elem.clone(), encoding: None }))
            }
            HloOp::IsFinite | HloOp::Convert | HloOp::BitcastConvert => None,
            HloOp::Transpose => {
                let perm = tok::int_list(&attr("dimensions")?, '{')?;
                match ty(0)? {
                    Type::Tensor(t) => {
                        let dims = t.shape.as_ref()?;
                        let shape = perm
                            .iter()
                            .map(|&p| usize::try_from(p).ok().and_then(|p| dims.get(p).copied()))
                            .collect::<Option<Vec<_>>>()?;
                        Some(Type::Tensor(TensorType { shape: Some(shape), elem: t.elem.clone(), encoding: None }))
                    }
                    _ => None,
                }
            }
            HloOp::Concatenate => {
                let d = usize::try_from(*tok::int_list(&attr("dimensions")?, '{')?.first()?).ok()?;
                let mut total = 0u64;
                let mut first: Option<TensorType> = None;
                for &(v, _) in operands {
                    let Type::Tensor(t) = self.m.value_type(v) else { return None };
                    total = total.checked_add((*t.shape.as_ref()?.get(d)?)?)?;
                    first.get_or_insert_with(|| t.clone());
                }
                let mut t = first?;
                if let Some(s) = t.shape.as_mut() {
                    *s.get_mut(d)? = Some(total);
                }
                t.encoding = None;
                Some(Type::Tensor(t))
            }
            k if OpKind::Hlo(k).has(crate::ops::Traits::ELEMENTWISE) && !operands.is_empty() => {
                ty(0).map(|t| super::shape::without_layout(&t))
            }
            HloOp::Copy => ty(0),
            _ => None,
        }
    }

    /// Attribute checks XLA's parser makes on the value itself.
    fn check_attribute(&self, key: &str, value: &[(bool, Tok)], span: Span) -> PResult<()> {
        match key {
            "sharding" => device_attrs::sharding(value).map(|_| ()).map_err(|m| Diagnostic::error(span, m)),
            "replica_groups" => {
                // The `@mesh ...` form is not read (XLA's parser does not read it either); list, iota
                // and `mesh[...] {axes}` forms are expanded, which checks them.
                if matches!(value.first(), Some((_, Tok::Word(w))) if w.starts_with('@')) {
                    return Ok(());
                }
                device_attrs::replica_groups(value).map(|_| ()).map_err(|m| Diagnostic::error(span, m))
            }
            "dimensions" | "dynamic_slice_sizes" | "slice_sizes"
                if matches!(value.first(), Some((_, Tok::Group('{', _)))) =>
            {
                if key == "slice_sizes" {
                    return Ok(());
                }
                tok::int_list(value, '{').map(|_| ()).ok_or_else(|| Diagnostic::error(span, "expects integer"))
            }
            "api_version" => {
                // XLA's `CustomCallApiVersion` names, less the unspecified one.
                let v = match value {
                    [(_, Tok::Word(w))] => w.as_str(),
                    _ => "",
                };
                match v {
                    "API_VERSION_ORIGINAL"
                    | "API_VERSION_STATUS_RETURNING"
                    | "API_VERSION_STATUS_RETURNING_UNIFIED"
                    | "API_VERSION_TYPED_FFI" => Ok(()),
                    "API_VERSION_UNSPECIFIED" => Err(Diagnostic::error(span, format!("Invalid API version: {v}"))),
                    _ => Err(Diagnostic::error(
                        span,
                        format!("expects custom-call API version but sees: {v}, error: Unknown API version"),
                    )),
                }
            }
            "result_accuracy" => {
                // `{mode=default|highest}` (any case) or `{tolerance={atol=..,rtol=..,ulps=..}}`.
                let Some(items) = value.first().and_then(|(_, t)| t.group('{')).filter(|_| value.len() == 1) else {
                    return Err(Diagnostic::error(span, "expects '{' to start result_accuracy"));
                };
                match items {
                    [(_, Tok::Word(w))] if w.starts_with("mode=") => {
                        let mode = &w["mode=".len()..];
                        if mode.eq_ignore_ascii_case("default") || mode.eq_ignore_ascii_case("highest") {
                            Ok(())
                        } else {
                            Err(Diagnostic::error(
                                span,
                                format!("expects ResultAccuracy type but sees: {mode}, error: Unknown accuracy mode"),
                            ))
                        }
                    }
                    [(_, Tok::Word(w)), (_, Tok::Group('{', _))] if w == "tolerance=" => Ok(()),
                    _ => Err(Diagnostic::error(span, "expects attribute name")),
                }
            }
            "index" | "channel_id" | "iota_dimension" => {
                tok::int_of(value).map(|_| ()).ok_or_else(|| Diagnostic::error(span, "expects integer"))
            }
            _ => Ok(()),
        }
    }

    /// Per-opcode checks XLA's parser makes while building the instruction.
    fn check_instruction(
        &self,
        kind: HloOp,
        shape: &Type,
        operands: &[(ValueId, Span)],
        attrs: &Dict,
        span: Span,
    ) -> PResult<()> {
        if let Some(arity) = fixed_arity(kind) {
            if operands.len() != arity && !matches!(kind, HloOp::AsyncDone) {
                return Err(Diagnostic::error(
                    span,
                    format!("expects {arity} operands, but has {} operands", operands.len()),
                ));
            }
        }
        match kind {
            HloOp::AllReduce
            | HloOp::AllReduceStart
            | HloOp::AllGather
            | HloOp::AllGatherStart
            | HloOp::ReduceScatter => check_global_device_ids(attrs, span)?,
            HloOp::Conditional => {
                let Some(&(sel, _)) = operands.first() else { return Ok(()) };
                let st = self.m.value_type(sel);
                let scalar = matches!(st, Type::Tensor(t) if t.shape.as_ref().is_some_and(|s| s.is_empty()));
                if !scalar {
                    return Err(Diagnostic::error(span, "The first operand must be a scalar"));
                }
                let pred = matches!(st, Type::Tensor(t) if t.elem == ElemType::I1);
                if pred && attrs.contains("branch_computations") {
                    return Err(Diagnostic::error(span, "unexpected attribute \"branch_computations\""));
                }
            }
            HloOp::Compare => {
                // XLA's parser: `order=` names a comparison order, and excludes the older `type=`.
                if let Some(Attr::Opaque(order)) = attrs.get("order") {
                    if order != "TOTAL" && order != "PARTIAL" {
                        return Err(Diagnostic::error(span, format!("expects comparison order but sees: {order}")));
                    }
                    if attrs.contains("type") {
                        return Err(Diagnostic::error(
                            span,
                            "Cannot specify both 'type' and 'order' attributes on compare",
                        ));
                    }
                }
            }
            HloOp::Recv => {
                if !matches!(shape, Type::Tuple(_)) {
                    return Err(Diagnostic::error(span, "recv expects a tuple shape"));
                }
            }
            _ => {}
        }
        if kind == HloOp::AllGather {
            if let Some(Attr::Opaque(d)) = attrs.get("dimensions") {
                if d == "{}" {
                    return Err(Diagnostic::error(span, "all-gather expects exactly one dimension"));
                }
            }
        }
        Ok(())
    }
}

/// An instruction's attribute as written: name, value tokens, span, and an inline computation body.
type InstrAttr<'a> = (String, Vec<(bool, Tok)>, Span, Option<Pair<'a, Rule>>);

/// The attributes every instruction may carry.
pub const GENERIC_ATTRS: &[&str] = &[
    "sharding",
    "frontend_attributes",
    "statistics",
    "parameter_replication",
    "control-predecessors",
    "origin",
    "metadata",
    "backend_config",
    "result_accuracy",
];

const ASYNC_SHAPE_MESSAGE: &str = "AsyncStart and AsyncUpdate expect the shape to be in the form of ((operand0_shape, operand1_shape, ...), output_shape, ...)";

fn check_async_shape(shape: &Type, span: Span) -> PResult<()> {
    match shape {
        Type::Tuple(e) if e.len() >= 2 && matches!(e[0], Type::Tuple(_)) => Ok(()),
        _ => Err(Diagnostic::error(span, ASYNC_SHAPE_MESSAGE)),
    }
}

/// The number of operands a fixed-arity opcode takes (XLA's `HloOpcodeArity`), for the opcodes
/// whose parser enforces it.
fn fixed_arity(k: HloOp) -> Option<usize> {
    use HloOp::*;
    match k {
        Abs | Acos | Acosh | Asin | Asinh | Atan | Atanh | Bitcast | BitcastConvert | Broadcast | Cbrt | Ceil
        | Cholesky | Clz | Convert | Copy | Cos | Cosh | Erf | Exp | Expm1 | Floor | GetTupleElement | Imag
        | IsFinite | Log | Log1p | Logistic | Negate | Not | PopulationCount | Real | ReducePrecision | Reshape
        | Reverse | RoundNearestAfz | RoundNearestEven | Rsqrt | Sign | Sin | Sinh | Slice | Sqrt | Tan | Tanh
        | Transpose | While => Some(1),
        Add | AddDependency | Atan2 | Complex | Compare | Divide | Dot | Maximum | Minimum | Mulhi | Multiply | Or
        | Pad | Power | Remainder | ShiftLeft | ShiftRightArithmetic | ShiftRightLogical | StochasticConvert
        | Subtract | Xor | And => Some(2),
        Clamp | Select => Some(3),
        RngBitGenerator => Some(1),
        Iota | PartitionId | ReplicaId | RngGetAndUpdateState => Some(0),
        _ => None,
    }
}

/// The decoded text of a string value (`"main"` → `main`).
fn string_value(canonical: &str) -> String {
    match tok::reparse(canonical).as_deref() {
        Some([(_, Tok::Str(s))]) => String::from_utf8_lossy(s).into_owned(),
        _ => canonical.to_string(),
    }
}

/// An attribute pair's name and value tokens.
/// XLA's parser: `use_global_device_ids=true` needs a `channel_id`.
fn check_global_device_ids(attrs: &Dict, span: Span) -> PResult<()> {
    let global = matches!(attrs.get("use_global_device_ids"), Some(Attr::Opaque(t)) if t == "true");
    if global && !attrs.contains("channel_id") {
        return Err(Diagnostic::error(span, "Cannot have use_global_device_ids=true without channel_id"));
    }
    Ok(())
}

fn attribute_parts(p: Pair<'_, Rule>) -> (String, Vec<(bool, Tok)>) {
    let mut inner = p.into_inner();
    let key = inner.next().map(|k| k.as_str().to_string()).unwrap_or_default();
    let value = inner.next().map(|v| tok::from_pairs(v.into_inner())).unwrap_or_default();
    (key, value)
}

/// The canonical text of the `FileNames` ... `StackFrames` sections.
fn stack_frames_text(p: Pair<'_, Rule>) -> String {
    let mut out = String::new();
    for section in p.into_inner() {
        let title = match section.as_rule() {
            Rule::file_names => "FileNames",
            Rule::function_names => "FunctionNames",
            Rule::file_locations => "FileLocations",
            Rule::frame_list => "StackFrames",
            _ => continue,
        };
        out.push_str(title);
        out.push('\n');
        for entry in section.into_inner() {
            let mut e = entry.into_inner();
            let n = e.next().map(|x| x.as_str().to_string()).unwrap_or_default();
            let v = e.next();
            let text = match v {
                Some(v) if v.as_rule() == Rule::string => tok::escape(&tok::unescape(v.as_str())),
                Some(v) => tok::canonical(&tok::from_pairs(std::iter::once(v))),
                None => String::new(),
            };
            out.push_str(&format!("{n} {text}\n"));
        }
        out.push('\n');
    }
    out
}

impl From<Vec<(String, Attr)>> for Dict {
    fn from(v: Vec<(String, Attr)>) -> Dict {
        let mut d = Dict::default();
        for (k, a) in v {
            d.insert(k, a);
        }
        d
    }
}

/// A pest failure as a located diagnostic: the token XLA's parser would have stopped at.
fn pest_error(text: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    use pest::error::InputLocation;
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    }
    .min(text.len());
    // XLA's lexer names a punctuation token by itself: `unexpected '}' token`.
    let message = match text[pos..].chars().next() {
        Some(c) if "{}[](),=:".contains(c) => format!("unexpected '{c}' token"),
        _ => format!("unexpected {}", crate::lower::token_at(text, pos)),
    };
    Diagnostic::error(Span::new(pos, pos), message)
}

/// XLA's own reading of `input_output_alias={...}` and `buffer_donor={...}` in the module header,
/// run when the grammar rejects a text (an accepted one is checked attribute by attribute as it
/// is lowered, `check_alias_value`), so that a malformed aliasing description gets XLA's message
/// (`Expects '}' at the end of ShapeIndex`, `expects integer`, ...) instead of a bracket mismatch.
///
/// Only the header is searched, and never inside a string or a comment: a backend config or a
/// comment that quotes another module's header is not an aliasing description (a fuzz finding).
fn check_alias_syntax(text: &str) -> Option<Diagnostic> {
    let header = header_attribute_starts(text);
    for key in ["input_output_alias=", "buffer_donor="] {
        let Some(&at) = header.iter().find(|&&at| text[at..].starts_with(key)) else { continue };
        let mut c = Cursor { b: text.as_bytes(), i: at + key.len() };
        let r = if key.starts_with("input") { c.alias_list() } else { c.donor_list() };
        if let Err(msg) = r {
            return Some(Diagnostic::error(Span::new(c.i, c.i), msg));
        }
    }
    None
}

/// `check_alias_syntax` for one header attribute the grammar accepted (`key=value` at byte
/// `start` of the file): XLA's message when it is an aliasing description XLA would reject.
fn check_alias_value(attr: &str, start: usize) -> Option<Diagnostic> {
    for key in ["input_output_alias=", "buffer_donor="] {
        if !attr.starts_with(key) {
            continue;
        }
        let mut c = Cursor { b: attr.as_bytes(), i: key.len() };
        let r = if key.starts_with("input") { c.alias_list() } else { c.donor_list() };
        if let Err(msg) = r {
            return Some(Diagnostic::error(Span::new(start + c.i, start + c.i), msg));
        }
    }
    None
}

/// The byte offsets where the module header's attributes may start: the words that follow a
/// comma of the `HloModule` statement outside strings, comments and brackets. The header ends at
/// the first line break outside brackets that does not follow a comma, or at a `{` that opens a
/// computation (one not after `=`).
fn header_attribute_starts(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut starts = Vec::new();
    let mut i = 0;
    // Reads past a string, a comment or whitespace at `i`, if one starts there.
    let skip = |i: usize| -> Option<usize> {
        match (b[i], b.get(i + 1)) {
            (b'"', _) => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                Some((j + 1).min(b.len()))
            }
            (b'/', Some(b'/')) => Some(text[i..].find('\n').map_or(b.len(), |n| i + n)),
            (b'/', Some(b'*')) => Some(text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2)),
            _ => None,
        }
    };
    // Finds the `HloModule` keyword outside strings and comments.
    while i < b.len() {
        if let Some(j) = skip(i) {
            i = j;
        } else if b[i..].starts_with(b"HloModule") && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            i += "HloModule".len();
            break;
        } else {
            i += 1;
        }
    }
    let (mut depth, mut last) = (0usize, b'H');
    while i < b.len() {
        if let Some(j) = skip(i) {
            i = j;
            last = b'"';
            continue;
        }
        let c = b[i];
        match c {
            b'\n' if depth == 0 && last != b',' => break,
            b'{' if depth == 0 && last != b'=' => break,
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                starts.push(j);
            }
            _ => {}
        }
        if !c.is_ascii_whitespace() {
            last = c;
        }
        i += 1;
    }
    starts
}

struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.b.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn int(&mut self) -> Result<(), String> {
        self.ws();
        let start = self.i;
        if self.b.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        while self.b.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        if self.i == start { Err("expects integer".into()) } else { Ok(()) }
    }
    fn shape_index(&mut self) -> Result<(), String> {
        if !self.eat(b'{') {
            return Err("Expects '{' at the start of ShapeIndex".into());
        }
        if self.eat(b'}') {
            return Ok(());
        }
        loop {
            self.int()?;
            if !self.eat(b',') {
                break;
            }
        }
        if self.eat(b'}') { Ok(()) } else { Err("Expects '}' at the end of ShapeIndex".into()) }
    }
    fn alias_list(&mut self) -> Result<(), String> {
        if !self.eat(b'{') {
            return Err("Expects '{' at the start of aliasing description".into());
        }
        if self.eat(b'}') {
            return Ok(());
        }
        loop {
            self.shape_index()?;
            if !self.eat(b':') {
                return Err("Expects ':' after output shape index".into());
            }
            if !self.eat(b'(') {
                return Err("Expects '(' after ':'".into());
            }
            self.int()?;
            if !self.eat(b',') {
                return Err("Expects ',' after parameter number".into());
            }
            self.shape_index()?;
            if self.eat(b',') {
                self.ws();
                while self.b.get(self.i).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'-') {
                    self.i += 1;
                }
            }
            if !self.eat(b')') {
                return Err("Expects ')' at the end of aliasing description".into());
            }
            if !self.eat(b',') {
                break;
            }
        }
        if self.eat(b'}') { Ok(()) } else { Err("Expects '}' at the end of aliasing description".into()) }
    }
    fn donor_list(&mut self) -> Result<(), String> {
        if !self.eat(b'{') {
            return Err("Expects '{' at the start of buffer donor description".into());
        }
        if self.eat(b'}') {
            return Ok(());
        }
        loop {
            if !self.eat(b'(') {
                return Err("Expects '(' at the start of buffer donor description".into());
            }
            self.int()?;
            if !self.eat(b',') {
                return Err("Expects ',' after parameter number".into());
            }
            self.shape_index()?;
            if !self.eat(b')') {
                return Err("Expects ')' at the end of buffer donor description".into());
            }
            if !self.eat(b',') {
                break;
            }
        }
        if self.eat(b'}') { Ok(()) } else { Err("Expects '}' at the end of buffer donor description".into()) }
    }
}
