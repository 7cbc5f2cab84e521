//! Random play in one loop (`Game::play_random`): the common decisions are sampled exactly as
//! `Game::sample_legal` picks them (`legal[rng.below(legal.len())]` over the ascending list)
//! and applied as `step` applies them, consuming the seats' generators the same way
//! (`engine/tests/blender_invariants.rs` compares the final state and generators with the
//! generic loop's).
//!
//! - A turn: the playable kinds are the hand's bits under each side's `side_base`, kept while
//!   the shown card, the mini-pile and the stack stay (random players draw far more than they
//!   play, so the shown card rarely changes between turns).
//! - A turn's decision and the decision on a drawn card: `proceed_in_order` takes the stages of
//!   a turn that ends without a decision or a jump-in window (the drawn card, a card's colour,
//!   action and modifier, the UNO checks, the end of the turn, the next player) in a row, as
//!   `proceed` would, with one copy per path (a draw or a kept card, a quiet card, any other
//!   card), and leaves everything else to `proceed`.
//! - The plain tempo-1 draw (`draw_plain`) and a quiet card laid (`lay_quiet`) skip the general
//!   draw loop and `lay`; whether the drawn card may be played is read from the bases
//!   (`Bases::playable`), and a drawn card played is laid as the turn's plays are.
//! - Every other decision goes through `sample_legal` and `step`'s `apply_action`, then
//!   `proceed_in_order`.
//!
//! Random play reads no seat's knowledge, so `random_playout` does not keep the knowledge rows
//! (`known`, `known_any`: `track_known` is off, and the updates of `knowledge.rs` do nothing):
//! the game it plays is the generic loop's, card for card and draw for draw, and so is the final
//! state but for those rows, which are left stale (the test compares everything else). A view
//! of the finished game would show them; nothing reads a finished game's views.

use super::action::*;
use super::cards::{kinds, quiet, WORDS};
use super::state::{BlenderState, Phase, Res, Shown, StackKind, Stage, NONE, NO_CARD};
use crate::rng::Rng;
use crate::NoEvents;

/// `side_base` of each side, and what each was computed for (the flex side only when a
/// hand holding flex kinds needs it).
struct Bases {
    key: u64,
    normal: [u64; WORDS],
    flex_key: u64,
    flex: [u64; WORDS],
}

impl Bases {
    /// The normal side's base brought up to date. Inlined at each call: the loop calls it
    /// where the shown card most likely changed (after a card is played, so that the test is
    /// nearly always true there) and at the start of a turn (nearly always false then), rather
    /// than at the start of a turn alone, where it would follow the previous turn's random
    /// draw or play.
    #[inline(always)]
    fn refresh(&mut self, st: &BlenderState, m: &super::masks::Masks) -> u64 {
        let key = st.base_key();
        if key != self.key {
            self.key = key;
            self.normal = st.side_base(&m.normal);
        }
        key
    }

    /// `refresh` once the play is back at a `Turn` decision (after a card or an action).
    #[inline(always)]
    fn refresh_at_turn(&mut self, st: &BlenderState, m: &super::masks::Masks) {
        if matches!(st.phase, Phase::Turn) {
            self.refresh(st, m);
        }
    }

    /// Whether kind `k` is playable now by its normal side, and (`green`: the player's Power
    /// Card is green) by its flex side: `can_play`'s answers read from the bases, brought up to
    /// date first.
    #[inline]
    fn playable(
        &mut self,
        st: &BlenderState,
        m: &super::masks::Masks,
        k: usize,
        green: bool,
    ) -> (bool, bool) {
        let key = self.refresh(st, m);
        let (w, b) = (k >> 6, 1u64 << (k & 63));
        let play = self.normal[w] & b != 0;
        let flex = green && m.flex.present[w] & b != 0 && {
            if key != self.flex_key {
                self.flex_key = key;
                self.flex = st.side_base(&m.flex);
            }
            self.flex[w] & b != 0
        };
        (play, flex)
    }
}

impl BlenderState {
    /// `play_nothing` for the plain tempo-1 draw of a seat without a link (no mini-pile, no
    /// Team Play turn, no stack due): the card drawn as `draw` draws it, and the turn's end set
    /// up as `play_nothing` sets it. Returns false (nothing done) in the other cases.
    #[inline]
    fn draw_plain(&mut self) -> bool {
        let cur = self.current;
        let stack_due = self.opts.stack_on_shortfall && self.stack_kind != StackKind::None;
        if self.mini_active
            || self.tempo > 1
            || self.team_turn
            || stack_due
            || self.link_partner(cur) != NONE
        {
            return false;
        }
        let k = match self.pull(&mut NoEvents) {
            Some(k) => {
                if self.take_drawn(cur, k, false, &mut NoEvents) {
                    self.creeper_enters(cur, &mut NoEvents);
                }
                k
            }
            None => NO_CARD,
        };
        self.drawn_first = k;
        self.end_without_card();
        self.res.stage = Stage::Drawn;
        self.res.give = k;
        true
    }

