//! Lowering: pest pairs → arena IR, with a span on everything.
//!
//! The grammar decides syntax; this module decides meaning: it resolves SSA
//! names (forward references included), checks that every use of a value
//! agrees with its type, expands aliases, decodes literals, and turns each
//! custom op form into the generic IR (operands, results, attributes,
//! regions) that MLIR's generic form would give. Dialect-specific forms live
//! in the submodules; they all go through `Lowerer`'s helpers.
//!
//! Invariant: nothing here panics on any input the grammar accepts; every
//! failure is a `Diagnostic` located at the offending token.

pub mod attrs;
pub mod chlo;
pub mod first_error;
pub mod mhlo;
pub mod mpmd;
pub mod sdy;
pub mod stablehlo;

use std::collections::HashMap;
use std::sync::Arc;

use pest::iterators::Pair;

use crate::diag::Diagnostic;
use crate::ir::*;
use crate::ops::{BuiltinOp, CheckOp, FuncOp, InterpreterOp, OpKind, OpName};
use crate::parser::Rule;

pub type PResult<T> = Result<T, Diagnostic>;

/// Deepest bracket nesting accepted, so that recursion (pest's and ours) stays
/// within a small thread stack. Real programs nest far less.
pub const MAX_NESTING: usize = 64;

/// Parses a whole source into a module.
pub fn parse_source(source: Arc<Source>) -> Result<Module, Vec<Diagnostic>> {
    check_nesting(&source.text).map_err(|d| vec![d])?;
    let mut pairs = match crate::parser::parse_bounded(Rule::file, &source.text, false) {
        Ok(p) => p,
        Err(e) => {
            // Where a token scan shows the token MLIR's parser stops at, its message.
            let d = pest_error(&source.text, e);
            let d = first_error::first_error(&source.text, d.span.start as usize).unwrap_or(d);
            // MLIR's parser has read the top-level ops before the one it stops
            // in, so an error it finds in them (a mesh, a value's type) comes
            // first: lower them alone when they parse. Not an undeclared name:
            // MLIR reports those when their scope closes, here the whole file.
            let cut = first_error::top_level_start(&source.text, d.span.start as usize);
            if cut > 0 && crate::parser::parse_bounded(Rule::file, &source.text[..cut], false).is_ok() {
                let text = source.text[..cut].to_string();
                let prefix = Arc::new(Source { name: source.name.clone(), text, first_line: source.first_line });
                if let Err(earlier) = parse_source(prefix)
                    && !earlier.first().is_some_and(|e| e.message.starts_with("use of undeclared SSA value name"))
                {
                    return Err(earlier);
                }
            }
            return Err(vec![d]);
        }
    };
    let file = pairs.next().expect("the file rule always yields one pair");
    let mut lw = Lowerer::new(&source.text);
    let result = lw.lower_file(file);
    if result.is_ok() && lw.diags.is_empty() {
        let mut m = lw.m;
        m.source = Some(source);
        return Ok(m);
    }
    // Upstream checks sdy meshes, propagation edges and mpmd topologies
    // while it parses each attribute, and stops at the first error. Every
    // attribute lowered before lowering failed was parsed before upstream's
    // parser would meet the failure (an undeclared SSA value, say, is only
    // reported when its scope closes), so such an attribute's error comes
    // first. An error lowering reported and went on from (`lw.diags`) stands
    // where it was found: only ops starting before it are considered. The
    // ops lowered so far (not all attached to the module yet) are checked in
    // the text order of their starts, which is pre-order.
    let limit = lw.diags.first().map_or(u32::MAX, |d| d.span.start);
    let mut ops: Vec<OpId> =
        (0..lw.m.ops.len()).map(|i| OpId(i as u32)).filter(|&op| lw.m.op(op).span.start < limit).collect();
    ops.sort_by_key(|&op| lw.m.op(op).span.start);
    let earlier = crate::parse_time::check_ops(&lw.m, ops);
    if !earlier.is_empty() {
        return Err(earlier);
    }
    let mut diags = lw.diags;
    diags.extend(result.err());
    Err(diags)
}

