//! Engine and runner benchmarks (`cargo bench -p uno-benches`).
//!
//! A small self-contained harness (no criterion): each measurement runs a warm-up, then
//! `SAMPLES` timed samples, and reports the median, min and max. The machines this runs on are
//! shared and noisy; quote medians, and use `valgrind --tool=callgrind` on the `uno` binary for
//! figures that must not move.
//!
//! Pass a substring as the first argument to run only matching benchmarks, e.g.
//! `cargo bench -p uno-benches -- clone`.

use std::hint::black_box;
use std::time::Instant;
use uno_agents::{Agent, AgentFactory, AgentSpec};
use uno_engine::classic::{ClassicOptions, ClassicState};
use uno_engine::{game_seed, stream_seed, ActionList, Game, Rng};
use uno_sim::runner::play_game;

const SAMPLES: usize = 7;

/// Runs `f(sample)` (which must do `per_sample` units of work) once to warm up, then `SAMPLES`
/// times timed. `sample` differs per run so self-play samples play different games.
fn measure(name: &str, unit: &str, per_sample: u64, mut f: impl FnMut(u64)) {
    f(1000); // warm-up
    let mut rates: Vec<f64> = (0..SAMPLES)
        .map(|s| {
            let t = Instant::now();
            f(s as u64);
            per_sample as f64 / t.elapsed().as_secs_f64()
        })
        .collect();
    rates.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let med = rates[SAMPLES / 2];
    println!(
        "{name:<44} median {:>14} {unit}/s   (min {:.3e}, max {:.3e}; {:.1} ns each)",
        format!("{:.0}", med),
        rates[0],
        rates[SAMPLES - 1],
        1e9 / med
    );
}

/// Random self-play games on one thread, through the same `play_game` the batch runner uses.
fn selfplay(name: &str, opts: ClassicOptions, players: usize, games: u64) {
    let spec = AgentSpec::Random;
    let mut agents: Vec<Box<dyn Agent<ClassicState>>> =
        (0..players).map(|_| spec.build()).collect();
    measure(name, "games", games, |salt| {
        for i in 0..games {
            let seed = game_seed(salt, i);
            let st = ClassicState::deal(opts, players, stream_seed(seed, 0));
            black_box(play_game(st, &mut agents, seed, i));
        }
    });
}

/// Random self-play of any variant on one thread, through the batch runner's `play_game`:
/// first one untimed pass over the same games counts decisions per game and legal actions per
/// decision (so decisions/s = games/s x decisions per game), then the timed samples.
fn selfplay_counted<G: Game>(label: &str, players: usize, games: u64, deal: impl Fn(u64) -> G)
where
    AgentSpec: AgentFactory<G>,
{
    let spec = AgentSpec::Random;
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..players).map(|_| spec.build()).collect();
    let (mut decisions, mut legal_sum) = (0u64, 0u64);
    let mut legal = ActionList::new();
    for i in 0..games {
        let seed = game_seed(0, i);
        let mut st = deal(stream_seed(seed, 0));
        let mut rng = Rng::new(seed);
        while st.to_act().is_some() {
            st.legal_actions(&mut legal);
            legal_sum += legal.len() as u64;
            decisions += 1;
            st.apply_unchecked(legal[rng.below(legal.len() as u32) as usize]);
        }
    }
    println!(
        "{label} {players}p: {:.1} decisions per game, {:.2} legal actions per decision",
        decisions as f64 / games as f64,
        legal_sum as f64 / decisions as f64
    );
    measure(
        &format!("{label} {players}p (random)"),
        "games",
        games,
        |salt| {
            for i in 0..games {
                let seed = game_seed(salt, i);
                black_box(play_game(deal(stream_seed(seed, 0)), &mut agents, seed, i));
            }
        },
    );
}