    /// `lay` for a quiet card (`cards::quiet`: a coloured card without symbols or modifier)
    /// laid on the discard pile by its normal side: nothing to resolve but the checks (random
    /// play keeps no knowledge rows, so `k_removed` has nothing to do).
    #[inline]
    fn lay_quiet(&mut self, seat: u8, k: u16, last: bool) {
        debug_assert!(!self.track_known && !self.mini_active && quiet(k as usize));
        let h = &mut self.hands[seat as usize];
        debug_assert!(h.has(k as usize), "seat {seat} lays {k} it does not hold");
        h.remove_held(k as usize);
        let one = h.len() == 1;
        self.touch(seat);
        if !one {
            self.ones &= !super::state::bit(seat);
        }
        let kd = &kinds()[k as usize];
        self.discard[k as usize] += 1;
        self.shown = Shown {
            kind: k,
            color: kd.normal.color,
            number: kd.normal.number,
        };
        let mut res = Res::new(seat, k, false, last, false);
        res.stage = Stage::Checks;
        self.res = res;
    }

    /// `after_draw` with the drawn card's playability read from the bases (`Bases::playable`).
    #[inline]
    fn after_draw_on(&mut self, bases: &mut Bases, m: &super::masks::Masks) {
        let Some((k, green)) = self.drawn_offer() else {
            return;
        };
        let (play, flex) = bases.playable(self, m, k as usize, green);
        debug_assert_eq!(
            play || flex,
            self.can_play(k as usize, false) || (green && self.can_play(k as usize, true))
        );
        if play || flex {
            self.phase = Phase::PostDraw { kind: k };
        }
    }

    /// What `side_base` depends on, as one word.
    #[inline]
    fn base_key(&self) -> u64 {
        let sh = self.shown;
        sh.kind as u64
            | (sh.color as u64) << 16
            | (sh.number as u64) << 24
            | (self.mini_active as u64) << 32
            | (self.mini_color as u64) << 40
            | (match self.stack_kind {
                StackKind::None => 0u64,
                StackKind::Draw => 1,
                StackKind::Stack => 2,
            }) << 48
    }

    /// `Game::play_random` for the Blender (see the module comment).
    pub(crate) fn random_playout(&mut self, rngs: &mut [Rng]) {
        self.track_known = false;
        let m = super::masks::masks();
        let mut bases = Bases {
            key: u64::MAX,
            normal: [0; WORDS],
            flex_key: u64::MAX,
            flex: [0; WORDS],
        };
        loop {
            // Tests in a row rather than `match` (one indirect jump, mispredicted whenever the
            // phase differs from the last one's).
            if matches!(self.phase, Phase::Turn) {
                let key = bases.refresh(self, m);
                let cur = self.current;
                let h = &self.hands[cur as usize];
                let green = self.red & super::state::bit(cur) == 0;
                let mut normal = [0u64; WORDS];
                let mut flex = [0u64; WORDS];
                let mut a = 0;
                let mut flexible = 0;
                for (w, x) in normal.iter_mut().enumerate() {
                    *x = h.mask(w) & bases.normal[w];
                    a += x.count_ones();
                    flexible |= h.mask(w) & m.flex.present[w];
                }
                let mut b = 0;
                if green && flexible != 0 {
                    if key != bases.flex_key {
                        bases.flex_key = key;
                        bases.flex = self.side_base(&m.flex);
                    }
                    for (w, x) in flex.iter_mut().enumerate() {
                        *x = h.mask(w) & bases.flex[w];
                        b += x.count_ones();
                    }
                }
                debug_assert_eq!((normal, flex), self.turn_masks());
                let i = rngs[cur as usize].below(a + b + 1);
                let act = if i < a {
                    PLAY + super::nth_kind(&normal, i) as u16
                } else if i < a + b {
                    FLEX + super::nth_kind(&flex, i - a) as u16
                } else {
                    self.turn_single()
                };
                // As `step` applies it.
                self.counters.actions += 1;
                self.phase = Phase::Busy;
                if act == DRAW {
                    if !self.draw_plain() {
                        self.play_nothing(&mut NoEvents);
                    }
                    if matches!(self.phase, Phase::Busy)
                        && !self.gift_flag
                        && self.res.stage == Stage::Drawn
                    {
                        self.after_draw_on(&mut bases, m);
                    }
                    self.proceed_in_order::<false, false>();
                } else if act < FLEX && !self.mini_active && quiet(act as usize) {
                    // As `turn_action` lays it.
                    self.played += 1;
                    let last = self.played >= self.tempo;
                    self.lay_quiet(cur, act, last);
                    self.proceed_in_order::<true, false>();
                    bases.refresh_at_turn(self, m);
                } else {
                    self.turn_action(act, &mut NoEvents);
                    self.proceed_in_order::<true, true>();
                    bases.refresh_at_turn(self, m);
                }
                self.check_cap(&mut NoEvents);
            } else if let Phase::PostDraw { kind } = self.phase {
                // The list: the play, the flex play (a green Power Card), `KEEP`.
                let cur = self.current;
                let k = kind as usize;
                let green = self.red & super::state::bit(cur) == 0;
                let (play, flex) = bases.playable(self, m, k, green);
                debug_assert_eq!(play, self.can_play(k, false));
                debug_assert_eq!(flex, green && self.can_play(k, true));
                let i = rngs[cur as usize].below(play as u32 + flex as u32 + 1);
                let act = if i < play as u32 {
                    PLAY + kind
                } else if i < play as u32 + flex as u32 {
                    FLEX + kind
                } else {
                    KEEP
                };
                if act == KEEP {
                    // As `step` applies it.
                    self.counters.actions += 1;
                    self.end_without_card();
                    self.proceed_in_order::<false, false>();
                    self.check_cap(&mut NoEvents);
                } else {
                    // As `step` applies it, then `proceed_in_order` for `proceed`.
                    self.counters.actions += 1;
                    self.phase = Phase::Busy;
                    self.played = 1;
                    if act < FLEX && !self.mini_active && quiet(kind as usize) {
                        self.lay_quiet(cur, kind, true);
                        self.proceed_in_order::<true, false>();
                        bases.refresh_at_turn(self, m);
                    } else {
                        self.lay(cur, kind, act >= FLEX, true, &mut NoEvents);
                        self.proceed_in_order::<true, true>();
                        bases.refresh_at_turn(self, m);
                    }
                    self.check_cap(&mut NoEvents);
                }
            } else if matches!(self.phase, Phase::Over) {
                return;
            } else {
                let (seat, _) = self.actor().expect("a decision is pending");
                let a = crate::game::Game::sample_legal(self, &mut rngs[seat as usize]);
                // As `step` applies it, with `proceed_in_order` for `proceed`.
                self.apply_action(a, &mut NoEvents);
                self.proceed_in_order::<true, true>();
                bases.refresh_at_turn(self, m);
                self.check_cap(&mut NoEvents);
            }
        }
    }

