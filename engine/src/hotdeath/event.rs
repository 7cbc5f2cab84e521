//! What happens in a Hot Death game, for logs and replays.

use super::cards::CARDS;
use crate::cards::Color;
use crate::classic::event::{card_named, PENALTY};
use crate::game::HAND_ENDINGS;

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
    /// `seat` plays `card`; `color` is the colour after it (the one named for a black card).
    Played {
        seat: u8,
        card: u8,
        color: u8,
    },
    ColorNamed {
        seat: u8,
        color: u8,
    },
    Drew {
        seat: u8,
        card: u8,
    },
    /// `seat` cannot draw on their turn: no cards left to draw (play passes on).
    PileExhausted {
        seat: u8,
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
    /// An attack is now aimed at `victim` (`cards` to draw for Draw-Four types, 0 for the
    /// others).
    Attack {
        victim: u8,
        cards: u16,
        kind: AttackOn,
    },
    /// The stack was cancelled (Magic 5 on Hot Death, or sent back to nobody).
    AttackCancelled,
    Eliminated {
        seat: u8,
    },
    /// `seat` shows their hand to everyone (Glasnost); the `Shown` events after it are its
    /// cards (logged play only).
    Revealed {
        seat: u8,
    },
    /// A card of the hand shown by the `Revealed` event before it.
    Shown {
        seat: u8,
        card: u8,
    },
    /// `seat` shows the Sixty Nine they hold: it let them play `card` (a 6 or a 9) on `on`
    /// (a 9 or a 6) of another colour.
    SixtyNineShown {
        seat: u8,
        card: u8,
        on: u8,
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

/// What an attack asks of its victim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackOn {
    /// A Draw-Four-type stack: draw the cards.
    Draw,
    /// A Quitter: out of the hand (two active players: its player wins the hand).
    Quitter,
    /// A Glasnost: show the hand.
    Glasnost,
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
        let code = |k: &u8| CARDS[*k as usize].code;
        let named = |k: &u8| card_named(&CARDS[*k as usize]);
        let col = |k: &u8| Color::from_index(*k).map(|c| c.name()).unwrap_or("none");
        match self {
            Event::Cut { seat, card } => write!(f, "seat {seat} cuts {}", named(card)),
            Event::HandStart { hand, dealer } => {
                write!(f, "hand {hand} starts, seat {dealer} deals")
            }
            Event::HandSize { cards } => write!(f, "{cards} cards each"),
            Event::Deal { seat, card } => write!(f, "seat {seat} is dealt {}", code(card)),
            Event::FirstCard { card } => write!(f, "first discard: {}", named(card)),
            Event::Played { seat, card, color } => {
                if CARDS[*card as usize].color.is_none() {
                    write!(f, "seat {seat} plays {} naming {}", named(card), col(color))
                } else {
                    write!(f, "seat {seat} plays {}", named(card))
                }
            }
            Event::ColorNamed { seat, color } => write!(f, "seat {seat} names {}", col(color)),
            Event::Drew { seat, card } => write!(f, "seat {seat} draws 1: {}", code(card)),
            Event::PileExhausted { seat } => {
                write!(f, "seat {seat} cannot draw: no cards left to draw")
            }
            Event::Punished { seat, cards } => write!(f, "seat {seat} draws {cards} ({PENALTY})"),
            Event::LuckShown { seat } => write!(
                f,
                "seat {seat} shows {}: one card fewer to draw",
                named(&super::cards::LUCK)
            ),
            Event::Skipped { seat } => write!(f, "seat {seat} is skipped"),
            Event::Reversed => write!(f, "direction reverses"),
            Event::KeepDrawn { seat } => write!(f, "seat {seat} keeps the drawn card"),
            Event::Attack {
                victim,
                cards,
                kind,
            } => match kind {
                AttackOn::Draw => write!(f, "seat {victim} faces a draw of {cards}"),
                AttackOn::Quitter => write!(f, "seat {victim} faces the Quitter"),
                AttackOn::Glasnost => write!(f, "seat {victim} faces the Glasnost"),
            },
            Event::AttackCancelled => write!(f, "the attack is cancelled"),
            Event::Eliminated { seat } => write!(f, "seat {seat} is eliminated"),
            Event::Revealed { seat } => write!(f, "seat {seat} shows their hand"),
            Event::Shown { seat, card } => write!(f, "seat {seat} shows {}", code(card)),
            Event::SixtyNineShown { seat, card, on } => write!(
                f,
                "seat {seat} shows {}: it lets {} go on {}",
                named(&super::cards::SIXTY_NINE),
                code(card),
                code(on)
            ),
            Event::PennStateShown { seat } => write!(
                f,
                "seat {seat} shows {}: the Spreader's player draws instead",
                named(&super::cards::PENN_STATE)
            ),
            Event::SpreaderRepeats { seat } => write!(f, "seat {seat} plays again"),
            Event::UnoCalled { seat } => write!(f, "seat {seat} calls UNO"),
            Event::UnoSilent { seat } => write!(f, "seat {seat} has one card and stays silent"),
            Event::UnoCaught { seat, by } => match by {
                Some(b) => write!(f, "seat {b} catches seat {seat}'s missed UNO"),
                None => write!(f, "seat {seat}'s missed UNO is caught"),
            },
            Event::Reshuffled { cards } => {
                write!(f, "discard pile reshuffled into a new draw pile of {cards}")
            }
            Event::HandOver { winner, how } => match winner {
                Some(w) => write!(
                    f,
                    "hand over: seat {w} wins ({})",
                    HAND_ENDINGS[*how as usize]
                ),
                None => write!(f, "hand over: no winner ({})", HAND_ENDINGS[*how as usize]),
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
