//! Über Uno options: every choice the seed leaves to the table (`docs/rules/uber.md` section 15;
//! seed lines `L..` are the seed file's own line numbers).

use serde::{Deserialize, Serialize};

/// A rule the dealer of each hand may decide (L13-L15), or that the options fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AddOn {
    Off,
    On,
    /// The dealer decides at the start of each hand (a decision).
    Dealer,
}

/// The direction of play of a hand (L23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DirectionRule {
    Dealer,
    Clockwise,
    Counter,
}

/// The Wild Ones' magnitude mode of a hand (section 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModeRule {
    Dealer,
    OldSchool,
    Russian,
    Buddy,
}

/// A hand's magnitude mode once chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    OldSchool,
    Russian,
    Buddy,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::OldSchool, Mode::Russian, Mode::Buddy];
    pub fn name(self) -> &'static str {
        ["old school", "russian", "buddy"][self as usize]
    }
}

/// What a Player Card whose owner is not at the table is (R21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbsentPlayerCards {
    /// In the deck; nobody may play it; it counts its 2 points.
    Dead,
    /// Taken out of the deck.
    Removed,
}

/// Who may play both Player Cards at once (R23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerPair {
    /// A holder of both who owns at least one (default).
    OwnerOfOne,
    /// Only a holder who owns both (never, when the owners differ).
    OwnerOfBoth,
    /// Any holder of both.
    AnyHolder,
}

/// The add-ons a dealer may choose, in the order of `docs/rules/uber.md` section 11 after the
/// two default add-ons; the index is the bit in `HandRules::addons`.
pub const ADDON_NAMES: [&str; 13] = [
    "fast_eddy",
    "go_fish",
    "pinwheel",
    "math",
    "math_derived",
    "mj_minors",
    "jumping_jimmys",
    "macchu_picchu",
    "picchu_macchu",
    "additive",
    "cards_gone_wild",
    "doos",
    "rotate",
];
pub const FAST_EDDY: usize = 0;
pub const GO_FISH: usize = 1;
pub const PINWHEEL: usize = 2;
pub const MATH: usize = 3;
pub const MATH_DERIVED: usize = 4;
pub const MJ_MINORS: usize = 5;
pub const JUMPING_JIMMYS: usize = 6;
pub const MACCHU_PICCHU: usize = 7;
pub const PICCHU_MACCHU: usize = 8;
pub const ADDITIVE: usize = 9;
pub const CARDS_GONE_WILD: usize = 10;
pub const DOOS: usize = 11;
pub const ROTATE: usize = 12;
pub const NUM_ADDONS: usize = ADDON_NAMES.len();

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct UberOptions {
    /// Classic decks (1-2); the new cards are counted on their own (R3).
    pub decks: u8,
    pub joker_count: u8,
    pub uber_count: u8,
    pub change_hands_count: u8,
    /// Seats of the Player Cards' owners (`None`: not at the table; R21).
    pub owner_ashley: Option<u8>,
    pub owner_snowbob: Option<u8>,
    pub absent_player_cards: AbsentPlayerCards,
    pub player_pair: PlayerPair,
    pub direction: DirectionRule,
    /// Cards dealt: the dealer picks in `deal_min..=deal_max` (equal: fixed; R7).
    pub deal_min: u8,
    pub deal_max: u8,
    pub mode: ModeRule,
    pub fast_eddy: AddOn,
    pub go_fish: AddOn,
    pub pinwheel: AddOn,
    pub math: AddOn,
    /// Math's derived functions (the mean), declared by the dealer (L231).
    pub math_derived: AddOn,
    pub math_max_operands: u8,
    pub mj_minors: AddOn,
    pub jumping_jimmys: AddOn,
    pub macchu_picchu: AddOn,
    pub picchu_macchu: AddOn,
    pub additive: AddOn,
    pub cards_gone_wild: AddOn,
    pub doos: AddOn,
    pub rotate: AddOn,
    /// After a draw, the player may draw again until they play or pass (R11).
    pub draw_until_pass: bool,
    /// The chance that the player in turn's deck tap beats a Fast Eddy (R25).
    pub deck_tap_probability: f64,
    /// The chance that a challenger gives card information away (R15).
    pub challenge_leak_probability: f64,
    /// The chance that a Red One's giver shows the card (R32).
    pub red_show_probability: f64,
    /// `None`: the other players decide whether to ask a silent player (the catch window);
    /// `Some(p)`: a silent player is caught with probability `p`.
    pub uno_catch_probability: Option<f64>,
    /// Hands in a day (R47); the loser of the last is the Nappy.
    pub hands_per_day: u16,
    /// Decisions after which a day is stopped as truncated.
    pub max_actions: u32,
}

