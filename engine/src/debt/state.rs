//! The Uno Debt state machine. Every rule and reading: `docs/rules/debt.md`; the decision
//! structure of a turn is its "A turn" section.

use super::action::*;
use super::cards::*;
use super::event::Event;
use super::options::{AttackRule, DebtOptions, StuckWithPile};
use crate::action::ActionList;
use crate::game::{DecisionKind, Ending, EventSink, GameCounters, Outcome, Seat, MAX_PLAYERS};
use crate::hand::Hand;
use crate::pile::DrawPile;
use crate::rng::Rng;
use crate::NoEvents;

/// A hand or a personal discard pile: counts per kind.
pub type DebtHand = Hand<NUM_KINDS, 1>;

/// No colour in play (empty play area, or a Wild turned up first).
pub const NO_COLOR: u8 = 4;

/// Where the game is: whose decision, of what kind (`docs/rules/debt.md`, "A turn").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The beginning of a turn: take one card from one's pile (once), or a special move
    /// (10, 11, 12), or proceed.
    Start {
        took: bool,
    },
    /// The first card of a play, or the stuck options when nothing can be played.
    Play,
    /// Further cards of a group, or done.
    Group,
    /// The reward play after balancing: any card, or done.
    Reward,
    /// The reward's attack: the defender and whether to exchange the buying power.
    Attack,
    /// The player who just ended their turn with one card and no pile: call UNO or not.
    CallUno,
    /// The DEBT window on `current`: `asker` decides whether to call DEBT.
    DebtWindow {
        asker: u8,
    },
    Over,
}

/// The play being laid: what its cards add up to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Group {
    /// Cards laid so far.
    pub len: u8,
    /// The first card's kind.
    pub first: u8,
    /// Sum of the number cards' faces.
    pub sum: u16,
    /// Whether a non-zero number card is in the play.
    pub numbers: bool,
    pub reverses: u8,
    pub skips: u8,
    /// Cards the next player (the defender, for a reward play) draws.
    pub draw: u16,
    /// The colour in play before the play (`NO_COLOR`: none).
    pub color_before: u8,
    /// The reward play after balancing.
    pub reward: bool,
}

/// What one card adds to a group, packed in a word so that a play's totals add up with one
/// addition a card: its face value (bits 0-15, number cards), the cards the next player draws
/// (bits 16-31: Draw Two 2, Wild Draw Four 4), skips (bits 32-39), reverses (bits 40-47) and
/// one card (bits 48-55). By kind; entries past the kinds are never read.
pub(crate) static CARD_EFFECT: [u64; 64] = card_effects();

const EFFECT_DRAW: u32 = 16;
const EFFECT_SKIPS: u32 = 32;
const EFFECT_REVERSES: u32 = 40;
const EFFECT_LEN: u32 = 48;

const fn card_effects() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut k = 0;
    while k <= WILD_DRAW_FOUR as usize {
        let e = if k == WILD as usize {
            0
        } else if k == WILD_DRAW_FOUR as usize {
            4 << EFFECT_DRAW
        } else {
            match (k % 13) as u8 {
                RANK_SKIP => 1 << EFFECT_SKIPS,
                RANK_REVERSE => 1 << EFFECT_REVERSES,
                RANK_DRAW_TWO => 2 << EFFECT_DRAW,
                v => v as u64,
            }
        };
        t[k] = e | 1 << EFFECT_LEN;
        k += 1;
    }
    t
}

/// The kinds that may follow `first` in a group (rule 5), by `first` and the player's
/// buying-power colour, before the hand and the group's size: another Wild Draw Four after one,
/// the buying-power colour after a card of that colour, nothing after any other card.
/// `addable` reads it instead of testing the first card. Entries past the kinds and the four
/// colours are never read (they are 0).
pub(crate) static ADDABLE: [[u64; 8]; 64] = addable_table();

const fn addable_table() -> [[u64; 8]; 64] {
    let mut t = [[0u64; 8]; 64];
    t[WILD_DRAW_FOUR as usize] = [1u64 << WILD_DRAW_FOUR; 8];
    // Coloured kinds are `colour * 13 + rank`.
    let mut k = 0;
    while k < WILD as usize {
        t[k][k / 13] = 0x1fff << (13 * (k / 13));
        k += 1;
    }
    t
}

impl Group {
    /// Adds a card's `CARD_EFFECT` to the group.
    #[inline(always)]
    pub(crate) fn add(&mut self, effect: u64) {
        let sum = effect as u16;
        self.len += 1;
        self.sum += sum;
        self.numbers |= sum > 0;
        self.draw += (effect >> EFFECT_DRAW) as u16;
        self.skips += (effect >> EFFECT_SKIPS) as u8;
        self.reverses += (effect >> EFFECT_REVERSES) as u8;
    }

    /// The group of the cards whose `CARD_EFFECT`s add up to `totals` (a non-zero number card
    /// is in it exactly when the faces add up to more than 0).
    #[inline(always)]
    pub(crate) fn from_totals(first: u8, color_before: u8, reward: bool, totals: u64) -> Group {
        let sum = totals as u16;
        Group {
            len: (totals >> EFFECT_LEN) as u8,
            first,
            sum,
            numbers: sum > 0,
            reverses: (totals >> EFFECT_REVERSES) as u8,
            skips: (totals >> EFFECT_SKIPS) as u8,
            draw: (totals >> EFFECT_DRAW) as u16,
            color_before,
            reward,
        }
    }

    /// The number of cards in a group whose effects add up to `totals`.
    #[inline(always)]
    pub(crate) fn totals_len(totals: u64) -> u8 {
        (totals >> EFFECT_LEN) as u8
    }
}

/// Bins of [`DebtStats::debt_hist`]: debts 0 to 25, then 26 or more.
pub const DEBT_HIST_BINS: usize = 27;

/// Uno Debt's own statistics: the secondary goal and the special moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DebtStats {
    /// Debts balanced, per seat.
    pub balances: [u16; MAX_PLAYERS],
    /// Times each seat could not play (rule 6).
    pub stuck: [u16; MAX_PLAYERS],
    /// Plays of two or more cards.
    pub groups: u32,
    pub buys: u32,
    pub combines: u32,
    pub withdraws: u32,
    /// True and false DEBT calls.
    pub debt_calls: u32,
    pub false_debt_calls: u32,
    /// Sum of the debt over turns begun, and the turns counted (for the mean debt).
    pub debt_sum: u64,
    pub max_debt: u16,
    /// Sum over turns begun of the acting player's pile size.
    pub pile_sum: u64,
    /// Turns begun at each debt: `debt_hist[d]` for a debt `d` below `DEBT_HIST_BINS - 1`, the
    /// last bin for that or more.
    pub debt_hist: [u32; DEBT_HIST_BINS],
}

