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
//! Rows are stored lazily (as the Blender's table): a row never written since the deal (or
//! cleared since) is all zero without being stored, so a new state does not zero the table's
//! 6.6 KiB (random play, which keeps no rows, never writes one). Which rows are stored is
//! `written` (bit `seat` of `written[observer]`, `martyr_written` for the Martyr rows); rows
//! are read through `row_ref` and written through `row_mut` and `put`.

use super::cards::NUM_KINDS;
use super::state::ConHand;
use crate::game::MAX_PLAYERS;
use std::mem::MaybeUninit;

/// Bytes of one row of bounds (a nibble a kind).
const ROW: usize = NUM_KINDS.div_ceil(2);
/// A row of bounds: kind `k` in byte `k / 2`, the low nibble for even `k`.
type Row = [u8; ROW];
/// The table's rows, `[observer][seat]`, none stored until written (one `MaybeUninit` over the
/// whole table: a new state writes none of its bytes).
type Table = MaybeUninit<[[Row; MAX_PLAYERS]; MAX_PLAYERS]>;
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

/// `repr(C)`, the bits first: a new state's `Knowledge::new()` is a temporary whose only
/// stored bytes (the zero bits) lead it, and its copy into the state becomes a 24-byte zeroing
/// (the rest being unset); with the rows first it became a copy of the whole table.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Knowledge {
    /// Which rows are stored: bit `seat` of `written[observer]`.
    written: [u16; MAX_PLAYERS],
    /// Which Martyr rows are stored: bit `observer`.
    martyr_written: u16,
    /// The hooks do nothing (random play, `ConState::random_playout`: nothing there reads the
    /// rows, so they are left as they were).
    pub(crate) off: bool,
    /// `rows[observer][seat]`: the copies of each kind `observer` knows `seat` holds (stored
    /// while bit `seat` of `written[observer]` is set, else all zero).
    rows: Table,
    /// What each observer knew of a Martyr's hand, on its way to the recipient (stored while
    /// bit `observer` of `martyr_written` is set).
    martyr: MaybeUninit<[Row; MAX_PLAYERS]>,
}