impl Default for UberOptions {
    fn default() -> Self {
        UberOptions {
            decks: 1,
            joker_count: 1,
            uber_count: 1,
            change_hands_count: 2,
            owner_ashley: Some(0),
            owner_snowbob: Some(1),
            absent_player_cards: AbsentPlayerCards::Dead,
            player_pair: PlayerPair::OwnerOfOne,
            direction: DirectionRule::Dealer,
            deal_min: 5,
            deal_max: 10,
            mode: ModeRule::Dealer,
            fast_eddy: AddOn::On,
            go_fish: AddOn::On,
            pinwheel: AddOn::Dealer,
            math: AddOn::Dealer,
            math_derived: AddOn::Dealer,
            math_max_operands: 3,
            mj_minors: AddOn::Dealer,
            jumping_jimmys: AddOn::Dealer,
            macchu_picchu: AddOn::Dealer,
            picchu_macchu: AddOn::Dealer,
            additive: AddOn::Dealer,
            cards_gone_wild: AddOn::Dealer,
            doos: AddOn::Dealer,
            rotate: AddOn::Dealer,
            draw_until_pass: false,
            deck_tap_probability: 0.5,
            challenge_leak_probability: 0.25,
            red_show_probability: 0.1,
            uno_catch_probability: None,
            hands_per_day: 5,
            max_actions: 100_000,
        }
    }
}

impl UberOptions {
    /// The rule for add-on `i` (an index of `ADDON_NAMES`).
    pub fn addon(&self, i: usize) -> AddOn {
        [
            self.fast_eddy,
            self.go_fish,
            self.pinwheel,
            self.math,
            self.math_derived,
            self.mj_minors,
            self.jumping_jimmys,
            self.macchu_picchu,
            self.picchu_macchu,
            self.additive,
            self.cards_gone_wild,
            self.doos,
            self.rotate,
        ][i]
    }

    /// Every option fixed: clockwise, 7 cards, Old School, the two default add-ons only (the
    /// baseline the per-add-on balance runs compare against).
    pub fn fixed() -> Self {
        UberOptions {
            direction: DirectionRule::Clockwise,
            deal_min: 7,
            deal_max: 7,
            mode: ModeRule::OldSchool,
            pinwheel: AddOn::Off,
            math: AddOn::Off,
            math_derived: AddOn::Off,
            mj_minors: AddOn::Off,
            jumping_jimmys: AddOn::Off,
            macchu_picchu: AddOn::Off,
            picchu_macchu: AddOn::Off,
            additive: AddOn::Off,
            cards_gone_wild: AddOn::Off,
            doos: AddOn::Off,
            rotate: AddOn::Off,
            ..Self::default()
        }
    }

    /// One hand instead of a day.
    pub fn hand() -> Self {
        UberOptions {
            hands_per_day: 1,
            ..Self::default()
        }
    }

    /// Cards in play.
    pub fn deck_size(&self) -> usize {
        self.decks as usize * 108
            + self.joker_count as usize
            + self.uber_count as usize
            + self.change_hands_count as usize
            + 2
    }

