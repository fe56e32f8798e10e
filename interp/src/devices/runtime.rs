//! Deterministic simulated processes, their rendezvous, and the worker pool
//! they run on. This is the bottom layer of the device model: it knows
//! values and limits, never the evaluator (which reaches it through `Comm`).
//!
//! Processes meet only through `Comm::exchange`: a process states the group
//! of processes it talks to, a key the members must agree on, and a payload;
//! it waits until every member of the group has called `exchange` with that
//! group, and then every member receives all payloads in group order.
//!
//! Execution: a fixed pool of worker threads, not a thread per process.
//! Every process is a stackful coroutine (`corosensei`) with its own stack
//! (the evaluator is recursive, so a process needs a real stack, and a
//! process waiting in a collective may be deep inside a while body, a call
//! and a manual computation). Process i belongs to worker `i mod W` for its
//! whole life and never migrates, so no coroutine crosses threads (the
//! evaluator's per-thread memory budget is saved and restored around every
//! suspension). A worker starts its processes in index order and resumes a
//! process once its exchange is decided; a process waiting in `exchange`
//! suspends instead of blocking its thread, so W threads carry any number of
//! processes, and a 4096-device manual computation costs 4096 lazily
//! committed stacks (only the pages a process touches are resident, and a
//! finished process's stack is reused by the next process its worker starts),
//! not 4096 threads. W comes from `set_worker_threads` (the command line's
//! `--threads`), else the `SHARDREF_THREADS` environment variable, else the
//! machine's parallelism, and never exceeds the number of processes. Why not
//! lockstep execution (every device running the same op in turn): manual
//! bodies and `run_parallel` programs need not run the same op sequence
//! (MPMD programs, send/recv pairs, devices outside every group), and a
//! coroutine runs any program as it is written.
//!
//! Determinism. Each process is a deterministic function of the results of
//! its exchanges, and an exchange's result is a deterministic function of the
//! members' payloads (in group order, never arrival order). So every process
//! has a fate that does not depend on scheduling or on W: it finishes, it
//! fails on its own (a trap, an invalid program, a key mismatch in one of its
//! groups), or it waits forever in one particular exchange. The runtime
//! reports:
//! 1. the error of the lowest-indexed process that failed on its own, if any
//!    (processes that were waiting for a failed process are aborted, and an
//!    aborted process is never reported);
//! 2. otherwise, if some process waited forever, a deadlock error that names
//!    what every such process waits on (op, line, group) and which processes
//!    had already finished;
//! 3. otherwise every process's result, in process order.
//!
//! Waiting forever is detected exactly, never with a wall-clock timeout: a
//! waiting process can never continue when a member of its group has
//! terminated, or when no process is running any more (every live process
//! waits and no group is complete, since a group completes the moment its
//! last member arrives). A process whose exchange is decided but that its
//! worker has not resumed yet counts as running.
//!
//! Group identity. Members must name the same set of processes. Waiting
//! processes are filed under their group's sorted member list, and a group
//! completes when every member of that set is filed under it; the key
//! comparison then also compares the groups' order, so two members that list
//! the same processes in different orders are a mismatch, and members that
//! list different sets wait for each other and end in a deadlock report that
//! shows both groups. Arrival, completion and termination cost time
//! proportional to the group (plus, when a process terminates, a scan of the
//! waiting processes), so a collective over n processes costs O(n) per
//! member, not O(n²).

use std::any::Any;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use corosensei::stack::DefaultStack;
use corosensei::{CoroutineResult, ScopedCoroutine, Yielder};
use shardref_spec::Source;
use shardref_spec::diag::{LineIndex, location};
use shardref_spec::ir::Span;

use crate::error::{ErrorKind, IResult, InterpError};
use crate::limits::Limits;
use crate::value::Value;

/// Stack size of every simulated process. The evaluator recurses per call
/// and per region; this is eight times the usual main-thread stack, and only
/// the pages a process touches are ever committed.
pub const PROCESS_STACK_BYTES: usize = 64 << 20;

/// The worker count `set_worker_threads` chose (0: not chosen).
static WORKERS: AtomicUsize = AtomicUsize::new(0);

/// Sets the number of worker threads of every later run (at least 1).
/// Results never depend on it.
pub fn set_worker_threads(n: usize) {
    WORKERS.store(n.max(1), Ordering::Relaxed);
}

/// The number of worker threads a run uses: `set_worker_threads`, else
/// `SHARDREF_THREADS`, else the machine's available parallelism.
pub fn worker_threads() -> usize {
    match WORKERS.load(Ordering::Relaxed) {
        0 => std::env::var("SHARDREF_THREADS")
            .ok()
            .and_then(|s| s.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        n => n,
    }
}

/// Identity of one simulated process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProcessId {
    /// Position in the run (the order of `run_processes`'s `ids`).
    pub index: usize,
    pub replica: u32,
    pub partition: u32,
}

/// What the members of one collective must agree on (op name, types, channel, groups, attributes),
/// compared for equality when a group is complete; a difference is an error naming the devices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectiveKey {
    pub op: String,
    pub signature: String,
}

