//! Fuzz target `verify`: bytes → parse → verify. Whatever the input, the
//! verifier returns diagnostics (possibly none), never panics or hangs.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(m) = shardref_spec::parse("fuzz.mlir", text) else { return };
    let diagnostics = shardref_verifier::verify(&m);
    // Every diagnostic renders against the source without panicking.
    if let Some(source) = &m.source {
        let _ = shardref_spec::diag::render(source, &diagnostics);
    }
});
