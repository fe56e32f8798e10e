//! SPMD-partitioned HLO modules on global values (issue #12): an XLA module after SPMD partitioning
//! (`num_partitions` > 1, per-partition shapes) read as a function of global arrays, and `equiv`
//! of such a module against its unpartitioned program.
//!
//! Global view of a partitioned module (`GlobalRun`):
//! - Entry parameter `i` takes global input `i`, split per the sharding given for it
//!   (`Shardings::inputs`: `--input-sharding`, or read from the module handed to XLA with
//!   `--shardings-from`; jax 0.12's partitioned modules carry none on their parameters), else per the
//!   parameter's `sharding=` (a module of one partition takes its inputs whole, whatever shardings it
//!   carries)
//!   (`shardref_interp::devices::hlo_sharding::shard`); a parameter without `sharding=` takes the
//!   input whole on every partition, which needs the input's shape to be the parameter's.
//!   The local shapes the sharding gives must be the parameter's shape.
//! - Every partition runs the entry computation (`shardref_interp::hlo`), in lockstep for
//!   collectives.
//! - The results are the root's value, one per element when the root is a tuple (XLA's outputs),
//!   each reassembled per its sharding: the one given (`--result-sharding`), else the root's
//!   `sharding=` (XLA drops it from the entry root after partitioning; the executable keeps the
//!   output shardings elsewhere, so dumps usually need the flag), else, for a single partition,
//!   the value itself. Global shapes come from the caller (the reference's results), else
//!   `local × tiles` per dimension. Replicas must agree bitwise.
//!
//! `equiv_hlo` runs the reference on the same global inputs: an `.mlir` program's function (on
//! the simulated devices of its mesh when it has one, with implicit reshards inserted as XLA's
//! partitioner would, else on the reference interpreter), or an unpartitioned HLO module (one
//! partition). Verdicts and comparisons are `equiv`'s (bitwise unless tolerances are given);
//! a differing element names the partitions that hold it.

use shardref_interp::devices::hlo_sharding::{self, ReassembleError};
use shardref_interp::devices::sharded::{ImplicitReshards, ShardedInputs, ShardedOptions, run_sharded};
use shardref_interp::{InterpError, Limits, Value};
use shardref_spec::hlo::device_attrs::Sharding as HloSharding;
use shardref_spec::ir::{Module, OpId, Span, Type};
use shardref_spec::ops::HloOp;

use super::compare::{Closeness, Comparison};
use super::{Compared, EquivError, ReplicaDisagreement, Verdict, compare, compare_values, inputs};

/// An entry parameter of an HLO module.
#[derive(Clone, Debug)]
pub struct Param {
    pub number: usize,
    pub name: String,
    /// The per-partition shape, without layout.
    pub local: Type,
    pub sharding: Option<HloSharding>,
    pub span: Span,
}

/// The number of partitions a module runs on (`num_partitions=` of its header, default 1).
pub fn num_partitions(m: &Module) -> usize {
    match shardref_spec::schema::Module::of(m.op(m.root)).hlo_num_partitions().get() {
        Some(t) => t.parse::<usize>().ok().filter(|&n| n > 0).unwrap_or(1),
        None => 1,
    }
}

fn entry(m: &Module) -> Result<OpId, EquivError> {
    shardref_spec::hlo::entry(m).ok_or_else(|| EquivError::new(Span::NONE, "the HLO module has no computation"))
}

/// A `sharding=` attribute of an instruction, decoded.
pub fn sharding_of(m: &Module, op: OpId) -> Result<Option<HloSharding>, EquivError> {
    match shardref_spec::schema::hlo::Instr::of(m.op(op)).sharding().get() {
        None => Ok(None),
        Some(s) => s.map(Some).map_err(|e| EquivError::new(m.op(op).span, e)),
    }
}

