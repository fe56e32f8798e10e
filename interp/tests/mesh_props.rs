//! Property tests of the sdy device model and the sdy collectives: random
//! meshes (1–3 axes of sizes 1–4, explicit device orders), random shardings
//! (sub-axes, non-divisible dimensions, replicated and unreduced axes) and
//! small random tensors.
//!
//! - shard-then-unshard is the identity;
//! - each sdy collective, run sharded on per-device inputs, reassembles to
//!   its input's logical value (all_reduce and reduce_scatter: to the sum of
//!   the unreduced partials).

use proptest::prelude::*;
use shardref_interp::devices::mesh::{Mesh, Sharding};
use shardref_interp::devices::sharded::{ShardedInputs, ShardedOptions, run_sharded};
use shardref_interp::value::{Buffer, Tensor, Value};
use shardref_spec::ir::ElemType;

/// A small deterministic generator (the case is a function of the proptest seed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn perm(&mut self, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
        v
    }
}

/// Where a (sub-)axis goes in a sharding.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Place {
    Dim(usize),
    Replicated,
    Unreduced,
    Unused,
}

/// One (sub-)axis: axis index, pre-size, size.
type Piece = (usize, usize, usize);

#[derive(Clone, Debug)]
struct Case {
    sizes: Vec<usize>,
    ids: Vec<usize>,
    ids2: Vec<usize>,
    pieces: Vec<Piece>,
    places: Vec<Place>,
    /// Order of pieces within each dimension (major to minor).
    dims: Vec<Vec<usize>>,
    shape: Vec<usize>,
}

const NAMES: [&str; 3] = ["a", "b", "c"];

fn case(rng: &mut Rng) -> Case {
    let n_axes = 1 + rng.below(3);
    let sizes: Vec<usize> = (0..n_axes).map(|_| 1 + rng.below(4)).collect();
    let n: usize = sizes.iter().product();
    let ids = rng.perm(n);
    let ids2 = rng.perm(n);
    let rank = 1 + rng.below(3);
    let shape: Vec<usize> = (0..rank).map(|_| 1 + rng.below(7)).collect();
    let mut pieces = vec![];
    for (a, &s) in sizes.iter().enumerate() {
        if s == 4 && rng.below(2) == 0 {
            pieces.push((a, 1, 2));
            pieces.push((a, 2, 2));
        } else {
            pieces.push((a, 1, s));
        }
    }
    let places: Vec<Place> = pieces
        .iter()
        .map(|_| match rng.below(5) {
            0 => Place::Replicated,
            1 => Place::Unreduced,
            2 => Place::Unused,
            _ => Place::Dim(rng.below(rank)),
        })
        .collect();
    let mut dims = vec![vec![]; rank];
    for i in rng.perm(pieces.len()) {
        if let Place::Dim(d) = places[i] {
            dims[d].push(i);
        }
    }
    Case { sizes, ids, ids2, pieces, places, dims, shape }
}

fn piece_text(c: &Case, i: usize) -> String {
    let (a, pre, size) = c.pieces[i];
    if pre == 1 && size == c.sizes[a] { format!("\"{}\"", NAMES[a]) } else { format!("\"{}\":({pre}){size}", NAMES[a]) }
}

fn list(c: &Case, is: &[usize]) -> String {
    format!("{{{}}}", is.iter().map(|&i| piece_text(c, i)).collect::<Vec<_>>().join(", "))
}

/// `<@mesh, [dims], replicated={..}, unreduced={..}>`.
fn sharding_text(c: &Case, mesh: &str, dims: &[Vec<usize>], replicated: &[usize], unreduced: &[usize]) -> String {
    let mut s = format!("<@{mesh}, [{}]", dims.iter().map(|d| list(c, d)).collect::<Vec<_>>().join(", "));
    if !replicated.is_empty() {
        s.push_str(&format!(", replicated={}", list(c, replicated)));
    }
    if !unreduced.is_empty() {
        s.push_str(&format!(", unreduced={}", list(c, unreduced)));
    }
    s.push('>');
    s
}

