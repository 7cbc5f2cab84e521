//! Determinization and value estimates for search agents (IS-MCTS) in the Constitution.
//!
//! Everything the viewer sees (`view.rs`) is kept: their hand, the public table, the cards
//! they know are in other hands (`known`), the top of the draw pile they put back, the cards
//! in transit they saw. Every other card is dealt again uniformly to the places the viewer
//! cannot see, keeping each place's size: the rest of each other hand, the draw pile (and its
//! ordered top, in a sampled order, if someone else put it back), the cards in transit the
//! viewer did not see (a gift, a Gold Coin bank, an army, a Chosen One draw), and the
//! Communism pickers still to pick get a new order. What the other players know is hidden
//! from the viewer, so in the sample they know nothing beyond it (their bounds are cleared,
//! the Prophet's memory is what the sampled hands hold). Exact for the player to act; for
//! another viewer, who the engine asks in a window (it asks only seats that could act) is not
//! taken into account.

use super::cards::{color_of, number_value, FACTS, NUM_KINDS};
use super::options::Mode;
use super::state::{AttackKind, ChooseWhy, ConHand, ConState, Phase, NONE};
use super::view::limbo_visible;
use crate::game::{CardGame, Ending, Game, Priors, SearchGame, Seat, MAX_PLAYERS};
use crate::rng::Rng;

/// Takes a uniformly random card out of `pool` (`len` cards).
fn take(pool: &mut [u16], len: &mut usize, rng: &mut Rng) -> u8 {
    let i = rng.below(*len as u32) as usize;
    let k = pool[i];
    *len -= 1;
    pool[i] = pool[*len];
    k as u8
}

