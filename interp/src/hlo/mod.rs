//! Execution of XLA HLO modules (the `hlo` dialect that `shardref_spec::hlo` lowers HLO text into):
//! the ENTRY computation runs on one simulated device, or on the module's `replica_count` ×
//! `num_partitions` grid of simulated devices, every device running the same (partitioned) program.
//!
//! - `exec`: the evaluator of computations, one exhaustive `match` over `HloOp` mapping each opcode's
//!   attributes onto the kernels of `crate::ops`; control flow (`while`, `conditional`, `call`,
//!   `fusion`), tuples, and the async forms (§2 of `hlo-text-and-async.md`).
//! - `exec::collectives`: HLO's collectives on the device grid, with §3.2's participant rules, over the shared
//!   collective kernels of `crate::devices::collectives` (each collective's semantics exists once).
//! - `attrs`: the op table's HLO attribute views (`shardref_spec::schema::hlo`: windows, dim labels,
//!   slices, paddings, replica groups, ... decoded by `shardref_spec::hlo::attrs`) with XLA's error wording.
//! - `literal`: `constant(...)` literals as values.
//!
//! Devices. Device `d` of the grid is replica `d / num_partitions`, partition `d % num_partitions`
//! (XLA's flattened id `r * P + p`), so per-device inputs and outputs are listed in that order. A
//! single-device run is replica 0, partition 0 of a 1 × 1 grid; a collective there meets only itself,
//! and a collective naming other devices is an error.
//!
//! Invariants: no input makes the evaluator panic (ill-formed modules are `InvalidProgram`, opcodes
//! and forms without semantics here are `Unsupported`, both located at the instruction); results never
//! depend on scheduling (every device is a deterministic function of its exchanges, see
//! `devices::runtime`).

pub mod attrs;
pub mod exec;
pub mod literal;

use std::sync::Arc;

use crate::devices::runtime::Comm as _;

use shardref_spec::hlo as sh;
use shardref_spec::ir::{Module, Span, Type};
use shardref_spec::schema::{Field, kind};

use crate::devices::runtime::{self, ProcessId};
use crate::error::{IResult, InterpError};
use crate::eval::{Interp, Limits, ModuleAnalysis};
use crate::value::Value;

/// The device grid a module declares: (`replica_count`, `num_partitions`), each 1 when absent.
pub fn module_grid(m: &Module) -> IResult<(u32, u32)> {
    let read = |f: Field<'_, kind::HloText>| -> IResult<u32> {
        // The header attribute's own name (`replica_count`), as the module text writes it.
        let name = f.name.trim_start_matches("hlo.");
        match (f.raw(), f.get()) {
            (None, _) => Ok(1),
            (Some(_), Some(text)) => match text.trim().parse::<u32>() {
                Ok(n) if (1..=4096).contains(&n) => Ok(n),
                _ => Err(InterpError::unsupported(
                    Span::NONE,
                    format!("{name}={text}: shardref runs grids of 1 to 4096 replicas and partitions"),
                )),
            },
            (Some(_), None) => Err(InterpError::invalid(Span::NONE, format!("{name} must be an integer"))),
        }
    };
    let header = shardref_spec::schema::Module::of(m.op(m.root));
    let (r, p) = (read(header.hlo_replica_count())?, read(header.hlo_num_partitions())?);
    if u64::from(r) * u64::from(p) > 4096 {
        return Err(InterpError::unsupported(Span::NONE, format!("a grid of {r} × {p} devices (at most 4096)")));
    }
    Ok((r, p))
}

/// The types of the ENTRY computation's parameters, by parameter number.
pub fn entry_parameter_types(m: &Module) -> IResult<Vec<Type>> {
    let prog = exec::Program::new(m)?;
    let entry = prog.entry;
    Ok(prog.comp(entry)?.params.iter().map(|&p| m.value_type(m.op(p).results[0]).clone()).collect())
}

/// The type of the ENTRY computation's root (one value, often a tuple).
pub fn entry_result_type(m: &Module) -> IResult<Type> {
    let prog = exec::Program::new(m)?;
    let root = prog.comp(prog.entry)?.root;
    Ok(m.value_type(m.op(root).results[0]).clone())
}

/// Runs the ENTRY computation on one device (replica 0, partition 0) with `inputs` as its parameters;
/// returns the root's value. Modules declaring more devices still run as that one device, so their
/// collectives must name only it.
pub fn run(m: &Module, inputs: Vec<Value>, limits: Limits) -> IResult<Value> {
    let prog = Arc::new(exec::Program::new(m)?);
    let ids = runtime::grid(1, 1);
    let mut out = run_on(m, &prog, &ids, vec![inputs], limits)?;
    out.pop().ok_or_else(|| InterpError::invalid(Span::NONE, "the run produced no result"))
}

