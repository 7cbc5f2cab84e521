//! Determinization and value estimates for search agents (IS-MCTS).

// Seats and kinds index several parallel arrays at once here; index loops read best.
#![allow(clippy::needless_range_loop)]

use super::cards::{CARDS, COLOR_MASK, NUM_KINDS, WILD_DRAW_FOUR};
use super::state::{ClassicState, Phase};
use crate::game::{Ending, Game, SearchGame, Seat, MAX_PLAYERS};
use crate::rng::Rng;

/// The cards `viewer` cannot see, as a flat list in kind order (at most the whole deck).
struct Pool {
    cards: [u16; super::DECK_SIZE],
    len: usize,
}

impl Pool {
    /// Removes and returns a uniformly random card among those satisfying `pred`, if any.
    fn take_where(&mut self, rng: &mut Rng, pred: impl Fn(u16) -> bool) -> Option<u16> {
        let matching = self.cards[..self.len].iter().filter(|&&c| pred(c)).count();
        if matching == 0 {
            return None;
        }
        let mut pick = rng.below(matching as u32) as usize;
        for i in 0..self.len {
            if pred(self.cards[i]) {
                if pick == 0 {
                    let c = self.cards[i];
                    self.len -= 1;
                    self.cards[i] = self.cards[self.len];
                    return Some(c);
                }
                pick -= 1;
            }
        }
        unreachable!()
    }
    /// Removes and returns a uniformly random card.
    fn take(&mut self, rng: &mut Rng) -> u16 {
        let i = rng.below(self.len as u32) as usize;
        let c = self.cards[i];
        self.len -= 1;
        self.cards[i] = self.cards[self.len];
        c
    }
}

impl SearchGame for ClassicState {
    fn determinize(&self, viewer: Seat, honesty: f64, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        s.rng = Rng::new(rng.next_u64());
        let n = self.n as usize;
        let v = viewer as usize;
        // Unseen cards: the deck minus the viewer's hand and the discard pile (both visible).
        let mut pool = Pool {
            cards: [0; super::DECK_SIZE],
            len: 0,
        };
        for k in 0..NUM_KINDS {
            let unseen = CARDS[k].copies - self.hands[v].count(k) - self.discard[k];
            for _ in 0..unseen {
                pool.cards[pool.len] = k as u16;
                pool.len += 1;
            }
        }
        let mut sizes = [0usize; MAX_PLAYERS];
        for seat in 0..n {
            if seat != v {
                sizes[seat] = self.hands[seat].len();
                s.hands[seat].clear();
            }
        }
        // Cards the viewer knows an opponent holds because of the decision they face.
        match self.phase {
            Phase::PostDraw { .. } if self.current as usize != v => {
                // They drew a card they may play: one playable card, the rest uniform.
                let seat = self.current as usize;
                let playable = self.playable_for_any();
                if let Some(c) = pool.take_where(rng, |c| playable & (1u64 << c) != 0) {
                    s.hands[seat].add(c as usize);
                    sizes[seat] -= 1;
                    s.phase = Phase::PostDraw { card: c as u8 };
                }
            }
            Phase::JumpIn { asker } if asker as usize != v => {
                let top = self.top as u16;
                if let Some(c) = pool.take_where(rng, |c| c == top) {
                    s.hands[asker as usize].add(c as usize);
                    sizes[asker as usize] -= 1;
                }
            }
            // Facing a lone Wild Draw Four: with probability `honesty` its player is presumed to
            // have played it legitimately, i.e. to hold no card of the colour then in play.
            Phase::Respond
                if self.top == WILD_DRAW_FOUR
                    && self.stack_len == 1
                    && self.last_player as usize != v
                    && rng.chance(honesty) =>
            {
                let offender = self.last_player as usize;
                let banned = COLOR_MASK[self.wd4_prev_color as usize];
                for _ in 0..sizes[offender] {
                    match pool.take_where(rng, |c| banned & (1u64 << c) == 0) {
                        Some(c) => {
                            s.hands[offender].add(c as usize);
                            sizes[offender] -= 1;
                        }
                        None => break,
                    }
                }
            }
            _ => {}
        }
        for seat in 0..n {
            for _ in 0..sizes[seat] {
                let c = pool.take(rng);
                s.hands[seat].add(c as usize);
            }
        }
        s.draw.fill_shuffled(&pool.cards[..pool.len]);
        // Hidden flags that depend on hidden cards.
        if self.top == WILD_DRAW_FOUR && self.last_player as usize != v {
            let offender = self.last_player as usize;
            s.wd4_guilty =
                s.hands[offender].mask(0) & COLOR_MASK[self.wd4_prev_color as usize] != 0;
        }
        if !matches!(self.reveal, Some((r, _, _)) if r == viewer) {
            s.reveal = None;
        }
        debug_assert_eq!(s.total_cards(), super::DECK_SIZE);
        s
    }

    fn value_estimate(&self) -> [f64; MAX_PLAYERS] {
        let n = self.n as usize;
        let mut v = [0.0; MAX_PLAYERS];
        if let Some(o) = self.outcome() {
            match (o.ending, o.winner) {
                (Ending::OutOfCards, Some(w)) => v[w as usize] = 1.0,
                _ => v[..n].fill(1.0 / n as f64),
            }
            return v;
        }
        // Fewer cards, better chances: weight 1 / (cards + 1)^2, normalised.
        let mut total = 0.0;
        for (seat, x) in v.iter_mut().enumerate().take(n) {
            let c = self.hands[seat].len() as f64 + 1.0;
            *x = 1.0 / (c * c);
            total += *x;
        }
        for x in v.iter_mut().take(n) {
            *x /= total;
        }
        v
    }
}

impl ClassicState {
    /// Kinds playable on the current top card, ignoring any hand (Wild Draw Four included).
    fn playable_for_any(&self) -> u64 {
        let mut m =
            COLOR_MASK[self.color as usize] | super::cards::WILD_BIT | super::cards::WD4_BIT;
        if self.top < 52 {
            m |= super::cards::RANK_MASK[super::cards::rank_of(self.top) as usize];
        }
        m
    }
}
