//! The generator's deterministic source of choices.
//!
//! `Rng` is SplitMix64 over a seed, optionally fed first by a byte string (the
//! `arbitrary`-style entry point: a fuzzer's bytes steer the choices, and when
//! they run out SplitMix continues from a state derived from them). Every
//! choice the generator makes goes through here, so the same seed (or the same
//! bytes) always gives the same program; nothing depends on time, threads or
//! hash-map order.
//!
//! Every draw is also recorded (`choices`), and `Rng::replay` plays a
//! recorded (and possibly edited) sequence back, with 0 once it runs out.
//! This is what the difftest minimizer shrinks: a shorter or smaller choice
//! sequence still drives the same generator, so every candidate program is
//! valid by construction (choice 0 is always the simplest option: the first
//! op kind, the smallest dimension, no extra results).

/// A deterministic stream of choices.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    bytes: Vec<u8>,
    pos: usize,
    /// Played back before anything else (`replay`); 0 after the end.
    replay: Option<Vec<u64>>,
    /// Every value returned so far.
    choices: Vec<u64>,
    /// Positions in `choices` where the generator started a top-level op.
    marks: Vec<usize>,
}

impl Rng {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng {
            state: seed ^ 0x005E_ED0F_5A4D_C0DE,
            bytes: Vec::new(),
            pos: 0,
            replay: None,
            choices: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// A stream that takes its first choices from `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Rng {
        let seed =
            bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        Rng { state: seed, bytes: bytes.to_vec(), pos: 0, replay: None, choices: Vec::new(), marks: Vec::new() }
    }

    /// A stream that returns `choices` in order, then zeros.
    pub fn replay(choices: Vec<u64>) -> Rng {
        Rng { state: 0, bytes: Vec::new(), pos: 0, replay: Some(choices), choices: Vec::new(), marks: Vec::new() }
    }

    /// Notes that the next draws build a new top-level op (the minimizer
    /// deletes whole ops first).
    pub fn mark(&mut self) {
        self.marks.push(self.choices.len());
    }

    /// The positions noted by `mark`.
    pub fn marks(&self) -> &[usize] {
        &self.marks
    }

    /// The values returned so far, in order.
    pub fn choices(&self) -> &[u64] {
        &self.choices
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let v = self.draw();
        self.choices.push(v);
        v
    }

    fn draw(&mut self) -> u64 {
        if let Some(r) = &self.replay {
            let v = r.get(self.choices.len()).copied().unwrap_or(0);
            return v;
        }
        if self.pos + 8 <= self.bytes.len() {
            let mut b = [0u8; 8];
            b.copy_from_slice(&self.bytes[self.pos..self.pos + 8]);
            self.pos += 8;
            return u64::from_le_bytes(b);
        }
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi` (`lo` when the range is empty).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        let span = (hi - lo + 1) as u64;
        lo + (self.next_u64() % span) as i64
    }

    /// An index below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next_u64() % n as u64) as usize }
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = self.below(i + 1);
            p.swap(i, j);
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_bytes_steer_first() {
        let a: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        let mut r = Rng::new(7);
        assert_eq!(a, (0..4).map(|_| r.next_u64()).collect::<Vec<_>>());
        let mut b = Rng::from_bytes(&42u64.to_le_bytes());
        assert_eq!(b.next_u64(), 42);
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }
}
