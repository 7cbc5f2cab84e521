//! `uno train`: Deep Monte-Carlo (DMC) self-play training of a Q-network (feature `neural`).
//!
//! Method (Zha et al., "DouZero", ICML 2021): actors play whole games with an ε-greedy policy
//! over the current network's Q-values (restricted to the legal actions); every decision a
//! learning seat made with a real choice becomes a sample (observation, action, return), where
//! the return is the game's result for that seat (1 = won, 0 = did not win). The learner
//! regresses Q(observation)[action] on the return (mean squared error, Adam). No bootstrapping,
//! no value targets from the network itself: Monte-Carlo returns are unbiased however the hidden
//! cards fall, which is why DMC works in imperfect-information multi-player card games.
//!
//! One iteration = `games_per_iter` games played in parallel (rayon) with the network as it
//! was at the start of the iteration, then one pass of minibatch updates over their samples.
//! Everything random is derived from (seed, iteration, game), so a run is the same for any
//! thread count, and `--resume` from a checkpoint continues exactly as if never stopped.

pub mod curve;

use crate::output::write_atomic;
use crate::runner::{play_game, AGENT_STREAM, ENGINE_STREAM};
use crate::stats::wilson95;
use crate::variant::SimGame;

use burn::optim::{AdamConfig, GradientsParams, ModuleOptimizer};
use burn::prelude::*;
use burn::tensor::TensorData;
use ndarray::{Array2, ArrayView1};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use uno_agents::neural::{self as nn, greedy, Mlp, NetConfig, NeuralAgent, NeuralModel, QNet};
use uno_agents::{AgentSpec, AnyAgent, Decision};
use uno_engine::rng::mix64;
use uno_engine::{game_seed, stream_seed, Action, ActionList, DecisionKind, Rng};

/// Who the learner plays against in training games (one entry is chosen per game, in turn).
#[derive(Clone, Debug, PartialEq)]
pub enum Opponent {
    /// Every seat plays the current network (and every seat's decisions are samples).
    SelfPlay,
    /// The other seats play a past checkpoint from the pool (the current network while the
    /// pool is empty).
    Pool,
    /// The other seats play this agent.
    Agent(Box<AgentSpec>),
}

impl Opponent {
    pub fn label(&self) -> String {
        match self {
            Opponent::SelfPlay => "self".into(),
            Opponent::Pool => "pool".into(),
            Opponent::Agent(s) => s.label(),
        }
    }
}

/// Parses `--opponents`: comma-separated `self`, `pool` or agent specs.
pub fn parse_opponents(text: &str) -> Result<Vec<Opponent>, String> {
    let mut out = Vec::new();
    for item in uno_agents::spec::split_spec_list(text) {
        out.push(match item.as_str() {
            "self" => Opponent::SelfPlay,
            "pool" => Opponent::Pool,
            "" => return Err(format!("--opponents '{text}': empty entry")),
            s => Opponent::Agent(Box::new(
                AgentSpec::parse(s).map_err(|e| format!("--opponents: {e}"))?,
            )),
        });
    }
    if out.is_empty() {
        return Err("--opponents: give at least one (self, pool, random, heuristic, ...)".into());
    }
    Ok(out)
}

/// Hyper-parameters and budget of a run (saved as `train.json`; `--resume` reads them back).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainConfig {
    pub variant: String,
    pub players: usize,
    /// Game options (the variant's options as JSON).
    pub options: serde_json::Value,
    pub seed: u64,
    pub hidden: Vec<usize>,
    /// Observation encoder by name (`--encoder`); absent: the variant's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoder: Option<String>,
    /// The model the run started from (`--init`), if not from random weights.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init: Option<String>,
    pub learning_rate: f64,
    pub batch_size: usize,
    pub games_per_iter: usize,
    /// Exploration: probability of a uniformly random legal action at a learner decision. It
    /// falls linearly from `epsilon_start` to `epsilon` over the first `epsilon_decay_games`
    /// training games (an untrained network tends to loop, e.g. always drawing, until the turn
    /// cap; early random play gives it finished games to learn from).
    pub epsilon: f64,
    pub epsilon_start: f64,
    pub epsilon_decay_games: u64,
    /// `--opponents` as given.
    pub opponents: String,
    /// The return a sample learns: the win (default) or the placing.
    #[serde(default)]
    pub reward: Reward,
    /// Demonstrations (`--teacher`): an agent whose choice of card the network is also taught;
    /// absent: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teacher: Option<Teacher>,
    /// Pool: a snapshot is added at every checkpoint; the pool keeps the newest this many.
    pub pool_size: usize,
    /// Budget: stop after this many training games (0 = no game limit).
    pub games: u64,
    /// Budget: stop after this many minutes of training (0 = no time limit).
    pub minutes: f64,
    /// A training game stops after this many decisions and counts as lost for every seat (an
    /// early network can loop, e.g. drawing forever; this keeps such games from flooding the
    /// learner). Evaluation games use the variant's own turn cap.
    pub max_decisions: u32,
    /// Evaluate (and checkpoint) every this many iterations.
    pub checkpoint_every: u64,
    /// Held-out deals per evaluation (each played once per seat).
    pub eval_deals: u64,
}

