//! Partitioned == unpartitioned (issue #5): runs a partitioned global-view
//! sdy function on the simulated devices of its mesh and its unpartitioned
//! twin on the reference interpreter, on the same inputs, and compares the
//! reassembled global results element by element.
//!
//! Twins (`resolve_pairs`): `@parallel_x` pairs with `@sequential_x`, or the
//! functions named explicitly, or, in a module without `@parallel_x`
//! functions, `@main` (what JAX exports); a partitioned function without a
//! twin pairs with itself with its shardings and collectives erased (`erase`, which
//! documents what each sdy collective means in the global view).
//!
//! Inputs: given ones (one trial), or `trials` seeded random draws
//! (`inputs`, which documents the ranges per element type) followed by
//! trials whose integer arguments take the values that decide what the
//! program selects (`domain`): the trial count of a verdict includes them.
//!
//! Comparison (`compare`, `exact`, `bound`): `Comparison::Bitwise` (the
//! library's default, and `--exact` on the command line), or
//! `Comparison::Tolerant` (the command line's default). A partitioned
//! reduction (a `dot_general` or `reduce` over a sharded dimension, then an
//! `all_reduce` or `reduce_scatter`) adds each device's partial sum and then
//! the partials, which reassociates the sequential fold; with floats the two
//! orders can round differently, and the difference flows through every op
//! after the sum. Tolerant comparison accepts a final result that is a sum
//! when it lies within the rounding bound of its summation around the exact
//! sum (computed with big integers from the twin's own operands, `exact`),
//! and any float element within the rounding bound propagated through every
//! op of the twin (`bound`), which holds both runs' rounding; with
//! `--rtol`/`--atol` also within those. An element whose bound is unknown
//! (an op with no rule on its way) falls back to the element type's default
//! tolerance (`compare::default_tolerance`). The random inputs make short
//! sums exact (`inputs`), so most programs compare bitwise anyway. Integer
//! sums wrap identically in any order and always compare exactly.
//!
//! Strict or inserting (`default_implicit`): a module with explicit sdy
//! collectives or manual computations claims to be partitioned, so by
//! default every reshard must be explicit; a module without any (what
//! `jax.jit(...).lower(...)` prints) gets its reshards inserted, as
//! upstream's partitioner would. Callers may override either way.
//!
//! Verdict: `Equal` (bitwise, or within tolerance with the largest
//! distances), or the first differing element (trials in order,
//! results in order, elements row-major): result index, global index, the
//! devices holding that element in the partitioned result, both values. A
//! partitioned result whose replicas disagree is reported as such (the
//! devices and their values). Everything is deterministic: the same seed
//! gives the same inputs, runs and verdict.
//!
//! Invariant: this is the only module of the verifier that runs the
//! interpreter.

pub mod bound;
pub mod compare;
pub mod domain;
pub mod erase;
pub mod exact;
pub mod float_format;
pub mod hlo;
pub mod inputs;

use std::fmt;

use shardref_interp::devices::mesh::UnshardError;
use shardref_interp::devices::sharded::{ImplicitReshards, ShardedInputs, ShardedOptions, ShardedValue, run_sharded};
use shardref_interp::{InterpError, Limits, Refusal, Value};
use shardref_spec::ir::{Attr, Module, OpId, Span, Type};
use shardref_spec::ops::{OpKind, OpName, SdyOp, Traits};

pub use compare::{Closeness, Comparison, Tolerance};
use compare::{Judgement, Radii};
pub use erase::{EraseError, NoEntry, choose_entry, erased_twin, find_func, func_names, functions};
use exact::{ExactSums, Probe};

/// A partitioned function and its unpartitioned twin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    pub parallel: String,
    pub sequential: String,
    /// The twin is `parallel` with its shardings and collectives erased
    /// (`sequential` names the erased copy `prepare` adds).
    pub erased: bool,
    /// Why a twin was erased although a function named like the twin exists.
    pub note: Option<String>,
}

/// A located problem that stops `equiv` before a verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct EquivError {
    pub span: Span,
    pub message: String,
    /// Set when a strict sharded run refused an op (`shardref_interp::Refusal`): callers tell
    /// a refusal by this, never by the message.
    pub refusal: Option<Box<Refusal>>,
}

