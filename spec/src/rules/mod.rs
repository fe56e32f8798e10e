//! Shardy's op sharding rules as data: a one-to-one port of upstream's registry
//! (`op_sharding_rule_registry.cc`, sharding-rules.md §2), the factor projection
//! of §1.3 (`projection`), and the `-sdy-populate-op-sharding-rules` pass.
//!
//! `registry_rule` answers what upstream's `createOpShardingRule` builds for an
//! op: `None` when it builds none, which is different from an identity rule.
//! `op_sharding_rule` lets an op's own `sdy.sharding_rule` attribute win, as
//! `getOrCreateShardingRule` does. Each op family has its own file and one pure
//! function per op; the dispatch below matches every op kind exhaustively, so an
//! op added to the op table does not compile until it is placed here.
//!
//! Invariants: the registry never panics on any parsed module (shapes that are
//! dynamic use upstream's `kDynamic` sentinel, missing attributes make no rule),
//! and its answer depends only on the op, its operand and result types, its
//! attributes and, for a few ops, the ops that define its operands or use its
//! results, exactly as upstream's.

mod builder;
mod collective;
mod contraction;
mod custom_call;
mod gather_scatter;
mod linalg;
mod pointwise;
pub mod projection;
mod reduction;
mod shape;

pub use builder::{FactorType, NULL_DIM, RuleBuilder};

use crate::diag::{Diagnostic, Severity};
use crate::ir::sdy::{OpShardingRule, SdyAttr};
use crate::ir::stablehlo::DYNAMIC;
use crate::ir::{Attr, Module, OpId, Type, ValueDef, ValueId};
use crate::ops::{
    ArithOp, BuiltinOp, CheckOp, ChloOp, FuncOp, InterpreterOp, MpmdOp, OpKind, OpName, SdyOp, StablehloOp,
};

/// The attribute an op carries its own rule in.
pub const SHARDING_RULE_ATTR: &str = "sdy.sharding_rule";

/// The rule upstream's registry builds for `op`, or None when it builds none ("no rule" differs from an identity rule).
pub fn registry_rule(m: &Module, op: OpId, conservative: bool) -> Option<OpShardingRule> {
    lookup(m, op, conservative).rule
}

/// The op's own `sdy.sharding_rule` attribute when present (it overrides the registry), else `registry_rule`.
pub fn op_sharding_rule(m: &Module, op: OpId, conservative: bool) -> Option<OpShardingRule> {
    match own_rule(m, op) {
        Some(r) => Some(r.clone()),
        None => registry_rule(m, op, conservative),
    }
}

/// The op's own `sdy.sharding_rule` attribute, if it has one.
pub fn own_rule(m: &Module, op: OpId) -> Option<&OpShardingRule> {
    match m.op(op).attrs.get(SHARDING_RULE_ATTR)? {
        Attr::Sdy(a) => match a.as_ref() {
            SdyAttr::OpShardingRule(r) => Some(r),
            _ => None,
        },
        _ => None,
    }
}

/// Which of upstream's once-per-process warnings have been emitted.
#[derive(Clone, Debug, Default)]
pub struct WarnOnce {
    pub unknown_custom_call: bool,
    pub unknown_op: bool,
}

/// The warning upstream's registry emits for an op it does not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Warning {
    UnknownCustomCall,
    UnknownOp,
}

/// What the registry answers for one op: a rule or none, and maybe a warning.
struct Lookup {
    rule: Option<OpShardingRule>,
    warning: Option<(Warning, String)>,
}

impl Lookup {
    fn rule(rule: Option<OpShardingRule>) -> Lookup {
        Lookup { rule, warning: None }
    }
}

/// `-sdy-populate-op-sharding-rules`: walks every op (post-order, as MLIR's
/// default walk) and attaches the registry's rule to each op that has none yet.
/// Returns the warnings upstream emits, each at most once per `warned` state.
/// The category of the registry's warnings (an op with no known sharding rule).
pub const REGISTRY: &str = "sharding_rule_registry";

