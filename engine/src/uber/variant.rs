//! Über Uno as the tools list it: name, presets, documented options, statistics, deal,
//! scenarios and readable names (`crate::variant::Ruleset`).

use super::cards::{is_black, number};
use super::{action_name, Event, UberOptions, UberState, CARDS};
use crate::action::Action;
use crate::cards::CardInfo;
use crate::game::{Game, Seat, StatDoc, StatSummary};
use crate::variant::{
    color_name, hand_codes, LogFold, OptionDoc, PresetInfo, Ruleset, VariantInfo,
};

const ADDON_TYPE: &str = "off / on / dealer";

/// Über Uno's options, in `UberOptions` field order (seed lines `L..` of `docs/rules/uber.md`).
pub const OPTION_DOCS: &[OptionDoc] = &[
    OptionDoc {
        key: "decks",
        ty: "integer 1-2",
        meaning: "classic 108-card decks in the deck (the special cards are not multiplied)",
        source: "R2/R3: the seed gives no deck list (default 1)",
    },
    OptionDoc {
        key: "joker_count",
        ty: "integer 0-4",
        meaning: "Ultimate Jokers in the deck",
        source: "R3: \"the Joker\" is singular throughout (L78-L84)",
    },
    OptionDoc {
        key: "uber_count",
        ty: "integer 0-4",
        meaning: "Über cards in the deck",
        source: "R3: \"the Über\" is singular throughout (L86-L90)",
    },
    OptionDoc {
        key: "change_hands_count",
        ty: "integer 0-4",
        meaning: "Change Hands cards in the deck",
        source: "R3: at least two, or its block (L94-L95) could never happen (default 2)",
    },
    OptionDoc {
        key: "owner_ashley",
        ty: "null or seat",
        meaning: "the seat that owns Ashley Pouty Face (null: the owner is not at the table)",
        source: "L97-L99: \"can only be played by their rightful owners\" (default seat 0)",
    },
    OptionDoc {
        key: "owner_snowbob",
        ty: "null or seat",
        meaning: "the seat that owns Abominable SnowBob (null: the owner is not at the table)",
        source: "L97-L99 (default seat 1)",
    },
    OptionDoc {
        key: "absent_player_cards",
        ty: "dead / removed",
        meaning: "a Player Card whose owner is not at the table: dead (in the deck, never \
                  playable, 2 points) or removed from the deck",
        source: "R21: the seed does not say",
    },
    OptionDoc {
        key: "player_pair",
        ty: "owner_of_one / owner_of_both / any_holder",
        meaning: "who may play both Player Cards at once and go to UNO",
        source: "R23: L100-L101 against \"only by their rightful owners\"",
    },
    OptionDoc {
        key: "direction",
        ty: "dealer / clockwise / counter",
        meaning: "the direction of play: the dealer's decision, or fixed",
        source: "L23: \"determined by the way the dealer deals\" (R8)",
    },
    OptionDoc {
        key: "deal_min",
        ty: "integer 1-15",
        meaning: "fewest cards the dealer may deal (equal to deal_max: fixed)",
        source: "L25: the dealer decides how many cards (R7: 5 to 10 by default)",
    },
    OptionDoc {
        key: "deal_max",
        ty: "integer 1-15",
        meaning: "most cards the dealer may deal",
        source: "L25 (R7)",
    },
    OptionDoc {
        key: "mode",
        ty: "dealer / old_school / russian / buddy",
        meaning: "the Wild Ones' magnitude mode: the dealer's decision per hand, or fixed",
        source: "L13-L15, L128-L129, L195-L216",
    },
    OptionDoc {
        key: "fast_eddy",
        ty: ADDON_TYPE,
        meaning: "play an identical card out of turn (section 7)",
        source: "L104-L113: a default add-on (default on)",
    },
    OptionDoc {
        key: "go_fish",
        ty: ADDON_TYPE,
        meaning: "a 0 asks a player for a card (section 8)",
        source: "L104, L115-L118: a default add-on (default on)",
    },
    OptionDoc {
        key: "pinwheel",
        ty: ADDON_TYPE,
        meaning: "add cards of the same rank to a play (11.1)",
        source: "L220-L224",
    },
    OptionDoc {
        key: "math",
        ty: ADDON_TYPE,
        meaning: "play number cards of one colour whose arithmetic gives the card to match (11.2)",
        source: "L226-L231",
    },
    OptionDoc {
        key: "math_derived",
        ty: ADDON_TYPE,
        meaning: "Math also allows derived functions (the mean), when Math is on",
        source: "L231: \"derived functions ... must be declared by the dealer\"",
    },
    OptionDoc {
        key: "math_max_operands",
        ty: "integer 2-4",
        meaning: "most number cards in one Math play",
        source: "11.2: the seed gives no limit (default 3)",
    },
    OptionDoc {
        key: "mj_minors",
        ty: ADDON_TYPE,
        meaning: "Michael Jackson Minors: any Minor may Fast Eddy a Minor (11.3)",
        source: "L233-L235",
    },
    OptionDoc {
        key: "jumping_jimmys",
        ty: ADDON_TYPE,
        meaning: "Majors and Minors stack on each other (11.4)",
        source: "L237-L238 (R42)",
    },
    OptionDoc {
        key: "macchu_picchu",
        ty: ADDON_TYPE,
        meaning: "a 0 asks everyone; the asker draws for each miss (11.5)",
        source: "L240-L242 (R43)",
    },
    OptionDoc {
        key: "picchu_macchu",
        ty: ADDON_TYPE,
        meaning: "a 0 asks everyone; each player without the card draws (11.6)",
        source: "L244-L245",
    },
    OptionDoc {
        key: "additive",
        ty: ADDON_TYPE,
        meaning: "identical cards add to a Russian or Buddy magnitude (11.7)",
        source: "L247-L250 (R52)",
    },
    OptionDoc {
        key: "cards_gone_wild",
        ty: ADDON_TYPE,
        meaning: "a Wild may be played as any card but the Joker, the Über and the Player \
                  Cards (11.8)",
        source: "L252-L253 (R45)",
    },
    OptionDoc {
        key: "doos",
        ty: ADDON_TYPE,
        meaning: "a player on two cards who cannot play flips the upperdecker (11.9)",
        source: "L255-L265 (R46)",
    },
    OptionDoc {
        key: "rotate",
        ty: ADDON_TYPE,
        meaning: "each Reverse rotates every hand one seat (11.10)",
        source: "L267-L268",
    },
    OptionDoc {
        key: "draw_until_pass",
        ty: "bool",
        meaning: "after a draw the player may draw again, until they play or pass (false: one \
                  draw, then play or pass)",
        source: "R11: L27-L28 \"the option to play a card until they verbally elect to Pass\"",
    },
    OptionDoc {
        key: "deck_tap_probability",
        ty: "0-1",
        meaning: "chance that the runner's deck tap beats a Fast Eddy claim",
        source: "R25: L109-L111, a speed race (ties go to the runner)",
    },
    OptionDoc {
        key: "challenge_leak_probability",
        ty: "0-1",
        meaning: "chance that a challenger gives card information away after a challenge, \
                  which opens the compensation decision",
        source: "R15: L63-L66",
    },
    OptionDoc {
        key: "red_show_probability",
        ty: "0-1",
        meaning: "chance that the Red One's giver shows the card, so the receiver may deny it",
        source: "R32: L134-L135 (a physical show: a chance event)",
    },
    OptionDoc {
        key: "uno_catch_probability",
        ty: "null or 0-1",
        meaning: "null: the other players decide whether to ask a silent player (CatchUno); p: \
                  a silent player is caught with probability p, no decision",
        source: "L37-L38: \"before another player asks\"",
    },
    OptionDoc {
        key: "hands_per_day",
        ty: "integer >= 1",
        meaning: "hands in a day; the loser of the last is the Nappy",
        source: "R47: L57 \"at the end of the day\" gives no length (default 5)",
    },
    OptionDoc {
        key: "max_actions",
        ty: "integer >= 1",
        meaning: "a day is stopped as truncated after this many decisions",
        source: "simulation cap, not a rule",
    },
];

