//! The `mpmd` dialect's syntax: every op's custom form, the mesh tensor type,
//! the attributes, canonical printing, equality with the generic form, and
//! upstream's parse-error messages.

mod support;

use shardref_spec::eq::modules_equal;
use shardref_spec::ir::Type;
use shardref_spec::parse;
use shardref_spec::print::{PrintOptions, print_module};
use support::{assert_error, assert_lines, parsed, roundtrip};

const TOPOLOGY: &str = r#"attributes {topology = #mpmd.topology<<"m1": <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>}"#;

#[test]
fn mesh_tensor_types() {
    let text = roundtrip(
        r#"func.func @f(%a: !mpmd.mesh_tensor<"m1", tensor<12x16xf32>>,
  %b: !mpmd.mesh_tensor<"m1", tensor<12x16xf32>, sharding=<@mesh, [{?}, {"y"}]>>,
  %c: !mpmd.mesh_tensor<"m1", tensor<12x16xf32>, memory_kind="device">,
  %d: !mpmd.mesh_tensor< "m1" , tensor<12x16xf32> , sharding = #sdy.sharding<@mesh, [{"x"}, {}]> , memory_kind = "pinned_host" >) {
  return
}"#,
    );
    for t in [
        r#"%arg0: !mpmd.mesh_tensor<"m1", tensor<12x16xf32>>"#,
        r#"%arg1: !mpmd.mesh_tensor<"m1", tensor<12x16xf32>, sharding=<@mesh, [{?}, {"y"}]>>"#,
        r#"%arg2: !mpmd.mesh_tensor<"m1", tensor<12x16xf32>, memory_kind="device">"#,
        r#"%arg3: !mpmd.mesh_tensor<"m1", tensor<12x16xf32>, sharding=<@mesh, [{"x"}, {}]>, memory_kind="pinned_host">"#,
    ] {
        assert!(text.contains(t), "missing:\n  {t}\nin:\n{text}");
    }
    let m = parsed(&text);
    let f = m.block(m.body()).ops[0];
    let entry = m.block(m.region(m.op(f).regions[0]).blocks[0]);
    let Type::MeshTensor(mt) = m.value_type(entry.args[3]) else { panic!("not a mesh tensor") };
    assert!(mt.is_on_host() && mt.sharding.is_some() && mt.mesh_name == "m1");
}

