//! Collectives on simulated devices: determinism over repeated runs, the
//! documented reduction order, point-to-point channels, infeed/outfeed, the
//! process grid, and the runtime used directly with `Interp::on_device`.
//! (The `.mlir` cases in `tests/programs/collectives.mlir` cover each op's
//! semantics and the expected errors.)

use shardref_interp::devices::runtime::{self, Comm, ProcessId};
use shardref_interp::eval::{Interp, Limits, Outcome};
use shardref_interp::run;
use shardref_interp::{ErrorKind, InterpError, Value};
use shardref_spec::ir::Span;

fn module(text: &str) -> shardref_spec::ir::Module {
    match shardref_spec::parse("test.mlir", text) {
        Ok(m) => m,
        Err(r) => panic!("parse error:\n{r}"),
    }
}

fn run_main(text: &str) -> Result<Outcome, InterpError> {
    run(&module(text), "main", vec![], Limits { fuel: 10_000_000, ..Limits::default() })
}

fn printed_results(o: &Outcome) -> Vec<String> {
    o.results.iter().map(|v| shardref_interp::print::value(v).unwrap()).collect()
}

fn assert_checks_hold(text: &str) -> Outcome {
    let o = run_main(text).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.check_failures.is_empty(), "{:?}", o.check_failures);
    assert!(o.checks_run > 0);
    o
}

/// Four processes doing a chain of collectives whose float results depend on
/// the order of operations; every repetition must give bitwise the same values.
const CHAIN: &str = r#"
module @chain {
  func.func @f(%x : tensor<3xf32>) -> (tensor<3xf32>, tensor<6xf32>, tensor<3xf32>) {
    %pid = stablehlo.partition_id : tensor<ui32>
    %rid = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.convert %pid : (tensor<ui32>) -> tensor<f32>
    %r = stablehlo.convert %rid : (tensor<ui32>) -> tensor<f32>
    %k = stablehlo.multiply %p, %r : tensor<f32>
    %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %y = stablehlo.add %x, %kb : tensor<3xf32>
    %s = "stablehlo.all_reduce"(%y) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %t = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %t : tensor<f32>
    }) {
      replica_groups = dense<[[3, 1, 2, 0]]> : tensor<1x4xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
      use_global_device_ids
    } : (tensor<3xf32>) -> tensor<3xf32>
    %g = "stablehlo.all_gather"(%s) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<3xf32>) -> tensor<6xf32>
    %q = "stablehlo.collective_permute"(%y) {
      source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 2, type = 0>
    } : (tensor<3xf32>) -> tensor<3xf32>
    return %s, %g, %q : tensor<3xf32>, tensor<6xf32>, tensor<3xf32>
  }
  func.func @main() -> (tensor<3xf32>, tensor<6xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<3xf32>,
                        tensor<3xf32>, tensor<6xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<3xf32>) {
    %a = stablehlo.constant dense<[1.0e8, 0.1, 3.0]> : tensor<3xf32>
    %b = stablehlo.constant dense<[1.0, 0.2, -3.0]> : tensor<3xf32>
    %c = stablehlo.constant dense<[-1.0e8, 0.3, 1.0e-7]> : tensor<3xf32>
    %d = stablehlo.constant dense<[0.5, 0.4, 7.0]> : tensor<3xf32>
    %r:12 = "interpreter.run_parallel"(%a, %b, %c, %d) {
      programs = [[@f, @f], [@f, @f]]
    } : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) ->
        (tensor<3xf32>, tensor<6xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<3xf32>,
         tensor<3xf32>, tensor<6xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<3xf32>)
    return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11 :
      tensor<3xf32>, tensor<6xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<3xf32>,
      tensor<3xf32>, tensor<6xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<3xf32>
  }
}
"#;

#[test]
fn repeated_runs_give_bitwise_identical_results() {
    let m = module(CHAIN);
    let first = run(&m, "main", vec![], Limits::default()).unwrap();
    let want = printed_results(&first);
    for _ in 0..40 {
        let again = run(&m, "main", vec![], Limits::default()).unwrap();
        assert_eq!(printed_results(&again), want);
    }
}

