//! Interpret mode: each case's entry function runs on the reference
//! interpreter, and every check op in it must hold.
//!
//! The entry is `@main`, or the module's only function (as upstream's
//! `stablehlo-translate --interpret` chooses). A case passes when the run
//! completes, at least one check or a clean run with no checks, and no check
//! fails. Cases that call `interpreter.run_parallel` run on simulated
//! devices (`shardref_interp::devices`); no case is skipped.
//!
//! Inputs. The entry function gets:
//! - the `--args="[dense<...> : tensor<...>, ...]"` of the file's first RUN
//!   line that interprets successfully (not one under `not`), parsed as an
//!   MLIR array attribute of dense elements (`parse_args`);
//! - otherwise, when it takes arguments, synthesized inputs
//!   (`synthesize_inputs`). This is how the shape-polymorphic JAX exports of
//!   `stablehlo-testdata/dynamic` run. Their convention (JAX's shape
//!   polymorphism with dimension variables passed as arguments): the leading
//!   rank-0 integer arguments are the dimension variables, one per variable,
//!   sorted by name, and every `?` dimension of the later arguments is a
//!   polynomial in them that the signature does not record. shardref binds
//!   every dimension variable and every `?` dimension to the same size `N`
//!   (3, then 2, 4 and 5 if a run fails), which is consistent whenever each
//!   `?` dimension is a single variable (every file of the corpus so far);
//!   a dimension like `2*b` or `b + 1` cannot be recovered and such a case
//!   fails with the shape error its first inconsistent op reports. Tensor
//!   data comes from a fixed-seed SplitMix64 generator (if no size runs with
//!   it, integer data is all zero instead, which keeps index arguments such
//!   as dynamic slice starts in range): integers in
//!   [-2, 4] (unsigned [0, 4], i1 either), floats multiples of 1/4 in
//!   [-3, 3], complex numbers with such real parts. These cases have no
//!   checks upstream (only serialization round trips), so they pass when the
//!   run completes with results of the declared result types.
//!
//! Printed results. When a RUN line pipes the interpreter into `FileCheck %s`
//! (default prefix), the entry's results (upstream's `Tensor::print` format,
//! see `shardref_interp::print`) followed by the output of `interpreter.print`
//! must satisfy the case's `CHECK` lines (`filecheck`: CHECK, CHECK-NEXT,
//! CHECK-SAME, CHECK-LABEL, CHECK-NOT is ignored; a pattern matches a line
//! containing it after trimming; `{{regex}}` and `[[VAR]]` are not supported
//! and such patterns only need their literal text around them).

use std::sync::Arc;

use shardref_interp::eval::{Limits, Outcome, value_has_type};
use shardref_interp::run;
use shardref_interp::{InterpError, Tensor, Value};
use shardref_spec::diag::{LineIndex, location};
use shardref_spec::ir::{Attr, ElemType, Module, Type};
use shardref_spec::split::Case;
use shardref_spec::{Source, parse_source};

use crate::{Mode, SuiteFile, Verdict, first_line};

pub struct Interpret;

/// The function upstream would run: `@main`, or the only function.
pub fn entry_function(m: &Module) -> Option<String> {
    shardref_verifier::equiv::choose_entry(m, None).ok().map(|(name, _)| name)
}

