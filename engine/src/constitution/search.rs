//! Determinization and value estimates for search agents (IS-MCTS) in the Constitution.
//!
//! The view keeps only the viewer's hand and the public table (section 20: learned knowledge
//! is not tracked yet), so a determinization deals every card the viewer cannot see — the
//! other hands and the draw pile — uniformly, keeping each hand's size. The top of the draw
//! pile the viewer put back with The Chosen One keeps its order.

use super::cards::{number_value, NUM_KINDS};
use super::options::Mode;
use super::state::{ChooseWhy, ConHand, ConState, Phase, NONE};
use crate::game::{Ending, Game, Priors, SearchGame, Seat, MAX_PLAYERS};
use crate::rng::Rng;

impl SearchGame for ConState {
    fn determinize(&self, viewer: Seat, _priors: Priors, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        s.rng = Rng::new(rng.next_u64());
        let n = self.n as usize;
        let keep_order = self.ordered_by == viewer;
        let ordered = if keep_order { self.pile.ordered() } else { 0 };
        let mut pool = [0u16; super::cards::DECK_SIZE];
        let mut len = 0;
        let pile = self.pile.as_slice();
        let (unordered, top) = pile.split_at(pile.len() - ordered);
        for &k in unordered {
            pool[len] = k;
            len += 1;
        }
        for seat in 0..n {
            if seat == viewer as usize {
                continue;
            }
            for (k, c) in self.hands[seat].iter() {
                for _ in 0..c {
                    pool[len] = k as u16;
                    len += 1;
                }
            }
        }
        for seat in 0..n {
            if seat == viewer as usize {
                continue;
            }
            let mut h = ConHand::new();
            for _ in 0..self.hands[seat].len() {
                let i = rng.below(len as u32) as usize;
                h.add(pool[i] as usize);
                len -= 1;
                pool[i] = pool[len];
            }
            s.hands[seat] = h;
        }
        // A Conquest battle under way: the seats still to choose an army hold a number card
        // (C59: an invader without one cannot invade, a defender without one loses at once), a
        // public fact. A sampled hand without one swaps a random card for a random unseen
        // number card.
        if let Phase::Choose {
            why: ChooseWhy::Army { invader },
        } = self.phase
        {
            let attacker = if invader { self.who } else { NONE };
            for t in [attacker, self.invaded] {
                if t == NONE || t == viewer || s.has_army(t) {
                    continue;
                }
                let nums = (0..len).filter(|&i| number_value(pool[i] as u8).is_some());
                let count = nums.clone().count();
                let h = &mut s.hands[t as usize];
                if count == 0 || h.is_empty() {
                    continue;
                }
                let i = nums.clone().nth(rng.below(count as u32) as usize).unwrap();
                let mut r = rng.below(h.len() as u32) as usize;
                let give = h
                    .iter()
                    .find(|&(_, c)| {
                        let hit = r < c as usize;
                        r = r.saturating_sub(c as usize);
                        hit
                    })
                    .map(|(k, _)| k)
                    .unwrap();
                h.remove(give);
                h.add(pool[i] as usize);
                pool[i] = give as u16;
            }
        }
        s.pile.fill_shuffled(&pool[..len]);
        for &k in top {
            s.pile.push_top_ordered(k);
        }
        if !keep_order {
            s.ordered_by = NONE;
        }
        debug_assert_eq!(s.pile.len(), self.pile.len());
        let _ = NUM_KINDS;
        s
    }

    /// Terminal: the result. Otherwise, normal mode: shares by hand size (fewer is better) over
    /// the seats in the game; elimination mode: the chance of not being the last one in,
    /// spread so the seats in play sum to 1.
    fn value_estimate(&self) -> [f64; MAX_PLAYERS] {
        let n = self.n as usize;
        let mut v = [0.0; MAX_PLAYERS];
        if let Some(o) = self.outcome() {
            let truncated = o.ending == Ending::Truncated;
            match self.opts.mode {
                Mode::Normal => match o.winner {
                    Some(w) if !truncated => v[w as usize] = 1.0,
                    _ => v[..n].fill(1.0 / n as f64),
                },
                Mode::Elimination => {
                    let mut lose = [1.0 / n as f64; MAX_PLAYERS];
                    if let (Some(l), false) = (o.loser, truncated) {
                        lose = [0.0; MAX_PLAYERS];
                        lose[l as usize] = 1.0;
                    }
                    for s in 0..n {
                        v[s] = (1.0 - lose[s]) / (n as f64 - 1.0);
                    }
                }
            }
            return v;
        }
        let mut w = [0.0; MAX_PLAYERS];
        let mut total = 0.0;
        for (s, ws) in w.iter_mut().enumerate().take(n) {
            if self.in_game(s as u8) {
                let h = self.hands[s].len() as f64 + 1.0;
                *ws = match self.opts.mode {
                    Mode::Normal => 1.0 / (h * h),
                    Mode::Elimination => h * h,
                };
                total += *ws;
            }
        }
        if total == 0.0 {
            v[..n].fill(1.0 / n as f64);
            return v;
        }
        match self.opts.mode {
            Mode::Normal => {
                for s in 0..n {
                    v[s] = w[s] / total;
                }
            }
            Mode::Elimination => {
                // Seats already out cannot lose.
                let m = n as f64 - 1.0;
                for s in 0..n {
                    v[s] = (1.0 - w[s] / total) / m;
                }
            }
        }
        v
    }
}