impl SearchGame for ConState {
    fn determinize(&self, viewer: Seat, _priors: Priors, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        s.rng = Rng::new(rng.next_u64());
        let n = self.n as usize;
        let v = viewer as usize;
        // Public cards: the census but the hands, the draw pile and the cards in transit.
        let mut public = [0u32; NUM_KINDS];
        self.census(&mut public);
        for h in &self.hands[..n] {
            for (k, c) in h.iter() {
                public[k] -= c as u32;
            }
        }
        for &k in self.pile.as_slice() {
            public[k as usize] -= 1;
        }
        for (k, c) in self.limbo.iter() {
            public[k] -= c as u32;
        }
        for &k in &self.chosen[..self.chosen_len as usize] {
            public[k as usize] -= 1;
        }
        let mut unseen = [0u32; NUM_KINDS];
        for k in 0..NUM_KINDS {
            unseen[k] = FACTS.copies[k] as u32 - public[k];
        }
        let sub = |unseen: &mut [u32; NUM_KINDS], k: usize, c: u32| {
            debug_assert!(unseen[k] >= c);
            unseen[k] -= c;
        };
        for (k, c) in self.hands[v].iter() {
            sub(&mut unseen, k, c as u32);
        }
        // What the viewer knows of each other hand (a wrong jump-in's card is face up).
        let mut known = self.know.observer_rows(v, n);
        if self.wrong.jumper != NONE && self.wrong.jumper as usize != v {
            let c = &mut known[self.wrong.jumper as usize][self.wrong.kind as usize];
            *c = (*c).max(1);
        }
        for (seat, row) in known.iter().enumerate().take(n) {
            if seat != v {
                for (k, &c) in row.iter().enumerate() {
                    sub(&mut unseen, k, c as u32);
                }
            }
        }
        let limbo_seen = limbo_visible(self, viewer);
        if limbo_seen {
            for (k, c) in self.limbo.iter() {
                sub(&mut unseen, k, c as u32);
            }
            for &k in &self.chosen[..self.chosen_len as usize] {
                sub(&mut unseen, k as usize, 1);
            }
        }
        let ordered = self.pile.ordered();
        let top_seen = self.ordered_by == viewer && ordered > 0;
        let pile = self.pile.as_slice();
        if top_seen {
            for &k in &pile[pile.len() - ordered..] {
                sub(&mut unseen, k as usize, 1);
            }
        }
        let mut pool = [0u16; super::cards::DECK_SIZE];
        let mut len = 0;
        for (k, &c) in unseen.iter().enumerate() {
            for _ in 0..c {
                pool[len] = k as u16;
                len += 1;
            }
        }
        for (seat, row) in known.iter().enumerate().take(n) {
            if seat == v {
                continue;
            }
            let mut h = ConHand::new();
            for (k, &c) in row.iter().enumerate() {
                h.add_n(k, c);
            }
            for _ in h.len()..self.hands[seat].len() {
                h.add(take(&mut pool, &mut len, rng) as usize);
            }
            s.hands[seat] = h;
        }
        // A Conquest battle under way: the seats still to choose an army hold a number card
        // (C59: an invader without one cannot invade, a defender without one loses at once),
        // a public fact. A sampled hand without one gives a random card it was dealt (not one
        // the viewer knows of) for a random unseen number card. (Found by the agents' tests.)
        if let Phase::Choose {
            why: ChooseWhy::Army { invader },
        } = self.phase
        {
            let attacker = if invader { self.who } else { NONE };
            for t in [attacker, self.invaded] {
                if t == NONE || t == viewer || s.has_army(t) {
                    continue;
                }
                let tu = t as usize;
                let nums: u32 = (0..len)
                    .filter(|&i| number_value(pool[i] as u8).is_some())
                    .count() as u32;
                let dealt =
                    s.hands[tu].len() as u32 - known[tu].iter().map(|&c| c as u32).sum::<u32>();
                if nums == 0 || dealt == 0 {
                    continue;
                }
                let i = (0..len)
                    .filter(|&i| number_value(pool[i] as u8).is_some())
                    .nth(rng.below(nums) as usize)
                    .expect("counted");
                let mut r = rng.below(dealt) as usize;
                let give = s.hands[tu]
                    .iter()
                    .find(|&(k, c)| {
                        let free = (c - known[tu][k]) as usize;
                        let hit = r < free;
                        r = r.saturating_sub(free);
                        hit
                    })
                    .map(|(k, _)| k)
                    .expect("a dealt card");
                s.hands[tu].remove(give);
                s.hands[tu].add(pool[i] as usize);
                pool[i] = give as u16;
            }
        }
        if !limbo_seen {
            s.limbo = ConHand::new();
            let mut fresh = [NONE; MAX_PLAYERS];
            let mut nf = 0;
            for _ in 0..self.limbo.len() {
                let k = take(&mut pool, &mut len, rng);
                s.limbo.add(k as usize);
                if nf < MAX_PLAYERS {
                    fresh[nf] = k;
                    nf += 1;
                }
            }
            for i in 0..self.chosen_len as usize {
                s.chosen[i] = take(&mut pool, &mut len, rng);
            }
            // What refers to the cards in transit follows the sample.
            let mut j = 0;
            for i in 0..self.bank_len as usize {
                if self.bank_kind[i] != NONE && j < nf {
                    s.bank_kind[i] = fresh[j];
                    j += 1;
                }
            }
            if let Some(a) = s.attack.as_mut() {
                if a.kind == AttackKind::Gift && nf > 0 {
                    a.card = fresh[0];
                }
            }
            if matches!(
                self.phase,
                Phase::Choose {
                    why: ChooseWhy::Army { invader: false }
                }
            ) && nf > 0
            {
                s.army = fresh[0];
            }
        }
        // The draw pile: its seen ordered top kept, the rest dealt.
        let rest_ordered = if top_seen { 0 } else { ordered };
        let mut top = [0u16; 5];
        for t in top.iter_mut().take(rest_ordered.min(5)) {
            *t = take(&mut pool, &mut len, rng) as u16;
        }
        // A fresh pile: nothing of the old one's buffer stays behind.
        s.pile = crate::pile::DrawPile::new();
        s.pile.fill_shuffled(&pool[..len]);
        if top_seen {
            for &k in &pile[pile.len() - ordered..] {
                s.pile.push_top_ordered(k);
            }
        } else {
            for &k in top[..rest_ordered.min(5)].iter().rev() {
                s.pile.push_top_ordered(k);
            }
        }
        debug_assert_eq!(s.pile.len(), self.pile.len());
        // Others' private knowledge is hidden from the viewer.
        for o in 0..MAX_PLAYERS {
            if o != v {
                s.know.hide_observer(o);
            }
        }
        if self.prophet != viewer {
            for t in 0..n {
                if self.looked & (1 << t) != 0 {
                    let mut m = 0u16;
                    for (q, &qt) in super::action::QUESTIONS.iter().enumerate() {
                        if s.hands[t]
                            .iter()
                            .any(|(k, _)| super::cards::text_of(k as u8) == qt)
                        {
                            m |= 1 << q;
                        }
                    }
                    s.seen[t] = m;
                }
            }
        }
        if self.last_wd4 != NONE && self.last_wd4 != viewer {
            let c = self.under_color;
            s.guilty = c < 4
                && s.hands[self.last_wd4 as usize]
                    .iter()
                    .any(|(k, _)| color_of(k as u8) == c);
        }
        // The Communism race: the order of those still to pick is chance to come.
        let m = self.alive_count() as usize;
        let from = self.picks as usize;
        if self.phase == Phase::Piles && m > from + 1 {
            // From a canonical order (by seat), so the result depends only on who is left.
            s.pickers[from + 1..m].sort_unstable();
            for i in (from + 2..m).rev() {
                let j = from + 1 + rng.below((i - from) as u32) as usize;
                s.pickers.swap(i, j);
            }
        }
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
