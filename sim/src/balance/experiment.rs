//! Running the balance experiment: per deal, the as-dealt game, one swapped game per card kind
//! and the two skill games (skill agent and baseline), folded into integer accumulators (so the result is identical for
//! any thread count), chunk by chunk until the budget or the precision target is reached.

use crate::progress::{run_blocks, run_chunks, Chunker};
use crate::runner::{play_game, play_game_observed_variant, ENGINE_STREAM};
use crate::stats::{GameRecord, Stats};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use uno_agents::{AgentSpec, AgentSupport, AnyAgent};
use uno_engine::{game_seed, stream_seed, CardGame, Rng, Seat};

use super::inference::PairedDiff;

/// The swap of card kind `k` in a deal draws its choices from stream `SWAP_STREAM + k` of the
/// deal's game seed (independent of the engine and agent streams).
pub const SWAP_STREAM: u64 = 1 << 20;

/// An exact histogram of integer values, mergeable by addition.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Hist(pub BTreeMap<i64, u64>);

impl Hist {
    pub fn add(&mut self, v: i64) {
        *self.0.entry(v).or_insert(0) += 1;
    }
    pub fn merge(&mut self, o: &Hist) {
        for (&v, &c) in &o.0 {
            *self.0.entry(v).or_insert(0) += c;
        }
    }
    pub fn samples(&self) -> u64 {
        self.0.values().sum()
    }
    /// Smallest value `v` with at least a share `q` of the samples at or below it.
    pub fn quantile(&self, q: f64) -> i64 {
        let n = self.samples();
        let target = ((q * n as f64).ceil() as u64).max(1);
        let mut acc = 0;
        for (&v, &c) in &self.0 {
            acc += c;
            if acc >= target {
                return v;
            }
        }
        self.0.keys().next_back().copied().unwrap_or(0)
    }
    pub fn mean(&self) -> f64 {
        let n = self.samples();
        if n == 0 {
            return 0.0;
        }
        self.0
            .iter()
            .map(|(&v, &c)| v as f64 * c as f64)
            .sum::<f64>()
            / n as f64
    }
}

/// Per card kind: the paired-swap counts and the observational counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardAcc {
    /// Deals where the swap was made, and where it was impossible.
    pub pairs: u64,
    pub skipped: u64,
    /// Wins of the chosen seat as dealt and after the swap (over the pairs).
    pub base_wins: u64,
    pub swap_wins: u64,
    /// Pairs where the swap turned a loss into a win (+1) and a win into a loss (-1).
    pub plus: u64,
    pub minus: u64,
    /// As-dealt seat-games with the kind in the opening hand, and their wins.
    pub held_games: u64,
    pub held_wins: u64,
    /// As-dealt seat-games in which the seat played the kind, and their wins.
    pub played_games: u64,
    pub played_wins: u64,
    /// Copies played in the as-dealt games.
    pub plays: u64,
}

impl CardAcc {
    fn merge(&mut self, o: &CardAcc) {
        self.pairs += o.pairs;
        self.skipped += o.skipped;
        self.base_wins += o.base_wins;
        self.swap_wins += o.swap_wins;
        self.plus += o.plus;
        self.minus += o.minus;
        self.held_games += o.held_games;
        self.held_wins += o.held_wins;
        self.played_games += o.played_games;
        self.played_wins += o.played_wins;
        self.plays += o.plays;
    }
    pub fn strength(&self) -> PairedDiff {
        PairedDiff::from_counts(self.pairs, self.plus, self.minus)
    }
}

/// Joint counts of every ordered pair of card kinds `(k, l)` over the deals (flattened as
/// `k * kinds + l`), from which the report computes the covariance of two kinds' strengths
/// measured on the same deals (the roll-up per card type needs it). With `d_k` the deal's
/// paired difference for kind `k` (-1, 0 or +1, when its swap was made):
/// - `both_skipped`: deals where neither swap was made;
/// - `product`: the sum of `d_k · d_l` over the deals where both were made;
/// - `d_other_skipped`: the sum of `d_k` over the deals where `k`'s swap was made and `l`'s was
///   not.
///
/// With the per-kind counts of [`CardAcc`] these give, for every pair, the deals where both
/// swaps were made, and the sums of `d_k`, `d_l` and `d_k · d_l` over them. Integers only, so
/// merging is exact and the result does not depend on the thread count.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairAcc {
    pub kinds: usize,
    pub both_skipped: Vec<u64>,
    pub product: Vec<i64>,
    pub d_other_skipped: Vec<i64>,
}

