//! Mergeable statistics. Every accumulator is integer-valued and merged by addition, so the
//! totals are identical whatever the thread count or the order in which partial results merge;
//! memory does not grow with the number of games (the exact length histogram grows only with
//! the longest game).

use serde::Serialize;
use std::collections::BTreeMap;
use uno_engine::game::{StatDoc, StatSummary, MAX_SEAT_CATEGORIES, VARIANT_COUNTERS};
use uno_engine::{Ending, Game, GameCounters, Outcome, MAX_PLAYERS};

/// Lengths below this many turns are counted in a dense array (grown on demand, so at most
/// 512 KiB per accumulator); longer ones, which need `max_actions` raised far above its default
/// of 20,000, in a sorted map.
pub const DENSE_LENGTHS: usize = 1 << 16;

/// The exact distribution of game lengths (in turns): how many games lasted each number of
/// turns. Merged by adding counts, so it is the same whatever the thread count, chunking or merge
/// order. Recording is one bounds-checked increment (the array grows, rarely, to the next power
/// of two above the longest game seen).
///
/// Percentiles are exact, by the nearest-rank definition: the `p`-th percentile of `n` lengths
/// is the `⌈p·n/100⌉`-th smallest (the smallest length `L` such that at least `p`% of the games
/// lasted `L` turns or fewer), computed in integers. It is always a length some game had.
#[derive(Clone, Default)]
pub struct LengthHist {
    /// `dense[t]`: games of `t` turns, for `t < dense.len() <= DENSE_LENGTHS`.
    dense: Vec<u64>,
    /// Games of `DENSE_LENGTHS` turns or more, by length.
    long: BTreeMap<u32, u64>,
}

impl LengthHist {
    /// Counts one game of `turns` turns.
    #[inline]
    pub fn add(&mut self, turns: u32) {
        match self.dense.get_mut(turns as usize) {
            Some(c) => *c += 1,
            None => self.add_outside(turns),
        }
    }

    #[cold]
    #[inline(never)]
    fn add_outside(&mut self, turns: u32) {
        let t = turns as usize;
        if t < DENSE_LENGTHS {
            self.dense
                .resize((t + 1).next_power_of_two().clamp(256, DENSE_LENGTHS), 0);
            self.dense[t] += 1;
        } else {
            *self.long.entry(turns).or_insert(0) += 1;
        }
    }

    /// Adds another histogram's counts.
    pub fn merge(&mut self, o: &LengthHist) {
        if o.dense.len() > self.dense.len() {
            self.dense.resize(o.dense.len(), 0);
        }
        for (a, b) in self.dense.iter_mut().zip(&o.dense) {
            *a += b;
        }
        for (&t, &c) in &o.long {
            *self.long.entry(t).or_insert(0) += c;
        }
    }

    /// `(turns, games)` for every length that occurred, shortest first.
    pub fn iter(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        let dense = self.dense.iter().enumerate();
        dense
            .filter(|(_, &c)| c > 0)
            .map(|(t, &c)| (t as u32, c))
            .chain(self.long.iter().map(|(&t, &c)| (t, c)))
    }

    /// Number of games counted.
    pub fn games(&self) -> u64 {
        self.dense.iter().sum::<u64>() + self.long.values().sum::<u64>()
    }

    /// The nearest-rank `pct`-th percentile (`pct` in 0..=100): the smallest length `L` such
    /// that at least `⌈pct·n/100⌉` (and at least one) of the `n` games lasted `L` turns or
    /// fewer. 0 when no game was counted.
    pub fn percentile(&self, pct: u32) -> u64 {
        assert!(pct <= 100, "a percentile is between 0 and 100");
        let n = self.games();
        let rank = (pct as u64 * n).div_ceil(100).max(1);
        let mut acc = 0;
        for (t, c) in self.iter() {
            acc += c;
            if acc >= rank {
                return t as u64;
            }
        }
        0
    }
}

/// Equal when the same lengths were counted the same number of times (however far the dense
/// array has grown).
impl PartialEq for LengthHist {
    fn eq(&self, o: &LengthHist) -> bool {
        self.iter().eq(o.iter())
    }
}

impl Eq for LengthHist {}

/// The `(turns, games)` pairs that occurred.
impl std::fmt::Debug for LengthHist {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// How one game went, as the runner saw it.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub index: u64,
    pub seed: u64,
    pub outcome: Option<Outcome>,
    pub counters: GameCounters,
    /// Seat whose agent returned an illegal action (the game is then aborted).
    pub aborted_by: Option<u8>,
}

/// What one game reports of the variant's own statistics (`Game::VARIANT_STATS`) and of its
/// seats' categories (`Game::SEAT_CATEGORIES`), beside its [`GameRecord`]. A flat value: no
/// allocation per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantRecord {
    /// The game's counters at its end (`Game::variant_counters`).
    pub counters: [u64; VARIANT_COUNTERS],
    /// Per seat: the categories it fell in as dealt (`Game::seat_categories`).
    pub categories: [u64; MAX_PLAYERS],
}

