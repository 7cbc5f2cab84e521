//! Blender rule options (`docs/rules/blender.md` section 14): every choice the seed leaves to
//! the table, typed and serde-loadable, defaulting to the most faithful reading.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlenderOptions {
    /// The dealer's seat; `None`: drawn by lot (B7).
    pub dealer: Option<u8>,
    /// Cards dealt to each player (L128: 7).
    pub hand_size: u8,
    /// Hand size at which a player is eliminated at the end of a turn (L153: 25).
    pub elimination_at: u8,
    /// Draw 2/4/6/10 match one another as one Draw symbol, Stack 1/2/3/Number as one Stack
    /// symbol (B2; off: each printed symbol is its own).
    pub symbol_families: bool,
    /// With two players a Reverse acts as a Skip (B24; off: an ordinary reverse).
    pub two_player_reverse_skips: bool,
    /// Wild Drawn Together's player may link themselves (B27).
    pub drawn_together_self: bool,
    /// Most cards one player draws from a Point Taken (the author's 5).
    pub point_taken_cap: u8,
    /// Wild Stack Number counts the Golf action numbers as number cards (B30).
    pub stack_number_golf: bool,
    /// Gifts in an opening hand are given away (9.21, the fact sheet's assumption: no).
    pub gift_on_deal: bool,
    /// Players may jump in with a near card (same colour or face, not both): it is shown,
    /// taken back, and costs one card (B37).
    pub wrong_jump_ins: bool,
    /// One Flex copy of each number 1-8 in each colour carries Flip (section 1.3).
    pub flex_flip: bool,
    /// Every UNO Teams number carries Swap (section 1.3).
    pub teams_swap: bool,
    /// The other Flex copy of each number 1-8 has a flex side in the next colour (section 1.3).
    pub flex_number_colors: bool,
    /// The author's revision (fact sheet section 6): every card of a run gets its flex
    /// announcement, colour and modifier; only the action stays with the last card.
    pub events_every_card: bool,
    /// The author's revision: a stack is paid only by a player who falls short of the tempo
    /// (instead of the tempo draw); nobody takes it by choice.
    pub stack_on_shortfall: bool,
    /// The author's revision: cards drawn on a shortfall may still be played, up to the
    /// missing count, before the tempo resets.
    pub play_after_shortfall: bool,
    /// The author's revision: a jumper keeps playing to meet the tempo (or falls short).
    pub jumper_meets_tempo: bool,
    /// Decisions after which a game is cut off (a truncation, not a result).
    pub max_decisions: u32,
}

impl Default for BlenderOptions {
    fn default() -> Self {
        BlenderOptions {
            dealer: None,
            hand_size: 7,
            elimination_at: 25,
            symbol_families: false,
            two_player_reverse_skips: false,
            drawn_together_self: true,
            point_taken_cap: 5,
            stack_number_golf: true,
            gift_on_deal: false,
            wrong_jump_ins: false,
            flex_flip: false,
            teams_swap: false,
            flex_number_colors: false,
            events_every_card: false,
            stack_on_shortfall: false,
            play_after_shortfall: false,
            jumper_meets_tempo: false,
            max_decisions: 20_000,
        }
    }
}

/// Preset names, the default first.
pub const PRESETS: [&str; 3] = ["seed", "revision", "products"];

/// The options of a preset (`None`: the default).
pub fn preset(name: Option<&str>) -> Result<BlenderOptions, String> {
    let d = BlenderOptions::default();
    Ok(match name.map(|s| s.to_ascii_lowercase()).as_deref() {
        None | Some("seed") => d,
        Some("revision") => BlenderOptions {
            events_every_card: true,
            stack_on_shortfall: true,
            play_after_shortfall: true,
            jumper_meets_tempo: true,
            ..d
        },
        Some("products") => BlenderOptions {
            flex_flip: true,
            teams_swap: true,
            flex_number_colors: true,
            ..d
        },
        Some(other) => {
            return Err(format!(
                "unknown Blender preset '{other}' (known: {})",
                PRESETS.join(", ")
            ))
        }
    })
}

impl BlenderOptions {
    /// Checks the options against a player count; the message names the offending option
    /// (and both options of a conflict).
    pub fn validate(&self, players: usize) -> Result<(), String> {
        if !(2..=crate::game::MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "Blender takes 2-{} players, not {players}",
                crate::game::MAX_PLAYERS
            ));
        }
        if let Some(d) = self.dealer {
            if d as usize >= players {
                return Err(format!(
                    "option 'dealer' is seat {d}, but seats are 0-{}",
                    players - 1
                ));
            }
        }
        if !(1..=20).contains(&self.hand_size) {
            return Err(format!(
                "option 'hand_size' must be 1-20, not {}",
                self.hand_size
            ));
        }
        if self.elimination_at <= self.hand_size || self.elimination_at > 60 {
            return Err(format!(
                "option 'elimination_at' ({}) must be above option 'hand_size' ({}) and at most 60",
                self.elimination_at, self.hand_size
            ));
        }
        if self.point_taken_cap == 0 {
            return Err("option 'point_taken_cap' must be at least 1".into());
        }
        if self.max_decisions < 100 {
            return Err(format!(
                "option 'max_decisions' must be at least 100, not {}",
                self.max_decisions
            ));
        }
        Ok(())
    }
}
