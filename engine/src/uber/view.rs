//! What one Über Uno player sees. So far: their own hand and the public table. The knowledge
//! a player keeps of others' hands (exchanges, gifts, challenges; `docs/rules/uber.md` section
//! 17) comes with the determinization.

use super::state::{HandRules, Phase, Stack, UberHand, UberState};
use super::UberOptions;
use crate::game::{DecisionKind, Game, Seat, MAX_PLAYERS};

#[derive(Clone, Debug)]
pub struct UberView {
    pub seat: Seat,
    pub num_players: u8,
    pub to_act: Option<(Seat, DecisionKind)>,
    pub phase: Phase,
    pub hand: UberHand,
    pub hand_sizes: [u16; MAX_PLAYERS],
    /// Every card on the discard pile (it is face up; the Green One may take any).
    pub discard: UberHand,
    pub top: u8,
    pub color: u8,
    pub clockwise: bool,
    pub current: Seat,
    pub dealer: Seat,
    pub stack: Stack,
    pub rules: HandRules,
    pub hand_no: u16,
    pub lost: [u16; MAX_PLAYERS],
    pub draw_pile: u16,
    pub options: UberOptions,
}

impl UberView {
    pub fn new(st: &UberState, seat: Seat) -> Self {
        let n = st.num_players();
        let mut hand_sizes = [0u16; MAX_PLAYERS];
        for (s, h) in hand_sizes.iter_mut().enumerate().take(n) {
            *h = st.hand(s).len() as u16;
        }
        UberView {
            seat,
            num_players: n as u8,
            to_act: st.to_act(),
            phase: st.phase(),
            hand: *st.hand(seat as usize),
            hand_sizes,
            discard: *st.discard_pile(),
            top: st.top(),
            color: st.color(),
            clockwise: st.clockwise(),
            current: st.current(),
            dealer: st.dealer(),
            stack: *st.stack(),
            rules: *st.rules(),
            hand_no: st.hand_no(),
            lost: st.stats().lost,
            draw_pile: st.draw_pile().len() as u16,
            options: *st.options(),
        }
    }
}