/// The add-on statistics' names, in `ADDON_NAMES` order.
const ADDON_STATS: [&str; super::options::NUM_ADDONS] = [
    "hands_with_fast_eddy",
    "hands_with_go_fish",
    "hands_with_pinwheel",
    "hands_with_math",
    "hands_with_math_derived",
    "hands_with_mj_minors",
    "hands_with_jumping_jimmys",
    "hands_with_macchu_picchu",
    "hands_with_picchu_macchu",
    "hands_with_additive",
    "hands_with_cards_gone_wild",
    "hands_with_doos",
    "hands_with_rotate",
];

const fn per_game(name: &'static str, meaning: &'static str) -> StatDoc {
    StatDoc {
        name,
        meaning,
        summary: StatSummary::PerGame,
    }
}

/// Über Uno's own statistics (`Game::VARIANT_STATS`), filled from `UberStats` by
/// `Game::variant_counters` in this order. A "game" is a day.
pub const STAT_DOCS: &[StatDoc] = &[
    StatDoc {
        name: "hands_lost",
        meaning: "hands the seat lost (held the most points when a player went out)",
        summary: StatSummary::PerSeat,
    },
    StatDoc {
        name: "nappy",
        meaning: "days the seat was the Nappy (lost the day's last hand): the mean is the \
                  Nappy rate",
        summary: StatSummary::PerSeat,
    },
    StatDoc {
        name: "points",
        meaning: "points the seat held at the end of each hand, summed over the day (a day \
                  total below 0, only from lone Jokers, counts as 0)",
        summary: StatSummary::PerSeat,
    },
    per_game("hands", "hands played (the unit of the per-hand means)"),
    StatDoc {
        name: "loser_points",
        meaning: "the loser's points at the end of a hand (the mean is per hand)",
        summary: StatSummary::PerUnit("hands"),
    },
    StatDoc {
        name: "cards_dealt",
        meaning: "cards dealt to each player (the mean is per hand)",
        summary: StatSummary::PerUnit("hands"),
    },
    per_game(
        "lost_on_points",
        "hands whose loser held the most points alone",
    ),
    per_game(
        "lost_on_word_cards",
        "hands decided by the word-card tie-break",
    ),
    per_game(
        "lost_on_tally",
        "hands decided by the number-tally tie-break",
    ),
    per_game("lost_on_draw_off", "hands decided by the draw-off"),
    per_game(
        "exchanges",
        "hand exchanges (Über, Change Hands, Yellow One, upperdecker)",
    ),
    per_game("blocks", "blocks (Joker, Change Hands, 0, Wild One blocks)"),
    per_game("jokers", "draw stacks the Joker moved"),
    per_game(
        "leaks",
        "challenges after which card information was given away",
    ),
    per_game("pairs", "Player Card pairs played"),
    per_game("taps_won", "deck taps that beat a Fast Eddy"),
    per_game(ADDON_STATS[0], "hands Fast Eddy was on"),
    per_game(ADDON_STATS[1], "hands Go Fish was on"),
    per_game(ADDON_STATS[2], "hands Pinwheel was on"),
    per_game(ADDON_STATS[3], "hands Math was on"),
    per_game(ADDON_STATS[4], "hands Math's derived functions were on"),
    per_game(ADDON_STATS[5], "hands Michael Jackson Minors was on"),
    per_game(ADDON_STATS[6], "hands Jumping Jimmy's was on"),
    per_game(ADDON_STATS[7], "hands Macchu Picchu was on"),
    per_game(ADDON_STATS[8], "hands Picchu Macchu was on"),
    per_game(ADDON_STATS[9], "hands Additive was on"),
    per_game(ADDON_STATS[10], "hands Cards gone Wild was on"),
    per_game(ADDON_STATS[11], "hands Doos was on"),
    per_game(ADDON_STATS[12], "hands Rotate was on"),
    per_game("hands_old_school", "hands played at Old School magnitude"),
    per_game("hands_russian", "hands played at Russian magnitude"),
    per_game("hands_buddy", "hands played at Buddy System magnitude"),
];

