//! Scenario tests for Über Uno (seed `002_ab665d748caaf3e9`, rulings R1..R74 in
//! `docs/rules/uber.md`): one exact position per card and per rule, written in the Über scenario
//! notation (`UberScenario`, section 21), advanced with the strict `apply_logged`, and the
//! resulting state and events checked precisely. Each test names the seed lines (`L..`) and
//! rulings it checks. Math and Cards gone Wild are tested from exact positions in the unit tests
//! (`engine/src/uber/tests.rs`), knowledge in `engine/src/uber/knowledge.rs` and `search.rs`.
//!
//! Positions are three-player tables under the `fixed` preset (clockwise, Old School, Fast Eddy
//! and Go Fish on) unless a test says otherwise; `draw_pile` fixes the next cards drawn, so every
//! draw below is known in advance.

use serde_json::{json, Value};
use uno_engine::uber::action::*;
use uno_engine::uber::{
    parse_card, Event, Mode, Phase, Stack, TieBreak, UberScenario, UberState, CARDS,
};
use uno_engine::{Action, ActionList, CardGame, Game, IllegalAction};

const RED: u8 = 0;
const YELLOW: u8 = 1;
const GREEN: u8 = 2;
const BLUE: u8 = 3;

// ----- helpers -----

fn k(code: &str) -> u8 {
    parse_card(code).unwrap_or_else(|| panic!("bad card code {code}"))
}

fn play(code: &str) -> Action {
    PLAY + k(code) as u16
}
fn give(code: &str) -> Action {
    GIVE + k(code) as u16
}
fn take(code: &str) -> Action {
    TAKE + k(code) as u16
}
fn ask(code: &str) -> Action {
    ASK + k(code) as u16
}
fn keep(code: &str) -> Action {
    KEEP + k(code) as u16
}
fn buddy(code: &str) -> Action {
    BUDDY + k(code) as u16
}
fn target(seat: u16) -> Action {
    TARGET + seat
}
fn color(c: u8) -> Action {
    COLOR + c as u16
}

/// Every card of the deck is somewhere, exactly once.
fn assert_conserved(st: &UberState) {
    let mut census = vec![0u32; st.deck().len()];
    st.census(&mut census);
    let deck: Vec<u32> = st.deck().iter().map(|&x| x as u32).collect();
    assert_eq!(census, deck, "cards lost or created");
}

/// The base position: 3 players, the `fixed` preset, seed 7, seat 0 to act; `v`'s fields are
/// added or override (an `options` object is merged into the base's).
fn scenario_json(v: Value) -> Value {
    let mut base = json!({"players": 3, "preset": "fixed", "seed": 7, "current": 0});
    for (key, x) in v.as_object().expect("an object") {
        base[key] = x.clone();
    }
    base
}

fn pos(v: Value) -> UberState {
    let text = scenario_json(v).to_string();
    let st = UberScenario::from_json(&text)
        .and_then(|s| s.build())
        .unwrap_or_else(|e| panic!("scenario rejected: {e}\n{text}"));
    assert_conserved(&st);
    st
}

/// The builder's error for a scenario that must be rejected.
fn scenario_error(v: Value) -> String {
    let text = scenario_json(v).to_string();
    match UberScenario::from_json(&text).and_then(|s| s.build()) {
        Ok(_) => panic!("scenario accepted: {text}"),
        Err(e) => e,
    }
}

fn legal(st: &UberState) -> Vec<Action> {
    let mut out = ActionList::new();
    st.legal_actions(&mut out);
    out.to_vec()
}

fn names(st: &UberState, acts: &[Action]) -> Vec<String> {
    acts.iter().map(|&a| st.action_name(a)).collect()
}

/// Strict apply that must succeed; returns the events; checks that every card is still
/// somewhere.
fn act(st: &mut UberState, a: Action) -> Vec<Event> {
    let mut log = Vec::new();
    if let Err(e) = st.apply_logged(a, &mut log) {
        panic!(
            "{} refused at {:?}: {e:?}; legal: {:?}",
            st.action_name(a),
            st.phase(),
            names(st, &legal(st))
        );
    }
    assert_conserved(st);
    log
}

fn acts(st: &mut UberState, list: &[Action]) -> Vec<Event> {
    list.iter().flat_map(|&a| act(st, a)).collect()
}

/// A hand as sorted codes.
fn hand(st: &UberState, seat: usize) -> Vec<&'static str> {
    let mut v = Vec::new();
    for (kind, c) in st.hand(seat).iter() {
        for _ in 0..c {
            v.push(CARDS[kind].code);
        }
    }
    v.sort();
    v
}

fn codes(s: &str) -> Vec<&str> {
    let mut v: Vec<&str> = s.split_whitespace().collect();
    v.sort();
    v
}

fn assert_hand(st: &UberState, seat: usize, expect: &str) {
    assert_eq!(hand(st, seat), codes(expect), "hand of seat {seat}");
}

/// Top card code, colour in play, seat to act (`current`) and phase.
fn assert_turn(st: &UberState, top: &str, col: u8, current: u8, phase: Phase) {
    assert_eq!(CARDS[st.top() as usize].code, top, "top card");
    assert_eq!(st.color(), col, "colour in play");
    assert_eq!(st.current(), current, "current player");
    assert_eq!(st.phase(), phase, "phase");
}

fn drew(seat: u8, code: &str) -> Event {
    Event::Drew {
        seat,
        card: k(code),
    }
}
fn played(seat: u8, code: &str) -> Event {
    Event::Played {
        seat,
        card: k(code),
    }
}

// ===================================================================================
// The day and the deal (section 3)
// ===================================================================================

/// L13-L25, R5, R7, R8, R9: the dealer chooses the direction, the deal size, the mode and the
/// add-ons left open, in that order; the deal goes round from the dealer's neighbour in the
/// chosen direction; a black turn card goes back.
#[test]
fn dealer_chooses_direction_deal_mode_and_addons_then_deals() {
    let mut st = pos(json!({
        "options": {"direction": "dealer", "deal_min": 5, "deal_max": 6, "mode": "dealer",
                    "macchu_picchu": "dealer", "picchu_macchu": "dealer"},
        "phase": "dealer", "dealer": 1, "current": 1,
        "hands": [[], [], []],
        "draw_pile": "R2 Y2 G2 R3 Y3 G3 R4 Y4 G4 R5 Y5 G5 R6 Y6 G6 W B7",
    }));
    assert_eq!(st.phase(), Phase::Direction);
    assert_eq!(st.to_act().unwrap().0, 1, "the dealer decides");
    assert_eq!(legal(&st), vec![DIR_CLOCKWISE, DIR_COUNTER]);
    act(&mut st, DIR_COUNTER);
    assert_eq!(legal(&st), vec![DEAL + 4, DEAL + 5], "deal 5 or 6 (R7)");
    act(&mut st, DEAL + 4);
    assert_eq!(st.phase(), Phase::ModeChoice);
    act(&mut st, MODE);
    // Every other add-on is fixed by the preset; Macchu Picchu is asked, and Picchu Macchu is
    // not offered once it is on (section 15).
    assert_eq!(st.phase(), Phase::Addon { i: 7 });
    let log = act(&mut st, ADDON_ON);
    assert_eq!(log[0], Event::AddonChosen { addon: 7, on: true });
    assert!(st.rules().has(7) && !st.rules().has(8));
    assert_eq!(st.rules().mode, Mode::OldSchool);
    assert_eq!((st.rules().deal, st.rules().clockwise), (5, false));
    // Counter-clockwise from dealer 1: seat 0, seat 2, seat 1 each round.
    let deals: Vec<Event> = log
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::Deal { .. }))
        .collect();
    assert_eq!(deals.len(), 15);
    assert_eq!(
        deals[0],
        Event::Deal {
            seat: 0,
            card: k("R2")
        }
    );
    assert_eq!(
        deals[1],
        Event::Deal {
            seat: 2,
            card: k("Y2")
        }
    );
    assert_eq!(
        deals[2],
        Event::Deal {
            seat: 1,
            card: k("G2")
        }
    );
    assert_hand(&st, 0, "R2 R3 R4 R5 R6");
    assert_hand(&st, 1, "G2 G3 G4 G5 G6");
    assert_hand(&st, 2, "Y2 Y3 Y4 Y5 Y6");
    // R9: the turned Wild goes back; B7 is the turn card.
    assert!(log.contains(&Event::TurnCardBack { card: k("W") }));
    assert_eq!(log.last(), Some(&Event::TurnCard { card: k("B7") }));
    // R8: the first player is the dealer's neighbour in the chosen direction.
    assert_turn(&st, "B7", BLUE, 0, Phase::Turn);
    assert!(!st.clockwise());
}

/// L136, L174, R10: a turned Blue One passes every hand one seat (acting for the dealer); a
/// turned Red One makes the dealer give a card away.
#[test]
fn a_turned_wild_one_acts_on_the_dealer() {
    let dealt = |turn: &str| {
        pos(json!({
            "players": 2,
            "options": {"direction": "dealer", "deal_min": 5, "deal_max": 5,
                        "red_show_probability": 0.0},
            "phase": "dealer",
            "hands": [[], []],
            "draw_pile": format!("R2 G2 R3 G3 R4 G4 R5 G5 R6 G6 {turn}"),
        }))
    };
    let mut st = dealt("B1");
    let log = act(&mut st, DIR_CLOCKWISE);
    assert!(log.contains(&Event::TurnCard { card: k("B1") }));
    assert!(log.contains(&Event::HandsPassed { steps: 1 }));
    // Seat 1 was dealt the reds, seat 0 the greens; the hands moved one seat on.
    assert_hand(&st, 0, "R2 R3 R4 R5 R6");
    assert_hand(&st, 1, "G2 G3 G4 G5 G6");
    assert_turn(&st, "B1", BLUE, 1, Phase::Turn);

    let mut st = dealt("R1");
    act(&mut st, DIR_CLOCKWISE);
    assert_turn(&st, "R1", RED, 0, Phase::Target { card: k("R1") });
    acts(&mut st, &[target(1)]);
    let log = act(&mut st, give("G4"));
    assert_eq!(
        log[0],
        Event::Gave {
            seat: 0,
            to: 1,
            card: k("G4")
        }
    );
    assert_hand(&st, 1, "R2 R3 R4 R5 R6 G4");
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
}

/// Section 3, R10: a turned Green One goes into the dealer's hand and a fresh card is turned;
/// a turned Yellow One exchanges the dealer's hand with the pile; a turned Skip skips the first
/// player; a turned Draw Two hits them.
#[test]
fn turn_card_actions() {
    let dealt = |turn: &str| {
        let mut st = pos(json!({
            "players": 2,
            "options": {"direction": "dealer", "deal_min": 5, "deal_max": 5},
            "phase": "dealer",
            "hands": [[], []],
            "draw_pile": format!("R2 G2 R3 G3 R4 G4 R5 G5 R6 G6 {turn}"),
        }));
        let log = act(&mut st, DIR_CLOCKWISE);
        (st, log)
    };
    let (st, log) = dealt("G1 B9");
    assert!(log.contains(&Event::Repo {
        seat: 0,
        card: k("G1")
    }));
    assert_eq!(log.last(), Some(&Event::TurnCard { card: k("B9") }));
    assert_hand(&st, 0, "G1 G2 G3 G4 G5 G6");
    assert_turn(&st, "B9", BLUE, 1, Phase::Turn);

    let (st, log) = dealt("Y1 B2 B3 B4 B5 B6");
    assert!(log.contains(&Event::YellowExchange {
        seat: 0,
        cards: 5,
        drawn: 5
    }));
    assert_hand(&st, 0, "B2 B3 B4 B5 B6");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);

    let (st, log) = dealt("YS");
    assert!(log.contains(&Event::Skipped { seat: 1 }));
    assert_turn(&st, "YS", YELLOW, 0, Phase::Turn);

    let (st, _) = dealt("Y+2");
    assert_eq!((st.stack().total, st.stack().hitter), (2, 0));
    assert_turn(&st, "Y+2", YELLOW, 1, Phase::Respond);
}

/// R74: the turn card is nobody's play. A turned Draw Two's hitter is the dealer (a Joker
/// sends it there); a turned Reverse reverses but does not rotate under Rotate; nobody Fast
/// Eddies the turn card.
#[test]
fn r74_the_turn_card_is_not_played() {
    let dealt = |turn: &str, rotate: &str, first: &str| {
        let mut st = pos(json!({
            "options": {"direction": "dealer", "deal_min": 2, "deal_max": 2, "rotate": rotate},
            "phase": "dealer",
            "hands": [[], [], []],
            "draw_pile": format!("{first} G2 G3 R3 Y4 G4 {turn} R5 R6 R7 R8"),
        }));
        act(&mut st, DIR_CLOCKWISE);
        st
    };
    // Seat 1 (dealt J R3) faces the turned Minor; its Joker sends it to the dealer.
    let mut st = dealt("Y+2", "off", "J");
    assert_turn(&st, "Y+2", YELLOW, 1, Phase::Respond);
    acts(&mut st, &[play("J"), CALL_UNO]);
    assert_eq!(
        (st.current(), st.phase(), st.stack().total),
        (0, Phase::Respond, 2)
    );
    assert!(!st.clockwise());
    // A turned Reverse under Rotate: the direction turns, no hand moves; the dealer plays.
    let st = dealt("YR", "on", "R2");
    assert!(!st.clockwise());
    assert_hand(&st, 0, "G3 G4");
    assert_hand(&st, 1, "R2 R3");
    assert_hand(&st, 2, "G2 Y4");
    assert_turn(&st, "YR", YELLOW, 0, Phase::Turn);
    // Seat 2 holds a G2 on a turned G2: no Fast Eddy window, seat 1 plays.
    let st = dealt("G2", "off", "R2");
    assert_turn(&st, "G2", GREEN, 1, Phase::Turn);
}

/// L23-L25: a day's second hand: the scenario sets the hand number and the hands lost.
#[test]
fn the_hand_number_and_hands_lost_are_set() {
    let st = pos(json!({
        "hand": 3, "hands_lost": [1, 0, 1], "dealer": 2,
        "hands": ["R5 G6", "B7 B8", "Y2 Y3"], "discard": "R3",
    }));
    assert_eq!(st.hand_no(), 2, "two hands played");
    assert_eq!(st.stats().lost[..3], [1, 0, 1]);
    assert_eq!(st.dealer(), 2);
}

// ===================================================================================
// A turn (section 4)
// ===================================================================================

/// Section 4, R4, R12: a card matching the colour or the rank, any black card; no pass before
/// a draw.
#[test]
fn play_matches_colour_or_rank_and_wilds_anywhere() {
    let mut st = pos(json!({
        "hands": ["R5 G7 B9 W", "B2 B3 B4", "Y2 Y3 Y4"], "discard": "Y6 R7",
    }));
    assert_eq!(
        legal(&st),
        vec![play("R5"), play("G7"), play("W"), DRAW],
        "R5 by colour, G7 by rank, the Wild anywhere; no pass (R12)"
    );
    let log = act(&mut st, play("R5"));
    assert_eq!(log, vec![played(0, "R5")]);
    assert_hand(&st, 0, "G7 B9 W");
    assert_turn(&st, "R5", RED, 1, Phase::Turn);
    // The Wild names a colour.
    let mut st = pos(json!({
        "hands": ["R5 G7 W", "B2 B3 B4", "Y2 Y3 Y4"], "discard": "R7",
    }));
    acts(&mut st, &[play("W")]);
    assert_eq!(
        st.phase(),
        Phase::Color {
            why: uno_engine::uber::ColorWhy::Plain
        }
    );
    let log = act(&mut st, color(GREEN));
    assert_eq!(
        log,
        vec![Event::ColorNamed {
            seat: 0,
            color: GREEN
        }]
    );
    assert_turn(&st, "W", GREEN, 1, Phase::Turn);
}

