//! StableHLO type rules: positive tests for dynamic and bounded
//! dimensions. The negative tests, one per rule label, are data:
//! `tests/verify/stablehlo/*.mlir`, run by `shardref conform verify`
//! (`conformance/tests/project_suites.rs`).

fn diags(text: &str) -> Vec<String> {
    let m = shardref_spec::parse("t.mlir", text).expect("snippet parses");
    shardref_verifier::verify(&m).into_iter().map(|d| d.message).collect()
}

fn rejects(text: &str, want: &str) {
    let d = diags(text);
    assert!(d.iter().any(|m| m.contains(want)), "expected '{want}', got {d:?}\n{text}");
}

/// A function with arguments `args` whose body is one op `%0 = OP`
/// returning `ret`.
fn p(args: &str, op: &str, ret: &str) -> String {
    format!("func.func @main({args}) -> {ret} {{\n  %0 = {op}\n  return %0 : {ret}\n}}\n")
}

/// `broadcast_in_dim` of `x` to `r` along `dims`.
fn bid(x: &str, dims: &str, r: &str) -> String {
    p(
        &format!("%x: {x}"),
        &format!("\"stablehlo.broadcast_in_dim\"(%x) {{broadcast_dimensions = array<i64: {dims}>}} : ({x}) -> {r}"),
        r,
    )
}

fn slice(start: &str, limit: &str, strides: &str, r: &str) -> String {
    p(
        "%x: tensor<4x4xf32>",
        &format!(
            "\"stablehlo.slice\"(%x) {{start_indices = array<i64: {start}>, limit_indices = array<i64: {limit}>, strides = array<i64: {strides}>}} : (tensor<4x4xf32>) -> {r}"
        ),
        r,
    )
}

fn pad(v: &str, lo: &str, hi: &str, inner: &str, r: &str) -> String {
    p(
        &format!("%x: tensor<2x3xf32>, %v: {v}"),
        &format!(
            "\"stablehlo.pad\"(%x, %v) {{edge_padding_low = array<i64: {lo}>, edge_padding_high = array<i64: {hi}>, interior_padding = array<i64: {inner}>}} : (tensor<2x3xf32>, {v}) -> {r}"
        ),
        r,
    )
}

/// A `reduce` of `x` (with init `i`) along `dims`, with a body over `a`
/// (accumulator) and `e` (element) types returning `ret`.
fn reduce(x: &str, i: &str, dims: &str, a: &str, e: &str, _ret: &str, r: &str) -> String {
    format!(
        "func.func @main(%x: {x}, %i: {i}) -> {r} {{\n  %0 = \"stablehlo.reduce\"(%x, %i) ({{\n  ^bb0(%a: {a}, %e: {e}):\n    %s = \"stablehlo.add\"(%a, %a) : ({a}, {a}) -> {a}\n    \"stablehlo.return\"(%s) : ({a}) -> ()\n  }}) {{dimensions = array<i64: {dims}>}} : ({x}, {i}) -> {r}\n  return %0 : {r}\n}}\n"
    )
}

fn rsum(dims: &str, r: &str) -> String {
    reduce("tensor<2x3xf32>", "tensor<f32>", dims, "tensor<f32>", "tensor<f32>", "tensor<f32>", r)
}

/// A `reduce_window` of a 4x4 f32 input with window attributes `attrs`.
fn rw(attrs: &str, r: &str) -> String {
    format!(
        "func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> {r} {{\n  %0 = \"stablehlo.reduce_window\"(%x, %i) ({{\n  ^bb0(%a: tensor<f32>, %e: tensor<f32>):\n    %s = \"stablehlo.add\"(%a, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n    \"stablehlo.return\"(%s) : (tensor<f32>) -> ()\n  }}) {{{attrs}}} : (tensor<4x4xf32>, tensor<f32>) -> {r}\n  return %0 : {r}\n}}\n"
    )
}

