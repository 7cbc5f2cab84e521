//! The `uno` command line: `simulate`, `replay`, `rules`.

use crate::config::{OptionInput, Variant};
use crate::output::{write_atomic, AtomicFile};
use crate::progress::{self, Notice};
use crate::runner::{run_batch_with, Batch, AGENT_STREAM, ENGINE_STREAM};
use crate::stats::{GameRecord, StatsReport};
use crate::tournament::{self as tour, Plan, Schedule, Seating, TournamentConfig};
use crate::variant::SimGame;
use clap::{Args, Parser, Subcommand};
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;
use uno_agents::{Agent, AgentFactory, AgentSpec, Decision};
use uno_engine::classic::ClassicState;
use uno_engine::hotdeath::HotDeathState;
use uno_engine::{game_seed, stream_seed, ActionList, Rng, MAX_PLAYERS};

#[derive(Parser, Debug)]
#[command(
    name = "uno",
    version,
    about = "Simulate UNO and its house-rule variants, replay games, show the rules.",
    long_about = "Simulate UNO and its house-rule variants in parallel, replay single games \
                  decision by decision, and print a variant's card table and options.\n\n\
                  With no subcommand flags, `uno simulate` runs 1,000,000 classic 4-player \
                  games between random agents and prints the summary."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a batch of games in parallel and summarise them.
    Simulate(SimulateArgs),
    /// Replay one game (by seed and index, or from a scenario file) as a readable log.
    Replay(ReplayArgs),
    /// Print a variant's card table, action ids and options.
    Rules(RulesArgs),
    /// Play agents against each other on shared deals, every seating rotated, and rate them.
    Tournament(TournamentArgs),
    /// Balance report: seat advantage, game shape, card strength by paired swaps, skill.
    Balance(BalanceArgs),
    /// Train a neural agent by Deep Monte-Carlo self-play (build with `--features neural`).
    Train(Box<TrainArgs>),
}

/// The rule options of a run: preset, options file, overrides.
#[derive(Args, Debug, Clone)]
pub struct OptionArgs {
    /// Option preset (classic: official, rlcard).
    #[arg(long)]
    pub preset: Option<String>,
    /// JSON file of options (an object; may name a "preset").
    #[arg(long)]
    pub options: Option<PathBuf>,
    /// Override one option, e.g. --set stack_draw2=true (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

impl OptionArgs {
    pub(crate) fn gather(&self) -> Result<OptionInput, String> {
        OptionInput::gather(self.options.as_deref(), self.preset.as_deref(), &self.set)
    }
    fn given(&self) -> bool {
        self.options.is_some() || self.preset.is_some() || !self.set.is_empty()
    }
}

#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Variant to play (known: classic).
    #[arg(long, short = 'v', default_value = "classic")]
    pub variant: String,
    /// Number of players (classic: 2 to 10).
    #[arg(long, short = 'p', default_value_t = 4)]
    pub players: usize,
    /// Agent per seat, comma-separated (one spec for all seats, or one per seat). Known: random,
    /// first, heuristic[:params], mcts[:params] (see docs/agents/).
    #[arg(long, short = 'a', default_value = "random")]
    pub agents: String,
    #[command(flatten)]
    pub opts: OptionArgs,
}

#[derive(Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Number of games.
    #[arg(long, short = 'n', default_value_t = 1_000_000)]
    pub games: u64,
    /// Master seed; game i uses a seed derived from (seed, i).
    #[arg(long, short = 's', default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, short = 't')]
    pub threads: Option<usize>,
    /// Output folder for summary.json (and games.csv with --csv).
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    /// Also write one CSV row per game.
    #[arg(long)]
    pub csv: bool,
    /// Do not write any file, only print the summary.
    #[arg(long, conflicts_with_all = ["out", "csv"])]
    pub no_write: bool,
    /// Print the summary as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Hide the progress bar (it is also hidden when stderr is not a terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// Games per chunk (streaming granularity; default: sized to the agents' speed).
    #[arg(long, hide = true)]
    pub chunk: Option<u64>,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Master seed of the batch the game belongs to.
    #[arg(long, short = 's', default_value_t = 1)]
    pub seed: u64,
    /// Index of the game within the batch (as in games.csv).
    #[arg(long, short = 'g', default_value_t = 0)]
    pub game_index: u64,
    /// Start from the position in this scenario file instead of a fresh deal.
    #[arg(long, conflicts_with_all = ["game_index"])]
    pub scenario: Option<PathBuf>,
    /// Also list the legal actions at every decision.
    #[arg(long)]
    pub show_legal: bool,
}

#[derive(Args, Debug)]
#[command(
    long_about = "Play two or more agents against each other. Every deal (a game seed) is played \
                  once per seating, so each agent sits in each seat equally often on the same \
                  cards (common random numbers). Reports win rates, a head-to-head table, seat \
                  win rates and Bradley-Terry ratings (Elo scale) with standard errors, and \
                  writes tournament.json, agents.csv, head_to_head.csv and tournament.md. \
                  Details: docs/tournament.md."
)]
pub struct TournamentArgs {
    /// Agents, comma-separated, at least 2 with distinct labels, e.g.
    /// random,heuristic,mcts:iterations=200. LABEL@SPEC gives an agent its own label
    /// (a@first,b@first plays two copies of one agent).
    #[arg(long, short = 'a')]
    pub agents: String,
    /// Variant to play (known: classic).
    #[arg(long, short = 'v', default_value = "classic")]
    pub variant: String,
    /// Seats per game (classic: 2 to 10). Fewer agents than seats: the list is repeated
    /// cyclically; more agents than seats: every combination of agents plays.
    #[arg(long, short = 'p', default_value_t = 4)]
    pub players: usize,
    #[command(flatten)]
    pub opts: OptionArgs,
    /// Number of deals; each deal is played once per seating.
    #[arg(long, short = 'n', default_value_t = 10_000)]
    pub games: u64,
    /// Master seed; deal i uses a game seed derived from (seed, i).
    #[arg(long, short = 's', default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, short = 't')]
    pub threads: Option<usize>,
    /// Seatings per deal: permute (all distinct permutations), rotate (cyclic rotations), or
    /// auto (permute when at most 24 per lineup, else rotate).
    #[arg(long, value_enum, default_value_t = Seating::Auto)]
    pub seating: Seating,
    /// Output folder (default out/tournament-<variant>-<players>p-seed<seed>/).
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    /// Do not write any file, only print the tables.
    #[arg(long, conflicts_with = "out")]
    pub no_write: bool,
    /// Hide the progress bar (it is also hidden when stderr is not a terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// Deals per chunk (default: sized to the agents' speed).
    #[arg(long, hide = true)]
    pub chunk: Option<u64>,
}

