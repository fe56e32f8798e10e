//! Interpreter errors, kept apart from what the program itself did.
//!
//! A program that runs to completion returns an `Outcome`, even when its check
//! ops fail: that is the program's behaviour. An `InterpError` means the run
//! could not go on, and says why in one of four categories, at the op's span.
//! Two causes travel typed beside the message, for callers that act on them:
//! a disagreement between replicas (`ReplicaMismatch`) and a strict sharded
//! run's refusal of an op (`Refusal`: the communication it would need). Callers
//! match those types, never the message's text (`cli/tests/typed_refusals.rs`).

use std::fmt;

use shardref_spec::ir::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The program did something the semantics leave undefined or forbid at
    /// run time (an out-of-range tuple index from data, a mismatched collective).
    Trap,
    /// Something the verifier should have rejected (ill-typed op, missing attribute).
    InvalidProgram,
    /// A construct shardref does not implement (a custom_call target it does not know).
    Unsupported,
    /// Fuel, memory budget, call depth, or a deadlock.
    ResourceExhausted,
}

impl ErrorKind {
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Trap => "program trap",
            ErrorKind::InvalidProgram => "invalid program",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::ResourceExhausted => "resources exhausted",
        }
    }
    /// The kind as a diagnostic code (`Diagnostic::code`).
    pub fn code(self) -> &'static str {
        match self {
            ErrorKind::Trap => "trap",
            ErrorKind::InvalidProgram => "invalid_program",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::ResourceExhausted => "resource_exhausted",
        }
    }
}

/// Replicas of a value that must agree across devices hold different elements:
/// what the value is, the first differing element's global index, and each
/// device (by device id) with its value. Carried by the trap that reports it, so
/// that `equiv` can give it as a verdict naming the devices.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplicaMismatch {
    pub what: String,
    pub index: Vec<usize>,
    pub devices: Vec<i64>,
    pub values: Vec<String>,
}

/// What communication a refused op would need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Elements the op needs are held by other devices, or held in another layout than the
    /// program declares: a reshard (all-gather, all-to-all, collective-permute).
    Reshard,
    /// Elements just outside a device's block, which a position-dependent op's window reads:
    /// a halo exchange.
    Halo,
    /// Partial results that must be summed before the op may use them: a missing
    /// `sdy.all_reduce`.
    AllReduce,
}

/// Which value of the refused op the communication concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefusedValue {
    Operand(usize),
    Result(usize),
    /// A value the op's regions use from outside the op.
    Captured,
    /// A value held against a declared sharding (a function's argument or result, a
    /// sharding constraint's operand), described as the message describes it.
    Held(String),
}

/// A strict sharded run's refusal of an op (issue #30): the program would need communication
/// it does not perform (an implicit reshard, halo exchange or all-reduce). Every refusal carries
/// one, so that `equiv` and the difftest engines tell a refusal by this type, never by the
/// message's text; the message stays the prose for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub need: Need,
    /// The op's name (`stablehlo.dot_general`, `sdy.manual_computation`); empty when the value
    /// is held against a declaration rather than used by an op.
    pub op: String,
    pub value: RefusedValue,
    /// The dimension of the value, when one is at fault.
    pub dim: Option<usize>,
    /// The sdy factor (its symbol, `i`, `j`, ...) when the decision was made per factor.
    pub factor: Option<String>,
    /// The mesh axes involved, in sdy syntax (`"x"`, `"x", "y":(1)2`).
    pub axes: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InterpError {
    pub kind: ErrorKind,
    pub span: Span,
    pub message: String,
    /// Set when the error is a disagreement between replicas (`ReplicaMismatch`).
    pub mismatch: Option<Box<ReplicaMismatch>>,
    /// Set when the error is a strict sharded run's refusal of an op (`Refusal`).
    pub refusal: Option<Box<Refusal>>,
}

impl InterpError {
    pub fn new(kind: ErrorKind, span: Span, message: impl Into<String>) -> InterpError {
        InterpError { kind, span, message: message.into(), mismatch: None, refusal: None }
    }
    /// A strict sharded run's refusal: a trap (the program, as partitioned, cannot run without
    /// communication it does not perform) that carries its typed cause.
    pub fn refused(span: Span, refusal: Refusal, message: impl Into<String>) -> InterpError {
        let mut e = InterpError::trap(span, message);
        e.refusal = Some(Box::new(refusal));
        e
    }
    /// Attaches the replicas' disagreement this error reports.
    pub fn with_mismatch(mut self, m: ReplicaMismatch) -> InterpError {
        self.mismatch = Some(Box::new(m));
        self
    }
    pub fn invalid(span: Span, message: impl Into<String>) -> InterpError {
        InterpError::new(ErrorKind::InvalidProgram, span, message)
    }
    pub fn unsupported(span: Span, message: impl Into<String>) -> InterpError {
        InterpError::new(ErrorKind::Unsupported, span, message)
    }
    pub fn trap(span: Span, message: impl Into<String>) -> InterpError {
        InterpError::new(ErrorKind::Trap, span, message)
    }
    pub fn exhausted(span: Span, message: impl Into<String>) -> InterpError {
        InterpError::new(ErrorKind::ResourceExhausted, span, message)
    }
    /// Attaches a span when the error was raised by a kernel that had none.
    pub fn at(mut self, span: Span) -> InterpError {
        if self.span.is_none() {
            self.span = span;
        }
        self
    }
    /// As an MLIR-style diagnostic, for rendering against the program's source.
    pub fn to_diagnostic(&self) -> shardref_spec::Diagnostic {
        shardref_spec::Diagnostic::error(self.span, format!("{}: {}", self.kind.name(), self.message))
            .with_code(self.kind.code())
    }
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.message)
    }
}

impl std::error::Error for InterpError {}

pub type IResult<T> = Result<T, InterpError>;

/// Shorthand for an error without a span yet (kernels); `eval` attaches the op's span.
pub fn invalid<T>(message: impl Into<String>) -> IResult<T> {
    Err(InterpError::invalid(Span::NONE, message))
}

pub fn unsupported<T>(message: impl Into<String>) -> IResult<T> {
    Err(InterpError::unsupported(Span::NONE, message))
}

pub fn trap<T>(message: impl Into<String>) -> IResult<T> {
    Err(InterpError::trap(Span::NONE, message))
}
