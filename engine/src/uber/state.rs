//! The Über Uno state machine: a day of hands (`docs/rules/uber.md`).
//!
//! Every section of the rules: the dealer's choices, the deal and the turn card, turns (play,
//! draw, pass), draw stacks with the Joker's reversal, the challenge with its information leak
//! and compensation, the Über, Change Hands and the Player Cards (single and pair), Fast Eddy
//! and the deck tap, Go Fish, the Wild Ones with their block windows in the three magnitude
//! modes, every add-on (Math in `math.rs` and here), the UNO call and its catch window, the end
//! of a hand (points, the three tie-breaks, the draw-off), the day and the Nappy. What each player
//! knows is kept in `knowledge.rs` through one-line hooks where cards move; the random player's
//! fast path is in `fast.rs`.

use super::action::*;
use super::cards::*;
use super::event::{Event, TieBreak};
use super::knowledge::Knowledge;
use super::math::math_table;
use super::options::*;
use crate::action::LegalOut;
use crate::game::{DecisionKind, Ending, EventSink, GameCounters, Outcome, Seat, MAX_PLAYERS};
use crate::hand::Hand;
use crate::pile::DrawPile;
use crate::rng::Rng;
use crate::NoEvents;

/// Rounds of a draw-off before the loser is drawn by lot (R63).
const DRAW_OFF_ROUNDS: u32 = 64;

/// No seat (a fishing 0 asking everyone).
pub const NO_SEAT: u8 = 0xff;

/// `UberState::last_play` when no Fast Eddy window is open.
pub const NO_PLAY: u8 = 0xff;

/// A hand, or the discard pile's contents: counts per kind.
pub type UberHand = Hand<NUM_KINDS, 1>;

/// Why a colour is being named (the decision after a black card, or after an accepted stack
/// the Joker moved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorWhy {
    /// A Wild, a Joker or a Player Card played as a card: the turn ends.
    Plain,
    /// A Major: the stack grows once the colour is named.
    Major,
    /// An Über or a Change Hands (the card): the target comes next.
    Exchange(u8),
    /// The Player Card pair: the turn ends.
    Pair,
    /// The victim of a stack the Joker moved, whose last card is a Major, after drawing it
    /// (L80-L82).
    AfterAccept,
}

/// Where the day is: whose decision, of what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The dealer's choices (section 3, R5).
    Direction,
    DealSize,
    ModeChoice,
    /// Whether add-on `i` (an index of `ADDON_NAMES`) is on this hand.
    Addon {
        i: u8,
    },
    /// `current`'s turn: play, draw or pass.
    Turn,
    /// `current` faces the draw stack: stack, Joker, accept, challenge.
    Respond,
    /// `current` may add cards to the play being laid (R24, Pinwheel), or be done.
    More,
    /// The Fast Eddy window (7.2): `asker` may throw a card identical to the last play
    /// before `current` (the runner) plays.
    Eddy {
        asker: u8,
    },
    /// `claimant` threw `kind`: `current` (the runner) may deck-tap.
    Tap {
        claimant: u8,
        kind: u8,
    },
    /// `current` names a colour.
    Color {
        why: ColorWhy,
    },
    /// `current` chooses whom to exchange hands with (`card`: the Über or Change Hands).
    Target {
        card: u8,
    },
    /// The block window of the Wild One in `one`: `asker` may throw the same 1 (a block, or a
    /// reinstatement) or not.
    OneWindow {
        asker: u8,
    },
    /// The Red One: `current` gives `to` a card face down (`left` more to give; `denied`: a
    /// kind the receiver refused, `NO_PLAY` if none).
    Give {
        to: u8,
        left: u8,
        denied: u8,
    },
    /// The Red One's receiver saw the card (R32): accept it or deny it.
    Gift {
        to: u8,
        kind: u8,
        left: u8,
    },
    /// The Green One: `current` takes a card from the discard pile (`one.count` more).
    Repo,
    /// Rotate: `current`'s Eddied Reverse adds to the rotation or cancels the last one.
    RotateChoice,
    /// Buddy System: `buddy` lays the magnitude card of the Wild One in `one` (R40).
    BuddyCard {
        buddy: u8,
    },
    /// Additive: `asker` may add an identical card to the magnitude (`PLAY(kind)`) or not
    /// (`NO_BLOCK`).
    AddWindow {
        asker: u8,
    },
    /// `current` names the card a 0 fishes for (`fish_target`, or everyone).
    Ask,
    /// `seat`, asked by a 0, may block with a 0 of their own (`PLAY(kind)`) or not.
    ZeroBlock {
        seat: u8,
    },
    /// `target` may block `current`'s exchange with the blocking card.
    Block {
        card: u8,
        target: u8,
    },
    /// `current` keeps one card of a Player Card pair's hand.
    Keep,
    /// After a leak, `offender` gives or takes a card (R15).
    Compensate {
        offender: u8,
        challenger: u8,
    },
    /// Cards gone Wild (11.8): `current` played a Wild and names the card it is played as
    /// (`WILD_AS(kind)`).
    WildAs,
    /// Math (11.2): `math.seat` lays a Math play (`math`): an operand, or an operator or
    /// `DONE`.
    Math,
    /// `uno_seat` just went down to one card: call UNO or not.
    CallUno,
    /// `asker` may ask the silent `uno_seat` how many cards they have.
    Catch {
        asker: u8,
    },
    Over,
}

/// The pending draw stack (section 5). `cards == 0`: none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stack {
    /// Cards the victim draws.
    pub total: u16,
    /// Draw cards thrown (0: no stack).
    pub cards: u8,
    /// The type of its last draw card: a Major (`true`) or a Minor.
    pub major: bool,
    /// Who threw the last draw card (the Joker's "other player", R17).
    pub hitter: u8,
    /// The last Major was played holding a card of the colour in play (R13).
    pub guilty: bool,
    /// The victim may challenge: the top card is a Major played as a play.
    pub challengeable: bool,
    /// The Joker moved a stack whose last draw card is a Major: its final victim names the
    /// colour after drawing (L80-L82).
    pub joker_major: bool,
}

/// The play being laid: one card, or several of one type (R24, Pinwheel).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Group {
    pub first: u8,
    pub len: u8,
    pub skips: u8,
    pub reverses: u8,
    pub minors: u8,
    pub majors: u8,
    /// The first card is a Major played holding a card of the colour in play (R13).
    pub guilty: bool,
}

/// `Rotation::last_steps` when there is no rotation to cancel.
pub const NO_ROTATION: u8 = 0xff;

/// Rotate (11.10): the rotation being resolved and the last one done this hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rotation {
    pub steps: u8,
    /// Players the play skips (a Reverse acts as a Skip with two players).
    pub skips: u8,
    pub last_steps: u8,
    pub last_clockwise: bool,
}

/// Where a 1 was played (9.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OneCtx {
    /// On a normal turn.
    #[default]
    Turn,
    /// The Yellow One answering a draw stack.
    Stack,
    /// Turned up as the turn card: it acts on the dealer.
    TurnCard,
}

/// A Wild One being resolved: its block window and its action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OneAction {
    pub kind: u8,
    pub player: u8,
    pub ctx: OneCtx,
    /// Blocked now (a block and each reinstatement toggle it).
    pub blocked: bool,
    /// The next seat the window considers, and how many seats are left in this round.
    pub next: u8,
    pub left: u8,
    /// The magnitude (section 10), its card (`NO_PLAY`: none), and the Red or Green One's
    /// cards still to give or take.
    pub mag: u8,
    pub mag_card: u8,
    pub count: u8,
}

/// No operator pending in a Math play.
pub const NO_OP: u8 = 0xff;

/// A Math play being laid (11.2): the operands stay in the hand until it is complete (and,
/// in a Fast Eddy window, until the tap is settled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MathPlay {
    /// Who lays it (the player in turn, or a Fast Eddy claimant).
    pub seat: u8,
    /// The number to reach (the top card's, or the Eddied card's).
    pub target: u8,
    /// The operands' colour (`NO_COLOR` until the first operand, unless an Eddy fixes it).
    pub color: u8,
    /// Laid in a Fast Eddy window.
    pub eddy: bool,
    /// Operands so far, and their kinds in order.
    pub len: u8,
    pub cards: [u8; 4],
    /// The operator waiting for its operand (`NO_OP`: none).
    pub op: u8,
    /// The value so far (left to right) and the operands' sum (for `avg`).
    pub value: i32,
    pub sum: i32,
}

impl Default for MathPlay {
    fn default() -> Self {
        MathPlay {
            seat: 0,
            target: 0,
            color: NO_COLOR,
            eddy: false,
            len: 0,
            cards: [0; 4],
            op: NO_OP,
            value: 0,
            sum: 0,
        }
    }
}

/// What a hand's dealer chose (or the options fixed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandRules {
    pub clockwise: bool,
    pub deal: u8,
    pub mode: Mode,
    /// Bit `i`: add-on `ADDON_NAMES[i]` is on.
    pub addons: u16,
}

impl HandRules {
    #[inline]
    pub fn has(&self, addon: usize) -> bool {
        self.addons >> addon & 1 == 1
    }
}

/// How play goes on once an interruption (a UNO call, a compensation) is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resume {
    /// `seat`'s turn begins.
    Begin(u8),
    /// `current` goes on with a normal turn (after a won challenge).
    SameTurn,
}

/// Über Uno's own statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UberStats {
    pub hands: u32,
    /// Hands lost, per seat.
    pub lost: [u16; MAX_PLAYERS],
    /// Points held at the end of each hand, summed per seat.
    pub points: [i32; MAX_PLAYERS],
    /// Hands whose loser each tie-break named (`TieBreak` order).
    pub tiebreaks: [u32; 4],
    /// The loser's points, summed over hands.
    pub loser_points: i32,
    pub exchanges: u32,
    pub blocks: u32,
    pub jokers: u32,
    pub leaks: u32,
    pub pairs: u32,
    /// Deck taps that beat a Fast Eddy.
    pub taps_won: u32,
    /// Math plays landed (11.2), and Wilds played as another card (11.8).
    pub math_plays: u32,
    pub wilds_as: u32,
    /// Hands each add-on was on.
    pub addon_on: [u32; NUM_ADDONS],
    /// Hands played in each mode.
    pub modes: [u32; 3],
    /// Cards dealt per hand, summed.
    pub dealt: u32,
}

#[derive(Clone, Debug)]
pub struct UberState {
    pub(crate) n: u8,
    pub(crate) opts: UberOptions,
    pub(crate) rng: Rng,
    pub(crate) counters: GameCounters,
    pub(crate) stats: UberStats,
    /// Copies of each kind in play.
    pub(crate) deck: [u8; NUM_KINDS],
    pub(crate) pile: DrawPile<MAX_CARDS>,
    /// Cards put under the draw pile (the Yellow One's exchange): drawn only once the pile
    /// above is empty, the last block put there first.
    pub(crate) bottom: [u8; MAX_CARDS],
    pub(crate) bottom_len: u16,
    /// Every card on the discard pile (the top card included).
    pub(crate) discard: UberHand,
    /// The top card of the discard pile (what it is played as: a Wild played as a card under
    /// Cards gone Wild is that card), and the colour in play.
    pub(crate) top: u8,
    /// The top card is a Wild standing for `top` (Cards gone Wild, 11.8).
    pub(crate) top_wild: bool,
    pub(crate) color: u8,
    pub(crate) hands: [UberHand; MAX_PLAYERS],
    pub(crate) rules: HandRules,
    pub(crate) hand_no: u16,
    pub(crate) dealer: u8,
    pub(crate) current: u8,
    pub(crate) clockwise: bool,
    pub(crate) stack: Stack,
    pub(crate) group: Group,
    pub(crate) one: OneAction,
    pub(crate) rotation: Rotation,
    /// The Math play being laid (11.2; `len == 0`: none).
    pub(crate) math: MathPlay,
    /// The play being resolved is a landed Fast Eddy.
    pub(crate) eddied: bool,
    /// The kind of the last card played as a play (the Fast Eddy window's card; `NO_PLAY`:
    /// none open) and who played it.
    pub(crate) last_play: u8,
    pub(crate) last_player: u8,
    pub(crate) phase: Phase,
    pub(crate) resume: Resume,
    /// `current` has drawn this turn (R11).
    pub(crate) drew: bool,
    /// The player whose UNO call is pending or being checked.
    pub(crate) uno_seat: u8,
    /// R50: one bit per seat that owes an UNO call, set when a seat's own out-of-turn card (a
    /// block or reinstatement, an Additive add, a buddy's card) leaves it on one card, and for
    /// the player of the play when the play ends; asked in turn order from the player once the
    /// play has resolved. Cleared for a seat that receives a hand.
    pub(crate) uno_owed: u16,
    /// The player of the play being resolved has received a hand in an exchange (Über, Change
    /// Hands, the Blue One, Rotate, the Yellow One): R50, no UNO call is due for it.
    pub(crate) received: bool,
    /// R37: per seat, the kinds of the cards the Green One took that the seat holds; they may
    /// not claim a Fast Eddy window nor join an Eddy-er's group until the seat's next turn
    /// begins. The mask moves with the hand in an exchange.
    pub(crate) repo_block: [u64; MAX_PLAYERS],
    /// A fishing 0's target (`NO_SEAT`: everyone) and the card asked for.
    pub(crate) fish_target: u8,
    pub(crate) ask: u8,
    pub(crate) nappy: Option<u8>,
    pub(crate) truncated: bool,
    /// Who knows which cards of whose (section 17).
    pub(crate) know: Knowledge,
}

