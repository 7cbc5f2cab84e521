//! A rule-based Uno Debt player (`heuristic` spec), written for Debt's mechanics: a player wins
//! only with an empty hand *and* an empty discard pile, every card held (hand or pile) counts
//! against them, a play of the buying-power (BP) colour may be a group of up to BP cards, and a
//! play that balances the debt exactly clears the play area and earns a reward play and an
//! attack. Decisions, in short:
//!
//! - **Start**: always take the pile card (`TAKE_ONE`): pile cards cannot be played, every one
//!   of them must pass through the hand before the player can go out, and one in the hand is one
//!   more option. If after that no card in the hand can be played, avoid the stuck penalty
//!   (rule 6: power(last player) more cards held): withdraw as many pile cards as allowed (move
//!   12: it loses the turn but adds no card), else buy from an opponent's pile when the expected
//!   cards gained, `c + P(no bought card playable) × penalty`, are fewer than the penalty (the
//!   chance that a bought card is playable: what everyone knows is in that pile, plus the
//!   deck's share of playable cards for the rest). Otherwise proceed; buying, combining (move 11)
//!   and withdrawing are never used when a card can be played.
//! - **Play / Group / Reward**: every legal first card is scored by the best play it can start.
//!   A BP-colour first card can be followed by further BP-colour cards (up to the group limit):
//!   the completions are searched exactly (a knapsack over the number cards by count and sum;
//!   the specials and 0s, which add nothing to the sum, fill the rest of the group, Draw Twos
//!   first). A play scores 10 per card shed, a bonus for balancing the debt exactly (20 plus the
//!   cards the reward play can shed: the BP-colour cards left, up to the group limit), its Draw
//!   and Skip effects weighted by how close the next player is to going out, −20 per Wild kept
//!   for later (a Wild is the answer to being stuck), +1 per card left of the colour it ends in,
//!   and −3 for leaving the next player a debt of 1–9 (one card of the colour can balance it).
//!   Going out (hand and pile empty) beats everything. In a group each further card is chosen
//!   the same way (the best completion from there, or `DONE`); the reward play's `DONE` scores 0.
//!   Wilds name the colour held most after the play.
//! - **Stuck**: option two (the play area): its top cards are of the colour in play, which the
//!   player lacks, and they go into the pile seen. One time in four a card from the melon
//!   instead (option two with one card from the melon, or option one): with a power of 1
//!   option two takes back exactly the card just played, and two players who always take it can
//!   repeat the same two turns forever (3.5% of 2-player heuristic games ran into the
//!   20,000-decision cap before; none after; the mix alone played even with the old rule head
//!   to head). Measurements and the tuning pass: `docs/agents/debt.md`.
//! - **Attack** (after balancing): the defender is chosen for tempo and damage. Play resumes
//!   from the defender, so the players between the attacker and the defender lose their turn:
//!   every opponent who will play before the agent's next turn costs 1 + 6 / (their cards + 1),
//!   and a Draw effect on the defender earns 2 per card times the same weight. The BP card is
//!   exchanged when its number is below 5 (a new one averages 4.7 and a bigger BP means bigger
//!   groups and bigger penalties for the others).
//! - **UNO**: call (unless `uno_forget`); **DEBT**: call exactly when the player stayed silent
//!   (a false call costs the caller cards).
//!
//! Ties between equally scored actions are broken at random.

use crate::heuristic::HeuristicParams;
use crate::{Agent, Decision};
use uno_engine::debt::action::*;
use uno_engine::debt::cards::{
    color_of, is_wild, number, rank_of, CARDS, NUM_KINDS, RANK_DRAW_TWO, RANK_REVERSE, RANK_SKIP,
    WILD, WILD_DRAW_FOUR,
};
use uno_engine::debt::{DebtState, DebtView, Phase, NO_COLOR};
use uno_engine::{Action, Rng, Seat};

/// The rule-based Uno Debt player. Stateless between decisions; randomness only for ties and
/// `uno_forget`.
pub struct DebtHeuristic {
    pub params: HeuristicParams,
}

