//! Uno Debt's dense action space (`NUM_ACTIONS` = 190). This table is the contract between the
//! engine, agents and neural policy heads (`docs/rules/debt.md`, "Action ids"):
//!
//! | id | meaning | phase (decision kind) |
//! |---|---|---|
//! | 0–51 | play the coloured card of kind `id` (`colour*13 + rank`) | Play, Group, Reward (Play) |
//! | 52–55 | play a Wild naming colour `id-52` (red, yellow, green, blue) | Play, Reward (Play) |
//! | 56–59 | play a Wild Draw Four naming colour `id-56` | Play, Group, Reward (Play) |
//! | 60 | done: end a group, pass the reward play, or (stuck_with_pile = pass) end a stuck turn | Group, Reward, Play (Play) |
//! | 61 | stuck, option one: draw from the melon | Play |
//! | 62 | stuck, option two: take from the play area | Play |
//! | 63 | stuck, option two taking one of the cards from the melon | Play |
//! | 64 | take one card from one's own discard pile | Start (Play) |
//! | 65 | proceed to the play without a special move | Start (Play) |
//! | 66 | move 11: combine the discard pile with the hand and redraw | Start (Play) |
//! | 67–75 | move 12: take `id-66` cards from one's discard pile, losing the turn | Start (Play) |
//! | 76–165 | move 10: buy `(id-76)%9 + 1` cards from seat `(id-76)/9`'s discard pile | Start (Play) |
//! | 166–175 | attack seat `id-166`, keeping the buying-power card | Attack (ChooseTarget) |
//! | 176–185 | attack seat `id-176`, exchanging the buying-power card | Attack (ChooseTarget) |
//! | 186 | call UNO | CallUno |
//! | 187 | stay silent | CallUno |
//! | 188 | call DEBT on the player with one card | DebtWindow (CatchUno) |
//! | 189 | do not call DEBT | DebtWindow (CatchUno) |

use super::cards::{CARDS, WILD, WILD_DRAW_FOUR};
use crate::action::Action;
use crate::cards::Color;

pub const PLAY_WILD: Action = 52;
pub const PLAY_WD4: Action = 56;
pub const DONE: Action = 60;
pub const OPTION_ONE: Action = 61;
pub const OPTION_TWO: Action = 62;
pub const OPTION_TWO_MELON: Action = 63;
pub const TAKE_ONE: Action = 64;
pub const PROCEED: Action = 65;
pub const COMBINE: Action = 66;
/// `WITHDRAW + c - 1` takes `c` (1-9) cards.
pub const WITHDRAW: Action = 67;
/// `BUY + seat * 9 + c - 1` buys `c` (1-9) cards from `seat`.
pub const BUY: Action = 76;
pub const ATTACK: Action = 166;
pub const ATTACK_EXCHANGE: Action = 176;
pub const CALL_UNO: Action = 186;
pub const STAY_SILENT: Action = 187;
pub const CALL_DEBT: Action = 188;
pub const NO_DEBT: Action = 189;
pub const NUM_ACTIONS: usize = 190;

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

/// The buy action for `count` (1-9) cards from `seat`.
#[inline]
pub const fn buy(seat: u8, count: u8) -> Action {
    BUY + seat as Action * 9 + count as Action - 1
}

/// The withdraw action (move 12) for `count` (1-9) cards.
#[inline]
pub const fn withdraw(count: u8) -> Action {
    WITHDRAW + count as Action - 1
}

/// Human-readable name of an action id.
pub fn action_name(a: Action) -> String {
    if let Some((kind, color)) = decode_play(a) {
        let code = CARDS[kind as usize].code;
        return match color.and_then(Color::from_index) {
            Some(c) => format!("play {code} naming {}", c.name()),
            None => format!("play {code}"),
        };
    }
    match a {
        DONE => "done".into(),
        OPTION_ONE => "stuck: draw from the melon (option one)".into(),
        OPTION_TWO => "stuck: take from the play area (option two)".into(),
        OPTION_TWO_MELON => {
            "stuck: take from the play area, one from the melon (option two)".into()
        }
        TAKE_ONE => "take one card from the discard pile".into(),
        PROCEED => "proceed".into(),
        COMBINE => "combine discard pile and hand (move 11)".into(),
        a if (WITHDRAW..BUY).contains(&a) => {
            format!(
                "take {} from the discard pile, losing the turn (move 12)",
                a - WITHDRAW + 1
            )
        }
        a if (BUY..ATTACK).contains(&a) => {
            let i = a - BUY;
            format!(
                "buy {} from seat {}'s discard pile (move 10)",
                i % 9 + 1,
                i / 9
            )
        }
        a if (ATTACK..ATTACK_EXCHANGE).contains(&a) => format!("attack seat {}", a - ATTACK),
        a if (ATTACK_EXCHANGE..CALL_UNO).contains(&a) => {
            format!(
                "attack seat {}, exchanging the buying power",
                a - ATTACK_EXCHANGE
            )
        }
        CALL_UNO => "call UNO".into(),
        STAY_SILENT => "stay silent".into(),
        CALL_DEBT => "call DEBT".into(),
        NO_DEBT => "do not call DEBT".into(),
        _ => format!("invalid action {a}"),
    }
}
