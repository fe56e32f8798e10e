//! Lowering of the `stablehlo` custom op forms (grammar: `grammar/stablehlo.pest`)
//! and of the `#stablehlo.*` / `#chlo.*` attributes.
//!
//! Every pretty form lowers to exactly the IR its generic form gives: the
//! attributes carry their ODS names and kinds (`permutation = array<i64: ...>`,
//! `comparison_direction = #stablehlo<comparison_direction LT>`, ...).
//! The per-op shape tables (`kw_op_spec`, `operands_op_form`) are shared with
//! the printer.

use std::sync::Arc;

use pest::iterators::Pair;

use super::attrs::{parse_i64, parse_int_lit};
use super::{Lowerer, PResult, kids, span_of};
use crate::diag::Diagnostic;
use crate::ir::stablehlo::*;
use crate::ir::*;
use crate::ops::{OpKind, StablehloOp};
use crate::parser::Rule;

/// Lowers `p` if it is one of this dialect's op rules; `Ok(None)` otherwise.
pub fn lower(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<Option<OpId>> {
    let op = match p.as_rule() {
        Rule::shlo_constant => lower_constant(lw, p, span, OpKind::Stablehlo(StablehloOp::Constant))?,
        Rule::shlo_kw_op => lower_kw_op(lw, p, span)?,
        Rule::shlo_operands_op => lower_operands_op(lw, p, span)?,
        Rule::shlo_compare => lower_compare(lw, p, span)?,
        Rule::shlo_slice => lower_slice(lw, p, span)?,
        Rule::shlo_get_tuple_element => lower_get_tuple_element(lw, p, span)?,
        Rule::shlo_dot | Rule::shlo_dot_general => lower_dot(lw, p, span)?,
        Rule::shlo_convolution => lower_convolution(lw, p, span)?,
        Rule::shlo_custom_call => lower_custom_call(lw, p, span)?,
        Rule::shlo_composite => lower_composite(lw, p, span)?,
        Rule::shlo_reduce => lower_reduce(lw, p, span)?,
        Rule::shlo_while => lower_while(lw, p, span)?,
        Rule::shlo_optimization_barrier => lower_optimization_barrier(lw, p, span)?,
        Rule::shlo_return => lw.lower_return_like(OpKind::Stablehlo(StablehloOp::Return), p, span)?,
        Rule::shlo_bad_op => return Err(locate_bad_op(lw, &p, Rule::shlo_op_check)),
        _ => return Ok(None),
    };
    Ok(Some(op))
}

// ---------------------------------------------------------------- shared helpers

/// The op named by an op-name token (the grammar only admits names of the table).
pub(crate) fn shlo_kind(lw: &Lowerer<'_>, p: &Pair<'_, Rule>) -> PResult<StablehloOp> {
    match OpKind::from_name(p.as_str()) {
        Some(OpKind::Stablehlo(k)) => Ok(k),
        _ => lw.err(span_of(p), format!("internal: '{}' is not a stablehlo op", p.as_str())),
    }
}

/// Adds the entries of an attribute dictionary pair to `op`, rejecting keys the
/// op's syntax already set.
pub(crate) fn merge_attr_dict(lw: &mut Lowerer<'_>, op: OpId, p: Pair<'_, Rule>) -> PResult<()> {
    let span = span_of(&p);
    let d = lw.lower_dict_any(p)?;
    for (k, v) in d.0 {
        if lw.m.op(op).attrs.contains(&k) {
            return lw.err(
                span,
                format!("attribute '{k}' is given twice (by the op's syntax and by its attribute dictionary)"),
            );
        }
        lw.m.op_mut(op).attrs.insert(k, v);
    }
    Ok(())
}

pub(crate) fn set_attr(lw: &mut Lowerer<'_>, op: OpId, name: &str, value: Attr) {
    lw.m.op_mut(op).attrs.insert(name, value);
}

/// `[1, 2]` (a `shlo_int_list`) as i64s.
pub(crate) fn int_list(p: &Pair<'_, Rule>) -> PResult<Vec<i64>> {
    p.clone().into_inner().map(|i| parse_i64(&i)).collect()
}

/// `[4, ?]` (a `shlo_dim_list`) as i64s, `?` being `DYNAMIC`.
pub(crate) fn dim_list(p: &Pair<'_, Rule>) -> PResult<Vec<i64>> {
    p.clone().into_inner().map(|d| dim_value(&d)).collect()
}

fn dim_value(d: &Pair<'_, Rule>) -> PResult<i64> {
    if d.as_str() == "?" {
        return Ok(DYNAMIC);
    }
    parse_int_lit(d.as_str())
        .and_then(|v| i64::try_from(v).ok())
        .ok_or_else(|| Diagnostic::error(span_of(d), "integer out of range"))
}

pub(crate) fn i64_array(values: Vec<i64>) -> Attr {
    Attr::DenseArray(DenseArray::i64s(values))
}

pub(crate) fn i64_attr(v: i64) -> Attr {
    Attr::i64(v)
}

pub(crate) fn i32_attr(v: i64) -> Attr {
    Attr::Int(IntAttr { value: v.into(), ty: Some(ElemType::I32) })
}

/// Resolves `uses` against `types`, with a located count error.
fn operands_typed(lw: &mut Lowerer<'_>, op: OpId, uses: &[Pair<'_, Rule>], types: &[Type], span: Span) -> PResult<()> {
    if uses.len() != types.len() {
        return lw.err(span, format!("{} operands present, but expected {}", uses.len(), types.len()));
    }
    lw.add_operands_typed(op, uses, types, span)
}

/// The element type of a shaped type.
fn elem_of(t: &Type) -> Option<&ElemType> {
    match t {
        Type::Tensor(t) => Some(&t.elem),
        Type::Vector(_, e) => Some(e),
        _ => None,
    }
}

/// `tensor<...xcomplex<T>>` → `tensor<...xT>` (same shape and encoding).
pub(crate) fn real_type_of(t: &Type) -> Option<Type> {
    match t {
        Type::Tensor(tt) => match &tt.elem {
            ElemType::Complex(inner) => Some(Type::Tensor(TensorType {
                shape: tt.shape.clone(),
                elem: (**inner).clone(),
                encoding: tt.encoding.clone(),
            })),
            _ => None,
        },
        _ => None,
    }
}

// ---------------------------------------------------------------- constant

pub(crate) fn lower_constant(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span, kind: OpKind) -> PResult<OpId> {
    let op = lw.new_op(kind, span);
    let k = kids(&p);
    let mut value = None;
    for c in &k[1..] {
        match c.as_rule() {
            Rule::shlo_constant_generic => {
                for g in c.clone().into_inner() {
                    match g.as_rule() {
                        Rule::properties => {
                            let d = g.into_inner().next().unwrap();
                            merge_attr_dict(lw, op, d)?;
                        }
                        Rule::attr_dict => merge_attr_dict(lw, op, g)?,
                        Rule::function_type => {
                            let gspan = span_of(&g);
                            let (ins, outs) = lw.lower_function_type(g)?;
                            if !ins.is_empty() || outs.len() != 1 {
                                return lw.err(gspan, "expected '() -> type'");
                            }
                            lw.add_results(op, outs);
                        }
                        _ => {}
                    }
                }
                return Ok(op);
            }
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::attribute => value = Some(c.clone()),
            _ => {}
        }
    }
    let Some(vp) = value else {
        return lw.err(span, "expected a constant value");
    };
    let vspan = span_of(&vp);
    if lw.m.op(op).attrs.contains("value") {
        return lw.err(vspan, "attribute 'value' is given twice");
    }
    let v = lw.lower_attr(vp)?;
    let ty = match &v {
        Attr::Dense(d) => d.ty.clone(),
        Attr::DenseResource { ty: Some(t), .. } => (**t).clone(),
        _ => {
            return lw.err(vspan, "expected an elements attribute with a type (`dense<...> : tensor<...>`)");
        }
    };
    set_attr(lw, op, "value", v);
    lw.add_results(op, [ty]);
    Ok(op)
}

// ---------------------------------------------------------------- keyword-attribute ops

/// How a keyword attribute of op syntax is written and stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KwKind {
    /// `dim = 0` ↔ `name = 0 : i64`.
    I64,
    /// `dims = [1, 0]` ↔ `name = array<i64: 1, 0>`.
    I64Array,
    /// `config = "ab->a"` ↔ `name = "ab->a"`.
    Str,
    /// `lower = true` ↔ `name = true` (optional; omitted when false).
    OptBool,
    /// `type = FFT` ↔ `fft_type = #stablehlo<fft_type FFT>`.
    Fft,
    Distribution,
    Algorithm,
    /// `format = e5m10` ↔ `exponent_bits = 5 : i32, mantissa_bits = 10 : i32`.
    ExpMantissa,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct KwSpec {
    pub key: &'static str,
    /// The ODS attribute name (`ExpMantissa` uses `exponent_bits`/`mantissa_bits`).
    pub attr: &'static str,
    pub kind: KwKind,
}

