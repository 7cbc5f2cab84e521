//! The Constitution's observation encoder `constitution` (1051 floats), from `ConView` only.

use crate::encode::{total, ObservationEncoder, Writer};
use uno_engine::constitution::cards::{DECK_SIZE, NO_COLOR, NUM_TEXTS};
use uno_engine::constitution::{
    AttackKind, ChooseWhy, ColorWhy, ConView, Mode, Phase, TargetWhy, NEUTRAL, NONE, NUM_KINDS,
};
use uno_engine::MAX_PLAYERS;

/// The Constitution observation (1051 floats), seat-relative: "by offset" means by seat offset
/// from the viewer in seat order (offset 0 is the viewer; offsets past the player count stay 0).
/// Card counts are divided by 4 (a kind has at most 16 copies: a hand holds more only after a
/// very long draw, and the count is clamped); a seat the view names is a one-hot offset (all 0
/// when there is none). Every value is in [0, 1] except where the range says otherwise.
///
/// | section | len | content | range |
/// |---|---|---|---|
/// | hand | 119 | copies of each kind in the viewer's hand / 4, clamped | [0, 4] |
/// | hand_sizes | 10 | cards in hand / 10 by offset, clamped | [0, 5] |
/// | one_card | 10 | 1 for each offset holding exactly one card | |
/// | in_game | 10 | 1 for each offset still in the game | |
/// | uno_called | 10 | 1 for each offset that called UNO | |
/// | discard | 119 | copies of each kind on the discard pile / 4, clamped | [0, 4] |
/// | top | 119 | one-hot kind of the top card | |
/// | reference | 119 | one-hot kind of the matching reference (C23) | |
/// | colour | 5 | one-hot reference colour (red, yellow, green, blue, none) | |
/// | phase | 16 | one-hot phase, every `Phase` variant in declaration order (`Over` last) | |
/// | phase_why | 14 | why the phase asks: `ColorWhy` (War, Start), `TargetWhy` (Directed, FTPIP, Prophet's look, Prophet just played, Gold Coin recipient, accusation), `ChooseWhy` (Gift card, army, Chosen One keep, Chosen One order, Gold Coin card), then 1 for the invader's army | |
/// | phase_text | 44 | one-hot text of the directed card whose victim is chosen (`Target` `Directed`) | |
/// | phase_card | 119 | one-hot card the phase names, to the actor only: the drawn card (`PostDraw`), the Gold Coin card being given (`Target` `GoldTo`) | |
/// | phase_seat | 10 | offset of the seat the phase names: `JumpIn`/`WrongCall`/`CatchUno` asker, `Choose` `GiftCard` receiver | |
/// | actor | 10 | offset of the seat to act | |
/// | attack | 23 | the pending attack: present, one-hot `AttackKind` (12), cards to draw / 10 (clamped, [0, 5]), stack family 2, stack family 4, Hot Deaths in the stack / 4 (clamped), a Harvester in it, its last card a Harvester, directed, costs the turn, backwards, keeps the order | [0, 5] |
/// | attack_victim | 10 | offset of its victim | |
/// | attack_starter | 10 | offset of who started it | |
/// | attack_last | 10 | offset of who added its last card | |
/// | attack_card | 119 | one-hot Gift card (its giver and receiver only) | |
/// | attack_gold | 10 | offset of a Gold Coin batch's first recipient (its giver and receiver only) | |
/// | current | 10 | offset of the player whose turn it is | |
/// | direction | 1 | 1 if clockwise | |
/// | shields | 10 | Blue Shields on the table / 2 by offset, clamped | [0, 2] |
/// | viruses | 10 | Viruses on the table / 2 by offset, clamped | [0, 2] |
/// | field | 88 | per field card (Luck, Yin, Yang, Prophet, Death, War, Conquest, Plague; 11 each): one-hot offset of its holder (10), then 1 in neutral play (all 0: not in play) | |
/// | table | 6 | Famine in play, the Apocalypse, Death's clock / 10 (clamped, [0, 2]), Death's clock running, draw pile / 432, elimination mode | [0, 2] |
/// | seats | 10 | 1 for each offset that is a seat | |
pub struct ConEncoder;

