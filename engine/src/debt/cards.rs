//! Uno Debt's cards: the classic 108-card deck (the classic card table, kind = `colour*13 +
//! rank`, 52 = Wild, 53 = Wild Draw Four), times the `decks` option (1-4, rule 1: seed line S2
//! in the pastebin numbering of `docs/rules/debt.md`). A number card counts its face value
//! against the debt (S8, S17); special cards count nothing.

pub use crate::classic::cards::{
    color_of, parse_card, rank_of, CARDS, NUM_KINDS, RANK_DRAW_TWO, RANK_REVERSE, RANK_SKIP, WILD,
    WILD_DRAW_FOUR,
};

/// Most decks the melon may hold (seed S2: "Up to 4 decks").
pub const MAX_DECKS: usize = 4;
/// Cards in one deck.
pub const DECK_CARDS: usize = crate::classic::cards::DECK_SIZE;
/// Most cards in play (4 decks).
pub const MAX_CARDS: usize = MAX_DECKS * DECK_CARDS;

/// Copies of each kind in a melon of `decks` decks.
pub fn deck_counts(decks: u8) -> [u8; NUM_KINDS] {
    let mut c = [0u8; NUM_KINDS];
    for (k, x) in c.iter_mut().enumerate() {
        *x = CARDS[k].copies * decks;
    }
    c
}

/// The face value of a number card (0-9), `None` for a special card.
#[inline]
pub fn number(kind: u8) -> Option<u8> {
    if kind < WILD && kind % 13 < 10 {
        Some(kind % 13)
    } else {
        None
    }
}

/// Whether `kind` is a special card (Skip, Reverse, Draw Two, Wild, Wild Draw Four).
#[inline]
pub fn is_special(kind: u8) -> bool {
    number(kind).is_none()
}

/// Whether `kind` is a Wild or a Wild Draw Four (no colour of its own).
#[inline]
pub fn is_wild(kind: u8) -> bool {
    kind >= WILD
}

/// Plain number cards (the balance swap's filler): every number card.
pub fn is_plain_number(kind: usize) -> bool {
    number(kind as u8).is_some()
}