/// L27-L28, R11, R12: draw, then play or pass; one draw unless `draw_until_pass`.
#[test]
fn draw_then_play_or_pass() {
    let mut st = pos(json!({
        "hands": ["G7 B9 Y4", "B2 B3 B4", "Y2 Y3 Y5"], "discard": "R3",
        "draw_pile": "R8",
    }));
    assert_eq!(legal(&st), vec![DRAW]);
    let log = act(&mut st, DRAW);
    assert_eq!(log, vec![drew(0, "R8")]);
    assert_eq!(
        legal(&st),
        vec![play("R8"), PASS],
        "one draw, then play or pass"
    );
    let log = act(&mut st, PASS);
    assert_eq!(log, vec![Event::Passed { seat: 0 }]);
    assert_hand(&st, 0, "G7 B9 Y4 R8");
    assert_turn(&st, "R3", RED, 1, Phase::Turn);

    // draw_until_pass: draw again, one card at a time.
    let mut st = pos(json!({
        "options": {"draw_until_pass": true},
        "hands": ["G7 B9 Y4", "B2 B3 B4", "Y2 Y3 Y5"], "discard": "R3",
        "draw_pile": "G8 R8",
    }));
    act(&mut st, DRAW);
    assert_eq!(legal(&st), vec![DRAW, PASS]);
    act(&mut st, DRAW);
    assert_eq!(legal(&st), vec![play("R8"), DRAW, PASS]);
    act(&mut st, play("R8"));
    assert_hand(&st, 0, "G7 B9 Y4 G8");
    assert_turn(&st, "R8", RED, 1, Phase::Turn);
}

/// A position after a draw (`phase: after_draw`) offers the pass.
#[test]
fn after_draw_phase_offers_the_pass() {
    let st = pos(json!({
        "phase": "after_draw",
        "hands": ["G7 B9 Y4", "B2 B3 B4", "Y2 Y3 Y5"], "discard": "R3",
    }));
    assert_eq!(legal(&st), vec![PASS]);
}

/// Classic actions: a Skip skips, a Reverse reverses.
#[test]
fn skip_and_reverse() {
    let mut st = pos(json!({
        "hands": ["RS G7 B9", "B2 B3 B4", "Y2 Y3 Y5"], "discard": "R3",
    }));
    let log = act(&mut st, play("RS"));
    assert_eq!(log, vec![played(0, "RS"), Event::Skipped { seat: 1 }]);
    assert_turn(&st, "RS", RED, 2, Phase::Turn);
    let mut st = pos(json!({
        "hands": ["RR G7 B9", "B2 B3 B4", "Y2 Y3 Y5"], "discard": "R3",
    }));
    let log = act(&mut st, play("RR"));
    assert_eq!(log, vec![played(0, "RR"), Event::Reversed]);
    assert!(!st.clockwise());
    assert_turn(&st, "RR", RED, 2, Phase::Turn);
}

// ===================================================================================
// Draw stacks, the challenge, the Joker (section 5)
// ===================================================================================

/// L33-L35: Minors stack on Minors; the last victim draws every card of the sequence.
#[test]
fn minors_stack_and_the_last_victim_draws_them_all() {
    let mut st = pos(json!({
        "hands": ["R+2 R5 R6", "G+2 G5 G6", "B7 B8 B9"], "discard": "R3",
        "draw_pile": "Y2 Y3 Y4 Y5",
    }));
    act(&mut st, play("R+2"));
    assert_turn(&st, "R+2", RED, 1, Phase::Respond);
    assert_eq!(
        legal(&st),
        vec![play("G+2"), ACCEPT],
        "no challenge on a Minor"
    );
    act(&mut st, play("G+2"));
    assert_eq!(
        *st.stack(),
        Stack {
            total: 4,
            cards: 2,
            major: false,
            hitter: 1,
            guilty: false,
            challengeable: false,
            joker_major: false
        }
    );
    assert_eq!(legal(&st), vec![ACCEPT]);
    let log = act(&mut st, ACCEPT);
    assert_eq!(
        log,
        vec![
            drew(2, "Y2"),
            drew(2, "Y3"),
            drew(2, "Y4"),
            drew(2, "Y5"),
            Event::Penalty { seat: 2, cards: 4 }
        ]
    );
    assert_hand(&st, 2, "B7 B8 B9 Y2 Y3 Y4 Y5");
    assert_eq!(st.stack().cards, 0);
    assert_turn(&st, "G+2", GREEN, 0, Phase::Turn);
}

/// L33-L35: a Major stacks only on a Major; a stack set by the notation.
#[test]
fn majors_stack_on_majors_only() {
    let st = pos(json!({
        "hands": ["W+4 R+2 R6", "G+2 G5 G6", "B7 B8 B9"], "discard": "G+2",
        "stack": {"total": 2, "hitter": 2},
    }));
    assert_eq!(legal(&st), vec![play("R+2"), ACCEPT], "no Major on a Minor");
    let mut st = pos(json!({
        "hands": ["W+4 R+2 R6", "G+2 G5 G6", "B7 B8 B9"], "discard": "W+4",
        "color": "green", "stack": {"total": 4, "hitter": 2},
    }));
    assert_eq!(legal(&st), vec![play("W+4"), ACCEPT, CHALLENGE]);
    acts(&mut st, &[play("W+4"), color(BLUE)]);
    assert_eq!(
        (st.stack().total, st.stack().cards, st.stack().hitter),
        (8, 2, 0)
    );
    assert_turn(&st, "W+4", BLUE, 1, Phase::Respond);
}

/// L60-L62, R13, R14: a Major played holding the colour in play is guilty: the offender draws
/// the stack and the challenger plays on the named colour.
#[test]
fn a_guilty_major_draws_the_stack_and_the_challenger_plays() {
    let mut st = pos(json!({
        "options": {"challenge_leak_probability": 0.0},
        "hands": ["W+4 R5 G6", "B7 B8 B9", "Y2 Y3 Y5"], "discard": "R3",
        "draw_pile": "G2 G3 G4 G5",
    }));
    acts(&mut st, &[play("W+4"), color(GREEN)]);
    assert!(st.stack().guilty && st.stack().challengeable);
    assert_eq!(legal(&st), vec![ACCEPT, CHALLENGE]);
    let log = act(&mut st, CHALLENGE);
    assert_eq!(
        log[0],
        Event::Challenge {
            challenger: 1,
            offender: 0,
            guilty: true
        }
    );
    assert_eq!(log.last(), Some(&Event::Penalty { seat: 0, cards: 4 }));
    assert_hand(&st, 0, "R5 G6 G2 G3 G4 G5");
    assert_turn(&st, "W+4", GREEN, 1, Phase::Turn);
}

/// R14: an innocent Major costs the challenger the stack plus 2 and the turn.
#[test]
fn an_innocent_major_costs_the_challenger_the_stack_plus_two() {
    let mut st = pos(json!({
        "options": {"challenge_leak_probability": 0.0},
        "hands": ["W+4 G6 B6", "B7 B8 B9", "Y2 Y3 Y5"], "discard": "R3",
        "draw_pile": "G2 G3 G4 G5 R8 R9",
    }));
    acts(&mut st, &[play("W+4"), color(BLUE)]);
    assert!(!st.stack().guilty);
    let log = act(&mut st, CHALLENGE);
    assert_eq!(
        log[0],
        Event::Challenge {
            challenger: 1,
            offender: 0,
            guilty: false
        }
    );
    assert_eq!(log.last(), Some(&Event::Penalty { seat: 1, cards: 6 }));
    assert_hand(&st, 1, "B7 B8 B9 G2 G3 G4 G5 R8 R9");
    assert_turn(&st, "W+4", BLUE, 2, Phase::Turn);
}

/// L63-L66, R15: after a leak the challenged player gives a card, takes one, or neither.
#[test]
fn a_leak_lets_the_challenged_player_give_take_or_decline() {
    let leak = || {
        let mut st = pos(json!({
            "options": {"challenge_leak_probability": 1.0},
            "hands": ["W+4 R5 G6", "B7 B8 B9", "Y2 Y3 Y5"], "discard": "R3",
            "draw_pile": "G2 G3 G4 G5",
        }));
        acts(&mut st, &[play("W+4"), color(GREEN)]);
        let log = act(&mut st, CHALLENGE);
        assert!(log.contains(&Event::Leak { challenger: 1 }));
        assert_eq!(
            st.phase(),
            Phase::Compensate {
                offender: 0,
                challenger: 1
            }
        );
        assert_eq!(st.to_act().unwrap().0, 0, "the challenged player decides");
        st
    };
    let mut st = leak();
    let l = legal(&st);
    assert!(l.contains(&give("R5")) && l.contains(&take("B7")) && l.contains(&COMPENSATE_NONE));
    let log = act(&mut st, give("R5"));
    assert_eq!(
        log,
        vec![Event::Compensated {
            seat: 0,
            gave: Some(k("R5")),
            took: None
        }]
    );
    assert_hand(&st, 1, "B7 B8 B9 R5");
    assert_turn(&st, "W+4", GREEN, 1, Phase::Turn);

    let mut st = leak();
    act(&mut st, take("B8"));
    assert_hand(&st, 0, "R5 G6 G2 G3 G4 G5 B8");
    assert_hand(&st, 1, "B7 B9");
    assert_eq!(st.current(), 1);

    let mut st = leak();
    let log = act(&mut st, COMPENSATE_NONE);
    assert_eq!(
        log,
        vec![Event::Compensated {
            seat: 0,
            gave: None,
            took: None
        }]
    );
    assert_hand(&st, 1, "B7 B8 B9");
}

/// L67-L69, R16: the challenged player on Uno goes out by giving the last card away.
#[test]
fn a_leak_lets_the_player_on_uno_go_out_by_giving_the_last_card() {
    let mut st = pos(json!({
        "options": {"challenge_leak_probability": 1.0, "hands_per_day": 1},
        "hands": ["W+4 G6", "B7 B8 B9", "Y2 Y3 Y5"], "discard": "R3",
        "draw_pile": "G2 G3 G4 G5 R8 R9",
    }));
    acts(&mut st, &[play("W+4"), color(BLUE)]);
    assert_eq!(st.phase(), Phase::CallUno);
    acts(&mut st, &[CALL_UNO, CHALLENGE]);
    assert_hand(&st, 1, "B7 B8 B9 G2 G3 G4 G5 R8 R9");
    let log = act(&mut st, give("G6"));
    assert!(log.contains(&Event::HandLost {
        loser: 1,
        out: 0,
        points: 10,
        by: TieBreak::Points
    }));
    assert_eq!(log.last(), Some(&Event::DayOver { nappy: 1 }));
    assert_eq!(st.phase(), Phase::Over);
}

/// L78-L80, R17: the Joker answers a stack: the direction reverses and the stack goes back to
/// the player who threw its last draw card.
#[test]
fn the_joker_sends_the_stack_back_and_reverses() {
    let mut st = pos(json!({
        "hands": ["R+2 R5 R6", "J G5 G6", "B7 B8 B9"], "discard": "R3",
        "draw_pile": "Y2 Y3",
    }));
    act(&mut st, play("R+2"));
    assert_eq!(legal(&st), vec![play("J"), ACCEPT]);
    let log = act(&mut st, play("J"));
    assert_eq!(
        log,
        vec![played(1, "J"), Event::JokerReversed { seat: 1, victim: 0 }]
    );
    assert!(!st.clockwise());
    assert_eq!((st.stack().total, st.stack().hitter), (2, 1));
    // R18 does not apply: the Joker answering a stack names no colour; the colour stays.
    assert_turn(&st, "J", RED, 0, Phase::Respond);
    act(&mut st, ACCEPT);
    assert_hand(&st, 0, "R5 R6 Y2 Y3");
    assert_turn(&st, "J", RED, 2, Phase::Turn);
}

/// L80-L82: after the Joker moved a Major stack, the player who finally draws it names the
/// colour.
#[test]
fn after_a_joker_on_a_major_the_last_victim_names_the_colour() {
    let mut st = pos(json!({
        "hands": ["W+4 G5 G6", "J B5 B6", "Y7 Y8 Y9"], "discard": "R3",
        "draw_pile": "R2 R4 R6 R7",
    }));
    acts(&mut st, &[play("W+4"), color(GREEN), play("J")]);
    assert!(st.stack().joker_major && !st.stack().challengeable);
    assert_eq!(legal(&st), vec![ACCEPT], "no challenge of a moved Major");
    act(&mut st, ACCEPT);
    assert_eq!(
        st.phase(),
        Phase::Color {
            why: uno_engine::uber::ColorWhy::AfterAccept
        }
    );
    let log = act(&mut st, color(YELLOW));
    assert_eq!(
        log,
        vec![Event::ColorNamed {
            seat: 0,
            color: YELLOW
        }]
    );
    assert_hand(&st, 0, "G5 G6 R2 R4 R6 R7");
    assert_turn(&st, "J", YELLOW, 2, Phase::Turn);
}

/// The same moved Major set by the notation (`joker_major`).
#[test]
fn a_moved_major_set_by_the_notation() {
    let mut st = pos(json!({
        "hands": ["G5 G6", "B5 B6 B7", "Y7 Y8 Y9"], "discard": "W+4 J", "color": "green",
        "direction": "counterclockwise",
        "stack": {"total": 4, "major": true, "hitter": 1, "joker_major": true},
        "draw_pile": "R2 R4 R6 R7",
    }));
    assert_eq!(legal(&st), vec![ACCEPT]);
    acts(&mut st, &[ACCEPT, color(RED)]);
    assert_turn(&st, "J", RED, 2, Phase::Turn);
}

/// L82-L83, R18: the Joker is the only block of the Über; the colour in play stays.
#[test]
fn only_the_joker_blocks_the_uber() {
    let mut st = pos(json!({
        "hands": ["U R5 G6", "J B5 B6", "Y7 Y8 Y9"], "discard": "R3",
    }));
    acts(&mut st, &[play("U"), color(YELLOW)]);
    assert_eq!(st.phase(), Phase::Target { card: k("U") });
    assert_eq!(
        legal(&st),
        vec![target(1), target(2)],
        "the exchange is mandatory"
    );
    act(&mut st, target(1));
    assert_eq!(
        st.phase(),
        Phase::Block {
            card: k("U"),
            target: 1
        }
    );
    assert_eq!(st.to_act().unwrap().0, 1);
    let log = act(&mut st, BLOCK);
    assert_eq!(
        log,
        vec![Event::Blocked {
            seat: 1,
            card: k("J")
        }]
    );
    assert_hand(&st, 0, "R5 G6");
    assert_hand(&st, 1, "B5 B6");
    // R18: the blocking Joker is not the card to follow.
    assert_turn(&st, "U", YELLOW, 1, Phase::Turn);
}

/// L83-L84: the Joker cannot be fished for.
#[test]
fn the_joker_is_not_fishable() {
    let mut st = pos(json!({
        "hands": ["R0 R5 G6", "J B5 B6", "Y7 Y8 Y9"], "discard": "R3",
    }));
    acts(&mut st, &[play("R0"), target(1)]);
    assert_eq!(st.phase(), Phase::Ask);
    let l = legal(&st);
    assert!(!l.contains(&ask("J")));
    assert!(l.contains(&ask("U")) && l.contains(&ask("B5")));
    assert!(st.apply(ask("J")).is_err());
}

// ===================================================================================
// Über, Change Hands, Player Cards (section 6)
// ===================================================================================

/// L86-L90, R19: the Über exchanges hands with the chosen player; it cannot be the last card.
#[test]
fn the_uber_exchanges_hands_and_cannot_go_out() {
    let mut st = pos(json!({
        "hands": ["U R5 G6", "B5 B6 B7", "Y2 Y7 Y8 Y9"], "discard": "R3",
    }));
    acts(&mut st, &[play("U"), color(BLUE)]);
    let log = act(&mut st, target(2));
    assert_eq!(log, vec![Event::Exchanged { seat: 0, with: 2 }]);
    assert_hand(&st, 0, "Y2 Y7 Y8 Y9");
    assert_hand(&st, 2, "R5 G6");
    assert_turn(&st, "U", BLUE, 1, Phase::Turn);
    // R19: alone, the Über is not playable.
    let st = pos(json!({
        "hands": ["U", "B5 B6 B7", "Y2 Y7 Y8 Y9"], "discard": "R3",
    }));
    assert_eq!(legal(&st), vec![DRAW]);
}

/// L92-L95, R20: Change Hands is blocked by the target's own Change Hands; both are spent.
#[test]
fn change_hands_is_blocked_by_change_hands() {
    let mut st = pos(json!({
        "hands": ["CH R5 G6", "CH B5 B6", "Y7 Y8 Y9"], "discard": "R3",
    }));
    acts(&mut st, &[play("CH"), color(GREEN), target(1)]);
    assert_eq!(
        st.phase(),
        Phase::Block {
            card: k("CH"),
            target: 1
        }
    );
    let log = act(&mut st, BLOCK);
    assert_eq!(
        log,
        vec![Event::Blocked {
            seat: 1,
            card: k("CH")
        }]
    );
    assert_eq!(st.discard_pile().count(k("CH") as usize), 2);
    assert_hand(&st, 0, "R5 G6");
    assert_hand(&st, 1, "B5 B6");
    assert_turn(&st, "CH", GREEN, 1, Phase::Turn);
    // Not blocked: the hands change.
    let mut st = pos(json!({
        "hands": ["CH R5 G6", "CH B5 B6", "Y7 Y8 Y9"], "discard": "R3",
    }));
    acts(&mut st, &[play("CH"), color(GREEN), target(1), NO_BLOCK]);
    assert_hand(&st, 0, "CH B5 B6");
    assert_hand(&st, 1, "R5 G6");
}