impl Default for VariantRecord {
    fn default() -> Self {
        VariantRecord {
            counters: [0; VARIANT_COUNTERS],
            categories: [0; MAX_PLAYERS],
        }
    }
}

impl VariantRecord {
    /// Whether games of `G` have anything to report (else the runner skips the record).
    pub const fn wanted<G: Game>() -> bool {
        !G::VARIANT_STATS.is_empty() || !G::SEAT_CATEGORIES.is_empty()
    }
    /// The seats' categories, read on the freshly dealt state.
    pub fn dealt<G: Game>(state: &G) -> Self {
        let mut r = VariantRecord::default();
        if !G::SEAT_CATEGORIES.is_empty() {
            for s in 0..state.num_players() {
                r.categories[s] = state.seat_categories(s as u8);
            }
        }
        r
    }
    /// Adds the counters of the game's final state.
    pub fn finish<G: Game>(&mut self, state: &G) {
        if !G::VARIANT_STATS.is_empty() {
            state.variant_counters(&mut self.counters);
        }
    }
}

/// The batch's accumulators of the variant's own statistics and seat categories: sums (and
/// largest values) of the games' [`VariantRecord`]s, merged by addition (and maximum), so they
/// are the same for any thread count. Empty (no names) for a variant without any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantStats {
    /// The statistics' names and summaries (`Game::VARIANT_STATS`).
    pub docs: &'static [StatDoc],
    /// The categories' names (`Game::SEAT_CATEGORIES`).
    pub categories: &'static [&'static str],
    /// Games recorded.
    pub games: u64,
    /// Per counter: the sum over the games, and the largest game's value.
    pub sum: [u64; VARIANT_COUNTERS],
    pub max: [u64; VARIANT_COUNTERS],
    /// Per category: seat-games in finished games (completed or truncated) whose seat fell in
    /// it, and of those the seat-games won.
    pub seats: [u64; MAX_SEAT_CATEGORIES],
    pub wins: [u64; MAX_SEAT_CATEGORIES],
}

impl VariantStats {
    /// Accumulators named by `G`'s statistics and categories.
    pub fn of<G: Game>() -> Self {
        Self::named(G::VARIANT_STATS, G::SEAT_CATEGORIES)
    }
    pub fn named(docs: &'static [StatDoc], categories: &'static [&'static str]) -> Self {
        assert!(
            uno_engine::game::stat_slots(docs) <= VARIANT_COUNTERS,
            "variant statistics take more than {VARIANT_COUNTERS} counters"
        );
        assert!(
            categories.len() <= MAX_SEAT_CATEGORIES,
            "more than {MAX_SEAT_CATEGORIES} seat categories"
        );
        VariantStats {
            docs,
            categories,
            games: 0,
            sum: [0; VARIANT_COUNTERS],
            max: [0; VARIANT_COUNTERS],
            seats: [0; MAX_SEAT_CATEGORIES],
            wins: [0; MAX_SEAT_CATEGORIES],
        }
    }
    /// No statistics, no categories.
    pub fn none() -> Self {
        Self::named(&[], &[])
    }
    /// Whether there is anything to report.
    pub fn is_empty(&self) -> bool {
        self.docs.is_empty() && self.categories.is_empty()
    }

    /// Adds one game: its counters always, its seats' categories when the game finished
    /// (completed or truncated; aborted games are left out of every win statistic).
    #[inline]
    pub fn record(&mut self, r: &GameRecord, v: &VariantRecord, players: usize) {
        if self.is_empty() {
            return;
        }
        self.games += 1;
        for i in 0..VARIANT_COUNTERS {
            self.sum[i] += v.counters[i];
            self.max[i] = self.max[i].max(v.counters[i]);
        }
        if r.aborted_by.is_some() {
            return;
        }
        let Some(o) = &r.outcome else { return };
        for s in 0..players {
            let won = o.won(s as u8) as u64;
            let mut m = v.categories[s];
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                self.seats[c] += 1;
                self.wins[c] += won;
            }
        }
    }

    pub fn merge(&mut self, o: &VariantStats) {
        debug_assert!(self.docs == o.docs && self.categories == o.categories);
        self.games += o.games;
        for i in 0..VARIANT_COUNTERS {
            self.sum[i] += o.sum[i];
            self.max[i] = self.max[i].max(o.max[i]);
        }
        for c in 0..MAX_SEAT_CATEGORIES {
            self.seats[c] += o.seats[c];
            self.wins[c] += o.wins[c];
        }
    }

