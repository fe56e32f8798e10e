//! The HLO verifier rules of XLA's `HloVerifier` that shardref checks, each with a label
//! (tests in `verifier/tests/hlo/*.hlo` name the label they break):
//!
//! - `async-pairing` (`VerifyAsynchronousInstructionPairs`): each link of an async chain and each
//!   dedicated start/done pair has exactly one consumer of the right opcode, and each update/done
//!   an operand of the right opcode.
//! - `async-shapes` (`ShapeVerifier::HandleAsync*`): the async shape is `((operands), result, ...)`,
//!   its operand part matches a prefix of the wrapped computation's parameters, its result part the
//!   root (or a prefix of a tuple root), each start operand its slot, and each done the root.
//! - `async-thread`: a start's `async_execution_thread` names its wrapped computation's thread.
//! - `async-computation`: a wrapped computation holds only parameters and its root.
//! - `dedicated-shapes`: `all-reduce-start` / `-done` have their operands' shape, `copy-start` is
//!   `(operand, operand, u32[])` (`Expected instruction to have shape equal to ...`).
//! - `tuple-typing`: `tuple` has the tuple of its operand shapes, `get-tuple-element` the element.
//! - `collective-permute-pairs`: a target appears at most once (outside the in-place form).
//! - `async-computation` accepts the grouped forms XLA allows: send/recv groups and collective groups.
//!
//! Messages are XLA's (matched by substring in conformance). Invariant: verification never panics
//! and reports the first violation in instruction order.

use std::collections::HashMap;

use shardref_spec::diag::Diagnostic;
use shardref_spec::hlo::shape::{compatible, print_shape};
use shardref_spec::hlo::{self, computations, instructions, name_of, opcode, opcode_name};
use shardref_spec::ir::{Attr, Module, OpId, Type, ValueDef};
use shardref_spec::ops::HloOp;

/// Verifies an HLO module; empty when it satisfies every rule above.
pub fn verify(m: &Module) -> Vec<Diagnostic> {
    match verify_all(m) {
        Ok(()) => vec![],
        Err(d) => vec![d],
    }
}

fn ty(m: &Module, op: OpId) -> &Type {
    m.value_type(m.op(op).results[0])
}

fn def(m: &Module, op: OpId, i: usize) -> Option<OpId> {
    let v = *m.op(op).operands.get(i)?;
    match m.value(v).def {
        ValueDef::Result { op, .. } => Some(op),
        ValueDef::BlockArg { .. } => None,
    }
}

fn name(m: &Module, op: OpId) -> &'static str {
    opcode(m, op).map(opcode_name).unwrap_or("?")
}

fn verify_all(m: &Module) -> Result<(), Diagnostic> {
    for c in computations(m) {
        let ins = instructions(m, c);
        let mut users: HashMap<OpId, Vec<OpId>> = HashMap::new();
        for &i in &ins {
            let mut seen = vec![];
            for k in 0..m.op(i).operands.len() {
                if let Some(d) = def(m, i, k) {
                    if !seen.contains(&d) {
                        seen.push(d);
                        users.entry(d).or_default().push(i);
                    }
                }
            }
        }
        for &i in &ins {
            pairing(m, i, users.get(&i).map(Vec::as_slice).unwrap_or(&[]))?;
        }
    }
    for c in computations(m) {
        for i in instructions(m, c) {
            shapes(m, i)?;
        }
    }
    Ok(())
}

fn err(m: &Module, op: OpId, msg: String) -> Result<(), Diagnostic> {
    Err(Diagnostic::error(m.op(op).span, msg))
}

/// `async-pairing`.
fn pairing(m: &Module, i: OpId, users: &[OpId]) -> Result<(), Diagnostic> {
    let Some(k) = opcode(m, i) else { return Ok(()) };
    let one_consumer = |allowed: &[HloOp]| -> Result<(), Diagnostic> {
        if users.len() != 1 {
            return err(m, i, format!("The {} instruction requires one consumer, found {}", name(m, i), users.len()));
        }
        let u = opcode(m, users[0]);
        if !u.is_some_and(|u| allowed.contains(&u)) {
            let names: Vec<&str> = allowed.iter().map(|&a| opcode_name(a)).collect();
            return err(
                m,
                i,
                format!(
                    "The consumer of a {} instruction needs to be one of ({}), found {}",
                    name(m, i),
                    names.join(", "),
                    name(m, users[0])
                ),
            );
        }
        Ok(())
    };
    let operand_is = |allowed: &[HloOp]| -> Result<(), Diagnostic> {
        let d = def(m, i, 0);
        if !d.and_then(|d| opcode(m, d)).is_some_and(|o| allowed.contains(&o)) {
            let names: Vec<&str> = allowed.iter().map(|&a| opcode_name(a)).collect();
            return err(
                m,
                i,
                format!(
                    "The operand of a {} instruction needs to be {}, found {}",
                    name(m, i),
                    names.join(" or "),
                    d.map(|d| name(m, d)).unwrap_or("nothing")
                ),
            );
        }
        Ok(())
    };
    match k {
        HloOp::AsyncStart => one_consumer(&[HloOp::AsyncUpdate, HloOp::AsyncDone]),
        HloOp::AsyncUpdate => {
            operand_is(&[HloOp::AsyncStart, HloOp::AsyncUpdate])?;
            one_consumer(&[HloOp::AsyncUpdate, HloOp::AsyncDone])
        }
        HloOp::AsyncDone => operand_is(&[HloOp::AsyncStart, HloOp::AsyncUpdate]),
        HloOp::AllReduceStart => one_consumer(&[HloOp::AllReduceDone]),
        HloOp::AllReduceDone => operand_is(&[HloOp::AllReduceStart]),
        HloOp::CopyStart => one_consumer(&[HloOp::CopyDone]),
        HloOp::CopyDone => operand_is(&[HloOp::CopyStart]),
        HloOp::CollectivePermuteStart => one_consumer(&[HloOp::CollectivePermuteDone]),
        HloOp::CollectivePermuteDone => operand_is(&[HloOp::CollectivePermuteStart]),
        HloOp::Send | HloOp::Recv => {
            let done = if k == HloOp::Send { HloOp::SendDone } else { HloOp::RecvDone };
            let is_root = m.op(i).attrs.contains("hlo.root");
            if is_root && users.is_empty() { Ok(()) } else { one_consumer(&[done, HloOp::Tuple]) }
        }
        HloOp::SendDone => operand_is(&[HloOp::Send, HloOp::GetTupleElement]),
        HloOp::RecvDone => operand_is(&[HloOp::Recv, HloOp::GetTupleElement]),
        _ => Ok(()),
    }
}

