//! Classic UNO as the tools list it: name, presets, documented options, deal, scenarios and
//! readable names (`crate::variant::Ruleset`).

use super::event::DrawReason;
use super::{action_name, ClassicOptions, ClassicState, Event, Scenario, CARDS, DECK_SIZE};
use crate::action::Action;
use crate::cards::CardInfo;
use crate::game::Seat;
use crate::variant::{
    color_name, hand_codes, LogFold, OptionDoc, PresetInfo, Ruleset, VariantInfo,
};

/// Classic's options, in `ClassicOptions` field order (sections of `docs/rules/classic.md`).
pub const OPTION_DOCS: &[OptionDoc] = &[
    OptionDoc {
        key: "hand_size",
        ty: "integer >= 1",
        meaning: "cards dealt to each player",
        source: "official rules: 7 (2.1)",
    },
    OptionDoc {
        key: "match_target",
        ty: "integer >= 0",
        meaning: "play hands until a score reaches this; 0 = one hand",
        source: "official rules: a match to 500 points (2.13)",
    },
    OptionDoc {
        key: "stack_draw2",
        ty: "bool",
        meaning: "a Draw Two may be answered with a Draw Two, passing the sum on",
        source: "house rule (3.1)",
    },
    OptionDoc {
        key: "stack_draw4",
        ty: "bool",
        meaning: "a Wild Draw Four may be answered with a Wild Draw Four",
        source: "house rule (3.2)",
    },
    OptionDoc {
        key: "seven_zero",
        ty: "bool",
        meaning: "a 7 swaps hands with a chosen player, a 0 passes all hands on",
        source: "house rule (3.3)",
    },
    OptionDoc {
        key: "jump_in",
        ty: "bool",
        meaning: "a player holding the identical card may play it out of turn",
        source: "house rule (3.4)",
    },
    OptionDoc {
        key: "draw_until_playable",
        ty: "bool",
        meaning: "a turn draw continues until a playable card is drawn",
        source: "house rule (3.5)",
    },
    OptionDoc {
        key: "forced_play",
        ty: "bool",
        meaning: "a playable drawn card must be played",
        source: "house rule (3.6)",
    },
    OptionDoc {
        key: "uno_call",
        ty: "bool",
        meaning: "players must call UNO when going down to one card (a CallUno decision)",
        source: "official rules (2.11); off in RLCard",
    },
    OptionDoc {
        key: "uno_penalty",
        ty: "integer 0-255",
        meaning: "cards drawn when caught not calling UNO",
        source: "official rules: 2 (2.11)",
    },
    OptionDoc {
        key: "uno_catch_probability",
        ty: "null or 0-1",
        meaning: "null: the opponents decide whether to catch (CatchUno); p: a missed call is \
                  caught with probability p, no decision",
        source: "the catch is a race at the table (2.11): a decision by default, chance here",
    },
    OptionDoc {
        key: "challenge",
        ty: "bool",
        meaning: "a lone Wild Draw Four may be challenged",
        source: "official rules (2.8); off in RLCard",
    },
    OptionDoc {
        key: "wd4_rule",
        ty: "bluff / strict / last_resort",
        meaning: "when a Wild Draw Four may be played: always (a bluff may be challenged), only \
                  without a card of the colour, or only when nothing else is playable",
        source: "official rules: bluff (2.8); last_resort is RLCard's",
    },
    OptionDoc {
        key: "draw_rule",
        ty: "always / only_when_stuck",
        meaning: "whether a player may draw while holding a playable card",
        source: "official rules: always (2.9); only_when_stuck is RLCard's",
    },
    OptionDoc {
        key: "drawn_card",
        ty: "may_play / rlcard_auto",
        meaning: "what happens to a card drawn on one's turn",
        source: "official rules: may_play (2.9); rlcard_auto is RLCard's (section 4)",
    },
    OptionDoc {
        key: "first_card",
        ty: "official / rlcard",
        meaning: "how the first discard's action is handled",
        source: "official rules (2.2); rlcard is RLCard's",
    },
    OptionDoc {
        key: "two_player_reverse_skips",
        ty: "bool",
        meaning: "with two players a Reverse acts as a Skip",
        source: "official rules (2.5); off in RLCard",
    },
    OptionDoc {
        key: "max_actions",
        ty: "integer >= 1",
        meaning: "a game is stopped as truncated after this many decisions (no result)",
        source: "simulation cap, not a rule (2.15)",
    },
];

impl Ruleset for ClassicState {
    type Options = ClassicOptions;
    const INFO: VariantInfo = VariantInfo {
        name: "classic",
        aliases: &["uno"],
        title: "Classic UNO: the official Mattel rules, house-rule switches, RLCard's rules",
        players: (2, 10),
        rules_doc: "docs/rules/classic.md",
        source: "the official UNO instructions (Mattel)",
        presets: &[
            PresetInfo {
                name: "official",
                aliases: &["default"],
                about: "the official rules (the default)",
            },
            PresetInfo {
                name: "rlcard",
                aliases: &[],
                about: "RLCard 1.2.0's simplified rules, for like-for-like comparison",
            },
        ],
        loser_only: false,
    };
    const OPTIONS: &'static [OptionDoc] = OPTION_DOCS;

    fn options_from(
        preset: Option<&str>,
        overrides: Option<&serde_json::Value>,
    ) -> Result<ClassicOptions, String> {
        super::scenario::options_from(preset, overrides)
    }
    fn validate(opts: &ClassicOptions, players: usize) -> Result<(), String> {
        opts.validate(players)
    }
    fn deal(opts: ClassicOptions, players: usize, seed: u64) -> Self {
        ClassicState::deal(opts, players, seed)
    }
    fn new_logged(
        opts: ClassicOptions,
        players: usize,
        seed: u64,
        log: &mut Vec<Event>,
    ) -> Result<Self, String> {
        ClassicState::new_logged(opts, players, seed, log)
    }
    fn scenario(text: &str, log: &mut Vec<Event>) -> Result<(Self, u64), String> {
        let sc = Scenario::from_json(text)?;
        Ok((sc.build_logged(log)?, sc.seed))
    }
    fn fold(e: &Event) -> Option<LogFold> {
        Some(match *e {
            Event::Deal { seat, card } => LogFold::Dealt {
                seat,
                card: card.into(),
            },
            Event::Draw { seat, card, reason } => LogFold::Drawn {
                seat,
                card: card.into(),
                penalty: reason == DrawReason::Penalty,
            },
            Event::Reshuffle { .. } => LogFold::Reshuffle,
            Event::HandShown { seat, to } => LogFold::HandShown { seat, to: Some(to) },
            Event::Shown { seat, card } => LogFold::Shown {
                seat,
                card: card.into(),
            },
            _ => return None,
        })
    }
    fn situation(&self, seat: Seat) -> String {
        format!(
            "hand: {}; top {} {}",
            hand_codes(&CARDS, self.hand(seat as usize).iter()),
            CARDS[self.top() as usize].code,
            color_name(self.color())
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
