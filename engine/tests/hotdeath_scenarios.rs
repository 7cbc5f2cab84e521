//! Scenario tests for Hot Death Uno: one exact position per card and per rule (seed
//! `001_410767923ed00a87`, readings in `docs/rules/hot-death.md`), advanced with the strict
//! `Game::apply`, and the resulting state checked precisely.
//!
//! Positions are written in the Hot Death scenario notation (`HotDeathScenario`); its
//! `draw_pile` fixes the next cards drawn, so every draw below is known in advance. Positions
//! on the first discard cannot be written in the notation (the first card's effect happens at
//! the deal), so those tests search for a seed whose deal turns up the wanted first card.
//! Each test quotes the seed line it checks.

use uno_engine::hotdeath::action::*;
use uno_engine::hotdeath::cards::*;
use uno_engine::hotdeath::{
    encode_play, parse_card, Event, HandEnd, HotDeathOptions, HotDeathScenario, HotDeathState,
    CARDS, NUM_KINDS,
};
use uno_engine::{Action, ActionList, CardGame, DecisionKind, Game, IllegalAction, Seat};

const RED: u8 = 0;
const YELLOW: u8 = 1;
const GREEN: u8 = 2;
const BLUE: u8 = 3;

// ----- helpers -----

/// Kind id of a card code.
fn card(code: &str) -> u8 {
    parse_card(code).unwrap_or_else(|| panic!("bad card code {code}"))
}

/// Play action of a coloured card.
fn play(code: &str) -> Action {
    let k = card(code);
    assert!(k < FIRST_BLACK, "{code} is black: use black()");
    encode_play(k, 0)
}

/// Play action of a black card naming `color`.
fn black(code: &str, color: u8) -> Action {
    let k = card(code);
    assert!(k >= FIRST_BLACK, "{code} is coloured: use play()");
    encode_play(k, color)
}

/// The four play actions of a black card.
fn black_all(code: &str) -> Vec<Action> {
    (0..4).map(|c| black(code, c)).collect()
}

/// Builds a scenario, panicking with the builder's message if it is rejected.
fn build(json: &str) -> HotDeathState {
    let st = HotDeathScenario::from_json(json)
        .and_then(|s| s.build())
        .unwrap_or_else(|e| panic!("scenario rejected: {e}"));
    assert_conserved(&st);
    st
}

fn build_value(v: serde_json::Value) -> HotDeathState {
    build(&v.to_string())
}

/// Every card of the deck is somewhere (hands, draw pile, discard pile).
fn assert_conserved(st: &HotDeathState) {
    let mut c = vec![0u32; NUM_KINDS];
    st.census(&mut c);
    let deck: Vec<u32> = st.options().deck().iter().map(|&x| x as u32).collect();
    assert_eq!(c, deck, "cards lost or created");
}

fn legal(st: &HotDeathState) -> Vec<Action> {
    let mut out = ActionList::new();
    st.legal_actions(&mut out);
    out.to_vec()
}

/// Strict apply that must succeed; also checks that the deck stays whole.
fn act(st: &mut HotDeathState, a: Action) {
    if let Err(e) = st.apply(a) {
        panic!(
            "{} ({a}) rejected: {e}; legal: {:?}",
            st.action_name(a),
            legal(st)
        );
    }
    assert_conserved(st);
}

/// Strict apply returning the events it produced.
fn act_log(st: &mut HotDeathState, a: Action) -> Vec<Event> {
    let mut log = Vec::new();
    if let Err(e) = st.apply_logged(a, &mut log) {
        panic!(
            "{} ({a}) rejected: {e}; legal: {:?}",
            st.action_name(a),
            legal(st)
        );
    }
    assert_conserved(st);
    log
}

fn to_act(st: &HotDeathState) -> (Seat, DecisionKind) {
    st.to_act().expect("game should not be over")
}

/// A hand as card codes, sorted by kind id.
fn codes(h: &uno_engine::hotdeath::HdHand) -> Vec<&'static str> {
    let mut v = Vec::new();
    for (k, info) in CARDS.iter().enumerate() {
        for _ in 0..h.count(k) {
            v.push(info.code);
        }
    }
    v
}

fn sorted(expected: &[&str]) -> Vec<&'static str> {
    let mut want: Vec<u8> = expected.iter().map(|c| card(c)).collect();
    want.sort();
    want.iter().map(|&k| CARDS[k as usize].code).collect()
}

fn assert_hand(st: &HotDeathState, seat: usize, expected: &[&str]) {
    assert_eq!(
        codes(st.hand(seat)),
        sorted(expected),
        "hand of seat {seat}"
    );
}

fn assert_revealed(st: &HotDeathState, seat: usize, expected: &[&str]) {
    assert_eq!(
        codes(st.revealed(seat)),
        sorted(expected),
        "revealed cards of seat {seat}"
    );
}

/// Cards `seat` drew as a punishment, per the `Punished` events.
fn punished(log: &[Event], seat: u8) -> Vec<u16> {
    log.iter()
        .filter_map(|e| match e {
            Event::Punished { seat: s, cards } if *s == seat => Some(*cards),
            _ => None,
        })
        .collect()
}

fn skipped(log: &[Event]) -> Vec<u8> {
    log.iter()
        .filter_map(|e| match e {
            Event::Skipped { seat } => Some(*seat),
            _ => None,
        })
        .collect()
}

/// Whether the current decision is a normal turn of `seat`.
fn assert_turn(st: &HotDeathState, seat: u8) {
    assert_eq!(to_act(st), (seat, DecisionKind::Play), "whose turn");
    assert_eq!(st.current(), seat);
}

/// A four-player single hand: `hands`, `discard` (bottom to top), `draw_pile`, plus any
/// extra scenario fields (`color`, `attack`, `eliminated`, ...).
fn four(
    hands: [&[&str]; 4],
    discard: &[&str],
    draw_pile: &[&str],
    extra: serde_json::Value,
) -> HotDeathState {
    table(4, &hands, discard, draw_pile, extra)
}

fn two(
    hands: [&[&str]; 2],
    discard: &[&str],
    draw_pile: &[&str],
    extra: serde_json::Value,
) -> HotDeathState {
    table(2, &hands, discard, draw_pile, extra)
}

fn table(
    players: usize,
    hands: &[&[&str]],
    discard: &[&str],
    draw_pile: &[&str],
    extra: serde_json::Value,
) -> HotDeathState {
    let mut v = serde_json::json!({
        "players": players,
        "options": { "target": 0 },
        "seed": 7,
        "dealer": players - 1,
        "current": 0,
        "hands": hands,
        "discard": discard,
        "draw_pile": draw_pile,
    });
    if let Some(o) = extra.as_object() {
        for (k, x) in o {
            v[k] = x.clone();
        }
    }
    build_value(v)
}

fn none() -> serde_json::Value {
    serde_json::json!({})
}

// ===================================================================================
// The tame cards
// ===================================================================================

/// Seed: "Players have to match the card in the discard pile by number, color, or word".
/// Number cards: "Face value in points."
#[test]
fn number_card_matches_colour_or_number_and_passes_the_turn() {
    let mut st = four(
        [
            &["R7", "B5", "G9", "Y2"],
            &["G1", "G2", "G3"],
            &["B1", "B3", "B4"],
            &["Y6", "Y7", "Y8"],
        ],
        &["R5"],
        &[],
        none(),
    );
    assert_turn(&st, 0);
    assert_eq!(legal(&st), vec![play("R7"), play("B5"), DRAW]);
    act(&mut st, play("B5"));
    assert_eq!(st.top(), card("B5"));
    assert_eq!(st.color(), BLUE);
    assert_hand(&st, 0, &["R7", "G9", "Y2"]);
    assert_turn(&st, 1);
}