impl EquivError {
    pub fn new(span: Span, message: impl Into<String>) -> EquivError {
        EquivError { span, message: message.into(), refusal: None }
    }
    fn from_interp(side: &str, func: &str, e: InterpError) -> EquivError {
        EquivError { span: e.span, message: format!("{side} run of @{func}: {e}"), refusal: e.refusal }
    }
}

impl fmt::Display for EquivError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// How to run `equiv`.
#[derive(Clone, Debug)]
pub struct EquivOptions {
    pub seed: u64,
    pub trials: usize,
    pub comparison: Comparison,
    pub limits: Limits,
    /// Strict (every reshard explicit) or inserting implicit reshards, for
    /// programs that upstream partitions before running.
    pub implicit: ImplicitReshards,
    /// Run the partitioned side on global-shaped canvases instead of local shards.
    pub canvas: bool,
}

impl Default for EquivOptions {
    fn default() -> Self {
        EquivOptions {
            seed: 0,
            trials: 3,
            comparison: Comparison::Bitwise,
            limits: Limits::default(),
            implicit: ImplicitReshards::Error,
            canvas: false,
        }
    }
}

/// The first differing element.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    /// The trial (0-based) whose inputs show it; `None` for given inputs.
    pub trial: Option<usize>,
    pub result: usize,
    /// The global index of the element.
    pub index: Vec<usize>,
    /// Device ids of the mesh devices holding that element in the partitioned result.
    pub devices: Vec<i64>,
    pub parallel: String,
    pub sequential: String,
    /// What the exact sum says about the element, when it is the result of a sum.
    pub note: Option<String>,
}

/// Replicas of a partitioned result element disagree with each other.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplicaDisagreement {
    pub trial: Option<usize>,
    /// Which value: `result N` of the parallel function, or a value inside it
    /// that must be replicated (a manual computation's result), with its line.
    pub site: String,
    pub index: Vec<usize>,
    /// Device ids and their values.
    pub devices: Vec<i64>,
    pub values: Vec<String>,
}

/// The verdict on one pair.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Every result of every trial agrees: bitwise (`closeness` is `None`),
    /// or within tolerance with the largest distances.
    Equal {
        trials: usize,
        closeness: Option<Closeness>,
    },
    Differs(Difference),
    ReplicasDisagree(ReplicaDisagreement),
    /// Result counts, shapes or element types differ (no element to name).
    TypesDiffer {
        result: Option<usize>,
        message: String,
    },
}

impl Verdict {
    pub fn is_equal(&self) -> bool {
        matches!(self, Verdict::Equal { .. })
    }
}

fn devices_text(ds: &[i64]) -> String {
    match ds {
        [] => "no device".into(),
        [d] => format!("device {d}"),
        _ => format!("devices {}", ds.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")),
    }
}

fn trial_text(t: Option<usize>) -> String {
    t.map_or_else(|| "on the given inputs".to_string(), |t| format!("in trial {t}"))
}

impl fmt::Display for Verdict {
    /// One verdict, as `shardref equiv` prints it after the pair's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Equal { trials, closeness } => {
                let n = format!("{trials} trial{}", if *trials == 1 { "" } else { "s" });
                match closeness {
                    None => write!(f, "equal (bitwise, {n})"),
                    Some(c) => {
                        write!(
                            f,
                            "equal within tolerance (max abs {}, max ulp {}",
                            compare::sci(c.max_abs),
                            compare::ulps(c.max_ulp)
                        )?;
                        if let Some(s) = c.sums {
                            write!(
                                f,
                                "; sums within {}% of their rounding bound, at most {} ulp from the exact value",
                                compare::ulps(100.0 * s.max_fraction_of_bound),
                                compare::ulps(s.max_ulp_from_exact)
                            )?;
                        }
                        if let Some(b) = c.bound_fraction {
                            write!(f, "; at most {}% of the rounding bound of both runs", compare::ulps(100.0 * b))?;
                        }
                        if c.unbounded > 0 {
                            let n = c.unbounded;
                            write!(f, "; {n} ill-conditioned element{} (unbounded)", if n == 1 { "" } else { "s" })?;
                        }
                        if let Some((n, why)) = &c.fallback {
                            write!(
                                f,
                                "; {n} element{} without a bound ({why}) within the default tolerance",
                                if *n == 1 { "" } else { "s" }
                            )?;
                        }
                        write!(f, "; {n})")
                    }
                }
            }
            Verdict::Differs(d) => {
                write!(
                    f,
                    "differ {}: result {} at index {:?}, held by {}: parallel {}, sequential {}",
                    trial_text(d.trial),
                    d.result,
                    d.index,
                    devices_text(&d.devices),
                    d.parallel,
                    d.sequential
                )?;
                match &d.note {
                    Some(n) => write!(f, " ({n})"),
                    None => Ok(()),
                }
            }
            Verdict::ReplicasDisagree(r) => {
                let each: Vec<String> =
                    r.devices.iter().zip(&r.values).map(|(d, v)| format!("device {d} holds {v}")).collect();
                write!(
                    f,
                    "differ: replicas of the parallel result disagree {}: {} at index {:?}: {}",
                    trial_text(r.trial),
                    r.site,
                    r.index,
                    each.join(", ")
                )
            }
            Verdict::TypesDiffer { result: Some(i), message } => write!(f, "differ: result {i}: {message}"),
            Verdict::TypesDiffer { result: None, message } => write!(f, "differ: {message}"),
        }
    }
}