#[test]
fn attributes() {
    let text = roundtrip(&format!(
        r#"func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {TOPOLOGY} {{
  %0 = "stablehlo.abs"(%arg0) {{a = #mpmd.meshes_with_origins<"m3">, b = #mpmd.meshes_with_origins<"m3"["o1","o2"], "m4">, c = #mpmd.meshes_with_origins<>, d = #mpmd.reduction<max>, e = #mpmd.user_origin<"f"(2)>, f = #mpmd.user_origin<"g"(0)>, g = #mpmd.named_mesh<"n" : <["q"=2]>>, h = #mpmd<origin"lbl">, i = #mpmd<mesh_with_origins "m"["o"]>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}}
func.func @g() attributes {{mesh_shape = #sdy.mesh<["x"=2, "y"=4]>}} {{
  return
}}"#
    ));
    for t in [
        r#"attributes {topology = #mpmd.topology<<"m1" : <["x"=2, "y"=4]>>, <"m2" : <["z"=3]>>>}"#,
        r#"a = #mpmd.meshes_with_origins<"m3">"#,
        r#"b = #mpmd.meshes_with_origins<"m3"["o1", "o2"], "m4">"#,
        r#"c = #mpmd.meshes_with_origins<>"#,
        r#"d = #mpmd.reduction<max>"#,
        r#"e = #mpmd.user_origin<"f"(2)>"#,
        r#"f = #mpmd.user_origin<"g">"#,
        r#"g = #mpmd.named_mesh<"n" : <["q"=2]>>"#,
        r#"h = #mpmd<origin"lbl">"#,
        r#"i = #mpmd<mesh_with_origins"m"["o"]>"#,
        r#"attributes {mesh_shape = #sdy.mesh<["x"=2, "y"=4]>}"#,
    ] {
        assert!(text.contains(t), "missing:\n  {t}\nin:\n{text}");
    }
}

#[test]
fn fragments_and_fragment_calls() {
    let mt = r#"!mpmd.mesh_tensor<"m1", tensor<12x16xf32>, sharding=<@mesh, [{?}, {"y"}]>>"#;
    let text = roundtrip(&format!(
        r#"module {{
func.func @main(%a: {mt}) -> {mt} {TOPOLOGY} {{
  %0 = mpmd.fragment<mesh="m1", origin=["f1", "f2"(1)], stage=3, in_shardings=[<@mesh, [{{"x"}}, {{?}}]>], out_shardings=[<@mesh, [{{}}, {{?}}]>]> (%a) {{tag}} (%b: tensor<12x16xf32>) {{
    mpmd.return %b : tensor<12x16xf32>
  }} : ({mt}) -> ({mt})
  %1 = mpmd.fragment<mesh="m1", origin=[]> (%0) (%b: tensor<12x16xf32>) {{
    mpmd.return {{r}} %b : tensor<12x16xf32>
  }} : ({mt}) -> {mt}
  %2 = mpmd.fragment_call<mesh="m1", origin=["f"(1), "g"]> @callee(%1) {{x = 1 : i64}} : ({mt}) -> {mt}
  return %2 : {mt}
}}
func.func @callee(%arg0: tensor<12x16xf32>) -> tensor<12x16xf32> attributes {{mesh_shape = #sdy.mesh<["x"=2, "y"=4]>}} {{
  return %arg0 : tensor<12x16xf32>
}}
}}"#
    ));
    assert_lines(
        &text,
        &[
            r#"%0 = mpmd.fragment<mesh="m1", origin=["f1", "f2"(1)], stage=3, in_shardings=[<@mesh, [{"x"}, {?}]>], out_shardings=[<@mesh, [{}, {?}]>]> (%arg0) {tag} (%arg1: tensor<12x16xf32>) {"#,
            "mpmd.return %arg1 : tensor<12x16xf32>",
            &format!("}} : ({mt}) -> {mt}"),
            // Sibling regions reuse argument numbers, as MLIR's printer does.
            r#"%1 = mpmd.fragment<mesh="m1", origin=[]> (%0) (%arg1: tensor<12x16xf32>) {"#,
            "mpmd.return {r} %arg1 : tensor<12x16xf32>",
            &format!(
                r#"%2 = mpmd.fragment_call<mesh="m1", origin=["f"(1), "g"]> @callee(%1) {{x = 1 : i64}} : ({mt}) -> {mt}"#
            ),
        ],
    );
}

