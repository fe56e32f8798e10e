//! The HLO evaluator: runs a computation's instructions in text order (operands are always defined
//! earlier, so text order is a valid schedule) and dispatches each with one exhaustive `match` over
//! `HloOp`, mapping the opcode's attributes onto the kernels of `crate::ops`.
//!
//! Values: arrays are `Value::Tensor` (layouts do not change logical values; only `bitcast` reads
//! them), tuples `Value::Tuple`, `token[]` `Value::Token`. Every instruction's value is checked
//! against its declared shape.
//!
//! Calls: `call`, `fusion` (the fused computation, as `HloEvaluator::HandleFusion`), `while`,
//! `conditional` (a `pred` selects `true_computation` / `false_computation`; an `s32` index selects
//! `branch_computations[i]`, out of range the last), and the computations of `reduce`, `sort`, `map`,
//! `scatter`, `reduce-window`, `select-and-scatter` and collectives each run as a fresh activation.
//!
//! Async (§2 of `hlo-text-and-async.md`, with `HloEvaluator`'s eager reading): `async-start` runs its
//! wrapped computation at once and yields `((operands), result, context...)` with zero contexts;
//! `async-update` passes its operand through (appending late-bound operands); `async-done` yields
//! element {1}. A chain whose start has fewer operands than its wrapped computation has parameters
//! (late binding) runs when the last operand arrives. The dedicated pairs: `all-reduce-start` is the
//! all-reduce (its `-done` forwards it); `all-gather-start` / `collective-permute-start` yield
//! `(operand, result, context...)` and their `-done` element {1}; `copy-start` yields
//! `(operand, operand, 0)` and `copy-done` element {0}; `send` / `recv` yield `(data, 0, token)` and
//! their dones a token / `(data, token)`. Pairing is checked as the run goes: a done or update whose
//! operand is not a start (or update) of its kind, a chain finished twice, and a start that its
//! computation leaves without a done are located errors.
//!
//! Send/recv: sends queue their data on the device, in program order. Without a
//! `_xla_send_recv_source_target_pairs` frontend attribute a `recv-done` takes the oldest data sent on
//! its `channel_id` by this device (a loopback). With one, the transfer is a collective permute over
//! those pairs (partition ids when the module has several partitions, else replica ids), met at the
//! `recv-done`: each device contributes its oldest send with the same pairs and receives its source's
//! (zeros when it is no target), so send/recv pipelines through loops work whatever their channel
//! ids. A `send-done` / `recv-done` may reach its start through tuples (loop-carried contexts, as XLA's
//! verifier allows); pairing is then not checked, and a start is checked for its done only when that
//! done is in the same computation.

mod collectives;

use std::collections::{BTreeMap, HashMap, VecDeque};

use shardref_spec::hlo as sh;
use shardref_spec::ir::stablehlo::DotDimensionNumbers;
use shardref_spec::ir::{ElemType, Module, OpId, Signedness, Span, TensorType, Type, ValueDef, ValueId};
use shardref_spec::ops::{HloOp, StablehloOp};
use shardref_spec::schema::{Field, kind};

use super::attrs as a;
use crate::error::{IResult, InterpError};
use crate::eval::{Interp, scalar_at, value_has_type};
use crate::ops;
use crate::value::{Buffer, Repr, Tensor, Value};
use collectives::Kind;

/// HLO's unary elementwise opcodes that are StableHLO ops of the same meaning.
pub const UNARY: &[(HloOp, StablehloOp)] = &[
    (HloOp::Abs, StablehloOp::Abs),
    (HloOp::Cbrt, StablehloOp::Cbrt),
    (HloOp::Ceil, StablehloOp::Ceil),
    (HloOp::Clz, StablehloOp::CountLeadingZeros),
    (HloOp::Cos, StablehloOp::Cosine),
    (HloOp::Exp, StablehloOp::Exponential),
    (HloOp::Expm1, StablehloOp::ExponentialMinusOne),
    (HloOp::Floor, StablehloOp::Floor),
    (HloOp::Imag, StablehloOp::Imag),
    (HloOp::IsFinite, StablehloOp::IsFinite),
    (HloOp::Log, StablehloOp::Log),
    (HloOp::Log1p, StablehloOp::LogPlusOne),
    (HloOp::Logistic, StablehloOp::Logistic),
    (HloOp::Negate, StablehloOp::Negate),
    (HloOp::Not, StablehloOp::Not),
    (HloOp::PopulationCount, StablehloOp::Popcnt),
    (HloOp::Real, StablehloOp::Real),
    (HloOp::RoundNearestAfz, StablehloOp::RoundNearestAfz),
    (HloOp::RoundNearestEven, StablehloOp::RoundNearestEven),
    (HloOp::Rsqrt, StablehloOp::Rsqrt),
    (HloOp::Sign, StablehloOp::Sign),
    (HloOp::Sin, StablehloOp::Sine),
    (HloOp::Sqrt, StablehloOp::Sqrt),
    (HloOp::Tan, StablehloOp::Tan),
    (HloOp::Tanh, StablehloOp::Tanh),
];

/// HLO's unary elementwise opcodes that are CHLO functions.
pub const CHLO_UNARY: &[(HloOp, ops::chlo::Unary)] = &[
    (HloOp::Acos, ops::chlo::Unary::Acos),
    (HloOp::Acosh, ops::chlo::Unary::Acosh),
    (HloOp::Asin, ops::chlo::Unary::Asin),
    (HloOp::Asinh, ops::chlo::Unary::Asinh),
    (HloOp::Atan, ops::chlo::Unary::Atan),
    (HloOp::Atanh, ops::chlo::Unary::Atanh),
    (HloOp::Cosh, ops::chlo::Unary::Cosh),
    (HloOp::Erf, ops::chlo::Unary::Erf),
    (HloOp::Sinh, ops::chlo::Unary::Sinh),
];

/// HLO's binary elementwise opcodes that are StableHLO ops of the same meaning.
pub const BINARY: &[(HloOp, StablehloOp)] = &[
    (HloOp::Add, StablehloOp::Add),
    (HloOp::And, StablehloOp::And),
    (HloOp::Atan2, StablehloOp::Atan2),
    (HloOp::Complex, StablehloOp::Complex),
    (HloOp::Divide, StablehloOp::Divide),
    (HloOp::Maximum, StablehloOp::Maximum),
    (HloOp::Minimum, StablehloOp::Minimum),
    (HloOp::Multiply, StablehloOp::Multiply),
    (HloOp::Or, StablehloOp::Or),
    (HloOp::Power, StablehloOp::Power),
    (HloOp::Remainder, StablehloOp::Remainder),
    (HloOp::ShiftLeft, StablehloOp::ShiftLeft),
    (HloOp::ShiftRightArithmetic, StablehloOp::ShiftRightArithmetic),
    (HloOp::ShiftRightLogical, StablehloOp::ShiftRightLogical),
    (HloOp::Subtract, StablehloOp::Subtract),
    (HloOp::Xor, StablehloOp::Xor),
];

fn lookup<T: Copy>(table: &[(HloOp, T)], k: HloOp) -> Option<T> {
    table.iter().find(|(h, _)| *h == k).map(|&(_, t)| t)
}

/// One computation, prepared for evaluation.
pub struct Comp {
    pub instrs: Vec<OpId>,
    pub root: OpId,
    /// The `parameter` instructions, by number.
    pub params: Vec<OpId>,
    /// The position in `instrs` of each instruction's result.
    slot: HashMap<ValueId, usize>,
}

/// Every computation of a module, prepared once per run and shared by the devices.
pub struct Program {
    pub entry: OpId,
    comps: HashMap<OpId, Comp>,
}

impl Program {
    pub fn new(m: &Module) -> IResult<Program> {
        if !sh::is_hlo_module(m) {
            return Err(InterpError::invalid(Span::NONE, "not an HLO module"));
        }
        let entry = sh::entry(m).ok_or_else(|| InterpError::invalid(Span::NONE, "the module has no computation"))?;
        let mut comps = HashMap::new();
        for c in sh::computations(m) {
            let instrs = sh::instructions(m, c);
            let span = m.op(c).span;
            let root = sh::root(m, c).ok_or_else(|| InterpError::invalid(span, "computation without instructions"))?;
            let mut numbered: BTreeMap<i64, OpId> = BTreeMap::new();
            let mut slot = HashMap::new();
            for (i, &op) in instrs.iter().enumerate() {
                let o = m.op(op);
                if o.results.len() != 1 {
                    return Err(InterpError::invalid(o.span, "an HLO instruction has one result"));
                }
                slot.insert(o.results[0], i);
                if sh::opcode(m, op) == Some(HloOp::Parameter) {
                    let n = a::Parameter::of(o).parameter_number().get().unwrap_or(-1);
                    if numbered.insert(n, op).is_some() {
                        return Err(InterpError::invalid(o.span, format!("parameter number {n} is used twice")));
                    }
                }
            }
            if numbered.keys().enumerate().any(|(i, &n)| n != i as i64) {
                return Err(InterpError::invalid(
                    span,
                    format!(
                        "the parameters of computation {} are not numbered 0..{}",
                        sh::name_of(m, c),
                        numbered.len()
                    ),
                ));
            }
            comps.insert(c, Comp { instrs, root, params: numbered.into_values().collect(), slot });
        }
        Ok(Program { entry, comps })
    }

    pub fn comp(&self, c: OpId) -> IResult<&Comp> {
        self.comps
            .get(&c)
            .ok_or_else(|| InterpError::invalid(Span::NONE, "reference to a computation that does not exist"))
    }
}

