//! Uno Debt as the tools list it: name, presets, documented options, deal, scenarios and
//! readable names (`crate::variant::Ruleset`).

use super::{action_name, DebtOptions, DebtScenario, DebtState, Event, CARDS};
use crate::action::Action;
use crate::cards::CardInfo;
use crate::game::{Game, Seat, StatDoc, StatSummary};
use crate::variant::{
    color_name, hand_codes, LogFold, OptionDoc, PresetInfo, Ruleset, VariantInfo,
};

/// Uno Debt's options, in `DebtOptions` field order (seed lines `S..` of `docs/rules/debt.md`).
pub const OPTION_DOCS: &[OptionDoc] = &[
    OptionDoc {
        key: "decks",
        ty: "integer 1-4",
        meaning: "decks in the melon",
        source: "S2: \"Up to 4 decks are used (more than 1 deck is preferred)\" (default 2)",
    },
    OptionDoc {
        key: "hand_size",
        ty: "integer 1-30",
        meaning: "cards dealt to each player",
        source: "S6: \"Every player then draws 10 cards\"",
    },
    OptionDoc {
        key: "debt_cap",
        ty: "null or 1-255",
        meaning: "the end of the number line: a debt past it stays at it; null: no end",
        source: "S2: \"numbered 0 to at least -25\" (default 25)",
    },
    OptionDoc {
        key: "starter_plays_first",
        ty: "bool",
        meaning: "the player who turned the first card plays first (false: the player to \
                  their left, as after a UNO deal)",
        source: "S4: \"turns over the first card ... and play moves clockwise from that player\"",
    },
    OptionDoc {
        key: "zero_power",
        ty: "integer 0-1",
        meaning: "cards a buying power of 0 counts for where it is a number of cards to take \
                  (draws, DEBT calls, buying, move 12)",
        source: "S12/S19/S24/S28: the seed never says what a 0 buying power is worth (default 1)",
    },
    OptionDoc {
        key: "reward_group",
        ty: "bool",
        meaning: "the reward play after balancing may be a group (rule 5 applies to it)",
        source: "S8: \"play again, playing any card they wish\"",
    },
    OptionDoc {
        key: "attack",
        ty: "aim / power_draw",
        meaning: "aim: the reward card's effects land on the chosen defender, who plays next; \
                  power_draw: also the defender takes the attacker's buying power in cards \
                  from the melon",
        source: "S8: \"choose a specific player to attack ... Play is resumed from defending \
                 player\"",
    },
    OptionDoc {
        key: "stuck_with_pile",
        ty: "play_area / pass",
        meaning: "a player with a discard pile who cannot play: play_area: option two only; \
                  pass: no option, but rule 6's one card from the pile still goes into the hand, then the turn ends",
        source: "S12 \"as long as they do not already have a discard pile\" against S13 \
                 \"only available if the player does not have a discard pile\"",
    },
    OptionDoc {
        key: "win_with_pile",
        ty: "bool",
        meaning: "an empty hand wins even with cards in one's discard pile",
        source: "S8: \"The primary goal ... get rid of all their cards\" (default false: the \
                 pile is still one's cards)",
    },
    OptionDoc {
        key: "uno_call",
        ty: "bool",
        meaning: "players must call UNO at one card without a discard pile; false: no UNO \
                  and no DEBT calls",
        source: "S19: \"they must say UNO\"",
    },
    OptionDoc {
        key: "debt_catch_probability",
        ty: "null or 0-1",
        meaning: "null: the other players decide whether to call DEBT (CatchUno); p: a silent \
                  player is caught with probability p by a random other player, no decision",
        source: "S19: \"another player may call DEBT\" (a race: decisions by default)",
    },
    OptionDoc {
        key: "max_actions",
        ty: "integer >= 1",
        meaning: "a game is stopped as truncated after this many decisions",
        source: "simulation cap, not a rule (move 11 can loop)",
    },
];

/// Uno Debt's own statistics (`Game::VARIANT_STATS`): the secondary goal (balancing the debt),
/// the debt's level, the discard piles and the special moves. Filled from `DebtStats` by
/// `Game::variant_counters` (in this order).
pub const STAT_DOCS: &[StatDoc] = &[
    StatDoc {
        name: "balances",
        meaning: "debts the seat balanced (a play summing exactly to the debt, rule 4)",
        summary: StatSummary::PerSeat,
    },
    StatDoc {
        name: "stuck",
        meaning: "turns the seat could not play (rule 6)",
        summary: StatSummary::PerSeat,
    },
    StatDoc {
        name: "groups",
        meaning: "plays of two or more cards",
        summary: StatSummary::PerGame,
    },
    StatDoc {
        name: "buys",
        meaning: "purchases from another player's discard pile (move 10)",
        summary: StatSummary::PerGame,
    },
    StatDoc {
        name: "combines",
        meaning: "hands shuffled with their discard pile and redrawn (move 11)",
        summary: StatSummary::PerGame,
    },
    StatDoc {
        name: "withdraws",
        meaning: "turns given up to take cards from one's own discard pile (move 12)",
        summary: StatSummary::PerGame,
    },
    StatDoc {
        name: "debt_calls",
        meaning: "true DEBT calls: a player who stayed silent at one card caught (rule 8)",
        summary: StatSummary::PerGame,
    },
    StatDoc {
        name: "false_debt_calls",
        meaning: "false DEBT calls: the player had called UNO (the caller is penalised)",
        summary: StatSummary::PerGame,
    },
    StatDoc {
        name: "turns",
        meaning: "turns begun (the unit of `debt` and `pile`)",
        summary: StatSummary::PerGame,
    },
    StatDoc {
        name: "debt",
        meaning: "the debt at the start of a turn (summed over turns: the mean is per turn)",
        summary: StatSummary::PerUnit("turns"),
    },
    StatDoc {
        name: "debt_at_turn_start",
        meaning: "turns begun at each debt (0 to 25, then 26 or more)",
        summary: StatSummary::Histogram(DEBT_HIST_LABELS),
    },
    StatDoc {
        name: "max_debt",
        meaning: "the largest debt a play left in the game",
        summary: StatSummary::Max,
    },
    StatDoc {
        name: "pile",
        meaning: "cards in the acting player's discard pile at the start of a turn (summed \
                  over turns: the mean is per turn)",
        summary: StatSummary::PerUnit("turns"),
    },
];