/// The entry computation's parameters, by number.
pub fn entry_params(m: &Module) -> Result<Vec<Param>, EquivError> {
    let e = entry(m)?;
    let mut out = vec![];
    for i in shardref_spec::hlo::instructions(m, e) {
        if shardref_spec::hlo::opcode(m, i) != Some(HloOp::Parameter) {
            continue;
        }
        let number = shardref_spec::schema::hlo::Parameter::of(m.op(i)).parameter_number().get().unwrap_or(0);
        out.push(Param {
            number: usize::try_from(number).unwrap_or(usize::MAX),
            name: shardref_spec::hlo::name_of(m, i).to_string(),
            local: shardref_spec::hlo::shape::without_layout(m.value_type(m.op(i).results[0])),
            sharding: sharding_of(m, i)?,
            span: m.op(i).span,
        });
    }
    out.sort_by_key(|p| p.number);
    Ok(out)
}

/// The entry root's `sharding=`.
pub fn root_sharding(m: &Module) -> Result<Option<HloSharding>, EquivError> {
    let e = entry(m)?;
    match shardref_spec::hlo::root(m, e) {
        Some(r) => sharding_of(m, r),
        None => Ok(None),
    }
}

/// Shardings given for a partitioned module's parameters and results, which override those it
/// carries (XLA drops them from the entry root, and newer XLA from the parameters too).
#[derive(Clone, Debug, Default)]
pub struct Shardings {
    /// One per entry parameter, in order, or none.
    pub inputs: Vec<HloSharding>,
    /// One per result, or one tuple sharding, or none.
    pub results: Vec<HloSharding>,
    /// The global shape of each result, when known (from the module before partitioning, whose
    /// shapes are global); else a result's global shape is its local shape times its tiles.
    pub result_shapes: Vec<Vec<usize>>,
}

impl Shardings {
    /// The shardings of the module handed to XLA before partitioning (e.g. its
    /// `*.before_optimizations.txt` dump, or the module right before `spmd-partitioning`): its ENTRY
    /// parameters' `sharding=` (each must carry one, or be used only by `Sharding` custom calls of
    /// one sharding, see `constrained_parameter`) and its ROOT's (a tuple root's sharding gives one
    /// per result).
    pub fn from_module(original: &Module) -> Result<Shardings, EquivError> {
        let params = entry_params(original)?;
        let e = entry(original)?;
        let mut inputs = Vec::with_capacity(params.len());
        for p in &params {
            let s = p.sharding.clone().or(constrained_parameter(original, e, p.number)?).ok_or_else(|| {
                EquivError::new(
                    p.span,
                    format!(
                        "parameter {} (%{}) has no sharding= to take (give the module before partitioning, e.g. the \
                         dump before spmd-partitioning, or --input-sharding)",
                        p.number, p.name
                    ),
                )
            })?;
            inputs.push(s);
        }
        let root = shardref_spec::hlo::root(original, e);
        let results = match root_sharding(original)? {
            Some(s) => vec![s],
            None => {
                let at = root.map(|r| original.op(r).span).unwrap_or(Span::NONE);
                return Err(EquivError::new(
                    at,
                    "the entry root has no sharding= to take (give the module before partitioning, or \
                     --result-sharding)",
                ));
            }
        };
        // The ROOT's shape is global before partitioning: one array, or a tuple of arrays.
        let dims = |t: &Type| match t {
            Type::Tensor(tt) => tt.static_shape().map(|d| d.into_iter().map(|x| x as usize).collect::<Vec<_>>()),
            _ => None,
        };
        let result_shapes = match root.map(|r| original.value_type(original.op(r).results[0])) {
            Some(Type::Tuple(elems)) => elems.iter().map(dims).collect::<Option<Vec<_>>>().unwrap_or_default(),
            Some(t) => dims(t).map(|d| vec![d]).unwrap_or_default(),
            None => vec![],
        };
        Ok(Shardings { inputs, results, result_shapes })
    }
}

