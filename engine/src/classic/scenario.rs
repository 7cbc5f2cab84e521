//! Scenario notation: an exact classic position written in JSON, loaded through validation
//! (`Scenario` is the unvalidated set-up, `Scenario::build` returns a validated `ClassicState` or
//! an error saying what is wrong). Tests and the CLI's `replay --scenario` use it.
//!
//! ```json
//! {
//!   "players": 3,
//!   "preset": "official",
//!   "options": { "stack_draw2": true },
//!   "seed": 7,
//!   "dealer": 2,
//!   "hands": [["R5", "G+2"], ["W"], ["B1", "B2", "W+4"]],
//!   "discard": ["Y3", "R3"],
//!   "draw_pile": ["R1", "G7"],
//!   "color": "red",
//!   "direction": "clockwise",
//!   "current": 0,
//!   "decision": "play"
//! }
//! ```
//! `discard` lists the pile bottom to top (the last card is the top card). `draw_pile` lists the
//! next cards to be drawn, first drawn first. Every card of the 108-card deck not placed anywhere
//! goes into the draw pile under the listed cards, in an order drawn from `seed`. `decision` is
//! one of `play` (default), `post_draw` (needs `drawn_card`, which must be in the current hand),
//! `respond` (needs `pending_draw` and a Draw Two or Wild Draw Four on top), `choose_color` (a
//! Wild on top) and `call_uno` (`last_player` holds one card).

use super::cards::{color_of, parse_card, CARDS, NUM_KINDS, WILD, WILD_DRAW_FOUR};
use super::event::Event;
use super::options::ClassicOptions;
use super::state::{ClassicState, Phase, NO_COLOR};
use crate::cards::Color;
use crate::game::{EventSink, NoEvents};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub players: usize,
    /// Base option set: `official` (default) or `rlcard`.
    #[serde(default)]
    pub preset: Option<String>,
    /// Option overrides (same keys as an options file).
    #[serde(default)]
    pub options: Option<serde_json::Value>,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub dealer: Option<usize>,
    pub hands: Vec<Vec<String>>,
    /// The discard pile, bottom to top (the last card is the top card). May be empty only with
    /// `first_card`.
    #[serde(default)]
    pub discard: Vec<String>,
    #[serde(default)]
    pub draw_pile: Vec<String>,
    /// Turn this card up as the first discard and apply the first-card rules (as at the end of
    /// a deal): the position after them is the scenario's position.
    #[serde(default)]
    pub first_card: Option<String>,
    /// Where the cards the scenario does not place go: `draw_pile` (default: into the draw pile
    /// under the listed cards, in seeded order) or `discard` (into the discard pile, under the
    /// top card).
    #[serde(default)]
    pub unplaced: Option<String>,
    /// Current colour; required when the top card is a wild.
    #[serde(default)]
    pub color: Option<String>,
    #[serde(default)]
    pub direction: Option<String>,
    #[serde(default)]
    pub current: usize,
    #[serde(default)]
    pub decision: Option<String>,
    #[serde(default)]
    pub drawn_card: Option<String>,
    #[serde(default)]
    pub pending_draw: u8,
    /// Number of draw cards in the pending stack (default 1 when `pending_draw` > 0).
    #[serde(default)]
    pub stack: Option<u8>,
    /// Whether the Wild Draw Four on top was played while holding the then current colour.
    #[serde(default)]
    pub wd4_guilty: bool,
    /// The colour in play when the Wild Draw Four on top was played (default: the colour of the
    /// card under it in `discard`, if that card is coloured).
    #[serde(default)]
    pub wd4_prev_color: Option<String>,
    /// Seat that played the top card (default: the seat before `current`).
    #[serde(default)]
    pub last_player: Option<usize>,
    #[serde(default)]
    pub scores: Vec<i32>,
}

/// Builds a full option set from a preset name and a JSON object of overrides.
pub fn options_from(
    preset: Option<&str>,
    overrides: Option<&serde_json::Value>,
) -> Result<ClassicOptions, String> {
    let base = match preset {
        None => ClassicOptions::default(),
        Some(p) => ClassicOptions::preset(p).ok_or_else(|| {
            format!(
                "unknown preset '{p}' (known: {})",
                super::options::PRESETS.join(", ")
            )
        })?,
    };
    crate::variant::merge_overrides(base, overrides, "classic")
}

fn card(s: &str, where_: &str) -> Result<u8, String> {
    parse_card(s).ok_or_else(|| {
        format!("{where_}: unknown card '{s}' (use codes like R7, GS, BR, Y+2, W, W+4)")
    })
}