/// The pairs to check: the one named (`parallel`, with `sequential` or its
/// twin), or every `@parallel_x` of the module with its twin, or, when the
/// module has none, `@main` with its twin (a module as JAX exports it).
pub fn resolve_pairs(m: &Module, parallel: Option<&str>, sequential: Option<&str>) -> Result<Vec<Pair>, EquivError> {
    let names = func_names(m);
    let exists = |n: &str| names.iter().any(|x| x == n);
    let listing = || {
        if names.is_empty() {
            return "no functions".to_string();
        }
        names.iter().map(|n| format!("@{n}")).collect::<Vec<_>>().join(", ")
    };
    match (parallel, sequential) {
        (Some(p), _) if !exists(p) => {
            Err(EquivError::new(Span::NONE, format!("no function @{p} in the module (it has {})", listing())))
        }
        (_, Some(s)) if !exists(s) => {
            Err(EquivError::new(Span::NONE, format!("no function @{s} in the module (it has {})", listing())))
        }
        (Some(p), Some(s)) => Ok(vec![Pair { parallel: p.into(), sequential: s.into(), erased: false, note: None }]),
        (Some(p), None) => Ok(vec![twin_of(m, p, &exists)]),
        (None, Some(_)) => Err(EquivError::new(Span::NONE, "--sequential needs --parallel")),
        (None, None) => {
            let pairs: Vec<Pair> =
                names.iter().filter(|n| n.starts_with("parallel_")).map(|p| twin_of(m, p, &exists)).collect();
            if !pairs.is_empty() {
                return Ok(pairs);
            }
            if exists("main") {
                return Ok(vec![twin_of(m, "main", &exists)]);
            }
            Err(EquivError::new(
                Span::NONE,
                format!(
                    "no @parallel_* or @main function in the module (it has {}); name one with --parallel",
                    listing()
                ),
            ))
        }
    }
}

/// The twin of `p`: `@sequential_x` for `@parallel_x` when it takes the
/// same arguments; otherwise `p` erased (named `sequential_x` when free,
/// else `p_unpartitioned`). A `@sequential_x` with other arguments (the
/// corpus's pad tests pass the padding value to it) cannot run on the same
/// inputs, so the erased copy stands in for it and the pair says why.
fn twin_of(m: &Module, p: &str, exists: &dyn Fn(&str) -> bool) -> Pair {
    let erased = |sequential: String, note| Pair { parallel: p.into(), sequential, erased: true, note };
    let fallback = format!("{p}_unpartitioned");
    let Some(x) = p.strip_prefix("parallel_") else { return erased(fallback, None) };
    let s = format!("sequential_{x}");
    if !exists(&s) {
        return erased(s, None);
    }
    let same = matches!((arg_types(m, p), arg_types(m, &s)), (Ok((a, _)), Ok((b, _))) if a == b);
    if same {
        return Pair { parallel: p.into(), sequential: s, erased: false, note: None };
    }
    erased(fallback, Some(format!("@{s} takes other arguments")))
}

/// A copy of `m` with the erased twins of `pairs` added.
pub fn prepare(m: &Module, pairs: &[Pair]) -> Result<Module, EquivError> {
    let mut out = m.clone();
    for p in pairs.iter().filter(|p| p.erased) {
        erased_twin(&mut out, &p.parallel, &p.sequential).map_err(|e| EquivError::new(e.span, e.message))?;
    }
    Ok(out)
}

