//! The Blender state and the table's bookkeeping: hands, the piles, drawing (with the link,
//! Creepers and Gifts), hand exchanges, the seat ring, the end of a turn
//! (`docs/rules/blender.md` sections 2, 4, 5, 12).

use super::cards::{deck_counts, kinds, Sym, DECK_SIZE, NO_NUMBER, NUM_KINDS, WILD, WORDS};
use super::event::Event;
use super::options::BlenderOptions;
use crate::game::{first_seat_after, seat_after, EventSink, GameCounters, MAX_PLAYERS};
use crate::hand::Hand;
use crate::pile::DrawPile;
use crate::rng::Rng;
use std::sync::OnceLock;

pub type BHand = Hand<NUM_KINDS, WORDS>;
/// No seat / no card.
pub const NONE: u8 = 255;
pub const NO_CARD: u16 = u16::MAX;

#[inline]
pub const fn bit(s: u8) -> u16 {
    1u16 << s
}

/// The card players match (the top of the discard pile, or of the mini-pile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    pub kind: u16,
    /// 0-3, or [`WILD`] for a Wild whose colour was not chosen (B10).
    pub color: u8,
    /// The number it counts as, or [`NO_NUMBER`].
    pub number: u8,
}

/// What the stack restricts (section 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StackKind {
    None,
    Draw,
    Stack,
}

/// Why a seat is choosing a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetWhy {
    Trade,
    Swap,
    TeamPlay,
    TargetedDraw(u8),
    /// Double Draw 2: picks left (2, then 1).
    DoubleDraw(u8),
    TargetedSkip,
    /// Drawn Together: the first pick, then the second (`Res::t1` holds the first).
    DrawnTogether,
    ForceTrade,
    /// A Gift drawn from the deck is given away.
    Gift,
}

/// Where the resolution of a card (or a turn without one) stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// A `#` takes its number.
    Number,
    Color,
    Action,
    Modifier,
    /// UNO windows for hands that reached one card.
    Checks,
    /// The end of a turn: wins and eliminations (section 12).
    EndTurn,
    /// The jump-in window.
    Window,
    /// Back to the plays after a shortfall (option `play_after_shortfall`).
    AfterShort,
    /// After the tempo-1 draw (and the Gifts it brought): the drawn card `Res::give` may be
    /// played (4.3).
    Drawn,
    /// The run goes on, or the next turn starts.
    Next,
}

/// The decision pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The active player plays, draws, takes the stack or stops.
    Turn,
    /// After the tempo-1 draw: play the drawn card or keep it.
    PostDraw {
        kind: u16,
    },
    Number,
    Color,
    Target {
        why: TargetWhy,
        seat: u8,
    },
    /// Swap: `seat` gives a card.
    Give {
        seat: u8,
    },
    /// Point Taken: `seat` points.
    Point {
        seat: u8,
    },
    Uno {
        seat: u8,
    },
    Catch {
        seat: u8,
        by: u8,
    },
    Jump {
        seat: u8,
    },
    /// Option `play_after_shortfall`: the active player may play cards just drawn on a
    /// shortfall (`short_left` more at most) or stop.
    AfterShort,
    Over,
    /// Internal: resolving, no decision pending (never seen between actions).
    Busy,
}

/// The card being resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Res {
    /// Who laid it (whose turn it is).
    pub player: u8,
    /// The card, or [`NO_CARD`] for a turn that ends without one (a draw, the stack taken).
    pub kind: u16,
    pub flexed: bool,
    /// Its events happen (the last card of a turn, a jump-in card).
    pub last: bool,
    /// Laid on the mini-pile (no colour, no action: B22).
    pub mini: bool,
    /// A jump-in card (its `#` number is the shown number).
    pub jump: bool,
    pub stage: Stage,
    /// The action's progress (0: not started; reverse done = 1).
    pub sub: u8,
    /// A first pick (Drawn Together, Force Trade, Double Draw 2) or the Swap target.
    pub t1: u8,
    /// The card the player committed to give in a Swap; the card just drawn (`Stage::Drawn`).
    pub give: u16,
    /// The next active player, once the actions have set it (`NONE`: the next in order). The
    /// turn passes (and Targeted Skips are used, also on this seat: B48) only after the
    /// jump-in window and the end-of-turn checks.
    pub next: u8,
    /// Seats passed over from `player` to reach the next active player (Skip: 2, Skip
    /// Everyone: 0); used when `next` is `NONE`.
    pub steps: u8,
    /// The jump-in window's claimant cursor.
    pub cursor: u8,
    /// The `#` number before the choice: only this one (a jump-in, or a play by number).
    pub hash_only: u8,
    /// The modifier stage has begun (a Swap's decisions then lead to the checks).
    pub in_mod: bool,
    /// The card's jump-in window has already passed (a card stopped short after, B34).
    pub windowed: bool,
}

