//! Unit tests of the Über Uno state machine: random-play invariants under forced add-ons, and
//! positions set by hand for what the scenario file does not cover (Math, Cards gone Wild, the
//! draw-off by lot); the scenario tests are in `engine/tests/uber_scenarios.rs`.

use super::action::*;
use super::cards::*;
use super::event::{Event, TieBreak};
use super::options::*;
use super::state::*;
use crate::action::ActionList;
use crate::game::Game;
use crate::rng::Rng;

fn total_cards(st: &UberState) -> usize {
    (0..st.num_players())
        .map(|s| st.hand(s).len())
        .sum::<usize>()
        + st.discard_pile().len()
        + st.draw_pile().len()
        + st.bottom_len as usize
}

fn deck_total(st: &UberState) -> usize {
    st.deck().iter().map(|&c| c as usize).sum()
}

/// Plays random days, checking after every action: cards are conserved, the player to act
/// has a legal action (ascending), strict apply refuses an illegal id without a change.
fn random_days(opts: UberOptions, players: usize, days: u64) -> (u64, u64) {
    let (d, t, _) = random_days_stats(opts, players, days);
    (d, t)
}

/// As `random_days`, also summing the Math plays and the Wilds played as another card.
fn random_days_stats(opts: UberOptions, players: usize, days: u64) -> (u64, u64, [u64; 2]) {
    let mut legal = ActionList::new();
    let (mut decisions, mut truncated) = (0u64, 0u64);
    let mut extra = [0u64; 2];
    for seed in 0..days {
        let mut st = UberState::deal(opts, players, seed);
        let mut rng = Rng::new(seed ^ 0xabcdef);
        let total = deck_total(&st);
        while st.to_act().is_some() {
            st.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "no legal action at {:?}", st.phase());
            assert!(
                legal.as_slice().windows(2).all(|w| w[0] < w[1]),
                "legal list not ascending at {:?}: {:?}",
                st.phase(),
                legal.as_slice()
            );
            // An illegal id is refused and changes nothing.
            if let Some(bad) = (0..NUM_ACTIONS as u16).find(|a| !legal.contains(*a)) {
                let before = format!("{:?}", st.phase());
                assert!(st.apply(bad).is_err());
                assert_eq!(before, format!("{:?}", st.phase()));
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            st.apply(a).unwrap();
            decisions += 1;
            assert_eq!(
                total_cards(&st),
                total,
                "cards not conserved after {}",
                action_name(a)
            );
        }
        extra[0] += st.stats().math_plays as u64;
        extra[1] += st.stats().wilds_as as u64;
        let o = st.outcome().unwrap();
        if st.nappy().is_none() {
            truncated += 1;
        } else {
            assert_eq!(o.placing[st.nappy().unwrap() as usize] as usize, players);
            let lost: u32 = st.stats().lost.iter().map(|&l| l as u32).sum();
            assert_eq!(lost, opts.hands_per_day as u32);
        }
    }
    (decisions, truncated, extra)
}

#[test]
fn random_days_keep_the_invariants() {
    for players in 2..=10 {
        for opts in [
            UberOptions::default(),
            UberOptions::fixed(),
            UberOptions {
                draw_until_pass: true,
                uno_catch_probability: Some(0.5),
                player_pair: PlayerPair::AnyHolder,
                ..UberOptions::hand()
            },
            UberOptions {
                decks: 2,
                joker_count: 4,
                change_hands_count: 4,
                uber_count: 4,
                challenge_leak_probability: 1.0,
                owner_ashley: None,
                absent_player_cards: AbsentPlayerCards::Removed,
                ..UberOptions::hand()
            },
        ] {
            let (d, t) = random_days(opts, players, 12);
            assert!(d > 0);
            assert!(t <= 3, "{t} of 12 days truncated at {players} players");
        }
    }
}

#[test]
fn the_same_seed_plays_the_same_day() {
    let play = |seed| {
        let mut st = UberState::deal(UberOptions::default(), 4, seed);
        let mut rngs: Vec<Rng> = (0..4).map(|s| Rng::new(s + 100)).collect();
        st.play_random(&mut rngs);
        (st.nappy(), st.stats().lost, st.counters().actions)
    };
    assert_eq!(play(7), play(7));
    assert_ne!(play(7), play(8));
}

/// A position: `players` seats, hands as codes, the top card, seat 0 to play.
fn position(players: usize, hands: &[&str], top: &str) -> UberState {
    let mut st = UberState::empty(UberOptions::fixed(), players, 1);
    let mut used = [0u8; NUM_KINDS];
    for (s, h) in hands.iter().enumerate() {
        for code in h.split_whitespace() {
            let k = parse_card(code).unwrap_or_else(|| panic!("bad code {code}"));
            st.hands[s].add(k as usize);
            used[k as usize] += 1;
        }
    }
    let t = parse_card(top).unwrap();
    used[t as usize] += 1;
    st.discard.add(t as usize);
    st.top = t;
    st.color = color_of(t);
    for (k, &u) in used.iter().enumerate() {
        for _ in u..st.deck[k] {
            st.pile.add_shuffled(k as u16);
        }
    }
    st.current = 0;
    st.phase = Phase::Turn;
    // The fixed preset's add-ons: Fast Eddy and Go Fish.
    st.rules.addons = (1 << FAST_EDDY) | (1 << GO_FISH);
    st
}

fn apply_all(st: &mut UberState, actions: &[u16]) -> Vec<Event> {
    let mut log = Vec::new();
    for &a in actions {
        st.apply_logged(a, &mut log)
            .unwrap_or_else(|e| panic!("{}: {e}", action_name(a)));
    }
    log
}

fn play(code: &str) -> u16 {
    PLAY + parse_card(code).unwrap() as u16
}

#[test]
fn minors_stack_and_the_last_victim_draws_them_all() {
    // L33-L35.
    let mut st = position(3, &["R+2 R5 R6", "G+2 G5 G6", "B7 B8"], "R3");
    apply_all(&mut st, &[play("R+2")]);
    assert_eq!(st.phase(), Phase::Respond);
    assert_eq!(st.current(), 1);
    apply_all(&mut st, &[play("G+2")]);
    assert_eq!(
        (st.current(), st.stack().total, st.stack().cards),
        (2, 4, 2)
    );
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[ACCEPT],
        "no Minor, no Joker: accept only"
    );
    apply_all(&mut st, &[ACCEPT]);
    assert_eq!(st.hand(2).len(), 6);
    assert_eq!(
        (st.current(), st.phase()),
        (0, Phase::Turn),
        "the victim loses the turn"
    );
}

#[test]
fn a_major_does_not_stack_on_a_minor() {
    let mut st = position(2, &["R+2 R5 R6", "W+4 G5 G6"], "R3");
    apply_all(&mut st, &[play("R+2")]);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[ACCEPT]);
}

#[test]
fn the_joker_sends_the_stack_back_and_reverses() {
    // L78-L80: R17.
    let mut st = position(4, &["R+2 R5 R6", "J G5 G6", "B7 B8", "Y1 Y2"], "R3");
    apply_all(&mut st, &[play("R+2"), play("J")]);
    assert_eq!(st.current(), 0, "the hitter is the new victim");
    assert_eq!(st.phase(), Phase::Respond);
    assert!(!st.clockwise());
    assert_eq!(st.stack().total, 2);
    apply_all(&mut st, &[ACCEPT]);
    assert_eq!(st.hand(0).len(), 4);
    // Counter-clockwise from seat 0: seat 3.
    assert_eq!(st.current(), 3);
}

#[test]
fn after_a_joker_on_a_major_the_new_victim_names_the_colour() {
    // L80-L82.
    let mut st = position(3, &["W+4 R5 R6", "J G5 G6", "B7 B8"], "B3");
    apply_all(&mut st, &[play("W+4"), COLOR + 2, play("J")]);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert!(!legal.contains(CHALLENGE), "the top card is the Joker now");
    apply_all(&mut st, &[ACCEPT]);
    assert_eq!(
        st.phase(),
        Phase::Color {
            why: ColorWhy::AfterAccept
        }
    );
    assert_eq!(st.current(), 0);
    apply_all(&mut st, &[COLOR + 3]);
    assert_eq!(st.color(), 3);
    // Counter-clockwise after the Joker: from seat 0 to seat 2.
    assert_eq!((st.current(), st.phase()), (2, Phase::Turn));
}

