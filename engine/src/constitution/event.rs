//! What happens in a Constitution game, for logs and replays.

use super::action::QUESTIONS;
use super::cards::table;
use crate::variant::color_name;
use std::fmt;

/// Why a player left the game (section 16, 17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leave {
    /// Emptied their hand.
    Out = 0,
    Quitter,
    Mad,
    Martyr,
    Death,
    /// Caught holding Quitter, or a wrong accuser.
    Accusation,
    /// The Prophet's Quitter or M.A.D. clause.
    Prophet,
    /// A Quitter army in a Conquest battle.
    Conquest,
    /// The absorbed half of a Yin-Yang team leaves with its partner.
    Team,
}

/// Causes of leaving, by `Leave` index.
pub const LEAVE_NAMES: [&str; 9] = [
    "out",
    "quitter",
    "mad",
    "martyr",
    "death",
    "accusation",
    "prophet",
    "conquest",
    "team",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Dealer {
        seat: u8,
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
        color: u8,
    },
    JumpIn {
        seat: u8,
        card: u8,
        wrong: bool,
    },
    WrongJumpCalled {
        by: u8,
        jumper: u8,
    },
    Drew {
        seat: u8,
        card: u8,
    },
    Penalty {
        seat: u8,
        cards: u16,
    },
    Reshuffle,
    Attack {
        victim: u8,
        what: &'static str,
        amount: u16,
    },
    Responded {
        seat: u8,
        what: &'static str,
    },
    Absorbed {
        seat: u8,
        broke: bool,
    },
    ColorNamed {
        seat: u8,
        color: u8,
    },
    Target {
        seat: u8,
        target: u8,
    },
    Field {
        seat: u8,
        card: u8,
    },
    FieldDiscarded {
        card: u8,
    },
    Neutral {
        card: u8,
    },
    Left {
        seat: u8,
        why: Leave,
    },
    Revealed {
        seat: u8,
        to: Option<u8>,
    },
    Shown {
        seat: u8,
        card: u8,
    },
    Accused {
        by: u8,
        seat: u8,
        right: bool,
    },
    Asked {
        by: u8,
        seat: u8,
        question: u8,
    },
    Answered {
        yes: Option<bool>,
    },
    Invaded {
        by: u8,
        seat: u8,
    },
    Battle {
        invader_army: u8,
        defender_army: u8,
    },
    Conqueror {
        seat: u8,
    },
    DeathClock {
        seat: u8,
        clock: u8,
    },
    Coin {
        face_up: bool,
    },
    Communism,
    Team {
        kept: u8,
        absorbed: u8,
    },
    Apocalypse,
    CallUno {
        seat: u8,
        called: bool,
    },
    Caught {
        by: u8,
        seat: u8,
        right: bool,
    },
    Recycled {
        seat: u8,
        cards: u16,
    },
    Won {
        seat: u8,
    },
    Loser {
        seat: u8,
    },
    Draw,
    Truncated,
}

fn code(k: u8) -> &'static str {
    table().get(k as usize).map(|c| c.code).unwrap_or("?")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Event::*;
        match *self {
            Dealer { seat } => write!(f, "seat {seat} deals"),
            Deal { seat, card } => write!(f, "seat {seat} is dealt {}", code(card)),
            FirstCard { card } => write!(f, "first card {}", code(card)),
            Played { seat, card, color } => {
                if color < 4 {
                    write!(
                        f,
                        "seat {seat} plays {} ({})",
                        code(card),
                        color_name(color)
                    )
                } else {
                    write!(f, "seat {seat} plays {}", code(card))
                }
            }
            JumpIn { seat, card, wrong } => write!(
                f,
                "seat {seat} jumps in with {}{}",
                code(card),
                if wrong { " (not identical)" } else { "" }
            ),
            WrongJumpCalled { by, jumper } => {
                write!(f, "seat {by} calls seat {jumper}'s wrong jump-in")
            }
            Drew { seat, card } => write!(f, "seat {seat} draws {}", code(card)),
            Penalty { seat, cards } => write!(f, "seat {seat} draws {cards} (penalty)"),
            Reshuffle => write!(f, "the discard pile is shuffled into the draw pile"),
            Attack {
                victim,
                what,
                amount,
            } => write!(f, "{what} ({amount}) on seat {victim}"),
            Responded { seat, what } => write!(f, "seat {seat}: {what}"),
            Absorbed { seat, broke } => write!(
                f,
                "seat {seat}'s Blue Shield absorbs the attack{}",
                if broke { " and breaks" } else { "" }
            ),
            ColorNamed { seat, color } => write!(f, "seat {seat} names {}", color_name(color)),
            Target { seat, target } => write!(f, "seat {seat} picks seat {target}"),
            Field { seat, card } => write!(f, "{} is active for seat {seat}", code(card)),
            FieldDiscarded { card } => write!(f, "{} is discarded", code(card)),
            Neutral { card } => write!(f, "{} goes into neutral play", code(card)),
            Left { seat, why } => {
                write!(
                    f,
                    "seat {seat} leaves the game ({})",
                    LEAVE_NAMES[why as usize]
                )
            }
            Revealed { seat, to } => match to {
                Some(t) => write!(f, "seat {seat} shows their hand to seat {t}"),
                None => write!(f, "seat {seat} shows their hand to everyone"),
            },
            Shown { seat, card } => write!(f, "seat {seat} shows {}", code(card)),
            Accused { by, seat, right } => write!(
                f,
                "seat {by} accuses seat {seat} of holding Quitter ({})",
                if right { "right" } else { "wrong" }
            ),
            Asked { by, seat, question } => write!(
                f,
                "seat {by} asks the Prophet whether seat {seat} holds {}",
                QUESTIONS[question as usize].name()
            ),
            Answered { yes } => match yes {
                Some(true) => write!(f, "the Prophet: yes"),
                Some(false) => write!(f, "the Prophet: no"),
                None => write!(f, "the Prophet: I don't remember"),
            },
            Invaded { by, seat } => write!(f, "seat {by} invades seat {seat}"),
            Battle {
                invader_army,
                defender_army,
            } => write!(
                f,
                "armies: {} against {}",
                code(invader_army),
                code(defender_army)
            ),
            Conqueror { seat } => write!(f, "seat {seat} is the Conqueror"),
            DeathClock { seat, clock } => write!(f, "seat {seat} has {clock} rounds to live"),
            Coin { face_up } => write!(
                f,
                "the Gold Coin lands face {}",
                if face_up { "up" } else { "down" }
            ),
            Communism => write!(f, "Communism: every hand is pooled and dealt again"),
            Team { kept, absorbed } => {
                write!(f, "seats {kept} and {absorbed} are a team in seat {kept}")
            }
            Apocalypse => write!(f, "the Apocalypse begins: 1971 rules"),
            CallUno { seat, called } => {
                if called {
                    write!(f, "seat {seat} calls UNO")
                } else {
                    write!(f, "seat {seat} stays silent on one card")
                }
            }
            Caught { by, seat, right } => write!(
                f,
                "seat {by} calls UNO on seat {seat} ({})",
                if right { "caught" } else { "wrong call" }
            ),
            Recycled { seat, cards } => write!(f, "seat {seat} takes the recycled pile ({cards})"),
            Won { seat } => write!(f, "seat {seat} wins"),
            Loser { seat } => write!(f, "seat {seat} is the last one in"),
            Draw => write!(f, "no one is left: a draw"),
            Truncated => write!(f, "the decision cap is reached"),
        }
    }
}
