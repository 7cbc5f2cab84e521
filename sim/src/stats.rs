//! Mergeable statistics. Every accumulator is integer-valued and merged by addition, so the
//! totals are identical whatever the thread count or the order in which partial results merge;
//! memory does not grow with the number of games (the exact length histogram grows only with
//! the longest game).

use serde::Serialize;
use std::collections::BTreeMap;
use uno_engine::{Ending, GameCounters, Outcome, MAX_PLAYERS};

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
}

impl Stats {
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
        if let Some(w) = o.winner {
            self.wins[w as usize] += 1;
        }
        for s in 0..self.players {
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
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
