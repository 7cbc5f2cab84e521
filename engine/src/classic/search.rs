//! Determinization and value estimates for search agents (IS-MCTS).

// Seats and kinds index several parallel arrays at once here; index loops read best.
#![allow(clippy::needless_range_loop)]

use super::cards::{color_of, CARDS, COLOR_MASK, NUM_KINDS, WILD_DRAW_FOUR};
use super::options::DrawRule;
use super::state::{ClassicState, DrawEvidence, Phase};
use crate::game::{Ending, Game, Priors, SearchGame, Seat, MAX_PLAYERS};
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
    /// Puts a card back.
    fn put(&mut self, c: u16) {
        self.cards[self.len] = c;
        self.len += 1;
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

/// How many more cards of each evidence slot (the colours 0–3, 4 for black cards) a hand may
/// still receive in a determinization that respects its holder's draws (see [`DrawEvidence`]):
/// after a forced draw on colour `c` the hand held no card of that colour and no black card, so
/// its cards of colour `c` and its black cards are among the cards taken since.
#[derive(Clone, Copy)]
struct Budget {
    left: [u16; 5],
}

impl Budget {
    /// The budget of a hand with this evidence, or `None` without any.
    fn of(ev: &DrawEvidence) -> Option<Budget> {
        let mut left = [u16::MAX; 5];
        let mut any = false;
        for (slot, l) in left.iter_mut().enumerate() {
            if let Some(n) = ev.since(slot) {
                *l = n as u16;
                any = true;
            }
        }
        any.then_some(Budget { left })
    }
    /// Whether one more card of kind `c` fits.
    fn allows(&self, c: u16) -> bool {
        match color_of(c as u8) {
            4 => self.left.iter().all(|&l| l > 0),
            col => self.left[col as usize] > 0,
        }
    }
    /// Counts one card of kind `c` in (it must fit, or the budget saturates at zero).
    fn spend(&mut self, c: u16) {
        let slots = match color_of(c as u8) {
            4 => 0..5,
            col => col as usize..col as usize + 1,
        };
        for l in &mut self.left[slots] {
            if *l != u16::MAX {
                *l = l.saturating_sub(1);
            }
        }
    }
    /// Whether some `cards` more cards could break it (otherwise every card fits).
    fn binds(&self, cards: usize) -> bool {
        self.left.iter().any(|&l| (l as usize) < cards)
    }
}

/// Attempts at dealing a budgeted hand uniformly before dealing it card by card among the
/// cards that still fit.
const BUDGET_TRIES: usize = 8;

impl Pool {
    /// Deals `count` cards to `hand` within `budget`: uniformly among the hands that fit when one
    /// of a few uniform deals fits (rejection), otherwise card by card, each uniform among the
    /// cards that still fit, and uniform among all cards when none fits (the evidence was wrong:
    /// possible only where draws are voluntary).
    fn deal_within(
        &mut self,
        rng: &mut Rng,
        hand: &mut super::ClassicHand,
        mut budget: Budget,
        count: usize,
    ) {
        if !budget.binds(count) {
            for _ in 0..count {
                hand.add(self.take(rng) as usize);
            }
            return;
        }
        let mut dealt = [0u16; super::DECK_SIZE];
        for _ in 0..BUDGET_TRIES {
            let mut b = budget;
            let mut fits = true;
            for d in dealt.iter_mut().take(count) {
                let c = self.take(rng);
                *d = c;
                fits &= b.allows(c);
                b.spend(c);
            }
            if fits {
                for &c in &dealt[..count] {
                    hand.add(c as usize);
                }
                return;
            }
            for &c in &dealt[..count] {
                self.put(c);
            }
        }
        for _ in 0..count {
            let c = match self.take_where(rng, |c| budget.allows(c)) {
                Some(c) => c,
                None => self.take(rng),
            };
            budget.spend(c);
            hand.add(c as usize);
        }
    }
}

impl SearchGame for ClassicState {
    fn determinize(&self, viewer: Seat, priors: Priors, rng: &mut Rng) -> Self {
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
        // The draws taken as evidence of missing colours: all of them where a draw is allowed
        // only when stuck, otherwise each opponent's with probability `stuck`.
        let forced = self.opts.draw_rule == DrawRule::OnlyWhenStuck;
        let mut budgets: [Option<Budget>; MAX_PLAYERS] = [None; MAX_PLAYERS];
        if forced || priors.stuck > 0.0 {
            for seat in 0..n {
                if seat != v {
                    budgets[seat] = Budget::of(&self.evidence[seat]).filter(|b| {
                        b.binds(sizes[seat])
                            && (forced || rng.chance(priors.stuck * priors.trust[seat]))
                    });
                }
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
                    if let Some(b) = &mut budgets[seat] {
                        b.spend(c);
                    }
                }
            }
            Phase::JumpIn { asker } if asker as usize != v => {
                let top = self.top as u16;
                if let Some(c) = pool.take_where(rng, |c| c == top) {
                    s.hands[asker as usize].add(c as usize);
                    sizes[asker as usize] -= 1;
                    if let Some(b) = &mut budgets[asker as usize] {
                        b.spend(c);
                    }
                }
            }
            // Facing a lone Wild Draw Four: with probability `honesty` its player is presumed to
            // have played it legitimately, i.e. to hold no card of the colour then in play.
            Phase::Respond
                if self.top == WILD_DRAW_FOUR
                    && self.stack_len == 1
                    && self.last_player as usize != v
                    && rng.chance(priors.honesty * priors.trust[self.last_player as usize]) =>
            {
                let offender = self.last_player as usize;
                let banned = COLOR_MASK[self.wd4_prev_color as usize];
                let mut budget = budgets[offender];
                for _ in 0..sizes[offender] {
                    let b = budget;
                    let fits = |c: u16| banned & (1u64 << c) == 0 && b.is_none_or(|b| b.allows(c));
                    match pool.take_where(rng, fits) {
                        Some(c) => {
                            s.hands[offender].add(c as usize);
                            sizes[offender] -= 1;
                            if let Some(b) = &mut budget {
                                b.spend(c);
                            }
                        }
                        None => break,
                    }
                }
                budgets[offender] = budget;
            }
            _ => {}
        }
        // Hands with evidence first, while the most cards are left to choose from.
        for seat in 0..n {
            if let Some(b) = budgets[seat] {
                pool.deal_within(rng, &mut s.hands[seat], b, sizes[seat]);
                sizes[seat] = 0;
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::ClassicOptions;
    use crate::ActionList;

    /// Cards of colour `slot` (or any black card) and black cards in `seat`'s hand must fit the
    /// seat's draw evidence.
    fn fits_evidence(s: &ClassicState, seat: usize) -> bool {
        let ev = s.draw_evidence(seat);
        let h = s.hand(seat);
        let mut per = [0u32; 5];
        for (k, c) in h.iter() {
            per[color_of(k as u8) as usize] += c as u32;
        }
        (0..5).all(|slot| {
            let held = if slot == 4 {
                per[4]
            } else {
                per[slot] + per[4]
            };
            ev.since(slot).is_none_or(|n| held <= n as u32)
        })
    }

    /// The real hand fits its evidence (its holder drew only when stuck), and so must the
    /// sampled one.
    fn assert_both_fit(real: &ClassicState, sampled: &ClassicState, seat: usize, step: u64) {
        assert!(
            fits_evidence(real, seat),
            "real hand, seat {seat}, step {step}"
        );
        assert!(
            fits_evidence(sampled, seat),
            "sampled hand, seat {seat}, step {step}"
        );
    }

    /// Plays random games of `opts`, calling `check(state, step)` before every decision. With
    /// `sensible`, players draw only when they cannot play.
    fn along_random_games(
        opts: ClassicOptions,
        players: usize,
        games: u64,
        sensible: bool,
        mut check: impl FnMut(&ClassicState, u64),
    ) {
        let mut legal = ActionList::new();
        for g in 0..games {
            let mut s = ClassicState::new(opts, players, 500 + g).unwrap();
            let mut rng = Rng::new(g);
            let mut step = 0;
            while s.to_act().is_some() {
                step += 1;
                check(&s, step);
                s.legal_actions(&mut legal);
                let mut options: Vec<u16> = legal.as_slice().to_vec();
                if sensible && options.len() > 1 {
                    options.retain(|&a| a != super::super::action::DRAW);
                }
                s.apply(options[rng.below(options.len() as u32) as usize])
                    .unwrap();
            }
        }
    }

    #[test]
    fn forced_draws_are_true_evidence_and_determinizations_respect_them() {
        for players in [2, 4] {
            let mut respected = 0;
            along_random_games(ClassicOptions::rlcard(), players, 40, false, |s, step| {
                let viewer = (step as usize) % players;
                let mut rng = Rng::new(step);
                let d = s.determinize(viewer as Seat, Priors::default(), &mut rng);
                for seat in 0..players {
                    // Under the `rlcard` rules a draw is made only when stuck.
                    assert_both_fit(s, &d, seat, step);
                    assert_eq!(d.hand(seat).len(), s.hand(seat).len());
                    respected += (seat != viewer
                        && Budget::of(s.draw_evidence(seat))
                            .is_some_and(|b| b.binds(s.hand(seat).len())))
                        as u32;
                }
                assert_eq!(d.hand(viewer).counts(), s.hand(viewer).counts());
                assert_eq!(d.total_cards(), crate::classic::DECK_SIZE);
            });
            assert!(respected > 500, "{players} players: {respected}");
        }
    }

    #[test]
    fn with_the_stuck_prior_official_draws_count_as_evidence() {
        // Official rules, players who draw only when stuck: with `stuck` = 1 the sampled hands
        // fit the evidence, with `stuck` = 0 they often do not.
        let mut ignored_differs = 0;
        let mut checked = 0;
        along_random_games(ClassicOptions::default(), 3, 40, true, |s, step| {
            let viewer = (step as usize) % 3;
            let sure = Priors {
                honesty: 0.0,
                stuck: 1.0,
                ..Priors::default()
            };
            let d = s.determinize(viewer as Seat, sure, &mut Rng::new(step));
            let u = s.determinize(viewer as Seat, Priors::default(), &mut Rng::new(step));
            for seat in 0..3 {
                if seat == viewer {
                    continue;
                }
                checked += 1;
                assert_both_fit(s, &d, seat, step);
                ignored_differs += !fits_evidence(&u, seat) as u32;
            }
        });
        assert!(checked > 1000, "{checked}");
        assert!(ignored_differs > 100, "{ignored_differs}");
    }

    #[test]
    fn the_sample_depends_only_on_the_view() {
        // Two opponents of equal hand size exchange their hidden cards (evidence and sizes, all
        // public, stay): the determinization is the same for the same random stream.
        let mut twins = 0;
        for (opts, stuck) in [
            (ClassicOptions::rlcard(), 0.0),
            (ClassicOptions::default(), 0.7),
        ] {
            along_random_games(opts, 4, 30, false, |s, step| {
                let v = s.current() as usize;
                let others: Vec<usize> = (0..4).filter(|&x| x != v).collect();
                for (i, &x) in others.iter().enumerate() {
                    for &y in &others[i + 1..] {
                        if s.hand(x).len() == s.hand(y).len() && s.hand(x) != s.hand(y) {
                            let mut t = s.clone();
                            t.hands.swap(x, y);
                            let p = Priors {
                                honesty: 0.9,
                                stuck,
                                ..Priors::default()
                            };
                            let a = s.determinize(v as Seat, p, &mut Rng::new(step));
                            let b = t.determinize(v as Seat, p, &mut Rng::new(step));
                            assert!(a.hands == b.hands && a.draw == b.draw, "step {step}");
                            twins += 1;
                        }
                    }
                }
            });
        }
        assert!(twins > 500, "{twins}");
    }
}
