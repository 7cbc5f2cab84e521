//! Random play without building the legal-action list: `Game::sample_legal` picks exactly the
//! action `legal[rng.below(legal.len())]` would over the ascending list `legal_actions` writes
//! (the random agent's path in the batch runner; `engine/tests/debt_invariants.rs` checks the
//! equivalence). `Game::play_random` runs `random_playout`, a loop that samples and applies the
//! common decisions (a play and the group that follows it, proceeding from the start of a turn)
//! in one step, consuming the generators exactly as the generic loop does (tested there too).
//!
//! Random play reads no seat's knowledge, so `random_playout` does not keep the knowledge rows
//! (`known_hand`, `known_pile`, `own_pile`: `step::<false>` and the other `KNOW = false`
//! calls): the game it plays is the generic loop's, card for card and draw for draw, and so is
//! the final state but for those rows, which are left stale (the test compares everything
//! else). A view of the finished game would show them; nothing reads a finished game's views.

use super::action::*;
use super::cards::{WILD, WILD_DRAW_FOUR};
use super::state::{DebtState, Group, Phase, NO_COLOR};
use crate::action::Action;
use crate::bits::select;
use crate::game::MAX_PLAYERS;
use crate::rng::Rng;
use crate::NoEvents;

const WILDS: u64 = (1 << WILD) | (1 << WILD_DRAW_FOUR);

/// `PLAYABLE`'s row for an empty play area.
const EMPTY_AREA: usize = 54;

/// The kinds that may start a play, by the top card's kind (`EMPTY_AREA`: none) and the colour
/// in play (`NO_COLOR`: none, every kind): `COLOR_MASK[colour] | RANK_MASK[rank_of(top)] |
/// WILDS` as `playable` reads S3 (a wild on top matches no rank). Rows and columns past those
/// are never read.
static PLAYABLE: [[u64; 8]; 64] = playable_table();

const fn playable_table() -> [[u64; 8]; 64] {
    let mut t = [[0u64; 8]; 64];
    let mut top = 0;
    while top <= EMPTY_AREA {
        // Kinds of the top card's rank (a coloured top only).
        let mut rank = 0u64;
        if top < WILD as usize {
            let mut k = 0;
            while k < WILD as usize {
                if k % 13 == top % 13 {
                    rank |= 1 << k;
                }
                k += 1;
            }
        }
        let mut color = 0;
        while color < NO_COLOR as usize {
            let mut m = WILDS | rank;
            let mut k = color * 13;
            while k < color * 13 + 13 {
                m |= 1 << k;
                k += 1;
            }
            t[top][color] = m;
            color += 1;
        }
        t[top][NO_COLOR as usize] = !0;
        top += 1;
    }
    t
}

/// A sampled turn-start action (`sample_start_move`), decoded: the fused loop applies a buy or
/// proceeds without encoding the action and decoding it again.
#[derive(Clone, Copy)]
enum StartMove {
    /// `PROCEED`.
    Proceed,
    /// `buy(seat, count)`.
    Buy(u8, u8),
    /// Another action (`TAKE_ONE`, `COMBINE`, a withdrawal), applied by `step`.
    Other(Action),
}

impl StartMove {
    /// The action code.
    #[inline(always)]
    fn action(self) -> Action {
        match self {
            StartMove::Proceed => PROCEED,
            StartMove::Buy(t, c) => buy(t, c),
            StartMove::Other(a) => a,
        }
    }
}

impl DebtState {
    /// The kinds in `current`'s hand that can start a play (S3), as a bitset: with a colour in
    /// play, the kinds of that colour, of the top card's rank, and the wilds; with none, every
    /// kind (`PLAYABLE`, by the top card and the colour).
    #[inline]
    pub(crate) fn playable_mask(&self) -> u64 {
        let hand = self.hands[self.current as usize].mask(0);
        // The top card, or `EMPTY_AREA`, selected without a branch (the slot read when the
        // area is empty is its first, whatever it holds).
        let len = self.area_len as usize;
        let last = self.area[len.saturating_sub(1)] as usize & 0xff;
        let top = if len == 0 { EMPTY_AREA } else { last };
        hand & PLAYABLE[top & 63][self.color as usize & 7]
    }

    /// The `i`-th action (ascending) of the plays of the kinds in `mask` (a wild kind gives
    /// four, one per colour), with the number of such plays.
    #[inline]
    fn play_count(mask: u64) -> u32 {
        (mask & !WILDS).count_ones() + 4 * (mask & WILDS).count_ones()
    }

    #[inline]
    fn play_at(mask: u64, i: u32) -> Action {
        let coloured = mask & !WILDS;
        let nc = coloured.count_ones();
        if i < nc {
            return select(coloured, i) as Action;
        }
        let j = i - nc;
        let kind = select(mask & WILDS, j / 4) as u8;
        encode_play(kind, (j % 4) as u8)
    }

