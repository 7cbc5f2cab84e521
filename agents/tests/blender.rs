//! The Blender's agents: the heuristic's choices in exact positions (scenarios), legal actions
//! only over random games, the heuristic beating random, IS-MCTS playing legal games through
//! the determinization, and the observation encoder `blender` registered for `uno train`.

use uno_agents::blender::BlenderHeuristic;
use uno_agents::{Agent, AgentSpec, AgentSupport, Decision, HeuristicParams, RandomAgent};
use uno_engine::blender::action::{DRAW, FLEX, PLAY, STOP, TAKE};
use uno_engine::blender::scenario::from_json;
use uno_engine::blender::{parse_card, BlenderOptions, BlenderState, NUM_ACTIONS};
use uno_engine::{stream_seed, Action, ActionList, Game, Rng, Seat};

fn scenario(json: &str) -> BlenderState {
    from_json(json).expect("scenario is valid").0
}

fn card(code: &str) -> u16 {
    parse_card(code).unwrap_or_else(|| panic!("bad card {code}")) as u16
}

/// The heuristic's decision in `s`, checked to be legal.
fn decide(s: &BlenderState) -> Action {
    let (seat, kind) = s.to_act().expect("a decision is pending");
    let mut legal = ActionList::new();
    s.legal_actions(&mut legal);
    let mut agent = BlenderHeuristic {
        params: HeuristicParams::default(),
    };
    let d = Decision::new(s, seat, kind, legal.as_slice());
    let a = agent.act(&d, &mut Rng::new(1));
    assert!(
        legal.contains(a),
        "illegal {a} (legal {:?})",
        legal.as_slice()
    );
    a
}

#[test]
fn inside_a_run_plays_the_card_that_leaves_a_follow_up() {
    // Tempo 2 on a yellow 5: the Draw 2 would start a stack that the 7s cannot follow (a
    // shortfall: two cards drawn); the yellow 7 leaves the blue 7 (or the Draw 2) to follow.
    let s = scenario(
        r#"{"players": 2, "current": 0, "tempo": 2,
            "hands": ["Y+2 Y7 B7", "R1 R2 R3 R4 R6"], "discard": ["Y5"]}"#,
    );
    assert_eq!(decide(&s), PLAY + card("Y7"));
}

#[test]
fn never_flexes_before_the_tempo_is_met() {
    // Flexing ends the run: at tempo 2 with a follow-up in hand it would be a shortfall.
    let s = scenario(
        r#"{"players": 2, "current": 0, "tempo": 2,
            "hands": ["RS/SE R3 R4", "B1 B2 B3 B4 B6"], "discard": ["R5"]}"#,
    );
    let a = decide(&s);
    assert!(a < FLEX, "flexed: {a}");
}

#[test]
fn discard_color_burns_a_colour_as_the_last_card() {
    let s = scenario(
        r#"{"players": 2, "current": 0,
            "hands": ["RDC R1 R2 R3 B4 G6", "B1 B2 B3 B4 B6"], "discard": ["R5"]}"#,
    );
    assert_eq!(decide(&s), PLAY + card("RDC"));
}

#[test]
fn never_trades_away_an_empty_hand() {
    // The red 7 with Trade as the last card would hand the empty hand to the opponent.
    let s = scenario(
        r#"{"players": 2, "current": 0,
            "hands": ["R7t", "B1 B2 B3 B4 B6"], "discard": ["R5"]}"#,
    );
    assert_eq!(decide(&s), DRAW);
}

#[test]
fn passes_a_stack_on_instead_of_taking_it() {
    let s = scenario(
        r#"{"players": 2, "current": 0, "stack": 6, "stack_kind": "draw",
            "hands": ["R+2 R5 G3", "B1 B2 B3 B4 B6"], "discard": ["R+2"]}"#,
    );
    let a = decide(&s);
    assert_ne!(a, TAKE);
    assert_eq!(a, PLAY + card("R+2"));
}

#[test]
fn keeps_playing_rather_than_stopping_short() {
    // One card played at tempo 3: the run can go on, so it does not stop.
    let s = scenario(
        r#"{"players": 2, "current": 0, "tempo": 3, "played": 1,
            "hands": ["G2 G9 B4", "B1 B2 B3 B4 B6"], "discard": ["G5"]}"#,
    );
    let a = decide(&s);
    assert_ne!(a, STOP);
}

