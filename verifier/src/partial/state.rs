//! The state lattice of the partial-state checker: what one value is along
//! one (sub-)axis of its mesh, and the per-value map from (sub-)axes to states.
//!
//! `AxisState` (docs/PARTIAL_STATES.md draws the lattice):
//! - `Replicated`: every device along the axis holds the same value, which is
//!   the global value (the bottom of the lattice, and the state of every axis
//!   a value's map does not name);
//! - `Reduced(op)`: replicated because collective `op` combined partials over
//!   the axis (a second combination would count them again);
//! - `Sharded(d)`: each device holds its block of dimension `d`;
//! - `Partial(kind, op)`: the global value is the `kind`-combination of what
//!   the devices along the axis hold (Shardy's *unreduced* axes); `op` made
//!   the partials;
//! - `Varying(op)`: the devices hold different values with no global reading
//!   (a device id, a per-device random key, a shifted block), since `op`;
//! - `Unknown`: the checker cannot tell (the top); no finding is ever drawn
//!   from it, so that what the checker does not model never becomes a false
//!   finding.
//!
//! Joins (control flow): equal states (origins aside) stay, `Replicated` and
//! `Reduced` join to `Replicated`, anything else to `Unknown`.
//!
//! A `ValState` maps disjoint (sub-)axes to non-replicated states. Sub-axes
//! are `AxisPart`s (`"x":(pre)size` covers the digits `[pre, pre·size)` of
//! axis x on its multiplicative scale): reading or writing a part splits the
//! entries it cuts, and adjacent parts of one axis in equal states merge, so
//! an axis whose sub-axes were all reduced (in any order) reads as reduced
//! once, and a part left partial is named exactly.
//!
//! Invariant: the parts of one axis in a map never overlap; `Replicated` is
//! never stored.

use imbl::OrdMap;
use shardref_interp::devices::mesh::AxisPart;
use shardref_spec::ir::OpId;
use shardref_spec::ir::sdy::ReductionKind;

/// How partials combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Sum,
    Max,
    Min,
    And,
    Or,
    Product,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Sum => "sum",
            Kind::Max => "max",
            Kind::Min => "min",
            Kind::And => "and",
            Kind::Or => "or",
            Kind::Product => "product",
        }
    }

    /// Combining a value with itself gives it back: a replicated operand
    /// mixed into such partials, or a second reduction, changes nothing.
    pub fn idempotent(self) -> bool {
        match self {
            Kind::Max | Kind::Min | Kind::And | Kind::Or => true,
            Kind::Sum | Kind::Product => false,
        }
    }

    pub fn of_reduction(k: ReductionKind) -> Kind {
        match k {
            ReductionKind::Sum => Kind::Sum,
            ReductionKind::Max => Kind::Max,
            ReductionKind::Min => Kind::Min,
        }
    }

    /// Whether a collective combining with `by` completes partials of kind
    /// `self`. On booleans a sum (an `add` on i1), a max and an `or` are one
    /// monoid, and so are a min, a product and an `and`.
    pub fn completed_by(self, by: Kind, boolean: bool) -> bool {
        let class = |k: Kind| match k {
            Kind::Sum | Kind::Max | Kind::Or => Kind::Or,
            Kind::Min | Kind::And | Kind::Product => Kind::And,
        };
        self == by || (boolean && class(self) == class(by))
    }
}

/// What a value is along one (sub-)axis (see the module header).
#[derive(Clone, Copy, Debug)]
pub enum AxisState {
    Replicated,
    Reduced(OpId),
    Sharded(usize),
    Partial(Kind, OpId),
    Varying(OpId),
    Unknown,
}

impl PartialEq for AxisState {
    /// Equality up to origins: the lattice's order ignores which op made a state.
    fn eq(&self, other: &AxisState) -> bool {
        match (self, other) {
            (AxisState::Replicated, AxisState::Replicated)
            | (AxisState::Reduced(_), AxisState::Reduced(_))
            | (AxisState::Varying(_), AxisState::Varying(_))
            | (AxisState::Unknown, AxisState::Unknown) => true,
            (AxisState::Sharded(a), AxisState::Sharded(b)) => a == b,
            (AxisState::Partial(a, _), AxisState::Partial(b, _)) => a == b,
            _ => false,
        }
    }
}

