//! The Constitution's state machine (`docs/rules/constitution.md`): the deal and the first
//! card, turns, matching, drawing with the draw formula, the scheduler that runs the windows
//! (UNO, jump-ins) and pending attacks in the order of section 18, leaving the game, the end.
//! The attack chain is in `attack.rs`, each card's effect in `effects.rs`, the field cards and
//! the Horsemen in `field.rs`.

use super::cards::*;
use super::event::{Event, Leave};
use super::options::*;
use crate::game::{
    first_seat_after, DecisionKind, Ending, EventSink, GameCounters, Outcome, Seat, MAX_PLAYERS,
};
use crate::hand::Hand;
use crate::pile::DrawPile;
use crate::rng::Rng;

/// A hand (or a pile's contents): counts per kind.
pub type ConHand = Hand<NUM_KINDS, 2>;
/// No seat.
pub const NONE: u8 = 0xff;
/// A Horseman in neutral play (no holder).
pub const NEUTRAL: u8 = 0xfe;

#[inline]
pub(crate) fn bit(s: u8) -> u16 {
    1u16 << s
}

/// The seats strictly between `from` and `to` round the table (a 16-seat ring, as
/// `first_seat_after`), clockwise (increasing seat numbers) or not; every seat but `from` when
/// `to` is `from`. Without branches (the direction and the seats follow the random play): the
/// seats counter-clockwise from `from` to `to` are those clockwise from `to` to `from`, and
/// clockwise they are the `d - 1` seats after `a`, `d` the distance (16 when `to` is `from`).
#[inline]
pub(crate) fn between(from: u8, to: u8, clockwise: bool) -> u16 {
    debug_assert!(from < 16 && to < 16);
    let (a, b) = (
        std::hint::select_unpredictable(clockwise, from, to),
        std::hint::select_unpredictable(clockwise, to, from),
    );
    let d = (b.wrapping_sub(a).wrapping_sub(1) & 15) + 1;
    (((1u32 << d) - 2) as u16).rotate_left(a as u32)
}

/// What a pending attack does to its victim (section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackKind {
    /// A draw of `amount` cards (a stack when `family` is 2 or 4).
    Draw,
    /// Backstab's draw 4 on the previous player.
    Backstab,
    /// Taste the Rainbow's draw-until.
    Ttr,
    /// The Recycler's dump: the recycled pile.
    Dump,
    Quitter,
    Glasnost,
    Mad,
    /// Martyr's cards (in `limbo`).
    Martyr,
    Virus,
    /// Gift's card (`card`, in `limbo`).
    Gift,
    /// A Gold Coin batch (the bank cards addressed to `card`).
    Gold,
    Ping,
}

impl AttackKind {
    pub fn name(self) -> &'static str {
        use AttackKind::*;
        match self {
            Draw => "draw",
            Backstab => "Backstab",
            Ttr => "Taste the Rainbow",
            Dump => "the recycled pile",
            Quitter => "Quitter",
            Glasnost => "Glasnost",
            Mad => "M.A.D.",
            Martyr => "Martyr's cards",
            Virus => "Virus",
            Gift => "Gift",
            Gold => "Gold Coin cards",
            Ping => "Ping",
        }
    }
}

/// The pending attack (section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub kind: AttackKind,
    /// Cards to draw (a draw, Backstab, the dump), or the batch size.
    pub amount: u16,
    /// The stacking family, 2 or 4; 0: nothing stacks on it (section 7).
    pub family: u8,
    pub victim: u8,
    /// Who started it (Fuck You returns it there); `NONE` for the first card.
    pub starter: u8,
    /// Who added its last card (AIDS splits with them).
    pub last: u8,
    /// Hot Deaths in the stack (Magic 5), in units of 8 cards: a team's counts twice (C87).
    pub hot_deaths: u8,
    /// A Harvester is in the stack: not blocked, absorbed, dodged or halved.
    pub harvester: bool,
    /// The stack's last card is a Harvester (a Yin-Yang holder draws it in full).
    pub harvester_last: bool,
    /// Directed: cannot be dodged (L31).
    pub directed: bool,
    /// A next-player attack: the victim who takes it loses the turn (C24).
    pub costs_turn: bool,
    /// Backstab: a Dodge moves it against the direction of play.
    pub backwards: bool,
    /// Taking it leaves the turn order as it is (the dump).
    pub keep_order: bool,
    /// Play continues after this seat once it is taken, when it does not cost the turn.
    pub resume: u8,
    /// Gift: the card; Gold: the batch's first recipient.
    pub card: u8,
}

impl Attack {
    pub(crate) fn new(kind: AttackKind, user: u8, victim: u8) -> Attack {
        Attack {
            kind,
            amount: 0,
            family: 0,
            victim,
            starter: user,
            last: user,
            hot_deaths: 0,
            harvester: false,
            harvester_last: false,
            directed: false,
            costs_turn: false,
            backwards: false,
            keep_order: false,
            resume: user,
            card: NONE,
        }
    }
    /// A draw stack others may add to.
    pub fn is_stack(&self) -> bool {
        self.kind == AttackKind::Draw && self.family != 0
    }
}

/// Why a colour is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorWhy {
    /// War's declaration (L302).
    War,
    /// A wild turned as the first card: the dealer names it.
    Start,
}

/// Why a seat is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetWhy {
    /// The victim of the directed card with this text.
    Directed(Text),
    /// FTPIP's new victim.
    Ftpip,
    /// The Prophet looks at a hand at the start of their turn (L254).
    ProphetLook,
    /// The Prophet just played looks at a hand.
    ProphetFirst,
    /// The recipient of the Gold Coin card `card`.
    GoldTo { card: u8 },
    /// The player accused of holding Quitter (section 11).
    Accuse,
}

/// Why a card is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChooseWhy {
    /// The card Gift gives to `to`.
    GiftCard { to: u8 },
    /// A Conquest army: the invader's, then the defender's.
    Army { invader: bool },
    /// The Chosen One's kept card.
    ChosenKeep,
    /// The Chosen One's next card back on the pile, top first.
    ChosenOrder,
    /// The next Gold Coin card to give.
    GoldCard,
}

/// How a card came to be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ctx {
    /// At a normal turn (or after drawing).
    Turn,
    /// A jump-in.
    Jump,
    /// A response to an attack (a stack, a defence, the Dodge follow-up).
    Respond,
    /// Penn State's forced play.
    Forced,
    /// The first card, its user the dealer.
    Start,
}

