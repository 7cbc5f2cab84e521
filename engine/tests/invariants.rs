//! Random-play invariant tests for classic UNO: every player count 2..=10 under several option
//! sets, uniformly random legal actions, and the state checked after every single action.

mod common;

use uno_engine::classic::{
    ClassicOptions, ClassicState, Event, FirstCard, Wd4Rule, CARDS, DECK_SIZE, NO_COLOR,
    NUM_ACTIONS, NUM_KINDS,
};
use uno_engine::{
    game_seed, stream_seed, Action, ActionList, DecisionKind, Ending, Game, IllegalAction, Rng,
};

fn official() -> ClassicOptions {
    ClassicOptions::default()
}

fn rlcard() -> ClassicOptions {
    ClassicOptions::rlcard()
}

fn house() -> ClassicOptions {
    ClassicOptions {
        stack_draw2: true,
        stack_draw4: true,
        seven_zero: true,
        jump_in: true,
        draw_until_playable: true,
        forced_play: true,
        ..ClassicOptions::default()
    }
}

fn match500() -> ClassicOptions {
    ClassicOptions {
        match_target: 500,
        ..ClassicOptions::default()
    }
}

fn card_points(st: &ClassicState, seat: usize) -> i32 {
    st.hand(seat)
        .iter()
        .map(|(k, c)| CARDS[k].points * c as i32)
        .sum()
}

/// Ids each decision kind may offer (see the table in `classic::action`).
fn allowed_for(kind: DecisionKind, a: Action) -> bool {
    use uno_engine::classic::action::*;
    match kind {
        DecisionKind::Play => a < 60 || a == DRAW,
        DecisionKind::PostDraw => a < 60 || a == PASS,
        DecisionKind::ChooseColor => (CHOOSE_COLOR..CHOOSE_COLOR + 4).contains(&a),
        DecisionKind::ChooseTarget => a >= TARGET && (a as usize) < NUM_ACTIONS,
        DecisionKind::CallUno => a == CALL_UNO || a == STAY_SILENT,
        DecisionKind::CatchUno => a == CATCH || a == NO_CATCH,
        DecisionKind::Respond => a < 60 || a == CHALLENGE || a == ACCEPT,
        DecisionKind::JumpIn => a < 52 || a == DECLINE_JUMP_IN,
        DecisionKind::GiveCard | DecisionKind::Simultaneous | DecisionKind::ChooseNumber => false,
    }
}

