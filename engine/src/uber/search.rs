//! Determinization and value estimates for search agents (IS-MCTS) in Über Uno
//! (`docs/rules/uber.md` section 17).

use super::cards::*;
use super::knowledge::EVERYONE;
use super::options::MJ_MINORS;
use super::state::{ColorWhy, Phase, UberHand, UberState, NO_PLAY};
use crate::game::{Ending, Game, Priors, SearchGame, Seat, MAX_PLAYERS};
use crate::pile::DrawPile;
use crate::rng::Rng;

/// The unseen cards, one entry per card, drawn without replacement.
struct Pool {
    cards: [u8; MAX_CARDS],
    len: usize,
}

impl Pool {
    fn take(&mut self, rng: &mut Rng) -> u8 {
        let i = rng.below(self.len as u32) as usize;
        self.remove(i)
    }
    fn remove(&mut self, i: usize) -> u8 {
        let c = self.cards[i];
        self.len -= 1;
        self.cards[i] = self.cards[self.len];
        c
    }
    /// A uniformly random card among those of the kinds in `mask`, if any.
    fn take_in(&mut self, mask: u64, rng: &mut Rng) -> Option<u8> {
        let fits = |c: u8| mask >> c & 1 == 1;
        let count = self.cards[..self.len].iter().filter(|&&c| fits(c)).count();
        if count == 0 {
            return None;
        }
        let mut j = rng.below(count as u32) as usize;
        for i in 0..self.len {
            if fits(self.cards[i]) {
                if j == 0 {
                    return Some(self.remove(i));
                }
                j -= 1;
            }
        }
        unreachable!()
    }
}

/// A uniformly random card of `hand` (by copies).
fn card_of(hand: &UberHand, rng: &mut Rng) -> u8 {
    let mut j = rng.below(hand.len() as u32) as u8;
    for (k, c) in hand.iter() {
        if j < c {
            return k as u8;
        }
        j -= c;
    }
    unreachable!("an empty hand")
}

impl UberState {
    /// The kinds one of which `seat` certainly holds because of the decision pending now (a
    /// window asks only a seat that can throw; a claimed Eddy, a played pair are in hand): up
    /// to two `(seat, kinds)` requirements, an empty mask for none.
    fn phase_requires(&self) -> [(u8, u64); 2] {
        const NONE: (u8, u64) = (0, 0);
        let one = |seat: u8, mask: u64| [(seat, mask), NONE];
        match self.phase {
            Phase::Eddy { asker } => {
                let k = self.last_play;
                let mj = is_minor(k) && self.rules.has(MJ_MINORS);
                one(asker, 1 << k | if mj { MINORS } else { 0 })
            }
            Phase::Tap { claimant, kind } => one(claimant, 1 << kind),
            Phase::OneWindow { asker } => one(asker, 1 << self.one.kind),
            Phase::AddWindow { asker } => {
                let c = self.one.mag_card;
                one(asker, if is_one(c) { ONES } else { 1 << c })
            }
            Phase::ZeroBlock { seat } => one(seat, ZEROS),
            Phase::Block { card, target } => {
                let blocker = if card == CHANGE_HANDS {
                    CHANGE_HANDS
                } else {
                    JOKER
                };
                one(target, 1 << blocker)
            }
            Phase::BuddyCard { buddy } if color_of(self.one.kind) != 1 => {
                // R40: a buddy asked for a number holds one.
                one(buddy, NUMBERS)
            }
            Phase::Keep => [(self.current, 1 << ASHLEY), (self.current, 1 << SNOWBOB)],
            _ => [NONE, NONE],
        }
    }

    /// Whether `seat`'s hand holds a card of the colour in play before the last Major (R13).
    fn guilty_hand(&self, seat: u8) -> bool {
        let c = self.know.major_color;
        c != NO_COLOR && self.hands[seat as usize].mask(0) & color_mask(c) != 0
    }
}