pub fn populate(m: &mut Module, conservative: bool, warned: &mut WarnOnce) -> Vec<Diagnostic> {
    let mut diags = vec![];
    let mut order = vec![];
    post_order(m, m.root, &mut order);
    for op in order {
        if own_rule(m, op).is_some() {
            continue;
        }
        let found = lookup(m, op, conservative);
        if let Some((kind, message)) = found.warning {
            let flag = match kind {
                Warning::UnknownCustomCall => &mut warned.unknown_custom_call,
                Warning::UnknownOp => &mut warned.unknown_op,
            };
            if !*flag {
                *flag = true;
                diags.push(Diagnostic {
                    severity: Severity::Warning,
                    span: m.op(op).span,
                    message,
                    notes: vec![],
                    code: Some(REGISTRY),
                });
            }
        }
        if let Some(rule) = found.rule {
            m.op_mut(op).attrs.insert(SHARDING_RULE_ATTR, Attr::Sdy(Box::new(SdyAttr::OpShardingRule(rule))));
        }
    }
    diags
}

/// The ops nested in `op` and then `op` itself, in MLIR's post-order walk.
fn post_order(m: &Module, op: OpId, out: &mut Vec<OpId>) {
    // An explicit stack keeps deep nesting from overflowing the call stack.
    let mut stack: Vec<(OpId, bool)> = vec![(op, false)];
    while let Some((o, expanded)) = stack.pop() {
        if expanded {
            out.push(o);
            continue;
        }
        stack.push((o, true));
        let mut children = vec![];
        for &r in &m.op(o).regions {
            for &b in &m.region(r).blocks {
                children.extend(m.block(b).ops.iter().copied());
            }
        }
        for c in children.into_iter().rev() {
            stack.push((c, false));
        }
    }
}

/// Read access to one op: operand and result shapes and attributes.
pub(crate) struct OpView<'m> {
    pub m: &'m Module,
    pub op: OpId,
}

impl<'m> OpView<'m> {
    pub fn operands(&self) -> &'m [ValueId] {
        &self.m.op(self.op).operands
    }
    pub fn results(&self) -> &'m [ValueId] {
        &self.m.op(self.op).results
    }
    pub fn num_operands(&self) -> usize {
        self.operands().len()
    }
    pub fn num_results(&self) -> usize {
        self.results().len()
    }
    /// The rank of a value as the builder sees it: 0 for values that are not shaped.
    pub fn rank_of(&self, v: ValueId) -> usize {
        shape_of_type(self.m.value_type(v)).map_or(0, |s| s.len())
    }
    /// The shape of a value (`DYNAMIC` for dynamic dimensions), or None if it
    /// is not a ranked shaped type.
    pub fn shape_of(&self, v: ValueId) -> Option<Vec<i64>> {
        shape_of_type(self.m.value_type(v))
    }
    pub fn operand_shape(&self, i: usize) -> Option<Vec<i64>> {
        self.shape_of(*self.operands().get(i)?)
    }
    pub fn result_shape(&self, i: usize) -> Option<Vec<i64>> {
        self.shape_of(*self.results().get(i)?)
    }
    pub fn builder(&self) -> RuleBuilder {
        let ops: Vec<usize> = self.operands().iter().map(|&v| self.rank_of(v)).collect();
        let res: Vec<usize> = self.results().iter().map(|&v| self.rank_of(v)).collect();
        RuleBuilder::new(&ops, &res)
    }
    /// `buildPointwise`: no rule when result 0 is not shaped.
    pub fn pointwise(&self) -> Option<OpShardingRule> {
        let shape = self.result_shape(0)?;
        let ops: Vec<usize> = self.operands().iter().map(|&v| self.rank_of(v).min(shape.len())).collect();
        let res: Vec<usize> = self.results().iter().map(|&v| self.rank_of(v).min(shape.len())).collect();
        Some(RuleBuilder::pointwise(&ops, &res, &shape))
    }
    /// The op itself, for its attribute views (`crate::schema`).
    pub fn operation(&self) -> &'m crate::ir::Operation {
        self.m.op(self.op)
    }
    /// The op that defines `v`, if it is an op result.
    pub fn def_op(&self, v: ValueId) -> Option<OpId> {
        match self.m.value(v).def {
            ValueDef::Result { op, .. } => Some(op),
            _ => None,
        }
    }
    /// The kind of the op that defines `v`.
    pub fn def_kind(&self, v: ValueId) -> Option<OpKind> {
        self.m.op(self.def_op(v)?).name.kind()
    }
}

