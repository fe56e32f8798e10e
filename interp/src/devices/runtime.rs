//! Deterministic simulated processes and their rendezvous.
//!
//! Every simulated process (a device of the StableHLO process grid, or of an
//! sdy mesh) runs on its own OS thread with a large stack, because the
//! evaluator is recursive. Processes meet only through `DeviceCtx::exchange`:
//! a process states the group of processes it talks to, a key the members
//! must agree on, and a payload; it blocks until every member of the group
//! has called `exchange` with that group, and then every member receives all
//! payloads in group order.
//!
//! Determinism. Each process is a deterministic function of the results of
//! its exchanges, and an exchange's result is a deterministic function of the
//! members' payloads (in group order, never arrival order). So every process
//! has a fate that does not depend on scheduling: it finishes, it fails on its
//! own (a trap, an invalid program, a key mismatch in one of its groups), or
//! it blocks forever in one particular exchange. The runtime reports:
//! 1. the error of the lowest-indexed process that failed on its own, if any
//!    (processes that were waiting for a failed process are aborted, and an
//!    aborted process is never reported);
//! 2. otherwise, if some process blocked forever, a deadlock error that names
//!    what every blocked process waits on (op, line, group) and which
//!    processes had already finished;
//! 3. otherwise every process's result, in process order.
//!
//! Blocking is detected exactly, never with a wall-clock timeout: a waiting
//! process is blocked forever when a member of its group has terminated, or
//! when no process is running any more (every live process waits and no
//! group is complete, since a group completes the moment its last member
//! arrives).
//!
//! Group identity. Members must name the same set of processes. A group
//! completes when every member is waiting on a group with the same set; the
//! key comparison then also compares the groups' order, so two members that
//! list the same processes in different orders are a mismatch, and members
//! that list different sets wait for each other and end in a deadlock report
//! that shows both groups.

use std::any::Any;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use shardref_spec::Source;
use shardref_spec::diag::{LineIndex, location};
use shardref_spec::ir::Span;

use crate::error::{ErrorKind, IResult, InterpError};
use crate::eval::Limits;
use crate::value::Value;

/// Stack size of every simulated process's thread. The evaluator recurses per
/// call and per region; this is eight times the usual main-thread stack, and
/// only the pages a process touches are ever committed.
pub const PROCESS_STACK_BYTES: usize = 64 << 20;

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

/// Where a process is in its life.
enum Phase {
    Running,
    /// Blocked in `exchange`.
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

/// An exchange a process is blocked in.
struct Wait {
    span: Span,
    key: CollectiveKey,
    group: Vec<usize>,
    payload: Vec<Value>,
}

/// What a process was blocked in when it was declared stuck (for the deadlock report).
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
    /// The exchange this process was blocked in when it became stuck or aborted.
    blocked_in: Option<WaitInfo>,
    /// The program text, for naming lines in messages (registered by `Interp::on_device`).
    source: Option<Arc<Source>>,
}

struct State {
    procs: Vec<Proc>,
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
    cv: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave the state half-updated in a way that matters
        // more than the panic itself, which is reported as that process's failure.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A process's handle to the rendezvous, passed to `Interp` (see `Interp::on_device`).
pub struct DeviceCtx {
    id: ProcessId,
    limits: Limits,
    shared: Arc<Shared>,
}

impl DeviceCtx {
    pub fn id(&self) -> ProcessId {
        self.id
    }

    /// The limits of this process's run (each process has its own fuel budget).
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The run-wide facts (channels, infeed).
    pub fn env(&self) -> &RunEnv {
        &self.shared.env
    }

    /// Identities of every process of the run, in process order.
    pub fn processes(&self) -> &[ProcessId] {
        &self.shared.ids
    }

    /// Records the program text this process runs, so that messages about it can name lines.
    pub fn set_source(&self, source: Option<Arc<Source>>) {
        let mut st = self.shared.lock();
        st.procs[self.id.index].source = source;
    }