#[test]
fn a_guilty_major_draws_the_stack_and_the_challenger_plays() {
    // L60-L61, R13, R14.
    let mut st = position(3, &["W+4 R5 R6", "G5 G6", "B7 B8"], "R3");
    st.opts.challenge_leak_probability = 0.0;
    apply_all(&mut st, &[play("W+4"), COLOR + 2, CHALLENGE]);
    assert_eq!(st.hand(0).len(), 6, "the offender draws the 4");
    assert_eq!((st.current(), st.phase()), (1, Phase::Turn));
    assert_eq!(st.counters().challenges_won, 1);
}

#[test]
fn an_innocent_major_costs_the_challenger_six() {
    let mut st = position(3, &["W+4 G5 G6", "G7 G8", "B7 B8"], "R3");
    st.opts.challenge_leak_probability = 0.0;
    apply_all(&mut st, &[play("W+4"), COLOR + 2, CHALLENGE]);
    assert_eq!(st.hand(1).len(), 8);
    assert_eq!(st.current(), 2, "the challenger loses the turn");
}

#[test]
fn a_leak_lets_the_player_on_uno_go_out_by_giving_the_card() {
    // L67-L69, R16.
    let mut st = position(3, &["W+4 G5", "G7 G8", "B7 B8"], "R3");
    st.opts.challenge_leak_probability = 1.0;
    let log = apply_all(&mut st, &[play("W+4"), COLOR + 2, CALL_UNO, CHALLENGE]);
    assert!(log.contains(&Event::Leak { challenger: 1 }));
    assert_eq!(
        st.phase(),
        Phase::Compensate {
            offender: 0,
            challenger: 1
        }
    );
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert!(
        legal.contains(TAKE + parse_card("G7").unwrap() as u16),
        "may take, seeing the hand"
    );
    let log = apply_all(&mut st, &[GIVE + parse_card("G5").unwrap() as u16]);
    assert!(log
        .iter()
        .any(|e| matches!(e, Event::HandLost { out: 0, .. })));
    assert_eq!(st.hand_no(), 1);
}

#[test]
fn the_uber_exchanges_hands_and_cannot_go_out() {
    // L86-L90, R19.
    let mut st = position(3, &["U R5", "G7 G8 G9", "B7 B8"], "R3");
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert!(legal.contains(play("U")));
    let mut last = position(3, &["U", "G7", "B7"], "R3");
    last.legal_actions(&mut legal);
    assert!(!legal.contains(play("U")), "not as the last card");
    last.hands[0].add(parse_card("R5").unwrap() as usize);
    apply_all(&mut st, &[play("U"), COLOR + 1, TARGET + 1]);
    assert_eq!(st.hand(0).len(), 3);
    assert_eq!(st.hand(1).len(), 1);
    assert_eq!(st.color(), 1);
    assert_eq!(st.current(), 1);
}

#[test]
fn only_the_joker_blocks_the_uber() {
    let mut st = position(3, &["U R5", "J G8 G9", "B7 B8"], "R3");
    apply_all(&mut st, &[play("U"), COLOR + 1, TARGET + 1]);
    assert_eq!(
        st.phase(),
        Phase::Block {
            card: UBER,
            target: 1
        }
    );
    apply_all(&mut st, &[BLOCK]);
    assert_eq!(st.hand(0).len(), 1, "no exchange");
    assert_eq!(
        st.top(),
        UBER,
        "R18: the blocking Joker is not the card to follow"
    );
    assert_eq!(st.color(), 1, "R18: a block leaves the colour");
    // A Change Hands does not block the Über.
    let mut st = position(3, &["U R5", "CH G8 G9", "B7 B8"], "R3");
    apply_all(&mut st, &[play("U"), COLOR + 1, TARGET + 1]);
    assert_eq!(st.hand(0).len(), 3);
}

#[test]
fn change_hands_is_blocked_by_change_hands() {
    // L92-L95, R20.
    let mut st = position(3, &["CH R5", "CH G8 G9", "B7 B8"], "R3");
    apply_all(&mut st, &[play("CH"), COLOR, TARGET + 1, BLOCK]);
    assert_eq!((st.hand(0).len(), st.hand(1).len()), (1, 2));
    assert_eq!(st.discard_pile().count(CHANGE_HANDS as usize), 2);
}

#[test]
fn player_cards_are_for_their_owners_and_the_pair_goes_to_uno() {
    // L97-L101, R21-R23: seat 0 owns Ashley, seat 1 SnowBob.
    let mut st = position(3, &["P1 P2 R5 G7 B9", "P2", "B7 B8"], "Y3");
    st.hands[1].clear();
    st.hands[1].add(parse_card("G2").unwrap() as usize);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert!(legal.contains(play("P1")));
    assert!(
        !legal.contains(play("P2")),
        "SnowBob's card is not seat 0's to play"
    );
    assert!(legal.contains(PLAYER_PAIR), "owner of one, holding both");
    apply_all(
        &mut st,
        &[
            PLAYER_PAIR,
            KEEP + parse_card("G7").unwrap() as u16,
            COLOR + 2,
        ],
    );
    assert_eq!(st.hand(0).len(), 1);
    assert_eq!(st.phase(), Phase::CallUno);
    assert_eq!(st.top(), SNOWBOB);
    let mut st2 = position(3, &["P1 P2 R5 G7 B9", "G2", "B7 B8"], "Y3");
    st2.opts.player_pair = PlayerPair::OwnerOfBoth;
    st2.legal_actions(&mut legal);
    assert!(!legal.contains(PLAYER_PAIR));
}

#[test]
fn a_silent_player_is_caught_in_the_window() {
    // L37-L38.
    let mut st = position(3, &["R5 R6", "G7 G8", "B7 B8"], "R3");
    apply_all(&mut st, &[play("R5"), SILENT]);
    assert_eq!(st.phase(), Phase::Catch { asker: 1 });
    apply_all(&mut st, &[NO_CATCH, CATCH]);
    assert_eq!(st.hand(0).len(), 3);
    assert_eq!(st.current(), 1);
}

#[test]
fn draw_then_play_or_pass() {
    // L27-L28, R11, R12.
    let mut st = position(2, &["G5 G6", "B7 B8"], "R3");
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[DRAW], "no pass before drawing");
    apply_all(&mut st, &[DRAW]);
    st.legal_actions(&mut legal);
    assert!(legal.contains(PASS) && !legal.contains(DRAW));
    apply_all(&mut st, &[PASS]);
    assert_eq!(st.current(), 1);
}

#[test]
fn the_loser_has_most_points_then_most_word_cards_then_the_highest_tally() {
    // L40-L53, R44. Seat 0 goes out; seats 1 and 2 tie on 2 points.
    let mut st = position(3, &["R5", "G7 G8", "B0 B1 R9"], "R3");
    let log = apply_all(&mut st, &[play("R5")]);
    let lost = log.iter().find_map(|e| match e {
        Event::HandLost { loser, by, .. } => Some((*loser, *by)),
        _ => None,
    });
    // Seat 2: B0 (0) + B1 (1) + R9 (1) = 2 points, 2 word cards; seat 1: 2 points, 0 words.
    assert_eq!(lost, Some((2, TieBreak::WordCards)));
    // Points alone: the Über counts 4.
    let mut st = position(3, &["R5", "U", "B7 B8 B9"], "R3");
    let log = apply_all(&mut st, &[play("R5")]);
    assert!(log.iter().any(|e| matches!(
        e,
        Event::HandLost {
            loser: 1,
            points: 4,
            by: TieBreak::Points,
            ..
        }
    )));
    // The tally: equal points and word cards, 9 + 8 against 7 + 6.
    let mut st = position(3, &["R5", "G9 G8", "B7 B6"], "R3");
    let log = apply_all(&mut st, &[play("R5")]);
    assert!(log.iter().any(|e| matches!(
        e,
        Event::HandLost {
            loser: 1,
            by: TieBreak::Tally,
            ..
        }
    )));
    // Everything equal: the draw-off names someone.
    let mut st = position(3, &["R5", "G9 G8", "B9 B8"], "R3");
    let log = apply_all(&mut st, &[play("R5")]);
    assert!(log.iter().any(|e| matches!(
        e,
        Event::HandLost {
            by: TieBreak::DrawOff,
            ..
        }
    )));
    assert!(log.iter().any(|e| matches!(e, Event::DrawOff { .. })));
}