impl TrainConfig {
    pub fn validate(&self) -> Result<(), String> {
        if self.hidden.is_empty() || self.hidden.iter().any(|&h| h == 0 || h > 8192) {
            return Err("--hidden: give one or more layer widths in 1..=8192, e.g. 256,256".into());
        }
        if !(self.learning_rate > 0.0 && self.learning_rate < 1.0) {
            return Err(format!(
                "--lr must be in (0, 1), got {}",
                self.learning_rate
            ));
        }
        if self.batch_size == 0 {
            return Err("--batch must be at least 1".into());
        }
        if self.games_per_iter == 0 {
            return Err("--games-per-iter must be at least 1".into());
        }
        if !(0.0..=1.0).contains(&self.epsilon) {
            return Err(format!("--epsilon must be in [0, 1], got {}", self.epsilon));
        }
        if !(0.0..=1.0).contains(&self.epsilon_start) {
            return Err(format!(
                "--epsilon-start must be in [0, 1], got {}",
                self.epsilon_start
            ));
        }
        if self.checkpoint_every == 0 {
            return Err("--checkpoint-every must be at least 1".into());
        }
        if self.max_decisions == 0 {
            return Err("--max-decisions must be at least 1".into());
        }
        if self.pool_size == 0 {
            return Err("--pool-size must be at least 1".into());
        }
        if self.games == 0 && self.minutes <= 0.0 {
            return Err("give a budget: --games N or --minutes M".into());
        }
        if self.minutes.is_nan() || self.minutes < 0.0 {
            return Err(format!("--minutes must be positive, got {}", self.minutes));
        }
        parse_opponents(&self.opponents)?;
        if let Some(t) = &self.teacher {
            AgentSpec::parse(&t.spec).map_err(|e| format!("--teacher: {e}"))?;
            if !(t.weight >= 0.0 && t.weight <= 1e6) {
                return Err(format!(
                    "--teacher-weight must be in [0, 1e6], got {}",
                    t.weight
                ));
            }
            if !(t.temperature > 0.0 && t.temperature <= 1e6) {
                return Err(format!(
                    "--teacher-temperature must be in (0, 1e6], got {}",
                    t.temperature
                ));
            }
            t.kinds_mask()?;
        }
        Ok(())
    }
}

/// A teacher for the card choice (demonstrations next to the returns, in the spirit of DQfD:
/// Hester et al., "Deep Q-learning from Demonstrations", AAAI 2018). At each of the learner's
/// normal turns (`Play`) with a real choice, the teacher agent is asked too; where it plays a
/// card, the sample also carries the cross-entropy `weight · CE(softmax(Q(cards) /
/// temperature), teacher's card)` over the cards that may be played. Its gradient sums to zero
/// over those cards, so it changes their order, not their mean value against the draw; the
/// draw and every other decision kind are learned from the returns alone, unless named below.
/// With `draw` the draw is one of the choices the cross-entropy covers, so the teacher's card
/// is also taught over drawing (the heuristic teacher never draws while it holds a playable
/// card), and the teacher is also asked after a draw (`PostDraw`: play the drawn card or keep
/// it). With `kinds` the teacher is also asked at those decision kinds (e.g. `CallUno`), over
/// every legal action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Teacher {
    /// The teacher, an agent spec (e.g. `heuristic`).
    pub spec: String,
    /// Weight of the cross-entropy against the squared error of the returns.
    pub weight: f64,
    /// Temperature of the softmax over the cards' values (values are win chances, 0..1).
    pub temperature: f64,
    /// `--teacher-draw`: the draw is one of the choices the cross-entropy covers (the teacher
    /// plays a card, so the draw's value is taught to be lower), and so is the choice after a
    /// draw (play the drawn card or keep it); off: both are left to the returns.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub draw: bool,
    /// `--teacher-kinds`: further decision kinds (`+`-separated names, as in the neural spec's
    /// `defer`) where the teacher's choice is taught over every legal action; empty: none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kinds: String,
}

impl Teacher {
    /// The decision kinds taught besides normal turns, as bits of `DecisionKind::index`
    /// (`PostDraw` included with `draw`).
    pub fn kinds_mask(&self) -> Result<u16, String> {
        let mut mask = 0u16;
        if !self.kinds.is_empty() {
            mask = nn::parse_kinds(&self.kinds, "--teacher-kinds")?;
            if mask & (1 << DecisionKind::Play.index()) != 0 {
                return Err("--teacher-kinds: normal turns (play) are always taught; \
                     leave play out"
                    .into());
            }
        }
        if self.draw {
            mask |= 1 << DecisionKind::PostDraw.index();
        }
        Ok(mask)
    }
}

/// Counters saved with each checkpoint.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub iteration: u64,
    pub games: u64,
    pub samples: u64,
    pub steps: u64,
    /// Training seconds so far (summed over resumed runs).
    pub seconds: f64,
    /// Iterations whose snapshot is in the pool, oldest first.
    pub pool: Vec<u64>,
    /// The heuristic agent against random on the same held-out deals (the reference level).
    #[serde(default)]
    pub baseline: Option<Eval>,
}