pub const CON_SECTIONS: [(&str, usize); 28] = [
    ("hand", NUM_KINDS),
    ("hand_sizes", MAX_PLAYERS),
    ("one_card", MAX_PLAYERS),
    ("in_game", MAX_PLAYERS),
    ("uno_called", MAX_PLAYERS),
    ("discard", NUM_KINDS),
    ("top", NUM_KINDS),
    ("reference", NUM_KINDS),
    ("colour", 5),
    ("phase", NUM_PHASES),
    ("phase_why", 14),
    ("phase_text", NUM_TEXTS),
    ("phase_card", NUM_KINDS),
    ("phase_seat", MAX_PLAYERS),
    ("actor", MAX_PLAYERS),
    ("attack", 23),
    ("attack_victim", MAX_PLAYERS),
    ("attack_starter", MAX_PLAYERS),
    ("attack_last", MAX_PLAYERS),
    ("attack_card", NUM_KINDS),
    ("attack_gold", MAX_PLAYERS),
    ("current", MAX_PLAYERS),
    ("direction", 1),
    ("shields", MAX_PLAYERS),
    ("viruses", MAX_PLAYERS),
    ("field", 8 * (MAX_PLAYERS + 1)),
    ("table", 6),
    ("seats", MAX_PLAYERS),
];

/// Slots of the `phase` section: every `Phase` variant.
pub const NUM_PHASES: usize = 16;

pub const CON_OBS_LEN: usize = total(&CON_SECTIONS);
const _: () = assert!(CON_OBS_LEN == 1051);

/// The slot of `p` in the `phase` section. An exhaustive match: a new phase does not compile
/// until it has a slot (and `NUM_PHASES` grows with it).
pub fn phase_index(p: Phase) -> usize {
    match p {
        Phase::Turn => 0,
        Phase::PostDraw { .. } => 1,
        Phase::Color { .. } => 2,
        Phase::Target { .. } => 3,
        Phase::Choose { .. } => 4,
        Phase::Respond => 5,
        Phase::DodgeAdd => 6,
        Phase::JumpIn { .. } => 7,
        Phase::WrongCall { .. } => 8,
        Phase::CallUno => 9,
        Phase::CatchUno { .. } => 10,
        Phase::Answer => 11,
        Phase::Team => 12,
        Phase::Piles => 13,
        Phase::Challenge => 14,
        Phase::Over => 15,
    }
}

/// The slot of an attack kind in the `attack` section's one-hot (after the presence flag).
fn attack_index(k: AttackKind) -> usize {
    use AttackKind::*;
    match k {
        Draw => 0,
        Backstab => 1,
        Ttr => 2,
        Dump => 3,
        Quitter => 4,
        Glasnost => 5,
        Mad => 6,
        Martyr => 7,
        Virus => 8,
        Gift => 9,
        Gold => 10,
        Ping => 11,
    }
}

impl ObservationEncoder for ConEncoder {
    type View = ConView;
    const LEN: usize = CON_OBS_LEN;