/// The sharding of entry parameter `number` when it carries none but every use of it is a
/// `custom-call` with `custom_call_target="Sharding"` of one sharding (how jax writes shard_map's
/// `in_specs` on a parameter whose sharding it leaves to propagation): XLA's propagation gives the
/// parameter that sharding, the constraint being on that very value.
fn constrained_parameter(m: &Module, comp: OpId, number: usize) -> Result<Option<HloSharding>, EquivError> {
    use shardref_spec::schema::hlo as v;
    let ins = shardref_spec::hlo::instructions(m, comp);
    let Some(param) = ins.iter().copied().find(|&i| {
        shardref_spec::hlo::opcode(m, i) == Some(HloOp::Parameter)
            && v::Parameter::of(m.op(i)).parameter_number().get().and_then(|n| usize::try_from(n).ok()) == Some(number)
    }) else {
        return Ok(None);
    };
    let value = m.op(param).results[0];
    let users: Vec<OpId> = ins.iter().copied().filter(|&i| m.op(i).operands.contains(&value)).collect();
    let mut found: Option<HloSharding> = None;
    for u in users {
        let is_constraint = shardref_spec::hlo::opcode(m, u) == Some(HloOp::CustomCall)
            && v::CustomCall::of(m.op(u)).custom_call_target().get().as_deref() == Some("Sharding");
        let s = if is_constraint { sharding_of(m, u)? } else { None };
        match (s, &found) {
            (Some(s), None) => found = Some(s),
            (Some(s), Some(f)) if s == *f => {}
            _ => return Ok(None),
        }
    }
    Ok(found)
}

/// `run_global_with` on given shardings: the global shapes are the caller's, else those the
/// shardings carry (`Shardings::result_shapes`).
pub fn run_global_given(
    m: &Module,
    global: &[Value],
    given: &Shardings,
    global_shapes: Option<&[Vec<usize>]>,
    limits: Limits,
) -> Result<GlobalRun, GlobalRunError> {
    let shapes = global_shapes.or((!given.result_shapes.is_empty()).then_some(given.result_shapes.as_slice()));
    run_global_with(m, global, &given.inputs, &given.results, shapes, limits)
}

/// Splits global inputs into per-partition arguments: `[partition][parameter]`.
pub fn shard_inputs(m: &Module, global: &[Value]) -> Result<Vec<Vec<Value>>, EquivError> {
    shard_inputs_with(m, global, &[])
}

/// As `shard_inputs`, with the parameters' shardings given (one per parameter, replacing their
/// `sharding=`; empty: the parameters' own). XLA keeps the shardings of a partitioned entry's
/// parameters in the executable, not in the module (jaxlib 0.12's dumps carry none), so a caller
/// holding the executable passes them here.
pub fn shard_inputs_with(
    m: &Module,
    global: &[Value],
    input_shardings: &[HloSharding],
) -> Result<Vec<Vec<Value>>, EquivError> {
    let mut params = entry_params(m)?;
    let n = num_partitions(m);
    let at = entry(m).map(|e| m.op(e).span).unwrap_or(Span::NONE);
    if !input_shardings.is_empty() {
        if input_shardings.len() != params.len() {
            return Err(EquivError::new(
                at,
                format!(
                    "{} input sharding(s) for the entry computation's {} parameter(s)",
                    input_shardings.len(),
                    params.len()
                ),
            ));
        }
        for (p, s) in params.iter_mut().zip(input_shardings) {
            p.sharding = Some(s.clone());
        }
    }
    if params.len() != global.len() {
        return Err(EquivError::new(
            at,
            format!(
                "the entry computation takes {} parameter(s), but {} input(s) were given",
                params.len(),
                global.len()
            ),
        ));
    }
    let mut per: Vec<Vec<Value>> = vec![Vec::with_capacity(params.len()); n];
    for (p, v) in params.iter().zip(global) {
        // One partition runs the program whole: shardings (XLA keeps them on unpartitioned
        // modules too) say nothing about its inputs.
        let sharding = p.sharding.as_ref().filter(|_| n > 1);
        let parts = match sharding {
            Some(s) => hlo_sharding::shard(s, v, n)
                .map_err(|e| EquivError::new(p.span, format!("parameter {} (%{}): {e}", p.number, p.name)))?,
            None => vec![v.clone(); n],
        };
        // Every partition's piece must have the parameter's (local) shape and element type.
        if let (Some(Value::Tensor(t)), Type::Tensor(want)) = (parts.first(), &p.local) {
            if t.ty().static_shape() != want.static_shape() || t.elem != want.elem {
                let how = match sharding {
                    Some(_) => "its sharding gives each partition",
                    None if n == 1 => "the input is",
                    None => {
                        "it has no sharding= (say it with --input-sharding, or take the module's shardings before \
                         partitioning with --shardings-from), so each partition takes the whole input,"
                    }
                };
                return Err(EquivError::new(
                    p.span,
                    format!(
                        "parameter {} (%{}) is {}, but {how} {}",
                        p.number,
                        p.name,
                        shardref_spec::hlo::shape::print_shape(&p.local),
                        shardref_spec::hlo::shape::print_shape(&Type::Tensor(t.ty()))
                    ),
                ));
            }
        }
        for (q, x) in parts.into_iter().enumerate() {
            per[q].push(x);
        }
    }
    Ok(per)
}

