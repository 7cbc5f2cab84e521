//! Tournaments: several agents play each other on shared deals, with every seating rotated, and
//! are ranked by a Bradley–Terry rating fitted to their pairwise placings.
//!
//! - **Seatings.** The *lineup* of a game is a list of agent indices, one per seat: the agents
//!   themselves when there are as many agents as seats, the agent list repeated cyclically when
//!   there are fewer, and every combination of `n` agents (one lineup each) when there are more.
//!   Each lineup is played in all its distinct permutations ([`Seating::Permute`]) or in its
//!   distinct cyclic rotations ([`Seating::Rotate`]); [`Seating::Auto`] permutes when that gives at
//!   most [`MAX_AUTO_PERMUTATIONS`] seatings per lineup and rotates otherwise. Either way every
//!   agent sits in every seat equally often.
//! - **Common random numbers.** Deal `i` uses the game seed `game_seed(seed, i)`: the same initial
//!   state (engine stream `stream_seed(game_seed, ENGINE_STREAM)`) is replayed once per seating,
//!   and the agent in seat `s` draws from the seat's agent stream, exactly as in
//!   [`runner::play_game`](crate::runner::play_game).
//! - **Determinism.** Deals run in parallel (rayon) in chunks; every statistic is an integer sum,
//!   so results are identical for any thread count. An interrupt keeps the longest finished prefix
//!   of deals.
//!
//! See `docs/tournament.md` for the statistics and the rating model.

use crate::output::write_atomic;
use crate::progress::{run_blocks, run_chunks, Chunker};
use crate::rating::{self, BtFit, ELO_PER_NAT};
use crate::runner::{play_game, ENGINE_STREAM};
use crate::stats::{wilson95, GameRecord};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use uno_agents::{Agent, AgentSpec};
use uno_engine::{game_seed, stream_seed, Ending, Game, MAX_PLAYERS};

/// `Seating::Auto` plays every distinct permutation of a lineup when there are at most this many.
pub const MAX_AUTO_PERMUTATIONS: u64 = 24;
/// Most games per deal (seatings × lineups) a tournament accepts.
pub const MAX_GAMES_PER_DEAL: u64 = 10_000;
/// The deal-clustered (robust) standard errors need `k⁴` counters; above this many agents they
/// are not computed.
pub const MAX_ROBUST_AGENTS: usize = 16;

/// One participant: a label (unique within the tournament) and the agent spec it plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    pub label: String,
    pub spec: AgentSpec,
}

/// Parses `--agents`: comma-separated agent specs, each optionally written `LABEL@SPEC` to give
/// it a label of its own (two copies of one agent need distinct labels: `a@first,b@first`).
/// Parameters of a spec are comma-separated too (`mcts:iterations=200,c=0.7`): a piece of the
/// form `key=value` without `:` or `@` that follows a spec with parameters continues that spec.
pub fn parse_entrants(text: &str) -> Result<Vec<Entrant>, String> {
    let items = uno_agents::spec::split_spec_list(text);
    let mut out: Vec<Entrant> = Vec::with_capacity(items.len());
    for item in &items {
        let (label, spec_text) = match item.split_once('@') {
            Some((l, s)) => {
                let l = l.trim();
                if l.is_empty() {
                    return Err(format!("agent '{item}': empty label before '@'"));
                }
                (Some(l.to_string()), s)
            }
            None => (None, item.as_str()),
        };
        let spec = AgentSpec::parse(spec_text).map_err(|e| {
            if spec_text.trim().is_empty() {
                format!("--agents '{text}': {e}")
            } else {
                e
            }
        })?;
        let label = label.unwrap_or_else(|| spec.label());
        if out.iter().any(|e| e.label == label) {
            return Err(format!(
                "agent label '{label}' appears twice in --agents; give copies distinct labels, \
                 e.g. a@{0},b@{0}",
                spec.label()
            ));
        }
        out.push(Entrant { label, spec });
    }
    if out.len() < 2 {
        return Err(format!(
            "a tournament needs at least 2 agents, got {} (e.g. --agents random,first)",
            out.len()
        ));
    }
    Ok(out)
}

/// How the seats of a lineup are permuted across the games of one deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Seating {
    /// `permute` if a lineup has at most 24 distinct permutations, else `rotate`.
    Auto,
    /// The distinct cyclic rotations of each lineup (at most `players` games per lineup).
    Rotate,
    /// Every distinct permutation of each lineup.
    Permute,
}

impl Seating {
    pub fn name(self) -> &'static str {
        match self {
            Seating::Auto => "auto",
            Seating::Rotate => "rotate",
            Seating::Permute => "permute",
        }
    }
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

