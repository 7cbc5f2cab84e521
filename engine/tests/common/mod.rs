//! Helpers shared by the engine's integration tests.

// Each test file uses a part of these.
#![allow(dead_code)]

use std::fmt::Debug;
use uno_engine::{stream_seed, Action, ActionList, DecisionKind, Game, Rng, Seat};

/// Plays `start` to the end twice, once with the variant's fused `Game::play_random` and once
/// with the generic loop `apply(sample_legal(rngs[seat]))`, each seat drawing from stream
/// `1 + seat` of `seed`; asserts that both consumed the same randomness and ended, and returns
/// the two final states (fused, generic) for the caller to compare.
pub fn play_random_and_generic<G: Game + Clone>(start: G, seed: u64, what: &str) -> (G, G) {
    let players = start.num_players();
    let seat_rngs = || -> Vec<Rng> {
        (0..players)
            .map(|s| Rng::new(stream_seed(seed, 1 + s as u64)))
            .collect()
    };
    let mut fused = start.clone();
    let mut fused_rngs = seat_rngs();
    fused.play_random(&mut fused_rngs);
    let mut generic = start;
    let mut generic_rngs = seat_rngs();
    while let Some((seat, _)) = generic.to_act() {
        let a = generic.sample_legal(&mut generic_rngs[seat as usize]);
        generic.apply(a).unwrap();
    }
    assert_eq!(fused_rngs, generic_rngs, "{what}");
    assert!(fused.is_terminal(), "{what}");
    (fused, generic)
}

/// `play_random_and_generic`, asserting that both end in the same state (`Debug` output and
/// the draw pile's cards as `pile` gives them).
pub fn assert_play_random_matches_generic<G: Game + Clone + Debug>(
    start: G,
    seed: u64,
    pile: impl Fn(&G) -> Vec<u16>,
    what: &str,
) {
    let (fused, generic) = play_random_and_generic(start, seed, what);
    assert_eq!(format!("{fused:?}"), format!("{generic:?}"), "{what}");
    assert_eq!(pile(&fused), pile(&generic), "{what}");
}

/// The checks a variant's random walk makes before each step, `legal` being the state's legal
/// list: ascending and distinct; on every 7th step, an action outside it refused by `apply`
/// with the state (its `Debug` output) unchanged; `sample_legal` picking `legal[below(len)]`
/// with the same draws. Returns that action (not applied), with `rng` past the draw.
pub fn check_step<G: Game + Debug>(
    st: &mut G,
    legal: &ActionList,
    rng: &mut Rng,
    step: u64,
    what: &str,
) -> Action {
    for w in legal.as_slice().windows(2) {
        assert!(w[0] < w[1], "legal actions ascending and distinct ({what})");
    }
    if step.is_multiple_of(7) {
        if let Some(bad) = (0..G::NUM_ACTIONS as Action).find(|a| !legal.contains(*a)) {
            let before = format!("{st:?}");
            assert!(st.apply(bad).is_err(), "{what}");
            assert_eq!(
                before,
                format!("{st:?}"),
                "a refused action changes nothing ({what})"
            );
        }
    }
    let mut fast_rng = rng.clone();
    let fast = st.sample_legal(&mut fast_rng);
    let a = legal[rng.below(legal.len() as u32) as usize];
    assert_eq!(fast, a, "sample_legal = legal[below(len)] ({what})");
    assert_eq!(&fast_rng, rng, "{what}");
    a
}

/// The next decision of a random walk: fills `legal` with the state's legal list and returns
/// who acts and at what, asserting that the list is empty exactly when nobody is to act (the
/// walk's end: `None`). `seed` and `step` name the walk's position in a failure.
pub fn next_decision<G: Game + Debug>(
    st: &G,
    legal: &mut ActionList,
    seed: u64,
    step: u64,
) -> Option<(Seat, DecisionKind)> {
    st.legal_actions(legal);
    let Some((seat, kind)) = st.to_act() else {
        assert!(
            legal.is_empty(),
            "no legal action once nobody acts (seed {seed}, step {step})"
        );
        return None;
    };
    assert!(
        !legal.is_empty(),
        "a legal action for seat {seat} at {kind:?} (seed {seed}, step {step})\n{st:?}"
    );
    Some((seat, kind))
}
