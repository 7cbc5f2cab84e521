//! Determinization and value estimates for search agents (IS-MCTS) in Hot Death.

use super::cards::{DECK_SIZE, NUM_KINDS};
use super::state::HotDeathState;
use crate::game::{Ending, Game, Priors, SearchGame, Seat, MAX_PLAYERS};
use crate::rng::Rng;

impl SearchGame for HotDeathState {
    /// Keeps the viewer's hand, the discard pile and every card shown to everyone (revealed
    /// cards stay in their hands); deals the other unseen cards uniformly to the other hands'
    /// hidden places and the draw pile. Hot Death has no rule an observer cannot check, so
    /// the priors are ignored.
    fn determinize(&self, viewer: Seat, _priors: Priors, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        s.rng = Rng::new(rng.next_u64());
        let n = self.n as usize;
        let v = viewer as usize;
        let mut pool = [0u16; DECK_SIZE];
        let mut len = 0;
        for k in 0..NUM_KINDS {
            let mut seen = self.hands[v].count(k) as u32 + self.discard[k] as u32;
            for seat in 0..n {
                if seat != v {
                    seen += self.revealed[seat].count(k) as u32;
                }
            }
            for _ in seen..self.deck[k] as u32 {
                pool[len] = k as u16;
                len += 1;
            }
        }
        for seat in 0..n {
            if seat == v {
                continue;
            }
            let hidden = self.hands[seat].len() - self.revealed[seat].len();
            s.hands[seat] = self.revealed[seat];
            for _ in 0..hidden {
                let i = rng.below(len as u32) as usize;
                s.hands[seat].add(pool[i] as usize);
                len -= 1;
                pool[i] = pool[len];
            }
        }
        s.draw.fill_shuffled(&pool[..len]);
        s.bastard_watch = true;
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
        // Active players with fewer cards have better chances: 1 / (cards + 1)^2, normalised.
        let mut total = 0.0;
        for (seat, x) in v.iter_mut().enumerate().take(n) {
            if self.active[seat] {
                let c = self.hands[seat].len() as f64 + 1.0;
                *x = 1.0 / (c * c);
                total += *x;
            }
        }
        if total == 0.0 {
            v[..n].fill(1.0 / n as f64);
            return v;
        }
        for x in v.iter_mut().take(n) {
            *x /= total;
        }
        v
    }
}
