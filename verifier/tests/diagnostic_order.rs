//! Which diagnostic comes first, where upstream's order decides (issue #14,
//! class 7): mutated real modules checked against the official Shardy
//! verifier (jaxlib 0.10.2, `../shared/oracles/shardy_opt.py`) showed each
//! class below; every test pins the first message upstream reports.

fn first(text: &str) -> String {
    let m = shardref_spec::parse("t.mlir", text).expect("snippet parses");
    shardref_verifier::verify(&m).into_iter().next().map(|d| d.message).unwrap_or_default()
}

/// `func.call` checks its callee's type in `verifySymbolUses`, which MLIR
/// runs after every op verifier: a wrong `func.return` in the callee is
/// reported before the call's result mismatch, even though the call comes
/// first in the file.
#[test]
fn call_type_checks_come_after_op_verifiers() {
    let text = r#"
func.func @main(%arg0: tensor<8x2xi32>) -> tensor<8x2xi32> {
  %0 = func.call @foo(%arg0) : (tensor<8x2xi32>) -> tensor<8x2xi32>
  return %0 : tensor<8x2xi32>
}
func.func private @foo(%arg0: tensor<8x2xi32>) -> tensor<7x2xi32> {
  return %arg0 : tensor<8x2xi32>
}
"#;
    assert_eq!(
        first(text),
        "type of return operand 0 ('tensor<8x2xi32>') doesn't match function result type ('tensor<7x2xi32>') in function @foo"
    );
}

/// The same holds for an sdy dialect-attribute error on the callee's result:
/// `func.func`'s own verifier reports it before the call's symbol-use check.
#[test]
fn callee_result_sharding_rank_comes_before_call_types() {
    let text = r#"
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8x2xi32>) -> tensor<8x2xi32> {
  %0 = func.call @foo(%arg0) : (tensor<8x2xi32>) -> tensor<8x2xi32>
  return %0 : tensor<8x2xi32>
}
func.func private @foo(%arg0: tensor<8x2x2xi32>) -> (tensor<8x2x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  return %arg0 : tensor<8x2x2xi32>
}
"#;
    assert_eq!(first(text), "'func.func' op result 0 - sharding doesn't match tensor rank: 2 != 3");
}

/// A call whose callee verifies still gets its type mismatch.
#[test]
fn call_type_mismatch_is_still_reported() {
    let text = r#"
func.func @main(%arg0: tensor<8x2xi32>) -> tensor<8x2xi32> {
  %0 = func.call @foo(%arg0) : (tensor<8x2xi32>) -> tensor<8x2xi32>
  return %0 : tensor<8x2xi32>
}
func.func private @foo(%arg0: tensor<8x2xi32>) -> tensor<8x3xi32> {
  %0 = stablehlo.concatenate %arg0, %arg0, dim = 1 : (tensor<8x2xi32>, tensor<8x2xi32>) -> tensor<8x4xi32>
  %1 = stablehlo.slice %0 [0:8, 0:3] : (tensor<8x4xi32>) -> tensor<8x3xi32>
  return %1 : tensor<8x3xi32>
}
"#;
    assert_eq!(
        first(text),
        "'func.call' op result type mismatch at index 0: expected 'tensor<8x3xi32>', but got 'tensor<8x2xi32>'"
    );
}

/// MLIR's `IsTerminator` trait: a terminator that is not the last op of its
/// block (a duplicated return line) is reported at the first one.
#[test]
fn terminator_must_end_its_block() {
    let text = r#"
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
  return %arg0 : tensor<8xf32>
}
"#;
    assert_eq!(first(text), "'func.return' op must be the last operation in the parent block");
    let text = r#"
sdy.mesh @mesh = <["a"=2]>
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
"#;
    assert_eq!(first(text), "'sdy.return' op must be the last operation in the parent block");
}
