//! The Hot Death deck: 81 card kinds, 324 cards from three UNO decks (`docs/rules/hot-death.md`).
//!
//! Kind id layout: `colour * 15 + r` for the 60 plain coloured kinds (colour order red, yellow,
//! green, blue; r 0–9 = number, 10 Skip, 11 Double Skip, 12 Reverse, 13 Reverse Skip, 14 Draw
//! Two), 60–63 the Spreaders (red, yellow, green, blue), 64–74 the special number cards, 75–80 the
//! black cards.

use crate::cards::{CardInfo, Color};

pub const NUM_KINDS: usize = 81;
pub const DECK_SIZE: usize = 324;

pub const R_SKIP: u8 = 10;
pub const R_DOUBLE_SKIP: u8 = 11;
pub const R_REVERSE: u8 = 12;
pub const R_REVERSE_SKIP: u8 = 13;
pub const R_DRAW_TWO: u8 = 14;

pub const SPREADER: u8 = 60; // + colour
pub const HOLY_DEFENDER: u8 = 64; // red 0
pub const GLASNOST: u8 = 65; // red 2
pub const MAGIC_5: u8 = 66; // red 5
pub const MAD: u8 = 67; // yellow 1
pub const SHITTER: u8 = 68; // yellow 0
pub const SIXTY_NINE: u8 = 69; // yellow 9 (also a 6)
pub const QUITTER: u8 = 70; // green 0
pub const AIDS: u8 = 71; // green 3
pub const LUCK: u8 = 72; // green 4
pub const FUCKER: u8 = 73; // blue 0
pub const PENN_STATE: u8 = 74; // blue 2
pub const WILD: u8 = 75;
pub const DRAW_FOUR: u8 = 76;
pub const HOT_DEATH: u8 = 77;
pub const HARVESTER: u8 = 78;
pub const DELAYED_BLAST: u8 = 79;
pub const MYSTERY_DRAW: u8 = 80;
/// First black kind; black kinds are `FIRST_BLACK..NUM_KINDS`.
pub const FIRST_BLACK: u8 = WILD;

/// Colour value of black cards.
pub const BLACK: u8 = 4;

/// What a card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Number,
    Skip,
    DoubleSkip,
    Reverse,
    ReverseSkip,
    DrawTwo,
    Spreader,
    HolyDefender,
    Glasnost,
    Magic5,
    Mad,
    Shitter,
    SixtyNine,
    Quitter,
    Aids,
    Luck,
    Fucker,
    PennState,
    Wild,
    DrawFour,
    HotDeath,
    Harvester,
    DelayedBlast,
    MysteryDraw,
}

/// Static facts of one kind.
#[derive(Clone, Copy, Debug)]
pub struct Kind {
    pub face: Face,
    /// 0–3, or `BLACK`.
    pub color: u8,
    /// Printed number (special number cards included), `NO_NUMBER` otherwise.
    pub number: u8,
}

pub const NO_NUMBER: u8 = 255;

const fn plain(kind: usize) -> Kind {
    let color = (kind / 15) as u8;
    let r = (kind % 15) as u8;
    let face = match r {
        0..=9 => Face::Number,
        10 => Face::Skip,
        11 => Face::DoubleSkip,
        12 => Face::Reverse,
        13 => Face::ReverseSkip,
        _ => Face::DrawTwo,
    };
    Kind {
        face,
        color,
        number: if r <= 9 { r } else { NO_NUMBER },
    }
}

pub(crate) const fn kind_facts(kind: usize) -> Kind {
    if kind < 60 {
        return plain(kind);
    }
    let (face, color, number) = match kind as u8 {
        60..=63 => (Face::Spreader, (kind - 60) as u8, NO_NUMBER),
        HOLY_DEFENDER => (Face::HolyDefender, 0, 0),
        GLASNOST => (Face::Glasnost, 0, 2),
        MAGIC_5 => (Face::Magic5, 0, 5),
        MAD => (Face::Mad, 1, 1),
        SHITTER => (Face::Shitter, 1, 0),
        SIXTY_NINE => (Face::SixtyNine, 1, 9),
        QUITTER => (Face::Quitter, 2, 0),
        AIDS => (Face::Aids, 2, 3),
        LUCK => (Face::Luck, 2, 4),
        FUCKER => (Face::Fucker, 3, 0),
        PENN_STATE => (Face::PennState, 3, 2),
        WILD => (Face::Wild, BLACK, NO_NUMBER),
        DRAW_FOUR => (Face::DrawFour, BLACK, NO_NUMBER),
        HOT_DEATH => (Face::HotDeath, BLACK, NO_NUMBER),
        HARVESTER => (Face::Harvester, BLACK, NO_NUMBER),
        DELAYED_BLAST => (Face::DelayedBlast, BLACK, NO_NUMBER),
        _ => (Face::MysteryDraw, BLACK, NO_NUMBER),
    };
    Kind {
        face,
        color,
        number,
    }
}