/// Number of distinct permutations of a multiset lineup.
fn distinct_permutations(lineup: &[usize]) -> u64 {
    let mut counts = std::collections::BTreeMap::new();
    for &a in lineup {
        *counts.entry(a).or_insert(0u64) += 1;
    }
    counts
        .values()
        .fold(factorial(lineup.len() as u64), |acc, &c| acc / factorial(c))
}

fn binomial(n: u64, k: u64) -> u64 {
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
        if r > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    r as u64
}

/// Lexicographic next permutation; `false` (and unchanged) at the last one.
fn next_permutation(v: &mut [usize]) -> bool {
    let n = v.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && v[i - 1] >= v[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = n - 1;
    while v[j] <= v[i - 1] {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// The seatings played on every deal.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Number of agents.
    pub agents: usize,
    /// Seats per game.
    pub players: usize,
    /// The scheme actually used (`Auto` resolved).
    pub seating: Seating,
    /// One entry per game of a deal: the agent index in each seat.
    pub arrangements: Vec<Vec<usize>>,
}

impl Plan {
    pub fn new(agents: usize, players: usize, seating: Seating) -> Result<Plan, String> {
        if agents < 2 {
            return Err(format!(
                "a tournament needs at least 2 agents, got {agents}"
            ));
        }
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "a tournament needs 2 to {MAX_PLAYERS} players per game, got {players}"
            ));
        }
        let lineup_count = if agents > players {
            binomial(agents as u64, players as u64)
        } else {
            1
        };
        let first_lineup: Vec<usize> = if agents > players {
            (0..players).collect()
        } else {
            (0..players).map(|j| j % agents).collect()
        };
        let perms = distinct_permutations(&first_lineup);
        let seating = match seating {
            Seating::Auto if perms <= MAX_AUTO_PERMUTATIONS => Seating::Permute,
            Seating::Auto => Seating::Rotate,
            s => s,
        };
        let per_lineup = match seating {
            Seating::Permute => perms,
            _ => players as u64, // an upper bound (duplicates are removed)
        };
        let total = lineup_count.saturating_mul(per_lineup);
        if total > MAX_GAMES_PER_DEAL {
            return Err(format!(
                "{agents} agents at {players} seats with seating '{}' would play {total} games per \
                 deal (at most {MAX_GAMES_PER_DEAL}); use --seating rotate or fewer agents",
                seating.name()
            ));
        }
        let mut lineups: Vec<Vec<usize>> = Vec::new();
        if agents > players {
            let mut c: Vec<usize> = (0..players).collect();
            loop {
                lineups.push(c.clone());
                // next combination in lexicographic order
                let mut i = players;
                while i > 0 && c[i - 1] == agents - players + i - 1 {
                    i -= 1;
                }
                if i == 0 {
                    break;
                }
                c[i - 1] += 1;
                for j in i..players {
                    c[j] = c[j - 1] + 1;
                }
            }
        } else {
            lineups.push(first_lineup);
        }
        let mut arrangements = Vec::new();
        for lineup in &lineups {
            match seating {
                Seating::Permute => {
                    let mut p = lineup.clone();
                    p.sort_unstable();
                    loop {
                        arrangements.push(p.clone());
                        if !next_permutation(&mut p) {
                            break;
                        }
                    }
                }
                _ => {
                    let mut rots: Vec<Vec<usize>> = Vec::new();
                    for r in 0..players {
                        let a: Vec<usize> =
                            (0..players).map(|j| lineup[(j + r) % players]).collect();
                        if !rots.contains(&a) {
                            rots.push(a);
                        }
                    }
                    arrangements.extend(rots);
                }
            }
        }
        Ok(Plan {
            agents,
            players,
            seating,
            arrangements,
        })
    }

    /// Games played per deal.
    pub fn games_per_deal(&self) -> usize {
        self.arrangements.len()
    }

    /// How often agent `a` sits in seat `s` over the games of one deal.
    pub fn seat_count(&self, a: usize, s: usize) -> usize {
        self.arrangements.iter().filter(|arr| arr[s] == a).count()
    }
}

/// Fresh agent instances, reused across games (every game starts with `Agent::reset`).
pub struct AgentPool<'a, A> {
    make: &'a (dyn Fn(usize) -> A + Sync),
    free: Vec<Vec<A>>,
    seats: Vec<A>,
}

impl<'a, A> AgentPool<'a, A> {
    pub fn new(agents: usize, make: &'a (dyn Fn(usize) -> A + Sync)) -> Self {
        AgentPool {
            make,
            free: (0..agents).map(|_| Vec::new()).collect(),
            seats: Vec::new(),
        }
    }
}

