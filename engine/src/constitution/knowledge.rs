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
//! reached). The table is half the size of a byte a bound, and a new state zeroes and moves
//! half as much.

use super::cards::NUM_KINDS;
use super::state::ConHand;
use crate::game::MAX_PLAYERS;

/// Bytes of one row of bounds (a nibble a kind).
const ROW: usize = NUM_KINDS.div_ceil(2);
/// A row of bounds: kind `k` in byte `k / 2`, the low nibble for even `k`.
type Row = [u8; ROW];

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

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Knowledge {
    /// `rows[observer][seat]`: the copies of each kind `observer` knows `seat` holds.
    rows: [[Row; MAX_PLAYERS]; MAX_PLAYERS],
    /// What each observer knew of a Martyr's hand, on its way to the recipient.
    martyr: [Row; MAX_PLAYERS],
    /// The hooks do nothing (random play, `ConState::random_playout`: nothing there reads the
    /// rows, so they are left as they were).
    pub(crate) off: bool,
}

impl Default for Knowledge {
    fn default() -> Self {
        Knowledge::EMPTY
    }
}

impl std::fmt::Debug for Knowledge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Knowledge { .. }")
    }
}

impl Knowledge {
    /// Nobody knows anything (a constant, so a new state zeroes it in place).
    pub const EMPTY: Knowledge = Knowledge {
        rows: [[[0; ROW]; MAX_PLAYERS]; MAX_PLAYERS],
        martyr: [[0; ROW]; MAX_PLAYERS],
        off: false,
    };
    /// The copies of `k` `observer` knows `seat` holds.
    #[inline]
    pub fn get(&self, observer: usize, seat: usize, k: usize) -> u8 {
        get(&self.rows[observer][seat], k)
    }
    /// Sets that bound (at most 15).
    #[inline]
    pub(crate) fn set(&mut self, observer: usize, seat: usize, k: usize, v: u8) {
        set(&mut self.rows[observer][seat], k, v);
    }
    /// `observer`'s bounds on `seat`'s hand, a count a kind.
    pub fn row(&self, observer: usize, seat: usize) -> [u8; NUM_KINDS] {
        let r = &self.rows[observer][seat];
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
        self.rows[observer] = [[0; ROW]; MAX_PLAYERS];
        self.martyr[observer] = [0; ROW];
    }
    /// A card of `k` left `seat`'s hand (played, given, an army, discarded).
    #[inline]
    pub fn lose(&mut self, seat: u8, k: u8) {
        if self.off {
            return;
        }
        let (i, sh) = (k as usize >> 1, (k as usize & 1) * 4);
        for o in self.rows.iter_mut() {
            let b = &mut o[seat as usize][i];
            // One less, unless the nibble is zero.
            *b -= ((*b >> sh & 15 != 0) as u8) << sh;
        }
    }
    /// `seat`'s hand was replaced or discarded: no one knows anything of it.
    pub fn forget(&mut self, seat: u8) {
        if self.off {
            return;
        }
        for o in self.rows.iter_mut() {
            o[seat as usize] = [0; ROW];
        }
    }
    pub fn forget_all(&mut self) {
        if !self.off {
            *self = Knowledge::EMPTY;
        }
    }
    /// `observer` learns that `seat` holds `n` more of `k`.
    #[inline]
    pub fn learn(&mut self, observer: u8, seat: u8, k: u8, n: u8) {
        if self.off {
            return;
        }
        if observer != seat {
            let r = &mut self.rows[observer as usize][seat as usize];
            let c = get(r, k as usize);
            set(r, k as usize, c.saturating_add(n).min(15));
        }
    }
    /// `observer` sees `seat`'s whole hand.
    pub fn see_hand(&mut self, observer: u8, seat: u8, hand: &ConHand) {
        if self.off {
            return;
        }
        if observer != seat {
            self.rows[observer as usize][seat as usize] = row_of(hand);
        }
    }
    /// Everyone sees `seat`'s whole hand.
    pub fn show_all(&mut self, seat: u8, hand: &ConHand) {
        if self.off {
            return;
        }
        let row = row_of(hand);
        for (o, rows) in self.rows.iter_mut().enumerate() {
            if o != seat as usize {
                rows[seat as usize] = row;
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
        for o in self.rows.iter_mut() {
            o.swap(a as usize, b as usize);
        }
        self.see_hand(a, b, old_a);
        self.see_hand(b, a, old_b);
        // Nobody keeps bounds on their own hand.
        self.rows[a as usize][a as usize] = [0; ROW];
        self.rows[b as usize][b as usize] = [0; ROW];
    }
    /// A Martyr's hand leaves with what each observer knew of it.
    pub fn stash_martyr(&mut self, seat: u8) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS {
            self.martyr[o] = self.rows[o][seat as usize];
        }
    }
    /// The Martyr's cards reach `seat`.
    pub fn deliver_martyr(&mut self, seat: u8) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS {
            if o as u8 != seat {
                for k in 0..NUM_KINDS {
                    let r = &mut self.rows[o][seat as usize];
                    let c = get(r, k).saturating_add(get(&self.martyr[o], k));
                    set(r, k, c.min(15));
                }
            }
            self.martyr[o] = [0; ROW];
        }
    }
    /// Bounds at most the hand (after the hooks, a bound never exceeds the hand; the check
    /// used by tests).
    pub fn within(&self, seat: u8, hand: &ConHand) -> bool {
        self.rows
            .iter()
            .all(|o| (0..NUM_KINDS).all(|k| get(&o[seat as usize], k) <= hand.count(k)))
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
        let mut kn = Knowledge::EMPTY;
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