/// A `dot_general` of `a` and `b` with dimension numbers `dn`.
fn dg(a: &str, b: &str, dn: &str, r: &str) -> String {
    p(
        &format!("%a: {a}, %b: {b}"),
        &format!(
            "\"stablehlo.dot_general\"(%a, %b) {{dot_dimension_numbers = #stablehlo.dot<{dn}>}} : ({a}, {b}) -> {r}"
        ),
        r,
    )
}

const MM: &str = "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]";

/// A `convolution` of `a` (input) and `b` (kernel).
fn conv(a: &str, b: &str, dn: &str, attrs: &str, r: &str) -> String {
    p(
        &format!("%a: {a}, %b: {b}"),
        &format!(
            "\"stablehlo.convolution\"(%a, %b) {{dimension_numbers = #stablehlo.conv<{dn}>{attrs}}} : ({a}, {b}) -> {r}"
        ),
        r,
    )
}

const NHWC: &str = "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]";
const IN: &str = "tensor<1x4x4x2xf32>";
const K: &str = "tensor<3x3x2x2xf32>";
const OUT: &str = "tensor<1x2x2x2xf32>";

fn cv(attrs: &str) -> String {
    conv(IN, K, NHWC, attrs, OUT)
}

/// A `gather` with the given dimension numbers and slice sizes.
fn gather(x: &str, idx: &str, dn: &str, sizes: &str, r: &str) -> String {
    p(
        &format!("%x: {x}, %i: {idx}"),
        &format!(
            "\"stablehlo.gather\"(%x, %i) {{dimension_numbers = #stablehlo.gather<{dn}>, slice_sizes = array<i64: {sizes}>}} : ({x}, {idx}) -> {r}"
        ),
        r,
    )
}

const GX: &str = "tensor<3x4xf32>";
const GI: &str = "tensor<2x1xi32>";
const GDN: &str = "offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1";

fn g(dn: &str, sizes: &str, r: &str) -> String {
    gather(GX, GI, dn, sizes, r)
}

/// A `dynamic_conv` of `a` (input) and `b` (kernel) whose padding is a
/// `stablehlo.constant` of type `pt` with value `pv`.
fn dconv_p(pt: &str, pv: &str, a: &str, b: &str, dn: &str, attrs: &str, r: &str) -> String {
    format!(
        "func.func @main(%a: {a}, %b: {b}) -> {r} {{\n  %p = stablehlo.constant {pv} : {pt}\n  %0 = \"stablehlo.dynamic_conv\"(%a, %b, %p) {{dimension_numbers = #stablehlo.conv<{dn}>{attrs}}} : ({a}, {b}, {pt}) -> {r}\n  return %0 : {r}\n}}\n"
    )
}

/// `dconv_p` with zero padding on both spatial dimensions.
fn dconv(a: &str, b: &str, dn: &str, attrs: &str, r: &str) -> String {
    dconv_p("tensor<2x2xi64>", "dense<0>", a, b, dn, attrs, r)
}

fn dcv(attrs: &str) -> String {
    dconv(IN, K, NHWC, attrs, OUT)
}

/// A `dynamic_gather` whose slice sizes are a `stablehlo.constant`.
fn dgather(x: &str, idx: &str, dn: &str, sizes: &str, r: &str) -> String {
    let n = sizes.split(',').count();
    format!(
        "func.func @main(%x: {x}, %i: {idx}) -> {r} {{\n  %s = stablehlo.constant dense<[{sizes}]> : tensor<{n}xi64>\n  %0 = \"stablehlo.dynamic_gather\"(%x, %i, %s) {{dimension_numbers = #stablehlo.gather<{dn}>}} : ({x}, {idx}, tensor<{n}xi64>) -> {r}\n  return %0 : {r}\n}}\n"
    )
}

fn dg_(dn: &str, sizes: &str, r: &str) -> String {
    dgather(GX, GI, dn, sizes, r)
}

