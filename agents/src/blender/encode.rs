//! The Blender's observation encoder `blender` (1,819 floats), from `BlenderView` only.

use crate::encode::{total, ObservationEncoder, Writer};
use uno_engine::blender::cards::{kinds, Modifier, Side, Sym, HASH_NUMBERS, NO_NUMBER, WILD};
use uno_engine::blender::{
    BlenderView, Phase, StackKind, TargetWhy, DECK_SIZE, NONE, NO_CARD, NUM_KINDS,
};
use uno_engine::MAX_PLAYERS;

/// Action symbols (`Sym`, `PassHands` last).
pub const NUM_SYMS: usize = Sym::PassHands as usize + 1;
/// A card face's features: colour (red, yellow, green, blue, Wild), number (one-hot over
/// `HASH_NUMBERS`, then none), symbols.
pub const FACE_LEN: usize = 5 + HASH_NUMBERS.len() + 1 + NUM_SYMS;
/// Slots of the `phase` section: every `Phase` variant.
pub const NUM_PHASES: usize = 13;
/// Slots of the `target_why` one-hot: every `TargetWhy` variant.
pub const NUM_TARGET_WHYS: usize = 9;

/// The Blender observation (1,819 floats), seat-relative: "by offset" means by seat offset from
/// the viewer in seat order (offset 0 is the viewer; offsets past the player count stay 0).
/// Card counts are divided by 4 and clamped; a seat the view names is a one-hot offset (all 0
/// when there is none). A "face" is `FACE_LEN` (55) floats: colour one-hot (red, yellow,
/// green, blue, Wild), number one-hot (0-12, 22, then none), the 35 action symbols. Every
/// value is in [0, 1] except where the range says otherwise.
///
/// | section | len | content | range |
/// |---|---|---|---|
/// | hand | 287 | copies of each kind in the viewer's hand / 4, clamped | [0, 4] |
/// | hand_sizes | 10 | cards in hand / 10 by offset, clamped | [0, 5] |
/// | one_card | 10 | 1 for each offset holding exactly one card | |
/// | alive | 10 | 1 for each offset still in the game | |
/// | eliminated | 10 | 1 for each offset eliminated | |
/// | power_red | 10 | 1 for each offset whose Power Card shows red (it cannot flex) | |
/// | shown | 287 | one-hot kind of the shown card (the mini-pile's top while one stands) | |
/// | shown_face | 55 | the shown card as matched: its colour (a Wild's chosen colour, the mini-pile's colour, Wild when unchosen), its number (a `#`'s chosen number, Wild DOS 2), its normal side's symbols | |
/// | mini | 6 | a mini-pile stands, its colour one-hot (4), its cards / 10, clamped | [0, 5] |
/// | main_face | 55 | while a mini-pile stands: the normal pile's top as a face | |
/// | stack | 4 | a stack stands, its total / 10 (clamped), restricted by a Draw card, by a Stack card | [0, 5] |
/// | tempo | 6 | tempo / 5, the tempo at the start of the turn / 5, cards played this turn / 5, cards still to play for the tempo / 5 (each clamped), a Team Play turn (shortfall costs double), no card played yet this turn | [0, 4] |
/// | direction | 1 | 1 if clockwise | |
/// | current | 10 | offset of the active player | |
/// | actor | 10 | offset of the seat to act | |
/// | prev_active | 10 | offset of the previous active player (Super Star's victim) | |
/// | link | 10 | 1 for each offset holding a Link Card (Drawn Together) | |
/// | targeted_skips | 10 | pending Targeted Skips / 2 by offset, clamped | [0, 2] |
/// | team_play | 10 | offset of the seat Team Play made active (until its turn starts) | |
/// | known | 287 | copies of each kind the viewer knows are in other hands (all other seats) / 4, clamped | [0, 4] |
/// | known_colors | 50 | per offset (10 × 5): known cards of that hand by colour (red, yellow, green, blue, Wild) / 4, clamped | [0, 4] |
/// | discard | 287 | copies of each kind in the discard pile / 4, clamped | [0, 4] |
/// | draw_pile | 1 | cards in the draw pile / 720 | |
/// | phase | 12 | one-hot phase, every `Phase` variant in declaration order | |
/// | target_why | 11 | why a `Target` phase asks: one-hot `TargetWhy` (9, declaration order), the Targeted Draw's amount / 4, Double Draw 2's picks left / 2 | |
/// | phase_seat | 10 | offset of the silent seat a `Catch` phase is about | |
/// | phase_card | 287 | one-hot card the phase names, to the actor only: the card just drawn (`PostDraw`) | |
/// | resolving | 42 | the card being resolved: present, played flexed, the played side's symbols (35), its modifier one-hot (Flip, Trade, Pass, Swap, Speed Up) | |
/// | resolving_player | 10 | offset of its player | |
/// | seats | 10 | 1 for each offset that is a seat | |
pub struct BlenderEncoder;