impl SearchGame for UberState {
    /// Keeps everything `viewer` may know (`UberView`): their hand, the discard pile, every
    /// hand's size, the cards they know are in each other hand (kept there), the flipped cards
    /// under the pile (kept in place) and their own Yellow One blocks under the pile (kept,
    /// reshuffled within the run). The other unseen cards are dealt uniformly to the rest of
    /// each other hand, the unknown cards under the pile and the draw pile, after one card of
    /// the kinds the pending decision certainly implies (a window's asker holds a card to
    /// throw). Hidden flags are then derived from the sample: a challengeable Major's guilt
    /// from its player's hand and the colour before it, the Red One's card a third party did
    /// not see from its giver's hand. What other seats know is hidden from the viewer: in the
    /// sample, only the viewer's knowledge is kept.
    ///
    /// `priors.honesty` (scaled by the offender's trust): facing a challengeable Major of
    /// another seat, with that probability its player's unknown cards are dealt without the
    /// colour before it, where the pool allows (an honest Major). `priors.stuck` is ignored:
    /// a player may draw at any turn (R11).
    fn determinize(&self, viewer: Seat, priors: Priors, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        s.rng = Rng::new(rng.next_u64());
        let n = self.n as usize;
        let v = viewer as usize;
        let blen = self.bottom_len as usize;
        // What the viewer sees or knows.
        let mut unseen = [0i32; NUM_KINDS];
        for (k, u) in unseen.iter_mut().enumerate() {
            *u = self.deck[k] as i32 - self.hands[v].count(k) as i32 - self.discard.count(k) as i32;
        }
        let mut need = [0usize; MAX_PLAYERS];
        for h in (0..n).filter(|&h| h != v) {
            let known = self.know.known(v, h);
            let mut fixed = UberHand::new();
            for (k, &c) in known.iter().enumerate() {
                fixed.add_n(k, c);
                unseen[k] -= c as i32;
            }
            debug_assert!(fixed.len() <= self.hands[h].len());
            need[h] = self.hands[h].len() - fixed.len();
            s.hands[h] = fixed;
        }
        for i in 0..blen {
            let w = self.know.bottom_knower(i);
            if w == EVERYONE || w == viewer {
                unseen[self.bottom[i] as usize] -= 1;
            }
        }
        let mut pool = Pool {
            cards: [0; MAX_CARDS],
            len: 0,
        };
        for (k, &u) in unseen.iter().enumerate() {
            debug_assert!(u >= 0, "kind {k}: more known than in play");
            for _ in 0..u.max(0) {
                pool.cards[pool.len] = k as u8;
                pool.len += 1;
            }
        }
        // The pending decision's certain holdings.
        for (seat, mask) in self.phase_requires() {
            let h = seat as usize;
            if mask == 0 || h == v || s.hands[h].mask(0) & mask != 0 || need[h] == 0 {
                continue;
            }
            if let Some(c) = pool.take_in(mask, rng) {
                s.hands[h].add(c as usize);
                need[h] -= 1;
            }
        }
        // An honest Major: its player's unknown cards avoid the colour before it.
        let st = self.stack;
        if st.challengeable
            && st.hitter != viewer
            && self.know.major_color != NO_COLOR
            && rng.chance(priors.honesty * priors.trust[st.hitter as usize])
        {
            let h = st.hitter as usize;
            let allowed = !color_mask(self.know.major_color);
            while need[h] > 0 {
                match pool.take_in(allowed, rng) {
                    Some(c) => {
                        s.hands[h].add(c as usize);
                        need[h] -= 1;
                    }
                    None => break,
                }
            }
        }
        for (hand, &k) in s.hands.iter_mut().zip(&need).take(n) {
            for _ in 0..k {
                hand.add(pool.take(rng) as usize);
            }
        }
        // Under the pile: flipped cards stay, the viewer's own runs are reshuffled in place,
        // the rest is dealt.
        s.bottom = [0; MAX_CARDS];
        let mut i = 0;
        while i < blen {
            let w = self.know.bottom_knower(i);
            if w == EVERYONE {
                s.bottom[i] = self.bottom[i];
                i += 1;
            } else if w == viewer {
                let start = i;
                while i < blen && self.know.bottom_knower(i) == viewer {
                    i += 1;
                }
                let run = &mut s.bottom[start..i];
                run.copy_from_slice(&self.bottom[start..i]);
                run.sort_unstable();
                for j in (1..run.len()).rev() {
                    let r = rng.below(j as u32 + 1) as usize;
                    run.swap(j, r);
                }
            } else {
                s.bottom[i] = pool.take(rng);
                i += 1;
            }
        }
        let mut rest = [0u16; MAX_CARDS];
        for (r, &c) in rest.iter_mut().zip(&pool.cards[..pool.len]) {
            *r = c as u16;
        }
        s.pile = DrawPile::new();
        s.pile.fill_shuffled(&rest[..pool.len]);
        // Hidden flags, from the sample.
        s.stack.guilty = if !st.challengeable {
            false
        } else if st.hitter == viewer {
            st.guilty
        } else {
            s.guilty_hand(st.hitter)
        };
        let major_pending = self.group.first == WILD_DRAW_FOUR
            && matches!(
                self.phase,
                Phase::More
                    | Phase::Color {
                        why: ColorWhy::Major
                    }
            );
        if !(major_pending && self.current == viewer) {
            s.group.guilty = major_pending && s.guilty_hand(self.current);
        }
        let giver = self.current;
        match self.phase {
            Phase::Gift { to, left, .. } if viewer != giver && viewer != to => {
                s.phase = Phase::Gift {
                    to,
                    kind: card_of(&s.hands[giver as usize], rng),
                    left,
                };
            }
            Phase::Give { to, left, denied }
                if denied != NO_PLAY && viewer != giver && viewer != to =>
            {
                s.phase = Phase::Give {
                    to,
                    left,
                    denied: card_of(&s.hands[giver as usize], rng),
                };
            }
            _ => {}
        }
        s.know.keep_only(v, blen);
        debug_assert_eq!(s.know.consistent(&s.hands), Ok(()));
        s
    }