#[test]
fn the_loser_deals_the_next_hand_and_the_last_loser_is_the_nappy() {
    // L55-L58.
    let mut st = position(3, &["R5", "G7 G8 U", "B7"], "R3");
    st.opts.hands_per_day = 2;
    let log = apply_all(&mut st, &[play("R5")]);
    assert!(log.contains(&Event::HandStart { hand: 2, dealer: 1 }));
    assert_eq!(st.dealer(), 1);
    let mut rngs: Vec<Rng> = (0..3).map(Rng::new).collect();
    st.play_random(&mut rngs);
    assert_eq!(st.hand_no(), 2);
    assert!(st.nappy().is_some());
}

#[test]
fn the_dealer_chooses_what_the_options_leave_open() {
    // R5: the seed preset asks direction, deal size and mode, then the optional add-ons.
    let st = UberState::deal(UberOptions::default(), 4, 3);
    assert_eq!(st.phase(), Phase::Direction);
    let mut st = UberState::deal(UberOptions::default(), 4, 3);
    let mut legal = ActionList::new();
    apply_all(&mut st, &[DIR_COUNTER]);
    st.legal_actions(&mut legal);
    assert_eq!(legal.len(), 6, "deal 5 to 10");
    apply_all(&mut st, &[DEAL + 6, MODE]);
    // Old School: Additive is not offered; Math's derived functions only with Math.
    let mut asked = Vec::new();
    while let Phase::Addon { i } = st.phase() {
        asked.push(ADDON_NAMES[i as usize]);
        apply_all(&mut st, &[ADDON_OFF]);
    }
    assert_eq!(
        asked,
        [
            "pinwheel",
            "math",
            "mj_minors",
            "jumping_jimmys",
            "macchu_picchu",
            "picchu_macchu",
            "cards_gone_wild",
            "doos",
            "rotate"
        ]
    );
    assert!(!st.clockwise());
    assert_eq!(st.hand(0).len(), 7);
    assert!(st.rules().has(FAST_EDDY) && st.rules().has(GO_FISH));
}

#[test]
fn a_fast_eddy_lands_and_play_goes_on_from_the_eddy_er() {
    // L106-L108, R25, R26: seat 2 holds the identical R5; seat 1 is the runner.
    let mut st = position(4, &["R5 G6 G7", "B7 B8", "R5 Y2 Y3", "G1 G2"], "R3");
    apply_all(&mut st, &[play("R5")]);
    assert_eq!(st.phase(), Phase::Eddy { asker: 2 });
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[play("R5"), NO_EDDY]);
    apply_all(&mut st, &[play("R5")]);
    assert_eq!(
        st.phase(),
        Phase::Tap {
            claimant: 2,
            kind: parse_card("R5").unwrap()
        }
    );
    assert_eq!(st.to_act().unwrap().0, 1, "the runner decides the tap");
    let log = apply_all(&mut st, &[NO_TAP]);
    assert!(log.contains(&Event::Eddied {
        seat: 2,
        card: parse_card("R5").unwrap()
    }));
    assert_eq!((st.current(), st.phase()), (3, Phase::Turn));
    assert_eq!(st.hand(2).len(), 2);
    assert_eq!(st.counters().jump_ins, 1);
}

#[test]
fn the_deck_tap_wins_with_its_probability() {
    // R25: a tap that always wins, and one that never does.
    for (p, runner_keeps) in [(1.0, true), (0.0, false)] {
        let mut st = position(4, &["R5 G6 G7", "B7 B8", "R5 Y2 Y3", "G1 G2"], "R3");
        st.opts.deck_tap_probability = p;
        apply_all(&mut st, &[play("R5"), play("R5"), TAP]);
        assert_eq!(st.current() == 1, runner_keeps, "p = {p}");
        assert_eq!(st.stats().taps_won, runner_keeps as u32);
    }
}

#[test]
fn nobody_may_eddy_without_the_identical_card_or_at_two_players() {
    let mut st = position(4, &["R5 G6 G7", "B7 B8", "G5 Y2 Y3", "G1 G2"], "R3");
    apply_all(&mut st, &[play("R5")]);
    assert_eq!((st.current(), st.phase()), (1, Phase::Turn));
    // Two players: the only other player is the runner.
    let mut st = position(2, &["R5 G6 G7", "R5 B8"], "R3");
    apply_all(&mut st, &[play("R5")]);
    assert_eq!((st.current(), st.phase()), (1, Phase::Turn));
    // Fast Eddy off.
    let mut st = position(4, &["R5 G6 G7", "B7 B8", "R5 Y2 Y3", "G1 G2"], "R3");
    st.rules.addons = 0;
    apply_all(&mut st, &[play("R5")]);
    assert_eq!(st.phase(), Phase::Turn);
}

#[test]
fn an_eddy_on_a_minor_moves_the_stack_past_the_eddy_er() {
    // 7.3: the Eddy-er's Minor stacks; the victim is the player after them.
    let mut st = position(4, &["R+2 G6 G7", "B7 B8", "R+2 Y2 Y3", "G1 G2"], "R3");
    apply_all(&mut st, &[play("R+2"), play("R+2"), NO_TAP]);
    assert_eq!((st.current(), st.phase()), (3, Phase::Respond));
    assert_eq!(st.stack().total, 4);
    // Michael Jackson Minors: any Minor answers a Minor out of turn (11.3).
    let mut st = position(4, &["R+2 G6 G7", "B7 B8", "G+2 Y2 Y3", "G1 G2"], "R3");
    apply_all(&mut st, &[play("R+2")]);
    assert_eq!(
        st.phase(),
        Phase::Respond,
        "a G+2 is not identical to a R+2"
    );
    let mut st = position(4, &["R+2 G6 G7", "B7 B8", "G+2 Y2 Y3", "G1 G2"], "R3");
    st.rules.addons |= 1 << MJ_MINORS;
    apply_all(&mut st, &[play("R+2")]);
    assert_eq!(st.phase(), Phase::Eddy { asker: 2 });
}

#[test]
fn identical_cards_are_thrown_together_and_each_acts() {
    // L112-L113, R24: two Skips skip two players.
    let mut st = position(4, &["RS RS G2 G3", "B7 B8", "Y2 Y3", "G1 G2"], "R3");
    apply_all(&mut st, &[play("RS")]);
    assert_eq!(st.phase(), Phase::More);
    apply_all(&mut st, &[play("RS")]);
    assert_eq!(st.current(), 3);
    // Done after one: one Skip.
    let mut st = position(4, &["RS RS G2 G3", "B7 B8", "Y2 Y3", "G1 G2"], "R3");
    apply_all(&mut st, &[play("RS"), DONE]);
    assert_eq!(st.current(), 2);
}

