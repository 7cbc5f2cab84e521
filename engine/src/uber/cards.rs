//! Über Uno's cards (`docs/rules/uber.md` section 2): the classic 108-card table (kind =
//! `colour*13 + rank`, 52 = Wild, 53 = Wild Draw Four) plus the Ultimate Joker, the Über, Change
//! Hands and the two Player Cards. Counts of the new cards are options (R3); `decks` multiplies
//! the classic part.

use crate::cards::{CardInfo, Color};
pub use crate::classic::cards::{
    parse_card as parse_classic, rank_of, RANK_DRAW_TWO, RANK_REVERSE, RANK_SKIP, WILD,
    WILD_DRAW_FOUR,
};

/// Kinds: 54 classic, then the five new cards.
pub const NUM_KINDS: usize = 59;
pub const JOKER: u8 = 54;
pub const UBER: u8 = 55;
pub const CHANGE_HANDS: u8 = 56;
/// "Ashley Pouty Face".
pub const ASHLEY: u8 = 57;
/// "Abominable SnowBob".
pub const SNOWBOB: u8 = 58;
/// Most decks (the classic part) in play.
pub const MAX_DECKS: usize = 2;
/// Most copies of each new card (`joker_count`, `uber_count`, `change_hands_count`).
pub const MAX_SPECIAL_COPIES: usize = 4;
/// Most cards in play: two classic decks and the most new cards.
pub const MAX_CARDS: usize = MAX_DECKS * 108 + 3 * MAX_SPECIAL_COPIES + 2;

/// No colour in play (before the turn card shows).
pub const NO_COLOR: u8 = 4;

const fn card(
    code: &'static str,
    name: &'static str,
    card_type: &'static str,
    color: Option<Color>,
    number: Option<u8>,
    points: i32,
    copies: u8,
) -> CardInfo {
    CardInfo {
        code,
        name,
        card_type,
        color,
        number,
        points,
        copies,
    }
}

const fn table() -> [CardInfo; NUM_KINDS] {
    let classic = crate::classic::cards::build_table();
    let blank = card("", "", "", None, None, 0, 0);
    let mut t = [blank; NUM_KINDS];
    let mut k = 0;
    while k < 54 {
        let c = classic[k];
        // L44: every classic card counts 1 point except the 0s.
        let points = match c.number {
            Some(0) => 0,
            _ => 1,
        };
        let card_type = match c.number {
            Some(0) => "Zero (Go Fish)",
            Some(1) => match c.color {
                Some(Color::Red) => "Red One",
                Some(Color::Yellow) => "Yellow One",
                Some(Color::Green) => "Green One",
                _ => "Blue One",
            },
            _ => c.card_type,
        };
        t[k] = card(
            c.code, c.name, card_type, c.color, c.number, points, c.copies,
        );
        k += 1;
    }
    t[JOKER as usize] = card("J", "Ultimate Joker", "Ultimate Joker", None, None, -1, 1);
    t[UBER as usize] = card("U", "Über", "Über", None, None, 4, 1);
    t[CHANGE_HANDS as usize] = card("CH", "Change Hands", "Change Hands", None, None, 2, 2);
    t[ASHLEY as usize] = card("P1", "Ashley Pouty Face", "Player Card", None, None, 2, 1);
    t[SNOWBOB as usize] = card("P2", "Abominable SnowBob", "Player Card", None, None, 2, 1);
    t
}

/// The card table. `copies` is the default count of one deck with the default options.
pub static CARDS: [CardInfo; NUM_KINDS] = table();

/// Face value (0-9) per kind, 0xff for the rest; colour per kind (4 for black cards).
const fn facts() -> ([u8; 64], [u8; 64]) {
    let mut number = [0xffu8; 64];
    let mut color = [NO_COLOR; 64];
    let mut k = 0;
    while k < 52 {
        if k % 13 < 10 {
            number[k] = (k % 13) as u8;
        }
        color[k] = (k / 13) as u8;
        k += 1;
    }
    (number, color)
}
static NUMBER_OF: [u8; 64] = facts().0;
static COLOR_OF: [u8; 64] = facts().1;

/// The face value of a number card (0-9, the 1s included), `None` otherwise.
#[inline]
pub fn number(kind: u8) -> Option<u8> {
    let v = NUMBER_OF[(kind & 63) as usize];
    (v != 0xff).then_some(v)
}

/// Colour index 0-3, or `NO_COLOR` for a black card.
#[inline]
pub fn color_of(kind: u8) -> u8 {
    COLOR_OF[(kind & 63) as usize]
}

/// A black card: no colour of its own (Wild, Wild Draw Four and the five new cards).
#[inline]
pub fn is_black(kind: u8) -> bool {
    kind >= WILD
}

/// A 1 (a Wild One).
#[inline]
pub fn is_one(kind: u8) -> bool {
    number(kind) == Some(1)
}