/// R20: Change Hands may be the last card: the player goes out before the exchange.
#[test]
fn going_out_on_change_hands() {
    let mut st = pos(json!({
        "options": {"hands_per_day": 1},
        "hands": ["CH", "B5 B6", "Y7 Y8 Y9"], "discard": "R3",
    }));
    let log = act(&mut st, play("CH"));
    assert_eq!(
        log,
        vec![
            played(0, "CH"),
            Event::HandLost {
                loser: 2,
                out: 0,
                points: 3,
                by: TieBreak::Points
            },
            Event::DayOver { nappy: 2 }
        ]
    );
    assert_eq!(st.nappy(), Some(2));
}

/// L97-L99, R21, R22: a single Player Card is a wild for its owner only.
#[test]
fn a_single_player_card_is_its_owners_wild() {
    let mut st = pos(json!({
        "hands": ["P1 R5 G6", "B5 B6 B7", "P2 Y8 Y9"], "discard": "R3",
    }));
    assert!(legal(&st).contains(&play("P1")));
    acts(&mut st, &[play("P1"), color(BLUE)]);
    assert_turn(&st, "P1", BLUE, 1, Phase::Turn);
    // Seat 2 holds SnowBob, owned by seat 1: not playable.
    let st = pos(json!({
        "current": 2,
        "hands": ["R5 G6", "B5 B6 B7", "P2 Y8 Y9"], "discard": "R3",
    }));
    assert_eq!(legal(&st), vec![DRAW]);
    // R21: an absent owner's card is dead (nobody plays it) or removed from the deck.
    let st = pos(json!({
        "options": {"owner_ashley": null},
        "hands": ["P1 G6", "B5 B6 B7", "Y7 Y8 Y9"], "discard": "R3",
    }));
    assert_eq!(legal(&st), vec![DRAW]);
    let e = scenario_error(json!({
        "options": {"owner_ashley": null, "absent_player_cards": "removed"},
        "hands": ["P1 G6", "B5 B6 B7", "Y7 Y8 Y9"], "discard": "R3",
    }));
    assert!(
        e.contains("hands[0]") && e.contains("P1 is not in the deck"),
        "{e}"
    );
}

/// L100-L101, R23: the pair goes to Uno; who may play it depends on `player_pair`.
#[test]
fn the_player_card_pair_goes_to_uno() {
    let mut st = pos(json!({
        "hands": ["P1 P2 R5 G6 B9", "B5 B6 B7", "Y7 Y8 Y9"], "discard": "R3",
    }));
    assert!(legal(&st).contains(&PLAYER_PAIR));
    act(&mut st, PLAYER_PAIR);
    assert_eq!(st.phase(), Phase::Keep);
    assert_eq!(legal(&st), vec![keep("R5"), keep("G6"), keep("B9")]);
    let log = act(&mut st, keep("G6"));
    assert!(log.contains(&Event::PairPlayed {
        seat: 0,
        kept: k("G6"),
        discarded: 2
    }));
    act(&mut st, color(YELLOW));
    assert_hand(&st, 0, "G6");
    assert_eq!(st.discard_pile().len(), 5);
    assert_turn(&st, "P2", YELLOW, 0, Phase::CallUno);
    act(&mut st, CALL_UNO);
    assert_turn(&st, "P2", YELLOW, 1, Phase::Turn);
    // No third card: no pair.
    let st = pos(json!({
        "hands": ["P1 P2", "B5 B6 B7", "Y7 Y8 Y9"], "discard": "R3",
    }));
    assert!(!legal(&st).contains(&PLAYER_PAIR));
}

#[test]
fn player_pair_option_values() {
    let pair = |opts: Value, seat: usize| {
        let mut hands = vec!["R7 G7", "B5 B6 B7", "Y7 Y8 Y9"];
        hands[seat] = "P1 P2 R5";
        let st = pos(json!({
            "options": opts, "current": seat, "hands": hands, "discard": "R3",
        }));
        legal(&st).contains(&PLAYER_PAIR)
    };
    // owner_of_one (default): the owner of one of them.
    assert!(pair(json!({}), 0));
    assert!(pair(json!({}), 1));
    assert!(!pair(json!({}), 2));
    // owner_of_both: only a player who owns both.
    assert!(!pair(json!({"player_pair": "owner_of_both"}), 0));
    assert!(pair(
        json!({"player_pair": "owner_of_both", "owner_snowbob": 0}),
        0
    ));
    // any_holder: anyone holding both.
    assert!(pair(json!({"player_pair": "any_holder"}), 2));
    // R21: an absent owner's card is dead and cannot be played by anyone, not even in the
    // pair, whatever `player_pair` says.
    assert!(!pair(
        json!({"owner_ashley": null, "owner_snowbob": null}),
        0
    ));
    assert!(!pair(json!({"owner_ashley": null}), 1));
    assert!(!pair(
        json!({"owner_ashley": null, "owner_snowbob": null, "player_pair": "any_holder"}),
        0
    ));
}

// ===================================================================================
// Fast Eddy (section 7)
// ===================================================================================

fn eddy_position(tap: f64) -> UberState {
    pos(json!({
        "options": {"deck_tap_probability": tap},
        "hands": ["R5 G6 B6", "B7 B8 B9", "R5 Y2 Y3"], "discard": "R3",
    }))
}

/// L106-L111, R25, R26: a claim, the runner's tap, the Eddy landing.
#[test]
fn a_fast_eddy_lands_and_play_goes_on_from_the_eddy_er() {
    let mut st = eddy_position(0.0);
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Eddy { asker: 2 });
    assert_eq!(st.to_act().unwrap().0, 2);
    assert_eq!(legal(&st), vec![play("R5"), NO_EDDY]);
    act(&mut st, play("R5"));
    assert_eq!(
        st.phase(),
        Phase::Tap {
            claimant: 2,
            kind: k("R5")
        }
    );
    assert_eq!(st.to_act().unwrap().0, 1, "the runner taps");
    let log = act(&mut st, TAP);
    assert_eq!(
        log,
        vec![
            Event::Eddied {
                seat: 2,
                card: k("R5")
            },
            played(2, "R5")
        ]
    );
    assert_hand(&st, 2, "Y2 Y3");
    assert_turn(&st, "R5", RED, 0, Phase::Turn);
}

/// R25: `deck_tap_probability` 1: the tap always wins and the runner keeps the turn.
#[test]
fn a_won_deck_tap_keeps_the_turn() {
    let mut st = eddy_position(1.0);
    acts(&mut st, &[play("R5"), play("R5")]);
    let log = act(&mut st, TAP);
    assert_eq!(
        log,
        vec![Event::TapWon {
            seat: 1,
            claimant: 2
        }]
    );
    assert_hand(&st, 2, "R5 Y2 Y3");
    assert_turn(&st, "R5", RED, 1, Phase::Turn);
    assert_eq!(st.stats().taps_won, 1);
    // No tap: the Eddy lands whatever the probability.
    let mut st = eddy_position(1.0);
    acts(&mut st, &[play("R5"), play("R5"), NO_TAP]);
    assert_turn(&st, "R5", RED, 0, Phase::Turn);
    // No claim: the runner plays.
    let mut st = eddy_position(1.0);
    acts(&mut st, &[play("R5"), NO_EDDY]);
    assert_turn(&st, "R5", RED, 1, Phase::Turn);
}

/// L112-L113, R27: an Eddy-er throws several identical cards; each acts.
#[test]
fn an_eddy_er_throws_multiples() {
    let mut st = pos(json!({
        "options": {"decks": 2, "deck_tap_probability": 0.0},
        "hands": ["R5 B6 B5", "B7 B8 B9", "R5 R5 Y2"], "discard": "R3",
    }));
    acts(&mut st, &[play("R5"), play("R5"), TAP]);
    assert_eq!(
        st.phase(),
        Phase::More,
        "the Eddy-er may add an identical card"
    );
    assert_eq!(legal(&st), vec![play("R5"), DONE]);
    act(&mut st, play("R5"));
    assert_hand(&st, 2, "Y2");
    assert_eq!(st.discard_pile().count(k("R5") as usize), 3);
    assert_turn(&st, "R5", RED, 2, Phase::CallUno);
}

/// L112, R24, R41: a player adds their own identical copies; every card acts.
#[test]
fn own_multiples_each_act() {
    let mut st = pos(json!({
        "hands": ["RS RS G6 G7", "B7 B8 B9", "Y2 Y3 Y4"], "discard": "R3",
    }));
    act(&mut st, play("RS"));
    assert_eq!(st.phase(), Phase::More);
    assert_eq!(legal(&st), vec![play("RS"), DONE]);
    let log = act(&mut st, play("RS"));
    assert_eq!(
        log,
        vec![
            played(0, "RS"),
            Event::Skipped { seat: 1 },
            Event::Skipped { seat: 2 }
        ]
    );
    assert_turn(&st, "RS", RED, 0, Phase::Turn);
}

/// 7.3: an Eddy on a draw stack's top card stacks it; the victim is the player after the
/// Eddy-er.
#[test]
fn an_eddy_on_a_minor_moves_the_stack_past_the_eddy_er() {
    let mut st = pos(json!({
        "options": {"deck_tap_probability": 0.0},
        "hands": ["R+2 B5 B6", "G7 G8 G9", "R+2 Y2 Y3"], "discard": "R3",
    }));
    act(&mut st, play("R+2"));
    assert_eq!(st.phase(), Phase::Eddy { asker: 2 });
    acts(&mut st, &[play("R+2"), NO_TAP]);
    assert_eq!((st.stack().total, st.stack().hitter), (4, 2));
    assert_turn(&st, "R+2", RED, 0, Phase::Respond);
}

// ===================================================================================
// Go Fish (section 8)
// ===================================================================================

fn fish(hand1: &str) -> UberState {
    pos(json!({
        "hands": ["R0 G5 G6", hand1, "Y2 Y3 Y4"], "discard": "R3", "draw_pile": "Y6",
    }))
}

/// L115-L118, R28: a hit hands the card over; a miss makes the asker draw.
#[test]
fn go_fish_hit_and_miss() {
    let mut st = fish("B7 B8 Y9");
    act(&mut st, play("R0"));
    assert_eq!(st.phase(), Phase::Target { card: k("R0") });
    act(&mut st, target(1));
    let log = act(&mut st, ask("B7"));
    assert_eq!(
        log,
        vec![
            Event::Asked {
                seat: 0,
                target: Some(1),
                card: k("B7")
            },
            Event::HandedOver {
                seat: 1,
                to: 0,
                card: k("B7")
            }
        ]
    );
    assert_hand(&st, 0, "G5 G6 B7");
    assert_hand(&st, 1, "B8 Y9");
    assert_turn(&st, "R0", RED, 1, Phase::Turn);
    let mut st = fish("B7 B8 Y9");
    acts(&mut st, &[play("R0"), target(1)]);
    let log = act(&mut st, ask("G9"));
    assert_eq!(log[1], drew(0, "Y6"));
    assert_hand(&st, 0, "G5 G6 Y6");
    assert_eq!(st.current(), 1);
}

/// L117, R18: the target blocks with their own 0; the colour in play stays.
#[test]
fn go_fish_is_blocked_by_a_zero() {
    let mut st = fish("G0 B8 Y9");
    acts(&mut st, &[play("R0"), target(1), ask("B8")]);
    assert_eq!(st.phase(), Phase::ZeroBlock { seat: 1 });
    assert_eq!(legal(&st), vec![play("G0"), NO_BLOCK]);
    let log = act(&mut st, play("G0"));
    assert_eq!(
        log,
        vec![Event::Blocked {
            seat: 1,
            card: k("G0")
        }]
    );
    assert_hand(&st, 0, "G5 G6");
    assert_hand(&st, 1, "B8 Y9");
    // R18: the blocking G0 is not the card to follow: the asker's R0 stays on top.
    assert_turn(&st, "R0", RED, 1, Phase::Turn);
}

// ===================================================================================
// The Wild Ones (section 9) at Old School magnitude
// ===================================================================================

/// L124-L126, R31: a same-colour 1 blocks, another reinstates; the window closes after a
/// round of passes.
#[test]
fn a_wild_one_is_blocked_and_reinstated() {
    let mut st = pos(json!({
        "options": {"decks": 2, "red_show_probability": 0.0},
        "hands": ["R1 G5 G6", "R1 B8 B9", "R1 Y2 Y3"], "discard": "B3",
    }));
    act(&mut st, play("R1"));
    assert_eq!(st.phase(), Phase::OneWindow { asker: 1 });
    assert_eq!(legal(&st), vec![play("R1"), NO_BLOCK]);
    act(&mut st, NO_BLOCK);
    assert_eq!(st.phase(), Phase::OneWindow { asker: 2 });
    let log = act(&mut st, play("R1"));
    assert_eq!(
        log,
        vec![Event::Blocked {
            seat: 2,
            card: k("R1")
        }]
    );
    // A new round from seat 0 (no 1 left) to seat 1, who reinstates.
    assert_eq!(st.phase(), Phase::OneWindow { asker: 1 });
    act(&mut st, play("R1"));
    assert_eq!(st.phase(), Phase::Target { card: k("R1") });
    acts(&mut st, &[target(2), give("G5")]);
    assert_hand(&st, 0, "G6");
    assert_hand(&st, 2, "Y2 Y3 G5");
    assert_turn(&st, "R1", RED, 0, Phase::CallUno);
}

/// L176-L178: a blocked Blue One does nothing; the turn passes.
#[test]
fn a_blocked_wild_one_does_nothing() {
    let mut st = pos(json!({
        "hands": ["B1 G5 G6", "B1 R8 R9", "Y2 Y3 Y4"], "discard": "R3",
    }));
    acts(&mut st, &[play("B1")]);
    let log = act(&mut st, play("B1"));
    assert_eq!(
        log,
        vec![
            Event::Blocked {
                seat: 1,
                card: k("B1")
            },
            Event::OneBlocked { card: k("B1") }
        ]
    );
    assert_hand(&st, 0, "G5 G6");
    assert_turn(&st, "B1", BLUE, 1, Phase::Turn);
}

/// L141-L142, L161, L170, L182, R30: the Yellow, Blue and Green Ones cannot be the last card;
/// the Red One can, and its player is out before the gift.
#[test]
fn only_the_red_one_may_be_a_last_card() {
    for one in ["Y1", "B1", "G1"] {
        let st = pos(json!({
            "hands": [one, "B5 B6 B7", "Y7 Y8 Y9"], "discard": "R3",
        }));
        assert_eq!(legal(&st), vec![DRAW], "{one}");
    }
    let mut st = pos(json!({
        "options": {"hands_per_day": 1},
        "hands": ["R1", "B5 B6 B7", "Y7 Y8"], "discard": "G3",
    }));
    let log = act(&mut st, play("R1"));
    assert_eq!(
        log[1],
        Event::HandLost {
            loser: 1,
            out: 0,
            points: 3,
            by: TieBreak::Points
        }
    );
}

/// L131-L138, R32: the Red One's card goes face down; shown, it may be denied.
#[test]
fn the_red_one_gives_a_card_and_a_shown_card_may_be_denied() {
    let mut st = pos(json!({
        "options": {"red_show_probability": 1.0},
        "hands": ["R1 G5 B6", "B7 B8 B9", "Y7 Y8 Y9"], "discard": "G3",
    }));
    acts(&mut st, &[play("R1"), target(2)]);
    let log = act(&mut st, give("G5"));
    assert_eq!(
        log,
        vec![Event::Shown {
            seat: 0,
            to: 2,
            card: k("G5")
        }]
    );
    assert_eq!(st.to_act().unwrap().0, 2);
    act(&mut st, DENY);
    assert_eq!(legal(&st), vec![give("B6")], "a different kind");
    act(&mut st, give("B6"));
    assert_hand(&st, 0, "G5");
    assert_hand(&st, 2, "Y7 Y8 Y9 B6");
    assert_turn(&st, "R1", RED, 0, Phase::CallUno);
}

