//! The stablehlo and chlo custom forms: canonical printing (what
//! stablehlo-opt prints), print∘parse fixpoints, IR equality after reparsing,
//! generic form == pretty form, and located errors for malformed attributes.

mod support;

use shardref_spec::eq::modules_equal;
use shardref_spec::ir::stablehlo::{ComparisonDirection, EnumDialect, StablehloAttr};
use shardref_spec::ir::{Attr, Module};
use shardref_spec::print::{PrintOptions, print_module};
use support::{parsed as parse, roundtrip};

fn print(m: &Module) -> String {
    print_module(m, PrintOptions::default())
}

fn print_generic(m: &Module) -> String {
    print_module(m, PrintOptions { generic: true, ..Default::default() })
}

/// Parses `input`, checks it prints as `expected`, that printing is a
/// fixpoint, that the reparsed module is equal, and that the generic form
/// round-trips to the same IR and prints back as `expected` too.
fn check(input: &str, expected: &str) {
    let p1 = roundtrip(input);
    assert_eq!(p1, expected, "\n--- printed:\n{p1}--- expected:\n{expected}");
    let mg = parse(&print_generic(&parse(input)));
    assert_eq!(print(&mg), p1, "the generic form prints back differently");
}

/// A canonical text prints as itself.
fn check_canonical(text: &str) {
    check(text, text);
}

/// Wraps ops (one per line, already indented by 4) in a module and function.
fn func(args: &str, body: &str) -> String {
    format!("module {{\n  func.func @main({args}) {{\n{body}    return\n  }}\n}}\n")
}

/// Both texts lower to equal IR.
fn same_ir(a: &str, b: &str) {
    let (ma, mb) = (parse(a), parse(b));
    if let Err(e) = modules_equal(&ma, &mb) {
        panic!("not the same IR: {e}\n--- a:\n{a}\n--- b:\n{b}");
    }
}

/// Parsing fails with `message` at `line:col` (1-based).
fn error_at(input: &str, line: u32, col: u32, message: &str) {
    let r = match shardref_spec::parse("test.mlir", input) {
        Ok(m) => panic!("expected an error, parsed:\n{}", print(&m)),
        Err(r) => r.to_string(),
    };
    let loc = format!("test.mlir:{line}:{col}: error:");
    assert!(r.contains(&loc) && r.contains(message), "expected '{loc} ... {message}', got:\n{r}");
}

// ---------------------------------------------------------------- elementwise

#[test]
fn unary_and_binary_ops() {
    check_canonical(&func(
        "%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xcomplex<f64>>",
        "    %0 = stablehlo.sqrt %arg0 : tensor<2x3xf32>\n\
         \x20   %1 = stablehlo.abs %arg1 : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>\n\
         \x20   %2 = stablehlo.convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xbf16>\n\
         \x20   %3 = stablehlo.exponential_minus_one %arg0 : tensor<2x3xf32>\n\
         \x20   %4 = stablehlo.add %arg0, %0 : tensor<2x3xf32>\n\
         \x20   %5 = stablehlo.shift_right_logical %arg0, %arg0 : tensor<2x3xf32>\n\
         \x20   %6 = stablehlo.log_plus_one %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2x3xf32>\n\
         \x20   %7 = stablehlo.negate %arg0 {foo = \"bar\"} : tensor<2x3xf32>\n\
         \x20   %8 = stablehlo.is_finite %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi1>\n\
         \x20   %9 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>\n\
         \x20   %10 = stablehlo.real %arg1 : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>\n\
         \x20   %11 = stablehlo.complex %10, %10 : tensor<2x3xcomplex<f64>>\n",
    ));
    // A function type whose operand types equal the result type prints as one type.
    check(
        "func.func @main(%a: tensor<4xi32>) { %0 = stablehlo.xor %a, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>  func.return }",
        &func("%arg0: tensor<4xi32>", "    %0 = stablehlo.xor %arg0, %arg0 : tensor<4xi32>\n"),
    );
}

