//! Runs every HLO module of `tests/hlo/*.hlo` and checks its results against the directives written
//! in its comments:
//!
//! - `// input: SHAPE = LITERAL`: the next entry parameter, on every device;
//!   `// input[d]: SHAPE = LITERAL`: the next parameter of device d only.
//! - `// expect: SHAPE = LITERAL`: the root's value on every device (bit-exact);
//!   `// expect[d]: SHAPE = LITERAL`: on device d.
//! - `// error: TEXT`: the run fails with a message containing TEXT (and, with `// error-line: N`,
//!   located at line N of the file).
//!
//! Literals are XLA's literal syntax, read by evaluating `constant(LITERAL)` of that shape, so
//! inputs and expectations go through the same parser as the module. Devices are numbered
//! `replica * num_partitions + partition`, as `shardref_interp::hlo::run_devices` lists them.

use std::collections::BTreeMap;
use std::path::Path;

use shardref_interp::hlo;
use shardref_interp::{Limits, Value};

/// The value of `SHAPE = LITERAL`.
fn literal(text: &str) -> Value {
    let (shape, lit) = text.split_once('=').unwrap_or_else(|| panic!("directive without '=': {text}"));
    let src = format!("HloModule lit\n\nENTRY e {{\n  ROOT c = {} constant({})\n}}\n", shape.trim(), lit.trim());
    let m = shardref_spec::hlo::parse("literal", &src).unwrap_or_else(|e| panic!("bad literal {text}: {e:?}"));
    hlo::run(&m, vec![], Limits::default()).unwrap_or_else(|e| panic!("bad literal {text}: {e}"))
}

/// `name` or `name[d]` → (name, device); `None` for comment text that is no directive.
fn directive(key: &str) -> Option<(&str, Option<usize>)> {
    match key.split_once('[') {
        Some((k, rest)) => Some((k, Some(rest.strip_suffix(']')?.parse().ok()?))),
        None => Some((key, None)),
    }
}

#[derive(Default)]
struct Case {
    inputs_all: Vec<Value>,
    inputs_dev: BTreeMap<usize, Vec<Value>>,
    expect_all: Option<Value>,
    expect_dev: BTreeMap<usize, Value>,
    error: Option<String>,
    error_line: Option<usize>,
}

fn read_case(text: &str) -> Case {
    let mut c = Case::default();
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("//") else { continue };
        let Some((key, value)) = rest.trim().split_once(':') else { continue };
        let Some((name, dev)) = directive(key.trim()) else { continue };
        match (name, dev) {
            ("input", None) => c.inputs_all.push(literal(value)),
            ("input", Some(d)) => c.inputs_dev.entry(d).or_default().push(literal(value)),
            ("expect", None) => c.expect_all = Some(literal(value)),
            ("expect", Some(d)) => {
                c.expect_dev.insert(d, literal(value));
            }
            ("error", None) => c.error = Some(value.trim().to_string()),
            ("error-line", None) => c.error_line = Some(value.trim().parse().expect("line number")),
            _ => {}
        }
    }
    c
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn run_file(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let case = read_case(&text);
    let m = shardref_spec::hlo::parse(&path.display().to_string(), &text).map_err(|e| format!("parse: {e:?}"))?;
    let (r, p) = hlo::module_grid(&m).map_err(|e| e.to_string())?;
    let n = (r * p) as usize;
    let inputs: Vec<Vec<Value>> = (0..n)
        .map(|d| {
            let mut v = case.inputs_all.clone();
            v.extend(case.inputs_dev.get(&d).cloned().unwrap_or_default());
            v
        })
        .collect();
    let result = hlo::run_devices(&m, inputs, Limits::default());
    match (&case.error, result) {
        (Some(want), Err(e)) => {
            if !e.message.contains(want.as_str()) {
                return Err(format!("error {:?} does not contain {want:?}", e.message));
            }
            if let Some(l) = case.error_line {
                let got = line_of(&text, e.span.start as usize);
                if e.span.is_none() || got != l {
                    return Err(format!("error {:?} is at line {got}, expected line {l}", e.message));
                }
            }
            Ok(())
        }
        (Some(want), Ok(_)) => Err(format!("expected an error containing {want:?}, but the run succeeded")),
        (None, Err(e)) => {
            Err(format!("run failed: {e} at {:?} (line {})", e.span, line_of(&text, e.span.start as usize)))
        }
        (None, Ok(outs)) => {
            if case.expect_all.is_none() && case.expect_dev.is_empty() {
                return Err("no expect directive".into());
            }
            for (d, out) in outs.iter().enumerate() {
                let want = case.expect_dev.get(&d).or(case.expect_all.as_ref());
                if let Some(want) = want
                    && !same_bits(want, out)
                {
                    return Err(format!("device {d}: got {out:?}, expected {want:?}"));
                }
            }
            Ok(())
        }
    }
}

/// Whether two values are equal bit for bit (NaNs with their sign and payload), through their
/// `.npy` bytes.
fn same_bits(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Tensor(x), Value::Tensor(y)) => {
            shardref_interp::npy::write_npy(x) == shardref_interp::npy::write_npy(y)
        }
        (Value::Tuple(xs), Value::Tuple(ys)) => xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_bits(x, y)),
        _ => a == b,
    }
}

#[test]
fn hlo_execution_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hlo");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/hlo")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "hlo"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "expected the HLO execution tests in {}", dir.display());
    let failures: Vec<String> =
        files.iter().filter_map(|f| run_file(f).err().map(|e| format!("{}: {e}", f.display()))).collect();
    assert!(failures.is_empty(), "{} of {} files failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}
