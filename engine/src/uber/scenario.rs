//! Scenario notation for Über Uno: an exact position in JSON, loaded through validation
//! (`docs/rules/uber.md` section 21).
//!
//! ```json
//! {
//!   "players": 3,
//!   "preset": "fixed",
//!   "options": { "deck_tap_probability": 0.0 },
//!   "seed": 7,
//!   "hand": 2,
//!   "hands_lost": [1, 0, 0],
//!   "dealer": 0,
//!   "rules": { "mode": "old_school", "addons": ["fast_eddy", "go_fish", "rotate"] },
//!   "hands": ["R5 G+2 W", ["J", "B7"], "Y2 Y3"],
//!   "discard": ["G4", "W+4"],
//!   "color": "red",
//!   "draw_pile": ["B9", "R2"],
//!   "stack": { "total": 4, "major": true, "hitter": 2 },
//!   "current": 0
//! }
//! ```
//! A list of cards is a JSON list of codes or one string of codes separated by spaces.
//! `discard` lists the discard pile bottom to top (its last card is the top card); `color` is
//! the colour in play (default: the top card's; required on a black top card). `draw_pile`
//! lists the next cards drawn, first drawn first; every card not placed anywhere goes under
//! them in an order drawn from `seed` (`unplaced: "discard"` puts them in the discard pile
//! under its top card instead). `rules` is this hand's mode, deal size, direction and add-ons
//! (default: what the options fix; an add-on list is exact). `phase`: `turn` (default),
//! `respond` (default with a `stack`: `current` faces it), `after_draw` (`current` has drawn
//! this turn) or `dealer` (the start of hand `hand`: the dealer's first open choice, then the
//! deal from `draw_pile`). Card codes: `R5 G+2 RS RR W W+4 J U CH P1 P2`.

use super::cards::*;
use super::options::{options_from, AddOn, DirectionRule, Mode, ModeRule, ADDON_NAMES};
use super::options::{ADDITIVE, MACCHU_PICCHU, MATH, MATH_DERIVED, NUM_ADDONS, PICCHU_MACCHU};
use super::state::{HandRules, Phase, Stack, UberState};
use crate::cards::Color;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::scenario::Cards;

/// The `options` object: option overrides, a key given twice rejected.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Overrides(pub serde_json::Map<String, serde_json::Value>);

impl<'de> Deserialize<'de> for Overrides {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Overrides;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object of option = value")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Overrides, A::Error> {
                let mut out = serde_json::Map::new();
                while let Some((k, v)) = m.next_entry::<String, serde_json::Value>()? {
                    if out.contains_key(&k) {
                        return Err(de::Error::custom(format!(
                            "option '{k}' is given twice in 'options'"
                        )));
                    }
                    out.insert(k, v);
                }
                Ok(Overrides(out))
            }
        }
        d.deserialize_map(V)
    }
}

/// This hand's rules (`HandRules`): what the dealer chose or the options fixed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSpec {
    /// `old_school`, `russian` or `buddy` (default: the option's, Old School if the dealer's).
    #[serde(default)]
    pub mode: Option<String>,
    /// Cards dealt this hand (default `deal_min`).
    #[serde(default)]
    pub deal: Option<u8>,
    /// The direction the dealer chose (default: the option's, clockwise if the dealer's).
    #[serde(default)]
    pub direction: Option<String>,
    /// Exactly the add-ons on this hand (default: those the options set `on`).
    #[serde(default)]
    pub addons: Option<Vec<String>>,
}