#[test]
fn all_reduce_folds_in_ascending_process_order() {
    // Processes 0..3 hold 1e8, 1, -1e8, 0.5 in element 0 (process 3 adds 1 from its
    // partition_id × replica_id). In f32, ((1e8 + 1) + -1e8) + 1.5 = 1.5: 1e8 + 1 rounds to 1e8.
    // The group lists the processes as [3, 1, 2, 0], which must not change the order.
    let o = run_main(CHAIN).unwrap();
    let s0 = &printed_results(&o)[0];
    assert!(s0.contains("1.500000e+00"), "{s0}");
    // Every process gets the same reduction.
    let all = printed_results(&o);
    assert_eq!(all[0], all[3]);
    assert_eq!(all[0], all[6]);
    assert_eq!(all[0], all[9]);
}

#[test]
fn errors_are_the_same_every_run() {
    // Process 1 traps (unknown custom_call) after a collective; processes 0 and 2 then
    // disagree in a later all_gather; process 3 waits forever for process 1.
    let text = r#"
module @errors {
  func.func @f(%x : tensor<2xi32>) -> tensor<2xi32> {
    %pid = stablehlo.partition_id : tensor<ui32>
    %s = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %t = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %t : tensor<i32>
    }) {
      replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
      use_global_device_ids
    } : (tensor<2xi32>) -> tensor<2xi32>
    return %s : tensor<2xi32>
  }
  func.func @bad(%x : tensor<2xi32>) -> tensor<2xi32> {
    %s = call @f(%x) : (tensor<2xi32>) -> tensor<2xi32>
    %u = stablehlo.custom_call @no_such_target(%s) : (tensor<2xi32>) -> tensor<2xi32>
    return %u : tensor<2xi32>
  }
  func.func @g(%x : tensor<2xi32>) -> tensor<2xi32> {
    %s = call @f(%x) : (tensor<2xi32>) -> tensor<2xi32>
    %g = "stablehlo.all_gather"(%s) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 3, type = 0>,
      use_global_device_ids
    } : (tensor<2xi32>) -> tensor<4xi32>
    return %s : tensor<2xi32>
  }
  func.func @h(%x : tensor<2xi32>) -> tensor<2xi32> {
    %s = call @f(%x) : (tensor<2xi32>) -> tensor<2xi32>
    %g = "stablehlo.all_gather"(%s) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 4, type = 0>,
      use_global_device_ids
    } : (tensor<2xi32>) -> tensor<4xi32>
    return %s : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %r:4 = "interpreter.run_parallel"(%a, %a, %a, %a) {
      programs = [[@g, @bad, @h, @g]]
    } : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    func.return
  }
}
"#;
    let m = module(text);
    let first = run(&m, "main", vec![], Limits::default()).unwrap_err();
    // Process 0's mismatch (lowest index of the processes that failed on their own) wins over process 1's
    // unsupported custom_call, and process 3 (waiting for process 1) is not reported.
    assert_eq!(first.kind, ErrorKind::Trap, "{first}");
    assert!(first.message.starts_with("device 0 (replica 0, partition 0): mismatched collectives"), "{first}");
    assert!(first.message.contains("channel 3") && first.message.contains("channel 4"), "{first}");
    for _ in 0..40 {
        assert_eq!(run(&m, "main", vec![], Limits::default()).unwrap_err(), first);
    }
}

