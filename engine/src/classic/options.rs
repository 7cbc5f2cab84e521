//! Classic UNO options: the official rules by default, house rules as switches, and the `rlcard`
//! preset. Loaded with serde (JSON); unknown keys are rejected.

use serde::{Deserialize, Serialize};

/// When a Wild Draw Four may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wd4Rule {
    /// Official: always physically playable, but only *legitimate* without a card of the current
    /// colour; playing it anyway is a bluff the next player may challenge.
    Bluff,
    /// Only playable without a card of the current colour (no bluffing possible).
    Strict,
    /// RLCard 1.2.0: only playable when no other card is playable.
    LastResort,
}

/// What happens to a card drawn on your turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawnCard {
    /// Official: if it is playable you may play it (a decision), else the turn passes.
    MayPlay,
    /// RLCard 1.2.0: a drawn wild is played at once with a random colour and no draw effect; a
    /// drawn card of the current colour is played at once with its effect; otherwise kept.
    RlcardAuto,
}

/// How the first discard is handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstCard {
    /// Official instructions (Draw Two: first player draws 2 and is skipped; Wild: first player
    /// names the colour; Reverse: dealer starts, direction reversed; Skip: first player skipped;
    /// Wild Draw Four: returned to the pile and another card turned).
    Official,
    /// RLCard 1.2.0 (Draw Two: first player draws 2 but still plays; Wild: random colour).
    Rlcard,
}

/// Whether a player who drew may still draw only when nothing is playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawRule {
    /// Official: you may draw instead of playing.
    Always,
    /// Draw only when no card is playable (RLCard 1.2.0).
    OnlyWhenStuck,
}

/// All options of classic UNO. `Default` is the official rule set.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ClassicOptions {
    /// Cards dealt to each player (official: 7).
    pub hand_size: u8,
    /// Play a match of hands until someone's score reaches this (official: 500). 0 = one hand.
    pub match_target: u32,
    /// House rule: a Draw Two may be answered with a Draw Two, passing the sum on.
    pub stack_draw2: bool,
    /// House rule: a Wild Draw Four may be answered with a Wild Draw Four.
    pub stack_draw4: bool,
    /// House rule: a 7 swaps hands with a chosen player, a 0 passes all hands along.
    pub seven_zero: bool,
    /// House rule: anyone holding the identical card may play it out of turn.
    pub jump_in: bool,
    /// House rule: drawing continues until a playable card is drawn.
    pub draw_until_playable: bool,
    /// House rule: a playable drawn card must be played.
    pub forced_play: bool,
    /// Players must call UNO when going down to one card (the call is a decision).
    pub uno_call: bool,
    /// Cards drawn for a caught missed UNO call (official: 2).
    pub uno_penalty: u8,
    /// `None`: the opponents decide whether to catch a missed call (a decision each, in turn
    /// order). `Some(p)`: a chance event, caught with probability `p`.
    pub uno_catch_probability: Option<f64>,
    /// Wild Draw Four may be challenged.
    pub challenge: bool,
    pub wd4_rule: Wd4Rule,
    pub draw_rule: DrawRule,
    pub drawn_card: DrawnCard,
    pub first_card: FirstCard,
    /// With two players, Reverse acts as Skip (official). `false`: it just passes the turn (RLCard).
    pub two_player_reverse_skips: bool,
    /// Truncate a game after this many decisions (all players) without a result.
    pub max_actions: u32,
}

impl Default for ClassicOptions {
    fn default() -> Self {
        ClassicOptions {
            hand_size: 7,
            match_target: 0,
            stack_draw2: false,
            stack_draw4: false,
            seven_zero: false,
            jump_in: false,
            draw_until_playable: false,
            forced_play: false,
            uno_call: true,
            uno_penalty: 2,
            uno_catch_probability: None,
            challenge: true,
            wd4_rule: Wd4Rule::Bluff,
            draw_rule: DrawRule::Always,
            drawn_card: DrawnCard::MayPlay,
            first_card: FirstCard::Official,
            two_player_reverse_skips: true,
            max_actions: 20_000,
        }
    }
}

/// Most cards a deal may hand out (the deck minus the four Wild Draw Fours and one more card).
pub const MAX_DEALT: usize = super::DECK_SIZE - 5;

/// Names of the built-in presets.
pub const PRESETS: [&str; 2] = ["official", "rlcard"];

impl ClassicOptions {
    /// RLCard 1.2.0's simplified rules, for like-for-like comparison with that library.
    pub fn rlcard() -> Self {
        ClassicOptions {
            uno_call: false,
            challenge: false,
            wd4_rule: Wd4Rule::LastResort,
            draw_rule: DrawRule::OnlyWhenStuck,
            drawn_card: DrawnCard::RlcardAuto,
            first_card: FirstCard::Rlcard,
            two_player_reverse_skips: false,
            ..Self::default()
        }
    }

    pub fn preset(name: &str) -> Option<Self> {
        match name {
            "official" | "default" => Some(Self::default()),
            "rlcard" => Some(Self::rlcard()),
            _ => None,
        }
    }

    /// Checks the options against a player count; the message names the offending option.
    pub fn validate(&self, players: usize) -> Result<(), String> {
        if !(2..=10).contains(&players) {
            return Err(format!("classic UNO takes 2 to 10 players, got {players}"));
        }
        if self.hand_size == 0 {
            return Err("hand_size must be at least 1".into());
        }
        // After the deal at least 5 cards must remain, so that a first discard other than a Wild
        // Draw Four (there are 4) can always be turned.
        if players * self.hand_size as usize > MAX_DEALT {
            return Err(format!(
                "hand_size {} with {players} players deals {} cards; at most {MAX_DEALT} of the {} \
                 may be dealt",
                self.hand_size,
                players * self.hand_size as usize,
                super::DECK_SIZE
            ));
        }
        if let Some(p) = self.uno_catch_probability {
            if !(0.0..=1.0).contains(&p) || p.is_nan() {
                return Err(format!(
                    "uno_catch_probability must be between 0 and 1, got {p}"
                ));
            }
        }
        if self.max_actions == 0 {
            return Err("max_actions must be at least 1".into());
        }
        if self.drawn_card == DrawnCard::RlcardAuto && self.draw_until_playable {
            return Err(
                "drawn_card = rlcard_auto cannot be combined with draw_until_playable".into(),
            );
        }
        Ok(())
    }
}