    /// The report: every statistic in `docs` order, every category in order. `None` when the
    /// variant has neither.
    pub fn report(&self, players: usize) -> Option<VariantReport> {
        if self.is_empty() {
            return None;
        }
        let games = self.games;
        let mut at = 0;
        let mut slot_of = std::collections::HashMap::new();
        for d in self.docs {
            slot_of.insert(d.name, at);
            at += d.summary.slots();
        }
        let mut stats = Vec::with_capacity(self.docs.len());
        let mut at = 0;
        for d in self.docs {
            let value = match d.summary {
                StatSummary::PerGame => StatValue::PerGame {
                    total: self.sum[at],
                    mean: ratio(self.sum[at] as f64, games),
                },
                StatSummary::PerSeat => {
                    let total = self.sum[at..at + players].to_vec();
                    let mean = total.iter().map(|&t| ratio(t as f64, games)).collect();
                    StatValue::PerSeat { total, mean }
                }
                StatSummary::PerUnit(unit) => {
                    let u = *slot_of.get(unit).unwrap_or_else(|| {
                        panic!("statistic {}: no statistic {unit} to divide by", d.name)
                    });
                    StatValue::PerUnit {
                        unit,
                        total: self.sum[at],
                        units: self.sum[u],
                        mean: ratio(self.sum[at] as f64, self.sum[u]),
                    }
                }
                StatSummary::Max => StatValue::Max {
                    max: self.max[at],
                    mean: ratio(self.sum[at] as f64, games),
                },
                StatSummary::Histogram(labels) => {
                    let counts = self.sum[at..at + labels.len()].to_vec();
                    let all: u64 = counts.iter().sum();
                    let shares = counts.iter().map(|&c| ratio(c as f64, all)).collect();
                    StatValue::Histogram {
                        labels: labels.to_vec(),
                        counts,
                        shares,
                    }
                }
            };
            stats.push(VariantStatReport {
                name: d.name,
                meaning: d.meaning,
                value,
            });
            at += d.summary.slots();
        }
        let seat_categories = self
            .categories
            .iter()
            .enumerate()
            .map(|(c, &name)| CategoryReport {
                category: name,
                seats: self.seats[c],
                wins: self.wins[c],
                win_rate: ratio(self.wins[c] as f64, self.seats[c]),
                win_rate_ci95: wilson95(self.wins[c], self.seats[c]),
            })
            .collect();
        Some(VariantReport {
            games,
            stats,
            seat_categories,
        })
    }
}

#[derive(Clone, Debug)]
pub struct Stats {
    pub players: usize,
    pub games: u64,
    pub completed: u64,
    pub truncated: u64,
    pub aborted: u64,
    pub aborted_by_seat: [u64; MAX_PLAYERS],
    pub wins: [u64; MAX_PLAYERS],
    pub placing_sum: [u64; MAX_PLAYERS],
    pub points_sum: [i64; MAX_PLAYERS],
    pub hands: u64,
    pub turns: u64,
    pub actions: u64,
    pub cards_drawn: u64,
    pub reshuffles: u64,
    pub games_with_reshuffle: u64,
    pub challenges: u64,
    pub challenges_won: u64,
    pub uno_penalties: u64,
    pub jump_ins: u64,
    pub max_turns: u64,
    /// Exact game lengths (turns), for the percentiles.
    pub lengths: LengthHist,
    /// Hands won per seat, and how hands ended (`uno_engine::HAND_ENDINGS` order).
    pub hand_wins: [u64; MAX_PLAYERS],
    pub endings: [u64; 5],
    /// The variant's own statistics and seat categories (empty unless made by
    /// [`Stats::for_game`] for a variant that has them, and fed by [`Stats::record_variant`]).
    pub variant: VariantStats,
}

impl Stats {
    /// Accumulators for games of `G`, its own statistics and seat categories included.
    pub fn for_game<G: Game>(players: usize) -> Self {
        Stats {
            variant: VariantStats::of::<G>(),
            ..Stats::new(players)
        }
    }

    /// Records a game with what it reports of the variant ([`Stats::record`] and the variant's
    /// statistics).
    #[inline]
    pub fn record_variant(&mut self, r: &GameRecord, v: &VariantRecord) {
        self.record(r);
        self.variant.record(r, v, self.players);
    }

    pub fn new(players: usize) -> Self {
        Stats {
            players,
            games: 0,
            completed: 0,
            truncated: 0,
            aborted: 0,
            aborted_by_seat: [0; MAX_PLAYERS],
            wins: [0; MAX_PLAYERS],
            placing_sum: [0; MAX_PLAYERS],
            points_sum: [0; MAX_PLAYERS],
            hands: 0,
            turns: 0,
            actions: 0,
            cards_drawn: 0,
            reshuffles: 0,
            games_with_reshuffle: 0,
            challenges: 0,
            challenges_won: 0,
            uno_penalties: 0,
            jump_ins: 0,
            max_turns: 0,
            lengths: LengthHist::default(),
            hand_wins: [0; MAX_PLAYERS],
            endings: [0; 5],
            variant: VariantStats::none(),
        }
    }

    #[inline]
    pub fn record(&mut self, r: &GameRecord) {
        self.games += 1;
        let c = &r.counters;
        self.turns += c.turns as u64;
        self.actions += c.actions as u64;
        self.cards_drawn += c.cards_drawn as u64;
        self.reshuffles += c.reshuffles as u64;
        self.games_with_reshuffle += (c.reshuffles > 0) as u64;
        self.challenges += c.challenges as u64;
        self.challenges_won += c.challenges_won as u64;
        self.uno_penalties += c.uno_penalties as u64;
        self.jump_ins += c.jump_ins as u64;
        self.max_turns = self.max_turns.max(c.turns as u64);
        self.lengths.add(c.turns);
        for (a, &b) in self.hand_wins.iter_mut().zip(&c.hand_wins) {
            *a += b as u64;
        }
        for (a, &b) in self.endings.iter_mut().zip(&c.endings) {
            *a += b as u64;
        }
        if let Some(seat) = r.aborted_by {
            self.aborted += 1;
            self.aborted_by_seat[seat as usize] += 1;
            return;
        }
        let Some(o) = &r.outcome else { return };
        self.hands += o.hands as u64;
        match o.ending {
            Ending::Truncated => self.truncated += 1,
            Ending::OutOfCards => self.completed += 1,
        }
        for s in 0..self.players {
            self.wins[s] += o.won(s as u8) as u64;
            self.placing_sum[s] += o.placing[s] as u64;
            self.points_sum[s] += o.points[s] as i64;
        }
    }

