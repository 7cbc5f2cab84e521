//! Hot Death Uno v3, "The Constitution" (seed `000`): three card attributes, field cards,
//! directed attacks, jump-ins, the Four Horsemen and the Apocalypse, elimination mode. Every
//! rule and reading: `docs/rules/constitution.md` (its section 22 lists what is built).

pub mod action;
mod attack;
pub mod cards;
mod decide;
mod effects;
pub mod event;
mod field;
pub mod options;
mod state;
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
use crate::game::{DecisionKind, EventSink, Game, GameCounters, IllegalAction, Outcome, Seat};
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
    fn view(&self, seat: Seat) -> ConView {
        ConView::new(self, seat)
    }
    fn action_name(&self, a: Action) -> String {
        action_name(a)
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
