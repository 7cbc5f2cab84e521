//! What each player knows of the other hands (`docs/rules/blender.md` section 16): lower
//! bounds per observer, holder and kind, kept where cards move.
//!
//! Cards enter the bounds when they are seen going into a hand: a Creeper revealed, a Gift
//! shown and given, a wrong jump-in's card shown and taken back, a mini-pile picked up, Color
//! Roulette's turned cards, a card given in a Swap (its giver), a whole hand given away in a
//! Trade, Force Trade or Pass (its giver). Bounds move with a hand that changes seats, shrink
//! when a holder plays or loses cards, and are cleared when a hand is burned.
//!
//! Random play reads no seat's knowledge: `Game::play_random` (`fast.rs`) turns the bookkeeping
//! off (`BlenderState::track_known`), and every update below then does nothing.

use super::cards::NUM_KINDS;
use super::state::{bit, BlenderState};
use crate::game::MAX_PLAYERS;
use crate::lazy::LazyRows;

/// `known[o][s][k]`: copies of kind `k` observer `o` knows seat `s` holds, row by row, stored
/// lazily (`crate::lazy::LazyRows`): a row never written since the deal (or cleared since) is
/// all zero without being stored, so a new table costs nothing to make (its 28.7 KB are
/// neither zeroed at the deal nor touched in random play).
pub type KnownTable = LazyRows<[u8; NUM_KINDS], MAX_PLAYERS, MAX_PLAYERS>;

impl BlenderState {
    /// Row `(o, s)` of the knowledge table, or `None` when it is all zero.
    #[inline]
    pub(crate) fn known_row(&self, o: usize, s: usize) -> Option<&[u8; NUM_KINDS]> {
        self.known.get(o, s)
    }

    /// Row `(o, s)` to write (zeroed first when it was not stored).
    #[inline]
    pub(crate) fn known_row_mut(&mut self, o: usize, s: usize) -> &mut [u8; NUM_KINDS] {
        self.known.get_mut_or(o, s, [0; NUM_KINDS])
    }

    /// Copies of kind `k` in row `(o, s)`.
    #[inline]
    pub(crate) fn known_get(&self, o: usize, s: usize, k: usize) -> u8 {
        self.known_row(o, s).map_or(0, |r| r[k])
    }

    /// Row `(o, s)` becomes `row`.
    #[inline]
    pub(crate) fn known_set(&mut self, o: usize, s: usize, row: &[u8; NUM_KINDS]) {
        self.known.put(o, s, *row);
    }

    /// Row `(o, s)` becomes all zero.
    #[inline]
    pub(crate) fn known_clear(&mut self, o: usize, s: usize) {
        self.known.clear(o, s);
    }

    /// Rows `(o, a)` and `(o, b)` trade places.
    #[inline]
    pub(crate) fn known_swap(&mut self, o: usize, a: usize, b: usize) {
        self.known.swap(o, a, b);
    }
}

impl BlenderState {
    /// Copies what `o` knows of `s`'s hand into `row` (bounded by the hand itself).
    pub(crate) fn known_into(&self, o: u8, s: u8, row: &mut [u8; NUM_KINDS]) {
        if self.known_any & bit(s) == 0 {
            return;
        }
        let Some(known) = self.known_row(o as usize, s as usize) else {
            row.fill(0);
            return;
        };
        let h = &self.hands[s as usize];
        for (k, r) in row.iter_mut().enumerate() {
            *r = known[k].min(h.count(k));
        }
    }

    /// `s` lost a card of kind `k`: every bound above the count left shrinks to it.
    #[inline]
    pub(crate) fn k_removed(&mut self, s: u8, k: usize) {
        if !self.track_known || self.known_any & bit(s) == 0 {
            return;
        }
        let c = self.hands[s as usize].count(k);
        for o in 0..self.n as usize {
            if self.known_get(o, s as usize, k) > c {
                self.known_row_mut(o, s as usize)[k] = c;
            }
        }
    }

    /// Everyone saw `s` receive `c` cards of kind `k`.
    pub(crate) fn k_public(&mut self, s: u8, k: usize, c: u8) {
        if !self.track_known {
            return;
        }
        self.known_any |= bit(s);
        for o in 0..self.n as usize {
            if o != s as usize {
                let v = &mut self.known_row_mut(o, s as usize)[k];
                *v = v.saturating_add(c);
            }
        }
    }

    /// Everyone saw that `s` holds at least one card of kind `k` (a card shown and kept).
    pub(crate) fn k_shown(&mut self, s: u8, k: usize) {
        if !self.track_known {
            return;
        }
        self.known_any |= bit(s);
        for o in 0..self.n as usize {
            if o != s as usize {
                let v = &mut self.known_row_mut(o, s as usize)[k];
                *v = (*v).max(1);
            }
        }
    }

    /// `o` gave `s` one card of kind `k` (a Swap): `o` knows it is there.
    pub(crate) fn k_given(&mut self, o: u8, s: u8, k: usize) {
        if !self.track_known {
            return;
        }
        self.known_any |= bit(s);
        let v = &mut self.known_row_mut(o as usize, s as usize)[k];
        *v = v.saturating_add(1);
    }

    /// `s`'s hand was burned: nothing is known of the new (empty) hand.
    pub(crate) fn k_cleared(&mut self, s: u8) {
        if !self.track_known || self.known_any & bit(s) == 0 {
            return;
        }
        for o in 0..MAX_PLAYERS {
            self.known_clear(o, s as usize);
        }
        self.known_any &= !bit(s);
    }

    /// Seats `a` and `b` exchanged hands: the bounds follow the hands, and each knows the hand
    /// it gave away.
    pub(crate) fn k_exchanged(&mut self, a: u8, b: u8) {
        if !self.track_known {
            return;
        }
        let (a, b) = (a as usize, b as usize);
        for o in 0..self.n as usize {
            self.known_swap(o, a, b);
        }
        let (ha, hb) = (*self.hands[a].counts(), *self.hands[b].counts());
        self.known_set(a, b, &hb);
        self.known_set(b, a, &ha);
        self.known_clear(a, a);
        self.known_clear(b, b);
        self.known_any |= bit(a as u8) | bit(b as u8);
    }

    /// Hands moved one seat on along `order` (order[i]'s hand went to order[i+1], the last's
    /// to order[0]): the bounds follow, and each giver knows the hand it passed.
    pub(crate) fn k_passed(&mut self, order: &[u8]) {
        if !self.track_known {
            return;
        }
        let m = order.len();
        for o in 0..self.n as usize {
            // The rotation as swaps: order[0] takes the last row, then each the one before.
            for i in (1..m).rev() {
                self.known_swap(o, order[i] as usize, order[i - 1] as usize);
            }
        }
        for i in 0..m {
            let giver = order[i] as usize;
            let receiver = order[(i + 1) % m] as usize;
            if giver != receiver {
                let row = *self.hands[receiver].counts();
                self.known_set(giver, receiver, &row);
            }
        }
        for &s in order {
            self.known_clear(s as usize, s as usize);
            self.known_any |= bit(s);
        }
    }
}