impl Res {
    pub const fn new(player: u8, kind: u16, flexed: bool, last: bool, mini: bool) -> Res {
        Res {
            player,
            kind,
            flexed,
            last,
            mini,
            jump: false,
            stage: Stage::Next,
            sub: 0,
            t1: NONE,
            give: NO_CARD,
            next: NONE,
            steps: 1,
            cursor: NONE,
            hash_only: NO_NUMBER,
            in_mod: false,
            windowed: false,
        }
    }
}

/// Statistics the game keeps for the outputs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlenderStats {
    pub eliminations: u16,
    pub stacks_taken: u16,
    pub stack_cards: u32,
    pub max_stack: u16,
    pub max_tempo: u8,
    pub shortfalls: u16,
    pub flexes: u16,
    pub mini_piles: u16,
    pub mini_pickups: u16,
    pub creepers: u16,
    pub gifts: u16,
    pub links: u16,
    pub wrong_jumps: u16,
    pub trades: u16,
    pub passes: u16,
    pub reshuffles_dry: u16,
}

#[derive(Clone)]
pub struct BlenderState {
    pub(crate) opts: BlenderOptions,
    pub(crate) n: u8,
    pub(crate) dealer: u8,
    pub(crate) first: u8,
    pub(crate) hands: [BHand; MAX_PLAYERS],
    pub(crate) pile: DrawPile<DECK_SIZE>,
    /// The discard pile as counts (its order does not matter beyond the top: burned cards go
    /// under it, and a reshuffle takes all but the top).
    pub(crate) discard: [u8; NUM_KINDS],
    /// The mini-pile as counts, while one stands.
    pub(crate) mini: [u8; NUM_KINDS],
    pub(crate) mini_len: u16,
    pub(crate) mini_color: u8,
    pub(crate) mini_active: bool,
    pub(crate) shown: Shown,
    /// The normal pile's top while a mini-pile stands.
    pub(crate) main_shown: Shown,
    pub(crate) clockwise: bool,
    pub(crate) tempo: u8,
    /// The tempo when the current turn started.
    pub(crate) turn_tempo: u8,
    /// Cards played this turn.
    pub(crate) played: u8,
    pub(crate) current: u8,
    /// The active player of the turn before the current one (Super Star).
    pub(crate) prev_active: u8,
    pub(crate) stack: u16,
    pub(crate) stack_kind: StackKind,
    pub(crate) alive: u16,
    /// Power Cards showing red.
    pub(crate) red: u16,
    pub(crate) link: (u8, u8),
    pub(crate) targeted_skips: [u8; MAX_PLAYERS],
    /// The seat Team Play made active, until its turn starts.
    pub(crate) team_play: u8,
    /// The current turn is a Team Play turn (a shortfall costs twice the tempo).
    pub(crate) team_turn: bool,
    /// Seats that took the Creeper penalty this turn.
    pub(crate) creeper_hit: u16,
    /// Gifts drawn from the deck and not yet given, per seat and colour.
    pub(crate) gifts: [[u8; 4]; MAX_PLAYERS],
    /// Some seat may have a Gift pending (cleared when a scan finds none).
    pub(crate) gift_flag: bool,
    /// Seats at exactly one card at the last check (section 11).
    pub(crate) ones: u16,
    /// Seats whose hand changed since the last UNO check, and since the last end of a turn:
    /// only they can have reached one card, emptied their hand or passed the elimination size.
    pub(crate) dirty: u16,
    pub(crate) dirty_turn: u16,
    /// Seats whose UNO window is still to come.
    pub(crate) uno_queue: u16,
    /// Option `play_after_shortfall`: cards drawn on the shortfall still playable, and how many
    /// more may be played.
    pub(crate) short_drawn: BHand,
    pub(crate) short_left: u8,
    /// The first card of the latest outermost draw (the tempo-1 draw's card).
    pub(crate) drawn_first: u16,
    /// Point Taken: whom each seat points at.
    pub(crate) points: [u8; MAX_PLAYERS],
    pub(crate) res: Res,
    pub(crate) phase: Phase,
    /// What each seat knows of the other hands (`knowledge.rs`).
    pub(crate) known: super::knowledge::KnownTable,
    /// Holders of whom someone knows something.
    pub(crate) known_any: u16,
    /// Whether `known` and `known_any` are kept (random play turns it off: `fast.rs`).
    pub(crate) track_known: bool,
    pub(crate) winner: u8,
    /// Elimination order per seat (1 = first out; 0 = still in).
    pub(crate) elim_order: [u8; MAX_PLAYERS],
    pub(crate) truncated: bool,
    pub(crate) rng: Rng,
    pub(crate) counters: GameCounters,
    pub(crate) stats: BlenderStats,
}