/// Runs every partition of `m` on its arguments (`[partition][parameter]`); returns each
/// partition's root value. Modules with several replicas are refused: a global input says nothing
/// about which replica holds what.
pub fn run_partitions(m: &Module, args: Vec<Vec<Value>>, limits: Limits) -> Result<Vec<Value>, InterpError> {
    let (replicas, _) = shardref_interp::hlo::module_grid(m)?;
    if replicas != 1 {
        return Err(InterpError::unsupported(
            Span::NONE,
            format!("replica_count={replicas}: global inputs are split over partitions only; run per device"),
        ));
    }
    shardref_interp::hlo::run_devices(m, args, limits)
}

/// The results of a partitioned module on global inputs (see the module header).
pub struct GlobalRun {
    /// The global results (the root's elements when it is a tuple).
    pub results: Vec<Value>,
    /// Per result, per partition, the block of the global result it holds.
    pub holders: Vec<Vec<Vec<std::ops::Range<usize>>>>,
}

/// Why a global run stopped.
#[derive(Debug)]
pub enum GlobalRunError {
    /// A located problem (bad inputs, shardings, an interpreter error).
    Error(EquivError),
    /// Replicas of a result element disagree: result number, index, partitions, values.
    Disagreement { result: usize, index: Vec<usize>, partitions: Vec<i64>, values: Vec<String> },
}

impl From<EquivError> for GlobalRunError {
    fn from(e: EquivError) -> Self {
        GlobalRunError::Error(e)
    }
}

/// Runs a partitioned module on global inputs. `result_shardings`: one per result, or one tuple
/// sharding for all (empty: the root's `sharding=`); `global_shapes`: per result, when known.
pub fn run_global(
    m: &Module,
    global: &[Value],
    result_shardings: &[HloSharding],
    global_shapes: Option<&[Vec<usize>]>,
    limits: Limits,
) -> Result<GlobalRun, GlobalRunError> {
    run_global_with(m, global, &[], result_shardings, global_shapes, limits)
}

