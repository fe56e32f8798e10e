//! The evaluator: the only place that dispatches on op kinds.
//!
//! It moves values between frames and kernels: look up operands, call the
//! op family's pure function, bind results. Every match over op kinds is
//! exhaustive, so a new op in the table does not compile until it has
//! semantics here (or an explicit `Unsupported`).
//!
//! Conventions: `m` the module, `op` an `OpId`, `o` its `Operation`, `f` a
//! frame, `v` a `ValueId`, `t` a `Tensor`.
//!
//! Frames: every value of a function (its nested regions included) has a
//! slot in that function's frame, numbered once per module (`Slots`). A
//! region runs in its function's frame; a call gets a new frame.

use std::collections::HashMap;

use shardref_spec::ir::{Attr, BlockId, Module, OpId, RegionId, Span, Type, ValueId};
use shardref_spec::ops::{ArithOp, BuiltinOp, ChloOp, FuncOp, MpmdOp, OpKind, OpName, SdyOp, StablehloOp};

use crate::check::{self, CheckFailure};
use crate::error::{IResult, InterpError};
use crate::ops;
use crate::value::{Tensor, Value};

/// Limits on a run. Exceeding one is `ResourceExhausted`, never a hang or an abort.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Ops executed, counting every op of every loop iteration and region application.
    pub fuel: u64,
    /// Bytes of any single op's results.
    pub max_value_bytes: u64,
    /// Nested calls.
    pub max_call_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { fuel: 50_000_000_000, max_value_bytes: 8 << 30, max_call_depth: 1000 }
    }
}

/// What a completed run produced.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub results: Vec<Value>,
    /// Check ops (`check.*`, `custom_call @check.*`) that did not hold.
    pub check_failures: Vec<CheckFailure>,
    /// Number of check ops executed.
    pub checks_run: usize,
    /// Output of `interpreter.print`.
    pub printed: Vec<String>,
    /// Values recorded by `interpreter.probe`, per probe id, one per execution
    /// (upstream serializes them to files; `check.expect_serialized_eq` reads them back).
    pub probes: HashMap<String, Vec<Value>>,
}

/// Runs function `entry` of `m` on `inputs`.
pub fn run(m: &Module, entry: &str, inputs: Vec<Value>, limits: Limits) -> IResult<Outcome> {
    let func = m
        .lookup_symbol(entry)
        .filter(|&f| m.op(f).name == OpName::Known(OpKind::Func(FuncOp::Func)))
        .ok_or_else(|| InterpError::invalid(Span::NONE, format!("no function @{entry} in the module")))?;
    let mut it = Interp::new(m, limits);
    let results = it.call(func, inputs, m.op(func).span)?;
    it.outcome.results = results;
    Ok(it.outcome)
}

/// Slot numbering: `slot[v]` is v's index in its function's frame.
struct Slots {
    slot: Vec<u32>,
    frame_size: HashMap<OpId, usize>,
}

impl Slots {
    fn new(m: &Module) -> Slots {
        let mut slot = vec![u32::MAX; m.values.len()];
        let mut frame_size = HashMap::new();
        for &top in &m.block(m.body()).ops {
            if m.op(top).name != OpName::Known(OpKind::Func(FuncOp::Func)) {
                continue;
            }
            let mut n = 0u32;
            let mut stack: Vec<RegionId> = m.op(top).regions.clone();
            while let Some(r) = stack.pop() {
                for &b in &m.region(r).blocks {
                    for &a in &m.block(b).args {
                        slot[a.index()] = n;
                        n += 1;
                    }
                    for &op in &m.block(b).ops {
                        for &v in &m.op(op).results {
                            slot[v.index()] = n;
                            n += 1;
                        }
                        stack.extend(m.op(op).regions.iter().copied());
                    }
                }
            }
            frame_size.insert(top, n as usize);
        }
        Slots { slot, frame_size }
    }
}

/// A function activation: one slot per value of the function.
pub struct Frame {
    vals: Vec<Option<Value>>,
}

pub struct Interp<'m> {
    pub m: &'m Module,
    slots: Slots,
    fuel: u64,
    limits: Limits,
    depth: usize,
    pub outcome: Outcome,
}