/// Facts of every kind, by id.
pub static KINDS: [Kind; NUM_KINDS] = {
    let mut t = [Kind {
        face: Face::Number,
        color: 0,
        number: 0,
    }; NUM_KINDS];
    let mut k = 0;
    while k < NUM_KINDS {
        t[k] = kind_facts(k);
        k += 1;
    }
    t
};

#[inline]
pub fn face(kind: u8) -> Face {
    KINDS[kind as usize].face
}
#[inline]
pub fn color_of(kind: u8) -> u8 {
    KINDS[kind as usize].color
}
#[inline]
pub fn number_of(kind: u8) -> u8 {
    KINDS[kind as usize].number
}
/// A plain number card (0–9 of a colour, not a special number card): its only effect is to
/// match.
pub fn is_plain_number(kind: usize) -> bool {
    kind < 60 && kind % 15 <= 9
}
#[inline]
pub const fn kind_of(color: u8, r: u8) -> u8 {
    color * 15 + r
}
/// Draw-Four-type cards (stackable attacks): Draw Four, Hot Death, Harvester, Delayed Blast.
#[inline]
pub fn is_draw_four_type(kind: u8) -> bool {
    matches!(kind, DRAW_FOUR | HOT_DEATH | HARVESTER | DELAYED_BLAST)
}
/// Cards drawn by the victim of a Draw-Four-type card.
#[inline]
pub fn draw_four_count(kind: u8) -> u16 {
    if kind == HOT_DEATH {
        8
    } else {
        4
    }
}

const CODES: [&str; NUM_KINDS] = [
    "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "RS", "RSS", "RR", "RRS",
    "R+2", //
    "Y0", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "YS", "YSS", "YR", "YRS",
    "Y+2", //
    "G0", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "GS", "GSS", "GR", "GRS",
    "G+2", //
    "B0", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "BS", "BSS", "BR", "BRS",
    "B+2", //
    "RSP", "YSP", "GSP", "BSP", //
    "HOLY", "GLAS", "MAG5", "MAD", "SHIT", "69", "QUIT", "AIDS", "LUCK", "FUCK", "PENN", //
    "W", "W+4", "HD", "HARV", "DB", "MYST",
];

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
    "Red Double Skip",
    "Red Reverse",
    "Red Reverse Skip",
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
    "Yellow Double Skip",
    "Yellow Reverse",
    "Yellow Reverse Skip",
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
    "Green Double Skip",
    "Green Reverse",
    "Green Reverse Skip",
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
    "Blue Double Skip",
    "Blue Reverse",
    "Blue Reverse Skip",
    "Blue Draw Two", //
    "Red Spreader",
    "Yellow Spreader",
    "Green Spreader",
    "Blue Spreader", //
    "Holy Defender (Red 0)",
    "Glasnost (Red 2)",
    "Magic 5 (Red 5)",
    "M.A.D. (Yellow 1)",
    "Shitter (Yellow 0)",
    "Sixty Nine (Yellow 9/6)",
    "Quitter (Green 0)",
    "A.I.D.S. (Green 3)",
    "Luck o' the Irish (Green 4)",
    "Fucker (Blue 0)",
    "Penn State (Blue 2)", //
    "Wild",
    "Draw Four",
    "Hot Death",
    "Harvester of Sorrows",
    "Delayed Blast",
    "Mystery Draw",
];