/// L143-L146: the Yellow One's hand goes under the draw pile; as many come from the top.
#[test]
fn the_yellow_one_exchanges_the_hand_with_the_pile() {
    let mut st = pos(json!({
        "hands": ["Y1 G5 G6", "B7 B8 B9", "R7 R8 R9"], "discard": "B3",
        "draw_pile": "B2 Y3",
    }));
    let log = act(&mut st, play("Y1"));
    assert!(log.contains(&Event::YellowExchange {
        seat: 0,
        cards: 2,
        drawn: 2
    }));
    assert_hand(&st, 0, "B2 Y3");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);
}

/// L147-L157, R33-R36: the Yellow One on a stack: the drawn card decides, by the table.
#[test]
fn the_yellow_one_answers_a_stack_by_the_table() {
    let yellow = |flip: &str, more: &str| {
        let mut st = pos(json!({
            "hands": ["B5 B6 B7", "Y1 G8 G9", "R7 R8 R9"], "discard": "R+2",
            "stack": {"total": 2, "hitter": 0}, "current": 1,
            "draw_pile": format!("{flip} {more}"),
        }));
        assert!(legal(&st).contains(&play("Y1")));
        let log = act(&mut st, play("Y1"));
        assert!(log.contains(&Event::YellowFlip {
            seat: 1,
            card: k(flip)
        }));
        st
    };
    // A number N: the player draws N (R34).
    let st = yellow("G3", "B2 B3 B4");
    assert_hand(&st, 1, "G8 G9 G3 B2 B3 B4");
    assert_eq!((st.stack().cards, st.current()), (0, 2));
    // A Major: the next player draws S + 4 and is skipped (R36).
    let st = yellow("W+4", "B2 B3 B4 Y2 Y3 Y4");
    assert_eq!(st.hand(2).len(), 9);
    assert_eq!(st.current(), 0);
    // A Minor: S + 2.
    let st = yellow("G+2", "B2 B3 B4 Y2");
    assert_eq!((st.hand(2).len(), st.current()), (7, 0));
    // A Reverse: the player who threw the last draw card draws S.
    let st = yellow("GR", "B2 B3");
    assert_hand(&st, 0, "B5 B6 B7 B2 B3");
    assert_eq!(st.current(), 2);
    // A Skip: the next player draws S.
    let st = yellow("GS", "B2 B3");
    assert_eq!((st.hand(2).len(), st.current()), (5, 0));
    // Change Hands: draw S, then a blockable exchange; a Wild: exchange blockable by the Joker.
    let st = yellow("CH", "B2 B3");
    assert_eq!(st.phase(), Phase::Target { card: k("CH") });
    assert_eq!(st.hand(1).len(), 5);
    let st = yellow("U", "B2 B3");
    assert_eq!(st.phase(), Phase::Target { card: k("W") }, "R35");
    // The other Yellow One blocks: the stack stands.
    let st = yellow("Y1", "B2");
    assert_eq!(st.stack().total, 2);
    assert_eq!((st.current(), st.phase()), (1, Phase::Respond));
}

/// L169-L179: the Blue One passes every hand one seat in the direction of play.
#[test]
fn the_blue_one_passes_the_hands() {
    let mut st = pos(json!({
        "hands": ["B1 G5 G6", "B7", "R7 R8 R9 R6"], "discard": "R3",
    }));
    let log = act(&mut st, play("B1"));
    assert!(log.contains(&Event::HandsPassed { steps: 1 }));
    assert_hand(&st, 0, "R7 R8 R9 R6");
    assert_hand(&st, 1, "G5 G6");
    assert_hand(&st, 2, "B7");
    assert_turn(&st, "B1", BLUE, 1, Phase::Turn);
}

/// L181-L193, R37: the Green One takes a card from the discard pile, not itself.
#[test]
fn the_green_one_takes_a_card_from_the_discard_pile() {
    let mut st = pos(json!({
        "hands": ["G1 R5 R6", "B7 B8 B9", "R7 R8 R9"], "discard": "B4 Y7 R3",
    }));
    act(&mut st, play("G1"));
    assert_eq!(st.phase(), Phase::Repo);
    assert_eq!(legal(&st), vec![take("R3"), take("Y7"), take("B4")]);
    let log = act(&mut st, take("Y7"));
    assert_eq!(
        log,
        vec![Event::Repo {
            seat: 0,
            card: k("Y7")
        }]
    );
    assert_hand(&st, 0, "R5 R6 Y7");
    assert_turn(&st, "G1", GREEN, 1, Phase::Turn);
}

/// R37: the card the Green One took cannot be Eddied before its taker's next turn.
#[test]
fn the_green_ones_card_cannot_be_eddied_before_the_next_turn() {
    let mut st = pos(json!({
        "hands": ["G1 R5 R6", "G7 B8 B9", "Y2 Y3 Y4"], "discard": "B4 G7 R3",
    }));
    acts(&mut st, &[play("G1"), take("G7")]);
    assert_hand(&st, 0, "R5 R6 G7");
    // Seat 1 plays the other G7; seat 2 is the runner; seat 0 may not throw its G7.
    act(&mut st, play("G7"));
    assert_turn(&st, "G7", GREEN, 2, Phase::Turn);
}

/// R37 (Russian): the Green One takes two cards; neither can be played that turn (the turn
/// ends with the taking) nor Eddied before the taker's next turn; from that turn on they play
/// and Eddy again.
#[test]
fn the_green_ones_two_cards_are_blocked_until_the_takers_turn() {
    let mut st = pos(json!({
        "players": 5, "options": {"mode": "russian", "decks": 2},
        "hands": ["G1 B5 R6", "G7 B4 Y8", "G4 Y3 Y9", "B4 R8 R9", "B2 Y2 Y5"],
        "discard": "B4 G7 R3", "draw_pile": "R2",
    }));
    acts(&mut st, &[play("G1"), take("G7"), take("B4")]);
    assert_hand(&st, 0, "B5 R6 G7 B4");
    // Not this turn: the turn has passed.
    assert_turn(&st, "G1", GREEN, 1, Phase::Turn);
    // G7: seat 0 holds the only other copy, taken: no window.
    act(&mut st, play("G7"));
    assert_turn(&st, "G7", GREEN, 2, Phase::Turn);
    act(&mut st, play("G4"));
    assert_turn(&st, "G4", GREEN, 3, Phase::Turn);
    // B4: seat 0 (taken) is passed over; seat 1 may Eddy its own B4.
    act(&mut st, play("B4"));
    assert_eq!(st.phase(), Phase::Eddy { asker: 1 });
    act(&mut st, NO_EDDY);
    assert_turn(&st, "B4", BLUE, 4, Phase::Turn);
    act(&mut st, play("B2"));
    // Seat 0's turn: the block is over.
    assert_turn(&st, "B2", BLUE, 0, Phase::Turn);
    assert!(legal(&st).contains(&play("B4")));
    act(&mut st, play("B5"));
    assert_turn(&st, "B5", BLUE, 1, Phase::Turn);
    acts(&mut st, &[play("B4"), CALL_UNO]);
    assert_eq!(st.phase(), Phase::Eddy { asker: 0 });
    assert!(legal(&st).contains(&play("B4")));
}

/// R37 with Pinwheel (R41): the taker may Eddy a card of their own, but a card the Green One
/// took does not join that Eddy's group.
#[test]
fn the_green_ones_card_does_not_join_an_eddy() {
    let start = |discard: &str, taken: &str| {
        let mut st = pos(json!({
            "options": {"pinwheel": "on", "deck_tap_probability": 0.0},
            "hands": ["G1 G7 R5", "G7 B8 B9", "Y2 Y3 Y4"], "discard": discard,
        }));
        acts(
            &mut st,
            &[play("G1"), take(taken), play("G7"), play("G7"), TAP],
        );
        st
    };
    // The R7 was taken: the Eddied G7 is a complete play; seat 1 is next.
    let st = start("B4 R7 R3", "R7");
    assert_hand(&st, 0, "R5 R7");
    assert_turn(&st, "G7", GREEN, 1, Phase::Turn);
    // An R7 held before the Green One joins the group.
    let mut st = pos(json!({
        "options": {"pinwheel": "on", "deck_tap_probability": 0.0},
        "hands": ["G1 G7 R7", "G7 B8 B9", "Y2 Y3 Y4"], "discard": "B4 R5 R3",
    }));
    acts(
        &mut st,
        &[play("G1"), take("R5"), play("G7"), play("G7"), TAP],
    );
    assert_eq!(st.phase(), Phase::More);
    assert_eq!(legal(&st), vec![play("R7"), DONE]);
}

/// R37: the block is on the taken kinds, not on the seat: while blocked, the taker may Eddy
/// any other card; the block moves with the hand in an exchange (the receiver of the taken
/// card may not Eddy it, the taker may Eddy the hand they received).
#[test]
fn the_green_ones_block_moves_with_the_hand() {
    let mut st = pos(json!({
        "players": 4, "options": {"decks": 2},
        "hands": ["G1 R5 R6", "U Y7 B8", "Y7 Y3 Y4", "R7 R8 R9"], "discard": "B4 Y7 R3",
    }));
    acts(&mut st, &[play("G1"), take("Y7")]);
    assert_hand(&st, 0, "R5 R6 Y7");
    acts(&mut st, &[play("U"), color(YELLOW), target(0)]);
    assert_hand(&st, 0, "Y7 B8");
    assert_hand(&st, 1, "R5 R6 Y7");
    assert_turn(&st, "U", YELLOW, 2, Phase::Turn);
    // Seat 2 plays Y7; seat 3 is the runner; seat 0 may Eddy (its Y7 was not taken), seat 1
    // may not (it holds the taken Y7).
    act(&mut st, play("Y7"));
    assert_eq!(st.phase(), Phase::Eddy { asker: 0 });
    assert_eq!(legal(&st), vec![play("Y7"), NO_EDDY]);
    act(&mut st, NO_EDDY);
    assert_turn(&st, "Y7", YELLOW, 3, Phase::Turn);
}

// ===================================================================================
// Magnitude modes (section 10) and Additive (11.7)
// ===================================================================================

/// L198-L199, R38: Russian: the Red One flips until a number; its value is the magnitude.
#[test]
fn russian_red_flips_until_a_number() {
    let mut st = pos(json!({
        "options": {"mode": "dealer", "red_show_probability": 0.0},
        "rules": {"mode": "russian"},
        "hands": ["R1 G5 G6 G7 G8 G9", "B7 B8", "Y2 Y3"], "discard": "B3",
        "draw_pile": "GS W Y3",
    }));
    let log = act(&mut st, play("R1"));
    let flips: Vec<Event> = log
        .into_iter()
        .filter(|e| matches!(e, Event::Flipped { .. }))
        .collect();
    assert_eq!(
        flips,
        vec![
            Event::Flipped { card: k("GS") },
            Event::Flipped { card: k("W") },
            Event::Flipped { card: k("Y3") }
        ]
    );
    acts(&mut st, &[target(1), give("G5"), give("G6"), give("G7")]);
    assert_hand(&st, 0, "G8 G9");
    assert_hand(&st, 1, "B7 B8 G5 G6 G7");
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
}

/// L215-L216, R40: Buddy System: the next player lays the magnitude card and plays off it.
#[test]
fn buddy_system_lets_the_next_player_set_the_magnitude() {
    let mut st = pos(json!({
        "options": {"mode": "buddy"},
        "hands": ["Y1 G5 G6 G7 G8", "G3 B8", "Y2 Y3"], "discard": "R3",
        "draw_pile": "R5 R6 R7",
    }));
    act(&mut st, play("Y1"));
    assert_eq!(st.phase(), Phase::BuddyCard { buddy: 1 });
    assert_eq!(st.to_act().unwrap().0, 1);
    let log = act(&mut st, buddy("G3"));
    assert_eq!(
        log[0],
        Event::BuddyCard {
            seat: 1,
            card: k("G3")
        }
    );
    assert_hand(&st, 0, "R5 R6 R7");
    // R50: the buddy's own card left it on one card: it owes the call.
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 1));
    act(&mut st, CALL_UNO);
    assert_turn(&st, "G3", GREEN, 1, Phase::Turn);
}

/// L201-L213: Russian Yellow: one flip; a Major exchanges the hand for its size plus 4.
#[test]
fn russian_yellow_exchanges_by_the_flipped_card() {
    let mut st = pos(json!({
        "options": {"mode": "russian"},
        "hands": ["Y1 G5 G6", "B7 B8", "Y2 Y3"], "discard": "B3",
        "draw_pile": "W+4 R2 R4 R5 R6 R7 R8",
    }));
    let log = act(&mut st, play("Y1"));
    assert_eq!(log[1], Event::Flipped { card: k("W+4") });
    assert!(log.contains(&Event::YellowExchange {
        seat: 0,
        cards: 2,
        drawn: 6
    }));
    assert_hand(&st, 0, "R2 R4 R5 R6 R7 R8");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);
}

/// R39: Russian Blue passes the hands N seats (mod the table); Russian Green takes N cards.
#[test]
fn russian_blue_and_green_use_the_flipped_number() {
    let mut st = pos(json!({
        "options": {"mode": "russian"},
        "hands": ["B1 G5 G6", "B7 B8", "Y2 Y3 Y4 Y5"], "discard": "R3",
        "draw_pile": "Y5",
    }));
    let log = act(&mut st, play("B1"));
    assert!(log.contains(&Event::HandsPassed { steps: 2 }));
    assert_hand(&st, 2, "G5 G6");
    assert_hand(&st, 0, "B7 B8");
    assert_hand(&st, 1, "Y2 Y3 Y4 Y5");
    assert_eq!(st.current(), 1);

    let mut st = pos(json!({
        "options": {"mode": "russian"},
        "hands": ["G1 R5 R6", "B7 B8", "Y2 Y3"], "discard": "B4 Y7 R3",
        "draw_pile": "B2",
    }));
    act(&mut st, play("G1"));
    assert_eq!(st.phase(), Phase::Repo);
    act(&mut st, take("Y7"));
    assert_eq!(st.phase(), Phase::Repo, "a second card to take");
    act(&mut st, take("B4"));
    assert_hand(&st, 0, "R5 R6 Y7 B4");
    assert_turn(&st, "G1", GREEN, 1, Phase::Turn);
}

/// R40: for the Red, Blue and Green Ones a buddy without a number card gives magnitude 1.
#[test]
fn a_buddy_without_a_number_gives_magnitude_one() {
    let mut st = pos(json!({
        "options": {"mode": "buddy", "red_show_probability": 0.0},
        "hands": ["R1 G5 G6", "RS B+2", "Y2 Y3"], "discard": "B3",
    }));
    act(&mut st, play("R1"));
    assert_eq!(st.phase(), Phase::Target { card: k("R1") });
    acts(&mut st, &[target(2), give("G5")]);
    assert_hand(&st, 2, "Y2 Y3 G5");
}

/// L247-L250: Additive: an identical card adds its value to the magnitude.
#[test]
fn additive_adds_identical_cards_to_the_magnitude() {
    let mut st = pos(json!({
        "options": {"mode": "russian", "additive": "on", "red_show_probability": 0.0},
        "hands": ["R1 G5 G6 G7 G8 G9", "B7 B8", "G2 Y3"], "discard": "B3",
        "draw_pile": "G2",
    }));
    act(&mut st, play("R1"));
    assert_eq!(st.phase(), Phase::AddWindow { asker: 2 });
    let log = act(&mut st, play("G2"));
    assert_eq!(
        log,
        vec![Event::Added {
            seat: 2,
            card: k("G2"),
            magnitude: 4
        }]
    );
    assert_eq!(st.phase(), Phase::Target { card: k("R1") });
    acts(
        &mut st,
        &[target(1), give("G5"), give("G6"), give("G7"), give("G8")],
    );
    assert_hand(&st, 0, "G9");
    assert_eq!(st.hand(1).len(), 6);
}

// ===================================================================================
// Add-ons (section 11)
// ===================================================================================

/// L220-L224, R41: Pinwheel: cards of the same rank in any colour; the top card sets the
/// colour.
#[test]
fn pinwheel_lays_a_rank_in_any_colours() {
    let mut st = pos(json!({
        "options": {"pinwheel": "on"},
        "hands": ["R7 G7 B7 Y5", "B2 B3 B4", "Y2 Y3 Y4"], "discard": "R3",
    }));
    act(&mut st, play("R7"));
    assert_eq!(legal(&st), vec![play("G7"), play("B7"), DONE]);
    act(&mut st, play("B7"));
    act(&mut st, DONE);
    assert_hand(&st, 0, "G7 Y5");
    assert_turn(&st, "B7", BLUE, 1, Phase::Turn);
}