const _: () = assert!(crate::game::stat_slots(STAT_DOCS) <= crate::game::VARIANT_COUNTERS);

/// Über Uno's seat categories (`Game::SEAT_CATEGORIES`), read on the freshly dealt day.
pub const SEAT_CATEGORIES: &[&str] = &[
    "first dealer",
    "owns Ashley Pouty Face",
    "owns Abominable SnowBob",
];

impl Ruleset for UberState {
    type Options = UberOptions;
    const INFO: VariantInfo = VariantInfo {
        name: "uber",
        aliases: &["uber-uno", "über", "über-uno"],
        title: "Über Uno: one loser per hand and a Nappy of the day; Ultimate Joker, Über, \
                Change Hands, Player Cards, Fast Eddy, Go Fish, the Wild Ones, ten add-ons",
        players: (2, crate::game::MAX_PLAYERS),
        rules_doc: "docs/rules/uber.md",
        source: "the seed ../shared/seeds/002_ab665d748caaf3e9.txt",
        presets: &[
            PresetInfo {
                name: "seed",
                aliases: &["day"],
                about: "the seed's rules: a day of 5 hands, the dealer chooses direction, deal \
                        size, mode and add-ons (the default)",
            },
            PresetInfo {
                name: "hand",
                aliases: &["single"],
                about: "one hand (its loser is the Nappy)",
            },
            PresetInfo {
                name: "fixed",
                aliases: &["plain"],
                about: "every dealer choice fixed: clockwise, 7 cards, Old School, Fast Eddy and \
                        Go Fish only",
            },
            PresetInfo {
                name: "all-addons",
                aliases: &["everything"],
                about: "every compatible add-on on, Russian magnitudes, clockwise, 7 cards",
            },
        ],
        loser_only: true,
    };
    const OPTIONS: &'static [OptionDoc] = OPTION_DOCS;

