//! The Constitution's cards (`docs/rules/constitution.md` section 2): four standard decks in
//! which 78 printed cards carry one of 43 texts. A kind is one (colour, suit, text): the 54
//! plain kinds first (`colour*13 + suit`, 52 = Wild, 53 = Wild Draw Four, as classic), then one
//! kind per text and printed card.

use crate::cards::{CardInfo, Color};

/// Suits: the printed number 0-9 or symbol.
pub const SKIP: u8 = 10;
pub const REVERSE: u8 = 11;
pub const DRAW_TWO: u8 = 12;
pub const WILD_SUIT: u8 = 13;
pub const WILD_DRAW_FOUR_SUIT: u8 = 14;

/// No colour (a wild-suited card's printed colour).
pub const NO_COLOR: u8 = 4;

/// A card's text (section 2); `None` for a plain card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Text {
    None = 0,
    SixtyNine,
    Aids,
    Backstab,
    BlueShield,
    Clone,
    Communism,
    Conquest,
    Cure,
    Death,
    DelayedBlast,
    Dodge,
    DoubleSkip,
    Famine,
    Ftpip,
    FuckYou,
    Gift,
    Glasnost,
    GoldCoin,
    Harvester,
    HolyDefender,
    HotDeath,
    Idlt,
    Luck,
    Mad,
    Magic5,
    Martyr,
    MysteryDraw,
    PennState,
    Ping,
    Plague,
    Prophet,
    Quitter,
    Recycler,
    ReverseSkip,
    Spreader,
    Swap,
    Ttr,
    ChosenOne,
    Flood,
    Virus,
    War,
    Yin,
    Yang,
}

/// Texts, `Text::None` included.
pub const NUM_TEXTS: usize = 44;

impl Text {
    pub const ALL: [Text; NUM_TEXTS] = {
        use Text::*;
        [
            None,
            SixtyNine,
            Aids,
            Backstab,
            BlueShield,
            Clone,
            Communism,
            Conquest,
            Cure,
            Death,
            DelayedBlast,
            Dodge,
            DoubleSkip,
            Famine,
            Ftpip,
            FuckYou,
            Gift,
            Glasnost,
            GoldCoin,
            Harvester,
            HolyDefender,
            HotDeath,
            Idlt,
            Luck,
            Mad,
            Magic5,
            Martyr,
            MysteryDraw,
            PennState,
            Ping,
            Plague,
            Prophet,
            Quitter,
            Recycler,
            ReverseSkip,
            Spreader,
            Swap,
            Ttr,
            ChosenOne,
            Flood,
            Virus,
            War,
            Yin,
            Yang,
        ]
    };
    /// The short name used in card codes (`Ping.B1`).
    pub const fn short(self) -> &'static str {
        use Text::*;
        match self {
            None => "",
            SixtyNine => "69",
            Aids => "AIDS",
            Backstab => "Backstab",
            BlueShield => "BlueShield",
            Clone => "Clone",
            Communism => "Communism",
            Conquest => "Conquest",
            Cure => "Cure",
            Death => "Death",
            DelayedBlast => "DelayedBlast",
            Dodge => "Dodge",
            DoubleSkip => "DoubleSkip",
            Famine => "Famine",
            Ftpip => "FTPIP",
            FuckYou => "FuckYou",
            Gift => "Gift",
            Glasnost => "Glasnost",
            GoldCoin => "GoldCoin",
            Harvester => "Harvester",
            HolyDefender => "HolyDefender",
            HotDeath => "HotDeath",
            Idlt => "IDLT",
            Luck => "Luck",
            Mad => "MAD",
            Magic5 => "Magic5",
            Martyr => "Martyr",
            MysteryDraw => "MysteryDraw",
            PennState => "PennState",
            Ping => "Ping",
            Plague => "Plague",
            Prophet => "Prophet",
            Quitter => "Quitter",
            Recycler => "Recycler",
            ReverseSkip => "ReverseSkip",
            Spreader => "Spreader",
            Swap => "Swap",
            Ttr => "TasteTheRainbow",
            ChosenOne => "ChosenOne",
            Flood => "Flood",
            Virus => "Virus",
            War => "War",
            Yin => "Yin",
            Yang => "Yang",
        }
    }
    /// The seed's name of the card.
    pub const fn name(self) -> &'static str {
        use Text::*;
        match self {
            None => "",
            SixtyNine => "69",
            Aids => "AIDS",
            Backstab => "Backstab",
            BlueShield => "Blue Shield",
            Clone => "Clone",
            Communism => "Communism",
            Conquest => "Conquest",
            Cure => "Cure",
            Death => "Death",
            DelayedBlast => "Delayed Blast",
            Dodge => "Dodge",
            DoubleSkip => "Double Skip",
            Famine => "Famine",
            Ftpip => "Fuck This Person In Particular",
            FuckYou => "Fuck You",
            Gift => "Gift",
            Glasnost => "Glasnost",
            GoldCoin => "Gold Coin",
            Harvester => "Harvester of Sorrows",
            HolyDefender => "Holy Defender",
            HotDeath => "Hot Death",
            Idlt => "I Don't Like These",
            Luck => "Luck",
            Mad => "M.A.D.",
            Magic5 => "Magic 5",
            Martyr => "Martyr",
            MysteryDraw => "Mystery Draw",
            PennState => "Penn State",
            Ping => "Ping",
            Plague => "Plague",
            Prophet => "Prophet",
            Quitter => "Quitter",
            Recycler => "Recycler",
            ReverseSkip => "Reverse Skip",
            Spreader => "Spreader",
            Swap => "Swap",
            Ttr => "Taste the Rainbow",
            ChosenOne => "The Chosen One",
            Flood => "The Flood",
            Virus => "Virus",
            War => "War",
            Yin => "Yin",
            Yang => "Yang",
        }
    }
    /// One of the Four Horsemen (section 14).
    pub const fn is_horseman(self) -> bool {
        matches!(
            self,
            Text::Death | Text::Famine | Text::War | Text::Conquest
        )
    }
}

