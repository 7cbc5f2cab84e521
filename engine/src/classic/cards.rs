//! The classic UNO deck: 108 cards, 54 kinds.
//!
//! Kind id layout: `colour * 13 + rank` for the 52 coloured kinds (colour order red, yellow,
//! green, blue; rank 0–9 = number, 10 = Skip, 11 = Reverse, 12 = Draw Two), then 52 = Wild and
//! 53 = Wild Draw Four.

use crate::cards::{CardInfo, Color};

pub const NUM_KINDS: usize = 54;
pub const DECK_SIZE: usize = 108;
pub const WILD: u8 = 52;
pub const WILD_DRAW_FOUR: u8 = 53;
pub const RANK_SKIP: u8 = 10;
pub const RANK_REVERSE: u8 = 11;
pub const RANK_DRAW_TWO: u8 = 12;

/// What a classic card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Number(u8),
    Skip,
    Reverse,
    DrawTwo,
    Wild,
    WildDrawFour,
}

const fn code(kind: usize) -> &'static str {
    const CODES: [&str; NUM_KINDS] = [
        "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "RS", "RR", "R+2", //
        "Y0", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "YS", "YR", "Y+2", //
        "G0", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "GS", "GR", "G+2", //
        "B0", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "BS", "BR", "B+2", //
        "W", "W+4",
    ];
    CODES[kind]
}

const fn name(kind: usize) -> &'static str {
    const NAMES: [&str; NUM_KINDS] = [
        "Red 0",
        "Red 1",
        "Red 2",
        "Red 3",
        "Red 4",
        "Red 5",
        "Red 6",
        "Red 7",
        "Red 8",
        "Red 9",
        "Red Skip",
        "Red Reverse",
        "Red Draw Two", //
        "Yellow 0",
        "Yellow 1",
        "Yellow 2",
        "Yellow 3",
        "Yellow 4",
        "Yellow 5",
        "Yellow 6",
        "Yellow 7",
        "Yellow 8",
        "Yellow 9",
        "Yellow Skip",
        "Yellow Reverse",
        "Yellow Draw Two", //
        "Green 0",
        "Green 1",
        "Green 2",
        "Green 3",
        "Green 4",
        "Green 5",
        "Green 6",
        "Green 7",
        "Green 8",
        "Green 9",
        "Green Skip",
        "Green Reverse",
        "Green Draw Two", //
        "Blue 0",
        "Blue 1",
        "Blue 2",
        "Blue 3",
        "Blue 4",
        "Blue 5",
        "Blue 6",
        "Blue 7",
        "Blue 8",
        "Blue 9",
        "Blue Skip",
        "Blue Reverse",
        "Blue Draw Two", //
        "Wild",
        "Wild Draw Four",
    ];
    NAMES[kind]
}

/// The card type of a kind (see [`CardInfo::card_type`]): `Number` for 0–9, then `Skip`,
/// `Reverse`, `Draw Two`, `Wild` and `Wild Draw Four`.
const fn card_type(kind: usize) -> &'static str {
    if kind >= NUM_KINDS {
        return "";
    }
    if kind == WILD as usize {
        return "Wild";
    }
    if kind == WILD_DRAW_FOUR as usize {
        return "Wild Draw Four";
    }
    match (kind % 13) as u8 {
        RANK_SKIP => "Skip",
        RANK_REVERSE => "Reverse",
        RANK_DRAW_TWO => "Draw Two",
        _ => "Number",
    }
}

pub(crate) const fn build_table() -> [CardInfo; NUM_KINDS] {
    let mut t = [CardInfo {
        code: "",
        name: "",
        card_type: "",
        color: None,
        number: None,
        points: 0,
        copies: 0,
    }; NUM_KINDS];
    let colors = [Color::Red, Color::Yellow, Color::Green, Color::Blue];
    let mut k = 0;
    while k < NUM_KINDS {
        let (color, number, points, copies) = if k < 52 {
            let rank = (k % 13) as u8;
            let c = Some(colors[k / 13]);
            if rank < 10 {
                (c, Some(rank), rank as i32, if rank == 0 { 1 } else { 2 })
            } else {
                (c, None, 20, 2)
            }
        } else {
            (None, None, 50, 4)
        };
        t[k] = CardInfo {
            code: code(k),
            name: name(k),
            card_type: card_type(k),
            color,
            number,
            points,
            copies,
        };
        k += 1;
    }
    t
}

/// The classic card table, indexed by kind id.
pub static CARDS: [CardInfo; NUM_KINDS] = build_table();

const fn full_deck() -> [u16; DECK_SIZE] {
    let t = build_table();
    let mut d = [0u16; DECK_SIZE];
    let mut i = 0;
    let mut k = 0;
    while k < NUM_KINDS {
        let mut c = 0;
        while c < t[k].copies {
            d[i] = k as u16;
            i += 1;
            c += 1;
        }
        k += 1;
    }
    assert!(i == DECK_SIZE);
    d
}

/// Every card of one deck, by kind id, in table order.
pub static FULL_DECK: [u16; DECK_SIZE] = full_deck();

/// Colour index of a kind (0–3), or 4 for black cards.
#[inline]
pub const fn color_of(kind: u8) -> u8 {
    if kind < 52 {
        kind / 13
    } else {
        4
    }
}

