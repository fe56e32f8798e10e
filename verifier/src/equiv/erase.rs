//! The unpartitioned twin of a partitioned function: the same function with
//! its shardings and collectives erased, as a module transformation.
//!
//! Why erasing is the right reading. A global-view sdy program describes
//! global tensors; a sharding only says where the pieces of a global value
//! live, and an sdy collective only moves pieces between devices. In the
//! global view every sdy collective is therefore the identity on its
//! operand's global value (each op's own definition, shardy-inventory §2.2):
//! - `sdy.all_gather`, `sdy.all_slice`, `sdy.all_to_all`,
//!   `sdy.collective_permute`: change which device holds which block of the
//!   same global tensor; the identity.
//! - `sdy.all_reduce`, `sdy.reduce_scatter`: the operand is unreduced
//!   (partial) along the reduction axes, that is, its global value is already
//!   the reduction of the devices' partial values; reducing the partials
//!   materializes that global value on every device (or on the devices
//!   holding each block). The identity on global values. A partitioned program
//!   that all-reduces a value that was *not* partial (a replicated value
//!   reduced N times over) computes something else than this twin, which is
//!   exactly the kind of bug `equiv` exists to report.
//! - `sdy.sharded_to_unreduced`, `sdy.replicated_to_unreduced`: turn held
//!   blocks into partial values whose reduction is the same global tensor
//!   (the other devices contribute the reduction's identity); the identity.
//! - `sdy.sharding_constraint`, `sdy.reshard`, `sdy.propagation_barrier`,
//!   `sdy.data_flow_edge`, `sdy.func_data_flow_edge`: the identity by their
//!   definitions; `sdy.sharding_group` has no result and is dropped.
//! - `sdy.constant` is `stablehlo.constant` with a sharding attached.
//! - `sdy.named_computation` is a call of its body on its operands; it is
//!   inlined (its body's own sdy ops are erased in turn).
//! - `sdy.manual_computation` has no global reading to erase to: its body
//!   sees local shapes and its StableHLO collectives address devices. Erasing
//!   is refused for it with an error naming the op; give the twin explicitly.
//!
//! The `sdy.sharding` attributes of ops and function arguments/results are
//! removed as well; the interpreter ignores them, but printing the twin then
//! shows what upstream's `sdy-drop-sharding-and-mesh` leaves.
//!
//! The function is cloned under a new name in the same module (so both twins
//! can be run from one module), then erased in place.

use std::collections::HashMap;

use shardref_spec::ir::{Attr, BlockId, Module, OpId, RegionId, Span, ValueId};
use shardref_spec::ops::{FuncOp, OpKind, OpName, SdyOp, StablehloOp};

/// Why a function could not be erased: a message, at an op.
#[derive(Clone, Debug, PartialEq)]
pub struct EraseError {
    pub span: Span,
    pub message: String,
}

/// The top-level `func.func` named `name`.
pub fn find_func(m: &Module, name: &str) -> Option<OpId> {
    m.lookup_symbol(name).filter(|&f| m.op(f).name == OpName::Known(OpKind::Func(FuncOp::Func)))
}

/// Names of the top-level functions, in module order.
pub fn func_names(m: &Module) -> Vec<String> {
    functions(m).into_iter().map(|(n, _)| n).collect()
}

/// The top-level `func.func` ops with their names, in module order.
pub fn functions(m: &Module) -> Vec<(String, OpId)> {
    m.block(m.body())
        .ops
        .iter()
        .filter(|&&op| m.op(op).name == OpName::Known(OpKind::Func(FuncOp::Func)))
        .filter_map(|&op| {
            let name = crate::attrs::Func::of(m.op(op)).sym_name().raw().and_then(Attr::as_str)?;
            Some((String::from_utf8_lossy(name).into_owned(), op))
        })
        .collect()
}

/// Why `choose_entry` found no function to run.
#[derive(Clone, Debug, PartialEq)]
pub enum NoEntry {
    /// The function named is not in the module, which has `have`.
    Missing { name: String, have: Vec<String> },
    /// The module has no function.
    Empty,
    /// No `@main` and several functions (`have`).
    Ambiguous { have: Vec<String> },
}