/// The deck of `opts` as a card list (one per modifier-option combination, built once).
fn deck_list(opts: &BlenderOptions) -> &'static [u16; DECK_SIZE] {
    static DECKS: OnceLock<Vec<[u16; DECK_SIZE]>> = OnceLock::new();
    let all = DECKS.get_or_init(|| {
        (0..8)
            .map(|i| {
                let o = BlenderOptions {
                    flex_flip: i & 1 != 0,
                    teams_swap: i & 2 != 0,
                    flex_number_colors: i & 4 != 0,
                    ..Default::default()
                };
                let counts = deck_counts(&o);
                let mut d = [0u16; DECK_SIZE];
                let mut j = 0;
                for (k, &c) in counts.iter().enumerate() {
                    for _ in 0..c {
                        d[j] = k as u16;
                        j += 1;
                    }
                }
                assert_eq!(j, DECK_SIZE);
                d
            })
            .collect()
    });
    let i = opts.flex_flip as usize
        | (opts.teams_swap as usize) << 1
        | (opts.flex_number_colors as usize) << 2;
    &all[i]
}

impl BlenderState {
    /// A table before the deal: nothing dealt, every Power Card green.
    pub(crate) fn empty(opts: BlenderOptions, players: usize, seed: u64) -> Self {
        BlenderState {
            opts,
            n: players as u8,
            dealer: 0,
            first: 0,
            hands: [BHand::new(); MAX_PLAYERS],
            pile: DrawPile::new(),
            discard: [0; NUM_KINDS],
            mini: [0; NUM_KINDS],
            mini_len: 0,
            mini_color: WILD,
            mini_active: false,
            shown: Shown {
                kind: 0,
                color: 0,
                number: 0,
            },
            main_shown: Shown {
                kind: 0,
                color: 0,
                number: 0,
            },
            clockwise: true,
            tempo: 1,
            turn_tempo: 1,
            played: 0,
            current: 0,
            prev_active: NONE,
            stack: 0,
            stack_kind: StackKind::None,
            alive: (1u16 << players) - 1,
            red: 0,
            link: (NONE, NONE),
            targeted_skips: [0; MAX_PLAYERS],
            team_play: NONE,
            team_turn: false,
            creeper_hit: 0,
            gifts: [[0; 4]; MAX_PLAYERS],
            gift_flag: false,
            ones: 0,
            dirty: 0,
            dirty_turn: 0,
            uno_queue: 0,
            short_drawn: BHand::new(),
            short_left: 0,
            drawn_first: NO_CARD,
            points: [NONE; MAX_PLAYERS],
            res: Res::new(0, NO_CARD, false, false, false),
            phase: Phase::Turn,
            known: super::knowledge::KnownTable::new(),
            known_any: 0,
            track_known: true,
            winner: NONE,
            elim_order: [0; MAX_PLAYERS],
            truncated: false,
            rng: Rng::new(seed),
            counters: GameCounters::default(),
            stats: BlenderStats::default(),
        }
    }

