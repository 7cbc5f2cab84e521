//! The `uno` command line: `simulate`, `replay`, `rules`, `tournament`, `balance`, `train`.
//! Every command is written once, generic over the game type, and run for the variant the user
//! names through the registry (`crate::variant`).

use crate::config::OptionInput;
use crate::output::{write_atomic, AtomicFile};
use crate::progress::{self, Notice};
use crate::provenance::Provenance;
use crate::replay::replay_with;
use crate::runner::{run_batch_range, Batch, ENGINE_STREAM};
use crate::shard::{self, Loaded, Partial, Shard, ShardArgs, ShardInfo, Timing};
use crate::stats::{GameRecord, RawStats, StatValue, Stats, StatsReport, VariantReport};
use crate::tournament::{self as tour, Plan, Schedule, Seating, TournamentConfig};
use crate::variant::{players_help, preset_help, variant_help, SimGame, Variant, VariantCommand};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;
use uno_agents::AgentSpec;
use uno_engine::{game_seed, stream_seed};

#[derive(Parser, Debug)]
#[command(
    name = "uno",
    version,
    about = "Simulate UNO and its house-rule variants, replay games, show the rules, rank \
             agents in tournaments, measure balance, train neural agents.",
    long_about = long_about()
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
    /// List the variants, or describe one: cards, action ids, options and presets.
    Rules(RulesArgs),
    /// Play agents against each other on shared deals, every seating rotated, and rate them.
    Tournament(TournamentArgs),
    /// Balance report: seat advantage, game shape, card strength by paired swaps, skill.
    Balance(BalanceArgs),
    /// Train a neural agent by Deep Monte-Carlo self-play (build with `--features neural`).
    Train(Box<TrainArgs>),
    /// Merge the shards of a sharded run (--shard K/N) into the single run's outputs.
    Merge(MergeArgs),
}

#[derive(Args, Debug)]
#[command(
    long_about = "Merge the partial results of a run's shards (simulate, tournament or balance \
                  run with --shard K/N or --shard-from-env) into exactly the files the run on \
                  one machine writes (timing fields aside). Checks that the partials belong to \
                  one run (same command apart from the shard flags, version, commit, variant, \
                  options, agents, seed and budget), that every shard is there once and \
                  complete, and names what is wrong otherwise. Details: docs/cluster.md."
)]
pub struct MergeArgs {
    /// The run's folder (holding the shard-K-of-N folders), shard folders, or partial.json
    /// files (e.g. a shell glob: out/run/shard-*).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Output folder [default: the folder holding the shard folders, when they share one].
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    /// Replace the merged results already in the output folder (without it they are refused).
    #[arg(long)]
    pub force: bool,
}

/// The rule options of a run: preset, options file, overrides.
#[derive(Args, Debug, Clone)]
pub struct OptionArgs {
    #[arg(long, help = preset_help())]
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
    pub(crate) fn given(&self) -> bool {
        self.options.is_some() || self.preset.is_some() || !self.set.is_empty()
    }
}

#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    #[arg(long, short = 'v', default_value = "classic", value_parser = Variant::parse,
          help = variant_help())]
    pub variant: Variant,
    #[arg(long, short = 'p', default_value_t = 4, help = players_help())]
    pub players: usize,
    #[arg(long, short = 'a', default_value = "random", help = agents_help())]
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
    /// Output folder for summary.json (and games.csv with --csv) [default:
    /// out/simulate-<variant>-<players>p-seed<seed>/, or the first free -2, -3, ... when that
    /// one holds files].
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    /// Also write one CSV row per game.
    #[arg(long)]
    pub csv: bool,
    /// Do not write any file, only print the summary.
    #[arg(long, conflicts_with_all = ["out", "csv"])]
    pub no_write: bool,
    /// Replace the results of an earlier run in --out (without it such a folder is refused).
    #[arg(long, requires = "out")]
    pub force: bool,
    /// Print the summary as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Hide the progress bar (it is also hidden when stderr is not a terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// Games per chunk (streaming granularity; default: sized to the agents' speed).
    #[arg(long, hide = true)]
    pub chunk: Option<u64>,
    #[command(flatten)]
    pub shard: ShardArgs,
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
    /// Stop after N decisions and print the position (whose turn, what they see, the legal
    /// actions).
    #[arg(long, value_name = "N")]
    pub stop_after: Option<u64>,
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
    #[arg(long, short = 'v', default_value = "classic", value_parser = Variant::parse,
          help = variant_help())]
    pub variant: Variant,
    /// Seats per game. Fewer agents than seats: the list is repeated cyclically; more agents
    /// than seats: every combination of agents plays.
    #[arg(long, short = 'p', default_value_t = 4, long_help = players_help())]
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
    /// Output folder [default: out/tournament-<variant>-<players>p-seed<seed>/, or the first
    /// free -2, -3, ... when that one holds files].
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    /// Do not write any file, only print the tables.
    #[arg(long, conflicts_with = "out")]
    pub no_write: bool,
    /// Replace the results of an earlier run in --out (without it such a folder is refused).
    #[arg(long, requires = "out")]
    pub force: bool,
    /// Hide the progress bar (it is also hidden when stderr is not a terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// Deals per chunk (default: sized to the agents' speed).
    #[arg(long, hide = true)]
    pub chunk: Option<u64>,
    #[command(flatten)]
    pub shard: ShardArgs,
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
    #[arg(long, short = 'v', default_value = "classic", value_parser = Variant::parse,
          help = format!("{} (training needs an observation encoder: classic, debt, uber, constitution, blender)", variant_help()))]
    pub variant: Variant,
    #[arg(long, short = 'p', default_value_t = 2, help = players_help())]
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
    /// which adds the opponents' public draws; debt: `debt`; constitution: `constitution`). With --init, the starting model's by default;
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
    #[arg(long, short = 'v', default_value = "classic", value_parser = Variant::parse,
          help = variant_help())]
    pub variant: Variant,
    #[arg(long, short = 'p', default_value_t = 4, help = players_help())]
    pub players: usize,
    /// Agent per seat for the as-dealt and swapped games, comma-separated (one spec for all
    /// seats, or one per seat); the specs are those of `simulate -a`.
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
    /// Output folder [default: out/balance-<variant>-<players>p-seed<seed>/, or the first free
    /// -2, -3, ... when that one holds files].
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    /// Do not write any file, only print the summary.
    #[arg(long, conflicts_with = "out")]
    pub no_write: bool,
    /// Replace the results of an earlier run in --out (without it such a folder is refused).
    #[arg(long, requires = "out")]
    pub force: bool,
    /// Hide the progress bar (it is also hidden when stderr is not a terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// Deals between precision checks (progress and interrupts are finer, sized to the agents'
    /// speed).
    #[arg(long, default_value_t = 1024, hide = true)]
    pub chunk: u64,
    /// (`balance` shards need a fixed budget: give --precision 0.)
    #[command(flatten)]
    pub shard: ShardArgs,
}

