//! What one player may know in Hot Death: the public state, the viewer's own hand, and the
//! cards everyone has seen in other hands (a Glasnost victim's hand as shown, a Penn State or
//! Luck o' the Irish shown, a Sixty Nine shown to play a 6 on a 9). Nothing else of other hands
//! or of the draw pile's order.

use super::cards::NUM_KINDS;
use super::options::HotDeathOptions;
use super::state::{HdHand, HotDeathState};
use crate::game::{DecisionKind, Game, Seat, MAX_PLAYERS};

#[derive(Clone, Debug)]
pub struct HotDeathView {
    pub seat: Seat,
    pub num_players: u8,
    pub to_act: Option<(Seat, DecisionKind)>,
    pub hand: HdHand,
    pub hand_sizes: [u16; MAX_PLAYERS],
    /// Cards of each hand everyone has seen (still held).
    pub revealed: [HdHand; MAX_PLAYERS],
    pub active: [bool; MAX_PLAYERS],
    pub top: u8,
    pub color: u8,
    pub clockwise: bool,
    pub current: Seat,
    pub dealer: Seat,
    /// The pending attack: (kind, victim, cards, inflicter).
    pub attack: Option<(&'static str, Seat, u16, Option<Seat>)>,
    pub discard: [u8; NUM_KINDS],
    pub draw_pile_len: u16,
    /// The card the viewer just drew (only in their own PostDraw decision).
    pub drawn_card: Option<u8>,
    pub scores: [i32; MAX_PLAYERS],
    pub infections: [u8; MAX_PLAYERS],
    pub hands_played: u32,
    pub options: HotDeathOptions,
}

impl HotDeathView {
    pub fn new(s: &HotDeathState, seat: Seat) -> Self {
        let n = s.num_players();
        let mut hand_sizes = [0u16; MAX_PLAYERS];
        let mut revealed = [HdHand::new(); MAX_PLAYERS];
        let mut active = [false; MAX_PLAYERS];
        for i in 0..n {
            hand_sizes[i] = s.hand(i).len() as u16;
            revealed[i] = *s.revealed(i);
            active[i] = s.is_active(i);
        }
        let to_act = s.to_act();
        let drawn_card = match to_act {
            Some((who, DecisionKind::PostDraw)) if who == seat => s.drawn_card(),
            _ => None,
        };
        HotDeathView {
            seat,
            num_players: n as u8,
            to_act,
            hand: *s.hand(seat as usize),
            hand_sizes,
            revealed,
            active,
            top: s.top(),
            color: s.color(),
            clockwise: s.clockwise(),
            current: s.current(),
            dealer: s.dealer(),
            attack: s.attack_summary(),
            discard: *s.discard_counts(),
            draw_pile_len: s.draw_pile().len() as u16,
            drawn_card,
            scores: *s.scores(),
            infections: *s.infections(),
            hands_played: s.hands_played(),
            options: *s.options(),
        }
    }
}