/// One row of the learning curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    pub iteration: u64,
    pub games: u64,
    pub samples: u64,
    pub seconds: f64,
    /// Mean training loss over the iterations since the previous point (none at iteration 0).
    pub loss: Option<f64>,
    /// One entry per evaluation opponent: (label, win rate, lo, hi).
    pub evals: Vec<Eval>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Eval {
    pub opponent: String,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Eval {
    fn new(opponent: String, wins: u64, games: u64) -> Eval {
        let (lo, hi) = wilson95(wins, games);
        Eval {
            opponent,
            games,
            wins,
            win_rate: wins as f64 / games.max(1) as f64,
            lo,
            hi,
        }
    }
}

/// Seed of the held-out evaluation deals (a key no training game uses).
pub fn eval_seed(seed: u64) -> u64 {
    mix64(seed ^ 0xe7a1_0000_5eed_0001)
}

/// A batch (rows × columns, built row-major by `zeros`) as a tensor on `device`.
fn to_tensor(a: Array2<f32>, device: &Device) -> Tensor<2> {
    assert!(a.is_standard_layout(), "batches are built row-major");
    let shape = [a.nrows(), a.ncols()];
    Tensor::<2>::from_data(
        TensorData::new(a.into_raw_vec_and_offset().0, shape),
        device,
    )
}

/// Seed of training game `g` (counted over the whole run).
fn train_game_seed(seed: u64, g: u64) -> u64 {
    game_seed(mix64(seed ^ 0x7a1_0000_0000_0002), g)
}

/// Samples from one game: observations (row-major), the actions taken, and each sample's seat.
#[derive(Default)]
struct GameSamples {
    obs: Vec<f32>,
    actions: Vec<u16>,
    seats: Vec<u8>,
    returns: Vec<f32>,
    /// With a teacher: per sample, the teacher's card (`NO_CARD` if none), and the other cards
    /// it competes with, listed from `others_at[sample]` to `others_at[sample + 1]`.
    taught: Vec<u16>,
    others: Vec<u16>,
    others_at: Vec<u32>,
}

const NO_CARD: u16 = u16::MAX;

/// The teacher's random stream in a training game (apart from every seat's).
const TEACHER_STREAM: u64 = 0x7eac;

/// The teacher inside one training game.
struct GameTeacher<'a, G: SimGame> {
    agent: AnyAgent<G>,
    rng: Rng,
    /// `draw[a]`: action `a` is the draw (left out of the card choice unless `with_draw`).
    draw: &'a [bool],
    with_draw: bool,
    /// Decision kinds taught besides normal turns (bits of `DecisionKind::index`); at these
    /// every legal action is one of the choices.
    kinds: u16,
}

/// Plays one training game and collects the learner's samples. Seats flagged in `learner`
/// play the network (ε-greedy); the others play `others`, listed in seat order.
#[allow(clippy::too_many_arguments)]
fn play_training_game<G: SimGame>(
    mut state: G,
    learner: &[bool; uno_engine::MAX_PLAYERS],
    others: &mut [AnyAgent<G>],
    mlp: &Mlp,
    obs_len: usize,
    encode: fn(&G::View, &mut [f32]),
    epsilon: f64,
    max_decisions: u32,
    reward: Reward,
    seed: u64,
    mut teacher: Option<GameTeacher<'_, G>>,
) -> GameSamples {
    let n = state.num_players();
    let mut rngs: Vec<Rng> = (0..n)
        .map(|s| Rng::new(stream_seed(seed, AGENT_STREAM + s as u64)))
        .collect();
    for a in others.iter_mut() {
        uno_agents::Agent::<G>::reset(a);
    }
    if let Some(t) = &mut teacher {
        uno_agents::Agent::<G>::reset(&mut t.agent);
    }
    let mut out = GameSamples::default();
    if teacher.is_some() {
        out.others_at.push(0);
    }
    let mut legal = ActionList::new();
    let mut x = vec![0.0f32; obs_len];
    let mut q = vec![0.0f32; mlp.outputs()];
    let mut scratch = mlp.scratch();
    let mut steps = 0u32;
    while let Some((seat, kind)) = state.to_act() {
        steps += 1;
        if steps > max_decisions {
            out.returns = vec![0.0; out.actions.len()];
            return out;
        }
        let s = seat as usize;
        state.legal_actions(&mut legal);
        let a: Action = if learner[s] {
            if legal.len() == 1 {
                legal.as_slice()[0]
            } else {
                encode(&state.view(seat), &mut x);
                let a = if epsilon > 0.0 && rngs[s].chance(epsilon) {
                    legal.as_slice()[rngs[s].below(legal.len() as u32) as usize]
                } else {
                    mlp.forward(&x, &mut scratch, &mut q);
                    greedy(legal.as_slice(), &q)
                };
                out.obs.extend_from_slice(&x);
                out.actions.push(a as u16);
                out.seats.push(seat);
                if let Some(t) = &mut teacher {
                    let mut card = NO_CARD;
                    use DecisionKind::Play;
                    // Normal turns, and the kinds named (with the draw taught, the choice
                    // after drawing among them: play the drawn card or keep it).
                    if kind == Play || t.kinds & (1 << kind.index()) != 0 {
                        let d = Decision::new(&state, seat, kind, legal.as_slice());
                        let e = uno_agents::Agent::<G>::act(&mut t.agent, &d, &mut t.rng);
                        // Only at normal turns without --teacher-draw is the draw left out.
                        let choice = |c: Action| t.with_draw || kind != Play || !t.draw[c as usize];
                        if legal.contains(e) && choice(e) {
                            card = e;
                            out.others
                                .extend(legal.as_slice().iter().filter(|&&c| c != e && choice(c)));
                        }
                    }
                    out.taught.push(card);
                    out.others_at.push(out.others.len() as u32);
                }
                a
            }
        } else {
            // Opponent index: the others are listed in seat order, skipping learner seats.
            let k = (0..s).filter(|&t| !learner[t]).count();
            let d = Decision::new(&state, seat, kind, legal.as_slice());
            let a = uno_agents::Agent::<G>::act(&mut others[k], &d, &mut rngs[s]);
            if !legal.contains(a) {
                // A misbehaving opponent ends the game with no result for anyone.
                out.returns = vec![0.0; out.actions.len()];
                return out;
            }
            a
        };
        state.apply_unchecked(a);
    }
    let outcome = state.outcome();
    out.returns = out
        .seats
        .iter()
        .map(|&s| match (reward, outcome) {
            (Reward::Win, _) => outcome.is_some_and(|o| o.won(s)) as u8 as f32,
            // 1 for first place down to 0 for last; nothing for a truncated game.
            // A game with a result: a winner, or a loser-only game's loser.
            (Reward::Placing, Some(o)) if o.winner.is_some() || o.loser.is_some() => {
                (n - o.placing[s as usize] as usize) as f32 / (n - 1) as f32
            }
            (Reward::Placing, _) => 0.0,
        })
        .collect();
    out
}