    pub fn merge(&mut self, o: &Stats) {
        self.games += o.games;
        self.completed += o.completed;
        self.truncated += o.truncated;
        self.aborted += o.aborted;
        for s in 0..MAX_PLAYERS {
            self.aborted_by_seat[s] += o.aborted_by_seat[s];
            self.wins[s] += o.wins[s];
            self.placing_sum[s] += o.placing_sum[s];
            self.points_sum[s] += o.points_sum[s];
        }
        self.hands += o.hands;
        self.turns += o.turns;
        self.actions += o.actions;
        self.cards_drawn += o.cards_drawn;
        self.reshuffles += o.reshuffles;
        self.games_with_reshuffle += o.games_with_reshuffle;
        self.challenges += o.challenges;
        self.challenges_won += o.challenges_won;
        self.uno_penalties += o.uno_penalties;
        self.jump_ins += o.jump_ins;
        self.max_turns = self.max_turns.max(o.max_turns);
        self.lengths.merge(&o.lengths);
        for (a, b) in self.hand_wins.iter_mut().zip(&o.hand_wins) {
            *a += b;
        }
        for (a, b) in self.endings.iter_mut().zip(&o.endings) {
            *a += b;
        }
        self.variant.merge(&o.variant);
    }

    /// The exact nearest-rank `pct`-th percentile of the game lengths in turns (see
    /// [`LengthHist::percentile`]).
    pub fn length_percentile(&self, pct: u32) -> u64 {
        self.lengths.percentile(pct)
    }
}

/// 95% Wilson score interval for `k` successes out of `n`. The bound at 0 successes is exactly
/// 0, and at `n` successes exactly 1 (the formula's two terms cancel there; in floating point
/// they may leave a rounding residue).
pub fn wilson95(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = crate::balance::inference::z95();
    let n_f = n as f64;
    let p = k as f64 / n_f;
    let denom = 1.0 + z * z / n_f;
    let centre = (p + z * z / (2.0 * n_f)) / denom;
    let half = z * ((p * (1.0 - p) / n_f) + z * z / (4.0 * n_f * n_f)).sqrt() / denom;
    let lo = if k == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if k >= n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatReport {
    pub seat: usize,
    pub agent: String,
    pub wins: u64,
    pub win_rate: f64,
    pub win_rate_ci95: (f64, f64),
    pub mean_placing: f64,
    pub mean_points: f64,
    /// Hands won (matches: every hand; single hands: the game's win).
    pub hand_wins: u64,
    /// Mean points per hand (the points above divided by the hands played).
    pub mean_points_per_hand: f64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AgentReport {
    pub agent: String,
    pub seats: Vec<usize>,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub win_rate_ci95: (f64, f64),
    pub mean_placing: f64,
    pub mean_points: f64,
}

/// Game lengths in turns. The percentiles are exact (nearest rank, see
/// [`LengthHist::percentile`]): each is the length of some game.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LengthReport {
    pub mean_turns: f64,
    pub p50_turns: u64,
    pub p90_turns: u64,
    pub p99_turns: u64,
    pub max_turns: u64,
    /// Mean decisions (actions) per game.
    pub mean_decisions: f64,
}

/// One of the variant's own statistics over the batch (`Game::VARIANT_STATS`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct VariantStatReport {
    pub name: &'static str,
    pub meaning: &'static str,
    #[serde(flatten)]
    pub value: StatValue,
}

/// A statistic's summary, by its kind (`kind` in the JSON).
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StatValue {
    /// The total over the games and the mean per game.
    PerGame { total: u64, mean: f64 },
    /// Per seat: the total over the games and the mean per game.
    PerSeat { total: Vec<u64>, mean: Vec<f64> },
    /// The total over the games divided by the total of the statistic `unit` (`units`).
    PerUnit {
        unit: &'static str,
        total: u64,
        units: u64,
        mean: f64,
    },
    /// The largest of the games' values, and their mean.
    Max { max: u64, mean: f64 },
    /// Counts per bin over the games, and each bin's share of them.
    Histogram {
        labels: Vec<&'static str>,
        counts: Vec<u64>,
        shares: Vec<f64>,
    },
}

/// Seats of one category (`Game::SEAT_CATEGORIES`) in the finished games, and how often they
/// won.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CategoryReport {
    pub category: &'static str,
    /// Seat-games: each finished game counts each seat in the category once.
    pub seats: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub win_rate_ci95: (f64, f64),
}