/// A process's view of the run it belongs to: who it is, who else runs, and
/// the rendezvous. The evaluator and the collective kernels see processes
/// only through this trait; `DeviceCtx` implements it for a process of a
/// multi-process run and `Solo` for the single process of an ordinary run.
pub trait Comm {
    fn id(&self) -> ProcessId;
    /// Identities of every process of the run, in process order.
    fn processes(&self) -> &[ProcessId];
    /// The limits of this process's run (each process has its own fuel budget).
    fn limits(&self) -> Limits;
    /// The run-wide facts (channels, infeed).
    fn env(&self) -> &RunEnv;
    /// Records the program text this process runs, so that messages about it can name lines.
    fn set_source(&self, source: Option<Arc<Source>>);
    /// Waits until every process in `group` (process indices, in group order, containing this process)
    /// has called `exchange` with this group; returns every member's payload in group order.
    /// Errors (as `InterpError` with `span`): key mismatch within the group (names the devices),
    /// deadlock (every live process waits and no group is complete: names what each device waits on,
    /// never a wall-clock timeout), a peer failed or finished without arriving.
    fn exchange(
        &self,
        span: Span,
        key: CollectiveKey,
        group: &[usize],
        payload: Vec<Value>,
    ) -> IResult<Vec<Vec<Value>>>;
    /// Whether this is a process of a multi-process run (not `Solo`).
    fn is_device(&self) -> bool;
}

/// The one process (replica 0, partition 0) of an ordinary run: every
/// exchange is with itself alone.
#[derive(Debug, Default)]
pub struct Solo {
    env: RunEnv,
}

/// The one-process grid's identity.
const SOLO_ID: ProcessId = ProcessId { index: 0, replica: 0, partition: 0 };

impl Comm for Solo {
    fn id(&self) -> ProcessId {
        SOLO_ID
    }
    fn processes(&self) -> &[ProcessId] {
        std::slice::from_ref(&SOLO_ID)
    }
    fn limits(&self) -> Limits {
        Limits::default()
    }
    fn env(&self) -> &RunEnv {
        &self.env
    }
    fn set_source(&self, _source: Option<Arc<Source>>) {}
    fn exchange(
        &self,
        span: Span,
        key: CollectiveKey,
        group: &[usize],
        payload: Vec<Value>,
    ) -> IResult<Vec<Vec<Value>>> {
        if group == [0] {
            Ok(vec![payload])
        } else {
            Err(InterpError::invalid(span, format!("{} needs the processes {group:?}, but this run has one", key.op)))
        }
    }
    fn is_device(&self) -> bool {
        false
    }
}

/// Where a process is in its life.
enum Phase {
    /// Running, or about to be resumed with the decided result of its exchange.
    Running,
    /// Suspended in `exchange`.
    Waiting(Wait),
    /// The body returned successfully.
    Finished,
    /// The body returned an error of its own (or panicked).
    Failed,
    /// Terminated while waiting for a process that had failed or been aborted.
    Aborted,
    /// Terminated while waiting forever (deadlock, or a member that finished without arriving).
    Stuck,
}

impl Phase {
    fn is_terminal(&self) -> bool {
        match self {
            Phase::Running | Phase::Waiting(_) => false,
            Phase::Finished | Phase::Failed | Phase::Aborted | Phase::Stuck => true,
        }
    }
}

/// An exchange a process waits in.
struct Wait {
    span: Span,
    key: CollectiveKey,
    group: Vec<usize>,
    /// `group` sorted: the set the process is filed under.
    sorted: Vec<usize>,
    payload: Vec<Value>,
}

/// What a process was waiting in when it was declared stuck (for the deadlock report).
#[derive(Clone)]
struct WaitInfo {
    span: Span,
    key: CollectiveKey,
    group: Vec<usize>,
}

struct Proc {
    phase: Phase,
    /// The result of the exchange this process waits in, once it is decided.
    result: Option<IResult<Vec<Vec<Value>>>>,
    /// The exchange this process was waiting in when it became stuck or aborted.
    blocked_in: Option<WaitInfo>,
    /// The program text, for naming lines in messages (registered by `Interp::on_device`).
    source: Option<Arc<Source>>,
}

struct State {
    procs: Vec<Proc>,
    /// How many processes are `Running`.
    running: usize,
    /// Waiting processes by the sorted member list of their group, in arrival order.
    pending: HashMap<Vec<usize>, Vec<usize>>,
    /// Per worker: processes whose exchange was decided, to resume.
    ready: Vec<VecDeque<usize>>,
}

/// Run-wide facts the processes read, fixed before the run starts (so reading them never depends on scheduling).
#[derive(Debug, Default)]
pub struct RunEnv {
    /// Point-to-point channels: channel id → (sending process, receiving process), or why the channel
    /// cannot be paired.
    pub channels: BTreeMap<i64, Result<(usize, usize), String>>,
    /// The functions that produce successive infeed entries (at most one process reads them).
    pub infeed: Vec<String>,
    /// How many infeed entries were taken.
    infeed_taken: Mutex<usize>,
}

impl RunEnv {
    /// The (sender, receiver) processes of `channel`.
    pub fn channel(&self, channel: i64) -> Result<(usize, usize), String> {
        match self.channels.get(&channel) {
            Some(r) => r.clone(),
            None => Err(format!("no process sends or receives on channel {channel}")),
        }
    }

