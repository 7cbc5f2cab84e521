//! Scenario notation for Uno Debt: an exact position in JSON, loaded through validation.
//!
//! ```json
//! {
//!   "players": 3,
//!   "options": { "decks": 2 },
//!   "seed": 7,
//!   "buying_power": ["B4", "R7", "G2"],
//!   "hands": [["B3", "B3", "B1", "B9", "R6"], ["W", "G5"], ["Y2"]],
//!   "piles": [[], ["R1", "G8"], []],
//!   "known_piles": [[], ["R1"], []],
//!   "play_area": ["Y6", "W:blue", "B6"],
//!   "debt": 3,
//!   "melon": ["R2", "G7"],
//!   "current": 0,
//!   "last_player": 2,
//!   "direction": "clockwise"
//! }
//! ```
//! `play_area` lists the cards bottom to top (a wild as `W:colour` or `W+4:colour`, the colour
//! it named; a bare `W` names none); `debt` defaults to the top card's number (0 for a special
//! card), `color` to the top card's colour. `melon` lists the next cards to be drawn, first
//! drawn first; every card not placed anywhere goes under them in an order drawn from `seed`
//! (`unplaced: "discard"` puts them in the play area under its top card instead).
//! `known_piles` / `known_hands`: the cards of each pile / hand everyone knows (they came from
//! the play area), a part of `piles` / `hands`. `first_card` instead of `play_area` turns that
//! card up as at the start. `decision`: `turn` (default: the beginning of `current`'s turn, as
//! the engine begins it), `play` (straight to the play, no special move), `reward` (the reward
//! play after balancing; the play area must be empty), `call_uno` (`current` just ended a turn
//! with one card; `next` plays after) or `debt_window` (`asker` decides whether to call DEBT on
//! `current`; `uno_called` says whether they called UNO). Card codes: `uno rules -v debt`.

use super::cards::*;
use super::event::Event;
use super::options::options_from;
use super::state::{DebtState, Phase, NO_COLOR};
use crate::cards::Color;
use crate::game::EventSink;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DebtScenario {
    pub players: usize,
    #[serde(default)]
    pub preset: Option<String>,
    #[serde(default)]
    pub options: Option<serde_json::Value>,
    #[serde(default)]
    pub seed: u64,
    /// One number card per seat.
    pub buying_power: Vec<String>,
    pub hands: Vec<Vec<String>>,
    #[serde(default)]
    pub piles: Vec<Vec<String>>,
    #[serde(default)]
    pub known_piles: Vec<Vec<String>>,
    #[serde(default)]
    pub known_hands: Vec<Vec<String>>,
    #[serde(default)]
    pub play_area: Vec<String>,
    #[serde(default)]
    pub first_card: Option<String>,
    #[serde(default)]
    pub melon: Vec<String>,
    #[serde(default)]
    pub unplaced: Option<String>,
    #[serde(default)]
    pub debt: Option<u16>,
    #[serde(default)]
    pub color: Option<String>,
    #[serde(default)]
    pub direction: Option<String>,
    #[serde(default)]
    pub current: usize,
    #[serde(default)]
    pub last_player: Option<usize>,
    #[serde(default)]
    pub decision: Option<String>,
    #[serde(default)]
    pub next: Option<usize>,
    #[serde(default)]
    pub asker: Option<usize>,
    #[serde(default)]
    pub uno_called: bool,
}

fn card(s: &str, where_: &str) -> Result<u8, String> {
    parse_card(s).ok_or_else(|| {
        format!("{where_}: unknown card '{s}' (codes: `uno rules -v debt`, e.g. R7, GS, BR, Y+2, W, W+4)")
    })
}

fn seat_field(v: usize, n: usize, what: &str) -> Result<u8, String> {
    if v >= n {
        Err(format!(
            "'{what}' is seat {v}, but there are {n} players (0-{})",
            n - 1
        ))
    } else {
        Ok(v as u8)
    }
}