/// Rank of a coloured kind (0–12); 13 for Wild, 14 for Wild Draw Four.
const fn rank_table() -> [u8; 64] {
    let mut t = [15u8; 64];
    let mut k = 0;
    while k < NUM_KINDS {
        t[k] = if k < 52 {
            (k % 13) as u8
        } else {
            (k - 52 + 13) as u8
        };
        k += 1;
    }
    t
}
static RANK_OF: [u8; 64] = rank_table();

/// Rank of a coloured kind (0–12); 13 for Wild, 14 for Wild Draw Four (a table lookup: this is
/// on the hot path).
#[inline]
pub fn rank_of(kind: u8) -> u8 {
    RANK_OF[(kind & 63) as usize]
}

#[inline]
pub fn face(kind: u8) -> Face {
    match rank_of(kind) {
        r @ 0..=9 => Face::Number(r),
        10 => Face::Skip,
        11 => Face::Reverse,
        12 => Face::DrawTwo,
        13 => Face::Wild,
        _ => Face::WildDrawFour,
    }
}

#[inline]
/// A plain number card (0–9 of a colour): its only effect is to match.
pub fn is_plain_number(kind: usize) -> bool {
    kind < NUM_KINDS && matches!(face(kind as u8), Face::Number(_))
}

pub const fn kind_of(color: u8, rank: u8) -> u8 {
    color * 13 + rank
}

const fn color_masks() -> [u64; 5] {
    let mut m = [0u64; 5];
    let mut k = 0;
    while k < 52 {
        m[k / 13] |= 1 << k;
        k += 1;
    }
    m
}
const fn rank_masks() -> [u64; 15] {
    let mut m = [0u64; 15];
    let mut k = 0;
    while k < 52 {
        m[k % 13] |= 1 << k;
        k += 1;
    }
    m
}
/// Bitset of the coloured kinds of colour `c` (index 4: none).
pub static COLOR_MASK: [u64; 5] = color_masks();
/// Bitset of the coloured kinds of rank `r` (13, 14: none).
pub static RANK_MASK: [u64; 15] = rank_masks();
pub const WILD_BIT: u64 = 1 << WILD;
pub const WD4_BIT: u64 = 1 << WILD_DRAW_FOUR;
pub const DRAW_TWO_MASK: u64 = (1 << 12) | (1 << 25) | (1 << 38) | (1 << 51);
pub const SKIP_MASK: u64 = DRAW_TWO_MASK >> 2;
pub const REVERSE_MASK: u64 = DRAW_TWO_MASK >> 1;

/// Parses a card code (`R7`, `g+2`, `BS`, `yr`, `W`, `W+4`, also `WD4`), case-insensitive.
pub fn parse_card(s: &str) -> Option<u8> {
    let u = s.trim().to_ascii_uppercase();
    let u = match u.as_str() {
        "WD4" | "+4" | "WILD+4" | "W4" => "W+4".to_string(),
        "WILD" => "W".to_string(),
        _ => u.replace("D2", "+2"),
    };
    CARDS.iter().position(|c| c.code == u).map(|k| k as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn deck_has_108_cards_and_right_points() {
        let total: u32 = CARDS.iter().map(|c| c.copies as u32).sum();
        assert_eq!(total, DECK_SIZE as u32);
        assert_eq!(CARDS[kind_of(0, 7) as usize].code, "R7");
        assert_eq!(CARDS[kind_of(3, RANK_DRAW_TWO) as usize].code, "B+2");
        assert_eq!(CARDS[WILD as usize].points, 50);
        assert_eq!(CARDS[kind_of(1, RANK_SKIP) as usize].points, 20);
        assert_eq!(parse_card("g+2"), Some(kind_of(2, 12)));
        assert_eq!(parse_card("wd4"), Some(WILD_DRAW_FOUR));
        assert_eq!(parse_card("X9"), None);
        assert_eq!(COLOR_MASK[2].count_ones(), 13);
        assert_eq!(RANK_MASK[5].count_ones(), 4);
        assert_eq!(DRAW_TWO_MASK, RANK_MASK[12]);
        assert_eq!(SKIP_MASK, RANK_MASK[10]);
        assert_eq!(REVERSE_MASK, RANK_MASK[11]);
    }

    #[test]
    fn every_kind_has_its_card_type() {
        let mut copies = std::collections::BTreeMap::new();
        for c in &CARDS {
            *copies.entry(c.card_type).or_insert(0u32) += c.copies as u32;
        }
        let want = [
            ("Draw Two", 8),
            ("Number", 76),
            ("Reverse", 8),
            ("Skip", 8),
            ("Wild", 4),
            ("Wild Draw Four", 4),
        ];
        assert_eq!(copies.into_iter().collect::<Vec<_>>(), want);
        assert_eq!(CARDS[kind_of(2, 7) as usize].card_type, "Number");
        assert_eq!(CARDS[kind_of(3, RANK_SKIP) as usize].card_type, "Skip");
        assert_eq!(
            CARDS[kind_of(0, RANK_REVERSE) as usize].card_type,
            "Reverse"
        );
        assert_eq!(
            CARDS[kind_of(1, RANK_DRAW_TWO) as usize].card_type,
            "Draw Two"
        );
        assert_eq!(CARDS[WILD_DRAW_FOUR as usize].card_type, "Wild Draw Four");
        for (k, c) in CARDS.iter().enumerate() {
            assert_eq!(c.card_type == "Number", is_plain_number(k), "{}", c.code);
        }
    }
}