/// What a training game's result is worth to a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Reward {
    /// 1 for the winner, 0 for everyone else.
    #[default]
    Win,
    /// By placing: 1 for first, 0 for last, evenly spaced between.
    Placing,
}

/// The training run's state in memory.
pub struct Trainer<G: SimGame> {
    pub cfg: TrainConfig,
    pub net_cfg: NetConfig,
    opts: G::Options,
    opponents: Vec<Opponent>,
    teacher: Option<AgentSpec>,
    /// The decision kinds the teacher is asked at besides normal turns (`Teacher::kinds_mask`).
    teacher_kinds: u16,
    /// `draw[a]`: action `a` is named "draw".
    draw: Vec<bool>,
    device: Device,
    net: QNet,
    optim: ModuleOptimizer,
    pool: Vec<(u64, Arc<NeuralModel>)>,
    pub progress: Progress,
    pub curve: Vec<CurvePoint>,
    loss_sum: f64,
    loss_n: u64,
}

/// Checkpoint folder inside the output folder.
pub const CHECKPOINT_DIR: &str = "checkpoint";

impl<G: SimGame> Trainer<G> {
    /// A fresh run (from random weights, or from `cfg.init`'s).
    pub fn new(cfg: TrainConfig, opts: G::Options) -> Result<Self, String> {
        Self::build(cfg, opts, true)
    }