impl PairAcc {
    pub fn new(kinds: usize) -> Self {
        PairAcc {
            kinds,
            both_skipped: vec![0; kinds * kinds],
            product: vec![0; kinds * kinds],
            d_other_skipped: vec![0; kinds * kinds],
        }
    }
    fn merge(&mut self, o: &PairAcc) {
        for (a, b) in self.both_skipped.iter_mut().zip(&o.both_skipped) {
            *a += b;
        }
        for (a, b) in self.product.iter_mut().zip(&o.product) {
            *a += b;
        }
        for (a, b) in self.d_other_skipped.iter_mut().zip(&o.d_other_skipped) {
            *a += b;
        }
    }
    /// Records one deal: the kinds whose swap was impossible, and the kinds whose swap was
    /// made with a non-zero difference (kind, `d`). Kinds made with `d = 0` add nothing.
    pub fn record(&mut self, skipped: &[usize], moved: &[(usize, i64)]) {
        let n = self.kinds;
        for &a in skipped {
            for &b in skipped {
                self.both_skipped[a * n + b] += 1;
            }
        }
        for &(a, da) in moved {
            for &(b, db) in moved {
                self.product[a * n + b] += da * db;
            }
            for &b in skipped {
                self.d_other_skipped[a * n + b] += da;
            }
        }
    }
    /// Deals where the swaps of both `k` and `l` were made, given the per-kind counts.
    pub fn both_made(&self, cards: &[CardAcc], k: usize, l: usize) -> u64 {
        cards[k].pairs - (cards[l].skipped - self.both_skipped[k * self.kinds + l])
    }
    /// Sum of `d_k` over the deals where both swaps were made.
    pub fn d_when_both_made(&self, cards: &[CardAcc], k: usize, l: usize) -> i64 {
        cards[k].plus as i64 - cards[k].minus as i64 - self.d_other_skipped[k * self.kinds + l]
    }
    /// Sum of `d_k · d_l` over the deals where both swaps were made.
    pub fn product_sum(&self, k: usize, l: usize) -> i64 {
        self.product[k * self.kinds + l]
    }
}

/// The skill experiment's counts: wins of the chosen seat played by the skill agent and by
/// the baseline, and the pairs where the skill agent won and the baseline lost (`plus`) or the
/// other way round (`minus`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillAcc {
    pub deals: u64,
    pub skilled_wins: u64,
    pub baseline_wins: u64,
    pub plus: u64,
    pub minus: u64,
}

/// Everything a balance run accumulates. Integer counts and exact histograms only.
#[derive(Clone, Debug)]
pub struct BalanceStats {
    pub players: usize,
    pub deals: u64,
    /// All games played (as dealt, swapped and skill games).
    pub games: u64,
    /// The as-dealt games.
    pub base: Stats,
    pub turns: Hist,
    pub hands: Hist,
    pub points: Hist,
    pub cards: Vec<CardAcc>,
    /// Joint counts of pairs of kinds (for the roll-up per card type).
    pub pairs: PairAcc,
    pub skill: SkillAcc,
    /// Copies of each kind in the deck the games use (a census of a fresh deal; kinds with no
    /// copy under the run's options are left out of the report).
    pub deck: Vec<u32>,
}

impl BalanceStats {
    pub fn new(players: usize, kinds: usize) -> Self {
        BalanceStats {
            players,
            deals: 0,
            games: 0,
            base: Stats::new(players),
            turns: Hist::default(),
            hands: Hist::default(),
            points: Hist::default(),
            cards: vec![CardAcc::default(); kinds],
            pairs: PairAcc::new(kinds),
            skill: SkillAcc::default(),
            deck: vec![0; kinds],
        }
    }
    /// As [`BalanceStats::new`], the as-dealt games also counting the variant's own statistics
    /// and seat categories (`Game::VARIANT_STATS`, `Game::SEAT_CATEGORIES`).
    pub fn for_game<G: uno_engine::Game>(players: usize, kinds: usize) -> Self {
        BalanceStats {
            base: Stats::for_game::<G>(players),
            ..BalanceStats::new(players, kinds)
        }
    }
    pub fn merge(&mut self, o: &BalanceStats) {
        self.deals += o.deals;
        self.games += o.games;
        self.base.merge(&o.base);
        self.turns.merge(&o.turns);
        self.hands.merge(&o.hands);
        self.points.merge(&o.points);
        for (a, b) in self.cards.iter_mut().zip(&o.cards) {
            a.merge(b);
        }
        self.pairs.merge(&o.pairs);
        let (a, b) = (&mut self.skill, &o.skill);
        a.deals += b.deals;
        a.skilled_wins += b.skilled_wins;
        a.baseline_wins += b.baseline_wins;
        a.plus += b.plus;
        a.minus += b.minus;
    }
    /// Whether kind `k` has a copy in the run's deck (kinds without one are left out of the
    /// report and of the precision target).
    pub fn in_deck(&self, k: usize) -> bool {
        self.deck.get(k).is_none_or(|&c| c > 0)
    }