/// Where the game is: whose decision, of what kind (section 18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `current`'s normal turn.
    Turn,
    /// `current` drew `card` and may play it (`play_drawn`, the Apocalypse).
    PostDraw {
        card: u8,
    },
    Color {
        why: ColorWhy,
    },
    Target {
        why: TargetWhy,
    },
    Choose {
        why: ChooseWhy,
    },
    /// The victim of the pending attack responds.
    Respond,
    /// The dodger may add a Draw Two (C42).
    DodgeAdd,
    JumpIn {
        asker: u8,
    },
    /// `asker` may call the wrong jump-in in `wrong`.
    WrongCall {
        asker: u8,
    },
    /// `uno_seat` calls UNO or stays silent.
    CallUno,
    CatchUno {
        asker: u8,
    },
    /// The Prophet answers `question`.
    Answer,
    /// `who` chooses which hand the Yin-Yang team keeps.
    Team,
    /// `who` picks a Communism pile.
    Piles,
    /// The Apocalypse's Wild Draw Four challenge.
    Challenge,
    Over,
}

/// A play whose choices are still being made (a directed card's victim, a colour, a card).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending {
    pub seat: u8,
    pub kind: u8,
    pub ctx: Ctx,
}

/// A jump-in attempt with a near card, waiting for a call (C35).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongJump {
    pub jumper: u8,
    pub kind: u8,
    pub color: u8,
}

/// The variant's own counters (section 20).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConStats {
    /// The decision at which the Apocalypse began (0: never).
    pub apocalypse_at: u32,
    /// Seats that left, by cause ([`Leave`]).
    pub left_by_cause: [u16; 9],
    /// Seat that left by cause, per seat.
    pub left_seat: [u16; MAX_PLAYERS],
    pub accusations: u16,
    pub accusations_right: u16,
    pub battles: u16,
    pub conquerors: u16,
    pub communisms: u16,
    pub wrong_jumps: u16,
    pub wrong_jumps_called: u16,
    pub questions: u16,
    pub teams: u16,
    pub dumps: u16,
}

/// A Constitution game.
#[derive(Clone, PartialEq)]
pub struct ConState {
    /// What each player knows of the others' hands (`knowledge.rs`). First: a struct literal
    /// stores its fields in this order, so `Knowledge::new()` is stored right after it is made
    /// and LLVM copies only its bits; declared further down, each deal copied the whole table.
    pub(crate) know: super::knowledge::Knowledge,
    pub(crate) opts: ConOptions,
    pub(crate) n: u8,
    pub(crate) rng: Rng,
    pub(crate) hands: [ConHand; MAX_PLAYERS],
    pub(crate) pile: DrawPile<DECK_SIZE>,
    /// Everything on the discard pile, `top` included.
    pub(crate) discard: ConHand,
    pub(crate) top: u8,
    /// The recycled pile (L268) while `recycling`.
    pub(crate) recycled: ConHand,
    pub(crate) recycling: bool,
    /// The matching reference (C23): its kind and colour.
    pub(crate) ref_kind: u8,
    pub(crate) ref_color: u8,
    /// The reference before the last card (what Clone repeats, what Mystery Draw counts).
    pub(crate) under: u8,
    pub(crate) under_color: u8,
    /// The count of the last Mystery Draw (what a Clone on it repeats).
    pub(crate) md_count: u16,
    /// What a Clone repeats when it is played on this reference.
    pub(crate) ref_effect: u8,
    pub(crate) clockwise: bool,
    pub(crate) dealer: u8,
    /// Whose normal turn it is (or was last).
    pub(crate) current: u8,
    /// Play continues after `cursor`, skipping `skips` players, unless `again` names the next.
    pub(crate) cursor: u8,
    pub(crate) skips: u8,
    pub(crate) again: u8,
    /// Seats still in the game.
    pub(crate) alive: u16,
    /// Seats skipped since their last turn (no jump-ins, L47).
    pub(crate) skipped: u16,
    pub(crate) uno_called: u16,
    /// The order each seat left in (0: still in), and why.
    pub(crate) left_order: [u8; MAX_PLAYERS],
    pub(crate) left_why: [u8; MAX_PLAYERS],
    pub(crate) leaves: u8,
    pub(crate) winner: u8,
    pub(crate) loser: u8,
    pub(crate) phase: Phase,
    /// The actor of the Color, Target, Choose, DodgeAdd, Team and Piles phases.
    pub(crate) who: u8,
    pub(crate) pend: Pending,
    /// A played Death or Virus on its way to its victim (counted in the census).
    pub(crate) transit: u8,
    /// A play's decisions are being made (`finish_play` has not run yet).
    pub(crate) pend_open: bool,
    /// A queued choice interrupted a turn before its play: go back to it afterwards.
    pub(crate) resume_turn: bool,
    pub(crate) attack: Option<Attack>,
    /// The response the card being played makes (set by `respond_with`).
    pub(crate) resp: Option<super::attack::Response>,
    // Windows (section 18).
    pub(crate) uno_seat: u8,
    pub(crate) uno_stage: u8,
    pub(crate) jump_from: u8,
    pub(crate) jump_kind: u8,
    pub(crate) jump_color: u8,
    /// Seats not yet asked in the jump-in window.
    pub(crate) jump_left: u16,
    pub(crate) wrong: WrongJump,
    pub(crate) catch_left: u16,
    // Per-turn flags.
    pub(crate) accused: bool,
    pub(crate) asked: bool,
    pub(crate) recolored: bool,
    pub(crate) no_plague_draw: bool,
    /// The Plague was active when the turn's play (or invasion) in progress was made: its
    /// after-play draw is owed only then (C82).
    pub(crate) plague_before: bool,
    /// The Prophet's look is due this turn (after a possible accusation, section 5).
    pub(crate) look_due: bool,
    // Field cards (section 12).
    pub(crate) shields: [u8; MAX_PLAYERS],
    pub(crate) viruses: [u8; MAX_PLAYERS],
    pub(crate) luck: u8,
    pub(crate) yin: u8,
    pub(crate) yang: u8,
    pub(crate) prophet: u8,
    pub(crate) death: u8,
    pub(crate) death_clock: u8,
    /// The number card next to Death (NONE if none).
    pub(crate) death_card: u8,
    pub(crate) famine: bool,
    pub(crate) war: u8,
    pub(crate) conquest: u8,
    pub(crate) conquered: u16,
    /// Armies captured by Conquest.
    pub(crate) captured: ConHand,
    pub(crate) plague: u8,
    pub(crate) apocalypse: bool,
    /// The Yin-Yang team (`team_kept`'s seat plays for both); `team_pending`: the receiver who
    /// must choose which hand is kept.
    pub(crate) team_kept: u8,
    pub(crate) team_absorbed: u8,
    pub(crate) team_pending: u8,
    pub(crate) war_pending: u8,
    // The Prophet (C64).
    pub(crate) looked: u16,
    /// Per seat: bit q set if the Prophet's last look saw `QUESTIONS[q]`.
    pub(crate) seen: [u16; MAX_PLAYERS],
    /// "I don't remember" answers per question (seat * 10 + q), saturating.
    pub(crate) dont_remember: [u8; 100],
    pub(crate) question: (u8, u8, u8),
    // Cards in transit: Martyr's hand, the Gift, the Gold Coin bank, the Chosen One's draw,
    // the armies, a Communism pool.
    pub(crate) limbo: ConHand,
    pub(crate) bank_to: [u8; MAX_PLAYERS],
    pub(crate) bank_kind: [u8; MAX_PLAYERS],
    pub(crate) bank_len: u8,
    pub(crate) chosen: [u8; 5],
    pub(crate) chosen_len: u8,
    /// Who put the ordered top of the draw pile back (The Chosen One), `NONE` if no one.
    pub(crate) ordered_by: u8,
    pub(crate) army: u8,
    pub(crate) invaded: u8,
    /// Communism: pickers in order, how many have picked, piles left of each size.
    pub(crate) pickers: [u8; MAX_PLAYERS],
    pub(crate) picks: u8,
    pub(crate) small_left: u8,
    pub(crate) large_left: u8,
    pub(crate) small_size: u8,
    /// The Apocalypse: the last Wild Draw Four was played holding the colour (C70).
    pub(crate) guilty: bool,
    /// Who played the last Wild Draw Four in the Apocalypse (`NONE`: none).
    pub(crate) last_wd4: u8,
    pub(crate) truncated: bool,
    pub(crate) counters: GameCounters,
    pub(crate) stats: ConStats,
}