/// The argument types of function `name`.
pub fn arg_types(m: &Module, name: &str) -> Result<(Vec<Type>, Vec<Type>), EquivError> {
    let f = find_func(m, name).ok_or_else(|| EquivError::new(Span::NONE, format!("no function @{name}")))?;
    match crate::attrs::Func::of(m.op(f)).function_type().raw() {
        Some(Attr::Type(Type::Function(a, r))) => Ok((a.clone(), r.clone())),
        _ => Err(EquivError::new(m.op(f).span, format!("@{name} has no function_type"))),
    }
}

/// Checks one pair of a prepared module (`prepare`): on `given` inputs (one
/// trial), or on `opts.trials` random draws. The parallel function runs
/// sharded on its mesh's devices.
pub fn equiv(m: &Module, pair: &Pair, given: Option<Vec<Value>>, opts: &EquivOptions) -> Result<Verdict, EquivError> {
    equiv_with(m, pair, given, opts, Runner::Sharded)
}

/// As `equiv`, but both functions run on the global interpreter: for twins
/// that are both unpartitioned (a transformed function against its
/// original). Differences name no devices.
pub fn equiv_global(
    m: &Module,
    pair: &Pair,
    given: Option<Vec<Value>>,
    opts: &EquivOptions,
) -> Result<Verdict, EquivError> {
    equiv_with(m, pair, given, opts, Runner::Global)
}

/// How the first function of a pair runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Runner {
    Sharded,
    Global,
}

fn equiv_with(
    m: &Module,
    pair: &Pair,
    given: Option<Vec<Value>>,
    opts: &EquivOptions,
    runner: Runner,
) -> Result<Verdict, EquivError> {
    let (p_args, p_results) = arg_types(m, &pair.parallel)?;
    let (s_args, s_results) = arg_types(m, &pair.sequential)?;
    let at = find_func(m, &pair.parallel).map_or(Span::NONE, |f| m.op(f).span);
    if p_args != s_args {
        return Err(EquivError::new(
            at,
            format!(
                "@{} and @{} take different arguments ({} vs {})",
                pair.parallel,
                pair.sequential,
                types_text(&p_args),
                types_text(&s_args)
            ),
        ));
    }
    if p_results != s_results {
        return Ok(Verdict::TypesDiffer {
            result: None,
            message: format!("result types {} vs {}", types_text(&p_results), types_text(&s_results)),
        });
    }
    let mut trials: Vec<(Option<usize>, Vec<Value>)> = match given {
        Some(v) => vec![(None, v)],
        None => (0..opts.trials)
            .map(|t| {
                let mut rng = inputs::trial_rng(opts.seed, t as u64);
                inputs::random_inputs(&p_args, &mut rng)
                    .map(|v| (Some(t), v))
                    .map_err(|e| EquivError::new(at, format!("@{}: {e}", pair.parallel)))
            })
            .collect::<Result<_, _>>()?,
    };
    // Inputs from the program's domain (`domain`) after the random trials,
    // each on trial 0's draw with one argument set; not with given inputs.
    let mut from_domain: Vec<(usize, domain::Candidate)> = vec![];
    if let Some((Some(_), base)) = trials.first().cloned() {
        for c in domain::candidates(m, &pair.parallel) {
            if let Some(args) = domain::apply(&base, c) {
                from_domain.push((trials.len(), c));
                trials.push((Some(trials.len()), args));
            }
        }
    }
    // Under tolerances, the twin runs as a probe that also returns the
    // operands of its final sums (`exact`).
    let probed = match opts.comparison {
        Comparison::Tolerant(_) => {
            let mut pm = m.clone();
            let name = format!("{}__equiv_exact_probe", pair.sequential);
            exact::add_probe(&mut pm, &pair.sequential, &name).map(|probe| {
                let limbs = exact::limb_module(&pm, &probe);
                Probed { module: pm, limbs, probe }
            })
        }
        Comparison::Bitwise => None,
    };
    let count = trials.len();
    let mut closeness: Option<Closeness> = None;
    for (trial, args) in trials {
        match one_trial(m, probed.as_ref(), pair, trial, args, opts, runner)? {
            Verdict::Equal { closeness: Some(c), .. } => closeness.get_or_insert_with(Closeness::default).merge(&c),
            Verdict::Equal { closeness: None, .. } => {}
            Verdict::Differs(mut d) => {
                // Say which domain value the trial took.
                if let Some((_, c)) = from_domain.iter().find(|(t, _)| Some(*t) == d.trial) {
                    let what = format!("argument {} = {}, from the program's domain", c.arg, c.value);
                    d.note = Some(d.note.map_or(what.clone(), |n| format!("{n}; {what}")));
                }
                return Ok(Verdict::Differs(d));
            }
            verdict => return Ok(verdict),
        }
    }
    Ok(Verdict::Equal { trials: count, closeness })
}