    pub fn deal(opts: BlenderOptions, players: usize, seed: u64) -> Self {
        Self::new_with(opts, players, seed, &mut crate::NoEvents)
    }

    /// Deals a game (section 2): the dealer, 7 cards each, the first card.
    pub fn new_with(
        opts: BlenderOptions,
        players: usize,
        seed: u64,
        log: &mut impl EventSink<Event>,
    ) -> Self {
        let mut s = Self::empty(opts, players, seed);
        s.pile.fill_shuffled(deck_list(&opts));
        s.dealer = match opts.dealer {
            Some(d) => d,
            None => s.rng.below(players as u32) as u8,
        };
        log.event(Event::Dealer { seat: s.dealer });
        let n = players as u8;
        for _ in 0..opts.hand_size {
            for i in 1..=n {
                let seat = seat_after(s.dealer, i, n, true);
                let k = s
                    .pile
                    .draw(&mut s.rng)
                    .expect("720 cards deal 10 hands of 20");
                log.event(Event::Deal { seat, card: k });
                s.hands[seat as usize].add(k as usize);
            }
        }
        if opts.gift_on_deal {
            for seat in 0..n as usize {
                for c in 0..4u8 {
                    let g = super::cards::colored(c, super::cards::face::GIFT);
                    s.gifts[seat][c as usize] = s.hands[seat].count(g);
                    s.gift_flag |= s.gifts[seat][c as usize] > 0;
                }
            }
        }
        s.first_card(log);
        s.first = seat_after(s.dealer, 1, n, true);
        s.begin_turn(s.first);
        s.prev_active = NONE;
        s.ones = s.ones_now();
        s.dirty_turn = s.alive;
        s.res = Res::new(s.first, NO_CARD, false, false, false);
        s.phase = Phase::Busy;
        s.proceed(log);
        s
    }

    /// Turns cards over until a non-action card is on top (B8).
    pub(crate) fn first_card(&mut self, log: &mut impl EventSink<Event>) {
        loop {
            let k = self
                .pile
                .draw(&mut self.rng)
                .expect("the deck has number cards");
            log.event(Event::FirstCard { card: k });
            self.discard[k as usize] += 1;
            if !super::cards::is_action(k as usize) {
                let kd = &kinds()[k as usize];
                self.shown = Shown {
                    kind: k,
                    color: kd.normal.color,
                    number: kd.normal.number,
                };
                return;
            }
        }
    }

    // ----- seats -----

    #[inline]
    pub fn is_alive(&self, s: u8) -> bool {
        self.alive & bit(s) != 0
    }
    #[inline]
    pub(crate) fn alive_count(&self) -> u32 {
        self.alive.count_ones()
    }
    /// The next seat still in the game, one place on in the current direction.
    #[inline]
    pub(crate) fn next_alive(&self, from: u8) -> u8 {
        // The nearest live seat after `from` round the ring (`from` itself if it is the only
        // one), found on the bits of the live mask.
        debug_assert!(from < self.n);
        first_seat_after(self.alive, from, self.clockwise).unwrap_or(from)
    }

    /// The seat one place on from `from` in the current direction, in or out of the game
    /// (`seat_after(from, 1, n, clockwise)`).
    #[inline]
    pub(crate) fn seat_after_one(&self, from: u8) -> u8 {
        debug_assert!(from < self.n);
        // Without branches (the direction and the wrap follow the cards played): one step on
        // is `from + 1` clockwise and `from + n - 1` the other way, less `n` past the end.
        let n = self.n as u32;
        let d = n - 1 - (self.clockwise as u32) * n.saturating_sub(2);
        let s = from as u32 + d;
        let s = (s - n * (s >= n) as u32) as u8;
        debug_assert_eq!(s, seat_after(from, 1, self.n, self.clockwise));
        s
    }

