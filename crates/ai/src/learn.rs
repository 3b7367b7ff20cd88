//! Minorization-Maximization for the move model (Coulom 2007), used by `tengen-learn`: every
//! training move is one competition among the legal moves of its position; each candidate's
//! strength is the product of its features' gammas; one step per feature group finds the gammas
//! that make the played moves more likely, each value with one virtual win and one virtual loss
//! against a gamma of 1.

use crate::features::{GROUPS, PATTERN};

/// Groups learned: the feature groups and, last, the larger shapes.
pub const LEARNED: usize = GROUPS + 1;
/// Index of the larger shapes among the learned groups (value 0: a shape without a gamma).
pub const LARGE: usize = GROUPS;

/// One position of a training game: its candidates are `candidates[start..end]`, the one played
/// is `start + played`.
pub struct Decision {
    pub start: usize,
    pub end: usize,
    pub played: usize,
}

#[derive(Default)]
pub struct Set {
    /// Each candidate's value in every group (the shape groups numbered densely from 0).
    pub candidates: Vec<[u32; LEARNED]>,
    pub decisions: Vec<Decision>,
}

pub fn strength(gammas: &[Vec<f64>; LEARNED], c: &[u32; LEARNED]) -> f64 {
    (0..LEARNED).map(|g| gammas[g][c[g] as usize]).product()
}

/// One Minorization-Maximization step for group `g`: gamma = wins / Σ over competitions of
/// (the value's share of the candidates' strength, over the competition's total strength),
/// each value with one virtual win and loss against a gamma of 1.
pub fn improve(set: &Set, gammas: &mut [Vec<f64>; LEARNED], g: usize) {
    let n = gammas[g].len();
    let mut wins = vec![0.0f64; n];
    let mut denominator = vec![0.0f64; n];
    let mut seen = vec![false; n];
    for d in &set.decisions {
        let candidates = &set.candidates[d.start..d.end];
        let total: f64 = candidates.iter().map(|c| strength(gammas, c)).sum();
        for c in candidates {
            let v = c[g] as usize;
            seen[v] = true;
            denominator[v] += strength(gammas, c) / gammas[g][v] / total;
        }
        wins[candidates[d.played][g] as usize] += 1.0;
    }
    for v in 0..n {
        // Value 0 of a small group means "absent": its gamma stays 1.
        if !seen[v] || (g != PATTERN && v == 0) {
            continue;
        }
        let gamma = gammas[g][v];
        gammas[g][v] = (wins[v] + 1.0) / (denominator[v] + 2.0 / (gamma + 1.0));
    }
}

/// The share of the set's moves the model ranks first, and their mean log-probability.
pub fn evaluate(set: &Set, gammas: &[Vec<f64>; LEARNED]) -> String {
    let (mut first, mut log_likelihood) = (0usize, 0.0f64);
    for d in &set.decisions {
        let strengths: Vec<f64> = set.candidates[d.start..d.end]
            .iter()
            .map(|c| strength(gammas, c))
            .collect();
        let chosen = strengths[d.played];
        if strengths.iter().filter(|&&s| s > chosen).count() == 0
            && strengths.iter().filter(|&&s| s == chosen).count() == 1
        {
            first += 1;
        }
        log_likelihood += (chosen / strengths.iter().sum::<f64>()).ln();
    }
    let n = set.decisions.len().max(1) as f64;
    format!(
        "test: {:.1}% first, mean log-likelihood {:.3}",
        100.0 * first as f64 / n,
        log_likelihood / n
    )
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::features::{CAPTURE, GROUP_VALUES};

    #[test]
    fn recovers_the_strengths_that_chose_the_moves() {
        // Each position offers a plain move, a capture of one stone and a capture of three; the
        // player picks in proportion to strengths 1, 4 and 0.5.
        let truth = [1.0, 4.0, 0.5];
        let mut rng = SmallRng::seed_from_u64(7);
        let mut set = Set::default();
        for _ in 0..20_000 {
            let start = set.candidates.len();
            for v in 0..3 {
                let mut c = [0; LEARNED];
                c[CAPTURE] = v;
                set.candidates.push(c);
            }
            let mut x = rng.random_range(0.0..truth.iter().sum::<f64>());
            let played = truth.iter().position(|&t| {
                x -= t;
                x < 0.0
            });
            set.decisions.push(Decision {
                start,
                end: start + 3,
                played: played.unwrap_or(2),
            });
        }
        let mut gammas: [Vec<f64>; LEARNED] = std::array::from_fn(|g| match g {
            PATTERN | LARGE => vec![1.0],
            _ => vec![1.0; GROUP_VALUES[g]],
        });
        let before = evaluate(&set, &gammas);
        for _ in 0..30 {
            for g in 0..LEARNED {
                improve(&set, &mut gammas, g);
            }
        }
        let learned = &gammas[CAPTURE];
        assert_eq!(learned[0], 1.0, "absence keeps a gamma of 1");
        assert!((learned[1] / 4.0 - 1.0).abs() < 0.05, "{learned:?}");
        assert!((learned[2] / 0.5 - 1.0).abs() < 0.1, "{learned:?}");
        assert_eq!(learned[3], 1.0, "a value never seen is left alone");
        assert_ne!(before, evaluate(&set, &gammas));
    }
}
