//! What each player knows of the others' hands (`docs/rules/constitution.md` section 20):
//! per observer and seat, a lower bound on the copies of each kind the seat holds. Kept
//! through one-line hooks where cards move: a card leaving a hand lowers every observer's
//! bound on it; a hand shown to everyone (Glasnost, an accusation) or to one player (the
//! Prophet, a swap) sets bounds; a gift, a Gold Coin card or Martyr's cards add what their
//! giver knew; the Recycler's dump adds the public pile; a hand replaced (Communism, I Don't
//! Like These, a discarded hand) is forgotten.
//!
//! A bound takes a nibble (two kinds a byte): no bound exceeds what the hand holds, and no
//! kind has more than 12 copies, so 4 bits hold every bound (additions saturate at 15, never
//! reached). The table is half the size of a byte a bound, and a new state moves half as much.
//!
//! Rows are stored lazily (`crate::lazy::LazyRows`, as the Blender's table): a row never
//! written since the deal (or cleared since) is all zero without being stored, so a new state
//! does not zero the table's 6,600 bytes (random play, which keeps no rows, never writes one).
//! Each observer's Martyr row is its row of seat `MARTYR`, one past the seats.

use super::cards::NUM_KINDS;
use super::state::ConHand;
use crate::game::MAX_PLAYERS;
use crate::lazy::LazyRows;

/// Bytes of one row of bounds (a nibble a kind).
const ROW: usize = NUM_KINDS.div_ceil(2);
/// A row of bounds: kind `k` in byte `k / 2`, the low nibble for even `k`.
type Row = [u8; ROW];
/// The seat of the Martyr rows: what each observer knew of a Martyr's hand, on its way to the
/// recipient.
const MARTYR: usize = MAX_PLAYERS;
/// The all-zero row.
const ZERO: Row = [0; ROW];

#[inline]
fn get(row: &Row, k: usize) -> u8 {
    row[k >> 1] >> ((k & 1) * 4) & 15
}

#[inline]
fn set(row: &mut Row, k: usize, v: u8) {
    debug_assert!(v <= 15);
    let sh = (k & 1) * 4;
    let b = &mut row[k >> 1];
    *b = *b & !(15 << sh) | v << sh;
}

/// A hand's counts as a row (every count fits a nibble: at most 12 copies of a kind).
#[inline]
fn row_of(hand: &ConHand) -> Row {
    let mut row = [0; ROW];
    for (k, c) in hand.iter() {
        set(&mut row, k, c.min(15));
    }
    row
}

/// `repr(C)`, the rows first (their bits leading them): a new state's `Knowledge::new()` stores
/// only the bits and `off`, and its copy into the state is a 20-byte zeroing and `off`.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Knowledge {
    /// `rows[observer][seat]`: the copies of each kind `observer` knows `seat` holds (all zero
    /// when not stored); seat `MARTYR` holds the Martyr rows.
    rows: LazyRows<Row, MAX_PLAYERS, { MAX_PLAYERS + 1 }>,
    /// The hooks do nothing (random play, `ConState::random_playout`: nothing there reads the
    /// rows, so they are left as they were).
    pub(crate) off: bool,
}

/// Equal bounds (a row not stored equals a stored all-zero row).
impl PartialEq for Knowledge {
    fn eq(&self, other: &Self) -> bool {
        self.off == other.off
            && (0..MAX_PLAYERS)
                .all(|o| (0..=MARTYR).all(|s| self.row_ref(o, s) == other.row_ref(o, s)))
    }
}

impl Eq for Knowledge {}

impl Default for Knowledge {
    fn default() -> Self {
        Knowledge::new()
    }
}

impl std::fmt::Debug for Knowledge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Knowledge { .. }")
    }
}

