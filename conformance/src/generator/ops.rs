//! Op builders: each appends one well-typed op (or a few, e.g. a constant
//! and the op using it) to the function being built.
//!
//! The builder keeps a pool of the values defined so far. An op takes its
//! operands from the pool when one fits and otherwise adds a new function
//! argument of the type it needs, so every op is well typed by construction
//! and any op can be generated at any point. Ops are printed in MLIR's
//! generic form (properties in `<{...}>`), which both shardref's parser and
//! upstream's accept for every op; op results sometimes carry an
//! `sdy.sharding` per-value attribute.

use crate::generator::mesh::Mesh;
use crate::generator::rng::Rng;
use crate::generator::sharding::{Freedom, Sharding};
use crate::generator::types::{Dtype, Family, Reduction, TensorTy, i64_array, list, random_dim};

/// The op kinds the generator builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenOp {
    Elementwise,
    Unary,
    Convert,
    Select,
    DotGeneral,
    Reduce,
    BroadcastInDim,
    Reshape,
    Transpose,
    Slice,
    Pad,
    Concatenate,
    Iota,
    DynamicSlice,
    ReduceWindow,
    Gather,
    Scatter,
    Convolution,
    Case,
    Sort,
    While,
    Call,
    ShardingConstraint,
    ShardingGroup,
    ManualComputation,
    SdyCollective,
}

/// Every op kind, in a fixed order.
pub const ALL_OPS: [GenOp; 26] = [
    GenOp::Elementwise,
    GenOp::Unary,
    GenOp::Convert,
    GenOp::Select,
    GenOp::DotGeneral,
    GenOp::Reduce,
    GenOp::BroadcastInDim,
    GenOp::Reshape,
    GenOp::Transpose,
    GenOp::Slice,
    GenOp::Pad,
    GenOp::Concatenate,
    GenOp::Iota,
    GenOp::DynamicSlice,
    GenOp::Sort,
    GenOp::While,
    GenOp::Call,
    GenOp::ReduceWindow,
    GenOp::Gather,
    GenOp::Case,
    GenOp::Scatter,
    GenOp::Convolution,
    GenOp::ShardingConstraint,
    GenOp::ShardingGroup,
    GenOp::ManualComputation,
    GenOp::SdyCollective,
];

impl GenOp {
    /// The name used by `--ops`.
    pub fn name(self) -> &'static str {
        match self {
            GenOp::Elementwise => "elementwise",
            GenOp::Unary => "unary",
            GenOp::Convert => "convert",
            GenOp::Select => "select",
            GenOp::DotGeneral => "dot_general",
            GenOp::Reduce => "reduce",
            GenOp::BroadcastInDim => "broadcast_in_dim",
            GenOp::Reshape => "reshape",
            GenOp::Transpose => "transpose",
            GenOp::Slice => "slice",
            GenOp::Pad => "pad",
            GenOp::Concatenate => "concatenate",
            GenOp::Iota => "iota",
            GenOp::DynamicSlice => "dynamic_slice",
            GenOp::Sort => "sort",
            GenOp::ReduceWindow => "reduce_window",
            GenOp::Gather => "gather",
            GenOp::Scatter => "scatter",
            GenOp::Convolution => "convolution",
            GenOp::Case => "case",
            GenOp::While => "while",
            GenOp::Call => "call",
            GenOp::ShardingConstraint => "sharding_constraint",
            GenOp::ShardingGroup => "sharding_group",
            GenOp::ManualComputation => "manual_computation",
            GenOp::SdyCollective => "sdy_collective",
        }
    }

    /// The op kind named `name`.
    pub fn parse(name: &str) -> Option<GenOp> {
        ALL_OPS.iter().copied().find(|o| o.name() == name)
    }
}

/// A value of the function being built.
#[derive(Clone, Debug)]
pub struct Val {
    pub name: String,
    pub ty: TensorTy,
    /// Whether an explicit sharding was given to it (sharding groups avoid these).
    pub sharded: bool,
}

/// The function being built.
pub struct Builder<'a> {
    pub rng: &'a mut Rng,
    pub mesh: &'a Mesh,
    pub args: Vec<(Val, Option<Sharding>)>,
    pub lines: Vec<String>,
    pub pool: Vec<Val>,
    /// Helper functions that `func.call`s call, printed after `@main`.
    pub helpers: Vec<String>,
    /// Whether shardings may use sub-axes.
    pub sub_axes: bool,
    next: usize,
    next_group: i64,
}

const MESH: &str = "mesh";

