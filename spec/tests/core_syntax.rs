//! Core syntax: the generic op form, builtin types and attributes, func,
//! module, aliases, locations, and located errors.

mod support;

use shardref_spec::parse;
use shardref_spec::print::{PrintOptions, print_module};
use support::{parsed, roundtrip};

/// The rendered report of a source that must fail to parse.
fn error(src: &str) -> String {
    match parse("bad.mlir", src) {
        Ok(_) => panic!("expected a parse error for:\n{src}"),
        Err(r) => r.to_string(),
    }
}

#[test]
fn generic_ops_with_regions_and_multiple_results() {
    let text = roundtrip(
        r#"func.func @f(%x: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {
  %p:2 = "foo.pair"(%x) : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<i32>)
  %r = "stablehlo.reduce"(%p#0, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}"#,
    );
    assert!(
        text.starts_with("module {\n  func.func @f(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> tensor<2xf32> {\n")
    );
    assert!(text.contains("%0:2 = \"foo.pair\"(%arg0)"));
    // A single-op body prints in stablehlo-opt's compact form.
    assert!(
        text.contains("stablehlo.reduce(%0#0 init: %arg1) applies stablehlo.add across dimensions = [1]"),
        "{text}"
    );
}

#[test]
fn module_attributes_visibility_and_arg_attrs() {
    let text = roundtrip(
        r#"module @jit_main attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}) -> (tensor<4xf32> {jax.result_info = ""}) {
    %0 = call @g(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @g(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    func.return %arg0 : tensor<4xf32>
  }
  func.func private @decl(tensor<4xf32>) -> (tensor<4xf32>, tensor<i1>)
}"#,
    );
    assert!(
        text.contains("module @jit_main attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {")
    );
    assert!(text.contains("func.func public @main(%arg0: tensor<4xf32> {jax.arg_info = \"x\", mhlo.sharding = \"{replicated}\"}) -> (tensor<4xf32> {jax.result_info = \"\"}) {"), "{text}");
    assert!(text.contains("func.func private @decl(tensor<4xf32>) -> (tensor<4xf32>, tensor<i1>)\n"));
}

#[test]
fn builtin_types() {
    let text = roundtrip(
        r#"func.func @t(%a: tensor<?x4xf32>, %b: tensor<*xi8>, %c: tensor<2xcomplex<f64>>, %d: tuple<tensor<i1>, !stablehlo.token>,
  %e: tensor<3x!quant.uniform<i8:f32, 0.5:-3>>, %f: tensor<f8E4M3FN>, %g: tensor<4xui4>, %h: tensor<si32>, %i: tensor<4xf4E2M1FN>,
  %j: tensor<2x!quant.uniform<i8<-127:127>:f32:1, {0.5:1,2.5:-2}>>, %k: index, %l: tensor<1xf8E8M0FNU>) {
  return
}"#,
    );
    for t in [
        "tensor<?x4xf32>",
        "tensor<*xi8>",
        "tensor<2xcomplex<f64>>",
        "tuple<tensor<i1>, !stablehlo.token>",
        "tensor<3x!quant.uniform<i8:f32, 5.000000e-01:-3>>",
        "tensor<4xui4>",
        "tensor<2x!quant.uniform<i8<-127:127>:f32:1, {5.000000e-01:1,2.500000e+00:-2}>>",
        "tensor<1xf8E8M0FNU>",
    ] {
        assert!(text.contains(t), "missing {t} in\n{text}");
    }
}

#[test]
fn dense_literals_keep_their_values() {
    let text = roundtrip(
        r#"func.func @c() {
  %0 = "x.c"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.5> : tensor<3xf32>,
    c = dense<"0x0000803F00000040"> : tensor<2xf32>, d = dense<[true, false]> : tensor<2xi1>,
    e = dense<[(1.0, -2.0)]> : tensor<1xcomplex<f32>>, f = dense<[0x7FC00000, -0.0, 0x7F800000]> : tensor<3xf32>,
    g = dense<> : tensor<0xf32>, h = dense<[255, 0]> : tensor<2xui8>} : () -> tensor<i1>
  return
}"#,
    );
    assert!(text.contains("a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>"));
    assert!(text.contains("b = dense<1.500000e+00> : tensor<3xf32>"));
    // Hex blobs print as lists up to 100 elements, as MLIR's printer does.
    assert!(text.contains("c = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>"), "{text}");
    assert!(text.contains("d = dense<[true, false]> : tensor<2xi1>"));
    assert!(
        text.contains("e = dense<(1.000000e+00,-2.000000e+00)> : tensor<1xcomplex<f32>>")
            || text.contains("e = dense<[(1.000000e+00,-2.000000e+00)]>")
    );
    assert!(text.contains("f = dense<[0x7FC00000, -0.000000e+00, 0x7F800000]> : tensor<3xf32>"));
    assert!(text.contains("g = dense<> : tensor<0xf32>"));
}

