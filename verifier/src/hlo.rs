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
//! - `collective-permute-pairs`: a target appears at most once (in the in-place form, at most once
//!   per slice).
//! - `async-computation` accepts the grouped forms XLA allows: send/recv groups and collective groups.
//!
//! - the further `ShapeVerifier` / `InstructionVerifier` rules listed on `rules` (select operands,
//!   iota dimension, compare type, composite calls, fusion and call shapes, called-computation
//!   threads, collective operand shapes, uniform replica groups, tile assignment devices and rank,
//!   `GetRngSeed` custom calls, ragged all-to-all offset ranks, while sharding consistency, in-place
//!   collective-permute buffer counts),
//!   and `all-reduce-layout`.
//!
//! Messages are XLA's (matched by substring in conformance). Invariant: verification never panics
//! and reports the first violation in instruction order.

use std::collections::HashMap;

use shardref_spec::diag::Diagnostic;
use shardref_spec::hlo::shape::{compatible, print_shape};
use shardref_spec::hlo::{self, computations, instructions, name_of, opcode, opcode_name};
use shardref_spec::ir::{Module, OpId, Type, ValueDef};
use shardref_spec::ops::HloOp;
use shardref_spec::schema::hlo as v;

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
            rules(m, c, i)?;
        }
    }
    layout_constrained_all_reduce(m)
}

/// `all-reduce-layout`: every all-reduce constrains its layout or none does.
fn layout_constrained_all_reduce(m: &Module) -> Result<(), Diagnostic> {
    let mut seen: Option<(bool, OpId)> = None;
    for c in computations(m) {
        for i in instructions(m, c) {
            if opcode(m, i) != Some(HloOp::AllReduce) {
                continue;
            }
            let constrained = v::AllReduce::of(m.op(i)).constrain_layout().get() == Some(true);
            match seen {
                Some((prev, _)) if prev != constrained => {
                    return err(
                        m,
                        i,
                        "HloModule has a mix of layout constrained and unconstrained AllReduce instructions.".into(),
                    );
                }
                _ => seen = Some((constrained, i)),
            }
        }
    }
    Ok(())
}

fn is_array(t: &Type) -> bool {
    matches!(t, Type::Tensor(_))
}

fn thread_of(m: &Module, comp: OpId) -> String {
    v::Computation::of(m.op(comp)).execution_thread().get().unwrap_or_else(|| "main".into())
}

