//! IS-MCTS: parameters, legality, and that it cannot cheat (its decisions depend only on what
//! the searching player knows).

use uno_agents::mcts::{FinalChoice, Mcts, MctsParams, Rollout};
use uno_agents::{Agent, AgentSpec, AnyAgent, Decision, RandomAgent};
use uno_engine::classic::{ClassicOptions, ClassicState, Scenario};
use uno_engine::{ActionList, Game, Priors, Rng};

fn mcts(params: &str) -> Mcts<ClassicState, AnyAgent<ClassicState>> {
    Mcts::new(
        MctsParams::parse(params).unwrap(),
        AnyAgent::Random(RandomAgent),
    )
}

fn decide(
    agent: &mut Mcts<ClassicState, AnyAgent<ClassicState>>,
    s: &ClassicState,
    seed: u64,
) -> u16 {
    let (seat, kind) = s.to_act().unwrap();
    let mut legal = ActionList::new();
    s.legal_actions(&mut legal);
    let d = Decision::new(s, seat, kind, legal.as_slice());
    agent.act(&d, &mut Rng::new(seed))
}

#[test]
fn params_parse_with_defaults_ranges_and_labels() {
    let d = MctsParams::parse("").unwrap();
    assert_eq!(d, MctsParams::default());
    assert_eq!(d.label(), "mcts");
    let p = MctsParams::parse("iterations=50, c=1.2,rollout=random,depth=10,final=value,bias=0")
        .unwrap();
    assert_eq!(p.iterations, 50);
    assert_eq!(p.c, 1.2);
    assert_eq!(p.rollout, Rollout::Random);
    assert_eq!(p.depth, 10);
    assert_eq!(p.final_choice, FinalChoice::Value);
    assert_eq!(p.bias, 0.0);
    assert_eq!(
        p.label(),
        "mcts:iterations=50,c=1.2,rollout=random,depth=10,final=value,bias=0"
    );
    assert_eq!(MctsParams::parse(&p.label()[5..]).unwrap(), p);
    assert!(MctsParams::parse("iterations=0")
        .unwrap_err()
        .contains("outside"));
    assert!(MctsParams::parse("iters=5")
        .unwrap_err()
        .contains("unknown parameter 'iters'"));
    assert!(MctsParams::parse("rollout=smart")
        .unwrap_err()
        .contains("not one of"));
    assert!(MctsParams::parse("c=abc")
        .unwrap_err()
        .contains("not a number"));
    let s = MctsParams::parse("stuck=0.8").unwrap();
    assert_eq!(s.stuck, 0.8);
    assert_eq!(s.label(), "mcts:stuck=0.8");
    assert_eq!(
        s.priors(),
        Priors {
            honesty: 0.9,
            stuck: 0.8,
            ..Priors::default()
        }
    );
    assert!(MctsParams::parse("stuck=1.5")
        .unwrap_err()
        .contains("outside"));
    assert!(matches!(
        AgentSpec::parse("mcts:iterations=10"),
        Ok(AgentSpec::Mcts(_))
    ));
}

/// Two positions that differ only in what seat 0 cannot see: the other hands' contents (same
/// sizes) and the draw pile's order and contents.
const TWIN_A: &str = r#"{"players": 3, "seed": 1,
    "hands": [["R5", "G2", "Y7", "B+2", "W"], ["G9", "GS", "B1"], ["Y3", "R8", "W+4", "G0"]],
    "discard": ["Y1", "R3"], "draw_pile": ["B5", "Y9", "G4"], "current": 0}"#;
const TWIN_B: &str = r#"{"players": 3, "seed": 99,
    "hands": [["R5", "G2", "Y7", "B+2", "W"], ["RS", "Y0", "W+4"], ["B9", "G6", "R+2", "Y8"]],
    "discard": ["Y1", "R3"], "draw_pile": ["R1", "RR", "B0", "W"], "current": 0}"#;