impl NoEntry {
    /// The message, `how_to_choose` naming the caller's way to name a function (`--entry`,
    /// `entry=`).
    pub fn message(&self, how_to_choose: &str) -> String {
        let list = |have: &[String]| have.iter().map(|n| format!("@{n}")).collect::<Vec<_>>().join(", ");
        match self {
            NoEntry::Missing { name, have } => format!("no function @{name} in the module (it has {})", list(have)),
            NoEntry::Empty => "the module has no function to run".into(),
            NoEntry::Ambiguous { have } => {
                format!(
                    "the module has no @main and several functions ({}); choose one with {how_to_choose}",
                    list(have)
                )
            }
        }
    }
}

/// The function to run, as the command line and the Python package choose it: the one `named`,
/// else `@main`, else the module's only function.
pub fn choose_entry(m: &Module, named: Option<&str>) -> Result<(String, OpId), NoEntry> {
    let funcs = functions(m);
    let have = || funcs.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    if let Some(name) = named {
        return funcs
            .iter()
            .find(|(n, _)| n == name)
            .cloned()
            .ok_or_else(|| NoEntry::Missing { name: name.to_string(), have: have() });
    }
    if let Some(main) = funcs.iter().find(|(n, _)| n == "main") {
        return Ok(main.clone());
    }
    match funcs.as_slice() {
        [only] => Ok(only.clone()),
        [] => Err(NoEntry::Empty),
        _ => Err(NoEntry::Ambiguous { have: have() }),
    }
}

/// Deep-copies `func` as a new top-level function `new_name`, placed right
/// after it. Values, blocks and regions are fresh; spans are kept, so
/// errors in the copy point at the original's source.
pub fn clone_func(m: &mut Module, func: OpId, new_name: &str) -> OpId {
    let mut values: HashMap<ValueId, ValueId> = HashMap::new();
    let copy = clone_op(m, func, &mut values);
    m.op_mut(copy).attrs.insert(crate::attrs::keys::SYM_NAME, Attr::Str(new_name.as_bytes().to_vec(), None));
    // Operands are remapped after the whole body exists (uses never precede
    // definitions in a function, but remapping once at the end is simpler).
    let mut stack = vec![copy];
    while let Some(op) = stack.pop() {
        let o = m.op_mut(op);
        for v in o.operands.iter_mut() {
            if let Some(&n) = values.get(v) {
                *v = n;
            }
        }
        for s in o.successors.iter_mut() {
            for v in s.args.iter_mut() {
                if let Some(&n) = values.get(v) {
                    *v = n;
                }
            }
        }
        for &r in &m.op(op).regions.clone() {
            for &b in &m.region(r).blocks.clone() {
                stack.extend(m.block(b).ops.iter().copied());
            }
        }
    }
    let body = m.body();
    let pos = m.block(body).ops.iter().position(|&o| o == func).map_or(m.block(body).ops.len(), |p| p + 1);
    m.ops[copy.index()].parent = Some(body);
    m.blocks[body.index()].ops.insert(pos, copy);
    copy
}

/// Copies one op with its regions; records old → new values in `values`.
fn clone_op(m: &mut Module, op: OpId, values: &mut HashMap<ValueId, ValueId>) -> OpId {
    let o = m.op(op).clone();
    let copy = m.add_op(o.name.clone(), o.span);
    {
        let c = m.op_mut(copy);
        c.operands = o.operands.clone();
        c.attrs = o.attrs.clone();
        c.loc = o.loc.clone();
    }
    for &v in &o.results {
        let (ty, span) = (m.value(v).ty.clone(), m.value(v).span);
        let n = m.add_result(copy, ty, span);
        values.insert(v, n);
    }
    let mut block_map: HashMap<BlockId, BlockId> = HashMap::new();
    let mut pending_successors = vec![];
    for &r in &o.regions {
        let nr = m.add_region(copy);
        for &b in &m.region(r).blocks.clone() {
            let nb = m.add_block(nr, m.block(b).span);
            block_map.insert(b, nb);
            for &a in &m.block(b).args.clone() {
                let (ty, span) = (m.value(a).ty.clone(), m.value(a).span);
                let na = m.add_block_arg(nb, ty, span);
                values.insert(a, na);
            }
        }
        for &b in &m.region(r).blocks.clone() {
            let nb = block_map[&b];
            for &inner in &m.block(b).ops.clone() {
                let ni = clone_op(m, inner, values);
                m.append_op(nb, ni);
                if !m.op(ni).successors.is_empty() {
                    pending_successors.push(ni);
                }
            }
        }
    }
    for op in pending_successors {
        for s in m.op_mut(op).successors.iter_mut() {
            if let Some(&nb) = block_map.get(&s.block) {
                s.block = nb;
            }
        }
    }
    copy
}

