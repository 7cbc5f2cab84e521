//! Uno Debt options: every choice the seed leaves to the table (`docs/rules/debt.md`). Seed
//! lines are cited as that document numbers them: S1..S35, the pastebin's own line numbers.

use serde::{Deserialize, Serialize};

/// What a player who already has a discard pile does when unable to play (rule 6's header, S12:
/// "as long as they do not already have a discard pile", against option one's own condition,
/// S13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StuckWithPile {
    /// Option two (the play area) is still open; option one is not (default).
    PlayArea,
    /// Neither option: `done` takes no cards into the pile, but rule 6's one card (S15) still
    /// comes from the pile into the hand, and then the turn ends.
    Pass,
}

/// What attacking the defender does after balancing the debt (rule 4's reward, S8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackRule {
    /// The reward card's effects land on the defender and play resumes from them (default).
    Aim,
    /// As `aim`, and the defender also takes the attacker's buying power in cards from the
    /// melon.
    PowerDraw,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DebtOptions {
    /// Decks in the melon, 1-4 (S2: "Up to 4 decks ... more than 1 deck is preferred").
    pub decks: u8,
    /// Cards dealt to each player (S6: 10).
    pub hand_size: u8,
    /// Where the number line ends: the debt never exceeds this (S2: "0 to at least -25");
    /// `None`: no end.
    pub debt_cap: Option<u8>,
    /// The player who turned the first card plays first (`false`: the player to their left,
    /// as after a UNO deal; S4).
    pub starter_plays_first: bool,
    /// How many cards a buying power of 0 counts for where it is a number of cards to take
    /// (0 or 1; S12, S19, S24, S28). The group limit is at least 1 regardless.
    pub zero_power: u8,
    /// The reward play after balancing may be a group (rule 5 applies to it); `false`: a
    /// single card (S8).
    pub reward_group: bool,
    pub attack: AttackRule,
    pub stuck_with_pile: StuckWithPile,
    /// An empty hand wins even with cards left in one's discard pile (S8).
    pub win_with_pile: bool,
    /// Players must call UNO at one card without a discard pile (rule 8, S19).
    pub uno_call: bool,
    /// `None`: the other players decide whether to call DEBT (a window of decisions);
    /// `Some(p)`: a silent player is caught with probability `p`, no decision.
    pub debt_catch_probability: Option<f64>,
    /// Decisions after which a game is stopped as truncated.
    pub max_actions: u32,
}

impl Default for DebtOptions {
    fn default() -> Self {
        DebtOptions {
            decks: 2,
            hand_size: 10,
            debt_cap: Some(25),
            starter_plays_first: false,
            zero_power: 1,
            reward_group: true,
            attack: AttackRule::Aim,
            stuck_with_pile: StuckWithPile::PlayArea,
            win_with_pile: false,
            uno_call: true,
            debt_catch_probability: None,
            max_actions: 20_000,
        }
    }
}

impl DebtOptions {
    /// The largest debt (`u16::MAX` for no cap).
    #[inline]
    pub fn cap(&self) -> u16 {
        self.debt_cap.map(|c| c as u16).unwrap_or(u16::MAX)
    }

    pub fn validate(&self, players: usize) -> Result<(), String> {
        if !(2..=crate::game::MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "Uno Debt needs 2 to {} players, got {players}",
                crate::game::MAX_PLAYERS
            ));
        }
        if !(1..=super::cards::MAX_DECKS as u8).contains(&self.decks) {
            return Err(format!("decks must be 1 to 4, got {}", self.decks));
        }
        if !(1..=30).contains(&self.hand_size) {
            return Err(format!("hand_size must be 1 to 30, got {}", self.hand_size));
        }
        // Buying-power cards, the hands and the first card must come out of the melon.
        let need = players * (self.hand_size as usize + 1) + 1;
        let have = self.decks as usize * super::cards::DECK_CARDS;
        if need + 8 * self.decks as usize > have {
            return Err(format!(
                "decks = {} ({have} cards) is too few for {players} players with hand_size = {} \
                 ({need} cards dealt, and every special card may need redrawing): add decks or \
                 lower hand_size",
                self.decks, self.hand_size
            ));
        }
        if let Some(c) = self.debt_cap {
            if c == 0 {
                return Err("debt_cap must be at least 1 (or null: no end)".into());
            }
        }
        if self.zero_power > 1 {
            return Err(format!(
                "zero_power must be 0 or 1, got {}",
                self.zero_power
            ));
        }
        if let Some(p) = self.debt_catch_probability {
            if !(0.0..=1.0).contains(&p) {
                return Err(format!("debt_catch_probability must be in [0, 1], got {p}"));
            }
            if !self.uno_call {
                return Err(
                    "debt_catch_probability is set but uno_call = false (no UNO call, so no \
                     DEBT call to catch): unset one of them"
                        .into(),
                );
            }
        }
        if self.max_actions == 0 {
            return Err("max_actions must be at least 1".into());
        }
        Ok(())
    }
}

/// Options from an optional preset name and a JSON object of overrides.
pub fn options_from(
    preset: Option<&str>,
    overrides: Option<&serde_json::Value>,
) -> Result<DebtOptions, String> {
    let base = match preset.map(|p| p.to_ascii_lowercase()) {
        None => DebtOptions::default(),
        Some(p) if p == "seed" || p == "v1.6" => DebtOptions::default(),
        Some(p) if p == "one-deck" || p == "small" => DebtOptions {
            decks: 1,
            ..DebtOptions::default()
        },
        Some(p) if p == "big" || p == "four-decks" => DebtOptions {
            decks: 4,
            debt_cap: None,
            ..DebtOptions::default()
        },
        Some(p) if p == "quiet" || p == "no-calls" => DebtOptions {
            uno_call: false,
            ..DebtOptions::default()
        },
        Some(p) => {
            return Err(format!(
                "unknown Uno Debt preset '{p}' (known: seed, one-deck, big, quiet)"
            ))
        }
    };
    crate::variant::merge_overrides(base, overrides, "Uno Debt")
}
