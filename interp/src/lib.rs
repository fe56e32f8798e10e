//! shardref-interp: the executable reference semantics of StableHLO, sdy and
//! mpmd programs over simulated devices (issues #3 and #5).
//!
//! Invariant: depends on `shardref-spec` only; never on the verifier.
