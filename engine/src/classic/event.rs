//! What happens in a classic game, for replay logs. Events are small `Copy` values and are only
//! produced when a caller asks for them (`apply_logged`); the fast path never builds them.

use super::cards::CARDS;
use crate::cards::{CardInfo, Color};
use std::fmt;

/// A card as the replay log first mentions it, in both variants: its code, then its name,
/// `G+2 (Green Draw Two)`; a name with its own brackets is flattened,
/// `QUIT (Quitter, Green 0)`.
pub(crate) fn card_named(info: &CardInfo) -> String {
    let name = match info.name.strip_suffix(')').and_then(|n| n.split_once(" (")) {
        Some((a, b)) => format!("{a}, {b}"),
        None => info.name.to_string(),
    };
    format!("{} ({name})", info.code)
}

/// The reason a penalty draw carries in the log, in every variant.
pub(crate) const PENALTY: &str = "penalty";

/// Why a card was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// Drawn on one's own turn.
    Turn,
    /// Drawn as a penalty or a draw card's effect.
    Penalty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    HandStart {
        hand: u32,
        dealer: u8,
    },
    Deal {
        seat: u8,
        card: u8,
    },
    FirstCardReturned {
        card: u8,
    },
    FirstCard {
        card: u8,
    },
    Play {
        seat: u8,
        card: u8,
        color: u8,
    },
    Draw {
        seat: u8,
        card: u8,
        reason: DrawReason,
    },
    PileExhausted {
        seat: u8,
    },
    KeepDrawn {
        seat: u8,
    },
    Reshuffle {
        cards: u8,
    },
    Skipped {
        seat: u8,
    },
    Reversed,
    ColorNamed {
        seat: u8,
        color: u8,
    },
    HandsSwapped {
        seat: u8,
        target: u8,
    },
    HandsRotated {
        clockwise: bool,
    },
    UnoCalled {
        seat: u8,
    },
    UnoSilent {
        seat: u8,
    },
    UnoCaught {
        seat: u8,
        by: Option<u8>,
    },
    Challenge {
        challenger: u8,
        offender: u8,
        guilty: bool,
    },
    /// `seat` shows their hand to `to` (the offender to the challenger of a Wild Draw Four);
    /// the `Shown` events after it are its cards. Logged play only.
    HandShown {
        seat: u8,
        to: u8,
    },
    /// A card of the hand shown by the `HandShown` event before it.
    Shown {
        seat: u8,
        card: u8,
    },
    JumpIn {
        seat: u8,
    },
    HandWon {
        seat: u8,
        points: i32,
    },
    MatchWon {
        seat: u8,
        score: i32,
    },
    Truncated {
        actions: u32,
    },
}

fn color_name(c: u8) -> &'static str {
    Color::from_index(c).map(|c| c.name()).unwrap_or("none")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = |c: &u8| CARDS[*c as usize].code;
        let named = |c: &u8| card_named(&CARDS[*c as usize]);
        match self {
            Event::HandStart { hand, dealer } => {
                write!(f, "hand {hand} starts, seat {dealer} deals")
            }
            Event::Deal { seat, card } => write!(f, "seat {seat} is dealt {}", code(card)),
            Event::FirstCardReturned { card } => {
                write!(f, "first discard {} goes back into the pile", named(card))
            }
            Event::FirstCard { card } => write!(f, "first discard: {}", named(card)),
            Event::Play { seat, card, color } => {
                if *card >= 52 {
                    write!(
                        f,
                        "seat {seat} plays {} naming {}",
                        named(card),
                        color_name(*color)
                    )
                } else {
                    write!(f, "seat {seat} plays {}", named(card))
                }
            }
            Event::Draw { seat, card, reason } => match reason {
                DrawReason::Turn => write!(f, "seat {seat} draws 1: {}", code(card)),
                DrawReason::Penalty => {
                    write!(f, "seat {seat} draws 1 ({PENALTY}): {}", code(card))
                }
            },
            Event::PileExhausted { seat } => {
                write!(f, "seat {seat} cannot draw: no cards left to draw")
            }
            Event::KeepDrawn { seat } => write!(f, "seat {seat} keeps the drawn card"),
            Event::Reshuffle { cards } => {
                write!(f, "discard pile reshuffled into a new draw pile of {cards}")
            }
            Event::Skipped { seat } => write!(f, "seat {seat} is skipped"),
            Event::Reversed => write!(f, "direction reverses"),
            Event::ColorNamed { seat, color } => {
                write!(f, "seat {seat} names {}", color_name(*color))
            }
            Event::HandsSwapped { seat, target } => {
                write!(f, "seat {seat} swaps hands with seat {target}")
            }
            Event::HandsRotated { clockwise } => write!(
                f,
                "all hands pass {}",
                if *clockwise {
                    "to the left"
                } else {
                    "to the right"
                }
            ),
            Event::UnoCalled { seat } => write!(f, "seat {seat} calls UNO"),
            Event::UnoSilent { seat } => write!(f, "seat {seat} has one card and stays silent"),
            Event::UnoCaught { seat, by } => match by {
                Some(b) => write!(f, "seat {b} catches seat {seat}'s missed UNO"),
                None => write!(f, "seat {seat}'s missed UNO is caught"),
            },
            Event::Challenge {
                challenger,
                offender,
                guilty,
            } => write!(
                f,
                "seat {challenger} challenges seat {offender}'s W+4: {}",
                if *guilty { "guilty" } else { "innocent" }
            ),
            Event::HandShown { seat, to } => write!(f, "seat {seat} shows their hand to seat {to}"),
            Event::Shown { seat, card } => write!(f, "seat {seat} shows {}", code(card)),
            Event::JumpIn { seat } => write!(f, "seat {seat} jumps in"),
            Event::HandWon { seat, points } => {
                write!(
                    f,
                    "hand over: seat {seat} wins (out_of_cards) and scores {points}"
                )
            }
            Event::MatchWon { seat, score } => write!(f, "seat {seat} wins the match with {score}"),
            Event::Truncated { actions } => write!(f, "game truncated after {actions} decisions"),
        }
    }
}
