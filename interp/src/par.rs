//! Whether kernels may split their work into rayon tasks on the current thread.
//!
//! Kernels (elementwise loops, reductions) split large inputs into tasks at boundaries fixed by
//! the input alone, so their results are the same bits whether the tasks run in parallel or one
//! after another; this switch changes only where they run.
//!
//! Why a switch: simulated devices run on worker threads of their own
//! (`devices::runtime`), and their kernels submit tasks to rayon's global pool. A caller that
//! starts a device run *from* a thread of a rayon pool (a conformance runner or difftest running
//! its cases with `par_iter`) blocks that thread until the devices finish; when every thread of
//! the pool does so, the devices' tasks have no thread to run on, and the run hangs. So the
//! runtime turns forking off on the device threads of a run started from a rayon thread: their
//! kernels run on the device thread itself. The caller is already one of a pool's parallel
//! tasks, so nothing is lost but intra-op parallelism that the pool could not have given.
//!
//! Invariant: forking is on by default on every thread; only `devices::runtime` turns it off,
//! for the life of one device worker thread.

use std::cell::Cell;

thread_local! {
    static SEQUENTIAL: Cell<bool> = const { Cell::new(false) };
}

/// Whether kernels on this thread may split into rayon tasks.
#[inline]
pub fn kernels_fork() -> bool {
    !SEQUENTIAL.with(Cell::get)
}

/// Turns forking off on this thread when `sequential` (for the rest of the thread's life: a device
/// worker thread ends with its run).
pub(crate) fn set_sequential(sequential: bool) {
    SEQUENTIAL.with(|s| s.set(sequential));
}
