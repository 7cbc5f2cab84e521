//! What happens in a Hot Death game, for logs and replays.

use super::cards::CARDS;
use crate::cards::Color;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The cut for the first deal: seat `seat` cut `card`.
    Cut {
        seat: u8,
        card: u8,
    },
    HandStart {
        hand: u32,
        dealer: u8,
    },
    HandSize {
        cards: u8,
    },
    Deal {
        seat: u8,
        card: u8,
    },
    FirstCard {
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
    Drew {
        seat: u8,
        card: u8,
    },
    /// Cards a punishment made `seat` draw (after Luck o' the Irish).
    Punished {
        seat: u8,
        cards: u16,
    },
    LuckShown {
        seat: u8,
    },
    Skipped {
        seat: u8,
    },
    Reversed,
    KeepDrawn {
        seat: u8,
    },
    /// An attack is now aimed at `victim` (`cards` to draw for Draw-Four types).
    Attack {
        victim: u8,
        cards: u16,
    },
    /// The stack was cancelled (Magic 5 on Hot Death, or sent back to nobody).
    AttackCancelled,
    Eliminated {
        seat: u8,
    },
    Revealed {
        seat: u8,
    },
    PennStateShown {
        seat: u8,
    },
    SpreaderRepeats {
        seat: u8,
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
    Reshuffled {
        cards: u16,
    },
    /// The hand ended: winner (`None`: everyone eliminated) and how.
    HandOver {
        winner: Option<u8>,
        how: HandEnd,
    },
    /// `seat` scored `points` for the hand (total `total`).
    Scored {
        seat: u8,
        points: i32,
        total: i32,
    },
    Truncated {
        actions: u32,
    },
}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandEnd {
    OutOfCards,
    BastardCards,
    /// One active player left (the others eliminated).
    LastStanding,
    /// Two players: the Quitter won the hand.
    Quitter,
    AllEliminated,
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = |k: &u8| CARDS[*k as usize].name;
        let col = |k: &u8| Color::from_index(*k).map(|c| c.name()).unwrap_or("?");
        match self {
            Event::Cut { seat, card } => write!(f, "seat {seat} cuts {}", c(card)),
            Event::HandStart { hand, dealer } => write!(f, "hand {hand}, seat {dealer} deals"),
            Event::HandSize { cards } => write!(f, "{cards} cards each"),
            Event::Deal { seat, card } => write!(f, "seat {seat} is dealt {}", c(card)),
            Event::FirstCard { card } => write!(f, "first card: {}", c(card)),
            Event::Played { seat, card } => write!(f, "seat {seat} plays {}", c(card)),
            Event::ColorNamed { seat, color } => write!(f, "seat {seat} names {}", col(color)),
            Event::Drew { seat, card } => write!(f, "seat {seat} draws {}", c(card)),
            Event::Punished { seat, cards } => write!(f, "seat {seat} draws {cards} as punishment"),
            Event::LuckShown { seat } => {
                write!(f, "seat {seat} shows Luck o' the Irish (one card fewer)")
            }
            Event::Skipped { seat } => write!(f, "seat {seat} is skipped"),
            Event::Reversed => write!(f, "direction reverses"),
            Event::KeepDrawn { seat } => write!(f, "seat {seat} keeps the drawn card"),
            Event::Attack { victim, cards } => write!(f, "attack on seat {victim} ({cards} cards)"),
            Event::AttackCancelled => write!(f, "the attack is cancelled"),
            Event::Eliminated { seat } => write!(f, "seat {seat} is eliminated"),
            Event::Revealed { seat } => write!(f, "seat {seat} shows their hand"),
            Event::PennStateShown { seat } => write!(f, "seat {seat} shows Penn State"),
            Event::SpreaderRepeats { seat } => write!(f, "seat {seat} plays again"),
            Event::UnoCalled { seat } => write!(f, "seat {seat} calls UNO"),
            Event::UnoSilent { seat } => write!(f, "seat {seat} stays silent"),
            Event::UnoCaught { seat, by } => match by {
                Some(b) => write!(f, "seat {b} catches seat {seat}'s missed UNO"),
                None => write!(f, "seat {seat}'s missed UNO is caught"),
            },
            Event::Reshuffled { cards } => write!(f, "discard pile reshuffled ({cards} cards)"),
            Event::HandOver { winner, how } => match winner {
                Some(w) => write!(f, "hand over: seat {w} wins ({how:?})"),
                None => write!(f, "hand over: no winner ({how:?})"),
            },
            Event::Scored {
                seat,
                points,
                total,
            } => {
                write!(f, "seat {seat} scores {points} (total {total})")
            }
            Event::Truncated { actions } => write!(f, "game truncated after {actions} decisions"),
        }
    }
}