/// The rules of `ShapeVerifier` / `InstructionVerifier` beyond async chains, one label each:
/// `select-operands`, `iota-dimension`, `compare-type`, `composite-call`, `fusion-shape`,
/// `call-operands`, `called-thread`, `collective-shapes`, `replica-groups-uniform`, `sharding-devices`,
/// `rng-seed`, `ragged-offsets`, `while-sharding`, `collective-permute-in-place`.
fn rules(m: &Module, comp: OpId, i: OpId) -> Result<(), Diagnostic> {
    let Some(k) = opcode(m, i) else { return Ok(()) };
    let shape = ty(m, i).clone();
    let operand_tys: Vec<Type> = m.op(i).operands.iter().map(|&v| m.value_type(v).clone()).collect();
    if let Some(Ok(sh)) = v::Instr::of(m.op(i)).sharding().get() {
        sharding_rules(m, i, &sh, &shape)?;
    }
    match k {
        HloOp::Select => {
            if operand_tys.iter().any(|t| !is_array(t)) {
                return err(m, i, format!("Expected array argument for select, but got {}", print_shape(&shape)));
            }
        }
        HloOp::Iota => {
            if v::Iota::of(m.op(i)).iota_dimension().get().is_some_and(|d| d < 0) {
                return err(m, i, "Iota dimension must not be negative".into());
            }
        }
        HloOp::Compare => {
            let integral = matches!(operand_tys.first(), Some(Type::Tensor(t)) if matches!(t.elem, shardref_spec::ir::ElemType::Int { .. }));
            if integral && v::Compare::of(m.op(i)).order().get().as_deref() == Some("PARTIAL") {
                return err(m, i, "Expected comparison order TOTAL for integral/pred operand, but got PARTIAL.".into());
            }
            if let (Some(given), Some(Type::Tensor(t))) =
                (v::Compare::of(m.op(i)).compare_type().get(), operand_tys.first())
            {
                let expected: &[&str] = match &t.elem {
                    shardref_spec::ir::ElemType::Int { width: 1, .. } => &["UNSIGNED"],
                    shardref_spec::ir::ElemType::Int {
                        signedness: shardref_spec::ir::Signedness::Unsigned, ..
                    } => &["UNSIGNED"],
                    shardref_spec::ir::ElemType::Int { .. } => &["SIGNED"],
                    _ => &["FLOAT", "TOTALORDER"],
                };
                if !expected.contains(&given.as_str()) {
                    return err(m, i, format!("Expected comparison type {}.\nactual: {given}", expected.join(" or ")));
                }
            }
        }
        HloOp::Call => {
            let call = v::Call::of(m.op(i));
            if call.is_composite().get() == Some(true) {
                let fa = v::Instr::of(m.op(i)).frontend_attributes();
                if !fa.present() {
                    return err(m, i, "A composite call op must have frontend attributes".into());
                }
                let named = fa
                    .get()
                    .unwrap_or_default()
                    .iter()
                    .any(|e| e.key == v::frontend::COMPOSITE_NAME && e.quoted && !e.value.is_empty());
                if !named {
                    return err(m, i, "A composite call op must have frontend attributes with key composite.name whose value is non-empty".into());
                }
            }
            if let Some(callee) = hlo::called(m, call.to_apply()) {
                let ps = params(m, callee);
                for (n, (o, p)) in operand_tys.iter().zip(&ps).enumerate() {
                    if !compatible(o, p) {
                        return err(
                            m,
                            i,
                            format!(
                                "Call argument {n} shape does not match parameter: {} vs {}",
                                print_shape(o),
                                print_shape(p)
                            ),
                        );
                    }
                }
                let (t, caller) = (thread_of(m, callee), thread_of(m, comp));
                if t != caller {
                    return err(
                        m,
                        i,
                        format!("to_apply computation execution thread does not match ({t} vs {caller})"),
                    );
                }
            }
        }
        HloOp::CustomCall => {
            // `rng-seed`: XLA's `GetRngSeed` custom call takes nothing and returns a u64 scalar.
            let cc = v::CustomCall::of(m.op(i));
            if cc.custom_call_target().get().as_deref() == Some("GetRngSeed") {
                if !operand_tys.is_empty() {
                    return err(
                        m,
                        i,
                        format!("custom-call to GetRngSeed must have 0 operands, has {}", operand_tys.len()),
                    );
                }
                let u64_scalar = matches!(&shape, Type::Tensor(t)
                    if t.elem == shardref_spec::ir::ElemType::Int { width: 64, signedness: shardref_spec::ir::Signedness::Unsigned }
                        && t.rank() == Some(0));
                if !u64_scalar {
                    return err(
                        m,
                        i,
                        format!("custom-call to GetRngSeed must return U64 type, returns {}", print_shape(&shape)),
                    );
                }
            }
            if let Some(callee) = hlo::called(m, cc.to_apply()) {
                let (t, caller) = (thread_of(m, callee), thread_of(m, comp));
                if t != caller {
                    return err(
                        m,
                        i,
                        format!("custom to_apply computation execution thread does not match ({t} vs {caller})"),
                    );
                }
            }
        }
        HloOp::Fusion => {
            if let Some(callee) = hlo::called(m, v::Fusion::of(m.op(i)).calls()) {
                let ps = params(m, callee);
                if ps.len() > operand_tys.len() {
                    return err(
                        m,
                        i,
                        format!(
                            "Fused parameter count ({}) is greater than the number of operands ({}) passed to the fusion instruction.",
                            ps.len(),
                            operand_tys.len()
                        ),
                    );
                }
                let root = hlo::root(m, callee).map(|r| ty(m, r).clone()).unwrap_or(Type::None);
                if !compatible(&root, &shape) {
                    return err(
                        m,
                        i,
                        format!(
                            "Fused computation shape ({}) is not equal to the fusion shape ({})",
                            print_shape(&root),
                            print_shape(&shape)
                        ),
                    );
                }
                if thread_of(m, callee) != thread_of(m, comp) {
                    return err(
                        m,
                        i,
                        "fusion expects parent computation thread name same as called computation's thread name".into(),
                    );
                }
            }
        }
        HloOp::Conditional => {
            for callee in hlo::called_computations(m, i) {
                if thread_of(m, callee) != thread_of(m, comp) {
                    return err(
                        m,
                        i,
                        "conditional expects parent computation thread name same as called computation's thread name"
                            .into(),
                    );
                }
            }
        }
        HloOp::AllGather | HloOp::AllGatherStart => {
            if operand_tys.iter().any(|t| !is_array(t)) {
                return err(m, i, "RET_CHECK failure ag->operand(i)->shape().IsArray()".into());
            }
            uniform_groups(m, i)?;
        }
        HloOp::ReduceScatter => {
            let d = v::AllReduce::of(m.op(i)).dimensions().get().and_then(|d| d.first().copied()).unwrap_or(0);
            for o in &operand_tys {
                let rank = match o {
                    Type::Tensor(t) => t.rank().unwrap_or(0) as i64,
                    _ => 0,
                };
                if d >= rank {
                    return err(m, i, "RET_CHECK failure ars->scatter_dimension() < static_cast<int64_t>(ars->operand(i)->shape().dimensions().size())".into());
                }
            }
            if operand_tys.len() > 1 && !matches!(&shape, Type::Tuple(e) if e.len() == operand_tys.len()) {
                return err(m, i, "RET_CHECK failure ars->shape().IsTuple() && ars->operand_count() == ars->shape().tuple_shapes().size()".into());
            }
            uniform_groups(m, i)?;
        }
        HloOp::While => {
            // `while-sharding`: the while, its body's parameter and root and its condition's
            // parameter carry the same sharding wherever they carry one.
            let mut sites = vec![i];
            let w = v::While::of(m.op(i));
            if let Some(body) = hlo::called(m, w.body()) {
                sites.extend(instructions(m, body).into_iter().filter(|&x| opcode(m, x) == Some(HloOp::Parameter)));
                sites.extend(hlo::root(m, body));
            }
            if let Some(cond) = hlo::called(m, w.condition()) {
                sites.extend(instructions(m, cond).into_iter().filter(|&x| opcode(m, x) == Some(HloOp::Parameter)));
            }
            let shardings: Vec<_> =
                sites.iter().filter_map(|&x| v::Instr::of(m.op(x)).sharding().get()).filter_map(Result::ok).collect();
            if shardings.windows(2).any(|w| w[0] != w[1]) {
                return err(m, i, "Inconsistent while sharding among instructions".into());
            }
        }
        HloOp::CollectivePermute | HloOp::CollectivePermuteStart if operand_tys.len() == 4 => {
            // `collective-permute-in-place`: combined input buffers need as many output buffers and
            // input offsets.
            match (&operand_tys[0], &operand_tys[1]) {
                (Type::Tuple(ins), Type::Tuple(outs)) => {
                    if ins.len() != outs.len() {
                        return err(m, i, "Unmatching input buffers and output buffers.".into());
                    }
                    if matches!(&operand_tys[2], Type::Tuple(offs) if offs.len() != ins.len()) {
                        return err(m, i, "Unmatching input buffers and input offset.".into());
                    }
                }
                (Type::Tuple(_), _) | (_, Type::Tuple(_)) => {
                    return err(m, i, "Unmatching input buffers and output buffers.".into());
                }
                _ => {}
            }
        }
        HloOp::RaggedAllToAll => {
            // `ragged-offsets`: the offsets and sizes operands (2 to 5) are rank 1 or 2.
            for (k, t) in operand_tys.iter().enumerate().skip(2) {
                if let Type::Tensor(tt) = t {
                    if !matches!(tt.rank(), Some(1 | 2)) {
                        return err(m, i, format!("RaggedAllToAll operand {k} must be rank 1 or 2"));
                    }
                }
            }
        }
        HloOp::AllToAll => {
            // The tuple form's operands must have equal shapes, layouts included (XLA's `ShapeUtil::Equal`).
            if !v::AllToAll::of(m.op(i)).dimensions().present() && operand_tys.windows(2).any(|w| w[0] != w[1]) {
                return err(m, i, format!("HLO all-to-all has operands with different shapes: {}", name_of(m, i)));
            }
            uniform_groups(m, i)?;
        }
        _ => {}
    }
    Ok(())
}