/// How the trailing type of an op is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TypeForm {
    /// `: R` (the result type only).
    Result,
    /// `: (T, U) -> R`.
    Functional,
    /// `: T` when every operand type equals the result type, else functional.
    Same,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct KwOpSpec {
    /// Operands before the variadic part (or all of them).
    pub fixed: usize,
    /// A variadic operand list printed with `custom<VariadicOperandWithAttribute>`.
    pub variadic: bool,
    pub kws: &'static [KwSpec],
    pub types: TypeForm,
}

macro_rules! kw {
    ($key:literal, $attr:literal, $kind:ident) => {
        KwSpec { key: $key, attr: $attr, kind: KwKind::$kind }
    };
}

pub(crate) fn kw_op_spec(k: StablehloOp) -> Option<KwOpSpec> {
    use TypeForm::*;
    let s = |fixed, variadic, kws, types| Some(KwOpSpec { fixed, variadic, kws, types });
    match k {
        StablehloOp::Iota => s(0, false, &[kw!("dim", "iota_dimension", I64)], Result),
        StablehloOp::DynamicIota => s(1, false, &[kw!("dim", "iota_dimension", I64)], Functional),
        StablehloOp::BroadcastInDim => s(1, false, &[kw!("dims", "broadcast_dimensions", I64Array)], Functional),
        StablehloOp::Broadcast => s(1, false, &[kw!("sizes", "broadcast_sizes", I64Array)], Functional),
        StablehloOp::DynamicBroadcastInDim => s(2, false, &[kw!("dims", "broadcast_dimensions", I64Array)], Functional),
        StablehloOp::Transpose => s(1, false, &[kw!("dims", "permutation", I64Array)], Functional),
        StablehloOp::Reverse => s(1, false, &[kw!("dims", "dimensions", I64Array)], Same),
        StablehloOp::Concatenate => s(0, true, &[kw!("dim", "dimension", I64)], Functional),
        StablehloOp::GetDimensionSize => s(1, false, &[kw!("dim", "dimension", I64)], Functional),
        StablehloOp::SetDimensionSize => s(2, false, &[kw!("dim", "dimension", I64)], Functional),
        StablehloOp::DynamicSlice => s(1, true, &[kw!("sizes", "slice_sizes", I64Array)], Functional),
        StablehloOp::Pad => s(
            2,
            false,
            &[
                kw!("low", "edge_padding_low", I64Array),
                kw!("high", "edge_padding_high", I64Array),
                kw!("interior", "interior_padding", I64Array),
            ],
            Functional,
        ),
        StablehloOp::Fft => {
            s(1, false, &[kw!("type", "fft_type", Fft), kw!("length", "fft_length", I64Array)], Functional)
        }
        StablehloOp::Rng => s(3, false, &[kw!("distribution", "rng_distribution", Distribution)], Functional),
        StablehloOp::RngBitGenerator => s(1, false, &[kw!("algorithm", "rng_algorithm", Algorithm)], Functional),
        StablehloOp::Einsum => s(2, false, &[kw!("config", "einsum_config", Str)], Functional),
        StablehloOp::UnaryEinsum => s(1, false, &[kw!("config", "einsum_config", Str)], Functional),
        StablehloOp::ReducePrecision => s(1, false, &[kw!("format", "exponent_bits", ExpMantissa)], Same),
        StablehloOp::Cholesky => s(1, false, &[kw!("lower", "lower", OptBool)], Same),
        StablehloOp::Abs
        | StablehloOp::Cbrt
        | StablehloOp::Ceil
        | StablehloOp::Convert
        | StablehloOp::Cosine
        | StablehloOp::CountLeadingZeros
        | StablehloOp::Exponential
        | StablehloOp::ExponentialMinusOne
        | StablehloOp::Floor
        | StablehloOp::Imag
        | StablehloOp::IsFinite
        | StablehloOp::Log
        | StablehloOp::LogPlusOne
        | StablehloOp::Logistic
        | StablehloOp::Negate
        | StablehloOp::Not
        | StablehloOp::Popcnt
        | StablehloOp::Real
        | StablehloOp::RoundNearestAfz
        | StablehloOp::RoundNearestEven
        | StablehloOp::Rsqrt
        | StablehloOp::Sign
        | StablehloOp::Sine
        | StablehloOp::Sqrt
        | StablehloOp::Tan
        | StablehloOp::Tanh
        | StablehloOp::BitcastConvert
        | StablehloOp::UniformQuantize
        | StablehloOp::UniformDequantize
        | StablehloOp::Add
        | StablehloOp::And
        | StablehloOp::Atan2
        | StablehloOp::Complex
        | StablehloOp::Divide
        | StablehloOp::Maximum
        | StablehloOp::Minimum
        | StablehloOp::Multiply
        | StablehloOp::Or
        | StablehloOp::Power
        | StablehloOp::Remainder
        | StablehloOp::ShiftLeft
        | StablehloOp::ShiftRightArithmetic
        | StablehloOp::ShiftRightLogical
        | StablehloOp::Subtract
        | StablehloOp::Xor
        | StablehloOp::Compare
        | StablehloOp::Select
        | StablehloOp::Clamp
        | StablehloOp::Constant
        | StablehloOp::Reshape
        | StablehloOp::DynamicReshape
        | StablehloOp::Slice
        | StablehloOp::RealDynamicSlice
        | StablehloOp::DynamicUpdateSlice
        | StablehloOp::DynamicPad
        | StablehloOp::Gather
        | StablehloOp::DynamicGather
        | StablehloOp::Scatter
        | StablehloOp::Sort
        | StablehloOp::TorchIndexSelect
        | StablehloOp::Reduce
        | StablehloOp::ReduceWindow
        | StablehloOp::SelectAndScatter
        | StablehloOp::Map
        | StablehloOp::Dot
        | StablehloOp::DotGeneral
        | StablehloOp::Convolution
        | StablehloOp::DynamicConv
        | StablehloOp::TriangularSolve
        | StablehloOp::BatchNormGrad
        | StablehloOp::BatchNormInference
        | StablehloOp::BatchNormTraining
        | StablehloOp::While
        | StablehloOp::If
        | StablehloOp::Case
        | StablehloOp::Return
        | StablehloOp::Composite
        | StablehloOp::CustomCall
        | StablehloOp::OptimizationBarrier
        | StablehloOp::Tuple
        | StablehloOp::GetTupleElement
        | StablehloOp::CreateToken
        | StablehloOp::AfterAll
        | StablehloOp::Infeed
        | StablehloOp::Outfeed
        | StablehloOp::Send
        | StablehloOp::Recv
        | StablehloOp::AllGather
        | StablehloOp::AllReduce
        | StablehloOp::AllToAll
        | StablehloOp::ReduceScatter
        | StablehloOp::CollectivePermute
        | StablehloOp::CollectiveBroadcast
        | StablehloOp::CollectiveReduce
        | StablehloOp::CrossReplicaSum
        | StablehloOp::PartitionId
        | StablehloOp::ReplicaId
        | StablehloOp::AsyncStart
        | StablehloOp::AsyncDone => None,
    }
}

fn lower_kw_op(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let kind = shlo_kind(lw, &k[0])?;
    let Some(spec) = kw_op_spec(kind) else {
        return lw.err(span_of(&k[0]), "internal: no keyword form for this op");
    };
    let op = lw.new_op(OpKind::Stablehlo(kind), span);
    let mut uses = vec![];
    let mut ty_pair = None;
    let mut seen: Vec<&'static str> = vec![];
    for c in &k[1..] {
        match c.as_rule() {
            Rule::value_use => uses.push(c.clone()),
            Rule::shlo_extra_comma if !spec.variadic || uses.len() != spec.fixed => {
                return lw.err(span_of(c), "unexpected ','");
            }
            Rule::shlo_kw_attr => {
                let kk = kids(c);
                let key = kk[0].as_str();
                let Some(ks) = spec.kws.iter().find(|s| s.key == key) else {
                    let expected: Vec<String> = spec.kws.iter().map(|s| format!("'{}'", s.key)).collect();
                    return lw.err(
                        span_of(&kk[0]),
                        format!("unexpected keyword '{key}', expected {}", expected.join(" or ")),
                    );
                };
                let pos = spec.kws.iter().position(|s| s.key == key).unwrap_or(0);
                if seen.contains(&ks.key) {
                    return lw.err(span_of(&kk[0]), format!("'{key}' is given twice"));
                }
                if seen.len() != pos {
                    let want = spec.kws.get(seen.len()).map_or(key, |s| s.key);
                    return lw.err(span_of(&kk[0]), format!("expected '{want}'"));
                }
                seen.push(ks.key);
                lower_kw_value(lw, op, ks, &kk[1])?;
            }
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::r#type => ty_pair = Some(c.clone()),
            _ => {}
        }
    }
    if seen.len() < spec.kws.len() && spec.kws[seen.len()].kind != KwKind::OptBool {
        return lw.err(span, format!("expected '{}'", spec.kws[seen.len()].key));
    }
    let n_ok = if spec.variadic { uses.len() >= spec.fixed } else { uses.len() == spec.fixed };
    if !n_ok {
        let want = if spec.variadic { format!("at least {}", spec.fixed) } else { spec.fixed.to_string() };
        return lw.err(span, format!("expected {want} operands, found {}", uses.len()));
    }
    let ty_pair = ty_pair.expect("grammar guarantees a type");
    lower_op_types(lw, op, &uses, ty_pair, spec.types, span)?;
    Ok(op)
}

