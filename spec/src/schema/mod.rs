//! Attribute schemas and typed attribute views: what each op of the op table (`crate::ops`) may
//! carry, as data, and the accessors every consumer reads attributes through.
//!
//! Model: Cranelift's instruction *formats*. Each `define_dialect!` row names a view (its
//! attribute format); many rows share one (`Plain` for the ops without attributes, `Compare`
//! for `stablehlo.compare` and `chlo.broadcast_compare`). A view is declared once in
//! `table.rs` as a list of fields `name: Kind presence = "attribute-name"`; the `views!` macro
//! turns it into
//! - `View::SCHEMA`, the rows `AttrSpec { name, kind, presence }` (the op table's schema column:
//!   `OpKind::attr_schema()`), and
//! - a borrowed view `View<'a> { attrs: &'a Dict, span }` (`View::of(op)`) with one accessor per field, returning a typed
//!   [`Field`]: `stablehlo::Transpose::of(o).permutation().req()?` is the op's permutation as
//!   `Vec<i64>`, or a located [`AttrError`] ("missing attribute 'permutation'", "attribute
//!   'permutation' must be a list of integers").
//!
//! Views are lazy on purpose: building one costs nothing, and a field is decoded only when an
//! accessor is read, with one `Dict` lookup, as the string-keyed lookups it replaces did. The
//! interpreter reads ops millions of times in loops (`interp/src/fastloop.rs`), and most arms read
//! a subset of their op's attributes (a decoded struct per op would allocate every list).
//!
//! Attributes that may sit on any op (discardable ones: `sdy.sharding`, `mhlo.sharding`, ...) are
//! the view `Common`; function attributes (`sym_name`, `function_type`, `arg_attrs`, ...) the view
//! `Func`. Passes that *write* attributes use the key constants of `keys`.
//!
//! Invariants:
//! - Outside `crate::lower` and `crate::hlo` (the lowerings, which build attributes from text,
//!   with the HLO lowering's marks named in `hlo::marks`) and this module, no attribute is looked
//!   up by a string literal: consumers read views, writers use `keys`. The printers are consumers
//!   (`crate::print`, and `crate::hlo::print`, though it sits with the HLO lowering).
//!   `conformance/tests/attr_lookups.rs` checks it over every source of `interp`, `verifier`,
//!   `passes`, `conformance`, `cli` and `spec`, but `spec/src/lower/`, `spec/src/schema/` and
//!   `spec/src/hlo/` other than `spec/src/hlo/print.rs`. Lists of names that are not lookups stay
//!   data: the printers' inherent-attribute tables (what the generic form prints as properties),
//!   the lowering's keyword tables (`crate::lower::stablehlo::kw_op_spec`, which the printer
//!   resolves against the row's view), `ir::sdy::CollectiveSpec`.
//! - Every op kind names exactly one view (a required column of the op table), so the schema is
//!   exhaustive by construction; `Plain` declares no attributes.
//! - `AttrError` messages are the ones the interpreter has always given; the verifier maps the
//!   same two problems to its own, upstream-shaped messages (`requires attribute 'x'`).

mod table;

pub use table::*;

use std::fmt;
use std::marker::PhantomData;

use crate::hlo::attrs as hlo_attrs;
use crate::ir::sdy::SdyAttr;
use crate::ir::stablehlo::{self as shlo, StablehloAttr};
use crate::ir::{Attr, DenseData, DenseElements, Dict, Operation, Span, Type};

/// Whether an attribute must be present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Absent is an error (`missing attribute 'x'`).
    Required,
    /// Absent means "not given"; the op's semantics say what that means.
    Optional,
    /// Absent means this value (as written in the spec).
    Default(&'static str),
}

/// One row of a view's schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttrSpec {
    pub name: &'static str,
    pub kind: AttrKind,
    pub presence: Presence,
}

/// The problem with an attribute read through a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    Missing,
    /// Present but not of the field's kind.
    WrongKind(AttrKind),
}

/// A located attribute error: the op's span, the attribute, the problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttrError {
    pub span: Span,
    pub name: &'static str,
    pub problem: Problem,
}

impl AttrError {
    /// The interpreter's message: `missing attribute 'x'` or `attribute 'x' must be <kind>`.
    pub fn message(&self) -> String {
        match self.problem {
            Problem::Missing => format!("missing attribute '{}'", self.name),
            Problem::WrongKind(k) => format!("attribute '{}' must be {}", self.name, k.what()),
        }
    }
}