/// The shape of a ranked tensor or mesh tensor type.
fn shape_of_type(t: &Type) -> Option<Vec<i64>> {
    let tensor = match t {
        Type::Tensor(t) => t,
        Type::MeshTensor(mt) => &mt.tensor,
        Type::Vector(shape, _) => return Some(shape.iter().map(|&d| i64::try_from(d).unwrap_or(DYNAMIC)).collect()),
        Type::Tuple(_)
        | Type::Function(..)
        | Type::Elem(_)
        | Type::None
        | Type::Token
        | Type::Future(_)
        | Type::Opaque { .. } => {
            return None;
        }
    };
    let shape = tensor.shape.as_ref()?;
    Some(shape.iter().map(|d| d.and_then(|d| i64::try_from(d).ok()).unwrap_or(DYNAMIC)).collect())
}

/// Upstream's `createOpShardingRule` with its warnings.
fn lookup(m: &Module, op: OpId, conservative: bool) -> Lookup {
    let v = OpView { m, op };
    let kind = match &m.op(op).name {
        OpName::Known(k) => *k,
        OpName::Unknown(name) => return unknown_op(name),
    };
    match kind {
        OpKind::Stablehlo(s) => stablehlo_rule(&v, s, conservative),
        OpKind::Sdy(s) => match s {
            SdyOp::ShardingConstraint => Lookup::rule(v.pointwise()),
            SdyOp::Constant
            | SdyOp::DataFlowEdge
            | SdyOp::FuncDataFlowEdge
            | SdyOp::ManualComputation
            | SdyOp::Mesh
            | SdyOp::PropagationBarrier
            | SdyOp::NamedComputation
            | SdyOp::ShardingGroup
            | SdyOp::Reshard
            | SdyOp::Return => Lookup::rule(None),
            SdyOp::AllGather
            | SdyOp::AllSlice
            | SdyOp::AllToAll
            | SdyOp::CollectivePermute
            | SdyOp::AllReduce
            | SdyOp::ReduceScatter
            | SdyOp::ShardedToUnreduced
            | SdyOp::ReplicatedToUnreduced => unknown_op(kind.name()),
        },
        OpKind::Builtin(BuiltinOp::Module) => Lookup::rule(None),
        OpKind::Func(f) => match f {
            FuncOp::Func | FuncOp::Call | FuncOp::Return => Lookup::rule(None),
        },
        OpKind::Mpmd(o) => match o {
            MpmdOp::Transfer => Lookup::rule(custom_call::mpmd_transfer(&v)),
            // Fragments and loops are data-flow ops; `return` is a terminator.
            MpmdOp::Fragment | MpmdOp::For | MpmdOp::Return => Lookup::rule(None),
            MpmdOp::NamedComputation
            | MpmdOp::NamedTensor
            | MpmdOp::FragmentCall
            | MpmdOp::Assign
            | MpmdOp::Unassign
            | MpmdOp::Call
            | MpmdOp::Broadcast
            | MpmdOp::Reduce => unknown_op(kind.name()),
        },
        OpKind::Arith(ArithOp::Constant) => unknown_op(kind.name()),
        OpKind::Chlo(c) => chlo_rule(c),
        // Shardy registers no sharding rule for the MHLO ops XLA leaves in its dumps.
        OpKind::Mhlo(_) => unknown_op(kind.name()),
        // HLO text modules carry no Shardy sharding rules.
        OpKind::Hlo(_) => unknown_op(kind.name()),
        OpKind::Check(c) => match c {
            CheckOp::ExpectEq
            | CheckOp::ExpectEqConst
            | CheckOp::ExpectAlmostEq
            | CheckOp::ExpectAlmostEqConst
            | CheckOp::ExpectClose
            | CheckOp::ExpectSerializedEq => unknown_op(kind.name()),
        },
        OpKind::Interpreter(i) => match i {
            InterpreterOp::RunParallel | InterpreterOp::Print | InterpreterOp::Probe => unknown_op(kind.name()),
        },
    }
}

fn unknown_op(name: &str) -> Lookup {
    Lookup {
        rule: None,
        warning: Some((Warning::UnknownOp, format!("op '{name}' is unknown to SDY sharding rule registry"))),
    }
}

/// chlo ops are unknown to the registry (they are decomposed before propagation).
fn chlo_rule(c: ChloOp) -> Lookup {
    unknown_op(OpKind::Chlo(c).name())
}

