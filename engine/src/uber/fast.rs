//! Random play without writing the legal list: `Game::sample_legal` (`UberState::sample`)
//! counts the legal actions of the decision from word masks (the playable kinds of a turn,
//! `playable_kinds`; the stack answers, the group's cards, the Eddy kinds...) and the few
//! fixed actions after them, draws `i = rng.below(count)` and returns the `i`-th action of the
//! ascending list (`bits::select` in the mask, or one of the fixed actions): exactly
//! `legal[rng.below(legal.len())]` of the list `UberState::legal` writes, with the same draws
//! (the random agent's path in the batch runner; `engine/tests/uber_invariants.rs` checks the
//! equivalence at every step). A Math play under way (`Phase::Math`) still builds its short
//! list into a small buffer (`SmallList`, a shared `StackList`).
//!
//! `Game::play_random` runs `random_playout`: that sampling, and a plain play at a turn (a
//! coloured 2-9, Skip, Reverse or Draw Two that is not the player's last card nor a Reverse
//! under Rotate) applied in one go by `play_plain` instead of `step`; a draw or a pass at a
//! turn, the Fast Eddy window's `NO_EDDY` (the next claimant), the UNO call and the colour
//! named after a Wild, a Joker or a Player Card applied in the loop as `step` applies them;
//! every other decision goes through `step`. The game is the generic loop's, card for card and
//! draw for draw. Random play reads no seat's knowledge, so it does not keep the knowledge rows
//! (who knows which cards of whose hand): `random_playout` turns them off for the day
//! (`Knowledge::set_rows_off`; every hook then leaves them as they are, and `play_plain` does
//! not call `Knowledge::played` at all). They are left stale in the final state, which is
//! otherwise the generic loop's, the cards under the pile's knowers and the colour before the
//! last Major included (`engine/tests/uber_invariants.rs` compares everything but those rows).
//! A view of the finished day would show them; nothing reads a finished day's views.

use super::action::*;
use super::cards::*;
use super::options::{MATH, PINWHEEL, ROTATE};
use super::state::{ColorWhy, Group, Phase, Resume, UberState, NO_PLAY};
use crate::action::{Action, StackList};
use crate::bits::select;
use crate::rng::Rng;
use crate::NoEvents;

/// The most legal actions an Über decision offers: `Phase::Compensate` lists a kind of each of
/// two hands (59 kinds each) and `COMPENSATE_NONE`; a turn at most the 59 kinds and four more.
pub(crate) const UBER_MAX_LEGAL: usize = 2 * super::NUM_KINDS + 1;

/// A legal list of at most `UBER_MAX_LEGAL` actions, cheap to make on the stack.
pub(crate) type SmallList = StackList<UBER_MAX_LEGAL>;

/// The coloured kinds but the 1s (they follow colour and rank).
const COLOURED: u64 = ((1 << 52) - 1) & !ONES;
/// The black kinds anyone may play at any turn: Wild, Wild Draw Four, the Joker, Change Hands.
const BLACK_ALWAYS: u64 = (1 << WILD) | (1 << WILD_DRAW_FOUR) | (1 << JOKER) | (1 << CHANGE_HANDS);
/// The Red One (it may go out).
const RED_ONE: u64 = 1 << 1;
/// The kinds `play_plain` lays: the coloured 2-9, Skips, Reverses and Draw Twos (no 0: Go
/// Fish; no 1: the Wild Ones).
const PLAIN: u64 = COLOURED & !ZEROS;

/// The `i`-th (from 0) of the ascending actions `base + k` for the kinds `k` in `mask`,
/// followed by `extra` (ascending, all above them); `i` below their number.
#[inline(always)]
fn nth(mask: u64, base: Action, extra: &[Action], i: u32) -> Action {
    let n = mask.count_ones();
    if i < n {
        base + select(mask, i) as Action
    } else {
        extra[(i - n) as usize]
    }
}

/// `nth` at a uniformly random index, drawn as `legal[rng.below(len)]` draws it.
#[inline(always)]
fn pick(rng: &mut Rng, mask: u64, base: Action, extra: &[Action]) -> Action {
    let len = mask.count_ones() + extra.len() as u32;
    nth(mask, base, extra, rng.below(len))
}

