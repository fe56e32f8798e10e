//! FFTs as XLA CPU computes them.
//!
//! XLA's CPU backend runs `fft` with DUCC (`ducc0::c2c`, `r2c`, `c2r`). So
//! that `fft` agrees with the values XLA produces (upstream's checks allow
//! 3 ulp on outputs that nearly cancel, where a more accurate transform is
//! thousands of ulp away), shardref follows DUCC's plans operation for
//! operation, in the element precision, with DUCC's twiddles: `UnityRoots`
//! computes `cos`/`sin` of `8x · (π/4n)` in f64 (the angle step rounded from
//! x87 long double), folded into one octant, and combines two table entries
//! by a complex product, rounded to the element type. No fused multiply-adds
//! (XLA's CPU wheels do not contract).
//!
//! - Real transforms (RFFT, IRFFT) of a prime length `n` with 5 < n < 135:
//!   DUCC's plan is a single generic radix-`n` pass (`rfftpg`, FFTPACK's
//!   `radfg` with `l1 = ido = 1`). The inverse runs the pass's backward
//!   direction and multiplies by the factor XLA passes (1/∏n rounded to the
//!   element type), as `c2r` does with its `fct`.
//! - Complex transforms (FFT, IFFT) of composite and prime lengths: DUCC's
//!   `cfftp` plan ([`cfft_plan`]): the length factored as [`complex_factors`]
//!   orders it (8s, then 4s, a 2 moved to the front, odd primes upwards),
//!   one pass per factor with growing `l1` (`cfftp2`/`3`/`4`/`5`/`7`/`8`/`11`
//!   with their constants, the generic `cfftpg` for primes from 13 to 109),
//!   each pass a butterfly per column followed by the twiddles
//!   e^{2πi u·l1·i/N} (conjugated forward) for columns i ≥ 1.
//!   Not followed (the exact-twiddle DFT of `linalg.rs` instead): prime
//!   factors of 110 or more (DUCC's Bluestein pass), lengths above 10000,
//!   and lengths above 300 divisible by 4 (DUCC's vectorized 1-D plan).
//!
//! Checked bit for bit against XLA CPU (jax 0.10.2): real lengths 7, 11, 13,
//! 17 and 31 and complex primes 13 and 29 in f32 and f64
//! (`tests/programs/fft.mlir`), and the composite complex transforms of
//! `tests/programs/fft_composite.mlir`.

use num_traits::Float;

/// Whether DUCC plans a real FFT of length `n` as one generic pass.
pub fn uses_generic_pass(n: usize) -> bool {
    n > 5 && n < 135 && (2..n).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d))
}

/// `0.25L * pi / n` in x87 long double (64-bit significand), then rounded to f64.
pub fn quarter_pi_over(n: usize) -> f64 {
    // π rounded to 64 significant bits: M · 2^-62; π/4 = M · 2^-64 = (M << 64) · 2^-128.
    const M: u128 = 0xC90F_DAA2_2168_C235;
    let (num, d) = (M << 64, n as u128);
    let (q, r) = (num / d, num % d);
    let bits = 128 - q.leading_zeros();
    let drop = bits - 64;
    let mut m = q >> drop;
    let rest = q & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    if rest > half || (rest == half && (r != 0 || m & 1 == 1)) {
        m += 1;
    }
    let mut exp = drop as i32 - 128;
    if m >> 64 != 0 {
        m >>= 1;
        exp += 1;
    }
    // Second rounding, 64 to 53 bits, to nearest even.
    let (mut m53, rest2) = (m >> 11, m & 0x7FF);
    if rest2 > 0x400 || (rest2 == 0x400 && m53 & 1 == 1) {
        m53 += 1;
    }
    m53 as f64 * 2f64.powi(exp + 11)
}

