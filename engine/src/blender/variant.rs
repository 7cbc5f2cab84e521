//! The Blender as the tools list it: name, presets, documented options, statistics, deal,
//! scenarios and readable names (`crate::variant::Ruleset`).

use super::cards::{table, DECK_SIZE};
use super::{action_name, BlenderOptions, BlenderState, Event};
use crate::action::Action;
use crate::cards::CardInfo;
use crate::game::{Game, Seat, StatDoc, StatSummary};
use crate::variant::{
    color_name, hand_codes, LogFold, OptionDoc, PresetInfo, Ruleset, VariantInfo,
};

/// The options, in `BlenderOptions` field order (`docs/rules/blender.md` section 14).
pub const OPTION_DOCS: &[OptionDoc] = &[
    OptionDoc {
        key: "dealer",
        ty: "null or seat",
        meaning: "the dealer's seat (null: drawn by lot); the player to the dealer's left starts",
        source: "B7: the seed names no dealer",
    },
    OptionDoc {
        key: "hand_size",
        ty: "integer 1-20",
        meaning: "cards dealt to each player",
        source: "L128 (default 7)",
    },
    OptionDoc {
        key: "elimination_at",
        ty: "integer above hand_size, at most 60",
        meaning: "a player holding this many cards at the end of a turn is eliminated",
        source: "L153 (default 25)",
    },
    OptionDoc {
        key: "symbol_families",
        ty: "bool",
        meaning: "Draw 2/4/6/10 match one another as one Draw symbol, Stack 1/2/3/Number as one \
                  Stack symbol",
        source: "B2: fact sheet section 7 q5 (default false: each printed symbol is its own)",
    },
    OptionDoc {
        key: "two_player_reverse_skips",
        ty: "bool",
        meaning: "with two players left a Reverse acts as a Skip",
        source: "B24: fact sheet section 7 q7 (default false: an ordinary reverse)",
    },
    OptionDoc {
        key: "drawn_together_self",
        ty: "bool",
        meaning: "Wild Drawn Together's player may link themselves",
        source: "B27: the author's \"two players\" (default true)",
    },
    OptionDoc {
        key: "point_taken_cap",
        ty: "integer >= 1",
        meaning: "most cards one player draws from a Point Taken",
        source: "9.9: the author's cap (default 5)",
    },
    OptionDoc {
        key: "stack_number_golf",
        ty: "bool",
        meaning: "Wild Stack Number counts the Golf action numbers (10-22) as number cards",
        source: "B30: fact sheet section 7 q6 (default true)",
    },
    OptionDoc {
        key: "gift_on_deal",
        ty: "bool",
        meaning: "Gifts in an opening hand are given away",
        source: "9.21: fact sheet section 3.24 assumption (default false)",
    },
    OptionDoc {
        key: "wrong_jump_ins",
        ty: "bool",
        meaning: "players may jump in with a near card: it is shown, taken back, and costs a card",
        source: "B37: L174 (default false)",
    },
    OptionDoc {
        key: "flex_flip",
        ty: "bool",
        meaning: "one Flex copy of each number 1-8 in each colour carries the Flip modifier",
        source: "section 1.3: fact sheet section 4 (which cards is unknown; default false)",
    },
    OptionDoc {
        key: "teams_swap",
        ty: "bool",
        meaning: "every UNO Teams number card carries the Swap modifier",
        source: "section 1.3: fact sheet section 4 (which cards is unknown; default false)",
    },
    OptionDoc {
        key: "flex_number_colors",
        ty: "bool",
        meaning: "the other Flex copy of each number 1-8 has a flex side in the next colour",
        source: "section 1.3: fact sheet section 5 (which cards is unknown; default false)",
    },
    OptionDoc {
        key: "events_every_card",
        ty: "bool",
        meaning: "every card of a tempo run gets its flex announcement, colour and modifier; \
                  only the action stays with the last card",
        source: "the author's revision (fact sheet section 6; default false: L259)",
    },
    OptionDoc {
        key: "stack_on_shortfall",
        ty: "bool",
        meaning: "a stack is paid only by a player who falls short of the tempo, instead of \
                  the tempo draw; nobody takes it by choice",
        source: "the author's revision (fact sheet section 6; default false: L182)",
    },
    OptionDoc {
        key: "play_after_shortfall",
        ty: "bool",
        meaning: "cards drawn on a shortfall may be played, up to the missing count, before the \
                  tempo resets",
        source: "the author's revision (fact sheet section 6; default false: L161)",
    },
    OptionDoc {
        key: "jumper_meets_tempo",
        ty: "bool",
        meaning: "a player who jumps in keeps playing to meet the tempo (or falls short)",
        source: "the author's revision (fact sheet section 6; default false: L173)",
    },
    OptionDoc {
        key: "max_decisions",
        ty: "integer >= 100",
        meaning: "decisions after which a game is cut off (a truncation, not a result)",
        source: "section 17 (default 20000)",
    },
];

const fn per_game(name: &'static str, meaning: &'static str) -> StatDoc {
    StatDoc {
        name,
        meaning,
        summary: StatSummary::PerGame,
    }
}