    /// A terminal state: a share for every seat but the Nappy (uniform if truncated). Otherwise
    /// the chance of losing the hand in play grows with the points held (weight `(points +
    /// 2)^2`, a lone Joker counting as no points); it decides the Nappy only in the day's last
    /// hand, so earlier hands are blended towards even chances.
    fn value_estimate(&self) -> [f64; MAX_PLAYERS] {
        let n = self.n as usize;
        let mut v = [0.0; MAX_PLAYERS];
        let spread = |v: &mut [f64; MAX_PLAYERS], lose: &[f64; MAX_PLAYERS]| {
            for s in 0..n {
                v[s] = (1.0 - lose[s]) / (n as f64 - 1.0);
            }
        };
        if let Some(o) = self.outcome() {
            let mut lose = [0.0; MAX_PLAYERS];
            match (o.ending, self.nappy) {
                (Ending::Truncated, _) | (_, None) => lose[..n].fill(1.0 / n as f64),
                (_, Some(nappy)) => lose[nappy as usize] = 1.0,
            }
            spread(&mut v, &lose);
            return v;
        }
        let mut lose = [0.0; MAX_PLAYERS];
        let mut total = 0.0;
        for (s, l) in lose.iter_mut().enumerate().take(n) {
            let pts: i32 = self.hands[s]
                .iter()
                .map(|(k, c)| points(k as u8) * c as i32)
                .sum();
            let w = pts.max(0) as f64 + 2.0;
            *l = w * w;
            total += *l;
        }
        let last = self.hand_no + 1 >= self.opts.hands_per_day;
        let weight = if last { 1.0 } else { 0.3 };
        for l in lose.iter_mut().take(n) {
            *l = weight * *l / total + (1.0 - weight) / n as f64;
        }
        spread(&mut v, &lose);
        v
    }
}
