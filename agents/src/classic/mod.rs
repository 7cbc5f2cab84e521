//! Classic UNO's agents: the rule-based `heuristic`, the observation encoders, and what the
//! configurable agents (heuristic, IS-MCTS, neural) need of the variant (`AgentSupport`).

pub mod encode;
pub mod heuristic;

pub use encode::{ClassicEncoder, ClassicEvidenceEncoder};
pub use heuristic::HeuristicAgent;

use crate::encode::{Observation, ObservationEncoder};
use crate::heuristic::HeuristicParams;
use crate::mcts::{Evidence, Mcts, MctsParams, Rollout};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::classic::{ClassicOptions, ClassicState, DrawRule};

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
                (n, v.hands_played, classic_evidence(&v.options))
            },
        ))
    }
}

/// The observed opponent model's evidence table for classic rules: hand sizes are strong
/// evidence where a player may draw at will (official rules); where a draw is allowed only when
/// stuck (`rlcard`) a draw means a stuck player, random or not.
fn classic_evidence(options: &ClassicOptions) -> &'static Evidence {
    match options.draw_rule {
        DrawRule::OnlyWhenStuck => &EVIDENCE_CLASSIC_RLCARD,
        DrawRule::Always => &EVIDENCE_CLASSIC,
    }
}

/// Classic, official rules: a random player draws at about a third of its turns whatever it
/// holds, so its hand grows by one far more often, the more so the larger its hand.
pub const EVIDENCE_CLASSIC: Evidence = [
    [0.00, -1.19, -0.23, 0.52, 0.26, 1.50, 0.44],
    [-1.23, -0.47, 0.14, 0.80, 0.18, 1.87, 0.56],
    [-1.11, -0.37, 0.31, 1.24, 0.12, 2.70, 0.48],
    [-1.10, -0.22, 0.44, 1.96, -0.05, 2.83, 0.29],
];

/// Classic, `rlcard` preset: a draw is allowed only when stuck, so hand sizes hardly tell the two
/// kinds apart (every common change within ±0.26).
pub const EVIDENCE_CLASSIC_RLCARD: Evidence = [
    [0.00, -0.06, 0.02, 0.04, -0.09, 0.86, -0.02],
    [-0.18, -0.04, 0.04, 0.17, -0.11, 0.64, -0.02],
    [-0.22, 0.03, -0.00, 0.26, -0.17, 0.38, -0.09],
    [-0.51, 0.12, -0.01, 0.26, -0.20, 0.22, -0.21],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evidence_follows_the_draw_rule() {
        assert_eq!(
            classic_evidence(&ClassicOptions::default()),
            &EVIDENCE_CLASSIC
        );
        assert_eq!(
            classic_evidence(&ClassicOptions::rlcard()),
            &EVIDENCE_CLASSIC_RLCARD
        );
    }
}