/// Plays deal `deal` once per seating of `plan`. `None` if `stop` was raised before the deal's
/// games were all played.
pub fn play_deal<G: Game, A: Agent<G>>(
    plan: &Plan,
    master_seed: u64,
    deal: u64,
    new_game: &(dyn Fn(u64) -> G + Sync),
    pool: &mut AgentPool<'_, A>,
    stop: Option<&AtomicBool>,
) -> Option<Vec<GameRecord>> {
    let seed = game_seed(master_seed, deal);
    let initial = new_game(stream_seed(seed, ENGINE_STREAM));
    let mut records = Vec::with_capacity(plan.arrangements.len());
    for arr in &plan.arrangements {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return None;
        }
        pool.seats.clear();
        for &a in arr {
            let agent = pool.free[a].pop().unwrap_or_else(|| (pool.make)(a));
            pool.seats.push(agent);
        }
        records.push(play_game(initial.clone(), &mut pool.seats, seed, deal));
        for (s, agent) in pool.seats.drain(..).enumerate() {
            pool.free[arr[s]].push(agent);
        }
    }
    Some(records)
}

/// Integer accumulators of a tournament, merged by addition (serialised as they are in a
/// shard's `partial.json`, `crate::shard`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentStats {
    pub agents: usize,
    pub players: usize,
    pub deals: u64,
    pub games: u64,
    pub completed: u64,
    pub truncated: u64,
    /// Games stopped because an agent returned an illegal action (excluded from everything else).
    pub aborted: u64,
    pub aborted_by_agent: Vec<u64>,
    /// `[a * players + s]`: finished games in which agent `a` sat in seat `s`.
    pub seat_games: Vec<u64>,
    /// `[a * players + s]`: of those, games agent `a` won from seat `s`.
    pub seat_wins: Vec<u64>,
    pub placing_sum: Vec<u64>,
    pub points_sum: Vec<i64>,
    /// `[a * agents + b]`: comparisons (two seats of one finished game) in which agent `a` placed
    /// better than agent `b`. Seats held by the same agent are not compared.
    pub better: Vec<u64>,
    /// Per-deal second moments of the win counts (see [`rating::robust_cov`]); empty above
    /// [`MAX_ROBUST_AGENTS`] agents.
    pub cross: Vec<u64>,
    pub turns: u64,
    pub decisions: u64,
}

impl TournamentStats {
    pub fn new(agents: usize, players: usize) -> Self {
        let kk = agents * agents;
        TournamentStats {
            agents,
            players,
            deals: 0,
            games: 0,
            completed: 0,
            truncated: 0,
            aborted: 0,
            aborted_by_agent: vec![0; agents],
            seat_games: vec![0; agents * players],
            seat_wins: vec![0; agents * players],
            placing_sum: vec![0; agents],
            points_sum: vec![0; agents],
            better: vec![0; kk],
            cross: if agents <= MAX_ROBUST_AGENTS {
                vec![0; kk * kk]
            } else {
                Vec::new()
            },
            turns: 0,
            decisions: 0,
        }
    }

    /// Adds the games of one deal (`records[g]` played with `plan.arrangements[g]`).
    pub fn record_deal(&mut self, plan: &Plan, records: &[GameRecord]) {
        assert_eq!(records.len(), plan.arrangements.len());
        let k = self.agents;
        let n = self.players;
        let mut w = vec![0u64; k * k];
        self.deals += 1;
        for (r, arr) in records.iter().zip(&plan.arrangements) {
            self.games += 1;
            self.turns += r.counters.turns as u64;
            self.decisions += r.counters.actions as u64;
            if let Some(seat) = r.aborted_by {
                self.aborted += 1;
                self.aborted_by_agent[arr[seat as usize]] += 1;
                continue;
            }
            let Some(o) = &r.outcome else { continue };
            match o.ending {
                Ending::OutOfCards => self.completed += 1,
                Ending::Truncated => self.truncated += 1,
            }
            for (s, &a) in arr.iter().enumerate() {
                self.seat_games[a * n + s] += 1;
                if o.won(s as u8) {
                    self.seat_wins[a * n + s] += 1;
                }
                self.placing_sum[a] += o.placing[s] as u64;
                self.points_sum[a] += o.points[s] as i64;
            }
            for s in 0..n {
                for t in s + 1..n {
                    let (a, b) = (arr[s], arr[t]);
                    if a == b {
                        continue;
                    }
                    if o.placing[s] < o.placing[t] {
                        w[a * k + b] += 1;
                    } else {
                        w[b * k + a] += 1;
                    }
                }
            }
        }
        let nz: Vec<(usize, u64)> = w
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(i, &c)| (i, c))
            .collect();
        for &(i, c) in &nz {
            self.better[i] += c;
        }
        if !self.cross.is_empty() {
            let kk = k * k;
            for &(x, cx) in &nz {
                for &(y, cy) in &nz {
                    self.cross[x * kk + y] += cx * cy;
                }
            }
        }
    }

    pub fn merge(&mut self, o: &TournamentStats) {
        fn add<T: Copy + std::ops::AddAssign>(a: &mut [T], b: &[T]) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += *y;
            }
        }
        self.deals += o.deals;
        self.games += o.games;
        self.completed += o.completed;
        self.truncated += o.truncated;
        self.aborted += o.aborted;
        add(&mut self.aborted_by_agent, &o.aborted_by_agent);
        add(&mut self.seat_games, &o.seat_games);
        add(&mut self.seat_wins, &o.seat_wins);
        add(&mut self.placing_sum, &o.placing_sum);
        add(&mut self.points_sum, &o.points_sum);
        add(&mut self.better, &o.better);
        add(&mut self.cross, &o.cross);
        self.turns += o.turns;
        self.decisions += o.decisions;
    }

    /// Fits the rating model to the pairwise comparisons.
    pub fn fit(&self) -> Option<BtFit> {
        let w: Vec<f64> = self.better.iter().map(|&c| c as f64).collect();
        rating::fit(self.agents, &w)
    }
}

