//! What one player may know (`docs/rules/blender.md` section 16): their hand, the public
//! table, and the cards they know are in other hands.

use super::cards::wild::CREEPER;
use super::cards::NUM_KINDS;
use super::state::{BHand, BlenderState, Phase, Shown, StackKind, NONE, NO_CARD};
use crate::game::{DecisionKind, Seat, MAX_PLAYERS};

#[derive(Clone, Copy, Debug)]
pub struct BlenderView {
    pub seat: Seat,
    pub num_players: u8,
    pub to_act: Option<(Seat, DecisionKind)>,
    pub phase: Phase,
    pub hand: BHand,
    pub hand_sizes: [u16; MAX_PLAYERS],
    /// Seats still in the game, as a bitset.
    pub alive: u16,
    /// Elimination order per seat (0: still in).
    pub elim_order: [u8; MAX_PLAYERS],
    /// Power Cards showing red, as a bitset.
    pub red: u16,
    pub shown: Shown,
    /// The normal pile's top while a mini-pile stands.
    pub main_shown: Shown,
    /// The mini-pile's colour and cards, while one stands (it is face up).
    pub mini: Option<u8>,
    pub mini_counts: [u8; NUM_KINDS],
    /// The discard pile (face up; burned cards go under it).
    pub discard: [u8; NUM_KINDS],
    pub draw_pile: u16,
    pub tempo: u8,
    pub turn_tempo: u8,
    pub played: u8,
    pub current: Seat,
    pub prev_active: u8,
    pub clockwise: bool,
    pub stack: u16,
    pub stack_kind: StackKind,
    pub link: (u8, u8),
    pub targeted_skips: [u8; MAX_PLAYERS],
    pub team_play: u8,
    pub team_turn: bool,
    pub dealer: Seat,
    /// The card being resolved and its player (public: it was played face up).
    pub resolving: (u8, u16, bool),
    /// In a Swap, the card the viewer committed to give (`NO_CARD` otherwise: the other side's
    /// choice is hidden).
    pub my_give: u16,
    /// Point Taken: whom the viewer pointed at (the others' answers are hidden until all are
    /// in).
    pub my_point: u8,
    /// Copies of each kind the viewer knows are in each other hand (lower bounds; zero for
    /// the viewer's own seat).
    pub known: [[u8; NUM_KINDS]; MAX_PLAYERS],
}

impl BlenderView {
    pub fn new(s: &BlenderState, seat: Seat) -> Self {
        let n = s.n as usize;
        let mut hand_sizes = [0u16; MAX_PLAYERS];
        for (i, h) in hand_sizes.iter_mut().enumerate().take(n) {
            *h = s.hands[i].len() as u16;
        }
        let mut known = [[0u8; NUM_KINDS]; MAX_PLAYERS];
        for (t, row) in known.iter_mut().enumerate().take(n) {
            if t != seat as usize {
                s.known_into(seat, t as u8, row);
            }
        }
        // B23: only the card's player committed a card before the other chose; the target
        // does not see it.
        let giver_is_me = s.res.player == seat && s.res.give != NO_CARD;
        BlenderView {
            seat,
            num_players: s.n,
            to_act: s.actor(),
            // The card just drawn is its drawer's secret until played (16, B43), unless it is a
            // Creeper, which its drawer revealed (9.25, B54).
            phase: match s.phase {
                Phase::PostDraw { kind } if seat != s.current && kind as usize != CREEPER => {
                    Phase::PostDraw { kind: NO_CARD }
                }
                p => p,
            },
            hand: s.hands[seat as usize],
            hand_sizes,
            alive: s.alive,
            elim_order: s.elim_order,
            red: s.red,
            shown: s.shown,
            main_shown: s.main_shown,
            mini: s.mini_active.then_some(s.mini_color),
            mini_counts: s.mini,
            discard: s.discard,
            draw_pile: s.pile.len() as u16,
            tempo: s.tempo,
            turn_tempo: s.turn_tempo,
            played: s.played,
            current: s.current,
            prev_active: s.prev_active,
            clockwise: s.clockwise,
            stack: s.stack,
            stack_kind: s.stack_kind,
            link: s.link,
            targeted_skips: s.targeted_skips,
            team_play: s.team_play,
            team_turn: s.team_turn,
            dealer: s.dealer,
            resolving: (s.res.player, s.res.kind, s.res.flexed),
            my_give: if giver_is_me { s.res.give } else { NO_CARD },
            my_point: if (seat as usize) < n {
                s.points[seat as usize]
            } else {
                NONE
            },
            known,
        }
    }
}
