//! Rules of `stablehlo.custom_call` by call target, and of `mpmd.transfer`
//! (the one op implementing upstream's `ShardingRuleOpInterface`).
//!
//! Invariant: the target lists are upstream's, checked in upstream's order;
//! a target upstream knows to have no rule gets none silently, any other
//! unknown target gets none with upstream's warning.

use super::builder::{FactorType, NULL_DIM};
use super::{Lookup, OpView, Warning};
use crate::ir::Type;
use crate::ir::mpmd::MpmdAttr;
use crate::ir::sdy::OpShardingRule;
use crate::ops::{FuncOp, OpKind, OpName, StablehloOp};

/// Targets upstream deliberately gives no rule.
const NO_RULE: &[&str] = &[
    "sdy_testonly",
    "tpu_custom_call",
    "xla_python_cpu_callback",
    "xla_python_gpu_callback",
    "xla_ffi_python_cpu_callback",
    "xla_ffi_python_gpu_callback",
    "xla.debug.Log",
];

/// Targets that are pointwise: elementwise helpers, host transfers, and the
/// SPMD-internal ops whose results all share the input's sharding.
const POINTWISE: &[&str] = &[
    "annotate_device_placement",
    "Cholesky",
    "CompactWyHelper",
    "InspectSharding",
    "InvertDiagBlocksLowerTriangular",
    "InvertDiagBlocksUpperTriangular",
    "LayoutConstraint",
    "mhlo.erf",
    "MoveToDevice",
    "MoveToHost",
    "X64SplitHigh",
    "X64SplitLow",
    "xla.megascale.provide_metadata",
    "_SPMDInternalOp_MultiPad",
    "_SPMDInternalOp_RotateRight",
    "_SPMDInternalOp_MultiRotate",
    "_SPMDInternalOp_MultiSlice",
    "_SPMDInternalOp_Wrap",
];

/// The rule of a custom call, by its `call_target_name`.
pub(super) fn custom_call(v: &OpView<'_>) -> Lookup {
    let target = match crate::schema::stablehlo::CustomCall::of(v.operation()).call_target_name().get() {
        Some(t) => String::from_utf8_lossy(t).into_owned(),
        None => String::new(),
    };
    let t = target.as_str();
    let rule = if NO_RULE.contains(&t) {
        None
    } else if POINTWISE.contains(&t) {
        v.pointwise()
    } else if t == "Eigh" {
        eigh(v)
    } else if t == "Qr" || t == "QrDecompositionBlock" {
        qr(v)
    } else if t == "ProductOfElementaryHouseholderReflectors" {
        householder_product(v)
    } else if t == "mhlo.topk" {
        topk(v)
    } else if t == "ApproxTopK" || t == "PartialReduce" {
        approx_topk(v)
    } else if t == "X64Combine" {
        x64_combine(v)
    } else {
        return Lookup {
            rule: None,
            warning: Some((
                Warning::UnknownCustomCall,
                format!("custom call @{target} is unknown to SDY sharding rule registry"),
            )),
        };
    };
    Lookup::rule(rule)
}

/// The batch dimensions of `shape` (all but the last two), and the last two.
fn batch_split(shape: &[i64]) -> Option<(&[i64], i64, i64)> {
    let n = shape.len();
    (n >= 2).then(|| (&shape[..n - 2], n as i64 - 2, n as i64 - 1))
}

/// `jax.lax.linalg.eigh`: batch dims pointwise; the two matrix dims pass
/// through to the eigenvectors, the last one also to the eigenvalues.
fn eigh(v: &OpView<'_>) -> Option<OpShardingRule> {
    let s = v.operand_shape(0)?;
    let (batch, d1, d2) = batch_split(&s)?;
    let mut b = v.builder();
    b.add_pointwise(batch);
    b.add(&[d1], &[d1, NULL_DIM], s[d1 as usize]);
    b.add(&[d2], &[d2, d1], s[d2 as usize]);
    Some(b.build())
}

/// `jax.lax.linalg.qr`: batch dims pointwise; the matrix dims and the second
/// result's last dim need replication.
fn qr(v: &OpView<'_>) -> Option<OpShardingRule> {
    let s = v.operand_shape(0)?;
    let r1 = v.result_shape(1)?;
    let (batch, d1, d2) = batch_split(&s)?;
    let nr = FactorType::NeedReplication;
    let mut b = v.builder();
    b.add_pointwise(batch);
    b.add_factor(&[d1], &[d1, NULL_DIM], s[d1 as usize], nr, false);
    b.add_factor(&[d2], &[d2, NULL_DIM], s[d2 as usize], nr, false);
    b.add_factor(&[NULL_DIM], &[NULL_DIM, d1], *r1.get(d1 as usize)?, nr, false);
    Some(b.build())
}