pub const BLENDER_SECTIONS: [(&str, usize); 30] = [
    ("hand", NUM_KINDS),
    ("hand_sizes", MAX_PLAYERS),
    ("one_card", MAX_PLAYERS),
    ("alive", MAX_PLAYERS),
    ("eliminated", MAX_PLAYERS),
    ("power_red", MAX_PLAYERS),
    ("shown", NUM_KINDS),
    ("shown_face", FACE_LEN),
    ("mini", 6),
    ("main_face", FACE_LEN),
    ("stack", 4),
    ("tempo", 6),
    ("direction", 1),
    ("current", MAX_PLAYERS),
    ("actor", MAX_PLAYERS),
    ("prev_active", MAX_PLAYERS),
    ("link", MAX_PLAYERS),
    ("targeted_skips", MAX_PLAYERS),
    ("team_play", MAX_PLAYERS),
    ("known", NUM_KINDS),
    ("known_colors", 5 * MAX_PLAYERS),
    ("discard", NUM_KINDS),
    ("draw_pile", 1),
    ("phase", NUM_PHASES),
    ("target_why", NUM_TARGET_WHYS + 2),
    ("phase_seat", MAX_PLAYERS),
    ("phase_card", NUM_KINDS),
    ("resolving", 2 + NUM_SYMS + 5),
    ("resolving_player", MAX_PLAYERS),
    ("seats", MAX_PLAYERS),
];

pub const BLENDER_OBS_LEN: usize = total(&BLENDER_SECTIONS);
const _: () = assert!(BLENDER_OBS_LEN == 1819);
const _: () = assert!(NUM_SYMS == 35 && FACE_LEN == 55);

/// The slot of `p` in the `phase` section. An exhaustive match: a new phase does not compile
/// until it has a slot (and `NUM_PHASES` grows with it).
pub fn phase_index(p: Phase) -> usize {
    match p {
        Phase::Turn => 0,
        Phase::PostDraw { .. } => 1,
        Phase::Number => 2,
        Phase::Color => 3,
        Phase::Target { .. } => 4,
        Phase::Give { .. } => 5,
        Phase::Point { .. } => 6,
        Phase::Uno { .. } => 7,
        Phase::Catch { .. } => 8,
        Phase::Jump { .. } => 9,
        Phase::Over => 10,
        Phase::Busy => 11,
        Phase::AfterShort => 12,
    }
}

/// The slot of a `TargetWhy` in the `target_why` one-hot (exhaustive, as `phase_index`).
pub fn target_why_index(w: TargetWhy) -> usize {
    match w {
        TargetWhy::Trade => 0,
        TargetWhy::Swap => 1,
        TargetWhy::TeamPlay => 2,
        TargetWhy::TargetedDraw(_) => 3,
        TargetWhy::DoubleDraw(_) => 4,
        TargetWhy::TargetedSkip => 5,
        TargetWhy::DrawnTogether => 6,
        TargetWhy::ForceTrade => 7,
        TargetWhy::Gift => 8,
    }
}

