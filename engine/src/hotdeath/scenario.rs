//! Scenario notation for Hot Death: an exact position in JSON, loaded through validation.
//!
//! ```json
//! {
//!   "players": 4,
//!   "options": { "target": 0 },
//!   "seed": 7,
//!   "dealer": 3,
//!   "hands": [["R5", "HD"], ["W+4", "FUCK"], ["B1"], ["G2", "G3"]],
//!   "discard": ["Y3", "R3"],
//!   "draw_pile": ["R1", "G7"],
//!   "color": "red",
//!   "direction": "clockwise",
//!   "current": 0,
//!   "eliminated": [2],
//!   "attack": { "kind": "draw", "cards": 8, "victim": 1, "inflicter": 0, "stackable": true },
//!   "scores": [0, 0, 0, 0],
//!   "infections": [0, 1, 0, 0]
//! }
//! ```
//! `discard` lists the pile bottom to top (the last card is the top card); `draw_pile` lists the
//! next cards to be drawn, first drawn first; every card of the 324-card deck not placed
//! anywhere goes under them in an order drawn from `seed`. With an `attack`, its victim decides
//! (`respond`); otherwise `current` plays (`decision` may also be `post_draw` with `drawn_card`,
//! `target` with `target_card` (GLAS or MAD) chosen by `current`, or `call_uno` for `current`
//! holding one card, whose last play `deferred_card` waits). Card codes: `uno rules -v hot-death`.