    /// The trainer for `cfg`; its starting weights are `cfg.init`'s only if `warm_start` (a
    /// resumed run takes them from its checkpoint, so the starting model need not exist any
    /// more).
    fn build(cfg: TrainConfig, opts: G::Options, warm_start: bool) -> Result<Self, String> {
        cfg.validate()?;
        let default = G::observation().ok_or_else(|| {
            format!(
                "training needs an observation encoder, and variant '{}' has none yet \
                 (available for: classic, debt, uber, constitution, blender)",
                G::INFO.name
            )
        })?;
        let obs =
            G::observation_named(cfg.encoder.as_deref()).map_err(|e| format!("--encoder: {e}"))?;
        let opponents = parse_opponents(&cfg.opponents)?;
        for o in &opponents {
            if let Opponent::Agent(s) = o {
                s.check_game::<G>()
                    .map_err(|e| format!("--opponents: {e}"))?;
            }
        }
        let teacher = match &cfg.teacher {
            None => None,
            Some(t) => {
                let spec = AgentSpec::parse(&t.spec).map_err(|e| format!("--teacher: {e}"))?;
                spec.check_game::<G>()
                    .map_err(|e| format!("--teacher: {e}"))?;
                Some(spec)
            }
        };
        let teacher_kinds = match &cfg.teacher {
            Some(t) => t.kinds_mask()?,
            None => 0,
        };
        let draw = (0..G::NUM_ACTIONS)
            .map(|a| G::name_action(a as Action) == "draw")
            .collect();
        let net_cfg = NetConfig {
            format: nn::net::FORMAT.into(),
            variant: obs.variant.into(),
            players: cfg.players,
            options: cfg.options.clone(),
            // The default encoder stays unnamed, as in every model from before encoders had names.
            encoder: (obs.name != default.name).then(|| obs.name.to_string()),
            obs_len: obs.len,
            num_actions: G::NUM_ACTIONS,
            hidden: cfg.hidden.clone(),
        };
        let device = Device::flex().autodiff();
        let net = match cfg.init.as_ref().filter(|_| warm_start) {
            None => QNet::init(&net_cfg, mix64(cfg.seed ^ 0x1417), &device),
            Some(dir) => {
                let (m, net) =
                    nn::load_net(Path::new(dir), &device).map_err(|e| format!("--init: {e}"))?;
                let m_encoder = m.encoder.as_deref().unwrap_or(default.name);
                let same_game = NetConfig {
                    encoder: net_cfg.encoder.clone(),
                    obs_len: net_cfg.obs_len,
                    ..m.clone()
                } == net_cfg;
                if !same_game {
                    return Err(format!(
                        "--init: {dir} is a model for {} with {} players and options {}, \
                         not for this run ({} with {} players and options {})",
                        m.variant,
                        m.players,
                        m.options,
                        net_cfg.variant,
                        net_cfg.players,
                        net_cfg.options
                    ));
                }
                if m_encoder == obs.name && m.obs_len == obs.len {
                    net
                } else if obs.extends == Some(m_encoder) {
                    // Onto an encoder that extends the model's: zero weights for the further
                    // inputs leave every value as it was.
                    let mut mlp = net.to_mlp();
                    let first = &mut mlp.layers[0];
                    debug_assert_eq!(first.inputs, m.obs_len);
                    first.w.resize(obs.len * first.outputs, 0.0);
                    first.inputs = obs.len;
                    QNet::from_mlp(&mlp, &device)
                } else {
                    return Err(format!(
                        "--init: {dir} is a model on encoder '{m_encoder}', and this run's \
                         encoder '{}' does not extend it (give --encoder {m_encoder}, or leave \
                         --encoder out)",
                        obs.name
                    ));
                }
            }
        };
        Ok(Trainer {
            optim: AdamConfig::new().init(),
            cfg,
            net_cfg,
            opts,
            opponents,
            teacher,
            teacher_kinds,
            draw,
            device,
            net,
            pool: Vec::new(),
            progress: Progress::default(),
            curve: Vec::new(),
            loss_sum: 0.0,
            loss_n: 0,
        })
    }

    /// The current network in play form.
    pub fn model(&self) -> Arc<NeuralModel> {
        Arc::new(NeuralModel {
            config: self.net_cfg.clone(),
            mlp: self.net.to_mlp(),
        })
    }

    fn obs(&self) -> uno_agents::Observation<G> {
        G::observation_named(self.net_cfg.encoder.as_deref()).expect("checked in new")
    }

    /// Exploration rate for games starting at training game `g`.
    pub fn epsilon_at(&self, g: u64) -> f64 {
        let c = &self.cfg;
        if g >= c.epsilon_decay_games {
            return c.epsilon;
        }
        let f = g as f64 / c.epsilon_decay_games as f64;
        c.epsilon_start + (c.epsilon - c.epsilon_start) * f
    }

    /// Whether the budget is spent.
    pub fn done(&self) -> bool {
        (self.cfg.games > 0 && self.progress.games >= self.cfg.games)
            || (self.cfg.minutes > 0.0 && self.progress.seconds >= self.cfg.minutes * 60.0)
    }

