//! Über Uno's action ids (`docs/rules/uber.md` section 16): dense blocks, every decision of
//! every seat, in turn and out of turn.

use super::cards::{CARDS, NUM_KINDS};
use super::options::{Mode, ADDON_NAMES};
use crate::action::Action;

const K: u16 = NUM_KINDS as u16;

/// `PLAY(kind)`: play a card of `kind` (a turn, a stack answer, an Eddy's extra copy, a
/// Pinwheel or Math operand, a block card is `BLOCK` instead).
pub const PLAY: u16 = 0;
pub const DRAW: u16 = K;
pub const PASS: u16 = K + 1;
/// Ends a multi-card play (own identical copies, Pinwheel, Math).
pub const DONE: u16 = K + 2;
/// Draw the pending stack.
pub const ACCEPT: u16 = K + 3;
pub const CHALLENGE: u16 = K + 4;
/// `COLOR + c`: name colour `c` (0-3).
pub const COLOR: u16 = K + 5;
/// `TARGET + seat`.
pub const TARGET: u16 = COLOR + 4;
/// `ASK + kind`: the card a 0 fishes for (never the Joker).
pub const ASK: u16 = TARGET + 10;
/// `GIVE + kind`: a card handed to another player (Red One, a challenge's compensation).
pub const GIVE: u16 = ASK + K;
/// `TAKE + kind`: a card taken (the challenger's hand, the discard pile).
pub const TAKE: u16 = GIVE + K;
/// `KEEP + kind`: the one card kept by a Player Card pair.
pub const KEEP: u16 = TAKE + K;
/// `WILD_AS + kind`: what a Wild is played as (Cards gone Wild).
pub const WILD_AS: u16 = KEEP + K;
/// `BUDDY + kind`: the card a buddy lays as a magnitude (Buddy System).
pub const BUDDY: u16 = WILD_AS + K;
/// Let a Fast Eddy window pass (a claim is `PLAY(kind)` of the identical card).
pub const NO_EDDY: u16 = BUDDY + K;
pub const TAP: u16 = NO_EDDY + 1;
pub const NO_TAP: u16 = NO_EDDY + 2;
pub const BLOCK: u16 = NO_EDDY + 3;
pub const NO_BLOCK: u16 = NO_EDDY + 4;
/// Refuse a Red One's shown card.
pub const DENY: u16 = NO_EDDY + 5;
pub const ACCEPT_GIFT: u16 = NO_EDDY + 6;
/// The challenged player declines the compensation of a leak.
pub const COMPENSATE_NONE: u16 = NO_EDDY + 7;
pub const CALL_UNO: u16 = NO_EDDY + 8;
pub const SILENT: u16 = NO_EDDY + 9;
pub const CATCH: u16 = NO_EDDY + 10;
pub const NO_CATCH: u16 = NO_EDDY + 11;
/// Play both Player Cards at once (R23).
pub const PLAYER_PAIR: u16 = NO_EDDY + 12;
pub const MATH_START: u16 = NO_EDDY + 13;
/// `OP + o`: `+ - x / avg`.
pub const OP: u16 = NO_EDDY + 14;
pub const ROTATE_ADD: u16 = OP + 5;
pub const ROTATE_CANCEL: u16 = OP + 6;
pub const DIR_CLOCKWISE: u16 = OP + 7;
pub const DIR_COUNTER: u16 = OP + 8;
/// `DEAL + k - 1`: deal `k` cards (1-15).
pub const DEAL: u16 = OP + 9;
/// `MODE + m`: old school, russian, buddy.
pub const MODE: u16 = DEAL + 15;
pub const ADDON_ON: u16 = MODE + 3;
pub const ADDON_OFF: u16 = MODE + 4;
pub const NUM_ACTIONS: usize = (MODE + 5) as usize;

pub const OP_NAMES: [&str; 5] = ["+", "-", "x", "/", "avg"];

#[inline]
pub fn in_block(a: Action, base: u16, len: u16) -> Option<u16> {
    (a >= base && a < base + len).then(|| a - base)
}

/// A readable name: `R7`, `draw`, `colour red`, `target 2`, `ask G5`, `give W`, `deal 7`...
pub fn action_name(a: Action) -> String {
    let code = |k: u16| CARDS[k as usize].code;
    if let Some(k) = in_block(a, PLAY, K) {
        return code(k).to_string();
    }
    for (base, len, word) in [
        (COLOR, 4, "colour"),
        (TARGET, 10, "target"),
        (ASK, K, "ask"),
        (GIVE, K, "give"),
        (TAKE, K, "take"),
        (KEEP, K, "keep"),
        (WILD_AS, K, "wild as"),
        (BUDDY, K, "buddy"),
        (OP, 5, "op"),
        (DEAL, 15, "deal"),
        (MODE, 3, "mode"),
    ] {
        if let Some(i) = in_block(a, base, len) {
            let what = match word {
                "colour" => crate::variant::color_name(i as u8).to_string(),
                "target" => i.to_string(),
                "op" => OP_NAMES[i as usize].to_string(),
                "deal" => (i + 1).to_string(),
                "mode" => Mode::ALL[i as usize].name().to_string(),
                _ => code(i).to_string(),
            };
            return format!("{word} {what}");
        }
    }
    match a {
        DRAW => "draw",
        PASS => "pass",
        DONE => "done",
        ACCEPT => "accept",
        CHALLENGE => "challenge",
        NO_EDDY => "no eddy",
        TAP => "tap",
        NO_TAP => "no tap",
        BLOCK => "block",
        NO_BLOCK => "no block",
        DENY => "deny",
        ACCEPT_GIFT => "accept gift",
        COMPENSATE_NONE => "no compensation",
        CALL_UNO => "uno",
        SILENT => "silent",
        CATCH => "catch",
        NO_CATCH => "no catch",
        PLAYER_PAIR => "player pair",
        MATH_START => "math",
        ROTATE_ADD => "rotate add",
        ROTATE_CANCEL => "rotate cancel",
        DIR_CLOCKWISE => "clockwise",
        DIR_COUNTER => "counter-clockwise",
        ADDON_ON => "add-on on",
        ADDON_OFF => "add-on off",
        _ => return format!("#{a}"),
    }
    .to_string()
}

/// The add-on a dealer's `ADDON_ON`/`ADDON_OFF` answers, by index (for logs).
pub fn addon_name(i: usize) -> &'static str {
    ADDON_NAMES[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_dense_and_named() {
        let mut seen = std::collections::HashSet::new();
        for a in 0..NUM_ACTIONS as u16 {
            let n = action_name(a);
            assert!(!n.starts_with('#'), "{a} has no name");
            assert!(seen.insert(n.clone()), "{n} named twice");
        }
        assert_eq!(action_name(NUM_ACTIONS as u16), format!("#{NUM_ACTIONS}"));
        const { assert!(NUM_ACTIONS <= crate::action::MAX_LEGAL) };
    }
}