impl UberState {
    /// A new day from validated options.
    pub fn deal(opts: UberOptions, players: usize, seed: u64) -> Self {
        Self::setup(opts, players, seed, &mut NoEvents)
    }

    /// As `deal`, checking the options and logging the set-up.
    pub fn new_logged(
        opts: UberOptions,
        players: usize,
        seed: u64,
        log: &mut Vec<Event>,
    ) -> Result<Self, String> {
        opts.validate(players)?;
        Ok(Self::setup(opts, players, seed, log))
    }

    /// Everything empty, seat 0 to act at `Turn` (scenarios fill it in).
    pub(crate) fn empty(mut opts: UberOptions, players: usize, seed: u64) -> Self {
        // R21: an owner's seat outside the table is an owner not at the table.
        for owner in [&mut opts.owner_ashley, &mut opts.owner_snowbob] {
            if owner.is_some_and(|s| s as usize >= players) {
                *owner = None;
            }
        }
        let mut deck = deck_counts(
            opts.decks,
            opts.joker_count,
            opts.uber_count,
            opts.change_hands_count,
        );
        if opts.absent_player_cards == AbsentPlayerCards::Removed {
            if opts.owner_ashley.is_none() {
                deck[ASHLEY as usize] = 0;
            }
            if opts.owner_snowbob.is_none() {
                deck[SNOWBOB as usize] = 0;
            }
        }
        UberState {
            n: players as u8,
            opts,
            rng: Rng::new(seed),
            counters: GameCounters::default(),
            stats: UberStats::default(),
            deck,
            pile: DrawPile::new(),
            bottom: [0; MAX_CARDS],
            bottom_len: 0,
            discard: UberHand::new(),
            top: 0,
            top_wild: false,
            color: NO_COLOR,
            hands: [UberHand::new(); MAX_PLAYERS],
            rules: HandRules {
                clockwise: true,
                deal: 7,
                ..HandRules::default()
            },
            hand_no: 0,
            dealer: 0,
            current: 0,
            clockwise: true,
            stack: Stack::default(),
            group: Group::default(),
            one: OneAction::default(),
            rotation: Rotation {
                last_steps: NO_ROTATION,
                ..Rotation::default()
            },
            math: MathPlay::default(),
            eddied: false,
            last_play: NO_PLAY,
            last_player: 0,
            phase: Phase::Turn,
            resume: Resume::SameTurn,
            drew: false,
            uno_seat: 0,
            uno_owed: 0,
            received: false,
            repo_block: [0; MAX_PLAYERS],
            fish_target: NO_SEAT,
            ask: 0,
            nappy: None,
            truncated: false,
            know: Knowledge::new(players),
        }
    }

    fn setup(
        opts: UberOptions,
        players: usize,
        seed: u64,
        log: &mut impl EventSink<Event>,
    ) -> Self {
        let mut s = Self::empty(opts, players, seed);
        // The first dealer is drawn at random (section 3).
        let dealer = s.rng.below(players as u32) as u8;
        s.start_hand(dealer, log);
        s
    }

    // ---- small helpers ----

    /// The seat `steps` places from `from` in the direction of play.
    #[inline]
    pub(crate) fn next_seat(&self, from: u8, steps: u8) -> u8 {
        crate::game::seat_after(from, steps, self.n, self.clockwise)
    }

    /// The seat that owns Player Card `kind`, if at the table.
    #[inline]
    fn owner(&self, kind: u8) -> Option<u8> {
        if kind == ASHLEY {
            self.opts.owner_ashley
        } else {
            self.opts.owner_snowbob
        }
    }

    /// Whether `seat` may play both Player Cards at once (R23).
    pub(crate) fn pair_allowed(&self, seat: u8) -> bool {
        let h = &self.hands[seat as usize];
        if h.count(ASHLEY as usize) == 0 || h.count(SNOWBOB as usize) == 0 || h.len() < 3 {
            return false;
        }
        // R21: a dead Player Card (owner not at the table) is played by nobody, pair or not.
        if self.owner(ASHLEY).is_none() || self.owner(SNOWBOB).is_none() {
            return false;
        }
        let owns = |k| self.owner(k) == Some(seat);
        match self.opts.player_pair {
            PlayerPair::AnyHolder => true,
            PlayerPair::OwnerOfOne => owns(ASHLEY) || owns(SNOWBOB),
            PlayerPair::OwnerOfBoth => owns(ASHLEY) && owns(SNOWBOB),
        }
    }

    /// Whether `seat` may play `kind` at a normal turn (section 4, R4, R19, R21, R22, 9.1).
    pub(crate) fn playable(&self, seat: u8, kind: u8) -> bool {
        let len = self.hands[seat as usize].len();
        if is_one(kind) {
            // Wild in where it plays; the Yellow, Blue and Green Ones cannot go out.
            return color_of(kind) == 0 || len >= 2;
        }
        if is_black(kind) {
            return match kind {
                UBER => len >= 2,
                ASHLEY | SNOWBOB => self.owner(kind) == Some(seat),
                _ => true,
            };
        }
        if self.color == NO_COLOR || color_of(kind) == self.color {
            return true;
        }
        !is_black(self.top) && rank_of(kind) == rank_of(self.top)
    }

    /// Draws a card from the draw pile, first shuffling in the discard pile but its top card
    /// when it is empty. `None` when no card is left anywhere.
    #[inline]
    pub(super) fn draw_card(&mut self, log: &mut impl EventSink<Event>) -> Option<u8> {
        if self.pile.is_empty() && self.bottom_len == 0 && self.discard.len() > 1 {
            self.reshuffle(log);
        }
        let c = match self.pile.draw(&mut self.rng) {
            Some(c) => c as u8,
            None if self.bottom_len > 0 => {
                self.bottom_len -= 1;
                self.know.bottom_drawn(self.bottom_len as usize);
                self.bottom[self.bottom_len as usize]
            }
            None => return None,
        };
        self.counters.cards_drawn += 1;
        Some(c)
    }

    /// Flips the top card of the draw pile (a Russian magnitude, the upperdecker; R38, R71):
    /// the cards under the pile (flipped, or a Yellow One's hand) are flipped only when the
    /// discard pile cannot refill the pile above them (else a lone flipped 0 would come back
    /// at every flip).
    fn flip_card(&mut self, log: &mut impl EventSink<Event>) -> Option<u8> {
        if self.pile.is_empty() && self.bottom_len > 0 && self.discard.len() > 1 {
            self.reshuffle(log);
        }
        self.draw_card(log)
    }

    /// The draw pile is empty: the discard pile but its top card is shuffled in (`draw_card`).
    #[cold]
    #[inline(never)]
    fn reshuffle(&mut self, log: &mut impl EventSink<Event>) {
        let top = self.top_card() as usize;
        let mut moved = 0u16;
        for (k, c) in self.discard.iter() {
            let c = c - (k == top) as u8;
            for _ in 0..c {
                self.pile.add_shuffled(k as u16);
            }
            moved += c as u16;
        }
        self.discard.clear();
        self.discard.add(top);
        self.counters.reshuffles += 1;
        log.event(Event::Reshuffled { cards: moved });
    }

    /// `seat` draws `count` cards into the hand (a penalty: a stack, a challenge, a missed UNO).
    fn penalty(&mut self, seat: u8, count: u16, log: &mut impl EventSink<Event>) {
        let mut got = 0;
        for _ in 0..count {
            let Some(c) = self.draw_card(log) else { break };
            self.hands[seat as usize].add(c as usize);
            log.event(Event::Drew { seat, card: c });
            got += 1;
        }
        log.event(Event::Penalty { seat, cards: got });
    }

    /// Puts `kind` from `seat`'s hand on the discard pile as its new top card.
    fn discard_from(&mut self, seat: u8, kind: u8) {
        self.hands[seat as usize].remove(kind as usize);
        self.know.played(seat, kind);
        self.discard.add(kind as usize);
        self.top = kind;
        self.top_wild = false;
    }

    /// Puts `kind` from `seat`'s hand on the discard pile as a block (a Joker, a Change Hands,
    /// a 0 or a 1 thrown out of turn against a play). R18: a block is not a play to follow, so
    /// the card the next player follows (`top`, a Wild's stand-in included) and the colour in
    /// play stay the blocked play's.
    fn block_from(&mut self, seat: u8, kind: u8) {
        self.hands[seat as usize].remove(kind as usize);
        self.know.played(seat, kind);
        self.discard.add(kind as usize);
        self.owe_call(seat);
    }

    /// R50: `seat`'s own out-of-turn card left it on one card: it owes the UNO call.
    #[inline]
    fn owe_call(&mut self, seat: u8) {
        if self.hands[seat as usize].len() == 1 {
            self.uno_owed |= 1 << seat;
        }
    }

    /// The card physically on top of the discard pile (a Wild played as another card is a
    /// Wild there).
    #[inline]
    pub fn top_card(&self) -> u8 {
        if self.top_wild {
            WILD
        } else {
            self.top
        }
    }

    // ---- the hand ----

    /// A new hand dealt by `dealer`: everything back in the draw pile, the dealer's choices.
    fn start_hand(&mut self, dealer: u8, log: &mut impl EventSink<Event>) {
        self.dealer = dealer;
        self.know.reset();
        self.rotation.last_steps = NO_ROTATION;
        self.pile.clear();
        self.bottom_len = 0;
        for k in 0..NUM_KINDS {
            for _ in 0..self.deck[k] {
                self.pile.add_shuffled(k as u16);
            }
        }
        for h in self.hands.iter_mut() {
            h.clear();
        }
        self.discard.clear();
        self.color = NO_COLOR;
        self.stack = Stack::default();
        self.rules = HandRules::default();
        self.received = false;
        self.uno_owed = 0;
        self.repo_block = [0; MAX_PLAYERS];
        log.event(Event::HandStart {
            hand: self.hand_no + 1,
            dealer,
        });
        // The fixed choices; the dealer's come as decisions.
        self.rules.clockwise = self.opts.direction != DirectionRule::Counter;
        self.rules.deal = self.opts.deal_min;
        self.rules.mode = match self.opts.mode {
            ModeRule::Russian => Mode::Russian,
            ModeRule::Buddy => Mode::Buddy,
            _ => Mode::OldSchool,
        };
        for i in 0..NUM_ADDONS {
            if self.opts.addon(i) == AddOn::On {
                self.rules.addons |= 1 << i;
            }
        }
        self.phase = Phase::Direction;
        self.next_dealer_question(log);
    }

    /// Moves to the next question the dealer must answer, or deals when none is left.
    fn next_dealer_question(&mut self, log: &mut impl EventSink<Event>) {
        loop {
            match self.phase {
                Phase::Direction => {
                    if self.opts.direction == DirectionRule::Dealer {
                        return;
                    }
                    self.phase = Phase::DealSize;
                }
                Phase::DealSize => {
                    if self.opts.deal_min < self.opts.deal_max {
                        return;
                    }
                    self.phase = Phase::ModeChoice;
                }
                Phase::ModeChoice => {
                    if self.opts.mode == ModeRule::Dealer {
                        return;
                    }
                    self.phase = Phase::Addon { i: 0 };
                }
                Phase::Addon { i } => {
                    let i = i as usize;
                    if i >= NUM_ADDONS {
                        self.deal_hand(log);
                        return;
                    }
                    if self.opts.addon(i) == AddOn::Dealer && self.addon_offered(i) {
                        return;
                    }
                    self.phase = Phase::Addon { i: i as u8 + 1 };
                }
                _ => unreachable!("only the dealer's phases ask questions"),
            }
        }
    }

    /// Whether the dealer is asked about add-on `i` given the choices so far (section 3).
    fn addon_offered(&self, i: usize) -> bool {
        match i {
            MATH_DERIVED => self.rules.has(MATH),
            MACCHU_PICCHU => !self.rules.has(PICCHU_MACCHU),
            PICCHU_MACCHU => !self.rules.has(MACCHU_PICCHU),
            ADDITIVE => self.rules.mode != Mode::OldSchool,
            _ => true,
        }
    }

    /// Deals, turns the turn card and begins the first turn.
    fn deal_hand(&mut self, log: &mut impl EventSink<Event>) {
        let r = self.rules;
        self.clockwise = r.clockwise;
        self.stats.hands += 1;
        self.stats.dealt += r.deal as u32;
        self.stats.modes[r.mode as usize] += 1;
        for (i, on) in self.stats.addon_on.iter_mut().enumerate() {
            *on += r.has(i) as u32;
        }
        for _ in 0..r.deal {
            for i in 1..=self.n {
                let seat = self.next_seat(self.dealer, i);
                let c = self
                    .pile
                    .draw(&mut self.rng)
                    .expect("validated: the deck holds the deal") as u8;
                self.hands[seat as usize].add(c as usize);
                log.event(Event::Deal { seat, card: c });
            }
        }
        self.turn_card(log);
    }