/// DUCC's `UnityRoots::calc`: e^{2πi x/n} with the angle folded into the first octant.
pub fn calc(x: usize, n: usize, ang: f64) -> (f64, f64) {
    let mut x = x << 3;
    let a = |k: usize| k as f64 * ang;
    if x < 4 * n {
        if x < 2 * n {
            if x < n {
                return (a(x).cos(), a(x).sin());
            }
            return (a(2 * n - x).sin(), a(2 * n - x).cos());
        }
        x -= 2 * n;
        if x < n {
            return (-a(x).sin(), a(x).cos());
        }
        return (-a(2 * n - x).cos(), a(2 * n - x).sin());
    }
    x = 8 * n - x;
    if x < 2 * n {
        if x < n {
            return (a(x).cos(), -a(x).sin());
        }
        return (a(2 * n - x).sin(), -a(2 * n - x).cos());
    }
    x -= 2 * n;
    if x < n {
        return (-a(x).sin(), -a(x).cos());
    }
    (-a(2 * n - x).cos(), -a(2 * n - x).sin())
}

/// DUCC's `UnityRoots(n)`: entry `k` is e^{2πik/n}, from two tables.
pub fn unity_roots(n: usize) -> Vec<(f64, f64)> {
    let ang = quarter_pi_over(n);
    let nval = (n + 2) / 2;
    let mut shift = 1;
    while (1usize << shift) * (1usize << shift) < nval {
        shift += 1;
    }
    let mask = (1usize << shift) - 1;
    let mut v1 = vec![(1.0, 0.0); mask + 1];
    for (i, v) in v1.iter_mut().enumerate().skip(1) {
        *v = calc(i, n, ang);
    }
    let mut v2 = vec![(1.0, 0.0); nval.div_ceil(mask + 1)];
    for (i, v) in v2.iter_mut().enumerate().skip(1) {
        *v = calc(i * (mask + 1), n, ang);
    }
    (0..n)
        .map(|idx| {
            let (k, sign) = if 2 * idx <= n { (idx, 1.0) } else { (n - idx, -1.0) };
            let (x1, x2) = (v1[k & mask], v2[k >> shift]);
            (x1.0 * x2.0 - x1.1 * x2.1, sign * (x1.0 * x2.1 + x1.1 * x2.0))
        })
        .collect()
}

/// DUCC's `csarr` for the real generic passes: cos and sin of 2πi/ip for
/// i in 0..ip (interleaved), mirrored with negated sines, in the element type.
fn real_twiddles<T: Float>(ip: usize, roots: &[(f64, f64)]) -> Vec<T> {
    let t = |v: f64| T::from(v).unwrap_or_else(T::nan);
    let mut cs = vec![T::zero(); 2 * ip];
    cs[0] = T::one();
    let (mut i, mut ic) = (2, 2 * ip - 2);
    while i <= ic {
        let (re, im) = roots[i / 2];
        cs[i] = t(re);
        cs[i + 1] = t(im);
        cs[ic] = t(re);
        cs[ic + 1] = -t(im);
        i += 2;
        ic -= 2;
    }
    cs
}

/// The twiddle loop that `rfftpg` and `rfftpb` share (`l1 = ido = 1`):
/// for each l in 1..ipph, `dst[l]` gathers the cosine-weighted sums of
/// `src[j]` and `dst[ip - l]` the sine-weighted sums of `src[ip - j]`, in
/// DUCC's order (unrolled by four, then two, then one). DUCC's forward pass
/// wraps the angle index when it reaches `ip` and the backward one when it
/// passes `ip`; as `ip` is prime and `l < ip`, the index is never a multiple
/// of `ip`, so the two tests agree and one loop serves both.
fn generic_rows<T: Float>(src: &[T], dst: &mut [T], cs: &[T]) {
    let ip = src.len();
    let ipph = ip.div_ceil(2);
    for l in 1..ipph {
        let lc = ip - l;
        dst[l] = src[0] + cs[2 * l] * src[1] + cs[4 * l] * src[2];
        dst[lc] = cs[2 * l + 1] * src[ip - 1] + cs[4 * l + 1] * src[ip - 2];
        let mut iang = 2 * l;
        let mut next = || {
            iang += l;
            if iang > ip {
                iang -= ip;
            }
            (cs[2 * iang], cs[2 * iang + 1])
        };
        let (mut j, mut jc) = (3, ip - 3);
        while j + 3 < ipph {
            let ((ar1, ai1), (ar2, ai2), (ar3, ai3), (ar4, ai4)) = (next(), next(), next(), next());
            dst[l] = dst[l] + (ar1 * src[j] + ar2 * src[j + 1] + ar3 * src[j + 2] + ar4 * src[j + 3]);
            dst[lc] = dst[lc] + (ai1 * src[jc] + ai2 * src[jc - 1] + ai3 * src[jc - 2] + ai4 * src[jc - 3]);
            j += 4;
            jc -= 4;
        }
        while j + 1 < ipph {
            let ((ar1, ai1), (ar2, ai2)) = (next(), next());
            dst[l] = dst[l] + (ar1 * src[j] + ar2 * src[j + 1]);
            dst[lc] = dst[lc] + (ai1 * src[jc] + ai2 * src[jc - 1]);
            j += 2;
            jc -= 2;
        }
        while j < ipph {
            let (ar, ai) = next();
            dst[l] = dst[l] + ar * src[j];
            dst[lc] = dst[lc] + ai * src[jc];
            j += 1;
            jc -= 1;
        }
    }
}

