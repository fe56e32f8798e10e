//! shardref-verifier: the well-formedness rules of `sdy`, `mpmd` and their
//! hosts (issue #4), reported in upstream Shardy's words and order.
//!
//! Two stages:
//! 1. `symbols` resolves the symbols the rules refer to: `sdy.mesh` ops,
//!    functions, and the topology meshes of mpmd functions.
//! 2. The rules run in upstream's three phases (shardy-inventory §0.2):
//!    parse-time attribute checks (`parse_time`), op verification in
//!    pre-order (`verify_op`), then symbol-use checks (`symbol_uses`).
//! The sdy import passes, with the errors they report, are in
//! `shardref_passes`; drivers verify before and after each of them.
//!
//! StableHLO ops and the `func` ops they are called and returned through
//! are checked during op verification by `stablehlo`: the type rules of the
//! StableHLO spec, so that the interpreter never meets an ill-typed op;
//! CHLO ops and the MHLO ops XLA leaves in StableHLO modules by `chlo`.
//! `coverage` says, per op kind, which rule labels check it.
//!
//! Every diagnostic carries the label of the rule that failed
//! (`Diagnostic::code`, from `Fail::code`); a check shared by several ops
//! names each op's label and `resolve_code` picks the failing op's.
//!
//! Collection follows MLIR's verifier, so that the same programs are
//! rejected with the same diagnostics: a parse-time error stops the chunk;
//! each op's verifier stops at its first failure and so does the rest of its
//! isolated-from-above subtree, but independent isolated ops (functions,
//! manual computations) are all verified and all their errors collected;
//! an isolated op's regions are checked for values defined outside them
//! (`isolation`) after its nested ops; symbol uses run only when op
//! verification succeeded, up to the first failure.
//!
//! `equiv` (issue #5) checks partitioned == unpartitioned by running both
//! on the interpreter; it is the only module that depends on `interp`.
//!
//! Invariants: the rules depend only on spec; never panics on any input (every
//! index is checked and arithmetic is checked or saturating); each check is
//! preceded by a comment with its label from `rules::RULES` and the
//! inventory's rule id.

/// The op table's attribute views (`shardref_spec::schema`): every attribute read goes through one.
pub use shardref_spec::schema as attrs;

pub mod chlo;
pub mod coverage;
pub mod equiv;
pub mod hlo;
pub mod isolation;
pub mod mpmd;
pub mod partial;
pub mod rules;
pub mod sdy;
pub mod stablehlo;
pub mod symbols;

use shardref_spec::Diagnostic;
use shardref_spec::ir::{Attr, Module, OpId, Span};
use shardref_spec::ops::{OpKind, OpName, Traits};

pub use symbols::Symbols;

/// A failed check before it is located: the rule that failed, the message
/// (without the op prefix) and notes at other places.
///
/// `code` is the label of the rule in `rules::RULES`. A check shared by
/// several ops names each op's label, separated by `|`
/// (`"dot_general_c14|convolution_c28"`); the label whose op is the failing
/// op is chosen when the failure is located (`Cx::op_error`).
#[derive(Clone, Debug, PartialEq)]
pub struct Fail {
    pub code: &'static str,
    pub msg: String,
    pub notes: Vec<(Span, String)>,
}

impl Fail {
    pub fn new(code: &'static str, msg: impl Into<String>) -> Fail {
        Fail { code, msg: msg.into(), notes: vec![] }
    }
    pub fn note(mut self, span: Span, msg: impl Into<String>) -> Fail {
        self.notes.push((span, msg.into()));
        self
    }
    /// Prepends `prefix` to the message, as upstream's chained error functions do.
    pub fn prefixed(mut self, prefix: &str) -> Fail {
        self.msg = format!("{prefix}{}", self.msg);
        self
    }
    /// The same failure under another rule (a shared check reached from an
    /// op whose own rule states it).
    pub fn relabel(mut self, code: &'static str) -> Fail {
        self.code = code;
        self
    }
}

