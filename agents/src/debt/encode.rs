//! Uno Debt's observation encoder `debt` (510 floats).

use crate::encode::{total, ObservationEncoder, Writer};
use uno_engine::debt::cards::{color_of, number, NUM_KINDS, WILD_DRAW_FOUR};
use uno_engine::debt::{DebtView, Phase, NO_COLOR};
use uno_engine::MAX_PLAYERS;

/// Uno Debt observation (510 floats), seat-relative (offset 0 is the viewer; "by offset" means
/// by seat offset from the viewer, 0 past the player count). Counts are raw card counts.
///
/// | section | len | content |
/// |---|---|---|
/// | hand | 54 | count of each kind in the viewer's hand |
/// | own pile | 54 | what the viewer knows for certain of their own pile (count per kind) |
/// | top | 54 | one-hot kind of the play area's top card (all 0 when the area is empty) |
/// | colour | 5 | one-hot colour in play (red, yellow, green, blue, none) |
/// | debt | 1 | debt / 25 |
/// | direction | 1 | 1 if clockwise |
/// | phase | 8 | one-hot phase: start, play, group, reward, attack, call UNO, DEBT window; then 1 if the pile card was taken this turn (start) |
/// | hand sizes | 10 | cards in hand / 10 by offset |
/// | pile sizes | 10 | cards in the discard pile / 10 by offset |
/// | power | 10 | buying-power number / 9 by offset |
/// | power colour | 40 | one-hot buying-power colour (4) by offset (offset × 4 + colour) |
/// | known hands | 54 | cards everyone knows are in the opponents' hands, summed over opponents |
/// | known piles | 54 | cards everyone knows are in the opponents' piles, summed over opponents |
/// | area | 54 | count of each kind in the play area |
/// | stuck take | 54 | the kinds of the top power(last player) cards of the play area: what option two would put into the viewer's pile |
/// | area size | 1 | play-area cards / 108 |
/// | melon size | 1 | melon cards / (108 × decks) |
/// | group | 9 | the play being laid: cards / 9, sum / 45, has a non-zero number, cards to draw / 8, skips / 4, reverses / 4, is the reward play, first card of the viewer's power colour, first card a Wild Draw Four (0 outside Group) |
/// | colour before | 5 | one-hot colour in play before the play being laid (Group only) |
/// | UNO called | 1 | the player with one card called UNO (CallUno / DEBT window) |
/// | current | 10 | one-hot offset of the player whose turn it is |
/// | last player | 10 | one-hot offset of the last player who played a card |
/// | seats | 10 | 1 for each offset that is a seat |
pub struct DebtEncoder;

pub const DEBT_SECTIONS: [(&str, usize); 23] = [
    ("hand", NUM_KINDS),
    ("own_pile", NUM_KINDS),
    ("top", NUM_KINDS),
    ("colour", 5),
    ("debt", 1),
    ("direction", 1),
    ("phase", 8),
    ("hand_sizes", MAX_PLAYERS),
    ("pile_sizes", MAX_PLAYERS),
    ("power", MAX_PLAYERS),
    ("power_colour", MAX_PLAYERS * 4),
    ("known_hands", NUM_KINDS),
    ("known_piles", NUM_KINDS),
    ("area", NUM_KINDS),
    ("stuck_take", NUM_KINDS),
    ("area_size", 1),
    ("melon_size", 1),
    ("group", 9),
    ("colour_before", 5),
    ("uno_called", 1),
    ("current", MAX_PLAYERS),
    ("last_player", MAX_PLAYERS),
    ("seats", MAX_PLAYERS),
];

pub const DEBT_OBS_LEN: usize = total(&DEBT_SECTIONS);
const _: () = assert!(DEBT_OBS_LEN == 510);

/// The phase slot of the `phase` section (`None`: game over, all 0).
fn phase_index(p: Phase) -> Option<usize> {
    Some(match p {
        Phase::Start { .. } => 0,
        Phase::Play => 1,
        Phase::Group => 2,
        Phase::Reward => 3,
        Phase::Attack => 4,
        Phase::CallUno => 5,
        Phase::DebtWindow { .. } => 6,
        Phase::Over => return None,
    })
}

impl ObservationEncoder for DebtEncoder {
    type View = DebtView;
    const LEN: usize = DEBT_OBS_LEN;