/// Going out (hand and pile empty).
const WIN: f64 = 1.0e6;
/// Per card laid.
const W_SHED: f64 = 10.0;
/// Balancing the debt (on top of the reward play's estimated cards).
const W_BALANCE: f64 = 20.0;
/// Per card a Draw effect gives an opponent (times the opponent's threat).
const W_DRAW: f64 = 2.0;
/// Per turn a Skip (or a Draw) takes from the next player (times their threat).
const W_SKIP: f64 = 3.0;
/// Per Wild played while other cards remain in the hand.
const W_WILD_KEEP: f64 = 20.0;
/// Per card left in the hand of the colour the play ends in.
const W_COLOR: f64 = 1.0;
/// Leaving the next player a debt one card can balance (1-9).
const W_OPEN_DEBT: f64 = 3.0;
/// Exchange the buying-power card below this number.
const EXCHANGE_BELOW: u8 = 5;
/// When stuck, the probability of taking one of the cards from the melon (option one, or
/// option two with one card from the melon) rather than all from the play area.
const STUCK_MELON: f64 = 0.25;

/// How dangerous `seat` is: 1 + 6 / (cards held + 1).
fn threat(v: &DebtView, seat: usize) -> f64 {
    let held = v.hand_sizes[seat] as f64 + v.pile_sizes[seat] as f64;
    1.0 + 6.0 / (held + 1.0)
}

fn power_number(v: &DebtView, seat: usize) -> u8 {
    number(v.buying_power[seat]).unwrap_or(0)
}

/// Cards `seat`'s buying power counts for where it is a number of cards to take.
fn power(v: &DebtView, seat: usize) -> u8 {
    match power_number(v, seat) {
        0 => v.options.zero_power,
        p => p,
    }
}

fn step(n: u8, from: Seat, steps: u8, clockwise: bool) -> Seat {
    let steps = steps % n;
    if clockwise {
        (from + steps) % n
    } else {
        (from + n - steps) % n
    }
}

/// Whether `kind` may start a play on the view's table (the engine's `playable`, S3).
fn playable(v: &DebtView, kind: u8) -> bool {
    if is_wild(kind) || v.color == NO_COLOR || color_of(kind) == v.color {
        return true;
    }
    match v.play_area.last() {
        Some(&(top, _)) => !is_wild(top) && rank_of(kind) == rank_of(top),
        None => true,
    }
}

/// Scored candidate actions in a fixed buffer (no allocation per decision).
struct Scored {
    items: [(Action, f64); NUM_ACTIONS],
    len: usize,
}

impl Scored {
    fn new() -> Self {
        Scored {
            items: [(0, 0.0); NUM_ACTIONS],
            len: 0,
        }
    }
    fn push(&mut self, a: Action, s: f64) {
        self.items[self.len] = (a, s);
        self.len += 1;
    }
    /// The best by score, ties broken uniformly at random.
    fn best(&self, rng: &mut Rng) -> Option<Action> {
        let items = &self.items[..self.len];
        let best = items.iter().map(|c| c.1).fold(f64::NEG_INFINITY, f64::max);
        let ties = items.iter().filter(|c| c.1 == best).count();
        if ties == 0 {
            return None;
        }
        let pick = rng.below(ties as u32) as usize;
        items.iter().filter(|c| c.1 == best).nth(pick).map(|c| c.0)
    }
}

/// A play being laid or planned: what its cards add up to.
#[derive(Clone, Copy, Debug, Default)]
struct Play {
    len: u8,
    sum: u16,
    numbers: bool,
    draw: u16,
    skips: u8,
    reverses: u8,
    wilds: u8,
    /// The colour in play after the play (the last card's, a wild's named one).
    color: u8,
}