/// One text row of the deck (section 2): the text, the printed card (colour or `NO_COLOR`, suit)
/// and the number of such cards in the four decks.
struct TextRow(Text, u8, u8, u8);

const R: u8 = 0;
const Y: u8 = 1;
const G: u8 = 2;
const B: u8 = 3;
const W: u8 = NO_COLOR;

/// Section 2's table, one row per kind.
const TEXT_ROWS: [TextRow; NUM_TEXT_KINDS] = {
    use Text::*;
    [
        TextRow(SixtyNine, R, 6, 1),
        TextRow(SixtyNine, Y, 6, 1),
        TextRow(Aids, G, 3, 2),
        TextRow(Backstab, R, REVERSE, 1),
        TextRow(Backstab, Y, REVERSE, 1),
        TextRow(Backstab, G, REVERSE, 1),
        TextRow(Backstab, B, REVERSE, 1),
        TextRow(BlueShield, B, 2, 2),
        TextRow(Clone, G, 2, 2),
        TextRow(Communism, R, 7, 1),
        TextRow(Conquest, R, 4, 1),
        TextRow(Cure, R, 1, 1),
        TextRow(Cure, Y, 1, 1),
        TextRow(Cure, G, 1, 1),
        TextRow(Cure, B, 1, 1),
        TextRow(Death, R, 4, 1),
        TextRow(DelayedBlast, W, WILD_SUIT, 2),
        TextRow(Dodge, R, 8, 1),
        TextRow(Dodge, Y, 8, 1),
        TextRow(Dodge, G, 8, 1),
        TextRow(Dodge, B, 8, 1),
        TextRow(DoubleSkip, R, SKIP, 1),
        TextRow(DoubleSkip, Y, SKIP, 1),
        TextRow(DoubleSkip, G, SKIP, 1),
        TextRow(DoubleSkip, B, SKIP, 1),
        TextRow(Famine, R, 4, 1),
        TextRow(Ftpip, B, 0, 1),
        TextRow(FuckYou, B, 0, 1),
        TextRow(Gift, R, 5, 1),
        TextRow(Gift, Y, 5, 1),
        TextRow(Gift, G, 5, 1),
        TextRow(Gift, B, 5, 1),
        TextRow(Glasnost, R, 2, 2),
        TextRow(GoldCoin, Y, 0, 1),
        TextRow(Harvester, W, WILD_DRAW_FOUR_SUIT, 2),
        TextRow(HolyDefender, R, 0, 1),
        TextRow(HotDeath, W, WILD_DRAW_FOUR_SUIT, 2),
        TextRow(Idlt, Y, 1, 1),
        TextRow(Luck, G, 4, 1),
        TextRow(Mad, Y, 2, 1),
        TextRow(Magic5, R, 5, 1),
        TextRow(Martyr, R, 1, 1),
        TextRow(MysteryDraw, W, WILD_SUIT, 3),
        TextRow(PennState, B, 2, 2),
        TextRow(Ping, B, 1, 3),
        TextRow(Plague, G, 6, 1),
        TextRow(Prophet, R, 0, 1),
        TextRow(Quitter, R, 9, 1),
        TextRow(Recycler, B, REVERSE, 1),
        TextRow(ReverseSkip, R, SKIP, 1),
        TextRow(ReverseSkip, Y, SKIP, 1),
        TextRow(ReverseSkip, G, SKIP, 1),
        TextRow(ReverseSkip, B, SKIP, 1),
        TextRow(Spreader, R, DRAW_TWO, 1),
        TextRow(Spreader, Y, DRAW_TWO, 1),
        TextRow(Spreader, G, DRAW_TWO, 1),
        TextRow(Spreader, B, DRAW_TWO, 1),
        TextRow(Swap, G, REVERSE, 1),
        TextRow(Ttr, W, WILD_SUIT, 1),
        TextRow(ChosenOne, Y, 1, 1),
        TextRow(Flood, B, 8, 1),
        TextRow(Virus, G, 0, 2),
        TextRow(War, R, 4, 1),
        TextRow(Yin, W, WILD_SUIT, 1),
        TextRow(Yang, W, WILD_SUIT, 1),
    ]
};

