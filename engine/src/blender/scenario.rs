//! The Blender's scenario notation (`docs/rules/blender.md` section 20): an exact position in
//! JSON, checked field by field (unknown keys, card codes, seats, the 720-card census) before
//! it is built. The position is a turn's decision of `current`.
//!
//! ```json
//! {
//!   "players": 3, "preset": "seed", "options": { "point_taken_cap": 3 }, "seed": 7,
//!   "current": 0, "direction": "clockwise", "tempo": 2, "played": 0,
//!   "hands": [["R5", "W+4"], "Y3 Y4", ["G7"]],
//!   "discard": ["B3", "R3"], "color": null, "number": null,
//!   "draw_pile": ["R1", "G7"],
//!   "stack": 4, "stack_kind": "draw", "red": [1], "link": [0, 2],
//!   "targeted_skips": [1], "team_play": null, "eliminated": [],
//!   "mini": { "cards": ["G2", "G5"] }
//! }
//! ```

use super::cards::{deck_counts, kinds, parse_card, NUM_KINDS, WILD};
use super::state::{bit, BlenderState, Phase, Res, Shown, StackKind, Stage, NONE, NO_CARD};
use serde::Deserialize;

pub use crate::scenario::Cards;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MiniScenario {
    /// The mini-pile's colour (default: the colour of its first card).
    #[serde(default)]
    pub color: Option<String>,
    /// Bottom to top; the last card is the shown card.
    pub cards: Cards,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlenderScenario {
    pub players: usize,
    #[serde(default)]
    pub preset: Option<String>,
    #[serde(default)]
    pub options: Option<serde_json::Value>,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub dealer: Option<usize>,
    #[serde(default)]
    pub current: usize,
    /// `clockwise` (default) or `counterclockwise`.
    #[serde(default)]
    pub direction: Option<String>,
    pub hands: Vec<Cards>,
    /// Bottom to top; the last card is the top of the normal pile.
    pub discard: Cards,
    /// The shown card's colour: required when it is a Wild (its chosen colour, or `wild` for
    /// none chosen).
    #[serde(default)]
    pub color: Option<String>,
    /// The number a `#` on top counts as.
    #[serde(default)]
    pub number: Option<u8>,
    /// The next cards drawn, first drawn first; every card placed nowhere lies under them.
    #[serde(default)]
    pub draw_pile: Cards,
    #[serde(default)]
    pub tempo: Option<u8>,
    /// Cards already played this turn.
    #[serde(default)]
    pub played: u8,
    #[serde(default)]
    pub stack: u16,
    /// `draw` or `stack` (required with a stack).
    #[serde(default)]
    pub stack_kind: Option<String>,
    /// Seats whose Power Card is red.
    #[serde(default)]
    pub red: Vec<usize>,
    #[serde(default)]
    pub link: Option<[usize; 2]>,
    /// A seat once per pending Targeted Skip.
    #[serde(default)]
    pub targeted_skips: Vec<usize>,
    /// The seat Team Play made active, until its turn starts.
    #[serde(default)]
    pub team_play: Option<usize>,
    /// The current turn is a Team Play turn.
    #[serde(default)]
    pub team_turn: bool,
    /// Eliminated seats, in elimination order (their hands must be empty).
    #[serde(default)]
    pub eliminated: Vec<usize>,
    /// The player whose turn came before (Super Star's victim).
    #[serde(default)]
    pub prev_active: Option<usize>,
    #[serde(default)]
    pub mini: Option<MiniScenario>,
}

fn color_index(s: &str) -> Result<u8, String> {
    if s.eq_ignore_ascii_case("wild") {
        return Ok(WILD);
    }
    crate::cards::Color::parse(s)
        .map(|c| c as u8)
        .ok_or_else(|| format!("unknown colour '{s}' (red, yellow, green, blue or wild)"))
}

fn cards_of(field: &str, c: &Cards) -> Result<Vec<u16>, String> {
    c.codes()
        .into_iter()
        .map(|code| {
            parse_card(code).map(|k| k as u16).ok_or_else(|| {
                format!("{field}: unknown card code '{code}' (see `uno rules -v blender`)")
            })
        })
        .collect()
}

/// A position from a scenario file's text, and its seed.
pub fn from_json(text: &str) -> Result<(BlenderState, u64), String> {
    let sc: BlenderScenario =
        serde_json::from_str(text).map_err(|e| format!("bad Blender scenario: {e}"))?;
    build(&sc).map(|s| (s, sc.seed))
}

pub fn build(sc: &BlenderScenario) -> Result<BlenderState, String> {
    use crate::variant::Ruleset;
    let opts = BlenderState::options_from(sc.preset.as_deref(), sc.options.as_ref())?;
    let n = sc.players;
    opts.validate(n)?;
    if sc.hands.len() != n {
        return Err(format!("hands: {} hands for {n} players", sc.hands.len()));
    }
    let seat = |field: &str, s: usize| -> Result<u8, String> {
        if s < n {
            Ok(s as u8)
        } else {
            Err(format!(
                "{field}: seat {s} is not at a table of {n} (seats 0-{})",
                n - 1
            ))
        }
    };
    let mut st = BlenderState::empty(opts, n, sc.seed);
    st.current = seat("current", sc.current)?;
    st.dealer = match sc.dealer {
        Some(d) => seat("dealer", d)?,
        None => crate::game::seat_after(st.current, n as u8 - 1, n as u8, true),
    };
    st.first = st.current;
    st.clockwise = match sc.direction.as_deref() {
        None | Some("clockwise") => true,
        Some("counterclockwise") | Some("counter-clockwise") => false,
        Some(d) => return Err(format!("direction: '{d}' (clockwise or counterclockwise)")),
    };
    let deck = deck_counts(&opts);
    let mut used = [0u16; NUM_KINDS];
    let count = |field: &str, k: u16, used: &mut [u16; NUM_KINDS]| -> Result<(), String> {
        used[k as usize] += 1;
        if used[k as usize] > deck[k as usize] {
            return Err(format!(
                "{field}: more {} than the deck's {} (under these options)",
                super::cards::table()[k as usize].code,
                deck[k as usize]
            ));
        }
        Ok(())
    };
    for (s, h) in sc.hands.iter().enumerate() {
        for k in cards_of(&format!("hands[{s}]"), h)? {
            count(&format!("hands[{s}]"), k, &mut used)?;
            st.hands[s].add(k as usize);
        }
    }
    let discard = cards_of("discard", &sc.discard)?;
    let Some(&top) = discard.last() else {
        return Err("discard: the discard pile needs at least its top card".into());
    };
    for &k in &discard {
        count("discard", k, &mut used)?;
        st.discard[k as usize] += 1;
    }
    let shown_of = |k: u16, color: Option<&str>, number: Option<u8>| -> Result<Shown, String> {
        let kd = &kinds()[k as usize];
        let c = match (kd.normal.color, color) {
            (WILD, Some(c)) => color_index(c)?,
            (WILD, None) => {
                return Err(format!(
                    "color: the top card {} is a Wild: give its colour (or \"wild\")",
                    super::cards::table()[k as usize].code
                ))
            }
            (c, None) => c,
            (_, Some(c)) => {
                return Err(format!(
                    "color: '{c}' given for a coloured top card {}",
                    super::cards::table()[k as usize].code
                ))
            }
        };
        let is_hash = kd.normal.syms & super::cards::bit(super::cards::Sym::Hash) != 0;
        let num = match (is_hash, number) {
            (true, Some(v)) if super::cards::HASH_NUMBERS.contains(&v) => v,
            (true, Some(v)) => {
                return Err(format!("number: {v} is not a number a # takes (0-12, 22)"))
            }
            (true, None) => {
                return Err("number: the top card is a #: give the number it counts as".into())
            }
            (false, Some(_)) => return Err("number: only a # on top takes a number".into()),
            (false, None) => kd.normal.number,
        };
        Ok(Shown {
            kind: k,
            color: c,
            number: num,
        })
    };
    if let Some(mini) = &sc.mini {
        st.main_shown = shown_of(top, sc.color.as_deref(), None).or_else(|_| {
            // The normal pile's top under a mini-pile is usually the Wild Pile Up.
            shown_of(top, Some("red"), None)
        })?;
        let cards = cards_of("mini.cards", &mini.cards)?;
        let Some(&mtop) = cards.last() else {
            return Err("mini.cards: a mini-pile needs at least one card".into());
        };
        let first_color = kinds()[cards[0] as usize].normal.color;
        let mc = match &mini.color {
            Some(c) => color_index(c)?,
            None => first_color,
        };
        if mc == WILD {
            return Err("mini.color: a mini-pile's colour is red, yellow, green or blue".into());
        }
        for &k in &cards {
            count("mini.cards", k, &mut used)?;
            st.mini[k as usize] += 1;
        }
        st.mini_len = cards.len() as u16;
        st.mini_color = mc;
        st.mini_active = true;
        let kd = &kinds()[mtop as usize];
        st.shown = Shown {
            kind: mtop,
            color: if kd.normal.color == WILD {
                mc
            } else {
                kd.normal.color
            },
            number: match sc.number {
                Some(v) => v,
                None => kd.normal.number,
            },
        };
    } else {
        st.shown = shown_of(top, sc.color.as_deref(), sc.number)?;
    }
    let ordered = cards_of("draw_pile", &sc.draw_pile)?;
    for &k in &ordered {
        count("draw_pile", k, &mut used)?;
    }
    // The cards placed nowhere lie under the ordered top, unordered.
    let mut rest = Vec::new();
    for k in 0..NUM_KINDS {
        for _ in used[k]..deck[k] {
            rest.push(k as u16);
        }
    }
    st.pile.fill_shuffled(&rest);
    for &k in ordered.iter().rev() {
        st.pile.push_top_ordered(k);
    }
    st.tempo = sc.tempo.unwrap_or(1);
    if st.tempo == 0 {
        return Err("tempo: at least 1".into());
    }
    st.turn_tempo = st.tempo;
    if sc.played >= st.tempo {
        return Err(format!(
            "played: {} cards played at tempo {} would have ended the turn",
            sc.played, st.tempo
        ));
    }
    st.played = sc.played;
    st.stack = sc.stack;
    st.stack_kind = match (sc.stack, sc.stack_kind.as_deref()) {
        (0, None) => StackKind::None,
        (_, Some("draw")) => StackKind::Draw,
        (_, Some("stack")) => StackKind::Stack,
        (_, None) => return Err("stack_kind: a stack needs its kind, draw or stack".into()),
        (_, Some(k)) => return Err(format!("stack_kind: '{k}' (draw or stack)")),
    };
    if st.mini_active && st.stack_kind != StackKind::None {
        return Err("stack: no stack stands on a mini-pile (B26)".into());
    }
    for &r in &sc.red {
        st.red |= bit(seat("red", r)?);
    }
    if let Some([a, b]) = sc.link {
        let (a, b) = (seat("link", a)?, seat("link", b)?);
        if a == b && !opts.drawn_together_self {
            return Err("link: a seat linked with itself needs drawn_together_self".into());
        }
        st.link = (a.min(b), a.max(b));
    }
    for &t in &sc.targeted_skips {
        st.targeted_skips[seat("targeted_skips", t)? as usize] += 1;
    }
    if let Some(t) = sc.team_play {
        st.team_play = seat("team_play", t)?;
    }
    st.team_turn = sc.team_turn;
    for (i, &e) in sc.eliminated.iter().enumerate() {
        let e = seat("eliminated", e)?;
        if !st.hands[e as usize].is_empty() {
            return Err(format!("eliminated: seat {e} is out but holds cards"));
        }
        st.alive &= !bit(e);
        st.elim_order[e as usize] = i as u8 + 1;
    }
    st.stats.eliminations = sc.eliminated.len() as u16;
    if !st.is_alive(st.current) {
        return Err(format!("current: seat {} is eliminated", st.current));
    }
    if st.alive_count() < 2 {
        return Err("eliminated: at least two players must still be in".into());
    }
    st.prev_active = match sc.prev_active {
        Some(p) => seat("prev_active", p)?,
        None => NONE,
    };
    st.ones = st.ones_now();
    st.dirty_turn = st.alive;
    let mut r = Res::new(st.current, NO_CARD, false, false, st.mini_active);
    r.stage = Stage::Next;
    st.res = r;
    st.phase = Phase::Turn;
    Ok(st)
}