/// The module with a probe of the twin (`exact::add_probe`), and its limb copy.
struct Probed {
    module: Module,
    limbs: Module,
    probe: Probe,
}

/// The twin's results of one trial, with the operands of its final sums when probed.
struct SequentialRun<'p> {
    results: Vec<Value>,
    probe: Option<(&'p Probed, Vec<Value>)>,
    limits: Limits,
}

impl SequentialRun<'_> {
    /// The exact sums of result `i`, when it is a probed sum.
    fn exact_sums(&self, i: usize) -> Option<ExactSums> {
        let (probed, extra) = self.probe.as_ref()?;
        probed_exact_sums(probed, extra, i, self.limits)
    }
}

/// The rounding bound of a twin's run (`bound`), propagated on first use
/// (only when some element is not bitwise equal).
struct LazyBound<'a> {
    m: &'a Module,
    func: &'a str,
    args: Vec<Value>,
    limits: Limits,
    radii: Option<Result<Vec<Vec<f64>>, String>>,
}

impl<'a> LazyBound<'a> {
    fn new(m: &'a Module, func: &'a str, args: Vec<Value>, limits: Limits) -> LazyBound<'a> {
        LazyBound { m, func, args, limits, radii: None }
    }

    /// The radii of result `i`; `results` are the twin's, which the propagation must reproduce.
    fn radii(&mut self, i: usize, results: &[Value]) -> Radii {
        let all = self.radii.get_or_insert_with(|| {
            let b = bound::propagate(self.m, self.func, std::mem::take(&mut self.args), self.limits)?;
            if b.results.len() < results.len() || b.results.iter().zip(results).any(|(x, y)| !same_bits(x, y)) {
                return Err("the bound's run of the twin differs from the twin's run".into());
            }
            Ok(b.radii)
        });
        match all {
            Ok(r) => r.get(i).cloned().ok_or_else(|| "no bound for this result".into()),
            Err(why) => Err(why.clone()),
        }
    }
}

/// Whether two values have the same bits.
fn same_bits(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Tensor(x), Value::Tensor(y)) => {
            x.shape == y.shape && x.elem == y.elem && x.buf.to_le_bytes() == y.buf.to_le_bytes()
        }
        (Value::Tuple(x), Value::Tuple(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_bits(a, b)),
        _ => a == b,
    }
}

/// The exact sums of the twin's result `i` from the probe's `extra` results
/// (the operands of its final sums), when result `i` is a probed sum.
fn probed_exact_sums(probed: &Probed, extra: &[Value], i: usize, limits: Limits) -> Option<ExactSums> {
    let site = probed.probe.sites.iter().find(|s| s.result == i)?;
    let base = probed.probe.results;
    let tensor = |k: usize| match extra.get(k.checked_sub(base)?) {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    let operands: Vec<_> = site.operands.iter().map(|&k| tensor(k)).collect::<Option<_>>()?;
    let addends: Vec<_> = site.addends.iter().map(|&(k, _)| tensor(k)).collect::<Option<_>>()?;
    exact::exact_sums(&probed.limbs, site, &operands, &addends, limits)
}

/// One run of an unpartitioned function on given inputs, kept as the
/// reference that any number of other runs of the same program on the same
/// inputs are judged against (the sharded run, a partitioned HLO module,
/// another implementation's outputs), with `equiv`'s rules. Under
/// `Comparison::Tolerant` it runs as a probe (`exact::add_probe`), so final
/// sums are judged against their exact values, as `equiv` judges them.
pub struct TwinRun {
    results: Vec<Value>,
    probe: Option<(Probed, Vec<Value>)>,
    comparison: Comparison,
    limits: Limits,
    /// Under tolerances: the module, function and inputs, to propagate the rounding bound on first use.
    twin: Option<(Module, String, Vec<Value>)>,
    radii: std::sync::OnceLock<Result<Vec<Vec<f64>>, String>>,
}

impl fmt::Debug for TwinRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TwinRun").field("results", &self.results.len()).field("probed", &self.probe.is_some()).finish()
    }
}