#[test]
fn cannot_cheat_identical_decisions_when_only_hidden_cards_differ() {
    let a = Scenario::from_json(TWIN_A).unwrap().build().unwrap();
    let b = Scenario::from_json(TWIN_B).unwrap().build().unwrap();
    // Sanity: the positions really differ, but not for seat 0.
    assert_ne!(a.hand(1).counts(), b.hand(1).counts());
    assert_eq!(a.hand(0).counts(), b.hand(0).counts());
    for seed in 0..20 {
        let mut ma = mcts("iterations=300");
        let mut mb = mcts("iterations=300");
        let xa = decide(&mut ma, &a, seed);
        let xb = decide(&mut mb, &b, seed);
        assert_eq!(xa, xb, "seed {seed}");
        assert_eq!(ma.last, mb.last, "search statistics differ for seed {seed}");
    }
}

/// Agents built from `spec` (the factory's path) decide the same on the twin positions `a` and
/// `b` for ten seeds.
fn spec_agents_decide_alike_on_twins(spec: &AgentSpec, a: &ClassicState, b: &ClassicState) {
    use uno_agents::AgentFactory;
    for seed in 0..10 {
        let mut ma: Box<dyn Agent<ClassicState>> = spec.build();
        let mut mb: Box<dyn Agent<ClassicState>> = spec.build();
        let mut legal = ActionList::new();
        a.legal_actions(&mut legal);
        let (seat, kind) = a.to_act().unwrap();
        let xa = ma.act(
            &Decision::new(a, seat, kind, legal.as_slice()),
            &mut Rng::new(seed),
        );
        let xb = mb.act(
            &Decision::new(b, seat, kind, legal.as_slice()),
            &mut Rng::new(seed),
        );
        assert_eq!(xa, xb, "seed {seed}");
    }
}

#[test]
fn default_agent_from_its_spec_cannot_cheat_either() {
    // The spec-built agent (heuristic rollouts, progressive bias) on the twin positions.
    let a = Scenario::from_json(TWIN_A).unwrap().build().unwrap();
    let b = Scenario::from_json(TWIN_B).unwrap().build().unwrap();
    let spec = AgentSpec::parse("mcts:iterations=200").unwrap();
    spec_agents_decide_alike_on_twins(&spec, &a, &b);
}

#[test]
fn cannot_cheat_along_random_games() {
    // Play random games; at seat 0's decisions, build a twin by exchanging two opponents'
    // hands of equal size (hidden from seat 0) and check the search is unaffected.
    let checked = for_each_hidden_twin((0..30).map(|g| (g, g)), |s, t, _, step| {
        let mut m1 = mcts("iterations=100");
        let mut m2 = mcts("iterations=100");
        let (x1, x2) = (decide(&mut m1, s, step), decide(&mut m2, t, step));
        assert_eq!(x1, x2);
        assert_eq!(m1.last, m2.last);
    });
    assert!(checked > 20, "only {checked} positions checked");
}

