//! `shardref run` end to end: the built binary on small programs, with `.npy`
//! inputs made here byte by byte (as NumPy and JAX lay them out) and the
//! output files checked byte by byte.
//!
//! The stablehlo ops are written in generic form so that these tests do not
//! depend on the custom syntax.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use shardref_interp::npy;
use shardref_interp::{Buffer, Tensor};
use shardref_spec::ir::ElemType;

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shardref-run-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn shardref(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shardref")).args(args).output().expect("the binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.display().to_string()
}

/// A `.npy` file made by hand: version 1.0, the header padded so the data starts at byte 64k.
fn npy_bytes(descr: &str, fortran: bool, shape: &str, data: &[u8]) -> Vec<u8> {
    let f = if fortran { "True" } else { "False" };
    let mut dict = format!("{{'descr': '{descr}', 'fortran_order': {f}, 'shape': {shape}, }}");
    while (10 + dict.len() + 1) % 64 != 0 {
        dict.push(' ');
    }
    dict.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(dict.len() as u16).to_le_bytes());
    out.extend_from_slice(dict.as_bytes());
    out.extend_from_slice(data);
    out
}

/// A program whose `@main` applies one elementwise op to `n` arguments of type `ty`.
fn elementwise_program(op: &str, n: usize, ty: &str) -> String {
    let args: Vec<String> = (0..n).map(|i| format!("%a{i}: {ty}")).collect();
    let operands: Vec<String> = (0..n).map(|i| format!("%a{i}")).collect();
    let types = vec![ty; n].join(", ");
    format!(
        "func.func @main({}) -> {ty} {{\n  %0 = \"stablehlo.{op}\"({}) : ({types}) -> {ty}\n  return %0 : {ty}\n}}\n",
        args.join(", "),
        operands.join(", ")
    )
}

/// One dtype case: the MLIR element type, the descr of the input files (as
/// NumPy or JAX writes them), the descr shardref writes, and two 2-element
/// inputs with their sum, as raw little-endian bytes.
struct Case {
    elem: &'static str,
    in_descr: &'static str,
    out_descr: &'static str,
    x: Vec<u8>,
    y: Vec<u8>,
    sum: Vec<u8>,
}

fn le<T: Copy, const N: usize>(vals: &[T], f: impl Fn(T) -> [u8; N]) -> Vec<u8> {
    vals.iter().flat_map(|&v| f(v)).collect()
}

fn int_cases() -> Vec<Case> {
    macro_rules! wrap {
        ($elem:expr, $descr:expr, $t:ty) => {
            Case {
                elem: $elem,
                in_descr: $descr,
                out_descr: $descr,
                x: le(&[<$t>::MAX, 5], <$t>::to_le_bytes),
                y: le(&[1 as $t, (7 as $t).wrapping_neg()], <$t>::to_le_bytes),
                sum: le(&[<$t>::MIN, (2 as $t).wrapping_neg()], <$t>::to_le_bytes),
            }
        };
    }
    vec![
        wrap!("i8", "|i1", i8),
        wrap!("si8", "|i1", i8),
        wrap!("i16", "<i2", i16),
        wrap!("si16", "<i2", i16),
        wrap!("i32", "<i4", i32),
        wrap!("i64", "<i8", i64),
        wrap!("ui8", "|u1", u8),
        wrap!("ui16", "<u2", u16),
        wrap!("ui32", "<u4", u32),
        wrap!("ui64", "<u8", u64),
        Case {
            elem: "index",
            in_descr: "<i8",
            out_descr: "<i8",
            x: le(&[40i64, -1], i64::to_le_bytes),
            y: le(&[2i64, -1], i64::to_le_bytes),
            sum: le(&[42i64, -2], i64::to_le_bytes),
        },
        // i1 add is logical or.
        Case { elem: "i1", in_descr: "|b1", out_descr: "|b1", x: vec![1, 0], y: vec![1, 1], sum: vec![1, 1] },
        // Sub-byte integers as JAX saves them: one byte each, the value in the low bits.
        Case {
            elem: "i4",
            in_descr: "<V1",
            out_descr: "<V1",
            x: vec![0x07, 0x08],
            y: vec![0x01, 0x0F],
            sum: vec![0x08, 0x07],
        },
        Case {
            elem: "ui4",
            in_descr: "<V1",
            out_descr: "<V1",
            x: vec![0x0F, 0x03],
            y: vec![0x01, 0x04],
            sum: vec![0x00, 0x07],
        },
        Case {
            elem: "i2",
            in_descr: "<V1",
            out_descr: "<V1",
            x: vec![0x01, 0x02],
            y: vec![0x01, 0x01],
            sum: vec![0x02, 0x03],
        },
        Case {
            elem: "ui2",
            in_descr: "<V1",
            out_descr: "<V1",
            x: vec![0x03, 0x01],
            y: vec![0x01, 0x01],
            sum: vec![0x00, 0x02],
        },
    ]
}