/// Runs function `func` of `m` (an unpartitioned program: no shardings are
/// read) on `args` on the reference interpreter, as the reference of
/// `TwinRun`'s judgements.
pub fn run_twin(
    m: &Module,
    func: &str,
    args: Vec<Value>,
    comparison: Comparison,
    limits: Limits,
) -> Result<TwinRun, EquivError> {
    let probed = match comparison {
        Comparison::Tolerant(_) => {
            let mut pm = m.clone();
            let name = format!("{func}__equiv_exact_probe");
            exact::add_probe(&mut pm, func, &name).map(|probe| {
                let limbs = exact::limb_module(&pm, &probe);
                Probed { module: pm, limbs, probe }
            })
        }
        Comparison::Bitwise => None,
    };
    let (module, name) = match &probed {
        Some(p) => (&p.module, p.probe.func.as_str()),
        None => (m, func),
    };
    let twin = match comparison {
        Comparison::Tolerant(_) => Some((m.clone(), func.to_string(), args.clone())),
        Comparison::Bitwise => None,
    };
    let mut results = shardref_interp::run(module, name, args, limits)
        .map_err(|e| EquivError::from_interp("sequential", func, e))?
        .results;
    let probe = probed.map(|p| {
        let extra = results.split_off(p.probe.results.min(results.len()));
        (p, extra)
    });
    Ok(TwinRun { results, probe, comparison, limits, twin, radii: std::sync::OnceLock::new() })
}

impl TwinRun {
    /// The twin's results.
    pub fn results(&self) -> &[Value] {
        &self.results
    }

    fn exact_sums(&self, i: usize) -> Option<ExactSums> {
        let (probed, extra) = self.probe.as_ref()?;
        probed_exact_sums(probed, extra, i, self.limits)
    }

    /// The propagated rounding bound of result `i` (`bound`), computed on first use.
    fn radii(&self, i: usize) -> Radii {
        let all = self.radii.get_or_init(|| {
            let Some((m, func, args)) = &self.twin else { return Err("bitwise comparison".into()) };
            let b = bound::propagate(m, func, args.clone(), self.limits)?;
            if b.results.len() < self.results.len()
                || b.results.iter().zip(&self.results).any(|(x, y)| !same_bits(x, y))
            {
                return Err("the bound's run of the twin differs from the twin's run".into());
            }
            Ok(b.radii)
        });
        match all {
            Ok(r) => r.get(i).cloned().ok_or_else(|| "no bound for this result".into()),
            Err(why) => Err(why.clone()),
        }
    }

    /// Judges a sharded run's results (reassembled) against the twin's.
    pub fn judge_sharded(&self, par: &[ShardedValue], trial: Option<usize>) -> Result<Verdict, EquivError> {
        compare_results(par, &self.results, trial, self.comparison, &mut |i| self.exact_sums(i), &mut |i| self.radii(i))
    }

    /// Judges global results computed elsewhere against the twin's;
    /// `holders(i, index)` names the devices holding element `index` of result `i`.
    pub fn judge_global(
        &self,
        par: &[Value],
        trial: Option<usize>,
        holders: &dyn Fn(usize, &[usize]) -> Vec<i64>,
    ) -> Verdict {
        if par.len() != self.results.len() {
            return Verdict::TypesDiffer {
                result: None,
                message: format!("{} results vs {} results of the twin", par.len(), self.results.len()),
            };
        }
        let mut closeness: Option<Closeness> = None;
        for (i, (p, s)) in par.iter().zip(&self.results).enumerate() {
            let (sums, radii) = (&mut || self.exact_sums(i), &mut || self.radii(i));
            match compare_values(i, p, s, trial, self.comparison, sums, radii, &|ix| holders(i, ix)) {
                Compared::Close(c) => closeness.get_or_insert_with(Closeness::default).merge(&c),
                Compared::Bitwise => {}
                Compared::Differs(v) => return v,
            }
        }
        Verdict::Equal { trials: 1, closeness }
    }
}

