//! Random-play invariants for UNO Blender (`docs/rules/blender.md`; `shared/variant-done.md`
//! items 9-11): 2 to 10 players under several option sets (the seed's rules, the `products`
//! preset, wrong jump-ins with symbol families and the two-player Reverse as a Skip, a small
//! elimination limit), uniformly random legal actions, the state checked after every action:
//! cards conserved (hands, draw pile, discard pile, mini-pile), a legal action for whoever is to
//! act (ascending, and none once the game is over), every knowledge bound at most the real
//! count, strict apply refusing illegal actions without a change, `sample_legal` equal to
//! indexing the legal list, and every game ending or hitting the cap. Then `play_random` against
//! the generic loop, determinism, and the determinization: it keeps the viewer's view and
//! depends only on it (twins that differ in cards the viewer cannot see determinize alike).

mod common;

use uno_engine::blender::cards::deck_counts;
use uno_engine::blender::options::preset;
use uno_engine::blender::{BlenderOptions, BlenderState, NUM_KINDS};
use uno_engine::game::{Priors, SearchGame};
use uno_engine::{stream_seed, ActionList, CardGame, Ending, Game, Rng};

fn option_sets() -> Vec<(&'static str, BlenderOptions)> {
    let d = BlenderOptions::default();
    vec![
        ("seed", d),
        ("products", preset(Some("products")).unwrap()),
        (
            "wrong jump-ins, symbol families, two-player reverse skips",
            BlenderOptions {
                wrong_jump_ins: true,
                symbol_families: true,
                two_player_reverse_skips: true,
                ..d
            },
        ),
        (
            "elimination at 12",
            BlenderOptions {
                elimination_at: 12,
                ..d
            },
        ),
        ("revision", preset(Some("revision")).unwrap()),
        (
            "plays after a shortfall and jumpers meeting the tempo without the revision's events",
            BlenderOptions {
                play_after_shortfall: true,
                jumper_meets_tempo: true,
                gift_on_deal: true,
                ..d
            },
        ),
        (
            "stacks paid on a shortfall, with the modifier readings",
            BlenderOptions {
                stack_on_shortfall: true,
                flex_flip: true,
                teams_swap: true,
                flex_number_colors: true,
                ..d
            },
        ),
    ]
}

fn census_ok(st: &BlenderState) -> bool {
    let mut c = vec![0u32; NUM_KINDS];
    st.census(&mut c);
    let deck = deck_counts(st.options());
    (0..NUM_KINDS).all(|k| c[k] == deck[k] as u32)
}

/// Every view's knowledge is at most what the hands really hold.
fn knowledge_ok(st: &BlenderState) -> Result<(), String> {
    let n = st.num_players();
    for v in 0..n {
        let view = st.view(v as u8);
        for t in 0..n {
            for k in 0..NUM_KINDS {
                let known = view.known[t][k] as u32;
                if t == v && known != 0 {
                    return Err(format!("seat {v} has bounds on its own hand"));
                }
                if known > st.hand(t).count(k) as u32 {
                    return Err(format!(
                        "seat {v} knows {known} of kind {k} in seat {t}, which holds {}",
                        st.hand(t).count(k)
                    ));
                }
            }
        }
    }
    Ok(())
}

fn play_random(opts: BlenderOptions, players: usize, seed: u64) -> (BlenderState, u32) {
    opts.validate(players).unwrap();
    let mut st = BlenderState::deal(opts, players, seed);
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut legal = ActionList::new();
    let mut steps = 0u32;
    loop {
        assert!(
            census_ok(&st),
            "cards conserved (seed {seed}, step {steps})\n{st:?}"
        );
        if steps.is_multiple_of(5) {
            if let Err(e) = knowledge_ok(&st) {
                panic!("{e} (seed {seed}, step {steps})");
            }
        }
        let Some((seat, _)) = common::next_decision(&st, &mut legal, seed, steps as u64) else {
            break;
        };
        assert!(!st.eliminated(seat), "an eliminated seat never acts");
        for s in 0..players as u8 {
            if st.eliminated(s) {
                assert_eq!(st.hand(s as usize).len(), 0, "an eliminated hand is burned");
            }
        }
        let a = common::check_step(
            &mut st,
            &legal,
            &mut rng,
            steps as u64,
            &format!("seed {seed}"),
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
            let games = if players <= 4 { 8 } else { 3 };
            let mut truncated = 0;
            for g in 0..games {
                let (st, _) = play_random(opts, players, 1000 * players as u64 + g);
                let o = st.outcome().expect("over");
                if o.ending == Ending::Truncated {
                    truncated += 1;
                    assert_eq!(o.winner, None);
                    continue;
                }
                let w = o.winner.expect("a finished game has a winner") as usize;
                assert_eq!(o.placing[w], 1, "{name}: the winner is first");
                assert!(!st.eliminated(w as u8));
                for s in 0..players {
                    if st.eliminated(s as u8) {
                        assert_eq!(st.hand(s).len(), 0, "an eliminated hand is burned");
                        assert!(o.placing[s] > 1);
                    }
                }
            }
            assert!(
                truncated * 2 <= games,
                "{name}, {players} players: {truncated} of {games} games hit the cap"
            );
        }
    }
}

