//! Über Uno (seed `002`): one loser per hand, the Nappy of the day, the Ultimate Joker, the
//! Über, Change Hands, Player Cards, Fast Eddy, Go Fish, the Wild Ones and ten add-ons. Every
//! rule and reading: `docs/rules/uber.md` (a specification until the engine is complete; what
//! is built so far is listed in the document's status banner). Registered in the command line
//! as `-v uber` (`variant.rs`).

pub mod action;
pub mod cards;
pub mod event;
mod fast;
pub mod knowledge;
mod math;
pub mod options;
pub mod scenario;
mod search;
mod state;
pub mod variant;
pub mod view;

pub use action::{action_name, NUM_ACTIONS};
pub use cards::{parse_card, CARDS, MAX_CARDS, NUM_KINDS};
pub use event::{Event, TieBreak};
pub use knowledge::Knowledge;
pub use options::{AddOn, DirectionRule, Mode, ModeRule, UberOptions};
pub use scenario::UberScenario;
pub use state::{
    ColorWhy, HandRules, MathPlay, OneAction, OneCtx, Phase, Resume, Rotation, Stack, UberHand,
    UberState, UberStats,
};
pub use view::{BottomRun, UberView, HIDDEN_KIND};

use crate::action::{Action, ActionList};
use crate::game::{
    CounterWriter, DecisionKind, EventSink, Game, GameCounters, IllegalAction, Outcome, Seat,
    StatDoc, VARIANT_COUNTERS,
};
use crate::NoEvents;

impl Game for UberState {
    const NUM_ACTIONS: usize = NUM_ACTIONS;
    type View = UberView;
    type Event = Event;

    fn num_players(&self) -> usize {
        self.n as usize
    }
    fn to_act(&self) -> Option<(Seat, DecisionKind)> {
        self.actor()
    }
    fn legal_actions(&self, out: &mut ActionList) {
        self.legal(out)
    }
    /// `legal[rng.below(legal.len())]` over the same list, without writing it (`fast.rs`).
    #[inline]
    fn sample_legal(&self, rng: &mut crate::Rng) -> Action {
        self.sample(rng)
    }
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
        let st = self.stats();
        let nappy = if self.truncated { None } else { self.nappy };
        let mut w = CounterWriter::new(out);
        w.extend(st.lost.iter().map(|&v| v as u64));
        w.extend((0..crate::game::MAX_PLAYERS).map(|s| (nappy == Some(s as u8)) as u64));
        w.extend(st.points.iter().map(|&v| v.max(0) as u64));
        w.push(st.hands as u64);
        w.push(st.loser_points.max(0) as u64);
        w.push(st.dealt as u64);
        w.extend(st.tiebreaks.iter().map(|&v| v as u64));
        for v in [
            st.exchanges,
            st.blocks,
            st.jokers,
            st.leaks,
            st.pairs,
            st.taps_won,
        ] {
            w.push(v as u64);
        }
        w.extend(st.addon_on.iter().map(|&v| v as u64));
        w.extend(st.modes.iter().map(|&v| v as u64));
        debug_assert_eq!(w.written(), crate::game::stat_slots(Self::VARIANT_STATS));
    }
    const SEAT_CATEGORIES: &'static [&'static str] = variant::SEAT_CATEGORIES;
    /// The first dealer (bit 0) and the Player Cards' owners (bits 1 and 2).
    fn seat_categories(&self, seat: Seat) -> u64 {
        (self.dealer == seat) as u64
            | ((self.opts.owner_ashley == Some(seat)) as u64) << 1
            | ((self.opts.owner_snowbob == Some(seat)) as u64) << 2
    }
    fn view(&self, seat: Seat) -> UberView {
        UberView::new(self, seat)
    }
    fn action_name(&self, a: Action) -> String {
        action_name(a)
    }
}

impl crate::game::CardGame for UberState {
    fn card_table(&self) -> &'static [crate::cards::CardInfo] {
        &CARDS
    }
    fn is_plain_number(&self, kind: usize) -> bool {
        variant::is_plain_number(kind)
    }
    fn held(&self, seat: Seat, kind: usize) -> u32 {
        self.hands[seat as usize].count(kind) as u32
    }
    fn played_kind(&self, a: Action) -> Option<usize> {
        action::in_block(a, action::PLAY, NUM_KINDS as u16).map(|k| k as usize)
    }
    fn census(&self, out: &mut [u32]) {
        for h in &self.hands[..self.n as usize] {
            for (k, c) in h.iter() {
                out[k] += c as u32;
            }
        }
        for (k, c) in self.discard.iter() {
            out[k] += c as u32;
        }
        for &k in self.pile.as_slice() {
            out[k as usize] += 1;
        }
        for &k in &self.bottom[..self.bottom_len as usize] {
            out[k as usize] += 1;
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
            variant::is_plain_number,
        )
    }
}

#[cfg(test)]
mod tests;