#[derive(Args, Debug)]
#[command(
    long_about = "Train a Q-network for a variant by Deep Monte-Carlo (DouZero's method): games \
                  are played with an epsilon-greedy policy over the network's values for the \
                  legal actions, and the network learns each decision's value from the game's \
                  result. Writes the model (config.json + model.bpk, playable as neural:OUT), a \
                  checkpoint for --resume, and the learning curve (curve.csv, curve.svg: win \
                  rate on held-out deals against random and the heuristic). Needs a build with \
                  `--features neural`. Details: docs/agents/neural.md."
)]
pub struct TrainArgs {
    /// Variant to train for (needs an observation encoder: classic).
    #[arg(long, short = 'v', default_value = "classic")]
    pub variant: String,
    /// Number of players.
    #[arg(long, short = 'p', default_value_t = 2)]
    pub players: usize,
    #[command(flatten)]
    pub opts: OptionArgs,
    /// Budget: training games (default 200,000 unless --minutes is given).
    #[arg(long, short = 'n')]
    pub games: Option<u64>,
    /// Budget: minutes of training (stops at the first iteration past it).
    #[arg(long)]
    pub minutes: Option<f64>,
    /// Opponents in training games, comma-separated, used in turn: self (self-play), pool
    /// (past checkpoints), or agent specs (random, heuristic, ...).
    #[arg(long)]
    pub opponents: Option<String>,
    /// Return each decision learns: win (1 for the winner, else 0; default) or placing (1 for
    /// first down to 0 for last).
    #[arg(long, value_enum)]
    pub reward: Option<crate::train_cli::Reward>,
    /// Teach the network an agent's choice of card at normal turns besides the returns (a
    /// cross-entropy over the playable cards' values; the draw and every other decision are
    /// left to the returns unless --teacher-draw or --teacher-kinds says otherwise), e.g.
    /// `--teacher heuristic`.
    #[arg(long)]
    pub teacher: Option<String>,
    /// With --teacher: weight of its cross-entropy [default: 0.01].
    #[arg(long)]
    pub teacher_weight: Option<f64>,
    /// With --teacher: temperature of the softmax over the cards' values [default: 0.02].
    #[arg(long)]
    pub teacher_temperature: Option<f64>,
    /// With --teacher: the draw is one of the choices taught (the teacher's card is taught
    /// over the draw too, so the network learns not to draw when the teacher plays), and so is
    /// the choice after a draw (play the drawn card or keep it).
    #[arg(long)]
    pub teacher_draw: bool,
    /// With --teacher: further decision kinds where the teacher's choice is taught over every
    /// legal action, `+`-separated (the names of the neural spec's `defer`, e.g.
    /// `call_uno+catch_uno+color`; `play` is always taught, `post_draw` comes with
    /// --teacher-draw). Kinds not named are left to the returns.
    #[arg(long, value_name = "KINDS")]
    pub teacher_kinds: Option<String>,
    /// Hidden layer widths, comma-separated.
    #[arg(long)]
    pub hidden: Option<String>,
    /// Observation encoder, by name (classic: `classic`, the default, or `classic-evidence`,
    /// which adds the opponents' public draws). With --init, the starting model's by default;
    /// a model on `classic` can start a `classic-evidence` run.
    #[arg(long, value_name = "NAME")]
    pub encoder: Option<String>,
    /// Adam learning rate.
    #[arg(long)]
    pub lr: Option<f64>,
    /// Minibatch size (samples).
    #[arg(long)]
    pub batch: Option<usize>,
    /// Games played per iteration (between network updates).
    #[arg(long)]
    pub games_per_iter: Option<usize>,
    /// Exploration: probability of a random legal action at a learner decision (after the
    /// decay; default 0.05).
    #[arg(long)]
    pub epsilon: Option<f64>,
    /// Exploration at the start of training (default 0.2), falling linearly to --epsilon.
    #[arg(long)]
    pub epsilon_start: Option<f64>,
    /// Training games over which exploration falls to --epsilon (default 10,000).
    #[arg(long)]
    pub epsilon_decay_games: Option<u64>,
    /// Opponent pool size (checkpoints kept for `pool`).
    #[arg(long)]
    pub pool_size: Option<usize>,
    /// A training game stops after this many decisions and counts as lost for every seat
    /// (default 1,000).
    #[arg(long)]
    pub max_decisions: Option<u32>,
    /// Evaluate and checkpoint every this many iterations.
    #[arg(long)]
    pub checkpoint_every: Option<u64>,
    /// Held-out deals per evaluation (each played once per seat).
    #[arg(long)]
    pub eval_deals: Option<u64>,
    /// Master seed.
    #[arg(long, short = 's')]
    pub seed: Option<u64>,
    /// Output folder (default out/train-<variant>-<players>p-seed<seed>/).
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    /// Continue the run in --out from its last checkpoint (settings come from its train.json;
    /// only --games, --minutes and --threads may be given, to extend the budget).
    #[arg(long)]
    pub resume: bool,
    /// Start a new run from the weights of a saved model (a folder that `neural:` plays)
    /// instead of random ones, e.g. to fine-tune it against other opponents. The model must be
    /// for the same variant, players and options; its layer widths are used. A model on an
    /// encoder that a longer one extends (`classic` for `classic-evidence`) starts the longer
    /// one with zero weights on the further inputs, so it plays as before at first.
    #[arg(long, value_name = "MODEL")]
    pub init: Option<PathBuf>,
    /// Worker threads for the games (default: all cores). Results do not depend on it.
    #[arg(long, short = 't')]
    pub threads: Option<usize>,
    /// Print nothing but errors and the final line.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
#[command(
    long_about = "Measure how balanced a variant is. Every deal is played as dealt, then once per \
                  card kind with one copy of that kind swapped into a chosen seat's opening hand \
                  (in place of a plain number card), then twice more with that seat played by \
                  the skill agent and by the skill baseline (random unless --skill-baseline \
                  names another agent). Reports seat advantage, game length, truncation, \
                  points, each card's causal strength with paired 95% intervals and Holm-corrected \
                  significance, observational card metrics and the skill gap. Writes report.md, \
                  report.html (SVG charts), report.json and CSV tables. Details: docs/balance.md."
)]
pub struct BalanceArgs {
    /// Variant to measure (known: classic).
    #[arg(long, short = 'v', default_value = "classic")]
    pub variant: String,
    /// Number of players (classic: 2 to 10).
    #[arg(long, short = 'p', default_value_t = 4)]
    pub players: usize,
    /// Agent per seat for the as-dealt and swapped games, comma-separated (one spec for all
    /// seats, or one per seat).
    #[arg(long, short = 'a', default_value = "heuristic")]
    pub agents: String,
    /// The skilled agent of the skill experiment, compared with the skill baseline.
    #[arg(long, default_value = "heuristic")]
    pub skill_agent: String,
    /// The agent the skill agent is compared with, in the same seat on the same deals (random:
    /// skill against luck; another agent: a paired comparison of the two agents).
    #[arg(long, default_value = "random")]
    pub skill_baseline: String,
    /// Leave out the skill experiment.
    #[arg(long, conflicts_with_all = ["skill_agent", "skill_baseline"])]
    pub no_skill: bool,
    #[command(flatten)]
    pub opts: OptionArgs,
    /// Budget: most deals to play (each deal is 1 + card kinds + 2 games).
    #[arg(long, short = 'n', default_value_t = 200_000)]
    pub deals: u64,
    /// Stop early once every card's strength interval is at most ± this (a fraction: 0.01 is
    /// one percentage point); 0 plays the whole budget.
    #[arg(long, default_value_t = 0.01)]
    pub precision: f64,
    /// Master seed; deal i uses a game seed derived from (seed, i).
    #[arg(long, short = 's', default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, short = 't')]
    pub threads: Option<usize>,
    /// Output folder (default out/balance-<variant>-<players>p-seed<seed>/).
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    /// Do not write any file, only print the summary.
    #[arg(long, conflicts_with = "out")]
    pub no_write: bool,
    /// Hide the progress bar (it is also hidden when stderr is not a terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// Deals between precision checks (progress and interrupts are finer, sized to the agents'
    /// speed).
    #[arg(long, default_value_t = 1024, hide = true)]
    pub chunk: u64,
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    #[arg(long, short = 'v', default_value = "classic")]
    pub variant: String,
    /// Print as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Entry point; returns the process exit code.
pub fn main_with(args: impl IntoIterator<Item = std::ffi::OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let res = match cli.command {
        Command::Simulate(a) => simulate(a),
        Command::Replay(a) => replay(a),
        Command::Rules(a) => rules(a),
        Command::Tournament(a) => tournament(a),
        Command::Balance(a) => balance(a),
        Command::Train(a) => crate::train_cli::train(*a),
    };
    match res {
        Ok(()) => 0,
        // Stopped by Ctrl-C after saving what was finished (the command said so).
        Err(msg) if progress::is_interrupted(&msg) => {
            crate::output::clean_up();
            progress::EXIT_INTERRUPTED
        }
        Err(msg) => {
            crate::output::clean_up();
            eprintln!("error: {msg}");
            2
        }
    }
}

/// A rayon pool of `--threads` workers (default: all cores; capped, with a warning, at
/// `progress::THREADS_PER_CORE` per core) and its size.
pub(crate) fn thread_pool(threads: Option<usize>) -> Result<(rayon::ThreadPool, usize), String> {
    let (threads, warning) = progress::threads(threads)?;
    if let Some(w) = warning {
        eprintln!("{w}");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    Ok((pool, threads))
}

/// A command's default output folder: `out/<command>-<variant>-<players>p-seed<seed>`.
pub(crate) fn default_out(command: &str, variant: Variant, players: usize, seed: u64) -> String {
    format!("out/{command}-{}-{players}p-seed{seed}", variant.name())
}

/// The output folder (created), or `None` with `--no-write`.
fn output_dir(
    no_write: bool,
    out: Option<&PathBuf>,
    default: String,
) -> Result<Option<PathBuf>, String> {
    if no_write {
        return Ok(None);
    }
    let d = out.cloned().unwrap_or_else(|| PathBuf::from(default));
    // The folders it creates are removed again if the run ends with nothing in them.
    crate::output::create_dir(&d)?;
    Ok(Some(d))
}

/// Parses `--agents` for game `G` (each spec checked against the variant).
fn parse_agents<G: SimGame>(s: &str, players: usize) -> Result<Vec<AgentSpec>, String> {
    let specs: Vec<AgentSpec> = uno_agents::spec::split_spec_list(s)
        .iter()
        .map(|x| AgentSpec::parse(x))
        .collect::<Result<_, _>>()?;
    for spec in &specs {
        spec.check_game::<G>()?;
    }
    match specs.len() {
        1 => Ok(vec![specs[0].clone(); players]),
        k if k == players => Ok(specs),
        k => Err(format!(
            "--agents lists {k} agents for {players} players (give one for all seats or one per seat)"
        )),
    }
}

struct Resolved<G: SimGame> {
    variant: Variant,
    players: usize,
    agents: Vec<AgentSpec>,
    opts: G::Options,
}

fn resolve<G: SimGame>(g: &GameArgs) -> Result<Resolved<G>, String> {
    let players = g.players;
    let input = g.opts.gather()?;
    let opts = G::options(&input, players)?;
    let agents = parse_agents::<G>(&g.agents, players)?;
    Ok(Resolved {
        variant: G::VARIANT,
        players,
        agents,
        opts,
    })
}

/// Runs `$f::<G>($a)` for the variant named by `$name`.
macro_rules! dispatch {
    ($name:expr, $f:ident, $a:expr) => {
        match Variant::parse($name)? {
            Variant::Classic => $f::<ClassicState>($a),
            Variant::HotDeath => $f::<HotDeathState>($a),
        }
    };
}

#[derive(Serialize)]
struct RunInfo {
    threads: usize,
    elapsed_seconds: f64,
    games_per_second: f64,
    interrupted: bool,
    /// After Ctrl-C: which games the summary covers.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

#[derive(Serialize)]
struct Summary<'a> {
    variant: &'a str,
    players: usize,
    games_requested: u64,
    seed: u64,
    agents: Vec<String>,
    options: serde_json::Value,
    stats: StatsReport,
    run: RunInfo,
}

fn csv_header(w: &mut csv::Writer<impl Write>, players: usize) -> Result<(), String> {
    let mut h: Vec<String> = [
        "game",
        "seed",
        "ending",
        "winner",
        "turns",
        "decisions",
        "hands",
        "cards_drawn",
        "reshuffles",
        "challenges",
        "uno_penalties",
        "aborted_by",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for s in 0..players {
        h.push(format!("points_{s}"));
    }
    for s in 0..players {
        h.push(format!("place_{s}"));
    }
    w.write_record(&h).map_err(|e| e.to_string())
}

fn csv_row(w: &mut csv::Writer<impl Write>, r: &GameRecord, players: usize) -> Result<(), String> {
    let opt = |x: Option<u8>| x.map(|v| v.to_string()).unwrap_or_default();
    let mut row = vec![
        r.index.to_string(),
        r.seed.to_string(),
        match (&r.outcome, r.aborted_by) {
            (_, Some(_)) => "aborted".into(),
            (Some(o), None) => format!("{:?}", o.ending).to_lowercase(),
            (None, None) => "unfinished".into(),
        },
        opt(r.outcome.and_then(|o| o.winner)),
        r.counters.turns.to_string(),
        r.counters.actions.to_string(),
        r.outcome.map(|o| o.hands).unwrap_or(0).to_string(),
        r.counters.cards_drawn.to_string(),
        r.counters.reshuffles.to_string(),
        r.counters.challenges.to_string(),
        r.counters.uno_penalties.to_string(),
        opt(r.aborted_by),
    ];
    for s in 0..players {
        row.push(
            r.outcome
                .map(|o| o.points[s].to_string())
                .unwrap_or_default(),
        );
    }
    for s in 0..players {
        row.push(
            r.outcome
                .map(|o| o.placing[s].to_string())
                .unwrap_or_default(),
        );
    }
    w.write_record(&row).map_err(|e| e.to_string())
}

fn simulate(a: SimulateArgs) -> Result<(), String> {
    let name = a.game.variant.clone();
    dispatch!(&name, simulate_with, a)
}

fn simulate_with<G: SimGame>(a: SimulateArgs) -> Result<(), String> {
    let r = resolve::<G>(&a.game)?;
    if a.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if a.chunk == Some(0) {
        return Err("--chunk must be at least 1".into());
    }
    let (pool, threads) = thread_pool(a.threads)?;
    let stop = progress::interrupt_flag();
    let out_dir = output_dir(
        a.no_write,
        a.out.as_ref(),
        default_out("simulate", r.variant, r.players, a.seed),
    )?;
    let mut csv_file = match (&out_dir, a.csv) {
        (Some(d), true) => Some(AtomicFile::create(&d.join("games.csv"))?),
        _ => None,
    };
    if let Some(f) = csv_file.as_mut() {
        let mut w = csv::Writer::from_writer(f.writer());
        csv_header(&mut w, r.players)?;
        w.flush().map_err(|e| e.to_string())?;
    }
    let pb = progress::bar(a.games, a.no_progress, "games");
    progress::arm(Notice {
        unit: "games".into(),
        saved_to: out_dir.clone(),
        kept: "the finished games (games 0 to n-1 of the batch, no gap)".into(),
        bar: Some(pb.clone()),
        after: None,
    });
    let labels: Vec<String> = r.agents.iter().map(|s| s.label()).collect();
    let start = Instant::now();
    let opts = r.opts;
    let players = r.players;
    // The options were validated by `resolve`.
    let new_game = move |seed: u64| G::deal(opts, players, seed);
    let mut write_err: Option<String> = None;
    let result = pool.install(|| {
        let batch = Batch {
            games: a.games,
            master_seed: a.seed,
            agents: &r.agents,
            new_game: &new_game,
            chunk: a.chunk.unwrap_or(0),
            keep_records: csv_file.is_some(),
        };
        run_batch_with(&batch, stop, &|n| pb.inc(n), |st, records| {
            pb.set_position(st.games);
            if let Some(f) = csv_file.as_mut() {
                if write_err.is_none() {
                    let mut w = csv::WriterBuilder::new()
                        .has_headers(false)
                        .from_writer(f.writer());
                    for rec in records {
                        if let Err(e) = csv_row(&mut w, rec, players) {
                            write_err = Some(e);
                            break;
                        }
                    }
                    if let Err(e) = w.flush() {
                        write_err = Some(e.to_string());
                    }
                }
            }
        })
    });
    pb.finish_and_clear();
    if let Some(e) = write_err {
        return Err(format!("writing games.csv: {e}"));
    }
    let elapsed = start.elapsed().as_secs_f64();
    let summary = Summary {
        variant: r.variant.name(),
        players,
        games_requested: a.games,
        seed: a.seed,
        agents: labels.clone(),
        options: serde_json::to_value(opts).expect("options serialise"),
        stats: result.stats.report(&labels),
        run: RunInfo {
            threads,
            elapsed_seconds: elapsed,
            games_per_second: result.games_run as f64 / elapsed.max(1e-9),
            interrupted: result.interrupted,
            note: result.interrupted.then(|| {
                format!(
                    "interrupted: games 0 to {} of the batch, no gap (the summary of -n {})",
                    result.games_run.saturating_sub(1),
                    result.games_run
                )
            }),
        },
    };
    let json = serde_json::to_string_pretty(&summary).expect("summary serialises");
    if let Some(d) = &out_dir {
        if let Some(f) = csv_file.take() {
            f.finish()?;
        }
        write_atomic(&d.join("summary.json"), json.as_bytes())?;
    }
    if a.json {
        println!("{json}");
    } else {
        print_summary(&summary, out_dir.as_deref());
    }
    interrupted_result(
        result.interrupted,
        format!(
            "{} of {} games finished (games 0 to {}: the summary of a run with -n {})",
            result.games_run,
            a.games,
            result.games_run.saturating_sub(1),
            result.games_run
        ),
        out_dir.is_some(),
    )
}

/// A run's exit: `Ok`, or after Ctrl-C the message `interrupted: <done>, saved` on stderr (no
/// "saved" with `--no-write`) and the interrupted error (exit code 130; the finished part is
/// saved by then).
fn interrupted_result(interrupted: bool, done: String, saved: bool) -> Result<(), String> {
    if interrupted {
        eprintln!("{}", progress::interrupted_message(&done, saved));
        return Err(progress::interrupted());
    }
    Ok(())
}

fn print_summary(s: &Summary<'_>, out: Option<&Path>) {
    let st = &s.stats;
    println!(
        "{} | {} players | {} games | seed {} | {} thread(s) | {:.2} s | {:.0} games/s",
        s.variant,
        s.players,
        st.games,
        s.seed,
        s.run.threads,
        s.run.elapsed_seconds,
        s.run.games_per_second
    );
    println!(
        "completed {}  truncated {}  aborted (illegal agent action) {}",
        st.completed, st.truncated, st.aborted
    );
    println!();
    let matches = st.hands > st.games;
    if matches {
        println!("seat  agent        match wins (95% CI)          mean place  mean points  hand wins  points/hand");
    } else {
        println!("seat  agent         win rate  (95% CI)          mean place  mean points");
    }
    for p in &st.per_seat {
        print!(
            "{:>4}  {:<12} {:>8.4}  ({:.4}-{:.4})   {:>10.3}  {:>11.2}",
            p.seat,
            p.agent,
            p.win_rate,
            p.win_rate_ci95.0,
            p.win_rate_ci95.1,
            p.mean_placing,
            p.mean_points
        );
        if matches {
            print!("  {:>9}  {:>11.2}", p.hand_wins, p.mean_points_per_hand);
        }
        println!();
    }
    if st.per_agent.len() > 1 {
        println!();
        println!("agent         seats    win rate  (95% CI)          mean place");
        for p in &st.per_agent {
            println!(
                "{:<12}  {:<7}  {:>8.4}  ({:.4}-{:.4})   {:>10.3}",
                p.agent,
                format!("{:?}", p.seats),
                p.win_rate,
                p.win_rate_ci95.0,
                p.win_rate_ci95.1,
                p.mean_placing
            );
        }
    }
    println!();
    let l = &st.length;
    println!(
        "turns per game: mean {:.1}, median {}, p90 {}, p99 {}, max {}; decisions per game {:.1}",
        l.mean_turns, l.p50_turns, l.p90_turns, l.p99_turns, l.max_turns, l.mean_decisions
    );
    println!(
        "cards drawn per game {:.2}; reshuffles per game {:.4} ({} games had one); hands per game {:.2}",
        st.mean_cards_drawn, st.mean_reshuffles, st.games_with_reshuffle, st.mean_hands_per_game
    );
    println!(
        "challenges {} (won {}); UNO penalties {}; jump-ins {}",
        st.challenges, st.challenges_won, st.uno_penalties, st.jump_ins
    );
    if st.hand_endings.keys().any(|k| k != "out_of_cards") || matches {
        let e: Vec<String> = st
            .hand_endings
            .iter()
            .map(|(k, n)| {
                format!(
                    "{k} {n} ({:.2}%)",
                    100.0 * *n as f64 / st.hands.max(1) as f64
                )
            })
            .collect();
        println!("hands {}; hand endings: {}", st.hands, e.join(", "));
    }
    if let Some(d) = out {
        println!();
        println!("written: {}", d.join("summary.json").display());
    }
}

/// Plays one game from `state` with logging, printing every decision and event.
fn replay_game<G: SimGame>(
    mut state: G,
    agents: &mut [Box<dyn Agent<G>>],
    agent_seed: u64,
    show_legal: bool,
    deal_log: Vec<G::Event>,
) -> Result<(), String> {
    let mut out = String::new();
    print_events::<G>(&mut out, &deal_log, state.num_players());
    let mut legal = ActionList::new();
    let mut rngs: Vec<Rng> = (0..state.num_players())
        .map(|s| Rng::new(stream_seed(agent_seed, AGENT_STREAM + s as u64)))
        .collect();
    for a in agents.iter_mut() {
        a.reset();
    }
    println!("{out}");
    let mut step = 0u64;
    while let Some((seat, kind)) = state.to_act() {
        state.legal_actions(&mut legal);
        let d = Decision::new(&state, seat, kind, legal.as_slice());
        let a = agents[seat as usize].act(&d, &mut rngs[seat as usize]);
        step += 1;
        let mut line = format!(
            "#{step:<4} seat {seat} {kind:?} ({}){}",
            state.situation(seat),
            if show_legal {
                format!(
                    " legal: [{}]",
                    legal
                        .iter()
                        .map(|&x| G::name_action(x))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                String::new()
            }
        );
        line.push_str(&format!(" -> {}", G::name_action(a)));
        println!("{line}");
        let mut events: Vec<G::Event> = Vec::new();
        if let Err(e) = state.apply_logged(a, &mut events) {
            println!("agent of seat {seat} chose an illegal action: {e}; game aborted");
            return Ok(());
        }
        let mut s = String::new();
        print_events::<G>(&mut s, &events, state.num_players());
        if !s.is_empty() {
            print!("{s}");
        }
    }
    if let Some(o) = state.outcome() {
        println!(
            "\nresult: {:?}, winner {}, hands {}",
            o.ending,
            o.winner
                .map(|w| format!("seat {w}"))
                .unwrap_or("none".into()),
            o.hands
        );
        for s in 0..state.num_players() {
            println!("  seat {s}: place {}, points {}", o.placing[s], o.points[s]);
        }
    }
    Ok(())
}

/// Formats events, folding the per-card deal into one line per seat.
fn print_events<G: SimGame>(out: &mut String, events: &[G::Event], players: usize) {
    let table = G::cards();
    let mut dealt: Vec<Vec<&str>> = vec![Vec::new(); MAX_PLAYERS];
    let flush = |out: &mut String, dealt: &mut Vec<Vec<&str>>| {
        for (s, d) in dealt.iter_mut().enumerate().take(players) {
            if !d.is_empty() {
                out.push_str(&format!("        seat {s} is dealt {}\n", d.join(" ")));
                d.clear();
            }
        }
    };
    for e in events {
        if let Some((seat, card)) = G::dealt(e) {
            dealt[seat as usize].push(table[card as usize].code);
            continue;
        }
        flush(out, &mut dealt);
        out.push_str(&format!("        {e}\n"));
    }
    flush(out, &mut dealt);
}

fn replay(a: ReplayArgs) -> Result<(), String> {
    let name = a.game.variant.clone();
    dispatch!(&name, replay_with, a)
}

fn replay_with<G: SimGame>(a: ReplayArgs) -> Result<(), String> {
    if let Some(path) = &a.scenario {
        // The scenario carries its own player count and options.
        if a.game.opts.given() {
            return Err(
                "with --scenario, put options in the scenario file ('preset', 'options')".into(),
            );
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read scenario {}: {e}", path.display()))?;
        let (state, seed) = G::scenario(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut agents: Vec<Box<dyn Agent<G>>> =
            parse_agents::<G>(&a.game.agents, state.num_players())?
                .iter()
                .map(|s| s.build())
                .collect();
        println!(
            "scenario {} ({} players, seed {})",
            path.display(),
            state.num_players(),
            seed
        );
        return replay_game(state, &mut agents, seed, a.show_legal, Vec::new());
    }
    let r = resolve::<G>(&a.game)?;
    let mut agents: Vec<Box<dyn Agent<G>>> = r.agents.iter().map(|s| s.build()).collect();
    let seed = game_seed(a.seed, a.game_index);
    let mut deal = Vec::new();
    let state = G::new_logged(
        r.opts,
        r.players,
        stream_seed(seed, ENGINE_STREAM),
        &mut deal,
    )?;
    println!(
        "{} | {} players | batch seed {} game {} (game seed {seed}) | agents {}",
        r.variant.name(),
        r.players,
        a.seed,
        a.game_index,
        r.agents
            .iter()
            .map(|s| s.label())
            .collect::<Vec<_>>()
            .join(",")
    );
    replay_game(state, &mut agents, seed, a.show_legal, deal)
}

#[derive(Serialize)]
struct CardRow {
    id: usize,
    code: &'static str,
    name: &'static str,
    color: Option<&'static str>,
    points: i32,
    copies: u8,
}

fn rules(a: RulesArgs) -> Result<(), String> {
    let name = a.variant.clone();
    dispatch!(&name, rules_with, a)
}

fn rules_with<G: SimGame>(a: RulesArgs) -> Result<(), String> {
    let cards: Vec<CardRow> = G::cards()
        .iter()
        .enumerate()
        .map(|(id, c)| CardRow {
            id,
            code: c.code,
            name: c.name,
            color: c.color.map(|c| c.name()),
            points: c.points,
            copies: c.copies,
        })
        .collect();
    let actions: Vec<(usize, String)> = (0..G::num_actions())
        .map(|i| (i, G::name_action(i as u16)))
        .collect();
    let presets = G::option_presets();
    let variant = G::VARIANT.name();
    if a.json {
        let v = serde_json::json!({
            "variant": variant,
            "players": G::PLAYERS,
            "deck_size": G::deck_size(),
            "cards": cards,
            "num_actions": G::num_actions(),
            "actions": actions,
            "options": presets[0].1,
            "presets": presets.iter().map(|(k, v)| (k.to_string(), v.clone())).collect::<serde_json::Map<String, serde_json::Value>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v).expect("serialises"));
        return Ok(());
    }
    let mut out = format!(
        "{variant}: {} players, {} cards, {} kinds\nfull rules and every reading chosen: {}\n\n",
        G::PLAYERS,
        G::deck_size(),
        cards.len(),
        G::rules_doc()
    );
    out.push_str(&format!(
        "{:>3}  {:<5} {:<28} {:>6} {:>6}\n",
        "id", "code", "name", "points", "copies"
    ));
    for c in &cards {
        out.push_str(&format!(
            "{:>3}  {:<5} {:<28} {:>6} {:>6}\n",
            c.id, c.code, c.name, c.points, c.copies
        ));
    }
    out.push_str(&format!("\naction ids ({} in all):\n", G::num_actions()));
    for (i, name) in &actions {
        out.push_str(&format!("  {i:>3} {name}\n"));
    }
    out.push_str(&format!(
        "\noptions ({} defaults; set with --set key=value or --options file.json):\n",
        presets[0].0
    ));
    let base = presets[0].1.as_object().expect("options are an object");
    for (k, val) in base {
        let mut notes = Vec::new();
        for (pname, pv) in &presets[1..] {
            if &pv[k] != val {
                notes.push(format!("{pname} preset: {}", pv[k]));
            }
        }
        let note = if notes.is_empty() {
            String::new()
        } else {
            format!("   ({})", notes.join("; "))
        };
        out.push_str(&format!("  {k} = {val}{note}\n"));
    }
    out.push_str(&format!(
        "\npresets: {}\n",
        presets.iter().map(|p| p.0).collect::<Vec<_>>().join(", ")
    ));
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Ok(())
}

fn tournament(a: TournamentArgs) -> Result<(), String> {
    let name = a.variant.clone();
    dispatch!(&name, tournament_with, a)
}

fn tournament_with<G: SimGame>(a: TournamentArgs) -> Result<(), String> {
    let entrants = tour::parse_entrants(&a.agents)?;
    for e in &entrants {
        e.spec.check_game::<G>()?;
    }
    let variant = G::VARIANT;
    let input = a.opts.gather()?;
    let opts = G::options(&input, a.players)?;
    if a.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if a.chunk == Some(0) {
        return Err("--chunk must be at least 1".into());
    }
    let (pool, threads) = thread_pool(a.threads)?;
    let stop = progress::interrupt_flag();
    let plan = Plan::new(entrants.len(), a.players, a.seating)?;
    let per_deal = plan.games_per_deal() as u64;
    let total_games = a.games.checked_mul(per_deal).ok_or_else(|| {
        format!(
            "{} deals × {per_deal} games per deal is too many games",
            a.games
        )
    })?;
    let out_dir = output_dir(
        a.no_write,
        a.out.as_ref(),
        default_out("tournament", variant, a.players, a.seed),
    )?;
    let pb = progress::bar(total_games, a.no_progress, "games");
    progress::arm(Notice {
        unit: "deals".into(),
        saved_to: out_dir.clone(),
        kept: "the finished deals (deals 0 to n-1, each with all its seatings)".into(),
        bar: Some(pb.clone()),
        after: Some("the games in flight (a deal not finished by then is dropped)".into()),
    });
    let players = a.players;
    let new_game = move |seed: u64| G::deal(opts, players, seed);
    let specs: Vec<AgentSpec> = entrants.iter().map(|e| e.spec.clone()).collect();
    let make_agent = |i: usize| specs[i].instantiate::<G>();
    let schedule = Schedule {
        plan: &plan,
        deals: a.games,
        seed: a.seed,
        new_game: &new_game,
        chunk: a.chunk.unwrap_or(0),
    };
    let start = Instant::now();
    let result = pool.install(|| tour::run(&schedule, &make_agent, stop, &|g| pb.inc(g)));
    pb.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let report = result.stats.report(&entrants);
    let cfg = TournamentConfig::new(
        variant.name(),
        &entrants,
        &plan,
        a.seating,
        a.games,
        a.seed,
        serde_json::to_value(opts).expect("options serialise"),
    );
    let run = tour::RunInfo {
        threads,
        elapsed_seconds: elapsed,
        games_per_second: result.stats.games as f64 / elapsed.max(1e-9),
        interrupted: result.interrupted,
    };
    if let Some(d) = &out_dir {
        tour::write_outputs(d, &cfg, &report, &run)?;
    }
    let mut text = format!(
        "{} games in {:.2} s ({:.0} games/s, {} thread(s))\n\n{}",
        result.stats.games,
        run.elapsed_seconds,
        run.games_per_second,
        threads,
        tour::markdown(&cfg, &report)
    );
    if let Some(d) = &out_dir {
        text.push_str(&format!("\nwritten: {}\n", d.display()));
    }
    // A closed stdout (e.g. piped into `head`) is not an error: the files are written.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    interrupted_result(
        result.interrupted,
        format!(
            "{} of {} deals finished (deals 0 to {}, every seating)",
            result.deals_run,
            a.games,
            result.deals_run.saturating_sub(1)
        ),
        out_dir.is_some(),
    )
}

/// The command line that reproduces a balance run (canonical flag order, defaults spelled out).
fn balance_command(a: &BalanceArgs, variant: Variant) -> String {
    let q = |s: &str| {
        if s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.,:=/+@".contains(c))
        {
            s.to_string()
        } else {
            format!("'{}'", s.replace('\'', r"'\''"))
        }
    };
    let mut cmd = format!(
        "uno balance -v {} -p {} -a {}",
        variant.name(),
        a.players,
        q(&a.agents)
    );
    if a.no_skill {
        cmd.push_str(" --no-skill");
    } else {
        cmd.push_str(&format!(" --skill-agent {}", q(&a.skill_agent)));
        if AgentSpec::parse(&a.skill_baseline).map_or(true, |s| s != AgentSpec::Random) {
            cmd.push_str(&format!(" --skill-baseline {}", q(&a.skill_baseline)));
        }
    }
    if let Some(p) = &a.opts.preset {
        cmd.push_str(&format!(" --preset {}", q(p)));
    }
    if let Some(f) = &a.opts.options {
        cmd.push_str(&format!(" --options {}", q(&f.display().to_string())));
    }
    for s in &a.opts.set {
        cmd.push_str(&format!(" --set {}", q(s)));
    }
    cmd.push_str(&format!(
        " -n {} --precision {} -s {}",
        a.deals, a.precision, a.seed
    ));
    cmd
}

fn balance(a: BalanceArgs) -> Result<(), String> {
    let name = a.variant.clone();
    dispatch!(&name, balance_with, a)
}

fn balance_with<G: SimGame>(a: BalanceArgs) -> Result<(), String> {
    use crate::balance::{self as bal, report};
    let variant = G::VARIANT;
    let input = a.opts.gather()?;
    let opts = G::options(&input, a.players)?;
    let agents = parse_agents::<G>(&a.agents, a.players)?;
    let skill_spec = |flag: &str, text: &str| -> Result<AgentSpec, String> {
        let spec = AgentSpec::parse(text).map_err(|e| format!("{flag}: {e}"))?;
        spec.check_game::<G>().map_err(|e| format!("{flag}: {e}"))?;
        Ok(spec)
    };
    let (skill, baseline) = if a.no_skill {
        (None, None)
    } else {
        (
            Some(skill_spec("--skill-agent", &a.skill_agent)?),
            Some(skill_spec("--skill-baseline", &a.skill_baseline)?),
        )
    };
    if a.deals == 0 {
        return Err("--deals must be at least 1".into());
    }
    if !(a.precision >= 0.0 && a.precision < 1.0) {
        return Err(format!(
            "--precision must be a fraction in [0, 1), e.g. 0.01 for one percentage point (got {})",
            a.precision
        ));
    }
    if a.chunk == 0 {
        return Err("--chunk must be at least 1".into());
    }
    let (pool, threads) = thread_pool(a.threads)?;
    let stop = progress::interrupt_flag();
    let out_dir = output_dir(
        a.no_write,
        a.out.as_ref(),
        default_out("balance", variant, a.players, a.seed),
    )?;
    let pb = progress::bar(a.deals, a.no_progress, "deals");
    progress::arm(Notice {
        unit: "deals".into(),
        saved_to: out_dir.clone(),
        kept: "a report on the finished deals (deals 0 to n-1)".into(),
        bar: Some(pb.clone()),
        after: None,
    });
    let players = a.players;
    let new_game = move |seed: u64| G::deal(opts, players, seed);
    // The swap needs dealt hands (Hot Death's dealer may still have to choose the hand size).
    let probe = new_game(stream_seed(game_seed(a.seed, 0), ENGINE_STREAM));
    if (0..players).all(|s| (0..G::cards().len()).all(|k| probe.held(s as u8, k) == 0)) {
        return Err(format!(
            "{}: the cards are not dealt before the first decision (the dealer chooses the hand \
             size), so there is no opening hand to swap into: fix it with --set hand_size=N",
            variant.name()
        ));
    }
    let exp = bal::Experiment {
        new_game: &new_game,
        agents: &agents,
        skill_agent: skill.as_ref(),
        skill_baseline: baseline.as_ref().unwrap_or(&AgentSpec::Random),
        master_seed: a.seed,
        max_deals: a.deals,
        precision: (a.precision > 0.0).then_some(a.precision),
        min_deals: a.chunk.min(a.deals),
        chunk: a.chunk,
    };
    let start = Instant::now();
    let result = pool.install(|| exp.run_with(stop, &|d| pb.inc(d), |d| pb.set_position(d)));
    pb.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let setup = report::RunSetup {
        variant: variant.name().into(),
        players,
        options: serde_json::to_value(opts).expect("options serialise"),
        agents: agents.iter().map(|s| s.label()).collect(),
        skill_agent: skill.as_ref().map(|s| s.label()).unwrap_or_default(),
        skill_baseline: baseline.as_ref().map(|s| s.label()).unwrap_or_default(),
        seed: a.seed,
        max_deals: a.deals,
        precision_target: exp.precision,
        command: balance_command(&a, variant),
    };
    let run = report::RunInfo {
        threads,
        seconds: elapsed,
        games_per_second: result.stats.games as f64 / elapsed.max(1e-9),
        interrupted: result.interrupted,
    };
    let rep = result.stats.report(G::cards(), setup, run);
    if let Some(d) = &out_dir {
        for (name, bytes) in bal::render::files(&rep)? {
            write_atomic(&d.join(name), &bytes)?;
        }
    }
    let mut text =
        format!(
        "{} | {} players | {} deals, {} games | seed {} | {} thread(s) | {:.1} s | {:.0} games/s\n\
         card strength: max 95% half-width {:.2} pp{}\n\n",
        variant.name(),
        players,
        rep.deals,
        rep.games,
        a.seed,
        threads,
        elapsed,
        rep.run.games_per_second,
        100.0 * rep.max_half_width,
        match exp.precision {
            Some(p) if rep.max_half_width <= p => format!(" (target {:.2} pp reached)", 100.0 * p),
            Some(p) => format!(" (target {:.2} pp NOT reached within the budget)", 100.0 * p),
            None => String::new(),
        }
    );
    for line in &rep.summary {
        text.push_str(&format!("- {line}\n"));
    }
    if let Some(d) = &out_dir {
        text.push_str(&format!("\nwritten: {}\n", d.join("report.md").display()));
    }
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    interrupted_result(
        result.interrupted,
        format!(
            "{} of {} deals finished (deals 0 to {}); the report covers them",
            rep.deals,
            a.deals,
            rep.deals.saturating_sub(1)
        ),
        out_dir.is_some(),
    )
}