#[test]
fn compare_select_clamp() {
    // Enum keywords print after two spaces, as stablehlo-opt prints them.
    check(
        "func.func @main(%a: tensor<3xf32>, %b: tensor<f32>) {\n\
         %0 = stablehlo.compare LT, %a, %a, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>\n\
         %1 = stablehlo.compare #stablehlo<comparison_direction EQ>, %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>\n\
         %2 = stablehlo.select %0, %a, %a : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n\
         %3 = stablehlo.clamp %b, %a, %b : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>\n\
         %4 = stablehlo.select %0, %b, %a : (tensor<3xi1>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>\n\
         func.return }",
        &func(
            "%arg0: tensor<3xf32>, %arg1: tensor<f32>",
            "    %0 = stablehlo.compare  LT, %arg0, %arg0,  FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>\n\
             \x20   %1 = stablehlo.compare  EQ, %arg0, %arg0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>\n\
             \x20   %2 = stablehlo.select %0, %arg0, %arg0 : tensor<3xi1>, tensor<3xf32>\n\
             \x20   %3 = stablehlo.clamp %arg1, %arg0, %arg1 : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>\n\
             \x20   %4 = stablehlo.select %0, %arg1, %arg0 : (tensor<3xi1>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>\n",
        ),
    );
}

#[test]
fn tuples_tokens_and_nullary_ops() {
    check_canonical(&func(
        "%arg0: tensor<4xf32>, %arg1: !stablehlo.token",
        "    %0 = stablehlo.after_all %arg1, %arg1 : !stablehlo.token\n\
         \x20   %1 = stablehlo.after_all  : !stablehlo.token\n\
         \x20   %2 = stablehlo.tuple %arg0, %arg1 : tuple<tensor<4xf32>, !stablehlo.token>\n\
         \x20   %3 = stablehlo.tuple  : tuple<>\n\
         \x20   %4 = stablehlo.get_tuple_element %2[0] : (tuple<tensor<4xf32>, !stablehlo.token>) -> tensor<4xf32>\n\
         \x20   %5 = stablehlo.create_token : !stablehlo.token\n\
         \x20   %6 = stablehlo.replica_id : tensor<ui32>\n\
         \x20   %7 = stablehlo.partition_id : tensor<ui32>\n\
         \x20   %8:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<4xf32>, !stablehlo.token\n\
         \x20   %9 = stablehlo.optimization_barrier {foo} %arg0 : tensor<4xf32>\n\
         \x20   stablehlo.optimization_barrier()\n",
    ));
}

// ---------------------------------------------------------------- keyword-attribute ops

#[test]
fn keyword_attribute_ops() {
    check_canonical(&func(
        "%arg0: tensor<2x3xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<2xi64>",
        "    %0 = stablehlo.iota dim = 1 : tensor<2x3xui64>\n\
         \x20   %1 = stablehlo.dynamic_iota %arg3, dim = 0 : (tensor<2xi64>) -> tensor<?x3xf32>\n\
         \x20   %2 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x3xf32>\n\
         \x20   %3 = stablehlo.broadcast %arg1, sizes = [2] : (tensor<f32>) -> tensor<2xf32>\n\
         \x20   %4 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg3, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>\n\
         \x20   %5 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n\
         \x20   %6 = stablehlo.reverse %arg0, dims = [0] : tensor<2x3xf32>\n\
         \x20   %7 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>\n\
         \x20   %8 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>\n\
         \x20   %9 = stablehlo.set_dimension_size %arg0, %arg2, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x?xf32>\n\
         \x20   %10 = stablehlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>\n\
         \x20   %11 = stablehlo.dynamic_slice %arg1, , sizes = [] : (tensor<f32>) -> tensor<f32>\n\
         \x20   %12 = stablehlo.pad %arg0, %arg1, low = [0, -1], high = [1, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>\n\
         \x20   %13 = stablehlo.fft %arg0, type =  RFFT, length = [3] : (tensor<2x3xf32>) -> tensor<2x2xcomplex<f32>>\n\
         \x20   %14 = stablehlo.rng %arg1, %arg1, %arg3, distribution =  UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>\n\
         \x20   %output_state, %output = stablehlo.rng_bit_generator %arg3, algorithm =  THREE_FRY : (tensor<2xi64>) -> (tensor<2xi64>, tensor<4xui32>)\n\
         \x20   %15 = stablehlo.einsum %arg0, %5, config = \"ab,bc->ac\" : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n\
         \x20   %16 = stablehlo.unary_einsum %arg0, config = \"ab->a\" : (tensor<2x3xf32>) -> tensor<2xf32>\n\
         \x20   %17 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<2x3xf32>\n\
         \x20   %18 = stablehlo.cholesky %6, lower = true : tensor<2x3xf32>\n\
         \x20   %19 = stablehlo.cholesky %6 : tensor<2x3xf32>\n\
         \x20   %20 = stablehlo.slice %arg0 [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>\n",
    ));
    // MLIR also accepts a missing `,` for an empty variadic list, and enum attributes in full.
    same_ir(
        "func.func @f(%a: tensor<f32>) { %0 = stablehlo.dynamic_slice %a, sizes = [] : (tensor<f32>) -> tensor<f32> func.return }",
        "func.func @f(%a: tensor<f32>) { %0 = stablehlo.dynamic_slice %a, , sizes = [] : (tensor<f32>) -> tensor<f32> func.return }",
    );
    same_ir(
        "func.func @f(%a: tensor<4xf32>) { %0 = stablehlo.fft %a, type = #stablehlo<fft_type FFT>, length = [4] : (tensor<4xf32>) -> tensor<4xf32> func.return }",
        "func.func @f(%a: tensor<4xf32>) { %0 = stablehlo.fft %a, type = FFT, length = [4] : (tensor<4xf32>) -> tensor<4xf32> func.return }",
    );
}

