//! Hot Death as the tools list it: name, presets, documented options, deal, scenarios and
//! readable names (`crate::variant::Ruleset`).

use super::DECK_SIZE;
use super::{action_name, Event, HotDeathOptions, HotDeathScenario, HotDeathState, CARDS};
use crate::action::Action;
use crate::cards::CardInfo;
use crate::game::{DecisionKind, Game, Seat};
use crate::variant::{
    color_name, hand_codes, LogFold, OptionDoc, PresetInfo, Ruleset, VariantInfo,
};

/// Hot Death's options, in `HotDeathOptions` field order (seed lines `S..` of
/// `docs/rules/hot-death.md`).
pub const OPTION_DOCS: &[OptionDoc] = &[
    OptionDoc {
        key: "target",
        ty: "integer >= 0",
        meaning: "play hands until a total reaches this, and the lowest total wins; 0 = a \
                  single hand",
        source: "S34: \"The game ends when you reach 1000 points\"",
    },
    OptionDoc {
        key: "hand_size",
        ty: "null or 5-15",
        meaning: "null: the dealer decides each hand (ChooseNumber); n: always deal n",
        source: "S18: \"dealer choose a number of cards to deal between 5 and 15\"",
    },
    OptionDoc {
        key: "double_skips",
        ty: "integer 0-6",
        meaning: "Double Skips per colour, each replacing a Skip",
        source: "S13: the seed gives no counts (port tie-break: 3)",
    },
    OptionDoc {
        key: "reverse_skips",
        ty: "integer 0-6",
        meaning: "Reverse Skips per colour, each replacing a Reverse",
        source: "S13: the seed gives no counts (port tie-break: 3)",
    },
    OptionDoc {
        key: "spreaders_per_color",
        ty: "null or 0-6",
        meaning: "null: the seed's single yellow Spreader; n: n Spreaders per colour, each \
                  replacing a Draw Two",
        source: "S13: \"only one of each\" special card; the port's deck has one per colour",
    },
    OptionDoc {
        key: "port_face_matching",
        ty: "bool",
        meaning: "also match Skip with Double Skip, Reverse with Reverse Skip, Draw Two with \
                  Spreader, in any colour",
        source: "S23: \"match ... by number, color, or word\" (the port matches these faces)",
    },
    OptionDoc {
        key: "uno_call",
        ty: "bool",
        meaning: "players must call UNO (a CallUno decision)",
        source: "S26: \"When you have one card left in your hand, you must call 'Uno'\"",
    },
    OptionDoc {
        key: "uno_catch_probability",
        ty: "null or 0-1",
        meaning: "null: the other active players decide whether to catch (CatchUno); p: a \
                  silent player is caught with probability p, no decision",
        source: "S27: \"To catch someone, yell out 'Uno'\" (a race: decisions by default)",
    },
    OptionDoc {
        key: "uno_penalty",
        ty: "integer 0-255",
        meaning: "cards drawn when caught (Luck o' the Irish: one fewer)",
        source: "S26: \"you must draw two cards\"",
    },
    OptionDoc {
        key: "max_actions",
        ty: "integer >= 1",
        meaning: "a game (match included) is stopped as truncated after this many decisions",
        source: "simulation cap, not a rule",
    },
];

impl Ruleset for HotDeathState {
    type Options = HotDeathOptions;
    const INFO: VariantInfo = VariantInfo {
        name: "hot-death",
        aliases: &["hotdeath", "hot_death", "hd"],
        title: "Hot Death Uno, the original house rules: 324 cards, attacks with stacking and \
                defences, eliminations, a match to 1000 points (lowest wins)",
        players: (2, crate::game::MAX_PLAYERS),
        rules_doc: "docs/rules/hot-death.md",
        source: "the seed ../shared/seeds/001_410767923ed00a87.txt",
        presets: &[
            PresetInfo {
                name: "seed",
                aliases: &["original", "match"],
                about: "the seed's rules: a match to 1000 points (the default)",
            },
            PresetInfo {
                name: "hand",
                aliases: &["single-hand"],
                about: "single hands (target = 0)",
            },
            PresetInfo {
                name: "port",
                aliases: &[],
                about: "the computer port's deck and matching (a Spreader per colour, face \
                        matching)",
            },
        ],
        loser_only: false,
    };
    const OPTIONS: &'static [OptionDoc] = OPTION_DOCS;

    fn options_from(
        preset: Option<&str>,
        overrides: Option<&serde_json::Value>,
    ) -> Result<HotDeathOptions, String> {
        super::options::options_from(preset, overrides)
    }
    fn validate(opts: &HotDeathOptions, players: usize) -> Result<(), String> {
        opts.validate(players)
    }
    fn deal(opts: HotDeathOptions, players: usize, seed: u64) -> Self {
        HotDeathState::deal(opts, players, seed)
    }
    fn new_logged(
        opts: HotDeathOptions,
        players: usize,
        seed: u64,
        log: &mut Vec<Event>,
    ) -> Result<Self, String> {
        HotDeathState::new_logged(opts, players, seed, log)
    }
    fn scenario(text: &str, log: &mut Vec<Event>) -> Result<(Self, u64), String> {
        let sc = HotDeathScenario::from_json(text)?;
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
                penalty: false,
            },
            Event::Punished { seat, cards } => LogFold::PenaltyTotal { seat, cards },
            Event::Reshuffled { .. } => LogFold::Reshuffle,
            Event::Revealed { seat } => LogFold::HandShown { seat, to: None },
            Event::Shown { seat, card } => LogFold::Shown {
                seat,
                card: card.into(),
            },
            _ => return None,
        })
    }
    fn situation(&self, seat: Seat) -> String {
        if matches!(self.to_act(), Some((_, DecisionKind::ChooseNumber))) {
            // The dealer chooses the hand size before any card is dealt: no top card yet.
            return "before the deal".into();
        }
        let out: Vec<String> = (0..self.num_players())
            .filter(|&s| !self.is_active(s))
            .map(|s| s.to_string())
            .collect();
        format!(
            "hand: {}; top {} {}{}",
            hand_codes(&CARDS, self.hand(seat as usize).iter()),
            CARDS[self.top() as usize].code,
            color_name(self.color()),
            if out.is_empty() {
                String::new()
            } else {
                format!("; eliminated: {}", out.join(","))
            }
        )
    }
    fn cards() -> &'static [CardInfo] {
        &CARDS
    }
    fn deck_size() -> usize {
        DECK_SIZE
    }
    fn name_action(a: Action) -> String {
        action_name(a)
    }
}