#[test]
fn dense_literal_errors_are_located() {
    let e = error(
        "func.func @f() {\n  %0 = \"x.c\"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> tensor<i1>\n  return\n}",
    );
    assert!(e.starts_with("bad.mlir:2:"), "{e}");
    assert!(e.contains("inferred shape of elements literal ([3]) does not match type ([2])"), "{e}");
    // A nesting that does not match the type is rejected even when the element count fits, as MLIR does.
    let e =
        error("func.func @f() {\n  %0 = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<4xf32>\n  return\n}");
    assert!(
        e.starts_with("bad.mlir:2:33: error: inferred shape of elements literal ([1, 4]) does not match type ([4])"),
        "{e}"
    );
    let e = error("func.func @f() {\n  %0 = stablehlo.constant dense<[[1], [2]]> : tensor<1x2xi32>\n  return\n}");
    assert!(e.contains("inferred shape of elements literal ([2, 1]) does not match type ([1, 2])"), "{e}");
    let e = error("func.func @f() {\n  %0 = stablehlo.constant dense<[7]> : tensor<i32>\n  return\n}");
    assert!(e.contains("inferred shape of elements literal ([1]) does not match type ([])"), "{e}");
    let e = error(
        "func.func @f() {\n  %0 = \"x.c\"() {a = dense<[1, 300]> : tensor<2xi8>} : () -> tensor<i1>\n  return\n}",
    );
    assert!(e.contains("2:31: error: integer element '300' is invalid or out of range for i8"), "{e}");
    // A vector type whose element count overflows 64 bits is a located error, not a panic.
    let e = error(
        "func.func @f() {\n  %0 = \"x.c\"() {a = dense<2> : vector<4294967296x4294967296xi32>} : () -> tensor<i1>\n  return\n}",
    );
    assert!(e.contains("bad.mlir:2:") && e.contains("the type's element count overflows 64 bits"), "{e}");
}

/// A zero dimension makes a literal's element count 0 whatever the other dimensions multiply to
/// (the `run` fuzz target's finding: `dense<2> : tensor<1x4294967296x4294967296x0xi32>`
/// multiplied the dimensions past 2^64 before the zero).
#[test]
fn dense_literal_with_a_zero_dimension_and_huge_others() {
    let text = roundtrip(
        "func.func @f() {\n  %0 = stablehlo.constant dense<2> : tensor<1x4294967296x4294967296x0xi32>\n  return\n}",
    );
    assert!(text.contains("dense<2> : tensor<1x4294967296x4294967296x0xi32>"), "{text}");
}

#[test]
fn scalar_attributes() {
    let text = roundtrip(
        r#"func.func @s() {
  "x.s"() {i = 7 : i32, j = -3, k = 0x10 : i64, u = 255 : ui8, b = true, f = 0.1 : f32, g = 2.5, h = 0x7FC00000 : f32,
    s = "quote\"tab\tnl\n\\", sym = @f::@g, t = tensor<4xf32>, arr = [1, [2, 3]], da = array<f32: 1.0, 2.5>, db = array<i1: true, false>,
    unit_attr, ft = (tensor<f32>) -> (), "quoted key" = unit} : () -> ()
  return
}"#,
    );
    for s in [
        "i = 7 : i32",
        "j = -3",
        "k = 16 : i64",
        "u = 255 : ui8",
        "f = 1.000000e-01 : f32",
        "g = 2.500000e+00 : f64",
        "h = 0x7FC00000 : f32",
        "s = \"quote\\22tab\\09nl\\0A\\\\\"",
        "sym = @f::@g",
        "arr = [1, [2, 3]]",
        "da = array<f32: 1.000000e+00, 2.500000e+00>",
        "db = array<i1: true, false>",
        "unit_attr",
        "ft = (tensor<f32>) -> ()",
        "\"quoted key\"",
    ] {
        assert!(text.contains(s), "missing {s} in\n{text}");
    }
}

