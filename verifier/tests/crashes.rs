//! Regression files of crashes (issue #16): every `tests/crashes/*.mlir` is
//! an input that once made shardref panic, hang or compute with wrapped
//! arithmetic, kept with the outcome it must have now. The runner does what
//! the `run` fuzz target does: parse, verify, and on a clean module run every
//! function under the fuzz limits on synthesized arguments (and the first
//! global-view sdy function sharded on its mesh, in both reshard modes).
//!
//! Each file's header says what must happen: `// expect-error: TEXT` (a
//! parse error, a diagnostic or a run error contains TEXT) or
//! `// expect: ok` (it verifies and every run returns, values or errors).

use shardref_interp::Limits;
use shardref_interp::devices::sharded::{ImplicitReshards, ShardedInputs, ShardedOptions, is_global_view, run_sharded};
use shardref_spec::ir::{Attr, Module, Type};
use shardref_verifier::equiv::erase::{find_func, func_names};
use shardref_verifier::equiv::inputs::{random_inputs, trial_rng};

/// The `run` fuzz target's limits.
const LIMITS: Limits = Limits { fuel: 2_000_000, max_value_bytes: 16 << 20, max_call_depth: 64 };

/// The argument types of function `name` when all are static tensors of at most 2^16 elements together.
fn small_arg_types(m: &Module, name: &str) -> Option<Vec<Type>> {
    let f = find_func(m, name)?;
    let Some(Attr::Type(Type::Function(args, _))) = m.op(f).attrs.get("function_type") else { return None };
    let mut total = 0u64;
    for ty in args {
        let Type::Tensor(tt) = ty else { return None };
        total = total.checked_add(tt.num_elements()?)?;
    }
    (total <= 1 << 16).then(|| args.clone())
}

/// Every message the pipeline produced for `text`: the parse error, the
/// verifier's diagnostics, or each run's error.
fn outcome(text: &str) -> Vec<String> {
    let m = match shardref_spec::parse("crash.mlir", text) {
        Ok(m) => m,
        Err(r) => return vec![r.to_string()],
    };
    let diags = shardref_verifier::verify(&m);
    if !diags.is_empty() {
        return diags.into_iter().map(|d| d.message).collect();
    }
    let mut errors = vec![];
    let names = func_names(&m);
    for name in &names {
        let Some(types) = small_arg_types(&m, name) else { continue };
        let Ok(args) = random_inputs(&types, &mut trial_rng(0, 0)) else { continue };
        if let Err(e) = shardref_interp::run(&m, name, args, LIMITS) {
            errors.push(e.to_string());
        }
    }
    let Some(name) = names.iter().find(|n| find_func(&m, n).is_some_and(|f| is_global_view(&m, f))) else {
        return errors;
    };
    let Some(types) = small_arg_types(&m, name) else { return errors };
    let Ok(args) = random_inputs(&types, &mut trial_rng(0, 1)) else { return errors };
    for implicit in [ImplicitReshards::Error, ImplicitReshards::Insert] {
        let opts = ShardedOptions { limits: LIMITS, implicit, canvas: false };
        if let Err(e) = run_sharded(&m, name, ShardedInputs::Global(args.clone()), &opts) {
            errors.push(e.to_string());
        }
    }
    errors
}

#[test]
fn every_crash_file_has_its_expected_outcome() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/crashes");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut failures = vec![];
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let want_error = text.lines().find_map(|l| l.strip_prefix("// expect-error: ").map(str::to_string));
        let want_ok = text.lines().any(|l| l.trim() == "// expect: ok");
        let got = outcome(&text);
        match (want_error, want_ok) {
            (Some(want), false) => {
                if !got.iter().any(|m| m.contains(&want)) {
                    failures.push(format!("{name}: expected an error containing '{want}', got {got:?}"));
                }
            }
            (None, true) => {}
            _ => failures.push(format!("{name}: needs exactly one '// expect-error: TEXT' or '// expect: ok' line")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
