//! The Constitution's scenario notation (`docs/rules/constitution.md` section 23): an exact
//! position in JSON, checked field by field (unknown keys, card codes, seats, the 432-card
//! census) before it is built.
//!
//! ```json
//! {
//!   "players": 3, "preset": "seed", "options": { "gold_coin_face_up": 1 }, "seed": 7,
//!   "dealer": 2, "current": 0, "direction": "clockwise",
//!   "hands": [["R5", "HolyDefender.R0"], "Y3 Y4", ["G7"]],
//!   "discard": ["B3", "R3"],
//!   "draw_pile": ["R1", "G7"],
//!   "viruses": [0, 1, 0], "luck": 2, "death": 1, "death_clock": 3, "famine": true,
//!   "attack": { "kind": "draw", "amount": 2, "family": 2, "victim": 0, "starter": 2 }
//! }
//! ```

use super::cards::*;
use super::state::{Attack, AttackKind, ConState, Phase, NEUTRAL, NONE};
use crate::game::CardGame;
use crate::variant::Ruleset;
use serde::Deserialize;

pub use crate::scenario::Cards;

/// A field card's holder: a seat, or `"neutral"` (a Horseman in neutral play).
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Holder {
    Seat(usize),
    Name(String),
}

/// The pending attack (section 8), for `"phase": "respond"`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioAttack {
    /// `draw`, `backstab`, `ttr`, `dump`, `quitter`, `glasnost`, `mad`, `martyr`, `virus`,
    /// `gift`, `ping`.
    pub kind: String,
    #[serde(default)]
    pub amount: Option<u16>,
    /// 2 or 4 for a stack; 0 (default for all but `draw`): nothing stacks on it.
    #[serde(default)]
    pub family: Option<u8>,
    pub victim: usize,
    /// Who started it (default `current`); `null` with `"no_starter": true` for a first card.
    #[serde(default)]
    pub starter: Option<usize>,
    #[serde(default)]
    pub no_starter: bool,
    /// Who added its last card (default: the starter).
    #[serde(default)]
    pub last: Option<usize>,
    #[serde(default)]
    pub hot_deaths: u8,
    #[serde(default)]
    pub harvester: bool,
    #[serde(default)]
    pub harvester_last: Option<bool>,
    /// Default: true for the directed kinds (glasnost, mad, martyr, virus, gift, ping).
    #[serde(default)]
    pub directed: Option<bool>,
    /// Default: true for `draw` and `ttr` (a next-player attack).
    #[serde(default)]
    pub costs_turn: Option<bool>,
    /// Default: true for `backstab`.
    #[serde(default)]
    pub backwards: Option<bool>,
    /// Play continues after this seat (default: the victim if it costs the turn, else the
    /// starter).
    #[serde(default)]
    pub resume: Option<usize>,
    /// Gift: the card on its way (it is placed by the scenario); Martyr: `cards` instead.
    #[serde(default)]
    pub card: Option<String>,
    /// Martyr: the hand on its way to the victim.
    #[serde(default)]
    pub cards: Cards,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConScenario {
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
    #[serde(default)]
    pub direction: Option<String>,
    pub hands: Vec<Cards>,
    /// Bottom to top; the last card is the top and the matching reference.
    #[serde(default)]
    pub discard: Cards,
    /// The matching reference when it is not the top card (a field card just played).
    #[serde(default)]
    pub reference: Option<String>,
    /// The reference's colour: needed for a wild reference; a Conqueror's change otherwise.
    #[serde(default)]
    pub color: Option<String>,
    /// The next cards drawn, first drawn first.
    #[serde(default)]
    pub draw_pile: Cards,
    /// `draw_pile` (default) or `discard`: where the cards placed nowhere go.
    #[serde(default)]
    pub unplaced: Option<String>,
    /// The recycled pile, bottom to top (given: the Recycler's pile is open, its top the
    /// reference unless `reference` says otherwise).
    #[serde(default)]
    pub recycled: Option<Cards>,
    #[serde(default)]
    pub removed: Vec<usize>,
    #[serde(default)]
    pub uno_called: Vec<usize>,
    #[serde(default)]
    pub skipped: Vec<usize>,
    #[serde(default)]
    pub shields: Vec<u8>,
    #[serde(default)]
    pub viruses: Vec<u8>,
    #[serde(default)]
    pub luck: Option<Holder>,
    #[serde(default)]
    pub yin: Option<Holder>,
    #[serde(default)]
    pub yang: Option<Holder>,
    #[serde(default)]
    pub prophet: Option<Holder>,
    /// Seats the Prophet has looked at (what they saw is read from the hands as given).
    #[serde(default)]
    pub prophet_looked: Vec<usize>,
    #[serde(default)]
    pub death: Option<Holder>,
    #[serde(default)]
    pub death_clock: Option<u8>,
    /// The number card lying next to Death.
    #[serde(default)]
    pub death_card: Option<String>,
    #[serde(default)]
    pub war: Option<Holder>,
    #[serde(default)]
    pub conquest: Option<Holder>,
    #[serde(default)]
    pub conquered: Vec<usize>,
    /// Armies captured by Conquest.
    #[serde(default)]
    pub captured: Cards,
    /// Plague's user.
    #[serde(default)]
    pub plague: Option<Holder>,
    #[serde(default)]
    pub famine: bool,
    #[serde(default)]
    pub apocalypse: bool,
    /// A Yin-Yang team: `[kept, absorbed]` (the absorbed seat holds no cards).
    #[serde(default)]
    pub team: Option<[usize; 2]>,
    #[serde(default)]
    pub attack: Option<ScenarioAttack>,
    /// `turn` (default without an attack): `current` decides; `begin`: `current`'s turn begins
    /// (the Plague's return, the Prophet's look, Famine's draw); `respond` (default with an
    /// attack): the attack's victim decides.
    #[serde(default)]
    pub phase: Option<String>,
    /// Turn this card as the first card (section 4) with `dealer` as its user: the position
    /// after the start conditions is the scenario's (no `discard`, `attack` or `phase` then).
    #[serde(default)]
    pub first_card: Option<String>,
}