/// The evaluator of one device: the interpreter (fuel, limits, device), the program, the call depth.
pub struct Exec<'a, 'm> {
    pub it: &'a mut Interp<'m>,
    pub prog: &'a Program,
    pub depth: usize,
    /// The counter of `rng` (see `ops::rng`), advanced in execution order.
    rng_counter: u64,
    /// Data sent and not received yet, oldest first: (channel, source-target pairs text, data).
    sent: VecDeque<(i64, Option<String>, Value)>,
    /// Constants decoded from their literal text, by instruction: a constant inside a loop body
    /// is decoded once per run, not once per iteration.
    constants: HashMap<OpId, Value>,
}

/// What an async chain (generic or dedicated) is doing.
struct Chain {
    /// The wrapped computation's operands so far (generic chains with late binding).
    operands: Vec<Value>,
    /// The wrapped computation's result, once it has run.
    result: Option<Value>,
}

/// What the `-done` of a dedicated pair yields from its start's value.
#[derive(Clone, Copy)]
enum Project {
    Whole,
    Element(usize),
    Token,
    /// The data its `recv` receives, and a token.
    Received,
}

/// One activation of a computation.
struct Act {
    vals: Vec<Option<Value>>,
    args: Vec<Value>,
    /// Async chains started in this activation and not done yet, by their start instruction.
    open: BTreeMap<OpId, Chain>,
}

fn u32_scalar(x: u32) -> Value {
    Value::Tensor(Tensor::new(
        vec![],
        ElemType::Int { width: 32, signedness: Signedness::Unsigned },
        Buffer::U32(vec![x].into()),
    ))
}

/// The zero value of a shape (async contexts, values of devices outside a collective's targets).
pub fn zero_value(ty: &Type, span: Span) -> IResult<Value> {
    match ty {
        Type::Tensor(t) => {
            let shape = static_dims(t, span)?;
            let repr =
                Repr::of(&t.elem).ok_or_else(|| InterpError::unsupported(span, format!("element type {}", t.elem)))?;
            let n = crate::value::checked_numel(&shape).map_err(|e| e.at(span))?;
            Ok(Value::Tensor(Tensor::new(shape, t.elem.clone(), Buffer::zeros(repr, n))))
        }
        Type::Tuple(ts) => Ok(Value::Tuple(ts.iter().map(|t| zero_value(t, span)).collect::<IResult<_>>()?)),
        Type::Token => Ok(Value::Token),
        other => Err(InterpError::unsupported(span, format!("values of type {other}"))),
    }
}

fn static_dims(t: &TensorType, span: Span) -> IResult<Vec<usize>> {
    t.static_shape()
        .map(|s| s.into_iter().map(|d| d as usize).collect())
        .ok_or_else(|| InterpError::unsupported(span, "unbounded dynamic dimensions"))
}

/// Upper bound of the bytes of a value of this shape.
pub fn type_bytes(t: &Type) -> u64 {
    match t {
        Type::Tensor(tt) => crate::value::type_elements_saturating(tt).saturating_mul(tt.elem.storage_bytes() as u64),
        Type::Tuple(ts) => ts.iter().map(type_bytes).fold(0u64, u64::saturating_add),
        _ => 0,
    }
}

fn type_elements(t: &Type) -> u64 {
    match t {
        Type::Tensor(tt) => crate::value::type_elements_saturating(tt),
        Type::Tuple(ts) => ts.iter().map(type_elements).fold(0u64, u64::saturating_add),
        _ => 0,
    }
}

fn tensor_of(v: Value, span: Span) -> IResult<Tensor> {
    match v {
        Value::Tensor(t) => Ok(t),
        _ => Err(InterpError::invalid(span, "expected an array operand")),
    }
}

fn element(v: &Value, i: usize, span: Span) -> IResult<Value> {
    match v {
        Value::Tuple(items) => {
            items.get(i).cloned().ok_or_else(|| InterpError::invalid(span, format!("tuple has no element {i}")))
        }
        _ => Err(InterpError::invalid(span, "expected a tuple")),
    }
}

/// One value, or a tuple of several (HLO's variadic results).
fn one_or_tuple(mut vs: Vec<Value>) -> Value {
    if vs.len() == 1 { vs.pop().unwrap_or(Value::Token) } else { Value::Tuple(vs) }
}

impl<'a, 'm> Exec<'a, 'm> {
    pub fn new(it: &'a mut Interp<'m>, prog: &'a Program) -> Exec<'a, 'm> {
        Exec { it, prog, depth: 0, rng_counter: 0, sent: VecDeque::new(), constants: HashMap::new() }
    }