/// Everything that must hold in any reachable state. `full` also probes every non-listed id.
fn check_state(st: &ClassicState, legal: &mut ActionList, full: bool, ctx: &str) {
    let n = st.num_players();

    // Per-kind card conservation: hands + discard pile + draw pile = the deck.
    let mut counts = [0u32; NUM_KINDS];
    for s in 0..n {
        for (k, c) in st.hand(s).iter() {
            counts[k] += c as u32;
        }
    }
    for (k, &c) in st.discard_counts().iter().enumerate() {
        counts[k] += c as u32;
    }
    for &k in st.draw_pile().as_slice() {
        counts[k as usize] += 1;
    }
    for (k, info) in CARDS.iter().enumerate() {
        assert_eq!(
            counts[k], info.copies as u32,
            "{ctx}: {} count {} != {}",
            info.code, counts[k], info.copies
        );
    }
    assert_eq!(st.total_cards(), DECK_SIZE, "{ctx}");
    assert_eq!(st.draw_pile().as_slice().len(), st.draw_pile_len(), "{ctx}");
    let discard_sum: usize = st.discard_counts().iter().map(|&c| c as usize).sum();
    assert_eq!(discard_sum, st.discard_len(), "{ctx}");
    assert!(st.discard_len() >= 1, "{ctx}: no top card");
    assert!(
        st.discard_counts()[st.top() as usize] >= 1,
        "{ctx}: top card not in the discard pile"
    );

    // Terminal state consistency.
    st.legal_actions(legal);
    let terminal = st.is_terminal();
    assert_eq!(st.to_act().is_none(), terminal, "{ctx}");
    assert_eq!(st.outcome().is_some(), terminal, "{ctx}");
    assert_eq!(legal.is_empty(), terminal, "{ctx}: legal {legal:?}");
    if terminal {
        assert_eq!(st.check(0), Err(IllegalAction::GameOver), "{ctx}");
        return;
    }

    let (seat, kind) = st.to_act().unwrap();
    assert!((seat as usize) < n, "{ctx}");
    assert!((st.current() as usize) < n, "{ctx}");
    // While a hand is in progress nobody has gone out.
    for s in 0..n {
        assert!(!st.hand(s).is_empty(), "{ctx}: seat {s} has no cards");
    }
    if kind == DecisionKind::ChooseColor {
        assert_eq!(st.color(), NO_COLOR, "{ctx}");
    } else {
        assert!(st.color() < 4, "{ctx}: colour {}", st.color());
    }
    assert_eq!(
        st.pending_draw() > 0,
        kind == DecisionKind::Respond,
        "{ctx}: pending {} at {kind:?}",
        st.pending_draw()
    );
    assert_eq!(
        st.drawn_card().is_some(),
        kind == DecisionKind::PostDraw,
        "{ctx}"
    );
    if matches!(
        kind,
        DecisionKind::Play | DecisionKind::PostDraw | DecisionKind::Respond
    ) {
        assert_eq!(seat, st.current(), "{ctx}");
    }

    // The legal list: strictly ascending, in range, fitting the decision, each passing check.
    let l = legal.as_slice();
    assert!(
        l.windows(2).all(|w| w[0] < w[1]),
        "{ctx}: not ascending {l:?}"
    );
    for &a in l {
        assert!((a as usize) < NUM_ACTIONS, "{ctx}");
        assert!(allowed_for(kind, a), "{ctx}: {a} offered at {kind:?}");
        assert_eq!(st.check(a), Ok(()), "{ctx}: listed action {a} fails check");
        if a < 60 {
            let (k, _) = uno_engine::classic::decode_play(a).unwrap();
            assert!(
                st.hand(seat as usize).has(k as usize),
                "{ctx}: play of a card not held"
            );
        }
    }
    if full {
        for a in 0..NUM_ACTIONS as Action {
            if !legal.contains(a) {
                assert_eq!(
                    st.check(a),
                    Err(IllegalAction::NotLegal {
                        action: a,
                        seat,
                        decision: kind
                    }),
                    "{ctx}: unlisted action {a}"
                );
            }
        }
        assert!(matches!(
            st.check(NUM_ACTIONS as Action),
            Err(IllegalAction::OutOfRange { .. })
        ));
        // The view agrees with the state.
        let v = st.view(seat);
        assert_eq!(v.hand, *st.hand(seat as usize), "{ctx}");
        for s in 0..n {
            assert_eq!(v.hand_sizes[s] as usize, st.hand(s).len(), "{ctx}");
        }
        assert_eq!(v.to_act, st.to_act(), "{ctx}");
        assert_eq!(v.top, st.top(), "{ctx}");
    }
}

/// How the random player chooses.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Policy {
    /// Uniformly among the legal actions.
    Uniform,
    /// Nine times in ten uniformly among card plays, colour and target choices when there are
    /// any, else uniformly: games end by going out far more often than under `Uniform`, whose
    /// frequent draws and passes make most games run into `max_actions`.
    PlayBiased,
}

fn choose(policy: Policy, legal: &ActionList, rng: &mut Rng) -> Action {
    if policy == Policy::PlayBiased && rng.below(10) < 9 {
        let mut plays = ActionList::new();
        for &a in legal.iter() {
            if a < 60 || (69..82).contains(&a) {
                plays.push(a);
            }
        }
        if !plays.is_empty() {
            return plays[rng.below(plays.len() as u32) as usize];
        }
    }
    legal[rng.below(legal.len() as u32) as usize]
}

/// What a batch of games covered.
#[derive(Default, Debug)]
struct Tally {
    games: u32,
    out_of_cards: u32,
    truncated: u32,
    multi_hand_matches: u32,
}

