//! A finding's folder: the minimized program (`program.mlir`), its inputs
//! (`input_<i>.npy`), each engine's outcome (`<engine>/output_<i>.npy`, or
//! `<engine>/message.txt`), and `README.md` with the first differing element,
//! the devices that hold it, and a one-paragraph explanation.

use std::path::Path;

use shardref_interp::npy::write_npy;
use shardref_spec::ops::OpName;
use shardref_spec::ops::{BuiltinOp, FuncOp, OpKind, SdyOp, StablehloOp};

use super::compare::{Disagreement, Kind};
use crate::engines::{Outcome, Program, parse};

/// Everything written about one finding.
pub struct Finding {
    pub seed: u64,
    pub command: String,
    pub signature: String,
    pub disagreement: Disagreement,
    /// The minimized program with its inputs.
    pub program: Program,
    pub engines: Vec<String>,
    pub outcomes: Vec<Outcome>,
    pub ops_before: usize,
    /// Predicate calls the minimization took.
    pub calls: usize,
}

/// Whether an op counts as an op of the program (not structure: module,
/// functions, terminators, the mesh).
fn counts(name: &OpName) -> bool {
    !matches!(
        name,
        OpName::Known(
            OpKind::Builtin(BuiltinOp::Module)
                | OpKind::Func(FuncOp::Func | FuncOp::Return)
                | OpKind::Stablehlo(StablehloOp::Return)
                | OpKind::Sdy(SdyOp::Mesh | SdyOp::Return)
        )
    )
}

/// The number of ops of a program (0 when it does not parse).
pub fn count_ops(text: &str) -> usize {
    match parse("program.mlir", text) {
        Ok(m) => m.walk().into_iter().filter(|&op| counts(&m.op(op).name)).count(),
        Err(_) => 0,
    }
}

/// The distinct kinds of ops of a program, sorted, without constants.
pub fn op_kinds(text: &str) -> Vec<String> {
    let Ok(m) = parse("program.mlir", text) else { return vec![] };
    let mut kinds: Vec<String> = m
        .walk()
        .into_iter()
        .map(|op| &m.op(op).name)
        .filter(|n| counts(n) && !matches!(n, OpName::Known(OpKind::Stablehlo(StablehloOp::Constant))))
        .map(|n| n.as_str().rsplit('.').next().unwrap_or("").to_string())
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

/// `differ-xla-reduce-s42`: kind, engine, the first few op kinds, the seed.
pub fn folder_name(d: &Disagreement, text: &str, seed: u64) -> String {
    let kinds = op_kinds(text);
    let mut name = format!("{}-{}", d.kind.name(), d.other);
    for k in kinds.iter().take(3) {
        name.push('-');
        name.push_str(&k.replace('_', "-"));
    }
    format!("{name}-s{seed}")
}

fn devices(ds: &[i64]) -> String {
    if ds.is_empty() {
        "(not known: a global engine)".to_string()
    } else {
        ds.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
    }
}

impl Finding {
    /// Writes the folder (created when missing).
    pub fn write(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let d = &self.disagreement;
        let ops = count_ops(&self.program.text);
        let header = format!(
            "// Found by `{}` (seed {}), minimized from {} to {} ops.\n// {}: {}\n// Signature: {}\n\n",
            self.command,
            self.seed,
            self.ops_before,
            ops,
            d.kind.name(),
            d.summary,
            self.signature
        );
        std::fs::write(dir.join("program.mlir"), format!("{header}{}", self.program.text))?;
        for (i, t) in self.program.inputs.iter().enumerate() {
            std::fs::write(dir.join(format!("input_{i}.npy")), write_npy(t))?;
        }
        for (name, o) in self.engines.iter().zip(&self.outcomes) {
            let sub = dir.join(name);
            std::fs::create_dir_all(&sub)?;
            match o {
                Outcome::Ran(outs) => {
                    for (i, out) in outs.iter().enumerate() {
                        std::fs::write(sub.join(format!("output_{i}.npy")), write_npy(&out.value))?;
                    }
                }
                other => {
                    std::fs::write(
                        sub.join("message.txt"),
                        format!("{}: {}\n", other.kind(), other.message().unwrap_or("")),
                    )?;
                }
            }
        }
        std::fs::write(dir.join("README.md"), self.readme(ops))
    }

    fn readme(&self, ops: usize) -> String {
        let d = &self.disagreement;
        let kinds = op_kinds(&self.program.text).join(", ");
        let mut s = format!("# {}\n\n", self.signature);
        let what = match d.kind {
            Kind::Differ => {
                format!("the engines `{}` and `{}` both run the program but their results differ", d.reference, d.other)
            }
            Kind::Crash => format!("the engine `{}` crashes on the program", d.other),
            Kind::Reject => format!("the engine `{}` rejects a program that `{}` runs", d.other, d.reference),
        };
        s.push_str(&format!(
            "Generated from seed {} by `{}` and minimized over the generator's choices ({} candidate programs \
             judged) from {} to {} ops ({kinds}): {what} ({}). The inputs are `input_<i>.npy` (equiv's seeded draws, \
             exact in every float type), each engine's results or message are in its folder, and the program is \
             `program.mlir`; rerun it with `shardref difftest --engines {} --program program.mlir`. Whose bug it \
             is (shardref, Shardy, XLA or a version difference) is judged in the README's table of findings.\n\n",
            self.seed,
            self.command,
            self.calls,
            self.ops_before,
            ops,
            d.summary,
            self.engines.join(","),
        ));
        if let Some(e) = &d.element {
            s.push_str(&format!(
                "First differing element: result {}, index {:?}.\n\n| engine | value | devices holding it |\n|---|---|---|\n| {} | {} | {} |\n| {} | {} | {} |\n",
                e.result,
                e.index,
                d.reference,
                e.reference,
                devices(&e.reference_devices),
                d.other,
                e.other,
                devices(&e.other_devices)
            ));
        }
        s
    }
}
