//! `rng_bit_generator` against XLA CPU's outputs (jax 0.10.2,
//! `lax.rng_bit_generator` under `jit`, recorded once), and `rng`'s
//! documented properties.

use shardref_interp::ops::rng::{Algorithm, Distribution, rng, rng_bit_generator};
use shardref_interp::value::{Buffer, Tensor};
use shardref_spec::ir::{ElemType, FloatKind, Signedness};

fn uint(width: u32) -> ElemType {
    ElemType::Int { width, signedness: Signedness::Unsigned }
}

fn state(s: &[u64]) -> Tensor {
    Tensor::new(vec![s.len()], uint(64), Buffer::U64(s.into()))
}

fn words(t: &Tensor) -> Vec<u64> {
    match &t.buf {
        Buffer::U64(s) => s.to_vec(),
        Buffer::U32(s) => s.iter().map(|&x| x as u64).collect(),
        Buffer::U16(s) => s.iter().map(|&x| x as u64).collect(),
        Buffer::U8(s) => s.iter().map(|&x| x as u64).collect(),
        Buffer::I8(s) => s.iter().map(|&x| x as u64).collect(),
        Buffer::F32(s) => s.iter().map(|&x| x.to_bits() as u64).collect(),
        b => panic!("unexpected buffer {b:?}"),
    }
}

/// (algorithm, initial state, shape, element width, new state, output words) as XLA CPU computes them.
type Case = (Algorithm, [u64; 2], &'static [usize], u32, [u64; 2], &'static [u64]);

const BIG: u64 = 1311768467294899695;

const CASES: &[Case] = &[
    (Algorithm::ThreeFry, [3, 3], &[], 64, [3, 4], &[3349939604322698703]),
    (Algorithm::ThreeFry, [3, 3], &[], 32, [3, 4], &[1185596879]),
    (Algorithm::ThreeFry, [3, 3], &[3], 32, [3, 5], &[1185596879, 779968594, 555017538]),
    (
        Algorithm::ThreeFry,
        [3, 3],
        &[2, 3],
        32,
        [3, 6],
        &[1185596879, 555017538, 1109507171, 779968594, 3728210106, 3604763515],
    ),
    (
        Algorithm::ThreeFry,
        [3, 3],
        &[3, 5],
        32,
        [3, 12],
        &[
            1185596879, 779968594, 555017538, 3728210106, 1109507171, 3802093305, 3166652467, 849634428, 1054234490,
            4095841382, 2263954335, 1016631374, 167328752, 1424749559, 446042894,
        ],
    ),
    (
        Algorithm::ThreeFry,
        [3, 3],
        &[5],
        64,
        [3, 8],
        &[3349939604322698703, 16012540478441710914, 15482341407848512611, 13600668787364812537, 4527902657714873468],
    ),
    (Algorithm::ThreeFry, [3, 3], &[2, 3], 16, [3, 6], &[50639, 58690, 48227, 24658, 63674, 21371]),
    (Algorithm::ThreeFry, [3, 3], &[3], 8, [3, 5], &[207, 82, 66]),
    // The counter wraps around 2^64.
    (Algorithm::ThreeFry, [BIG, u64::MAX], &[3], 32, [BIG, 1], &[1694148129, 3120065187, 314648704]),
    (Algorithm::ThreeFry, [BIG, u64::MAX], &[3], 8, [BIG, 1], &[33, 163, 128]),
    (Algorithm::Philox, [3, 3], &[], 64, [3, 4], &[11851495419945776089]),
    (Algorithm::Philox, [3, 3], &[], 32, [3, 4], &[3809047513]),
    (
        Algorithm::Philox,
        [3, 3],
        &[2, 3],
        32,
        [3, 5],
        &[3809047513, 2759391306, 1066741709, 2309652990, 3144060952, 1693593194],
    ),
    (
        Algorithm::Philox,
        [3, 3],
        &[5],
        64,
        [3, 6],
        &[11851495419945776089, 9919884058225356749, 7273927384102244376, 13961825902842346770, 4779387745772766108],
    ),
    (Algorithm::Philox, [3, 3], &[2, 3], 16, [3, 5], &[29657, 63562, 12237, 33278, 36888, 11882]),
    (Algorithm::Philox, [3, 3], &[3], 8, [3, 4], &[217, 74, 205]),
    (
        Algorithm::Philox,
        [BIG, u64::MAX],
        &[3, 5],
        32,
        [BIG, 3],
        &[
            1071378773, 931530424, 4244548240, 3661923330, 2590213835, 3593487232, 2338737560, 2348207565, 2764244842,
            4206287005, 389617802, 2828878470, 2044387224, 3210214045, 2973611695,
        ],
    ),
    (
        Algorithm::Philox,
        [BIG, u64::MAX],
        &[5],
        64,
        [BIG, 2],
        &[4000892707380392277, 15727840947053963920, 15433910142623778507, 10085474698233531800, 18065865126829033322],
    ),
];