fn lower_kw_value(lw: &mut Lowerer<'_>, op: OpId, ks: &KwSpec, v: &Pair<'_, Rule>) -> PResult<()> {
    let vspan = span_of(v);
    let key = ks.key;
    match ks.kind {
        KwKind::I64 => {
            if v.as_rule() != Rule::int_lit {
                return lw.err(vspan, format!("expected an integer for '{key}'"));
            }
            let n = parse_i64(v)?;
            set_attr(lw, op, ks.attr, i64_attr(n));
        }
        KwKind::I64Array => {
            if v.as_rule() != Rule::shlo_int_list {
                return lw.err(vspan, format!("expected '[...]' for '{key}'"));
            }
            let vals = int_list(v)?;
            set_attr(lw, op, ks.attr, i64_array(vals));
        }
        KwKind::Str => {
            if v.as_rule() != Rule::string_lit {
                return lw.err(vspan, format!("expected a string for '{key}'"));
            }
            let s = super::unquote(lw, v)?;
            set_attr(lw, op, ks.attr, Attr::Str(s, None));
        }
        KwKind::OptBool => {
            if v.as_rule() != Rule::bool_lit {
                return lw.err(vspan, format!("expected 'true' or 'false' for '{key}'"));
            }
            set_attr(lw, op, ks.attr, Attr::Bool(v.as_str() == "true"));
        }
        KwKind::Fft => {
            let a = enum_value(lw, v, "fft_type")?;
            set_attr(lw, op, ks.attr, a);
        }
        KwKind::Distribution => {
            let a = enum_value(lw, v, "rng_distribution")?;
            set_attr(lw, op, ks.attr, a);
        }
        KwKind::Algorithm => {
            let a = enum_value(lw, v, "rng_algorithm")?;
            set_attr(lw, op, ks.attr, a);
        }
        KwKind::ExpMantissa => {
            let text = v.as_str();
            let parsed = (v.as_rule() == Rule::shlo_enum_word).then(|| parse_exp_mantissa(text)).flatten();
            let Some((e, m)) = parsed else {
                return lw.err(vspan, format!("expected exponent mantissa in format e#m#, saw {text}"));
            };
            set_attr(lw, op, "exponent_bits", i32_attr(e));
            set_attr(lw, op, "mantissa_bits", i32_attr(m));
        }
    }
    Ok(())
}

/// `e5m10` → (5, 10), each fitting an i32.
fn parse_exp_mantissa(s: &str) -> Option<(i64, i64)> {
    let rest = s.strip_prefix('e')?;
    let (e, m) = rest.split_once('m')?;
    let digits = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
    if !digits(e) || !digits(m) {
        return None;
    }
    let e: i32 = e.parse().ok()?;
    let m: i32 = m.parse().ok()?;
    Some((e.into(), m.into()))
}

/// An enum value in op syntax: a bare keyword (`FFT`) or the full attribute
/// (`#stablehlo<fft_type FFT>`), which must be of enum `which`.
pub(crate) fn enum_value(lw: &mut Lowerer<'_>, v: &Pair<'_, Rule>, which: &str) -> PResult<Attr> {
    let vspan = span_of(v);
    match v.as_rule() {
        Rule::shlo_enum_word => {
            let a = enum_attr(EnumDialect::Stablehlo, which, v.as_str()).ok_or_else(|| {
                Diagnostic::error(
                    vspan,
                    format!("expected one of [{}] for {which}, got '{}'", enum_keywords(which), v.as_str()),
                )
            })?;
            Ok(a.into_attr())
        }
        Rule::stablehlo_attr => {
            let a = lower_attr(lw, v.clone())?;
            let ok = matches!(
                (which, a.as_stablehlo()),
                ("comparison_direction", Some(StablehloAttr::ComparisonDirection(EnumDialect::Stablehlo, _)))
                    | ("comparison_type", Some(StablehloAttr::ComparisonType(EnumDialect::Stablehlo, _)))
                    | ("precision", Some(StablehloAttr::Precision(EnumDialect::Stablehlo, _)))
                    | ("fft_type", Some(StablehloAttr::FftType(_)))
                    | ("rng_distribution", Some(StablehloAttr::RngDistribution(_)))
                    | ("rng_algorithm", Some(StablehloAttr::RngAlgorithm(_)))
            );
            if !ok {
                return lw.err(vspan, format!("expected a #stablehlo<{which} ...> attribute"));
            }
            Ok(a)
        }
        _ => lw.err(vspan, format!("expected a {which} value")),
    }
}

fn enum_keywords(which: &str) -> String {
    match which {
        "comparison_direction" => ComparisonDirection::keywords(),
        "comparison_type" => ComparisonType::keywords(),
        "precision" => Precision::keywords(),
        "fft_type" => FftType::keywords(),
        "transpose" => Transpose::keywords(),
        "rng_distribution" => RngDistribution::keywords(),
        "rng_algorithm" => RngAlgorithm::keywords(),
        "result_accuracy_mode" => ResultAccuracyMode::keywords(),
        _ => String::new(),
    }
}

/// The enum attribute `which` with value `word`, if both exist (CHLO has only
/// comparison direction, comparison type and precision).
fn enum_attr(d: EnumDialect, which: &str, word: &str) -> Option<StablehloAttr> {
    let chlo_ok = matches!(which, "comparison_direction" | "comparison_type" | "precision");
    if d == EnumDialect::Chlo && !chlo_ok {
        return None;
    }
    Some(match which {
        "comparison_direction" => StablehloAttr::ComparisonDirection(d, ComparisonDirection::parse(word)?),
        "comparison_type" => StablehloAttr::ComparisonType(d, ComparisonType::parse(word)?),
        "precision" => StablehloAttr::Precision(d, Precision::parse(word)?),
        "fft_type" => StablehloAttr::FftType(FftType::parse(word)?),
        "transpose" => StablehloAttr::Transpose(Transpose::parse(word)?),
        "rng_distribution" => StablehloAttr::RngDistribution(RngDistribution::parse(word)?),
        "rng_algorithm" => StablehloAttr::RngAlgorithm(RngAlgorithm::parse(word)?),
        _ => return None,
    })
}

