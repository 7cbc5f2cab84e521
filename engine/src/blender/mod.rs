//! UNO Blender (seed `004`): 720 cards from 14 products, a tempo of several cards a turn, flex
//! sides and Power Cards, per-card modifiers, a shared stack, the mini-pile, jump-ins during any
//! turn, elimination at 25 cards. Every rule and reading: `docs/rules/blender.md`.

pub mod action;
pub mod cards;
mod decide;
mod effects;
pub mod event;
mod fast;
mod knowledge;
mod masks;
pub mod options;
pub mod scenario;
mod search;
mod state;
pub mod variant;
pub mod view;

pub use action::{action_name, NUM_ACTIONS};
pub use cards::{kinds, parse_card, table, Modifier, Sym, DECK_SIZE, NUM_KINDS, WILD};
pub use effects::side;
pub use event::Event;
pub use options::BlenderOptions;
pub use state::{
    BHand, BlenderState, BlenderStats, Phase, Res, Shown, StackKind, Stage, TargetWhy, NONE,
    NO_CARD,
};
pub use view::BlenderView;

use crate::action::{Action, ActionList};
use crate::game::{
    CounterWriter, DecisionKind, Ending, EventSink, Game, GameCounters, IllegalAction, Outcome,
    Seat, StatDoc, MAX_PLAYERS, VARIANT_COUNTERS,
};
use crate::NoEvents;

/// A legal-action buffer for the random agent's path.
type SmallList = crate::action::StackList<{ crate::action::MAX_LEGAL }>;

/// The `i`-th set bit over the words of `m`, ascending.
#[inline]
fn nth_kind(m: &[u64; cards::WORDS], i: u32) -> usize {
    // Without a branch per word (which word holds it follows the random `i`): the word is
    // the number of words whose running count stays at or below `i`, and the bits before it
    // are subtracted.
    let (mut w, mut before, mut run) = (0usize, 0u32, 0u32);
    for &x in m.iter() {
        run += x.count_ones();
        let past = run <= i;
        w += past as usize;
        before = if past { run } else { before };
    }
    debug_assert!(w < cards::WORDS, "fewer set bits than asked");
    w * 64 + crate::bits::select(m[w], i - before) as usize
}

impl Game for BlenderState {
    const NUM_ACTIONS: usize = NUM_ACTIONS;
    type View = BlenderView;
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
    /// `legal[rng.below(legal.len())]`; a turn's list is not written: the pick is made on the
    /// playable-kind masks (the list is their kinds ascending, then the one other action).
    #[inline]
    fn sample_legal(&self, rng: &mut crate::Rng) -> Action {
        if self.phase == Phase::Turn {
            let (normal, flex) = self.turn_masks();
            let a: u32 = normal.iter().map(|x| x.count_ones()).sum();
            let b: u32 = flex.iter().map(|x| x.count_ones()).sum();
            let i = rng.below(a + b + 1);
            return if i < a {
                action::PLAY + nth_kind(&normal, i) as u16
            } else if i < a + b {
                action::FLEX + nth_kind(&flex, i - a) as u16
            } else {
                self.turn_single()
            };
        }
        let mut l = SmallList::new();
        self.legal(&mut l);
        l.get(rng.below(l.len() as u32) as usize)
    }
    /// The fused loop of `fast.rs`: the generic loop's actions, generators and final state,
    /// but for the knowledge rows (what each seat knows of the other hands), which random play
    /// does not keep: they are left stale, and the finished game's views are not to be read.
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
        if self.phase != Phase::Over {
            return None;
        }
        let n = self.n as usize;
        let mut placing = [0u8; MAX_PLAYERS];
        let mut points = [0i32; MAX_PLAYERS];
        for (s, p) in points.iter_mut().enumerate().take(n) {
            *p = self.hands[s].len() as i32;
        }
        // Still in: by cards left (fewer is better; the winner first). Then the eliminated, the
        // last eliminated first (section 17).
        // B39: every hand empty at the end share the win (placed first).
        let won = |s: usize| {
            self.winner as usize == s
                || (!self.truncated
                    && self.winner != NONE
                    && self.elim_order[s] == 0
                    && self.hands[s].is_empty())
        };
        let key = |s: usize| -> (u8, i32, u8) {
            if won(s) {
                (0, 0, 0)
            } else if self.elim_order[s] == 0 {
                (1, points[s], 0)
            } else {
                (2, 0, u8::MAX - self.elim_order[s])
            }
        };
        for (s, p) in placing.iter_mut().enumerate().take(n) {
            let ks = key(s);
            *p = 1 + (0..n).filter(|&t| key(t) < ks).count() as u8;
        }
        Some(Outcome {
            num_players: n as u8,
            winner: (!self.truncated && self.winner != NONE).then_some(self.winner),
            loser: None,
            no_loser: false,
            placing,
            points,
            hands: 1,
            ending: if self.truncated {
                Ending::Truncated
            } else {
                Ending::OutOfCards
            },
        })
    }
    fn counters(&self) -> &GameCounters {
        &self.counters
    }
    const VARIANT_STATS: &'static [StatDoc] = variant::STAT_DOCS;
    fn variant_counters(&self, out: &mut [u64; VARIANT_COUNTERS]) {
        let st = self.stats;
        let mut w = CounterWriter::new(out);
        w.extend((0..MAX_PLAYERS).map(|s| (self.elim_order[s] > 0) as u64));
        for v in [
            st.eliminations as u64,
            (self.counters.last_ending == 2 && !self.truncated) as u64,
            st.stacks_taken as u64,
            st.stack_cards as u64,
            st.max_stack as u64,
            st.max_tempo.max(1) as u64,
            st.shortfalls as u64,
            st.flexes as u64,
            st.mini_piles as u64,
            st.mini_pickups as u64,
            st.creepers as u64,
            st.gifts as u64,
            st.links as u64,
            st.wrong_jumps as u64,
            st.trades as u64,
            st.passes as u64,
        ] {
            w.push(v);
        }
        debug_assert_eq!(w.written(), crate::game::stat_slots(Self::VARIANT_STATS));
    }
    const SEAT_CATEGORIES: &'static [&'static str] = variant::SEAT_CATEGORIES;
    /// The dealer (bit 0) and the first player (bit 1).
    fn seat_categories(&self, seat: Seat) -> u64 {
        (self.dealer == seat) as u64 | ((self.first == seat) as u64) << 1
    }
    fn view(&self, seat: Seat) -> BlenderView {
        BlenderView::new(self, seat)
    }
    fn action_name(&self, a: Action) -> String {
        action_name(a)
    }
}

