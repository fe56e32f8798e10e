//! Judging the outcomes of several engines on one program.
//!
//! The reference is the first engine (in `--engines` order) that ran. Every
//! other engine must then run too and give results of the same types whose
//! elements agree: bitwise when both engines compare bitwise, numerically
//! exactly otherwise (`equiv`'s comparison with zero tolerances: NaN equals
//! NaN, -0.0 equals 0.0). A crash is always a disagreement; a rejection is
//! one when another engine ran the program; skips are ignored. When no
//! engine ran, every engine that did not skip must have rejected it (the
//! program is invalid for all of them), else the first rejection is
//! reported against the first engine that did something else.
//!
//! A disagreement has a signature (`signature`) that names its kind, the two
//! engines and, for crashes and rejections, the message with numbers, names
//! and locations blanked, so that the same upstream problem is recognised in
//! another program.

use shardref_interp::check::index_of;
use shardref_spec::ir::Type;
use shardref_verifier::equiv::compare::{Tolerance, element_string, first_difference, shape_mismatch};

use crate::engines::{Engine, Outcome};

/// What kind of disagreement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Both ran; results differ (element values, counts or types).
    Differ,
    /// One engine crashed.
    Crash,
    /// One engine rejected what another ran.
    Reject,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Differ => "differ",
            Kind::Crash => "crash",
            Kind::Reject => "reject",
        }
    }
}

/// The first differing element of a result.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    pub result: usize,
    pub index: Vec<usize>,
    pub reference: String,
    pub other: String,
    /// Device ids holding the element in each engine's result (empty: unknown or global).
    pub reference_devices: Vec<i64>,
    pub other_devices: Vec<i64>,
}

/// Two engines disagreeing on one program.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    pub kind: Kind,
    /// The reference engine (or the engine that ran when another crashed/rejected).
    pub reference: String,
    /// The engine that differs, crashed or rejected.
    pub other: String,
    /// One line: what happened.
    pub summary: String,
    /// The first differing element, for `Differ` on values.
    pub element: Option<Element>,
}

impl Disagreement {
    /// The signature: kind, engines, and the blanked message of a crash or rejection.
    pub fn signature(&self) -> String {
        match self.kind {
            Kind::Differ => format!("differ:{}/{}", self.reference, self.other),
            Kind::Crash | Kind::Reject => {
                format!("{}:{}:{}", self.kind.name(), self.other, blank(&self.summary))
            }
        }
    }
}

/// The judgement of one program.
#[derive(Clone, Debug, PartialEq)]
pub enum Judgement {
    /// Every engine that did not skip agrees (`ran`: how many ran).
    Agree {
        ran: usize,
    },
    /// No engine applied.
    AllSkipped,
    Disagree(Disagreement),
}

/// Compares the outcomes of `engines` (same order).
pub fn judge(engines: &[&dyn Engine], outcomes: &[Outcome]) -> Judgement {
    let named: Vec<(&dyn Engine, &Outcome)> = engines.iter().copied().zip(outcomes).collect();
    if let Some((e, o)) = named.iter().find(|(_, o)| matches!(o, Outcome::Crashed(_))) {
        let reference = named.iter().find(|(_, o)| matches!(o, Outcome::Ran(_))).map_or("none", |(r, _)| r.name());
        return Judgement::Disagree(Disagreement {
            kind: Kind::Crash,
            reference: reference.to_string(),
            other: e.name().to_string(),
            summary: first_line(o.message().unwrap_or("")),
            element: None,
        });
    }
    let Some(&(reference, Outcome::Ran(expected))) = named.iter().find(|(_, o)| matches!(o, Outcome::Ran(_))) else {
        // Nobody ran: rejections all round agree.
        let rejected = named.iter().filter(|(_, o)| matches!(o, Outcome::Rejected(_))).count();
        return if rejected == 0 { Judgement::AllSkipped } else { Judgement::Agree { ran: 0 } };
    };
    let mut ran = 1;
    for &(e, o) in &named {
        if std::ptr::addr_eq(e, reference) {
            continue;
        }
        match o {
            Outcome::Skipped(_) => {}
            Outcome::Crashed(_) => {}
            Outcome::Rejected(msg) => {
                return Judgement::Disagree(Disagreement {
                    kind: Kind::Reject,
                    reference: reference.name().to_string(),
                    other: e.name().to_string(),
                    summary: first_line(msg),
                    element: None,
                });
            }
            Outcome::Ran(got) => {
                ran += 1;
                let tol =
                    if reference.bitwise() && e.bitwise() { None } else { Some(Tolerance { rtol: 0.0, atol: 0.0 }) };
                let differ = |summary: String, element: Option<Element>| {
                    Judgement::Disagree(Disagreement {
                        kind: Kind::Differ,
                        reference: reference.name().to_string(),
                        other: e.name().to_string(),
                        summary,
                        element,
                    })
                };
                if got.len() != expected.len() {
                    return differ(format!("{} results vs {}", expected.len(), got.len()), None);
                }
                for (i, (x, y)) in expected.iter().zip(got).enumerate() {
                    if shape_mismatch(&x.value, &y.value) {
                        let (a, b) = (Type::Tensor(x.value.ty()), Type::Tensor(y.value.ty()));
                        return differ(format!("result {i}: {a} vs {b}"), None);
                    }
                    if let Some(k) = first_difference(&y.value, &x.value, tol) {
                        let index = index_of(&x.value.shape, k);
                        let el = Element {
                            result: i,
                            reference: element_string(&x.value, k),
                            other: element_string(&y.value, k),
                            reference_devices: x.holders(&index),
                            other_devices: y.holders(&index),
                            index,
                        };
                        return differ(
                            format!(
                                "result {i} at {:?}: {} on {} vs {} on {}",
                                el.index,
                                el.reference,
                                reference.name(),
                                el.other,
                                e.name()
                            ),
                            Some(el),
                        );
                    }
                }
            }
        }
    }
    Judgement::Agree { ran }
}

/// The first line of a message.
pub fn first_line(s: &str) -> String {
    s.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("").to_string()
}

/// A message with what varies between programs blanked: locations, numbers,
/// SSA and symbol names, quoted names and types' shapes.
pub fn blank(msg: &str) -> String {
    let msg = first_line(msg);
    // Drop a leading `file:line:col:` location.
    let msg = match msg.find(": error: ") {
        Some(i) => &msg[i + 2..],
        None => &msg[..],
    };
    let mut out = String::with_capacity(msg.len());
    let mut chars = msg.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '0'..='9' => {
                while chars.peek().is_some_and(|c| c.is_ascii_digit()) {
                    chars.next();
                }
                out.push('N');
            }
            '%' | '@' => {
                out.push(c);
                while chars.peek().is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '#') {
                    chars.next();
                }
                out.push('v');
            }
            '"' => {
                for d in chars.by_ref() {
                    if d == '"' {
                        break;
                    }
                }
                out.push_str("\"_\"");
            }
            _ => out.push(c),
        }
    }
    // Shapes such as NxNxf32 read the same whatever their rank.
    let mut s = out;
    while s.contains("NxN") {
        s = s.replace("NxN", "N");
    }
    s.chars().take(160).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanking_keeps_the_words_and_drops_what_varies() {
        assert_eq!(
            blank("prog.mlir:3:7: error: 'sdy.all_gather' op axis \"x\" of size 4 in tensor<8x4xf32> at %v12"),
            "error: 'sdy.all_gather' op axis \"_\" of size N in tensor<NxfN> at %v"
        );
    }
}