    /// The largest half-width of the card strength intervals over the kinds in the deck (1
    /// for a kind with too few pairs to have one).
    pub fn max_half_width(&self) -> f64 {
        (0..self.cards.len())
            .filter(|&k| self.in_deck(k))
            .map(|k| self.cards[k].strength().half_width())
            .fold(0.0, f64::max)
    }
}

/// Did `seat` win the recorded game? (Aborted and truncated games have no winner.)
#[inline]
pub fn won(r: &GameRecord, seat: Seat) -> bool {
    r.aborted_by.is_none() && r.outcome.is_some_and(|o| o.won(seat))
}

/// What to run.
pub struct Experiment<'a, G> {
    /// Builds a freshly dealt state from its engine seed.
    pub new_game: &'a (dyn Fn(u64) -> G + Sync),
    /// Agent per seat for the as-dealt and swapped games.
    pub agents: &'a [AgentSpec],
    /// The skilled agent of the skill experiment (`None`: no skill games).
    pub skill_agent: Option<&'a AgentSpec>,
    /// The agent the skilled agent is compared with in the same seat (`random`: skill against
    /// luck).
    pub skill_baseline: &'a AgentSpec,
    pub master_seed: u64,
    /// Deals to run at most.
    pub max_deals: u64,
    /// Stop once every card kind's interval half-width is at most this (checked between
    /// chunks, after `min_deals`).
    pub precision: Option<f64>,
    pub min_deals: u64,
    /// Deals per chunk (progress, interrupt and precision-check granularity).
    pub chunk: u64,
}

/// One worker's agents and scratch space.
struct Worker<G: uno_engine::Game> {
    mix: Vec<AnyAgent<G>>,
    /// Per seat: the mix with that seat replaced by the skilled agent / by the baseline.
    skilled: Vec<Vec<AnyAgent<G>>>,
    baseline: Vec<Vec<AnyAgent<G>>>,
    held: Vec<bool>,
    played: Vec<bool>,
    /// The deal's kinds whose swap was impossible, and those whose swap changed the chosen
    /// seat's result (kind, difference): scratch for [`PairAcc::record`].
    skipped: Vec<usize>,
    moved: Vec<(usize, i64)>,
}

/// Result of [`Experiment::run`].
pub struct ExperimentResult {
    pub stats: BalanceStats,
    pub interrupted: bool,
}

