//! Fuzz target `verify`: bytes → parse → verify (the sdy import passes have
//! their own target, `passes`). Whatever the input, the verifier
//! returns diagnostics (possibly none) that render against the source, and
//! never panics or hangs.
//!
//! Mutations are structure-aware (`mutate.rs`): most rewrite the mesh axes,
//! sizes, sharding dimensions and tensor ranks of the text, so inputs keep
//! parsing and reach the rules; the rest are libFuzzer's byte mutations.

#![no_main]

#[path = "mutate.rs"]
#[allow(dead_code)]
mod mutate;

use libfuzzer_sys::{fuzz_mutator, fuzz_target, fuzzer_mutate};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(m) = shardref_spec::parse("fuzz.mlir", text) else { return };
    let diagnostics = shardref_verifier::verify(&m);
    // Every diagnostic renders against the source without panicking.
    if let Some(source) = &m.source {
        let _ = shardref_spec::diag::render(source, &diagnostics);
    }
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    mutate::mutate_input(data, size, max_size, seed, fuzzer_mutate)
});