/// The slot of a modifier in a one-hot of the five real ones (`None` has none).
fn modifier_index(m: Modifier) -> Option<usize> {
    match m {
        Modifier::None => None,
        Modifier::Flip => Some(0),
        Modifier::Trade => Some(1),
        Modifier::Pass => Some(2),
        Modifier::Swap => Some(3),
        Modifier::SpeedUp => Some(4),
    }
}

/// Writes a face (`FACE_LEN` floats): colour, number, symbols.
fn write_face(s: &mut [f32], color: u8, number: u8, syms: u64) {
    s[(color as usize).min(WILD as usize)] = 1.0;
    let n = HASH_NUMBERS
        .iter()
        .position(|&h| h == number && number != NO_NUMBER)
        .unwrap_or(HASH_NUMBERS.len());
    s[5 + n] = 1.0;
    let base = 5 + HASH_NUMBERS.len() + 1;
    for (i, x) in s[base..base + NUM_SYMS].iter_mut().enumerate() {
        *x = (syms >> i & 1) as f32;
    }
}

fn write_syms(s: &mut [f32], side: &Side) {
    for (i, x) in s.iter_mut().enumerate().take(NUM_SYMS) {
        *x = (side.syms >> i & 1) as f32;
    }
}

impl ObservationEncoder for BlenderEncoder {
    type View = BlenderView;
    const LEN: usize = BLENDER_OBS_LEN;