// ---------------------------------------------------------------- dot, convolution

#[test]
fn dot_and_dot_general() {
    check_canonical(&func(
        "%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<4x2x3xf32>",
        "    %0 = stablehlo.dot %arg0, %arg1 : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n\
         \x20   %1 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n\
         \x20   %2 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n\
         \x20   %3 = stablehlo.dot_general %arg2, %arg2, batching_dims = [0] x [0], contracting_dims = [2, 1] x [2, 1], precision = [HIGH, HIGH] : (tensor<4x2x3xf32>, tensor<4x2x3xf32>) -> tensor<4xf32>\n\
         \x20   %4 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n",
    ));
}

#[test]
fn convolution() {
    check(
        "func.func @main(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>) {\n\
         %r = stablehlo.convolution(%lhs, %rhs)\n\
         \x20   dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],\n\
         \x20   window = { lhs_dilate = [2, 2], stride = [4, 4], pad = [[1, 1], [0, 0]], reverse = [0, 1] }\n\
         \x20   { feature_group_count = 1 : i64, batch_group_count = 1 : i64,\n\
         \x20     precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>] }\n\
         \x20 : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>\n\
         func.return }",
        &func(
            "%arg0: tensor<1x4x4x1xi64>, %arg1: tensor<3x3x1x1xi64>",
            "    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[1, 1], [0, 0]], lhs_dilate = [2, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>\n",
        ),
    );
    // The generic form with the attribute, and the raw attribute form, give the same IR.
    same_ir(
        "func.func @f(%a: tensor<1x2xf32>) { %0 = stablehlo.convolution(%a, %a) dim_numbers = [b, f]x[o, i]->[f, b], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x1xf32> func.return }",
        "func.func @f(%a: tensor<1x2xf32>) { %0 = \"stablehlo.convolution\"(%a, %a) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [], output_batch_dimension = 1, output_feature_dimension = 0, output_spatial_dimensions = []>, feature_group_count = 1 : i64}> : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x1xf32> func.return }",
    );
}

// ---------------------------------------------------------------- custom_call, composite, constant

#[test]
fn custom_call_composite_and_constants() {
    check_canonical(
        "module {\n\
         \x20 func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n\
         \x20   %0 = stablehlo.custom_call @foo(%arg0) {backend_config = \"\", has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>\n\
         \x20   stablehlo.custom_call @check.expect_eq(%0, %0) : (tensor<4xf32>, tensor<4xf32>) -> ()\n\
         \x20   stablehlo.custom_call @\"foo-not-id\"() : () -> ()\n\
         \x20   %1 = stablehlo.composite \"my.add_n\" %0 {composite_attributes = {n = 2 : i64}, decomposition = @impl, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>\n\
         \x20   %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n\
         \x20   %cst = stablehlo.constant {foo} dense<1.000000e+00> : tensor<f32>\n\
         \x20   %c_0 = stablehlo.constant dense<true> : tensor<i1>\n\
         \x20   %cst_1 = stablehlo.constant dense<(1.000000e+00,-2.500000e+00)> : tensor<complex<f32>>\n\
         \x20   %cst_2 = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00:15>>\n\
         \x20   return %1 : tensor<4xf32>\n\
         \x20 }\n\
         \x20 func.func private @impl(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n\
         \x20   return %arg0 : tensor<4xf32>\n\
         \x20 }\n\
         }\n",
    );
}