    /// The next infeed function.
    pub fn next_infeed(&self) -> Result<String, String> {
        let mut taken = self.infeed_taken.lock().unwrap_or_else(|e| e.into_inner());
        let name = self
            .infeed
            .get(*taken)
            .cloned()
            .ok_or_else(|| format!("the infeed is empty (it had {} entries)", self.infeed.len()))?;
        *taken += 1;
        Ok(name)
    }
}

struct Shared {
    ids: Vec<ProcessId>,
    env: RunEnv,
    state: Mutex<State>,
    /// One per worker: signalled when that worker's ready queue grows.
    wake: Vec<Condvar>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave the state half-updated in a way that matters
        // more than the panic itself, which is reported as that process's failure.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn worker_of(&self, p: usize) -> usize {
        p % self.wake.len()
    }

    /// Queues process `p` (whose exchange was just decided) for its worker, unless `p` is `me`, the
    /// process deciding it, which goes on without suspending.
    fn wake(&self, st: &mut State, p: usize, me: Option<usize>) {
        if Some(p) != me {
            let w = self.worker_of(p);
            st.ready[w].push_back(p);
            self.wake[w].notify_one();
        }
    }
}

/// A process's handle to the rendezvous, passed to `Interp` (see `Interp::on_device`).
pub struct DeviceCtx<'y> {
    id: ProcessId,
    limits: Limits,
    shared: &'y Shared,
    /// Suspends this process's coroutine, returning control to its worker.
    yielder: &'y Yielder<(), ()>,
}

impl Comm for DeviceCtx<'_> {
    fn id(&self) -> ProcessId {
        self.id
    }

    fn limits(&self) -> Limits {
        self.limits
    }

    fn env(&self) -> &RunEnv {
        &self.shared.env
    }

    fn processes(&self) -> &[ProcessId] {
        &self.shared.ids
    }

    fn set_source(&self, source: Option<Arc<Source>>) {
        let mut st = self.shared.lock();
        st.procs[self.id.index].source = source;
    }

    fn is_device(&self) -> bool {
        true
    }

    fn exchange(
        &self,
        span: Span,
        key: CollectiveKey,
        group: &[usize],
        payload: Vec<Value>,
    ) -> IResult<Vec<Vec<Value>>> {
        let me = self.id.index;
        let ids = &self.shared.ids;
        let n = ids.len();
        if !group.contains(&me) {
            return Err(InterpError::invalid(
                span,
                format!("{} is not a member of its own group {group:?}", device_name(&ids[me])),
            ));
        }
        if let Some(&bad) = group.iter().find(|&&p| p >= n) {
            return Err(InterpError::invalid(
                span,
                format!("group {group:?} names process {bad}, but the run has {n}"),
            ));
        }
        let mut sorted = group.to_vec();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(InterpError::invalid(span, format!("group {group:?} names a process twice")));
        }
        let shared = self.shared;
        let mut st = shared.lock();
        if st.procs[me].phase.is_terminal() {
            return Err(InterpError::invalid(span, "exchange after this process was terminated"));
        }
        st.procs[me].result = None;
        let info = WaitInfo { span, key: key.clone(), group: group.to_vec() };
        st.procs[me].phase = Phase::Waiting(Wait { span, key, group: group.to_vec(), sorted: sorted.clone(), payload });
        st.running -= 1;
        // A member that terminated will never arrive (a failed one wins over a finished one).
        let failed = sorted.iter().copied().find(|&p| matches!(st.procs[p].phase, Phase::Failed | Phase::Aborted));
        let gone = sorted.iter().copied().find(|&p| matches!(st.procs[p].phase, Phase::Finished | Phase::Stuck));
        if let Some(p) = failed.or(gone) {
            let (phase, e) = peer_gone(ids, &st, p, &info);
            terminate(shared, &mut st, me, phase, e, Some(me));
            gone_cascade(shared, &mut st, me, Some(me));
        } else {
            let members = st.pending.entry(sorted).or_default();
            members.push(me);
            if members.len() == group.len() {
                complete(shared, &mut st, group, Some(me));
            }
        }
        deadlock_if_idle(shared, &mut st, Some(me));
        loop {
            if let Some(r) = st.procs[me].result.take() {
                return r;
            }
            drop(st);
            // Other processes of this worker run while this one waits; they set the budget too.
            let budget = crate::value::value_budget();
            self.yielder.suspend(());
            crate::value::set_value_budget(budget);
            st = shared.lock();
        }
    }
}

fn device_name(id: &ProcessId) -> String {
    format!("device {} (replica {}, partition {})", id.index, id.replica, id.partition)
}

/// `op` at line L (or at an unknown place when the span or source is missing).
fn where_(st: &State, p: usize, span: Span) -> String {
    match &st.procs[p].source {
        Some(src) if !span.is_none() => {
            let (line, _) = location(src, &LineIndex::new(&src.text), span);
            format!("line {line}")
        }
        _ => "an unknown line".into(),
    }
}