/// The deck before the shuffle: every kind's copies, kinds ascending.
static DECK: [u16; DECK_SIZE] = deck();

const fn deck() -> [u16; DECK_SIZE] {
    let mut all = [0u16; DECK_SIZE];
    let mut i = 0;
    let mut k = 0;
    while k < NUM_KINDS {
        let mut c = 0;
        while c < FACTS.copies[k] {
            all[i] = k as u16;
            i += 1;
            c += 1;
        }
        k += 1;
    }
    assert!(i == DECK_SIZE);
    all
}

/// The kinds that leave a dealt hand at the start (C10): Yin, Yang and Plague.
#[inline]
fn deal_field_mask() -> u128 {
    let m = super::masks::masks();
    m.text[Text::Yin as usize] | m.text[Text::Yang as usize] | m.text[Text::Plague as usize]
}

impl ConState {
    /// A new game: the dealer, the deal, the first card.
    pub fn deal(opts: ConOptions, players: usize, seed: u64) -> Self {
        // Built in the return slot (`empty` inlined, the deal through `&mut`): the state is
        // 16 KiB, and each move of it costs a copy.
        let mut s = Self::empty(opts, players, seed);
        s.deal_cards(&mut crate::NoEvents);
        s
    }

    pub fn new_with(
        opts: ConOptions,
        players: usize,
        seed: u64,
        log: &mut impl EventSink<Event>,
    ) -> Self {
        let mut s = Self::empty(opts, players, seed);
        s.deal_cards(log);
        s
    }

    /// The shuffle, the dealer, eight cards each, then `start`.
    fn deal_cards(&mut self, log: &mut impl EventSink<Event>) {
        let players = self.n;
        self.pile.fill_shuffled(&DECK);
        self.dealer = match self.opts.dealer {
            Some(d) => d,
            None => self.rng.below(players as u32) as u8,
        };
        log.event(Event::Dealer { seat: self.dealer });
        for _ in 0..8 {
            for seat in 0..players {
                let k = self
                    .pile
                    .draw(&mut self.rng)
                    .expect("432 cards deal 10 hands of 8") as u8;
                log.event(Event::Deal { seat, card: k });
                self.hands[seat as usize].add(k as usize);
            }
        }
        self.start(log);
    }

    /// The state before the deal: every seat in, nothing dealt.
    #[inline(always)]
    pub(crate) fn empty(opts: ConOptions, players: usize, seed: u64) -> Self {
        ConState {
            opts,
            n: players as u8,
            rng: Rng::new(seed),
            hands: [ConHand::new(); MAX_PLAYERS],
            pile: DrawPile::new(),
            discard: ConHand::new(),
            top: NONE,
            recycled: ConHand::new(),
            recycling: false,
            ref_kind: NONE,
            ref_color: NO_COLOR,
            under: NONE,
            under_color: NO_COLOR,
            md_count: 0,
            ref_effect: NONE,
            clockwise: true,
            dealer: 0,
            current: 0,
            cursor: 0,
            skips: 0,
            again: NONE,
            alive: (1u16 << players) - 1,
            skipped: 0,
            uno_called: 0,
            left_order: [0; MAX_PLAYERS],
            left_why: [0; MAX_PLAYERS],
            leaves: 0,
            winner: NONE,
            loser: NONE,
            phase: Phase::Turn,
            who: NONE,
            pend: Pending {
                seat: NONE,
                kind: NONE,
                ctx: Ctx::Turn,
            },
            pend_open: false,
            transit: NONE,
            resume_turn: false,
            attack: None,
            resp: None,
            uno_seat: NONE,
            uno_stage: 0,
            jump_from: NONE,
            jump_kind: NONE,
            jump_color: NO_COLOR,
            jump_left: 0,
            wrong: WrongJump {
                jumper: NONE,
                kind: NONE,
                color: NO_COLOR,
            },
            catch_left: 0,
            accused: false,
            asked: false,
            recolored: false,
            no_plague_draw: false,
            plague_before: false,
            look_due: false,
            shields: [0; MAX_PLAYERS],
            viruses: [0; MAX_PLAYERS],
            luck: NONE,
            yin: NONE,
            yang: NONE,
            prophet: NONE,
            death: NONE,
            death_clock: 0,
            death_card: NONE,
            famine: false,
            war: NONE,
            conquest: NONE,
            conquered: 0,
            captured: ConHand::new(),
            plague: NONE,
            apocalypse: false,
            team_kept: NONE,
            team_absorbed: NONE,
            team_pending: NONE,
            war_pending: NONE,
            looked: 0,
            seen: [0; MAX_PLAYERS],
            dont_remember: [0; 100],
            question: (NONE, NONE, NONE),
            limbo: ConHand::new(),
            bank_to: [NONE; MAX_PLAYERS],
            bank_kind: [NONE; MAX_PLAYERS],
            bank_len: 0,
            chosen: [NONE; 5],
            chosen_len: 0,
            ordered_by: NONE,
            army: NONE,
            invaded: NONE,
            pickers: [NONE; MAX_PLAYERS],
            picks: 0,
            small_left: 0,
            large_left: 0,
            small_size: 0,
            guilty: false,
            last_wd4: NONE,
            truncated: false,
            know: super::knowledge::Knowledge::new(),
            counters: GameCounters::default(),
            stats: ConStats::default(),
        }
    }

    // ----- seats ------------------------------------------------------------------------

    #[inline]
    pub(crate) fn is_alive(&self, s: u8) -> bool {
        s < self.n && self.alive & bit(s) != 0
    }

    pub(crate) fn alive_count(&self) -> u32 {
        self.alive.count_ones()
    }

