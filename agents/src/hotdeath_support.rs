//! Hot Death's agents: which heuristic and search agents play it.

use crate::heuristic::HeuristicParams;
use crate::hotdeath_heuristic::HotDeathHeuristic;
use crate::mcts::{Mcts, MctsParams, Rollout, EVIDENCE_HOT_DEATH};
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