/// A pool of mid-game states reached by random play.
fn midgame_states(opts: ClassicOptions, players: usize, count: usize) -> Vec<ClassicState> {
    let mut rng = Rng::new(99);
    let mut legal = ActionList::new();
    let mut out = Vec::with_capacity(count);
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let mut st = ClassicState::new(opts, players, seed).unwrap();
        let stop = 5 + rng.below(30);
        for _ in 0..stop {
            if st.is_terminal() {
                break;
            }
            st.legal_actions(&mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            st.apply_unchecked(a);
        }
        if !st.is_terminal() {
            out.push(st);
        }
    }
    out
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let run = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    println!("uno benchmarks: {SAMPLES} samples each, median reported (one thread)");

    let rl = ClassicOptions::rlcard();
    let off = ClassicOptions::default();
    if run("selfplay classic-rlcard 2p") {
        selfplay("selfplay classic-rlcard 2p (random)", rl, 2, 200_000);
    }
    if run("selfplay classic-rlcard 4p") {
        selfplay("selfplay classic-rlcard 4p (random)", rl, 4, 100_000);
    }
    if run("selfplay classic-official 2p") {
        selfplay("selfplay classic-official 2p (random)", off, 2, 5_000);
    }
    if run("selfplay classic-official 4p") {
        selfplay("selfplay classic-official 4p (random)", off, 4, 5_000);
    }
    if run("selfplay hot-death") {
        // Random single hands (the dealer picks 5-15 cards at random too), as `uno simulate -v
        // hot-death --preset hand` plays them.
        use uno_engine::hotdeath::{HotDeathOptions, HotDeathState};
        for players in [4usize, 2, 8] {
            let opts = HotDeathOptions::single_hand();
            let spec = AgentSpec::Random;
            let mut agents: Vec<Box<dyn Agent<HotDeathState>>> =
                (0..players).map(|_| spec.build()).collect();
            let games = 20_000;
            measure(
                &format!("selfplay hot-death {players}p (random hands)"),
                "hands",
                games,
                |salt| {
                    for i in 0..games {
                        let seed = game_seed(salt, i);
                        let st = HotDeathState::deal(opts, players, stream_seed(seed, 0));
                        black_box(play_game(st, &mut agents, seed, i));
                    }
                },
            );
        }
    }
    if run("selfplay debt") {
        // Random Uno Debt games under the seed preset, as `uno simulate -v debt` plays them.
        use uno_engine::debt::{DebtOptions, DebtState};
        for players in [4usize, 2, 8] {
            let opts = DebtOptions::default();
            selfplay_counted("selfplay debt", players, 5_000, |seed| {
                DebtState::deal(opts, players, seed)
            });
        }
    }
    if run("selfplay uber") {
        // Random Über Uno days under the seed preset (5 hands, every choice the dealer's), as
        // `uno simulate -v uber` plays them; then single hands under the `fixed` preset.
        use uno_engine::uber::options::preset;
        use uno_engine::uber::UberState;
        for (label, opts) in [
            ("selfplay uber day", preset(None).unwrap()),
            ("selfplay uber fixed hand", {
                let mut o = preset(Some("fixed")).unwrap();
                o.hands_per_day = 1;
                o
            }),
        ] {
            for players in [4usize, 2, 8] {
                selfplay_counted(label, players, 2_000, |seed| {
                    UberState::deal(opts, players, seed)
                });
            }
        }
    }
    if run("selfplay constitution") {
        // Random Constitution games, as `uno simulate -v constitution` plays them: the normal
        // mode (where uniform play accuses often and games are short) and elimination mode.
        use uno_engine::constitution::{ConOptions, ConState, Mode};
        for (label, mode) in [
            ("selfplay constitution", Mode::Normal),
            ("selfplay constitution elimination", Mode::Elimination),
        ] {
            let opts = ConOptions {
                mode,
                ..ConOptions::default()
            };
            for players in [4usize, 2, 8] {
                selfplay_counted(label, players, 2_000, |seed| {
                    ConState::deal(opts, players, seed)
                });
            }
        }
    }
    if run("selfplay blender") {
        // Random Blender games, as `uno simulate -v blender` plays them (the seed preset).
        use uno_engine::blender::{BlenderOptions, BlenderState};
        let opts = BlenderOptions::default();
        for players in [4usize, 2, 8] {
            selfplay_counted("selfplay blender", players, 500, |seed| {
                BlenderState::deal(opts, players, seed)
            });
        }
    }
    if run("legal_actions") {
        let states = midgame_states(off, 4, 1024);
        let mut legal = ActionList::new();
        measure(
            "legal_actions classic 4p mid-game",
            "calls",
            2_000_000,
            |_| {
                for i in 0..2_000_000usize {
                    black_box(&states[i & 1023]).legal_actions(&mut legal);
                    black_box(legal.len());
                }
            },
        );
    }
    if run("clone") {
        let states = midgame_states(off, 4, 1024);
        measure(
            "clone classic state (4p mid-game)",
            "clones",
            2_000_000,
            |_| {
                for i in 0..2_000_000usize {
                    let c = black_box(&states[i & 1023]).clone();
                    black_box(&c);
                }
            },
        );
        println!(
            "  size_of::<ClassicState>() = {} bytes",
            std::mem::size_of::<ClassicState>()
        );
    }
    if run("mcts") {
        use uno_agents::mcts::Rollout;
        use uno_agents::mcts::{Mcts, MctsParams};
        use uno_agents::{AnyAgent, Decision, RandomAgent};
        use uno_agents::{HeuristicAgent, HeuristicParams};
        let configs = [
            (
                "default: heuristic rollouts, depth 20",
                MctsParams::default(),
            ),
            (
                "random rollouts, depth 40",
                MctsParams {
                    rollout: Rollout::Random,
                    depth: 40,
                    bias: 0.0,
                    ..MctsParams::default()
                },
            ),
        ];
        for (label, opts, players) in [
            ("classic-official 4p", off, 4),
            ("classic-rlcard 2p", rl, 2),
        ] {
            let states = midgame_states(opts, players, 64);
            let mut legal = ActionList::new();
            // Only positions with a real choice (a single legal action returns at once).
            let pos: Vec<&ClassicState> = states
                .iter()
                .filter(|s| {
                    s.legal_actions(&mut legal);
                    legal.len() > 1
                })
                .take(16)
                .collect();
            for (cfg, params) in &configs {
                let rollout: AnyAgent<ClassicState> = match params.rollout {
                    Rollout::Random => AnyAgent::Random(RandomAgent),
                    Rollout::Heuristic => AnyAgent::Boxed(Box::new(HeuristicAgent {
                        params: HeuristicParams::default(),
                    })),
                };
                let mut m: Mcts<ClassicState, AnyAgent<ClassicState>> =
                    Mcts::new(params.clone(), rollout);
                let mut rng = Rng::new(5);
                let per_sample = pos.len() as u64 * params.iterations as u64;
                measure(
                    &format!("mcts {label}, {cfg}"),
                    "iterations",
                    per_sample,
                    |_| {
                        for s in &pos {
                            let (seat, kind) = s.to_act().unwrap();
                            s.legal_actions(&mut legal);
                            let d = Decision::new(*s, seat, kind, legal.as_slice());
                            black_box(m.search(&d, &mut rng));
                        }
                    },
                );
            }
        }
    }
    if run("balance") {
        // The balance experiment on one thread: per deal the as-dealt game, 54 swapped games
        // and 2 skill games, all with heuristic agents (the `uno balance` defaults).
        use std::sync::atomic::AtomicBool;
        use uno_sim::balance::Experiment;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("one-thread pool");
        let heuristic = AgentSpec::parse("heuristic").expect("spec");
        for players in [2usize, 4] {
            let agents = vec![heuristic.clone(); players];
            let new_game = move |seed: u64| ClassicState::deal(off, players, seed);
            let deals = 200;
            measure(
                &format!("balance classic-official {players}p (heuristic)"),
                "deals",
                deals,
                |salt| {
                    let exp = Experiment {
                        new_game: &new_game,
                        agents: &agents,
                        skill_agent: Some(&heuristic),
                        skill_baseline: &AgentSpec::Random,
                        master_seed: salt,
                        max_deals: deals,
                        precision: None,
                        min_deals: 0,
                        chunk: deals,
                    };
                    black_box(pool.install(|| exp.run(&AtomicBool::new(false), |_| {})));
                },
            );
        }
    }
    if run("apply") {
        let states = midgame_states(off, 4, 1024);
        let mut legal = ActionList::new();
        measure(
            "clone + legal + apply (4p mid-game)",
            "steps",
            1_000_000,
            |_| {
                for i in 0..1_000_000usize {
                    let mut c = states[i & 1023].clone();
                    c.legal_actions(&mut legal);
                    c.apply_unchecked(legal[i % legal.len()]);
                    black_box(&c);
                }
            },
        );
    }
}
