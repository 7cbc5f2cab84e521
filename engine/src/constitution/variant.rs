//! The Constitution as the tools list it: name, presets, documented options, statistics, deal,
//! scenarios and readable names (`crate::variant::Ruleset`).

use super::cards::{table, DECK_SIZE};
use super::event::LEAVE_NAMES;
use super::{action_name, ConOptions, ConState, Event};
use crate::action::Action;
use crate::cards::CardInfo;
use crate::game::{Game, Seat, StatDoc, StatSummary};
use crate::variant::{
    color_name, hand_codes, LogFold, OptionDoc, PresetInfo, Ruleset, VariantInfo,
};

/// The options, in `ConOptions` field order (`docs/rules/constitution.md` section 19).
pub const OPTION_DOCS: &[OptionDoc] = &[
    OptionDoc {
        key: "mode",
        ty: "normal / elimination",
        meaning: "normal: the first player out wins; elimination: the last one still in loses",
        source: "L74-L78 (section 17)",
    },
    OptionDoc {
        key: "dealer",
        ty: "null or seat",
        meaning: "the dealer's seat (null: drawn by lot)",
        source: "C9: the seed does not say who deals",
    },
    OptionDoc {
        key: "play_drawn",
        ty: "bool",
        meaning: "a player who draws at a turn may play the drawn card if it matches",
        source: "C18: L41 makes the draw the alternative to playing (default false)",
    },
    OptionDoc {
        key: "wrong_jump_ins",
        ty: "bool",
        meaning: "seats may jump in with a near card, and the others may call it (penalty 2)",
        source: "C35: L54 (default true)",
    },
    OptionDoc {
        key: "gold_coin_face_up",
        ty: "probability 0-1",
        meaning: "the chance the Gold Coin lands face up",
        source: "L198: a coin flip (default 0.5)",
    },
    OptionDoc {
        key: "apocalypse_challenge",
        ty: "bool",
        meaning: "in the Apocalypse, the next player may challenge a Wild Draw Four",
        source: "C70: the 1971 rules (default true)",
    },
    OptionDoc {
        key: "communism_revives",
        ty: "bool",
        meaning: "normal mode: Communism deals removed players back into the game",
        source: "C57: L77 read a contrario (default true)",
    },
    OptionDoc {
        key: "max_decisions",
        ty: "integer >= 100",
        meaning: "decisions after which a game is cut off (a truncation, not a result)",
        source: "section 19 (default 50000)",
    },
];

/// Field cards the statistics name, in histogram order.
pub const FIELD_LABELS: &[&str] = &[
    "blue_shield",
    "luck",
    "virus",
    "yin",
    "yang",
    "prophet",
    "plague",
    "death",
    "famine",
    "war",
    "conquest",
];

const fn per_game(name: &'static str, meaning: &'static str) -> StatDoc {
    StatDoc {
        name,
        meaning,
        summary: StatSummary::PerGame,
    }
}

/// The Constitution's own statistics (section 20), written by `Game::variant_counters` in
/// this order.
pub const STAT_DOCS: &[StatDoc] = &[
    per_game("apocalypse", "games in which the Apocalypse began"),
    StatDoc {
        name: "decisions_in_apocalypse_games",
        meaning: "decisions of games with an Apocalypse, per such game: their mean length",
        summary: StatSummary::PerUnit("apocalypse"),
    },
    StatDoc {
        name: "left_by_cause",
        meaning: "players who left the game, by cause (out = emptied their hand)",
        summary: StatSummary::Histogram(&LEAVE_NAMES),
    },
    StatDoc {
        name: "left",
        meaning: "games in which the seat left the game before the end (removed, or out in \
                  elimination mode)",
        summary: StatSummary::PerSeat,
    },
    StatDoc {
        name: "leave_order",
        meaning: "the order the seat left in (1 = first; 0 = still in at the end): in \
                  elimination mode a lower mean is better",
        summary: StatSummary::PerSeat,
    },
    per_game("accusations", "accusations of holding Quitter"),
    per_game("accusations_right", "accusations that found Quitter"),
    per_game("battles", "Conquest battles"),
    per_game("conquerors", "players who became the Conqueror"),
    per_game("communisms", "Communisms played"),
    per_game("wrong_jump_ins", "jump-ins with a near card"),
    per_game("wrong_jump_ins_called", "wrong jump-ins called (penalty 2)"),
    per_game("questions", "questions asked of the Prophet"),
    per_game("teams", "Yin-Yang teams formed"),
    per_game("dumps", "recycled piles dumped on a player"),
    StatDoc {
        name: "field_at_end",
        meaning: "field cards active at the end of the game, by card",
        summary: StatSummary::Histogram(FIELD_LABELS),
    },
    StatDoc {
        name: "winner_field",
        meaning: "field cards active in front of the winner at the end (normal mode), by card",
        summary: StatSummary::Histogram(FIELD_LABELS),
    },
];

