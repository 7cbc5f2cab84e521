//! What a variant tells the tools about itself: its name and aliases, player range, presets,
//! documented options, how to deal and log a game, its scenario notation and readable names.
//!
//! Each variant implements [`Ruleset`] once, in its own folder (`classic/variant.rs`,
//! `hotdeath/variant.rs`); the command line's registry (`uno_sim::registry`) lists the
//! implementing types and generates every help text, error list and `uno rules` listing from
//! these facts, so nothing about a variant is written twice.

use crate::action::Action;
use crate::cards::CardInfo;
use crate::game::{CardGame, Seat};
use serde::Serialize;

/// An event the replay log folds with its neighbours into one line (see [`Ruleset::fold`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFold {
    /// `seat` is dealt `card`: one line per seat for the whole deal.
    Dealt { seat: u8, card: u16 },
    /// `seat` draws `card` (`penalty`: a penalty draw): a run of one seat's draws is one line
    /// with the total, `seat 2 draws 4 (penalty): R3 G7 B1 Y+2`.
    Drawn { seat: u8, card: u16, penalty: bool },
    /// The end of a penalty draw of `cards` by `seat`: makes the run of draws before it a
    /// penalty draw (printed on its own line only when no card was drawn).
    PenaltyTotal { seat: u8, cards: u16 },
    /// The discard pile was reshuffled: inside a run of draws it does not split the run (it is
    /// printed before the run's line).
    Reshuffle,
    /// `seat` shows their hand (to `to`, or to everyone): the `Shown` events after it are its
    /// cards.
    HandShown { seat: u8, to: Option<u8> },
    /// A card of the hand shown by the `HandShown` event before it.
    Shown { seat: u8, card: u16 },
}

/// A variant's identity, as the command line lists it.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    /// The name `-v` takes and outputs record (lower case, `-` between words).
    pub name: &'static str,
    /// Other spellings `-v` accepts.
    pub aliases: &'static [&'static str],
    /// One line: what the variant is.
    pub title: &'static str,
    /// Smallest and largest number of players.
    pub players: (usize, usize),
    /// The rules document (path from the repository root): every rule and every reading chosen.
    pub rules_doc: &'static str,
    /// The source the rules come from (a seed document, or the official rules).
    pub source: &'static str,
    /// The option presets; the first is the default.
    pub presets: &'static [PresetInfo],
    /// A game with a loser and no winner (Über Uno's Nappy): the outputs' win rates count the
    /// games a seat did not lose (`Outcome::won`), and say so.
    pub loser_only: bool,
}

/// A named bundle of option values.
#[derive(Clone, Copy, Debug)]
pub struct PresetInfo {
    pub name: &'static str,
    /// Other names the preset answers to.
    pub aliases: &'static [&'static str],
    /// One line: what the preset plays.
    pub about: &'static str,
}

/// One rule option, as `uno rules -v V` describes it (its default comes from the options
/// type itself).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct OptionDoc {
    /// The key in `--set key=value` and in options files.
    pub key: &'static str,
    /// The values it takes, e.g. `bool`, `integer 0-6`, `null or 0-1`, `bluff / strict`.
    #[serde(rename = "type")]
    pub ty: &'static str,
    /// What it does.
    pub meaning: &'static str,
    /// Where the choice comes from: the seed line or rule section it reads, or why it exists.
    pub source: &'static str,
}

