//! Classic UNO's observation encoders: `classic` (348 floats) and `classic-evidence` (398: the
//! same plus the opponents' public draws).

use crate::encode::{total, ObservationEncoder, Writer};
use uno_engine::classic::{ClassicView, NUM_ACTIONS, NUM_KINDS};
use uno_engine::{DecisionKind, MAX_PLAYERS};

/// Classic UNO observation (348 floats), seat-relative (offset 0 is the viewer). Sections:
///
/// | section | len | content |
/// |---|---|---|
/// | hand | 54 | count of each kind in the viewer's hand |
/// | top | 54 | one-hot top card kind |
/// | colour | 5 | one-hot current colour (red, yellow, green, blue, none) |
/// | direction | 1 | 1 if clockwise |
/// | decision | 10 | one-hot decision kind (`DecisionKind` order) |
/// | hand sizes | 10 | cards held / 10, by seat offset from the viewer (0 past the player count) |
/// | pending | 1 | pending draw / 4 |
/// | discard | 54 | count of each kind in the discard pile |
/// | draw pile | 1 | draw pile size / 108 |
/// | drawn card | 54 | one-hot card just drawn (PostDraw only) |
/// | current | 10 | one-hot offset of the player whose turn it is |
/// | last player | 10 | one-hot offset of the player who played the top card |
/// | seats | 10 | 1 for each offset that is a seat |
/// | scores | 10 | match score / 500 by offset |
/// | revealed | 54 | the hand shown to the viewer in their last challenge (counts), else 0 |
/// | revealed by | 10 | one-hot offset of the player who showed it |
pub struct ClassicEncoder;

pub const CLASSIC_SECTIONS: [(&str, usize); 16] = [
    ("hand", NUM_KINDS),
    ("top", NUM_KINDS),
    ("colour", 5),
    ("direction", 1),
    ("decision", 10),
    ("hand_sizes", MAX_PLAYERS),
    ("pending", 1),
    ("discard", NUM_KINDS),
    ("draw_pile", 1),
    ("drawn_card", NUM_KINDS),
    ("current", MAX_PLAYERS),
    ("last_player", MAX_PLAYERS),
    ("seats", MAX_PLAYERS),
    ("scores", MAX_PLAYERS),
    ("revealed", NUM_KINDS),
    ("revealed_by", MAX_PLAYERS),
];

pub const CLASSIC_OBS_LEN: usize = total(&CLASSIC_SECTIONS);
const _: () = assert!(CLASSIC_OBS_LEN == 348);
// Classic uses the first ten decision kinds only; the section has one slot each.
const _: () = assert!(DecisionKind::ChooseNumber as usize == 10);

impl ObservationEncoder for ClassicEncoder {
    type View = ClassicView;
    const LEN: usize = CLASSIC_OBS_LEN;

    fn encode(v: &ClassicView, out: &mut [f32]) {
        assert!(out.len() >= Self::LEN, "observation buffer too short");
        let n = v.num_players as usize;
        let rel = |seat: u8| (seat as usize + n - v.seat as usize) % n;
        let mut w = Writer::new(out, &CLASSIC_SECTIONS);
        let s = w.section(NUM_KINDS);
        for (k, c) in v.hand.iter() {
            s[k] = c as f32;
        }
        w.section(NUM_KINDS)[v.top as usize] = 1.0;
        w.section(5)[v.color as usize] = 1.0;
        w.section(1)[0] = v.clockwise as u8 as f32;
        let s = w.section(10);
        if let Some((_, kind)) = v.to_act {
            s[kind.index()] = 1.0;
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8)] = v.hand_sizes[seat] as f32 / 10.0;
        }
        w.section(1)[0] = v.pending_draw as f32 / 4.0;
        let s = w.section(NUM_KINDS);
        for (x, &c) in s.iter_mut().zip(&v.discard) {
            *x = c as f32;
        }
        w.section(1)[0] = v.draw_pile_len as f32 / 108.0;
        let s = w.section(NUM_KINDS);
        if let Some(c) = v.drawn_card {
            s[c as usize] = 1.0;
        }
        w.section(MAX_PLAYERS)[rel(v.current)] = 1.0;
        w.section(MAX_PLAYERS)[rel(v.last_player)] = 1.0;
        w.section(MAX_PLAYERS)[..n].fill(1.0);
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8)] = v.scores[seat] as f32 / 500.0;
        }
        let s = w.section(NUM_KINDS);
        if let Some((_, h)) = &v.revealed {
            for (k, c) in h.iter() {
                s[k] = c as f32;
            }
        }
        let s = w.section(MAX_PLAYERS);
        if let Some((by, _)) = v.revealed {
            s[rel(by)] = 1.0;
        }
        assert_eq!(w.pos, Self::LEN);
    }
}

/// Classic UNO observation with public draw evidence (398 floats): the 348 of
/// [`ClassicEncoder`], then one section:
///
/// | section | len | content |
/// |---|---|---|
/// | draw evidence | 50 | by seat offset (10) × slot (red, yellow, green, blue, black): 1 / (cards that seat's hand has taken since its holder drew at a normal turn with that colour in effect, or drew rather than play a black card), 0 without such a draw (`DrawEvidence`) |
///
/// The opponents' draws are the one piece of public history the plain encoding lacks: a player
/// who draws at a normal turn usually holds no card of the colour in effect, and no Wild.
pub struct ClassicEvidenceEncoder;

pub const CLASSIC_EVIDENCE_SECTIONS: [(&str, usize); 1] = [("draw_evidence", MAX_PLAYERS * 5)];
pub const CLASSIC_EVIDENCE_OBS_LEN: usize = CLASSIC_OBS_LEN + total(&CLASSIC_EVIDENCE_SECTIONS);
const _: () = assert!(CLASSIC_EVIDENCE_OBS_LEN == 398);

impl ObservationEncoder for ClassicEvidenceEncoder {
    type View = ClassicView;
    const LEN: usize = CLASSIC_EVIDENCE_OBS_LEN;

    fn encode(v: &ClassicView, out: &mut [f32]) {
        assert!(out.len() >= Self::LEN, "observation buffer too short");
        ClassicEncoder::encode(v, out);
        let n = v.num_players as usize;
        let s = &mut out[CLASSIC_OBS_LEN..Self::LEN];
        assert_eq!(
            s.len(),
            CLASSIC_EVIDENCE_SECTIONS[0].1,
            "section draw_evidence length"
        );
        s.fill(0.0);
        for seat in 0..n {
            let offset = (seat + n - v.seat as usize) % n;
            for slot in 0..5 {
                if let Some(k) = v.evidence[seat].since(slot) {
                    s[offset * 5 + slot] = 1.0 / k.max(1) as f32;
                }
            }
        }
    }
}

/// Width of the classic legal-action mask.
pub const CLASSIC_MASK_LEN: usize = NUM_ACTIONS;