#[test]
fn send_recv_pairs_a_channel_in_program_order() {
    assert_checks_hold(
        r#"
module @p2p {
  func.func @send(%x : tensor<2xi64>, %t : !stablehlo.token) -> !stablehlo.token {
    %t1 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    %y = stablehlo.add %x, %x : tensor<2xi64>
    %t2 = "stablehlo.send"(%y, %t1) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    return %t2 : !stablehlo.token
  }
  func.func @recv(%t : !stablehlo.token) -> (tensor<2xi64>, tensor<2xi64>) {
    %a, %t1 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    %b, %t2 = "stablehlo.recv"(%t1) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    return %a, %b : tensor<2xi64>, tensor<2xi64>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
    %t = stablehlo.after_all : !stablehlo.token
    %r:3 = "interpreter.run_parallel"(%t, %x, %t) {
      programs = [[@recv, @send]]
    } : (!stablehlo.token, tensor<2xi64>, !stablehlo.token) -> (tensor<2xi64>, tensor<2xi64>, !stablehlo.token)
    check.expect_eq_const %r#0, dense<[3, 4]> : tensor<2xi64>
    check.expect_eq_const %r#1, dense<[6, 8]> : tensor<2xi64>
    func.return
  }
}
"#,
    );
}

#[test]
fn a_channel_with_two_senders_is_an_error() {
    let e = run_main(
        r#"
module @p2p {
  func.func @send(%x : tensor<2xi64>, %t : !stablehlo.token) -> !stablehlo.token {
    %t1 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    return %t1 : !stablehlo.token
  }
  func.func @recv(%t : !stablehlo.token) -> tensor<2xi64> {
    %a, %t1 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    return %a : tensor<2xi64>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
    %t = stablehlo.after_all : !stablehlo.token
    %r:3 = "interpreter.run_parallel"(%x, %t, %x, %t, %t) {
      programs = [[@send, @send, @recv]]
    } : (tensor<2xi64>, !stablehlo.token, tensor<2xi64>, !stablehlo.token, !stablehlo.token) -> (!stablehlo.token, !stablehlo.token, tensor<2xi64>)
    func.return
  }
}
"#,
    )
    .unwrap_err();
    assert!(e.message.contains("channel 5 is sent on by processes {0, 1} and received on by processes {2}"), "{e}");
}

#[test]
fn infeed_and_outfeed() {
    let o = assert_checks_hold(
        r#"
module @feeds {
  func.func @f(%t : !stablehlo.token) -> (tensor<2xi32>, tensor<2xi32>) {
    %a, %t1 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
    %b, %t2 = "stablehlo.infeed"(%t1) : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
    %t3 = "stablehlo.outfeed"(%a, %b, %t2) : (tensor<2xi32>, tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
    return %a, %b : tensor<2xi32>, tensor<2xi32>
  }
  func.func @q0() -> tensor<2xi32> {
    %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    return %c : tensor<2xi32>
  }
  func.func @q1() -> tensor<2xi32> {
    %c = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
    return %c : tensor<2xi32>
  }
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "interpreter.run_parallel"(%t) {infeed = [@q0, @q1], programs = [[@f]]} : (!stablehlo.token) -> (tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[1, 2]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[3, 4]> : tensor<2xi32>
    func.return
  }
}
"#,
    );
    assert_eq!(o.outfeed.len(), 1);
    assert_eq!(o.outfeed[0].len(), 2);
}

#[test]
fn grid_ids_and_module_attributes() {
    let text = r#"
module @ids attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 3 : i32} {
  func.func @f() -> (tensor<ui32>, tensor<ui32>) {
    %r = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    return %r, %p : tensor<ui32>, tensor<ui32>
  }
  func.func @main() {
    %x:12 = "interpreter.run_parallel"() {programs = [[@f, @f, @f], [@f, @f, @f]]} : () -> (tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>)
    check.expect_eq_const %x#0, dense<0> : tensor<ui32>
    check.expect_eq_const %x#1, dense<0> : tensor<ui32>
    check.expect_eq_const %x#4, dense<0> : tensor<ui32>
    check.expect_eq_const %x#5, dense<2> : tensor<ui32>
    check.expect_eq_const %x#8, dense<1> : tensor<ui32>
    check.expect_eq_const %x#9, dense<1> : tensor<ui32>
    func.return
  }
}
"#;
    assert_checks_hold(text);
    let wrong = text.replace("mhlo.num_partitions = 3", "mhlo.num_partitions = 2");
    let e = run_main(&wrong).unwrap_err();
    assert!(e.message.contains("mhlo.num_partitions = 2, but run_parallel's programs have 3"), "{e}");
}