/// The fate of a waiter whose group contains `p`, which terminated: aborted if `p` failed or was
/// aborted, stuck otherwise.
fn peer_gone(ids: &[ProcessId], st: &State, p: usize, info: &WaitInfo) -> (Phase, InterpError) {
    if matches!(st.procs[p].phase, Phase::Failed | Phase::Aborted) {
        let msg = format!("aborted: {} failed before joining this {}", device_name(&ids[p]), info.key.op);
        (Phase::Aborted, InterpError::trap(Span::NONE, msg))
    } else {
        let msg = format!("{} can never join this {}", device_name(&ids[p]), info.key.op);
        (Phase::Stuck, InterpError::exhausted(Span::NONE, msg))
    }
}

/// Decides the exchange of a complete group (every member waits under the same set): every member
/// gets all payloads in group order, or the same mismatch error.
fn complete(shared: &Shared, st: &mut State, group: &[usize], me: Option<usize>) {
    let mut sorted = group.to_vec();
    sorted.sort_unstable();
    st.pending.remove(&sorted);
    let waits: Vec<&Wait> = group
        .iter()
        .filter_map(|&p| match &st.procs[p].phase {
            Phase::Waiting(w) => Some(w),
            _ => None,
        })
        .collect();
    let first = waits[0];
    let agree = waits.iter().all(|w| w.key == first.key && w.group == first.group);
    let result: IResult<Vec<Vec<Value>>> = if agree {
        Ok(waits.iter().map(|w| w.payload.clone()).collect())
    } else {
        // Every member gets the same message; each reports it at its own op.
        let mut msg = format!("mismatched collectives in a group of {} devices:", group.len());
        for (&p, w) in group.iter().zip(&waits) {
            let _ = write!(
                msg,
                " {} calls {} [{}] at {} with group {:?};",
                device_name(&shared.ids[p]),
                w.key.op,
                w.key.signature,
                where_(st, p, w.span),
                w.group
            );
        }
        msg.pop();
        Err(InterpError::trap(Span::NONE, msg))
    };
    for &p in group {
        let span = match &st.procs[p].phase {
            Phase::Waiting(w) => w.span,
            _ => Span::NONE,
        };
        st.procs[p].result = Some(result.clone().map_err(|e| e.at(span)));
        st.procs[p].phase = Phase::Running;
        st.running += 1;
        shared.wake(st, p, me);
    }
}

/// Terminates waiting process `w` with `phase` and error `e`, and queues it to see the error.
fn terminate(shared: &Shared, st: &mut State, w: usize, phase: Phase, e: InterpError, me: Option<usize>) {
    let Phase::Waiting(wait) = std::mem::replace(&mut st.procs[w].phase, phase) else { return };
    if let Some(members) = st.pending.get_mut(&wait.sorted) {
        members.retain(|&p| p != w);
        if members.is_empty() {
            st.pending.remove(&wait.sorted);
        }
    }
    st.procs[w].blocked_in = Some(WaitInfo { span: wait.span, key: wait.key, group: wait.group });
    st.procs[w].result = Some(Err(e.at(wait.span)));
    shared.wake(st, w, me);
}

/// Process `p` just terminated: every process waiting on a group that contains it can never
/// continue, and terminates in turn (transitively).
fn gone_cascade(shared: &Shared, st: &mut State, p: usize, me: Option<usize>) {
    let mut work = vec![p];
    while let Some(q) = work.pop() {
        let hit: Vec<(usize, WaitInfo)> = st
            .procs
            .iter()
            .enumerate()
            .filter_map(|(w, pr)| match &pr.phase {
                Phase::Waiting(wait) if wait.sorted.binary_search(&q).is_ok() => {
                    Some((w, WaitInfo { span: wait.span, key: wait.key.clone(), group: wait.group.clone() }))
                }
                _ => None,
            })
            .collect();
        for (w, info) in hit {
            let (phase, e) = peer_gone(&shared.ids, st, q, &info);
            terminate(shared, st, w, phase, e, me);
            work.push(w);
        }
    }
}

/// When no process runs, nothing can arrive any more: every waiter waits forever.
fn deadlock_if_idle(shared: &Shared, st: &mut State, me: Option<usize>) {
    if st.running > 0 {
        return;
    }
    for w in 0..st.procs.len() {
        let Phase::Waiting(wait) = &st.procs[w].phase else { continue };
        let msg = format!("deadlock: every live device waits and no group can complete ({})", wait.key.op);
        terminate(shared, st, w, Phase::Stuck, InterpError::exhausted(Span::NONE, msg), me);
    }
}

/// Records that process `me`'s body returned.
fn finish(shared: &Shared, me: usize, ok: bool) {
    let mut st = shared.lock();
    let p = &mut st.procs[me];
    if !p.phase.is_terminal() {
        if matches!(p.phase, Phase::Running) {
            st.running -= 1;
        }
        st.procs[me].phase = if ok { Phase::Finished } else { Phase::Failed };
        gone_cascade(shared, &mut st, me, None);
    }
    deadlock_if_idle(shared, &mut st, None);
}

fn panic_message(p: &(dyn Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".into()
    }
}