/// How the registry treats a StablehloOp kind, as data: the builder of its rule
/// (given the op and whether the conservative mode is on), `custom_call`'s
/// rule by call target, no rule (data flow, control flow, constants, I/O: as
/// upstream lists them), or unknown (upstream's default, a warning).
#[derive(Clone, Copy)]
pub enum Registry {
    Rule(Build),
    CustomCall,
    NoRule,
    Unknown,
}

/// A rule builder: the op, and whether the conservative mode is on.
#[derive(Clone, Copy)]
pub struct Build(fn(&OpView<'_>, bool) -> Option<OpShardingRule>);

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Registry::Rule(_) => "Rule",
            Registry::CustomCall => "CustomCall",
            Registry::NoRule => "NoRule",
            Registry::Unknown => "Unknown",
        })
    }
}

/// The registry's entry for `s`.
pub fn stablehlo_registry(s: StablehloOp) -> Registry {
    use StablehloOp as S;
    match s {
        // buildPointwise: the 48 elementwise ops and collectives upstream lists.
        S::Abs
        | S::Add
        | S::AllReduce
        | S::And
        | S::Atan2
        | S::Cbrt
        | S::Ceil
        | S::CountLeadingZeros
        | S::CollectiveBroadcast
        | S::CollectivePermute
        | S::Compare
        | S::Complex
        | S::Convert
        | S::Cosine
        | S::CrossReplicaSum
        | S::Divide
        | S::Exponential
        | S::ExponentialMinusOne
        | S::Floor
        | S::Imag
        | S::IsFinite
        | S::LogPlusOne
        | S::Log
        | S::Logistic
        | S::Maximum
        | S::Minimum
        | S::Multiply
        | S::Negate
        | S::Not
        | S::Or
        | S::Popcnt
        | S::Power
        | S::Real
        | S::ReducePrecision
        | S::Remainder
        | S::RoundNearestEven
        | S::RoundNearestAfz
        | S::Rsqrt
        | S::ShiftLeft
        | S::ShiftRightArithmetic
        | S::ShiftRightLogical
        | S::Sign
        | S::Sine
        | S::Sqrt
        | S::Subtract
        | S::Tan
        | S::Tanh
        | S::Xor => Registry::Rule(Build(|v, _| v.pointwise())),
        S::AllGather => Registry::Rule(Build(|v, _| collective::all_gather(v))),
        S::AllToAll => Registry::Rule(Build(|v, _| collective::all_to_all(v))),
        S::ReduceScatter => Registry::Rule(Build(|v, _| collective::reduce_scatter(v))),
        S::BitcastConvert => Registry::Rule(Build(|v, _| shape::bitcast_convert(v))),
        S::BatchNormInference => Registry::Rule(Build(|v, _| linalg::batch_norm_inference(v))),
        S::BroadcastInDim => Registry::Rule(Build(|v, _| shape::broadcast_in_dim(v))),
        S::Cholesky => Registry::Rule(Build(|v, _| linalg::cholesky(v))),
        S::Clamp => Registry::Rule(Build(|v, _| pointwise::clamp(v))),
        S::Concatenate => Registry::Rule(Build(shape::concatenate)),
        S::Convolution => Registry::Rule(Build(contraction::convolution)),
        S::CustomCall => Registry::CustomCall,
        S::DotGeneral => Registry::Rule(Build(|v, _| contraction::dot_general(v))),
        S::Dot => Registry::Rule(Build(|v, _| contraction::dot(v))),
        S::DynamicSlice => Registry::Rule(Build(|v, _| shape::dynamic_slice(v))),
        S::DynamicUpdateSlice => Registry::Rule(Build(|v, _| shape::dynamic_update_slice(v))),
        S::Fft => Registry::Rule(Build(|v, _| linalg::fft(v))),
        S::Gather => Registry::Rule(Build(|v, _| gather_scatter::gather(v))),
        S::Pad => Registry::Rule(Build(shape::pad)),
        S::Reduce => Registry::Rule(Build(|v, _| reduction::reduce(v))),
        S::ReduceWindow => Registry::Rule(Build(reduction::reduce_window)),
        S::Reshape => Registry::Rule(Build(|v, _| shape::reshape(v))),
        S::Reverse => Registry::Rule(Build(|v, _| pointwise::reverse(v))),
        S::RngBitGenerator => Registry::Rule(Build(|v, _| linalg::rng_bit_generator(v))),
        S::Scatter => Registry::Rule(Build(|v, _| gather_scatter::scatter(v))),
        S::SelectAndScatter => Registry::Rule(Build(reduction::select_and_scatter)),
        S::Select => Registry::Rule(Build(|v, _| pointwise::select(v))),
        S::Slice => Registry::Rule(Build(shape::slice)),
        S::Sort => Registry::Rule(Build(|v, _| pointwise::sort(v))),
        S::Transpose => Registry::Rule(Build(|v, _| shape::transpose(v))),
        S::TriangularSolve => Registry::Rule(Build(|v, _| linalg::triangular_solve(v))),
        // Ops upstream lists as having no rule: data-flow and control-flow ops,
        // constants, tokens, I/O and device ids.
        S::AfterAll
        | S::Case
        | S::Constant
        | S::CreateToken
        | S::GetTupleElement
        | S::Infeed
        | S::Iota
        | S::Outfeed
        | S::OptimizationBarrier
        | S::PartitionId
        | S::Recv
        | S::Send
        | S::While
        // Terminators have no rule.
        | S::Return => Registry::NoRule,
        // Every other op falls to upstream's default: a warning and no rule.
        S::UniformQuantize
        | S::UniformDequantize
        | S::DynamicIota
        | S::Broadcast
        | S::DynamicBroadcastInDim
        | S::DynamicReshape
        | S::RealDynamicSlice
        | S::DynamicPad
        | S::DynamicGather
        | S::GetDimensionSize
        | S::SetDimensionSize
        | S::TorchIndexSelect
        | S::Map
        | S::Einsum
        | S::UnaryEinsum
        | S::DynamicConv
        | S::BatchNormGrad
        | S::BatchNormTraining
        | S::Rng
        | S::If
        | S::Composite
        | S::Tuple
        | S::CollectiveReduce
        | S::ReplicaId
        | S::AsyncStart
        | S::AsyncDone => Registry::Unknown,
    }
}

