//! Hot Death's agents: the rule-based `heuristic` and what the configurable agents need of the
//! variant (`AgentSupport`).

pub mod heuristic;

pub use heuristic::HotDeathHeuristic;

use crate::heuristic::HeuristicParams;
use crate::mcts::{Evidence, Mcts, MctsParams, Rollout};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::hotdeath::HotDeathState;

impl AgentSupport for HotDeathState {
    /// The classic play-score weights do not apply; `uno_forget` does.
    fn heuristic(p: &HeuristicParams) -> Box<dyn Agent<Self>> {
        Box::new(HotDeathHeuristic { params: p.clone() })
    }
    fn mcts(p: &MctsParams) -> Box<dyn Agent<Self>> {
        let rollout: AnyAgent<HotDeathState> = match p.rollout {
            Rollout::Random => AnyAgent::Random(RandomAgent),
            Rollout::Heuristic => AnyAgent::Boxed(Box::new(HotDeathHeuristic {
                params: HeuristicParams::default(),
            })),
        };
        Box::new(Mcts::new(p.clone(), rollout).with_hand_sizes(
            |v: &uno_engine::hotdeath::HotDeathView, out| {
                let n = v.num_players as usize;
                for (o, &h) in out.iter_mut().zip(&v.hand_sizes[..n]) {
                    *o = h as u32;
                }
                (n, v.hands_played, &EVIDENCE_HOT_DEATH)
            },
        ))
    }
}

/// Hot Death, single hands (`target=0`): the same pattern as classic, weaker (more cards make
/// everybody's hand grow).
pub const EVIDENCE_HOT_DEATH: Evidence = [
    [0.00, -1.06, -0.29, 0.56, 0.37, 1.14, 0.10],
    [-0.92, -0.32, -0.11, 0.64, 0.21, 0.86, 0.31],
    [-0.91, -0.26, -0.01, 1.03, 0.02, 0.45, 0.13],
    [-0.79, -0.03, -0.12, 1.68, -0.17, -0.07, -0.09],
];