/// L233-L235: Michael Jackson Minors: any Minor Eddies a Minor.
#[test]
fn michael_jackson_minors_eddy_any_minor() {
    let hands = json!(["R+2 B5 B6", "G7 G8 G9", "G+2 Y2 Y3"]);
    let mut st = pos(json!({
        "options": {"mj_minors": "on", "deck_tap_probability": 0.0},
        "hands": hands, "discard": "R3",
    }));
    act(&mut st, play("R+2"));
    assert_eq!(st.phase(), Phase::Eddy { asker: 2 });
    acts(&mut st, &[play("G+2"), NO_TAP]);
    assert_eq!(st.stack().total, 4);
    assert_turn(&st, "G+2", GREEN, 0, Phase::Respond);
    // Without the add-on there is no window.
    let mut st = pos(json!({"hands": hands, "discard": "R3"}));
    act(&mut st, play("R+2"));
    assert_eq!(st.phase(), Phase::Respond);
}

/// L237-L238, R42: Jumping Jimmy's: Majors and Minors stack on each other.
#[test]
fn jumping_jimmys_mixes_majors_and_minors() {
    let mut st = pos(json!({
        "options": {"jumping_jimmys": "on"},
        "hands": ["B5 B6 B7", "R+2 G5 G6", "Y7 Y8 Y9"], "discard": "W+4", "color": "red",
        "stack": {"total": 4, "hitter": 0}, "current": 1,
    }));
    assert_eq!(legal(&st), vec![play("R+2"), ACCEPT, CHALLENGE]);
    act(&mut st, play("R+2"));
    assert_eq!(
        (st.stack().total, st.stack().major, st.stack().challengeable),
        (6, false, false)
    );
    assert_turn(&st, "R+2", RED, 2, Phase::Respond);
    assert_eq!(
        legal(&st),
        vec![ACCEPT],
        "R42: a Minor on top, no challenge"
    );
}

/// L240-L242, R43: Macchu Picchu asks everyone; a 0 protects its thrower only.
#[test]
fn macchu_picchu_asks_everyone() {
    let mut st = pos(json!({
        "players": 4,
        "options": {"macchu_picchu": "on"},
        "hands": ["R0 G5 G6", "B7 B8 B9", "G0 B7 Y4", "Y2 Y3"], "discard": "R3",
        "draw_pile": "R8",
    }));
    act(&mut st, play("R0"));
    assert_eq!(st.phase(), Phase::Ask);
    let log = act(&mut st, ask("B7"));
    assert_eq!(
        log,
        vec![
            Event::Asked {
                seat: 0,
                target: None,
                card: k("B7")
            },
            Event::HandedOver {
                seat: 1,
                to: 0,
                card: k("B7")
            }
        ]
    );
    assert_eq!(st.phase(), Phase::ZeroBlock { seat: 2 });
    act(&mut st, play("G0"));
    // Seat 3 has none: the asker draws.
    assert_hand(&st, 0, "G5 G6 B7 R8");
    assert_hand(&st, 2, "B7 Y4");
    // R18: the blocking G0 is not the card to follow.
    assert_turn(&st, "R0", RED, 1, Phase::Turn);
}

/// L244-L245: Picchu Macchu: a player without the card draws one.
#[test]
fn picchu_macchu_makes_the_players_without_it_draw() {
    let mut st = pos(json!({
        "options": {"picchu_macchu": "on"},
        "hands": ["R0 G5 G6", "B7 B8 B9", "Y2 Y3"], "discard": "R3",
        "draw_pile": "R8",
    }));
    acts(&mut st, &[play("R0"), ask("B7")]);
    assert_hand(&st, 0, "G5 G6 B7");
    assert_hand(&st, 2, "Y2 Y3 R8");
    assert_turn(&st, "R0", RED, 1, Phase::Turn);
}

/// L255-L265, R46: Doos: a player on two cards who cannot play flips the upperdecker and draws
/// by its table; the turn ends.
#[test]
fn doos_upperdecker_table() {
    let doos = |flip: &str, more: &str| {
        let mut st = pos(json!({
            "options": {"doos": "on"},
            "hands": ["G5 G6", "B7 B8 B9", "Y2 Y3 Y4 Y5"], "discard": "R3",
            "draw_pile": format!("{flip} {more}"),
        }));
        let log = act(&mut st, DRAW);
        assert_eq!(log[0], Event::Flipped { card: k(flip) });
        st
    };
    let row = |flip: &str, drawn: usize| {
        let more = "R4 R5 R6 R7 R8 R9 RS";
        let st = doos(flip, more);
        assert_eq!(st.hand(0).len(), 2 + drawn, "{flip}");
        assert_turn(&st, "R3", RED, 1, Phase::Turn);
    };
    row("B4", 4); // a number N: N
    row("W+4", 5); // a Major: 5
    row("G+2", 3); // a Minor: 3
    row("GR", 4); // a Reverse: the previous player's hand size (seat 2: 4)
    row("GS", 3); // a Skip: the next player's (seat 1: 3)
                  // Change Hands: 1, then a blockable exchange; Wild: 1, then only the Joker blocks.
    let st = doos("CH", "R4");
    assert_hand(&st, 0, "G5 G6 R4");
    assert_eq!(st.phase(), Phase::Target { card: k("CH") });
    let st = doos("W", "R4");
    assert_eq!(st.phase(), Phase::Target { card: k("W") });
    // Who can play draws normally.
    let mut st = pos(json!({
        "options": {"doos": "on"},
        "hands": ["R5 G6", "B7 B8 B9", "Y2 Y3 Y4 Y5"], "discard": "R3", "draw_pile": "B4",
    }));
    let log = act(&mut st, DRAW);
    assert_eq!(log, vec![drew(0, "B4")]);
    assert_eq!(st.current(), 0);
}

/// R71 (L255-L265, R38): the upperdecker flips a card the discard pile brings in, not the
/// flipped card back from under the pile. Before R71 a lone 0 under an empty pile was
/// flipped by every seat on doos, for ever (a day at the decision cap).
#[test]
fn r71_a_flip_does_not_turn_the_flipped_card_again() {
    let mut st = pos(json!({
        "players": 2, "options": {"doos": "on", "go_fish": "off", "fast_eddy": "off"},
        "hands": ["Y9 G3", "R7 G5"], "discard": "B6", "draw_pile": "R0",
        "unplaced": "discard",
    }));
    let log = act(&mut st, DRAW);
    assert_eq!(log[0], Event::Flipped { card: k("R0") });
    assert_hand(&st, 0, "Y9 G3");
    assert_eq!(st.current(), 1);
    // Only the R0 is left to draw, under the pile: the discard pile is shuffled in first.
    let log = act(&mut st, DRAW);
    assert!(matches!(log[0], Event::Reshuffled { .. }), "{log:?}");
    let Event::Flipped { card } = log[1] else {
        panic!("{log:?}")
    };
    assert_ne!(card, k("R0"));
    assert_conserved(&st);
}

/// R73 (L256-L257, 11.2): a player on doos who holds a Math play can play, so a draw is a
/// plain draw, not the upperdecker; without the Math play it is the upperdecker.
#[test]
fn r73_a_math_play_is_a_play_for_doos() {
    let doos = |math: &str| {
        let mut st = pos(json!({
            "options": {"doos": "on", "math": math},
            "hands": ["G2 G3", "B7 B8 B9", "Y2 Y3 Y4 Y6"], "discard": "Y5",
            "draw_pile": "R4 R5 R6 R7",
        }));
        let log = act(&mut st, DRAW);
        (st, log)
    };
    let (st, log) = doos("on");
    assert_eq!(log, vec![drew(0, "R4")]);
    assert_hand(&st, 0, "G2 G3 R4");
    assert_eq!((st.current(), st.phase()), (0, Phase::Turn));
    let (st, log) = doos("off");
    assert_eq!(log[0], Event::Flipped { card: k("R4") });
    assert_eq!(st.hand(0).len(), 2 + 4, "a flipped 4 draws 4");
}

/// L267-L268: Rotate: a Reverse moves every hand one seat in the new direction; the Joker
/// blocks it.
#[test]
fn rotate_moves_every_hand_and_the_joker_blocks_it() {
    let mut st = pos(json!({
        "players": 4, "options": {"rotate": "on"},
        "hands": ["RR G5 G6", "B7 B8", "Y2 Y3 Y4 Y5", "G2 G3 G4"], "discard": "R3",
    }));
    let log = act(&mut st, play("RR"));
    assert!(log.contains(&Event::HandsPassed { steps: 1 }));
    assert!(!st.clockwise());
    assert_hand(&st, 3, "G5 G6");
    assert_hand(&st, 0, "B7 B8");
    assert_hand(&st, 1, "Y2 Y3 Y4 Y5");
    assert_turn(&st, "RR", RED, 3, Phase::Turn);
    let mut st = pos(json!({
        "players": 4, "options": {"rotate": "on"},
        "hands": ["RR G5 G6", "J B7", "Y2 Y3 Y4 Y5", "G2 G3 G4"], "discard": "R3",
    }));
    act(&mut st, play("RR"));
    assert_eq!(
        st.phase(),
        Phase::Block {
            card: k("RR"),
            target: 1
        }
    );
    let log = act(&mut st, BLOCK);
    assert_eq!(
        log[0],
        Event::Blocked {
            seat: 1,
            card: k("J")
        }
    );
    assert_hand(&st, 0, "G5 G6");
    assert_hand(&st, 1, "B7");
    // R50: the Joker block left seat 1 on one card: it owes the call.
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 1));
    act(&mut st, CALL_UNO);
    // R18: the blocked Reverse stays the card to follow.
    assert_turn(&st, "RR", RED, 3, Phase::Turn);
}

/// 11.10: k Reverses in one play rotate k seats in the direction reached after k flips.
#[test]
fn two_reverses_in_one_play_rotate_two_seats() {
    let mut st = pos(json!({
        "players": 4, "options": {"rotate": "on"},
        "hands": ["RR RR G5 G6", "B7 B8", "Y2 Y3 Y4", "G2 G3 G4 G7"], "discard": "R3",
    }));
    act(&mut st, play("RR"));
    assert_eq!(st.phase(), Phase::More);
    let log = act(&mut st, play("RR"));
    assert_eq!(
        log,
        vec![
            played(0, "RR"),
            Event::Reversed,
            Event::Reversed,
            Event::HandsPassed { steps: 2 }
        ]
    );
    assert!(st.clockwise());
    assert_hand(&st, 2, "G5 G6");
    assert_hand(&st, 3, "B7 B8");
    assert_hand(&st, 0, "Y2 Y3 Y4");
    assert_hand(&st, 1, "G2 G3 G4 G7");
    assert_turn(&st, "RR", RED, 1, Phase::Turn);
}

/// L268: an Eddied Reverse adds one seat to the rotation or cancels it.
#[test]
fn an_eddied_reverse_adds_to_or_cancels_the_rotation() {
    let start = || {
        let mut st = pos(json!({
            "players": 4, "options": {"rotate": "on", "deck_tap_probability": 0.0},
            "hands": ["RR G5 G6", "B7 B8", "RR Y3 Y4 Y5", "G2 G3 G4"], "discard": "R3",
        }));
        // Counter-clockwise now; hands moved one seat: seat 1 holds RR Y3 Y4 Y5.
        act(&mut st, play("RR"));
        assert_eq!(st.phase(), Phase::Eddy { asker: 1 });
        acts(&mut st, &[play("RR"), NO_TAP]);
        assert_eq!(st.phase(), Phase::RotateChoice);
        st
    };
    let mut st = start();
    let log = act(&mut st, ROTATE_CANCEL);
    assert!(log.contains(&Event::RotationCancelled { seat: 1 }));
    assert!(st.clockwise(), "the direction is as before both");
    assert_hand(&st, 0, "G5 G6");
    assert_hand(&st, 2, "Y3 Y4 Y5");
    assert_eq!(st.current(), 2);
    let mut st = start();
    let log = act(&mut st, ROTATE_ADD);
    assert!(log.contains(&Event::HandsPassed { steps: 1 }));
    assert!(st.clockwise());
    // Seat 1's Y3 Y4 Y5 move one seat clockwise.
    assert_hand(&st, 2, "Y3 Y4 Y5");
}

// ===================================================================================
// UNO (section 12)
// ===================================================================================

/// R50: a one-card hand received in an exchange needs no call; the call is due only from a
/// player whose own turn leaves them one card.
#[test]
fn a_one_card_hand_received_in_an_exchange_needs_no_call() {
    let mut st = pos(json!({
        "hands": ["U R5 G6", "B7", "Y2 Y3 Y4"], "discard": "R3",
    }));
    acts(&mut st, &[play("U"), color(BLUE), target(1)]);
    assert_hand(&st, 0, "B7");
    assert_turn(&st, "U", BLUE, 1, Phase::Turn);
}

/// R50 for every other exchange: Change Hands, the Blue One, Rotate, the Yellow One (Old
/// School and Russian, and its Change Hands), the upperdecker's exchange: a one-card hand
/// received needs no call.
#[test]
fn no_call_for_a_one_card_hand_from_any_exchange() {
    // Change Hands.
    let mut st = pos(json!({
        "hands": ["CH R5 G6", "B7", "Y2 Y3 Y4"], "discard": "R3",
    }));
    acts(&mut st, &[play("CH"), color(GREEN), target(1)]);
    assert_hand(&st, 0, "B7");
    assert_turn(&st, "CH", GREEN, 1, Phase::Turn);
    // The Blue One: seat 2's hand comes to seat 0.
    let mut st = pos(json!({
        "hands": ["B1 G5 G6", "B7 B8", "R7"], "discard": "R3",
    }));
    act(&mut st, play("B1"));
    assert_hand(&st, 0, "R7");
    assert_turn(&st, "B1", BLUE, 1, Phase::Turn);
    // Rotate: the direction turns, seat 1's hand comes to seat 0.
    let mut st = pos(json!({
        "players": 4, "options": {"rotate": "on"},
        "hands": ["RR G5 G6", "B7", "Y2 Y3 Y4 Y5", "G2 G3 G4"], "discard": "R3",
    }));
    act(&mut st, play("RR"));
    assert_hand(&st, 0, "B7");
    assert_turn(&st, "RR", RED, 3, Phase::Turn);
    // The Yellow One, Old School: one card goes under, one comes from the top.
    let mut st = pos(json!({
        "hands": ["Y1 G5", "B7 B8 B9", "R7 R8 R9"], "discard": "B3", "draw_pile": "B2",
    }));
    act(&mut st, play("Y1"));
    assert_hand(&st, 0, "B2");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);
    // The Yellow One, Russian, on a flipped 1: the hand is exchanged for one card.
    let mut st = pos(json!({
        "options": {"mode": "russian"},
        "hands": ["Y1 G5 G6", "B7 B8 B9", "R7 R8 R9"], "discard": "B3", "draw_pile": "R1 B2",
    }));
    let log = act(&mut st, play("Y1"));
    assert!(log.contains(&Event::YellowExchange {
        seat: 0,
        cards: 2,
        drawn: 1
    }));
    assert_hand(&st, 0, "B2");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);
    // The Yellow One, Russian, on a flipped Change Hands: then an exchange with a player.
    let mut st = pos(json!({
        "options": {"mode": "russian"},
        "hands": ["Y1 G5 G6", "B7", "R7 R8 R9"], "discard": "B3", "draw_pile": "CH B2 B4",
    }));
    act(&mut st, play("Y1"));
    assert_eq!(st.phase(), Phase::Target { card: k("CH") });
    act(&mut st, target(1));
    assert_hand(&st, 0, "B7");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);
    // The upperdecker's Change Hands: draw 1, then exchange with a one-card hand.
    let mut st = pos(json!({
        "options": {"doos": "on"},
        "hands": ["G5 G6", "B7", "Y2 Y3 Y4 Y5"], "discard": "R3", "draw_pile": "CH R4",
    }));
    acts(&mut st, &[DRAW, target(1)]);
    assert_hand(&st, 0, "B7");
    assert_hand(&st, 1, "G5 G6 R4");
    assert_turn(&st, "R3", RED, 1, Phase::Turn);
}

/// R50: an exchange that does not happen (blocked) leaves the call due from the player whose
/// own play left them one card.
#[test]
fn a_blocked_exchange_leaves_the_call_due() {
    let mut st = pos(json!({
        "hands": ["U R5", "J B7 B8", "Y2 Y3 Y4"], "discard": "R3",
    }));
    acts(&mut st, &[play("U"), color(BLUE), target(1)]);
    assert_eq!(
        st.phase(),
        Phase::Block {
            card: k("U"),
            target: 1
        }
    );
    act(&mut st, BLOCK);
    assert_hand(&st, 0, "R5");
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 0));
}