/// Resolves operands and adds results from the op's trailing type.
fn lower_op_types(
    lw: &mut Lowerer<'_>,
    op: OpId,
    uses: &[Pair<'_, Rule>],
    ty_pair: Pair<'_, Rule>,
    form: TypeForm,
    span: Span,
) -> PResult<()> {
    let tspan = span_of(&ty_pair);
    let ty = lw.lower_type(ty_pair)?;
    match (form, ty) {
        (TypeForm::Result, Type::Function(..)) => lw.err(tspan, "expected a result type, not a function type"),
        (TypeForm::Result, t) => {
            operands_typed(lw, op, uses, &[], span)?;
            lw.add_results(op, [t]);
            Ok(())
        }
        (TypeForm::Functional, Type::Function(ins, outs)) => {
            operands_typed(lw, op, uses, &ins, tspan)?;
            lw.add_results(op, outs);
            Ok(())
        }
        (TypeForm::Functional, _) => lw.err(tspan, "expected a function type '(...) -> ...'"),
        (TypeForm::Same, t) => same_type(lw, op, uses, t, tspan),
    }
}

/// `custom<SameOperandsAndResultType>`: a single type for every operand and
/// the result, or a function type with one result.
pub(crate) fn same_type(lw: &mut Lowerer<'_>, op: OpId, uses: &[Pair<'_, Rule>], t: Type, tspan: Span) -> PResult<()> {
    match t {
        Type::Function(ins, outs) => {
            operands_typed(lw, op, uses, &ins, tspan)?;
            if outs.len() != 1 {
                return lw.err(tspan, "expected single output");
            }
            lw.add_results(op, outs);
        }
        t => {
            let tys = vec![t.clone(); uses.len()];
            operands_typed(lw, op, uses, &tys, tspan)?;
            lw.add_results(op, [t]);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- operands-only ops

/// How an op of the `shlo_operands_op` family writes its types, and how many
/// operands it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OperandsForm {
    /// `custom<SameOperandsAndResultType>` with this many operands (`None`: variadic).
    Same(Option<usize>),
    /// `custom<ComplexOpType>`.
    Complex,
    /// `custom<SelectOpType>`.
    Select,
    /// `custom<TupleOpType>`.
    Tuple,
    /// `operands : functional-type(operands, results)` with this many operands (`None`: at least 2).
    Functional(Option<usize>),
    /// `attr-dict : type(results)`, no operands.
    Nullary,
}

pub(crate) fn operands_op_form(k: StablehloOp) -> Option<OperandsForm> {
    use OperandsForm::*;
    use StablehloOp as S;
    Some(match k {
        S::Abs
        | S::Cbrt
        | S::Ceil
        | S::Convert
        | S::Cosine
        | S::CountLeadingZeros
        | S::Exponential
        | S::ExponentialMinusOne
        | S::Floor
        | S::Imag
        | S::Log
        | S::LogPlusOne
        | S::Logistic
        | S::Negate
        | S::Not
        | S::Popcnt
        | S::Real
        | S::RoundNearestAfz
        | S::RoundNearestEven
        | S::Rsqrt
        | S::Sign
        | S::Sine
        | S::Sqrt
        | S::Tan
        | S::Tanh
        | S::UniformQuantize
        | S::UniformDequantize
        | S::Cholesky => Same(Some(1)),
        S::Add
        | S::And
        | S::Atan2
        | S::Divide
        | S::Maximum
        | S::Minimum
        | S::Multiply
        | S::Or
        | S::Power
        | S::Remainder
        | S::ShiftLeft
        | S::ShiftRightArithmetic
        | S::ShiftRightLogical
        | S::Subtract
        | S::Xor => Same(Some(2)),
        S::Clamp => Same(Some(3)),
        S::AfterAll => Same(None),
        S::Complex => Complex,
        S::Select => Select,
        S::Tuple => Tuple,
        S::IsFinite | S::BitcastConvert | S::Reshape => Functional(Some(1)),
        S::DynamicReshape => Functional(Some(2)),
        S::RealDynamicSlice => Functional(Some(4)),
        S::DynamicPad => Functional(Some(5)),
        S::DynamicUpdateSlice => Functional(None),
        S::CreateToken | S::ReplicaId | S::PartitionId => Nullary,
        S::ReducePrecision
        | S::Compare
        | S::Constant
        | S::Iota
        | S::DynamicIota
        | S::Broadcast
        | S::BroadcastInDim
        | S::DynamicBroadcastInDim
        | S::Transpose
        | S::Concatenate
        | S::Slice
        | S::DynamicSlice
        | S::Pad
        | S::Reverse
        | S::Gather
        | S::DynamicGather
        | S::Scatter
        | S::Sort
        | S::GetDimensionSize
        | S::SetDimensionSize
        | S::TorchIndexSelect
        | S::Reduce
        | S::ReduceWindow
        | S::SelectAndScatter
        | S::Map
        | S::Dot
        | S::DotGeneral
        | S::Einsum
        | S::UnaryEinsum
        | S::Convolution
        | S::DynamicConv
        | S::Fft
        | S::TriangularSolve
        | S::BatchNormGrad
        | S::BatchNormInference
        | S::BatchNormTraining
        | S::Rng
        | S::RngBitGenerator
        | S::While
        | S::If
        | S::Case
        | S::Return
        | S::Composite
        | S::CustomCall
        | S::OptimizationBarrier
        | S::GetTupleElement
        | S::Infeed
        | S::Outfeed
        | S::Send
        | S::Recv
        | S::AllGather
        | S::AllReduce
        | S::AllToAll
        | S::ReduceScatter
        | S::CollectivePermute
        | S::CollectiveBroadcast
        | S::CollectiveReduce
        | S::CrossReplicaSum
        | S::AsyncStart
        | S::AsyncDone => return None,
    })
}

fn lower_operands_op(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let kind = shlo_kind(lw, &k[0])?;
    let Some(form) = operands_op_form(kind) else {
        return lw.err(span_of(&k[0]), "internal: no operand form for this op");
    };
    let op = lw.new_op(OpKind::Stablehlo(kind), span);
    let mut uses: Vec<Pair<'_, Rule>> = vec![];
    let mut types_pair = None;
    for c in &k[1..] {
        match c.as_rule() {
            Rule::value_list => uses = c.clone().into_inner().collect(),
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::type_list_bare => types_pair = Some(c.clone()),
            _ => {}
        }
    }
    let types_pair = types_pair.expect("grammar guarantees types");
    let tspan = span_of(&types_pair);
    let types = lw.lower_type_list(types_pair)?;
    let count_ok = |want: usize, lw: &Lowerer<'_>| -> PResult<()> {
        if uses.len() != want {
            return lw.err(span, format!("expected {want} operands, found {}", uses.len()));
        }
        Ok(())
    };
    let one_type = |types: Vec<Type>, lw: &Lowerer<'_>| -> PResult<Type> {
        match <[Type; 1]>::try_from(types) {
            Ok([t]) => Ok(t),
            Err(_) => lw.err(tspan, "expected a single type"),
        }
    };
    match form {
        OperandsForm::Same(n) => {
            if let Some(n) = n {
                count_ok(n, lw)?;
            }
            let t = one_type(types, lw)?;
            same_type(lw, op, &uses, t, tspan)?;
        }
        OperandsForm::Complex => {
            count_ok(2, lw)?;
            match one_type(types, lw)? {
                Type::Function(ins, outs) => {
                    operands_typed(lw, op, &uses, &ins, tspan)?;
                    if outs.len() != 1 {
                        return lw.err(tspan, "expected single output");
                    }
                    lw.add_results(op, outs);
                }
                t => {
                    let Some(real) = real_type_of(&t) else {
                        return lw.err(tspan, "expected tensor with complex element type");
                    };
                    operands_typed(lw, op, &uses, &[real.clone(), real], tspan)?;
                    lw.add_results(op, [t]);
                }
            }
        }
        OperandsForm::Select => {
            count_ok(3, lw)?;
            match types.len() {
                2 => {
                    let tys = [types[0].clone(), types[1].clone(), types[1].clone()];
                    operands_typed(lw, op, &uses, &tys, tspan)?;
                    lw.add_results(op, [types[1].clone()]);
                }
                1 if matches!(types[0], Type::Function(..)) => {
                    let t = types.into_iter().next().unwrap_or(Type::None);
                    same_type(lw, op, &uses, t, tspan)?;
                }
                _ => return lw.err(tspan, "expected functional type or list of two types"),
            }
        }
        OperandsForm::Tuple => match one_type(types, lw)? {
            Type::Tuple(elems) => {
                operands_typed(lw, op, &uses, &elems, tspan)?;
                lw.add_results(op, [Type::Tuple(elems)]);
            }
            _ => return lw.err(tspan, "expected tuple type"),
        },
        OperandsForm::Functional(n) => {
            match n {
                Some(n) => count_ok(n, lw)?,
                None if uses.len() < 2 => {
                    return lw.err(span, format!("expected at least 2 operands, found {}", uses.len()));
                }
                None => {}
            }
            match one_type(types, lw)? {
                Type::Function(ins, outs) => {
                    operands_typed(lw, op, &uses, &ins, tspan)?;
                    lw.add_results(op, outs);
                }
                _ => return lw.err(tspan, "expected a function type '(...) -> ...'"),
            }
        }
        OperandsForm::Nullary => {
            count_ok(0, lw)?;
            let t = one_type(types, lw)?;
            if matches!(t, Type::Function(..)) {
                return lw.err(tspan, "expected a result type, not a function type");
            }
            lw.add_results(op, [t]);
        }
    }
    Ok(op)
}

// ---------------------------------------------------------------- compare

fn lower_compare(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Stablehlo(StablehloOp::Compare), span);
    let dir = enum_value(lw, &k[1], "comparison_direction")?;
    set_attr(lw, op, "comparison_direction", dir);
    let uses = [k[2].clone(), k[3].clone()];
    let mut ty = None;
    for c in &k[4..] {
        match c.as_rule() {
            Rule::shlo_enum_word | Rule::stablehlo_attr => {
                let t = enum_value(lw, c, "comparison_type")?;
                set_attr(lw, op, "compare_type", t);
            }
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::r#type => ty = Some(c.clone()),
            _ => {}
        }
    }
    lower_op_types(lw, op, &uses, ty.expect("grammar guarantees a type"), TypeForm::Functional, span)?;
    Ok(op)
}

// ---------------------------------------------------------------- slice, get_tuple_element

fn lower_slice(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Stablehlo(StablehloOp::Slice), span);
    let (mut start, mut limit, mut strides) = (vec![], vec![], vec![]);
    for r in k[2].clone().into_inner() {
        let n = kids(&r);
        start.push(parse_i64(&n[0])?);
        limit.push(parse_i64(&n[1])?);
        strides.push(match n.get(2) {
            Some(s) => parse_i64(s)?,
            None => 1,
        });
    }
    set_attr(lw, op, "start_indices", i64_array(start));
    set_attr(lw, op, "limit_indices", i64_array(limit));
    set_attr(lw, op, "strides", i64_array(strides));
    let mut ty = None;
    for c in &k[3..] {
        match c.as_rule() {
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::r#type => ty = Some(c.clone()),
            _ => {}
        }
    }
    lower_op_types(lw, op, &k[1..2], ty.expect("grammar guarantees a type"), TypeForm::Functional, span)?;
    Ok(op)
}

