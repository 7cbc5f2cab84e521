//! What one player may know in classic UNO.
//!
//! A view holds the public state (top card, colour, direction, every hand's size, the discard
//! pile's contents, the draw pile's size, scores, whose decision it is) plus the viewer's own hand.
//! Other hands and the draw pile's order are never in it, with one exception the rules grant: the
//! hand a Wild Draw Four player showed to the viewer when the viewer challenged (as it was when
//! shown; it stays in the view until the next challenge or hand). Other information a player could
//! only *remember* (e.g. the hand they gave away with a 7 under seven-zero, or cards seen drawn)
//! is not tracked by the engine; agents that want it keep their own memory. The one piece of
//! public history the view does carry is [`DrawEvidence`]: which colours each hand's holder drew
//! on at a normal turn, and how many cards that hand has taken since.

use super::cards::NUM_KINDS;
use super::options::ClassicOptions;
use super::state::{ClassicHand, ClassicState, DrawEvidence};
use crate::game::{DecisionKind, Game, Seat, MAX_PLAYERS};

#[derive(Clone, Debug)]
pub struct ClassicView {
    pub seat: Seat,
    pub num_players: u8,
    /// Who decides now and what kind of decision (None when the game is over).
    pub to_act: Option<(Seat, DecisionKind)>,
    pub hand: ClassicHand,
    pub hand_sizes: [u8; MAX_PLAYERS],
    pub top: u8,
    /// Current colour 0–3 (4 = not named yet).
    pub color: u8,
    pub clockwise: bool,
    /// Whose turn it is (the Play/PostDraw/Respond seat).
    pub current: Seat,
    /// Seat that played the top card.
    pub last_player: Seat,
    pub dealer: Seat,
    /// Cards the responder must draw if they accept.
    pub pending_draw: u8,
    pub discard: [u8; NUM_KINDS],
    pub draw_pile_len: u8,
    /// The card the viewer just drew (only in their own PostDraw decision).
    pub drawn_card: Option<u8>,
    pub scores: [i32; MAX_PLAYERS],
    /// The hand shown to the viewer in their last challenge this hand: (offender, hand).
    pub revealed: Option<(Seat, ClassicHand)>,
    pub hands_played: u32,
    pub options: ClassicOptions,
    /// Public evidence of the colours each seat's hand lacks (by seat, not offset).
    pub evidence: [DrawEvidence; MAX_PLAYERS],
}

impl ClassicView {
    pub fn new(s: &ClassicState, seat: Seat) -> Self {
        let n = s.num_players();
        let mut hand_sizes = [0u8; MAX_PLAYERS];
        for (i, h) in hand_sizes.iter_mut().enumerate().take(n) {
            *h = s.hand(i).len() as u8;
        }
        let to_act = s.to_act();
        let drawn_card = match to_act {
            Some((who, DecisionKind::PostDraw)) if who == seat => s.drawn_card(),
            _ => None,
        };
        ClassicView {
            seat,
            num_players: n as u8,
            to_act,
            hand: *s.hand(seat as usize),
            hand_sizes,
            top: s.top(),
            color: s.color(),
            clockwise: s.clockwise(),
            current: s.current(),
            last_player: s.last_player(),
            dealer: s.dealer(),
            pending_draw: s.pending_draw(),
            discard: *s.discard_counts(),
            draw_pile_len: s.draw_pile_len() as u8,
            drawn_card,
            scores: *s.scores(),
            revealed: s.revealed_to(seat).map(|(o, h)| (o, *h)),
            hands_played: s.hands_played(),
            options: *s.options(),
            evidence: std::array::from_fn(|i| *s.draw_evidence(i)),
        }
    }

    /// Seat `offset` places after the viewer in seat order.
    pub fn seat_at(&self, offset: usize) -> Seat {
        ((self.seat as usize + offset) % self.num_players as usize) as Seat
    }
}