    /// Marks a hand as changed.
    #[inline]
    pub(crate) fn touch(&mut self, s: u8) {
        self.dirty |= bit(s);
        self.dirty_turn |= bit(s);
    }
    /// The seat `steps` live places on from `from` (0: `from` itself), then passed on over
    /// pending Targeted Skips (each consumed).
    #[inline]
    pub(crate) fn advance(&mut self, from: u8, steps: u8, log: &mut impl EventSink<Event>) -> u8 {
        if steps == 1 && self.targeted_skips == [0; MAX_PLAYERS] {
            // The common case: the next live seat (live whenever one is, so the checks below
            // change nothing).
            return self.next_alive(from);
        }
        self.advance_far(from, steps, log)
    }

    /// `advance` but for its common case.
    #[cold]
    fn advance_far(&mut self, from: u8, steps: u8, log: &mut impl EventSink<Event>) -> u8 {
        let mut s = from;
        for _ in 0..steps {
            s = self.next_alive(s);
        }
        if !self.is_alive(s) {
            s = self.next_alive(s);
        }
        let mut guard = 0;
        while self.targeted_skips[s as usize] > 0 && guard < 64 {
            self.targeted_skips[s as usize] -= 1;
            log.event(Event::TargetedSkip { seat: s });
            s = self.next_alive(s);
            guard += 1;
        }
        s
    }

    /// Seats at exactly one card.
    #[inline]
    pub(crate) fn ones_now(&self) -> u16 {
        let mut m = 0;
        for s in 0..self.n {
            m |= ((self.hands[s as usize].len() == 1) as u16 & (self.alive >> s & 1)) << s;
        }
        m
    }

    // ----- cards -----

    /// Draws one card from the draw pile, reshuffling the discard pile when it is empty (B41).
    pub(crate) fn pull(&mut self, log: &mut impl EventSink<Event>) -> Option<u16> {
        if self.pile.is_empty() {
            self.reshuffle(log);
        }
        let k = self.pile.draw(&mut self.rng)?;
        self.counters.cards_drawn += 1;
        Some(k)
    }

    /// The discard pile but its top card goes back into the draw pile (B41).
    pub(crate) fn reshuffle(&mut self, log: &mut impl EventSink<Event>) {
        let top = if self.mini_active {
            self.main_shown.kind
        } else {
            self.shown.kind
        } as usize;
        let total: u32 = self.discard.iter().map(|&c| c as u32).sum();
        if total <= 1 {
            self.stats.reshuffles_dry += 1;
            return;
        }
        self.pile.refill_from(&mut self.discard, top);
        self.counters.reshuffles += 1;
        log.event(Event::Reshuffle);
    }

    /// `seat` draws `n` cards from the draw pile (section 9.8: the linked partner draws as
    /// many when `mirror`), then Creepers and Gifts drawn take effect.
    pub(crate) fn draw(
        &mut self,
        seat: u8,
        n: u16,
        mirror: bool,
        log: &mut impl EventSink<Event>,
    ) -> u16 {
        let mut got = 0u16;
        let mut creeper = false;
        let mut first = NO_CARD;
        for _ in 0..n {
            let Some(k) = self.pull(log) else { break };
            if first == NO_CARD {
                first = k;
            }
            creeper |= self.take_drawn(seat, k, false, log);
            got += 1;
        }
        if mirror && got > 0 {
            let partner = self.link_partner(seat);
            if partner != NONE {
                self.draw(partner, got, false, log);
            }
        }
        if creeper {
            self.creeper_enters(seat, log);
        }
        self.drawn_first = first;
        got
    }