impl UberState {
    /// `Game::play_random`: the generic loop (`sample`, then `step`) without the decision
    /// kind `to_act` adds.
    /// The loop dispatches on the phase once. A plain play at a turn (a coloured 2-9, Skip,
    /// Reverse or Draw Two; see `PLAIN`) is applied by `play_plain` in one go; a draw at a
    /// turn (but Doos' upperdecker), a pass, `NO_EDDY` in the Fast Eddy window, the UNO call
    /// (`CALL_UNO`) and a colour named after a Wild, a Joker or a Player Card (`ColorWhy::
    /// Plain`, `Pair`) here as `step` applies them; every other decision by `step` (its
    /// action drawn as `sample` draws it). Each ends as `step` does, the day truncated at
    /// `max_actions` (`cap_actions`).
    /// The knowledge rows are not kept meanwhile (see the module's note).
    pub(crate) fn random_playout(&mut self, rngs: &mut [Rng]) {
        self.know.set_rows_off(true);
        // The cards a 0 may ask for (`Phase::Ask`): the deck is the day's.
        let asks = self.deck_mask() & !(1 << JOKER);
        loop {
            match self.phase {
                Phase::Turn => {
                    let seat = self.current;
                    let a = self.sample_turn(&mut rngs[seat as usize]);
                    if a < 64 && PLAIN >> a & 1 == 1 && self.plain_here(seat, a as u8) {
                        self.play_plain(seat, a as u8);
                    } else if a == DRAW && !self.on_doos(seat) {
                        // `step(DRAW)` but the upperdecker.
                        self.counters.actions += 1;
                        if let Some(c) = self.draw_card(&mut NoEvents) {
                            self.hands[seat as usize].add(c as usize);
                        }
                        self.drew = true;
                    } else if a == PASS {
                        self.counters.actions += 1;
                        let next = self.next_seat(seat, 1);
                        self.begin_turn(next);
                    } else {
                        self.step(a, &mut NoEvents);
                        continue;
                    }
                }
                Phase::Eddy { asker } => {
                    let a = self.sample_eddy(asker, &mut rngs[asker as usize]);
                    if a != NO_EDDY {
                        self.step(a, &mut NoEvents);
                        continue;
                    }
                    // `step(NO_EDDY)`: the next claimant, or the runner's turn.
                    self.counters.actions += 1;
                    match self.next_claimant(asker) {
                        Some(next) => self.phase = Phase::Eddy { asker: next },
                        None => self.begin_turn(self.current),
                    }
                }
                Phase::CallUno => {
                    let seat = self.uno_seat;
                    if rngs[seat as usize].below(2) != 0 {
                        self.step(CALL_UNO + 1, &mut NoEvents);
                        continue;
                    }
                    // `step(CALL_UNO)`: the next owed call, or play goes on.
                    self.counters.actions += 1;
                    self.uno_done();
                }
                Phase::Color { why } => {
                    let me = self.current;
                    let c = rngs[me as usize].below(4) as u8;
                    if !matches!(why, ColorWhy::Plain | ColorWhy::Pair) {
                        self.step(COLOR + c as Action, &mut NoEvents);
                        continue;
                    }
                    // `step(COLOR + c)` after a Wild, a Joker or a Player Card: the turn ends.
                    self.counters.actions += 1;
                    self.color = c;
                    self.end_play(me, 0, &mut NoEvents);
                }
                Phase::Ask => {
                    let a = pick(&mut rngs[self.current as usize], asks, ASK, &[]);
                    self.step(a, &mut NoEvents);
                    continue;
                }
                Phase::Over => break,
                _ => {
                    let seat = self.actor_seat().unwrap_or(self.current);
                    let a = self.sample(&mut rngs[seat as usize]);
                    self.step(a, &mut NoEvents);
                    continue;
                }
            }
            // `step`'s end.
            self.cap_actions(&mut NoEvents);
        }
        self.know.set_rows_off(false);
    }

    /// Whether `play_plain` may lay `kind` (in `PLAIN`) for `me`: not their last card (the
    /// hand's end), not a Reverse under Rotate (11.10).
    #[inline(always)]
    fn plain_here(&self, me: u8, kind: u8) -> bool {
        self.hands[me as usize].len() > 1
            && !(rank_of(kind) == RANK_REVERSE && self.rules.has(ROTATE))
    }