/// `replica-groups-uniform`: every replica group of an all-gather, reduce-scatter or all-to-all has one size.
fn uniform_groups(m: &Module, i: OpId) -> Result<(), Diagnostic> {
    let Some(Ok(groups)) = v::Collective::of(m.op(i)).replica_groups().get() else { return Ok(()) };
    if groups.windows(2).any(|w| w[0].len() != w[1].len()) {
        return err(m, i, "Replica groups expected to be of uniform size".into());
    }
    Ok(())
}

/// `sharding-devices`: tile assignments name no negative device and match the shape's rank.
fn sharding_rules(
    m: &Module,
    i: OpId,
    sh: &shardref_spec::hlo::device_attrs::Sharding,
    shape: &Type,
) -> Result<(), Diagnostic> {
    use shardref_spec::hlo::device_attrs::Sharding;
    match (sh, shape) {
        (Sharding::Tuple(parts), Type::Tuple(elems)) if parts.len() == elems.len() => {
            for (p, e) in parts.iter().zip(elems) {
                sharding_rules(m, i, p, e)?;
            }
            Ok(())
        }
        (Sharding::Named(named), Type::Tensor(t)) => match &named.kind {
            shardref_spec::hlo::named::NamedKind::Dims { dims, .. } if dims.len() != t.rank().unwrap_or(0) => err(
                m,
                i,
                "Number of tile assignment dimensions (excluding subgroups) is different than the input rank.".into(),
            ),
            _ => Ok(()),
        },
        (Sharding::Maximal(d), _) if *d < 0 => err(m, i, format!("device {d} is negative in tile assignment")),
        (Sharding::Tiled { dims, devices, subgroups }, _) => {
            if let Some(d) = devices.iter().find(|&&d| d < 0) {
                return err(m, i, format!("device {d} is negative in tile assignment"));
            }
            if let Type::Tensor(t) = shape {
                let rank = t.rank().unwrap_or(0);
                if dims.len().saturating_sub(subgroups.len()) != rank {
                    return err(
                        m,
                        i,
                        "tile assignment dimensions (excluding subgroups) is different than the input rank.".into(),
                    );
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The category of the HLO verifier's diagnostics (XLA's `HloVerifier`
/// messages; its checks have no labels in `rules::RULES`).
pub const HLO_VERIFIER: &str = "hlo_verifier";

fn err(m: &Module, op: OpId, msg: String) -> Result<(), Diagnostic> {
    Err(Diagnostic::error(m.op(op).span, msg).with_code(HLO_VERIFIER))
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
            let is_root = v::Instr::of(m.op(i)).root().present();
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
            HloOp::AsyncStart => return hlo::called(m, v::AsyncStart::of(m.op(cur)).calls()),
            HloOp::AsyncUpdate | HloOp::AsyncDone => cur = def(m, cur, 0)?,
            _ => return None,
        }
    }
    None
}

fn params(m: &Module, c: OpId) -> Vec<Type> {
    let mut ps: Vec<(i64, Type)> = instructions(m, c)
        .into_iter()
        .filter(|&i| opcode(m, i) == Some(HloOp::Parameter))
        .map(|i| (v::Parameter::of(m.op(i)).parameter_number().get().unwrap_or(0), ty(m, i).clone()))
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
                format!(
                    "Expected instruction to have shape equal to {}, actual shape is {}",
                    print_shape(want),
                    print_shape(&shape)
                ),
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
                return err(
                    m,
                    i,
                    format!(
                        "The {op} expects the async shape to be a tuple of at least two elements, found {}.",
                        print_shape(&s)
                    ),
                );
            };
            if parts.len() < 2 {
                return err(
                    m,
                    i,
                    format!(
                        "The {op} expects the async shape to be a tuple of at least two elements, found {}.",
                        print_shape(&s)
                    ),
                );
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
                    let thread =
                        v::AsyncStart::of(m.op(i)).async_execution_thread().get().unwrap_or_else(|| "main".into());
                    let comp_thread = v::Computation::of(m.op(comp)).execution_thread().get();
                    if let Some(comp_thread) = comp_thread.filter(|t| *t != thread) {
                        return err(
                            m,
                            i,
                            format!(
                                "{op} expects same async thread name as wrapped computation's thread name ({thread} vs {comp_thread})."
                            ),
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
                    let trivial = ins.iter().all(|&x| {
                        Some(x) == root
                            || opcode(m, x) == Some(HloOp::Parameter)
                            || v::Instr::of(m.op(x)).compact().present()
                    });
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
            let idx = v::GetTupleElement::of(m.op(i)).index().get().unwrap_or(-1);
            match operand_ty(0) {
                Some(Type::Tuple(e)) => match usize::try_from(idx).ok().and_then(|x| e.get(x)) {
                    Some(t) => expect_shape(t),
                    None => err(
                        m,
                        i,
                        format!("get-tuple-element index {idx} is out of range for a tuple of {} elements", e.len()),
                    ),
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
            let u32_scalar = Type::Tensor(shardref_spec::ir::TensorType::ranked(
                vec![],
                shardref_spec::hlo::shape::elem_type("u32").unwrap_or(shardref_spec::ir::ElemType::I32),
            ));
            expect_shape(&Type::Tuple(vec![o.clone(), o, u32_scalar]))
        }
        HloOp::CollectivePermute | HloOp::CollectivePermuteStart => {
            let Some(pairs) = v::CollectivePermute::of(m.op(i)).source_target_pairs().get() else { return Ok(()) };
            let mut sources: HashMap<i64, usize> = HashMap::new();
            let mut targets: HashMap<i64, usize> = HashMap::new();
            // The in-place form writes one slice per offset, so a target may appear once per slice:
            // as many times as its offsets operand has elements (a tuple's, or an array's rows).
            let allowed = if m.op(i).operands.len() >= 4 {
                match m.value_type(m.op(i).operands[2]) {
                    Type::Tuple(e) => e.len().max(1),
                    Type::Tensor(t) => {
                        t.static_shape().and_then(|s| s.first().copied()).map_or(1, |d| d.max(1) as usize)
                    }
                    _ => 1,
                }
            } else {
                1
            };
            for p in pairs {
                let Some(p) = p else { continue };
                if p.len() != 2 {
                    continue;
                }
                *sources.entry(p[0]).or_default() += 1;
                *targets.entry(p[1]).or_default() += 1;
                if targets[&p[1]] > allowed {
                    let times = if allowed == 1 { "once".to_string() } else { format!("{allowed} times") };
                    return err(
                        m,
                        i,
                        format!(
                            "Target {} appears more than {times} in instruction's source-target pairs: {}",
                            p[1],
                            name_of(m, i)
                        ),
                    );
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
