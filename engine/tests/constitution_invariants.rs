//! Random-play invariants for the Constitution: 2 to 10 players under several option sets
//! (the seed's rules, elimination mode, no wrong jump-ins, playing the drawn card with a coin
//! that always lands face up, a fixed dealer with no revival, no Apocalypse challenge and a
//! coin that always lands face down), uniformly random legal actions, the state checked after
//! every action: cards conserved (hands, piles, field cards, cards in transit), a legal action
//! for whoever is to act (ascending, and none once the game is over), every knowledge bound a
//! fact, strict apply refusing illegal actions without a change, `sample_legal` equal to
//! indexing the legal list, and every game ending or hitting the cap (rare).

mod common;

use uno_engine::constitution::action::ACCUSE;
use uno_engine::constitution::{ConOptions, ConState, Mode, NUM_ACTIONS, NUM_KINDS};
use uno_engine::{stream_seed, Action, ActionList, CardGame, Ending, Game, Rng};

fn option_sets() -> Vec<(&'static str, ConOptions)> {
    let d = ConOptions::default();
    vec![
        ("seed", d),
        (
            "elimination",
            ConOptions {
                mode: Mode::Elimination,
                ..d
            },
        ),
        (
            "tidy",
            ConOptions {
                wrong_jump_ins: false,
                ..d
            },
        ),
        (
            "play the drawn card, coin always up",
            ConOptions {
                play_drawn: true,
                gold_coin_face_up: 1.0,
                ..d
            },
        ),
        (
            "fixed dealer, no revival, no challenge, coin always down, elimination",
            ConOptions {
                mode: Mode::Elimination,
                dealer: Some(1),
                communism_revives: false,
                apocalypse_challenge: false,
                gold_coin_face_up: 0.0,
                ..d
            },
        ),
    ]
}

fn census(st: &ConState) -> u32 {
    let mut c = vec![0; NUM_KINDS];
    st.census(&mut c);
    c.iter().sum()
}

/// Plays a game with random legal actions; accusations are taken one time in `accuse_odds`
/// they are drawn (uniform play accuses so often that most normal-mode games end at once).
fn play_random(opts: ConOptions, players: usize, seed: u64, accuse_odds: u32) -> ConState {
    opts.validate(players).unwrap();
    let mut st = ConState::deal(opts, players, seed);
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut legal = ActionList::new();
    let mut steps = 0u32;
    loop {
        assert_eq!(
            census(&st),
            432,
            "cards conserved (seed {seed}, step {steps})"
        );
        for s in 0..players as u8 {
            assert!(
                st.knowledge_within(s),
                "a knowledge bound is not a fact (seed {seed}, step {steps})"
            );
        }
        if common::next_decision(&st, &mut legal, seed, steps as u64).is_none() {
            break;
        }
        for w in legal.as_slice().windows(2) {
            assert!(w[0] < w[1], "legal actions ascending and distinct");
        }
        if steps.is_multiple_of(7) {
            if let Some(bad) = (0..NUM_ACTIONS as Action).find(|a| !legal.contains(*a)) {
                let before = st.clone();
                assert!(st.apply(bad).is_err());
                assert!(st == before, "a refused action changes nothing");
            }
        }
        let mut fast_rng = rng.clone();
        let fast = st.sample_legal(&mut fast_rng);
        let mut a = legal[rng.below(legal.len() as u32) as usize];
        assert_eq!(fast, a, "sample_legal = legal[below(len)] (seed {seed})");
        assert_eq!(fast_rng, rng);
        if a == ACCUSE && !rng.below(accuse_odds).is_multiple_of(accuse_odds) {
            a = legal[0];
        }
        st.apply(a).unwrap();
        steps += 1;
    }
    st
}

#[test]
fn random_games_keep_every_invariant() {
    for (name, opts) in option_sets() {
        for players in 2..=10 {
            let games = if players <= 4 { 10 } else { 4 };
            let mut truncated = 0;
            for g in 0..games {
                for odds in [1, 20] {
                    let st = play_random(opts, players, 1000 * players as u64 + g, odds);
                    let o = st.outcome().expect("over");
                    if o.ending == Ending::Truncated {
                        truncated += 1;
                        continue;
                    }
                    match opts.mode {
                        Mode::Normal => assert!(o.loser.is_none()),
                        Mode::Elimination => {
                            assert!(o.winner.is_none());
                            // No loser only when the last two left together: a draw that
                            // counts as not lost for everyone.
                            assert_eq!(o.no_loser, o.loser.is_none(), "{name}");
                            if o.no_loser {
                                assert!((0..players as u8).all(|s| o.won(s)));
                            }
                            if let Some(l) = o.loser {
                                // Last (a team shares its place).
                                let worst = o.placing[..players].iter().max().unwrap();
                                assert_eq!(o.placing[l as usize], *worst, "{name}: last");
                            }
                        }
                    }
                    if let Some(w) = o.winner {
                        assert_eq!(o.placing[w as usize], 1, "{name}: the winner is first");
                    }
                }
            }
            assert!(
                truncated * 4 <= games * 2,
                "{name}, {players} players: {truncated} games hit the cap"
            );
        }
    }
}

/// `Game::play_random` (the fused `random_playout`) plays the generic loop's game: the same
/// randomness consumed and the same final state (every field, by `PartialEq`), but for the
/// knowledge rows, which random play does not keep; the generic loop's rows are checked to be
/// the facts they claim to be.
fn assert_play_random_matches_generic(start: ConState, seed: u64, what: &str) {
    let (fused, generic) = common::play_random_and_generic(start, seed, what);
    assert!(fused.same_but_knowledge(&generic), "{what}");
    assert_eq!(format!("{fused:?}"), format!("{generic:?}"), "{what}");
    assert_eq!(
        fused.draw_pile().as_slice(),
        generic.draw_pile().as_slice(),
        "{what}"
    );
    for s in 0..generic.num_players() as u8 {
        assert!(generic.knowledge_within(s), "{what}");
    }
}

#[test]
fn play_random_matches_the_generic_loop() {
    for (name, opts) in option_sets() {
        for players in [2, 4, 7] {
            for seed in 0..3 {
                let st = ConState::deal(opts, players, stream_seed(seed, 9));
                assert_play_random_matches_generic(st, seed, name);
            }
        }
    }
    // More games, 3 to 10 players, each option set, elimination mode's long games included.
    for (name, opts) in option_sets() {
        for players in [3, 5, 6, 8, 10] {
            for seed in 3..8 {
                let st = ConState::deal(opts, players, stream_seed(seed, 11));
                assert_play_random_matches_generic(st, seed, name);
            }
        }
    }
}