fn float_cases() -> Vec<Case> {
    // [1, 2] + [2, 1] = [3, 3] in a 1-byte format, given the bit patterns of 1, 2 and 3.
    let small = |elem, in_descr, one: u8, two: u8, three: u8| Case {
        elem,
        in_descr,
        out_descr: "<V1",
        x: vec![one, two],
        y: vec![two, one],
        sum: vec![three, three],
    };
    vec![
        Case {
            elem: "f32",
            in_descr: "<f4",
            out_descr: "<f4",
            x: le(&[1.5f32, -2.0], f32::to_le_bytes),
            y: le(&[0.25f32, 4.0], f32::to_le_bytes),
            sum: le(&[1.75f32, 2.0], f32::to_le_bytes),
        },
        Case {
            elem: "f64",
            in_descr: "<f8",
            out_descr: "<f8",
            x: le(&[0.1f64, 1e300], f64::to_le_bytes),
            y: le(&[0.2f64, 1e300], f64::to_le_bytes),
            sum: le(&[0.1f64 + 0.2, 2e300], f64::to_le_bytes),
        },
        Case {
            elem: "f16",
            in_descr: "<f2",
            out_descr: "<f2",
            x: le(&[0x3C00u16, 0x4000], u16::to_le_bytes),
            y: le(&[0x4000u16, 0x3C00], u16::to_le_bytes),
            sum: le(&[0x4200u16, 0x4200], u16::to_le_bytes),
        },
        Case {
            elem: "bf16",
            in_descr: "<V2",
            out_descr: "<V2",
            x: le(&[0x3F80u16, 0x4000], u16::to_le_bytes),
            y: le(&[0x4000u16, 0x3F80], u16::to_le_bytes),
            sum: le(&[0x4040u16, 0x4040], u16::to_le_bytes),
        },
        Case {
            elem: "complex<f32>",
            in_descr: "<c8",
            out_descr: "<c8",
            x: le(&[1.0f32, 2.0, 3.0, -4.0], f32::to_le_bytes),
            y: le(&[0.5f32, 0.5, 1.0, 1.0], f32::to_le_bytes),
            sum: le(&[1.5f32, 2.5, 4.0, -3.0], f32::to_le_bytes),
        },
        Case {
            elem: "complex<f64>",
            in_descr: "<c16",
            out_descr: "<c16",
            x: le(&[1.0f64, 2.0, 3.0, -4.0], f64::to_le_bytes),
            y: le(&[0.5f64, 0.5, 1.0, 1.0], f64::to_le_bytes),
            sum: le(&[1.5f64, 2.5, 4.0, -3.0], f64::to_le_bytes),
        },
        small("f8E4M3FN", "<V1", 0x38, 0x40, 0x44),
        small("f8E4M3", "<V1", 0x38, 0x40, 0x44),
        small("f8E4M3FNUZ", "<V1", 0x40, 0x48, 0x4C),
        small("f8E4M3B11FNUZ", "<V1", 0x58, 0x60, 0x64),
        // ml_dtypes saves float8_e5m2 as '<f1'; shardref writes '<V1'.
        small("f8E5M2", "<f1", 0x3C, 0x40, 0x42),
        small("f8E5M2FNUZ", "<V1", 0x40, 0x44, 0x46),
        small("f8E3M4", "<V1", 0x30, 0x40, 0x48),
        small("f6E2M3FN", "<V1", 0x08, 0x10, 0x14),
        small("f6E3M2FN", "<V1", 0x0C, 0x10, 0x12),
        small("f4E2M1FN", "<V1", 0x02, 0x04, 0x05),
        // E8M0 holds powers of two only: [1, 2] + [1, 2] = [2, 4].
        Case {
            elem: "f8E8M0FNU",
            in_descr: "<V1",
            out_descr: "<V1",
            x: vec![0x7F, 0x80],
            y: vec![0x7F, 0x80],
            sum: vec![0x80, 0x81],
        },
    ]
}