    fn m(&self) -> &'m Module {
        self.it.m
    }

    /// Runs computation `comp` on `args` and returns its root's value.
    pub fn call(&mut self, comp: OpId, args: Vec<Value>, at: Span) -> IResult<Value> {
        let m = self.m();
        let max = self.it.limits().max_call_depth;
        if self.depth >= max {
            return Err(InterpError::exhausted(at, format!("call depth exceeds {max}")));
        }
        let prog = self.prog;
        let c = prog.comp(comp).map_err(|e| e.at(at))?;
        if c.params.len() != args.len() {
            return Err(InterpError::invalid(
                at,
                format!(
                    "computation {} takes {} parameters, given {}",
                    sh::name_of(m, comp),
                    c.params.len(),
                    args.len()
                ),
            ));
        }
        for (&p, v) in c.params.iter().zip(&args) {
            let ty = m.value_type(m.op(p).results[0]);
            if !value_has_type(v, ty) {
                return Err(InterpError::invalid(
                    at,
                    format!(
                        "parameter {} of computation {} has shape {}, given a value of another shape",
                        sh::name_of(m, p),
                        sh::name_of(m, comp),
                        sh::shape::print_shape(ty)
                    ),
                ));
            }
        }
        let mut act = Act { vals: vec![None; c.instrs.len()], args, open: BTreeMap::new() };
        self.depth += 1;
        let r = self.run_instrs(c, &mut act);
        self.depth -= 1;
        r?;
        if let Some((&start, _)) = act.open.iter().next() {
            let o = m.op(start);
            return Err(InterpError::invalid(
                o.span,
                format!(
                    "{} {} has no matching done in computation {}",
                    sh::opcode(m, start).map(sh::opcode_name).unwrap_or("async-start"),
                    sh::name_of(m, start),
                    sh::name_of(m, comp)
                ),
            ));
        }
        let i = c.slot.get(&m.op(c.root).results[0]).copied().unwrap_or(0);
        act.vals[i].take().ok_or_else(|| InterpError::invalid(at, "the root has no value"))
    }

    fn run_instrs(&mut self, c: &Comp, act: &mut Act) -> IResult<()> {
        let m = self.m();
        for (i, &op) in c.instrs.iter().enumerate() {
            let o = m.op(op);
            let ty = m.value_type(o.results[0]);
            // The budget first: a shape it refuses has no element count to charge.
            let bytes = type_bytes(ty);
            let budget = self.it.limits().max_value_bytes;
            if bytes > budget {
                return Err(InterpError::exhausted(o.span, crate::value::over_budget_message(false, bytes, budget)));
            }
            self.it.charge_op(op, type_elements(ty).max(1))?;
            let v = self.instr(c, act, op).map_err(|e| e.at(o.span))?;
            if !value_has_type(&v, ty) {
                return Err(InterpError::invalid(
                    o.span,
                    format!(
                        "{} computed a value that does not have its shape {}",
                        sh::name_of(m, op),
                        sh::shape::print_shape(ty)
                    ),
                ));
            }
            act.vals[i] = Some(v);
        }
        Ok(())
    }

    /// The value of operand `v` in the activation.
    fn get<'x>(&self, c: &Comp, act: &'x Act, v: ValueId, span: Span) -> IResult<&'x Value> {
        c.slot
            .get(&v)
            .and_then(|&i| act.vals.get(i))
            .and_then(Option::as_ref)
            .ok_or_else(|| InterpError::invalid(span, "use of a value before its definition"))
    }

    fn operands(&self, c: &Comp, act: &Act, op: OpId) -> IResult<Vec<Value>> {
        let o = self.m().op(op);
        o.operands.iter().map(|&v| self.get(c, act, v, o.span).cloned()).collect()
    }

    fn tensors(&self, c: &Comp, act: &Act, op: OpId) -> IResult<Vec<Tensor>> {
        let span = self.m().op(op).span;
        self.operands(c, act, op)?.into_iter().map(|v| tensor_of(v, span)).collect()
    }

    fn result_ty(&self, op: OpId) -> &'m Type {
        let m = self.m();
        m.value_type(m.op(op).results[0])
    }

    fn result_tensor(&self, op: OpId) -> IResult<&'m TensorType> {
        match self.result_ty(op) {
            Type::Tensor(t) => Ok(t),
            _ => Err(InterpError::invalid(self.m().op(op).span, "expected an array shape")),
        }
    }

    fn result_dims(&self, op: OpId) -> IResult<Vec<usize>> {
        static_dims(self.result_tensor(op)?, self.m().op(op).span)
    }

    /// The computation a computation-reference field names; an error when absent or undefined.
    fn called(&self, f: Field<'_, kind::HloComp>) -> IResult<OpId> {
        sh::called(self.m(), f)
            .ok_or_else(|| InterpError::invalid(f.span, format!("attribute {} is expected but not seen", f.name)))
    }

    /// Runs a computation as a kernel body: scalars (or any values) in, its root's value(s) out.
    fn body(&mut self, comp: OpId, args: Vec<Tensor>, span: Span) -> IResult<Vec<Tensor>> {
        let v = self.call(comp, args.into_iter().map(Value::Tensor).collect(), span)?;
        match v {
            Value::Tensor(t) => Ok(vec![t]),
            Value::Tuple(items) => items.into_iter().map(|x| tensor_of(x, span)).collect(),
            Value::Token | Value::Future(_) => Err(InterpError::invalid(span, "a computation body must return arrays")),
        }
    }

    /// The StableHLO op a two-parameter computation applies, when its root is that elementwise op of
    /// parameters 0 and 1 on scalars of `elem` (so kernels may apply it to whole arrays).
    pub fn single_binary(&self, comp: OpId, elem: &ElemType) -> Option<StablehloOp> {
        let m = self.m();
        let c = self.prog.comp(comp).ok()?;
        let [p0, p1] = c.params[..] else { return None };
        if c.instrs.len() != 3 {
            return None;
        }
        let k = lookup(BINARY, sh::opcode(m, c.root)?)?;
        let scalar = Type::Tensor(TensorType::ranked(vec![], elem.clone()));
        let ok = m.op(c.root).operands == [m.op(p0).results[0], m.op(p1).results[0]]
            && [p0, p1, c.root].iter().all(|&x| sh::shape::compatible(m.value_type(m.op(x).results[0]), &scalar));
        ok.then_some(k)
    }

    fn instr(&mut self, c: &Comp, act: &mut Act, op: OpId) -> IResult<Value> {
        use HloOp as H;
        let m = self.m();
        let o = m.op(op);
        let span = o.span;
        let k = sh::opcode(m, op).ok_or_else(|| InterpError::invalid(span, "not an HLO instruction"))?;
        match k {
            H::Computation => Err(InterpError::invalid(span, "a computation inside a computation")),
            H::Parameter => {
                let n = a::Parameter::of(o).parameter_number().get().unwrap_or(-1);
                usize::try_from(n)
                    .ok()
                    .and_then(|n| act.args.get(n))
                    .cloned()
                    .ok_or_else(|| InterpError::invalid(span, format!("parameter {n} was not given")))
            }
            H::Constant => {
                if let Some(v) = self.constants.get(&op) {
                    return Ok(v.clone());
                }
                let items = a::Constant::of(o)
                    .literal()
                    .get()
                    .ok_or_else(|| InterpError::invalid(span, "constant without a literal"))?;
                let v = super::literal::value(&items, self.result_ty(op), span)?;
                self.constants.insert(op, v.clone());
                Ok(v)
            }
            H::Abs
            | H::Cbrt
            | H::Ceil
            | H::Clz
            | H::Cos
            | H::Exp
            | H::Expm1
            | H::Floor
            | H::Imag
            | H::IsFinite
            | H::Log
            | H::Log1p
            | H::Logistic
            | H::Negate
            | H::Not
            | H::PopulationCount
            | H::Real
            | H::RoundNearestAfz
            | H::RoundNearestEven
            | H::Rsqrt
            | H::Sign
            | H::Sin
            | H::Sqrt
            | H::Tan
            | H::Tanh => {
                let s = lookup(UNARY, k).ok_or_else(|| InterpError::invalid(span, "unary opcode without a kernel"))?;
                let [t] = self.fixed::<1>(c, act, op)?;
                Ok(Value::Tensor(ops::elementwise::unary_owned(s, t, self.result_ty(op))?))
            }
            H::Acos | H::Acosh | H::Asin | H::Asinh | H::Atan | H::Atanh | H::Cosh | H::Erf | H::Sinh => {
                let u =
                    lookup(CHLO_UNARY, k).ok_or_else(|| InterpError::invalid(span, "unary opcode without a kernel"))?;
                let [t] = self.fixed::<1>(c, act, op)?;
                Ok(Value::Tensor(ops::chlo::unary(u, &t)?))
            }
            H::Add
            | H::And
            | H::Atan2
            | H::Complex
            | H::Divide
            | H::Maximum
            | H::Minimum
            | H::Multiply
            | H::Or
            | H::Power
            | H::Remainder
            | H::ShiftLeft
            | H::ShiftRightArithmetic
            | H::ShiftRightLogical
            | H::Subtract
            | H::Xor => {
                let s =
                    lookup(BINARY, k).ok_or_else(|| InterpError::invalid(span, "binary opcode without a kernel"))?;
                let [x, y] = self.fixed::<2>(c, act, op)?;
                Ok(Value::Tensor(ops::elementwise::binary_owned(s, x, y, self.result_ty(op))?))
            }
            H::Mulhi => {
                let [x, y] = self.fixed::<2>(c, act, op)?;
                Ok(Value::Tensor(ops::chlo::binary(ops::chlo::Binary::Mulhi, &x, &y)?))
            }
            H::Compare => {
                let [x, y] = self.fixed::<2>(c, act, op)?;
                let v = a::Compare::of(o);
                let dir = match v.direction().get().as_deref() {
                    Some("EQ") => ops::compare::Direction::Eq,
                    Some("NE") => ops::compare::Direction::Ne,
                    Some("LT") => ops::compare::Direction::Lt,
                    Some("LE") => ops::compare::Direction::Le,
                    Some("GT") => ops::compare::Direction::Gt,
                    Some("GE") => ops::compare::Direction::Ge,
                    _ => return Err(InterpError::invalid(span, "compare needs direction=EQ|NE|LT|LE|GT|GE")),
                };
                // Floats compare in IEEE's partial order unless `type=TOTALORDER` or `order=TOTAL`
                // (XLA's total order: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN); integers
                // and predicates are totally ordered either way.
                let total = match (v.compare_type().get().as_deref(), v.order().get().as_deref()) {
                    (Some("TOTALORDER"), None) | (None, Some("TOTAL")) => true,
                    (Some("FLOAT" | "SIGNED" | "UNSIGNED") | None, None) | (None, Some("PARTIAL")) => false,
                    (t, o) => {
                        return Err(InterpError::invalid(
                            span,
                            format!("compare with type={} and order={}", t.unwrap_or("-"), o.unwrap_or("-")),
                        ));
                    }
                };
                Ok(Value::Tensor(ops::compare::compare(&x, &y, dir, total)?))
            }
            H::Select => {
                let [p, x, y] = self.fixed::<3>(c, act, op)?;
                Ok(Value::Tensor(ops::elementwise::select(&p, &x, &y)?))
            }
            H::Clamp => {
                let [lo, x, hi] = self.fixed::<3>(c, act, op)?;
                Ok(Value::Tensor(ops::elementwise::clamp(&lo, &x, &hi)?))
            }
            H::Convert => {
                let [t] = self.fixed::<1>(c, act, op)?;
                Ok(Value::Tensor(ops::convert::convert(&t, &self.result_tensor(op)?.elem)?))
            }
            H::BitcastConvert => {
                let [t] = self.fixed::<1>(c, act, op)?;
                let rt = self.result_tensor(op)?;
                Ok(Value::Tensor(ops::convert::bitcast_convert(&t, &rt.elem, static_dims(rt, span)?)?))
            }
            H::ReducePrecision => {
                let [t] = self.fixed::<1>(c, act, op)?;
                let v = a::ReducePrecision::of(o);
                let e = u32::try_from(a::req(v.exponent_bits())?)
                    .map_err(|_| InterpError::invalid(span, "exponent_bits must be non-negative"))?;
                let mb = u32::try_from(a::req(v.mantissa_bits())?)
                    .map_err(|_| InterpError::invalid(span, "mantissa_bits must be non-negative"))?;
                Ok(Value::Tensor(ops::convert::reduce_precision(&t, e, mb)?))
            }
            H::StochasticConvert => {
                Err(InterpError::unsupported(span, "stochastic-convert (its rounding draws random bits)"))
            }
            H::Broadcast => {
                let [t] = self.fixed::<1>(c, act, op)?;
                let dims = a::ints_or_empty(a::Broadcast::of(o).dimensions())?;
                Ok(Value::Tensor(ops::shape::broadcast_in_dim(&t, &dims, self.result_dims(op)?)?))
            }
            H::Reshape => {
                let [t] = self.fixed::<1>(c, act, op)?;
                Ok(Value::Tensor(ops::shape::reshape(&t, self.result_dims(op)?)?))
            }
            H::Bitcast => {
                let [t] = self.fixed::<1>(c, act, op)?;
                let src = match self.operand_ty(op, 0) {
                    Type::Tensor(tt) => tt,
                    _ => return Err(InterpError::invalid(span, "bitcast of a non-array")),
                };
                Ok(Value::Tensor(bitcast(&t, src, self.result_tensor(op)?, span)?))
            }
            H::Transpose => {
                let [t] = self.fixed::<1>(c, act, op)?;
                Ok(Value::Tensor(ops::shape::transpose(&t, &a::req(a::Dimensions::of(o).dimensions())?)?))
            }
            H::Reverse => {
                let [t] = self.fixed::<1>(c, act, op)?;
                Ok(Value::Tensor(ops::shape::reverse(&t, &a::req(a::Dimensions::of(o).dimensions())?)?))
            }
            H::Slice => {
                let [t] = self.fixed::<1>(c, act, op)?;
                let (s, l, st) = a::req(a::Slice::of(o).slice())?;
                Ok(Value::Tensor(ops::shape::slice(&t, &s, &l, &st)?))
            }
            H::Concatenate => {
                let ts = self.tensors(c, act, op)?;
                let d = a::req(a::Dimensions::of(o).dimensions())?;
                let [d] = d[..] else { return Err(InterpError::invalid(span, "concatenate needs one dimension")) };
                let refs: Vec<&Tensor> = ts.iter().collect();
                Ok(Value::Tensor(ops::shape::concatenate(&refs, d)?))
            }
            H::Pad => {
                let [t, v] = self.fixed::<2>(c, act, op)?;
                let (lo, hi, inner) = a::req(a::Pad::of(o).padding())?;
                Ok(Value::Tensor(ops::shape::pad(&t, &v, &lo, &hi, &inner)?))
            }
            H::Iota => {
                let rt = self.result_tensor(op)?;
                Ok(Value::Tensor(ops::shape::iota(
                    static_dims(rt, span)?,
                    a::req(a::Iota::of(o).iota_dimension())?,
                    &rt.elem,
                )?))
            }
            H::DynamicSlice => {
                let ts = self.tensors(c, act, op)?;
                let (t, starts) =
                    ts.split_first().ok_or_else(|| InterpError::invalid(span, "dynamic-slice needs an operand"))?;
                let starts = start_indices(t, starts)?;
                Ok(Value::Tensor(ops::shape::dynamic_slice(
                    t,
                    &starts,
                    &a::req(a::DynamicSlice::of(o).dynamic_slice_sizes())?,
                )?))
            }
            H::DynamicUpdateSlice => {
                let ts = self.tensors(c, act, op)?;
                if ts.len() < 2 {
                    return Err(InterpError::invalid(span, "dynamic-update-slice needs an operand and an update"));
                }
                let starts = start_indices(&ts[0], &ts[2..])?;
                Ok(Value::Tensor(ops::shape::dynamic_update_slice(&ts[0], &ts[1], &starts)?))
            }
            H::Dot => {
                let [x, y] = self.fixed::<2>(c, act, op)?;
                let v = a::Dot::of(o);
                let d = DotDimensionNumbers {
                    lhs_batching_dimensions: a::ints_or_empty(v.lhs_batch_dims())?,
                    rhs_batching_dimensions: a::ints_or_empty(v.rhs_batch_dims())?,
                    lhs_contracting_dimensions: a::ints_or_empty(v.lhs_contracting_dims())?,
                    rhs_contracting_dimensions: a::ints_or_empty(v.rhs_contracting_dims())?,
                };
                let rt = self.result_tensor(op)?;
                let contraction = d
                    .lhs_contracting_dimensions
                    .iter()
                    .map(|&i| usize::try_from(i).ok().and_then(|i| x.shape.get(i)).copied().unwrap_or(1) as u64)
                    .fold(1u64, u64::saturating_mul);
                self.it.charge(rt.num_elements().unwrap_or(0).saturating_mul(contraction), span)?;
                Ok(Value::Tensor(ops::dot::dot_general(&x, &y, &d, &rt.elem)?))
            }
            H::Convolution => {
                let [x, y] = self.fixed::<2>(c, act, op)?;
                let v = a::Convolution::of(o);
                let dn = a::req(v.dim_labels())?;
                let w = a::opt(v.window())?.unwrap_or_default();
                let p = ops::conv::ConvWindow {
                    window_strides: w.stride,
                    padding: w.pad,
                    lhs_dilation: w.lhs_dilate,
                    rhs_dilation: w.rhs_dilate,
                    window_reversal: w.rhs_reversal,
                    feature_group_count: a::opt(v.feature_group_count())?.unwrap_or(1),
                    batch_group_count: a::opt(v.batch_group_count())?.unwrap_or(1),
                };
                let rt = self.result_tensor(op)?;
                // Output times the kernel elements feeding one output feature.
                let kernel = (y.num_elements() as u64)
                    / (y.shape.get(dn.kernel_output_feature_dimension as usize).copied().unwrap_or(1).max(1) as u64);
                self.it.charge(rt.num_elements().unwrap_or(0).saturating_mul(kernel), span)?;
                Ok(Value::Tensor(ops::conv::convolution(&x, &y, &dn, &p, &rt.elem)?))
            }
            H::Gather => {
                let [t, idx] = self.fixed::<2>(c, act, op)?;
                let v = a::Gather::of(o);
                let d = ops::gather::GatherDims {
                    offset_dims: a::ints_or_empty(v.offset_dims())?,
                    collapsed_slice_dims: a::ints_or_empty(v.collapsed_slice_dims())?,
                    operand_batching_dims: a::ints_or_empty(v.operand_batching_dims())?,
                    start_indices_batching_dims: a::ints_or_empty(v.start_indices_batching_dims())?,
                    start_index_map: a::ints_or_empty(v.start_index_map())?,
                    index_vector_dim: a::req(v.index_vector_dim())?,
                };
                Ok(Value::Tensor(ops::gather::gather(&t, &idx, &d, &a::req(v.slice_sizes())?)?))
            }
            H::Scatter => self.scatter(c, act, op),
            H::Reduce => self.reduce(c, act, op),
            H::ReduceWindow => {
                let ts = self.tensors(c, act, op)?;
                let n = ts.len() / 2;
                if n == 0 || ts.len() != 2 * n {
                    return Err(InterpError::invalid(span, "reduce-window needs as many init values as inputs"));
                }
                let v = a::ReduceWindow::of(o);
                let w = self.window_for(v.window(), ts[0].rank())?;
                self.it.charge(w.work(&ts[0].shape)?.saturating_mul(n as u64), span)?;
                let comp = self.called(v.to_apply())?;
                let refs: Vec<&Tensor> = ts.iter().collect();
                let out =
                    ops::windows::reduce_window(&refs[..n], &refs[n..], &w, &mut |args| self.body(comp, args, span))?;
                Ok(one_or_tuple(out.into_iter().map(Value::Tensor).collect()))
            }
            H::SelectAndScatter => {
                let [x, src, init] = self.fixed::<3>(c, act, op)?;
                let v = a::SelectAndScatter::of(o);
                let w = self.window_for(v.window(), x.rank())?;
                self.it.charge(w.work(&x.shape)?.saturating_mul(2), span)?;
                let (sel, sca) = (self.called(v.select())?, self.called(v.scatter())?);
                let out = ops::windows::select_and_scatter(&x, &src, &init, &w, &mut |which, args| {
                    let comp = match which {
                        ops::windows::Region::Select => sel,
                        ops::windows::Region::Scatter => sca,
                    };
                    self.body(comp, args, span)
                })?;
                Ok(Value::Tensor(out))
            }
            H::Sort => {
                let ts = self.tensors(c, act, op)?;
                let v = a::Sort::of(o);
                let d = a::req(v.dimensions())?;
                let [d] = d[..] else { return Err(InterpError::invalid(span, "sort needs one dimension")) };
                let comp = self.called(v.to_apply())?;
                let n = ts.first().map_or(0, |t| t.num_elements() as u64);
                self.it.charge(n.saturating_mul(u64::from(64 - n.leading_zeros())), span)?;
                let refs: Vec<&Tensor> = ts.iter().collect();
                // XLA sorts with std::stable_sort when `is_stable=true` and std::sort otherwise.
                let stable = a::opt(v.is_stable())?.unwrap_or(false);
                let out = ops::windows::sort(&refs, d, stable, &mut |args| self.body(comp, args, span))?;
                Ok(one_or_tuple(out.into_iter().map(Value::Tensor).collect()))
            }
            H::Map => {
                let ts = self.tensors(c, act, op)?;
                let comp = self.called(a::Map::of(o).to_apply())?;
                let refs: Vec<&Tensor> = ts.iter().collect();
                Ok(Value::Tensor(ops::windows::map(&refs, &mut |args| self.body(comp, args, span))?))
            }
            H::TopK => {
                let [t] = self.fixed::<1>(c, act, op)?;
                let tk = a::TopK::of(o);
                if a::opt(tk.largest())? == Some(false) {
                    return Err(InterpError::unsupported(span, "topk with largest=false"));
                }
                let (v, i) = ops::chlo::top_k(&t, a::req(tk.k())?)?;
                Ok(Value::Tuple(vec![Value::Tensor(v), Value::Tensor(i)]))
            }
            H::RngBitGenerator => {
                let [state] = self.fixed::<1>(c, act, op)?;
                let alg = match a::RngBitGenerator::of(o).algorithm().get().as_deref() {
                    Some("rng_three_fry") => ops::rng::Algorithm::ThreeFry,
                    // The default algorithm is Philox, as on XLA CPU (see ops::rng).
                    Some("rng_philox") | Some("rng_default") | None => ops::rng::Algorithm::Philox,
                    Some(other) => return Err(InterpError::invalid(span, format!("unknown rng algorithm {other}"))),
                };
                let Type::Tuple(parts) = self.result_ty(op) else {
                    return Err(InterpError::invalid(span, "rng-bit-generator returns (state, bits)"));
                };
                let Some(Type::Tensor(bits)) = parts.get(1) else {
                    return Err(InterpError::invalid(span, "rng-bit-generator returns (state, bits)"));
                };
                let (s, out) = ops::rng::rng_bit_generator(alg, &state, &bits.elem, &static_dims(bits, span)?)?;
                Ok(Value::Tuple(vec![Value::Tensor(s), Value::Tensor(out)]))
            }
            H::Rng => {
                let ts = self.tensors(c, act, op)?;
                let [x, y] = &ts[..] else { return Err(InterpError::invalid(span, "rng takes two operands")) };
                let dist = match a::Rng::of(o).distribution().get().as_deref() {
                    Some("rng_uniform") => ops::rng::Distribution::Uniform,
                    Some("rng_normal") => ops::rng::Distribution::Normal,
                    _ => return Err(InterpError::invalid(span, "rng needs distribution=rng_uniform|rng_normal")),
                };
                let shape = self.result_dims(op)?;
                Ok(Value::Tensor(ops::rng::rng(dist, x, y, &shape, &mut self.rng_counter)?))
            }
            H::RngGetAndUpdateState => Err(InterpError::unsupported(
                span,
                "rng-get-and-update-state (XLA's global RNG state is implementation-defined)",
            )),
            H::Tuple => Ok(Value::Tuple(self.operands(c, act, op)?)),
            H::GetTupleElement => {
                let v = self.operands(c, act, op)?;
                let i = a::req(a::GetTupleElement::of(o).index())?;
                let first =
                    v.first().ok_or_else(|| InterpError::invalid(span, "get-tuple-element needs an operand"))?;
                element(first, usize::try_from(i).unwrap_or(usize::MAX), span)
            }
            H::Copy | H::Domain | H::AddDependency => {
                let v = self.operands(c, act, op)?;
                v.into_iter().next().ok_or_else(|| InterpError::invalid(span, "expected an operand"))
            }
            H::OptimizationBarrier => {
                let v = self.operands(c, act, op)?;
                v.into_iter().next().ok_or_else(|| InterpError::invalid(span, "opt-barrier needs an operand"))
            }
            H::AfterAll => Ok(Value::Token),
            H::PartitionId => Ok(u32_scalar(self.it.device.map_or(0, |d| d.id().partition))),
            H::ReplicaId => Ok(u32_scalar(self.it.device.map_or(0, |d| d.id().replica))),
            H::GetDimensionSize => {
                let [t] = self.fixed::<1>(c, act, op)?;
                let d = a::req(a::Dimensions::of(o).dimensions())?;
                let size = d
                    .first()
                    .and_then(|&d| usize::try_from(d).ok())
                    .and_then(|d| t.shape.get(d))
                    .copied()
                    .ok_or_else(|| InterpError::invalid(span, "dimension out of range"))?;
                let rt = self.result_tensor(op)?;
                Ok(Value::Tensor(Tensor::new(
                    vec![],
                    rt.elem.clone(),
                    ops::convert::from_i64s(&rt.elem, &[size as i64])?,
                )))
            }
            H::SetDimensionSize | H::DynamicReshape => {
                Err(InterpError::unsupported(span, format!("{} (bounded dynamic shapes)", sh::opcode_name(k))))
            }
            H::Call | H::Fusion => {
                let f = if k == H::Call { a::Call::of(o).to_apply() } else { a::Fusion::of(o).calls() };
                let comp = self.called(f)?;
                let args = self.operands(c, act, op)?;
                self.call(comp, args, span)
            }
            H::While => {
                let v = a::While::of(o);
                let cond = self.called(v.condition())?;
                let body = self.called(v.body())?;
                let mut state = self
                    .operands(c, act, op)?
                    .into_iter()
                    .next()
                    .ok_or_else(|| InterpError::invalid(span, "while needs an operand"))?;
                loop {
                    let go = match self.call(cond, vec![state.clone()], span)? {
                        Value::Tensor(t) => ops::elementwise::scalar_bool(&t)?,
                        _ => return Err(InterpError::invalid(span, "a while condition returns pred[]")),
                    };
                    if !go {
                        return Ok(state);
                    }
                    state = self.call(body, vec![state], span)?;
                }
            }
            H::Conditional => {
                let mut vs = self.operands(c, act, op)?.into_iter();
                let sel = tensor_of(
                    vs.next().ok_or_else(|| InterpError::invalid(span, "conditional needs a selector"))?,
                    span,
                )?;
                let branch_args: Vec<Value> = vs.collect();
                let v = a::Conditional::of(o);
                let branches: Vec<OpId> = match v.branch_computations().get() {
                    Some(names) => {
                        names.iter().map(|n| sh::computation(m, n)).collect::<Option<_>>().ok_or_else(|| {
                            InterpError::invalid(span, "branch_computations names a missing computation")
                        })?
                    }
                    None => vec![self.called(v.true_computation())?, self.called(v.false_computation())?],
                };
                let i = if matches!(sel.buf, Buffer::Bool(_)) {
                    if ops::elementwise::scalar_bool(&sel)? { 0 } else { 1 }
                } else {
                    // An index out of range runs the last branch.
                    let n = branches.len() as i64;
                    let x = ops::elementwise::scalar_i64(&sel)?;
                    if (0..n).contains(&x) { x as usize } else { (n - 1).max(0) as usize }
                };
                let comp =
                    *branches.get(i).ok_or_else(|| InterpError::invalid(span, "conditional without branches"))?;
                let arg = branch_args
                    .get(i)
                    .cloned()
                    .ok_or_else(|| InterpError::invalid(span, format!("conditional has no operand for branch {i}")))?;
                self.call(comp, vec![arg], span)
            }
            H::CustomCall => self.custom_call(c, act, op),
            H::BatchNormInference | H::BatchNormTraining | H::BatchNormGrad => {
                let ts = self.tensors(c, act, op)?;
                let v = a::BatchNorm::of(o);
                let eps: f64 = match v.epsilon().opt() {
                    Ok(Some(e)) => e,
                    Ok(None) => return Err(InterpError::invalid(span, "attribute epsilon is expected but not seen")),
                    Err(_) => return Err(InterpError::invalid(span, "epsilon must be a number")),
                };
                let fi = a::req(v.feature_index())?;
                let vals = match (k, &ts[..]) {
                    (H::BatchNormInference, [x, s, b, mean, var]) => {
                        vec![ops::batch_norm::inference(x, s, b, mean, var, eps, fi)?]
                    }
                    (H::BatchNormTraining, [x, s, b]) => {
                        let (y, mean, var) = ops::batch_norm::training(x, s, b, eps, fi)?;
                        vec![y, mean, var]
                    }
                    (H::BatchNormGrad, [x, s, mean, var, dy]) => {
                        let (dx, ds, db) = ops::batch_norm::grad(x, s, mean, var, dy, eps, fi)?;
                        vec![dx, ds, db]
                    }
                    _ => return Err(InterpError::invalid(span, "batch norm has the wrong number of operands")),
                };
                Ok(one_or_tuple(vals.into_iter().map(Value::Tensor).collect()))
            }
            H::Cholesky => {
                let [t] = self.fixed::<1>(c, act, op)?;
                let v = a::Cholesky::of(o);
                let lower = a::option_of(v.lower(), v.cholesky_options()).as_deref() == Some("true");
                let n = t.shape.last().copied().unwrap_or(1) as u64;
                self.it.charge((t.num_elements() as u64).saturating_mul(n), span)?;
                Ok(Value::Tensor(ops::linalg::cholesky(&t, lower)?))
            }
            H::TriangularSolve => {
                let [x, y] = self.fixed::<2>(c, act, op)?;
                let v = a::TriangularSolve::of(o);
                let flag = |f| a::option_of(f, v.triangular_solve_options()).as_deref() == Some("true");
                let tr = match a::option_of(v.transpose_a(), v.triangular_solve_options()).as_deref() {
                    Some("TRANSPOSE") => ops::linalg::TransposeA::Transpose,
                    Some("ADJOINT") => ops::linalg::TransposeA::Adjoint,
                    _ => ops::linalg::TransposeA::No,
                };
                let n = x.shape.last().copied().unwrap_or(1) as u64;
                self.it.charge((y.num_elements() as u64).saturating_mul(n), span)?;
                Ok(Value::Tensor(ops::linalg::triangular_solve(
                    &x,
                    &y,
                    flag(v.left_side()),
                    flag(v.lower()),
                    flag(v.unit_diagonal()),
                    tr,
                )?))
            }
            H::Fft => {
                let [t] = self.fixed::<1>(c, act, op)?;
                let v = a::Fft::of(o);
                let kind = match v.fft_type().get().as_deref() {
                    Some("FFT") => ops::linalg::FftKind::Fft,
                    Some("IFFT") => ops::linalg::FftKind::Ifft,
                    Some("RFFT") => ops::linalg::FftKind::Rfft,
                    Some("IRFFT") => ops::linalg::FftKind::Irfft,
                    _ => return Err(InterpError::invalid(span, "fft needs fft_type=FFT|IFFT|RFFT|IRFFT")),
                };
                let rt = self.result_tensor(op)?;
                let n = t.num_elements().max(rt.num_elements().unwrap_or(0) as usize) as u64;
                self.it.charge(n.saturating_mul(u64::from(64 - n.leading_zeros())), span)?;
                Ok(Value::Tensor(ops::linalg::fft(
                    &t,
                    kind,
                    &a::req(v.fft_length())?,
                    &rt.elem,
                    static_dims(rt, span)?,
                )?))
            }
            H::Outfeed => {
                let mut vals = self.operands(c, act, op)?;
                vals.retain(|v| !matches!(v, Value::Token));
                self.it.outcome.outfeed.push(vals);
                Ok(Value::Token)
            }
            H::Infeed => Err(InterpError::unsupported(span, "infeed (an HLO run has no infeed queue)")),
            H::AllReduce => self.collective(c, act, op, Kind::AllReduce),
            H::AllGather => self.collective(c, act, op, Kind::AllGather),
            H::ReduceScatter => self.collective(c, act, op, Kind::ReduceScatter),
            H::AllToAll => self.collective(c, act, op, Kind::AllToAll),
            H::CollectivePermute => self.collective(c, act, op, Kind::CollectivePermute),
            H::CollectiveBroadcast => self.collective(c, act, op, Kind::CollectiveBroadcast),
            H::RaggedAllToAll | H::CollectiveReduce => {
                Err(InterpError::unsupported(span, format!("{} on simulated devices", sh::opcode_name(k))))
            }
            H::RaggedDot | H::ScaledDot | H::Scan | H::Shuffle => {
                Err(InterpError::unsupported(span, format!("{} has no semantics in shardref yet", sh::opcode_name(k))))
            }
            H::AsyncStart => self.async_start(c, act, op),
            H::AsyncUpdate | H::AsyncDone => self.async_step(c, act, op, k),
            H::AllReduceStart => {
                let args = self.operands(c, act, op)?;
                let v = collectives::run(self, op, Kind::AllReduce, args)?;
                act.open.insert(op, Chain { operands: vec![], result: None });
                Ok(v)
            }
            H::AllGatherStart | H::CollectivePermuteStart => {
                let args = self.operands(c, act, op)?;
                if k == H::CollectivePermuteStart
                    && args.len() == 4
                    && a::CollectivePermute::of(o).slice_sizes().present()
                {
                    return Err(InterpError::unsupported(span, "the in-place (4-operand) collective-permute-start"));
                }
                let wrapped = if k == H::AllGatherStart { Kind::AllGather } else { Kind::CollectivePermute };
                let result = collectives::run(self, op, wrapped, args.clone())?;
                act.open.insert(op, Chain { operands: vec![], result: None });
                let mut items = vec![one_or_tuple(args), result];
                items.extend(self.contexts(op, 2)?);
                Ok(Value::Tuple(items))
            }
            H::CopyStart => {
                let [v] = <[Value; 1]>::try_from(self.operands(c, act, op)?)
                    .map_err(|_| InterpError::invalid(span, "copy-start takes one operand"))?;
                act.open.insert(op, Chain { operands: vec![], result: None });
                let mut items = vec![v.clone(), v];
                items.extend(self.contexts(op, 2)?);
                Ok(Value::Tuple(items))
            }
            H::Send => {
                let vs = self.operands(c, act, op)?;
                let data =
                    vs.into_iter().next().ok_or_else(|| InterpError::invalid(span, "send needs data and a token"))?;
                let ch = a::SendRecv::of(o).channel_id().get().unwrap_or(0);
                let pairs = a::frontend_attribute(a::Instr::of(o), a::frontend::SEND_RECV_SOURCE_TARGET_PAIRS);
                self.sent.push_back((ch, pairs, data.clone()));
                if self.done_in(c, op) {
                    act.open.insert(op, Chain { operands: vec![], result: None });
                }
                let mut items = vec![data];
                items.extend(self.contexts(op, 1)?);
                Ok(Value::Tuple(items))
            }
            H::Recv => {
                if self.done_in(c, op) {
                    act.open.insert(op, Chain { operands: vec![], result: None });
                }
                let Type::Tuple(parts) = self.result_ty(op) else {
                    return Err(InterpError::invalid(span, "recv returns (data, context, token)"));
                };
                let data = zero_value(
                    parts.first().ok_or_else(|| InterpError::invalid(span, "recv returns (data, context, token)"))?,
                    span,
                )?;
                let mut items = vec![data];
                items.extend(self.contexts(op, 1)?);
                Ok(Value::Tuple(items))
            }
            H::AllReduceDone => self.dedicated_done(c, act, op, H::AllReduceStart, Project::Whole),
            H::AllGatherDone => self.dedicated_done(c, act, op, H::AllGatherStart, Project::Element(1)),
            H::CollectivePermuteDone => self.dedicated_done(c, act, op, H::CollectivePermuteStart, Project::Element(1)),
            H::CopyDone => self.dedicated_done(c, act, op, H::CopyStart, Project::Element(0)),
            H::SendDone => self.dedicated_done(c, act, op, H::Send, Project::Token),
            H::RecvDone => self.dedicated_done(c, act, op, H::Recv, Project::Received),
        }
    }

    fn collective(&mut self, c: &Comp, act: &Act, op: OpId, kind: Kind) -> IResult<Value> {
        let args = self.operands(c, act, op)?;
        collectives::run(self, op, kind, args)
    }

    /// The operands of a fixed-arity instruction, as arrays.
    fn fixed<const N: usize>(&self, c: &Comp, act: &Act, op: OpId) -> IResult<[Tensor; N]> {
        let ts = self.tensors(c, act, op)?;
        let n = ts.len();
        <[Tensor; N]>::try_from(ts).map_err(|_| {
            InterpError::invalid(
                self.m().op(op).span,
                format!(
                    "{} expects {N} operands, but has {n} operands",
                    sh::opcode(self.m(), op).map(sh::opcode_name).unwrap_or("instruction")
                ),
            )
        })
    }

    fn operand_ty(&self, op: OpId, i: usize) -> &'m Type {
        let m = self.m();
        m.value_type(m.op(op).operands[i])
    }

    /// Zero values for the context elements `{from..}` of a start's tuple shape.
    fn contexts(&self, op: OpId, from: usize) -> IResult<Vec<Value>> {
        let span = self.m().op(op).span;
        match self.result_ty(op) {
            Type::Tuple(parts) => parts.iter().skip(from).map(|t| zero_value(t, span)).collect(),
            _ => Err(InterpError::invalid(span, "expected a tuple shape")),
        }
    }

    fn window_for(&self, f: Field<'_, kind::HloWindow>, rank: usize) -> IResult<ops::windows::Window> {
        // A rank-0 window has no dimensions to state, so it may be absent.
        let w = match a::opt(f)? {
            Some(w) => w,
            None if rank == 0 => a::Window::default(),
            None => return Err(InterpError::invalid(f.span, "attribute window is expected but not seen")),
        };
        ops::windows::Window::new(rank, w.size, w.stride, w.lhs_dilate, w.rhs_dilate, w.pad).map_err(|e| e.at(f.span))
    }

    /// `reduce(inputs..., inits...)`, dimensions, to_apply: a tuple when variadic.
    fn reduce(&mut self, c: &Comp, act: &Act, op: OpId) -> IResult<Value> {
        let m = self.m();
        let span = m.op(op).span;
        let ts = self.tensors(c, act, op)?;
        let n = ts.len() / 2;
        if n == 0 || ts.len() != 2 * n {
            return Err(InterpError::invalid(span, "reduce needs as many init values as inputs"));
        }
        let (inputs, inits) = ts.split_at(n);
        let v = a::Reduce::of(m.op(op));
        let dims = ops::reduce::check_dims(inputs[0].rank(), &a::req(v.dimensions())?)?;
        let comp = self.called(v.to_apply())?;
        self.it.charge(inputs[0].num_elements() as u64 * n as u64, span)?;
        if n == 1 {
            if let Some(k) = self.single_binary(comp, &inputs[0].elem) {
                if let Some(buf) = ops::reduce::fold_single_op_dims(k, &inputs[0], &inits[0], &dims) {
                    let out_shape: Vec<usize> =
                        (0..inputs[0].rank()).filter(|d| !dims.contains(d)).map(|d| inputs[0].shape[d]).collect();
                    return Ok(Value::Tensor(Tensor::new(out_shape, inits[0].elem.clone(), buf)));
                }
            }
        }
        let ins: Vec<&Tensor> = inputs.iter().collect();
        let ini: Vec<&Tensor> = inits.iter().collect();
        let out = ops::reduce::reduce_with(&ins, &ini, &dims, &mut |args| self.body(comp, args, span))?;
        Ok(one_or_tuple(out.into_iter().map(Value::Tensor).collect()))
    }

    /// `scatter(inputs..., indices, updates...)`: the update computation runs per update element in
    /// row-major order (see `ops::gather`); a tuple when variadic.
    fn scatter(&mut self, c: &Comp, act: &Act, op: OpId) -> IResult<Value> {
        let m = self.m();
        let span = m.op(op).span;
        let ts = self.tensors(c, act, op)?;
        let n = ts.len().saturating_sub(1) / 2;
        if n == 0 || ts.len() != 2 * n + 1 {
            return Err(InterpError::invalid(span, "scatter takes N inputs, the indices and N updates"));
        }
        let v = a::Scatter::of(m.op(op));
        let d = ops::gather::ScatterDims {
            update_window_dims: a::ints_or_empty(v.update_window_dims())?,
            inserted_window_dims: a::ints_or_empty(v.inserted_window_dims())?,
            input_batching_dims: a::ints_or_empty(v.input_batching_dims())?,
            scatter_indices_batching_dims: a::ints_or_empty(v.scatter_indices_batching_dims())?,
            scatter_dims_to_operand_dims: a::ints_or_empty(v.scatter_dims_to_operand_dims())?,
            index_vector_dim: a::req(v.index_vector_dim())?,
        };
        let comp = self.called(v.to_apply())?;
        let (inputs, rest) = ts.split_at(n);
        let (indices, updates) =
            rest.split_first().ok_or_else(|| InterpError::invalid(span, "scatter without indices"))?;
        ops::gather::check_variadic_shapes(inputs, updates)?;
        let targets = ops::gather::scatter_targets(&inputs[0].shape, indices, &updates[0].shape, &d)?;
        let mut results: Vec<Vec<Tensor>> =
            inputs.iter().map(|t| (0..t.num_elements()).map(|i| scalar_at(t, i)).collect()).collect();
        for (e, target) in targets.iter().enumerate() {
            let Some(t) = *target else { continue };
            let mut args: Vec<Tensor> = results.iter().map(|r| r[t].clone()).collect();
            args.extend(updates.iter().map(|u| scalar_at(u, e)));
            let out = self.body(comp, args, span)?;
            if out.len() != n {
                return Err(InterpError::invalid(
                    span,
                    "scatter update computation returns the wrong number of values",
                ));
            }
            for (i, v) in out.into_iter().enumerate() {
                results[i][t] = v;
            }
        }
        let vals = results
            .into_iter()
            .zip(inputs)
            .map(|(scalars, input)| {
                if scalars.is_empty() {
                    return Ok(Value::Tensor(input.clone()));
                }
                let refs: Vec<&Tensor> = scalars.iter().collect();
                let parts: Vec<(usize, usize)> = (0..scalars.len()).map(|k| (k, 0)).collect();
                Ok(Value::Tensor(Tensor::new(
                    input.shape.clone(),
                    scalars[0].elem.clone(),
                    ops::shape::gather_many(&refs, &parts)?,
                )))
            })
            .collect::<IResult<Vec<_>>>()?;
        Ok(one_or_tuple(vals))
    }

    /// `custom-call`: the targets with a meaning on simulated devices. `Sharding`,
    /// `xla.sdy.FuncResultSharding`, `MoveToHost`, `MoveToDevice` and `annotate_device_placement` are
    /// annotations (the identity on their operand; `crate::annotations`);
    /// `TopK` sorts by its comparator and keeps the first `k`. Other targets are `Unsupported`.
    fn custom_call(&mut self, c: &Comp, act: &Act, op: OpId) -> IResult<Value> {
        let m = self.m();
        let span = m.op(op).span;
        let v = a::CustomCall::of(m.op(op));
        let target = v.custom_call_target().get().unwrap_or_default();
        match target.as_str() {
            "Sharding" | "xla.sdy.FuncResultSharding" | "MoveToHost" | "MoveToDevice" | "annotate_device_placement" => {
                let vs = self.operands(c, act, op)?;
                let v = match <[Value; 1]>::try_from(vs) {
                    Ok([v]) if value_has_type(&v, self.result_ty(op)) => v,
                    _ => {
                        return Err(InterpError::invalid(
                            span,
                            format!("custom-call {target} takes one operand of its result shape"),
                        ));
                    }
                };
                // `xla.sdy.FuncResultSharding` carries its sharding as an sdy attribute in a
                // frontend attribute (a `Sharding`'s `sharding=` is checked by the verifier):
                // read and checked against the value's type before the value passes.
                if target == "xla.sdy.FuncResultSharding" {
                    let checked = match a::frontend_attribute(a::Instr::of(m.op(op)), "xla.sdy.sharding") {
                        Some(text) => crate::annotations::check_sdy_sharding_text(&text, self.result_ty(op)),
                        None => Err("it has no xla.sdy.sharding frontend attribute".to_string()),
                    };
                    checked.map_err(|e| InterpError::invalid(span, format!("custom-call {target}: {e}")))?;
                }
                Ok(v)
            }
            "TopK" => {
                // XLA's TopK custom call (what its topk rewriter makes of a sort followed by a
                // slice): the operand's last dimension sorted by the comparator, the first `k`
                // values and their indices. The comparator is `called_computations={...}` (XLA
                // CPU's form) or `to_apply=`, and takes the values (`2` parameters) or the values
                // and the indices (`4`). The sort is stable, as XLA's (`is_stable = true`).
                let [t] = self.fixed::<1>(c, act, op)?;
                let comp = match (v.to_apply().present(), v.called_computations().get()) {
                    (true, _) => self.called(v.to_apply())?,
                    (false, Some(list)) if list.len() == 1 => sh::computation(m, &list[0])
                        .ok_or_else(|| InterpError::invalid(span, "computation does not exist"))?,
                    _ => return Err(InterpError::invalid(span, "custom-call TopK needs one comparator computation")),
                };
                let params = self.prog.comp(comp)?.params.len();
                let Type::Tuple(parts) = self.result_ty(op) else {
                    return Err(InterpError::invalid(span, "TopK returns (values, indices)"));
                };
                let k = match parts.first() {
                    Some(Type::Tensor(tt)) => static_dims(tt, span)?.last().copied().unwrap_or(0),
                    _ => return Err(InterpError::invalid(span, "TopK returns (values, indices)")),
                };
                let Some(last) = t.rank().checked_sub(1) else {
                    return Err(InterpError::invalid(span, "TopK needs an operand of rank 1 or more"));
                };
                if k > t.shape[last] || (params != 2 && params != 4) {
                    return Err(InterpError::invalid(
                        span,
                        format!("TopK of {k} of {} elements with a comparator of {params} parameters", t.shape[last]),
                    ));
                }
                let n = t.shape.iter().product::<usize>() as u64;
                self.it.charge(n.saturating_mul(u64::from(64 - n.leading_zeros())), span)?;
                let idx = ops::shape::iota(t.shape.clone(), last as i64, &ElemType::I32)?;
                let sorted = ops::windows::sort(&[&t, &idx], last as i64, true, &mut |args| {
                    let args = if params == 2 { args.into_iter().take(2).collect() } else { args };
                    self.body(comp, args, span)
                })?;
                let start = vec![0i64; t.rank()];
                let mut limit: Vec<i64> = t.shape.iter().map(|&d| d as i64).collect();
                limit[last] = k as i64;
                let stride = vec![1i64; t.rank()];
                let out = sorted
                    .iter()
                    .map(|x| ops::shape::slice(x, &start, &limit, &stride).map(Value::Tensor))
                    .collect::<IResult<Vec<_>>>()?;
                Ok(Value::Tuple(out))
            }
            other => Err(InterpError::unsupported(span, format!("custom-call target \"{other}\""))),
        }
    }

    /// `async-start`: runs the wrapped computation at once when every operand is there.
    fn async_start(&mut self, c: &Comp, act: &mut Act, op: OpId) -> IResult<Value> {
        let m = self.m();
        let span = m.op(op).span;
        let comp = self.called(a::AsyncStart::of(m.op(op)).calls())?;
        let operands = self.operands(c, act, op)?;
        let arity = self.chain_arity(comp)?;
        let Type::Tuple(parts) = self.result_ty(op) else {
            return Err(InterpError::invalid(
                span,
                "AsyncStart expects the op shape to be in the form of ((async-operands), async-outputs, state).",
            ));
        };
        let slot = parts.get(1).ok_or_else(|| InterpError::invalid(span, "async-start shape has no result element"))?;
        let result = if operands.len() >= arity { Some(self.run_wrapped(comp, operands.clone(), span)?) } else { None };
        let mut items = vec![Value::Tuple(operands.clone()), shown(&result, slot, span)?];
        items.extend(self.contexts(op, 2)?);
        if act.open.insert(op, Chain { operands, result }).is_some() {
            return Err(InterpError::invalid(span, "async-start restarted before its async-done"));
        }
        Ok(Value::Tuple(items))
    }

    /// How many operands an async chain binds before its wrapped computation can run: the wrapped
    /// computation's parameters, or with late binding (a wrapped `call` / `fusion` whose callee takes
    /// more) the callee's.
    fn chain_arity(&self, wrapped: OpId) -> IResult<usize> {
        let m = self.m();
        let c = self.prog.comp(wrapped)?;
        let callee = match sh::opcode(m, c.root) {
            Some(HloOp::Call) => sh::called(m, a::Call::of(m.op(c.root)).to_apply()),
            Some(HloOp::Fusion) => sh::called(m, a::Fusion::of(m.op(c.root)).calls()),
            _ => None,
        };
        let late = match callee {
            Some(f) => self.prog.comp(f)?.params.len(),
            None => 0,
        };
        Ok(c.params.len().max(late))
    }

    /// Runs an async chain's wrapped computation on the chain's operands: the computation itself when
    /// they are its parameters, else (late binding) its root's callee on all of them.
    fn run_wrapped(&mut self, wrapped: OpId, operands: Vec<Value>, span: Span) -> IResult<Value> {
        let m = self.m();
        let c = self.prog.comp(wrapped)?;
        if operands.len() == c.params.len() {
            return self.call(wrapped, operands, span);
        }
        let root = c.root;
        let callee = match sh::opcode(m, root) {
            Some(HloOp::Call) => self.called(a::Call::of(m.op(root)).to_apply())?,
            Some(HloOp::Fusion) => self.called(a::Fusion::of(m.op(root)).calls())?,
            _ => {
                return Err(InterpError::unsupported(
                    span,
                    "late binding of operands to a wrapped instruction other than call or fusion",
                ));
            }
        };
        self.call(callee, operands, span)
    }

    /// The start of the async chain an update or done continues, checking the link's opcode.
    fn chain_start(&self, op: OpId, k: HloOp) -> IResult<OpId> {
        let m = self.m();
        let o = m.op(op);
        let first = *o.operands.first().ok_or_else(|| {
            InterpError::invalid(o.span, "AsyncUpdate and AsyncDone expect a single async op as their operand.")
        })?;
        let mut v = first;
        for _ in 0..m.ops.len().max(1) {
            let ValueDef::Result { op: def, .. } = m.value(v).def else { break };
            match sh::opcode(m, def) {
                Some(HloOp::AsyncStart) => return Ok(def),
                Some(HloOp::AsyncUpdate) => match m.op(def).operands.first() {
                    Some(&u) => v = u,
                    None => break,
                },
                other => {
                    return Err(InterpError::invalid(
                        o.span,
                        format!(
                            "The operand of a {} instruction needs to be async-start or async-update, found {}",
                            sh::opcode_name(k),
                            other.map(sh::opcode_name).unwrap_or("a parameter")
                        ),
                    ));
                }
            }
        }
        Err(InterpError::invalid(o.span, "async chain without an async-start"))
    }

    /// `async-update` / `async-done`: appends late-bound operands, runs the wrapped computation once they
    /// are all there, and (done) yields the result.
    fn async_step(&mut self, c: &Comp, act: &mut Act, op: OpId, k: HloOp) -> IResult<Value> {
        let m = self.m();
        let span = m.op(op).span;
        let start = self.chain_start(op, k)?;
        let mut vs = self.operands(c, act, op)?.into_iter();
        let link = vs.next().ok_or_else(|| InterpError::invalid(span, "async step without an operand"))?;
        let extra: Vec<Value> = vs.collect();
        let mut chain = act.open.remove(&start).ok_or_else(|| {
            InterpError::invalid(
                span,
                format!(
                    "{} {} continues async chain {}, which is not running (never started or already done)",
                    sh::opcode_name(k),
                    sh::name_of(m, op),
                    sh::name_of(m, start)
                ),
            )
        })?;
        let comp = self.called(a::AsyncStart::of(m.op(start)).calls())?;
        let arity = self.chain_arity(comp)?;
        chain.operands.extend(extra);
        if chain.result.is_none() && chain.operands.len() >= arity {
            chain.result = Some(self.run_wrapped(comp, chain.operands.clone(), span)?);
        }
        if k == HloOp::AsyncDone {
            let Some(result) = chain.result else {
                return Err(InterpError::invalid(
                    span,
                    format!(
                        "async-done {}: the wrapped computation has {arity} parameters but the chain bound {} operands",
                        sh::name_of(m, op),
                        chain.operands.len()
                    ),
                ));
            };
            return Ok(result);
        }
        let mut items = match link {
            Value::Tuple(items) if items.len() >= 2 => items,
            _ => return Err(InterpError::invalid(span, "an async value is a tuple of at least two elements")),
        };
        items[0] = Value::Tuple(chain.operands.clone());
        // With late binding the update's shape may differ from its operand's: the result slot and
        // the contexts follow the update's own shape.
        if let Type::Tuple(parts) = self.result_ty(op) {
            if let Some(slot) = parts.get(1) {
                items[1] = shown(&chain.result, slot, span)?;
            }
            items.truncate(2);
            for t in parts.iter().skip(2) {
                items.push(zero_value(t, span)?);
            }
        }
        act.open.insert(start, chain);
        Ok(Value::Tuple(items))
    }

    /// The `-done` of a dedicated pair: checks its operand is the matching start (`want`) and projects.
    fn dedicated_done(&mut self, c: &Comp, act: &mut Act, op: OpId, want: HloOp, project: Project) -> IResult<Value> {
        let m = self.m();
        let span = m.op(op).span;
        let k = sh::opcode(m, op).unwrap_or(want);
        let first = *m
            .op(op)
            .operands
            .first()
            .ok_or_else(|| InterpError::invalid(span, format!("{} needs an operand", sh::opcode_name(k))))?;
        let through_tuples = matches!(project, Project::Token | Project::Received)
            && matches!(m.value(first).def, ValueDef::Result { op: def, .. } if sh::opcode(m, def) == Some(HloOp::GetTupleElement));
        if through_tuples {
            return match project {
                Project::Received => Ok(Value::Tuple(vec![self.receive(op)?, Value::Token])),
                _ => Ok(Value::Token),
            };
        }
        let start = match m.value(first).def {
            ValueDef::Result { op: def, .. } if sh::opcode(m, def) == Some(want) => def,
            ValueDef::Result { op: def, .. } => {
                return Err(InterpError::invalid(
                    span,
                    format!(
                        "The operand of a {} instruction needs to be {}, found {}",
                        sh::opcode_name(k),
                        sh::opcode_name(want),
                        sh::opcode(m, def).map(sh::opcode_name).unwrap_or("a computation")
                    ),
                ));
            }
            ValueDef::BlockArg { .. } => {
                return Err(InterpError::invalid(
                    span,
                    format!(
                        "The operand of a {} instruction needs to be {}",
                        sh::opcode_name(k),
                        sh::opcode_name(want)
                    ),
                ));
            }
        };
        let tracked = !matches!(want, HloOp::Send | HloOp::Recv) || self.done_in(c, start);
        if tracked && act.open.remove(&start).is_none() {
            return Err(InterpError::invalid(
                span,
                format!(
                    "{} {}: {} {} is not running (never started or already done)",
                    sh::opcode_name(k),
                    sh::name_of(m, op),
                    sh::opcode_name(want),
                    sh::name_of(m, start)
                ),
            ));
        }
        let v = self.get(c, act, first, span)?.clone();
        match project {
            Project::Whole => Ok(v),
            Project::Element(i) => element(&v, i, span),
            Project::Token => Ok(Value::Token),
            Project::Received => Ok(Value::Tuple(vec![self.receive(op)?, Value::Token])),
        }
    }

    /// Whether computation `c` holds a `-done` whose operand is `start` itself.
    fn done_in(&self, c: &Comp, start: OpId) -> bool {
        let m = self.m();
        let v = m.op(start).results[0];
        c.instrs.iter().any(|&i| {
            matches!(sh::opcode(m, i), Some(HloOp::SendDone | HloOp::RecvDone)) && m.op(i).operands.first() == Some(&v)
        })
    }

    /// The data `recv_done` receives (see the header); its channel and pairs are the done's own
    /// attributes (XLA repeats them on the done).
    fn receive(&mut self, recv_done: OpId) -> IResult<Value> {
        let m = self.m();
        let span = m.op(recv_done).span;
        let ch = a::SendRecv::of(m.op(recv_done)).channel_id().get().unwrap_or(0);
        let pairs = a::frontend_attribute(a::Instr::of(m.op(recv_done)), a::frontend::SEND_RECV_SOURCE_TARGET_PAIRS);
        let data_ty = match self.result_ty(recv_done) {
            Type::Tuple(parts) if !parts.is_empty() => &parts[0],
            _ => return Err(InterpError::invalid(span, "recv-done returns (data, token)")),
        };
        let Some(text) = pairs else {
            let i = self.sent.iter().position(|(c, p, _)| *c == ch && p.is_none());
            return i.and_then(|i| self.sent.remove(i)).map(|(_, _, v)| v).ok_or_else(|| {
                InterpError::invalid(
                    span,
                    format!("recv-done on channel {ch}: no send on this device sent on the channel before it"),
                )
            });
        };
        let list = a::pairs_text(&text).ok_or_else(|| {
            InterpError::invalid(span, "_xla_send_recv_source_target_pairs must be {{source,target},...}")
        })?;
        let i = self.sent.iter().position(|(_, p, _)| p.as_deref() == Some(text.as_str()));
        let payload = i.and_then(|i| self.sent.remove(i)).map(|(_, _, v)| v).ok_or_else(|| {
            InterpError::invalid(
                span,
                format!("recv-done: no send with source-target pairs {text} before it on this device"),
            )
        })?;
        let payload = tensor_of(payload, span)?;
        let zeros = tensor_of(zero_value(data_ty, span)?, span)?;
        let (_, p) = super::module_grid(m)?;
        let strategy = if p > 1 {
            crate::devices::collectives::Strategy::CrossPartition
        } else {
            crate::devices::collectives::Strategy::CrossReplica
        };
        let key = crate::devices::runtime::CollectiveKey {
            op: "hlo.send/hlo.recv".into(),
            signature: format!("pairs {text}: {}", sh::shape::print_shape(data_ty)),
        };
        Ok(Value::Tensor(crate::devices::collectives::collective_permute_in(
            self.it, span, key, strategy, &list, payload, zeros,
        )?))
    }
}

