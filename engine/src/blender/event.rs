//! What happened, for replays and scenario tests (`Game::apply_logged`).

use super::cards::table;
use crate::variant::color_name;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Dealer {
        seat: u8,
    },
    Deal {
        seat: u8,
        card: u16,
    },
    /// A card turned over to start the discard pile (B8).
    FirstCard {
        card: u16,
    },
    Played {
        seat: u8,
        card: u16,
        flexed: bool,
    },
    JumpedIn {
        seat: u8,
        card: u16,
    },
    WrongJumpIn {
        seat: u8,
        card: u16,
    },
    Drew {
        seat: u8,
        card: u16,
    },
    /// The end of a draw of `cards` forced on `seat` (a shortfall, the stack, a penalty).
    Penalty {
        seat: u8,
        cards: u16,
    },
    Reshuffle,
    Color {
        color: u8,
    },
    Number {
        value: u8,
    },
    Tempo {
        tempo: u8,
    },
    Stack {
        total: u16,
    },
    StackTaken {
        seat: u8,
        cards: u16,
    },
    StackEnded,
    Direction {
        clockwise: bool,
    },
    Power {
        seat: u8,
        red: bool,
    },
    AllGreen,
    Linked {
        a: u8,
        b: u8,
    },
    Unlinked,
    HandsTraded {
        a: u8,
        b: u8,
    },
    HandsPassed,
    CardGiven {
        from: u8,
        to: u8,
        card: u16,
    },
    Burned {
        seat: u8,
        cards: u16,
    },
    /// A card turned over from the draw pile (Pile Up, Stack Number, Color Roulette).
    Turned {
        card: u16,
    },
    MiniPile {
        card: u16,
    },
    MiniPickedUp {
        seat: u8,
        cards: u16,
    },
    Pointed {
        seat: u8,
        at: u8,
    },
    TargetedSkip {
        seat: u8,
    },
    TeamPlay {
        seat: u8,
    },
    Creeper {
        seat: u8,
    },
    UnoCalled {
        seat: u8,
    },
    Caught {
        seat: u8,
        by: u8,
    },
    Eliminated {
        seat: u8,
    },
    Won {
        seat: u8,
    },
    Truncated,
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = |k: u16| table()[k as usize].code;
        match *self {
            Event::Dealer { seat } => write!(f, "seat {seat} deals"),
            Event::Deal { seat, card } => write!(f, "seat {seat} is dealt {}", c(card)),
            Event::FirstCard { card } => write!(f, "{} is turned over", c(card)),
            Event::Played { seat, card, flexed } => write!(
                f,
                "seat {seat} plays {}{}",
                c(card),
                if flexed { " (flexed)" } else { "" }
            ),
            Event::JumpedIn { seat, card } => write!(f, "seat {seat} jumps in with {}", c(card)),
            Event::WrongJumpIn { seat, card } => {
                write!(
                    f,
                    "seat {seat} jumps in wrongly with {} and takes it back",
                    c(card)
                )
            }
            Event::Drew { seat, card } => write!(f, "seat {seat} draws {}", c(card)),
            Event::Penalty { seat, cards } => write!(f, "seat {seat} draws {cards} (penalty)"),
            Event::Reshuffle => write!(f, "the discard pile is shuffled into the draw pile"),
            Event::Color { color } => write!(f, "colour {}", color_name(color)),
            Event::Number { value } => write!(f, "# counts as {value}"),
            Event::Tempo { tempo } => write!(f, "tempo {tempo}"),
            Event::Stack { total } => write!(f, "stack {total}"),
            Event::StackTaken { seat, cards } => write!(f, "seat {seat} takes the stack ({cards})"),
            Event::StackEnded => write!(f, "the stack ends"),
            Event::Direction { clockwise } => write!(
                f,
                "direction {}",
                if clockwise {
                    "clockwise"
                } else {
                    "counter-clockwise"
                }
            ),
            Event::Power { seat, red } => write!(
                f,
                "seat {seat}'s Power Card turns {}",
                if red { "red" } else { "green" }
            ),
            Event::AllGreen => write!(f, "every Power Card turns green"),
            Event::Linked { a, b } => write!(f, "seats {a} and {b} are linked"),
            Event::Unlinked => write!(f, "the link ends"),
            Event::HandsTraded { a, b } => write!(f, "seats {a} and {b} trade hands"),
            Event::HandsPassed => write!(f, "every hand passes on"),
            Event::CardGiven { from, to, card } => {
                write!(f, "seat {from} gives {} to seat {to}", c(card))
            }
            Event::Burned { seat, cards } => write!(f, "seat {seat} burns {cards} cards"),
            Event::Turned { card } => write!(f, "{} is turned over", c(card)),
            Event::MiniPile { card } => write!(f, "{} starts the mini-pile", c(card)),
            Event::MiniPickedUp { seat, cards } => {
                write!(f, "seat {seat} picks up the mini-pile ({cards})")
            }
            Event::Pointed { seat, at } => write!(f, "seat {seat} points at seat {at}"),
            Event::TargetedSkip { seat } => write!(f, "seat {seat} will be skipped"),
            Event::TeamPlay { seat } => write!(f, "seat {seat} plays next (Team Play)"),
            Event::Creeper { seat } => write!(f, "seat {seat} reveals a Creeper"),
            Event::UnoCalled { seat } => write!(f, "seat {seat} calls UNO"),
            Event::Caught { seat, by } => write!(f, "seat {by} says UNO before seat {seat}"),
            Event::Eliminated { seat } => write!(f, "seat {seat} is eliminated"),
            Event::Won { seat } => write!(f, "seat {seat} wins"),
            Event::Truncated => write!(f, "the game is cut off at the decision cap"),
        }
    }
}