    /// The kind and named colour (wilds) of `play_at(mask, i)`.
    #[inline(always)]
    fn pick_at(mask: u64, i: u32) -> (u8, Option<u8>) {
        let coloured = mask & !WILDS;
        let nc = coloured.count_ones();
        if i < nc {
            return (select(coloured, i) as u8, None);
        }
        let j = i - nc;
        (select(mask & WILDS, j / 4) as u8, Some((j % 4) as u8))
    }

    /// `Game::play_random` for Debt (see the module comment).
    pub(crate) fn random_playout(&mut self, rngs: &mut [Rng]) {
        #[cfg(target_arch = "x86_64")]
        if crate::bits::has_bmi() {
            // SAFETY: the CPU has the features `random_playout_bmi` is compiled for.
            unsafe { self.random_playout_bmi(rngs) };
            return;
        }
        self.random_playout_body(rngs)
    }

    /// `random_playout_body` compiled for CPUs with BMI1, BMI2 and LZCNT (see
    /// `bits::has_bmi`); the same code, so the same games.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,lzcnt")]
    fn random_playout_bmi(&mut self, rngs: &mut [Rng]) {
        self.random_playout_body(rngs)
    }

    /// The seats' generators are copied into a local array for the game (and back at its
    /// end): a seat's generator is then found without the slice's length.
    #[inline(always)]
    fn random_playout_body(&mut self, rngs: &mut [Rng]) {
        let n = self.n as usize;
        assert!(rngs.len() >= n, "a generator per seat");
        let mut seats: [Rng; MAX_PLAYERS] = std::array::from_fn(|s| {
            if s < n {
                rngs[s].clone()
            } else {
                Rng::placeholder()
            }
        });
        self.random_playout_seats(&mut seats);
        rngs[..n].clone_from_slice(&seats[..n]);
    }

    #[inline(always)]
    fn random_playout_seats(&mut self, rngs: &mut [Rng; MAX_PLAYERS]) {
        loop {
            match self.phase {
                Phase::Play => {
                    // Turns that begin at `Play` follow one another without the dispatch.
                    loop {
                        self.random_play(rngs, false);
                        if self.phase != Phase::Play {
                            break;
                        }
                    }
                }
                Phase::Reward => self.random_play(rngs, true),
                Phase::Attack => {
                    // As `sample` picks and `step` applies an attack.
                    let me = self.current;
                    let others = self.n as u32 - 1;
                    let i = rngs[me as usize].below(2 * others);
                    let mut t = (i % others) as u8;
                    if t >= me {
                        t += 1;
                    }
                    self.counters.actions += 1;
                    self.attack(me, t, i >= others, &mut NoEvents);
                    self.check_cap(&mut NoEvents);
                }
                Phase::Start { took } => {
                    let me = self.current;
                    match self.sample_start_move(took, &mut rngs[me as usize]) {
                        StartMove::Proceed => {
                            // As `step` does for PROCEED; the play follows at once.
                            self.counters.actions += 1;
                            self.phase = Phase::Play;
                            self.check_cap(&mut NoEvents);
                            if self.phase == Phase::Play {
                                self.random_play(rngs, false);
                            }
                        }
                        StartMove::Buy(t, c) => {
                            // As `step` does for a buy; the play follows at once.
                            self.counters.actions += 1;
                            self.buy::<false>(me, t, c, &mut NoEvents);
                            self.phase = Phase::Play;
                            self.check_cap(&mut NoEvents);
                            if self.phase == Phase::Play {
                                self.random_play(rngs, false);
                            }
                        }
                        StartMove::Other(a) => self.step::<false>(a, &mut NoEvents),
                    }
                }
                Phase::Over => return,
                _ => self.random_other(rngs),
            }
        }
    }

    /// A decision the fused loop does not sample itself (the UNO call, the DEBT window, a group
    /// at the action cap), sampled as `sample` does and applied by `step`: out of line.
    #[inline(never)]
    fn random_other(&mut self, rngs: &mut [Rng; MAX_PLAYERS]) {
        let a = match self.phase {
            Phase::CallUno => CALL_UNO + rngs[self.current as usize].below(2) as Action,
            Phase::DebtWindow { asker } => CALL_DEBT + rngs[asker as usize].below(2) as Action,
            _ => {
                let (seat, _) = self.actor().expect("a decision");
                self.sample(&mut rngs[seat as usize])
            }
        };
        self.step::<false>(a, &mut NoEvents);
    }

