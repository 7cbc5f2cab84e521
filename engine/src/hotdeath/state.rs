//! The Hot Death state machine. Every reading is in `docs/rules/hot-death.md`.

use super::action::*;
use super::cards::*;
use super::event::{AttackOn, Event, HandEnd};
use super::options::{HotDeathOptions, MIN_HAND_SIZE};
use crate::action::{Action, ActionList};
use crate::bits::select;
use crate::game::NoEvents;
use crate::game::{DecisionKind, Ending, EventSink, GameCounters, Outcome, Seat, MAX_PLAYERS};
use crate::hand::Hand;
use crate::pile::DrawPile;
use crate::rng::Rng;

/// A Hot Death hand: counts for 81 kinds, two bitset words.
pub type HdHand = Hand<NUM_KINDS, 2>;

/// Where the game is; the deciding player follows from it (see `actor`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// The dealer (`current`) chooses the hand size.
    DealSize,
    /// The dealer (`current`) names the colour of a black first card.
    FirstColor,
    /// `current` plays or draws.
    Play,
    /// `current` drew `card` and may play it.
    PostDraw {
        card: u8,
    },
    /// `chooser` picks the victim of `card` (Glasnost or M.A.D.).
    Target {
        card: u8,
        chooser: u8,
        by: Option<u8>,
    },
    /// `uno_seat` went down to one card.
    CallUno,
    /// `asker` may catch `uno_seat`'s missed call.
    Catch {
        asker: u8,
    },
    /// `attack.victim` answers the attack.
    Respond,
    Over(Ending),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AttackKind {
    /// Draw-Four-type stack: `cards` to draw.
    Draw,
    Quitter,
    Glasnost,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Attack {
    pub kind: AttackKind,
    pub cards: u16,
    /// Who the defences send it back to (last Draw-Four-type player or Fucker player);
    /// `None` for a first card (nobody played it).
    pub inflicter: Option<u8>,
    pub victim: u8,
    /// No defence played yet: Draw-Four types may still be stacked (and Magic 5 answers a Hot
    /// Death on top).
    pub stackable: bool,
    /// Quitter / Glasnost: who played it (play resumes after them); `None`: the first card.
    pub origin: Option<u8>,
}

/// A card play whose effect waits for the UNO call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Deferred {
    pub card: u8,
    pub seat: u8,
    pub underneath: u8,
    pub in_response: bool,
}

/// A Hot Death game: one hand, or a match of hands to `target` points.
#[derive(Clone, Debug)]
pub struct HotDeathState {
    pub(crate) opts: HotDeathOptions,
    pub(crate) n: u8,
    pub(crate) deck: [u8; NUM_KINDS],
    pub(crate) hands: [HdHand; MAX_PLAYERS],
    /// Cards of each hand everyone has seen (Glasnost, Penn State, Luck, a 69 shown).
    pub(crate) revealed: [HdHand; MAX_PLAYERS],
    pub(crate) active: [bool; MAX_PLAYERS],
    /// Number of `true` entries of `active` (kept with it: see `deactivate`).
    pub(crate) n_active: u8,
    /// `ring[d][s]`: the first active seat after seat `s` going counter-clockwise (`d` = 0) or
    /// clockwise (`d` = 1); `s` itself if no seat is active. Rebuilt by `relink` whenever
    /// `active` changes (16 entries so that a seat masked with 15 needs no bounds check).
    pub(crate) ring: [[u8; 16]; 2],
    pub(crate) draw: DrawPile<DECK_SIZE>,
    pub(crate) discard: [u8; NUM_KINDS],
    pub(crate) discard_len: u16,
    pub(crate) top: u8,
    pub(crate) color: u8,
    /// `PLAYABLE` for the options, `top` and `color` (what may be played before the
    /// hand-dependent rules): looked up when the top card or the colour changes (`set_top`),
    /// not at every decision.
    pub(crate) base: u128,
    pub(crate) clockwise: bool,
    pub(crate) current: u8,
    pub(crate) dealer: u8,
    pub(crate) phase: Phase,
    pub(crate) attack: Option<Attack>,
    pub(crate) deferred: Option<Deferred>,
    pub(crate) uno_seat: u8,
    pub(crate) scores: [i32; MAX_PLAYERS],
    pub(crate) infections: [u8; MAX_PLAYERS],
    pub(crate) hands_played: u32,
    pub(crate) hand_points: [i32; MAX_PLAYERS],
    pub(crate) hand_winner: Option<u8>,
    pub(crate) last_end: Option<HandEnd>,
    /// Set when a hand ended during the current decision (the next may already be dealt).
    pub(crate) hand_just_ended: bool,
    /// Seats in the order they played their last card this hand (a pending attack may leave
    /// two players out of cards at once: the first one out wins).
    pub(crate) out_order: [u8; MAX_PLAYERS],
    pub(crate) out_len: u8,
    /// A bastard card may have entered a hand since the last bastard check found none with all
    /// four: set whenever one is drawn and whenever hands are dealt or rewritten (deal,
    /// scenario, determinization, swap), cleared by a check that finds nothing. Lets the check
    /// after every turn skip the scan of every hand.
    pub(crate) bastard_watch: bool,
    pub(crate) counters: GameCounters,
    pub(crate) rng: Rng,
}

const LUCK_BIT_WORD: usize = LUCK as usize / 64;

/// The whole deck, card by card in kind order (`HotDeathState::deck_list`): what a cut picks
/// from and a new hand's draw pile starts as.
struct ListedDeck {
    cards: [u16; DECK_SIZE + 16],
    len: usize,
}

impl ListedDeck {
    fn cards(&self) -> &[u16] {
        &self.cards[..self.len]
    }
}

impl HotDeathState {
    /// A new game: validates the options, cuts for the first deal and deals (or waits for the
    /// dealer's hand-size decision).
    pub fn new(opts: HotDeathOptions, players: usize, seed: u64) -> Result<Self, String> {
        opts.validate(players)?;
        Ok(Self::deal(opts, players, seed))
    }

    /// As `new` for options already validated (the batch runner's constructor).
    pub fn deal(opts: HotDeathOptions, players: usize, seed: u64) -> Self {
        Self::new_logged_inner(opts, players, seed, &mut crate::game::NoEvents)
    }

    pub fn new_logged(
        opts: HotDeathOptions,
        players: usize,
        seed: u64,
        log: &mut dyn EventSink<Event>,
    ) -> Result<Self, String> {
        opts.validate(players)?;
        Ok(Self::new_logged_inner(opts, players, seed, log))
    }

    fn new_logged_inner<S: EventSink<Event> + ?Sized>(
        opts: HotDeathOptions,
        players: usize,
        seed: u64,
        log: &mut S,
    ) -> Self {
        let mut s = Self::empty(opts, players as u8, Rng::new(seed));
        // The deck is listed once for the cut and the deal.
        let deck = s.deck_list();
        s.dealer = s.cut_with(None, false, deck.cards(), log);
        s.begin_hand(deck.cards(), log);
        s
    }

    pub(crate) fn empty(opts: HotDeathOptions, n: u8, rng: Rng) -> Self {
        HotDeathState {
            deck: opts.deck(),
            opts,
            n,
            hands: [HdHand::new(); MAX_PLAYERS],
            revealed: [HdHand::new(); MAX_PLAYERS],
            active: [false; MAX_PLAYERS],
            n_active: 0,
            ring: [[0; 16]; 2],
            draw: DrawPile::new(),
            discard: [0; NUM_KINDS],
            discard_len: 0,
            top: 0,
            color: 0,
            base: PLAYABLE[opts.port_face_matching as usize][0][0],
            clockwise: true,
            current: 0,
            dealer: 0,
            phase: Phase::Play,
            attack: None,
            deferred: None,
            uno_seat: 0,
            scores: [0; MAX_PLAYERS],
            infections: [0; MAX_PLAYERS],
            hands_played: 0,
            hand_points: [0; MAX_PLAYERS],
            hand_winner: None,
            last_end: None,
            hand_just_ended: false,
            out_order: [0; MAX_PLAYERS],
            out_len: 0,
            bastard_watch: true,
            counters: GameCounters::default(),
            rng,
        }
    }