impl Play {
    fn add(&mut self, kind: u8, named: Option<u8>) {
        self.len += 1;
        self.color = named.unwrap_or_else(|| color_of(kind));
        match number(kind) {
            Some(x) => {
                self.sum += x as u16;
                self.numbers |= x > 0;
            }
            None => match kind {
                WILD => self.wilds += 1,
                WILD_DRAW_FOUR => {
                    self.wilds += 1;
                    self.draw += 4;
                }
                k => match rank_of(k) {
                    RANK_SKIP => self.skips += 1,
                    RANK_REVERSE => self.reverses += 1,
                    _ => self.draw += 2,
                },
            },
        }
    }
}

/// What a play is scored against: the table before it and the player's situation.
struct Ctx {
    /// Debt and colour before the play (the group's `color_before` in the Group phase).
    debt: u16,
    color_before: u8,
    cap: u16,
    pile: usize,
    bp_color: u8,
    limit: u8,
    two: bool,
    /// Threat of the player the play's effects land on (the next player; for a reward play,
    /// the most dangerous opponent, whom the attack can aim at).
    target_threat: f64,
    /// Whether this is the reward play (no balancing possible, effects aimed).
    reward: bool,
}

impl Ctx {
    /// The score of the finished play `p` leaving the hand `hand` (counts per kind).
    fn score(&self, p: &Play, hand: &[u8; NUM_KINDS]) -> f64 {
        let left: usize = hand.iter().map(|&c| c as usize).sum();
        if left == 0 && self.pile == 0 {
            return WIN;
        }
        let mut by_color = [0u32; 5];
        for (k, &c) in hand.iter().enumerate() {
            by_color[color_of(k as u8) as usize] += c as u32;
        }
        let changed = self.color_before != NO_COLOR && p.color != self.color_before;
        let (balanced, debt_after) = if !p.numbers {
            (false, self.debt)
        } else if changed {
            (false, p.sum.min(self.cap))
        } else if self.debt > 0 && p.sum == self.debt {
            (true, 0)
        } else {
            (false, self.debt.abs_diff(p.sum).min(self.cap))
        };
        let mut s = W_SHED * p.len as f64;
        if balanced && !self.reward {
            let reward_cards = if left == 0 {
                0
            } else {
                (by_color[self.bp_color as usize] as u8)
                    .min(self.limit)
                    .max(1)
            };
            s += W_BALANCE + W_SHED * reward_cards as f64;
        }
        let odd = p.reverses & 1 == 1;
        let turns_taken = if balanced {
            // The play's Draw cards still land on the next player; its Skips are spent.
            (p.draw > 0) as u8
        } else {
            (p.draw > 0) as u8 + p.skips + (self.two && odd) as u8
        };
        s += (W_DRAW * p.draw as f64 + W_SKIP * turns_taken as f64) * self.target_threat;
        if left > 0 {
            s -= W_WILD_KEEP * p.wilds as f64;
        }
        if p.color < 4 {
            s += W_COLOR * by_color[p.color as usize] as f64;
        }
        if !balanced && !self.reward && (1..=9).contains(&debt_after) && p.color != NO_COLOR {
            s -= W_OPEN_DEBT;
        }
        s
    }