/// Runs one process per entry of `ids` on the worker pool, `body` given the process's ctx; returns
/// each process's result in `ids` order. Deterministic: results and the reported error never depend
/// on scheduling or on the number of workers (a trap in the lowest-indexed failing process wins;
/// peers aborted because of it are not reported as deadlocked).
///
/// `ids[i].index` must be `i`.
pub fn run_processes<T: Send>(
    ids: &[ProcessId],
    limits: Limits,
    body: impl Fn(&DeviceCtx<'_>) -> IResult<T> + Sync,
) -> IResult<Vec<T>> {
    run_processes_in(ids, limits, RunEnv::default(), body)
}

/// `run_processes` with run-wide facts the processes can read through `Comm::env`.
pub fn run_processes_in<T: Send>(
    ids: &[ProcessId],
    limits: Limits,
    env: RunEnv,
    body: impl Fn(&DeviceCtx<'_>) -> IResult<T> + Sync,
) -> IResult<Vec<T>> {
    run_processes_on(worker_threads(), ids, limits, env, body)
}

/// `run_processes_in` on `workers` worker threads (at most one per process).
pub fn run_processes_on<T: Send>(
    workers: usize,
    ids: &[ProcessId],
    limits: Limits,
    env: RunEnv,
    body: impl Fn(&DeviceCtx<'_>) -> IResult<T> + Sync,
) -> IResult<Vec<T>> {
    if let Some((i, id)) = ids.iter().enumerate().find(|(i, id)| id.index != *i) {
        return Err(InterpError::invalid(Span::NONE, format!("process {i} has index {}", id.index)));
    }
    let n = ids.len();
    let workers = workers.min(n).max(1);
    let shared = Shared {
        ids: ids.to_vec(),
        env,
        state: Mutex::new(State {
            procs: ids
                .iter()
                .map(|_| Proc { phase: Phase::Running, result: None, blocked_in: None, source: None })
                .collect(),
            running: n,
            pending: HashMap::new(),
            ready: vec![VecDeque::new(); workers],
        }),
        wake: (0..workers).map(|_| Condvar::new()).collect(),
    };
    let (shared, body) = (&shared, &body);
    let mut outcomes: Vec<Option<IResult<T>>> = (0..n).map(|_| None).collect();
    // Started from a thread of a rayon pool, the run's kernels stay on its worker threads
    // (`crate::par` says why: the pool's threads may all be waiting here).
    let sequential = rayon::current_thread_index().is_some();
    let per_worker: Vec<Vec<(usize, IResult<T>)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                std::thread::Builder::new().name(format!("shardref-worker-{w}")).spawn_scoped(s, move || {
                    crate::par::set_sequential(sequential);
                    worker(shared, limits, body, w)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| match h {
                Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
                Err(e) => std::panic::panic_any(format!("could not start a worker thread: {e}")),
            })
            .collect()
    });
    for (i, r) in per_worker.into_iter().flatten() {
        outcomes[i] = Some(r);
    }
    let outcomes: Vec<IResult<T>> = outcomes
        .into_iter()
        .zip(ids)
        .map(|(r, id)| {
            r.unwrap_or_else(|| {
                Err(InterpError::invalid(Span::NONE, format!("internal error: {} never ran", device_name(id))))
            })
        })
        .collect();
    let st = shared.lock();
    // 1. The lowest-indexed process that failed on its own.
    for (i, r) in outcomes.iter().enumerate() {
        if matches!(st.procs[i].phase, Phase::Failed)
            && let Err(e) = r
        {
            let mut e = e.clone();
            if ids.len() > 1 {
                e.message = format!("{}: {}", device_name(&ids[i]), e.message);
            }
            return Err(e);
        }
    }
    // 2. Processes that waited forever: one deadlock report naming what each waits on.
    let stuck: Vec<usize> = (0..ids.len()).filter(|&i| matches!(st.procs[i].phase, Phase::Stuck)).collect();
    if let Some(&first) = stuck.first() {
        let mut msg = String::from("deadlock: no device can make progress:");
        for i in 0..ids.len() {
            match (&st.procs[i].phase, &st.procs[i].blocked_in) {
                (Phase::Stuck, Some(w)) => {
                    let _ = write!(
                        msg,
                        " {} waits in {} at {} for group {:?};",
                        device_name(&ids[i]),
                        w.key.op,
                        where_(&st, i, w.span),
                        w.group
                    );
                }
                (Phase::Finished, _) => {
                    let _ = write!(msg, " {} finished;", device_name(&ids[i]));
                }
                _ => {}
            }
        }
        msg.pop();
        let span = st.procs[first].blocked_in.as_ref().map(|w| w.span).unwrap_or(Span::NONE);
        return Err(InterpError::new(ErrorKind::ResourceExhausted, span, msg));
    }
    // 3. Every process finished. (An aborted process implies a failed one, handled above.)
    drop(st);
    let mut out = Vec::with_capacity(ids.len());
    for r in outcomes {
        out.push(r?);
    }
    Ok(out)
}

/// One process's coroutine.
type Process<'a, T> = ScopedCoroutine<'a, (), (), IResult<T>, DefaultStack>;

/// Worker `w`: starts its processes (`w`, `w + W`, …) in order and resumes them as their exchanges are
/// decided, until all of them have returned; returns their results.
fn worker<'a, T: Send + 'a>(
    shared: &'a Shared,
    limits: Limits,
    body: &'a (impl Fn(&DeviceCtx<'_>) -> IResult<T> + Sync),
    w: usize,
) -> Vec<(usize, IResult<T>)> {
    let workers = shared.wake.len();
    let mine: Vec<usize> = (w..shared.ids.len()).step_by(workers).collect();
    let mut next_start = 0;
    let mut live: HashMap<usize, Process<'a, T>> = HashMap::new();
    let mut spare: Vec<DefaultStack> = vec![];
    let mut done = vec![];
    while done.len() < mine.len() {
        // Resume a process whose exchange was decided, else start the next one, else wait.
        let woken = {
            let mut st = shared.lock();
            loop {
                if let Some(p) = st.ready[w].pop_front() {
                    break Some(p);
                }
                if next_start < mine.len() {
                    break None;
                }
                st = shared.wake[w].wait(st).unwrap_or_else(|e| e.into_inner());
            }
        };
        let (p, mut co) = match woken {
            Some(p) => match live.remove(&p) {
                Some(co) => (p, co),
                // A stale wake-up of a process that already returned.
                None => continue,
            },
            None => {
                let p = mine[next_start];
                next_start += 1;
                let stack = match spare.pop() {
                    Some(s) => s,
                    None => match DefaultStack::new(PROCESS_STACK_BYTES) {
                        Ok(s) => s,
                        Err(e) => {
                            let id = shared.ids[p];
                            finish(shared, p, false);
                            let msg = format!("could not allocate a stack for {}: {e}", device_name(&id));
                            done.push((p, Err(InterpError::exhausted(Span::NONE, msg))));
                            continue;
                        }
                    },
                };
                let id = shared.ids[p];
                let co: Process<'a, T> = ScopedCoroutine::with_stack(stack, move |yielder, ()| {
                    let ctx = DeviceCtx { id, limits, shared, yielder };
                    let r = match catch_unwind(AssertUnwindSafe(|| body(&ctx))) {
                        Ok(r) => r,
                        Err(e) => Err(InterpError::invalid(
                            Span::NONE,
                            format!("internal error: {} panicked: {}", device_name(&id), panic_message(&*e)),
                        )),
                    };
                    finish(shared, id.index, r.is_ok());
                    r
                });
                (p, co)
            }
        };
        match co.resume(()) {
            CoroutineResult::Yield(()) => {
                live.insert(p, co);
            }
            CoroutineResult::Return(r) => {
                spare.push(co.into_stack());
                done.push((p, r));
            }
        }
    }
    done
}