impl<'a> Builder<'a> {
    pub fn new(rng: &'a mut Rng, mesh: &'a Mesh) -> Builder<'a> {
        Builder {
            rng,
            mesh,
            args: Vec::new(),
            lines: Vec::new(),
            pool: Vec::new(),
            helpers: Vec::new(),
            sub_axes: true,
            next: 0,
            next_group: 0,
        }
    }

    /// A new function argument of type `ty`, sometimes sharded.
    pub fn new_arg(&mut self, ty: TensorTy) -> Val {
        let name = format!("%arg{}", self.args.len());
        let sharding = if self.rng.chance(70) {
            Some(Sharding::random(self.rng, self.mesh, ty.rank(), Freedom::Open, self.sub_axes))
        } else {
            None
        };
        let v = Val { name, ty, sharded: sharding.is_some() };
        self.args.push((v.clone(), sharding));
        self.pool.push(v.clone());
        v
    }

    /// A pool value satisfying `ok`, or a new argument of type `make()`.
    fn operand(&mut self, ok: &dyn Fn(&TensorTy) -> bool, make: &dyn Fn(&mut Rng) -> TensorTy) -> Val {
        let fits: Vec<usize> = (0..self.pool.len()).filter(|&i| ok(&self.pool[i].ty)).collect();
        if !fits.is_empty() && self.rng.chance(85) {
            // Prefer recent values so that programs form chains.
            let k = fits.len();
            let i = if self.rng.chance(60) { fits[k - 1 - self.rng.below(k.min(3))] } else { fits[self.rng.below(k)] };
            return self.pool[i].clone();
        }
        let ty = make(self.rng);
        self.new_arg(ty)
    }

    /// A value of exactly type `ty`.
    fn operand_of(&mut self, ty: &TensorTy) -> Val {
        let t = ty.clone();
        self.operand(&|u| *u == t, &|_| ty.clone())
    }

    /// Any value whose family is in `fams` and whose rank is at least `min_rank`.
    fn operand_in(&mut self, fams: &[Family], min_rank: usize) -> Val {
        let fams2 = fams.to_vec();
        self.operand(&|t| fams2.contains(&t.dtype.family()) && t.rank() >= min_rank, &|rng| loop {
            let d = Dtype::random(rng);
            if !fams.contains(&d.family()) {
                continue;
            }
            let mut t = TensorTy::random(rng, d);
            while t.rank() < min_rank {
                t.shape.push(random_dim(rng));
            }
            break t;
        })
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next - 1)
    }

    /// The `{sdy.sharding = ...}` attribute of an op's results, sometimes.
    fn result_sharding(&mut self, tys: &[&TensorTy]) -> (String, bool) {
        if !self.rng.chance(35) {
            return (String::new(), false);
        }
        let bodies: Vec<String> = tys
            .iter()
            .map(|t| {
                Sharding::random(self.rng, self.mesh, t.rank(), Freedom::Open, self.sub_axes).body(self.mesh, MESH)
            })
            .collect();
        (format!(" {{sdy.sharding = #sdy.sharding_per_value<[{}]>}}", bodies.join(", ")), true)
    }

    /// Emits `%r = "op"(operands) <{props}> (region) {sdy.sharding} : (types) -> result`.
    fn emit(&mut self, op: &str, operands: &[&Val], props: &str, region: &str, result: TensorTy) -> Val {
        let name = self.fresh();
        let (attr, sharded) = self.result_sharding(&[&result]);
        let names: Vec<&str> = operands.iter().map(|v| v.name.as_str()).collect();
        let tys: Vec<String> = operands.iter().map(|v| v.ty.to_string()).collect();
        let props = if props.is_empty() { String::new() } else { format!(" <{{{props}}}>") };
        self.lines.push(format!(
            "{name} = \"{op}\"({}){props}{region}{attr} : ({}) -> {result}",
            names.join(", "),
            tys.join(", ")
        ));
        let v = Val { name, ty: result, sharded };
        self.pool.push(v.clone());
        v
    }

    /// A scalar constant of `dtype` with literal `lit` (not added to the pool).
    fn constant(&mut self, dtype: Dtype, lit: &str) -> Val {
        let name = self.fresh();
        let ty = TensorTy::new(vec![], dtype);
        self.lines.push(format!("{name} = \"stablehlo.constant\"() <{{value = dense<{lit}> : {ty}}}> : () -> {ty}"));
        Val { name, ty, sharded: false }
    }

    /// Appends one op of kind `op`.
    pub fn build(&mut self, op: GenOp) {
        match op {
            GenOp::Elementwise => self.elementwise(),
            GenOp::Unary => self.unary(),
            GenOp::Convert => self.convert(),
            GenOp::Select => self.select(),
            GenOp::DotGeneral => self.dot_general(),
            GenOp::Reduce => self.reduce(),
            GenOp::BroadcastInDim => self.broadcast_in_dim(),
            GenOp::Reshape => self.reshape(),
            GenOp::Transpose => self.transpose(),
            GenOp::Slice => self.slice(),
            GenOp::Pad => self.pad(),
            GenOp::Concatenate => self.concatenate(),
            GenOp::Iota => self.iota(),
            GenOp::DynamicSlice => self.dynamic_slice(),
            GenOp::Sort => self.sort(),
            GenOp::ReduceWindow => self.reduce_window(),
            GenOp::Gather => self.gather(),
            GenOp::Scatter => self.scatter(),
            GenOp::Convolution => self.convolution(),
            GenOp::Case => self.case(),
            GenOp::While => self.while_loop(),
            GenOp::Call => self.call(),
            GenOp::ShardingConstraint => self.sharding_constraint(),
            GenOp::ShardingGroup => self.sharding_group(),
            GenOp::ManualComputation => self.manual_computation(),
            GenOp::SdyCollective => self.sdy_collective(),
        }
    }

    fn elementwise(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 0);
        let ops: &[&str] = match a.ty.dtype.family() {
            Family::Float => &["add", "subtract", "multiply", "maximum", "minimum"],
            Family::Int => &["add", "subtract", "multiply", "maximum", "minimum", "and", "or", "xor"],
            Family::Bool => &["and", "or", "xor", "maximum", "minimum"],
        };
        let op = format!("stablehlo.{}", self.rng.pick(ops));
        let b = self.operand_of(&a.ty);
        self.emit(&op, &[&a, &b], "", "", a.ty.clone());
    }

    fn unary(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 0);
        let ops: &[&str] = match a.ty.dtype.family() {
            Family::Float => &["negate", "abs", "floor", "sign"],
            Family::Int if a.ty.dtype == Dtype::U8 => &["negate", "not"],
            Family::Int => &["negate", "abs", "not"],
            Family::Bool => &["not"],
        };
        let op = format!("stablehlo.{}", self.rng.pick(ops));
        self.emit(&op, &[&a], "", "", a.ty.clone());
    }

    fn convert(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 0);
        let to = *self.rng.pick(&[Dtype::F32, Dtype::I32, Dtype::BF16, Dtype::I1]);
        self.emit("stablehlo.convert", &[&a], "", "", TensorTy::new(a.ty.shape.clone(), to));
    }

    fn select(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int], 0);
        let b = self.operand_of(&a.ty);
        let dir = self.rng.pick(&["EQ", "NE", "LT", "LE", "GT", "GE"]);
        let kind = match a.ty.dtype {
            Dtype::F32 | Dtype::BF16 | Dtype::F64 => "FLOAT",
            Dtype::U8 => "UNSIGNED",
            Dtype::I32 | Dtype::I8 | Dtype::I1 => "SIGNED",
        };
        let props = format!(
            "comparison_direction = #stablehlo<comparison_direction {dir}>, compare_type = #stablehlo<comparison_type {kind}>"
        );
        let pred = self.emit("stablehlo.compare", &[&a, &b], &props, "", TensorTy::new(a.ty.shape.clone(), Dtype::I1));
        self.emit("stablehlo.select", &[&pred, &a, &b], "", "", a.ty.clone());
    }

    fn dot_general(&mut self) {
        let mut lhs = self.operand_in(&[Family::Float, Family::Int], 1);
        if lhs.ty.dtype == Dtype::BF16 {
            // bf16 sums round differently when partitioned (reassociated), so
            // contractions run in f32 to keep sharded results bit-exact.
            lhs = self.emit("stablehlo.convert", &[&lhs], "", "", TensorTy::new(lhs.ty.shape.clone(), Dtype::F32));
        }
        let r = lhs.ty.rank();
        // Each lhs dimension is a batching, contracting or free dimension.
        let roles: Vec<usize> = (0..r).map(|_| self.rng.below(3)).collect();
        let lb: Vec<i64> = (0..r).filter(|&i| roles[i] == 0).map(|i| i as i64).collect();
        let lc: Vec<i64> = (0..r).filter(|&i| roles[i] == 1).map(|i| i as i64).collect();
        let lf: Vec<i64> = (0..r).filter(|&i| roles[i] == 2).map(|i| i as i64).collect();
        let rhs_free: Vec<i64> = (0..self.rng.below(2)).map(|_| random_dim(self.rng)).collect();
        // The rhs lists batching, then contracting, then free dimensions, in a shuffled order.
        let mut rhs_dims: Vec<(char, usize, i64)> = Vec::new();
        for (k, &d) in lb.iter().enumerate() {
            rhs_dims.push(('b', k, lhs.ty.shape[d as usize]));
        }
        for (k, &d) in lc.iter().enumerate() {
            rhs_dims.push(('c', k, lhs.ty.shape[d as usize]));
        }
        for (k, &s) in rhs_free.iter().enumerate() {
            rhs_dims.push(('f', k, s));
        }
        let perm = self.rng.permutation(rhs_dims.len());
        let rhs_dims: Vec<(char, usize, i64)> = perm.iter().map(|&p| rhs_dims[p]).collect();
        let pos = |c: char, k: usize| rhs_dims.iter().position(|&(cc, kk, _)| cc == c && kk == k).unwrap_or(0) as i64;
        let rb: Vec<i64> = (0..lb.len()).map(|k| pos('b', k)).collect();
        let rc: Vec<i64> = (0..lc.len()).map(|k| pos('c', k)).collect();
        let rhs_ty = TensorTy::new(rhs_dims.iter().map(|d| d.2).collect(), lhs.ty.dtype);
        let rhs = self.operand_of(&rhs_ty);
        let mut out: Vec<i64> = lb.iter().map(|&d| lhs.ty.shape[d as usize]).collect();
        out.extend(lf.iter().map(|&d| lhs.ty.shape[d as usize]));
        out.extend(&rhs_free);
        let mut fields = Vec::new();
        for (name, v) in [
            ("lhs_batching_dimensions", &lb),
            ("rhs_batching_dimensions", &rb),
            ("lhs_contracting_dimensions", &lc),
            ("rhs_contracting_dimensions", &rc),
        ] {
            if !v.is_empty() {
                fields.push(format!("{name} = {}", list(v)));
            }
        }
        let props = format!("dot_dimension_numbers = #stablehlo.dot<{}>", fields.join(", "));
        self.emit("stablehlo.dot_general", &[&lhs, &rhs], &props, "", TensorTy::new(out, lhs.ty.dtype));
    }

    fn reduce(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 1);
        let r = a.ty.rank();
        let mut dims: Vec<i64> = (0..r as i64).filter(|_| self.rng.chance(50)).collect();
        if dims.is_empty() {
            dims.push(self.rng.below(r) as i64);
        }
        let out_shape: Vec<i64> = (0..r).filter(|i| !dims.contains(&(*i as i64))).map(|i| a.ty.shape[i]).collect();
        // A variadic reduce pairs a second operand of the same shape, each with its own body op.
        let mut operands = vec![a.clone()];
        if self.rng.chance(25) {
            let d = Dtype::random(self.rng);
            operands.push(self.operand_of(&TensorTy::new(a.ty.shape.clone(), d)));
        }
        let kinds: Vec<Reduction> = operands
            .iter()
            .map(|o| no_bf16_sum(o.ty.dtype, *self.rng.pick(Reduction::for_family(o.ty.dtype.family()))))
            .collect();
        let inits: Vec<Val> =
            operands.iter().zip(&kinds).map(|(o, k)| self.constant(o.ty.dtype, k.identity(o.ty.dtype))).collect();
        let n = operands.len();
        let scalars: Vec<TensorTy> = operands.iter().map(|o| o.ty.scalar()).collect();
        let params: Vec<String> = (0..2 * n).map(|i| format!("%p{i}: {}", scalars[i % n])).collect();
        let mut body = Vec::new();
        let mut rets = Vec::new();
        for i in 0..n {
            let t = &scalars[i];
            body.push(format!("%q{i} = \"{}\"(%p{i}, %p{}) : ({t}, {t}) -> {t}", kinds[i].op(), i + n));
            rets.push(format!("%q{i}"));
        }
        let tys: Vec<String> = scalars.iter().map(TensorTy::to_string).collect();
        let region = format!(
            " ({{\n    ^bb0({}):\n      {}\n      \"stablehlo.return\"({}) : ({}) -> ()\n    }})",
            params.join(", "),
            body.join("\n      "),
            rets.join(", "),
            tys.join(", ")
        );
        let results: Vec<TensorTy> = operands.iter().map(|o| TensorTy::new(out_shape.clone(), o.ty.dtype)).collect();
        let name = self.fresh();
        let (attr, sharded) = self.result_sharding(&results.iter().collect::<Vec<_>>());
        let all: Vec<&Val> = operands.iter().chain(&inits).collect();
        let names: Vec<&str> = all.iter().map(|v| v.name.as_str()).collect();
        let in_tys: Vec<String> = all.iter().map(|v| v.ty.to_string()).collect();
        let out_tys: Vec<String> = results.iter().map(TensorTy::to_string).collect();
        let lhs = if n == 1 { name.clone() } else { format!("{name}:{n}") };
        self.lines.push(format!(
            "{lhs} = \"stablehlo.reduce\"({}) <{{dimensions = {}}}>{region}{attr} : ({}) -> {}",
            names.join(", "),
            i64_array(&dims),
            in_tys.join(", "),
            if n == 1 { out_tys[0].clone() } else { format!("({})", out_tys.join(", ")) }
        ));
        for (i, ty) in results.into_iter().enumerate() {
            let vname = if n == 1 { name.clone() } else { format!("{name}#{i}") };
            self.pool.push(Val { name: vname, ty, sharded });
        }
    }

    fn broadcast_in_dim(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 0);
        let extra = 1 + self.rng.below(2);
        let out_rank = (a.ty.rank() + extra).min(4).max(a.ty.rank());
        // Operand dimensions map to increasing positions of the result.
        let mut positions: Vec<usize> = self.rng.permutation(out_rank)[..a.ty.rank()].to_vec();
        positions.sort_unstable();
        let mut out: Vec<i64> = (0..out_rank).map(|_| random_dim(self.rng)).collect();
        for (i, &p) in positions.iter().enumerate() {
            if a.ty.shape[i] != 1 || self.rng.chance(50) {
                out[p] = a.ty.shape[i];
            }
        }
        let dims: Vec<i64> = positions.iter().map(|&p| p as i64).collect();
        let props = format!("broadcast_dimensions = {}", i64_array(&dims));
        self.emit("stablehlo.broadcast_in_dim", &[&a], &props, "", TensorTy::new(out, a.ty.dtype));
    }

    fn reshape(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 1);
        let mut s = a.ty.shape.clone();
        match self.rng.below(3) {
            // Merge two adjacent dimensions.
            0 if s.len() >= 2 => {
                let i = self.rng.below(s.len() - 1);
                let m = s[i] * s[i + 1];
                s.splice(i..i + 2, [m]);
            }
            // Split a dimension into two factors.
            1 => {
                let i = self.rng.below(s.len());
                let n = s[i];
                let fs: Vec<i64> = (1..=n).filter(|f| n % f == 0).collect();
                let f = *self.rng.pick(&fs);
                s.splice(i..i + 1, [f, n / f]);
            }
            _ => {
                s = vec![a.ty.elements()];
            }
        }
        self.emit("stablehlo.reshape", &[&a], "", "", TensorTy::new(s, a.ty.dtype));
    }

    fn transpose(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 1);
        let p: Vec<i64> = self.rng.permutation(a.ty.rank()).into_iter().map(|d| d as i64).collect();
        let out: Vec<i64> = p.iter().map(|&d| a.ty.shape[d as usize]).collect();
        let props = format!("permutation = {}", i64_array(&p));
        self.emit("stablehlo.transpose", &[&a], &props, "", TensorTy::new(out, a.ty.dtype));
    }

    fn slice(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 1);
        let (mut st, mut li, mut sr, mut out) = (vec![], vec![], vec![], vec![]);
        for &n in &a.ty.shape {
            let s = self.rng.range(0, n - 1);
            let l = self.rng.range(s + 1, n);
            let r = self.rng.range(1, 3);
            st.push(s);
            li.push(l);
            sr.push(r);
            out.push((l - s + r - 1) / r);
        }
        let props = format!(
            "limit_indices = {}, start_indices = {}, strides = {}",
            i64_array(&li),
            i64_array(&st),
            i64_array(&sr)
        );
        self.emit("stablehlo.slice", &[&a], &props, "", TensorTy::new(out, a.ty.dtype));
    }

    fn pad(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 1);
        let lit = Reduction::Add.identity(a.ty.dtype);
        let pv = self.constant(a.ty.dtype, lit);
        let (mut lo, mut hi, mut int, mut out) = (vec![], vec![], vec![], vec![]);
        for &n in &a.ty.shape {
            let i = self.rng.range(0, 1);
            let full = n + (n - 1) * i;
            let l = self.rng.range(-(full - 1).min(2), 3);
            let h = self.rng.range(-(full + l - 1).min(2), 3);
            lo.push(l);
            hi.push(h);
            int.push(i);
            out.push(full + l + h);
        }
        let props = format!(
            "edge_padding_high = {}, edge_padding_low = {}, interior_padding = {}",
            i64_array(&hi),
            i64_array(&lo),
            i64_array(&int)
        );
        self.emit("stablehlo.pad", &[&a, &pv], &props, "", TensorTy::new(out, a.ty.dtype));
    }

    fn concatenate(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 1);
        let d = self.rng.below(a.ty.rank());
        let mut ops = vec![a.clone()];
        let mut total = a.ty.shape[d];
        for _ in 0..1 + self.rng.below(2) {
            let mut s = a.ty.shape.clone();
            s[d] = random_dim(self.rng);
            total += s[d];
            ops.push(self.operand_of(&TensorTy::new(s, a.ty.dtype)));
        }
        let mut out = a.ty.shape.clone();
        out[d] = total;
        let refs: Vec<&Val> = ops.iter().collect();
        self.emit(
            "stablehlo.concatenate",
            &refs,
            &format!("dimension = {d} : i64"),
            "",
            TensorTy::new(out, a.ty.dtype),
        );
    }

    fn iota(&mut self) {
        let dtype = *self.rng.pick(&[Dtype::I32, Dtype::F32, Dtype::I32, Dtype::U8]);
        let mut ty = TensorTy::random(self.rng, dtype);
        if ty.rank() == 0 {
            ty.shape.push(random_dim(self.rng));
        }
        let d = self.rng.below(ty.rank());
        self.emit("stablehlo.iota", &[], &format!("iota_dimension = {d} : i64"), "", ty);
    }

    fn dynamic_slice(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 1);
        let idx_ty = TensorTy::new(vec![], *self.rng.pick(&[Dtype::I32, Dtype::I8]));
        let idx: Vec<Val> = (0..a.ty.rank()).map(|_| self.operand_of(&idx_ty)).collect();
        let sizes: Vec<i64> = a.ty.shape.iter().map(|&n| self.rng.range(1, n)).collect();
        let mut refs: Vec<&Val> = vec![&a];
        refs.extend(idx.iter());
        let props = format!("slice_sizes = {}", i64_array(&sizes));
        self.emit("stablehlo.dynamic_slice", &refs, &props, "", TensorTy::new(sizes.clone(), a.ty.dtype));
    }

    fn sort(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int], 1);
        let d = self.rng.below(a.ty.rank());
        // Sorting by the first operand; a second operand of the same shape sometimes rides along.
        let mut operands = vec![a.clone()];
        if self.rng.chance(30) {
            let dt = Dtype::random(self.rng);
            operands.push(self.operand_of(&TensorTy::new(a.ty.shape.clone(), dt)));
        }
        let n = operands.len();
        let scalars: Vec<TensorTy> = operands.iter().map(|o| o.ty.scalar()).collect();
        let params: Vec<String> = (0..2 * n).map(|i| format!("%p{i}: {}", scalars[i / 2])).collect();
        let dir = self.rng.pick(&["LT", "GT"]);
        let s0 = &scalars[0];
        let region = format!(
            " ({{\n    ^bb0({}):\n      %q0 = \"stablehlo.compare\"(%p0, %p1) <{{comparison_direction = #stablehlo<comparison_direction {dir}>}}> : ({s0}, {s0}) -> tensor<i1>\n      \"stablehlo.return\"(%q0) : (tensor<i1>) -> ()\n    }})",
            params.join(", ")
        );
        let stable = self.rng.chance(50);
        let props = format!("dimension = {d} : i64, is_stable = {stable}");
        let name = self.fresh();
        let results: Vec<TensorTy> = operands.iter().map(|o| o.ty.clone()).collect();
        let (attr, sharded) = self.result_sharding(&results.iter().collect::<Vec<_>>());
        let names: Vec<&str> = operands.iter().map(|v| v.name.as_str()).collect();
        let tys: Vec<String> = results.iter().map(TensorTy::to_string).collect();
        let lhs = if n == 1 { name.clone() } else { format!("{name}:{n}") };
        let out = if n == 1 { tys[0].clone() } else { format!("({})", tys.join(", ")) };
        self.lines.push(format!(
            "{lhs} = \"stablehlo.sort\"({}) <{{{props}}}>{region}{attr} : ({}) -> {out}",
            names.join(", "),
            tys.join(", ")
        ));
        for (i, ty) in results.into_iter().enumerate() {
            let vname = if n == 1 { name.clone() } else { format!("{name}#{i}") };
            self.pool.push(Val { name: vname, ty, sharded });
        }
    }

    /// A counted loop: `k` times, the carried value goes through one
    /// elementwise op (doubling for numbers, negation for booleans).
    fn while_loop(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 0);
        let k = self.rng.range(0, 3);
        let zero = self.constant(Dtype::I32, "0");
        let t = a.ty.clone();
        let (c, y, lim, p, one, c2, y2) =
            (self.fresh(), self.fresh(), self.fresh(), self.fresh(), self.fresh(), self.fresh(), self.fresh());
        let step = match t.dtype.family() {
            Family::Bool => format!("{y2} = \"stablehlo.not\"({y}) : ({t}) -> {t}"),
            Family::Float | Family::Int => format!("{y2} = \"stablehlo.add\"({y}, {y}) : ({t}, {t}) -> {t}"),
        };
        let i32s = "tensor<i32>";
        let cond = format!(
            "^bb0({c}: {i32s}, {y}: {t}):\n      {lim} = \"stablehlo.constant\"() <{{value = dense<{k}> : {i32s}}}> : () -> {i32s}\n      {p} = \"stablehlo.compare\"({c}, {lim}) <{{comparison_direction = #stablehlo<comparison_direction LT>}}> : ({i32s}, {i32s}) -> tensor<i1>\n      \"stablehlo.return\"({p}) : (tensor<i1>) -> ()"
        );
        let body = format!(
            "^bb0({c}: {i32s}, {y}: {t}):\n      {one} = \"stablehlo.constant\"() <{{value = dense<1> : {i32s}}}> : () -> {i32s}\n      {c2} = \"stablehlo.add\"({c}, {one}) : ({i32s}, {i32s}) -> {i32s}\n      {step}\n      \"stablehlo.return\"({c2}, {y2}) : ({i32s}, {t}) -> ()"
        );
        let name = self.fresh();
        self.lines.push(format!(
            "{name}:2 = \"stablehlo.while\"({}, {}) ({{\n    {cond}\n    }}, {{\n    {body}\n    }}) : ({i32s}, {t}) -> ({i32s}, {t})",
            zero.name, a.name
        ));
        self.pool.push(Val { name: format!("{name}#1"), ty: t, sharded: false });
    }

    /// A call of a new private helper function computing one elementwise op.
    fn call(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 0);
        let b = self.operand_of(&a.ty);
        let op = match a.ty.dtype.family() {
            Family::Float | Family::Int => *self.rng.pick(&["add", "maximum", "multiply"]),
            Family::Bool => *self.rng.pick(&["and", "or"]),
        };
        let f = format!("helper_{}", self.helpers.len());
        let t = &a.ty;
        self.helpers.push(format!(
            "func.func private @{f}(%x: {t}, %y: {t}) -> {t} {{\n  %r = \"stablehlo.{op}\"(%x, %y) : ({t}, {t}) -> {t}\n  \"func.return\"(%r) : ({t}) -> ()\n}}\n"
        ));
        let name = self.fresh();
        self.lines.push(format!("{name} = func.call @{f}({}, {}) : ({t}, {t}) -> {t}", a.name, b.name));
        self.pool.push(Val { name, ty: a.ty.clone(), sharded: false });
    }

    fn reduce_window(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int], 1);
        let kind = no_bf16_sum(a.ty.dtype, *self.rng.pick(Reduction::for_family(a.ty.dtype.family())));
        let init = self.constant(a.ty.dtype, kind.identity(a.ty.dtype));
        let (mut win, mut strides, mut pads, mut out) = (vec![], vec![], vec![], vec![]);
        for &n in &a.ty.shape {
            let (lo, hi) = (self.rng.range(0, 1), self.rng.range(0, 1));
            let w = self.rng.range(1, (n + lo + hi).min(3));
            let st = self.rng.range(1, 2);
            win.push(w);
            strides.push(st);
            pads.push(format!("[{lo}, {hi}]"));
            out.push((n + lo + hi - w) / st + 1);
        }
        let t = a.ty.scalar();
        let region = format!(
            " ({{\n    ^bb0(%p0: {t}, %p1: {t}):\n      %q0 = \"{}\"(%p0, %p1) : ({t}, {t}) -> {t}\n      \"stablehlo.return\"(%q0) : ({t}) -> ()\n    }})",
            kind.op()
        );
        let props = format!(
            "padding = dense<[{}]> : tensor<{}x2xi64>, window_dimensions = {}, window_strides = {}",
            pads.join(", "),
            a.ty.rank(),
            i64_array(&win),
            i64_array(&strides)
        );
        self.emit("stablehlo.reduce_window", &[&a, &init], &props, &region, TensorTy::new(out, a.ty.dtype));
    }

    /// A gather of whole rows: `indices` of shape `[k, 1]` pick rows of the operand's dimension 0.
    fn gather(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 1);
        let k = random_dim(self.rng);
        let idx = self.operand_of(&TensorTy::new(vec![k, 1], Dtype::I32));
        let r = a.ty.rank() as i64;
        let offset: Vec<i64> = (1..r).collect();
        let mut sizes = a.ty.shape.clone();
        sizes[0] = 1;
        let mut out = vec![k];
        out.extend_from_slice(&a.ty.shape[1..]);
        let props = format!(
            "dimension_numbers = #stablehlo.gather<offset_dims = {}, collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = {}",
            list(&offset),
            i64_array(&sizes)
        );
        self.emit("stablehlo.gather", &[&a, &idx], &props, "", TensorTy::new(out, a.ty.dtype));
    }

    /// A scatter of whole rows: `updates` rows combined into the rows of dimension 0 that `indices` name.
    fn scatter(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int], 1);
        let k = random_dim(self.rng);
        let idx = self.operand_of(&TensorTy::new(vec![k, 1], Dtype::I32));
        let mut ushape = vec![k];
        ushape.extend_from_slice(&a.ty.shape[1..]);
        let upd = self.operand_of(&TensorTy::new(ushape, a.ty.dtype));
        let kind = no_bf16_sum(a.ty.dtype, *self.rng.pick(Reduction::for_family(a.ty.dtype.family())));
        let t = a.ty.scalar();
        let region = format!(
            " ({{\n    ^bb0(%p0: {t}, %p1: {t}):\n      %q0 = \"{}\"(%p0, %p1) : ({t}, {t}) -> {t}\n      \"stablehlo.return\"(%q0) : ({t}) -> ()\n    }})",
            kind.op()
        );
        let window: Vec<i64> = (1..a.ty.rank() as i64).collect();
        let props = format!(
            "indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = {}, inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false",
            list(&window)
        );
        self.emit("stablehlo.scatter", &[&a, &idx, &upd], &props, &region, a.ty.clone());
    }

    /// A convolution in the `[b, f, 0, ...]x[o, i, 0, ...]->[b, f, 0, ...]` layout with 1 or 2 spatial dimensions.
    fn convolution(&mut self) {
        let lhs = self.operand(
            &|t| matches!(t.dtype, Dtype::F32 | Dtype::F64 | Dtype::I32) && (3..=4).contains(&t.rank()),
            &|rng| {
                let d = *rng.pick(&[Dtype::F32, Dtype::I32, Dtype::F64]);
                let spatial = 1 + rng.below(2);
                TensorTy::new((0..2 + spatial).map(|_| random_dim(rng)).collect(), d)
            },
        );
        let spatial = lhs.ty.rank() - 2;
        let o = random_dim(self.rng);
        let mut kshape = vec![o, lhs.ty.shape[1]];
        let (mut strides, mut pads, mut out) = (vec![], vec![], vec![lhs.ty.shape[0], o]);
        for s in 0..spatial {
            let n = lhs.ty.shape[2 + s];
            let (lo, hi) = (self.rng.range(0, 1), self.rng.range(0, 1));
            let k = self.rng.range(1, (n + lo + hi).min(3));
            let st = self.rng.range(1, 2);
            kshape.push(k);
            strides.push(st);
            pads.push(format!("[{lo}, {hi}]"));
            out.push((n + lo + hi - k) / st + 1);
        }
        let rhs = self.operand_of(&TensorTy::new(kshape, lhs.ty.dtype));
        let sp: Vec<String> = (0..spatial).map(|i| i.to_string()).collect();
        let sp = sp.join(", ");
        let props = format!(
            "batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, {sp}]x[o, i, {sp}]->[b, f, {sp}]>, feature_group_count = 1 : i64, padding = dense<[{}]> : tensor<{spatial}x2xi64>, window_strides = {}",
            pads.join(", "),
            i64_array(&strides)
        );
        self.emit("stablehlo.convolution", &[&lhs, &rhs], &props, "", TensorTy::new(out, lhs.ty.dtype));
    }

    /// A two-branch case on a scalar index: the value itself, or one elementwise op of it.
    fn case(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 0);
        let idx = self.operand_of(&TensorTy::new(vec![], Dtype::I32));
        let t = a.ty.clone();
        let n = self.fresh();
        let op = match t.dtype.family() {
            Family::Float | Family::Int => "negate",
            Family::Bool => "not",
        };
        let name = self.fresh();
        self.lines.push(format!(
            "{name} = \"stablehlo.case\"({}) ({{\n    \"stablehlo.return\"({}) : ({t}) -> ()\n    }}, {{\n    {n} = \"stablehlo.{op}\"({}) : ({t}) -> {t}\n    \"stablehlo.return\"({n}) : ({t}) -> ()\n    }}) : (tensor<i32>) -> {t}",
            idx.name, a.name, a.name
        ));
        self.pool.push(Val { name, ty: t, sharded: false });
    }

    fn sharding_constraint(&mut self) {
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 0);
        let freedom = if self.rng.chance(50) { Freedom::Open } else { Freedom::Closed };
        let s = Sharding::random(self.rng, self.mesh, a.ty.rank(), freedom, self.sub_axes);
        let name = self.fresh();
        let ty = &a.ty;
        self.lines.push(format!(
            "{name} = \"sdy.sharding_constraint\"({}) {{sharding = {}}} : ({ty}) -> {ty}",
            a.name,
            s.attr(self.mesh, MESH)
        ));
        self.pool.push(Val { name, ty: a.ty.clone(), sharded: true });
    }

    /// The mesh axes of size > 1 (indices).
    fn usable_axes(&self) -> Vec<usize> {
        (0..self.mesh.axes.len()).filter(|&a| self.mesh.axes[a].1 > 1).collect()
    }

    /// A closed sharding of `rank` dims over whole axes: each usable axis on a
    /// random dim, or unused.
    fn closed_dims(&mut self, rank: usize) -> Vec<Vec<usize>> {
        let mut dims = vec![Vec::new(); rank];
        for a in self.rng.permutation(self.mesh.axes.len()) {
            if self.mesh.axes[a].1 > 1 && rank > 0 && self.rng.chance(60) {
                let d = self.rng.below(rank);
                dims[d].push(a);
            }
        }
        dims
    }

    /// `sdy.reshard` of `a` to `dims`.
    fn reshard(&mut self, a: &Val, dims: &[Vec<usize>]) -> Val {
        let name = self.fresh();
        let t = &a.ty;
        self.lines.push(format!("{name} = sdy.reshard {} <@{MESH}, {}> : {t}", a.name, dims_text(self.mesh, dims)));
        let v = Val { name, ty: a.ty.clone(), sharded: true };
        self.pool.push(v.clone());
        v
    }

    /// `%r = sdy.<op> <params> %x out_sharding=<@mesh, dims> : T`, added to the pool.
    fn sdy_op(&mut self, op: &str, params: &str, x: &Val, out: &[Vec<usize>]) {
        let name = self.fresh();
        let t = &x.ty;
        let params = if params.is_empty() { String::new() } else { format!("{params} ") };
        self.lines.push(format!(
            "{name} = sdy.{op} {params}{} out_sharding=<@{MESH}, {}> : {t}",
            x.name,
            dims_text(self.mesh, out)
        ));
        self.pool.push(Val { name, ty: x.ty.clone(), sharded: true });
    }

    /// An explicit sdy collective on a value first resharded to a closed
    /// sharding: all_gather (a suffix of a dim's axes), all_slice (unused
    /// axes), all_to_all (a suffix moved to another dim),
    /// collective_permute (an axis swapped for another of the same size),
    /// or all_reduce / reduce_scatter of the partial sums of a reduce over
    /// a dim sharded on the reduced axis.
    fn sdy_collective(&mut self) {
        let usable = self.usable_axes();
        if usable.is_empty() {
            return self.elementwise();
        }
        let kind = self.rng.below(6);
        if kind >= 4 {
            return self.sdy_reduction(kind == 5);
        }
        let a = self.operand_in(&[Family::Float, Family::Int, Family::Bool], 1);
        let rank = a.ty.rank();
        let mut dims = self.closed_dims(rank);
        if dims.iter().all(Vec::is_empty) {
            let ax = *self.rng.pick(&usable);
            let d = self.rng.below(rank);
            dims[d].push(ax);
        }
        let unused: Vec<usize> = usable.iter().copied().filter(|x| !dims.iter().any(|d| d.contains(x))).collect();
        let sharded_dims: Vec<usize> = (0..rank).filter(|&d| !dims[d].is_empty()).collect();
        let r = self.reshard(&a, &dims);
        match kind {
            // all_slice of the unused axes (all_gather when none is unused).
            1 if !unused.is_empty() => {
                let mut slicing = vec![Vec::new(); rank];
                let mut out = dims.clone();
                for &x in &unused {
                    if self.rng.chance(70) || slicing.iter().all(Vec::is_empty) {
                        let d = self.rng.below(rank);
                        slicing[d].push(x);
                        out[d].push(x);
                    }
                }
                let params = dims_text(self.mesh, &slicing);
                self.sdy_op("all_slice", &params, &r, &out);
            }
            // all_to_all: a suffix of one dim's axes moves to another dim.
            2 if rank >= 2 => {
                let src = *self.rng.pick(&sharded_dims);
                let mut tgt = self.rng.below(rank - 1);
                if tgt >= src {
                    tgt += 1;
                }
                let k = 1 + self.rng.below(dims[src].len());
                let moved: Vec<usize> = dims[src][dims[src].len() - k..].to_vec();
                let mut out = dims.clone();
                out[src].truncate(dims[src].len() - k);
                out[tgt].extend(&moved);
                let names: Vec<String> = moved.iter().map(|&x| format!("\"{}\"", self.mesh.axes[x].0)).collect();
                let params = format!("[{{{}}}: {src}->{tgt}]", names.join(", "));
                self.sdy_op("all_to_all", &params, &r, &out);
            }
            // collective_permute: an axis swapped for an unused one of the same size.
            3 => {
                let swap =
                    sharded_dims.iter().flat_map(|&d| dims[d].iter().map(move |&x| (d, x))).find_map(|(d, x)| {
                        unused.iter().find(|&&u| self.mesh.axes[u].1 == self.mesh.axes[x].1).map(|&u| (d, x, u))
                    });
                let mut out = dims.clone();
                match swap {
                    Some((d, x, u)) => {
                        let i = out[d].iter().position(|&y| y == x).unwrap_or(0);
                        out[d][i] = u;
                    }
                    // Without an axis of the same size, the dims' axes trade places when they can.
                    None if sharded_dims.len() >= 2 => {
                        let (d0, d1) = (sharded_dims[0], sharded_dims[1]);
                        if dims[d0].iter().map(|&x| self.mesh.axes[x].1).product::<i64>()
                            == dims[d1].iter().map(|&x| self.mesh.axes[x].1).product::<i64>()
                        {
                            out.swap(d0, d1);
                        }
                    }
                    None => {}
                }
                self.sdy_op("collective_permute", "", &r, &out);
            }
            // all_gather of a suffix of one dim's axes.
            _ => {
                let d = *self.rng.pick(&sharded_dims);
                let k = 1 + self.rng.below(dims[d].len());
                let mut gathering = vec![Vec::new(); rank];
                gathering[d] = dims[d][dims[d].len() - k..].to_vec();
                let mut out = dims.clone();
                out[d].truncate(dims[d].len() - k);
                let params = dims_text(self.mesh, &gathering);
                self.sdy_op("all_gather", &params, &r, &out);
            }
        }
    }

    /// A sum over a dim sharded on an axis leaves partial sums, declared by
    /// the result's `unreduced` axis; an `sdy.all_reduce` (or
    /// `sdy.reduce_scatter` onto a result dim) over that axis completes them.
    fn sdy_reduction(&mut self, scatter: bool) {
        let usable = self.usable_axes();
        let min_rank = if scatter { 2 } else { 1 };
        let a = self.operand(
            &|t| matches!(t.dtype, Dtype::F32 | Dtype::I32 | Dtype::F64) && t.rank() >= min_rank,
            &|rng| {
                let d = *rng.pick(&[Dtype::F32, Dtype::I32]);
                let rank = min_rank + rng.below(2);
                TensorTy::new((0..rank).map(|_| random_dim(rng)).collect(), d)
            },
        );
        let rank = a.ty.rank();
        let ax = *self.rng.pick(&usable);
        let d = self.rng.below(rank);
        let mut dims = vec![Vec::new(); rank];
        dims[d].push(ax);
        let r = self.reshard(&a, &dims);
        let init = self.constant(a.ty.dtype, Reduction::Add.identity(a.ty.dtype));
        let out_shape: Vec<i64> = (0..rank).filter(|&i| i != d).map(|i| a.ty.shape[i]).collect();
        let out_ty = TensorTy::new(out_shape, a.ty.dtype);
        let t = a.ty.scalar();
        let name = self.fresh();
        let replicated = dims_text(self.mesh, &vec![Vec::new(); out_ty.rank()]);
        let axis = format!("\"{}\"", self.mesh.axes[ax].0);
        // The result is declared unreduced over the axis, so that the partial
        // sums are explicit in the program (not only in the partitioner's reading).
        let replicated = format!("{replicated}, unreduced={{{axis}}}");
        self.lines.push(format!(
            "{name} = \"stablehlo.reduce\"({}, {}) <{{dimensions = array<i64: {d}>}}> ({{\n    ^bb0(%p0: {t}, %p1: {t}):\n      %q0 = \"stablehlo.add\"(%p0, %p1) : ({t}, {t}) -> {t}\n      \"stablehlo.return\"(%q0) : ({t}) -> ()\n    }}) {{sdy.sharding = #sdy.sharding_per_value<[<@{MESH}, {}>]>}} : ({}, {t}) -> {out_ty}",
            r.name,
            init.name,
            replicated,
            a.ty
        ));
        let partial = Val { name, ty: out_ty.clone(), sharded: true };
        if scatter {
            let e = self.rng.below(out_ty.rank());
            let mut scattering = vec![Vec::new(); out_ty.rank()];
            scattering[e].push(ax);
            let params = dims_text(self.mesh, &scattering);
            self.sdy_op("reduce_scatter", &params, &partial, &scattering);
        } else {
            let out = vec![Vec::new(); out_ty.rank()];
            self.sdy_op("all_reduce", &format!("{{{axis}}}"), &partial, &out);
        }
    }

    /// A fully manual `sdy.manual_computation` (every mesh axis manual)
    /// whose body runs a StableHLO collective over one axis's device groups:
    /// an all_reduce (sum or max), a collective_permute (a cyclic shift) or
    /// an all_gather, with `use_global_device_ids` over the mesh's device ids.
    fn manual_computation(&mut self) {
        let usable = self.usable_axes();
        if usable.is_empty() {
            return self.elementwise();
        }
        let rank = 1 + self.rng.below(2);
        let dims = self.closed_dims(rank);
        // The global shape: a local shape times the axes of each dim.
        let local: Vec<i64> = (0..rank).map(|_| *self.rng.pick(&[1, 2, 2, 3, 4])).collect();
        let global: Vec<i64> =
            (0..rank).map(|d| local[d] * dims[d].iter().map(|&x| self.mesh.axes[x].1).product::<i64>()).collect();
        let dtype = *self.rng.pick(&[Dtype::F32, Dtype::I32, Dtype::F32, Dtype::I8]);
        let gty = TensorTy::new(global, dtype);
        let a = self.operand_of(&gty);
        let lty = TensorTy::new(local.clone(), dtype);
        let ax = *self.rng.pick(&usable);
        // Device groups that differ only along `ax`, in device ids.
        let n = self.mesh.devices() as usize;
        let sizes: Vec<usize> = self.mesh.axes.iter().map(|a| a.1 as usize).collect();
        let stride: usize = sizes[ax + 1..].iter().product();
        let size = sizes[ax];
        let id = |p: usize| self.mesh.device_ids.as_ref().map_or(p as i64, |ids| ids[p]);
        let mut groups: Vec<Vec<i64>> = vec![];
        for p in 0..n {
            if (p / stride) % size == 0 {
                groups.push((0..size).map(|k| id(p + k * stride)).collect());
            }
        }
        let groups_text = format!(
            "dense<[{}]> : tensor<{}x{}xi64>",
            groups
                .iter()
                .map(|g| format!("[{}]", g.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")))
                .collect::<Vec<_>>()
                .join(", "),
            groups.len(),
            size
        );
        let arg = self.fresh();
        let body = self.fresh();
        let t = lty.scalar();
        let chan = "channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>";
        let (line, out_local) = match self.rng.below(3) {
            0 => {
                let op = if self.rng.chance(50) { "stablehlo.add" } else { "stablehlo.maximum" };
                (
                    format!(
                        "{body} = \"stablehlo.all_reduce\"({arg}) <{{{chan}, replica_groups = {groups_text}, use_global_device_ids}}> ({{\n      ^bb0(%p0: {t}, %p1: {t}):\n        %q0 = \"{op}\"(%p0, %p1) : ({t}, {t}) -> {t}\n        \"stablehlo.return\"(%q0) : ({t}) -> ()\n      }}) : ({lty}) -> {lty}"
                    ),
                    lty.clone(),
                )
            }
            1 => {
                let pairs: Vec<String> = groups
                    .iter()
                    .flat_map(|g| (0..g.len()).map(move |k| format!("[{}, {}]", g[k], g[(k + 1) % g.len()])))
                    .collect();
                (
                    format!(
                        "{body} = \"stablehlo.collective_permute\"({arg}) <{{{chan}, source_target_pairs = dense<[{}]> : tensor<{}x2xi64>}}> : ({lty}) -> {lty}",
                        pairs.join(", "),
                        pairs.len()
                    ),
                    lty.clone(),
                )
            }
            _ => {
                let gd = self.rng.below(rank);
                let mut shape = local.clone();
                shape[gd] *= size as i64;
                let out = TensorTy::new(shape, dtype);
                (
                    format!(
                        "{body} = \"stablehlo.all_gather\"({arg}) <{{all_gather_dim = {gd} : i64, {chan}, replica_groups = {groups_text}, use_global_device_ids}}> : ({lty}) -> {out}"
                    ),
                    out,
                )
            }
        };
        let out_global: Vec<i64> = (0..rank)
            .map(|d| out_local.shape[d] * dims[d].iter().map(|&x| self.mesh.axes[x].1).product::<i64>())
            .collect();
        let out_ty = TensorTy::new(out_global, dtype);
        let manual: Vec<String> = self.mesh.axes.iter().map(|(name, _)| format!("\"{name}\"")).collect();
        let sh = format!("<@{MESH}, {}>", dims_text(self.mesh, &dims));
        let name = self.fresh();
        self.lines.push(format!(
            "{name} = sdy.manual_computation({}) in_shardings=[{sh}] out_shardings=[{sh}] manual_axes={{{}}} ({arg}: {lty}) {{\n    {line}\n    sdy.return {body} : {out_local}\n  }} : ({}) -> {out_ty}",
            a.name,
            manual.join(", "),
            a.ty
        ));
        self.pool.push(Val { name, ty: out_ty, sharded: true });
    }

    fn sharding_group(&mut self) {
        // Group values of one type that carry no explicit sharding, so that
        // the group never joins conflicting shardings.
        let mut free: Vec<Val> = self.pool.iter().filter(|v| !v.sharded).cloned().collect();
        if free.is_empty() {
            let d = Dtype::random(self.rng);
            let ty = TensorTy::random(self.rng, d);
            let v = Val { name: format!("%arg{}", self.args.len()), ty, sharded: false };
            self.args.push((v.clone(), None));
            self.pool.push(v.clone());
            free.push(v);
        }
        let first = free[free.len() - 1].clone();
        let mates: Vec<Val> = free.iter().filter(|v| v.ty == first.ty && v.name != first.name).cloned().collect();
        let g = self.next_group;
        self.next_group += 1;
        let mut members = vec![first];
        if let Some(m) = mates.last() {
            members.push(m.clone());
        }
        for v in members {
            self.lines.push(format!("\"sdy.sharding_group\"({}) {{group_id = {g} : i64}} : ({}) -> ()", v.name, v.ty));
        }
    }
}

/// Axes of the mesh per dimension (indices into the mesh's axes), closed,
/// printed as `[{"x"}, {}]`.
fn dims_text(mesh: &Mesh, dims: &[Vec<usize>]) -> String {
    let d: Vec<String> = dims
        .iter()
        .map(|axes| {
            let names: Vec<String> = axes.iter().map(|&a| format!("\"{}\"", mesh.axes[a].0)).collect();
            format!("{{{}}}", names.join(", "))
        })
        .collect();
    format!("[{}]", d.join(", "))
}

/// `kind`, except that bf16 sums become maxima: a bf16 sum reassociated over
/// devices rounds differently from the sequential one, and generated
/// programs are meant to give bit-equal sharded and global results.
fn no_bf16_sum(dtype: Dtype, kind: Reduction) -> Reduction {
    if dtype == Dtype::BF16 && kind == Reduction::Add { Reduction::Max } else { kind }
}