impl Mode for Interpret {
    fn judge(&self, file: &SuiteFile, case: &Case) -> Verdict {
        let source = Arc::new(Source { name: file.name.clone(), text: case.text.clone(), first_line: case.first_line });
        let m = match parse_source(source.clone()) {
            Ok(m) => m,
            Err(r) => return Verdict::Fail(format!("parse error: {}", first_line(&r.to_string()))),
        };
        let Some(entry) = entry_function(&m) else {
            // Upstream runs nothing for a module without functions.
            return Verdict::Pass;
        };
        let at = |e: &InterpError| {
            let (line, col) = location(&source, &LineIndex::new(&source.text), e.span);
            format!("{line}:{col}")
        };
        let (arg_types, result_types) = signature(&m, &entry);
        let given = match parse_args(&file.run) {
            Some(Ok(args)) => Some(args),
            Some(Err(e)) => return Verdict::Fail(format!("--args: {e}")),
            None => None,
        };
        let result = match given {
            Some(args) => run(&m, &entry, args, Limits::default()),
            None if arg_types.is_empty() => run(&m, &entry, vec![], Limits::default()),
            None => {
                // Synthesized inputs: the first assignment that runs wins (random
                // data, then zero integer data, which keeps index arguments in range).
                let mut last = None;
                for (zero_ints, n) in [false, true].into_iter().flat_map(|z| [3usize, 2, 4, 5].map(|n| (z, n))) {
                    let inputs = match synthesize_inputs(&arg_types, n, zero_ints) {
                        Ok(i) => i,
                        Err(e) => return Verdict::Fail(e),
                    };
                    let r = run(&m, &entry, inputs, Limits::default());
                    let ok = r.is_ok();
                    last = Some(r);
                    if ok {
                        break;
                    }
                }
                last.unwrap_or_else(|| run(&m, &entry, vec![], Limits::default()))
            }
        };
        match result {
            Ok(outcome) => match outcome.check_failures.first() {
                None => {
                    if let Some(i) = outcome.results.iter().zip(&result_types).position(|(v, t)| !value_has_type(v, t))
                    {
                        return Verdict::Fail(format!(
                            "result {i} does not have the declared type {}",
                            result_types[i]
                        ));
                    }
                    if file.run.contains("FileCheck %s") && !file.run.contains("--check-prefix") {
                        let out = match printed(&outcome) {
                            Ok(o) => o,
                            Err(e) => {
                                return Verdict::Fail(format!("printing results: {}", first_line(&e.message)));
                            }
                        };
                        if let Err(e) = filecheck(&case.text, &out) {
                            return Verdict::Fail(format!("FileCheck: {e}"));
                        }
                    }
                    Verdict::Pass
                }
                Some(f) => {
                    let (line, col) = location(&source, &LineIndex::new(&source.text), f.span);
                    Verdict::Fail(format!("check failed at {line}:{col}: {}", first_line(&f.message)))
                }
            },
            Err(e) => Verdict::Fail(format!("{} at {}: {}", e.kind.name(), at(&e), first_line(&e.message))),
        }
    }
}

/// The argument and result types of function `name`.
fn signature(m: &Module, name: &str) -> (Vec<Type>, Vec<Type>) {
    match m.lookup_symbol(name).and_then(|f| shardref_spec::schema::Func::of(m.op(f)).function_type().raw()) {
        Some(Attr::Type(Type::Function(args, results))) => (args.clone(), results.clone()),
        _ => (vec![], vec![]),
    }
}

/// The `--args="[...]"` of the first RUN line that runs the interpreter
/// expecting success, parsed as dense element attributes.
pub fn parse_args(run: &str) -> Option<Result<Vec<Value>, String>> {
    let line =
        run.lines().find(|l| l.contains("--args=") && !l.trim_start().starts_with("not ") && !l.contains(": not "))?;
    let rest = &line[line.find("--args=")? + "--args=".len()..];
    let text = match rest.strip_prefix('"') {
        Some(r) => &r[..r.find('"').unwrap_or(r.len())],
        None => rest.split_whitespace().next().unwrap_or(""),
    };
    Some(args_from_text(text))
}

/// Parses `[dense<...> : tensor<...>, ...]` into tensors.
pub fn args_from_text(text: &str) -> Result<Vec<Value>, String> {
    let wrapper = format!("module attributes {{shardref.args = {text}}} {{\n}}\n");
    let m = shardref_spec::parse("--args", &wrapper).map_err(|r| first_line(&r.to_string()).to_string())?;
    let attrs = module_args_attr(&m)
        .ok_or_else(|| "expected an array attribute, i.e. --args=[dense<1> : tensor<2xi32>, ...]".to_string())?;
    let Attr::Array(items) = attrs else {
        return Err("expected an array attribute, i.e. --args=[dense<1> : tensor<2xi32>, ...]".into());
    };
    items
        .iter()
        .map(|a| match a {
            Attr::Dense(d) => {
                Tensor::from_dense(d).map(Value::Tensor).ok_or_else(|| format!("unsupported argument type {}", d.ty))
            }
            _ => Err("expected dense elements attributes, i.e. --args=[dense<1> : tensor<2xi32>, ...]".into()),
        })
        .collect()
}