/// The card type of a face (see [`CardInfo::card_type`]): plain numbers share `Number`; Skip,
/// Double Skip, Reverse, Reverse Skip, Draw Two and Spreader are one type each over the four
/// colours; every special number card and every black card is a type of its own.
pub const fn card_type(face: Face) -> &'static str {
    match face {
        Face::Number => "Number",
        Face::Skip => "Skip",
        Face::DoubleSkip => "Double Skip",
        Face::Reverse => "Reverse",
        Face::ReverseSkip => "Reverse Skip",
        Face::DrawTwo => "Draw Two",
        Face::Spreader => "Spreader",
        Face::HolyDefender => "Holy Defender",
        Face::Glasnost => "Glasnost",
        Face::Magic5 => "Magic 5",
        Face::Mad => "M.A.D.",
        Face::Shitter => "Shitter",
        Face::SixtyNine => "Sixty Nine",
        Face::Quitter => "Quitter",
        Face::Aids => "A.I.D.S.",
        Face::Luck => "Luck o' the Irish",
        Face::Fucker => "Fucker",
        Face::PennState => "Penn State",
        Face::Wild => "Wild",
        Face::DrawFour => "Draw Four",
        Face::HotDeath => "Hot Death",
        Face::Harvester => "Harvester of Sorrows",
        Face::DelayedBlast => "Delayed Blast",
        Face::MysteryDraw => "Mystery Draw",
    }
}

/// Base point value of a kind. Conditional values (Spreader, Penn State, Mystery Draw, Sixty
/// Nine, Fucker, Holy Defender, Shitter, Quitter with Fucker) are computed by the scoring.
pub const fn base_points(kind: usize) -> i32 {
    if kind < 60 {
        let r = kind % 15;
        return match r {
            0..=9 => r as i32,
            10 | 12 | 14 => 20,
            _ => 40,
        };
    }
    match kind as u8 {
        60..=63 => 20, // per opponent
        MAGIC_5 => -5,
        QUITTER => 100,
        MAD | GLASNOST | LUCK => 75,
        AIDS => 3,
        WILD => 40,
        DRAW_FOUR => 50,
        HOT_DEATH | DELAYED_BLAST => 100,
        MYSTERY_DRAW => 10, // 10 × highest number
        _ => 0,             // Holy Defender, Shitter, Sixty Nine, Fucker, Penn State, Harvester
    }
}

/// The card table (copies are those of the default deck).
pub static CARDS: [CardInfo; NUM_KINDS] = {
    let default_counts = super::options::DEFAULT_COUNTS;
    let mut t = [CardInfo {
        code: "",
        name: "",
        card_type: "",
        color: None,
        number: None,
        points: 0,
        copies: 0,
    }; NUM_KINDS];
    let mut k = 0;
    while k < NUM_KINDS {
        let f = kind_facts(k);
        t[k] = CardInfo {
            code: CODES[k],
            name: NAMES[k],
            card_type: card_type(f.face),
            color: match f.color {
                0 => Some(Color::Red),
                1 => Some(Color::Yellow),
                2 => Some(Color::Green),
                3 => Some(Color::Blue),
                _ => None,
            },
            number: if f.number == NO_NUMBER {
                None
            } else {
                Some(f.number)
            },
            points: base_points(k),
            copies: default_counts[k],
        };
        k += 1;
    }
    t
};

/// Parses a card code (case-insensitive), e.g. `R7`, `GSS`, `HD`, `MAG5`.
pub fn parse_card(s: &str) -> Option<u8> {
    let u = s.trim().to_ascii_uppercase();
    CODES.iter().position(|c| *c == u).map(|k| k as u8)
}

