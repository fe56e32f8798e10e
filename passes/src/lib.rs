//! shardref-passes: Shardy's sdy import passes as rewrites of the spec IR
//! (shardy-inventory §4), one module per pass, named as upstream names it.
//!
//! A pass takes a module that verified and rewrites it in place; what it
//! reports (errors and warnings) are `Diagnostic`s located at the ops they
//! concern. A pass that reports an error has failed: as in MLIR, the module
//! may then be partly rewritten and must not be printed. The driver (the
//! CLI's `opt`, the conformance runner) verifies the module after every pass,
//! as `sdy_opt` does; this crate does not depend on the verifier.
//!
//! Invariants: no pass panics on any module, valid or not (missing symbols
//! and malformed attributes are skipped or reported); a pass only reads the
//! module it is given and the explicit `PassState`, which carries upstream's
//! process-wide state (a once-only warning) across the chunks of one
//! `-split-input-file` run.

pub mod callgraph;
pub mod rewrite;

pub mod add_data_flow_edges;
pub mod add_func_data_flow_edges;
pub mod apply_sharding_constraints;
pub mod constant_or_scalar_splitter;
pub mod explicit_gather_scatter_batching;
pub mod flatten_call_graph;
pub mod import_func_calls;
pub mod import_pipeline;
pub mod lift_inlined_meshes;
pub mod manual_axes_cleanup;
pub mod pre_order_funcs;
pub mod propagate_sharding_from_func_to_call;
pub mod remove_size_one_axes;
pub mod sharding_group_import;
pub mod symbol_dce;

use shardref_spec::Diagnostic;
use shardref_spec::diag::Severity;
use shardref_spec::ir::Module;

/// Every pass shardref implements, by upstream's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassKind {
    AddDataFlowEdges,
    ApplyShardingConstraints,
    ConstantOrScalarSplitter,
    LiftInlinedMeshes,
    ManualAxesCleanup,
    ShardingGroupImport,
    AddFuncDataFlowEdges,
    ImportFuncCalls,
    FlattenCallGraph,
    PreOrderFuncs,
    PropagateShardingFromFuncToCall,
    RemoveSizeOneAxes,
    ExplicitGatherScatterBatching,
    SymbolDce,
    ImportPipeline,
}

impl PassKind {
    pub const ALL: [PassKind; 15] = [
        PassKind::AddDataFlowEdges,
        PassKind::ApplyShardingConstraints,
        PassKind::ConstantOrScalarSplitter,
        PassKind::LiftInlinedMeshes,
        PassKind::ManualAxesCleanup,
        PassKind::ShardingGroupImport,
        PassKind::AddFuncDataFlowEdges,
        PassKind::ImportFuncCalls,
        PassKind::FlattenCallGraph,
        PassKind::PreOrderFuncs,
        PassKind::PropagateShardingFromFuncToCall,
        PassKind::RemoveSizeOneAxes,
        PassKind::ExplicitGatherScatterBatching,
        PassKind::SymbolDce,
        PassKind::ImportPipeline,
    ];