fn types_text(ts: &[Type]) -> String {
    format!("({})", ts.iter().map(Type::to_string).collect::<Vec<_>>().join(", "))
}

fn one_trial(
    m: &Module,
    probed: Option<&Probed>,
    pair: &Pair,
    trial: Option<usize>,
    args: Vec<Value>,
    opts: &EquivOptions,
    runner: Runner,
) -> Result<Verdict, EquivError> {
    let mut lazy = LazyBound::new(m, &pair.sequential, args.clone(), opts.limits);
    let seq = |args| -> Result<SequentialRun<'_>, EquivError> {
        let (module, name) = match probed {
            Some(p) => (&p.module, p.probe.func.as_str()),
            None => (m, pair.sequential.as_str()),
        };
        let mut results = shardref_interp::run(module, name, args, opts.limits)
            .map_err(|e| EquivError::from_interp("sequential", &pair.sequential, e))?
            .results;
        let probe = probed.map(|p| (p, results.split_off(p.probe.results.min(results.len()))));
        Ok(SequentialRun { results, probe, limits: opts.limits })
    };
    match runner {
        Runner::Sharded => {
            let sharded_opts = ShardedOptions { limits: opts.limits, implicit: opts.implicit, canvas: opts.canvas };
            let par = match run_sharded(m, &pair.parallel, ShardedInputs::Global(args.clone()), &sharded_opts) {
                Ok(par) => par,
                // A value that must be replicated differs between devices
                // inside the partitioned function: the partitioned program
                // does not compute one global value, which is a verdict on the
                // pair (naming the devices), not a failure of the check.
                Err(InterpError { mismatch: Some(mm), span, .. }) => {
                    let line = m.source.as_ref().filter(|_| !span.is_none()).map(|src| {
                        let (line, _) =
                            shardref_spec::diag::location(src, &shardref_spec::diag::LineIndex::new(&src.text), span);
                        format!(" (line {line})")
                    });
                    return Ok(Verdict::ReplicasDisagree(ReplicaDisagreement {
                        trial,
                        site: format!("{}{}", mm.what, line.unwrap_or_default()),
                        index: mm.index,
                        devices: mm.devices,
                        values: mm.values,
                    }));
                }
                Err(e) => return Err(EquivError::from_interp("parallel", &pair.parallel, e)),
            };
            let seq = seq(args)?;
            compare_results(&par, &seq.results, trial, opts.comparison, &mut |i| seq.exact_sums(i), &mut |i| {
                lazy.radii(i, &seq.results)
            })
        }
        Runner::Global => {
            let par = shardref_interp::run(m, &pair.parallel, args.clone(), opts.limits)
                .map_err(|e| EquivError::from_interp("first", &pair.parallel, e))?
                .results;
            let seq = seq(args)?;
            if par.len() != seq.results.len() {
                return Ok(Verdict::TypesDiffer {
                    result: None,
                    message: format!("{} results vs {} results", par.len(), seq.results.len()),
                });
            }
            let mut closeness: Option<Closeness> = None;
            for (i, (p, s)) in par.iter().zip(&seq.results).enumerate() {
                let (sums, radii) = (&mut || seq.exact_sums(i), &mut || lazy.radii(i, &seq.results));
                match compare_values(i, p, s, trial, opts.comparison, sums, radii, &|_| vec![]) {
                    Compared::Close(c) => closeness.get_or_insert_with(Closeness::default).merge(&c),
                    Compared::Bitwise => {}
                    Compared::Differs(v) => return Ok(v),
                }
            }
            Ok(Verdict::Equal { trials: 1, closeness })
        }
    }
}

