//! Random play in one loop (`Game::play_random`): every seat picks uniformly among its legal
//! actions, exactly as the generic loop `apply_unchecked(sample_legal(&mut rngs[seat]))` does
//! (the same actions from the same draws, so the same game), without the per-decision trait
//! dispatch. The one difference: the knowledge rows (`knowledge.rs`: what each player knows of
//! the others' hands) are not kept, since only the players' views read them and random play
//! reads none; after `play_random` they are what they were before it.
//! `constitution_invariants.rs` compares this loop with the generic one on everything else.

use super::state::ConState;
use crate::NoEvents;

impl ConState {
    /// `Game::play_random` for the Constitution (see the module comment).
    pub(crate) fn random_playout(&mut self, rngs: &mut [crate::Rng]) {
        let was_off = self.know.off;
        self.know.off = true;
        while let Some((seat, _)) = self.actor() {
            let a = self.sample(&mut rngs[seat as usize]);
            self.step(a, &mut NoEvents);
        }
        self.know.off = was_off;
    }

    /// Whether two states are equal but for the knowledge rows (what `random_playout` does not
    /// keep): the invariant tests' comparison of `play_random` with the generic loop.
    #[doc(hidden)]
    pub fn same_but_knowledge(&self, other: &ConState) -> bool {
        let (mut a, mut b) = (self.clone(), other.clone());
        a.know = super::knowledge::Knowledge::new();
        b.know = super::knowledge::Knowledge::new();
        a == b
    }
}