impl DebtScenario {
    pub fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("malformed scenario: {e}"))
    }

    /// Validates the set-up and returns the position it describes.
    pub fn build(&self) -> Result<DebtState, String> {
        self.build_logged(&mut crate::NoEvents)
    }

    /// As `build`, logging what turning up `first_card` does.
    pub fn build_logged(&self, log: &mut impl EventSink<Event>) -> Result<DebtState, String> {
        let opts = options_from(self.preset.as_deref(), self.options.as_ref())?;
        let n = self.players;
        opts.validate(n)?;
        let per_seat = |v: &Vec<Vec<String>>, what: &str| -> Result<(), String> {
            if !v.is_empty() && v.len() != n {
                return Err(format!("'{what}' has {} entries for {n} players", v.len()));
            }
            Ok(())
        };
        if self.hands.len() != n {
            return Err(format!(
                "'hands' has {} entries for {n} players",
                self.hands.len()
            ));
        }
        per_seat(&self.piles, "piles")?;
        per_seat(&self.known_piles, "known_piles")?;
        per_seat(&self.known_hands, "known_hands")?;
        if self.buying_power.len() != n {
            return Err(format!(
                "'buying_power' has {} entries for {n} players",
                self.buying_power.len()
            ));
        }
        let to_area = crate::scenario::parse_unplaced(self.unplaced.as_deref())?;
        let mut st = DebtState::empty(opts, n, self.seed);
        let deck = st.deck;
        let mut used = [0u8; NUM_KINDS];
        let mut take = |k: u8, where_: &str| -> Result<(), String> {
            used[k as usize] += 1;
            if used[k as usize] > deck[k as usize] {
                return Err(format!(
                    "{where_}: more {} cards than the melon's {} ({} decks)",
                    CARDS[k as usize].code, deck[k as usize], opts.decks
                ));
            }
            Ok(())
        };
        for (seat, c) in self.buying_power.iter().enumerate() {
            let k = card(c, &format!("buying_power[{seat}]"))?;
            if is_special(k) {
                return Err(format!(
                    "buying_power[{seat}]: {c} is a special card; a buying power is a number card"
                ));
            }
            take(k, &format!("buying_power[{seat}]"))?;
            st.set_buying_power(seat as u8, k);
        }
        for (seat, cards) in self.hands.iter().enumerate() {
            for c in cards {
                let k = card(c, &format!("hands[{seat}]"))?;
                take(k, &format!("hands[{seat}]"))?;
                st.hands[seat].add(k as usize);
            }
        }
        for (seat, cards) in self.piles.iter().enumerate() {
            for c in cards {
                let k = card(c, &format!("piles[{seat}]"))?;
                take(k, &format!("piles[{seat}]"))?;
                st.piles[seat].add(k as usize);
                st.own_pile[seat][k as usize] += 1;
            }
            st.sync_pile(seat as u8);
        }
        let subset = |known: &Vec<Vec<String>>,
                      what: &str,
                      of: &dyn Fn(usize, usize) -> u8,
                      out: &mut [[u8; NUM_KINDS]; crate::game::MAX_PLAYERS]|
         -> Result<(), String> {
            for (seat, cards) in known.iter().enumerate() {
                for c in cards {
                    let k = card(c, &format!("{what}[{seat}]"))? as usize;
                    out[seat][k] += 1;
                    if out[seat][k] > of(seat, k) {
                        return Err(format!(
                            "{what}[{seat}]: {c} is listed more often than seat {seat} holds it"
                        ));
                    }
                }
            }
            Ok(())
        };
        let piles = st.piles;
        let hands = st.hands;
        subset(
            &self.known_piles,
            "known_piles",
            &|s, k| piles[s].count(k),
            &mut st.known_pile,
        )?;
        subset(
            &self.known_hands,
            "known_hands",
            &|s, k| hands[s].count(k),
            &mut st.known_hand,
        )?;
        if self.first_card.is_some() && !self.play_area.is_empty() {
            return Err("give either 'play_area' or 'first_card', not both".into());
        }
        let mut area = Vec::new();
        for c in &self.play_area {
            let (code, named) = match c.split_once(':') {
                Some((a, b)) => (a, Some(b)),
                None => (c.as_str(), None),
            };
            let k = card(code, "play_area")?;
            take(k, "play_area")?;
            let color = match named {
                Some(name) => {
                    if !is_wild(k) {
                        return Err(format!("play_area: {c}: only a wild card names a colour"));
                    }
                    Color::parse(name)
                        .ok_or_else(|| format!("play_area: {c}: unknown colour '{name}'"))?
                        as u8
                }
                None if is_wild(k) => NO_COLOR,
                None => color_of(k),
            };
            area.push((k, color));
        }
        let mut top_cards = Vec::new();
        for c in &self.melon {
            let k = card(c, "melon")?;
            take(k, "melon")?;
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
        // Unplaced cards: under the listed melon cards in seeded order, or under the top card.
        let mut spare_area = Vec::new();
        for (k, &c) in deck.iter().enumerate() {
            for _ in used[k]..c {
                if to_area {
                    spare_area.push(k as u8);
                } else {
                    st.melon.add_shuffled(k as u16);
                }
            }
        }
        for &k in top_cards.iter().rev() {
            st.melon.push_top_ordered(k as u16);
        }
        if to_area {
            if area.is_empty() {
                return Err("unplaced = \"discard\" needs a play area with a top card".into());
            }
            let top = area.pop().expect("non-empty");
            for k in spare_area {
                let color = if is_wild(k) { NO_COLOR } else { color_of(k) };
                area.push((k, color));
            }
            area.push(top);
        }
        for &(k, c) in &area {
            st.area[st.area_len as usize] = k as u16 | (c as u16) << 8;
            st.area_len += 1;
        }
        if let Some(d) = &self.direction {
            st.clockwise = match d.as_str() {
                "clockwise" => true,
                "counterclockwise" | "anticlockwise" => false,
                other => {
                    return Err(format!(
                        "unknown direction '{other}' (clockwise or counterclockwise)"
                    ))
                }
            };
        }
        let current = seat_field(self.current, n, "current")?;
        st.current = current;
        st.last_player = match self.last_player {
            Some(p) => seat_field(p, n, "last_player")?,
            None => current,
        };
        st.starter = st.last_player;
        if let Some(k) = first {
            st.place_first_card(k, log);
        } else if let Some((k, c)) = st.area_top() {
            st.color = c;
            st.debt = number(k).unwrap_or(0) as u16;
        }
        if let Some(c) = &self.color {
            if st.area_len == 0 {
                return Err("'color' needs a card in the play area".into());
            }
            st.color = Color::parse(c).ok_or_else(|| format!("unknown colour '{c}'"))? as u8;
        }
        if let Some(d) = self.debt {
            let cap = opts.cap();
            if d > cap {
                return Err(format!(
                    "'debt' {d} is past the number line's end (debt_cap {cap})"
                ));
            }
            st.debt = d;
        }
        let next = match self.next {
            Some(p) => seat_field(p, n, "next")?,
            None => st.next_seat(current, 1),
        };
        match self.decision.as_deref().unwrap_or("turn") {
            "turn" => st.begin_turn(current, log),
            "play" => {
                st.begin_turn(current, log);
                st.phase = Phase::Play;
            }
            "reward" => {
                if st.area_len != 0 || st.debt != 0 {
                    return Err("decision 'reward' needs an empty play area and no debt".into());
                }
                st.phase = Phase::Reward;
                st.group = super::state::Group {
                    reward: true,
                    ..Default::default()
                };
            }
            "call_uno" => {
                if st.hands[current as usize].len() != 1 || !st.piles[current as usize].is_empty() {
                    return Err(
                        "decision 'call_uno' needs 'current' to hold one card and no pile".into(),
                    );
                }
                st.next_after = next;
                st.phase = Phase::CallUno;
            }
            "debt_window" => {
                if st.hands[current as usize].len() != 1 || !st.piles[current as usize].is_empty() {
                    return Err(
                        "decision 'debt_window' needs 'current' to hold one card and no pile"
                            .into(),
                    );
                }
                let asker = seat_field(
                    self.asker.ok_or("decision 'debt_window' needs 'asker'")?,
                    n,
                    "asker",
                )?;
                if asker == current {
                    return Err("'asker' cannot be 'current' (the player with one card)".into());
                }
                st.next_after = next;
                st.uno_called = self.uno_called;
                st.phase = Phase::DebtWindow { asker };
            }
            other => {
                return Err(format!(
                    "unknown decision '{other}' (turn, play, reward, call_uno, debt_window)"
                ))
            }
        }
        Ok(st)
    }
}
