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

/// A Conquest battle under way: a determinization for the invader leaves the defender a number
/// card to fight with (C59), so the search never reaches a decision without a legal action.
#[test]
fn a_determinized_defender_keeps_an_army() {
    use crate::game::{Priors, SearchGame};
    use cards::number_value;
    let mut g = ConState::deal(ConOptions::default(), 3, 9);
    // The defender, seat 1, holds a single number card; the rest goes to seat 0.
    let keep = (g.hands[1].iter())
        .find(|&(k, _)| number_value(k as u8).is_some())
        .map(|(k, _)| k)
        .unwrap();
    let moved: Vec<usize> = (g.hands[1].iter())
        .flat_map(|(k, c)| std::iter::repeat_n(k, c as usize))
        .collect();
    for k in moved {
        g.hands[1].remove(k);
        g.hands[0].add(k);
    }
    g.hands[0].remove(keep);
    g.hands[1].add(keep);
    g.current = 0;
    g.who = 0;
    g.invaded = 1;
    g.phase = Phase::Choose {
        why: ChooseWhy::Army { invader: true },
    };
    let mut rng = Rng::new(4);
    let mut list = crate::ActionList::new();
    for _ in 0..300 {
        let d = g.determinize(0, Priors::default(), &mut rng);
        assert_eq!(d.hands[1].len(), 1);
        assert!(d.has_army(1));
        assert_eq!(census(&d), 432);
        // The invader's army, then the defender has one to choose.
        let mut d = d;
        d.legal_actions(&mut list);
        d.apply(list[0]).unwrap();
        d.legal_actions(&mut list);
        assert!(!list.is_empty(), "{:?}", d.phase());
    }
}