/// What an async link shows in its result slot of shape `slot`: the result when it has run and has
/// that shape (with late binding the slot may still be `()`), else zeros of the slot.
fn shown(result: &Option<Value>, slot: &Type, span: Span) -> IResult<Value> {
    match result {
        Some(v) if value_has_type(v, slot) => Ok(v.clone()),
        _ => zero_value(slot, span),
    }
}

/// Start indices of dynamic-slice / dynamic-update-slice: one scalar per dimension, or XLA's older form
/// of one rank-1 index vector.
fn start_indices(t: &Tensor, starts: &[Tensor]) -> IResult<Vec<i64>> {
    match starts {
        [v] if v.rank() == 1 && t.rank() != 0 => ops::dynamic::int_values(v),
        _ => starts.iter().map(ops::elementwise::scalar_i64).collect(),
    }
}

/// The major-to-minor dimension order of a layout (`{1,0}` → [0, 1]); row-major without a layout.
/// Tiled layouts (`T(...)`) have no such order and are `None`.
fn major_to_minor(t: &TensorType) -> Option<Vec<usize>> {
    let rank = t.shape.as_ref().map_or(0, Vec::len);
    match sh::shape::layout_of(t) {
        None => Some((0..rank).collect()),
        Some(text) => {
            let (dims, ext) = text.split_once(':').unwrap_or((text, ""));
            if ext.contains('T') {
                return None;
            }
            let mut v: Vec<usize> =
                dims.split(',').filter(|s| !s.is_empty()).map(|s| s.trim().parse().ok()).collect::<Option<_>>()?;
            if v.is_empty() && rank > 0 {
                return Some((0..rank).collect());
            }
            v.reverse();
            Some(v)
        }
    }
}