    // ----- read access -----

    pub fn options(&self) -> &HotDeathOptions {
        &self.opts
    }
    pub fn num_seats(&self) -> usize {
        self.n as usize
    }
    pub fn hand(&self, seat: usize) -> &HdHand {
        &self.hands[seat]
    }
    pub fn revealed(&self, seat: usize) -> &HdHand {
        &self.revealed[seat]
    }
    pub fn is_active(&self, seat: usize) -> bool {
        self.active[seat]
    }
    pub fn top(&self) -> u8 {
        self.top
    }
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
    pub fn scores(&self) -> &[i32; MAX_PLAYERS] {
        &self.scores
    }
    pub fn hand_points(&self) -> &[i32; MAX_PLAYERS] {
        &self.hand_points
    }
    pub fn infections(&self) -> &[u8; MAX_PLAYERS] {
        &self.infections
    }
    pub fn hands_played(&self) -> u32 {
        self.hands_played
    }
    pub fn hand_winner(&self) -> Option<u8> {
        self.hand_winner
    }
    /// How the last finished hand ended.
    pub fn last_hand_end(&self) -> Option<HandEnd> {
        self.last_end
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
    /// Cards the player facing an attack must draw if they accept (0 if none).
    pub fn pending_draw(&self) -> u16 {
        match (self.phase, self.attack) {
            (Phase::Respond, Some(a)) if a.kind == AttackKind::Draw => a.cards,
            _ => 0,
        }
    }
    /// The pending attack: kind name, victim, cards, inflicter.
    pub fn attack_summary(&self) -> Option<(&'static str, u8, u16, Option<u8>)> {
        self.attack.map(|a| {
            let k = match a.kind {
                AttackKind::Draw => "draw",
                AttackKind::Quitter => "quitter",
                AttackKind::Glasnost => "glasnost",
            };
            (k, a.victim, a.cards, a.inflicter)
        })
    }
    pub fn counters(&self) -> &GameCounters {
        &self.counters
    }
    pub fn active_count(&self) -> usize {
        debug_assert_eq!(
            self.n_active as usize,
            self.active[..self.n as usize]
                .iter()
                .filter(|&&a| a)
                .count()
        );
        self.n_active as usize
    }

    /// Takes `seat` out of the hand (no end-of-hand check: see `eliminate`).
    pub(crate) fn deactivate(&mut self, seat: u8) {
        if self.active[seat as usize] {
            self.active[seat as usize] = false;
            self.n_active -= 1;
            self.relink();
        }
    }

    /// Rebuilds `ring` from `active` (after seats join or leave the hand).
    pub(crate) fn relink(&mut self) {
        let n = self.n;
        if self.n_active == n {
            // Everyone in (every new hand): the neighbours.
            for s in 0..n {
                self.ring[0][s as usize] = if s == 0 { n - 1 } else { s - 1 };
                self.ring[1][s as usize] = if s + 1 == n { 0 } else { s + 1 };
            }
            return;
        }
        for s in 0..n {
            for (d, step) in [(0, n - 1), (1, 1)] {
                let mut t = s;
                for _ in 0..n {
                    t = (t + step) % n;
                    if self.active[t as usize] {
                        break;
                    }
                }
                self.ring[d][s as usize] = t;
            }
        }
    }

    /// Sets the top card and the colour in effect (and `base` with them).
    #[inline(always)]
    pub(crate) fn set_top(&mut self, top: u8, color: u8) {
        self.top = top;
        self.color = color;
        self.base = PLAYABLE[self.opts.port_face_matching as usize][top as usize]
            [color.min(BLACK) as usize];
    }

    // ----- seats -----

    /// The active seat `steps` active places from `seat` in the current direction (`seat`
    /// itself need not be active; `steps` = 0 returns `seat`).
    #[inline(always)]
    pub(crate) fn next_active(&self, seat: u8, steps: u8) -> u8 {
        let ring = &self.ring[self.clockwise as usize];
        let mut s = seat;
        for _ in 0..steps {
            s = ring[(s & 15) as usize];
        }
        debug_assert_eq!(s, self.next_active_slow(seat, steps));
        s
    }

    /// `next_active` by walking the seats (checks `ring` in debug builds).
    fn next_active_slow(&self, seat: u8, steps: u8) -> u8 {
        let n = self.n;
        let mut s = seat;
        for _ in 0..steps {
            for _ in 0..n {
                s = if self.clockwise {
                    if s + 1 == n {
                        0
                    } else {
                        s + 1
                    }
                } else if s == 0 {
                    n - 1
                } else {
                    s - 1
                };
                if self.active[s as usize] {
                    break;
                }
            }
        }
        s
    }

    /// Who decides what, or `None` when the game is over.
    pub(crate) fn actor(&self) -> Option<(Seat, DecisionKind)> {
        Some(match self.phase {
            Phase::DealSize => (self.current, DecisionKind::ChooseNumber),
            Phase::FirstColor => (self.current, DecisionKind::ChooseColor),
            Phase::Play => (self.current, DecisionKind::Play),
            Phase::PostDraw { .. } => (self.current, DecisionKind::PostDraw),
            Phase::Target { chooser, .. } => (chooser, DecisionKind::ChooseTarget),
            Phase::CallUno => (self.uno_seat, DecisionKind::CallUno),
            Phase::Catch { asker } => (asker, DecisionKind::CatchUno),
            Phase::Respond => (self.attack.expect("attack").victim, DecisionKind::Respond),
            Phase::Over(_) => return None,
        })
    }

    // ----- legality -----

    /// Kinds `seat` may play on the current top card outside an attack.
    pub(crate) fn playable(&self, seat: u8) -> u128 {
        let h = &self.hands[seat as usize];
        let held = mask128(h);
        let top = self.top;
        let mut m = self.base;
        debug_assert_eq!(
            m,
            PLAYABLE[self.opts.port_face_matching as usize][top as usize]
                [self.color.min(BLACK) as usize]
        );
        // Holding the Sixty Nine, a 6 plays on a 9 and a 9 on a 6.
        if held & (1u128 << SIXTY_NINE) != 0 {
            let tn = number_of(top);
            if tn == 6 || tn == 9 {
                m |= number_mask(6) | number_mask(9);
            }
        }
        // The Shitter may also be played as the last card.
        if h.len() == 1 {
            m |= 1u128 << SHITTER;
        }
        m & held
    }

    /// Answers `victim` holds to the pending attack (as kind bits; black kinds = stack).
    pub(crate) fn answers(&self, a: &Attack) -> u128 {
        let h = mask128(&self.hands[a.victim as usize]);
        let two = self.two_active();
        let mut m = 0u128;
        match a.kind {
            AttackKind::Quitter if two && a.origin.is_some() => {
                m |= 1u128 << AIDS;
            }
            _ => {
                m |= (1u128 << FUCKER) | (1u128 << HOLY_DEFENDER) | (1u128 << AIDS);
            }
        }
        if a.kind == AttackKind::Draw && a.stackable {
            m |= DRAW_FOUR_TYPES;
            if self.top == HOT_DEATH {
                m |= 1u128 << MAGIC_5;
            }
        }
        m & h
    }

    /// A uniformly random legal action, exactly `legal[rng.below(len)]` over the list `legal`
    /// writes, without building the list in the frequent phases (the random agent's path).
    pub(crate) fn sample(&self, rng: &mut Rng) -> Action {
        let (mask, last) = match self.phase {
            Phase::Play => (self.playable(self.current), DRAW),
            Phase::PostDraw { card } => (self.playable(self.current) & (1u128 << card), PASS),
            _ => {
                let mut legal = ActionList::new();
                self.legal(&mut legal);
                return legal[rng.below(legal.len() as u32) as usize];
            }
        };
        match pick_play(mask, rng) {
            Some((kind, None)) => kind as Action,
            Some((kind, Some(c))) => encode_play(kind, c),
            None => last,
        }
    }

    /// `Game::play_random` for Hot Death: normal turns and drawn-card decisions are sampled and
    /// applied in one step (no action id encoded and decoded, no dispatch on the action);
    /// every other decision goes through `sample` and `step`. Consumes the generators exactly
    /// as the generic loop does (tested in `engine/tests/hotdeath_invariants.rs`).
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

    #[inline(always)]
    fn random_playout_body(&mut self, rngs: &mut [Rng]) {
        loop {
            match self.phase {
                Phase::Play => {
                    let seat = self.current;
                    let choice = pick_play(self.playable(seat), &mut rngs[seat as usize]);
                    // As `step` does for a Play action.
                    self.counters.actions += 1;
                    self.hand_just_ended = false;
                    self.counters.turns += 1;
                    match choice {
                        Some((kind, named)) => {
                            self.play_in(seat, kind, named, false, &mut NoEvents);
                            self.truncate_at_cap(&mut NoEvents);
                        }
                        None => {
                            self.draw_turn(seat, &mut NoEvents);
                            self.truncate_at_cap(&mut NoEvents);
                            // The same seat decides about the card drawn at once: no trip
                            // through the dispatch on the phase.
                            if let Phase::PostDraw { card } = self.phase {
                                self.random_post_draw(seat, card, rngs);
                            }
                        }
                    }
                }
                Phase::PostDraw { card } => self.random_post_draw(self.current, card, rngs),
                Phase::Over(_) => return,
                _ => {
                    let (seat, _) = self.actor().expect("a decision");
                    let a = self.sample(&mut rngs[seat as usize]);
                    self.step(a, &mut NoEvents);
                }
            }
        }
    }

    /// `random_playout`'s drawn-card decision: `seat` plays the card drawn (`card`) or keeps
    /// it, uniformly among the legal actions.
    #[inline(always)]
    fn random_post_draw(&mut self, seat: u8, card: u8, rngs: &mut [Rng]) {
        let mask = self.playable(seat) & (1u128 << card);
        let rng = &mut rngs[seat as usize];
        // Mostly the card drawn cannot be played: the only action is to keep it, and
        // `rng.below(1)` is one `next_u64` (always 0), so the stream advances the same.
        let choice = if mask == 0 {
            rng.next_u64();
            None
        } else {
            pick_play(mask, rng)
        };
        // As `step` does for a PostDraw action.
        self.counters.actions += 1;
        self.hand_just_ended = false;
        match choice {
            Some((kind, named)) => self.play_in(seat, kind, named, false, &mut NoEvents),
            None => self.keep_drawn(seat, &mut NoEvents),
        }
        self.truncate_at_cap(&mut NoEvents);
    }

    pub(crate) fn legal(&self, out: &mut ActionList) {
        out.clear();
        match self.phase {
            Phase::DealSize => {
                for a in HAND_SIZE..HAND_SIZE + 11 {
                    out.push(a);
                }
            }
            Phase::FirstColor => {
                for c in 0..4 {
                    out.push(CHOOSE_COLOR + c);
                }
            }
            Phase::Play => {
                push_plays(self.playable(self.current), out);
                out.push(DRAW);
            }
            Phase::PostDraw { card } => {
                if self.playable(self.current) & (1u128 << card) != 0 {
                    push_plays(1u128 << card, out);
                }
                out.push(PASS);
            }
            Phase::Target { chooser, .. } => {
                for off in 1..self.n {
                    let t = (chooser + off) % self.n;
                    if self.active[t as usize] {
                        out.push(TARGET + off as Action - 1);
                    }
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
                let a = self.attack.expect("attack");
                push_plays(self.answers(&a), out);
                out.push(ACCEPT);
            }
            Phase::Over(_) => {}
        }
    }

    // ----- chance helpers -----

    #[inline(always)]
    fn draw_one<S: EventSink<Event> + ?Sized>(&mut self, seat: u8, log: &mut S) -> Option<u8> {
        if self.draw.is_empty() {
            self.reshuffle(log);
        }
        let c = self.draw.draw(&mut self.rng)? as u8;
        self.hands[seat as usize].add(c as usize);
        self.bastard_watch |= IS_BASTARD[c as usize];
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
        log.event(Event::Reshuffled {
            cards: self.draw.len() as u16,
        });
    }

    /// A punishment draw of `n` cards: Luck o' the Irish (held) takes one off.
    fn punish<S: EventSink<Event> + ?Sized>(&mut self, seat: u8, n: u16, log: &mut S) {
        let mut n = n;
        if n > 0
            && self.hands[seat as usize].mask(LUCK_BIT_WORD) & (1u64 << (LUCK as usize % 64)) != 0
        {
            n -= 1;
            self.reveal_card(seat, LUCK);
            log.event(Event::LuckShown { seat });
        }
        let mut got = 0;
        if self.draw.len() >= n as usize {
            // The common case, no reshuffle: the same draws as the loop below, with the
            // generator and the pile length kept in registers.
            let hand = &mut self.hands[seat as usize];
            let mut watch = false;
            self.draw.draw_many(n as usize, &mut self.rng, |c| {
                hand.add(c as usize);
                watch |= IS_BASTARD[c as usize];
                log.event(Event::Drew {
                    seat,
                    card: c as u8,
                });
            });
            self.bastard_watch |= watch;
            self.counters.cards_drawn += n as u32;
            got = n;
        } else {
            for _ in 0..n {
                match self.draw_one(seat, log) {
                    Some(c) => {
                        got += 1;
                        log.event(Event::Drew { seat, card: c });
                    }
                    None => break,
                }
            }
        }
        log.event(Event::Punished { seat, cards: got });
    }

    fn reveal_card(&mut self, seat: u8, kind: u8) {
        let s = seat as usize;
        if self.revealed[s].count(kind as usize) < self.hands[s].count(kind as usize) {
            self.revealed[s].add(kind as usize);
        }
    }

    fn reveal_hand<S: EventSink<Event> + ?Sized>(&mut self, seat: u8, log: &mut S) {
        self.revealed[seat as usize] = self.hands[seat as usize];
        log.event(Event::Revealed { seat });
        for (k, c) in self.hands[seat as usize].iter() {
            for _ in 0..c {
                log.event(Event::Shown {
                    seat,
                    card: k as u8,
                });
            }
        }
    }

    #[inline(always)]
    fn remove_from_hand(&mut self, seat: u8, kind: u8) {
        let s = seat as usize;
        self.hands[s].remove(kind as usize);
        if self.revealed[s].count(kind as usize) > self.hands[s].count(kind as usize) {
            self.revealed[s].remove(kind as usize);
        }
    }

    // ----- hands -----

    /// Cut for the deal among `among` (all seats if `None`): each cuts a random card of the
    /// whole deck (`deck`, listed by `deck_list`) until a number card; the highest deals (the
    /// lowest if `low`); ties cut again.
    fn cut_with<S: EventSink<Event> + ?Sized>(
        &mut self,
        among: Option<&[u8]>,
        low: bool,
        deck: &[u16],
        log: &mut S,
    ) -> u8 {
        let mut seats = [0u8; MAX_PLAYERS];
        let mut count = match among {
            Some(s) => {
                seats[..s.len()].copy_from_slice(s);
                s.len()
            }
            None => {
                for (i, s) in seats.iter_mut().enumerate().take(self.n as usize) {
                    *s = i as u8;
                }
                self.n as usize
            }
        };
        // A cut takes the r-th card of the deck in kind order: one lookup in the listed deck.
        let total = deck.len() as u32;
        loop {
            let mut best: Option<u8> = None;
            let mut tied = [0u8; MAX_PLAYERS];
            let mut ties = 0;
            for &s in &seats[..count] {
                // Cut until a number card (specials count as their number, the Sixty Nine as 69).
                let num = loop {
                    let c = deck[self.rng.below(total) as usize] as u8;
                    let num = number_of(c);
                    if num != NO_NUMBER {
                        log.event(Event::Cut { seat: s, card: c });
                        break if c == SIXTY_NINE { 69 } else { num };
                    }
                };
                let better = match best {
                    None => true,
                    Some(b) => (low && num < b) || (!low && num > b),
                };
                if better {
                    best = Some(num);
                    tied[0] = s;
                    ties = 1;
                } else if best == Some(num) {
                    tied[ties] = s;
                    ties += 1;
                }
            }
            if ties == 1 {
                return tied[0];
            }
            seats = tied;
            count = ties;
        }
    }

    /// Starts a hand with `self.dealer` dealing (`deck`: the deck listed by `deck_list`):
    /// either asks the dealer for the hand size or deals at once.
    pub(crate) fn begin_hand<S: EventSink<Event> + ?Sized>(&mut self, deck: &[u16], log: &mut S) {
        let n = self.n as usize;
        for s in 0..n {
            self.hands[s].clear();
            self.revealed[s].clear();
            self.active[s] = true;
            self.n_active = self.n;
        }
        self.relink();
        self.draw.fill_shuffled(deck);
        self.discard = [0; NUM_KINDS];
        self.discard_len = 0;
        self.clockwise = true;
        self.attack = None;
        self.deferred = None;
        self.hand_winner = None;
        self.out_len = 0;
        log.event(Event::HandStart {
            hand: self.hands_played + 1,
            dealer: self.dealer,
        });
        self.current = self.dealer;
        match self.opts.hand_size {
            Some(h) => self.deal_cards(h, log),
            None => self.phase = Phase::DealSize,
        }
    }

    /// The deck's cards in kind order. Each kind is written 16 times (no kind has more copies)
    /// and the next kind overwrites the surplus: no loop whose length depends on the count,
    /// whose exit would mispredict.
    fn deck_list(&self) -> ListedDeck {
        let mut d = ListedDeck {
            cards: [0; DECK_SIZE + 16],
            len: 0,
        };
        for (k, &c) in self.deck.iter().enumerate() {
            debug_assert!(c <= 16);
            d.cards[d.len..d.len + 16].fill(k as u16);
            d.len += c as usize;
        }
        d
    }

    fn deal_cards<S: EventSink<Event> + ?Sized>(&mut self, size: u8, log: &mut S) {
        log.event(Event::HandSize { cards: size });
        self.bastard_watch = true;
        let n = self.n;
        // The next seat without a division (`%`) per card.
        let next = |s: u8| if s + 1 == n { 0 } else { s + 1 };
        // One card at a time around the table from the dealer's left (the deck always holds
        // them: options cap the hand size).
        let mut seat = next(self.dealer);
        let hands = &mut self.hands;
        self.draw
            .draw_many(size as usize * n as usize, &mut self.rng, |c| {
                hands[seat as usize].add(c as usize);
                log.event(Event::Deal {
                    seat,
                    card: c as u8,
                });
                seat = next(seat);
            });
        self.turn_first_card(log);
    }

    /// Turns the top card of the draw pile onto the discard pile and applies the first-card
    /// rules (section 2.7 of the rules): the deal's last step, and a scenario's `first_card`.
    pub(crate) fn turn_first_card<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        let first = self.draw.draw(&mut self.rng).expect("deck large enough") as u8;
        self.discard[first as usize] += 1;
        self.discard_len += 1;
        self.set_top(first, color_of(first));
        log.event(Event::FirstCard { card: first });
        self.current = self.dealer;
        if self.check_bastards(log) {
            return;
        }
        if color_of(first) == BLACK {
            self.phase = Phase::FirstColor;
        } else {
            self.first_card_effect(log);
        }
    }

    /// The first discard acts as if played by nobody sitting just before the dealer.
    fn first_card_effect<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        let d = self.dealer;
        let card = self.top;
        self.phase = Phase::Play;
        self.current = d;
        match face(card) {
            Face::Skip => {
                log.event(Event::Skipped { seat: d });
                self.current = self.next_active(d, 1);
            }
            Face::DoubleSkip => {
                log.event(Event::Skipped { seat: d });
                let two = self.two_active();
                if !two {
                    log.event(Event::Skipped {
                        seat: self.next_active(d, 1),
                    });
                }
                self.current = self.next_active(d, if two { 1 } else { 2 });
            }
            Face::Reverse => {
                if self.two_active() {
                    log.event(Event::Skipped { seat: d });
                    self.current = self.next_active(d, 1);
                } else {
                    self.clockwise = !self.clockwise;
                    log.event(Event::Reversed);
                }
            }
            Face::ReverseSkip => {
                self.clockwise = !self.clockwise;
                log.event(Event::Reversed);
                log.event(Event::Skipped { seat: d });
                self.current = self.next_active(d, 1);
            }
            Face::DrawTwo => {
                self.punish(d, 2, log);
                log.event(Event::Skipped { seat: d });
                self.current = self.next_active(d, 1);
            }
            Face::Spreader => self.spread(None, log),
            Face::DrawFour | Face::HotDeath => {
                self.start_draw_attack(None, d, draw_four_count(card), log);
            }
            Face::DelayedBlast => {
                if self.two_active() {
                    self.start_draw_attack(None, d, 4, log);
                } else {
                    log.event(Event::Skipped { seat: d });
                    let v = self.next_active(d, 1);
                    self.start_draw_attack(None, v, 4, log);
                }
            }
            Face::Harvester => {
                self.punish(d, 4, log);
                log.event(Event::Skipped { seat: d });
                self.current = self.next_active(d, 1);
            }
            Face::Quitter => {
                self.start_simple_attack(AttackKind::Quitter, None, d, log);
            }
            Face::Glasnost | Face::Mad => {
                self.phase = Phase::Target {
                    card,
                    chooser: d,
                    by: None,
                };
            }
            // Mystery Draw: nothing underneath, a plain wild. Numbers and the rest: no effect.
            _ => {}
        }
        if matches!(self.phase, Phase::Play) {
            self.settle(log);
        }
    }