fn card(s: &str, where_: &str) -> Result<u8, String> {
    parse_card(s).ok_or_else(|| {
        format!(
            "{where_}: unknown card '{s}' (codes: `uno rules -v constitution`, e.g. R7, BS, \
             W+4, Ping.B1, HotDeath.W+4)"
        )
    })
}

fn parse_color(c: &str) -> Result<u8, String> {
    crate::cards::Color::parse(c)
        .map(|c| c as u8)
        .ok_or_else(|| format!("unknown colour '{c}' (red, yellow, green, blue)"))
}

/// A position and its seed from a scenario file's text.
pub fn from_json(text: &str) -> Result<(ConState, u64), String> {
    let sc: ConScenario =
        serde_json::from_str(text).map_err(|e| format!("malformed scenario: {e}"))?;
    let st = sc.build()?;
    Ok((st, sc.seed))
}

impl ConScenario {
    /// Validates the position and builds it.
    pub fn build(&self) -> Result<ConState, String> {
        let n = self.players;
        let opts = ConState::options_from(self.preset.as_deref(), self.options.as_ref())?;
        opts.validate(n)?;
        let mut st = ConState::empty(opts, n, self.seed);
        let seat = |s: usize, what: &str| -> Result<u8, String> {
            if s >= n {
                Err(format!("{what}: {s} is not a seat of {n} (0 to {})", n - 1))
            } else {
                Ok(s as u8)
            }
        };
        let holder = |h: &Option<Holder>, what: &str, neutral_ok: bool| -> Result<u8, String> {
            match h {
                None => Ok(NONE),
                Some(Holder::Seat(s)) => seat(*s, what),
                Some(Holder::Name(x)) if neutral_ok && x == "neutral" => Ok(NEUTRAL),
                Some(Holder::Name(x)) => Err(format!(
                    "{what}: '{x}' is not a seat{}",
                    if neutral_ok { " or \"neutral\"" } else { "" }
                )),
            }
        };
        let mut used = [0u32; NUM_KINDS];
        let mut take = |k: u8, where_: &str| -> Result<(), String> {
            used[k as usize] += 1;
            if used[k as usize] > FACTS.copies[k as usize] as u32 {
                return Err(format!(
                    "{where_}: more {} cards than the deck's {}",
                    table()[k as usize].code,
                    FACTS.copies[k as usize]
                ));
            }
            Ok(())
        };
        if self.hands.len() != n {
            return Err(format!(
                "'hands' has {} entries for {n} players",
                self.hands.len()
            ));
        }
        for (s, h) in self.hands.iter().enumerate() {
            let w = format!("hands[{s}]");
            for c in h.codes() {
                let k = card(c, &w)?;
                take(k, &w)?;
                if matches!(text_of(k), Text::Yin | Text::Yang) {
                    return Err(format!(
                        "{w}: {c} is never held (C68): give 'yin'/'yang' a holder instead"
                    ));
                }
                st.hands[s].add(k as usize);
            }
        }
        // The discard pile: each card in turn becomes the reference (so the card under the
        // top is what Mystery Draw counts and Clone repeats).
        let discard = self.discard.codes();
        if self.first_card.is_some() {
            if !discard.is_empty() || self.attack.is_some() || self.phase.is_some() {
                return Err(
                    "'first_card' sets the discard pile, the attack and the phase: \
                            give none of 'discard', 'attack', 'phase'"
                        .into(),
                );
            }
        } else if discard.is_empty() {
            return Err("'discard' must hold at least the top card".into());
        }
        for c in &discard {
            let k = card(c, "discard")?;
            take(k, "discard")?;
            st.discard.add(k as usize);
            st.top = k;
            st.set_ref(k, color_of(k));
        }
        if let Some(r) = &self.recycled {
            st.recycling = true;
            for c in r.codes() {
                let k = card(c, "recycled")?;
                take(k, "recycled")?;
                st.recycled.add(k as usize);
                st.set_ref(k, color_of(k));
            }
        }
        if let Some(r) = &self.reference {
            let k = card(r, "reference")?;
            st.set_ref(k, color_of(k));
        }
        let ref_k = st.ref_kind;
        match &self.color {
            _ if self.first_card.is_some() => {}
            Some(c) => {
                let c = parse_color(c)?;
                if !is_wild(ref_k) && c != color_of(ref_k) && self.conquest.is_none() {
                    return Err(format!(
                        "'color' contradicts the reference {} (only a wild or a Conqueror's \
                         change names another colour)",
                        table()[ref_k as usize].code
                    ));
                }
                st.ref_color = c;
            }
            None if is_wild(ref_k) => {
                return Err(format!(
                    "the reference {} is wild: give 'color'",
                    table()[ref_k as usize].code
                ))
            }
            None => {}
        }
        for c in self.draw_pile.codes() {
            let k = card(c, "draw_pile")?;
            take(k, "draw_pile")?;
        }
        let first = match &self.first_card {
            Some(c) => {
                let k = card(c, "first_card")?;
                take(k, "first_card")?;
                Some(k)
            }
            None => None,
        };
        for c in self.captured.codes() {
            let k = card(c, "captured")?;
            take(k, "captured")?;
            if number_value(k).is_none() {
                return Err(format!("captured: {c} is not a number card (C16)"));
            }
            st.captured.add(k as usize);
        }
        // Field cards.
        let per_seat = |v: &Vec<u8>, what: &str| -> Result<(), String> {
            if !v.is_empty() && v.len() != n {
                return Err(format!("'{what}' has {} entries for {n} players", v.len()));
            }
            Ok(())
        };
        per_seat(&self.shields, "shields")?;
        per_seat(&self.viruses, "viruses")?;
        let shield = first_kind(Text::BlueShield).expect("kind");
        let virus = first_kind(Text::Virus).expect("kind");
        for (s, &c) in self.shields.iter().enumerate() {
            for _ in 0..c {
                take(shield, "shields")?;
            }
            st.shields[s] = c;
        }
        for (s, &c) in self.viruses.iter().enumerate() {
            for _ in 0..c {
                take(virus, "viruses")?;
            }
            st.viruses[s] = c;
        }
        let singles = [
            (Text::Luck, &self.luck, false),
            (Text::Yin, &self.yin, false),
            (Text::Yang, &self.yang, false),
            (Text::Prophet, &self.prophet, false),
            (Text::Death, &self.death, true),
            (Text::War, &self.war, true),
            (Text::Conquest, &self.conquest, true),
            (Text::Plague, &self.plague, false),
        ];
        let mut holders = [NONE; 8];
        for (i, (t, h, neutral_ok)) in singles.into_iter().enumerate() {
            let name = t.short().to_ascii_lowercase();
            let x = holder(h, &name, neutral_ok)?;
            if x != NONE {
                take(first_kind(t).expect("kind"), &name)?;
            }
            holders[i] = x;
        }
        [
            st.luck,
            st.yin,
            st.yang,
            st.prophet,
            st.death,
            st.war,
            st.conquest,
            st.plague,
        ] = holders;
        if self.famine {
            take(first_kind(Text::Famine).expect("kind"), "famine")?;
            st.famine = true;
        }
        if st.death != NONE && st.death != NEUTRAL {
            st.death_clock = self.death_clock.unwrap_or(4);
            if let Some(c) = &self.death_card {
                let k = card(c, "death_card")?;
                take(k, "death_card")?;
                if number_value(k).is_none() {
                    return Err(format!("death_card: {c} is not a number card (C16)"));
                }
                st.death_card = k;
            }
        } else if self.death_clock.is_some() || self.death_card.is_some() {
            return Err("'death_clock'/'death_card' need 'death' on a seat".into());
        }
        for &s in &self.conquered {
            let s = seat(s, "conquered")?;
            if st.conquest == NONE {
                return Err("'conquered' needs a 'conquest' holder".into());
            }
            st.conquered |= 1 << s;
        }
        if !self.captured.codes().is_empty() && st.conquest == NONE {
            return Err("'captured' needs a 'conquest' holder".into());
        }
        st.apocalypse = self.apocalypse;
        if self.apocalypse
            != (st.death != NONE && st.famine && st.war != NONE && st.conquest != NONE)
        {
            return Err(
                "'apocalypse' must be true exactly when all four Horsemen are active (section 14)"
                    .into(),
            );
        }
        for &s in &self.prophet_looked {
            let s = seat(s, "prophet_looked")?;
            if st.prophet == NONE {
                return Err("'prophet_looked' needs a 'prophet' holder".into());
            }
            st.looked |= 1 << s;
            let mut seen = 0u16;
            for (q, &qt) in super::action::QUESTIONS.iter().enumerate() {
                if st.hands[s as usize]
                    .iter()
                    .any(|(k, _)| text_of(k as u8) == qt)
                {
                    seen |= 1 << q;
                }
            }
            st.seen[s as usize] = seen;
        }
        // Seats.
        st.current = seat(self.current, "current")?;
        st.cursor = st.current;
        st.dealer = match self.dealer {
            Some(d) => seat(d, "dealer")?,
            None => (n - 1) as u8,
        };
        st.clockwise = match self.direction.as_deref() {
            None | Some("clockwise") | Some("left") => true,
            Some("counterclockwise") | Some("anticlockwise") | Some("right") => false,
            Some(d) => {
                return Err(format!(
                    "unknown direction '{d}' (clockwise or counterclockwise)"
                ))
            }
        };
        for &s in &self.removed {
            let s = seat(s, "removed")?;
            if !self.hands[s as usize].codes().is_empty() {
                return Err(format!("removed seat {s} must hold no cards"));
            }
            if st.alive & (1 << s) == 0 {
                return Err(format!("removed seat {s} is listed twice"));
            }
            st.alive &= !(1 << s);
            st.leaves += 1;
            st.left_order[s as usize] = st.leaves;
        }
        if let Some([kept, gone]) = self.team {
            let kept = seat(kept, "team")?;
            let gone = seat(gone, "team")?;
            if kept == gone || !self.hands[gone as usize].codes().is_empty() {
                return Err("team: [kept, absorbed], two seats, the absorbed one empty".into());
            }
            st.alive &= !(1 << gone);
            st.team_kept = kept;
            st.team_absorbed = gone;
        }
        if st.alive_count() < 2 {
            return Err("at least two players must be in the game".into());
        }
        if !st.is_alive(st.current) {
            return Err(format!("current seat {} is not in the game", st.current));
        }
        for &s in &self.uno_called {
            let s = seat(s, "uno_called")?;
            st.uno_called |= 1 << s;
        }
        for &s in &self.skipped {
            let s = seat(s, "skipped")?;
            st.skipped |= 1 << s;
        }
        for (i, h) in holders.iter().enumerate() {
            if *h != NONE && *h != NEUTRAL && !st.is_alive(*h) {
                return Err(format!(
                    "the {} holder {h} is not in the game",
                    singles_name(i)
                ));
            }
        }
        // The attack.
        let mut phase = self.phase.as_deref().unwrap_or(if self.attack.is_some() {
            "respond"
        } else {
            "turn"
        });
        if let Some(a) = &self.attack {
            let kind = match a.kind.as_str() {
                "draw" => AttackKind::Draw,
                "backstab" => AttackKind::Backstab,
                "ttr" => AttackKind::Ttr,
                "dump" => AttackKind::Dump,
                "quitter" => AttackKind::Quitter,
                "glasnost" => AttackKind::Glasnost,
                "mad" => AttackKind::Mad,
                "martyr" => AttackKind::Martyr,
                "virus" => AttackKind::Virus,
                "gift" => AttackKind::Gift,
                "ping" => AttackKind::Ping,
                k => {
                    return Err(format!(
                        "unknown attack kind '{k}' (draw, backstab, ttr, dump, quitter, \
                         glasnost, mad, martyr, virus, gift, ping)"
                    ))
                }
            };
            let victim = seat(a.victim, "attack victim")?;
            if !st.is_alive(victim) {
                return Err(format!("attack victim {victim} is not in the game"));
            }
            let starter = if a.no_starter {
                NONE
            } else {
                seat(a.starter.unwrap_or(self.current), "attack starter")?
            };
            let mut att = Attack::new(kind, starter, victim);
            att.last = match a.last {
                Some(l) => seat(l, "attack last")?,
                None => starter,
            };
            use AttackKind as K;
            let directed_kind = matches!(
                kind,
                K::Glasnost | K::Mad | K::Martyr | K::Virus | K::Gift | K::Ping
            );
            att.directed = a.directed.unwrap_or(directed_kind);
            att.costs_turn = a.costs_turn.unwrap_or(matches!(kind, K::Draw | K::Ttr));
            att.backwards = a.backwards.unwrap_or(kind == K::Backstab);
            att.family = a.family.unwrap_or(if kind == K::Draw { 2 } else { 0 });
            if ![0, 2, 4].contains(&att.family) || (att.family != 0 && kind != K::Draw) {
                return Err("attack family: 2 or 4 for a draw stack, else 0".into());
            }
            att.hot_deaths = a.hot_deaths;
            att.harvester = a.harvester;
            att.harvester_last = a.harvester_last.unwrap_or(a.harvester);
            att.resume = match a.resume {
                Some(r) => seat(r, "attack resume")?,
                None if att.costs_turn => victim,
                None => starter,
            };
            att.amount = match kind {
                K::Draw | K::Backstab => {
                    let d = if kind == K::Backstab { 4 } else { 0 };
                    let m = a.amount.unwrap_or(d);
                    if m == 0 {
                        return Err("a draw attack needs 'amount' > 0".into());
                    }
                    m
                }
                K::Dump => {
                    if st.recycled.is_empty() {
                        return Err("a dump needs the 'recycled' cards it gives".into());
                    }
                    st.recycled.len() as u16
                }
                _ => a.amount.unwrap_or(1),
            };
            match kind {
                K::Gift => {
                    let c = a.card.as_deref().ok_or("a gift attack needs 'card'")?;
                    let k = card(c, "attack card")?;
                    take(k, "attack card")?;
                    st.limbo.add(k as usize);
                    att.card = k;
                }
                K::Martyr => {
                    for c in a.cards.codes() {
                        let k = card(c, "attack cards")?;
                        take(k, "attack cards")?;
                        st.limbo.add(k as usize);
                    }
                    att.amount = st.limbo.len() as u16;
                }
                K::Virus => {
                    take(virus, "attack (the Virus in transit)")?;
                    st.transit = virus;
                }
                _ => {}
            }
            st.attack = Some(att);
            if phase != "respond" {
                return Err(format!(
                    "an attack is pending: the phase is 'respond', not '{phase}'"
                ));
            }
        } else if phase == "respond" {
            return Err("phase 'respond' needs an 'attack'".into());
        }
        // The rest of the deck: under the listed draw pile (or under the top discard).
        let to_discard = crate::scenario::parse_unplaced(self.unplaced.as_deref())?;
        for (k, &c) in FACTS.copies.iter().enumerate() {
            for _ in used[k]..c as u32 {
                if to_discard {
                    st.discard.add(k);
                } else {
                    st.pile.add_shuffled(k as u16);
                }
            }
        }
        // A dump in progress: the recycled pile is no longer the pile in use.
        if self.attack.as_ref().is_some_and(|a| a.kind == "dump") {
            st.recycling = false;
        }
        for c in self.draw_pile.codes().iter().rev() {
            let k = card(c, "draw_pile")?;
            st.pile.push_top_ordered(k as u16);
        }
        if let Some(k) = first {
            st.pile.push_top_ordered(k as u16);
        }
        let mut census = vec![0u32; NUM_KINDS];
        st.census(&mut census);
        for (k, &c) in census.iter().enumerate() {
            if c != FACTS.copies[k] as u32 {
                return Err(format!(
                    "the census has {c} {} cards for the deck's {} (a bug in the notation)",
                    table()[k].code,
                    FACTS.copies[k]
                ));
            }
        }
        if first.is_some() {
            st.start(&mut crate::NoEvents);
            return Ok(st);
        }
        match phase {
            "turn" => st.phase = Phase::Turn,
            "respond" => st.phase = Phase::Respond,
            "begin" => {
                phase = "begin";
                let cur = st.current;
                st.begin_turn(cur, &mut crate::NoEvents);
            }
            p => {
                return Err(format!(
                    "unknown phase '{p}' (turn, begin, respond; respond needs 'attack')"
                ))
            }
        }
        let _ = phase;
        Ok(st)
    }
}

fn singles_name(i: usize) -> &'static str {
    [
        "Luck", "Yin", "Yang", "Prophet", "Death", "War", "Conquest", "Plague",
    ][i]
}