/// The variant's own statistics and the win rate by seat category.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct VariantReport {
    /// Games whose counters are summed (all games run, aborted and truncated ones included).
    pub games: u64,
    pub stats: Vec<VariantStatReport>,
    pub seat_categories: Vec<CategoryReport>,
}

/// The deterministic part of a batch summary (no timings).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StatsReport {
    pub games: u64,
    pub completed: u64,
    pub truncated: u64,
    /// Games stopped because an agent returned an illegal action; excluded from win statistics.
    pub aborted: u64,
    pub aborted_by_seat: Vec<u64>,
    /// Win rates are over games that finished (completed + truncated; truncated games have no
    /// winner).
    pub per_seat: Vec<SeatReport>,
    pub per_agent: Vec<AgentReport>,
    pub length: LengthReport,
    pub mean_hands_per_game: f64,
    pub mean_cards_drawn: f64,
    pub mean_reshuffles: f64,
    pub games_with_reshuffle: u64,
    pub challenges: u64,
    pub challenges_won: u64,
    pub uno_penalties: u64,
    pub jump_ins: u64,
    /// Hands played in all, and how they ended (name → count; only endings that happened).
    pub hands: u64,
    pub hand_endings: std::collections::BTreeMap<String, u64>,
    /// The variant's own statistics and win rates by seat category; only for a variant that
    /// defines them (`Game::VARIANT_STATS`, `Game::SEAT_CATEGORIES`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<VariantReport>,
}

/// `a / b`, or 0 when `b` is 0.
pub(crate) fn ratio(a: f64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a / b as f64
    }
}