    #[inline]
    fn two_active(&self) -> bool {
        self.active_count() == 2
    }

    // ----- attacks -----

    /// A Draw-Four-type attack of `cards` aimed at `victim` (`inflicter` played it).
    fn start_draw_attack<S: EventSink<Event> + ?Sized>(
        &mut self,
        inflicter: Option<u8>,
        victim: u8,
        cards: u16,
        log: &mut S,
    ) {
        let a = Attack {
            kind: AttackKind::Draw,
            cards,
            inflicter,
            victim,
            stackable: true,
            origin: inflicter,
        };
        self.aim(a, log);
    }

    fn start_simple_attack<S: EventSink<Event> + ?Sized>(
        &mut self,
        kind: AttackKind,
        origin: Option<u8>,
        victim: u8,
        log: &mut S,
    ) {
        let a = Attack {
            kind,
            cards: 0,
            inflicter: origin,
            victim,
            stackable: false,
            origin,
        };
        self.aim(a, log);
    }

    /// Points the attack at its victim: a decision if they hold an answer, resolved at once
    /// otherwise.
    fn aim<S: EventSink<Event> + ?Sized>(&mut self, a: Attack, log: &mut S) {
        log.event(Event::Attack {
            victim: a.victim,
            cards: a.cards,
            kind: match a.kind {
                AttackKind::Draw => AttackOn::Draw,
                AttackKind::Quitter => AttackOn::Quitter,
                AttackKind::Glasnost => AttackOn::Glasnost,
            },
        });
        self.attack = Some(a);
        if self.answers(&a) != 0 {
            self.phase = Phase::Respond;
        } else {
            self.accept(log);
        }
    }

