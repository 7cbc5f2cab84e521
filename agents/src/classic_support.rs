//! Classic UNO's agents: which heuristic and search agents play it.

use crate::encode::{ClassicEncoder, Observation, ObservationEncoder};
use crate::heuristic::{HeuristicAgent, HeuristicParams};
use crate::mcts::{Mcts, MctsParams, Rollout};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::classic::ClassicState;

impl AgentSupport for ClassicState {
    fn observation() -> Option<Observation<Self>> {
        Some(Observation {
            variant: "classic",
            len: ClassicEncoder::LEN,
            encode: ClassicEncoder::encode,
        })
    }
    fn heuristic(p: &HeuristicParams) -> Box<dyn Agent<Self>> {
        Box::new(HeuristicAgent { params: p.clone() })
    }
    fn mcts(p: &MctsParams) -> Box<dyn Agent<Self>> {
        let rollout: AnyAgent<ClassicState> = match p.rollout {
            Rollout::Random => AnyAgent::Random(RandomAgent),
            Rollout::Heuristic => AnyAgent::Boxed(Box::new(HeuristicAgent {
                params: HeuristicParams::default(),
            })),
        };
        Box::new(
            Mcts::new(p.clone(), rollout)
                .with_hand_sizes(|s: &ClassicState, i| s.hand(i).len() as u32),
        )
    }
}
