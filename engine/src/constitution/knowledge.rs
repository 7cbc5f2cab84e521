//! What each player knows of the others' hands (`docs/rules/constitution.md` section 20):
//! per observer and seat, a lower bound on the copies of each kind the seat holds. Kept
//! through one-line hooks where cards move: a card leaving a hand lowers every observer's
//! bound on it; a hand shown to everyone (Glasnost, an accusation) or to one player (the
//! Prophet, a swap) sets bounds; a gift, a Gold Coin card or Martyr's cards add what their
//! giver knew; the Recycler's dump adds the public pile; a hand replaced (Communism, I Don't
//! Like These, a discarded hand) is forgotten.

use super::cards::NUM_KINDS;
use super::state::ConHand;
use crate::game::MAX_PLAYERS;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Knowledge {
    /// `known[observer][seat][kind]`: copies of `kind` `observer` knows `seat` holds.
    pub(crate) known: [[[u8; NUM_KINDS]; MAX_PLAYERS]; MAX_PLAYERS],
    /// What each observer knew of a Martyr's hand, on its way to the recipient.
    pub(crate) martyr: [[u8; NUM_KINDS]; MAX_PLAYERS],
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
        known: [[[0; NUM_KINDS]; MAX_PLAYERS]; MAX_PLAYERS],
        martyr: [[0; NUM_KINDS]; MAX_PLAYERS],
        off: false,
    };
    /// A card of `k` left `seat`'s hand (played, given, an army, discarded).
    #[inline]
    pub fn lose(&mut self, seat: u8, k: u8) {
        if self.off {
            return;
        }
        for o in self.known.iter_mut() {
            let c = &mut o[seat as usize][k as usize];
            *c = c.saturating_sub(1);
        }
    }
    /// `seat`'s hand was replaced or discarded: no one knows anything of it.
    pub fn forget(&mut self, seat: u8) {
        if self.off {
            return;
        }
        for o in self.known.iter_mut() {
            o[seat as usize] = [0; NUM_KINDS];
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
            let c = &mut self.known[observer as usize][seat as usize][k as usize];
            *c = c.saturating_add(n);
        }
    }
    /// `observer` sees `seat`'s whole hand.
    pub fn see_hand(&mut self, observer: u8, seat: u8, hand: &ConHand) {
        if self.off {
            return;
        }
        if observer != seat {
            self.known[observer as usize][seat as usize] = *hand.counts();
        }
    }
    /// Everyone sees `seat`'s whole hand.
    pub fn show_all(&mut self, seat: u8, hand: &ConHand) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS as u8 {
            self.see_hand(o, seat, hand);
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
        for o in self.known.iter_mut() {
            o.swap(a as usize, b as usize);
        }
        self.see_hand(a, b, old_a);
        self.see_hand(b, a, old_b);
        // Nobody keeps bounds on their own hand.
        self.known[a as usize][a as usize] = [0; NUM_KINDS];
        self.known[b as usize][b as usize] = [0; NUM_KINDS];
    }
    /// A Martyr's hand leaves with what each observer knew of it.
    pub fn stash_martyr(&mut self, seat: u8) {
        if self.off {
            return;
        }
        for o in 0..MAX_PLAYERS {
            self.martyr[o] = self.known[o][seat as usize];
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
                    let c = &mut self.known[o][seat as usize][k];
                    *c = c.saturating_add(self.martyr[o][k]);
                }
            }
            self.martyr[o] = [0; NUM_KINDS];
        }
    }
    /// Bounds at most the hand (after the hooks, a bound never exceeds the hand; the check
    /// used by tests).
    pub fn within(&self, seat: u8, hand: &ConHand) -> bool {
        self.known
            .iter()
            .all(|o| (0..NUM_KINDS).all(|k| o[seat as usize][k] <= hand.count(k)))
    }
}