/// Everything a finished game shows but the knowledge rows (what each seat knows of the other
/// hands, which random play does not keep: `play_random`'s documentation): the state's `Debug`
/// output (phase, turn, stack, shown card, hands, link, the card resolving), the draw pile's
/// cards, the discard and mini-piles, the counters and statistics, the seats' standing and the
/// outcome.
fn all_but_knowledge(st: &BlenderState) -> String {
    let n = st.num_seats();
    let mut vc = [0u64; uno_engine::game::VARIANT_COUNTERS];
    st.variant_counters(&mut vc);
    format!(
        "{st:?}\npile {:?}\ndiscard {:?}\nmini {:?}\n{:?}\n{:?}\n{:?}\nseats {:?}\n{:?}",
        st.draw_pile().as_slice(),
        st.discard_counts(),
        st.mini_counts(),
        st.counters(),
        st.stats(),
        vc,
        (0..n)
            .map(|s| (
                st.elimination_order(s),
                st.targeted_skips(s),
                st.power_red(s),
                st.seat_categories(s)
            ))
            .collect::<Vec<_>>(),
        (
            st.outcome(),
            st.tempo(),
            st.clockwise(),
            st.played_this_turn(),
            st.mini_pile(),
            st.resolving()
        ),
    )
}

#[test]
fn play_random_matches_the_generic_loop() {
    let mut sets = option_sets();
    // The revision's shortfall rules change what a turn's draw does (the fused loop's path).
    sets.push(("revision", preset(Some("revision")).unwrap()));
    for (name, opts) in sets {
        for players in [2, 4, 7, 10] {
            for seed in 0..3 {
                let st = BlenderState::deal(opts, players, stream_seed(seed, 9));
                let (fused, generic) = common::play_random_and_generic(st, seed, name);
                assert_eq!(
                    all_but_knowledge(&fused),
                    all_but_knowledge(&generic),
                    "{name}, {players} players, seed {seed}"
                );
            }
        }
    }
}

/// The comparison above sees the rest of the state: two games that differ only after the deal
/// in one seat's hand, or only in the random play's draws, do not compare equal.
#[test]
fn the_comparison_sees_everything_but_the_knowledge_rows() {
    let opts = BlenderOptions::default();
    let a = BlenderState::deal(opts, 4, 11);
    let b = BlenderState::deal(opts, 4, 12);
    assert_ne!(all_but_knowledge(&a), all_but_knowledge(&b));
    let (fused, _) = common::play_random_and_generic(a.clone(), 1, "seed 1");
    let (other, _) = common::play_random_and_generic(a, 2, "seed 2");
    assert_ne!(all_but_knowledge(&fused), all_but_knowledge(&other));
}

/// Item 10: the same seed gives the same game.
#[test]
fn the_same_seed_gives_the_same_game() {
    for players in [2, 5, 9] {
        let run = || {
            let mut st = BlenderState::deal(BlenderOptions::default(), players, 42);
            let mut rngs: Vec<Rng> = (0..players)
                .map(|s| Rng::new(stream_seed(42, 1 + s as u64)))
                .collect();
            st.play_random(&mut rngs);
            (format!("{st:?}"), st.draw_pile().as_slice().to_vec())
        };
        assert_eq!(run(), run());
    }
}

/// Item 11: nothing is known of the other hands after the deal.
#[test]
fn nothing_is_known_after_the_deal() {
    for seed in 0..10 {
        let st = BlenderState::deal(BlenderOptions::default(), 5, seed);
        for v in 0..5u8 {
            let view = st.view(v);
            assert!(view.known.iter().all(|row| row.iter().all(|&c| c == 0)));
            assert_eq!(view.hand, *st.hand(v as usize));
        }
    }
}