    /// The victim takes the attack.
    fn accept<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        let a = self.attack.take().expect("attack");
        let v = a.victim;
        self.phase = Phase::Play;
        match a.kind {
            AttackKind::Draw => {
                self.punish(v, a.cards, log);
                log.event(Event::Skipped { seat: v });
                self.current = self.next_active(v, 1);
            }
            AttackKind::Quitter => {
                if let (true, Some(w)) = (self.two_active(), a.origin) {
                    // Two players: the Quitter's player wins the hand.
                    self.end_hand(Some(w), HandEnd::Quitter, log);
                    return;
                }
                self.eliminate(v, log);
                if self.hand_done() {
                    return;
                }
                self.current = self.resume_after(a.origin);
            }
            AttackKind::Glasnost => {
                self.reveal_hand(v, log);
                self.current = self.resume_after(a.origin);
            }
        }
        self.settle(log);
    }

    /// Where play resumes after a Quitter / Glasnost played by `origin` (the dealer for a
    /// first card).
    fn resume_after(&self, origin: Option<u8>) -> u8 {
        match origin {
            Some(o) => self.next_active(o, 1),
            None => {
                if self.active[self.dealer as usize] {
                    self.dealer
                } else {
                    self.next_active(self.dealer, 1)
                }
            }
        }
    }

    /// The victim answers with `kind` (already moved to the discard pile).
    fn answer<S: EventSink<Event> + ?Sized>(&mut self, seat: u8, kind: u8, log: &mut S) {
        let mut a = self.attack.take().expect("attack");
        self.phase = Phase::Play;
        match kind {
            FUCKER => {
                self.clockwise = !self.clockwise;
                log.event(Event::Reversed);
                match a.inflicter {
                    Some(i) if self.active[i as usize] => {
                        a.victim = i;
                        a.inflicter = Some(seat);
                        a.stackable = false;
                        self.aim(a, log);
                        return;
                    }
                    _ => {
                        // Sent back to nobody (a first card) or to an eliminated player.
                        log.event(Event::AttackCancelled);
                        self.current = match a.kind {
                            AttackKind::Draw => self.next_active(seat, 1),
                            _ => self.resume_after(a.origin),
                        };
                    }
                }
            }
            HOLY_DEFENDER => {
                a.victim = self.next_active(seat, 1);
                a.stackable = false;
                if a.victim == seat {
                    log.event(Event::AttackCancelled);
                    self.current = self.next_active(seat, 1);
                } else {
                    self.aim(a, log);
                    return;
                }
            }
            AIDS => match a.kind {
                AttackKind::Draw => {
                    let half = a.cards / 2;
                    if let Some(i) = a.inflicter {
                        if self.active[i as usize] {
                            self.punish(i, a.cards - half, log);
                        }
                    }
                    self.punish(seat, half, log);
                    self.current = self.next_active(seat, 1);
                }
                AttackKind::Quitter => {
                    // Fix: both are quittered at once, so the hand's end is judged after both
                    // are out. Eliminating the inflicter first ended a two-player hand with
                    // the A.I.D.S. player as the last one standing; the decisions (and seed
                    // S43): "unless answered with A.I.D.S. (both out -> no winner)".
                    if let Some(i) = a.inflicter {
                        if self.active[i as usize] && i != seat {
                            self.deactivate(i);
                            log.event(Event::Eliminated { seat: i });
                        }
                    }
                    self.eliminate(seat, log);
                    if self.hand_done() {
                        return;
                    }
                    self.current = self.resume_after(a.origin);
                }
                AttackKind::Glasnost => {
                    if let Some(i) = a.inflicter {
                        self.reveal_hand(i, log);
                    }
                    self.reveal_hand(seat, log);
                    self.current = self.resume_after(a.origin);
                }
            },
            MAGIC_5 => {
                log.event(Event::AttackCancelled);
                self.current = self.next_active(seat, 1);
            }
            _ => {
                // A Draw-Four type stacked on the stack.
                debug_assert!(is_draw_four_type(kind));
                let total = a.cards + draw_four_count(kind);
                if kind == HARVESTER {
                    let v = self.next_active(seat, 1);
                    self.punish(v, total, log);
                    log.event(Event::Skipped { seat: v });
                    self.current = self.next_active(v, 1);
                } else {
                    let v = if kind == DELAYED_BLAST && !self.two_active() {
                        let skipped = self.next_active(seat, 1);
                        log.event(Event::Skipped { seat: skipped });
                        self.next_active(skipped, 1)
                    } else {
                        self.next_active(seat, 1)
                    };
                    self.start_draw_attack(Some(seat), v, total, log);
                    return;
                }
            }
        }
        self.settle(log);
    }

    fn eliminate<S: EventSink<Event> + ?Sized>(&mut self, seat: u8, log: &mut S) {
        if !self.active[seat as usize] {
            return;
        }
        self.deactivate(seat);
        log.event(Event::Eliminated { seat });
        match self.active_count() {
            0 => self.end_hand(None, HandEnd::AllEliminated, log),
            1 => {
                let w = (0..self.n)
                    .find(|&s| self.active[s as usize])
                    .expect("one left");
                self.end_hand(Some(w), HandEnd::LastStanding, log);
            }
            _ => {}
        }
    }

    /// Whether the hand ended during this decision (scored; the next may already be dealt) or
    /// the game is over: the caller must not touch the turn any more.
    fn hand_done(&self) -> bool {
        self.hand_just_ended || matches!(self.phase, Phase::Over(_))
    }

    // ----- playing cards -----

    /// `seat` plays `kind` (naming `named` if black).
    #[inline(always)]
    fn play<S: EventSink<Event> + ?Sized>(
        &mut self,
        seat: u8,
        kind: u8,
        named: Option<u8>,
        log: &mut S,
    ) {
        let in_response = matches!(self.phase, Phase::Respond);
        self.play_in(seat, kind, named, in_response, log);
    }

    /// `play`, told whether the play answers an attack (`random_playout` knows it does not:
    /// with the constant inlined, the effect's dispatch on it disappears).
    #[inline(always)]
    fn play_in<S: EventSink<Event> + ?Sized>(
        &mut self,
        seat: u8,
        kind: u8,
        named: Option<u8>,
        in_response: bool,
        log: &mut S,
    ) {
        let underneath = self.top;
        self.remove_from_hand(seat, kind);
        if self.hands[seat as usize].is_empty() && (self.out_len as usize) < MAX_PLAYERS {
            self.out_order[self.out_len as usize] = seat;
            self.out_len += 1;
        }
        // A 6 on a 9 or a 9 on a 6 by the holder of the Sixty Nine shows it. The holder test
        // comes first: it is one bit, nearly always clear (one card of the deck).
        let mut shown_69 = false;
        if self.hands[seat as usize].has(SIXTY_NINE as usize) {
            let (kn, tn) = (number_of(kind), number_of(underneath));
            let six_on_nine = (kind < 60)
                & (kind != SIXTY_NINE)
                & (underneath != SIXTY_NINE)
                & (kn.wrapping_add(tn) == 15)
                & (kn.abs_diff(tn) == 3);
            if six_on_nine && color_of(kind) != self.color {
                self.reveal_card(seat, SIXTY_NINE);
                shown_69 = true;
            }
        }
        self.discard[kind as usize] += 1;
        self.discard_len += 1;
        self.set_top(
            kind,
            match named {
                Some(c) => c,
                None => color_of(kind),
            },
        );
        log.event(Event::Played {
            seat,
            card: kind,
            color: self.color,
        });
        if shown_69 {
            log.event(Event::SixtyNineShown {
                seat,
                card: kind,
                on: underneath,
            });
        }
        let d = Deferred {
            card: kind,
            seat,
            underneath,
            in_response,
        };
        if self.opts.uno_call && self.hands[seat as usize].len() == 1 {
            self.deferred = Some(d);
            self.uno_seat = seat;
            self.phase = Phase::CallUno;
            return;
        }
        self.effect(d, log);
    }

    #[inline(always)]
    fn effect<S: EventSink<Event> + ?Sized>(&mut self, d: Deferred, log: &mut S) {
        if d.in_response {
            self.answer(d.seat, d.card, log);
            return;
        }
        let p = d.seat;
        let two = self.two_active();
        self.phase = Phase::Play;
        match face(d.card) {
            Face::Skip => {
                let s = self.next_active(p, 1);
                log.event(Event::Skipped { seat: s });
                self.current = self.next_active(p, 2);
            }
            Face::DoubleSkip => {
                let s = self.next_active(p, 1);
                log.event(Event::Skipped { seat: s });
                if two {
                    self.current = self.next_active(p, 2);
                } else {
                    log.event(Event::Skipped {
                        seat: self.next_active(p, 2),
                    });
                    self.current = self.next_active(p, 3);
                }
            }
            Face::Reverse => {
                if two {
                    let s = self.next_active(p, 1);
                    log.event(Event::Skipped { seat: s });
                    self.current = self.next_active(p, 2);
                } else {
                    self.clockwise = !self.clockwise;
                    log.event(Event::Reversed);
                    self.current = self.next_active(p, 1);
                }
            }
            Face::ReverseSkip => {
                if !two {
                    self.clockwise = !self.clockwise;
                    log.event(Event::Reversed);
                }
                let s = self.next_active(p, 1);
                log.event(Event::Skipped { seat: s });
                self.current = self.next_active(p, 2);
            }
            Face::DrawTwo => {
                let v = self.next_active(p, 1);
                self.punish(v, 2, log);
                log.event(Event::Skipped { seat: v });
                self.current = self.next_active(p, 2);
            }
            Face::Spreader => self.spread(Some(p), log),
            Face::DrawFour | Face::HotDeath => {
                let v = self.next_active(p, 1);
                self.start_draw_attack(Some(p), v, draw_four_count(d.card), log);
                return;
            }
            Face::DelayedBlast => {
                let v = if two {
                    self.next_active(p, 1)
                } else {
                    let s = self.next_active(p, 1);
                    log.event(Event::Skipped { seat: s });
                    self.next_active(p, 2)
                };
                self.start_draw_attack(Some(p), v, 4, log);
                return;
            }
            Face::Harvester => {
                let v = self.next_active(p, 1);
                self.punish(v, 4, log);
                log.event(Event::Skipped { seat: v });
                self.current = self.next_active(p, 2);
            }
            Face::MysteryDraw => {
                let u = d.underneath;
                let n = if u == SIXTY_NINE {
                    69
                } else {
                    match number_of(u) {
                        NO_NUMBER => 0,
                        x => x as u16,
                    }
                };
                if n > 0 {
                    let v = self.next_active(p, 1);
                    self.punish(v, n, log);
                    log.event(Event::Skipped { seat: v });
                    self.current = self.next_active(p, 2);
                } else {
                    self.current = self.next_active(p, 1);
                }
            }
            Face::Quitter => {
                let v = self.next_active(p, 1);
                self.start_simple_attack(AttackKind::Quitter, Some(p), v, log);
                return;
            }
            Face::Mad => {
                if two {
                    // Two players: everyone dies.
                    let other = self.next_active(p, 1);
                    self.deactivate(p);
                    log.event(Event::Eliminated { seat: p });
                    self.deactivate(other);
                    log.event(Event::Eliminated { seat: other });
                    self.end_hand(None, HandEnd::AllEliminated, log);
                    return;
                }
                self.phase = Phase::Target {
                    card: d.card,
                    chooser: p,
                    by: Some(p),
                };
                return;
            }
            Face::Glasnost => {
                self.phase = Phase::Target {
                    card: d.card,
                    chooser: p,
                    by: Some(p),
                };
                return;
            }
            _ => {
                // Numbers, Wild, Magic 5, special numbers outside an attack: no effect.
                self.current = self.next_active(p, 1);
            }
        }
        if matches!(self.phase, Phase::Play) {
            self.settle(log);
        }
    }

    /// Spreader played by `by` (`None`: the first card): every other active player draws two,
    /// except the Penn State holder, who shows it.
    fn spread<S: EventSink<Event> + ?Sized>(&mut self, by: Option<u8>, log: &mut S) {
        let start = by.unwrap_or_else(|| {
            // First card: everyone, starting with the dealer.
            let d = self.dealer;
            if self.clockwise {
                (d + self.n - 1) % self.n
            } else {
                (d + 1) % self.n
            }
        });
        let mut penn: Option<u8> = None;
        let mut s = start;
        for _ in 0..self.n {
            s = self.next_active(s, 1);
            if Some(s) == by {
                break;
            }
            if self.hands[s as usize].has(PENN_STATE as usize) {
                penn = Some(s);
                self.reveal_card(s, PENN_STATE);
                log.event(Event::PennStateShown { seat: s });
            } else {
                self.punish(s, 2, log);
            }
            if by.is_none() && s == start {
                break;
            }
        }
        match (penn, by) {
            (Some(h), Some(p)) => {
                self.punish(p, 2, log);
                self.current = h;
            }
            (Some(h), None) => self.current = h,
            (None, Some(p)) => {
                log.event(Event::SpreaderRepeats { seat: p });
                self.current = p;
            }
            (None, None) => self.current = self.dealer,
        }
        self.phase = Phase::Play;
    }

    // ----- the turn loop -----

    /// Play is about to pass to `current` with nothing pending: checks the hand's end (a
    /// player out of cards, the four bastard cards) and skips eliminated seats.
    #[inline(always)]
    fn settle<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        if matches!(self.phase, Phase::Over(_)) || self.attack.is_some() {
            return;
        }
        // The first player (in the order they played their last card) still out of cards
        // wins; others cannot be out of cards without having played.
        for i in 0..self.out_len as usize {
            let s = self.out_order[i];
            if self.active[s as usize] && self.hands[s as usize].is_empty() {
                self.end_hand(Some(s), HandEnd::OutOfCards, log);
                return;
            }
        }
        if self.check_bastards(log) {
            return;
        }
        if !self.active[self.current as usize] {
            self.current = self.next_active(self.current, 1);
        }
        self.phase = Phase::Play;
    }

    /// The four bastard cards in one hand end it; true if so. Scans the hands only when a
    /// bastard card may have entered one since the last scan (`bastard_watch`).
    #[inline(always)]
    fn check_bastards<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) -> bool {
        if !self.bastard_watch {
            return false;
        }
        self.scan_bastards(log)
    }

    #[inline(never)]
    fn scan_bastards<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) -> bool {
        // The four bastard cards all sit in the second bitset word.
        const W: usize = QUITTER as usize / 64;
        const B: u64 = (BASTARDS >> 64) as u64;
        const _: () = assert!(
            SHITTER as usize / 64 == W
                && FUCKER as usize / 64 == W
                && HOLY_DEFENDER as usize / 64 == W
        );
        for s in 0..self.n {
            if self.hands[s as usize].mask(W) & B == B {
                self.end_hand(Some(s), HandEnd::BastardCards, log);
                return true;
            }
        }
        self.bastard_watch = false;
        false
    }

    /// Scores the hand and starts the next one or ends the game.
    pub(crate) fn end_hand<S: EventSink<Event> + ?Sized>(
        &mut self,
        winner: Option<u8>,
        how: HandEnd,
        log: &mut S,
    ) {
        self.attack = None;
        self.deferred = None;
        self.hand_winner = winner;
        self.last_end = Some(how);
        self.hands_played += 1;
        self.counters.endings[how as usize] += 1;
        self.counters.last_ending = how as u8;
        if let Some(w) = winner {
            self.counters.hand_wins[w as usize] += 1;
        }
        log.event(Event::HandOver { winner, how });
        let n = self.n as usize;
        let pts = super::scoring::hand_scores(self, winner);
        for (s, &p) in pts.iter().enumerate().take(n) {
            self.hand_points[s] = p;
            self.scores[s] += p;
            log.event(Event::Scored {
                seat: s as u8,
                points: p,
                total: self.scores[s],
            });
        }
        self.hand_just_ended = true;
        let target = self.opts.target;
        if target == 0 || self.scores[..n].iter().any(|&t| t >= target) {
            self.phase = Phase::Over(Ending::OutOfCards);
            return;
        }
        // Next dealer: the winner; with no winner, the lowest scorer of the hand (cut if tied).
        let deck = self.deck_list();
        let deck = deck.cards();
        self.dealer = match winner {
            Some(w) => w,
            None => {
                let low = *pts[..n].iter().min().expect("players");
                let mut tied = [0u8; MAX_PLAYERS];
                let mut ties = 0;
                for s in 0..self.n {
                    if pts[s as usize] == low {
                        tied[ties] = s;
                        ties += 1;
                    }
                }
                if ties == 1 {
                    tied[0]
                } else {
                    self.cut_with(Some(&tied[..ties]), true, deck, log)
                }
            }
        };
        self.begin_hand(deck, log);
    }

    // ----- applying decisions -----

    pub(crate) fn step<S: EventSink<Event> + ?Sized>(&mut self, a: Action, log: &mut S) {
        self.counters.actions += 1;
        self.hand_just_ended = false;
        match self.phase {
            Phase::DealSize => {
                let size = (a - HAND_SIZE) as u8 + MIN_HAND_SIZE;
                self.deal_cards(size, log);
            }
            Phase::FirstColor => {
                self.set_top(self.top, (a - CHOOSE_COLOR) as u8);
                log.event(Event::ColorNamed {
                    seat: self.dealer,
                    color: self.color,
                });
                self.first_card_effect(log);
            }
            Phase::Play => {
                self.counters.turns += 1;
                let seat = self.current;
                if a == DRAW {
                    self.draw_turn(seat, log);
                } else {
                    let (kind, named) = decode_play(a).expect("play action");
                    self.play(seat, kind, named, log);
                }
            }
            Phase::PostDraw { .. } => {
                let seat = self.current;
                if a == PASS {
                    self.keep_drawn(seat, log);
                } else {
                    let (kind, named) = decode_play(a).expect("play action");
                    self.play(seat, kind, named, log);
                }
            }
            Phase::Target { card, chooser, by } => {
                let victim = (chooser + (a - TARGET) as u8 + 1) % self.n;
                self.phase = Phase::Play;
                if card == MAD {
                    if let Some(p) = by {
                        self.eliminate(p, log);
                    }
                    if !self.hand_done() {
                        self.eliminate(victim, log);
                    }
                    if self.hand_done() {
                        return;
                    }
                    self.current = self.resume_after(by);
                    self.settle(log);
                } else {
                    self.start_simple_attack(AttackKind::Glasnost, by, victim, log);
                }
            }
            Phase::CallUno => {
                let seat = self.uno_seat;
                if a == CALL_UNO {
                    log.event(Event::UnoCalled { seat });
                    self.after_uno(log);
                } else {
                    log.event(Event::UnoSilent { seat });
                    match self.opts.uno_catch_probability {
                        Some(p) => {
                            if self.rng.chance(p) {
                                self.uno_penalty(None, log);
                            }
                            self.after_uno(log);
                        }
                        None => self.next_catcher(seat, log),
                    }
                }
            }
            Phase::Catch { asker } => {
                if a == CATCH {
                    self.uno_penalty(Some(asker), log);
                    self.after_uno(log);
                } else {
                    self.next_catcher(asker, log);
                }
            }
            Phase::Respond => {
                if a == ACCEPT {
                    self.accept(log);
                } else {
                    let seat = self.attack.expect("attack").victim;
                    let (kind, named) = decode_play(a).expect("play action");
                    self.play(seat, kind, named, log);
                }
            }
            Phase::Over(_) => unreachable!("no decision in a finished game"),
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

    /// `seat` draws on their turn (then decides whether to play the card drawn).
    #[inline(always)]
    fn draw_turn<S: EventSink<Event> + ?Sized>(&mut self, seat: u8, log: &mut S) {
        if let Some(c) = self.draw_one(seat, log) {
            log.event(Event::Drew { seat, card: c });
            self.phase = Phase::PostDraw { card: c };
            // Fix: the four bastard cards end the hand "at once" (decisions: checked whenever
            // no attack is pending), also when the fourth is the card drawn on one's turn;
            // before, the holder could play it away in PostDraw.
            self.check_bastards(log);
        } else {
            log.event(Event::PileExhausted { seat });
            self.current = self.next_active(seat, 1);
            self.settle(log);
        }
    }

    /// `seat` keeps the card they drew; play passes on.
    #[inline(always)]
    fn keep_drawn<S: EventSink<Event> + ?Sized>(&mut self, seat: u8, log: &mut S) {
        log.event(Event::KeepDrawn { seat });
        self.current = self.next_active(seat, 1);
        self.settle(log);
    }

    /// The next active player after `from` (other than the silent player) gets to catch.
    fn next_catcher<S: EventSink<Event> + ?Sized>(&mut self, from: u8, log: &mut S) {
        let silent = self.uno_seat;
        let mut s = from;
        for _ in 0..self.n {
            s = (s + 1) % self.n;
            if s == silent {
                // Everyone was asked.
                self.after_uno(log);
                return;
            }
            if self.active[s as usize] {
                self.phase = Phase::Catch { asker: s };
                return;
            }
        }
        self.after_uno(log);
    }

    fn uno_penalty<S: EventSink<Event> + ?Sized>(&mut self, by: Option<u8>, log: &mut S) {
        let seat = self.uno_seat;
        self.counters.uno_penalties += 1;
        log.event(Event::UnoCaught { seat, by });
        self.punish(seat, self.opts.uno_penalty as u16, log);
    }

    fn after_uno<S: EventSink<Event> + ?Sized>(&mut self, log: &mut S) {
        let d = self.deferred.take().expect("a play waits for the UNO call");
        self.phase = if d.in_response {
            Phase::Respond
        } else {
            Phase::Play
        };
        self.effect(d, log);
    }

    // ----- results -----

    pub(crate) fn outcome_inner(&self) -> Option<Outcome> {
        let ending = match self.phase {
            Phase::Over(e) => e,
            _ => return None,
        };
        let n = self.n as usize;
        let single = self.opts.target == 0;
        let mut points = [0i32; MAX_PLAYERS];
        points[..n].copy_from_slice(&self.scores[..n]);
        let winner = if ending == Ending::Truncated {
            None
        } else if single {
            self.hand_winner
        } else {
            // Lowest total wins; ties go to the lowest seat.
            (0..n).min_by_key(|&s| (self.scores[s], s)).map(|s| s as u8)
        };
        let mut order = [0usize; MAX_PLAYERS];
        for (i, o) in order.iter_mut().enumerate().take(n) {
            *o = i;
        }
        order[..n].sort_by_key(|&s| (Some(s as u8) != winner, self.scores[s], s));
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
            hands: self.hands_played.max(1),
            ending,
        })
    }
}

