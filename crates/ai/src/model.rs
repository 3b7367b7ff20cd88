//! The learned move model: a strength (gamma) for each feature value of [`crate::features`],
//! learned by `tengen-learn` from public game records (`docs/patterns.md` names them and how to
//! learn the table again). A move's strength is the product of its values' gammas; the
//! probability that a strong player picks it is its strength over the sum of all candidates'.

use std::sync::OnceLock;

use crate::features::{
    Features, GROUP_VALUES, GROUPS, OWNER, PATTERN, PATTERN_CODES, transform, transform_large,
};

/// A table without the owner group (its gammas all 1).
const MAGIC: &[u8; 8] = b"TGNMM\x00\x02\x00";
/// A table with the owner group, learned with `tengen-learn --owner-playouts`.
const MAGIC_OWNER: &[u8; 8] = b"TGNMM\x00\x03\x00";

pub struct Model {
    /// Per group, the gamma of each value (index 0, "absent", is 1).
    groups: [Vec<f32>; GROUPS],
    /// The gamma of every raw 3×3 code (all symmetric images filled in).
    patterns: Vec<f32>,
    /// Larger shapes with a gamma of their own, every symmetric image, sorted by code; the
    /// others count 1.
    large: Vec<(u64, f32)>,
}

/// The shipped table, without the owner group: the priors of boards up to 13×13 and of the
/// weakened levels.
pub fn model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| {
        Model::from_bytes(include_bytes!("../data/patterns.bin")).expect("the shipped move model reads")
    })
}

/// The shipped table with the owner group (`tengen-learn --owner-playouts 64`, the same games):
/// the priors of hard's search from 15×15 on, which keeps the ownership map it reads.
pub fn owner_model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| {
        Model::from_bytes(include_bytes!("../data/patterns-owner.bin"))
            .expect("the shipped owner move model reads")
    })
}

impl Model {
    /// Strength of a move with these features.
    #[inline]
    pub fn strength(&self, f: &Features) -> f32 {
        let mut s = self.patterns[f.values[PATTERN] as usize];
        for g in 1..GROUPS {
            s *= self.groups[g][f.values[g] as usize];
        }
        match self.large.binary_search_by_key(&f.large, |&(code, _)| code) {
            Ok(i) => s * self.large[i].1,
            Err(_) => s,
        }
    }

    /// Gamma of a raw 3×3 code alone.
    #[inline]
    pub fn shape(&self, code: u32) -> f32 {
        self.patterns[code as usize]
    }

    /// Whether the table was learned with the owner group ([`crate::features::OWNER`]).
    pub fn has_owner(&self) -> bool {
        self.groups[OWNER].iter().any(|&g| g != 1.0)
    }