/// L37-L38, R50: a silent player is caught in the window and draws 2.
#[test]
fn a_silent_player_is_caught_in_the_window() {
    let mut st = pos(json!({
        "hands": ["R5 G6", "B7 B8 B9", "Y2 Y3 Y4"], "discard": "R3", "draw_pile": "B2 B3",
    }));
    act(&mut st, play("R5"));
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 0));
    assert_eq!(legal(&st), vec![CALL_UNO, SILENT]);
    let log = act(&mut st, SILENT);
    assert_eq!(log, vec![Event::Silent { seat: 0 }]);
    assert_eq!(st.phase(), Phase::Catch { asker: 1 });
    act(&mut st, NO_CATCH);
    assert_eq!(st.phase(), Phase::Catch { asker: 2 });
    let log = act(&mut st, CATCH);
    assert_eq!(
        log[0],
        Event::Caught {
            seat: 0,
            by: Some(2)
        }
    );
    assert_hand(&st, 0, "G6 B2 B3");
    assert_turn(&st, "R5", RED, 1, Phase::Turn);
    // Called: no window.
    let mut st = pos(json!({
        "hands": ["R5 G6", "B7 B8 B9", "Y2 Y3 Y4"], "discard": "R3",
    }));
    acts(&mut st, &[play("R5"), CALL_UNO]);
    assert_turn(&st, "R5", RED, 1, Phase::Turn);
}

/// Section 12: `uno_catch_probability` replaces the window by a chance event.
#[test]
fn uno_catch_probability_replaces_the_window() {
    let silent = |p: f64| {
        let mut st = pos(json!({
            "options": {"uno_catch_probability": p},
            "hands": ["R5 G6", "B7 B8 B9", "Y2 Y3 Y4"], "discard": "R3", "draw_pile": "B2 B3",
        }));
        let log = acts(&mut st, &[play("R5"), SILENT]);
        (st, log)
    };
    let (st, log) = silent(1.0);
    assert!(log.contains(&Event::Caught { seat: 0, by: None }));
    assert_hand(&st, 0, "G6 B2 B3");
    assert_turn(&st, "R5", RED, 1, Phase::Turn);
    let (st, log) = silent(0.0);
    assert!(!log.iter().any(|e| matches!(e, Event::Caught { .. })));
    assert_hand(&st, 0, "G6");
    assert_turn(&st, "R5", RED, 1, Phase::Turn);
}

/// L37-L38, R50: a Wild One blocker whose own block leaves it on one card owes the call: it
/// is asked once the play is over (the player of the play holds two cards and is not), calls,
/// and no catch window opens.
#[test]
fn r50_a_wild_one_blocker_on_one_card_calls_uno() {
    let mut st = pos(json!({
        "options": {"decks": 2},
        "hands": ["R1 G5 G6", "R1 B8", "Y2 Y3 Y4"], "discard": "B3",
    }));
    acts(&mut st, &[play("R1"), play("R1")]);
    assert_hand(&st, 1, "B8");
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 1));
    assert_eq!(st.to_act().unwrap().0, 1);
    assert_eq!(legal(&st), vec![CALL_UNO, SILENT]);
    let log = act(&mut st, CALL_UNO);
    assert_eq!(log, vec![Event::CalledUno { seat: 1 }]);
    assert_hand(&st, 1, "B8");
    // Nobody may catch a called UNO: seat 1's turn begins on the blocked Red One.
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
    // The reinstater is asked too: seat 2's reinstating R1 leaves it on Y2.
    let mut st = pos(json!({
        "options": {"decks": 2, "red_show_probability": 0.0},
        "hands": ["R1 G5 G6 G7", "R1 B8 B9", "R1 Y2"], "discard": "B3",
    }));
    acts(
        &mut st,
        &[play("R1"), play("R1"), play("R1"), target(1), give("G5")],
    );
    assert_hand(&st, 0, "G6 G7");
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 2));
    act(&mut st, CALL_UNO);
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
}

/// L37-L38, R50: a blocker left on one card who stays silent is caught in the window and
/// draws 2, as the player of a play is; `uno_catch_probability` replaces the window for it
/// too.
#[test]
fn r50_a_silent_blocker_is_caught_and_draws_two() {
    let start = |extra: Value| {
        let mut v = json!({
            "options": {"decks": 2},
            "hands": ["R1 G5 G6", "R1 B8", "Y2 Y3 Y4"], "discard": "B3", "draw_pile": "B2 B3",
        });
        if let Some(o) = extra.as_object() {
            for (key, x) in o {
                v["options"][key] = x.clone();
            }
        }
        let mut st = pos(v);
        acts(&mut st, &[play("R1"), play("R1")]);
        assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 1));
        st
    };
    let mut st = start(json!({}));
    let log = act(&mut st, SILENT);
    assert_eq!(log, vec![Event::Silent { seat: 1 }]);
    // The window asks every other seat in turn order from the silent seat's left.
    assert_eq!(st.phase(), Phase::Catch { asker: 2 });
    act(&mut st, NO_CATCH);
    assert_eq!(st.phase(), Phase::Catch { asker: 0 });
    let log = act(&mut st, CATCH);
    assert_eq!(
        log[0],
        Event::Caught {
            seat: 1,
            by: Some(0)
        }
    );
    assert_hand(&st, 1, "B8 B2 B3");
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
    // Nobody catches: a round of passes and play goes on.
    let mut st = start(json!({}));
    acts(&mut st, &[SILENT, NO_CATCH, NO_CATCH]);
    assert_hand(&st, 1, "B8");
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
    // `uno_catch_probability` 1: caught by chance.
    let mut st = start(json!({"uno_catch_probability": 1.0}));
    let log = act(&mut st, SILENT);
    assert!(log.contains(&Event::Caught { seat: 1, by: None }));
    assert_hand(&st, 1, "B8 B2 B3");
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
}

/// R50: a Go Fish blocker (a 0), a Change Hands blocker and an Additive adder left on one
/// card by their own card are asked.
#[test]
fn r50_go_fish_change_hands_and_additive_throwers_on_one_card_are_asked() {
    // Go Fish: seat 1 blocks the fishing 0 with its G0 and keeps B8 alone.
    let mut st = fish("G0 B8");
    acts(&mut st, &[play("R0"), target(1), ask("B8"), play("G0")]);
    assert_hand(&st, 0, "G5 G6");
    assert_hand(&st, 1, "B8");
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 1));
    act(&mut st, CALL_UNO);
    assert_turn(&st, "R0", RED, 1, Phase::Turn);
    // Change Hands: seat 1 blocks with its own Change Hands and keeps B5 alone.
    let mut st = pos(json!({
        "hands": ["CH R5 G6", "CH B5", "Y7 Y8 Y9"], "discard": "R3",
    }));
    acts(&mut st, &[play("CH"), color(GREEN), target(1), BLOCK]);
    assert_hand(&st, 0, "R5 G6");
    assert_hand(&st, 1, "B5");
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 1));
    act(&mut st, CALL_UNO);
    assert_turn(&st, "CH", GREEN, 1, Phase::Turn);
    // Additive: seat 2 adds its G2 and keeps Y3 alone; the player of the play, left on G9 by
    // the Red One's four cards, is asked first, then seat 2.
    let mut st = pos(json!({
        "options": {"mode": "russian", "additive": "on", "red_show_probability": 0.0},
        "hands": ["R1 G5 G6 G7 G8 G9", "B7 B8", "G2 Y3"], "discard": "B3",
        "draw_pile": "G2",
    }));
    acts(&mut st, &[play("R1"), play("G2"), target(1)]);
    acts(&mut st, &[give("G5"), give("G6"), give("G7"), give("G8")]);
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 0));
    act(&mut st, CALL_UNO);
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 2));
    act(&mut st, CALL_UNO);
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
}

/// R50: a one-card hand received stays exempt, even for a seat whose own block had left it
/// on one card before the hands moved: the Blue One, blocked by seat 1 and reinstated by
/// seat 2 (each left on one card), passes every hand; seat 0 receives Y2, seat 2 receives R8,
/// and nobody is asked.
#[test]
fn r50_a_received_one_card_hand_is_still_not_asked() {
    let mut st = pos(json!({
        "options": {"decks": 2},
        "hands": ["B1 G5 G6", "B1 R8", "B1 Y2"], "discard": "R3",
    }));
    let log = acts(&mut st, &[play("B1"), play("B1"), play("B1")]);
    assert!(log.contains(&Event::HandsPassed { steps: 1 }));
    assert_hand(&st, 0, "Y2");
    assert_hand(&st, 1, "G5 G6");
    assert_hand(&st, 2, "R8");
    assert_turn(&st, "B1", BLUE, 1, Phase::Turn);
    // An exchange: the Über's player receives the one-card hand and is not asked.
    let mut st = pos(json!({
        "hands": ["U R5 G6", "B7", "Y2 Y3 Y4"], "discard": "R3",
    }));
    acts(&mut st, &[play("U"), color(BLUE), target(1)]);
    assert_hand(&st, 0, "B7");
    assert_turn(&st, "U", BLUE, 1, Phase::Turn);
}

/// R50: a Yellow One answering a stack, blocked by a seat left on one card, then the stack
/// accepted: the blocker is asked before the next turn begins (no play of the victim ends, but
/// the block did leave the blocker on one card).
#[test]
fn r50_a_blocker_of_a_yellow_one_on_a_stack_is_asked_after_the_accept() {
    let mut st = pos(json!({
        "options": {"decks": 2},
        "hands": ["G5 G6 G7", "Y1 B5 B6", "Y1 G8"], "discard": "R3 R+2",
        "stack": {"total": 2, "hitter": 0}, "current": 1, "draw_pile": "B2 B3",
    }));
    acts(&mut st, &[play("Y1"), play("Y1")]);
    assert_eq!(st.phase(), Phase::Respond);
    act(&mut st, ACCEPT);
    assert_hand(&st, 1, "B5 B6 B2 B3");
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 2));
    act(&mut st, CALL_UNO);
    assert_turn(&st, "Y1", YELLOW, 2, Phase::Turn);
}

/// R50's order: once the play's blocks and action have resolved, the player of the play is
/// asked first, then every other owing seat in turn order from the player, each with its own
/// catch window; a seat that no longer holds exactly one card when its turn to call comes is
/// not asked.
#[test]
fn r50_owing_seats_are_asked_in_turn_order_from_the_player() {
    // Four players: seat 1 blocks the Red One (left on B8), seat 2 reinstates it (left on
    // Y2); the Red One gives G5 to seat 3, leaving seat 0 on G6.
    let start = |to: u16| {
        let mut st = pos(json!({
            "players": 4,
            "options": {"decks": 2, "red_show_probability": 0.0},
            "hands": ["R1 G5 G6", "R1 B8", "R1 Y2", "G2 G3 G4"], "discard": "B3",
            "draw_pile": "B2 B3",
        }));
        acts(
            &mut st,
            &[play("R1"), play("R1"), play("R1"), target(to), give("G5")],
        );
        assert_hand(&st, 0, "G6");
        st
    };
    let mut st = start(3);
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 0));
    act(&mut st, CALL_UNO);
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 1));
    // Seat 1 is silent: its catch window runs (seats 2, 3, 0) before seat 2 is asked.
    act(&mut st, SILENT);
    assert_eq!(st.phase(), Phase::Catch { asker: 2 });
    acts(&mut st, &[NO_CATCH, NO_CATCH, NO_CATCH]);
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 2));
    act(&mut st, CALL_UNO);
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
    // Counterclockwise the order turns: seat 0, then seat 2, then seat 1.
    let mut st = pos(json!({
        "players": 4,
        "options": {"decks": 2, "red_show_probability": 0.0},
        "direction": "counterclockwise",
        "hands": ["R1 G5 G6", "R1 B8", "R1 Y2", "G2 G3 G4"], "discard": "B3",
    }));
    // Counterclockwise seat 3 is asked first (no R1), then seat 2 blocks, seat 1 reinstates.
    acts(
        &mut st,
        &[play("R1"), play("R1"), play("R1"), target(3), give("G5")],
    );
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 0));
    act(&mut st, CALL_UNO);
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 2));
    act(&mut st, CALL_UNO);
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 1));
    act(&mut st, CALL_UNO);
    assert_turn(&st, "R1", RED, 3, Phase::Turn);
    // The Red One's card goes to seat 1, who then holds two cards: it is not asked.
    let mut st = start(1);
    assert_hand(&st, 1, "B8 G5");
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 0));
    act(&mut st, CALL_UNO);
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 2));
    act(&mut st, CALL_UNO);
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
    // A caught seat draws 2 before the next owing seat is asked: seat 0 is caught by seat 1.
    let mut st = start(3);
    acts(&mut st, &[SILENT, CATCH]);
    assert_hand(&st, 0, "G6 B2 B3");
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 1));
}

// ===================================================================================
// The end of a hand, the day, the Nappy (sections 13, 18)
// ===================================================================================

fn last_hand(h1: &str, h2: &str, extra: Value) -> (UberState, Vec<Event>) {
    let mut v = json!({
        "options": {"hands_per_day": 1},
        "hands": ["R5", h1, h2], "discard": "R3",
    });
    for (key, x) in extra.as_object().unwrap() {
        v[key] = x.clone();
    }
    let mut st = pos(v);
    let log = act(&mut st, play("R5"));
    (st, log)
}

fn lost(log: &[Event]) -> Event {
    *log.iter()
        .find(|e| matches!(e, Event::HandLost { .. }))
        .expect("the hand ended")
}

/// L40-L46: the most points loses; the Über counts 4, Change Hands 2, 0s 0, the Joker -1.
#[test]
fn the_most_points_loses() {
    let (st, log) = last_hand("U B2", "CH B3 B0 J", json!({}));
    assert_eq!(
        lost(&log),
        Event::HandLost {
            loser: 1,
            out: 0,
            points: 5,
            by: TieBreak::Points
        }
    );
    assert_eq!(st.nappy(), Some(1));
    assert_eq!(st.stats().points[..3], [0, 5, 2]);
}

/// L47-L53, R44, R48: ties go to more word cards, then the higher tally, then a draw-off.
#[test]
fn the_three_tie_breaks() {
    let (_, log) = last_hand("RS B2", "B3 B4", json!({}));
    assert_eq!(
        lost(&log),
        Event::HandLost {
            loser: 1,
            out: 0,
            points: 2,
            by: TieBreak::WordCards
        }
    );
    let (_, log) = last_hand("Y2 Y3", "B9 B8", json!({}));
    assert_eq!(
        lost(&log),
        Event::HandLost {
            loser: 2,
            out: 0,
            points: 2,
            by: TieBreak::Tally
        }
    );
    // The draw-off from the dealer's left: seat 1 draws G2, seat 2 draws RS (above 9).
    let (st, log) = last_hand("B9 G8", "Y9 Y8", json!({"draw_pile": "G2 RS"}));
    assert!(log.contains(&Event::DrawOff {
        seat: 1,
        card: k("G2")
    }));
    assert!(log.contains(&Event::DrawOff {
        seat: 2,
        card: k("RS")
    }));
    assert_eq!(
        lost(&log),
        Event::HandLost {
            loser: 2,
            out: 0,
            points: 2,
            by: TieBreak::DrawOff
        }
    );
    assert_eq!(st.stats().tiebreaks, [0, 0, 0, 1]);
    // R48: equal draw-off cards draw again among the tied.
    let (_, log) = last_hand("B9 G8", "Y9 Y8", json!({"draw_pile": "G2 B2 Y7 G6"}));
    let draws: Vec<Event> = log
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::DrawOff { .. }))
        .collect();
    assert_eq!(draws.len(), 4);
    assert_eq!(
        lost(&log),
        Event::HandLost {
            loser: 1,
            out: 0,
            points: 2,
            by: TieBreak::DrawOff
        }
    );
}

/// Section 13: the player who went out loses only if everyone else is below 0 (a lone Joker).
#[test]
fn the_player_out_loses_against_a_lone_joker() {
    let mut st = pos(json!({
        "players": 2, "options": {"hands_per_day": 1},
        "hands": ["R5", "J"], "discard": "R3",
    }));
    let log = act(&mut st, play("R5"));
    assert_eq!(
        lost(&log),
        Event::HandLost {
            loser: 0,
            out: 0,
            points: 0,
            by: TieBreak::Points
        }
    );
}