/// Walks random 4-player games (`games`: the game's seed and the seed of the random moves; at
/// most 60 decisions each) and calls `check(position, twin, kind, step)` at every decision of
/// seat 0 with a choice for which `swap_hidden` finds a twin. Returns how many were checked.
fn for_each_hidden_twin(
    games: impl Iterator<Item = (u64, u64)>,
    mut check: impl FnMut(&ClassicState, &ClassicState, uno_engine::DecisionKind, u64),
) -> usize {
    let opts = ClassicOptions::default();
    let mut checked = 0;
    for (game, moves) in games {
        let mut s = ClassicState::new(opts, 4, game).unwrap();
        let mut rng = Rng::new(moves);
        let mut legal = ActionList::new();
        let mut steps = 0;
        while let Some((seat, kind)) = s.to_act() {
            steps += 1;
            if steps > 60 {
                break;
            }
            s.legal_actions(&mut legal);
            if seat == 0 && legal.len() > 1 {
                if let Some(t) = swap_hidden(&s) {
                    check(&s, &t, kind, steps);
                    checked += 1;
                }
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            s.apply(a).unwrap();
        }
    }
    checked
}

/// The same position with two opponents of equal hand size exchanging hands (a difference seat
/// 0 cannot see), rebuilt through the scenario notation.
fn swap_hidden(s: &ClassicState) -> Option<ClassicState> {
    use uno_engine::classic::CARDS;
    let n = 4;
    let (x, y) = (1..n)
        .flat_map(|x| (x + 1..n).map(move |y| (x, y)))
        .find(|&(x, y)| {
            s.hand(x).len() == s.hand(y).len() && s.hand(x).counts() != s.hand(y).counts()
        })?;
    if s.to_act()?.1 != uno_engine::DecisionKind::Play {
        return None;
    }
    let codes = |seat: usize| -> Vec<String> {
        s.hand(seat)
            .iter()
            .flat_map(|(k, c)| std::iter::repeat_n(CARDS[k].code.to_string(), c as usize))
            .collect()
    };
    let mut hands: Vec<Vec<String>> = (0..n).map(codes).collect();
    hands.swap(x, y);
    let mut discard: Vec<String> = Vec::new();
    for (k, &c) in s.discard_counts().iter().enumerate() {
        // The top card goes last; other copies of its kind lie below.
        let below = if k as u8 == s.top() { c - 1 } else { c };
        discard.extend(std::iter::repeat_n(
            CARDS[k].code.to_string(),
            below as usize,
        ));
    }
    discard.push(CARDS[s.top() as usize].code.to_string());
    let sc = Scenario {
        players: n,
        hands,
        discard,
        color: uno_engine::Color::from_index(s.color()).map(|c| c.name().to_string()),
        direction: Some(
            if s.clockwise() {
                "clockwise"
            } else {
                "counterclockwise"
            }
            .into(),
        ),
        current: s.current() as usize,
        last_player: Some(s.last_player() as usize),
        seed: 12345,
        ..Default::default()
    };
    // Same public facts as the original: the discard pile, direction, colour, turn, dealer.
    sc.build().ok()
}

#[test]
fn only_legal_actions_and_beats_random() {
    let opts = ClassicOptions::rlcard();
    let mut wins = 0;
    let games = 300;
    let mut legal = ActionList::new();
    for g in 0..games {
        let mut s = ClassicState::new(opts, 2, 1000 + g).unwrap();
        let mut m = mcts("iterations=100");
        let mut r = RandomAgent;
        let mut rng = Rng::new(g);
        let me = (g % 2) as u8;
        while let Some((seat, kind)) = s.to_act() {
            s.legal_actions(&mut legal);
            let d = Decision::new(&s, seat, kind, legal.as_slice());
            let a = if seat == me {
                m.act(&d, &mut rng)
            } else {
                Agent::<ClassicState>::act(&mut r, &d, &mut rng)
            };
            s.apply(a).expect("mcts returns legal actions");
        }
        if s.outcome().unwrap().winner == Some(me) {
            wins += 1;
        }
    }
    let rate = wins as f64 / games as f64;
    assert!(rate > 0.55, "mcts won {rate} against random");
}

#[test]
fn honesty_prior_shapes_the_offenders_sampled_hand() {
    use uno_engine::classic::parse_card;
    use uno_engine::SearchGame;
    // Seat 0 faces seat 2's lone Wild Draw Four, played on red (R3); seat 2 holds 6 hidden cards.
    let s = Scenario::from_json(
        r#"{"players": 3, "hands": [["G5", "B2"], ["Y7", "B1", "G1"], ["R1", "R2", "Y4", "G8", "B6", "Y9"]],
            "discard": ["R3", "W+4"], "color": "blue", "current": 0, "last_player": 2,
            "decision": "respond", "pending_draw": 4, "wd4_guilty": true}"#,
    )
    .unwrap()
    .build()
    .unwrap();
    let red: Vec<usize> = [
        "R0", "R1", "R2", "R4", "R5", "R6", "R7", "R8", "R9", "RS", "RR", "R+2",
    ]
    .iter()
    .map(|c| parse_card(c).unwrap() as usize)
    .collect();
    let holds_red = |d: &ClassicState| red.iter().any(|&k| d.hand(2).count(k) > 0);
    let mut rng = Rng::new(9);
    let mut with_red_honest = 0;
    let mut with_red_uniform = 0;
    for _ in 0..300 {
        let honest = s.determinize(
            0,
            Priors {
                honesty: 1.0,
                stuck: 0.0,
                ..Priors::default()
            },
            &mut rng,
        );
        assert_eq!(honest.hand(2).len(), 6);
        assert_eq!(honest.hand(0).counts(), s.hand(0).counts());
        with_red_honest += holds_red(&honest) as u32;
        let uniform = s.determinize(0, Priors::default(), &mut rng);
        with_red_uniform += holds_red(&uniform) as u32;
    }
    assert_eq!(
        with_red_honest, 0,
        "an honest offender holds no card of the colour then in play"
    );
    assert!(
        with_red_uniform > 150,
        "uniform sampling usually gives red: {with_red_uniform}"
    );
    // Trust scales the priors per seat: with no trust in the opponents (players taken to choose
    // at random) even `honesty` = `stuck` = 1 sample as if nothing were presumed, draw for
    // draw; no trust in a seat other than the offender leaves the honesty prior whole.
    let mut untrusted = Priors {
        honesty: 1.0,
        stuck: 1.0,
        ..Priors::default()
    };
    untrusted.trust[1] = 0.0;
    untrusted.trust[2] = 0.0;
    let mut other = Priors {
        honesty: 1.0,
        ..Priors::default()
    };
    other.trust[1] = 0.0;
    for seed in 0..50 {
        let a = s.determinize(0, untrusted, &mut Rng::new(seed));
        let b = s.determinize(0, Priors::default(), &mut Rng::new(seed));
        assert_eq!(a.hand(2).counts(), b.hand(2).counts(), "seed {seed}");
        assert_eq!(a.hand(1).counts(), b.hand(1).counts(), "seed {seed}");
        let c = s.determinize(0, other, &mut Rng::new(seed));
        assert!(!holds_red(&c), "seed {seed}");
    }
}

