//! Minimization of a generated program that shows a disagreement.
//!
//! The minimizer shrinks the generator's *choice sequence* (`generator::
//! replay`), not the text: every candidate is what the generator builds from
//! a shorter or smaller sequence, so it is valid by construction, and one
//! procedure reduces ops, results, shardings, mesh axes and shapes alike
//! (each is a choice, and choice 0 is the simplest option: one op, no extra
//! results, an unsharded dimension, the first mesh size, size-1 dims).
//!
//! The steps, repeated until none makes progress or the budget is spent:
//! 1. delete the choices of whole top-level ops (the generator's marks),
//!    last first;
//! 2. delta debugging (ddmin's complement step) over the sequence: delete
//!    chunks of n/2, n/4, ..., 1 choices;
//! 3. simplify single values to 0, 1, 2 or 3 (a choice is used modulo the
//!    number of options, so small values are the first, simplest options).
//!
//! A candidate is kept when `still_fails(text)` holds; a candidate whose
//! text equals the current program's is kept without asking (same program,
//! shorter sequence), and texts already judged are not judged again. The
//! result never has more choices than the start, and is deterministic for a
//! deterministic predicate.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crate::generator::{GenConfig, Recorded, replay};

/// How much effort a minimization may spend.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Calls of the predicate.
    pub calls: usize,
    pub time: Duration,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { calls: 2000, time: Duration::from_secs(120) }
    }
}

/// The smallest program found and how many predicate calls it took.
#[derive(Clone, Debug)]
pub struct Minimized {
    pub program: Recorded,
    pub calls: usize,
}

struct State<'a> {
    config: &'a GenConfig,
    best: Recorded,
    seen: HashSet<String>,
    calls: usize,
    budget: Budget,
    start: Instant,
    still_fails: &'a mut dyn FnMut(&str) -> bool,
}

impl State<'_> {
    fn exhausted(&self) -> bool {
        self.calls >= self.budget.calls || self.start.elapsed() >= self.budget.time
    }

    /// Tries a choice sequence; keeps it when it still fails.
    fn try_choices(&mut self, choices: Vec<u64>) -> bool {
        if self.exhausted() {
            return false;
        }
        let r = replay(&choices, self.config);
        // Keep only the choices the build consumed.
        let used = r.choices.len().min(choices.len());
        let candidate = Recorded { text: r.text, choices: choices[..used].to_vec(), marks: r.marks };
        if candidate.text == self.best.text {
            if candidate.choices.len() < self.best.choices.len() {
                self.best = candidate;
                return true;
            }
            return false;
        }
        if !self.seen.insert(candidate.text.clone()) {
            return false;
        }
        self.calls += 1;
        if (self.still_fails)(&candidate.text) {
            self.best = candidate;
            true
        } else {
            false
        }
    }
}

/// Minimizes `start` (a program that fails) under `still_fails`.
pub fn minimize(
    start: Recorded,
    config: &GenConfig,
    budget: Budget,
    still_fails: &mut dyn FnMut(&str) -> bool,
) -> Minimized {
    let mut s = State {
        config,
        seen: HashSet::from([start.text.clone()]),
        best: start,
        calls: 0,
        budget,
        start: Instant::now(),
        still_fails,
    };
    loop {
        let before = (s.best.choices.len(), s.best.choices.clone());
        delete_ops(&mut s);
        delete_chunks(&mut s);
        simplify_values(&mut s);
        if s.exhausted() || (s.best.choices.len(), s.best.choices.clone()) == before {
            break;
        }
    }
    Minimized { program: s.best, calls: s.calls }
}

/// Step 1: delete whole top-level ops, last first.
fn delete_ops(s: &mut State) {
    let mut k = s.best.marks.len().saturating_sub(1);
    while k > 0 {
        k -= 1;
        let marks = &s.best.marks;
        if k + 1 >= marks.len() {
            continue;
        }
        let (a, b) = (marks[k], marks[k + 1]);
        if a >= b || b > s.best.choices.len() {
            continue;
        }
        let mut c = s.best.choices.clone();
        c.drain(a..b);
        s.try_choices(c);
    }
}

/// Step 2: delete chunks of halving size.
fn delete_chunks(s: &mut State) {
    let mut size = s.best.choices.len() / 2;
    while size >= 1 && !s.exhausted() {
        let mut i = 0;
        while i < s.best.choices.len() && !s.exhausted() {
            let end = (i + size).min(s.best.choices.len());
            let mut c = s.best.choices.clone();
            c.drain(i..end);
            if !s.try_choices(c) {
                i += size;
            }
        }
        size /= 2;
    }
}

/// Step 3: make single values smaller.
fn simplify_values(s: &mut State) {
    let mut i = 0;
    while i < s.best.choices.len() && !s.exhausted() {
        let v = s.best.choices[i];
        for smaller in [0, 1, 2, 3] {
            if smaller >= v {
                continue;
            }
            let mut c = s.best.choices.clone();
            c[i] = smaller;
            if s.try_choices(c) {
                break;
            }
        }
        i += 1;
    }
}
