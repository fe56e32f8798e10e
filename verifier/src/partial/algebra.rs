//! Which ops carry partial values, one decision per StableHLO op kind: for
//! an op some of whose operands are `kind`-partial over an axis (the others
//! whole there), the kind of the result's partials, or why the op is not
//! linear in them.
//!
//! An op f carries `kind`-partials when f(⊕ᵢ aᵢ, r) = ⊕ᵢ f(aᵢ, r) for the
//! partials aᵢ of the devices along the axis and the whole operands r:
//! - data movement (reshape, transpose, broadcast, slice, gather, select with
//!   a whole predicate, ...) carries every kind, provided what it mixes in is
//!   the kind's identity (a zero padding value for sums) or the kind is
//!   idempotent (max, min, and, or: a whole value mixed into each partial
//!   survives the combination once);
//! - sums: add and subtract of partials, negate, scaling by a whole value
//!   (multiply, divide's numerator), a contraction (dot, convolution) with
//!   one partial side, reduce/reduce_window/scatter whose body adds (with a
//!   zero init), fft, convert (linear up to rounding); a whole operand added
//!   to sum-partials is counted once per device (a bias added to a partial);
//! - max and min: every non-decreasing op (exp, log, tanh, sqrt, floor,
//!   convert, adding or subtracting a whole value, max/min with a whole
//!   value, a max-reduce); negate and `whole − partial` turn max into min and
//!   back; a product or a sum of two partials is not monotone;
//! - and, or: and/or with whole values (distributive), not (swaps them);
//! - product: products of partials.
//!
//! `Unknown` for what the checker does not model (custom calls, loops, ...):
//! never a finding.

use shardref_spec::ops::StablehloOp;

use super::state::Kind;

/// What an op does to partial operands.
#[derive(Clone, Debug, PartialEq)]
pub enum Through {
    /// The result is partial of this kind.
    Kind(Kind),
    /// The op is not linear in its partial operands: why.
    NotLinear(String),
    /// Not modelled.
    Unknown,
}

/// The op and its operands as `through` needs them.
pub struct Site<'a> {
    pub op: StablehloOp,
    pub operands: usize,
    /// The indices of the partial operands (the others are whole on the axis).
    pub partial: &'a [usize],
    /// Whether operand i is a constant all of whose elements are zero / one.
    pub zero: &'a dyn Fn(usize) -> bool,
    pub one: &'a dyn Fn(usize) -> bool,
    /// The combiner of a reduce, reduce_window or scatter body, per result,
    /// when it is a monoid the checker knows.
    pub body: Option<Vec<Kind>>,
}

fn not_linear(msg: impl Into<String>) -> Through {
    Through::NotLinear(msg.into())
}

impl Site<'_> {
    fn only(&self, i: usize) -> bool {
        self.partial == [i]
    }
    fn all(&self, is: &[usize]) -> bool {
        is.iter().all(|i| self.partial.contains(i))
    }
    /// Every operand outside `data` is whole, and each whole operand of
    /// `data` is the identity of `k` (or `k` is idempotent).
    fn movement(&self, k: Kind, data: &[usize]) -> Through {
        if self.partial.iter().any(|i| !data.contains(i)) {
            return not_linear("its index or predicate operand is partial");
        }
        let identity = |i: usize| match k {
            Kind::Sum | Kind::Or => (self.zero)(i),
            Kind::Product | Kind::And => (self.one)(i),
            Kind::Max | Kind::Min => false,
        };
        if !k.idempotent() && data.iter().any(|&i| !self.partial.contains(&i) && !identity(i)) {
            return not_linear(format!(
                "it mixes a whole operand into {}-partials, which then counts once per device",
                k.name()
            ));
        }
        Through::Kind(k)
    }
}

fn monotone(k: Kind, increasing: bool) -> Through {
    match (k, increasing) {
        (Kind::Max | Kind::Min, true) => Through::Kind(k),
        (Kind::Max, false) => Through::Kind(Kind::Min),
        (Kind::Min, false) => Through::Kind(Kind::Max),
        _ => not_linear(format!("it is not linear, so it does not commute with a {}", k.name())),
    }
}