/// L55: the loser deals the next hand.
#[test]
fn the_loser_deals_the_next_hand() {
    let mut st = pos(json!({
        "hands": ["R5", "U B2", "B3"], "discard": "R3",
    }));
    let log = act(&mut st, play("R5"));
    assert!(log.contains(&Event::HandStart { hand: 2, dealer: 1 }));
    assert_eq!((st.dealer(), st.hand_no()), (1, 1));
    assert_eq!(st.stats().lost[..3], [0, 1, 0]);
    // The fixed preset leaves the dealer nothing to choose: 7 cards each, seat 2 first.
    for s in 0..3 {
        assert_eq!(st.hand(s).len(), 7);
    }
    assert_eq!(st.current(), 2);
}

/// L57-L58, R47: the loser of the day's last hand is the Nappy; placings by hands lost.
#[test]
fn the_last_loser_is_the_nappy() {
    let mut st = pos(json!({
        "hand": 5, "hands_lost": [2, 1, 1],
        "hands": ["R5", "U B2", "B3"], "discard": "R3",
    }));
    let log = act(&mut st, play("R5"));
    assert_eq!(log.last(), Some(&Event::DayOver { nappy: 1 }));
    assert_eq!(st.phase(), Phase::Over);
    assert_eq!(st.stats().lost[..3], [2, 2, 1]);
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, None);
    assert_eq!(o.placing[..3], [2, 3, 1]);
    assert_eq!(st.apply(DRAW), Err(IllegalAction::GameOver));
}

// ===================================================================================
// Options, the notation, strictness
// ===================================================================================

/// Section 15: conflicting options are rejected, naming both.
#[test]
fn option_conflicts_name_both_options() {
    let e = scenario_error(json!({
        "options": {"macchu_picchu": "on", "picchu_macchu": "on"},
        "hands": ["R5", "B2", "B3"], "discard": "R3",
    }));
    assert!(
        e.contains("macchu_picchu") && e.contains("picchu_macchu"),
        "{e}"
    );
    let e = scenario_error(json!({
        "options": {"deal_min": 8, "deal_max": 6},
        "hands": ["R5", "B2", "B3"], "discard": "R3",
    }));
    assert!(e.contains("deal_min") && e.contains("deal_max"), "{e}");
    let e = scenario_error(json!({
        "players": 10, "options": {"deal_max": 11, "deal_min": 5},
        "hands": ["R5", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "Y2"], "discard": "R3",
    }));
    assert!(e.contains("too small") && e.contains("deal_max"), "{e}");
    // This hand's add-ons: both fishing add-ons on, or one the options turn off.
    let e = scenario_error(json!({
        "options": {"macchu_picchu": "dealer", "picchu_macchu": "dealer"},
        "rules": {"addons": ["fast_eddy", "go_fish", "macchu_picchu", "picchu_macchu"]},
        "hands": ["R5", "B2", "B3"], "discard": "R3",
    }));
    assert!(
        e.contains("macchu_picchu") && e.contains("picchu_macchu"),
        "{e}"
    );
    let e = scenario_error(json!({
        "rules": {"addons": ["fast_eddy", "go_fish", "rotate"]},
        "hands": ["R5", "B2", "B3"], "discard": "R3",
    }));
    assert!(e.contains("'rotate'") && e.contains("off"), "{e}");
    let e = scenario_error(json!({
        "rules": {"mode": "russian"},
        "hands": ["R5", "B2", "B3"], "discard": "R3",
    }));
    assert!(e.contains("rules.mode") && e.contains("fixes"), "{e}");
}

/// Section 21: the notation's errors name the field and the problem.
#[test]
fn scenario_errors_name_the_problem() {
    let base = || {
        json!({
            "hands": ["R5 G6", "B2 B3", "Y2 Y3"], "discard": "R3",
        })
    };
    let mut v = base();
    v["hands"][1] = json!("B2 Q7");
    let e = scenario_error(v);
    assert!(
        e.contains("hands[1]") && e.contains("unknown card 'Q7'"),
        "{e}"
    );

    let mut v = base();
    v["hands"][2] = json!("J Y3");
    v["discard"] = json!("J R3");
    let e = scenario_error(v);
    assert!(
        e.contains("discard") && e.contains("J placed 2 times"),
        "{e}"
    );

    let mut v = base();
    v["bogus"] = json!(1);
    let e = scenario_error(v);
    assert!(e.contains("unknown field `bogus`"), "{e}");

    let e = UberScenario::from_json(
        r#"{"players": 3, "players": 3, "hands": ["R5","B2","B3"], "discard": "R3"}"#,
    )
    .unwrap_err();
    assert!(e.contains("duplicate field `players`"), "{e}");
    let e = UberScenario::from_json(
        r#"{"players": 3, "options": {"decks": 1, "decks": 2}, "hands": ["R5","B2","B3"]}"#,
    )
    .unwrap_err();
    assert!(e.contains("'decks' is given twice"), "{e}");
    let e = UberScenario::from_json(
        r#"{"players": 3, "rules": {"mode": "russian", "mode": "buddy"}, "hands": ["R5"]}"#,
    )
    .unwrap_err();
    assert!(e.contains("duplicate field `mode`"), "{e}");

    let mut v = base();
    v["options"] = json!({"bogus_option": 1});
    let e = scenario_error(v);
    assert!(e.contains("unknown option 'bogus_option'"), "{e}");

    let mut v = base();
    v["hands"] = json!(["R5", "B2"]);
    let e = scenario_error(v);
    assert!(e.contains("'hands' has 2 entries for 3 players"), "{e}");

    let mut v = base();
    v["hands"][1] = json!([]);
    let e = scenario_error(v);
    assert!(e.contains("hands[1] is empty"), "{e}");

    let mut v = base();
    v["current"] = json!(3);
    let e = scenario_error(v);
    assert!(e.contains("'current' is seat 3"), "{e}");

    let mut v = base();
    v["discard"] = json!("R3 W");
    let e = scenario_error(v);
    assert!(e.contains("'color' is needed"), "{e}");

    let mut v = base();
    v["stack"] = json!({"total": 2});
    let e = scenario_error(v);
    assert!(e.contains("'stack'") && e.contains("Draw Two"), "{e}");

    let mut v = base();
    v["discard"] = json!("R+2");
    v["stack"] = json!({"total": 2});
    v["phase"] = json!("turn");
    let e = scenario_error(v);
    assert!(e.contains("'respond'"), "{e}");

    let mut v = base();
    v["hand"] = json!(2);
    v["hands_lost"] = json!([0, 0, 0]);
    let e = scenario_error(v);
    assert!(e.contains("'hands_lost' sums to 0"), "{e}");

    let mut v = base();
    v["options"] = json!({"decks": 9});
    let e = scenario_error(v);
    assert!(e.contains("decks"), "{e}");

    let mut v = base();
    v["phase"] = json!("dealer");
    let e = scenario_error(v);
    assert!(
        e.contains("hands[0]") && e.contains("phase 'dealer'"),
        "{e}"
    );
}

/// Cards placed nowhere go to the draw pile (seeded order) or, with `unplaced: discard`, under
/// the top card.
#[test]
fn unplaced_cards_go_to_the_draw_pile_or_the_discard_pile() {
    let st = pos(json!({
        "hands": ["R5 G6", "B2 B3", "Y2 Y3"], "discard": "R3", "draw_pile": "G9",
    }));
    assert_eq!(st.draw_pile().len(), 114 - 7);
    assert_eq!(st.discard_pile().len(), 1);
    let st = pos(json!({
        "hands": ["R5 G6", "B2 B3", "Y2 Y3"], "discard": "R3", "draw_pile": "G9",
        "unplaced": "discard",
    }));
    assert_eq!(st.draw_pile().len(), 1);
    assert_eq!(st.discard_pile().len(), 114 - 7);
    assert_eq!(st.top(), k("R3"));
    // The same seed gives the same draw pile.
    let a = pos(json!({"hands": ["R5", "B2", "Y2"], "discard": "R3"}));
    let b = pos(json!({"hands": ["R5", "B2", "Y2"], "discard": "R3"}));
    assert_eq!(a.draw_pile().as_slice(), b.draw_pile().as_slice());
}

/// The engine is strict: an illegal action is refused and changes nothing.
#[test]
fn illegal_actions_are_refused_without_a_change() {
    let mut st = pos(json!({
        "hands": ["R5 G6", "B2 B3", "Y2 Y3"], "discard": "R3",
    }));
    let before = format!("{st:?}");
    for a in [play("G6"), PASS, ACCEPT, play("J"), CHALLENGE, target(1)] {
        assert!(st.apply(a).is_err(), "{}", st.action_name(a));
    }
    assert_eq!(format!("{st:?}"), before);
}

/// The example files of `experiments/scenarios/uber-*.json` load.
#[test]
fn example_scenario_files_load() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../experiments/scenarios");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !(name.starts_with("uber-") && name.ends_with(".json")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let (st, seed) =
            uno_engine::uber::scenario::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_conserved(&st);
        assert!(st.to_act().is_some(), "{name}");
        let _ = seed;
        n += 1;
    }
    assert!(n >= 3, "{n} example files");
}

// ===================================================================================
// Going out by what others do (R60, R63, R64)
// ===================================================================================

/// R60: a buddy's 0 exchanges the Yellow One's player's hand for no cards: the player is out
/// and the hand ends (L40), "cannot go out on it" notwithstanding.
#[test]
fn a_yellow_exchange_for_no_cards_takes_the_player_out() {
    let mut st = pos(json!({
        "options": {"mode": "buddy", "hands_per_day": 1},
        "hands": ["Y1 G5 G6", "R0 B8", "Y2 Y3"], "discard": "R3",
    }));
    act(&mut st, play("Y1"));
    assert_eq!(st.phase(), Phase::BuddyCard { buddy: 1 });
    let log = act(&mut st, buddy("R0"));
    assert!(log.contains(&Event::YellowExchange {
        seat: 0,
        cards: 2,
        drawn: 0
    }));
    assert!(st.hand(0).is_empty());
    assert!(matches!(lost(&log), Event::HandLost { out: 0, .. }));
    assert_eq!(st.phase(), Phase::Over);
}