    /// The next seat still in the game after `from` (which need not be in), in the direction
    /// of play (`forward`) or against it.
    pub(crate) fn step_from(&self, from: u8, forward: bool) -> u8 {
        first_seat_after(self.alive, from, self.clockwise == forward).unwrap_or(from)
    }
    #[inline]
    pub(crate) fn next_of(&self, from: u8) -> u8 {
        self.step_from(from, true)
    }
    #[inline]
    pub(crate) fn prev_of(&self, from: u8) -> u8 {
        self.step_from(from, false)
    }
    /// Two players left: the duel rules (section 15).
    #[inline]
    pub(crate) fn duel(&self) -> bool {
        self.alive_count() == 2
    }

    // ----- cards --------------------------------------------------------------------------

    /// Shuffles the discard pile, but its top, into the draw pile; if that gives nothing while
    /// the Recycler's pile is open, the recycled pile but its top (C19).
    fn refill(&mut self, log: &mut impl EventSink<Event>) -> bool {
        let mut moved = Self::shuffle_in(&mut self.discard, &mut self.pile, self.top);
        if !moved && self.recycling {
            moved = Self::shuffle_in(&mut self.recycled, &mut self.pile, self.ref_kind);
        }
        if moved {
            self.counters.reshuffles += 1;
            log.event(Event::Reshuffle);
        }
        moved
    }

    /// Moves every card of `from` but one copy of `keep` into the draw pile, kinds ascending
    /// (as that many `add_shuffled`); returns whether any moved.
    fn shuffle_in(from: &mut ConHand, pile: &mut DrawPile<DECK_SIZE>, keep: u8) -> bool {
        let mut moved = false;
        for (k, c) in from.iter() {
            let c = c - (k as u8 == keep) as u8;
            for _ in 0..c {
                pile.add_shuffled(k as u16);
            }
            moved |= c > 0;
        }
        if moved {
            let kept = (keep as usize) < NUM_KINDS && from.has(keep as usize);
            from.clear();
            if kept {
                from.add(keep as usize);
            }
        }
        moved
    }

    /// One card off the draw pile (reshuffling if needed), or `None` if there is none.
    pub(crate) fn take_from_pile(&mut self, log: &mut impl EventSink<Event>) -> Option<u8> {
        if self.pile.is_empty() && !self.refill(log) {
            return None;
        }
        let k = self.pile.draw(&mut self.rng)? as u8;
        self.counters.cards_drawn += 1;
        Some(k)
    }

    /// `s` draws one card: Yin and Yang activate, Plague is released (C10, L246).
    pub(crate) fn draw_one(&mut self, s: u8, log: &mut impl EventSink<Event>) -> Option<u8> {
        let from_ordered = self.pile.ordered() > 0 && self.ordered_by != NONE;
        let k = self.take_from_pile(log)?;
        log.event(Event::Drew { seat: s, card: k });
        let kept = if !self.apocalypse && text_of(k) == Text::Plague && self.plague == NONE {
            self.release_plague(s, log);
            false
        } else {
            self.gain(s, k, log)
        };
        if from_ordered && kept {
            // The Chosen One's user knows which card this is.
            self.know.learn(self.ordered_by, s, k, 1);
        }
        if self.pile.ordered() == 0 {
            self.ordered_by = NONE;
        }
        Some(k)
    }

    /// `s` draws `n` cards (fewer if the piles run out).
    pub(crate) fn draw_n(&mut self, s: u8, n: u16, log: &mut impl EventSink<Event>) {
        for _ in 0..n {
            if !self.is_alive(s) || self.draw_one(s, log).is_none() {
                break;
            }
        }
    }

    /// A card arrives in `s`'s hand by any means: Yin and Yang activate at once (C68).
    /// Returns whether it is now in the hand.
    pub(crate) fn gain(&mut self, s: u8, k: u8, log: &mut impl EventSink<Event>) -> bool {
        if !self.apocalypse && matches!(text_of(k), Text::Yin | Text::Yang) {
            self.activate_yy(s, k, log);
            return false;
        }
        self.hands[s as usize].add(k as usize);
        if self.hands[s as usize].len() > 1 {
            self.uno_called &= !bit(s);
        }
        true
    }

    /// Cards of Luck, Yin and Yang active for `s`.
    pub(crate) fn lucks(&self, s: u8) -> u16 {
        (self.luck == s) as u16 + (self.yin == s) as u16 + (self.yang == s) as u16
    }

    /// The draw formula (section 8): the cards `s` draws for `n` asked. `attack`: forced by an
    /// attack (team halving unless `unhalved`); `stuck`: a turn draw with nothing to play;
    /// `turn`: the turn's own draw, which Luck does not reduce (C29).
    pub(crate) fn formula(&self, s: u8, n: u16, attack: bool, unhalved: bool, stuck: bool) -> u16 {
        self.formula_full(s, n, attack, unhalved, stuck, false)
    }

    pub(crate) fn formula_full(
        &self,
        s: u8,
        n: u16,
        attack: bool,
        unhalved: bool,
        stuck: bool,
        turn: bool,
    ) -> u16 {
        if self.apocalypse {
            return n;
        }
        let mut m = n as i32;
        if attack && !unhalved && self.team_kept == s {
            m = (m + 1) / 2;
        }
        m += self.viruses[s as usize] as i32;
        let lucks = self.lucks(s) as i32;
        if !turn {
            m -= lucks;
        }
        if self.plague != NONE && (attack || stuck) && lucks == 0 {
            m += 1;
        }
        m.max(0) as u16
    }

    /// A penalty draw (UNO, a wrong jump-in, a wrong accusation, the Prophet): Luck and Virus
    /// apply, Plague does not (it counts attacks and stuck draws only).
    pub(crate) fn penalty(&mut self, s: u8, n: u16, log: &mut impl EventSink<Event>) {
        let m = self.formula(s, n, false, true, false);
        log.event(Event::Penalty { seat: s, cards: m });
        self.draw_n(s, m, log);
    }

    /// Puts `k` on the discard pile under its top card.
    pub(crate) fn bury(&mut self, k: u8) {
        self.discard.add(k as usize);
    }

    /// Moves all of `s`'s hand under the discard pile's top.
    pub(crate) fn bury_hand(&mut self, s: u8) {
        self.know.forget(s);
        let h = self.hands[s as usize];
        for (k, c) in h.iter() {
            self.discard.add_n(k, c);
        }
        self.hands[s as usize].clear();
    }

    /// Puts `k` on top of the pile in use and makes it the matching reference.
    pub(crate) fn put_on_pile(&mut self, k: u8, color: u8) {
        // Whether `k` reverses matters only while the recycled pile is open (rare).
        if self.recycling && !is_reversing(k, self.apocalypse) {
            self.recycled.add(k as usize);
        } else {
            self.discard.add(k as usize);
            self.top = k;
        }
        self.set_ref(k, color);
    }

