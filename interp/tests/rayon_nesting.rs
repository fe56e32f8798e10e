//! Device runs started from a thread of rayon's global pool, when that pool has one thread.
//!
//! A conformance runner runs its cases with `par_iter`, and each case may run simulated devices
//! whose kernels would submit tasks to rayon's global pool; when every thread of the pool waits
//! for a device run, those tasks would have no thread (`shardref_interp::par`). The runtime keeps
//! such a run's kernels on its own worker threads; the results are the same bits as a run started
//! elsewhere. This file is its own test binary because it fixes the global pool's size, which can
//! be done once per process; a watchdog turns a hang into a failure.

use rayon::prelude::*;
use shardref_interp::eval::Limits;

/// Fixes the global pool at one thread, before anything uses it.
fn one_thread_global_pool() {
    static INIT: std::sync::Once = std::sync::Once::new();
    INIT.call_once(|| {
        rayon::ThreadPoolBuilder::new().num_threads(1).build_global().expect("the global pool is not built yet");
    });
}

/// Aborts the process if `f` takes over 120 s.
fn with_watchdog<T>(f: impl FnOnce() -> T) -> T {
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
fn an_hlo_module_with_large_elementwise_ops_runs_from_the_pools_only_thread() {
    // Two devices, each adding, multiplying and reducing 1M-element arrays: kernels large enough
    // to split into tasks.
    let text = r#"HloModule big, replica_count=2

add_f32 {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

ENTRY main {
  p = f32[1024,1024]{1,0} parameter(0)
  a = f32[1024,1024]{1,0} add(p, p)
  m = f32[1024,1024]{1,0} multiply(a, p)
  t = f32[1024,1024]{1,0} tanh(m)
  z = f32[] constant(0)
  r = f32[1024]{0} reduce(t, z), dimensions={1}, to_apply=add_f32
  ROOT out = (f32[1024,1024]{1,0}, f32[1024]{0}) tuple(t, r)
}
"#;
    one_thread_global_pool();
    let m = shardref_spec::hlo::parse("big.hlo", text).expect("the module parses");
    let run = || {
        let limits = Limits::default();
        let inputs = shardref_interp::hlo::sample_inputs(&m, limits).unwrap();
        shardref_interp::hlo::run_devices(&m, vec![inputs; 2], limits).unwrap()
    };
    // Off rayon's threads (this test's own thread): kernels split into tasks on the pool.
    let reference = with_watchdog(run);
    let outs = with_watchdog(|| (0..2).into_par_iter().map(|_| run()).collect::<Vec<_>>());
    assert_eq!(outs.len(), 2);
    for out in outs {
        assert_eq!(out, reference, "a run started on a rayon thread gives the same bits");
    }
}