impl AxisState {
    /// The least upper bound.
    pub fn join(self, other: AxisState) -> AxisState {
        match (self, other) {
            (a, b) if a == b => a,
            (AxisState::Replicated | AxisState::Reduced(_), AxisState::Replicated | AxisState::Reduced(_)) => {
                AxisState::Replicated
            }
            _ => AxisState::Unknown,
        }
    }

    /// Replicated or reduced: every device holds the global value.
    pub fn is_whole(self) -> bool {
        matches!(self, AxisState::Replicated | AxisState::Reduced(_))
    }
}

/// A (sub-)axis as a map key: (axis index, pre-size, size).
pub type Key = (usize, usize, usize);

pub fn key(x: AxisPart) -> Key {
    (x.axis, x.pre, x.size)
}

pub fn part(k: Key) -> AxisPart {
    AxisPart { axis: k.0, pre: k.1, size: k.2 }
}

/// The states of one value along every (sub-)axis of its mesh.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValState {
    pub parts: OrdMap<Key, AxisState>,
    /// Every axis is `Unknown` (a value on another mesh, or of an op the checker does not follow).
    pub opaque: bool,
}

impl ValState {
    pub fn replicated() -> ValState {
        ValState::default()
    }

    pub fn opaque() -> ValState {
        ValState { parts: OrdMap::new(), opaque: true }
    }

    /// The non-replicated entries.
    pub fn entries(&self) -> Vec<(AxisPart, AxisState)> {
        self.parts.iter().map(|(k, s)| (part(*k), *s)).collect()
    }

    /// The states covering `x`: the entries overlapping it cut to it, and
    /// `Replicated` for the rest. `None` when an entry's boundary does not
    /// nest with `x`'s (no common refinement).
    pub fn read(&self, x: AxisPart) -> Option<Vec<(AxisPart, AxisState)>> {
        if self.opaque {
            return Some(vec![(x, AxisState::Unknown)]);
        }
        let (lo, hi) = (x.pre, x.pre * x.size);
        let mut out = vec![];
        let mut at = lo;
        for (k, s) in self.parts.iter().filter(|(k, _)| k.0 == x.axis) {
            let (a, b) = (k.1, k.1 * k.2);
            if b <= lo || a >= hi {
                continue;
            }
            let (from, to) = (a.max(lo), b.min(hi));
            if from > at {
                out.push((sub(x.axis, at, from)?, AxisState::Replicated));
            }
            out.push((sub(x.axis, from, to)?, *s));
            at = to;
        }
        if at < hi {
            out.push((sub(x.axis, at, hi)?, AxisState::Replicated));
        }
        Some(out)
    }

    /// The one state of `x`, when its pieces agree (else `Unknown`).
    pub fn state(&self, x: AxisPart) -> AxisState {
        match self.read(x) {
            Some(v) => v.iter().map(|p| p.1).reduce(AxisState::join).unwrap_or(AxisState::Replicated),
            None => AxisState::Unknown,
        }
    }

    /// Sets `x` to `s`, cutting the entries it overlaps.
    pub fn set(&mut self, x: AxisPart, s: AxisState) {
        if self.opaque {
            return;
        }
        let (lo, hi) = (x.pre, x.pre * x.size);
        let cut: Vec<(Key, AxisState)> = self
            .parts
            .iter()
            .filter(|(k, _)| k.0 == x.axis && k.1 < hi && k.1 * k.2 > lo)
            .map(|(k, s)| (*k, *s))
            .collect();
        for (k, old) in cut {
            self.parts.remove(&k);
            let (a, b) = (k.1, k.1 * k.2);
            for (from, to) in [(a, lo), (hi, b)] {
                if from < to {
                    match sub(x.axis, from, to) {
                        Some(p) => {
                            self.parts.insert(key(p), old);
                        }
                        None => {
                            self.parts.insert(key(x), AxisState::Unknown);
                            return;
                        }
                    }
                }
            }
        }
        if !matches!(s, AxisState::Replicated) {
            self.parts.insert(key(x), s);
        }
        self.merge(x.axis);
    }

    /// Merges adjacent parts of `axis` in equal states.
    fn merge(&mut self, axis: usize) {
        loop {
            let v: Vec<(Key, AxisState)> =
                self.parts.iter().filter(|(k, _)| k.0 == axis).map(|(k, s)| (*k, *s)).collect();
            let Some(w) = v.windows(2).find(|w| w[0].0.1 * w[0].0.2 == w[1].0.1 && w[0].1 == w[1].1) else {
                return;
            };
            let (a, b) = (w[0].0, w[1].0);
            self.parts.remove(&a);
            self.parts.remove(&b);
            self.parts.insert((axis, a.1, a.2 * b.2), w[0].1);
        }
    }

