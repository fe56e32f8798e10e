//! What every StableHLO family's checks share: reading an op's operands,
//! results and attributes without panicking, and the compatibility
//! relations upstream's type inference uses (`stablehlo/dialect/Base.cpp`).
//!
//! Compatibility, not equality: a dynamic dimension (`?`) is compatible with
//! any size, an unranked tensor with any tensor, and a static size with a
//! dynamic dimension whose `#stablehlo.bounds` bound it does not exceed.
//! Quantized element types are compatible when storage type, storage range,
//! expressed type and granularity (per-tensor or per-axis) agree; scales and
//! zero points may differ (the spec's `baseline_type`).

use shardref_spec::ir::stablehlo::{DYNAMIC, StablehloAttr};
use shardref_spec::ir::{Attr, DenseData, Dim, ElemType, Module, OpId, Operation, QuantType, TensorType, Type};

use crate::attrs::{Field, Kind};
use crate::{Check, Fail};

/// One op under verification: the module and the op.
#[derive(Clone, Copy)]
pub struct Op<'m> {
    pub m: &'m Module,
    pub id: OpId,
    pub o: &'m Operation,
}

impl<'m> Op<'m> {
    pub fn new(m: &'m Module, id: OpId) -> Op<'m> {
        Op { m, id, o: m.op(id) }
    }

    pub fn operand_types(&self) -> Vec<&'m Type> {
        self.o.operands.iter().map(|&v| self.m.value_type(v)).collect()
    }

    pub fn result_types(&self) -> Vec<&'m Type> {
        self.o.results.iter().map(|&v| self.m.value_type(v)).collect()
    }

    /// stablehlo_signature: the op has exactly `n` operands (ODS's operand count).
    pub fn operands(&self, n: usize) -> Result<Vec<&'m Type>, Fail> {
        let ts = self.operand_types();
        if ts.len() != n {
            return Err(Fail::new("stablehlo_signature", format!("expected {n} operands, but found {}", ts.len())));
        }
        Ok(ts)
    }

    /// stablehlo_signature: exactly `N` operands, as an array.
    pub fn args<const N: usize>(&self) -> Result<[&'m Type; N], Fail> {
        let ts = self.operands(N)?;
        ts.try_into().map_err(|_| Fail::new("stablehlo_signature", format!("expected {N} operands")))
    }

    /// stablehlo_signature: at least `n` operands.
    pub fn operands_at_least(&self, n: usize) -> Result<Vec<&'m Type>, Fail> {
        let ts = self.operand_types();
        if ts.len() < n {
            return Err(Fail::new(
                "stablehlo_signature",
                format!("expected {n} or more operands, but found {}", ts.len()),
            ));
        }
        Ok(ts)
    }

    /// stablehlo_signature: exactly `n` results.
    pub fn results(&self, n: usize) -> Result<Vec<&'m Type>, Fail> {
        let ts = self.result_types();
        if ts.len() != n {
            return Err(Fail::new("stablehlo_signature", format!("requires {n} results, but found {}", ts.len())));
        }
        Ok(ts)
    }

    /// The single result's type.
    pub fn result(&self) -> Result<&'m Type, Fail> {
        Ok(self.results(1)?[0])
    }

    /// stablehlo_signature: an optional integer-list attribute (`array<i64: ...>`,
    /// a dense integer tensor, or an array of integers), read through its view's field.
    pub fn ints_opt<K: Kind>(&self, field: Field<'m, K>) -> Result<Option<Vec<i64>>, Fail> {
        let name = field.name;
        match field.raw() {
            None => Ok(None),
            Some(a) => ints_of(a).map(Some).ok_or_else(|| {
                Fail::new(
                    "stablehlo_signature",
                    format!("attribute '{name}' failed to satisfy constraint: i64 dense array"),
                )
            }),
        }
    }

    /// stablehlo_signature: a required integer-list attribute.
    pub fn ints<K: Kind>(&self, field: Field<'m, K>) -> Result<Vec<i64>, Fail> {
        self.ints_opt(field)?.ok_or_else(|| requires_attr(field.name))
    }

    /// stablehlo_signature: an optional integer attribute.
    pub fn int_opt<K: Kind>(&self, field: Field<'m, K>) -> Result<Option<i64>, Fail> {
        let name = field.name;
        match field.raw() {
            None => Ok(None),
            Some(Attr::Int(i)) => i64::try_from(i.value)
                .map(Some)
                .map_err(|_| Fail::new("stablehlo_signature", format!("attribute '{name}' does not fit in 64 bits"))),
            Some(_) => Err(Fail::new(
                "stablehlo_signature",
                format!("attribute '{name}' failed to satisfy constraint: 64-bit integer"),
            )),
        }
    }

    /// stablehlo_signature: a required integer attribute.
    pub fn int<K: Kind>(&self, field: Field<'m, K>) -> Result<i64, Fail> {
        self.int_opt(field)?.ok_or_else(|| requires_attr(field.name))
    }

    /// The block arguments and the terminator's operand types of region `i`'s
    /// entry block: (argument types, returned types). `None` when the region
    /// is missing or empty.
    pub fn region_signature(&self, i: usize) -> Option<(Vec<&'m Type>, Vec<&'m Type>)> {
        let r = *self.o.regions.get(i)?;
        let b = *self.m.region(r).blocks.first()?;
        let block = self.m.block(b);
        let args = block.args.iter().map(|&v| self.m.value_type(v)).collect();
        let rets = match block.ops.last() {
            Some(&t) => self.m.op(t).operands.iter().map(|&v| self.m.value_type(v)).collect(),
            None => vec![],
        };
        Some((args, rets))
    }

    /// The integers of operand `i` when a `stablehlo.constant` defines it
    /// (upstream's `matchInts`).
    pub fn const_ints(&self, i: usize) -> Option<Vec<i64>> {
        let v = *self.o.operands.get(i)?;
        let shardref_spec::ir::ValueDef::Result { op, .. } = self.m.value(v).def else { return None };
        let def = self.m.op(op);
        if def.name.as_str() != "stablehlo.constant" {
            return None;
        }
        ints_of(crate::attrs::Constant::of(def).value().raw()?)
    }

    /// stablehlo_signature: the op has exactly `n` regions.
    pub fn regions(&self, n: usize) -> Check {
        if self.o.regions.len() != n {
            return Err(Fail::new(
                "stablehlo_signature",
                format!("requires {n} regions, but found {}", self.o.regions.len()),
            ));
        }
        Ok(())
    }
}