    /// The best score of a play that continues `p` with up to `room` more cards from `hand`
    /// (cards of the BP colour after a BP-colour first card; Wild Draw Fours after one).
    fn best_completion(&self, p: &Play, first: u8, hand: &[u8; NUM_KINDS], room: u8) -> f64 {
        if first == WILD_DRAW_FOUR {
            let mut best = f64::NEG_INFINITY;
            let mut q = *p;
            let mut h = *hand;
            for extra in 0..=room.min(hand[WILD_DRAW_FOUR as usize]) {
                if extra > 0 {
                    q.add(WILD_DRAW_FOUR, Some(p.color));
                    h[WILD_DRAW_FOUR as usize] -= 1;
                }
                best = best.max(self.score(&q, &h));
            }
            return best;
        }
        if is_wild(first) || color_of(first) != self.bp_color || room == 0 {
            return self.score(p, hand);
        }
        let base = self.bp_color * 13;
        let k = |rank: u8| (base + rank) as usize;
        // Number cards 1-9: which (count, sum) pairs are reachable.
        let room = room as usize;
        let mut reach = [0u128; 10];
        reach[0] = 1;
        for x in 1..=9u8 {
            for _ in 0..(hand[k(x)] as usize).min(room) {
                for s in (0..room).rev() {
                    reach[s + 1] |= reach[s] << x;
                }
            }
        }
        // Fillers (add nothing to the sum), in the order they are worth laying.
        let fillers = [RANK_DRAW_TWO, RANK_SKIP, RANK_REVERSE, 0];
        let mut best = f64::NEG_INFINITY;
        for (count, &sums) in reach.iter().enumerate().take(room + 1) {
            let mut m = sums;
            while m != 0 {
                let sum = m.trailing_zeros() as u8;
                m &= m - 1;
                let mut q = *p;
                let mut h = *hand;
                // The numbers themselves: any multiset with this count and sum (only the count,
                // the sum and which cards stay in the hand by colour matter to the score, and all
                // are of the BP colour).
                q.len += count as u8;
                q.sum += sum as u16;
                q.numbers |= count > 0;
                q.color = self.bp_color;
                Self::remove_numbers(&mut h, base, count, sum);
                let mut free = room - count;
                for r in fillers {
                    while free > 0 && h[k(r)] > 0 {
                        q.add(base + r, None);
                        h[k(r)] -= 1;
                        free -= 1;
                    }
                }
                best = best.max(self.score(&q, &h));
            }
        }
        best
    }

    /// Removes `count` BP-colour number cards (1-9) summing to `sum` from `hand` (any such
    /// multiset: the score depends only on how many cards of each colour stay).
    fn remove_numbers(hand: &mut [u8; NUM_KINDS], base: u8, count: usize, sum: u8) {
        // Greedy with backtracking over values high to low.
        fn go(hand: &mut [u8; NUM_KINDS], base: u8, count: usize, sum: i32, max: u8) -> bool {
            if count == 0 {
                return sum == 0;
            }
            if sum <= 0 {
                return false;
            }
            for x in (1..=max.min(sum.min(9) as u8)).rev() {
                let kk = (base + x) as usize;
                if hand[kk] > 0 {
                    hand[kk] -= 1;
                    if go(hand, base, count - 1, sum - x as i32, x) {
                        return true;
                    }
                    hand[kk] += 1;
                }
            }
            false
        }
        let ok = go(hand, base, count, sum as i32, 9);
        debug_assert!(ok, "a reachable (count, sum) has a multiset");
    }
}

impl DebtHeuristic {
    fn ctx(v: &DebtView) -> Ctx {
        let me = v.seat as usize;
        let n = v.num_players;
        let reward = v.phase == Phase::Reward || (v.phase == Phase::Group && v.group.reward);
        let target_threat = if reward {
            (0..n as usize)
                .filter(|&s| s != me)
                .map(|s| threat(v, s))
                .fold(0.0, f64::max)
        } else {
            threat(v, step(n, v.seat, 1, v.clockwise) as usize)
        };
        let color_before = if v.phase == Phase::Group {
            v.group.color_before
        } else {
            v.color
        };
        Ctx {
            debt: v.debt,
            color_before,
            cap: v.options.cap(),
            pile: v.pile_sizes[me] as usize,
            bp_color: color_of(v.buying_power[me]),
            limit: power_number(v, me).max(1),
            two: n == 2,
            target_threat,
            reward,
        }
    }

    /// The colour held most in `hand` (BP colour on ties, then at random).
    fn colour_to_name(hand: &[u8; NUM_KINDS], bp: u8, rng: &mut Rng) -> u8 {
        let mut held = [0i32; 4];
        for (k, &c) in hand.iter().enumerate() {
            let col = color_of(k as u8);
            if col < 4 {
                held[col as usize] += 2 * c as i32;
            }
        }
        held[bp as usize] += 1;
        let most = *held.iter().max().unwrap_or(&0);
        let ties = held.iter().filter(|&&h| h == most).count() as u32;
        let pick = rng.below(ties) as usize;
        (0..4u8)
            .filter(|&c| held[c as usize] == most)
            .nth(pick)
            .unwrap_or(0)
    }