impl<'a, G: CardGame + AgentSupport> Experiment<'a, G> {
    fn worker(&self, kinds: usize) -> Worker<G> {
        let n = self.agents.len();
        let mix: Vec<AnyAgent<G>> = self.agents.iter().map(|s| s.instantiate()).collect();
        let with = |seat: usize, spec: &AgentSpec| -> Vec<AnyAgent<G>> {
            (0..n)
                .map(|s| {
                    if s == seat {
                        spec.instantiate()
                    } else {
                        self.agents[s].instantiate()
                    }
                })
                .collect()
        };
        let (skilled, baseline) = match self.skill_agent {
            Some(spec) => (
                (0..n).map(|s| with(s, spec)).collect(),
                (0..n).map(|s| with(s, self.skill_baseline)).collect(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        Worker {
            mix,
            skilled,
            baseline,
            held: vec![false; n * kinds],
            played: vec![false; n * kinds],
            skipped: Vec::with_capacity(kinds),
            moved: Vec::with_capacity(kinds),
        }
    }

    /// Plays deal `j`: the as-dealt game, the swapped games and the skill games.
    fn deal(&self, j: u64, w: &mut Worker<G>, acc: &mut BalanceStats) {
        let baseline = self.skill_baseline;
        let n = acc.players;
        let kinds = acc.cards.len();
        let seed = game_seed(self.master_seed, j);
        let seat = (j % n as u64) as Seat;
        let start = (self.new_game)(stream_seed(seed, ENGINE_STREAM));
        acc.deals += 1;

        // As dealt, observing the opening hands and the plays.
        for s in 0..n {
            for k in 0..kinds {
                w.held[s * kinds + k] = start.held(s as Seat, k) > 0;
            }
        }
        w.played.fill(false);
        let Worker { mix, played, .. } = w;
        let cards = &mut acc.cards;
        let (base, variant) =
            play_game_observed_variant(start.clone(), mix, seed, j, |st, s, a| {
                if let Some(k) = st.played_kind(a) {
                    played[s as usize * kinds + k] = true;
                    cards[k].plays += 1;
                }
            });
        acc.games += 1;
        acc.base.record_variant(&base, &variant);
        acc.turns.add(base.counters.turns as i64);
        if let Some(o) = &base.outcome {
            acc.hands.add(o.hands as i64);
            for s in 0..n {
                acc.points.add(o.points[s] as i64);
            }
        }
        for s in 0..n {
            let win = won(&base, s as Seat) as u64;
            for k in 0..kinds {
                let c = &mut acc.cards[k];
                if w.held[s * kinds + k] {
                    c.held_games += 1;
                    c.held_wins += win;
                }
                if w.played[s * kinds + k] {
                    c.played_games += 1;
                    c.played_wins += win;
                }
            }
        }

        // One swapped game per kind, for the deal's chosen seat.
        let base_win = won(&base, seat);
        w.skipped.clear();
        w.moved.clear();
        for k in 0..kinds {
            let mut g = start.clone();
            let mut rng = Rng::new(stream_seed(seed, SWAP_STREAM + k as u64));
            let c = &mut acc.cards[k];
            if g.swap_into_hand(seat, k, &mut rng).is_none() {
                c.skipped += 1;
                w.skipped.push(k);
                continue;
            }
            let r = play_game(g, &mut w.mix, seed, j);
            acc.games += 1;
            let sw = won(&r, seat);
            c.pairs += 1;
            c.base_wins += base_win as u64;
            c.swap_wins += sw as u64;
            c.plus += (sw && !base_win) as u64;
            c.minus += (!sw && base_win) as u64;
            if sw != base_win {
                w.moved.push((k, sw as i64 - base_win as i64));
            }
        }
        acc.pairs.record(&w.skipped, &w.moved);

        // Skill: the same deal with the chosen seat played by the skilled agent, then by the
        // baseline. A game whose agents are those of a game already played is not played again
        // (the seat's own agent is the skilled agent or the baseline: the as-dealt game; the
        // baseline is the skilled agent: the skilled game), so an agent compared with itself
        // gives exactly zero gap.
        if let Some(spec) = self.skill_agent {
            let s = seat as usize;
            let skilled_win = if &self.agents[s] == spec {
                base_win
            } else {
                acc.games += 1;
                won(&play_game(start.clone(), &mut w.skilled[s], seed, j), seat)
            };
            let baseline_win = if &self.agents[s] == baseline {
                base_win
            } else if baseline == spec {
                skilled_win
            } else {
                acc.games += 1;
                won(&play_game(start, &mut w.baseline[s], seed, j), seat)
            };
            let sk = &mut acc.skill;
            sk.deals += 1;
            sk.skilled_wins += skilled_win as u64;
            sk.baseline_wins += baseline_win as u64;
            sk.plus += (skilled_win && !baseline_win) as u64;
            sk.minus += (!skilled_win && baseline_win) as u64;
        }
    }

    /// Runs on the current rayon pool. `progress(deals_done)` is called after each chunk;
    /// `stop` is polled between blocks of deals (finished deals are kept).
    pub fn run(&self, stop: &AtomicBool, progress: impl FnMut(u64)) -> ExperimentResult {
        self.run_with(stop, &|_| {}, progress)
    }

    /// As [`Experiment::run`], also calling `finished(deals)` from the workers after each block
    /// of deals. Deals start in index order in blocks sized to the agents' speed
    /// (`crate::progress`); after `stop` no new block starts and the blocks in flight finish,
    /// so the result covers exactly deals `0..deals`. The precision target is checked only
    /// when the deals done reach a multiple of `chunk` (and at least `min_deals`), so where an
    /// uninterrupted run stops does not depend on timing or threads.
    pub fn run_with(
        &self,
        stop: &AtomicBool,
        finished: &(dyn Fn(u64) + Sync),
        progress: impl FnMut(u64),
    ) -> ExperimentResult {
        self.run_range(0..self.max_deals, stop, finished, progress)
    }

    /// As [`Experiment::run_with`], for deals `range` only (a shard, `crate::shard`): deal `j`
    /// is still deal `j` of the whole run (same seed, same chosen seat), and the result covers
    /// exactly deals `range.start..` up to where it stopped (`max_deals` is ignored).
    /// `progress` gets the deals done in the range. A shard has a fixed budget: with a range
    /// not starting at 0 `precision` must be `None` (sequential stopping looks at the deals
    /// before, which another shard plays).
    pub fn run_range(
        &self,
        range: std::ops::Range<u64>,
        stop: &AtomicBool,
        finished: &(dyn Fn(u64) + Sync),
        mut progress: impl FnMut(u64),
    ) -> ExperimentResult {
        assert!(
            range.start == 0 || self.precision.is_none(),
            "sequential stopping does not shard"
        );
        let first = range.start;
        let probe = (self.new_game)(stream_seed(game_seed(self.master_seed, 0), ENGINE_STREAM));
        let players = probe.num_players();
        let kinds = probe.card_table().len();
        let mut total = BalanceStats::for_game::<G>(players, kinds);
        let mut deck = vec![0u32; kinds];
        probe.census(&mut deck);
        total.deck = deck;
        // Read by the precision check between chunks, added to by each chunk.
        let total = std::cell::RefCell::new(total);
        let check = self.chunk.max(1);
        let mut chunker = Chunker::new(rayon::current_num_threads(), None, u64::MAX);
        let (_, interrupted) = run_chunks(
            range,
            &mut chunker,
            stop,
            |done| {
                if let Some(p) = self.precision {
                    if done.is_multiple_of(check)
                        && done >= self.min_deals
                        && total.borrow().max_half_width() <= p
                    {
                        return None;
                    }
                }
                Some((done / check + 1) * check)
            },
            |range, block| {
                let start = range.start;
                let (end, parts) = run_blocks(
                    range,
                    block,
                    stop,
                    finished,
                    || self.worker(kinds),
                    || BalanceStats::for_game::<G>(players, kinds),
                    |w, st, j| {
                        self.deal(j, w, st);
                        true
                    },
                )
                .prefix();
                let mut total = total.borrow_mut();
                for p in &parts {
                    total.merge(p);
                }
                progress(end - first);
                end - start
            },
        );
        ExperimentResult {
            stats: total.into_inner(),
            interrupted,
        }
    }
}

/// [`BalanceStats`] as plain data, for a shard's `partial.json` (`crate::shard`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RawBalanceStats {
    pub players: usize,
    pub deals: u64,
    pub games: u64,
    pub base: crate::stats::RawStats,
    pub turns: Hist,
    pub hands: Hist,
    pub points: Hist,
    pub cards: Vec<CardAcc>,
    pub pairs: PairAcc,
    pub skill: SkillAcc,
    pub deck: Vec<u32>,
}

impl BalanceStats {
    /// The accumulators as plain data.
    pub fn to_raw(&self) -> RawBalanceStats {
        RawBalanceStats {
            players: self.players,
            deals: self.deals,
            games: self.games,
            base: self.base.to_raw(),
            turns: self.turns.clone(),
            hands: self.hands.clone(),
            points: self.points.clone(),
            cards: self.cards.clone(),
            pairs: self.pairs.clone(),
            skill: self.skill,
            deck: self.deck.clone(),
        }
    }

    /// The accumulators of a balance run on `G` from plain data; an error names what does not
    /// fit the variant (`kinds`: its number of card kinds).
    pub fn from_raw<G: uno_engine::Game>(
        r: &RawBalanceStats,
        kinds: usize,
    ) -> Result<BalanceStats, String> {
        let sq = kinds * kinds;
        if r.cards.len() != kinds
            || r.deck.len() != kinds
            || r.pairs.kinds != kinds
            || r.pairs.both_skipped.len() != sq
            || r.pairs.product.len() != sq
            || r.pairs.d_other_skipped.len() != sq
        {
            return Err(format!(
                "accumulator cards/pairs/deck: not sized for the variant's {kinds} card kinds"
            ));
        }
        if r.players != r.base.players {
            return Err(format!(
                "accumulator players: {} for the balance counts, {} for the games",
                r.players, r.base.players
            ));
        }
        Ok(BalanceStats {
            players: r.players,
            deals: r.deals,
            games: r.games,
            base: Stats::from_raw::<G>(&r.base)?,
            turns: r.turns.clone(),
            hands: r.hands.clone(),
            points: r.points.clone(),
            cards: r.cards.clone(),
            pairs: r.pairs.clone(),
            skill: r.skill,
            deck: r.deck.clone(),
        })
    }
}
