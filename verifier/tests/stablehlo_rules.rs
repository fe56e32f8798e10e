//! StableHLO type rules: one negative test per spec label (named after it,
//! written for its rule; none is copied from the corpus), and positive
//! tests for dynamic and bounded dimensions. `tests/rules.rs` reads the
//! `neg!` block below to know which StableHLO labels are tested.

use shardref_verifier::rules::RULES;

fn diags(text: &str) -> Vec<String> {
    let m = shardref_spec::parse("t.mlir", text).expect("snippet parses");
    shardref_verifier::verify(&m).into_iter().map(|d| d.message).collect()
}

fn rejects(text: &str, want: &str) {
    let d = diags(text);
    assert!(d.iter().any(|m| m.contains(want)), "expected '{want}', got {d:?}\n{text}");
}

macro_rules! neg {
    ($($label:ident: $text:expr => $want:expr;)*) => {
        $(#[test] fn $label() { rejects($text, $want); })*
        const TESTED: &[&str] = &[$(stringify!($label),)*];
    };
}

/// A function with arguments `args` whose body is one op `%0 = OP`
/// returning `ret`.
fn p(args: &str, op: &str, ret: &str) -> String {
    format!("func.func @main({args}) -> {ret} {{\n  %0 = {op}\n  return %0 : {ret}\n}}\n")
}

/// A unary op whose result type differs from its operand's.
fn unary(name: &str, t: &str) -> String {
    p(
        &format!("%x: tensor<2x{t}>"),
        &format!("\"stablehlo.{name}\"(%x) : (tensor<2x{t}>) -> tensor<3x{t}>"),
        &format!("tensor<3x{t}>"),
    )
}

/// A binary op whose operands' types differ.
fn binary(name: &str, t: &str) -> String {
    p(
        &format!("%a: tensor<2x{t}>, %b: tensor<3x{t}>"),
        &format!("\"stablehlo.{name}\"(%a, %b) : (tensor<2x{t}>, tensor<3x{t}>) -> tensor<2x{t}>"),
        &format!("tensor<2x{t}>"),
    )
}

const Q8: &str = "!quant.uniform<i8:f32, 0.5:1>";
const Q16: &str = "!quant.uniform<i16:f32, 0.5:1>";
const QF64: &str = "!quant.uniform<i8:f64, 0.5:1>";
const QAX: &str = "!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>";
const QAX1: &str = "!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>";

fn add_q(a: &str, b: &str, r: &str) -> String {
    p(
        &format!("%a: tensor<2x2x{a}>, %b: tensor<2x2x{b}>"),
        &format!("\"stablehlo.add\"(%a, %b) : (tensor<2x2x{a}>, tensor<2x2x{b}>) -> tensor<2x2x{r}>"),
        &format!("tensor<2x2x{r}>"),
    )
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

fn dslice(idx: &str, idx_ty: &str, sizes: &str, r: &str) -> String {
    p(
        &format!("%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i64>, %k: tensor<2xi32>"),
        &format!(
            "\"stablehlo.dynamic_slice\"(%x, {idx}) {{slice_sizes = array<i64: {sizes}>}} : (tensor<4x4xf32>, {idx_ty}) -> {r}"
        ),
        r,
    )
}

fn dus(u: &str, idx: &str, idx_ty: &str, r: &str) -> String {
    p(
        &format!("%x: tensor<4x4xf32>, %u: {u}, %i: tensor<i32>, %j: tensor<i64>"),
        &format!("\"stablehlo.dynamic_update_slice\"(%x, %u, {idx}) : (tensor<4x4xf32>, {u}, {idx_ty}) -> {r}"),
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

fn rw_body(i: &str, a: &str, ret: &str, r: &str) -> String {
    format!(
        "func.func @main(%x: tensor<4x4xf32>, %i: {i}) -> {r} {{\n  %0 = \"stablehlo.reduce_window\"(%x, %i) ({{\n  ^bb0(%a: {a}, %e: {a}):\n    \"stablehlo.return\"({ret}) : ({a}) -> ()\n  }}) {{window_dimensions = array<i64: 2, 2>}} : (tensor<4x4xf32>, {i}) -> {r}\n  return %0 : {r}\n}}\n"
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

/// A `sort` of one 1-D f32 tensor with a comparator over `a`, returning `ret`.
fn sort(dim: i64, a: &str, ret_ty: &str) -> String {
    format!(
        "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {{\n  %0 = \"stablehlo.sort\"(%x) ({{\n  ^bb0(%p: {a}, %q: {a}):\n    %c = \"stablehlo.constant\"() {{value = dense<0> : {ret_ty}}} : () -> {ret_ty}\n    \"stablehlo.return\"(%c) : ({ret_ty}) -> ()\n  }}) {{dimension = {dim} : i64}} : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}}\n"
    )
}

/// A `while` over one i32 counter with the given region types.
fn while_(carg: &str, cret: &str, barg: &str, bret_val: &str, bret: &str, r: &str) -> String {
    format!(
        "func.func @main(%x: tensor<i32>) -> {r} {{\n  %0 = \"stablehlo.while\"(%x) ({{\n  ^bb0(%c: {carg}):\n    %t = \"stablehlo.constant\"() {{value = dense<0> : {cret}}} : () -> {cret}\n    \"stablehlo.return\"(%t) : ({cret}) -> ()\n  }}, {{\n  ^bb0(%b: {barg}):\n    %v = \"stablehlo.constant\"() {{value = dense<{bret_val}> : {bret}}} : () -> {bret}\n    \"stablehlo.return\"(%v) : ({bret}) -> ()\n  }}) : (tensor<i32>) -> {r}\n  return %0 : {r}\n}}\n"
    )
}

fn if_(pred: &str, a: &str, b: &str, r: &str, arg: &str) -> String {
    format!(
        "func.func @main(%p: {pred}) -> {r} {{\n  %0 = \"stablehlo.if\"(%p) ({{\n  ^bb0{arg}:\n    %t = \"stablehlo.constant\"() {{value = dense<0> : {a}}} : () -> {a}\n    \"stablehlo.return\"(%t) : ({a}) -> ()\n  }}, {{\n    %f = \"stablehlo.constant\"() {{value = dense<0> : {b}}} : () -> {b}\n    \"stablehlo.return\"(%f) : ({b}) -> ()\n  }}) : ({pred}) -> {r}\n  return %0 : {r}\n}}\n"
    )
}

fn case(a: &str, b: &str, r: &str, arg: &str) -> String {
    format!(
        "func.func @main(%p: tensor<i32>) -> {r} {{\n  %0 = \"stablehlo.case\"(%p) ({{\n  ^bb0{arg}:\n    %t = \"stablehlo.constant\"() {{value = dense<0> : {a}}} : () -> {a}\n    \"stablehlo.return\"(%t) : ({a}) -> ()\n  }}, {{\n    %f = \"stablehlo.constant\"() {{value = dense<0> : {b}}} : () -> {b}\n    \"stablehlo.return\"(%f) : ({b}) -> ()\n  }}) : (tensor<i32>) -> {r}\n  return %0 : {r}\n}}\n"
    )
}

fn composite(name: &str, callee: &str, arg: &str, ret: &str) -> String {
    format!(
        "func.func @dec(%x: tensor<2xf32>) -> tensor<2xf32> {{\n  return %x : tensor<2xf32>\n}}\nfunc.func @main(%x: {arg}) -> {ret} {{\n  %0 = \"stablehlo.composite\"(%x) {{name = \"{name}\", decomposition = @{callee}}} : ({arg}) -> {ret}\n  return %0 : {ret}\n}}\n"
    )
}

fn call(arg: &str, ret: &str) -> String {
    format!(
        "func.func @g(%x: tensor<2xf32>) -> tensor<2xf32> {{\n  return %x : tensor<2xf32>\n}}\nfunc.func @main(%x: {arg}) -> {ret} {{\n  %0 = func.call @g(%x) : ({arg}) -> {ret}\n  return %0 : {ret}\n}}\n"
    )
}

fn map(dims: &str, a: &str, r: &str) -> String {
    format!(
        "func.func @main(%x: tensor<4xf32>) -> {r} {{\n  %0 = \"stablehlo.map\"(%x) ({{\n  ^bb0(%a: {a}):\n    \"stablehlo.return\"(%a) : ({a}) -> ()\n  }}) {{dimensions = array<i64: {dims}>}} : (tensor<4xf32>) -> {r}\n  return %0 : {r}\n}}\n"
    )
}

/// A `select_and_scatter` over a 4x4 f32 operand.
fn sas(source: &str, init: &str, attrs: &str, sel_arg: &str, sel_ret: &str, r: &str) -> String {
    format!(
        "func.func @main(%x: tensor<4x4xf32>, %s: {source}, %i: {init}) -> {r} {{\n  %0 = \"stablehlo.select_and_scatter\"(%x, %s, %i) ({{\n  ^bb0(%a: {sel_arg}, %b: {sel_arg}):\n    %c = \"stablehlo.constant\"() {{value = dense<0> : {sel_ret}}} : () -> {sel_ret}\n    \"stablehlo.return\"(%c) : ({sel_ret}) -> ()\n  }}, {{\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    \"stablehlo.return\"(%a) : (tensor<f32>) -> ()\n  }}) {{{attrs}}} : (tensor<4x4xf32>, {source}, {init}) -> {r}\n  return %0 : {r}\n}}\n"
    )
}

fn cat(a: &str, b: &str, dim: i64, r: &str) -> String {
    p(
        &format!("%a: {a}, %b: {b}"),
        &format!("\"stablehlo.concatenate\"(%a, %b) {{dimension = {dim} : i64}} : ({a}, {b}) -> {r}"),
        r,
    )
}

fn ts(a: &str, b: &str, r: &str) -> String {
    p(
        &format!("%a: {a}, %b: {b}"),
        &format!(
            "\"stablehlo.triangular_solve\"(%a, %b) {{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}} : ({a}, {b}) -> {r}"
        ),
        r,
    )
}

fn fft(kind: &str, len: &str, x: &str, r: &str) -> String {
    p(
        &format!("%x: {x}"),
        &format!(
            "\"stablehlo.fft\"(%x) {{fft_type = #stablehlo<fft_type {kind}>, fft_length = array<i64{len}>}} : ({x}) -> {r}"
        ),
        r,
    )
}

fn diota(s: &str, dim: i64, r: &str) -> String {
    p(
        &format!("%s: {s}"),
        &format!("\"stablehlo.dynamic_iota\"(%s) {{iota_dimension = {dim} : i64}} : ({s}) -> {r}"),
        r,
    )
}

fn dbid(x: &str, d: &str, attrs: &str, r: &str) -> String {
    p(
        &format!("%x: {x}, %d: {d}"),
        &format!("\"stablehlo.dynamic_broadcast_in_dim\"(%x, %d) {{{attrs}}} : ({x}, {d}) -> {r}"),
        r,
    )
}

fn rds(a: &str, b: &str, r: &str) -> String {
    p(
        &format!("%x: tensor<4xf32>, %a: {a}, %b: {b}"),
        &format!("\"stablehlo.real_dynamic_slice\"(%x, %a, %b, %a) : (tensor<4xf32>, {a}, {b}, {a}) -> {r}"),
        r,
    )
}

fn dpad(v: &str, lo: &str, r: &str) -> String {
    p(
        &format!("%x: tensor<4xf32>, %v: {v}, %l: {lo}, %i: tensor<1xi64>"),
        &format!(
            "\"stablehlo.dynamic_pad\"(%x, %v, %l, %l, %i) : (tensor<4xf32>, {v}, {lo}, {lo}, tensor<1xi64>) -> {r}"
        ),
        r,
    )
}

const W22: &str = "window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>";

neg! {
    stablehlo_signature: &p("%a: tensor<2xf32>", "\"stablehlo.add\"(%a) : (tensor<2xf32>) -> tensor<2xf32>", "tensor<2xf32>") => "'stablehlo.add' op expected 2 operands, but found 1";
    stablehlo_shape_overflow: "func.func @main(%arg0: tensor<12x4xf32>) -> tensor<12x4xf32> {\n  %init = stablehlo.constant dense<0.0> : tensor<f32>\n  %1 = \"stablehlo.reduce_window\"(%arg0, %init) <{base_dilations = array<i64: 9223372036854775807, 1>, padding = dense<[[0, 0], [3, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 4>, window_strides = array<i64: 1, 1>}> ({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    %2 = stablehlo.add %a, %b : tensor<f32>\n    stablehlo.return %2 : tensor<f32>\n  }) : (tensor<12x4xf32>, tensor<f32>) -> tensor<12x4xf32>\n  return %1 : tensor<12x4xf32>\n}\n" => "'stablehlo.reduce_window' op the padded, base-dilated size along window dimension 0 overflows i64";
    stablehlo_operand_types: &unary("sqrt", "i32") => "operand #0 must be tensor of floating-point or complex type or quantized values";
    abs_c1: &p("%x: tensor<2xf32>", "\"stablehlo.abs\"(%x) : (tensor<2xf32>) -> tensor<3xf32>", "tensor<3xf32>") => "'stablehlo.abs' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'";
    abs_c2: &p("%x: tensor<2xcomplex<f32>>", "\"stablehlo.abs\"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>") => "inferred type(s) 'tensor<2xf32>'";
    add_c1: &binary("add", "f32") => "requires compatible types for all operands and results";
    add_c2: &add_q(Q8, "f32", Q8) => "expects  all operands and results to be either quantized or non-quantized";
    add_c3: &add_q(Q8, Q16, Q8) => "mismatched operands and result quantization storage types";
    add_c4: &add_q(Q8, QF64, Q8) => "mismatched operands and result quantization expressed types";
    add_c5: &add_q(QAX, Q8, Q8) => "result is not per_axis quantized but lhs or rhs are";
    add_c6: &add_q(QAX, Q8, QAX1) => "quantization_dimension of lhs and result are not same";
    add_c7: &add_q(Q8, QAX, QAX1) => "quantization_dimension of rhs and result are not same";
    and_c1: &binary("and", "i32") => "requires compatible types for all operands and results";
    atan2_c1: &binary("atan2", "f32") => "requires compatible types";
    bitcast_convert_c1: &p("%x: tensor<2xf32>", "\"stablehlo.bitcast_convert\"(%x) : (tensor<2xf32>) -> tensor<2x2xi8>", "tensor<2x2xi8>") => "requires compatible bit widths. Got: 'tensor<2xf32>' and 'tensor<2x2xi8>', but 8 * 2 != 32.";
    bitcast_convert_c2: &p("%x: tensor<2xi64>", "\"stablehlo.bitcast_convert\"(%x) : (tensor<2xi64>) -> tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>") => "cannot convert between real and complex types";
    broadcast_c1: &p("%x: tensor<2xf32>", "\"stablehlo.broadcast\"(%x) {broadcast_sizes = array<i64: 3>} : (tensor<2xf32>) -> tensor<2x3xf32>", "tensor<2x3xf32>") => "inferred type(s) 'tensor<3x2xf32>'";
    broadcast_in_dim_c1: &bid("tensor<2xf32>", "0", "tensor<2x3xf64>") => "expects operand and result to have the same element type";
    broadcast_in_dim_c2: &bid("tensor<2xf32>", "0, 1", "tensor<2x3xf32>") => "broadcast_dimensions size (2) does not match operand rank (1)";
    broadcast_in_dim_c3: &bid("tensor<2xf32>", "2", "tensor<2x3xf32>") => "broadcast_dimensions contains invalid value 2 for result with rank 2";
    broadcast_in_dim_c4: &bid("tensor<2x2xf32>", "0, 0", "tensor<2x2xf32>") => "broadcast_dimensions should not have duplicates";
    broadcast_in_dim_c5: &bid("tensor<2xf32>", "1", "tensor<2x3xf32>") => "size of operand dimension 0 (2) is not equal to 1 or size of result dimension 1 (3)";
    broadcast_in_dim_c6: &bid(&format!("tensor<2x{QAX}>"), "1", &format!("tensor<3x2x{QAX}>")) => "result quantization_dimension 0 not same as broadcast_dimensions 0 (1)";
    case_c1: "func.func @main(%p: tensor<i32>) {\n  \"stablehlo.case\"(%p) : (tensor<i32>) -> ()\n  return\n}\n" => "expect at least one branch";
    case_c2: &case("tensor<i32>", "tensor<i32>", "tensor<i32>", "(%z: tensor<i32>)") => "branch 0 must have 0 arguments, but found 1";
    case_c3: &case("tensor<i32>", "tensor<f32>", "tensor<i32>", "") => "branch 0 and branch 1 have mismatched return types: tensor<i32> vs tensor<f32>";
    case_c4: &case("tensor<i32>", "tensor<i32>", "tensor<f32>", "") => "inferred type(s) tensor<i32> are incompatible with return type(s) of operation tensor<f32>";
    case_i1: &if_("tensor<i1>", "tensor<i32>", "tensor<i32>", "tensor<i32>", "").replace("stablehlo.if", "stablehlo.case") => "operand #0 must be 0D tensor of i32 values";
    cbrt_c1: &unary("cbrt", "f32") => "requires compatible types for all operands and results";
    ceil_c1: &unary("ceil", "f32") => "requires compatible types";
    clamp_c1: &p("%l: tensor<3xf32>, %x: tensor<2xf32>, %h: tensor<f32>", "\"stablehlo.clamp\"(%l, %x, %h) : (tensor<3xf32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>", "tensor<2xf32>") => "min shape [3] is not scalar and is not compatible to operand shape [2]";
    clamp_c2: &p("%l: tensor<f32>, %x: tensor<2xf32>, %h: tensor<3xf32>", "\"stablehlo.clamp\"(%l, %x, %h) : (tensor<f32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>", "tensor<2xf32>") => "max shape [3] is not scalar and is not compatible to operand shape [2]";
    clamp_c3: &p("%l: tensor<f64>, %x: tensor<2xf32>, %h: tensor<f32>", "\"stablehlo.clamp\"(%l, %x, %h) : (tensor<f64>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>", "tensor<2xf32>") => "requires the same element type for all operands";
    clamp_c4: &p("%l: tensor<f32>, %x: tensor<2xf32>, %h: tensor<f32>", "\"stablehlo.clamp\"(%l, %x, %h) : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<3xf32>", "tensor<3xf32>") => "inferred type(s) 'tensor<2xf32>'";
    compare_c1: &p("%a: tensor<2xf32>, %b: tensor<2xi32>", "\"stablehlo.compare\"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>", "tensor<2xi1>") => "requires compatible types for all operands";
    compare_c2: &p("%a: tensor<2xf32>, %b: tensor<2xf32>", "\"stablehlo.compare\"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xi1>", "tensor<3xi1>") => "requires the same shape for all operands and results";
    compare_c3: &p("%a: tensor<2xf32>, %b: tensor<2xf32>", "\"stablehlo.compare\"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type SIGNED>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>", "tensor<2xi1>") => "compare_type SIGNED is not valid for element type f32";
    complex_c1: &p("%a: tensor<2xf32>, %b: tensor<2xf64>", "\"stablehlo.complex\"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>") => "requires compatible types for all operands";
    complex_c2: &p("%a: tensor<2xf32>, %b: tensor<2xf32>", "\"stablehlo.complex\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xcomplex<f32>>", "tensor<3xcomplex<f32>>") => "inferred type(s) 'tensor<2xcomplex<f32>>'";
    complex_c3: &p("%a: tensor<2xf32>, %b: tensor<2xf32>", "\"stablehlo.complex\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>", "tensor<2xcomplex<f64>>") => "inferred type(s) 'tensor<2xcomplex<f32>>'";
    composite_c1: &composite("nonamespace", "dec", "tensor<2xf32>", "tensor<2xf32>") => "name must be a valid namespaced op name";
    composite_c2: &composite("my.op", "nope", "tensor<2xf32>", "tensor<2xf32>") => "'@nope' does not reference a valid function";
    composite_c3: &composite("my.op", "dec", "tensor<2xf64>", "tensor<2xf32>") => "operand at index 0 has type 'tensor<2xf64>', but decomposition has type 'tensor<2xf32>'";
    composite_c4: &composite("my.op", "dec", "tensor<2xf32>", "tensor<2xf64>") => "result at index 0 has type 'tensor<2xf64>', but decomposition has type 'tensor<2xf32>'";
    constant_c1: &p("", "\"stablehlo.constant\"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>", "tensor<3xf32>") => "inferred type(s) 'tensor<2xf32>' are incompatible";
    convert_c1: &p("%x: tensor<2xf32>", "\"stablehlo.convert\"(%x) : (tensor<2xf32>) -> tensor<3xi32>", "tensor<3xi32>") => "requires the same shape for all operands and results";
    convolution_c1: &conv("tensor<1x4x4x2xf32>", "tensor<3x3x2xf32>", NHWC, "", OUT) => "expects convolution arguments to have same number of dimensions";
    convolution_c2: &cv(", window_strides = array<i64: 1>") => "expects window-strides to have same dimension-size as size of window dimensions (2), but got: 1.";
    convolution_c3: &cv(", window_strides = array<i64: 0, 1>") => "expects window to have positive stride for 0-th window dimension, but got 0.";
    convolution_c4: &cv(", padding = dense<0> : tensor<2x3xi64>") => "expects the shape of padding-attribute to be {N, 2}, but got {2, 3}.";
    convolution_c5: &cv(", lhs_dilation = array<i64: 1>") => "expects base-dilation factors to have same dimension-size";
    convolution_c6: &cv(", lhs_dilation = array<i64: 1, 0>") => "expects window to have positive base dilation factor for 1-th window dimension, but got 0.";
    convolution_c7: &cv(", rhs_dilation = array<i64: 1>") => "expects window-dilation factors to have same dimension-size";
    convolution_c8: &cv(", rhs_dilation = array<i64: 0, 1>") => "expects window to have positive window dilation factor for 0-th window dimension";
    convolution_c9: &cv(", window_reversal = array<i1: true>") => "expects window-reversal to have same dimension-size";
    convolution_c10: &conv("tensor<3x4x4x2xf32>", K, NHWC, ", batch_group_count = 2 : i64", OUT) => "expects input batch dimension (3) to be divisible by batch_group_count. Got batch_group_count = 2.";
    convolution_c11: &conv("tensor<1x4x4x3xf32>", K, NHWC, ", feature_group_count = 2 : i64", OUT) => "expects input feature dimension (3) to be a multiple of feature_group_count";
    convolution_c12: &conv(IN, K, "[b, 0, f]x[0, i, o]->[b, 0, f]", "", OUT) => "expects convolution arguments to have 3 dimensions. Got: 4";
    convolution_c13: &cv("").replace("input_batch_dimension", "x") .replace("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 0, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>") => "expects input dimension-numbers to be unique, got {0, 0, 1, 2}.";
    convolution_c14: &conv(IN, "tensor<3x3x3x2xf32>", NHWC, "", OUT) => "expects input feature dimension (2) / feature_group_count = kernel input feature dimension (3). Got feature_group_count = 1.";
    convolution_c15: &conv("tensor<2x4x4x2xf32>", "tensor<3x3x2x3xf32>", NHWC, ", batch_group_count = 2 : i64", "tensor<1x2x2x3xf32>") => "expects output feature dimension size (3) to be a multiple of batch_group_count";
    convolution_c16: &conv(IN, "tensor<3x3x1x3xf32>", NHWC, ", feature_group_count = 2 : i64", "tensor<1x2x2x3xf32>") => "expects kernel output feature dimension (3) to be divisible by feature_group_count";
    convolution_c17: &cv("").replace("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>") => "expects the same size for input, kernel and output spatial-dimensions, but got 2, 1, and 2 resp.";
    convolution_c18: &cv("").replace("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>") => "expects kernel dimension-numbers to be unique, got {2, 2, 0, 1}.";
    convolution_c19: &cv("").replace("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1]>") => "expects the same size for input, kernel and output spatial-dimensions, but got 2, 2, and 1 resp.";
    convolution_c20: &cv("").replace("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 1]>") => "expects output dimension-numbers to be unique, got {0, 3, 1, 1}.";
    convolution_c21: &cv(", feature_group_count = 0 : i64") => "expects feature_group_count to be a positive number, got 0.";
    convolution_c22: &cv(", batch_group_count = -1 : i64") => "expects batch_group_count to be a positive number, got -1.";
    convolution_c23: &conv("tensor<2x4x4x2xf32>", "tensor<3x3x1x2xf32>", NHWC, ", feature_group_count = 2 : i64, batch_group_count = 2 : i64", OUT) => "expects batch_group_count and feature_group_count not to be both greater than 1. Got 2 and 2 resp.";
    convolution_c24: &cv(", precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]") => "expects precision config to be empty or have <= 2 elements, got 3";
    convolution_c25: &conv(IN, K, NHWC, "", "tensor<1x3x2x2xf32>") => "inferred shape '[1, 2, 2, 2]' is incompatible with return type of operation 'tensor<1x3x2x2xf32>'";
    convolution_c26: &conv(IN, K, NHWC, "", "tensor<1x2x2xf32>") => "inferred shape '[1, 2, 2, 2]' is incompatible";
    convolution_c27: &conv(IN, "tensor<3x3x2x2xf64>", NHWC, "", OUT) => "expects lhs and rhs to have compatible element type. Got: f32 and f64";
    convolution_c28: &conv(&format!("tensor<1x4x4x2x{Q8}>"), K, NHWC, "", &format!("tensor<1x2x2x2x{Q8}>")) => "rhs should be quantized for quantized operations";
    convolution_c29: &conv(IN, &format!("tensor<3x3x2x2x{QAX}>"), NHWC, "", OUT) => "quantization dimension of rhs should be same with kernel_output_feature_dimension";
    convolution_c30: &conv(&format!("tensor<1x4x4x2x{Q8}>"), "tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.5:0, 0.25:0}>>", NHWC, "", "tensor<1x2x2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>") => "quantization dimension of result should be same with output_feature_dimension";
    convolution_c33: &conv(&format!("tensor<1x4x4x2x{Q8}>"), "tensor<3x3x2x2x!quant.uniform<i8:f32, 0.5>>", NHWC, "", "tensor<1x2x2x2x!quant.uniform<i8:f32:3, {0.5:1, 0.25:2}>>") => "mismatched rhs and result quantization granularity";
    convolution_c31: &conv(&format!("tensor<1x4x4x2x{Q8}>"), &format!("tensor<3x3x2x2x{Q16}>"), NHWC, "", &format!("tensor<1x2x2x2x{Q8}>")) => "mismatched lhs and rhs quantization storage types";
    convolution_c32: &conv(&format!("tensor<1x4x4x2x{Q8}>"), &format!("tensor<3x3x2x2x{Q8}>"), NHWC, "", &format!("tensor<1x2x2x2x{QF64}>")) => "mismatched lhs, rhs and result quantization expressed types";
    convolution_c34: &conv(IN, &format!("tensor<3x3x2x2x{QF64}>"), NHWC, "", OUT) => "mismatched rhs quantization expressed type and lhs and result element type";
    concatenate_c1: &cat("tensor<2x3xf32>", "tensor<2x3xf64>", 0, "tensor<4x3xf32>") => "requires the same element type for all operands";
    concatenate_c2: &cat("tensor<2x3xf32>", "tensor<2x4xf32>", 0, "tensor<4x3xf32>") => "shapes of operand (0) and (1) are not compatible at non-concat index 1: (2, 3) != (2, 4)";
    concatenate_c3: &p("", "\"stablehlo.concatenate\"() {dimension = 0 : i64} : () -> tensor<2xf32>", "tensor<2xf32>") => "expected 1 or more operands, but found 0";
    concatenate_c4: &cat("tensor<2x3xf32>", "tensor<2x3xf32>", 2, "tensor<4x3xf32>") => "dimension 2 is out-of-bounds for input rank 2";
    concatenate_c5: &cat("tensor<2x3xf32>", "tensor<2x3xf32>", 0, "tensor<4x3xf64>") => "inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<4x3xf64>'";
    concatenate_c6: &cat("tensor<2x3xf32>", "tensor<2x3xf32>", 1, "tensor<4x3xf32>") => "inferred type(s) 'tensor<2x6xf32>' are incompatible";
    dot_c1: &p("%a: tensor<2x2x2xf32>, %b: tensor<2xf32>", "\"stablehlo.dot\"(%a, %b) : (tensor<2x2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>", "tensor<2x2xf32>") => "expected both lhs/rhs ranks to be either 1 or 2";
    dot_c2: &p("%a: tensor<2x3xf32>, %b: tensor<4x5xf32>", "\"stablehlo.dot\"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>", "tensor<2x5xf32>") => "expected lhs dimension 1 to be compatible with rhs dimension 0";
    cholesky_c1: &p("%a: tensor<2x2xf32>", "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf64>", "tensor<2x2xf64>") => "inferred type(s) 'tensor<2x2xf32>' are incompatible";
    cholesky_c2: &p("%a: tensor<2xf32>", "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<2xf32>) -> tensor<2xf32>", "tensor<2xf32>") => "argument 'a' must have rank >= 2, got shape [2].";
    cholesky_c3: &p("%a: tensor<2x3xf32>", "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>", "tensor<2x3xf32>") => "minor dimensions of 'a' must have equal size, got shape [2, 3].";
    triangular_solve_c1: &ts("tensor<2x2xf32>", "tensor<2x3xf64>", "tensor<2x3xf64>") => "expects a and b to have the same element type";
    triangular_solve_c2: &ts("tensor<2x2xf32>", "tensor<1x2x3xf32>", "tensor<1x2x3xf32>") => "operands must have equal rank";
    triangular_solve_c3: &ts("tensor<2x3xf32>", "tensor<2x3xf32>", "tensor<2x3xf32>") => "two minor dimensions of operand 'a' must be compatible";
    triangular_solve_c4: &ts("tensor<2x2xf32>", "tensor<2x3xf32>", "tensor<3x2xf32>") => "inferred type(s) 'tensor<2x3xf32>' are incompatible";
    fft_c1: &fft("FFT", ": 4, 4", "tensor<4xcomplex<f32>>", "tensor<4xcomplex<f32>>") => "operand rank must not be less than fft rank of 2";
    fft_c2: &fft("FFT", ": 4", "tensor<4xf32>", "tensor<4xf32>") => "FFT/IFFT/IRFFT take a complex tensor as input";
    fft_c3: &fft("FFT", "", "tensor<4xcomplex<f32>>", "tensor<4xcomplex<f32>>") => "rank must be between 1 and 3, but got 0.";
    fft_c4: &fft("RFFT", ": 4", "tensor<8xf32>", "tensor<3xcomplex<f32>>") => "RFFT requires innermost dimensions to be compatible with fft_length. Got: [8] but wanted [4].";
    fft_c5: &fft("RFFT", ": 8", "tensor<8xf32>", "tensor<8xcomplex<f32>>") => "inferred type(s) 'tensor<5xcomplex<f32>>' are incompatible";
    dynamic_conv_i3: &dconv_p("tensor<4xi64>", "dense<0>", IN, K, NHWC, "", OUT) => "expects padding to be of rank 2 but got 1";
    dynamic_conv_c1: &dconv("tensor<1x4x4x2xf32>", "tensor<3x3x2xf32>", NHWC, "", OUT) => "expects convolution arguments to have same number of dimensions";
    dynamic_conv_c2: &dcv(", window_strides = array<i64: 1>") => "expects window-strides to have same dimension-size as size of window dimensions (2), but got: 1.";
    dynamic_conv_c3: &dcv(", window_strides = array<i64: 0, 1>") => "expects window to have positive stride for 0-th window dimension, but got 0.";
    dynamic_conv_c4: &dconv_p("tensor<2x3xi64>", "dense<0>", IN, K, NHWC, "", OUT) => "expects padding to be of shape [2, 2], but got [2, 3]";
    dynamic_conv_c5: &dcv(", lhs_dilation = array<i64: 1>") => "expects base-dilation factors to have same dimension-size";
    dynamic_conv_c6: &dcv(", lhs_dilation = array<i64: 1, 0>") => "expects window to have positive base dilation factor for 1-th window dimension, but got 0.";
    dynamic_conv_c7: &dcv(", rhs_dilation = array<i64: 1>") => "expects window-dilation factors to have same dimension-size";
    dynamic_conv_c8: &dcv(", rhs_dilation = array<i64: 0, 1>") => "expects window to have positive window dilation factor for 0-th window dimension";
    dynamic_conv_c9: &dcv(", window_reversal = array<i1: true>") => "expects window-reversal to have same dimension-size";
    dynamic_conv_c10: &dconv("tensor<3x4x4x2xf32>", K, NHWC, ", batch_group_count = 2 : i64", OUT) => "expects input batch dimension (3) to be divisible by batch_group_count. Got batch_group_count = 2.";
    dynamic_conv_c11: &dconv("tensor<1x4x4x3xf32>", K, NHWC, ", feature_group_count = 2 : i64", OUT) => "expects input feature dimension (3) to be a multiple of feature_group_count";
    dynamic_conv_c12: &dconv(IN, K, "[b, 0, f]x[0, i, o]->[b, 0, f]", "", OUT) => "expects convolution arguments to have 3 dimensions. Got: 4";
    dynamic_conv_c13: &dcv("").replace("input_batch_dimension", "x") .replace("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 0, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>") => "expects input dimension-numbers to be unique, got {0, 0, 1, 2}.";
    dynamic_conv_c14: &dconv(IN, "tensor<3x3x3x2xf32>", NHWC, "", OUT) => "expects input feature dimension (2) / feature_group_count = kernel input feature dimension (3). Got feature_group_count = 1.";
    dynamic_conv_c15: &dconv("tensor<2x4x4x2xf32>", "tensor<3x3x2x3xf32>", NHWC, ", batch_group_count = 2 : i64", "tensor<1x2x2x3xf32>") => "expects output feature dimension size (3) to be a multiple of batch_group_count";
    dynamic_conv_c16: &dconv(IN, "tensor<3x3x1x3xf32>", NHWC, ", feature_group_count = 2 : i64", "tensor<1x2x2x3xf32>") => "expects kernel output feature dimension (3) to be divisible by feature_group_count";
    dynamic_conv_c17: &dcv("").replace("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>") => "expects the same size for input, kernel and output spatial-dimensions, but got 2, 1, and 2 resp.";
    dynamic_conv_c18: &dcv("").replace("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>") => "expects kernel dimension-numbers to be unique, got {2, 2, 0, 1}.";
    dynamic_conv_c19: &dcv("").replace("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1]>") => "expects the same size for input, kernel and output spatial-dimensions, but got 2, 2, and 1 resp.";
    dynamic_conv_c20: &dcv("").replace("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>", "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 1]>") => "expects output dimension-numbers to be unique, got {0, 3, 1, 1}.";
    dynamic_conv_c21: &dcv(", feature_group_count = 0 : i64") => "expects feature_group_count to be a positive number, got 0.";
    dynamic_conv_c22: &dcv(", batch_group_count = -1 : i64") => "expects batch_group_count to be a positive number, got -1.";
    dynamic_conv_c23: &dconv("tensor<2x4x4x2xf32>", "tensor<3x3x1x2xf32>", NHWC, ", feature_group_count = 2 : i64, batch_group_count = 2 : i64", OUT) => "expects batch_group_count and feature_group_count not to be both greater than 1. Got 2 and 2 resp.";
    dynamic_conv_c24: &dcv(", precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]") => "expects precision config to be empty or have <= 2 elements, got 3";
    dynamic_conv_c25: &dconv(IN, K, NHWC, "", "tensor<1x3x2x2xf32>") => "inferred shape '[1, 2, 2, 2]' is incompatible with return type of operation 'tensor<1x3x2x2xf32>'";
    dynamic_conv_c26: &dconv(IN, K, NHWC, "", "tensor<1x2x2xf32>") => "inferred shape '[1, 2, 2, 2]' is incompatible";
    dynamic_conv_c27: &dconv(IN, "tensor<3x3x2x2xf64>", NHWC, "", OUT) => "expects lhs and rhs to have compatible element type. Got: f32 and f64";
    dynamic_conv_c28: &dconv(&format!("tensor<1x4x4x2x{Q8}>"), K, NHWC, "", &format!("tensor<1x2x2x2x{Q8}>")) => "rhs should be quantized for quantized operations";
    dynamic_conv_c29: &dconv(IN, &format!("tensor<3x3x2x2x{QAX}>"), NHWC, "", OUT) => "quantization dimension of rhs should be same with kernel_output_feature_dimension";
    dynamic_conv_c30: &dconv(&format!("tensor<1x4x4x2x{Q8}>"), "tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.5:0, 0.25:0}>>", NHWC, "", "tensor<1x2x2x2x!quant.uniform<i8:f32:0, {0.5:1, 0.25:2}>>") => "quantization dimension of result should be same with output_feature_dimension";
    dynamic_conv_c33: &dconv(&format!("tensor<1x4x4x2x{Q8}>"), "tensor<3x3x2x2x!quant.uniform<i8:f32, 0.5>>", NHWC, "", "tensor<1x2x2x2x!quant.uniform<i8:f32:3, {0.5:1, 0.25:2}>>") => "mismatched rhs and result quantization granularity";
    dynamic_conv_c31: &dconv(&format!("tensor<1x4x4x2x{Q8}>"), &format!("tensor<3x3x2x2x{Q16}>"), NHWC, "", &format!("tensor<1x2x2x2x{Q8}>")) => "mismatched lhs and rhs quantization storage types";
    dynamic_conv_c32: &dconv(&format!("tensor<1x4x4x2x{Q8}>"), &format!("tensor<3x3x2x2x{Q8}>"), NHWC, "", &format!("tensor<1x2x2x2x{QF64}>")) => "mismatched lhs, rhs and result quantization expressed types";
    dynamic_conv_c34: &dconv(IN, &format!("tensor<3x3x2x2x{QF64}>"), NHWC, "", OUT) => "mismatched rhs quantization expressed type and lhs and result element type";
    dynamic_gather_i3: &format!("func.func @main(%x: {GX}, %i: {GI}, %s: tensor<1x2xi64>) -> tensor<2x4xf32> {{\n  %0 = \"stablehlo.dynamic_gather\"(%x, %i, %s) {{dimension_numbers = #stablehlo.gather<{GDN}>}} : ({GX}, {GI}, tensor<1x2xi64>) -> tensor<2x4xf32>\n  return %0 : tensor<2x4xf32>\n}}\n") => "slice_sizes.rank != 1 (got 2)";
    dynamic_gather_c1: &dg_("offset_dims = [1], collapsed_slice_dims = [], start_index_map = [0], index_vector_dim = 1", "1, 4", "tensor<2x1x4xf32>") => "offset_dims size (1) plus collapse_slice_dims size (0) plus operand_batching_dims size (0) is not equal to operand rank (2)";
    dynamic_gather_c2: &dg_(&GDN.replace("index_vector_dim = 1", "index_vector_dim = 3"), "1, 4", "tensor<2x4xf32>") => "Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. [0, 2]. got: 3.";
    dynamic_gather_c3: &dg_(&GDN.replace("start_index_map = [0]", "start_index_map = [0, 1]"), "1, 4", "tensor<2x4xf32>") => "start_index_map size (2) is not equal to size of index dimension (1) of start_indices (1)";
    dynamic_gather_c4: &dgather("tensor<3x4x5xf32>", GI, "offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1", "1, 4, 5", "tensor<2x4x5xf32>") => "expects offset_dims to be sorted, got: [2, 1]";
    dynamic_gather_c5: &dg_("offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1", "1, 4", "tensor<2x4xf32>") => "Expects each element of offset_dims to be in range [0, implied-result-rank) i.e. [0, 2). got: 2.";
    dynamic_gather_c6: &dgather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [1], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1", "1, 1", "tensor<3xf32>") => "has duplicated dimension from collapsed_slice_dims and operand_batching_dims: 1";
    dynamic_gather_c7: &dg_("offset_dims = [], collapsed_slice_dims = [1, 0], start_index_map = [0], index_vector_dim = 1", "1, 1", "tensor<2xf32>") => "expects collapsed_slice_dims to be sorted, got: [1, 0]";
    dynamic_gather_c8: &dg_("offset_dims = [1, 2], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1", "1, 4", "tensor<2x1x4xf32>") => "offset_dims size (2) plus collapse_slice_dims size (1)";
    dynamic_gather_c9: &dg_(GDN, "2, 4", "tensor<2x4xf32>") => "slice_sizes collapsed dimension 0 should <= 1 but got 2";
    dynamic_gather_c10: &dgather("tensor<3x4x5xf32>", "tensor<4x3x1xi32>", "offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [1, 0], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 2", "1, 1, 5", "tensor<4x5xf32>") => "expects operand_batching_dims to be sorted, got: [1, 0]";
    dynamic_gather_c11: &dgather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [2], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1", "1, 4", "tensor<3x4xf32>") => "Expects each element of operand_batching_dims to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.";
    dynamic_gather_c12: &dgather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1", "2, 1", "tensor<3xf32>") => "slice_sizes batching dimension 0 should <= 1 but got 2";
    dynamic_gather_c13: &dgather("tensor<3x4x5xf32>", "tensor<3x3x1xi32>", "offset_dims = [], collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 0], start_index_map = [2], index_vector_dim = 2", "1, 1, 1", "tensor<3x3xf32>") => "expects start_indices_batching_dims to not repeat, got: [0, 0]";
    dynamic_gather_c14: &dgather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [1], index_vector_dim = 1", "1, 1", "tensor<3xf32>") => "Expects each element of start_indices_batching_dims to be in range [0, rank-of('start_indices')) i.e. [0, 2). got: 2.";
    dynamic_gather_c15: &dgather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 1", "1, 1", "tensor<3xf32>") => "expects start_indices_batching_dims not to include index_vector_dim 1";
    dynamic_gather_c16: &dgather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [], start_index_map = [1], index_vector_dim = 1", "1, 1", "tensor<3xf32>") => "operand_batching_dims and start_indices_batching_dims should have the same size";
    dynamic_gather_c17: &dgather("tensor<3x4xf32>", "tensor<5x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1", "1, 1", "tensor<5xf32>") => "operand_batching_dims[0] and start_indices_batching_dims[0] must have compatible sizes, but got 3 and 5";
    dynamic_gather_c18: &dgather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1", "1, 1", "tensor<3xf32>") => "has duplicated dimension from start_index_map and operand_batching_dims: 0";
    dynamic_gather_c19: &dg_(&GDN.replace("start_index_map = [0]", "start_index_map = [2]"), "1, 4", "tensor<2x4xf32>") => "Expects each element of start_index_map to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.";
    dynamic_gather_c20: &dg_(GDN, "1, 4, 1", "tensor<2x4xf32>") => "slice_sizes size (3) not equal to operand rank (2)";
    dynamic_gather_c21: &dg_(GDN, "1, 5", "tensor<2x5xf32>") => "slice size (5) is out of bounds for operand dimension (4) at index 1";
    dynamic_gather_c22: &dg_(GDN, "1, 4", "tensor<2x3xf32>") => "inferred shape '[2, 4]' is incompatible with return type of operation 'tensor<2x3xf32>'";
    dynamic_gather_c23: &dg_(GDN, "1, 4", "tensor<2x4xf64>") => "expects operand and result to have the same element type";
    dynamic_iota_c1: &diota("tensor<2xi64>", 2, "tensor<?x?xi32>") => "iota dimension 2 is out of range [0, 2)";
    dynamic_iota_c2: &diota("tensor<2xi64>", 0, "tensor<?x?x?xi32>") => "result rank 3 does not match the size of output_shape (2)";
    dynamic_broadcast_in_dim_c1: &dbid("tensor<2xf32>", "tensor<2xi64>", "broadcast_dimensions = array<i64: 1>", "tensor<?x2xf64>") => "expects operand and result to have the same element type";
    dynamic_broadcast_in_dim_c2: &dbid("tensor<2xf32>", "tensor<2xi64>", "broadcast_dimensions = array<i64: 0, 1>", "tensor<?x2xf32>") => "broadcast_dimensions size (2) does not match operand rank (1)";
    dynamic_broadcast_in_dim_c3: &dbid("tensor<2xf32>", "tensor<2xi64>", "broadcast_dimensions = array<i64: 2>", "tensor<?x2xf32>") => "broadcast_dimensions contains invalid value 2 for result with rank 2";
    dynamic_broadcast_in_dim_c4: &dbid("tensor<2x2xf32>", "tensor<2xi64>", "broadcast_dimensions = array<i64: 0, 0>", "tensor<?x2xf32>") => "broadcast_dimensions should not have duplicates";
    dynamic_broadcast_in_dim_c5: &dbid("tensor<3xf32>", "tensor<2xi64>", "broadcast_dimensions = array<i64: 1>", "tensor<?x2xf32>") => "size of operand dimension 0 (3) is not compatible with size of result dimension 1 (2)";
    dynamic_broadcast_in_dim_c7: &dbid("tensor<2xf32>", "tensor<3xi64>", "broadcast_dimensions = array<i64: 1>", "tensor<?x2xf32>") => "result rank (2) is not equal to number of output dimensions (3)";
    dynamic_broadcast_in_dim_c8: &dbid("tensor<2xf32>", "tensor<2xi64>", "broadcast_dimensions = array<i64: 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>", "tensor<?x2xf32>") => "has duplicated dimension from known_expanding_dimensions and known_nonexpanding_dimensions: 0";
    dynamic_broadcast_in_dim_c9: &dbid("tensor<2xf32>", "tensor<2xi64>", "broadcast_dimensions = array<i64: 1>, known_expanding_dimensions = array<i64: 1>", "tensor<?x2xf32>") => "Expects each element of known_expanding_dimensions to be in range [0, rank-of('operand')) i.e. [0, 1). got: 1.";
    dynamic_broadcast_in_dim_c10: &dbid("tensor<2xf32>", "tensor<2xi64>", "broadcast_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 1>", "tensor<?x2xf32>") => "Expects each element of known_nonexpanding_dimensions to be in range [0, rank-of('operand')) i.e. [0, 1). got: 1.";
    real_dynamic_slice_c1: &rds("tensor<1xi32>", "tensor<1xi32>", "tensor<?xf64>") => "expects operand and result to have the same element type";
    real_dynamic_slice_c2: &rds("tensor<2xi32>", "tensor<2xi32>", "tensor<?xf32>") => "has mismatched number of operand rank (1) and start_indices size (2)";
    real_dynamic_slice_c3: &rds("tensor<1xi32>", "tensor<1xi64>", "tensor<?xf32>") => "start_indices, limit_indices and strides must have the same element type";
    dynamic_pad_c1: &dpad("tensor<f64>", "tensor<1xi64>", "tensor<?xf32>") => "expects operand, padding_value and result to have the same element type";
    dynamic_pad_c2: &dpad("tensor<f32>", "tensor<2xi64>", "tensor<?xf32>") => "edge_padding_low length (2) must match operand rank (1)";
    dynamic_pad_c3: "func.func @main(%x: tensor<4xf32>, %v: tensor<f32>, %l: tensor<1xi64>) -> tensor<?xf32> {\n  %i = stablehlo.constant dense<-1> : tensor<1xi64>\n  %0 = \"stablehlo.dynamic_pad\"(%x, %v, %l, %l, %i) : (tensor<4xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>\n  return %0 : tensor<?xf32>\n}\n" => "Interior padding cannot be negative: -1";
    cosine_c1: &unary("cosine", "f32") => "requires compatible types";
    count_leading_zeros_c1: &unary("count_leading_zeros", "i32") => "requires compatible types";
    divide_c1: &binary("divide", "f32") => "requires compatible types";
    dot_general_c1: &dg("tensor<2x3xf32>", "tensor<3x4xf32>", &format!("lhs_batching_dimensions = [0], {MM}"), "tensor<2x4xf32>") => "lhs and rhs should have the same number of batching dimensions";
    dot_general_c2: &dg("tensor<2x3xf32>", "tensor<3x4xf32>", "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = []", "tensor<2x4xf32>") => "lhs and rhs should have the same number of contracting dimensions";
    dot_general_c3: &dg("tensor<3x3xf32>", "tensor<3x3xf32>", "lhs_batching_dimensions = [1], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]", "tensor<3xf32>") => "has duplicated dimension from lhs_batching_dimensions and lhs_contracting_dimensions: 1";
    dot_general_c4: &dg("tensor<3x3xf32>", "tensor<3x3xf32>", "lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]", "tensor<3xf32>") => "has duplicated dimension from rhs_batching_dimensions and rhs_contracting_dimensions: 1";
    dot_general_c5: &dg("tensor<2x3xf32>", "tensor<2x3x4xf32>", "lhs_batching_dimensions = [2], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]", "tensor<2x4xf32>") => "lhs_batching_dimensions value: 2 is out of range: [0, 2)";
    dot_general_c6: &dg("tensor<2x3xf32>", "tensor<3x4xf32>", "lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]", "tensor<2x4xf32>") => "lhs_contracting_dimensions value: 2 is out of range: [0, 2)";
    dot_general_c7: &dg("tensor<2x2x3xf32>", "tensor<2x3x4xf32>", "lhs_batching_dimensions = [0], rhs_batching_dimensions = [3], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]", "tensor<2x2x4xf32>") => "rhs_batching_dimensions value: 3 is out of range: [0, 3)";
    dot_general_c8: &dg("tensor<2x3xf32>", "tensor<3x4xf32>", "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [-1]", "tensor<2x4xf32>") => "rhs_contracting_dimensions value: -1 is out of range: [0, 2)";
    dot_general_c9: &dg("tensor<2x2x3xf32>", "tensor<5x3x4xf32>", "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]", "tensor<2x2x4xf32>") => "batching dimension sizes must match for lhs/rhs";
    dot_general_c10: &dg("tensor<2x3xf32>", "tensor<5x4xf32>", MM, "tensor<2x4xf32>") => "contracting dimension sizes must match for lhs/rhs";
    dot_general_c11: &p("%a: tensor<2x3xf32>, %b: tensor<3x4xf32>", &format!("\"stablehlo.dot_general\"(%a, %b) {{dot_dimension_numbers = #stablehlo.dot<{MM}>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]}} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>"), "tensor<2x4xf32>") => "expects precision config to be empty or have <= 2 elements, got 3";
    dot_general_c12: &dg("tensor<2x3xf32>", "tensor<3x4xf32>", MM, "tensor<4x2xf32>") => "inferred shape '[2, 4]' is incompatible with return type of operation 'tensor<4x2xf32>'";
    dot_general_c13: &dg("tensor<2x3xf32>", "tensor<3x4xf64>", MM, "tensor<2x4xf32>") => "expects lhs and rhs to have the same element type, got f32 and f64";
    dot_general_c14: &dg(&format!("tensor<2x3x{Q8}>"), "tensor<3x4xf32>", MM, &format!("tensor<2x4x{Q8}>")) => "rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold";
    dot_general_c15: &dg(&format!("tensor<2x3x{Q8}>"), &format!("tensor<3x4x{Q8}>"), MM, &format!("tensor<2x4x{Q8}>")) => "Zero point of rhs should be 0";
    dot_general_c16: &dg("tensor<2x2xf32>", "tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0}>>", "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]", "tensor<2x2xf32>") => "Quantization dimension of rhs should not be in the contracting dimension of rhs";
    dot_general_c17: &dg(&format!("tensor<2x3x{Q8}>"), "tensor<3x4x!quant.uniform<i16:f32, 0.5>>", MM, &format!("tensor<2x4x{Q8}>")) => "mismatched lhs and rhs quantization storage types";
    dot_general_c18: &dg(&format!("tensor<2x3x{Q8}>"), "tensor<3x4x!quant.uniform<i8:f32, 0.5>>", MM, &format!("tensor<2x4x{QF64}>")) => "mismatched lhs, rhs and result quantization expressed types";
    dot_general_c19: &dg(&format!("tensor<2x3x{Q8}>"), "tensor<3x2x!quant.uniform<i8:f32, 0.5>>", MM, "tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2}>>") => "mismatched rhs and result quantization granularity";
    dot_general_c20: &dg("tensor<2x3xf64>", "tensor<3x4x!quant.uniform<i8:f32, 0.5>>", MM, "tensor<2x4xf64>") => "mismatched rhs quantization expressed type and lhs and result element type";
    dot_general_c21: &p("%a: tensor<2x3xf32>, %b: tensor<3x4xf32>", &format!("\"stablehlo.dot_general\"(%a, %b) {{dot_dimension_numbers = #stablehlo.dot<{MM}>, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>}} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>"), "tensor<2x4xf32>") => "must specify DEFAULT precision config when algorithm is set.";
    dynamic_reshape_c1: &p("%x: tensor<6xi32>, %s: tensor<2xi64>", "\"stablehlo.dynamic_reshape\"(%x, %s) : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x2xf32>", "tensor<?x2xf32>") => "expects operand and result to have compatible element type";
    dynamic_reshape_c2: "func.func @main(%x: tensor<6xi32>) -> tensor<?x2xi32> {\n  %s = stablehlo.constant dense<[4, 2]> : tensor<2xi64>\n  %0 = \"stablehlo.dynamic_reshape\"(%x, %s) : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x2xi32>\n  return %0 : tensor<?x2xi32>\n}\n" => "output_shape is incompatible with input type of operation: input has 6 elements, but output_shape has 8";
    dynamic_reshape_c3: &p("%x: tensor<6xi32>, %s: tensor<3xi64>", "\"stablehlo.dynamic_reshape\"(%x, %s) : (tensor<6xi32>, tensor<3xi64>) -> tensor<?x2xi32>", "tensor<?x2xi32>") => "result should have a rank equal to the number of elements in output_shape";
    dynamic_reshape_c4: "func.func @main(%x: tensor<6xi32>) -> tensor<?x3xi32> {\n  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>\n  %0 = \"stablehlo.dynamic_reshape\"(%x, %s) : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x3xi32>\n  return %0 : tensor<?x3xi32>\n}\n" => "output shape [3, 2] is incompatible with return type of operation 'tensor<?x3xi32>'";
    dynamic_slice_c1: &dslice("%i, %i", "tensor<i32>, tensor<i32>", "2, 2", "tensor<2x2xf64>") => "expects operand and result to have the same element type";
    dynamic_slice_c2: &dslice("%i", "tensor<i32>", "2, 2", "tensor<2x2xf32>") => "has mismatched number of slice sizes (2) and number of start indices (1)";
    dynamic_slice_c3: &dslice("%i, %j", "tensor<i32>, tensor<i64>", "2, 2", "tensor<2x2xf32>") => "start indices must have same element type";
    dynamic_slice_c4: &dslice("%i, %i", "tensor<i32>, tensor<i32>", "2, 5", "tensor<2x5xf32>") => "has slice size 5 greater than dimension size 4 in dimension 1 of operand";
    dynamic_slice_c5: &dslice("%i, %i", "tensor<i32>, tensor<i32>", "2, 2", "tensor<2x3xf32>") => "inferred shape '[2, 2]' is incompatible with return type of operation 'tensor<2x3xf32>'";
    dynamic_update_slice_c1: &dus("tensor<2x2xf32>", "%i, %i", "tensor<i32>, tensor<i32>", "tensor<4x5xf32>") => "inferred type(s) 'tensor<4x4xf32>' are incompatible";
    dynamic_update_slice_c2: &dus("tensor<2x2xf64>", "%i, %i", "tensor<i32>, tensor<i32>", "tensor<4x4xf32>") => "expects update and operand to have the same element type";
    dynamic_update_slice_c3: &dus("tensor<2xf32>", "%i, %i", "tensor<i32>, tensor<i32>", "tensor<4x4xf32>") => "update rank does not match operand rank: 1 vs 2.";
    dynamic_update_slice_c4: &dus("tensor<2x2xf32>", "%i", "tensor<i32>", "tensor<4x4xf32>") => "expects number of start_indices to match operand rank: 1 vs 2.";
    dynamic_update_slice_c5: &dus("tensor<2x2xf32>", "%i, %j", "tensor<i32>, tensor<i64>", "tensor<4x4xf32>") => "start indices must have same element type";
    dynamic_update_slice_c6: &dus("tensor<2x5xf32>", "%i, %i", "tensor<i32>, tensor<i32>", "tensor<4x4xf32>") => "expects size at dimension 1 of update to be in range [0, 4]. Got: 5.";
    exponential_c1: &unary("exponential", "f32") => "requires compatible types";
    exponential_minus_one_c1: &unary("exponential_minus_one", "f32") => "requires compatible types";
    floor_c1: &unary("floor", "f32") => "requires compatible types";
    func_call_c1: &call("tensor<2xf64>", "tensor<2xf32>") => "operand type mismatch: expected operand type 'tensor<2xf32>', but provided 'tensor<2xf64>' for operand number 0";
    func_call_c2: &call("tensor<2xf32>", "tensor<2xf64>") => "result type mismatch at index 0";
    func_return_c1: "func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {\n  return %x : tensor<2xf32>\n}\n" => "has 1 operands, but enclosing function (@main) returns 2";
    func_return_c2: "func.func @main(%x: tensor<2xf32>) -> tensor<2xf64> {\n  return %x : tensor<2xf32>\n}\n" => "type of return operand 0 ('tensor<2xf32>') doesn't match function result type ('tensor<2xf64>') in function @main";
    gather_c1: &g("offset_dims = [1], collapsed_slice_dims = [], start_index_map = [0], index_vector_dim = 1", "1, 4", "tensor<2x1x4xf32>") => "offset_dims size (1) plus collapse_slice_dims size (0) plus operand_batching_dims size (0) is not equal to operand rank (2)";
    gather_c2: &g(&GDN.replace("index_vector_dim = 1", "index_vector_dim = 3"), "1, 4", "tensor<2x4xf32>") => "Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. [0, 2]. got: 3.";
    gather_c3: &g(&GDN.replace("start_index_map = [0]", "start_index_map = [0, 1]"), "1, 4", "tensor<2x4xf32>") => "start_index_map size (2) is not equal to size of index dimension (1) of start_indices (1)";
    gather_c4: &gather("tensor<3x4x5xf32>", GI, "offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1", "1, 4, 5", "tensor<2x4x5xf32>") => "expects offset_dims to be sorted, got: [2, 1]";
    gather_c5: &g("offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1", "1, 4", "tensor<2x4xf32>") => "Expects each element of offset_dims to be in range [0, implied-result-rank) i.e. [0, 2). got: 2.";
    gather_c6: &gather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [1], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1", "1, 1", "tensor<3xf32>") => "has duplicated dimension from collapsed_slice_dims and operand_batching_dims: 1";
    gather_c7: &g("offset_dims = [], collapsed_slice_dims = [1, 0], start_index_map = [0], index_vector_dim = 1", "1, 1", "tensor<2xf32>") => "expects collapsed_slice_dims to be sorted, got: [1, 0]";
    gather_c8: &g("offset_dims = [1, 2], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1", "1, 4", "tensor<2x1x4xf32>") => "offset_dims size (2) plus collapse_slice_dims size (1)";
    gather_c9: &g(GDN, "2, 4", "tensor<2x4xf32>") => "slice_sizes collapsed dimension 0 should <= 1 but got 2";
    gather_c10: &gather("tensor<3x4x5xf32>", "tensor<4x3x1xi32>", "offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [1, 0], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 2", "1, 1, 5", "tensor<4x5xf32>") => "expects operand_batching_dims to be sorted, got: [1, 0]";
    gather_c11: &gather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [2], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1", "1, 4", "tensor<3x4xf32>") => "Expects each element of operand_batching_dims to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.";
    gather_c12: &gather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1", "2, 1", "tensor<3xf32>") => "slice_sizes batching dimension 0 should <= 1 but got 2";
    gather_c13: &gather("tensor<3x4x5xf32>", "tensor<3x3x1xi32>", "offset_dims = [], collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 0], start_index_map = [2], index_vector_dim = 2", "1, 1, 1", "tensor<3x3xf32>") => "expects start_indices_batching_dims to not repeat, got: [0, 0]";
    gather_c14: &gather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [1], index_vector_dim = 1", "1, 1", "tensor<3xf32>") => "Expects each element of start_indices_batching_dims to be in range [0, rank-of('start_indices')) i.e. [0, 2). got: 2.";
    gather_c15: &gather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 1", "1, 1", "tensor<3xf32>") => "expects start_indices_batching_dims not to include index_vector_dim 1";
    gather_c16: &gather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [], start_index_map = [1], index_vector_dim = 1", "1, 1", "tensor<3xf32>") => "operand_batching_dims and start_indices_batching_dims should have the same size";
    gather_c17: &gather("tensor<3x4xf32>", "tensor<5x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1", "1, 1", "tensor<5xf32>") => "operand_batching_dims[0] and start_indices_batching_dims[0] must have compatible sizes, but got 3 and 5";
    gather_c18: &gather("tensor<3x4xf32>", "tensor<3x1xi32>", "offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1", "1, 1", "tensor<3xf32>") => "has duplicated dimension from start_index_map and operand_batching_dims: 0";
    gather_c19: &g(&GDN.replace("start_index_map = [0]", "start_index_map = [2]"), "1, 4", "tensor<2x4xf32>") => "Expects each element of start_index_map to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.";
    gather_c20: &g(GDN, "1, 4, 1", "tensor<2x4xf32>") => "slice_sizes size (3) not equal to operand rank (2)";
    gather_c21: &g(GDN, "1, 5", "tensor<2x5xf32>") => "slice size (5) is out of bounds for operand dimension (4) at index 1";
    gather_c22: &g(GDN, "1, 4", "tensor<2x3xf32>") => "inferred shape '[2, 4]' is incompatible with return type of operation 'tensor<2x3xf32>'";
    gather_c23: &g(GDN, "1, 4", "tensor<2x4xf64>") => "expects operand and result to have the same element type";
    get_dimension_size_c1: &p("%x: tensor<2xf32>", "\"stablehlo.get_dimension_size\"(%x) {dimension = 1 : i64} : (tensor<2xf32>) -> tensor<i32>", "tensor<i32>") => "requires dimension attribute in range [0, 1); found (1)";
    get_tuple_element_c1: &p("%t: tuple<tensor<2xf32>>", "\"stablehlo.get_tuple_element\"(%t) {index = 1 : i32} : (tuple<tensor<2xf32>>) -> tensor<2xf32>", "tensor<2xf32>") => "index 1 is out of bounds of operand with size 1";
    get_tuple_element_c2: &p("%t: tuple<tensor<2xf32>>", "\"stablehlo.get_tuple_element\"(%t) {index = 0 : i32} : (tuple<tensor<2xf32>>) -> tensor<2xf64>", "tensor<2xf64>") => "inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'";
    if_c1: &if_("tensor<i1>", "tensor<i32>", "tensor<i32>", "tensor<i32>", "(%z: tensor<i32>)") => "branch 0 must have 0 arguments, but found 1";
    if_c2: &if_("tensor<i1>", "tensor<i32>", "tensor<2xi32>", "tensor<i32>", "") => "branch 0 and branch 1 have mismatched return types: tensor<i32> vs tensor<2xi32>";
    if_c3: &if_("tensor<i1>", "tensor<i32>", "tensor<i32>", "tensor<i64>", "") => "inferred type(s) tensor<i32> are incompatible with return type(s) of operation tensor<i64>";
    if_i1: &if_("tensor<2xi1>", "tensor<i32>", "tensor<i32>", "tensor<i32>", "") => "operand should be rank 0 tensor but got rank 1";
    imag_c1: &p("%x: tensor<2xcomplex<f32>>", "\"stablehlo.imag\"(%x) : (tensor<2xcomplex<f32>>) -> tensor<3xf32>", "tensor<3xf32>") => "inferred type(s) 'tensor<2xf32>'";
    imag_c2: &p("%x: tensor<2xcomplex<f32>>", "\"stablehlo.imag\"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2xf64>", "tensor<2xf64>") => "inferred type(s) 'tensor<2xf32>'";
    iota_c1: &p("", "\"stablehlo.iota\"() {iota_dimension = 2 : i64} : () -> tensor<2x3xi32>", "tensor<2x3xi32>") => "iota dimension cannot go beyond the output rank.";
    is_finite_c1: &p("%x: tensor<2xf32>", "\"stablehlo.is_finite\"(%x) : (tensor<2xf32>) -> tensor<3xi1>", "tensor<3xi1>") => "inferred type(s) 'tensor<2xi1>'";
    log_c1: &unary("log", "f32") => "requires compatible types";
    log_plus_one_c1: &unary("log_plus_one", "f32") => "requires compatible types";
    logistic_c1: &unary("logistic", "f32") => "requires compatible types";
    map_c1: &map("0", "tensor<f32>", "tensor<5xf32>") => "requires the same shape for all operands and results";
    map_c2: "func.func @main() -> tensor<4xf32> {\n  %0 = \"stablehlo.map\"() ({\n    %c = \"stablehlo.constant\"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>\n    \"stablehlo.return\"(%c) : (tensor<f32>) -> ()\n  }) {dimensions = array<i64: 0>} : () -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n" => "expects at least one input";
    map_c3: &map("1", "tensor<f32>", "tensor<4xf32>") => "requires monotonically increasing dimension numbers, but got: [1]";
    map_c4: &map("0", "tensor<f64>", "tensor<4xf32>") => "expects computation parameters to be rank 0 tensors of the operands' element types";
    maximum_c1: &binary("maximum", "f32") => "requires compatible types";
    minimum_c1: &binary("minimum", "f32") => "requires compatible types";
    multiply_c1: &binary("multiply", "f32") => "requires compatible types";
    negate_c1: &unary("negate", "f32") => "requires compatible types";
    not_c1: &unary("not", "i32") => "requires compatible types";
    optimization_barrier_c1: &p("%x: tensor<2xf32>", "\"stablehlo.optimization_barrier\"(%x) : (tensor<2xf32>) -> tensor<2xf64>", "tensor<2xf64>") => "inferred type(s) tensor<2xf32> are incompatible with return type(s) of operation tensor<2xf64>";
    or_c1: &binary("or", "i1") => "requires compatible types";
    pad_c1: &pad("tensor<f64>", "1, 1", "1, 1", "0, 0", "tensor<4x5xf32>") => "expects operand and padding_value to have the same element type";
    pad_c2: &pad("tensor<f32>", "1", "1, 1", "0, 0", "tensor<4x5xf32>") => "edge_padding_low length (1) must match operand rank (2)";
    pad_c3: &pad("tensor<f32>", "1, 1", "1, 1", "0, -1", "tensor<4x5xf32>") => "Interior padding cannot be negative: -1";
    pad_c4: &pad("tensor<f32>", "1, 1", "1, 1", "1, 0", "tensor<4x5xf32>") => "inferred type(s) 'tensor<5x5xf32>' are incompatible with return type(s) of operation 'tensor<4x5xf32>'";
    popcnt_c1: &unary("popcnt", "i32") => "requires compatible types";
    power_c1: &binary("power", "f32") => "requires compatible types";
    real_c1: &p("%x: tensor<2xcomplex<f32>>", "\"stablehlo.real\"(%x) : (tensor<2xcomplex<f32>>) -> tensor<3xf32>", "tensor<3xf32>") => "inferred type(s) 'tensor<2xf32>'";
    real_c2: &p("%x: tensor<2xcomplex<f64>>", "\"stablehlo.real\"(%x) : (tensor<2xcomplex<f64>>) -> tensor<2xf32>", "tensor<2xf32>") => "inferred type(s) 'tensor<2xf64>'";
    reduce_c1: &format!("func.func @main(%x: tensor<2xf32>, %y: tensor<3xf32>, %i: tensor<f32>) -> (tensor<f32>, tensor<f32>) {{\n  %0:2 = \"stablehlo.reduce\"(%x, %y, %i, %i) ({{\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):\n    \"stablehlo.return\"(%a, %b) : (tensor<f32>, tensor<f32>) -> ()\n  }}) {{dimensions = array<i64: 0>}} : (tensor<2xf32>, tensor<3xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)\n  return %0#0, %0#1 : tensor<f32>, tensor<f32>\n}}\n") => "expects all inputs to have compatible shapes. Shape at input-index 1 is not compatible with shape at input-index 0";
    reduce_c2: &reduce("tensor<2x3xf32>", "tensor<f32>", "1", "tensor<f32>", "tensor<f32>", "tensor<f32>", "tensor<2xf32>").replace("%s = \"stablehlo.add\"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n    \"stablehlo.return\"(%s) : (tensor<f32>)", "%s = \"stablehlo.convert\"(%a) : (tensor<f32>) -> tensor<i32>\n    \"stablehlo.return\"(%s) : (tensor<i32>)") => "The type of reduction-region's parameter at index 0 is different than the corresponding result type: 'tensor<f32>' vs 'tensor<i32>'";
    reduce_c3: &p("%x: tensor<2xf32>", "\"stablehlo.reduce\"(%x) ({\n  ^bb0(%a: tensor<f32>):\n    \"stablehlo.return\"(%a) : (tensor<f32>) -> ()\n  }) {dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<f32>", "tensor<f32>") => "expects the same number of inputs and init values, and at least one of each, got 1 operands";
    reduce_c4: &rsum("2", "tensor<2x3xf32>") => "Out-of-bounds dimension 2, expected to be in range [0, 2)";
    reduce_c5: &rsum("1, 1", "tensor<2xf32>") => "Duplicate reduction dimension: 1";
    reduce_c6: &reduce("tensor<2x3xf32>", "tensor<f32>", "1", "tensor<f32>", "tensor<f32>", "tensor<f32>", "tensor<2xf32>").replace("(%a: tensor<f32>, %e: tensor<f32>)", "(%a: tensor<f32>, %e: tensor<f32>, %z: tensor<f32>)") => "Reduction-region must take 2 parameters, but takes 3 parameter(s)";
    reduce_c7: &rsum("1", "tensor<3xf32>") => "inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'";
    reduce_c8: &rsum("1", "tensor<2xf64>") => "inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'";
    reduce_precision_c1: &p("%x: tensor<2xf32>", "\"stablehlo.reduce_precision\"(%x) {exponent_bits = 5 : i32, mantissa_bits = 2 : i32} : (tensor<2xf32>) -> tensor<2xf64>", "tensor<2xf64>") => "requires compatible types";
    reduce_precision_c2: &p("%x: tensor<2xf32>", "\"stablehlo.reduce_precision\"(%x) {exponent_bits = 0 : i32, mantissa_bits = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>", "tensor<2xf32>") => "exponent_bits must be at least 1, got: 0";
    reduce_precision_c3: &p("%x: tensor<2xf32>", "\"stablehlo.reduce_precision\"(%x) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<2xf32>) -> tensor<2xf32>", "tensor<2xf32>") => "mantissa_bits must be non-negative, got: -1";
    reduce_window_c1: &rw("window_dimensions = array<i64: 2, 2>", "tensor<3x3xf32>").replace("(%x, %i) ({", "(%x) ({").replace("(tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>", "(tensor<4x4xf32>) -> tensor<3x3xf32>") => "expects the same number of inputs and init values, and at least one of each, got 1 operands";
    reduce_window_c2: &format!("func.func @main(%x: tensor<4x4xf32>, %y: tensor<4x5xf32>, %i: tensor<f32>) -> (tensor<3x3xf32>, tensor<3x3xf32>) {{\n  %0:2 = \"stablehlo.reduce_window\"(%x, %y, %i, %i) ({{\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):\n    \"stablehlo.return\"(%a, %b) : (tensor<f32>, tensor<f32>) -> ()\n  }}) {{window_dimensions = array<i64: 2, 2>}} : (tensor<4x4xf32>, tensor<4x5xf32>, tensor<f32>, tensor<f32>) -> (tensor<3x3xf32>, tensor<3x3xf32>)\n  return %0#0, %0#1 : tensor<3x3xf32>, tensor<3x3xf32>\n}}\n") => "expects all inputs to have compatible shapes. Shape at input-index 1 is not compatible with shape at input-index 0";
    reduce_window_c3: &rw_body("tensor<f32>", "tensor<i32>", "%a", "tensor<3x3xi32>") => "The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type";
    reduce_window_c4: &rw("window_dimensions = array<i64: 2>", "tensor<3x3xf32>") => "expects window-dimensions size == input rank, but got window-dimensions size: 1 and input: 'tensor<4x4xf32>' with rank = 2.";
    reduce_window_c5: &rw("window_dimensions = array<i64: 2, 0>", "tensor<3x3xf32>") => "expects window to have positive value for 1-th window dimension, but got 0.";
    reduce_window_c6: &rw("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1>", "tensor<3x3xf32>") => "expects window-strides to have same dimension-size as size of window dimensions (2), but got: 1.";
    reduce_window_c7: &rw("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 0>", "tensor<3x3xf32>") => "expects window to have positive stride for 1-th window dimension, but got 0.";
    reduce_window_c8: &rw("window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 1>", "tensor<3x3xf32>") => "expects base-dilation factors to have same dimension-size as size of window dimensions (2), but got: 1.";
    reduce_window_c9: &rw("window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 0, 1>", "tensor<3x3xf32>") => "expects window to have positive base dilation factor for 0-th window dimension, but got 0.";
    reduce_window_c10: &rw("window_dimensions = array<i64: 2, 2>, window_dilations = array<i64: 1, 1, 1>", "tensor<3x3xf32>") => "expects window-dilation factors to have same dimension-size as size of window dimensions (2), but got: 3.";
    reduce_window_c11: &rw("window_dimensions = array<i64: 2, 2>, window_dilations = array<i64: 1, -1>", "tensor<3x3xf32>") => "expects window to have positive window dilation factor for 1-th window dimension, but got -1.";
    reduce_window_c12: &rw("window_dimensions = array<i64: 2, 2>, padding = dense<0> : tensor<3x2xi64>", "tensor<3x3xf32>") => "expects padding-entries to have same dimension-size as size of window dimensions (2), but got: 3.";
    reduce_window_c13: &rw_body("tensor<f32>", "tensor<f32>", "%a, %a", "tensor<3x3xf32>").replace("\"stablehlo.return\"(%a, %a) : (tensor<f32>) -> ()", "\"stablehlo.return\"(%a, %a) : (tensor<f32>, tensor<f32>) -> ()") => "Reduction-region here must produce 1 tensors, but produces 2 instead";
    reduce_window_c14: &format!("func.func @main(%x: tensor<4x4xf32>, %i: tensor<f32>) -> (tensor<3x3xf32>, tensor<2x3xf32>) {{\n  %0:2 = \"stablehlo.reduce_window\"(%x, %x, %i, %i) ({{\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):\n    \"stablehlo.return\"(%a, %b) : (tensor<f32>, tensor<f32>) -> ()\n  }}) {{window_dimensions = array<i64: 2, 2>}} : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<3x3xf32>, tensor<2x3xf32>)\n  return %0#0, %0#1 : tensor<3x3xf32>, tensor<2x3xf32>\n}}\n") => "inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'";
    reduce_window_c15: &rw(W22, "tensor<3x3xf32>") => "inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf32>'";
    reduce_window_c16: &rw(W22, "tensor<2x2xf64>") => "inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x2xf64>'";
    remainder_c1: &binary("remainder", "f32") => "requires compatible types";
    reshape_c1: &p("%x: tensor<2x3xf32>", "\"stablehlo.reshape\"(%x) : (tensor<2x3xf32>) -> tensor<6xf64>", "tensor<6xf64>") => "expects operand and result to have the same element type";
    reshape_c2: &p("%x: tensor<2x3xf32>", "\"stablehlo.reshape\"(%x) : (tensor<2x3xf32>) -> tensor<7xf32>", "tensor<7xf32>") => "number of output elements (7) doesn't match expected number of elements (6)";
    reshape_c3: &p(&format!("%x: tensor<2x2x{QAX}>"), &format!("\"stablehlo.reshape\"(%x) : (tensor<2x2x{QAX}>) -> tensor<4x{QAX}>"), &format!("tensor<4x{QAX}>")) => "expect same quantization dimension size for operand and result";
    reverse_c1: &p("%x: tensor<2xf32>", "\"stablehlo.reverse\"(%x) {dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<3xf32>", "tensor<3xf32>") => "inferred type(s) 'tensor<2xf32>'";
    reverse_c2: &p("%x: tensor<2xf32>", "\"stablehlo.reverse\"(%x) {dimensions = array<i64: 0, 0>} : (tensor<2xf32>) -> tensor<2xf32>", "tensor<2xf32>") => "dimensions should be unique. Got: [0, 0]";
    reverse_c3: &p("%x: tensor<2xf32>", "\"stablehlo.reverse\"(%x) {dimensions = array<i64: 1>} : (tensor<2xf32>) -> tensor<2xf32>", "tensor<2xf32>") => "all dimensions should be between [0, 1). Got dimension: 1.";
    round_nearest_afz_c1: &unary("round_nearest_afz", "f32") => "requires compatible types";
    round_nearest_even_c1: &unary("round_nearest_even", "f32") => "requires compatible types";
    rsqrt_c1: &unary("rsqrt", "f32") => "requires compatible types";
    scatter_c1: &format!("func.func @main(%x: tensor<3x4xf32>, %y: tensor<3x5xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x5xf32>) {{\n  %0:2 = \"stablehlo.scatter\"(%x, %y, %i, %u, %u) ({{\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):\n    \"stablehlo.return\"(%c, %d) : (tensor<f32>, tensor<f32>) -> ()\n  }}) {{scatter_dimension_numbers = #stablehlo.scatter<{SDN}>}} : (tensor<3x4xf32>, tensor<3x5xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x5xf32>)\n  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x5xf32>\n}}\n") => "expects all inputs to have compatible shapes";
    scatter_c2: &sc("update_window_dims = [1], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1") => "Expects rank-of operand to match size-of('update_window_dims') + size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. 1 but got 2.";
    scatter_c3: &format!("func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>, %v: tensor<2x3xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {{\n  %0:2 = \"stablehlo.scatter\"(%x, %x, %i, %u, %v) ({{\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):\n    \"stablehlo.return\"(%c, %d) : (tensor<f32>, tensor<f32>) -> ()\n  }}) {{scatter_dimension_numbers = #stablehlo.scatter<{SDN}>}} : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x3xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)\n  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xf32>\n}}\n") => "expects all updates to have compatible shapes";
    scatter_c4: &scatter("tensor<3x4xf32>", "tensor<2x1xi32>", "tensor<2x5xf32>", SDN, "tensor<3x4xf32>") => "expects bounds of the window dimensions of updates to not exceed the bounds of the corresponding dimensions of operand. For dimension 1, updates bound is 5, operand bound is 4.";
    scatter_c5: &format!("func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<3x4xf32> {{\n  %0 = \"stablehlo.scatter\"(%x, %i) ({{\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    \"stablehlo.return\"(%b) : (tensor<f32>) -> ()\n  }}) {{scatter_dimension_numbers = #stablehlo.scatter<{SDN}>}} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<3x4xf32>\n  return %0 : tensor<3x4xf32>\n}}\n") => "expects an odd number of operands (inputs, scatter_indices, updates), at least 3, got 2";
    scatter_c6: &scatter("tensor<3x4xf32>", "tensor<2x1xi32>", "tensor<2x4xf64>", SDN, "tensor<3x4xf32>") => "expects updates and inputs to have the same element types";
    scatter_c7: &scatter("tensor<3x4x5xf32>", "tensor<2x1xi32>", "tensor<2x4x5xf32>", "update_window_dims = [2, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1", "tensor<3x4x5xf32>") => "Expects update_window_dims to be sorted; got: [2, 1].";
    scatter_c8: &sc("update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1") => "Expects each element of update_window_dims to be in range [0, rank-of('updates')) i.e. [0, 2). got: 2.";
    scatter_c9: &scatter("tensor<3x4xf32>", "tensor<3x1xi32>", "tensor<3xf32>", "update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1", "tensor<3x4xf32>") => "has duplicated dimension from inserted_window_dims and input_batching_dims: 0";
    scatter_c10: &scatter("tensor<3x4xf32>", "tensor<2x1xi32>", "tensor<2xf32>", "update_window_dims = [], inserted_window_dims = [1, 0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1", "tensor<3x4xf32>") => "Expects inserted_window_dims to be sorted; got: [1, 0].";
    scatter_c11: &scatter("tensor<3x4xf32>", "tensor<2x1xi32>", "tensor<2xf32>", "update_window_dims = [], inserted_window_dims = [0, 2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1", "tensor<3x4xf32>") => "Expects each element of inserted_window_dims to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.";
    scatter_c12: &scatter("tensor<3x4x5xf32>", "tensor<4x3x1xi32>", "tensor<4x3xf32>", "update_window_dims = [], inserted_window_dims = [2], input_batching_dims = [1, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 2", "tensor<3x4x5xf32>") => "Expects input_batching_dims to be sorted; got: [1, 0].";
    scatter_c13: &scatter("tensor<3x4xf32>", "tensor<3x1xi32>", "tensor<3xf32>", "update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [2], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1", "tensor<3x4xf32>") => "Expects each element of input_batching_dims to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.";
    scatter_c14: &scatter("tensor<3x4x5xf32>", "tensor<3x3x1xi32>", "tensor<3x3xf32>", "update_window_dims = [], inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 0], scatter_dims_to_operand_dims = [2], index_vector_dim = 2", "tensor<3x4x5xf32>") => "Expects scatter_indices_batching_dims to not repeat; got: [0, 0].";
    scatter_c15: &scatter("tensor<3x4xf32>", "tensor<3x1xi32>", "tensor<3xf32>", "update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [5], scatter_dims_to_operand_dims = [1], index_vector_dim = 1", "tensor<3x4xf32>") => "Expects each element of scatter_indices_batching_dims to be in range [0, rank-of('scatter_indices')) i.e. [0, 2). got: 5.";
    scatter_c16: &scatter("tensor<3x4xf32>", "tensor<3x1xi32>", "tensor<3xf32>", "update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1", "tensor<3x4xf32>") => "expects scatter_indices_batching_dims not to include index_vector_dim 1.";
    scatter_c17: &scatter("tensor<3x4xf32>", "tensor<3x1xi32>", "tensor<3xf32>", "update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [1], index_vector_dim = 1", "tensor<3x4xf32>") => "input_batching_dims and scatter_indices_batching_dims should have the same size.";
    scatter_c18: &scatter("tensor<3x4xf32>", "tensor<5x1xi32>", "tensor<5xf32>", "update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1", "tensor<3x4xf32>") => "input_batching_dims[0] and scatter_indices_batching_dims[0] must have compatible sizes, but got 3 and 5.";
    scatter_c19: &sc("update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1") => "Scatter op has 2 elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim=1 of scatter_indices is 1. These two numbers must be equal.";
    scatter_c20: &scatter("tensor<3x4xf32>", "tensor<3x1xi32>", "tensor<3xf32>", "update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1", "tensor<3x4xf32>") => "has duplicated dimension from scatter_dims_to_operand_dims and input_batching_dims: 0";
    scatter_c21: &sc("update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [2], index_vector_dim = 1") => "Expects each element of scatter_dims_to_operand_dims to be in range [0, rank-of('operand')) i.e. [0, 2). got: 2.";
    scatter_c22: &sc("update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3") => "Expects index_vector_dim to be in range [0, rank-of('scatter_indices')] i.e. [0, 2]. got: 3.";
    scatter_c23: &sc(SDN).replace("^bb0(%a: tensor<f32>, %b: tensor<f32>)", "^bb0(%a: tensor<f32>)").replace("\"stablehlo.return\"(%b)", "\"stablehlo.return\"(%a)") => "Reduction-region must take 2 parameters, but takes 1 parameter(s)";
    scatter_c24: &scatter("tensor<3x4xf32>", "tensor<2x1xi32>", "tensor<2x4xf32>", SDN, "tensor<3x5xf32>") => "inferred type(s) 'tensor<3x4xf32>' are incompatible with return type(s) of operation 'tensor<3x5xf32>'";
    scatter_c25: &scatter("tensor<3x4xf32>", "tensor<2x1xi32>", "tensor<2x4xf32>", SDN, "tensor<3x4xf64>") => "inferred type(s) 'tensor<3x4xf32>' are incompatible with return type(s) of operation 'tensor<3x4xf64>'";
    select_and_scatter_c1: &sas("tensor<2x2xf64>", "tensor<f32>", W22, "tensor<f32>", "tensor<i1>", "tensor<4x4xf32>") => "expects source and operand to have the same element type";
    select_and_scatter_c2: &sas("tensor<3x2xf32>", "tensor<f32>", W22, "tensor<f32>", "tensor<i1>", "tensor<4x4xf32>") => "expects source-type to be 'tensor<2x2xf32>'";
    select_and_scatter_c3: &sas("tensor<2x2xf32>", "tensor<i32>", W22, "tensor<f32>", "tensor<i1>", "tensor<4x4xf32>") => "The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type";
    select_and_scatter_c4: &sas("tensor<2x2xf32>", "tensor<f32>", "window_dimensions = array<i64: 2>", "tensor<f32>", "tensor<i1>", "tensor<4x4xf32>") => "expects window-dimensions size == operand rank, but got window-dimensions size: 1";
    select_and_scatter_c5: &sas("tensor<2x2xf32>", "tensor<f32>", "window_dimensions = array<i64: 2, 0>", "tensor<f32>", "tensor<i1>", "tensor<4x4xf32>") => "expects window to have positive value for 1-th window dimension, but got 0.";
    select_and_scatter_c6: &sas("tensor<2x2xf32>", "tensor<f32>", "window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2>", "tensor<f32>", "tensor<i1>", "tensor<4x4xf32>") => "expects window-strides to have same dimension-size";
    select_and_scatter_c7: &sas("tensor<2x2xf32>", "tensor<f32>", "window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 0>", "tensor<f32>", "tensor<i1>", "tensor<4x4xf32>") => "expects window to have positive stride for 1-th window dimension, but got 0.";
    select_and_scatter_c8: &sas("tensor<2x2xf32>", "tensor<f32>", "window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<0> : tensor<2x3xi64>", "tensor<f32>", "tensor<i1>", "tensor<4x4xf32>") => "expects the shape of padding-attribute to be {N, 2}, but got {2, 3}.";
    select_and_scatter_c9: &sas("tensor<2x2xf32>", "tensor<f32>", W22, "tensor<f32>", "tensor<i32>", "tensor<4x4xf32>") => "expects the return-type of select-region to be tensor<i1>";
    select_and_scatter_c10: &sas("tensor<2x2xf32>", "tensor<f32>", W22, "tensor<f32>", "tensor<i1>", "tensor<4x4xf32>").replace("^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    \"stablehlo.return\"(%a)", "^bb0(%a: tensor<f32>):\n    \"stablehlo.return\"(%a)") => "Reduction-region must take 2 parameters, but takes 1 parameter(s)";
    select_and_scatter_c11: &sas("tensor<2x2xf32>", "tensor<f32>", W22, "tensor<f32>", "tensor<i1>", "tensor<4x5xf32>") => "inferred type(s) 'tensor<4x4xf32>' are incompatible with return type(s) of operation 'tensor<4x5xf32>'";
    select_and_scatter_c12: &sas("tensor<2x2xf32>", "tensor<f32>", W22, "tensor<f32>", "tensor<i1>", "tensor<4x4xf64>") => "inferred type(s) 'tensor<4x4xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf64>'";
    select_c1: &p("%p: tensor<3xi1>, %a: tensor<2xf32>, %b: tensor<2xf32>", "\"stablehlo.select\"(%p, %a, %b) : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>", "tensor<2xf32>") => "requires the same shape for all operands";
    select_c2: &p("%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<2xf64>", "\"stablehlo.select\"(%p, %a, %b) : (tensor<i1>, tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>", "tensor<2xf32>") => "requires compatible types for non-predicate operands";
    shift_left_c1: &binary("shift_left", "i32") => "requires compatible types";
    shift_right_arithmetic_c1: &binary("shift_right_arithmetic", "i32") => "requires compatible types";
    shift_right_logical_c1: &binary("shift_right_logical", "i32") => "requires compatible types";
    sign_c1: &unary("sign", "f32") => "requires compatible types";
    sine_c1: &unary("sine", "f32") => "requires compatible types";
    slice_c1: &slice("0, 0", "2, 2", "1, 1", "tensor<2x2xf64>") => "expects operand and result to have the same element type";
    slice_c2: &slice("0", "2, 2", "1, 1", "tensor<2x2xf32>") => "the number of elements in start_indices (1) does not match the rank of the operand (2)";
    slice_c3: &slice("0, 0", "2, 5", "1, 1", "tensor<2x5xf32>") => "limit index 5 is larger than dimension size 4 in dimension 1";
    slice_c4: &slice("0, 0", "2, 2", "1, 0", "tensor<2x2xf32>") => "stride must be positive but got 0 in dimension 1";
    slice_c5: &slice("0, 0", "4, 4", "2, 3", "tensor<2x1xf32>") => "inferred shape '[2, 2]' is incompatible with return type of operation 'tensor<2x1xf32>'";
    sort_c1: "func.func @main() {\n  \"stablehlo.sort\"() ({\n    %c = \"stablehlo.constant\"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>\n    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n  }) {dimension = 0 : i64} : () -> ()\n  return\n}\n" => "expected 1 or more operands, but found 0";
    sort_c2: &sort(0, "tensor<f32>", "tensor<i1>").replace("(tensor<4xf32>) -> tensor<4xf32>\n", "(tensor<4xf32>) -> tensor<5xf32>\n").replace("-> tensor<4xf32> {", "-> tensor<5xf32> {").replace("return %0 : tensor<4xf32>", "return %0 : tensor<5xf32>") => "inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<5xf32>'";
    sort_c3: &format!("func.func @main(%x: tensor<4xf32>, %y: tensor<5xi32>) -> (tensor<4xf32>, tensor<5xi32>) {{\n  %0:2 = \"stablehlo.sort\"(%x, %y) ({{\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):\n    %t = \"stablehlo.constant\"() {{value = dense<true> : tensor<i1>}} : () -> tensor<i1>\n    \"stablehlo.return\"(%t) : (tensor<i1>) -> ()\n  }}) {{dimension = 0 : i64}} : (tensor<4xf32>, tensor<5xi32>) -> (tensor<4xf32>, tensor<5xi32>)\n  return %0#0, %0#1 : tensor<4xf32>, tensor<5xi32>\n}}\n") => "requires the same shape for all operands and results";
    sort_c4: &sort(1, "tensor<f32>", "tensor<i1>") => "dimension attribute value must be in range [-1, 1), but found 1";
    sort_c5: &sort(0, "tensor<f64>", "tensor<i1>") => "comparator block argument #0 should be of type 'tensor<f32>' but got 'tensor<f64>'";
    sqrt_c1: &unary("sqrt", "f32") => "requires compatible types";
    subtract_c1: &binary("subtract", "f32") => "requires compatible types";
    tan_c1: &unary("tan", "f32") => "requires compatible types";
    tanh_c1: &unary("tanh", "f32") => "requires compatible types";
    transpose_c1: &p("%x: tensor<2x3xf32>", "\"stablehlo.transpose\"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf64>", "tensor<3x2xf64>") => "expects operand and result to have the same element type";
    transpose_c2: &p("%x: tensor<2x3xf32>", "\"stablehlo.transpose\"(%x) {permutation = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<3x3xf32>", "tensor<3x3xf32>") => "attribute permutation must be a permutation of [0, 1] but got [1, 1]";
    transpose_c3: &p("%x: tensor<2x3xf32>", "\"stablehlo.transpose\"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>", "tensor<2x3xf32>") => "inferred shape '[3, 2]' is incompatible with return type of operation 'tensor<2x3xf32>'";
    transpose_c4: &p(&format!("%x: tensor<2x3x{QAX}>"), &format!("\"stablehlo.transpose\"(%x) {{permutation = array<i64: 1, 0>}} : (tensor<2x3x{QAX}>) -> tensor<3x2x{QAX}>"), &format!("tensor<3x2x{QAX}>")) => "operand quantization_dimension 0 is not same as permutation[0] = 1";
    tuple_c1: &p("%x: tensor<2xf32>", "\"stablehlo.tuple\"(%x) : (tensor<2xf32>) -> tuple<tensor<2xf64>>", "tuple<tensor<2xf64>>") => "inferred type(s) 'tuple<tensor<2xf32>>' are incompatible with return type(s) of operation 'tuple<tensor<2xf64>>'";
    uniform_dequantize_c1: &p(&format!("%x: tensor<2x{Q8}>"), &format!("\"stablehlo.uniform_dequantize\"(%x) : (tensor<2x{Q8}>) -> tensor<3xf32>"), "tensor<3xf32>") => "inferred type(s) 'tensor<2xf32>'";
    uniform_dequantize_c2: &p(&format!("%x: tensor<2x{Q8}>"), &format!("\"stablehlo.uniform_dequantize\"(%x) : (tensor<2x{Q8}>) -> tensor<2xf64>"), "tensor<2xf64>") => "inferred type(s) 'tensor<2xf32>'";
    uniform_quantize_c1: &p("%x: tensor<2xf32>", &format!("\"stablehlo.uniform_quantize\"(%x) : (tensor<2xf32>) -> tensor<3x{Q8}>"), &format!("tensor<3x{Q8}>")) => "requires the same shape for all operands and results";
    uniform_quantize_c2: &p("%x: tensor<2xf64>", &format!("\"stablehlo.uniform_quantize\"(%x) : (tensor<2xf64>) -> tensor<2x{Q8}>"), &format!("tensor<2x{Q8}>")) => "Expressed type of result expected to be f64, but got f32";
    while_c1: &while_("tensor<i32>", "tensor<i32>", "tensor<i32>", "1", "tensor<i32>", "tensor<i32>") => "expect condition block return a zero-ranked tensor of i1 but got 'tensor<i32>'";
    while_c2: &while_("tensor<i32>", "tensor<i1>", "tensor<i32>", "1.0", "tensor<f32>", "tensor<i32>") => "expect operands to be compatible with body block return types but got tensor<i32> vs tensor<f32>";
    while_c3: &while_("tensor<i32>", "tensor<i1>", "tensor<i32>", "1", "tensor<i32>", "tensor<i64>") => "inferred type(s) tensor<i32> are incompatible with return type(s) of operation tensor<i64>";
    xor_c1: &binary("xor", "i32") => "requires compatible types";
}

/// StableHLO labels whose negative test is not written yet; this list only shrinks.
const UNTESTED: &[&str] = &[];

/// Whether a rule is one of this file's (StableHLO type rules).
fn is_stablehlo(section: &str) -> bool {
    section.starts_with("stablehlo")
}

#[test]
fn every_stablehlo_rule_has_a_negative_test() {
    for r in RULES.iter().filter(|r| is_stablehlo(r.section)) {
        assert!(TESTED.contains(&r.label) || UNTESTED.contains(&r.label), "rule {} has no negative test", r.label);
    }
    for t in TESTED {
        assert!(!UNTESTED.contains(t), "{t} is tested: drop it from UNTESTED");
        assert!(RULES.iter().any(|r| r.label == *t && is_stablehlo(r.section)), "{t} is not a StableHLO rule label");
    }
}

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
