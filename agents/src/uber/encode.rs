//! Über Uno's observation encoder `uber` (725 floats).

use crate::encode::{total, ObservationEncoder, Writer};
use uno_engine::uber::cards::{color_of, number, points, NO_COLOR, NUM_KINDS};
use uno_engine::uber::options::NUM_ADDONS;
use uno_engine::uber::{BottomRun, ColorWhy, OneCtx, Phase, Resume, UberView, HIDDEN_KIND};
use uno_engine::MAX_PLAYERS;

/// "None" in the engine's one-byte fields (`NO_PLAY`, `NO_SEAT`, `NO_OP`, `NO_ROTATION`).
const NONE: u8 = 0xff;

/// Über Uno observation (725 floats), seat-relative: "by offset" means by seat offset from the
/// viewer in seat order (offset 0 is the viewer; offsets past the player count stay 0). Card
/// counts are divided by 4 (a kind has at most 8 copies, with two decks); a seat named by a
/// phase or a field is a one-hot offset (all 0 when there is none). Every value is in [0, 1]
/// except where the range says otherwise; the whole encoding is in [-1, 5].
///
/// | section | len | content | range |
/// |---|---|---|---|
/// | hand | 59 | copies of each kind in the viewer's hand / 4 | [0, 2] |
/// | hand_points | 1 | the hand's points (L44-L46) / 20, clamped | [0, 3] |
/// | hand_sizes | 10 | cards in hand / 10 by offset, clamped | [0, 5] |
/// | one_card | 10 | 1 for each offset holding exactly one card | |
/// | known | 59 | copies the viewer knows are in the other hands (`view.known`), summed / 4 | [0, 2] |
/// | known_sizes | 10 | cards the viewer knows of each other hand / 10 by offset, clamped | [0, 5] |
/// | known_points | 10 | points of those known cards / 20 by offset, clamped | [0, 3] |
/// | discard | 59 | copies of each kind in the discard pile / 4 | [0, 2] |
/// | top | 59 | one-hot kind of the top card (what it is played as) | |
/// | colour | 5 | one-hot colour in play (red, yellow, green, blue, none) | |
/// | major_colour | 5 | one-hot colour in play before the stack's last Major (the challenge's colour; a stack only) | |
/// | stack | 6 | cards to draw / 10 (clamped, [0, 5]), draw cards thrown / 4 (clamped), last one a Major, guilty (shown to its player only), challengeable, the Joker moved a Major stack | [0, 5] |
/// | stack_hitter | 10 | offset of who threw the stack's last draw card | |
/// | phase | 28 | one-hot phase, every `Phase` variant in declaration order (`Over` last) | |
/// | phase_addon | 13 | one-hot add-on the dealer is deciding (`Addon`) | |
/// | colour_why | 5 | one-hot reason a colour is named (`Color`): plain, Major, exchange, pair, after accept | |
/// | phase_card | 59 | one-hot card the phase names: `Tap`'s thrown card, `Target`'s and `Block`'s exchange card, the exchange card of `Color`, the Red One's card in `Gift` and its refused card in `Give` (when the viewer saw them) | |
/// | phase_misc | 3 | the Red One's cards left to give / 4 (`Give`, `Gift`; clamped), a card the viewer did not see (`HIDDEN_KIND`), a card was refused (`Give`) | |
/// | phase_seat | 10 | offset of the seat the phase names: `Eddy`/`OneWindow`/`AddWindow`/`Catch` asker, `Tap` claimant, `Give`/`Gift` receiver, `BuddyCard` buddy, `ZeroBlock` seat, `Block` target, `Compensate` offender | |
/// | phase_seat2 | 10 | offset of `Compensate`'s challenger | |
/// | rules | 17 | the hand's rules: one-hot mode (old school, russian, buddy), each add-on on (13, `ADDON_NAMES` order), cards dealt / 15 | |
/// | day | 3 | hands played / hands per day, 1 on the day's last hand, hands per day / 10 (clamped) | |
/// | lost | 10 | hands lost / hands per day by offset | |
/// | dealer | 10 | offset of the hand's dealer | |
/// | current | 10 | offset of the player in turn (`current`) | |
/// | direction | 1 | 1 if clockwise | |
/// | one | 12 | the Wild One being resolved (its phases only: `OneWindow`, `Give`, `Gift`, `Repo`, `BuddyCard`, `AddWindow`): one-hot colour (red, yellow, green, blue), one-hot context (turn, stack, turn card), blocked, seats left in the window / 10, magnitude / 10 (clamped), a magnitude card laid, cards left to give or take / 10 (clamped) | |
/// | one_player | 10 | offset of the Wild One's player (same phases) | |
/// | math | 20 | the Math play in progress (`Math`, or a `Tap` with operands laid): in progress, target / 9, one-hot operand colour (5), laid in a Fast Eddy window, operands / 4, each operand's number / 9 (4), one-hot pending operator (+ - x / avg), value so far / 10 (clamped to [-1, 2]), operands' sum / 36 | [-1, 2] |
/// | math_seat | 10 | offset of the Math play's player | |
/// | rotation | 5 | Rotate: steps / 10, skips / 10, a last rotation to cancel, its steps / 10, its direction clockwise | |
/// | play | 4 | a Fast Eddy window is open (a last play), the play being resolved is a landed Eddy, the player in turn drew this turn, play resumes with the same turn after an interruption | |
/// | last_player | 10 | offset of who made the last play (when a Fast Eddy window is open) | |
/// | uno_seat | 10 | offset of the player whose UNO is pending or checked (`CallUno`, `Catch`) | |
/// | fish | 11 | Go Fish (`Ask`, `ZeroBlock`): 1 if the 0 asks everyone, then the target's offset (10) | |
/// | ask | 59 | one-hot kind a 0 fishes for (`ZeroBlock`) | |
/// | pile | 3 | cards in the draw pile, cards under it, of those the cards the viewer does not know, each / the deck size | |
/// | bottom_known | 59 | copies of each kind the viewer knows are under the draw pile (flipped, or its own Yellow One blocks) / 4 | [0, 2] |
/// | owners | 20 | offset of Ashley Pouty Face's owner (10), then of Abominable SnowBob's (10) | |
/// | seats | 10 | 1 for each offset that is a seat | |
pub struct UberEncoder;

