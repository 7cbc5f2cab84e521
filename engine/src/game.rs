//! The variant-independent interface every game implements (OpenSpiel's Game/State split, folded
//! into one `Game` trait because a state carries its own validated options).
//!
//! A state is advanced only by player decisions; chance (shuffles, draws, coin flips) is resolved
//! inside `apply` through the state's own seeded [`Rng`](crate::Rng), so a state plus an action
//! sequence fully determines a game.

use crate::action::{Action, ActionList};

/// Seat index, `0..num_players`.
pub type Seat = u8;

/// Most players any variant seats.
pub const MAX_PLAYERS: usize = 10;

/// What kind of decision the player to act faces. Shared by all variants so agents can branch on
/// it without knowing the variant; each variant documents which kinds it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// Normal turn: play a card (colour folded into the action for wilds) or draw.
    Play,
    /// After drawing: play the drawn card or keep it.
    PostDraw,
    /// Name a colour outside a card play (e.g. a Wild turned up as the first discard).
    ChooseColor,
    /// Choose a target player (e.g. the hand swap of a 7 under seven-zero).
    ChooseTarget,
    /// Just went down to one card: call UNO or stay silent.
    CallUno,
    /// An opponent failed to call UNO: catch them or not.
    CatchUno,
    /// An attack is pending against you: accept, stack, defend, deflect, challenge.
    Respond,
    /// Out of turn: jump in with an identical card or let play go on.
    JumpIn,
    /// Give a chosen card to a chosen player (reserved for house variants).
    GiveCard,
    /// A choice all players make at once, collected one seat at a time without revealing the
    /// others' answers (reserved for house variants, e.g. Blender's Point Taken).
    Simultaneous,
    /// Pick a number, e.g. the dealer choosing how many cards to deal (Hot Death).
    ChooseNumber,
}

impl DecisionKind {
    pub const ALL: [DecisionKind; 11] = [
        DecisionKind::Play,
        DecisionKind::PostDraw,
        DecisionKind::ChooseColor,
        DecisionKind::ChooseTarget,
        DecisionKind::CallUno,
        DecisionKind::CatchUno,
        DecisionKind::Respond,
        DecisionKind::JumpIn,
        DecisionKind::GiveCard,
        DecisionKind::Simultaneous,
        DecisionKind::ChooseNumber,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A player went out (single hand) or reached the match target.
    OutOfCards,
    /// The action cap was hit before the game ended.
    Truncated,
}

impl Ending {
    /// The snake_case name every output uses (as serde writes it).
    pub fn name(self) -> &'static str {
        match self {
            Ending::OutOfCards => "out_of_cards",
            Ending::Truncated => "truncated",
        }
    }
}

/// Per-player result of a finished (or truncated) game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub num_players: u8,
    /// The winner, `None` when truncated (and in a loser-only game).
    pub winner: Option<Seat>,
    /// The loser of a loser-only game (Über Uno's Nappy), `None` in every other game and when
    /// truncated.
    pub loser: Option<Seat>,
    /// A loser-only game that ended by its rules with no loser (the Constitution's elimination
    /// mode when the last two players leave together): every seat counts as not having lost.
    /// `false` in every other game, and when truncated.
    pub no_loser: bool,
    /// Placing per seat, 1 = best. Variants document their tie-breaks.
    pub placing: [u8; MAX_PLAYERS],
    /// Points per seat: the card points left in each hand (single hand) or the cumulative match
    /// score (match mode). The variant documents which is better (higher or lower).
    pub points: [i32; MAX_PLAYERS],
    /// Number of hands played (1 for a single hand).
    pub hands: u32,
    pub ending: Ending,
}

impl Outcome {
    /// Whether `seat` won: it is the winner, or, in a loser-only game, it is not the loser (a
    /// day not lost). Every win rate, rating, tournament table and balance estimate counts
    /// this, so a loser-only game's "win rate" is the rate of avoiding the loss.
    #[inline]
    pub fn won(&self, seat: Seat) -> bool {
        match self.loser {
            Some(l) => l != seat,
            None => self.no_loser || self.winner == Some(seat),
        }
    }
}