/// R48, R63: a draw-off with an empty draw pile draws from the reshuffled discard pile and
/// never invents a card (every card is checked to be somewhere after the play).
#[test]
fn a_draw_off_draws_from_the_reshuffled_discard_pile() {
    let mut st = pos(json!({
        "options": {"hands_per_day": 1},
        "hands": ["R5", "B9 G8", "Y9 Y8"], "discard": "R3",
        "unplaced": "discard",
    }));
    assert_eq!(st.draw_pile().len(), 0);
    let log = act(&mut st, play("R5"));
    assert!(log.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
    assert!(log.iter().any(|e| matches!(e, Event::DrawOff { .. })));
    let Event::HandLost { loser, by, .. } = lost(&log) else {
        unreachable!()
    };
    assert!(loser == 1 || loser == 2);
    assert_eq!(by, TieBreak::DrawOff);
    assert_eq!(st.phase(), Phase::Over);
}

/// R64: a Go Fish target who hands over their last card is out at once.
#[test]
fn handing_over_the_last_card_goes_out() {
    let mut st = pos(json!({
        "options": {"hands_per_day": 1},
        "hands": ["R0 G5 G6", "B7", "Y2 Y3 Y4"], "discard": "R3",
    }));
    acts(&mut st, &[play("R0"), target(1)]);
    let log = act(&mut st, ask("B7"));
    assert!(log.contains(&Event::HandedOver {
        seat: 1,
        to: 0,
        card: k("B7")
    }));
    assert!(matches!(lost(&log), Event::HandLost { out: 1, .. }));
    assert_eq!(st.phase(), Phase::Over);
}

/// R64: after a leak, the challenged player who takes the challenger's last card takes the
/// challenger out.
#[test]
fn taking_the_challengers_last_card_takes_them_out() {
    let mut st = pos(json!({
        "options": {"challenge_leak_probability": 1.0, "hands_per_day": 1},
        "hands": ["W+4 R5 G6", "B7", "Y2 Y3 Y5"], "discard": "R3",
        "draw_pile": "G2 G3 G4 G5",
    }));
    acts(&mut st, &[play("W+4"), color(GREEN), CHALLENGE]);
    // Guilty: the offender drew the stack; the challenger still holds B7 alone.
    assert!(matches!(st.phase(), Phase::Compensate { .. }));
    let log = act(&mut st, take("B7"));
    assert!(matches!(lost(&log), Event::HandLost { out: 1, .. }));
    assert_eq!(st.phase(), Phase::Over);
}

/// R37 with Math (11.2): a Math Eddy is an Eddy, so the Green One's card is no operand before
/// its taker's next turn; the same hand dealt without the Green One may Math-Eddy.
#[test]
fn the_green_ones_card_is_no_math_eddy_operand() {
    let mut st = pos(json!({
        "options": {"math": "on"},
        "hands": ["G1 G3 R6", "G7 B8 B9", "Y2 Y3 Y5"], "discard": "B4 G4 R3",
    }));
    acts(&mut st, &[play("G1"), take("G4")]);
    assert_hand(&st, 0, "G3 G4 R6");
    act(&mut st, play("G7"));
    // G3 + G4 would make G7, but G4 was taken by the Green One: no window for seat 0.
    assert_turn(&st, "G7", GREEN, 2, Phase::Turn);
    // Control: the same cards held from the deal make a Math Eddy.
    let mut st = pos(json!({
        "options": {"math": "on"}, "current": 1,
        "hands": ["G3 G4 R6", "G7 B8 B9", "Y2 Y3 Y5"], "discard": "R3 G1",
    }));
    act(&mut st, play("G7"));
    assert_eq!(st.phase(), Phase::Eddy { asker: 0 });
    assert!(legal(&st).contains(&MATH_START));
}

// ===================================================================================
// Audit fixes: blocks, copies, the Ones' timing, fallbacks (R18, R19, R21, R41, R65-R70)
// ===================================================================================

/// Every card of the default deck not in `placed` (codes), as one list of codes: a hand that
/// holds the rest of the deck, so that nothing is left to draw.
fn rest_of_deck(placed: &str) -> String {
    let st = pos(json!({"hands": ["R5", "B7", "Y2"], "discard": "R3"}));
    let mut left: Vec<u32> = st.deck().iter().map(|&c| c as u32).collect();
    for code in placed.split_whitespace() {
        left[k(code) as usize] -= 1;
    }
    let mut out = Vec::new();
    for (kind, &c) in left.iter().enumerate() {
        for _ in 0..c {
            out.push(CARDS[kind].code);
        }
    }
    out.join(" ")
}

/// L268, R18: the Joker blocking a Rotate is not a play to follow: the Reverse stays on top,
/// so the next player may play a Reverse on it (the audit's `rot.json`); the same when a
/// Wild played as the Reverse (Cards gone Wild) is blocked.
#[test]
fn r18_after_a_joker_blocks_a_rotate_the_reverse_is_followed() {
    let mut st = pos(json!({
        "options": {"rotate": "on", "fast_eddy": "off"},
        "hands": ["RR G5 G6", "B7 B8", "J BR Y3"], "discard": "R3",
    }));
    act(&mut st, play("RR"));
    assert_eq!(
        st.phase(),
        Phase::Block {
            card: k("RR"),
            target: 2
        }
    );
    act(&mut st, BLOCK);
    assert_turn(&st, "RR", RED, 2, Phase::Turn);
    assert_eq!(
        legal(&st),
        vec![play("BR"), DRAW],
        "a Reverse on the blocked Reverse"
    );
    assert_eq!(
        st.discard_pile().count(k("J") as usize),
        1,
        "the Joker is on the pile"
    );

    let mut st = pos(json!({
        "options": {"rotate": "on", "fast_eddy": "off", "cards_gone_wild": "on"},
        "hands": ["W G5 G6", "B7 B8", "J BR Y3"], "discard": "R3",
    }));
    acts(&mut st, &[play("W"), WILD_AS + k("RR") as u16, BLOCK]);
    assert_turn(&st, "RR", RED, 2, Phase::Turn);
    assert_eq!(
        st.top_card(),
        k("W"),
        "the Wild still stands for the Reverse"
    );
    assert_eq!(legal(&st), vec![play("BR"), DRAW]);
}

/// L89-L90, R18: after the Joker blocks an Über, the next player follows the Über's named
/// colour; the Joker sets nothing.
#[test]
fn r18_after_a_joker_blocks_the_uber_the_named_colour_is_followed() {
    let mut st = pos(json!({
        "hands": ["U R5 G6", "J B5 Y6", "Y7 Y8 Y9"], "discard": "R3",
    }));
    acts(&mut st, &[play("U"), color(YELLOW), target(1), BLOCK]);
    assert_turn(&st, "U", YELLOW, 1, Phase::Turn);
    assert_eq!(legal(&st), vec![play("Y6"), DRAW]);
}

/// L90, R19: with two Übers in the deck, a player holding a lone Über cannot Fast Eddy it
/// (it would take them out on the Über; the audit's `ub.json`); with a second card they can.
#[test]
fn r19_no_going_out_on_an_eddied_uber() {
    let mut st = pos(json!({
        "options": {"uber_count": 2},
        "hands": ["U G5 G6", "B7 B8", "U"], "discard": "R3",
    }));
    acts(&mut st, &[play("U"), color(RED), target(1)]);
    assert_turn(&st, "U", RED, 1, Phase::Turn);
    assert_hand(&st, 2, "U");
    assert_hand(&st, 0, "B7 B8");

    let mut st = pos(json!({
        "options": {"uber_count": 2},
        "hands": ["U G5 G6", "B7 B8", "U Y3"], "discard": "R3",
    }));
    acts(&mut st, &[play("U"), color(RED), target(1)]);
    assert_eq!(st.phase(), Phase::Eddy { asker: 2 });
    assert_eq!(legal(&st), vec![play("U"), NO_EDDY]);
}

/// L98, R21: an owner's seat outside the table is an owner not at the table, not an error:
/// the card is dead (nobody plays it), or removed from the deck.
#[test]
fn r21_an_owner_outside_the_table_is_not_at_the_table() {
    let st = pos(json!({
        "options": {"owner_snowbob": 3},
        "hands": ["P2 R5 G6", "B7 B8", "Y2 Y3"], "discard": "R3",
    }));
    assert_eq!(legal(&st), vec![play("R5"), DRAW], "the SnowBob is dead");
    let st = pos(json!({
        "options": {"owner_snowbob": 5, "absent_player_cards": "removed"},
        "hands": ["R5 G6", "B7 B8", "Y2 Y3"], "discard": "R3",
    }));
    assert_eq!(st.deck()[k("P2") as usize], 0, "removed from the deck");
    assert_eq!(st.deck()[k("P1") as usize], 1);
}

/// L112-L113, R24, R65: own identical copies join plays whose effects add up (a 7, a
/// Draw Two, a Wild...), not a 0, a 1 or a Change Hands (or the Über), whose copies are
/// decisions of their own.
#[test]
fn r65_no_own_copies_of_a_zero_a_one_or_change_hands() {
    let mut st = pos(json!({
        "hands": ["CH CH G5", "B7 B8", "Y2 Y3"], "discard": "R3",
    }));
    act(&mut st, play("CH"));
    assert_eq!(
        st.phase(),
        Phase::Color {
            why: uno_engine::uber::ColorWhy::Exchange(k("CH"))
        }
    );
    let mut st = pos(json!({
        "options": {"decks": 2, "red_show_probability": 0.0},
        "hands": ["R1 R1 G5", "B7 B8", "Y2 Y3"], "discard": "B3",
    }));
    act(&mut st, play("R1"));
    assert_eq!(st.phase(), Phase::Target { card: k("R1") });
    assert_hand(&st, 0, "R1 G5");
    let mut st = pos(json!({
        "options": {"decks": 2},
        "hands": ["R0 R0 G5", "B7 B8", "Y2 Y3"], "discard": "R3",
    }));
    act(&mut st, play("R0"));
    assert_eq!(st.phase(), Phase::Target { card: k("R0") });
    let mut st = pos(json!({
        "options": {"uber_count": 2},
        "hands": ["U U G5", "B7 B8", "Y2 Y3"], "discard": "R3",
    }));
    act(&mut st, play("U"));
    assert_eq!(
        st.phase(),
        Phase::Color {
            why: uno_engine::uber::ColorWhy::Exchange(k("U"))
        }
    );
    // A card whose effect adds up takes its copies.
    let mut st = pos(json!({
        "hands": ["R7 R7 G5", "B7 B8", "Y2 Y3"], "discard": "R3",
    }));
    act(&mut st, play("R7"));
    assert_eq!(st.phase(), Phase::More);
    assert_eq!(legal(&st), vec![play("R7"), DONE]);
}

/// L221, R41: Pinwheel takes no 1s (each 1 is an action with its own block window).
#[test]
fn r41_pinwheel_takes_no_ones() {
    let mut st = pos(json!({
        "options": {"pinwheel": "on", "red_show_probability": 0.0},
        "hands": ["R1 B1 G5", "B7 B8", "Y2 Y3"], "discard": "B3",
    }));
    act(&mut st, play("R1"));
    assert_eq!(st.phase(), Phase::Target { card: k("R1") });
}

/// L141, L170, L182, R66: "can be played at any time" is at the player's own turn (and, for
/// the Yellow One, as the answer to a draw stack): a seat holding 1s is offered nothing out of
/// turn but its blocks; facing a stack, only the Yellow One answers.
#[test]
fn r66_the_wild_ones_play_at_their_players_turn() {
    let mut st = pos(json!({
        "hands": ["R7 G5 G6", "Y2 Y3", "B1 G1 Y1 B8"], "discard": "R3",
    }));
    act(&mut st, play("R7"));
    assert_turn(&st, "R7", RED, 1, Phase::Turn);
    assert_eq!(
        st.to_act().unwrap().0,
        1,
        "no out-of-turn window for seat 2's 1s"
    );

    let st = pos(json!({
        "hands": ["G5 G6", "R1 Y1 G1 B1 Y5", "Y2 Y3"], "discard": "R3 R+2",
        "stack": {"total": 2, "hitter": 0}, "current": 1,
    }));
    assert_eq!(
        legal(&st),
        vec![play("Y1"), ACCEPT],
        "L141, L170, L182, R29"
    );
}

/// L209-L210, R67: the Russian Yellow One's flipped Change Hands: the player **draws** the
/// original number of cards (their hand's), keeps the hand, then exchanges it all; a Change
/// Hands blocks the exchange (the audit's `ry.json`).
#[test]
fn r67_russian_yellow_change_hands_draws_then_exchanges() {
    let yellow = |h1: &str| {
        let mut st = pos(json!({
            "options": {"mode": "russian"},
            "hands": ["Y1 G5 G6", h1, "Y2 Y3"], "discard": "B3",
            "draw_pile": "CH R2 R4 R5",
        }));
        let log = act(&mut st, play("Y1"));
        assert!(log.contains(&Event::Flipped { card: k("CH") }));
        assert!(log.contains(&drew(0, "R2")) && log.contains(&drew(0, "R4")));
        assert!(!log
            .iter()
            .any(|e| matches!(e, Event::YellowExchange { .. })));
        assert_hand(&st, 0, "G5 G6 R2 R4");
        assert_eq!(st.phase(), Phase::Target { card: k("CH") });
        st
    };
    let mut st = yellow("B7 B8");
    let log = act(&mut st, target(1));
    assert!(log.contains(&Event::Exchanged { seat: 0, with: 1 }));
    assert_hand(&st, 0, "B7 B8");
    assert_hand(&st, 1, "G5 G6 R2 R4");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);

    let mut st = yellow("CH B7 B8");
    act(&mut st, target(1));
    assert_eq!(
        st.phase(),
        Phase::Block {
            card: k("CH"),
            target: 1
        }
    );
    act(&mut st, BLOCK);
    assert_hand(&st, 0, "G5 G6 R2 R4");
    assert_hand(&st, 1, "B7 B8");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);
}

/// L201-L213: the other rows of the Russian Yellow One's table. The player holds 2 cards after
/// the Yellow One, the next player (seat 1) 3, the previous (seat 2) 4.
#[test]
fn russian_yellow_table_rows() {
    let flip = |card: &str, h2: &str| {
        let mut st = pos(json!({
            "options": {"mode": "russian"},
            "hands": ["Y1 G5 G6", "B7 B8 B9", h2], "discard": "B3",
            "draw_pile": format!("{card} R2 R4 R5 R6 R7 R8"),
        }));
        let log = act(&mut st, play("Y1"));
        assert!(log.contains(&Event::Flipped { card: k(card) }));
        (st, log)
    };
    let exchanged = |log: &[Event], drawn: u16| {
        assert!(log.contains(&Event::YellowExchange {
            seat: 0,
            cards: 2,
            drawn
        }));
    };
    // A number: that many cards.
    let (st, log) = flip("G3", "Y2 Y3 Y4 Y5");
    exchanged(&log, 3);
    assert_hand(&st, 0, "R2 R4 R5");
    // A Minor: two more than the hand held.
    let (st, log) = flip("R+2", "Y2 Y3 Y4 Y5");
    exchanged(&log, 4);
    assert_hand(&st, 0, "R2 R4 R5 R6");
    // A Reverse: the previous player's count (seat 2: 4).
    let (st, log) = flip("RR", "Y2 Y3 Y4 Y5");
    exchanged(&log, 4);
    assert_hand(&st, 0, "R2 R4 R5 R6");
    // A Skip: the next player's count (seat 1: 3).
    let (st, log) = flip("RS", "Y2 Y3 Y4 Y5");
    exchanged(&log, 3);
    assert_hand(&st, 0, "R2 R4 R5");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);
    // A Wild: the same count, then an exchange only the Joker blocks.
    let (mut st, log) = flip("W", "J Y3 Y4 Y5");
    exchanged(&log, 2);
    assert_hand(&st, 0, "R2 R4");
    assert_eq!(st.phase(), Phase::Target { card: k("W") });
    act(&mut st, target(2));
    assert_eq!(
        st.phase(),
        Phase::Block {
            card: k("W"),
            target: 2
        }
    );
    act(&mut st, BLOCK);
    assert_hand(&st, 0, "R2 R4");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);
    // The other Yellow One: it blocks the original; the hand stays.
    let (st, log) = flip("Y1", "Y2 Y3 Y4 Y5");
    assert!(log.contains(&Event::OneBlocked { card: k("Y1") }));
    assert_hand(&st, 0, "G5 G6");
    assert_turn(&st, "Y1", YELLOW, 1, Phase::Turn);
}

/// L124, L136, R68: the dealer is the player of a turned 1: the first block is the others'
/// (seat 2 is asked, the dealer not), and the dealer may reinstate it.
#[test]
fn r68_the_dealer_does_not_block_a_turned_one_first() {
    let mut st = pos(json!({
        "options": {"decks": 2, "direction": "dealer", "deal_min": 2, "deal_max": 2,
                    "red_show_probability": 0.0},
        "phase": "dealer",
        "hands": [[], [], []],
        "draw_pile": "G2 R1 R1 G4 G3 Y5 R1",
    }));
    act(&mut st, DIR_CLOCKWISE);
    assert_hand(&st, 0, "R1 Y5");
    assert_hand(&st, 2, "R1 G3");
    assert_eq!(st.phase(), Phase::OneWindow { asker: 2 }, "not the dealer");
    act(&mut st, play("R1"));
    assert_eq!(
        st.phase(),
        Phase::OneWindow { asker: 0 },
        "the dealer reinstates"
    );
    act(&mut st, NO_BLOCK);
    // R50: seat 2's own block left it on one card: it owes the call before the first turn.
    assert_eq!((st.phase(), st.uno_seat()), (Phase::CallUno, 2));
    act(&mut st, CALL_UNO);
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
    assert_hand(&st, 0, "R1 Y5");
}

/// R69: a Russian flip that finds no number (the draw pile and the discard pile hold none)
/// gives magnitude 1.
#[test]
fn r69_a_russian_flip_without_a_number_gives_magnitude_one() {
    let mut st = pos(json!({
        "options": {"mode": "russian", "red_show_probability": 0.0},
        "hands": ["R1 G5 G6 G7", "B7 B8", rest_of_deck("R1 G5 G6 G7 B7 B8 RS")],
        "discard": "RS",
    }));
    assert_eq!(st.draw_pile().len(), 0);
    act(&mut st, play("R1"));
    assert_eq!(st.phase(), Phase::OneWindow { asker: 2 });
    let log = act(&mut st, NO_BLOCK);
    assert!(log.contains(&Event::Flipped { card: k("RS") }));
    assert_eq!(st.phase(), Phase::Target { card: k("R1") });
    acts(&mut st, &[target(1), give("G5")]);
    assert_hand(&st, 1, "B7 B8 G5");
    assert_turn(&st, "R1", RED, 1, Phase::Turn);
}

/// R12, R69: with nothing to play and nothing left to draw, the pass is offered without a
/// draw (the turn could not end otherwise).
#[test]
fn r69_pass_without_a_draw_when_nothing_can_be_drawn() {
    let mut st = pos(json!({
        "hands": ["G5 G6", "B7 B8", rest_of_deck("G5 G6 B7 B8 R3")],
        "discard": "R3",
    }));
    assert_eq!(legal(&st), vec![PASS]);
    act(&mut st, PASS);
    assert_turn(&st, "R3", RED, 1, Phase::Turn);
}

/// L100-L101, R11, R69: the Player Card pair is a play, so it may follow a draw.
#[test]
fn r69_the_player_card_pair_after_a_draw() {
    let st = pos(json!({
        "phase": "after_draw",
        "hands": ["P1 P2 G5", "B7 B8", "Y2 Y3"], "discard": "R3",
    }));
    assert_eq!(legal(&st), vec![play("P1"), PASS, PLAYER_PAIR]);
}

/// L268, R69: with two Jokers, the first holder in turn order from the Reverse's player
/// decides the block (seat 3 after the Reverse turned play counter-clockwise, not seat 1).
#[test]
fn r69_rotate_asks_the_first_joker_holder_in_turn_order() {
    let mut st = pos(json!({
        "players": 4, "options": {"rotate": "on", "joker_count": 2},
        "hands": ["RR G5 G6", "J B7", "Y2 Y3 Y4 Y5", "J G2 G3"], "discard": "R3",
    }));
    act(&mut st, play("RR"));
    assert_eq!(
        st.phase(),
        Phase::Block {
            card: k("RR"),
            target: 3
        }
    );
}

/// Section 15, R9, R70: a deal that leaves only black cards in the draw pile (10 hands of 10
/// take every coloured card of one deck): the black card turned stays, with no effect, and the
/// colour in play is drawn at random.
#[test]
fn r70_a_black_turn_card_stays_when_nothing_else_is_left() {
    let base = pos(json!({"hands": ["R5", "B7", "Y2"], "discard": "R3"}));
    let mut coloured = Vec::new();
    for (kind, &c) in base.deck().iter().enumerate().take(k("W") as usize) {
        for _ in 0..c {
            coloured.push(CARDS[kind].code);
        }
    }
    assert_eq!(coloured.len(), 100);
    let mut st = pos(json!({
        "players": 10,
        "options": {"direction": "dealer", "deal_min": 10, "deal_max": 10},
        "phase": "dealer",
        "hands": vec![Vec::<String>::new(); 10],
        "draw_pile": coloured.join(" "),
    }));
    let log = act(&mut st, DIR_CLOCKWISE);
    assert!(!log.iter().any(|e| matches!(e, Event::TurnCardBack { .. })));
    let Some(&Event::TurnCard { card }) = log.iter().find(|e| matches!(e, Event::TurnCard { .. }))
    else {
        panic!("no turn card")
    };
    assert!(card >= k("W"), "a black turn card");
    assert_eq!(st.top(), card);
    assert!(st.color() < 4);
    assert_eq!((st.current(), st.phase()), (1, Phase::Turn));
    assert_eq!(st.draw_pile().len(), 13);
}

/// L52-L53, section 13: draw-off cards go back under the draw pile, so a second round draws
/// fresh cards from the top.
#[test]
fn draw_off_cards_go_under_the_draw_pile() {
    let (st, log) = last_hand("B9 G8", "Y9 Y8", json!({"draw_pile": "G2 B2 Y7 G6"}));
    let offs: Vec<Event> = log
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::DrawOff { .. }))
        .collect();
    assert_eq!(offs.len(), 4);
    let under: Vec<&str> = st
        .under_pile()
        .iter()
        .map(|&c| CARDS[c as usize].code)
        .collect();
    assert_eq!(under, vec!["G6", "Y7", "B2", "G2"], "the very bottom first");
}

/// L107, R25: with two players the only other seat is the runner, so no Fast Eddy window
/// opens; the identical card is a normal play.
#[test]
fn fast_eddy_never_opens_with_two_players() {
    let mut st = pos(json!({
        "players": 2,
        "hands": ["R7 G5 G6", "R7 B8"], "discard": "R3",
    }));
    act(&mut st, play("R7"));
    assert_turn(&st, "R7", RED, 1, Phase::Turn);
    assert_eq!(legal(&st), vec![play("R7"), DRAW]);
}
