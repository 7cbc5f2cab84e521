//! Determinization and value estimates for search agents (IS-MCTS) in Über Uno
//! (`docs/rules/uber.md` section 17).

use super::cards::*;
use super::knowledge::EVERYONE;
use super::options::MJ_MINORS;
use super::state::{
    math_step, ColorWhy, MathPlay, Phase, UberHand, UberState, MATH_OPERANDS, NO_OP, NO_PLAY,
};
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

/// A completion of a Math play in progress (11.2, R61), for the determinization: a bounded
/// depth-first search like the engine's (`math_reach`), allocation-free, that returns the
/// operand values it found. Operands come first from `free` (cards the seat is already dealt),
/// then from `pool` (unseen cards), at most `budget` of those.
struct Completion {
    target: i32,
    max: u8,
    ops: u8,
    /// Operand counts by value (2-9) of the play's colour.
    free: [u8; 10],
    pool: [u8; 10],
    budget: usize,
    /// Where the search starts among the operators and the values: a random rotation, so
    /// that samples vary among completions.
    op_rot: u8,
    v_rot: u8,
    /// The operand values found, in order.
    path: [u8; 4],
}

impl Completion {
    /// Whether the play standing at `value` (operand sum `sum`, `len` operands), with `op`
    /// waiting for its operand (`NO_OP`: none, or the first operand when `len == 0`), can be
    /// completed: the number of operands still to lay (in `path[depth..]`, from `depth`).
    fn search(&mut self, op: u8, value: i32, sum: i32, len: u8, depth: usize) -> Option<usize> {
        if op == NO_OP && len >= 2 && value == self.target {
            return Some(depth);
        }
        if len >= self.max {
            return None;
        }
        // The operator is given (the first operand, or one already chosen), or any.
        let n_ops = if len == 0 || op != NO_OP { 1 } else { self.ops };
        for i in 0..n_ops {
            let o = if n_ops == 1 {
                op
            } else {
                (i + self.op_rot) % n_ops
            };
            for j in 0..8u8 {
                let v = 2 + ((j + self.v_rot) % 8) as usize;
                let free = self.free[v] > 0;
                if !free && (self.pool[v] == 0 || self.budget == 0) {
                    continue;
                }
                let Some((x, s)) = math_step(o, value, sum, len, v as i32) else {
                    continue;
                };
                if free {
                    self.free[v] -= 1;
                } else {
                    self.pool[v] -= 1;
                    self.budget -= 1;
                }
                self.path[depth] = v as u8;
                let found = self.search(NO_OP, x, s, len + 1, depth + 1);
                if free {
                    self.free[v] += 1;
                } else {
                    self.pool[v] += 1;
                    self.budget += 1;
                }
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }
}

impl UberState {
    /// The Math play in progress, if any: being laid (`Phase::Math`), or a Math Fast Eddy
    /// waiting for the tap (its operands are still in the claimant's hand).
    fn math_pending(&self) -> Option<MathPlay> {
        match self.phase {
            Phase::Math => Some(self.math),
            Phase::Tap { .. } if self.math.len > 0 => Some(self.math),
            _ => None,
        }
    }

    /// Deals the Math play in progress `m` of another seat than the viewer into the sample
    /// `s`: its operands (public: laid face up, still in the hand), then, from the unseen
    /// `pool`, the rest of one completion (R61: the engine offers only steps that can still be
    /// completed, so the real hand holds one). An open colour (no operand yet) is one in which
    /// a completion fits. Depends only on the public play, the seat's bounds and the pool.
    fn deal_math(
        &self,
        m: &MathPlay,
        s: &mut UberState,
        need: &mut usize,
        pool: &mut Pool,
        rng: &mut Rng,
    ) {
        let h = m.seat as usize;
        let operands = &m.cards[..m.len as usize];
        let mut in_play = [0u8; NUM_KINDS];
        for &k in operands {
            in_play[k as usize] += 1;
        }
        // The operands (a bound on the kind may already hold them).
        for &k in operands {
            while s.hands[h].count(k as usize) < in_play[k as usize] && *need > 0 {
                let Some(c) = pool.take_in(1 << k, rng) else {
                    break;
                };
                s.hands[h].add(c as usize);
                *need -= 1;
            }
        }
        let (max, ops) = self.math_limits();
        let color_rot = rng.below(4) as u8;
        let op_rot = rng.below(ops as u32) as u8;
        let v_rot = rng.below(8) as u8;
        for i in 0..4u8 {
            let c = (i + color_rot) % 4;
            if m.color != NO_COLOR && c != m.color {
                continue;
            }
            let mut done = Completion {
                target: m.target as i32,
                max,
                ops,
                free: [0; 10],
                pool: [0; 10],
                budget: *need,
                op_rot,
                v_rot,
                path: [0; 4],
            };
            // R37: kinds the seat took with the Green One are not operands until its turn.
            let blocked = s.repo_block[h];
            for v in 2..10 {
                let k = c as usize * 13 + v;
                if blocked >> k & 1 == 0 {
                    done.free[v] = s.hands[h].count(k).saturating_sub(in_play[k]);
                }
            }
            for &k in &pool.cards[..pool.len] {
                if color_of(k) == c && MATH_OPERANDS >> k & 1 == 1 && blocked >> k & 1 == 0 {
                    done.pool[number(k).unwrap_or(0) as usize] += 1;
                }
            }
            let Some(end) = done.search(m.op, m.value, m.sum, m.len, 0) else {
                continue;
            };
            for &v in &done.path[..end] {
                let v = v as usize;
                if done.free[v] > 0 {
                    done.free[v] -= 1;
                } else if let Some(k) = pool.take_in(1 << (c as usize * 13 + v), rng) {
                    s.hands[h].add(k as usize);
                    *need -= 1;
                }
            }
            return;
        }
        debug_assert!(false, "no completion of {m:?} for seat {h}");
    }
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
            // Cards gone Wild (11.8): `PLAY(W)` moved nothing yet; the Wild is in hand.
            Phase::WildAs => one(self.current, 1 << WILD),
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
    /// throw, a Wild gone wild being named is in hand), and, for another seat's Math play in
    /// progress, its operands laid so far and the rest of one completion. Hidden flags are then derived from the sample: a challengeable Major's guilt
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
        // A Math play in progress of another seat: its operands and a completion.
        if let Some(m) = self.math_pending().filter(|m| m.seat != viewer) {
            let h = m.seat as usize;
            self.deal_math(&m, &mut s, &mut need[h], &mut pool, rng);
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

#[cfg(test)]
mod tests {
    use super::super::knowledge::tests::{act, kind, option_sets, play, position, twins};
    use super::super::options::{CARDS_GONE_WILD, MATH};
    use super::*;
    use crate::uber::action::*;
    use crate::ActionList;

    fn det(st: &UberState, viewer: Seat, seed: u64) -> UberState {
        st.determinize(viewer, Priors::default(), &mut Rng::new(seed))
    }

    /// Every card of every kind, wherever it is (the state's own `CardGame::census`).
    fn census(st: &UberState) -> [u32; NUM_KINDS] {
        let mut c = [0u32; NUM_KINDS];
        crate::game::CardGame::census(st, &mut c);
        c
    }

    /// What a sample must keep of `st` for `viewer`.
    fn check_sample(st: &UberState, d: &UberState, viewer: Seat) {
        let v = viewer as usize;
        let deck: Vec<u32> = st.deck.iter().map(|&c| c as u32).collect();
        assert_eq!(census(d).to_vec(), deck, "the deck is conserved");
        assert_eq!(d.hand(v), st.hand(v));
        for h in 0..st.n as usize {
            assert_eq!(d.hand(h).len(), st.hand(h).len(), "seat {h}'s size");
            for k in 0..NUM_KINDS {
                assert!(
                    d.hand(h).count(k) >= st.know.known(v, h)[k],
                    "seat {v}'s bound on seat {h}'s kind {k}"
                );
            }
        }
        assert_eq!(d.pile.len(), st.pile.len());
        assert_eq!(d.bottom_len, st.bottom_len);
        assert_eq!(d.know.consistent(&d.hands), Ok(()));
        // Everything the viewer knows is kept: the sample looks the same to them.
        assert_eq!(
            format!("{:?}", d.view(viewer)),
            format!("{:?}", st.view(viewer))
        );
    }

    /// Along random days of every option set, samples for every seat keep every bound, hand
    /// size and the deck, look the same to their viewer, and play on legally.
    #[test]
    fn determinization_keeps_bounds_sizes_and_the_deck() {
        let mut legal = ActionList::new();
        let mut samples = 0;
        // Samples of another seat's Math play being laid, a Math Fast Eddy's tap, a Wild gone
        // wild being named (Math and Cards gone Wild are on in the all-add-on sets).
        let mut pending = [0u32; 3];
        for opts in option_sets() {
            for players in [2, 3, 5, 10] {
                for seed in 0..3 {
                    let mut st = UberState::deal(opts, players, seed);
                    let mut rng = Rng::new(seed ^ 0xd0d0);
                    let mut step = 0u64;
                    while st.to_act().is_some() {
                        let rare = matches!(st.phase, Phase::Math | Phase::WildAs)
                            || st.math_pending().is_some();
                        if step.is_multiple_of(5) || rare {
                            for v in 0..players as Seat {
                                let other = st.actor_seat() != Some(v);
                                match st.phase {
                                    Phase::Math if st.math.seat != v => pending[0] += 1,
                                    Phase::Tap { claimant, .. }
                                        if st.math.len > 0 && claimant != v =>
                                    {
                                        pending[1] += 1
                                    }
                                    Phase::WildAs if other => pending[2] += 1,
                                    _ => {}
                                }
                                let mut d = det(&st, v, step * 31 + v as u64);
                                check_sample(&st, &d, v);
                                samples += 1;
                                // The sample plays on (30 random actions), conserving cards.
                                for _ in 0..30 {
                                    if d.to_act().is_none() {
                                        break;
                                    }
                                    d.legal_actions(&mut legal);
                                    assert!(!legal.is_empty(), "no legal action at {:?}", d.phase);
                                    let a = legal[rng.below(legal.len() as u32) as usize];
                                    d.apply(a).unwrap();
                                    let deck: Vec<u32> =
                                        st.deck.iter().map(|&c| c as u32).collect();
                                    assert_eq!(census(&d).to_vec(), deck);
                                }
                            }
                        }
                        st.legal_actions(&mut legal);
                        let a = legal[rng.below(legal.len() as u32) as usize];
                        st.apply(a).unwrap();
                        step += 1;
                    }
                }
            }
        }
        assert!(samples > 1000, "{samples} samples");
        assert!(pending.iter().all(|&p| p > 0), "{pending:?}");
    }

    /// A sample as text: the whole state, the draw pile and the bottom in order.
    fn sample_text(st: &UberState, viewer: Seat, seed: u64) -> (String, Vec<u16>) {
        let d = det(st, viewer, seed);
        (format!("{d:?}"), d.pile.as_slice().to_vec())
    }

    /// Twins (states that differ only in what the viewer cannot know) give the same view and,
    /// for the same random stream, the same sample.
    #[test]
    fn twins_give_the_same_sample() {
        let same = |a: &UberState, b: &UberState, viewer: Seat| {
            assert_eq!(
                format!("{:?}", a.view(viewer)),
                format!("{:?}", b.view(viewer))
            );
            for seed in 0..8 {
                assert_eq!(sample_text(a, viewer, seed), sample_text(b, viewer, seed));
            }
            assert_ne!(sample_text(a, viewer, 0), sample_text(a, viewer, 1));
        };
        let (a, b) = twins();
        same(&a, &b, 0);

        // After an exchange seat 0 saw: what seats 1 and 2 know of each other is hidden.
        let mut a = position(3, &["R5 R6 G2", "U G7 G8 B3", "B7 B8"], "R3", 1);
        let mut b = position(3, &["R5 R6 G2", "U B7 G8 B3", "G7 B8"], "R3", 2);
        for st in [&mut a, &mut b] {
            st.current = 1;
            act(st, &[play("U"), COLOR, TARGET + 2]);
        }
        same(&a, &b, 0);

        // A Yellow One's block under the pile: hidden from seat 0, and its order from its
        // own old holder.
        let mut a = position(3, &["R5 R6 G2", "Y1 G7 G8 B3", "B7 B8"], "R3", 1);
        let mut b = position(3, &["R5 R6 G2", "Y1 B7 G8 B3", "G7 B8"], "R3", 2);
        for st in [&mut a, &mut b] {
            st.current = 1;
            act(st, &[play("Y1")]);
            assert_eq!(st.bottom_len, 3);
        }
        same(&a, &b, 0);
        let mut c = a.clone();
        c.bottom[..3].reverse();
        assert_ne!(c.bottom[..3], a.bottom[..3]);
        same(&a, &c, 1);
        for seed in 0..8 {
            let d = det(&a, 1, seed);
            let mut block = d.bottom[..3].to_vec();
            block.sort();
            let mut want = a.bottom[..3].to_vec();
            want.sort();
            assert_eq!(block, want, "seat 1's block stays under the pile");
        }

        // A Major's guilt (R13) is hidden from the victim: an innocent and a guilty twin.
        let mut a = position(3, &["W+4 G5 B6", "G7 G8", "B7 B8"], "R3", 1);
        let mut b = position(3, &["W+4 R5 B6", "G7 G8", "B7 B8"], "R3", 1);
        for st in [&mut a, &mut b] {
            act(st, &[play("W+4"), COLOR + 2]);
        }
        assert_ne!(a.stack.guilty, b.stack.guilty);
        same(&a, &b, 1);

        // A Math play in progress (11.2): seat 1 laid G2 + and holds G3 G4 (9 = 2 + 3 + 4) or
        // G7 (9 = 2 + 7); what it holds beyond the operand is hidden from seat 0.
        let mut a = position(3, &["R5 R6 G2", "G2 G3 G4 B9 Y8", "B7 B8"], "R9", 1);
        let mut b = position(3, &["R5 R6 G2", "G2 G7 G5 B9 Y8", "B7 B8"], "R9", 2);
        for st in [&mut a, &mut b] {
            st.rules.addons |= 1 << MATH;
            st.current = 1;
            act(st, &[MATH_START, play("G2"), OP]);
            assert_eq!(st.phase(), Phase::Math);
        }
        same(&a, &b, 0);
        same(&a, &b, 2);
    }

    /// A window asks only a seat that can throw: every sample gives the asked seat a card to
    /// throw; the Red One's card a third party did not see is one its giver holds.
    #[test]
    fn the_pending_decision_holdings_are_dealt() {
        let mut st = position(3, &["R5 R6 G2", "G7 G8", "R5 B8"], "R3", 1);
        act(&mut st, &[play("R5")]);
        assert_eq!(st.phase(), Phase::Eddy { asker: 2 });
        for seed in 0..20 {
            let d = det(&st, 1, seed);
            assert!(d.hand(2).has(kind("R5") as usize));
            check_sample(&st, &d, 1);
        }
        let mut st = position(3, &["R1 R5 G6 B2", "G7 G8", "Y7 Y8"], "R3", 1);
        st.opts.red_show_probability = 1.0;
        act(&mut st, &[play("R1"), TARGET + 1, GIVE + kind("R5") as u16]);
        for seed in 0..20 {
            let d = det(&st, 2, seed);
            let Phase::Gift { kind: k, .. } = d.phase else {
                panic!()
            };
            assert!(d.hand(0).has(k as usize));
            let d = det(&st, 1, seed);
            assert!(d.hand(0).has(kind("R5") as usize), "the receiver saw it");
        }
    }

    /// Plays `d` on with the first legal action while its Math play is in progress; the play
    /// lands (a Fast Eddy's tap is declined).
    fn lay_math(d: &mut UberState) {
        let mut legal = ActionList::new();
        let plays = d.stats.math_plays;
        while d.math_pending().is_some() {
            d.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "no legal action at {:?}", d.phase);
            let a = if legal.contains(NO_TAP) {
                NO_TAP
            } else {
                legal[0]
            };
            d.apply(a).unwrap();
        }
        assert_eq!(d.stats.math_plays, plays + 1, "the Math play lands");
    }

    /// Another seat's Math play in progress (11.2, R61): every sample gives it the operands
    /// laid so far and the rest of a completion, in the play's colour (an open colour: some
    /// colour), so that the play can be finished.
    #[test]
    fn a_math_play_in_progress_is_dealt_its_operands_and_a_completion() {
        // Seat 1 laid G2 and +; 9 needs 7, or 3 + 4, 2 + 5 ... in green.
        let mut st = position(3, &["R5 R6 G2", "G2 G3 G4 B9 Y8", "B7 B8"], "R9", 1);
        st.rules.addons |= 1 << MATH;
        st.current = 1;
        act(&mut st, &[MATH_START, play("G2"), OP]);
        for seed in 0..30 {
            for viewer in [0, 2] {
                let mut d = det(&st, viewer, seed);
                check_sample(&st, &d, viewer);
                assert!(d.hand(1).has(kind("G2") as usize), "the operand is in hand");
                lay_math(&mut d);
                assert_eq!(color_of(d.top()), 2, "in green");
            }
            // The viewer's own play: their hand is kept.
            let d = det(&st, 1, seed);
            assert_eq!(d.hand(1), st.hand(1));
        }
        // Just begun: no operand yet, the colour is open (seat 1 holds G2 + G3 on R5).
        let mut st = position(3, &["R5 R6 G2", "G2 G3 B9 Y8", "B7 B8"], "R5", 1);
        st.rules.addons |= 1 << MATH;
        st.current = 1;
        act(&mut st, &[MATH_START]);
        assert_eq!((st.phase(), st.math().len), (Phase::Math, 0));
        let mut colors = [0u32; 4];
        for seed in 0..40 {
            let mut d = det(&st, 0, seed);
            check_sample(&st, &d, 0);
            lay_math(&mut d);
            colors[color_of(d.top()) as usize] += 1;
        }
        assert!(colors.iter().filter(|&&c| c > 0).count() > 1, "{colors:?}");
        // A Math Fast Eddy waiting for the tap: the claimant holds every operand.
        let hands = ["R5 G6 G7", "B7 B8", "R2 R3 Y9 Y8", "G1 G2"];
        let mut st = position(4, &hands, "R3", 1);
        st.rules.addons |= 1 << MATH;
        act(
            &mut st,
            &[play("R5"), MATH_START, play("R2"), OP, play("R3"), DONE],
        );
        assert!(matches!(st.phase(), Phase::Tap { claimant: 2, .. }));
        for seed in 0..20 {
            for viewer in [0, 1, 3] {
                let mut d = det(&st, viewer, seed);
                check_sample(&st, &d, viewer);
                assert!(d.hand(2).has(kind("R2") as usize) && d.hand(2).has(kind("R3") as usize));
                lay_math(&mut d);
            }
        }
    }

    /// Cards gone Wild (11.8): while a Wild's player names what it is played as, the Wild is
    /// still in their hand, in every sample.
    #[test]
    fn a_wild_gone_wild_being_named_is_in_its_players_hand() {
        let mut st = position(3, &["W G5 G6", "B7 B8", "Y2 Y3"], "R3", 1);
        st.rules.addons |= 1 << CARDS_GONE_WILD;
        act(&mut st, &[play("W")]);
        assert_eq!(st.phase(), Phase::WildAs);
        let mut legal = ActionList::new();
        for seed in 0..20 {
            for viewer in [1, 2] {
                let mut d = det(&st, viewer, seed);
                check_sample(&st, &d, viewer);
                assert!(d.hand(0).has(WILD as usize));
                d.legal_actions(&mut legal);
                assert!(!legal.is_empty());
                d.apply(legal[0]).unwrap();
                assert_eq!(d.hand(0).len(), 2, "the Wild is laid");
            }
        }
    }

    /// `priors.honesty`: an honest Major's player holds no card of the colour before it.
    #[test]
    fn honesty_deals_an_innocent_major() {
        let mut st = position(3, &["W+4 G5 B6 B7", "G7 G8", "B8 B9"], "R3", 1);
        act(&mut st, &[play("W+4"), COLOR + 2]);
        let honest = Priors {
            honesty: 1.0,
            ..Priors::default()
        };
        let mut guilty = 0;
        for seed in 0..40 {
            let d = st.determinize(1, honest, &mut Rng::new(seed));
            assert!(!d.stack.guilty);
            assert_eq!(d.hand(0).mask(0) & color_mask(0), 0);
            guilty += det(&st, 1, seed).stack.guilty as u32;
        }
        assert!(guilty > 0, "without the prior some samples are guilty");
    }

    #[test]
    fn value_estimate_sums_to_one() {
        let st = position(3, &["R5 R6 G2 U CH", "G7", "B8 B9"], "R3", 1);
        let v = st.value_estimate();
        assert!((v.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(v[0] < v[1], "more points, more likely to lose");
    }
}