    /// Turns the turn card (section 3): black cards go back (R9); a 1 acts on the dealer after
    /// its block window.
    fn turn_card(&mut self, log: &mut impl EventSink<Event>) {
        let card = loop {
            let c = self.draw_card(log).expect("validated: a turn card");
            if !is_black(c) || self.only_black_left() {
                break c;
            }
            log.event(Event::TurnCardBack { card: c });
            self.pile.add_shuffled(c as u16);
        };
        self.discard.add(card as usize);
        self.top = card;
        self.top_wild = false;
        self.color = color_of(card);
        log.event(Event::TurnCard { card });
        if is_black(card) {
            // R70: nothing but black cards was left to turn: this one stays, with no effect,
            // and the colour in play is drawn at random.
            self.color = self.rng.below(4) as u8;
            log.event(Event::ColorNamed {
                seat: self.dealer,
                color: self.color,
            });
            let first = self.next_seat(self.dealer, 1);
            return self.turn_after_calls(self.dealer, first);
        }
        let d = self.dealer;
        if is_one(card) {
            self.current = d;
            self.start_one(d, card, OneCtx::TurnCard, log);
            return;
        }
        let first = match rank_of(card) {
            RANK_SKIP => {
                let s = self.next_seat(d, 1);
                log.event(Event::Skipped { seat: s });
                self.next_seat(d, 2)
            }
            RANK_REVERSE => {
                // Classic: the dealer plays first, the other way round.
                self.clockwise = !self.clockwise;
                log.event(Event::Reversed);
                d
            }
            RANK_DRAW_TWO => {
                self.stack = Stack {
                    total: 2,
                    cards: 1,
                    major: false,
                    hitter: d,
                    ..Stack::default()
                };
                self.next_seat(d, 1)
            }
            _ => self.next_seat(d, 1),
        };
        self.turn_after_calls(d, first);
    }

    /// `next`'s turn begins with no play to end first: the hand's first turn after the turn
    /// card (nobody played it, R74), or the turn after an accepted stack. No call is due from
    /// `from` for it, but a seat whose block or add on a 1 (a turned 1, or a Yellow One
    /// answering the stack) left it on one card owes its call first (R50), in turn order from
    /// `from` (a turned Green One's fresh turn card comes before the calls are asked).
    fn turn_after_calls(&mut self, from: u8, next: u8) {
        if self.uno_owed == 0 {
            self.begin_turn(next);
        } else {
            self.last_play = NO_PLAY;
            self.owed_calls(from, Resume::Begin(next));
        }
    }

    /// Whether the draw pile (and the cards under it) hold black cards only (R70).
    #[cold]
    #[inline(never)]
    fn only_black_left(&self) -> bool {
        self.pile.as_slice().iter().all(|&c| is_black(c as u8))
            && self.bottom[..self.bottom_len as usize]
                .iter()
                .all(|&c| is_black(c))
    }

    // ---- the Wild Ones (section 9) ----

    /// A 1 was played (or turned): its block window opens, then its action.
    fn start_one(&mut self, player: u8, kind: u8, ctx: OneCtx, log: &mut impl EventSink<Event>) {
        // A 1 is answered by blocks, not by Fast Eddies (a thrown identical 1 is a block).
        self.last_play = NO_PLAY;
        self.one = OneAction {
            kind,
            player,
            ctx,
            blocked: false,
            next: self.next_seat(player, 1),
            left: self.n,
            mag: 1,
            mag_card: NO_PLAY,
            count: 0,
        };
        self.one_window(log);
    }

    /// Asks the next seat of the block window that may throw, or applies the action once a
    /// full round has passed (R31).
    fn one_window(&mut self, log: &mut impl EventSink<Event>) {
        let o = self.one;
        let (mut next, mut left) = (o.next, o.left);
        while left > 0 {
            let s = next;
            next = self.next_seat(s, 1);
            left -= 1;
            // Blocking is for the other players; reinstating for anyone (L124-L126).
            let may =
                (o.blocked || s != o.player) && self.hands[s as usize].count(o.kind as usize) > 0;
            if may {
                self.one.next = next;
                self.one.left = left;
                self.phase = Phase::OneWindow { asker: s };
                return;
            }
        }
        self.apply_one(log);
    }

    /// The window closed: the 1's action at Old School magnitude (9.2), unless blocked.
    fn apply_one(&mut self, log: &mut impl EventSink<Event>) {
        let o = self.one;
        let p = o.player;
        if o.blocked {
            log.event(Event::OneBlocked { card: o.kind });
            return match o.ctx {
                OneCtx::Turn => self.end_play(p, 0, log),
                OneCtx::Stack => {
                    self.current = p;
                    self.phase = Phase::Respond;
                }
                OneCtx::TurnCard => {
                    let first = self.next_seat(p, 1);
                    self.turn_after_calls(p, first);
                }
            };
        }
        self.current = p;
        let color = color_of(o.kind);
        if color == 1 && o.ctx == OneCtx::Stack {
            // R51: on a draw stack the Yellow One follows the stack table in every mode.
            return self.yellow_on_stack(p, log);
        }
        if color == 2 && o.ctx == OneCtx::TurnCard {
            // The dealer adds the turned Green One to the hand; a fresh card is turned (R10).
            self.discard.remove(o.kind as usize);
            self.hands[p as usize].add(o.kind as usize);
            self.know.gained(p, o.kind);
            log.event(Event::Repo {
                seat: p,
                card: o.kind,
            });
            return self.turn_card(log);
        }
        match self.rules.mode {
            Mode::OldSchool => {
                self.one.mag = 1;
                self.one_action(NO_PLAY, log);
            }
            Mode::Russian => {
                let card = self.flip_magnitude(color == 1, log);
                self.magnitude_card(card, log);
            }
            Mode::Buddy => {
                let buddy = self.next_seat(p, 1);
                let numbers = self.hands[buddy as usize].mask(0) & NUMBERS;
                if color != 1 && numbers == 0 {
                    // R40: a buddy with no number card gives magnitude 1.
                    self.one.mag = 1;
                    self.one_action(NO_PLAY, log);
                } else {
                    self.phase = Phase::BuddyCard { buddy };
                }
            }
        }
    }

    /// Russian: flips from the draw pile, each flipped card going under the pile (R38): one
    /// card for the Yellow One, until a number for the others. `NO_PLAY` if nothing is left
    /// to flip.
    fn flip_magnitude(&mut self, yellow: bool, log: &mut impl EventSink<Event>) -> u8 {
        // At most every card once: with no number left to find, the magnitude is 1.
        let mut budget = self.pile.len() + self.bottom_len as usize + self.discard.len();
        loop {
            if budget == 0 {
                return NO_PLAY;
            }
            budget -= 1;
            let Some(c) = self.flip_card(log) else {
                return NO_PLAY;
            };
            log.event(Event::Flipped { card: c });
            self.put_under(c);
            if yellow || number(c).is_some() {
                return c;
            }
        }
    }

    /// Puts `c` at the very bottom of the draw pile.
    fn put_under(&mut self, c: u8) {
        let n = self.bottom_len as usize;
        self.know.put_under(n);
        self.bottom.copy_within(0..n, 1);
        self.bottom[0] = c;
        self.bottom_len += 1;
    }

    /// The magnitude card shows (flipped, or laid by the buddy): its value, then Additive's
    /// window (11.7; R52: only on a number), then the action.
    fn magnitude_card(&mut self, card: u8, log: &mut impl EventSink<Event>) {
        self.one.mag_card = card;
        self.one.mag = if card == NO_PLAY {
            1
        } else {
            number(card).unwrap_or(0)
        };
        if card != NO_PLAY && number(card).is_some() && self.rules.has(ADDITIVE) {
            self.one.next = self.next_seat(self.one.player, 1);
            self.one.left = self.n;
            return self.add_window(log);
        }
        self.one_action(card, log);
    }

    /// The kinds that add to the magnitude card (a 1 of any colour on a 1, 11.7).
    pub(crate) fn add_kinds(&self, seat: u8) -> u64 {
        let c = self.one.mag_card;
        let hand = self.hands[seat as usize].mask(0);
        if is_one(c) {
            hand & ONES
        } else {
            hand & (1 << c)
        }
    }

    /// Asks the next seat that may add to the magnitude, or goes on to the action once a
    /// round has passed.
    fn add_window(&mut self, log: &mut impl EventSink<Event>) {
        let (mut next, mut left) = (self.one.next, self.one.left);
        while left > 0 {
            let s = next;
            next = self.next_seat(s, 1);
            left -= 1;
            if self.add_kinds(s) != 0 {
                self.one.next = next;
                self.one.left = left;
                self.phase = Phase::AddWindow { asker: s };
                return;
            }
        }
        self.one_action(self.one.mag_card, log);
    }

    /// The Wild One's action with magnitude `one.mag`; `card` is the magnitude card
    /// (`NO_PLAY` at Old School, where the Yellow One is a plain exchange).
    fn one_action(&mut self, card: u8, log: &mut impl EventSink<Event>) {
        let p = self.one.player;
        let n = self.one.mag;
        match color_of(self.one.kind) {
            0 => {
                // Red: draw up to the magnitude first (L199), then give it away.
                let have = self.hands[p as usize].len() as u16;
                if n as u16 > have {
                    self.penalty(p, n as u16 - have, log);
                }
                if n == 0 {
                    return self.finish_one(log);
                }
                self.phase = Phase::Target {
                    card: self.one.kind,
                };
            }
            1 => self.yellow_russian(p, card, log),
            2 => {
                self.one.count = n;
                if n > 0 && self.repo_mask() != 0 {
                    self.phase = Phase::Repo;
                } else {
                    self.finish_one(log);
                }
            }
            _ => {
                // R39: Blue passes the hands `n` seats (mod the table).
                let steps = n % self.n;
                if steps > 0 {
                    self.pass_hands(steps, log);
                }
                self.finish_one(log);
            }
        }
    }

    /// The Yellow One on a normal turn, by its magnitude card (L201-L213; `NO_PLAY`: Old
    /// School's plain exchange, L143-L146).
    fn yellow_russian(&mut self, p: u8, card: u8, log: &mut impl EventSink<Event>) {
        let h = self.hands[p as usize].len() as u16;
        let size = |me: &Self, seat: u8| me.hands[seat as usize].len() as u16;
        let (count, then) = match card {
            NO_PLAY => (h, None),
            YELLOW_ONE => {
                log.event(Event::OneBlocked { card: YELLOW_ONE });
                return self.finish_one(log);
            }
            WILD_DRAW_FOUR => (h + 4, None),
            CHANGE_HANDS => {
                // R67: "draws the original # of cards" (L209): the player keeps the hand,
                // draws as many cards as it holds, then exchanges the whole hand.
                self.penalty(p, h, log);
                self.phase = Phase::Target { card: CHANGE_HANDS };
                return;
            }
            k if is_black(k) => (h, Some(WILD)),
            k if is_minor(k) => (h + 2, None),
            k => match (number(k), rank_of(k)) {
                (Some(_), _) => (self.one.mag as u16, None),
                (None, RANK_REVERSE) => {
                    let prev = if self.clockwise {
                        (p + self.n - 1) % self.n
                    } else {
                        (p + 1) % self.n
                    };
                    (size(self, prev), None)
                }
                _ => (size(self, self.next_seat(p, 1)), None),
            },
        };
        self.yellow_exchange(p, count, log);
        if self.hands[p as usize].is_empty() {
            // R60: an exchange for no cards (a 0, or an empty draw pile) takes the player out.
            return self.hand_over(p, log);
        }
        match then {
            Some(c) => self.phase = Phase::Target { card: c },
            None => self.finish_one(log),
        }
    }

    /// After a 1's action: the play is over (or, for a turn card, the first turn begins).
    fn finish_one(&mut self, log: &mut impl EventSink<Event>) {
        let p = self.one.player;
        match self.one.ctx {
            OneCtx::TurnCard => {
                let first = self.next_seat(p, 1);
                self.turn_after_calls(p, first);
            }
            _ => self.end_play(p, 0, log),
        }
    }

