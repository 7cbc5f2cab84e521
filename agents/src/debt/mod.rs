//! Uno Debt's agents: the rule-based `heuristic`, the observation encoder `debt`, and what the
//! configurable agents (heuristic, IS-MCTS, neural) need of the variant (`AgentSupport`).

pub mod encode;
pub mod heuristic;

pub use encode::DebtEncoder;
pub use heuristic::DebtHeuristic;

use crate::encode::{Observation, ObservationEncoder};
use crate::heuristic::HeuristicParams;
use crate::mcts::{Evidence, Mcts, MctsParams, Rollout};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::debt::{DebtState, DebtView};

impl AgentSupport for DebtState {
    fn observations() -> Vec<Observation<Self>> {
        vec![Observation {
            variant: "debt",
            name: "debt",
            len: DebtEncoder::LEN,
            encode: DebtEncoder::encode,
            extends: None,
        }]
    }
    /// The classic play-score weights and the bluff/challenge parameters do not apply;
    /// `uno_forget` does.
    fn heuristic(p: &HeuristicParams) -> Box<dyn Agent<Self>> {
        Box::new(DebtHeuristic { params: p.clone() })
    }
    fn mcts(p: &MctsParams) -> Box<dyn Agent<Self>> {
        let rollout: AnyAgent<DebtState> = match p.rollout {
            Rollout::Random => AnyAgent::Random(RandomAgent),
            Rollout::Heuristic => AnyAgent::Boxed(Box::new(DebtHeuristic {
                params: HeuristicParams::default(),
            })),
        };
        // The "hand size" the observed opponent model follows is the cards a seat holds, hand
        // and discard pile: in Uno Debt both count against it, and a stuck player's cards go
        // into the pile. One deal per game: the hand number is always 0.
        Box::new(
            Mcts::new(p.clone(), rollout).with_hand_sizes(|v: &DebtView, out| {
                let n = v.num_players as usize;
                for (i, o) in out.iter_mut().enumerate().take(n) {
                    *o = v.hand_sizes[i] as u32 + v.pile_sizes[i] as u32;
                }
                (n, 0, &EVIDENCE_DEBT)
            }),
        )
    }
}

/// Uno Debt (defaults): not calibrated yet, neutral (every change is equally likely from a
/// random player and from the heuristic, so `opp_model=observed` keeps the prior).
pub const EVIDENCE_DEBT: Evidence = [[0.0; 7]; 4];
