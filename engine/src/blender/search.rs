//! Determinization and value estimates for search agents (IS-MCTS) in the Blender.
//!
//! Everything the viewer sees (`view.rs`) is kept: their hand, the public table (discard
//! pile, mini-pile, stack, tempo, Power Cards, link, skips), and the cards they know are in
//! each other hand. Every other card is dealt again uniformly to the places the viewer cannot
//! see, keeping each place's size: the rest of each other hand and the draw pile. The other
//! seats' hidden answers (a Swap card committed by someone else, pointing done before the
//! viewer's turn to point) are drawn again among their legal values. What the other players
//! know is hidden from the viewer, so in the sample their bounds are what the viewer can
//! vouch for: cleared, except the viewer's own row.

use super::cards::{deck_counts, NUM_KINDS};
use super::state::{BlenderState, Phase, NONE, NO_CARD};
use crate::game::{Priors, SearchGame, Seat, MAX_PLAYERS};
use crate::rng::Rng;

impl SearchGame for BlenderState {
    fn determinize(&self, viewer: Seat, _priors: Priors, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        s.rng = Rng::new(rng.next_u64());
        let n = self.n as usize;
        let v = viewer as usize;
        let deck = deck_counts(&self.opts);
        // Unseen: the deck less the public piles, the viewer's hand and what the viewer knows.
        let mut unseen = [0i32; NUM_KINDS];
        let mut known = [[0u8; NUM_KINDS]; MAX_PLAYERS];
        for (t, row) in known.iter_mut().enumerate().take(n) {
            if t != v {
                self.known_into(viewer, t as u8, row);
            }
        }
        for k in 0..NUM_KINDS {
            let mut u = deck[k] as i32 - self.discard[k] as i32 - self.mini[k] as i32;
            u -= self.hands[v].count(k) as i32;
            for row in known.iter().take(n) {
                u -= row[k] as i32;
            }
            debug_assert!(u >= 0, "kind {k}: more seen than the deck holds");
            unseen[k] = u.max(0);
        }
        let mut pool = [0u16; super::cards::DECK_SIZE];
        let mut len = 0usize;
        for (k, &c) in unseen.iter().enumerate() {
            for _ in 0..c {
                pool[len] = k as u16;
                len += 1;
            }
        }
        let mut take = |rng: &mut Rng| -> u16 {
            let i = rng.below(len as u32) as usize;
            let k = pool[i];
            len -= 1;
            pool[i] = pool[len];
            k
        };
        for (t, row) in known.iter().enumerate().take(n) {
            if t == v {
                continue;
            }
            let size = self.hands[t].len();
            let mut h = super::state::BHand::new();
            for (k, &c) in row.iter().enumerate() {
                h.add_n(k, c);
            }
            while h.len() < size {
                h.add(take(rng) as usize);
            }
            s.hands[t] = h;
        }
        let mut rest = [0u16; super::cards::DECK_SIZE];
        let pile_len = self.pile.len();
        for r in rest.iter_mut().take(pile_len) {
            *r = take(rng);
        }
        s.pile.fill_shuffled(&rest[..pile_len]);
        // What the others know is theirs: only the viewer's own bounds stay.
        for o in 0..MAX_PLAYERS {
            if o != v {
                for t in 0..MAX_PLAYERS {
                    s.known_clear(o, t);
                }
            }
        }
        // A Swap card another seat committed: one of its sampled cards.
        if s.res.give != NO_CARD && s.res.player != viewer {
            let p = s.res.player as usize;
            let kinds: Vec<usize> = s.hands[p].iter().map(|(k, _)| k).collect();
            if !kinds.is_empty() {
                s.res.give = kinds[rng.below(kinds.len() as u32) as usize] as u16;
            }
        }
        // The card another seat just drew and may play: one of its sampled cards that could be
        // played (any of its cards if none could); a Creeper was revealed and stays (B54).
        if let Phase::PostDraw { kind } = s.phase {
            let cur = s.current;
            if cur != viewer && kind as usize != super::cards::wild::CREEPER {
                let green = !s.power_red(cur);
                let held: Vec<usize> = s.hands[cur as usize].iter().map(|(k, _)| k).collect();
                let playable: Vec<usize> = held
                    .iter()
                    .copied()
                    .filter(|&k| s.can_play(k, false) || (green && s.can_play(k, true)))
                    .collect();
                let from = if playable.is_empty() {
                    &held
                } else {
                    &playable
                };
                if !from.is_empty() {
                    let kind = from[rng.below(from.len() as u32) as usize] as u16;
                    s.phase = Phase::PostDraw { kind };
                }
            }
        }
        // Pointing the viewer has not seen.
        if let Phase::Point { .. } = s.phase {
            for t in 0..n {
                if t != v && s.points[t] != NONE {
                    let choices: Vec<u8> = (0..s.n)
                        .filter(|&u| u as usize != t && s.is_alive(u))
                        .collect();
                    s.points[t] = choices[rng.below(choices.len() as u32) as usize];
                }
            }
        }
        s
    }

    /// The winner's share is 1 when over; otherwise a share falling with the cards held and
    /// zero for eliminated seats.
    fn value_estimate(&self) -> [f64; MAX_PLAYERS] {
        let mut v = [0.0; MAX_PLAYERS];
        let n = self.n as usize;
        if self.phase == Phase::Over && self.winner != NONE && !self.truncated {
            v[self.winner as usize] = 1.0;
            return v;
        }
        let mut total = 0.0;
        for (s, x) in v.iter_mut().enumerate().take(n) {
            if self.is_alive(s as u8) {
                let left = (self.opts.elimination_at as f64 - self.hands[s].len() as f64).max(0.5);
                *x = left / (1.0 + self.hands[s].len() as f64);
                total += *x;
            }
        }
        if total > 0.0 {
            for x in v.iter_mut().take(n) {
                *x /= total;
            }
        }
        v
    }
}
