//! What happens in an Über Uno day, for logs and replays.

use super::cards::CARDS;
use super::options::{Mode, ADDON_NAMES};
use crate::variant::color_name;
use std::fmt;

/// Which comparison named a hand's loser (L40-L53, R44).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// Most points, alone.
    Points = 0,
    /// Tied on points: more word cards.
    WordCards = 1,
    /// Tied on word cards too: the higher number tally.
    Tally = 2,
    /// Tied on the tally: the draw-off.
    DrawOff = 3,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    HandStart {
        hand: u16,
        dealer: u8,
    },
    Direction {
        clockwise: bool,
    },
    DealSize {
        cards: u8,
    },
    ModeChosen {
        mode: Mode,
    },
    AddonChosen {
        addon: u8,
        on: bool,
    },
    Deal {
        seat: u8,
        card: u8,
    },
    /// A black turn card goes back into the draw pile (R9).
    TurnCardBack {
        card: u8,
    },
    TurnCard {
        card: u8,
    },
    Played {
        seat: u8,
        card: u8,
    },
    ColorNamed {
        seat: u8,
        color: u8,
    },
    /// Cards gone Wild (11.8): the Wild `seat` just played is `card`.
    WildAs {
        seat: u8,
        card: u8,
    },
    /// Math (11.2): `seat` lays `operands` number cards whose result is `result` (their
    /// `Played` events follow).
    MathPlayed {
        seat: u8,
        operands: u8,
        result: u8,
    },
    Drew {
        seat: u8,
        card: u8,
    },
    /// The end of a penalty draw (a stack, a challenge, a missed UNO).
    Penalty {
        seat: u8,
        cards: u16,
    },
    Passed {
        seat: u8,
    },
    /// The Wild One's action does not happen (blocked, and not reinstated).
    OneBlocked {
        card: u8,
    },
    /// The Red One's card, face down from `seat` to `to`.
    Gave {
        seat: u8,
        to: u8,
        card: u8,
    },
    /// The Red One's giver showed the card (R32): `to` saw it.
    Shown {
        seat: u8,
        to: u8,
        card: u8,
    },
    Denied {
        seat: u8,
        card: u8,
    },
    /// The Yellow One's exchange: `cards` to the bottom, as many drawn.
    YellowExchange {
        seat: u8,
        cards: u16,
        drawn: u16,
    },
    /// A card flipped from the draw pile (a Russian magnitude, the upperdecker; it goes under
    /// the pile, R38).
    Flipped {
        card: u8,
    },
    /// Buddy System: the buddy's magnitude card.
    BuddyCard {
        seat: u8,
        card: u8,
    },
    /// Additive: `seat` adds `card`; the magnitude is now `magnitude`.
    Added {
        seat: u8,
        card: u8,
        magnitude: u8,
    },
    /// The Yellow One on a stack: the card drawn that decides (R33).
    YellowFlip {
        seat: u8,
        card: u8,
    },
    /// Rotate: an Eddied Reverse cancelled the last rotation.
    RotationCancelled {
        seat: u8,
    },
    /// Every hand moved `steps` seats on.
    HandsPassed {
        steps: u8,
    },
    /// The Green One: `seat` takes `card` from the discard pile.
    Repo {
        seat: u8,
        card: u8,
    },
    /// A fishing 0 asks `target` (everyone: `None`) for `card`.
    Asked {
        seat: u8,
        target: Option<u8>,
        card: u8,
    },
    /// `seat` hands `card` to `to` (a fishing 0's answer).
    HandedOver {
        seat: u8,
        to: u8,
        card: u8,
    },
    /// A Fast Eddy landed: `seat` threw `card` out of turn.
    Eddied {
        seat: u8,
        card: u8,
    },
    /// The runner's deck tap beat `claimant`'s Fast Eddy.
    TapWon {
        seat: u8,
        claimant: u8,
    },
    Skipped {
        seat: u8,
    },
    Reversed,
    /// The Joker sent the stack back (5.3).
    JokerReversed {
        seat: u8,
        victim: u8,
    },
    Challenge {
        challenger: u8,
        offender: u8,
        guilty: bool,
    },
    /// The challenger gave card information away (R15).
    Leak {
        challenger: u8,
    },
    Compensated {
        seat: u8,
        gave: Option<u8>,
        took: Option<u8>,
    },
    Exchanged {
        seat: u8,
        with: u8,
    },
    Blocked {
        seat: u8,
        card: u8,
    },
    PairPlayed {
        seat: u8,
        kept: u8,
        discarded: u16,
    },
    CalledUno {
        seat: u8,
    },
    Silent {
        seat: u8,
    },
    Caught {
        seat: u8,
        by: Option<u8>,
    },
    Reshuffled {
        cards: u16,
    },
    DrawOff {
        seat: u8,
        card: u8,
    },
    HandLost {
        loser: u8,
        out: u8,
        points: i32,
        by: TieBreak,
    },
    DayOver {
        nappy: u8,
    },
    Truncated,
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = |k: u8| CARDS[k as usize].code;
        match *self {
            Event::HandStart { hand, dealer } => write!(f, "hand {hand}: seat {dealer} deals"),
            Event::Direction { clockwise } => write!(
                f,
                "play goes {}",
                if clockwise {
                    "clockwise"
                } else {
                    "counter-clockwise"
                }
            ),
            Event::DealSize { cards } => write!(f, "{cards} cards each"),
            Event::ModeChosen { mode } => write!(f, "Wild Ones: {}", mode.name()),
            Event::AddonChosen { addon, on } => write!(
                f,
                "add-on {}: {}",
                ADDON_NAMES[addon as usize],
                if on { "on" } else { "off" }
            ),
            Event::Deal { seat, card } => write!(f, "seat {seat} is dealt {}", c(card)),
            Event::TurnCardBack { card } => write!(f, "{} turned and put back", c(card)),
            Event::TurnCard { card } => write!(f, "turn card {}", c(card)),
            Event::Played { seat, card } => write!(f, "seat {seat} plays {}", c(card)),
            Event::ColorNamed { seat, color } => {
                write!(f, "seat {seat} names {}", color_name(color))
            }
            Event::WildAs { seat, card } => {
                write!(f, "seat {seat}'s Wild is played as {}", c(card))
            }
            Event::MathPlayed {
                seat,
                operands,
                result,
            } => write!(
                f,
                "seat {seat} lays a Math play of {operands} cards making {result}"
            ),
            Event::Drew { seat, card } => write!(f, "seat {seat} draws {}", c(card)),
            Event::Penalty { seat, cards } => write!(f, "seat {seat} drew {cards} (penalty)"),
            Event::Passed { seat } => write!(f, "seat {seat} passes"),
            Event::OneBlocked { card } => write!(f, "{} is blocked", c(card)),
            Event::Gave { seat, to, card } => {
                write!(f, "seat {seat} gives seat {to} {} face down", c(card))
            }
            Event::Shown { seat, to, card } => {
                write!(f, "seat {seat} shows {} to seat {to}", c(card))
            }
            Event::Denied { seat, card } => write!(f, "seat {seat} denies {}", c(card)),
            Event::YellowExchange { seat, cards, drawn } => write!(
                f,
                "seat {seat} puts {cards} cards under the pile and draws {drawn}"
            ),
            Event::Flipped { card } => write!(f, "{} flipped from the draw pile", c(card)),
            Event::BuddyCard { seat, card } => {
                write!(f, "buddy seat {seat} lays {} for the magnitude", c(card))
            }
            Event::Added {
                seat,
                card,
                magnitude,
            } => write!(f, "seat {seat} adds {}: magnitude {magnitude}", c(card)),
            Event::YellowFlip { seat, card } => {
                write!(f, "seat {seat} draws {} for the Yellow One", c(card))
            }
            Event::RotationCancelled { seat } => {
                write!(f, "seat {seat}'s Reverse cancels the last rotation")
            }
            Event::HandsPassed { steps } => write!(f, "every hand moves {steps} seat(s) on"),
            Event::Repo { seat, card } => {
                write!(f, "seat {seat} takes {} from the discard pile", c(card))
            }
            Event::Asked { seat, target, card } => match target {
                Some(t) => write!(f, "seat {seat} asks seat {t} for {}", c(card)),
                None => write!(f, "seat {seat} asks everyone for {}", c(card)),
            },
            Event::HandedOver { seat, to, card } => {
                write!(f, "seat {seat} hands {} to seat {to}", c(card))
            }
            Event::Eddied { seat, card } => {
                write!(f, "seat {seat} Fast Eddies {} out of turn", c(card))
            }
            Event::TapWon { seat, claimant } => {
                write!(
                    f,
                    "seat {seat}'s deck tap beats seat {claimant}'s Fast Eddy"
                )
            }
            Event::Skipped { seat } => write!(f, "seat {seat} is skipped"),
            Event::Reversed => write!(f, "direction reversed"),
            Event::JokerReversed { seat, victim } => {
                write!(f, "seat {seat}'s Joker sends the stack to seat {victim}")
            }
            Event::Challenge {
                challenger,
                offender,
                guilty,
            } => write!(
                f,
                "seat {challenger} challenges seat {offender}: {}",
                if guilty { "guilty" } else { "innocent" }
            ),
            Event::Leak { challenger } => {
                write!(f, "seat {challenger} gives card information away")
            }
            Event::Compensated { seat, gave, took } => match (gave, took) {
                (Some(k), _) => write!(f, "seat {seat} gives {} in compensation", c(k)),
                (_, Some(k)) => write!(f, "seat {seat} takes {} in compensation", c(k)),
                _ => write!(f, "seat {seat} takes no compensation"),
            },
            Event::Exchanged { seat, with } => {
                write!(f, "seat {seat} exchanges hands with seat {with}")
            }
            Event::Blocked { seat, card } => write!(f, "seat {seat} blocks with {}", c(card)),
            Event::PairPlayed {
                seat,
                kept,
                discarded,
            } => write!(
                f,
                "seat {seat} plays both Player Cards, keeps {} and discards {discarded}",
                c(kept)
            ),
            Event::CalledUno { seat } => write!(f, "seat {seat} calls UNO"),
            Event::Silent { seat } => write!(f, "seat {seat} stays silent at one card"),
            Event::Caught { seat, by } => match by {
                Some(b) => write!(f, "seat {b} asks seat {seat} how many cards: caught"),
                None => write!(f, "seat {seat} is caught without UNO"),
            },
            Event::Reshuffled { cards } => write!(f, "{cards} discards shuffled into the pile"),
            Event::DrawOff { seat, card } => write!(f, "draw-off: seat {seat} draws {}", c(card)),
            Event::HandLost {
                loser,
                out,
                points,
                by,
            } => write!(
                f,
                "seat {out} is out; seat {loser} loses the hand with {points} points ({})",
                [
                    "most points",
                    "more word cards",
                    "higher number tally",
                    "draw-off"
                ][by as usize]
            ),
            Event::DayOver { nappy } => write!(f, "the day is over: seat {nappy} is the Nappy"),
            Event::Truncated => write!(f, "stopped at the decision cap"),
        }
    }
}