// ---------------------------------------------------------------- regions

#[test]
fn reduce_compact_and_general() {
    check_canonical(
        "module {\n\
         \x20 func.func @main(%arg0: tensor<2x3xi32>, %arg1: tensor<i32>, %arg2: tensor<2x3xf32>, %arg3: tensor<f32>) {\n\
         \x20   %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>\n\
         \x20   %1:2 = stablehlo.reduce(%arg0 init: %arg1), (%arg2 init: %arg3) across dimensions = [1] {foo = 1 : i32} : (tensor<2x3xi32>, tensor<2x3xf32>, tensor<i32>, tensor<f32>) -> (tensor<2xi32>, tensor<2xf32>)\n\
         \x20    reducer(%arg4: tensor<i32>, %arg6: tensor<i32>) (%arg5: tensor<f32>, %arg7: tensor<f32>)  {\n\
         \x20     %2 = stablehlo.maximum %arg4, %arg6 : tensor<i32>\n\
         \x20     %3 = stablehlo.minimum %arg5, %arg7 : tensor<f32>\n\
         \x20     stablehlo.return %2, %3 : tensor<i32>, tensor<f32>\n\
         \x20   }\n\
         \x20   return\n\
         \x20 }\n\
         }\n",
    );
    // The compact form is the generic form's single-op body.
    same_ir(
        "func.func @f(%a: tensor<3xf32>, %i: tensor<f32>) { %0 = stablehlo.reduce(%a init: %i) applies stablehlo.multiply across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32> func.return }",
        "func.func @f(%a: tensor<3xf32>, %i: tensor<f32>) {\n\
         %0 = \"stablehlo.reduce\"(%a, %i) ({\n\
         ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n\
         \x20 %m = \"stablehlo.multiply\"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n\
         \x20 \"stablehlo.return\"(%m) : (tensor<f32>) -> ()\n\
         }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<f32>) -> tensor<f32>\n\
         func.return }",
    );
    // A body the compact form cannot show (the operands swapped) prints in the general form.
    check(
        "func.func @f(%a: tensor<3xf32>, %i: tensor<f32>) { %0 = stablehlo.reduce(%a init: %i) across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>\n\
         reducer(%x: tensor<f32>, %y: tensor<f32>) { %m = stablehlo.add %y, %x : tensor<f32>\n stablehlo.return %m : tensor<f32> }\n func.return }",
        "module {\n\
         \x20 func.func @f(%arg0: tensor<3xf32>, %arg1: tensor<f32>) {\n\
         \x20   %0 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>\n\
         \x20    reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {\n\
         \x20     %1 = stablehlo.add %arg3, %arg2 : tensor<f32>\n\
         \x20     stablehlo.return %1 : tensor<f32>\n\
         \x20   }\n\
         \x20   return\n\
         \x20 }\n\
         }\n",
    );
}