/// Seed: Skip, "20 points. Skips the next person."
#[test]
fn skip_skips_the_next_player() {
    let mut st = four(
        [
            &["RS", "R1", "R2"],
            &["G1", "G2"],
            &["B1", "B2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, play("RS"));
    assert_eq!(skipped(&log), vec![1]);
    assert_turn(&st, 2);
    assert!(st.clockwise());
}

/// Seed: Double Skip, "40 points. Skips the next person." (S50: it skips two; with two players
/// "Double Skips are treated as regular skips").
#[test]
fn double_skip_skips_two_players() {
    let mut st = four(
        [
            &["RSS", "R1", "R2"],
            &["G1", "G2"],
            &["B1", "B2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, play("RSS"));
    assert_eq!(skipped(&log), vec![1, 2]);
    assert_turn(&st, 3);
    // Three players: the turn comes back to the Double Skip's player.
    let mut st = table(
        3,
        &[&["RSS", "R1", "R2"], &["G1", "G2"], &["B1", "B2"]],
        &["R5"],
        &[],
        none(),
    );
    act(&mut st, play("RSS"));
    assert_turn(&st, 0);
}

/// Seed (two-player rules): "Double Skips are treated as regular skips."
#[test]
fn double_skip_with_two_players_is_a_single_skip() {
    let mut st = two([&["RSS", "R1", "R2"], &["G1", "G2"]], &["R5"], &[], none());
    let log = act_log(&mut st, play("RSS"));
    assert_eq!(skipped(&log), vec![1]);
    assert_turn(&st, 0);
}

/// Seed: "match ... by number, color, or word": a Double Skip's word is not a Skip's, so they
/// match only with the port's face matching (option `port_face_matching`).
#[test]
fn double_skip_does_not_match_a_skip_unless_port_face_matching() {
    let hands: [&[&str]; 4] = [&["BSS", "BS", "G7"], &["G1"], &["B1"], &["Y1"]];
    let st = four(hands, &["RS"], &[], none());
    assert_eq!(legal(&st), vec![play("BS"), DRAW]);
    let st = four(
        hands,
        &["RS"],
        &[],
        serde_json::json!({"options": {"target": 0, "port_face_matching": true}}),
    );
    assert_eq!(legal(&st), vec![play("BS"), play("BSS"), DRAW]);
}

/// Seed: Reverse, "20 points. Reverse direction of game play."
#[test]
fn reverse_reverses_the_direction() {
    let mut st = four(
        [
            &["RR", "R1", "R2"],
            &["G1", "G2"],
            &["B1", "B2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, play("RR"));
    assert!(log.contains(&Event::Reversed));
    assert!(!st.clockwise());
    assert!(skipped(&log).is_empty());
    assert_turn(&st, 3);
}

/// Seed (two-player rules): "Anything implying 'direction' (e.g. any sort of reverse) is
/// treated as an ordinary skip."
#[test]
fn reverse_with_two_players_is_a_skip() {
    let mut st = two([&["RR", "R1", "R2"], &["G1", "G2"]], &["R5"], &[], none());
    let log = act_log(&mut st, play("RR"));
    assert_eq!(skipped(&log), vec![1]);
    assert!(st.clockwise());
    assert_turn(&st, 0);
}

/// Seed: Reverse Skip, "40 points. Reverse direction and skip the next player in the new
/// direction."
#[test]
fn reverse_skip_reverses_and_skips_in_the_new_direction() {
    let mut st = four(
        [
            &["RRS", "R1", "R2"],
            &["G1", "G2"],
            &["B1", "B2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, play("RRS"));
    assert!(log.contains(&Event::Reversed));
    assert!(!st.clockwise());
    assert_eq!(skipped(&log), vec![3]);
    assert_turn(&st, 2);
}

/// Seed (two-player rules): "any sort of reverse ... is treated as an ordinary skip."
#[test]
fn reverse_skip_with_two_players_is_a_skip() {
    let mut st = two([&["RRS", "R1", "R2"], &["G1", "G2"]], &["R5"], &[], none());
    let log = act_log(&mut st, play("RRS"));
    assert_eq!(skipped(&log), vec![1]);
    assert!(st.clockwise());
    assert_turn(&st, 0);
}

/// Seed: Draw Two, "20 points. Next person draws two and is skipped." (tame: no answer, even
/// for a player holding a Draw Four or a Fucker).
#[test]
fn draw_two_makes_the_next_player_draw_two_and_skips_them() {
    let mut st = four(
        [
            &["R+2", "R1", "R2"],
            &["W+4", "FUCK", "B2"],
            &["B1", "B3"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &["G7", "G8"],
        none(),
    );
    let log = act_log(&mut st, play("R+2"));
    assert_eq!(punished(&log, 1), vec![2]);
    assert_hand(&st, 1, &["W+4", "FUCK", "B2", "G7", "G8"]);
    assert_eq!(skipped(&log), vec![1]);
    assert_turn(&st, 2);
}

/// Seed: Wild, "40 points. Chooses color for next play."
#[test]
fn wild_names_the_colour() {
    let mut st = four(
        [
            &["W", "R1", "B7"],
            &["G1", "G2"],
            &["B1", "B2"],
            &["Y1", "Y2"],
        ],
        &["G3"],
        &[],
        none(),
    );
    assert_eq!(legal(&st), {
        let mut v = vec![];
        v.extend(black_all("W"));
        v.push(DRAW);
        v
    });
    act(&mut st, black("W", YELLOW));
    assert_eq!(st.top(), WILD);
    assert_eq!(st.color(), YELLOW);
    assert_turn(&st, 1);
}

// ===================================================================================
// Draw Four and the stack
// ===================================================================================

/// Seed: Draw Four, "Next person draws four cards and is skipped. The one who plays this card
/// gets to choose the color"; "One defense is to simply play another Draw Four-type card."
#[test]
fn draw_four_victim_may_stack_or_accept() {
    let mut st = four(
        [
            &["W+4", "R1", "R2"],
            &["W+4", "B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &["G7", "G8", "G9", "Y9"],
        none(),
    );
    act(&mut st, black("W+4", BLUE));
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
    assert_eq!(st.pending_draw(), 4);
    assert_eq!(st.attack_summary(), Some(("draw", 1, 4, Some(0))));
    let mut want = black_all("W+4");
    want.push(ACCEPT);
    assert_eq!(legal(&st), want);
    let log = act_log(&mut st, ACCEPT);
    assert_eq!(punished(&log, 1), vec![4]);
    assert_hand(&st, 1, &["W+4", "B1", "B2", "G7", "G8", "G9", "Y9"]);
    assert_eq!(st.color(), BLUE);
    assert_eq!(st.attack_summary(), None);
    assert_turn(&st, 2);
}

/// Decisions: "A victim who holds no usable answer is resolved at once (no decision)."
#[test]
fn draw_four_victim_without_answer_draws_at_once() {
    let mut st = four(
        [
            &["W+4", "R1", "R2"],
            &["B1", "B2", "PENN"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &["G7", "G8", "G9", "Y9"],
        none(),
    );
    let log = act_log(&mut st, black("W+4", GREEN));
    assert_eq!(punished(&log, 1), vec![4]);
    assert_hand(&st, 1, &["B1", "B2", "PENN", "G7", "G8", "G9", "Y9"]);
    assert_eq!(st.color(), GREEN);
    assert_turn(&st, 2);
}

/// Seed: "'Stacking' ends when ... The person can not or does not wish to defend himself. He
/// must then draw all of the stacked draw four's worth of cards." Three Draw Fours: 12.
#[test]
fn stack_of_three_draw_fours_ended_by_accepting() {
    let mut st = four(
        [
            &["W+4", "R1", "R2"],
            &["W+4", "B1", "B2"],
            &["W+4", "G1", "G2"],
            &["W+4", "Y1", "Y2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    act(&mut st, black("W+4", RED));
    act(&mut st, black("W+4", YELLOW));
    assert_eq!(st.attack_summary(), Some(("draw", 2, 8, Some(1))));
    act(&mut st, black("W+4", GREEN));
    assert_eq!(to_act(&st), (3, DecisionKind::Respond));
    assert_eq!(st.pending_draw(), 12);
    assert_eq!(st.attack_summary(), Some(("draw", 3, 12, Some(2))));
    let log = act_log(&mut st, ACCEPT);
    assert_eq!(punished(&log, 3), vec![12]);
    assert_eq!(st.hand(3).len(), 3 + 12);
    assert_eq!(st.color(), GREEN);
    assert_turn(&st, 0);
}

/// Seed: "'Stacking' ends when: AIDS card is played." and A.I.D.S.: "if you had to draw 12, you
/// and the inflictor have to each draw 6". Here a stack of three (Draw Four, Draw Four, Hot
/// Death = 16) is split 8 / 8 between the Hot Death's player and the A.I.D.S. player.
#[test]
fn stack_of_three_ended_by_aids() {
    let mut st = four(
        [
            &["W+4", "R1", "R2"],
            &["W+4", "B1", "B2"],
            &["HD", "G1", "G2"],
            &["AIDS", "Y1", "Y2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    act(&mut st, black("W+4", RED));
    act(&mut st, black("W+4", RED));
    act(&mut st, black("HD", BLUE));
    assert_eq!(st.attack_summary(), Some(("draw", 3, 16, Some(2))));
    assert_eq!(legal(&st), vec![play("AIDS"), ACCEPT]);
    let log = act_log(&mut st, play("AIDS"));
    assert_eq!(punished(&log, 2), vec![8]);
    assert_eq!(punished(&log, 3), vec![8]);
    assert_eq!(st.hand(2).len(), 2 + 8);
    assert_eq!(st.hand(3).len(), 2 + 8);
    assert_eq!(st.hand(0).len(), 2);
    assert_eq!(st.hand(1).len(), 2);
    assert_eq!(st.color(), GREEN);
    assert_turn(&st, 0);
}

/// Seed: "A Harvester of Sorrows is played (add four cards to the draw, and the next person
/// will be forced to draw all accumulated draws)". Three Draw Fours + Harvester = 16 for the
/// next player, who cannot answer even with every defence in hand.
#[test]
fn stack_of_three_ended_by_harvester() {
    let mut st = four(
        [
            &["W+4", "FUCK", "HOLY", "AIDS", "R1"],
            &["W+4", "B1", "B2"],
            &["W+4", "G1", "G2"],
            &["HARV", "Y1", "Y2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    act(&mut st, black("W+4", RED));
    act(&mut st, black("W+4", RED));
    act(&mut st, black("W+4", RED));
    assert_eq!(legal(&st), {
        let mut v = black_all("HARV");
        v.push(ACCEPT);
        v
    });
    let log = act_log(&mut st, black("HARV", YELLOW));
    // Seat 0 was not asked: the 16 cards were drawn at once.
    assert_eq!(punished(&log, 0), vec![16]);
    assert_eq!(st.hand(0).len(), 4 + 16);
    assert_eq!(st.attack_summary(), None);
    assert_eq!(st.color(), YELLOW);
    assert_turn(&st, 1);
}

/// Seed: "The 'Magic 5' is played on top of 'Hot Death'. This nullifies Hot Death and all
/// draws 'stacked' before it." A stack of three Draw-Four types, Hot Death on top.
#[test]
fn stack_of_three_with_hot_death_on_top_cancelled_by_magic_5() {
    let mut st = four(
        [
            &["W+4", "R1", "R2"],
            &["W+4", "B1", "B2"],
            &["HD", "G1", "G2"],
            &["MAG5", "Y1", "Y2"],
        ],
        &["G5"],
        &[],
        none(),
    );
    act(&mut st, black("W+4", RED));
    act(&mut st, black("W+4", RED));
    act(&mut st, black("HD", BLUE));
    assert_eq!(st.pending_draw(), 16);
    assert_eq!(legal(&st), vec![play("MAG5"), ACCEPT]);
    let log = act_log(&mut st, play("MAG5"));
    assert!(log.contains(&Event::AttackCancelled));
    assert!(log.iter().all(|e| !matches!(e, Event::Punished { .. })));
    for s in 0..4 {
        assert_eq!(st.hand(s).len(), 2, "seat {s} drew nothing");
    }
    assert_eq!(st.top(), MAGIC_5);
    assert_eq!(st.color(), RED);
    assert_turn(&st, 0);
}

/// Seed: Magic 5 "will nullify the effects of the 'Hot Death' card" - only Hot Death: on a
/// Draw Four top card it is no answer.
#[test]
fn magic_5_is_no_answer_to_a_draw_four() {
    let st = four(
        [
            &["R1", "R2"],
            &["MAG5", "B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[],
        serde_json::json!({"color": "green",
            "attack": {"kind": "draw", "cards": 4, "victim": 1, "inflicter": 0}}),
    );
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
    assert_eq!(legal(&st), vec![ACCEPT]);
}

/// Seed: "Note: If a non-Draw-Four-type card is used for defense, the color becomes the color
/// of the card used to defend. For example, if a 'Fuck You' is used ..., the color will be
/// Blue".
#[test]
fn defence_colour_is_the_defending_cards_colour() {
    let base = four(
        [
            &["R1", "R2"],
            &["FUCK", "HOLY", "AIDS", "MAG5", "B9"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "HD"],
        &[],
        serde_json::json!({"color": "green",
            "attack": {"kind": "draw", "cards": 8, "victim": 1, "inflicter": 0}}),
    );
    assert_eq!(
        legal(&base),
        vec![
            play("HOLY"),
            play("MAG5"),
            play("AIDS"),
            play("FUCK"),
            ACCEPT
        ]
    );
    for (c, want) in [
        ("FUCK", BLUE),
        ("HOLY", RED),
        ("AIDS", GREEN),
        ("MAG5", RED),
    ] {
        let mut st = base.clone();
        act(&mut st, play(c));
        assert_eq!(st.top(), card(c));
        assert_eq!(st.color(), want, "colour after {c}");
        assert_eq!(st.attack_summary(), None, "{c} resolved");
    }
}

/// Decisions: "After a defence only defences may follow (port), no more stacking." A Draw
/// Four sent back by a Fucker cannot be stacked on by its player; his Holy Defender passes it
/// on (in the new direction).
#[test]
fn after_a_defence_no_more_stacking() {
    let mut st = four(
        [
            &["W+4", "HOLY", "R1"],
            &["FUCK", "B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[],
        serde_json::json!({"color": "green",
            "attack": {"kind": "draw", "cards": 4, "victim": 1, "inflicter": 0}}),
    );
    act(&mut st, play("FUCK"));
    assert!(!st.clockwise());
    assert_eq!(to_act(&st), (0, DecisionKind::Respond));
    assert_eq!(st.attack_summary(), Some(("draw", 0, 4, Some(1))));
    assert_eq!(legal(&st), vec![play("HOLY"), ACCEPT]);
    let log = act_log(&mut st, play("HOLY"));
    // Counter-clockwise now: the next player after seat 0 is seat 3, who has no answer.
    assert_eq!(punished(&log, 3), vec![4]);
    assert_eq!(st.color(), RED);
    assert_turn(&st, 2);
}

// ===================================================================================
// Special cards
// ===================================================================================

/// Seed: Spreader, "everyone has to draw two except a person with the Penn State 2 ... The
/// person who played the Spreader may play again".
#[test]
fn spreader_everyone_else_draws_two_and_its_player_plays_again() {
    let mut st = four(
        [
            &["YSP", "Y1", "Y2"],
            &["G1", "G2"],
            &["B1", "B2"],
            &["R1", "R2"],
        ],
        &["Y5"],
        &["G7", "G8", "B7", "B8", "R7", "R8"],
        none(),
    );
    let log = act_log(&mut st, play("YSP"));
    assert_hand(&st, 1, &["G1", "G2", "G7", "G8"]);
    assert_hand(&st, 2, &["B1", "B2", "B7", "B8"]);
    assert_hand(&st, 3, &["R1", "R2", "R7", "R8"]);
    assert_hand(&st, 0, &["Y1", "Y2"]);
    assert!(log.contains(&Event::SpreaderRepeats { seat: 0 }));
    assert_turn(&st, 0);
}

/// Seed: Penn State "will protect you against evil spreaders (the person who plays the
/// spreader draws two and the Penn State holder plays) ... you must show this card".
#[test]
fn spreader_against_penn_state() {
    let mut st = four(
        [
            &["YSP", "Y1", "Y2"],
            &["G1", "G2"],
            &["PENN", "B1"],
            &["R1", "R2"],
        ],
        &["Y5"],
        &["G7", "G8", "R7", "R8", "Y7", "Y8"],
        none(),
    );
    let log = act_log(&mut st, play("YSP"));
    assert!(log.contains(&Event::PennStateShown { seat: 2 }));
    assert_hand(&st, 1, &["G1", "G2", "G7", "G8"]);
    assert_hand(&st, 2, &["PENN", "B1"]);
    assert_hand(&st, 3, &["R1", "R2", "R7", "R8"]);
    assert_eq!(punished(&log, 0), vec![2]);
    assert_hand(&st, 0, &["Y1", "Y2", "Y7", "Y8"]);
    assert_revealed(&st, 2, &["PENN"]);
    assert_eq!(st.view(0).revealed[2].count(PENN_STATE as usize), 1);
    assert_turn(&st, 2);
}

/// Seed (two-player rules): "Penn State will still work against spreaders."
#[test]
fn spreader_against_penn_state_with_two_players() {
    let mut st = two(
        [&["YSP", "Y1", "Y2"], &["PENN", "G1"]],
        &["Y5"],
        &["Y7", "Y8"],
        none(),
    );
    let log = act_log(&mut st, play("YSP"));
    assert!(log.contains(&Event::PennStateShown { seat: 1 }));
    assert_hand(&st, 0, &["Y1", "Y2", "Y7", "Y8"]);
    assert_hand(&st, 1, &["PENN", "G1"]);
    assert_turn(&st, 1);
}

/// Seed: Penn State "will protect you against evil spreaders ... but that's about it." It is
/// no answer to a Draw Two or a Draw Four, and plays as a Blue 2.
#[test]
fn penn_state_protects_against_nothing_else() {
    let mut st = four(
        [
            &["R+2", "R1", "R2"],
            &["PENN", "B1"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &["G7", "G8"],
        none(),
    );
    act(&mut st, play("R+2"));
    assert_hand(&st, 1, &["PENN", "B1", "G7", "G8"]);
    assert_revealed(&st, 1, &[]);
    let st = four(
        [&["PENN", "R1"], &["B1"], &["G1"], &["Y1"]],
        &["G2"],
        &[],
        none(),
    );
    assert_eq!(legal(&st), vec![play("PENN"), DRAW]);
}

/// Seed: Magic 5, "can be played on top of any other card of any color or number."
#[test]
fn magic_5_plays_on_anything() {
    for (top, color) in [
        ("B+2", "blue"),
        ("GSS", "green"),
        ("W", "green"),
        ("HD", "blue"),
    ] {
        let mut st = four(
            [&["MAG5", "G7", "Y1"], &["G1"], &["B1"], &["Y2"]],
            &["R3", top],
            &[],
            serde_json::json!({ "color": color }),
        );
        assert!(legal(&st).contains(&play("MAG5")), "Magic 5 on {top}");
        act(&mut st, play("MAG5"));
        assert_eq!(st.top(), MAGIC_5);
        assert_eq!(st.color(), RED);
        assert_turn(&st, 1);
    }
}

/// Seed: Magic 5 "will nullify the effects of the 'Hot Death' card".
#[test]
fn magic_5_cancels_a_hot_death() {
    let mut st = four(
        [
            &["R1", "R2"],
            &["MAG5", "B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "HD"],
        &[],
        serde_json::json!({"color": "green",
            "attack": {"kind": "draw", "cards": 8, "victim": 1, "inflicter": 0}}),
    );
    assert_eq!(legal(&st), vec![play("MAG5"), ACCEPT]);
    let log = act_log(&mut st, play("MAG5"));
    assert!(log.contains(&Event::AttackCancelled));
    assert_hand(&st, 1, &["B1", "B2"]);
    assert_hand(&st, 0, &["R1", "R2"]);
    assert_eq!(st.color(), RED);
    assert_turn(&st, 2);
}

/// Seed: Hot Death, "This is a 'Draw 8' wild, basically."
#[test]
fn hot_death_draws_eight() {
    let mut st = four(
        [
            &["HD", "R1", "R2"],
            &["B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, black("HD", YELLOW));
    assert_eq!(punished(&log, 1), vec![8]);
    assert_eq!(st.hand(1).len(), 10);
    assert_eq!(st.color(), YELLOW);
    assert_turn(&st, 2);
}

/// Seed: Harvester, "there is no defense against this card. The next player will be taking
/// those four cards ... no matter what."
#[test]
fn harvester_has_no_defence() {
    let mut st = four(
        [
            &["HARV", "R1", "R2"],
            &["FUCK", "HOLY", "AIDS", "W+4"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &["G7", "G8", "G9", "Y9"],
        none(),
    );
    let log = act_log(&mut st, black("HARV", GREEN));
    assert_eq!(punished(&log, 1), vec![4]);
    assert_hand(
        &st,
        1,
        &["FUCK", "HOLY", "AIDS", "W+4", "G7", "G8", "G9", "Y9"],
    );
    assert_turn(&st, 2);
}

/// Seed: Harvester "(add four cards to the draw, and the next person will be forced to draw
/// all accumulated draws)": it ends a stack.
#[test]
fn harvester_ends_a_stack() {
    let mut st = four(
        [
            &["R1", "R2"],
            &["HARV", "B1", "B2"],
            &["FUCK", "HOLY", "AIDS", "W+4"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[],
        serde_json::json!({"color": "green",
            "attack": {"kind": "draw", "cards": 4, "victim": 1, "inflicter": 0}}),
    );
    let log = act_log(&mut st, black("HARV", BLUE));
    assert_eq!(punished(&log, 2), vec![8]);
    assert_eq!(st.hand(2).len(), 12);
    assert_eq!(st.attack_summary(), None);
    assert_turn(&st, 3);
}

/// Seed: Luck o' the Irish, "will allow you to draw one less in all situations where you must
/// draw cards as a 'punishment'."
#[test]
fn luck_o_the_irish_reduces_a_draw_two_by_one() {
    let mut st = four(
        [
            &["R+2", "R1", "R2"],
            &["LUCK", "B1"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &["G7", "G8"],
        none(),
    );
    let log = act_log(&mut st, play("R+2"));
    assert!(log.contains(&Event::LuckShown { seat: 1 }));
    assert_eq!(punished(&log, 1), vec![1]);
    assert_hand(&st, 1, &["LUCK", "B1", "G7"]);
    assert_revealed(&st, 1, &["LUCK"]);
    assert_turn(&st, 2);
}

/// Seed: Luck o' the Irish, "Every other draw can be lessened by one card": an accepted stack
/// of 8 costs 7, and each A.I.D.S. share is one smaller.
#[test]
fn luck_o_the_irish_reduces_a_stack_and_an_aids_share() {
    let attack = serde_json::json!({"color": "green",
        "attack": {"kind": "draw", "cards": 8, "victim": 1, "inflicter": 0}});
    let mut st = four(
        [
            &["R1", "R2"],
            &["LUCK", "W+4", "B1"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[],
        attack.clone(),
    );
    let log = act_log(&mut st, ACCEPT);
    assert_eq!(punished(&log, 1), vec![7]);
    assert_eq!(st.hand(1).len(), 3 + 7);

    let mut st = four(
        [
            &["LUCK", "R2"],
            &["AIDS", "B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[],
        attack,
    );
    let log = act_log(&mut st, play("AIDS"));
    assert_eq!(punished(&log, 0), vec![3]);
    assert_eq!(punished(&log, 1), vec![4]);
}

/// Seed: Luck o' the Irish, "if you have to draw because you can't play on your turn, you can
/// not avoid that draw by showing this card."
#[test]
fn luck_o_the_irish_does_not_reduce_the_draw_on_your_turn() {
    let mut st = four(
        [&["LUCK", "B1"], &["G1"], &["G2"], &["Y2"]],
        &["R5"],
        &["R9"],
        none(),
    );
    let log = act_log(&mut st, DRAW);
    assert!(!log.contains(&Event::LuckShown { seat: 0 }));
    assert_hand(&st, 0, &["LUCK", "B1", "R9"]);
    assert_revealed(&st, 0, &[]);
    assert_eq!(to_act(&st), (0, DecisionKind::PostDraw));
}

/// Seed: Delayed Blast, "This acts like a Draw Four, but skips a player."
#[test]
fn delayed_blast_skips_the_next_and_hits_the_one_after() {
    let mut st = four(
        [
            &["DB", "R1", "R2"],
            &["B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, black("DB", RED));
    assert_eq!(skipped(&log), vec![1, 2]);
    assert_eq!(punished(&log, 2), vec![4]);
    assert_eq!(st.hand(1).len(), 2);
    assert_eq!(st.hand(2).len(), 6);
    assert_turn(&st, 3);
}

/// Seed (two-player rules): "Delayed Blast is treated as a normal draw four."
#[test]
fn delayed_blast_with_two_players_is_a_plain_draw_four() {
    let mut st = two([&["DB", "R1", "R2"], &["B1", "B2"]], &["R5"], &[], none());
    let log = act_log(&mut st, black("DB", RED));
    assert_eq!(skipped(&log), vec![1]);
    assert_eq!(punished(&log, 1), vec![4]);
    assert_turn(&st, 0);
}

/// Seed: Fucker, "This card will send punishment back to where it came from. Whenever this is
/// used to thwart a punishment, the direction of play will change." Delayed Blast: "a 'Fuck
/// You' played in defense of this card sends it back to where it came from (meaning, it would
/// hit you!)"
#[test]
fn fucker_sends_a_delayed_blast_back_and_reverses() {
    let mut st = four(
        [
            &["DB", "R1", "R2"],
            &["B1", "B2"],
            &["FUCK", "Y3", "Y4"],
            &["G1", "G2"],
        ],
        &["R5"],
        &["G7", "G8", "G9", "Y9"],
        none(),
    );
    act(&mut st, black("DB", GREEN));
    assert_eq!(to_act(&st), (2, DecisionKind::Respond));
    assert_eq!(st.attack_summary(), Some(("draw", 2, 4, Some(0))));
    assert_eq!(legal(&st), vec![play("FUCK"), ACCEPT]);
    let log = act_log(&mut st, play("FUCK"));
    assert!(log.contains(&Event::Reversed));
    assert!(!st.clockwise());
    assert_eq!(punished(&log, 0), vec![4]);
    assert_hand(&st, 0, &["R1", "R2", "G7", "G8", "G9", "Y9"]);
    assert_hand(&st, 1, &["B1", "B2"]);
    assert_eq!(st.color(), BLUE);
    // Counter-clockwise: seat 0 is skipped, seat 3 plays.
    assert_turn(&st, 3);
}

/// Seed: Holy Defender, "Most punishments can be avoided by playing this card. It will be
/// passed to the next person."
#[test]
fn holy_defender_passes_a_draw_four_to_the_next_player() {
    let mut st = four(
        [
            &["R1", "R2"],
            &["HOLY", "B1", "B2"],
            &["W+4", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &["G7", "G8", "G9", "Y9"],
        serde_json::json!({"color": "green",
            "attack": {"kind": "draw", "cards": 4, "victim": 1, "inflicter": 0}}),
    );
    let log = act_log(&mut st, play("HOLY"));
    // Seat 2's Draw Four cannot be stacked after a defence: drawn at once.
    assert_eq!(punished(&log, 2), vec![4]);
    assert_hand(&st, 2, &["W+4", "G2", "G7", "G8", "G9", "Y9"]);
    assert_hand(&st, 1, &["B1", "B2"]);
    assert_eq!(st.color(), RED);
    assert_turn(&st, 3);
}

/// Seed: A.I.D.S., "whatever punishment was inflicted on you will be shared by the inflicter
/// (meaning, if you had to draw 12, you and the inflictor have to each draw 6".
#[test]
fn aids_splits_a_stack_between_inflicter_and_itself() {
    let mut st = four(
        [
            &["R1", "R2"],
            &["B1", "B2"],
            &["AIDS", "G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[
            "G7", "G8", "G9", "Y9", "Y8", "Y7", "R7", "R8", "R9", "B7", "B8", "B9",
        ],
        serde_json::json!({"color": "red",
            "attack": {"kind": "draw", "cards": 12, "victim": 2, "inflicter": 1}}),
    );
    assert_eq!(legal(&st), vec![play("AIDS"), ACCEPT]);
    let log = act_log(&mut st, play("AIDS"));
    assert_eq!(punished(&log, 1), vec![6]);
    assert_eq!(punished(&log, 2), vec![6]);
    assert_hand(&st, 1, &["B1", "B2", "G7", "G8", "G9", "Y9", "Y8", "Y7"]);
    assert_hand(&st, 2, &["G1", "G2", "R7", "R8", "R9", "B7", "B8", "B9"]);
    assert_eq!(st.color(), GREEN);
    assert_turn(&st, 3);
}

/// Seed: Quitter, "The quitter causes the next person to be taken out of the game. His hand is
/// 'frozen' until the hand [ends]."
#[test]
fn quitter_eliminates_the_next_player() {
    let mut st = four(
        [
            &["QUIT", "G1", "G2"],
            &["B7", "B8"],
            &["G3", "G4"],
            &["Y1", "Y2"],
        ],
        &["G5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, play("QUIT"));
    assert!(log.contains(&Event::Eliminated { seat: 1 }));
    assert!(!st.is_active(1));
    assert_hand(&st, 1, &["B7", "B8"]);
    assert_eq!(st.attack_summary(), None);
    assert_turn(&st, 2);
}

/// Seed: Quitter defences, "Fuck You: The person who played the quitter is quittered."
#[test]
fn quitter_answered_by_fucker_eliminates_its_player() {
    let mut st = four(
        [
            &["QUIT", "G1", "G2"],
            &["FUCK", "B7", "B8"],
            &["G3", "G4"],
            &["Y1", "Y2"],
        ],
        &["G5"],
        &[],
        none(),
    );
    act(&mut st, play("QUIT"));
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
    assert_eq!(st.attack_summary(), Some(("quitter", 1, 0, Some(0))));
    assert_eq!(legal(&st), vec![play("FUCK"), ACCEPT]);
    let log = act_log(&mut st, play("FUCK"));
    assert!(log.contains(&Event::Eliminated { seat: 0 }));
    assert!(!st.is_active(0));
    assert!(st.is_active(1));
    assert!(!st.clockwise());
    assert_eq!(st.color(), BLUE);
    // Play resumes after the Quitter's player, in the new direction.
    assert_turn(&st, 3);
}

/// Seed: Quitter defences, "AIDS: Both players are quittered."
#[test]
fn quitter_answered_by_aids_eliminates_both() {
    let mut st = four(
        [
            &["QUIT", "G1", "G2"],
            &["AIDS", "B7", "B8"],
            &["G3", "G4"],
            &["Y1", "Y2"],
        ],
        &["G5"],
        &[],
        none(),
    );
    act(&mut st, play("QUIT"));
    let log = act_log(&mut st, play("AIDS"));
    assert!(log.contains(&Event::Eliminated { seat: 0 }));
    assert!(log.contains(&Event::Eliminated { seat: 1 }));
    assert!(!st.is_active(0) && !st.is_active(1));
    assert!(st.is_active(2) && st.is_active(3));
    assert_eq!(st.color(), GREEN);
    assert_turn(&st, 2);
}

/// Seed: Quitter defences, "Holy Defender: The quitter points to the 'next' person."
#[test]
fn quitter_answered_by_holy_defender_hits_the_next_player() {
    let mut st = four(
        [
            &["QUIT", "G1", "G2"],
            &["HOLY", "B7", "B8"],
            &["G3", "G4"],
            &["Y1", "Y2"],
        ],
        &["G5"],
        &[],
        none(),
    );
    act(&mut st, play("QUIT"));
    let log = act_log(&mut st, play("HOLY"));
    assert!(log.contains(&Event::Eliminated { seat: 2 }));
    assert!(st.is_active(1) && !st.is_active(2));
    assert_eq!(st.color(), RED);
    assert_turn(&st, 1);
}

/// Seed (two-player rules): "If Quitter is played, the player who plays it wins by default
/// unless the AIDS is played". A Fucker or Holy Defender is no answer here.
#[test]
fn two_player_quitter_wins_the_hand() {
    let mut st = two(
        [&["QUIT", "G1", "G2"], &["FUCK", "HOLY", "B7"]],
        &["G5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, play("QUIT"));
    assert!(log.contains(&Event::HandOver {
        winner: Some(0),
        how: HandEnd::Quitter
    }));
    assert_eq!(st.to_act(), None);
    assert_eq!(st.hand_winner(), Some(0));
    assert_eq!(st.last_hand_end(), Some(HandEnd::Quitter));
    // Seat 1: B7 = 7, doubled by the Fucker (14), halved by the Holy Defender (7).
    assert_eq!(st.hand_points()[..2], [0, 7]);
    assert_eq!(st.outcome().unwrap().winner, Some(0));
}

/// Seed (two-player rules): "... unless the AIDS is played, in which case it is treated like
/// the M.A.D (both players die)".
#[test]
fn two_player_quitter_answered_by_aids_kills_both() {
    let mut st = two(
        [&["QUIT", "G1", "G2"], &["AIDS", "FUCK", "B7"]],
        &["G5"],
        &[],
        none(),
    );
    act(&mut st, play("QUIT"));
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
    assert_eq!(legal(&st), vec![play("AIDS"), ACCEPT]);
    let log = act_log(&mut st, play("AIDS"));
    assert!(log.contains(&Event::HandOver {
        winner: None,
        how: HandEnd::AllEliminated
    }));
    assert!(!st.is_active(0) && !st.is_active(1));
    assert_eq!(st.hand_winner(), None);
    // G1 + G2 = 3; Fucker doubles B7 = 14.
    assert_eq!(st.hand_points()[..2], [3, 14]);
    assert_eq!(st.outcome().unwrap().winner, None);
}

/// Seed: M.A.D., "When you play this card, you will be killed, but you also get to choose a
/// victim who will share this fate with you."
#[test]
fn mad_eliminates_its_player_and_a_chosen_victim() {
    let mut st = four(
        [
            &["MAD", "Y2", "Y3"],
            &["B7", "B8"],
            &["G3", "G4"],
            &["R1", "R2"],
        ],
        &["Y5"],
        &[],
        none(),
    );
    act(&mut st, play("MAD"));
    assert_eq!(to_act(&st), (0, DecisionKind::ChooseTarget));
    assert_eq!(legal(&st), vec![TARGET, TARGET + 1, TARGET + 2]);
    let log = act_log(&mut st, TARGET + 1);
    assert!(log.contains(&Event::Eliminated { seat: 0 }));
    assert!(log.contains(&Event::Eliminated { seat: 2 }));
    assert!(st.is_active(1) && st.is_active(3));
    assert_hand(&st, 2, &["G3", "G4"]);
    assert_turn(&st, 1);
}

/// Seed (two-player rules): "If M.A.D. is played, all players are eliminated from the game."
#[test]
fn mad_with_two_players_kills_both() {
    let mut st = two([&["MAD", "Y2", "Y3"], &["B7", "B8"]], &["Y5"], &[], none());
    let log = act_log(&mut st, play("MAD"));
    assert!(log.contains(&Event::HandOver {
        winner: None,
        how: HandEnd::AllEliminated
    }));
    assert!(!st.is_active(0) && !st.is_active(1));
    assert_eq!(st.hand_points()[..2], [5, 15]);
    assert_eq!(st.to_act(), None);
}

/// Seed: Shitter, "this card can only be played on the Holy Defender, the Magic 5, or as the
/// last card in your hand."
#[test]
fn shitter_plays_only_on_holy_defender_magic_5_or_as_last_card() {
    let hands: [&[&str]; 4] = [&["SHIT", "Y7", "B1"], &["G1"], &["B2"], &["R1"]];
    // A yellow top card: the Shitter's colour, still not playable.
    let st = four(hands, &["Y5"], &[], none());
    assert_eq!(legal(&st), vec![play("Y7"), DRAW]);
    let st = four(hands, &["Y3", "Y0"], &[], none());
    assert!(!legal(&st).contains(&play("SHIT")), "not on a zero");
    for top in ["HOLY", "MAG5"] {
        let st = four(hands, &["Y3", top], &[], none());
        assert_eq!(legal(&st), vec![play("SHIT"), DRAW], "on {top}");
    }
    let mut st = four([&["SHIT"], &["G1"], &["B2"], &["R1"]], &["G3"], &[], none());
    assert_eq!(legal(&st), vec![play("SHIT"), DRAW]);
    act(&mut st, play("SHIT"));
    assert_eq!(st.hand_winner(), Some(0));
    assert_eq!(st.last_hand_end(), Some(HandEnd::OutOfCards));
}

/// Seed: Sixty Nine (Yellow 9 with a 6 added): it plays on yellow, on a 6 and on a 9.
#[test]
fn sixty_nine_matches_six_nine_and_yellow() {
    let hands: [&[&str]; 4] = [&["69", "R1", "B8"], &["G1"], &["B2"], &["R2"]];
    let st = four(hands, &["G6"], &[], none());
    assert_eq!(legal(&st), vec![play("69"), DRAW]);
    let st = four(hands, &["B9"], &[], none());
    assert_eq!(legal(&st), vec![play("B8"), play("69"), DRAW]);
    let st = four(hands, &["Y3"], &[], none());
    assert_eq!(legal(&st), vec![play("69"), DRAW]);
    let st = four(hands, &["R3"], &[], none());
    assert_eq!(legal(&st), vec![play("R1"), DRAW]);
    // On the Sixty Nine anyone may play a 6 or a 9.
    let st = four(
        [&["B6", "G9", "B1"], &["G1"], &["B2"], &["R2"]],
        &["69"],
        &[],
        none(),
    );
    assert_eq!(legal(&st), vec![play("G9"), play("B6"), DRAW]);
}

/// Seed: Sixty Nine, "This card allows you to play a six on a nine or a nine on a six (must show
/// the card if you do that)."
#[test]
fn sixty_nine_holder_plays_six_on_nine_and_shows_it() {
    let mut st = four(
        [&["69", "B6", "G2"], &["G1"], &["B2"], &["R2"]],
        &["R9"],
        &[],
        none(),
    );
    assert_eq!(legal(&st), vec![play("B6"), play("69"), DRAW]);
    act(&mut st, play("B6"));
    assert_revealed(&st, 0, &["69"]);
    assert_eq!(st.view(2).revealed[0].count(SIXTY_NINE as usize), 1);
    assert_turn(&st, 1);

    let mut st = four(
        [&["69", "G9", "B1"], &["G1"], &["B2"], &["R2"]],
        &["R6"],
        &[],
        none(),
    );
    act(&mut st, play("G9"));
    assert_revealed(&st, 0, &["69"]);

    // Without the Sixty Nine a 6 does not go on a 9.
    let st = four(
        [&["B6", "G2"], &["G1"], &["B2"], &["R2"]],
        &["R9"],
        &[],
        none(),
    );
    assert_eq!(legal(&st), vec![DRAW]);
}

/// Seed: Mystery Draw, "Whatever number card was underneath this card, the next person has to
/// draw that many cards and is skipped." and "This card has no defense."
#[test]
fn mystery_draw_draws_the_number_underneath() {
    let mut st = four(
        [
            &["MYST", "R1", "R2"],
            &["FUCK", "HOLY", "AIDS", "W+4"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["G7"],
        &["B1", "B2", "B3", "B4", "B5", "B6", "B7"],
        none(),
    );
    let log = act_log(&mut st, black("MYST", RED));
    assert_eq!(punished(&log, 1), vec![7]);
    assert_hand(
        &st,
        1,
        &[
            "FUCK", "HOLY", "AIDS", "W+4", "B1", "B2", "B3", "B4", "B5", "B6", "B7",
        ],
    );
    assert_eq!(skipped(&log), vec![1]);
    assert_eq!(st.color(), RED);
    assert_turn(&st, 2);
}

/// Seed: Mystery Draw, "Because of the fact there is a '69' in the deck, yes, you could become
/// the victim of a 'Draw 69'."
#[test]
fn mystery_draw_on_sixty_nine_draws_sixty_nine() {
    let mut st = four(
        [
            &["MYST", "R1", "R2"],
            &["B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["Y3", "69"],
        &[],
        none(),
    );
    let log = act_log(&mut st, black("MYST", BLUE));
    assert_eq!(punished(&log, 1), vec![69]);
    assert_eq!(st.hand(1).len(), 71);
    assert_turn(&st, 2);
}

/// Seed: Mystery Draw, "If there is no number underneath (or the number underneath was a
/// zero), then there is no draw and it is like a wild card then and the next player is not
/// skipped."
#[test]
fn mystery_draw_on_zero_or_no_number_is_a_plain_wild() {
    for (top, color) in [
        ("G0", "green"),
        ("GS", "green"),
        ("W", "green"),
        ("HOLY", "red"),
    ] {
        let mut st = four(
            [
                &["MYST", "R1", "R2"],
                &["B1", "B2"],
                &["G1", "G2"],
                &["Y1", "Y2"],
            ],
            &["G3", top],
            &[],
            serde_json::json!({ "color": color }),
        );
        let log = act_log(&mut st, black("MYST", BLUE));
        assert!(punished(&log, 1).is_empty(), "no draw on {top}");
        assert!(skipped(&log).is_empty(), "nobody skipped on {top}");
        assert_eq!(st.color(), BLUE);
        assert_turn(&st, 1);
    }
    // A Magic 5 underneath counts as its number.
    let mut st = four(
        [
            &["MYST", "R1", "R2"],
            &["B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["G3", "MAG5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, black("MYST", BLUE));
    assert_eq!(punished(&log, 1), vec![5]);
}

/// Seed: Mystery Draw, "This card can not be used to stack on Draw Four's nor can Draw Fours
/// be stacked on this." Luck o' the Irish still takes one off its draw.
#[test]
fn mystery_draw_cannot_stack_and_cannot_be_stacked_on() {
    let st = four(
        [
            &["R1", "R2"],
            &["MYST", "W+4", "B1"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[],
        serde_json::json!({"color": "green",
            "attack": {"kind": "draw", "cards": 4, "victim": 1, "inflicter": 0}}),
    );
    let mut want = black_all("W+4");
    want.push(ACCEPT);
    assert_eq!(legal(&st), want);

    let mut st = four(
        [
            &["MYST", "R1", "R2"],
            &["W+4", "LUCK", "B1"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["G4"],
        &[],
        none(),
    );
    let log = act_log(&mut st, black("MYST", GREEN));
    assert_eq!(punished(&log, 1), vec![3]);
    assert_eq!(st.hand(1).len(), 6);
    assert_turn(&st, 2);
}

/// Seed: Glasnost, "The player of this card chooses the victim, which must show all cards (to
/// this point anyway). This only applies to all cards currently in the hand".
#[test]
fn glasnost_victim_chosen_shows_the_hand_and_it_stays_shown() {
    let mut st = four(
        [
            &["GLAS", "R1", "R7", "B9"],
            &["R+2", "R3", "R4", "B8"],
            &["R9", "G4", "Y9"],
            &["B1", "B2"],
        ],
        &["R5"],
        &["G7", "G8", "G3"],
        none(),
    );
    act(&mut st, play("GLAS"));
    assert_eq!(to_act(&st), (0, DecisionKind::ChooseTarget));
    assert_eq!(legal(&st), vec![TARGET, TARGET + 1, TARGET + 2]);
    let log = act_log(&mut st, TARGET + 1);
    assert!(log.contains(&Event::Revealed { seat: 2 }));
    assert_revealed(&st, 2, &["R9", "G4", "Y9"]);
    for viewer in [0, 1, 3] {
        assert_eq!(
            codes(&st.view(viewer).revealed[2]),
            sorted(&["R9", "G4", "Y9"])
        );
    }
    assert_eq!(codes(&st.view(1).revealed[3]), Vec::<&str>::new());
    // The victim is not skipped: play goes on after the Glasnost's player.
    assert_turn(&st, 1);
    // Cards drawn later are not shown; the shown cards stay shown while held.
    act(&mut st, play("R+2"));
    assert_hand(&st, 2, &["R9", "G4", "Y9", "G7", "G8"]);
    assert_revealed(&st, 2, &["R9", "G4", "Y9"]);
    assert_turn(&st, 3);
    act(&mut st, DRAW);
    act(&mut st, PASS);
    act(&mut st, play("R7"));
    act(&mut st, play("R3"));
    // A shown card played leaves the shown set.
    act(&mut st, play("R9"));
    assert_revealed(&st, 2, &["G4", "Y9"]);
    assert_eq!(codes(&st.view(0).revealed[2]), sorted(&["G4", "Y9"]));
}

/// Seed: Glasnost defences, "AIDS: Both players show their hands".
#[test]
fn glasnost_answered_by_aids_shows_both_hands() {
    let mut st = four(
        [
            &["GLAS", "R1", "R7"],
            &["B5", "B3"],
            &["AIDS", "G4", "Y9"],
            &["B1", "B2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    act(&mut st, play("GLAS"));
    act(&mut st, TARGET + 1);
    assert_eq!(to_act(&st), (2, DecisionKind::Respond));
    assert_eq!(st.attack_summary(), Some(("glasnost", 2, 0, Some(0))));
    assert_eq!(legal(&st), vec![play("AIDS"), ACCEPT]);
    act(&mut st, play("AIDS"));
    assert_revealed(&st, 0, &["R1", "R7"]);
    assert_revealed(&st, 2, &["G4", "Y9"]);
    assert_revealed(&st, 1, &[]);
    assert_eq!(st.color(), GREEN);
    assert_turn(&st, 1);
}

/// Seed: Glasnost defences, "Fuck You: Glastnost player gets affected. Reverses direction."
#[test]
fn glasnost_answered_by_fucker_shows_the_glasnost_player() {
    let mut st = four(
        [
            &["GLAS", "R1", "R7"],
            &["B5", "B3"],
            &["FUCK", "G4", "Y9"],
            &["B1", "B2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    act(&mut st, play("GLAS"));
    act(&mut st, TARGET + 1);
    act(&mut st, play("FUCK"));
    assert_revealed(&st, 0, &["R1", "R7"]);
    assert_revealed(&st, 2, &[]);
    assert!(!st.clockwise());
    assert_eq!(st.color(), BLUE);
    assert_turn(&st, 3);
}

/// Seed: Glasnost defences, "Holy Defender: Passes it to the 'next' person according to the
/// current direction."
#[test]
fn glasnost_answered_by_holy_defender_shows_the_next_player() {
    let mut st = four(
        [
            &["GLAS", "R1", "R7"],
            &["B5", "B3"],
            &["HOLY", "G4", "Y9"],
            &["B1", "B2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    act(&mut st, play("GLAS"));
    act(&mut st, TARGET + 1);
    act(&mut st, play("HOLY"));
    assert_revealed(&st, 3, &["B1", "B2"]);
    assert_revealed(&st, 2, &[]);
    assert_eq!(st.color(), RED);
    assert_turn(&st, 1);
}

// ===================================================================================
// The first discard
// ===================================================================================

/// Deals four-player single hands of 7 cards (seeds 0, 1, 2, ...) until `want` accepts the
/// deal, given the first discard, the dealer and the hands as dealt (before the first card's
/// effect). The notation cannot describe a first discard whose effect is still to come.
fn deal_where(want: impl Fn(u8, usize, &[Vec<u8>]) -> bool) -> (HotDeathState, usize) {
    let opts = HotDeathOptions {
        target: 0,
        hand_size: Some(7),
        ..HotDeathOptions::default()
    };
    for seed in 0..1_000_000u64 {
        let mut log = Vec::new();
        let st = HotDeathState::new_logged(opts, 4, seed, &mut log).unwrap();
        let mut hands = vec![Vec::new(); 4];
        let (mut first, mut dealer) = (None, None);
        for e in &log {
            match *e {
                Event::HandStart { dealer: d, .. } => dealer = Some(d as usize),
                Event::Deal { seat, card } => hands[seat as usize].push(card),
                Event::FirstCard { card } => first = Some(card),
                _ => {}
            }
        }
        let (first, dealer) = (first.unwrap(), dealer.unwrap());
        if want(first, dealer, &hands) {
            assert_eq!(st.dealer() as usize, dealer);
            assert_eq!(st.top(), first);
            assert_conserved(&st);
            return (st, dealer);
        }
    }
    panic!("no deal found");
}

fn holds_any(h: &[u8], kinds: &[u8]) -> bool {
    h.iter().any(|k| kinds.contains(k))
}

const ANSWERS: [u8; 8] = [
    DRAW_FOUR,
    HOT_DEATH,
    HARVESTER,
    DELAYED_BLAST,
    FUCKER,
    HOLY_DEFENDER,
    AIDS,
    LUCK,
];

fn left_of(seat: usize, places: usize) -> u8 {
    ((seat + places) % 4) as u8
}

/// Seed: "Plays goes to the left of the dealer, the dealer starting to play".
#[test]
fn first_discard_number_the_dealer_plays_first() {
    let (st, d) = deal_where(|first, _, _| first < 60 && first % 15 <= 9);
    assert_turn(&st, d as u8);
    assert!(st.clockwise());
    for s in 0..4 {
        assert_eq!(st.hand(s).len(), 7);
    }
}

/// Seed (special conditions on the deal): "Any 'draw' cards effect the dealer, direction going
/// clockwise": a first Draw Two makes the dealer draw two and skips him.
#[test]
fn first_discard_draw_two_hits_the_dealer() {
    let (st, d) = deal_where(|first, d, hands| {
        first < 60 && first % 15 == R_DRAW_TWO && !holds_any(&hands[d], &[LUCK])
    });
    assert_eq!(st.hand(d).len(), 9);
    for s in (0..4).filter(|&s| s != d) {
        assert_eq!(st.hand(s).len(), 7);
    }
    assert!(st.clockwise());
    assert_turn(&st, left_of(d, 1));
}

/// Seed: "Any 'draw' cards effect the dealer"; a black first card: the dealer names the colour
/// (decisions). A first Draw Four, the dealer without an answer: he draws four, is skipped.
#[test]
fn first_discard_draw_four_hits_the_dealer_after_he_names_the_colour() {
    let (mut st, d) =
        deal_where(|first, d, hands| first == DRAW_FOUR && !holds_any(&hands[d], &ANSWERS));
    assert_eq!(to_act(&st), (d as u8, DecisionKind::ChooseColor));
    assert_eq!(
        legal(&st),
        vec![
            CHOOSE_COLOR,
            CHOOSE_COLOR + 1,
            CHOOSE_COLOR + 2,
            CHOOSE_COLOR + 3
        ]
    );
    let log = act_log(&mut st, CHOOSE_COLOR + GREEN as Action);
    assert_eq!(punished(&log, d as u8), vec![4]);
    assert_eq!(st.color(), GREEN);
    assert_eq!(st.hand(d).len(), 11);
    assert_turn(&st, left_of(d, 1));
}

/// Seed: "If dealer has to use an 'AIDS' cards, the 'half' penalty is ignored (i.e. goes to
/// nobody)."
#[test]
fn first_discard_aids_half_goes_to_nobody() {
    let (mut st, d) = deal_where(|first, d, hands| {
        (first == DRAW_FOUR || first == HOT_DEATH)
            && hands[d].contains(&AIDS)
            && !hands[d].contains(&LUCK)
    });
    let total = draw_four_count(st.top());
    act(&mut st, CHOOSE_COLOR + BLUE as Action);
    assert_eq!(to_act(&st), (d as u8, DecisionKind::Respond));
    assert_eq!(st.attack_summary(), Some(("draw", d as u8, total, None)));
    let log = act_log(&mut st, play("AIDS"));
    assert_eq!(punished(&log, d as u8), vec![total / 2]);
    assert_eq!(
        log.iter()
            .filter(|e| matches!(e, Event::Punished { .. }))
            .count(),
        1,
        "only the dealer draws"
    );
    assert_eq!(st.counters().cards_drawn, total as u32 / 2);
    assert_eq!(st.hand(d).len(), 6 + total as usize / 2);
    assert_eq!(st.color(), GREEN);
    assert_turn(&st, left_of(d, 1));
}

/// Decisions (first discard, Draw-Four types): "Fucker sends it to nobody = cancelled".
#[test]
fn first_discard_draw_four_sent_back_by_a_fucker_is_cancelled() {
    let (mut st, d) = deal_where(|first, d, hands| {
        first == DRAW_FOUR && hands[d].contains(&FUCKER) && !hands[d].contains(&AIDS)
    });
    act(&mut st, CHOOSE_COLOR);
    let log = act_log(&mut st, play("FUCK"));
    assert!(log.contains(&Event::AttackCancelled));
    assert_eq!(st.counters().cards_drawn, 0);
    assert!(!st.clockwise());
    assert_eq!(st.color(), BLUE);
    assert_turn(&st, left_of(d, 3));
}

/// Seed: "'Directed' cards (e.g. Glasnost, M.A.D.) are chosen by dealer."
#[test]
fn first_discard_glasnost_victim_chosen_by_the_dealer() {
    let (mut st, d) = deal_where(|first, d, hands| {
        first == GLASNOST && !holds_any(&hands[(d + 1) % 4], &[FUCKER, HOLY_DEFENDER, AIDS])
    });
    assert_eq!(to_act(&st), (d as u8, DecisionKind::ChooseTarget));
    assert_eq!(legal(&st), vec![TARGET, TARGET + 1, TARGET + 2]);
    act(&mut st, TARGET);
    let v = (d + 1) % 4;
    assert_eq!(st.revealed(v), st.hand(v));
    assert_turn(&st, d as u8);
}

/// Seed: "'Directed' cards (e.g. Glasnost, M.A.D.) are chosen by dealer." Nobody played the
/// M.A.D., so only the victim dies (decisions).
#[test]
fn first_discard_mad_victim_chosen_by_the_dealer() {
    let (mut st, d) = deal_where(|first, _, _| first == MAD);
    assert_eq!(to_act(&st), (d as u8, DecisionKind::ChooseTarget));
    assert_eq!(legal(&st), vec![TARGET, TARGET + 1, TARGET + 2]);
    let log = act_log(&mut st, TARGET + 1);
    let v = left_of(d, 2);
    assert_eq!(
        log.iter()
            .filter(|e| matches!(e, Event::Eliminated { .. }))
            .count(),
        1
    );
    assert!(!st.is_active(v as usize));
    assert!(st.is_active(d));
    assert_turn(&st, d as u8);
}

/// Decisions: "Wild types: the dealer names the colour first." then the dealer plays.
#[test]
fn first_discard_black_card_dealer_names_the_colour() {
    let (mut st, d) = deal_where(|first, _, _| first == WILD);
    assert_eq!(to_act(&st), (d as u8, DecisionKind::ChooseColor));
    act(&mut st, CHOOSE_COLOR + BLUE as Action);
    assert_eq!(st.color(), BLUE);
    assert_eq!(st.top(), WILD);
    assert_turn(&st, d as u8);
}

/// Seed: "Any 'draw' cards effect the dealer": a first Spreader makes every player draw two,
/// and the dealer plays first (nobody "plays again").
#[test]
fn first_discard_spreader_everyone_draws_two() {
    let (st, d) = deal_where(|first, _, hands| {
        first == SPREADER + YELLOW && hands.iter().all(|h| !holds_any(h, &[PENN_STATE, LUCK]))
    });
    for s in 0..4 {
        assert_eq!(st.hand(s).len(), 9, "seat {s}");
    }
    assert_turn(&st, d as u8);
}

// ----- the first discard written in the notation (`first_card`) -----

/// A four-player single hand dealt by seat 3 with no answers in any hand, the given first card
/// turned by the deal's own code; returns the state and what the first-card rules logged.
fn turn_first(players: usize, first: &str, draw_pile: &[&str]) -> (HotDeathState, Vec<Event>) {
    let hands: Vec<Vec<&str>> = [
        vec!["R1", "Y2"],
        vec!["G3", "B4"],
        vec!["R5", "Y6"],
        vec!["G7", "B8"],
    ][4 - players..]
        .to_vec();
    let v = serde_json::json!({
        "players": players,
        "options": { "target": 0 },
        "seed": 7,
        "dealer": players - 1,
        "hands": hands,
        "draw_pile": draw_pile,
        "first_card": first,
    });
    let mut log = Vec::new();
    let st = HotDeathScenario::from_json(&v.to_string())
        .and_then(|s| s.build_logged(&mut log))
        .unwrap_or_else(|e| panic!("scenario rejected: {e}"));
    assert_conserved(&st);
    assert_eq!(st.dealer() as usize, players - 1);
    (st, log)
}

fn first_event(code: &str) -> Event {
    Event::FirstCard { card: card(code) }
}

fn drew(seat: u8, code: &str) -> Event {
    Event::Drew {
        seat,
        card: card(code),
    }
}

fn scenario_error(v: serde_json::Value) -> String {
    match HotDeathScenario::from_json(&v.to_string()).and_then(|s| s.build()) {
        Ok(_) => panic!("scenario accepted: {v}"),
        Err(e) => e,
    }
}

#[test]
fn scenario_first_card_number_the_dealer_plays() {
    let (st, log) = turn_first(4, "G9", &[]);
    assert_eq!(log, vec![first_event("G9")]);
    assert_turn(&st, 3);
    assert_eq!(
        (st.top(), st.color(), st.discard_len()),
        (card("G9"), GREEN, 1)
    );
    assert!(st.clockwise());
    assert_eq!(legal(&st), vec![play("G7"), DRAW]);
}

#[test]
fn scenario_first_card_skip_skips_the_dealer() {
    let (st, log) = turn_first(4, "RS", &[]);
    assert_eq!(log, vec![first_event("RS"), Event::Skipped { seat: 3 }]);
    assert_turn(&st, 0);
}

#[test]
fn scenario_first_card_double_skip_skips_the_dealer_and_the_next() {
    let (st, log) = turn_first(4, "RSS", &[]);
    assert_eq!(
        log,
        vec![
            first_event("RSS"),
            Event::Skipped { seat: 3 },
            Event::Skipped { seat: 0 }
        ]
    );
    assert_turn(&st, 1);
    // Two players: only the dealer.
    let (st, log) = turn_first(2, "RSS", &[]);
    assert_eq!(log, vec![first_event("RSS"), Event::Skipped { seat: 1 }]);
    assert_turn(&st, 0);
}

#[test]
fn scenario_first_card_reverse_the_dealer_plays_the_other_way() {
    let (st, log) = turn_first(4, "YR", &[]);
    assert_eq!(log, vec![first_event("YR"), Event::Reversed]);
    assert!(!st.clockwise());
    assert_turn(&st, 3);
    // Two players: a Skip.
    let (st, log) = turn_first(2, "YR", &[]);
    assert_eq!(log, vec![first_event("YR"), Event::Skipped { seat: 1 }]);
    assert!(st.clockwise());
    assert_turn(&st, 0);
}

#[test]
fn scenario_first_card_reverse_skip_reverses_and_skips_the_dealer() {
    let (st, log) = turn_first(4, "GRS", &[]);
    assert_eq!(
        log,
        vec![
            first_event("GRS"),
            Event::Reversed,
            Event::Skipped { seat: 3 }
        ]
    );
    assert!(!st.clockwise());
    assert_turn(&st, 2);
}

#[test]
fn scenario_first_card_draw_two_hits_the_dealer() {
    let (st, log) = turn_first(4, "B+2", &["R9", "Y9"]);
    assert_eq!(
        log,
        vec![
            first_event("B+2"),
            drew(3, "R9"),
            drew(3, "Y9"),
            Event::Punished { seat: 3, cards: 2 },
            Event::Skipped { seat: 3 }
        ]
    );
    assert_hand(&st, 3, &["G7", "B8", "R9", "Y9"]);
    assert_turn(&st, 0);
}

#[test]
fn scenario_first_card_wild_and_mystery_draw_the_dealer_names_the_colour() {
    for first in ["W", "MYST"] {
        let (mut st, log) = turn_first(4, first, &[]);
        assert_eq!(log, vec![first_event(first)]);
        assert_eq!(to_act(&st), (3, DecisionKind::ChooseColor));
        let log = act_log(&mut st, CHOOSE_COLOR + BLUE as Action);
        assert_eq!(
            log,
            vec![Event::ColorNamed {
                seat: 3,
                color: BLUE
            }]
        );
        assert_eq!(st.color(), BLUE);
        assert_turn(&st, 3);
    }
}

#[test]
fn scenario_first_card_draw_four_hits_the_dealer_after_the_colour() {
    let (mut st, _) = turn_first(4, "W+4", &["R9", "Y9", "G8", "B9"]);
    assert_eq!(to_act(&st), (3, DecisionKind::ChooseColor));
    let log = act_log(&mut st, CHOOSE_COLOR + RED as Action);
    assert_eq!(punished(&log, 3), vec![4]);
    assert_hand(&st, 3, &["G7", "B8", "R9", "Y9", "G8", "B9"]);
    assert_eq!(st.color(), RED);
    assert_turn(&st, 0);
}

#[test]
fn scenario_first_card_harvester_the_dealer_draws_four_and_is_skipped() {
    let (mut st, _) = turn_first(4, "HARV", &["R9", "Y9", "G8", "B9"]);
    let log = act_log(&mut st, CHOOSE_COLOR + YELLOW as Action);
    assert_eq!(punished(&log, 3), vec![4]);
    assert_eq!(skipped(&log), vec![3]);
    assert_hand(&st, 3, &["G7", "B8", "R9", "Y9", "G8", "B9"]);
    assert_turn(&st, 0);
}

#[test]
fn scenario_first_card_delayed_blast_skips_the_dealer_and_hits_the_next() {
    let (mut st, _) = turn_first(4, "DB", &["R9", "Y9", "G8", "B9"]);
    let log = act_log(&mut st, CHOOSE_COLOR + GREEN as Action);
    // The victim of the Draw Four is skipped too.
    assert_eq!(skipped(&log), vec![3, 0]);
    assert_eq!(punished(&log, 0), vec![4]);
    assert_hand(&st, 0, &["R1", "Y2", "R9", "Y9", "G8", "B9"]);
    assert_turn(&st, 1);
}

#[test]
fn scenario_first_card_spreader_everyone_draws_two() {
    let pile = ["R9", "Y9", "G8", "B9", "R8", "Y8", "G9", "B7"];
    let (st, log) = turn_first(4, "YSP", &pile);
    assert_eq!(punished(&log, 0), vec![2]);
    assert_eq!(punished(&log, 3), vec![2]);
    for s in 0..4 {
        assert_eq!(st.hand(s).len(), 4, "seat {s}");
    }
    assert_turn(&st, 3);
}

#[test]
fn scenario_first_card_quitter_the_dealer_is_the_victim() {
    let (st, log) = turn_first(4, "QUIT", &[]);
    assert_eq!(log[0], first_event("QUIT"));
    assert!(log.contains(&Event::Eliminated { seat: 3 }), "{log:?}");
    assert!(!st.is_active(3));
    assert_turn(&st, 0);
}

#[test]
fn scenario_first_card_glasnost_and_mad_the_dealer_chooses_the_victim() {
    let (mut st, _) = turn_first(4, "GLAS", &[]);
    assert_eq!(to_act(&st), (3, DecisionKind::ChooseTarget));
    assert_eq!(legal(&st), vec![TARGET, TARGET + 1, TARGET + 2]);
    act(&mut st, TARGET);
    assert_revealed(&st, 0, &["R1", "Y2"]);
    assert_turn(&st, 3);
    let (mut st, _) = turn_first(4, "MAD", &[]);
    assert_eq!(to_act(&st), (3, DecisionKind::ChooseTarget));
    let log = act_log(&mut st, TARGET + 1);
    assert_eq!(log, vec![Event::Eliminated { seat: 1 }]);
    assert!(!st.is_active(1));
    assert_turn(&st, 3);
}

#[test]
fn scenario_first_card_bastard_cards_end_the_hand_at_once() {
    let v = serde_json::json!({
        "players": 2, "options": { "target": 0 }, "dealer": 1, "first_card": "G9",
        "hands": [["QUIT", "SHIT", "FUCK", "HOLY"], ["R1"]],
    });
    let mut log = Vec::new();
    let st = HotDeathScenario::from_json(&v.to_string())
        .and_then(|s| s.build_logged(&mut log))
        .unwrap();
    assert_eq!(st.last_hand_end(), Some(HandEnd::BastardCards));
    assert_eq!(st.to_act(), None);
}

#[test]
fn scenario_first_card_rejects_fields_the_rules_set() {
    let base =
        || serde_json::json!({ "players": 2, "first_card": "R1", "hands": [["R3"], ["R4"]] });
    for (field, value) in [
        ("discard", serde_json::json!(["R2"])),
        ("color", serde_json::json!("red")),
        (
            "attack",
            serde_json::json!({ "kind": "draw", "cards": 4, "victim": 0 }),
        ),
        ("eliminated", serde_json::json!([1])),
    ] {
        let mut v = base();
        v[field] = value;
        let e = scenario_error(v);
        assert!(
            e.starts_with(&format!("'{field}' cannot be given with 'first_card'")),
            "{e}"
        );
    }
    let mut v = base();
    v["first_card"] = "XX".into();
    assert!(scenario_error(v).starts_with("first_card: unknown card 'XX'"));
    let mut v = base();
    v.as_object_mut().unwrap().remove("first_card");
    assert_eq!(
        scenario_error(v),
        "'discard' must hold at least the top card (or give 'first_card')"
    );
}

// ----- unplaced cards -----

#[test]
fn scenario_unplaced_cards_to_the_discard_pile_then_reshuffled() {
    let v = serde_json::json!({
        "players": 2, "options": { "target": 0 }, "seed": 7, "dealer": 1,
        "hands": [["R3", "Y8"], ["R4", "Y9"]], "discard": ["G5"], "draw_pile": ["B1"],
        "unplaced": "discard",
    });
    let mut st = build_value(v.clone());
    let deck = st
        .options()
        .deck()
        .iter()
        .map(|&c| c as usize)
        .sum::<usize>();
    assert_eq!(st.top(), card("G5"));
    assert_eq!(st.discard_len(), deck - 5);
    assert_eq!(st.draw_pile().len(), 1);
    let log = act_log(&mut st, DRAW);
    assert_eq!(log, vec![drew(0, "B1")]);
    assert_eq!(st.draw_pile().len(), 0);
    assert_eq!(to_act(&st), (0, DecisionKind::PostDraw));
    act(&mut st, PASS);
    assert_turn(&st, 1);
    let log = act_log(&mut st, DRAW);
    assert_eq!(
        log[0],
        Event::Reshuffled {
            cards: (deck - 6) as u16
        }
    );
    assert!(matches!(log[1], Event::Drew { seat: 1, .. }));
    assert_eq!(st.counters().reshuffles, 1);
    assert_eq!(st.discard_len(), 1);
    assert_eq!(st.draw_pile().len(), deck - 7);
    // The default puts them in the draw pile.
    let mut d = v;
    d["unplaced"] = "draw_pile".into();
    let st = build_value(d);
    assert_eq!((st.discard_len(), st.draw_pile().len()), (1, deck - 5));
}

#[test]
fn scenario_unplaced_rejects_unknown_values() {
    let v = serde_json::json!({
        "players": 2, "hands": [["R3"], ["R4"]], "discard": ["G5"], "unplaced": "under",
    });
    assert_eq!(
        scenario_error(v),
        "unknown 'unplaced' value 'under' (draw_pile or discard)"
    );
}

// ===================================================================================
// Turn rules: UNO, drawing, reshuffling
// ===================================================================================

/// Seed: "When you have one card left in your hand, you must call 'Uno'. If you're caught not
/// doing so, you must draw two cards."
#[test]
fn uno_silent_player_caught_draws_two() {
    let mut st = four(
        [&["R7", "R8"], &["G1", "G2"], &["B1", "B2"], &["Y1", "Y2"]],
        &["R5"],
        &["G7", "G8"],
        none(),
    );
    act(&mut st, play("R7"));
    assert_eq!(to_act(&st), (0, DecisionKind::CallUno));
    assert_eq!(legal(&st), vec![CALL_UNO, STAY_SILENT]);
    act(&mut st, STAY_SILENT);
    assert_eq!(to_act(&st), (1, DecisionKind::CatchUno));
    assert_eq!(legal(&st), vec![CATCH, NO_CATCH]);
    let log = act_log(&mut st, CATCH);
    assert!(log.contains(&Event::UnoCaught {
        seat: 0,
        by: Some(1)
    }));
    assert_eq!(punished(&log, 0), vec![2]);
    assert_hand(&st, 0, &["R8", "G7", "G8"]);
    assert_eq!(st.counters().uno_penalties, 1);
    assert_turn(&st, 1);
}

/// Seed: "you must call 'Uno'": a called UNO cannot be caught.
#[test]
fn uno_called_is_not_penalised() {
    let mut st = four(
        [&["R7", "R8"], &["G1", "G2"], &["B1", "B2"], &["Y1", "Y2"]],
        &["R5"],
        &[],
        none(),
    );
    act(&mut st, play("R7"));
    let log = act_log(&mut st, CALL_UNO);
    assert!(log.contains(&Event::UnoCalled { seat: 0 }));
    assert_hand(&st, 0, &["R8"]);
    assert_turn(&st, 1);
}

/// Seed: "To catch someone, yell out 'Uno' before someone plays their next card." Every other
/// active player may catch, in seat order; if nobody does, the miss is forgiven.
#[test]
fn uno_miss_not_caught_by_anyone() {
    let mut st = four(
        [&["R7", "R8"], &["G1", "G2"], &["B1", "B2"], &["Y1", "Y2"]],
        &["R5"],
        &[],
        serde_json::json!({"eliminated": [2]}),
    );
    act(&mut st, play("R7"));
    act(&mut st, STAY_SILENT);
    assert_eq!(to_act(&st), (1, DecisionKind::CatchUno));
    act(&mut st, NO_CATCH);
    // The eliminated seat 2 is not asked.
    assert_eq!(to_act(&st), (3, DecisionKind::CatchUno));
    act(&mut st, NO_CATCH);
    assert_hand(&st, 0, &["R8"]);
    assert_eq!(st.counters().uno_penalties, 0);
    assert_turn(&st, 1);
}

/// Seed: Luck o' the Irish, "Every other draw can be lessened by one card": the UNO penalty
/// is 1.
#[test]
fn uno_penalty_with_luck_o_the_irish_is_one() {
    let mut st = four(
        [&["R7", "LUCK"], &["G1", "G2"], &["B1", "B2"], &["Y1", "Y2"]],
        &["R5"],
        &["G7", "G8"],
        none(),
    );
    act(&mut st, play("R7"));
    act(&mut st, STAY_SILENT);
    let log = act_log(&mut st, CATCH);
    assert_eq!(punished(&log, 0), vec![1]);
    assert_hand(&st, 0, &["LUCK", "G7"]);
    assert_turn(&st, 1);
}

/// Seed: "If a player can not play or does not wish to play a certain card, they can draw from
/// the draw pile. The person either has the option of playing the card he drew."
#[test]
fn draw_then_play_the_drawn_card() {
    let mut st = four(
        [&["R9", "B1", "G2"], &["G1"], &["B2"], &["Y2"]],
        &["R5"],
        &["R3"],
        none(),
    );
    // Drawing is allowed although R9 could be played.
    assert!(legal(&st).contains(&DRAW));
    act(&mut st, DRAW);
    assert_eq!(to_act(&st), (0, DecisionKind::PostDraw));
    assert_eq!(st.drawn_card(), Some(card("R3")));
    // Only the drawn card may be played.
    assert_eq!(legal(&st), vec![play("R3"), PASS]);
    act(&mut st, play("R3"));
    assert_eq!(st.top(), card("R3"));
    assert_hand(&st, 0, &["R9", "B1", "G2"]);
    assert_turn(&st, 1);
}

/// Seed: "If he can not or chooses not to play the card he drew, then the turn passes onto the
/// next person in the current play direction."
#[test]
fn draw_then_keep_the_drawn_card() {
    let mut st = four(
        [&["R9", "B1", "G2"], &["G1"], &["B2"], &["Y2"]],
        &["R5"],
        &["B8"],
        none(),
    );
    act(&mut st, DRAW);
    assert_eq!(legal(&st), vec![PASS]);
    let log = act_log(&mut st, PASS);
    assert!(log.contains(&Event::KeepDrawn { seat: 0 }));
    assert_hand(&st, 0, &["R9", "B1", "G2", "B8"]);
    assert_eq!(st.top(), card("R5"));
    assert_turn(&st, 1);
    // A playable drawn card may be kept too.
    let mut st = four(
        [&["R9", "B1", "G2"], &["G1"], &["B2"], &["Y2"]],
        &["R5"],
        &["R3"],
        none(),
    );
    act(&mut st, DRAW);
    act(&mut st, PASS);
    assert_hand(&st, 0, &["R9", "B1", "G2", "R3"]);
    assert_turn(&st, 1);
}

/// Seed: "If you run out of cards in the draw pile, shuffle the discard pile." The top card
/// stays.
#[test]
fn reshuffle_when_the_draw_pile_runs_out() {
    let hands: [&[&str]; 4] = [
        &["R+2", "R1", "R2"],
        &["G1", "G2"],
        &["B1", "B2"],
        &["Y1", "Y2"],
    ];
    let mut rest: Vec<i32> = HotDeathOptions::single_hand()
        .deck()
        .iter()
        .map(|&c| c as i32)
        .collect();
    for c in hands
        .iter()
        .flat_map(|h| h.iter())
        .chain(["G9", "R5"].iter())
    {
        rest[card(c) as usize] -= 1;
    }
    let mut discard: Vec<&str> = Vec::new();
    for (k, &n) in rest.iter().enumerate() {
        for _ in 0..n {
            discard.push(CARDS[k].code);
        }
    }
    discard.push("R5");
    let mut st = four(hands, &discard, &["G9"], none());
    assert_eq!(st.draw_pile().len(), 1);
    assert_eq!(st.discard_len(), 314);
    let log = act_log(&mut st, play("R+2"));
    assert!(log.contains(&Event::Reshuffled { cards: 314 }));
    assert_eq!(punished(&log, 1), vec![2]);
    assert_eq!(st.hand(1).len(), 4);
    assert_eq!(st.hand(1).count(card("G9") as usize), 1);
    assert_eq!(st.counters().reshuffles, 1);
    assert_eq!(st.discard_len(), 1);
    assert_eq!(st.top(), card("R+2"));
    assert_eq!(st.draw_pile().len(), 313);
    assert_turn(&st, 2);
}

/// Seed: "The hand is over when a player has no cards left." (decisions: once no attack is
/// pending). A last-card Draw Four sent back by a Fucker keeps its player in the hand.
#[test]
fn hand_ends_only_when_no_attack_is_pending() {
    let hands: [&[&str]; 4] = [
        &["W+4"],
        &["FUCK", "B1", "B2"],
        &["G1", "G2"],
        &["Y1", "Y2"],
    ];
    let draw = ["G7", "G8", "G9", "Y9"];
    let mut st = four(hands, &["R5"], &draw, none());
    act(&mut st, black("W+4", RED));
    assert_eq!(st.hand(0).len(), 0);
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
    let mut back = st.clone();
    act(&mut back, play("FUCK"));
    assert_hand(&back, 0, &draw);
    assert_eq!(back.hands_played(), 0);
    assert_turn(&back, 3);
    // Accepted: now the hand is over, seat 1 scoring its drawn cards.
    act(&mut st, ACCEPT);
    assert_eq!(st.to_act(), None);
    assert_eq!(st.hand_winner(), Some(0));
    // (0 + 1 + 2 + 7 + 8 + 9 + 9) doubled by the Fucker.
    assert_eq!(st.hand_points()[1], 72);
}

/// Seed: "Having 'Quitter, Shitter, Fucker, and Holy Defender' in your hand ends the hand ...
/// The person with the bastard cards scores 0 points for the hand."
#[test]
fn bastard_cards_end_the_hand() {
    let mut st = four(
        [
            &["R+2", "R1", "R2"],
            &["QUIT", "SHIT", "FUCK", "AIDS"],
            &["B1", "B2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &["HOLY", "G1"],
        none(),
    );
    let log = act_log(&mut st, play("R+2"));
    assert!(log.contains(&Event::HandOver {
        winner: Some(1),
        how: HandEnd::BastardCards
    }));
    assert_eq!(st.to_act(), None);
    assert_eq!(st.hand_winner(), Some(1));
    assert_eq!(st.last_hand_end(), Some(HandEnd::BastardCards));
    assert_eq!(st.hand_points()[..4], [3, 0, 3, 3]);
    assert_eq!(st.counters().endings[1], 1);
    // Scored 0, but "caught with" the A.I.D.S.: infected for later hands.
    assert_eq!(st.infections()[..4], [0, 1, 0, 0]);
}

/// Seed: "Having 'Quitter, Shitter, Fucker, and Holy Defender' in your hand ends the hand":
/// also when the fourth comes from the draw on your own turn (decisions: checked "whenever no
/// attack is pending").
#[test]
fn bastard_cards_drawn_on_your_turn_end_the_hand() {
    let mut st = four(
        [&["QUIT", "SHIT", "FUCK", "B9"], &["G1"], &["B2"], &["Y2"]],
        &["R5"],
        &["HOLY"],
        none(),
    );
    let log = act_log(&mut st, DRAW);
    assert!(log.contains(&Event::HandOver {
        winner: Some(0),
        how: HandEnd::BastardCards
    }));
    assert_eq!(st.to_act(), None);
    assert_eq!(st.hand_points()[..4], [0, 1, 2, 2]);
}

/// The fourth bastard card drawn as a punishment after earlier turns have already checked the
/// hands (so the end comes from the check the draw itself arms, not from the scenario's
/// first one).
#[test]
fn bastard_cards_drawn_later_as_a_punishment_end_the_hand() {
    let mut st = four(
        [
            &["R1", "B7", "B6"],
            &["R2", "B8", "B5"],
            &["R+2", "G9", "G8"],
            &["QUIT", "SHIT", "FUCK", "Y2"],
        ],
        &["R5"],
        &["HOLY", "G1"],
        none(),
    );
    act(&mut st, play("R1"));
    assert_turn(&st, 1);
    act(&mut st, play("R2"));
    assert_turn(&st, 2);
    let log = act_log(&mut st, play("R+2"));
    assert!(log.contains(&Event::HandOver {
        winner: Some(3),
        how: HandEnd::BastardCards
    }));
    assert_eq!(st.to_act(), None);
    assert_eq!(st.hand_winner(), Some(3));
    assert_eq!(st.hand_points()[3], 0);
}

// ===================================================================================
// Scoring
// ===================================================================================

/// Ends a four-player single hand at once: seat 0 plays its last card (R3 on R5) while seats
/// 1-3 hold `others`. Returns the hand's points per seat.
fn score_with(others: [&[&str]; 3], extra: serde_json::Value) -> (HotDeathState, [i32; 4]) {
    let mut st = four(
        [&["R3"], others[0], others[1], others[2]],
        &["R5"],
        &[],
        extra,
    );
    let log = act_log(&mut st, play("R3"));
    assert!(log.contains(&Event::HandOver {
        winner: Some(0),
        how: HandEnd::OutOfCards
    }));
    assert_eq!(st.to_act(), None);
    let pts: [i32; 4] = st.hand_points()[..4].try_into().unwrap();
    assert_eq!(st.scores()[..4], pts, "single hand: totals = hand points");
    (st, pts)
}

fn score(others: [&[&str]; 3]) -> [i32; 4] {
    score_with(others, none()).1
}

/// Seed: "Everyone else figures out how many points they have in their hand (the 'winner' has
/// zero points in his hand)"; card values: Skip 20, Reverse 20, Wild 40, Double Skip 40,
/// Reverse Skip 40, Draw Two 20, Draw Four 50, Hot Death 100, Delayed Blast 100, Harvester 0,
/// M.A.D. 75, Glasnost 75, Luck 75, Quitter 100.
#[test]
fn scoring_card_values() {
    assert_eq!(
        score([
            &["R7", "YS", "GR", "W"],
            &["GSS", "BRS", "R+2", "W+4"],
            &["HD", "DB", "HARV", "MAD", "GLAS", "LUCK", "QUIT"],
        ]),
        [0, 87, 150, 525]
    );
}

/// Seed: Spreader, "20 points x # of opponents."
#[test]
fn scoring_spreader_is_twenty_per_opponent() {
    assert_eq!(score([&["YSP"], &["G1"], &["B1"]]), [0, 60, 1, 1]);
    let mut st = two([&["R3"], &["YSP", "G1"]], &["R5"], &[], none());
    act(&mut st, play("R3"));
    assert_eq!(st.hand_points()[..2], [0, 21]);
}

/// Seed: Penn State, "This card is worth the highest point valued card in your hand."
#[test]
fn scoring_penn_state_is_the_highest_card() {
    assert_eq!(
        score([&["PENN", "HD", "G3"], &["G4"], &["Y1"]]),
        [0, 203, 4, 1]
    );
    assert_eq!(score([&["PENN", "G8"], &["W"], &["Y1"]])[1], 16);
    assert_eq!(score([&["PENN"], &["W"], &["Y1"]])[1], 0);
}

/// Seed: Mystery Draw, "worth ten times the number of points of your highest number card, or
/// worth 10 points if you have no number card. Note, if your highest number card is the 'Magic
/// 5', this card is worth negative 50 points."
#[test]
fn scoring_mystery_draw() {
    assert_eq!(score([&["MYST", "G8", "Y2"], &["W"], &["Y1"]])[1], 80 + 10);
    assert_eq!(score([&["MYST", "W"], &["G1"], &["Y1"]])[1], 10 + 40);
    assert_eq!(score([&["MYST", "MAG5"], &["G1"], &["Y1"]])[1], -50 - 5);
}

/// Seed: Sixty Nine, "you will score 69 points for this hand, regardless of the other cards in
/// your hand. This point total can be affected by the Magic 5, Holy Defender, Fucker, or
/// overridden by the Shitter."
#[test]
fn scoring_sixty_nine() {
    assert_eq!(score([&["69", "HD", "W+4"], &["G1"], &["Y1"]])[1], 69);
    assert_eq!(score([&["69", "MAG5", "HD"], &["G1"], &["Y1"]])[1], 64);
    assert_eq!(score([&["69", "FUCK", "G9"], &["G1"], &["Y1"]])[1], 138);
    assert_eq!(score([&["69", "HOLY"], &["G1"], &["Y1"]])[1], 35);
    // Overridden by the Shitter: the highest score of the hand (the 69).
    assert_eq!(score([&["69"], &["SHIT", "G1"], &["Y1"]])[2], 69);
}

/// Seed: Fucker, "Doubles your point total if you are caught with it at the end of the hand".
#[test]
fn scoring_fucker_doubles() {
    assert_eq!(score([&["FUCK", "R9", "W"], &["G1"], &["Y1"]])[1], 98);
}

/// Seed: Holy Defender, "add up your score as normal and divide in half. If you have a negative
/// point total, this divides that in half, increasing your score." (rounded up: port (x+1)/2)
#[test]
fn scoring_holy_defender_halves() {
    assert_eq!(score([&["HOLY", "R9"], &["G1"], &["Y1"]])[1], 5);
    assert_eq!(score([&["HOLY", "G9", "W"], &["G1"], &["Y1"]])[1], 25);
    assert_eq!(score([&["HOLY", "MAG5"], &["G1"], &["Y1"]])[1], -2);
}

/// Seed: "Getting caught with the Quitter and the Fucker in your hand is worth 1000 points";
/// Quitter, "If you have this card and the Fucker, both cards are worth 1000 points (total, not
/// each)."
#[test]
fn scoring_quitter_with_fucker_is_1000() {
    assert_eq!(score([&["QUIT", "FUCK", "Y3"], &["G1"], &["Y1"]])[1], 1003);
    assert_eq!(
        score([&["QUIT", "FUCK", "HOLY", "Y3"], &["G1"], &["Y1"]])[1],
        502
    );
    assert_eq!(score([&["QUIT", "Y3"], &["G1"], &["Y1"]])[1], 103);
}

/// Seed: Shitter, "If you are caught with the most amount of points in your hand, this card has
/// no effect. Otherwise, you earn the same number of points as the person who scored highest".
#[test]
fn scoring_shitter_takes_the_top_score() {
    assert_eq!(
        score([&["W+4", "R7"], &["SHIT", "G8"], &["Y4"]]),
        [0, 57, 57, 4]
    );
    assert_eq!(
        score([&["R7"], &["SHIT", "QUIT", "W"], &["Y4"]]),
        [0, 7, 140, 4]
    );
}

/// Seed: A.I.D.S., "If you are caught with this in your hand at the end of the game, you lose
/// 10 points for this hand and every other subsequent hand you lose. The effects of this are
/// cumulative."
#[test]
fn scoring_aids_infection_is_minus_ten_per_infection() {
    let (st, pts) = score_with([&["AIDS", "R9"], &["G5"], &["Y5"]], none());
    assert_eq!(pts, [0, 12 - 10, 5, 5]);
    assert_eq!(st.infections()[..4], [0, 1, 0, 0]);
    // Earlier infections: seat 0 wins (no penalty), seat 1 catches a second one.
    let (st, pts) = score_with(
        [&["AIDS", "R9"], &["G5"], &["Y5"]],
        serde_json::json!({"infections": [1, 1, 2, 0]}),
    );
    assert_eq!(pts, [0, 12 - 20, 5 - 20, 5]);
    assert_eq!(st.infections()[..4], [1, 2, 2, 0]);
}

/// Seed: "it is possible to 'lose' a hand but have a negative point total (lowest possible
/// point total -- (negative) 120 points -- figure it out)": Magic 5 (-5) + Mystery Draw with the
/// Magic 5 highest (-50), doubled by the Fucker, minus 10 for one earlier infection.
#[test]
fn scoring_the_minus_120_puzzle() {
    let (_, pts) = score_with(
        [&["MAG5", "MYST", "FUCK"], &["G5"], &["Y5"]],
        serde_json::json!({"infections": [0, 1, 0, 0]}),
    );
    assert_eq!(pts[1], -120);
}

// ===================================================================================
// Elimination
// ===================================================================================

/// Seed: Quitter, "His hand is 'frozen' until the hand [ends]": the frozen hand is scored.
#[test]
fn eliminated_hand_is_frozen_and_scored_at_the_end() {
    let (_, pts) = score_with(
        [&["HD", "R9"], &["G5"], &["Y5"]],
        serde_json::json!({"eliminated": [1]}),
    );
    assert_eq!(pts, [0, 109, 5, 5]);
}

/// Seed: Quitter, "The quitter causes the next person to be taken out of the game": eliminated
/// players are skipped over, are not hit by a Spreader and cannot be chosen as victims.
#[test]
fn eliminated_players_take_no_part() {
    let elim = serde_json::json!({"eliminated": [1]});
    let hands: [&[&str]; 4] = [
        &["R7", "RS", "YSP", "MAD"],
        &["G1", "G2"],
        &["B1", "B2"],
        &["Y1", "Y2"],
    ];
    let mut st = four(hands, &["R5"], &[], elim.clone());
    act(&mut st, play("R7"));
    assert_turn(&st, 2);
    let mut st = four(hands, &["R5"], &[], elim.clone());
    let log = act_log(&mut st, play("RS"));
    assert_eq!(skipped(&log), vec![2]);
    assert_turn(&st, 3);
    let mut st = four(hands, &["Y5"], &[], elim.clone());
    act(&mut st, play("YSP"));
    assert_hand(&st, 1, &["G1", "G2"]);
    assert_eq!(st.hand(2).len(), 4);
    assert_eq!(st.hand(3).len(), 4);
    let mut st = four(hands, &["Y5"], &[], elim);
    act(&mut st, play("MAD"));
    // Seats 2 and 3 only (2 and 3 places to the left).
    assert_eq!(legal(&st), vec![TARGET + 1, TARGET + 2]);
}

/// Decisions: "One active player left: that player wins the hand (port; seed silent)."
#[test]
fn last_player_standing_wins_the_hand() {
    let mut st = four(
        [
            &["MAD", "Y2", "Y3"],
            &["B7", "B8"],
            &["AIDS", "G4"],
            &["R1", "R2"],
        ],
        &["Y5"],
        &[],
        serde_json::json!({"eliminated": [3]}),
    );
    act(&mut st, play("MAD"));
    assert_eq!(legal(&st), vec![TARGET, TARGET + 1]);
    let log = act_log(&mut st, TARGET);
    assert!(log.contains(&Event::HandOver {
        winner: Some(2),
        how: HandEnd::LastStanding
    }));
    assert_eq!(st.hand_winner(), Some(2));
    assert_eq!(st.hand_points()[..4], [5, 15, 0, 3]);
    assert_eq!(st.outcome().unwrap().winner, Some(2));
    // The winner's A.I.D.S. still infects (decisions: "each A.I.D.S. card held at the end of a
    // hand infects its holder"), without this hand's -10.
    assert_eq!(st.infections()[..4], [0, 0, 1, 0]);
}

/// Seed: "If all players are eliminated in a hand (it's happened), then there is no winner. In
/// this case ... Everyone totals the points in their hand, which gets added to your score. The
/// one who scores the lowest number of points will deal the next hand."
#[test]
fn everyone_eliminated_no_winner_lowest_scorer_deals_next() {
    let mut st = two(
        [&["MAD", "HD", "Y3"], &["R1", "B2"]],
        &["Y5"],
        &[],
        serde_json::json!({"options": {"target": 1000}, "dealer": 0}),
    );
    let log = act_log(&mut st, play("MAD"));
    assert!(log.contains(&Event::HandOver {
        winner: None,
        how: HandEnd::AllEliminated
    }));
    assert_eq!(st.hand_winner(), None);
    assert_eq!(st.last_hand_end(), Some(HandEnd::AllEliminated));
    assert_eq!(st.hands_played(), 1);
    assert_eq!(st.scores()[..2], [103, 3]);
    assert_eq!(st.dealer(), 1);
    assert_eq!(to_act(&st), (1, DecisionKind::ChooseNumber));
}

// ===================================================================================
// The match
// ===================================================================================

/// Seed: "This player 'wins' the hand and deals the next game." and "dealer choose a number of
/// cards to deal between 5 and 15".
#[test]
fn match_hand_winner_deals_next_and_chooses_the_hand_size() {
    let mut st = four(
        [&["R3"], &["G1", "G2"], &["B1", "B2"], &["Y1", "Y2"]],
        &["R5"],
        &[],
        serde_json::json!({"options": {"target": 1000}, "dealer": 3}),
    );
    act(&mut st, play("R3"));
    assert_eq!(st.hands_played(), 1);
    assert_eq!(st.scores()[..4], [0, 3, 3, 3]);
    assert_eq!(st.dealer(), 0);
    assert_eq!(to_act(&st), (0, DecisionKind::ChooseNumber));
    assert_eq!(legal(&st), (HAND_SIZE..HAND_SIZE + 11).collect::<Vec<_>>());
    let log = act_log(&mut st, HAND_SIZE + 3);
    assert!(log.contains(&Event::HandSize { cards: 8 }));
    for s in 0..4u8 {
        let dealt = log
            .iter()
            .filter(|e| matches!(e, Event::Deal { seat, .. } if *seat == s))
            .count();
        assert_eq!(dealt, 8, "seat {s} dealt 8");
    }
    assert_eq!(st.scores()[..4], [0, 3, 3, 3], "totals carried over");
}

/// Option `hand_size` fixes the deal instead of the dealer's decision.
#[test]
fn match_hand_size_option_deals_without_a_decision() {
    let mut st = four(
        [&["R3"], &["G1", "G2"], &["B1", "B2"], &["Y1", "Y2"]],
        &["R5"],
        &[],
        serde_json::json!({"options": {"target": 1000, "hand_size": 12}}),
    );
    let log = act_log(&mut st, play("R3"));
    assert!(log.contains(&Event::HandStart { hand: 2, dealer: 0 }));
    assert!(log.contains(&Event::HandSize { cards: 12 }));
    let dealt = log
        .iter()
        .filter(|e| matches!(e, Event::Deal { .. }))
        .count();
    assert_eq!(dealt, 48);
    assert_ne!(st.to_act().map(|t| t.1), Some(DecisionKind::ChooseNumber));
}

/// Seed: "The game ends when you reach 1000 points ... The person with the lowest point total at
/// this point is deemed the winner." (here with `target` = 100)
#[test]
fn match_ends_at_the_target_and_the_lowest_total_wins() {
    let mut st = four(
        [&["R3"], &["B1"], &["R9"], &["G1"]],
        &["R5"],
        &[],
        serde_json::json!({"options": {"target": 100}, "scores": [90, 10, 95, 60]}),
    );
    act(&mut st, play("R3"));
    assert_eq!(st.to_act(), None);
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(1), "lowest total, not the hand's winner");
    assert_eq!(o.points[..4], [90, 11, 104, 61]);
    assert_eq!(o.placing[..4], [3, 1, 4, 2]);
    assert_eq!(o.hands, 1);
}

/// Seed: "The game ends when you reach 1000 points": below the target the match goes on.
#[test]
fn match_goes_on_below_the_target() {
    let mut st = four(
        [&["R3"], &["B1"], &["R8"], &["G1"]],
        &["R5"],
        &[],
        serde_json::json!({"options": {"target": 100}, "scores": [90, 10, 91, 60]}),
    );
    act(&mut st, play("R3"));
    assert_eq!(st.scores()[..4], [90, 11, 99, 61]);
    assert_eq!(st.outcome(), None);
    assert_eq!(to_act(&st), (0, DecisionKind::ChooseNumber));
}

// ===================================================================================
// Strict apply
// ===================================================================================

/// An illegal action is refused with a typed error and changes nothing.
#[test]
fn strict_apply_refuses_illegal_actions_without_a_change() {
    let mut st = four(
        [
            &["R7", "B5", "G9"],
            &["G1", "G2"],
            &["B1", "B2"],
            &["Y1", "Y2"],
        ],
        &["R5"],
        &[],
        none(),
    );
    let before = format!("{st:?}");
    assert_eq!(
        st.apply(play("G9")),
        Err(IllegalAction::NotLegal {
            action: play("G9"),
            seat: 0,
            decision: DecisionKind::Play
        })
    );
    assert_eq!(
        st.apply(play("Y1")),
        Err(IllegalAction::NotLegal {
            action: play("Y1"),
            seat: 0,
            decision: DecisionKind::Play
        }),
        "a card not held"
    );
    assert!(matches!(
        st.apply(130),
        Err(IllegalAction::OutOfRange { action: 130, .. })
    ));
    assert!(st.apply(ACCEPT).is_err());
    assert_eq!(format!("{st:?}"), before);
    // During an attack only answers and accepting are legal.
    let mut st = four(
        [
            &["R1", "R2"],
            &["W+4", "B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[],
        serde_json::json!({"color": "green",
            "attack": {"kind": "draw", "cards": 4, "victim": 1, "inflicter": 0}}),
    );
    let before = format!("{st:?}");
    assert!(st.apply(DRAW).is_err());
    assert!(st.apply(play("B1")).is_err());
    assert_eq!(format!("{st:?}"), before);
    // A finished game refuses everything.
    let mut st = four([&["R3"], &["G1"], &["B1"], &["Y1"]], &["R5"], &[], none());
    act(&mut st, play("R3"));
    assert_eq!(st.apply(DRAW), Err(IllegalAction::GameOver));
}

/// Seed: "Cut for first deal, high number card deals. Letter and wild cards are ignored." and
/// "Players are dealt cards (dealer choose a number of cards to deal between 5 and 15)".
#[test]
fn cut_for_first_deal_high_number_deals_and_chooses_the_hand_size() {
    for seed in 0..50u64 {
        let mut log = Vec::new();
        let st = HotDeathState::new_logged(HotDeathOptions::default(), 4, seed, &mut log).unwrap();
        let cuts: Vec<(u8, u8)> = log
            .iter()
            .filter_map(|e| match *e {
                Event::Cut { seat, card } => Some((seat, card)),
                _ => None,
            })
            .collect();
        let value = |k: u8| if k == SIXTY_NINE { 69 } else { number_of(k) };
        assert!(
            cuts.iter().all(|&(_, k)| number_of(k) != NO_NUMBER),
            "numbers only"
        );
        // The first round: one cut per seat; a unique highest deals (ties cut again).
        let first: Vec<(u8, u8)> = cuts[..4].to_vec();
        assert_eq!(
            first.iter().map(|c| c.0).collect::<Vec<_>>(),
            vec![0, 1, 2, 3]
        );
        let best = first.iter().map(|&(_, k)| value(k)).max().unwrap();
        let top: Vec<u8> = first
            .iter()
            .filter(|&&(_, k)| value(k) == best)
            .map(|c| c.0)
            .collect();
        if top.len() == 1 {
            assert_eq!(cuts.len(), 4);
            assert_eq!(st.dealer(), top[0]);
        } else {
            assert!(top.contains(&st.dealer()), "a tied player deals");
        }
        assert_eq!(to_act(&st), (st.dealer(), DecisionKind::ChooseNumber));
        assert_eq!(legal(&st), (HAND_SIZE..HAND_SIZE + 11).collect::<Vec<_>>());
        assert!((0..4).all(|s| st.hand(s).is_empty()));
    }
}

/// Seed: "The one who scores the lowest number of points will deal the next hand. If that is
/// also a tie, tie break with a cut of the deck as in determining first deal (low man deals)."
#[test]
fn everyone_eliminated_with_tied_scores_low_cut_deals() {
    let mut st = two(
        [&["MAD", "Y2", "Y3"], &["R1", "B4"]],
        &["Y5"],
        &[],
        serde_json::json!({"options": {"target": 1000}}),
    );
    let log = act_log(&mut st, play("MAD"));
    assert_eq!(st.hand_points()[..2], [5, 5]);
    let value = |k: u8| if k == SIXTY_NINE { 69 } else { number_of(k) };
    let cuts: Vec<(u8, u8)> = log
        .iter()
        .filter_map(|e| match *e {
            Event::Cut { seat, card } => Some((seat, value(card))),
            _ => None,
        })
        .collect();
    assert!(cuts.len() >= 2 && cuts.chunks(2).all(|c| c.len() == 2));
    // The last round decides: the lower card deals.
    let last = &cuts[cuts.len() - 2..];
    assert_ne!(last[0].1, last[1].1);
    let low = if last[0].1 < last[1].1 {
        last[0].0
    } else {
        last[1].0
    };
    assert_eq!(st.dealer(), low);
    assert_eq!(to_act(&st), (low, DecisionKind::ChooseNumber));
}

/// Seed: "Defenses work as follows (in the case of stacked draws, defenses affect the last
/// player of the Draw-Four-type card)": a Holy Defender does not change who shares an
/// A.I.D.S. split; a Fucker's player becomes the one the attack came from.
#[test]
fn inflicter_after_holy_defender_and_fucker() {
    let attack = serde_json::json!({"color": "green",
        "attack": {"kind": "draw", "cards": 8, "victim": 1, "inflicter": 0}});
    let mut st = four(
        [
            &["R1", "R2"],
            &["HOLY", "B1", "B2"],
            &["AIDS", "G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[],
        attack.clone(),
    );
    act(&mut st, play("HOLY"));
    assert_eq!(st.attack_summary(), Some(("draw", 2, 8, Some(0))));
    let log = act_log(&mut st, play("AIDS"));
    assert_eq!(punished(&log, 0), vec![4]);
    assert_eq!(punished(&log, 2), vec![4]);
    assert!(punished(&log, 1).is_empty());
    assert_turn(&st, 3);

    let mut st = four(
        [
            &["AIDS", "R2", "R1"],
            &["FUCK", "B1", "B2"],
            &["G1", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[],
        attack,
    );
    act(&mut st, play("FUCK"));
    assert_eq!(st.attack_summary(), Some(("draw", 0, 8, Some(1))));
    let log = act_log(&mut st, play("AIDS"));
    assert_eq!(punished(&log, 1), vec![4]);
    assert_eq!(punished(&log, 0), vec![4]);
    // Counter-clockwise after the Fucker: seat 3 plays after seat 0.
    assert_turn(&st, 3);
}

/// Seed: Delayed Blast, "This acts like a Draw Four, but skips a player." - also when stacked.
#[test]
fn delayed_blast_stacked_skips_a_player_too() {
    let mut st = four(
        [
            &["R1", "R2"],
            &["DB", "B1", "B2"],
            &["W+4", "G2"],
            &["Y1", "Y2"],
        ],
        &["R3", "W+4"],
        &[],
        serde_json::json!({"color": "green",
            "attack": {"kind": "draw", "cards": 4, "victim": 1, "inflicter": 0}}),
    );
    let log = act_log(&mut st, black("DB", BLUE));
    assert_eq!(skipped(&log), vec![2, 3]);
    assert_eq!(punished(&log, 3), vec![8]);
    assert_eq!(st.hand(2).len(), 2);
    assert_eq!(st.hand(3).len(), 10);
    assert_turn(&st, 0);
}

/// Seed: Luck o' the Irish, "all situations where you must draw cards as a 'punishment'":
/// the Spreader's two as well.
#[test]
fn luck_o_the_irish_reduces_a_spreader_draw() {
    let mut st = four(
        [
            &["YSP", "Y1", "Y2"],
            &["LUCK", "G2"],
            &["B1", "B2"],
            &["R1", "R2"],
        ],
        &["Y5"],
        &["G7", "B7", "B8", "R7", "R8"],
        none(),
    );
    let log = act_log(&mut st, play("YSP"));
    assert_eq!(punished(&log, 1), vec![1]);
    assert_hand(&st, 1, &["LUCK", "G2", "G7"]);
    assert_hand(&st, 2, &["B1", "B2", "B7", "B8"]);
    assert_hand(&st, 3, &["R1", "R2", "R7", "R8"]);
    assert_turn(&st, 0);
}

/// Seed: "When you have one card left in your hand, you must call 'Uno'" - also after an
/// answer: the call comes before the answer's effect.
#[test]
fn uno_call_after_an_answer() {
    let mut st = four(
        [&["R1", "R2"], &["FUCK", "B1"], &["G1", "G2"], &["Y1", "Y2"]],
        &["R3", "W+4"],
        &["G7", "G8", "G9", "Y9"],
        serde_json::json!({"color": "green",
            "attack": {"kind": "draw", "cards": 4, "victim": 1, "inflicter": 0}}),
    );
    act(&mut st, play("FUCK"));
    assert_eq!(to_act(&st), (1, DecisionKind::CallUno));
    act(&mut st, CALL_UNO);
    assert_hand(&st, 0, &["R1", "R2", "G7", "G8", "G9", "Y9"]);
    assert_hand(&st, 1, &["B1"]);
    assert_turn(&st, 3);
}

/// Seed: "The hand is over when a player has no cards left." Two players can be out of cards
/// when an attack resolves (the attacker went out with it, the defender answered with their
/// last card): the first one out wins (ruling, docs/rules/hot-death.md section 5.4).
#[test]
fn the_first_player_out_of_cards_wins_when_two_are_out() {
    // Seat 2 (higher seat) goes out first with a Draw Four; seat 3 answers with their last
    // card, a Holy Defender; seat 0 cannot answer and takes the four.
    let mut st = build(
        r#"{"players": 4, "options": {"target": 0, "uno_call": false},
            "hands": [["R1", "G7"], ["B3", "Y4"], ["W+4"], ["HOLY"]],
            "discard": ["R3"], "current": 2}"#,
    );
    act(&mut st, black("W+4", RED));
    assert_eq!(st.to_act(), Some((3, DecisionKind::Respond)));
    act(&mut st, play("HOLY"));
    assert!(st.is_terminal());
    assert_eq!(st.hand_winner(), Some(2), "seat 2 ran out first");
    assert_eq!(st.hand(0).len(), 6, "seat 0 took the four");
    assert_eq!(st.hand(3).len(), 0);
    assert_eq!(st.last_hand_end(), Some(HandEnd::OutOfCards));
}

// ----- replay log events (logged play only) -----

/// Seed S68: the Sixty Nine "must show the card" when it lets a 6 go on a 9: an event says so,
/// after the play; a 6 on a 9 of its own colour needs no show, so nothing is logged.
#[test]
fn sixty_nine_show_is_an_event() {
    let mut st = build(
        r#"{"players": 2, "options": {"target": 0}, "hands": [["69", "R6", "Y6", "G1"],
            ["B1", "B2"]], "discard": ["B9"], "color": "blue"}"#,
    );
    let log = act_log(&mut st, play("R6"));
    assert_eq!(
        &log[..2],
        &[
            Event::Played {
                seat: 0,
                card: card("R6"),
                color: RED
            },
            Event::SixtyNineShown {
                seat: 0,
                card: card("R6"),
                on: card("B9")
            }
        ]
    );
    assert_revealed(&st, 0, &["69"]);
    let mut st = build(
        r#"{"players": 2, "options": {"target": 0}, "hands": [["69", "R6", "Y6", "G1"],
            ["B1", "B2"]], "discard": ["Y9"], "color": "yellow"}"#,
    );
    let log = act_log(&mut st, play("Y6"));
    assert!(
        !log.iter()
            .any(|e| matches!(e, Event::SixtyNineShown { .. })),
        "{log:?}"
    );
}

/// A Glasnost's shown hand is logged card by card after `Revealed`, and the attack names
/// what it is (no cards to draw).
#[test]
fn glasnost_reveal_lists_the_cards() {
    let mut st = build(
        r#"{"players": 3, "options": {"target": 0}, "hands": [["GLAS", "R6", "G1"], ["B1", "B2"],
            ["G7", "G8"]], "discard": ["R9"], "color": "red"}"#,
    );
    act(&mut st, play("GLAS"));
    let log = act_log(&mut st, TARGET + 1);
    assert_eq!(
        log,
        vec![
            Event::Attack {
                victim: 2,
                cards: 0,
                kind: uno_engine::hotdeath::AttackOn::Glasnost
            },
            Event::Revealed { seat: 2 },
            Event::Shown {
                seat: 2,
                card: card("G7")
            },
            Event::Shown {
                seat: 2,
                card: card("G8")
            },
        ]
    );
}