fn lower_get_tuple_element(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Stablehlo(StablehloOp::GetTupleElement), span);
    let index = parse_i64(&k[2])?;
    if i32::try_from(index).is_err() {
        return lw.err(span_of(&k[2]), "integer out of range for i32");
    }
    set_attr(lw, op, "index", i32_attr(index));
    let mut ty = None;
    for c in &k[3..] {
        match c.as_rule() {
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::r#type => ty = Some(c.clone()),
            _ => {}
        }
    }
    lower_op_types(lw, op, &k[1..2], ty.expect("grammar guarantees a type"), TypeForm::Functional, span)?;
    Ok(op)
}

// ---------------------------------------------------------------- dot, dot_general

fn lower_dot(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let general = p.as_rule() == Rule::shlo_dot_general;
    let kind = if general { StablehloOp::DotGeneral } else { StablehloOp::Dot };
    let k = kids(&p);
    let op = lw.new_op(OpKind::Stablehlo(kind), span);
    let uses = [k[1].clone(), k[2].clone()];
    let mut dims = DotDimensionNumbers::default();
    let mut ty = None;
    for c in &k[3..] {
        match c.as_rule() {
            Rule::shlo_batching_dims => {
                let l = kids(c);
                dims.lhs_batching_dimensions = int_list(&l[0])?;
                dims.rhs_batching_dimensions = int_list(&l[1])?;
            }
            Rule::shlo_contracting_dims => {
                let l = kids(c);
                dims.lhs_contracting_dimensions = int_list(&l[0])?;
                dims.rhs_contracting_dimensions = int_list(&l[1])?;
                set_attr(lw, op, "dot_dimension_numbers", StablehloAttr::Dot(std::mem::take(&mut dims)).into_attr());
            }
            Rule::shlo_precision => {
                let mut items = vec![];
                for v in c.clone().into_inner() {
                    items.push(enum_value(lw, &v, "precision")?);
                }
                set_attr(lw, op, "precision_config", Attr::Array(items));
            }
            Rule::shlo_algorithm => {
                let body = c.clone().into_inner().next().unwrap();
                let a = struct_attr(lw, "dot_algorithm", body)?;
                set_attr(lw, op, "algorithm", a.into_attr());
            }
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::r#type => ty = Some(c.clone()),
            _ => {}
        }
    }
    lower_op_types(lw, op, &uses, ty.expect("grammar guarantees a type"), TypeForm::Functional, span)?;
    Ok(op)
}

// ---------------------------------------------------------------- convolution

fn lower_convolution(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Stablehlo(StablehloOp::Convolution), span);
    let mut uses = vec![];
    let mut ty = None;
    let mut seen: Vec<String> = vec![];
    for c in &k[1..] {
        match c.as_rule() {
            Rule::value_list => uses = c.clone().into_inner().collect(),
            Rule::shlo_conv_dims => {
                let d = conv_dims(lw, c)?;
                set_attr(lw, op, "dimension_numbers", StablehloAttr::Conv(d).into_attr());
            }
            Rule::shlo_window_attr => {
                let w = kids(c);
                let key = w[0].as_str();
                let kspan = span_of(&w[0]);
                if !matches!(key, "stride" | "pad" | "lhs_dilate" | "rhs_dilate" | "reverse") {
                    return lw.err(kspan, format!("Unexpected keyword {key}"));
                }
                if seen.iter().any(|s| s == key) {
                    return lw.err(kspan, format!("'{key}' is given twice"));
                }
                seen.push(key.to_string());
                let attr = window_value(lw, key, &w[1])?;
                let name = match key {
                    "stride" => "window_strides",
                    "pad" => "padding",
                    "lhs_dilate" => "lhs_dilation",
                    "rhs_dilate" => "rhs_dilation",
                    _ => "window_reversal",
                };
                set_attr(lw, op, name, attr);
            }
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::r#type => ty = Some(c.clone()),
            _ => {}
        }
    }
    lower_op_types(lw, op, &uses, ty.expect("grammar guarantees a type"), TypeForm::Functional, span)?;
    Ok(op)
}

/// A window attribute's `[...]` value.
fn window_value(lw: &mut Lowerer<'_>, key: &str, v: &Pair<'_, Rule>) -> PResult<Attr> {
    let items = kids(v);
    if key == "pad" {
        let mut values = vec![];
        for it in &items {
            if it.as_rule() != Rule::shlo_window_list {
                return lw.err(span_of(it), "expected '[low, high]'");
            }
            let pair = kids(it);
            if pair.len() != 2 {
                return lw
                    .err(span_of(it), format!("Expected array with 2 elements, got {} elements instead", pair.len()));
            }
            for x in &pair {
                if x.as_rule() != Rule::int_lit {
                    return lw.err(span_of(x), "expected an integer");
                }
                values.push(parse_i64(x)?);
            }
        }
        return Ok(padding_attr(&values));
    }
    let mut values = vec![];
    for it in &items {
        match it.as_rule() {
            Rule::int_lit => values.push(parse_i64(it)?),
            Rule::bool_lit if key == "reverse" => values.push(i64::from(it.as_str() == "true")),
            _ => return lw.err(span_of(it), "expected an integer"),
        }
    }
    if key == "reverse" {
        return Ok(Attr::DenseArray(DenseArray {
            elem: ElemType::I1,
            values: values.into_iter().map(|v| i128::from(v != 0)).collect(),
        }));
    }
    Ok(i64_array(values))
}

/// `dense<[[l, h], ...]> : tensor<Nx2xi64>`, as the generic form decodes it.
pub(crate) fn padding_attr(values: &[i64]) -> Attr {
    let n = (values.len() / 2) as u64;
    let ty = Type::Tensor(TensorType::ranked(vec![n, 2], ElemType::I64));
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let data = crate::dense::normalize(DenseData::Elements(Arc::from(bytes)), 8);
    Attr::Dense(Arc::new(DenseElements { ty, data, hex: false }))
}

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
fn conv_dims(lw: &mut Lowerer<'_>, p: &Pair<'_, Rule>) -> PResult<ConvDimensionNumbers> {
    let lists = kids(p);
    let (ib, if_, is) = conv_dim_list(lw, &lists[0], ('b', 'f'))?;
    let (ki, ko, ks) = conv_dim_list(lw, &lists[1], ('i', 'o'))?;
    let (ob, of, os) = conv_dim_list(lw, &lists[2], ('b', 'f'))?;
    Ok(ConvDimensionNumbers {
        input_batch_dimension: ib,
        input_feature_dimension: if_,
        input_spatial_dimensions: is,
        kernel_input_feature_dimension: ki,
        kernel_output_feature_dimension: ko,
        kernel_spatial_dimensions: ks,
        output_batch_dimension: ob,
        output_feature_dimension: of,
        output_spatial_dimensions: os,
    })
}

/// One `[...]` list: positions of the two letters and of each spatial index.
fn conv_dim_list(lw: &Lowerer<'_>, p: &Pair<'_, Rule>, letters: (char, char)) -> PResult<(i64, i64, Vec<i64>)> {
    let mut first = None;
    let mut second = None;
    let mut spatial: Vec<Option<i64>> = vec![];
    let items = kids(p);
    for (index, it) in items.iter().enumerate() {
        let ispan = span_of(it);
        let text = it.as_str();
        let index = index as i64;
        if let Some(v) = parse_int_lit(text) {
            let Ok(d) = usize::try_from(v) else {
                return lw.err(ispan, format!("Unexpected dimension {v}"));
            };
            if d > items.len() {
                return lw.err(ispan, format!("Unexpected dimension {v}"));
            }
            if spatial.len() <= d {
                spatial.resize(d + 1, None);
            }
            if spatial[d].is_some() {
                return lw.err(ispan, format!("Duplicate entries for spatial dimension {d}"));
            }
            spatial[d] = Some(index);
        } else {
            let slot = if text.len() == 1 && text.starts_with(letters.0) {
                &mut first
            } else if text.len() == 1 && text.starts_with(letters.1) {
                &mut second
            } else {
                let allowed: Vec<String> = [(letters.0, first.is_none()), (letters.1, second.is_none())]
                    .iter()
                    .filter(|(_, free)| *free)
                    .map(|(c, _)| c.to_string())
                    .collect();
                return lw.err(ispan, format!("Unexpected dimension {text}, expecting {}", allowed.join(", ")));
            };
            if slot.is_some() {
                return lw.err(ispan, format!("Unexpected dimension {text}, it is given twice"));
            }
            *slot = Some(index);
        }
    }
    let pspan = span_of(p);
    let missing: Vec<String> = [(letters.0, first), (letters.1, second)]
        .iter()
        .filter(|(_, v)| v.is_none())
        .map(|(c, _)| c.to_string())
        .collect();
    if !missing.is_empty() {
        return lw.err(pspan, format!("Expected dimensions {} not specified", missing.join(", ")));
    }
    let unspecified: Vec<String> =
        spatial.iter().enumerate().filter(|(_, v)| v.is_none()).map(|(i, _)| i.to_string()).collect();
    if !unspecified.is_empty() {
        return lw.err(pspan, format!("Expected spatial dimensions {} not specified", unspecified.join(", ")));
    }
    Ok((first.unwrap_or(0), second.unwrap_or(0), spatial.into_iter().map(|v| v.unwrap_or(0)).collect()))
}