    /// A play decision: first card (Play, Reward) or next card (Group).
    fn play(&self, v: &DebtView, legal: &[Action], rng: &mut Rng) -> Action {
        let ctx = Self::ctx(v);
        let hand = *v.hand.counts();
        let in_group = v.phase == Phase::Group;
        let (base, first, laid) = if in_group {
            let g = &v.group;
            let p = Play {
                len: g.len,
                sum: g.sum,
                numbers: g.numbers,
                draw: g.draw,
                skips: g.skips,
                reverses: g.reverses,
                wilds: 0,
                color: v.color,
            };
            (p, g.first, g.len)
        } else {
            (Play::default(), 0, 0)
        };
        // The colour wilds name: the colour held most once the wild is laid.
        let mut named_for = [NO_COLOR; 2];
        for (i, w) in [WILD, WILD_DRAW_FOUR].into_iter().enumerate() {
            if hand[w as usize] > 0 {
                let mut h = hand;
                h[w as usize] -= 1;
                named_for[i] = Self::colour_to_name(&h, ctx.bp_color, rng);
            }
        }
        let mut cands = Scored::new();
        for &a in legal {
            let Some((kind, named)) = decode_play(a) else {
                if a == DONE && in_group {
                    cands.push(a, ctx.score(&base, &hand));
                } else if a == DONE {
                    // Passing the reward play.
                    cands.push(a, 0.0);
                }
                continue;
            };
            if let Some(c) = named {
                let want = named_for[(kind == WILD_DRAW_FOUR) as usize];
                if c != want {
                    continue;
                }
            }
            let mut p = base;
            p.add(kind, named);
            let mut h = hand;
            h[kind as usize] -= 1;
            let first = if in_group { first } else { kind };
            let room = ctx.limit.saturating_sub(laid + 1);
            cands.push(a, ctx.best_completion(&p, first, &h, room));
        }
        if let Some(a) = cands.best(rng) {
            return a;
        }
        // Stuck (rule 6): option two, or now and then the melon (see the module doc).
        let order = if rng.chance(STUCK_MELON) {
            [OPTION_TWO_MELON, OPTION_ONE, OPTION_TWO, DONE]
        } else {
            [OPTION_TWO, OPTION_ONE, OPTION_TWO_MELON, DONE]
        };
        for a in order {
            if legal.contains(&a) {
                return a;
            }
        }
        legal[0]
    }

    /// The beginning of a turn.
    fn start(&self, v: &DebtView, legal: &[Action]) -> Action {
        if legal.contains(&TAKE_ONE) {
            return TAKE_ONE;
        }
        if v.hand.iter().any(|(k, _)| playable(v, k as u8)) {
            return PROCEED;
        }
        // Nothing playable: the stuck penalty would be power(last player) cards.
        if let Some(&w) = legal
            .iter()
            .filter(|&&a| (WITHDRAW..BUY).contains(&a))
            .max()
        {
            return w;
        }
        let me = v.seat as usize;
        let penalty = power(v, v.last_player as usize) as f64;
        // The deck's share of cards that could be played now.
        let total: f64 = CARDS.iter().map(|c| c.copies as f64).sum();
        let share: f64 = (0..NUM_KINDS as u8)
            .filter(|&k| playable(v, k))
            .map(|k| CARDS[k as usize].copies as f64)
            .sum::<f64>()
            / total;
        let mut best = (PROCEED, penalty);
        for &a in legal.iter().filter(|&&a| (BUY..ATTACK).contains(&a)) {
            let i = (a - BUY) as usize;
            let (t, c) = (i / 9, (i % 9 + 1) as i32);
            if t == me {
                continue;
            }
            let size = v.pile_sizes[t] as f64;
            let known = &v.known_pile[t];
            let known_total: f64 = known.iter().map(|&x| x as f64).sum();
            let known_playable: f64 = (0..NUM_KINDS as u8)
                .filter(|&k| playable(v, k))
                .map(|k| known[k as usize] as f64)
                .sum();
            let p = ((known_playable + (size - known_total).max(0.0) * share) / size).min(1.0);
            let cost = c as f64 + (1.0 - p).powi(c) * penalty;
            if cost < best.1 {
                best = (a, cost);
            }
        }
        best.0
    }

