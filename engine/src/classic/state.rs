//! The classic UNO state machine.

use super::action::*;
use super::cards::*;
use super::event::{DrawReason, Event};
use super::options::{ClassicOptions, DrawRule, DrawnCard, FirstCard, Wd4Rule};
use crate::action::{Action, ActionList};
use crate::game::{
    DecisionKind, Ending, EventSink, GameCounters, NoEvents, Outcome, Seat, MAX_PLAYERS,
};
use crate::hand::Hand;
use crate::pile::DrawPile;
use crate::rng::Rng;

/// A classic hand: counts for 54 kinds, one bitset word.
pub type ClassicHand = Hand<NUM_KINDS, 1>;

/// Where the game is. The player deciding is derived from it (see `to_act`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// `current` plays or draws.
    Play,
    /// `current` drew `card` and may play it.
    PostDraw {
        card: u8,
    },
    /// `current` names the colour of a Wild turned up as the first discard.
    ChooseColor,
    /// `last_player` played a 7 (seven-zero) and picks whom to swap with.
    SwapTarget,
    /// `last_player` went down to one card.
    CallUno,
    /// `asker` may catch `last_player`'s missed UNO call.
    Catch {
        asker: u8,
    },
    /// `current` faces `pending` cards to draw.
    Respond,
    /// `asker` holds the card identical to the top card and may jump in.
    JumpIn {
        asker: u8,
    },
    Over(Ending),
}

/// Colour value meaning "not yet named" (first-card Wild before the choice).
pub const NO_COLOR: u8 = 4;

/// A classic UNO game (one hand, or a match of hands). About 1 KB, `Clone` copies bytes only.
#[derive(Clone, Debug)]
pub struct ClassicState {
    pub(crate) opts: ClassicOptions,
    pub(crate) n: u8,
    pub(crate) hands: [ClassicHand; MAX_PLAYERS],
    pub(crate) draw: DrawPile<DECK_SIZE>,
    /// Count of each kind in the discard pile, top card included.
    pub(crate) discard: [u8; NUM_KINDS],
    pub(crate) discard_len: u8,
    pub(crate) top: u8,
    pub(crate) color: u8,
    pub(crate) clockwise: bool,
    pub(crate) current: u8,
    pub(crate) last_player: u8,
    pub(crate) phase: Phase,
    /// Cards the player in `Respond` must draw if they accept.
    pub(crate) pending: u8,
    /// Draw cards in the current stack.
    pub(crate) stack_len: u8,
    /// The last Wild Draw Four was played while holding a card of the then current colour.
    pub(crate) wd4_guilty: bool,
    /// The colour in play when the last Wild Draw Four was played (what guilt is judged on).
    pub(crate) wd4_prev_color: u8,
    pub(crate) dealer: u8,
    pub(crate) scores: [i32; MAX_PLAYERS],
    pub(crate) hands_played: u32,
    pub(crate) hand_winner: Option<u8>,
    pub(crate) hand_points: [i32; MAX_PLAYERS],
    /// The last hand shown in a Wild Draw Four challenge: (challenger, offender, hand as shown).
    pub(crate) reveal: Option<(u8, u8, ClassicHand)>,
    /// Public evidence of missing colours, per hand (see [`DrawEvidence`]).
    pub(crate) evidence: [DrawEvidence; MAX_PLAYERS],
    pub(crate) counters: GameCounters,
    pub(crate) rng: Rng,
}

/// Public evidence that a hand lacks a colour: its holder drew at a normal turn while that
/// colour was in effect (and drew rather than play a Wild), and the hand has taken so many cards
/// since. A holder who draws only when stuck held no card of the colour then, so the hand's cards
/// of that colour are among those taken since. Everyone at the table sees it. Kept per hand, so
/// it moves with a hand that is swapped or passed on (seven-zero); cleared at the start of each
/// hand. A later draw on the same colour restarts its count.
///
/// Slots: the colours 0–3 (red, yellow, green, blue) and 4 for black cards (Wild, W+4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawEvidence {
    /// 1 + the cards the hand has taken in this hand.
    taken: u16,
    /// `taken` when the draw that showed the slot was made, before its card; 0 = no such draw.
    at: [u16; 5],
}

impl Default for DrawEvidence {
    fn default() -> Self {
        DrawEvidence {
            taken: 1,
            at: [0; 5],
        }
    }
}

impl DrawEvidence {
    /// Number of cards the hand has taken since its holder drew while the slot's colour was in
    /// effect (1 just after that draw: the drawn card itself; at most 255), or `None` without
    /// such a draw.
    pub fn since(&self, slot: usize) -> Option<u8> {
        let at = self.at[slot];
        (at != 0).then(|| self.taken.wrapping_sub(at).min(255) as u8)
    }

    /// Records a draw at a normal turn with colour `color` in effect (4: none named yet).
    #[inline(always)]
    pub(crate) fn drew_on(&mut self, color: u8) {
        self.at[color.min(4) as usize] = self.taken;
        self.at[4] = self.taken;
    }

    /// One card taken in. (Wrapping: a hand that takes more than 65,535 cards, possible only
    /// with a huge `max_actions`, may lose its evidence; nothing else depends on it.)
    #[inline(always)]
    pub(crate) fn took(&mut self) {
        self.taken = self.taken.wrapping_add(1);
    }
}

impl ClassicState {
    /// A new game: validates the options, deals the first hand with seat `n-1` as dealer (so
    /// seat 0 is the first to play), using `seed` for all chance.
    pub fn new(opts: ClassicOptions, players: usize, seed: u64) -> Result<Self, String> {
        Self::new_with_dealer(opts, players, seed, players.saturating_sub(1))
    }

