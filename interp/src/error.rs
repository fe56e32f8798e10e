//! Interpreter errors, kept apart from what the program itself did.
//!
//! A program that runs to completion returns an `Outcome`, even when its check
//! ops fail: that is the program's behaviour. An `InterpError` means the run
//! could not go on, and says why in one of four categories, at the op's span.

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

#[derive(Clone, Debug, PartialEq)]
pub struct InterpError {
    pub kind: ErrorKind,
    pub span: Span,
    pub message: String,
    /// Set when the error is a disagreement between replicas (`ReplicaMismatch`).
    pub mismatch: Option<Box<ReplicaMismatch>>,
}

impl InterpError {
    pub fn new(kind: ErrorKind, span: Span, message: impl Into<String>) -> InterpError {
        InterpError { kind, span, message: message.into(), mismatch: None }
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