    /// Plays one iteration's games and learns from them. Returns the iteration's mean loss.
    pub fn iterate(&mut self) -> f64 {
        let start = Instant::now();
        let obs = self.obs();
        let model = self.model();
        let n = self.cfg.players;
        let it = self.progress.iteration;
        let first_game = self.progress.games;
        let mut count = self.cfg.games_per_iter as u64;
        if self.cfg.games > 0 {
            count = count.min(self.cfg.games - first_game);
        }
        let opts = self.opts;
        let epsilon = self.epsilon_at(first_game);
        let cfg = &self.cfg;
        let opponents = &self.opponents;
        let pool = &self.pool;
        let (teacher, draw) = (&self.teacher, &self.draw);
        let teacher_draw = cfg.teacher.as_ref().is_some_and(|t| t.draw);
        let teacher_kinds = self.teacher_kinds;
        let samples: Vec<GameSamples> = (0..count)
            .into_par_iter()
            .map(|i| {
                let g = first_game + i;
                let seed = train_game_seed(cfg.seed, g);
                let state = G::deal(opts, n, stream_seed(seed, ENGINE_STREAM));
                let mut pick = Rng::new(stream_seed(seed, 0xc0ff));
                let opp = &opponents[(g % opponents.len() as u64) as usize];
                let learner_seat = (g % n as u64) as usize;
                let mut learner = [false; uno_engine::MAX_PLAYERS];
                let mut others: Vec<AnyAgent<G>> = Vec::new();
                match opp {
                    Opponent::SelfPlay => learner[..n].fill(true),
                    Opponent::Pool if pool.is_empty() => learner[..n].fill(true),
                    Opponent::Pool => {
                        learner[learner_seat] = true;
                        let m = &pool[pick.below(pool.len() as u32) as usize].1;
                        for _ in 1..n {
                            others.push(AnyAgent::Boxed(Box::new(NeuralAgent::<G>::new(
                                "pool".into(),
                                m.clone(),
                                0.0,
                            ))));
                        }
                    }
                    Opponent::Agent(spec) => {
                        learner[learner_seat] = true;
                        for _ in 1..n {
                            others.push(spec.instantiate::<G>());
                        }
                    }
                }
                play_training_game(
                    state,
                    &learner,
                    &mut others,
                    &model.mlp,
                    obs.len,
                    obs.encode,
                    epsilon,
                    cfg.max_decisions,
                    cfg.reward,
                    seed,
                    teacher.as_ref().map(|spec| GameTeacher {
                        agent: spec.instantiate::<G>(),
                        rng: Rng::new(stream_seed(seed, TEACHER_STREAM)),
                        draw,
                        with_draw: teacher_draw,
                        kinds: teacher_kinds,
                    }),
                )
            })
            .collect();
        // Learner: one shuffled pass of minibatches over the iteration's samples, numbered in
        // game order and gathered in place (no second copy of the observations).
        let rows: Vec<(u32, u32)> = samples
            .iter()
            .enumerate()
            .flat_map(|(g, s)| (0..s.actions.len() as u32).map(move |r| (g as u32, r)))
            .collect();
        let total = rows.len();
        let mut order: Vec<usize> = (0..total).collect();
        let mut rng = Rng::new(stream_seed(game_seed(cfg.seed, it), 0x5eaf));
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let (mut loss_sum, mut batches) = (0.0f64, 0u64);
        let a_len = G::NUM_ACTIONS;
        for chunk in order.chunks(self.cfg.batch_size) {
            // One row per sample: its observation, a one-hot of its action, its return.
            let b = chunk.len();
            let mut bx = Array2::<f32>::zeros((b, obs.len));
            let mut mask = Array2::<f32>::zeros((b, a_len));
            let mut target = Array2::<f32>::zeros((b, 1));
            // Teacher: its card (one-hot) and the other cards that may be played, per row.
            let taught = self.cfg.teacher.as_ref();
            let rows_taught = if taught.is_some() { b } else { 0 };
            let mut tcard = Array2::<f32>::zeros((rows_taught, a_len));
            let mut tothers = Array2::<f32>::zeros((rows_taught, a_len));
            for (k, &i) in chunk.iter().enumerate() {
                let (g, r) = (rows[i].0 as usize, rows[i].1 as usize);
                let s = &samples[g];
                bx.row_mut(k)
                    .assign(&ArrayView1::from(&s.obs[r * obs.len..(r + 1) * obs.len]));
                mask[[k, s.actions[r] as usize]] = 1.0;
                target[[k, 0]] = s.returns[r];
                if taught.is_some() && s.taught[r] != NO_CARD {
                    tcard[[k, s.taught[r] as usize]] = 1.0;
                    let (from, to) = (s.others_at[r] as usize, s.others_at[r + 1] as usize);
                    for &c in &s.others[from..to] {
                        tothers[[k, c as usize]] = 1.0;
                    }
                }
            }
            let bx = to_tensor(bx, &self.device);
            let mask = to_tensor(mask, &self.device);
            let target = to_tensor(target, &self.device);
            let q_all = self.net.forward(bx);
            let q = (q_all.clone() * mask).sum_dim(1);
            let mut loss = (q - target).powi_scalar(2).mean();
            if let Some(t) = taught {
                let tcard = to_tensor(tcard, &self.device);
                let tothers = to_tensor(tothers, &self.device);
                // Cross-entropy over the row's cards (the others masked far below); rows
                // without a taught card are left out by `taught_row`.
                let cards = tcard.clone() + tothers;
                let taught_row = tcard.clone().sum_dim(1);
                let z = q_all / t.temperature;
                let zc = z.clone() * cards.clone() + (cards - 1.0) * 1e4;
                let top = zc.clone().max_dim(1).detach();
                let log_sum = (zc - top.clone()).exp().sum_dim(1).log() + top;
                let z_taught = (z * tcard).sum_dim(1);
                let ce = (log_sum - z_taught) * taught_row;
                loss = loss + ce.mean() * t.weight;
            }
            let l: f32 = loss
                .to_data()
                .convert::<f32>()
                .try_into_vec::<f32>()
                .expect("float")[0];
            loss_sum += l as f64;
            batches += 1;
            let grads = GradientsParams::from_grads(loss.backward(), &self.net);
            let empty = placeholder(&self.net);
            let net = std::mem::replace(&mut self.net, empty);
            self.net = self.optim.step(self.cfg.learning_rate, net, grads);
            self.progress.steps += 1;
        }
        self.progress.iteration += 1;
        self.progress.games += count;
        self.progress.samples += total as u64;
        self.progress.seconds += start.elapsed().as_secs_f64();
        let mean = if batches > 0 {
            loss_sum / batches as f64
        } else {
            0.0
        };
        self.loss_sum += loss_sum;
        self.loss_n += batches;
        mean
    }