#[test]
fn while_and_naming() {
    // Region values are numbered after the enclosing region's; both regions
    // share the `%iterArg` names, whose conflict suffixes share one counter.
    check(
        "func.func @main(%n: tensor<i64>) -> tensor<i64> {\n\
         %c = stablehlo.constant dense<0> : tensor<i64>\n\
         %one = stablehlo.constant dense<1> : tensor<i64>\n\
         %r0, %r1 = stablehlo.while(%i = %c, %s = %n) : tensor<i64>, tensor<i64> attributes {foo}\n\
         cond {\n\
         \x20 %lt = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>\n\
         \x20 stablehlo.return %lt : tensor<i1>\n\
         } do {\n\
         \x20 %a = stablehlo.add %i, %one : tensor<i64>\n\
         \x20 %b = func.call @g(%s) : (tensor<i64>) -> tensor<i64>\n\
         \x20 stablehlo.return %a, %b : tensor<i64>, tensor<i64>\n\
         }\n\
         %x = stablehlo.add %r0, %r1 : tensor<i64>\n\
         func.return %x : tensor<i64>\n\
         }\n\
         func.func private @g(%a: tensor<i64>) -> tensor<i64> { func.return %a : tensor<i64> }",
        "module {\n\
         \x20 func.func @main(%arg0: tensor<i64>) -> tensor<i64> {\n\
         \x20   %c = stablehlo.constant dense<0> : tensor<i64>\n\
         \x20   %c_0 = stablehlo.constant dense<1> : tensor<i64>\n\
         \x20   %0:2 = stablehlo.while(%iterArg = %c, %iterArg_1 = %arg0) : tensor<i64>, tensor<i64> attributes {foo}\n\
         \x20   cond {\n\
         \x20     %2 = stablehlo.compare  LT, %iterArg, %arg0 : (tensor<i64>, tensor<i64>) -> tensor<i1>\n\
         \x20     stablehlo.return %2 : tensor<i1>\n\
         \x20   } do {\n\
         \x20     %2 = stablehlo.add %iterArg, %c_0 : tensor<i64>\n\
         \x20     %3 = func.call @g(%iterArg_1) : (tensor<i64>) -> tensor<i64>\n\
         \x20     stablehlo.return %2, %3 : tensor<i64>, tensor<i64>\n\
         \x20   }\n\
         \x20   %1 = stablehlo.add %0#0, %0#1 : tensor<i64>\n\
         \x20   return %1 : tensor<i64>\n\
         \x20 }\n\
         \x20 func.func private @g(%arg0: tensor<i64>) -> tensor<i64> {\n\
         \x20   return %arg0 : tensor<i64>\n\
         \x20 }\n\
         }\n",
    );
    check_canonical(&func(
        "",
        "    stablehlo.while()\n\
         \x20   cond {\n\
         \x20     %c = stablehlo.constant dense<false> : tensor<i1>\n\
         \x20     stablehlo.return %c : tensor<i1>\n\
         \x20   } do {\n\
         \x20     stablehlo.return \n\
         \x20   }\n",
    ));
}

#[test]
fn generic_only_ops_print_properties() {
    check_canonical(&func(
        "%arg0: tensor<5xui8>, %arg1: tensor<3x3xf32>",
        "    %0 = \"stablehlo.sort\"(%arg0) <{dimension = 0 : i64}> ({\n\
         \x20   ^bb0(%arg2: tensor<ui8>, %arg3: tensor<ui8>):\n\
         \x20     %2 = stablehlo.compare  LT, %arg2, %arg3,  UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>\n\
         \x20     stablehlo.return %2 : tensor<i1>\n\
         \x20   }) : (tensor<5xui8>) -> tensor<5xui8>\n\
         \x20   %1 = \"stablehlo.triangular_solve\"(%arg1, %arg1) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> {sdy.foo = 1 : i32} : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>\n",
    ));
}

// ---------------------------------------------------------------- chlo

#[test]
fn chlo_ops() {
    check_canonical(&func(
        "%arg0: tensor<8xi32>, %arg1: tensor<4x3xf32>",
        "    %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<8xi32> -> (tensor<2xi32>, tensor<2xi32>)\n\
         \x20   %values_0, %indices_1 = chlo.top_k(%arg0, k = 2, is_stable = false) : tensor<8xi32> -> (tensor<2xi32>, tensor<2xi32>)\n\
         \x20   %0 = chlo.lgamma %arg1 : tensor<4x3xf32> -> tensor<4x3xf32>\n\
         \x20   %1 = chlo._asin_acos_kernel %arg1 : tensor<4x3xf32> -> tensor<4x3xf32>\n\
         \x20   %2 = chlo.next_after %arg1, %arg1 : tensor<4x3xf32>, tensor<4x3xf32> -> tensor<4x3xf32>\n\
         \x20   %3 = chlo.mulhi %arg0, %arg0 : tensor<8xi32>, tensor<8xi32> -> tensor<8xi32>\n\
         \x20   %4 = chlo.broadcast_add %arg1, %arg1 {broadcast_dimensions = array<i64: 0, 1>} : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>\n\
         \x20   %5 = chlo.broadcast_compare %arg1, %arg1 {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xi1>\n\
         \x20   %6 = chlo.broadcast_select %5, %arg1, %arg1 : (tensor<4x3xi1>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>\n\
         \x20   %7 = chlo.constant dense<1.000000e+00> : tensor<f32>\n\
         \x20   %8:2 = chlo.scan(%arg1) inits (%7) dimension=0  attributes {is_reverse = true} {\n\
         \x20   ^bb0(%input: tensor<3xf32>, %carry: tensor<f32>):\n\
         \x20     stablehlo.return %input, %carry : tensor<3xf32>, tensor<f32>\n\
         \x20   } : (tensor<4x3xf32>, tensor<f32>) -> (tensor<4x3xf32>, tensor<f32>)\n\
         \x20   %9 = \"chlo.ragged_dot\"(%arg1, %arg1, %arg0) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<4x3xf32>, tensor<4x3xf32>, tensor<8xi32>) -> tensor<4x4xf32>\n",
    ));
    // The scan header accepts spaces around `=` and no space before `(`.
    same_ir(
        "func.func @f(%a: tensor<4xf32>, %b: tensor<f32>) { %0:2 = chlo.scan(%a) inits(%b) dimension = 0 { ^bb0(%x: tensor<f32>, %y: tensor<f32>): stablehlo.return %x, %y : tensor<f32>, tensor<f32> } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>) func.return }",
        "func.func @f(%a: tensor<4xf32>, %b: tensor<f32>) { %0:2 = \"chlo.scan\"(%a, %b) <{dimension = 0 : i64, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}> ({ ^bb0(%x: tensor<f32>, %y: tensor<f32>): \"stablehlo.return\"(%x, %y) : (tensor<f32>, tensor<f32>) -> () }) : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>) func.return }",
    );
}

