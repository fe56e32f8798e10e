//! Interpret mode: each case's entry function runs on the reference
//! interpreter, and every check op in it must hold.
//!
//! The entry is `@main`, or the module's only function (as upstream's
//! `stablehlo-translate --interpret` chooses). A case passes when the run
//! completes, at least one check or a clean run with no checks, and no check
//! fails. Cases that need simulated devices (`interpreter.run_parallel`)
//! are skipped until issue #5 lands; that is the only skip reason.

use std::sync::Arc;

use shardref_interp::eval::{Limits, run};
use shardref_interp::{ErrorKind, InterpError};
use shardref_spec::diag::{LineIndex, location};
use shardref_spec::ir::{Attr, Module};
use shardref_spec::ops::{FuncOp, OpKind, OpName};
use shardref_spec::split::Case;
use shardref_spec::{Source, parse_source};

use crate::{Mode, SuiteFile, Verdict, first_line};

pub struct Interpret;

/// The function upstream would run: `@main`, or the only function.
pub fn entry_function(m: &Module) -> Option<String> {
    let funcs: Vec<String> = m
        .block(m.body())
        .ops
        .iter()
        .filter(|&&op| m.op(op).name == OpName::Known(OpKind::Func(FuncOp::Func)))
        .filter_map(|&op| match m.op(op).attrs.get("sym_name") {
            Some(Attr::Str(s, _)) => Some(String::from_utf8_lossy(s).into_owned()),
            _ => None,
        })
        .collect();
    if funcs.iter().any(|f| f == "main") {
        Some("main".into())
    } else if funcs.len() == 1 {
        funcs.into_iter().next()
    } else {
        None
    }
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
        match run(&m, &entry, vec![], Limits::default()) {
            Ok(outcome) => match outcome.check_failures.first() {
                None => Verdict::Pass,
                Some(f) => {
                    let (line, col) = location(&source, &LineIndex::new(&source.text), f.span);
                    Verdict::Fail(format!("check failed at {line}:{col}: {}", first_line(&f.message)))
                }
            },
            Err(e) if e.kind == ErrorKind::Unsupported && e.message.contains("run_parallel") => {
                Verdict::Skip("interpreter.run_parallel needs simulated devices (issue #5)".into())
            }
            Err(e) => Verdict::Fail(format!("{} at {}: {}", e.kind.name(), at(&e), first_line(&e.message))),
        }
    }
}