// ---------------------------------------------------------------- custom_call, composite

fn lower_custom_call(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Stablehlo(StablehloOp::CustomCall), span);
    let target = super::symbol_text(lw, &k[1])?;
    set_attr(lw, op, "call_target_name", Attr::Str(target.into_bytes(), None));
    let mut uses = vec![];
    for c in &k[2..] {
        match c.as_rule() {
            Rule::value_list => uses = c.clone().into_inner().collect(),
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::function_type => {
                let tspan = span_of(c);
                let (ins, outs) = lw.lower_function_type(c.clone())?;
                operands_typed(lw, op, &uses, &ins, tspan)?;
                lw.add_results(op, outs);
            }
            _ => {}
        }
    }
    Ok(op)
}

fn lower_composite(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Stablehlo(StablehloOp::Composite), span);
    let name = super::unquote(lw, &k[1])?;
    set_attr(lw, op, "name", Attr::Str(name, None));
    let mut uses = vec![];
    let mut regions = vec![];
    for c in &k[2..] {
        match c.as_rule() {
            Rule::value_list => uses = c.clone().into_inner().collect(),
            Rule::region_list => regions = c.clone().into_inner().collect(),
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::function_type => {
                let tspan = span_of(c);
                let (ins, outs) = lw.lower_function_type(c.clone())?;
                operands_typed(lw, op, &uses, &ins, tspan)?;
                lw.add_results(op, outs);
            }
            _ => {}
        }
    }
    for r in regions {
        lw.lower_region(op, r, vec![], false)?;
    }
    Ok(op)
}

// ---------------------------------------------------------------- reduce

/// The ops `stablehlo.reduce ... applies <op>` accepts (commutative, binary, one result).
pub(crate) fn is_reduce_applies_op(k: StablehloOp) -> bool {
    matches!(
        k,
        StablehloOp::Add
            | StablehloOp::Multiply
            | StablehloOp::Maximum
            | StablehloOp::Minimum
            | StablehloOp::And
            | StablehloOp::Or
            | StablehloOp::Xor
    )
}

fn lower_reduce(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Stablehlo(StablehloOp::Reduce), span);
    let mut inputs = vec![];
    let mut inits = vec![];
    let mut applies = None;
    let mut reducer = None;
    let mut fty = None;
    for c in &k[1..] {
        match c.as_rule() {
            Rule::shlo_reduce_pair => {
                let pr = kids(c);
                inputs.push(pr[0].clone());
                inits.push(pr[1].clone());
            }
            Rule::shlo_reduce_applies => applies = Some(c.clone().into_inner().next().unwrap()),
            Rule::shlo_int_list => {
                let dims = int_list(c)?;
                set_attr(lw, op, "dimensions", i64_array(dims));
            }
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::function_type => fty = Some(c.clone()),
            Rule::shlo_reducer => reducer = Some(c.clone()),
            _ => {}
        }
    }
    let fty = fty.expect("grammar guarantees a function type");
    let tspan = span_of(&fty);
    let (ins, outs) = lw.lower_function_type(fty)?;
    let uses: Vec<Pair<'_, Rule>> = inputs.into_iter().chain(inits).collect();
    operands_typed(lw, op, &uses, &ins, tspan)?;
    lw.add_results(op, outs);
    match (applies, reducer) {
        (Some(name), None) => {
            let nspan = span_of(&name);
            let inner_kind = match OpKind::from_name(name.as_str()) {
                Some(OpKind::Stablehlo(k)) if is_reduce_applies_op(k) => k,
                _ => {
                    return lw.err(
                        nspan,
                        "expected the inner-op to be a commutative binary-op from the stablehlo dialect, with zero region, producing single result",
                    );
                }
            };
            let Some(first) = ins.first() else {
                return lw.err(tspan, "input types missing in reduce-op function type");
            };
            let Some(elem) = elem_of(first) else {
                return lw.err(tspan, "expected a tensor input type");
            };
            let scalar = Type::Tensor(TensorType { shape: Some(vec![]), elem: elem.clone(), encoding: None });
            let region = lw.m.add_region(op);
            let block = lw.m.add_block(region, nspan);
            let a = lw.m.add_block_arg(block, scalar.clone(), nspan);
            let b = lw.m.add_block_arg(block, scalar.clone(), nspan);
            let inner = lw.new_op(OpKind::Stablehlo(inner_kind), nspan);
            lw.m.op_mut(inner).operands.extend([a, b]);
            lw.add_results(inner, [scalar]);
            let r = lw.m.op(inner).results[0];
            lw.m.append_op(block, inner);
            let ret = lw.new_op(OpKind::Stablehlo(StablehloOp::Return), nspan);
            lw.m.op_mut(ret).operands.push(r);
            lw.m.append_op(block, ret);
        }
        (None, Some(red)) => {
            let mut firsts = vec![];
            let mut seconds = vec![];
            let mut region = None;
            for c in red.into_inner() {
                match c.as_rule() {
                    Rule::shlo_reducer_args => {
                        let args = kids(&c);
                        firsts.push(lw.lower_block_arg(args[0].clone())?);
                        seconds.push(lw.lower_block_arg(args[1].clone())?);
                    }
                    Rule::region => region = Some(c),
                    _ => {}
                }
            }
            let entry: Vec<_> = firsts.into_iter().chain(seconds).collect();
            lw.lower_region(op, region.expect("grammar guarantees a region"), entry, false)?;
        }
        (Some(name), Some(_)) => {
            return lw.err(span_of(&name), "a reduce with 'applies' has no 'reducer' region");
        }
        (None, None) => return lw.err(span, "expected 'applies <op>' or a 'reducer' region"),
    }
    Ok(op)
}

// ---------------------------------------------------------------- while

fn lower_while(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Stablehlo(StablehloOp::While), span);
    let mut args = vec![];
    let mut types = vec![];
    let mut types_span = span;
    let mut regions = vec![];
    for c in &k[1..] {
        match c.as_rule() {
            Rule::shlo_while_arg => {
                let a = kids(c);
                args.push((a[0].clone(), a[1].clone()));
            }
            Rule::type_list_bare => {
                types_span = span_of(c);
                types = lw.lower_type_list(c.clone())?;
            }
            Rule::attr_dict_with_kw => merge_attr_dict(lw, op, c.clone())?,
            Rule::region => regions.push(c.clone()),
            _ => {}
        }
    }
    let uses: Vec<Pair<'_, Rule>> = args.iter().map(|(_, u)| u.clone()).collect();
    operands_typed(lw, op, &uses, &types, types_span)?;
    lw.add_results(op, types.clone());
    for r in regions {
        let entry = args
            .iter()
            .zip(&types)
            .map(|((name, _), t)| (name.as_str().to_string(), t.clone(), span_of(name)))
            .collect();
        lw.lower_region(op, r, entry, false)?;
    }
    Ok(op)
}

// ---------------------------------------------------------------- optimization_barrier

fn lower_optimization_barrier(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>, span: Span) -> PResult<OpId> {
    let k = kids(&p);
    let op = lw.new_op(OpKind::Stablehlo(StablehloOp::OptimizationBarrier), span);
    let mut uses = vec![];
    for c in &k[1..] {
        match c.as_rule() {
            Rule::attr_dict => merge_attr_dict(lw, op, c.clone())?,
            Rule::value_list => uses = c.clone().into_inner().collect(),
            Rule::type_list_bare => {
                let tspan = span_of(c);
                let types = lw.lower_type_list(c.clone())?;
                operands_typed(lw, op, &uses, &types, tspan)?;
                lw.add_results(op, types);
            }
            _ => {}
        }
    }
    Ok(op)
}

// ---------------------------------------------------------------- attributes