// ---------------------------------------------------------------- generic == pretty

#[test]
fn generic_and_pretty_forms_lower_to_the_same_ir() {
    let pairs = [
        (
            "%0 = stablehlo.compare  GE, %a, %a,  TOTALORDER : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>",
            "%0 = \"stablehlo.compare\"(%a, %a) {comparison_direction = #stablehlo<comparison_direction GE>, compare_type = #stablehlo<comparison_type TOTALORDER>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>",
        ),
        (
            "%0 = stablehlo.transpose %a, dims = [0] : (tensor<3xf32>) -> tensor<3xf32>",
            "%0 = \"stablehlo.transpose\"(%a) {permutation = array<i64: 0>} : (tensor<3xf32>) -> tensor<3xf32>",
        ),
        (
            "%0 = stablehlo.iota dim = 0 : tensor<3xf32>",
            "%0 = \"stablehlo.iota\"() <{iota_dimension = 0 : i64}> : () -> tensor<3xf32>",
        ),
        (
            "%0 = stablehlo.slice %a [1:3] : (tensor<3xf32>) -> tensor<2xf32>",
            "%0 = \"stablehlo.slice\"(%a) {start_indices = array<i64: 1>, limit_indices = array<i64: 3>, strides = array<i64: 1>} : (tensor<3xf32>) -> tensor<2xf32>",
        ),
        (
            "%0 = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>",
            "%0 = \"stablehlo.dot_general\"(%a, %a) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>",
        ),
        (
            "%0 = stablehlo.reduce_precision %a, format = e8m7 : tensor<3xf32>",
            "%0 = \"stablehlo.reduce_precision\"(%a) {exponent_bits = 8 : i32, mantissa_bits = 7 : i32} : (tensor<3xf32>) -> tensor<3xf32>",
        ),
        (
            "%0 = chlo.acos %a : tensor<3xf32> -> tensor<3xf32>",
            "%0 = \"chlo.acos\"(%a) : (tensor<3xf32>) -> tensor<3xf32>",
        ),
        (
            "%0:2 = chlo.top_k(%a, k = 1) : tensor<3xf32> -> (tensor<1xf32>, tensor<1xi32>)",
            "%0:2 = \"chlo.top_k\"(%a) {k = 1 : i64} : (tensor<3xf32>) -> (tensor<1xf32>, tensor<1xi32>)",
        ),
    ];
    for (pretty, generic) in pairs {
        let wrap = |op: &str| format!("func.func @f(%a: tensor<3xf32>) {{\n  {op}\n  func.return\n}}");
        same_ir(&wrap(pretty), &wrap(generic));
    }
}

