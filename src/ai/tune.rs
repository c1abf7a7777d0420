//! Fitting the evaluation's weights to game results (Texel's method): self-play games give
//! quiet positions labelled with how the game ended, and the weights are moved to make
//! `sigmoid(scale × evaluation)` predict those results. The evaluation is linear in its
//! weights, so each position is reduced once to its feature counts.

use super::arena::{Player, opening_of, play_game, play_games};
use super::engine::{Engine, Weights};
use crate::rules::Rules;

/// Positions this early in a game are skipped: the opening turns are random.
const SKIP_TURNS: usize = 8;

/// One training position: its features (side to move minus opponent) and the game's result
/// for the side to move (1 won, ½ adjudicated draw, 0 lost).
#[derive(Clone, Debug)]
pub struct Sample {
    pub features: Vec<i32>,
    pub result: f64,
}

/// Plays `games` self-play games of `player` and keeps their quiet positions as samples.
pub fn collect<G: Engine>(player: &Player<G>, games: u32, seed: u64, threads: usize) -> Vec<Sample> {
    let played = play_games(games, threads, |game| play_game(player, player, opening_of(seed, game)));
    let mut samples = Vec::new();
    for game in played {
        for pos in game.positions.iter().skip(SKIP_TURNS).filter(|p| is_quiet::<G>(p)) {
            let result = match game.result.winner() {
                None => 0.5,
                Some(side) => f64::from(u8::from(side == G::side_to_move(pos))),
            };
            samples.push(Sample { features: G::features(pos), result });
        }
    }
    samples
}

/// Whether the side to move has no capture: the evaluation is only meant for such positions.
fn is_quiet<G: Rules>(pos: &G::Position) -> bool {
    G::turns(pos).iter().all(|t| !G::is_capture(pos, t))
}

/// The outcome of a fit.
#[derive(Clone, Debug)]
pub struct Fit<W: Weights> {
    pub weights: W,
    /// Evaluation units to logistic units, chosen for the starting weights and then held.
    pub scale: f64,
    pub error_before: f64,
    pub error_after: f64,
}

/// Mean squared error between results and predictions.
fn error(samples: &[Sample], weights: &[f64], scale: f64) -> f64 {
    let sum: f64 = samples.iter().map(|s| (s.result - predict(&s.features, weights, scale)).powi(2)).sum();
    sum / samples.len().max(1) as f64
}

fn predict(features: &[i32], weights: &[f64], scale: f64) -> f64 {
    let score: f64 = features.iter().zip(weights).map(|(&f, w)| f64::from(f) * w).sum();
    1.0 / (1.0 + (-scale * score).exp())
}

/// The positions in `W::TERMS` of the comma-separated term names in `names` (none for an empty
/// string), or an error naming the unknown term and the terms there are.
pub fn term_indices<W: Weights>(names: &str) -> Result<Vec<usize>, String> {
    names
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .map(|name| {
            W::TERMS.iter().position(|term| *term == name).ok_or_else(|| {
                format!("no term `{name}` in this game's evaluation; its terms: {}", W::TERMS.join(", "))
            })
        })
        .collect()
}

/// Fits the weights from `start` by `steps` of Adam gradient descent on the mean squared
/// error. The scale is fitted first, to the starting weights, and then held, so the weights
/// keep their units. Weights stay at 0 or above: every term is meant to be good to have. The
/// terms at the positions in `held` keep their starting weights: a weight set by hand from
/// match results (Khitan's centre) is one the games of a fit did not measure, so a refit must
/// not undo it.
pub fn fit<W: Weights>(samples: &[Sample], start: &W, steps: u32, held: &[usize]) -> Fit<W> {
    let mut w: Vec<f64> = start.to_vec().into_iter().map(f64::from).collect();
    let scale = best_scale(samples, &w);
    let error_before = error(samples, &w, scale);
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (rate, beta1, beta2) = (2.0, 0.9, 0.999);
    let n = samples.len().max(1) as f64;
    for step in 1..=steps {
        let mut gradient = vec![0.0; w.len()];
        for s in samples {
            let p = predict(&s.features, &w, scale);
            let common = -2.0 * (s.result - p) * p * (1.0 - p) * scale / n;
            for (g, &f) in gradient.iter_mut().zip(&s.features) {
                *g += common * f64::from(f);
            }
        }
        for j in (0..w.len()).filter(|j| !held.contains(j)) {
            m[j] = beta1 * m[j] + (1.0 - beta1) * gradient[j];
            v[j] = beta2 * v[j] + (1.0 - beta2) * gradient[j] * gradient[j];
            let m_hat = m[j] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[j] / (1.0 - beta2.powi(step as i32));
            w[j] = (w[j] - rate * m_hat / (v_hat.sqrt() + 1e-12)).max(0.0);
        }
    }
    let error_after = error(samples, &w, scale);
    let rounded: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    Fit { weights: W::from_slice(&rounded), scale, error_before, error_after }
}