// ----- masks -----

#[inline]
pub(crate) fn mask128(h: &HdHand) -> u128 {
    (h.mask(0) as u128) | ((h.mask(1) as u128) << 64)
}

const fn build_color_masks() -> [u128; 5] {
    let mut t = [0u128; 5];
    let mut k = 0;
    while k < NUM_KINDS {
        let c = super::cards::KINDS[k].color as usize;
        t[c] |= 1u128 << k;
        k += 1;
    }
    t
}

const fn build_number_masks() -> [u128; 10] {
    let mut t = [0u128; 10];
    let mut k = 0;
    while k < NUM_KINDS {
        let num = super::cards::KINDS[k].number;
        if num < 10 {
            t[num as usize] |= 1u128 << k;
        }
        k += 1;
    }
    // The Sixty Nine is also a 6.
    t[6] |= 1u128 << SIXTY_NINE;
    t
}
static NUMBER_MASKS: [u128; 10] = build_number_masks();

#[inline]
fn number_mask(n: u8) -> u128 {
    NUMBER_MASKS[n as usize]
}

const BLACK_MASK: u128 = ((1u128 << NUM_KINDS) - 1) & !((1u128 << FIRST_BLACK) - 1);
const DRAW_FOUR_TYPES: u128 =
    (1u128 << DRAW_FOUR) | (1u128 << HOT_DEATH) | (1u128 << HARVESTER) | (1u128 << DELAYED_BLAST);