const _: () = assert!(crate::game::stat_slots(STAT_DOCS) <= crate::game::VARIANT_COUNTERS);

/// Seat categories (`Game::SEAT_CATEGORIES`), read on the freshly dealt game.
pub const SEAT_CATEGORIES: &[&str] = &["dealer", "first to play"];

impl Ruleset for ConState {
    type Options = ConOptions;
    const INFO: VariantInfo = VariantInfo {
        name: "constitution",
        aliases: &["hot-death-v3", "hotdeath-v3", "the-constitution"],
        title: "Hot Death Uno v3 \"The Constitution\": three card attributes, field cards, \
                directed attacks, jump-ins, the Four Horsemen and the Apocalypse, elimination \
                mode",
        players: (2, crate::game::MAX_PLAYERS),
        rules_doc: "docs/rules/constitution.md",
        source: "the seed ../shared/seeds/000_cb330d4a0fdd1eef.txt",
        presets: &[
            PresetInfo {
                name: "seed",
                aliases: &["normal"],
                about: "the seed's rules: the first player out wins (the default)",
            },
            PresetInfo {
                name: "elimination",
                aliases: &["elim"],
                about: "elimination mode: the last player still in loses (L74-L78)",
            },
            PresetInfo {
                name: "tidy",
                aliases: &[],
                about: "no deliberate wrong jump-ins (wrong_jump_ins = false)",
            },
        ],
        loser_only: false,
    };
    const OPTIONS: &'static [OptionDoc] = OPTION_DOCS;

    fn options_from(
        preset: Option<&str>,
        overrides: Option<&serde_json::Value>,
    ) -> Result<ConOptions, String> {
        let preset = preset.map(|p| Self::INFO.preset(p).map_or(p, |i| i.name));
        crate::variant::merge_overrides(super::options::preset(preset)?, overrides, "Constitution")
    }
    fn validate(opts: &ConOptions, players: usize) -> Result<(), String> {
        opts.validate(players)
    }
    /// Elimination mode: the last player still in loses, and no one wins (section 17).
    fn loser_only(opts: &ConOptions) -> bool {
        opts.mode == super::Mode::Elimination
    }
    fn deal(opts: ConOptions, players: usize, seed: u64) -> Self {
        ConState::deal(opts, players, seed)
    }
    fn new_logged(
        opts: ConOptions,
        players: usize,
        seed: u64,
        log: &mut Vec<Event>,
    ) -> Result<Self, String> {
        opts.validate(players)?;
        Ok(ConState::new_with(opts, players, seed, log))
    }
    fn scenario(text: &str, _log: &mut Vec<Event>) -> Result<(Self, u64), String> {
        super::scenario::from_json(text)
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
                penalty: false,
            },
            Event::Penalty { seat, cards } => LogFold::PenaltyTotal { seat, cards },
            Event::Reshuffle => LogFold::Reshuffle,
            Event::Revealed { seat, to } => LogFold::HandShown { seat, to },
            Event::Shown { seat, card } => LogFold::Shown {
                seat,
                card: card.into(),
            },
            _ => return None,
        })
    }
    fn situation(&self, seat: Seat) -> String {
        let t = table();
        let (k, c) = self.reference();
        let reference = if (k as usize) < t.len() {
            format!("{} {}", t[k as usize].code, color_name(c))
        } else {
            "none".into()
        };
        let mut text = format!(
            "hand: {}; reference {reference}",
            hand_codes(t, self.hand(seat as usize).iter()),
        );
        if let Some(a) = self.attack() {
            text.push_str(&format!(
                "; {} ({}) on seat {}",
                a.kind.name(),
                a.amount,
                a.victim
            ));
        }
        if self.apocalypse() {
            text.push_str("; the Apocalypse");
        }
        let sizes: Vec<String> = (0..self.num_players())
            .map(|p| {
                if self.in_game(p as u8) {
                    self.hand(p).len().to_string()
                } else {
                    "-".into()
                }
            })
            .collect();
        text.push_str(&format!("; hands {}", sizes.join(",")));
        text
    }
    fn cards() -> &'static [CardInfo] {
        table()
    }
    fn deck_size() -> usize {
        DECK_SIZE
    }
    fn name_action(a: Action) -> String {
        action_name(a)
    }
}
