//! The balance report as data: everything `report.md`, `report.html`, the CSV tables and
//! `report.json` show. Built from [`super::BalanceStats`] by [`super::BalanceStats::report`];
//! rendered by [`super::render`].

use serde::{Deserialize, Serialize};

/// How the run was set up (enough to reproduce it).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RunSetup {
    pub variant: String,
    pub players: usize,
    /// The validated rule options, as JSON.
    pub options: serde_json::Value,
    /// Agent spec per seat for the as-dealt and swapped games.
    pub agents: Vec<String>,
    /// The agent of the skill-expression experiment, compared with `skill_baseline`; empty
    /// when the run had no skill experiment.
    pub skill_agent: String,
    /// The agent the skill agent is compared with (`random` unless chosen otherwise); empty
    /// when the run had no skill experiment.
    pub skill_baseline: String,
    pub seed: u64,
    /// Deals asked for (the budget), and the precision target if one was set.
    pub max_deals: u64,
    pub precision_target: Option<f64>,
    /// The command line that reproduces the report.
    pub command: String,
    /// A loser-only game (Über Uno): a seat's "win" is a game it did not lose, the fair share
    /// is (players − 1)/players and the seat test compares the losses.
    #[serde(default)]
    pub loser_only: bool,
}

/// What the run did (not part of the deterministic result: timings, threads).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RunInfo {
    /// Where the result came from (`docs/output-schema.md`); always set in the reports the CLI
    /// writes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provenance: Option<crate::provenance::Provenance>,
    pub threads: usize,
    pub seconds: f64,
    pub games_per_second: f64,
    pub interrupted: bool,
}

/// One seat of the as-dealt games.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatRow {
    pub seat: usize,
    pub agent: String,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    /// 95% Wilson interval.
    pub ci95: (f64, f64),
    /// Win rate minus the fair share `1/players`.
    pub advantage: f64,
    /// The fair share lies outside the interval.
    pub significant: bool,
    pub mean_placing: f64,
    pub mean_points: f64,
}

/// One of the variant's seat categories (e.g. Uno Debt's dealt buying power, `power 7`,
/// `power red`): the seats of the as-dealt games that fell in it, and how often they won.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CategoryRow {
    pub category: String,
    /// Seat-games in finished as-dealt games (a game counts each seat in the category once).
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    /// 95% Wilson interval.
    pub ci95: (f64, f64),
    /// Win rate minus the fair share `1/players`.
    pub advantage: f64,
    /// The fair share lies outside the interval.
    pub significant: bool,
}

/// One bar of a histogram: values in `lo..=hi` occurred `count` times.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Bin {
    pub lo: i64,
    pub hi: i64,
    pub count: u64,
}

/// A distribution with its summary figures.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Distribution {
    /// What is counted, e.g. "turns per game".
    pub label: String,
    pub samples: u64,
    pub mean: f64,
    pub p50: i64,
    pub p90: i64,
    pub p99: i64,
    pub min: i64,
    pub max: i64,
    /// Consecutive bins covering min..=max (wide values may be grouped).
    pub bins: Vec<Bin>,
}

/// Game shape of the as-dealt games.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Shape {
    pub games: u64,
    pub completed: u64,
    /// Games stopped by the variant's action cap (no winner).
    pub truncated: u64,
    pub truncated_rate: f64,
    /// Games stopped because an agent returned an illegal action (no winner; built-in agents
    /// never do).
    pub aborted: u64,
    pub turns: Distribution,
    /// Hands per game (all 1 unless the options play a match).
    pub hands: Distribution,
    /// Points per seat at the end, as the variant scores them (classic single hand: card points
    /// left in the hand; match: the cumulative score). One sample per seat per game.
    pub points: Distribution,
}