#[derive(Args, Debug)]
#[command(
    long_about = "Without --variant: list the variants (name, aliases, players, presets, rules \
                  document). With --variant: the variant's card table, every action id, every \
                  option (type, default, meaning, where it comes from) and the presets."
)]
pub struct RulesArgs {
    #[arg(long, short = 'v', value_parser = Variant::parse,
          help = format!("{} [default: list them all]", variant_help()))]
    pub variant: Option<Variant>,
    /// Print as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The top-level long help: the commands, and the variants from the registry.
fn long_about() -> String {
    let variants: Vec<String> = Variant::ALL
        .iter()
        .map(|v| format!("  {:<10} {}", v.name(), v.info().title))
        .collect();
    format!(
        "Simulate UNO and its house-rule variants in parallel (simulate), replay single games \
         decision by decision (replay), describe a variant's cards, actions and options (rules), \
         rank agents on shared deals (tournament), measure how balanced a variant and each card \
         is (balance), and train neural agents (train, built with --features neural).\n\n\
         With no flags, `uno simulate` runs 1,000,000 classic 4-player games between random \
         agents and prints the summary.\n\nVariants (-v):\n{}",
        variants.join("\n")
    )
}

/// Help of `-a/--agents`.
fn agents_help() -> String {
    format!(
        "Agent per seat, comma-separated (one spec for all seats, or one per seat). Known: {} \
         (see docs/agents/)",
        uno_agents::spec::KNOWN_AGENTS
    )
}

