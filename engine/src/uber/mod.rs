//! Über Uno (seed `002`): one loser per hand, the Nappy of the day, the Ultimate Joker, the
//! Über, Change Hands, Player Cards, Fast Eddy, Go Fish, the Wild Ones and ten add-ons. Every
//! rule and reading: `docs/rules/uber.md` (a specification until the engine is complete; what
//! is built so far is listed in `state.rs`). Not yet registered in the command line.

pub mod action;
pub mod cards;
pub mod event;
pub mod knowledge;
pub mod options;
mod search;
mod state;
pub mod view;

pub use action::{action_name, NUM_ACTIONS};
pub use cards::{parse_card, CARDS, MAX_CARDS, NUM_KINDS};
pub use event::{Event, TieBreak};
pub use knowledge::Knowledge;
pub use options::{AddOn, DirectionRule, Mode, ModeRule, UberOptions};
pub use state::{
    ColorWhy, HandRules, OneAction, OneCtx, Phase, Resume, Rotation, Stack, UberHand, UberState,
    UberStats,
};
pub use view::{BottomRun, UberView, HIDDEN_KIND};

use crate::action::{Action, ActionList};
use crate::game::{DecisionKind, EventSink, Game, GameCounters, IllegalAction, Outcome, Seat};
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
    fn view(&self, seat: Seat) -> UberView {
        UberView::new(self, seat)
    }
    fn action_name(&self, a: Action) -> String {
        action_name(a)
    }
}

#[cfg(test)]
mod tests;
