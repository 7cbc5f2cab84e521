//! What one Constitution player may know (`docs/rules/constitution.md` section 20): their own
//! hand and the public table. Knowledge learned from reveals (Glasnost, accusations, the
//! Prophet, gifts, swaps) is not kept yet (section 22).

use super::state::{Attack, ConHand, ConState, Phase};
use crate::game::{DecisionKind, Game, Seat, MAX_PLAYERS};

#[derive(Clone, Debug)]
pub struct ConView {
    pub seat: Seat,
    pub num_players: u8,
    pub to_act: Option<(Seat, DecisionKind)>,
    pub phase: Phase,
    pub hand: ConHand,
    pub hand_sizes: [u16; MAX_PLAYERS],
    pub in_game: [bool; MAX_PLAYERS],
    pub discard: ConHand,
    pub top: u8,
    pub reference: (u8, u8),
    pub clockwise: bool,
    pub current: Seat,
    pub attack: Option<Attack>,
    pub shields: [u8; MAX_PLAYERS],
    pub viruses: [u8; MAX_PLAYERS],
    /// Luck, Yin, Yang, Prophet, Death, War, Conquest, Plague: holders.
    pub field: [u8; 8],
    pub famine: bool,
    pub apocalypse: bool,
    pub death_clock: u8,
    pub draw_pile: u16,
    /// Seats that called UNO (said aloud: public).
    pub uno_called: u16,
    /// The player on one card whose UNO window is open (`NONE` if none).
    pub uno_seat: u8,
    pub mode: super::options::Mode,
}

impl ConView {
    pub fn new(g: &ConState, seat: Seat) -> ConView {
        let n = g.num_players();
        let mut hand_sizes = [0u16; MAX_PLAYERS];
        let mut in_game = [false; MAX_PLAYERS];
        let mut shields = [0u8; MAX_PLAYERS];
        let mut viruses = [0u8; MAX_PLAYERS];
        for s in 0..n {
            hand_sizes[s] = g.hand(s).len() as u16;
            in_game[s] = g.in_game(s as u8);
            shields[s] = g.shields(s as u8);
            viruses[s] = g.viruses(s as u8);
        }
        let mut attack = g.attack().copied();
        if let Some(a) = attack.as_mut() {
            // A gift's card is known to its giver and receiver only.
            if a.victim != seat && a.starter != seat {
                a.card = super::state::NONE;
            }
        }
        ConView {
            seat,
            num_players: n as u8,
            to_act: g.to_act(),
            phase: g.phase(),
            hand: *g.hand(seat as usize),
            hand_sizes,
            in_game,
            discard: *g.discard_pile(),
            top: g.top(),
            reference: g.reference(),
            clockwise: g.clockwise(),
            current: g.current(),
            attack,
            shields,
            viruses,
            field: g.field_holders(),
            famine: g.famine(),
            apocalypse: g.apocalypse(),
            death_clock: g.death_clock(),
            draw_pile: g.draw_pile().len() as u16,
            uno_called: (0..n as u8)
                .filter(|&s| g.uno_called(s))
                .fold(0, |m, s| m | 1 << s),
            uno_seat: g.uno_seat(),
            mode: g.options().mode,
        }
    }
}