#[test]
fn new_options_parse_label_and_reject_bad_values() {
    let p = MctsParams::parse("final_many=guarded,margin=1.5,opp_random=0.5,place=0.2").unwrap();
    assert_eq!(p.final_many, FinalChoice::Guarded);
    assert_eq!(p.final_choice, FinalChoice::Visits);
    assert_eq!(p.margin, 1.5);
    assert_eq!(p.opp_random, 0.5);
    assert_eq!(p.place, 0.2);
    assert_eq!(
        p.label(),
        "mcts:final_many=guarded,margin=1.5,opp_random=0.5,place=0.2"
    );
    assert_eq!(MctsParams::parse(&p.label()[5..]).unwrap(), p);
    let g = MctsParams::parse("final=guarded").unwrap();
    assert_eq!(g.final_choice, FinalChoice::Guarded);
    assert_eq!(MctsParams::parse(&g.label()[5..]).unwrap(), g);
    for bad in [
        "margin=-1",
        "margin=101",
        "opp_random=1.5",
        "opp_random=-0.1",
        "place=2",
    ] {
        assert!(
            MctsParams::parse(bad).unwrap_err().contains("outside"),
            "{bad}"
        );
    }
    assert!(MctsParams::parse("final=best")
        .unwrap_err()
        .contains("not one of"));
    assert!(MctsParams::parse("final_many=robust")
        .unwrap_err()
        .contains("not one of"));
    assert!(MctsParams::parse("margin=x")
        .unwrap_err()
        .contains("not a number"));
}

type HeurMcts = Mcts<ClassicState, AnyAgent<ClassicState>>;

/// IS-MCTS with deterministic heuristic rollouts (no bluffing, never forgets UNO), so the
/// heuristic's own choice in a position does not depend on the random stream.
fn heuristic_mcts(params: &str) -> HeurMcts {
    use uno_agents::HeuristicAgent;
    Mcts::new(
        MctsParams::parse(params).unwrap(),
        AnyAgent::Boxed(Box::new(HeuristicAgent {
            params: deterministic_heuristic(),
        })),
    )
}

fn deterministic_heuristic() -> uno_agents::HeuristicParams {
    uno_agents::HeuristicParams {
        bluff: 0.0,
        uno_forget: 0.0,
        ..Default::default()
    }
}

