//! Variant-independent card description: every variant has a static table of card kinds, and a
//! card in play is just its kind id (`u16`, or `u8` where a variant has fewer than 256 kinds).

/// The four UNO colours, in the order used by every encoding in this project.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    Red = 0,
    Yellow = 1,
    Green = 2,
    Blue = 3,
}

impl Color {
    pub const ALL: [Color; 4] = [Color::Red, Color::Yellow, Color::Green, Color::Blue];
    pub fn from_index(i: u8) -> Option<Color> {
        Color::ALL.get(i as usize).copied()
    }
    pub fn letter(self) -> char {
        ['R', 'Y', 'G', 'B'][self as usize]
    }
    pub fn name(self) -> &'static str {
        ["red", "yellow", "green", "blue"][self as usize]
    }
    /// Parses `r`, `red`, `R`, ... (case-insensitive).
    pub fn parse(s: &str) -> Option<Color> {
        match s.to_ascii_lowercase().as_str() {
            "r" | "red" => Some(Color::Red),
            "y" | "yellow" => Some(Color::Yellow),
            "g" | "green" => Some(Color::Green),
            "b" | "blue" => Some(Color::Blue),
            _ => None,
        }
    }
}

/// One row of a variant's static card table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardInfo {
    /// Short code used in scenario files and logs (e.g. `R7`, `G+2`, `W+4`).
    pub code: &'static str,
    /// Human-readable name.
    pub name: &'static str,
    /// The card's type: what the card does, whatever its colour (`"Skip"`, `"Draw Two"`,
    /// `"Wild"`). Kinds that differ only in colour share a type, plain number cards (whose only
    /// effect is to match) share `"Number"`, and a card with its own rule text is a type of its
    /// own. The balance report rolls its per-kind figures up by this field.
    pub card_type: &'static str,
    /// `None` for black (wild) cards.
    pub color: Option<Color>,
    /// Face number for number cards.
    pub number: Option<u8>,
    /// Points the card is worth when scoring a hand.
    pub points: i32,
    /// Copies of this kind in one full deck.
    pub copies: u8,
}