/// Attributes whose kind the pretty form cannot express fall back to the generic form.
#[test]
fn unexpected_attribute_kinds_fall_back_to_generic() {
    check_canonical(&func(
        "%arg0: tensor<3xf32>",
        "    %0 = \"stablehlo.iota\"() <{iota_dimension = 0}> : () -> tensor<3xf32>\n\
         \x20   %1 = \"stablehlo.transpose\"(%arg0) <{permutation = array<i32: 0>}> : (tensor<3xf32>) -> tensor<3xf32>\n\
         \x20   %2 = \"stablehlo.compare\"(%arg0, %arg0) <{comparison_direction = #chlo<comparison_direction EQ>}> : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>\n",
    ));
}

// ---------------------------------------------------------------- attributes

#[test]
fn attributes_round_trip() {
    check_canonical(&func(
        "%arg0: tensor<?xf32, #stablehlo.bounds<4>>",
        "    %0 = stablehlo.negate %arg0 {a = #stablehlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, b = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1, 2], scatter_dims_to_operand_dims = [1, 2]>, c = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0]>, d = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, e = #stablehlo.channel_handle<handle = 1, type = 2>, f = #stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>, g = #stablehlo<rng_distribution NORMAL>, h = #stablehlo<transpose ADJOINT>, i = #stablehlo.bounds<?, 3>, j = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = \"x\">]>, k = #chlo<comparison_type FLOAT>} : tensor<?xf32, #stablehlo.bounds<4>>\n",
    ));
    // Long and short forms of the same attribute.
    same_ir(
        "func.func @f() attributes {a = #stablehlo.type_extensions<bounds = [4, ?]>, b = #stablehlo.gather<index_vector_dim = 0>} { func.return }",
        "func.func @f() attributes {a = #stablehlo.bounds<4, ?>, b = #stablehlo.gather<>} { func.return }",
    );
    let m = parse("func.func @f() attributes {d = #stablehlo<comparison_direction NE>} { func.return }");
    let f = m.block(m.body()).ops[0];
    assert_eq!(
        m.op(f).attrs.get("d"),
        Some(&Attr::Stablehlo(Box::new(StablehloAttr::ComparisonDirection(
            EnumDialect::Stablehlo,
            ComparisonDirection::Ne
        ))))
    );
}

#[test]
fn malformed_attributes_are_located_errors() {
    error_at(
        "func.func @f() attributes {a = #stablehlo.gather<offset_dims = [0], bogus = [1]>} { func.return }",
        1,
        69,
        "unknown field 'bogus'",
    );
    error_at(
        "func.func @f() attributes {a = #stablehlo.gather<offset_dims = 3>} { func.return }",
        1,
        64,
        "expected '[...]' for 'offset_dims'",
    );
    error_at(
        "func.func @f() attributes {a = #stablehlo.scatter<index_vector_dim = 1, index_vector_dim = 2>} { func.return }",
        1,
        73,
        "duplicated `index_vector_dim` entry",
    );
    error_at(
        "func.func @f() attributes {a = #stablehlo.gather<offset_dims = [0, >} { func.return }",
        1,
        68,
        "malformed #stablehlo.gather attribute",
    );
    error_at(
        "func.func @f() attributes {a = #stablehlo<comparison_direction XX>} { func.return }",
        1,
        64,
        "expected one of [EQ, NE, GE, GT, LE, LT]",
    );
    error_at(
        "func.func @f() attributes {a = #stablehlo<bogus_enum X>} { func.return }",
        1,
        43,
        "malformed #stablehlo attribute",
    );
    error_at(
        "func.func @f() attributes {a = #chlo<fft_type FFT>} { func.return }",
        1,
        38,
        "unknown chlo enum 'fft_type'",
    );
    error_at(
        "func.func @f() attributes {a = #stablehlo.channel_handle<handle = 1>} { func.return }",
        1,
        57,
        "missing the 'type' field",
    );
    error_at(
        "func.func @f() attributes {a = #stablehlo.conv<[b, 0, 0, f]x[0, i, o]->[b, 0, f]>} { func.return }",
        1,
        55,
        "Duplicate entries for spatial dimension 0",
    );
    error_at(
        "func.func @f() attributes {a = #stablehlo.conv<[b, 1, f]x[0, i, o]->[b, 0, f]>} { func.return }",
        1,
        48,
        "Expected spatial dimensions 0 not specified",
    );
    error_at(
        "func.func @f() attributes {a = #stablehlo.output_operand_alias<operand_index = 0, output_tuple_indices = [], operand_tuple_indices = []>} { func.return }",
        1,
        83,
        "out of order",
    );
}