/// Entry point; returns the process exit code.
pub fn main_with(args: impl IntoIterator<Item = std::ffi::OsString>) -> i32 {
    let cli = match command()
        .try_get_matches_from(args)
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(c) => c,
        Err(e) => {
            if let Some(msg) = negative_value_message(&e) {
                eprintln!("error: {msg}");
                return 2;
            }
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let res = match cli.command {
        Command::Simulate(a) => a.game.variant.dispatch(a),
        Command::Replay(a) => a.game.variant.dispatch(a),
        Command::Rules(a) => match a.variant {
            Some(v) => v.dispatch(a),
            None => list_variants(a.json),
        },
        Command::Tournament(a) => a.variant.dispatch(a),
        Command::Balance(a) => a.variant.dispatch(a),
        Command::Train(a) => crate::train_cli::train(*a),
        Command::Merge(a) => merge(a),
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

/// The command line, with negative numbers taken as values everywhere (so `-n -1` is reported
/// as a bad value of `--games`, not as an unknown flag `-1`).
pub fn command() -> clap::Command {
    let mut cmd = Cli::command();
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in subs {
        cmd = cmd.mut_subcommand(name, |s| {
            s.mut_args(|a| {
                if a.get_action().takes_values() {
                    a.allow_negative_numbers(true)
                } else {
                    a
                }
            })
        });
    }
    cmd
}

/// A clear message for a negative number given where a count, size or seed is expected.
fn negative_value_message(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::ValueValidation {
        return None;
    }
    let (Some(ContextValue::String(v)), Some(ContextValue::String(arg))) = (
        e.get(ContextKind::InvalidValue),
        e.get(ContextKind::InvalidArg),
    ) else {
        return None;
    };
    let negative = v.starts_with('-') && v[1..].parse::<f64>().is_ok();
    negative.then(|| format!("invalid value '{v}' for '{arg}': the value must be >= 0"))
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
pub(crate) fn default_out(command: &str, variant: &str, players: usize, seed: u64) -> String {
    format!("out/{command}-{variant}-{players}p-seed{seed}")
}

/// The output folder (created), or `None` with `--no-write`.
fn output_dir(
    no_write: bool,
    out: Option<&PathBuf>,
    force: bool,
    default: String,
    files: &[&str],
) -> Result<Option<PathBuf>, String> {
    if no_write {
        return Ok(None);
    }
    let d = match out {
        Some(d) => {
            claim_folder(d, force, files)?;
            d.clone()
        }
        None => fresh_default(&default),
    };
    // The folders it creates are removed again if the run ends with nothing in them.
    crate::output::create_dir(&d)?;
    Ok(Some(d))
}

/// The default output folder `base`, or, when a folder of that name already holds files, the
/// first of `base-2`, `base-3`, ... that does not: every run gets a folder of its own.
fn fresh_default(base: &str) -> PathBuf {
    let taken = |p: &Path| std::fs::read_dir(p).is_ok_and(|mut d| d.next().is_some());
    let first = PathBuf::from(base);
    if !taken(&first) {
        return first;
    }
    (2u64..)
        .map(|k| PathBuf::from(format!("{base}-{k}")))
        .find(|p| !taken(p))
        .expect("some suffix is free")
}

/// An explicit `--out` folder must not hold another run's result files (`files`): without
/// `--force` that is an error naming them; with it they are removed first, so the folder never
/// mixes two runs' files.
pub(crate) fn claim_folder(dir: &Path, force: bool, files: &[&str]) -> Result<(), String> {
    let present: Vec<&str> = files
        .iter()
        .copied()
        .filter(|f| dir.join(f).exists())
        .collect();
    if present.is_empty() {
        return Ok(());
    }
    if !force {
        return Err(format!(
            "output folder {} already holds a run's results ({}): choose another --out, or \
             give --force to replace them",
            dir.display(),
            present.join(", ")
        ));
    }
    for f in present {
        std::fs::remove_file(dir.join(f))
            .map_err(|e| format!("--force: cannot remove {}: {e}", dir.join(f).display()))?;
    }
    Ok(())
}

/// The files `simulate` writes.
const SIMULATE_FILES: [&str; 2] = ["summary.json", "games.csv"];

/// Parses `--agents` for game `G` (each spec checked against the variant).
pub(crate) fn parse_agents<G: SimGame>(s: &str, players: usize) -> Result<Vec<AgentSpec>, String> {
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

pub(crate) struct Resolved<G: SimGame> {
    pub(crate) variant: &'static str,
    pub(crate) players: usize,
    pub(crate) agents: Vec<AgentSpec>,
    pub(crate) opts: G::Options,
}

pub(crate) fn resolve<G: SimGame>(g: &GameArgs) -> Result<Resolved<G>, String> {
    let players = g.players;
    let input = g.opts.gather()?;
    let opts = input.resolve::<G>(players)?;
    let agents = parse_agents::<G>(&g.agents, players)?;
    Ok(Resolved {
        variant: G::INFO.name,
        players,
        agents,
        opts,
    })
}

/// Each command's arguments run the command's generic body for the variant they name.
macro_rules! variant_commands {
    ($($args:ty => $f:ident),+ $(,)?) => {$(
        impl VariantCommand for $args {
            type Output = Result<(), String>;
            fn run<G: SimGame>(self) -> Result<(), String> {
                $f::<G>(self)
            }
        }
    )+};
}

variant_commands! {
    SimulateArgs => simulate_with,
    ReplayArgs => replay_with,
    RulesArgs => rules_with,
    TournamentArgs => tournament_with,
    BalanceArgs => balance_with,
}

#[derive(Serialize)]
struct RunInfo {
    /// Where the result came from (`docs/output-schema.md`).
    provenance: Provenance,
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
        "loser",
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
    for e in uno_engine::HAND_ENDINGS {
        h.push(format!("hands_{e}"));
    }
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
            (Some(o), None) => r.counters.ending_name(o.ending).into(),
            (None, None) => "unfinished".into(),
        },
        opt(r.outcome.and_then(|o| o.winner)),
        opt(r.outcome.and_then(|o| o.loser)),
        r.counters.turns.to_string(),
        r.counters.actions.to_string(),
        r.outcome.map(|o| o.hands).unwrap_or(0).to_string(),
        r.counters.cards_drawn.to_string(),
        r.counters.reshuffles.to_string(),
        r.counters.challenges.to_string(),
        r.counters.uno_penalties.to_string(),
        opt(r.aborted_by),
    ];
    row.extend(r.counters.endings.iter().map(|n| n.to_string()));
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

/// What must be the same in every shard of a `simulate` run, and what the merge needs.
#[derive(Serialize, Deserialize)]
struct SimulateIdentity {
    variant: String,
    players: usize,
    games_requested: u64,
    seed: u64,
    agents: Vec<String>,
    options: serde_json::Value,
    csv: bool,
    provenance: serde_json::Value,
}

/// The shard to run (from `--shard` or the environment), checked against the command's other
/// flags and its budget of `total` `unit`.
fn shard_of(
    args: &ShardArgs,
    no_write: bool,
    total: u64,
    unit: &str,
) -> Result<Option<Shard>, String> {
    let Some(sh) = args.resolve()? else {
        return Ok(None);
    };
    if no_write {
        return Err(
            "--shard writes a partial result for `uno merge`; --no-write would leave nothing \
             to merge"
                .into(),
        );
    }
    sh.check_budget(total, unit)?;
    Ok(Some(sh))
}

/// The folder a command writes into: a shard's folder inside the run's folder (`--out` or the
/// default name, the same for every shard), or the run's own output folder.
fn out_dir_for(
    shard: Option<Shard>,
    no_write: bool,
    out: Option<&PathBuf>,
    force: bool,
    default: String,
    files: &[&str],
) -> Result<Option<PathBuf>, String> {
    match shard {
        Some(sh) => {
            let base = out.cloned().unwrap_or_else(|| PathBuf::from(default));
            shard::shard_dir(&base, sh, force).map(Some)
        }
        None => output_dir(no_write, out, force, default, files),
    }
}

/// The shard's record of its range after the run.
fn shard_info(sh: Shard, unit: &str, total: u64, done: u64, interrupted: bool) -> ShardInfo {
    let r = sh.range(total);
    ShardInfo {
        index: sh.index,
        count: sh.count,
        unit: unit.into(),
        total,
        first: r.start,
        end: r.end,
        done,
        complete: !interrupted && done == r.end - r.start,
    }
}

/// Writes a shard's partial result and says so; then the run's exit.
fn finish_shard(
    dir: &Path,
    command: &str,
    info: ShardInfo,
    identity: serde_json::Value,
    accumulators: serde_json::Value,
    threads: usize,
    elapsed: f64,
) -> Result<(), String> {
    let interrupted = !info.complete;
    let done = info.done;
    let timing = Timing {
        threads,
        elapsed_seconds: elapsed,
        units_per_second: done as f64 / elapsed.max(1e-9),
        command: crate::provenance::command_line(std::env::args()),
    };
    let line = shard::written_line(&info, dir);
    let partial = Partial {
        format: shard::FORMAT.into(),
        command: command.into(),
        shard: info,
        identity,
        accumulators,
    };
    shard::write_partial(dir, &partial, &timing)?;
    let _ = std::io::stdout().lock().write_all(line.as_bytes());
    interrupted_result(
        interrupted,
        format!(
            "{done} of the shard's {} finished (a partial result marked incomplete: `uno merge` \
             refuses it until the shard is run again)",
            partial.shard.unit
        ),
        true,
    )
}

fn simulate_with<G: SimGame>(a: SimulateArgs) -> Result<(), String> {
    let r = resolve::<G>(&a.game)?;
    if a.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if a.chunk == Some(0) {
        return Err("--chunk must be at least 1".into());
    }
    let shard = shard_of(&a.shard, a.no_write, a.games, "games")?;
    if shard.is_some() && a.json {
        return Err(
            "--json prints the run's summary; a shard writes a partial result instead (`uno \
             merge` prints the summary)"
                .into(),
        );
    }
    let range = shard.map_or(0..a.games, |s| s.range(a.games));
    let (pool, threads) = thread_pool(a.threads)?;
    let stop = progress::interrupt_flag();
    let out_dir = out_dir_for(
        shard,
        a.no_write,
        a.out.as_ref(),
        a.force,
        default_out("simulate", r.variant, r.players, a.seed),
        &SIMULATE_FILES,
    )?;
    let mut csv_file = match (&out_dir, a.csv) {
        (Some(d), true) => Some(AtomicFile::create(&d.join("games.csv"))?),
        _ => None,
    };
    // A shard's slice has the header only in shard 0, so the slices concatenate to the file.
    if let (Some(f), 0) = (csv_file.as_mut(), range.start) {
        let mut w = csv::Writer::from_writer(f.writer());
        csv_header(&mut w, r.players)?;
        w.flush().map_err(|e| e.to_string())?;
    }
    let pb = progress::bar(range.end - range.start, a.no_progress, "games");
    progress::arm(Notice {
        unit: "games".into(),
        saved_to: out_dir.clone(),
        kept: match shard {
            None => "the finished games (games 0 to n-1 of the batch, no gap)".into(),
            Some(_) => format!(
                "the shard's finished games (games {} to n-1, no gap) as an incomplete partial \
                 result",
                range.start
            ),
        },
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
        run_batch_range(
            &batch,
            range.clone(),
            stop,
            &|n| pb.inc(n),
            |st, records| {
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
            },
        )
    });
    pb.finish_and_clear();
    if let Some(e) = write_err {
        return Err(format!("writing games.csv: {e}"));
    }
    let elapsed = start.elapsed().as_secs_f64();
    let options = serde_json::to_value(opts).expect("options serialise");
    let provenance = Provenance::new(
        r.variant,
        players,
        options.clone(),
        labels.clone(),
        a.seed,
        threads,
    );
    if let (Some(sh), Some(d)) = (shard, &out_dir) {
        if let Some(f) = csv_file.take() {
            f.finish()?;
        }
        let identity = SimulateIdentity {
            variant: r.variant.into(),
            players,
            games_requested: a.games,
            seed: a.seed,
            agents: labels,
            options,
            csv: a.csv,
            provenance: shard::identity_provenance(&provenance),
        };
        return finish_shard(
            d,
            "simulate",
            shard_info(sh, "games", a.games, result.games_run, result.interrupted),
            serde_json::to_value(identity).expect("identity serialises"),
            serde_json::to_value(result.stats.to_raw()).expect("accumulators serialise"),
            threads,
            elapsed,
        );
    }
    let summary = Summary {
        variant: r.variant,
        players,
        games_requested: a.games,
        seed: a.seed,
        agents: labels.clone(),
        options,
        stats: result.stats.report(&labels),
        run: RunInfo {
            provenance,
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
    write_simulate(&summary, out_dir.as_deref(), csv_file, a.json)?;
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

/// Writes `simulate`'s outputs (the per-game CSV, finished first, then `summary.json`) and
/// prints the summary: the code of a single run and of `uno merge`.
fn write_simulate(
    summary: &Summary<'_>,
    out_dir: Option<&Path>,
    csv_file: Option<AtomicFile>,
    json: bool,
) -> Result<(), String> {
    let text = serde_json::to_string_pretty(summary).expect("summary serialises");
    if let Some(d) = out_dir {
        if let Some(f) = csv_file {
            f.finish()?;
        }
        write_atomic(&d.join("summary.json"), text.as_bytes())?;
    }
    if json {
        println!("{text}");
    } else {
        print_summary(summary, out_dir);
    }
    Ok(())
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
    let loser_only = crate::variant::loser_only(s.variant, &s.options);
    if loser_only {
        println!("(a loser-only game: a win is a game the seat did not lose; \"went out\" counts the hands it ended)");
        println!("seat  agent        not lost  (95% CI)          mean place  mean points   went out  points/hand");
    } else if matches {
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
        if matches || loser_only {
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
    if let Some(v) = &st.variant {
        print_variant(v);
    }
    if let Some(d) = out {
        println!();
        println!("written: {}", d.join("summary.json").display());
    }
}

/// The console lines of the variant's own statistics and of the win rate by seat category.
fn print_variant(v: &VariantReport) {
    if !v.stats.is_empty() {
        println!();
        println!("variant statistics (per game unless noted; meanings in summary.json):");
        let width = v.stats.iter().map(|s| s.name.len()).max().unwrap_or(0);
        for s in &v.stats {
            let value = match &s.value {
                StatValue::PerGame { mean, .. } => format!("{mean:.3}"),
                StatValue::PerSeat { mean, .. } => {
                    let m: Vec<String> = mean.iter().map(|x| format!("{x:.3}")).collect();
                    format!("per seat {}", m.join(" "))
                }
                StatValue::PerUnit { unit, mean, .. } => format!("{mean:.3} (mean over {unit})"),
                StatValue::Max { max, mean } => format!("mean {mean:.2}, max {max}"),
                StatValue::Histogram { labels, shares, .. } => {
                    // Wrapped at about 100 columns, continuation lines under the first bin.
                    let mut text = String::new();
                    let mut line = 0;
                    for (i, (l, x)) in labels.iter().zip(shares).enumerate() {
                        let bin = format!("{l}: {:.1}%", 100.0 * x);
                        if i > 0 {
                            if line + bin.len() + 2 > 96 - width {
                                text.push_str(&format!(",\n  {:width$}  ", ""));
                                line = 0;
                            } else {
                                text.push_str(", ");
                                line += 2;
                            }
                        }
                        line += bin.len();
                        text.push_str(&bin);
                    }
                    text
                }
            };
            println!("  {:<width$}  {value}", s.name);
        }
    }
    if !v.seat_categories.is_empty() {
        println!();
        println!("win rate by seat category (as dealt; seats = seat-games in finished games):");
        let width = v
            .seat_categories
            .iter()
            .map(|c| c.category.len())
            .max()
            .unwrap_or(0)
            .max("category".len());
        println!(
            "{:<width$}  {:>9}  {:>8}  (95% CI)",
            "category", "seats", "win rate"
        );
        for c in &v.seat_categories {
            println!(
                "{:<width$}  {:>9}  {:>8.4}  ({:.4}-{:.4})",
                c.category, c.seats, c.win_rate, c.win_rate_ci95.0, c.win_rate_ci95.1
            );
        }
    }
}

#[derive(Serialize)]
struct CardRow {
    id: usize,
    code: &'static str,
    name: &'static str,
    #[serde(rename = "type")]
    card_type: &'static str,
    color: Option<&'static str>,
    points: i32,
    copies: u8,
}

/// `uno rules` without `--variant`: every registered variant.
fn list_variants(json: bool) -> Result<(), String> {
    if json {
        let list: Vec<serde_json::Value> = Variant::ALL
            .iter()
            .map(|v| {
                let i = v.info();
                serde_json::json!({
                    "name": i.name,
                    "aliases": i.aliases,
                    "title": i.title,
                    "players": [i.players.0, i.players.1],
                    "presets": i.presets.iter().map(|p| p.name).collect::<Vec<_>>(),
                    "rules_doc": i.rules_doc,
                    "source": i.source,
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&list).expect("serialises")
        );
        return Ok(());
    }
    let mut out = format!("{} variants (-v NAME):\n\n", Variant::ALL.len());
    for v in Variant::ALL {
        let i = v.info();
        out.push_str(&format!("{}  {}\n", i.name, i.title));
        if !i.aliases.is_empty() {
            out.push_str(&format!("    aliases: {}\n", i.aliases.join(", ")));
        }
        out.push_str(&format!(
            "    players: {}; presets: {}\n    rules: {} (from {})\n\n",
            i.players_text(),
            i.preset_names(),
            i.rules_doc,
            i.source
        ));
    }
    out.push_str("`uno rules -v NAME` lists a variant's cards, action ids, options and presets.\n");
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Ok(())
}

/// One option of `uno rules -v V`: its documentation, default and the presets that change it.
#[derive(Serialize)]
struct OptionRow {
    #[serde(flatten)]
    doc: uno_engine::OptionDoc,
    default: serde_json::Value,
    /// Preset name -> value, for the presets that differ from the default.
    presets: serde_json::Map<String, serde_json::Value>,
}

fn rules_with<G: SimGame>(a: RulesArgs) -> Result<(), String> {
    let info = &G::INFO;
    let cards: Vec<CardRow> = G::cards()
        .iter()
        .enumerate()
        .map(|(id, c)| CardRow {
            id,
            code: c.code,
            name: c.name,
            card_type: c.card_type,
            color: c.color.map(|c| c.name()),
            points: c.points,
            copies: c.copies,
        })
        .collect();
    let actions: Vec<(usize, String)> = (0..G::NUM_ACTIONS)
        .map(|i| (i, G::name_action(i as u16)))
        .collect();
    let preset_values: Vec<(&str, serde_json::Value)> = info
        .presets
        .iter()
        .map(|p| {
            let o = G::options_from(Some(p.name), None).expect("registered presets resolve");
            (p.name, serde_json::to_value(o).expect("options serialise"))
        })
        .collect();
    let defaults = &preset_values[0].1;
    let options: Vec<OptionRow> = G::OPTIONS
        .iter()
        .map(|d| OptionRow {
            doc: *d,
            default: defaults[d.key].clone(),
            presets: preset_values[1..]
                .iter()
                .filter(|(_, v)| v[d.key] != defaults[d.key])
                .map(|(p, v)| (p.to_string(), v[d.key].clone()))
                .collect(),
        })
        .collect();
    if a.json {
        let v = serde_json::json!({
            "variant": info.name,
            "aliases": info.aliases,
            "title": info.title,
            "players": [info.players.0, info.players.1],
            "rules_doc": info.rules_doc,
            "source": info.source,
            "deck_size": G::deck_size(),
            "cards": cards,
            "num_actions": G::NUM_ACTIONS,
            "actions": actions,
            "options": defaults,
            "option_docs": options,
            "presets": preset_values.iter().map(|(k, v)| (k.to_string(), v.clone())).collect::<serde_json::Map<String, serde_json::Value>>(),
            "preset_docs": info.presets.iter().map(|p| serde_json::json!({"name": p.name, "aliases": p.aliases, "about": p.about})).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v).expect("serialises"));
        return Ok(());
    }
    let mut out = format!(
        "{}: {}\n{} players, {} cards, {} kinds\nfull rules and every reading chosen: {} (from \
         {})\n\n",
        info.name,
        info.title,
        info.players_text(),
        G::deck_size(),
        cards.len(),
        info.rules_doc,
        info.source
    );
    out.push_str(&format!(
        "{:>3}  {:<5} {:<28} {:<16} {:>6} {:>6}\n",
        "id", "code", "name", "type", "points", "copies"
    ));
    for c in &cards {
        out.push_str(&format!(
            "{:>3}  {:<5} {:<28} {:<16} {:>6} {:>6}\n",
            c.id, c.code, c.name, c.card_type, c.points, c.copies
        ));
    }
    out.push_str(&format!("\naction ids ({} in all):\n", G::NUM_ACTIONS));
    for (i, name) in &actions {
        out.push_str(&format!("  {i:>3} {name}\n"));
    }
    out.push_str(&format!(
        "\noptions (defaults of preset {}; set with --set key=value or --options file.json):\n",
        info.presets[0].name
    ));
    for o in &options {
        out.push_str(&format!(
            "  {} = {}    [{}]\n      {}\n      from: {}\n",
            o.doc.key, o.default, o.doc.ty, o.doc.meaning, o.doc.source
        ));
        if !o.presets.is_empty() {
            let p: Vec<String> = o.presets.iter().map(|(k, v)| format!("{k}: {v}")).collect();
            out.push_str(&format!("      presets: {}\n", p.join("; ")));
        }
    }
    out.push_str("\npresets (--preset NAME):\n");
    for p in info.presets {
        let aliases = if p.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also {})", p.aliases.join(", "))
        };
        out.push_str(&format!("  {}{aliases}: {}\n", p.name, p.about));
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Ok(())
}

/// What must be the same in every shard of a `tournament` run, and what the merge needs.
#[derive(Serialize, Deserialize)]
struct TournamentIdentity {
    variant: String,
    players: usize,
    /// `--agents` as given (the entrants and their labels are parsed from it again).
    agents: String,
    seating: Seating,
    deals: u64,
    seed: u64,
    options: serde_json::Value,
    provenance: serde_json::Value,
}

fn tournament_with<G: SimGame>(a: TournamentArgs) -> Result<(), String> {
    let entrants = tour::parse_entrants(&a.agents)?;
    for e in &entrants {
        e.spec.check_game::<G>()?;
    }
    let variant = G::INFO.name;
    let input = a.opts.gather()?;
    let opts = input.resolve::<G>(a.players)?;
    if a.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if a.chunk == Some(0) {
        return Err("--chunk must be at least 1".into());
    }
    let shard = shard_of(&a.shard, a.no_write, a.games, "deals")?;
    let range = shard.map_or(0..a.games, |s| s.range(a.games));
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
    let out_dir = out_dir_for(
        shard,
        a.no_write,
        a.out.as_ref(),
        a.force,
        default_out("tournament", variant, a.players, a.seed),
        &tour::FILE_NAMES,
    )?;
    let shard_games = (range.end - range.start) * per_deal;
    let pb = progress::bar(
        if shard.is_some() {
            shard_games
        } else {
            total_games
        },
        a.no_progress,
        "games",
    );
    progress::arm(Notice {
        unit: "deals".into(),
        saved_to: out_dir.clone(),
        kept: match shard {
            None => "the finished deals (deals 0 to n-1, each with all its seatings)".into(),
            Some(_) => format!(
                "the shard's finished deals (deals {} to n-1, each with all its seatings) as an \
                 incomplete partial result",
                range.start
            ),
        },
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
    let result = pool
        .install(|| tour::run_range(&schedule, range.clone(), &make_agent, stop, &|g| pb.inc(g)));
    pb.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let options = serde_json::to_value(opts).expect("options serialise");
    let provenance = Provenance::new(
        variant,
        a.players,
        options.clone(),
        entrants.iter().map(|e| e.spec.label()).collect(),
        a.seed,
        threads,
    );
    if let (Some(sh), Some(d)) = (shard, &out_dir) {
        let identity = TournamentIdentity {
            variant: variant.into(),
            players: a.players,
            agents: a.agents.clone(),
            seating: a.seating,
            deals: a.games,
            seed: a.seed,
            options,
            provenance: shard::identity_provenance(&provenance),
        };
        return finish_shard(
            d,
            "tournament",
            shard_info(sh, "deals", a.games, result.deals_run, result.interrupted),
            serde_json::to_value(identity).expect("identity serialises"),
            serde_json::to_value(&result.stats).expect("accumulators serialise"),
            threads,
            elapsed,
        );
    }
    let report = result.stats.report(&entrants);
    let cfg = TournamentConfig::new(
        variant, &entrants, &plan, a.seating, a.games, a.seed, options,
    );
    let run = tour::RunInfo {
        provenance,
        threads,
        elapsed_seconds: elapsed,
        games_per_second: result.stats.games as f64 / elapsed.max(1e-9),
        interrupted: result.interrupted,
    };
    write_tournament(&cfg, &report, &run, out_dir.as_deref())?;
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

/// Writes a tournament's files and prints its tables: the code of a single run and of `uno
/// merge`.
fn write_tournament(
    cfg: &TournamentConfig,
    report: &tour::TournamentReport,
    run: &tour::RunInfo,
    out_dir: Option<&Path>,
) -> Result<(), String> {
    if let Some(d) = out_dir {
        tour::write_outputs(d, cfg, report, run)?;
    }
    let mut text = format!(
        "{} games in {:.2} s ({:.0} games/s, {} thread(s))\n\n{}",
        report.games,
        run.elapsed_seconds,
        run.games_per_second,
        run.threads,
        tour::markdown(cfg, report)
    );
    if let Some(d) = out_dir {
        text.push_str(&format!("\nwritten: {}\n", d.display()));
    }
    // A closed stdout (e.g. piped into `head`) is not an error: the files are written.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Ok(())
}

/// The command line that reproduces a balance run (canonical flag order, defaults spelled out).
fn balance_command(a: &BalanceArgs, variant: &str) -> String {
    let q = crate::provenance::shell_quote;
    let mut cmd = format!(
        "uno balance -v {} -p {} -a {}",
        variant,
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

/// What must be the same in every shard of a `balance` run, and what the merge needs.
#[derive(Serialize, Deserialize)]
struct BalanceIdentity {
    setup: crate::balance::report::RunSetup,
    provenance: serde_json::Value,
}

fn balance_with<G: SimGame>(a: BalanceArgs) -> Result<(), String> {
    use crate::balance::{self as bal, report};
    let variant = G::INFO.name;
    let input = a.opts.gather()?;
    let opts = input.resolve::<G>(a.players)?;
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
    let shard = shard_of(&a.shard, a.no_write, a.deals, "deals")?;
    if shard.is_some() && a.precision > 0.0 {
        return Err(format!(
            "--shard needs a fixed budget of deals, and --precision {} asks for sequential \
             stopping (the run stops once every card's interval is narrow enough, which depends \
             on the deals of every shard before it), which does not shard: give --precision 0 \
             to play exactly the -n {} deals",
            a.precision, a.deals
        ));
    }
    let range = shard.map_or(0..a.deals, |s| s.range(a.deals));
    let (pool, threads) = thread_pool(a.threads)?;
    let stop = progress::interrupt_flag();
    let out_dir = out_dir_for(
        shard,
        a.no_write,
        a.out.as_ref(),
        a.force,
        default_out("balance", variant, a.players, a.seed),
        &crate::balance::render::FILE_NAMES,
    )?;
    let pb = progress::bar(range.end - range.start, a.no_progress, "deals");
    progress::arm(Notice {
        unit: "deals".into(),
        saved_to: out_dir.clone(),
        kept: match shard {
            None => "a report on the finished deals (deals 0 to n-1)".into(),
            Some(_) => format!(
                "the shard's finished deals (deals {} to n-1) as an incomplete partial result",
                range.start
            ),
        },
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
            variant
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
    let result =
        pool.install(|| exp.run_range(range.clone(), stop, &|d| pb.inc(d), |d| pb.set_position(d)));
    pb.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let options = serde_json::to_value(opts).expect("options serialise");
    let setup = report::RunSetup {
        variant: variant.into(),
        players,
        options: options.clone(),
        agents: agents.iter().map(|s| s.label()).collect(),
        skill_agent: skill.as_ref().map(|s| s.label()).unwrap_or_default(),
        skill_baseline: baseline.as_ref().map(|s| s.label()).unwrap_or_default(),
        seed: a.seed,
        max_deals: a.deals,
        precision_target: exp.precision,
        command: balance_command(&a, variant),
        loser_only: G::loser_only(&opts),
    };
    let provenance = Provenance::new(
        variant,
        players,
        options,
        agents.iter().map(|s| s.label()).collect(),
        a.seed,
        threads,
    );
    if let (Some(sh), Some(d)) = (shard, &out_dir) {
        let identity = BalanceIdentity {
            setup,
            provenance: shard::identity_provenance(&provenance),
        };
        return finish_shard(
            d,
            "balance",
            shard_info(sh, "deals", a.deals, result.stats.deals, result.interrupted),
            serde_json::to_value(identity).expect("identity serialises"),
            serde_json::to_value(result.stats.to_raw()).expect("accumulators serialise"),
            threads,
            elapsed,
        );
    }
    let run = report::RunInfo {
        provenance: Some(provenance),
        threads,
        seconds: elapsed,
        games_per_second: result.stats.games as f64 / elapsed.max(1e-9),
        interrupted: result.interrupted,
    };
    let rep = result.stats.report(G::cards(), setup, run);
    write_balance(&rep, out_dir.as_deref())?;
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

/// Writes a balance report's files and prints its summary: the code of a single run and of
/// `uno merge`.
fn write_balance(
    rep: &crate::balance::report::BalanceReport,
    out_dir: Option<&Path>,
) -> Result<(), String> {
    if let Some(d) = out_dir {
        for (name, bytes) in crate::balance::render::files(rep)? {
            write_atomic(&d.join(name), &bytes)?;
        }
    }
    let s = &rep.setup;
    let mut text =
        format!(
        "{} | {} players | {} deals, {} games | seed {} | {} thread(s) | {:.1} s | {:.0} games/s\n\
         card strength: max 95% half-width {:.2} pp{}\n\n",
        s.variant,
        s.players,
        rep.deals,
        rep.games,
        s.seed,
        rep.run.threads,
        rep.run.seconds,
        rep.run.games_per_second,
        100.0 * rep.max_half_width,
        match s.precision_target {
            Some(p) if rep.max_half_width <= p => format!(" (target {:.2} pp reached)", 100.0 * p),
            Some(p) => format!(" (target {:.2} pp NOT reached within the budget)", 100.0 * p),
            None => String::new(),
        }
    );
    for line in &rep.summary {
        text.push_str(&format!("- {line}\n"));
    }
    if let Some(d) = out_dir {
        text.push_str(&format!("\nwritten: {}\n", d.join("report.md").display()));
    }
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Ok(())
}

// ------------------------------------------------------------------------------------------
// uno merge
// ------------------------------------------------------------------------------------------

/// `uno merge`: reads and checks the partial results, then writes the run's outputs through
/// the variant's generic code.
fn merge(a: MergeArgs) -> Result<(), String> {
    let stop = progress::interrupt_flag();
    let files = shard::find_partials(&a.paths)?;
    let loaded = files
        .iter()
        .map(|f| shard::load(f))
        .collect::<Result<Vec<_>, _>>()?;
    let shards = shard::check_set(loaded)?;
    let first = &shards[0].partial;
    let variant_name = first
        .identity
        .get("variant")
        .or_else(|| first.identity.pointer("/setup/variant"))
        .and_then(|v| v.as_str())
        .ok_or_else(|| format!("{}: identity without a variant", shards[0].path.display()))?;
    let variant = Variant::parse(variant_name)?;
    let files: &[&str] = match first.command.as_str() {
        "simulate" => &SIMULATE_FILES,
        "tournament" => &tour::FILE_NAMES,
        "balance" => &crate::balance::render::FILE_NAMES,
        other => {
            return Err(format!(
                "{}: partial result of an unknown command '{other}'",
                shards[0].path.display()
            ))
        }
    };
    let out = match &a.out {
        Some(o) => o.clone(),
        None => {
            let parent = |l: &Loaded| {
                l.dir
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| PathBuf::from("."))
            };
            let p = parent(&shards[0]);
            if shards.iter().any(|l| parent(l) != p) {
                return Err(
                    "the shard folders are not in one folder: give the output folder with --out"
                        .into(),
                );
            }
            p
        }
    };
    claim_folder(&out, a.force, files)?;
    crate::output::create_dir(&out)?;
    let m = Merge { shards, out, stop };
    variant.dispatch(m)
}

/// A checked set of partial results, to be written into `out`.
struct Merge {
    shards: Vec<Loaded>,
    out: PathBuf,
    stop: &'static std::sync::atomic::AtomicBool,
}

impl VariantCommand for Merge {
    type Output = Result<(), String>;
    fn run<G: SimGame>(self) -> Result<(), String> {
        let res = match self.shards[0].partial.command.as_str() {
            "simulate" => merge_simulate::<G>(&self),
            "tournament" => merge_tournament::<G>(&self),
            _ => merge_balance::<G>(&self),
        };
        if res.as_ref().is_err_and(|e| progress::is_interrupted(e)) {
            eprintln!("interrupted: the merge wrote nothing (run it again)");
        }
        res
    }
}

impl Merge {
    /// The identity (the same in every shard), as the command's type.
    fn identity<T: serde::de::DeserializeOwned>(&self) -> Result<T, String> {
        serde_json::from_value(self.shards[0].partial.identity.clone())
            .map_err(|e| format!("{}: identity: {e}", self.shards[0].path.display()))
    }
    /// Each shard's accumulators, in shard order.
    fn accumulators<T: serde::de::DeserializeOwned>(&self) -> Result<Vec<T>, String> {
        self.shards
            .iter()
            .map(|l| {
                serde_json::from_value(l.partial.accumulators.clone())
                    .map_err(|e| format!("{}: accumulators: {e}", l.path.display()))
            })
            .collect()
    }
    /// What the merged outputs record of the run's timing: the threads of shard 0, the
    /// seconds summed over the shards (the run's compute time, in shard-seconds).
    fn timing(&self) -> (usize, f64) {
        let threads = self.shards[0].timing.threads;
        let seconds = self.shards.iter().map(|l| l.timing.elapsed_seconds).sum();
        (threads, seconds)
    }
    fn check_units(&self, what: &str, got: u64, want: u64) -> Result<(), String> {
        if got != want {
            return Err(format!(
                "the merged accumulators hold {got} {what}, the run asked for {want} (a damaged \
                 partial result)"
            ));
        }
        Ok(())
    }
    fn note(&self) {
        println!(
            "merged {} shards into {}\n",
            self.shards.len(),
            self.out.display()
        );
    }
    fn stopped(&self) -> Result<(), String> {
        if self.stop.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(progress::interrupted());
        }
        Ok(())
    }
}

fn merge_simulate<G: SimGame>(m: &Merge) -> Result<(), String> {
    let id: SimulateIdentity = m.identity()?;
    let mut stats = Stats::for_game::<G>(id.players);
    for raw in m.accumulators::<RawStats>()? {
        let s = Stats::from_raw::<G>(&raw)?;
        if s.players != id.players {
            return Err(format!(
                "accumulators for {} players, the run has {}",
                s.players, id.players
            ));
        }
        stats.merge(&s);
    }
    m.check_units("games", stats.games, id.games_requested)?;
    let (threads, elapsed) = m.timing();
    if id.csv {
        shard::merge_csv(&m.shards, &m.out.join("games.csv"), m.stop)?;
    }
    m.stopped()?;
    let summary = Summary {
        variant: G::INFO.name,
        players: id.players,
        games_requested: id.games_requested,
        seed: id.seed,
        agents: id.agents.clone(),
        options: id.options,
        stats: stats.report(&id.agents),
        run: RunInfo {
            provenance: shard::provenance_of(&m.shards[0].partial.identity, threads)?,
            threads,
            elapsed_seconds: elapsed,
            games_per_second: stats.games as f64 / elapsed.max(1e-9),
            interrupted: false,
            note: None,
        },
    };
    m.note();
    write_simulate(&summary, Some(&m.out), None, false)
}

fn merge_tournament<G: SimGame>(m: &Merge) -> Result<(), String> {
    let id: TournamentIdentity = m.identity()?;
    let entrants = tour::parse_entrants(&id.agents)?;
    let plan = Plan::new(entrants.len(), id.players, id.seating)?;
    let mut stats = tour::TournamentStats::new(entrants.len(), id.players);
    for s in m.accumulators::<tour::TournamentStats>()? {
        let empty = tour::TournamentStats::new(entrants.len(), id.players);
        let sizes = |t: &tour::TournamentStats| {
            (
                t.agents,
                t.players,
                t.aborted_by_agent.len(),
                t.seat_games.len(),
                t.seat_wins.len(),
                t.placing_sum.len(),
                t.points_sum.len(),
                t.better.len(),
                t.cross.len(),
            )
        };
        if sizes(&s) != sizes(&empty) {
            return Err(format!(
                "tournament accumulators not sized for {} agents at {} seats (a damaged partial \
                 result)",
                entrants.len(),
                id.players
            ));
        }
        stats.merge(&s);
    }
    m.check_units("deals", stats.deals, id.deals)?;
    m.stopped()?;
    let (threads, elapsed) = m.timing();
    let report = stats.report(&entrants);
    let cfg = TournamentConfig::new(
        G::INFO.name,
        &entrants,
        &plan,
        id.seating,
        id.deals,
        id.seed,
        id.options,
    );
    let run = tour::RunInfo {
        provenance: shard::provenance_of(&m.shards[0].partial.identity, threads)?,
        threads,
        elapsed_seconds: elapsed,
        games_per_second: stats.games as f64 / elapsed.max(1e-9),
        interrupted: false,
    };
    m.note();
    write_tournament(&cfg, &report, &run, Some(&m.out))
}

fn merge_balance<G: SimGame>(m: &Merge) -> Result<(), String> {
    use crate::balance::{experiment::RawBalanceStats, report, BalanceStats};
    let id: BalanceIdentity = m.identity()?;
    let kinds = G::cards().len();
    let mut total: Option<BalanceStats> = None;
    for raw in m.accumulators::<RawBalanceStats>()? {
        let s = BalanceStats::from_raw::<G>(&raw, kinds)?;
        match total.as_mut() {
            None => total = Some(s),
            Some(t) => {
                if t.deck != s.deck || t.players != s.players {
                    return Err(
                        "the shards' balance accumulators disagree on the deck or the players (a \
                         damaged partial result)"
                            .into(),
                    );
                }
                t.merge(&s);
            }
        }
    }
    let stats = total.expect("at least one shard");
    if stats.players != id.setup.players {
        return Err(format!(
            "balance accumulators for {} players, the run has {} (a damaged partial result)",
            stats.players, id.setup.players
        ));
    }
    m.check_units("deals", stats.deals, id.setup.max_deals)?;
    m.stopped()?;
    let (threads, elapsed) = m.timing();
    let run = report::RunInfo {
        provenance: Some(shard::provenance_of(
            &m.shards[0].partial.identity,
            threads,
        )?),
        threads,
        seconds: elapsed,
        games_per_second: stats.games as f64 / elapsed.max(1e-9),
        interrupted: false,
    };
    let rep = stats.report(G::cards(), id.setup, run);
    m.note();
    write_balance(&rep, Some(&m.out))
}
