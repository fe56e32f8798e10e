//! shardref-verifier: well-formedness rules and the partitioned ==
//! unpartitioned check (issues #4 and #5).
//!
//! Invariant: only `equiv` may call the interpreter.
