//! Fuzz target `passes`: bytes → parse → verify, then, on a clean module,
//! every sdy import pass (each on its own copy of the module, then the
//! whole import pipeline), each followed by a verification as in `sdy_opt`.
//! Whatever the input, a pass returns diagnostics (possibly none) that
//! render against the source, and never panics or hangs.
//!
//! Mutations are the structure-aware ones of `mutate.rs`, so that inputs
//! keep parsing and verifying and reach the passes.

#![no_main]

#[path = "mutate.rs"]
#[allow(dead_code)]
mod mutate;

use libfuzzer_sys::{fuzz_mutator, fuzz_target, fuzzer_mutate};
use shardref_passes::{Pass, PassKind, PassState, run_pass};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(m) = shardref_spec::parse("fuzz.mlir", text) else { return };
    if !shardref_verifier::verify(&m).is_empty() {
        return;
    }
    let mut state = PassState::default();
    for kind in PassKind::ALL {
        let mut copy = m.clone();
        let mut pass = Pass::new(kind);
        // The pipeline's option adds the last two passes.
        pass.options.iter_mut().for_each(|o| o.1 = !o.1);
        for p in [Pass::new(kind), pass] {
            let outcome = run_pass(&mut copy, &p, &mut state);
            let failed = outcome.failed();
            let mut diagnostics = outcome.diagnostics;
            if !failed {
                diagnostics.extend(shardref_verifier::verify(&copy));
                let _ = shardref_spec::print::print_module(&copy, Default::default());
            }
            if let Some(source) = &m.source {
                let _ = shardref_spec::diag::render(source, &diagnostics);
            }
            copy = m.clone();
        }
    }
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    mutate::mutate_input(data, size, max_size, seed, fuzzer_mutate)
});
