//! Hot Death Uno, the original house rules (seed `001`): 324 cards from three decks, attacks
//! with stacking and defences, eliminations, conditional scoring and a match to 1000 (lowest
//! wins). Every rule and reading: `docs/rules/hot-death.md`.

pub mod action;
pub mod cards;
pub mod event;
pub mod options;
pub mod scenario;
pub mod scoring;
mod search;
mod state;
pub mod variant;
pub mod view;

pub use action::{action_name, decode_play, encode_play, NUM_ACTIONS};
pub use cards::{parse_card, CARDS, DECK_SIZE, NUM_KINDS};
pub use event::{AttackOn, Event, HandEnd};
pub use options::HotDeathOptions;
pub use scenario::HotDeathScenario;
pub use state::{HdHand, HotDeathState};
pub use view::HotDeathView;

use crate::action::{Action, ActionList};
use crate::game::{DecisionKind, EventSink, Game, GameCounters, IllegalAction, Outcome, Seat};
use crate::NoEvents;

impl HotDeathState {
    /// The card drawn in the current PostDraw decision.
    pub fn drawn_card(&self) -> Option<u8> {
        match self.phase {
            state::Phase::PostDraw { card } => Some(card),
            _ => None,
        }
    }
}

impl Game for HotDeathState {
    const NUM_ACTIONS: usize = NUM_ACTIONS;
    type View = HotDeathView;
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
    fn play_random(&mut self, rngs: &mut [crate::Rng]) {
        self.random_playout(rngs)
    }
    fn apply_logged(
        &mut self,
        a: Action,
        log: &mut dyn EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        self.check(a)?;
        self.step(a, log);
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome_inner()
    }
    fn counters(&self) -> &GameCounters {
        &self.counters
    }
    fn view(&self, seat: Seat) -> HotDeathView {
        HotDeathView::new(self, seat)
    }
    fn action_name(&self, a: Action) -> String {
        action_name(a)
    }
}

impl crate::game::CardGame for HotDeathState {
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
        crate::swap::census(
            &self.hands[..self.n as usize],
            &self.draw,
            &self.discard,
            out,
        )
    }
    fn swap_into_hand(
        &mut self,
        seat: Seat,
        kind: usize,
        rng: &mut crate::Rng,
    ) -> Option<crate::game::SwapRecord> {
        // Before the dealer has chosen the hand size the hands are empty: no swap.
        let n = self.n as usize;
        self.bastard_watch = true;
        crate::swap::swap_in(
            &mut self.hands[..n],
            &mut self.draw,
            seat,
            kind,
            rng,
            cards::is_plain_number,
        )
    }
}