#[test]
fn value_ops() {
    let m1 = r#"!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>"#;
    let m2 = r#"!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>"#;
    let text = roundtrip(&format!(
        r#"func.func @main(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {TOPOLOGY} {{
  %0 = mpmd.assign %a : (tensor<4x8xf32>) -> {m1}
  %1 = mpmd.transfer {{mhlo.memory_kind = "device"}} %0 : ({m1}) -> {m2}
  %2 = mpmd.unassign {{origin = "out"}} %1 : ({m2}) -> tensor<4x8xf32>
  %3 = mpmd.broadcast %2 : tensor<4x8xf32>
  %4 = mpmd.reduce<add> %3, %3 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %5 = mpmd.reduce<none> {{k}} %4 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %6 = mpmd.named_tensor %5 name = "t1" : tensor<4x8xf32>
  %7 = mpmd.call @g(%6) {{call_counter = 1 : ui32}} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %7 : tensor<4x8xf32>
}}
func.func private @g(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {{
  return %arg0 : tensor<4x8xf32>
}}"#
    ));
    assert_lines(
        &text,
        &[
            &format!("%0 = mpmd.assign %arg0 : (tensor<4x8xf32>) -> {m1}"),
            &format!(r#"%1 = mpmd.transfer {{mhlo.memory_kind = "device"}} %0 : ({m1}) -> {m2}"#),
            &format!(r#"%2 = mpmd.unassign {{origin = "out"}} %1 : ({m2}) -> tensor<4x8xf32>"#),
            "%3 = mpmd.broadcast %2 : tensor<4x8xf32>",
            "%4 = mpmd.reduce<add> %3, %3 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>",
            "%5 = mpmd.reduce<none> {k} %4 : (tensor<4x8xf32>) -> tensor<4x8xf32>",
            r#"%6 = mpmd.named_tensor %5 name="t1" : tensor<4x8xf32>"#,
            "%7 = mpmd.call @g(%6) {call_counter = 1 : ui32} : (tensor<4x8xf32>) -> tensor<4x8xf32>",
        ],
    );
}

#[test]
fn named_computations_and_loops() {
    let text = roundtrip(
        r#"func.func @main(%a: tensor<16xf32>, %n: tensor<10xui32>) -> (tensor<16xf32>, tensor<10xui32>) {
  %0 = mpmd.named_computation<"stage1"(1)> (%a, %a) (%x: tensor<16xf32>, %y: tensor<16xf32>) {
    %s = "stablehlo.add"(%x, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    mpmd.return %s : tensor<16xf32>
  } : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %1:2 = mpmd.for (%0, %n) {iterations = 3 : ui32, unroll_factor = 3 : ui32} (%x: tensor<16xf32>, %m: tensor<10xui32>, %index: tensor<ui32>) {
    mpmd.return %x, %m : tensor<16xf32>, tensor<10xui32>
  } : tensor<16xf32>, tensor<10xui32>
  return %1#0, %1#1 : tensor<16xf32>, tensor<10xui32>
}"#,
    );
    assert_lines(
        &text,
        &[
            r#"%0 = mpmd.named_computation<"stage1"(1)> (%arg0, %arg0) (%arg2: tensor<16xf32>, %arg3: tensor<16xf32>) {"#,
            "} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>",
            // Values inside the named computation's region do not take numbers from the ones after it.
            "%1:2 = mpmd.for (%0, %arg1) {iterations = 3 : ui32, unroll_factor = 3 : ui32} (%arg2: tensor<16xf32>, %arg3: tensor<10xui32>, %arg4: tensor<ui32>) {",
            "mpmd.return %arg2, %arg3 : tensor<16xf32>, tensor<10xui32>",
            "} : tensor<16xf32>, tensor<10xui32>",
        ],
    );
}

#[test]
fn custom_and_generic_forms_give_equal_ir() {
    let mt = r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>>"#;
    let custom = format!(
        r#"func.func @main(%a: {mt}) -> {mt} {TOPOLOGY} {{
  %0 = mpmd.fragment<mesh="m1", origin=["f"(2)], stage=1> (%a) (%b: tensor<4xf32>) {{
    mpmd.return %b : tensor<4xf32>
  }} : ({mt}) -> {mt}
  %1 = mpmd.reduce<max> %0 : ({mt}) -> {mt}
  return %1 : {mt}
}}"#
    );
    let generic = format!(
        r#"func.func @main(%a: {mt}) -> {mt} {TOPOLOGY} {{
  %0 = "mpmd.fragment"(%a) ({{
  ^bb0(%b: tensor<4xf32>):
    "mpmd.return"(%b) : (tensor<4xf32>) -> ()
  }}) {{mesh_name = "m1", origin = [#mpmd.user_origin<"f"(2)>], stage_id = 1 : i64}} : ({mt}) -> {mt}
  %1 = "mpmd.reduce"(%0) <{{reduction = #mpmd.reduction<max>}}> : ({mt}) -> {mt}
  return %1 : {mt}
}}"#
    );
    modules_equal(&parsed(&custom), &parsed(&generic)).unwrap_or_else(|e| panic!("{e}"));
    let text = roundtrip(&generic);
    assert!(
        text.contains(r#"mpmd.fragment<mesh="m1", origin=["f"(2)], stage=1> (%arg0) (%arg1: tensor<4xf32>) {"#),
        "{text}"
    );
    assert!(text.contains("mpmd.reduce<max> %0"), "{text}");
    // Attributes the custom form cannot express keep the generic form.
    let odd = format!(
        r#"func.func @main(%a: {mt}) -> {mt} {{
  %0 = "mpmd.reduce"(%a) {{reduction = "max"}} : ({mt}) -> {mt}
  %1 = "mpmd.fragment_call"(%0) {{callee = @g, mesh_name = "m1", origin = ["not an origin"]}} : ({mt}) -> {mt}
  return %1 : {mt}
}}"#
    );
    let text = roundtrip(&odd);
    assert!(text.contains("\"mpmd.reduce\"(") && text.contains("\"mpmd.fragment_call\"("), "{text}");
}

// ---------------------------------------------------------------- errors

fn with_arg_type(t: &str) -> String {
    format!("// a comment line\nfunc.func @f(%arg0 : {t})\n    {TOPOLOGY}\n{{\n  func.return\n}}")
}

#[test]
fn mesh_tensor_parse_errors() {
    let cases = [
        (r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding=<@m, [{?}]> memory_kind="pinned_host">"#, "expected '>'"),
        (r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>"#, "unbalanced '<' character in pretty dialect name"),
        (r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding=<@m, [{?}]>, memory_kind="pinned_host",>"#, "expected '>'"),
        (r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, memory_kind="pinned_host",>"#, "expected '>'"),
        (r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, memory_kind="pinned_host", sharding=<@m, [{?}]>>"#, "expected '>'"),
        (r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding=<@m, [{?}]>, >"#, "expected 'memory_kind'"),
        (
            r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding=<@m, [{?}]>, sharding=<@m, [{?}]>>"#,
            "expected 'memory_kind'",
        ),
        (r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, colour="red">"#, "expected 'memory_kind'"),
        (r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding="not_a_sharding">"#, "expected '<'"),
        (
            r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding="not_a_sharding" memory_kind="pinned_host">"#,
            "expected '<'",
        ),
        (
            r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding="not_a_sharding", memory_kind="pinned_host">"#,
            "expected '<'",
        ),
        (r#"!mpmd.mesh_tensor<"m1", tensor<4xf32> extra>"#, "expected ','"),
        (r#"!mpmd.mesh_tensor<"m1", tensor<*xf32>>"#, "invalid kind of type specified"),
        (
            r#"!mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding=<@m, [{"a"}p01]>>"#,
            "priorities with leading zeros are not allowed",
        ),
        (r#"!mpmd.mesh_tensor<"m1">"#, "failed to parse !mpmd.mesh_tensor"),
        (r#"!mpmd.other_type<"m1">"#, "unknown type `other_type` in dialect `mpmd`"),
    ];
    for (t, message) in cases {
        assert_error(&with_arg_type(t), 2, message);
    }
}

#[test]
fn other_mpmd_parse_errors() {
    let op = |line: &str| {
        format!("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {{\n  {line}\n  return %0 : tensor<4xf32>\n}}")
    };
    assert_error(
        &op("%0 = mpmd.reduce<plus> %a : (tensor<4xf32>) -> tensor<4xf32>"),
        2,
        "for reduction type, got: plus",
    );
    assert_error(
        &op(r#"%0 = "stablehlo.abs"(%a) {r = #mpmd.reduction<add} : (tensor<4xf32>) -> tensor<4xf32>"#),
        2,
        "unbalanced '<'",
    );
    assert_error(
        &op(r#"%0 = "stablehlo.abs"(%a) {r = #mpmd.topology<>} : (tensor<4xf32>) -> tensor<4xf32>"#),
        2,
        "failed to parse #mpmd.topology",
    );
}

#[test]
fn truncated_and_garbled_inputs_never_panic() {
    let src = r#"func.func @main(%a: !mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding=<@mesh, [{"x"}]>, memory_kind="device">) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"(1)], stage=1, in_shardings=[<@mesh, [{"x"}]>]> (%a) (%b: tensor<4xf32>) {
    mpmd.return %b : tensor<4xf32>
  } : (!mpmd.mesh_tensor<"m1", tensor<4xf32>, sharding=<@mesh, [{"x"}]>, memory_kind="device">) -> !mpmd.mesh_tensor<"m1", tensor<4xf32>>
  %1 = mpmd.unassign %0 : (!mpmd.mesh_tensor<"m1", tensor<4xf32>>) -> tensor<4xf32>
  %2 = mpmd.reduce<add> %1, %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}"#;
    for end in 0..=src.len() {
        if src.is_char_boundary(end) {
            let _ = parse("t.mlir", &src[..end]);
        }
    }
    let bytes = src.as_bytes();
    for i in 0..bytes.len() {
        for c in [b'<', b'>', b'{', b'}', b'[', b']', b'"', b',', b'(', b')'] {
            let mut b = bytes.to_vec();
            b[i] = c;
            if let Ok(s) = std::str::from_utf8(&b)
                && let Ok(m) = parse("t.mlir", s)
            {
                let _ = print_module(&m, PrintOptions::default());
                let _ = print_module(&m, PrintOptions { generic: true, ..Default::default() });
            }
        }
    }
}