/// Counters a game keeps as it runs, summed by the batch runner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameCounters {
    /// Decisions applied (all kinds, all players).
    pub actions: u32,
    /// Normal turns taken (Play decisions applied).
    pub turns: u32,
    /// Cards drawn from the draw pile for any reason.
    pub cards_drawn: u32,
    /// Times the discard pile was shuffled back into the draw pile.
    pub reshuffles: u32,
    /// Wild Draw 4 challenges made, and how many found the player guilty.
    pub challenges: u32,
    pub challenges_won: u32,
    /// UNO penalties applied for a missed call.
    pub uno_penalties: u32,
    /// Jump-ins made.
    pub jump_ins: u32,
    /// Hands won per seat (match play; 1 for the winner of a single hand).
    pub hand_wins: [u16; MAX_PLAYERS],
    /// How hands ended, by [`HAND_ENDINGS`] index: out of cards, the four bastard cards (Hot
    /// Death), the last player standing, a two-player Quitter, everyone eliminated.
    pub endings: [u32; 5],
    /// How the last hand ended ([`HAND_ENDINGS`] index; 0 before any hand ended).
    pub last_ending: u8,
}

impl GameCounters {
    /// How a game that ended with `ending` ended, by name: `truncated` at the decision cap,
    /// else how its last hand ended (`out_of_cards`, `quitter`, ...: [`HAND_ENDINGS`]).
    pub fn ending_name(&self, ending: Ending) -> &'static str {
        match ending {
            Ending::Truncated => Ending::Truncated.name(),
            Ending::OutOfCards => HAND_ENDINGS[self.last_ending as usize],
        }
    }
}

/// Names of the `GameCounters::endings` slots.
pub const HAND_ENDINGS: [&str; 5] = [
    "out_of_cards",
    "bastard_cards",
    "last_standing",
    "quitter",
    "all_eliminated",
];

/// Most counters a game reports of its own statistics ([`Game::variant_counters`]).
pub const VARIANT_COUNTERS: usize = 64;

/// Most seat categories a variant names ([`Game::seat_categories`]: one bit each of a `u64`).
pub const MAX_SEAT_CATEGORIES: usize = 64;

/// How the tools summarise one of a variant's own statistics over a batch of games. Every
/// statistic is one or more integer counters a game reports at its end
/// ([`Game::variant_counters`]); the batch adds them up (and keeps their largest value), so the
/// summary is the same whatever the thread count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatSummary {
    /// One counter: its total and its mean per game.
    PerGame,
    /// [`MAX_PLAYERS`] counters, one per seat: each seat's total and mean per game.
    PerSeat,
    /// One counter: its total divided by the total of the [`StatSummary::PerGame`] statistic
    /// named here (e.g. the debt summed over turns, per turn: the mean debt at a turn).
    PerUnit(&'static str),
    /// One counter, the game's largest value of something: the largest over the games, and the
    /// mean of the games' values.
    Max,
    /// One counter per label (the bins of a histogram, e.g. `0`, `1`, ..., `26+`): each bin's
    /// total and its share of all the bins' total.
    Histogram(&'static [&'static str]),
}

impl StatSummary {
    /// How many counters a statistic of this kind takes.
    pub const fn slots(self) -> usize {
        match self {
            StatSummary::PerGame | StatSummary::PerUnit(_) | StatSummary::Max => 1,
            StatSummary::PerSeat => MAX_PLAYERS,
            StatSummary::Histogram(labels) => labels.len(),
        }
    }
}

/// One of a variant's own statistics ([`Game::VARIANT_STATS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatDoc {
    /// Its key in the outputs (snake_case).
    pub name: &'static str,
    /// What one game's counter counts.
    pub meaning: &'static str,
    pub summary: StatSummary,
}