    pub(crate) fn set_ref(&mut self, k: u8, color: u8) {
        self.under = self.ref_kind;
        self.under_color = self.ref_color;
        // Selects, not branches: the card is the random play's.
        let clone = (text_of(k) == Text::Clone) & !self.apocalypse;
        self.ref_effect = std::hint::select_unpredictable(clone, self.ref_effect, k);
        self.ref_kind = k;
        self.ref_color = std::hint::select_unpredictable(is_wild(k), color, color_of(k));
    }

    // ----- matching (section 6) -------------------------------------------------------------

    /// The presence mask of `s`'s hand (bit `k` for kind `k`).
    #[inline]
    pub(crate) fn hand_mask(&self, s: u8) -> u128 {
        let h = &self.hands[s as usize];
        h.mask(0) as u128 | (h.mask(1) as u128) << 64
    }

    /// The kinds that match the reference (`matches` for every kind at once).
    #[inline]
    pub(crate) fn match_mask(&self) -> u128 {
        let m = super::masks::masks();
        if self.ref_kind == NONE {
            return u128::MAX;
        }
        let r = self.ref_kind;
        let mut out = m.wild | m.color[self.ref_color.min(4) as usize];
        if self.apocalypse {
            return out | m.suit[suit_of(r) as usize];
        }
        out |= m.any;
        if self.war != NONE {
            return out;
        }
        // Suit, text and the 69 rule: one table row (their tests followed the random card).
        out | m.by_ref[r as usize]
    }

    /// The kinds `s` may play at a normal turn (`turn_playable` for every held kind).
    #[inline]
    pub(crate) fn playable_mask(&self, s: u8) -> u128 {
        if !self.last_ok(s) {
            return 0;
        }
        self.holdable_mask(s)
    }

    /// The held kinds that match, ignoring the UNO call (FTPIP excluded, C43).
    #[inline]
    fn holdable_mask(&self, s: u8) -> u128 {
        let mut m = self.hand_mask(s) & self.match_mask();
        if !self.apocalypse {
            m &= !super::masks::masks().ftpip;
        }
        m
    }

    /// Whether `k` matches the reference (colour, suit or text; War: colour; C20-C23).
    #[inline]
    pub(crate) fn matches(&self, k: u8) -> bool {
        self.match_mask() >> k & 1 != 0
    }

    /// Whether `s` may play `k` at a normal turn: it matches, it is not FTPIP (C43), and a last
    /// card needs the UNO call (C36).
    pub(crate) fn turn_playable(&self, s: u8, k: u8) -> bool {
        if !self.apocalypse && text_of(k) == Text::Ftpip {
            return false;
        }
        self.last_ok(s) && self.matches(k)
    }

    /// `s` may play a card now as far as UNO goes: more than one card, or the call made.
    #[inline]
    pub(crate) fn last_ok(&self, s: u8) -> bool {
        self.hands[s as usize].len() > 1 || self.uno_called & bit(s) != 0
    }

    pub(crate) fn any_playable(&self, s: u8) -> bool {
        self.playable_mask(s) != 0
    }

    /// Ignoring the UNO call: does `s` hold a card that matches?
    pub(crate) fn holds_match(&self, s: u8) -> bool {
        self.holdable_mask(s) != 0
    }

    /// A hand shown to every player (Glasnost, an accusation).
    pub(crate) fn public_reveal(&mut self, s: u8) {
        let h = self.hands[s as usize];
        self.know.show_all(s, &h);
    }

    // ----- the start (section 4) --------------------------------------------------------------

    pub(crate) fn start(&mut self, log: &mut impl EventSink<Event>) {
        // C10: Yin, Yang and Plague in the deal, seat by seat from the first player.
        let first = crate::game::seat_after(self.dealer, 1, self.n, true);
        for i in 0..self.n {
            let s = crate::game::seat_after(first, i, self.n, true);
            // The held kinds of those texts, ascending (the handlers leave hands alone).
            let mut m = self.hand_mask(s) & deal_field_mask();
            while m != 0 {
                let k = m.trailing_zeros() as u8;
                m &= m - 1;
                self.hands[s as usize].remove(k as usize);
                if text_of(k) == Text::Plague {
                    self.release_plague(s, log);
                } else {
                    self.activate_yy(s, k, log);
                }
            }
        }
        let k = loop {
            let k = self
                .take_from_pile(log)
                .expect("the deal leaves the first card");
            // Yin and Yang activate when drawn: a turned one goes to the dealer (C10).
            if matches!(text_of(k), Text::Yin | Text::Yang) {
                self.activate_yy(self.dealer, k, log);
                continue;
            }
            break k;
        };
        log.event(Event::FirstCard { card: k });
        self.cursor = self.dealer;
        self.current = self.dealer;
        self.start_card(k, log);
    }

    // ----- turns --------------------------------------------------------------------------

    /// Play moves on: after `cursor`, skipping `skips` players (Death's clock ticks for a
    /// skipped victim, C61).
    fn advance(&mut self, log: &mut impl EventSink<Event>) -> u8 {
        let mut s = self.next_of(self.cursor);
        let mut skips = self.skips;
        self.skips = 0;
        while skips > 0 && self.alive_count() > 0 {
            self.skipped |= bit(s);
            self.tick_death(s, log);
            if self.over() {
                return s;
            }
            s = self.next_of(s);
            skips -= 1;
        }
        s
    }

    pub(crate) fn begin_turn(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        self.current = s;
        self.cursor = s;
        self.skipped &= !bit(s);
        self.accused = false;
        self.asked = false;
        self.recolored = false;
        self.no_plague_draw = false;
        self.counters.turns += 1;
        if self.plague == s && !self.apocalypse {
            // L246: the Plague goes on top and the turn is used up.
            self.return_plague(s, log);
            self.end_own_turn(s, log);
            return self.proceed(log);
        }
        // L254, section 5: the Prophet must look at a hand, after a possible accusation (a
        // TARGET at the turn, `turn_legal`); it used to come first (found by the scenario tests).
        self.look_due = self.prophet == s && !self.apocalypse && self.alive_count() > 1;
        self.enter_turn(log);
    }

    /// The turn's play decision; under Famine a player with nothing to play draws until they
    /// can (L178); a Conquest holder who can invade has a move (C60).
    pub(crate) fn enter_turn(&mut self, log: &mut impl EventSink<Event>) {
        let s = self.current;
        self.phase = Phase::Turn;
        if self.famine && !self.apocalypse && !self.holds_match(s) && !self.can_invade(s) {
            let mut drew = false;
            while !self.holds_match(s) && self.is_alive(s) {
                if self.draw_one(s, log).is_none() {
                    break;
                }
                drew = true;
            }
            if drew && self.plague != NONE && self.lucks(s) == 0 {
                self.draw_n(s, 1, log);
            }
        }
    }

    /// The end of `s`'s own turn (played, drew, invaded): Death's clock (C61).
    pub(crate) fn end_own_turn(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        self.tick_death(s, log);
    }