    /// `step(PLAY(kind))` at `me`'s turn for a plain play (`PLAIN`, `plain_here`): what
    /// `play_at_turn` -> `start_play` -> `lay` -> `addable` -> `resolve_play` -> `end_play`
    /// do for such a card, without the knowledge rows (`Knowledge::played`; random play reads
    /// no seat's knowledge) and without events. The card goes on the discard pile; a card that
    /// may join it (R24, Pinwheel) opens `Phase::More`, otherwise the play resolves: a Reverse
    /// turns play (a Skip with two players), a Draw Two starts or grows the stack, and the
    /// turn passes after the UNO call (`after_turn`: the Fast Eddy window, the next turn).
    fn play_plain(&mut self, me: u8, kind: u8) {
        self.counters.actions += 1;
        let r = rank_of(kind);
        let (skip, reverse, minor) = (
            (r == RANK_SKIP) as u8,
            (r == RANK_REVERSE) as u8,
            (r == RANK_DRAW_TWO) as u8,
        );
        self.group = Group {
            first: kind,
            len: 1,
            skips: skip,
            reverses: reverse,
            minors: minor,
            majors: 0,
            guilty: false,
        };
        let hand = &mut self.hands[me as usize];
        hand.remove(kind as usize);
        let held = hand.mask(0) & !self.repo_block[me as usize];
        self.discard.add(kind as usize);
        self.top = kind;
        self.top_wild = false;
        self.last_play = kind;
        self.last_player = me;
        self.color = color_of(kind);
        // `addable`: identical copies, or the rank under Pinwheel.
        let mut more = held & (1 << kind);
        if self.rules.has(PINWHEEL) {
            more |= held & rank_mask(kind);
        }
        if more != 0 {
            self.phase = Phase::More;
            return;
        }
        // `resolve_play`'s coloured branch (the Reverse under Rotate is not plain).
        let mut skips = skip;
        if reverse == 1 {
            self.clockwise = !self.clockwise;
            if self.n == 2 {
                skips += 1;
            }
        }
        if minor == 1 {
            self.push_stack(me, 2, false, false);
        }
        self.eddied = false;
        let next = self.next_seat(me, 1 + skips);
        self.after_turn(me, Resume::Begin(next));
    }

    /// The kinds `seat` may play at a normal turn whether held or not: `playable` as a mask.
    #[inline]
    pub(crate) fn playable_kinds(&self, seat: u8) -> u64 {
        let len = self.hands[seat as usize].len();
        let mut ok = BLACK_ALWAYS | RED_ONE;
        if len >= 2 {
            ok |= ONES | (1 << UBER);
        }
        if self.opts.owner_ashley == Some(seat) {
            ok |= 1 << ASHLEY;
        }
        if self.opts.owner_snowbob == Some(seat) {
            ok |= 1 << SNOWBOB;
        }
        if self.color == NO_COLOR {
            ok |= COLOURED;
        } else {
            ok |= color_mask(self.color) & COLOURED;
            if !is_black(self.top) {
                ok |= rank_mask(self.top) & COLOURED;
            }
        }
        ok
    }

    /// The kinds in `seat`'s hand playable at a normal turn.
    #[inline]
    pub(crate) fn playable_mask(&self, seat: u8) -> u64 {
        self.hands[seat as usize].mask(0) & self.playable_kinds(seat)
    }