/// Rejects inputs nested deeper than `MAX_NESTING`, with the location of the
/// first bracket past the limit. Strings and comments are skipped.
///
/// The count follows the brackets recursion descends into: a closing `)`, `]`
/// or `}` closes the innermost bracket of its kind and every bracket opened
/// inside it, a `>` closes only an innermost `<`, and `<` is no bracket when it
/// starts XLA's `<=` (an iota tile assignment, `devices=[2,4]<=[8]`, which
/// nothing closes). A `>` that closes nothing (`->`, a stray one) changes
/// nothing, so it cannot hide the depth of the brackets around it.
pub(crate) fn check_nesting(text: &str) -> PResult<()> {
    let bytes = text.as_bytes();
    let mut open: Vec<u8> = Vec::with_capacity(MAX_NESTING);
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'<' if bytes.get(i + 1) == Some(&b'=') => {}
            c @ (b'(' | b'[' | b'{' | b'<') => {
                if open.len() == MAX_NESTING {
                    return Err(Diagnostic::error(
                        Span::new(i, i + 1),
                        format!("nesting is deeper than {MAX_NESTING} brackets"),
                    ));
                }
                open.push(c);
            }
            b'>' => {
                if open.last() == Some(&b'<') && !(i > 0 && bytes[i - 1] == b'-') {
                    open.pop();
                }
            }
            c @ (b')' | b']' | b'}') => {
                let opener = match c {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                // An unmatched closer is the parser's to report.
                if let Some(k) = open.iter().rposition(|&o| o == opener) {
                    open.truncate(k);
                }
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

pub(crate) fn pest_error(text: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let pos = pos.min(text.len());
    let message = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let found = token_at(text, pos);
            let mut names: Vec<String> = positives.iter().filter_map(|r| rule_description(*r)).collect();
            names.sort();
            names.dedup();
            if names.is_empty() {
                format!("unexpected {found}")
            } else if names.len() > 6 {
                format!("unexpected {found}, expected one of: {}, ...", names[..6].join(", "))
            } else {
                format!("unexpected {found}, expected {}", names.join(" or "))
            }
        }
        ErrorVariant::CustomError { message } if message.contains("call limit reached") => format!(
            "gave up parsing: the input needs more than {} grammar steps per byte (it is likely malformed around here)",
            crate::parser::CALLS_PER_BYTE
        ),
        ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic::error(Span::new(pos, pos), message)
}

pub(crate) fn token_at(text: &str, pos: usize) -> String {
    let rest = &text[pos..];
    if rest.is_empty() {
        return "end of input".into();
    }
    let tok: String = rest.chars().take_while(|c| !c.is_whitespace()).take(24).collect();
    format!("'{tok}'")
}

/// A readable name for a grammar rule in "expected ..." messages.
fn rule_description(r: Rule) -> Option<String> {
    let name = format!("{r:?}");
    Some(match name.as_str() {
        "EOI" => "end of input".into(),
        "value_use" | "value_name" => "SSA value".into(),
        "type" | "tensor_type" | "element_type" => "type".into(),
        "attribute" => "attribute".into(),
        "operation" | "op_results" => "operation".into(),
        "dec_int" | "int_lit" => "integer".into(),
        "string_lit" => "string".into(),
        "symbol_name" | "symbol_ref" => "symbol (@name)".into(),
        "dict_attr" | "attr_dict" => "attribute dictionary".into(),
        "region" => "region".into(),
        "function_type" => "function type".into(),
        other => other.replace('_', " "),
    })
}

/// One SSA name scope: a region, or the whole file.
#[derive(Default)]
struct Scope {
    names: HashMap<String, (ValueId, u32)>,
    /// Uses of names not yet defined: (op, operand slot, name, index, span, expected type).
    pending: Vec<PendingUse>,
    /// Block labels of the region, for successors.
    blocks: HashMap<String, BlockId>,
    pending_blocks: Vec<(OpId, usize, String, Span)>,
    isolated: bool,
}

struct PendingUse {
    op: OpId,
    slot: usize,
    name: String,
    index: u32,
    span: Span,
    expected: Option<Type>,
}

/// Sentinel operand for a forward reference, patched when its scope closes.
const UNRESOLVED: ValueId = ValueId(u32::MAX);

pub struct Lowerer<'s> {
    pub m: Module,
    pub src: &'s str,
    scopes: Vec<Scope>,
    attr_aliases: HashMap<String, Attr>,
    type_aliases: HashMap<String, Type>,
    pub diags: Vec<Diagnostic>,
}

pub fn span_of(p: &Pair<'_, Rule>) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

/// The children of a pair, as a vector (pest's iterator is single-pass).
pub fn kids<'i>(p: &Pair<'i, Rule>) -> Vec<Pair<'i, Rule>> {
    p.clone().into_inner().collect()
}

impl<'s> Lowerer<'s> {
    pub fn new(src: &'s str) -> Lowerer<'s> {
        Lowerer {
            m: Module::new(),
            src,
            scopes: vec![Scope { isolated: true, ..Default::default() }],
            attr_aliases: HashMap::new(),
            type_aliases: HashMap::new(),
            diags: vec![],
        }
    }

    pub fn err<T>(&self, span: Span, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic::error(span, msg))
    }

    // ------------------------------------------------------------ file level

    fn lower_file(&mut self, file: Pair<'_, Rule>) -> PResult<()> {
        let items: Vec<_> = file.into_inner().filter(|p| p.as_rule() != Rule::EOI).collect();
        let ops: Vec<_> = items.iter().filter(|p| p.as_rule() == Rule::operation).collect();
        // A file that is exactly one `module` op makes that op the root.
        let single_module = ops.len() == 1 && is_module_op(ops[0]);
        let body = self.m.body();
        for item in items {
            match item.as_rule() {
                Rule::attr_alias_def => self.lower_attr_alias(item)?,
                Rule::type_alias_def => self.lower_type_alias(item)?,
                Rule::file_metadata => self.lower_metadata(item)?,
                Rule::operation if single_module => {
                    // The file's only op is a module: it becomes the root.
                    let op = self.lower_operation(item)?;
                    self.m.root = op;
                    self.ensure_module_body(op);
                }
                Rule::operation => {
                    let op = self.lower_operation(item)?;
                    self.m.append_op(body, op);
                }
                _ => {}
            }
        }
        self.close_scope_checks()?;
        Ok(())
    }

    fn lower_attr_alias(&mut self, p: Pair<'_, Rule>) -> PResult<()> {
        let k = kids(&p);
        let name = k[0].as_str()[1..].to_string();
        let value = self.lower_attr(k[1].clone())?;
        if self.attr_aliases.insert(name.clone(), value.clone()).is_some() {
            return self.err(span_of(&k[0]), format!("redefinition of attribute alias id '{name}'"));
        }
        self.m.attr_aliases.push((name, value));
        Ok(())
    }

    fn lower_type_alias(&mut self, p: Pair<'_, Rule>) -> PResult<()> {
        let k = kids(&p);
        let name = k[0].as_str()[1..].to_string();
        let ty = self.lower_type(k[1].clone())?;
        if self.type_aliases.insert(name.clone(), ty).is_some() {
            return self.err(span_of(&k[0]), format!("redefinition of type alias id '{name}'"));
        }
        Ok(())
    }