    /// The pass's name on an `sdy_opt` command line, without dashes.
    pub fn name(self) -> &'static str {
        match self {
            PassKind::AddDataFlowEdges => "sdy-add-data-flow-edges",
            PassKind::ApplyShardingConstraints => "sdy-apply-sharding-constraints",
            PassKind::ConstantOrScalarSplitter => "sdy-constant-or-scalar-splitter",
            PassKind::LiftInlinedMeshes => "sdy-lift-inlined-meshes",
            PassKind::ManualAxesCleanup => "sdy-manual-axes-cleanup",
            PassKind::ShardingGroupImport => "sdy-sharding-group-import",
            PassKind::AddFuncDataFlowEdges => "sdy-add-func-data-flow-edges",
            PassKind::ImportFuncCalls => "sdy-import-func-calls",
            PassKind::FlattenCallGraph => "sdy-flatten-call-graph",
            PassKind::PreOrderFuncs => "sdy-pre-order-funcs",
            PassKind::PropagateShardingFromFuncToCall => "sdy-propagate-sharding-from-func-to-call",
            PassKind::RemoveSizeOneAxes => "sdy-remove-size-one-axes",
            PassKind::ExplicitGatherScatterBatching => "sdy-explicit-gather-scatter-batching",
            PassKind::SymbolDce => "symbol-dce",
            PassKind::ImportPipeline => "sdy-import-pipeline",
        }
    }

    /// The boolean options the pass takes, with their defaults.
    pub fn options(self) -> &'static [(&'static str, bool)] {
        match self {
            PassKind::ImportFuncCalls => &[("add-data-flow-edges-on-named-computations", true)],
            PassKind::ImportPipeline => &[("dedup-functions-fully", false)],
            PassKind::ApplyShardingConstraints => {
                &[("debug-sharding-origins", false), ("debug-propagation-edge-sharding", false)]
            }
            PassKind::AddDataFlowEdges
            | PassKind::ConstantOrScalarSplitter
            | PassKind::LiftInlinedMeshes
            | PassKind::ManualAxesCleanup
            | PassKind::ShardingGroupImport
            | PassKind::AddFuncDataFlowEdges
            | PassKind::FlattenCallGraph
            | PassKind::PreOrderFuncs
            | PassKind::PropagateShardingFromFuncToCall
            | PassKind::RemoveSizeOneAxes
            | PassKind::ExplicitGatherScatterBatching
            | PassKind::SymbolDce => &[],
        }
    }

    /// Whether running the pass twice gives what running it once does
    /// (upstream's pass is idempotent on every module that verifies).
    pub fn idempotent(self) -> bool {
        match self {
            PassKind::LiftInlinedMeshes
            | PassKind::ManualAxesCleanup
            | PassKind::ShardingGroupImport
            | PassKind::PropagateShardingFromFuncToCall
            | PassKind::RemoveSizeOneAxes
            | PassKind::SymbolDce
            | PassKind::ExplicitGatherScatterBatching
            | PassKind::FlattenCallGraph => true,
            // These add edges or constraints again, or inline calls away.
            // The splitter copies a call of a constant-preserving callee
            // with constant operands (and its callee) on every run; the
            // pre-order of functions that no call connects alternates
            // between runs, as LLVM's traversal starts from module order.
            PassKind::ConstantOrScalarSplitter
            | PassKind::PreOrderFuncs
            | PassKind::AddDataFlowEdges
            | PassKind::ApplyShardingConstraints
            | PassKind::AddFuncDataFlowEdges
            | PassKind::ImportFuncCalls
            | PassKind::ImportPipeline => false,
        }
    }
}

/// A pass with its options: `sdy-import-func-calls='add-data-flow-edges-on-named-computations=false'`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pass {
    pub kind: PassKind,
    /// Every option of the pass, with its value (defaults filled in).
    pub options: Vec<(&'static str, bool)>,
}

impl Pass {
    pub fn new(kind: PassKind) -> Pass {
        Pass { kind, options: kind.options().to_vec() }
    }

    /// The value of a boolean option.
    pub fn option(&self, name: &str) -> bool {
        self.options.iter().find(|(n, _)| *n == name).is_some_and(|(_, v)| *v)
    }

    /// Parses `NAME`, `NAME=OPTIONS` or `NAME{OPTIONS}` (dashes and quotes
    /// allowed), where OPTIONS is `key=value` pairs separated by spaces.
    pub fn parse(spec: &str) -> Result<Pass, String> {
        let s = spec.trim().trim_start_matches('-');
        let (name, opts) = match s.find(['=', '{']) {
            Some(i) => (&s[..i], Some(&s[i + 1..])),
            None => (s, None),
        };
        let kind =
            PassKind::ALL.into_iter().find(|k| k.name() == name).ok_or_else(|| format!("unknown pass '{name}'"))?;
        let mut pass = Pass::new(kind);
        if let Some(opts) = opts {
            let opts = opts.trim_end_matches('}').trim_matches(|c| c == '\'' || c == '"');
            for kv in opts.split_whitespace() {
                let (k, v) = kv.split_once('=').unwrap_or((kv, "true"));
                let v = match v {
                    "true" | "1" => true,
                    "false" | "0" => false,
                    _ => return Err(format!("option '{k}' of pass '{name}': '{v}' is not a boolean")),
                };
                match pass.options.iter_mut().find(|(n, _)| *n == k) {
                    Some(slot) => slot.1 = v,
                    None => return Err(format!("pass '{name}' has no option '{k}'")),
                }
            }
        }
        Ok(pass)
    }