impl AttrError {
    /// The HLO evaluator's message, in XLA's parser's words: `attribute x is expected but not
    /// seen` or `attribute x must be <kind>`.
    pub fn xla_message(&self) -> String {
        match self.problem {
            Problem::Missing => format!("attribute {} is expected but not seen", self.name),
            Problem::WrongKind(k) => format!("attribute {} must be {}", self.name, k.what()),
        }
    }
}

impl fmt::Display for AttrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

/// How a field's attribute is decoded: the Rust type it reads as, and which `Attr`s qualify.
pub trait Kind {
    type Out<'a>;
    const KIND: AttrKind;
    fn read(a: &Attr) -> Option<Self::Out<'_>>;
}

/// A field of a view on one op: the attribute's name and, when present, its value.
pub struct Field<'a, K> {
    pub name: &'static str,
    pub span: Span,
    attr: Option<&'a Attr>,
    kind: PhantomData<K>,
}

impl<K> Clone for Field<'_, K> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K> Copy for Field<'_, K> {}

impl<K> fmt::Debug for Field<'_, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Field").field("name", &self.name).field("attr", &self.attr).finish()
    }
}

impl<'a, K: Kind> Field<'a, K> {
    #[inline]
    pub fn new(o: &'a Operation, name: &'static str) -> Self {
        Field { name, span: o.span, attr: o.attrs.get(name), kind: PhantomData }
    }
    /// Reads the field from a bare dictionary (function argument and result attributes).
    #[inline]
    pub fn in_dict(d: &'a Dict, name: &'static str, span: Span) -> Self {
        Field { name, span, attr: d.get(name), kind: PhantomData }
    }
    /// The value, when present and of the field's kind.
    #[inline]
    pub fn get(&self) -> Option<K::Out<'a>> {
        self.attr.and_then(K::read)
    }
    /// The attribute as stored, whatever its kind.
    #[inline]
    pub fn raw(&self) -> Option<&'a Attr> {
        self.attr
    }
    #[inline]
    pub fn present(&self) -> bool {
        self.attr.is_some()
    }
    fn error(&self, problem: Problem) -> AttrError {
        AttrError { span: self.span, name: self.name, problem }
    }
    /// The value; an error when absent or of another kind.
    #[inline]
    pub fn req(&self) -> Result<K::Out<'a>, AttrError> {
        match self.attr {
            None => Err(self.error(Problem::Missing)),
            Some(a) => K::read(a).ok_or_else(|| self.error(Problem::WrongKind(K::KIND))),
        }
    }
    /// The value if present; an error when of another kind.
    #[inline]
    pub fn opt(&self) -> Result<Option<K::Out<'a>>, AttrError> {
        match self.attr {
            None => Ok(None),
            Some(a) => K::read(a).map(Some).ok_or_else(|| self.error(Problem::WrongKind(K::KIND))),
        }
    }
    /// The `missing attribute` error of this field.
    pub fn missing(&self) -> AttrError {
        self.error(Problem::Missing)
    }
}