fn requires_attr(name: &str) -> Fail {
    Fail::new("stablehlo_signature", format!("requires attribute '{name}'"))
}

/// An integer list from any of the attribute forms printers use.
pub fn ints_of(a: &Attr) -> Option<Vec<i64>> {
    match a {
        Attr::DenseArray(d) if d.elem.is_int() => Some(d.as_i64()),
        Attr::Array(items) => items.iter().map(|i| i.as_int().and_then(|v| i64::try_from(v).ok())).collect(),
        Attr::Dense(d) => {
            let Type::Tensor(t) = &d.ty else { return None };
            if !t.elem.is_int() || matches!(d.data, DenseData::Strings(_)) {
                return None;
            }
            // Integer-list attributes are dimension lists; a larger one is
            // refused rather than decoded (bounds the verifier's memory).
            let n = usize::try_from(t.num_elements()?).ok().filter(|&n| n <= 1 << 16)?;
            let v = shardref_spec::dense::int_elements(&d.data, &t.elem, n);
            Some(v.into_iter().map(|x| x as i64).collect())
        }
        _ => None,
    }
}

/// The tensor type of a value, if it is one.
pub fn tensor(t: &Type) -> Option<&TensorType> {
    t.as_tensor()
}

/// stablehlo_signature: the value must be a tensor (`operand #i must be ...`).
pub fn expect_tensor<'t>(t: &'t Type, what: &str) -> Result<&'t TensorType, Fail> {
    tensor(t).ok_or_else(|| Fail::new("stablehlo_signature", format!("{what} must be a tensor, but got {}", q(t))))
}

/// The shape of a ranked tensor; `None` when unranked.
pub fn shape(t: &TensorType) -> Option<&[Dim]> {
    t.shape.as_deref()
}

/// The `#stablehlo.bounds` of a tensor type (`DYNAMIC` where unbounded).
pub fn bounds(t: &TensorType) -> Option<&[i64]> {
    match t.encoding.as_deref() {
        Some(Attr::Stablehlo(s)) => match s.as_ref() {
            StablehloAttr::TypeExtensions(e) => Some(&e.bounds),
            _ => None,
        },
        _ => None,
    }
}

/// A type quoted as MLIR quotes types in messages.
pub fn q(t: &Type) -> String {
    format!("'{t}'")
}

/// A tensor type quoted.
pub fn qt(t: &TensorType) -> String {
    q(&Type::Tensor(t.clone()))
}

/// A dimension list as upstream prints it: `[2, ?, 3]`.
pub fn dims_str(d: &[Dim]) -> String {
    let parts: Vec<String> = d.iter().map(|x| x.map_or("?".to_string(), |v| v.to_string())).collect();
    format!("[{}]", parts.join(", "))
}