/// `bitcast`: the operand's bytes in its physical (layout) order, read as the result shape in its
/// physical order; a reshape when both layouts are row-major.
fn bitcast(t: &Tensor, src: &TensorType, dst: &TensorType, span: Span) -> IResult<Tensor> {
    let dims = static_dims(dst, span)?;
    let (Some(sp), Some(dp)) = (major_to_minor(src), major_to_minor(dst)) else {
        return Err(InterpError::unsupported(span, "bitcast between tiled layouts"));
    };
    let to_i = |v: &[usize]| v.iter().map(|&x| x as i64).collect::<Vec<_>>();
    let physical = ops::shape::transpose(t, &to_i(&sp))?;
    let pdims: Vec<usize> = dp.iter().map(|&d| dims.get(d).copied().unwrap_or(1)).collect();
    let same_elem = src.elem == dst.elem;
    let reshaped = if same_elem {
        ops::shape::reshape(&physical, pdims)?
    } else {
        ops::convert::bitcast_convert(&physical, &dst.elem, pdims)?
    };
    let mut inverse = vec![0i64; dp.len()];
    for (i, &d) in dp.iter().enumerate() {
        if let Some(slot) = inverse.get_mut(d) {
            *slot = i as i64;
        }
    }
    ops::shape::transpose(&reshaped, &inverse)
}