#[derive(Clone, Debug)]
pub struct DebtState {
    pub(crate) n: u8,
    pub(crate) opts: DebtOptions,
    pub(crate) rng: Rng,
    pub(crate) counters: GameCounters,
    pub(crate) stats: DebtStats,
    /// Copies of each kind in play.
    pub(crate) deck: [u8; NUM_KINDS],
    pub(crate) melon: DrawPile<MAX_CARDS>,
    /// The play area, bottom to top: `kind | colour << 8` (the colour it was played as).
    pub(crate) area: [u16; MAX_CARDS],
    pub(crate) area_len: u16,
    /// Colour in play (`NO_COLOR`: none).
    pub(crate) color: u8,
    pub(crate) debt: u16,
    pub(crate) hands: [DebtHand; MAX_PLAYERS],
    pub(crate) piles: [DebtHand; MAX_PLAYERS],
    /// Bit `s` set iff `piles[s]` holds a card (kept with the piles: `sync_pile`), so the
    /// turn-start checks and the buy count are word operations.
    pub(crate) pile_seats: u16,
    /// Lower bounds everyone knows of each hand's and pile's cards (cards that came face up
    /// from the play area), and each owner's lower bounds of their own pile.
    pub(crate) known_hand: [[u8; NUM_KINDS]; MAX_PLAYERS],
    pub(crate) known_pile: [[u8; NUM_KINDS]; MAX_PLAYERS],
    pub(crate) own_pile: [[u8; NUM_KINDS]; MAX_PLAYERS],
    /// Buying-power card per seat (set with `set_buying_power`).
    pub(crate) bp: [u8; MAX_PLAYERS],
    /// Per seat, `power` and `group_limit` of its buying-power card, kept with `bp`.
    pub(crate) powers: [u8; MAX_PLAYERS],
    pub(crate) limits: [u8; MAX_PLAYERS],
    pub(crate) starter: u8,
    pub(crate) current: u8,
    pub(crate) clockwise: bool,
    /// The last player who played a card (the starter before anyone has).
    pub(crate) last_player: u8,
    pub(crate) phase: Phase,
    pub(crate) group: Group,
    /// Who plays after the end-of-turn UNO/DEBT windows close.
    pub(crate) next_after: u8,
    pub(crate) uno_called: bool,
    pub(crate) winner: Option<u8>,
    pub(crate) truncated: bool,
}

impl DebtState {
    /// A new game from validated options.
    pub fn deal(opts: DebtOptions, players: usize, seed: u64) -> Self {
        Self::setup(opts, players, seed, &mut NoEvents)
    }

    /// As `deal`, checking the options and logging the set-up.
    pub fn new_logged(
        opts: DebtOptions,
        players: usize,
        seed: u64,
        log: &mut Vec<Event>,
    ) -> Result<Self, String> {
        opts.validate(players)?;
        Ok(Self::setup(opts, players, seed, log))
    }

    /// Everything empty: no cards anywhere, seat 0 to act at `Play`.
    pub(crate) fn empty(opts: DebtOptions, players: usize, seed: u64) -> Self {
        DebtState {
            n: players as u8,
            opts,
            rng: Rng::new(seed),
            counters: GameCounters::default(),
            stats: DebtStats::default(),
            deck: deck_counts(opts.decks),
            melon: DrawPile::new(),
            area: [0; MAX_CARDS],
            area_len: 0,
            color: NO_COLOR,
            debt: 0,
            hands: [DebtHand::new(); MAX_PLAYERS],
            piles: [DebtHand::new(); MAX_PLAYERS],
            pile_seats: 0,
            known_hand: [[0; NUM_KINDS]; MAX_PLAYERS],
            known_pile: [[0; NUM_KINDS]; MAX_PLAYERS],
            own_pile: [[0; NUM_KINDS]; MAX_PLAYERS],
            bp: [0; MAX_PLAYERS],
            // What `set_buying_power` gives card 0 (a 0).
            powers: [opts.zero_power; MAX_PLAYERS],
            limits: [1; MAX_PLAYERS],
            starter: 0,
            current: 0,
            clockwise: true,
            last_player: 0,
            phase: Phase::Play,
            group: Group::default(),
            next_after: 0,
            uno_called: false,
            winner: None,
            truncated: false,
        }
    }

    fn setup(
        opts: DebtOptions,
        players: usize,
        seed: u64,
        log: &mut impl EventSink<Event>,
    ) -> Self {
        let mut s = Self::empty(opts, players, seed);
        // The melon in kind order (as `add_shuffled` one card at a time would lay it out).
        let decks = opts.decks as usize;
        s.melon
            .fill_shuffled(&MELON_ORDER[decks - 1][..decks * DECK_CARDS]);
        for seat in 0..players {
            let card = s.draw_power_card(seat as u8, log);
            s.set_buying_power(seat as u8, card);
        }
        // The highest buying power starts; ties are broken at random.
        let best = (0..players)
            .map(|p| number(s.bp[p]).unwrap_or(0))
            .max()
            .unwrap_or(0);
        let tied = (0..players)
            .filter(|&p| number(s.bp[p]) == Some(best))
            .count();
        let pick = if tied > 1 {
            s.rng.below(tied as u32) as usize
        } else {
            0
        };
        let starter = (0..players)
            .filter(|&p| number(s.bp[p]) == Some(best))
            .nth(pick)
            .unwrap_or(0) as u8;
        s.starter = starter;
        log.event(Event::Starter {
            seat: starter,
            tied: tied as u8,
        });
        // A card to each seat in turn, `hand_size` rounds (validated: the melon holds the
        // deal); one batch, the same cards as drawing them one at a time.
        let mut seat = 0;
        let hands = &mut s.hands;
        s.melon
            .draw_many(opts.hand_size as usize * players, &mut s.rng, |c| {
                hands[seat].add(c as usize);
                log.event(Event::Deal {
                    seat: seat as u8,
                    card: c as u8,
                });
                seat += 1;
                if seat == players {
                    seat = 0;
                }
            });
        s.turn_first_card(log);
        s.last_player = starter;
        let first = if opts.starter_plays_first {
            starter
        } else {
            s.next_seat(starter, 1)
        };
        s.begin_turn(first, log);
        s
    }

