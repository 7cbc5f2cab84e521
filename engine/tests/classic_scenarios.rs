//! Scenario tests for classic UNO: one exact position per card and per rule, advanced with the
//! strict `Game::apply`, and the resulting state checked precisely.
//!
//! Positions are written in the scenario notation (`uno_engine::classic::Scenario`); its
//! `draw_pile` fixes the order of the next cards drawn, so every draw below is known in advance.

use uno_engine::classic::action::{
    ACCEPT, CALL_UNO, CATCH, CHALLENGE, CHOOSE_COLOR, DECLINE_JUMP_IN, DRAW, NO_CATCH, PASS,
    PLAY_WILD, STAY_SILENT, TARGET,
};
use uno_engine::classic::{
    encode_play, face, parse_card, ClassicOptions, ClassicState, DrawReason, Event, Face, Scenario,
    CARDS, DECK_SIZE, NO_COLOR, NUM_ACTIONS, NUM_KINDS,
};
use uno_engine::{
    Action, ActionList, DecisionKind, Ending, Game, GameCounters, IllegalAction, Seat,
};

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
    assert!(k < 52, "{code} is wild: use wild()/wd4()");
    encode_play(k, 0)
}

fn wild(color: u8) -> Action {
    encode_play(card("W"), color)
}

fn wd4(color: u8) -> Action {
    encode_play(card("W+4"), color)
}

/// Builds a scenario, panicking with the builder's message if it is rejected.
fn build(json: &str) -> ClassicState {
    let st = Scenario::from_json(json)
        .and_then(|s| s.build())
        .unwrap_or_else(|e| panic!("scenario rejected: {e}"));
    assert_eq!(st.total_cards(), DECK_SIZE);
    st
}

fn legal(st: &ClassicState) -> Vec<Action> {
    let mut out = ActionList::new();
    st.legal_actions(&mut out);
    out.to_vec()
}

/// Strict apply that must succeed; also checks that the deck stays whole.
fn act(st: &mut ClassicState, a: Action) {
    if let Err(e) = st.apply(a) {
        panic!(
            "{} ({a}) rejected: {e}; legal: {:?}",
            st.action_name(a),
            legal(st)
        );
    }
    assert_eq!(st.total_cards(), DECK_SIZE, "cards lost or created");
}

fn to_act(st: &ClassicState) -> (Seat, DecisionKind) {
    st.to_act().expect("game should not be over")
}

/// The hand of `seat` as card codes, sorted by kind id.
fn hand(st: &ClassicState, seat: usize) -> Vec<&'static str> {
    let h = st.hand(seat);
    let mut v = Vec::new();
    for (k, info) in CARDS.iter().enumerate() {
        for _ in 0..h.count(k) {
            v.push(info.code);
        }
    }
    v
}

fn assert_hand(st: &ClassicState, seat: usize, expected: &[&str]) {
    let mut want: Vec<u8> = expected.iter().map(|c| card(c)).collect();
    want.sort();
    let want: Vec<&str> = want.iter().map(|&k| CARDS[k as usize].code).collect();
    assert_eq!(hand(st, seat), want, "hand of seat {seat}");
}

fn hand_points(st: &ClassicState, seat: usize) -> i32 {
    st.hand(seat)
        .iter()
        .map(|(k, c)| CARDS[k].points * c as i32)
        .sum()
}

/// Everything observable that an illegal action must leave alone.
#[derive(Debug, PartialEq)]
struct Snapshot {
    hands: Vec<Vec<&'static str>>,
    top: u8,
    color: u8,
    current: u8,
    clockwise: bool,
    to_act: Option<(Seat, DecisionKind)>,
    pending: u8,
    draw_len: usize,
    discard: Vec<u8>,
    counters: GameCounters,
    legal: Vec<Action>,
}

fn snapshot(st: &ClassicState) -> Snapshot {
    Snapshot {
        hands: (0..st.num_players()).map(|s| hand(st, s)).collect(),
        top: st.top(),
        color: st.color(),
        current: st.current(),
        clockwise: st.clockwise(),
        to_act: st.to_act(),
        pending: st.pending_draw(),
        draw_len: st.draw_pile_len(),
        discard: st.discard_counts().to_vec(),
        counters: *st.counters(),
        legal: legal(st),
    }
}

/// `a` must be rejected as not legal for the seat and decision to act, leaving the state as is.
fn assert_not_legal(st: &mut ClassicState, a: Action) {
    let before = snapshot(st);
    let (seat, decision) = to_act(st);
    assert_eq!(
        st.apply(a),
        Err(IllegalAction::NotLegal {
            action: a,
            seat,
            decision
        }),
        "{} should be illegal",
        st.action_name(a)
    );
    assert_eq!(snapshot(st), before, "state changed by a rejected action");
}

/// Every card of the deck not listed, so a scenario can put them all in the discard pile (bottom
/// first) and leave the draw pile empty.
fn rest_of_deck(placed: &[&str]) -> Vec<&'static str> {
    let mut left: Vec<u8> = CARDS.iter().map(|c| c.copies).collect();
    for c in placed {
        let k = card(c) as usize;
        assert!(left[k] > 0, "too many {c}");
        left[k] -= 1;
    }
    let mut out = Vec::new();
    for (k, &n) in left.iter().enumerate() {
        for _ in 0..n {
            out.push(CARDS[k].code);
        }
    }
    out
}

fn json_list(cards: &[&str]) -> String {
    let quoted: Vec<String> = cards.iter().map(|c| format!("\"{c}\"")).collect();
    format!("[{}]", quoted.join(","))
}

// ----- number cards, illegal actions -----

#[test]
fn number_card_matches_by_colour() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R5", "G7", "B2"], ["Y1", "Y2"], ["G1", "G2"]],
            "discard": ["R3"], "current": 0}"#,
    );
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    assert_eq!(legal(&st), vec![play("R5"), DRAW]);
    act(&mut st, play("R5"));
    assert_eq!(st.top(), card("R5"));
    assert_eq!(st.color(), RED);
    assert_eq!(st.current(), 1);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.last_player(), 0);
    assert_eq!(st.discard_len(), 2);
    assert_hand(&st, 0, &["G7", "B2"]);
    assert_hand(&st, 1, &["Y1", "Y2"]);
    assert_eq!(st.counters().actions, 1);
    assert_eq!(st.counters().turns, 1);
    assert!(st.outcome().is_none());
}

#[test]
fn number_card_matches_by_number() {
    let mut st = build(
        r#"{"players": 3, "hands": [["G3", "B7", "Y9"], ["Y1", "Y2"], ["G1", "G2"]],
            "discard": ["R3"]}"#,
    );
    assert_eq!(legal(&st), vec![play("G3"), DRAW]);
    act(&mut st, play("G3"));
    assert_eq!(st.top(), card("G3"));
    assert_eq!(st.color(), GREEN);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    // Seat 1 now must follow green or a 3: nothing, so only DRAW.
    assert_eq!(legal(&st), vec![DRAW]);
    assert_hand(&st, 0, &["B7", "Y9"]);
}

#[test]
fn illegal_card_rejected_and_state_unchanged() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R5", "G7", "B2"], ["Y1", "Y2"], ["G1", "G2"]],
            "discard": ["R3"]}"#,
    );
    let clone = st.clone();
    // Held but does not match.
    assert_not_legal(&mut st, play("G7"));
    // Matches but not held.
    assert_not_legal(&mut st, play("R9"));
    assert_not_legal(&mut st, wild(BLUE));
    assert_not_legal(&mut st, wd4(BLUE));
    // Ids of other decision kinds.
    for a in [
        PASS,
        CALL_UNO,
        STAY_SILENT,
        CATCH,
        NO_CATCH,
        CHALLENGE,
        ACCEPT,
    ] {
        assert_not_legal(&mut st, a);
    }
    assert_not_legal(&mut st, DECLINE_JUMP_IN);
    assert_not_legal(&mut st, CHOOSE_COLOR);
    assert_not_legal(&mut st, TARGET);
    // Compare against the untouched clone.
    for s in 0..3 {
        assert_eq!(hand(&st, s), hand(&clone, s));
    }
    assert_eq!(st.top(), clone.top());
    assert_eq!(st.current(), clone.current());
    assert_eq!(st.to_act(), clone.to_act());
    assert_eq!(st.counters(), clone.counters());
    // And the legal move still works afterwards.
    act(&mut st, play("R5"));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn out_of_range_action_rejected() {
    let mut st =
        build(r#"{"players": 2, "hands": [["R5", "G7"], ["Y1", "Y2"]], "discard": ["R3"]}"#);
    let before = snapshot(&st);
    for a in [NUM_ACTIONS as Action, 100, Action::MAX] {
        let want = Err(IllegalAction::OutOfRange {
            action: a,
            num_actions: NUM_ACTIONS,
        });
        assert_eq!(st.check(a), want);
        assert_eq!(st.apply(a), want);
    }
    assert_eq!(snapshot(&st), before);
    assert_eq!(ClassicState::NUM_ACTIONS, NUM_ACTIONS);
}

// ----- Skip, Reverse -----

#[test]
fn skip_three_players_skips_next() {
    let mut st = build(
        r#"{"players": 3, "hands": [["RS", "G1", "G2"], ["Y1", "Y2"], ["B1", "B2"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, play("RS"));
    assert_eq!(st.top(), card("RS"));
    assert_eq!(st.color(), RED);
    assert_eq!(st.current(), 2);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
    assert_hand(&st, 1, &["Y1", "Y2"]);
    assert!(st.clockwise());
}

#[test]
fn skip_on_skip_by_symbol_counterclockwise() {
    // A Skip matches another Skip of any colour; counterclockwise from seat 0 the Skip hits
    // seat 2 and seat 1 plays next.
    let mut st = build(
        r#"{"players": 3, "hands": [["BS", "G1", "G2"], ["Y1", "Y2"], ["B1", "B2"]],
            "discard": ["RS"], "current": 0, "direction": "counterclockwise"}"#,
    );
    assert_eq!(legal(&st), vec![play("BS"), DRAW]);
    act(&mut st, play("BS"));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.color(), BLUE);
    assert!(!st.clockwise());
    assert_hand(&st, 2, &["B1", "B2"]);
}

#[test]
fn skip_two_players_same_player_again() {
    let mut st =
        build(r#"{"players": 2, "hands": [["RS", "G1", "G2"], ["Y1", "Y2"]], "discard": ["R3"]}"#);
    act(&mut st, play("RS"));
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    assert_hand(&st, 1, &["Y1", "Y2"]);
}

#[test]
fn reverse_four_players_previous_player_next() {
    let mut st = build(
        r#"{"players": 4, "hands": [["R4", "Y9", "Y8"], ["RR", "G1", "G2"], ["B1", "B2"], ["G5", "R7"]],
            "discard": ["R3"], "current": 1}"#,
    );
    assert!(st.clockwise());
    act(&mut st, play("RR"));
    assert!(!st.clockwise());
    assert_eq!(st.top(), card("RR"));
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    act(&mut st, play("R4"));
    assert_eq!(to_act(&st), (3, DecisionKind::Play));
}