/// Runs the ENTRY computation on every device of the module's `replica_count` × `num_partitions` grid;
/// `inputs[d]` are device d's parameters (d = replica × num_partitions + partition). Returns every
/// device's root value in the same order. Errors name the device that failed first (see
/// `devices::runtime` for the deterministic choice), deadlocks name what every device waits on.
pub fn run_devices(m: &Module, inputs: Vec<Vec<Value>>, limits: Limits) -> IResult<Vec<Value>> {
    let (r, p) = module_grid(m)?;
    let ids = runtime::grid(r, p);
    if inputs.len() != ids.len() {
        return Err(InterpError::invalid(
            Span::NONE,
            format!("the module runs on {r} × {p} devices, but inputs were given for {}", inputs.len()),
        ));
    }
    let prog = Arc::new(exec::Program::new(m)?);
    run_on(m, &prog, &ids, inputs, limits)
}

fn run_on(
    m: &Module,
    prog: &Arc<exec::Program>,
    ids: &[ProcessId],
    inputs: Vec<Vec<Value>>,
    limits: Limits,
) -> IResult<Vec<Value>> {
    let an = ModuleAnalysis::new(m);
    let inputs: Vec<std::sync::Mutex<Option<Vec<Value>>>> =
        inputs.into_iter().map(|v| std::sync::Mutex::new(Some(v))).collect();
    runtime::run_processes(ids, limits, |ctx| {
        let args = inputs[ctx.id().index].lock().unwrap_or_else(|e| e.into_inner()).take().unwrap_or_default();
        let mut it = Interp::on_device_sharing(m, limits, ctx, Arc::clone(&an));
        crate::value::set_value_budget(limits.max_value_bytes);
        let mut ex = exec::Exec::new(&mut it, prog);
        let entry = prog.entry;
        ex.call(entry, args, m.op(entry).span)
    })
}

/// Whether `m` is an HLO module (re-exported for callers that dispatch on the language).
pub fn is_hlo_module(m: &Module) -> bool {
    sh::is_hlo_module(m)
}

/// Deterministic sample inputs for a module's ENTRY parameters (the same on every device): element i
/// of an array is `(3 i + 1) mod 7 - 3` in its element type (`i mod 2` for `pred`), tuples hold
/// samples of their elements, tokens are tokens. For smoke runs of modules that come without inputs.
/// Parameters larger than `limits.max_value_bytes` in all are `ResourceExhausted`.
pub fn sample_inputs(m: &Module, limits: Limits) -> IResult<Vec<Value>> {
    let types = entry_parameter_types(m)?;
    let bytes = types.iter().map(exec::type_bytes).fold(0u64, u64::saturating_add);
    if bytes > limits.max_value_bytes {
        return Err(InterpError::exhausted(
            Span::NONE,
            format!("the parameters need {bytes} bytes, over the budget of {}", limits.max_value_bytes),
        ));
    }
    types.iter().map(sample_value).collect()
}

fn sample_value(ty: &Type) -> IResult<Value> {
    use crate::value::{Buffer, Tensor};
    match ty {
        Type::Tensor(t) => {
            let shape: Vec<usize> = t
                .static_shape()
                .ok_or_else(|| InterpError::unsupported(Span::NONE, "parameters of unbounded dynamic shape"))?
                .into_iter()
                .map(|d| d as usize)
                .collect();
            let n = crate::value::checked_numel(&shape)?;
            let buf = match t.elem {
                shardref_spec::ir::ElemType::Int { width: 1, .. } => Buffer::Bool((0..n).map(|i| i % 2 == 1).collect()),
                _ => {
                    let v: Vec<i64> = (0..n).map(|i| ((3 * i as i64 + 1) % 7) - 3).collect();
                    crate::ops::convert::from_i64s(&t.elem, &v)?
                }
            };
            Ok(Value::Tensor(Tensor::new(shape, t.elem.clone(), buf)))
        }
        Type::Tuple(ts) => Ok(Value::Tuple(ts.iter().map(sample_value).collect::<IResult<_>>()?)),
        Type::Token => Ok(Value::Token),
        other => Err(InterpError::unsupported(Span::NONE, format!("parameters of type {other}"))),
    }
}