macro_rules! kinds {
    ($( $(#[$doc:meta])* $kind:ident, $what:literal, |$a:ident| -> $out:ty $body:block )*) => {
        /// The kinds of attribute a schema can ask for.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum AttrKind { $($kind,)* }

        impl AttrKind {
            /// For messages: "a list of integers".
            pub fn what(self) -> &'static str {
                match self { $(AttrKind::$kind => $what,)* }
            }
        }

        impl AttrKind {
            /// Whether `a` reads as this kind.
            pub fn accepts(self, a: &Attr) -> bool {
                match self { $(AttrKind::$kind => <kind::$kind as Kind>::read(a).is_some(),)* }
            }
        }

        /// One marker type per `AttrKind`, naming the Rust type a field reads as.
        pub mod kind {
            use super::*;
            $(
                $(#[$doc])*
                #[derive(Clone, Copy, Debug)]
                pub struct $kind;
                impl Kind for $kind {
                    type Out<'a> = $out;
                    const KIND: AttrKind = AttrKind::$kind;
                    #[inline]
                    #[allow(clippy::needless_lifetimes)]
                    fn read<'a>($a: &'a Attr) -> Option<$out> $body
                }
            )*
        }
    };
}

// The kinds. `Ints` accepts every form printers use for an integer list (`array<i64: ...>`, a
// dense integer tensor, an array of integers), as the interpreter always has.
kinds! {
    /// `42 : i64`, read as `i64`.
    Int, "an integer", |a| -> i64 { a.as_int().map(|v| v as i64) }
    /// An integer list, read as `Vec<i64>`.
    Ints, "a list of integers", |a| -> Vec<i64> { ints_of(a) }
    /// `true` / `false`.
    Bool, "a boolean", |a| -> bool { match a { Attr::Bool(b) => Some(*b), _ => None } }
    /// A unit attribute or a boolean: `true` when unit or `true`.
    Flag, "a unit attribute or a boolean", |a| -> bool {
        match a { Attr::Unit => Some(true), Attr::Bool(b) => Some(*b), _ => None }
    }
    /// A float, read as `f64`.
    Float, "a float", |a| -> f64 { match a { Attr::Float(f) => Some(f.to_f64()), _ => None } }
    /// A string's bytes.
    Str, "a string", |a| -> &'a [u8] { a.as_str() }
    /// A symbol reference's path (`@a::@b` is `["a", "b"]`).
    Symbol, "a symbol reference", |a| -> &'a [String] {
        match a { Attr::SymbolRef(s) => Some(s.as_slice()), _ => None }
    }
    /// A type.
    Type, "a type", |a| -> &'a crate::ir::Type { match a { Attr::Type(t) => Some(t), _ => None } }
    /// A dense elements literal.
    Dense, "a dense elements attribute", |a| -> &'a std::sync::Arc<DenseElements> {
        match a { Attr::Dense(d) => Some(d), _ => None }
    }
    /// An array of attributes.
    Array, "an array", |a| -> &'a [Attr] { match a { Attr::Array(v) => Some(v.as_slice()), _ => None } }
    /// A dictionary.
    Dictionary, "a dictionary", |a| -> &'a Dict { match a { Attr::Dict(d) => Some(d), _ => None } }
    /// Any `#stablehlo.*` attribute.
    Shlo, "a stablehlo attribute", |a| -> &'a StablehloAttr { a.as_stablehlo() }
    /// Any `#sdy.*` attribute.
    Sdy, "an sdy attribute", |a| -> &'a SdyAttr { match a { Attr::Sdy(s) => Some(s), _ => None } }
    /// Any `#mpmd.*` attribute.
    Mpmd, "an mpmd attribute", |a| -> &'a crate::ir::mpmd::MpmdAttr {
        match a { Attr::Mpmd(s) => Some(s), _ => None }
    }
    /// `#sdy.sharding<...>`.
    Sharding, "an sdy sharding", |a| -> &'a crate::ir::sdy::TensorSharding {
        match a { Attr::Sdy(s) => match &**s { SdyAttr::Sharding(t) => Some(t), _ => None }, _ => None }
    }
    /// `#sdy.sharding_per_value<[...]>`.
    ShardingPerValue, "an sdy sharding per value", |a| -> &'a crate::ir::sdy::ShardingPerValue {
        match a { Attr::Sdy(s) => match &**s { SdyAttr::ShardingPerValue(t) => Some(t), _ => None }, _ => None }
    }
    /// Whatever is there (a field whose forms the consumer decodes itself).
    Any, "an attribute", |a| -> &'a Attr { Some(a) }
    CmpDir, "a comparison direction", |a| -> shlo::ComparisonDirection { match a.as_stablehlo()? { StablehloAttr::ComparisonDirection(_, d) => Some(*d), _ => None } }
    CmpType, "a comparison type", |a| -> shlo::ComparisonType { match a.as_stablehlo()? { StablehloAttr::ComparisonType(_, t) => Some(*t), _ => None } }
    FftKind, "an fft type", |a| -> shlo::FftType { match a.as_stablehlo()? { StablehloAttr::FftType(t) => Some(*t), _ => None } }
    TransposeKind, "a transpose kind", |a| -> shlo::Transpose { match a.as_stablehlo()? { StablehloAttr::Transpose(t) => Some(*t), _ => None } }
    RngAlg, "an rng algorithm", |a| -> shlo::RngAlgorithm { match a.as_stablehlo()? { StablehloAttr::RngAlgorithm(t) => Some(*t), _ => None } }
    RngDist, "an rng distribution", |a| -> shlo::RngDistribution { match a.as_stablehlo()? { StablehloAttr::RngDistribution(t) => Some(*t), _ => None } }
    DotDims, "dot dimension numbers", |a| -> &'a shlo::DotDimensionNumbers { match a.as_stablehlo()? { StablehloAttr::Dot(d) => Some(d), _ => None } }
    RaggedDotDims, "ragged dot dimension numbers", |a| -> &'a shlo::RaggedDotDimensionNumbers { match a.as_stablehlo()? { StablehloAttr::RaggedDot(d) => Some(d), _ => None } }
    GatherDims, "gather dimension numbers", |a| -> &'a shlo::GatherDimensionNumbers { match a.as_stablehlo()? { StablehloAttr::Gather(d) => Some(d), _ => None } }
    ScatterDims, "scatter dimension numbers", |a| -> &'a shlo::ScatterDimensionNumbers { match a.as_stablehlo()? { StablehloAttr::Scatter(d) => Some(d), _ => None } }
    ConvDims, "convolution dimension numbers", |a| -> &'a shlo::ConvDimensionNumbers { match a.as_stablehlo()? { StablehloAttr::Conv(d) => Some(d), _ => None } }
    Channel, "a channel handle", |a| -> &'a shlo::ChannelHandle { match a.as_stablehlo()? { StablehloAttr::ChannelHandle(c) => Some(c), _ => None } }

    // XLA HLO attributes: canonical token text (`Attr::Opaque`) decoded by `crate::hlo::attrs`, and
    // computation references. The `what`s are the HLO evaluator's messages
    // (`attribute x must be <what>`, `AttrError::xla_message`).
    /// The canonical text itself.
    HloText, "HLO attribute text", |a| -> &'a str { hlo_text(a) }
    /// The canonical text's tokens (literals, `metadata={...}`, other free-form values).
    HloTokens, "HLO attribute tokens", |a| -> Vec<(bool, crate::hlo::tok::Tok)> { hlo_attrs::tokens(hlo_text(a)?) }
    /// A word or a string (`direction=EQ`, `custom_call_target="foo"`).
    HloWord, "a word or a string", |a| -> String { hlo_attrs::word(hlo_text(a)?) }
    /// `index=0`.
    HloInt, "an integer", |a| -> i64 { hlo_attrs::int(hlo_text(a)?) }
    /// `dimensions={0,1}`.
    HloInts, "a list of integers", |a| -> Vec<i64> { hlo_attrs::ints(hlo_text(a)?) }
    /// `is_stable=true`.
    HloBool, "true or false", |a| -> bool { hlo_attrs::boolean(hlo_text(a)?) }
    /// `epsilon=0.001`.
    HloFloat, "a number", |a| -> f64 { hlo_attrs::float(hlo_text(a)?) }
    /// `slice={[0:4:2], [1:3]}` as (starts, limits, strides).
    HloSlice, "{[start:limit:stride], ...}", |a| -> (Vec<i64>, Vec<i64>, Vec<i64>) { hlo_attrs::slice(hlo_text(a)?) }
    /// `padding=0_1_2x3_4` as (low, high, interior).
    HloPadding, "lo_hi[_interior] per dimension, joined by x", |a| -> (Vec<i64>, Vec<i64>, Vec<i64>) {
        hlo_attrs::padding(hlo_text(a)?)
    }
    /// `window={size=2x2 stride=...}`.
    HloWindow, "{size=... stride=... pad=... lhs_dilate=... rhs_dilate=... rhs_reversal=...}", |a| -> hlo_attrs::Window {
        hlo_attrs::window(hlo_text(a)?)
    }
    /// `dim_labels=b01f_01io->b01f`.
    HloDimLabels, "like b01f_01io->b01f", |a| -> shlo::ConvDimensionNumbers { hlo_attrs::dim_labels(hlo_text(a)?) }
    /// `replica_groups=` in list, iota or mesh form: the groups, or XLA's message.
    HloReplicaGroups, "a list or iota form of groups", |a| -> Result<Vec<Vec<i64>>, String> {
        hlo_attrs::replica_groups(hlo_text(a)?)
    }
    /// `source_target_pairs={{0,1},...}`: each entry's integers (`None` when not a list).
    HloPairs, "{{s,t},...}", |a| -> Vec<Option<Vec<i64>>> { hlo_attrs::pairs(hlo_text(a)?) }
    /// `sharding={...}`: the sharding, or XLA's message.
    HloSharding, "a sharding", |a| -> Result<crate::hlo::device_attrs::Sharding, String> { hlo_attrs::sharding(hlo_text(a)?) }
    /// `frontend_attributes={k="v", ...}`.
    HloFrontendAttrs, "frontend attributes", |a| -> Vec<hlo_attrs::FrontendAttr> {
        hlo_attrs::frontend_attributes(hlo_text(a)?)
    }
    /// An option group `{key=value ...}` (`triangular_solve_options=`).
    HloOptions, "an option group", |a| -> Vec<(String, String)> { hlo_attrs::options(hlo_text(a)?) }
    /// A computation reference (`to_apply=%f`): the computation's name.
    HloComp, "a computation", |a| -> &'a str {
        match a { Attr::SymbolRef(p) => p.first().map(String::as_str), _ => None }
    }
    /// A list of computation references (`branch_computations={%a, %b}`): their names.
    HloComps, "a list of computations", |a| -> Vec<&'a str> {
        match a {
            Attr::Array(items) => items
                .iter()
                .map(|i| match i { Attr::SymbolRef(p) => p.first().map(String::as_str), _ => None })
                .collect(),
            _ => None,
        }
    }
}

