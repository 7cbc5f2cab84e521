//! The Blender's agents: the rule-based `heuristic`, the observation encoder `blender`, and
//! what the configurable agents (heuristic, IS-MCTS, neural) need of the variant
//! (`AgentSupport`).

pub mod encode;
pub mod heuristic;

pub use encode::BlenderEncoder;
pub use heuristic::BlenderHeuristic;

use crate::encode::{Observation, ObservationEncoder};
use crate::heuristic::HeuristicParams;
use crate::mcts::{Mcts, MctsParams, Rollout};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::blender::BlenderState;

impl AgentSupport for BlenderState {
    /// The encoder `blender` (`encode.rs`).
    fn observations() -> Vec<Observation<Self>> {
        vec![Observation {
            variant: "blender",
            name: "blender",
            len: BlenderEncoder::LEN,
            encode: BlenderEncoder::encode,
            extends: None,
        }]
    }
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