    fn encode(v: &ConView, out: &mut [f32]) {
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
        let kind = |s: &mut [f32], k: u8| {
            if (k as usize) < NUM_KINDS {
                s[k as usize] = 1.0;
            }
        };
        let actor = v.to_act.map(|(s, _)| s);
        let mine = actor == Some(v.seat);
        let mut w = Writer::new(out, &CON_SECTIONS);
        // hand, hand_sizes, one_card, in_game, uno_called
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
            s[rel(seat as u8).unwrap()] = v.in_game[seat] as u8 as f32;
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = (v.uno_called >> seat & 1) as f32;
        }
        // discard, top, reference, colour
        let s = w.section(NUM_KINDS);
        for (k, c) in v.discard.iter() {
            s[k] = count(c);
        }
        kind(w.section(NUM_KINDS), v.top);
        kind(w.section(NUM_KINDS), v.reference.0);
        w.section(5)[(v.reference.1 as usize).min(NO_COLOR as usize)] = 1.0;
        // phase, phase_why, phase_text, phase_card, phase_seat, actor
        w.section(NUM_PHASES)[phase_index(v.phase)] = 1.0;
        let s = w.section(14);
        match v.phase {
            Phase::Color { why } => {
                s[match why {
                    ColorWhy::War => 0,
                    ColorWhy::Start => 1,
                }] = 1.0
            }
            Phase::Target { why } => {
                s[2 + match why {
                    TargetWhy::Directed(_) => 0,
                    TargetWhy::Ftpip => 1,
                    TargetWhy::ProphetLook => 2,
                    TargetWhy::ProphetFirst => 3,
                    TargetWhy::GoldTo { .. } => 4,
                    TargetWhy::Accuse => 5,
                }] = 1.0
            }
            Phase::Choose { why } => {
                s[8 + match why {
                    ChooseWhy::GiftCard { .. } => 0,
                    ChooseWhy::Army { .. } => 1,
                    ChooseWhy::ChosenKeep => 2,
                    ChooseWhy::ChosenOrder => 3,
                    ChooseWhy::GoldCard => 4,
                }] = 1.0;
                if let ChooseWhy::Army { invader } = why {
                    s[13] = invader as u8 as f32;
                }
            }
            _ => {}
        }
        let s = w.section(NUM_TEXTS);
        if let Phase::Target {
            why: TargetWhy::Directed(t),
        } = v.phase
        {
            s[t as usize] = 1.0;
        }
        let s = w.section(NUM_KINDS);
        if mine {
            match v.phase {
                Phase::PostDraw { card } => kind(s, card),
                Phase::Target {
                    why: TargetWhy::GoldTo { card },
                } => kind(s, card),
                _ => {}
            }
        }
        let s = w.section(MAX_PLAYERS);
        match v.phase {
            Phase::JumpIn { asker } | Phase::WrongCall { asker } | Phase::CatchUno { asker } => {
                put(s, asker)
            }
            Phase::Choose {
                why: ChooseWhy::GiftCard { to },
            } => put(s, to),
            _ => {}
        }
        let s = w.section(MAX_PLAYERS);
        if let Some(a) = actor {
            put(s, a);
        }
        // attack and its seats and card
        let a = v.attack;
        let s = w.section(23);
        if let Some(a) = a {
            s[0] = 1.0;
            s[1 + attack_index(a.kind)] = 1.0;
            s[13] = (a.amount as f32 / 10.0).min(5.0);
            s[14] = (a.family == 2) as u8 as f32;
            s[15] = (a.family == 4) as u8 as f32;
            s[16] = (a.hot_deaths as f32 / 4.0).min(1.0);
            s[17] = a.harvester as u8 as f32;
            s[18] = a.harvester_last as u8 as f32;
            s[19] = a.directed as u8 as f32;
            s[20] = a.costs_turn as u8 as f32;
            s[21] = a.backwards as u8 as f32;
            s[22] = a.keep_order as u8 as f32;
        }
        let s = w.section(MAX_PLAYERS);
        if let Some(a) = a {
            put(s, a.victim);
        }
        let s = w.section(MAX_PLAYERS);
        if let Some(a) = a {
            put(s, a.starter);
        }
        let s = w.section(MAX_PLAYERS);
        if let Some(a) = a {
            put(s, a.last);
        }
        let s = w.section(NUM_KINDS);
        if let Some(a) = a.filter(|a| a.kind == AttackKind::Gift) {
            kind(s, a.card);
        }
        let s = w.section(MAX_PLAYERS);
        if let Some(a) = a.filter(|a| a.kind == AttackKind::Gold) {
            put(s, a.card);
        }
        // current, direction, shields, viruses
        put(w.section(MAX_PLAYERS), v.current);
        w.section(1)[0] = v.clockwise as u8 as f32;
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = (v.shields[seat] as f32 / 2.0).min(2.0);
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat as u8).unwrap()] = (v.viruses[seat] as f32 / 2.0).min(2.0);
        }
        // field, table, seats
        let s = w.section(8 * (MAX_PLAYERS + 1));
        for (i, &h) in v.field.iter().enumerate() {
            let f = &mut s[i * (MAX_PLAYERS + 1)..(i + 1) * (MAX_PLAYERS + 1)];
            if h == NEUTRAL {
                f[MAX_PLAYERS] = 1.0;
            } else if h != NONE {
                put(f, h);
            }
        }
        let s = w.section(6);
        s[0] = v.famine as u8 as f32;
        s[1] = v.apocalypse as u8 as f32;
        s[2] = (v.death_clock as f32 / 10.0).min(2.0);
        s[3] = (v.field[4] != NONE) as u8 as f32;
        s[4] = (v.draw_pile as f32 / DECK_SIZE as f32).min(1.0);
        s[5] = (v.mode == Mode::Elimination) as u8 as f32;
        w.section(MAX_PLAYERS)[..n].fill(1.0);
        assert_eq!(w.pos, Self::LEN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::checks;
    use uno_engine::constitution::options::preset;
    use uno_engine::constitution::ConState;
    use uno_engine::Game;

    fn section<'a>(obs: &'a [f32], name: &str) -> &'a [f32] {
        crate::encode::section_of(&CON_SECTIONS, obs, name)
    }

    /// The documented range of each section: [0, 1] unless listed here.
    fn range(name: &str) -> (f32, f32) {
        match name {
            "hand" | "discard" => (0.0, 4.0),
            "hand_sizes" | "attack" => (0.0, 5.0),
            "shields" | "viruses" | "table" => (0.0, 2.0),
            _ => (0.0, 1.0),
        }
    }

    #[test]
    fn sections_are_unique_and_sum_to_the_length() {
        assert_eq!(CON_OBS_LEN, 1051);
        assert_eq!(ConEncoder::LEN, CON_OBS_LEN);
        // Every section's length, as documented.
        let expected: [(&str, usize); 28] = [
            ("hand", 119),
            ("hand_sizes", 10),
            ("one_card", 10),
            ("in_game", 10),
            ("uno_called", 10),
            ("discard", 119),
            ("top", 119),
            ("reference", 119),
            ("colour", 5),
            ("phase", 16),
            ("phase_why", 14),
            ("phase_text", 44),
            ("phase_card", 119),
            ("phase_seat", 10),
            ("actor", 10),
            ("attack", 23),
            ("attack_victim", 10),
            ("attack_starter", 10),
            ("attack_last", 10),
            ("attack_card", 119),
            ("attack_gold", 10),
            ("current", 10),
            ("direction", 1),
            ("shields", 10),
            ("viruses", 10),
            ("field", 88),
            ("table", 6),
            ("seats", 10),
        ];
        checks::section_table(&CON_SECTIONS, &expected, CON_OBS_LEN);
    }

    /// Every `Phase` variant has its own slot.
    #[test]
    fn every_phase_has_a_slot() {
        use uno_engine::constitution::Text;
        let phases = [
            Phase::Turn,
            Phase::PostDraw { card: 0 },
            Phase::Color { why: ColorWhy::War },
            Phase::Target {
                why: TargetWhy::Directed(Text::Ping),
            },
            Phase::Choose {
                why: ChooseWhy::ChosenKeep,
            },
            Phase::Respond,
            Phase::DodgeAdd,
            Phase::JumpIn { asker: 0 },
            Phase::WrongCall { asker: 0 },
            Phase::CallUno,
            Phase::CatchUno { asker: 0 },
            Phase::Answer,
            Phase::Team,
            Phase::Piles,
            Phase::Challenge,
            Phase::Over,
        ];
        let mut slots: Vec<usize> = phases.iter().map(|&p| phase_index(p)).collect();
        slots.sort();
        assert_eq!(slots, (0..NUM_PHASES).collect::<Vec<_>>());
    }

    /// Random games of every preset and several player counts (`checks::random_games`: every
    /// element written, each section within its documented range, the legal mask exact, and
    /// every fifth decision an onlooker's determinization encoding the same).
    #[test]
    fn encodes_the_view_only_within_range_in_random_games() {
        let mut phases_seen = [false; NUM_PHASES];
        let mut games = Vec::new();
        for name in ["seed", "elimination", "tidy"] {
            for players in [2, 3, 4, 7] {
                for game in 0..3u64 {
                    let opts = preset(Some(name)).unwrap();
                    let s = ConState::deal(opts, players, 100 * game + players as u64);
                    games.push((format!("{name} {players}p"), s));
                }
            }
        }
        let found =
            checks::random_games::<ConState, ConEncoder>(games, &CON_SECTIONS, range, 5, |v| {
                phases_seen[phase_index(v.phase)] = true
            });
        assert!(found.views > 200, "{}", found.views);
        // The hidden cards did change between the pairs compared.
        assert!(
            found.hidden_differs * 2 > found.views,
            "{} of {}",
            found.hidden_differs,
            found.views
        );
        // Random play reaches most phases (`Over` has no decision).
        let seen = phases_seen.iter().filter(|&&b| b).count();
        assert!(seen >= 12, "{seen} phases seen");
    }

    /// Two views of one state: the hand and the seats as offsets from each viewer.
    #[test]
    fn seat_relative_sections() {
        let opts = uno_engine::constitution::ConOptions {
            dealer: Some(0),
            ..Default::default()
        };
        let s = ConState::deal(opts, 3, 11);
        let mut obs = vec![0.0; CON_OBS_LEN];
        for viewer in 0..3u8 {
            ConEncoder::encode(&s.view(viewer), &mut obs);
            let v = s.view(viewer);
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
            assert_eq!(section(&obs, "in_game")[..4], [1.0, 1.0, 1.0, 0.0]);
            let cur = ((v.current + 3 - viewer) % 3) as usize;
            assert_eq!(section(&obs, "current")[cur], 1.0);
            assert_eq!(section(&obs, "current").iter().sum::<f32>(), 1.0);
            assert_eq!(section(&obs, "top")[v.top as usize], 1.0);
            assert_eq!(section(&obs, "phase").iter().sum::<f32>(), 1.0);
            assert_eq!(section(&obs, "direction")[0], v.clockwise as u8 as f32);
            assert_eq!(section(&obs, "table")[4], v.draw_pile as f32 / 432.0);
        }
    }
}