    /// The starter turns over the first card of the play area: a number sets the debt, a
    /// special card does nothing, a Wild leaves no colour in play.
    pub(crate) fn turn_first_card(&mut self, log: &mut impl EventSink<Event>) {
        let c = self
            .melon
            .draw(&mut self.rng)
            .expect("validated: a first card") as u8;
        self.place_first_card(c, log);
    }

    pub(crate) fn place_first_card(&mut self, c: u8, log: &mut impl EventSink<Event>) {
        let color = if is_wild(c) { NO_COLOR } else { color_of(c) };
        self.push_area(c, color);
        self.color = color;
        self.debt = number(c).unwrap_or(0) as u16;
        log.event(Event::FirstCard {
            card: c,
            debt: self.debt,
        });
    }

    /// Draws a buying-power card for `seat`: special cards go back into the melon and the seat
    /// draws again. The melon always holds a number card here (at set-up it is full; on an
    /// exchange the returned card is one).
    fn draw_power_card(&mut self, seat: u8, log: &mut impl EventSink<Event>) -> u8 {
        loop {
            let c = self
                .melon
                .draw(&mut self.rng)
                .expect("a number card is in the melon") as u8;
            let kept = !is_special(c);
            log.event(Event::BuyingPower {
                seat,
                card: c,
                kept,
            });
            if kept {
                return c;
            }
            self.melon.add_shuffled(c as u16);
        }
    }

    // ---- small helpers ----

    /// The seat `steps` places from `from` in the direction of play.
    #[inline]
    pub(crate) fn next_seat(&self, from: u8, steps: u8) -> u8 {
        // `game::seat_after` with one reduction: `from + s` and `from + n - s` are below 2n.
        let n = self.n;
        let s = if steps < n { steps } else { steps % n };
        let t = if self.clockwise {
            from + s
        } else {
            from + n - s
        };
        let seat = if t >= n { t - n } else { t };
        debug_assert_eq!(
            seat,
            crate::game::seat_after(from, steps, n, self.clockwise)
        );
        seat
    }

    /// The buying-power number of `seat` (0-9).
    #[inline]
    pub fn power_number(&self, seat: u8) -> u8 {
        number_or_zero(self.bp[seat as usize])
    }

    /// Cards `seat`'s buying power counts for where it is a number of cards to take.
    #[inline]
    pub fn power(&self, seat: u8) -> u8 {
        debug_assert_eq!(
            self.powers[seat as usize],
            match self.power_number(seat) {
                0 => self.opts.zero_power,
                p => p,
            }
        );
        self.powers[seat as usize]
    }

    /// Most cards `seat` may lay in one play (a single card is always allowed).
    #[inline]
    pub fn group_limit(&self, seat: u8) -> u8 {
        debug_assert_eq!(self.limits[seat as usize], self.power_number(seat).max(1));
        self.limits[seat as usize]
    }

    /// Gives `seat` the buying-power card `card`.
    pub(crate) fn set_buying_power(&mut self, seat: u8, card: u8) {
        let s = seat as usize;
        self.bp[s] = card;
        let p = number_or_zero(card);
        self.powers[s] = if p == 0 { self.opts.zero_power } else { p };
        self.limits[s] = p.max(1);
    }

    #[inline]
    pub fn power_color(&self, seat: u8) -> u8 {
        color_of(self.bp[seat as usize])
    }

    #[inline]
    fn push_area(&mut self, kind: u8, color: u8) {
        self.area[self.area_len as usize] = kind as u16 | (color as u16) << 8;
        self.area_len += 1;
    }

    /// The top card of the play area and the colour it was played as.
    #[inline]
    pub fn area_top(&self) -> Option<(u8, u8)> {
        if self.area_len == 0 {
            None
        } else {
            let e = self.area[self.area_len as usize - 1];
            Some((e as u8, (e >> 8) as u8))
        }
    }

    /// Draws a card from the melon, first shuffling the play area (all but its top card) into
    /// it when it is empty. `None` when there is nothing left.
    fn draw_melon(&mut self, log: &mut impl EventSink<Event>) -> Option<u8> {
        if self.melon.is_empty() && self.area_len > 1 {
            let keep = self.area[self.area_len as usize - 1];
            let moved = self.area_len - 1;
            self.melon
                .add_shuffled_all(self.area[..moved as usize].iter().map(|&e| e & 0xff));
            self.area[0] = keep;
            self.area_len = 1;
            self.counters.reshuffles += 1;
            log.event(Event::Reshuffled { cards: moved });
        }
        let c = self.melon.draw(&mut self.rng)? as u8;
        self.counters.cards_drawn += 1;
        Some(c)
    }

    /// `seat` draws `count` cards from the melon into the hand (a Draw card, an attack).
    fn draw_into_hand(&mut self, seat: u8, count: u16, log: &mut impl EventSink<Event>) {
        if count as usize <= self.melon.len() {
            // No reshuffle on the way: one batch, the same cards and random numbers as
            // `draw_melon` one at a time.
            let hand = &mut self.hands[seat as usize];
            self.melon.draw_many(count as usize, &mut self.rng, |c| {
                hand.add(c as usize);
                log.event(Event::Drew {
                    seat,
                    card: c as u8,
                });
            });
            self.counters.cards_drawn += count as u32;
            log.event(Event::Punished { seat, cards: count });
            return;
        }
        let mut got = 0;
        for _ in 0..count {
            let Some(c) = self.draw_melon(log) else { break };
            self.hands[seat as usize].add(c as usize);
            log.event(Event::Drew { seat, card: c });
            got += 1;
        }
        log.event(Event::Punished { seat, cards: got });
    }

    /// Takes the top card off the play area.
    fn pop_area(&mut self) -> u8 {
        self.area_len -= 1;
        self.area[self.area_len as usize] as u8
    }

    /// After cards were taken off the play area, its new top card sets the debt (a number: its
    /// value; a special card, a 0 or nothing: 0) and the colour in play (S17).
    fn reset_debt_from_top(&mut self, log: &mut impl EventSink<Event>) {
        match self.area_top() {
            Some((k, c)) => {
                self.debt = number(k).unwrap_or(0) as u16;
                self.color = c;
            }
            None => {
                self.debt = 0;
                self.color = NO_COLOR;
            }
        }
        log.event(Event::DebtReset { debt: self.debt });
    }

