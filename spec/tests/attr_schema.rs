//! The op table's attribute schemas (`shardref_spec::schema`): every op kind names a view, a
//! view's attribute names are unique, and `schema::check` reports a missing required attribute
//! or one of the wrong kind with the schema's message, located at the op.

use shardref_spec::ops::OpKind;
use shardref_spec::schema::{self, AttrKind, Presence, Problem};

#[test]
fn every_op_kind_names_a_view_with_unique_attribute_names() {
    for k in OpKind::all() {
        let spec = k.spec();
        assert!(!spec.view.is_empty(), "{} names no view", spec.name);
        let mut seen = std::collections::HashSet::new();
        for a in k.attr_schema() {
            assert!(seen.insert(a.name), "{}: attribute '{}' declared twice", spec.name, a.name);
        }
    }
    // A few rows, as the issue describes them.
    let transpose = OpKind::from_name("stablehlo.transpose").unwrap().attr_schema();
    assert_eq!(transpose.len(), 1);
    assert_eq!(
        (transpose[0].name, transpose[0].kind, transpose[0].presence),
        ("permutation", AttrKind::Ints, Presence::Required)
    );
    let compare = OpKind::from_name("chlo.broadcast_compare").unwrap();
    assert!(compare.attr_schema().iter().any(|a| a.name == "comparison_direction" && a.kind == AttrKind::CmpDir));
    assert!(OpKind::from_name("stablehlo.add").unwrap().attr_schema().is_empty());
}

fn first_op_error(text: &str, op_name: &str) -> Option<(String, u32)> {
    let m = shardref_spec::parse("t.mlir", text).expect("parses");
    let op = m.walk().into_iter().find(|&op| m.op(op).name.as_str() == op_name).expect("op present");
    let o = m.op(op);
    schema::check(o).err().map(|e| (e.message(), e.span.start))
}

#[test]
fn check_reports_missing_and_ill_typed_attributes_at_the_op() {
    let cases = [
        (
            r#"func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "stablehlo.transpose"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}"#,
            "stablehlo.transpose",
            "missing attribute 'permutation'",
        ),
        (
            r#"func.func @f(%a: tensor<2xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.concatenate"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}"#,
            "stablehlo.concatenate",
            "missing attribute 'dimension'",
        ),
        (
            r#"func.func @f() -> tensor<4xi32> {
  %0 = "stablehlo.iota"() {iota_dimension = "zero"} : () -> tensor<4xi32>
  return %0 : tensor<4xi32>
}"#,
            "stablehlo.iota",
            "attribute 'iota_dimension' must be an integer",
        ),
        (
            r#"func.func @f(%a: tensor<2xf32>) -> tensor<2xi1> {
  %0 = "stablehlo.compare"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}"#,
            "stablehlo.compare",
            "missing attribute 'comparison_direction'",
        ),
    ];
    for (text, op, want) in cases {
        let (got, start) = first_op_error(text, op).unwrap_or_else(|| panic!("{op}: no error"));
        assert_eq!(got, want);
        assert_eq!(&text[start as usize..start as usize + 4], "%0 =", "{op}: error not at the op");
    }
    // Well-formed ops pass.
    let ok = r#"func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}"#;
    assert_eq!(first_op_error(ok, "stablehlo.transpose"), None);
}

#[test]
fn problems_name_the_kind() {
    assert_eq!(Problem::WrongKind(AttrKind::Ints), Problem::WrongKind(AttrKind::Ints));
    assert_eq!(AttrKind::Ints.what(), "a list of integers");
}