/// One game; `heuristic_seats[s]`: seat `s` is the heuristic, else random. Every action must be
/// legal. Returns the winner.
fn play_game(n: usize, seed: u64, heuristic_seats: &[bool], opts: BlenderOptions) -> Option<Seat> {
    let mut s = BlenderState::deal(opts, n, seed);
    let mut heur = BlenderHeuristic {
        params: HeuristicParams::default(),
    };
    let mut rand = RandomAgent;
    let mut rngs: Vec<Rng> = (0..n)
        .map(|i| Rng::new(stream_seed(seed, i as u64 + 1)))
        .collect();
    let mut legal = ActionList::new();
    while let Some((seat, kind)) = s.to_act() {
        s.legal_actions(&mut legal);
        let d = Decision::new(&s, seat, kind, legal.as_slice());
        let a = if heuristic_seats[seat as usize] {
            heur.act(&d, &mut rngs[seat as usize])
        } else {
            rand.act(&d, &mut rngs[seat as usize])
        };
        assert!((a as usize) < NUM_ACTIONS);
        assert!(
            legal.contains(a),
            "seed {seed}, {n} players: seat {seat} chose illegal {a} at {kind:?}"
        );
        s.apply(a).expect("legal");
    }
    s.outcome().expect("over").winner
}

#[test]
fn only_legal_actions_in_random_games() {
    let wrong = BlenderOptions {
        wrong_jump_ins: true,
        symbol_families: true,
        ..Default::default()
    };
    let products = uno_engine::blender::options::preset(Some("products")).unwrap();
    for opts in [BlenderOptions::default(), wrong, products] {
        for n in [2, 3, 4, 6] {
            for g in 0..6u64 {
                let seats: Vec<bool> = (0..n).map(|i| (i + g as usize).is_multiple_of(2)).collect();
                play_game(n, 1000 * n as u64 + g, &seats, opts);
            }
        }
    }
}

#[test]
fn heuristic_beats_random_at_two_players() {
    let games = 300u64;
    let mut wins = 0;
    for g in 0..games {
        let hero = (g % 2) as usize;
        let seats: Vec<bool> = (0..2).map(|i| i == hero).collect();
        if play_game(2, 77_000 + g, &seats, BlenderOptions::default()) == Some(hero as Seat) {
            wins += 1;
        }
    }
    let r = wins as f64 / games as f64;
    eprintln!("heuristic vs random, 2 players: {wins}/{games} = {r:.3}");
    assert!(r > 0.6, "win rate {r}");
}

#[test]
fn mcts_plays_legal_games_through_the_determinization() {
    let spec = AgentSpec::parse("mcts:iterations=30").unwrap();
    for (n, seed) in [(2usize, 5u64), (3, 6)] {
        let mut s = BlenderState::deal(BlenderOptions::default(), n, seed);
        let mut agents: Vec<_> = (0..n).map(|_| spec.instantiate::<BlenderState>()).collect();
        let mut rng = Rng::new(seed);
        let mut legal = ActionList::new();
        let mut steps = 0;
        while let Some((seat, kind)) = s.to_act() {
            s.legal_actions(&mut legal);
            let d = Decision::new(&s, seat, kind, legal.as_slice());
            let a = agents[seat as usize].act(&d, &mut rng);
            assert!(legal.contains(a), "mcts chose illegal {a} at {kind:?}");
            s.apply(a).expect("legal");
            steps += 1;
            if steps > 3000 {
                break;
            }
        }
    }
}

#[test]
fn the_blender_encoder_is_registered_for_training() {
    let obs = <BlenderState as AgentSupport>::observation().expect("an encoder");
    assert_eq!(obs.variant, "blender");
    assert_eq!(obs.name, "blender");
    assert_eq!(obs.len, 1819);
    assert!(<BlenderState as AgentSupport>::observation_named(Some("blender")).is_ok());
    let s = BlenderState::deal(BlenderOptions::default(), 4, 3);
    let (seat, _) = s.to_act().unwrap();
    let mut out = vec![f32::NAN; obs.len];
    (obs.encode)(&s.view(seat), &mut out);
    assert!(out.iter().all(|x| x.is_finite()));
    let mut mask = vec![0.0; BlenderState::NUM_ACTIONS];
    let mut legal = ActionList::new();
    s.legal_actions(&mut legal);
    uno_agents::legal_mask(legal.as_slice(), &mut mask);
    assert_eq!(mask.len(), 1482);
    assert_eq!(
        mask.iter().sum::<f32>() as usize,
        legal.len(),
        "one mark per legal action"
    );
}