/// `jax.lax.linalg.householder_product`: batch dims pointwise; the matrix
/// dims and the taus' last dim need replication.
fn householder_product(v: &OpView<'_>) -> Option<OpShardingRule> {
    let s = v.operand_shape(0)?;
    let taus = v.operand_shape(1)?;
    let (batch, d1, d2) = batch_split(&s)?;
    let nr = FactorType::NeedReplication;
    let mut b = v.builder();
    b.add_pointwise(batch);
    b.add_factor(&[d1, NULL_DIM], &[d1], s[d1 as usize], nr, false);
    b.add_factor(&[d2, NULL_DIM], &[d2], s[d2 as usize], nr, false);
    b.add_factor(&[NULL_DIM, d1], &[NULL_DIM], *taus.get(d1 as usize)?, nr, false);
    Some(b.build())
}

/// `jax.lax.top_k`: the reduced dimension needs replication and is blocked.
fn topk(v: &OpView<'_>) -> Option<OpShardingRule> {
    let (i, o) = (v.operand_shape(0)?, v.result_shape(0)?);
    Some(v.builder().add_pointwise_with_diff_type_for_mismatch(&i, &o, FactorType::NeedReplication, true).build())
}

/// `jax.lax.approx_max_k` (operand, iota, init, init → values, indices): the
/// reduced dimension is a pass-through factor on operand and iota plus a
/// blocked need-replication factor on the results.
fn approx_topk(v: &OpView<'_>) -> Option<OpShardingRule> {
    let (i, o) = (v.operand_shape(0)?, v.result_shape(0)?);
    let mut b = v.builder();
    for (d, (&is, &os)) in i.iter().zip(&o).enumerate() {
        let d = d as i64;
        if is == os {
            b.add_same_dim(d, is, FactorType::PassThrough, false);
        } else {
            b.add(&[d, d, NULL_DIM, NULL_DIM], &[NULL_DIM, NULL_DIM], is);
            b.add_factor(&[NULL_DIM; 4], &[d, d], os, FactorType::NeedReplication, true);
        }
    }
    Some(b.build())
}

/// Pointwise, unless a result is used by `rng_bit_generator`: then its one
/// dimension needs replication and is blocked.
fn x64_combine(v: &OpView<'_>) -> Option<OpShardingRule> {
    let results = v.results();
    let used_by_rng = v.m.ops.iter().any(|o| {
        o.name == OpName::Known(OpKind::Stablehlo(StablehloOp::RngBitGenerator))
            && o.operands.iter().any(|x| results.contains(x))
    });
    if used_by_rng {
        let shape = v.result_shape(0)?;
        let mut b = v.builder();
        b.add_same_dim(0, *shape.first()?, FactorType::NeedReplication, true);
        return Some(b.build());
    }
    v.pointwise()
}

/// `mpmd.transfer`: pointwise, except between two different meshes (no rule).
pub(super) fn mpmd_transfer(v: &OpView<'_>) -> Option<OpShardingRule> {
    let mesh_name = |x| match v.m.value_type(x) {
        Type::MeshTensor(mt) => Some(mt.mesh_name.clone()),
        _ => None,
    };
    let src = mesh_name(*v.operands().first()?);
    let dst = mesh_name(*v.results().first()?);
    if src != dst {
        let func = std::iter::successors(v.m.parent_op(v.op), |&p| v.m.parent_op(p))
            .take(v.m.ops.len() + 1)
            .find(|&p| v.m.op(p).name == OpName::Known(OpKind::Func(FuncOp::Func)))?;
        let topology = match crate::schema::Func::of(v.m.op(func)).topology().get() {
            Some(MpmdAttr::Topology(t)) => t,
            _ => return None,
        };
        let find = |name: &Option<String>| {
            topology.meshes.iter().find(|nm| Some(&nm.name) == name.as_ref()).map(|nm| &nm.mesh)
        };
        let (a, b) = (find(&src)?, find(&dst)?);
        if a != b {
            return None;
        }
    }
    v.pointwise()
}