/// The kind of the result's partials when the operands `site.partial` are `k`-partial.
pub fn through(site: &Site<'_>, k: Kind) -> Through {
    use StablehloOp as S;
    let n = site.operands;
    let all: Vec<usize> = (0..n).collect();
    match site.op {
        // Data movement over every operand.
        S::Reshape
        | S::Transpose
        | S::Broadcast
        | S::BroadcastInDim
        | S::Slice
        | S::Reverse
        | S::Concatenate
        | S::Tuple
        | S::GetTupleElement
        | S::OptimizationBarrier => site.movement(k, &all),
        // Data movement over the first operand(s); the rest index it.
        S::DynamicSlice | S::Gather | S::DynamicGather | S::TorchIndexSelect => site.movement(k, &[0]),
        S::Pad => site.movement(k, &[0, 1]),
        S::DynamicUpdateSlice => site.movement(k, &[0, 1]),
        S::Select => site.movement(k, &[1, 2]),
        S::Real | S::Imag if k == Kind::Sum => Through::Kind(k),
        S::Complex if k == Kind::Sum && site.all(&[0, 1]) => Through::Kind(k),
        S::Convert => Through::Kind(k),
        S::Negate => match k {
            Kind::Sum => Through::Kind(k),
            _ => monotone(k, false),
        },
        S::Not => match k {
            Kind::And => Through::Kind(Kind::Or),
            Kind::Or => Through::Kind(Kind::And),
            _ => not_linear(format!("it does not commute with a {}", k.name())),
        },
        S::Exponential
        | S::ExponentialMinusOne
        | S::Log
        | S::LogPlusOne
        | S::Logistic
        | S::Tanh
        | S::Sqrt
        | S::Cbrt
        | S::Floor
        | S::Ceil
        | S::RoundNearestAfz
        | S::RoundNearestEven
        | S::Sign
        | S::ReducePrecision => monotone(k, true),
        S::Rsqrt => monotone(k, false),
        S::Abs
        | S::Cosine
        | S::Sine
        | S::Tan
        | S::CountLeadingZeros
        | S::Popcnt
        | S::IsFinite
        | S::BitcastConvert
        | S::Atan2
        | S::Power
        | S::Remainder
        | S::ShiftLeft
        | S::ShiftRightArithmetic
        | S::ShiftRightLogical
        | S::Xor
        | S::Compare
        | S::Sort
        | S::UniformQuantize
        | S::UniformDequantize
        | S::Real
        | S::Imag
        | S::Complex => not_linear(format!("it does not commute with a {}", k.name())),
        S::Add => match k {
            Kind::Sum if site.all(&[0, 1]) => Through::Kind(k),
            Kind::Sum => site.movement(k, &[0, 1]),
            Kind::Max | Kind::Min if site.partial.len() == 1 => Through::Kind(k),
            Kind::Or if site.all(&[0, 1]) => Through::Kind(k),
            _ => not_linear(format!("a sum of two {}-partials is not their {}", k.name(), k.name())),
        },
        S::Subtract => match k {
            Kind::Sum if site.all(&[0, 1]) => Through::Kind(k),
            Kind::Sum => site.movement(k, &[0, 1]),
            Kind::Max | Kind::Min if site.only(0) => Through::Kind(k),
            Kind::Max | Kind::Min if site.only(1) => monotone(k, false),
            _ => not_linear(format!("a difference of two {}-partials is not their {}", k.name(), k.name())),
        },
        S::Multiply => match k {
            Kind::Sum if site.partial.len() == 1 => Through::Kind(k),
            Kind::Product if site.all(&[0, 1]) => Through::Kind(k),
            Kind::And if site.partial.len() == 1 || site.all(&[0, 1]) => Through::Kind(k),
            Kind::Or if site.partial.len() == 1 => Through::Kind(k),
            Kind::Sum => not_linear("a product of two sum-partials is not the sum of their products"),
            _ => not_linear(format!("a product does not commute with a {} (the sign of the factor decides)", k.name())),
        },
        S::Divide => match k {
            Kind::Sum if site.only(0) => Through::Kind(k),
            Kind::Product if site.all(&[0, 1]) => Through::Kind(k),
            _ => not_linear(format!("a quotient does not commute with a {}", k.name())),
        },
        S::Maximum => match k {
            Kind::Max | Kind::Or => Through::Kind(k),
            _ => not_linear(format!("a maximum of {}-partials is not the {} of their maxima", k.name(), k.name())),
        },
        S::Minimum => match k {
            Kind::Min | Kind::And => Through::Kind(k),
            _ => not_linear(format!("a minimum of {}-partials is not the {} of their minima", k.name(), k.name())),
        },
        S::And => match k {
            Kind::And | Kind::Min => Through::Kind(k),
            Kind::Or | Kind::Max if site.partial.len() == 1 => Through::Kind(k),
            _ => not_linear(format!("an and does not commute with a {}", k.name())),
        },
        S::Or => match k {
            Kind::Or | Kind::Max => Through::Kind(k),
            Kind::And | Kind::Min if site.partial.len() == 1 => Through::Kind(k),
            _ => not_linear(format!("an or does not commute with a {}", k.name())),
        },
        S::Clamp => match k {
            Kind::Max | Kind::Min if site.only(1) => Through::Kind(k),
            _ => not_linear(format!("a clamp does not commute with a {}", k.name())),
        },
        S::Dot | S::DotGeneral | S::Convolution | S::Einsum | S::UnaryEinsum | S::DynamicConv => match k {
            Kind::Sum if site.partial.len() == 1 => Through::Kind(k),
            Kind::Sum => not_linear("a contraction of two sum-partials is not the sum of their contractions"),
            _ => not_linear(format!("a contraction (a sum of products) does not commute with a {}", k.name())),
        },
        S::Fft if k == Kind::Sum => Through::Kind(k),
        S::TriangularSolve if k == Kind::Sum && site.only(1) => Through::Kind(k),
        S::Fft | S::TriangularSolve | S::Cholesky | S::BatchNormGrad | S::BatchNormInference | S::BatchNormTraining => {
            not_linear(format!("it does not commute with a {}", k.name()))
        }
        // Reductions: partial inputs with whole init values (the second half of the operands).
        S::Reduce | S::ReduceWindow => reduction(site, k, n / 2),
        // Scatter: inputs, indices, updates.
        S::Scatter => {
            let inputs = n.saturating_sub(1) / 2;
            if site.partial.contains(&inputs) {
                return not_linear("its indices are partial");
            }
            match site.body.as_deref() {
                Some([b, ..]) if *b == k => {
                    let data: Vec<usize> = (0..n).filter(|&i| i != inputs).collect();
                    if !k.idempotent() && !site.all(&data) {
                        return not_linear(format!(
                            "it combines whole operands with {}-partials, which then count once per device",
                            k.name()
                        ));
                    }
                    Through::Kind(k)
                }
                Some(_) => not_linear(format!("its update body does not combine with a {}", k.name())),
                None => Through::Unknown,
            }
        }
        S::SelectAndScatter | S::Map => Through::Unknown,
        // Ops that produce values of their own or that the checker does not follow.
        S::Constant
        | S::Iota
        | S::DynamicIota
        | S::DynamicBroadcastInDim
        | S::DynamicReshape
        | S::RealDynamicSlice
        | S::DynamicPad
        | S::GetDimensionSize
        | S::SetDimensionSize
        | S::Rng
        | S::RngBitGenerator
        | S::While
        | S::If
        | S::Case
        | S::Return
        | S::Composite
        | S::CustomCall
        | S::CreateToken
        | S::AfterAll
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
        | S::PartitionId
        | S::ReplicaId
        | S::AsyncStart
        | S::AsyncDone => Through::Unknown,
    }
}

/// A reduce or reduce_window with `inputs` inputs followed by as many init values.
fn reduction(site: &Site<'_>, k: Kind, inputs: usize) -> Through {
    if site.partial.iter().any(|&i| i >= inputs) {
        return not_linear("its init value is partial");
    }
    let Some(body) = site.body.as_deref() else { return Through::Unknown };
    for &i in site.partial {
        let Some(&b) = body.get(i) else { return Through::Unknown };
        if b != k {
            return not_linear(format!(
                "a {}-reduction of {}-partials is not the {} of per-device {}-reductions",
                b.name(),
                k.name(),
                k.name(),
                b.name()
            ));
        }
        let init = inputs + i;
        let identity = match k {
            Kind::Sum | Kind::Or => (site.zero)(init),
            Kind::Product | Kind::And => (site.one)(init),
            Kind::Max | Kind::Min => true,
        };
        if !identity {
            return not_linear(format!(
                "its init value is not the identity of the {}, so each device adds it once",
                k.name()
            ));
        }
    }
    Through::Kind(k)
}