    /// A random card of `seat`'s pile (it is shuffled before every draw), removed from it: the
    /// `r`-th card counting the kinds in ascending order.
    #[inline]
    fn pile_take(&mut self, seat: u8) -> u8 {
        let pile = &mut self.piles[seat as usize];
        let mut r = self.rng.below(pile.len() as u32);
        let counts = pile.counts();
        let mut m = pile.mask(0);
        let kind = loop {
            let k = m.trailing_zeros() as usize;
            let c = counts[k] as u32;
            if r < c {
                break k;
            }
            r -= c;
            m &= m - 1;
        };
        pile.remove(kind);
        self.sync_pile(seat);
        kind as u8
    }

    /// `count` cards of `pile`, each taken as `pile_take` takes it (the same card for the same
    /// random number), into `hand`, each passed to `each`: the generator and the pile's length
    /// stay in registers. The caller syncs `pile_seats`. `count` must not exceed the pile.
    #[inline(always)]
    fn pile_to_hand(
        pile: &mut DebtHand,
        hand: &mut DebtHand,
        rng: &mut Rng,
        count: u8,
        mut each: impl FnMut(u8),
    ) {
        let mut r = rng.clone();
        for _ in 0..count {
            let mut i = r.below(pile.len() as u32);
            let counts = pile.counts();
            let mut m = pile.mask(0);
            let kind = loop {
                let k = m.trailing_zeros() as usize;
                let c = counts[k] as u32;
                if i < c {
                    break k;
                }
                i -= c;
                m &= m - 1;
            };
            pile.remove(kind);
            hand.add(kind);
            each(kind as u8);
        }
        *rng = r;
    }

    /// Brings `pile_seats`' bit of `seat` up to date after its pile changed.
    #[inline]
    pub(crate) fn sync_pile(&mut self, seat: u8) {
        let held = !self.piles[seat as usize].is_empty() as u16;
        self.pile_seats = (self.pile_seats & !(1u16 << seat)) | held << seat;
    }

    /// Whether some seat other than `seat` has a pile.
    #[inline]
    fn others_have_piles(&self, seat: u8) -> bool {
        debug_assert!((0..self.n)
            .all(|t| (self.pile_seats >> t & 1 == 1) != self.piles[t as usize].is_empty()));
        self.pile_seats & !(1u16 << seat) != 0
    }

    /// `k` cards left `seat`'s pile face down: what everyone knows of it loses `k` of each kind.
    fn pile_lost_unseen(known: &mut [u8; NUM_KINDS], k: u8) {
        for x in known.iter_mut() {
            *x = x.saturating_sub(k);
        }
    }

    /// `seat` takes `count` random cards from their own pile into the hand (face down).
    #[inline(always)]
    fn take_own<const KNOW: bool>(&mut self, seat: u8, count: u8, log: &mut impl EventSink<Event>) {
        let mut r = self.rng.clone();
        self.take_own_with::<KNOW>(seat, count, &mut r, log);
        self.rng = r;
        self.sync_pile(seat);
    }

    /// `take_own` drawing from `rng` (the game's generator, held by the caller), leaving
    /// `pile_seats` to the caller.
    #[inline(always)]
    fn take_own_with<const KNOW: bool>(
        &mut self,
        seat: u8,
        count: u8,
        rng: &mut Rng,
        log: &mut impl EventSink<Event>,
    ) {
        let s = seat as usize;
        let own = &mut self.own_pile[s];
        Self::pile_to_hand(&mut self.piles[s], &mut self.hands[s], rng, count, |k| {
            if KNOW {
                own[k as usize] = own[k as usize].saturating_sub(1);
            }
            log.event(Event::FromPile { seat, card: k });
        });
        if KNOW {
            Self::pile_lost_unseen(&mut self.known_pile[s], count);
        }
    }

    /// Whether anything can be done at the beginning of `current`'s turn besides proceeding.
    #[inline(always)]
    fn start_available(&self, took: bool) -> bool {
        let me = self.current as usize;
        let pile = self.piles[me].len();
        if pile > 0 && (!took || self.color == self.power_color(me as u8)) {
            return true;
        }
        self.can_buy()
    }

    /// Whether move 10 is open to `current`.
    #[inline(always)]
    pub(crate) fn can_buy(&self) -> bool {
        let me = self.current;
        if self.power(me) == 0 || (self.n == 2 && self.color != self.power_color(me)) {
            return false;
        }
        self.others_have_piles(me)
    }

    /// Whether `kind` may be laid as the first card of a play (S3).
    #[inline]
    pub fn playable(&self, kind: u8) -> bool {
        if is_wild(kind) || self.color == NO_COLOR {
            return true;
        }
        if color_of(kind) == self.color {
            return true;
        }
        match self.area_top() {
            Some((top, _)) => !is_wild(top) && rank_of(kind) == rank_of(top),
            None => true,
        }
    }

    /// The kinds `current` may add to the group being laid (bitset over kinds).
    pub(crate) fn addable_mask(&self) -> u64 {
        self.addable_for(&self.group)
    }

    /// `addable_mask` for the group `g`.
    #[inline(always)]
    pub(crate) fn addable_for(&self, g: &Group) -> u64 {
        self.addable(g.first, g.len, g.reward)
    }

    /// `addable_mask` for a group of `len` cards begun with `first` (the fused random play
    /// keeps these in registers).
    #[inline(always)]
    pub(crate) fn addable(&self, first: u8, len: u8, reward: bool) -> u64 {
        let me = self.current;
        // Computed without branches (the first card is random, so are the tests).
        let open = (len < self.group_limit(me)) & !(reward & !self.opts.reward_group);
        let hand = self.hands[me as usize].mask(0);
        hand & ADDABLE[first as usize & 63][self.power_color(me) as usize & 3]
            & 0u64.wrapping_sub(open as u64)
    }

    fn push_plays(out: &mut ActionList, mask: u64) {
        let mut m = mask;
        while m != 0 {
            let k = m.trailing_zeros() as u8;
            m &= m - 1;
            if is_wild(k) {
                for c in 0..4 {
                    out.push(encode_play(k, c));
                }
            } else {
                out.push(k as u16);
            }
        }
    }

    // ---- the Game interface ----

