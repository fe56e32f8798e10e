//! Typed model of the `mpmd` types and attributes (shardy-inventory §1.3).
//!
//! `!mpmd.mesh_tensor` is a `Type` variant; the attributes are `MpmdAttr`.
//! Shardings inside mesh tensors reuse the sdy model.

use crate::ir::TensorType;
use crate::ir::sdy::{Mesh, TensorSharding};

/// `!mpmd.mesh_tensor<"mesh", tensor<...>, sharding=<...>, memory_kind="...">`:
/// a tensor distributed over the mesh of that name in the topology. The
/// sharding's own mesh reference is not resolved; the topology mesh is used.
#[derive(Clone, Debug, PartialEq)]
pub struct MeshTensorType {
    pub mesh_name: String,
    /// The global (logical) tensor type; always ranked.
    pub tensor: TensorType,
    pub sharding: Option<TensorSharding>,
    pub memory_kind: Option<String>,
}

impl MeshTensorType {
    /// A fully replicated mesh tensor in the default memory.
    pub fn new(mesh_name: impl Into<String>, tensor: TensorType) -> MeshTensorType {
        MeshTensorType { mesh_name: mesh_name.into(), tensor, sharding: None, memory_kind: None }
    }

    /// Whether the tensor lives in host memory (`memory_kind="pinned_host"`).
    pub fn is_on_host(&self) -> bool {
        self.memory_kind.as_deref() == Some("pinned_host")
    }
}

/// `<"name" : <["x"=2]>>`: a mesh of the topology.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedMesh {
    pub name: String,
    pub mesh: Mesh,
}

/// `#mpmd.topology<<"m1" : <...>>, ...>`: the meshes an MPMD program runs on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Topology {
    pub meshes: Vec<NamedMesh>,
}

/// `"f"(1)`: the user computation a fragment came from, and how many times
/// it was transposed by autodiff (printed only when positive).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UserOrigin {
    pub user_name: String,
    pub transpose_count: i64,
}

/// An origin label, `"lbl"`, inside `mesh_with_origins`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Origin {
    pub label: String,
}

/// `"mesh"["o1", "o2"]`: a mesh and the origins that put a value there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MeshWithOrigins {
    pub mesh_name: String,
    pub origins: Vec<Origin>,
}

/// The reduction of `mpmd.reduce` (upstream's `ReductionType` enum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reduction {
    None,
    Add,
    Max,
    Min,
    Mul,
    Or,
    And,
}

impl Reduction {
    pub const ALL: [Reduction; 7] = [
        Reduction::None,
        Reduction::Add,
        Reduction::Max,
        Reduction::Min,
        Reduction::Mul,
        Reduction::Or,
        Reduction::And,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            Reduction::None => "none",
            Reduction::Add => "add",
            Reduction::Max => "max",
            Reduction::Min => "min",
            Reduction::Mul => "mul",
            Reduction::Or => "or",
            Reduction::And => "and",
        }
    }

    pub fn from_keyword(s: &str) -> Option<Reduction> {
        Reduction::ALL.into_iter().find(|r| r.keyword() == s)
    }
}

/// The `mpmd` attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MpmdAttr {
    /// `#mpmd.topology<...>`.
    Topology(Topology),
    /// `#mpmd.named_mesh<"m" : <...>>`.
    NamedMesh(NamedMesh),
    /// `#mpmd.user_origin<"f"(1)>`.
    UserOrigin(UserOrigin),
    /// `#mpmd<origin"lbl">`.
    Origin(Origin),
    /// `#mpmd<mesh_with_origins"m"["o"]>`.
    MeshWithOrigins(MeshWithOrigins),
    /// `#mpmd.meshes_with_origins<"m1", "m2"["o"]>`.
    MeshesWithOrigins(Vec<MeshWithOrigins>),
    /// `#mpmd.reduction<add>`.
    Reduction(Reduction),
}
