//! Random-play invariants for Über Uno: 2 to 10 players under several option sets (the seed's
//! dealer choices, every add-on forced on in each magnitude mode, the `fixed` preset, two
//! decks with the chance options), uniformly random legal actions, the state checked after
//! every action: cards conserved (hands, discard pile, draw pile, the cards under it), no hand
//! empty while a hand is in play, a legal action for whoever is to act (ascending, and none once
//! the day is over), every knowledge bound a fact, strict apply refusing illegal actions without
//! a change, `sample_legal` equal to indexing the legal list, and every day ending or hitting
//! the cap (the cap counted, and rare).

mod common;

use uno_engine::uber::options::preset;
use uno_engine::uber::{AddOn, ModeRule, Phase, UberOptions, UberState, NUM_KINDS};
use uno_engine::{stream_seed, ActionList, CardGame, Ending, Game, Rng};

fn every_addon(mode: ModeRule) -> UberOptions {
    UberOptions {
        mode,
        pinwheel: AddOn::On,
        math: AddOn::On,
        math_derived: AddOn::On,
        mj_minors: AddOn::On,
        jumping_jimmys: AddOn::On,
        macchu_picchu: AddOn::On,
        additive: AddOn::On,
        cards_gone_wild: AddOn::On,
        doos: AddOn::On,
        rotate: AddOn::On,
        hands_per_day: 2,
        ..UberOptions::default()
    }
}

fn option_sets() -> Vec<(&'static str, UberOptions)> {
    vec![
        ("seed (every choice the dealer's)", UberOptions::default()),
        ("fixed", preset(Some("fixed")).unwrap()),
        ("every add-on, old school", every_addon(ModeRule::OldSchool)),
        ("every add-on, russian", every_addon(ModeRule::Russian)),
        (
            "every add-on, buddy, picchu macchu, draw until pass",
            UberOptions {
                macchu_picchu: AddOn::Off,
                picchu_macchu: AddOn::On,
                draw_until_pass: true,
                ..every_addon(ModeRule::Buddy)
            },
        ),
        (
            "two decks, chance catches, sure taps and leaks, absent owners",
            UberOptions {
                decks: 2,
                joker_count: 2,
                uber_count: 2,
                change_hands_count: 4,
                owner_ashley: None,
                uno_catch_probability: Some(0.5),
                deck_tap_probability: 1.0,
                challenge_leak_probability: 1.0,
                red_show_probability: 1.0,
                hands_per_day: 3,
                ..UberOptions::default()
            },
        ),
    ]
}

fn census(st: &UberState) -> Vec<u32> {
    let mut c = vec![0; NUM_KINDS];
    st.census(&mut c);
    c
}

/// The dealer's choices come before the deal: hands may be empty only then.
fn dealing(p: Phase) -> bool {
    matches!(
        p,
        Phase::Direction | Phase::DealSize | Phase::ModeChoice | Phase::Addon { .. }
    )
}

