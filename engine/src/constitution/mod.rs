//! Hot Death Uno v3, "The Constitution" (seed `000`): three card attributes, field cards,
//! directed attacks, jump-ins, the Four Horsemen and the Apocalypse, elimination mode. Every
//! rule and reading: `docs/rules/constitution.md` (its section 22 lists what is built).

pub mod action;
mod attack;
pub mod cards;
mod decide;
mod effects;
pub mod event;
mod fast;
mod field;
pub mod knowledge;
mod masks;
pub mod options;
pub mod scenario;
mod search;
mod state;
pub mod variant;
pub mod view;

pub use action::{action_name, NUM_ACTIONS};
pub use attack::{stack_value, Response};
pub use cards::{parse_card, table, Text, NUM_KINDS};
pub use event::{Event, Leave, LEAVE_NAMES};
pub use options::{ConOptions, Mode};
pub use state::{
    is_field, Attack, AttackKind, ChooseWhy, ColorWhy, ConHand, ConState, ConStats, Ctx, Phase,
    TargetWhy, NEUTRAL, NONE,
};
pub use view::ConView;

use crate::action::{Action, ActionList};
use crate::game::{
    CounterWriter, DecisionKind, EventSink, Game, GameCounters, IllegalAction, Outcome, Seat,
    StatDoc, VARIANT_COUNTERS,
};
use crate::NoEvents;

impl Game for ConState {
    const NUM_ACTIONS: usize = NUM_ACTIONS;
    type View = ConView;
    type Event = Event;

    fn num_players(&self) -> usize {
        self.n as usize
    }
    fn to_act(&self) -> Option<(Seat, DecisionKind)> {
        self.actor()
    }
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        self.legal(out)
    }
    /// `legal[rng.below(legal.len())]` over the same list, the plays of a turn counted on
    /// their mask and the other actions written to a small stack buffer (`ConState::sample`).
    #[inline]
    fn sample_legal(&self, rng: &mut crate::Rng) -> Action {
        self.sample(rng)
    }
    /// The generic loop's game and final state, except the knowledge rows, which random play
    /// does not keep (`fast.rs`).
    fn play_random(&mut self, rngs: &mut [crate::Rng]) {
        self.random_playout(rngs)
    }
    #[inline]
    fn apply_unchecked(&mut self, a: Action) {
        debug_assert_eq!(self.check(a), Ok(()));
        self.step(a, &mut NoEvents);
    }
    fn apply_logged(
        &mut self,
        a: Action,
        log: &mut dyn EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        self.check(a)?;
        self.step(a, &mut crate::game::DynSink(log));
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome_inner()
    }
    fn counters(&self) -> &GameCounters {
        &self.counters
    }
    const VARIANT_STATS: &'static [StatDoc] = variant::STAT_DOCS;
    fn variant_counters(&self, out: &mut [u64; VARIANT_COUNTERS]) {
        let st = self.stats;
        let mut w = CounterWriter::new(out);
        let apoc = st.apocalypse_at > 0;
        w.push(apoc as u64);
        w.push(if apoc {
            self.counters.actions as u64
        } else {
            0
        });
        w.extend(st.left_by_cause.iter().map(|&v| v as u64));
        w.extend((0..crate::game::MAX_PLAYERS).map(|s| (self.left_order[s] > 0) as u64));
        w.extend(self.left_order.iter().map(|&v| v as u64));
        for v in [
            st.accusations,
            st.accusations_right,
            st.battles,
            st.conquerors,
            st.communisms,
            st.wrong_jumps,
            st.wrong_jumps_called,
            st.questions,
            st.teams,
            st.dumps,
        ] {
            w.push(v as u64);
        }
        let at_end = self.field_counts(None);
        w.extend(at_end.iter().map(|&v| v as u64));
        let of_winner = self
            .winner()
            .map_or([0; 11], |w| self.field_counts(Some(w)));
        w.extend(of_winner.iter().map(|&v| v as u64));
        debug_assert_eq!(w.written(), crate::game::stat_slots(Self::VARIANT_STATS));
    }
    const SEAT_CATEGORIES: &'static [&'static str] = variant::SEAT_CATEGORIES;
    /// The dealer (bit 0) and the first player to act (bit 1).
    fn seat_categories(&self, seat: Seat) -> u64 {
        (self.dealer == seat) as u64 | ((self.current == seat) as u64) << 1
    }
    fn view(&self, seat: Seat) -> ConView {
        ConView::new(self, seat)
    }
    fn action_name(&self, a: Action) -> String {
        action_name(a)
    }
}