#[test]
fn reverse_three_players_counterclockwise_back_to_clockwise() {
    let mut st = build(
        r#"{"players": 3, "hands": [["Y4", "Y9", "Y8"], ["B1", "B2"], ["YR", "G1", "G2"]],
            "discard": ["R3", "YR"], "current": 2, "direction": "counterclockwise"}"#,
    );
    act(&mut st, play("YR"));
    assert!(st.clockwise());
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn reverse_two_players_acts_as_skip() {
    let mut st =
        build(r#"{"players": 2, "hands": [["RR", "G1", "G2"], ["Y1", "Y2"]], "discard": ["R3"]}"#);
    act(&mut st, play("RR"));
    assert_eq!(st.top(), card("RR"));
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    assert_hand(&st, 1, &["Y1", "Y2"]);
    // As a Skip it leaves the direction flag alone.
    assert!(st.clockwise());
}

#[test]
fn reverse_two_players_rlcard_passes_turn() {
    let mut st = build(
        r#"{"players": 2, "preset": "rlcard", "hands": [["RR", "G1", "G2"], ["Y1", "Y2"]],
            "discard": ["R3"]}"#,
    );
    // rlcard: a card is playable, so drawing is not allowed.
    assert_eq!(legal(&st), vec![play("RR")]);
    act(&mut st, play("RR"));
    assert!(!st.clockwise());
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

// ----- Draw Two -----

#[test]
fn draw_two_victim_draws_two_and_is_skipped() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R+2", "G1", "G2"], ["Y1", "Y2", "B+2"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6", "B7"]}"#,
    );
    act(&mut st, play("R+2"));
    // Without stacking the victim's own Draw Two does not help: no Respond decision.
    assert_hand(&st, 1, &["Y1", "Y2", "B+2", "B5", "B6"]);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
    assert_eq!(st.pending_draw(), 0);
    assert_eq!(st.counters().cards_drawn, 2);
    assert_eq!(st.top(), card("R+2"));
}

#[test]
fn draw_two_two_players_same_player_again() {
    let mut st = build(
        r#"{"players": 2, "hands": [["R+2", "G1", "G2"], ["Y1", "Y2"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6"]}"#,
    );
    act(&mut st, play("R+2"));
    assert_hand(&st, 1, &["Y1", "Y2", "B5", "B6"]);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn draw_two_stacking_passes_sum_on() {
    let mut st = build(
        r#"{"players": 3, "options": {"stack_draw2": true},
            "hands": [["R+2", "G1", "G2"], ["G+2", "Y2", "Y3"], ["B+2", "B1"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6", "B7", "B8"]}"#,
    );
    act(&mut st, play("R+2"));
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
    assert_eq!(st.pending_draw(), 2);
    assert_eq!(legal(&st), vec![play("G+2"), ACCEPT]);
    // Challenging is only for Wild Draw Four.
    assert_not_legal(&mut st, CHALLENGE);
    act(&mut st, play("G+2"));
    assert_eq!(st.top(), card("G+2"));
    assert_eq!(st.color(), GREEN);
    assert_eq!(to_act(&st), (2, DecisionKind::Respond));
    assert_eq!(st.pending_draw(), 4);
    assert_eq!(legal(&st), vec![play("B+2"), ACCEPT]);
    act(&mut st, ACCEPT);
    assert_hand(&st, 2, &["B+2", "B1", "B5", "B6", "B7", "B8"]);
    assert_hand(&st, 1, &["Y2", "Y3"]);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    assert_eq!(st.pending_draw(), 0);
    assert_eq!(st.counters().cards_drawn, 4);
}

#[test]
fn draw_two_stacking_victim_without_draw_two_draws_sum_at_once() {
    let mut st = build(
        r#"{"players": 3, "options": {"stack_draw2": true},
            "hands": [["R+2", "G1", "G2"], ["G+2", "Y2", "Y3"], ["B4", "B1"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6", "B7", "B8"]}"#,
    );
    act(&mut st, play("R+2"));
    act(&mut st, play("G+2"));
    assert_hand(&st, 2, &["B4", "B1", "B5", "B6", "B7", "B8"]);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn draw_two_stacking_accept_first_attack() {
    let mut st = build(
        r#"{"players": 3, "options": {"stack_draw2": true},
            "hands": [["R+2", "G1", "G2"], ["G+2", "Y2", "Y3"], ["B4", "B1"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6"]}"#,
    );
    act(&mut st, play("R+2"));
    act(&mut st, ACCEPT);
    assert_hand(&st, 1, &["G+2", "Y2", "Y3", "B5", "B6"]);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
}

// ----- Wild, Wild Draw Four -----

#[test]
fn wild_names_colour() {
    let mut st = build(
        r#"{"players": 3, "hands": [["W", "R5", "G2"], ["B9", "R3", "Y1"], ["G1", "G3"]],
            "discard": ["R4"]}"#,
    );
    // Wild is playable even while holding the colour.
    assert_eq!(
        legal(&st),
        vec![
            play("R5"),
            PLAY_WILD,
            PLAY_WILD + 1,
            PLAY_WILD + 2,
            PLAY_WILD + 3,
            DRAW
        ]
    );
    act(&mut st, wild(BLUE));
    assert_eq!(st.top(), card("W"));
    assert_eq!(st.color(), BLUE);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_hand(&st, 0, &["R5", "G2"]);
    // Only the named colour matches now.
    assert_eq!(legal(&st), vec![play("B9"), DRAW]);
    act(&mut st, play("B9"));
    assert_eq!(st.color(), BLUE);
}

#[test]
fn wild_draw_four_bluff_allowed_by_default() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R5", "W+4", "G1"], ["Y1", "Y2", "G9"], ["B1", "B2"]],
            "discard": ["R3"]}"#,
    );
    let l = legal(&st);
    for c in 0..4 {
        assert!(l.contains(&wd4(c)), "{l:?}");
    }
    act(&mut st, wd4(GREEN));
    assert_eq!(st.top(), card("W+4"));
    assert_eq!(st.color(), GREEN);
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
    assert_eq!(st.pending_draw(), 4);
    assert_eq!(legal(&st), vec![CHALLENGE, ACCEPT]);
}

#[test]
fn wild_draw_four_strict_not_legal_while_holding_colour() {
    let mut st = build(
        r#"{"players": 3, "options": {"wd4_rule": "strict"},
            "hands": [["R5", "W+4", "G1"], ["Y1", "Y2"], ["B1", "B2"]], "discard": ["R3"]}"#,
    );
    assert_eq!(legal(&st), vec![play("R5"), DRAW]);
    assert_not_legal(&mut st, wd4(GREEN));

    // Without red (a matching number does not count) it is legal.
    let mut st = build(
        r#"{"players": 3, "options": {"wd4_rule": "strict"},
            "hands": [["Y3", "W+4", "G1"], ["Y1", "Y2"], ["B1", "B2"]], "discard": ["R3"]}"#,
    );
    assert_eq!(
        legal(&st),
        vec![play("Y3"), wd4(0), wd4(1), wd4(2), wd4(3), DRAW]
    );
    act(&mut st, wd4(YELLOW));
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
}

#[test]
fn wild_draw_four_last_resort_only_when_nothing_else_playable() {
    // A number match blocks it.
    let mut st = build(
        r#"{"players": 3, "options": {"wd4_rule": "last_resort"},
            "hands": [["Y3", "W+4", "G1"], ["Y1", "Y2"], ["B1", "B2"]], "discard": ["R3"]}"#,
    );
    assert_eq!(legal(&st), vec![play("Y3"), DRAW]);
    assert_not_legal(&mut st, wd4(RED));
    // So does a plain Wild.
    let st = build(
        r#"{"players": 3, "options": {"wd4_rule": "last_resort"},
            "hands": [["W", "W+4", "G1"], ["Y1", "Y2"], ["B1", "B2"]], "discard": ["R3"]}"#,
    );
    assert_eq!(legal(&st), vec![wild(0), wild(1), wild(2), wild(3), DRAW]);
    // Nothing else playable: legal.
    let mut st = build(
        r#"{"players": 3, "options": {"wd4_rule": "last_resort"},
            "hands": [["B2", "W+4", "G1"], ["Y1", "Y2"], ["B1", "B4"]], "discard": ["R3"]}"#,
    );
    assert_eq!(legal(&st), vec![wd4(0), wd4(1), wd4(2), wd4(3), DRAW]);
    act(&mut st, wd4(BLUE));
    assert_eq!(st.color(), BLUE);
}

#[test]
fn wild_draw_four_challenge_guilty() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R5", "W+4", "G1"], ["Y1", "Y2", "G9"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["B3", "B4", "B5", "B6", "B7", "B8"]}"#,
    );
    act(&mut st, wd4(GREEN));
    act(&mut st, CHALLENGE);
    // The offender held red: they draw the 4, the challenger draws nothing and plays normally.
    assert_hand(&st, 0, &["R5", "G1", "B3", "B4", "B5", "B6"]);
    assert_hand(&st, 1, &["Y1", "Y2", "G9"]);
    assert_eq!(st.current(), 1);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.pending_draw(), 0);
    assert_eq!(st.color(), GREEN);
    assert_eq!(st.top(), card("W+4"));
    assert_eq!(legal(&st), vec![play("G9"), DRAW]);
    assert_eq!(st.counters().challenges, 1);
    assert_eq!(st.counters().challenges_won, 1);
}

#[test]
fn wild_draw_four_challenge_innocent() {
    let mut st = build(
        r#"{"players": 3, "hands": [["Y5", "W+4", "G1"], ["Y1", "Y2", "G9"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["B3", "B4", "B5", "B6", "B7", "B8"]}"#,
    );
    act(&mut st, wd4(GREEN));
    act(&mut st, CHALLENGE);
    assert_hand(&st, 0, &["Y5", "G1"]);
    assert_hand(
        &st,
        1,
        &["Y1", "Y2", "G9", "B3", "B4", "B5", "B6", "B7", "B8"],
    );
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
    assert_eq!(st.color(), GREEN);
    assert_eq!(st.counters().challenges, 1);
    assert_eq!(st.counters().challenges_won, 0);
}

#[test]
fn wild_draw_four_accept_draws_four_and_is_skipped() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R5", "W+4", "G1"], ["Y1", "Y2", "G9"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["B3", "B4", "B5", "B6"]}"#,
    );
    act(&mut st, wd4(BLUE));
    act(&mut st, ACCEPT);
    assert_hand(&st, 1, &["Y1", "Y2", "G9", "B3", "B4", "B5", "B6"]);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
    assert_eq!(st.counters().challenges, 0);
    assert_eq!(legal(&st), vec![play("B1"), play("B2"), DRAW]);
}

#[test]
fn wild_draw_four_without_challenge_option_draws_at_once() {
    let mut st = build(
        r#"{"players": 3, "options": {"challenge": false},
            "hands": [["R5", "W+4", "G1"], ["Y1", "Y2", "G9"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["B3", "B4", "B5", "B6"]}"#,
    );
    act(&mut st, wd4(BLUE));
    assert_hand(&st, 1, &["Y1", "Y2", "G9", "B3", "B4", "B5", "B6"]);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
}

#[test]
fn wild_draw_four_stacking() {
    let mut st = build(
        r#"{"players": 3, "options": {"stack_draw4": true},
            "hands": [["R5", "W+4", "G1"], ["W+4", "Y1", "Y2"], ["B1", "B2", "B3"]],
            "discard": ["R3"], "draw_pile": ["G3", "G4", "G5", "G6", "G7", "G8", "G9", "Y9"]}"#,
    );
    act(&mut st, wd4(GREEN));
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
    assert_eq!(
        legal(&st),
        vec![wd4(0), wd4(1), wd4(2), wd4(3), CHALLENGE, ACCEPT]
    );
    act(&mut st, wd4(BLUE));
    // Seat 2 cannot stack and a stacked WD4 cannot be challenged: draws 8 at once.
    assert_eq!(st.color(), BLUE);
    assert_eq!(st.hand(2).len(), 11);
    assert_hand(
        &st,
        2,
        &[
            "B1", "B2", "B3", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "Y9",
        ],
    );
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    assert_eq!(st.counters().challenges, 0);
}