    fn encode(v: &BlenderView, out: &mut [f32]) {
        assert!(out.len() >= Self::LEN, "observation buffer too short");
        let n = v.num_players as usize;
        let me = v.seat as usize;
        let rel = |seat: u8| ((seat as usize) < n).then(|| (seat as usize + n - me) % n);
        let put = |s: &mut [f32], seat: u8| {
            if let Some(o) = rel(seat) {
                s[o] = 1.0;
            }
        };
        let count = |c: u8| (c as f32 / 4.0).min(4.0);
        let kind = |s: &mut [f32], k: u16| {
            if (k as usize) < NUM_KINDS {
                s[k as usize] = 1.0;
            }
        };
        let table = kinds();
        let actor = v.to_act.map(|(s, _)| s);
        let mine = actor == Some(v.seat);
        let alive = |seat: usize| v.alive >> seat & 1 != 0;
        let mut w = Writer::new(out, &BLENDER_SECTIONS);

        // hand, hand_sizes, one_card, alive, eliminated, power_red
        let s = w.section(NUM_KINDS);
        for (k, c) in v.hand.iter() {
            s[k] = count(c);
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = (v.hand_sizes[seat] as f32 / 10.0).min(5.0);
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = (v.hand_sizes[seat] == 1) as u8 as f32;
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = alive(seat) as u8 as f32;
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = (v.elim_order[seat] > 0) as u8 as f32;
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = (v.red >> seat & 1) as f32;
        }

        // shown, shown_face, mini, main_face
        kind(w.section(NUM_KINDS), v.shown.kind);
        let shown_syms = table
            .get(v.shown.kind as usize)
            .map_or(0, |kd| kd.normal.syms);
        write_face(
            w.section(FACE_LEN),
            v.shown.color,
            v.shown.number,
            shown_syms,
        );
        let s = w.section(6);
        let mini_cards: u32 = v.mini_counts.iter().map(|&c| c as u32).sum();
        if let Some(c) = v.mini {
            s[0] = 1.0;
            if (c as usize) < 4 {
                s[1 + c as usize] = 1.0;
            }
            s[5] = (mini_cards as f32 / 10.0).min(5.0);
        }
        let s = w.section(FACE_LEN);
        if v.mini.is_some() {
            let m = v.main_shown;
            let syms = table.get(m.kind as usize).map_or(0, |kd| kd.normal.syms);
            write_face(s, m.color, m.number, syms);
        }

        // stack, tempo, direction
        let s = w.section(4);
        if v.stack_kind != StackKind::None {
            s[0] = 1.0;
            s[1] = (v.stack as f32 / 10.0).min(5.0);
            s[2] = (v.stack_kind == StackKind::Draw) as u8 as f32;
            s[3] = (v.stack_kind == StackKind::Stack) as u8 as f32;
        }
        let s = w.section(6);
        let t5 = |x: u8| (x as f32 / 5.0).min(4.0);
        s[0] = t5(v.tempo);
        s[1] = t5(v.turn_tempo);
        s[2] = t5(v.played);
        s[3] = t5(v.tempo.saturating_sub(v.played));
        s[4] = v.team_turn as u8 as f32;
        s[5] = (v.played == 0) as u8 as f32;
        w.section(1)[0] = v.clockwise as u8 as f32;

        // current, actor, prev_active, link, targeted_skips, team_play
        put(w.section(MAX_PLAYERS), v.current);
        let s = w.section(MAX_PLAYERS);
        if let Some(a) = actor {
            put(s, a);
        }
        let s = w.section(MAX_PLAYERS);
        if v.prev_active != NONE {
            put(s, v.prev_active);
        }
        let s = w.section(MAX_PLAYERS);
        for l in [v.link.0, v.link.1] {
            if l != NONE {
                put(s, l);
            }
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = (v.targeted_skips[seat] as f32 / 2.0).min(2.0);
        }
        let s = w.section(MAX_PLAYERS);
        if v.team_play != NONE {
            put(s, v.team_play);
        }

        // known, known_colors, discard, draw_pile
        let s = w.section(NUM_KINDS);
        for (k, x) in s.iter_mut().enumerate() {
            let c: u32 = (0..n)
                .filter(|&t| t != me)
                .map(|t| v.known[t][k] as u32)
                .sum();
            *x = (c as f32 / 4.0).min(4.0);
        }
        let s = w.section(5 * MAX_PLAYERS);
        for t in (0..n).filter(|&t| t != me) {
            let o = rel(t as u8).unwrap();
            let mut by_color = [0u32; 5];
            for (k, &c) in v.known[t].iter().enumerate() {
                if c > 0 {
                    let col = (table[k].normal.color as usize).min(WILD as usize);
                    by_color[col] += c as u32;
                }
            }
            for (c, &x) in by_color.iter().enumerate() {
                s[o * 5 + c] = (x as f32 / 4.0).min(4.0);
            }
        }
        let s = w.section(NUM_KINDS);
        for (k, &c) in v.discard.iter().enumerate() {
            s[k] = count(c);
        }
        w.section(1)[0] = (v.draw_pile as f32 / DECK_SIZE as f32).min(1.0);

        // phase, target_why, phase_seat, phase_card
        w.section(NUM_PHASES)[phase_index(v.phase)] = 1.0;
        let s = w.section(NUM_TARGET_WHYS + 2);
        if let Phase::Target { why, .. } = v.phase {
            s[target_why_index(why)] = 1.0;
            match why {
                TargetWhy::TargetedDraw(a) => s[NUM_TARGET_WHYS] = (a as f32 / 4.0).min(1.0),
                TargetWhy::DoubleDraw(p) => s[NUM_TARGET_WHYS + 1] = (p as f32 / 2.0).min(1.0),
                _ => {}
            }
        }
        let s = w.section(MAX_PLAYERS);
        if let Phase::Catch { seat, .. } = v.phase {
            put(s, seat);
        }
        let s = w.section(NUM_KINDS);
        if mine {
            if let Phase::PostDraw { kind: k } = v.phase {
                kind(s, k);
            }
        }

        // resolving, resolving_player, seats
        let (player, k, flexed) = v.resolving;
        let s = w.section(2 + NUM_SYMS + 5);
        let card = (k != NO_CARD && (k as usize) < NUM_KINDS).then(|| &table[k as usize]);
        if let Some(kd) = card {
            s[0] = 1.0;
            s[1] = flexed as u8 as f32;
            let side = if flexed {
                kd.flex.unwrap_or(kd.normal)
            } else {
                kd.normal
            };
            write_syms(&mut s[2..2 + NUM_SYMS], &side);
            if let Some(m) = modifier_index(kd.modifier).filter(|_| !flexed) {
                s[2 + NUM_SYMS + m] = 1.0;
            }
        }
        let s = w.section(MAX_PLAYERS);
        if card.is_some() && player != NONE {
            put(s, player);
        }
        w.section(MAX_PLAYERS)[..n].fill(1.0);
        assert_eq!(w.pos, Self::LEN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::checks;
    use uno_engine::blender::options::preset;
    use uno_engine::blender::{BlenderOptions, BlenderState};
    use uno_engine::Game;

    fn section<'a>(obs: &'a [f32], name: &str) -> &'a [f32] {
        crate::encode::section_of(&BLENDER_SECTIONS, obs, name)
    }