/// Plays one game with random legal actions, checking after every action; returns the actions
/// taken.
fn play_game(
    opts: ClassicOptions,
    n: usize,
    seed: u64,
    policy: Policy,
    tally: &mut Tally,
    ctx: &str,
) -> Vec<Action> {
    let mut st = ClassicState::new(opts, n, seed).unwrap();
    let mut rng = Rng::new(stream_seed(seed, 1));
    let mut legal = ActionList::new();
    let mut actions = Vec::new();
    let mut hands_played = 0;
    let mut scores = *st.scores();
    check_state(&st, &mut legal, true, ctx);
    while !st.is_terminal() {
        let a = choose(policy, &legal, &mut rng);
        let before = st.counters().actions;
        if let Err(e) = st.apply(a) {
            panic!("{ctx}: legal action {a} rejected: {e}");
        }
        actions.push(a);
        assert_eq!(st.counters().actions, before + 1, "{ctx}");
        assert!(
            actions.len() <= opts.max_actions as usize,
            "{ctx}: more than max_actions"
        );
        let full = actions.len() % 16 == 0;
        check_state(
            &st,
            &mut legal,
            full,
            &format!("{ctx} action {}", actions.len()),
        );
        // Scores only ever grow, and only at the end of a hand.
        for (now, was) in st.scores()[..n].iter().zip(&scores[..n]) {
            assert!(now >= was, "{ctx}");
        }
        if st.hands_played() != hands_played {
            assert_eq!(st.hands_played(), hands_played + 1, "{ctx}");
            hands_played += 1;
            let gainers = (0..n).filter(|&s| st.scores()[s] != scores[s]).count();
            assert!(gainers <= 1, "{ctx}");
        } else {
            assert_eq!(&st.scores()[..n], &scores[..n], "{ctx}");
        }
        scores = *st.scores();
    }

    let o = st.outcome().unwrap();
    tally.games += 1;
    match o.ending {
        Ending::OutOfCards => tally.out_of_cards += 1,
        Ending::Truncated => tally.truncated += 1,
    }
    if o.hands > 1 {
        tally.multi_hand_matches += 1;
    }
    assert_eq!(o.num_players as usize, n, "{ctx}");
    let mut placings: Vec<u8> = o.placing[..n].to_vec();
    placings.sort();
    assert_eq!(placings, (1..=n as u8).collect::<Vec<_>>(), "{ctx}");
    assert_eq!(o.hands, st.hands_played(), "{ctx}");
    match o.ending {
        Ending::Truncated => {
            assert_eq!(o.winner, None, "{ctx}");
            assert_eq!(st.counters().actions, opts.max_actions, "{ctx}");
        }
        Ending::OutOfCards => {
            let w = o.winner.expect("winner") as usize;
            assert_eq!(o.placing[w], 1, "{ctx}");
            assert!(st.counters().actions <= opts.max_actions, "{ctx}");
            if opts.match_target == 0 {
                assert!(st.hand(w).is_empty(), "{ctx}");
                assert_eq!(o.hands, 1, "{ctx}");
                let mut others = 0;
                for s in 0..n {
                    assert_eq!(o.points[s], card_points(&st, s), "{ctx}: seat {s}");
                    if s != w {
                        others += o.points[s];
                    }
                }
                assert_eq!(o.points[w], 0, "{ctx}");
                assert_eq!(st.scores()[w], others, "{ctx}");
            } else {
                assert!(st.scores()[w] >= opts.match_target as i32, "{ctx}");
                assert_eq!(&o.points[..n], &st.scores()[..n], "{ctx}");
                for s in 0..n {
                    if s != w {
                        assert!(st.scores()[s] < opts.match_target as i32, "{ctx}");
                    }
                }
            }
        }
    }
    actions
}

/// Runs `games(n)` games for each player count 2..=10 under `policy`.
fn run(
    name: &str,
    opts: ClassicOptions,
    master: u64,
    policy: Policy,
    games: impl Fn(usize) -> u64,
) -> Tally {
    let mut tally = Tally::default();
    for n in 2..=10usize {
        for g in 0..games(n) {
            let seed = game_seed(master, ((n as u64) << 32) | g);
            let ctx = format!("{name} {policy:?} n={n} seed={seed}");
            play_game(opts, n, seed, policy, &mut tally, &ctx);
        }
    }
    tally
}

/// Games per player count: fewer at big tables, where each action costs more to check.
fn games_for(n: usize, small: u64) -> u64 {
    match n {
        2..=4 => small,
        5..=7 => small * 2 / 3,
        _ => small / 3,
    }
}