/// The canonical text of an HLO attribute.
fn hlo_text(a: &Attr) -> Option<&str> {
    match a {
        Attr::Opaque(t) => Some(t),
        _ => None,
    }
}

/// An integer list from any of the attribute forms printers use: `array<i64: ...>`, an array of
/// integers, or a dense integer tensor (older printers).
pub fn ints_of(a: &Attr) -> Option<Vec<i64>> {
    match a {
        Attr::DenseArray(d) => Some(d.as_i64()),
        Attr::Array(items) => items.iter().map(|i| i.as_int().map(|v| v as i64)).collect(),
        Attr::Dense(d) => {
            let Type::Tensor(t) = &d.ty else { return None };
            let n = t.num_elements()? as usize;
            if !t.elem.is_int() {
                return None;
            }
            let v = crate::dense::int_elements(&d.data, &t.elem, n);
            if matches!(d.data, DenseData::Strings(_)) {
                return None;
            }
            Some(v.into_iter().map(|x| x as i64).collect())
        }
        _ => None,
    }
}

macro_rules! presence {
    (req) => {
        $crate::schema::Presence::Required
    };
    (opt) => {
        $crate::schema::Presence::Optional
    };
    (default($d:expr)) => {
        $crate::schema::Presence::Default(stringify!($d))
    };
}