impl ConState {
    /// Active field cards by `variant::FIELD_LABELS`: all of them (`None`, Famine included),
    /// or those in front of one seat.
    pub fn field_counts(&self, seat: Option<u8>) -> [u16; 11] {
        let mut c = [0u16; 11];
        let mine = |h: u8| match seat {
            None => h != NONE,
            Some(s) => h == s,
        };
        for s in 0..self.n {
            if seat.is_none_or(|x| x == s) {
                c[0] += self.shields[s as usize] as u16;
                c[2] += self.viruses[s as usize] as u16;
            }
        }
        for (i, h) in [
            (1, self.luck),
            (3, self.yin),
            (4, self.yang),
            (5, self.prophet),
            (6, self.plague),
            (7, self.death),
            (9, self.war),
            (10, self.conquest),
        ] {
            c[i] += mine(h) as u16;
        }
        c[8] += (self.famine && seat.is_none()) as u16;
        c
    }
}

impl std::fmt::Debug for ConState {
    /// The table as a player-neutral summary (hands, piles, field, the pending attack).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = table();
        let codes = |h: &ConHand| crate::variant::hand_codes(t, h.iter());
        writeln!(
            f,
            "phase {:?} current {} who {} cursor {} skips {} again {} clockwise {}",
            self.phase, self.current, self.who, self.cursor, self.skips, self.again, self.clockwise
        )?;
        for s in 0..self.n as usize {
            writeln!(
                f,
                "seat {s}{}: {} | shields {} viruses {} uno {}",
                if self.is_alive(s as u8) { "" } else { " (out)" },
                codes(&self.hands[s]),
                self.shields[s],
                self.viruses[s],
                self.uno_called(s as u8)
            )?;
        }
        writeln!(
            f,
            "reference {:?} top {} discard {} recycled {:?} pile {} limbo {}",
            self.reference(),
            self.top,
            codes(&self.discard),
            self.recycled_pile().map(codes),
            self.pile.len(),
            codes(&self.limbo)
        )?;
        writeln!(
            f,
            "field {:?} famine {} clock {} apocalypse {} team {:?} attack {:?}",
            self.field_holders(),
            self.famine,
            self.death_clock,
            self.apocalypse,
            self.team(),
            self.attack
        )
    }
}

/// A plain number card: a plain 0-9 of a colour (its only effect is to match).
pub fn is_plain_number(kind: usize) -> bool {
    kind < 52 && kind % 13 <= 9
}

impl crate::game::CardGame for ConState {
    fn card_table(&self) -> &'static [crate::cards::CardInfo] {
        table()
    }
    fn is_plain_number(&self, kind: usize) -> bool {
        is_plain_number(kind)
    }
    fn held(&self, seat: Seat, kind: usize) -> u32 {
        self.hands[seat as usize].count(kind) as u32
    }
    fn played_kind(&self, a: Action) -> Option<usize> {
        action::play_of(a).map(|(k, _)| k as usize)
    }
    fn census(&self, out: &mut [u32]) {
        let mut add = |h: &ConHand| {
            for (k, c) in h.iter() {
                out[k] += c as u32;
            }
        };
        for h in &self.hands[..self.n as usize] {
            add(h);
        }
        add(&self.discard);
        add(&self.recycled);
        add(&self.limbo);
        add(&self.captured);
        for &k in self.pile.as_slice() {
            out[k as usize] += 1;
        }
        let one = |t: Text| cards::first_kind(t).expect("a kind per text") as usize;
        for s in 0..self.n as usize {
            out[one(Text::BlueShield)] += self.shields[s] as u32;
            out[one(Text::Virus)] += self.viruses[s] as u32;
        }
        for (t, holder) in [
            (Text::Luck, self.luck),
            (Text::Yin, self.yin),
            (Text::Yang, self.yang),
            (Text::Prophet, self.prophet),
            (Text::Death, self.death),
            (Text::War, self.war),
            (Text::Conquest, self.conquest),
            (Text::Plague, self.plague),
        ] {
            if holder != NONE {
                out[one(t)] += 1;
            }
        }
        if self.famine {
            out[one(Text::Famine)] += 1;
        }
        for &k in &self.chosen[..self.chosen_len as usize] {
            out[k as usize] += 1;
        }
        if self.death_card != NONE {
            out[self.death_card as usize] += 1;
        }
        if self.transit != NONE {
            out[self.transit as usize] += 1;
        }
    }
    fn swap_into_hand(
        &mut self,
        seat: Seat,
        kind: usize,
        rng: &mut crate::Rng,
    ) -> Option<crate::game::SwapRecord> {
        let n = self.n as usize;
        crate::swap::swap_in(
            &mut self.hands[..n],
            &mut self.pile,
            seat,
            kind,
            rng,
            is_plain_number,
        )
    }
}

#[cfg(test)]
mod tests;
