//! Determinization and value estimates for search agents (IS-MCTS) in Uno Debt.

use super::cards::{MAX_CARDS, NUM_KINDS};
use super::state::DebtState;
use crate::game::{Ending, Game, Priors, SearchGame, Seat, MAX_PLAYERS};
use crate::rng::Rng;

impl SearchGame for DebtState {
    /// Keeps everything public (buying powers, the play area, sizes, the known cards of every
    /// hand and pile), the viewer's hand and what the viewer knows of their own pile; deals the
    /// other unseen cards uniformly to the hidden places of the other hands, of every pile
    /// (the viewer's own included, past what they know of it) and to the melon; each other
    /// seat's knowledge of its own pile becomes the pile it was dealt. Uno Debt has no
    /// rule an observer cannot check, so the priors are ignored.
    fn determinize(&self, viewer: Seat, _priors: Priors, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        s.rng = Rng::new(rng.next_u64());
        let n = self.n as usize;
        let v = viewer as usize;
        let mut seen = [0u32; NUM_KINDS];
        for (k, c) in self.hands[v].iter() {
            seen[k] += c as u32;
        }
        for (k, _) in self.play_area() {
            seen[k as usize] += 1;
        }
        for seat in 0..n {
            seen[self.bp[seat] as usize] += 1;
            let pile_known = if seat == v {
                &self.own_pile[seat]
            } else {
                &self.known_pile[seat]
            };
            for k in 0..NUM_KINDS {
                seen[k] += pile_known[k] as u32;
                if seat != v {
                    seen[k] += self.known_hand[seat][k] as u32;
                }
            }
        }
        let mut pool = [0u16; MAX_CARDS];
        let mut len = 0;
        for (k, &s) in seen.iter().enumerate() {
            for _ in s..self.deck[k] as u32 {
                pool[len] = k as u16;
                len += 1;
            }
        }
        let mut take = |h: &mut super::state::DebtHand, count: usize, len: &mut usize| {
            for _ in 0..count {
                let i = rng.below(*len as u32) as usize;
                h.add(pool[i] as usize);
                *len -= 1;
                pool[i] = pool[*len];
            }
        };
        for seat in 0..n {
            let pile_known = if seat == v {
                self.own_pile[seat]
            } else {
                self.known_pile[seat]
            };
            let mut pile = super::state::DebtHand::new();
            for (k, &c) in pile_known.iter().enumerate() {
                pile.add_n(k, c);
            }
            let hidden = self.piles[seat].len() - pile.len();
            take(&mut pile, hidden, &mut len);
            s.piles[seat] = pile;
            if seat != v {
                // What another seat knows of its own pile is hidden from the viewer: in the
                // sample the owner knows the pile it holds (it saw every card go in, unless
                // someone bought from it).
                s.own_pile[seat] = *pile.counts();
                let mut hand = super::state::DebtHand::new();
                for (k, &c) in self.known_hand[seat].iter().enumerate() {
                    hand.add_n(k, c);
                }
                let hidden = self.hands[seat].len() - hand.len();
                take(&mut hand, hidden, &mut len);
                s.hands[seat] = hand;
            }
        }
        s.melon.fill_shuffled(&pool[..len]);
        s
    }

    fn value_estimate(&self) -> [f64; MAX_PLAYERS] {
        let n = self.n as usize;
        let mut v = [0.0; MAX_PLAYERS];
        if let Some(o) = self.outcome() {
            match (o.ending, o.winner) {
                (Ending::Truncated, _) | (_, None) => v[..n].fill(1.0 / n as f64),
                (_, Some(w)) => v[w as usize] = 1.0,
            }
            return v;
        }
        // Fewer cards held (hand and pile) is better: 1 / (cards + 1)^2, normalised.
        let mut total = 0.0;
        for (seat, x) in v.iter_mut().enumerate().take(n) {
            let c = (self.hands[seat].len() + self.piles[seat].len()) as f64 + 1.0;
            *x = 1.0 / (c * c);
            total += *x;
        }
        for x in v.iter_mut().take(n) {
            *x /= total;
        }
        v
    }
}
