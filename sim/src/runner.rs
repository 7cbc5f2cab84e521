//! The parallel batch runner.
//!
//! Game `i` of a batch with master seed `m` uses `game_seed(m, i)`; its engine chance stream and
//! each seat's agent stream are derived from that seed alone. Games are processed in chunks; the
//! games of a chunk run in parallel (rayon) and fold into integer accumulators, so the summary is
//! bit-identical for any thread count. Between chunks the runner reports progress, streams the
//! chunk's per-game records (in game order) and checks for an interrupt.
//!
//! When every seat is the uniform random agent and nothing observes the game, a game is played
//! by the variant's fused `Game::play_random` loop: the same actions from the same seat streams
//! (tested bit for bit against the general loop), without per-decision agent dispatch.

use crate::stats::{GameRecord, Stats};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use uno_agents::{Agent, AgentSpec, AgentSupport, AnyAgent, Decision};
use uno_engine::{game_seed, stream_seed, Action, ActionList, Game, Rng, Seat};

/// Stream ids under a game seed.
pub const ENGINE_STREAM: u64 = 0;
/// Seat `s`'s agent uses stream `AGENT_STREAM + s`.
pub const AGENT_STREAM: u64 = 1;

/// Plays one game to the end with the given agents (one per seat). An agent that returns an
/// illegal action aborts the game; the runner records it (no move is substituted).
#[inline]
pub fn play_game<G: Game, A: Agent<G>>(
    state: G,
    agents: &mut [A],
    seed: u64,
    index: u64,
) -> GameRecord {
    play::<G, A, false>(state, agents, seed, index, |_, _, _| {})
}

/// As [`play_game`], calling `observe(state, seat, action)` before each action is applied.
pub fn play_game_observed<G: Game, A: Agent<G>>(
    state: G,
    agents: &mut [A],
    seed: u64,
    index: u64,
    observe: impl FnMut(&G, Seat, Action),
) -> GameRecord {
    play::<G, A, true>(state, agents, seed, index, observe)
}

/// The game loop; `OBSERVED` says whether `observe` does anything (when it does not and every
/// seat is the random agent, the variant's fused `Game::play_random` loop runs instead).
#[inline(always)]
fn play<G: Game, A: Agent<G>, const OBSERVED: bool>(
    mut state: G,
    agents: &mut [A],
    seed: u64,
    index: u64,
    mut observe: impl FnMut(&G, Seat, Action),
) -> GameRecord {
    let mut legal = ActionList::new();
    let n = agents.len();
    debug_assert_eq!(n, state.num_players());
    // Seat s draws its randomness from stream AGENT_STREAM + s of the game seed (only the n
    // seats in play are seeded; the rest stay cheap placeholders).
    let mut rngs: [Rng; uno_engine::MAX_PLAYERS] = std::array::from_fn(|_| Rng::placeholder());
    for (s, r) in rngs.iter_mut().enumerate().take(n) {
        *r = Rng::new(stream_seed(seed, AGENT_STREAM + s as u64));
    }
    for a in agents.iter_mut() {
        a.reset();
    }
    let mut aborted_by = None;
    if !OBSERVED && agents.iter().all(|a| a.is_uniform_random()) {
        // Every seat samples uniformly and nobody watches: the variant's fused loop plays the
        // same actions as the loop below, without per-decision agent dispatch.
        state.play_random(&mut rngs[..n]);
    }
    while let Some((seat, kind)) = state.to_act() {
        let agent = &mut agents[seat as usize];
        if agent.is_uniform_random() {
            // Same action as the agent would pick from the list, without building it.
            let a = state.sample_legal(&mut rngs[seat as usize]);
            observe(&state, seat, a);
            state.apply_unchecked(a);
            continue;
        }
        state.legal_actions(&mut legal);
        let d = Decision::new(&state, seat, kind, legal.as_slice());
        let a = agent.act(&d, &mut rngs[seat as usize]);
        if !legal.contains(a) {
            aborted_by = Some(seat);
            break;
        }
        observe(&state, seat, a);
        state.apply_unchecked(a);
    }
    GameRecord {
        index,
        seed,
        outcome: state.outcome(),
        counters: *state.counters(),
        aborted_by,
    }
}

/// What to run.
pub struct Batch<'a, G: Game> {
    pub games: u64,
    pub master_seed: u64,
    pub agents: &'a [AgentSpec],
    /// Builds the initial state of a game from its engine seed.
    pub new_game: &'a (dyn Fn(u64) -> G + Sync),
    /// Games per chunk (progress / streaming / interrupt granularity).
    pub chunk: u64,
    /// Keep the per-game records of each chunk for `on_chunk`.
    pub keep_records: bool,
}

/// Result of a batch.
pub struct BatchResult {
    pub stats: Stats,
    /// Games actually run (fewer than asked if interrupted).
    pub games_run: u64,
    pub interrupted: bool,
}

/// Runs the batch on the current rayon pool. `on_chunk(stats_so_far, records)` is called after
/// each chunk, in order; `stop` is polled between chunks.
pub fn run_batch<G: AgentSupport>(
    b: &Batch<'_, G>,
    stop: &AtomicBool,
    mut on_chunk: impl FnMut(&Stats, &[GameRecord]),
) -> BatchResult {
    let players = (b.new_game)(game_seed(b.master_seed, 0)).num_players();
    let mut total = Stats::new(players);
    let mut done = 0u64;
    let mut interrupted = false;
    let make_agents = || -> Vec<AnyAgent<G>> { b.agents.iter().map(|s| s.instantiate()).collect() };
    while done < b.games {
        if stop.load(Ordering::Relaxed) {
            interrupted = true;
            break;
        }
        let end = (done + b.chunk).min(b.games);
        let one = |agents: &mut Vec<AnyAgent<G>>, i: u64| {
            let seed = game_seed(b.master_seed, i);
            let state = (b.new_game)(stream_seed(seed, ENGINE_STREAM));
            play_game(state, agents, seed, i)
        };
        let (chunk_stats, records) = if b.keep_records {
            let records: Vec<GameRecord> = (done as usize..end as usize)
                .into_par_iter()
                .with_min_len(64)
                .map_init(make_agents, |agents, i| one(agents, i as u64))
                .collect();
            let mut st = Stats::new(players);
            for r in &records {
                st.record(r);
            }
            (st, records)
        } else {
            let st = (done as usize..end as usize)
                .into_par_iter()
                .with_min_len(256)
                .fold(
                    // Boxed: the accumulator moves through every step of the fold, and a
                    // pointer moves for free where the whole summary would be copied.
                    || (Box::new(Stats::new(players)), make_agents()),
                    |(mut st, mut agents), i| {
                        st.record(&one(&mut agents, i as u64));
                        (st, agents)
                    },
                )
                .map(|(st, _)| *st)
                .reduce(
                    || Stats::new(players),
                    |mut a, b| {
                        a.merge(&b);
                        a
                    },
                );
            (st, Vec::new())
        };
        total.merge(&chunk_stats);
        done = end;
        on_chunk(&total, &records);
    }
    BatchResult {
        stats: total,
        games_run: done,
        interrupted,
    }
}