pub const UBER_SECTIONS: [(&str, usize); 40] = [
    ("hand", NUM_KINDS),
    ("hand_points", 1),
    ("hand_sizes", MAX_PLAYERS),
    ("one_card", MAX_PLAYERS),
    ("known", NUM_KINDS),
    ("known_sizes", MAX_PLAYERS),
    ("known_points", MAX_PLAYERS),
    ("discard", NUM_KINDS),
    ("top", NUM_KINDS),
    ("colour", 5),
    ("major_colour", 5),
    ("stack", 6),
    ("stack_hitter", MAX_PLAYERS),
    ("phase", NUM_PHASES),
    ("phase_addon", NUM_ADDONS),
    ("colour_why", 5),
    ("phase_card", NUM_KINDS),
    ("phase_misc", 3),
    ("phase_seat", MAX_PLAYERS),
    ("phase_seat2", MAX_PLAYERS),
    ("rules", 3 + NUM_ADDONS + 1),
    ("day", 3),
    ("lost", MAX_PLAYERS),
    ("dealer", MAX_PLAYERS),
    ("current", MAX_PLAYERS),
    ("direction", 1),
    ("one", 12),
    ("one_player", MAX_PLAYERS),
    ("math", 20),
    ("math_seat", MAX_PLAYERS),
    ("rotation", 5),
    ("play", 4),
    ("last_player", MAX_PLAYERS),
    ("uno_seat", MAX_PLAYERS),
    ("fish", 1 + MAX_PLAYERS),
    ("ask", NUM_KINDS),
    ("pile", 3),
    ("bottom_known", NUM_KINDS),
    ("owners", 2 * MAX_PLAYERS),
    ("seats", MAX_PLAYERS),
];

pub const UBER_OBS_LEN: usize = total(&UBER_SECTIONS);
const _: () = assert!(UBER_OBS_LEN == 725);

/// Slots of the `phase` section: every `Phase` variant.
pub const NUM_PHASES: usize = 28;