/// The scale that best fits the starting weights, by golden-section search.
fn best_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let (mut low, mut high) = (1e-4_f64, 2e-2_f64);
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = high - golden * (high - low);
        let b = low + golden * (high - low);
        if error(samples, weights, a) < error(samples, weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// The fitted weights as the RON file the evaluation reads, with a header saying how they
/// were made.
pub fn to_ron<W: Weights>(weights: &W, how: &str) -> String {
    let body = ron::ser::to_string_pretty(weights, ron::ser::PrettyConfig::default()).expect("weights serialise");
    format!(
        "// The evaluation's weights (src/ai/<game>.rs).\n\
         // Written by `khalif-cli tune` ({how}); docs/performance.md says how to rerun it.\n{body}\n"
    )
}

/// The share of samples taken from games that ended with a win, for reports.
pub fn decisive_share(samples: &[Sample]) -> f64 {
    samples.iter().filter(|s| s.result != 0.5).count() as f64 / samples.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::khalif::KhalifWeights;

    /// Positions where more Raiders always won, `mobility_per_raider` going with each (term 6),
    /// and the Khalif weights with the Raider at a deliberately low 10.
    fn raiders_win(mobility_per_raider: i32) -> (Vec<Sample>, KhalifWeights) {
        let mut samples = Vec::new();
        for extra in 1..=3 {
            for (sign, result) in [(1, 1.0), (-1, 0.0)] {
                let mut features = vec![0; KhalifWeights::TERMS.len()];
                features[0] = sign * extra;
                features[6] = sign * extra * mobility_per_raider;
                samples.push(Sample { features, result });
            }
        }
        let mut start = KhalifWeights::default().to_vec();
        start[0] = 10;
        (samples, KhalifWeights::from_slice(&start))
    }

    #[test]
    fn fitting_moves_a_weight_towards_what_wins() {
        let (samples, start) = raiders_win(0);
        let fit = fit(&samples, &start, 200, &[]);
        assert!(fit.weights.raider > 10, "raider weight {}", fit.weights.raider);
        assert!(fit.error_after < fit.error_before);
    }

    #[test]
    fn a_held_weight_keeps_its_value_while_the_others_are_fitted() {
        // With the Raider held at its low start it stays there, and mobility, which goes with
        // the Raiders here, takes up the slack.
        let (samples, start) = raiders_win(2);
        let held = term_indices::<KhalifWeights>("raider").unwrap();
        let fit = fit(&samples, &start, 200, &held);
        assert_eq!(fit.weights.raider, 10);
        assert!(fit.weights.mobility > start.mobility, "the free weight takes up the slack: {}", fit.weights.mobility);
    }

    #[test]
    fn held_terms_are_named_and_an_unknown_name_is_refused_with_the_list() {
        assert_eq!(term_indices::<KhalifWeights>("").unwrap(), Vec::<usize>::new());
        assert_eq!(term_indices::<KhalifWeights>("raider, mobility").unwrap(), vec![0, 6]);
        let error = term_indices::<KhalifWeights>("raider,centre").unwrap_err();
        assert!(error.contains("`centre`") && error.contains("raider, vizier"), "{error}");
    }
}