    fn lower_metadata(&mut self, p: Pair<'_, Rule>) -> PResult<()> {
        for entry in p.into_inner() {
            let mut it = entry.into_inner();
            let section = it.next().unwrap().as_str().to_string();
            if section != "dialect_resources" {
                continue;
            }
            for group in it {
                let mut g = group.into_inner();
                let dialect = g.next().unwrap().as_str().to_string();
                for blob in g {
                    let b = kids(&blob);
                    let key = unquote_lossy(b[0].as_str());
                    let data = unquote_lossy(b[1].as_str());
                    self.m.resources.push((dialect.clone(), key, data));
                }
            }
        }
        Ok(())
    }

    fn close_scope_checks(&mut self) -> PResult<()> {
        let scope = self.scopes.last_mut().unwrap();
        let pending = std::mem::take(&mut scope.pending);
        match pending.into_iter().next() {
            Some(u) => self.err(u.span, format!("use of undeclared SSA value name '{}'", u.name)),
            None => Ok(()),
        }
    }

    // ------------------------------------------------------------ SSA names

    fn push_scope(&mut self, isolated: bool) {
        self.scopes.push(Scope { isolated, ..Default::default() });
    }

    fn pop_scope(&mut self) -> PResult<()> {
        let scope = self.scopes.pop().unwrap();
        for (op, slot, label, span) in scope.pending_blocks {
            match scope.blocks.get(&label) {
                Some(&b) => self.m.op_mut(op).successors[slot].block = b,
                None => return self.err(span, format!("reference to an undefined block '{label}'")),
            }
        }
        for u in scope.pending {
            match scope.names.get(&u.name) {
                Some(&(first, count)) => {
                    let v = self.pick_result(first, count, u.index, &u.name, u.span)?;
                    self.check_use_type(v, u.expected.as_ref(), &u.name, u.span)?;
                    self.m.op_mut(u.op).operands[u.slot] = v;
                }
                None => {
                    // Not defined here: a non-isolated parent scope may still define it later.
                    match self.scopes.last_mut() {
                        Some(parent) if !scope.isolated => parent.pending.push(u),
                        _ => return self.err(u.span, format!("use of undeclared SSA value name '{}'", u.name)),
                    }
                }
            }
        }
        Ok(())
    }

    /// Binds `%name` (with `count` consecutive results) in the innermost scope.
    pub fn bind(&mut self, name: &str, first: ValueId, count: u32, span: Span) -> PResult<()> {
        let scope = self.scopes.last_mut().unwrap();
        if scope.names.insert(name.to_string(), (first, count)).is_some() {
            return self.err(span, format!("redefinition of SSA value '{name}'"));
        }
        Ok(())
    }

    fn lookup(&self, name: &str) -> Option<(ValueId, u32)> {
        for scope in self.scopes.iter().rev() {
            if let Some(&v) = scope.names.get(name) {
                return Some(v);
            }
            if scope.isolated {
                break;
            }
        }
        None
    }

    fn pick_result(&self, first: ValueId, count: u32, index: u32, name: &str, span: Span) -> PResult<ValueId> {
        if index >= count {
            return self.err(span, format!("invalid result number; '{name}' has {count} results"));
        }
        Ok(ValueId(first.0 + index))
    }

    fn check_use_type(&self, v: ValueId, expected: Option<&Type>, name: &str, span: Span) -> PResult<()> {
        if let Some(t) = expected {
            let actual = self.m.value_type(v);
            if actual != t {
                return self.err(
                    span,
                    format!("use of value '{name}' expects different type than prior uses: '{t}' vs '{actual}'"),
                );
            }
        }
        Ok(())
    }

    /// Resolves a `value_use` pair to an operand of `op`, appending it.
    /// `expected` is the type the op's syntax gives the operand, if any.
    pub fn add_operand(&mut self, op: OpId, p: &Pair<'_, Rule>, expected: Option<&Type>) -> PResult<ValueId> {
        let span = span_of(p);
        let text = p.as_str();
        let (name, index) = match text.split_once('#') {
            Some((n, i)) => (n, i.parse::<u32>().map_err(|_| Diagnostic::error(span, "invalid result number"))?),
            None => (text, 0),
        };
        let slot = self.m.op(op).operands.len();
        match self.lookup(name) {
            Some((first, count)) => {
                if !text.contains('#') && count > 1 {
                    // MLIR accepts `%x` for `%x#0` only when the op has a single result.
                    return self.err(span, format!("'{name}' has {count} results; use '{name}#N'"));
                }
                let v = self.pick_result(first, count, index, name, span)?;
                self.check_use_type(v, expected, name, span)?;
                self.m.op_mut(op).operands.push(v);
                Ok(v)
            }
            None => {
                let expected = match expected {
                    Some(t) => Some(t.clone()),
                    None => return self.err(span, format!("use of undeclared SSA value name '{name}'")),
                };
                self.m.op_mut(op).operands.push(UNRESOLVED);
                self.scopes.last_mut().unwrap().pending.push(PendingUse {
                    op,
                    slot,
                    name: name.to_string(),
                    index,
                    span,
                    expected,
                });
                Ok(UNRESOLVED)
            }
        }
    }

