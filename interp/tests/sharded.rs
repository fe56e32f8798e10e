//! Sharded execution of global-view sdy programs (interp/tests/sharded/*.mlir):
//! each `@parallel_x` runs on the simulated devices of its mesh and must
//! agree with `@sequential_x` run by the ordinary interpreter; round trips
//! must give back their input; programs that need implicit communication,
//! that leave partial results unreduced, or whose manual computations
//! disagree between devices must fail with errors naming what went wrong.

use shardref_interp::devices::sharded::{ImplicitReshards, ShardedInputs, ShardedOptions, run_sharded};
use shardref_interp::value::{Buffer, Tensor, Value};
use shardref_interp::{Need, RefusedValue};
use shardref_spec::ir::{ElemType, Type};

/// The `.mlir` files of `tests/sharded/SUB`, sorted by name.
fn mlir_files_in(sub: &str) -> Vec<String> {
    let dir = format!("{}/tests/sharded/{sub}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".mlir"))
        .collect();
    files.sort();
    files
}

fn load(name: &str) -> shardref_spec::Module {
    let path = format!("{}/tests/sharded/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    shardref_spec::parse(&path, &text).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// Deterministic i32 inputs of `func`'s argument types.
fn inputs(m: &shardref_spec::Module, func: &str, seed: u64) -> Vec<Value> {
    let f = m.lookup_symbol(func).unwrap();
    let entry = m.region(m.op(f).regions[0]).blocks[0];
    let mut s = seed;
    m.block(entry)
        .args
        .iter()
        .map(|&a| {
            let Type::Tensor(t) = m.value_type(a) else { panic!() };
            let shape: Vec<usize> = t.static_shape().unwrap().into_iter().map(|x| x as usize).collect();
            let n: usize = shape.iter().product();
            let data: Vec<i32> = (0..n)
                .map(|_| {
                    s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((s >> 33) % 41) as i32 - 20
                })
                .collect();
            let buf = if t.elem == ElemType::I1 {
                Buffer::Bool(data.iter().map(|x| x % 2 != 0).collect::<Vec<_>>().into())
            } else {
                // Small integers, exact in every element type (unsigned types wrap the negatives).
                let wide: Vec<i64> = data.iter().map(|&x| x as i64).collect();
                shardref_interp::ops::convert::from_i64s(&t.elem, &wide).unwrap()
            };
            Value::Tensor(Tensor::new(shape, t.elem.clone(), buf))
        })
        .collect()
}

fn sharded(
    m: &shardref_spec::Module,
    func: &str,
    args: Vec<Value>,
    mode: ImplicitReshards,
) -> Result<Vec<Value>, String> {
    let opts = ShardedOptions { implicit: mode, ..Default::default() };
    let r = run_sharded(m, func, ShardedInputs::Global(args), &opts).map_err(|e| e.to_string())?;
    r.iter().map(|v| v.reassemble().map_err(|e| e.to_string())).collect()
}

fn sharded_canvas(
    m: &shardref_spec::Module,
    func: &str,
    args: Vec<Value>,
    mode: ImplicitReshards,
) -> Result<Vec<Value>, String> {
    let opts = ShardedOptions { implicit: mode, canvas: true, ..Default::default() };
    let r = run_sharded(m, func, ShardedInputs::Global(args), &opts).map_err(|e| e.to_string())?;
    r.iter().map(|v| v.reassemble().map_err(|e| e.to_string())).collect()
}

fn global(m: &shardref_spec::Module, func: &str, args: Vec<Value>) -> Result<Vec<Value>, String> {
    shardref_interp::run(m, func, args, Default::default()).map(|o| o.results).map_err(|e| e.to_string())
}

/// `@parallel_x` sharded agrees with `@sequential_x`, for a few input seeds.
fn agrees(file: &str, x: &str) {
    let m = load(file);
    for seed in 0..3 {
        let args = inputs(&m, &format!("parallel_{x}"), seed);
        let want = global(&m, &format!("sequential_{x}"), args.clone()).unwrap();
        let got = sharded(&m, &format!("parallel_{x}"), args.clone(), ImplicitReshards::Error).unwrap();
        assert_eq!(got, want, "{file}: @parallel_{x} (seed {seed})");
        // The global interpreter runs the sharded program too (sdy ops on logical values).
        let plain = global(&m, &format!("parallel_{x}"), args).unwrap();
        assert_eq!(plain, want, "{file}: @parallel_{x} in the global interpreter");
    }
}

/// `func` sharded gives back its input.
fn round_trip(file: &str, func: &str) {
    let m = load(file);
    let args = inputs(&m, func, 7);
    assert_eq!(sharded(&m, func, args.clone(), ImplicitReshards::Error).unwrap(), args, "{file}: @{func}");
}

#[test]
fn dot_with_sharded_contracting_dim_and_all_reduce() {
    agrees("dot_contracting.mlir", "dot");
}

#[test]
fn missing_all_reduce_is_reported() {
    let m = load("dot_contracting.mlir");
    let e =
        sharded(&m, "missing_all_reduce", inputs(&m, "missing_all_reduce", 0), ImplicitReshards::Error).unwrap_err();
    assert!(e.contains("unreduced over {\"x\"}") && e.contains("never all-reduced"), "{e}");
    let r = shardref_interp::devices::sharded::run_sharded(
        &m,
        "missing_all_reduce",
        ShardedInputs::Global(inputs(&m, "missing_all_reduce", 0)),
        &ShardedOptions::default(),
    )
    .unwrap_err()
    .refusal
    .expect("a typed refusal");
    assert_eq!((r.need, r.axes.as_str()), (Need::AllReduce, "{\"x\"}"));
}

#[test]
fn max_reduction_over_non_divisible_dim_never_sees_padding() {
    agrees("dot_contracting.mlir", "reduce_max");
}

#[test]
fn all_gather_all_slice_round_trip() {
    round_trip("round_trips.mlir", "gather_slice");
}

#[test]
fn all_to_all_round_trip_over_sub_axis() {
    round_trip("round_trips.mlir", "all_to_all_back");
}

#[test]
fn collective_permute_round_trip_across_device_orders() {
    round_trip("round_trips.mlir", "permute_back");
}

#[test]
fn iota_offsets_sub_axes_and_non_divisible_dims() {
    agrees("round_trips.mlir", "iota_add");
}

#[test]
fn implicit_communication_is_a_located_error() {
    let m = load("implicit.mlir");
    let r = shardref_interp::devices::sharded::run_sharded(
        &m,
        "mismatched_add",
        ShardedInputs::Global(inputs(&m, "mismatched_add", 0)),
        &ShardedOptions::default(),
    );
    let e = r.unwrap_err();
    assert!(!e.span.is_none(), "the error has the op's location");
    let msg = e.to_string();
    for part in ["'stablehlo.add'", "operand #1", "dimension 0", "{\"y\"}", "implicit communication"] {
        assert!(msg.contains(part), "{msg} lacks {part}");
    }
    // The refusal travels typed (issue #30): what `equiv` and the difftest engines match.
    let r = e.refusal.as_deref().expect("a typed refusal");
    assert_eq!(
        (r.need, r.op.as_str(), &r.value, r.dim),
        (Need::Reshard, "stablehlo.add", &RefusedValue::Operand(1), Some(0))
    );
    assert_eq!(r.axes, "{\"y\"}");
    let e = shardref_interp::devices::sharded::run_sharded(
        &m,
        "parallel_shifted_slice",
        ShardedInputs::Global(inputs(&m, "parallel_shifted_slice", 0)),
        &ShardedOptions::default(),
    )
    .unwrap_err();
    let r = e.refusal.as_deref().expect("a typed refusal");
    assert_eq!(
        (r.need, r.op.as_str(), &r.value, r.dim),
        (Need::Halo, "stablehlo.slice", &RefusedValue::Operand(0), Some(0))
    );
    let e = sharded(&m, "parallel_shifted_slice", inputs(&m, "parallel_shifted_slice", 0), ImplicitReshards::Error)
        .unwrap_err();
    assert!(e.contains("'stablehlo.slice'") && e.contains("operand #0 dimension 0 is sharded on {\"x\"}"), "{e}");
}

#[test]
fn insert_mode_performs_the_missing_communication() {
    let m = load("implicit.mlir");
    for x in ["mismatched_add", "shifted_slice"] {
        let p = if x == "mismatched_add" { x.to_string() } else { format!("parallel_{x}") };
        let args = inputs(&m, &p, 3);
        let want = global(&m, &format!("sequential_{x}"), args.clone()).unwrap();
        assert_eq!(sharded(&m, &p, args, ImplicitReshards::Insert).unwrap(), want, "@{p}");
    }
}

#[test]
fn manual_computation_with_stablehlo_all_reduce() {
    agrees("manual.mlir", "total");
}

#[test]
fn manual_computation_collective_permute_with_custom_device_ids() {
    agrees("manual.mlir", "rotate");
}

#[test]
fn a_wrong_permute_pair_gives_a_detectably_wrong_result() {
    let m = load("manual.mlir");
    let args = inputs(&m, "parallel_rotate_wrong", 1);
    let want = global(&m, "sequential_rotate", args.clone()).unwrap();
    let got = sharded(&m, "parallel_rotate_wrong", args.clone(), ImplicitReshards::Error).unwrap();
    assert_ne!(got, want);
    // Devices 1 and 3 (mesh positions 3 and 1) now receive the wrong blocks: elements 2..4 and 6..8 differ.
    let (Value::Tensor(g), Value::Tensor(w)) = (&got[0], &want[0]) else { panic!() };
    let (Buffer::I32(g), Buffer::I32(w)) = (&g.buf, &w.buf) else { panic!() };
    let differing: Vec<usize> = (0..8).filter(|&i| g[i] != w[i]).collect();
    assert_eq!(differing, vec![2, 3, 6, 7], "{g:?} vs {w:?}");
}

#[test]
fn replicated_manual_result_that_differs_names_devices_and_element() {
    let m = load("manual.mlir");
    let args = vec![Value::Tensor(Tensor::new(vec![8], ElemType::I32, Buffer::I32((0..8).collect::<Vec<_>>().into())))];
    for e in [
        global(&m, "replicas_differ", args.clone()).unwrap_err(),
        sharded(&m, "replicas_differ", args, ImplicitReshards::Error).unwrap_err(),
    ] {
        assert!(e.contains("replicated but differs between devices"), "{e}");
        assert!(
            e.contains("at element [0]") && e.contains("device 2 holds 0") && e.contains("device 3 holds 2"),
            "{e}"
        );
    }
}

#[test]
fn nested_manual_computations() {
    agrees("manual.mlir", "nested");
}

#[test]
fn run_parallel_over_a_global_view_function_runs_sharded() {
    let m = load("run_parallel.mlir");
    let out = shardref_interp::run(&m, "main", vec![], Default::default()).unwrap();
    assert_eq!(out.checks_run, 2);
    assert!(out.check_failures.is_empty(), "{:?}", out.check_failures);
}

/// Single-device shardings (tests/sharded/single_device.mlir): an op whose
/// results live on `<[], device_ids=[d]>` runs on device d alone with d's
/// own copies of its whole operands and d's partition id; every device then
/// sees its result. Written with explicit reshards it runs strictly; with
/// the moves left implicit it runs with reshards inserted, and strictly it is
/// an error naming the op, the device and the operand.
#[test]
fn single_device_ops_run_on_their_device() {
    let m = load("single_device.mlir");
    let out = shardref_interp::run(&m, "main", vec![], Default::default()).unwrap();
    assert_eq!(out.checks_run, 4);
    assert!(out.check_failures.is_empty(), "{:?}", out.check_failures);
    let host = shardref_interp::devices::host::host(ImplicitReshards::Insert);
    let out =
        shardref_interp::eval::run_with_host(&m, "main_implicit", vec![], Default::default(), Some(host)).unwrap();
    assert_eq!(out.checks_run, 4);
    assert!(out.check_failures.is_empty(), "{:?}", out.check_failures);
    let e = shardref_interp::run(&m, "main_implicit", vec![], Default::default()).unwrap_err().to_string();
    assert!(e.contains("'stablehlo.add' runs on device 2") && e.contains("operand #0 is held as [{\"x\"}]"), "{e}");
}

#[test]
fn partition_id_is_the_device_id() {
    let m = load("round_trips.mlir");
    let got = sharded(&m, "device_ids", vec![], ImplicitReshards::Error).unwrap();
    let Value::Tensor(t) = &got[0] else { panic!() };
    assert_eq!(t.buf, Buffer::U32(vec![7, 6, 5, 4, 3, 2, 1, 0].into()));
}

#[test]
fn loop_bodies_see_the_values_they_capture() {
    agrees("loop.mlir", "loop");
    let m = load("loop.mlir");
    let args = inputs(&m, "sharded_capture", 2);
    let e = sharded(&m, "sharded_capture", args.clone(), ImplicitReshards::Error).unwrap_err();
    // The body runs on local values: the add that reads the sharded step is the op that needs it whole.
    assert!(e.contains("'stablehlo.add'") && e.contains("operand #1 dimension 0 is sharded on {\"x\"}"), "{e}");
    let want = global(&m, "sharded_capture", args.clone()).unwrap();
    assert_eq!(sharded(&m, "sharded_capture", args, ImplicitReshards::Insert).unwrap(), want);
}

#[test]
fn reshape_splitting_a_sharded_dimension_is_local() {
    agrees("round_trips.mlir", "split");
}

#[test]
fn all_gather_over_the_wrong_axis_names_the_device() {
    let m = load("round_trips.mlir");
    let e = sharded(&m, "wrong_gather", inputs(&m, "wrong_gather", 0), ImplicitReshards::Error).unwrap_err();
    assert!(e.contains("'sdy.all_gather' does not deliver element") && e.contains("to device 7"), "{e}");
}

/// The failing classes of issue #9 (tests/sharded/classes/*.mlir, written as
/// Shardy's export pipeline prints JAX programs): every `@parallel_x` runs on
/// local shards, strictly, and agrees with `@sequential_x`; the canvas
/// execution, an independent second implementation, agrees too (strictly
/// where it can, else inserting the reshards it needs).
#[test]
fn failing_classes_run_sharded_equal_to_global() {
    let files = mlir_files_in("classes");
    assert!(files.len() >= 9, "{files:?}");
    let mut pairs = 0;
    for file in &files {
        let path = format!("classes/{file}");
        let m = load(&path);
        let text =
            std::fs::read_to_string(format!("{}/tests/sharded/classes/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let names: Vec<&str> =
            text.split("func.func @parallel_").skip(1).map(|rest| rest.split('(').next().unwrap()).collect();
        for x in names {
            pairs += 1;
            for seed in 0..3 {
                let p = format!("parallel_{x}");
                let args = inputs(&m, &p, seed);
                let want = global(&m, &format!("sequential_{x}"), args.clone()).unwrap();
                let got = sharded(&m, &p, args.clone(), ImplicitReshards::Error)
                    .unwrap_or_else(|e| panic!("{file}: @{p}: {e}"));
                assert_eq!(got, want, "{file}: @{p} (seed {seed})");
                let canvas = sharded_canvas(&m, &p, args.clone(), ImplicitReshards::Error)
                    .or_else(|_| sharded_canvas(&m, &p, args, ImplicitReshards::Insert))
                    .unwrap_or_else(|e| panic!("{file}: @{p} on canvases: {e}"));
                assert_eq!(canvas, want, "{file}: @{p} on canvases (seed {seed})");
            }
        }
    }
    assert!(pairs >= 12, "{pairs} pairs");
}

/// The predicate of a loop must be the same on every device: a predicate
/// computed from sharded data is an error naming two devices that disagree.
#[test]
fn a_loop_predicate_that_differs_between_devices_names_them() {
    let m = load("loop.mlir");
    let args = inputs(&m, "divergent_loop", 0);
    let e = sharded(&m, "divergent_loop", args, ImplicitReshards::Error).unwrap_err();
    assert!(
        e.contains("the predicate of 'stablehlo.while' differs between devices") && e.contains("device 0 holds"),
        "{e}"
    );
}

/// A manual computation over 1024 devices with collectives (an all_reduce
/// over 32-device groups and a collective_permute ring over all 1024) runs on
/// the runtime's worker pool, sharded and in the ordinary interpreter, equal
/// to its unpartitioned twin; and its results are the same bytes with 1 and
/// with 2 worker threads (the only test of this binary that sets the count,
/// which no result depends on).
#[test]
fn manual_computation_over_1024_devices_on_1_and_2_workers() {
    use shardref_interp::devices::runtime::set_worker_threads;
    let m = load("manual_1024.mlir");
    let args = inputs(&m, "parallel_ring_sum", 0);
    let want = global(&m, "sequential_ring_sum", args.clone()).unwrap();
    let mut runs = vec![];
    for threads in [1, 2] {
        set_worker_threads(threads);
        let got = sharded(&m, "parallel_ring_sum", args.clone(), ImplicitReshards::Error).unwrap();
        assert_eq!(got, want, "sharded on {threads} worker(s)");
        let plain = global(&m, "parallel_ring_sum", args.clone()).unwrap();
        assert_eq!(plain, want, "global interpreter on {threads} worker(s)");
        runs.push(got);
    }
    let bytes = |v: &[Value]| -> Vec<u8> {
        v.iter().flat_map(|x| shardref_interp::npy::write_npy(x.as_tensor().unwrap())).collect()
    };
    assert_eq!(bytes(&runs[0]), bytes(&runs[1]));
}

/// The sdy collectives run on local shards with the StableHLO collectives'
/// kernels hold, on every device, the same shards as the canvas execution,
/// and every intermediate value is the input.
#[test]
fn sdy_collectives_on_local_shards_hold_the_canvas_shards() {
    let m = load("collectives_local.mlir");
    let args = inputs(&m, "steps", 3);
    let run = |canvas: bool| {
        let opts = ShardedOptions { canvas, ..Default::default() };
        run_sharded(&m, "steps", ShardedInputs::Global(args.clone()), &opts).unwrap()
    };
    let (local, canvas) = (run(false), run(true));
    assert_eq!(local.len(), 5);
    for (i, (l, c)) in local.iter().zip(&canvas).enumerate() {
        assert_eq!(l.sharding, c.sharding, "result {i}");
        assert_eq!(l.shards, c.shards, "result {i}");
        assert_eq!(l.reassemble().unwrap(), args[0], "result {i}");
    }
}

/// Regressions of sharded execution (tests/sharded/regressions/*.mlir, each
/// a program found by the generator or a finding, with `@main` only): run
/// sharded with reshards inserted, on local shards and on canvases, `@main`
/// equals its global run (the interpreter ignores shardings); strictly, it
/// either equals it or stops with an error, never a wrong result.
#[test]
fn regressions_run_sharded_equal_to_global() {
    let files = mlir_files_in("regressions");
    assert!(files.len() >= 2, "{files:?}");
    for file in &files {
        let m = load(&format!("regressions/{file}"));
        for seed in 0..3 {
            let args = inputs(&m, "main", seed);
            let want = global(&m, "main", args.clone()).unwrap();
            let local =
                sharded(&m, "main", args.clone(), ImplicitReshards::Insert).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(local, want, "{file} on local shards (seed {seed})");
            let canvas = sharded_canvas(&m, "main", args.clone(), ImplicitReshards::Insert)
                .unwrap_or_else(|e| panic!("{file} on canvases: {e}"));
            assert_eq!(canvas, want, "{file} on canvases (seed {seed})");
            if let Ok(strict) = sharded(&m, "main", args, ImplicitReshards::Error) {
                assert_eq!(strict, want, "{file} strictly (seed {seed})");
            }
        }
    }
}

/// Local forms with per-device offsets and halo exchanges
/// (tests/sharded/local_forms/*.mlir): `@parallel_x` needs no data from
/// other devices and runs strictly on local shards; `@halo_x` does: strictly
/// an error naming the op, the operand, the dimension, its factor and axes,
/// and with reshards inserted the halo exchange on local shards. Both agree
/// with `@sequential_x`, and so does the canvas execution.
#[test]
fn local_forms_run_sharded_equal_to_global() {
    let files = mlir_files_in("local_forms");
    let mut count = (0, 0);
    for file in &files {
        let m = load(&format!("local_forms/{file}"));
        let text = std::fs::read_to_string(format!("{}/tests/sharded/local_forms/{file}", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
        for (prefix, strict) in [("parallel_", true), ("halo_", false)] {
            let names: Vec<&str> = text
                .split(&format!("func.func @{prefix}"))
                .skip(1)
                .map(|rest| rest.split('(').next().unwrap())
                .collect();
            for x in names {
                if strict {
                    count.0 += 1
                } else {
                    count.1 += 1
                }
                let p = format!("{prefix}{x}");
                for seed in 0..3 {
                    let args = inputs(&m, &p, seed);
                    let want = global(&m, &format!("sequential_{x}"), args.clone()).unwrap();
                    let strictly = sharded(&m, &p, args.clone(), ImplicitReshards::Error);
                    if strict {
                        assert_eq!(strictly.unwrap_or_else(|e| panic!("{file}: @{p}: {e}")), want, "{file}: @{p}");
                    } else {
                        let e = strictly.unwrap_err();
                        assert!(
                            e.contains("operand #") && e.contains("dimension") && e.contains("implicit communication"),
                            "{file}: @{p}: {e}"
                        );
                    }
                    let got = sharded(&m, &p, args.clone(), ImplicitReshards::Insert)
                        .unwrap_or_else(|e| panic!("{file}: @{p}: {e}"));
                    assert_eq!(got, want, "{file}: @{p} (seed {seed})");
                    let canvas = sharded_canvas(&m, &p, args, ImplicitReshards::Insert)
                        .unwrap_or_else(|e| panic!("{file}: @{p} on canvases: {e}"));
                    assert_eq!(canvas, want, "{file}: @{p} on canvases (seed {seed})");
                }
            }
        }
    }
    assert!(count.0 >= 10 && count.1 >= 8, "{count:?}");
}

/// A halo exchange's strict-mode error names the op, the operand, the
/// dimension, the permutation factor and the axes.
#[test]
fn a_halo_exchange_is_named_in_strict_mode() {
    let m = load("local_forms/pad_slice_reverse.mlir");
    let e = sharded(&m, "halo_reverse", inputs(&m, "halo_reverse", 0), ImplicitReshards::Error).unwrap_err();
    for part in [
        "'stablehlo.reverse'",
        "operand #0 dimension 0 is sharded on {\"x\"}",
        "its factor i is a permutation factor",
        "halo exchange",
    ] {
        assert!(e.contains(part), "{e} lacks {part}");
    }
}

/// The op kinds of the sharding-rule registry (tests/sharded/ops/*.mlir, each with `@main`
/// only): run sharded with reshards inserted, on local shards and on canvases, `@main` equals
/// its global run; strictly, it either equals it or stops with an error. Results are compared
/// by their printed form, so that NaN (a log of a negative input) equals NaN.
#[test]
fn registry_ops_run_sharded_equal_to_global() {
    let files = mlir_files_in("ops");
    assert!(files.len() >= 3, "{files:?}");
    let shown = |vs: &[Value]| vs.iter().map(|v| format!("{v:?}")).collect::<Vec<_>>();
    for file in &files {
        let m = load(&format!("ops/{file}"));
        for seed in 0..3 {
            let args = inputs(&m, "main", seed);
            let want = shown(&global(&m, "main", args.clone()).unwrap_or_else(|e| panic!("{file}: {e}")));
            let local =
                sharded(&m, "main", args.clone(), ImplicitReshards::Insert).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(shown(&local), want, "{file} on local shards (seed {seed})");
            let canvas = sharded_canvas(&m, "main", args.clone(), ImplicitReshards::Insert)
                .unwrap_or_else(|e| panic!("{file} on canvases: {e}"));
            assert_eq!(shown(&canvas), want, "{file} on canvases (seed {seed})");
            if let Ok(strict) = sharded(&m, "main", args, ImplicitReshards::Error) {
                assert_eq!(shown(&strict), want, "{file} strictly (seed {seed})");
            }
        }
    }
}

fn mlir_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            mlir_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
}

/// Every StableHLO op kind that the sharding-rule registry gives a rule (the registry's own
/// table, `shardref_spec::rules::stablehlo_registry`) appears in some sharded case under
/// tests/sharded/. `custom_call` is the exception: its rules are per call target (Cholesky,
/// Qr, ...), and none of those targets has semantics in the StableHLO interpreter.
#[test]
fn every_op_kind_with_a_sharding_rule_has_a_sharded_case() {
    use shardref_spec::ops::{OpKind, StablehloOp};
    use shardref_spec::rules::{Registry, stablehlo_registry};
    let mut paths = vec![];
    mlir_files(std::path::Path::new(&format!("{}/tests/sharded", env!("CARGO_MANIFEST_DIR"))), &mut paths);
    let mut seen = std::collections::BTreeSet::new();
    for p in &paths {
        let text = std::fs::read_to_string(p).unwrap();
        let m = shardref_spec::parse(&p.to_string_lossy(), &text).unwrap_or_else(|e| panic!("{p:?}: {e:?}"));
        for o in &m.ops {
            if let Some(OpKind::Stablehlo(s)) = o.name.kind() {
                seen.insert(s);
            }
        }
    }
    let missing: Vec<&str> = StablehloOp::ALL
        .iter()
        .filter(|&&s| match stablehlo_registry(s) {
            Registry::Rule(_) => !seen.contains(&s),
            Registry::CustomCall | Registry::NoRule | Registry::Unknown => false,
        })
        .map(|&s| OpKind::Stablehlo(s).name())
        .collect();
    assert!(missing.is_empty(), "op kinds with a sharding rule but no sharded case: {missing:?}");
}