#[test]
fn wild_draw_four_stacked_cannot_be_challenged() {
    let mut st = build(
        r#"{"players": 3, "options": {"stack_draw4": true},
            "hands": [["R5", "W+4", "G1"], ["W+4", "Y1", "Y2"], ["W+4", "B2", "B3"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, wd4(GREEN));
    act(&mut st, wd4(BLUE));
    assert_eq!(to_act(&st), (2, DecisionKind::Respond));
    assert_eq!(st.pending_draw(), 8);
    assert_eq!(legal(&st), vec![wd4(0), wd4(1), wd4(2), wd4(3), ACCEPT]);
    assert_not_legal(&mut st, CHALLENGE);
    act(&mut st, ACCEPT);
    assert_eq!(st.hand(2).len(), 11);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

// ----- UNO call -----

const UNO_3P: &str = r#"{"players": 3, "hands": [["R5", "G7"], ["Y1", "Y2"], ["B1", "B2"]],
    "discard": ["R3"], "draw_pile": ["B5", "B6"]}"#;

#[test]
fn going_down_to_one_card_gives_call_uno_decision() {
    let mut st = build(UNO_3P);
    act(&mut st, play("R5"));
    assert_eq!(to_act(&st), (0, DecisionKind::CallUno));
    assert_eq!(legal(&st), vec![CALL_UNO, STAY_SILENT]);
    assert_eq!(st.top(), card("R5"));
    act(&mut st, CALL_UNO);
    assert_hand(&st, 0, &["G7"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.counters().uno_penalties, 0);
}

#[test]
fn stay_silent_opponents_asked_in_turn_order() {
    let mut st = build(
        r#"{"players": 4, "hands": [["R5", "G7"], ["Y1", "Y2"], ["B1", "B2"], ["G1", "G2"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, play("R5"));
    act(&mut st, STAY_SILENT);
    assert_eq!(to_act(&st), (1, DecisionKind::CatchUno));
    assert_eq!(legal(&st), vec![CATCH, NO_CATCH]);
    act(&mut st, NO_CATCH);
    assert_eq!(to_act(&st), (2, DecisionKind::CatchUno));
    act(&mut st, NO_CATCH);
    assert_eq!(to_act(&st), (3, DecisionKind::CatchUno));
    act(&mut st, NO_CATCH);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_hand(&st, 0, &["G7"]);
    assert_eq!(st.counters().uno_penalties, 0);
}

#[test]
fn stay_silent_counterclockwise_order() {
    let mut st = build(
        r#"{"players": 4, "hands": [["R5", "G7"], ["Y1", "Y2"], ["B1", "B2"], ["G1", "G2"]],
            "discard": ["R3"], "direction": "counterclockwise"}"#,
    );
    act(&mut st, play("R5"));
    act(&mut st, STAY_SILENT);
    assert_eq!(to_act(&st), (3, DecisionKind::CatchUno));
    act(&mut st, NO_CATCH);
    assert_eq!(to_act(&st), (2, DecisionKind::CatchUno));
    act(&mut st, NO_CATCH);
    assert_eq!(to_act(&st), (1, DecisionKind::CatchUno));
    act(&mut st, NO_CATCH);
    assert_eq!(to_act(&st), (3, DecisionKind::Play));
}

#[test]
fn catch_missed_uno_penalty() {
    let mut st = build(
        r#"{"players": 4, "hands": [["R5", "G7"], ["Y1", "Y2"], ["B1", "B2"], ["G1", "G2"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6", "B7"]}"#,
    );
    act(&mut st, play("R5"));
    act(&mut st, STAY_SILENT);
    act(&mut st, NO_CATCH);
    assert_eq!(to_act(&st), (2, DecisionKind::CatchUno));
    act(&mut st, CATCH);
    // Default uno_penalty: 2 cards; no further catch decisions.
    assert_hand(&st, 0, &["G7", "B5", "B6"]);
    assert_eq!(st.counters().uno_penalties, 1);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn catch_missed_uno_custom_penalty() {
    let mut st = build(
        r#"{"players": 2, "options": {"uno_penalty": 4}, "hands": [["R5", "G7"], ["Y1", "Y2"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6", "B7", "B8", "B9"]}"#,
    );
    act(&mut st, play("R5"));
    act(&mut st, STAY_SILENT);
    assert_eq!(to_act(&st), (1, DecisionKind::CatchUno));
    act(&mut st, CATCH);
    assert_hand(&st, 0, &["G7", "B5", "B6", "B7", "B8"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn uno_call_before_draw_two_effect() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R+2", "G7"], ["Y1", "Y2"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6"]}"#,
    );
    act(&mut st, play("R+2"));
    assert_eq!(to_act(&st), (0, DecisionKind::CallUno));
    assert_hand(&st, 1, &["Y1", "Y2"]);
    act(&mut st, CALL_UNO);
    assert_hand(&st, 1, &["Y1", "Y2", "B5", "B6"]);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
}

#[test]
fn uno_catch_probability_one_always_caught() {
    let mut st = build(
        r#"{"players": 3, "options": {"uno_catch_probability": 1.0},
            "hands": [["R5", "G7"], ["Y1", "Y2"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6"]}"#,
    );
    act(&mut st, play("R5"));
    act(&mut st, STAY_SILENT);
    assert_hand(&st, 0, &["G7", "B5", "B6"]);
    assert_eq!(st.counters().uno_penalties, 1);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn uno_catch_probability_zero_never_caught() {
    let mut st = build(
        r#"{"players": 3, "options": {"uno_catch_probability": 0.0},
            "hands": [["R5", "G7"], ["Y1", "Y2"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6"]}"#,
    );
    act(&mut st, play("R5"));
    act(&mut st, STAY_SILENT);
    assert_hand(&st, 0, &["G7"]);
    assert_eq!(st.counters().uno_penalties, 0);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn uno_call_option_off_no_decision() {
    let mut st = build(
        r#"{"players": 3, "options": {"uno_call": false},
            "hands": [["R5", "G7"], ["Y1", "Y2"], ["B1", "B2"]], "discard": ["R3"]}"#,
    );
    act(&mut st, play("R5"));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_hand(&st, 0, &["G7"]);
}

#[test]
fn call_uno_scenario_decision() {
    // The scenario notation can start right at the CallUno decision.
    let mut st = build(
        r#"{"players": 3, "hands": [["G7"], ["Y1", "Y2"], ["B1", "B2"]],
            "discard": ["R3", "R5"], "decision": "call_uno", "current": 0, "last_player": 0}"#,
    );
    assert_eq!(to_act(&st), (0, DecisionKind::CallUno));
    act(&mut st, CALL_UNO);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

// ----- drawing -----

const DRAW_3P: &str = r#"{"players": 3, "hands": [["G7", "B2"], ["Y1", "Y2"], ["B1", "B4"]],
    "discard": ["R3"], "draw_pile": ["R9", "B9"]}"#;

#[test]
fn draw_playable_then_play_it() {
    let mut st = build(DRAW_3P);
    assert_eq!(legal(&st), vec![DRAW]);
    act(&mut st, DRAW);
    assert_eq!(to_act(&st), (0, DecisionKind::PostDraw));
    assert_eq!(st.drawn_card(), Some(card("R9")));
    assert_eq!(legal(&st), vec![play("R9"), PASS]);
    // Only the drawn card may be played.
    assert_not_legal(&mut st, play("B2"));
    assert_not_legal(&mut st, DRAW);
    act(&mut st, play("R9"));
    assert_eq!(st.top(), card("R9"));
    assert_hand(&st, 0, &["G7", "B2"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.drawn_card(), None);
    assert_eq!(st.counters().turns, 1);
    assert_eq!(st.counters().actions, 2);
    assert_eq!(st.counters().cards_drawn, 1);
}

#[test]
fn draw_playable_then_pass_keeps_it() {
    let mut st = build(DRAW_3P);
    act(&mut st, DRAW);
    act(&mut st, PASS);
    assert_hand(&st, 0, &["G7", "B2", "R9"]);
    assert_eq!(st.top(), card("R3"));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn draw_unplayable_passes_turn_at_once() {
    let mut st = build(
        r#"{"players": 3, "hands": [["G7", "B2"], ["Y1", "Y2"], ["B1", "B4"]],
            "discard": ["R3"], "draw_pile": ["B9", "R9"]}"#,
    );
    act(&mut st, DRAW);
    assert_hand(&st, 0, &["G7", "B2", "B9"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.counters().actions, 1);
}

#[test]
fn draw_number_match_and_wild_are_playable() {
    let mut st = build(
        r#"{"players": 3, "hands": [["G7", "B2"], ["Y1", "Y2"], ["B1", "B4"]],
            "discard": ["R3"], "draw_pile": ["Y3"]}"#,
    );
    act(&mut st, DRAW);
    assert_eq!(legal(&st), vec![play("Y3"), PASS]);
    let mut st = build(
        r#"{"players": 3, "hands": [["G7", "B2"], ["Y1", "Y2"], ["B1", "B4"]],
            "discard": ["R3"], "draw_pile": ["W"]}"#,
    );
    act(&mut st, DRAW);
    assert_eq!(legal(&st), vec![wild(0), wild(1), wild(2), wild(3), PASS]);
    act(&mut st, wild(YELLOW));
    assert_eq!(st.color(), YELLOW);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn draw_even_when_holding_playable_card_official() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R5", "B2"], ["Y1", "Y2"], ["B1", "B4"]],
            "discard": ["R3"], "draw_pile": ["G9"]}"#,
    );
    assert_eq!(legal(&st), vec![play("R5"), DRAW]);
    act(&mut st, DRAW);
    assert_hand(&st, 0, &["R5", "B2", "G9"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn forced_play_has_no_pass() {
    let mut st = build(
        r#"{"players": 3, "options": {"forced_play": true},
            "hands": [["G7", "B2"], ["Y1", "Y2"], ["B1", "B4"]],
            "discard": ["R3"], "draw_pile": ["R9"]}"#,
    );
    act(&mut st, DRAW);
    assert_eq!(to_act(&st), (0, DecisionKind::PostDraw));
    assert_eq!(legal(&st), vec![play("R9")]);
    assert_not_legal(&mut st, PASS);
    act(&mut st, play("R9"));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn draw_until_playable_draws_several() {
    let mut st = build(
        r#"{"players": 3, "options": {"draw_until_playable": true},
            "hands": [["G7", "B2"], ["Y1", "Y2"], ["B1", "B4"]],
            "discard": ["R3"], "draw_pile": ["B9", "G4", "Y8", "R1", "R2"]}"#,
    );
    act(&mut st, DRAW);
    assert_eq!(to_act(&st), (0, DecisionKind::PostDraw));
    assert_eq!(st.drawn_card(), Some(card("R1")));
    assert_hand(&st, 0, &["G7", "B2", "B9", "G4", "Y8", "R1"]);
    assert_eq!(st.counters().cards_drawn, 4);
    act(&mut st, PASS);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn draw_rule_only_when_stuck() {
    let mut st = build(
        r#"{"players": 3, "preset": "rlcard", "hands": [["R5", "G7"], ["Y1", "Y2"], ["B1", "B4"]],
            "discard": ["R3"]}"#,
    );
    assert_eq!(legal(&st), vec![play("R5")]);
    assert_not_legal(&mut st, DRAW);
    let st = build(
        r#"{"players": 3, "options": {"draw_rule": "only_when_stuck"},
            "hands": [["G7", "B2"], ["Y1", "Y2"], ["B1", "B4"]], "discard": ["R3"]}"#,
    );
    assert_eq!(legal(&st), vec![DRAW]);
}

// ----- reshuffle -----

/// Two players, `draw` as the whole draw pile, every other card in the discard pile under R3.
fn nearly_empty_pile(draw: &[&str]) -> ClassicState {
    let hands = [["G7", "B2"], ["Y7", "Y2"]];
    let mut placed: Vec<&str> = hands.iter().flatten().copied().collect();
    placed.extend_from_slice(draw);
    placed.push("R3");
    let mut discard = rest_of_deck(&placed);
    discard.push("R3");
    let json = format!(
        r#"{{"players": 2, "hands": [{}, {}], "discard": {}, "draw_pile": {}}}"#,
        json_list(&hands[0]),
        json_list(&hands[1]),
        json_list(&discard),
        json_list(draw)
    );
    let st = build(&json);
    assert_eq!(st.draw_pile_len(), draw.len());
    assert_eq!(st.discard_len(), DECK_SIZE - 4 - draw.len());
    st
}

/// After a reshuffle, the draw pile plus the cards drawn since equal the old discard pile minus
/// its top card, and only the top card is left in the discard pile.
fn assert_reshuffled(st: &ClassicState, old_discard: &[u8; NUM_KINDS], drawn: &[u8; NUM_KINDS]) {
    let top = st.top() as usize;
    let mut pile = [0u8; NUM_KINDS];
    st.draw_pile().count_kinds(&mut pile);
    for k in 0..NUM_KINDS {
        let expected = old_discard[k] - u8::from(k == top);
        assert_eq!(pile[k] + drawn[k], expected, "kind {}", CARDS[k].code);
    }
    assert_eq!(st.discard_len(), 1);
    let mut only_top = [0u8; NUM_KINDS];
    only_top[top] = 1;
    assert_eq!(st.discard_counts(), &only_top);
    assert_eq!(st.total_cards(), DECK_SIZE);
}

fn hand_diff(after: &ClassicState, before: &ClassicState, seat: usize) -> [u8; NUM_KINDS] {
    let mut d = [0u8; NUM_KINDS];
    for (k, x) in d.iter_mut().enumerate() {
        *x = after.hand(seat).count(k) - before.hand(seat).count(k);
    }
    d
}

#[test]
fn reshuffle_when_draw_pile_runs_out() {
    let mut st = nearly_empty_pile(&["B9"]);
    act(&mut st, DRAW);
    assert_hand(&st, 0, &["G7", "B2", "B9"]);
    assert_eq!(st.draw_pile_len(), 0);
    assert_eq!(st.counters().reshuffles, 0);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    let old_discard = *st.discard_counts();
    let old_len = st.discard_len();
    assert_eq!(old_len, 103);
    let before = st.clone();
    act(&mut st, DRAW);
    assert_eq!(st.counters().reshuffles, 1);
    assert_eq!(st.hand(1).len(), 3);
    assert_eq!(st.draw_pile_len(), old_len - 2);
    assert_eq!(st.top(), card("R3"));
    assert_reshuffled(&st, &old_discard, &hand_diff(&st, &before, 1));
    let who = to_act(&st);
    assert!(
        who == (1, DecisionKind::PostDraw) || who == (0, DecisionKind::Play),
        "{who:?}"
    );
}

#[test]
fn reshuffle_when_draw_pile_empty() {
    let mut st = nearly_empty_pile(&[]);
    assert_eq!(st.draw_pile_len(), 0);
    let old_discard = *st.discard_counts();
    let before = st.clone();
    act(&mut st, DRAW);
    assert_eq!(st.counters().reshuffles, 1);
    assert_eq!(st.hand(0).len(), 3);
    assert_eq!(st.draw_pile_len(), DECK_SIZE - 4 - 1 - 1);
    assert_reshuffled(&st, &old_discard, &hand_diff(&st, &before, 0));
}

#[test]
fn reshuffle_in_the_middle_of_a_draw_two() {
    let hands = [["R+2", "B2", "B3"], ["Y7", "Y2", "Y4"]];
    let mut placed: Vec<&str> = hands.iter().flatten().copied().collect();
    placed.extend(["B9", "R3"]);
    let mut discard = rest_of_deck(&placed);
    discard.push("R3");
    let json = format!(
        r#"{{"players": 2, "hands": [{}, {}], "discard": {}, "draw_pile": ["B9"]}}"#,
        json_list(&hands[0]),
        json_list(&hands[1]),
        json_list(&discard),
    );
    let mut st = build(&json);
    let old_discard = *st.discard_counts();
    let before = st.clone();
    act(&mut st, play("R+2"));
    assert_eq!(st.counters().reshuffles, 1);
    assert_eq!(st.counters().cards_drawn, 2);
    assert_eq!(st.hand(1).len(), 5);
    assert_eq!(st.hand(1).count(card("B9") as usize), 1);
    // The R3 went back into the pile; R+2 is the new top card.
    assert_eq!(st.top(), card("R+2"));
    let mut drawn = hand_diff(&st, &before, 1);
    drawn[card("B9") as usize] -= 1;
    let mut expect_pile = old_discard;
    expect_pile[card("R+2") as usize] += 1; // R+2 went on top; old_discard lacked it
    assert_reshuffled(&st, &expect_pile, &drawn);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn nothing_left_to_draw_passes_turn() {
    // Every card but the top one is held: nothing can be drawn or reshuffled.
    let mut rest = rest_of_deck(&["R3"]);
    rest.retain(|c| *c != "W+4");
    let h1: Vec<&str> = rest.split_off(rest.len() / 2);
    let mut h0 = rest;
    h0.extend(["W+4", "W+4"]);
    let mut h1 = h1;
    h1.extend(["W+4", "W+4"]);
    let json = format!(
        r#"{{"players": 2, "hands": [{}, {}], "discard": ["R3"]}}"#,
        json_list(&h0),
        json_list(&h1)
    );
    let mut st = build(&json);
    assert_eq!(st.draw_pile_len(), 0);
    let before = snapshot(&st);
    act(&mut st, DRAW);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.counters().cards_drawn, 0);
    assert_eq!(st.counters().reshuffles, 0);
    assert_eq!(snapshot(&st).hands, before.hands);
}

// ----- rlcard drawn-card rule -----

fn rlcard_draw(drawn: &[&str]) -> ClassicState {
    let json = format!(
        r#"{{"players": 3, "preset": "rlcard", "hands": [["G7", "B2"], ["Y1", "Y2"], ["B1", "B4"]],
            "discard": ["R3"], "draw_pile": {}}}"#,
        json_list(drawn)
    );
    let mut st = build(&json);
    assert_eq!(legal(&st), vec![DRAW]);
    act(&mut st, DRAW);
    st
}

#[test]
fn rlcard_drawn_card_of_current_colour_is_played() {
    let st = rlcard_draw(&["R9"]);
    assert_eq!(st.top(), card("R9"));
    assert_eq!(st.color(), RED);
    assert_eq!(st.last_player(), 0);
    assert_hand(&st, 0, &["G7", "B2"]);
    assert_eq!(st.discard_len(), 2);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.counters().cards_drawn, 1);
}

#[test]
fn rlcard_drawn_action_card_of_current_colour_has_its_effect() {
    let st = rlcard_draw(&["R+2", "B5", "B6"]);
    assert_eq!(st.top(), card("R+2"));
    assert_hand(&st, 1, &["Y1", "Y2", "B5", "B6"]);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
    let st = rlcard_draw(&["RS"]);
    assert_eq!(st.top(), card("RS"));
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
}

#[test]
fn rlcard_drawn_wild_is_played_with_random_colour() {
    let st = rlcard_draw(&["W"]);
    assert_eq!(st.top(), card("W"));
    assert!(st.color() < 4);
    assert_hand(&st, 0, &["G7", "B2"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn rlcard_drawn_wild_draw_four_has_no_draw_effect() {
    let st = rlcard_draw(&["W+4", "B5", "B6", "B7", "B8"]);
    assert_eq!(st.top(), card("W+4"));
    assert!(st.color() < 4);
    assert_hand(&st, 0, &["G7", "B2"]);
    assert_hand(&st, 1, &["Y1", "Y2"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.counters().cards_drawn, 1);
}

#[test]
fn rlcard_drawn_other_card_is_kept() {
    let st = rlcard_draw(&["B9"]);
    assert_hand(&st, 0, &["G7", "B2", "B9"]);
    assert_eq!(st.top(), card("R3"));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    // A number match is not enough under this rule.
    let st = rlcard_draw(&["Y3"]);
    assert_hand(&st, 0, &["G7", "B2", "Y3"]);
    assert_eq!(st.top(), card("R3"));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

// ----- seven-zero -----

const SEVEN_ZERO: &str = r#"{"players": 3, "options": {"seven_zero": true},
    "hands": [["R7", "R0", "G1", "G2"], ["Y1", "Y2"], ["B1", "B2", "B3"]], "discard": ["R3"]}"#;

#[test]
fn seven_swaps_hands_with_chosen_player() {
    let mut st = build(SEVEN_ZERO);
    act(&mut st, play("R7"));
    assert_eq!(to_act(&st), (0, DecisionKind::ChooseTarget));
    assert_eq!(legal(&st), vec![TARGET, TARGET + 1]);
    assert_eq!(st.current(), 0);
    act(&mut st, TARGET + 1); // two seats to the left: seat 2
    assert_hand(&st, 0, &["B1", "B2", "B3"]);
    assert_hand(&st, 1, &["Y1", "Y2"]);
    assert_hand(&st, 2, &["R0", "G1", "G2"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn seven_swap_with_next_seat() {
    let mut st = build(SEVEN_ZERO);
    act(&mut st, play("R7"));
    act(&mut st, TARGET); // seat 1
    assert_hand(&st, 0, &["Y1", "Y2"]);
    assert_hand(&st, 1, &["R0", "G1", "G2"]);
    assert_hand(&st, 2, &["B1", "B2", "B3"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn zero_rotates_hands_in_direction_of_play() {
    let mut st = build(SEVEN_ZERO);
    act(&mut st, play("R0"));
    assert_hand(&st, 1, &["R7", "G1", "G2"]);
    assert_hand(&st, 2, &["Y1", "Y2"]);
    assert_hand(&st, 0, &["B1", "B2", "B3"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn zero_rotates_counterclockwise() {
    let mut st = build(
        r#"{"players": 3, "options": {"seven_zero": true}, "direction": "counterclockwise",
            "hands": [["R7", "R0", "G1", "G2"], ["Y1", "Y2"], ["B1", "B2", "B3"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, play("R0"));
    // Play goes 0 -> 2 -> 1, and so do the hands.
    assert_hand(&st, 2, &["R7", "G1", "G2"]);
    assert_hand(&st, 1, &["B1", "B2", "B3"]);
    assert_hand(&st, 0, &["Y1", "Y2"]);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
}

#[test]
fn seven_and_zero_are_plain_numbers_without_the_option() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R7", "R0", "G1", "G2"], ["Y1", "Y2"], ["B1", "B2", "B3"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, play("R7"));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_hand(&st, 0, &["R0", "G1", "G2"]);
}

// ----- jump-in -----

const JUMP_IN: &str = r#"{"players": 3, "options": {"jump_in": true},
    "hands": [["R5", "G1", "G2"], ["Y1", "Y2", "Y4"], ["R5", "B1", "B2"]], "discard": ["R3"]}"#;

#[test]
fn jump_in_plays_out_of_turn_and_continues_from_jumper() {
    let mut st = build(JUMP_IN);
    act(&mut st, play("R5"));
    assert_eq!(to_act(&st), (2, DecisionKind::JumpIn));
    assert_eq!(legal(&st), vec![play("R5"), DECLINE_JUMP_IN]);
    assert_eq!(st.current(), 1);
    act(&mut st, play("R5"));
    assert_hand(&st, 2, &["B1", "B2"]);
    assert_eq!(st.top(), card("R5"));
    assert_eq!(st.last_player(), 2);
    assert_eq!(st.discard_len(), 3);
    assert_eq!(st.counters().jump_ins, 1);
    // Seat 1 lost its turn; play goes on from seat 2.
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    assert_hand(&st, 1, &["Y1", "Y2", "Y4"]);
}

#[test]
fn jump_in_declined_play_goes_on() {
    let mut st = build(JUMP_IN);
    act(&mut st, play("R5"));
    act(&mut st, DECLINE_JUMP_IN);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_hand(&st, 2, &["R5", "B1", "B2"]);
    assert_eq!(st.counters().jump_ins, 0);
}

#[test]
fn jump_in_not_offered_without_identical_card() {
    let mut st = build(
        r#"{"players": 3, "options": {"jump_in": true},
            "hands": [["R5", "G1", "G2"], ["Y1", "Y2", "Y4"], ["G5", "B1", "B2"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, play("R5"));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn jump_in_with_skip_skips_after_jumper() {
    let mut st = build(
        r#"{"players": 4, "options": {"jump_in": true},
            "hands": [["RS", "G1", "G2"], ["Y1", "Y2", "Y4"], ["B1", "B2"], ["RS", "G8", "G9"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, play("RS"));
    // Seat 1 skipped, seat 2 to play; seat 3 holds the other Red Skip.
    assert_eq!(to_act(&st), (3, DecisionKind::JumpIn));
    assert_eq!(st.current(), 2);
    act(&mut st, play("RS"));
    // Seat 3's Skip skips seat 0: seat 1 plays.
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

// ----- going out, scoring -----

#[test]
fn going_out_ends_hand_and_scores() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R5"], ["Y1", "YS", "W"], ["B9", "B+2", "W+4", "G0"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, play("R5"));
    assert!(st.is_terminal());
    assert_eq!(st.to_act(), None);
    assert!(legal(&st).is_empty());
    let o = st.outcome().expect("outcome");
    assert_eq!(o.ending, Ending::OutOfCards);
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.num_players, 3);
    assert_eq!(o.hands, 1);
    assert_eq!(&o.points[..3], &[0, 71, 79]);
    assert_eq!(&o.placing[..3], &[1, 2, 3]);
    assert_eq!(&st.scores()[..3], &[150, 0, 0]);
    assert_eq!(st.hand_winner(), Some(0));
    assert_eq!(st.apply(DRAW), Err(IllegalAction::GameOver));
    assert_eq!(st.check(play("R5")), Err(IllegalAction::GameOver));
}

#[test]
fn going_out_needs_no_uno_call() {
    let mut st = build(r#"{"players": 2, "hands": [["R5"], ["Y1", "Y2"]], "discard": ["R3"]}"#);
    act(&mut st, play("R5"));
    assert!(st.is_terminal());
    assert_eq!(st.outcome().unwrap().winner, Some(0));
    assert_eq!(&st.scores()[..2], &[3, 0]);
}

#[test]
fn placing_orders_losers_by_points_left_ties_by_seat_order() {
    let mut st = build(
        r#"{"players": 4, "hands": [["R5", "G1"], ["Y1", "YS", "W"], ["R9"], ["G2", "G4"]],
            "discard": ["R3"], "current": 2}"#,
    );
    act(&mut st, play("R9"));
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(2));
    assert_eq!(&o.points[..4], &[6, 71, 0, 6]);
    // Seats 0 and 3 tie on 6 points: seat 3 comes first in turn order from the winner.
    assert_eq!(&o.placing[..4], &[3, 4, 1, 2]);
    assert_eq!(&st.scores()[..4], &[0, 0, 83, 0]);
}

#[test]
fn going_out_on_draw_two_next_player_draws_first() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R+2"], ["Y1"], ["B5"]],
            "discard": ["R3"], "draw_pile": ["G9", "W", "B1"]}"#,
    );
    act(&mut st, play("R+2"));
    assert!(st.is_terminal());
    assert_hand(&st, 1, &["Y1", "G9", "W"]);
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(&o.points[..3], &[0, 60, 5]);
    assert_eq!(&o.placing[..3], &[1, 3, 2]);
    assert_eq!(&st.scores()[..3], &[65, 0, 0]);
}

#[test]
fn going_out_on_wild_draw_four_next_player_draws_four() {
    let mut st = build(
        r#"{"players": 3, "hands": [["W+4"], ["Y1"], ["B5"]],
            "discard": ["R3"], "draw_pile": ["G9", "W", "B1", "B2", "B3"]}"#,
    );
    act(&mut st, wd4(GREEN));
    assert!(st.is_terminal());
    assert_hand(&st, 1, &["Y1", "G9", "W", "B1", "B2"]);
    let o = st.outcome().unwrap();
    assert_eq!(&o.points[..3], &[0, 63, 5]);
    assert_eq!(&st.scores()[..3], &[68, 0, 0]);
}

// ----- match play -----

#[test]
fn match_deals_new_hand_until_target() {
    let mut st = build(
        r#"{"players": 3, "options": {"match_target": 500}, "scores": [100, 0, 0],
            "hands": [["R5"], ["Y1", "Y2"], ["B9"]], "discard": ["R3"]}"#,
    );
    assert_eq!(st.dealer(), 2);
    let before = *st.counters();
    act(&mut st, play("R5"));
    assert!(!st.is_terminal());
    assert!(st.outcome().is_none());
    assert_eq!(st.hands_played(), 1);
    assert_eq!(&st.scores()[..3], &[112, 0, 0]);
    // New deal: seat 0 deals now, one card turned up.
    assert_eq!(st.dealer(), 0);
    assert_eq!(st.discard_len(), 1);
    let sizes: Vec<usize> = (0..3).map(|s| st.hand(s).len()).collect();
    let extra: usize = sizes.iter().map(|&n| n - 7).sum();
    assert!(sizes.iter().all(|&n| n == 7 || n == 9), "{sizes:?}");
    assert_eq!(st.draw_pile_len(), DECK_SIZE - 21 - 1 - extra);
    // Counters run over the whole match.
    assert_eq!(st.counters().actions, before.actions + 1);
    let first_player = 1;
    let (seat, _) = to_act(&st);
    match face(st.top()) {
        Face::Number(_) | Face::Wild => assert_eq!(seat, first_player),
        Face::Skip | Face::DrawTwo => assert_eq!(seat, 2),
        Face::Reverse => assert_eq!(seat, 0),
        Face::WildDrawFour => panic!("first card is never a Wild Draw Four"),
    }
}

#[test]
fn match_hand_winner_reports_last_finished_hand() {
    let mut st = build(
        r#"{"players": 3, "options": {"match_target": 500},
            "hands": [["R5"], ["Y1", "Y2"], ["B9"]], "discard": ["R3"]}"#,
    );
    act(&mut st, play("R5"));
    assert_eq!(st.hands_played(), 1);
    assert_eq!(st.hand_winner(), Some(0));
}

#[test]
fn match_ends_when_score_reaches_target() {
    let mut st = build(
        r#"{"players": 3, "options": {"match_target": 500}, "scores": [495, 0, 0],
            "hands": [["R5"], ["Y1", "Y2"], ["B9"]], "discard": ["R3"]}"#,
    );
    act(&mut st, play("R5"));
    assert!(st.is_terminal());
    let o = st.outcome().unwrap();
    assert_eq!(o.ending, Ending::OutOfCards);
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.hands, 1);
    // Match points are the cumulative scores.
    assert_eq!(&o.points[..3], &[507, 0, 0]);
    assert_eq!(&o.placing[..3], &[1, 2, 3]);
    assert_eq!(&st.scores()[..3], &[507, 0, 0]);
}

#[test]
fn match_placing_by_score() {
    let mut st = build(
        r#"{"players": 3, "options": {"match_target": 500}, "scores": [400, 300, 450],
            "hands": [["R5"], ["W", "W"], ["B9"]], "discard": ["R3"]}"#,
    );
    act(&mut st, play("R5"));
    assert!(st.is_terminal());
    let o = st.outcome().unwrap();
    assert_eq!(&o.points[..3], &[509, 300, 450]);
    assert_eq!(&o.placing[..3], &[1, 3, 2]);
}

#[test]
fn match_played_out_from_start() {
    // A whole match with always-the-first-legal-action play: scores only grow, each new hand
    // moves the dealer one seat left, and the match ends at the target.
    let opts = ClassicOptions {
        match_target: 500,
        ..ClassicOptions::default()
    };
    let mut st = ClassicState::new(opts, 3, 11).unwrap();
    let mut hands = 0;
    let mut dealer = st.dealer();
    let mut scores = *st.scores();
    while !st.is_terminal() {
        let a = legal(&st)[0];
        act(&mut st, a);
        if st.hands_played() != hands {
            assert_eq!(st.hands_played(), hands + 1);
            hands += 1;
            let gained: Vec<i32> = (0..3).map(|s| st.scores()[s] - scores[s]).collect();
            assert!(gained.iter().filter(|&&g| g != 0).count() <= 1);
            assert!(gained.iter().all(|&g| g >= 0));
            scores = *st.scores();
            if !st.is_terminal() {
                dealer = (dealer + 1) % 3;
                assert_eq!(st.dealer(), dealer);
            }
        }
    }
    let o = st.outcome().unwrap();
    if o.ending == Ending::OutOfCards {
        let w = o.winner.unwrap() as usize;
        assert!(st.scores()[w] >= 500);
        assert_eq!(&o.points[..3], &st.scores()[..3]);
        assert_eq!(o.hands, hands);
    }
}

// ----- truncation -----

#[test]
fn max_actions_truncates() {
    let mut st = build(
        r#"{"players": 3, "options": {"max_actions": 2},
            "hands": [["R5", "G1", "G2"], ["R6", "Y2", "YS"], ["B1", "W"]], "discard": ["R3"]}"#,
    );
    act(&mut st, play("R5"));
    assert!(!st.is_terminal());
    act(&mut st, play("R6"));
    assert!(st.is_terminal());
    assert_eq!(st.to_act(), None);
    assert!(legal(&st).is_empty());
    let o = st.outcome().unwrap();
    assert_eq!(o.ending, Ending::Truncated);
    assert_eq!(o.winner, None);
    assert_eq!(o.hands, 0);
    assert_eq!(&o.points[..3], &[3, 22, 51]);
    assert_eq!(&o.placing[..3], &[1, 2, 3]);
    assert_eq!(st.apply(DRAW), Err(IllegalAction::GameOver));
    for s in 0..3 {
        assert_eq!(o.points[s], hand_points(&st, s));
    }
}

// ----- first card -----

/// A fresh game whose first discard satisfies `want`.
fn first_card_game(
    opts: ClassicOptions,
    players: usize,
    dealer: usize,
    want: Face,
) -> ClassicState {
    for seed in 0..10_000 {
        let st = ClassicState::new_with_dealer(opts, players, seed, dealer).unwrap();
        if face(st.top()) == want {
            assert_eq!(st.discard_len(), 1);
            assert_eq!(st.total_cards(), DECK_SIZE);
            assert_eq!(st.dealer() as usize, dealer);
            return st;
        }
    }
    panic!("no seed gives a first card {want:?}");
}

fn hand_sizes(st: &ClassicState) -> Vec<usize> {
    (0..st.num_players()).map(|s| st.hand(s).len()).collect()
}

#[test]
fn first_card_number_first_player_plays() {
    let st = first_card_game(ClassicOptions::default(), 4, 2, Face::Number(5));
    assert_eq!(to_act(&st), (3, DecisionKind::Play));
    assert!(st.clockwise());
    assert_eq!(hand_sizes(&st), vec![7; 4]);
    assert_eq!(st.draw_pile_len(), DECK_SIZE - 28 - 1);
    assert_eq!(st.color(), st.top() / 13);
}

#[test]
fn first_card_skip_skips_first_player() {
    let st = first_card_game(ClassicOptions::default(), 4, 1, Face::Skip);
    assert_eq!(to_act(&st), (3, DecisionKind::Play));
    assert!(st.clockwise());
    assert_eq!(hand_sizes(&st), vec![7; 4]);
}

#[test]
fn first_card_reverse_dealer_plays_first_counterclockwise() {
    let mut st = first_card_game(ClassicOptions::default(), 4, 1, Face::Reverse);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert!(!st.clockwise());
    assert_eq!(hand_sizes(&st), vec![7; 4]);
    // Play goes on to the dealer's right (seat 0).
    act(&mut st, DRAW);
    let (seat, kind) = to_act(&st);
    assert_eq!(seat, 1);
    if kind == DecisionKind::PostDraw {
        act(&mut st, PASS);
    }
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn first_card_reverse_two_players_dealer_plays_first() {
    let st = first_card_game(ClassicOptions::default(), 2, 0, Face::Reverse);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn first_card_draw_two_official_draws_and_skips() {
    let st = first_card_game(ClassicOptions::default(), 4, 1, Face::DrawTwo);
    assert_eq!(hand_sizes(&st), vec![7, 7, 9, 7]);
    assert_eq!(to_act(&st), (3, DecisionKind::Play));
    assert_eq!(st.counters().cards_drawn, 2);
    assert_eq!(st.draw_pile_len(), DECK_SIZE - 28 - 1 - 2);
}

#[test]
fn first_card_draw_two_rlcard_draws_and_plays() {
    let st = first_card_game(ClassicOptions::rlcard(), 4, 1, Face::DrawTwo);
    assert_eq!(hand_sizes(&st), vec![7, 7, 9, 7]);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
}

#[test]
fn first_card_wild_official_first_player_names_colour() {
    let mut st = first_card_game(ClassicOptions::default(), 4, 1, Face::Wild);
    assert_eq!(to_act(&st), (2, DecisionKind::ChooseColor));
    assert_eq!(st.color(), NO_COLOR);
    assert_eq!(
        legal(&st),
        vec![
            CHOOSE_COLOR,
            CHOOSE_COLOR + 1,
            CHOOSE_COLOR + 2,
            CHOOSE_COLOR + 3
        ]
    );
    assert_not_legal(&mut st, DRAW);
    act(&mut st, CHOOSE_COLOR + GREEN as Action);
    assert_eq!(st.color(), GREEN);
    assert_eq!(st.top(), card("W"));
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
    assert_eq!(st.counters().turns, 0);
    assert_eq!(hand_sizes(&st), vec![7; 4]);
}

#[test]
fn first_card_wild_rlcard_random_colour() {
    let st = first_card_game(ClassicOptions::rlcard(), 4, 1, Face::Wild);
    assert!(st.color() < 4);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
}

#[test]
fn first_card_choose_color_scenario() {
    let mut st = build(
        r#"{"players": 2, "hands": [["R1", "G2"], ["Y1", "Y2"]], "discard": ["W"],
            "decision": "choose_color"}"#,
    );
    assert_eq!(to_act(&st), (0, DecisionKind::ChooseColor));
    act(&mut st, CHOOSE_COLOR + YELLOW as Action);
    assert_eq!(st.color(), YELLOW);
    assert_eq!(legal(&st), vec![DRAW]);
}

#[test]
fn first_card_never_wild_draw_four() {
    let mut returned = 0;
    for opts in [ClassicOptions::default(), ClassicOptions::rlcard()] {
        for seed in 0..2_000 {
            let mut log: Vec<Event> = Vec::new();
            let st = ClassicState::new_logged(opts, 4, seed, &mut log).unwrap();
            assert_ne!(st.top(), card("W+4"), "seed {seed}");
            assert_eq!(st.discard_len(), 1);
            assert_eq!(st.total_cards(), DECK_SIZE);
            if log
                .iter()
                .any(|e| matches!(e, Event::FirstCardReturned { .. }))
            {
                returned += 1;
                // The returned card is back in the pile: all four are in hands or the pile.
                let held: u8 = (0..4).map(|s| st.hand(s).count(card("W+4") as usize)).sum();
                let mut pile = [0u8; NUM_KINDS];
                st.draw_pile().count_kinds(&mut pile);
                assert_eq!(held + pile[card("W+4") as usize], 4);
            }
        }
    }
    assert!(returned > 0, "no seed turned up a Wild Draw Four first");
}

// ----- first card in scenarios (`first_card`: the deal's own first-card code) -----

/// Four players, seat 1 deals, the given first card turned with `extra` fields; returns the
/// state and what the first-card rules logged.
fn turn_first(first: &str, extra: &str) -> (ClassicState, Vec<Event>) {
    let json = format!(
        r#"{{"players": 4, "dealer": 1, "seed": 3, "first_card": "{first}",
            "hands": [["R1", "Y2"], ["G3", "B4"], ["R5", "Y6"], ["G7", "B8"]] {extra}}}"#
    );
    let mut log = Vec::new();
    let st = Scenario::from_json(&json)
        .and_then(|s| s.build_logged(&mut log))
        .unwrap_or_else(|e| panic!("scenario rejected: {e}"));
    assert_eq!(st.total_cards(), DECK_SIZE);
    (st, log)
}

fn scenario_error(json: &str) -> String {
    match Scenario::from_json(json).and_then(|s| s.build()) {
        Ok(_) => panic!("scenario accepted: {json}"),
        Err(e) => e,
    }
}

#[test]
fn scenario_first_card_number_first_player_plays() {
    let (st, log) = turn_first("R9", "");
    assert_eq!(log, vec![Event::FirstCard { card: card("R9") }]);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
    assert_eq!(
        (st.top(), st.color(), st.discard_len()),
        (card("R9"), RED, 1)
    );
    assert!(st.clockwise());
    assert_eq!(st.last_player(), 1);
    assert_eq!(st.draw_pile_len(), DECK_SIZE - 8 - 1);
    assert_eq!(legal(&st), vec![play("R5"), DRAW]);
}

#[test]
fn scenario_first_card_skip_skips_first_player() {
    let (st, log) = turn_first("GS", "");
    assert_eq!(
        log,
        vec![
            Event::FirstCard { card: card("GS") },
            Event::Skipped { seat: 2 }
        ]
    );
    assert_eq!(to_act(&st), (3, DecisionKind::Play));
    assert_eq!(st.color(), GREEN);
    assert!(st.clockwise());
}

#[test]
fn scenario_first_card_reverse_dealer_plays_counterclockwise() {
    let (st, log) = turn_first("BR", "");
    assert_eq!(
        log,
        vec![Event::FirstCard { card: card("BR") }, Event::Reversed]
    );
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert!(!st.clockwise());
    // Two players: the dealer plays first too.
    let mut log = Vec::new();
    let st = Scenario::from_json(
        r#"{"players": 2, "dealer": 0, "first_card": "BR", "hands": [["R1"], ["G3"]]}"#,
    )
    .and_then(|s| s.build_logged(&mut log))
    .unwrap();
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    assert!(!st.clockwise());
}

#[test]
fn scenario_first_card_draw_two_official_draws_and_skips() {
    let (st, log) = turn_first("Y+2", r#", "draw_pile": ["R7", "G9", "B0"]"#);
    let draw = |c: &str| Event::Draw {
        seat: 2,
        card: card(c),
        reason: DrawReason::Penalty,
    };
    assert_eq!(
        log,
        vec![
            Event::FirstCard { card: card("Y+2") },
            draw("R7"),
            draw("G9"),
            Event::Skipped { seat: 2 }
        ]
    );
    assert_hand(&st, 2, &["R5", "R7", "Y6", "G9"]);
    assert_eq!(to_act(&st), (3, DecisionKind::Play));
    assert_eq!(st.counters().cards_drawn, 2);
    assert_eq!(st.draw_pile_len(), DECK_SIZE - 8 - 1 - 2);
    assert_eq!(st.draw_pile().ordered(), 1, "B0 is still the next card");
}

#[test]
fn scenario_first_card_draw_two_rlcard_draws_and_plays() {
    let (st, _) = turn_first("Y+2", r#", "preset": "rlcard", "draw_pile": ["R7", "G9"]"#);
    assert_hand(&st, 2, &["R5", "R7", "Y6", "G9"]);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
}

#[test]
fn scenario_first_card_wild_official_first_player_names_colour() {
    let (mut st, log) = turn_first("W", "");
    assert_eq!(log, vec![Event::FirstCard { card: card("W") }]);
    assert_eq!(to_act(&st), (2, DecisionKind::ChooseColor));
    assert_eq!(st.color(), NO_COLOR);
    act(&mut st, CHOOSE_COLOR + BLUE as Action);
    assert_eq!(st.color(), BLUE);
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
    assert_eq!(legal(&st), vec![DRAW]);
}

#[test]
fn scenario_first_card_wild_rlcard_dealer_colour_at_random() {
    let (st, log) = turn_first("W", r#", "preset": "rlcard""#);
    let c = st.color();
    assert!(c < 4);
    assert_eq!(
        log,
        vec![
            Event::FirstCard { card: card("W") },
            Event::ColorNamed { seat: 1, color: c }
        ]
    );
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
}

#[test]
fn scenario_first_card_wild_draw_four_is_returned_and_the_next_turned() {
    let (st, log) = turn_first("W+4", r#", "draw_pile": ["R+2", "B1", "B2"]"#);
    let draw = |c: &str| Event::Draw {
        seat: 2,
        card: card(c),
        reason: DrawReason::Penalty,
    };
    assert_eq!(
        log,
        vec![
            Event::FirstCardReturned { card: card("W+4") },
            Event::FirstCard { card: card("R+2") },
            draw("B1"),
            draw("B2"),
            Event::Skipped { seat: 2 }
        ]
    );
    assert_eq!((st.top(), st.discard_len()), (card("R+2"), 1));
    let mut pile = [0u8; NUM_KINDS];
    st.draw_pile().count_kinds(&mut pile);
    assert_eq!(pile[card("W+4") as usize], 4, "the W+4 is back in the pile");
    assert_eq!(to_act(&st), (3, DecisionKind::Play));
}

#[test]
fn scenario_first_card_rejects_fields_the_rules_set() {
    let e = scenario_error(
        r#"{"players": 2, "first_card": "R1", "discard": ["R2"], "hands": [["R3"], ["R4"]]}"#,
    );
    assert!(
        e.contains("'discard' cannot be given with 'first_card'"),
        "{e}"
    );
    let e = scenario_error(
        r#"{"players": 2, "first_card": "R1", "current": 1, "hands": [["R3"], ["R4"]]}"#,
    );
    assert!(
        e.contains("'current' cannot be given with 'first_card'"),
        "{e}"
    );
    let e = scenario_error(r#"{"players": 2, "first_card": "X9", "hands": [["R3"], ["R4"]]}"#);
    assert!(e.starts_with("first_card: unknown card 'X9'"), "{e}");
    let e = scenario_error(r#"{"players": 2, "hands": [["R3"], ["R4"]]}"#);
    assert_eq!(
        e,
        "'discard' must hold at least the top card (or give 'first_card')"
    );
    // A returned W+4 needs another card to turn.
    let e = scenario_error(
        r#"{"players": 2, "first_card": "W+4", "unplaced": "discard", "draw_pile": ["W+4"],
            "hands": [["R3"], ["R4"]]}"#,
    );
    assert_eq!(
        e,
        "first_card W+4 is returned and another card turned: the draw pile must hold a card other than W+4"
    );
}

// ----- unplaced cards -----

#[test]
fn scenario_unplaced_cards_to_the_draw_pile_by_default() {
    for extra in ["", r#", "unplaced": "draw_pile""#] {
        let st = build(&format!(
            r#"{{"players": 2, "hands": [["R3"], ["R4"]], "discard": ["G5"],
                "draw_pile": ["B1"] {extra}}}"#
        ));
        assert_eq!(st.discard_len(), 1);
        assert_eq!(st.draw_pile_len(), DECK_SIZE - 3);
    }
}

#[test]
fn scenario_unplaced_cards_to_the_discard_pile_then_reshuffled() {
    let mut st = build(
        r#"{"players": 2, "hands": [["R3", "Y8"], ["R4", "Y9"]], "discard": ["G5"],
            "draw_pile": ["B1"], "unplaced": "discard"}"#,
    );
    assert_eq!(st.top(), card("G5"));
    assert_eq!(st.color(), GREEN);
    assert_eq!(st.discard_len(), DECK_SIZE - 5);
    assert_eq!(st.draw_pile_len(), 1);
    let mut under = *st.discard_counts();
    under[card("G5") as usize] -= 1;
    assert_eq!(
        under[card("B1") as usize],
        CARDS[card("B1") as usize].copies - 1
    );
    // Seat 0 draws B1 (the pile is then empty) and keeps it; seat 1 draws: the discard pile
    // but its top card is reshuffled into the draw pile.
    act(&mut st, DRAW);
    assert_hand(&st, 0, &["R3", "Y8", "B1"]);
    assert_eq!(st.draw_pile_len(), 0);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    let mut log = Vec::new();
    st.apply_logged(DRAW, &mut log).unwrap();
    assert_eq!(
        log[0],
        Event::Reshuffle {
            cards: (DECK_SIZE - 6) as u8
        }
    );
    assert!(matches!(
        log[1],
        Event::Draw {
            seat: 1,
            reason: DrawReason::Turn,
            ..
        }
    ));
    assert_eq!(st.counters().reshuffles, 1);
    assert_eq!(st.discard_len(), 1);
    assert_eq!(st.top(), card("G5"));
    assert_eq!(st.draw_pile_len(), DECK_SIZE - 7);
    assert_eq!(st.total_cards(), DECK_SIZE);
}

#[test]
fn scenario_unplaced_rejects_unknown_values() {
    let e = scenario_error(
        r#"{"players": 2, "hands": [["R3"], ["R4"]], "discard": ["G5"], "unplaced": "bottom"}"#,
    );
    assert_eq!(
        e,
        "unknown 'unplaced' value 'bottom' (draw_pile or discard)"
    );
}

// ----- combinations -----

#[test]
fn going_out_by_stacking_draw_two_next_player_draws_the_stack() {
    let mut st = build(
        r#"{"players": 3, "options": {"stack_draw2": true},
            "hands": [["R+2", "G1", "G2"], ["G+2"], ["B4", "B1"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6", "B7", "B8", "B9"]}"#,
    );
    act(&mut st, play("R+2"));
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
    act(&mut st, play("G+2"));
    assert!(st.is_terminal());
    assert_hand(&st, 2, &["B4", "B1", "B5", "B6", "B7", "B8"]);
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(1));
    assert_eq!(&o.points[..3], &[3, 0, 31]);
    assert_eq!(&st.scores()[..3], &[0, 34, 0]);
}

#[test]
fn jumping_in_with_last_card_wins() {
    let mut st = build(
        r#"{"players": 3, "options": {"jump_in": true},
            "hands": [["R5", "G1", "G2"], ["Y1", "Y2", "Y4"], ["R5"]], "discard": ["R3"]}"#,
    );
    act(&mut st, play("R5"));
    assert_eq!(to_act(&st), (2, DecisionKind::JumpIn));
    act(&mut st, play("R5"));
    assert!(st.is_terminal());
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(2));
    assert_eq!(&o.points[..3], &[3, 7, 0]);
}

#[test]
fn seven_swap_into_one_card_hand_asks_for_uno() {
    let mut st = build(
        r#"{"players": 3, "options": {"seven_zero": true},
            "hands": [["R7", "G1", "G2"], ["Y1"], ["B1", "B2", "B3"]], "discard": ["R3"]}"#,
    );
    act(&mut st, play("R7"));
    act(&mut st, TARGET);
    assert_hand(&st, 0, &["Y1"]);
    assert_hand(&st, 1, &["G1", "G2"]);
    assert_eq!(to_act(&st), (0, DecisionKind::CallUno));
    act(&mut st, CALL_UNO);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn wild_draw_four_challenge_guilty_uses_colour_before_the_wild() {
    // The current colour is the one named by an earlier Wild (blue), not the Wild's own.
    let mut st = build(
        r#"{"players": 3, "hands": [["B5", "W+4", "G1"], ["Y1", "Y2", "G9"], ["B1", "B2"]],
            "discard": ["R3", "W"], "color": "blue", "draw_pile": ["R1", "R2", "R4", "R5"]}"#,
    );
    act(&mut st, wd4(GREEN));
    act(&mut st, CHALLENGE);
    assert_hand(&st, 0, &["B5", "G1", "R1", "R2", "R4", "R5"]);
    assert_eq!(st.counters().challenges_won, 1);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn respond_scenario_decision() {
    // The scenario notation can start at a Respond decision.
    let mut st = build(
        r#"{"players": 3, "options": {"stack_draw2": true},
            "hands": [["G1", "G2"], ["Y+2", "Y2", "Y3"], ["B4", "B1"]],
            "discard": ["R3", "R+2", "G+2"], "pending_draw": 4, "stack": 2,
            "decision": "respond", "current": 1, "draw_pile": ["B5", "B6", "B7", "B8", "B9", "G9"]}"#,
    );
    assert_eq!(to_act(&st), (1, DecisionKind::Respond));
    assert_eq!(st.pending_draw(), 4);
    act(&mut st, play("Y+2"));
    assert_hand(&st, 2, &["B4", "B1", "B5", "B6", "B7", "B8", "B9", "G9"]);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn post_draw_scenario_decision() {
    let mut st = build(
        r#"{"players": 2, "hands": [["G7", "R9"], ["Y1", "Y2"]], "discard": ["R3"],
            "decision": "post_draw", "drawn_card": "R9"}"#,
    );
    assert_eq!(to_act(&st), (0, DecisionKind::PostDraw));
    assert_eq!(legal(&st), vec![play("R9"), PASS]);
    act(&mut st, PASS);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn rlcard_auto_drawn_seven_swaps_under_seven_zero() {
    let mut st = build(
        r#"{"players": 3, "preset": "rlcard", "options": {"seven_zero": true},
            "hands": [["G7", "B2"], ["Y1", "Y2"], ["B1", "B4", "B5"]],
            "discard": ["R3"], "draw_pile": ["R7"]}"#,
    );
    act(&mut st, DRAW);
    assert_eq!(st.top(), card("R7"));
    assert_eq!(to_act(&st), (0, DecisionKind::ChooseTarget));
}

#[test]
fn rlcard_auto_drawn_zero_rotates_under_seven_zero() {
    let mut st = build(
        r#"{"players": 3, "preset": "rlcard", "options": {"seven_zero": true},
            "hands": [["G7", "B2"], ["Y1", "Y2"], ["B1", "B4", "B5"]],
            "discard": ["R3"], "draw_pile": ["R0"]}"#,
    );
    act(&mut st, DRAW);
    assert_eq!(st.top(), card("R0"));
    assert_hand(&st, 1, &["G7", "B2"]);
    assert_hand(&st, 2, &["Y1", "Y2"]);
    assert_hand(&st, 0, &["B1", "B4", "B5"]);
}

#[test]
fn rlcard_auto_drawn_card_on_one_card_hand() {
    // A one-card hand draws and the drawn card of the current colour is played at once: the
    // player is on one card again (no UNO call under the preset) and play goes on.
    let mut st = build(
        r#"{"players": 3, "preset": "rlcard", "hands": [["G7"], ["Y1", "Y2"], ["B1", "B4"]],
            "discard": ["R3"], "draw_pile": ["R9"]}"#,
    );
    act(&mut st, DRAW);
    assert_hand(&st, 0, &["G7"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn drawn_card_played_from_one_card_hand_calls_uno_again() {
    let mut st = build(
        r#"{"players": 3, "hands": [["G7"], ["Y1", "Y2"], ["B1", "B4"]],
            "discard": ["R3"], "draw_pile": ["R9"]}"#,
    );
    act(&mut st, DRAW);
    act(&mut st, play("R9"));
    assert_eq!(to_act(&st), (0, DecisionKind::CallUno));
    act(&mut st, STAY_SILENT);
    assert_eq!(to_act(&st), (1, DecisionKind::CatchUno));
}

#[test]
fn stacked_draw_two_triggers_uno_call() {
    let mut st = build(
        r#"{"players": 3, "options": {"stack_draw2": true},
            "hands": [["R+2", "G1", "G2"], ["G+2", "Y2"], ["B4", "B1"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6", "B7", "B8"]}"#,
    );
    act(&mut st, play("R+2"));
    act(&mut st, play("G+2"));
    assert_eq!(to_act(&st), (1, DecisionKind::CallUno));
    assert_hand(&st, 2, &["B4", "B1"]);
    act(&mut st, CALL_UNO);
    assert_hand(&st, 2, &["B4", "B1", "B5", "B6", "B7", "B8"]);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn stacking_wild_draw_four_ignores_strict_rule() {
    let mut st = build(
        r#"{"players": 3, "options": {"stack_draw4": true, "wd4_rule": "strict"},
            "hands": [["Y5", "W+4", "G1"], ["W+4", "G8", "Y2"], ["B4", "B1"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, wd4(GREEN));
    // Seat 1 holds green, the colour in effect, yet may stack.
    assert_eq!(
        legal(&st),
        vec![wd4(0), wd4(1), wd4(2), wd4(3), CHALLENGE, ACCEPT]
    );
    act(&mut st, wd4(RED));
    assert_eq!(st.hand(2).len(), 10);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn strict_drawn_wild_draw_four_not_playable_while_holding_colour() {
    let mut st = build(
        r#"{"players": 3, "options": {"wd4_rule": "strict"},
            "hands": [["R5", "G1"], ["Y1", "Y2"], ["B4", "B1"]],
            "discard": ["R3"], "draw_pile": ["W+4"]}"#,
    );
    act(&mut st, DRAW);
    assert_hand(&st, 0, &["R5", "G1", "W+4"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn penalty_draw_cut_short_when_no_card_left() {
    // Every card except the top R3 is held; seat 0's Draw Two makes the R3 reshufflable and
    // seat 1 draws it, then nothing is left: the rest of the penalty is dropped, the turn lost.
    let mut rest = rest_of_deck(&["R3", "R+2"]);
    let h1 = rest.split_off(rest.len() / 2);
    let mut h0 = rest;
    h0.push("R+2");
    let json = format!(
        r#"{{"players": 2, "hands": [{}, {}], "discard": ["R3"]}}"#,
        json_list(&h0),
        json_list(&h1)
    );
    let mut st = build(&json);
    let before1 = st.hand(1).len();
    act(&mut st, play("R+2"));
    assert_eq!(st.hand(1).len(), before1 + 1);
    assert_eq!(
        st.hand(1).count(card("R3") as usize),
        1 + h1.contains(&"R3") as u8
    );
    assert_eq!(st.counters().reshuffles, 1);
    assert_eq!(st.counters().cards_drawn, 1);
    assert_eq!(st.draw_pile_len(), 0);
    assert_eq!(st.discard_len(), 1);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn seven_target_counted_in_seat_numbers_whatever_the_direction() {
    let mut st = build(
        r#"{"players": 4, "options": {"seven_zero": true}, "direction": "counterclockwise",
            "hands": [["R7", "G1", "G2"], ["Y1", "Y2"], ["B1", "B2", "B3"], ["G8", "G9"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, play("R7"));
    assert_eq!(legal(&st), vec![TARGET, TARGET + 1, TARGET + 2]);
    act(&mut st, TARGET); // seat 0 + 1
    assert_hand(&st, 0, &["Y1", "Y2"]);
    assert_hand(&st, 1, &["G1", "G2"]);
    assert_eq!(to_act(&st), (3, DecisionKind::Play));
}

#[test]
fn seven_giving_away_one_card_hand_no_uno_call() {
    let mut st = build(
        r#"{"players": 3, "options": {"seven_zero": true},
            "hands": [["R7", "G1"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]], "discard": ["R3"]}"#,
    );
    act(&mut st, play("R7"));
    // The swap comes before the UNO question, which is about the hand held after it.
    assert_eq!(to_act(&st), (0, DecisionKind::ChooseTarget));
    act(&mut st, TARGET);
    assert_hand(&st, 0, &["Y1", "Y2", "Y3"]);
    assert_hand(&st, 1, &["G1"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn going_out_with_a_seven_does_not_swap() {
    let mut st = build(
        r#"{"players": 3, "options": {"seven_zero": true},
            "hands": [["R7"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]], "discard": ["R3"]}"#,
    );
    act(&mut st, play("R7"));
    assert!(st.is_terminal());
    assert_eq!(st.outcome().unwrap().winner, Some(0));
    assert_hand(&st, 1, &["Y1", "Y2", "Y3"]);
}

#[test]
fn jump_in_player_who_just_played_is_asked() {
    let mut st = build(
        r#"{"players": 3, "options": {"jump_in": true},
            "hands": [["R5", "R5", "G1", "G2"], ["Y1", "Y2", "Y4"], ["B1", "B2"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, play("R5"));
    assert_eq!(to_act(&st), (0, DecisionKind::JumpIn));
    act(&mut st, play("R5"));
    assert_hand(&st, 0, &["G1", "G2"]);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn jump_in_window_reopens_after_draw_and_keep() {
    let mut st = build(
        r#"{"players": 4, "options": {"jump_in": true},
            "hands": [["R5", "G1", "G2"], ["Y1", "Y2", "Y4"], ["B1", "B2"], ["R5", "G8", "G9"]],
            "discard": ["R3"], "draw_pile": ["B9"]}"#,
    );
    act(&mut st, play("R5"));
    assert_eq!(to_act(&st), (3, DecisionKind::JumpIn));
    act(&mut st, DECLINE_JUMP_IN);
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    act(&mut st, DRAW); // B9: unplayable, kept; seat 2's turn starts with R5 still on top
    assert_eq!(to_act(&st), (3, DecisionKind::JumpIn));
    assert_eq!(st.current(), 2);
    act(&mut st, play("R5"));
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
}

#[test]
fn jump_in_not_offered_on_wild() {
    let mut st = build(
        r#"{"players": 3, "options": {"jump_in": true},
            "hands": [["W", "G1", "G2"], ["Y1", "Y2", "Y4"], ["W", "B1", "B2"]],
            "discard": ["R3"]}"#,
    );
    act(&mut st, wild(BLUE));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
}

#[test]
fn jump_in_not_offered_on_first_discard() {
    let opts = ClassicOptions {
        jump_in: true,
        ..ClassicOptions::default()
    };
    let mut found = 0;
    for seed in 0..2_000 {
        let st = ClassicState::new(opts, 4, seed).unwrap();
        let top = st.top() as usize;
        if !matches!(face(st.top()), Face::Number(_)) {
            continue;
        }
        if (1..4).any(|s| st.hand(s).has(top)) {
            assert_eq!(to_act(&st), (0, DecisionKind::Play), "seed {seed}");
            found += 1;
        }
    }
    assert!(found > 0);
}

#[test]
fn challenge_shows_hand_to_challenger() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R5", "W+4", "G1"], ["Y1", "Y2", "G9"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["B3", "B4", "B5", "B6"]}"#,
    );
    act(&mut st, wd4(GREEN));
    assert!(st.revealed_to(1).is_none());
    act(&mut st, CHALLENGE);
    let (offender, shown) = st.revealed_to(1).expect("hand shown to the challenger");
    assert_eq!(offender, 0);
    // As shown at the challenge, before the penalty draw.
    assert_eq!(shown.len(), 2);
    assert_eq!(shown.count(card("R5") as usize), 1);
    assert_eq!(shown.count(card("G1") as usize), 1);
    assert!(st.revealed_to(2).is_none());
    assert!(st.revealed_to(0).is_none());
    assert_eq!(st.view(1).revealed.map(|(o, h)| (o, h.len())), Some((0, 2)));
    assert!(st.view(2).revealed.is_none());
}

// ----- public draw evidence -----

#[test]
fn drawing_on_a_colour_is_public_evidence_with_the_cards_taken_since() {
    let mut st = build(
        r#"{"players": 2, "hands": [["G1", "G2", "B9"], ["Y1", "R5", "Y2"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6", "B7", "R8"]}"#,
    );
    for seat in 0..2 {
        for slot in 0..5 {
            assert_eq!(st.draw_evidence(seat).since(slot), None);
        }
    }
    // Red in effect, seat 0 cannot follow: it draws B5 (unplayable), the turn passes.
    act(&mut st, DRAW);
    let e = *st.draw_evidence(0);
    assert_eq!(
        e.since(RED as usize),
        Some(1),
        "drew on red; one card taken since"
    );
    assert_eq!(e.since(4), Some(1), "drew rather than play a black card");
    for slot in [YELLOW, GREEN, BLUE] {
        assert_eq!(e.since(slot as usize), None);
    }
    assert_eq!(st.draw_evidence(1).since(RED as usize), None);
    // Every view shows it, by seat.
    let v = uno_engine::classic::ClassicView::new(&st, 1);
    assert_eq!(v.evidence[0].since(RED as usize), Some(1));
    // Seat 1 plays R5 and calls nothing (two cards left); seat 0 draws again on red: B6.
    act(&mut st, play("R5"));
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    assert_eq!(st.draw_evidence(1).since(RED as usize), None);
    act(&mut st, DRAW);
    // The second draw on red restarts red's count; the black slot too.
    assert_eq!(st.draw_evidence(0).since(RED as usize), Some(1));
    assert_eq!(st.draw_evidence(0).since(4), Some(1));
    // Seat 1 draws on red: B7, unplayable.
    act(&mut st, DRAW);
    assert_eq!(st.draw_evidence(1).since(RED as usize), Some(1));
    // Seat 0 draws on red once more and gets R8, which it plays. The evidence stays: the hand
    // held no red before the draw and has taken one card since (the R8, now played).
    act(&mut st, DRAW);
    assert_eq!(to_act(&st), (0, DecisionKind::PostDraw));
    assert_eq!(st.draw_evidence(0).since(RED as usize), Some(1));
    act(&mut st, play("R8"));
    assert_eq!(st.draw_evidence(0).since(RED as usize), Some(1));
    assert_eq!(st.draw_evidence(0).since(4), Some(1));
    // A new hand clears it all.
    let mut st = build(
        r#"{"players": 2, "options": {"match_target": 500}, "hands": [["G1", "G2"], ["R5"]],
            "discard": ["R3"], "draw_pile": ["B5"]}"#,
    );
    act(&mut st, DRAW);
    assert_eq!(st.draw_evidence(0).since(RED as usize), Some(1));
    act(&mut st, play("R5"));
    assert_eq!(st.hands_played(), 1);
    assert!(!st.is_terminal());
    for slot in 0..5 {
        assert_eq!(st.draw_evidence(0).since(slot), None);
    }
}

#[test]
fn draw_evidence_counts_later_cards_taken_and_moves_with_a_swapped_hand() {
    let mut st = build(
        r#"{"players": 3, "options": {"seven_zero": true},
            "hands": [["G1", "G4"], ["R7", "Y2", "Y3", "B9"], ["B1", "R2", "G4"]],
            "discard": ["Y5"], "draw_pile": ["B6", "G7", "G8", "B8"]}"#,
    );
    // Seat 0 draws on yellow (B6, unplayable).
    act(&mut st, DRAW);
    assert_eq!(st.draw_evidence(0).since(YELLOW as usize), Some(1));
    // Seat 1 plays Y3; seat 2 holds no yellow and no 3: it draws G7.
    act(&mut st, play("Y3"));
    act(&mut st, DRAW);
    assert_eq!(st.draw_evidence(2).since(YELLOW as usize), Some(1));
    // Seat 0 draws again on yellow (G8): yellow's count restarts at 1.
    act(&mut st, DRAW);
    assert_eq!(st.draw_evidence(0).since(YELLOW as usize), Some(1));
    // Seat 1 plays Y2, then seat 2 plays R2 on it.
    act(&mut st, play("Y2"));
    act(&mut st, play("R2"));
    // Seat 0 cannot follow red: draws B8. Evidence on red and yellow for seat 0.
    act(&mut st, DRAW);
    let e = *st.draw_evidence(0);
    assert_eq!(e.since(RED as usize), Some(1));
    assert_eq!(
        e.since(YELLOW as usize),
        Some(2),
        "one more card taken since the yellow draw"
    );
    // Seat 1 plays R7 and swaps hands with seat 0: the evidence moves with seat 0's hand.
    act(&mut st, play("R7"));
    act(&mut st, TARGET + 1); // two seats on: seat 0
    assert_eq!(*st.draw_evidence(1), e);
    assert_eq!(st.draw_evidence(0).since(RED as usize), None);
}

/// Official rules: a challenged player "must show you their hand". In logged play the show is
/// an event (`HandShown`, then each card), between the verdict and the penalty draw.
#[test]
fn wild_draw_four_challenge_logs_the_hand_shown() {
    let mut st = build(
        r#"{"players": 3, "hands": [["R5", "W+4", "G1"], ["Y1", "Y2", "G9"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["B3", "B4", "B5", "B6", "B7", "B8"]}"#,
    );
    act(&mut st, wd4(GREEN));
    let mut log = Vec::new();
    st.apply_logged(CHALLENGE, &mut log).unwrap();
    let draw = |c: &str| Event::Draw {
        seat: 0,
        card: card(c),
        reason: DrawReason::Penalty,
    };
    assert_eq!(
        log,
        vec![
            Event::Challenge {
                challenger: 1,
                offender: 0,
                guilty: true
            },
            Event::HandShown { seat: 0, to: 1 },
            Event::Shown {
                seat: 0,
                card: card("R5")
            },
            Event::Shown {
                seat: 0,
                card: card("G1")
            },
            draw("B3"),
            draw("B4"),
            draw("B5"),
            draw("B6"),
        ]
    );
}
