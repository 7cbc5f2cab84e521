//! What the command line needs from each variant, so every command is written once, generic
//! over the game type: options, construction, scenarios, a readable situation line for replays
//! and the `rules` listing.

use crate::config::{OptionInput, Variant};
use serde::Serialize;
use uno_agents::AgentSupport;
use uno_engine::{classic, hotdeath, Action, CardGame, CardInfo, Game, Seat};

pub trait SimGame: AgentSupport + CardGame {
    type Options: Copy + Serialize + Send + Sync + 'static;
    const VARIANT: Variant;
    /// Players the variant seats.
    const PLAYERS: &'static str;
    fn options(input: &OptionInput, players: usize) -> Result<Self::Options, String>;
    /// A new game from validated options.
    fn deal(opts: Self::Options, players: usize, seed: u64) -> Self;
    /// As `deal`, logging the deal.
    fn new_logged(
        opts: Self::Options,
        players: usize,
        seed: u64,
        log: &mut Vec<Self::Event>,
    ) -> Result<Self, String>;
    /// A position from a scenario file's text, and its seed.
    fn scenario(text: &str, log: &mut Vec<Self::Event>) -> Result<(Self, u64), String>;
    /// The seat and card of a deal event (the replay folds them into one line per seat).
    fn dealt(e: &Self::Event) -> Option<(u8, u8)>;
    /// The acting player's hand and the table, for replay lines.
    fn situation(&self, seat: Seat) -> String;
    fn cards() -> &'static [CardInfo];
    fn deck_size() -> usize;
    fn num_actions() -> usize;
    fn name_action(a: Action) -> String;
    /// Default options and the presets, as JSON.
    fn option_presets() -> Vec<(&'static str, serde_json::Value)>;
    fn rules_doc() -> &'static str;
}

fn hand_codes(table: &[CardInfo], counts: impl Iterator<Item = (usize, u8)>) -> String {
    let cards: Vec<&str> = counts
        .flat_map(|(k, c)| std::iter::repeat_n(table[k].code, c as usize))
        .collect();
    cards.join(" ")
}

fn color_name(c: u8) -> &'static str {
    uno_engine::Color::from_index(c)
        .map(|c| c.name())
        .unwrap_or("none")
}

impl SimGame for classic::ClassicState {
    type Options = classic::ClassicOptions;
    const VARIANT: Variant = Variant::Classic;
    const PLAYERS: &'static str = "2-10";
    fn options(input: &OptionInput, players: usize) -> Result<Self::Options, String> {
        input.classic(players)
    }
    fn deal(opts: Self::Options, players: usize, seed: u64) -> Self {
        classic::ClassicState::deal(opts, players, seed)
    }
    fn new_logged(
        opts: Self::Options,
        players: usize,
        seed: u64,
        log: &mut Vec<classic::Event>,
    ) -> Result<Self, String> {
        classic::ClassicState::new_logged(opts, players, seed, log)
    }
    fn scenario(text: &str, log: &mut Vec<classic::Event>) -> Result<(Self, u64), String> {
        let sc = classic::Scenario::from_json(text)?;
        Ok((sc.build_logged(log)?, sc.seed))
    }
    fn dealt(e: &classic::Event) -> Option<(u8, u8)> {
        match e {
            classic::Event::Deal { seat, card } => Some((*seat, *card)),
            _ => None,
        }
    }
    fn situation(&self, seat: Seat) -> String {
        format!(
            "hand: {}; top {} {}",
            hand_codes(&classic::CARDS, self.hand(seat as usize).iter()),
            classic::CARDS[self.top() as usize].code,
            color_name(self.color())
        )
    }
    fn cards() -> &'static [CardInfo] {
        &classic::CARDS
    }
    fn deck_size() -> usize {
        classic::DECK_SIZE
    }
    fn num_actions() -> usize {
        classic::NUM_ACTIONS
    }
    fn name_action(a: Action) -> String {
        classic::action_name(a)
    }
    fn option_presets() -> Vec<(&'static str, serde_json::Value)> {
        let v = |o: classic::ClassicOptions| serde_json::to_value(o).expect("serialises");
        vec![
            ("official", v(classic::ClassicOptions::default())),
            ("rlcard", v(classic::ClassicOptions::rlcard())),
        ]
    }
    fn rules_doc() -> &'static str {
        "docs/rules/classic.md"
    }
}

impl SimGame for hotdeath::HotDeathState {
    type Options = hotdeath::HotDeathOptions;
    const VARIANT: Variant = Variant::HotDeath;
    const PLAYERS: &'static str = "2-10";
    fn options(input: &OptionInput, players: usize) -> Result<Self::Options, String> {
        input.hot_death(players)
    }
    fn deal(opts: Self::Options, players: usize, seed: u64) -> Self {
        hotdeath::HotDeathState::deal(opts, players, seed)
    }
    fn new_logged(
        opts: Self::Options,
        players: usize,
        seed: u64,
        log: &mut Vec<hotdeath::Event>,
    ) -> Result<Self, String> {
        hotdeath::HotDeathState::new_logged(opts, players, seed, log)
    }
    fn scenario(text: &str, log: &mut Vec<hotdeath::Event>) -> Result<(Self, u64), String> {
        let sc = hotdeath::HotDeathScenario::from_json(text)?;
        Ok((sc.build_logged(log)?, sc.seed))
    }
    fn dealt(e: &hotdeath::Event) -> Option<(u8, u8)> {
        match e {
            hotdeath::Event::Deal { seat, card } => Some((*seat, *card)),
            _ => None,
        }
    }
    fn situation(&self, seat: Seat) -> String {
        let out: Vec<String> = (0..self.num_players())
            .filter(|&s| !self.is_active(s))
            .map(|s| s.to_string())
            .collect();
        format!(
            "hand: {}; top {} {}{}",
            hand_codes(&hotdeath::CARDS, self.hand(seat as usize).iter()),
            hotdeath::CARDS[self.top() as usize].code,
            color_name(self.color()),
            if out.is_empty() {
                String::new()
            } else {
                format!("; eliminated: {}", out.join(","))
            }
        )
    }
    fn cards() -> &'static [CardInfo] {
        &hotdeath::CARDS
    }
    fn deck_size() -> usize {
        hotdeath::DECK_SIZE
    }
    fn num_actions() -> usize {
        hotdeath::NUM_ACTIONS
    }
    fn name_action(a: Action) -> String {
        hotdeath::action_name(a)
    }
    fn option_presets() -> Vec<(&'static str, serde_json::Value)> {
        let p = |name: &str| {
            serde_json::to_value(
                hotdeath::options::options_from(Some(name), None).expect("known preset"),
            )
            .expect("serialises")
        };
        vec![
            ("seed", p("seed")),
            ("hand", p("hand")),
            ("port", p("port")),
        ]
    }
    fn rules_doc() -> &'static str {
        "docs/rules/hot-death.md"
    }
}