    /// The documented range of each section: [0, 1] unless listed here.
    fn range(name: &str) -> (f32, f32) {
        match name {
            "hand" | "discard" | "known" | "known_colors" | "tempo" => (0.0, 4.0),
            "hand_sizes" | "stack" | "mini" => (0.0, 5.0),
            "targeted_skips" => (0.0, 2.0),
            _ => (0.0, 1.0),
        }
    }

    #[test]
    fn sections_are_unique_and_sum_to_the_length() {
        assert_eq!(BLENDER_OBS_LEN, 1819);
        assert_eq!(BlenderEncoder::LEN, BLENDER_OBS_LEN);
        // Every section's length, as documented.
        let expected: [(&str, usize); 30] = [
            ("hand", 287),
            ("hand_sizes", 10),
            ("one_card", 10),
            ("alive", 10),
            ("eliminated", 10),
            ("power_red", 10),
            ("shown", 287),
            ("shown_face", 55),
            ("mini", 6),
            ("main_face", 55),
            ("stack", 4),
            ("tempo", 6),
            ("direction", 1),
            ("current", 10),
            ("actor", 10),
            ("prev_active", 10),
            ("link", 10),
            ("targeted_skips", 10),
            ("team_play", 10),
            ("known", 287),
            ("known_colors", 50),
            ("discard", 287),
            ("draw_pile", 1),
            ("phase", 13),
            ("target_why", 11),
            ("phase_seat", 10),
            ("phase_card", 287),
            ("resolving", 42),
            ("resolving_player", 10),
            ("seats", 10),
        ];
        checks::section_table(&BLENDER_SECTIONS, &expected, BLENDER_OBS_LEN);
    }

    /// Every `Phase` and `TargetWhy` variant has its own slot.
    #[test]
    fn every_phase_and_target_why_has_a_slot() {
        let phases = [
            Phase::Turn,
            Phase::PostDraw { kind: 0 },
            Phase::Number,
            Phase::Color,
            Phase::Target {
                why: TargetWhy::Trade,
                seat: 0,
            },
            Phase::Give { seat: 0 },
            Phase::Point { seat: 0 },
            Phase::Uno { seat: 0 },
            Phase::Catch { seat: 0, by: 1 },
            Phase::Jump { seat: 0 },
            Phase::Over,
            Phase::Busy,
            Phase::AfterShort,
        ];
        let mut slots: Vec<usize> = phases.iter().map(|&p| phase_index(p)).collect();
        slots.sort();
        assert_eq!(slots, (0..NUM_PHASES).collect::<Vec<_>>());
        let whys = [
            TargetWhy::Trade,
            TargetWhy::Swap,
            TargetWhy::TeamPlay,
            TargetWhy::TargetedDraw(2),
            TargetWhy::DoubleDraw(2),
            TargetWhy::TargetedSkip,
            TargetWhy::DrawnTogether,
            TargetWhy::ForceTrade,
            TargetWhy::Gift,
        ];
        let mut slots: Vec<usize> = whys.iter().map(|&w| target_why_index(w)).collect();
        slots.sort();
        assert_eq!(slots, (0..NUM_TARGET_WHYS).collect::<Vec<_>>());
    }

