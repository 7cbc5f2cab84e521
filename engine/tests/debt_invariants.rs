//! Random-play invariants for Uno Debt: 2 to 10 players under several option sets, uniformly
//! random legal actions, the state checked after every action: cards conserved (hands, piles,
//! buying-power cards, play area, melon), a legal action for whoever is to act (ascending, and
//! none once the game is over), the public knowledge never claiming more than is there, strict
//! apply refusing illegal actions without a change, and every game ending or hitting the cap.

mod common;

use uno_engine::debt::{AttackRule, DebtOptions, DebtState, StuckWithPile, NUM_KINDS};
use uno_engine::{stream_seed, ActionList, CardGame, Game, Rng};

fn option_sets() -> Vec<(&'static str, DebtOptions)> {
    vec![
        ("seed", DebtOptions::default()),
        (
            "one deck, power draw, pass when stuck with a pile",
            DebtOptions {
                decks: 1,
                hand_size: 7,
                attack: AttackRule::PowerDraw,
                stuck_with_pile: StuckWithPile::Pass,
                ..DebtOptions::default()
            },
        ),
        (
            "four decks, no cap, catch probability, zero power 0",
            DebtOptions {
                decks: 4,
                debt_cap: None,
                zero_power: 0,
                debt_catch_probability: Some(0.5),
                starter_plays_first: true,
                ..DebtOptions::default()
            },
        ),
        (
            "no calls, win with pile, no reward group",
            DebtOptions {
                uno_call: false,
                win_with_pile: true,
                reward_group: false,
                ..DebtOptions::default()
            },
        ),
    ]
}

fn census(st: &DebtState) -> Vec<u32> {
    let mut c = vec![0; NUM_KINDS];
    st.census(&mut c);
    c
}

fn play_random(opts: DebtOptions, players: usize, seed: u64) -> (DebtState, u32) {
    opts.validate(players).unwrap();
    let mut st = DebtState::deal(opts, players, seed);
    let deck: Vec<u32> = st.deck().iter().map(|&c| c as u32).collect();
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut legal = ActionList::new();
    let mut steps = 0;
    loop {
        assert_eq!(
            census(&st),
            deck,
            "cards conserved (seed {seed}, step {steps})"
        );
        for s in 0..players {
            for k in 0..NUM_KINDS {
                assert!(
                    st.known_hand(s)[k] <= st.hand(s).count(k),
                    "known hand (seed {seed})"
                );
                assert!(
                    st.known_pile(s)[k] <= st.pile(s).count(k),
                    "known pile (seed {seed})"
                );
                assert!(
                    st.own_pile_known(s)[k] <= st.pile(s).count(k),
                    "own pile (seed {seed})"
                );
            }
        }
        if common::next_decision(&st, &mut legal, seed, steps as u64).is_none() {
            break;
        }
        let a = common::check_step(
            &mut st,
            &legal,
            &mut rng,
            steps as u64,
            &format!("seed {seed}, step {steps}"),
        );
        st.apply(a).unwrap();
        steps += 1;
    }
    (st, steps)
}

#[test]
fn random_games_keep_every_invariant() {
    for (name, opts) in option_sets() {
        for players in 2..=10 {
            if opts.validate(players).is_err() {
                continue;
            }
            let games = if players <= 4 { 30 } else { 8 };
            let mut truncated = 0;
            for g in 0..games {
                let (st, _) = play_random(opts, players, 1000 * players as u64 + g);
                let o = st.outcome().expect("over");
                if o.winner.is_none() {
                    truncated += 1;
                }
            }
            assert!(
                truncated * 4 <= games,
                "{name}, {players} players: {truncated} of {games} games hit the cap"
            );
        }
    }
}

/// The state's `Debug` output without the knowledge rows (`known_hand`, `known_pile`,
/// `own_pile`: the text from `known_hand:` up to `bp:`).
fn without_knowledge(st: &DebtState) -> String {
    let s = format!("{st:?}");
    let from = s.find("known_hand:").expect("a known_hand field");
    let to = s.find("bp:").expect("a bp field");
    assert!(from < to && s[from..to].contains("own_pile:"));
    format!("{}{}", &s[..from], &s[to..])
}

/// Plays `start` to the end twice, once with `Game::play_random` (Debt's fused
/// `random_playout`) and once with the generic loop `apply(sample_legal(rngs[seat]))`, each seat
/// drawing from stream `1 + seat` of `seed`, and asserts that both play the same game: the same
/// final state, melon cards and consumed randomness. The one exception is the knowledge rows
/// (`known_hand`, `known_pile`, `own_pile`), which only agents' views read: random play does not
/// keep them (`DebtState::step::<false>`), so they are left out of the state compared here, and
/// the generic loop's rows are checked to be the lower bounds they claim to be.
fn assert_play_random_matches_generic(start: DebtState, seed: u64, what: &str) {
    let players = start.num_players();
    let (fused, generic) = common::play_random_and_generic(start, seed, what);
    assert_eq!(
        without_knowledge(&fused),
        without_knowledge(&generic),
        "{what}"
    );
    assert_eq!(
        fused.melon().as_slice(),
        generic.melon().as_slice(),
        "{what}"
    );
    for s in 0..players {
        for k in 0..NUM_KINDS {
            assert!(
                generic.known_hand(s)[k] <= generic.hand(s).count(k),
                "{what}"
            );
            assert!(
                generic.known_pile(s)[k] <= generic.pile(s).count(k),
                "{what}"
            );
            assert!(
                generic.own_pile_known(s)[k] <= generic.pile(s).count(k),
                "{what}"
            );
        }
    }
}

#[test]
fn play_random_matches_the_generic_loop() {
    for (name, opts) in option_sets() {
        for players in [2, 4, 7] {
            for seed in 0..5 {
                let st = DebtState::deal(opts, players, stream_seed(seed, 9));
                assert_play_random_matches_generic(st, seed, name);
            }
        }
    }
    // Games cut by the action cap at every point of a turn (a group, a start, a window).
    for (name, opts) in option_sets() {
        for max_actions in 1..=60 {
            let opts = DebtOptions {
                max_actions,
                ..opts
            };
            for players in [2, 4] {
                let seed = 100 + max_actions as u64;
                let st = DebtState::deal(opts, players, stream_seed(seed, 9));
                assert_play_random_matches_generic(st, seed, name);
            }
        }
    }
}

/// The comparison above ignores only the knowledge rows: a state that differs anywhere else
/// (here the debt) is told apart.
#[test]
fn the_comparison_sees_everything_but_the_knowledge_rows() {
    let a = DebtState::deal(DebtOptions::default(), 4, 3);
    let b = DebtState::deal(DebtOptions::default(), 4, 4);
    assert_ne!(without_knowledge(&a), without_knowledge(&b));
    assert_eq!(without_knowledge(&a), without_knowledge(&a.clone()));
}