/// The slot of `p` in the `phase` section. An exhaustive match: a new phase does not compile
/// until it has a slot (and `NUM_PHASES` grows with it).
pub fn phase_index(p: Phase) -> usize {
    match p {
        Phase::Direction => 0,
        Phase::DealSize => 1,
        Phase::ModeChoice => 2,
        Phase::Addon { .. } => 3,
        Phase::Turn => 4,
        Phase::Respond => 5,
        Phase::More => 6,
        Phase::Eddy { .. } => 7,
        Phase::Tap { .. } => 8,
        Phase::Color { .. } => 9,
        Phase::Target { .. } => 10,
        Phase::OneWindow { .. } => 11,
        Phase::Give { .. } => 12,
        Phase::Gift { .. } => 13,
        Phase::Repo => 14,
        Phase::RotateChoice => 15,
        Phase::BuddyCard { .. } => 16,
        Phase::AddWindow { .. } => 17,
        Phase::Ask => 18,
        Phase::ZeroBlock { .. } => 19,
        Phase::Block { .. } => 20,
        Phase::Keep => 21,
        Phase::Compensate { .. } => 22,
        Phase::WildAs => 23,
        Phase::Math => 24,
        Phase::CallUno => 25,
        Phase::Catch { .. } => 26,
        Phase::Over => 27,
    }
}

/// Card counts as encoded (a kind has at most 8 copies).
#[inline]
fn count(c: u8) -> f32 {
    c as f32 / 4.0
}

/// Points / 20, clamped to [0, 3] (the Joker's −1 can make a small hand's total negative).
#[inline]
fn pts(p: i32) -> f32 {
    (p.clamp(0, 60)) as f32 / 20.0
}

/// Cards / 10, clamped to [0, 5].
#[inline]
fn size(c: usize) -> f32 {
    c.min(50) as f32 / 10.0
}

impl ObservationEncoder for UberEncoder {
    type View = UberView;
    const LEN: usize = UBER_OBS_LEN;

