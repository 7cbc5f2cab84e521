//! Random-play invariants for Hot Death: 2 to 10 players under several option sets, uniformly
//! random legal actions, the state checked after every action: cards conserved, a legal action
//! for whoever is to act (and none once the game is over), the actor active, eliminated hands
//! frozen, strict apply refusing illegal actions without a change, and every game ending.

mod common;

use uno_engine::hotdeath::{HotDeathOptions, HotDeathState, NUM_ACTIONS, NUM_KINDS};
use uno_engine::{
    game_seed, stream_seed, Action, ActionList, CardGame, DecisionKind, Ending, Game, Rng,
    MAX_PLAYERS,
};

fn option_sets() -> Vec<(&'static str, HotDeathOptions)> {
    vec![
        ("match", HotDeathOptions::default()),
        ("single hand", HotDeathOptions::single_hand()),
        (
            "port deck, fixed hand size, catch probability",
            HotDeathOptions {
                spreaders_per_color: Some(1),
                port_face_matching: true,
                hand_size: Some(15),
                uno_catch_probability: Some(0.5),
                target: 300,
                ..HotDeathOptions::default()
            },
        ),
        (
            "no UNO call, all skips double",
            HotDeathOptions {
                uno_call: false,
                double_skips: 6,
                reverse_skips: 6,
                spreaders_per_color: Some(6),
                hand_size: Some(5),
                target: 0,
                ..HotDeathOptions::default()
            },
        ),
    ]
}

fn census(st: &HotDeathState) -> Vec<u32> {
    let mut c = vec![0; NUM_KINDS];
    st.census(&mut c);
    c
}

fn play_random(opts: HotDeathOptions, players: usize, seed: u64) -> (HotDeathState, u32) {
    let mut st = HotDeathState::new(opts, players, seed).unwrap();
    let deck: Vec<u32> = opts.deck().iter().map(|&c| c as u32).collect();
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut legal = ActionList::new();
    let mut steps = 0;
    loop {
        assert_eq!(
            census(&st),
            deck,
            "cards conserved (seed {seed}, step {steps})"
        );
        let Some((seat, kind)) = common::next_decision(&st, &mut legal, seed, steps as u64) else {
            assert!(st.is_terminal());
            break;
        };
        if kind != DecisionKind::ChooseNumber {
            assert!(
                st.is_active(seat as usize),
                "seat {seat} acts at {kind:?} while eliminated"
            );
        }
        for w in legal.as_slice().windows(2) {
            assert!(w[0] < w[1], "legal actions ascending and distinct");
        }
        // Strict apply: an illegal action is refused and changes nothing.
        if steps % 7 == 0 {
            let bad = (0..NUM_ACTIONS as Action)
                .find(|a| !legal.contains(*a))
                .unwrap();
            let before = format!("{st:?}");
            assert!(st.apply(bad).is_err());
            assert_eq!(format!("{st:?}"), before);
        }
        let frozen: Vec<(usize, String)> = (0..players)
            .filter(|&s| !st.is_active(s))
            .map(|s| (s, format!("{:?}", st.hand(s).counts())))
            .collect();
        let hands_before = st.hands_played();
        let a = legal[rng.below(legal.len() as u32) as usize];
        st.apply(a).unwrap();
        if st.hands_played() == hands_before {
            for (s, h) in frozen {
                assert_eq!(
                    format!("{:?}", st.hand(s).counts()),
                    h,
                    "eliminated hand {s} frozen"
                );
            }
        }
        steps += 1;
    }
    (st, steps)
}

#[test]
fn random_play_keeps_every_invariant() {
    let mut endings = [0u64; 5];
    let mut truncated = 0;
    for (name, opts) in option_sets() {
        for players in 2..=MAX_PLAYERS {
            let games = if opts.target == 0 { 30 } else { 4 };
            for i in 0..games {
                let seed = stream_seed(game_seed(players as u64 * 1000 + i, 3), 0);
                let (st, _) = play_random(opts, players, seed);
                let o = st.outcome().expect("finished");
                if o.ending == Ending::Truncated {
                    truncated += 1;
                    continue;
                }
                let c = st.counters();
                for (e, n) in endings.iter_mut().zip(c.endings) {
                    *e += n as u64;
                }
                let hands: u32 = c.endings.iter().sum();
                assert_eq!(hands, st.hands_played(), "{name}");
                let wins: u32 = c.hand_wins[..players].iter().map(|&w| w as u32).sum();
                assert!(wins <= hands);
                if opts.target > 0 {
                    assert!(
                        st.scores()[..players].iter().any(|&t| t >= opts.target),
                        "{name}: the match ends at the target"
                    );
                    let w = o.winner.unwrap() as usize;
                    assert!(st.scores()[..players].iter().all(|&t| t >= st.scores()[w]));
                }
                let mut places: Vec<u8> = o.placing[..players].to_vec();
                places.sort();
                assert_eq!(places, (1..=players as u8).collect::<Vec<_>>());
            }
        }
    }
    assert_eq!(truncated, 0, "random games end");
    // Every ending happens in random play.
    assert!(endings.iter().all(|&e| e > 0), "endings seen: {endings:?}");
}

#[test]
fn same_seed_same_game() {
    let a = play_random(HotDeathOptions::default(), 4, 77);
    let b = play_random(HotDeathOptions::default(), 4, 77);
    assert_eq!(format!("{:?}", a.0), format!("{:?}", b.0));
    assert_eq!(a.1, b.1);
}

#[test]
fn sample_legal_picks_exactly_what_the_list_would() {
    for players in [2usize, 4, 7] {
        for g in 0..20u64 {
            let mut st = HotDeathState::new(HotDeathOptions::single_hand(), players, g).unwrap();
            let mut rng = Rng::new(g + 100);
            let mut legal = ActionList::new();
            while !st.is_terminal() {
                st.legal_actions(&mut legal);
                let mut r1 = rng.clone();
                let mut r2 = rng.clone();
                let want = legal[r1.below(legal.len() as u32) as usize];
                assert_eq!(st.sample_legal(&mut r2), want);
                assert_eq!(
                    format!("{r1:?}"),
                    format!("{r2:?}"),
                    "same random numbers used"
                );
                st.apply(want).unwrap();
                rng.next_u64();
            }
        }
    }
}

/// `play_random` (the fused loop the batch runner uses when every seat is random) ends in
/// exactly the state of the generic loop `apply(sample_legal(rngs[seat]))`, with the same
/// randomness consumed, under every option set and several player counts.
#[test]
fn play_random_matches_the_generic_loop() {
    let mut games = 0;
    for (name, opts) in option_sets() {
        for players in [2usize, 4, 7] {
            for g in 0..12u64 {
                let seed = game_seed(11, g);
                let start = HotDeathState::new(opts, players, stream_seed(seed, 0)).unwrap();
                common::assert_play_random_matches_generic(
                    start,
                    seed,
                    |st| st.draw_pile().as_slice().to_vec(),
                    &format!("{name}, {players} players, game {g}"),
                );
                games += 1;
            }
        }
    }
    assert_eq!(games, 4 * 3 * 12);
}