/// Compares the partitioned results (reassembled) with the sequential ones;
/// `sums(i)` gives the exact sums of sequential result `i` when it is a sum,
/// `radii(i)` its propagated rounding bound (`bound`).
pub fn compare_results(
    par: &[ShardedValue],
    seq: &[Value],
    trial: Option<usize>,
    comparison: Comparison,
    sums: &mut dyn FnMut(usize) -> Option<ExactSums>,
    radii: &mut dyn FnMut(usize) -> Radii,
) -> Result<Verdict, EquivError> {
    if par.len() != seq.len() {
        return Ok(Verdict::TypesDiffer {
            result: None,
            message: format!("{} parallel results vs {} sequential results", par.len(), seq.len()),
        });
    }
    let mut closeness: Option<Closeness> = None;
    for (i, (p, s)) in par.iter().zip(seq).enumerate() {
        let global = match p.reassemble() {
            Ok(v) => v,
            Err(UnshardError::Malformed(msg)) => {
                return Err(EquivError::new(Span::NONE, format!("parallel result {i} cannot be reassembled: {msg}")));
            }
            Err(UnshardError::Disagreement(d)) => {
                return Ok(Verdict::ReplicasDisagree(ReplicaDisagreement {
                    trial,
                    site: format!("result {i}"),
                    index: d.index.clone(),
                    devices: d.devices.iter().map(|&pos| p.mesh.device_id(pos)).collect(),
                    values: d.values.clone(),
                }));
            }
        };
        let holders = |index: &[usize]| p.holders(index).into_iter().map(|pos| p.mesh.device_id(pos)).collect();
        match compare_values(i, &global, s, trial, comparison, &mut || sums(i), &mut || radii(i), &holders) {
            Compared::Close(c) => closeness.get_or_insert_with(Closeness::default).merge(&c),
            Compared::Bitwise => {}
            Compared::Differs(v) => return Ok(v),
        }
    }
    Ok(Verdict::Equal { trials: 1, closeness })
}

/// How one result compares.
pub(crate) enum Compared {
    Bitwise,
    Close(Closeness),
    /// The verdict that it differs.
    Differs(Verdict),
}

/// Compares result `i`; `holders` names the devices of an element.
#[allow(clippy::too_many_arguments)]
pub(crate) fn compare_values(
    i: usize,
    p: &Value,
    s: &Value,
    trial: Option<usize>,
    comparison: Comparison,
    sums: &mut dyn FnMut() -> Option<ExactSums>,
    radii: &mut dyn FnMut() -> Radii,
    holders: &dyn Fn(&[usize]) -> Vec<i64>,
) -> Compared {
    let (Value::Tensor(pt), Value::Tensor(st)) = (p, s) else {
        if p != s {
            return Compared::Differs(Verdict::TypesDiffer {
                result: Some(i),
                message: "non-tensor results differ".into(),
            });
        }
        return Compared::Bitwise;
    };
    if compare::shape_mismatch(pt, st) {
        return Compared::Differs(Verdict::TypesDiffer {
            result: Some(i),
            message: format!("{} (parallel) vs {} (sequential)", Type::Tensor(pt.ty()), Type::Tensor(st.ty())),
        });
    }
    let (k, note) = match compare::judge(pt, st, comparison, sums, radii) {
        Judgement::Bitwise => return Compared::Bitwise,
        Judgement::Close(c) => return Compared::Close(c),
        Judgement::Differs { index, note } => (index, note),
    };
    let index = shardref_interp::check::index_of(&pt.shape, k);
    let devices = holders(&index);
    Compared::Differs(Verdict::Differs(Difference {
        trial,
        result: i,
        index,
        devices,
        parallel: compare::element_string(pt, k),
        sequential: compare::element_string(st, k),
        note,
    }))
}

/// The first op of `m` (in module order) that makes it a partitioned program:
/// an explicit sdy collective or a manual computation (a StableHLO
/// collective addresses devices as well and counts too).
pub fn partitioned_evidence(m: &Module) -> Option<OpId> {
    let mut stack = vec![m.root];
    while let Some(op) = stack.pop() {
        if claims_partitioned(&m.op(op).name) {
            return Some(op);
        }
        for &r in m.op(op).regions.iter().rev() {
            for &b in m.region(r).blocks.iter().rev() {
                stack.extend(m.block(b).ops.iter().rev());
            }
        }
    }
    None
}

/// Whether an op says that its program is already partitioned: a collective
/// of any dialect (the op table's `COLLECTIVE` trait) or a manual computation.
fn claims_partitioned(name: &OpName) -> bool {
    match name {
        OpName::Known(k) => k.has(Traits::COLLECTIVE) || *k == OpKind::Sdy(SdyOp::ManualComputation),
        OpName::Unknown(_) => false,
    }
}

/// Strict when the module claims to be partitioned (`partitioned_evidence`),
/// else inserting reshards, as upstream's partitioner would.
pub fn default_implicit(m: &Module) -> ImplicitReshards {
    match partitioned_evidence(m) {
        Some(_) => ImplicitReshards::Error,
        None => ImplicitReshards::Insert,
    }
}
