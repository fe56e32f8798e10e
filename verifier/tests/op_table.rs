//! Every op kind the interpreter runs has verifier rules (issue #15),
//! derived from the op table: `coverage::entry` is an exhaustive match over
//! `OpKind`, and this test walks `OpKind::all()`.

use shardref_spec::ops::{Dialect, OpKind};
use shardref_verifier::coverage::{Entry, entry, labels};
use shardref_verifier::rules::RULES;

#[test]
fn every_interpreted_op_kind_has_rules() {
    let mut missing = vec![];
    for k in OpKind::all() {
        match entry(k) {
            Entry::Spec(_) | Entry::Labels(_) => {
                if labels(k).is_empty() {
                    missing.push(k.name());
                }
            }
            Entry::Owner | Entry::NotInterpreted | Entry::HloModule => {}
            Entry::TestDialect => {
                assert!(
                    matches!(k.dialect(), Dialect::Check | Dialect::Interpreter),
                    "{} is no test-dialect op",
                    k.name()
                );
            }
        }
        // Every prefix an entry names matches some rule.
        if let Entry::Spec(prefixes) | Entry::Labels(prefixes) = entry(k) {
            for p in prefixes {
                assert!(RULES.iter().any(|r| r.label.starts_with(p)), "{}: no rule label starts with {p}", k.name());
            }
        }
    }
    assert!(missing.is_empty(), "op kinds with no verifier rules: {missing:?}");
}

#[test]
fn the_kinds_without_rules_are_not_interpreted() {
    for k in OpKind::all() {
        if entry(k) != Entry::NotInterpreted {
            continue;
        }
        // A function whose body is the op alone, run unverified: the
        // interpreter must refuse it as unsupported.
        let text = format!(
            "func.func @main(%a: tensor<f32>) -> tensor<f32> {{\n  %0 = \"{}\"(%a) : (tensor<f32>) -> tensor<f32>\n  return %0 : tensor<f32>\n}}\n",
            k.name()
        );
        let m = shardref_spec::parse("t.mlir", &text).expect("parses");
        let buf = shardref_interp::Buffer::F32(vec![1.0f32].into());
        let arg =
            shardref_interp::Value::Tensor(shardref_interp::Tensor::new(vec![], shardref_spec::ir::ElemType::F32, buf));
        match shardref_interp::run(&m, "main", vec![arg], shardref_interp::Limits::default()) {
            Err(e) => assert_eq!(e.kind, shardref_interp::ErrorKind::Unsupported, "{}: {e}", k.name()),
            Ok(_) => panic!("{} ran, so it needs verifier rules", k.name()),
        }
    }
}

#[test]
fn the_stablehlo_and_chlo_kinds_all_have_rules() {
    for k in OpKind::all().filter(|k| matches!(k.dialect(), Dialect::Stablehlo | Dialect::Chlo | Dialect::Mhlo)) {
        let e = entry(k);
        let ok =
            matches!(e, Entry::Spec(_) | Entry::Labels(_)) || (e == Entry::Owner && k.name() == "stablehlo.return");
        assert!(ok, "{}: {e:?}", k.name());
    }
}
