//! `uno-agents`: the `Agent` trait, agents built from spec strings, and observation encoders.
//!
//! Variant-independent agents and machinery sit at the top (`random`, `spec`, `mcts`, `neural`,
//! `encode`, the shared `heuristic` parameters); each variant's own code (its rule-based
//! heuristic, observation encoders, IS-MCTS evidence tables and the `AgentSupport` impl that
//! wires them up) lives in one folder named after it: `classic/`, `hotdeath/`, `debt/`.
//!
//! An agent sees a [`Decision`]: who decides, what kind of decision, the legal actions, and, on
//! request, the deciding player's view (`Decision::view`), which holds only what that player may
//! know. Agents never see the state itself.

pub mod blender;
pub mod classic;
pub mod constitution;
pub mod debt;
pub mod encode;
pub mod heuristic;
pub mod hotdeath;
pub mod mcts;
#[cfg(feature = "neural")]
pub mod neural;
pub mod params;
pub mod random;
pub mod script;
pub mod spec;
pub mod uber;

pub use classic::{ClassicEncoder, ClassicEvidenceEncoder, HeuristicAgent};
pub use encode::{legal_mask, Observation, ObservationEncoder};
pub use heuristic::HeuristicParams;
pub use hotdeath::HotDeathHeuristic;
pub use mcts::{Mcts, MctsParams};
pub use random::{FirstLegalAgent, RandomAgent};
pub use spec::{AgentFactory, AgentSpec, AgentSupport, AnyAgent};

use uno_engine::{Action, DecisionKind, Game, Rng, Seat};

/// One decision put to an agent.
pub struct Decision<'a, G: Game> {
    state: &'a G,
    pub seat: Seat,
    pub kind: DecisionKind,
    /// Legal actions, ascending; never empty.
    pub legal: &'a [Action],
}

impl<'a, G: Game> Decision<'a, G> {
    /// Built by the runner from the state; the state itself stays private.
    pub fn new(state: &'a G, seat: Seat, kind: DecisionKind, legal: &'a [Action]) -> Self {
        Decision {
            state,
            seat,
            kind,
            legal,
        }
    }
    /// What the deciding player may know (computed on demand).
    pub fn view(&self) -> G::View {
        self.state.view(self.seat)
    }
    /// Readable name of an action.
    pub fn action_name(&self, a: Action) -> String {
        self.state.action_name(a)
    }
}

impl<G: uno_engine::SearchGame> Decision<'_, G> {
    /// A full state sampled from what the deciding player knows (their own hand, the public
    /// cards, hand sizes; never the hidden cards themselves): the only way search agents see a
    /// state.
    /// `priors`: see `SearchGame::determinize`.
    pub fn determinize(&self, priors: uno_engine::Priors, rng: &mut Rng) -> G {
        self.state.determinize(self.seat, priors, rng)
    }
}

/// An agent behind a box is an agent (so `[Box<dyn Agent<G>>]` works wherever `[A: Agent<G>]` does).
impl<G: Game> Agent<G> for Box<dyn Agent<G>> {
    fn name(&self) -> &str {
        (**self).name()
    }
    #[inline]
    fn act(&mut self, d: &Decision<'_, G>, rng: &mut Rng) -> Action {
        (**self).act(d, rng)
    }
    fn reset(&mut self) {
        (**self).reset()
    }
    fn is_uniform_random(&self) -> bool {
        (**self).is_uniform_random()
    }
}

/// A player. Synchronous, one decision at a time; `rng` is the agent's own seeded stream.
pub trait Agent<G: Game>: Send {
    /// Name used in statistics (normally the spec string it was built from).
    fn name(&self) -> &str;
    /// Picks one of `d.legal`.
    fn act(&mut self, d: &Decision<'_, G>, rng: &mut Rng) -> Action;
    /// Called before each new game.
    fn reset(&mut self) {}
    /// True if this agent picks uniformly among the legal actions exactly as
    /// `d.legal[rng.below(d.legal.len())]`; the runner may then use `Game::sample_legal`, which
    /// gives the identical action without building the list.
    fn is_uniform_random(&self) -> bool {
        false
    }
}