/// The computation an async step wraps (through its chain's start).
fn wrapped(m: &Module, i: OpId) -> Option<OpId> {
    let mut cur = i;
    for _ in 0..100_000 {
        match opcode(m, cur)? {
            HloOp::AsyncStart => return hlo::called(m, cur, "calls"),
            HloOp::AsyncUpdate | HloOp::AsyncDone => cur = def(m, cur, 0)?,
            _ => return None,
        }
    }
    None
}

fn params(m: &Module, c: OpId) -> Vec<Type> {
    let mut ps: Vec<(i128, Type)> = instructions(m, c)
        .into_iter()
        .filter(|&i| opcode(m, i) == Some(HloOp::Parameter))
        .map(|i| (m.op(i).attrs.get("parameter_number").and_then(Attr::as_int).unwrap_or(0), ty(m, i).clone()))
        .collect();
    ps.sort_by_key(|(n, _)| *n);
    ps.into_iter().map(|(_, t)| t).collect()
}

fn prefix_matches(got: &[Type], want: &[Type]) -> bool {
    got.len() <= want.len() && got.iter().zip(want).all(|(a, b)| compatible(a, b))
}

/// `async-shapes`, `async-thread`, `async-computation`, `tuple-typing`, `collective-permute-pairs`.
fn shapes(m: &Module, i: OpId) -> Result<(), Diagnostic> {
    let Some(k) = opcode(m, i) else { return Ok(()) };
    let shape = ty(m, i).clone();
    let expect_shape = |want: &Type| -> Result<(), Diagnostic> {
        if !compatible(want, &shape) {
            return err(
                m,
                i,
                format!("Expected instruction to have shape equal to {}, actual shape is {}", print_shape(want), print_shape(&shape)),
            );
        }
        Ok(())
    };
    let operand_ty = |n: usize| m.op(i).operands.get(n).map(|&v| m.value_type(v).clone());
    match k {
        HloOp::AsyncStart | HloOp::AsyncUpdate | HloOp::AsyncDone => {
            let Some(comp) = wrapped(m, i) else { return Ok(()) };
            let op = name(m, i);
            let s = if k == HloOp::AsyncDone { operand_ty(0).unwrap_or(Type::None) } else { shape.clone() };
            let Type::Tuple(parts) = &s else {
                return err(m, i, format!("The {op} expects the async shape to be a tuple of at least two elements, found {}.", print_shape(&s)));
            };
            if parts.len() < 2 {
                return err(m, i, format!("The {op} expects the async shape to be a tuple of at least two elements, found {}.", print_shape(&s)));
            }
            let ps = params(m, comp);
            let got: Vec<Type> = match &parts[0] {
                Type::Tuple(e) => e.clone(),
                other => vec![other.clone()],
            };
            if !prefix_matches(&got, &ps) {
                return err(
                    m,
                    i,
                    format!(
                        "The {op} expects the async shape at index {{0}} to match async computation parameter shape ({} vs {}).",
                        print_shape(&parts[0]),
                        print_shape(&Type::Tuple(ps))
                    ),
                );
            }
            let root_ty = hlo::root(m, comp).map(|r| ty(m, r).clone()).unwrap_or(Type::None);
            let result_ok = compatible(&parts[1], &root_ty)
                || parts[1] == Type::Tuple(vec![])
                || match (&parts[1], &root_ty) {
                    (Type::Tuple(g), Type::Tuple(w)) => prefix_matches(g, w),
                    _ => false,
                };
            if !result_ok {
                return err(
                    m,
                    i,
                    format!(
                        "The {op} expects the async shape at index {{1}} to be a tuple with shapes that match the prefix of the async computation result shape ({} vs {}).",
                        print_shape(&parts[1]),
                        print_shape(&root_ty)
                    ),
                );
            }
            match k {
                HloOp::AsyncStart => {
                    for n in 0..m.op(i).operands.len() {
                        let o = operand_ty(n).unwrap_or(Type::None);
                        if got.get(n).is_some_and(|g| !compatible(g, &o)) {
                            return err(
                                m,
                                i,
                                format!(
                                    "The {op} expects the shape of operand {n} to match the async shape at index {{0}} ({} vs {}).",
                                    print_shape(&o),
                                    print_shape(&got[n])
                                ),
                            );
                        }
                    }
                    let thread = hlo::str_attr(m, i, "async_execution_thread").unwrap_or_else(|| "main".into());
                    let comp_thread = hlo::str_attr(m, comp, "execution_thread");
                    if let Some(comp_thread) = comp_thread.filter(|t| *t != thread) {
                        return err(
                            m,
                            i,
                            format!("{op} expects same async thread name as wrapped computation's thread name ({thread} vs {comp_thread})."),
                        );
                    }
                    let ins = instructions(m, comp);
                    let root = hlo::root(m, comp);
                    let only_send_recv = ins.iter().all(|&x| {
                        matches!(
                            opcode(m, x),
                            Some(
                                HloOp::Parameter
                                    | HloOp::Send
                                    | HloOp::Recv
                                    | HloOp::Tuple
                                    | HloOp::GetTupleElement
                                    | HloOp::SendDone
                                    | HloOp::RecvDone
                                    | HloOp::AllReduce
                                    | HloOp::AllGather
                                    | HloOp::AllToAll
                                    | HloOp::ReduceScatter
                                    | HloOp::CollectivePermute
                                    | HloOp::CollectiveBroadcast
                            )
                        )
                    });
                    let trivial = ins.iter().all(|&x| Some(x) == root || opcode(m, x) == Some(HloOp::Parameter) || m.op(x).attrs.contains("hlo.compact"));
                    if !trivial && !only_send_recv {
                        return err(
                            m,
                            i,
                            format!(
                                "Asynchronous computation {} expected to contain only the root and parameter instructions.",
                                name_of(m, comp)
                            ),
                        );
                    }
                }
                HloOp::AsyncDone => {
                    if !compatible(&shape, &root_ty) {
                        return err(
                            m,
                            i,
                            format!(
                                "The {op} expects its shape to match the async computation result shape ({} vs {}).",
                                print_shape(&shape),
                                print_shape(&root_ty)
                            ),
                        );
                    }
                }
                _ => {}
            }
            Ok(())
        }
        HloOp::Tuple => expect_shape(&Type::Tuple((0..m.op(i).operands.len()).filter_map(operand_ty).collect())),
        HloOp::GetTupleElement => {
            let idx = hlo::int_attr(m, i, "index").unwrap_or(-1);
            match operand_ty(0) {
                Some(Type::Tuple(e)) => match usize::try_from(idx).ok().and_then(|x| e.get(x)) {
                    Some(t) => expect_shape(t),
                    None => err(m, i, format!("get-tuple-element index {idx} is out of range for a tuple of {} elements", e.len())),
                },
                _ => err(m, i, "get-tuple-element expects a tuple operand".into()),
            }
        }
        HloOp::AllReduceStart | HloOp::AllReduceDone => {
            let ops: Vec<Type> = (0..m.op(i).operands.len()).filter_map(operand_ty).collect();
            let want = if ops.len() == 1 { ops[0].clone() } else { Type::Tuple(ops) };
            expect_shape(&want)
        }
        HloOp::CopyStart => {
            let o = operand_ty(0).unwrap_or(Type::None);
            let u32_scalar = Type::Tensor(shardref_spec::ir::TensorType::ranked(vec![], shardref_spec::hlo::shape::elem_type("u32").unwrap_or(shardref_spec::ir::ElemType::I32)));
            expect_shape(&Type::Tuple(vec![o.clone(), o, u32_scalar]))
        }
        HloOp::CollectivePermute | HloOp::CollectivePermuteStart => {
            let Some(toks) = hlo::attr_tokens(m, i, "source_target_pairs") else { return Ok(()) };
            let Some([(_, outer)]) = Some(toks.as_slice()) else { return Ok(()) };
            let Some(items) = outer.group('{') else { return Ok(()) };
            let mut sources: HashMap<i64, usize> = HashMap::new();
            let mut targets: HashMap<i64, usize> = HashMap::new();
            let in_place = m.op(i).operands.len() >= 4;
            for pair in shardref_spec::hlo::tok::split_commas(items) {
                let Some(p) = shardref_spec::hlo::tok::int_list(&pair, '{') else { continue };
                if p.len() != 2 {
                    continue;
                }
                *sources.entry(p[0]).or_default() += 1;
                *targets.entry(p[1]).or_default() += 1;
                if !in_place {
                    if targets[&p[1]] > 1 {
                        return err(m, i, format!("Target {} appears more than once in instruction's source-target pairs: {}", p[1], name_of(m, i)));
                    }
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
