//! The arena IR: a module owns every op, region, block and value; typed
//! handles (`OpId`, `RegionId`, `BlockId`, `ValueId`) index into it.
//!
//! Invariants:
//! - Every op, block argument and value carries the source span it came from
//!   (`Span::NONE` for IR built by a pass).
//! - `Module::root` is a `builtin.module` op; a file without one gets an
//!   implicit module, as MLIR does.
//! - Handles are only valid for the module that issued them.

pub mod attrs;
pub mod mpmd;
pub mod sdy;
pub mod stablehlo;
pub mod types;

use std::sync::Arc;

pub use attrs::{Attr, DenseArray, DenseData, DenseElements, Dict, FloatAttr, IntAttr, Location};
pub use types::{Dim, ElemType, FloatKind, QuantType, Signedness, TensorType, Type};

use crate::ops::OpName;

/// A byte range in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const NONE: Span = Span { start: u32::MAX, end: u32::MAX };
    pub fn new(start: usize, end: usize) -> Span {
        Span { start: start as u32, end: end as u32 }
    }
    pub fn is_none(&self) -> bool {
        self.start == u32::MAX
    }
}

macro_rules! handle {
    ($name:ident) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}
handle!(OpId);
handle!(RegionId);
handle!(BlockId);
handle!(ValueId);

#[derive(Clone, Debug)]
pub struct Operation {
    pub name: OpName,
    pub operands: Vec<ValueId>,
    pub results: Vec<ValueId>,
    pub attrs: Dict,
    pub regions: Vec<RegionId>,
    pub successors: Vec<Successor>,
    pub loc: Option<Location>,
    pub span: Span,
    pub parent: Option<BlockId>,
}

#[derive(Clone, Debug)]
pub struct Successor {
    pub block: BlockId,
    pub args: Vec<ValueId>,
}

#[derive(Clone, Debug, Default)]
pub struct Region {
    pub blocks: Vec<BlockId>,
    pub parent: Option<OpId>,
}

#[derive(Clone, Debug, Default)]
pub struct Block {
    pub args: Vec<ValueId>,
    pub ops: Vec<OpId>,
    pub parent: Option<RegionId>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    Result { op: OpId, index: u32 },
    BlockArg { block: BlockId, index: u32 },
}

#[derive(Clone, Debug)]
pub struct Value {
    pub ty: Type,
    pub def: ValueDef,
    pub span: Span,
}

/// A parsed source: its name (as given on the command line) and text.
#[derive(Debug)]
pub struct Source {
    pub name: String,
    pub text: String,
    /// Line number (1-based) of the first line of `text` within the file it was split from.
    pub first_line: u32,
}

#[derive(Clone, Debug)]
pub struct Module {
    pub ops: Vec<Operation>,
    pub regions: Vec<Region>,
    pub blocks: Vec<Block>,
    pub values: Vec<Value>,
    pub root: OpId,
    /// Attribute aliases defined at file level, in definition order (printing aid).
    pub attr_aliases: Vec<(String, Attr)>,
    /// `dialect_resources` blobs: (dialect, name, hex text).
    pub resources: Vec<(String, String, String)>,
    pub source: Option<Arc<Source>>,
}

impl Default for Module {
    fn default() -> Self {
        Module::new()
    }
}

impl Module {
    /// An empty module holding only an empty `builtin.module` root.
    pub fn new() -> Module {
        let mut m = Module {
            ops: vec![],
            regions: vec![],
            blocks: vec![],
            values: vec![],
            root: OpId(0),
            attr_aliases: vec![],
            resources: vec![],
            source: None,
        };
        let root = m.add_op(OpName::Known(crate::ops::OpKind::Builtin(crate::ops::BuiltinOp::Module)), Span::NONE);
        let region = m.add_region(root);
        m.add_block(region, Span::NONE);
        m.root = root;
        m
    }

    pub fn op(&self, id: OpId) -> &Operation {
        &self.ops[id.index()]
    }
    pub fn op_mut(&mut self, id: OpId) -> &mut Operation {
        &mut self.ops[id.index()]
    }
    pub fn region(&self, id: RegionId) -> &Region {
        &self.regions[id.index()]
    }
    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id.index()]
    }
    pub fn value(&self, id: ValueId) -> &Value {
        &self.values[id.index()]
    }
    pub fn value_type(&self, id: ValueId) -> &Type {
        &self.values[id.index()].ty
    }

    /// Creates a detached op with no operands, results or regions.
    pub fn add_op(&mut self, name: OpName, span: Span) -> OpId {
        let id = OpId(self.ops.len() as u32);
        self.ops.push(Operation {
            name,
            operands: vec![],
            results: vec![],
            attrs: Dict::default(),
            regions: vec![],
            successors: vec![],
            loc: None,
            span,
            parent: None,
        });
        id
    }

    pub fn add_result(&mut self, op: OpId, ty: Type, span: Span) -> ValueId {
        let id = ValueId(self.values.len() as u32);
        let index = self.ops[op.index()].results.len() as u32;
        self.values.push(Value { ty, def: ValueDef::Result { op, index }, span });
        self.ops[op.index()].results.push(id);
        id
    }

    pub fn add_region(&mut self, op: OpId) -> RegionId {
        let id = RegionId(self.regions.len() as u32);
        self.regions.push(Region { blocks: vec![], parent: Some(op) });
        self.ops[op.index()].regions.push(id);
        id
    }

    pub fn add_block(&mut self, region: RegionId, span: Span) -> BlockId {
        let id = BlockId(self.blocks.len() as u32);
        self.blocks.push(Block { args: vec![], ops: vec![], parent: Some(region), span });
        self.regions[region.index()].blocks.push(id);
        id
    }

    pub fn add_block_arg(&mut self, block: BlockId, ty: Type, span: Span) -> ValueId {
        let id = ValueId(self.values.len() as u32);
        let index = self.blocks[block.index()].args.len() as u32;
        self.values.push(Value { ty, def: ValueDef::BlockArg { block, index }, span });
        self.blocks[block.index()].args.push(id);
        id
    }

    /// Appends a detached op to the end of `block`.
    pub fn append_op(&mut self, block: BlockId, op: OpId) {
        self.ops[op.index()].parent = Some(block);
        self.blocks[block.index()].ops.push(op);
    }

    /// The block of the root module's body.
    pub fn body(&self) -> BlockId {
        self.regions[self.ops[self.root.index()].regions[0].index()].blocks[0]
    }

    /// The op that owns the block's region, if any.
    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        self.region(self.block(block).parent?).parent
    }

    /// The op that encloses `op`, if any.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.block_parent_op(self.op(op).parent?)
    }

    /// Finds a symbol (an op with a `sym_name` attribute) directly in the root module.
    pub fn lookup_symbol(&self, name: &str) -> Option<OpId> {
        self.block(self.body())
            .ops
            .iter()
            .copied()
            .find(|&op| crate::schema::Symbol::of(self.op(op)).sym_name().get() == Some(name.as_bytes()))
    }

    /// Every op, in pre-order (an op before the ops nested in it).
    pub fn walk(&self) -> Vec<OpId> {
        let mut out = Vec::with_capacity(self.ops.len());
        let mut stack = vec![self.root];
        while let Some(op) = stack.pop() {
            out.push(op);
            for &r in self.op(op).regions.iter().rev() {
                for &b in self.region(r).blocks.iter().rev() {
                    stack.extend(self.block(b).ops.iter().rev());
                }
            }
        }
        out
    }
}