    /// Evaluates the current network (greedy) on the held-out deals against random and the
    /// heuristic, and appends a curve point.
    pub fn evaluate(&mut self) -> &CurvePoint {
        let model = self.model();
        let evals = ["random", "heuristic"]
            .iter()
            .map(|o| {
                let spec = AgentSpec::parse(o).expect("built-in spec");
                let (w, g) = one_vs_field::<G>(
                    &|| {
                        AnyAgent::Boxed(Box::new(NeuralAgent::<G>::new(
                            "neural".into(),
                            model.clone(),
                            0.0,
                        )))
                    },
                    &spec,
                    self.opts,
                    self.cfg.players,
                    eval_seed(self.cfg.seed),
                    self.cfg.eval_deals,
                );
                Eval::new(o.to_string(), w, g)
            })
            .collect();
        let loss = (self.loss_n > 0).then(|| self.loss_sum / self.loss_n as f64);
        self.loss_sum = 0.0;
        self.loss_n = 0;
        self.curve.push(CurvePoint {
            iteration: self.progress.iteration,
            games: self.progress.games,
            samples: self.progress.samples,
            seconds: self.progress.seconds,
            loss,
            evals,
        });
        self.curve.last().expect("just pushed")
    }

    /// The heuristic against random on the held-out deals, measured once per run.
    pub fn measure_baseline(&mut self) -> &Eval {
        let (w, g) = one_vs_field::<G>(
            &|| {
                AgentSpec::parse("heuristic")
                    .expect("built-in")
                    .instantiate::<G>()
            },
            &AgentSpec::Random,
            self.opts,
            self.cfg.players,
            eval_seed(self.cfg.seed),
            self.cfg.eval_deals,
        );
        self.progress.baseline = Some(Eval::new("random".into(), w, g));
        self.progress.baseline.as_ref().expect("just set")
    }

    /// Adds the current network to the opponent pool (newest `pool_size` kept).
    /// Only at the regular checkpoints (multiples of `checkpoint_every`), so a run stopped in
    /// between (Ctrl-C, a time budget) and resumed keeps the same pool as one never stopped.
    fn pool_snapshot(&mut self) {
        if !self.opponents.contains(&Opponent::Pool)
            || !self
                .progress
                .iteration
                .is_multiple_of(self.cfg.checkpoint_every)
        {
            return;
        }
        self.pool.push((self.progress.iteration, self.model()));
        self.progress.pool.push(self.progress.iteration);
        while self.pool.len() > self.cfg.pool_size {
            self.pool.remove(0);
            self.progress.pool.remove(0);
        }
    }