/// DUCC's `rfftpg` forward pass with `l1 = ido = 1`: the half spectrum
/// (`n / 2 + 1` complex values) of a real line of prime length `n`.
pub fn rfft_generic<T: Float>(x: &[T], roots: &[(f64, f64)]) -> Vec<(T, T)> {
    let ip = x.len();
    let ipph = ip.div_ceil(2);
    let cs = real_twiddles::<T>(ip, roots);
    let mut c = x.to_vec();
    for j in 1..ipph {
        let jc = ip - j;
        let a = c[jc];
        c[jc] = a - c[j];
        c[j] = a + c[j];
    }
    let mut ch = vec![T::zero(); ip];
    generic_rows(&c, &mut ch, &cs);
    let mut dc = c[0];
    for &v in &c[1..ipph] {
        dc = dc + v;
    }
    let mut out = Vec::with_capacity(ipph);
    out.push((dc, T::zero()));
    for j in 1..ipph {
        out.push((ch[j], ch[ip - j]));
    }
    out
}

/// DUCC's `rfftpg` backward pass with `l1 = ido = 1`, then the factor `fct`
/// (XLA passes `c2r` the factor 1/∏n, multiplied into each output): the real line of
/// prime length `n` whose half spectrum is `spec` (`n / 2 + 1` values; the
/// DC term's imaginary part is ignored).
pub fn irfft_generic<T: Float>(spec: &[(T, T)], n: usize, fct: T, roots: &[(f64, f64)]) -> Vec<T> {
    let ip = n;
    let ipph = ip.div_ceil(2);
    let cs = real_twiddles::<T>(ip, roots);
    let two = T::one() + T::one();
    let mut ch = vec![T::zero(); ip];
    ch[0] = spec[0].0;
    for j in 1..ipph {
        ch[j] = two * spec[j].0;
        ch[ip - j] = two * spec[j].1;
    }
    let mut c = vec![T::zero(); ip];
    generic_rows(&ch, &mut c, &cs);
    for j in 1..ipph {
        ch[0] = ch[0] + ch[j];
    }
    for j in 1..ipph {
        let jc = ip - j;
        let (a, b) = (c[j], c[jc]);
        ch[jc] = a + b;
        ch[j] = a - b;
    }
    ch.into_iter().map(|v| v * fct).collect()
}

/// A complex number in the element precision with DUCC's `Cmplx` arithmetic
/// (each operation rounded once, no fused multiply-adds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cx<T> {
    pub r: T,
    pub i: T,
}

impl<T: Float> Cx<T> {
    pub fn new(r: T, i: T) -> Self {
        Cx { r, i }
    }
    fn zero() -> Self {
        Cx::new(T::zero(), T::zero())
    }
    fn add(self, o: Self) -> Self {
        Cx::new(self.r + o.r, self.i + o.i)
    }
    fn sub(self, o: Self) -> Self {
        Cx::new(self.r - o.r, self.i - o.i)
    }
    fn scale(self, s: T) -> Self {
        Cx::new(self.r * s, self.i * s)
    }
}

/// DUCC's `special_mul<fwd>`: `v · conj(w)` forward, `v · w` backward.
fn special_mul<T: Float>(v: Cx<T>, w: Cx<T>, fwd: bool) -> Cx<T> {
    if fwd {
        Cx::new(v.r * w.r + v.i * w.i, v.i * w.r - v.r * w.i)
    } else {
        Cx::new(v.r * w.r - v.i * w.i, v.r * w.i + v.i * w.r)
    }
}