    /// Blocks until every process in `group` (process indices, in group order, containing this process)
    /// has called `exchange` with this group; returns every member's payload in group order.
    /// Errors (as `InterpError` with `span`): key mismatch within the group (names the devices),
    /// deadlock (every live process blocked and no group complete: names what each device waits on,
    /// never a wall-clock timeout), a peer failed or finished without arriving.
    pub fn exchange(
        &self,
        span: Span,
        key: CollectiveKey,
        group: &[usize],
        payload: Vec<Value>,
    ) -> IResult<Vec<Vec<Value>>> {
        let me = self.id.index;
        let n = self.shared.ids.len();
        if !group.contains(&me) {
            return Err(InterpError::invalid(
                span,
                format!("{} is not a member of its own group {group:?}", device_name(&self.shared.ids[me])),
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
        let mut st = self.shared.lock();
        if st.procs[me].phase.is_terminal() {
            return Err(InterpError::invalid(span, "exchange after this process was terminated"));
        }
        st.procs[me].result = None;
        st.procs[me].phase = Phase::Waiting(Wait { span, key, group: group.to_vec(), payload });
        try_complete(&self.shared.ids, &mut st, group);
        settle(&self.shared.ids, &mut st);
        self.shared.cv.notify_all();
        loop {
            if let Some(r) = st.procs[me].result.take() {
                return r;
            }
            st = self.shared.cv.wait(st).unwrap_or_else(|e| e.into_inner());
        }
    }
}

fn device_name(id: &ProcessId) -> String {
    format!("device {} (replica {}, partition {})", id.index, id.replica, id.partition)
}

fn same_set(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
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

/// Completes `group` if every member waits on it: decides every member's result.
fn try_complete(ids: &[ProcessId], st: &mut State, group: &[usize]) {
    let all_waiting =
        group.iter().all(|&p| matches!(&st.procs[p].phase, Phase::Waiting(w) if same_set(&w.group, group)));
    if !all_waiting {
        return;
    }
    let waits: Vec<&Wait> = group
        .iter()
        .map(|&p| match &st.procs[p].phase {
            Phase::Waiting(w) => w,
            _ => unreachable!("checked above"),
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
                device_name(&ids[p]),
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
    }
}

/// Terminates the waiters that can never complete, until nothing changes.
fn settle(ids: &[ProcessId], st: &mut State) {
    loop {
        let mut changed = false;
        for w in 0..st.procs.len() {
            let Phase::Waiting(wait) = &st.procs[w].phase else { continue };
            // A member that terminated will never arrive.
            let mut failed_peer = None;
            let mut gone_peer = None;
            for &p in &wait.group {
                match st.procs[p].phase {
                    Phase::Failed | Phase::Aborted => failed_peer = failed_peer.or(Some(p)),
                    Phase::Finished | Phase::Stuck => gone_peer = gone_peer.or(Some(p)),
                    Phase::Running | Phase::Waiting(_) => {}
                }
            }
            let info = WaitInfo { span: wait.span, key: wait.key.clone(), group: wait.group.clone() };
            if let Some(p) = failed_peer {
                let msg = format!("aborted: {} failed before joining this {}", device_name(&ids[p]), info.key.op);
                terminate(st, w, Phase::Aborted, info, InterpError::trap(Span::NONE, msg));
                changed = true;
            } else if let Some(p) = gone_peer {
                let msg = format!("{} can never join this {}", device_name(&ids[p]), info.key.op);
                terminate(st, w, Phase::Stuck, info, InterpError::exhausted(Span::NONE, msg));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // When no process runs, nothing can arrive any more: every waiter is blocked forever.
    let running = st.procs.iter().any(|p| matches!(p.phase, Phase::Running));
    if !running {
        for w in 0..st.procs.len() {
            let Phase::Waiting(wait) = &st.procs[w].phase else { continue };
            let info = WaitInfo { span: wait.span, key: wait.key.clone(), group: wait.group.clone() };
            let msg = format!("deadlock: every live device waits and no group can complete ({})", info.key.op);
            terminate(st, w, Phase::Stuck, info, InterpError::exhausted(Span::NONE, msg));
        }
    }
}

fn terminate(st: &mut State, w: usize, phase: Phase, info: WaitInfo, e: InterpError) {
    let span = info.span;
    st.procs[w].blocked_in = Some(info);
    st.procs[w].phase = phase;
    st.procs[w].result = Some(Err(e.at(span)));
}

/// Records that process `me`'s body returned.
fn finish(shared: &Shared, me: usize, ok: bool) {
    let mut st = shared.lock();
    let p = &mut st.procs[me];
    if !p.phase.is_terminal() {
        p.phase = if ok { Phase::Finished } else { Phase::Failed };
    }
    settle(&shared.ids, &mut st);
    shared.cv.notify_all();
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

/// Runs one process per entry of `ids`, each on its own thread (large stack), `body` given the process's
/// ctx; returns each process's result in `ids` order. Deterministic: results and the reported error never depend on
/// scheduling (a trap in the lowest-indexed failing process wins; peers aborted because of it are not reported
/// as deadlocked).
///
/// `ids[i].index` must be `i`.
pub fn run_processes<T: Send>(
    ids: &[ProcessId],
    limits: Limits,
    body: impl Fn(&DeviceCtx) -> IResult<T> + Sync,
) -> IResult<Vec<T>> {
    run_processes_in(ids, limits, RunEnv::default(), body)
}

/// `run_processes` with run-wide facts the processes can read through `DeviceCtx::env`.
pub fn run_processes_in<T: Send>(
    ids: &[ProcessId],
    limits: Limits,
    env: RunEnv,
    body: impl Fn(&DeviceCtx) -> IResult<T> + Sync,
) -> IResult<Vec<T>> {
    if let Some((i, id)) = ids.iter().enumerate().find(|(i, id)| id.index != *i) {
        return Err(InterpError::invalid(Span::NONE, format!("process {i} has index {}", id.index)));
    }
    let shared = Arc::new(Shared {
        ids: ids.to_vec(),
        env,
        state: Mutex::new(State {
            procs: ids
                .iter()
                .map(|_| Proc { phase: Phase::Running, result: None, blocked_in: None, source: None })
                .collect(),
        }),
        cv: Condvar::new(),
    });
    let body = &body;
    let outcomes: Vec<IResult<T>> = std::thread::scope(|s| {
        let mut handles = Vec::with_capacity(ids.len());
        for &id in ids {
            let ctx = DeviceCtx { id, limits, shared: shared.clone() };
            let spawned = std::thread::Builder::new()
                .name(format!("shardref-device-{}", id.index))
                .stack_size(PROCESS_STACK_BYTES)
                .spawn_scoped(s, move || {
                    let r = match catch_unwind(AssertUnwindSafe(|| body(&ctx))) {
                        Ok(r) => r,
                        Err(p) => Err(InterpError::invalid(
                            Span::NONE,
                            format!("internal error: {} panicked: {}", device_name(&ctx.id), panic_message(&*p)),
                        )),
                    };
                    finish(&ctx.shared, ctx.id.index, r.is_ok());
                    r
                });
            match spawned {
                Ok(h) => handles.push(Some(h)),
                Err(e) => {
                    // The process never runs: it counts as failed, so its peers do not wait for it.
                    finish(&shared, id.index, false);
                    handles.push(None);
                    let _ = e;
                }
            }
        }
        handles
            .into_iter()
            .zip(ids)
            .map(|(h, id)| match h {
                Some(h) => h.join().unwrap_or_else(|p| {
                    Err(InterpError::invalid(
                        Span::NONE,
                        format!("internal error: {} panicked: {}", device_name(id), panic_message(&*p)),
                    ))
                }),
                None => {
                    Err(InterpError::exhausted(Span::NONE, format!("could not start a thread for {}", device_name(id))))
                }
            })
            .collect()
    });
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
    // 2. Processes blocked forever: one deadlock report naming what each waits on.
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
        fn once(variant: usize) -> Result<Vec<i64>, String> {
            let ids = grid(2, 3);
            run_processes(&ids, Limits::default(), |ctx| {
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
            let first = once(variant);
            for _ in 0..60 {
                assert_eq!(once(variant), first, "variant {variant}");
            }
            if variant == 0 {
                assert!(first.is_ok());
            } else {
                assert!(first.is_err());
            }
        }
    }
}