/// How a block ended.
enum Exit {
    /// A terminator returned these values.
    Return(Vec<Value>),
}

impl<'m> Interp<'m> {
    pub fn new(m: &'m Module, limits: Limits) -> Interp<'m> {
        Interp { m, slots: Slots::new(m), fuel: limits.fuel, limits, depth: 0, outcome: Outcome::default() }
    }

    /// Calls a `func.func` with `args`.
    pub fn call(&mut self, func: OpId, args: Vec<Value>, at: Span) -> IResult<Vec<Value>> {
        if self.depth >= self.limits.max_call_depth {
            return Err(InterpError::exhausted(at, format!("call depth exceeds {}", self.limits.max_call_depth)));
        }
        let o = self.m.op(func);
        let Some(&body) = o.regions.first() else {
            return Err(InterpError::invalid(at, "call to a function without a body"));
        };
        let Some(&entry) = self.m.region(body).blocks.first() else {
            return Err(InterpError::invalid(at, "call to a function without a body"));
        };
        let size = self.slots.frame_size.get(&func).copied().unwrap_or(0);
        let mut f = Frame { vals: vec![None; size] };
        self.depth += 1;
        let r = self.run_block(&mut f, entry, args, at);
        self.depth -= 1;
        r
    }

    /// Binds `args` to the block's arguments and runs it to its terminator.
    fn run_block(&mut self, f: &mut Frame, b: BlockId, args: Vec<Value>, at: Span) -> IResult<Vec<Value>> {
        let block = self.m.block(b);
        if block.args.len() != args.len() {
            return Err(InterpError::invalid(at, format!("block expects {} arguments, got {}", block.args.len(), args.len())));
        }
        for (&a, v) in block.args.iter().zip(args) {
            self.check_type(a, &v, at)?;
            self.set(f, a, v);
        }
        for &op in &block.ops {
            if let Some(Exit::Return(vals)) = self.exec(f, op)? {
                return Ok(vals);
            }
        }
        Err(InterpError::invalid(at, "block has no terminator"))
    }

    /// Runs a single-block region with `args` and returns what its terminator returns.
    pub fn apply_region(&mut self, f: &mut Frame, r: RegionId, args: Vec<Value>, at: Span) -> IResult<Vec<Value>> {
        let region = self.m.region(r);
        match region.blocks.as_slice() {
            [b] => self.run_block(f, *b, args, at),
            [] => Err(InterpError::invalid(at, "region has no block")),
            _ => Err(InterpError::unsupported(at, "regions with several blocks")),
        }
    }

    fn set(&self, f: &mut Frame, v: ValueId, val: Value) {
        let s = self.slots.slot[v.index()] as usize;
        if let Some(cell) = f.vals.get_mut(s) {
            *cell = Some(val);
        }
    }

    fn get<'f>(&self, f: &'f Frame, v: ValueId, at: Span) -> IResult<&'f Value> {
        let s = self.slots.slot[v.index()] as usize;
        f.vals.get(s).and_then(|x| x.as_ref()).ok_or_else(|| InterpError::invalid(at, "use of a value before its definition"))
    }

    /// Checks that a runtime value matches the IR type of `v` (static shapes only).
    fn check_type(&self, v: ValueId, val: &Value, at: Span) -> IResult<()> {
        let ty = self.m.value_type(v);
        if !value_has_type(val, ty) {
            return Err(InterpError::invalid(at, format!("value does not have the expected type {ty}")));
        }
        Ok(())
    }

    fn tensor_operands<'f>(&self, f: &'f Frame, op: OpId) -> IResult<Vec<&'f Tensor>> {
        let o = self.m.op(op);
        o.operands
            .iter()
            .map(|&v| match self.get(f, v, o.span)? {
                Value::Tensor(t) => Ok(t),
                _ => Err(InterpError::invalid(o.span, "expected a tensor operand")),
            })
            .collect()
    }

    /// Binds results, checking their count and types and the memory budget.
    fn bind(&self, f: &mut Frame, op: OpId, vals: Vec<Value>) -> IResult<()> {
        let o = self.m.op(op);
        if vals.len() != o.results.len() {
            return Err(InterpError::invalid(o.span, format!("op produced {} values for {} results", vals.len(), o.results.len())));
        }
        for (&r, v) in o.results.iter().zip(vals) {
            self.check_type(r, &v, o.span)?;
            self.set(f, r, v);
        }
        Ok(())
    }

    /// Refuses to run an op whose results would exceed the memory budget.
    fn check_budget(&self, op: OpId) -> IResult<()> {
        let o = self.m.op(op);
        let mut total: u64 = 0;
        for &r in &o.results {
            total = total.saturating_add(type_bytes(self.m.value_type(r)));
        }
        if total > self.limits.max_value_bytes {
            return Err(InterpError::exhausted(o.span, format!("results need {total} bytes, over the budget of {}", self.limits.max_value_bytes)));
        }
        Ok(())
    }

    fn exec(&mut self, f: &mut Frame, op: OpId) -> IResult<Option<Exit>> {
        if self.fuel == 0 {
            return Err(InterpError::exhausted(self.m.op(op).span, "out of fuel"));
        }
        self.fuel -= 1;
        self.check_budget(op)?;
        let o = self.m.op(op);
        let span = o.span;
        let kind = match &o.name {
            OpName::Known(k) => *k,
            OpName::Unknown(n) => return Err(InterpError::unsupported(span, format!("op '{n}' has no semantics in shardref"))),
        };
        let r = match kind {
            OpKind::Builtin(BuiltinOp::Module) => Err(InterpError::invalid(span, "nested module in a function")),
            OpKind::Func(FuncOp::Return) => {
                let vals = o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<Vec<_>>>()?;
                return Ok(Some(Exit::Return(vals)));
            }
            OpKind::Func(FuncOp::Call) => {
                let Some(Attr::SymbolRef(callee)) = o.attrs.get("callee") else {
                    return Err(InterpError::invalid(span, "call without a callee"));
                };
                let target = callee
                    .first()
                    .and_then(|c| self.m.lookup_symbol(c))
                    .ok_or_else(|| InterpError::invalid(span, format!("no function @{}", callee.join("::@"))))?;
                let args = o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<Vec<_>>>()?;
                let vals = self.call(target, args, span)?;
                self.bind(f, op, vals)?;
                return Ok(None);
            }
            OpKind::Func(FuncOp::Func) => Err(InterpError::invalid(span, "nested function definition")),
            OpKind::Arith(ArithOp::Constant) => self.constant(op),
            OpKind::Stablehlo(k) => self.stablehlo(f, op, k),
            OpKind::Chlo(k) => chlo(k, span),
            OpKind::Sdy(k) => sdy(k, span),
            OpKind::Mpmd(k) => mpmd(k, span),
            OpKind::Check(shardref_spec::ops::CheckOp::ExpectSerializedEq) => {
                let ts = self.tensor_operands(f, op)?;
                let result = self.expect_serialized_eq(op, one(&ts)?);
                self.outcome.checks_run += 1;
                match result {
                    Ok(None) => {}
                    Ok(Some(failure)) => self.outcome.check_failures.push(failure.at(span)),
                    Err(e) => return Err(e.at(span)),
                }
                Ok(vec![])
            }
            OpKind::Check(k) => {
                let ts = self.tensor_operands(f, op)?;
                let result = check::run(k, &ts, &o.attrs);
                self.outcome.checks_run += 1;
                match result {
                    Ok(None) => {}
                    Ok(Some(failure)) => self.outcome.check_failures.push(failure.at(span)),
                    Err(e) => return Err(e.at(span)),
                }
                Ok(vec![])
            }
            OpKind::Interpreter(k) => self.interpreter(f, op, k),
        };
        match r {
            Ok(vals) => {
                self.bind(f, op, vals)?;
                Ok(None)
            }
            Err(e) => Err(e.at(span)),
        }
    }

    fn constant(&self, op: OpId) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        match o.attrs.get("value") {
            Some(Attr::Dense(d)) => match Tensor::from_dense(d) {
                Some(t) => Ok(vec![Value::Tensor(t)]),
                None => Err(InterpError::unsupported(o.span, format!("constants of type {}", d.ty))),
            },
            Some(Attr::DenseResource { name, .. }) => Err(InterpError::unsupported(o.span, format!("dense_resource constant '{name}'"))),
            _ => Err(InterpError::invalid(o.span, "constant without a dense 'value'")),
        }
    }

    fn interpreter(&mut self, f: &mut Frame, op: OpId, k: shardref_spec::ops::InterpreterOp) -> IResult<Vec<Value>> {
        use shardref_spec::ops::InterpreterOp;
        let o = self.m.op(op);
        match k {
            InterpreterOp::Print => {
                let v = self.get(f, o.operands[0], o.span)?.clone();
                self.outcome.printed.push(format!("{v:?}"));
                Ok(vec![])
            }
            InterpreterOp::Probe => {
                let v = self.get(f, o.operands[0], o.span)?.clone();
                let Some(Attr::Str(id, _)) = o.attrs.get("probe_id") else {
                    return Err(InterpError::invalid(o.span, "probe without a probe_id"));
                };
                self.outcome.probes.entry(String::from_utf8_lossy(id).into_owned()).or_default().push(v.clone());
                Ok(vec![v])
            }
            InterpreterOp::RunParallel => Err(InterpError::unsupported(o.span, "interpreter.run_parallel needs simulated devices (issue #5)")),
        }
    }

    fn stablehlo(&mut self, f: &mut Frame, op: OpId, k: StablehloOp) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        let span = o.span;
        let result_ty = |i: usize| -> IResult<&Type> {
            o.results.get(i).map(|&r| self.m.value_type(r)).ok_or_else(|| InterpError::invalid(span, "missing result"))
        };
        use StablehloOp as S;
        match k {
            S::Constant => self.constant(op),
            S::Return => Err(InterpError::invalid(span, "stablehlo.return outside a region")),
            S::Abs
            | S::Cbrt
            | S::Ceil
            | S::Cosine
            | S::CountLeadingZeros
            | S::Exponential
            | S::ExponentialMinusOne
            | S::Floor
            | S::Imag
            | S::IsFinite
            | S::Log
            | S::LogPlusOne
            | S::Logistic
            | S::Negate
            | S::Not
            | S::Popcnt
            | S::Real
            | S::RoundNearestAfz
            | S::RoundNearestEven
            | S::Rsqrt
            | S::Sign
            | S::Sine
            | S::Sqrt
            | S::Tan
            | S::Tanh => {
                let ts = self.tensor_operands(f, op)?;
                let out = ops::elementwise::unary(k, one(&ts)?, result_ty(0)?)?;
                Ok(vec![Value::Tensor(out)])
            }
            S::Add
            | S::And
            | S::Atan2
            | S::Complex
            | S::Divide
            | S::Maximum
            | S::Minimum
            | S::Multiply
            | S::Or
            | S::Power
            | S::Remainder
            | S::ShiftLeft
            | S::ShiftRightArithmetic
            | S::ShiftRightLogical
            | S::Subtract
            | S::Xor => {
                let ts = self.tensor_operands(f, op)?;
                let [a, b] = two(&ts)?;
                let out = ops::elementwise::binary(k, a, b, result_ty(0)?)?;
                Ok(vec![Value::Tensor(out)])
            }
            S::Select => {
                let ts = self.tensor_operands(f, op)?;
                let [p, a, b] = three(&ts)?;
                Ok(vec![Value::Tensor(ops::elementwise::select(p, a, b)?)])
            }
            S::Clamp => {
                let ts = self.tensor_operands(f, op)?;
                let [lo, x, hi] = three(&ts)?;
                Ok(vec![Value::Tensor(ops::elementwise::clamp(lo, x, hi)?)])
            }
            S::While => self.while_loop(f, op),
            S::If => {
                let ts = self.tensor_operands(f, op)?;
                let pred = ops::elementwise::scalar_bool(one(&ts)?)?;
                let r = o.regions[if pred { 0 } else { 1 }];
                self.apply_region(f, r, vec![], span)
            }
            S::Case => {
                let ts = self.tensor_operands(f, op)?;
                let n = o.regions.len() as i64;
                let idx = ops::elementwise::scalar_i64(one(&ts)?)?;
                // case_c? : an out-of-range index selects the last branch.
                let i = if idx < 0 || idx >= n { n - 1 } else { idx };
                let r = *o.regions.get(i as usize).ok_or_else(|| InterpError::invalid(span, "case without branches"))?;
                self.apply_region(f, r, vec![], span)
            }
            S::OptimizationBarrier => o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect(),
            S::Tuple => Ok(vec![Value::Tuple(o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<_>>()?)]),
            S::GetTupleElement => {
                let Some(index) = o.attrs.get("index").and_then(Attr::as_int) else {
                    return Err(InterpError::invalid(span, "get_tuple_element without an index"));
                };
                match self.get(f, o.operands[0], span)? {
                    Value::Tuple(items) => items
                        .get(index as usize)
                        .cloned()
                        .map(|v| vec![v])
                        .ok_or_else(|| InterpError::invalid(span, "tuple index out of range")),
                    _ => Err(InterpError::invalid(span, "get_tuple_element of a non-tuple")),
                }
            }
            S::CreateToken | S::AfterAll => Ok(vec![Value::Token]),
            S::Convert
            | S::BitcastConvert
            | S::UniformQuantize
            | S::UniformDequantize
            | S::ReducePrecision
            | S::Compare
            | S::Iota
            | S::DynamicIota
            | S::Broadcast
            | S::BroadcastInDim
            | S::DynamicBroadcastInDim
            | S::Reshape
            | S::DynamicReshape
            | S::Transpose
            | S::Concatenate
            | S::Slice
            | S::DynamicSlice
            | S::RealDynamicSlice
            | S::DynamicUpdateSlice
            | S::Pad
            | S::DynamicPad
            | S::Reverse
            | S::Gather
            | S::DynamicGather
            | S::Scatter
            | S::Sort
            | S::GetDimensionSize
            | S::SetDimensionSize
            | S::TorchIndexSelect
            | S::Reduce
            | S::ReduceWindow
            | S::SelectAndScatter
            | S::Map
            | S::Dot
            | S::DotGeneral
            | S::Einsum
            | S::UnaryEinsum
            | S::Convolution
            | S::DynamicConv
            | S::Fft
            | S::TriangularSolve
            | S::Cholesky
            | S::BatchNormGrad
            | S::BatchNormInference
            | S::BatchNormTraining
            | S::Rng
            | S::RngBitGenerator
            | S::Composite
            | S::CustomCall
            | S::Infeed
            | S::Outfeed
            | S::Send
            | S::Recv
            | S::AllGather
            | S::AllReduce
            | S::AllToAll
            | S::ReduceScatter
            | S::CollectivePermute
            | S::CollectiveBroadcast
            | S::CollectiveReduce
            | S::CrossReplicaSum
            | S::PartitionId
            | S::ReplicaId => Err(InterpError::unsupported(span, format!("{} is not implemented yet", k_name(OpKind::Stablehlo(k))))),
        }
    }

    /// Compares `expected` with what `interpreter.probe` recorded under
    /// `probe_id` at execution `iter` (0 by default), by value and type.
    fn expect_serialized_eq(&self, op: OpId, expected: &Tensor) -> IResult<Option<CheckFailure>> {
        let o = self.m.op(op);
        let Some(Attr::Str(id, _)) = o.attrs.get("probe_id") else {
            return Err(InterpError::invalid(o.span, "expect_serialized_eq without a probe_id"));
        };
        let id = String::from_utf8_lossy(id).into_owned();
        let iter = o.attrs.get("iter").and_then(Attr::as_int).unwrap_or(0) as usize;
        let failure = |message: String| Ok(Some(CheckFailure { span: o.span, message }));
        match self.outcome.probes.get(&id).and_then(|vs| vs.get(iter)) {
            None => failure(format!("no value was probed as '{id}' at iteration {iter}")),
            Some(Value::Tensor(t)) if t == expected => Ok(None),
            Some(Value::Tensor(t)) if t.shape != expected.shape || t.elem != expected.elem => {
                failure(format!("probe '{id}' holds a {:?}x{} tensor, expected {:?}x{}", t.shape, t.elem, expected.shape, expected.elem))
            }
            Some(Value::Tensor(t)) => {
                // Same type: compare exactly, as upstream's expect_eq does.
                check::run(shardref_spec::ops::CheckOp::ExpectEq, &[t, expected], &o.attrs)
            }
            Some(_) => failure(format!("probe '{id}' is not a tensor")),
        }
    }

    fn while_loop(&mut self, f: &mut Frame, op: OpId) -> IResult<Vec<Value>> {
        let o = self.m.op(op);
        let span = o.span;
        let (cond, body) = match o.regions.as_slice() {
            [c, b] => (*c, *b),
            _ => return Err(InterpError::invalid(span, "while needs a cond and a body region")),
        };
        let mut state: Vec<Value> = o.operands.iter().map(|&v| self.get(f, v, span).cloned()).collect::<IResult<_>>()?;
        loop {
            let c = self.apply_region(f, cond, state.clone(), span)?;
            let go = match c.as_slice() {
                [Value::Tensor(t)] => ops::elementwise::scalar_bool(t)?,
                _ => return Err(InterpError::invalid(span, "while condition must return one i1 tensor")),
            };
            if !go {
                return Ok(state);
            }
            state = self.apply_region(f, body, state, span)?;
        }
    }
}