    pub(crate) fn actor(&self) -> Option<(Seat, DecisionKind)> {
        Some(match self.phase {
            Phase::Over => return None,
            Phase::DebtWindow { asker } => (asker, DecisionKind::CatchUno),
            Phase::CallUno => (self.current, DecisionKind::CallUno),
            Phase::Attack => (self.current, DecisionKind::ChooseTarget),
            _ => (self.current, DecisionKind::Play),
        })
    }

    pub(crate) fn legal(&self, out: &mut ActionList) {
        out.clear();
        let me = self.current;
        let mi = me as usize;
        match self.phase {
            Phase::Over => {}
            Phase::Start { took } => {
                let pile = self.piles[mi].len();
                if pile > 0 && !took {
                    out.push(TAKE_ONE);
                    if self.hands[mi].is_empty() {
                        return;
                    }
                }
                out.push(PROCEED);
                let power = self.power(me) as usize;
                if pile > 0 && self.color == self.power_color(me) {
                    out.push(COMBINE);
                    for c in 1..=power.min(pile) {
                        out.push(withdraw(c as u8));
                    }
                }
                if self.can_buy() {
                    for t in 0..self.n {
                        let tp = self.piles[t as usize].len();
                        if t != me && tp > 0 {
                            for c in 1..=power.min(tp) {
                                out.push(buy(t, c as u8));
                            }
                        }
                    }
                }
            }
            Phase::Play | Phase::Reward => {
                let mut mask = 0u64;
                let mut m = self.hands[mi].mask(0);
                while m != 0 {
                    let k = m.trailing_zeros() as u8;
                    m &= m - 1;
                    if self.playable(k) {
                        mask |= 1 << k;
                    }
                }
                Self::push_plays(out, mask);
                if self.phase == Phase::Reward {
                    out.push(DONE);
                } else if mask == 0 {
                    self.push_stuck(out);
                }
            }
            Phase::Group => {
                Self::push_plays(out, self.addable_mask());
                out.push(DONE);
            }
            Phase::Attack => {
                for base in [ATTACK, ATTACK_EXCHANGE] {
                    for t in 0..self.n {
                        if t != me {
                            out.push(base + t as u16);
                        }
                    }
                }
            }
            Phase::CallUno => {
                out.push(CALL_UNO);
                out.push(STAY_SILENT);
            }
            Phase::DebtWindow { .. } => {
                out.push(CALL_DEBT);
                out.push(NO_DEBT);
            }
        }
    }

    /// The stuck options (rule 6) of `current`.
    fn push_stuck(&self, out: &mut ActionList) {
        let (opts, n) = self.stuck_options();
        for &a in &opts[..n] {
            out.push(a);
        }
    }

    /// The stuck options of `current`, ascending, and how many there are (the legal list and
    /// the random sampler both read them).
    pub(crate) fn stuck_options(&self) -> ([u16; 3], usize) {
        let has_pile = !self.piles[self.current as usize].is_empty();
        if has_pile && self.opts.stuck_with_pile == StuckWithPile::Pass {
            return ([DONE, 0, 0], 1);
        }
        let mut opts = [0; 3];
        let mut n = 0;
        if !has_pile {
            opts[n] = OPTION_ONE;
            n += 1;
        }
        opts[n] = OPTION_TWO;
        n += 1;
        if self.area_len > 0 && self.power(self.last_player) >= 1 {
            opts[n] = OPTION_TWO_MELON;
            n += 1;
        }
        (opts, n)
    }

    /// Applies a legal action.
    ///
    /// `KNOW`: whether the knowledge rows (`known_hand`, `known_pile`, `own_pile`) are kept;
    /// random play (`random_playout`) reads none of them and passes false.
    pub(crate) fn step<const KNOW: bool>(&mut self, a: u16, log: &mut impl EventSink<Event>) {
        self.counters.actions += 1;
        let me = self.current;
        match self.phase {
            Phase::Over => unreachable!("no action is legal once the game is over"),
            Phase::Start { .. } => match a {
                TAKE_ONE => {
                    self.take_own::<KNOW>(me, 1, log);
                    self.phase = if self.start_available(true) {
                        Phase::Start { took: true }
                    } else {
                        Phase::Play
                    };
                }
                PROCEED => self.phase = Phase::Play,
                COMBINE => {
                    self.combine::<KNOW>(me, log);
                    self.phase = Phase::Play;
                }
                a if (WITHDRAW..BUY).contains(&a) => {
                    let c = (a - WITHDRAW + 1) as u8;
                    self.take_own::<KNOW>(me, c, log);
                    self.stats.withdraws += 1;
                    log.event(Event::Withdrew { seat: me, count: c });
                    let next = self.next_seat(me, 1);
                    self.end_turn(me, next, log);
                }
                a => {
                    let i = a - BUY;
                    self.buy::<KNOW>(me, (i / 9) as u8, (i % 9 + 1) as u8, log);
                    self.phase = Phase::Play;
                }
            },
            Phase::Play | Phase::Reward | Phase::Group => {
                if let Some((kind, named)) = decode_play(a) {
                    if self.phase != Phase::Group {
                        self.group = Group {
                            first: kind,
                            color_before: self.color,
                            reward: self.phase == Phase::Reward,
                            ..Group::default()
                        };
                    }
                    self.lay::<KNOW>(me, kind, named, log);
                    if self.addable_mask() != 0 {
                        self.phase = Phase::Group;
                    } else {
                        self.finish_play(log);
                    }
                } else {
                    match (self.phase, a) {
                        (Phase::Group, DONE) => self.finish_play(log),
                        (Phase::Reward, DONE) => {
                            self.group = Group {
                                reward: true,
                                ..Group::default()
                            };
                            self.phase = Phase::Attack;
                        }
                        (_, DONE) => self.stuck_pass::<KNOW>(me, log),
                        (_, opt) => self.stuck::<KNOW>(me, opt, log),
                    }
                }
            }
            Phase::Attack => {
                let (t, exchange) = if a >= ATTACK_EXCHANGE {
                    ((a - ATTACK_EXCHANGE) as u8, true)
                } else {
                    ((a - ATTACK) as u8, false)
                };
                self.attack(me, t, exchange, log);
            }
            Phase::CallUno => {
                self.uno_called = a == CALL_UNO;
                log.event(if self.uno_called {
                    Event::CalledUno { seat: me }
                } else {
                    Event::StayedSilent { seat: me }
                });
                match self.opts.debt_catch_probability {
                    Some(p) => {
                        if !self.uno_called && self.rng.chance(p) {
                            let r = self.rng.below(self.n as u32 - 1) as u8;
                            let caller = (me + 1 + r) % self.n;
                            self.debt_call::<KNOW>(caller, log);
                        }
                        self.begin_turn(self.next_after, log);
                    }
                    None => {
                        self.phase = Phase::DebtWindow {
                            asker: self.next_seat(me, 1),
                        }
                    }
                }
            }
            Phase::DebtWindow { asker } => {
                if a == CALL_DEBT {
                    self.debt_call::<KNOW>(asker, log);
                    self.begin_turn(self.next_after, log);
                } else {
                    let next = self.next_seat(asker, 1);
                    if next == me {
                        self.begin_turn(self.next_after, log);
                    } else {
                        self.phase = Phase::DebtWindow { asker: next };
                    }
                }
            }
        }
        self.check_cap(log);
    }

