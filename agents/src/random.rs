//! Baseline agents.

use crate::{Agent, Decision};
use uno_engine::{Action, Game, Rng};

/// Picks a legal action uniformly at random (every decision kind, including UNO calls,
/// catches and challenges).
#[derive(Clone, Debug, Default)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }
    #[inline]
    fn act(&mut self, d: &Decision<'_, G>, rng: &mut Rng) -> Action {
        d.legal[rng.below(d.legal.len() as u32) as usize]
    }
    fn is_uniform_random(&self) -> bool {
        true
    }
}

/// Always the lowest legal action id; deterministic, for tests and debugging.
#[derive(Clone, Debug, Default)]
pub struct FirstLegalAgent;

impl<G: Game> Agent<G> for FirstLegalAgent {
    fn name(&self) -> &str {
        "first"
    }
    fn act(&mut self, d: &Decision<'_, G>, _rng: &mut Rng) -> Action {
        d.legal[0]
    }
}