/// Clones `func` as `new_name` and erases its shardings and collectives (see
/// the module header). Returns the new function.
pub fn erased_twin(m: &mut Module, func: &str, new_name: &str) -> Result<OpId, EraseError> {
    let f = find_func(m, func)
        .ok_or_else(|| EraseError { span: Span::NONE, message: format!("no function @{func} in the module") })?;
    if find_func(m, new_name).is_some() {
        return Err(EraseError {
            span: m.op(f).span,
            message: format!(
                "cannot create the erased twin @{new_name}: the module already has a function of that name"
            ),
        });
    }
    let copy = clone_func(m, f, new_name);
    if let Err(e) = erase_in_place(m, copy) {
        // Leave the module as it was: detach the half-erased copy.
        let body = m.body();
        m.blocks[body.index()].ops.retain(|&o| o != copy);
        return Err(e);
    }
    Ok(copy)
}

/// What erasing does with one op.
enum Action {
    Keep,
    /// Forward operand i to result i for every result, then drop the op.
    Forward,
    Drop,
    /// `sdy.constant` becomes `stablehlo.constant`.
    ToConstant,
    Inline,
    Refuse,
}

fn action(name: &OpName) -> Action {
    let OpName::Known(OpKind::Sdy(k)) = name else { return Action::Keep };
    match k {
        SdyOp::AllGather
        | SdyOp::AllSlice
        | SdyOp::AllToAll
        | SdyOp::CollectivePermute
        | SdyOp::AllReduce
        | SdyOp::ReduceScatter
        | SdyOp::ShardedToUnreduced
        | SdyOp::ReplicatedToUnreduced
        | SdyOp::ShardingConstraint
        | SdyOp::Reshard
        | SdyOp::PropagationBarrier
        | SdyOp::DataFlowEdge
        | SdyOp::FuncDataFlowEdge => Action::Forward,
        SdyOp::ShardingGroup => Action::Drop,
        SdyOp::Constant => Action::ToConstant,
        SdyOp::NamedComputation => Action::Inline,
        SdyOp::ManualComputation => Action::Refuse,
        // `sdy.return` ends regions that are inlined; `sdy.mesh` lives at module level.
        SdyOp::Return | SdyOp::Mesh => Action::Keep,
    }
}

/// Erases shardings and collectives of the function `func` in place.
pub fn erase_in_place(m: &mut Module, func: OpId) -> Result<(), EraseError> {
    strip_func_shardings(m, func);
    let mut forward: HashMap<ValueId, ValueId> = HashMap::new();
    let regions = m.op(func).regions.clone();
    for r in regions {
        erase_region(m, r, &mut forward)?;
    }
    // Rewrite every use through the forwarding map (chains resolve to their root).
    let resolve = |mut v: ValueId| {
        let mut steps = 0;
        while let Some(&n) = forward.get(&v) {
            v = n;
            steps += 1;
            if steps > forward.len() {
                break;
            }
        }
        v
    };
    let mut stack = vec![func];
    while let Some(op) = stack.pop() {
        let o = m.op_mut(op);
        for v in o.operands.iter_mut() {
            *v = resolve(*v);
        }
        for s in o.successors.iter_mut() {
            for v in s.args.iter_mut() {
                *v = resolve(*v);
            }
        }
        for &r in &m.op(op).regions.clone() {
            for &b in &m.region(r).blocks.clone() {
                stack.extend(m.block(b).ops.iter().copied());
            }
        }
    }
    Ok(())
}