    /// A card from the draw pile enters `seat`'s hand (face up to everyone when `shown`): a
    /// Gift is recorded to be given (9.21, shown, so public). Returns whether it is a Creeper.
    pub(crate) fn take_drawn(
        &mut self,
        seat: u8,
        k: u16,
        shown: bool,
        log: &mut impl EventSink<Event>,
    ) -> bool {
        log.event(Event::Drew { seat, card: k });
        self.hands[seat as usize].add(k as usize);
        self.touch(seat);
        let kd = &kinds()[k as usize];
        let gift = kd.normal.syms & super::cards::bit(Sym::Gift) != 0;
        if shown || gift {
            self.k_public(seat, k as usize, 1);
        }
        if gift {
            self.gifts[seat as usize][kd.normal.color as usize] += 1;
            self.gift_flag = true;
            self.stats.gifts += 1;
        }
        kd.normal.syms & super::cards::bit(Sym::Creeper) != 0
    }

    /// The seat linked with `seat` (9.8), or `NONE`.
    #[inline]
    pub(crate) fn link_partner(&self, seat: u8) -> u8 {
        let (a, b) = self.link;
        let p = if a == seat {
            b
        } else if b == seat {
            a
        } else {
            NONE
        };
        if p == seat {
            NONE
        } else {
            p
        }
    }

    /// A draw forced by the rules (shortfall, stack, penalty): logged with its total.
    pub(crate) fn penalty(&mut self, seat: u8, n: u16, log: &mut impl EventSink<Event>) {
        let got = self.draw(seat, n, true, log);
        log.event(Event::Penalty { seat, cards: got });
    }

    /// A Creeper entered `seat`'s hand (9.25): the 3-card penalty, once a turn.
    pub(crate) fn creeper_enters(&mut self, seat: u8, log: &mut impl EventSink<Event>) {
        log.event(Event::Creeper { seat });
        self.k_public(seat, super::cards::wild::CREEPER, 1);
        // A Creeper that came with a hand or a card some seat already counted (Pass, Trade,
        // a Gift, a Swap, a mini-pile) is not one more: no bound above the hand's count.
        self.k_removed(seat, super::cards::wild::CREEPER);
        if self.creeper_hit & bit(seat) != 0 {
            return;
        }
        self.creeper_hit |= bit(seat);
        self.stats.creepers += 1;
        self.penalty(seat, 3, log);
    }

    /// Whether a hand holds a Creeper.
    #[inline]
    pub(crate) fn has_creeper(&self, seat: u8) -> bool {
        self.hands[seat as usize].has(super::cards::wild::CREEPER)
    }

    /// Seats `a` and `b` exchange whole hands (Trade, Force Trade); Creepers entering a hand
    /// take effect.
    pub(crate) fn exchange(&mut self, a: u8, b: u8, log: &mut impl EventSink<Event>) {
        if a == b {
            return;
        }
        self.hands.swap(a as usize, b as usize);
        self.touch(a);
        self.touch(b);
        self.k_exchanged(a, b);
        self.stats.trades += 1;
        log.event(Event::HandsTraded { a, b });
        for s in [a, b] {
            if self.has_creeper(s) {
                self.creeper_enters(s, log);
            }
        }
    }

    /// Every hand passes to the next live seat in the current direction (Pass, Pass Hands).
    pub(crate) fn pass_hands(&mut self, log: &mut impl EventSink<Event>) {
        let first = self.current_live();
        let mut order = [0u8; MAX_PLAYERS];
        let mut m = 0;
        let mut s = first;
        loop {
            order[m] = s;
            m += 1;
            s = self.next_alive(s);
            if s == first {
                break;
            }
        }
        // Seat order[i] gets the hand of the seat before it in the direction of play.
        let last = self.hands[order[m - 1] as usize];
        for i in (1..m).rev() {
            self.hands[order[i] as usize] = self.hands[order[i - 1] as usize];
        }
        self.hands[order[0] as usize] = last;
        for &s in &order[..m] {
            self.touch(s);
        }
        self.k_passed(&order[..m]);
        self.stats.passes += 1;
        log.event(Event::HandsPassed);
        for &s in &order[..m] {
            if self.has_creeper(s) {
                self.creeper_enters(s, log);
            }
        }
    }

    /// A live seat to start a walk round the table from.
    fn current_live(&self) -> u8 {
        if self.is_alive(self.current) {
            self.current
        } else {
            self.next_alive(self.current)
        }
    }