impl Knowledge {
    /// Nobody knows anything: no row stored, so a new state writes only the bits.
    #[inline(always)]
    pub fn new() -> Knowledge {
        Knowledge {
            rows: LazyRows::new(),
            off: false,
        }
    }
    /// Row `(observer, seat)` (the zero row when it is not stored).
    #[inline]
    fn row_ref(&self, observer: usize, seat: usize) -> &Row {
        self.rows.get(observer, seat).unwrap_or(&ZERO)
    }
    /// Row `(observer, seat)` to write (zeroed first when it was not stored).
    #[inline]
    fn row_mut(&mut self, observer: usize, seat: usize) -> &mut Row {
        self.rows.get_mut_or(observer, seat, ZERO)
    }
    /// The copies of `k` `observer` knows `seat` holds.
    #[inline]
    pub fn get(&self, observer: usize, seat: usize, k: usize) -> u8 {
        get(self.row_ref(observer, seat), k)
    }
    /// Sets that bound (at most 15); the determinization twin test uses it.
    #[cfg(test)]
    pub(crate) fn set(&mut self, observer: usize, seat: usize, k: usize, v: u8) {
        set(self.row_mut(observer, seat), k, v);
    }
    /// `observer`'s bounds on `seat`'s hand, a count a kind.
    pub fn row(&self, observer: usize, seat: usize) -> [u8; NUM_KINDS] {
        let r = self.row_ref(observer, seat);
        std::array::from_fn(|k| get(r, k))
    }
    /// `observer`'s bounds on every seat's hand, a count a kind, for the first `n` seats (the
    /// others' rows are never written: zero).
    pub fn observer_rows(&self, observer: usize, n: usize) -> [[u8; NUM_KINDS]; MAX_PLAYERS] {
        let mut out = [[0; NUM_KINDS]; MAX_PLAYERS];
        for (s, o) in out.iter_mut().enumerate().take(n) {
            *o = self.row(observer, s);
        }
        out
    }
    /// `observer` knows nothing (a sample hiding what others know).
    pub(crate) fn hide_observer(&mut self, observer: usize) {
        self.rows.clear_observer(observer);
    }
    /// A card of `k` left `seat`'s hand (played, given, an army, discarded).
    #[inline]
    pub fn lose(&mut self, seat: u8, k: u8) {
        if self.off {
            return;
        }
        let (i, sh) = (k as usize >> 1, (k as usize & 1) * 4);
        for o in 0..MAX_PLAYERS {
            if let Some(r) = self.rows.get_mut(o, seat as usize) {
                let b = &mut r[i];
                // One less, unless the nibble is zero.
                *b -= ((*b >> sh & 15 != 0) as u8) << sh;
            }
        }
    }
    /// `seat`'s hand was replaced or discarded: no one knows anything of it.
    pub fn forget(&mut self, seat: u8) {
        if self.off {
            return;
        }
        self.rows.clear_seat(seat as usize);
    }
    pub fn forget_all(&mut self) {
        if !self.off {
            *self = Knowledge::new();
        }
    }
    /// `observer` learns that `seat` holds `n` more of `k`.
    #[inline]
    pub fn learn(&mut self, observer: u8, seat: u8, k: u8, n: u8) {
        if self.off {
            return;
        }
        if observer != seat {
            let r = self.row_mut(observer as usize, seat as usize);
            let c = get(r, k as usize);
            set(r, k as usize, c.saturating_add(n).min(15));
        }
    }
    /// Everyone now knows that `seat` holds at least `n` of `k` (a wrong jump-in called back,
    /// C91: one; a truthful "yes" of the Prophet, C64: what the Prophet knows): every other
    /// observer's bound is raised to `n`. Rows already at `n` or above are not touched.
    pub fn shown_at_least(&mut self, seat: u8, k: u8, n: u8) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS {
            if o != seat as usize && self.get(o, seat as usize, k as usize) < n {
                let r = self.row_mut(o, seat as usize);
                set(r, k as usize, n);
            }
        }
    }
    /// `observer` sees `seat`'s whole hand.
    pub fn see_hand(&mut self, observer: u8, seat: u8, hand: &ConHand) {
        if self.off {
            return;
        }
        if observer != seat {
            self.rows
                .put(observer as usize, seat as usize, row_of(hand));
        }
    }
    /// Everyone sees `seat`'s whole hand.
    pub fn show_all(&mut self, seat: u8, hand: &ConHand) {
        if self.off {
            return;
        }
        let row = row_of(hand);
        for o in 0..MAX_PLAYERS {
            if o != seat as usize {
                self.rows.put(o, seat as usize, row);
            }
        }
    }
    /// Everyone learns that `seat` received `hand`'s cards (a public pile).
    pub fn learn_all(&mut self, seat: u8, hand: &ConHand) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS as u8 {
            for (k, c) in hand.iter() {
                self.learn(o, seat, k as u8, c);
            }
        }
    }
    /// Seats `a` and `b` swapped hands (`old_a`, `old_b`: their hands before): what anyone
    /// knew follows the cards, and each knows the hand they gave away.
    pub fn swap(&mut self, a: u8, b: u8, old_a: &ConHand, old_b: &ConHand) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS {
            self.rows.swap(o, a as usize, b as usize);
        }
        self.see_hand(a, b, old_a);
        self.see_hand(b, a, old_b);
        // Nobody keeps bounds on their own hand.
        self.rows.clear(a as usize, a as usize);
        self.rows.clear(b as usize, b as usize);
    }
    /// A Martyr's hand leaves with what each observer knew of it.
    pub fn stash_martyr(&mut self, seat: u8) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS {
            let row = *self.row_ref(o, seat as usize);
            self.rows.put(o, MARTYR, row);
        }
    }
    /// The Martyr's cards reach `seat`.
    pub fn deliver_martyr(&mut self, seat: u8) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS {
            if o as u8 != seat {
                let m = *self.row_ref(o, MARTYR);
                let r = self.row_mut(o, seat as usize);
                for k in 0..NUM_KINDS {
                    let c = get(r, k).saturating_add(get(&m, k));
                    set(r, k, c.min(15));
                }
            }
        }
        self.rows.clear_seat(MARTYR);
    }
    /// Bounds at most the hand (after the hooks, a bound never exceeds the hand; the check
    /// used by tests).
    pub fn within(&self, seat: u8, hand: &ConHand) -> bool {
        (0..MAX_PLAYERS).all(|o| {
            let r = self.row_ref(o, seat as usize);
            (0..NUM_KINDS).all(|k| get(r, k) <= hand.count(k))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bound_fits_a_nibble() {
        // A bound never exceeds the hand, nor the hand a kind's copies.
        assert!(super::super::cards::FACTS.copies.iter().all(|&c| c <= 15));
    }

    #[test]
    fn nibbles_hold_each_kind_apart() {
        let mut r = [0; ROW];
        for k in 0..NUM_KINDS {
            set(&mut r, k, (k % 13) as u8);
        }
        for k in 0..NUM_KINDS {
            assert_eq!(get(&r, k), (k % 13) as u8);
        }
        let mut kn = Knowledge::new();
        kn.learn(0, 1, 7, 3);
        kn.learn(0, 1, 8, 12);
        kn.lose(1, 7);
        kn.lose(1, 9);
        assert_eq!(
            (kn.get(0, 1, 7), kn.get(0, 1, 8), kn.get(0, 1, 9)),
            (2, 12, 0)
        );
        kn.learn(0, 1, 8, 200);
        assert_eq!(kn.get(0, 1, 8), 15);
    }
}