    /// A new game from options the caller has already validated (`ClassicOptions::validate`);
    /// the batch runner's constructor. Seat `players-1` deals.
    ///
    /// # Panics
    /// In debug builds, if the options are invalid for `players`.
    #[inline]
    pub fn deal(opts: ClassicOptions, players: usize, seed: u64) -> Self {
        debug_assert_eq!(opts.validate(players), Ok(()));
        Self::dealt(opts, players, seed, players - 1, &mut NoEvents)
    }

    pub fn new_with_dealer(
        opts: ClassicOptions,
        players: usize,
        seed: u64,
        dealer: usize,
    ) -> Result<Self, String> {
        opts.validate(players)?;
        if dealer >= players {
            return Err(format!(
                "dealer {dealer} is not a seat of {players} players"
            ));
        }
        Ok(Self::dealt(opts, players, seed, dealer, &mut NoEvents))
    }

    /// As `new`, logging the deal.
    pub fn new_logged(
        opts: ClassicOptions,
        players: usize,
        seed: u64,
        log: &mut dyn EventSink<Event>,
    ) -> Result<Self, String> {
        opts.validate(players)?;
        Ok(Self::dealt(opts, players, seed, players - 1, log))
    }

    /// The first hand dealt by `dealer` (options already validated).
    #[inline]
    fn dealt<S: EventSink<Event> + ?Sized>(
        opts: ClassicOptions,
        players: usize,
        seed: u64,
        dealer: usize,
        log: &mut S,
    ) -> Self {
        let mut s = Self::empty(opts, players as u8, Rng::new(seed));
        s.dealer = dealer as u8;
        s.start_hand(log);
        s
    }

    pub(crate) fn empty(opts: ClassicOptions, n: u8, rng: Rng) -> Self {
        ClassicState {
            opts,
            n,
            hands: [ClassicHand::new(); MAX_PLAYERS],
            draw: DrawPile::new(),
            discard: [0; NUM_KINDS],
            discard_len: 0,
            top: 0,
            color: 0,
            clockwise: true,
            current: 0,
            last_player: 0,
            phase: Phase::Play,
            pending: 0,
            stack_len: 0,
            wd4_guilty: false,
            wd4_prev_color: NO_COLOR,
            dealer: 0,
            scores: [0; MAX_PLAYERS],
            hands_played: 0,
            hand_winner: None,
            hand_points: [0; MAX_PLAYERS],
            reveal: None,
            evidence: [DrawEvidence::default(); MAX_PLAYERS],
            counters: GameCounters::default(),
            rng,
        }
    }

    // ----- read access (public facts and, for the runner and tests, everything) -----