const fn faces_mask(r: u8) -> u128 {
    (1u128 << r) | (1u128 << (15 + r)) | (1u128 << (30 + r)) | (1u128 << (45 + r))
}
const SPREADERS: u128 = 0b1111u128 << SPREADER;
/// The four bastard cards (all four in one hand end it).
const BASTARDS: u128 =
    (1u128 << QUITTER) | (1u128 << SHITTER) | (1u128 << FUCKER) | (1u128 << HOLY_DEFENDER);
/// `BASTARDS` as a table by kind (one load where the draw needs it).
static IS_BASTARD: [bool; NUM_KINDS] = {
    let mut t = [false; NUM_KINDS];
    let mut k = 0;
    while k < NUM_KINDS {
        t[k] = (BASTARDS >> k) & 1 != 0;
        k += 1;
    }
    t
};

/// Kinds with the same word (face) as `top`.
const fn face_mask(top: u8, port: bool) -> u128 {
    match kind_facts(top as usize).face {
        Face::Skip | Face::DoubleSkip | Face::Reverse | Face::ReverseSkip | Face::DrawTwo => {
            let r = top % 15;
            let mut m = faces_mask(r);
            if port {
                m |= match r {
                    R_SKIP => faces_mask(R_DOUBLE_SKIP),
                    R_DOUBLE_SKIP => faces_mask(R_SKIP),
                    R_REVERSE => faces_mask(R_REVERSE_SKIP),
                    R_REVERSE_SKIP => faces_mask(R_REVERSE),
                    _ => SPREADERS,
                };
            }
            m
        }
        Face::Spreader => {
            if port {
                SPREADERS | faces_mask(R_DRAW_TWO)
            } else {
                SPREADERS
            }
        }
        _ => 0,
    }
}