    /// The reward's attack: the defender and whether to exchange the BP card.
    fn attack(&self, v: &DebtView, legal: &[Action], rng: &mut Rng) -> Action {
        let n = v.num_players;
        let me = v.seat;
        let g = &v.group;
        let odd = g.reverses & 1 == 1;
        let cw = v.clockwise ^ odd;
        let skipped = (g.draw > 0) as u8 + g.skips + (n == 2 && odd) as u8;
        let exchange = power_number(v, me as usize) < EXCHANGE_BELOW;
        let power_draw = v.options.attack == uno_engine::debt::AttackRule::PowerDraw;
        let drawn = g.draw as f64 + if power_draw { power(v, me as usize) } else { 0 } as f64;
        let base = if exchange { ATTACK_EXCHANGE } else { ATTACK };
        let mut cands = Scored::new();
        for &a in legal {
            if !(base..base + 10).contains(&a) {
                continue;
            }
            let t = (a - base) as Seat;
            let mut s = W_DRAW * drawn * threat(v, t as usize);
            // Opponents who play before the agent's next turn.
            let mut o = step(n, t, skipped, cw);
            let mut guard = 0;
            while o != me && guard < n {
                s -= threat(v, o as usize);
                o = step(n, o, 1, cw);
                guard += 1;
            }
            cands.push(a, s);
        }
        cands.best(rng).unwrap_or(legal[0])
    }
}

