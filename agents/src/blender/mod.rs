//! The Blender's agents: the rule-based `heuristic` and what the configurable agents
//! (heuristic, IS-MCTS) need of the variant (`AgentSupport`).

pub mod heuristic;

pub use heuristic::BlenderHeuristic;

use crate::heuristic::HeuristicParams;
use crate::mcts::{Mcts, MctsParams, Rollout};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::blender::BlenderState;

impl AgentSupport for BlenderState {
    /// The classic play-score weights and the bluff/challenge parameters do not apply;
    /// `uno_forget` does.
    fn heuristic(p: &HeuristicParams) -> Box<dyn Agent<Self>> {
        Box::new(BlenderHeuristic { params: p.clone() })
    }
    fn mcts(p: &MctsParams) -> Box<dyn Agent<Self>> {
        let rollout: AnyAgent<BlenderState> = match p.rollout {
            Rollout::Random => AnyAgent::Random(RandomAgent),
            Rollout::Heuristic => AnyAgent::Boxed(Box::new(BlenderHeuristic {
                params: HeuristicParams::default(),
            })),
        };
        Box::new(Mcts::new(p.clone(), rollout))
    }
}
