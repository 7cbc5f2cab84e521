//! What one Über Uno player may know (`docs/rules/uber.md` section 17): their own hand, the
//! public table (the discard pile, sizes, the stack, the Wild One being resolved, the phase),
//! the lower bounds of the cards they know are in each other hand (`known`), and what they
//! know of the cards put under the draw pile (flipped cards, their own Yellow One blocks).
//! Nothing of other hands' unknown cards, of what others know, of the draw pile's order, nor
//! of a Major's guilt or a gift's kind they did not see.

use super::cards::NUM_KINDS;
use super::knowledge::EVERYONE;
use super::state::{
    HandRules, MathPlay, OneAction, Phase, Resume, Rotation, Stack, UberHand, UberState,
};
use super::UberOptions;
use crate::game::{DecisionKind, Game, Seat, MAX_PLAYERS};

/// A kind the viewer did not see (in `UberView::phase`: the Red One's shown or denied card).
pub const HIDDEN_KIND: u8 = 0xfe;

/// A stretch of the cards under the draw pile, as the viewer knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BottomRun {
    /// A flipped card (Russian, the upperdecker), known to everyone at its place.
    Public(u8),
    /// Cards of the viewer's own Yellow One exchanges: these kinds, in an unknown order.
    Own(UberHand),
    /// Cards the viewer does not know.
    Hidden(u16),
}

#[derive(Clone, Debug)]
pub struct UberView {
    pub seat: Seat,
    pub num_players: u8,
    pub to_act: Option<(Seat, DecisionKind)>,
    /// The phase, with a kind the viewer did not see replaced by `HIDDEN_KIND`.
    pub phase: Phase,
    pub hand: UberHand,
    pub hand_sizes: [u16; MAX_PLAYERS],
    /// Lower bounds: copies of each kind the viewer knows are in each other hand (zero for
    /// the viewer's own seat).
    pub known: [[u8; NUM_KINDS]; MAX_PLAYERS],
    /// Every card on the discard pile (it is face up; the Green One may take any).
    pub discard: UberHand,
    pub top: u8,
    pub color: u8,
    pub clockwise: bool,
    pub current: Seat,
    pub dealer: Seat,
    /// The draw stack; `guilty` is shown only to the player of its last Major.
    pub stack: Stack,
    /// The colour in play before the last Major (the challenge's colour).
    pub major_color: u8,
    pub rules: HandRules,
    pub hand_no: u16,
    pub lost: [u16; MAX_PLAYERS],
    /// Cards in the draw pile above the cards put under it (their order is hidden).
    pub draw_pile: u16,
    /// The cards put under the draw pile, from the next to be drawn down to the very bottom.
    pub bottom: Vec<BottomRun>,
    pub bottom_len: u16,
    /// The Wild One being resolved, the rotation, the Fast Eddy window's card and player.
    pub one: OneAction,
    pub rotation: Rotation,
    pub last_play: u8,
    pub last_player: Seat,
    pub eddied: bool,
    pub drew: bool,
    /// A Math play being laid (11.2): its player, target, colour and the operands laid face
    /// up so far (public).
    pub math: MathPlay,
    pub uno_seat: Seat,
    pub resume: Resume,
    /// A fishing 0's target (`NO_SEAT`: everyone) and the kind asked for (public, R28).
    pub fish_target: u8,
    pub ask: u8,
    pub options: UberOptions,
}

impl UberView {
    pub fn new(st: &UberState, seat: Seat) -> Self {
        let n = st.num_players();
        let v = seat as usize;
        let mut hand_sizes = [0u16; MAX_PLAYERS];
        let mut known = [[0u8; NUM_KINDS]; MAX_PLAYERS];
        for s in 0..n {
            hand_sizes[s] = st.hand(s).len() as u16;
            if s != v {
                known[s] = *st.know.known(v, s);
            }
        }
        UberView {
            seat,
            num_players: n as u8,
            to_act: st.to_act(),
            phase: visible_phase(st, seat),
            hand: *st.hand(v),
            hand_sizes,
            known,
            discard: *st.discard_pile(),
            top: st.top(),
            color: st.color(),
            clockwise: st.clockwise(),
            current: st.current(),
            dealer: st.dealer(),
            stack: visible_stack(st, seat),
            major_color: st.know.major_color,
            rules: *st.rules(),
            hand_no: st.hand_no(),
            lost: st.stats().lost,
            draw_pile: st.draw_pile().len() as u16,
            bottom: bottom_runs(st, seat),
            bottom_len: st.bottom_len,
            one: st.one,
            rotation: st.rotation,
            last_play: st.last_play,
            last_player: st.last_player,
            eddied: st.eddied,
            drew: st.drew,
            math: *st.math(),
            uno_seat: st.uno_seat,
            resume: st.resume,
            fish_target: st.fish_target,
            ask: st.ask,
            options: *st.options(),
        }
    }
}

/// The phase as `viewer` sees it: the Red One's card is seen by its giver and receiver only.
pub(crate) fn visible_phase(st: &UberState, viewer: Seat) -> Phase {
    let sees = |to: u8| viewer == st.current || viewer == to;
    match st.phase {
        Phase::Gift { to, left, .. } if !sees(to) => Phase::Gift {
            to,
            kind: HIDDEN_KIND,
            left,
        },
        Phase::Give { to, left, denied } if denied != super::state::NO_PLAY && !sees(to) => {
            Phase::Give {
                to,
                left,
                denied: HIDDEN_KIND,
            }
        }
        p => p,
    }
}

/// The stack as `viewer` sees it: a Major's guilt is known to its player only (and matters
/// only while it can be challenged).
pub(crate) fn visible_stack(st: &UberState, viewer: Seat) -> Stack {
    let mut s = st.stack;
    if !(s.challengeable && s.hitter == viewer) {
        s.guilty = false;
    }
    s
}

/// The cards under the draw pile as `viewer` knows them (runs from the next drawn down).
fn bottom_runs(st: &UberState, viewer: Seat) -> Vec<BottomRun> {
    let mut runs = Vec::new();
    for i in (0..st.bottom_len as usize).rev() {
        let k = st.bottom[i];
        match st.know.bottom_knower(i) {
            EVERYONE => runs.push(BottomRun::Public(k)),
            w if w == viewer => match runs.last_mut() {
                Some(BottomRun::Own(h)) => h.add(k as usize),
                _ => {
                    let mut h = UberHand::new();
                    h.add(k as usize);
                    runs.push(BottomRun::Own(h));
                }
            },
            _ => match runs.last_mut() {
                Some(BottomRun::Hidden(c)) => *c += 1,
                _ => runs.push(BottomRun::Hidden(1)),
            },
        }
    }
    runs
}