impl Agent<DebtState> for DebtHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn act(&mut self, d: &Decision<'_, DebtState>, rng: &mut Rng) -> Action {
        let legal = d.legal;
        if legal.len() == 1 {
            return legal[0];
        }
        let v = d.view();
        let a = match v.phase {
            Phase::Start { .. } => self.start(&v, legal),
            Phase::Play | Phase::Group | Phase::Reward => self.play(&v, legal, rng),
            Phase::Attack => self.attack(&v, legal, rng),
            Phase::CallUno => {
                if rng.chance(self.params.uno_forget) {
                    STAY_SILENT
                } else {
                    CALL_UNO
                }
            }
            Phase::DebtWindow { .. } => {
                if v.uno_called {
                    NO_DEBT
                } else {
                    CALL_DEBT
                }
            }
            Phase::Over => legal[0],
        };
        debug_assert!(legal.contains(&a), "heuristic chose an illegal action {a}");
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomAgent;
    use uno_engine::debt::cards::parse_card;
    use uno_engine::debt::{DebtOptions, DebtScenario};
    use uno_engine::{ActionList, Game};

    fn scenario(json: &str) -> DebtState {
        DebtScenario::from_json(json)
            .expect("scenario parses")
            .build()
            .expect("scenario is valid")
    }

    fn card(code: &str) -> Action {
        parse_card(code).expect("card code") as Action
    }

    /// The heuristic's action at `s` (checked legal).
    fn decide(s: &DebtState, seed: u64) -> Action {
        let (seat, kind) = s.to_act().expect("a decision");
        let mut legal = ActionList::new();
        s.legal_actions(&mut legal);
        let d = Decision::new(s, seat, kind, legal.as_slice());
        let mut h = DebtHeuristic {
            params: HeuristicParams::default(),
        };
        let a = h.act(&d, &mut Rng::new(seed));
        assert!(legal.as_slice().contains(&a), "illegal action {a}");
        a
    }

    fn apply(s: &mut DebtState, a: Action) {
        let mut legal = ActionList::new();
        s.legal_actions(&mut legal);
        assert!(legal.as_slice().contains(&a), "illegal action {a}");
        s.apply_unchecked(a);
    }

    #[test]
    fn takes_the_pile_card_first() {
        let s = scenario(
            r#"{"players": 3, "buying_power": ["B4", "R7", "G2"],
                "hands": [["B3", "R6"], ["G5"], ["Y2"]], "piles": [["Y9"], [], []],
                "play_area": ["B6"], "current": 0}"#,
        );
        assert_eq!(decide(&s, 1), TAKE_ONE);
    }

    /// Debt 7 in blue with a blue buying power of 4: B3 + B4 balances (then the reward play
    /// and the attack), which beats laying the most cards (B3, B4, B9: debt 9 left).
    #[test]
    fn balances_the_debt_with_a_group() {
        for seed in 0..8 {
            let mut s = scenario(
                r#"{"players": 3, "buying_power": ["B4", "R7", "G2"],
                    "hands": [["B3", "B4", "B9", "R5", "G2"], ["G5", "G6"], ["Y2", "Y3"]],
                    "play_area": ["B6"], "debt": 7, "current": 0, "decision": "play"}"#,
            );
            let first = decide(&s, seed);
            assert!(first == card("B3") || first == card("B4"), "{first}");
            apply(&mut s, first);
            let second = decide(&s, seed);
            let other = if first == card("B3") { "B4" } else { "B3" };
            assert_eq!(second, card(other));
            apply(&mut s, second);
            // The group could take the B9 too; it stops at the balance.
            assert_eq!(decide(&s, seed), DONE);
            apply(&mut s, DONE);
            assert_eq!(s.debt(), 0);
            assert_eq!(s.phase(), Phase::Reward);
            // The reward play: a card shed beats passing.
            assert!(decode_play(decide(&s, seed)).is_some());
        }
    }

    /// Without a balance, the longest group of the buying-power colour.
    #[test]
    fn lays_the_longest_group_otherwise() {
        let mut s = scenario(
            r#"{"players": 3, "buying_power": ["B3", "R7", "G2"],
                "hands": [["B1", "B5", "B8", "B9", "R5"], ["G5", "G6"], ["Y2", "Y3"]],
                "play_area": ["B6"], "debt": 2, "current": 0, "decision": "play"}"#,
        );
        for _ in 0..3 {
            let a = decide(&s, 3);
            assert!(decode_play(a).is_some_and(|(k, _)| color_of(k) == 3), "{a}");
            apply(&mut s, a);
        }
        assert_eq!(s.hand(0).len(), 2);
    }

    /// A single card of the colour in play that equals the debt balances it.
    #[test]
    fn balances_with_a_single_card() {
        let s = scenario(
            r#"{"players": 3, "buying_power": ["B4", "R7", "G2"],
                "hands": [["R3", "R4", "R9", "G4", "W"], ["G5", "G6"], ["Y2", "Y3"]],
                "play_area": ["R6"], "debt": 4, "current": 0, "decision": "play"}"#,
        );
        assert_eq!(decide(&s, 0), card("R4"));
    }

    #[test]
    fn keeps_the_wild_while_a_coloured_card_fits() {
        let s = scenario(
            r#"{"players": 3, "buying_power": ["B4", "R7", "G2"],
                "hands": [["R3", "W", "G1", "Y1"], ["G5", "G6"], ["Y2", "Y3"]],
                "play_area": ["R6"], "debt": 9, "current": 0, "decision": "play"}"#,
        );
        assert_eq!(decide(&s, 0), card("R3"));
    }

    /// Nothing playable, the colour in play is the buying-power colour: withdraw from the pile
    /// (losing the turn) rather than take the stuck penalty.
    #[test]
    fn withdraws_rather_than_get_stuck() {
        let mut s = scenario(
            r#"{"players": 3, "buying_power": ["R5", "R7", "G2"],
                "hands": [["G1", "Y2"], ["G5", "G6"], ["Y2", "Y3"]],
                "piles": [["G7", "Y8", "B2"], [], []],
                "play_area": ["R3"], "current": 0, "last_player": 1}"#,
        );
        assert_eq!(decide(&s, 0), TAKE_ONE);
        apply(&mut s, TAKE_ONE);
        assert_eq!(decide(&s, 0), withdraw(2));
    }

    #[test]
    fn calls_debt_only_on_a_silent_player() {
        for (called, want) in [(false, CALL_DEBT), (true, NO_DEBT)] {
            let s = scenario(&format!(
                r#"{{"players": 3, "buying_power": ["B4", "R7", "G2"],
                    "hands": [["R3"], ["G5", "G6"], ["Y2", "Y3"]],
                    "play_area": ["R6"], "current": 0, "decision": "debt_window",
                    "asker": 1, "uno_called": {called}}}"#
            ));
            assert_eq!(decide(&s, 0), want);
        }
    }

    /// After a reward play without effects, play resumes from the defender: attacking the
    /// player just before the agent leaves one opponent to play before its next turn.
    #[test]
    fn attacks_the_player_before_itself() {
        let mut s = scenario(
            r#"{"players": 4, "buying_power": ["B7", "R7", "G2", "Y3"],
                "hands": [["R3", "G4"], ["G5", "G6"], ["Y2", "Y3"], ["B1", "B2"]],
                "current": 0, "decision": "reward"}"#,
        );
        apply(&mut s, DONE);
        assert_eq!(s.phase(), Phase::Attack);
        assert_eq!(decide(&s, 0), ATTACK + 3);
        // A low buying power is exchanged.
        let mut s = scenario(
            r#"{"players": 4, "buying_power": ["B2", "R7", "G2", "Y3"],
                "hands": [["R3", "G4"], ["G5", "G6"], ["Y2", "Y3"], ["B1", "B2"]],
                "current": 0, "decision": "reward"}"#,
        );
        apply(&mut s, DONE);
        assert_eq!(decide(&s, 0), ATTACK_EXCHANGE + 3);
    }

    /// Only legal actions, at every player count, against random players, and the games end.
    #[test]
    fn only_legal_actions_and_games_end() {
        let mut legal = ActionList::new();
        for players in 2..=6 {
            for g in 0..20u64 {
                let mut s = DebtState::deal(DebtOptions::default(), players, g * 31 + 7);
                let mut h = DebtHeuristic {
                    params: HeuristicParams::default(),
                };
                let mut rng = Rng::new(g);
                while let Some((seat, kind)) = s.to_act() {
                    s.legal_actions(&mut legal);
                    let d = Decision::new(&s, seat, kind, legal.as_slice());
                    let a = if seat % 2 == 0 {
                        h.act(&d, &mut rng)
                    } else {
                        RandomAgent.act(&d, &mut rng)
                    };
                    assert!(legal.as_slice().contains(&a));
                    s.apply_unchecked(a);
                }
                assert!(s.outcome().is_some());
            }
        }
    }

    /// Heuristic self-play ends before the decision cap (a stuck player always taking the card
    /// just played back from the play area could loop forever).
    #[test]
    fn self_play_ends_before_the_cap() {
        let mut legal = ActionList::new();
        for players in [2, 4] {
            for g in 0..200u64 {
                let mut s = DebtState::deal(DebtOptions::default(), players, g + 1000);
                let mut h = DebtHeuristic {
                    params: HeuristicParams::default(),
                };
                let mut rng = Rng::new(g);
                while let Some((seat, kind)) = s.to_act() {
                    s.legal_actions(&mut legal);
                    let d = Decision::new(&s, seat, kind, legal.as_slice());
                    let a = h.act(&d, &mut rng);
                    s.apply_unchecked(a);
                }
                let o = s.outcome().unwrap();
                assert!(
                    o.winner.is_some(),
                    "{players} players, game {g}: {:?}",
                    o.ending
                );
            }
        }
    }
}