/// What may be played on `top` with `color` in effect, before the two hand-dependent rules
/// (the Sixty Nine holder's 6-on-9, the Shitter as the last card): colour, number or word,
/// every black card, the Magic 5, the Sixty Nine on a 6 or a 9, the Shitter only on the Holy
/// Defender or the Magic 5.
const fn base_playable(top: u8, color: u8, port: bool) -> u128 {
    const COLORS: [u128; 5] = build_color_masks();
    const NUMBERS: [u128; 10] = build_number_masks();
    let mut m = (COLORS[color as usize] & !COLORS[4]) | BLACK_MASK | (1u128 << MAGIC_5);
    let tn = kind_facts(top as usize).number;
    if tn != NO_NUMBER {
        m |= NUMBERS[tn as usize];
        if top == SIXTY_NINE {
            m |= NUMBERS[6];
        }
    }
    m |= face_mask(top, port);
    if tn == 6 || tn == 9 {
        m |= 1u128 << SIXTY_NINE;
    }
    if top == HOLY_DEFENDER || top == MAGIC_5 {
        m |= 1u128 << SHITTER;
    } else {
        m &= !(1u128 << SHITTER);
    }
    m
}

/// `base_playable` for every (port matching, top card, colour), computed at compile time.
static PLAYABLE: [[[u128; 5]; NUM_KINDS]; 2] = {
    let mut t = [[[0u128; 5]; NUM_KINDS]; 2];
    let mut p = 0;
    while p < 2 {
        let mut k = 0;
        while k < NUM_KINDS {
            let mut c = 0;
            while c < 5 {
                t[p][k][c] = base_playable(k as u8, c as u8, p == 1);
                c += 1;
            }
            k += 1;
        }
        p += 1;
    }
    t
};