    /// `legal[rng.below(legal.len())]` over the list `legal` writes, without writing it.
    #[inline]
    pub(crate) fn sample(&self, rng: &mut Rng) -> Action {
        let me = self.current;
        match self.phase {
            Phase::Turn => self.sample_turn(rng),
            Phase::Respond => {
                let hand = &self.hands[me as usize];
                let mut answers = self.stack_answers(hand.mask(0), hand.len());
                if hand.count(WILD as usize) > 0
                    && self.rules.has(super::options::CARDS_GONE_WILD)
                    && self.wild_as_kinds(me) != 0
                {
                    answers |= 1 << WILD;
                }
                if self.stack.challengeable {
                    pick(rng, answers, PLAY, &[ACCEPT, CHALLENGE])
                } else {
                    pick(rng, answers, PLAY, &[ACCEPT])
                }
            }
            Phase::More => pick(rng, self.addable(me), PLAY, &[DONE]),
            Phase::Eddy { asker } => self.sample_eddy(asker, rng),
            Phase::Tap { .. } => TAP + rng.below(2) as Action,
            Phase::Color { .. } => COLOR + rng.below(4) as Action,
            Phase::Target { .. } => {
                let i = rng.below(self.n as u32 - 1) as Action;
                TARGET + i + (i >= me as Action) as Action
            }
            Phase::OneWindow { .. } => {
                if rng.below(2) == 0 {
                    PLAY + self.one.kind as Action
                } else {
                    NO_BLOCK
                }
            }
            Phase::Give { denied, .. } => {
                let mut m = self.hands[me as usize].mask(0);
                if denied != NO_PLAY && m & !(1 << denied) != 0 {
                    m &= !(1 << denied);
                }
                pick(rng, m, GIVE, &[])
            }
            Phase::Gift { .. } => DENY + rng.below(2) as Action,
            Phase::RotateChoice => ROTATE_ADD + rng.below(2) as Action,
            Phase::BuddyCard { buddy } => {
                let h = self.hands[buddy as usize].mask(0);
                let m = if color_of(self.one.kind) == 1 {
                    h
                } else {
                    h & NUMBERS
                };
                pick(rng, m, BUDDY, &[])
            }
            Phase::AddWindow { asker } => pick(rng, self.add_kinds(asker), PLAY, &[NO_BLOCK]),
            Phase::Repo => pick(rng, self.repo_mask(), TAKE, &[]),
            Phase::ZeroBlock { seat } => pick(
                rng,
                self.hands[seat as usize].mask(0) & ZEROS,
                PLAY,
                &[NO_BLOCK],
            ),
            Phase::Block { .. } => BLOCK + rng.below(2) as Action,
            Phase::Keep => {
                let m = self.hands[me as usize].mask(0) & !((1 << ASHLEY) | (1 << SNOWBOB));
                pick(rng, m, KEEP, &[])
            }
            Phase::WildAs => pick(rng, self.wild_as_kinds(me), WILD_AS, &[]),
            Phase::CallUno => CALL_UNO + rng.below(2) as Action,
            Phase::Catch { .. } => CATCH + rng.below(2) as Action,
            Phase::Addon { .. } => ADDON_ON + rng.below(2) as Action,
            Phase::Direction => DIR_CLOCKWISE + rng.below(2) as Action,
            Phase::ModeChoice => MODE + rng.below(3) as Action,
            Phase::DealSize => {
                let (lo, hi) = (self.opts.deal_min as u32, self.opts.deal_max as u32);
                DEAL + (lo + rng.below(hi - lo + 1)) as Action - 1
            }
            Phase::Ask => {
                let m = self.deck_mask() & !(1 << JOKER);
                pick(rng, m, ASK, &[])
            }
            Phase::Compensate {
                offender,
                challenger,
            } => {
                let give = self.hands[offender as usize].mask(0);
                let take = self.hands[challenger as usize].mask(0);
                let (g, t) = (give.count_ones(), take.count_ones());
                let i = rng.below(g + t + 1);
                if i < g {
                    GIVE + select(give, i) as Action
                } else if i < g + t {
                    TAKE + select(take, i - g) as Action
                } else {
                    COMPENSATE_NONE
                }
            }
            Phase::Math | Phase::Over => {
                let mut legal = SmallList::new();
                self.legal(&mut legal);
                let legal = legal.as_slice();
                legal[rng.below(legal.len() as u32) as usize]
            }
        }
    }

    /// `sample` at `Phase::Turn`: the playable kinds, then draw, pass, the Player Card pair
    /// and Math, as `legal` lists them. Inlined into `random_playout`'s loop.
    #[inline(always)]
    fn sample_turn(&self, rng: &mut Rng) -> Action {
        let me = self.current;
        let plays = self.playable_mask(me);
        let mut extra = [0 as Action; 4];
        let mut n = 0;
        if self.can_draw() && (!self.drew || self.opts.draw_until_pass) {
            extra[n] = DRAW;
            n += 1;
        }
        if self.drew || (plays == 0 && n == 0) {
            extra[n] = PASS;
            n += 1;
        }
        if self.pair_allowed(me) {
            extra[n] = PLAYER_PAIR;
            n += 1;
        }
        if self.rules.has(MATH)
            && self
                .math_target()
                .is_some_and(|t| self.math_possible(me, t, NO_COLOR))
        {
            extra[n] = MATH_START;
            n += 1;
        }
        pick(rng, plays, PLAY, &extra[..n])
    }

    /// `sample` at `Phase::Eddy`: the kinds `asker` may throw, then `NO_EDDY` and Math.
    #[inline(always)]
    fn sample_eddy(&self, asker: u8, rng: &mut Rng) -> Action {
        let m = self.eddy_kinds(asker);
        if self.math_eddy(asker) {
            pick(rng, m, PLAY, &[NO_EDDY, MATH_START])
        } else {
            pick(rng, m, PLAY, &[NO_EDDY])
        }
    }

    /// The kinds in play (at least one copy in the deck).
    #[inline]
    pub(crate) fn deck_mask(&self) -> u64 {
        let mut m = 0;
        for (k, &c) in self.deck.iter().enumerate() {
            m |= ((c > 0) as u64) << k;
        }
        m
    }
}