/// Declares views: `View { field: Kind presence = "name", ... }`, presence being `req`, `opt` or
/// `default(value)`.
macro_rules! views_macro {
    ($( $(#[$doc:meta])* $view:ident { $( $(#[$fdoc:meta])* $field:ident : $kind:ident $pres:ident $(($def:expr))? = $key:expr ),* $(,)? } )*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy, Debug)]
            pub struct $view<'a> {
                pub attrs: &'a $crate::ir::Dict,
                pub span: $crate::ir::Span,
            }

            #[allow(dead_code)]
            impl<'a> $view<'a> {
                /// The view's schema: one row per attribute.
                pub const SCHEMA: &'static [$crate::schema::AttrSpec] = &[
                    $($crate::schema::AttrSpec {
                        name: $key,
                        kind: $crate::schema::AttrKind::$kind,
                        presence: $crate::schema::presence!($pres $(($def))?),
                    },)*
                ];
                #[inline]
                pub fn of(o: &'a $crate::ir::Operation) -> Self {
                    $view { attrs: &o.attrs, span: o.span }
                }
                /// The view on a bare dictionary (attributes built by a driver), errors at `span`.
                #[inline]
                pub fn of_dict(attrs: &'a $crate::ir::Dict, span: $crate::ir::Span) -> Self {
                    $view { attrs, span }
                }
                $(
                    $(#[$fdoc])*
                    #[inline]
                    pub fn $field(&self) -> $crate::schema::Field<'a, $crate::schema::kind::$kind> {
                        $crate::schema::Field::in_dict(self.attrs, $key, self.span)
                    }
                )*
            }
        )*
    };
}
pub(crate) use presence;
pub(crate) use views_macro as views;

/// The schema rows of every view an op kind may carry, beyond its own: the discardable
/// attributes of `Common`.
pub fn common_schema() -> &'static [AttrSpec] {
    Common::SCHEMA
}

/// Checks an op's attributes against its kind's schema: every required attribute present, every
/// declared one of its kind. Attributes the schema does not declare are left alone (MLIR keeps
/// unknown discardable attributes).
pub fn check(o: &Operation) -> Result<(), AttrError> {
    let Some(k) = o.name.kind() else { return Ok(()) };
    for spec in k.attr_schema() {
        let f = Field::<kind::Any>::new(o, spec.name);
        match f.raw() {
            None if spec.presence == Presence::Required => return Err(f.missing()),
            None => {}
            Some(a) if !spec.kind.accepts(a) => {
                return Err(AttrError { span: o.span, name: spec.name, problem: Problem::WrongKind(spec.kind) });
            }
            Some(_) => {}
        }
    }
    Ok(())
}