/// A plain number card: a coloured number without symbol, modifier or flex side.
pub fn is_plain_number(kind: usize) -> bool {
    let kd = &kinds()[kind];
    kd.plain_number && kd.modifier == Modifier::None && kd.flex.is_none()
}

impl crate::game::CardGame for BlenderState {
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
        if let Some((k, _)) = action::play_of(a) {
            return Some(k);
        }
        (action::JUMP..action::WRONG)
            .contains(&a)
            .then(|| (a - action::JUMP) as usize)
    }
    fn census(&self, out: &mut [u32]) {
        let n = self.n as usize;
        crate::swap::census(&self.hands[..n], &self.pile, &self.discard, out);
        for (k, &c) in self.mini.iter().enumerate() {
            out[k] += c as u32;
        }
    }
    fn swap_into_hand(
        &mut self,
        seat: Seat,
        kind: usize,
        rng: &mut crate::Rng,
    ) -> Option<crate::game::SwapRecord> {
        let n = self.n as usize;
        let r = crate::swap::swap_in(
            &mut self.hands[..n],
            &mut self.pile,
            seat,
            kind,
            rng,
            is_plain_number,
        );
        self.ones = self.ones_now();
        self.dirty_turn = self.alive;
        r
    }
}

impl std::fmt::Debug for BlenderState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = table();
        writeln!(
            f,
            "phase {:?} current {} tempo {} played {} clockwise {} stack {} {:?} shown {} colour {} number {}",
            self.phase,
            self.current,
            self.tempo,
            self.played,
            self.clockwise,
            self.stack,
            self.stack_kind,
            t[self.shown.kind as usize].code,
            self.shown.color,
            self.shown.number
        )?;
        for s in 0..self.n as usize {
            writeln!(
                f,
                "seat {s}{}{}: {}",
                if self.is_alive(s as u8) { "" } else { " (out)" },
                if self.power_red(s as u8) { " red" } else { "" },
                crate::variant::hand_codes(t, self.hands[s].iter())
            )?;
        }
        writeln!(
            f,
            "pile {} mini {:?} link {:?} res {:?}",
            self.pile.len(),
            self.mini_pile(),
            self.link(),
            self.res
        )
    }
}

#[cfg(test)]
mod tests;