fn mesh_text(c: &Case, name: &str, ids: &[usize]) -> String {
    let axes: Vec<String> = c.sizes.iter().enumerate().map(|(a, s)| format!("\"{}\"={s}", NAMES[a])).collect();
    let ids: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
    format!("sdy.mesh @{name} = <[{}], device_ids=[{}]>", axes.join(", "), ids.join(", "))
}

fn of(c: &Case, p: Place) -> Vec<usize> {
    (0..c.pieces.len()).filter(|&i| c.places[i] == p).collect()
}

fn ty(c: &Case) -> String {
    format!("tensor<{}xi32>", c.shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x"))
}

fn random_tensor(rng: &mut Rng, shape: &[usize]) -> Tensor {
    let n: usize = shape.iter().product();
    Tensor::new(shape.to_vec(), ElemType::I32, Buffer::I32((0..n).map(|_| rng.below(200) as i32 - 100).collect()))
}

/// Parses `c`'s meshes plus one function whose argument is `input` and
/// result `output`, with `body` between them.
fn program(c: &Case, input: &str, output: &str, body: &str) -> shardref_spec::Module {
    let t = ty(c);
    let text = format!(
        "{}\n{}\nfunc.func @f(%arg0: {t} {{sdy.sharding = #sdy.sharding{input}}}) -> ({t} {{sdy.sharding = #sdy.sharding{output}}}) {{\n  %0 = {body} : {t}\n  return %0 : {t}\n}}\n",
        mesh_text(c, "m", &c.ids),
        mesh_text(c, "m2", &c.ids2),
    );
    shardref_spec::parse("prop.mlir", &text).unwrap_or_else(|e| panic!("{text}\n{e:?}"))
}

/// Per-device inputs: random partials for each unreduced coordinate, laid
/// out per the input sharding; returns them (by device id) and the logical value.
fn partial_inputs(
    rng: &mut Rng,
    m: &shardref_spec::Module,
    s: &Sharding,
    shape: &[usize],
) -> (Vec<Vec<Value>>, Tensor) {
    let n = s.mesh.num_devices();
    let groups: usize = s.unreduced.iter().map(|x| x.size).product();
    let partials: Vec<Tensor> = (0..groups).map(|_| random_tensor(rng, shape)).collect();
    let mut per = vec![vec![]; n];
    for p in 0..n {
        let u = s.mesh.index_over(&s.unreduced, p);
        let local =
            shardref_interp::devices::mesh::extract_block(&partials[u], &s.block(shape, p), &s.local_shape(shape));
        per[s.mesh.device_id(p) as usize] = vec![Value::Tensor(local)];
    }
    let _ = m;
    let mut sum = partials[0].clone();
    for t in &partials[1..] {
        sum = shardref_interp::devices::mesh::reduce_pair(shardref_spec::ir::sdy::ReductionKind::Sum, &sum, t).unwrap();
    }
    (per, sum)
}

/// Runs `@f` sharded on per-device inputs and reassembles its result.
fn run(m: &shardref_spec::Module, per: Vec<Vec<Value>>) -> Result<Value, String> {
    let r =
        run_sharded(m, "f", ShardedInputs::PerDevice(per), &ShardedOptions::default()).map_err(|e| e.to_string())?;
    r[0].reassemble().map_err(|e| e.to_string())
}

fn input_sharding(m: &shardref_spec::Module) -> Sharding {
    let f = m.lookup_symbol("f").unwrap();
    let Some(shardref_spec::ir::Attr::Array(items)) = m.op(f).attrs.get("arg_attrs") else { panic!() };
    let shardref_spec::ir::Attr::Dict(d) = &items[0] else { panic!() };
    let Some(shardref_spec::ir::Attr::Sdy(a)) = d.get("sdy.sharding") else { panic!() };
    let shardref_spec::ir::sdy::SdyAttr::Sharding(t) = &**a else { panic!() };
    Sharding::from_attr(m, t).unwrap()
}

fn check_collective(seed: u64, which: usize) -> Result<(), TestCaseError> {
    let mut rng = Rng(seed);
    let c = case(&mut rng);
    let (rep, unr, unused) = (of(&c, Place::Replicated), of(&c, Place::Unreduced), of(&c, Place::Unused));
    let dims = c.dims.clone();
    let input = sharding_text(&c, "m", &dims, &rep, &unr);
    let rank = c.shape.len();
    let empty_lists =
        |lists: &[Vec<usize>]| format!("[{}]", lists.iter().map(|l| list(&c, l)).collect::<Vec<_>>().join(", "));
    let (output, body) = match which {
        // all_gather: the minor-most piece of some dimension.
        0 => {
            let Some(d) = (0..rank).find(|&d| !dims[d].is_empty()) else { return Ok(()) };
            let mut out = dims.clone();
            let last = out[d].pop().unwrap();
            let mut g = vec![vec![]; rank];
            g[d].push(last);
            let o = sharding_text(&c, "m", &out, &rep, &unr);
            (o.clone(), format!("sdy.all_gather {} %arg0 out_sharding={o}", empty_lists(&g)))
        }
        // all_slice: an unused piece appended to a dimension.
        1 => {
            let Some(&x) = unused.first() else { return Ok(()) };
            let d = rng.below(rank);
            let mut out = dims.clone();
            out[d].push(x);
            let mut g = vec![vec![]; rank];
            g[d].push(x);
            let o = sharding_text(&c, "m", &out, &rep, &unr);
            (o.clone(), format!("sdy.all_slice {} %arg0 out_sharding={o}", empty_lists(&g)))
        }
        // all_to_all: the minor-most piece of one dimension moves to another.
        2 => {
            let Some(src) = (0..rank).find(|&d| !dims[d].is_empty()) else { return Ok(()) };
            if rank < 2 {
                return Ok(());
            }
            let tgt = (src + 1 + rng.below(rank - 1)) % rank;
            let mut out = dims.clone();
            let x = out[src].pop().unwrap();
            out[tgt].push(x);
            let o = sharding_text(&c, "m", &out, &rep, &unr);
            (o.clone(), format!("sdy.all_to_all [{}: {src}->{tgt}] %arg0 out_sharding={o}", list(&c, &[x])))
        }
        // collective_permute: another device order, pieces within dims reversed.
        3 => {
            let out: Vec<Vec<usize>> = dims.iter().map(|d| d.iter().rev().copied().collect()).collect();
            let o = sharding_text(&c, "m2", &out, &rep, &unr);
            (o.clone(), format!("sdy.collective_permute %arg0 out_sharding={o}"))
        }
        // all_reduce over every unreduced piece.
        4 => {
            if unr.is_empty() {
                return Ok(());
            }
            let o = sharding_text(&c, "m", &dims, &rep, &[]);
            (o.clone(), format!("sdy.all_reduce {} %arg0 out_sharding={o}", list(&c, &unr)))
        }
        // reduce_scatter: the unreduced pieces are reduced and appended to one dimension.
        5 => {
            if unr.is_empty() {
                return Ok(());
            }
            let d = rng.below(rank);
            let mut out = dims.clone();
            out[d].extend(unr.iter().copied());
            let mut g = vec![vec![]; rank];
            g[d] = unr.clone();
            let o = sharding_text(&c, "m", &out, &rep, &[]);
            (o.clone(), format!("sdy.reduce_scatter {} %arg0 out_sharding={o}", empty_lists(&g)))
        }
        // sharded_to_unreduced: the minor-most piece of a dimension becomes unreduced.
        6 => {
            if !unr.is_empty() {
                return Ok(());
            }
            let Some(d) = (0..rank).find(|&d| !dims[d].is_empty()) else { return Ok(()) };
            let mut out = dims.clone();
            let x = out[d].pop().unwrap();
            let mut g = vec![vec![]; rank];
            g[d].push(x);
            let o = sharding_text(&c, "m", &out, &rep, &[x]);
            (o.clone(), format!("sdy.sharded_to_unreduced {} %arg0 out_sharding={o}", empty_lists(&g)))
        }
        // replicated_to_unreduced: an unused piece becomes unreduced.
        _ => {
            if !unr.is_empty() {
                return Ok(());
            }
            let Some(&x) = unused.first() else { return Ok(()) };
            let o = sharding_text(&c, "m", &dims, &rep, &[x]);
            (o.clone(), format!("sdy.replicated_to_unreduced {} %arg0 out_sharding={o}", list(&c, &[x])))
        }
    };
    let m = program(&c, &input, &output, &body);
    let s = input_sharding(&m);
    let (per, expected) = partial_inputs(&mut rng, &m, &s, &c.shape);
    let got = run(&m, per).map_err(|e| TestCaseError::fail(format!("{body}: {e}")))?;
    prop_assert_eq!(got, Value::Tensor(expected), "{}", body);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn shard_then_unshard_is_identity(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let c = case(&mut rng);
        let (rep, unr) = (of(&c, Place::Replicated), of(&c, Place::Unreduced));
        let text = format!("{}\nfunc.func @f(%arg0: {} {{sdy.sharding = #sdy.sharding{}}}) {{\n  return\n}}\n",
            mesh_text(&c, "m", &c.ids), ty(&c), sharding_text(&c, "m", &c.dims, &rep, &unr));
        let m = shardref_spec::parse("prop.mlir", &text).unwrap();
        let s = input_sharding(&m);
        let t = random_tensor(&mut rng, &c.shape);
        let shards = s.shard(&t);
        prop_assert_eq!(shards.len(), c.ids.len());
        for sh in &shards {
            prop_assert_eq!(&sh.shape, &s.local_shape(&c.shape));
        }
        prop_assert_eq!(s.unshard(&shards, &c.shape).unwrap(), t);
    }

    #[test]
    fn blocks_tile_each_dimension(seed in any::<u64>()) {
        // Every global element is held by exactly the devices that replicate it:
        // as many as the product of the sizes of the axes that shard no dimension.
        let mut rng = Rng(seed);
        let c = case(&mut rng);
        let text = format!("{}\nfunc.func @f(%arg0: {} {{sdy.sharding = #sdy.sharding{}}}) {{\n  return\n}}\n",
            mesh_text(&c, "m", &c.ids), ty(&c), sharding_text(&c, "m", &c.dims, &[], &[]));
        let m = shardref_spec::parse("prop.mlir", &text).unwrap();
        let s = input_sharding(&m);
        let mesh: &Mesh = &s.mesh;
        let sharded: usize = s.dims.iter().map(|d| d.iter().map(|x| x.size).product::<usize>()).product();
        let copies = mesh.num_devices() / sharded;
        let total: usize = c.shape.iter().product();
        let mut count = vec![0usize; total];
        let strides = shardref_interp::value::strides(&c.shape);
        for p in 0..mesh.num_devices() {
            let b = s.block(&c.shape, p);
            shardref_interp::ops::shape::for_each_index(&b.iter().map(|r| r.len()).collect::<Vec<_>>(), |i| {
                let g: usize = i.iter().zip(&b).zip(&strides).map(|((&x, r), st)| (x + r.start) * st).sum();
                count[g] += 1;
            });
        }
        prop_assert!(count.iter().all(|&k| k == copies), "{:?} (expected {} copies)", count, copies);
    }

    #[test]
    fn all_gather_reassembles(seed in any::<u64>()) { check_collective(seed, 0)?; }
    #[test]
    fn all_slice_reassembles(seed in any::<u64>()) { check_collective(seed, 1)?; }
    #[test]
    fn all_to_all_reassembles(seed in any::<u64>()) { check_collective(seed, 2)?; }
    #[test]
    fn collective_permute_reassembles(seed in any::<u64>()) { check_collective(seed, 3)?; }
    #[test]
    fn all_reduce_reassembles_to_the_sum(seed in any::<u64>()) { check_collective(seed, 4)?; }
    #[test]
    fn reduce_scatter_reassembles_to_the_sum(seed in any::<u64>()) { check_collective(seed, 5)?; }
    #[test]
    fn sharded_to_unreduced_reassembles(seed in any::<u64>()) { check_collective(seed, 6)?; }
    #[test]
    fn replicated_to_unreduced_reassembles(seed in any::<u64>()) { check_collective(seed, 7)?; }
}