/// Lowers a `stablehlo_attr` pair.
pub fn lower_attr(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<Attr> {
    let inner = p.into_inner().next().expect("grammar guarantees one alternative");
    let span = span_of(&inner);
    let a = match inner.as_rule() {
        Rule::shlo_enum_attr => {
            let k = kids(&inner);
            let dialect = if k[0].as_str().starts_with("#chlo") { EnumDialect::Chlo } else { EnumDialect::Stablehlo };
            let which = k[1].as_str();
            let word = k[2].as_str();
            match enum_attr(dialect, which, word) {
                Some(a) => a,
                None if dialect == EnumDialect::Chlo && enum_attr(EnumDialect::Stablehlo, which, word).is_some() => {
                    return lw.err(span_of(&k[1]), format!("unknown chlo enum '{which}'"));
                }
                None => {
                    return lw.err(
                        span_of(&k[2]),
                        format!("expected one of [{}] for {which}, got '{word}'", enum_keywords(which)),
                    );
                }
            }
        }
        Rule::shlo_mode_attr => {
            let w = inner.into_inner().next().unwrap();
            match ResultAccuracyMode::parse(w.as_str()) {
                Some(m) => StablehloAttr::ResultAccuracyMode(m),
                None => {
                    return lw.err(
                        span_of(&w),
                        format!(
                            "expected one of [{}] for result_accuracy_mode, got '{}'",
                            ResultAccuracyMode::keywords(),
                            w.as_str()
                        ),
                    );
                }
            }
        }
        Rule::shlo_bounds_attr => {
            let bounds = inner.into_inner().map(|d| dim_value(&d)).collect::<PResult<Vec<_>>>()?;
            StablehloAttr::TypeExtensions(TypeExtensions { bounds })
        }
        Rule::shlo_conv_attr => {
            let c = inner.into_inner().next().unwrap();
            match c.as_rule() {
                Rule::shlo_conv_dims => StablehloAttr::Conv(conv_dims(lw, &c)?),
                _ => conv_raw(lw, c)?,
            }
        }
        Rule::shlo_struct_attr => {
            let k = kids(&inner);
            let name = k[0].as_str();
            let mnemonic = name.strip_prefix("#stablehlo.").or_else(|| name.strip_prefix("#chlo.")).unwrap_or(name);
            struct_attr(lw, mnemonic, k[1].clone())?
        }
        Rule::shlo_bad_attr => return Err(locate_bad_attr(inner)),
        r => {
            return lw.err(span, format!("internal: unexpected stablehlo attribute rule {r:?}"));
        }
    };
    Ok(a.into_attr())
}

/// Re-parses an op whose custom form did not parse, from its name to the end
/// of the source, to report where and why its syntax fails.
pub(crate) fn locate_bad_op(lw: &Lowerer<'_>, p: &Pair<'_, Rule>, check: Rule) -> Diagnostic {
    let span = span_of(p);
    let start = (span.start as usize).min(lw.src.len());
    let rest = &lw.src[start..];
    match crate::parser::parse_bounded(check, rest, false) {
        Ok(_) => Diagnostic::error(span, "malformed custom op"),
        Err(e) => {
            let d = super::pest_error(rest, e);
            // A type that cannot start where MLIR parses one is its "expected non-function type".
            let mut d = super::first_error::first_type_error(rest, d.span.start as usize).unwrap_or(d);
            d.span = Span::new(start + d.span.start as usize, start + d.span.end as usize);
            d
        }
    }
}

/// Re-parses a malformed modelled attribute alone to find its first bad token.
fn locate_bad_attr(p: Pair<'_, Rule>) -> Diagnostic {
    let span = span_of(&p);
    let text = p.as_str();
    let what = text.split('<').next().unwrap_or(text);
    match crate::parser::parse_bounded(Rule::shlo_attr_check, text, false) {
        Ok(_) => Diagnostic::error(span, format!("malformed {what} attribute")),
        Err(e) => {
            use pest::error::InputLocation;
            let pos = match e.location {
                InputLocation::Pos(p) => p,
                InputLocation::Span((s, _)) => s,
            };
            let at = span.start as usize + pos.min(text.len());
            let found: String =
                text[pos.min(text.len())..].chars().take_while(|c| !c.is_whitespace()).take(24).collect();
            let found = if found.is_empty() { "end of attribute".to_string() } else { format!("'{found}'") };
            Diagnostic::error(Span::new(at, at), format!("malformed {what} attribute: unexpected {found}"))
        }
    }
}

/// The fields of a `<k = v, ...>` body, checked against `allowed` (each at
/// most once; in `allowed`'s order when `ordered`).
fn fields<'i>(
    lw: &Lowerer<'_>,
    body: Pair<'i, Rule>,
    what: &str,
    allowed: &[&'static str],
    ordered: bool,
) -> PResult<Vec<(&'static str, Pair<'i, Rule>)>> {
    let mut out: Vec<(&'static str, Pair<'i, Rule>)> = vec![];
    let mut last = None;
    for f in body.into_inner().filter(|f| f.as_rule() == Rule::shlo_field) {
        let k = kids(&f);
        let key = k[0].as_str();
        let kspan = span_of(&k[0]);
        let Some(pos) = allowed.iter().position(|a| *a == key) else {
            let list: Vec<String> = allowed.iter().map(|a| format!("`{a}`")).collect();
            return lw.err(kspan, format!("unknown field '{key}' in {what}, expected one of: {}", list.join(", ")));
        };
        if out.iter().any(|(a, _)| *a == key) {
            return lw.err(kspan, format!("duplicated `{key}` entry"));
        }
        if ordered && last.is_some_and(|l| pos < l) {
            return lw.err(kspan, format!("field '{key}' is out of order in {what}"));
        }
        last = Some(pos);
        out.push((allowed[pos], k[1].clone()));
    }
    Ok(out)
}

fn field_dims(lw: &Lowerer<'_>, key: &str, v: &Pair<'_, Rule>) -> PResult<Vec<i64>> {
    if v.as_rule() != Rule::shlo_dim_list {
        return lw.err(span_of(v), format!("expected '[...]' for '{key}'"));
    }
    dim_list(v)
}

fn field_int(lw: &Lowerer<'_>, key: &str, v: &Pair<'_, Rule>) -> PResult<i64> {
    if v.as_rule() != Rule::int_lit {
        return lw.err(span_of(v), format!("expected an integer for '{key}'"));
    }
    parse_i64(v)
}

fn field_bool(lw: &Lowerer<'_>, key: &str, v: &Pair<'_, Rule>) -> PResult<bool> {
    if v.as_rule() != Rule::bool_lit {
        return lw.err(span_of(v), format!("expected 'true' or 'false' for '{key}'"));
    }
    Ok(v.as_str() == "true")
}

fn field_type(lw: &mut Lowerer<'_>, key: &str, v: &Pair<'_, Rule>) -> PResult<Type> {
    match v.as_rule() {
        Rule::r#type => lw.lower_type(v.clone()),
        _ => lw.err(span_of(v), format!("expected a type for '{key}'")),
    }
}

fn require(lw: &Lowerer<'_>, got: &[(&'static str, Pair<'_, Rule>)], key: &str, what: &str, span: Span) -> PResult<()> {
    if got.iter().any(|(k, _)| *k == key) {
        Ok(())
    } else {
        lw.err(span, format!("{what} is missing the '{key}' field"))
    }
}

/// The `<...>` body of a struct-like attribute with the given mnemonic.
fn struct_attr(lw: &mut Lowerer<'_>, mnemonic: &str, body: Pair<'_, Rule>) -> PResult<StablehloAttr> {
    let bspan = span_of(&body);
    let what = format!("#{}{mnemonic}", if mnemonic == "ragged_dot" { "chlo." } else { "stablehlo." });
    Ok(match mnemonic {
        "gather" => {
            let fs = fields(
                lw,
                body,
                &what,
                &[
                    "offset_dims",
                    "collapsed_slice_dims",
                    "operand_batching_dims",
                    "start_indices_batching_dims",
                    "start_index_map",
                    "index_vector_dim",
                ],
                false,
            )?;
            let mut g = GatherDimensionNumbers::default();
            for (k, v) in &fs {
                match *k {
                    "offset_dims" => g.offset_dims = field_dims(lw, k, v)?,
                    "collapsed_slice_dims" => g.collapsed_slice_dims = field_dims(lw, k, v)?,
                    "operand_batching_dims" => g.operand_batching_dims = field_dims(lw, k, v)?,
                    "start_indices_batching_dims" => g.start_indices_batching_dims = field_dims(lw, k, v)?,
                    "start_index_map" => g.start_index_map = field_dims(lw, k, v)?,
                    _ => g.index_vector_dim = field_int(lw, k, v)?,
                }
            }
            StablehloAttr::Gather(g)
        }
        "scatter" => {
            let fs = fields(
                lw,
                body,
                &what,
                &[
                    "update_window_dims",
                    "inserted_window_dims",
                    "input_batching_dims",
                    "scatter_indices_batching_dims",
                    "scatter_dims_to_operand_dims",
                    "index_vector_dim",
                ],
                false,
            )?;
            let mut s = ScatterDimensionNumbers::default();
            for (k, v) in &fs {
                match *k {
                    "update_window_dims" => s.update_window_dims = field_dims(lw, k, v)?,
                    "inserted_window_dims" => s.inserted_window_dims = field_dims(lw, k, v)?,
                    "input_batching_dims" => s.input_batching_dims = field_dims(lw, k, v)?,
                    "scatter_indices_batching_dims" => s.scatter_indices_batching_dims = field_dims(lw, k, v)?,
                    "scatter_dims_to_operand_dims" => s.scatter_dims_to_operand_dims = field_dims(lw, k, v)?,
                    _ => s.index_vector_dim = field_int(lw, k, v)?,
                }
            }
            StablehloAttr::Scatter(s)
        }
        "dot" => {
            let fs = fields(
                lw,
                body,
                &what,
                &[
                    "lhs_batching_dimensions",
                    "rhs_batching_dimensions",
                    "lhs_contracting_dimensions",
                    "rhs_contracting_dimensions",
                ],
                false,
            )?;
            let mut d = DotDimensionNumbers::default();
            for (k, v) in &fs {
                let dims = field_dims(lw, k, v)?;
                match *k {
                    "lhs_batching_dimensions" => d.lhs_batching_dimensions = dims,
                    "rhs_batching_dimensions" => d.rhs_batching_dimensions = dims,
                    "lhs_contracting_dimensions" => d.lhs_contracting_dimensions = dims,
                    _ => d.rhs_contracting_dimensions = dims,
                }
            }
            StablehloAttr::Dot(d)
        }
        "ragged_dot" => {
            let fs = fields(
                lw,
                body,
                &what,
                &[
                    "lhs_batching_dimensions",
                    "rhs_batching_dimensions",
                    "lhs_contracting_dimensions",
                    "rhs_contracting_dimensions",
                    "lhs_ragged_dimensions",
                    "rhs_group_dimensions",
                ],
                false,
            )?;
            let mut d = RaggedDotDimensionNumbers::default();
            for (k, v) in &fs {
                let dims = field_dims(lw, k, v)?;
                match *k {
                    "lhs_batching_dimensions" => d.lhs_batching_dimensions = dims,
                    "rhs_batching_dimensions" => d.rhs_batching_dimensions = dims,
                    "lhs_contracting_dimensions" => d.lhs_contracting_dimensions = dims,
                    "rhs_contracting_dimensions" => d.rhs_contracting_dimensions = dims,
                    "lhs_ragged_dimensions" => d.lhs_ragged_dimensions = dims,
                    _ => d.rhs_group_dimensions = dims,
                }
            }
            StablehloAttr::RaggedDot(d)
        }
        "channel_handle" => {
            let fs = fields(lw, body, &what, &["handle", "type"], false)?;
            require(lw, &fs, "handle", &what, bspan)?;
            require(lw, &fs, "type", &what, bspan)?;
            let mut c = ChannelHandle::default();
            for (k, v) in &fs {
                match *k {
                    "handle" => c.handle = field_int(lw, k, v)?,
                    _ => c.ty = field_int(lw, k, v)?,
                }
            }
            StablehloAttr::ChannelHandle(c)
        }
        "output_operand_alias" => {
            let fs =
                fields(lw, body, &what, &["output_tuple_indices", "operand_index", "operand_tuple_indices"], true)?;
            for f in ["output_tuple_indices", "operand_index", "operand_tuple_indices"] {
                require(lw, &fs, f, &what, bspan)?;
            }
            let mut o = OutputOperandAlias::default();
            for (k, v) in &fs {
                match *k {
                    "output_tuple_indices" => o.output_tuple_indices = field_dims(lw, k, v)?,
                    "operand_index" => o.operand_index = field_int(lw, k, v)?,
                    _ => o.operand_tuple_indices = field_dims(lw, k, v)?,
                }
            }
            StablehloAttr::OutputOperandAlias(o)
        }
        "type_extensions" => {
            let fs = fields(lw, body, &what, &["bounds"], false)?;
            require(lw, &fs, "bounds", &what, bspan)?;
            let bounds = field_dims(lw, "bounds", &fs[0].1)?;
            StablehloAttr::TypeExtensions(TypeExtensions { bounds })
        }
        "dot_algorithm" => {
            const F: [&str; 7] = [
                "lhs_precision_type",
                "rhs_precision_type",
                "accumulation_type",
                "lhs_component_count",
                "rhs_component_count",
                "num_primitive_operations",
                "allow_imprecise_accumulation",
            ];
            let fs = fields(lw, body, &what, &F, true)?;
            for f in F {
                require(lw, &fs, f, &what, bspan)?;
            }
            let mut types = vec![];
            let mut ints = vec![];
            let mut flag = false;
            for (k, v) in &fs {
                match *k {
                    "lhs_precision_type" | "rhs_precision_type" | "accumulation_type" => {
                        types.push(field_type(lw, k, v)?)
                    }
                    "allow_imprecise_accumulation" => flag = field_bool(lw, k, v)?,
                    _ => ints.push(field_int(lw, k, v)?),
                }
            }
            let mut t = types.into_iter();
            let mut n = ints.into_iter();
            StablehloAttr::DotAlgorithm(DotAlgorithm {
                lhs_precision_type: t.next().unwrap_or(Type::None),
                rhs_precision_type: t.next().unwrap_or(Type::None),
                accumulation_type: t.next().unwrap_or(Type::None),
                lhs_component_count: n.next().unwrap_or(0),
                rhs_component_count: n.next().unwrap_or(0),
                num_primitive_operations: n.next().unwrap_or(0),
                allow_imprecise_accumulation: flag,
            })
        }
        "result_accuracy" => {
            let fs = fields(lw, body, &what, &["atol", "rtol", "ulps", "mode"], true)?;
            require(lw, &fs, "mode", &what, bspan)?;
            let mut r = ResultAccuracy { atol: 0, rtol: 0, ulps: 0, mode: ResultAccuracyMode::Default };
            for (k, v) in &fs {
                match *k {
                    "atol" | "rtol" => {
                        let bits = field_f64(lw, k, v)?;
                        if *k == "atol" {
                            r.atol = bits;
                        } else {
                            r.rtol = bits;
                        }
                    }
                    "ulps" => r.ulps = field_int(lw, k, v)?,
                    _ => {
                        let vspan = span_of(v);
                        let a = if v.as_rule() == Rule::attribute { lw.lower_attr(v.clone())? } else { Attr::Unit };
                        match a.as_stablehlo() {
                            Some(StablehloAttr::ResultAccuracyMode(m)) => r.mode = *m,
                            _ => {
                                return lw.err(
                                    vspan,
                                    "expected a #stablehlo.result_accuracy_mode<...> attribute for 'mode'",
                                );
                            }
                        }
                    }
                }
            }
            StablehloAttr::ResultAccuracy(r)
        }
        other => {
            return lw.err(bspan, format!("internal: unknown attribute mnemonic '{other}'"));
        }
    })
}

/// A float field (`atol = 1.000000e-05`, or an integer), as f64 bits.
fn field_f64(lw: &mut Lowerer<'_>, key: &str, v: &Pair<'_, Rule>) -> PResult<u64> {
    let vspan = span_of(v);
    let text = match v.as_rule() {
        Rule::int_lit => v.as_str().to_string(),
        Rule::attribute => {
            let inner = v.clone().into_inner().next().unwrap();
            match inner.as_rule() {
                Rule::typed_float if kids(&inner).len() == 1 => inner.as_str().to_string(),
                _ => return lw.err(vspan, format!("expected a float for '{key}'")),
            }
        }
        _ => return lw.err(vspan, format!("expected a float for '{key}'")),
    };
    let bits = crate::float::parse_decimal(FloatKind::F64, text.trim())
        .ok_or_else(|| Diagnostic::error(vspan, "invalid float literal"))?;
    Ok(bits as u64)
}

/// `#stablehlo.conv<raw input_batch_dimension = 0, ...>`.
fn conv_raw(lw: &mut Lowerer<'_>, p: Pair<'_, Rule>) -> PResult<StablehloAttr> {
    let what = "#stablehlo.conv";
    let fs = fields(
        lw,
        p,
        what,
        &[
            "input_batch_dimension",
            "input_feature_dimension",
            "input_spatial_dimensions",
            "kernel_input_feature_dimension",
            "kernel_output_feature_dimension",
            "kernel_spatial_dimensions",
            "output_batch_dimension",
            "output_feature_dimension",
            "output_spatial_dimensions",
        ],
        false,
    )?;
    let mut c = ConvDimensionNumbers::default();
    for (k, v) in &fs {
        match *k {
            "input_batch_dimension" => c.input_batch_dimension = field_int(lw, k, v)?,
            "input_feature_dimension" => c.input_feature_dimension = field_int(lw, k, v)?,
            "input_spatial_dimensions" => c.input_spatial_dimensions = field_dims(lw, k, v)?,
            "kernel_input_feature_dimension" => c.kernel_input_feature_dimension = field_int(lw, k, v)?,
            "kernel_output_feature_dimension" => c.kernel_output_feature_dimension = field_int(lw, k, v)?,
            "kernel_spatial_dimensions" => c.kernel_spatial_dimensions = field_dims(lw, k, v)?,
            "output_batch_dimension" => c.output_batch_dimension = field_int(lw, k, v)?,
            "output_feature_dimension" => c.output_feature_dimension = field_int(lw, k, v)?,
            _ => c.output_spatial_dimensions = field_dims(lw, k, v)?,
        }
    }
    Ok(StablehloAttr::Conv(c))
}