impl Stats {
    pub fn report(&self, agents: &[String]) -> StatsReport {
        let finished = self.completed + self.truncated;
        let n = self.players;
        let per_seat: Vec<SeatReport> = (0..n)
            .map(|s| SeatReport {
                seat: s,
                agent: agents[s].clone(),
                wins: self.wins[s],
                win_rate: ratio(self.wins[s] as f64, finished),
                win_rate_ci95: wilson95(self.wins[s], finished),
                mean_placing: ratio(self.placing_sum[s] as f64, finished),
                mean_points: ratio(self.points_sum[s] as f64, finished),
                hand_wins: self.hand_wins[s],
                mean_points_per_hand: ratio(self.points_sum[s] as f64, self.hands),
            })
            .collect();
        let mut names: Vec<&String> = agents.iter().collect();
        names.sort();
        names.dedup();
        let per_agent = names
            .into_iter()
            .map(|name| {
                let seats: Vec<usize> = (0..n).filter(|&s| &agents[s] == name).collect();
                let games = finished * seats.len() as u64;
                let wins: u64 = seats.iter().map(|&s| self.wins[s]).sum();
                let placing: u64 = seats.iter().map(|&s| self.placing_sum[s]).sum();
                let points: i64 = seats.iter().map(|&s| self.points_sum[s]).sum();
                AgentReport {
                    agent: name.clone(),
                    seats,
                    games,
                    wins,
                    win_rate: ratio(wins as f64, games),
                    win_rate_ci95: wilson95(wins, games),
                    mean_placing: ratio(placing as f64, games),
                    mean_points: ratio(points as f64, games),
                }
            })
            .collect();
        StatsReport {
            games: self.games,
            completed: self.completed,
            truncated: self.truncated,
            aborted: self.aborted,
            aborted_by_seat: self.aborted_by_seat[..n].to_vec(),
            per_seat,
            per_agent,
            length: LengthReport {
                mean_turns: ratio(self.turns as f64, self.games),
                p50_turns: self.length_percentile(50),
                p90_turns: self.length_percentile(90),
                p99_turns: self.length_percentile(99),
                max_turns: self.max_turns,
                mean_decisions: ratio(self.actions as f64, self.games),
            },
            mean_hands_per_game: ratio(self.hands as f64, finished),
            mean_cards_drawn: ratio(self.cards_drawn as f64, self.games),
            mean_reshuffles: ratio(self.reshuffles as f64, self.games),
            games_with_reshuffle: self.games_with_reshuffle,
            challenges: self.challenges,
            challenges_won: self.challenges_won,
            uno_penalties: self.uno_penalties,
            jump_ins: self.jump_ins,
            hands: self.hands,
            hand_endings: uno_engine::HAND_ENDINGS
                .iter()
                .zip(self.endings)
                .filter(|(_, n)| *n > 0)
                .map(|(k, n)| (k.to_string(), n))
                .collect(),
            variant: self.variant.report(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::{play_game_variant, ENGINE_STREAM};
    use uno_agents::RandomAgent;
    use uno_engine::classic::{ClassicOptions, ClassicState};
    use uno_engine::debt::{DebtOptions, DebtState};
    use uno_engine::{game_seed, stream_seed};

    /// Games `0..n` of a batch of random Uno Debt games (3 players, master seed 5).
    fn debt_games(n: u64) -> Vec<(GameRecord, VariantRecord)> {
        let mut agents = [RandomAgent, RandomAgent, RandomAgent];
        (0..n)
            .map(|i| {
                let seed = game_seed(5, i);
                let st =
                    DebtState::deal(DebtOptions::default(), 3, stream_seed(seed, ENGINE_STREAM));
                play_game_variant(st, &mut agents, seed, i)
            })
            .collect()
    }

    /// The games' stats accumulated in consecutive parts of the given sizes, merged in `order`.
    fn in_parts<G: Game>(
        games: &[(GameRecord, VariantRecord)],
        sizes: &[usize],
        order: &[usize],
    ) -> Stats {
        let mut parts = Vec::new();
        let mut rest = games;
        for &n in sizes {
            let (part, tail) = rest.split_at(n.min(rest.len()));
            rest = tail;
            let mut st = Stats::for_game::<G>(3);
            for (r, v) in part {
                st.record_variant(r, v);
            }
            parts.push(st);
        }
        assert!(rest.is_empty());
        let mut total = Stats::for_game::<G>(3);
        for &i in order {
            total.merge(&parts[i]);
        }
        total
    }

    /// The variant statistics of a batch split into parts of any sizes (the runner's blocks on
    /// any number of threads), merged in any order, are those of the batch in one piece.
    #[test]
    fn variant_stats_merge_independently_of_the_split() {
        let games = debt_games(60);
        let agents = vec!["random".to_string(); 3];
        let whole = in_parts::<DebtState>(&games, &[60], &[0]);
        let want = whole.report(&agents);
        for (sizes, order) in [
            (vec![30, 30], vec![1, 0]),
            (vec![1, 17, 0, 42], vec![2, 0, 3, 1]),
            (vec![7; 9], vec![8, 7, 6, 5, 4, 3, 2, 1, 0]),
        ] {
            let split = in_parts::<DebtState>(&games, &sizes, &order);
            assert_eq!(split.variant, whole.variant, "{sizes:?}");
            assert_eq!(split.report(&agents), want, "{sizes:?}");
        }
        // The totals are the games' counters added up; the categories count every seat of a
        // finished game once per category (a value and a colour).
        let v = &whole.variant;
        for i in 0..VARIANT_COUNTERS {
            let sum: u64 = games.iter().map(|(_, g)| g.counters[i]).sum();
            assert_eq!(v.sum[i], sum);
        }
        let finished = whole.completed + whole.truncated;
        assert_eq!(v.seats.iter().sum::<u64>(), 2 * 3 * finished);
        assert_eq!(
            v.wins.iter().sum::<u64>(),
            2 * whole.wins.iter().sum::<u64>()
        );
        let rep = want.variant.expect("Uno Debt has a variant section");
        assert_eq!(rep.games, 60);
        assert_eq!(rep.stats.len(), DebtState::VARIANT_STATS.len());
        assert_eq!(rep.seat_categories.len(), DebtState::SEAT_CATEGORIES.len());
        let balances = rep.stats.iter().find(|s| s.name == "balances").unwrap();
        let StatValue::PerSeat { total, mean } = &balances.value else {
            panic!("balances are per seat")
        };
        assert_eq!((total.len(), mean.len()), (3, 3));
        assert!(total.iter().sum::<u64>() > 0);
    }

    /// Classic defines no variant statistics: no section, and nothing in the JSON.
    #[test]
    fn classic_has_no_variant_section() {
        let mut agents = [RandomAgent, RandomAgent, RandomAgent];
        let mut st = Stats::for_game::<ClassicState>(3);
        for i in 0..5 {
            let g = ClassicState::deal(ClassicOptions::default(), 3, i);
            let (r, v) = play_game_variant(g, &mut agents, i, i);
            assert_eq!(v, VariantRecord::default());
            st.record_variant(&r, &v);
        }
        assert!(st.variant.is_empty());
        let rep = st.report(&vec!["random".to_string(); 3]);
        assert!(rep.variant.is_none());
        let json = serde_json::to_value(&rep).unwrap();
        assert!(json.get("variant").is_none());
    }

    const LABELS: &[&str] = &["0", "1", "2+"];
    const DOCS: &[StatDoc] = &[
        StatDoc {
            name: "turns",
            meaning: "turns",
            summary: StatSummary::PerGame,
        },
        StatDoc {
            name: "per_seat",
            meaning: "per seat",
            summary: StatSummary::PerSeat,
        },
        StatDoc {
            name: "level",
            meaning: "level summed over turns",
            summary: StatSummary::PerUnit("turns"),
        },
        StatDoc {
            name: "peak",
            meaning: "largest level",
            summary: StatSummary::Max,
        },
        StatDoc {
            name: "levels",
            meaning: "turns by level",
            summary: StatSummary::Histogram(LABELS),
        },
    ];

    /// Every kind of summary, by hand.
    #[test]
    fn variant_report_summarises_each_kind() {
        let mut st = VariantStats::named(DOCS, &["a", "b"]);
        let rec = |winner: Option<u8>| GameRecord {
            index: 0,
            seed: 0,
            outcome: Some(Outcome {
                num_players: 2,
                winner,
                loser: None,
                no_loser: false,
                placing: [1; MAX_PLAYERS],
                points: [0; MAX_PLAYERS],
                hands: 1,
                ending: Ending::OutOfCards,
            }),
            counters: GameCounters::default(),
            aborted_by: None,
        };
        // Slots: turns 0, per_seat 1..=10, level 11, peak 12, levels 13..=15.
        let mut v = VariantRecord::default();
        v.counters[0] = 10;
        v.counters[1] = 3;
        v.counters[2] = 1;
        v.counters[11] = 25;
        v.counters[12] = 7;
        v.counters[13..16].copy_from_slice(&[5, 3, 2]);
        v.categories[0] = 0b01;
        v.categories[1] = 0b11;
        st.record(&rec(Some(1)), &v, 2);
        v.counters[0] = 30;
        v.counters[11] = 15;
        v.counters[12] = 3;
        v.counters[13..16].copy_from_slice(&[20, 10, 0]);
        st.record(&rec(Some(0)), &v, 2);
        let mut aborted = rec(None);
        aborted.aborted_by = Some(0);
        st.record(&aborted, &VariantRecord::default(), 2);
        let r = st.report(2).unwrap();
        assert_eq!(r.games, 3);
        let value = |n: &str| r.stats.iter().find(|s| s.name == n).unwrap().value.clone();
        assert_eq!(
            value("turns"),
            StatValue::PerGame {
                total: 40,
                mean: 40.0 / 3.0
            }
        );
        assert_eq!(
            value("per_seat"),
            StatValue::PerSeat {
                total: vec![6, 2],
                mean: vec![2.0, 2.0 / 3.0]
            }
        );
        assert_eq!(
            value("level"),
            StatValue::PerUnit {
                unit: "turns",
                total: 40,
                units: 40,
                mean: 1.0
            }
        );
        assert_eq!(
            value("peak"),
            StatValue::Max {
                max: 7,
                mean: 10.0 / 3.0
            }
        );
        assert_eq!(
            value("levels"),
            StatValue::Histogram {
                labels: LABELS.to_vec(),
                counts: vec![25, 13, 2],
                shares: vec![25.0 / 40.0, 13.0 / 40.0, 2.0 / 40.0]
            }
        );
        // Category a: both seats of both finished games (4 seat-games, 2 wins); b: seat 1 only
        // (2 seat-games, 1 win). The aborted game counts nowhere.
        let c = &r.seat_categories;
        assert_eq!((c[0].category, c[0].seats, c[0].wins), ("a", 4, 2));
        assert_eq!((c[1].category, c[1].seats, c[1].wins), ("b", 2, 1));
        assert_eq!(c[1].win_rate, 0.5);
        assert_eq!(c[1].win_rate_ci95, wilson95(1, 2));
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["stats"][2]["kind"], "per_unit");
        assert_eq!(json["stats"][2]["unit"], "turns");
        assert_eq!(json["stats"][4]["counts"][1], 13);
        assert_eq!(json["seat_categories"][1]["category"], "b");
    }

    #[test]
    fn wilson_matches_known_values() {
        // 50/100: the textbook symmetric case; 0/10: closed form upper = z²/(n+z²);
        // 81/263: computed independently in Python from Wilson's formula.
        let (lo, hi) = wilson95(50, 100);
        assert!((lo - 0.403_831).abs() < 1e-5 && (hi - 0.596_169).abs() < 1e-5);
        let (lo, hi) = wilson95(0, 10);
        assert!(lo == 0.0 && (hi - 0.277_533).abs() < 1e-5);
        let (lo, hi) = wilson95(81, 263);
        assert!(
            (lo - 0.255_289).abs() < 1e-5 && (hi - 0.366_210).abs() < 1e-5,
            "{lo} {hi}"
        );
    }

    #[test]
    fn percentiles_from_histogram() {
        let mut s = Stats::new(2);
        for t in 1..=100u32 {
            s.record(&GameRecord {
                index: 0,
                seed: 0,
                outcome: None,
                counters: GameCounters {
                    turns: t,
                    ..Default::default()
                },
                aborted_by: None,
            });
        }
        assert_eq!(s.length_percentile(50), 50);
        assert_eq!(s.length_percentile(90), 90);
        assert_eq!(s.length_percentile(99), 99);
        assert_eq!(s.max_turns, 100);
    }
}

/// [`Stats`] as plain data, for a shard's `partial.json` (`crate::shard`): every accumulator as
/// it is (the length histogram as `(turns, games)` pairs), so a merge rebuilds exactly the
/// accumulators a single run would hold.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RawStats {
    pub players: usize,
    pub games: u64,
    pub completed: u64,
    pub truncated: u64,
    pub aborted: u64,
    pub aborted_by_seat: Vec<u64>,
    pub wins: Vec<u64>,
    pub placing_sum: Vec<u64>,
    pub points_sum: Vec<i64>,
    pub hands: u64,
    pub turns: u64,
    pub actions: u64,
    pub cards_drawn: u64,
    pub reshuffles: u64,
    pub games_with_reshuffle: u64,
    pub challenges: u64,
    pub challenges_won: u64,
    pub uno_penalties: u64,
    pub jump_ins: u64,
    pub max_turns: u64,
    /// `(turns, games)` for every length that occurred, shortest first.
    pub lengths: Vec<(u32, u64)>,
    pub hand_wins: Vec<u64>,
    pub endings: Vec<u64>,
    /// The variant's own statistics and seat categories (`None` for a variant without any).
    pub variant: Option<RawVariantStats>,
}

/// [`VariantStats`]' counts as plain data (its names come from the variant).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RawVariantStats {
    pub games: u64,
    pub sum: Vec<u64>,
    pub max: Vec<u64>,
    pub seats: Vec<u64>,
    pub wins: Vec<u64>,
}