#[test]
fn pinwheel_lays_a_rank_in_any_colours_and_the_top_card_sets_the_colour() {
    // L220-L224, R41.
    let mut st = position(3, &["R7 Y7 B7 G2", "B1 B8", "Y2 Y3"], "R3");
    st.rules.addons |= 1 << PINWHEEL;
    apply_all(&mut st, &[play("R7"), play("B7"), play("Y7")]);
    assert_eq!((st.top(), st.color()), (parse_card("Y7").unwrap(), 1));
    assert_eq!(st.hand(0).len(), 1);
    // Without Pinwheel the play is one card.
    let mut st = position(3, &["R7 Y7 B7 G2", "B1 B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("R7")]);
    assert_eq!(st.current(), 1);
}

fn ask(code: &str) -> u16 {
    ASK + parse_card(code).unwrap() as u16
}

#[test]
fn go_fish_asks_one_player_for_a_card() {
    // L115-L118, R28.
    let mut st = position(3, &["R0 G5 G6", "G7 B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("R0")]);
    assert_eq!(st.phase(), Phase::Target { card: 0 });
    apply_all(&mut st, &[TARGET + 1]);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert!(!legal.contains(ask("J")), "the Joker cannot be fished for");
    assert!(legal.contains(ask("U")));
    let log = apply_all(&mut st, &[ask("G7")]);
    assert!(log.contains(&Event::HandedOver {
        seat: 1,
        to: 0,
        card: parse_card("G7").unwrap()
    }));
    assert_eq!((st.hand(0).len(), st.hand(1).len()), (3, 1));
    assert_eq!(st.current(), 1);
    // A miss: the asker draws.
    let mut st = position(3, &["R0 G5 G6", "G7 B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("R0"), TARGET + 2, ask("G7")]);
    assert_eq!((st.hand(0).len(), st.hand(2).len()), (3, 2));
}

#[test]
fn the_target_blocks_a_fishing_zero_with_its_own() {
    let mut st = position(3, &["R0 G5 G6", "G7 B0", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("R0"), TARGET + 1, ask("G7")]);
    assert_eq!(st.phase(), Phase::ZeroBlock { seat: 1 });
    apply_all(&mut st, &[play("B0")]);
    assert_eq!((st.hand(0).len(), st.hand(1).len()), (2, 1));
    assert_eq!(
        (st.top(), st.color()),
        (parse_card("R0").unwrap(), 0),
        "R18: the blocking 0 is not the card to follow"
    );
}

#[test]
fn macchu_picchu_asks_everyone_and_the_asker_draws_per_miss() {
    // L240-L242, R43: seat 2 blocks for itself only.
    let mut st = position(4, &["R0 G5 G6", "G7 B8", "Y0 Y3", "G2 G3"], "R3");
    st.rules.addons |= 1 << MACCHU_PICCHU;
    apply_all(&mut st, &[play("R0")]);
    assert_eq!(st.phase(), Phase::Ask);
    apply_all(&mut st, &[ask("G7"), play("Y0")]);
    // Seat 1 handed G7 over; seat 2 blocked; seat 3 had none: the asker drew one.
    assert_eq!(st.hand(0).len(), 4);
    assert_eq!(
        (st.hand(1).len(), st.hand(2).len(), st.hand(3).len()),
        (1, 1, 2)
    );
}

#[test]
fn picchu_macchu_makes_the_players_without_the_card_draw() {
    // L244-L245.
    let mut st = position(4, &["R0 G5 G6", "G7 B8", "Y2 Y3", "G2 G3"], "R3");
    st.rules.addons |= 1 << PICCHU_MACCHU;
    apply_all(&mut st, &[play("R0"), ask("G7")]);
    assert_eq!(st.hand(0).len(), 3);
    assert_eq!(
        (st.hand(1).len(), st.hand(2).len(), st.hand(3).len()),
        (1, 3, 3)
    );
}

#[test]
fn the_red_one_gives_a_card_face_down() {
    // L131-L133.
    let mut st = position(3, &["R1 G5 G6", "B7 B8", "Y2 Y3"], "B3");
    st.opts.red_show_probability = 0.0;
    apply_all(&mut st, &[play("R1")]);
    assert_eq!(st.color(), 0, "R6: a 1 leaves its own colour");
    assert_eq!(st.phase(), Phase::Target { card: 1 });
    let log = apply_all(
        &mut st,
        &[TARGET + 2, GIVE + parse_card("G5").unwrap() as u16],
    );
    assert!(log.contains(&Event::Gave {
        seat: 0,
        to: 2,
        card: parse_card("G5").unwrap()
    }));
    assert_eq!((st.hand(0).len(), st.hand(2).len()), (1, 3));
}

#[test]
fn a_shown_red_one_card_may_be_denied_and_another_given() {
    // L134-L135, R32.
    let mut st = position(3, &["R1 G5 G6 G7", "B7 B8", "Y2 Y3"], "B3");
    st.opts.red_show_probability = 1.0;
    let g5 = parse_card("G5").unwrap();
    apply_all(&mut st, &[play("R1"), TARGET + 1, GIVE + g5 as u16]);
    assert_eq!(
        st.phase(),
        Phase::Gift {
            to: 1,
            kind: g5,
            left: 1
        }
    );
    assert_eq!(st.to_act().unwrap().0, 1);
    apply_all(&mut st, &[DENY]);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert!(!legal.contains(GIVE + g5 as u16), "a different card");
    apply_all(&mut st, &[GIVE + parse_card("G6").unwrap() as u16]);
    assert_eq!(st.hand(1).count(parse_card("G6").unwrap() as usize), 1);
}

#[test]
fn a_wild_one_is_blocked_by_a_same_colour_one_and_reinstated_by_another() {
    // L124-L126, R31.
    let mut st = position(4, &["B1 G5 G6", "B1 B8", "Y2 Y3", "B1 G2"], "R3");
    apply_all(&mut st, &[play("B1")]);
    assert_eq!(st.phase(), Phase::OneWindow { asker: 1 });
    apply_all(&mut st, &[play("B1")]);
    // Seat 3 may reinstate.
    assert_eq!(st.phase(), Phase::OneWindow { asker: 3 });
    apply_all(&mut st, &[play("B1")]);
    // Reinstated: the Blue One passes every hand one seat on.
    assert_eq!(st.hand(1).len(), 2, "seat 0's two cards");
    assert_eq!(st.hand(0).len(), 1, "seat 3's G2");
    // Blocked and left blocked: nothing happens.
    let mut st = position(4, &["B1 G5 G6", "B1 B8", "Y2 Y3", "G2 G3"], "R3");
    let log = apply_all(&mut st, &[play("B1"), play("B1")]);
    assert!(log.contains(&Event::OneBlocked {
        card: parse_card("B1").unwrap()
    }));
    assert_eq!((st.hand(0).len(), st.hand(1).len()), (2, 1));
    // R50: the blocker's own B1 left it on B8: it owes the call.
    assert_eq!((st.phase(), st.uno_seat), (Phase::CallUno, 1));
    apply_all(&mut st, &[CALL_UNO]);
    assert_eq!(st.current(), 1);
}

#[test]
fn the_yellow_one_exchanges_the_hand_with_the_pile() {
    // L143-L146.
    let mut st = position(3, &["Y1 G5 G6 G7", "B7 B8", "Y2 Y3"], "R3");
    let before = *st.hand(0);
    apply_all(&mut st, &[play("Y1")]);
    assert_eq!(st.hand(0).len(), 3);
    assert_eq!(st.bottom_len, 3, "the old cards lie under the pile");
    let _ = before;
    assert_eq!(st.current(), 1);
}

#[test]
fn the_yellow_one_answers_a_stack_by_the_table() {
    // L147-L157, R33-R36: a number drawn, the player draws that many.
    let mut st = position(3, &["R+2 G5 G6", "Y1 B5 B6", "Y2 Y3"], "R3");
    st.pile.push_top_ordered(parse_card("G7").unwrap() as u16);
    apply_all(&mut st, &[play("R+2")]);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert!(legal.contains(play("Y1")));
    apply_all(&mut st, &[play("Y1")]);
    // Y1 laid (2 left) + the drawn G7 + 7 more.
    assert_eq!(st.hand(1).len(), 10);
    assert_eq!(st.stack().cards, 0);
    assert_eq!(st.current(), 2);
    // A Major drawn: the next player draws the stack plus 4 and is skipped.
    let mut st = position(3, &["R+2 G5 G6", "Y1 B5 B6", "Y2 Y3"], "R3");
    st.pile.push_top_ordered(WILD_DRAW_FOUR as u16);
    apply_all(&mut st, &[play("R+2"), play("Y1")]);
    assert_eq!(st.hand(2).len(), 8);
    assert_eq!(st.current(), 0);
    // A Reverse drawn: the hitter draws the stack.
    let mut st = position(3, &["R+2 G5 G6", "Y1 B5 B6", "Y2 Y3"], "R3");
    st.pile.push_top_ordered(parse_card("GR").unwrap() as u16);
    apply_all(&mut st, &[play("R+2"), play("Y1")]);
    assert_eq!(st.hand(0).len(), 4);
    // A Wild drawn: draw the stack, then an exchange only the Joker blocks.
    let mut st = position(3, &["R+2 G5 G6", "Y1 B5 B6", "CH Y3"], "R3");
    st.pile.push_top_ordered(WILD as u16);
    apply_all(&mut st, &[play("R+2"), play("Y1")]);
    assert_eq!(st.phase(), Phase::Target { card: WILD });
    apply_all(&mut st, &[TARGET + 2]);
    assert_eq!(st.hand(2).len(), 5, "a Change Hands does not block it");
}

#[test]
fn the_green_one_takes_a_card_from_the_discard_pile_but_not_itself() {
    // L181-L187.
    let mut st = position(3, &["G1 G5 G6", "B7 B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("G1")]);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[TAKE + parse_card("R3").unwrap() as u16]);
    apply_all(&mut st, &[TAKE + parse_card("R3").unwrap() as u16]);
    assert_eq!(st.hand(0).len(), 3);
    assert_eq!(st.current(), 1);
}

#[test]
fn only_the_red_one_may_be_a_last_card() {
    // L141-L142, L161, L170, L182; R30.
    let mut legal = ActionList::new();
    for (one, may) in [("R1", true), ("Y1", false), ("G1", false), ("B1", false)] {
        let st = position(3, &[one, "B7 B8", "Y2 Y3"], "R3");
        st.legal_actions(&mut legal);
        assert_eq!(legal.contains(play(one)), may, "{one}");
    }
}

#[test]
fn a_turned_green_one_goes_to_the_dealer_and_another_card_is_turned() {
    // L188-L189, R10.
    for seed in 0..2000 {
        let mut log = Vec::new();
        let st = UberState::new_logged(UberOptions::fixed(), 3, seed, &mut log).unwrap();
        let turned: Vec<u8> = log
            .iter()
            .filter_map(|e| match e {
                Event::TurnCard { card } => Some(*card),
                _ => None,
            })
            .collect();
        if turned[0] == parse_card("G1").unwrap() && st.phase() == Phase::Turn {
            assert!(turned.len() >= 2, "a fresh card is turned");
            assert_eq!(st.hand(st.dealer() as usize).len(), 8);
            return;
        }
    }
    panic!("no turned Green One in 2000 deals");
}

/// Puts `codes` on top of the draw pile so that they are drawn in this order.
fn stack_pile(st: &mut UberState, codes: &[&str]) {
    for code in codes.iter().rev() {
        st.pile.push_top_ordered(parse_card(code).unwrap() as u16);
    }
}

#[test]
fn russian_red_flips_until_a_number_and_gives_that_many() {
    // L198-L199, R38.
    let mut st = position(3, &["R1 G5 G6 G7 G8 G9", "B7 B8", "Y2 Y3"], "B3");
    st.rules.mode = Mode::Russian;
    st.opts.red_show_probability = 0.0;
    stack_pile(&mut st, &["GS", "W", "Y3"]);
    let log = apply_all(&mut st, &[play("R1")]);
    assert_eq!(
        log.iter()
            .filter(|e| matches!(e, Event::Flipped { .. }))
            .count(),
        3
    );
    assert_eq!(st.bottom_len, 3, "flipped cards go under the pile");
    apply_all(&mut st, &[TARGET + 1]);
    for code in ["G5", "G6", "G7"] {
        apply_all(&mut st, &[GIVE + parse_card(code).unwrap() as u16]);
    }
    assert_eq!((st.hand(0).len(), st.hand(1).len()), (2, 5));
    assert_eq!(st.current(), 1);
}

#[test]
fn russian_red_draws_up_to_the_magnitude_first() {
    // L199: a 4 with two cards left: draw two, give four, and the giver is out (R30).
    let mut st = position(3, &["R1 G5 G6", "B7 B8", "Y2 Y3"], "B3");
    st.rules.mode = Mode::Russian;
    st.opts.red_show_probability = 0.0;
    stack_pile(&mut st, &["Y4", "B5", "B6"]);
    apply_all(&mut st, &[play("R1"), TARGET + 1]);
    assert_eq!(st.hand(0).len(), 4);
    for code in ["G5", "G6", "B5"] {
        apply_all(&mut st, &[GIVE + parse_card(code).unwrap() as u16]);
    }
    let log = apply_all(&mut st, &[GIVE + parse_card("B6").unwrap() as u16]);
    assert!(log
        .iter()
        .any(|e| matches!(e, Event::HandLost { out: 0, .. })));
}

#[test]
fn russian_blue_passes_the_hands_by_the_number() {
    // R39.
    let mut st = position(4, &["B1 G5 G6", "B7", "Y2 Y3 Y4 Y5", "G2 G3 G4"], "R3");
    st.rules.mode = Mode::Russian;
    stack_pile(&mut st, &["R2"]);
    apply_all(&mut st, &[play("B1")]);
    assert_eq!(st.hand(2).len(), 2, "seat 0's hand moved two seats on");
    assert_eq!(st.hand(0).len(), 4);
}

#[test]
fn buddy_system_lets_the_next_player_set_the_magnitude() {
    // L215-L216, R40: the buddy lays G3; the Yellow One exchanges for 3 cards.
    let mut st = position(3, &["Y1 G5 G6 G7 G8", "G3 B8", "Y2 Y3"], "R3");
    st.rules.mode = Mode::Buddy;
    apply_all(&mut st, &[play("Y1")]);
    assert_eq!(st.phase(), Phase::BuddyCard { buddy: 1 });
    assert_eq!(st.to_act().unwrap().0, 1);
    apply_all(&mut st, &[BUDDY + parse_card("G3").unwrap() as u16]);
    assert_eq!(st.hand(0).len(), 3);
    // R50: the buddy's own G3 left it on B8: it owes the call.
    assert_eq!((st.phase(), st.uno_seat), (Phase::CallUno, 1));
    apply_all(&mut st, &[CALL_UNO]);
    assert_eq!(
        (st.current(), st.top(), st.color()),
        (1, parse_card("G3").unwrap(), 2)
    );
}

#[test]
fn additive_adds_identical_cards_to_the_magnitude() {
    // L247-L250: a flipped G2 and seat 2's G2 make 4.
    let mut st = position(3, &["R1 G5 G6 G7 G8 G9", "B7 B8", "G2 Y3"], "B3");
    st.rules.mode = Mode::Russian;
    st.rules.addons |= 1 << ADDITIVE;
    st.opts.red_show_probability = 0.0;
    stack_pile(&mut st, &["G2"]);
    apply_all(&mut st, &[play("R1")]);
    assert_eq!(st.phase(), Phase::AddWindow { asker: 2 });
    let log = apply_all(&mut st, &[play("G2")]);
    assert!(log.contains(&Event::Added {
        seat: 2,
        card: parse_card("G2").unwrap(),
        magnitude: 4
    }));
    assert_eq!(st.phase(), Phase::Target { card: 1 });
}

#[test]
fn jumping_jimmys_lets_majors_and_minors_propagate_each_other() {
    // L237-L238, R42.
    let mut st = position(3, &["R+2 R5 R6", "W+4 G5 G6", "B7 B8"], "R3");
    st.rules.addons |= 1 << JUMPING_JIMMYS;
    apply_all(&mut st, &[play("R+2")]);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert!(legal.contains(play("W+4")));
    apply_all(&mut st, &[play("W+4"), COLOR + 2]);
    assert_eq!((st.current(), st.stack().total), (2, 6));
    st.legal_actions(&mut legal);
    assert!(
        legal.contains(CHALLENGE),
        "a Major on top may be challenged"
    );
}

#[test]
fn a_player_on_doos_who_cannot_play_takes_the_upperdecker() {
    // L255-L265: a flipped 4 draws 4, and the turn ends.
    let mut st = position(3, &["G5 G6", "B7 B8", "Y2 Y3"], "R3");
    st.rules.addons |= 1 << DOOS;
    stack_pile(&mut st, &["B4"]);
    let log = apply_all(&mut st, &[DRAW]);
    assert!(log.contains(&Event::Flipped {
        card: parse_card("B4").unwrap()
    }));
    assert_eq!(st.hand(0).len(), 6);
    assert_eq!(st.current(), 1);
    // A flipped Major draws 5.
    let mut st = position(3, &["G5 G6", "B7 B8", "Y2 Y3"], "R3");
    st.rules.addons |= 1 << DOOS;
    stack_pile(&mut st, &["W+4"]);
    apply_all(&mut st, &[DRAW]);
    assert_eq!(st.hand(0).len(), 7);
    // A player who can play draws normally.
    let mut st = position(3, &["R5 G6", "B7 B8", "Y2 Y3"], "R3");
    st.rules.addons |= 1 << DOOS;
    apply_all(&mut st, &[DRAW]);
    assert_eq!((st.hand(0).len(), st.current()), (3, 0));
}

#[test]
fn rotate_moves_every_hand_and_the_joker_blocks_it() {
    // L267-L268: one Reverse, one seat in the (new) direction of play.
    let mut st = position(4, &["RR G5 G6", "B7", "Y2 Y3 Y4 Y5", "G2 G3 G4"], "R3");
    st.rules.addons |= 1 << ROTATE;
    apply_all(&mut st, &[play("RR")]);
    assert!(!st.clockwise());
    // Counter-clockwise: seat 0's two cards go to seat 3, seat 1's card to seat 0.
    assert_eq!((st.hand(3).len(), st.hand(0).len()), (2, 1));
    // Blocked by the Joker.
    let mut st = position(4, &["RR G5 G6", "J B7", "Y2 Y3 Y4 Y5", "G2 G3 G4"], "R3");
    st.rules.addons |= 1 << ROTATE;
    apply_all(&mut st, &[play("RR")]);
    assert_eq!(
        st.phase(),
        Phase::Block {
            card: parse_card("RR").unwrap(),
            target: 1
        }
    );
    apply_all(&mut st, &[BLOCK]);
    assert_eq!((st.hand(0).len(), st.hand(1).len()), (2, 1));
}

#[test]
fn an_eddied_reverse_adds_to_or_cancels_the_rotation() {
    // L268: "A player can fast eddy and either add to or cancel a reverse".
    let hands = ["RR G5 G6", "B7 B8", "RR Y3 Y4 Y5", "G2 G3 G4"];
    let mut st = position(4, &hands, "R3");
    st.rules.addons |= 1 << ROTATE;
    // Seat 0's Reverse: counter-clockwise, hands move one seat; seat 3 is the runner.
    apply_all(&mut st, &[play("RR")]);
    assert_eq!(st.current(), 3);
    // Seat 2 now holds seat 3's G2 G3 G4; seat 1 holds seat 2's RR Y3 Y4 Y5.
    assert_eq!(st.phase(), Phase::Eddy { asker: 1 });
    apply_all(&mut st, &[play("RR"), NO_TAP]);
    assert_eq!(st.phase(), Phase::RotateChoice);
    apply_all(&mut st, &[ROTATE_CANCEL]);
    assert!(st.clockwise(), "the direction is as before both");
    // The first rotation is undone: seat 0 has its own cards back (less the RR played).
    assert_eq!(st.hand(0).len(), 2);
    assert_eq!(st.hand(0).count(parse_card("G5").unwrap() as usize), 1);
}

/// Both add-ons of this step forced on, with every mode and the other add-ons around them.
fn math_and_wild(base: UberOptions) -> UberOptions {
    UberOptions {
        math: AddOn::On,
        math_derived: AddOn::On,
        cards_gone_wild: AddOn::On,
        ..base
    }
}

#[test]
fn random_days_with_math_and_cards_gone_wild_keep_the_invariants() {
    let mut played = [0u64; 2];
    for players in 2..=10 {
        for opts in [
            math_and_wild(UberOptions::fixed()),
            math_and_wild(UberOptions::default()),
            math_and_wild(preset(Some("all-addons")).unwrap()),
            UberOptions {
                mode: ModeRule::Buddy,
                math_max_operands: 4,
                pinwheel: AddOn::On,
                jumping_jimmys: AddOn::On,
                rotate: AddOn::On,
                ..math_and_wild(UberOptions::hand())
            },
            UberOptions {
                math_max_operands: 2,
                math_derived: AddOn::Off,
                ..math_and_wild(UberOptions::hand())
            },
        ] {
            let (d, t, extra) = random_days_stats(opts, players, 12);
            assert!(d > 0);
            assert!(t <= 3, "{t} of 12 days truncated at {players} players");
            played[0] += extra[0];
            played[1] += extra[1];
        }
    }
    // Both add-ons are exercised, not merely switched on.
    assert!(played[0] > 100 && played[1] > 100, "{played:?}");
}

fn wild_as(code: &str) -> u16 {
    WILD_AS + parse_card(code).unwrap() as u16
}

/// A position with Cards gone Wild on.
fn wild_position(players: usize, hands: &[&str], top: &str) -> UberState {
    let mut st = position(players, hands, top);
    st.rules.addons |= 1 << CARDS_GONE_WILD;
    st
}

#[test]
fn a_wild_gone_wild_is_the_number_it_is_played_as() {
    // L252-L253: on R3, a Wild as B3 (a rank match); blue (3) is in play.
    let mut st = wild_position(3, &["W G5 G6", "B7 B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("W")]);
    assert_eq!(st.phase(), Phase::WildAs);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    for ok in ["R7", "B3", "RS", "R+2", "Y1", "W", "W+4", "CH", "R0"] {
        assert!(legal.contains(wild_as(ok)), "as {ok}");
    }
    assert!(!legal.contains(wild_as("B7")), "B7 does not match R3");
    let log = apply_all(&mut st, &[wild_as("B3")]);
    assert!(log.contains(&Event::Played {
        seat: 0,
        card: WILD
    }));
    assert!(log.contains(&Event::WildAs {
        seat: 0,
        card: parse_card("B3").unwrap()
    }));
    assert_eq!((st.top(), st.color()), (parse_card("B3").unwrap(), 3));
    assert_eq!(st.top_card(), WILD, "the Wild lies on the pile");
    assert_eq!(st.discard_pile().count(WILD as usize), 1);
    assert_eq!((st.current(), st.phase()), (1, Phase::Turn));
    // Seat 1 matches it as a blue card or a 3.
    st.legal_actions(&mut legal);
    assert!(legal.contains(play("B7")));
    // Off: the Wild is a plain Wild and names a colour.
    let mut st = position(3, &["W G5 G6", "B7 B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("W")]);
    assert_eq!(
        st.phase(),
        Phase::Color {
            why: ColorWhy::Plain
        }
    );
    // As itself: a plain Wild.
    let mut st = wild_position(3, &["W G5 G6", "B7 B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("W"), wild_as("W"), COLOR + 1]);
    assert_eq!((st.top(), st.color(), st.current()), (WILD, 1, 1));
}

#[test]
fn a_wild_gone_wild_as_a_skip_skips() {
    let mut st = wild_position(3, &["W G5 G6", "B7 B8", "Y2 Y3"], "R3");
    let log = apply_all(&mut st, &[play("W"), wild_as("RS")]);
    assert!(log.contains(&Event::Skipped { seat: 1 }));
    assert_eq!((st.current(), st.color()), (2, 0));
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert!(
        !legal.contains(wild_as("GS")),
        "a Skip of another colour does not match R3"
    );
}

#[test]
fn a_wild_gone_wild_as_a_draw_two_stacks_and_answers_a_stack() {
    // As a Minor at a turn: the next player faces 2 and may stack a Minor on it.
    let mut st = wild_position(3, &["W G5 G6", "G+2 B8 B9", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("W"), wild_as("R+2")]);
    assert_eq!((st.current(), st.phase()), (1, Phase::Respond));
    assert_eq!(st.stack().total, 2);
    apply_all(&mut st, &[play("G+2")]);
    assert_eq!((st.current(), st.stack().total), (2, 4));
    // As a Minor answering a stack: only the answers are offered.
    let mut st = wild_position(3, &["R+2 G5 G6", "W B8 B9", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("R+2")]);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[play("W"), ACCEPT]);
    apply_all(&mut st, &[play("W")]);
    st.legal_actions(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[
            wild_as("R+2"),
            wild_as("Y1"),
            wild_as("Y+2"),
            wild_as("G+2"),
            wild_as("B+2")
        ],
        "the Minors and the Yellow One"
    );
    apply_all(&mut st, &[wild_as("B+2")]);
    assert_eq!(
        (st.current(), st.stack().total, st.stack().cards),
        (2, 4, 2)
    );
    assert_eq!(st.color(), 3);
    // Without Cards gone Wild the Wild does not answer a stack.
    let mut st = position(3, &["R+2 G5 G6", "W B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("R+2")]);
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[ACCEPT]);
}

#[test]
fn a_wild_gone_wild_opens_the_fast_eddy_window_of_its_card() {
    // It is that card for Fast Eddy: seat 2's real R5 Eddies a Wild played as R5.
    let mut st = wild_position(4, &["W G6 G7", "B7 B8", "R5 Y2 Y3", "G1 G2"], "R3");
    apply_all(&mut st, &[play("W"), wild_as("R5")]);
    assert_eq!(st.phase(), Phase::Eddy { asker: 2 });
    let log = apply_all(&mut st, &[play("R5"), NO_TAP]);
    assert!(log.contains(&Event::Eddied {
        seat: 2,
        card: parse_card("R5").unwrap()
    }));
    assert_eq!(
        (st.current(), st.top_card()),
        (3, parse_card("R5").unwrap())
    );
    // A Wild is not thrown out of turn as another card (the ruling of 11.8).
    let mut st = wild_position(4, &["R5 G6 G7", "B7 B8", "W Y2 Y3", "G1 G2"], "R3");
    apply_all(&mut st, &[play("R5")]);
    assert_eq!((st.current(), st.phase()), (1, Phase::Turn));
    // But a Wild played as a Wild is Eddied by a Wild, which is a plain Wild.
    let mut st = wild_position(4, &["W G6 G7", "B7 B8", "W Y2 Y3", "G1 G2"], "R3");
    apply_all(&mut st, &[play("W"), wild_as("W"), COLOR + 3]);
    assert_eq!(st.phase(), Phase::Eddy { asker: 2 });
    apply_all(&mut st, &[play("W"), NO_TAP]);
    assert_eq!(
        st.phase(),
        Phase::Color {
            why: ColorWhy::Plain
        }
    );
}

#[test]
fn a_wild_gone_wild_is_never_the_joker_the_uber_or_a_player_card() {
    // R45: seat 0 owns Ashley.
    let mut st = wild_position(3, &["W G5 G6", "B7 B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("W")]);
    for bad in ["J", "U", "P1", "P2"] {
        let before = format!("{st:?}");
        assert!(st.apply(wild_as(bad)).is_err(), "as {bad}");
        assert_eq!(before, format!("{st:?}"), "refused without a change");
    }
    // As a Yellow One it cannot be the last card (9.1); as a plain Wild it goes out.
    let mut st = wild_position(3, &["W", "B7 B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("W")]);
    assert!(st.apply(wild_as("Y1")).is_err());
    let log = apply_all(&mut st, &[wild_as("R3")]);
    assert!(log
        .iter()
        .any(|e| matches!(e, Event::HandLost { out: 0, .. })));
}

#[test]
fn a_wild_gone_wild_as_a_green_one_cannot_take_itself_back() {
    let mut st = wild_position(3, &["W G5 G6", "B7 B8", "Y2 Y3"], "R3");
    apply_all(&mut st, &[play("W"), wild_as("G1")]);
    assert_eq!(st.phase(), Phase::Repo);
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[TAKE + parse_card("R3").unwrap() as u16]);
}

/// A position with Math on (and its derived functions when `derived`).
fn math_position(players: usize, hands: &[&str], top: &str, derived: bool) -> UberState {
    let mut st = position(players, hands, top);
    st.rules.addons |= 1 << MATH;
    if derived {
        st.rules.addons |= 1 << MATH_DERIVED;
    }
    st
}

const PLUS: u16 = OP;
const MINUS: u16 = OP + 1;
const TIMES: u16 = OP + 2;
const DIVIDE: u16 = OP + 3;
const AVG: u16 = OP + 4;

/// `MATH_START`, then the operands with the operators between them, then `DONE`.
fn math_play(operands: &[&str], ops: &[u16]) -> Vec<u16> {
    let mut v = vec![MATH_START, play(operands[0])];
    for (o, k) in ops.iter().zip(&operands[1..]) {
        v.push(*o);
        v.push(play(k));
    }
    v.push(DONE);
    v
}

/// Plays a Math play on `top` from a hand of `operands` plus B9 Y8 and checks it lands: the
/// operands are on the pile, the last one on top, and the turn passes.
fn check_math(top: &str, operands: &[&str], ops: &[u16], derived: bool) {
    let hand = format!("{} B9 Y8", operands.join(" "));
    let mut st = math_position(3, &[&hand, "B7 B8", "Y2 Y3"], top, derived);
    let target = number(parse_card(top).unwrap()).unwrap();
    let log = apply_all(&mut st, &math_play(operands, ops));
    assert!(
        log.contains(&Event::MathPlayed {
            seat: 0,
            operands: operands.len() as u8,
            result: target
        }),
        "{operands:?} {ops:?} on {top}"
    );
    let last = parse_card(operands.last().unwrap()).unwrap();
    assert_eq!((st.top(), st.color()), (last, color_of(last)));
    assert_eq!(st.hand(0).len(), 2, "only B9 and Y8 are left");
    assert_eq!((st.current(), st.phase()), (1, Phase::Turn));
}

#[test]
fn math_plays_of_two_operands_for_each_operator() {
    // L226-L229: the result matches the top card's number.
    check_math("R5", &["G2", "G3"], &[PLUS], false);
    check_math("R5", &["G8", "G3"], &[MINUS], false);
    check_math("R6", &["G2", "G3"], &[TIMES], false);
    check_math("R4", &["G8", "G2"], &[DIVIDE], false);
    // L231: the derived functions, declared by the dealer: the mean.
    check_math("R5", &["G4", "G6"], &[AVG], true);
}

#[test]
fn math_plays_of_three_operands_go_left_to_right() {
    check_math("R9", &["G2", "G3", "G4"], &[PLUS, PLUS], false);
    check_math("R2", &["G9", "G3", "G4"], &[MINUS, MINUS], false);
    check_math("R5", &["G2", "G4", "G3"], &[TIMES, MINUS], false);
    check_math("R2", &["G8", "G2", "G2"], &[DIVIDE, DIVIDE], false);
    // The mean of all operands so far: mean(2, 4) = 3, then mean(2, 4, 9) = 5.
    check_math("R5", &["G2", "G4", "G9"], &[AVG, AVG], true);
    check_math("R5", &["G2", "G4", "G9"], &[PLUS, AVG], true);
    // Left to right, not by precedence: (3 - 2) x 4 = 4.
    check_math("Y4", &["B3", "B2", "B4"], &[MINUS, TIMES], false);
    // A 0 on top is made too.
    check_math("R0", &["G5", "G3", "G2"], &[MINUS, MINUS], false);
}

#[test]
fn a_math_play_that_does_not_make_the_number_is_refused() {
    let mut legal = ActionList::new();
    // 2 + 3 = 5 is not 9: no DONE yet; + 4 makes it.
    let mut st = math_position(3, &["G2 G3 G4 B9", "B7 B8", "Y2 Y3"], "R9", false);
    apply_all(&mut st, &[MATH_START, play("G2"), PLUS, play("G3")]);
    st.legal_actions(&mut legal);
    assert!(!legal.contains(DONE));
    let before = format!("{st:?}");
    assert!(st.apply(DONE).is_err());
    assert_eq!(before, format!("{st:?}"), "refused without a change");
    apply_all(&mut st, &[PLUS, play("G4"), DONE]);
    assert_eq!(st.hand(0).len(), 1);
    // Operands are of one colour (L228).
    let st = math_position(3, &["G2 B7 B9", "B7 B8", "Y2 Y3"], "R9", false);
    st.legal_actions(&mut legal);
    assert!(!legal.contains(MATH_START), "2 + 7 is not one colour");
    // Division is exact: 8 / 3 is refused, 8 / 2 is offered.
    let mut st = math_position(3, &["G8 G3 G2 B9", "B7 B8", "Y2 Y3"], "R4", false);
    apply_all(&mut st, &[MATH_START, play("G8"), DIVIDE]);
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[play("G2")]);
    assert!(st.apply(play("G3")).is_err());
    // R61: an operand from which the play cannot be completed is not offered: from 8,
    // only 8 - 2 - 3 = 3 works, so 8 + 2 is refused.
    let mut st = math_position(3, &["G8 G3 G2 B9", "B7 B8", "Y2 Y3"], "R3", false);
    apply_all(&mut st, &[MATH_START, play("G8")]);
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[MINUS]);
    assert!(st.apply(PLUS).is_err());
    // At most `math_max_operands`.
    let mut st = math_position(3, &["G2 G3 G4 B9", "B7 B8", "Y2 Y3"], "R9", false);
    st.opts.math_max_operands = 2;
    st.legal_actions(&mut legal);
    assert!(
        !legal.contains(MATH_START),
        "2 + 3 + 4 needs three operands"
    );
    // Math needs a number on top: a Wild's named colour has none.
    let mut st = math_position(3, &["G2 G3 B9", "B7 B8", "Y2 Y3"], "R5", false);
    st.top = WILD;
    st.legal_actions(&mut legal);
    assert!(!legal.contains(MATH_START));
}

#[test]
fn the_mean_needs_the_derived_functions() {
    // L231: mean(4, 6) = 5 only when the dealer declared the derived functions.
    let mut legal = ActionList::new();
    let st = math_position(3, &["G4 G6 B9", "B7 B8", "Y2 Y3"], "R5", false);
    st.legal_actions(&mut legal);
    assert!(!legal.contains(MATH_START));
    let mut st = math_position(3, &["G4 G6 B9", "B7 B8", "Y2 Y3"], "R5", true);
    apply_all(&mut st, &[MATH_START, play("G4")]);
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[AVG]);
    // The mean is exact: mean(4, 5) is not a whole number, mean(4, 8) = 6 is.
    let mut st = math_position(3, &["G4 G5 G8 B9", "B7 B8", "Y2 Y3"], "R6", true);
    apply_all(&mut st, &[MATH_START, play("G4"), AVG]);
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[play("G8")]);
    assert!(st.apply(play("G5")).is_err());
}

#[test]
fn math_with_the_option_off_is_refused() {
    let mut st = position(3, &["G2 G3 B9", "B7 B8", "Y2 Y3"], "R5");
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert!(!legal.contains(MATH_START));
    assert!(st.apply(MATH_START).is_err());
    // Nor in a Fast Eddy window.
    let mut st = position(4, &["R5 G6 G7", "B7 B8", "R2 R3 Y9", "G1 G2"], "R3");
    apply_all(&mut st, &[play("R5")]);
    assert_eq!((st.current(), st.phase()), (1, Phase::Turn));
}

#[test]
fn math_fast_eddies_the_played_card_in_its_colour() {
    // L229: seat 2 makes R5 out of R2 + R3 and Eddies seat 0's R5.
    let hands = ["R5 G6 G7", "B7 B8", "R2 R3 Y9 Y8", "G1 G2"];
    let mut st = math_position(4, &hands, "R3", false);
    apply_all(&mut st, &[play("R5")]);
    assert_eq!(st.phase(), Phase::Eddy { asker: 2 });
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    assert_eq!(legal.as_slice(), &[NO_EDDY, MATH_START]);
    apply_all(&mut st, &math_play(&["R2", "R3"], &[PLUS]));
    assert_eq!(
        st.phase(),
        Phase::Tap {
            claimant: 2,
            kind: parse_card("R3").unwrap()
        }
    );
    assert_eq!(st.hand(2).len(), 4, "the operands wait for the tap");
    let log = apply_all(&mut st, &[NO_TAP]);
    assert!(log.contains(&Event::MathPlayed {
        seat: 2,
        operands: 2,
        result: 5
    }));
    assert_eq!(st.hand(2).len(), 2);
    assert_eq!((st.current(), st.phase()), (3, Phase::Turn));
    assert_eq!(st.counters().jump_ins, 1);
    // A won deck tap: the operands stay in the hand and the runner plays.
    let mut st = math_position(4, &hands, "R3", false);
    st.opts.deck_tap_probability = 1.0;
    apply_all(&mut st, &[play("R5")]);
    apply_all(&mut st, &math_play(&["R2", "R3"], &[PLUS]));
    apply_all(&mut st, &[TAP]);
    assert_eq!(st.hand(2).len(), 4);
    assert_eq!((st.current(), st.phase()), (1, Phase::Turn));
    // Another colour does not Eddy (the Eddied card is the same colour and number).
    let mut st = math_position(4, &["R5 G6 G7", "B7 B8", "G2 G3 Y9", "G1 G2"], "R3", false);
    apply_all(&mut st, &[play("R5")]);
    assert_eq!((st.current(), st.phase()), (1, Phase::Turn));
}

#[test]
fn math_makes_the_number_a_wild_gone_wild_stands_for() {
    // Seat 0's Wild is played as B5; seat 1 matches it with G2 + G3 (11.2, 11.8).
    let mut st = math_position(3, &["W G6 G7", "G2 G3 Y8 Y9", "Y2 Y3"], "R5", false);
    st.rules.addons |= 1 << CARDS_GONE_WILD;
    apply_all(&mut st, &[play("W"), wild_as("B5")]);
    assert_eq!(st.current(), 1);
    apply_all(&mut st, &math_play(&["G2", "G3"], &[PLUS]));
    assert_eq!(
        (st.top(), st.top_card(), st.color()),
        (parse_card("G3").unwrap(), parse_card("G3").unwrap(), 2)
    );
    assert_eq!(st.discard_pile().count(WILD as usize), 1);
    assert_eq!(st.current(), 2);
}

/// R63: a draw-off that cannot give every tied player a card is decided by lot among the tied
/// (here the draw pile is empty and the discard pile holds one card under the top).
#[test]
fn a_draw_off_with_too_few_cards_is_decided_by_lot() {
    let mut losers = [0u32; 3];
    for seed in 0..40 {
        let mut st = position(3, &["R5", "B9 G8", "Y9 Y8"], "R3");
        st.opts.hands_per_day = 1;
        st.pile = crate::pile::DrawPile::new();
        st.rng = Rng::new(seed);
        let log = apply_all(&mut st, &[PLAY + parse_card("R5").unwrap() as u16]);
        let lost = log
            .iter()
            .find_map(|e| match *e {
                Event::HandLost { loser, by, .. } => Some((loser, by)),
                _ => None,
            })
            .expect("the hand ended");
        assert_eq!(lost.1, TieBreak::DrawOff);
        losers[lost.0 as usize] += 1;
        assert_eq!(st.phase(), Phase::Over);
    }
    assert_eq!(losers[0], 0, "the player out is not in the draw-off");
    assert!(losers[1] > 0 && losers[2] > 0, "by lot: {losers:?}");
}