/// A `scatter` of `u` into `x` at `i`, with dimension numbers `dn`.
fn scatter(x: &str, i: &str, u: &str, dn: &str, r: &str) -> String {
    format!(
        "func.func @main(%x: {x}, %i: {i}, %u: {u}) -> {r} {{\n  %0 = \"stablehlo.scatter\"(%x, %i, %u) ({{\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    \"stablehlo.return\"(%b) : (tensor<f32>) -> ()\n  }}) {{scatter_dimension_numbers = #stablehlo.scatter<{dn}>}} : ({x}, {i}, {u}) -> {r}\n  return %0 : {r}\n}}\n"
    )
}

const SDN: &str =
    "update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1";

fn sc(dn: &str) -> String {
    scatter("tensor<3x4xf32>", "tensor<2x1xi32>", "tensor<2x4xf32>", dn, "tensor<3x4xf32>")
}

const W22: &str = "window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>";

/// StableHLO labels whose negative test is not written yet; this list only shrinks.
#[test]
fn dynamic_and_bounded_dimensions_verify_cleanly() {
    for text in [
        // `?` against static sizes in elementwise ops, broadcasts, reshapes and dots.
        p(
            "%a: tensor<?xf32>, %b: tensor<2xf32>",
            "\"stablehlo.add\"(%a, %b) : (tensor<?xf32>, tensor<2xf32>) -> tensor<2xf32>",
            "tensor<2xf32>",
        ),
        bid("tensor<?xf32>", "1", "tensor<3x4xf32>"),
        p("%x: tensor<?x3xf32>", "\"stablehlo.reshape\"(%x) : (tensor<?x3xf32>) -> tensor<6xf32>", "tensor<6xf32>"),
        dg("tensor<?x3xf32>", "tensor<3x?xf32>", MM, "tensor<2x4xf32>"),
        rsum("1", "tensor<?xf32>"),
        // A bounded dimension accepts static sizes up to its bound.
        p(
            "%a: tensor<?xf32, #stablehlo.bounds<4>>, %b: tensor<3xf32>",
            "\"stablehlo.add\"(%a, %b) : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<3xf32>) -> tensor<3xf32>",
            "tensor<3xf32>",
        ),
        // The spec's own examples of shape ops, rewritten.
        slice("1, 0", "3, 4", "1, 2", "tensor<2x2xf32>"),
        pad("tensor<f32>", "0, 1", "2, 1", "1, 0", "tensor<5x5xf32>"),
        cv(""),
        g(GDN, "1, 4", "tensor<2x4xf32>"),
        sc(SDN),
        rw(W22, "tensor<2x2xf32>"),
        dcv(""),
        dg_(GDN, "1, 4", "tensor<2x4xf32>"),
        // Padding and slice sizes that are not constants leave the
        // dimensions they determine unknown.
        p(
            &format!("%a: {IN}, %b: {K}, %q: tensor<2x2xi32>"),
            &format!(
                "\"stablehlo.dynamic_conv\"(%a, %b, %q) {{dimension_numbers = #stablehlo.conv<{NHWC}>}} : ({IN}, {K}, tensor<2x2xi32>) -> tensor<1x7x9x2xf32>"
            ),
            "tensor<1x7x9x2xf32>",
        ),
        p(
            &format!("%x: {GX}, %i: {GI}, %s: tensor<2xi32>"),
            &format!(
                "\"stablehlo.dynamic_gather\"(%x, %i, %s) {{dimension_numbers = #stablehlo.gather<{GDN}>}} : ({GX}, {GI}, tensor<2xi32>) -> tensor<2x?xf32>"
            ),
            "tensor<2x?xf32>",
        ),
    ] {
        assert_eq!(diags(&text), Vec::<String>::new(), "{text}");
    }
}

#[test]
fn a_bound_smaller_than_a_static_size_is_rejected() {
    rejects(
        &p(
            "%a: tensor<?xf32, #stablehlo.bounds<2>>, %b: tensor<3xf32>",
            "\"stablehlo.add\"(%a, %b) : (tensor<?xf32, #stablehlo.bounds<2>>, tensor<3xf32>) -> tensor<3xf32>",
            "tensor<3xf32>",
        ),
        "requires compatible types for all operands and results",
    );
}