/// What to run.
pub struct Schedule<'a, G: Game> {
    pub plan: &'a Plan,
    /// Number of deals.
    pub deals: u64,
    pub seed: u64,
    /// Builds the initial state of a deal from its engine seed.
    pub new_game: &'a (dyn Fn(u64) -> G + Sync),
    /// Deals per chunk; 0 sizes chunks to the agents' speed ([`crate::progress::Chunker`]).
    pub chunk: u64,
}

/// Result of [`run`].
pub struct TournamentRun {
    pub stats: TournamentStats,
    /// Deals finished (the first `deals_run` deals; fewer than asked if interrupted).
    pub deals_run: u64,
    pub interrupted: bool,
}

/// Runs a tournament on the current rayon pool. `make_agent(i)` builds a fresh agent for entrant
/// `i`; `progress(games)` is called after each block of finished deals (blocks are sized to the
/// agents' speed, `crate::progress`); `stop` is polled between games. Deals start in index order
/// and a deal counts only with all its seatings, so an interrupted run keeps exactly deals
/// `0..deals_run` (a deal stopped half-way, and any deal after it, is dropped).
pub fn run<G: Game, A: Agent<G>>(
    s: &Schedule<'_, G>,
    make_agent: &(dyn Fn(usize) -> A + Sync),
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> TournamentRun {
    run_range(s, 0..s.deals, make_agent, stop, progress)
}

/// As [`run`], for deals `range` only (a shard, `crate::shard`): deal `i` is still deal `i` of
/// the whole tournament, and the result holds exactly deals `range.start..range.start +
/// deals_run` (`s.deals` is ignored).
pub fn run_range<G: Game, A: Agent<G>>(
    s: &Schedule<'_, G>,
    range: std::ops::Range<u64>,
    make_agent: &(dyn Fn(usize) -> A + Sync),
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> TournamentRun {
    let first = range.start;
    let plan = s.plan;
    let (k, n) = (plan.agents, plan.players);
    let per_deal = plan.games_per_deal() as u64;
    let mut total = TournamentStats::new(k, n);
    let mut chunker = Chunker::new(rayon::current_num_threads(), Some(s.chunk), u64::MAX);
    let (end, interrupted) = run_chunks(
        range,
        &mut chunker,
        stop,
        |_| Some(u64::MAX),
        |range, block| {
            let start = range.start;
            let (end, parts) = run_blocks(
                range,
                block,
                stop,
                &|d| progress(d * per_deal),
                || AgentPool::new(k, make_agent),
                || TournamentStats::new(k, n),
                |pool, st, i| match play_deal(plan, s.seed, i, s.new_game, pool, Some(stop)) {
                    Some(records) => {
                        st.record_deal(plan, &records);
                        true
                    }
                    None => false,
                },
            )
            .prefix();
            for p in &parts {
                total.merge(p);
            }
            end - start
        },
    );
    TournamentRun {
        stats: total,
        deals_run: end - first,
        interrupted,
    }
}

// ------------------------------------------------------------------------------------------
// Reports
// ------------------------------------------------------------------------------------------

use crate::stats::ratio;

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AgentResult {
    pub agent: String,
    /// Canonical spec string of the agent.
    pub spec: String,
    /// 1 = best (by rating; by win rate when there is no rating).
    pub rank: usize,
    /// Seat-games played in finished games (an agent holding two seats of a game counts twice).
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub win_rate_ci95: (f64, f64),
    pub mean_placing: f64,
    pub mean_points: f64,
    /// Games this agent aborted by returning an illegal action.
    pub aborted: u64,
    /// Bradley–Terry rating, Elo scale, mean 0 (`null` if not estimable).
    pub rating: Option<f64>,
    /// Its standard error from the observed Fisher information.
    pub rating_se: Option<f64>,
    /// Its deal-clustered (sandwich) standard error.
    pub rating_se_robust: Option<f64>,
    /// Per seat: games, wins, win rate.
    pub seat_games: Vec<u64>,
    pub seat_wins: Vec<u64>,
    pub seat_win_rate: Vec<f64>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PairResult {
    pub agent: String,
    pub opponent: String,
    /// Comparisons: pairs of seats, one held by each agent, in the same finished game.
    pub comparisons: u64,
    /// Of those, how often `agent` placed better.
    pub better: u64,
    pub share: f64,
    pub share_ci95: (f64, f64),
    /// The share the fitted model predicts.
    pub expected_share: Option<f64>,
    /// `rating(agent) − rating(opponent)` and its standard errors.
    pub rating_diff: Option<f64>,
    pub rating_diff_se: Option<f64>,
    pub rating_diff_se_robust: Option<f64>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatResult {
    pub seat: usize,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub win_rate_ci95: (f64, f64),
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RatingInfo {
    pub model: &'static str,
    pub scale: &'static str,
    pub anchor: &'static str,
    /// Pairwise comparisons fitted.
    pub comparisons: u64,
    pub estimated: bool,
    pub regularized: bool,
    pub converged: bool,
    pub iterations: usize,
    pub log_likelihood: Option<f64>,
    /// Covariance of the ratings (Elo scale), row-major over the agents in input order.
    pub covariance: Option<Vec<Vec<f64>>>,
    pub covariance_robust: Option<Vec<Vec<f64>>>,
}

/// The deterministic results of a tournament (no timings).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TournamentReport {
    pub deals: u64,
    pub games: u64,
    pub completed: u64,
    pub truncated: u64,
    pub aborted: u64,
    pub mean_turns: f64,
    pub mean_decisions: f64,
    /// In input order (see `rank`).
    pub agents: Vec<AgentResult>,
    /// Ordered pairs of distinct agents, in input order.
    pub head_to_head: Vec<PairResult>,
    /// Win rate per seat over all finished games.
    pub seats: Vec<SeatResult>,
    pub rating: RatingInfo,
}

impl TournamentStats {
    pub fn report(&self, entrants: &[Entrant]) -> TournamentReport {
        let (k, n) = (self.agents, self.players);
        assert_eq!(entrants.len(), k);
        let finished = self.completed + self.truncated;
        let fit = self.fit();
        let robust = fit
            .as_ref()
            .filter(|_| !self.cross.is_empty())
            .map(|f| rating::robust_cov(f, &self.cross));
        let se_of = |cov: &[f64], i: usize| cov[i * k + i].max(0.0).sqrt() * ELO_PER_NAT;
        let mut agents: Vec<AgentResult> = (0..k)
            .map(|a| {
                let sg = &self.seat_games[a * n..(a + 1) * n];
                let sw = &self.seat_wins[a * n..(a + 1) * n];
                let games: u64 = sg.iter().sum();
                let wins: u64 = sw.iter().sum();
                AgentResult {
                    agent: entrants[a].label.clone(),
                    spec: entrants[a].spec.label(),
                    rank: 0,
                    games,
                    wins,
                    win_rate: ratio(wins as f64, games),
                    win_rate_ci95: wilson95(wins, games),
                    mean_placing: ratio(self.placing_sum[a] as f64, games),
                    mean_points: ratio(self.points_sum[a] as f64, games),
                    aborted: self.aborted_by_agent[a],
                    rating: fit.as_ref().map(|f| f.elo(a)),
                    rating_se: fit.as_ref().map(|f| f.elo_se(a)),
                    rating_se_robust: robust.as_ref().map(|c| se_of(c, a)),
                    seat_games: sg.to_vec(),
                    seat_wins: sw.to_vec(),
                    seat_win_rate: sg
                        .iter()
                        .zip(sw)
                        .map(|(&g, &w)| ratio(w as f64, g))
                        .collect(),
                }
            })
            .collect();
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by(|&x, &y| {
            let key = |a: &AgentResult| a.rating.unwrap_or(a.win_rate);
            key(&agents[y]).total_cmp(&key(&agents[x])).then(x.cmp(&y))
        });
        for (r, &a) in order.iter().enumerate() {
            agents[a].rank = r + 1;
        }
        let mut head_to_head = Vec::new();
        for a in 0..k {
            for b in 0..k {
                if a == b {
                    continue;
                }
                let better = self.better[a * k + b];
                let comparisons = better + self.better[b * k + a];
                head_to_head.push(PairResult {
                    agent: entrants[a].label.clone(),
                    opponent: entrants[b].label.clone(),
                    comparisons,
                    better,
                    share: ratio(better as f64, comparisons),
                    share_ci95: wilson95(better, comparisons),
                    expected_share: fit.as_ref().map(|f| f.p_beats(a, b)),
                    rating_diff: fit.as_ref().map(|f| f.elo(a) - f.elo(b)),
                    rating_diff_se: fit.as_ref().map(|f| f.elo_diff_se(a, b)),
                    rating_diff_se_robust: robust.as_ref().map(|c| rating::diff_se(c, k, a, b)),
                });
            }
        }
        let seats = (0..n)
            .map(|s| {
                let wins: u64 = (0..k).map(|a| self.seat_wins[a * n + s]).sum();
                SeatResult {
                    seat: s,
                    games: finished,
                    wins,
                    win_rate: ratio(wins as f64, finished),
                    win_rate_ci95: wilson95(wins, finished),
                }
            })
            .collect();
        let scale2 = ELO_PER_NAT * ELO_PER_NAT;
        let to_rows = |c: &[f64]| -> Vec<Vec<f64>> {
            (0..k)
                .map(|i| (0..k).map(|j| c[i * k + j] * scale2).collect())
                .collect()
        };
        let rating = RatingInfo {
            model: "bradley_terry",
            scale: "elo: 400*log10(odds)",
            anchor: "mean",
            comparisons: self.better.iter().sum(),
            estimated: fit.is_some(),
            regularized: fit.as_ref().is_some_and(|f| f.regularized),
            converged: fit.as_ref().is_some_and(|f| f.converged),
            iterations: fit.as_ref().map_or(0, |f| f.iterations),
            log_likelihood: fit.as_ref().map(|f| f.log_likelihood),
            covariance: fit.as_ref().map(|f| to_rows(&f.cov)),
            covariance_robust: robust.as_deref().map(to_rows),
        };
        TournamentReport {
            deals: self.deals,
            games: self.games,
            completed: self.completed,
            truncated: self.truncated,
            aborted: self.aborted,
            mean_turns: ratio(self.turns as f64, self.games),
            mean_decisions: ratio(self.decisions as f64, self.games),
            agents,
            head_to_head,
            seats,
            rating,
        }
    }
}

/// The configuration part of `tournament.json`.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentConfig {
    pub variant: String,
    pub players: usize,
    pub agents: Vec<EntrantInfo>,
    pub deals_requested: u64,
    pub seed: u64,
    pub seating_requested: Seating,
    pub seating: Seating,
    pub games_per_deal: usize,
    /// Per game of a deal, the agent label in each seat.
    pub arrangements: Vec<Vec<String>>,
    pub options: serde_json::Value,
}

#[derive(Clone, Debug, Serialize)]
pub struct EntrantInfo {
    pub label: String,
    pub spec: String,
}

impl TournamentConfig {
    pub fn new(
        variant: &str,
        entrants: &[Entrant],
        plan: &Plan,
        requested: Seating,
        deals: u64,
        seed: u64,
        options: serde_json::Value,
    ) -> Self {
        TournamentConfig {
            variant: variant.to_string(),
            players: plan.players,
            agents: entrants
                .iter()
                .map(|e| EntrantInfo {
                    label: e.label.clone(),
                    spec: e.spec.label(),
                })
                .collect(),
            deals_requested: deals,
            seed,
            seating_requested: requested,
            seating: plan.seating,
            games_per_deal: plan.games_per_deal(),
            arrangements: plan
                .arrangements
                .iter()
                .map(|a| a.iter().map(|&i| entrants[i].label.clone()).collect())
                .collect(),
            options,
        }
    }
}

/// Timings and run facts (not deterministic).
#[derive(Clone, Debug, Serialize)]
pub struct RunInfo {
    /// Where the result came from (`docs/output-schema.md`).
    pub provenance: crate::provenance::Provenance,
    pub threads: usize,
    pub elapsed_seconds: f64,
    pub games_per_second: f64,
    pub interrupted: bool,
}

#[derive(Serialize)]
struct TournamentFile<'a> {
    config: &'a TournamentConfig,
    results: &'a TournamentReport,
    run: &'a RunInfo,
}

/// `tournament.json`.
pub fn to_json(cfg: &TournamentConfig, rep: &TournamentReport, run: &RunInfo) -> String {
    serde_json::to_string_pretty(&TournamentFile {
        config: cfg,
        results: rep,
        run,
    })
    .expect("tournament serialises")
}

fn ranked(rep: &TournamentReport) -> Vec<usize> {
    let mut order: Vec<usize> = (0..rep.agents.len()).collect();
    order.sort_by_key(|&a| rep.agents[a].rank);
    order
}

fn fmt_opt(x: Option<f64>, prec: usize) -> String {
    x.map(|v| format!("{v:.prec$}")).unwrap_or_default()
}

/// `agents.csv`: one row per agent, best first.
pub fn agents_csv(rep: &TournamentReport, players: usize) -> Result<Vec<u8>, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut h: Vec<String> = [
        "rank",
        "agent",
        "spec",
        "rating",
        "rating_se",
        "rating_se_robust",
        "games",
        "wins",
        "win_rate",
        "win_rate_lo95",
        "win_rate_hi95",
        "mean_placing",
        "mean_points",
        "aborted",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for s in 0..players {
        h.push(format!("win_rate_seat{s}"));
    }
    w.write_record(&h).map_err(|e| e.to_string())?;
    for a in ranked(rep) {
        let r = &rep.agents[a];
        let mut row = vec![
            r.rank.to_string(),
            r.agent.clone(),
            r.spec.clone(),
            fmt_opt(r.rating, 3),
            fmt_opt(r.rating_se, 3),
            fmt_opt(r.rating_se_robust, 3),
            r.games.to_string(),
            r.wins.to_string(),
            format!("{:.6}", r.win_rate),
            format!("{:.6}", r.win_rate_ci95.0),
            format!("{:.6}", r.win_rate_ci95.1),
            format!("{:.6}", r.mean_placing),
            format!("{:.6}", r.mean_points),
            r.aborted.to_string(),
        ];
        for s in 0..players {
            row.push(format!("{:.6}", r.seat_win_rate[s]));
        }
        w.write_record(&row).map_err(|e| e.to_string())?;
    }
    w.into_inner().map_err(|e| e.to_string())
}

/// `head_to_head.csv`: one row per ordered pair of distinct agents.
pub fn head_to_head_csv(rep: &TournamentReport) -> Result<Vec<u8>, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "agent",
        "opponent",
        "comparisons",
        "better",
        "share",
        "share_lo95",
        "share_hi95",
        "expected_share",
        "rating_diff",
        "rating_diff_se",
        "rating_diff_se_robust",
    ])
    .map_err(|e| e.to_string())?;
    for p in &rep.head_to_head {
        w.write_record([
            p.agent.clone(),
            p.opponent.clone(),
            p.comparisons.to_string(),
            p.better.to_string(),
            format!("{:.6}", p.share),
            format!("{:.6}", p.share_ci95.0),
            format!("{:.6}", p.share_ci95.1),
            fmt_opt(p.expected_share, 6),
            fmt_opt(p.rating_diff, 3),
            fmt_opt(p.rating_diff_se, 3),
            fmt_opt(p.rating_diff_se_robust, 3),
        ])
        .map_err(|e| e.to_string())?;
    }
    w.into_inner().map_err(|e| e.to_string())
}