/// As `run_global`, with the parameters' shardings given (`shard_inputs_with`).
pub fn run_global_with(
    m: &Module,
    global: &[Value],
    input_shardings: &[HloSharding],
    result_shardings: &[HloSharding],
    global_shapes: Option<&[Vec<usize>]>,
    limits: Limits,
) -> Result<GlobalRun, GlobalRunError> {
    let n = num_partitions(m);
    let args = shard_inputs_with(m, global, input_shardings)?;
    let roots =
        run_partitions(m, args, limits).map_err(|e| EquivError::new(e.span, format!("partitioned run: {e}")))?;
    let at = entry(m).map(|e| m.op(e).span).unwrap_or(Span::NONE);
    // The results: the root's elements when it is a tuple.
    let is_tuple = matches!(roots.first(), Some(Value::Tuple(_)));
    let per_result: Vec<Vec<Value>> = if is_tuple {
        let k = match &roots[0] {
            Value::Tuple(xs) => xs.len(),
            _ => 0,
        };
        (0..k)
            .map(|e| {
                roots
                    .iter()
                    .map(|r| match r {
                        Value::Tuple(xs) => xs.get(e).cloned().unwrap_or(Value::Token),
                        other => other.clone(),
                    })
                    .collect()
            })
            .collect()
    } else {
        vec![roots]
    };
    let root = if n == 1 { None } else { root_sharding(m)? };
    // One partition holds every result whole, whatever shardings are given or carried.
    let result_shardings = if n == 1 { &[] } else { result_shardings };
    let shardings: Vec<HloSharding> = match (result_shardings, root) {
        ([HloSharding::Tuple(ss)], _) => ss.clone(),
        ([], Some(HloSharding::Tuple(ss))) => ss,
        ([], Some(s)) if !is_tuple => vec![s],
        ([], Some(s)) => vec![s; per_result.len()],
        ([], None) if n == 1 => vec![HloSharding::Replicated; per_result.len()],
        ([], None) => {
            return Err(EquivError::new(
                at,
                format!(
                    "the entry root has no sharding= (XLA drops it after SPMD partitioning): give the sharding of each \
                     of its {} result(s) with --result-sharding, or take them from the module before partitioning \
                     with --shardings-from",
                    per_result.len()
                ),
            )
            .into());
        }
        (given, _) => given.to_vec(),
    };
    if shardings.len() != per_result.len() {
        return Err(EquivError::new(
            at,
            format!("{} result sharding(s) for {} result(s)", shardings.len(), per_result.len()),
        )
        .into());
    }
    let mut results = Vec::with_capacity(per_result.len());
    let mut holders = Vec::with_capacity(per_result.len());
    for (i, (s, parts)) in shardings.iter().zip(per_result).enumerate() {
        let shape = global_shapes.and_then(|g| g.get(i)).map(|g| vec![g.clone()]);
        let v = hlo_sharding::reassemble(s, &parts, shape.as_deref()).map_err(|e| match e {
            ReassembleError::Disagreement { index, partitions, values, .. } => {
                GlobalRunError::Disagreement { result: i, index, partitions, values }
            }
            ReassembleError::Malformed(msg) => {
                GlobalRunError::Error(EquivError::new(at, format!("result {i} cannot be reassembled: {msg}")))
            }
        })?;
        let blocks = match &v {
            Value::Tensor(t) => hlo_sharding::blocks(s, &t.shape, n).unwrap_or_default(),
            _ => vec![],
        };
        holders.push(blocks);
        results.push(v);
    }
    Ok(GlobalRun { results, holders })
}

/// The unpartitioned program a partitioned module is compared with.
pub enum Reference<'a> {
    /// A function of an `.mlir` module.
    Mlir { m: &'a Module, func: String },
    /// An HLO module, run as one partition.
    Hlo(&'a Module),
}

impl Reference<'_> {
    /// The global argument types.
    pub fn arg_types(&self) -> Result<Vec<Type>, EquivError> {
        match self {
            Reference::Mlir { m, func } => super::arg_types(m, func).map(|(a, _)| a),
            Reference::Hlo(m) => Ok(entry_params(m)?.into_iter().map(|p| p.local).collect()),
        }
    }

    /// Runs the reference on global inputs.
    pub fn run(&self, args: Vec<Value>, limits: Limits) -> Result<Vec<Value>, EquivError> {
        let fail = |e: InterpError| EquivError::new(e.span, format!("reference run: {e}"));
        match self {
            Reference::Mlir { m, func } => {
                let has_mesh = m.block(m.body()).ops.iter().any(|&op| {
                    m.op(op).name.kind() == Some(shardref_spec::ops::OpKind::Sdy(shardref_spec::ops::SdyOp::Mesh))
                });
                if has_mesh {
                    let opts = ShardedOptions { limits, implicit: ImplicitReshards::Insert, canvas: false };
                    let vals = run_sharded(m, func, ShardedInputs::Global(args), &opts).map_err(fail)?;
                    vals.iter()
                        .enumerate()
                        .map(|(i, v)| {
                            v.reassemble().map_err(|e| {
                                EquivError::new(Span::NONE, format!("reference result {i} cannot be reassembled: {e}"))
                            })
                        })
                        .collect()
                } else {
                    shardref_interp::run(m, func, args, limits).map(|o| o.results).map_err(fail)
                }
            }
            Reference::Hlo(m) => match shardref_interp::hlo::run(m, args, limits).map_err(fail)? {
                Value::Tuple(xs) => Ok(xs),
                v => Ok(vec![v]),
            },
        }
    }
}

