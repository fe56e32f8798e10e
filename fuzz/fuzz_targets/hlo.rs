//! Fuzz target `hlo`: bytes → HLO parse → print → parse → print, then verify.
//!
//! Whatever the input, HLO parsing returns a module or a located error, never a panic, a hang or a
//! stack overflow. When it returns a module, printing it gives HLO text that parses to an equal
//! module and prints identically, and the HLO verifier returns (diagnostics or none) without
//! panicking.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(m) = shardref_spec::hlo::parse("fuzz.hlo", text) else { return };
    let printed = shardref_spec::hlo::print::print(&m);
    let m2 = match shardref_spec::hlo::parse("printed.hlo", &printed) {
        Ok(m2) => m2,
        Err(r) => panic!("printed form does not parse:\n{r}\n--- printed:\n{printed}"),
    };
    if let Err(e) = shardref_spec::eq::modules_equal(&m, &m2) {
        panic!("reparsed module differs: {e}\n--- printed:\n{printed}");
    }
    assert_eq!(printed, shardref_spec::hlo::print::print(&m2), "print is not a fixpoint");
    let _ = shardref_verifier::hlo::verify(&m);
});
