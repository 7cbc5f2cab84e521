//! `uno-engine`: the rules of UNO and its house variants.
//!
//! Design (see the workspace README and `docs/rules/`):
//! - cards are small ids into a static per-variant table ([`cards::CardInfo`]);
//! - hands are per-kind counts with a presence bitset ([`hand::Hand`]);
//! - legal actions go into a caller-provided fixed buffer ([`action::ActionList`]);
//! - a state is a flat value: cloning it copies bytes, never touches the heap;
//! - every choice is a decision point with a dense action id ([`game::Game::NUM_ACTIONS`]);
//! - all chance goes through one seeded [`rng::Rng`];
//! - `apply` is strict (typed error, state unchanged), `apply_unchecked` is the fast path.

pub mod action;
pub mod bits;
pub mod blender;
pub mod cards;
pub mod classic;
pub mod constitution;
pub mod debt;
pub mod game;
pub mod hand;
pub mod hotdeath;
pub mod lazy;
pub mod pile;
pub mod rng;
pub mod scenario;
pub mod swap;
pub mod uber;
pub mod variant;

pub use action::{Action, ActionList, MAX_LEGAL};
pub use cards::{CardInfo, Color};
pub use game::{
    CardGame, DecisionKind, Ending, EventSink, Game, GameCounters, IllegalAction, NoEvents,
    Outcome, Priors, SearchGame, Seat, SwapRecord, SwapSource, HAND_ENDINGS, MAX_PLAYERS,
};
pub use rng::{game_seed, stream_seed, Rng};
pub use variant::{LogFold, OptionDoc, PresetInfo, Ruleset, VariantInfo};