/// Copies `v` into a fixed array, or says which field has the wrong length.
fn fill<T: Copy, const N: usize>(dst: &mut [T; N], v: &[T], what: &str) -> Result<(), String> {
    if v.len() != N {
        return Err(format!(
            "accumulator {what}: {} entries, expected {N}",
            v.len()
        ));
    }
    dst.copy_from_slice(v);
    Ok(())
}

impl LengthHist {
    /// Counts `games` games of `turns` turns.
    pub fn add_many(&mut self, turns: u32, games: u64) {
        if games == 0 {
            return;
        }
        self.add(turns);
        let t = turns as usize;
        match self.dense.get_mut(t) {
            Some(c) => *c += games - 1,
            None => *self.long.get_mut(&turns).expect("just added") += games - 1,
        }
    }
}

impl Stats {
    /// The accumulators as plain data.
    pub fn to_raw(&self) -> RawStats {
        let v = &self.variant;
        RawStats {
            players: self.players,
            games: self.games,
            completed: self.completed,
            truncated: self.truncated,
            aborted: self.aborted,
            aborted_by_seat: self.aborted_by_seat.to_vec(),
            wins: self.wins.to_vec(),
            placing_sum: self.placing_sum.to_vec(),
            points_sum: self.points_sum.to_vec(),
            hands: self.hands,
            turns: self.turns,
            actions: self.actions,
            cards_drawn: self.cards_drawn,
            reshuffles: self.reshuffles,
            games_with_reshuffle: self.games_with_reshuffle,
            challenges: self.challenges,
            challenges_won: self.challenges_won,
            uno_penalties: self.uno_penalties,
            jump_ins: self.jump_ins,
            max_turns: self.max_turns,
            lengths: self.lengths.iter().collect(),
            hand_wins: self.hand_wins.to_vec(),
            endings: self.endings.to_vec(),
            variant: (!v.is_empty()).then(|| RawVariantStats {
                games: v.games,
                sum: v.sum.to_vec(),
                max: v.max.to_vec(),
                seats: v.seats.to_vec(),
                wins: v.wins.to_vec(),
            }),
        }
    }

