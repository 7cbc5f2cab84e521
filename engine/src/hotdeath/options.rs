//! Hot Death options: every choice the seed leaves open (`docs/rules/hot-death.md`).

use super::cards::{deck_counts, NUM_KINDS};
use serde::{Deserialize, Serialize};

pub const MAX_HAND_SIZE: u8 = 15;
pub const MIN_HAND_SIZE: u8 = 5;

/// The default deck's copies per kind.
pub const DEFAULT_COUNTS: [u8; NUM_KINDS] = deck_counts(3, 3, None);

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HotDeathOptions {
    /// The match ends after the hand in which someone reaches this total (lowest total wins);
    /// 0 plays a single hand.
    pub target: i32,
    /// `None`: the dealer chooses 5–15 cards (a decision); `Some(n)` deals `n`.
    pub hand_size: Option<u8>,
    /// Double Skips per colour (each replaces a Skip; 0–6).
    pub double_skips: u8,
    /// Reverse Skips per colour (each replaces a Reverse; 0–6).
    pub reverse_skips: u8,
    /// `None`: the seed's single Spreader (yellow); `Some(n)`: `n` per colour (each replaces a
    /// Draw Two; 0–6).
    pub spreaders_per_color: Option<u8>,
    /// The port's face matching: Skip and Double Skip, Reverse and Reverse Skip, Draw Two and
    /// Spreader match each other.
    pub port_face_matching: bool,
    /// Players decide whether to call UNO; `false`: never needed.
    pub uno_call: bool,
    /// `None`: each other active player decides whether to catch a missed call; `Some(p)`: a
    /// missed call is caught with probability `p` (no decision).
    pub uno_catch_probability: Option<f64>,
    pub uno_penalty: u8,
    /// Decisions after which a game is stopped as truncated.
    pub max_actions: u32,
}

impl Default for HotDeathOptions {
    fn default() -> Self {
        HotDeathOptions {
            target: 1000,
            hand_size: None,
            double_skips: 3,
            reverse_skips: 3,
            spreaders_per_color: None,
            port_face_matching: false,
            uno_call: true,
            uno_catch_probability: None,
            uno_penalty: 2,
            max_actions: 200_000,
        }
    }
}

impl HotDeathOptions {
    /// A single hand (no match).
    pub fn single_hand() -> Self {
        HotDeathOptions {
            target: 0,
            ..Self::default()
        }
    }

    pub fn deck(&self) -> [u8; NUM_KINDS] {
        deck_counts(
            self.double_skips,
            self.reverse_skips,
            self.spreaders_per_color,
        )
    }

    pub fn validate(&self, players: usize) -> Result<(), String> {
        if !(2..=crate::game::MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "Hot Death needs 2 to {} players, got {players}",
                crate::game::MAX_PLAYERS
            ));
        }
        if self.target < 0 {
            return Err(format!(
                "target must be 0 (single hand) or positive, got {}",
                self.target
            ));
        }
        if let Some(h) = self.hand_size {
            if !(MIN_HAND_SIZE..=MAX_HAND_SIZE).contains(&h) {
                return Err(format!(
                    "hand_size must be 5 to 15 (or null: the dealer chooses), got {h}"
                ));
            }
            // 324 cards: 10 players × 15 = 150, always enough.
        }
        if self.double_skips > 6 {
            return Err(format!(
                "double_skips must be 0 to 6 per colour, got {}",
                self.double_skips
            ));
        }
        if self.reverse_skips > 6 {
            return Err(format!(
                "reverse_skips must be 0 to 6 per colour, got {}",
                self.reverse_skips
            ));
        }
        if let Some(s) = self.spreaders_per_color {
            if s > 6 {
                return Err(format!("spreaders_per_color must be 0 to 6, got {s}"));
            }
        }
        if let Some(p) = self.uno_catch_probability {
            if !(0.0..=1.0).contains(&p) {
                return Err(format!("uno_catch_probability must be in [0, 1], got {p}"));
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
) -> Result<HotDeathOptions, String> {
    let base = match preset.map(|p| p.to_ascii_lowercase()) {
        None => HotDeathOptions::default(),
        Some(p) if p == "seed" || p == "original" || p == "match" => HotDeathOptions::default(),
        Some(p) if p == "hand" || p == "single-hand" => HotDeathOptions::single_hand(),
        Some(p) if p == "port" => HotDeathOptions {
            spreaders_per_color: Some(1),
            port_face_matching: true,
            ..HotDeathOptions::default()
        },
        Some(p) => {
            return Err(format!(
                "unknown Hot Death preset '{p}' (known: seed, hand, port)"
            ))
        }
    };
    crate::variant::merge_overrides(base, overrides, "Hot Death")
}