    /// After a turn's draw or an invasion: play goes on after `s`.
    pub(crate) fn turn_over(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        self.end_own_turn(s, log);
        self.cursor = s;
        self.skips = 0;
        self.again = NONE;
        self.proceed(log);
    }

    /// Lays `k` from `s`'s hand: field cards go in front of a player (their effect places
    /// them), others on the pile in use. Returns whether the hand is now empty.
    pub(crate) fn lay(&mut self, s: u8, k: u8, color: u8, log: &mut impl EventSink<Event>) {
        self.hands[s as usize].remove(k as usize);
        self.know.lose(s, k);
        log.event(Event::Played {
            seat: s,
            card: k,
            color: if is_wild(k) { color } else { NO_COLOR },
        });
        if !self.apocalypse && is_field(k) {
            self.set_ref(k, color);
        } else {
            self.put_on_pile(k, color);
        }
    }

    /// Plays `k` (naming `color` for a wild) from `s`'s hand.
    pub(crate) fn play_card(
        &mut self,
        s: u8,
        k: u8,
        color: u8,
        ctx: Ctx,
        log: &mut impl EventSink<Event>,
    ) {
        // C82: the after-play draw is judged by the Plague active at the play.
        self.plague_before = self.plague != NONE;
        self.lay(s, k, color, log);
        if matches!(ctx, Ctx::Turn | Ctx::Jump) {
            self.current = s;
            self.cursor = s;
            self.skips = 0;
            self.again = NONE;
        }
        if self.hands[s as usize].is_empty() && self.opts.mode == Mode::Normal {
            let t = if self.apocalypse {
                Text::None
            } else {
                text_of(k)
            };
            // L67: ending on a special card does not activate it, but a Gold Coin is still
            // flipped (L68) and AIDS still splits (L70).
            let defer = t == Text::GoldCoin || (t == Text::Aids && ctx == Ctx::Respond);
            if !defer {
                if !self.apocalypse && is_field(k) {
                    // Not placed in front of anyone: it lies on the pile.
                    self.discard.add(k as usize);
                    self.top = k;
                }
                return self.win(s, log);
            }
        }
        self.pend = Pending {
            seat: s,
            kind: k,
            ctx,
        };
        self.pend_open = true;
        if self.effect(s, k, ctx, log) {
            self.finish_play(log);
        }
    }

    /// A play's choices are made and its effect is set up: the turn's after-play draw and
    /// clock, then the windows (section 18).
    pub(crate) fn finish_play(&mut self, log: &mut impl EventSink<Event>) {
        let Pending {
            seat: s,
            kind: mut k,
            ctx,
        } = self.pend;
        self.pend_open = false;
        if self.over() {
            return;
        }
        if matches!(ctx, Ctx::Turn | Ctx::Jump)
            && self.is_alive(s)
            && self.after_own_play(s, ctx, log)
        {
            // C90: the Plague now lies on the user's jump-in (L248): the window is on it.
            k = self.ref_kind;
        }
        if self.over() {
            return;
        }
        if self.is_alive(s)
            && self.hands[s as usize].len() == 1
            && self.uno_called & bit(s) == 0
            && ctx != Ctx::Forced
        {
            self.uno_seat = s;
            self.uno_stage = 0;
        }
        if !self.apocalypse && matches!(ctx, Ctx::Turn | Ctx::Jump | Ctx::Respond) {
            self.jump_from = s;
            self.jump_kind = k;
            self.jump_color = self.ref_color;
            self.jump_left = self.alive & !bit(s);
        }
        self.proceed(log);
    }

    /// Plague's after-play draw (L246-L248) and Death's clock for the player whose turn it is.
    /// C82: owed by every player, the Plague's user too, for a play made while the Plague is
    /// active and still active after it (not for the play that releases it).
    /// Returns whether the Plague went on top of the user's jump-in.
    fn after_own_play(&mut self, s: u8, ctx: Ctx, log: &mut impl EventSink<Event>) -> bool {
        let mut returned = false;
        if self.plague != NONE && !self.apocalypse {
            if self.plague == s && ctx == Ctx::Jump {
                // L248: the user's jump-in puts the Plague on top.
                self.return_plague(s, log);
                returned = true;
            } else if self.plague_before && !self.no_plague_draw && self.lucks(s) == 0 {
                let n = 1 + self.viruses[s as usize] as u16;
                self.draw_n(s, n, log);
            }
        }
        self.end_own_turn(s, log);
        returned
    }

    // ----- the scheduler (section 18) -----------------------------------------------------------

    /// Runs whatever comes next: queued choices, the UNO window, the jump-in window, the
    /// pending attack, players going out, the next turn.
    pub(crate) fn proceed(&mut self, log: &mut impl EventSink<Event>) {
        loop {
            if self.over() {
                return;
            }
            if self.ask_queued() {
                return;
            }
            if self.uno_seat != NONE {
                if !self.is_alive(self.uno_seat) || self.hands[self.uno_seat as usize].len() != 1 {
                    self.uno_seat = NONE;
                } else if self.uno_stage == 0 {
                    self.phase = Phase::CallUno;
                    return;
                } else if let Some(a) = self.next_in(self.uno_seat, &mut self.catch_left.clone()) {
                    self.catch_left &= !bit(a);
                    self.phase = Phase::CatchUno { asker: a };
                    return;
                } else {
                    self.uno_seat = NONE;
                }
            }
            let stack_only = self.attack.is_none_or(|a| a.is_stack());
            if self.jump_from != NONE && stack_only {
                match self.next_jumper() {
                    Some(a) => {
                        self.jump_left &= !bit(a);
                        self.phase = Phase::JumpIn { asker: a };
                        return;
                    }
                    None => self.jump_from = NONE,
                }
            }
            if self.attack.is_some() {
                if self.offer_attack(log) {
                    return;
                }
                continue;
            }
            if self.going_out(log) {
                continue;
            }
            if self.again != NONE {
                let s = self.again;
                self.again = NONE;
                if self.is_alive(s) {
                    return self.begin_turn(s, log);
                }
            }
            let next = self.advance(log);
            if self.over() {
                return;
            }
            return self.begin_turn(next, log);
        }
    }

    /// A choice queued while cards moved (the Yin-Yang team, War's colour after a Prophet's
    /// look or Communism): sets its phase and returns true, or returns false if none waits.
    pub(crate) fn ask_queued(&mut self) -> bool {
        if self.team_pending != NONE {
            self.who = self.team_pending;
            self.phase = Phase::Team;
            return true;
        }
        if self.war_pending != NONE {
            self.who = self.war_pending;
            self.war_pending = NONE;
            if self.is_alive(self.who) {
                self.phase = Phase::Color { why: ColorWhy::War };
                return true;
            }
        }
        false
    }

    /// The first seat of `left` after `from` in the direction of play.
    pub(crate) fn next_in(&self, from: u8, left: &mut u16) -> Option<u8> {
        first_seat_after(*left & self.alive, from, self.clockwise)
    }