fn play_random(opts: UberOptions, players: usize, seed: u64) -> (UberState, u32) {
    opts.validate(players).unwrap();
    let mut st = UberState::deal(opts, players, seed);
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
        let mut hands = [uno_engine::uber::UberHand::new(); uno_engine::MAX_PLAYERS];
        for (s, h) in hands.iter_mut().enumerate().take(players) {
            *h = *st.hand(s);
        }
        if let Err(e) = st.knowledge().consistent(&hands) {
            panic!("knowledge bound not a fact (seed {seed}, step {steps}): {e}");
        }
        if common::next_decision(&st, &mut legal, seed, steps as u64).is_none() {
            break;
        }
        if !dealing(st.phase()) {
            for s in 0..players {
                assert!(
                    !st.hand(s).is_empty(),
                    "seat {s} holds no card at {:?} (seed {seed}, step {steps})",
                    st.phase()
                );
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
fn random_days_keep_every_invariant() {
    for (name, opts) in option_sets() {
        for players in 2..=10 {
            if opts.validate(players).is_err() {
                continue;
            }
            let days = if players <= 4 { 12 } else { 4 };
            let mut truncated = 0;
            for g in 0..days {
                let (st, _) = play_random(opts, players, 1000 * players as u64 + g);
                let o = st.outcome().expect("over");
                assert_eq!(o.winner, None, "a loser-only game names no winner");
                if o.ending == Ending::Truncated {
                    truncated += 1;
                    assert_eq!(st.nappy(), None);
                } else {
                    let nappy = st.nappy().expect("a finished day has a Nappy");
                    assert_eq!(
                        o.placing[nappy as usize] as usize, players,
                        "the Nappy is last"
                    );
                    assert_eq!(o.hands as u16, opts.hands_per_day);
                }
            }
            assert!(
                truncated * 4 <= days,
                "{name}, {players} players: {truncated} of {days} days hit the cap"
            );
        }
    }
}

/// `st`'s `Debug` output without the knowledge rows (the `"o knows h: [...]"` entries of its
/// `know` field): the rest of the state, the cards under the pile's knowers and the colour
/// before the last Major included.
fn without_known_rows(st: &UberState) -> String {
    let s = format!("{st:?}");
    let at = s.find("know: {").expect("a know field");
    let (head, know) = s.split_at(at);
    let mut out = head.to_string();
    // The map's entries are separated by ", " at bracket depth 0 (inside the braces).
    let inner = &know["know: {".len()..know.rfind('}').unwrap()];
    let mut depth = 0i32;
    let mut start = 0;
    let mut kept = Vec::new();
    for (i, ch) in inner.char_indices() {
        match ch {
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => depth -= 1,
            ',' if depth == 0 => {
                kept.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    kept.push(&inner[start..]);
    let kept: Vec<&str> = kept
        .into_iter()
        .map(str::trim)
        .filter(|e| !e.contains(" knows "))
        .collect();
    out.push_str("know: {");
    out.push_str(&kept.join(", "));
    out.push_str(&know[know.rfind('}').unwrap()..]);
    out
}

/// Plays `start` to the end twice, once with `Game::play_random` (the fused `random_playout`)
/// and once with the generic loop `apply(sample_legal(rngs[seat]))`, each seat drawing from
/// stream `1 + seat` of `seed`, and asserts that both play the same game: the same final state,
/// draw pile and consumed randomness. The one exception is the knowledge rows (who knows which
/// cards of whose hand), which only agents' views read: random play does not keep them (it
/// turns them off for the day, `Knowledge::set_rows_off`), so they are left out of the states
/// compared here, and the generic loop's rows are checked to be the facts they claim to be.
fn assert_play_random_matches_generic(start: UberState, seed: u64, what: &str) {
    let players = start.num_players();
    let (fused, generic) = common::play_random_and_generic(start, seed, what);
    let (f, g) = (without_known_rows(&fused), without_known_rows(&generic));
    assert!(g.contains("major_color"), "{what}");
    assert_eq!(f, g, "{what}");
    assert_eq!(
        fused.draw_pile().as_slice(),
        generic.draw_pile().as_slice(),
        "{what}"
    );
    let mut hands = [uno_engine::uber::UberHand::new(); uno_engine::MAX_PLAYERS];
    for (s, h) in hands.iter_mut().enumerate().take(players) {
        *h = *generic.hand(s);
    }
    assert_eq!(generic.knowledge().consistent(&hands), Ok(()), "{what}");
}

#[test]
fn play_random_matches_the_generic_loop() {
    for (name, opts) in option_sets() {
        for players in [2, 4, 7] {
            for seed in 0..3 {
                let st = UberState::deal(opts, players, stream_seed(seed, 9));
                assert_play_random_matches_generic(st, seed, name);
            }
            // From the middle of a day too (a hand under way, the knowledge rows filled).
            let mut st = UberState::deal(opts, players, stream_seed(7, 9));
            let mut rng = Rng::new(77);
            for _ in 0..300 {
                if st.to_act().is_none() {
                    break;
                }
                let a = st.sample_legal(&mut rng);
                st.apply(a).unwrap();
            }
            assert_play_random_matches_generic(st, 7, name);
        }
    }
}

/// The fused loop ends a day at the action cap where the generic loop does, whatever the
/// last action (a plain play, a draw, a pass or any other decision): small caps cut days at
/// every kind of decision.
#[test]
fn play_random_stops_at_the_cap_as_the_generic_loop() {
    let mut cut = 0;
    for (name, opts) in option_sets() {
        for cap in [30, 97, 250, 611] {
            for seed in 0..4 {
                let opts = UberOptions {
                    max_actions: cap,
                    ..opts
                };
                let st = UberState::deal(opts, 4, stream_seed(seed, 11));
                let what = format!("{name}, cap {cap}, seed {seed}");
                let (fused, _) = common::play_random_and_generic(st.clone(), seed, &what);
                cut += (fused.outcome().map(|o| o.ending) == Some(Ending::Truncated)) as u32;
                assert_play_random_matches_generic(st, seed, &what);
            }
        }
    }
    assert!(cut > 50, "only {cut} days cut at the cap");
}

/// The knowledge rows are left out of the comparison above, and only them.
#[test]
fn the_comparison_leaves_out_only_the_knowledge_rows() {
    let mut st = UberState::deal(UberOptions::default(), 4, 3);
    let mut rng = Rng::new(5);
    let mut seen = false;
    while st.to_act().is_some() && !seen {
        let a = st.sample_legal(&mut rng);
        st.apply(a).unwrap();
        let s = format!("{st:?}");
        if s.contains(" knows ") {
            seen = true;
            let w = without_known_rows(&st);
            assert!(!w.contains(" knows "));
            assert!(w.contains("major_color"));
            assert!(w.starts_with(&s[..s.find("know: {").unwrap()]));
        }
    }
    assert!(seen, "no knowledge row in a day");
}