fn stablehlo_rule(v: &OpView<'_>, s: StablehloOp, conservative: bool) -> Lookup {
    match stablehlo_registry(s) {
        Registry::Rule(Build(build)) => Lookup::rule(build(v, conservative)),
        Registry::CustomCall => custom_call::custom_call(v),
        Registry::NoRule => Lookup::rule(None),
        Registry::Unknown => unknown_op(OpKind::Stablehlo(s).name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_op_named(m: &Module, name: &str) -> OpId {
        let mut order = vec![];
        post_order(m, m.root, &mut order);
        order.into_iter().find(|&o| m.op(o).name.as_str() == name).expect("the op is in the module")
    }

    #[test]
    fn own_rule_overrides_the_registry_and_no_rule_stays_none() {
        let text = r#"
func.func @f(%a: tensor<2x3xf32>, %z: tensor<0x3xf32>) -> (tensor<2x3xf32>, tensor<3x0xf32>) {
  %0 = stablehlo.add %a, %a {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=3}, custom>} : tensor<2x3xf32>
  %1 = stablehlo.reshape %z : (tensor<0x3xf32>) -> tensor<3x0xf32>
  %2 = stablehlo.iota dim = 0 : tensor<4xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<3x0xf32>
}"#;
        let m = crate::parse("t.mlir", text).unwrap();
        let add = first_op_named(&m, "stablehlo.add");
        let registry = registry_rule(&m, add, false).unwrap();
        assert!(!registry.is_custom);
        assert!(op_sharding_rule(&m, add, false).unwrap().is_custom);
        // A reshape of zero elements and an iota have no rule, in either form.
        for name in ["stablehlo.reshape", "stablehlo.iota", "func.return", "func.func"] {
            let op = first_op_named(&m, name);
            assert_eq!(registry_rule(&m, op, false), None, "{name}");
            assert_eq!(op_sharding_rule(&m, op, true), None, "{name}");
        }
    }

    #[test]
    fn populate_warns_once_per_state() {
        let text = r#"
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @k1(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.custom_call @k2(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}"#;
        let mut m = crate::parse("t.mlir", text).unwrap();
        let mut warned = WarnOnce::default();
        let d = populate(&mut m, false, &mut warned);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].message, "custom call @k1 is unknown to SDY sharding rule registry");
        let mut m2 = crate::parse("t.mlir", text).unwrap();
        assert!(populate(&mut m2, false, &mut warned).is_empty());
    }
}
