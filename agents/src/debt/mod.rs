//! Uno Debt's agents: the rule-based `heuristic`, the observation encoder `debt`, and what the
//! configurable agents (heuristic, IS-MCTS, neural) need of the variant (`AgentSupport`).

pub mod encode;
pub mod heuristic;

pub use encode::DebtEncoder;
pub use heuristic::DebtHeuristic;

use crate::encode::{Observation, ObservationEncoder};
use crate::heuristic::HeuristicParams;
use crate::mcts::{Evidence, Mcts, MctsParams, Rollout, SIZE_CHANGES, SIZE_CLASSES};
use crate::spec::{AgentSupport, AnyAgent};
use crate::{Agent, RandomAgent};
use uno_engine::debt::cards::{color_of, number};
use uno_engine::debt::{DebtState, DebtView, Phase};
use uno_engine::MAX_PLAYERS;

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
        Box::new(Mcts::new(p.clone(), rollout).with_hand_sizes(observed_sizes))
    }
}

/// What the observed opponent model (`mcts:opp_model=observed`) reads of a view: per seat the
/// cards held, hand and discard pile (in Uno Debt both count against a player, and a stuck
/// player's cards go into the pile); one deal per game (hand number 0); and the evidence table.
///
/// The model observes at every `Play`-kind decision, and in Uno Debt a turn has several (the
/// start, the first card, each further card of a group, the reward play). Only the first
/// decision of a turn ([`turn_begins`]) gets [`EVIDENCE_DEBT`]; the others get a neutral table,
/// so each opponent's change between two of the searcher's turns counts once (the neutral ones
/// still move the model's reference sizes along, e.g. past the cards the searcher's own Draw
/// cards gave the next player before a reward play).
pub fn observed_sizes(
    v: &DebtView,
    out: &mut [u32; MAX_PLAYERS],
) -> (usize, u32, &'static Evidence) {
    let n = v.num_players as usize;
    for (i, o) in out.iter_mut().enumerate().take(n) {
        *o = v.hand_sizes[i] as u32 + v.pile_sizes[i] as u32;
    }
    let table = if turn_begins(v) {
        &EVIDENCE_DEBT
    } else {
        &EVIDENCE_NEUTRAL
    };
    (n, 0, table)
}

/// Whether the view's decision is the first of its player's turn: the start of a turn, or the
/// play when nothing was available at the start (no pile of one's own, no pile to buy from).
/// A play after a pile card that emptied one's pile counts too (the view cannot tell it apart).
pub fn turn_begins(v: &DebtView) -> bool {
    let me = v.seat as usize;
    match v.phase {
        Phase::Start { took } => !took,
        Phase::Play => {
            let n = v.num_players as usize;
            let power = match number(v.buying_power[me]).unwrap_or(0) {
                0 => v.options.zero_power,
                p => p,
            };
            let can_buy = power > 0
                && (n > 2 || v.color == color_of(v.buying_power[me]))
                && (0..n).any(|t| t != me && v.pile_sizes[t] > 0);
            v.pile_sizes[me] == 0 && !can_buy
        }
        _ => false,
    }
}

/// No evidence: every change is as likely from a random player as from the heuristic.
pub const EVIDENCE_NEUTRAL: Evidence = [[0.0; SIZE_CHANGES]; SIZE_CLASSES];

/// Uno Debt (defaults), by cards held (hand and pile) between the first decisions of two of the
/// searcher's turns. Measured as the `Evidence` tables are (`agents/examples/
/// opponent_calibration.rs`'s method: 4 players, random, random, heuristic, heuristic; 20,000
/// games, seed 7; the observations exactly as [`observed_sizes`] makes them) with a copy of that
/// example for Uno Debt kept outside the repository). The heuristic sheds two or more cards in
/// a turn far more often (groups, balances and their reward plays); a random player more often
/// holds as many or more (it buys, withdraws and gets stuck), the more so the more it holds.
/// On fresh deals the estimate that a seat plays at random moves from 0.5 to 0.79 for random
/// seats and 0.24 for the heuristic over the searcher's first 21 turns.
pub const EVIDENCE_DEBT: Evidence = [
    [1.88, -0.99, 0.13, -0.13, -0.04, 0.52, 0.44],
    [-0.86, -0.36, 0.35, 0.35, 0.13, 0.66, 0.42],
    [-0.83, -0.17, 0.43, 0.71, 0.14, 0.77, 0.39],
    [-0.95, 0.05, 0.56, 0.99, 0.17, 0.99, 0.50],
];

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::debt::action::TAKE_ONE;
    use uno_engine::debt::DebtScenario;
    use uno_engine::Game;

    fn scenario(json: &str) -> DebtState {
        DebtScenario::from_json(json).unwrap().build().unwrap()
    }

    #[test]
    fn the_first_decision_of_a_turn_gets_the_evidence() {
        // A pile: the turn begins at Start; after the pile card, the play is not a beginning.
        let mut s = scenario(
            r#"{"players": 3, "buying_power": ["B4", "R7", "G2"],
                "hands": [["B3", "R6"], ["G5"], ["Y2", "Y3"]], "piles": [["Y9", "Y8"], [], []],
                "play_area": ["R5"], "current": 0}"#,
        );
        let mut sizes = [0u32; MAX_PLAYERS];
        let (n, hand, table) = observed_sizes(&s.view(0), &mut sizes);
        assert_eq!((n, hand, &sizes[..3]), (3, 0, &[4, 1, 2][..]));
        assert!(std::ptr::eq(table, &EVIDENCE_DEBT));
        s.apply_unchecked(TAKE_ONE);
        assert_eq!(s.phase(), Phase::Play);
        assert!(!turn_begins(&s.view(0)));
        assert!(std::ptr::eq(
            observed_sizes(&s.view(0), &mut sizes).2,
            &EVIDENCE_NEUTRAL
        ));
        // No pile anywhere: the turn begins at the play.
        let s = scenario(
            r#"{"players": 3, "buying_power": ["B4", "R7", "G2"],
                "hands": [["B3", "R6"], ["G5"], ["Y2", "Y3"]],
                "play_area": ["R5"], "current": 0}"#,
        );
        assert_eq!(s.phase(), Phase::Play);
        assert!(turn_begins(&s.view(0)));
    }
}
