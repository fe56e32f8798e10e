//! `sdy.sharding_rule` against its op (`verifyOpShardingRuleAttr`,
//! inventory §3.6, R1–R15).

use std::collections::HashSet;

use shardref_spec::ir::sdy::{OpShardingRule, TensorMapping, factor_symbol};
use shardref_spec::ir::{OpId, Type};

use super::sharding::value_prefix;
use crate::{Check, Cx, Fail};

fn check_mappings(types: &[Type], mappings: &[TensorMapping], sizes: &[i64], seen: &mut [bool], kind: &str) -> Check {
    // sharding_rule_c1 (R1): one mapping per operand or result.
    if types.len() != mappings.len() {
        return Err(Fail::new(
            "sharding_rule_c1",
            format!("number of {kind}s and mappings must match: {} != {}", types.len(), mappings.len()),
        ));
    }
    // sharding_rule_c2 (R2): rules need at least one operand and result (unreachable from text).
    if mappings.is_empty() {
        return Err(Fail::new(
            "sharding_rule_c1",
            format!(
                "number of {kind}s mappings cannot be 0. Op sharding rules can only be defined on operations with at least one operand and result."
            ),
        ));
    }
    for (i, (t, mapping)) in types.iter().zip(mappings).enumerate() {
        let prefix = format!("{kind} {}", value_prefix(types.len(), i));
        let fail = |code: &'static str, msg: String| Err(Fail::new(code, format!("{prefix}{msg}")));
        let mut local = vec![false; sizes.len()];
        // sharding_rule_c3 (R3): each value is a static-shaped ranked tensor.
        let Some(shape) = t.as_tensor().and_then(|t| t.static_shape()) else {
            return fail("sharding_rule_c3", format!("expected a ranked tensor with a static shape. type: '{t}'"));
        };
        // sharding_rule_c4 (R4): one dim mapping per dimension.
        if mapping.dims.len() != shape.len() {
            return fail(
                "sharding_rule_c4",
                format!("mapping rank must match: {} != {}", mapping.dims.len(), shape.len()),
            );
        }
        for d in &mapping.dims {
            // sharding_rule_c5 (R5): a dim mapping has at least one factor.
            if d.factors.is_empty() {
                return fail("sharding_rule_c5", "dim mapping must have at least one factor".into());
            }
            for &f in &d.factors {
                // sharding_rule_c6 (R6): factor indices are in range.
                let Some(idx) = usize::try_from(f).ok().filter(|&x| x < sizes.len()) else {
                    return fail(
                        "sharding_rule_c6",
                        format!(
                            "expecting factor indices to be within 0<=...<num_factors; received: {f}, num_factors: {}",
                            sizes.len()
                        ),
                    );
                };
                // sharding_rule_c7 (R7): a factor maps to at most one dimension of a tensor.
                if local[idx] {
                    return fail("sharding_rule_c7", "cannot reuse factors for the same tensor value".into());
                }
                // sharding_rule_c8 (R8): size-1 factors stand alone.
                if sizes[idx] == 1 && d.factors.len() > 1 {
                    return fail(
                        "sharding_rule_c8",
                        "dim mapping can't have a factor of size 1 if there are multiple factors".into(),
                    );
                }
                local[idx] = true;
                seen[idx] = true;
            }
        }
    }
    Ok(())
}

fn sorted_unique_in_bound(n: usize, idx: &[i64]) -> Check {
    if idx.is_empty() {
        return Ok(());
    }
    // sharding_rule_c10 (R10): special factor indices are sorted.
    if idx.windows(2).any(|w| w[0] > w[1]) {
        return Err(Fail::new("sharding_rule_c10", "indices of special factors must be sorted"));
    }
    // sharding_rule_c11 (R11): and unique.
    if idx.windows(2).any(|w| w[0] == w[1]) {
        return Err(Fail::new("sharding_rule_c11", "indices of special factors must be unique"));
    }
    // sharding_rule_c12 (R12): and non-negative (unreachable from text).
    if idx[0] < 0 {
        return Err(Fail::new("sharding_rule_c11", "index must be non-negative"));
    }
    let last = idx[idx.len() - 1];
    // sharding_rule_c13 (R13): and in range.
    if last >= n as i64 {
        return Err(Fail::new("sharding_rule_c13", format!("index must be less than {n}, got: {last}")));
    }
    Ok(())
}

/// `verifyOpShardingRuleAttr`.
pub fn check(cx: &Cx<'_>, op: OpId, r: &OpShardingRule) -> Check {
    let o = cx.m.op(op);
    let n = r.factor_sizes.len();
    let operand_types: Vec<Type> = o.operands.iter().map(|&v| cx.m.value_type(v).clone()).collect();
    let result_types: Vec<Type> = o.results.iter().map(|&v| cx.m.value_type(v).clone()).collect();
    let mut in_operands = vec![false; n];
    check_mappings(&operand_types, &r.operand_mappings, &r.factor_sizes, &mut in_operands, "operand")?;
    let mut in_results = vec![false; n];
    check_mappings(&result_types, &r.result_mappings, &r.factor_sizes, &mut in_results, "result")?;
    // sharding_rule_c9 (R9): every factor is used by some tensor.
    if let Some(i) = (0..n).find(|&i| !in_operands[i] && !in_results[i]) {
        return Err(Fail::new(
            "sharding_rule_c9",
            format!(
                "has factor {}={} that isn't used in operand and result mappings",
                factor_symbol(i as i64),
                r.factor_sizes[i]
            ),
        ));
    }
    sorted_unique_in_bound(n, &r.reduction_factors)?;
    sorted_unique_in_bound(n, &r.need_replication_factors)?;
    sorted_unique_in_bound(n, &r.permutation_factors)?;
    let special: HashSet<i64> =
        r.reduction_factors.iter().chain(&r.need_replication_factors).chain(&r.permutation_factors).copied().collect();
    // sharding_rule_c14 (R14): a factor is in at most one special set.
    if special.len() != r.reduction_factors.len() + r.need_replication_factors.len() + r.permutation_factors.len() {
        return Err(Fail::new(
            "sharding_rule_c14",
            "a factor can only be in one of the reduction, need replication, or permutation factor sets",
        ));
    }
    sorted_unique_in_bound(n, &r.blocked_propagation_factors)?;
    // sharding_rule_c15 (R15): reduction factors do not map to results.
    for &f in &r.reduction_factors {
        if usize::try_from(f).ok().and_then(|i| in_results.get(i)).copied().unwrap_or(false) {
            return Err(Fail::new("sharding_rule_c15", "reduction factor cannot be in result mappings"));
        }
    }
    Ok(())
}
