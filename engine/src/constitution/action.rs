//! The Constitution's action ids (`docs/rules/constitution.md` section 20): one dense space for
//! every decision, in blocks.

use super::cards::*;
use crate::cards::Color;

/// First id of each kind's play block (wild kinds take four ids, one per colour named).
const fn build_play_base() -> ([u16; NUM_KINDS], u16) {
    let mut base = [0u16; NUM_KINDS];
    let mut next = 0u16;
    let mut k = 0;
    while k < NUM_KINDS {
        base[k] = next;
        next += if FACTS.suit[k] >= WILD_SUIT { 4 } else { 1 };
        k += 1;
    }
    (base, next)
}
const PLAY_TABLE: ([u16; NUM_KINDS], u16) = build_play_base();
/// Ids of the play block.
pub const NUM_PLAY: u16 = PLAY_TABLE.1;
/// Draw one card at a turn.
pub const DRAW: u16 = NUM_PLAY;
/// Accept the pending attack.
pub const ACCEPT: u16 = DRAW + 1;
/// Pass a window (jump-in, catch, a call, the Dodge follow-up, keeping a drawn card).
pub const PASS: u16 = DRAW + 2;
/// `TARGET + seat`: a directed card's victim, a recipient, a Prophet's look, an invasion.
pub const TARGET: u16 = DRAW + 3;
/// `COLOR + c`: War's colour, the Conqueror's change.
pub const COLOR: u16 = TARGET + 10;
/// `CHOOSE + kind`: a card chosen from one's hand or a drawn set.
pub const CHOOSE: u16 = COLOR + 4;
/// Accuse a player of holding Quitter (the accused is chosen next, `TARGET`).
pub const ACCUSE: u16 = CHOOSE + NUM_KINDS as u16;
/// `ASK + seat * 10 + question`: a question to the Prophet (C64).
pub const ASK: u16 = ACCUSE + 1;
pub const ANSWER: u16 = ASK + 100;
pub const DONT_REMEMBER: u16 = ANSWER + 1;
pub const CALL_UNO: u16 = ANSWER + 2;
pub const CATCH_UNO: u16 = ANSWER + 3;
pub const KEEP_MINE: u16 = ANSWER + 4;
pub const KEEP_THEIRS: u16 = ANSWER + 5;
pub const PILE_SMALL: u16 = ANSWER + 6;
pub const PILE_LARGE: u16 = ANSWER + 7;
/// Challenge a Wild Draw Four (the Apocalypse, C70).
pub const CHALLENGE: u16 = ANSWER + 8;
/// Call a wrong jump-in (C35).
pub const CALL_WRONG: u16 = ANSWER + 9;
pub const NUM_ACTIONS: usize = (ANSWER + 10) as usize;

/// The texts the Prophet can be asked about (C64), in question-index order.
pub const QUESTIONS: [Text; 10] = [
    Text::Quitter,
    Text::Mad,
    Text::FuckYou,
    Text::Ftpip,
    Text::HolyDefender,
    Text::Dodge,
    Text::PennState,
    Text::Aids,
    Text::Magic5,
    Text::BlueShield,
];

/// The id playing `kind` (naming `color` if it is wild; ignored otherwise).
#[inline]
pub fn play(kind: u8, color: u8) -> u16 {
    let b = PLAY_TABLE.0[kind as usize];
    if is_wild(kind) {
        b + color as u16
    } else {
        b
    }
}

/// The kind and named colour (`NO_COLOR` for a non-wild) an id of the play block plays.
#[inline]
pub fn play_of(a: u16) -> Option<(u8, u8)> {
    PLAY_OF.get(a as usize).copied()
}

/// `play_of` by id: the last kind whose base is at most the id, and the colour it names.
static PLAY_OF: [(u8, u8); NUM_PLAY as usize] = build_play_of();

const fn build_play_of() -> [(u8, u8); NUM_PLAY as usize] {
    let base = &PLAY_TABLE.0;
    let mut t = [(0u8, 0u8); NUM_PLAY as usize];
    let mut k = 0;
    while k < NUM_KINDS {
        let wild = FACTS.suit[k] >= WILD_SUIT;
        let mut c = 0;
        while c < if wild { 4 } else { 1 } {
            t[base[k] as usize + c] = (k as u8, if wild { c as u8 } else { NO_COLOR });
            c += 1;
        }
        k += 1;
    }
    t
}

/// `a - start` if `a` lies in `start..start+len`.
#[inline]
pub fn in_block(a: u16, start: u16, len: u16) -> Option<u16> {
    (a >= start && a < start + len).then(|| a - start)
}

/// A readable name for an id.
pub fn action_name(a: u16) -> String {
    let t = table();
    if let Some((k, c)) = play_of(a) {
        return if c < 4 {
            format!(
                "play {} as {}",
                t[k as usize].code,
                Color::ALL[c as usize].name()
            )
        } else {
            format!("play {}", t[k as usize].code)
        };
    }
    if let Some(s) = in_block(a, TARGET, 10) {
        return format!("target seat {s}");
    }
    if let Some(c) = in_block(a, COLOR, 4) {
        return format!("colour {}", Color::ALL[c as usize].name());
    }
    if let Some(k) = in_block(a, CHOOSE, NUM_KINDS as u16) {
        return format!("choose {}", t[k as usize].code);
    }
    if let Some(q) = in_block(a, ASK, 100) {
        return format!(
            "ask the Prophet: does seat {} hold {}?",
            q / 10,
            QUESTIONS[(q % 10) as usize].name()
        );
    }
    match a {
        DRAW => "draw".into(),
        ACCUSE => "accuse someone of holding Quitter".into(),
        ACCEPT => "accept".into(),
        PASS => "pass".into(),
        ANSWER => "answer truthfully".into(),
        DONT_REMEMBER => "I don't remember".into(),
        CALL_UNO => "call UNO".into(),
        CATCH_UNO => "call UNO on them".into(),
        KEEP_MINE => "keep my hand".into(),
        KEEP_THEIRS => "keep their hand".into(),
        PILE_SMALL => "take a small pile".into(),
        PILE_LARGE => "take a large pile".into(),
        CHALLENGE => "challenge".into(),
        CALL_WRONG => "call the wrong jump-in".into(),
        _ => format!("action {a} (out of range)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_ids_round_trip() {
        let mut seen = 0;
        for k in 0..NUM_KINDS as u8 {
            let colors: &[u8] = if is_wild(k) {
                &[0, 1, 2, 3]
            } else {
                &[NO_COLOR]
            };
            for &c in colors {
                let a = play(k, c);
                assert_eq!(play_of(a), Some((k, c)));
                seen += 1;
            }
        }
        assert_eq!(seen, NUM_PLAY);
        assert_eq!(play_of(DRAW), None);
        const { assert!(NUM_ACTIONS < crate::action::MAX_LEGAL) };
    }
}