impl Scenario {
    pub fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("malformed scenario: {e}"))
    }

    /// Validates the set-up and returns the position it describes.
    pub fn build(&self) -> Result<ClassicState, String> {
        self.build_logged(&mut NoEvents)
    }

    /// As `build`, logging what the first-card rules do (with `first_card`).
    pub fn build_logged(&self, log: &mut dyn EventSink<Event>) -> Result<ClassicState, String> {
        let opts = options_from(self.preset.as_deref(), self.options.as_ref())?;
        let n = self.players;
        opts.validate(n)?;
        if self.hands.len() != n {
            return Err(format!(
                "'hands' has {} entries for {n} players",
                self.hands.len()
            ));
        }
        let to_discard = crate::scenario::parse_unplaced(self.unplaced.as_deref())?;
        let mut used = [0u8; NUM_KINDS];
        let mut take = |k: u8, where_: &str| -> Result<(), String> {
            used[k as usize] += 1;
            if used[k as usize] > CARDS[k as usize].copies {
                return Err(format!(
                    "{where_}: more {} cards than the deck's {}",
                    CARDS[k as usize].code, CARDS[k as usize].copies
                ));
            }
            Ok(())
        };
        let mut st = ClassicState::empty(opts, n as u8, Rng::new(self.seed));
        for (seat, cards) in self.hands.iter().enumerate() {
            for c in cards {
                let k = card(c, &format!("hands[{seat}]"))?;
                take(k, &format!("hands[{seat}]"))?;
                st.hands[seat].add(k as usize);
            }
        }
        if self.first_card.is_some() {
            self.check_first_card_fields()?;
        } else if self.discard.is_empty() {
            return Err("'discard' must hold at least the top card (or give 'first_card')".into());
        }
        let mut discard = Vec::new();
        for c in &self.discard {
            let k = card(c, "discard")?;
            take(k, "discard")?;
            discard.push(k);
        }
        let mut top_cards = Vec::new();
        for c in &self.draw_pile {
            let k = card(c, "draw_pile")?;
            take(k, "draw_pile")?;
            top_cards.push(k);
        }
        let first = match &self.first_card {
            Some(c) => {
                let k = card(c, "first_card")?;
                take(k, "first_card")?;
                Some(k)
            }
            None => None,
        };
        // Unplaced cards go under the listed ones in the draw pile, in seeded random order, or
        // into the discard pile under the listed discards.
        let mut spare = [0u8; NUM_KINDS];
        for (k, info) in CARDS.iter().enumerate() {
            spare[k] = info.copies - used[k];
        }
        if to_discard {
            for (k, &c) in spare.iter().enumerate() {
                st.discard[k] += c;
                st.discard_len += c;
            }
        } else {
            for (k, &c) in spare.iter().enumerate() {
                for _ in 0..c {
                    st.draw.add_shuffled(k as u16);
                }
            }
        }
        for &k in &discard {
            st.discard[k as usize] += 1;
            st.discard_len += 1;
            st.top = k;
        }
        for &k in top_cards.iter().rev() {
            st.draw.push_top_ordered(k as u16);
        }
        if let Some(first) = first {
            // A Wild Draw Four is returned and another card turned: one must be there.
            if first == WILD_DRAW_FOUR
                && !top_cards.iter().any(|&k| k != WILD_DRAW_FOUR)
                && (to_discard
                    || spare
                        .iter()
                        .enumerate()
                        .all(|(k, &c)| c == 0 || k == WILD_DRAW_FOUR as usize))
            {
                return Err("first_card W+4 is returned and another card turned: the draw pile must hold a card other than W+4".into());
            }
            st.draw.push_top_ordered(first as u16);
            st.dealer = match self.dealer {
                Some(d) if d >= n => return Err(format!("dealer {d} is not a seat of {n}")),
                Some(d) => d as u8,
                None => (n - 1) as u8,
            };
            self.set_scores(&mut st)?;
            check_hands(&st, n)?;
            st.turn_first_card(log);
            debug_assert_eq!(st.total_cards(), super::DECK_SIZE);
            return Ok(st);
        }
        st.color = match &self.color {
            Some(c) => {
                let c = Color::parse(c)
                    .ok_or_else(|| format!("unknown colour '{c}' (red, yellow, green, blue)"))?
                    as u8;
                if st.top < 52 && c != color_of(st.top) {
                    return Err(format!(
                        "'color' {} contradicts the coloured top card {}",
                        Color::from_index(c).map(|c| c.name()).unwrap_or("?"),
                        CARDS[st.top as usize].code
                    ));
                }
                c
            }
            None => color_of(st.top),
        };
        let decision = self.decision.as_deref().unwrap_or("play");
        if st.color == NO_COLOR && decision != "choose_color" {
            return Err(format!(
                "the top card {} is wild: give 'color'",
                CARDS[st.top as usize].code
            ));
        }
        st.clockwise = match self.direction.as_deref() {
            None | Some("clockwise") | Some("left") => true,
            Some("counterclockwise") | Some("anticlockwise") | Some("right") => false,
            Some(d) => {
                return Err(format!(
                    "unknown direction '{d}' (clockwise or counterclockwise)"
                ))
            }
        };
        if self.current >= n {
            return Err(format!(
                "current seat {} is not a seat of {n}",
                self.current
            ));
        }
        st.current = self.current as u8;
        st.dealer = match self.dealer {
            Some(d) if d >= n => return Err(format!("dealer {d} is not a seat of {n}")),
            Some(d) => d as u8,
            None => (n - 1) as u8,
        };
        let prev = if st.clockwise {
            (self.current + n - 1) % n
        } else {
            (self.current + 1) % n
        };
        st.last_player = match self.last_player {
            Some(p) if p >= n => return Err(format!("last_player {p} is not a seat of {n}")),
            Some(p) => p as u8,
            None => prev as u8,
        };
        self.set_scores(&mut st)?;
        check_hands(&st, n)?;
        st.phase = match decision {
            "play" => Phase::Play,
            "post_draw" => {
                let c = self
                    .drawn_card
                    .as_deref()
                    .ok_or("decision post_draw needs 'drawn_card'")?;
                let k = card(c, "drawn_card")?;
                if !st.hands[self.current].has(k as usize) {
                    return Err(format!(
                        "drawn_card {c} is not in the hand of current seat {}",
                        self.current
                    ));
                }
                if !st.can_play_now(self.current as u8, k) {
                    return Err(format!(
                        "drawn_card {c} is not playable on {}: the engine only asks about playable drawn cards",
                        CARDS[st.top as usize].code
                    ));
                }
                Phase::PostDraw { card: k }
            }
            "respond" => {
                if self.pending_draw == 0 {
                    return Err("decision respond needs 'pending_draw' > 0".into());
                }
                if st.top != WILD_DRAW_FOUR && super::cards::rank_of(st.top) != 12 {
                    return Err("decision respond needs a Draw Two or Wild Draw Four on top".into());
                }
                let unit = if st.top == WILD_DRAW_FOUR { 4 } else { 2 };
                let stack = self.stack.unwrap_or(1);
                if stack == 0 || self.pending_draw < unit * stack {
                    return Err(format!(
                        "pending_draw {} is less than a stack of {stack} {} card(s) makes",
                        self.pending_draw, CARDS[st.top as usize].code
                    ));
                }
                st.pending = self.pending_draw;
                st.stack_len = stack;
                st.wd4_guilty = self.wd4_guilty;
                if st.top == WILD_DRAW_FOUR {
                    st.wd4_prev_color = match &self.wd4_prev_color {
                        Some(c) => Color::parse(c).ok_or_else(|| {
                            format!("unknown wd4_prev_color '{c}' (red, yellow, green, blue)")
                        })? as u8,
                        None => self
                            .discard
                            .len()
                            .checked_sub(2)
                            .and_then(|i| parse_card(&self.discard[i]))
                            .map(color_of)
                            .unwrap_or(NO_COLOR),
                    };
                }
                Phase::Respond
            }
            "choose_color" => {
                if st.top != WILD {
                    return Err("decision choose_color needs a Wild on top".into());
                }
                st.color = NO_COLOR;
                Phase::ChooseColor
            }
            "call_uno" => {
                if st.hands[st.last_player as usize].len() != 1 {
                    return Err(
                        "decision call_uno needs last_player to hold exactly one card".into(),
                    );
                }
                Phase::CallUno
            }
            d => {
                return Err(format!(
                    "unknown decision '{d}' (play, post_draw, respond, choose_color, call_uno)"
                ))
            }
        };
        debug_assert_eq!(st.total_cards(), super::DECK_SIZE);
        Ok(st)
    }

    fn set_scores(&self, st: &mut ClassicState) -> Result<(), String> {
        let n = self.players;
        if !self.scores.is_empty() {
            if self.scores.len() != n {
                return Err(format!(
                    "'scores' has {} entries for {n} players",
                    self.scores.len()
                ));
            }
            st.scores[..n].copy_from_slice(&self.scores);
        }
        Ok(())
    }

    /// With `first_card`, the first-card rules set the turn, colour, direction and decision.
    fn check_first_card_fields(&self) -> Result<(), String> {
        let set = [
            ("discard", !self.discard.is_empty()),
            ("color", self.color.is_some()),
            ("direction", self.direction.is_some()),
            ("current", self.current != 0),
            ("decision", self.decision.is_some()),
            ("drawn_card", self.drawn_card.is_some()),
            ("pending_draw", self.pending_draw != 0),
            ("stack", self.stack.is_some()),
            ("wd4_guilty", self.wd4_guilty),
            ("wd4_prev_color", self.wd4_prev_color.is_some()),
            ("last_player", self.last_player.is_some()),
        ];
        match set.iter().find(|(_, given)| *given) {
            Some((field, _)) => Err(format!(
                "'{field}' cannot be given with 'first_card': the first-card rules set the turn, colour, direction and decision (the first player is the dealer's left neighbour; set 'dealer')"
            )),
            None => Ok(()),
        }
    }
}

fn check_hands(st: &ClassicState, n: usize) -> Result<(), String> {
    for seat in 0..n {
        if st.hands[seat].is_empty() {
            return Err(format!(
                "hands[{seat}] is empty: a game in progress has no empty hand"
            ));
        }
    }
    Ok(())
}
