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

/// Random positions from every phase: random games stopped after `stop` decisions.
fn positions(players: usize, mode: Mode, games: u64) -> Vec<ConState> {
    let mut out = Vec::new();
    for seed in 0..games {
        let opts = ConOptions {
            mode,
            ..ConOptions::default()
        };
        let mut g = ConState::deal(opts, players, seed * 7 + 1);
        let mut rng = Rng::new(seed + 1000);
        let mut list = crate::ActionList::new();
        let mut i = 0u32;
        while g.to_act().is_some() {
            if i.is_multiple_of(5) {
                out.push(g.clone());
            }
            g.legal_actions(&mut list);
            // Fewer accusations than uniform, so games last.
            let mut a = list[rng.below(list.len() as u32) as usize];
            if a == action::ACCUSE && rng.below(8) != 0 {
                a = list[0];
            }
            g.apply_unchecked(a);
            i += 1;
        }
    }
    out
}

#[test]
fn knowledge_bounds_never_exceed_hands() {
    for players in [2usize, 3, 5, 8] {
        for mode in [Mode::Normal, Mode::Elimination] {
            for g in positions(players, mode, 30) {
                for s in 0..players as u8 {
                    assert!(g.know.within(s, g.hand(s as usize)), "seat {s}");
                    assert!(
                        g.know.row(s as usize, s as usize).iter().all(|&c| c == 0),
                        "no bounds on one's own hand"
                    );
                }
            }
        }
    }
}

#[test]
fn determinization_keeps_the_view_and_depends_only_on_it() {
    use crate::game::{Priors, SearchGame};
    let mut checked = 0;
    for players in [2usize, 4, 6] {
        for mode in [Mode::Normal, Mode::Elimination] {
            for g in positions(players, mode, 12) {
                let Some((viewer, _)) = g.to_act() else {
                    continue;
                };
                let d = g.determinize(viewer, Priors::default(), &mut Rng::new(7));
                assert_eq!(census(&d), 432, "cards conserved");
                assert_eq!(d.view(viewer), g.view(viewer), "the view is kept");
                for s in 0..players as u8 {
                    assert!(d.know.within(s, d.hand(s as usize)));
                }
                // A twin the viewer cannot tell apart determinizes the same way.
                let twin = g.determinize(viewer, Priors::default(), &mut Rng::new(99));
                assert_eq!(twin.view(viewer), g.view(viewer));
                let d2 = twin.determinize(viewer, Priors::default(), &mut Rng::new(7));
                if d != d2 {
                    let mut diff = Vec::new();
                    if d.hands != d2.hands {
                        diff.push("hands");
                    }
                    if d.pile != d2.pile {
                        diff.push("pile");
                    }
                    if d.limbo != d2.limbo {
                        diff.push("limbo");
                    }
                    if d.know != d2.know {
                        diff.push("know");
                    }
                    if d.seen != d2.seen {
                        diff.push("seen");
                    }
                    if d.rng != d2.rng {
                        diff.push("rng");
                    }
                    if d.bank_kind != d2.bank_kind {
                        diff.push("bank");
                    }
                    if d.guilty != d2.guilty {
                        diff.push("guilty");
                    }
                    if d.discard != d2.discard {
                        diff.push("discard");
                    }
                    if d.attack != d2.attack {
                        diff.push("attack");
                    }
                    panic!(
                        "determinization reads hidden cards: {diff:?} in {:?} viewer {viewer}",
                        g.phase()
                    );
                }
                // The sample plays on.
                let mut list = crate::ActionList::new();
                d.legal_actions(&mut list);
                let mut real = crate::ActionList::new();
                g.legal_actions(&mut real);
                assert!(!list.is_empty());
                if g.phase() == Phase::Turn {
                    // The actor's own options do not depend on hidden cards.
                    assert_eq!(list.as_slice(), real.as_slice());
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked} positions");
}

#[test]
fn glasnost_and_swaps_teach_hands() {
    // A hand shown to everyone is known to every other seat, until its cards are played.
    let mut g = ConState::deal(ConOptions::default(), 4, 3);
    let h = *g.hand(2);
    g.public_reveal(2);
    for o in [0usize, 1, 3] {
        assert_eq!(&g.know.row(o, 2), h.counts());
    }
    let (k, _) = h.iter().next().unwrap();
    g.hands[2].remove(k);
    g.know.lose(2, k as u8);
    assert!(g.know.within(2, g.hand(2)));
    // A swap: each knows the hand they gave away.
    let (a, b) = (*g.hand(0), *g.hand(1));
    g.swap_hands(0, 1);
    assert_eq!(&g.know.row(0, 1), a.counts());
    assert_eq!(&g.know.row(1, 0), b.counts());
    assert!(g.know.row(0, 0).iter().all(|&c| c == 0));
}

#[test]
fn twins_with_exchanged_hidden_cards_determinize_alike() {
    use crate::game::{Priors, SearchGame};
    let mut checked = 0;
    for players in [3usize, 5] {
        for g in positions(players, Mode::Normal, 20) {
            let Some((v, _)) = g.to_act() else { continue };
            let vu = v as usize;
            // Two other seats, each with a card the viewer does not know about.
            let hidden = |s: usize| {
                g.hand(s)
                    .iter()
                    .find(|&(k, c)| c > g.know.get(vu, s, k))
                    .map(|(k, _)| k)
            };
            let others: Vec<usize> = (0..players).filter(|&s| s != vu).collect();
            let (Some(&a), Some(&b)) = (others.first(), others.get(1)) else {
                continue;
            };
            let (Some(x), Some(y)) = (hidden(a), hidden(b)) else {
                continue;
            };
            if x == y {
                continue;
            }
            let mut twin = g.clone();
            twin.hands[a].remove(x);
            twin.hands[a].add(y);
            twin.hands[b].remove(y);
            twin.hands[b].add(x);
            // Other observers' knowledge stays valid for the twin's hands.
            for o in 0..players {
                if o != vu {
                    for s in [a, b] {
                        for k in 0..NUM_KINDS {
                            let c = twin.know.get(o, s, k).min(twin.hands[s].count(k));
                            twin.know.set(o, s, k, c);
                        }
                    }
                }
            }
            assert_eq!(twin.view(v), g.view(v), "the viewer cannot tell them apart");
            let d1 = g.determinize(v, Priors::default(), &mut Rng::new(5));
            let d2 = twin.determinize(v, Priors::default(), &mut Rng::new(5));
            assert!(
                d1 == d2,
                "determinization reads hidden cards ({:?})",
                g.phase()
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} twins");
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

#[test]
fn between_is_what_a_walk_passes() {
    // The seats a walk round the table from `from` passes before reaching `to`.
    for clockwise in [true, false] {
        for from in 0..16u8 {
            for to in 0..16u8 {
                let mut want = 0u16;
                let mut s = from;
                loop {
                    s = if clockwise {
                        (s + 1) % 16
                    } else {
                        (s + 15) % 16
                    };
                    if s == to {
                        break;
                    }
                    want |= 1 << s;
                }
                assert_eq!(
                    super::state::between(from, to, clockwise),
                    want,
                    "from {from} to {to} clockwise {clockwise}"
                );
            }
        }
    }
}