/// A pending draw stack (`Stack`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackSpec {
    /// Cards the victim draws.
    pub total: u16,
    /// Draw cards thrown (default 1).
    #[serde(default)]
    pub cards: Option<u8>,
    /// Whether the last draw card is a Major (default: the top card is a W+4).
    #[serde(default)]
    pub major: Option<bool>,
    /// Who threw the last draw card (default: the seat before `current`).
    #[serde(default)]
    pub hitter: Option<usize>,
    /// The last Major was a bluff (R13; default false).
    #[serde(default)]
    pub guilty: bool,
    /// The victim may challenge (default: a Major with a W+4 on top).
    #[serde(default)]
    pub challengeable: Option<bool>,
    /// The Joker moved a Major stack: its last victim names the colour (default false).
    #[serde(default)]
    pub joker_major: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UberScenario {
    pub players: usize,
    #[serde(default)]
    pub preset: Option<String>,
    #[serde(default)]
    pub options: Option<Overrides>,
    #[serde(default)]
    pub seed: u64,
    /// This hand's number in the day, from 1 (default 1).
    #[serde(default)]
    pub hand: Option<u16>,
    /// Hands each seat has lost so far this day (they sum to `hand - 1`).
    #[serde(default)]
    pub hands_lost: Vec<u16>,
    #[serde(default)]
    pub dealer: usize,
    #[serde(default)]
    pub rules: Option<RulesSpec>,
    /// The direction of play now (default: `rules.direction`).
    #[serde(default)]
    pub direction: Option<String>,
    pub hands: Vec<Cards>,
    /// Bottom to top; the last card is the top card.
    #[serde(default)]
    pub discard: Cards,
    #[serde(default)]
    pub color: Option<String>,
    /// The next cards drawn, first drawn first.
    #[serde(default)]
    pub draw_pile: Cards,
    #[serde(default)]
    pub unplaced: Option<String>,
    #[serde(default)]
    pub stack: Option<StackSpec>,
    #[serde(default)]
    pub current: usize,
    #[serde(default)]
    pub phase: Option<String>,
}