/// Counters the statistics `docs` take in all (their slots follow each other in `docs` order).
pub const fn stat_slots(docs: &[StatDoc]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < docs.len() {
        n += docs[i].summary.slots();
        i += 1;
    }
    n
}

/// Writes a game's variant counters in order, statistic after statistic (see
/// [`Game::variant_counters`]).
pub struct CounterWriter<'a> {
    out: &'a mut [u64; VARIANT_COUNTERS],
    at: usize,
}

impl<'a> CounterWriter<'a> {
    pub fn new(out: &'a mut [u64; VARIANT_COUNTERS]) -> Self {
        CounterWriter { out, at: 0 }
    }
    /// The next counter.
    #[inline]
    pub fn push(&mut self, v: u64) {
        self.out[self.at] = v;
        self.at += 1;
    }
    /// The next counters (a per-seat statistic: exactly [`MAX_PLAYERS`] values).
    #[inline]
    pub fn extend(&mut self, vs: impl IntoIterator<Item = u64>) {
        for v in vs {
            self.push(v);
        }
    }
    /// Counters written so far.
    pub fn written(&self) -> usize {
        self.at
    }
}

/// An illegal action: the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    /// The game is over; nothing may be applied.
    GameOver,
    /// The id is outside `0..NUM_ACTIONS`.
    OutOfRange { action: Action, num_actions: usize },
    /// The id is valid but not legal now.
    NotLegal {
        action: Action,
        seat: Seat,
        decision: DecisionKind,
    },
}

impl std::fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IllegalAction::GameOver => write!(f, "the game is over"),
            IllegalAction::OutOfRange {
                action,
                num_actions,
            } => write!(f, "action {action} is outside 0..{num_actions}"),
            IllegalAction::NotLegal {
                action,
                seat,
                decision,
            } => write!(
                f,
                "action {action} is not legal for seat {seat} at a {decision:?} decision"
            ),
        }
    }
}
impl std::error::Error for IllegalAction {}

/// Receives the events of a game as they happen (used by `replay`; the hot path uses
/// [`NoEvents`], which compiles away).
pub trait EventSink<E> {
    fn event(&mut self, e: E);
}

/// Event sink that drops everything.
pub struct NoEvents;
impl<E> EventSink<E> for NoEvents {
    #[inline(always)]
    fn event(&mut self, _e: E) {}
}

/// A `dyn` sink passed where a state machine takes `impl EventSink` (a variant's
/// `apply_logged`).
pub struct DynSink<'a, E>(pub &'a mut dyn EventSink<E>);
impl<E> EventSink<E> for DynSink<'_, E> {
    #[inline]
    fn event(&mut self, e: E) {
        self.0.event(e)
    }
}

/// The seat `steps` places from `from` round a table of `n`, clockwise (increasing seat
/// numbers) or not. No division: variants call it several times a turn.
#[inline]
pub fn seat_after(from: u8, steps: u8, n: u8, clockwise: bool) -> u8 {
    let mut s = steps;
    while s >= n {
        s -= n;
    }
    if clockwise {
        let t = from + s;
        if t >= n {
            t - n
        } else {
            t
        }
    } else if from >= s {
        from - s
    } else {
        from + n - s
    }
}

/// The first seat of `set` after `from` round the table, clockwise (increasing seat numbers)
/// or not, `from` itself last: the seat a walk of `seat_after(.., 1, ..)` steps meets first,
/// found on the mask's bits. `set` holds seats below the table size, `from` is a seat below
/// 16; `None` when `set` is empty. Without branches on the direction or on where the seat
/// lies (both follow the random play in random self-play): the set is rotated so that the seat
/// after `from` (clockwise) is its lowest bit, or the seat before it (counter-clockwise) its
/// highest, and the direction's answer selected.
#[inline]
pub fn first_seat_after(set: u16, from: u8, clockwise: bool) -> Option<u8> {
    debug_assert!(from < 16);
    let f = from as u32;
    let cw = (f + 1 + set.rotate_right((f + 1) & 15).trailing_zeros()) & 15;
    let ccw = (f + 15 - set.rotate_left((16 - f) & 15).leading_zeros()) & 15;
    let s = std::hint::select_unpredictable(clockwise, cw, ccw) as u8;
    (set != 0).then_some(s)
}