/// The Blender's own statistics (section 17), written by `Game::variant_counters` in this
/// order.
pub const STAT_DOCS: &[StatDoc] = &[
    StatDoc {
        name: "eliminated",
        meaning: "games in which the seat was eliminated (25 or more cards at the end of a turn)",
        summary: StatSummary::PerSeat,
    },
    per_game("eliminations", "players eliminated"),
    per_game(
        "won_by_elimination",
        "games won by the last player remaining (everyone else eliminated)",
    ),
    per_game(
        "stacks_taken",
        "stacks drawn (taken, or made to draw by a Super Star)",
    ),
    StatDoc {
        name: "stack_cards",
        meaning: "cards drawn from stacks, per stack taken: the mean stack drawn",
        summary: StatSummary::PerUnit("stacks_taken"),
    },
    StatDoc {
        name: "max_stack",
        meaning: "the largest stack of the game",
        summary: StatSummary::Max,
    },
    StatDoc {
        name: "max_tempo",
        meaning: "the highest tempo of the game",
        summary: StatSummary::Max,
    },
    per_game(
        "shortfalls",
        "turns that fell short of the tempo (draws included)",
    ),
    per_game("flexes", "cards played by their flex side"),
    per_game("mini_piles", "mini-piles started (Wild Pile Up)"),
    per_game("mini_pickups", "mini-piles picked up"),
    per_game("creeper_penalties", "Creeper penalties drawn"),
    per_game("gifts", "Gifts drawn from the deck"),
    per_game("links", "Drawn Together links made"),
    per_game("wrong_jump_ins", "wrong jump-ins (option wrong_jump_ins)"),
    per_game("trades", "hand exchanges (Trade, Force Trade)"),
    per_game("passes", "hands passed round the table (Pass, Pass Hands)"),
];

const _: () = assert!(crate::game::stat_slots(STAT_DOCS) <= crate::game::VARIANT_COUNTERS);

/// Seat categories (`Game::SEAT_CATEGORIES`), read on the freshly dealt game.
pub const SEAT_CATEGORIES: &[&str] = &["dealer", "first to play"];

impl Ruleset for BlenderState {
    type Options = BlenderOptions;
    const INFO: VariantInfo = VariantInfo {
        name: "blender",
        aliases: &["uno-blender"],
        title: "UNO Blender: 720 cards from 14 products, tempo, flexing, modifiers, jump-ins, \
                elimination at 25 cards",
        players: (2, crate::game::MAX_PLAYERS),
        rules_doc: "docs/rules/blender.md",
        source: "the seed ../shared/seeds/004_89f727dd2cfd6f88.txt and the fact sheet \
                 ../shared/rules/blender-cards.md",
        presets: &[
            PresetInfo {
                name: "seed",
                aliases: &["default"],
                about: "the seed's rules with the fact sheet's card defaults (the default)",
            },
            PresetInfo {
                name: "revision",
                aliases: &["author"],
                about: "the author's later revision of the general rules (fact sheet section 6): \
                        events for every card, stacks paid on a shortfall, drawn cards played \
                        after a shortfall, jumpers meet the tempo",
            },
            PresetInfo {
                name: "products",
                aliases: &[],
                about: "the three modifier readings on: Flip and flex colours on Flex numbers, \
                        Swap on Teams numbers",
            },
        ],
        loser_only: false,
    };
    const OPTIONS: &'static [OptionDoc] = OPTION_DOCS;

    fn options_from(
        preset: Option<&str>,
        overrides: Option<&serde_json::Value>,
    ) -> Result<BlenderOptions, String> {
        let preset = preset.map(|p| Self::INFO.preset(p).map_or(p, |i| i.name));
        crate::variant::merge_overrides(super::options::preset(preset)?, overrides, "Blender")
    }
    fn validate(opts: &BlenderOptions, players: usize) -> Result<(), String> {
        opts.validate(players)
    }
    fn deal(opts: BlenderOptions, players: usize, seed: u64) -> Self {
        BlenderState::deal(opts, players, seed)
    }
    fn new_logged(
        opts: BlenderOptions,
        players: usize,
        seed: u64,
        log: &mut Vec<Event>,
    ) -> Result<Self, String> {
        opts.validate(players)?;
        Ok(BlenderState::new_with(opts, players, seed, log))
    }
    fn scenario(text: &str, _log: &mut Vec<Event>) -> Result<(Self, u64), String> {
        super::scenario::from_json(text)
    }
    fn fold(e: &Event) -> Option<LogFold> {
        Some(match *e {
            Event::Deal { seat, card } => LogFold::Dealt { seat, card },
            Event::Drew { seat, card } => LogFold::Drawn {
                seat,
                card,
                penalty: false,
            },
            Event::Penalty { seat, cards } => LogFold::PenaltyTotal { seat, cards },
            Event::Reshuffle => LogFold::Reshuffle,
            _ => return None,
        })
    }
    fn situation(&self, seat: Seat) -> String {
        let t = table();
        let sh = self.shown();
        let mut text = format!(
            "hand: {}; shown {} {}; tempo {}",
            hand_codes(t, self.hand(seat as usize).iter()),
            t[sh.kind as usize].code,
            if sh.color == super::WILD {
                "wild"
            } else {
                color_name(sh.color)
            },
            self.tempo()
        );
        let (stack, _) = self.stack();
        if stack > 0 {
            text.push_str(&format!("; stack {stack}"));
        }
        if let Some((c, len)) = self.mini_pile() {
            text.push_str(&format!("; mini-pile {} ({len})", color_name(c)));
        }
        let sizes: Vec<String> = (0..self.num_players())
            .map(|p| {
                if self.is_alive(p as u8) {
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
