//! The Constitution's agents: the rule-based `heuristic`, and what the configurable agents
//! (heuristic, IS-MCTS) need of the variant (`AgentSupport`).

pub mod heuristic;

pub use heuristic::ConHeuristic;

use crate::heuristic::HeuristicParams;
use crate::mcts::{Mcts, MctsParams, Rollout};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::constitution::ConState;

impl AgentSupport for ConState {
    /// The classic play-score weights and the bluff/challenge parameters do not apply;
    /// `uno_forget` does.
    fn heuristic(p: &HeuristicParams) -> Box<dyn Agent<Self>> {
        Box::new(ConHeuristic { params: p.clone() })
    }
    fn mcts(p: &MctsParams) -> Box<dyn Agent<Self>> {
        let rollout: AnyAgent<ConState> = match p.rollout {
            Rollout::Random => AnyAgent::Random(RandomAgent),
            Rollout::Heuristic => AnyAgent::Boxed(Box::new(ConHeuristic {
                params: HeuristicParams::default(),
            })),
        };
        Box::new(Mcts::new(p.clone(), rollout))
    }
}