/// Deck composition for the given option values: copies per kind (sums to 324).
pub const fn deck_counts(
    double_skips: u8,
    reverse_skips: u8,
    spreaders: Option<u8>,
) -> [u8; NUM_KINDS] {
    let mut c = [0u8; NUM_KINDS];
    let mut col = 0;
    while col < 4 {
        let b = col * 15;
        c[b] = 3;
        let mut r = 1;
        while r <= 9 {
            c[b + r] = 6;
            r += 1;
        }
        c[b + R_SKIP as usize] = 6 - double_skips;
        c[b + R_DOUBLE_SKIP as usize] = double_skips;
        c[b + R_REVERSE as usize] = 6 - reverse_skips;
        c[b + R_REVERSE_SKIP as usize] = reverse_skips;
        let sp = match spreaders {
            Some(n) => n,
            None => {
                if col == 1 {
                    1
                } else {
                    0
                }
            }
        };
        c[b + R_DRAW_TWO as usize] = 6 - sp;
        c[SPREADER as usize + col] = sp;
        col += 1;
    }
    // One special number card replaces one plain copy each.
    c[kind_of(0, 0) as usize] -= 1;
    c[HOLY_DEFENDER as usize] = 1;
    c[kind_of(0, 2) as usize] -= 1;
    c[GLASNOST as usize] = 1;
    c[kind_of(0, 5) as usize] -= 1;
    c[MAGIC_5 as usize] = 1;
    c[kind_of(1, 1) as usize] -= 1;
    c[MAD as usize] = 1;
    c[kind_of(1, 0) as usize] -= 1;
    c[SHITTER as usize] = 1;
    c[kind_of(1, 9) as usize] -= 1;
    c[SIXTY_NINE as usize] = 1;
    c[kind_of(2, 0) as usize] -= 1;
    c[QUITTER as usize] = 1;
    c[kind_of(2, 3) as usize] -= 1;
    c[AIDS as usize] = 1;
    c[kind_of(2, 4) as usize] -= 1;
    c[LUCK as usize] = 1;
    c[kind_of(3, 0) as usize] -= 1;
    c[FUCKER as usize] = 1;
    c[kind_of(3, 2) as usize] -= 1;
    c[PENN_STATE as usize] = 1;
    // Twelve Wilds: four become the special black cards.
    c[WILD as usize] = 8;
    c[DRAW_FOUR as usize] = 12;
    c[HOT_DEATH as usize] = 1;
    c[HARVESTER as usize] = 1;
    c[DELAYED_BLAST as usize] = 1;
    c[MYSTERY_DRAW as usize] = 1;
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_deck_has_324_cards_and_one_of_each_special() {
        let c = deck_counts(3, 3, None);
        assert_eq!(c.iter().map(|&x| x as usize).sum::<usize>(), DECK_SIZE);
        for k in HOLY_DEFENDER..=PENN_STATE {
            assert_eq!(c[k as usize], 1);
        }
        assert_eq!(c[SPREADER as usize + 1], 1);
        assert_eq!(c[kind_of(0, 0) as usize], 2);
        assert_eq!(c[kind_of(1, 9) as usize], 5);
        for (k, info) in CARDS.iter().enumerate() {
            assert_eq!(info.copies, c[k]);
            assert_eq!(parse_card(info.code), Some(k as u8));
        }
        let c = deck_counts(0, 6, Some(2));
        assert_eq!(c.iter().map(|&x| x as usize).sum::<usize>(), DECK_SIZE);
    }

    #[test]
    fn every_kind_has_its_card_type() {
        // Plain numbers share one type, the coloured action cards one type per face, and
        // every special card is a type of its own (named as the card).
        let mut kinds = std::collections::BTreeMap::new();
        for c in &CARDS {
            assert!(!c.card_type.is_empty(), "{}", c.code);
            *kinds.entry(c.card_type).or_insert(0) += 1;
        }
        assert_eq!(kinds.len(), 24);
        assert_eq!(kinds["Number"], 40);
        for t in [
            "Skip",
            "Double Skip",
            "Reverse",
            "Reverse Skip",
            "Draw Two",
            "Spreader",
        ] {
            assert_eq!(kinds[t], 4, "{t}");
        }
        for k in HOLY_DEFENDER as usize..NUM_KINDS {
            assert_eq!(kinds[CARDS[k].card_type], 1, "{}", CARDS[k].code);
            assert!(
                CARDS[k].name.starts_with(CARDS[k].card_type),
                "{}",
                CARDS[k].name
            );
        }
        assert_eq!(
            CARDS[kind_of(2, R_DOUBLE_SKIP) as usize].card_type,
            "Double Skip"
        );
        assert_eq!(CARDS[SPREADER as usize + 3].card_type, "Spreader");
        assert_eq!(CARDS[HOT_DEATH as usize].card_type, "Hot Death");
        assert_eq!(CARDS[DRAW_FOUR as usize].card_type, "Draw Four");
        for (k, c) in CARDS.iter().enumerate() {
            assert_eq!(c.card_type == "Number", is_plain_number(k), "{}", c.code);
        }
    }
}
