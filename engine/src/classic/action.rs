//! Classic UNO's dense action space (`NUM_ACTIONS` = 82). This table is the contract between the
//! engine, agents and neural policy heads:
//!
//! | id | meaning | decision kinds |
//! |---|---|---|
//! | 0–51 | play the coloured card of kind `id` (`colour*13 + rank`) | Play, PostDraw, Respond (stack), JumpIn |
//! | 52–55 | play a Wild naming colour `id-52` (red, yellow, green, blue) | Play, PostDraw |
//! | 56–59 | play a Wild Draw Four naming colour `id-56` | Play, PostDraw, Respond (stack) |
//! | 60 | draw a card | Play |
//! | 61 | keep the drawn card (pass) | PostDraw |
//! | 62 | call UNO | CallUno |
//! | 63 | stay silent (do not call UNO) | CallUno |
//! | 64 | catch the player who missed the UNO call | CatchUno |
//! | 65 | let it go | CatchUno |
//! | 66 | challenge the Wild Draw Four | Respond |
//! | 67 | accept the pending draw | Respond |
//! | 68 | do not jump in | JumpIn |
//! | 69–72 | name colour `id-69` | ChooseColor |
//! | 73–81 | swap hands with the seat `id-72` places to the left (seat + offset mod n) | ChooseTarget |

use super::cards::{CARDS, NUM_KINDS, WILD, WILD_DRAW_FOUR};
use crate::action::Action;
use crate::cards::Color;

pub const PLAY_WILD: Action = 52;
pub const PLAY_WD4: Action = 56;
pub const DRAW: Action = 60;
pub const PASS: Action = 61;
pub const CALL_UNO: Action = 62;
pub const STAY_SILENT: Action = 63;
pub const CATCH: Action = 64;
pub const NO_CATCH: Action = 65;
pub const CHALLENGE: Action = 66;
pub const ACCEPT: Action = 67;
pub const DECLINE_JUMP_IN: Action = 68;
pub const CHOOSE_COLOR: Action = 69;
pub const TARGET: Action = 73;
pub const NUM_ACTIONS: usize = 82;

/// The card kind and named colour (for wilds) of a play action, or `None` if `a` is not a play.
#[inline]
pub const fn decode_play(a: Action) -> Option<(u8, Option<u8>)> {
    if a < 52 {
        Some((a as u8, None))
    } else if a < 56 {
        Some((WILD, Some((a - 52) as u8)))
    } else if a < 60 {
        Some((WILD_DRAW_FOUR, Some((a - 56) as u8)))
    } else {
        None
    }
}

/// The play action for a kind naming `color` (ignored for coloured kinds).
#[inline]
pub const fn encode_play(kind: u8, color: u8) -> Action {
    if kind == WILD {
        PLAY_WILD + color as Action
    } else if kind == WILD_DRAW_FOUR {
        PLAY_WD4 + color as Action
    } else {
        kind as Action
    }
}

/// Readable name of an action id.
pub fn action_name(a: Action) -> String {
    let color = |i: u16| Color::from_index(i as u8).map(|c| c.name()).unwrap_or("?");
    match a {
        0..=51 => format!("play {}", CARDS[a as usize].code),
        52..=55 => format!("play W naming {}", color(a - 52)),
        56..=59 => format!("play W+4 naming {}", color(a - 56)),
        DRAW => "draw".into(),
        PASS => "keep drawn card".into(),
        CALL_UNO => "call UNO".into(),
        STAY_SILENT => "stay silent".into(),
        CATCH => "catch missed UNO".into(),
        NO_CATCH => "do not catch".into(),
        CHALLENGE => "challenge W+4".into(),
        ACCEPT => "accept draw".into(),
        DECLINE_JUMP_IN => "do not jump in".into(),
        69..=72 => format!("name {}", color(a - 69)),
        73..=81 => format!("swap hands with seat +{}", a - 72),
        _ => format!("invalid action {a}"),
    }
}

const _: () = assert!(NUM_KINDS == 54);