    /// Moves one card from `from`'s hand to `to`'s: a Swap (seen by the giver) or a Gift
    /// (`public`: shown to everyone).
    pub(crate) fn give(
        &mut self,
        from: u8,
        to: u8,
        k: u16,
        public: bool,
        log: &mut impl EventSink<Event>,
    ) {
        let removed = self.hands[from as usize].remove(k as usize);
        debug_assert!(removed);
        self.k_removed(from, k as usize);
        self.hands[to as usize].add(k as usize);
        self.touch(from);
        self.touch(to);
        if public {
            self.k_public(to, k as usize, 1);
        } else {
            self.k_given(from, to, k as usize);
        }
        log.event(Event::CardGiven { from, to, card: k });
        if k as usize == super::cards::wild::CREEPER {
            self.creeper_enters(to, log);
        }
    }

    /// Burns a whole hand under the discard pile.
    pub(crate) fn burn_hand(&mut self, seat: u8, log: &mut impl EventSink<Event>) -> u16 {
        let h = self.hands[seat as usize];
        for (k, c) in h.iter() {
            self.discard[k] += c;
        }
        self.hands[seat as usize].clear();
        self.touch(seat);
        self.k_cleared(seat);
        let n = h.len() as u16;
        log.event(Event::Burned { seat, cards: n });
        n
    }

    // ----- power cards -----

    /// Turns `seat`'s Power Card over.
    pub(crate) fn flip_power(&mut self, seat: u8, log: &mut impl EventSink<Event>) {
        self.red ^= bit(seat);
        log.event(Event::Power {
            seat,
            red: self.red & bit(seat) != 0,
        });
    }

    /// Every live Power Card red: all turn green (L191, B21).
    pub(crate) fn all_red_check(&mut self, log: &mut impl EventSink<Event>) {
        if self.alive != 0 && self.red & self.alive == self.alive {
            self.red = 0;
            log.event(Event::AllGreen);
        }
    }

    // ----- the stack -----

    pub(crate) fn end_stack(&mut self) {
        self.stack = 0;
        self.stack_kind = StackKind::None;
    }

    // ----- turns -----

    /// `seat` becomes the active player: a new turn.
    pub(crate) fn begin_turn(&mut self, seat: u8) {
        self.prev_active = self.current;
        self.current = seat;
        self.played = 0;
        self.turn_tempo = self.tempo;
        self.creeper_hit = 0;
        self.team_turn = self.team_play == seat;
        if self.team_turn {
            self.team_play = NONE;
        }
        self.counters.turns += 1;
    }

    /// The end of a turn (section 12): wins, then eliminations, then the last player standing.
    /// Returns whether the game is over.
    pub(crate) fn end_turn_checks(&mut self, owner: u8, log: &mut impl EventSink<Event>) -> bool {
        let n = self.n;
        // Only a hand changed since the last end of a turn can be empty or too big now.
        let changed = self.dirty_turn & self.alive;
        self.dirty_turn = 0;
        let mut empty = 0u16;
        let mut over = 0u16;
        let limit = self.opts.elimination_at as usize;
        let mut m = changed;
        while m != 0 {
            let s = m.trailing_zeros() as u8;
            m &= m - 1;
            let len = self.hands[s as usize].len();
            empty |= ((len == 0) as u16) << s;
            over |= ((len >= limit) as u16) << s;
        }
        debug_assert!((0..n).all(|s| !self.is_alive(s)
            || ((empty >> s & 1 != 0) == self.hands[s as usize].is_empty()
                && (over >> s & 1 != 0) == (self.hands[s as usize].len() >= limit))));
        if empty != 0 {
            // B39: the turn's owner if empty, else the first empty seat in turn order after it.
            let mut w = owner;
            let mut guard = 0;
            while empty & bit(w) == 0 && guard <= n {
                w = seat_after(w, 1, n, self.clockwise);
                guard += 1;
            }
            self.finish(w, 0, log);
            return true;
        }
        if over != 0 {
            if over == self.alive {
                // B40: the fewest cards stay in.
                let min = (0..n)
                    .filter(|&s| self.is_alive(s))
                    .map(|s| self.hands[s as usize].len())
                    .min()
                    .unwrap_or(0);
                for s in 0..n {
                    if self.is_alive(s) && self.hands[s as usize].len() == min {
                        over &= !bit(s);
                    }
                }
            }
            let kept = self.alive & !over;
            let mut order = owner;
            for _ in 0..n {
                if over & bit(order) != 0 {
                    self.eliminate(order, log);
                }
                order = seat_after(order, 1, n, self.clockwise);
            }
            self.all_red_check(log);
            // B40 kept the smallest hands in even over the limit: they are checked again.
            let mut m = kept;
            while m != 0 {
                let s = m.trailing_zeros() as u8;
                m &= m - 1;
                if self.hands[s as usize].len() >= limit {
                    self.dirty_turn |= bit(s);
                }
            }
        }
        if self.alive_count() == 1 {
            let w = self.alive.trailing_zeros() as u8;
            self.finish(w, 2, log);
            return true;
        }
        false
    }