    /// The accumulators of games of `G` from plain data ([`Stats::to_raw`]); an error names a
    /// field that does not fit (wrong length, a variant block where `G` has none or the other
    /// way round).
    pub fn from_raw<G: Game>(r: &RawStats) -> Result<Stats, String> {
        if !(1..=MAX_PLAYERS).contains(&r.players) {
            return Err(format!("accumulator players: {}", r.players));
        }
        let mut s = Stats::for_game::<G>(r.players);
        s.games = r.games;
        s.completed = r.completed;
        s.truncated = r.truncated;
        s.aborted = r.aborted;
        fill(
            &mut s.aborted_by_seat,
            &r.aborted_by_seat,
            "aborted_by_seat",
        )?;
        fill(&mut s.wins, &r.wins, "wins")?;
        fill(&mut s.placing_sum, &r.placing_sum, "placing_sum")?;
        fill(&mut s.points_sum, &r.points_sum, "points_sum")?;
        s.hands = r.hands;
        s.turns = r.turns;
        s.actions = r.actions;
        s.cards_drawn = r.cards_drawn;
        s.reshuffles = r.reshuffles;
        s.games_with_reshuffle = r.games_with_reshuffle;
        s.challenges = r.challenges;
        s.challenges_won = r.challenges_won;
        s.uno_penalties = r.uno_penalties;
        s.jump_ins = r.jump_ins;
        s.max_turns = r.max_turns;
        for &(t, c) in &r.lengths {
            s.lengths.add_many(t, c);
        }
        if s.lengths.games() != s.games {
            return Err(format!(
                "accumulator lengths: {} games, but games is {}",
                s.lengths.games(),
                s.games
            ));
        }
        fill(&mut s.hand_wins, &r.hand_wins, "hand_wins")?;
        fill(&mut s.endings, &r.endings, "endings")?;
        match (&r.variant, s.variant.is_empty()) {
            (None, true) => {}
            (Some(v), false) => {
                let t = &mut s.variant;
                t.games = v.games;
                fill(&mut t.sum, &v.sum, "variant.sum")?;
                fill(&mut t.max, &v.max, "variant.max")?;
                fill(&mut t.seats, &v.seats, "variant.seats")?;
                fill(&mut t.wins, &v.wins, "variant.wins")?;
            }
            (Some(_), true) => {
                return Err("accumulator variant: statistics for a variant without any".into())
            }
            (None, false) => return Err("accumulator variant: missing".into()),
        }
        Ok(s)
    }
}