/// Equal bounds (a row not stored equals a stored all-zero row).
impl PartialEq for Knowledge {
    fn eq(&self, other: &Self) -> bool {
        self.off == other.off
            && (0..MAX_PLAYERS).all(|o| {
                self.martyr_row(o) == other.martyr_row(o)
                    && (0..MAX_PLAYERS).all(|s| self.row_ref(o, s) == other.row_ref(o, s))
            })
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
    /// Nobody knows anything: no row stored, so a new state writes only the bits. Built
    /// field by field rather than as a constant: a constant's unstored rows would become part
    /// of one zeroing store of the whole table.
    #[inline(always)]
    pub fn new() -> Knowledge {
        Knowledge {
            rows: MaybeUninit::uninit(),
            martyr: MaybeUninit::uninit(),
            written: [0; MAX_PLAYERS],
            martyr_written: 0,
            off: false,
        }
    }
    /// Where row `(observer, seat)` lies (stored or not).
    #[inline]
    fn slot(&self, observer: usize, seat: usize) -> *const Row {
        assert!(observer < MAX_PLAYERS && seat < MAX_PLAYERS);
        // In bounds: checked just above.
        self.rows
            .as_ptr()
            .cast::<Row>()
            .wrapping_add(observer * MAX_PLAYERS + seat)
    }
    /// `slot` to write.
    #[inline]
    fn slot_mut(&mut self, observer: usize, seat: usize) -> *mut Row {
        assert!(observer < MAX_PLAYERS && seat < MAX_PLAYERS);
        self.rows
            .as_mut_ptr()
            .cast::<Row>()
            .wrapping_add(observer * MAX_PLAYERS + seat)
    }
    /// Row `(observer, seat)` (the zero row when it is not stored).
    #[inline]
    fn row_ref(&self, observer: usize, seat: usize) -> &Row {
        if self.written[observer] >> seat & 1 == 0 {
            return &ZERO;
        }
        // SAFETY: a row is initialised while its `written` bit is set (`row_mut`, `put`;
        // `swap` moves the bits with the rows).
        unsafe { &*self.slot(observer, seat) }
    }
    /// Row `(observer, seat)` to write (zeroed first when it was not stored).
    #[inline]
    fn row_mut(&mut self, observer: usize, seat: usize) -> &mut Row {
        let p = self.slot_mut(observer, seat);
        if self.written[observer] >> seat & 1 == 0 {
            // SAFETY: `p` points into the table (`slot_mut`).
            unsafe { p.write(ZERO) };
            self.written[observer] |= 1 << seat;
        }
        // SAFETY: written just above, or initialised while its bit was set.
        unsafe { &mut *p }
    }
    /// Row `(observer, seat)` becomes `row`.
    #[inline]
    fn put(&mut self, observer: usize, seat: usize, row: Row) {
        // SAFETY: `slot_mut` points into the table.
        unsafe { self.slot_mut(observer, seat).write(row) };
        self.written[observer] |= 1 << seat;
    }
    /// The Martyr row of `observer` (zero when not stored).
    #[inline]
    fn martyr_row(&self, observer: usize) -> &Row {
        if self.martyr_written >> observer & 1 == 0 {
            return &ZERO;
        }
        // SAFETY: stored while its bit is set (`stash_martyr`).
        unsafe { &*self.martyr.as_ptr().cast::<Row>().add(observer) }
    }
    /// The copies of `k` `observer` knows `seat` holds.
    #[inline]
    pub fn get(&self, observer: usize, seat: usize, k: usize) -> u8 {
        get(self.row_ref(observer, seat), k)
    }
    /// Sets that bound (at most 15).
    #[inline]
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
        self.written[observer] = 0;
        self.martyr_written &= !(1 << observer);
    }
    /// A card of `k` left `seat`'s hand (played, given, an army, discarded).
    #[inline]
    pub fn lose(&mut self, seat: u8, k: u8) {
        if self.off {
            return;
        }
        let (i, sh) = (k as usize >> 1, (k as usize & 1) * 4);
        for o in 0..MAX_PLAYERS {
            if self.written[o] >> seat & 1 != 0 {
                let b = &mut self.row_mut(o, seat as usize)[i];
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
        for w in self.written.iter_mut() {
            *w &= !(1 << seat);
        }
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
    /// `observer` sees `seat`'s whole hand.
    pub fn see_hand(&mut self, observer: u8, seat: u8, hand: &ConHand) {
        if self.off {
            return;
        }
        if observer != seat {
            self.put(observer as usize, seat as usize, row_of(hand));
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
                self.put(o, seat as usize, row);
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
            // SAFETY: both point into the table (`slot_mut`), a row apart or the same; a
            // row not stored moves as bytes and its bit with it.
            unsafe {
                let (pa, pb) = (self.slot_mut(o, a as usize), self.slot_mut(o, b as usize));
                std::ptr::swap(pa.cast::<MaybeUninit<Row>>(), pb.cast::<MaybeUninit<Row>>());
            }
            let v = self.written[o];
            let (va, vb) = (v >> a & 1, v >> b & 1);
            self.written[o] = v & !(1 << a) & !(1 << b) | vb << a | va << b;
        }
        self.see_hand(a, b, old_a);
        self.see_hand(b, a, old_b);
        // Nobody keeps bounds on their own hand.
        self.written[a as usize] &= !(1 << a);
        self.written[b as usize] &= !(1 << b);
    }
    /// A Martyr's hand leaves with what each observer knew of it.
    pub fn stash_martyr(&mut self, seat: u8) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS {
            let row = *self.row_ref(o, seat as usize);
            // SAFETY: `o` is below the Martyr rows' count.
            unsafe { self.martyr.as_mut_ptr().cast::<Row>().add(o).write(row) };
        }
        self.martyr_written = u16::MAX;
    }
    /// The Martyr's cards reach `seat`.
    pub fn deliver_martyr(&mut self, seat: u8) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS {
            if o as u8 != seat {
                let m = *self.martyr_row(o);
                let r = self.row_mut(o, seat as usize);
                for k in 0..NUM_KINDS {
                    let c = get(r, k).saturating_add(get(&m, k));
                    set(r, k, c.min(15));
                }
            }
        }
        self.martyr_written = 0;
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
