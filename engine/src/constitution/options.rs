//! The Constitution's options: every choice the seed leaves to the table
//! (`docs/rules/constitution.md` section 19).

use serde::{Deserialize, Serialize};

/// The goal (section 17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// The first player out wins (L74).
    #[default]
    Normal,
    /// Not being the last one still in (L74-L78).
    Elimination,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ConOptions {
    pub mode: Mode,
    /// The dealer's seat; `None`: drawn by lot (C9).
    pub dealer: Option<u8>,
    /// A player who draws at a turn may play the drawn card if it matches (C18).
    pub play_drawn: bool,
    /// Seats may jump in with a near card, and the others may call it (C35).
    pub wrong_jump_ins: bool,
    /// The chance the Gold Coin lands face up.
    pub gold_coin_face_up: f64,
    /// In the Apocalypse the next player may challenge a Wild Draw Four (C70).
    pub apocalypse_challenge: bool,
    /// Normal mode: Communism deals removed players back in (C57).
    pub communism_revives: bool,
    /// Decisions after which a game is cut off (truncated, not a result).
    pub max_decisions: u32,
}

impl Default for ConOptions {
    fn default() -> Self {
        ConOptions {
            mode: Mode::Normal,
            dealer: None,
            play_drawn: false,
            wrong_jump_ins: true,
            gold_coin_face_up: 0.5,
            apocalypse_challenge: true,
            communism_revives: true,
            max_decisions: 50_000,
        }
    }
}

/// Preset names, the default first.
pub const PRESETS: [&str; 3] = ["seed", "elimination", "tidy"];

/// The options of a preset (`None`: the default).
pub fn preset(name: Option<&str>) -> Result<ConOptions, String> {
    let d = ConOptions::default();
    Ok(match name.map(|s| s.to_ascii_lowercase()).as_deref() {
        None | Some("seed") => d,
        Some("elimination") => ConOptions {
            mode: Mode::Elimination,
            ..d
        },
        Some("tidy") => ConOptions {
            wrong_jump_ins: false,
            ..d
        },
        Some(other) => {
            return Err(format!(
                "unknown Constitution preset '{other}' (known: {})",
                PRESETS.join(", ")
            ))
        }
    })
}

impl ConOptions {
    /// Checks the options against a player count (section 19's conflicts).
    pub fn validate(&self, players: usize) -> Result<(), String> {
        if !(2..=crate::game::MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "the Constitution needs 2 to {} players, got {players}",
                crate::game::MAX_PLAYERS
            ));
        }
        if let Some(d) = self.dealer {
            if d as usize >= players {
                return Err(format!(
                    "dealer = {d} is not a seat of a {players}-player table (seats 0 to {})",
                    players - 1
                ));
            }
        }
        if !(0.0..=1.0).contains(&self.gold_coin_face_up) {
            return Err(format!(
                "gold_coin_face_up must lie in [0, 1], got {}",
                self.gold_coin_face_up
            ));
        }
        if self.max_decisions < 100 {
            return Err(format!(
                "max_decisions must be at least 100, got {}",
                self.max_decisions
            ));
        }
        Ok(())
    }
}