/// Ops whose spec constraints are another op's, with the same numbers.
const MIRRORS: &[(&str, &str)] = &[("dynamic_conv", "convolution"), ("dynamic_gather", "gather")];

/// The label among `code`'s `|`-separated alternatives that belongs to the
/// op `op_name`: `stablehlo.dot_general` takes `dot_general_c14`,
/// `mpmd.fragment` takes `fragment_c1` or `mpmd_fragment_c1`. An
/// alternative `{op}_c1` stands for that label of whichever op failed (the
/// checks shared by all unary ops). The first alternative is chosen when
/// no other belongs to the op.
pub fn resolve_code(code: &'static str, op_name: &str) -> &'static str {
    let mnemonic = op_name.rsplit('.').next().unwrap_or(op_name);
    let dialect_mnemonic = op_name.replace('.', "_");
    let is_constraint = |rest: &str| {
        rest.strip_prefix('_')
            .and_then(|r| r.strip_prefix(|c: char| c.is_ascii_lowercase()))
            .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
    };
    let belongs = |label: &str, prefix: &str| label.strip_prefix(prefix).is_some_and(is_constraint);
    let first = code.split('|').next().unwrap_or(code);
    // An op whose constraints mirror another's, number for number, shares
    // that op's checks: `dynamic_conv_c5` is `convolution_c5`.
    let mirrored = MIRRORS.iter().find(|(op, _)| *op == mnemonic).map(|(_, base)| *base);
    for alt in code.split('|') {
        if let Some(base) = mirrored
            && let Some(number) = alt.strip_prefix(base).filter(|rest| is_constraint(rest))
        {
            let wanted = format!("{mnemonic}{number}");
            if let Some(rule) = rules::RULES.iter().find(|r| r.label == wanted) {
                return rule.label;
            }
        }
    }
    for alt in code.split('|') {
        if let Some(suffix) = alt.strip_prefix("{op}") {
            let wanted = format!("{mnemonic}{suffix}");
            if let Some(rule) = rules::RULES.iter().find(|r| r.label == wanted) {
                return rule.label;
            }
        } else if belongs(alt, mnemonic) || belongs(alt, &dialect_mnemonic) {
            return alt;
        }
    }
    first
}

/// The outcome of one check.
pub type Check = Result<(), Fail>;

/// What every rule sees: the module and its resolved symbols.
pub struct Cx<'m> {
    pub m: &'m Module,
    pub syms: Symbols,
}