#[test]
fn add_on_every_dtype_writes_the_expected_npy_bytes() {
    let dir = scratch("add-every-dtype");
    for c in int_cases().into_iter().chain(float_cases()) {
        let ty = format!("tensor<2x{}>", c.elem);
        let prog = write(&dir, "add.mlir", elementwise_program("add", 2, &ty).as_bytes());
        let x = write(&dir, "x.npy", &npy_bytes(c.in_descr, false, "(2,)", &c.x));
        let y = write(&dir, "y.npy", &npy_bytes(c.in_descr, false, "(2,)", &c.y));
        let out = dir.join("out");
        let _ = std::fs::remove_dir_all(&out);
        let o = shardref(&["run", &prog, "--input", &x, "--input", &y, "--output-dir", out.to_str().unwrap()]);
        assert!(o.status.success(), "{}: {}", c.elem, text(&o.stderr));
        let got = std::fs::read(out.join("result0.npy")).unwrap();
        assert_eq!(got, npy_bytes(c.out_descr, false, "(2,)", &c.sum), "{}", c.elem);
        // The printed form runs too, one line per result.
        let o = shardref(&["run", &prog, "--input", &x, "--input", &y]);
        assert!(o.status.success(), "{}: {}", c.elem, text(&o.stderr));
        let stdout = text(&o.stdout);
        assert!(
            stdout.starts_with("%result0 = dense<[") && stdout.trim_end().ends_with(&format!(": {ty}")),
            "{}: {stdout}",
            c.elem
        );
        assert_eq!(stdout.lines().count(), 1);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Element type, input descr, output descr, input bytes, negated bytes.
type NegateCase = (&'static str, &'static str, &'static str, Vec<u8>, Vec<u8>);

#[test]
fn negate_on_signed_and_narrow_types() {
    let dir = scratch("negate");
    let cases: Vec<NegateCase> = vec![
        ("f32", "<f4", "<f4", le(&[1.0f32, -0.0], f32::to_le_bytes), le(&[-1.0f32, 0.0], f32::to_le_bytes)),
        // f4E2M1FN: -1.0 is 0b1010; only the low four bits are written.
        ("f4E2M1FN", "<V1", "<V1", vec![0x02, 0x0A], vec![0x0A, 0x02]),
        ("i4", "<V1", "<V1", vec![0x08, 0x01], vec![0x08, 0x0F]),
        ("i32", "<i4", "<i4", le(&[i32::MIN, 3], i32::to_le_bytes), le(&[i32::MIN, -3], i32::to_le_bytes)),
        ("ui8", "|u1", "|u1", vec![1, 0], vec![255, 0]),
    ];
    for (elem, in_descr, out_descr, x, want) in cases {
        let ty = format!("tensor<2x{elem}>");
        let prog = write(&dir, "neg.mlir", elementwise_program("negate", 1, &ty).as_bytes());
        let x = write(&dir, "x.npy", &npy_bytes(in_descr, false, "(2,)", &x));
        let out = dir.join("out");
        let o = shardref(&["run", &prog, "--input", &x, "--output-dir", out.to_str().unwrap()]);
        assert!(o.status.success(), "{elem}: {}", text(&o.stderr));
        assert_eq!(
            std::fs::read(out.join("result0.npy")).unwrap(),
            npy_bytes(out_descr, false, "(2,)", &want),
            "{elem}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_example_runs_and_prints_mlir() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let ex = |f: &str| root.join("examples").join(f).display().to_string();
    let o =
        shardref(&["run", &ex("add_scale.mlir"), "--input", &ex("add_scale_x.npy"), "--input", &ex("add_scale_y.npy")]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "%result0 = dense<[[5.500000e+00, 1.100000e+01, 1.650000e+01], [2.200000e+01, 2.750000e+01, 3.300000e+01]]> : tensor<2x3xf32>\n"
    );
}

#[test]
fn printed_results_are_mlir_literals() {
    let dir = scratch("printed");
    let prog = write(
        &dir,
        "p.mlir",
        b"func.func @main(%a: tensor<2x2xi4>, %b: tensor<bf16>) -> (tensor<2x2xi4>, tensor<bf16>) {\n  return %a, %b : tensor<2x2xi4>, tensor<bf16>\n}\n",
    );
    let a = write(&dir, "a.npy", &npy_bytes("<V1", false, "(2, 2)", &[0x07, 0x0F, 0x08, 0x00]));
    let b = write(&dir, "b.npy", &npy_bytes("<V2", false, "()", &0x3FC0u16.to_le_bytes()));
    let o = shardref(&["run", &prog, "--input", &a, "--input", &b]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "%result0 = dense<[[7, -1], [-8, 0]]> : tensor<2x2xi4>\n%result1 = dense<1.500000e+00> : tensor<bf16>\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn big_endian_and_fortran_inputs_are_normalized() {
    let dir = scratch("fortran");
    let prog = write(&dir, "p.mlir", elementwise_program("negate", 1, "tensor<2x3xf32>").as_bytes());
    // [[1, 2, 3], [4, 5, 6]], column-major and big-endian.
    let data: Vec<u8> = [1.0f32, 4.0, 2.0, 5.0, 3.0, 6.0].iter().flat_map(|v| v.to_be_bytes()).collect();
    let x = write(&dir, "x.npy", &npy_bytes(">f4", true, "(2, 3)", &data));
    let o = shardref(&["run", &prog, "--input", &x]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "%result0 = dense<[[-1.000000e+00, -2.000000e+00, -3.000000e+00], [-4.000000e+00, -5.000000e+00, -6.000000e+00]]> : tensor<2x3xf32>\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn i32s(v: &[i32]) -> Tensor {
    Tensor::new(vec![v.len()], ElemType::I32, Buffer::I32(v.to_vec().into()))
}

#[test]
fn npz_inputs_follow_the_naming_rule() {
    let dir = scratch("npz");
    // a - b shows the order.
    let prog = write(&dir, "p.mlir", elementwise_program("subtract", 2, "tensor<2xi32>").as_bytes());
    let (ten, one) = (i32s(&[10, 20]), i32s(&[1, 2]));
    for compressed in [false, true] {
        // Named argN: by number, whatever the archive order.
        let z = write(&dir, "args.npz", &npy::write_npz(&[("arg1", &one), ("arg0", &ten)], compressed).unwrap());
        let o = shardref(&["run", &prog, "--input", &z]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert_eq!(text(&o.stdout), "%result0 = dense<[9, 18]> : tensor<2xi32>\n");
        // Other names: archive order.
        let z = write(&dir, "named.npz", &npy::write_npz(&[("y", &one), ("x", &ten)], compressed).unwrap());
        let o = shardref(&["run", &prog, "--input", &z]);
        assert_eq!(text(&o.stdout), "%result0 = dense<[-9, -18]> : tensor<2xi32>\n");
    }
    // An .npz and an .npy together: the archive's members, then the file.
    let z = write(&dir, "one.npz", &npy::write_npz(&[("first", &ten)], true).unwrap());
    let n = write(&dir, "second.npy", &npy::write_npy(&one));
    let o = shardref(&["run", &prog, "--input", &z, "--input", &n]);
    assert_eq!(text(&o.stdout), "%result0 = dense<[9, 18]> : tensor<2xi32>\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mismatched_inputs_are_located_errors() {
    let dir = scratch("mismatch");
    let prog = write(&dir, "p.mlir", elementwise_program("add", 2, "tensor<2xf32>").as_bytes());
    let good = write(&dir, "good.npy", &npy_bytes("<f4", false, "(2,)", &[0; 8]));
    let f64s = write(&dir, "f64.npy", &npy_bytes("<f8", false, "(2,)", &[0; 16]));
    let o = shardref(&["run", &prog, "--input", &good, "--input", &f64s]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains("p.mlir:1:"), "{err}");
    assert!(
        err.contains("argument 1 (")
            && err.contains("expected tensor<2xf32>, but the file holds dtype '<f8' with shape (2,)"),
        "{err}"
    );
    let long = write(&dir, "long.npy", &npy_bytes("<f4", false, "(3,)", &[0; 12]));
    let err = text(&shardref(&["run", &prog, "--input", &long, "--input", &good]).stderr);
    assert!(err.contains("argument 0 (") && err.contains("shape (3,): the shapes differ"), "{err}");
    // Raw bytes of the wrong width.
    let v2 = write(&dir, "v2.npy", &npy_bytes("<V2", false, "(2,)", &[0; 4]));
    let err = text(&shardref(&["run", &prog, "--input", &good, "--input", &v2]).stderr);
    assert!(err.contains("'<V2'") && err.contains("raw 2-byte elements"), "{err}");
    // Too few inputs.
    let o = shardref(&["run", &prog, "--input", &good]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("@main takes 2 argument(s), but the inputs give 1"), "{}", text(&o.stderr));
    // A truncated file.
    let cut = write(&dir, "cut.npy", &npy_bytes("<f4", false, "(2,)", &[0; 8])[..70]);
    let o = shardref(&["run", &prog, "--input", &good, "--input", &cut]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("malformed file"), "{}", text(&o.stderr));
    // A file that is not there.
    let o = shardref(&["run", &prog, "--input", &good, "--input", dir.join("missing.npy").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parse_and_interpreter_errors_are_located() {
    let dir = scratch("errors");
    let bad = write(&dir, "bad.mlir", b"func.func @main() -> () {\n  %0 = \n}\n");
    let o = shardref(&["run", &bad]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("bad.mlir:"), "{}", text(&o.stderr));
    let prog = write(
        &dir,
        "dot.mlir",
        b"func.func @main(%a: tensor<2xf32>) -> tensor<f32> {\n  %0 = \"foo.dot\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>\n  return %0 : tensor<f32>\n}\n",
    );
    let a = write(&dir, "a.npy", &npy_bytes("<f4", false, "(2,)", &[0; 8]));
    let o = shardref(&["run", &prog, "--input", &a]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains("dot.mlir:2:3: error: unsupported:"), "{err}");
    // Fuel.
    let prog = write(&dir, "neg.mlir", elementwise_program("negate", 1, "tensor<2xf32>").as_bytes());
    let o = shardref(&["run", &prog, "--input", &a, "--fuel", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("out of fuel"), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn failed_checks_make_the_run_fail() {
    let dir = scratch("checks");
    let prog = write(
        &dir,
        "c.mlir",
        b"func.func @main(%a: tensor<2xi32>) {\n  \"check.expect_eq_const\"(%a) {value = dense<[1, 2]> : tensor<2xi32>} : (tensor<2xi32>) -> ()\n  return\n}\n",
    );
    let good = write(&dir, "good.npy", &npy::write_npy(&i32s(&[1, 2])));
    let o = shardref(&["run", &prog, "--input", &good]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "");
    let bad = write(&dir, "bad.npy", &npy::write_npy(&i32s(&[1, 3])));
    let o = shardref(&["run", &prog, "--input", &bad]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("c.mlir:2:3: error: check failed"), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_entry_is_main_the_only_function_or_named() {
    let dir = scratch("entry");
    let two = write(
        &dir,
        "two.mlir",
        b"func.func @neg(%a: tensor<1xi32>) -> tensor<1xi32> {\n  %0 = \"stablehlo.negate\"(%a) : (tensor<1xi32>) -> tensor<1xi32>\n  return %0 : tensor<1xi32>\n}\nfunc.func @id(%a: tensor<1xi32>) -> tensor<1xi32> {\n  return %a : tensor<1xi32>\n}\n",
    );
    let a = write(&dir, "a.npy", &npy::write_npy(&i32s(&[5])));
    let o = shardref(&["run", &two, "--input", &a]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("choose one with --entry"), "{}", text(&o.stderr));
    let o = shardref(&["run", &two, "--entry", "neg", "--input", &a]);
    assert_eq!(text(&o.stdout), "%result0 = dense<[-5]> : tensor<1xi32>\n");
    let o = shardref(&["run", &two, "--entry", "nope", "--input", &a]);
    assert!(text(&o.stderr).contains("no function @nope in the module (it has @neg, @id)"), "{}", text(&o.stderr));
    let one = write(
        &dir,
        "one.mlir",
        b"func.func @only(%a: tensor<1xi32>) -> tensor<1xi32> {\n  return %a : tensor<1xi32>\n}\n",
    );
    let o = shardref(&["run", &one, "--input", &a]);
    assert_eq!(text(&o.stdout), "%result0 = dense<[5]> : tensor<1xi32>\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_results_are_numbered_files() {
    let dir = scratch("results");
    let prog = write(
        &dir,
        "p.mlir",
        b"func.func @main(%a: tensor<2xui16>, %b: tensor<i1>) -> (tensor<i1>, tensor<2xui16>) {\n  return %b, %a : tensor<i1>, tensor<2xui16>\n}\n",
    );
    let a = write(&dir, "a.npy", &npy_bytes("<u2", false, "(2,)", &le(&[7u16, 65535], u16::to_le_bytes)));
    let b = write(&dir, "b.npy", &npy_bytes("|b1", false, "()", &[1]));
    let out = dir.join("out");
    let o = shardref(&["run", &prog, "--input", &a, "--input", &b, "--output-dir", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "");
    assert_eq!(std::fs::read(out.join("result0.npy")).unwrap(), npy_bytes("|b1", false, "()", &[1]));
    assert_eq!(
        std::fs::read(out.join("result1.npy")).unwrap(),
        npy_bytes("<u2", false, "(2,)", &le(&[7u16, 65535], u16::to_le_bytes))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_ill_typed_program_is_rejected_by_the_verifier_before_it_runs() {
    let dir = scratch("ill-typed");
    let prog = write(
        &dir,
        "bad.mlir",
        b"func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {\n  %0 = \"stablehlo.add\"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n",
    );
    let o = shardref(&["run", &prog]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("bad.mlir:2:3: error: 'stablehlo.add' op requires compatible types for all operands and results"),
        "{err}"
    );
}

/// An op whose work (window positions times window size) exceeds the default
/// budget stops before it starts, with an error naming the op and its work;
/// `--fuel unlimited` lifts the budget and a malformed `--fuel` is a usage error.
#[test]
fn an_op_over_the_default_work_budget_stops_with_its_name() {
    let dir = scratch("work-budget");
    // 2^21 windows of 2^21 elements each over a padded base: 2^42 work units, 8 MiB of result.
    let prog = write(
        &dir,
        "windows.mlir",
        b"func.func @main() -> tensor<2097152xf32> {\n  %x = stablehlo.constant dense<1.0> : tensor<1xf32>\n  %init = stablehlo.constant dense<0.0> : tensor<f32>\n  %0 = \"stablehlo.reduce_window\"(%x, %init) <{padding = dense<[[0, 4398046511104]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2097152>, window_strides = array<i64: 2097152>}> ({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    %1 = stablehlo.add %a, %b : tensor<f32>\n    stablehlo.return %1 : tensor<f32>\n  }) : (tensor<1xf32>, tensor<f32>) -> tensor<2097152xf32>\n  return %0 : tensor<2097152xf32>\n}\n",
    );
    let start = std::time::Instant::now();
    let o = shardref(&["run", &prog]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("windows.mlir:4:3: error: resources exhausted: out of fuel: 'stablehlo.reduce_window' needs 4398046511104 work units, but ")
            && err.contains(" of the budget of 100000000000 are left"),
        "{err}"
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(30), "stopped only after {:?}", start.elapsed());
    let neg = write(&dir, "neg.mlir", elementwise_program("negate", 1, "tensor<2xf32>").as_bytes());
    let a = write(&dir, "a.npy", &npy_bytes("<f4", false, "(2,)", &[0; 8]));
    let o = shardref(&["run", &neg, "--input", &a, "--fuel", "unlimited"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = shardref(&["run", &neg, "--input", &a, "--fuel", "lots"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("expected a number of work units or 'unlimited'"), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_prints_the_median_and_a_profile_row_per_op() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let ex = |n: &str| root.join("examples").join(n).display().to_string();
    let o = shardref(&[
        "bench",
        &ex("add_scale.mlir"),
        "--input",
        &ex("add_scale_x.npy"),
        "--input",
        &ex("add_scale_y.npy"),
        "--warmup",
        "1",
        "--runs",
        "3",
    ]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}{}", text(&o.stderr));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("@main: median ") && lines[0].contains("over 3 runs"), "{out}");
    assert!(lines[1].split_whitespace().collect::<Vec<_>>() == ["op", "calls", "total", "bytes"], "{out}");
    // One call each; bytes are the operands' and results' (2x3 f32 = 24 bytes each).
    let row = |op: &str| lines.iter().find(|l| l.starts_with(op)).map(|l| l.split_whitespace().collect::<Vec<_>>());
    let add = row("stablehlo.add ").expect("an add row");
    assert_eq!((add[1], add[add.len() - 1]), ("1", "72"), "{out}");
    let mul = row("stablehlo.multiply ").expect("a multiply row");
    assert_eq!((mul[1], mul[mul.len() - 1]), ("1", "72"), "{out}");
    // A wrong input is reported as `run` reports it, with exit status 1.
    let o = shardref(&["bench", &ex("add_scale.mlir"), "--input", &ex("add_scale_x.npy")]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
}

/// `--threads N` (and `SHARDREF_THREADS`) choose how many worker threads carry
/// the simulated devices; the result bytes are the same for every choice, and
/// 0 workers is a usage error.
#[test]
fn thread_count_never_changes_the_result_bytes() {
    let prog = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/neighbour_sum.mlir");
    let x = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/neighbour_sum_x.npy");
    let dir = scratch("threads");
    let mut outputs = vec![];
    for (threads, env) in [(Some("1"), None), (Some("2"), None), (None, Some("3"))] {
        let out = dir.join(format!("{threads:?}-{env:?}"));
        let out_s = out.display().to_string();
        let mut args = vec!["run", prog, "--entry", "parallel_neighbour_sum", "--sharded", "--input", x];
        args.extend(["--output-dir", &out_s]);
        if let Some(t) = threads {
            args.extend(["--threads", t]);
        }
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_shardref"));
        if let Some(e) = env {
            cmd.env("SHARDREF_THREADS", e);
        }
        let o = cmd.args(&args).output().unwrap();
        assert!(o.status.success(), "{}", text(&o.stderr));
        outputs.push(std::fs::read(out.join("result0.npy")).unwrap());
    }
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[0], outputs[2]);
    let o = shardref(&["run", prog, "--entry", "parallel_neighbour_sum", "--threads", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
}
