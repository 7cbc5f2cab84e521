//! The parallel batch runner.
//!
//! Game `i` of a batch with master seed `m` uses `game_seed(m, i)`; its engine chance stream and
//! each seat's agent stream are derived from that seed alone. Games are processed in chunks of
//! blocks of consecutive games (sized to the games' speed, `crate::progress`); the blocks run in
//! parallel (rayon) and fold into integer accumulators, so the summary is bit-identical for any
//! thread count and any chunking. Progress is reported per block; between chunks the runner
//! streams the chunk's per-game records (in game order). An interrupt stops new blocks from
//! starting: the games run are always a prefix `0..n` of the batch.
//!
//! When every seat is the uniform random agent and nothing observes the game, a game is played
//! by the variant's fused `Game::play_random` loop: the same actions from the same seat streams
//! (tested bit for bit against the general loop), without per-decision agent dispatch.

use crate::progress::{run_blocks, run_chunks, Chunker};
use crate::stats::{GameRecord, Stats, VariantRecord};
use std::sync::atomic::AtomicBool;
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
    play::<G, A, false>(state, agents, seed, index, |_, _, _| {}).0
}

/// As [`play_game`], also returning what the game reports of the variant: its own statistics
/// at the end, its seats' categories as dealt (all zero for a variant without them).
#[inline]
pub fn play_game_variant<G: Game, A: Agent<G>>(
    state: G,
    agents: &mut [A],
    seed: u64,
    index: u64,
) -> (GameRecord, VariantRecord) {
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
    play::<G, A, true>(state, agents, seed, index, observe).0
}

/// As [`play_game_observed`], also returning what the game reports of the variant (see
/// [`play_game_variant`]).
pub fn play_game_observed_variant<G: Game, A: Agent<G>>(
    state: G,
    agents: &mut [A],
    seed: u64,
    index: u64,
    observe: impl FnMut(&G, Seat, Action),
) -> (GameRecord, VariantRecord) {
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
) -> (GameRecord, VariantRecord) {
    // The seats' categories are what they were dealt: read before any decision.
    let mut variant = if VariantRecord::wanted::<G>() {
        VariantRecord::dealt(&state)
    } else {
        VariantRecord::default()
    };
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
    if VariantRecord::wanted::<G>() {
        variant.finish(&state);
    }
    let record = GameRecord {
        index,
        seed,
        outcome: state.outcome(),
        counters: *state.counters(),
        aborted_by,
    };
    (record, variant)
}

/// What to run.
pub struct Batch<'a, G: Game> {
    pub games: u64,
    pub master_seed: u64,
    pub agents: &'a [AgentSpec],
    /// Builds the initial state of a game from its engine seed.
    pub new_game: &'a (dyn Fn(u64) -> G + Sync),
    /// Games per chunk (streaming granularity); 0 sizes chunks to the games' speed
    /// ([`crate::progress::Chunker`]).
    pub chunk: u64,
    /// Keep the per-game records of each chunk for `on_chunk`.
    pub keep_records: bool,
}

/// Most games per chunk when the per-game records are kept (bounds their memory).
pub const MAX_RECORDS_CHUNK: u64 = 65_536;

/// Result of a batch.
pub struct BatchResult {
    pub stats: Stats,
    /// Games actually run (fewer than asked if interrupted): games `0..games_run` (of a range:
    /// `range.start..range.start + games_run`).
    pub games_run: u64,
    pub interrupted: bool,
}

/// [`run_batch_with`] without per-block progress.
pub fn run_batch<G: AgentSupport>(
    b: &Batch<'_, G>,
    stop: &AtomicBool,
    on_chunk: impl FnMut(&Stats, &[GameRecord]),
) -> BatchResult {
    run_batch_with(b, stop, &|_| {}, on_chunk)
}

/// Runs the batch on the current rayon pool, in blocks of consecutive games claimed in order
/// ([`crate::progress::run_blocks`]). `progress(games)` is called from the workers after each
/// block; `on_chunk(stats_so_far, records)` after each chunk, in order. After `stop` is raised
/// no new block starts and the blocks in flight finish, so the games run are exactly
/// `0..games_run` (the summary of a run of `games_run` games).
pub fn run_batch_with<G: AgentSupport>(
    b: &Batch<'_, G>,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
    on_chunk: impl FnMut(&Stats, &[GameRecord]),
) -> BatchResult {
    run_batch_range(b, 0..b.games, stop, progress, on_chunk)
}

/// As [`run_batch_with`], for games `range` of the batch only (a shard, `crate::shard`): game
/// `i` is still game `i` of the whole batch (same seed, same record index), and the result
/// holds exactly the games `range.start..range.start + games_run` (`b.games` is ignored).
pub fn run_batch_range<G: AgentSupport>(
    b: &Batch<'_, G>,
    range: std::ops::Range<u64>,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
    mut on_chunk: impl FnMut(&Stats, &[GameRecord]),
) -> BatchResult {
    let first = range.start;
    let players = (b.new_game)(game_seed(b.master_seed, 0)).num_players();
    let mut total = Stats::for_game::<G>(players);
    let make_agents = || -> Vec<AnyAgent<G>> { b.agents.iter().map(|s| s.instantiate()).collect() };
    let one = |agents: &mut Vec<AnyAgent<G>>, i: u64| {
        let seed = game_seed(b.master_seed, i);
        let state = (b.new_game)(stream_seed(seed, ENGINE_STREAM));
        play_game_variant(state, agents, seed, i)
    };
    let max_chunk = if b.keep_records {
        MAX_RECORDS_CHUNK
    } else {
        u64::MAX
    };
    let mut chunker = Chunker::new(rayon::current_num_threads(), Some(b.chunk), max_chunk);
    let mut records = Vec::new();
    let (end, interrupted) = run_chunks(
        range,
        &mut chunker,
        stop,
        |_| Some(u64::MAX),
        |range, block| {
            let start = range.start;
            let (end, parts) = if b.keep_records {
                let blocks = run_blocks(
                    range,
                    block,
                    stop,
                    progress,
                    make_agents,
                    || (Box::new(Stats::for_game::<G>(players)), Vec::new()),
                    |agents, (st, recs): &mut (Box<Stats>, Vec<GameRecord>), i| {
                        let (r, v) = one(agents, i);
                        st.record_variant(&r, &v);
                        recs.push(r);
                        true
                    },
                );
                let (end, parts) = blocks.prefix();
                records.clear();
                let mut stats = Vec::with_capacity(parts.len());
                for (st, recs) in parts {
                    records.extend_from_slice(&recs);
                    stats.push(st);
                }
                (end, stats)
            } else {
                // Boxed: the accumulator of a block stays put while a pointer moves.
                run_blocks(
                    range,
                    block,
                    stop,
                    progress,
                    make_agents,
                    || Box::new(Stats::for_game::<G>(players)),
                    |agents, st: &mut Box<Stats>, i| {
                        let (r, v) = one(agents, i);
                        st.record_variant(&r, &v);
                        true
                    },
                )
                .prefix()
            };
            for st in &parts {
                total.merge(st);
            }
            on_chunk(&total, &records);
            end - start
        },
    );
    BatchResult {
        stats: total,
        games_run: end - first,
        interrupted,
    }
}