/// Text kinds (rows of section 2's table that carry a text).
pub const NUM_TEXT_KINDS: usize = 65;
/// Every kind: 54 plain, then the text kinds.
pub const NUM_KINDS: usize = 54 + NUM_TEXT_KINDS;
/// Cards in the deck: four standard decks.
pub const DECK_SIZE: usize = 432;
/// Kinds of the plain Wild and Wild Draw Four.
pub const WILD: u8 = 52;
pub const WILD_DRAW_FOUR: u8 = 53;

/// Copies of printed card `(colour, suit)` in four standard decks.
pub const fn printed_copies(color: u8, suit: u8) -> u8 {
    let wild_suit = suit >= WILD_SUIT;
    if (color == NO_COLOR) != wild_suit || suit > WILD_DRAW_FOUR_SUIT {
        return 0;
    }
    match suit {
        0 => 4,
        WILD_SUIT | WILD_DRAW_FOUR_SUIT => {
            if color == NO_COLOR {
                16
            } else {
                0
            }
        }
        _ => 8,
    }
}

/// Per-kind facts, one array each, indexed by kind.
pub struct Facts {
    pub color: [u8; NUM_KINDS],
    pub suit: [u8; NUM_KINDS],
    pub text: [Text; NUM_KINDS],
    pub copies: [u8; NUM_KINDS],
}