    pub fn validate(&self, players: usize) -> Result<(), String> {
        use super::cards::{MAX_DECKS, MAX_SPECIAL_COPIES};
        if !(2..=crate::game::MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "Über Uno needs 2 to {} players, got {players}",
                crate::game::MAX_PLAYERS
            ));
        }
        if !(1..=MAX_DECKS as u8).contains(&self.decks) {
            return Err(format!(
                "decks must be 1 to {MAX_DECKS}, got {}",
                self.decks
            ));
        }
        for (name, v) in [
            ("joker_count", self.joker_count),
            ("uber_count", self.uber_count),
            ("change_hands_count", self.change_hands_count),
        ] {
            if v as usize > MAX_SPECIAL_COPIES {
                return Err(format!("{name} must be 0 to {MAX_SPECIAL_COPIES}, got {v}"));
            }
        }
        // R21: an owner's seat outside the table (`owner_* >= players`) is no error: that owner
        // is not at the table, as `none` (the state reads it so, `UberState::empty`).
        if self.deal_min == 0 || self.deal_min > self.deal_max || self.deal_max > 15 {
            return Err(format!(
                "deal_min and deal_max must satisfy 1 <= deal_min <= deal_max <= 15, got {} \
                 and {}",
                self.deal_min, self.deal_max
            ));
        }
        // R70: the largest deal and the turn card, and 8 cards more, so that at least 9 stay in
        // the draw pile after the deal: more than the Green Ones a turn card can take into the
        // dealer's hand (R10, at most 4), so a card to turn is always left; black turn cards
        // go back (R9), and if only black cards are left one of them stays (`turn_card`).
        let need = players * self.deal_max as usize + 1;
        if need + 8 > self.deck_size() {
            return Err(format!(
                "the deck ({} cards) is too small for {players} players with deal_max = {} \
                 ({need} cards dealt and turned, and 8 left over for the turn card, R70): \
                 lower deal_max or set decks = 2",
                self.deck_size(),
                self.deal_max
            ));
        }
        if !(2..=4).contains(&self.math_max_operands) {
            return Err(format!(
                "math_max_operands must be 2 to 4, got {}",
                self.math_max_operands
            ));
        }
        if self.macchu_picchu == AddOn::On && self.picchu_macchu == AddOn::On {
            return Err(
                "macchu_picchu and picchu_macchu cannot both be on: each redefines the 0's ask \
                 the opposite way (docs/rules/uber.md section 15)"
                    .into(),
            );
        }
        for (name, p) in [
            ("deck_tap_probability", Some(self.deck_tap_probability)),
            (
                "challenge_leak_probability",
                Some(self.challenge_leak_probability),
            ),
            ("red_show_probability", Some(self.red_show_probability)),
            ("uno_catch_probability", self.uno_catch_probability),
        ] {
            if let Some(p) = p {
                if !(0.0..=1.0).contains(&p) {
                    return Err(format!("{name} must be between 0 and 1, got {p}"));
                }
            }
        }
        if self.hands_per_day == 0 {
            return Err("hands_per_day must be at least 1".into());
        }
        if self.max_actions == 0 {
            return Err("max_actions must be at least 1".into());
        }
        Ok(())
    }
}

/// The option presets (`docs/rules/uber.md` section 15); the first is the default.
pub fn preset(name: Option<&str>) -> Result<UberOptions, String> {
    Ok(match name.map(|s| s.to_ascii_lowercase()) {
        None => UberOptions::default(),
        Some(s) => match s.as_str() {
            "seed" => UberOptions::default(),
            "hand" => UberOptions::hand(),
            "fixed" => UberOptions::fixed(),
            "all-addons" => UberOptions {
                mode: ModeRule::Russian,
                direction: DirectionRule::Clockwise,
                deal_min: 7,
                deal_max: 7,
                pinwheel: AddOn::On,
                math: AddOn::On,
                math_derived: AddOn::On,
                mj_minors: AddOn::On,
                jumping_jimmys: AddOn::On,
                macchu_picchu: AddOn::On,
                picchu_macchu: AddOn::Off,
                additive: AddOn::On,
                cards_gone_wild: AddOn::On,
                doos: AddOn::On,
                rotate: AddOn::On,
                ..UberOptions::default()
            },
            other => {
                return Err(format!(
                    "unknown Über Uno preset '{other}' (known: seed, hand, fixed, all-addons)"
                ))
            }
        },
    })
}

/// Options from a preset and a JSON object of overrides (unknown keys rejected).
pub fn options_from(
    name: Option<&str>,
    overrides: Option<&serde_json::Value>,
) -> Result<UberOptions, String> {
    crate::variant::merge_overrides(preset(name)?, overrides, "Über Uno")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_validate_for_every_table() {
        for n in 2..=10 {
            UberOptions::default().validate(n).unwrap();
            UberOptions::fixed().validate(n).unwrap();
            preset(Some("all-addons")).unwrap().validate(n).unwrap();
        }
    }

    #[test]
    fn conflicts_name_both_options() {
        let o = UberOptions {
            macchu_picchu: AddOn::On,
            picchu_macchu: AddOn::On,
            ..UberOptions::default()
        };
        let e = o.validate(4).unwrap_err();
        assert!(
            e.contains("macchu_picchu") && e.contains("picchu_macchu"),
            "{e}"
        );
    }

    #[test]
    fn owners_outside_the_table_are_no_error() {
        // R21: seat 3 at a 3-player table is an owner not at the table, not an error.
        let o = UberOptions {
            owner_snowbob: Some(3),
            ..UberOptions::default()
        };
        o.validate(3).unwrap();
        o.validate(4).unwrap();
    }

    #[test]
    fn addon_order_matches_the_names() {
        let mut o = UberOptions::fixed();
        o.rotate = AddOn::Dealer;
        assert_eq!(o.addon(ROTATE), AddOn::Dealer);
        assert_eq!(ADDON_NAMES[ROTATE], "rotate");
        assert_eq!(ADDON_NAMES[MATH_DERIVED], "math_derived");
    }
}