impl<'m> Cx<'m> {
    pub fn new(m: &'m Module) -> Cx<'m> {
        Cx { m, syms: Symbols::resolve(m) }
    }

    /// The op's name as MLIR prints it.
    pub fn op_name(&self, op: OpId) -> &str {
        self.m.op(op).name.as_str()
    }

    /// `'name' op msg` at the op (MLIR's `emitOpError`).
    pub fn op_error(&self, op: OpId, f: Fail) -> Diagnostic {
        let msg = format!("'{}' op {}", self.op_name(op), f.msg);
        self.located(op, Fail { msg, ..f })
    }

    /// `msg` at the op, with no prefix (MLIR's `emitError`).
    pub fn located(&self, op: OpId, f: Fail) -> Diagnostic {
        let mut d = Diagnostic::error(self.m.op(op).span, f.msg);
        for (span, n) in f.notes {
            d = d.with_note(span, n);
        }
        d.with_code(resolve_code(f.code, self.op_name(op)))
    }
}

/// Verifies a module, returning the diagnostics upstream would report
/// (empty when the module is valid).
pub fn verify(m: &Module) -> Vec<Diagnostic> {
    let cx = Cx::new(m);
    let parse = sdy::parse_time::check(&cx);
    if !parse.is_empty() {
        return parse;
    }
    let mut out = vec![];
    verify_tree(&cx, m.root, &mut out);
    if !out.is_empty() {
        return out;
    }
    if let Err(d) = symbol_table(&cx) {
        return vec![d];
    }
    for op in m.walk() {
        if let Err(d) = symbol_uses(&cx, op) {
            out.push(d);
            break;
        }
    }
    out
}

fn is_isolated(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    !o.regions.is_empty() && o.name.kind().is_some_and(|k| k.has(Traits::ISOLATED_FROM_ABOVE))
}

/// MLIR's `verifyOperation`: the op, then its nested non-isolated ops up to
/// the first failure, then every nested isolated op independently.
fn verify_tree(cx: &Cx<'_>, op: OpId, out: &mut Vec<Diagnostic>) -> bool {
    if let Err(d) = verify_op(cx, op) {
        out.extend(d);
        return false;
    }
    let m = cx.m;
    let mut isolated = vec![];
    let mut stack: Vec<OpId> = vec![];
    for &r in m.op(op).regions.iter().rev() {
        for &b in m.region(r).blocks.iter().rev() {
            stack.extend(m.block(b).ops.iter().rev());
        }
    }
    // Non-isolated nested ops are verified in pre-order within this op.
    while let Some(nested) = stack.pop() {
        if is_isolated(m, nested) {
            isolated.push(nested);
            continue;
        }
        if let Err(d) = verify_op(cx, nested) {
            out.extend(d);
            return false;
        }
        for &r in m.op(nested).regions.iter().rev() {
            for &b in m.region(r).blocks.iter().rev() {
                stack.extend(m.block(b).ops.iter().rev());
            }
        }
    }
    let mut ok = true;
    for iso in isolated {
        ok &= verify_tree(cx, iso, out);
    }
    // Region invariants run on exit, once the nested isolated ops verified.
    if ok
        && is_isolated(m, op)
        && let Err(d) = isolation::check(cx, op)
    {
        out.push(d);
        return false;
    }
    ok
}

/// Op-verification-time checks of one op: dialect attribute hooks, then
/// the op's own verifier and interfaces.
fn verify_op(cx: &Cx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
    terminator_is_last(cx, op).map_err(|d| vec![d])?;
    blocks_not_empty(cx, op).map_err(|d| vec![d])?;
    sdy::hooks::check_op(cx, op).map_err(|d| vec![d])?;
    own_rules(cx, op)?;
    // The block check comes after the op's own verifier, as MLIR's does (a reduction body
    // without a terminator gets the reduction's message).
    blocks_end_in_terminators(cx, op).map_err(|d| vec![d])
}

/// The op's own verifier and interfaces, by dialect.
fn own_rules(cx: &Cx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
    match cx.m.op(op).name {
        OpName::Known(OpKind::Sdy(k)) => sdy::verify_op(cx, op, k),
        OpName::Known(OpKind::Mpmd(k)) => mpmd::verify_op(cx, op, k).map_err(|d| vec![d]),
        OpName::Known(OpKind::Stablehlo(k)) => stablehlo::verify_op(cx, op, k),
        OpName::Known(OpKind::Func(k)) => stablehlo::verify_func_op(cx, op, k).map_err(|d| vec![d]),
        OpName::Known(OpKind::Chlo(k)) => chlo::verify_op(cx, op, k).map_err(|d| vec![d]),
        OpName::Known(OpKind::Mhlo(k)) => chlo::verify_mhlo_op(cx, op, k).map_err(|d| vec![d]),
        OpName::Known(OpKind::Builtin(_))
        | OpName::Known(OpKind::Arith(_))
        | OpName::Known(OpKind::Check(_))
        | OpName::Known(OpKind::Interpreter(_))
        | OpName::Known(OpKind::Hlo(_))
        | OpName::Unknown(_) => Ok(()),
    }
}

/// MLIR's `OpTrait::IsTerminator` check, part of the op's trait
/// verification (before its own verifier): a terminator ends its block.
fn terminator_is_last(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let o = cx.m.op(op);
    if !o.name.kind().is_some_and(|k| k.has(Traits::TERMINATOR)) {
        return Ok(());
    }
    let Some(block) = o.parent else { return Ok(()) };
    if cx.m.block(block).ops.last() == Some(&op) {
        return Ok(());
    }
    Err(cx.op_error(op, Fail::new("terminator_c1", "must be the last operation in the parent block")))
}

/// MLIR's `SingleBlock` trait, a trait check (before the op's own verifier): a block of the
/// op's regions is not empty. Every region-holding op the table knows carries the trait
/// (`builtin.module` and HLO computations are `NoTerminator` and exempt).
fn blocks_not_empty(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let o = m.op(op);
    if !o.name.kind().is_some_and(|k| !k.has(Traits::NO_TERMINATOR)) {
        return Ok(());
    }
    for &r in &o.regions {
        if m.region(r).blocks.iter().any(|&b| m.block(b).ops.is_empty()) {
            return Err(cx.op_error(op, Fail::new("terminator_c3", "expects a non-empty block")));
        }
    }
    Ok(())
}

/// MLIR's verifier's block check, after the op's own verifier: unless the op is `NoTerminator`,
/// each block of its regions ends with an op that is a terminator. An op the table does not know
/// may be one (MLIR's `mightHaveTrait`), and an op the table does not know may hold any block.
fn blocks_end_in_terminators(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let o = m.op(op);
    if !o.name.kind().is_some_and(|k| !k.has(Traits::NO_TERMINATOR)) {
        return Ok(());
    }
    for &r in &o.regions {
        for &b in &m.region(r).blocks {
            let Some(&last) = m.block(b).ops.last() else { continue };
            if !m.op(last).name.kind().is_none_or(|k| k.has(Traits::TERMINATOR)) {
                let opts = shardref_spec::print::PrintOptions { generic: true, debug_info: false };
                let mut p = shardref_spec::print::Printer::new(m, opts);
                p.op(last);
                let msg = format!("block with no terminator, has {}", p.out);
                return Err(cx.located(last, Fail::new("terminator_c2", msg)));
            }
        }
    }
    Ok(())
}

/// MLIR's `SymbolTable` region trait on the root module, checked on exit: no two ops of its
/// body define the same symbol. The error is at the second definition, with a note at the first.
fn symbol_table(cx: &Cx<'_>) -> Result<(), Diagnostic> {
    let m = cx.m;
    let mut seen: std::collections::HashMap<&[u8], OpId> = std::collections::HashMap::new();
    for &op in &m.block(m.body()).ops {
        let Some(Attr::Str(name, _)) = crate::attrs::Func::of(m.op(op)).sym_name().raw() else { continue };
        if let Some(&first) = seen.get(name.as_slice()) {
            let msg = format!("redefinition of symbol named '{}'", String::from_utf8_lossy(name));
            let f = Fail::new("symbol_table_c1", msg).note(m.op(first).span, "see existing symbol definition here");
            return Err(cx.located(op, f));
        }
        seen.insert(name, op);
    }
    Ok(())
}

/// Symbol-use checks of one op (`SymbolUserOpInterface::verifySymbolUses`).
fn symbol_uses(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    match cx.m.op(op).name {
        OpName::Known(OpKind::Sdy(k)) => sdy::symbol_uses(cx, op, k),
        OpName::Known(OpKind::Mpmd(k)) => mpmd::symbol_uses(cx, op, k),
        OpName::Known(OpKind::Func(k)) => stablehlo::func_symbol_uses(cx, op, k),
        OpName::Known(OpKind::Builtin(_))
        | OpName::Known(OpKind::Arith(_))
        | OpName::Known(OpKind::Stablehlo(_))
        | OpName::Known(OpKind::Chlo(_))
        | OpName::Known(OpKind::Mhlo(_))
        | OpName::Known(OpKind::Check(_))
        | OpName::Known(OpKind::Interpreter(_))
        | OpName::Known(OpKind::Hlo(_))
        | OpName::Unknown(_) => Ok(()),
    }
}