fn k_name(k: OpKind) -> &'static str {
    k.name()
}

fn chlo(k: ChloOp, span: Span) -> IResult<Vec<Value>> {
    Err(InterpError::unsupported(span, format!("{} is not implemented yet", OpKind::Chlo(k).name())))
}

fn sdy(k: SdyOp, span: Span) -> IResult<Vec<Value>> {
    Err(InterpError::unsupported(span, format!("{} needs simulated devices (issue #5)", OpKind::Sdy(k).name())))
}

fn mpmd(k: MpmdOp, span: Span) -> IResult<Vec<Value>> {
    Err(InterpError::unsupported(span, format!("{} needs MPMD execution", OpKind::Mpmd(k).name())))
}

fn one<'a>(ts: &[&'a Tensor]) -> IResult<&'a Tensor> {
    match ts {
        [a] => Ok(a),
        _ => Err(InterpError::invalid(Span::NONE, format!("expected 1 operand, got {}", ts.len()))),
    }
}

fn two<'a>(ts: &[&'a Tensor]) -> IResult<[&'a Tensor; 2]> {
    match ts {
        [a, b] => Ok([a, b]),
        _ => Err(InterpError::invalid(Span::NONE, format!("expected 2 operands, got {}", ts.len()))),
    }
}

fn three<'a>(ts: &[&'a Tensor]) -> IResult<[&'a Tensor; 3]> {
    match ts {
        [a, b, c] => Ok([a, b, c]),
        _ => Err(InterpError::invalid(Span::NONE, format!("expected 3 operands, got {}", ts.len()))),
    }
}

/// Whether a runtime value has an IR type (static tensor shapes must match exactly).
pub fn value_has_type(v: &Value, ty: &Type) -> bool {
    match (v, ty) {
        (Value::Tensor(t), Type::Tensor(tt)) => {
            t.elem == tt.elem
                && match &tt.shape {
                    None => true,
                    Some(dims) => dims.len() == t.shape.len() && dims.iter().zip(&t.shape).all(|(d, &s)| d.is_none_or(|d| d == s as u64)),
                }
        }
        (Value::Tuple(items), Type::Tuple(tys)) => items.len() == tys.len() && items.iter().zip(tys).all(|(i, t)| value_has_type(i, t)),
        (Value::Token, Type::Token) => true,
        _ => false,
    }
}

/// Upper bound of the bytes a value of this type occupies (0 when dynamic).
fn type_bytes(t: &Type) -> u64 {
    match t {
        Type::Tensor(tt) => tt.num_elements().unwrap_or(0).saturating_mul(tt.elem.storage_bytes() as u64),
        Type::Tuple(ts) => ts.iter().map(type_bytes).fold(0u64, u64::saturating_add),
        _ => 0,
    }
}