    /// Ends the game (truncated) once the action cap is reached: the end of every `step`.
    #[inline]
    pub(crate) fn check_cap(&mut self, log: &mut impl EventSink<Event>) {
        // The count first: it is rarely reached, so the phase is seldom read.
        if self.counters.actions >= self.opts.max_actions && self.phase != Phase::Over {
            self.truncated = true;
            self.phase = Phase::Over;
            log.event(Event::Truncated);
        }
    }

    /// `seat` lays one card of the play (a wild names `named`).
    #[inline(always)]
    pub(crate) fn lay<const KNOW: bool>(
        &mut self,
        seat: u8,
        kind: u8,
        named: Option<u8>,
        log: &mut impl EventSink<Event>,
    ) {
        let mut g = self.group;
        self.lay_into::<KNOW>(seat, kind, named, &mut g, log);
        self.group = g;
    }

    /// `lay` adding to the group `g` instead of `self.group`.
    #[inline(always)]
    pub(crate) fn lay_into<const KNOW: bool>(
        &mut self,
        seat: u8,
        kind: u8,
        named: Option<u8>,
        g: &mut Group,
        log: &mut impl EventSink<Event>,
    ) {
        let effect = self.lay_card::<KNOW>(seat, kind, named, log);
        g.add(effect);
    }

    /// `seat` lays one card of a play (a wild names `named`): out of the hand (it is held: the
    /// play is legal), onto the play area, its colour in play. Returns the card's
    /// `CARD_EFFECT` on the group.
    #[inline(always)]
    pub(crate) fn lay_card<const KNOW: bool>(
        &mut self,
        seat: u8,
        kind: u8,
        named: Option<u8>,
        log: &mut impl EventSink<Event>,
    ) -> u64 {
        let s = seat as usize;
        self.hands[s].remove_held(kind as usize);
        if KNOW {
            self.known_hand[s][kind as usize] = self.known_hand[s][kind as usize].saturating_sub(1);
        }
        let color = named.unwrap_or_else(|| color_of(kind));
        self.push_area(kind, color);
        self.color = color;
        log.event(Event::Played {
            seat,
            card: kind,
            color,
        });
        CARD_EFFECT[kind as usize & 63]
    }

    /// The debt after a play (S8, S17, examples A-D): whether it balanced the debt. Every case
    /// is computed and the right one selected, without branches: which case applies follows
    /// the random card played and would be mispredicted often.
    #[inline(always)]
    fn settle(&mut self) -> bool {
        let g = self.group;
        let debt = self.debt;
        let cap = self.opts.cap();
        // A colour change buries the debt (Ex. C).
        let change = (g.color_before != NO_COLOR) & (self.color != g.color_before);
        // Ex. A.
        let exact = (debt > 0) & (g.sum == debt);
        // Ex. B: an overshoot leaves the difference; a shortfall pays the debt down (an exact
        // balance leaves 0 this way too).
        let paid = debt.abs_diff(g.sum).min(cap);
        let after = if change { g.sum.min(cap) } else { paid };
        // Special cards and 0s leave the debt as it is (Ex. D).
        self.debt = if g.numbers { after } else { debt };
        g.numbers & !change & exact
    }

    #[inline(always)]
    pub(crate) fn finish_play(&mut self, log: &mut impl EventSink<Event>) {
        let me = self.current;
        let g = self.group;
        self.last_player = me;
        let balanced = self.settle();
        // Counted before a win returns: a balance that also wins is a balance. (The counts
        // add their tests, without branches on the random play.)
        self.stats.balances[me as usize] += balanced as u16;
        self.stats.groups += (g.len >= 2) as u32;
        self.stats.max_debt = self.stats.max_debt.max(self.debt);
        log.event(Event::PlayDone {
            seat: me,
            cards: g.len,
            sum: g.sum,
            debt: self.debt,
            balanced,
        });
        if self.is_out(me) {
            self.win(me, log);
            return;
        }
        if g.reward {
            self.phase = Phase::Attack;
            return;
        }
        let odd = g.reverses & 1 == 1;
        self.clockwise ^= odd;
        if odd {
            log.event(Event::Reversed);
        }
        let mut skipped = 0u8;
        if g.draw > 0 {
            let v = self.next_seat(me, 1);
            self.draw_into_hand(v, g.draw, log);
            log.event(Event::Skipped { seat: v });
            skipped = 1;
        }
        if balanced {
            self.clear_for_reward(me, log);
            return;
        }
        let extra = g.skips + (self.n == 2 && odd) as u8;
        for i in 0..extra {
            let v = self.next_seat(me, skipped + 1 + i);
            log.event(Event::Skipped { seat: v });
        }
        let next = self.next_seat(me, 1 + skipped + extra);
        self.end_turn(me, next, log);
    }

    /// `me` balanced the debt: the play area goes back into the melon and the reward follows
    /// (`finish_play`'s rare path, kept out of line).
    #[inline(never)]
    fn clear_for_reward(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        let cards = self.area_len;
        self.melon
            .add_shuffled_all(self.area[..cards as usize].iter().map(|&e| e & 0xff));
        self.area_len = 0;
        self.color = NO_COLOR;
        log.event(Event::AreaCleared { cards });
        self.group = Group {
            reward: true,
            ..Group::default()
        };
        self.phase = if self.hands[me as usize].is_empty() {
            Phase::Attack
        } else {
            Phase::Reward
        };
    }

    /// Whether `seat` has gone out (S8's primary goal).
    #[inline]
    fn is_out(&self, seat: u8) -> bool {
        let s = seat as usize;
        self.hands[s].is_empty() && (self.piles[s].is_empty() || self.opts.win_with_pile)
    }

