//! `sdy-lift-inlined-meshes` (inventory §4.4): duplicate `sdy.mesh` ops are
//! merged into the first, every mesh written inline in a sharding (or in a
//! StableHLO collective's `replica_groups`) becomes a module-level
//! `sdy.mesh`, and every mesh is tagged with its `stablehlo.mesh` form.
//!
//! Invariants: equal meshes (exact equality, device ids included) end up as
//! one symbol; new meshes follow the last kept mesh (or start the module) in
//! creation order, named `mesh`, `empty_mesh` or `maximal_mesh_<id>` with
//! MLIR's symbol uniquing; nothing but the mesh of a sharding changes.

use std::sync::Arc;

use shardref_spec::ir::sdy::{Mesh, MeshAxis, MeshOrRef, SdyAttr, TensorSharding};
use shardref_spec::ir::{Attr, DenseData, DenseElements, Dict, ElemType, Module, OpId, TensorType, Type};
use shardref_spec::ops::{OpKind, SdyOp, StablehloOp};

use crate::rewrite::{create, erase, insert_at, is_sdy, is_shlo, position, sdy_attr, sym_name, transform_op_shardings};

/// What a mesh is known by: an sdy mesh, or the text of a StableHLO mesh.
#[derive(Clone, PartialEq)]
enum Key {
    Sdy(Mesh),
    Stablehlo(String),
}

struct Lifter {
    known: Vec<(Key, String)>,
    renamed: Vec<(String, String)>,
    counter: u64,
    /// Where the next new mesh goes in the module body.
    insert_at: usize,
}

impl Lifter {
    fn name_for(&mut self, m: &mut Module, key: Key, mesh: Mesh) -> String {
        if let Some((_, n)) = self.known.iter().find(|(k, _)| *k == key) {
            return n.clone();
        }
        let base = match (&mesh.device_ids, mesh.axes.is_empty(), &key) {
            (_, _, Key::Stablehlo(_)) => "mesh".to_string(),
            (Some(ids), true, _) if ids.len() == 1 => format!("maximal_mesh_{}", ids[0]),
            (None, true, _) => "empty_mesh".to_string(),
            _ => "mesh".to_string(),
        };
        let taken = |m: &Module, n: &str| m.block(m.body()).ops.iter().any(|&o| sym_name(m, o).as_deref() == Some(n));
        let mut name = base.clone();
        while taken(m, &name) {
            name = format!("{base}_{}", self.counter);
            self.counter += 1;
        }
        let mut attrs = Dict::default();
        attrs.insert(shardref_spec::schema::keys::SYM_NAME, Attr::str(&name));
        attrs.insert(shardref_spec::schema::keys::MESH, Attr::Sdy(Box::new(SdyAttr::Mesh(mesh))));
        let op = create(m, OpKind::Sdy(SdyOp::Mesh), vec![], &[], attrs);
        let body = m.body();
        insert_at(m, body, self.insert_at, op);
        self.insert_at += 1;
        self.known.push((key, name.clone()));
        name
    }

    fn sharding(&mut self, m: &mut Module, mut s: TensorSharding) -> TensorSharding {
        match &s.mesh {
            MeshOrRef::Ref(r) => {
                if let Some((_, n)) = self.renamed.iter().find(|(old, _)| old == r) {
                    s.mesh = MeshOrRef::Ref(n.clone());
                }
            }
            MeshOrRef::Inline(mesh) => {
                let mesh = mesh.clone();
                let name = self.name_for(m, Key::Sdy(mesh.clone()), mesh);
                s.mesh = MeshOrRef::Ref(name);
            }
        }
        s
    }
}

/// Splits `#stablehlo.replica_group_mesh_axes<mesh = M, rest>` into (prefix, M, suffix).
fn split_replica_mesh(text: &str) -> Option<(&str, &str, &str)> {
    let start = text.find("mesh = ")? + "mesh = ".len();
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    let mut end = start;
    while end < bytes.len() {
        match bytes[end] {
            b'<' | b'[' | b'(' | b'{' => depth += 1,
            b'>' | b']' | b')' | b'}' if depth == 0 => break,
            b'>' | b']' | b')' | b'}' => depth -= 1,
            b',' if depth == 0 => break,
            _ => {}
        }
        end += 1;
    }
    Some((&text[..start], &text[start..end], &text[end..]))
}

/// The axes of `#stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "z", size = 4>, ...]>`.
fn stablehlo_mesh_axes(text: &str) -> Option<Vec<MeshAxis>> {
    let mut axes = vec![];
    let mut rest = text.strip_prefix("#stablehlo.mesh<")?;
    while let Some(i) = rest.find("name = \"") {
        rest = &rest[i + "name = \"".len()..];
        let q = rest.find('"')?;
        let name = rest[..q].to_string();
        rest = &rest[q..];
        let s = rest.find("size = ")? + "size = ".len();
        rest = &rest[s..];
        let e = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        let size = rest[..e].parse().ok()?;
        axes.push(MeshAxis { name, size });
    }
    Some(axes)
}

