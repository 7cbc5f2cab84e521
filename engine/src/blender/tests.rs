//! Unit tests: random play in several option sets, with the invariants that matter most.

use super::*;
use crate::game::{CardGame, Game};
use crate::rng::Rng;

fn census_ok(s: &BlenderState) {
    let mut c = vec![0u32; NUM_KINDS];
    s.census(&mut c);
    let deck = cards::deck_counts(s.options());
    for k in 0..NUM_KINDS {
        assert_eq!(
            c[k],
            deck[k] as u32,
            "kind {} census\n{s:?}",
            table()[k].code
        );
    }
}

fn play(opts: BlenderOptions, players: usize, seed: u64) -> BlenderState {
    let mut s = BlenderState::deal(opts, players, seed);
    let mut rng = Rng::new(seed ^ 0xabcdef);
    let mut list = ActionList::new();
    census_ok(&s);
    while let Some((_seat, _)) = s.to_act() {
        s.legal_actions(&mut list);
        assert!(!list.is_empty(), "no legal action\n{s:?}");
        let a = list[rng.below(list.len() as u32) as usize];
        s.apply(a).unwrap();
        census_ok(&s);
    }
    s
}

#[test]
fn random_games_end_with_cards_conserved() {
    for players in 2..=10 {
        for seed in 0..20 {
            let s = play(BlenderOptions::default(), players, seed);
            let o = s.outcome().expect("over");
            assert!(o.winner.is_some() || s.truncated, "{s:?}");
        }
    }
}

#[test]
fn random_games_under_every_option() {
    let o = BlenderOptions {
        symbol_families: true,
        two_player_reverse_skips: true,
        drawn_together_self: false,
        point_taken_cap: 2,
        stack_number_golf: false,
        gift_on_deal: true,
        wrong_jump_ins: true,
        flex_flip: true,
        teams_swap: true,
        flex_number_colors: true,
        ..Default::default()
    };
    for players in [2, 3, 4, 7] {
        for seed in 0..30 {
            play(o, players, seed);
        }
    }
}

#[test]
fn random_games_under_the_revision() {
    let o = options::preset(Some("revision")).unwrap();
    for players in [2, 3, 4, 6] {
        for seed in 0..30 {
            play(o, players, seed);
        }
    }
    let o = BlenderOptions {
        wrong_jump_ins: true,
        ..o
    };
    for seed in 0..30 {
        play(o, 4, seed);
    }
}

/// `jump_mask` (the shown kind's part from a table) is `jump_mask_of` for every shown kind,
/// number and family option.
#[test]
fn jump_mask_reads_the_table_as_computed() {
    let mut s = BlenderState::deal(BlenderOptions::default(), 4, 3);
    for families in [false, true] {
        s.opts.symbol_families = families;
        for k in 0..NUM_KINDS {
            for number in (0..=22).chain([cards::NO_NUMBER]) {
                s.shown = Shown {
                    kind: k as u16,
                    color: 0,
                    number,
                };
                assert_eq!(
                    s.jump_mask(),
                    decide::jump_mask_of(k, number, families),
                    "kind {k} number {number} families {families}"
                );
            }
        }
    }
}

/// `seat_after_one` is `seat_after(from, 1, n, clockwise)`, and `advance`'s one-step case is
/// the general walk, for every table size, seat, direction and set of live seats.
#[test]
fn one_seat_on_is_the_general_walk() {
    for n in 2..=crate::game::MAX_PLAYERS {
        let mut s = BlenderState::deal(BlenderOptions::default(), n, 5);
        for clockwise in [false, true] {
            s.clockwise = clockwise;
            for alive in 0..(1u16 << n) {
                s.alive = alive;
                for from in 0..n as u8 {
                    assert_eq!(
                        s.seat_after_one(from),
                        crate::game::seat_after(from, 1, n as u8, clockwise)
                    );
                    let mut walk = from;
                    walk = s.next_alive(walk);
                    if !s.is_alive(walk) {
                        walk = s.next_alive(walk);
                    }
                    assert_eq!(s.advance(from, 1, &mut crate::NoEvents), walk);
                }
            }
        }
    }
}

/// The knowledge table's rows (stored only once written) read as a plain zeroed table would
/// through random writes, clears and swaps.
#[test]
fn known_rows_read_as_a_plain_table() {
    use crate::game::MAX_PLAYERS;
    let mut t = BlenderState::deal(BlenderOptions::default(), 4, 1);
    let mut plain = vec![[[0u8; NUM_KINDS]; MAX_PLAYERS]; MAX_PLAYERS];
    let mut rng = Rng::new(8);
    for step in 0..3_000 {
        let o = rng.below(MAX_PLAYERS as u32) as usize;
        let a = rng.below(MAX_PLAYERS as u32) as usize;
        let b = rng.below(MAX_PLAYERS as u32) as usize;
        let k = rng.below(NUM_KINDS as u32) as usize;
        match rng.below(4) {
            0 => {
                t.known_row_mut(o, a)[k] += 1;
                plain[o][a][k] += 1;
            }
            1 => {
                t.known_clear(o, a);
                plain[o][a] = [0; NUM_KINDS];
            }
            2 => {
                t.known_swap(o, a, b);
                plain[o].swap(a, b);
            }
            _ => {
                let mut row = [0u8; NUM_KINDS];
                row[k] = step as u8;
                t.known_set(o, a, &row);
                plain[o][a] = row;
            }
        }
        for (o, rows) in plain.iter().enumerate() {
            for (s, row) in rows.iter().enumerate() {
                assert_eq!(t.known_row(o, s).copied().unwrap_or([0; NUM_KINDS]), *row);
            }
        }
    }
}