    fn encode(v: &DebtView, out: &mut [f32]) {
        assert!(out.len() >= Self::LEN, "observation buffer too short");
        let n = v.num_players as usize;
        let me = v.seat as usize;
        let rel = |seat: usize| (seat + n - me) % n;
        let mut w = Writer::new(out, &DEBT_SECTIONS);
        let s = w.section(NUM_KINDS);
        for (k, c) in v.hand.iter() {
            s[k] = c as f32;
        }
        let s = w.section(NUM_KINDS);
        for (x, &c) in s.iter_mut().zip(&v.own_pile) {
            *x = c as f32;
        }
        let s = w.section(NUM_KINDS);
        if let Some(&(top, _)) = v.play_area.last() {
            s[top as usize] = 1.0;
        }
        w.section(5)[(v.color as usize).min(4)] = 1.0;
        w.section(1)[0] = v.debt as f32 / 25.0;
        w.section(1)[0] = v.clockwise as u8 as f32;
        let s = w.section(8);
        if let Some(i) = phase_index(v.phase) {
            s[i] = 1.0;
        }
        if let Phase::Start { took } = v.phase {
            s[7] = took as u8 as f32;
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat)] = v.hand_sizes[seat] as f32 / 10.0;
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat)] = v.pile_sizes[seat] as f32 / 10.0;
        }
        let s = w.section(MAX_PLAYERS);
        for seat in 0..n {
            s[rel(seat)] = number(v.buying_power[seat]).unwrap_or(0) as f32 / 9.0;
        }
        let s = w.section(MAX_PLAYERS * 4);
        for seat in 0..n {
            let c = color_of(v.buying_power[seat]) as usize;
            if c < 4 {
                s[rel(seat) * 4 + c] = 1.0;
            }
        }
        let s = w.section(NUM_KINDS);
        for seat in (0..n).filter(|&x| x != me) {
            for (x, &c) in s.iter_mut().zip(&v.known_hand[seat]) {
                *x += c as f32;
            }
        }
        let s = w.section(NUM_KINDS);
        for seat in (0..n).filter(|&x| x != me) {
            for (x, &c) in s.iter_mut().zip(&v.known_pile[seat]) {
                *x += c as f32;
            }
        }
        let s = w.section(NUM_KINDS);
        for &(k, _) in &v.play_area {
            s[k as usize] += 1.0;
        }
        let s = w.section(NUM_KINDS);
        let last = v.last_player as usize;
        let take = match number(v.buying_power[last]).unwrap_or(0) {
            0 => v.options.zero_power,
            p => p,
        } as usize;
        for &(k, _) in v.play_area.iter().rev().take(take) {
            s[k as usize] += 1.0;
        }
        w.section(1)[0] = v.play_area.len() as f32 / 108.0;
        w.section(1)[0] = v.melon_len as f32 / (108.0 * v.options.decks.max(1) as f32);
        let s = w.section(9);
        let g = &v.group;
        if v.phase == Phase::Group {
            let bp_color = color_of(v.buying_power[me]);
            s[0] = g.len as f32 / 9.0;
            s[1] = g.sum as f32 / 45.0;
            s[2] = g.numbers as u8 as f32;
            s[3] = g.draw as f32 / 8.0;
            s[4] = g.skips as f32 / 4.0;
            s[5] = g.reverses as f32 / 4.0;
            s[6] = g.reward as u8 as f32;
            s[7] = (color_of(g.first) == bp_color) as u8 as f32;
            s[8] = (g.first == WILD_DRAW_FOUR) as u8 as f32;
        }
        let s = w.section(5);
        if v.phase == Phase::Group {
            s[(g.color_before as usize).min(NO_COLOR as usize)] = 1.0;
        }
        w.section(1)[0] = v.uno_called as u8 as f32;
        w.section(MAX_PLAYERS)[rel(v.current as usize)] = 1.0;
        w.section(MAX_PLAYERS)[rel(last)] = 1.0;
        w.section(MAX_PLAYERS)[..n].fill(1.0);
        assert_eq!(w.pos, Self::LEN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::checks;
    use uno_engine::debt::options::options_from as preset;
    use uno_engine::debt::{DebtScenario, DebtState};
    use uno_engine::Game;

    fn section<'a>(obs: &'a [f32], name: &str) -> &'a [f32] {
        crate::encode::section_of(&DEBT_SECTIONS, obs, name)
    }

    /// The documented range of each section: [0, 1] unless listed here (card counts and pile
    /// or hand sizes have no upper bound but the decks').
    fn range(name: &str) -> (f32, f32) {
        match name {
            "hand" | "own_pile" | "known_hands" | "known_piles" | "area" | "stuck_take" => {
                (0.0, 16.0)
            }
            "hand_sizes" | "pile_sizes" => (0.0, 43.2),
            "area_size" => (0.0, 4.0),
            // The debt has no cap in the `big` preset.
            "debt" => (0.0, 432.0 * 9.0 / 25.0),
            "group" => (0.0, 4.5),
            _ => (0.0, 1.0),
        }
    }

    #[test]
    fn sections_are_unique_and_sum_to_the_length() {
        assert_eq!(DebtEncoder::LEN, DEBT_OBS_LEN);
        // Every section's length, as documented.
        let expected: [(&str, usize); 23] = [
            ("hand", 54),
            ("own_pile", 54),
            ("top", 54),
            ("colour", 5),
            ("debt", 1),
            ("direction", 1),
            ("phase", 8),
            ("hand_sizes", 10),
            ("pile_sizes", 10),
            ("power", 10),
            ("power_colour", 40),
            ("known_hands", 54),
            ("known_piles", 54),
            ("area", 54),
            ("stuck_take", 54),
            ("area_size", 1),
            ("melon_size", 1),
            ("group", 9),
            ("colour_before", 5),
            ("uno_called", 1),
            ("current", 10),
            ("last_player", 10),
            ("seats", 10),
        ];
        checks::section_table(&DEBT_SECTIONS, &expected, DEBT_OBS_LEN);
    }

    /// Random games of every preset and several player counts (`checks::random_games`: every
    /// element written, each section within its documented range, the legal mask exact, and
    /// every seventh decision an onlooker's determinization encoding the same).
    #[test]
    fn encodes_the_view_only_within_range_in_random_games() {
        let mut phases_seen = [false; 8];
        let mut games = Vec::new();
        for name in ["seed", "one-deck", "big", "quiet"] {
            for players in [2, 3, 4, 6] {
                let opts = preset(Some(name), None).unwrap();
                let s = DebtState::deal(opts, players, players as u64);
                games.push((format!("{name} {players}p"), s));
            }
        }
        let found =
            checks::random_games::<DebtState, DebtEncoder>(games, &DEBT_SECTIONS, range, 7, |v| {
                if let Some(i) = phase_index(v.phase) {
                    phases_seen[i] = true;
                }
            });
        assert!(found.views > 200, "{}", found.views);
        // The hidden cards did change between the pairs compared.
        assert!(
            found.hidden_differs * 2 > found.views,
            "{} of {}",
            found.hidden_differs,
            found.views
        );
        // Random play reaches every phase with a decision.
        assert_eq!(phases_seen.iter().filter(|&&b| b).count(), 7);
    }

    #[test]
    fn seat_relative_sections_and_hidden_cards() {
        let s = DebtScenario::from_json(
            r#"{
              "players": 3,
              "buying_power": ["B4", "R7", "G2"],
              "hands": [["B3", "B3", "B1", "B9", "R6"], ["W", "G5"], ["Y2"]],
              "piles": [[], ["R1", "G8"], []],
              "known_piles": [[], ["R1"], []],
              "play_area": ["Y6", "W:blue", "B6"],
              "debt": 3,
              "current": 0,
              "last_player": 1,
              "decision": "play"
            }"#,
        )
        .unwrap()
        .build()
        .unwrap();
        let mut obs = vec![0.0; DEBT_OBS_LEN];
        DebtEncoder::encode(&s.view(1), &mut obs);
        // Seat 1 sees its own hand, not seat 0's.
        let hand = section(&obs, "hand");
        assert_eq!(hand.iter().sum::<f32>(), 2.0);
        assert_eq!(section(&obs, "hand_sizes")[..3], [0.2, 0.1, 0.5]);
        assert_eq!(section(&obs, "pile_sizes")[..3], [0.2, 0.0, 0.0]);
        assert_eq!(
            section(&obs, "seats"),
            [1., 1., 1., 0., 0., 0., 0., 0., 0., 0.]
        );
        // Seat 0 (current) is offset 2 from seat 1; seat 1 was the last player (offset 0).
        assert_eq!(section(&obs, "current")[2], 1.0);
        assert_eq!(section(&obs, "last_player")[0], 1.0);
        // Buying power: own R7 at offset 0 (red = 0), B4 at offset 2 (blue = 3).
        let pc = section(&obs, "power_colour");
        assert_eq!((pc[0], pc[2 * 4 + 3]), (1.0, 1.0));
        assert!((section(&obs, "power")[0] - 7.0 / 9.0).abs() < 1e-6);
        assert!((section(&obs, "debt")[0] - 3.0 / 25.0).abs() < 1e-6);
        assert_eq!(section(&obs, "area").iter().sum::<f32>(), 3.0);
        // Power 7 of the last player: option two would take all three cards.
        assert_eq!(section(&obs, "stuck_take").iter().sum::<f32>(), 3.0);
        assert_eq!(section(&obs, "phase")[1], 1.0);
        // Seat 1's own pile, fully known to it; seat 0 sees only the public R1 of it.
        assert_eq!(section(&obs, "own_pile").iter().sum::<f32>(), 2.0);
        DebtEncoder::encode(&s.view(0), &mut obs);
        assert_eq!(section(&obs, "known_piles").iter().sum::<f32>(), 1.0);
        assert_eq!(section(&obs, "own_pile").iter().sum::<f32>(), 0.0);
    }
}
