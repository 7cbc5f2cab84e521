//! Classic UNO's agents: which heuristic and search agents play it.

use crate::encode::{ClassicEncoder, ClassicEvidenceEncoder, Observation, ObservationEncoder};
use crate::heuristic::{HeuristicAgent, HeuristicParams};
use crate::mcts::{Evidence, Mcts, MctsParams, Rollout, EVIDENCE_CLASSIC, EVIDENCE_CLASSIC_RLCARD};
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