    /// The next seat of the jump-in window that holds a card it could jump in with (C31): the
    /// first of `jumpers` in the order of play after the window's card. The seats passed on
    /// the way leave the window (none of them can jump in); with no one, every seat leaves.
    fn next_jumper(&mut self) -> Option<u8> {
        let Some(a) = first_seat_after(self.jumpers(), self.jump_from, self.clockwise) else {
            self.jump_left = 0;
            return None;
        };
        self.jump_left &= !between(self.jump_from, a, self.clockwise);
        Some(a)
    }

    /// The seats of the jump-in window that could jump in now (`jump_mask` not empty, not
    /// skipped), on the window's masks for all seats at once.
    #[inline]
    fn jumpers(&self) -> u16 {
        if self.jump_kind == NONE {
            return 0;
        }
        let m = super::masks::masks();
        let j = self.jump_kind as usize;
        let mut targets = m.jump_exact[j];
        if self.opts.wrong_jump_ins {
            targets |= m.jump_near[j];
        }
        // Every seat tested, with `&` and `|` (whether a seat holds such a card, and the UNO
        // call, follow the random deal: a branch on them is mispredicted).
        let mut out = 0;
        for s in 0..self.n {
            out |= (((self.hand_mask(s) & targets != 0) & self.last_ok(s)) as u16) << s;
        }
        out & self.jump_left & self.alive & !self.skipped
    }

    /// Players left with no cards go out (elimination mode) or win (normal mode: a player
    /// emptied outside a play of their own, by an army, a forced Penn State, a swap or
    /// Communism, wins only with the UNO call standing, C76); returns whether anything changed.
    fn going_out(&mut self, log: &mut impl EventSink<Event>) -> bool {
        let mut empty = 0u16;
        for s in 0..self.n {
            empty |= (self.hands[s as usize].is_empty() as u16) << s;
        }
        empty &= self.alive;
        // C76 (L40 "or you can not win"): without the call an empty hand stays in the game
        // (tested only when some hand is empty: rare, so the branch is predicted).
        if empty != 0 && self.opts.mode == Mode::Normal {
            empty &= self.uno_called;
        }
        // The first of them in the order of play after the cursor.
        let Some(s) = first_seat_after(empty, self.cursor, self.clockwise) else {
            return false;
        };
        if self.opts.mode == Mode::Normal {
            self.win(s, log);
        } else {
            self.leave(s, Leave::Out, log);
        }
        true
    }

    // ----- leaving and the end (sections 16, 17) -----------------------------------------------

    /// `s` wins (normal mode).
    pub(crate) fn win(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        self.winner = s;
        log.event(Event::Won { seat: s });
        self.counters.last_ending = 0;
        self.counters.endings[0] += 1;
        self.counters.hand_wins[s as usize] += 1;
        self.phase = Phase::Over;
    }

    /// `s` leaves the game: removed (normal mode) or out (elimination mode). A team leaves
    /// together.
    pub(crate) fn leave(&mut self, s: u8, why: Leave, log: &mut impl EventSink<Event>) {
        if !self.is_alive(s) {
            return;
        }
        self.leaves += 1;
        let order = self.leaves;
        self.leave_one(s, order, why, log);
        self.check_end(log);
    }

    /// Two players leave at once (M.A.D., a Quitter battle, AIDS on Quitter).
    pub(crate) fn leave_two(&mut self, a: u8, b: u8, why: Leave, log: &mut impl EventSink<Event>) {
        self.leaves += 1;
        let order = self.leaves;
        for s in [a, b] {
            if self.is_alive(s) {
                self.leave_one(s, order, why, log);
            }
        }
        self.check_end(log);
    }

    fn leave_one(&mut self, s: u8, order: u8, why: Leave, log: &mut impl EventSink<Event>) {
        log.event(Event::Left { seat: s, why });
        self.alive &= !bit(s);
        self.left_order[s as usize] = order;
        self.left_why[s as usize] = why as u8;
        self.stats.left_by_cause[why as usize] += 1;
        self.stats.left_seat[s as usize] += 1;
        self.uno_called &= !bit(s);
        self.bury_hand(s);
        self.clear_field_of(s, log);
        if self.team_kept == s {
            // A team leaves together (L310): its absorbed seat shares the order.
            let a = self.team_absorbed;
            self.left_order[a as usize] = order;
            self.left_why[a as usize] = Leave::Team as u8;
            self.team_kept = NONE;
            self.team_absorbed = NONE;
        }
    }

    fn check_end(&mut self, log: &mut impl EventSink<Event>) {
        if self.over() {
            return;
        }
        let alive = self.alive_count();
        match self.opts.mode {
            Mode::Normal => {
                if alive == 1 {
                    let s = self.alive.trailing_zeros() as u8;
                    self.winner = s;
                    log.event(Event::Won { seat: s });
                    self.counters.last_ending = 2;
                    self.counters.endings[2] += 1;
                    self.counters.hand_wins[s as usize] += 1;
                    self.phase = Phase::Over;
                } else if alive == 0 {
                    log.event(Event::Draw);
                    self.counters.last_ending = 4;
                    self.counters.endings[4] += 1;
                    self.phase = Phase::Over;
                }
            }
            Mode::Elimination => {
                if alive <= 1 {
                    if alive == 1 {
                        let s = self.alive.trailing_zeros() as u8;
                        self.loser = s;
                        log.event(Event::Loser { seat: s });
                        self.counters.last_ending = 2;
                        self.counters.endings[2] += 1;
                    } else {
                        log.event(Event::Draw);
                        self.counters.last_ending = 4;
                        self.counters.endings[4] += 1;
                    }
                    self.phase = Phase::Over;
                }
            }
        }
    }

    /// The cap (a truncation, not a result).
    pub(crate) fn check_cap(&mut self, log: &mut impl EventSink<Event>) {
        if !self.over() && self.counters.actions >= self.opts.max_decisions {
            self.truncated = true;
            log.event(Event::Truncated);
            self.phase = Phase::Over;
        }
    }

