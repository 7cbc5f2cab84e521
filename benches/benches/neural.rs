//! Neural agent and training throughput (`cargo bench -p uno-benches --features neural --bench
//! neural`): self-play decisions per second including inference, and training games per second
//! including the learner's updates. One thread, median of several samples (see `engine.rs`).

use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;
use uno_agents::neural::{NetConfig, NeuralAgent, NeuralModel, QNet};
use uno_agents::{AnyAgent, ObservationEncoder};
use uno_engine::classic::{ClassicOptions, ClassicState, NUM_ACTIONS};
use uno_engine::{game_seed, stream_seed, Rng};
use uno_sim::runner::play_game;
use uno_sim::train::{TrainConfig, Trainer};

const SAMPLES: usize = 5;

fn median(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

/// A network of the default shape (256, 256) with every weight random, output layer included,
/// so the cost is that of a trained network.
fn model(players: usize) -> Arc<NeuralModel> {
    let config = NetConfig {
        format: uno_agents::neural::net::FORMAT.into(),
        variant: "classic".into(),
        players,
        options: serde_json::Value::Null,
        encoder: None,
        obs_len: uno_agents::ClassicEncoder::LEN,
        num_actions: NUM_ACTIONS,
        hidden: vec![256, 256],
    };
    let device = burn::prelude::Device::flex();
    let mut mlp = QNet::init(&config, 1, &device).to_mlp();
    let mut rng = Rng::new(9);
    let last = mlp.layers.last_mut().unwrap();
    for v in last.w.iter_mut() {
        *v = (rng.unit() as f32 - 0.5) * 0.1;
    }
    Arc::new(NeuralModel { config, mlp })
}

fn selfplay(name: &str, opts: ClassicOptions, players: usize, games: u64) {
    let m = model(players);
    let mut agents: Vec<AnyAgent<ClassicState>> = (0..players)
        .map(|_| {
            AnyAgent::Boxed(Box::new(NeuralAgent::<ClassicState>::new(
                "neural".into(),
                m.clone(),
                0.0,
            )))
        })
        .collect();
    let mut rates = Vec::new();
    let mut game_rates = Vec::new();
    for s in 0..=SAMPLES as u64 {
        let t = Instant::now();
        let mut decisions = 0u64;
        for i in 0..games {
            let seed = game_seed(s, i);
            let st = ClassicState::deal(opts, players, stream_seed(seed, 0));
            let r = black_box(play_game(st, &mut agents, seed, i));
            decisions += r.counters.actions as u64;
        }
        let secs = t.elapsed().as_secs_f64();
        if s > 0 {
            rates.push(decisions as f64 / secs);
            game_rates.push(games as f64 / secs);
        }
    }
    let (med, lo, hi) = median(rates);
    let (g, _, _) = median(game_rates);
    println!(
        "{name:<46} median {med:>10.0} decisions/s (min {lo:.0}, max {hi:.0}); {g:.0} games/s"
    );
}

fn training(name: &str, opts: ClassicOptions, players: usize) {
    let cfg = TrainConfig {
        variant: "classic".into(),
        players,
        options: serde_json::to_value(opts).unwrap(),
        seed: 3,
        hidden: vec![256, 256],
        encoder: None,
        init: None,
        learning_rate: 1e-3,
        batch_size: 512,
        games_per_iter: 256,
        epsilon: 0.05,
        epsilon_start: 0.05,
        epsilon_decay_games: 1,
        opponents: "self".into(),
        reward: Default::default(),
        teacher: None,
        pool_size: 1,
        max_decisions: 1000,
        games: 0,
        minutes: 1e9,
        checkpoint_every: 1_000_000,
        eval_deals: 1,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut t = Trainer::<ClassicState>::new(cfg, opts).unwrap();
    // Warm-up: a few iterations so the network is past its untrained first-legal policy.
    pool.install(|| {
        for _ in 0..4 {
            t.iterate();
        }
    });
    let mut games = Vec::new();
    let mut samples = Vec::new();
    for _ in 0..SAMPLES {
        let (g0, s0) = (t.progress.games, t.progress.samples);
        let start = Instant::now();
        pool.install(|| t.iterate());
        let secs = start.elapsed().as_secs_f64();
        games.push((t.progress.games - g0) as f64 / secs);
        samples.push((t.progress.samples - s0) as f64 / secs);
    }
    let (g, lo, hi) = median(games);
    let (s, _, _) = median(samples);
    println!("{name:<46} median {g:>10.0} games/s (min {lo:.0}, max {hi:.0}); {s:.0} samples/s");
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let run = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    println!("neural benchmarks: {SAMPLES} samples each, median reported (one thread)");
    let rl = ClassicOptions::rlcard();
    let off = ClassicOptions::default();
    if run("selfplay neural classic-rlcard 2p") {
        selfplay("selfplay neural classic-rlcard 2p", rl, 2, 2_000);
    }
    if run("selfplay neural classic-official 4p") {
        selfplay("selfplay neural classic-official 4p", off, 4, 500);
    }
    if run("train classic-rlcard 2p") {
        training("train classic-rlcard 2p (256 games/iteration)", rl, 2);
    }
    if run("train classic-official 4p") {
        training("train classic-official 4p (256 games/iteration)", off, 4);
    }
}