/// States reached by random play, a few per game.
fn checkpoints(opts: BlenderOptions, players: usize, seed: u64, every: u32) -> Vec<BlenderState> {
    let mut st = BlenderState::deal(opts, players, seed);
    let mut rng = Rng::new(seed ^ 0xd7);
    let mut out = Vec::new();
    let mut steps = 0;
    while !st.is_terminal() && out.len() < 12 {
        if steps % every == every - 1 {
            out.push(st.clone());
        }
        let a = st.sample_legal(&mut rng);
        st.apply(a).unwrap();
        steps += 1;
    }
    out
}

fn same(a: &BlenderState, b: &BlenderState) -> bool {
    format!("{a:?}") == format!("{b:?}")
        && a.draw_pile().as_slice() == b.draw_pile().as_slice()
        && (0..a.num_players() as u8)
            .all(|s| format!("{:?}", a.view(s)) == format!("{:?}", b.view(s)))
}

/// Item 11: a determinization keeps the viewer's whole view (their hand, the public piles and
/// table, the hand sizes, the cards they know in other hands), conserves the cards, and plays
/// on to the end like any state.
#[test]
fn determinization_keeps_the_view() {
    let mut checked = 0;
    for (name, opts) in option_sets() {
        for players in [2, 3, 5] {
            for seed in 0..4 {
                for st in checkpoints(opts, players, seed, 17) {
                    for v in 0..players as u8 {
                        let mut rng = Rng::new(seed + v as u64);
                        let d = st.determinize(v, Priors::default(), &mut rng);
                        assert_eq!(
                            format!("{:?}", d.view(v)),
                            format!("{:?}", st.view(v)),
                            "{name}: the viewer's view is kept\n{st:?}"
                        );
                        assert!(census_ok(&d), "{name}: cards conserved\n{d:?}");
                        checked += 1;
                        if checked % 3 == 0 {
                            let mut g = d.clone();
                            let mut r = Rng::new(seed);
                            while !g.is_terminal() {
                                let a = g.sample_legal(&mut r);
                                let before = format!("{g:?}");
                                g.apply(a).unwrap();
                                assert!(
                                    census_ok(&g),
                                    "{name}: a determinized game plays on: {} from\n{before}\nto\n{g:?}",
                                    g.action_name(a)
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 200, "{checked}");
}

/// Item 11, the twin test: two states that differ only in cards the viewer cannot see (a card
/// exchanged between two other hands, or between another hand and the draw pile) look the same
/// to the viewer and determinize identically with the same rng.
#[test]
fn twins_with_exchanged_hidden_cards_determinize_alike() {
    let mut checked = 0;
    let mut differing_hands = 0;
    for (name, opts) in option_sets() {
        for players in [3, 4, 6] {
            for seed in 0..4 {
                for st in checkpoints(opts, players, 100 + seed, 13) {
                    let mut pick = Rng::new(seed ^ 0x7717);
                    for v in 0..players as u8 {
                        let others: Vec<u8> = (0..players as u8).filter(|&t| t != v).collect();
                        let t = others[pick.below(others.len() as u32) as usize];
                        // A kind the viewer does not hold, found in another hand or the pile.
                        let start = pick.below(NUM_KINDS as u32) as usize;
                        let mut twin = None;
                        for i in 0..NUM_KINDS {
                            let kind = (start + i) % NUM_KINDS;
                            if st.hand(v as usize).count(kind) > 0
                                || st.hand(t as usize).count(kind) > 0
                            {
                                continue;
                            }
                            let mut tw = st.clone();
                            if tw.swap_into_hand(t, kind, &mut pick).is_some() {
                                twin = Some(tw);
                                break;
                            }
                        }
                        let Some(twin) = twin else { continue };
                        if format!("{:?}", twin.view(v)) != format!("{:?}", st.view(v)) {
                            // The viewer knew one of the moved cards.
                            continue;
                        }
                        if (0..players).any(|s| twin.hand(s) != st.hand(s)) {
                            differing_hands += 1;
                        }
                        let d1 = st.determinize(v, Priors::default(), &mut Rng::new(5));
                        let d2 = twin.determinize(v, Priors::default(), &mut Rng::new(5));
                        assert!(
                            same(&d1, &d2),
                            "{name}: determinization reads hidden cards (viewer {v}, seat {t})\n{d1:?}\n{d2:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 150, "{checked} twins");
    assert!(
        differing_hands > 100,
        "{differing_hands} twins really differ"
    );
}