#[test]
fn malformed_op_syntax_is_located() {
    error_at(
        "func.func @f(%a: tensor<3xf32>) {\n  %0 = stablehlo.transpose %a, dimz = [0] : (tensor<3xf32>) -> tensor<3xf32>\n  func.return\n}",
        2,
        32,
        "unexpected keyword 'dimz', expected 'dims'",
    );
    error_at(
        "func.func @f(%a: tensor<3xf32>) {\n  %0 = stablehlo.compare XX, %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>\n  func.return\n}",
        2,
        26,
        "for comparison_direction, got 'XX'",
    );
    error_at(
        "func.func @f(%a: tensor<3xf32>) {\n  %0 = stablehlo.reduce_precision %a, format = e5x10 : tensor<3xf32>\n  func.return\n}",
        2,
        48,
        "expected exponent mantissa in format e#m#",
    );
    error_at(
        "func.func @f(%a: tensor<3xf32>, %i: tensor<f32>) {\n  %0 = stablehlo.reduce(%a init: %i) applies stablehlo.subtract across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>\n  func.return\n}",
        2,
        46,
        "commutative binary-op",
    );
    error_at(
        "func.func @f(%a: tensor<3xf32>) {\n  %0 = stablehlo.convolution(%a, %a) dim_numbers = [b, f]x[o, i]->[b, f], window = {strid = [1]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n  func.return\n}",
        2,
        85,
        "Unexpected keyword strid",
    );
    error_at(
        "func.func @f(%a: tensor<3xf32>) {\n  %0 = stablehlo.add %a : tensor<3xf32>\n  func.return\n}",
        2,
        3,
        "expected 2 operands, found 1",
    );
    // A custom form that does not parse is reported where it goes wrong.
    error_at(
        "func.func @f(%a: tensor<3xf32>) {\n  %0 = stablehlo.add %a %a : tensor<3xf32>\n  func.return\n}",
        2,
        25,
        "unexpected '%a', expected attribute dictionary",
    );
    error_at(
        "func.func @f(%a: tensor<3xf32>) {\n  %1 = chlo.lgamma %a : tensor<3xf32>\n  func.return\n}",
        3,
        3,
        "expected arrow",
    );
    error_at(
        "func.func @f(%a: tensor<3xf32>) {\n  %0 = chlo.lgamma %a : (tensor<3xf32>) -> tensor<3xf32>\n  func.return\n}",
        2,
        25,
        "without parentheses",
    );
}

// ---------------------------------------------------------------- core behaviour this work relies on

#[test]
fn printer_details_match_stablehlo_opt() {
    // `public` is kept; floats print as APFloat does; quantized scales as f64s;
    // more than 100 elements print as hex; an all-equal literal is a splat.
    let big: Vec<String> = (0..101).map(|i| i.to_string()).collect();
    let input = format!(
        "module @m attributes {{mhlo.num_replicas = 1 : i32}} {{\n\
         \x20 func.func public @main(%arg0: tensor<2x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>) {{\n\
         \x20   %cst = stablehlo.constant dense<[3.140625, -0.810447216]> : tensor<2xf16>\n\
         \x20   %c = stablehlo.constant dense<[{}]> : tensor<101xi8>\n\
         \x20   %c_0 = stablehlo.constant dense<[7, 7, 7]> : tensor<3xi32>\n\
         \x20   return\n\
         \x20 }}\n\
         }}\n",
        big.join(", ")
    );
    let hex: String = (0..101u8).map(|i| format!("{i:02X}")).collect();
    check(
        &input,
        &format!(
            "module @m attributes {{mhlo.num_replicas = 1 : i32}} {{\n\
             \x20 func.func public @main(%arg0: tensor<2x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>) {{\n\
             \x20   %cst = stablehlo.constant dense<[3.140630e+00, -8.105460e-01]> : tensor<2xf16>\n\
             \x20   %c = stablehlo.constant dense<\"0x{hex}\"> : tensor<101xi8>\n\
             \x20   %c_0 = stablehlo.constant dense<7> : tensor<3xi32>\n\
             \x20   return\n\
             \x20 }}\n\
             }}\n"
        ),
    );
    // An empty module keeps its (empty) body block.
    check("// nothing\n", "module {\n}\n");
    check("module {}", "module {\n}\n");
}
