//! The Constitution's agents: the rule-based `heuristic`, the observation encoder
//! `constitution`, and what the configurable agents (heuristic, IS-MCTS, neural) need of the
//! variant (`AgentSupport`).

pub mod encode;
pub mod heuristic;

pub use encode::ConEncoder;
pub use heuristic::ConHeuristic;

use crate::encode::{Observation, ObservationEncoder};

use crate::heuristic::HeuristicParams;
use crate::mcts::{Mcts, MctsParams, Rollout};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::constitution::ConState;

impl AgentSupport for ConState {
    /// The encoder `constitution` (`encode.rs`).
    fn observations() -> Vec<Observation<Self>> {
        vec![Observation {
            variant: "constitution",
            name: "constitution",
            len: ConEncoder::LEN,
            encode: ConEncoder::encode,
            extends: None,
        }]
    }
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