/// `[1, 2]` for an i64 list.
pub fn list(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// Two dimension sizes are compatible: equal, or one is dynamic.
pub fn dim_compat(a: Dim, b: Dim) -> bool {
    a.is_none() || b.is_none() || a == b
}

/// A static size fits the other type's bound at that dimension.
fn within_bounds(shape: &[Dim], bounds: Option<&[i64]>) -> bool {
    let Some(bounds) = bounds else { return true };
    shape.iter().zip(bounds).all(|(d, &b)| match d {
        Some(d) if b != DYNAMIC => b >= 0 && *d <= b as u64,
        _ => true,
    })
}

/// MLIR's `verifyCompatibleShape` plus the bounds check of
/// `verifyCompatibleShapeWithBounds`.
pub fn shape_compat(a: &TensorType, b: &TensorType) -> bool {
    match (shape(a), shape(b)) {
        (Some(x), Some(y)) => {
            x.len() == y.len()
                && x.iter().zip(y).all(|(&p, &r)| dim_compat(p, r))
                && within_bounds(x, bounds(b))
                && within_bounds(y, bounds(a))
        }
        _ => true,
    }
}

/// Shapes compatible as dimension lists (no bounds).
pub fn dims_compat(a: &[Dim], b: &[Dim]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&p, &r)| dim_compat(p, r))
}

/// `isCompatibleElementTypeForHloTypeInference`.
pub fn elem_compat(a: &ElemType, b: &ElemType) -> bool {
    match (a, b) {
        (ElemType::Quant(x), ElemType::Quant(y)) => {
            x.storage == y.storage
                && storage_range(x) == storage_range(y)
                && x.expressed == y.expressed
                && x.per_axis == y.per_axis
        }
        (ElemType::Quant(_), _) | (_, ElemType::Quant(_)) => false,
        _ => a == b,
    }
}

/// The storage range of a quantized type, defaulting to the storage type's full range.
pub fn storage_range(qt: &QuantType) -> (i128, i128) {
    if let Some((lo, hi)) = qt.storage_range {
        return (lo.into(), hi.into());
    }
    match qt.storage {
        ElemType::Int { width, signedness } if (1..=64).contains(&width) => {
            if signedness == shardref_spec::ir::Signedness::Unsigned {
                (0, (1i128 << width) - 1)
            } else {
                (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
            }
        }
        _ => (0, 0),
    }
}

/// `isCompatibleForHloTypeInference` over whole types: tensors by shape and
/// element, tuples element-wise, anything else by equality.
pub fn type_compat(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Tensor(x), Type::Tensor(y)) => shape_compat(x, y) && elem_compat(&x.elem, &y.elem),
        (Type::Tuple(x), Type::Tuple(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, r)| type_compat(p, r)),
        _ => a == b,
    }
}

/// The element type as the spec's `baseline_element_type` sees it for
/// equality: quantized types compare by `elem_compat`.
pub fn is_quant(e: &ElemType) -> bool {
    matches!(e, ElemType::Quant(_))
}

pub fn quant(e: &ElemType) -> Option<&QuantType> {
    match e {
        ElemType::Quant(q) => Some(q),
        _ => None,
    }
}

pub fn is_complex(e: &ElemType) -> bool {
    matches!(e, ElemType::Complex(_))
}

pub fn is_bool(e: &ElemType) -> bool {
    matches!(e, ElemType::Int { width: 1, .. })
}

/// The rank of a ranked tensor, as i64.
pub fn rank(t: &TensorType) -> Option<i64> {
    t.rank().map(|r| r as i64)
}

/// The dimension `d` of a ranked shape (`None` for `?` or out of range).
pub fn dim(s: &[Dim], d: i64) -> Dim {
    usize::try_from(d).ok().and_then(|d| s.get(d).copied()).flatten()
}

/// A tensor type with the given shape and element type and no encoding.
pub fn make(shape: Vec<Dim>, elem: ElemType) -> TensorType {
    TensorType { shape: Some(shape), elem, encoding: None }
}

/// Result type agrees with the inferred type: MLIR's
/// `InferTypeOpInterface` check, in its words.
pub fn check_inferred(code: &'static str, inferred: &Type, actual: &Type) -> Check {
    if type_compat(inferred, actual) {
        return Ok(());
    }
    Err(Fail::new(
        code,
        format!("inferred type(s) {} are incompatible with return type(s) of operation {}", q(inferred), q(actual)),
    ))
}