    /// Random games of several option sets and player counts (`checks::random_games`: every
    /// element written, each section within its documented range, the legal mask exact, and
    /// every seventh decision an onlooker's determinization encoding the same).
    #[test]
    fn encodes_the_view_only_within_range_in_random_games() {
        assert_eq!(BlenderState::NUM_ACTIONS, 1482);
        let mut phases_seen = [false; NUM_PHASES];
        let wrong = BlenderOptions {
            wrong_jump_ins: true,
            symbol_families: true,
            ..Default::default()
        };
        let option_sets = [
            ("seed", preset(Some("seed")).unwrap()),
            ("products", preset(Some("products")).unwrap()),
            ("wrong+families", wrong),
            ("revision", preset(Some("revision")).unwrap()),
        ];
        let mut games = Vec::new();
        for (name, opts) in option_sets {
            for players in [2, 3, 4, 7] {
                for game in 0..2u64 {
                    let s = BlenderState::deal(opts, players, 100 * game + players as u64);
                    games.push((format!("{name} {players}p"), s));
                }
            }
        }
        let found = checks::random_games::<BlenderState, BlenderEncoder>(
            games,
            &BLENDER_SECTIONS,
            range,
            7,
            |v| phases_seen[phase_index(v.phase)] = true,
        );
        assert!(found.views > 200, "{}", found.views);
        // The hidden cards did change between the pairs compared.
        assert!(
            found.hidden_differs * 2 > found.views,
            "{} of {}",
            found.hidden_differs,
            found.views
        );
        // Random play reaches most phases (`Over` and `Busy` have no decision).
        let seen = phases_seen.iter().filter(|&&b| b).count();
        assert!(seen >= 8, "{seen} phases seen");
    }

    /// Two views of one state: the hand and the seats as offsets from each viewer.
    #[test]
    fn seat_relative_sections() {
        let opts = BlenderOptions {
            dealer: Some(0),
            ..Default::default()
        };
        let s = BlenderState::deal(opts, 3, 11);
        let mut obs = vec![0.0; BLENDER_OBS_LEN];
        for viewer in 0..3u8 {
            let v = s.view(viewer);
            BlenderEncoder::encode(&v, &mut obs);
            let held: f32 = section(&obs, "hand").iter().sum();
            assert!((held * 4.0 - v.hand.len() as f32).abs() < 1e-4);
            for seat in 0..3u8 {
                let o = ((seat + 3 - viewer) % 3) as usize;
                assert_eq!(
                    section(&obs, "hand_sizes")[o],
                    v.hand_sizes[seat as usize] as f32 / 10.0
                );
            }
            assert_eq!(section(&obs, "seats")[..4], [1.0, 1.0, 1.0, 0.0]);
            assert_eq!(section(&obs, "alive")[..4], [1.0, 1.0, 1.0, 0.0]);
            assert_eq!(section(&obs, "eliminated").iter().sum::<f32>(), 0.0);
            let cur = ((v.current + 3 - viewer) % 3) as usize;
            assert_eq!(section(&obs, "current")[cur], 1.0);
            assert_eq!(section(&obs, "current").iter().sum::<f32>(), 1.0);
            assert_eq!(section(&obs, "shown")[v.shown.kind as usize], 1.0);
            let face = section(&obs, "shown_face");
            assert_eq!(face[v.shown.color as usize], 1.0);
            assert_eq!(face[..5].iter().sum::<f32>(), 1.0);
            assert_eq!(face[5..20].iter().sum::<f32>(), 1.0);
            assert_eq!(section(&obs, "phase")[phase_index(v.phase)], 1.0);
            assert_eq!(section(&obs, "phase").iter().sum::<f32>(), 1.0);
            assert_eq!(section(&obs, "direction")[0], v.clockwise as u8 as f32);
            assert_eq!(section(&obs, "tempo")[0], 0.2);
            assert_eq!(section(&obs, "tempo")[5], 1.0);
            assert_eq!(section(&obs, "mini").iter().sum::<f32>(), 0.0);
            assert_eq!(section(&obs, "draw_pile")[0], v.draw_pile as f32 / 720.0);
        }
    }
}