/// A Minor (Draw Two).
#[inline]
pub fn is_minor(kind: u8) -> bool {
    kind < 52 && kind % 13 == RANK_DRAW_TWO
}

/// A Major (Wild Draw Four).
#[inline]
pub fn is_major(kind: u8) -> bool {
    kind == WILD_DRAW_FOUR
}

/// A Player Card.
#[inline]
pub fn is_player_card(kind: u8) -> bool {
    kind == ASHLEY || kind == SNOWBOB
}

/// Points the card counts at the end of a hand (L44-L46).
#[inline]
pub fn points(kind: u8) -> i32 {
    CARDS[kind as usize].points
}

/// A word card: not numbered 2 through 9 (L47-L49; R44: 0s, 1s, action and black cards).
#[inline]
pub fn is_word(kind: u8) -> bool {
    !matches!(number(kind), Some(2..=9))
}

/// The kinds of a colour (its 13 coloured kinds) as a mask.
pub const fn color_mask(c: u8) -> u64 {
    0x1fff << (13 * c as u64)
}

/// Every 1 of every colour.
pub const ONES: u64 = (1 << 1) | (1 << 14) | (1 << 27) | (1 << 40);
/// Every black kind.
pub const BLACK: u64 = ((1u64 << NUM_KINDS) - 1) & !((1u64 << 52) - 1);
/// The Yellow One (the one 1 that answers a draw stack, L141).
pub const YELLOW_ONE: u8 = 14;
/// Every number card (0-9 of every colour).
pub const NUMBERS: u64 = 0x3ff | (0x3ff << 13) | (0x3ff << 26) | (0x3ff << 39);
/// Every 0.
pub const ZEROS: u64 = 1 | (1 << 13) | (1 << 26) | (1 << 39);
/// Every Minor.
pub const MINORS: u64 = (1 << 12) | (1 << 25) | (1 << 38) | (1 << 51);

/// The kinds of the same rank as the coloured `kind` (all four colours), as a mask.
#[inline]
pub fn rank_mask(kind: u8) -> u64 {
    // The four 0s (bits 0, 13, 26 and 39), moved up to the rank.
    ZEROS << (kind % 13)
}

/// Copies of each kind in play under the options' counts.
pub fn deck_counts(decks: u8, jokers: u8, ubers: u8, change_hands: u8) -> [u8; NUM_KINDS] {
    let mut c = [0u8; NUM_KINDS];
    for (k, x) in c.iter_mut().enumerate().take(54) {
        *x = CARDS[k].copies * decks;
    }
    c[JOKER as usize] = jokers;
    c[UBER as usize] = ubers;
    c[CHANGE_HANDS as usize] = change_hands;
    c[ASHLEY as usize] = 1;
    c[SNOWBOB as usize] = 1;
    c
}

/// A card code, case-insensitive: the classic codes, and `J` (also `JOKER`), `U` (`UBER`),
/// `CH`, `P1` (`ASHLEY`), `P2` (`SNOWBOB`).
pub fn parse_card(s: &str) -> Option<u8> {
    let u = s.trim().to_ascii_uppercase();
    let k = match u.as_str() {
        "J" | "JOKER" => JOKER,
        "U" | "UBER" | "ÜBER" => UBER,
        "CH" | "CHANGE" => CHANGE_HANDS,
        "P1" | "ASHLEY" => ASHLEY,
        "P2" | "SNOWBOB" => SNOWBOB,
        _ => return parse_classic(s),
    };
    Some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_deck_has_114_cards() {
        let c = deck_counts(1, 1, 1, 2);
        assert_eq!(c.iter().map(|&x| x as u32).sum::<u32>(), 114);
    }

    #[test]
    fn points_and_word_cards_follow_the_seed() {
        assert_eq!(points(0), 0); // R0
        assert_eq!(points(1), 1); // R1
        assert_eq!(points(WILD), 1);
        assert_eq!(points(CHANGE_HANDS), 2);
        assert_eq!(points(ASHLEY), 2);
        assert_eq!(points(UBER), 4);
        assert_eq!(points(JOKER), -1);
        assert!(is_word(0) && is_word(1) && !is_word(2) && !is_word(9) && is_word(10));
        assert!(is_word(JOKER) && is_word(WILD_DRAW_FOUR));
    }

    #[test]
    fn codes_parse_back() {
        for k in 0..NUM_KINDS as u8 {
            assert_eq!(parse_card(CARDS[k as usize].code), Some(k), "{k}");
        }
        assert_eq!(parse_card("joker"), Some(JOKER));
    }

    #[test]
    fn masks() {
        assert_eq!(ONES.count_ones(), 4);
        assert!(ONES & color_mask(2) == 1 << 27);
        assert_eq!(BLACK.count_ones(), 7);
        assert!(MINORS.count_ones() == 4 && (0..52).all(|k| is_minor(k) == (MINORS >> k & 1 == 1)));
        assert_eq!(rank_mask(20).count_ones(), 4);
    }
}