    fn encode(v: &UberView, out: &mut [f32]) {
        assert!(out.len() >= Self::LEN, "observation buffer too short");
        let n = v.num_players as usize;
        let me = v.seat as usize;
        // The offset of a seat (`None` for "no seat" values).
        let rel = |seat: u8| ((seat as usize) < n).then(|| (seat as usize + n - me) % n);
        let put = |s: &mut [f32], seat: u8| {
            if let Some(o) = rel(seat) {
                s[o] = 1.0;
            }
        };
        let phase = v.phase;
        let mut w = Writer::new(out, &UBER_SECTIONS);

        // hand, hand_points
        let s = w.section(NUM_KINDS);
        let mut hp = 0;
        for (k, c) in v.hand.iter() {
            s[k] = count(c);
            hp += points(k as u8) * c as i32;
        }
        w.section(1)[0] = pts(hp);
        // hand_sizes, one_card
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = size(v.hand_sizes[seat] as usize);
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = (v.hand_sizes[seat] == 1) as u8 as f32;
        }
        // known, known_sizes, known_points
        let s = w.section(NUM_KINDS);
        for seat in (0..n).filter(|&x| x != me) {
            for (x, &c) in s.iter_mut().zip(&v.known[seat]) {
                *x += count(c);
            }
        }
        let s = w.section(MAX_PLAYERS);
        for seat in (0..n).filter(|&x| x != me) {
            let c: usize = v.known[seat].iter().map(|&c| c as usize).sum();
            s[rel(seat as u8).unwrap()] = size(c);
        }
        let s = w.section(MAX_PLAYERS);
        for seat in (0..n).filter(|&x| x != me) {
            let p: i32 = (v.known[seat].iter().enumerate())
                .map(|(k, &c)| points(k as u8) * c as i32)
                .sum();
            s[rel(seat as u8).unwrap()] = pts(p);
        }
        // discard, top, colour
        let s = w.section(NUM_KINDS);
        for (k, c) in v.discard.iter() {
            s[k] = count(c);
        }
        let s = w.section(NUM_KINDS);
        if (v.top as usize) < NUM_KINDS {
            s[v.top as usize] = 1.0;
        }
        w.section(5)[(v.color as usize).min(NO_COLOR as usize)] = 1.0;
        // major_colour, stack, stack_hitter
        let st = v.stack;
        let s = w.section(5);
        if st.cards > 0 {
            s[(v.major_color as usize).min(NO_COLOR as usize)] = 1.0;
        }
        let s = w.section(6);
        s[0] = size(st.total as usize);
        s[1] = (st.cards.min(4)) as f32 / 4.0;
        s[2] = st.major as u8 as f32;
        s[3] = st.guilty as u8 as f32;
        s[4] = st.challengeable as u8 as f32;
        s[5] = st.joker_major as u8 as f32;
        let s = w.section(MAX_PLAYERS);
        if st.cards > 0 {
            put(s, st.hitter);
        }
        // phase and what it names
        w.section(NUM_PHASES)[phase_index(phase)] = 1.0;
        let s = w.section(NUM_ADDONS);
        if let Phase::Addon { i } = phase {
            if (i as usize) < NUM_ADDONS {
                s[i as usize] = 1.0;
            }
        }
        let s = w.section(5);
        if let Phase::Color { why } = phase {
            s[match why {
                ColorWhy::Plain => 0,
                ColorWhy::Major => 1,
                ColorWhy::Exchange(_) => 2,
                ColorWhy::Pair => 3,
                ColorWhy::AfterAccept => 4,
            }] = 1.0;
        }
        let card = match phase {
            Phase::Tap { kind, .. } => kind,
            Phase::Target { card } | Phase::Block { card, .. } => card,
            Phase::Color {
                why: ColorWhy::Exchange(card),
            } => card,
            Phase::Gift { kind, .. } => kind,
            Phase::Give { denied, .. } => denied,
            _ => NONE,
        };
        let s = w.section(NUM_KINDS);
        if (card as usize) < NUM_KINDS {
            s[card as usize] = 1.0;
        }
        let s = w.section(3);
        if let Phase::Give { left, .. } | Phase::Gift { left, .. } = phase {
            s[0] = left.min(4) as f32 / 4.0;
        }
        s[1] = (card == HIDDEN_KIND) as u8 as f32;
        s[2] = matches!(phase, Phase::Give { denied, .. } if denied != NONE) as u8 as f32;
        let (seat1, seat2) = match phase {
            Phase::Eddy { asker }
            | Phase::OneWindow { asker }
            | Phase::AddWindow { asker }
            | Phase::Catch { asker } => (asker, NONE),
            Phase::Tap { claimant, .. } => (claimant, NONE),
            Phase::Give { to, .. } | Phase::Gift { to, .. } => (to, NONE),
            Phase::BuddyCard { buddy } => (buddy, NONE),
            Phase::ZeroBlock { seat } => (seat, NONE),
            Phase::Block { target, .. } => (target, NONE),
            Phase::Compensate {
                offender,
                challenger,
            } => (offender, challenger),
            _ => (NONE, NONE),
        };
        put(w.section(MAX_PLAYERS), seat1);
        put(w.section(MAX_PLAYERS), seat2);
        // rules
        let s = w.section(3 + NUM_ADDONS + 1);
        s[v.rules.mode as usize] = 1.0;
        for i in 0..NUM_ADDONS {
            s[3 + i] = v.rules.has(i) as u8 as f32;
        }
        s[3 + NUM_ADDONS] = v.rules.deal.min(15) as f32 / 15.0;
        // day, lost, dealer, current, direction
        let per_day = v.options.hands_per_day.max(1);
        let s = w.section(3);
        s[0] = v.hand_no.min(per_day) as f32 / per_day as f32;
        s[1] = (v.hand_no + 1 == per_day) as u8 as f32;
        s[2] = per_day.min(10) as f32 / 10.0;
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = v.lost[seat].min(per_day) as f32 / per_day as f32;
        }
        put(w.section(MAX_PLAYERS), v.dealer);
        put(w.section(MAX_PLAYERS), v.current);
        w.section(1)[0] = v.clockwise as u8 as f32;
        // one, one_player
        let one_active = matches!(
            phase,
            Phase::OneWindow { .. }
                | Phase::Give { .. }
                | Phase::Gift { .. }
                | Phase::Repo
                | Phase::BuddyCard { .. }
                | Phase::AddWindow { .. }
        );
        let o = v.one;
        let s = w.section(12);
        if one_active {
            s[(color_of(o.kind) as usize).min(3)] = 1.0;
            s[4 + match o.ctx {
                OneCtx::Turn => 0,
                OneCtx::Stack => 1,
                OneCtx::TurnCard => 2,
            }] = 1.0;
            s[7] = o.blocked as u8 as f32;
            s[8] = o.left.min(10) as f32 / 10.0;
            s[9] = o.mag.min(10) as f32 / 10.0;
            s[10] = (o.mag_card != NONE) as u8 as f32;
            s[11] = o.count.min(10) as f32 / 10.0;
        }
        let s = w.section(MAX_PLAYERS);
        if one_active {
            put(s, o.player);
        }
        // math, math_seat
        let m = v.math;
        let math_active = phase == Phase::Math || (matches!(phase, Phase::Tap { .. }) && m.len > 0);
        let s = w.section(20);
        if math_active {
            s[0] = 1.0;
            s[1] = m.target.min(9) as f32 / 9.0;
            s[2 + (m.color as usize).min(NO_COLOR as usize)] = 1.0;
            s[7] = m.eddy as u8 as f32;
            s[8] = m.len.min(4) as f32 / 4.0;
            for (i, &k) in m.cards.iter().enumerate().take((m.len as usize).min(4)) {
                s[9 + i] = number(k).unwrap_or(0) as f32 / 9.0;
            }
            if (m.op as usize) < 5 {
                s[13 + m.op as usize] = 1.0;
            }
            s[18] = m.value.clamp(-10, 20) as f32 / 10.0;
            s[19] = m.sum.clamp(0, 36) as f32 / 36.0;
        }
        let s = w.section(MAX_PLAYERS);
        if math_active {
            put(s, m.seat);
        }
        // rotation
        let r = v.rotation;
        let s = w.section(5);
        s[0] = r.steps.min(10) as f32 / 10.0;
        s[1] = r.skips.min(10) as f32 / 10.0;
        if r.last_steps != NONE {
            s[2] = 1.0;
            s[3] = r.last_steps.min(10) as f32 / 10.0;
            s[4] = r.last_clockwise as u8 as f32;
        }
        // play, last_player
        let s = w.section(4);
        s[0] = (v.last_play != NONE) as u8 as f32;
        s[1] = v.eddied as u8 as f32;
        s[2] = v.drew as u8 as f32;
        s[3] = (v.resume == Resume::SameTurn) as u8 as f32;
        let s = w.section(MAX_PLAYERS);
        if v.last_play != NONE {
            put(s, v.last_player);
        }
        // uno_seat
        let s = w.section(MAX_PLAYERS);
        if matches!(phase, Phase::CallUno | Phase::Catch { .. }) {
            put(s, v.uno_seat);
        }
        // fish, ask
        let fishing = matches!(phase, Phase::Ask | Phase::ZeroBlock { .. });
        let s = w.section(1 + MAX_PLAYERS);
        if fishing {
            if v.fish_target == NONE {
                s[0] = 1.0;
            } else {
                put(&mut s[1..], v.fish_target);
            }
        }
        let s = w.section(NUM_KINDS);
        if matches!(phase, Phase::ZeroBlock { .. }) && (v.ask as usize) < NUM_KINDS {
            s[v.ask as usize] = 1.0;
        }
        // pile, bottom_known
        let deck = v.options.deck_size().max(1) as f32;
        let hidden: u16 = (v.bottom.iter())
            .map(|r| match r {
                BottomRun::Hidden(c) => *c,
                _ => 0,
            })
            .sum();
        let s = w.section(3);
        s[0] = (v.draw_pile as f32 / deck).min(1.0);
        s[1] = (v.bottom_len as f32 / deck).min(1.0);
        s[2] = (hidden as f32 / deck).min(1.0);
        let s = w.section(NUM_KINDS);
        for r in &v.bottom {
            match r {
                BottomRun::Public(k) => s[*k as usize] += count(1),
                BottomRun::Own(h) => {
                    for (k, c) in h.iter() {
                        s[k] += count(c);
                    }
                }
                BottomRun::Hidden(_) => {}
            }
        }
        // owners, seats
        let s = w.section(2 * MAX_PLAYERS);
        if let Some(a) = v.options.owner_ashley {
            put(&mut s[..MAX_PLAYERS], a);
        }
        if let Some(b) = v.options.owner_snowbob {
            put(&mut s[MAX_PLAYERS..], b);
        }
        w.section(MAX_PLAYERS)[..n].fill(1.0);
        assert_eq!(w.pos, Self::LEN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::checks;
    use uno_engine::uber::cards::WILD_DRAW_FOUR;
    use uno_engine::uber::options::preset;
    use uno_engine::uber::{UberScenario, UberState};
    use uno_engine::Game;

    fn section<'a>(obs: &'a [f32], name: &str) -> &'a [f32] {
        crate::encode::section_of(&UBER_SECTIONS, obs, name)
    }

    /// The documented range of each section: [0, 1] unless listed here.
    fn range(name: &str) -> (f32, f32) {
        match name {
            "hand" | "known" | "discard" | "bottom_known" => (0.0, 2.0),
            "hand_points" | "known_points" => (0.0, 3.0),
            "hand_sizes" | "known_sizes" | "stack" => (0.0, 5.0),
            "math" => (-1.0, 2.0),
            _ => (0.0, 1.0),
        }
    }

    #[test]
    fn sections_are_unique_and_sum_to_the_length() {
        assert_eq!(UBER_OBS_LEN, 725);
        assert_eq!(UberEncoder::LEN, UBER_OBS_LEN);
        // Every section's length, as documented.
        let expected: [(&str, usize); 40] = [
            ("hand", 59),
            ("hand_points", 1),
            ("hand_sizes", 10),
            ("one_card", 10),
            ("known", 59),
            ("known_sizes", 10),
            ("known_points", 10),
            ("discard", 59),
            ("top", 59),
            ("colour", 5),
            ("major_colour", 5),
            ("stack", 6),
            ("stack_hitter", 10),
            ("phase", 28),
            ("phase_addon", 13),
            ("colour_why", 5),
            ("phase_card", 59),
            ("phase_misc", 3),
            ("phase_seat", 10),
            ("phase_seat2", 10),
            ("rules", 17),
            ("day", 3),
            ("lost", 10),
            ("dealer", 10),
            ("current", 10),
            ("direction", 1),
            ("one", 12),
            ("one_player", 10),
            ("math", 20),
            ("math_seat", 10),
            ("rotation", 5),
            ("play", 4),
            ("last_player", 10),
            ("uno_seat", 10),
            ("fish", 11),
            ("ask", 59),
            ("pile", 3),
            ("bottom_known", 59),
            ("owners", 20),
            ("seats", 10),
        ];
        checks::section_table(&UBER_SECTIONS, &expected, UBER_OBS_LEN);
    }

    /// Every `Phase` variant has its own slot.
    #[test]
    fn every_phase_has_a_slot() {
        let phases = [
            Phase::Direction,
            Phase::DealSize,
            Phase::ModeChoice,
            Phase::Addon { i: 0 },
            Phase::Turn,
            Phase::Respond,
            Phase::More,
            Phase::Eddy { asker: 0 },
            Phase::Tap {
                claimant: 0,
                kind: 0,
            },
            Phase::Color {
                why: ColorWhy::Plain,
            },
            Phase::Target { card: 0 },
            Phase::OneWindow { asker: 0 },
            Phase::Give {
                to: 0,
                left: 0,
                denied: 0,
            },
            Phase::Gift {
                to: 0,
                kind: 0,
                left: 0,
            },
            Phase::Repo,
            Phase::RotateChoice,
            Phase::BuddyCard { buddy: 0 },
            Phase::AddWindow { asker: 0 },
            Phase::Ask,
            Phase::ZeroBlock { seat: 0 },
            Phase::Block { card: 0, target: 0 },
            Phase::Keep,
            Phase::Compensate {
                offender: 0,
                challenger: 0,
            },
            Phase::WildAs,
            Phase::Math,
            Phase::CallUno,
            Phase::Catch { asker: 0 },
            Phase::Over,
        ];
        let mut slots: Vec<usize> = phases.iter().map(|&p| phase_index(p)).collect();
        slots.sort();
        assert_eq!(slots, (0..NUM_PHASES).collect::<Vec<_>>());
    }

    /// Random games of every preset and several player counts (`checks::random_games`: every
    /// element written, each section within its documented range, the legal mask exact, and
    /// every seventh decision an onlooker's determinization encoding the same).
    #[test]
    fn encodes_the_view_only_within_range_in_random_games() {
        let mut phases_seen = [false; NUM_PHASES];
        let mut games = Vec::new();
        for name in ["seed", "hand", "fixed", "all-addons"] {
            for players in [2, 3, 4, 6] {
                let mut opts = preset(Some(name)).unwrap();
                opts.hands_per_day = opts.hands_per_day.min(2);
                let s = UberState::deal(opts, players, players as u64 + 17);
                games.push((format!("{name} {players}p"), s));
            }
        }
        let found =
            checks::random_games::<UberState, UberEncoder>(games, &UBER_SECTIONS, range, 7, |v| {
                phases_seen[phase_index(v.phase)] = true
            });
        assert!(found.views > 100, "{}", found.views);
        // The hidden cards did change between the pairs compared.
        assert!(
            found.hidden_differs * 2 > found.views,
            "{} of {}",
            found.hidden_differs,
            found.views
        );
        // Random play reaches every phase but `Over` (no decision).
        assert!(phases_seen.iter().filter(|&&b| b).count() >= 25);
    }

    #[test]
    fn seat_relative_sections() {
        let s = UberScenario::from_json(
            r#"{
              "players": 3,
              "preset": "fixed",
              "hand": 2,
              "hands_lost": [1, 0, 0],
              "dealer": 2,
              "hands": ["R5 G+2 W U", "J B7", "Y2 Y3 Y4"],
              "discard": ["G4", "W+4"],
              "color": "red",
              "draw_pile": ["B9", "R2"],
              "stack": { "total": 4, "major": true, "hitter": 2 },
              "current": 0
            }"#,
        )
        .unwrap()
        .build()
        .unwrap();
        let mut obs = vec![0.0; UBER_OBS_LEN];
        UberEncoder::encode(&s.view(1), &mut obs);
        // Seat 1 sees its own two cards (J counts -1 point, B7 1: total 0).
        assert_eq!(section(&obs, "hand").iter().sum::<f32>(), 0.5);
        assert_eq!(section(&obs, "hand_points")[0], 0.0);
        // Offsets from seat 1: seat 1 = 0, seat 2 = 1, seat 0 = 2.
        assert_eq!(section(&obs, "hand_sizes")[..3], [0.2, 0.3, 0.4]);
        assert_eq!(section(&obs, "seats")[..4], [1.0, 1.0, 1.0, 0.0]);
        assert_eq!(section(&obs, "current")[2], 1.0);
        assert_eq!(section(&obs, "dealer")[1], 1.0);
        assert_eq!(section(&obs, "stack_hitter")[1], 1.0);
        assert_eq!(section(&obs, "stack")[..3], [0.4, 0.25, 1.0]);
        assert_eq!(section(&obs, "lost")[2], 0.2);
        assert_eq!(section(&obs, "day")[0], 0.2);
        assert_eq!(section(&obs, "phase")[phase_index(Phase::Respond)], 1.0);
        assert_eq!(section(&obs, "discard").iter().sum::<f32>(), 0.5);
        assert_eq!(section(&obs, "top")[WILD_DRAW_FOUR as usize], 1.0);
        assert_eq!(section(&obs, "colour")[0], 1.0);
        // Fixed preset: Old School, Fast Eddy and Go Fish on.
        let rules = section(&obs, "rules");
        assert_eq!(rules[..5], [1.0, 0.0, 0.0, 1.0, 1.0]);
        // Ashley's owner is seat 0 (offset 2), SnowBob's seat 1 (offset 0).
        let owners = section(&obs, "owners");
        assert_eq!((owners[2], owners[MAX_PLAYERS]), (1.0, 1.0));
        // Seat 0's view: its Über counts 4 points.
        UberEncoder::encode(&s.view(0), &mut obs);
        assert_eq!(section(&obs, "hand_points")[0], 7.0 / 20.0);
        assert_eq!(section(&obs, "current")[0], 1.0);
    }
}