    /// Writes a complete checkpoint into `out/checkpoint` (built in a temporary folder and
    /// renamed into place, so a crash leaves the previous checkpoint intact), then refreshes the
    /// model files, the curve and the chart at the top of `out`.
    pub fn checkpoint(&mut self, out: &Path) -> Result<(), String> {
        self.pool_snapshot();
        let final_dir = out.join(CHECKPOINT_DIR);
        let tmp = out.join(format!("{CHECKPOINT_DIR}.partial-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        // Removed by a second Ctrl-C (`crate::output::clean_up`) if left half-written.
        crate::output::register_partial(&tmp);
        let mk = |d: &Path| {
            std::fs::create_dir_all(d).map_err(|e| format!("cannot create {}: {e}", d.display()))
        };
        mk(&tmp)?;
        nn::save_net(&tmp, &self.net_cfg, &self.net)?;
        self.optim
            .save(tmp.join("optimizer.bpk"))
            .map_err(|e| format!("cannot save the optimizer state: {e}"))?;
        for (it, m) in &self.pool {
            let d = tmp.join("pool").join(it.to_string());
            mk(&d)?;
            let net = QNet::from_mlp(&m.mlp, &Device::flex());
            nn::save_net(&d, &self.net_cfg, &net)?;
        }
        let state = serde_json::to_string_pretty(&self.progress).expect("serialises");
        std::fs::write(tmp.join("progress.json"), state + "\n").map_err(|e| e.to_string())?;
        let curve = serde_json::to_string_pretty(&self.curve).expect("serialises");
        std::fs::write(tmp.join("curve.json"), curve + "\n").map_err(|e| e.to_string())?;
        let old = out.join(format!("{CHECKPOINT_DIR}.old"));
        let _ = std::fs::remove_dir_all(&old);
        if final_dir.exists() {
            std::fs::rename(&final_dir, &old).map_err(|e| e.to_string())?;
        }
        std::fs::rename(&tmp, &final_dir).map_err(|e| e.to_string())?;
        crate::output::forget_partial(&tmp);
        let _ = std::fs::remove_dir_all(&old);
        // The model at the top of the output folder (`neural:OUT`), each file replaced atomically.
        for f in [nn::net::CONFIG_FILE, nn::net::WEIGHTS_FILE] {
            let bytes = std::fs::read(final_dir.join(f)).map_err(|e| e.to_string())?;
            write_atomic(&out.join(f), &bytes)?;
        }
        write_atomic(&out.join("curve.csv"), &curve::csv(&self.curve)?)?;
        write_atomic(
            &out.join("curve.svg"),
            curve::svg(&self.curve, &self.cfg, self.progress.baseline.as_ref()).as_bytes(),
        )?;
        Ok(())
    }

    /// Restores a run from `out/checkpoint` (the config comes from `out/train.json`).
    pub fn resume(cfg: TrainConfig, opts: G::Options, out: &Path) -> Result<Self, String> {
        let mut t = Trainer::<G>::build(cfg, opts, false)?;
        let dir = out.join(CHECKPOINT_DIR);
        if !dir.is_dir() {
            // A crash between the two renames leaves the previous checkpoint as `.old`.
            let old = out.join(format!("{CHECKPOINT_DIR}.old"));
            if old.is_dir() {
                std::fs::rename(&old, &dir).map_err(|e| e.to_string())?;
            } else {
                return Err(format!(
                    "nothing to resume: {} has no checkpoint",
                    out.display()
                ));
            }
        }
        let (cfg_file, net) = nn::load_net(&dir, &t.device)?;
        if cfg_file != t.net_cfg {
            return Err(format!(
                "{}: the checkpoint's network does not match train.json",
                dir.display()
            ));
        }
        t.net = net;
        t.optim = AdamConfig::new()
            .init()
            .load(dir.join("optimizer.bpk"))
            .map_err(|e| format!("{}: {e}", dir.join("optimizer.bpk").display()))?;
        let read = |f: &str| -> Result<String, String> {
            std::fs::read_to_string(dir.join(f))
                .map_err(|e| format!("{}: {e}", dir.join(f).display()))
        };
        t.progress = serde_json::from_str(&read("progress.json")?)
            .map_err(|e| format!("{}: {e}", dir.join("progress.json").display()))?;
        t.curve = serde_json::from_str(&read("curve.json")?)
            .map_err(|e| format!("{}: {e}", dir.join("curve.json").display()))?;
        for it in t.progress.pool.clone() {
            let (_, net) = nn::load_net(&dir.join("pool").join(it.to_string()), &Device::flex())?;
            t.pool.push((
                it,
                Arc::new(NeuralModel {
                    config: t.net_cfg.clone(),
                    mlp: net.to_mlp(),
                }),
            ));
        }
        Ok(t)
    }
}

/// A stand-in network moved into `self.net` while the optimizer consumes the real one.
fn placeholder(net: &QNet) -> QNet {
    QNet {
        layers: Vec::with_capacity(net.layers.len()),
    }
}

/// Seat-balanced "one against the field": on each of `deals` held-out deals, the agent from
/// `make` plays once in every seat with `field` in all the other seats. Returns (wins, games).
pub fn one_vs_field<G: SimGame>(
    make: &(dyn Fn() -> AnyAgent<G> + Sync),
    field: &AgentSpec,
    opts: G::Options,
    players: usize,
    master: u64,
    deals: u64,
) -> (u64, u64) {
    let wins: u64 = (0..deals)
        .into_par_iter()
        .map(|d| {
            let seed = game_seed(master, d);
            let initial = G::deal(opts, players, stream_seed(seed, ENGINE_STREAM));
            let mut w = 0;
            for s in 0..players {
                let mut agents: Vec<AnyAgent<G>> = (0..players)
                    .map(|t| {
                        if t == s {
                            make()
                        } else {
                            field.instantiate::<G>()
                        }
                    })
                    .collect();
                let r = play_game(initial.clone(), &mut agents, seed, d);
                if r.aborted_by.is_none() && r.outcome.is_some_and(|o| o.won(s as u8)) {
                    w += 1;
                }
            }
            w
        })
        .sum();
    (wins, deals * players as u64)
}

/// The training loop with checkpoints; returns when the budget is spent or `stop` is raised
/// (after saving a checkpoint).
pub fn run<G: SimGame>(
    t: &mut Trainer<G>,
    out: &Path,
    stop: &AtomicBool,
    mut report: impl FnMut(&Trainer<G>, Option<&CurvePoint>),
) -> Result<bool, String> {
    if t.curve.is_empty() {
        // The reference level and the untrained network's point, at iteration 0.
        t.measure_baseline();
        t.evaluate();
        t.checkpoint(out)?;
        report(t, t.curve.last());
    }
    let mut interrupted = false;
    while !t.done() {
        if stop.load(Ordering::Relaxed) {
            interrupted = true;
            break;
        }
        t.iterate();
        if t.progress.iteration.is_multiple_of(t.cfg.checkpoint_every) || t.done() {
            t.evaluate();
            t.checkpoint(out)?;
            report(t, t.curve.last());
        } else {
            report(t, None);
        }
    }
    if interrupted && t.curve.last().map(|p| p.iteration) != Some(t.progress.iteration) {
        t.evaluate();
        t.checkpoint(out)?;
        report(t, t.curve.last());
    }
    Ok(interrupted)
}

/// Where a run keeps its files.
pub fn train_json(out: &Path) -> PathBuf {
    out.join("train.json")
}
