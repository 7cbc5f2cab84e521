//! A rule-based Über Uno player (`heuristic` spec), written for a game with one loser per hand:
//! the player holding the most points when someone goes out loses, so every decision tries to
//! hold few points (few cards, and the heavy ones, the Über (4), Change Hands and Player Cards
//! (2), out of the hand first), and to slow down whoever is closest to ending the hand while the
//! player still holds more than them. It scores every legal action and plays the best (ties at
//! random):
//!
//! - **Plays**: each card shed is worth its points plus one; a draw card is worth more the
//!   fewer cards the next player holds (it slows the player who would end the hand); Wilds and
//!   the Joker are kept while another card plays (the Joker is the only answer to the Über and
//!   moves a stack back); a 0 (Go Fish gains a card) and the Yellow One (a blind exchange) are
//!   played last among the plays. A Math play (two or three number cards at once) beats any
//!   single card but going out, and takes every operand it can; drawing and passing score
//!   below every play.
//! - **Hand exchanges** (Über, Change Hands): played when another hand holds fewer cards than
//!   the player's after the play; the target is the seat with the fewest cards. A block is used
//!   when the exchange would give the player more cards than they hold.
//! - **Draw stacks**: stack if possible (the stack moves on), else the Joker, else the Yellow
//!   One, else challenge a challengeable Major when the stack is 4 cards or more, else accept.
//! - **Out of turn**: always Fast Eddy (a card shed and the turn taken), always tap, always call
//!   UNO (unless `uno_forget`), always catch, block a Wild One aimed at the player.
//! - **Choices**: the colour held most; give away (Red One, compensation) the card worth most;
//!   take (Green One, compensation) or keep (Player Card pair) the card worth least that plays
//!   on the colour; ask (Go Fish) for a number card of the colour held most; `WILD_AS` a Draw
//!   Two of the colour held most when the next player is close to going out, else a number card
//!   of that colour; the dealer deals the fewest cards, plays clockwise at Old School and turns
//!   every optional add-on down (a measured choice is the tuning pass's job).

use crate::heuristic::HeuristicParams;
use crate::{Agent, Decision};
use uno_engine::game::seat_after;
use uno_engine::uber::action::*;
use uno_engine::uber::cards::{
    color_of, is_black, is_major, is_minor, is_one, number, points, CHANGE_HANDS, JOKER, NUM_KINDS,
    UBER, YELLOW_ONE,
};
use uno_engine::uber::{Phase, UberState, UberView};
use uno_engine::{Action, Rng};

/// The rule-based Über Uno player. Stateless between decisions; randomness only for ties and
/// `uno_forget`.
pub struct UberHeuristic {
    pub params: HeuristicParams,
}

const K: u16 = NUM_KINDS as u16;

impl Agent<UberState> for UberHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }
    fn act(&mut self, d: &Decision<'_, UberState>, rng: &mut Rng) -> Action {
        if d.legal.len() == 1 {
            return d.legal[0];
        }
        let v = d.view();
        if d.legal.contains(&CALL_UNO) {
            let forget = self.params.uno_forget > 0.0 && rng.unit() < self.params.uno_forget;
            return if forget && d.legal.contains(&SILENT) {
                SILENT
            } else {
                CALL_UNO
            };
        }
        crate::heuristic::best_action(d.legal, rng, |a| score(&v, a))
    }
}

/// Cards of colour `c` in the view's hand.
fn held_of_color(v: &UberView, c: u8) -> u32 {
    v.hand
        .iter()
        .filter(|&(k, _)| color_of(k as u8) == c)
        .map(|(_, n)| n as u32)
        .sum()
}

/// The colour the player holds most of (red on a tie with nothing).
fn best_color(v: &UberView) -> u8 {
    (0..4u8)
        .max_by_key(|&c| (held_of_color(v, c), 4 - c))
        .unwrap_or(0)
}

/// The seat after the player in the direction of play.
fn next_seat(v: &UberView) -> u8 {
    seat_after(v.seat, 1, v.num_players, v.clockwise)
}

/// How close seat `s` is to ending the hand: 1 at one card, falling with hand size.
fn threat(v: &UberView, s: u8) -> f64 {
    1.0 / v.hand_sizes[s as usize].max(1) as f64
}

/// Fewest cards held by another seat, and that seat.
fn smallest_other(v: &UberView) -> (u16, u8) {
    (0..v.num_players)
        .filter(|&s| s != v.seat)
        .map(|s| (v.hand_sizes[s as usize], s))
        .min()
        .unwrap_or((u16::MAX, v.seat))
}

/// A card's cost to hold: its points plus one (a card is a card, even a 0).
fn weight(k: u8) -> f64 {
    points(k) as f64 + 1.0
}