    #[cold]
    #[inline(never)]
    fn win(&mut self, seat: u8, log: &mut impl EventSink<Event>) {
        self.winner = Some(seat);
        self.phase = Phase::Over;
        self.counters.hand_wins[seat as usize] += 1;
        self.counters.endings[0] += 1;
        self.counters.last_ending = 0;
        log.event(Event::Won { seat });
    }

    /// The reward's attack on `t` (rule 4), after the reward play (in `group`).
    pub(crate) fn attack(
        &mut self,
        me: u8,
        t: u8,
        exchange: bool,
        log: &mut impl EventSink<Event>,
    ) {
        log.event(Event::Attack {
            seat: me,
            defender: t,
        });
        if exchange {
            let old = self.bp[me as usize];
            self.melon.add_shuffled(old as u16);
            log.event(Event::Exchanged { seat: me, old });
            let card = self.draw_power_card(me, log);
            self.set_buying_power(me, card);
        }
        let g = self.group;
        let odd = g.reverses & 1 == 1;
        self.clockwise ^= odd;
        if odd {
            log.event(Event::Reversed);
        }
        if self.opts.attack == AttackRule::PowerDraw {
            let p = self.power(me) as u16;
            self.draw_into_hand(t, p, log);
        }
        let mut skipped = 0u8;
        if g.draw > 0 {
            self.draw_into_hand(t, g.draw, log);
            skipped = 1;
        }
        skipped += g.skips + (self.n == 2 && odd) as u8;
        for i in 0..skipped {
            let v = self.next_seat(t, i);
            log.event(Event::Skipped { seat: v });
        }
        let next = self.next_seat(t, skipped);
        self.end_turn(me, next, log);
    }

    /// Stuck with a pile under stuck_with_pile = pass: no option, but rule 6's one card from
    /// the pile still comes into the hand (S15).
    pub(crate) fn stuck_pass<const KNOW: bool>(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        self.stats.stuck[me as usize] += 1;
        if !self.piles[me as usize].is_empty() {
            self.take_own::<KNOW>(me, 1, log);
        }
        let next = self.next_seat(me, 1);
        self.end_turn(me, next, log);
    }

    /// Rule 6: `me` cannot play and takes option one or two.
    pub(crate) fn stuck<const KNOW: bool>(
        &mut self,
        me: u8,
        option: u16,
        log: &mut impl EventSink<Event>,
    ) {
        let s = me as usize;
        let count = self.power(self.last_player);
        self.stats.stuck[s] += 1;
        log.event(Event::Stuck {
            seat: me,
            option: (option - OPTION_ONE + 1) as u8,
            count,
        });
        let from_area = match option {
            OPTION_ONE => 0,
            OPTION_TWO => count as u16,
            _ => count.saturating_sub(1) as u16,
        }
        .min(self.area_len);
        if from_area > 0 {
            // The top `from_area` cards of the play area, taken off one by one (the top first),
            // in one batch.
            let top = self.area_len as usize;
            let from = top - from_area as usize;
            let taken = &self.area[from..top];
            self.piles[s].add_each(taken.iter().map(|&e| (e & 0xff) as usize));
            for &e in taken.iter().rev() {
                let k = e as u8;
                if KNOW {
                    self.known_pile[s][k as usize] += 1;
                    self.own_pile[s][k as usize] += 1;
                }
                log.event(Event::ToPile {
                    seat: me,
                    card: k,
                    public: true,
                });
            }
            self.area_len = from as u16;
            self.reset_debt_from_top(log);
        }
        let drawn = (count as u16).saturating_sub(from_area) as usize;
        // The game's generator is held here for the draws and the card taken back, and
        // `pile_seats` synced once at the end (nothing reads them in between).
        let mut r = self.rng.clone();
        if drawn <= self.melon.len() {
            // No reshuffle on the way: one batch, the same cards and random numbers as
            // `draw_melon` one at a time.
            let (pile, own) = (&mut self.piles[s], &mut self.own_pile[s]);
            self.melon.draw_many(drawn, &mut r, |k| {
                pile.add(k as usize);
                if KNOW {
                    own[k as usize] += 1;
                }
                log.event(Event::ToPile {
                    seat: me,
                    card: k as u8,
                    public: false,
                });
            });
            self.counters.cards_drawn += drawn as u32;
        } else {
            self.rng = r;
            for _ in 0..drawn {
                let Some(k) = self.draw_melon(log) else { break };
                self.piles[s].add(k as usize);
                if KNOW {
                    self.own_pile[s][k as usize] += 1;
                }
                log.event(Event::ToPile {
                    seat: me,
                    card: k,
                    public: false,
                });
            }
            r = self.rng.clone();
        }
        if !self.piles[s].is_empty() {
            self.take_own_with::<KNOW>(me, 1, &mut r, log);
        }
        self.rng = r;
        self.sync_pile(me);
        let next = self.next_seat(me, 1);
        self.end_turn(me, next, log);
    }

    /// Move 10: `me` buys `count` cards from the top of `from`'s (shuffled) pile.
    #[inline(always)]
    pub(crate) fn buy<const KNOW: bool>(
        &mut self,
        me: u8,
        from: u8,
        count: u8,
        log: &mut impl EventSink<Event>,
    ) {
        Self::pile_to_hand(
            &mut self.piles[from as usize],
            &mut self.hands[me as usize],
            &mut self.rng,
            count,
            |k| {
                log.event(Event::Bought {
                    seat: me,
                    from,
                    card: k,
                })
            },
        );
        self.sync_pile(from);
        if KNOW {
            Self::pile_lost_unseen(&mut self.known_pile[from as usize], count);
            Self::pile_lost_unseen(&mut self.own_pile[from as usize], count);
        }
        self.stats.buys += 1;
    }