    fn options_from(
        preset: Option<&str>,
        overrides: Option<&serde_json::Value>,
    ) -> Result<UberOptions, String> {
        // An alias names its preset.
        let preset = preset.map(|p| Self::INFO.preset(p).map_or(p, |i| i.name));
        super::options::options_from(preset, overrides)
    }
    fn validate(opts: &UberOptions, players: usize) -> Result<(), String> {
        opts.validate(players)
    }
    fn deal(opts: UberOptions, players: usize, seed: u64) -> Self {
        UberState::deal(opts, players, seed)
    }
    fn new_logged(
        opts: UberOptions,
        players: usize,
        seed: u64,
        log: &mut Vec<Event>,
    ) -> Result<Self, String> {
        UberState::new_logged(opts, players, seed, log)
    }
    fn scenario(text: &str, _log: &mut Vec<Event>) -> Result<(Self, u64), String> {
        // A scenario sets its position directly: nothing is turned or dealt to log.
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
            Event::Reshuffled { .. } => LogFold::Reshuffle,
            _ => return None,
        })
    }
    fn situation(&self, seat: Seat) -> String {
        let s = seat as usize;
        let top = CARDS[self.top() as usize].code;
        let mut text = format!(
            "hand: {}; top {top} {}; hand {} of the day",
            hand_codes(&CARDS, self.hand(s).iter()),
            color_name(self.color()),
            self.hand_no() + 1,
        );
        let st = self.stack();
        if st.cards > 0 {
            text.push_str(&format!("; draw stack of {}", st.total));
        }
        let sizes: Vec<String> = (0..self.num_players())
            .map(|p| self.hand(p).len().to_string())
            .collect();
        text.push_str(&format!("; hands {}", sizes.join(",")));
        text
    }
    fn cards() -> &'static [CardInfo] {
        &CARDS
    }
    fn deck_size() -> usize {
        UberOptions::default().deck_size()
    }
    fn name_action(a: Action) -> String {
        action_name(a)
    }
}

/// A plain number card: 2 to 9 (a 0 fishes and a 1 is a Wild One).
pub fn is_plain_number(kind: usize) -> bool {
    kind < 64 && !is_black(kind as u8) && matches!(number(kind as u8), Some(2..=9))
}