    fn eliminate(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        self.burn_hand(s, log);
        self.alive &= !bit(s);
        self.stats.eliminations += 1;
        self.elim_order[s as usize] = self.stats.eliminations as u8;
        self.targeted_skips[s as usize] = 0;
        self.gifts[s as usize] = [0; 4];
        if self.team_play == s {
            self.team_play = NONE;
        }
        if self.link.0 == s || self.link.1 == s {
            self.link = (NONE, NONE);
            log.event(Event::Unlinked);
        }
        self.red &= !bit(s);
        log.event(Event::Eliminated { seat: s });
    }

    /// The game ends with `w` the winner; `ending` is the `HAND_ENDINGS` index.
    pub(crate) fn finish(&mut self, w: u8, ending: u8, log: &mut impl EventSink<Event>) {
        self.winner = w;
        self.phase = Phase::Over;
        self.counters.hand_wins[w as usize] += 1;
        self.counters.endings[ending as usize] += 1;
        self.counters.last_ending = ending;
        log.event(Event::Won { seat: w });
    }

    // ----- accessors -----

    pub fn hand(&self, s: usize) -> &BHand {
        &self.hands[s]
    }
    pub fn shown(&self) -> Shown {
        self.shown
    }
    pub fn tempo(&self) -> u8 {
        self.tempo
    }
    pub fn stack(&self) -> (u16, StackKind) {
        (self.stack, self.stack_kind)
    }
    pub fn current(&self) -> u8 {
        self.current
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }
    pub fn power_red(&self, s: u8) -> bool {
        self.red & bit(s) != 0
    }
    pub fn link(&self) -> Option<(u8, u8)> {
        (self.link.0 != NONE).then_some(self.link)
    }
    pub fn mini_pile(&self) -> Option<(u8, u16)> {
        self.mini_active.then_some((self.mini_color, self.mini_len))
    }
    pub fn targeted_skips(&self, s: u8) -> u8 {
        self.targeted_skips[s as usize]
    }
    pub fn winner(&self) -> Option<u8> {
        (self.winner != NONE).then_some(self.winner)
    }
    pub fn eliminated(&self, s: u8) -> bool {
        self.elim_order[s as usize] > 0
    }
    pub fn discard_counts(&self) -> &[u8; NUM_KINDS] {
        &self.discard
    }
    pub fn mini_counts(&self) -> &[u8; NUM_KINDS] {
        &self.mini
    }
    pub fn draw_pile(&self) -> &DrawPile<DECK_SIZE> {
        &self.pile
    }
    pub fn options(&self) -> &BlenderOptions {
        &self.opts
    }
    pub fn stats(&self) -> &BlenderStats {
        &self.stats
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    pub fn first_player(&self) -> u8 {
        self.first
    }
    pub fn played_this_turn(&self) -> u8 {
        self.played
    }
    pub fn num_seats(&self) -> u8 {
        self.n
    }
    pub fn elimination_order(&self, s: u8) -> u8 {
        self.elim_order[s as usize]
    }
    pub fn resolving(&self) -> &Res {
        &self.res
    }
}