impl<E> EventSink<E> for Vec<E> {
    fn event(&mut self, e: E) {
        self.push(e);
    }
}

/// A game state of one variant. Cloning must be cheap (a flat copy, no heap): MCTS clones it
/// millions of times.
pub trait Game: Clone + Send + Sync + 'static {
    /// Width of the dense action space (the policy-head width).
    const NUM_ACTIONS: usize;
    /// What one player may know (see each variant's `view`).
    type View: Clone + Send + Sync;
    /// Events emitted by `apply_logged`.
    type Event: Clone + std::fmt::Debug + std::fmt::Display + Send;

    fn num_players(&self) -> usize;
    /// Who decides and what kind of decision; `None` when the game is over.
    fn to_act(&self) -> Option<(Seat, DecisionKind)>;
    /// Writes the legal actions (ascending) into `out` (cleared first). Empty iff terminal.
    fn legal_actions(&self, out: &mut ActionList);
    /// A uniformly random legal action, chosen exactly as `legal[rng.below(legal.len())]` would
    /// be over the ascending list from `legal_actions` (same result for the same `rng` state).
    /// Variants may override it with a path that does not build the list (the random agent's
    /// fast path in the batch runner). Must not be called on a terminal state.
    fn sample_legal(&self, rng: &mut crate::Rng) -> Action {
        let mut legal = ActionList::new();
        self.legal_actions(&mut legal);
        legal[rng.below(legal.len() as u32) as usize]
    }
    /// Plays the game to its end with every seat choosing uniformly at random, seat `s` drawing
    /// from `rngs[s]`: exactly the actions, and so exactly the final state, of the loop
    /// `while let Some((s, _)) = to_act() { apply_unchecked(sample_legal(&mut rngs[s])) }`
    /// (the default). Variants may override it with a fused loop (the batch runner's path when
    /// every seat is the random agent). `rngs` must hold at least `num_players()` generators.
    fn play_random(&mut self, rngs: &mut [crate::Rng]) {
        while let Some((seat, _)) = self.to_act() {
            let a = self.sample_legal(&mut rngs[seat as usize]);
            self.apply_unchecked(a);
        }
    }
    /// Strict apply: an illegal action returns an error and leaves the state unchanged.
    fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        self.check(a)?;
        self.apply_unchecked(a);
        Ok(())
    }
    /// Is `a` legal now? `Ok` if so, the reason otherwise. The default builds the legal list;
    /// a variant may answer faster.
    fn check(&self, a: Action) -> Result<(), IllegalAction> {
        let Some((seat, decision)) = self.to_act() else {
            return Err(IllegalAction::GameOver);
        };
        if a as usize >= Self::NUM_ACTIONS {
            return Err(IllegalAction::OutOfRange {
                action: a,
                num_actions: Self::NUM_ACTIONS,
            });
        }
        let mut legal = ActionList::new();
        self.legal_actions(&mut legal);
        if legal.contains(a) {
            Ok(())
        } else {
            Err(IllegalAction::NotLegal {
                action: a,
                seat,
                decision,
            })
        }
    }
    /// Fast path: `a` must come from `legal_actions` (debug builds assert it).
    fn apply_unchecked(&mut self, a: Action);
    /// Strict apply that also reports what happened, chance results included.
    fn apply_logged(
        &mut self,
        a: Action,
        log: &mut dyn EventSink<Self::Event>,
    ) -> Result<(), IllegalAction>;
    fn is_terminal(&self) -> bool {
        self.to_act().is_none()
    }
    /// The result, once terminal.
    fn outcome(&self) -> Option<Outcome>;
    fn counters(&self) -> &GameCounters;
    /// The variant's own statistics, as the outputs name and summarise them (`uno simulate`'s
    /// `variant` section); empty (the default) when it has none. They take at most
    /// [`VARIANT_COUNTERS`] counters in all ([`stat_slots`]).
    const VARIANT_STATS: &'static [StatDoc] = &[];
    /// Writes the game's counters of [`Game::VARIANT_STATS`] into `out`, in their order, each
    /// statistic taking [`StatSummary::slots`] counters (a [`CounterWriter`] keeps the place).
    /// Read once, at the end of a game; the default writes nothing.
    fn variant_counters(&self, _out: &mut [u64; VARIANT_COUNTERS]) {}
    /// Names of the categories a seat can fall in, by bit of [`Game::seat_categories`] (at most
    /// [`MAX_SEAT_CATEGORIES`]); empty (the default) when the variant has none. The outputs give
    /// the win rate per category.
    const SEAT_CATEGORIES: &'static [&'static str] = &[];
    /// The categories `seat` falls in, one bit per [`Game::SEAT_CATEGORIES`] entry. Read on the
    /// freshly dealt state, before any decision (what a seat was dealt, e.g. Uno Debt's buying
    /// power, however it changes later). The default: none.
    fn seat_categories(&self, _seat: Seat) -> u64 {
        0
    }
    /// What `seat` may know.
    fn view(&self, seat: Seat) -> Self::View;
    /// Human-readable name of an action id.
    fn action_name(&self, a: Action) -> String;
}

