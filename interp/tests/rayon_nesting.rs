//! Device runs started from a thread of rayon's global pool, when that pool has one thread.
//!
//! A conformance runner runs its cases with `par_iter`, and each case may run simulated devices;
//! the devices' kernels submit jobs to rayon's global pool. When every thread of the pool waits for
//! a device run, those jobs need the waiting threads to run them (`runtime::run_processes_on`
//! helps the pool while it waits). This file is its own test binary because it fixes the global
//! pool's size, which can be done once per process; a watchdog turns a hang into a failure.

use rayon::prelude::*;
use shardref_interp::devices::runtime::{self, Comm, ProcessId};
use shardref_interp::eval::Limits;

/// Fixes the global pool at one thread (once) and aborts the process if `f` takes over 120 s.
fn with_one_thread_pool_and_watchdog<T>(f: impl FnOnce() -> T) -> T {
    static INIT: std::sync::Once = std::sync::Once::new();
    INIT.call_once(|| {
        rayon::ThreadPoolBuilder::new().num_threads(1).build_global().expect("the global pool is not built yet");
    });
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        if rx.recv_timeout(std::time::Duration::from_secs(120)).is_err() {
            eprintln!(
                "a device run started on rayon's only thread did not finish in 120 s (it waits for its own kernels)"
            );
            std::process::exit(1);
        }
    });
    let out = f();
    let _ = tx.send(());
    out
}

#[test]
fn processes_whose_bodies_use_rayon_finish_when_started_on_the_pools_only_thread() {
    let sums = with_one_thread_pool_and_watchdog(|| {
        // The outer `par_iter` puts the caller on the pool's one thread.
        (0..3u64)
            .into_par_iter()
            .map(|case| {
                let ids: Vec<ProcessId> = runtime::grid(4, 1);
                runtime::run_processes(&ids, Limits::default(), |ctx| {
                    let r = u64::from(ctx.id().replica);
                    Ok((0..200_000u64).into_par_iter().map(|x| x % 7 + r + case).sum::<u64>())
                })
                .unwrap()
            })
            .collect::<Vec<_>>()
    });
    let base: u64 = (0..200_000u64).map(|x| x % 7).sum();
    for (case, per_device) in sums.iter().enumerate() {
        for (r, &s) in per_device.iter().enumerate() {
            assert_eq!(s, base + 200_000 * (r as u64 + case as u64));
        }
    }
}

#[test]
fn an_hlo_module_with_large_elementwise_ops_runs_from_the_pools_only_thread() {
    // Two devices, each adding and multiplying 1M-element arrays: the kernels take rayon's
    // parallel path.
    let text = r#"HloModule big, replica_count=2

ENTRY main {
  p = f32[1024,1024]{1,0} parameter(0)
  a = f32[1024,1024]{1,0} add(p, p)
  ROOT m = f32[1024,1024]{1,0} multiply(a, p)
}
"#;
    let m = shardref_spec::hlo::parse("big.hlo", text).expect("the module parses");
    let outs = with_one_thread_pool_and_watchdog(|| {
        (0..2)
            .into_par_iter()
            .map(|_| {
                let limits = Limits::default();
                let inputs = shardref_interp::hlo::sample_inputs(&m, limits).unwrap();
                shardref_interp::hlo::run_devices(&m, vec![inputs; 2], limits).unwrap()
            })
            .collect::<Vec<_>>()
    });
    assert_eq!(outs.len(), 2);
    assert_eq!(outs[0], outs[1]);
}