fn strip_func_shardings(m: &mut Module, func: OpId) {
    for key in [crate::attrs::keys::ARG_ATTRS, crate::attrs::keys::RES_ATTRS] {
        let field = crate::attrs::Field::<crate::attrs::kind::Array>::new(m.op(func), key);
        let Some(dicts) = field.get().map(<[Attr]>::to_vec) else { continue };
        let dicts: Vec<Attr> = dicts
            .into_iter()
            .map(|d| match d {
                Attr::Dict(mut d) => {
                    d.remove(crate::attrs::keys::SDY_SHARDING);
                    Attr::Dict(d)
                }
                other => other,
            })
            .collect();
        if dicts.iter().all(|d| matches!(d, Attr::Dict(d) if d.is_empty())) {
            m.op_mut(func).attrs.remove(key);
        } else {
            m.op_mut(func).attrs.insert(key, Attr::Array(dicts));
        }
    }
}

fn erase_region(m: &mut Module, r: RegionId, forward: &mut HashMap<ValueId, ValueId>) -> Result<(), EraseError> {
    for b in m.region(r).blocks.clone() {
        erase_block(m, b, forward)?;
    }
    Ok(())
}

fn erase_block(m: &mut Module, b: BlockId, forward: &mut HashMap<ValueId, ValueId>) -> Result<(), EraseError> {
    let mut out: Vec<OpId> = Vec::with_capacity(m.block(b).ops.len());
    for op in m.block(b).ops.clone() {
        m.op_mut(op).attrs.remove(crate::attrs::keys::SDY_SHARDING);
        match action(&m.op(op).name) {
            Action::Keep => {
                for r in m.op(op).regions.clone() {
                    erase_region(m, r, forward)?;
                }
                out.push(op);
            }
            Action::Forward => {
                let o = m.op(op);
                if o.operands.len() != o.results.len() {
                    return Err(EraseError {
                        span: o.span,
                        message: format!(
                            "'{}' has {} operands and {} results; cannot forward them",
                            o.name.as_str(),
                            o.operands.len(),
                            o.results.len()
                        ),
                    });
                }
                for (&res, &arg) in o.results.iter().zip(&o.operands) {
                    forward.insert(res, arg);
                }
            }
            Action::Drop => {}
            Action::ToConstant => {
                let o = m.op_mut(op);
                o.name = OpName::Known(OpKind::Stablehlo(StablehloOp::Constant));
                out.push(op);
            }
            Action::Inline => {
                let o = m.op(op).clone();
                let [body] = o.regions.as_slice() else {
                    return Err(EraseError {
                        span: o.span,
                        message: "sdy.named_computation without one region".into(),
                    });
                };
                let [inner] = m.region(*body).blocks.clone()[..] else {
                    return Err(EraseError {
                        span: o.span,
                        message: "sdy.named_computation whose body is not one block".into(),
                    });
                };
                let args = m.block(inner).args.clone();
                if args.len() != o.operands.len() {
                    return Err(EraseError {
                        span: o.span,
                        message: "sdy.named_computation: block arguments do not match operands".into(),
                    });
                }
                for (&a, &v) in args.iter().zip(&o.operands) {
                    forward.insert(a, v);
                }
                erase_block(m, inner, forward)?;
                let inner_ops = m.block(inner).ops.clone();
                let Some((&term, rest)) = inner_ops.split_last() else {
                    return Err(EraseError {
                        span: o.span,
                        message: "sdy.named_computation without a terminator".into(),
                    });
                };
                let returned = m.op(term).operands.clone();
                if returned.len() != o.results.len() {
                    return Err(EraseError {
                        span: m.op(term).span,
                        message: "sdy.return does not match the named computation's results".into(),
                    });
                }
                for (&res, &v) in o.results.iter().zip(&returned) {
                    forward.insert(res, v);
                }
                for &i in rest {
                    m.op_mut(i).parent = Some(b);
                    out.push(i);
                }
            }
            Action::Refuse => {
                return Err(EraseError {
                    span: m.op(op).span,
                    message: format!(
                        "'{}' has no global-view reading to erase to (its body sees local shapes); \
                         give the unpartitioned twin with --sequential",
                        m.op(op).name.as_str()
                    ),
                });
            }
        }
    }
    m.blocks[b.index()].ops = out;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardref_spec::print::{PrintOptions, print_module};

    fn twin_text(text: &str, func: &str) -> Result<String, EraseError> {
        let mut m = shardref_spec::parse("t.mlir", text).unwrap();
        let twin = erased_twin(&mut m, func, "twin")?;
        let printed = print_module(&m, PrintOptions::default());
        let start = printed.find("func.func @twin").unwrap();
        assert!(crate::attrs::Func::of(m.op(twin)).sym_name().raw().is_some());
        Ok(printed[start..].to_string())
    }

    #[test]
    fn collectives_and_shardings_are_erased_and_the_original_is_kept() {
        let text = r#"
sdy.mesh @m = <["x"=2, "y"=2]>
func.func @f(%a: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@m, [{"x"}, {"y"}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@m, [{}, {}]>}) {
  %0 = sdy.all_gather [{}, {"y"}] %a out_sharding=<@m, [{"x"}, {}]> : tensor<4x4xf32>
  %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@m, [{"x"}, {}]>]>} : tensor<4x4xf32>
  %2 = sdy.all_gather [{"x"}, {}] %1 out_sharding=<@m, [{}, {}]> : tensor<4x4xf32>
  %3 = sdy.reshard %2 <@m, [{}, {}]> : tensor<4x4xf32>
  return %3 : tensor<4x4xf32>
}
"#;
        let twin = twin_text(text, "f").unwrap();
        assert!(!twin.contains("sdy."), "{twin}");
        assert!(twin.contains("stablehlo.negate %arg0"), "{twin}");
        assert!(twin.contains("return %0"), "{twin}");
        // The original keeps its collectives.
        let m = shardref_spec::parse("t.mlir", text).unwrap();
        let mut m2 = m.clone();
        erased_twin(&mut m2, "f", "twin").unwrap();
        let f = find_func(&m2, "f").unwrap();
        let body = m2.region(m2.op(f).regions[0]).blocks[0];
        assert_eq!(m2.block(body).ops.len(), 5);
    }

    #[test]
    fn named_computations_are_inlined_and_constants_become_stablehlo() {
        let text = r#"
sdy.mesh @m = <["x"=2]>
func.func @f(%a: tensor<4xi32>) -> tensor<4xi32> {
  %c = sdy.constant dense<1> : tensor<4xi32>
  %0 = sdy.named_computation<"inc">(%a, %c) (%x: tensor<4xi32>, %y: tensor<4xi32>) {
    %1 = stablehlo.add %x, %y : tensor<4xi32>
    sdy.return %1 : tensor<4xi32>
  } : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
"#;
        let twin = twin_text(text, "f").unwrap();
        assert!(!twin.contains("sdy."), "{twin}");
        let mut m = shardref_spec::parse("t.mlir", text).unwrap();
        erased_twin(&mut m, "f", "twin").unwrap();
        let t = shardref_interp::Tensor::new(
            vec![4],
            shardref_spec::ir::ElemType::I32,
            shardref_interp::Buffer::I32(vec![1, 2, 3, 4].into()),
        );
        let out = shardref_interp::run(&m, "twin", vec![shardref_interp::Value::Tensor(t)], Default::default())
            .unwrap()
            .results;
        let shardref_interp::Value::Tensor(r) = &out[0] else { panic!() };
        assert_eq!(r.buf, shardref_interp::Buffer::I32(vec![2, 3, 4, 5].into()));
    }

    #[test]
    fn manual_computations_are_refused_at_the_op() {
        let text = r#"
sdy.mesh @m = <["x"=2]>
func.func @f(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = sdy.manual_computation(%a) in_shardings=[<@m, [{"x"}]>] out_shardings=[<@m, [{"x"}]>] manual_axes={"x"} (%l: tensor<2xi32>) {
    sdy.return %l : tensor<2xi32>
  } : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
"#;
        let e = twin_text(text, "f").unwrap_err();
        assert!(e.message.contains("'sdy.manual_computation' has no global-view reading"), "{}", e.message);
        assert!(!e.span.is_none());
        // The module is left without the half-erased copy.
        let mut m = shardref_spec::parse("t.mlir", text).unwrap();
        assert!(erased_twin(&mut m, "f", "twin").is_err());
        assert!(find_func(&m, "twin").is_none());
    }
}