    /// The passes this one runs, in order: a pipeline expands into its
    /// passes (the driver verifies after each, as MLIR's pass manager does).
    pub fn expand(&self) -> Vec<Pass> {
        match self.kind {
            PassKind::ImportPipeline => import_pipeline::passes(self.option("dedup-functions-fully")),
            _ => vec![self.clone()],
        }
    }
}

/// State upstream keeps for the life of the process, across the chunks of
/// a `-split-input-file` run: `emitOpWarningOnce`'s static once flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassState {
    /// `sdy-import-func-calls` has warned about a callee with several calls.
    pub warned_multiple_calls: bool,
}

/// What a pass reported; it failed when any diagnostic is an error.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub diagnostics: Vec<Diagnostic>,
}

impl Outcome {
    pub fn failed(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == Severity::Error)
    }
}

/// Runs one (expanded) pass on `m`.
pub fn run_pass(m: &mut Module, pass: &Pass, state: &mut PassState) -> Outcome {
    let diagnostics = match pass.kind {
        PassKind::AddDataFlowEdges => {
            add_data_flow_edges::run(m);
            vec![]
        }
        PassKind::ApplyShardingConstraints => {
            apply_sharding_constraints::run(m);
            vec![]
        }
        PassKind::ConstantOrScalarSplitter => constant_or_scalar_splitter::run(m),
        PassKind::LiftInlinedMeshes => {
            lift_inlined_meshes::run(m);
            vec![]
        }
        PassKind::ManualAxesCleanup => manual_axes_cleanup::run(m),
        PassKind::ShardingGroupImport => sharding_group_import::run(m),
        PassKind::AddFuncDataFlowEdges => add_func_data_flow_edges::run(m),
        PassKind::ImportFuncCalls => {
            import_func_calls::run(m, pass.option("add-data-flow-edges-on-named-computations"), state)
        }
        PassKind::FlattenCallGraph => flatten_call_graph::run(m),
        PassKind::PreOrderFuncs => {
            pre_order_funcs::run(m);
            vec![]
        }
        PassKind::PropagateShardingFromFuncToCall => propagate_sharding_from_func_to_call::run(m),
        PassKind::RemoveSizeOneAxes => {
            remove_size_one_axes::run(m);
            vec![]
        }
        PassKind::ExplicitGatherScatterBatching => {
            explicit_gather_scatter_batching::run(m);
            vec![]
        }
        PassKind::SymbolDce => {
            symbol_dce::run(m);
            vec![]
        }
        PassKind::ImportPipeline => {
            let mut out = vec![];
            for p in pass.expand() {
                let o = run_pass(m, &p, state);
                let failed = o.failed();
                out.extend(o.diagnostics);
                if failed {
                    break;
                }
            }
            out
        }
    };
    Outcome { diagnostics }
}

/// The category of a pass's errors that no rule of the verifier's table
/// states (a callee that cannot be found or cloned).
pub const PASS_ERROR: &str = "pass_error";

/// An error located at `op` (MLIR's `emitError`: no op-name prefix), with
/// its rule label or category `code`.
pub fn error_at(m: &Module, op: shardref_spec::ir::OpId, code: &'static str, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(m.op(op).span, msg).with_code(code)
}

/// A warning located at `op` (MLIR's `emitWarning`), with its rule label `code`.
pub fn warning_at(m: &Module, op: shardref_spec::ir::OpId, code: &'static str, msg: impl Into<String>) -> Diagnostic {
    let mut d = Diagnostic::error(m.op(op).span, msg).with_code(code);
    d.severity = Severity::Warning;
    d
}