impl VariantInfo {
    /// Whether `s` names this variant (its name or an alias, any case).
    pub fn answers_to(&self, s: &str) -> bool {
        let s = s.to_ascii_lowercase();
        self.name == s || self.aliases.contains(&s.as_str())
    }
    /// `2-10`, or `4` when the range is one number.
    pub fn players_text(&self) -> String {
        let (lo, hi) = self.players;
        if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        }
    }
    /// The preset called `s` (its name or an alias, any case).
    pub fn preset(&self, s: &str) -> Option<&'static PresetInfo> {
        let s = s.to_ascii_lowercase();
        self.presets
            .iter()
            .find(|p| p.name == s || p.aliases.contains(&s.as_str()))
    }
    /// The preset names, comma-separated.
    pub fn preset_names(&self) -> String {
        self.presets
            .iter()
            .map(|p| p.name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Everything the tools need of a variant beyond playing it (`Game`, `CardGame`).
pub trait Ruleset: CardGame + Clone + Send + Sync + 'static {
    /// The variant's options (serde: unknown keys are rejected).
    type Options: Copy + Serialize + Send + Sync + 'static;
    const INFO: VariantInfo;
    /// Every option, in the order of the options type's fields.
    const OPTIONS: &'static [OptionDoc];
    /// Options from a preset (`None`: the default) and a JSON object of overrides, not yet
    /// checked against a player count. Errors name the unknown preset or option.
    fn options_from(
        preset: Option<&str>,
        overrides: Option<&serde_json::Value>,
    ) -> Result<Self::Options, String>;
    /// Checks options against a player count; the message names the offending option.
    fn validate(opts: &Self::Options, players: usize) -> Result<(), String>;
    /// Whether games under `opts` have a loser and no winner (the outputs then count "not
    /// lost" and a fair share of (n-1)/n). The default is the variant's [`VariantInfo`] flag;
    /// a variant whose goal is an option (the Constitution's elimination mode) overrides it.
    fn loser_only(opts: &Self::Options) -> bool {
        let _ = opts;
        Self::INFO.loser_only
    }
    /// A new game from validated options.
    fn deal(opts: Self::Options, players: usize, seed: u64) -> Self;
    /// As `deal`, logging the deal.
    fn new_logged(
        opts: Self::Options,
        players: usize,
        seed: u64,
        log: &mut Vec<Self::Event>,
    ) -> Result<Self, String>;
    /// A position from a scenario file's text, and its seed; `log` receives what setting it up
    /// did (a first card turned by the first-card rules).
    fn scenario(text: &str, log: &mut Vec<Self::Event>) -> Result<(Self, u64), String>;
    /// How the replay folds an event into a line with others (cards dealt, drawn or shown);
    /// `None` for an event printed on its own line.
    fn fold(e: &Self::Event) -> Option<LogFold>;
    /// The acting player's hand and the table, for replay lines.
    fn situation(&self, seat: Seat) -> String;
    fn cards() -> &'static [CardInfo];
    fn deck_size() -> usize;
    fn name_action(a: Action) -> String;
}

/// Cards as codes, `R1 R1 G+2`, from `(kind, count)` pairs.
pub fn hand_codes(table: &[CardInfo], counts: impl Iterator<Item = (usize, u8)>) -> String {
    let cards: Vec<&str> = counts
        .flat_map(|(k, c)| std::iter::repeat_n(table[k].code, c as usize))
        .collect();
    cards.join(" ")
}

/// The name of colour index `c` (0-3), or `none`.
pub fn color_name(c: u8) -> &'static str {
    crate::cards::Color::from_index(c)
        .map(|c| c.name())
        .unwrap_or("none")
}

/// Merges a JSON object of overrides into `base`, rejecting unknown keys (with the list of
/// known ones) and bad values (naming the option); `what` names the variant in messages.
pub fn merge_overrides<T: Serialize + serde::de::DeserializeOwned>(
    base: T,
    overrides: Option<&serde_json::Value>,
    what: &str,
) -> Result<T, String> {
    let Some(over) = overrides else {
        return Ok(base);
    };
    let serde_json::Value::Object(over) = over else {
        return Err("options must be a JSON object of option = value".into());
    };
    let base_value = serde_json::to_value(base).map_err(|e| e.to_string())?;
    let mut v = base_value.clone();
    let obj = v.as_object_mut().expect("options serialise to an object");
    for (k, val) in over {
        if !obj.contains_key(k) {
            let mut known: Vec<&str> = obj.keys().map(|s| s.as_str()).collect();
            known.sort();
            return Err(format!(
                "unknown option '{k}' ({what} options: {})",
                known.join(", ")
            ));
        }
        // Check each value on its own so the error names the option.
        let mut one = base_value.clone();
        one.as_object_mut()
            .expect("object")
            .insert(k.clone(), val.clone());
        if let Err(e) = serde_json::from_value::<T>(one) {
            return Err(format!("bad value {val} for option '{k}': {e}"));
        }
        obj.insert(k.clone(), val.clone());
    }
    serde_json::from_value(v).map_err(|e| format!("bad {what} option value: {e}"))
}