/// Both policies over all player counts, uniform games capped at `uniform_cap` actions.
fn run_both(name: &str, opts: ClassicOptions, master: u64, small: u64, uniform_cap: u32) {
    let uniform_opts = ClassicOptions {
        max_actions: uniform_cap,
        ..opts
    };
    let u = run(name, uniform_opts, master, Policy::Uniform, |n| {
        games_for(n, small)
    });
    let b = run(name, opts, master + 1000, Policy::PlayBiased, |n| {
        games_for(n, small)
    });
    eprintln!("{name}: uniform {u:?}, play-biased {b:?}");
    assert!(u.games >= 9 && b.games >= 9);
    // The biased player must actually finish games, so the end-of-hand checks run.
    assert!(b.out_of_cards * 10 >= b.games * 9, "{name}: {b:?}");
    if opts.match_target > 0 {
        assert!(b.multi_hand_matches > 0, "{name}: {b:?}");
    }
}

#[test]
fn random_play_official() {
    run_both("official", official(), 1, 100, 500);
}

#[test]
fn random_play_rlcard() {
    // RLCard games are short (no optional draws): play more of them.
    run_both("rlcard", rlcard(), 2, 300, 500);
}

#[test]
fn random_play_house_rules() {
    run_both("house", house(), 3, 100, 500);
}

#[test]
fn random_play_match_500() {
    let opts = ClassicOptions {
        max_actions: 5_000,
        ..match500()
    };
    run_both("match500", opts, 4, 30, 1_000);
}

#[test]
fn random_play_mixed_options() {
    // Less common combinations: probabilistic catches, strict / last-resort WD4, no UNO call,
    // RLCard's drawn-card rule with official first cards, small and big hands.
    let sets = [
        ClassicOptions {
            uno_catch_probability: Some(0.5),
            wd4_rule: Wd4Rule::Strict,
            ..official()
        },
        ClassicOptions {
            uno_call: false,
            challenge: false,
            wd4_rule: Wd4Rule::LastResort,
            stack_draw2: true,
            ..official()
        },
        ClassicOptions {
            first_card: FirstCard::Official,
            seven_zero: true,
            jump_in: true,
            stack_draw4: true,
            ..rlcard()
        },
        ClassicOptions {
            hand_size: 2,
            draw_until_playable: true,
            uno_penalty: 4,
            match_target: 200,
            ..official()
        },
        ClassicOptions {
            hand_size: 10,
            uno_catch_probability: Some(1.0),
            two_player_reverse_skips: false,
            ..official()
        },
    ];
    for (i, opts) in sets.into_iter().enumerate() {
        run_both(&format!("mixed{i}"), opts, 10 + i as u64, 20, 400);
    }
}

/// Plays a game choosing with `rng`, recording the action ids and the events.
fn record(opts: ClassicOptions, n: usize, seed: u64) -> (Vec<Action>, Vec<Event>, ClassicState) {
    let mut events = Vec::new();
    let mut st = ClassicState::new_logged(opts, n, seed, &mut events).unwrap();
    let mut rng = Rng::new(stream_seed(seed, 7));
    let mut legal = ActionList::new();
    let mut actions = Vec::new();
    while !st.is_terminal() {
        st.legal_actions(&mut legal);
        let a = legal[rng.below(legal.len() as u32) as usize];
        st.apply_logged(a, &mut events).unwrap();
        actions.push(a);
    }
    (actions, events, st)
}

#[test]
fn same_seed_same_game() {
    for (opts, n) in [
        (official(), 4),
        (rlcard(), 2),
        (house(), 6),
        (match500(), 3),
    ] {
        let opts = ClassicOptions {
            max_actions: 800,
            ..opts
        };
        for seed in 0..5u64 {
            let (a1, e1, s1) = record(opts, n, seed);
            let (a2, e2, s2) = record(opts, n, seed);
            assert_eq!(a1, a2);
            assert_eq!(e1, e2);
            assert_eq!(format!("{s1:?}"), format!("{s2:?}"));
            assert_eq!(s1.outcome(), s2.outcome());
            assert_eq!(s1.counters(), s2.counters());
            // Replaying the recorded actions with the unlogged path gives the same game,
            // state by state.
            let mut r1 = ClassicState::new(opts, n, seed).unwrap();
            let mut r2 = r1.clone();
            for &a in &a1 {
                r1.apply(a).unwrap();
                r2.apply_unchecked(a);
                assert_eq!(format!("{r1:?}"), format!("{r2:?}"));
            }
            assert_eq!(format!("{r1:?}"), format!("{s1:?}"));
            assert_eq!(r1.outcome(), s1.outcome());
        }
    }
    // A different seed gives a different game.
    let (a1, _, _) = record(official(), 4, 1);
    let (a2, _, _) = record(official(), 4, 2);
    let s1 = ClassicState::new(official(), 4, 1).unwrap();
    let s2 = ClassicState::new(official(), 4, 2).unwrap();
    assert!(a1 != a2 || format!("{s1:?}") != format!("{s2:?}"));
}

