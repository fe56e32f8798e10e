//! Fuzz target `hlo`: bytes → HLO parse → print → parse → print, then verify, then run.
//!
//! Whatever the input, HLO parsing returns a module or a located error, never a panic, a hang or a
//! stack overflow. When it returns a module, printing it gives HLO text that parses to an equal
//! module and prints identically, and the HLO verifier returns (diagnostics or none) without
//! panicking. A module the verifier accepts runs on every device of its grid, on the evaluator's
//! sample inputs, under small limits: it returns values or a located error, never a panic.
//!
//! Mutations are the HLO-aware ones of `mutate.rs` (integers, element types, ranks, opcodes
//! within their arity class, operands, integer lists, shardings, whole lines), mixed with
//! libFuzzer's byte mutations.

#![no_main]

#[path = "mutate.rs"]
#[allow(dead_code)]
mod mutate;

use libfuzzer_sys::{fuzz_mutator, fuzz_target, fuzzer_mutate};

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
    let diagnostics = shardref_verifier::hlo::verify(&m);
    if diagnostics.iter().any(|d| d.severity == shardref_spec::diag::Severity::Error) {
        return;
    }
    let Ok((replicas, partitions)) = shardref_interp::hlo::module_grid(&m) else { return };
    let devices = replicas as usize * partitions as usize;
    if devices > 16 {
        return;
    }
    // The fuel is a budget per process: the run's budget is shared among its devices.
    let limits = shardref_interp::Limits { fuel: TOTAL_FUEL / devices.max(1) as u64, ..LIMITS };
    let Ok(inputs) = shardref_interp::hlo::sample_inputs(&m, limits) else { return };
    let _ = shardref_interp::hlo::run_devices(&m, vec![inputs; devices], limits);
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    mutate::mutate_hlo_input(data, size, max_size, seed, fuzzer_mutate)
});

/// Small enough that every run ends well within a second. The fuel of a run is shared among its
/// devices: a loop whose every iteration meets in a collective costs a rendezvous per device and
/// iteration, which its fuel does not count (4 devices with 2,000,000 units each took 9 s on a
/// `while` whose condition all-reduces; `seeds_hlo/slow_while_all_reduce_until_fuel.hlo`).
const LIMITS: shardref_interp::Limits =
    shardref_interp::Limits { fuel: TOTAL_FUEL, max_value_bytes: 16 << 20, max_call_depth: 64 };
const TOTAL_FUEL: u64 = 500_000;
