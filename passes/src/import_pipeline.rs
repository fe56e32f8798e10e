//! `sdy-import-pipeline`: the import passes in upstream's order
//! (`addImportPipeline`), with the `dedup-functions-fully` option adding
//! apply-sharding-constraints and sharding-group-import at the end.
//!
//! Invariant: the pipeline is a list of passes; the driver runs and
//! verifies them one by one, as MLIR's pass manager does. The optional
//! explicit-gather-scatter-batching step is off, as the option that enables
//! it is not a pipeline option upstream.

use crate::{Pass, PassKind};

pub fn passes(dedup_functions_fully: bool) -> Vec<Pass> {
    let mut kinds = vec![
        PassKind::SymbolDce,
        PassKind::LiftInlinedMeshes,
        PassKind::RemoveSizeOneAxes,
        PassKind::PropagateShardingFromFuncToCall,
        PassKind::ConstantOrScalarSplitter,
        PassKind::SymbolDce,
        PassKind::ManualAxesCleanup,
        PassKind::AddDataFlowEdges,
    ];
    if dedup_functions_fully {
        kinds.push(PassKind::ApplyShardingConstraints);
        kinds.push(PassKind::ShardingGroupImport);
    }
    kinds.into_iter().map(Pass::new).collect()
}