    /// The pointwise join.
    pub fn join(&self, other: &ValState) -> ValState {
        if self.opaque || other.opaque {
            return ValState::opaque();
        }
        let mut out = self.clone();
        let keys: Vec<Key> = self.parts.keys().chain(other.parts.keys()).copied().collect();
        for k in keys {
            let x = part(k);
            let (Some(a), Some(b)) = (self.read(x), other.read(x)) else {
                out.set(x, AxisState::Unknown);
                continue;
            };
            // Read both at the finer of the two cuts.
            for (p, s) in a {
                let t = other.state(p);
                out.set(p, s.join(t));
            }
            for (p, s) in b {
                let t = self.state(p);
                out.set(p, t.join(s));
            }
        }
        out
    }
}

/// The part of `axis` covering the digits `[from, to)`, if `from` divides `to`.
fn sub(axis: usize, from: usize, to: usize) -> Option<AxisPart> {
    (from > 0 && to.is_multiple_of(from)).then(|| AxisPart { axis, pre: from, size: to / from })
}

/// The common refinement of the parts of one value's or several values'
/// maps: per axis every boundary any of them uses, as parts; `None` per axis
/// whose boundaries do not nest is reported as a whole-axis part.
pub fn refinement<'a>(states: impl IntoIterator<Item = &'a ValState>, sizes: &[usize]) -> Vec<AxisPart> {
    let mut cuts: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for s in states {
        for k in s.parts.keys() {
            let c = cuts.entry(k.0).or_default();
            c.push(k.1);
            c.push(k.1 * k.2);
        }
    }
    let mut out = vec![];
    for (axis, mut c) in cuts {
        let n = sizes.get(axis).copied().unwrap_or(1);
        c.push(1);
        c.push(n);
        c.sort_unstable();
        c.dedup();
        if c.windows(2).all(|w| w[1].is_multiple_of(w[0])) {
            out.extend(c.windows(2).filter_map(|w| sub(axis, w[0], w[1])));
        } else {
            out.push(AxisPart { axis, pre: 1, size: n });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(axis: usize, pre: usize, size: usize) -> AxisPart {
        AxisPart { axis, pre, size }
    }

    #[test]
    fn reducing_every_sub_axis_in_any_order_reduces_the_axis_once() {
        let op = OpId(1);
        for order in [[p(0, 1, 2), p(0, 2, 2)], [p(0, 2, 2), p(0, 1, 2)]] {
            let mut v = ValState::replicated();
            v.set(p(0, 1, 4), AxisState::Partial(Kind::Sum, op));
            v.set(order[0], AxisState::Reduced(op));
            assert_eq!(v.state(order[1]), AxisState::Partial(Kind::Sum, op));
            v.set(order[1], AxisState::Reduced(op));
            assert_eq!(v.entries(), vec![(p(0, 1, 4), AxisState::Reduced(op))]);
        }
    }

    #[test]
    fn a_sub_axis_left_partial_is_named_exactly() {
        let op = OpId(1);
        let mut v = ValState::replicated();
        v.set(p(0, 1, 8), AxisState::Partial(Kind::Max, op));
        v.set(p(0, 1, 2), AxisState::Reduced(op));
        let parts: Vec<AxisPart> = v.entries().into_iter().map(|e| e.0).collect();
        assert_eq!(parts, vec![p(0, 1, 2), p(0, 2, 4)]);
    }

    #[test]
    fn joins_follow_the_lattice() {
        let op = OpId(1);
        assert_eq!(AxisState::Replicated.join(AxisState::Reduced(op)), AxisState::Replicated);
        assert_eq!(
            AxisState::Partial(Kind::Sum, op).join(AxisState::Partial(Kind::Sum, OpId(2))),
            AxisState::Partial(Kind::Sum, op)
        );
        assert_eq!(AxisState::Partial(Kind::Sum, op).join(AxisState::Partial(Kind::Max, op)), AxisState::Unknown);
        assert_eq!(AxisState::Sharded(0).join(AxisState::Replicated), AxisState::Unknown);
    }
}
