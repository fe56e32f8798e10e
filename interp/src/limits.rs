//! The limits of a run (fuel, value size, call depth): the bottom layer,
//! shared by the evaluator and the process runtime below it.

/// Limits on a run. Exceeding one is `ResourceExhausted`, never a hang or an abort.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The work budget, in units of one element touched. Every op executed
    /// (every op of every loop iteration and region application) costs the
    /// number of elements of its static result types, at least 1; ops whose
    /// work exceeds their output pay for it before they start (window
    /// positions times window size for `reduce_window` and
    /// `select_and_scatter`, output times contraction for `dot_general`,
    /// output times kernel window for `convolution`, n log n for `sort` and
    /// `fft`, input elements for reductions and collectives). So a run
    /// takes time proportional to its fuel. `u64::MAX` is unlimited.
    pub fuel: u64,
    /// Bytes of any single op's results.
    pub max_value_bytes: u64,
    /// Nested calls.
    pub max_call_depth: usize,
}

impl Limits {
    /// The default work budget: 10^11 element operations (minutes of kernel
    /// work, and far more than any program of the shared corpora or the
    /// benchmarks needs).
    pub const DEFAULT_FUEL: u64 = 100_000_000_000;
}

impl Default for Limits {
    fn default() -> Self {
        Limits { fuel: Limits::DEFAULT_FUEL, max_value_bytes: 8 << 30, max_call_depth: 1000 }
    }
}