pub(crate) const fn build_facts() -> Facts {
    let mut f = Facts {
        color: [0; NUM_KINDS],
        suit: [0; NUM_KINDS],
        text: [Text::None; NUM_KINDS],
        copies: [0; NUM_KINDS],
    };
    // Plain kinds: what is left of each printed card once the texts took theirs.
    let mut k = 0;
    while k < 54 {
        let (c, s) = if k < 52 {
            ((k / 13) as u8, (k % 13) as u8)
        } else if k == 52 {
            (NO_COLOR, WILD_SUIT)
        } else {
            (NO_COLOR, WILD_DRAW_FOUR_SUIT)
        };
        f.color[k] = c;
        f.suit[k] = s;
        let mut left = printed_copies(c, s);
        let mut i = 0;
        while i < NUM_TEXT_KINDS {
            let r = &TEXT_ROWS[i];
            if r.1 == c && r.2 == s {
                left -= r.3;
            }
            i += 1;
        }
        f.copies[k] = left;
        k += 1;
    }
    let mut i = 0;
    while i < NUM_TEXT_KINDS {
        let r = &TEXT_ROWS[i];
        f.color[54 + i] = r.1;
        f.suit[54 + i] = r.2;
        f.text[54 + i] = r.0;
        f.copies[54 + i] = r.3;
        i += 1;
    }
    f
}

/// The card facts.
pub static FACTS: Facts = build_facts();

#[inline]
pub fn color_of(k: u8) -> u8 {
    FACTS.color[k as usize]
}
#[inline]
pub fn suit_of(k: u8) -> u8 {
    FACTS.suit[k as usize]
}
#[inline]
pub fn text_of(k: u8) -> Text {
    FACTS.text[k as usize]
}
/// A wild-suited card (Wild or Wild Draw Four, with or without text): names a colour.
#[inline]
pub fn is_wild(k: u8) -> bool {
    suit_of(k) >= WILD_SUIT
}

/// The number value (C16): the printed number for suits 0-9, 69 for the 69, none for the
/// Horsemen and for every symbol.
pub fn number_value(k: u8) -> Option<u8> {
    let t = text_of(k);
    if t.is_horseman() {
        return None;
    }
    if t == Text::SixtyNine {
        return Some(69);
    }
    let s = suit_of(k);
    (s <= 9).then_some(s)
}

/// The kind with text `t` printed on `(colour, suit)`, if the deck has one.
pub fn kind_of(t: Text, color: u8, suit: u8) -> Option<u8> {
    if t == Text::None {
        return match suit {
            WILD_SUIT => Some(WILD),
            WILD_DRAW_FOUR_SUIT => Some(WILD_DRAW_FOUR),
            s if s < 13 && color < 4 => Some(color * 13 + s),
            _ => None,
        };
    }
    (54..NUM_KINDS as u8).find(|&k| text_of(k) == t && color_of(k) == color && suit_of(k) == suit)
}

/// The first kind carrying text `t` (the lowest colour).
pub fn first_kind(t: Text) -> Option<u8> {
    (54..NUM_KINDS as u8).find(|&k| text_of(k) == t)
}

fn printed_code(color: u8, suit: u8) -> String {
    let c = if color < 4 {
        Color::ALL[color as usize].letter().to_string()
    } else {
        String::new()
    };
    let s = match suit {
        0..=9 => suit.to_string(),
        SKIP => "S".into(),
        REVERSE => "R".into(),
        DRAW_TWO => "+2".into(),
        WILD_SUIT => "W".into(),
        _ => "W+4".into(),
    };
    format!("{c}{s}")
}

/// The printed card's name, `Red 4`, `Blue Reverse`, `Wild Draw Four`.
fn printed_name(color: u8, suit: u8) -> String {
    let s = match suit {
        0..=9 => suit.to_string(),
        SKIP => "Skip".into(),
        REVERSE => "Reverse".into(),
        DRAW_TWO => "Draw Two".into(),
        WILD_SUIT => return "Wild".into(),
        _ => return "Wild Draw Four".into(),
    };
    format!("{} {s}", Color::ALL[color as usize].name())
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// The card table: codes `R7`, `BS`, `W+4` for plain cards and `Text.printed` for text cards
/// (`Ping.B1`, `HotDeath.W+4`, `Backstab.RR`).
pub fn table() -> &'static [CardInfo] {
    static T: std::sync::OnceLock<Vec<CardInfo>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        (0..NUM_KINDS as u8)
            .map(|k| {
                let (c, s, t) = (color_of(k), suit_of(k), text_of(k));
                let printed = printed_code(c, s);
                let (code, name, card_type) = if t == Text::None {
                    let ty = match s {
                        0..=9 => "Number",
                        SKIP => "Skip",
                        REVERSE => "Reverse",
                        DRAW_TWO => "Draw Two",
                        WILD_SUIT => "Wild",
                        _ => "Wild Draw Four",
                    };
                    (leak(printed.clone()), leak(printed_name(c, s)), ty)
                } else {
                    (
                        leak(format!("{}.{printed}", t.short())),
                        leak(format!("{} ({})", t.name(), printed_name(c, s))),
                        t.name(),
                    )
                };
                CardInfo {
                    code,
                    name,
                    card_type,
                    color: Color::from_index(c),
                    number: number_value(k),
                    points: 0,
                    copies: FACTS.copies[k as usize],
                }
            })
            .collect()
    })
}

