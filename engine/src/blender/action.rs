//! Blender action ids (`docs/rules/blender.md` section 15): one dense space for every decision,
//! out-of-turn ones included.
//!
//! | ids | action |
//! |---|---|
//! | `PLAY + k` | play a card of kind `k` (its normal side) |
//! | `FLEX + k` | play a card of kind `k` by its flex side (the Power Card turns red) |
//! | `JUMP + k` | jump in with a card of kind `k` |
//! | `WRONG + k` | jump in with a near card of kind `k` (option `wrong_jump_ins`) |
//! | `GIVE + k` | give a card of kind `k` (Swap) |
//! | `COLOR + c` | name colour `c` (red, yellow, green, blue) |
//! | `NUMBER + i` | a `#` takes the number `HASH_NUMBERS[i]` |
//! | `TARGET + s` | choose seat `s` |
//! | `POINT + s` | point at seat `s` (Point Taken) |
//! | `DRAW` | play nothing: draw (or pick up the mini-pile) |
//! | `TAKE` | take the stack |
//! | `STOP` | stop short of the tempo |
//! | `KEEP` | keep the card just drawn |
//! | `DECLINE` | let a jump-in chance go |
//! | `CALL` / `SILENT` | on reaching one card: call UNO or not |
//! | `CATCH` / `NO_CATCH` | say UNO before a silent player, or not |

use super::cards::{table, HASH_NUMBERS, NUM_KINDS};
use crate::action::Action;
use crate::game::MAX_PLAYERS;

const K: u16 = NUM_KINDS as u16;
pub const PLAY: u16 = 0;
pub const FLEX: u16 = PLAY + K;
pub const JUMP: u16 = FLEX + K;
pub const WRONG: u16 = JUMP + K;
pub const GIVE: u16 = WRONG + K;
pub const COLOR: u16 = GIVE + K;
pub const NUMBER: u16 = COLOR + 4;
pub const TARGET: u16 = NUMBER + HASH_NUMBERS.len() as u16;
pub const POINT: u16 = TARGET + MAX_PLAYERS as u16;
pub const DRAW: u16 = POINT + MAX_PLAYERS as u16;
pub const TAKE: u16 = DRAW + 1;
pub const STOP: u16 = DRAW + 2;
pub const KEEP: u16 = DRAW + 3;
pub const DECLINE: u16 = DRAW + 4;
pub const CALL: u16 = DRAW + 5;
pub const SILENT: u16 = DRAW + 6;
pub const CATCH: u16 = DRAW + 7;
pub const NO_CATCH: u16 = DRAW + 8;
/// Width of the action space.
pub const NUM_ACTIONS: usize = (DRAW + 9) as usize;

/// The kind a `PLAY` or `FLEX` action plays, and whether flexed.
#[inline]
pub fn play_of(a: Action) -> Option<(usize, bool)> {
    if a < FLEX {
        Some((a as usize, false))
    } else if a < JUMP {
        Some(((a - FLEX) as usize, true))
    } else {
        None
    }
}

/// A readable name of an action id.
pub fn action_name(a: Action) -> String {
    let t = table();
    let code = |k: u16| t[k as usize].code;
    match a {
        _ if a < FLEX => format!("play {}", code(a - PLAY)),
        _ if a < JUMP => format!("play {} flexed", code(a - FLEX)),
        _ if a < WRONG => format!("jump in with {}", code(a - JUMP)),
        _ if a < GIVE => format!("wrong jump-in with {}", code(a - WRONG)),
        _ if a < COLOR => format!("give {}", code(a - GIVE)),
        _ if a < NUMBER => format!("colour {}", crate::variant::color_name((a - COLOR) as u8)),
        _ if a < TARGET => format!("number {}", HASH_NUMBERS[(a - NUMBER) as usize]),
        _ if a < POINT => format!("choose seat {}", a - TARGET),
        _ if a < DRAW => format!("point at seat {}", a - POINT),
        DRAW => "draw".into(),
        TAKE => "take the stack".into(),
        STOP => "stop short".into(),
        KEEP => "keep the drawn card".into(),
        DECLINE => "no jump-in".into(),
        CALL => "call UNO".into(),
        SILENT => "stay silent".into(),
        CATCH => "say UNO first (catch)".into(),
        NO_CATCH => "no catch".into(),
        _ => format!("action {a} (out of range)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn ids_are_dense_and_named() {
        assert_eq!(NUM_ACTIONS, 5 * NUM_KINDS + 4 + 14 + 20 + 9);
        for a in 0..NUM_ACTIONS as u16 {
            assert!(!action_name(a).contains("out of range"));
        }
        assert_eq!(play_of(FLEX + 3), Some((3, true)));
        assert_eq!(play_of(JUMP), None);
    }
}
