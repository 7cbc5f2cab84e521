//! Classic UNO's agents: which heuristic and search agents play it.

use crate::encode::{ClassicEncoder, ClassicEvidenceEncoder, Observation, ObservationEncoder};
use crate::heuristic::{HeuristicAgent, HeuristicParams};
use crate::mcts::{Mcts, MctsParams, Rollout};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::classic::ClassicState;

impl AgentSupport for ClassicState {
    fn observations() -> Vec<Observation<Self>> {
        vec![
            Observation {
                variant: "classic",
                name: "classic",
                len: ClassicEncoder::LEN,
                encode: ClassicEncoder::encode,
                extends: None,
            },
            Observation {
                variant: "classic",
                name: "classic-evidence",
                len: ClassicEvidenceEncoder::LEN,
                encode: ClassicEvidenceEncoder::encode,
                extends: Some("classic"),
            },
        ]
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
        Box::new(Mcts::new(p.clone(), rollout).with_hand_sizes(
            |v: &uno_engine::classic::ClassicView, out| {
                let n = v.num_players as usize;
                for (o, &h) in out.iter_mut().zip(&v.hand_sizes[..n]) {
                    *o = h as u32;
                }
                (n, v.hands_played)
            },
        ))
    }
}