/// DUCC's `ROTX90<fwd>`: multiplication by -i forward, by i backward.
fn rotx90<T: Float>(a: Cx<T>, fwd: bool) -> Cx<T> {
    if fwd { Cx::new(a.i, -a.r) } else { Cx::new(-a.i, a.r) }
}

/// DUCC's `PM`: (c + d, c - d).
fn pm<T: Float>(c: Cx<T>, d: Cx<T>) -> (Cx<T>, Cx<T>) {
    (c.add(d), c.sub(d))
}

fn cst<T: Float>(v: f64) -> T {
    T::from(v).unwrap_or_else(T::nan)
}

/// DUCC's `cfftpass::factorize`: factors 8 first, then 4, a factor 2 moved
/// to the front, then odd factors in increasing order.
pub fn complex_factors(mut n: usize) -> Vec<usize> {
    let mut f = vec![];
    while n.is_multiple_of(8) {
        f.push(8);
        n /= 8;
    }
    while n.is_multiple_of(4) {
        f.push(4);
        n /= 4;
    }
    if n.is_multiple_of(2) {
        n /= 2;
        f.push(2);
        let last = f.len() - 1;
        f.swap(0, last);
    }
    let mut d = 3;
    while d * d <= n {
        while n.is_multiple_of(d) {
            f.push(d);
            n /= d;
        }
        d += 2;
    }
    if n > 1 {
        f.push(n);
    }
    f
}

/// One radix pass of a DUCC complex plan (`cfftp2` … `cfftp11`, `cfftpg`).
struct CPass<T> {
    ip: usize,
    l1: usize,
    ido: usize,
    /// `wa[u - 1 + (i - 1)(ip - 1)]` = the root e^{2πi u·l1·i/N}.
    wa: Vec<Cx<T>>,
    /// For the generic pass: e^{2πi j/ip} for j in 0..ip.
    csarr: Vec<Cx<T>>,
}

/// The complex FFT plan DUCC (`pocketfft_c`, as XLA CPU calls it) makes for
/// a length, when shardref follows it: the factors of [`complex_factors`]
/// as passes of increasing `l1`, twiddles from [`unity_roots`] of the whole
/// length rounded to the element type.
pub struct CfftPlan<T> {
    n: usize,
    passes: Vec<CPass<T>>,
}

/// DUCC's plan for a complex FFT of length `n`, or `None` where shardref does
/// not follow DUCC (and keeps the exact-twiddle DFT): a prime factor of 110
/// or more (Bluestein), lengths above 10000 (two-packet multipass), and
/// lengths above 300 that are multiples of 4 (XLA's batched lines may then
/// run DUCC's vectorized 1-D plan, `cfftp_vecpass`).
pub fn cfft_plan<T: Float>(n: usize) -> Option<CfftPlan<T>> {
    if n == 0 || n > 10000 || (n > 300 && n.is_multiple_of(4)) {
        return None;
    }
    let factors = complex_factors(n);
    if factors.iter().any(|&f| f >= 110) {
        return None;
    }
    let roots = unity_roots(n);
    let root = |k: usize| {
        let (re, im) = roots[k];
        Cx::new(cst::<T>(re), cst::<T>(im))
    };
    let mut passes = vec![];
    let mut l1 = 1;
    for &ip in &factors {
        let ido = n / (ip * l1);
        let mut wa = vec![Cx::zero(); (ip - 1) * ido.saturating_sub(1)];
        for i in 1..ido {
            for u in 1..ip {
                wa[(u - 1) + (i - 1) * (ip - 1)] = root(u * l1 * i);
            }
        }
        let csarr = if matches!(ip, 2 | 3 | 4 | 5 | 7 | 8 | 11) {
            vec![]
        } else {
            (0..ip).map(|j| root(ido * l1 * j)).collect()
        };
        passes.push(CPass { ip, l1, ido, wa, csarr });
        l1 *= ip;
    }
    Some(CfftPlan { n, passes })
}