#[test]
fn rng_bit_generator_matches_xla_cpu() {
    for (i, &(alg, init, shape, width, new_state, out)) in CASES.iter().enumerate() {
        let (st, o) = rng_bit_generator(alg, &state(&init), &uint(width), shape).unwrap();
        assert_eq!(words(&st), new_state, "case {i}: state");
        assert_eq!(o.shape, shape, "case {i}: shape");
        assert_eq!(words(&o), out, "case {i}: output");
    }
}

#[test]
fn philox_with_a_128_bit_counter_matches_xla_cpu() {
    // XLA CPU (jax 0.10.2's PJRT client compiling stablehlo.rng_bit_generator with a ui64[3] state).
    let init = state(&[7, u64::MAX, 5]);
    let cases: [(&[usize], u32, &[u64]); 4] = [
        (&[5], 32, &[592388033, 4281800940, 662029415, 3118642158, 2900326916]),
        (&[3], 64, &[18390195005874446273, 13394466077198894183, 12555307977505995268]),
        (&[2, 3], 16, &[8129, 6380, 50279, 46062, 31236, 27157]),
        (&[], 32, &[592388033]),
    ];
    for (shape, width, out) in cases {
        let (st, o) = rng_bit_generator(Algorithm::Philox, &init, &uint(width), shape).unwrap();
        // The low word wraps and carries into the high word.
        let want_state: &[u64] = if shape.is_empty() { &[7, 0, 6] } else { &[7, 1, 6] };
        assert_eq!(words(&st), want_state, "{shape:?}");
        assert_eq!(words(&o), out, "{shape:?}");
    }
    // Float and narrow signed outputs are the same bits (XLA CPU: f64 from PHILOX, i4 from PHILOX).
    let (_, o) = rng_bit_generator(Algorithm::Philox, &state(&[3, 3]), &ElemType::Float(FloatKind::F64), &[3]).unwrap();
    let Buffer::F64(v) = &o.buf else { panic!() };
    assert_eq!(
        v.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
        [11851495419945776089, 9919884058225356749, 7273927384102244376]
    );
    let i4t = ElemType::Int { width: 4, signedness: Signedness::Signless };
    let (_, o) = rng_bit_generator(Algorithm::Philox, &state(&[3, 3]), &i4t, &[5]).unwrap();
    // Nibbles 9, 10, 13, 14, 8 read as signed 4-bit values.
    assert_eq!(o.buf, Buffer::I8(vec![-7, -6, -3, -2, -8].into()));
}

#[test]
fn rng_bit_generator_types_and_edges() {
    // Floats are the bits reinterpreted: f32 from the 32-bit path.
    let (_, o) =
        rng_bit_generator(Algorithm::ThreeFry, &state(&[3, 3]), &ElemType::Float(FloatKind::F32), &[3]).unwrap();
    assert_eq!(words(&o), [1185596879, 779968594, 555017538]);
    // Signed 8-bit takes the low 8 bits: 207 is -49.
    let i8t = ElemType::Int { width: 8, signedness: Signedness::Signless };
    let (_, o) = rng_bit_generator(Algorithm::ThreeFry, &state(&[3, 3]), &i8t, &[3]).unwrap();
    assert_eq!(o.buf, Buffer::I8(vec![-49, 82, 66].into()));
    // Signed 4-bit stays sign-extended from 4 bits: 207 & 0xF = 15 is -1.
    let i4t = ElemType::Int { width: 4, signedness: Signedness::Signless };
    let (_, o) = rng_bit_generator(Algorithm::ThreeFry, &state(&[3, 3]), &i4t, &[3]).unwrap();
    assert_eq!(o.buf, Buffer::I8(vec![-1, 2, 2].into()));
    // An empty output uses no counter.
    let (st, o) = rng_bit_generator(Algorithm::Philox, &state(&[3, 3]), &uint(32), &[0, 4]).unwrap();
    assert_eq!((words(&st), o.num_elements()), (vec![3, 3], 0));
    let (st, _) = rng_bit_generator(Algorithm::ThreeFry, &state(&[3, 3]), &uint(32), &[4, 0]).unwrap();
    assert_eq!(words(&st), [3, 3]);
    // A ui64[3] Philox state is a 128-bit counter with a carry.
    let (st, o) = rng_bit_generator(Algorithm::Philox, &state(&[7, u64::MAX, 5]), &uint(32), &[5]).unwrap();
    assert_eq!(words(&st), [7, 1, 6]);
    assert_eq!(o.num_elements(), 5);
    // Bad states and types are errors, never panics.
    assert!(rng_bit_generator(Algorithm::ThreeFry, &state(&[1, 2, 3]), &uint(32), &[2]).is_err());
    assert!(rng_bit_generator(Algorithm::Philox, &state(&[1]), &uint(32), &[2]).is_err());
    assert!(rng_bit_generator(Algorithm::Philox, &state(&[1, 2]), &ElemType::I1, &[2]).is_err());
}