    /// `random_playout`'s `Play` (or, `reward`, `Reward`) decision of `current` and the group
    /// decisions that follow it, applied as `step` does.
    #[inline(always)]
    fn random_play(&mut self, rngs: &mut [Rng; MAX_PLAYERS], reward: bool) {
        let me = self.current;
        let rng = &mut rngs[me as usize];
        let mask = self.playable_mask();
        let plays = Self::play_count(mask);
        let first = if reward {
            let i = rng.below(plays + 1);
            if i == plays {
                // Done: no reward play.
                self.counters.actions += 1;
                self.group = Group {
                    reward: true,
                    ..Group::default()
                };
                self.phase = Phase::Attack;
                self.check_cap(&mut NoEvents);
                return;
            }
            i
        } else if plays == 0 {
            // The stuck options (rule 6).
            let (opts, n) = self.stuck_options();
            let a = opts[rng.below(n as u32) as usize];
            // As `step` does for these.
            self.counters.actions += 1;
            if a == DONE {
                self.stuck_pass::<false>(me, &mut NoEvents);
            } else {
                self.stuck::<false>(me, a, &mut NoEvents);
            }
            self.check_cap(&mut NoEvents);
            return;
        } else {
            rng.below(plays)
        };
        let (mut kind, mut named) = Self::pick_at(mask, first);
        self.counters.actions += 1;
        // The group is kept here, its totals in one word (`CARD_EFFECT`), and stored before
        // `finish_play` (which reads it), as `step` leaves it.
        let first = kind;
        let color_before = self.color;
        let mut totals = 0u64;
        loop {
            totals += self.lay_card::<false>(me, kind, named, &mut NoEvents);
            let add = self.addable(first, Group::totals_len(totals), reward);
            if add == 0 {
                break;
            }
            // `step` leaves the phase at `Group` here (nothing reads it before the next
            // decision sets it again), then checks the cap.
            if self.counters.actions >= self.opts.max_actions {
                self.group = Group::from_totals(first, color_before, reward, totals);
                self.phase = Phase::Group;
                self.check_cap(&mut NoEvents);
                return;
            }
            let plays = Self::play_count(add);
            let i = rng.below(plays + 1);
            self.counters.actions += 1;
            if i == plays {
                // Done.
                break;
            }
            (kind, named) = Self::pick_at(add, i);
        }
        self.group = Group::from_totals(first, color_before, reward, totals);
        self.finish_play(&mut NoEvents);
        self.check_cap(&mut NoEvents);
    }

    /// A uniformly random legal action (see the module comment).
    pub(crate) fn sample(&self, rng: &mut Rng) -> Action {
        let me = self.current;
        match self.phase {
            Phase::Play | Phase::Reward => {
                let mask = self.playable_mask();
                let plays = Self::play_count(mask);
                if self.phase == Phase::Reward {
                    let i = rng.below(plays + 1);
                    return if i < plays {
                        Self::play_at(mask, i)
                    } else {
                        DONE
                    };
                }
                if plays > 0 {
                    return Self::play_at(mask, rng.below(plays));
                }
                // The stuck options (rule 6).
                let (opts, n) = self.stuck_options();
                opts[rng.below(n as u32) as usize]
            }
            Phase::Group => {
                let mask = self.addable_mask();
                let plays = Self::play_count(mask);
                let i = rng.below(plays + 1);
                if i < plays {
                    Self::play_at(mask, i)
                } else {
                    DONE
                }
            }
            Phase::CallUno => CALL_UNO + rng.below(2) as Action,
            Phase::DebtWindow { .. } => CALL_DEBT + rng.below(2) as Action,
            Phase::Attack => {
                let others = self.n as u32 - 1;
                let i = rng.below(2 * others);
                let base = if i < others { ATTACK } else { ATTACK_EXCHANGE };
                let mut t = (i % others) as u8;
                if t >= me {
                    t += 1;
                }
                base + t as Action
            }
            Phase::Start { took } => self.sample_start_move(took, rng).action(),
            Phase::Over => unreachable!("no action is legal once the game is over"),
        }
    }

    #[inline(always)]
    fn sample_start_move(&self, took: bool, rng: &mut Rng) -> StartMove {
        let me = self.current;
        let mi = me as usize;
        let pile = self.piles[mi].len() as u32;
        let take = pile > 0 && !took;
        if take && self.hands[mi].is_empty() {
            rng.below(1);
            return StartMove::Other(TAKE_ONE);
        }
        let power = self.power(me) as u32;
        let own = if pile > 0 && self.color == self.power_color(me) {
            1 + power.min(pile)
        } else {
            0
        };
        // The other seats with a pile (a seat without one offers no buy).
        let others = if self.can_buy() {
            self.pile_seats & !(1u16 << me)
        } else {
            0
        };
        let mut buys = 0;
        let mut m = others;
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            buys += power.min(self.piles[t].len() as u32);
        }
        let total = take as u32 + 1 + own + buys;
        let mut i = rng.below(total);
        if take {
            if i == 0 {
                return StartMove::Other(TAKE_ONE);
            }
            i -= 1;
        }
        if i == 0 {
            return StartMove::Proceed;
        }
        i -= 1;
        if i < own {
            return StartMove::Other(if i == 0 { COMBINE } else { withdraw(i as u8) });
        }
        i -= own;
        let mut m = others;
        while m != 0 {
            let t = m.trailing_zeros() as u8;
            m &= m - 1;
            let c = power.min(self.piles[t as usize].len() as u32);
            if i < c {
                return StartMove::Buy(t, i as u8 + 1);
            }
            i -= c;
        }
        unreachable!("the index is below the number of start actions")
    }
}