impl<T: Float> CfftPlan<T> {
    /// Runs the plan on one line, then multiplies by `fct` unless it is 1
    /// (`pocketfft_c::exec`).
    pub fn exec(&self, x: &[Cx<T>], fwd: bool, fct: T) -> Vec<Cx<T>> {
        debug_assert_eq!(x.len(), self.n);
        let mut p = x.to_vec();
        for pass in &self.passes {
            p = pass.run(&p, fwd);
        }
        if fct != T::one() {
            for v in p.iter_mut() {
                *v = v.scale(fct);
            }
        }
        p
    }
}

impl<T: Float> CPass<T> {
    /// `CC(i, m, k) = cc[i + ido (m + ip k)]` into `CH(i, k, u) = ch[i + ido (k + l1 u)]`:
    /// every column's butterfly, then (for i ≥ 1) output u times the twiddle `WA(u - 1, i)`.
    fn run(&self, cc: &[Cx<T>], fwd: bool) -> Vec<Cx<T>> {
        let (ip, l1, ido) = (self.ip, self.l1, self.ido);
        let mut ch = vec![Cx::zero(); cc.len()];
        let mut x = vec![Cx::zero(); ip];
        let mut y = vec![Cx::zero(); ip];
        for k in 0..l1 {
            for i in 0..ido {
                for (m, v) in x.iter_mut().enumerate() {
                    *v = cc[i + ido * (m + ip * k)];
                }
                match ip {
                    2 => {
                        (y[0], y[1]) = pm(x[0], x[1]);
                    }
                    3 => butterfly3(&x, &mut y, fwd),
                    4 => butterfly4(&x, &mut y, fwd),
                    5 => butterfly5(&x, &mut y, fwd),
                    7 => butterfly7(&x, &mut y, fwd),
                    8 => butterfly8(&x, &mut y, fwd),
                    11 => butterfly11(&x, &mut y, fwd),
                    _ => butterfly_generic(&x, &mut y, &self.csarr, fwd),
                }
                for (u, &v) in y.iter().enumerate() {
                    ch[i + ido * (k + l1 * u)] =
                        if i == 0 || u == 0 { v } else { special_mul(v, self.wa[(u - 1) + (i - 1) * (ip - 1)], fwd) };
                }
            }
        }
        ch
    }
}

/// The imaginary part of a twiddle constant, negated for the forward direction.
fn twi<T: Float>(v: f64, fwd: bool) -> T {
    let c = cst::<T>(v);
    if fwd { -c } else { c }
}

fn butterfly3<T: Float>(x: &[Cx<T>], y: &mut [Cx<T>], fwd: bool) {
    let tw1r = cst::<T>(-0.5);
    let tw1i = twi::<T>(0.866_025_403_784_438_646_763_723_170_752_936_2, fwd);
    let t0 = x[0];
    let (t1, t2) = pm(x[1], x[2]);
    y[0] = t0.add(t1);
    let ca = t0.add(t1.scale(tw1r));
    let cb = Cx::new(-t2.i * tw1i, t2.r * tw1i);
    (y[1], y[2]) = pm(ca, cb);
}

fn butterfly4<T: Float>(x: &[Cx<T>], y: &mut [Cx<T>], fwd: bool) {
    let (t2, t1) = pm(x[0], x[2]);
    let (t3, t4) = pm(x[1], x[3]);
    let t4 = rotx90(t4, fwd);
    (y[0], y[2]) = pm(t2, t3);
    (y[1], y[3]) = pm(t1, t4);
}

fn butterfly5<T: Float>(x: &[Cx<T>], y: &mut [Cx<T>], fwd: bool) {
    let tw1r = cst::<T>(0.309_016_994_374_947_424_102_293_417_182_819_1);
    let tw1i = twi::<T>(0.951_056_516_295_153_572_116_439_333_379_382_1, fwd);
    let tw2r = cst::<T>(-0.809_016_994_374_947_424_102_293_417_182_819_1);
    let tw2i = twi::<T>(0.587_785_252_292_473_129_168_705_954_639_072_8, fwd);
    let t0 = x[0];
    let (t1, t4) = pm(x[1], x[4]);
    let (t2, t3) = pm(x[2], x[3]);
    y[0] = Cx::new(t0.r + t1.r + t2.r, t0.i + t1.i + t2.i);
    let mut step = |u1: usize, u2: usize, twar: T, twbr: T, twai: T, twbi: T| {
        let ca = Cx::new(t0.r + twar * t1.r + twbr * t2.r, t0.i + twar * t1.i + twbr * t2.i);
        let cb = Cx::new(-(twai * t4.i + twbi * t3.i), twai * t4.r + twbi * t3.r);
        (y[u1], y[u2]) = pm(ca, cb);
    };
    step(1, 4, tw1r, tw2r, tw1i, tw2i);
    step(2, 3, tw2r, tw1r, tw2i, -tw1i);
}

