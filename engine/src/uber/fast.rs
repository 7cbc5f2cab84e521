//! Random play without zeroing a full `ActionList`: `Game::sample_legal` builds the same legal
//! list (`UberState::legal`, generic over where it writes) into a small buffer and picks
//! `legal[rng.below(legal.len())]`, exactly as the default does (the random agent's path in
//! the batch runner; `engine/tests/uber_invariants.rs` checks the equivalence at every step).

use crate::action::{Action, ActionList};

/// Where `UberState::legal` writes the legal actions, in ascending order.
pub(crate) trait LegalOut {
    fn clear(&mut self);
    fn push(&mut self, a: Action);
    fn is_empty(&self) -> bool;
}

impl LegalOut for ActionList {
    #[inline]
    fn clear(&mut self) {
        ActionList::clear(self)
    }
    #[inline]
    fn push(&mut self, a: Action) {
        ActionList::push(self, a)
    }
    #[inline]
    fn is_empty(&self) -> bool {
        ActionList::is_empty(self)
    }
}

/// The most legal actions an Über decision offers: `Phase::Compensate` lists a kind of each of
/// two hands (59 kinds each) and `COMPENSATE_NONE`; a turn at most the 59 kinds and four more.
pub(crate) const UBER_MAX_LEGAL: usize = 2 * super::NUM_KINDS + 1;

/// A legal list of at most `UBER_MAX_LEGAL` actions, cheap to make on the stack.
pub(crate) struct SmallList {
    len: usize,
    buf: [Action; UBER_MAX_LEGAL],
}

impl SmallList {
    #[inline]
    pub(crate) fn new() -> Self {
        SmallList {
            len: 0,
            buf: [0; UBER_MAX_LEGAL],
        }
    }
    #[inline]
    pub(crate) fn as_slice(&self) -> &[Action] {
        &self.buf[..self.len]
    }
}

impl LegalOut for SmallList {
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    fn push(&mut self, a: Action) {
        self.buf[self.len] = a;
        self.len += 1;
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.len == 0
    }
}