/// One card kind: its causal strength (paired swap) and the observational metrics.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CardRow {
    pub kind: usize,
    pub code: String,
    pub name: String,
    /// The card's type (the variant's card table: `Skip`, `Draw Two`, `Number`, ...).
    pub card_type: String,
    /// Copies in the full deck.
    pub copies: u32,
    /// 1 = strongest (largest strength); ties broken by kind id.
    pub rank: usize,
    /// Deals where the swap was made (and both games were played).
    pub pairs: u64,
    /// Deals where no swap was possible (no copy outside the seat's hand, or no plain number
    /// card in it).
    pub skipped: u64,
    /// Win rate of the chosen seat without and with the swapped-in card.
    pub base_win_rate: f64,
    pub swap_win_rate: f64,
    /// `swap_win_rate - base_win_rate`: the mean paired difference.
    pub strength: f64,
    /// Paired 95% interval of `strength` (normal approximation on the per-deal differences).
    pub ci95: (f64, f64),
    /// Two-sided p-value of `strength == 0`, raw and Holm-adjusted over all kinds.
    pub p_value: f64,
    pub p_holm: f64,
    /// `p_holm < 0.05`.
    pub significant: bool,
    // ---- observational (correlational) metrics from the as-dealt games ----
    /// Seat-games whose opening hand held at least one copy, and the win rate among them.
    pub held_games: u64,
    pub win_when_held: f64,
    pub win_when_held_ci95: (f64, f64),
    /// Seat-games in which the seat played at least one copy, and the win rate among them.
    pub played_games: u64,
    pub win_when_played: f64,
    pub win_when_played_ci95: (f64, f64),
    /// Copies played per game (all seats).
    pub plays_per_game: f64,
    /// `win_when_played - win_when_held`.
    pub played_minus_held: f64,
}

/// One card type (all Skips, all Draw Twos, all plain number cards, ...): the causal strength of
/// swapping in a card of that type drawn as the deck would, i.e. the mean of its kinds'
/// strengths weighted by their copies in the deck, with a paired interval that accounts for
/// the kinds being measured on the same deals (`docs/balance.md`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TypeRow {
    /// The type's name, from the variant's card table.
    pub card_type: String,
    /// Codes of its kinds in the run's deck, in kind order.
    pub kinds: Vec<String>,
    /// Copies of the type in the deck (the weights are each kind's share of them).
    pub copies: u32,
    /// 1 = strongest; ties broken by the type's first kind id.
    pub rank: usize,
    /// Swaps made, and deals skipped, summed over the type's kinds.
    pub pairs: u64,
    pub skipped: u64,
    /// Copies-weighted means of the kinds' win rates as dealt and with the swap.
    pub base_win_rate: f64,
    pub swap_win_rate: f64,
    /// Copies-weighted mean of the kinds' strengths.
    pub strength: f64,
    /// Paired 95% interval of `strength` (the kinds' variances and covariances on shared deals).
    pub ci95: (f64, f64),
    /// Two-sided p-value of `strength == 0`, raw and Holm-adjusted over all types.
    pub p_value: f64,
    pub p_holm: f64,
    /// `p_holm < 0.05`.
    pub significant: bool,
}

/// The skill-expression experiment: on the same deal, one seat is played by the skilled agent
/// and then by the baseline (`random` by default; the other seats by the run's agents).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Skill {
    pub agent: String,
    /// The agent compared with `agent`.
    pub baseline: String,
    pub deals: u64,
    pub skilled_win_rate: f64,
    pub baseline_win_rate: f64,
    /// `skilled_win_rate - baseline_win_rate`, with its paired 95% interval and p-value.
    pub gap: f64,
    pub ci95: (f64, f64),
    pub p_value: f64,
}

/// The whole report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BalanceReport {
    pub setup: RunSetup,
    pub run: RunInfo,
    /// Deals played, and games played in all (as dealt + swapped + skill games).
    pub deals: u64,
    pub games: u64,
    /// Largest half-width of the card strength intervals.
    pub max_half_width: f64,
    /// Plain-language findings, most important first.
    pub summary: Vec<String>,
    pub seats: Vec<SeatRow>,
    /// p-value of "all seats have the same win rate" (chi-square on the seat win counts).
    pub seat_equality_p: f64,
    /// Win rate by seat category, in the variant's order; only for a variant that defines
    /// categories (`Game::SEAT_CATEGORIES`: Uno Debt's buying power), else absent.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<CategoryRow>,
    pub shape: Shape,
    /// The roll-up per card type, sorted by rank (strongest first).
    pub types: Vec<TypeRow>,
    /// Sorted by rank (strongest first).
    pub cards: Vec<CardRow>,
    pub skill: Option<Skill>,
}