fn scalar_f32(x: f32) -> Tensor {
    Tensor::new(vec![], ElemType::Float(FloatKind::F32), Buffer::F32(vec![x].into()))
}

#[test]
fn rng_uniform_and_normal() {
    let mut counter = 0;
    let t = rng(Distribution::Uniform, &scalar_f32(-1.0), &scalar_f32(1.0), &[1000], &mut counter).unwrap();
    assert_eq!(counter, 1000);
    let Buffer::F32(v) = &t.buf else { panic!() };
    assert!(v.iter().all(|&x| (-1.0..1.0).contains(&x)));
    let mean: f32 = v.iter().sum::<f32>() / 1000.0;
    assert!(mean.abs() < 0.1, "{mean}");
    // The next op continues the stream; a fresh run repeats it.
    let t2 = rng(Distribution::Uniform, &scalar_f32(-1.0), &scalar_f32(1.0), &[1000], &mut counter).unwrap();
    assert_ne!(t, t2);
    let mut fresh = 0;
    assert_eq!(rng(Distribution::Uniform, &scalar_f32(-1.0), &scalar_f32(1.0), &[1000], &mut fresh).unwrap(), t);
    // Normal: mean a, standard deviation b.
    let mut c = 0;
    let t = rng(Distribution::Normal, &scalar_f32(3.0), &scalar_f32(2.0), &[4000], &mut c).unwrap();
    assert_eq!(c, 8000);
    let Buffer::F32(v) = &t.buf else { panic!() };
    let mean = v.iter().map(|&x| x as f64).sum::<f64>() / 4000.0;
    let var = v.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / 4000.0;
    assert!((mean - 3.0).abs() < 0.15 && (var.sqrt() - 2.0).abs() < 0.15, "{mean} {var}");
    // NaN bounds propagate; a == b gives a; rank 0 and empty shapes work.
    let t = rng(Distribution::Uniform, &scalar_f32(f32::NAN), &scalar_f32(1.0), &[2], &mut c).unwrap();
    assert!(matches!(&t.buf, Buffer::F32(v) if v.iter().all(|x| x.is_nan())));
    let t = rng(Distribution::Uniform, &scalar_f32(2.5), &scalar_f32(2.5), &[], &mut c).unwrap();
    assert_eq!(t.buf, Buffer::F32(vec![2.5].into()));
    let t = rng(Distribution::Normal, &scalar_f32(0.0), &scalar_f32(1.0), &[0], &mut c).unwrap();
    assert_eq!(t.num_elements(), 0);
    // Integers: [a, b), and a when b <= a.
    let i32s = |x: i32| {
        Tensor::new(vec![], ElemType::Int { width: 32, signedness: Signedness::Signless }, Buffer::I32(vec![x].into()))
    };
    let t = rng(Distribution::Uniform, &i32s(-3), &i32s(4), &[500], &mut c).unwrap();
    let Buffer::I32(v) = &t.buf else { panic!() };
    assert!(v.iter().all(|&x| (-3..4).contains(&x)));
    assert!((-3..4).all(|k| v.contains(&k)));
    let t = rng(Distribution::Uniform, &i32s(5), &i32s(5), &[3], &mut c).unwrap();
    assert_eq!(t.buf, Buffer::I32(vec![5, 5, 5].into()));
    let t = rng(Distribution::Uniform, &i32s(i32::MIN), &i32s(i32::MAX), &[100], &mut c).unwrap();
    assert_eq!(t.num_elements(), 100);
    assert!(rng(Distribution::Normal, &i32s(0), &i32s(1), &[3], &mut c).is_err());
}
