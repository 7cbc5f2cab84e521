//! Über Uno's agents: the rule-based `heuristic`, and what the configurable agents (heuristic,
//! IS-MCTS) need of the variant (`AgentSupport`).

pub mod encode;
pub mod heuristic;

pub use heuristic::UberHeuristic;

use crate::heuristic::HeuristicParams;
use crate::mcts::{Mcts, MctsParams, Rollout};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::uber::UberState;

impl AgentSupport for UberState {
    /// The encoder `uber` (`encode.rs`).
    fn observations() -> Vec<crate::encode::Observation<Self>> {
        use crate::encode::ObservationEncoder;
        vec![crate::encode::Observation {
            variant: "uber",
            name: "uber",
            len: encode::UberEncoder::LEN,
            encode: encode::UberEncoder::encode,
            extends: None,
        }]
    }
    /// The classic play-score weights and the bluff/challenge parameters do not apply;
    /// `uno_forget` does.
    fn heuristic(p: &HeuristicParams) -> Box<dyn Agent<Self>> {
        Box::new(UberHeuristic { params: p.clone() })
    }
    fn mcts(p: &MctsParams) -> Box<dyn Agent<Self>> {
        let rollout: AnyAgent<UberState> = match p.rollout {
            Rollout::Random => AnyAgent::Random(RandomAgent),
            Rollout::Heuristic => AnyAgent::Boxed(Box::new(UberHeuristic {
                params: HeuristicParams::default(),
            })),
        };
        Box::new(Mcts::new(p.clone(), rollout))
    }
}
