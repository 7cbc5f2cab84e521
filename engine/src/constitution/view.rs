//! What one Constitution player may know (`docs/rules/constitution.md` section 20): their own
//! hand, the public table (the discard and recycled piles, field cards, neutral play, the
//! captured armies, hand sizes, the pending attack, UNO calls), the lower bounds of the cards
//! they know are in each other hand (`known`), the order of the draw pile's top if they put it
//! back (The Chosen One), and the cards in transit they may see (their own Chosen One draw, a
//! Gold Coin bank they drew, the gift they are giving, their army). Nothing of other hands'
//! unknown cards, of what others know, of the draw pile's order, nor of a gift, a bank or an
//! army they did not see.

use super::cards::NUM_KINDS;
use super::state::WrongJump;
use super::state::{Attack, AttackKind, ChooseWhy, ConHand, ConState, Phase, TargetWhy, NONE};
use crate::game::{DecisionKind, Game, Seat, MAX_PLAYERS};

#[derive(Clone, Debug, PartialEq)]
pub struct ConView {
    pub seat: Seat,
    pub num_players: u8,
    pub to_act: Option<(Seat, DecisionKind)>,
    pub phase: Phase,
    pub hand: ConHand,
    pub hand_sizes: [u16; MAX_PLAYERS],
    pub in_game: [bool; MAX_PLAYERS],
    /// Lower bounds: copies of each kind the viewer knows are in each other hand (zero for
    /// the viewer's own seat).
    pub known: [[u8; NUM_KINDS]; MAX_PLAYERS],
    pub discard: ConHand,
    pub top: u8,
    /// The recycled pile while it is open (face up).
    pub recycled: Option<ConHand>,
    pub reference: (u8, u8),
    pub clockwise: bool,
    pub current: Seat,
    pub dealer: Seat,
    /// The pending attack; a gift's card is shown only to its giver.
    pub attack: Option<Attack>,
    pub shields: [u8; MAX_PLAYERS],
    pub viruses: [u8; MAX_PLAYERS],
    /// Luck, Yin, Yang, Prophet, Death, War, Conquest, Plague: holders.
    pub field: [u8; 8],
    pub famine: bool,
    pub apocalypse: bool,
    pub death_clock: u8,
    pub conquered: u16,
    pub captured: ConHand,
    pub team: Option<(u8, u8)>,
    pub draw_pile: u16,
    /// The top of the draw pile, next card first, when the viewer put it back.
    pub pile_top: Vec<u8>,
    /// Cards in transit the viewer may see (see `limbo_visible`), else `None`.
    pub limbo: Option<ConHand>,
    /// Cards in transit the viewer may not see.
    pub hidden_limbo: u16,
    /// Seats that called UNO (said aloud: public).
    pub uno_called: u16,
    /// The player on one card whose UNO window is open (`NONE` if none).
    pub uno_seat: u8,
    /// A jump-in with a near card waiting for a call (its card is face up).
    pub wrong: WrongJump,
    pub mode: super::options::Mode,
    /// The order each seat left in (0: still in).
    pub left_order: [u8; MAX_PLAYERS],
}

/// Whether `viewer` may see the cards in transit (`limbo`) now.
pub fn limbo_visible(g: &ConState, viewer: Seat) -> bool {
    match g.phase() {
        Phase::Choose {
            why: ChooseWhy::ChosenKeep | ChooseWhy::ChosenOrder | ChooseWhy::GoldCard,
        }
        | Phase::Target {
            why: TargetWhy::GoldTo { .. },
        } => g.who() == viewer,
        // The invader saw their own army; the defender did not.
        Phase::Choose {
            why: ChooseWhy::Army { invader: false },
        } => g.current() == viewer,
        _ => match g.attack() {
            Some(a) if matches!(a.kind, AttackKind::Gift | AttackKind::Gold) => a.starter == viewer,
            _ => g.limbo().is_empty(),
        },
    }
}

impl ConView {
    pub fn new(g: &ConState, seat: Seat) -> ConView {
        let n = g.num_players();
        let mut hand_sizes = [0u16; MAX_PLAYERS];
        let mut in_game = [false; MAX_PLAYERS];
        let mut shields = [0u8; MAX_PLAYERS];
        let mut viruses = [0u8; MAX_PLAYERS];
        let mut left_order = [0u8; MAX_PLAYERS];
        for s in 0..n {
            hand_sizes[s] = g.hand(s).len() as u16;
            in_game[s] = g.in_game(s as u8);
            shields[s] = g.shields(s as u8);
            viruses[s] = g.viruses(s as u8);
            left_order[s] = g.left_order(s as u8);
        }
        let mut attack = g.attack().copied();
        if let Some(a) = attack.as_mut() {
            if a.kind == AttackKind::Gift && a.starter != seat {
                a.card = NONE;
            }
        }
        let visible = limbo_visible(g, seat);
        let pile_top = if g.ordered_by == seat {
            let p = g.draw_pile().as_slice();
            let o = g.draw_pile().ordered();
            p[p.len() - o..].iter().rev().map(|&k| k as u8).collect()
        } else {
            Vec::new()
        };
        ConView {
            seat,
            num_players: n as u8,
            to_act: g.to_act(),
            phase: g.phase(),
            hand: *g.hand(seat as usize),
            hand_sizes,
            in_game,
            known: g.know.observer_rows(seat as usize, n),
            discard: *g.discard_pile(),
            top: g.top(),
            recycled: g.recycled_pile().copied(),
            reference: g.reference(),
            clockwise: g.clockwise(),
            current: g.current(),
            dealer: g.dealer(),
            attack,
            shields,
            viruses,
            field: g.field_holders(),
            famine: g.famine(),
            apocalypse: g.apocalypse(),
            death_clock: g.death_clock(),
            conquered: g.conquered(),
            captured: *g.captured(),
            team: g.team(),
            draw_pile: g.draw_pile().len() as u16,
            pile_top,
            limbo: visible.then(|| *g.limbo()),
            hidden_limbo: if visible { 0 } else { g.limbo().len() as u16 },
            uno_called: (0..n as u8)
                .filter(|&s| g.uno_called(s))
                .fold(0, |m, s| m | 1 << s),
            uno_seat: g.uno_seat(),
            wrong: g.wrong,
            mode: g.options().mode,
            left_order,
        }
    }
}