fn butterfly7<T: Float>(x: &[Cx<T>], y: &mut [Cx<T>], fwd: bool) {
    let tw1r = cst::<T>(0.623_489_801_858_733_530_525_004_884_004_239_8);
    let tw1i = twi::<T>(0.781_831_482_468_029_808_708_444_526_674_057_8, fwd);
    let tw2r = cst::<T>(-0.222_520_933_956_314_404_288_902_564_496_794_8);
    let tw2i = twi::<T>(0.974_927_912_181_823_607_018_131_682_993_931_2, fwd);
    let tw3r = cst::<T>(-0.900_968_867_902_419_126_236_102_319_507_445_1);
    let tw3i = twi::<T>(0.433_883_739_117_558_120_475_768_332_848_359, fwd);
    let t1 = x[0];
    let (t2, t7) = pm(x[1], x[6]);
    let (t3, t6) = pm(x[2], x[5]);
    let (t4, t5) = pm(x[3], x[4]);
    y[0] = Cx::new(t1.r + t2.r + t3.r + t4.r, t1.i + t2.i + t3.i + t4.i);
    let mut step = |u1: usize, u2: usize, x1: T, x2: T, x3: T, y1: T, y2: T, y3: T| {
        let ca = Cx::new(t1.r + x1 * t2.r + x2 * t3.r + x3 * t4.r, t1.i + x1 * t2.i + x2 * t3.i + x3 * t4.i);
        let cb = Cx::new(-(y1 * t7.i + y2 * t6.i + y3 * t5.i), y1 * t7.r + y2 * t6.r + y3 * t5.r);
        (y[u1], y[u2]) = pm(ca, cb);
    };
    step(1, 6, tw1r, tw2r, tw3r, tw1i, tw2i, tw3i);
    step(2, 5, tw2r, tw3r, tw1r, tw2i, -tw3i, -tw1i);
    step(3, 4, tw3r, tw1r, tw2r, tw3i, -tw1i, tw2i);
}

fn butterfly8<T: Float>(x: &[Cx<T>], y: &mut [Cx<T>], fwd: bool) {
    let h = cst::<T>(0.707_106_781_186_547_524_400_844_362_104_849);
    let rotx45 = |a: Cx<T>| {
        if fwd { Cx::new(h * (a.r + a.i), h * (a.i - a.r)) } else { Cx::new(h * (a.r - a.i), h * (a.i + a.r)) }
    };
    let rotx135 = |a: Cx<T>| {
        if fwd { Cx::new(h * (a.i - a.r), h * (-a.r - a.i)) } else { Cx::new(h * (-a.r - a.i), h * (a.r - a.i)) }
    };
    let (a1, a5) = pm(x[1], x[5]);
    let (a3, a7) = pm(x[3], x[7]);
    let (a1, a3) = pm(a1, a3);
    let a3 = rotx90(a3, fwd);
    let a7 = rotx90(a7, fwd);
    let (a5, a7) = pm(a5, a7);
    let a5 = rotx45(a5);
    let a7 = rotx135(a7);
    let (a0, a4) = pm(x[0], x[4]);
    let (a2, a6) = pm(x[2], x[6]);
    (y[0], y[4]) = pm(a0.add(a2), a1);
    (y[2], y[6]) = pm(a0.sub(a2), a3);
    let a6 = rotx90(a6, fwd);
    (y[1], y[5]) = pm(a4.add(a6), a5);
    (y[3], y[7]) = pm(a4.sub(a6), a7);
}