    pub fn options(&self) -> &ClassicOptions {
        &self.opts
    }
    pub fn hand(&self, seat: usize) -> &ClassicHand {
        &self.hands[seat]
    }
    pub fn top(&self) -> u8 {
        self.top
    }
    /// Current colour (0–3), or `NO_COLOR` before a first-card Wild is named.
    pub fn color(&self) -> u8 {
        self.color
    }
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }
    pub fn current(&self) -> u8 {
        self.current
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    pub fn pending_draw(&self) -> u8 {
        if matches!(self.phase, Phase::Respond) {
            self.pending
        } else {
            0
        }
    }
    pub fn draw_pile_len(&self) -> usize {
        self.draw.len()
    }
    pub fn draw_pile(&self) -> &DrawPile<DECK_SIZE> {
        &self.draw
    }
    pub fn discard_counts(&self) -> &[u8; NUM_KINDS] {
        &self.discard
    }
    pub fn discard_len(&self) -> usize {
        self.discard_len as usize
    }
    pub fn scores(&self) -> &[i32; MAX_PLAYERS] {
        &self.scores
    }
    pub fn hands_played(&self) -> u32 {
        self.hands_played
    }
    /// The player who played the top card.
    pub fn last_player(&self) -> u8 {
        self.last_player
    }
    /// Card drawn this turn, while its owner decides whether to play it.
    pub fn drawn_card(&self) -> Option<u8> {
        match self.phase {
            Phase::PostDraw { card } => Some(card),
            _ => None,
        }
    }
    /// The last hand shown to `viewer` in a challenge they made: (offender, hand as shown then).
    pub fn revealed_to(&self, viewer: u8) -> Option<(u8, &ClassicHand)> {
        match &self.reveal {
            Some((v, o, h)) if *v == viewer => Some((*o, h)),
            _ => None,
        }
    }
    /// Winner of the last finished hand.
    /// The public evidence that seat `seat`'s hand lacks colours (see [`DrawEvidence`]).
    pub fn draw_evidence(&self, seat: usize) -> &DrawEvidence {
        &self.evidence[seat]
    }

    pub fn hand_winner(&self) -> Option<u8> {
        self.hand_winner
    }
    /// Total cards in the game (always 108).
    pub fn total_cards(&self) -> usize {
        self.draw.len()
            + self.discard_len as usize
            + (0..self.n as usize)
                .map(|s| self.hands[s].len())
                .sum::<usize>()
    }

    /// The seat `steps` places along the direction of play (`steps` <= 2 * n; no division, this
    /// is on the hot path).
    #[inline]
    fn next_seat(&self, seat: u8, steps: u8) -> u8 {
        let n = self.n;
        let mut k = steps;
        while k >= n {
            k -= n;
        }
        let t = if self.clockwise {
            seat + k
        } else {
            seat + (n - k)
        };
        if t >= n {
            t - n
        } else {
            t
        }
    }

    /// Kinds playable on the current top card and colour (before WD4 restrictions).
    #[inline(always)]
    fn playable_mask(&self) -> u64 {
        let mut m = COLOR_MASK[self.color as usize] | WILD_BIT | WD4_BIT;
        if self.top < 52 {
            m |= RANK_MASK[rank_of(self.top) as usize];
        }
        m
    }

    /// Playable kinds in `seat`'s hand, with the Wild Draw Four rule applied.
    #[inline(always)]
    fn plays_for(&self, seat: u8) -> u64 {
        let hand = self.hands[seat as usize].mask(0);
        let mut m = hand & self.playable_mask();
        if m & WD4_BIT != 0 {
            match self.opts.wd4_rule {
                Wd4Rule::Bluff => {}
                Wd4Rule::Strict => {
                    if hand & COLOR_MASK[self.color as usize] != 0 {
                        m &= !WD4_BIT;
                    }
                }
                Wd4Rule::LastResort => {
                    if m & !WD4_BIT != 0 {
                        m &= !WD4_BIT;
                    }
                }
            }
        }
        m
    }

    /// Whether `seat` could play `kind` on the current top card (Wild Draw Four rule included).
    pub(crate) fn can_play_now(&self, seat: u8, kind: u8) -> bool {
        self.plays_for(seat) & (1u64 << kind) != 0
    }

    #[inline(always)]
    fn push_plays(mask: u64, out: &mut ActionList) {
        let mut m = mask & ((1u64 << 52) - 1);
        while m != 0 {
            out.push(m.trailing_zeros() as Action);
            m &= m - 1;
        }
        if mask & WILD_BIT != 0 {
            for c in 0..4 {
                out.push(PLAY_WILD + c);
            }
        }
        if mask & WD4_BIT != 0 {
            for c in 0..4 {
                out.push(PLAY_WD4 + c);
            }
        }
    }

    #[inline]
    pub(crate) fn actor(&self) -> Option<(Seat, DecisionKind)> {
        // Normal turns dominate: a plain branch for them predicts far better than the jump
        // table of the full match.
        if matches!(self.phase, Phase::Play) {
            return Some((self.current, DecisionKind::Play));
        }
        Some(match self.phase {
            Phase::Play => (self.current, DecisionKind::Play),
            Phase::PostDraw { .. } => (self.current, DecisionKind::PostDraw),
            Phase::ChooseColor => (self.current, DecisionKind::ChooseColor),
            Phase::SwapTarget => (self.last_player, DecisionKind::ChooseTarget),
            Phase::CallUno => (self.last_player, DecisionKind::CallUno),
            Phase::Catch { asker } => (asker, DecisionKind::CatchUno),
            Phase::Respond => (self.current, DecisionKind::Respond),
            Phase::JumpIn { asker } => (asker, DecisionKind::JumpIn),
            Phase::Over(_) => return None,
        })
    }

    pub(crate) fn legal(&self, out: &mut ActionList) {
        out.clear();
        if matches!(self.phase, Phase::Play) {
            let m = self.plays_for(self.current);
            Self::push_plays(m, out);
            if m == 0 || self.opts.draw_rule == DrawRule::Always {
                out.push(DRAW);
            }
            return;
        }
        match self.phase {
            Phase::Play => {
                let m = self.plays_for(self.current);
                Self::push_plays(m, out);
                if m == 0 || self.opts.draw_rule == DrawRule::Always {
                    out.push(DRAW);
                }
            }
            Phase::PostDraw { card } => {
                Self::push_plays(1u64 << card, out);
                if !self.opts.forced_play {
                    out.push(PASS);
                }
            }
            Phase::ChooseColor => {
                for c in 0..4 {
                    out.push(CHOOSE_COLOR + c);
                }
            }
            Phase::SwapTarget => {
                for k in 1..self.n as Action {
                    out.push(TARGET + k - 1);
                }
            }
            Phase::CallUno => {
                out.push(CALL_UNO);
                out.push(STAY_SILENT);
            }
            Phase::Catch { .. } => {
                out.push(CATCH);
                out.push(NO_CATCH);
            }
            Phase::Respond => {
                let hand = self.hands[self.current as usize].mask(0);
                if self.top == WILD_DRAW_FOUR {
                    if self.opts.stack_draw4 && hand & WD4_BIT != 0 {
                        Self::push_plays(WD4_BIT, out);
                    }
                } else if self.opts.stack_draw2 {
                    Self::push_plays(hand & DRAW_TWO_MASK, out);
                }
                if self.challenge_open() {
                    out.push(CHALLENGE);
                }
                out.push(ACCEPT);
            }
            Phase::JumpIn { .. } => {
                out.push(self.top as Action);
                out.push(DECLINE_JUMP_IN);
            }
            Phase::Over(_) => {}
        }
    }

    /// `Game::sample_legal` for classic: normal turns without building the list.
    #[inline(always)]
    pub(crate) fn sample(&self, rng: &mut Rng) -> Action {
        if !matches!(self.phase, Phase::Play) {
            let mut legal = ActionList::new();
            self.legal(&mut legal);
            return legal[rng.below(legal.len() as u32) as usize];
        }
        match self.sample_turn(rng) {
            Some((kind, None)) => kind as Action,
            Some((WILD, Some(c))) => PLAY_WILD + c as Action,
            Some((_, Some(c))) => PLAY_WD4 + c as Action,
            None => DRAW,
        }
    }

    /// A uniformly random legal action of a normal turn (`Phase::Play`), decoded: the card kind
    /// and the colour named with it, or `None` for drawing. The same choice as `sample` (same
    /// order as `legal`: coloured plays ascending, Wild x4, Wild Draw Four x4, draw).
    #[inline(always)]
    fn sample_turn(&self, rng: &mut Rng) -> Option<(u8, Option<u8>)> {
        let m = self.plays_for(self.current);
        let coloured = m & ((1u64 << 52) - 1);
        let nc = coloured.count_ones();
        let nw = if m & WILD_BIT != 0 { 4 } else { 0 };
        let n4 = if m & WD4_BIT != 0 { 4 } else { 0 };
        let nd = (m == 0 || self.opts.draw_rule == DrawRule::Always) as u32;
        let mut k = rng.below(nc + nw + n4 + nd);
        if k < nc {
            return Some((crate::bits::select(coloured, k) as u8, None));
        }
        k -= nc;
        if k < nw {
            return Some((WILD, Some(k as u8)));
        }
        k -= nw;
        if k < n4 {
            return Some((WILD_DRAW_FOUR, Some(k as u8)));
        }
        None
    }

    /// `Game::play_random` for classic: normal turns are sampled and applied in one step (no
    /// action id encoded and decoded, no dispatch on the phase); every other decision goes
    /// through `sample` and `step`. Consumes the generators exactly as that generic loop does.
    pub(crate) fn random_playout(&mut self, rngs: &mut [Rng]) {
        if self.rlcard_kernel_applies() {
            return if self.n == 2 {
                self.rlcard_playout::<true>(rngs)
            } else {
                self.rlcard_playout::<false>(rngs)
            };
        }
        loop {
            if matches!(self.phase, Phase::Play) {
                let seat = self.current;
                let choice = self.sample_turn(&mut rngs[seat as usize]);
                self.counters.actions += 1;
                self.counters.turns += 1;
                match choice {
                    None => self.do_draw_turn(&mut NoEvents),
                    Some((kind, named)) => self.play_card(seat, kind, named, &mut NoEvents),
                }
                self.truncate_at_cap(&mut NoEvents);
            } else {
                let Some((seat, _)) = self.actor() else {
                    return;
                };
                let a = self.sample(&mut rngs[seat as usize]);
                self.step(a, &mut NoEvents);
            }
        }
    }

    /// Whether the options leave a normal turn no choices beyond the card (the `rlcard` preset,
    /// and any option set that differs from it only in hand size, first-card rule, match or
    /// action cap): then `rlcard_playout` plays it.
    fn rlcard_kernel_applies(&self) -> bool {
        let o = &self.opts;
        o.drawn_card == DrawnCard::RlcardAuto
            && o.draw_rule == DrawRule::OnlyWhenStuck
            && o.wd4_rule == Wd4Rule::LastResort
            && !o.seven_zero
            && !o.jump_in
            && !o.uno_call
            && !o.stack_draw2
            && !o.stack_draw4
            && !o.challenge
    }

    /// `random_playout` for the rule sets of `rlcard_kernel_applies`, with the option checks of
    /// a normal turn taken out of the loop. Plays exactly the games `random_playout`'s general
    /// loop plays (same random draws in the same order). `TWO`: two players, where the next
    /// seat is the other one whatever the direction.
    fn rlcard_playout<const TWO: bool>(&mut self, rngs: &mut [Rng]) {
        let (skip_mask, reverse_mask) = self.turn_masks();
        let max_actions = self.opts.max_actions;
        loop {
            if !matches!(self.phase, Phase::Play) {
                // A first-card Wild's colour, or the end.
                let Some((seat, _)) = self.actor() else {
                    return;
                };
                let a = self.sample(&mut rngs[seat as usize]);
                self.step(a, &mut NoEvents);
                continue;
            }
            let seat = self.current;
            let rng = &mut rngs[seat as usize];
            let mut m = self.hands[seat as usize].mask(0) & self.playable_mask();
            // Wild Draw Four only as a last resort.
            if m & !WD4_BIT != 0 {
                m &= !WD4_BIT;
            }
            self.counters.actions += 1;
            self.counters.turns += 1;
            if m == 0 {
                // Stuck: the only legal action is drawing (one random number, as `below(1)`).
                rng.below(1);
                self.evidence[seat as usize].drew_on(self.color);
                if self.draw.is_empty() {
                    self.reshuffle(&mut NoEvents);
                }
                match self.draw.draw(&mut self.rng) {
                    None => self.current = self.rlcard_next::<TWO>(seat, 1),
                    Some(c) => {
                        let card = c as u8;
                        self.hands[seat as usize].add(card as usize);
                        self.evidence[seat as usize].took();
                        self.counters.cards_drawn += 1;
                        if card >= 52 {
                            let c = self.rng.below(4) as u8;
                            self.place(seat, card, Some(c), &mut NoEvents);
                            self.current = self.rlcard_next::<TWO>(seat, 1);
                        } else if color_of(card) == self.color {
                            self.rlcard_play::<TWO>(seat, card, None, skip_mask, reverse_mask);
                        } else {
                            self.current = self.rlcard_next::<TWO>(seat, 1);
                        }
                    }
                }
            } else {
                let coloured = m & ((1u64 << 52) - 1);
                let nc = coloured.count_ones();
                let nw = if m & WILD_BIT != 0 { 4 } else { 0 };
                let n4 = if m & WD4_BIT != 0 { 4 } else { 0 };
                let k = rng.below(nc + nw + n4);
                if k < nc {
                    let kind = crate::bits::select(coloured, k) as u8;
                    self.rlcard_play::<TWO>(seat, kind, None, skip_mask, reverse_mask);
                } else {
                    let j = k - nc;
                    let kind = if j < nw { WILD } else { WILD_DRAW_FOUR };
                    self.rlcard_play::<TWO>(
                        seat,
                        kind,
                        Some((j & 3) as u8),
                        skip_mask,
                        reverse_mask,
                    );
                }
            }
            if self.counters.actions >= max_actions && !matches!(self.phase, Phase::Over(_)) {
                self.phase = Phase::Over(Ending::Truncated);
            }
        }
    }

    /// `play_card` under the options of `rlcard_kernel_applies`.
    #[inline(always)]
    fn rlcard_play<const TWO: bool>(
        &mut self,
        seat: u8,
        kind: u8,
        named: Option<u8>,
        skip_mask: u64,
        reverse_mask: u64,
    ) {
        if kind == WILD_DRAW_FOUR {
            let hand = self.hands[seat as usize].mask(0);
            self.wd4_guilty = hand & COLOR_MASK[self.color as usize] != 0;
            self.wd4_prev_color = self.color;
        }
        self.place(seat, kind, named, &mut NoEvents);
        if self.hands[seat as usize].is_empty() {
            self.finish_hand(seat, &mut NoEvents);
            return;
        }
        let bit = 1u64 << kind;
        if bit & (DRAW_TWO_MASK | WD4_BIT) == 0 {
            self.clockwise ^= bit & reverse_mask != 0;
            let steps = 1 + (bit & skip_mask != 0) as u8;
            self.current = self.rlcard_next::<TWO>(self.current, steps);
        } else {
            let victim = self.rlcard_next::<TWO>(self.current, 1);
            let n = self.pending + if kind == WILD_DRAW_FOUR { 4 } else { 2 };
            self.current = victim;
            self.draw_cards(victim, n, DrawReason::Penalty, &mut NoEvents);
            self.pending = 0;
            self.stack_len = 0;
            self.current = self.rlcard_next::<TWO>(victim, 1);
        }
    }

    /// `next_seat` for `steps` of 1 or 2.
    #[inline(always)]
    fn rlcard_next<const TWO: bool>(&self, seat: u8, steps: u8) -> u8 {
        if TWO {
            seat ^ (steps & 1)
        } else {
            self.next_seat(seat, steps)
        }
    }

    #[inline]
    fn challenge_open(&self) -> bool {
        self.opts.challenge && self.top == WILD_DRAW_FOUR && self.stack_len == 1
    }

    // ----- mutation -----

    pub(crate) fn step<S: EventSink<Event> + ?Sized>(&mut self, a: Action, log: &mut S) {
        self.counters.actions += 1;
        match self.phase {
            Phase::Play => {
                self.counters.turns += 1;
                if a == DRAW {
                    self.do_draw_turn(log);
                } else {
                    let (kind, named) = decode_play(a).expect("play action");
                    self.play_card(self.current, kind, named, log);
                }
            }
            Phase::PostDraw { .. } => {
                if a == PASS {
                    log.event(Event::KeepDrawn { seat: self.current });
                    self.end_turn(1, log);
                } else {
                    let (kind, named) = decode_play(a).expect("play action");
                    self.play_card(self.current, kind, named, log);
                }
            }
            Phase::ChooseColor => {
                self.color = (a - CHOOSE_COLOR) as u8;
                log.event(Event::ColorNamed {
                    seat: self.current,
                    color: self.color,
                });
                self.phase = Phase::Play;
            }
            Phase::SwapTarget => {
                let seat = self.last_player;
                let target = ((seat as Action + a - TARGET + 1) % self.n as Action) as u8;
                self.hands.swap(seat as usize, target as usize);
                self.evidence.swap(seat as usize, target as usize);
                log.event(Event::HandsSwapped { seat, target });
                self.after_effects(seat, log);
            }
            Phase::CallUno => {
                let seat = self.last_player;
                if a == CALL_UNO {
                    log.event(Event::UnoCalled { seat });
                    self.resolve_effect(log);
                } else {
                    log.event(Event::UnoSilent { seat });
                    match self.opts.uno_catch_probability {
                        Some(p) => {
                            if self.rng.chance(p) {
                                self.uno_penalty(None, log);
                            }
                            self.resolve_effect(log);
                        }
                        None => {
                            self.phase = Phase::Catch {
                                asker: self.next_seat(seat, 1),
                            };
                        }
                    }
                }
            }
            Phase::Catch { asker } => {
                if a == CATCH {
                    self.uno_penalty(Some(asker), log);
                    self.resolve_effect(log);
                } else {
                    let next = self.next_seat(asker, 1);
                    if next == self.last_player {
                        self.resolve_effect(log);
                    } else {
                        self.phase = Phase::Catch { asker: next };
                    }
                }
            }
            Phase::Respond => {
                let victim = self.current;
                if a == ACCEPT {
                    let n = self.pending;
                    self.draw_cards(victim, n, DrawReason::Penalty, log);
                    self.pending = 0;
                    self.stack_len = 0;
                    self.end_turn(1, log);
                } else if a == CHALLENGE {
                    self.counters.challenges += 1;
                    let offender = self.last_player;
                    let guilty = self.wd4_guilty;
                    log.event(Event::Challenge {
                        challenger: victim,
                        offender,
                        guilty,
                    });
                    // The offender shows their hand to the challenger.
                    self.reveal = Some((victim, offender, self.hands[offender as usize]));
                    log.event(Event::HandShown {
                        seat: offender,
                        to: victim,
                    });
                    for (k, c) in self.hands[offender as usize].iter() {
                        for _ in 0..c {
                            log.event(Event::Shown {
                                seat: offender,
                                card: k as u8,
                            });
                        }
                    }
                    self.pending = 0;
                    self.stack_len = 0;
                    if guilty {
                        self.counters.challenges_won += 1;
                        self.draw_cards(offender, 4, DrawReason::Penalty, log);
                        // The challenger is not penalised and takes their normal turn.
                        self.start_turn(log);
                    } else {
                        self.draw_cards(victim, 6, DrawReason::Penalty, log);
                        self.end_turn(1, log);
                    }
                } else {
                    let (kind, named) = decode_play(a).expect("stack play");
                    self.play_card(victim, kind, named, log);
                }
            }
            Phase::JumpIn { asker } => {
                if a == DECLINE_JUMP_IN {
                    self.next_jump_in(self.next_seat(asker, 1), log);
                } else {
                    self.counters.jump_ins += 1;
                    log.event(Event::JumpIn { seat: asker });
                    self.current = asker;
                    self.play_card(asker, self.top, None, log);
                }
            }
            Phase::Over(_) => unreachable!("apply on a finished game"),
        }
        self.truncate_at_cap(log);
    }

    /// Ends the game as truncated once the action cap is reached.
    #[inline(always)]
    fn truncate_at_cap<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        if self.counters.actions >= self.opts.max_actions && !matches!(self.phase, Phase::Over(_)) {
            log.event(Event::Truncated {
                actions: self.counters.actions,
            });
            self.phase = Phase::Over(Ending::Truncated);
        }
    }

    /// Draws one card for `seat`, reshuffling the discard pile (all but the top card) if the
    /// draw pile is empty. `None` when no card is left anywhere.
    #[inline(always)]
    fn draw_one<S: EventSink<Event> + ?Sized>(&mut self, seat: u8, log: &mut S) -> Option<u8> {
        if self.draw.is_empty() {
            self.reshuffle(log);
        }
        let c = self.draw.draw(&mut self.rng)? as u8;
        self.hands[seat as usize].add(c as usize);
        self.evidence[seat as usize].took();
        self.counters.cards_drawn += 1;
        Some(c)
    }

    fn reshuffle<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        if self.discard_len <= 1 {
            return;
        }
        self.draw.refill_from(&mut self.discard, self.top as usize);
        self.discard_len = 1;
        self.counters.reshuffles += 1;
        log.event(Event::Reshuffle {
            cards: self.draw.len() as u8,
        });
    }

    fn draw_cards<S: EventSink<Event> + ?Sized>(
        &mut self,
        seat: u8,
        n: u8,
        reason: DrawReason,
        log: &mut S,
    ) {
        for _ in 0..n {
            match self.draw_one(seat, log) {
                Some(card) => log.event(Event::Draw { seat, card, reason }),
                None => {
                    log.event(Event::PileExhausted { seat });
                    break;
                }
            }
        }
    }

    fn uno_penalty<S: EventSink<Event> + ?Sized>(&mut self, by: Option<u8>, log: &mut S) {
        let seat = self.last_player;
        self.counters.uno_penalties += 1;
        log.event(Event::UnoCaught { seat, by });
        self.draw_cards(seat, self.opts.uno_penalty, DrawReason::Penalty, log);
    }

    /// Puts a card from `seat`'s hand onto the discard pile without any effect.
    #[inline(always)]
    fn place<S: EventSink<Event> + ?Sized>(
        &mut self,
        seat: u8,
        kind: u8,
        named: Option<u8>,
        log: &mut S,
    ) {
        let removed = self.hands[seat as usize].remove(kind as usize);
        debug_assert!(removed, "seat {seat} does not hold {kind}");
        self.discard[kind as usize] += 1;
        self.discard_len += 1;
        self.top = kind;
        self.color = named.unwrap_or_else(|| color_of(kind));
        self.last_player = seat;
        log.event(Event::Play {
            seat,
            card: kind,
            color: self.color,
        });
    }

    #[inline(always)]
    fn play_card<S: EventSink<Event> + ?Sized>(
        &mut self,
        seat: u8,
        kind: u8,
        named: Option<u8>,
        log: &mut S,
    ) {
        if kind == WILD_DRAW_FOUR {
            let hand = self.hands[seat as usize].mask(0);
            self.wd4_guilty = hand & COLOR_MASK[self.color as usize] != 0;
            self.wd4_prev_color = self.color;
        }
        self.place(seat, kind, named, log);
        if self.hands[seat as usize].is_empty() {
            self.finish_hand(seat, log);
            return;
        }
        if self.opts.seven_zero {
            match rank_of(kind) {
                7 => {
                    self.phase = Phase::SwapTarget;
                    return;
                }
                0 => {
                    // Every hand moves one seat along the direction of play.
                    let n = self.n as usize;
                    if self.clockwise {
                        self.hands[..n].rotate_right(1);
                        self.evidence[..n].rotate_right(1);
                    } else {
                        self.hands[..n].rotate_left(1);
                        self.evidence[..n].rotate_left(1);
                    }
                    log.event(Event::HandsRotated {
                        clockwise: self.clockwise,
                    });
                }
                _ => {}
            }
        }
        self.after_effects(seat, log);
    }

    /// After the player's own follow-up choices: the UNO call, then the card's effect.
    #[inline(always)]
    fn after_effects<S: EventSink<Event> + ?Sized>(&mut self, seat: u8, log: &mut S) {
        if self.opts.uno_call && self.hands[seat as usize].len() == 1 {
            self.phase = Phase::CallUno;
        } else {
            self.resolve_effect(log);
        }
    }

    /// The kinds that skip the next player and the kinds that turn the direction: with two
    /// players a Reverse acts as a Skip (official) or only turns the direction (`rlcard`).
    #[inline(always)]
    fn turn_masks(&self) -> (u64, u64) {
        if self.n == 2 && self.opts.two_player_reverse_skips {
            (SKIP_MASK | REVERSE_MASK, 0)
        } else {
            (SKIP_MASK, REVERSE_MASK)
        }
    }

    /// Applies the top card's effect (it was just played by `current`) and moves the turn on.
    ///
    /// Cards are told apart with the kind bit masks the `rlcard` kernel uses (`rlcard_play`), so
    /// the two paths read the same way.
    #[inline(always)]
    fn resolve_effect<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        let bit = 1u64 << self.top;
        if bit & (DRAW_TWO_MASK | WD4_BIT) == 0 {
            let (skip_mask, reverse_mask) = self.turn_masks();
            let skip = bit & skip_mask != 0;
            let reverse = bit & reverse_mask != 0;
            if skip {
                log.event(Event::Skipped {
                    seat: self.next_seat(self.current, 1),
                });
            }
            if reverse {
                log.event(Event::Reversed);
            }
            self.clockwise ^= reverse;
            self.end_turn(1 + skip as u8, log);
        } else if bit & DRAW_TWO_MASK != 0 {
            let victim = self.next_seat(self.current, 1);
            self.pending += 2;
            self.stack_len += 1;
            let can_stack =
                self.opts.stack_draw2 && self.hands[victim as usize].mask(0) & DRAW_TWO_MASK != 0;
            self.attack(victim, can_stack, log);
        } else {
            let victim = self.next_seat(self.current, 1);
            self.pending += 4;
            self.stack_len += 1;
            let can_stack =
                self.opts.stack_draw4 && self.hands[victim as usize].has(WILD_DRAW_FOUR as usize);
            let respond = can_stack || self.challenge_open();
            self.attack(victim, respond, log);
        }
    }

    /// A draw attack on `victim`: a Respond decision if they have one, else they draw and lose
    /// their turn.
    #[inline(always)]
    fn attack<S: EventSink<Event> + ?Sized>(&mut self, victim: u8, respond: bool, log: &mut S) {
        self.current = victim;
        if respond {
            self.phase = Phase::Respond;
        } else {
            let n = self.pending;
            self.draw_cards(victim, n, DrawReason::Penalty, log);
            self.pending = 0;
            self.stack_len = 0;
            self.end_turn(1, log);
        }
    }

    /// Moves the turn `steps` seats along and starts the next turn.
    #[inline(always)]
    fn end_turn<S: EventSink<Event> + ?Sized>(&mut self, steps: u8, log: &mut S) {
        self.current = self.next_seat(self.current, steps);
        self.start_turn(log);
    }

    /// Opens the jump-in window if the option is on, else the turn of `current`.
    #[inline(always)]
    fn start_turn<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        if self.opts.jump_in && self.top < 52 {
            self.next_jump_in(self.next_seat(self.current, 1), log);
        } else {
            self.phase = Phase::Play;
        }
    }

    /// Offers a jump-in to the first seat from `from` (in turn order, stopping before
    /// `current`) holding the top card; `current` plays normally otherwise.
    fn next_jump_in<S: EventSink<Event> + ?Sized>(&mut self, from: u8, _log: &mut S) {
        let mut s = from;
        while s != self.current {
            if self.hands[s as usize].has(self.top as usize) {
                self.phase = Phase::JumpIn { asker: s };
                return;
            }
            s = self.next_seat(s, 1);
        }
        self.phase = Phase::Play;
    }

    #[inline(always)]
    fn do_draw_turn<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        let seat = self.current;
        self.evidence[seat as usize].drew_on(self.color);
        loop {
            let Some(card) = self.draw_one(seat, log) else {
                log.event(Event::PileExhausted { seat });
                self.end_turn(1, log);
                return;
            };
            log.event(Event::Draw {
                seat,
                card,
                reason: DrawReason::Turn,
            });
            if self.opts.drawn_card == DrawnCard::RlcardAuto {
                self.rlcard_drawn(seat, card, log);
                return;
            }
            if self.plays_for(seat) & (1u64 << card) != 0 {
                self.phase = Phase::PostDraw { card };
                return;
            }
            if !self.opts.draw_until_playable {
                self.end_turn(1, log);
                return;
            }
        }
    }

    /// RLCard 1.2.0's drawn-card rule.
    #[inline(always)]
    fn rlcard_drawn<S: EventSink<Event> + ?Sized>(&mut self, seat: u8, card: u8, log: &mut S) {
        if card >= 52 {
            // Played at once with a random colour; the draw effect of a Wild Draw Four is lost.
            let c = self.rng.below(4) as u8;
            self.place(seat, card, Some(c), log);
            self.end_turn(1, log);
        } else if color_of(card) == self.color {
            // Played at once, through the normal play path (seven-zero, UNO call, effect).
            self.play_card(seat, card, None, log);
        } else {
            self.end_turn(1, log);
        }
    }

    fn finish_hand<S: EventSink<Event> + ?Sized>(&mut self, winner: u8, log: &mut S) {
        // A final Draw Two / Wild Draw Four still makes the next player draw (for the score).
        let extra = match face(self.top) {
            Face::DrawTwo => 2,
            Face::WildDrawFour => 4,
            _ => 0,
        };
        if extra > 0 {
            let victim = self.next_seat(winner, 1);
            let n = self.pending + extra;
            self.draw_cards(victim, n, DrawReason::Penalty, log);
        }
        self.pending = 0;
        self.stack_len = 0;
        let mut total = 0;
        for s in 0..self.n as usize {
            let p: i32 = self.hands[s]
                .iter()
                .map(|(k, c)| CARDS[k].points * c as i32)
                .sum();
            self.hand_points[s] = p;
            total += p;
        }
        self.hands_played += 1;
        self.hand_winner = Some(winner);
        self.counters.hand_wins[winner as usize] += 1;
        self.counters.endings[0] += 1;
        self.counters.last_ending = 0;
        self.scores[winner as usize] += total;
        log.event(Event::HandWon {
            seat: winner,
            points: total,
        });
        if self.opts.match_target == 0 {
            self.phase = Phase::Over(Ending::OutOfCards);
        } else if self.scores[winner as usize] >= self.opts.match_target as i32 {
            log.event(Event::MatchWon {
                seat: winner,
                score: self.scores[winner as usize],
            });
            self.phase = Phase::Over(Ending::OutOfCards);
        } else {
            self.dealer = (self.dealer + 1) % self.n;
            self.start_hand(log);
        }
    }

    /// Collects every card, deals a new hand and turns the first discard (official or RLCard
    /// first-card rules).
    pub(crate) fn start_hand<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        let n = self.n as usize;
        for h in &mut self.hands[..n] {
            h.clear();
        }
        self.draw.fill_shuffled(&FULL_DECK);
        self.discard = [0; NUM_KINDS];
        self.discard_len = 0;
        self.clockwise = true;
        self.pending = 0;
        self.stack_len = 0;
        self.wd4_guilty = false;
        self.reveal = None;
        self.evidence = [DrawEvidence::default(); MAX_PLAYERS];
        log.event(Event::HandStart {
            hand: self.hands_played + 1,
            dealer: self.dealer,
        });
        // One card at a time to each player, starting left of the dealer.
        let first_seat = if self.dealer as usize + 1 == n {
            0
        } else {
            self.dealer as usize + 1
        };
        // One flat loop (not one per round): its exit is predicted, a short inner loop's is not.
        let mut seat = first_seat;
        for _ in 0..self.opts.hand_size as usize * n {
            let c = self.draw.draw(&mut self.rng).expect("deck large enough") as u8;
            self.hands[seat].add(c as usize);
            log.event(Event::Deal {
                seat: seat as u8,
                card: c,
            });
            seat += 1;
            if seat == n {
                seat = 0;
            }
        }
        self.turn_first_card(log);
    }

    /// Turns the top card of the draw pile onto the discard pile and applies the first-card
    /// rules (official or RLCard): the deal's last step, and a scenario's `first_card`. A Wild
    /// Draw Four is returned to the pile and another card turned, so the pile must hold a card
    /// of another kind.
    pub(crate) fn turn_first_card<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        let first = loop {
            let c = self.draw.draw(&mut self.rng).expect("deck large enough") as u8;
            if c == WILD_DRAW_FOUR {
                log.event(Event::FirstCardReturned { card: c });
                self.draw.add_shuffled(c as u16);
                continue;
            }
            break c;
        };
        self.discard[first as usize] += 1;
        self.discard_len += 1;
        self.top = first;
        self.color = color_of(first);
        self.last_player = self.dealer;
        log.event(Event::FirstCard { card: first });
        let first_player = (self.dealer + 1) % self.n;
        self.current = first_player;
        self.phase = Phase::Play;
        let rl = self.opts.first_card == FirstCard::Rlcard;
        match face(first) {
            Face::Number(_) => {}
            Face::Skip => {
                log.event(Event::Skipped { seat: first_player });
                self.current = self.next_seat(first_player, 1);
            }
            Face::Reverse => {
                // Official: the dealer plays first and play goes the other way; with two
                // players (Reverse = Skip) the dealer also plays first.
                self.clockwise = false;
                log.event(Event::Reversed);
                self.current = self.dealer;
            }
            Face::DrawTwo => {
                self.draw_cards(first_player, 2, DrawReason::Penalty, log);
                if !rl {
                    log.event(Event::Skipped { seat: first_player });
                    self.current = self.next_seat(first_player, 1);
                }
            }
            Face::Wild => {
                if rl {
                    self.color = self.rng.below(4) as u8;
                    log.event(Event::ColorNamed {
                        seat: self.dealer,
                        color: self.color,
                    });
                } else {
                    self.color = NO_COLOR;
                    self.phase = Phase::ChooseColor;
                }
            }
            Face::WildDrawFour => unreachable!(),
        }
    }

    pub(crate) fn outcome_inner(&self) -> Option<Outcome> {
        let ending = match self.phase {
            Phase::Over(e) => e,
            _ => return None,
        };
        let n = self.n as usize;
        let match_mode = self.opts.match_target > 0;
        let mut points = [0i32; MAX_PLAYERS];
        for (s, pts) in points.iter_mut().enumerate().take(n) {
            *pts = if match_mode {
                self.scores[s]
            } else if ending == Ending::Truncated {
                self.hands[s]
                    .iter()
                    .map(|(k, c)| CARDS[k].points * c as i32)
                    .sum()
            } else {
                self.hand_points[s]
            };
        }
        let winner = if ending == Ending::Truncated {
            None
        } else {
            self.hand_winner
        };
        // Rank: the winner first; then by points (match: higher score better; single hand:
        // fewer points left better); ties by seat order from the winner (or seat 0).
        let anchor = winner.unwrap_or(0) as usize;
        let mut order: [usize; MAX_PLAYERS] = [0; MAX_PLAYERS];
        for (i, o) in order.iter_mut().enumerate().take(n) {
            *o = (anchor + i) % n;
        }
        order[..n].sort_by_key(|&s| {
            let first = if Some(s as u8) == winner { 0 } else { 1 };
            let key = if match_mode { -points[s] } else { points[s] };
            (first, key, (s + n - anchor) % n)
        });
        let mut placing = [0u8; MAX_PLAYERS];
        for (rank, &s) in order[..n].iter().enumerate() {
            placing[s] = rank as u8 + 1;
        }
        Some(Outcome {
            num_players: self.n,
            winner,
            loser: None,
            no_loser: false,
            placing,
            points,
            hands: self.hands_played,
            ending,
        })
    }
}