#[test]
fn clone_is_independent() {
    let mut rng = Rng::new(5);
    let mut st = ClassicState::new(house(), 5, 99).unwrap();
    let mut legal = ActionList::new();
    for _ in 0..40 {
        if st.is_terminal() {
            break;
        }
        let snapshot = st.clone();
        let text = format!("{snapshot:?}");
        st.legal_actions(&mut legal);
        let a = legal[rng.below(legal.len() as u32) as usize];
        st.apply(a).unwrap();
        assert_eq!(format!("{snapshot:?}"), text);
        // Applying the same action to the clone reproduces the state exactly.
        let mut again = snapshot.clone();
        again.apply(a).unwrap();
        assert_eq!(format!("{again:?}"), format!("{st:?}"));
    }
}

/// `sample_legal` picks exactly what `legal[rng.below(len)]` picks, for every decision of random
/// games under several option sets (the batch runner relies on it for the random agent).
#[test]
fn sample_legal_matches_picking_from_the_list() {
    use uno_engine::classic::{ClassicOptions, ClassicState};
    use uno_engine::{ActionList, Game, Rng};
    let house = ClassicOptions {
        stack_draw2: true,
        stack_draw4: true,
        seven_zero: true,
        jump_in: true,
        max_actions: 3000,
        ..ClassicOptions::default()
    };
    let official = ClassicOptions {
        max_actions: 3000,
        ..ClassicOptions::default()
    };
    let mut legal = ActionList::new();
    let mut checked = 0u64;
    for (opts, players) in [
        (ClassicOptions::rlcard(), 2),
        (ClassicOptions::rlcard(), 4),
        (official, 3),
        (house, 5),
    ] {
        for g in 0..40u64 {
            let mut s = ClassicState::new(opts, players, g).unwrap();
            let mut rng = Rng::new(g ^ 0xabc);
            while !s.is_terminal() {
                let mut r1 = rng.clone();
                let mut r2 = rng.clone();
                s.legal_actions(&mut legal);
                let from_list = legal[r1.below(legal.len() as u32) as usize];
                let sampled = s.sample_legal(&mut r2);
                assert_eq!(from_list, sampled);
                assert_eq!(r1, r2, "both consume the same randomness");
                s.apply(sampled).unwrap();
                rng = r2;
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

/// `play_random` (the fused loop the batch runner uses when every seat is random) ends in
/// exactly the state of the generic loop `apply_unchecked(sample_legal(rngs[seat]))`, with the
/// same randomness consumed, under every option set and several player counts.
#[test]
fn play_random_matches_the_generic_loop() {
    let capped = |o: ClassicOptions| ClassicOptions {
        max_actions: 3000,
        ..o
    };
    let mut games = 0;
    for (opts, players) in [
        (rlcard(), 2),
        (rlcard(), 4),
        (capped(official()), 2),
        (capped(official()), 3),
        (capped(house()), 5),
        (capped(match500()), 4),
        (
            ClassicOptions {
                uno_catch_probability: Some(0.5),
                max_actions: 3000,
                ..ClassicOptions::default()
            },
            3,
        ),
        // The rlcard kernel's own cases: a match, the official first card (a colour decision),
        // Reverse as Skip with two players, a low action cap.
        (
            ClassicOptions {
                match_target: 500,
                first_card: FirstCard::Official,
                ..rlcard()
            },
            3,
        ),
        (
            ClassicOptions {
                two_player_reverse_skips: true,
                ..rlcard()
            },
            2,
        ),
        (
            ClassicOptions {
                max_actions: 25,
                ..rlcard()
            },
            4,
        ),
    ] {
        for g in 0..60u64 {
            let seed = game_seed(7, g);
            let start = ClassicState::new(opts, players, stream_seed(seed, 0)).unwrap();
            common::assert_play_random_matches_generic(
                start,
                seed,
                |st| st.draw_pile().as_slice().to_vec(),
                &format!("game {g}"),
            );
            games += 1;
        }
    }
    assert_eq!(games, 10 * 60);
}