/// A uniformly random choice among the plays in `mask` and one more option (draw or pass), in
/// the order `legal` lists them (coloured plays ascending, each black kind with its four
/// colours, then the extra option): the kind and the colour named, or `None` for the extra
/// option. One `rng.below` call.
#[inline(always)]
fn pick_play(mask: u128, rng: &mut Rng) -> Option<(u8, Option<u8>)> {
    let coloured = mask & ((1u128 << FIRST_BLACK) - 1);
    let black = (mask >> FIRST_BLACK) as u64;
    let (lo, hi) = (coloured as u64, (coloured >> 64) as u64);
    let nlo = lo.count_ones();
    let nc = nlo + hi.count_ones();
    let nb = black.count_ones() * 4;
    let mut k = rng.below(nc + nb + 1);
    if k < nlo {
        return Some((select(lo, k) as u8, None));
    }
    if k < nc {
        return Some((64 + select(hi, k - nlo) as u8, None));
    }
    k -= nc;
    if k < nb {
        return Some((
            FIRST_BLACK + select(black, k / 4) as u8,
            Some((k % 4) as u8),
        ));
    }
    None
}

#[inline]
fn push_plays(mask: u128, out: &mut ActionList) {
    let mut m = mask & ((1u128 << FIRST_BLACK) - 1);
    while m != 0 {
        out.push(m.trailing_zeros() as Action);
        m &= m - 1;
    }
    let mut b = mask >> FIRST_BLACK;
    while b != 0 {
        let k = FIRST_BLACK + b.trailing_zeros() as u8;
        for c in 0..4 {
            out.push(encode_play(k, c));
        }
        b &= b - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bookkeeping the fast paths rely on holds at every decision of random games: `base`
    /// is the playable table's entry for the top card and colour, `ring` agrees with the walk over the seats (every seat, 0 to 3 steps, both directions), and
    /// when `bastard_watch` is clear no hand holds all four bastard cards. (Release builds
    /// skip `next_active`'s own debug check, so this runs it explicitly.)
    #[test]
    fn seat_table_and_bastard_watch_stay_true_in_random_games() {
        let mut rng = Rng::new(17);
        let mut decisions = 0u64;
        for players in 2..=8usize {
            for (i, opts) in [HotDeathOptions::single_hand(), HotDeathOptions::default()]
                .into_iter()
                .enumerate()
            {
                let games = if i == 0 { 60 } else { 4 };
                for g in 0..games {
                    let mut st =
                        HotDeathState::new(opts, players, (players * 1000 + g) as u64).unwrap();
                    while !matches!(st.phase, Phase::Over(_)) {
                        check_bookkeeping(&st);
                        let a = st.sample(&mut rng);
                        st.step(a, &mut NoEvents);
                        decisions += 1;
                    }
                    check_bookkeeping(&st);
                }
            }
        }
        assert!(decisions > 100_000, "{decisions} decisions");
    }

    /// The random-play loop compiled for BMI (taken on CPUs that have it) and the baseline
    /// copy play the same games: same final state from the same deal and generators.
    #[test]
    fn both_compiled_copies_of_the_random_playout_play_the_same_games() {
        for players in [2usize, 4, 7] {
            for opts in [HotDeathOptions::single_hand(), HotDeathOptions::default()] {
                for seed in 0..40u64 {
                    let start = HotDeathState::new(opts, players, seed).unwrap();
                    let rngs: Vec<Rng> = (0..players as u64)
                        .map(|s| Rng::new(seed * 16 + s))
                        .collect();
                    let (mut a, mut ra) = (start.clone(), rngs.clone());
                    a.random_playout_body(&mut ra);
                    let (mut b, mut rb) = (start, rngs);
                    b.random_playout(&mut rb);
                    assert!(matches!(a.phase, Phase::Over(_)));
                    assert_eq!(
                        format!("{a:?}"),
                        format!("{b:?}"),
                        "{players} players, seed {seed}"
                    );
                    assert_eq!(ra, rb);
                }
            }
        }
    }

    fn check_bookkeeping(st: &HotDeathState) {
        assert_eq!(
            st.base,
            PLAYABLE[st.opts.port_face_matching as usize][st.top as usize]
                [st.color.min(BLACK) as usize]
        );
        for clockwise in [false, true] {
            let mut s = st.clone();
            s.clockwise = clockwise;
            for seat in 0..s.n {
                for steps in 0..4 {
                    assert_eq!(
                        s.ring[clockwise as usize][seat as usize],
                        s.next_active_slow(seat, 1)
                    );
                    let mut t = seat;
                    for _ in 0..steps {
                        t = s.ring[clockwise as usize][t as usize];
                    }
                    assert_eq!(
                        t,
                        s.next_active_slow(seat, steps),
                        "seat {seat}, {steps} steps"
                    );
                }
            }
        }
        if !st.bastard_watch {
            for s in 0..st.n as usize {
                let m = mask128(&st.hands[s]);
                assert_ne!(m & BASTARDS, BASTARDS, "seat {s} holds all four unwatched");
            }
        }
    }
}