    /// `proceed` for the common ends of a turn: the stages the resolution loop takes after a
    /// turn's draw (`CARD` false: the drawn card, the UNO checks, the end of the turn with no
    /// card, the next player) or a card laid (the colour, the action and the modifier when
    /// `EFFECTS`, the checks, the end of the turn, the next player), in that order, each as
    /// `proceed` takes it and while no Gift is pending; anything else, and the rest of the
    /// resolution from there, is `proceed`'s.
    ///
    /// Each caller has its own copy (inlined), so that a test of the stage follows the path
    /// the turn took, not the random card or action that chose the path: the resolution
    /// loop's one dispatch on the stage is mispredicted at nearly every stage.
    #[inline(always)]
    fn proceed_in_order<const CARD: bool, const EFFECTS: bool>(&mut self) {
        'quick: {
            if !matches!(self.phase, Phase::Busy) {
                return;
            }
            if self.gift_flag {
                break 'quick;
            }
            if !CARD && self.res.stage == Stage::Drawn {
                self.after_draw();
                if !matches!(self.phase, Phase::Busy) {
                    return;
                }
            }
            if EFFECTS {
                if self.res.stage == Stage::Color {
                    self.stage_color();
                    if !matches!(self.phase, Phase::Busy) {
                        return;
                    }
                }
                if self.res.stage == Stage::Action {
                    self.stage_action(&mut NoEvents);
                    if !matches!(self.phase, Phase::Busy) {
                        return;
                    }
                    if self.gift_flag {
                        break 'quick;
                    }
                }
                if self.res.stage == Stage::Modifier {
                    self.stage_modifier(&mut NoEvents);
                    if !matches!(self.phase, Phase::Busy) {
                        return;
                    }
                    if self.gift_flag {
                        break 'quick;
                    }
                }
            }
            if self.res.stage == Stage::Checks {
                self.stage_checks();
                if !matches!(self.phase, Phase::Busy) {
                    return;
                }
            }
            if self.res.stage == Stage::EndTurn {
                if CARD {
                    self.stage_end_turn();
                } else {
                    // `stage_end_turn` with no card: no window.
                    debug_assert_eq!(self.res.kind, NO_CARD);
                    self.res.stage = Stage::Next;
                }
            }
            if self.res.stage == Stage::Next {
                self.stage_next(&mut NoEvents);
                return;
            }
        }
        self.proceed(&mut NoEvents);
    }
}