fn butterfly11<T: Float>(x: &[Cx<T>], y: &mut [Cx<T>], fwd: bool) {
    let r = [
        0.841_253_532_831_181_168_861_811_648_919_367_7,
        0.415_415_013_001_886_425_529_274_149_229_623_2,
        -0.142_314_838_273_285_140_443_792_668_616_369_7,
        -0.654_860_733_945_285_064_056_925_072_466_293_6,
        -0.959_492_973_614_497_389_890_368_057_066_327_7,
    ]
    .map(cst::<T>);
    let im = [
        0.540_640_817_455_597_582_107_635_954_318_691_7,
        0.909_631_995_354_518_371_411_715_383_079_028_5,
        0.989_821_441_880_932_732_376_092_037_776_718_8,
        0.755_749_574_354_258_283_774_035_843_972_344_4,
        0.281_732_556_841_429_697_711_417_915_346_616_9,
    ]
    .map(|v| twi::<T>(v, fwd));
    let t1 = x[0];
    let (t2, t11) = pm(x[1], x[10]);
    let (t3, t10) = pm(x[2], x[9]);
    let (t4, t9) = pm(x[3], x[8]);
    let (t5, t8) = pm(x[4], x[7]);
    let (t6, t7) = pm(x[5], x[6]);
    y[0] = Cx::new(t1.r + t2.r + t3.r + t4.r + t5.r + t6.r, t1.i + t2.i + t3.i + t4.i + t5.i + t6.i);
    // Each step names twiddle k (1-based) as ±k: the sign goes on the imaginary part.
    let mut step = |u1: usize, u2: usize, xs: [usize; 5], ys: [i32; 5]| {
        let [x1, x2, x3, x4, x5] = xs.map(|k| r[k - 1]);
        let [y1, y2, y3, y4, y5] = ys.map(|k| if k > 0 { im[k as usize - 1] } else { -im[(-k) as usize - 1] });
        let ca = t1.add(t2.scale(x1)).add(t3.scale(x2)).add(t4.scale(x3)).add(t5.scale(x4)).add(t6.scale(x5));
        let cb = Cx::new(
            -(y1 * t11.i + y2 * t10.i + y3 * t9.i + y4 * t8.i + y5 * t7.i),
            y1 * t11.r + y2 * t10.r + y3 * t9.r + y4 * t8.r + y5 * t7.r,
        );
        (y[u1], y[u2]) = pm(ca, cb);
    };
    step(1, 10, [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]);
    step(2, 9, [2, 4, 5, 3, 1], [2, 4, -5, -3, -1]);
    step(3, 8, [3, 5, 2, 1, 4], [3, -5, -2, 1, 4]);
    step(4, 7, [4, 3, 1, 5, 2], [4, -3, 1, 5, -2]);
    step(5, 6, [5, 1, 4, 2, 3], [5, -1, 4, -2, 3]);
}