    pub(crate) fn outcome_inner(&self) -> Option<Outcome> {
        if !self.over() {
            return None;
        }
        let n = self.n as usize;
        let mut placing = [0u8; MAX_PLAYERS];
        let mut points = [0i32; MAX_PLAYERS];
        for (p, h) in points.iter_mut().zip(&self.hands[..n]) {
            *p = h.len() as i32;
        }
        // A rank key per seat, smaller is better; equal keys share a placing.
        let mut key = [0i64; MAX_PLAYERS];
        for (s, key_s) in key.iter_mut().enumerate().take(n) {
            let su = s as u8;
            *key_s = match self.opts.mode {
                Mode::Normal => {
                    if self.winner == su {
                        0
                    } else if self.is_alive(su) {
                        1_000 + self.hands[s].len() as i64
                    } else {
                        100_000 - self.left_order[s] as i64
                    }
                }
                Mode::Elimination => {
                    if self.is_alive(su) {
                        100_000
                    } else {
                        self.left_order[s] as i64
                    }
                }
            };
        }
        // The absorbed half of a team shares its partner's placing.
        if self.team_absorbed != NONE && self.team_kept != NONE {
            key[self.team_absorbed as usize] = key[self.team_kept as usize];
        }
        for s in 0..n {
            placing[s] = 1 + (0..n).filter(|&o| key[o] < key[s]).count() as u8;
        }
        let truncated = self.truncated;
        let (winner, loser) = match self.opts.mode {
            Mode::Normal => (
                (!truncated && self.winner != NONE).then_some(self.winner),
                None,
            ),
            Mode::Elimination => (
                None,
                (!truncated && self.loser != NONE).then_some(self.loser),
            ),
        };
        // Elimination mode, the last two out together: a draw with no loser (section 17).
        let no_loser = !truncated
            && self.opts.mode == Mode::Elimination
            && self.loser == NONE
            && self.alive_count() == 0;
        Some(Outcome {
            num_players: self.n,
            winner,
            loser,
            no_loser,
            placing,
            points,
            hands: 1,
            ending: if truncated {
                Ending::Truncated
            } else {
                Ending::OutOfCards
            },
        })
    }

    // ----- who acts -------------------------------------------------------------------------

    pub(crate) fn actor(&self) -> Option<(Seat, DecisionKind)> {
        use DecisionKind as D;
        Some(match self.phase {
            Phase::Over => return None,
            Phase::Turn => (self.current, D::Play),
            Phase::PostDraw { .. } => (self.current, D::PostDraw),
            Phase::Color { .. } => (self.who, D::ChooseColor),
            Phase::Target { .. } => (self.who, D::ChooseTarget),
            Phase::Choose {
                why: ChooseWhy::Army { .. },
            } => (self.who, D::Simultaneous),
            Phase::Choose { .. } => (self.who, D::GiveCard),
            Phase::Respond | Phase::Challenge => (self.attack_victim(), D::Respond),
            Phase::DodgeAdd => (self.who, D::Respond),
            Phase::JumpIn { asker } | Phase::WrongCall { asker } => (asker, D::JumpIn),
            Phase::CallUno => (self.uno_seat, D::CallUno),
            Phase::CatchUno { asker } => (asker, D::CatchUno),
            Phase::Answer => (self.prophet, D::ChooseNumber),
            Phase::Team | Phase::Piles => (self.who, D::ChooseNumber),
        })
    }

    /// The game is over (`Phase::Over`): a test of the phase's tag alone (the derived `==`
    /// compares the whole phase).
    #[inline(always)]
    pub(crate) fn over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    pub(crate) fn attack_victim(&self) -> u8 {
        self.attack.map(|a| a.victim).unwrap_or(NONE)
    }

    // ----- accessors ------------------------------------------------------------------------

    pub fn options(&self) -> &ConOptions {
        &self.opts
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn hand(&self, s: usize) -> &ConHand {
        &self.hands[s]
    }
    pub fn discard_pile(&self) -> &ConHand {
        &self.discard
    }
    pub fn recycled_pile(&self) -> Option<&ConHand> {
        self.recycling.then_some(&self.recycled)
    }
    pub fn top(&self) -> u8 {
        self.top
    }
    pub fn reference(&self) -> (u8, u8) {
        (self.ref_kind, self.ref_color)
    }
    pub fn current(&self) -> u8 {
        self.current
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }
    pub fn attack(&self) -> Option<&Attack> {
        self.attack.as_ref()
    }
    pub fn in_game(&self, s: u8) -> bool {
        self.is_alive(s)
    }
    pub fn apocalypse(&self) -> bool {
        self.apocalypse
    }
    pub fn draw_pile(&self) -> &DrawPile<DECK_SIZE> {
        &self.pile
    }
    pub fn stats(&self) -> &ConStats {
        &self.stats
    }
    pub fn winner(&self) -> Option<u8> {
        (self.winner != NONE).then_some(self.winner)
    }
    pub fn loser(&self) -> Option<u8> {
        (self.loser != NONE).then_some(self.loser)
    }
    pub fn uno_called(&self, s: u8) -> bool {
        self.uno_called & bit(s) != 0
    }
    pub fn shields(&self, s: u8) -> u8 {
        self.shields[s as usize]
    }
    pub fn viruses(&self, s: u8) -> u8 {
        self.viruses[s as usize]
    }
    /// Holders of the single field cards (`NONE`: not active; `NEUTRAL`: neutral play):
    /// Luck, Yin, Yang, Prophet, Death, War, Conquest, Plague's user.
    pub fn field_holders(&self) -> [u8; 8] {
        [
            self.luck,
            self.yin,
            self.yang,
            self.prophet,
            self.death,
            self.war,
            self.conquest,
            self.plague,
        ]
    }
    pub fn famine(&self) -> bool {
        self.famine
    }
    pub fn death_clock(&self) -> u8 {
        self.death_clock
    }
    pub fn team(&self) -> Option<(u8, u8)> {
        (self.team_kept != NONE).then_some((self.team_kept, self.team_absorbed))
    }
    pub fn conquered(&self) -> u16 {
        self.conquered
    }
    /// The order `s` left the game in (1 = first), or 0 if still in.
    pub fn left_order(&self, s: u8) -> u8 {
        self.left_order[s as usize]
    }
    pub fn limbo(&self) -> &ConHand {
        &self.limbo
    }
    pub fn captured(&self) -> &ConHand {
        &self.captured
    }
    /// Every observer's bounds on `s`'s hand are facts (at most what it holds).
    pub fn knowledge_within(&self, s: u8) -> bool {
        self.know.within(s, &self.hands[s as usize])
    }
    pub fn uno_seat(&self) -> u8 {
        self.uno_seat
    }
    pub fn who(&self) -> u8 {
        self.who
    }
    pub fn skipped(&self, s: u8) -> bool {
        self.skipped & bit(s) != 0
    }
}

/// A field card (section 12): placed in front of a player or in neutral play, not on the pile.
pub fn is_field(k: u8) -> bool {
    matches!(
        text_of(k),
        Text::BlueShield
            | Text::Conquest
            | Text::Death
            | Text::Famine
            | Text::Luck
            | Text::Plague
            | Text::Prophet
            | Text::Virus
            | Text::War
            | Text::Yin
            | Text::Yang
    )
}

/// A card whose play reverses the direction (C65): it ends the Recycler's pile.
pub fn is_reversing(k: u8, apocalypse: bool) -> bool {
    if apocalypse {
        return suit_of(k) == REVERSE;
    }
    match text_of(k) {
        Text::None => suit_of(k) == REVERSE,
        // The Recycler reverses too (C65): played on an open recycled pile it ends it (C78).
        Text::ReverseSkip | Text::Swap | Text::FuckYou | Text::Recycler => true,
        _ => false,
    }
}