/// What a searcher presumes about opponents' play where the rules leave it unchecked; the
/// determinization samples hidden cards accordingly (see [`SearchGame::determinize`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Priors {
    /// Probability (0..=1) that an opponent followed a rule the searcher cannot check (classic:
    /// played a Wild Draw Four without holding the colour in play).
    pub honesty: f64,
    /// Probability (0..=1) that an opponent who drew at a normal turn had no card it could play,
    /// where the rules let a player draw anyway (classic: the official draw rule). Where the
    /// rules allow a draw only when stuck, the engine treats such draws as certain evidence.
    pub stuck: f64,
    /// How far each seat's play is presumed sensible (0..=1, per seat): `honesty` and `stuck`
    /// are applied to seat `s` scaled by `trust[s]`. 1 (the default) takes them as they are;
    /// 0 treats the seat as a player choosing at random, whose unchecked plays and voluntary
    /// draws say nothing about its cards. Set by a searcher that models its opponents
    /// (IS-MCTS `opp_model=observed`).
    pub trust: [f64; MAX_PLAYERS],
}

impl Default for Priors {
    /// Nothing presumed: every hidden arrangement consistent with the rules alone.
    fn default() -> Self {
        Priors {
            honesty: 0.0,
            stuck: 0.0,
            trust: [1.0; MAX_PLAYERS],
        }
    }
}

/// What search agents need beyond the rules: sampling the hidden information consistently with
/// what one player knows, and a cheap value estimate for unfinished games.
pub trait SearchGame: Game {
    /// A full state that `viewer` cannot tell apart from this one: everything the viewer may
    /// know (their view) is kept, every hidden card (other hands, the draw pile's order, hidden
    /// flags that depend on them) is resampled among the arrangements consistent with it, and
    /// the state's own chance stream is replaced by one seeded from `rng`. The result must
    /// depend only on `self.view(viewer)`, `priors` and `rng`, never on the hidden cards
    /// themselves.
    ///
    /// `priors` say how far to trust opponents' play where the rules cannot be checked: with
    /// probability `honesty` (per such event) the hidden cards are sampled consistently with
    /// honest play, and with probability `stuck` (per opponent) consistently with its draws
    /// having been forced; otherwise uniformly. Variants without such rules ignore them.
    fn determinize(&self, viewer: Seat, priors: Priors, rng: &mut crate::Rng) -> Self;
    /// Estimated share of the win for each seat (sums to 1 over the seats in play): the exact
    /// result at a terminal state, a heuristic estimate otherwise.
    fn value_estimate(&self) -> [f64; MAX_PLAYERS];
}