/// `tournament.md`: the ranking, the head-to-head matrix and the seat table.
pub fn markdown(cfg: &TournamentConfig, rep: &TournamentReport) -> String {
    let mut m = String::new();
    let order = ranked(rep);
    let finished = rep.completed + rep.truncated;
    let _ = writeln!(
        m,
        "# Tournament: {}, {} players\n",
        cfg.variant, cfg.players
    );
    let _ = writeln!(
        m,
        "{} deals × {} seatings ({}) = {} games, seed {}; {} finished ({} truncated), {} aborted.\n",
        rep.deals,
        cfg.games_per_deal,
        cfg.seating.name(),
        rep.games,
        cfg.seed,
        finished,
        rep.truncated,
        rep.aborted
    );
    if rep.deals < cfg.deals_requested {
        let _ = writeln!(
            m,
            "**Interrupted:** {} of {} deals finished.\n",
            rep.deals, cfg.deals_requested
        );
    }
    m.push_str(
        "| rank | agent | rating ± s.e. | robust s.e. | win rate [95% CI] | mean place | mean points | games |\n",
    );
    m.push_str("|---:|---|---:|---:|---|---:|---:|---:|\n");
    for &a in &order {
        let r = &rep.agents[a];
        let rating = match (r.rating, r.rating_se) {
            // (no "-0.0")
            (Some(x), Some(se)) if x.abs() < 0.05 => format!("+0.0 ± {se:.1}"),
            (Some(x), Some(se)) => format!("{x:+.1} ± {se:.1}"),
            _ => "n/a".into(),
        };
        let _ = writeln!(
            m,
            "| {} | {} | {} | {} | {:.4} [{:.4}, {:.4}] | {:.3} | {:.2} | {} |",
            r.rank,
            r.agent,
            rating,
            r.rating_se_robust
                .map(|x| format!("{x:.1}"))
                .unwrap_or_else(|| "n/a".into()),
            r.win_rate,
            r.win_rate_ci95.0,
            r.win_rate_ci95.1,
            r.mean_placing,
            r.mean_points,
            r.games
        );
    }
    let _ = writeln!(
        m,
        "\nRating: Bradley–Terry fitted to pairwise placings ({} comparisons), Elo scale \
         (400·log10 odds), mean 0; s.e. from the observed Fisher information, robust s.e. \
         clustered by deal.{}",
        rep.rating.comparisons,
        if rep.rating.regularized {
            " Some agent never lost (or never won) a comparison: the fit added one virtual \
             half-won comparison per pair."
        } else {
            ""
        }
    );
    let _ = writeln!(
        m,
        "Games and win rates count seat-games; mean points are the card points left in hand \
         (single hand: lower is better)."
    );
    if crate::variant::loser_only(&cfg.variant, &cfg.options) {
        let _ = writeln!(
            m,
            "A loser-only game: a win is a game the seat did not lose (at {} players the fair \
             share is {}/{}), and mean points are summed over the hands of a game.",
            cfg.players,
            cfg.players - 1,
            cfg.players
        );
    }
    m.push_str(
        "\n## Head to head\n\nShare of comparisons in which the row agent placed better than \
         the column agent (comparisons in parentheses).\n\n|  |",
    );
    for &b in &order {
        let _ = write!(m, " {} |", rep.agents[b].agent);
    }
    m.push_str("\n|---|");
    for _ in &order {
        m.push_str("---:|");
    }
    m.push('\n');
    let k = rep.agents.len();
    for &a in &order {
        let _ = write!(m, "| {} |", rep.agents[a].agent);
        for &b in &order {
            if a == b {
                m.push_str(" — |");
                continue;
            }
            // head_to_head is ordered by (a, b) over distinct pairs in input order
            let idx = a * (k - 1) + if b < a { b } else { b - 1 };
            let p = &rep.head_to_head[idx];
            let _ = write!(m, " {:.3} ({}) |", p.share, p.comparisons);
        }
        m.push('\n');
    }
    m.push_str("\n## Seats\n\nWin rate by seat (seat 0 plays first), over all agents and per agent.\n\n| seat | all [95% CI] |");
    for &a in &order {
        let _ = write!(m, " {} |", rep.agents[a].agent);
    }
    m.push_str("\n|---:|---|");
    for _ in &order {
        m.push_str("---:|");
    }
    m.push('\n');
    for s in &rep.seats {
        let _ = write!(
            m,
            "| {} | {:.4} [{:.4}, {:.4}] |",
            s.seat, s.win_rate, s.win_rate_ci95.0, s.win_rate_ci95.1
        );
        for &a in &order {
            let _ = write!(m, " {:.4} |", rep.agents[a].seat_win_rate[s.seat]);
        }
        m.push('\n');
    }
    m
}

/// Writes `tournament.json`, `agents.csv`, `head_to_head.csv` and `tournament.md` into `dir`
/// (each atomically).
/// The files `write_outputs` writes.
pub const FILE_NAMES: [&str; 4] = [
    "tournament.json",
    "agents.csv",
    "head_to_head.csv",
    "tournament.md",
];

pub fn write_outputs(
    dir: &Path,
    cfg: &TournamentConfig,
    rep: &TournamentReport,
    run: &RunInfo,
) -> Result<(), String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create output folder {}: {e}", dir.display()))?;
    write_atomic(
        &dir.join("tournament.json"),
        to_json(cfg, rep, run).as_bytes(),
    )?;
    write_atomic(&dir.join("agents.csv"), &agents_csv(rep, cfg.players)?)?;
    write_atomic(&dir.join("head_to_head.csv"), &head_to_head_csv(rep)?)?;
    write_atomic(&dir.join("tournament.md"), markdown(cfg, rep).as_bytes())?;
    Ok(())
}
