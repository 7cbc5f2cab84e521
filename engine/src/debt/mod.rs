//! Uno Debt v1.6 (seed `003`): a buying-power card per player, a debt on a number line that
//! number cards pay down, multi-card plays summed against it, personal discard piles drawn back
//! a card a turn, and the DEBT call. Every rule and reading: `docs/rules/debt.md`.

pub mod action;
pub mod cards;
pub mod event;
mod fast;
pub mod options;
pub mod scenario;
mod search;
mod state;
pub mod variant;
pub mod view;

pub use action::{action_name, decode_play, encode_play, NUM_ACTIONS};
pub use cards::{number, parse_card, CARDS, MAX_CARDS, NUM_KINDS};
pub use event::Event;
pub use options::{AttackRule, DebtOptions, StuckWithPile};
pub use scenario::DebtScenario;
pub use state::{DebtHand, DebtState, DebtStats, Group, Phase, NO_COLOR};
pub use view::DebtView;

use crate::action::{Action, ActionList};
use crate::game::{DecisionKind, EventSink, Game, GameCounters, IllegalAction, Outcome, Seat};
use crate::NoEvents;

impl Game for DebtState {
    const NUM_ACTIONS: usize = NUM_ACTIONS;
    type View = DebtView;
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
    fn sample_legal(&self, rng: &mut crate::Rng) -> Action {
        self.sample(rng)
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
        self.step(a, &mut DynSink(log));
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome_inner()
    }
    fn counters(&self) -> &GameCounters {
        &self.counters
    }
    fn view(&self, seat: Seat) -> DebtView {
        DebtView::new(self, seat)
    }
    fn action_name(&self, a: Action) -> String {
        action_name(a)
    }
}

/// A `dyn` sink passed where the state machine takes `impl EventSink`.
struct DynSink<'a>(&'a mut dyn EventSink<Event>);
impl EventSink<Event> for DynSink<'_> {
    #[inline]
    fn event(&mut self, e: Event) {
        self.0.event(e)
    }
}

impl crate::game::CardGame for DebtState {
    fn card_table(&self) -> &'static [crate::cards::CardInfo] {
        &CARDS
    }
    fn is_plain_number(&self, kind: usize) -> bool {
        cards::is_plain_number(kind)
    }
    fn held(&self, seat: Seat, kind: usize) -> u32 {
        self.hands[seat as usize].count(kind) as u32
    }
    fn played_kind(&self, a: Action) -> Option<usize> {
        decode_play(a).map(|(k, _)| k as usize)
    }
    fn census(&self, out: &mut [u32]) {
        let n = self.n as usize;
        for s in 0..n {
            for (k, c) in self.hands[s].iter().chain(self.piles[s].iter()) {
                out[k] += c as u32;
            }
            out[self.bp[s] as usize] += 1;
        }
        for (k, _) in self.play_area() {
            out[k as usize] += 1;
        }
        for &k in self.melon.as_slice() {
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
            &mut self.melon,
            seat,
            kind,
            rng,
            cards::is_plain_number,
        )
    }
}
