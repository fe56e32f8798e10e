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

/// The `.hlo` files of the repository's test suites (and of `$SHARDREF_HLO_CORPUS` when set).
fn hlo_files() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else { return };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if shardref_spec::hlo::is_hlo_path(&p.display().to_string()) {
                out.push(p);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut out = vec![];
    for d in ["spec/tests/hlo", "interp/tests/hlo", "verifier/tests/hlo", "cli/tests", "fuzz/seeds_hlo"] {
        walk(&root.join(d), &mut out);
    }
    if let Some(extra) = std::env::var_os("SHARDREF_HLO_CORPUS") {
        walk(std::path::Path::new(&extra), &mut out);
    }
    out.sort();
    out
}

/// The `hlo.*` rows' schemas describe what the lowering stores: every instruction and computation
/// of every HLO test module that parses passes `schema::check` against its row, and the
/// attributes any instruction may carry read as `schema::hlo::Instr` declares them.
#[test]
fn hlo_rows_describe_what_the_lowering_stores() {
    use shardref_spec::schema::hlo::Instr;
    let mut checked = 0;
    let mut bad = vec![];
    for f in hlo_files() {
        // The parser's robustness cases (`fuzz_*.hlo`) and the fuzzers' seeds (`fuzz/`, mutated
        // text kept as found) keep values XLA would reject where the lowering does not check them
        // (`execution_thread={...}`, a call target followed by a stray character).
        if f.file_name().is_some_and(|n| n.to_string_lossy().starts_with("fuzz_"))
            || f.components().any(|c| c.as_os_str() == "fuzz")
        {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&f) else { continue };
        let Ok(m) = shardref_spec::hlo::parse(&f.display().to_string(), &text) else { continue };
        for op in m.walk() {
            let o = m.op(op);
            if !matches!(o.name.kind(), Some(OpKind::Hlo(_))) {
                continue;
            }
            checked += 1;
            if let Err(e) = schema::check(o) {
                bad.push(format!(
                    "{}: {} {}: {}",
                    f.display(),
                    o.name.as_str(),
                    shardref_spec::hlo::name_of(&m, op),
                    e
                ));
            }
            for spec in Instr::SCHEMA {
                if let Some(a) = o.attrs.get(spec.name) {
                    if !spec.kind.accepts(a) {
                        bad.push(format!(
                            "{}: {}: '{}' is not {}",
                            f.display(),
                            o.name.as_str(),
                            spec.name,
                            spec.kind.what()
                        ));
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} HLO ops checked");
    assert!(bad.is_empty(), "{} ops break their schema:\n{}", bad.len(), bad.join("\n"));
}

/// Every collective `hlo.*` row declares a channel, and the participant attributes it declares
/// have the kinds of `schema::hlo::Collective` (which the evaluator reads on any collective).
#[test]
fn hlo_collective_rows_share_the_participant_attributes() {
    use shardref_spec::ops::{Dialect, Traits};
    use shardref_spec::schema::hlo::Collective;
    let mut n = 0;
    for k in OpKind::all() {
        let spec = k.spec();
        if spec.dialect != Dialect::Hlo || !k.has(Traits::COLLECTIVE) {
            continue;
        }
        n += 1;
        let schema = k.attr_schema();
        assert!(schema.iter().any(|a| a.name == "channel_id"), "{} declares no channel_id", spec.name);
        for c in Collective::SCHEMA {
            if let Some(a) = schema.iter().find(|a| a.name == c.name) {
                assert_eq!(a.kind, c.kind, "{}: {}", spec.name, c.name);
            }
        }
    }
    assert!(n >= 10, "{n} collective rows");
}

/// The HLO kinds decode the token forms the lowering stores.
#[test]
fn hlo_kinds_decode_token_text() {
    use shardref_spec::hlo::attrs as ha;
    use shardref_spec::ir::Attr;
    let t = |s: &str| Attr::Opaque(s.to_string());
    assert!(AttrKind::HloInts.accepts(&t("{1,0}")));
    assert!(!AttrKind::HloInts.accepts(&t("1")));
    assert_eq!(ha::slice("{[0:4:2],[1:3]}"), Some((vec![0, 1], vec![4, 3], vec![2, 1])));
    assert_eq!(ha::padding("0_1x2_3_1"), Some((vec![0, 2], vec![1, 3], vec![0, 1])));
    let w = ha::window("{size=2x2 stride=1x2 pad=0_1x-1_0}").unwrap();
    assert_eq!((w.size, w.stride, w.pad), (vec![2, 2], Some(vec![1, 2]), Some(vec![0, 1, -1, 0])));
    let d = ha::dim_labels("b01f_01io->b01f").unwrap();
    assert_eq!((d.input_batch_dimension, d.input_feature_dimension, d.kernel_output_feature_dimension), (0, 3, 3));
    assert_eq!(ha::replica_groups("{{0,1},{2,3}}"), Some(Ok(vec![vec![0, 1], vec![2, 3]])));
    assert_eq!(ha::pairs("{{0,1},{1,x}}"), Some(vec![Some(vec![0, 1]), None]));
    assert_eq!(ha::boolean("true"), Some(true));
    assert_eq!(ha::word("\"foo\""), Some("foo".to_string()));
    let fa = ha::frontend_attributes("{composite.name=\"f\",k=v}").unwrap();
    assert_eq!(ha::frontend_value(&fa, "composite.name"), Some("f"));
    assert!(fa[0].quoted && !fa[1].quoted);
    let o = ha::options("{left_side=true,transpose_a=TRANSPOSE}").unwrap();
    assert_eq!(ha::option_value(&o, "transpose_a"), Some("TRANSPOSE"));
    // The evaluator's wording of a view's errors.
    let e = schema::AttrError {
        span: shardref_spec::ir::Span::NONE,
        name: "slice",
        problem: Problem::WrongKind(AttrKind::HloSlice),
    };
    assert_eq!(e.xla_message(), "attribute slice must be {[start:limit:stride], ...}");
}