/// `cfftpg` for one column: the generic odd-prime butterfly with the
/// twiddles `csarr[j] = e^{2πi j/ip}` (conjugated forward).
fn butterfly_generic<T: Float>(x: &[Cx<T>], y: &mut [Cx<T>], csarr: &[Cx<T>], fwd: bool) {
    let ip = x.len();
    let ipph = ip.div_ceil(2);
    let cs = |k: usize| {
        let c = csarr[k];
        if fwd { Cx::new(c.r, -c.i) } else { c }
    };
    let mut ch = vec![Cx::zero(); ip];
    ch[0] = x[0];
    for j in 1..ipph {
        (ch[j], ch[ip - j]) = pm(x[j], x[ip - j]);
    }
    let mut tmp = ch[0];
    for &v in &ch[1..ipph] {
        tmp = tmp.add(v);
    }
    y[0] = tmp;
    for l in 1..ipph {
        let lc = ip - l;
        let (wal, wal2) = (cs(l), cs(2 * l));
        y[l] = Cx::new(ch[0].r + wal.r * ch[1].r + wal2.r * ch[2].r, ch[0].i + wal.r * ch[1].i + wal2.r * ch[2].i);
        y[lc] = Cx::new(-wal.i * ch[ip - 1].i - wal2.i * ch[ip - 2].i, wal.i * ch[ip - 1].r + wal2.i * ch[ip - 2].r);
        let mut iwal = 2 * l;
        let mut next = || {
            iwal += l;
            if iwal > ip {
                iwal -= ip;
            }
            cs(iwal)
        };
        let (mut j, mut jc) = (3, ip - 3);
        while j + 1 < ipph {
            let (xw, xw2) = (next(), next());
            y[l].r = y[l].r + (ch[j].r * xw.r + ch[j + 1].r * xw2.r);
            y[l].i = y[l].i + (ch[j].i * xw.r + ch[j + 1].i * xw2.r);
            y[lc].r = y[lc].r - (ch[jc].i * xw.i + ch[jc - 1].i * xw2.i);
            y[lc].i = y[lc].i + (ch[jc].r * xw.i + ch[jc - 1].r * xw2.i);
            j += 2;
            jc -= 2;
        }
        while j < ipph {
            let xw = next();
            y[l].r = y[l].r + ch[j].r * xw.r;
            y[l].i = y[l].i + ch[j].i * xw.r;
            y[lc].r = y[lc].r - ch[jc].i * xw.i;
            y[lc].i = y[lc].i + ch[jc].r * xw.i;
            j += 1;
            jc -= 1;
        }
    }
    for j in 1..ipph {
        let jc = ip - j;
        (y[j], y[jc]) = pm(y[j], y[jc]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angle_step_is_the_long_double_quotient_rounded() {
        // For these lengths the double-rounded value equals the correctly rounded π/(4n).
        for n in [7usize, 17, 101] {
            let q = quarter_pi_over(n);
            assert!((q - std::f64::consts::PI / 4.0 / n as f64).abs() <= q * 2.3e-16, "{n}");
        }
    }

    #[test]
    fn complex_plans_are_dfts() {
        // Every radix and the generic pass, alone and combined, forward and backward.
        for n in [1usize, 2, 3, 4, 5, 7, 8, 11, 13, 6, 12, 14, 15, 16, 22, 49, 60, 88, 126, 169, 242, 256, 300] {
            let plan = cfft_plan::<f64>(n).expect("a followed plan");
            let x: Vec<Cx<f64>> =
                (0..n).map(|i| Cx::new(((i * 7 + 3) % 11) as f64 - 5.0, ((i * 5 + 1) % 13) as f64 - 6.0)).collect();
            for fwd in [true, false] {
                let y = plan.exec(&x, fwd, 1.0);
                let sign = if fwd { -1.0 } else { 1.0 };
                for (k, v) in y.iter().enumerate() {
                    let (mut er, mut ei) = (0.0, 0.0);
                    for (j, c) in x.iter().enumerate() {
                        let a = sign * 2.0 * std::f64::consts::PI * ((j * k) % n) as f64 / n as f64;
                        er += c.r * a.cos() - c.i * a.sin();
                        ei += c.r * a.sin() + c.i * a.cos();
                    }
                    assert!((v.r - er).abs() < 1e-9 * n as f64 && (v.i - ei).abs() < 1e-9 * n as f64, "{n} {fwd} {k}");
                }
            }
        }
        assert_eq!(complex_factors(16), vec![2, 8]);
        assert_eq!(complex_factors(60), vec![4, 3, 5]);
        assert_eq!(complex_factors(126), vec![2, 3, 3, 7]);
        assert!(
            cfft_plan::<f32>(113).is_none() && cfft_plan::<f32>(304).is_none() && cfft_plan::<f32>(10001).is_none()
        );
    }

    #[test]
    fn generic_pass_is_a_dft() {
        let n = 17;
        let x: Vec<f64> = (0..n).map(|i| ((i * 7 + 3) % 11) as f64 - 5.0).collect();
        let y = rfft_generic(&x, &unity_roots(n));
        for (k, &(re, im)) in y.iter().enumerate() {
            let (mut er, mut ei) = (0.0, 0.0);
            for (j, &v) in x.iter().enumerate() {
                let a = -2.0 * std::f64::consts::PI * ((j * k) % n) as f64 / n as f64;
                er += v * a.cos();
                ei += v * a.sin();
            }
            assert!((re - er).abs() < 1e-12 && (im - ei).abs() < 1e-12, "{k}: {re} {im} vs {er} {ei}");
        }
        assert!(uses_generic_pass(17) && uses_generic_pass(7) && uses_generic_pass(131));
        assert!(!uses_generic_pass(5) && !uses_generic_pass(15) && !uses_generic_pass(137));
    }
}
