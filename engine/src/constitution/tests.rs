//! Unit tests of the state machine: random play keeps every card and always offers a legal
//! action.

use super::*;
use crate::game::{CardGame, Game};
use crate::Rng;

fn census(g: &ConState) -> u32 {
    let mut c = vec![0u32; NUM_KINDS];
    g.census(&mut c);
    c.iter().sum()
}

#[test]
fn random_games_conserve_cards_and_end() {
    for players in 2..=10usize {
        for mode in [Mode::Normal, Mode::Elimination] {
            for seed in 0..40u64 {
                let opts = ConOptions {
                    mode,
                    ..ConOptions::default()
                };
                let mut g = ConState::deal(opts, players, seed * 31 + players as u64);
                let mut rng = Rng::new(seed);
                let mut list = crate::ActionList::new();
                assert_eq!(census(&g), 432, "after the deal");
                while let Some((_, _)) = g.to_act() {
                    g.legal_actions(&mut list);
                    assert!(
                        !list.is_empty(),
                        "no legal action in {:?} who {} alive {:b} current {}",
                        g.phase(),
                        g.who,
                        g.alive,
                        g.current
                    );
                    let a = list[rng.below(list.len() as u32) as usize];
                    let before = g.clone();
                    g.apply(a)
                        .unwrap_or_else(|e| panic!("{e} in {:?}", before.phase()));
                    assert_eq!(
                        census(&g),
                        432,
                        "cards not conserved after {} in {:?} (players {players}, seed {seed})",
                        action_name(a),
                        before.phase()
                    );
                }
                assert!(g.outcome().is_some());
            }
        }
    }
}

/// Prints what random games do (run with `--ignored --nocapture`): a sanity look, not a test.
#[test]
#[ignore]
fn random_game_profile() {
    for players in [2usize, 4, 7] {
        for mode in [Mode::Normal, Mode::Elimination] {
            let opts = ConOptions {
                mode,
                ..ConOptions::default()
            };
            let (mut decisions, mut trunc, mut apoc) = (0u64, 0, 0);
            let mut endings = [0u32; 5];
            let mut causes = [0u32; 9];
            let games = 2000u64;
            for seed in 0..games {
                let mut g = ConState::deal(opts, players, seed);
                let mut rng = Rng::new(seed ^ 0xabc);
                let mut list = crate::ActionList::new();
                while g.to_act().is_some() {
                    g.legal_actions(&mut list);
                    let a = list[rng.below(list.len() as u32) as usize];
                    g.apply_unchecked(a);
                }
                decisions += g.counters().actions as u64;
                trunc += g.truncated as u32;
                apoc += (g.stats().apocalypse_at > 0) as u32;
                endings[g.counters().last_ending as usize] += 1;
                for (i, c) in g.stats().left_by_cause.iter().enumerate() {
                    causes[i] += *c as u32;
                }
            }
            println!(
                "{players}p {mode:?}: {:.0} decisions/game, truncated {trunc}, apocalypse {apoc}, endings {endings:?}, left by cause {causes:?}",
                decisions as f64 / games as f64
            );
        }
    }
}