    /// Resolves a list of uses against a list of types (which must match in count).
    pub fn add_operands_typed(&mut self, op: OpId, uses: &[Pair<'_, Rule>], types: &[Type], span: Span) -> PResult<()> {
        if uses.len() != types.len() {
            return self.err(span, format!("{} operands present, but expected {}", uses.len(), types.len()));
        }
        for (u, t) in uses.iter().zip(types) {
            self.add_operand(op, u, Some(t))?;
        }
        Ok(())
    }

    /// The type of an already-resolved operand, or of a use in scope.
    pub fn type_of_use(&self, p: &Pair<'_, Rule>) -> Option<Type> {
        let text = p.as_str();
        let (name, index) = match text.split_once('#') {
            Some((n, i)) => (n, i.parse::<u32>().ok()?),
            None => (text, 0),
        };
        let (first, count) = self.lookup(name)?;
        (index < count).then(|| self.m.value_type(ValueId(first.0 + index)).clone())
    }

    // ------------------------------------------------------------ ops

    pub fn new_op(&mut self, kind: OpKind, span: Span) -> OpId {
        self.m.add_op(OpName::Known(kind), span)
    }

    pub fn add_results(&mut self, op: OpId, types: impl IntoIterator<Item = Type>) {
        let span = self.m.op(op).span;
        for t in types {
            self.m.add_result(op, t, span);
        }
    }

    /// Lowers one `operation` pair: results, body, trailing location.
    pub fn lower_operation(&mut self, p: Pair<'_, Rule>) -> PResult<OpId> {
        let span = span_of(&p);
        let mut results: Vec<(String, u32, Span)> = vec![];
        let mut op = None;
        let mut loc = None;
        for k in p.into_inner() {
            match k.as_rule() {
                Rule::op_results => {
                    for r in k.into_inner() {
                        let rs = span_of(&r);
                        let mut it = r.into_inner();
                        let name = it.next().unwrap().as_str().to_string();
                        let count = match it.next() {
                            Some(c) => {
                                c.as_str().parse::<u32>().map_err(|_| Diagnostic::error(rs, "invalid result count"))?
                            }
                            None => 1,
                        };
                        if count == 0 {
                            return self.err(rs, "expected named operation to have at least 1 result");
                        }
                        results.push((name, count, rs));
                    }
                }
                Rule::trailing_loc => loc = Some(self.lower_loc(k.into_inner().next().unwrap())?),
                _ => op = Some(self.lower_op_body(k, span)?),
            }
        }
        let op = op.expect("grammar guarantees an op body");
        self.m.op_mut(op).span = span;
        self.m.op_mut(op).loc = loc;
        // Bind result names.
        let nres = self.m.op(op).results.len() as u32;
        let declared: u32 = results.iter().map(|r| r.1).sum();
        if !results.is_empty() && declared != nres {
            return self.err(span, format!("operation defines {nres} results but was provided {declared} to bind"));
        }
        let mut next = 0u32;
        for (name, count, rs) in results {
            let first = self.m.op(op).results[next as usize];
            self.bind(&name, first, count, rs)?;
            next += count;
        }
        Ok(op)
    }

    fn lower_op_body(&mut self, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        match p.as_rule() {
            Rule::generic_op => self.lower_generic(p, span),
            Rule::builtin_module => {
                let op = self.new_op(OpKind::Builtin(BuiltinOp::Module), span);
                self.lower_module_into(op, p)?;
                Ok(op)
            }
            Rule::func_func => self.lower_func(p, span),
            Rule::func_return => self.lower_return_like(OpKind::Func(FuncOp::Return), p, span),
            Rule::func_call => self.lower_call(OpKind::Func(FuncOp::Call), p, span),
            Rule::arith_constant => self.lower_arith_constant(p, span),
            Rule::check_expect_const => self.lower_check_const(p, span),
            Rule::check_expect_binary => self.lower_check_binary(p, span),
            Rule::check_expect_close => self.lower_check_close(p, span),
            Rule::check_expect_serialized => self.lower_check_serialized(p, span),
            Rule::interpreter_print | Rule::interpreter_probe => self.lower_interpreter_unary(p, span),
            Rule::unregistered_custom_op => {
                let name = p.into_inner().next().map(|n| n.as_str().to_string()).unwrap_or_default();
                self.err(span, format!("custom op '{name}' is unknown (its generic form \"{name}\"(...) is accepted)"))
            }
            r => {
                if let Some(op) = stablehlo::lower(self, p.clone(), span)? {
                    return Ok(op);
                }
                if let Some(op) = chlo::lower(self, p.clone(), span)? {
                    return Ok(op);
                }
                if let Some(op) = mhlo::lower(self, p.clone(), span)? {
                    return Ok(op);
                }
                if let Some(op) = sdy::lower(self, p.clone(), span)? {
                    return Ok(op);
                }
                if let Some(op) = mpmd::lower(self, p.clone(), span)? {
                    return Ok(op);
                }
                self.err(span, format!("internal: no lowering for {r:?}"))
            }
        }
    }

    fn lower_generic(&mut self, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        let k = kids(&p);
        let name = unquote(self, &k[0])?;
        let name_str = String::from_utf8_lossy(&name).into_owned();
        let op = self.m.add_op(OpName::parse(&name_str), span);
        let fty = k.last().unwrap();
        let (ins, outs) = self.lower_function_type(fty.clone())?;
        let mut uses = vec![];
        for c in &k[1..k.len() - 1] {
            match c.as_rule() {
                Rule::value_list => uses.extend(c.clone().into_inner()),
                Rule::successor_list => {
                    for s in c.clone().into_inner() {
                        self.lower_successor(op, s)?;
                    }
                }
                Rule::properties => {
                    let d = self.lower_dict(c.clone().into_inner().next().unwrap())?;
                    for (n, v) in d.0 {
                        self.m.op_mut(op).attrs.insert(n, v);
                    }
                }
                Rule::region_list => {
                    // Regions see enclosing values in the generic form too, as custom forms
                    // do in MLIR: isolation from above is the verifier's check, so both
                    // forms accept the same programs and give the same IR.
                    let isolated = false;
                    for r in c.clone().into_inner() {
                        self.lower_region(op, r, vec![], isolated)?;
                    }
                }
                Rule::attr_dict => {
                    let d = self.lower_dict(c.clone().into_inner().next().unwrap())?;
                    for (n, v) in d.0 {
                        self.m.op_mut(op).attrs.insert(n, v);
                    }
                }
                _ => {}
            }
        }
        self.add_operands_typed(op, &uses, &ins, span)?;
        self.add_results(op, outs);
        Ok(op)
    }

    fn lower_successor(&mut self, op: OpId, p: Pair<'_, Rule>) -> PResult<()> {
        let k = kids(&p);
        let label = k[0].as_str().to_string();
        let sspan = span_of(&k[0]);
        let slot = self.m.op(op).successors.len();
        let mut args = vec![];
        if k.len() == 3 {
            let uses: Vec<_> = k[1].clone().into_inner().collect();
            let types = self.lower_type_list(k[2].clone())?;
            if uses.len() != types.len() {
                return self.err(sspan, "mismatch between successor operands and types");
            }
            // Successor operands are ordinary uses; record them on a scratch op to reuse resolution.
            for (u, t) in uses.iter().zip(&types) {
                let v = self.add_operand(op, u, Some(t))?;
                args.push(v);
            }
            // Move them from operands to the successor.
            let n = args.len();
            let ops = &mut self.m.op_mut(op).operands;
            ops.truncate(ops.len() - n);
        }
        self.m.op_mut(op).successors.push(Successor { block: BlockId(u32::MAX), args });
        let scope = self.scopes.last_mut().unwrap();
        scope.pending_blocks.push((op, slot, label, sspan));
        Ok(())
    }

    /// A module always has its body block, even when written `module {}` (MLIR's ModuleOp ensures it).
    fn ensure_module_body(&mut self, op: OpId) {
        let span = self.m.op(op).span;
        if let Some(&r) = self.m.op(op).regions.first()
            && self.m.region(r).blocks.is_empty()
        {
            self.m.add_block(r, span);
        }
    }

    fn lower_module_into(&mut self, op: OpId, p: Pair<'_, Rule>) -> PResult<()> {
        for k in p.into_inner() {
            match k.as_rule() {
                Rule::symbol_name => {
                    let name = symbol_text(self, &k)?;
                    self.m.op_mut(op).attrs.insert("sym_name", Attr::Str(name.into_bytes(), None));
                }
                Rule::dict_attr => {
                    let d = self.lower_dict(k)?;
                    for (n, v) in d.0 {
                        self.m.op_mut(op).attrs.insert(n, v);
                    }
                }
                Rule::region => {
                    self.lower_region(op, k, vec![], true)?;
                }
                _ => {}
            }
        }
        self.ensure_module_body(op);
        Ok(())
    }

    /// Lowers a region as a new region of `op`. `entry_args` are arguments
    /// declared outside the braces (custom forms): (name, type, span, loc).
    pub fn lower_region(
        &mut self,
        op: OpId,
        p: Pair<'_, Rule>,
        entry_args: Vec<(String, Type, Span)>,
        isolated: bool,
    ) -> PResult<RegionId> {
        let r = self.m.add_region(op);
        self.fill_region(r, p, entry_args, isolated)?;
        Ok(r)
    }

    fn fill_region(
        &mut self,
        region: RegionId,
        p: Pair<'_, Rule>,
        entry_args: Vec<(String, Type, Span)>,
        isolated: bool,
    ) -> PResult<()> {
        self.push_scope(isolated);
        let rspan = span_of(&p);
        let parts = kids(&p);
        let entry_ops: Vec<_> = parts[0].clone().into_inner().collect();
        let labeled: Vec<_> = parts[1..].to_vec();
        // The entry block: unlabeled ops, or arguments declared outside the braces.
        let current = (!entry_ops.is_empty() || !entry_args.is_empty()).then(|| self.m.add_block(region, rspan));
        if !entry_args.is_empty() {
            if !labeled.is_empty() && entry_ops.is_empty() {
                return self.err(rspan, "a region with arguments declared outside cannot begin with a block label");
            }
            let Some(b) = current else { return self.err(rspan, "internal: missing entry block") };
            for (name, ty, span) in entry_args {
                let v = self.m.add_block_arg(b, ty, span);
                self.bind(&name, v, 1, span)?;
            }
        }
        // Pre-register labels so that branches can refer to later blocks.
        let mut label_blocks = vec![];
        for blk in &labeled {
            let label = blk.clone().into_inner().next().unwrap();
            let name = label.clone().into_inner().next().unwrap().as_str().to_string();
            let b = self.m.add_block(region, span_of(blk));
            if self.scopes.last_mut().unwrap().blocks.insert(name.clone(), b).is_some() {
                return self.err(span_of(&label), format!("redefinition of block '{name}'"));
            }
            label_blocks.push(b);
        }
        if let Some(b) = current {
            for o in entry_ops {
                let id = self.lower_operation(o)?;
                self.m.append_op(b, id);
            }
        }
        for (blk, b) in labeled.into_iter().zip(label_blocks) {
            let mut it = blk.into_inner();
            let label = it.next().unwrap();
            for arg in label.into_inner().skip(1) {
                let (name, ty, span) = self.lower_block_arg(arg)?;
                let v = self.m.add_block_arg(b, ty, span);
                self.bind(&name, v, 1, span)?;
            }
            for o in it {
                let id = self.lower_operation(o)?;
                self.m.append_op(b, id);
            }
        }
        self.pop_scope()
    }

    /// `%name: type loc(...)?`
    pub fn lower_block_arg(&mut self, p: Pair<'_, Rule>) -> PResult<(String, Type, Span)> {
        let span = span_of(&p);
        let k = kids(&p);
        let name = k[0].as_str().to_string();
        let ty = self.lower_type(k[1].clone())?;
        Ok((name, ty, span))
    }

    /// `(%a: T, ...)` as entry arguments for `lower_region`.
    pub fn lower_region_args(&mut self, p: Pair<'_, Rule>) -> PResult<Vec<(String, Type, Span)>> {
        p.into_inner().map(|a| self.lower_block_arg(a)).collect()
    }

    // ------------------------------------------------------------ func and friends

    fn lower_func(&mut self, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        let op = self.new_op(OpKind::Func(FuncOp::Func), span);
        let mut entry_args = vec![];
        let mut arg_types = vec![];
        let mut arg_attrs = vec![];
        let mut result_types = vec![];
        let mut res_attrs = vec![];
        let mut body = None;
        let mut named_args = None;
        for k in p.into_inner() {
            match k.as_rule() {
                Rule::visibility => {
                    // Kept even when `public`: MLIR stores and prints the visibility written.
                    let v = k.as_str();
                    self.m.op_mut(op).attrs.insert("sym_visibility", Attr::str(v));
                }
                Rule::symbol_name => {
                    let name = symbol_text(self, &k)?;
                    self.m.op_mut(op).attrs.insert("sym_name", Attr::Str(name.into_bytes(), None));
                }
                Rule::func_sig => {
                    for s in k.into_inner() {
                        match s.as_rule() {
                            Rule::func_arg => {
                                let aspan = span_of(&s);
                                let mut name = None;
                                let mut ty = None;
                                let mut attrs = Dict::default();
                                for a in s.into_inner() {
                                    match a.as_rule() {
                                        Rule::value_name => name = Some(a.as_str().to_string()),
                                        Rule::r#type => ty = Some(self.lower_type(a)?),
                                        Rule::dict_attr => attrs = self.lower_dict(a)?,
                                        _ => {}
                                    }
                                }
                                let ty = ty.unwrap();
                                match (&named_args, &name) {
                                    (None, _) => named_args = Some(name.is_some()),
                                    (Some(true), None) | (Some(false), Some(_)) => {
                                        return self.err(aspan, "expected all or none of the arguments to be named");
                                    }
                                    _ => {}
                                }
                                if let Some(n) = name {
                                    entry_args.push((n, ty.clone(), aspan));
                                }
                                arg_types.push(ty);
                                arg_attrs.push(attrs);
                            }
                            Rule::func_results => {
                                for r in s.into_inner() {
                                    let mut it = r.into_inner();
                                    let ty = self.lower_type(it.next().unwrap())?;
                                    let attrs = match it.next() {
                                        Some(d) => self.lower_dict(d)?,
                                        None => Dict::default(),
                                    };
                                    result_types.push(ty);
                                    res_attrs.push(attrs);
                                }
                            }
                            _ => {}
                        }
                    }
                }
                Rule::dict_attr => {
                    let d = self.lower_dict(k)?;
                    for (n, v) in d.0 {
                        if n == "sym_name" || n == "function_type" {
                            return self.err(span, format!("'{n}' is reserved for the function's own attribute"));
                        }
                        self.m.op_mut(op).attrs.insert(n, v);
                    }
                }
                Rule::region => body = Some(k),
                _ => {}
            }
        }
        let attrs = &mut self.m.op_mut(op).attrs;
        attrs.insert("function_type", Attr::Type(Type::Function(arg_types, result_types)));
        if arg_attrs.iter().any(|d| !d.is_empty()) {
            attrs.insert("arg_attrs", Attr::Array(arg_attrs.into_iter().map(Attr::Dict).collect()));
        }
        if res_attrs.iter().any(|d| !d.is_empty()) {
            attrs.insert("res_attrs", Attr::Array(res_attrs.into_iter().map(Attr::Dict).collect()));
        }
        if let Some(body) = body {
            if named_args == Some(false) {
                return self.err(span, "expected named arguments for a function with a body");
            }
            let r = self.lower_region(op, body, entry_args, true)?;
            // An empty body `{}` makes the function external, as in MLIR.
            if self.m.region(r).blocks.is_empty() {
                self.m.op_mut(op).regions.pop();
            }
        }
        Ok(op)
    }

    /// `return`, `stablehlo.return`, `sdy.return`, `mpmd.return`: operands with a type list.
    pub fn lower_return_like(&mut self, kind: OpKind, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        let op = self.new_op(kind, span);
        let mut uses = vec![];
        let mut types = vec![];
        for k in p.into_inner() {
            match k.as_rule() {
                Rule::value_list => uses = k.into_inner().collect(),
                Rule::type_list_bare => types = self.lower_type_list(k)?,
                Rule::dict_attr | Rule::attr_dict => {
                    let d = self.lower_dict_any(k)?;
                    self.m.op_mut(op).attrs = d;
                }
                _ => {}
            }
        }
        self.add_operands_typed(op, &uses, &types, span)?;
        Ok(op)
    }

    /// `call @f(%a) : (T) -> U` (func.call and mpmd.call).
    pub fn lower_call(&mut self, kind: OpKind, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        let op = self.new_op(kind, span);
        let mut uses = vec![];
        for k in p.into_inner() {
            match k.as_rule() {
                Rule::symbol_ref => {
                    let r = self.lower_symbol_ref(&k)?;
                    self.m.op_mut(op).attrs.insert("callee", r);
                }
                Rule::value_list => uses = k.into_inner().collect(),
                Rule::dict_attr | Rule::attr_dict => {
                    let d = self.lower_dict_any(k)?;
                    for (n, v) in d.0 {
                        self.m.op_mut(op).attrs.insert(n, v);
                    }
                }
                Rule::function_type => {
                    let (ins, outs) = self.lower_function_type(k)?;
                    self.add_operands_typed(op, &uses, &ins, span)?;
                    self.add_results(op, outs);
                }
                _ => {}
            }
        }
        Ok(op)
    }

    /// `arith.constant {attrs} VALUE`: the result type is the value's type.
    fn lower_arith_constant(&mut self, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        let op = self.new_op(OpKind::Arith(crate::ops::ArithOp::Constant), span);
        let mut value = None;
        for k in p.into_inner() {
            match k.as_rule() {
                Rule::attr_dict => {
                    let d = self.lower_dict_any(k)?;
                    for (n, v) in d.0 {
                        self.m.op_mut(op).attrs.insert(n, v);
                    }
                }
                Rule::attribute => value = Some((span_of(&k), self.lower_attr(k)?)),
                _ => {}
            }
        }
        let Some((vspan, value)) = value else { return self.err(span, "expected a constant value") };
        let ty = match &value {
            Attr::Dense(d) => d.ty.clone(),
            Attr::Int(IntAttr { ty: Some(t), .. }) => Type::Elem(t.clone()),
            Attr::Float(f) => Type::Elem(ElemType::Float(f.kind)),
            Attr::Bool(_) => Type::Elem(ElemType::I1),
            _ => return self.err(vspan, "arith.constant needs a typed value"),
        };
        self.m.op_mut(op).attrs.insert("value", value);
        self.add_results(op, [ty]);
        Ok(op)
    }

    /// Adds `name = value` keyword attributes and attr-dict entries of a test op.
    fn lower_keyword_attrs(&mut self, op: OpId, parts: &[Pair<'_, Rule>]) -> PResult<()> {
        for k in parts {
            match k.as_rule() {
                Rule::keyword_attr => {
                    let kv = kids(k);
                    // The keyword `iter` names the ODS attribute `iteration`.
                    let name = match kv[0].as_str() {
                        "iter" => "iteration",
                        other => other,
                    };
                    let value = match kv[1].as_rule() {
                        Rule::string_lit => Attr::Str(unquote(self, &kv[1])?, None),
                        _ => self.lower_attr(kv[1].clone())?,
                    };
                    // The formats elide the attributes' types; give them their ODS types.
                    let value = match (name, value) {
                        ("max_ulp_difference" | "min_ulp_difference", Attr::Int(i)) if i.value >= 0 => {
                            Attr::Int(IntAttr {
                                value: i.value,
                                ty: Some(ElemType::Int { width: 64, signedness: Signedness::Unsigned }),
                            })
                        }
                        ("iteration", Attr::Int(i)) if (0..=u32::MAX as i128).contains(&i.value) => {
                            Attr::Int(IntAttr {
                                value: i.value,
                                ty: Some(ElemType::Int { width: 32, signedness: Signedness::Unsigned }),
                            })
                        }
                        (_, v) => v,
                    };
                    self.m.op_mut(op).attrs.insert(name, value);
                }
                Rule::attr_dict => {
                    let d = self.lower_dict_any(k.clone())?;
                    for (n, v) in d.0 {
                        self.m.op_mut(op).attrs.insert(n, v);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// `tolerance = X`: an F64Attr, whose type the format elides.
    fn lower_tolerance(&mut self, op: OpId, p: &Pair<'_, Rule>) -> PResult<()> {
        let span = span_of(p);
        let value = match self.lower_attr(p.clone())? {
            Attr::Float(f) => f.to_f64(),
            Attr::Int(i) => i.value as f64,
            _ => return self.err(span, "tolerance must be a float"),
        };
        let bits = crate::float::f64_to_bits(FloatKind::F64, value);
        self.m.op_mut(op).attrs.insert("tolerance", Attr::Float(FloatAttr { kind: FloatKind::F64, bits }));
        Ok(())
    }

    fn lower_check_const(&mut self, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        let k = kids(&p);
        let kind = if k[0].as_str() == "check.expect_eq_const" {
            OpKind::Check(CheckOp::ExpectEqConst)
        } else {
            OpKind::Check(CheckOp::ExpectAlmostEqConst)
        };
        let op = self.new_op(kind, span);
        let value = self.lower_attr(k[2].clone())?;
        let ty = match &value {
            Attr::Dense(d) => Some(d.ty.clone()),
            _ => None,
        };
        self.add_operand(op, &k[1], ty.as_ref())?;
        self.m.op_mut(op).attrs.insert("value", value);
        let mut rest = &k[3..];
        if rest.first().is_some_and(|r| r.as_rule() == Rule::tolerance_kw) {
            self.lower_tolerance(op, &rest[1])?;
            rest = &rest[2..];
        }
        self.lower_keyword_attrs(op, rest)?;
        Ok(op)
    }

    fn lower_check_binary(&mut self, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        let k = kids(&p);
        let kind = match k[0].as_str() {
            "check.expect_eq" => OpKind::Check(CheckOp::ExpectEq),
            _ => OpKind::Check(CheckOp::ExpectAlmostEq),
        };
        let op = self.new_op(kind, span);
        let ty = self.lower_type(k.last().unwrap().clone())?;
        let mut rest = &k[3..k.len() - 1];
        if rest.first().is_some_and(|r| r.as_rule() == Rule::tolerance_kw) {
            self.lower_tolerance(op, &rest[1])?;
            rest = &rest[2..];
        }
        self.lower_keyword_attrs(op, rest)?;
        self.add_operands_typed(op, &k[1..3], &[ty.clone(), ty], span)?;
        Ok(op)
    }

    fn lower_check_close(&mut self, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        let k = kids(&p);
        let op = self.new_op(OpKind::Check(CheckOp::ExpectClose), span);
        let n = k.len();
        let types = vec![self.lower_type(k[n - 2].clone())?, self.lower_type(k[n - 1].clone())?];
        self.lower_keyword_attrs(op, &k[3..n - 2])?;
        self.add_operands_typed(op, &k[1..3], &types, span)?;
        Ok(op)
    }

    fn lower_check_serialized(&mut self, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        let k = kids(&p);
        let op = self.new_op(OpKind::Check(CheckOp::ExpectSerializedEq), span);
        let ty = self.lower_type(k.last().unwrap().clone())?;
        self.lower_keyword_attrs(op, &k[2..k.len() - 1])?;
        self.add_operand(op, &k[1], Some(&ty))?;
        Ok(op)
    }

    fn lower_interpreter_unary(&mut self, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
        let kind = if p.as_rule() == Rule::interpreter_print {
            OpKind::Interpreter(InterpreterOp::Print)
        } else {
            OpKind::Interpreter(InterpreterOp::Probe)
        };
        // k[0] is the keyword, k[1] the operand, then keyword attributes, attr-dict and the type.
        let k = kids(&p);
        let op = self.new_op(kind, span);
        let ty = self.lower_type(k.last().unwrap().clone())?;
        self.lower_keyword_attrs(op, &k[2..k.len() - 1])?;
        self.add_operand(op, &k[1], Some(&ty))?;
        if kind == OpKind::Interpreter(InterpreterOp::Probe) {
            self.add_results(op, [ty]);
        }
        Ok(op)
    }

    /// Looks up an attribute alias.
    pub fn attr_alias(&self, name: &str, span: Span) -> PResult<Attr> {
        match self.attr_aliases.get(name) {
            Some(a) => Ok(a.clone()),
            None => self.err(span, format!("undefined symbol alias id '{name}'")),
        }
    }

    pub fn type_alias(&self, name: &str, span: Span) -> PResult<Type> {
        match self.type_aliases.get(name) {
            Some(t) => Ok(t.clone()),
            None => self.err(span, format!("undefined symbol alias id '{name}'")),
        }
    }
}

/// Whether an `operation` pair is a result-less `module` (custom or generic form).
fn is_module_op(p: &Pair<'_, Rule>) -> bool {
    let mut it = p.clone().into_inner();
    match it.next() {
        Some(k) if k.as_rule() == Rule::builtin_module => true,
        Some(k) if k.as_rule() == Rule::generic_op => {
            k.into_inner().next().is_some_and(|n| n.as_str() == "\"builtin.module\"")
        }
        _ => false,
    }
}

/// Whether regions of this op are isolated from above (their own SSA scope).
pub fn is_isolated(kind: Option<OpKind>) -> bool {
    kind.is_some_and(|k| k.has(crate::ops::Traits::ISOLATED_FROM_ABOVE))
}

/// Decodes a `string_lit` pair's escapes.
///
/// A bad escape is reported as MLIR's lexer does: "unknown escape in string
/// literal" at its backslash.
pub fn unquote(lw: &Lowerer<'_>, p: &Pair<'_, Rule>) -> PResult<Vec<u8>> {
    decode_string(p.as_str()).ok_or(()).or_else(|()| {
        let span = span_of(p);
        let at = span.start as usize + bad_escape(p.as_str()).unwrap_or(0);
        lw.err(Span::new(at, at + 1), "unknown escape in string literal")
    })
}

/// The byte offset of the first backslash in `lit` that starts no valid
/// escape (`\"`, `\\`, `\n`, `\t` or two hex digits).
fn bad_escape(lit: &str) -> Option<usize> {
    let b = lit.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            let next = b.get(i + 1).copied().unwrap_or(0);
            if matches!(next, b'"' | b'\\' | b'n' | b't') {
                i += 2;
                continue;
            }
            if next.is_ascii_hexdigit() && b.get(i + 2).is_some_and(|c| c.is_ascii_hexdigit()) {
                i += 3;
                continue;
            }
            return Some(i);
        }
        i += 1;
    }
    None
}

fn unquote_lossy(s: &str) -> String {
    decode_string(s).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_else(|| s.to_string())
}

/// Decodes an MLIR string literal (with its quotes): `\"`, `\\`, `\n`, `\t`, `\XX`.
pub fn decode_string(lit: &str) -> Option<Vec<u8>> {
    let b = lit.as_bytes();
    if b.len() < 2 || b[0] != b'"' || b[b.len() - 1] != b'"' {
        return None;
    }
    let inner = &b[1..b.len() - 1];
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        if inner[i] == b'\\' {
            let c = *inner.get(i + 1)?;
            match c {
                b'"' | b'\\' => {
                    out.push(c);
                    i += 2;
                }
                b'n' => {
                    out.push(b'\n');
                    i += 2;
                }
                b't' => {
                    out.push(b'\t');
                    i += 2;
                }
                _ => {
                    let hex = std::str::from_utf8(inner.get(i + 1..i + 3)?).ok()?;
                    out.push(u8::from_str_radix(hex, 16).ok()?);
                    i += 3;
                }
            }
        } else {
            out.push(inner[i]);
            i += 1;
        }
    }
    Some(out)
}

/// The name in a `symbol_name` pair (`@foo` or `@"foo bar"`).
pub fn symbol_text(lw: &Lowerer<'_>, p: &Pair<'_, Rule>) -> PResult<String> {
    let s = &p.as_str()[1..];
    if s.starts_with('"') {
        let b = decode_string(s).ok_or_else(|| Diagnostic::error(span_of(p), "invalid symbol name"))?;
        String::from_utf8(b).or_else(|_| lw.err(span_of(p), "symbol name is not valid UTF-8"))
    } else {
        Ok(s.to_string())
    }
}