/// The kind a code names (case-insensitive; `R7`, `Ping.B1`, `hotdeath.w+4`).
pub fn parse_card(s: &str) -> Option<u8> {
    let s = s.trim();
    table()
        .iter()
        .position(|c| c.code.eq_ignore_ascii_case(s))
        .map(|k| k as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Section 2's check, card by card: 432 cards, 78 with text, 43 texts, and every printed
    /// card's copies shared out exactly.
    #[test]
    fn the_deck_is_four_standard_decks() {
        let total: u32 = FACTS.copies.iter().map(|&c| c as u32).sum();
        assert_eq!(total as usize, DECK_SIZE);
        let with_text: u32 = (54..NUM_KINDS).map(|k| FACTS.copies[k] as u32).sum();
        assert_eq!(with_text, 78);
        let texts: std::collections::BTreeSet<Text> = (54..NUM_KINDS as u8).map(text_of).collect();
        assert_eq!(texts.len(), 43);
        assert_eq!(NUM_TEXTS, 44);
        for c in 0..5u8 {
            for s in 0..15u8 {
                let printed = printed_copies(c, s);
                let sum: u32 = (0..NUM_KINDS as u8)
                    .filter(|&k| color_of(k) == c && suit_of(k) == s)
                    .map(|k| FACTS.copies[k as usize] as u32)
                    .sum();
                assert_eq!(sum, printed as u32, "printed card {c}/{s}");
            }
        }
        // The doc's table, spot checks.
        assert_eq!(FACTS.copies[kind_of(Text::None, 0, 4).unwrap() as usize], 4);
        assert_eq!(FACTS.copies[kind_of(Text::None, 3, 2).unwrap() as usize], 4);
        assert_eq!(FACTS.copies[WILD as usize], 8);
        assert_eq!(FACTS.copies[WILD_DRAW_FOUR as usize], 12);
        assert_eq!(FACTS.copies[kind_of(Text::None, 3, 1).unwrap() as usize], 4);
        assert_eq!(FACTS.copies[first_kind(Text::Ping).unwrap() as usize], 3);
    }

    #[test]
    fn codes_are_unique_and_parse_back() {
        let mut seen = std::collections::HashSet::new();
        for (k, c) in table().iter().enumerate() {
            assert!(seen.insert(c.code.to_ascii_lowercase()), "{}", c.code);
            assert_eq!(parse_card(c.code), Some(k as u8));
        }
        assert_eq!(parse_card("ping.b1"), first_kind(Text::Ping));
        assert_eq!(table()[WILD_DRAW_FOUR as usize].code, "W+4");
        assert_eq!(
            table()[first_kind(Text::HotDeath).unwrap() as usize].code,
            "HotDeath.W+4"
        );
    }

    #[test]
    fn number_values() {
        assert_eq!(number_value(first_kind(Text::SixtyNine).unwrap()), Some(69));
        assert_eq!(number_value(first_kind(Text::Death).unwrap()), None);
        assert_eq!(number_value(first_kind(Text::Ping).unwrap()), Some(1));
        assert_eq!(number_value(kind_of(Text::None, 1, SKIP).unwrap()), None);
        assert_eq!(number_value(WILD), None);
    }
}