/// Labels of the `debt_at_turn_start` bins.
pub const DEBT_HIST_LABELS: &[&str] = &[
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24", "25", "26+",
];
const _: () = assert!(DEBT_HIST_LABELS.len() == super::state::DEBT_HIST_BINS);

const _: () = assert!(crate::game::stat_slots(STAT_DOCS) <= crate::game::VARIANT_COUNTERS);

/// Uno Debt's seat categories (`Game::SEAT_CATEGORIES`): the buying-power card a seat was
/// dealt, by value (bits 0-9) and by colour (bits 10-13).
pub const SEAT_CATEGORIES: &[&str] = &[
    "power 0",
    "power 1",
    "power 2",
    "power 3",
    "power 4",
    "power 5",
    "power 6",
    "power 7",
    "power 8",
    "power 9",
    "power red",
    "power yellow",
    "power green",
    "power blue",
];

impl Ruleset for DebtState {
    type Options = DebtOptions;
    const INFO: VariantInfo = VariantInfo {
        name: "debt",
        aliases: &["uno-debt", "uno_debt"],
        title: "Uno Debt v1.6: a buying-power card, a debt paid down by number cards, \
                multi-card plays, personal discard piles, the DEBT call",
        players: (2, crate::game::MAX_PLAYERS),
        rules_doc: "docs/rules/debt.md",
        source: "the seed ../shared/seeds/003_c5b60f11b56fb701.txt",
        presets: &[
            PresetInfo {
                name: "seed",
                aliases: &["v1.6"],
                about: "the seed's rules with the rulings of docs/rules/debt.md (2 decks; the \
                        default)",
            },
            PresetInfo {
                name: "one-deck",
                aliases: &["small"],
                about: "one deck in the melon",
            },
            PresetInfo {
                name: "big",
                aliases: &["four-decks"],
                about: "four decks and a number line with no end",
            },
            PresetInfo {
                name: "quiet",
                aliases: &["no-calls"],
                about: "no UNO and no DEBT calls",
            },
        ],
        loser_only: false,
    };
    const OPTIONS: &'static [OptionDoc] = OPTION_DOCS;

    fn options_from(
        preset: Option<&str>,
        overrides: Option<&serde_json::Value>,
    ) -> Result<DebtOptions, String> {
        super::options::options_from(preset, overrides)
    }
    fn validate(opts: &DebtOptions, players: usize) -> Result<(), String> {
        opts.validate(players)
    }
    fn deal(opts: DebtOptions, players: usize, seed: u64) -> Self {
        DebtState::deal(opts, players, seed)
    }
    fn new_logged(
        opts: DebtOptions,
        players: usize,
        seed: u64,
        log: &mut Vec<Event>,
    ) -> Result<Self, String> {
        DebtState::new_logged(opts, players, seed, log)
    }
    fn scenario(text: &str, log: &mut Vec<Event>) -> Result<(Self, u64), String> {
        let sc = DebtScenario::from_json(text)?;
        Ok((sc.build_logged(log)?, sc.seed))
    }
    fn fold(e: &Event) -> Option<LogFold> {
        Some(match *e {
            Event::Deal { seat, card } => LogFold::Dealt {
                seat,
                card: card.into(),
            },
            Event::Drew { seat, card } => LogFold::Drawn {
                seat,
                card: card.into(),
                penalty: true,
            },
            Event::Punished { seat, cards } => LogFold::PenaltyTotal { seat, cards },
            Event::Reshuffled { .. } => LogFold::Reshuffle,
            _ => return None,
        })
    }
    fn situation(&self, seat: Seat) -> String {
        let s = seat as usize;
        let top = self
            .area_top()
            .map(|(k, _)| CARDS[k as usize].code)
            .unwrap_or("none");
        let mut text = format!(
            "hand: {}; pile {}; power {}; top {top} {}; debt {}",
            hand_codes(&CARDS, self.hand(s).iter()),
            self.pile(s).len(),
            CARDS[self.buying_power(s) as usize].code,
            color_name(self.color()),
            self.debt()
        );
        let piles: Vec<String> = (0..self.num_players())
            .filter(|&p| !self.pile(p).is_empty())
            .map(|p| format!("{p}:{}", self.pile(p).len()))
            .collect();
        if !piles.is_empty() {
            text.push_str(&format!("; piles {}", piles.join(",")));
        }
        text
    }
    fn cards() -> &'static [CardInfo] {
        &CARDS
    }
    fn deck_size() -> usize {
        // One deck; `decks` multiplies it.
        super::cards::DECK_CARDS
    }
    fn name_action(a: Action) -> String {
        action_name(a)
    }
}