/// Where the card kind swapped into a hand came from (see [`CardGame::swap_into_hand`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapSource {
    /// Another player's hand.
    Hand(Seat),
    /// The undrawn part of the draw pile (the filler takes the card's place in the pile).
    DrawPile,
}

/// What an opening-hand swap did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwapRecord {
    /// The plain number card that left the seat's hand.
    pub filler: usize,
    /// Where the swapped-in card was, which is where the filler went.
    pub source: SwapSource,
}

/// Card-level access for balance experiments (`uno balance`): the card table, who holds what,
/// which card an action plays, a census of every card, and the paired opening-hand swap.
/// Every variant implements it, so the balance report works for every variant unchanged.
pub trait CardGame: Game {
    /// The variant's static card table; a kind id indexes it.
    fn card_table(&self) -> &'static [crate::cards::CardInfo];
    /// Whether `kind` is a plain number card: a card whose only effect is to match. The swap
    /// puts such a card back where the swapped-in card was.
    fn is_plain_number(&self, kind: usize) -> bool;
    /// Copies of `kind` in `seat`'s hand.
    fn held(&self, seat: Seat, kind: usize) -> u32;
    /// The card kind that action `a` plays from the acting player's hand in this state, or
    /// `None` if `a` plays no card.
    fn played_kind(&self, a: Action) -> Option<usize>;
    /// Adds the number of copies of every kind in every location (hands, piles, cards in
    /// front of players) to `out` (length `card_table().len()`). For a fixed deck the result
    /// equals the deck's composition at every point of a game.
    fn census(&self, out: &mut [u32]);
    /// The balance experiment's swap, made on a freshly dealt state before any decision: one
    /// copy of `kind` that is outside `seat`'s hand (in another hand or in the undrawn part of
    /// the draw pile, never on the discard pile), chosen uniformly among such copies, moves
    /// into `seat`'s hand, and one plain number card of another kind, chosen uniformly among
    /// the copies in `seat`'s hand, takes its place. Hand sizes, the draw pile's size and the
    /// state's chance stream are unchanged, so the swapped game replays the as-dealt game's
    /// chance exactly until play diverges. `None` (state unchanged) when no copy of `kind` is
    /// outside the hand or the hand holds no such plain number card.
    fn swap_into_hand(
        &mut self,
        seat: Seat,
        kind: usize,
        rng: &mut crate::Rng,
    ) -> Option<SwapRecord>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_seat_after_is_what_a_walk_meets_first() {
        for n in 1..=MAX_PLAYERS as u8 {
            for set in 0..1u16 << n {
                for from in 0..n {
                    for clockwise in [true, false] {
                        let mut want = None;
                        let mut s = from;
                        for _ in 0..n {
                            s = seat_after(s, 1, n, clockwise);
                            if set >> s & 1 != 0 {
                                want = Some(s);
                                break;
                            }
                        }
                        assert_eq!(
                            first_seat_after(set, from, clockwise),
                            want,
                            "n {n} set {set:b} from {from} clockwise {clockwise}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn first_seat_after_is_the_mask_search_on_a_16_seat_ring() {
        // Every set of a 16-seat ring, every seat and direction, against the plain search:
        // the first seat above `from` (below it, counter-clockwise), else the lowest
        // (highest) seat of the set.
        for clockwise in [true, false] {
            for from in 0..16u8 {
                for set in 0..=u16::MAX {
                    let want = (set != 0).then(|| {
                        if clockwise {
                            let above = set & !((2u32 << from) - 1) as u16;
                            let m = if above != 0 { above } else { set };
                            m.trailing_zeros() as u8
                        } else {
                            let below = set & ((1u32 << from) - 1) as u16;
                            let m = if below != 0 { below } else { set };
                            15 - m.leading_zeros() as u8
                        }
                    });
                    assert_eq!(
                        first_seat_after(set, from, clockwise),
                        want,
                        "{set:#x} {from}"
                    );
                }
            }
        }
    }
}
