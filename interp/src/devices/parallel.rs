//! `interpreter.run_parallel`: a driver above the evaluator (reached
//! through `eval::Host`). Each program slot of the `[num_replicas]
//! [num_partitions]` grid runs as one simulated process of the runtime
//! (`runtime::run_processes_in`), with its own `Interp` over the shared
//! module analysis; a grid whose every slot is the same global-view sdy
//! function runs sharded instead (`sharded::run_parallel_hook`).
//!
//! Point-to-point pairing and the infeed reader are found by scanning each
//! process's program before the run (`run_env`), so they never depend on
//! scheduling.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::Mutex;

use shardref_spec::ir::{Attr, Module, OpId, RegionId, Span};
use shardref_spec::ops::{FuncOp, OpKind, OpName, StablehloOp};

use crate::attrs;
use crate::devices::options::ImplicitReshards;
use crate::devices::runtime::{self, Comm, RunEnv};
use crate::error::{IResult, InterpError};
use crate::eval::{Frame, Interp};
use crate::value::Value;

/// `interpreter.run_parallel`: programs = [num_replicas][num_partitions] function references, one process each;
/// operands and results are flattened in that order. Each process runs with the remaining fuel of the caller
/// as its budget; printed output, check results and probes join the caller's outcome in process order.
pub fn run_parallel(it: &mut Interp<'_>, f: &mut Frame, op: OpId, implicit: ImplicitReshards) -> IResult<Vec<Value>> {
    let m = it.m;
    let o = m.op(op);
    let span = o.span;
    if it.device.is_some() {
        return Err(InterpError::unsupported(span, "interpreter.run_parallel inside a simulated process"));
    }
    let Some(rows) = attrs::interpreter::RunParallel::of(o).programs().get() else {
        return Err(InterpError::invalid(span, "run_parallel needs a 'programs' array of arrays"));
    };
    let mut grid: Vec<Vec<OpId>> = vec![];
    for row in rows {
        let Attr::Array(cols) = row else {
            return Err(InterpError::invalid(span, "run_parallel 'programs' must be an array of arrays"));
        };
        let funcs = cols
            .iter()
            .map(|c| match c {
                Attr::SymbolRef(s) => s
                    .first()
                    .and_then(|n| m.lookup_symbol(n))
                    .filter(|&f| m.op(f).name == OpName::Known(OpKind::Func(FuncOp::Func)))
                    .ok_or_else(|| InterpError::invalid(span, format!("no function @{}", s.join("::@")))),
                _ => Err(InterpError::invalid(span, "run_parallel programs must be function references")),
            })
            .collect::<IResult<Vec<_>>>()?;
        grid.push(funcs);
    }
    let num_replicas = grid.len();
    let num_partitions = grid.first().map_or(0, |r| r.len());
    if num_partitions == 0 || grid.iter().any(|r| r.len() != num_partitions) {
        return Err(InterpError::invalid(span, "run_parallel programs must be a non-empty rectangle"));
    }
    check_module_grid(m, num_replicas, num_partitions, span)?;
    let programs: Vec<OpId> = grid.into_iter().flatten().collect();
    // Split the operands by each program's arity.
    let mut inputs: Vec<Vec<Value>> = vec![];
    let mut next = 0;
    for &p in &programs {
        let n = func_arity(m, p);
        let args = o
            .operands
            .get(next..next + n)
            .ok_or_else(|| InterpError::invalid(span, "run_parallel has fewer operands than its programs take"))?
            .iter()
            .map(|&v| it.value(f, v, span).cloned())
            .collect::<IResult<Vec<_>>>()?;
        next += n;
        inputs.push(args);
    }
    if next != o.operands.len() {
        return Err(InterpError::invalid(span, "run_parallel has more operands than its programs take"));
    }
    // Global-view sdy functions run sharded, one program slot per device (devices::sharded).
    if let Some(results) = crate::devices::sharded::run_parallel_hook(it, &programs, &inputs, span, implicit)? {
        return Ok(results);
    }
    let env = run_env(m, op, &programs)?;
    let ids = runtime::grid(num_replicas as u32, num_partitions as u32);
    let mut limits = it.limits();
    limits.fuel = it.fuel_left();
    let inputs: Vec<Mutex<Option<Vec<Value>>>> = inputs.into_iter().map(|v| Mutex::new(Some(v))).collect();
    let an = it.analysis();
    let host = it.host;
    let outcomes = runtime::run_processes_in(&ids, limits, env, |ctx| {
        let i = ctx.id().index;
        let args = inputs[i].lock().unwrap_or_else(|e| e.into_inner()).take().unwrap_or_default();
        let mut p = Interp::on_device_sharing(m, ctx.limits(), ctx, an.clone());
        p.host = host;
        let results = p.call(programs[i], args, span)?;
        p.outcome.results = results;
        Ok(p.outcome)
    })?;
    let mut results = vec![];
    for out in outcomes {
        results.extend(out.results);
        it.outcome.printed.extend(out.printed);
        it.outcome.check_failures.extend(out.check_failures);
        it.outcome.checks_run += out.checks_run;
        it.outcome.outfeed.extend(out.outfeed);
        for (k, v) in out.probes {
            it.outcome.probes.entry(k).or_default().extend(v);
        }
    }
    Ok(results)
}

