//! What one player may know in Uno Debt (`docs/rules/debt.md`, "Knowledge"): the public table
//! (buying-power cards, the play area, the debt, every hand's and pile's size), the viewer's
//! own hand, what the viewer knows for certain of their own pile, and the cards everyone knows
//! are in each hand and pile (cards that went there face up from the play area, as far as
//! they certainly still are). Nothing of the melon's order or of hidden cards.

use super::cards::NUM_KINDS;
use super::options::DebtOptions;
use super::state::{DebtHand, DebtState, Group, Phase};
use crate::game::{DecisionKind, Game, Seat, MAX_PLAYERS};

#[derive(Clone, Debug)]
pub struct DebtView {
    pub seat: Seat,
    pub num_players: u8,
    pub to_act: Option<(Seat, DecisionKind)>,
    pub phase: Phase,
    pub hand: DebtHand,
    /// The viewer's certain knowledge of their own pile (all of it unless someone bought from
    /// it since).
    pub own_pile: [u8; NUM_KINDS],
    pub hand_sizes: [u16; MAX_PLAYERS],
    pub pile_sizes: [u16; MAX_PLAYERS],
    /// Cards everyone knows are in each hand / pile.
    pub known_hand: [[u8; NUM_KINDS]; MAX_PLAYERS],
    pub known_pile: [[u8; NUM_KINDS]; MAX_PLAYERS],
    /// Buying-power card per seat (face up).
    pub buying_power: [u8; MAX_PLAYERS],
    /// The play area, bottom to top: (kind, colour it was played as).
    pub play_area: Vec<(u8, u8)>,
    pub color: u8,
    pub debt: u16,
    pub clockwise: bool,
    pub current: Seat,
    pub last_player: Seat,
    /// The play being laid (public: its cards are face up).
    pub group: Group,
    pub uno_called: bool,
    pub melon_len: u16,
    pub options: DebtOptions,
}

impl DebtView {
    pub fn new(s: &DebtState, seat: Seat) -> Self {
        let n = s.num_players();
        let mut hand_sizes = [0u16; MAX_PLAYERS];
        let mut pile_sizes = [0u16; MAX_PLAYERS];
        let mut known_hand = [[0u8; NUM_KINDS]; MAX_PLAYERS];
        let mut known_pile = [[0u8; NUM_KINDS]; MAX_PLAYERS];
        let mut buying_power = [0u8; MAX_PLAYERS];
        for i in 0..n {
            hand_sizes[i] = s.hand(i).len() as u16;
            pile_sizes[i] = s.pile(i).len() as u16;
            known_hand[i] = *s.known_hand(i);
            known_pile[i] = *s.known_pile(i);
            buying_power[i] = s.buying_power(i);
        }
        DebtView {
            seat,
            num_players: n as u8,
            to_act: s.to_act(),
            phase: s.phase(),
            hand: *s.hand(seat as usize),
            own_pile: *s.own_pile_known(seat as usize),
            hand_sizes,
            pile_sizes,
            known_hand,
            known_pile,
            buying_power,
            play_area: s.play_area().collect(),
            color: s.color(),
            debt: s.debt(),
            clockwise: s.clockwise(),
            current: s.current(),
            last_player: s.last_player(),
            group: *s.group(),
            uno_called: s.uno_called(),
            melon_len: s.melon().len() as u16,
            options: *s.options(),
        }
    }
}
