//! FFTs of prime length as XLA CPU computes them.
//!
//! XLA's CPU backend runs `fft` with DUCC (`ducc0::r2c`). For a real
//! transform of prime length `n` with 5 < n < 135, DUCC's plan is a single
//! generic radix-`n` pass (`rfftpg`, FFTPACK's `radfg` with `l1 = ido = 1`),
//! whose rounding errors are far above the 3 ulp that upstream's checks
//! allow on outputs that nearly cancel (up to thousands of ulp from the exact
//! DFT). So that `fft` agrees with the values XLA produces, shardref follows
//! that pass operation for operation, in the element precision, with DUCC's
//! twiddles: `UnityRoots` computes `cos`/`sin` of `8x · (π/4n)` in f64 (the
//! angle step rounded from x87 long double), folded into one octant, and
//! combines two table entries by a complex product. No fused multiply-adds
//! (XLA's CPU wheels do not contract). The inverse (IRFFT) runs the pass's
//! backward direction and multiplies by `1/n` rounded to the element type,
//! as `c2r` does with its `fct`. Complex FFT/IFFT of a prime length from 13
//! to 109 runs DUCC's generic complex pass (`cfftpg`) the same way. All were checked bit for bit against XLA
//! CPU (jax 0.10.2) for lengths 7, 11, 13, 17 and 31 in f32 and f64. Other
//! lengths keep the exact-twiddle DFT of `linalg.rs`.

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

/// DUCC's `rfftpg` backward pass with `l1 = ido = 1`, then the scale `1/n`
/// (`c2r` with `fct = 1/n`, multiplied into each output): the real line of
/// prime length `n` whose half spectrum is `spec` (`n / 2 + 1` values; the
/// DC term's imaginary part is ignored).
pub fn irfft_generic<T: Float>(spec: &[(T, T)], n: usize, roots: &[(f64, f64)]) -> Vec<T> {
    let ip = n;
    let ipph = ip.div_ceil(2);
    let t = |v: f64| T::from(v).unwrap_or_else(T::nan);
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
    let fct = T::one() / t(n as f64);
    ch.into_iter().map(|v| v * fct).collect()
}

/// Whether DUCC plans a complex FFT of length `n` as one generic pass
/// (`cfftpg`: primes from 13 to 109; 2, 3, 4, 5, 7, 8 and 11 have their own passes).
pub fn uses_complex_generic_pass(n: usize) -> bool {
    uses_generic_pass(n) && (13..110).contains(&n)
}

/// DUCC's `cfftpg` pass with `l1 = ido = 1` (forward: e^{-2πi jk/n}), then
/// the factor `1/n` for the inverse (`c2c` with `fct = 1/n`).
pub fn cfft_generic<T: Float>(x: &[(T, T)], fwd: bool, roots: &[(f64, f64)]) -> Vec<(T, T)> {
    let ip = x.len();
    let ipph = ip.div_ceil(2);
    let t = |v: f64| T::from(v).unwrap_or_else(T::nan);
    // csarr[i] = e^{2πi i/n}, conjugated for the forward direction.
    let cs: Vec<(T, T)> = (0..ip)
        .map(|i| {
            let (re, im) = roots[i];
            (t(re), if fwd { -t(im) } else { t(im) })
        })
        .collect();
    let add = |a: (T, T), b: (T, T)| (a.0 + b.0, a.1 + b.1);
    let sub = |a: (T, T), b: (T, T)| (a.0 - b.0, a.1 - b.1);
    let mut ch = vec![(T::zero(), T::zero()); ip];
    ch[0] = x[0];
    for j in 1..ipph {
        let jc = ip - j;
        ch[j] = add(x[j], x[jc]);
        ch[jc] = sub(x[j], x[jc]);
    }
    let mut cx = vec![(T::zero(), T::zero()); ip];
    let mut tmp = ch[0];
    for &v in &ch[1..ipph] {
        tmp = add(tmp, v);
    }
    cx[0] = tmp;
    for l in 1..ipph {
        let lc = ip - l;
        let (wal, wal2) = (cs[l], cs[2 * l]);
        cx[l] = (ch[0].0 + wal.0 * ch[1].0 + wal2.0 * ch[2].0, ch[0].1 + wal.0 * ch[1].1 + wal2.0 * ch[2].1);
        cx[lc] = (-wal.1 * ch[ip - 1].1 - wal2.1 * ch[ip - 2].1, wal.1 * ch[ip - 1].0 + wal2.1 * ch[ip - 2].0);
        let mut iwal = 2 * l;
        let mut next = || {
            iwal += l;
            if iwal > ip {
                iwal -= ip;
            }
            cs[iwal]
        };
        let (mut j, mut jc) = (3, ip - 3);
        while j + 1 < ipph {
            let (xw, xw2) = (next(), next());
            cx[l].0 = cx[l].0 + (ch[j].0 * xw.0 + ch[j + 1].0 * xw2.0);
            cx[l].1 = cx[l].1 + (ch[j].1 * xw.0 + ch[j + 1].1 * xw2.0);
            cx[lc].0 = cx[lc].0 - (ch[jc].1 * xw.1 + ch[jc - 1].1 * xw2.1);
            cx[lc].1 = cx[lc].1 + (ch[jc].0 * xw.1 + ch[jc - 1].0 * xw2.1);
            j += 2;
            jc -= 2;
        }
        while j < ipph {
            let xw = next();
            cx[l].0 = cx[l].0 + ch[j].0 * xw.0;
            cx[l].1 = cx[l].1 + ch[j].1 * xw.0;
            cx[lc].0 = cx[lc].0 - ch[jc].1 * xw.1;
            cx[lc].1 = cx[lc].1 + ch[jc].0 * xw.1;
            j += 1;
            jc -= 1;
        }
    }
    for j in 1..ipph {
        let jc = ip - j;
        let (t1, t2) = (cx[j], cx[jc]);
        cx[j] = add(t1, t2);
        cx[jc] = sub(t1, t2);
    }
    if !fwd {
        let fct = T::one() / t(ip as f64);
        for v in cx.iter_mut() {
            *v = (v.0 * fct, v.1 * fct);
        }
    }
    cx
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
