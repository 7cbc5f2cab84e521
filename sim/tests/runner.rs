//! The batch runner: illegal agent actions are caught (never applied), and results do not
//! depend on chunk size, thread count or whether per-game records are kept.

use std::sync::atomic::AtomicBool;
use uno_agents::{Agent, AgentFactory, AgentSpec, Decision};
use uno_engine::classic::{ClassicOptions, ClassicState, NUM_ACTIONS};
use uno_engine::{game_seed, stream_seed, Action, Rng, Seat};
use uno_sim::runner::{play_game, run_batch, Batch, BatchResult, ENGINE_STREAM};
use uno_sim::stats::{GameRecord, Stats};

/// Plays legally (lowest legal action) until its `after`-th decision, then returns `bad(d)`.
struct Cheater {
    after: u32,
    seen: u32,
    bad: fn(&Decision<'_, ClassicState>) -> Action,
}

impl Agent<ClassicState> for Cheater {
    fn name(&self) -> &str {
        "cheater"
    }
    fn act(&mut self, d: &Decision<'_, ClassicState>, _rng: &mut Rng) -> Action {
        self.seen += 1;
        if self.seen > self.after {
            (self.bad)(d)
        } else {
            d.legal[0]
        }
    }
    fn reset(&mut self) {
        self.seen = 0;
    }
}

fn out_of_range(_d: &Decision<'_, ClassicState>) -> Action {
    999
}

/// A valid action id that is not legal at this decision.
fn in_range_but_illegal(d: &Decision<'_, ClassicState>) -> Action {
    (0..NUM_ACTIONS as Action)
        .find(|a| !d.legal.contains(a))
        .expect("some action is illegal at every decision")
}

fn agents_with_cheater(
    players: usize,
    cheat_seat: usize,
    after: u32,
    bad: fn(&Decision<'_, ClassicState>) -> Action,
) -> Vec<Box<dyn Agent<ClassicState>>> {
    (0..players)
        .map(|s| -> Box<dyn Agent<ClassicState>> {
            if s == cheat_seat {
                Box::new(Cheater {
                    after,
                    seen: 0,
                    bad,
                })
            } else {
                AgentSpec::Random.build()
            }
        })
        .collect()
}

fn new_state(players: usize, seed: u64) -> ClassicState {
    ClassicState::new(ClassicOptions::default(), players, seed).expect("valid options")
}

#[test]
fn out_of_range_action_aborts_the_game() {
    for seed in 0..20u64 {
        for cheat_seat in 0..3 {
            let mut agents = agents_with_cheater(3, cheat_seat, 0, out_of_range);
            let rec = play_game(new_state(3, seed), &mut agents, seed, seed);
            assert_eq!(
                rec.aborted_by,
                Some(cheat_seat as Seat),
                "seed {seed}: seat {cheat_seat} returned 999"
            );
            assert!(rec.outcome.is_none(), "an aborted game has no result");
            assert_eq!(rec.index, seed);
        }
    }
}

#[test]
fn illegal_in_range_action_aborts_the_game_midway() {
    for seed in 0..20u64 {
        // Plays a few legal moves first, so the abort happens in the middle of the game.
        let mut agents = agents_with_cheater(4, 2, 3, in_range_but_illegal);
        let rec = play_game(new_state(4, seed), &mut agents, seed, 0);
        match rec.aborted_by {
            Some(s) => {
                assert_eq!(s, 2);
                assert!(rec.outcome.is_none());
                assert!(rec.counters.actions >= 3, "the legal moves were applied");
            }
            // Only acceptable if the game ended before the cheater's fourth decision.
            None => assert!(
                rec.outcome.is_some(),
                "seed {seed}: neither aborted nor over"
            ),
        }
    }
}

#[test]
fn abort_is_counted_in_stats() {
    let mut agents = agents_with_cheater(2, 1, 0, out_of_range);
    let rec = play_game(new_state(2, 1), &mut agents, 1, 0);
    assert_eq!(rec.aborted_by, Some(1));
    let mut st = Stats::new(2);
    st.record(&rec);
    assert_eq!(st.games, 1);
    assert_eq!(st.aborted, 1);
    assert_eq!(st.aborted_by_seat[1], 1);
    assert_eq!(st.completed + st.truncated, 0);
    assert_eq!(st.wins[..2], [0, 0]);
}

#[test]
fn legal_agents_finish_their_games() {
    for seed in 0..50u64 {
        let mut agents: Vec<Box<dyn Agent<ClassicState>>> =
            (0..3).map(|_| AgentSpec::Random.build()).collect();
        let rec = play_game(new_state(3, seed), &mut agents, seed, 0);
        assert_eq!(rec.aborted_by, None);
        let o = rec.outcome.expect("a finished game has an outcome");
        assert!(o.winner.is_some() || o.ending == uno_engine::Ending::Truncated);
    }
}

// ------------------------------------------------------------------------------------------
// run_batch invariance.
// ------------------------------------------------------------------------------------------

const GAMES: u64 = 3000;
const MASTER: u64 = 42;
const PLAYERS: usize = 3;

fn new_game(seed: u64) -> ClassicState {
    new_state(PLAYERS, seed)
}

/// Runs the batch on a fresh pool of `threads` threads and returns the result plus every
/// record streamed to `on_chunk` (when `keep_records`) and the chunk sizes seen.
fn run(
    threads: usize,
    chunk: u64,
    keep_records: bool,
    agents: &[AgentSpec],
) -> (BatchResult, Vec<GameRecord>, Vec<usize>) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    let stop = AtomicBool::new(false);
    let mut records = Vec::new();
    let mut chunks = Vec::new();
    let res = pool.install(|| {
        let batch = Batch {
            games: GAMES,
            master_seed: MASTER,
            agents,
            new_game: &new_game,
            chunk,
            keep_records,
        };
        run_batch(&batch, &stop, |st, recs| {
            chunks.push(recs.len());
            assert!(st.games <= GAMES);
            records.extend_from_slice(recs);
        })
    });
    (res, records, chunks)
}

fn key(s: &Stats) -> String {
    // `Stats` has no PartialEq; its Debug form covers every field, the histogram included.
    format!("{s:?}")
}

#[test]
fn batch_stats_independent_of_chunk_and_threads() {
    let agents = vec![AgentSpec::Random, AgentSpec::First, AgentSpec::Random];
    let labels: Vec<String> = agents.iter().map(|a| a.label()).collect();
    let (base, _, _) = run(1, 1000, false, &agents);
    assert_eq!(base.games_run, GAMES);
    assert!(!base.interrupted);
    assert_eq!(base.stats.games, GAMES);
    for (threads, chunk, keep) in [
        (1, 7, false),
        (2, 7, false),
        (2, 1000, false),
        (1, 1000, true),
        (2, 7, true),
        (2, GAMES * 10, false),
    ] {
        let (r, _, _) = run(threads, chunk, keep, &agents);
        assert_eq!(r.games_run, GAMES);
        assert_eq!(
            key(&r.stats),
            key(&base.stats),
            "stats differ with {threads} threads, chunk {chunk}, keep_records {keep}"
        );
        assert_eq!(r.stats.report(&labels), base.stats.report(&labels));
    }
}

#[test]
fn batch_streams_records_in_order_and_matches_single_games() {
    let agents = vec![AgentSpec::Random; PLAYERS];
    let (res, records, chunks) = run(2, 7, true, &agents);
    assert_eq!(records.len() as u64, GAMES);
    assert_eq!(chunks.len() as u64, GAMES.div_ceil(7));
    assert!(chunks[..chunks.len() - 1].iter().all(|&c| c == 7));
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.index, i as u64, "records in game order");
        assert_eq!(r.seed, game_seed(MASTER, i as u64));
    }
    // The streamed records add up to the batch's stats.
    let mut st = Stats::new(PLAYERS);
    for r in &records {
        st.record(r);
    }
    assert_eq!(key(&st), key(&res.stats));
    // Each record is reproduced by playing that game alone.
    for i in [0u64, 1, 500, GAMES - 1] {
        let seed = game_seed(MASTER, i);
        let mut ag: Vec<Box<dyn Agent<ClassicState>>> = agents.iter().map(|a| a.build()).collect();
        let alone = play_game(new_game(stream_seed(seed, ENGINE_STREAM)), &mut ag, seed, i);
        let r = &records[i as usize];
        assert_eq!(alone.outcome, r.outcome, "game {i}");
        assert_eq!(alone.counters, r.counters, "game {i}");
    }
}

#[test]
fn batch_stops_between_chunks_when_asked() {
    let agents = vec![AgentSpec::Random; PLAYERS];
    let stop = AtomicBool::new(false);
    let batch = Batch {
        games: GAMES,
        master_seed: MASTER,
        agents: &agents,
        new_game: &new_game,
        chunk: 100,
        keep_records: false,
    };
    let res = run_batch(&batch, &stop, |st, _| {
        if st.games >= 300 {
            stop.store(true, std::sync::atomic::Ordering::SeqCst);
        }
    });
    assert!(res.interrupted);
    assert_eq!(res.games_run, 300);
    assert_eq!(res.stats.games, 300);
}

#[test]
fn a_different_master_seed_gives_different_stats() {
    let agents = vec![AgentSpec::Random; PLAYERS];
    let (a, _, _) = run(2, 1000, false, &agents);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let stop = AtomicBool::new(false);
    let b = pool.install(|| {
        run_batch(
            &Batch {
                games: GAMES,
                master_seed: MASTER + 1,
                agents: &agents,
                new_game: &new_game,
                chunk: 1000,
                keep_records: false,
            },
            &stop,
            |_, _| {},
        )
    });
    assert_ne!(key(&a.stats), key(&b.stats));
}