/// The outermost module's `shardref.args`.
fn module_args_attr(m: &Module) -> Option<Attr> {
    use shardref_spec::schema::Module as View;
    // The wrapper is either the root itself or the only op of an implicit root.
    View::of(m.op(m.root))
        .shardref_args()
        .raw()
        .or_else(|| m.block(m.body()).ops.first().and_then(|&op| View::of(m.op(op)).shardref_args().raw()))
        .cloned()
}

/// SplitMix64: a small fixed-seed generator for synthesized inputs.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Inputs for a function taking `types`: leading rank-0 integer arguments
/// (the dimension variables) are `n`, every `?` dimension is `n`, and tensor
/// data comes from a fixed-seed generator (see the module header); with
/// `zero_ints`, integer tensor data is all zero instead.
pub fn synthesize_inputs(types: &[Type], n: usize, zero_ints: bool) -> Result<Vec<Value>, String> {
    let mut rng = SplitMix(0x5EED_0000_0000_0001);
    let mut leading = true;
    let mut out = Vec::with_capacity(types.len());
    for ty in types {
        let Type::Tensor(tt) = ty else {
            return Err(format!("cannot synthesize an input of type {ty}"));
        };
        let shape: Vec<usize> = match &tt.shape {
            Some(dims) => dims.iter().map(|d| d.map_or(n, |d| d as usize)).collect(),
            None => return Err(format!("cannot synthesize an input of unranked type {ty}")),
        };
        let count: usize = shape.iter().product();
        if count > 1 << 24 {
            return Err(format!("synthesized input of type {ty} would be too large"));
        }
        let is_dim_var = leading && shape.is_empty() && matches!(tt.elem, ElemType::Int { width: 8..=64, .. });
        leading = is_dim_var;
        let buf = if is_dim_var {
            shardref_interp::ops::convert::from_i64s(&tt.elem, &[n as i64])
        } else if zero_ints && matches!(tt.elem, ElemType::Int { .. } | ElemType::Index) {
            shardref_interp::ops::convert::from_i64s(&tt.elem, &vec![0; count])
        } else {
            match &tt.elem {
                ElemType::Int { width: 1, .. } => {
                    let v: Vec<i64> = (0..count).map(|_| (rng.next() % 2) as i64).collect();
                    shardref_interp::ops::convert::from_i64s(&tt.elem, &v)
                }
                ElemType::Int { signedness: shardref_spec::ir::Signedness::Unsigned, .. } => {
                    let v: Vec<i64> = (0..count).map(|_| (rng.next() % 5) as i64).collect();
                    shardref_interp::ops::convert::from_i64s(&tt.elem, &v)
                }
                ElemType::Int { .. } | ElemType::Index | ElemType::Complex(_) => {
                    let v: Vec<i64> = (0..count).map(|_| (rng.next() % 7) as i64 - 2).collect();
                    shardref_interp::ops::convert::from_i64s(&tt.elem, &v)
                }
                ElemType::Float(_) => {
                    let v: Vec<f64> = (0..count).map(|_| ((rng.next() % 25) as f64 - 12.0) / 4.0).collect();
                    shardref_interp::ops::convert::encode_floats(&tt.elem, &v)
                }
                other => return Err(format!("cannot synthesize elements of type {other}")),
            }
        };
        let buf = buf.map_err(|e| e.message)?;
        out.push(Value::Tensor(Tensor::new(shape, tt.elem.clone(), buf)));
    }
    Ok(out)
}

/// The text upstream's `--interpret` prints: each result, then what
/// `interpreter.print` printed.
fn printed(o: &Outcome) -> Result<String, InterpError> {
    let mut out = String::new();
    for v in &o.results {
        out.push_str(&shardref_interp::print::value(v)?);
        out.push('\n');
    }
    for p in &o.printed {
        out.push_str(p);
        out.push('\n');
    }
    Ok(out)
}