fn replica_groups(l: &mut Lifter, m: &mut Module, op: OpId) {
    let collective = [
        StablehloOp::AllGather,
        StablehloOp::AllReduce,
        StablehloOp::ReduceScatter,
        StablehloOp::AllToAll,
        StablehloOp::CollectiveBroadcast,
    ]
    .into_iter()
    .any(|k| is_shlo(m, op, k));
    if !collective {
        return;
    }
    let Some(Attr::Opaque(text)) =
        shardref_spec::schema::stablehlo::AllGather::of(m.op(op)).replica_groups().raw().cloned()
    else {
        return;
    };
    if !text.starts_with("#stablehlo.replica_group_mesh_axes<") {
        return;
    }
    let Some((pre, mesh, post)) = split_replica_mesh(&text) else { return };
    let name = if let Some(r) = mesh.strip_prefix('@') {
        match l.renamed.iter().find(|(old, _)| old == r) {
            Some((_, n)) => n.clone(),
            None => return,
        }
    } else if mesh.starts_with("#stablehlo.mesh<") {
        let Some(axes) = stablehlo_mesh_axes(mesh) else { return };
        l.name_for(m, Key::Stablehlo(mesh.to_string()), Mesh { axes, device_ids: None })
    } else {
        return;
    };
    m.op_mut(op).attrs.insert(shardref_spec::schema::keys::REPLICA_GROUPS, Attr::Opaque(format!("{pre}@{name}{post}")));
}

/// The `stablehlo.mesh` dictionary of a mesh.
fn stablehlo_mesh_tag(mesh: &Mesh) -> Attr {
    let mut d = Dict::default();
    let axes = mesh
        .axes
        .iter()
        .map(|a| {
            let mut ad = Dict::default();
            ad.insert(shardref_spec::schema::keys::NAME, Attr::str(&a.name));
            ad.insert(shardref_spec::schema::keys::AXIS_SIZE, Attr::i64(a.size));
            Attr::Dict(ad)
        })
        .collect();
    d.insert(shardref_spec::schema::keys::AXES, Attr::Array(axes));
    if let Some(ids) = &mesh.device_ids {
        let bytes: Vec<u8> = ids.iter().flat_map(|i| i.to_le_bytes()).collect();
        d.insert(
            "device_ids",
            Attr::Dense(Arc::new(DenseElements {
                ty: Type::Tensor(TensorType::ranked(vec![ids.len() as u64], ElemType::I64)),
                data: DenseData::Elements(bytes.into()),
                hex: false,
            })),
        );
    }
    Attr::Dict(d)
}

pub fn run(m: &mut Module) {
    let mut l = Lifter { known: vec![], renamed: vec![], counter: 0, insert_at: 0 };
    let meshes: Vec<OpId> = m.block(m.body()).ops.iter().copied().filter(|&o| is_sdy(m, o, SdyOp::Mesh)).collect();
    for op in meshes {
        let (Some(name), Some(SdyAttr::Mesh(mesh))) =
            (sym_name(m, op), sdy_attr(m, op, shardref_spec::schema::keys::MESH).cloned())
        else {
            continue;
        };
        let key = Key::Sdy(mesh);
        match l.known.iter().find(|(k, _)| *k == key) {
            Some((_, first)) => {
                l.renamed.push((name, first.clone()));
                erase(m, op);
            }
            None => l.known.push((key, name)),
        }
    }
    let kept: Vec<OpId> = m.block(m.body()).ops.iter().copied().filter(|&o| is_sdy(m, o, SdyOp::Mesh)).collect();
    l.insert_at = kept.last().and_then(|&o| position(m, o)).map_or(0, |(_, i)| i + 1);
    for op in m.walk() {
        if m.op(op).parent.is_none() && op != m.root {
            continue;
        }
        transform_op_shardings(m, op, &mut |m, s| l.sharding(m, s));
        replica_groups(&mut l, m, op);
    }
    let meshes: Vec<OpId> = m.block(m.body()).ops.iter().copied().filter(|&o| is_sdy(m, o, SdyOp::Mesh)).collect();
    for op in meshes {
        if shardref_spec::schema::Common::of(m.op(op)).stablehlo_mesh().present() {
            continue;
        }
        if let Some(SdyAttr::Mesh(mesh)) = sdy_attr(m, op, shardref_spec::schema::keys::MESH).cloned() {
            m.op_mut(op).attrs.insert(shardref_spec::schema::keys::STABLEHLO_MESH, stablehlo_mesh_tag(&mesh));
        }
    }
}