fn card(s: &str, where_: &str) -> Result<u8, String> {
    parse_card(s).ok_or_else(|| {
        format!("{where_}: unknown card '{s}' (codes: R5, G+2, RS, RR, W, W+4, J, U, CH, P1, P2)")
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

fn direction(s: &str, what: &str) -> Result<bool, String> {
    match s {
        "clockwise" => Ok(true),
        "counterclockwise" | "anticlockwise" | "counter" => Ok(false),
        other => Err(format!(
            "'{what}': unknown direction '{other}' (clockwise or counterclockwise)"
        )),
    }
}

fn mode(s: &str) -> Result<Mode, String> {
    match s {
        "old_school" => Ok(Mode::OldSchool),
        "russian" => Ok(Mode::Russian),
        "buddy" => Ok(Mode::Buddy),
        other => Err(format!(
            "'rules.mode': unknown mode '{other}' (old_school, russian or buddy)"
        )),
    }
}

/// Parses and builds a scenario: the position and its seed.
pub fn from_json(text: &str) -> Result<(UberState, u64), String> {
    let s = UberScenario::from_json(text)?;
    Ok((s.build()?, s.seed))
}

impl UberScenario {
    pub fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("malformed scenario: {e}"))
    }

    /// Validates the set-up and returns the position it describes.
    pub fn build(&self) -> Result<UberState, String> {
        let over = self
            .options
            .as_ref()
            .map(|o| serde_json::Value::Object(o.0.clone()));
        let opts = options_from(self.preset.as_deref(), over.as_ref())?;
        let n = self.players;
        opts.validate(n)?;
        let phase = match self.phase.as_deref() {
            Some(p) => p,
            None if self.stack.is_some() => "respond",
            None => "turn",
        };
        if !["turn", "respond", "after_draw", "dealer"].contains(&phase) {
            return Err(format!(
                "unknown phase '{phase}' (turn, respond, after_draw, dealer)"
            ));
        }
        let dealing = phase == "dealer";
        if self.hands.len() != n {
            return Err(format!(
                "'hands' has {} entries for {n} players",
                self.hands.len()
            ));
        }
        let mut st = UberState::empty(opts, n, self.seed);
        st.dealer = seat_field(self.dealer, n, "dealer")?;
        // The day: this hand's number and the hands lost before it.
        let hand = self.hand.unwrap_or(1);
        if hand == 0 || hand > opts.hands_per_day {
            return Err(format!(
                "'hand' is {hand}, but a day has hands 1 to {} (hands_per_day)",
                opts.hands_per_day
            ));
        }
        st.hand_no = hand - 1;
        if !self.hands_lost.is_empty() {
            if self.hands_lost.len() != n {
                return Err(format!(
                    "'hands_lost' has {} entries for {n} players",
                    self.hands_lost.len()
                ));
            }
            let sum: u32 = self.hands_lost.iter().map(|&l| l as u32).sum();
            if sum != hand as u32 - 1 {
                return Err(format!(
                    "'hands_lost' sums to {sum}, but hand {hand} means {} hands were lost \
                     before it (one loser per hand)",
                    hand - 1
                ));
            }
            st.stats.lost[..n].copy_from_slice(&self.hands_lost);
        } else if hand > 1 {
            return Err(format!(
                "hand {hand} needs 'hands_lost' (who lost the {} hands before it)",
                hand - 1
            ));
        }
        st.stats.hands = (hand - 1 + !dealing as u16) as u32;
        // This hand's rules.
        let rules = self.hand_rules(&opts, dealing)?;
        st.rules = rules;
        st.clockwise = match &self.direction {
            Some(d) => direction(d, "direction")?,
            None => rules.clockwise,
        };
        // The cards: each placed at most as often as the deck holds it.
        let deck = st.deck;
        let mut used = [0u8; NUM_KINDS];
        let mut take = |k: u8, where_: &str| -> Result<(), String> {
            used[k as usize] += 1;
            if used[k as usize] > deck[k as usize] {
                let code = CARDS[k as usize].code;
                return Err(if deck[k as usize] == 0 {
                    format!("{where_}: {code} is not in the deck under these options")
                } else {
                    format!(
                        "{where_}: {code} placed {} times, but the deck holds {} (a card is \
                         placed once)",
                        used[k as usize], deck[k as usize]
                    )
                });
            }
            Ok(())
        };
        for (seat, cards) in self.hands.iter().enumerate() {
            let where_ = format!("hands[{seat}]");
            for c in cards.codes() {
                let k = card(c, &where_)?;
                take(k, &where_)?;
                st.hands[seat].add(k as usize);
            }
            let len = st.hands[seat].len();
            if dealing && len > 0 {
                return Err(format!(
                    "{where_}: phase 'dealer' starts a hand before the deal: every hand is empty"
                ));
            }
            if !dealing && len == 0 {
                return Err(format!(
                    "{where_} is empty: a hand ends the moment a player has no cards (section 13)"
                ));
            }
        }
        let mut discard = Vec::new();
        for c in self.discard.codes() {
            let k = card(c, "discard")?;
            take(k, "discard")?;
            discard.push(k);
        }
        let mut top_cards = Vec::new();
        for c in self.draw_pile.codes() {
            let k = card(c, "draw_pile")?;
            take(k, "draw_pile")?;
            top_cards.push(k);
        }
        let to_discard = crate::scenario::parse_unplaced(self.unplaced.as_deref())?;
        if dealing {
            if !discard.is_empty() || to_discard {
                return Err(
                    "phase 'dealer': the discard pile is empty before the deal (no 'discard', \
                     no unplaced = \"discard\")"
                        .into(),
                );
            }
        } else if discard.is_empty() {
            return Err("'discard' needs at least the top card".into());
        }
        let top = discard.last().copied();
        let mut spare = Vec::new();
        for (k, &c) in deck.iter().enumerate() {
            for _ in used[k]..c {
                if to_discard {
                    spare.push(k as u8);
                } else {
                    st.pile.add_shuffled(k as u16);
                }
            }
        }
        for &k in top_cards.iter().rev() {
            st.pile.push_top_ordered(k as u16);
        }
        for &k in discard.iter().chain(spare.iter()) {
            st.discard.add(k as usize);
        }
        if let Some(t) = top {
            st.top = t;
            st.color = match &self.color {
                Some(c) => {
                    Color::parse(c).ok_or_else(|| format!("'color': unknown colour '{c}'"))? as u8
                }
                None if is_black(t) => {
                    return Err(format!(
                        "'color' is needed: the top card {} is black and names a colour",
                        CARDS[t as usize].code
                    ))
                }
                None => color_of(t),
            };
        } else if self.color.is_some() {
            return Err("'color' needs a top card in 'discard'".into());
        }
        let current = seat_field(self.current, n, "current")?;
        st.current = current;
        st.last_player = current;
        // The stack.
        if let Some(sp) = &self.stack {
            if dealing {
                return Err("phase 'dealer': no 'stack' before the deal".into());
            }
            let t = top.expect("checked: a top card");
            let major = sp.major.unwrap_or(t == WILD_DRAW_FOUR);
            let fits = if major {
                t == WILD_DRAW_FOUR || t == JOKER
            } else {
                is_minor(t) || t == JOKER
            };
            if !fits {
                return Err(format!(
                    "'stack': a {} stack needs a {} (or the Joker that moved it) on top of \
                     'discard', not {}",
                    if major { "Major" } else { "Minor" },
                    if major { "W+4" } else { "Draw Two" },
                    CARDS[t as usize].code
                ));
            }
            let cards = sp.cards.unwrap_or(1);
            if cards == 0 || sp.total == 0 {
                return Err("'stack': 'total' and 'cards' must be at least 1".into());
            }
            let hitter = match sp.hitter {
                Some(h) => seat_field(h, n, "stack.hitter")?,
                None => st.next_seat(current, n as u8 - 1),
            };
            if hitter == current {
                return Err("'stack.hitter' cannot be 'current' (the victim)".into());
            }
            let challengeable = sp.challengeable.unwrap_or(major && t == WILD_DRAW_FOUR);
            if challengeable && !(major && t == WILD_DRAW_FOUR) {
                return Err(
                    "'stack.challengeable' needs a Major stack with a W+4 on top (R13)".into(),
                );
            }
            if sp.joker_major && !major {
                return Err("'stack.joker_major' needs a Major stack".into());
            }
            st.stack = Stack {
                total: sp.total,
                cards,
                major,
                hitter,
                guilty: sp.guilty,
                challengeable,
                joker_major: sp.joker_major,
            };
        }
        st.phase = match phase {
            "turn" | "after_draw" => {
                if st.stack.cards > 0 {
                    return Err(format!(
                        "phase '{phase}' with a pending 'stack': the victim's phase is 'respond'"
                    ));
                }
                st.drew = phase == "after_draw";
                Phase::Turn
            }
            "respond" => {
                if st.stack.cards == 0 {
                    return Err("phase 'respond' needs a 'stack'".into());
                }
                Phase::Respond
            }
            _ => {
                if self.current != self.dealer {
                    return Err("phase 'dealer': 'current' is the dealer".into());
                }
                if self.rules.is_some() {
                    return Err(
                        "phase 'dealer': 'rules' are what the dealer is about to choose".into(),
                    );
                }
                first_dealer_question(&st)?
            }
        };
        Ok(st)
    }

    /// This hand's rules: given or derived from the options, checked against them.
    fn hand_rules(&self, opts: &super::UberOptions, dealing: bool) -> Result<HandRules, String> {
        let mut r = HandRules {
            clockwise: opts.direction != DirectionRule::Counter,
            deal: opts.deal_min,
            mode: match opts.mode {
                ModeRule::Russian => Mode::Russian,
                ModeRule::Buddy => Mode::Buddy,
                _ => Mode::OldSchool,
            },
            addons: 0,
        };
        for i in 0..NUM_ADDONS {
            if opts.addon(i) == AddOn::On {
                r.addons |= 1 << i;
            }
        }
        let Some(spec) = &self.rules else {
            return Ok(r);
        };
        if dealing {
            return Ok(r);
        }
        if let Some(d) = &spec.direction {
            r.clockwise = direction(d, "rules.direction")?;
            let fixed = match opts.direction {
                DirectionRule::Clockwise => Some(true),
                DirectionRule::Counter => Some(false),
                DirectionRule::Dealer => None,
            };
            if fixed.is_some_and(|f| f != r.clockwise) {
                return Err(format!(
                    "'rules.direction' is {d}, but the option 'direction' fixes it"
                ));
            }
        }
        if let Some(k) = spec.deal {
            if !(opts.deal_min..=opts.deal_max).contains(&k) {
                return Err(format!(
                    "'rules.deal' is {k}, outside deal_min..deal_max ({}..{})",
                    opts.deal_min, opts.deal_max
                ));
            }
            r.deal = k;
        }
        if let Some(m) = &spec.mode {
            r.mode = mode(m)?;
            let fixed = match opts.mode {
                ModeRule::Dealer => None,
                ModeRule::OldSchool => Some(Mode::OldSchool),
                ModeRule::Russian => Some(Mode::Russian),
                ModeRule::Buddy => Some(Mode::Buddy),
            };
            if fixed.is_some_and(|f| f != r.mode) {
                return Err(format!(
                    "'rules.mode' is {m}, but the option 'mode' fixes {}",
                    fixed.expect("some").name()
                ));
            }
        }
        if let Some(list) = &spec.addons {
            r.addons = 0;
            for name in list {
                let i = ADDON_NAMES.iter().position(|a| a == name).ok_or_else(|| {
                    format!(
                        "'rules.addons': unknown add-on '{name}' (known: {})",
                        ADDON_NAMES.join(", ")
                    )
                })?;
                if r.addons >> i & 1 == 1 {
                    return Err(format!("'rules.addons': '{name}' is listed twice"));
                }
                if opts.addon(i) == AddOn::Off {
                    return Err(format!(
                        "'rules.addons': '{name}' is on, but the option '{name}' is off"
                    ));
                }
                r.addons |= 1 << i;
            }
            for (i, name) in ADDON_NAMES.iter().enumerate() {
                if opts.addon(i) == AddOn::On && !r.has(i) {
                    return Err(format!(
                        "'rules.addons' leaves '{name}' out, but the option '{name}' is on"
                    ));
                }
            }
        }
        if r.has(MACCHU_PICCHU) && r.has(PICCHU_MACCHU) {
            return Err("'rules.addons': macchu_picchu and picchu_macchu cannot both be on".into());
        }
        if r.has(MATH_DERIVED) && !r.has(MATH) {
            return Err("'rules.addons': math_derived needs math".into());
        }
        Ok(r)
    }
}

/// The dealer's first open choice at the start of a hand (section 3, R5), as the engine asks
/// them: direction, deal size, mode, then the add-ons left to the dealer.
fn first_dealer_question(st: &UberState) -> Result<Phase, String> {
    let o = &st.opts;
    if o.direction == DirectionRule::Dealer {
        return Ok(Phase::Direction);
    }
    if o.deal_min < o.deal_max {
        return Ok(Phase::DealSize);
    }
    if o.mode == ModeRule::Dealer {
        return Ok(Phase::ModeChoice);
    }
    for i in 0..NUM_ADDONS {
        let offered = match i {
            MATH_DERIVED => st.rules.has(MATH),
            MACCHU_PICCHU => !st.rules.has(PICCHU_MACCHU),
            PICCHU_MACCHU => !st.rules.has(MACCHU_PICCHU),
            ADDITIVE => st.rules.mode != Mode::OldSchool,
            _ => true,
        };
        if o.addon(i) == AddOn::Dealer && offered {
            return Ok(Phase::Addon { i: i as u8 });
        }
    }
    Err(
        "phase 'dealer' needs a choice left to the dealer (the options fix every one; start \
         from a dealt position instead)"
            .into(),
    )
}