/// A FileCheck subset (default prefix `CHECK`): `CHECK:` finds the next line
/// containing the pattern at or after the cursor, `CHECK-NEXT:` must match
/// the line right after the previous match, `CHECK-SAME:` the same line after
/// the previous match, `CHECK-LABEL:` is a `CHECK:`. Patterns are trimmed;
/// `{{LITERAL}}` suffixes and other directives are ignored.
pub fn filecheck(check_text: &str, output: &str) -> Result<(), String> {
    let lines: Vec<&str> = output.lines().collect();
    // (line index, byte offset) just after the previous match.
    let mut cursor: Option<(usize, usize)> = None;
    for raw in check_text.lines() {
        let Some(pos) = raw.find("CHECK") else {
            continue;
        };
        if !raw[..pos].trim_end().ends_with("//") {
            continue;
        }
        let rest = &raw[pos + "CHECK".len()..];
        let (kind, rest) = match rest.find(':') {
            Some(c) => (&rest[..c], &rest[c + 1..]),
            None => continue,
        };
        let kind = kind.strip_suffix("{LITERAL}").unwrap_or(kind);
        let pattern = rest.trim();
        match kind {
            "" | "-LABEL" => {
                let start = cursor.map_or(0, |(l, _)| l + 1);
                let found = (start..lines.len()).find(|&l| lines[l].contains(pattern));
                match found {
                    Some(l) => cursor = Some((l, lines[l].find(pattern).unwrap_or(0) + pattern.len())),
                    None => return Err(format!("no line contains '{pattern}'")),
                }
            }
            "-NEXT" => {
                let l = cursor.map_or(0, |(l, _)| l + 1);
                match lines.get(l) {
                    Some(line) if line.contains(pattern) => {
                        cursor = Some((l, line.find(pattern).unwrap_or(0) + pattern.len()))
                    }
                    Some(line) => {
                        return Err(format!("CHECK-NEXT '{pattern}' does not match '{line}'"));
                    }
                    None => {
                        return Err(format!("CHECK-NEXT '{pattern}' past the end of the output"));
                    }
                }
            }
            "-SAME" => {
                let (l, off) = cursor.unwrap_or((0, 0));
                let line = lines.get(l).copied().unwrap_or("");
                let tail = line.get(off..).unwrap_or("");
                match tail.find(pattern) {
                    Some(p) => cursor = Some((l, off + p + pattern.len())),
                    None => return Err(format!("CHECK-SAME '{pattern}' does not match '{tail}'")),
                }
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filecheck_subset() {
        let out = "tensor<2xi32> {\n  [3, 3]\n}\n";
        assert!(filecheck("// CHECK: tensor<2xi32> {\n// CHECK-NEXT: [3, 3]\n// CHECK-NEXT: }", out).is_ok());
        assert!(filecheck("// CHECK: tensor<2xi32>\n// CHECK-SAME: {\n// CHECK-NEXT: [3, 3]", out).is_ok());
        assert!(filecheck("// CHECK: tensor<2xi32> {\n// CHECK-NEXT: }", out).is_err());
        assert!(filecheck("// CHECK-LABEL: tensor<3xi32>", out).is_err());
        assert!(filecheck("// CHECK-DENSE: dense<[3, 3]>", out).is_ok());
    }

    #[test]
    fn args_parser() {
        let run = "// RUN: stablehlo-translate %s --interpret --args=\"[dense<1> : tensor<2xi32>, dense<[2, 3]> : tensor<2xi32>]\" | FileCheck %s\n// RUN: not stablehlo-translate %s --interpret --args=\"not_array\"";
        let args = parse_args(run).unwrap().unwrap();
        assert_eq!(args.len(), 2);
        assert!(args_from_text("[4.0 : f32]").is_err());
        assert!(args_from_text("not_array").is_err());
        assert!(parse_args("// RUN: stablehlo-translate --interpret %s").is_none());
    }

    #[test]
    fn synthesized_inputs_bind_dimension_variables() {
        let m = shardref_spec::parse("t", "func.func @main(%a: tensor<i64>, %b: tensor<?x4xf32>, %c: tensor<?xi1>) -> tensor<i64> {\n  return %a : tensor<i64>\n}\n").unwrap();
        let (args, _) = signature(&m, "main");
        let v = synthesize_inputs(&args, 3, false).unwrap();
        let shapes: Vec<Vec<usize>> = v.iter().map(|x| x.as_tensor().unwrap().shape.clone()).collect();
        assert_eq!(shapes, vec![vec![], vec![3, 4], vec![3]]);
        assert_eq!(shardref_interp::ops::elementwise::scalar_i64(v[0].as_tensor().unwrap()).unwrap(), 3);
    }
}
