//! Random meshes: 1 to 3 named axes of sizes 1 to 8, sometimes with an
//! explicit device order.
//!
//! Invariants: axis names are distinct; the device count stays at most
//! `MAX_DEVICES` so that simulated runs stay small; explicit `device_ids`
//! are a permutation of `0..devices` that is never the identity (upstream
//! requires the identity order to be left implicit).

use crate::generator::rng::Rng;

/// The most devices a generated mesh has.
pub const MAX_DEVICES: i64 = 32;

/// A mesh: named axes with sizes, and optionally an explicit device order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mesh {
    pub axes: Vec<(String, i64)>,
    pub device_ids: Option<Vec<i64>>,
}

impl Mesh {
    /// A random mesh.
    pub fn random(rng: &mut Rng) -> Mesh {
        const NAMES: [[&str; 3]; 3] = [["x", "y", "z"], ["a", "b", "c"], ["data", "model", "expert"]];
        let names = rng.pick(&NAMES);
        let n = 1 + rng.below(3);
        let mut axes = Vec::new();
        let mut devices = 1;
        for name in names.iter().take(n) {
            let mut size = *rng.pick(&[1, 2, 2, 2, 3, 4, 4, 8]);
            while devices * size > MAX_DEVICES {
                size /= 2;
            }
            let size = size.max(1);
            devices *= size;
            axes.push((name.to_string(), size));
        }
        let device_ids = if devices > 1 && rng.chance(25) {
            let mut p: Vec<i64> = rng.permutation(devices as usize).into_iter().map(|d| d as i64).collect();
            if p.iter().enumerate().all(|(i, &d)| i as i64 == d) {
                p.reverse();
            }
            Some(p)
        } else {
            None
        };
        Mesh { axes, device_ids }
    }

    pub fn devices(&self) -> i64 {
        self.axes.iter().map(|a| a.1).product()
    }

    /// The `sdy.mesh` op declaring this mesh as `@name`.
    pub fn declaration(&self, name: &str) -> String {
        let axes: Vec<String> = self.axes.iter().map(|(n, s)| format!("\"{n}\"={s}")).collect();
        let ids = match &self.device_ids {
            Some(ids) => {
                format!(", device_ids=[{}]", ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
            }
            None => String::new(),
        };
        format!("sdy.mesh @{name} = <[{}]{ids}>", axes.join(", "))
    }
}