/// `equiv` of a partitioned HLO module against its unpartitioned program: `given` inputs (one
/// trial) or `trials` seeded random draws over the reference's argument types.
pub fn equiv_hlo(
    part: &Module,
    reference: &Reference<'_>,
    shardings: &Shardings,
    given: Option<Vec<Value>>,
    opts: &super::EquivOptions,
) -> Result<Verdict, EquivError> {
    let types = reference.arg_types()?;
    let trials: Vec<(Option<usize>, Vec<Value>)> = match given {
        Some(v) => vec![(None, v)],
        None => (0..opts.trials)
            .map(|t| {
                let mut rng = inputs::trial_rng(opts.seed, t as u64);
                inputs::random_inputs(&types, &mut rng)
                    .map(|v| (Some(t), v))
                    .map_err(|e| EquivError::new(Span::NONE, format!("reference arguments: {e}")))
            })
            .collect::<Result<_, _>>()?,
    };
    let count = trials.len();
    let mut closeness: Option<Closeness> = None;
    for (trial, args) in trials {
        let seq = reference.run(args.clone(), opts.limits)?;
        let shapes: Vec<Vec<usize>> =
            seq.iter().map(|v| v.as_tensor().map(|t| t.shape.clone()).unwrap_or_default()).collect();
        let par = match run_global_given(part, &args, shardings, Some(&shapes), opts.limits) {
            Ok(r) => r,
            Err(GlobalRunError::Error(e)) => return Err(e),
            Err(GlobalRunError::Disagreement { result, index, partitions, values }) => {
                return Ok(Verdict::ReplicasDisagree(ReplicaDisagreement {
                    trial,
                    site: format!("result {result}"),
                    index,
                    devices: partitions,
                    values,
                }));
            }
        };
        match compare_global(&par, &seq, trial, opts.comparison) {
            Ok(Some(c)) => closeness.get_or_insert_with(Closeness::default).merge(&c),
            Ok(None) => {}
            Err(v) => return Ok(v),
        }
    }
    Ok(Verdict::Equal { trials: count, closeness })
}

/// Compares the partitioned module's global results with the reference's
/// under `comparison` (equiv's rules; HLO modules carry no exact-sum
/// probes, so float results that differ are judged by tolerance): `Ok(None)`
/// when bitwise equal, `Ok(Some(closeness))` when within tolerance, and
/// `Err(verdict)` for the first difference.
fn compare_global(
    par: &GlobalRun,
    seq: &[Value],
    trial: Option<usize>,
    comparison: Comparison,
) -> Result<Option<Closeness>, Verdict> {
    if par.results.len() != seq.len() {
        return Err(Verdict::TypesDiffer {
            result: None,
            message: format!("{} partitioned results vs {} reference results", par.results.len(), seq.len()),
        });
    }
    let mut closeness: Option<Closeness> = None;
    for (i, (p, s)) in par.results.iter().zip(seq).enumerate() {
        if let (Value::Tensor(pt), Value::Tensor(st)) = (p, s)
            && compare::shape_mismatch(pt, st)
        {
            return Err(Verdict::TypesDiffer {
                result: Some(i),
                message: format!("{} (partitioned) vs {} (reference)", Type::Tensor(pt.ty()), Type::Tensor(st.ty())),
            });
        }
        let holders = |index: &[usize]| holders_of(&par.holders[i], index);
        let no_bound = &mut || Err("the reference is an HLO module, through which no bound is propagated".to_string());
        match compare_values(i, p, s, trial, comparison, &mut || None, no_bound, &holders) {
            Compared::Bitwise => {}
            Compared::Close(c) => closeness.get_or_insert_with(Closeness::default).merge(&c),
            Compared::Differs(v) => return Err(v),
        }
    }
    Ok(closeness)
}

/// The partitions whose block holds `index` (`blocks`: per partition, its block of the value).
pub fn holders_of(blocks: &[Vec<std::ops::Range<usize>>], index: &[usize]) -> Vec<i64> {
    blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| b.len() == index.len() && b.iter().zip(index).all(|(r, &x)| r.contains(&x)))
        .map(|(p, _)| p as i64)
        .collect()
}