/// `check_inferred` for an inferred type stated by two constraints, one on
/// the shape (`shape_code`) and one on the element type (`elem_code`): the
/// failure carries the one the result breaks (the shape's when both).
pub fn check_inferred_parts(
    shape_code: &'static str,
    elem_code: &'static str,
    inferred: &Type,
    actual: &Type,
) -> Check {
    let code = match (inferred, actual) {
        (Type::Tensor(i), Type::Tensor(a)) if shape_compat(i, a) => elem_code,
        _ => shape_code,
    };
    check_inferred(code, inferred, actual)
}

/// Checks an inferred shape against the result's shape (element types are
/// checked separately).
pub fn check_inferred_shape(code: &'static str, inferred: &[Dim], actual: &TensorType) -> Check {
    match shape(actual) {
        Some(s) if !dims_compat(inferred, s) => Err(Fail::new(
            code,
            format!(
                "inferred shape '{}' is incompatible with return type of operation {}",
                dims_str(inferred),
                qt(actual)
            ),
        )),
        _ => Ok(()),
    }
}

/// `is_unique`.
pub fn is_unique(v: &[i64]) -> bool {
    let mut s: Vec<i64> = v.to_vec();
    s.sort_unstable();
    s.windows(2).all(|w| w[0] != w[1])
}

/// `is_sorted` (non-decreasing).
pub fn is_sorted(v: &[i64]) -> bool {
    v.windows(2).all(|w| w[0] <= w[1])
}

/// Upstream's `checkDimsInBounds` message.
pub fn dims_in_bounds(code: &'static str, dims: &[i64], upper: i64, dims_name: &str, upper_name: &str) -> Check {
    for &d in dims {
        if d < 0 || d >= upper {
            return Err(Fail::new(
                code,
                format!(
                    "Expects each element of {dims_name} to be in range [0, {upper_name}) i.e. [0, {upper}). got: {d}."
                ),
            ));
        }
    }
    Ok(())
}

/// Upstream's `checkDimInBounds` message.
pub fn dim_in_bounds(code: &'static str, d: i64, upper: i64, name: &str, upper_name: &str, inclusive: bool) -> Check {
    let end = if inclusive { "]" } else { ")" };
    let limit = if inclusive { upper.saturating_add(1) } else { upper };
    if d < 0 || d >= limit {
        return Err(Fail::new(
            code,
            format!("Expects {name} to be in range [0, {upper_name}{end} i.e. [0, {upper}{end}. got: {d}."),
        ));
    }
    Ok(())
}

/// Upstream's `checkDimsDistinct` message.
pub fn dims_distinct(code: &'static str, a: &[i64], b: &[i64], an: &str, bn: &str) -> Check {
    let mut seen = std::collections::HashSet::new();
    for &d in a.iter().chain(b) {
        if !seen.insert(d) {
            return Err(Fail::new(code, format!("has duplicated dimension from {an} and {bn}: {d}")));
        }
    }
    Ok(())
}

/// The bit width of an element type as `getBitWidth` counts it.
pub fn bit_width(e: &ElemType) -> Option<u64> {
    match e {
        ElemType::Int { width, .. } => Some(u64::from(*width)),
        ElemType::Float(k) => Some(u64::from(k.bit_width())),
        ElemType::Complex(c) => bit_width(c).map(|w| 2 * w),
        ElemType::Quant(qt) => bit_width(&qt.storage),
        ElemType::Index => Some(64),
    }
}

/// `is_promotable(a, b)`: the same kind of element, and `b` at least as wide.
pub fn is_promotable(a: &ElemType, b: &ElemType) -> bool {
    let same_kind = match (a, b) {
        (ElemType::Int { signedness: x, .. }, ElemType::Int { signedness: y, .. }) => x == y,
        (ElemType::Float(_), ElemType::Float(_)) => true,
        (ElemType::Complex(_), ElemType::Complex(_)) => true,
        (ElemType::Quant(x), ElemType::Quant(y)) => x.expressed == y.expressed,
        _ => false,
    };
    same_kind && bit_width(a).zip(bit_width(b)).is_some_and(|(x, y)| x <= y)
}

/// A rank-0 tensor type's element, for region arguments (`tensor<E>`).
pub fn scalar_elem(t: &Type) -> Option<&ElemType> {
    match t {
        Type::Tensor(tt) if tt.rank() == Some(0) => Some(&tt.elem),
        _ => None,
    }
}

/// Names a list of types for messages: `'tensor<f32>', 'tensor<i32>'`.
pub fn types_str(ts: &[&Type]) -> String {
    ts.iter().map(|t| q(t)).collect::<Vec<_>>().join(", ")
}