    /// The table file: magic, each small group's gammas (the owner group's only when
    /// `groups[OWNER]` is not empty, under the second magic), the rare-shape gamma, every kept 3×3
    /// shape as (canonical code, gamma), then every kept larger shape as (canonical code as two
    /// words, low first; gamma); little-endian, each list after its length.
    pub fn to_bytes(
        groups: &[Vec<f32>; GROUPS],
        rare: f32,
        shapes: &[(u32, f32)],
        large: &[(u64, f32)],
    ) -> Vec<u8> {
        let with_owner = !groups[OWNER].is_empty();
        let mut out = if with_owner { MAGIC_OWNER } else { MAGIC }.to_vec();
        for (g, values) in groups.iter().enumerate().skip(1) {
            if g == OWNER && !with_owner {
                continue;
            }
            assert_eq!(values.len(), GROUP_VALUES[g], "group {g}");
            values.iter().for_each(|v| out.extend(v.to_le_bytes()));
        }
        out.extend(rare.to_le_bytes());
        out.extend((shapes.len() as u32).to_le_bytes());
        for &(code, gamma) in shapes {
            out.extend(code.to_le_bytes());
            out.extend(gamma.to_le_bytes());
        }
        out.extend((large.len() as u32).to_le_bytes());
        for &(code, gamma) in large {
            out.extend((code as u32).to_le_bytes());
            out.extend(((code >> 32) as u32).to_le_bytes());
            out.extend(gamma.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Model, String> {
        let (rest, with_owner) = match (bytes.strip_prefix(MAGIC), bytes.strip_prefix(MAGIC_OWNER)) {
            (Some(rest), _) => (rest, false),
            (None, Some(rest)) => (rest, true),
            (None, None) => return Err("not a Tengen move model (magic)".into()),
        };
        let mut words = rest.chunks_exact(4).map(|w| [w[0], w[1], w[2], w[3]]);
        let mut float = || words.next().map(f32::from_le_bytes).ok_or("move model cut short");
        let mut groups: [Vec<f32>; GROUPS] = Default::default();
        for (g, values) in groups.iter_mut().enumerate().skip(1) {
            if g == OWNER && !with_owner {
                // Learned without it: the owner group says nothing.
                values.resize(GROUP_VALUES[g], 1.0);
                continue;
            }
            for _ in 0..GROUP_VALUES[g] {
                values.push(float()?);
            }
        }
        let rare = float()?;
        let count = float()?.to_bits() as usize;
        let mut patterns = vec![rare; PATTERN_CODES];
        for _ in 0..count {
            let code = float()?.to_bits();
            let gamma = float()?;
            if code as usize >= PATTERN_CODES || !(gamma.is_finite() && gamma > 0.0) {
                return Err(format!("move model: bad shape {code:#x} {gamma}"));
            }
            for s in 0..8 {
                patterns[transform(code, s) as usize] = gamma;
            }
        }
        let count = float()?.to_bits() as usize;
        let mut large = Vec::with_capacity(count * 8);
        for _ in 0..count {
            let code = u64::from(float()?.to_bits()) | u64::from(float()?.to_bits()) << 32;
            let gamma = float()?;
            if code >> 40 != 0 || !(gamma.is_finite() && gamma > 0.0) {
                return Err(format!("move model: bad larger shape {code:#x} {gamma}"));
            }
            large.extend((0..8).map(|s| (transform_large(code, s), gamma)));
        }
        // A symmetric shape is its own image: one entry per code.
        large.sort_unstable_by_key(|&(code, _)| code);
        large.dedup_by_key(|&mut (code, _)| code);
        if words.next().is_some() || rest.len() % 4 != 0 {
            return Err("move model: bytes after the end".into());
        }
        if groups.iter().flatten().any(|g| !(g.is_finite() && *g > 0.0)) {
            return Err("move model: a gamma is not a positive number".into());
        }
        Ok(Model {
            groups,
            patterns,
            large,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::{CAPTURE, SELF_ATARI, canonical, canonical_large};

    #[test]
    fn the_shipped_model_prefers_rescues_to_self_atari() {
        let m = model();
        let plain = Features::default();
        let mut capture = plain;
        capture.values[CAPTURE] = 3;
        let mut self_atari = plain;
        self_atari.values[SELF_ATARI] = 2;
        assert!(m.strength(&capture) > m.strength(&plain));
        assert!(m.strength(&self_atari) < m.strength(&plain));
    }

    #[test]
    fn only_the_large_boards_table_reads_who_owns_the_point() {
        assert!(!model().has_owner());
        let owner = owner_model();
        assert!(owner.has_owner());
        let with = |step: u32| {
            let mut f = Features::default();
            f.values[OWNER] = step;
            f
        };
        // Without the map the group says nothing; settled points either way are searched
        // less than the ones the playouts cannot decide.
        assert_eq!(owner.strength(&with(0)), owner.strength(&Features::default()));
        assert_eq!(model().strength(&with(9)), model().strength(&with(0)));
        for settled in [1, 9] {
            assert!(3.0 * owner.strength(&with(settled)) < owner.strength(&with(5)));
        }
    }

    #[test]
    fn a_table_without_the_owner_group_keeps_its_format() {
        let mut groups: [Vec<f32>; GROUPS] =
            std::array::from_fn(|g| (0..GROUP_VALUES[g]).map(|v| 1.0 + v as f32).collect());
        groups[OWNER].clear();
        let bytes = Model::to_bytes(&groups, 0.5, &[], &[]);
        assert!(bytes.starts_with(MAGIC));
        let m = Model::from_bytes(&bytes).unwrap();
        assert!(!m.has_owner());
        assert_eq!(m.groups[OWNER], vec![1.0; GROUP_VALUES[OWNER]]);
        let shipped = include_bytes!("../data/patterns.bin");
        assert!(shipped.starts_with(MAGIC));
        assert!(include_bytes!("../data/patterns-owner.bin").starts_with(MAGIC_OWNER));
    }

    #[test]
    fn a_table_reads_back_with_every_symmetric_image() {
        let groups: [Vec<f32>; GROUPS] =
            std::array::from_fn(|g| (0..GROUP_VALUES[g]).map(|v| 1.0 + v as f32).collect());
        let shape = canonical(0b01_10_00_00_11_00_01_10);
        let large = canonical_large(0b11_11_00_01_00_10);
        let bytes = Model::to_bytes(&groups, 0.5, &[(shape, 3.0)], &[(large, 0.25)]);
        let m = Model::from_bytes(&bytes).unwrap();
        for s in 0..8 {
            let mut f = Features::default();
            f.values[PATTERN] = transform(shape, s);
            assert_eq!(m.strength(&f), 3.0);
        }
        for s in 0..8 {
            let f = Features {
                large: transform_large(large, s),
                ..Features::default()
            };
            assert_eq!(
                m.strength(&f),
                0.5 * 0.25,
                "a rare 3×3 shape in a known larger one"
            );
        }
        let mut f = Features::default();
        f.values[CAPTURE] = 3;
        assert_eq!(
            m.strength(&f),
            0.5 * 4.0,
            "a rare shape times the capture's gamma"
        );
        assert!(m.has_owner());
        f.values[OWNER] = 9;
        assert_eq!(m.strength(&f), 0.5 * 4.0 * 10.0, "and the owner group's");
        assert!(Model::from_bytes(&bytes[..bytes.len() - 2]).is_err());
        assert!(Model::from_bytes(&[&bytes[..], &[0; 4]].concat()).is_err());
        assert!(Model::from_bytes(b"garbage").is_err());
    }
}