#[test]
fn broadcast_roots_and_outsiders() {
    assert_checks_hold(
        r#"
module @bcast {
  func.func @f(%x : tensor<2xi32>, %root : tensor<1xi32>) -> tensor<2xi32> {
    %r = "stablehlo.collective_broadcast"(%x, %root) {
      replica_groups = dense<[[2, 0]]> : tensor<1x2xi64>,
      has_dynamic_root
    } : (tensor<2xi32>, tensor<1xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
    %b = stablehlo.constant dense<[2, 2]> : tensor<2xi32>
    %c = stablehlo.constant dense<[3, 3]> : tensor<2xi32>
    %one = stablehlo.constant dense<[1]> : tensor<1xi32>
    %r:3 = "interpreter.run_parallel"(%a, %one, %b, %one, %c, %one) {programs = [[@f], [@f], [@f]]}
      : (tensor<2xi32>, tensor<1xi32>, tensor<2xi32>, tensor<1xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    // Root index 1 of group [2, 0] is process 0; process 1 is in no group and gets zeros.
    check.expect_eq_const %r#0, dense<[1, 1]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[0, 0]> : tensor<2xi32>
    check.expect_eq_const %r#2, dense<[1, 1]> : tensor<2xi32>
    func.return
  }
}
"#,
    );
}

#[test]
fn runtime_with_interp_on_device() {
    // The API the sharded executor uses: one Interp per process over the same module.
    let m = module(
        r#"
func.func @f(%x : tensor<i64>) -> tensor<i64> {
  %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %t = stablehlo.multiply %a, %b : tensor<i64>
      stablehlo.return %t : tensor<i64>
  }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<i64>) -> tensor<i64>
  return %s : tensor<i64>
}
"#,
    );
    let f = m.lookup_symbol("f").unwrap();
    let ids: Vec<ProcessId> = runtime::grid(3, 1);
    let out = runtime::run_processes(&ids, Limits::default(), |ctx| {
        let mut it = Interp::on_device(&m, ctx.limits(), ctx);
        let x = ctx.id().replica as i64 + 2;
        let v = Value::Tensor(shardref_interp::Tensor::new(
            vec![],
            shardref_spec::ir::ElemType::Int { width: 64, signedness: shardref_spec::ir::Signedness::Signless },
            shardref_interp::Buffer::I64(vec![x].into()),
        ));
        it.call(f, vec![v], Span::NONE)
    })
    .unwrap();
    for r in out {
        assert_eq!(shardref_interp::print::value(&r[0]).unwrap(), "tensor<i64> {24}");
    }
}

#[test]
fn fuel_is_per_process_and_exhaustion_is_reported() {
    let text = r#"
module @fuel {
  func.func @spin(%x : tensor<i64>) -> tensor<i64> {
    %r = stablehlo.while(%i = %x) : tensor<i64>
    cond {
      %c = stablehlo.compare LT, %i, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %t = stablehlo.not %c : tensor<i1>
      stablehlo.return %t : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %n = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %n : tensor<i64>
    }
    return %r : tensor<i64>
  }
  func.func @wait(%x : tensor<i64>) -> tensor<i64> {
    %g = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %t = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %t : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i64>) -> tensor<i64>
    return %g : tensor<i64>
  }
  func.func @main() {
    %x = stablehlo.constant dense<0> : tensor<i64>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@wait], [@spin]]} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
    func.return
  }
}
"#;
    let e = run(&module(text), "main", vec![], Limits { fuel: 10_000, ..Limits::default() }).unwrap_err();
    assert_eq!(e.kind, ErrorKind::ResourceExhausted);
    assert!(e.message.starts_with("device 1 (replica 1, partition 0): out of fuel"), "{e}");
}