use super::cards::*;
use super::event::Event;
use super::options::options_from;
use super::state::{Attack, AttackKind, Deferred, HotDeathState, Phase};
use crate::cards::Color;
use crate::game::{EventSink, NoEvents};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioAttack {
    /// `draw`, `quitter` or `glasnost`.
    pub kind: String,
    #[serde(default)]
    pub cards: u16,
    pub victim: usize,
    #[serde(default)]
    pub inflicter: Option<usize>,
    /// Draw-Four types may still be stacked (no defence played yet). Default true for `draw`.
    #[serde(default)]
    pub stackable: Option<bool>,
    /// Who played the Quitter / Glasnost (default: the inflicter).
    #[serde(default)]
    pub origin: Option<usize>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HotDeathScenario {
    pub players: usize,
    #[serde(default)]
    pub preset: Option<String>,
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
    #[serde(default)]
    pub color: Option<String>,
    #[serde(default)]
    pub direction: Option<String>,
    #[serde(default)]
    pub current: usize,
    #[serde(default)]
    pub eliminated: Vec<usize>,
    #[serde(default)]
    pub attack: Option<ScenarioAttack>,
    #[serde(default)]
    pub decision: Option<String>,
    #[serde(default)]
    pub drawn_card: Option<String>,
    #[serde(default)]
    pub target_card: Option<String>,
    #[serde(default)]
    pub deferred_card: Option<String>,
    #[serde(default)]
    pub scores: Vec<i32>,
    #[serde(default)]
    pub infections: Vec<u8>,
}

fn card(s: &str, where_: &str) -> Result<u8, String> {
    parse_card(s).ok_or_else(|| {
        format!("{where_}: unknown card '{s}' (codes: `uno rules -v hot-death`, e.g. R7, GSS, BRS, Y+2, YSP, HOLY, W+4, HD)")
    })
}

impl HotDeathScenario {
    pub fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("malformed scenario: {e}"))
    }

    /// Validates the set-up and returns the position it describes.
    pub fn build(&self) -> Result<HotDeathState, String> {
        self.build_logged(&mut NoEvents)
    }

    /// As `build`, logging what the first-card rules do (with `first_card`).
    pub fn build_logged(&self, log: &mut dyn EventSink<Event>) -> Result<HotDeathState, String> {
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
        let mut st = HotDeathState::empty(opts, n as u8, Rng::new(self.seed));
        let deck = st.deck;
        let mut used = [0u8; NUM_KINDS];
        let mut take = |k: u8, where_: &str| -> Result<(), String> {
            used[k as usize] += 1;
            if used[k as usize] > deck[k as usize] {
                return Err(format!(
                    "{where_}: more {} cards than the deck's {}",
                    CARDS[k as usize].code, deck[k as usize]
                ));
            }
            Ok(())
        };
        for (seat, cards) in self.hands.iter().enumerate() {
            for c in cards {
                let k = card(c, &format!("hands[{seat}]"))?;
                take(k, &format!("hands[{seat}]"))?;
                st.hands[seat].add(k as usize);
            }
            st.active[seat] = true;
            st.n_active += 1;
        }
        st.relink();
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
        for (k, &c) in deck.iter().enumerate() {
            let spare = c - used[k];
            if to_discard {
                st.discard[k] += spare;
                st.discard_len += spare as u16;
            } else {
                for _ in 0..spare {
                    st.draw.add_shuffled(k as u16);
                }
            }
        }
        // The last discard listed is the top card (set with the colour below, by `set_top`).
        let mut top = 0;
        for &k in &discard {
            st.discard[k as usize] += 1;
            st.discard_len += 1;
            top = k;
        }
        for &k in top_cards.iter().rev() {
            st.draw.push_top_ordered(k as u16);
        }
        if let Some(first) = first {
            st.draw.push_top_ordered(first as u16);
            st.dealer = match self.dealer {
                Some(d) if d >= n => return Err(format!("dealer {d} is not a seat of {n}")),
                Some(d) => d as u8,
                None => (n - 1) as u8,
            };
            self.set_match(&mut st)?;
            check_hands(&st, n)?;
            st.turn_first_card(log);
            return Ok(st);
        }
        let color = match &self.color {
            Some(c) => {
                let c = Color::parse(c)
                    .ok_or_else(|| format!("unknown colour '{c}' (red, yellow, green, blue)"))?
                    as u8;
                if color_of(top) != BLACK && c != color_of(top) {
                    return Err(format!(
                        "'color' contradicts the coloured top card {}",
                        CARDS[top as usize].code
                    ));
                }
                c
            }
            None if color_of(top) == BLACK => {
                return Err(format!(
                    "the top card {} is black: give 'color'",
                    CARDS[top as usize].code
                ))
            }
            None => color_of(top),
        };
        st.set_top(top, color);
        st.clockwise = match self.direction.as_deref() {
            None | Some("clockwise") | Some("left") => true,
            Some("counterclockwise") | Some("anticlockwise") | Some("right") => false,
            Some(d) => {
                return Err(format!(
                    "unknown direction '{d}' (clockwise or counterclockwise)"
                ))
            }
        };
        let seat = |s: usize, what: &str| -> Result<u8, String> {
            if s >= n {
                Err(format!("{what} {s} is not a seat of {n}"))
            } else {
                Ok(s as u8)
            }
        };
        st.current = seat(self.current, "current")?;
        st.dealer = match self.dealer {
            Some(d) => seat(d, "dealer")?,
            None => (n - 1) as u8,
        };
        for &e in &self.eliminated {
            let e = seat(e, "eliminated seat")?;
            st.deactivate(e);
        }
        if st.active_count() < 2 {
            return Err("at least two players must be active".into());
        }
        self.set_match(&mut st)?;
        check_hands(&st, n)?;
        if let Some(a) = &self.attack {
            let kind = match a.kind.as_str() {
                "draw" => AttackKind::Draw,
                "quitter" => AttackKind::Quitter,
                "glasnost" => AttackKind::Glasnost,
                k => {
                    return Err(format!(
                        "unknown attack kind '{k}' (draw, quitter, glasnost)"
                    ))
                }
            };
            let victim = seat(a.victim, "attack victim")?;
            if !st.active[victim as usize] {
                return Err(format!("attack victim {victim} is eliminated"));
            }
            let inflicter = match a.inflicter {
                Some(i) => Some(seat(i, "attack inflicter")?),
                None => None,
            };
            let origin = match a.origin {
                Some(o) => Some(seat(o, "attack origin")?),
                None => inflicter,
            };
            if kind == AttackKind::Draw && a.cards == 0 {
                return Err("a draw attack needs 'cards' > 0".into());
            }
            st.attack = Some(Attack {
                kind,
                cards: a.cards,
                inflicter,
                victim,
                stackable: a.stackable.unwrap_or(kind == AttackKind::Draw),
                origin,
            });
            st.phase = Phase::Respond;
            if let Some(d) = &self.decision {
                if d != "respond" {
                    return Err(format!(
                        "an attack is pending: the decision is 'respond', not '{d}'"
                    ));
                }
            }
            return Ok(st);
        }
        st.phase = match self.decision.as_deref().unwrap_or("play") {
            "play" => Phase::Play,
            "post_draw" => {
                let c = self.drawn_card.as_deref().ok_or("decision post_draw needs 'drawn_card'")?;
                let k = card(c, "drawn_card")?;
                if !st.hands[self.current].has(k as usize) {
                    return Err(format!("drawn_card {c} is not in the hand of seat {}", self.current));
                }
                Phase::PostDraw { card: k }
            }
            "target" => {
                let c = self.target_card.as_deref().ok_or("decision target needs 'target_card' (GLAS or MAD)")?;
                let k = card(c, "target_card")?;
                if k != GLASNOST && k != MAD {
                    return Err(format!("target_card must be GLAS or MAD, got {c}"));
                }
                Phase::Target {
                    card: k,
                    chooser: st.current,
                    by: Some(st.current),
                }
            }
            "call_uno" => {
                let c = self.deferred_card.as_deref().ok_or("decision call_uno needs 'deferred_card' (the card just played)")?;
                let k = card(c, "deferred_card")?;
                if st.hands[self.current].len() != 1 {
                    return Err("decision call_uno: the current seat must hold exactly one card".into());
                }
                if k != st.top {
                    return Err("deferred_card must be the top card (the card just played)".into());
                }
                let under = self.discard.len().checked_sub(2).map(|i| card(&self.discard[i], "discard")).transpose()?;
                st.uno_seat = st.current;
                st.deferred = Some(Deferred {
                    card: k,
                    seat: st.current,
                    underneath: under.unwrap_or(k),
                    in_response: false,
                });
                Phase::CallUno
            }
            d => return Err(format!("unknown decision '{d}' (play, post_draw, target, call_uno; respond needs 'attack')")),
        };
        Ok(st)
    }

    /// Match scores and infections.
    fn set_match(&self, st: &mut HotDeathState) -> Result<(), String> {
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
        if !self.infections.is_empty() {
            if self.infections.len() != n {
                return Err(format!(
                    "'infections' has {} entries for {n} players",
                    self.infections.len()
                ));
            }
            st.infections[..n].copy_from_slice(&self.infections);
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
            ("eliminated", !self.eliminated.is_empty()),
            ("attack", self.attack.is_some()),
            ("decision", self.decision.is_some()),
            ("drawn_card", self.drawn_card.is_some()),
            ("target_card", self.target_card.is_some()),
            ("deferred_card", self.deferred_card.is_some()),
        ];
        match set.iter().find(|(_, given)| *given) {
            Some((field, _)) => Err(format!(
                "'{field}' cannot be given with 'first_card': the first-card rules set the turn, colour, direction and decision (the dealer acts first; set 'dealer')"
            )),
            None => Ok(()),
        }
    }
}

fn check_hands(st: &HotDeathState, n: usize) -> Result<(), String> {
    for s in 0..n {
        if st.active[s] && st.hands[s].is_empty() {
            return Err(format!(
                "hands[{s}] is empty: an active player in a hand in progress holds cards"
            ));
        }
    }
    Ok(())
}