fn func_arity(m: &Module, func: OpId) -> usize {
    m.op(func).regions.first().and_then(|&r| m.region(r).blocks.first()).map_or(0, |&b| m.block(b).args.len())
}

/// `mhlo.num_replicas` / `mhlo.num_partitions` on the module, when present, must describe the same grid.
fn check_module_grid(m: &Module, num_replicas: usize, num_partitions: usize, span: Span) -> IResult<()> {
    let module = attrs::Module::of(m.op(m.root));
    for (field, n) in [(module.mhlo_num_replicas(), num_replicas), (module.mhlo_num_partitions(), num_partitions)] {
        let name = field.name;
        if let Some(a) = field.raw() {
            let declared =
                a.as_int().ok_or_else(|| InterpError::invalid(span, format!("{name} must be an integer")))?;
            if declared != n as i128 {
                return Err(InterpError::invalid(
                    span,
                    format!("the module declares {name} = {declared}, but run_parallel's programs have {n}"),
                ));
            }
        }
    }
    Ok(())
}

/// Which processes send, receive and read infeed, from their programs (called functions included).
fn run_env(m: &Module, op: OpId, programs: &[OpId]) -> IResult<RunEnv> {
    let span = m.op(op).span;
    let mut senders: BTreeMap<i64, BTreeSet<usize>> = BTreeMap::new();
    let mut receivers: BTreeMap<i64, BTreeSet<usize>> = BTreeMap::new();
    let mut readers = BTreeSet::new();
    for (p, &func) in programs.iter().enumerate() {
        let mut seen = HashSet::new();
        let mut stack = vec![func];
        while let Some(fun) = stack.pop() {
            if !seen.insert(fun) {
                continue;
            }
            let mut ops_stack: Vec<RegionId> = m.op(fun).regions.clone();
            while let Some(r) = ops_stack.pop() {
                for &b in &m.region(r).blocks {
                    for &x in &m.block(b).ops {
                        let xo = m.op(x);
                        ops_stack.extend(xo.regions.iter().copied());
                        let ch = || attrs::stablehlo::SendRecv::of(xo).channel_handle().get().map_or(0, |c| c.handle);
                        match xo.name {
                            OpName::Known(OpKind::Stablehlo(StablehloOp::Send)) => {
                                senders.entry(ch()).or_default().insert(p);
                            }
                            OpName::Known(OpKind::Stablehlo(StablehloOp::Recv)) => {
                                receivers.entry(ch()).or_default().insert(p);
                            }
                            OpName::Known(OpKind::Stablehlo(StablehloOp::Infeed)) => {
                                readers.insert(p);
                            }
                            _ => {}
                        }
                        for callee in
                            [attrs::Call::of(xo).callee(), attrs::stablehlo::Composite::of(xo).decomposition()]
                        {
                            if let Some(s) = callee.get()
                                && let Some(t) = s.first().and_then(|n| m.lookup_symbol(n))
                            {
                                stack.push(t);
                            }
                        }
                    }
                }
            }
        }
    }
    let mut env = RunEnv::default();
    let channels: BTreeSet<i64> = senders.keys().chain(receivers.keys()).copied().collect();
    for c in channels {
        let s = senders.get(&c).cloned().unwrap_or_default();
        let r = receivers.get(&c).cloned().unwrap_or_default();
        let (sv, rv): (Vec<usize>, Vec<usize>) = (s.iter().copied().collect(), r.iter().copied().collect());
        let entry = match (&sv[..], &rv[..]) {
            (&[a], &[b]) if a != b => Ok((a, b)),
            _ => Err(format!(
                "channel {c} is sent on by processes {s:?} and received on by processes {r:?}; \
                 shardref pairs one sending process with one other receiving process per channel"
            )),
        };
        env.channels.insert(c, entry);
    }
    if let Some(names) = attrs::interpreter::RunParallel::of(m.op(op)).infeed().get() {
        if readers.len() > 1 {
            return Err(InterpError::unsupported(
                span,
                format!(
                    "processes {readers:?} all read the infeed; the order in which they would take its entries \
                     depends on scheduling"
                ),
            ));
        }
        for n in names {
            match n {
                Attr::SymbolRef(s) if !s.is_empty() => env.infeed.push(s[0].clone()),
                _ => return Err(InterpError::invalid(span, "run_parallel infeed must list function references")),
            }
        }
    }
    Ok(env)
}