    /// Move 11: hand and pile shuffled together, the hand redrawn to its size.
    fn combine<const KNOW: bool>(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        let s = me as usize;
        let old_hand = self.hands[s];
        let size = old_hand.len();
        for (k, c) in old_hand.iter() {
            self.piles[s].add_n(k, c);
        }
        self.hands[s].clear();
        for _ in 0..size {
            let k = self.pile_take(me);
            self.hands[s].add(k as usize);
        }
        let pile_size = self.piles[s].len();
        for k in 0..if KNOW { NUM_KINDS } else { 0 } {
            // The owner knew the union (their lower bounds of the pile plus their hand) and
            // sees the new hand; everyone else knew only the public cards of the union.
            let union_own = self.own_pile[s][k] as i32 + old_hand.count(k) as i32;
            self.own_pile[s][k] = (union_own - self.hands[s].count(k) as i32).max(0) as u8;
            let union_pub = self.known_hand[s][k] as i32 + self.known_pile[s][k] as i32;
            self.known_pile[s][k] = (union_pub - size as i32).max(0) as u8;
            self.known_hand[s][k] = (union_pub - pile_size as i32).max(0) as u8;
        }
        self.stats.combines += 1;
        log.event(Event::Combined {
            seat: me,
            hand: size as u16,
        });
    }

    /// A DEBT call by `caller` on `current` (rule 8): true if they stayed silent.
    fn debt_call<const KNOW: bool>(&mut self, caller: u8, log: &mut impl EventSink<Event>) {
        let target = self.current;
        let false_call = self.uno_called;
        log.event(Event::DebtCalled {
            caller,
            target,
            false_call,
        });
        let who = if false_call {
            self.stats.false_debt_calls += 1;
            caller
        } else {
            self.stats.debt_calls += 1;
            self.counters.uno_penalties += 1;
            target
        };
        let count = self.power(caller) as u16;
        let from_area = count.min(self.area_len);
        let w = who as usize;
        for _ in 0..from_area {
            let k = self.pop_area();
            self.hands[w].add(k as usize);
            if KNOW {
                self.known_hand[w][k as usize] += 1;
            }
            log.event(Event::AreaToHand { seat: who, card: k });
        }
        if from_area > 0 {
            self.reset_debt_from_top(log);
        }
        if count > from_area {
            self.draw_into_hand(who, count - from_area, log);
        }
    }

    /// The turn of `me` is over; `next` plays after the UNO call and the DEBT window, if any.
    #[inline(always)]
    fn end_turn(&mut self, me: u8, next: u8, log: &mut impl EventSink<Event>) {
        log.event(Event::TurnEnd { seat: me });
        self.next_after = next;
        let s = me as usize;
        if self.opts.uno_call && self.hands[s].len() == 1 && self.piles[s].is_empty() {
            self.uno_called = false;
            self.phase = Phase::CallUno;
            return;
        }
        self.begin_turn(next, log);
    }

    #[inline(always)]
    pub(crate) fn begin_turn(&mut self, seat: u8, _log: &mut impl EventSink<Event>) {
        self.current = seat;
        self.counters.turns += 1;
        self.stats.debt_sum += self.debt as u64;
        self.stats.debt_hist[(self.debt as usize).min(DEBT_HIST_BINS - 1)] += 1;
        self.stats.pile_sum += self.piles[seat as usize].len() as u64;
        self.phase = if self.start_available(false) {
            Phase::Start { took: false }
        } else {
            Phase::Play
        };
    }

    pub(crate) fn outcome_inner(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let n = self.n as usize;
        let mut points = [0i32; MAX_PLAYERS];
        for (s, p) in points.iter_mut().enumerate().take(n) {
            *p = (self.hands[s].len() + self.piles[s].len()) as i32;
        }
        let winner = if self.truncated { None } else { self.winner };
        let anchor = winner.unwrap_or(0) as usize;
        let mut order: [usize; MAX_PLAYERS] = [0; MAX_PLAYERS];
        for (i, o) in order.iter_mut().enumerate().take(n) {
            *o = (anchor + i) % n;
        }
        order[..n].sort_by_key(|&s| {
            let first = if Some(s as u8) == winner { 0 } else { 1 };
            (first, points[s], (s + n - anchor) % n)
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
            hands: 1,
            ending: if self.truncated {
                Ending::Truncated
            } else {
                Ending::OutOfCards
            },
        })
    }

    // ---- read access ----

    pub fn options(&self) -> &DebtOptions {
        &self.opts
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn group(&self) -> &Group {
        &self.group
    }
    pub fn stats(&self) -> &DebtStats {
        &self.stats
    }
    pub fn hand(&self, seat: usize) -> &DebtHand {
        &self.hands[seat]
    }
    pub fn pile(&self, seat: usize) -> &DebtHand {
        &self.piles[seat]
    }
    pub fn known_hand(&self, seat: usize) -> &[u8; NUM_KINDS] {
        &self.known_hand[seat]
    }
    pub fn known_pile(&self, seat: usize) -> &[u8; NUM_KINDS] {
        &self.known_pile[seat]
    }
    /// What `seat` knows for certain of their own pile.
    pub fn own_pile_known(&self, seat: usize) -> &[u8; NUM_KINDS] {
        &self.own_pile[seat]
    }
    pub fn buying_power(&self, seat: usize) -> u8 {
        self.bp[seat]
    }
    /// The play area, bottom to top, as (kind, colour played as).
    pub fn play_area(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.area[..self.area_len as usize]
            .iter()
            .map(|&e| (e as u8, (e >> 8) as u8))
    }
    pub fn play_area_len(&self) -> usize {
        self.area_len as usize
    }
    pub fn melon(&self) -> &DrawPile<MAX_CARDS> {
        &self.melon
    }
    pub fn color(&self) -> u8 {
        self.color
    }
    pub fn debt(&self) -> u16 {
        self.debt
    }
    pub fn current(&self) -> u8 {
        self.current
    }
    pub fn starter(&self) -> u8 {
        self.starter
    }
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }
    pub fn last_player(&self) -> u8 {
        self.last_player
    }
    pub fn uno_called(&self) -> bool {
        self.uno_called
    }
    pub fn deck(&self) -> &[u8; NUM_KINDS] {
        &self.deck
    }
    pub fn rng(&self) -> &Rng {
        &self.rng
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::cards::COLOR_MASK;

    /// `ADDABLE` holds what rule 5's tests give: a Wild Draw Four after a Wild Draw Four, the
    /// buying-power colour after a card of that colour, nothing otherwise.
    #[test]
    fn addable_table_is_rule_five() {
        for first in 0..NUM_KINDS as u8 {
            for pc in 0..4u8 {
                let want = if first == WILD_DRAW_FOUR {
                    1u64 << WILD_DRAW_FOUR
                } else if !is_wild(first) && color_of(first) == pc {
                    COLOR_MASK[pc as usize]
                } else {
                    0
                };
                assert_eq!(ADDABLE[first as usize][pc as usize], want, "{first} {pc}");
            }
        }
    }
}