    /// The Yellow One on a normal turn (L143-L146): the hand goes to the bottom of the draw
    /// pile and as many cards come from the top.
    fn yellow_exchange(&mut self, p: u8, count: u16, log: &mut impl EventSink<Event>) {
        let h = self.hands[p as usize];
        self.hands[p as usize].clear();
        let start = self.bottom_len as usize;
        for (k, c) in h.iter() {
            for _ in 0..c {
                self.bottom[self.bottom_len as usize] = k as u8;
                self.bottom_len += 1;
            }
        }
        // The block goes under the pile face down: its own order is unknown.
        let block = &mut self.bottom[start..self.bottom_len as usize];
        for i in (1..block.len()).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            block.swap(i, j);
        }
        self.know.hand_to_bottom(p, start, self.bottom_len as usize);
        // The taken cards left with the hand (R37); the new hand is received (R50).
        self.repo_block[p as usize] = 0;
        self.received = true;
        log.event(Event::YellowExchange {
            seat: p,
            cards: h.len() as u16,
            drawn: count,
        });
        for _ in 0..count {
            let Some(c) = self.draw_card(log) else { break };
            self.hands[p as usize].add(c as usize);
            log.event(Event::Drew { seat: p, card: c });
        }
    }

    /// The Yellow One answering a draw stack (L147-L157, R33-R36): the player draws a card and
    /// the table decides.
    fn yellow_on_stack(&mut self, p: u8, log: &mut impl EventSink<Event>) {
        let st = self.stack;
        let Some(c) = self.draw_card(log) else {
            // Nothing to flip: the stack stands.
            self.phase = Phase::Respond;
            return;
        };
        self.hands[p as usize].add(c as usize);
        self.know.gained(p, c);
        log.event(Event::YellowFlip { seat: p, card: c });
        if c == self.one.kind {
            // The drawn Yellow One blocks the original: the stack stands.
            self.phase = Phase::Respond;
            return;
        }
        self.stack = Stack::default();
        let next = self.next_seat(p, 1);
        let s = st.total;
        match c {
            WILD_DRAW_FOUR => self.hit_next(p, s + 4, log),
            CHANGE_HANDS => {
                self.penalty(p, s, log);
                self.phase = Phase::Target { card: CHANGE_HANDS };
            }
            k if is_black(k) => {
                // R35: every other black card reads as "Wild".
                self.penalty(p, s, log);
                self.phase = Phase::Target { card: WILD };
            }
            k if is_minor(k) => self.hit_next(p, s + 2, log),
            k => match number(k) {
                Some(v) => {
                    self.penalty(p, v as u16, log);
                    self.after_turn(p, Resume::Begin(next));
                }
                None if rank_of(k) == RANK_REVERSE => {
                    self.penalty(st.hitter, s, log);
                    self.after_turn(p, Resume::Begin(next));
                }
                // A Skip.
                None => self.hit_next(p, s, log),
            },
        }
    }

    /// The Yellow One's table makes the player after `p` draw `count`: they are skipped
    /// (R36).
    fn hit_next(&mut self, p: u8, count: u16, log: &mut impl EventSink<Event>) {
        let next = self.next_seat(p, 1);
        self.penalty(next, count, log);
        log.event(Event::Skipped { seat: next });
        self.after_turn(p, Resume::Begin(self.next_seat(p, 2)));
    }

    /// Doos (11.9): `me` holds two cards, has not drawn, and can play none of them; the
    /// draw is then the upperdecker.
    pub(crate) fn on_doos(&self, me: u8) -> bool {
        let h = &self.hands[me as usize];
        if !self.rules.has(DOOS) || h.len() != 2 || self.drew {
            return false;
        }
        // R73: a Math play (11.2) plays cards from the hand too.
        self.playable_mask(me) == 0
            && !(self.rules.has(MATH)
                && self
                    .math_target()
                    .is_some_and(|t| self.math_possible(me, t, NO_COLOR)))
    }

    /// The upperdecker (L255-L265): a card flipped (it goes under the pile, R38) decides how
    /// many cards `me` draws, and the turn ends.
    fn upperdecker(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        let Some(c) = self.flip_card(log) else {
            return self.after_turn(me, Resume::Begin(self.next_seat(me, 1)));
        };
        log.event(Event::Flipped { card: c });
        self.put_under(c);
        let size = |st: &Self, seat: u8| st.hands[seat as usize].len() as u16;
        let prev = if self.clockwise {
            (me + self.n - 1) % self.n
        } else {
            (me + 1) % self.n
        };
        let (count, then) = match c {
            WILD_DRAW_FOUR => (5, None),
            CHANGE_HANDS => (1, Some(CHANGE_HANDS)),
            k if is_black(k) => (1, Some(WILD)),
            k if is_minor(k) => (3, None),
            k => match (number(k), rank_of(k)) {
                (Some(v), _) => (v as u16, None),
                (None, RANK_REVERSE) => (size(self, prev), None),
                _ => (size(self, self.next_seat(me, 1)), None),
            },
        };
        self.penalty(me, count, log);
        match then {
            Some(card) => self.phase = Phase::Target { card },
            None => self.after_turn(me, Resume::Begin(self.next_seat(me, 1))),
        }
    }

    /// Every hand moves `steps` seats in the direction of play (the Blue One).
    fn pass_hands(&mut self, steps: u8, log: &mut impl EventSink<Event>) {
        // `hands[next_seat(s, steps)] = old hands[s]` for every seat: a rotation of the
        // table's seats, in place.
        let (n, r) = (self.n as usize, (steps % self.n) as usize);
        if self.clockwise {
            self.hands[..n].rotate_right(r);
            self.repo_block[..n].rotate_right(r);
        } else {
            self.hands[..n].rotate_left(r);
            self.repo_block[..n].rotate_left(r);
        }
        self.know.passed_hands(steps, self.clockwise, &self.hands);
        self.stats.exchanges += 1;
        // R50: every seat received a hand: no call is owed for it.
        self.uno_owed = 0;
        self.received = true;
        log.event(Event::HandsPassed { steps });
    }

    /// Kinds the Green One may take from the discard pile: any but the Green One just played
    /// (its top card; L186-L187).
    pub(crate) fn repo_mask(&self) -> u64 {
        let mut m = self.discard.mask(0);
        let top = self.top_card();
        if self.discard.count(top as usize) == 1 {
            m &= !(1 << top);
        }
        m
    }

    /// The turn of `runner` comes next: first the Fast Eddy window on the last play, if one
    /// is open (7.2).
    fn runner_turn(&mut self, runner: u8) {
        self.current = runner;
        if self.last_play != NO_PLAY && self.rules.has(FAST_EDDY) {
            if let Some(asker) = self.next_claimant(self.last_player) {
                self.phase = Phase::Eddy { asker };
                return;
            }
        }
        self.begin_turn(runner);
    }

    /// The kinds `seat` may throw on the last play (7.1; Michael Jackson Minors: any Minor on
    /// a Minor, 11.3).
    pub(crate) fn eddy_kinds(&self, seat: u8) -> u64 {
        let k = self.last_play;
        let hand = self.hands[seat as usize].mask(0);
        let mut m = hand & (1 << k);
        if is_minor(k) && self.rules.has(MJ_MINORS) {
            m |= hand & MINORS;
        }
        // R19: the Über is never a last card, thrown out of turn included.
        if k == UBER && self.hands[seat as usize].len() < 2 {
            m = 0;
        }
        m & !self.repo_block[seat as usize]
    }

    /// The first seat after `from`, in turn order and before the last player comes round
    /// again, that may claim the Fast Eddy window (not the runner, not the last player).
    #[inline]
    pub(super) fn next_claimant(&self, from: u8) -> Option<u8> {
        // The Math check (`math_eddy`) only on a number under Math: the walk without it
        // otherwise.
        let k = self.last_play;
        if self.rules.has(MATH) && number(k).is_some() {
            self.claimant_walk::<true>(from)
        } else if self.discard.count(k as usize) == self.deck[k as usize]
            && !(is_minor(k) && self.rules.has(MJ_MINORS))
        {
            // Every copy of the card is on the discard pile: nobody can throw it.
            None
        } else {
            self.claimant_walk::<false>(from)
        }
    }

    /// `next_claimant`, with the Math check if `WITH_MATH` (Math is on, the last play a number).
    #[inline(never)]
    fn claimant_walk<const WITH_MATH: bool>(&self, from: u8) -> Option<u8> {
        // `eddy_kinds` and `math_eddy`, with what does not depend on the seat hoisted.
        let k = self.last_play;
        let mut kinds = 1 << k;
        if is_minor(k) && self.rules.has(MJ_MINORS) {
            kinds |= MINORS;
        }
        let (t, c) = (number(k).unwrap_or(0), color_of(k));
        // `next_seat(s, 1)`, one seat at a time.
        let (n, clockwise) = (self.n, self.clockwise);
        let step = |s: u8| match (clockwise, s) {
            (true, s) if s + 1 == n => 0,
            (true, s) => s + 1,
            (false, 0) => n - 1,
            (false, s) => s - 1,
        };
        let mut s = step(from);
        while s != self.last_player {
            if s != self.current
                && (self.hands[s as usize].mask(0) & kinds & !self.repo_block[s as usize] != 0
                    // R19: nobody goes out on an Eddied Über.
                    && (k != UBER || self.hands[s as usize].len() >= 2)
                    || WITH_MATH && self.math_possible(s, t, c))
            {
                return Some(s);
            }
            s = step(s);
        }
        None
    }

    pub(super) fn begin_turn(&mut self, seat: u8) {
        self.last_play = NO_PLAY;
        self.current = seat;
        self.drew = false;
        self.received = false;
        // R50: owed calls are asked when the play that owed them ends, never later.
        self.uno_owed = 0;
        // R37: the Green One's cards may be Eddied again from their holder's turn on.
        self.repo_block[seat as usize] = 0;
        self.counters.turns += 1;
        self.phase = if self.stack.cards > 0 {
            Phase::Respond
        } else {
            Phase::Turn
        };
    }

    pub(super) fn go(&mut self, r: Resume) {
        match r {
            Resume::Begin(s) => self.runner_turn(s),
            Resume::SameTurn => {
                self.drew = false;
                self.phase = Phase::Turn;
            }
        }
    }

    /// `me`'s play is over; the turn passes `1 + skips` seats on, after the UNO call.
    pub(super) fn end_play(&mut self, me: u8, skips: u8, log: &mut impl EventSink<Event>) {
        for i in 0..skips {
            let s = self.next_seat(me, 1 + i);
            log.event(Event::Skipped { seat: s });
        }
        let next = self.next_seat(me, 1 + skips);
        self.after_turn(me, Resume::Begin(next));
    }

    /// The UNO calls owed once `me`'s play is over (R50), then `resume`: first `me`'s, if
    /// their own turn left them one card (not if the play gave them a new hand in an
    /// exchange), then each seat whose own out-of-turn card left it on one card, in turn order
    /// from `me`.
    pub(super) fn after_turn(&mut self, me: u8, resume: Resume) {
        let received = std::mem::take(&mut self.received);
        let bit = 1u16 << me;
        if self.hands[me as usize].len() == 1 && !received {
            self.uno_owed |= bit;
        } else {
            self.uno_owed &= !bit;
        }
        self.owed_calls(me, resume);
    }

    /// Asks the owed UNO calls (`uno_owed`) in turn order from `first` (itself included),
    /// then `resume`.
    fn owed_calls(&mut self, first: u8, resume: Resume) {
        self.resume = resume;
        self.next_call(first, 0);
    }

    /// `uno_seat`'s call (and catch window) is over: the next owed call, else `resume`.
    #[inline]
    pub(super) fn uno_done(&mut self) {
        self.next_call(self.uno_seat, 1);
    }

    /// Asks the first seat in turn order from `from` (`skip` seats on) that owes a call and
    /// still holds exactly one card (R50; a seat that drew or gave cards since is not asked),
    /// else play goes on (`resume`).
    fn next_call(&mut self, from: u8, skip: u8) {
        let mut i = skip;
        while self.uno_owed != 0 && i < self.n {
            let s = self.next_seat(from, i);
            i += 1;
            let bit = 1u16 << s;
            if self.uno_owed & bit != 0 {
                self.uno_owed &= !bit;
                if self.hands[s as usize].len() == 1 {
                    self.uno_seat = s;
                    self.phase = Phase::CallUno;
                    return;
                }
            }
        }
        self.uno_owed = 0;
        self.go(self.resume);
    }

    /// A card played at `me`'s turn or as a stack answer: under Cards gone Wild a Wild first
    /// asks what it is played as.
    fn play_at_turn(&mut self, me: u8, kind: u8, log: &mut impl EventSink<Event>) {
        if kind == WILD && self.rules.has(CARDS_GONE_WILD) {
            self.phase = Phase::WildAs;
        } else {
            self.start_play(me, kind, kind, log);
        }
    }

    // ---- Math (11.2) ----

    /// The number a Math play at the turn must make: the top card's (to match it, L229).
    pub(crate) fn math_target(&self) -> Option<u8> {
        if self.color == NO_COLOR || is_black(self.top) {
            return None;
        }
        number(self.top)
    }

    /// Whether `seat` may begin a Math play in the Fast Eddy window: one of the Eddied
    /// card's colour making its number.
    pub(crate) fn math_eddy(&self, seat: u8) -> bool {
        let k = self.last_play;
        self.rules.has(MATH) && number(k).is_some_and(|t| self.math_possible(seat, t, color_of(k)))
    }

    /// `seat`'s operands of colour `c` by value (2-9), less those already in the Math play.
    fn math_avail(&self, seat: u8, c: u8) -> [u8; 10] {
        let h = &self.hands[seat as usize];
        let blocked = self.repo_block[seat as usize];
        let mut avail = [0u8; 10];
        for (v, a) in avail.iter_mut().enumerate().skip(2) {
            let k = c as usize * 13 + v;
            // R37: the Green One's cards are not operands before their holder's next turn.
            if blocked >> k & 1 == 0 {
                *a = h.count(k);
            }
        }
        let m = &self.math;
        if m.seat == seat && m.color == c {
            for &k in &m.cards[..m.len as usize] {
                let v = number(k).unwrap_or(0) as usize;
                avail[v] = avail[v].saturating_sub(1);
            }
        }
        avail
    }

    /// The Math play's shape under this hand's rules: (most operands, operators offered).
    pub(crate) fn math_limits(&self) -> (u8, u8) {
        let ops = if self.rules.has(MATH_DERIVED) { 5 } else { 4 };
        (self.opts.math_max_operands, ops)
    }

    /// Whether `seat` holds a complete Math play making `target` in colour `c` (`NO_COLOR`:
    /// any one colour): a lookup in the table of what each multiset of operands makes
    /// (`math.rs`).
    ///
    /// The common answer, fewer than two operands (of the colour), is decided here, inlined
    /// where it is asked (the turn, the Fast Eddy claimant search); the table lookup is
    /// `math_reachable`.
    #[inline]
    pub(crate) fn math_possible(&self, seat: u8, target: u8, c: u8) -> bool {
        let h = &self.hands[seat as usize];
        // R37: the Green One's cards are not operands before their holder's next turn.
        let blocked = self.repo_block[seat as usize];
        let mut operands = h.mask(0) & MATH_OPERANDS & !blocked;
        if c != NO_COLOR {
            operands &= color_mask(c);
        }
        // No operand, or one card of one kind (fewer than two operands make nothing).
        if operands == 0
            || (operands.is_power_of_two() && h.count(operands.trailing_zeros() as usize) < 2)
        {
            return false;
        }
        self.math_reachable(seat, target, operands)
    }

    /// `seat`'s operands of colour `x`: the counts of the values 2-9, a byte each (2 the low
    /// byte), less the blocked kinds' (R37).
    #[inline]
    fn operand_word(&self, seat: u8, x: u8) -> u64 {
        let base = x as usize * 13 + 2;
        let counts = self.hands[seat as usize].counts();
        let avail = u64::from_le_bytes(counts[base..base + 8].try_into().unwrap());
        let b = (self.repo_block[seat as usize] >> base) & 0xff;
        if b != 0 {
            avail & !super::math::byte_mask(b)
        } else {
            avail
        }
    }

    /// `math_possible` past its first check: whether the `operands` (kinds, unblocked) of
    /// `seat`'s make `target` in one colour.
    ///
    /// Which colours hold two operands or more follows the random hands: without a Math play
    /// of `seat`'s under way, each colour's operands are looked up (none, or only one, make
    /// nothing: the table's entry is empty) and the answers united, without a branch per
    /// colour.
    #[inline(never)]
    fn math_reachable(&self, seat: u8, target: u8, operands: u64) -> bool {
        let (max, ops) = self.math_limits();
        let table = math_table(max, ops);
        let m = &self.math;
        if m.len > 0 && m.seat == seat {
            return self.math_reachable_under_way(seat, target, operands);
        }
        let mut reach = 0u16;
        for x in 0..4u8 {
            let held = 0u64.wrapping_sub((operands & color_mask(x) != 0) as u64);
            reach |= table.reach_word(self.operand_word(seat, x) & held);
        }
        reach >> target & 1 == 1
    }

    /// `math_reachable` when `seat`'s Math play is under way (its cards are no longer
    /// operands): colour by colour.
    #[cold]
    #[inline(never)]
    fn math_reachable_under_way(&self, seat: u8, target: u8, mut operands: u64) -> bool {
        let h = &self.hands[seat as usize];
        let (max, ops) = self.math_limits();
        let table = math_table(max, ops);
        let m = &self.math;
        // The colours holding operands, lowest first.
        while operands != 0 {
            let x = (operands.trailing_zeros() / 13) as u8;
            let own = operands & color_mask(x);
            operands &= !color_mask(x);
            // At least two operands: two kinds, or two cards of one (fewer make nothing).
            if own & (own - 1) == 0 && h.count(own.trailing_zeros() as usize) < 2 {
                continue;
            }
            let mut avail = self.operand_word(seat, x);
            if m.len > 0 && m.seat == seat && m.color == x {
                let mut bytes = avail.to_le_bytes();
                for &k in &m.cards[..m.len as usize] {
                    bytes[number(k).unwrap_or(2) as usize - 2] -= 1;
                }
                avail = u64::from_le_bytes(bytes);
            }
            if table.reach_word(avail) >> target & 1 == 1 {
                return true;
            }
        }
        false
    }

    /// The legal steps of the Math play being laid: operands (only those from which the play
    /// can still be completed, R61), or `DONE` and the operators.
    fn math_legal(&self, out: &mut impl LegalOut) {
        let m = self.math;
        let (max, ops) = self.math_limits();
        let t = m.target as i32;
        if m.len == 0 || m.op != NO_OP {
            let mut k_mask = self.hands[m.seat as usize].mask(0) & MATH_OPERANDS;
            if m.color != NO_COLOR {
                k_mask &= color_mask(m.color);
            }
            if m.len == 0 {
                // The first operand: a lookup in the table of what a play from each value
                // makes (`MathTable::first_word`), the colour's operands read once. The blocked
                // kinds are no operands (R37).
                k_mask &= !self.repo_block[m.seat as usize];
                let table = math_table(max, ops);
                let (mut x, mut word) = (NO_COLOR, 0);
                while k_mask != 0 {
                    let k = k_mask.trailing_zeros() as u8;
                    k_mask &= k_mask - 1;
                    if color_of(k) != x {
                        x = color_of(k);
                        word = self.operand_word(m.seat, x);
                    }
                    if table.first_word(word, number(k).unwrap_or(2)) >> t & 1 == 1 {
                        out.push(PLAY + k as u16);
                    }
                }
                return;
            }
            // `math_avail` once per colour.
            let mut by_color: [Option<[u8; 10]>; 4] = [None; 4];
            while k_mask != 0 {
                let k = k_mask.trailing_zeros() as u8;
                k_mask &= k_mask - 1;
                let v = number(k).unwrap_or(0) as usize;
                let c = color_of(k);
                let mut avail =
                    *by_color[c as usize].get_or_insert_with(|| self.math_avail(m.seat, c));
                if avail[v] == 0 {
                    continue;
                }
                avail[v] -= 1;
                let next = math_step(m.op, m.value, m.sum, m.len, v as i32);
                if next.is_some_and(|(x, s)| math_reach(t, max, ops, x, s, m.len + 1, &mut avail)) {
                    out.push(PLAY + k as u16);
                }
            }
            return;
        }
        if m.len >= 2 && m.value == t {
            out.push(DONE);
        }
        if m.len >= max {
            return;
        }
        let mut avail = self.math_avail(m.seat, m.color);
        for op in 0..ops {
            let ok = (2..10).any(|v| {
                if avail[v] == 0 {
                    return false;
                }
                let Some((x, s)) = math_step(op, m.value, m.sum, m.len, v as i32) else {
                    return false;
                };
                avail[v] -= 1;
                let ok = math_reach(t, max, ops, x, s, m.len + 1, &mut avail);
                avail[v] += 1;
                ok
            });
            if ok {
                out.push(OP + op as u16);
            }
        }
    }

    /// `seat` begins a Math play making `target` (of colour `c`, in a Fast Eddy window).
    fn math_begin(&mut self, seat: u8, target: u8, c: u8, eddy: bool) {
        self.math = MathPlay {
            seat,
            target,
            color: c,
            eddy,
            ..MathPlay::default()
        };
        self.phase = Phase::Math;
    }

    /// One step of the Math play (the action is legal): an operand, an operator, or `DONE`.
    fn math_action(&mut self, a: u16, log: &mut impl EventSink<Event>) {
        let m = &mut self.math;
        if a == DONE {
            if m.eddy {
                // The claim is made: the runner may still tap (7.2). The operands are shown
                // (R72): a won tap leaves them in a hand everyone knows holds them.
                let ops = &m.cards[..m.len as usize];
                for &k in ops {
                    let n = ops.iter().filter(|&&o| o == k).count() as u8;
                    self.know.shown_all_n(m.seat, k, n);
                }
                let m = &self.math;
                self.phase = Phase::Tap {
                    claimant: m.seat,
                    kind: m.cards[m.len as usize - 1],
                };
            } else {
                let seat = m.seat;
                self.math_lay(seat, log);
            }
        } else if a >= OP {
            m.op = (a - OP) as u8;
        } else {
            let k = (a - PLAY) as u8;
            let v = number(k).unwrap_or(0) as i32;
            (m.value, m.sum) = math_step(m.op, m.value, m.sum, m.len, v).unwrap_or_default();
            m.cards[m.len as usize] = k;
            m.len += 1;
            m.op = NO_OP;
            m.color = color_of(k);
        }
    }

    /// The Math play lands: its operands go on the pile in order (the last is the top card)
    /// as plain numbers, and the play is over.
    fn math_lay(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        let m = std::mem::take(&mut self.math);
        self.stats.math_plays += 1;
        log.event(Event::MathPlayed {
            seat: me,
            operands: m.len,
            result: m.target,
        });
        self.group = Group {
            first: m.cards[0],
            ..Group::default()
        };
        for &k in &m.cards[..m.len as usize] {
            if self.lay(me, k, k, log) {
                return;
            }
        }
        self.resolve_play(me, log);
    }

    // ---- Cards gone Wild (11.8) ----

    /// The kinds a Wild of `me`'s may be played as now (11.8, R45): any card but the Joker,
    /// the Über and the Player Cards that is in the deck and that `me` could play in its place
    /// (matching, a stack answer, a 1 that cannot go out). At a turn this includes the Wild
    /// itself (played as a plain Wild).
    pub(crate) fn wild_as_kinds(&self, me: u8) -> u64 {
        const NEVER: u64 = (1 << JOKER) | (1 << UBER) | (1 << ASHLEY) | (1 << SNOWBOB);
        let mut m = ((1u64 << NUM_KINDS) - 1) & !NEVER;
        let len = self.hands[me as usize].len();
        if self.stack.cards > 0 {
            m &= self.stack_answers(m, len);
        }
        // In the deck, and (but for a stack answer) playable in the Wild's place.
        m &= self.deck_mask();
        if self.stack.cards == 0 {
            m &= self.playable_kinds(me);
        }
        m
    }

    /// `me` lays their Wild as `kind` (the choice is legal).
    fn wild_as(&mut self, me: u8, kind: u8, log: &mut impl EventSink<Event>) {
        self.start_play(me, WILD, kind, log);
    }

    /// The Wild just laid stands for `kind` on the discard pile: it is that card for matching,
    /// effect and Fast Eddy.
    fn wild_as_top(&mut self, me: u8, kind: u8, log: &mut impl EventSink<Event>) {
        self.top = kind;
        self.top_wild = kind != WILD;
        self.stats.wilds_as += 1;
        log.event(Event::WildAs {
            seat: me,
            card: kind,
        });
    }

    /// `me` begins a play with `card` played as `kind` (the same but for a Wild under Cards
    /// gone Wild; the choice is legal): lays it, then either waits for more cards of the group
    /// (R24, Pinwheel) or resolves the play.
    fn start_play(&mut self, me: u8, card: u8, kind: u8, log: &mut impl EventSink<Event>) {
        self.know.note_play(card, self.color);
        self.group = Group {
            first: kind,
            guilty: kind == WILD_DRAW_FOUR
                && self.color != NO_COLOR
                && self.hands[me as usize].mask(0) & color_mask(self.color) != 0,
            ..Group::default()
        };
        if self.lay(me, card, kind, log) {
            return;
        }
        if self.addable(me) != 0 {
            self.phase = Phase::More;
        } else {
            self.resolve_play(me, log);
        }
    }

    /// `me` lays `card` as `kind` on the discard pile as part of the play in `group`. Returns
    /// whether the hand ended (the player has no cards left).
    fn lay(&mut self, me: u8, card: u8, kind: u8, log: &mut impl EventSink<Event>) -> bool {
        self.discard_from(me, card);
        log.event(Event::Played { seat: me, card });
        if card != kind {
            self.wild_as_top(me, kind, log);
        }
        self.last_play = kind;
        self.last_player = me;
        let g = &mut self.group;
        g.len += 1;
        if kind < WILD {
            match rank_of(kind) {
                RANK_SKIP => g.skips += 1,
                RANK_REVERSE => g.reverses += 1,
                RANK_DRAW_TWO => g.minors += 1,
                _ => {}
            }
            self.color = color_of(kind);
        } else if kind == WILD_DRAW_FOUR {
            g.majors += 1;
        }
        if self.hands[me as usize].is_empty() {
            self.hand_over(me, log);
            return true;
        }
        false
    }

    /// The kinds `me` may add to the play in `group` (R24: identical copies; Pinwheel: the same
    /// rank in any colour, R41). 0s, 1s and the one-of-a-kind black cards never join a group:
    /// their effects are decisions of their own.
    pub(crate) fn addable(&self, me: u8) -> u64 {
        let first = self.group.first;
        if is_one(first) || number(first) == Some(0) || (is_black(first) && first > WILD_DRAW_FOUR)
        {
            return 0;
        }
        // R37: an Eddy-er's group takes no card the Green One took (a blocked seat's only
        // plays are Eddies: the block ends when its turn begins).
        let hand = self.hands[me as usize].mask(0) & !self.repo_block[me as usize];
        let mut m = hand & (1 << first);
        if !is_black(first) && self.rules.has(PINWHEEL) {
            m |= hand & rank_mask(first);
        }
        m
    }

    /// The play in `group` is complete: its effects (R41: every card's, in order; they are all
    /// of one type).
    fn resolve_play(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        let g = self.group;
        match g.first {
            WILD | JOKER | ASHLEY | SNOWBOB => {
                self.phase = Phase::Color {
                    why: ColorWhy::Plain,
                }
            }
            WILD_DRAW_FOUR => {
                self.phase = Phase::Color {
                    why: ColorWhy::Major,
                }
            }
            UBER | CHANGE_HANDS => {
                self.phase = Phase::Color {
                    why: ColorWhy::Exchange(g.first),
                }
            }
            k if number(k) == Some(0) => self.start_fishing(me),
            k if is_one(k) => {
                let ctx = if self.stack.cards > 0 {
                    OneCtx::Stack
                } else {
                    OneCtx::Turn
                };
                self.start_one(me, k, ctx, log);
            }
            _ => {
                let mut skips = g.skips;
                if g.reverses > 0 {
                    if g.reverses & 1 == 1 {
                        self.clockwise = !self.clockwise;
                    }
                    for _ in 0..g.reverses {
                        log.event(Event::Reversed);
                    }
                    // Two players: a Reverse acts as a Skip (classic).
                    if self.n == 2 {
                        skips += g.reverses;
                    }
                }
                if g.minors > 0 {
                    self.push_stack(me, 2 * g.minors as u16, false, false);
                }
                let eddied = std::mem::take(&mut self.eddied);
                if g.reverses > 0 && self.rules.has(ROTATE) {
                    self.rotation = Rotation {
                        steps: g.reverses % self.n,
                        skips,
                        ..self.rotation
                    };
                    if eddied && self.rotation.last_steps != NO_ROTATION {
                        // 11.10: an Eddied Reverse adds to the rotation or cancels it.
                        self.phase = Phase::RotateChoice;
                    } else {
                        self.rotate_or_block(me, log);
                    }
                    return;
                }
                self.end_play(me, skips, log);
            }
        }
    }

    /// Rotate (11.10): the Joker's holder may block the rotation; otherwise every hand moves
    /// `rotation.steps` seats in the direction of play.
    fn rotate_or_block(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        // R69: with several Jokers, the first holder in turn order from the player decides.
        let holder = (1..self.n)
            .map(|i| self.next_seat(me, i))
            .find(|&s| self.hands[s as usize].count(JOKER as usize) > 0);
        match holder {
            Some(t) => {
                self.phase = Phase::Block {
                    card: self.top,
                    target: t,
                }
            }
            None => self.rotate(me, log),
        }
    }

    fn rotate(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        let r = self.rotation;
        if r.steps > 0 {
            self.pass_hands(r.steps, log);
        }
        self.rotation.last_steps = r.steps;
        self.rotation.last_clockwise = self.clockwise;
        self.end_play(me, r.skips, log);
    }

    /// An Eddied Reverse cancels the last one: the direction is as before both, and the last
    /// rotation is undone.
    fn cancel_rotation(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        let r = self.rotation;
        self.clockwise = !r.last_clockwise;
        if r.last_steps > 0 {
            // Undo: the same number of seats the other way.
            self.pass_hands(r.last_steps, log);
        }
        log.event(Event::RotationCancelled { seat: me });
        self.rotation.last_steps = NO_ROTATION;
        self.end_play(me, 0, log);
    }

    /// A 0 was played (section 8, 11.5, 11.6): Go Fish asks one player, Macchu Picchu and
    /// Picchu Macchu ask everyone; with none of them the 0 does nothing.
    fn start_fishing(&mut self, me: u8) {
        self.fish_target = NO_SEAT;
        if self.rules.has(MACCHU_PICCHU) || self.rules.has(PICCHU_MACCHU) {
            self.phase = Phase::Ask;
        } else if self.rules.has(GO_FISH) {
            self.phase = Phase::Target { card: self.top };
        } else {
            self.after_turn(me, Resume::Begin(self.next_seat(me, 1)));
        }
    }

    /// The asked seat `s` answers the fishing 0: a chance to block with a 0, then the card or
    /// the draw.
    fn fish_at(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        if self.hands[s as usize].mask(0) & ZEROS != 0 {
            self.phase = Phase::ZeroBlock { seat: s };
        } else {
            self.fish_settle(s, log);
        }
    }

    /// `s` did not block: a holder hands one copy over; otherwise the asker draws (Go Fish,
    /// Macchu Picchu) or `s` draws (Picchu Macchu).
    fn fish_settle(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        let asker = self.current;
        let k = self.ask;
        if self.hands[s as usize].count(k as usize) > 0 {
            self.hands[s as usize].remove(k as usize);
            self.hands[asker as usize].add(k as usize);
            self.know.moved(s, asker, k);
            log.event(Event::HandedOver {
                seat: s,
                to: asker,
                card: k,
            });
            if self.hands[s as usize].is_empty() {
                // R64: handing over one's last card is going out (L40).
                return self.hand_over(s, log);
            }
        } else {
            let drawer = if self.rules.has(PICCHU_MACCHU) {
                s
            } else {
                asker
            };
            if let Some(c) = self.draw_card(log) {
                self.hands[drawer as usize].add(c as usize);
                log.event(Event::Drew {
                    seat: drawer,
                    card: c,
                });
            }
        }
        self.fish_next(s, log);
    }

    /// The ask moves on from `s` (everyone, in turn order, for Macchu Picchu and Picchu
    /// Macchu), or the play is over.
    fn fish_next(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        let asker = self.current;
        if self.fish_target == NO_SEAT {
            let next = self.next_seat(s, 1);
            if next != asker {
                self.fish_at(next, log);
                return;
            }
        }
        self.after_turn(asker, Resume::Begin(self.next_seat(asker, 1)));
    }

    /// The Red One's card goes face down from `me` to `to`; `left` counts this one.
    fn give(&mut self, me: u8, to: u8, k: u8, left: u8, log: &mut impl EventSink<Event>) {
        self.hands[me as usize].remove(k as usize);
        self.hands[to as usize].add(k as usize);
        self.know.private_move(me, to, k);
        log.event(Event::Gave {
            seat: me,
            to,
            card: k,
        });
        if self.hands[me as usize].is_empty() {
            self.hand_over(me, log);
            return;
        }
        if left > 1 {
            self.phase = Phase::Give {
                to,
                left: left - 1,
                denied: NO_PLAY,
            };
        } else {
            self.finish_one(log);
        }
    }

    pub(super) fn push_stack(&mut self, me: u8, cards: u16, major: bool, guilty: bool) {
        let s = &mut self.stack;
        s.total += cards;
        s.cards += 1;
        s.major = major;
        s.hitter = me;
        s.guilty = guilty;
        s.challengeable = major;
        s.joker_major = false;
    }

    /// The Joker answers the stack (5.3): the direction reverses and the stack goes back to
    /// the player who threw its last draw card.
    fn joker_answer(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        self.discard_from(me, JOKER);
        log.event(Event::Played {
            seat: me,
            card: JOKER,
        });
        self.last_play = NO_PLAY;
        self.stats.jokers += 1;
        if self.hands[me as usize].is_empty() {
            self.hand_over(me, log);
            return;
        }
        self.clockwise = !self.clockwise;
        let victim = self.stack.hitter;
        log.event(Event::JokerReversed { seat: me, victim });
        self.stack.hitter = me;
        self.stack.challengeable = false;
        self.stack.joker_major = self.stack.major;
        self.after_turn(me, Resume::Begin(victim));
    }

    /// The victim draws the stack and loses the turn.
    fn accept(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        let st = self.stack;
        self.stack = Stack::default();
        self.penalty(me, st.total, log);
        if st.joker_major {
            self.phase = Phase::Color {
                why: ColorWhy::AfterAccept,
            };
        } else {
            let next = self.next_seat(me, 1);
            self.turn_after_calls(me, next);
        }
    }

    /// The victim challenges the last Major (R14), then the leak roll (R15).
    fn challenge(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        let st = self.stack;
        self.stack = Stack::default();
        let offender = st.hitter;
        self.know.show_hand(me, offender, &self.hands);
        self.counters.challenges += 1;
        log.event(Event::Challenge {
            challenger: me,
            offender,
            guilty: st.guilty,
        });
        let resume = if st.guilty {
            self.counters.challenges_won += 1;
            self.penalty(offender, st.total, log);
            Resume::SameTurn
        } else {
            self.penalty(me, st.total + 2, log);
            Resume::Begin(self.next_seat(me, 1))
        };
        self.resume = resume;
        if self.rng.chance(self.opts.challenge_leak_probability) {
            self.stats.leaks += 1;
            log.event(Event::Leak { challenger: me });
            self.know.show_hand(offender, me, &self.hands);
            self.phase = Phase::Compensate {
                offender,
                challenger: me,
            };
        } else {
            // R50: calls owed by the blockers of a Yellow One answered before the challenge.
            self.owed_calls(me, resume);
        }
    }

    fn exchange(&mut self, a: u8, b: u8, log: &mut impl EventSink<Event>) {
        self.hands.swap(a as usize, b as usize);
        self.repo_block.swap(a as usize, b as usize);
        self.know.exchanged(a, b, &self.hands);
        self.stats.exchanges += 1;
        // R50: a received hand owes no call.
        self.uno_owed &= !((1 << a) | (1 << b));
        // `a` is the player of the play (R50).
        self.received = true;
        log.event(Event::Exchanged { seat: a, with: b });
    }

    /// The hand is over: `out` has no cards (section 13).
    fn hand_over(&mut self, out: u8, log: &mut impl EventSink<Event>) {
        let n = self.n as usize;
        let mut pts = [0i32; MAX_PLAYERS];
        let mut words = [0u32; MAX_PLAYERS];
        let mut tally = [0u32; MAX_PLAYERS];
        for s in 0..n {
            for (k, c) in self.hands[s].iter() {
                let k = k as u8;
                pts[s] += points(k) * c as i32;
                words[s] += is_word(k) as u32 * c as u32;
                tally[s] += number(k).unwrap_or(0) as u32 * c as u32;
            }
            self.stats.points[s] += pts[s];
        }
        // Candidates in turn order from the dealer's left (the draw-off's order).
        let mut cand = [0u8; MAX_PLAYERS];
        let mut m = 0;
        for i in 1..=self.n {
            cand[m] = self.next_seat(self.dealer, i);
            m += 1;
        }
        let keep_max = |cand: &mut [u8; MAX_PLAYERS], m: usize, key: &dyn Fn(u8) -> i64| {
            let best = cand[..m].iter().map(|&s| key(s)).max().unwrap_or(0);
            let mut k = 0;
            for i in 0..m {
                if key(cand[i]) == best {
                    cand[k] = cand[i];
                    k += 1;
                }
            }
            k
        };
        let mut by = TieBreak::Points;
        m = keep_max(&mut cand, m, &|s| pts[s as usize] as i64);
        if m > 1 {
            by = TieBreak::WordCards;
            m = keep_max(&mut cand, m, &|s| words[s as usize] as i64);
        }
        if m > 1 {
            by = TieBreak::Tally;
            m = keep_max(&mut cand, m, &|s| tally[s as usize] as i64);
        }
        let mut rounds = 0;
        while m > 1 {
            by = TieBreak::DrawOff;
            // R48: numbers by face, every other card above 9 and equal to each other.
            let mut value = [0i64; MAX_PLAYERS];
            let mut drawn = [0u8; MAX_PLAYERS];
            let mut got = 0;
            for i in 0..m {
                let s = cand[i];
                let Some(c) = self.draw_card(log) else { break };
                drawn[i] = c;
                got += 1;
                value[s as usize] = number(c).map(|v| v as i64).unwrap_or(10);
                log.event(Event::DrawOff { seat: s, card: c });
            }
            // The draw-off cards go back under the draw pile (section 13), in draw order.
            for &c in &drawn[..got] {
                self.put_under(c);
            }
            rounds += 1;
            if got < m || rounds >= DRAW_OFF_ROUNDS {
                // R63: no card left to draw for every tied player (or a draw-off that does not
                // end): the loser is drawn by lot among the tied.
                cand[0] = cand[self.rng.below(m as u32) as usize];
                break;
            }
            m = keep_max(&mut cand, m, &|s| value[s as usize]);
        }
        let loser = cand[0];
        self.stats.lost[loser as usize] += 1;
        self.stats.tiebreaks[by as usize] += 1;
        self.stats.loser_points += pts[loser as usize];
        self.counters.hand_wins[out as usize] += 1;
        self.counters.endings[0] += 1;
        self.counters.last_ending = 0;
        log.event(Event::HandLost {
            loser,
            out,
            points: pts[loser as usize],
            by,
        });
        self.hand_no += 1;
        if self.hand_no >= self.opts.hands_per_day {
            self.nappy = Some(loser);
            self.phase = Phase::Over;
            log.event(Event::DayOver { nappy: loser });
        } else {
            // L55: the loser deals the next hand.
            self.start_hand(loser, log);
        }
    }

    // ---- the Game interface ----

    /// Who decides now.
    pub(crate) fn actor_seat(&self) -> Option<u8> {
        Some(match self.phase {
            Phase::Over => return None,
            Phase::Direction | Phase::DealSize | Phase::ModeChoice | Phase::Addon { .. } => {
                self.dealer
            }
            Phase::Block { target, .. } => target,
            Phase::Eddy { asker } => asker,
            Phase::ZeroBlock { seat } => seat,
            Phase::OneWindow { asker } => asker,
            Phase::Gift { to, .. } => to,
            Phase::BuddyCard { buddy } => buddy,
            Phase::AddWindow { asker } => asker,
            Phase::Math => self.math.seat,
            Phase::Compensate { offender, .. } => offender,
            Phase::CallUno => self.uno_seat,
            Phase::Catch { asker } => asker,
            _ => self.current,
        })
    }

    pub(crate) fn actor(&self) -> Option<(Seat, DecisionKind)> {
        let seat = self.actor_seat()?;
        let kind = match self.phase {
            Phase::Direction | Phase::DealSize | Phase::ModeChoice | Phase::Addon { .. } => {
                DecisionKind::ChooseNumber
            }
            Phase::Turn => {
                if self.drew {
                    DecisionKind::PostDraw
                } else {
                    DecisionKind::Play
                }
            }
            Phase::More => DecisionKind::Play,
            Phase::Eddy { .. } => DecisionKind::JumpIn,
            Phase::Respond | Phase::Block { .. } | Phase::Tap { .. } | Phase::ZeroBlock { .. } => {
                DecisionKind::Respond
            }
            Phase::Ask => DecisionKind::ChooseTarget,
            Phase::OneWindow { .. } => DecisionKind::JumpIn,
            Phase::Give { .. } | Phase::Repo => DecisionKind::GiveCard,
            Phase::Gift { .. } => DecisionKind::Respond,
            Phase::BuddyCard { .. } => DecisionKind::Play,
            Phase::WildAs => DecisionKind::Play,
            Phase::Math if self.math.eddy => DecisionKind::JumpIn,
            Phase::Math => DecisionKind::Play,
            Phase::RotateChoice => DecisionKind::ChooseTarget,
            Phase::AddWindow { .. } => DecisionKind::JumpIn,
            Phase::Color { .. } => DecisionKind::ChooseColor,
            Phase::Target { .. } => DecisionKind::ChooseTarget,
            Phase::Keep | Phase::Compensate { .. } => DecisionKind::GiveCard,
            Phase::CallUno => DecisionKind::CallUno,
            Phase::Catch { .. } => DecisionKind::CatchUno,
            Phase::Over => unreachable!(),
        };
        Some((seat, kind))
    }

    pub(crate) fn legal(&self, out: &mut impl LegalOut) {
        out.clear();
        let me = self.current;
        let hand = self.hands[me as usize];
        match self.phase {
            Phase::Over => {}
            Phase::Direction => {
                out.push(DIR_CLOCKWISE);
                out.push(DIR_COUNTER);
            }
            Phase::DealSize => {
                for k in self.opts.deal_min..=self.opts.deal_max {
                    out.push(DEAL + k as u16 - 1);
                }
            }
            Phase::ModeChoice => {
                for m in 0..3 {
                    out.push(MODE + m);
                }
            }
            Phase::Addon { .. } => {
                out.push(ADDON_ON);
                out.push(ADDON_OFF);
            }
            Phase::Turn => {
                let mut m = hand.mask(0);
                while m != 0 {
                    let k = m.trailing_zeros() as u8;
                    m &= m - 1;
                    if self.playable(me, k) {
                        out.push(PLAY + k as u16);
                    }
                }
                if self.can_draw() && (!self.drew || self.opts.draw_until_pass) {
                    out.push(DRAW);
                }
                if self.drew || out.is_empty() {
                    out.push(PASS);
                }
                // R69: the pair is a play, so it may follow a draw (R11).
                if self.pair_allowed(me) {
                    out.push(PLAYER_PAIR);
                }
                if self.rules.has(MATH)
                    && self
                        .math_target()
                        .is_some_and(|t| self.math_possible(me, t, NO_COLOR))
                {
                    out.push(MATH_START);
                }
            }
            Phase::Respond => {
                let mut answers = self.stack_answers(hand.mask(0), hand.len());
                if hand.count(WILD as usize) > 0
                    && self.rules.has(CARDS_GONE_WILD)
                    && self.wild_as_kinds(me) != 0
                {
                    answers |= 1 << WILD;
                }
                let mut m = answers;
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(PLAY + k);
                }
                out.push(ACCEPT);
                if self.stack.challengeable {
                    out.push(CHALLENGE);
                }
            }
            Phase::More => {
                let mut m = self.addable(me);
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(PLAY + k);
                }
                out.push(DONE);
            }
            Phase::Eddy { asker } => {
                let mut m = self.eddy_kinds(asker);
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(PLAY + k);
                }
                out.push(NO_EDDY);
                if self.math_eddy(asker) {
                    out.push(MATH_START);
                }
            }
            Phase::Tap { .. } => {
                out.push(TAP);
                out.push(NO_TAP);
            }
            Phase::Color { .. } => {
                for c in 0..4 {
                    out.push(COLOR + c);
                }
            }
            Phase::Target { .. } => {
                for t in 0..self.n {
                    if t != me {
                        out.push(TARGET + t as u16);
                    }
                }
            }
            Phase::OneWindow { .. } => {
                out.push(PLAY + self.one.kind as u16);
                out.push(NO_BLOCK);
            }
            Phase::Give { denied, .. } => {
                let mut m = hand.mask(0);
                if denied != NO_PLAY && m & !(1 << denied) != 0 {
                    m &= !(1 << denied);
                }
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(GIVE + k);
                }
            }
            Phase::Gift { .. } => {
                out.push(DENY);
                out.push(ACCEPT_GIFT);
            }
            Phase::RotateChoice => {
                out.push(ROTATE_ADD);
                out.push(ROTATE_CANCEL);
            }
            Phase::BuddyCard { buddy } => {
                let h = self.hands[buddy as usize].mask(0);
                let mut m = if color_of(self.one.kind) == 1 {
                    h
                } else {
                    h & NUMBERS
                };
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(BUDDY + k);
                }
            }
            Phase::AddWindow { asker } => {
                let mut m = self.add_kinds(asker);
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(PLAY + k);
                }
                out.push(NO_BLOCK);
            }
            Phase::Repo => {
                let mut m = self.repo_mask();
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(TAKE + k);
                }
            }
            Phase::Ask => {
                for k in 0..NUM_KINDS as u16 {
                    // The Joker cannot be fished for (L83-L84); nor a card not in play.
                    if k != JOKER as u16 && self.deck[k as usize] > 0 {
                        out.push(ASK + k);
                    }
                }
            }
            Phase::ZeroBlock { seat } => {
                let mut m = self.hands[seat as usize].mask(0) & ZEROS;
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(PLAY + k);
                }
                out.push(NO_BLOCK);
            }
            Phase::Block { .. } => {
                out.push(BLOCK);
                out.push(NO_BLOCK);
            }
            Phase::Keep => {
                // The pair is laid; every other card but the kept one follows it.
                let mut m = hand.mask(0) & !((1 << ASHLEY) | (1 << SNOWBOB));
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(KEEP + k);
                }
            }
            Phase::Compensate {
                offender,
                challenger,
            } => {
                let mut m = self.hands[offender as usize].mask(0);
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(GIVE + k);
                }
                let mut m = self.hands[challenger as usize].mask(0);
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(TAKE + k);
                }
                out.push(COMPENSATE_NONE);
            }
            Phase::WildAs => {
                let mut m = self.wild_as_kinds(me);
                while m != 0 {
                    let k = m.trailing_zeros() as u16;
                    m &= m - 1;
                    out.push(WILD_AS + k);
                }
            }
            Phase::Math => self.math_legal(out),
            Phase::CallUno => {
                out.push(CALL_UNO);
                out.push(SILENT);
            }
            Phase::Catch { .. } => {
                out.push(CATCH);
                out.push(NO_CATCH);
            }
        }
    }

    /// The kinds of `have` that answer the pending stack for a player holding `len` cards
    /// (5.1, 5.3, 9.1, 11.4).
    pub(crate) fn stack_answers(&self, have: u64, len: usize) -> u64 {
        let draws = if self.rules.has(JUMPING_JIMMYS) {
            // 11.4: Majors and Minors propagate each other.
            (1 << WILD_DRAW_FOUR) | MINORS
        } else if self.stack.major {
            1 << WILD_DRAW_FOUR
        } else {
            MINORS
        };
        let yellow = if len >= 2 { 1 << YELLOW_ONE } else { 0 };
        have & (draws | (1 << JOKER) | yellow)
    }

    /// Whether a card can be drawn (the draw pile, or the discard pile under its top card).
    pub(crate) fn can_draw(&self) -> bool {
        !self.pile.is_empty() || self.bottom_len > 0 || self.discard.len() > 1
    }

    /// Applies a legal action.
    pub(crate) fn step(&mut self, a: u16, log: &mut impl EventSink<Event>) {
        self.counters.actions += 1;
        let me = self.current;
        match self.phase {
            Phase::Over => unreachable!("no action is legal once the day is over"),
            Phase::Direction => {
                self.rules.clockwise = a == DIR_CLOCKWISE;
                log.event(Event::Direction {
                    clockwise: self.rules.clockwise,
                });
                self.phase = Phase::DealSize;
                self.next_dealer_question(log);
            }
            Phase::DealSize => {
                self.rules.deal = (a - DEAL + 1) as u8;
                log.event(Event::DealSize {
                    cards: self.rules.deal,
                });
                self.phase = Phase::ModeChoice;
                self.next_dealer_question(log);
            }
            Phase::ModeChoice => {
                self.rules.mode = Mode::ALL[(a - MODE) as usize];
                log.event(Event::ModeChosen {
                    mode: self.rules.mode,
                });
                self.phase = Phase::Addon { i: 0 };
                self.next_dealer_question(log);
            }
            Phase::Addon { i } => {
                let on = a == ADDON_ON;
                if on {
                    self.rules.addons |= 1 << i;
                }
                log.event(Event::AddonChosen { addon: i, on });
                self.phase = Phase::Addon { i: i + 1 };
                self.next_dealer_question(log);
            }
            Phase::Turn => match a {
                DRAW if self.on_doos(me) => self.upperdecker(me, log),
                DRAW => {
                    if let Some(c) = self.draw_card(log) {
                        self.hands[me as usize].add(c as usize);
                        log.event(Event::Drew { seat: me, card: c });
                    }
                    self.drew = true;
                }
                PASS => {
                    log.event(Event::Passed { seat: me });
                    let next = self.next_seat(me, 1);
                    self.begin_turn(next);
                }
                PLAYER_PAIR => {
                    self.phase = Phase::Keep;
                }
                MATH_START => {
                    let t = self.math_target().unwrap_or(0);
                    self.math_begin(me, t, NO_COLOR, false);
                }
                a => self.play_at_turn(me, (a - PLAY) as u8, log),
            },
            Phase::Respond => match a {
                ACCEPT => self.accept(me, log),
                CHALLENGE => self.challenge(me, log),
                a if a == PLAY + JOKER as u16 => self.joker_answer(me, log),
                a => self.play_at_turn(me, (a - PLAY) as u8, log),
            },
            Phase::WildAs => self.wild_as(me, (a - WILD_AS) as u8, log),
            Phase::Math => self.math_action(a, log),
            Phase::More => {
                // Done, or the last card that could join was laid (and the hand goes on).
                let k = (a - PLAY) as u8;
                let complete = a == DONE || (!self.lay(me, k, k, log) && self.addable(me) == 0);
                if complete {
                    self.resolve_play(me, log);
                }
            }
            Phase::Eddy { asker } => {
                if a == NO_EDDY {
                    match self.next_claimant(asker) {
                        Some(next) => self.phase = Phase::Eddy { asker: next },
                        None => self.begin_turn(me),
                    }
                } else if a == MATH_START {
                    let k = self.last_play;
                    self.math_begin(asker, number(k).unwrap_or(0), color_of(k), true);
                } else {
                    self.know.shown_all(asker, (a - PLAY) as u8);
                    self.phase = Phase::Tap {
                        claimant: asker,
                        kind: (a - PLAY) as u8,
                    };
                }
            }
            Phase::Tap { claimant, kind } => {
                if a == TAP && self.rng.chance(self.opts.deck_tap_probability) {
                    // The runner touched the pile first: the window closes (R25).
                    self.stats.taps_won += 1;
                    log.event(Event::TapWon { seat: me, claimant });
                    // A Math claim's operands stay in the claimant's hand.
                    self.math = MathPlay::default();
                    self.begin_turn(me);
                } else {
                    self.counters.jump_ins += 1;
                    log.event(Event::Eddied {
                        seat: claimant,
                        card: kind,
                    });
                    // R26: play goes on from the Eddy-er.
                    self.current = claimant;
                    self.eddied = true;
                    if self.math.len > 0 {
                        self.math_lay(claimant, log);
                    } else {
                        self.start_play(claimant, kind, kind, log);
                    }
                }
            }
            Phase::Color { why } => {
                let c = (a - COLOR) as u8;
                self.color = c;
                log.event(Event::ColorNamed { seat: me, color: c });
                match why {
                    ColorWhy::Plain | ColorWhy::Pair => self.end_play(me, 0, log),
                    ColorWhy::Major => {
                        let g = self.group;
                        self.push_stack(me, 4 * g.majors as u16, true, g.guilty);
                        self.end_play(me, 0, log);
                    }
                    ColorWhy::Exchange(card) => self.phase = Phase::Target { card },
                    ColorWhy::AfterAccept => {
                        let next = self.next_seat(me, 1);
                        self.turn_after_calls(me, next);
                    }
                }
            }
            Phase::Target { card } if number(card) == Some(0) => {
                self.fish_target = (a - TARGET) as u8;
                self.phase = Phase::Ask;
            }
            Phase::OneWindow { asker } => {
                if a != NO_BLOCK {
                    let k = self.one.kind;
                    self.block_from(asker, k);
                    self.one.blocked = !self.one.blocked;
                    self.stats.blocks += 1;
                    log.event(Event::Blocked {
                        seat: asker,
                        card: k,
                    });
                    if self.hands[asker as usize].is_empty() {
                        self.hand_over(asker, log);
                        return;
                    }
                    // A new round from the thrower's left.
                    self.one.next = self.next_seat(asker, 1);
                    self.one.left = self.n;
                }
                self.one_window(log);
            }
            Phase::Give { to, left, denied } => {
                let k = (a - GIVE) as u8;
                if denied == NO_PLAY && self.rng.chance(self.opts.red_show_probability) {
                    self.know.shown(to, me, k);
                    log.event(Event::Shown {
                        seat: me,
                        to,
                        card: k,
                    });
                    self.phase = Phase::Gift { to, kind: k, left };
                } else {
                    self.give(me, to, k, left, log);
                }
            }
            Phase::Gift { to, kind, left } => {
                if a == DENY && self.hands[me as usize].mask(0) & !(1 << kind) != 0 {
                    log.event(Event::Denied {
                        seat: to,
                        card: kind,
                    });
                    self.phase = Phase::Give {
                        to,
                        left,
                        denied: kind,
                    };
                } else {
                    self.give(me, to, kind, left, log);
                }
            }
            Phase::RotateChoice => {
                if a == ROTATE_ADD {
                    self.rotate_or_block(me, log);
                } else {
                    self.cancel_rotation(me, log);
                }
            }
            Phase::BuddyCard { buddy } => {
                // The buddy's card goes on the pile without its own effect (R40).
                let k = (a - BUDDY) as u8;
                self.discard_from(buddy, k);
                if !is_black(k) {
                    self.color = color_of(k);
                }
                log.event(Event::BuddyCard {
                    seat: buddy,
                    card: k,
                });
                self.owe_call(buddy);
                if self.hands[buddy as usize].is_empty() {
                    self.hand_over(buddy, log);
                    return;
                }
                self.magnitude_card(k, log);
            }
            Phase::AddWindow { asker } => {
                if a != NO_BLOCK {
                    let k = (a - PLAY) as u8;
                    self.discard.add(k as usize);
                    self.hands[asker as usize].remove(k as usize);
                    self.know.played(asker, k);
                    self.one.mag = self.one.mag.saturating_add(number(k).unwrap_or(0));
                    log.event(Event::Added {
                        seat: asker,
                        card: k,
                        magnitude: self.one.mag,
                    });
                    self.owe_call(asker);
                    if self.hands[asker as usize].is_empty() {
                        self.hand_over(asker, log);
                        return;
                    }
                    self.one.next = self.next_seat(asker, 1);
                    self.one.left = self.n;
                }
                self.add_window(log);
            }
            Phase::Repo => {
                let k = (a - TAKE) as u8;
                self.discard.remove(k as usize);
                self.hands[me as usize].add(k as usize);
                self.know.gained(me, k);
                // R37: not Eddied before the taker's next turn (nor played this turn: the
                // turn ends with the taking).
                self.repo_block[me as usize] |= 1 << k;
                log.event(Event::Repo { seat: me, card: k });
                self.one.count -= 1;
                if self.one.count == 0 || self.repo_mask() == 0 {
                    self.finish_one(log);
                }
            }
            Phase::Ask => {
                self.ask = (a - ASK) as u8;
                log.event(Event::Asked {
                    seat: me,
                    target: (self.fish_target != NO_SEAT).then_some(self.fish_target),
                    card: self.ask,
                });
                let first = if self.fish_target == NO_SEAT {
                    self.next_seat(me, 1)
                } else {
                    self.fish_target
                };
                self.fish_at(first, log);
            }
            Phase::ZeroBlock { seat } => {
                if a == NO_BLOCK {
                    self.fish_settle(seat, log);
                } else {
                    // R18: the blocking 0 goes on the pile; the top card and the colour in
                    // play stay.
                    let k = (a - PLAY) as u8;
                    self.block_from(seat, k);
                    self.stats.blocks += 1;
                    log.event(Event::Blocked { seat, card: k });
                    if self.hands[seat as usize].is_empty() {
                        self.hand_over(seat, log);
                        return;
                    }
                    self.fish_next(seat, log);
                }
            }
            Phase::Target { card } if is_one(card) => {
                // The Red One's receiver: `mag` cards go to them.
                self.phase = Phase::Give {
                    to: (a - TARGET) as u8,
                    left: self.one.mag,
                    denied: NO_PLAY,
                };
            }
            Phase::Target { card } => {
                let t = (a - TARGET) as u8;
                let blocker = if card == CHANGE_HANDS {
                    CHANGE_HANDS
                } else {
                    JOKER
                };
                if self.hands[t as usize].count(blocker as usize) > 0 {
                    self.phase = Phase::Block { card, target: t };
                } else {
                    self.exchange(me, t, log);
                    self.end_play(me, 0, log);
                }
            }
            Phase::Block { card, target } => {
                if a == BLOCK {
                    let blocker = if card == CHANGE_HANDS {
                        CHANGE_HANDS
                    } else {
                        JOKER
                    };
                    // R18: a block is not a play to follow; the top card and the colour in
                    // play stay.
                    self.block_from(target, blocker);
                    self.stats.blocks += 1;
                    log.event(Event::Blocked {
                        seat: target,
                        card: blocker,
                    });
                    if self.hands[target as usize].is_empty() {
                        self.hand_over(target, log);
                        return;
                    }
                } else if card < WILD && rank_of(card) == RANK_REVERSE {
                    return self.rotate(me, log);
                } else {
                    self.exchange(me, target, log);
                }
                let skips = if card < WILD && rank_of(card) == RANK_REVERSE {
                    self.rotation.skips
                } else {
                    0
                };
                self.end_play(me, skips, log);
            }
            Phase::Keep => {
                let kept = (a - KEEP) as u8;
                self.discard_from(me, ASHLEY);
                log.event(Event::Played {
                    seat: me,
                    card: ASHLEY,
                });
                let h = self.hands[me as usize];
                let mut discarded = 0u16;
                for (k, c) in h.iter() {
                    let k = k as u8;
                    let c = c - (k == kept) as u8 - (k == SNOWBOB) as u8;
                    for _ in 0..c {
                        self.hands[me as usize].remove(k as usize);
                        self.know.played(me, k);
                        self.discard.add(k as usize);
                    }
                    discarded += c as u16;
                }
                self.discard_from(me, SNOWBOB);
                log.event(Event::Played {
                    seat: me,
                    card: SNOWBOB,
                });
                self.last_play = NO_PLAY;
                self.stats.pairs += 1;
                log.event(Event::PairPlayed {
                    seat: me,
                    kept,
                    discarded,
                });
                self.phase = Phase::Color {
                    why: ColorWhy::Pair,
                };
            }
            Phase::Compensate {
                offender,
                challenger,
            } => {
                let (gave, took) = if a == COMPENSATE_NONE {
                    (None, None)
                } else if a < TAKE {
                    let k = (a - GIVE) as u8;
                    self.hands[offender as usize].remove(k as usize);
                    self.hands[challenger as usize].add(k as usize);
                    self.know.private_move(offender, challenger, k);
                    (Some(k), None)
                } else {
                    let k = (a - TAKE) as u8;
                    self.hands[challenger as usize].remove(k as usize);
                    self.hands[offender as usize].add(k as usize);
                    self.know.private_move(challenger, offender, k);
                    (None, Some(k))
                };
                log.event(Event::Compensated {
                    seat: offender,
                    gave,
                    took,
                });
                if self.hands[offender as usize].is_empty() {
                    // R16: on Uno, giving the last card takes the offender out.
                    self.hand_over(offender, log);
                    return;
                }
                if self.hands[challenger as usize].is_empty() {
                    // R64: taking the challenger's last card takes the challenger out (L40).
                    self.hand_over(challenger, log);
                    return;
                }
                self.owed_calls(challenger, self.resume);
            }
            Phase::CallUno => {
                let seat = self.uno_seat;
                if a == CALL_UNO {
                    log.event(Event::CalledUno { seat });
                    self.uno_done();
                } else {
                    log.event(Event::Silent { seat });
                    match self.opts.uno_catch_probability {
                        Some(p) => {
                            if self.rng.chance(p) {
                                log.event(Event::Caught { seat, by: None });
                                self.counters.uno_penalties += 1;
                                self.penalty(seat, 2, log);
                            }
                            self.uno_done();
                        }
                        None => {
                            self.phase = Phase::Catch {
                                asker: self.next_other(seat, seat),
                            }
                        }
                    }
                }
            }
            Phase::Catch { asker } => {
                let seat = self.uno_seat;
                if a == CATCH {
                    log.event(Event::Caught {
                        seat,
                        by: Some(asker),
                    });
                    self.counters.uno_penalties += 1;
                    self.penalty(seat, 2, log);
                    self.uno_done();
                } else {
                    let next = self.next_other(asker, seat);
                    if next == self.next_other(seat, seat) {
                        // A full round passed.
                        self.uno_done();
                    } else {
                        self.phase = Phase::Catch { asker: next };
                    }
                }
            }
        }
        self.cap_actions(log);
    }

    /// After an action: the day ends, truncated, once it has taken `max_actions` actions.
    #[inline]
    pub(super) fn cap_actions(&mut self, log: &mut impl EventSink<Event>) {
        if self.phase != Phase::Over && self.counters.actions >= self.opts.max_actions {
            self.truncated = true;
            self.phase = Phase::Over;
            log.event(Event::Truncated);
        }
    }

    /// The seat after `from` in turn order that is not `skip`.
    fn next_other(&self, from: u8, skip: u8) -> u8 {
        let s = self.next_seat(from, 1);
        if s == skip {
            self.next_seat(s, 1)
        } else {
            s
        }
    }

    pub(crate) fn outcome_inner(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let n = self.n as usize;
        let mut points = [0i32; MAX_PLAYERS];
        points[..n].copy_from_slice(&self.stats.points[..n]);
        let nappy = if self.truncated { None } else { self.nappy };
        // Placings: fewer hands lost is better, the Nappy last; then fewer points over the day.
        let mut order: [usize; MAX_PLAYERS] = std::array::from_fn(|i| i);
        order[..n].sort_by_key(|&s| {
            (
                Some(s as u8) == nappy,
                self.stats.lost[s],
                self.stats.points[s],
                s,
            )
        });
        let mut placing = [0u8; MAX_PLAYERS];
        for (rank, &s) in order[..n].iter().enumerate() {
            placing[s] = rank as u8 + 1;
        }
        Some(Outcome {
            num_players: self.n,
            // A loser-only game has no winner, and its loser is the Nappy (section 18).
            winner: None,
            loser: nappy,
            no_loser: false,
            placing,
            points,
            hands: self.hand_no as u32,
            ending: if self.truncated {
                Ending::Truncated
            } else {
                Ending::OutOfCards
            },
        })
    }

    // ---- read access ----

    pub fn options(&self) -> &UberOptions {
        &self.opts
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn stats(&self) -> &UberStats {
        &self.stats
    }
    pub fn hand(&self, seat: usize) -> &UberHand {
        &self.hands[seat]
    }
    pub fn discard_pile(&self) -> &UberHand {
        &self.discard
    }
    pub fn top(&self) -> u8 {
        self.top
    }
    pub fn color(&self) -> u8 {
        self.color
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
    pub fn stack(&self) -> &Stack {
        &self.stack
    }
    pub fn rules(&self) -> &HandRules {
        &self.rules
    }
    pub fn hand_no(&self) -> u16 {
        self.hand_no
    }
    pub fn nappy(&self) -> Option<u8> {
        self.nappy
    }
    pub fn draw_pile(&self) -> &DrawPile<MAX_CARDS> {
        &self.pile
    }
    /// The cards under the draw pile (R38 flips, the Yellow One's hand, draw-off cards), the
    /// very bottom first: drawn last to first once the pile above is empty.
    pub fn under_pile(&self) -> &[u8] {
        &self.bottom[..self.bottom_len as usize]
    }
    pub fn deck(&self) -> &[u8; NUM_KINDS] {
        &self.deck
    }
    pub fn uno_seat(&self) -> u8 {
        self.uno_seat
    }
    /// The Math play being laid (11.2), in `Phase::Math` and a Math Eddy's `Phase::Tap`.
    pub fn math(&self) -> &MathPlay {
        &self.math
    }
    /// Who knows which cards of whose (section 17).
    pub fn knowledge(&self) -> &Knowledge {
        &self.know
    }
}

/// Math operands (R61): the number cards 2-9 of every colour.
pub const MATH_OPERANDS: u64 = NUMBERS & !ZEROS & !ONES;

/// `op` (`+ - x / avg`; `NO_OP` for the first operand) applied left to right to a Math play
/// of `len` operands with `value` and operand sum `sum`, and operand `v`: the new value and
/// sum, or `None` when the step is not a whole number (an inexact division or mean, R61).
#[inline]
pub(crate) fn math_step(op: u8, value: i32, sum: i32, len: u8, v: i32) -> Option<(i32, i32)> {
    let sum = sum + v;
    let value = match op {
        NO_OP => v,
        0 => value + v,
        1 => value - v,
        2 => value * v,
        3 if value % v == 0 => value / v,
        4 if sum % (len as i32 + 1) == 0 => sum / (len as i32 + 1),
        _ => return None,
    };
    Some((value, sum))
}

/// Whether a Math play of `len` operands standing at `value` (operand sum `sum`) can be
/// completed to make `target` with at most `max` operands, `ops` operators and the operands
/// left in `avail` (counts by value): it makes it now (two operands at least), or one more
/// operator and operand lead to a completion. A bounded depth-first search (at most
/// `max - len` more operands), allocation-free; the last operand is solved for, not searched.
pub(crate) fn math_reach(
    target: i32,
    max: u8,
    ops: u8,
    value: i32,
    sum: i32,
    len: u8,
    avail: &mut [u8; 10],
) -> bool {
    debug_assert!(len >= 1);
    if len >= 2 && value == target {
        return true;
    }
    if len >= max {
        return false;
    }
    if math_last(target, ops, value, sum, len, avail) {
        return true;
    }
    if len + 1 >= max {
        return false;
    }
    for op in 0..ops {
        for v in 2..10 {
            if avail[v] == 0 {
                continue;
            }
            let Some((x, s)) = math_step(op, value, sum, len, v as i32) else {
                continue;
            };
            avail[v] -= 1;
            let ok = math_reach(target, max, ops, x, s, len + 1, avail);
            avail[v] += 1;
            if ok {
                return true;
            }
        }
    }
    false
}

/// Whether one more operator (of the first `ops`) and operand of `avail` take a Math play of
/// `len` operands at `value` (sum `sum`) to `target`: `math_step` solved for the operand.
#[inline]
fn math_last(target: i32, ops: u8, value: i32, sum: i32, len: u8, avail: &[u8; 10]) -> bool {
    let has = |v: i32| (2..10).contains(&v) && avail[v as usize] > 0;
    let any = || avail[2..].iter().any(|&a| a > 0);
    // + and -.
    if has(target - value) || has(value - target) {
        return true;
    }
    // x: value * v = target.
    if value == 0 {
        if target == 0 && any() {
            return true;
        }
    } else if target % value == 0 && has(target / value) {
        return true;
    }
    // /: value = v * target exactly.
    if target == 0 {
        if value == 0 && any() {
            return true;
        }
    } else if value % target == 0 && has(value / target) {
        return true;
    }
    // avg: the mean of the len + 1 operands.
    ops > 4 && has(target * (len as i32 + 1) - sum)
}