#[test]
fn location_ranges_as_jax_prints_them() {
    // MLIR's FileLineColRange: same-line ranges print `to :COL`, others `to LINE:COL`; a line alone has no column.
    let src = r#"#loc1 = loc("<string>":4:20 to :91)
func.func @a(%x: tensor<f32>) -> tensor<f32> {
  %0 = "x.op"(%x) : (tensor<f32>) -> tensor<f32> loc("<string>":4:20 to :91)
  %1 = "x.op"(%0) : (tensor<f32>) -> tensor<f32> loc("f.py":3:7 to 5:2)
  return %1 : tensor<f32> loc("f.py":9)
}"#;
    roundtrip(src);
    let m = parsed(src);
    let text = print_module(&m, PrintOptions { debug_info: true, ..Default::default() });
    assert!(text.contains(r#"loc("<string>":4:20 to :91)"#), "{text}");
    assert!(text.contains(r#"loc("f.py":3:7 to 5:2)"#), "{text}");
}

#[test]
fn aliases_and_locations() {
    let src = r#"#loc1 = loc("f.py":3:7)
#map = {k = 1 : i64}
!t = tensor<4xf32>
func.func @a(%x: !t loc("arg"("f.py":1:1))) -> !t {
  %0 = "x.op"(%x) {m = #map} : (!t) -> !t loc(#loc1)
  return %0 : !t loc(callsite("g"(#loc1) at fused["a.py":1:2, unknown]))
}"#;
    let text = roundtrip(src);
    assert!(text.contains("%0 = \"x.op\"(%arg0) {m = {k = 1 : i64}} : (tensor<4xf32>) -> tensor<4xf32>\n"));
    let m = parsed(src);
    let with_locs = print_module(&m, PrintOptions { debug_info: true, ..Default::default() });
    assert!(with_locs.contains("loc(#loc1)"), "{with_locs}");
}

#[test]
fn dense_resources_read_their_blob_name() {
    let text = roundtrip(
        r#"func.func @r() {
  %0 = "x.c"() {v = dense_resource<blob1> : tensor<2xf32>} : () -> tensor<i1>
  return
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000000803F00000040"
    }
  }
#-}"#,
    );
    assert!(text.contains("dense_resource<blob1> : tensor<2xf32>"));
}

#[test]
fn syntax_errors_are_located_with_caret() {
    let e = error("func.func @f() {\n  %0 = \"x.a\"() : () ->\n}\n");
    let mut lines = e.lines();
    assert!(lines.next().unwrap().starts_with("bad.mlir:3:1: error: unexpected '}'"), "{e}");
    assert_eq!(lines.next(), Some("}"));
    assert_eq!(lines.next(), Some("^"));
}

#[test]
fn undefined_and_mistyped_values() {
    let e = error("func.func @f() {\n  \"x.a\"(%nope) : (tensor<f32>) -> ()\n  return\n}");
    assert!(e.contains("2:9: error: use of undeclared SSA value name '%nope'"), "{e}");
    let e = error("func.func @f(%a: tensor<f32>) {\n  \"x.a\"(%a) : (tensor<i32>) -> ()\n  return\n}");
    assert!(
        e.contains("use of value '%a' expects different type than prior uses: 'tensor<i32>' vs 'tensor<f32>'"),
        "{e}"
    );
    let e = error(
        "func.func @f(%a: tensor<f32>) {\n  %0 = \"x.a\"(%a) : (tensor<f32>) -> tensor<f32>\n  %0 = \"x.a\"(%a) : (tensor<f32>) -> tensor<f32>\n  return\n}",
    );
    assert!(e.contains("3:3: error: redefinition of SSA value '%0'"), "{e}");
    let e = error("func.func @f(%a: tensor<f32>) {\n  %0:2 = \"x.a\"(%a) : (tensor<f32>) -> tensor<f32>\n  return\n}");
    assert!(e.contains("operation defines 1 results but was provided 2 to bind"), "{e}");
}

#[test]
fn isolated_regions_do_not_see_outer_values() {
    let e = error(
        "func.func @f(%a: tensor<f32>) {\n  \"x.a\"() ({\n    func.func @g() {\n      \"x.b\"(%a) : (tensor<f32>) -> ()\n      return\n    }\n  }) : () -> ()\n  return\n}",
    );
    assert!(e.contains("use of undeclared SSA value name '%a'"), "{e}");
}

#[test]
fn forward_references_across_blocks() {
    roundtrip(
        r#"func.func @loop(%a: tensor<i1>) {
  "cf.br"()[^bb1(%a : tensor<i1>)] : () -> ()
^bb1(%x: tensor<i1>):
  "cf.cond_br"(%x)[^bb2, ^bb1(%x : tensor<i1>)] : (tensor<i1>) -> ()
^bb2:
  return
}"#,
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let depth = 100_000;
    let src =
        format!("func.func @f() {{\n  \"x.a\"() {{a = {}{}}} : () -> ()\n}}", "[".repeat(depth), "]".repeat(depth));
    let e = error(&src);
    assert!(e.contains("nesting is deeper than"), "{e}");
}

#[test]
fn unknown_custom_ops_are_named() {
    let e = error("func.func @f() {\n  foo.bar %x : tensor<f32>\n  return\n}");
    assert!(e.contains("custom op 'foo.bar' is unknown"), "{e}");
}

#[test]
fn implicit_module_wraps_bare_ops() {
    let text = roundtrip("func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n");
    assert_eq!(text, "module {\n  func.func @a() {\n    return\n  }\n  func.func @b() {\n    return\n  }\n}\n");
}

#[test]
fn every_op_of_the_table_has_a_name_that_parses_generically() {
    use shardref_spec::ops::OpKind;
    for k in OpKind::all() {
        let src = format!("func.func @f() {{\n  \"{}\"() : () -> ()\n  return\n}}", k.name());
        let m = parsed(&src);
        let text = print_module(&m, PrintOptions { generic: true, ..Default::default() });
        assert!(text.contains(&format!("\"{}\"()", k.name())), "{text}");
    }
}

#[test]
fn nesting_just_under_the_limit_parses_on_a_small_stack() {
    // Test threads have 2 MiB stacks; the deepest accepted input must fit in them.
    let depth = shardref_spec::lower::MAX_NESTING - 4;
    let src = format!(
        "func.func @f() {{\n  \"x.a\"() {{a = {}1{}}} : () -> ()\n  return\n}}",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let handle =
        std::thread::Builder::new().stack_size(1 << 20).spawn(move || parse("deep.mlir", &src).is_ok()).unwrap();
    assert!(handle.join().unwrap());
}

/// Fuzz regression: an invalid program that uses an outer value inside an
/// isolated-from-above op must give the same IR in the custom and the generic
/// form (isolation is the verifier's check, not the parser's).
#[test]
fn outer_value_in_isolated_region_round_trips_in_both_forms() {
    roundtrip(
        r#"sdy.mesh @m = <["a"=2]>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = sdy.manual_computation(%x) in_shardings=[<@m, [{}]>] out_shardings=[<@m, [{}]>] manual_axes={} (%y: tensor<4xf32>) {
    %1 = stablehlo.add %x, %y : tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}"#,
    );
}

/// Fuzz regression: an empty function body makes the function a declaration,
/// so printing it (without a body) and reparsing gives the same IR.
#[test]
fn empty_function_body_is_a_declaration() {
    let text = roundtrip("func.func private @f() {}\nfunc.func @g(%a: tensor<i1>) {\n}\n");
    assert!(text.contains("func.func private @f()\n"), "{text}");
}

/// Fuzz regression: malformed input (here an unterminated string followed by
/// many ops) must fail quickly, not backtrack for seconds: parsing has a work
/// bound linear in the input's length.
#[test]
fn malformed_input_fails_within_a_linear_work_bound() {
    let mut src = String::from(
        "func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n  %0 = sdy.data_flow_edge %a sharding=<@mesh, [{\"x\"}ardings=[<mesh<[\"x\"=2]>, [{\"x\"}, {}]>]\n",
    );
    for i in 0..400 {
        src.push_str(&format!("  %v{i} = stablehlo.add %a, %a {{sdy.sharding = #sdy.sharding_per_value<[<@m, [{{\"x\"}}]>]>}} : tensor<8xf32>\n"));
    }
    src.push_str("  return %a : tensor<8xf32>\n}\n");
    let start = std::time::Instant::now();
    let e = error(&src);
    assert!(e.starts_with("bad.mlir:2:"), "{e}");
    // Generous even for a loaded debug build; the unbounded parser took seconds in release.
    assert!(start.elapsed() < std::time::Duration::from_secs(20), "took {:?}", start.elapsed());
}

/// Fuzz regression: an op that uses its own result (a forward reference the
/// parser accepts, as MLIR's does; dominance is the verifier's rule) compares
/// equal after a print/parse round trip.
#[test]
fn an_op_using_its_own_result_round_trips() {
    roundtrip(
        "func.func @f() {\n  %0 = \"x.loop\"(%0) : (tensor<i1>) -> tensor<i1>\n  %1 = \"x.use\"(%2) : (tensor<i1>) -> tensor<i1>\n  %2 = \"x.def\"() : () -> tensor<i1>\n  return\n}\n",
    );
}

/// An integer element takes one sign at most: Rust's integer parse would read a second one, and
/// `dense<--1>` used to be 1 (found by the verifier mutation campaign; upstream: "expected integer
/// or floating point literal").
#[test]
fn integer_elements_take_one_sign() {
    for body in ["--1", "-+3", "+-3", "[1, --2]"] {
        let text = format!(
            "func.func @main() -> tensor<2xi32> {{\n  %0 = stablehlo.constant dense<{body}> : tensor<2xi32>\n  return %0 : tensor<2xi32>\n}}\n"
        );
        let err = shardref_spec::parse("signs.mlir", &text).expect_err(body);
        assert!(err.to_string().contains("is invalid or out of range"), "{body}: {err}");
    }
}