/// The ids of a `num_replicas` × `num_partitions` process grid, replica-major
/// (process `replica * num_partitions + partition`), as `interpreter.run_parallel` lays out its programs.
pub fn grid(num_replicas: u32, num_partitions: u32) -> Vec<ProcessId> {
    let mut ids = Vec::with_capacity(num_replicas as usize * num_partitions as usize);
    for replica in 0..num_replicas {
        for partition in 0..num_partitions {
            ids.push(ProcessId { index: ids.len(), replica, partition });
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{Buffer, Tensor};
    use shardref_spec::ir::{ElemType, Signedness};

    fn scalar(x: i64) -> Value {
        Value::Tensor(Tensor::new(
            vec![],
            ElemType::Int { width: 64, signedness: Signedness::Signless },
            Buffer::I64(vec![x].into()),
        ))
    }

    fn get(v: &Value) -> i64 {
        match v {
            Value::Tensor(t) => match &t.buf {
                Buffer::I64(b) => b[0],
                _ => panic!("not i64"),
            },
            _ => panic!("not a tensor"),
        }
    }

    fn key(op: &str) -> CollectiveKey {
        CollectiveKey { op: op.into(), signature: "tensor<i64>".into() }
    }

    fn sp(i: u32) -> Span {
        Span { start: i, end: i + 1 }
    }

    #[test]
    fn exchange_returns_payloads_in_group_order() {
        let ids = grid(1, 4);
        let r = run_processes(&ids, Limits::default(), |ctx| {
            let me = ctx.id().index;
            // Groups {0,1} and {2,3}, listed in reverse order.
            let group: Vec<usize> = if me < 2 { vec![1, 0] } else { vec![3, 2] };
            let got = ctx.exchange(sp(0), key("all_gather"), &group, vec![scalar(me as i64 * 10)])?;
            Ok(got.iter().map(|p| get(&p[0])).collect::<Vec<_>>())
        })
        .unwrap();
        assert_eq!(r, vec![vec![10, 0], vec![10, 0], vec![30, 20], vec![30, 20]]);
    }

    #[test]
    fn groups_of_one_and_repeated_exchanges() {
        let ids = grid(2, 1);
        let r = run_processes(&ids, Limits::default(), |ctx| {
            let me = ctx.id().index;
            let mut acc = me as i64;
            for round in 0..50 {
                let solo = ctx.exchange(sp(1), key("solo"), &[me], vec![scalar(acc)])?;
                acc = get(&solo[0][0]) + round;
                let both = ctx.exchange(sp(2), key("sum"), &[0, 1], vec![scalar(acc)])?;
                acc = both.iter().map(|p| get(&p[0])).sum();
            }
            Ok(acc)
        })
        .unwrap();
        assert_eq!(r[0], r[1]);
    }

    #[test]
    fn zero_processes() {
        let r = run_processes(&[], Limits::default(), |_| Ok(1)).unwrap();
        assert!(r.is_empty());
    }

    #[test]
    fn deadlock_names_what_each_device_waits_on() {
        let ids = grid(1, 3);
        let e = run_processes(&ids, Limits::default(), |ctx| {
            let me = ctx.id().index;
            // 0 and 1 wait for each other in different groups; 2 waits for 0 and 2.
            let group: Vec<usize> = match me {
                0 => vec![0, 1],
                1 => vec![1, 2],
                _ => vec![0, 2],
            };
            ctx.exchange(sp(me as u32), key("all_reduce"), &group, vec![])?;
            Ok(())
        })
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::ResourceExhausted);
        assert!(e.message.starts_with("deadlock"), "{}", e.message);
        for want in [
            "device 0 (replica 0, partition 0) waits in all_reduce at an unknown line for group [0, 1]",
            "device 1 (replica 0, partition 1) waits in all_reduce at an unknown line for group [1, 2]",
            "device 2 (replica 0, partition 2) waits in all_reduce at an unknown line for group [0, 2]",
        ] {
            assert!(e.message.contains(want), "{}", e.message);
        }
        assert_eq!(e.span, sp(0));
    }

    #[test]
    fn deadlock_when_a_peer_finishes_without_arriving() {
        let ids = grid(1, 2);
        let e = run_processes(&ids, Limits::default(), |ctx| {
            if ctx.id().index == 1 {
                ctx.exchange(sp(7), key("collective_permute"), &[0, 1], vec![])?;
            }
            Ok(())
        })
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::ResourceExhausted);
        assert!(e.message.contains("device 0 (replica 0, partition 0) finished"), "{}", e.message);
        assert!(e.message.contains("device 1 (replica 0, partition 1) waits in collective_permute"), "{}", e.message);
        assert_eq!(e.span, sp(7));
    }

    #[test]
    fn key_mismatch_names_devices_and_keys() {
        let ids = grid(2, 1);
        let e = run_processes(&ids, Limits::default(), |ctx| {
            let op = if ctx.id().index == 0 { "all_reduce" } else { "all_gather" };
            ctx.exchange(sp(ctx.id().index as u32), key(op), &[0, 1], vec![])?;
            Ok(())
        })
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Trap);
        assert!(e.message.contains("mismatched collectives"), "{}", e.message);
        assert!(
            e.message.contains("device 0 (replica 0, partition 0) calls all_reduce [tensor<i64>]"),
            "{}",
            e.message
        );
        assert!(
            e.message.contains("device 1 (replica 1, partition 0) calls all_gather [tensor<i64>]"),
            "{}",
            e.message
        );
        assert_eq!(e.span, sp(0));
    }

    #[test]
    fn group_order_mismatch_is_reported() {
        let ids = grid(1, 2);
        let e = run_processes(&ids, Limits::default(), |ctx| {
            let g: Vec<usize> = if ctx.id().index == 0 { vec![0, 1] } else { vec![1, 0] };
            ctx.exchange(sp(0), key("all_gather"), &g, vec![])?;
            Ok(())
        })
        .unwrap_err();
        assert!(e.message.contains("mismatched collectives"), "{}", e.message);
        assert!(e.message.contains("with group [1, 0]"), "{}", e.message);
    }

    #[test]
    fn failing_peer_aborts_waiters_and_wins() {
        // Device 2 traps; devices 0 and 1 wait for it and are aborted, not reported as deadlocked.
        let ids = grid(1, 4);
        let e = run_processes(&ids, Limits::default(), |ctx| {
            let me = ctx.id().index;
            if me == 2 {
                return Err(InterpError::trap(sp(99), "division by zero"));
            }
            ctx.exchange(sp(me as u32), key("all_reduce"), &[0, 1, 2, 3], vec![])?;
            Ok(())
        })
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Trap);
        assert_eq!(e.message, "device 2 (replica 0, partition 2): division by zero");
        assert_eq!(e.span, sp(99));
    }

    #[test]
    fn lowest_indexed_own_failure_wins() {
        let ids = grid(1, 4);
        for _ in 0..20 {
            let e = run_processes(&ids, Limits::default(), |ctx| {
                let me = ctx.id().index;
                if me == 3 {
                    return Err(InterpError::trap(sp(3), "three"));
                }
                if me == 1 {
                    // Fails only after a long computation, while 3 fails at once.
                    let mut x = 0u64;
                    for i in 0..200_000u64 {
                        x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
                    }
                    let _ = x;
                    return Err(InterpError::trap(sp(1), "one"));
                }
                ctx.exchange(sp(0), key("all_reduce"), &[0, 2], vec![])?;
                Ok(())
            })
            .unwrap_err();
            assert_eq!(e.message, "device 1 (replica 0, partition 1): one");
        }
    }

    #[test]
    fn panics_become_errors() {
        let ids = grid(1, 2);
        let e = run_processes(&ids, Limits::default(), |ctx| -> IResult<()> {
            if ctx.id().index == 0 {
                panic!("boom");
            }
            ctx.exchange(sp(0), key("x"), &[0, 1], vec![])?;
            Ok(())
        })
        .unwrap_err();
        assert!(e.message.contains("panicked: boom"), "{}", e.message);
    }

    #[test]
    fn bad_groups_are_errors() {
        let ids = grid(1, 2);
        let e = run_processes(&ids, Limits::default(), |ctx| {
            ctx.exchange(sp(0), key("x"), &[0, 5], vec![])?;
            Ok(())
        })
        .unwrap_err();
        assert!(e.message.contains("names process 5"), "{}", e.message);
        let e = run_processes(&ids, Limits::default(), |ctx| {
            let other = 1 - ctx.id().index;
            ctx.exchange(sp(0), key("x"), &[other], vec![])?;
            Ok(())
        })
        .unwrap_err();
        assert!(e.message.contains("not a member of its own group"), "{}", e.message);
    }

    #[test]
    fn results_and_errors_are_the_same_every_run() {
        // A mix of rounds with shifting groups, a mismatch in round 7 for some configurations,
        // and a deadlock in others; every repetition must give the identical answer.
        fn once(variant: usize, workers: usize) -> Result<Vec<i64>, String> {
            let ids = grid(2, 3);
            run_processes_on(workers, &ids, Limits::default(), RunEnv::default(), |ctx| {
                let me = ctx.id().index;
                let mut acc = me as i64 + 1;
                for round in 0..12usize {
                    // Pairs, shifted pairs and triples in turn, so groups overlap across rounds.
                    let group: Vec<usize> = match round % 3 {
                        0 => vec![me & !1, me | 1],
                        1 => {
                            let base = if me % 2 == 1 { me } else { (me + 5) % 6 };
                            vec![base, (base + 1) % 6]
                        }
                        _ => vec![me % 2, me % 2 + 2, me % 2 + 4],
                    };
                    let op = if variant == 1 && round == 7 && me == 4 { "all_gather" } else { "all_reduce" };
                    if variant == 2 && round == 9 && me == 5 {
                        return Ok(vec![acc]);
                    }
                    let got = ctx.exchange(sp(round as u32), key(op), &group, vec![scalar(acc)])?;
                    acc = got.iter().map(|p| get(&p[0])).fold(0i64, |a, b| a.wrapping_mul(3).wrapping_add(b));
                }
                Ok(vec![acc])
            })
            .map(|v| v.into_iter().flatten().collect())
            .map_err(|e| format!("{:?} {:?} {}", e.kind, e.span, e.message))
        }
        for variant in 0..3 {
            let first = once(variant, 1);
            for rep in 0..60 {
                let workers = 1 + rep % 4;
                assert_eq!(once(variant, workers), first, "variant {variant} on {workers} workers");
            }
            if variant == 0 {
                assert!(first.is_ok());
            } else {
                assert!(first.is_err());
            }
        }
    }

    #[test]
    fn thousands_of_processes_give_the_same_results_on_any_number_of_workers() {
        // 2048 processes: pairs, groups of 64 listed in reverse, and a ring of neighbours, in turn.
        fn once(workers: usize) -> Vec<i64> {
            let ids = grid(1, 2048);
            run_processes_on(workers, &ids, Limits::default(), RunEnv::default(), |ctx| {
                let me = ctx.id().index;
                let mut acc = me as i64;
                for round in 0..6usize {
                    let group: Vec<usize> = match round % 3 {
                        0 => vec![me & !1, me | 1],
                        1 => (0..64).rev().map(|k| me / 64 * 64 + k).collect(),
                        _ => {
                            let base = if round % 2 == 0 { me & !3 } else { me / 4 * 4 };
                            (base..base + 4).collect()
                        }
                    };
                    let got = ctx.exchange(sp(round as u32), key("all_reduce"), &group, vec![scalar(acc)])?;
                    acc = got.iter().map(|p| get(&p[0])).fold(0i64, |a, b| a.wrapping_mul(7).wrapping_add(b));
                }
                Ok(acc)
            })
            .unwrap()
        }
        let one = once(1);
        assert_eq!(one.len(), 2048);
        assert_eq!(once(2), one);
        assert_eq!(once(5), one);
    }

    #[test]
    fn deadlock_among_thousands_is_found_on_one_worker() {
        // Every process but the last meets its pair; the last pair's first member waits for a
        // member that finished without arriving.
        let ids = grid(1, 1024);
        let e = run_processes_on(1, &ids, Limits::default(), RunEnv::default(), |ctx| {
            let me = ctx.id().index;
            if me != 1023 {
                ctx.exchange(sp(1), key("all_gather"), &[me & !1, me | 1], vec![])?;
            }
            Ok(())
        })
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::ResourceExhausted);
        assert!(e.message.contains("device 1022 (replica 0, partition 1022) waits in all_gather"), "{}", e.message);
        assert!(e.message.contains("device 1023 (replica 0, partition 1023) finished"), "{}", e.message);
    }
}