/// Walks random official 4-player games (`games` of them, seeds from `first_seed`, at most
/// `max_steps` decisions each) and calls `check(decision, heuristic's move, game, step)` at every
/// decision with more than one legal action.
fn at_random_decisions(
    games: u64,
    first_seed: u64,
    max_steps: u64,
    mut check: impl FnMut(&Decision<'_, ClassicState>, uno_engine::Action, u64, u64),
) {
    use uno_agents::HeuristicAgent;
    let mut legal = ActionList::new();
    for game in 0..games {
        let mut s = ClassicState::new(ClassicOptions::default(), 4, first_seed + game).unwrap();
        let mut rng = Rng::new(game);
        let mut steps = 0;
        while let Some((seat, kind)) = s.to_act() {
            steps += 1;
            if steps > max_steps {
                break;
            }
            s.legal_actions(&mut legal);
            if legal.len() > 1 {
                let d = Decision::new(&s, seat, kind, legal.as_slice());
                let hint = HeuristicAgent {
                    params: deterministic_heuristic(),
                }
                .act(&d, &mut Rng::new(0));
                check(&d, hint, game, steps);
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            s.apply(a).unwrap();
        }
    }
}

#[test]
fn guarded_choice_returns_the_hint_unless_the_search_is_confident() {
    // Along random 4-player games, at every normal turn with a choice: with an unreachable
    // margin the guarded agent plays the heuristic's move; with margin 0 it plays either the
    // heuristic's move or the most visited child (the search is the same for the same seed: the
    // guard only acts after it), and it does deviate from the heuristic somewhere.
    let (mut checked, mut deviations) = (0, 0);
    at_random_decisions(6, 500, 80, |d, hint, game, _| {
        if d.kind != uno_engine::DecisionKind::Play {
            return;
        }
        let seed = game * 1000 + checked;
        let mut visits = heuristic_mcts("iterations=100");
        let mut never = heuristic_mcts("iterations=100,final_many=guarded,margin=100");
        let mut always = heuristic_mcts("iterations=100,final_many=guarded,margin=0");
        let xv = visits.act(d, &mut Rng::new(seed));
        let xn = never.act(d, &mut Rng::new(seed));
        let xa = always.act(d, &mut Rng::new(seed));
        assert_eq!(xn, hint, "margin 100 must keep the heuristic's move");
        assert!(xa == hint || xa == xv, "margin 0: hint or most visited");
        assert_eq!(visits.last, always.last);
        deviations += (xa != hint) as u32;
        checked += 1;
    });
    assert!(checked > 30, "only {checked} decisions checked");
    assert!(deviations > 0, "margin 0 never overrode the heuristic");
}

#[test]
fn guard_kinds_play_keeps_the_heuristic_outside_normal_turns() {
    let p = MctsParams::parse("final_many=guarded,guard_kinds=play").unwrap();
    assert!(p.guard_play_only);
    assert_eq!(p.label(), "mcts:final_many=guarded,guard_kinds=play");
    assert_eq!(MctsParams::parse(&p.label()[5..]).unwrap(), p);
    assert!(MctsParams::parse("guard_kinds=some").is_err());
    // Along random official 4-player games: at margin 0 with `guard_kinds=play`, every decision
    // that is not a normal turn takes the heuristic's move; normal turns may still be overridden.
    let (mut other, mut play_deviations) = (0, 0);
    at_random_decisions(8, 700, 150, |d, hint, game, step| {
        let mut guarded =
            heuristic_mcts("iterations=100,final_many=guarded,margin=0,guard_kinds=play");
        let x = guarded.act(d, &mut Rng::new(game * 1000 + step));
        if d.kind == uno_engine::DecisionKind::Play {
            play_deviations += (x != hint) as u32;
        } else {
            assert_eq!(x, hint, "{:?}: the heuristic's move", d.kind);
            other += 1;
        }
    });
    assert!(other > 5, "only {other} other decisions checked");
    assert!(play_deviations > 0, "normal turns were never overridden");
}

#[test]
fn new_options_cannot_cheat_either() {
    // Guarded final choice, random opponents in rollouts and the placing reward on the twin
    // positions (3 players, so `final_many` applies).
    let a = Scenario::from_json(TWIN_A).unwrap().build().unwrap();
    let b = Scenario::from_json(TWIN_B).unwrap().build().unwrap();
    let spec = AgentSpec::parse(
        "mcts:iterations=200,final_many=guarded,margin=0.5,opp_random=0.5,place=0.3",
    )
    .unwrap();
    spec_agents_decide_alike_on_twins(&spec, &a, &b);
    for spec in [
        "iterations=200,final_many=guarded,opp_random=1,opp_tree=on,place=0.5",
        "iterations=200,opp_random=0.5,opp_tree=on,opp_mix=player",
    ] {
        for seed in 0..10 {
            let mut ma = mcts(spec);
            let mut mb = mcts(spec);
            assert_eq!(decide(&mut ma, &a, seed), decide(&mut mb, &b, seed));
            assert_eq!(ma.last, mb.last);
        }
    }
}

#[test]
fn opponent_model_reads_hand_size_trends() {
    use uno_agents::classic::{EVIDENCE_CLASSIC, EVIDENCE_CLASSIC_RLCARD};
    use uno_agents::mcts::OpponentModel;
    let mut m = OpponentModel::default();
    // Nothing observed yet: the prior.
    assert_eq!(m.p_random(1), 0.5);
    // Seat 1's hand keeps growing, seat 2's keeps shrinking, seat 3's stays at 7 cards.
    for t in 0..6u32 {
        m.observe(0, &[7, 7 + t, 7 - t, 7], &EVIDENCE_CLASSIC);
    }
    assert!(m.p_random(1) > 0.99, "{}", m.p_random(1));
    assert!(m.p_random(2) < 0.15, "{}", m.p_random(2));
    // Five comparisons without a change, all at 7 cards (a random player more often draws a card and
    // plays one in the same turn) ...
    let (s, c) = OpponentModel::classes(7, 7);
    assert_eq!((s, c), (2, 2));
    let same = m.p_random(3);
    assert!(same > 0.5 && same < 0.9, "{same}");
    // ... and a new deal (hand 1) is not compared with the last hand's sizes.
    let mut fresh = OpponentModel::with_prior(0.2);
    fresh.observe(0, &[7, 2], &EVIDENCE_CLASSIC);
    fresh.observe(1, &[7, 7], &EVIDENCE_CLASSIC);
    assert!((fresh.p_random(1) - 0.2).abs() < 1e-12);
    // Under the `rlcard` rules a growing hand is weak evidence: the same trend moves the
    // estimate far less.
    let mut weak = OpponentModel::default();
    for t in 0..6u32 {
        weak.observe(0, &[7, 7 + t], &EVIDENCE_CLASSIC_RLCARD);
    }
    assert!(
        weak.p_random(1) > 0.5 && weak.p_random(1) < 0.9,
        "{}",
        weak.p_random(1)
    );
    let p = MctsParams::parse("opp_model=observed").unwrap();
    assert!(p.opp_observed);
    assert_eq!(p.label(), "mcts:opp_model=observed");
    let q = MctsParams::parse("opp_model=observed,opp_prior=0.25").unwrap();
    assert_eq!(q.opp_prior, 0.25);
    assert_eq!(q.label(), "mcts:opp_model=observed,opp_prior=0.25");
    assert!(MctsParams::parse("opp_prior=1").is_err());
    assert_eq!(MctsParams::parse(&p.label()[5..]).unwrap(), p);
    let t = MctsParams::parse("opp_random=0.67,opp_tree=on").unwrap();
    assert!(t.opp_tree);
    assert_eq!(t.label(), "mcts:opp_random=0.67,opp_tree=on");
    assert_eq!(MctsParams::parse(&t.label()[5..]).unwrap(), t);
    assert!(MctsParams::parse("opp_tree=yes")
        .unwrap_err()
        .contains("not one of"));
    assert!(MctsParams::parse("opp_model=psychic")
        .unwrap_err()
        .contains("not one of"));
}

#[test]
fn opponent_mix_by_player_draws_one_type_per_iteration() {
    let p = MctsParams::parse("opp_model=observed,opp_mix=player").unwrap();
    assert!(p.opp_mix_player);
    assert_eq!(p.label(), "mcts:opp_model=observed,opp_mix=player");
    assert_eq!(MctsParams::parse(&p.label()[5..]).unwrap(), p);
    assert!(!MctsParams::parse("").unwrap().opp_mix_player);
    assert!(MctsParams::parse("opp_mix=seat")
        .unwrap_err()
        .contains("not one of"));
    // Where every opponent is surely random (opp_random=1) or surely not (0), drawing a type
    // per iteration is drawing nothing: the same search as mixing move by move, to the
    // generator's last draw. In between the two differ.
    let a = Scenario::from_json(TWIN_A).unwrap().build().unwrap();
    let mut differ = 0;
    for seed in 0..6 {
        for (q, same) in [("0", true), ("1", true), ("0.5", false)] {
            let mut by_move = mcts(&format!("iterations=200,opp_random={q},opp_tree=on"));
            let mut by_player = mcts(&format!(
                "iterations=200,opp_random={q},opp_tree=on,opp_mix=player"
            ));
            let xm = decide(&mut by_move, &a, seed);
            let xp = decide(&mut by_player, &a, seed);
            if same {
                assert_eq!((xm, by_move.last), (xp, by_player.last), "p = {q}");
            } else {
                differ += (by_move.last != by_player.last) as u32;
            }
        }
    }
    assert!(differ > 0, "opp_mix=player changed nothing at p = 0.5");
}

#[test]
fn observed_opponent_model_cannot_cheat() {
    // The spec-built agent (which reads public hand sizes) on the twin positions, and along
    // random games with two opponents' hands exchanged, over several decisions of one game so the
    // model has observations; by move and by player.
    let a = Scenario::from_json(TWIN_A).unwrap().build().unwrap();
    let b = Scenario::from_json(TWIN_B).unwrap().build().unwrap();
    for text in [
        "mcts:iterations=150,final_many=guarded,opp_model=observed,opp_tree=on",
        "mcts:iterations=150,opp_model=observed,opp_tree=on,opp_mix=player",
    ] {
        let spec = AgentSpec::parse(text).unwrap();
        observed_model_decides_alike(&spec, &a, &b);
    }
}

fn observed_model_decides_alike(spec: &AgentSpec, a: &ClassicState, b: &ClassicState) {
    use uno_agents::AgentFactory;
    let mut ma: Box<dyn Agent<ClassicState>> = spec.build();
    let mut mb: Box<dyn Agent<ClassicState>> = spec.build();
    for seed in 0..8 {
        let mut legal = ActionList::new();
        a.legal_actions(&mut legal);
        let (seat, kind) = a.to_act().unwrap();
        let xa = ma.act(
            &Decision::new(a, seat, kind, legal.as_slice()),
            &mut Rng::new(seed),
        );
        let xb = mb.act(
            &Decision::new(b, seat, kind, legal.as_slice()),
            &mut Rng::new(seed),
        );
        assert_eq!(xa, xb, "{}: seed {seed}", spec.label());
    }
    let mut m1: Box<dyn Agent<ClassicState>> = spec.build();
    let mut m2: Box<dyn Agent<ClassicState>> = spec.build();
    let checked = for_each_hidden_twin((0..10).map(|g| (700 + g, g)), |s, t, kind, step| {
        let (mut l1, mut l2) = (ActionList::new(), ActionList::new());
        s.legal_actions(&mut l1);
        t.legal_actions(&mut l2);
        let x1 = m1.act(
            &Decision::new(s, 0, kind, l1.as_slice()),
            &mut Rng::new(step),
        );
        let x2 = m2.act(
            &Decision::new(t, 0, kind, l2.as_slice()),
            &mut Rng::new(step),
        );
        assert_eq!(x1, x2);
    });
    assert!(checked > 20, "only {checked} positions checked");
}
