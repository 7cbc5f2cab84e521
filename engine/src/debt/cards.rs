//! Uno Debt's cards: the classic 108-card deck (the classic card table, kind = `colour*13 +
//! rank`, 52 = Wild, 53 = Wild Draw Four), times the `decks` option (1-4, rule 1: seed line S2
//! in the pastebin numbering of `docs/rules/debt.md`). A number card counts its face value
//! against the debt (S8, S17); special cards count nothing.

pub use crate::classic::cards::{
    parse_card, rank_of, CARDS, NUM_KINDS, RANK_DRAW_TWO, RANK_REVERSE, RANK_SKIP, WILD,
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

/// The melon of `decks` decks in kind order (each kind's copies together, kinds ascending),
/// by `decks - 1`: what the deal shuffles (`DrawPile::fill_shuffled`), built once.
pub(crate) static MELON_ORDER: [[u16; MAX_CARDS]; MAX_DECKS] = melon_orders();

const fn melon_orders() -> [[u16; MAX_CARDS]; MAX_DECKS] {
    // The classic table's copies per kind (`CARDS` is a static, not readable here).
    let cards = crate::classic::cards::build_table();
    let mut t = [[0u16; MAX_CARDS]; MAX_DECKS];
    let mut d = 0;
    while d < MAX_DECKS {
        let mut i = 0;
        let mut k = 0;
        while k < NUM_KINDS {
            let mut c = 0;
            while c < cards[k].copies as usize * (d + 1) {
                t[d][i] = k as u16;
                i += 1;
                c += 1;
            }
            k += 1;
        }
        assert!(i == DECK_CARDS * (d + 1));
        d += 1;
    }
    t
}

/// [`NUMBER_OF`]'s entry for a special card.
const SPECIAL: u8 = 0xff;

/// Face value (0-9) per kind, `SPECIAL` for a special card; and colour per kind (4 for the
/// wilds). Table lookups: the random-play loop asks these several times a decision.
const fn tables() -> ([u8; 64], [u8; 64]) {
    let mut number = [SPECIAL; 64];
    let mut color = [4u8; 64];
    let mut k = 0;
    while k < WILD as usize {
        if k % 13 < 10 {
            number[k] = (k % 13) as u8;
        }
        color[k] = (k / 13) as u8;
        k += 1;
    }
    (number, color)
}
static NUMBER_OF: [u8; 64] = tables().0;
static COLOR_OF: [u8; 64] = tables().1;

/// The face value of a number card (0-9), `None` for a special card.
#[inline]
pub fn number(kind: u8) -> Option<u8> {
    let v = NUMBER_OF[(kind & 63) as usize];
    (v != SPECIAL).then_some(v)
}

/// The face value of a number card, 0 for a special card.
#[inline]
pub fn number_or_zero(kind: u8) -> u8 {
    match NUMBER_OF[(kind & 63) as usize] {
        SPECIAL => 0,
        v => v,
    }
}

/// Colour index of a kind (0-3), 4 for the wilds (as the classic table's `color_of`).
#[inline]
pub fn color_of(kind: u8) -> u8 {
    COLOR_OF[(kind & 63) as usize]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn melon_order_is_each_deck_count_in_kind_order() {
        for decks in 1..=MAX_DECKS as u8 {
            let counts = deck_counts(decks);
            let want: Vec<u16> = (0..NUM_KINDS)
                .flat_map(|k| std::iter::repeat_n(k as u16, counts[k] as usize))
                .collect();
            let len = decks as usize * DECK_CARDS;
            assert_eq!(&MELON_ORDER[decks as usize - 1][..len], &want[..]);
            assert!(MELON_ORDER[decks as usize - 1][len..]
                .iter()
                .all(|&c| c == 0));
        }
    }
}