/// The score of playing (or throwing) `k`.
fn play_score(v: &UberView, k: u8) -> f64 {
    let mine = v.hand.len() as f64;
    let mut s = 10.0 + weight(k);
    if mine <= 1.0 {
        return 1.0e6; // going out
    }
    let next = next_seat(v);
    if is_minor(k) || is_major(k) {
        s += 6.0 * threat(v, next) + if is_major(k) { 2.0 } else { 1.0 };
    }
    if number(k) == Some(0) {
        s -= 6.0;
    }
    if k == YELLOW_ONE {
        s -= 4.0;
    }
    if k == JOKER {
        s -= 12.0;
    } else if is_black(k) && k != UBER && k != CHANGE_HANDS {
        // A Wild or a Player Card: keep it while another card plays.
        s -= 5.0;
    }
    if k == UBER || k == CHANGE_HANDS {
        let (fewest, _) = smallest_other(v);
        // After the play the player holds mine - 1 cards and receives the smallest hand.
        s += 3.0 * (mine - 1.0 - fewest as f64);
        if k == UBER {
            s += 2.0;
        }
    }
    if is_one(k) {
        s -= 1.0;
    }
    s
}

fn in_kinds(a: Action, base: u16) -> Option<u8> {
    in_block(a, base, K).map(|k| k as u8)
}

fn score(v: &UberView, a: Action) -> f64 {
    let phase = v.phase;
    if let Some(k) = in_kinds(a, PLAY) {
        return match phase {
            // Facing a stack: stacking moves it on; the Joker moves it back.
            Phase::Respond => {
                if k == JOKER {
                    50.0
                } else if is_one(k) {
                    40.0
                } else {
                    60.0 + weight(k)
                }
            }
            // Out of turn (a Fast Eddy, a block, an addition): shed it.
            Phase::Eddy { .. } | Phase::OneWindow { .. } | Phase::AddWindow { .. } => {
                20.0 + weight(k)
            }
            // Another operand of a Math play (the engine offers only operands that can still
            // make the number): every operand is a card shed.
            Phase::Math => 20.0 + weight(k),
            _ => play_score(v, k),
        };
    }
    if let Some(c) = in_block(a, COLOR, 4) {
        return if c as u8 == best_color(v) { 1.0 } else { 0.0 };
    }
    if let Some(t) = in_block(a, TARGET, 10) {
        // Exchanges and asks: the seat with the fewest cards.
        return -(v.hand_sizes[t as usize] as f64);
    }
    if let Some(k) = in_kinds(a, GIVE) {
        return weight(k) + if is_black(k) { 0.5 } else { 0.0 };
    }
    if let Some(k) = in_kinds(a, TAKE).or(in_kinds(a, KEEP)) {
        let plays = color_of(k) == v.color || is_black(k);
        return -weight(k) + if plays { 0.5 } else { 0.0 };
    }
    if let Some(k) = in_kinds(a, ASK) {
        let best = best_color(v);
        return match number(k) {
            Some(n) if color_of(k) == best && n >= 2 => 1.0,
            _ => 0.0,
        };
    }
    if let Some(k) = in_kinds(a, WILD_AS) {
        let best = best_color(v);
        let next = next_seat(v);
        if color_of(k) != best {
            return -1.0;
        }
        if is_minor(k) {
            return 3.0 * threat(v, next) * 4.0;
        }
        return match number(k) {
            Some(n) if n >= 2 => 1.0,
            _ => 0.0,
        };
    }
    if let Some(k) = in_kinds(a, BUDDY) {
        // The buddy lays a card without its effect: the one worth most.
        return weight(k);
    }
    if let Some(d) = in_block(a, DEAL, 15) {
        return -(d as f64);
    }
    if let Some(m) = in_block(a, MODE, 3) {
        return -(m as f64);
    }
    if in_block(a, OP, 5).is_some() {
        return 0.0;
    }
    match a {
        DRAW => -5.0,
        PASS => -6.0,
        // Ends a multi-card play or a Math sequence (always preferred to abandoning).
        DONE => 5.0,
        // A Math play sheds two or three cards at once: better than any single card but going
        // out (the engine offers it only when it can be completed).
        MATH_START => 25.0,
        ACCEPT => 0.0,
        CHALLENGE => {
            if v.stack.total >= 4 && v.stack.challengeable {
                5.0
            } else {
                -1.0
            }
        }
        NO_EDDY => 0.0,
        TAP => 1.0,
        NO_TAP => 0.0,
        BLOCK => 1.0,
        NO_BLOCK => 0.0,
        DENY => 0.0,
        ACCEPT_GIFT => 0.5,
        COMPENSATE_NONE => -1.0,
        SILENT => -1.0,
        CATCH => 1.0,
        NO_CATCH => 0.0,
        PLAYER_PAIR => 30.0 + v.hand.len() as f64,
        ROTATE_ADD => 0.0,
        ROTATE_CANCEL => 0.0,
        DIR_CLOCKWISE => 1.0,
        DIR_COUNTER => 0.0,
        ADDON_ON => 0.0,
        ADDON_OFF => 1.0,
        _ => 0.0,
    }
}
