//! Fuzz target `run`: bytes → parse → verify, then, on a module that
//! verifies cleanly, the interpreter under small limits. Every top-level
//! function runs on its arguments synthesized as small deterministic tensors
//! (the equivalence checker's seeded draws); when the module declares an
//! `sdy.mesh`, the first global-view sdy function also runs sharded on the
//! mesh's simulated devices, once per `ImplicitReshards` mode. Whatever the
//! input, every run returns values or an error, never a panic, a hang or an
//! abort.
//!
//! Mutations are structure-aware (`mutate.rs`), as for the `verify` target.

#![no_main]

#[path = "mutate.rs"]
#[allow(dead_code)]
mod mutate;

use libfuzzer_sys::{fuzz_mutator, fuzz_target, fuzzer_mutate};
use shardref_interp::Limits;
use shardref_interp::devices::sharded::{ImplicitReshards, ShardedInputs, ShardedOptions, is_global_view, run_sharded};
use shardref_spec::ir::{Attr, Module, Type};
use shardref_spec::ops::{OpKind, OpName, SdyOp};
use shardref_verifier::equiv::erase::{find_func, func_names};
use shardref_verifier::equiv::inputs::{random_inputs, trial_rng};

/// Small limits: a fuzz input must finish in well under libFuzzer's timeout.
/// The fuel is a work budget (elements touched, see `Limits::fuel`), the
/// same as `verifier/tests/crashes.rs` replays crashes with.
const LIMITS: Limits = Limits { fuel: 2_000_000, max_value_bytes: 16 << 20, max_call_depth: 64 };

/// Most elements of all synthesized arguments of one function together.
const MAX_ARG_ELEMENTS: u64 = 1 << 16;

/// The argument types of function `f`, when each is a static tensor type
/// and together they are small enough to synthesize.
fn small_arg_types(m: &Module, name: &str) -> Option<Vec<Type>> {
    let f = find_func(m, name)?;
    let Some(Attr::Type(Type::Function(args, _))) = m.op(f).attrs.get("function_type") else { return None };
    let mut total = 0u64;
    for ty in args {
        let Type::Tensor(tt) = ty else { return None };
        total = total.checked_add(tt.num_elements()?)?;
    }
    (total <= MAX_ARG_ELEMENTS).then(|| args.clone())
}

fn has_mesh(m: &Module) -> bool {
    m.block(m.body()).ops.iter().any(|&op| m.op(op).name == OpName::Known(OpKind::Sdy(SdyOp::Mesh)))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(m) = shardref_spec::parse("fuzz.mlir", text) else { return };
    if !shardref_verifier::verify(&m).is_empty() {
        return;
    }
    let names = func_names(&m);
    for name in &names {
        let Some(types) = small_arg_types(&m, name) else { continue };
        let Ok(args) = random_inputs(&types, &mut trial_rng(0, 0)) else { continue };
        let _ = shardref_interp::run(&m, name, args, LIMITS);
    }
    if !has_mesh(&m) {
        return;
    }
    let Some(name) = names.iter().find(|n| find_func(&m, n).is_some_and(|f| is_global_view(&m, f))) else { return };
    let Some(types) = small_arg_types(&m, name) else { return };
    let Ok(args) = random_inputs(&types, &mut trial_rng(0, 1)) else { return };
    for implicit in [ImplicitReshards::Error, ImplicitReshards::Insert] {
        let opts = ShardedOptions { limits: LIMITS, implicit, canvas: false };
        let _ = run_sharded(&m, name, ShardedInputs::Global(args.clone()), &opts);
    }
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    mutate::mutate_input(data, size, max_size, seed, fuzzer_mutate)
});
