//! Fuzz target `parse`: bytes → parse → print → parse → print.
//!
//! Whatever the input, parsing returns a module or a located error, never a
//! panic, a hang or a stack overflow. When it returns a module, printing it
//! gives text that parses to an equal module and prints identically.
//!
//! Mutations are the structure-aware ones of `mutate.rs` (names, integers, axis groups,
//! sharding lists and shapes rewritten in place), mixed with libFuzzer's byte mutations, so
//! that inputs both keep parsing (reaching the printer) and break the lexer.

#![no_main]

#[path = "mutate.rs"]
#[allow(dead_code)]
mod mutate;

use libfuzzer_sys::{fuzz_mutator, fuzz_target, fuzzer_mutate};
use shardref_spec::print::{PrintOptions, print_module};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(m) = shardref_spec::parse("fuzz.mlir", text) else { return };
    for opts in [PrintOptions::default(), PrintOptions { generic: true, ..Default::default() }] {
        let printed = print_module(&m, opts);
        let m2 = match shardref_spec::parse("printed.mlir", &printed) {
            Ok(m2) => m2,
            Err(r) => panic!("printed form does not parse:\n{r}\n--- printed:\n{printed}"),
        };
        if let Err(e) = shardref_spec::eq::modules_equal(&m, &m2) {
            panic!("reparsed module differs: {e}\n--- printed:\n{printed}");
        }
        assert_eq!(printed, print_module(&m2, opts), "print is not a fixpoint");
    }
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    mutate::mutate_input(data, size, max_size, seed, fuzzer_mutate)
});
