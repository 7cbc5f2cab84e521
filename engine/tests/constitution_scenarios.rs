//! Scenario tests for Hot Death Uno v3, "The Constitution" (seed `000_cb330d4a0fdd1eef`,
//! rulings C1..C94 in `docs/rules/constitution.md`): one exact position per card and per rule,
//! written in the scenario notation (section 23), advanced with the strict `apply_logged`, and
//! the resulting state (hands, piles, field holders, who acts, phase, outcome) checked. Each test
//! names the seed lines (`L..`) and rulings it checks.
//!
//! Positions are three-player tables under the `tidy` preset (no wrong jump-ins, so no near card
//! opens a window) with seat 0 to act, clockwise, and `"unplaced": "discard"`: the draw pile
//! holds exactly the cards a test lists, so every draw is known.

use serde_json::{json, Value};
use uno_engine::constitution::action::*;
use uno_engine::constitution::cards::{NO_COLOR, WILD};
use uno_engine::constitution::scenario::from_json;
use uno_engine::constitution::{
    parse_card, table, ConState, ConView, Event, Leave, Phase, NEUTRAL, NONE,
};
use uno_engine::{ActionList, CardGame, Game};

const RED: u8 = 0;
const YELLOW: u8 = 1;
const GREEN: u8 = 2;
const BLUE: u8 = 3;

// ----- helpers -----

fn k(code: &str) -> u8 {
    parse_card(code).unwrap_or_else(|| panic!("bad card code {code}"))
}
/// Plays a non-wild card.
fn p(code: &str) -> u16 {
    play(k(code), NO_COLOR)
}
/// Plays a wild card naming `c`.
fn pw(code: &str, c: u8) -> u16 {
    play(k(code), c)
}
fn tgt(s: u16) -> u16 {
    TARGET + s
}
fn choose(code: &str) -> u16 {
    CHOOSE + k(code) as u16
}
fn ask(seat: u16, q: u16) -> u16 {
    ASK + seat * 10 + q
}

fn conserved(st: &ConState) {
    let mut census = vec![0u32; table().len()];
    st.census(&mut census);
    for (i, c) in table().iter().enumerate() {
        assert_eq!(census[i], c.copies as u32, "census of {}", c.code);
    }
}

fn base(v: Value) -> Value {
    let mut b = json!({"players": 3, "preset": "tidy", "seed": 7, "current": 0, "dealer": 2,
                       "unplaced": "discard"});
    for (key, x) in v.as_object().expect("an object") {
        b[key] = x.clone();
    }
    b
}

fn pos(v: Value) -> ConState {
    let text = base(v).to_string();
    let (st, _) = from_json(&text).unwrap_or_else(|e| panic!("scenario rejected: {e}\n{text}"));
    conserved(&st);
    st
}

fn err(v: Value) -> String {
    match from_json(&v.to_string()) {
        Ok(_) => panic!("scenario accepted: {v}"),
        Err(e) => e,
    }
}

fn legal(st: &ConState) -> Vec<u16> {
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    l.iter().copied().collect()
}

fn go(st: &mut ConState, a: u16) -> Vec<Event> {
    let mut log = Vec::new();
    if let Err(e) = st.apply_logged(a, &mut log) {
        let names: Vec<String> = legal(st).iter().map(|&x| action_name(x)).collect();
        panic!(
            "{} refused at {:?}: {e:?}; legal: {names:?}",
            action_name(a),
            st.phase()
        );
    }
    conserved(st);
    log
}

fn gos(st: &mut ConState, list: &[u16]) -> Vec<Event> {
    list.iter().flat_map(|&a| go(st, a)).collect()
}

/// An illegal action is refused and leaves the state as it was.
fn refused(st: &mut ConState, a: u16) {
    let before = st.clone();
    assert!(st.apply(a).is_err(), "{} was accepted", action_name(a));
    assert!(*st == before, "a refused action changed the state");
}

/// A hand as sorted codes, space-separated.
fn hand(st: &ConState, s: usize) -> String {
    let mut v = Vec::new();
    for (kind, c) in st.hand(s).iter() {
        for _ in 0..c {
            v.push(table()[kind].code);
        }
    }
    v.sort();
    v.join(" ")
}
fn sorted(s: &str) -> String {
    let mut v: Vec<&str> = s.split_whitespace().collect();
    v.sort();
    v.join(" ")
}
fn hand_is(st: &ConState, s: usize, want: &str) {
    assert_eq!(hand(st, s), sorted(want), "hand of seat {s}");
}
/// Whose turn it is (a normal turn).
fn turn_of(st: &ConState, s: u8) {
    assert_eq!(st.phase(), Phase::Turn, "phase");
    assert_eq!(st.current(), s, "current");
}
fn actor(st: &ConState) -> u8 {
    st.to_act().expect("someone acts").0
}
fn responding(st: &ConState, s: u8) {
    assert_eq!(st.phase(), Phase::Respond, "phase");
    assert_eq!(actor(st), s, "victim");
}
fn holders(st: &ConState) -> [u8; 8] {
    st.field_holders()
}
const LUCK: usize = 0;
const YIN: usize = 1;
const YANG: usize = 2;
const PROPHET: usize = 3;
const DEATH: usize = 4;
const WAR: usize = 5;
const CONQUEST: usize = 6;
const PLAGUE: usize = 7;

fn count_discard(st: &ConState, code: &str) -> u8 {
    st.discard_pile().count(k(code) as usize)
}

// ----- section 6: matching -----

/// C20/L39: colour or suit match; two cards without text do not match on text; C21: a wild
/// plays on anything.
#[test]
fn matching_colour_suit_not_empty_text_c20_c21() {
    let st = pos(json!({"hands": ["R7 Y3 G5 B9 W", "G1 G2 G3", "B1 B2 B4"], "discard": "R3"}));
    let l = legal(&st);
    assert!(l.contains(&p("R7")) && l.contains(&p("Y3")));
    assert!(!l.contains(&p("G5")) && !l.contains(&p("B9")));
    for c in 0..4 {
        assert!(l.contains(&play(WILD, c)));
    }
    assert!(l.contains(&DRAW) && l.contains(&ACCUSE));
}

/// C22/L118: the 69 plays on a 9 (and a 6), and a 9 plays on the 69.
#[test]
fn sixty_nine_matches_as_6_or_9_c22() {
    let st = pos(json!({"hands": ["69.Y6 G7 G8", "G1 G2 G3", "B1 B2 B4"], "discard": "B9"}));
    assert!(legal(&st).contains(&p("69.Y6")));
    let st = pos(json!({"hands": ["G9 G6 B7", "G1 G2 G3", "B1 B2 B4"], "discard": "69.R6"}));
    let l = legal(&st);
    assert!(l.contains(&p("G9")) && l.contains(&p("G6")) && !l.contains(&p("B7")));
}

/// C23(b)/L11: after a field card is played, the next player matches the field card; the
/// discard pile's top is unchanged.
#[test]
fn field_card_is_the_reference_c23b() {
    let mut st = pos(json!({"hands": ["Luck.G4 R1 R2", "Y4 B7 B8", "B1 B2 B3"],
                            "discard": "Y5 G3"}));
    go(&mut st, p("Luck.G4"));
    assert_eq!(holders(&st)[LUCK], 0);
    assert_eq!(st.top(), k("G3"));
    assert_eq!(st.reference().0, k("Luck.G4"));
    turn_of(&st, 1);
    assert!(legal(&st).contains(&p("Y4")), "Y4 matches Luck (a 4)");
}

/// C23(a)/L268: while the Recycler's pile is open, its top is the reference.
#[test]
fn recycled_top_is_the_reference_c23a() {
    let st = pos(
        json!({"hands": ["Y8 G2 G9", "R1 R2 R3", "B1 B2 B4"], "discard": "G5",
                        "recycled": "B3 R8"}),
    );
    let l = legal(&st);
    assert!(l.contains(&p("Y8")));
    assert!(
        !l.contains(&p("G2")),
        "the discard top G5 is not the reference"
    );
}

/// L302-L304: under War a card matches by colour only; Fuck You, Magic 5 and wilds still play.
#[test]
fn war_matches_colour_only() {
    let st = pos(
        json!({"hands": ["Y3 R9 FuckYou.B0 W G1 Magic5.R5", "G2 G3 G4", "B1 B2 B4"],
                        "discard": "R3", "war": 1}),
    );
    let l = legal(&st);
    assert!(l.contains(&p("R9")) && l.contains(&p("FuckYou.B0")) && l.contains(&pw("W", 0)));
    assert!(l.contains(&p("Magic5.R5")));
    assert!(!l.contains(&p("Y3")), "no suit match under War");
    assert!(!l.contains(&p("G1")));
}

/// C43/L182: FTPIP cannot be played at a normal turn, even on its colour.
#[test]
fn ftpip_not_playable_at_a_turn_c43() {
    let mut st = pos(json!({"hands": ["FTPIP.B0 G1 G2", "R1 R2 R3", "Y1 Y2 Y4"], "discard": "B3"}));
    assert!(!legal(&st).contains(&p("FTPIP.B0")));
    refused(&mut st, p("FTPIP.B0"));
}

/// C44/L186/L226: Fuck You and Magic 5 play on any card; Fuck You at a turn is a Reverse.
#[test]
fn fuck_you_and_magic5_play_on_anything_c44() {
    let mut st = pos(
        json!({"hands": ["FuckYou.B0 Magic5.R5 Y7 Y8", "R1 R2 R3", "G1 G2 G4"],
                            "discard": "G3"}),
    );
    let l = legal(&st);
    assert!(l.contains(&p("FuckYou.B0")) && l.contains(&p("Magic5.R5")));
    assert!(!l.contains(&p("Y7")));
    go(&mut st, p("FuckYou.B0"));
    assert!(!st.clockwise());
    turn_of(&st, 2);
}

// ----- section 7: stacking -----

fn draw_attack(amount: u16, family: u8, victim: u8) -> Value {
    json!({"kind": "draw", "amount": amount, "family": family, "victim": victim, "starter": 0})
}

/// L37: a Draw Two stacks on a +2 stack; the total passes on.
#[test]
fn stack_draw_two_on_draw_two_l37() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R+2 G5 G6", "B1 B2 B4"], "discard": "Y+2",
                            "attack": draw_attack(2, 2, 1)}),
    );
    responding(&st, 1);
    go(&mut st, p("R+2"));
    responding(&st, 2);
    let a = st.attack().unwrap();
    assert_eq!((a.amount, a.last, a.starter), (4, 1, 0));
}

/// L37: no 2s on 4s or vice versa.
#[test]
fn no_twos_on_fours_l37() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R+2 W+4 G5", "B1 B2 B4"], "discard": "W+4",
                            "color": "red", "attack": draw_attack(4, 4, 1)}),
    );
    let l = legal(&st);
    assert!(l.contains(&pw("W+4", RED)) && !l.contains(&p("R+2")));
    refused(&mut st, p("R+2"));
    let st = pos(
        json!({"hands": ["G1 G2 G3", "R+2 W+4 G5", "B1 B2 B4"], "discard": "Y+2",
                        "attack": draw_attack(2, 2, 1)}),
    );
    let l = legal(&st);
    assert!(l.contains(&p("R+2")) && !l.contains(&pw("W+4", RED)));
}

/// L210: Hot Death stacks on the +4 family and adds 8 (Magic 5 counts it).
#[test]
fn hot_death_stacks_on_a_four_l210() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "HotDeath.W+4 G5 G6", "B1 B2 B4"],
                            "discard": "W+4", "color": "red", "attack": draw_attack(4, 4, 1)}),
    );
    go(&mut st, pw("HotDeath.W+4", BLUE));
    let a = st.attack().unwrap();
    assert_eq!((a.amount, a.hot_deaths, a.victim), (12, 1, 2));
    assert_eq!(st.reference(), (k("HotDeath.W+4"), BLUE));
}

/// L276/L126: Spreader and Backstab do not stack on a Draw Two stack (section 7).
#[test]
fn spreader_and_backstab_do_not_stack() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "Spreader.R+2 Backstab.RR G5", "B1 B2 B4"],
                            "discard": "R+2", "attack": draw_attack(2, 2, 1)}),
    );
    assert_eq!(legal(&st), vec![ACCEPT]);
    refused(&mut st, p("Spreader.R+2"));
}

// ----- section 8: the response table -----

/// C24: a next-player draw attack, accepted, costs the victim the turn.
#[test]
fn accept_a_draw_costs_the_turn_c24() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "R+2",
                            "draw_pile": "G7 G8", "attack": draw_attack(2, 2, 1)}),
    );
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R5 R6 R7 G7 G8");
    turn_of(&st, 2);
    assert!(st.attack().is_none());
}

/// L170: Dodge moves the attack on to the next player.
#[test]
fn dodge_moves_the_attack_on_l170() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "Dodge.R8 G5 G6", "B1 B2 B4"],
                            "discard": "W+4", "color": "red", "attack": draw_attack(4, 4, 1)}));
    go(&mut st, p("Dodge.R8"));
    responding(&st, 2);
    assert_eq!(st.attack().unwrap().amount, 4);
    hand_is(&st, 1, "G5 G6");
}

/// L170/L31/L242/C51: no Dodge against a directed attack; Ping cannot be blocked or split but
/// can be returned.
#[test]
fn ping_only_returned_or_deflected_c51() {
    let mut st = pos(json!({"hands": ["G1 G2 G3",
                                      "Dodge.B8 HolyDefender.R0 AIDS.G3 FuckYou.B0 G5",
                                      "B1 B2 B4"],
                            "discard": "Ping.B1",
                            "attack": {"kind": "ping", "victim": 1, "starter": 0}}));
    let l = legal(&st);
    assert!(!l.contains(&p("Dodge.B8")));
    assert!(!l.contains(&p("HolyDefender.R0")));
    assert!(!l.contains(&p("AIDS.G3")));
    assert!(l.contains(&p("FuckYou.B0")));
    refused(&mut st, p("HolyDefender.R0"));
}

/// L202/L170/L206: Harvester cannot be dodged or blocked; it can be returned or split.
#[test]
fn harvester_not_dodged_or_blocked_l202() {
    let st = pos(json!({"hands": ["G1 G2 G3",
                                  "Dodge.B8 HolyDefender.R0 AIDS.G3 FuckYou.B0 G5",
                                  "B1 B2 B4"],
                        "discard": "Harvester.W+4", "color": "green",
                        "attack": {"kind": "draw", "amount": 4, "family": 4, "victim": 1,
                                   "starter": 0, "harvester": true}}));
    let l = legal(&st);
    assert!(!l.contains(&p("Dodge.B8")) && !l.contains(&p("HolyDefender.R0")));
    assert!(l.contains(&p("AIDS.G3")) && l.contains(&p("FuckYou.B0")));
}

/// C42/L170: on a +2 stack the dodger may add a Draw Two before it moves on.
#[test]
fn dodge_may_add_a_draw_two_c42() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "Dodge.R8 Y+2 G5 G6", "B1 B2 B4"],
                            "discard": "R+2", "attack": draw_attack(2, 2, 1)}),
    );
    go(&mut st, p("Dodge.R8"));
    assert_eq!(st.phase(), Phase::DodgeAdd);
    assert_eq!(actor(&st), 1);
    go(&mut st, p("Y+2"));
    responding(&st, 2);
    assert_eq!(st.attack().unwrap().amount, 4);
    hand_is(&st, 1, "G5 G6");
}

/// L186/C23a: Fuck You returns the attack to its starter and reverses the direction; play
/// continues after the starter in the new direction.
#[test]
fn fuck_you_returns_to_the_starter_l186() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G3", "FuckYou.B0 G5 G6", "B1 B2 B4", "Y1 Y2 Y3"],
                            "discard": "W+4", "color": "red", "draw_pile": "R5 R6 R7 R8",
                            "attack": draw_attack(4, 4, 1)}));
    go(&mut st, p("FuckYou.B0"));
    responding(&st, 0);
    assert!(!st.clockwise());
    go(&mut st, ACCEPT);
    hand_is(&st, 0, "G1 G2 G3 R5 R6 R7 R8");
    turn_of(&st, 3);
}

/// L182/C43: FTPIP deflects onto a chosen player if it matches; play continues after its user.
#[test]
fn ftpip_deflects_onto_a_chosen_player_l182() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "FTPIP.B0 G5 G6", "B1 B2 B4"],
                            "discard": "B+2", "draw_pile": "R5 R6",
                            "attack": draw_attack(2, 2, 1)}));
    go(&mut st, p("FTPIP.B0"));
    assert!(matches!(st.phase(), Phase::Target { .. }));
    let l = legal(&st);
    assert!(l.contains(&tgt(0)) && l.contains(&tgt(2)) && !l.contains(&tgt(1)));
    go(&mut st, tgt(0));
    responding(&st, 0);
    go(&mut st, ACCEPT);
    hand_is(&st, 0, "G1 G2 G3 R5 R6");
    turn_of(&st, 2);
}

/// C43: FTPIP must match the reference even as a response.
#[test]
fn ftpip_must_match_c43() {
    let st = pos(json!({"hands": ["G1 G2 G3", "FTPIP.B0 G5 G6", "B1 B2 B4"],
                        "discard": "R+2", "attack": draw_attack(2, 2, 1)}));
    assert!(!legal(&st).contains(&p("FTPIP.B0")));
}

/// L206: Holy Defender ends the attack; play continues after the blocker.
#[test]
fn holy_defender_blocks_l206() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "HolyDefender.R0 G5 G6", "B1 B2 B4"],
                            "discard": "W+4", "color": "yellow",
                            "attack": draw_attack(4, 4, 1)}),
    );
    go(&mut st, p("HolyDefender.R0"));
    assert!(st.attack().is_none());
    hand_is(&st, 1, "G5 G6");
    turn_of(&st, 2);
    assert_eq!(st.top(), k("HolyDefender.R0"));
}

/// L130: a Blue Shield absorbs an attack of fewer than 4 and stays; the holder's turn is skipped.
#[test]
fn blue_shield_absorbs_a_small_attack_l130() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "R+2",
                            "shields": [0, 1, 0], "draw_pile": "G7 G8",
                            "attack": draw_attack(2, 2, 1)}),
    );
    let log = go(&mut st, ACCEPT);
    assert!(log.contains(&Event::Absorbed {
        seat: 1,
        broke: false
    }));
    assert_eq!(st.shields(1), 1);
    hand_is(&st, 1, "R5 R6 R7");
    turn_of(&st, 2);
}

/// L130: 4 or more breaks the shield (to the discard pile); nothing is drawn.
#[test]
fn blue_shield_breaks_at_four_l130() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "W+4",
                            "color": "red", "shields": [0, 1, 0],
                            "attack": draw_attack(4, 4, 1)}),
    );
    let before = count_discard(&st, "BlueShield.B2");
    let log = go(&mut st, ACCEPT);
    assert!(log.contains(&Event::Absorbed {
        seat: 1,
        broke: true
    }));
    assert_eq!(st.shields(1), 0);
    assert_eq!(count_discard(&st, "BlueShield.B2"), before + 1);
    hand_is(&st, 1, "R5 R6 R7");
    turn_of(&st, 2);
}

/// L130/L202: a Harvester breaks the shield and the victim still draws 4.
#[test]
fn harvester_breaks_the_shield_and_draws_four_l130() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"],
                            "discard": "Harvester.W+4", "color": "red", "shields": [0, 1, 0],
                            "draw_pile": "Y5 Y6 Y7 Y8",
                            "attack": {"kind": "draw", "amount": 4, "family": 4, "victim": 1,
                                       "starter": 0, "harvester": true}}));
    go(&mut st, ACCEPT);
    assert_eq!(st.shields(1), 0);
    hand_is(&st, 1, "R5 R6 R7 Y5 Y6 Y7 Y8");
}

/// C52/L122: AIDS splits with the last stacker: they take the rounded-down half.
#[test]
fn aids_splits_with_the_last_stacker_c52() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "AIDS.G3 R5 R6", "B1 B2 B4"],
                            "discard": "W+4", "color": "green", "draw_pile": "Y1 Y2 Y3 Y4 Y5",
                            "attack": {"kind": "draw", "amount": 5, "family": 4, "victim": 1,
                                       "starter": 2, "last": 0}}));
    go(&mut st, p("AIDS.G3"));
    hand_is(&st, 1, "R5 R6 Y1 Y2 Y3");
    hand_is(&st, 0, "G1 G2 G3 Y4 Y5");
    hand_is(&st, 2, "B1 B2 B4");
    turn_of(&st, 2);
}

/// C52/L218: each AIDS share then goes through the draw formula (Luck on the AIDS user).
#[test]
fn aids_share_with_luck_c52() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "AIDS.G3 R5 R6", "B1 B2 B4"],
                            "discard": "W+4", "color": "green", "draw_pile": "Y1 Y2 Y3 Y4",
                            "luck": 1, "attack": {"kind": "draw", "amount": 4, "family": 4,
                                                  "victim": 1, "starter": 0}}));
    go(&mut st, p("AIDS.G3"));
    hand_is(&st, 1, "R5 R6 Y1");
    hand_is(&st, 0, "G1 G2 G3 Y2 Y3");
}

/// L194/L122: AIDS against Glasnost: both lay their hands out.
#[test]
fn aids_on_glasnost_both_reveal_l194() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "AIDS.G3 R5 R6", "B1 B2 B4"],
                            "discard": "Glasnost.R2",
                            "attack": {"kind": "glasnost", "victim": 1, "starter": 0}}));
    let log = go(&mut st, p("AIDS.G3"));
    assert!(log.contains(&Event::Revealed { seat: 1, to: None }));
    assert!(log.contains(&Event::Revealed { seat: 0, to: None }));
    turn_of(&st, 2);
}

/// L260: AIDS against Quitter: both the Quitter's user and the AIDS user are removed.
#[test]
fn aids_on_quitter_both_leave_l260() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G3", "AIDS.G3 R5 R6", "B1 B2 B4", "Y1 Y2 Y4"],
                            "discard": "Quitter.R9",
                            "attack": {"kind": "quitter", "victim": 1, "starter": 0}}));
    go(&mut st, p("AIDS.G3"));
    assert!(!st.in_game(0) && !st.in_game(1));
    turn_of(&st, 2);
}

/// L122/L298: AIDS does not answer a field card (Virus); Holy Defender blocks a Virus.
#[test]
fn aids_not_against_virus_l122() {
    let st = pos(
        json!({"hands": ["G1 G2 G3", "AIDS.G3 HolyDefender.R0 R6", "B1 B2 B4"],
                        "discard": "G5", "reference": "Virus.G0",
                        "attack": {"kind": "virus", "victim": 1, "starter": 0}}),
    );
    let l = legal(&st);
    assert!(!l.contains(&p("AIDS.G3")));
    assert!(l.contains(&p("HolyDefender.R0")));
}

/// L226: Magic 5 removes 8 per Hot Death; the victim faces what remains.
#[test]
fn magic5_reduces_a_hot_death_stack_l226() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "Magic5.R5 R6 R7", "B1 B2 B4"],
                            "discard": "HotDeath.W+4", "color": "red",
                            "draw_pile": "Y1 Y2 Y3 Y4",
                            "attack": {"kind": "draw", "amount": 12, "family": 4, "victim": 1,
                                       "starter": 0, "hot_deaths": 1}}));
    go(&mut st, p("Magic5.R5"));
    responding(&st, 1);
    assert_eq!(st.attack().unwrap().amount, 4);
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R6 R7 Y1 Y2 Y3 Y4");
    turn_of(&st, 2);
}

/// L226: a Magic 5 that removes the whole stack ends the attack; not against a stack with no
/// Hot Death.
#[test]
fn magic5_clears_and_only_against_hot_death_l226() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "Magic5.R5 R6 R7", "B1 B2 B4"],
                            "discard": "HotDeath.W+4", "color": "red",
                            "attack": {"kind": "draw", "amount": 8, "family": 4, "victim": 1,
                                       "starter": 0, "hot_deaths": 1}}));
    go(&mut st, p("Magic5.R5"));
    assert!(st.attack().is_none());
    turn_of(&st, 2);
    let st = pos(json!({"hands": ["G1 G2 G3", "Magic5.R5 R6 R7", "B1 B2 B4"],
                        "discard": "W+4", "color": "red", "attack": draw_attack(4, 4, 1)}));
    assert!(!legal(&st).contains(&p("Magic5.R5")));
}

/// L238: Penn State holders must play it against a Spreader; its user draws 2 for each; play
/// continues after the last Penn State.
#[test]
fn penn_state_bounces_a_spreader_l238() {
    let mut st = pos(
        json!({"hands": ["Spreader.R+2 R5 R6", "PennState.B2 G1 G2", "Y1 Y2 Y3"],
                            "discard": "R3", "draw_pile": "G7 G8 G9 B9"}),
    );
    go(&mut st, p("Spreader.R+2"));
    hand_is(&st, 1, "G1 G2");
    hand_is(&st, 2, "Y1 Y2 Y3 G7 G8");
    hand_is(&st, 0, "R5 R6 G9 B9");
    assert_eq!(st.top(), k("PennState.B2"));
    turn_of(&st, 2);
}

/// L276/L298: Spreader: every other player draws 2, unmodified (Virus), and the user plays
/// again.
#[test]
fn spreader_everyone_draws_two_and_user_again_l276() {
    let mut st = pos(
        json!({"hands": ["Spreader.R+2 R5 R6", "G1 G2 G4", "Y1 Y2 Y3"],
                            "discard": "R3", "draw_pile": "G7 G8 G9 B9", "viruses": [0, 0, 1]}),
    );
    go(&mut st, p("Spreader.R+2"));
    hand_is(&st, 1, "G1 G2 G4 G7 G8");
    hand_is(&st, 2, "Y1 Y2 Y3 G9 B9");
    turn_of(&st, 0);
}

// ----- section 8: the attack chain -----

/// L312 (step 1): one player with Yin and Yang is immune to Backstab: nothing happens.
#[test]
fn yin_yang_immune_to_backstab_l312() {
    let mut st = pos(
        json!({"current": 2, "hands": ["G1 G2 G3", "R5 R6 R7", "Backstab.RR Y1 Y2"],
                            "discard": "R3", "yin": 1, "yang": 1, "draw_pile": "B5 B6 B7 B8"}),
    );
    let log = go(&mut st, p("Backstab.RR"));
    assert!(log
        .iter()
        .any(|e| matches!(e, Event::Responded { seat: 1, .. })));
    hand_is(&st, 1, "R5 R6 R7");
    turn_of(&st, 0);
}

/// L312: made to draw, an immune player's turn is skipped (they may still stack).
#[test]
fn yin_yang_immune_draw_skips_turn_l312() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "R+2",
                            "yin": 1, "yang": 1, "draw_pile": "Y5 Y6",
                            "attack": draw_attack(2, 2, 1)}),
    );
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R5 R6 R7");
    turn_of(&st, 2);
}

/// L312: a stack ending in a Harvester is drawn in full by an immune player.
#[test]
fn yin_yang_harvester_last_drawn_in_full_l312() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"],
                            "discard": "Harvester.W+4", "color": "red", "yin": 1, "yang": 1,
                            "draw_pile": "Y5 Y6 Y7 Y8",
                            "attack": {"kind": "draw", "amount": 4, "family": 4, "victim": 1,
                                       "starter": 0, "harvester": true}}));
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R5 R6 R7 Y5 Y6 Y7 Y8");
}

/// L312: Ping reaches an immune player.
#[test]
fn yin_yang_not_immune_to_ping_l312() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"],
                            "discard": "Ping.B1", "yin": 1, "yang": 1, "draw_pile": "Y5",
                            "attack": {"kind": "ping", "victim": 1, "starter": 0}}));
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R5 R6 R7 Y5");
}

// ----- section 8: the draw formula -----

/// L218: Luck draws one fewer from an attack.
#[test]
fn luck_draws_one_fewer_l218() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "R+2",
                            "luck": 1, "draw_pile": "Y5 Y6", "attack": draw_attack(2, 2, 1)}),
    );
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R5 R6 R7 Y5");
}

/// L298: a Virus adds one to an attack's draw.
#[test]
fn virus_draws_one_more_l298() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "R+2",
                            "viruses": [0, 1, 0], "draw_pile": "Y5 Y6 Y7",
                            "attack": draw_attack(2, 2, 1)}),
    );
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R5 R6 R7 Y5 Y6 Y7");
}

/// C29/L298: a Virus holder draws two at their turn; Luck does not reduce the turn's draw.
#[test]
fn turn_draw_virus_yes_luck_no_c29() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "Y9",
                            "viruses": [1, 0, 0], "draw_pile": "Y5 Y6"}),
    );
    go(&mut st, DRAW);
    hand_is(&st, 0, "G1 G2 G3 Y5 Y6");
    turn_of(&st, 1);
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "Y9",
                            "luck": 0, "draw_pile": "Y5 Y6"}),
    );
    go(&mut st, DRAW);
    hand_is(&st, 0, "G1 G2 G3 Y5");
}

/// L242/L97: Ping's one card is never modified (Luck, Virus).
#[test]
fn ping_unmodified_l242() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"],
                            "discard": "Ping.B1", "luck": 1, "viruses": [0, 2, 0],
                            "draw_pile": "Y5 Y6 Y7",
                            "attack": {"kind": "ping", "victim": 1, "starter": 0}}));
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R5 R6 R7 Y5");
    turn_of(&st, 1);
}

/// L246: Plague adds one to a draw forced by an attack; Luck exempts (L248).
#[test]
fn plague_adds_one_luck_exempts_l246() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "R+2",
                            "plague": 2, "draw_pile": "Y5 Y6 Y7",
                            "attack": draw_attack(2, 2, 1)}),
    );
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R5 R6 R7 Y5 Y6 Y7");
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "R+2",
                            "plague": 2, "luck": 1, "draw_pile": "Y5 Y6 Y7",
                            "attack": draw_attack(2, 2, 1)}),
    );
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R5 R6 R7 Y5");
}

/// L310/C69/C28: attacks on a Yin-Yang team are halved, rounded up.
#[test]
fn team_halves_attacks_rounded_up_c69() {
    let mut st = pos(
        json!({"players": 4, "hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4", ""],
                            "discard": "R+2", "yin": 1, "yang": 1, "team": [1, 3],
                            "draw_pile": "Y5 Y6 Y7 Y8 Y9 G5", "attack": draw_attack(7, 2, 1)}),
    );
    go(&mut st, ACCEPT);
    // 7 halved is 4 (rounded up), then Yin and Yang take one each (L308): 2. The merged seat
    // holds both, but a team is not immune (L312 is one player who drew both).
    hand_is(&st, 1, "R5 R6 R7 Y5 Y6");
}

/// L310: a team's draw attacks on others are doubled.
#[test]
fn team_doubles_its_attacks_l310() {
    let mut st = pos(
        json!({"players": 4, "hands": ["R+2 G2 G3", "R5 R6 R7", "B1 B2 B4", ""],
                            "discard": "R3", "yin": 0, "yang": 0, "team": [0, 3]}),
    );
    go(&mut st, p("R+2"));
    responding(&st, 1);
    assert_eq!(st.attack().unwrap().amount, 4);
}

// ----- section 9: jump-ins -----

/// L45/C31: an identical card jumps in; the jumper becomes the player and play continues from
/// them.
#[test]
fn jump_in_with_an_identical_card_l45() {
    let mut st = pos(json!({"hands": ["R5 G1 G2", "Y7 Y8 Y9", "R5 B1 B2"], "discard": "R3"}));
    go(&mut st, p("R5"));
    assert_eq!(st.phase(), Phase::JumpIn { asker: 2 });
    assert_eq!(legal(&st), vec![p("R5"), PASS]);
    let log = go(&mut st, p("R5"));
    assert!(log.contains(&Event::JumpIn {
        seat: 2,
        card: k("R5"),
        wrong: false
    }));
    hand_is(&st, 2, "B1 B2");
    turn_of(&st, 0);
}

/// C31: passing the window leaves the turn order as it was.
#[test]
fn jump_in_passed_l46() {
    let mut st = pos(json!({"hands": ["R5 G1 G2", "Y7 Y8 Y9", "R5 B1 B2"], "discard": "R3"}));
    gos(&mut st, &[p("R5"), PASS]);
    turn_of(&st, 1);
}

/// L118: a same-coloured 9 jumps in on a 69, and a 69 on a same-coloured 6 or 9.
#[test]
fn jump_in_on_the_69_l118() {
    let mut st = pos(json!({"hands": ["69.R6 G1 G2", "Y7 Y8 Y4", "R9 B1 B2"], "discard": "R3"}));
    go(&mut st, p("69.R6"));
    assert_eq!(st.phase(), Phase::JumpIn { asker: 2 });
    go(&mut st, p("R9"));
    turn_of(&st, 0);
    let mut st = pos(json!({"hands": ["R6 G1 G2", "Y7 Y8 Y4", "69.R6 B1 B2"], "discard": "R3"}));
    go(&mut st, p("R6"));
    assert_eq!(st.phase(), Phase::JumpIn { asker: 2 });
    go(&mut st, p("69.R6"));
    turn_of(&st, 0);
}

/// L48/C33: a jump-in on a draw stack replaces it by the card's own value; the victim is the
/// player after the jumper.
#[test]
fn jump_in_on_a_stack_resets_it_c33() {
    let mut st = pos(json!({"hands": ["R+2 G1 G2", "Y7 Y8 Y4", "R+2 B1 B2"], "discard": "R3"}));
    go(&mut st, p("R+2"));
    assert_eq!(st.phase(), Phase::JumpIn { asker: 2 });
    go(&mut st, p("R+2"));
    responding(&st, 0);
    let a = st.attack().unwrap();
    assert_eq!((a.amount, a.starter, a.last), (2, 2, 2));
}

/// L47/C32: a skipped seat cannot jump in until its own next turn.
#[test]
fn skipped_seat_cannot_jump_in_c32() {
    let mut st = pos(
        json!({"hands": ["R5 G1 G2", "Y7 Y8 Y9", "R5 B1 B2"], "discard": "R3",
                            "skipped": [2]}),
    );
    go(&mut st, p("R5"));
    turn_of(&st, 1);
    // Skipped by a Skip in play: seat 1 cannot jump in on seat 2's card.
    let mut st = pos(json!({"hands": ["RS G1 G2", "R5 Y8 Y9", "R5 B1 B2"], "discard": "R3"}));
    go(&mut st, p("RS"));
    turn_of(&st, 2);
    assert!(st.skipped(1));
    go(&mut st, p("R5"));
    turn_of(&st, 0);
}

/// L54/C35: a near card jumps in (a wrong jump-in); the first call undoes it and the jumper
/// draws 2.
#[test]
fn wrong_jump_in_called_c35() {
    let mut st = pos(
        json!({"preset": "seed", "hands": ["R5 G1 G2", "B7 B8 B9", "Y5 B1 B2"],
                            "discard": "R3", "draw_pile": "G7 G8"}),
    );
    go(&mut st, p("R5"));
    assert_eq!(st.phase(), Phase::JumpIn { asker: 2 });
    go(&mut st, p("Y5"));
    assert_eq!(st.phase(), Phase::WrongCall { asker: 0 });
    let log = go(&mut st, CALL_WRONG);
    assert!(log.contains(&Event::WrongJumpCalled { by: 0, jumper: 2 }));
    hand_is(&st, 2, "Y5 B1 B2 G7 G8");
    turn_of(&st, 1);
}

/// C35: a wrong jump-in nobody calls stands.
#[test]
fn wrong_jump_in_uncalled_stands_c35() {
    let mut st = pos(
        json!({"preset": "seed", "hands": ["R5 G1 G2", "B7 B8 B9", "Y5 B1 B2"],
                            "discard": "R3"}),
    );
    gos(&mut st, &[p("R5"), p("Y5"), PASS, PASS]);
    hand_is(&st, 2, "B1 B2");
    assert_eq!(st.top(), k("Y5"));
    turn_of(&st, 0);
}

/// C35, option `wrong_jump_ins = false` (preset tidy): no window for a near card.
#[test]
fn tidy_offers_no_wrong_jump_in_c35() {
    let mut st = pos(json!({"hands": ["R5 G1 G2", "B7 B8 B9", "Y5 B1 B2"], "discard": "R3"}));
    go(&mut st, p("R5"));
    turn_of(&st, 1);
}

// ----- section 10: UNO -----

/// L55/C36: a player on one card who stays silent is caught and draws 2.
#[test]
fn uno_silent_and_caught_l55() {
    let mut st = pos(
        json!({"hands": ["R5 R6", "B7 B8 B9", "G1 G2 G3"], "discard": "R3",
                            "draw_pile": "Y1 Y2"}),
    );
    go(&mut st, p("R5"));
    assert_eq!(st.phase(), Phase::CallUno);
    go(&mut st, PASS);
    assert_eq!(st.phase(), Phase::CatchUno { asker: 1 });
    let log = go(&mut st, CATCH_UNO);
    assert!(log.contains(&Event::Caught {
        by: 1,
        seat: 0,
        right: true
    }));
    hand_is(&st, 0, "R6 Y1 Y2");
    turn_of(&st, 1);
}

/// L56/C37: calling UNO on a player who called costs the caller 2.
#[test]
fn uno_wrong_catch_costs_two_c37() {
    let mut st = pos(
        json!({"hands": ["R5 R6", "B7 B8 B9", "G1 G2 G3"], "discard": "R3",
                            "draw_pile": "Y1 Y2"}),
    );
    gos(&mut st, &[p("R5"), CALL_UNO]);
    assert!(st.uno_called(0));
    let log = go(&mut st, CATCH_UNO);
    assert!(log.contains(&Event::Caught {
        by: 1,
        seat: 0,
        right: false
    }));
    hand_is(&st, 1, "B7 B8 B9 Y1 Y2");
    hand_is(&st, 0, "R6");
}

/// L40/C36: the last card cannot be played before UNO is called; a late call at one's turn
/// makes it legal, and playing it wins.
#[test]
fn last_card_needs_the_call_c36() {
    let mut st = pos(json!({"hands": ["R5", "B7 B8 B9", "G1 G2 G3"], "discard": "R3"}));
    assert!(!legal(&st).contains(&p("R5")));
    refused(&mut st, p("R5"));
    go(&mut st, CALL_UNO);
    turn_of(&st, 0);
    go(&mut st, p("R5"));
    assert_eq!(st.phase(), Phase::Over);
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.placing[0], 1);
}

/// C36: receiving cards resets the call.
#[test]
fn receiving_cards_resets_the_call_c36() {
    let mut st = pos(
        json!({"hands": ["R5", "B7 B8 B9", "G1 G2 G3"], "discard": "Y3",
                            "uno_called": [0], "draw_pile": "G9"}),
    );
    assert!(st.uno_called(0));
    go(&mut st, DRAW);
    assert!(!st.uno_called(0));
}

// ----- section 11: accusations -----

/// L264: a right accusation removes the accused (their Quitter to the discard pile); the
/// accuser's turn goes on.
#[test]
fn accusation_right_normal_l264() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["R5 G1 G2", "Quitter.R9 B8 B9", "G3 G4 G5", "Y1 Y2 Y4"],
                            "discard": "R3"}));
    go(&mut st, ACCUSE);
    assert!(matches!(st.phase(), Phase::Target { .. }));
    let log = go(&mut st, tgt(1));
    assert!(log.contains(&Event::Accused {
        by: 0,
        seat: 1,
        right: true
    }));
    assert!(log.contains(&Event::Revealed { seat: 1, to: None }));
    assert!(!st.in_game(1));
    assert!(count_discard(&st, "Quitter.R9") >= 1);
    turn_of(&st, 0);
    assert!(
        !legal(&st).contains(&ACCUSE),
        "C17: one accusation per turn"
    );
}

/// L264: a wrong accusation removes the accuser.
#[test]
fn accusation_wrong_normal_l264() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["R5 G1 G2", "R9 B8 B9", "G3 G4 G5", "Y1 Y2 Y4"],
                            "discard": "R3"}));
    gos(&mut st, &[ACCUSE, tgt(1)]);
    assert!(!st.in_game(0));
    turn_of(&st, 1);
}

/// L76: elimination mode: the right accuser is out, the Quitter discarded.
#[test]
fn accusation_right_elimination_l76() {
    let mut st = pos(json!({"preset": "elimination", "players": 4,
                            "hands": ["R5 G1 G2", "Quitter.R9 B8 B9", "G3 G4 G5", "Y1 Y2 Y4"],
                            "discard": "R3"}));
    gos(&mut st, &[ACCUSE, tgt(1)]);
    assert!(!st.in_game(0) && st.in_game(1));
    assert_eq!(st.left_order(0), 1);
    hand_is(&st, 1, "B8 B9");
    turn_of(&st, 1);
}

/// L264: elimination mode: a wrong accuser draws 8 and plays on.
#[test]
fn accusation_wrong_elimination_l264() {
    let mut st = pos(json!({"preset": "elimination",
                            "hands": ["R5 G1 G2", "R9 B8 B9", "G3 G4 G5"], "discard": "R3",
                            "draw_pile": "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8"}));
    gos(&mut st, &[ACCUSE, tgt(1)]);
    hand_is(&st, 0, "R5 G1 G2 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8");
    turn_of(&st, 0);
    assert!(!legal(&st).contains(&ACCUSE));
}

// ----- section 15: duel rules -----

fn duel(v: Value) -> ConState {
    let mut b = v;
    b["players"] = json!(2);
    b["dealer"] = json!(1);
    pos(b)
}

/// L63: with two players a Reverse is a skip: the user plays again.
#[test]
fn duel_reverse_is_a_skip_l63() {
    let mut st = duel(json!({"hands": ["RR G1 G2", "B7 B8 B9"], "discard": "R3"}));
    go(&mut st, p("RR"));
    assert!(st.clockwise());
    turn_of(&st, 0);
}

/// L63: Double Skip and Reverse Skip are single skips in a duel.
#[test]
fn duel_double_and_reverse_skip_l63() {
    let mut st = duel(json!({"hands": ["DoubleSkip.RS G1 G2", "B7 B8 B9"], "discard": "R3"}));
    go(&mut st, p("DoubleSkip.RS"));
    turn_of(&st, 0);
    let mut st = duel(json!({"hands": ["ReverseSkip.RS G1 G2", "B7 B8 B9"], "discard": "R3"}));
    go(&mut st, p("ReverseSkip.RS"));
    turn_of(&st, 0);
}

/// L62: Delayed Blast is a plain draw 4 on the other player in a duel.
#[test]
fn duel_delayed_blast_l62() {
    let mut st = duel(json!({"hands": ["DelayedBlast.W G1 G2", "B7 B8 B9"], "discard": "R3"}));
    go(&mut st, pw("DelayedBlast.W", GREEN));
    responding(&st, 1);
    let a = st.attack().unwrap();
    assert_eq!((a.amount, a.family), (4, 4));
}

/// C67/L280: Swap's reversal is a skip in a duel.
#[test]
fn duel_swap_is_a_skip_c67() {
    let mut st = duel(json!({"hands": ["Swap.GR G1 G2", "B7 B8 B9"], "discard": "G3"}));
    go(&mut st, p("Swap.GR"));
    hand_is(&st, 0, "B7 B8 B9");
    hand_is(&st, 1, "G1 G2");
    turn_of(&st, 0);
}

// ----- section 16: ending -----

/// L67: ending on a special card does not activate it.
#[test]
fn ending_on_a_special_card_does_not_activate_l67() {
    let mut st = pos(
        json!({"hands": ["Quitter.R9", "B7 B8 B9", "G1 G2 G3"], "discard": "R3",
                            "uno_called": [0]}),
    );
    go(&mut st, p("Quitter.R9"));
    assert_eq!(st.winner(), Some(0));
    assert!(st.in_game(1));
    assert!(st.attack().is_none());
}

/// L67: a field card as the last card is not placed: it lies on the pile.
#[test]
fn ending_on_a_field_card_l67() {
    let mut st = pos(
        json!({"hands": ["Luck.G4", "B7 B8 B9", "G1 G2 G3"], "discard": "G3",
                            "uno_called": [0]}),
    );
    go(&mut st, p("Luck.G4"));
    assert_eq!(st.winner(), Some(0));
    assert_eq!(holders(&st)[LUCK], NONE);
    assert_eq!(st.top(), k("Luck.G4"));
}

/// L68/C46: ending on a Gold Coin that lands face down: the player takes the bank and is back in.
#[test]
fn gold_coin_last_card_face_down_c46() {
    let mut st = pos(json!({"options": {"gold_coin_face_up": 0.0},
                            "hands": ["GoldCoin.Y0", "B7 B8 B9", "G1 G2 G3"], "discard": "Y3",
                            "uno_called": [0], "draw_pile": "R1 R2 R4"}));
    go(&mut st, p("GoldCoin.Y0"));
    assert_eq!(st.winner(), None);
    hand_is(&st, 0, "R1 R2 R4");
    turn_of(&st, 1);
}

/// L68: ending on a Gold Coin that lands face up wins.
#[test]
fn gold_coin_last_card_face_up_wins_l68() {
    let mut st = pos(json!({"options": {"gold_coin_face_up": 1.0},
                            "hands": ["GoldCoin.Y0", "B7 B8 B9", "G1 G2 G3"], "discard": "Y3",
                            "uno_called": [0], "draw_pile": "R1 R2 R4"}));
    go(&mut st, p("GoldCoin.Y0"));
    assert_eq!(st.winner(), Some(0));
}

/// L70: a last card played as AIDS still splits: the player draws their share and is back in.
#[test]
fn aids_as_the_last_card_l70() {
    let mut st = pos(
        json!({"hands": ["AIDS.G3", "B7 B8 B9", "G1 G2 G4"], "discard": "W+4",
                            "color": "green", "uno_called": [0], "draw_pile": "R1 R2 R4 R5",
                            "attack": {"kind": "draw", "amount": 4, "family": 4, "victim": 0,
                                       "starter": 2}}),
    );
    go(&mut st, p("AIDS.G3"));
    assert_eq!(st.winner(), None);
    hand_is(&st, 0, "R1 R2");
    hand_is(&st, 2, "G1 G2 G4 R4 R5");
    turn_of(&st, 1);
}

/// Section 16: the last player remaining wins.
#[test]
fn last_player_remaining_wins() {
    let mut st = pos(
        json!({"hands": ["Quitter.R9 G1 G2", "B7 B8 B9", ""], "discard": "R3",
                            "removed": [2]}),
    );
    gos(&mut st, &[p("Quitter.R9"), ACCEPT]);
    assert_eq!(st.winner(), Some(0));
    assert_eq!(st.outcome().unwrap().winner, Some(0));
}

// ----- section 17: elimination mode -----

/// L74/C74: emptying the hand is going out; play goes on.
#[test]
fn elimination_empty_hand_goes_out_l74() {
    let mut st = pos(
        json!({"preset": "elimination", "hands": ["R5", "B7 B8 B9", "G1 G2 G3"],
                            "discard": "R3", "uno_called": [0]}),
    );
    let log = go(&mut st, p("R5"));
    assert!(log.contains(&Event::Left {
        seat: 0,
        why: Leave::Out
    }));
    assert_eq!(st.left_order(0), 1);
    turn_of(&st, 1);
}

/// L75: elimination mode: Quitter takes its user out; the next player is untouched.
#[test]
fn elimination_quitter_user_out_l75() {
    let mut st = pos(json!({"preset": "elimination",
                            "hands": ["Quitter.R9 G1 G2", "B7 B8 B9", "G3 G4 G5"],
                            "discard": "R3"}));
    go(&mut st, p("Quitter.R9"));
    assert!(!st.in_game(0) && st.in_game(1));
    turn_of(&st, 1);
}

/// L74: the last player still in is the loser.
#[test]
fn elimination_last_in_is_the_loser_l74() {
    let mut st = pos(json!({"preset": "elimination", "players": 2, "dealer": 1,
                            "hands": ["R5", "B7 B8 B9"], "discard": "R3", "uno_called": [0]}));
    go(&mut st, p("R5"));
    let o = st.outcome().unwrap();
    assert_eq!((o.winner, o.loser), (None, Some(1)));
    assert_eq!((o.placing[0], o.placing[1]), (1, 2));
}

/// L78: ending on a card activates it; the player is out once its effect is over.
#[test]
fn elimination_ending_on_ping_activates_l78() {
    let mut st = pos(json!({"preset": "elimination",
                            "hands": ["Ping.B1", "B7 B8 B9", "G1 G2 G3"], "discard": "B3",
                            "uno_called": [0], "draw_pile": "Y5"}));
    gos(&mut st, &[p("Ping.B1"), tgt(1)]);
    responding(&st, 1);
    assert!(st.in_game(0));
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "B7 B8 B9 Y5");
    assert!(!st.in_game(0));
    turn_of(&st, 1);
}

/// L69/C73: in elimination mode a returned final attack brings the player back in.
#[test]
fn elimination_returned_final_attack_back_in_l69() {
    let mut st = pos(json!({"preset": "elimination",
                            "hands": ["R+2", "FuckYou.B0 B8 B9", "G1 G2 G3"], "discard": "R3",
                            "uno_called": [0], "draw_pile": "Y5 Y6"}));
    go(&mut st, p("R+2"));
    go(&mut st, p("FuckYou.B0"));
    responding(&st, 0);
    go(&mut st, ACCEPT);
    assert!(st.in_game(0));
    hand_is(&st, 0, "Y5 Y6");
}

// ----- section 13: cards -----

/// L126/C40: Backstab: the previous player draws 4; play continues after the user.
#[test]
fn backstab_hits_the_previous_player_c40() {
    let mut st = pos(
        json!({"hands": ["Backstab.RR G1 G2", "B7 B8 B9", "G3 G4 G5"],
                            "discard": "R3", "draw_pile": "Y1 Y2 Y4 Y5"}),
    );
    go(&mut st, p("Backstab.RR"));
    responding(&st, 2);
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "G3 G4 G5 Y1 Y2 Y4 Y5");
    assert!(st.clockwise());
    turn_of(&st, 1);
}

/// L126: a blocked Backstab reverses the direction; the turn goes to the player next to the
/// blocker in the new direction.
#[test]
fn backstab_blocked_reverses_l126() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Backstab.RR G1 G2", "B7 B8 B9", "Y7 Y8 Y9",
                                      "HolyDefender.R0 G4 G5"],
                            "discard": "R3"}));
    go(&mut st, p("Backstab.RR"));
    responding(&st, 3);
    go(&mut st, p("HolyDefender.R0"));
    assert!(!st.clockwise());
    turn_of(&st, 2);
}

/// L126/L130: a Backstab absorbed by a Blue Shield reverses the order too.
#[test]
fn backstab_absorbed_by_a_shield_reverses_l126() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Backstab.RR G1 G2", "B7 B8 B9", "Y7 Y8 Y9", "G4 G5 G6"],
                            "discard": "R3", "shields": [0, 0, 0, 1]}));
    gos(&mut st, &[p("Backstab.RR"), ACCEPT]);
    assert_eq!(st.shields(3), 0);
    assert!(!st.clockwise());
    turn_of(&st, 2);
}

/// C40/L170: a dodged Backstab moves on against the direction of play.
#[test]
fn backstab_dodged_moves_backwards_c40() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Backstab.RR G1 G2", "B7 B8 B9", "Y7 Y9 Y4",
                                      "Dodge.Y8 G4 G5"],
                            "discard": "R3"}));
    gos(&mut st, &[p("Backstab.RR"), p("Dodge.Y8")]);
    responding(&st, 2);
}

/// C41/L130: Blue Shield is played at a turn and becomes active in front of its user.
#[test]
fn blue_shield_played_becomes_active_c41() {
    let mut st = pos(
        json!({"hands": ["BlueShield.B2 G1 G2", "R7 R8 R9", "Y7 Y8 Y9"],
                            "discard": "B3"}),
    );
    go(&mut st, p("BlueShield.B2"));
    assert_eq!(st.shields(0), 1);
    hand_is(&st, 0, "G1 G2");
    turn_of(&st, 1);
}

/// L134/C53: Clone repeats a Draw Two on the next player.
#[test]
fn clone_repeats_a_draw_two_l134() {
    let mut st = pos(json!({"hands": ["Clone.G2 G1 G4", "R7 R8 R9", "Y7 Y8 Y9"],
                            "discard": "G+2"}));
    go(&mut st, p("Clone.G2"));
    responding(&st, 1);
    assert_eq!(st.attack().unwrap().amount, 2);
    assert_eq!(st.top(), k("Clone.G2"));
}

/// L134: Clone repeats a Skip; a Clone on a Clone repeats what the first repeated.
#[test]
fn clone_repeats_a_skip_and_clone_on_clone_l134() {
    let mut st = pos(json!({"hands": ["Clone.G2 G1 G4", "R7 R8 R9", "Y7 Y8 Y9"],
                            "discard": "GS"}));
    go(&mut st, p("Clone.G2"));
    turn_of(&st, 2);
    let mut st = pos(json!({"hands": ["Clone.G2 G1 G4", "R7 R8 R9", "Y7 Y8 Y9"],
                            "discard": "GS Clone.G2"}));
    go(&mut st, p("Clone.G2"));
    turn_of(&st, 2);
}

/// L134: field cards are not repeated.
#[test]
fn clone_does_not_repeat_a_field_card_l134() {
    let mut st = pos(json!({"hands": ["Clone.G2 G1 G4", "R7 R8 R9", "Y7 Y8 Y9"],
                            "discard": "G3", "reference": "Luck.G4", "luck": 2}));
    go(&mut st, p("Clone.G2"));
    turn_of(&st, 1);
    assert_eq!(holders(&st)[LUCK], 2);
}

/// L154: Cure removes one Virus from its user.
#[test]
fn cure_removes_a_virus_l154() {
    let mut st = pos(json!({"hands": ["Cure.R1 G1 G4", "R7 R8 R9", "Y7 Y8 Y9"],
                            "discard": "R3", "viruses": [2, 0, 0]}));
    go(&mut st, p("Cure.R1"));
    assert_eq!(st.viruses(0), 1);
}

/// L166: Delayed Blast skips the next player and puts 4 on the one after.
#[test]
fn delayed_blast_l166() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["DelayedBlast.W G1 G2", "R7 R8 R9", "Y7 Y8 Y9", "B1 B2 B4"],
                            "discard": "R3", "draw_pile": "G5 G6 G7 G8"}));
    go(&mut st, pw("DelayedBlast.W", RED));
    responding(&st, 2);
    assert!(st.skipped(1));
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "Y7 Y8 Y9 G5 G6 G7 G8");
    turn_of(&st, 3);
}

/// L174: Double Skip skips the next two players.
#[test]
fn double_skip_l174() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["DoubleSkip.RS G1 G2", "R7 R8 R9", "Y7 Y8 Y9", "B1 B2 B4"],
                            "discard": "R3"}));
    go(&mut st, p("DoubleSkip.RS"));
    turn_of(&st, 3);
    assert!(st.skipped(1) && st.skipped(2));
}

/// L272: Reverse Skip reverses and skips the next player.
#[test]
fn reverse_skip_l272() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["ReverseSkip.RS G1 G2", "R7 R8 R9", "Y7 Y8 Y9", "B1 B2 B4"],
                            "discard": "R3"}));
    go(&mut st, p("ReverseSkip.RS"));
    assert!(!st.clockwise());
    turn_of(&st, 2);
    assert!(st.skipped(3));
}

/// L280: Swap: the user swaps hands with the previous player, then the direction reverses.
#[test]
fn swap_with_the_previous_player_l280() {
    let mut st = pos(json!({"hands": ["Swap.GR G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "G3"}));
    go(&mut st, p("Swap.GR"));
    hand_is(&st, 0, "B1 B2 B4");
    hand_is(&st, 2, "G1 G2");
    assert!(!st.clockwise());
    turn_of(&st, 2);
}

/// L284/C30: Taste the Rainbow: draw until all four colours; the turn is lost.
#[test]
fn taste_the_rainbow_until_four_colours_l284() {
    let mut st = pos(
        json!({"hands": ["TasteTheRainbow.W G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "G3", "draw_pile": "R1 R2 Y1 G5 B9 G6",
                            "luck": 1, "viruses": [0, 1, 0]}),
    );
    go(&mut st, pw("TasteTheRainbow.W", BLUE));
    responding(&st, 1);
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R7 R8 R9 R1 R2 Y1 G5 B9");
    turn_of(&st, 2);
}

/// L284: a wild ends the draw.
#[test]
fn taste_the_rainbow_stops_on_a_wild_l284() {
    let mut st = pos(
        json!({"hands": ["TasteTheRainbow.W G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "G3", "draw_pile": "R1 W+4 G5"}),
    );
    gos(&mut st, &[pw("TasteTheRainbow.W", BLUE), ACCEPT]);
    hand_is(&st, 1, "R7 R8 R9 R1 W+4");
}

/// L234/C16: Mystery Draw: the next player draws the number value of the card below.
#[test]
fn mystery_draw_counts_the_card_below_l234() {
    let mut st = pos(
        json!({"hands": ["MysteryDraw.W G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "Y7"}),
    );
    go(&mut st, pw("MysteryDraw.W", RED));
    responding(&st, 1);
    let a = st.attack().unwrap();
    assert_eq!((a.amount, a.family), (7, 0));
    assert!(!legal(&st).contains(&p("R+2")));
}

/// L234/L118: a Mystery Draw on the 69 counts 69.
#[test]
fn mystery_draw_on_the_69_l234() {
    let mut st = pos(
        json!({"hands": ["MysteryDraw.W G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "69.Y6"}),
    );
    go(&mut st, pw("MysteryDraw.W", RED));
    assert_eq!(st.attack().unwrap().amount, 69);
    let log = go(&mut st, ACCEPT);
    let drawn = log
        .iter()
        .filter(|e| matches!(e, Event::Drew { seat: 1, .. }))
        .count();
    assert_eq!(drawn, 69);
}

/// L234: on a 0 or a card without a number it is a plain Wild.
#[test]
fn mystery_draw_on_zero_is_a_wild_l234() {
    let mut st = pos(
        json!({"hands": ["MysteryDraw.W G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "Y0"}),
    );
    go(&mut st, pw("MysteryDraw.W", RED));
    turn_of(&st, 1);
    let mut st = pos(
        json!({"hands": ["MysteryDraw.W G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "YS"}),
    );
    go(&mut st, pw("MysteryDraw.W", RED));
    turn_of(&st, 1);
}

/// L210: Hot Death is a draw 8 on the next player.
#[test]
fn hot_death_draws_eight_l210() {
    let mut st = pos(
        json!({"hands": ["HotDeath.W+4 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "Y0"}),
    );
    go(&mut st, pw("HotDeath.W+4", RED));
    responding(&st, 1);
    assert_eq!(st.attack().unwrap().amount, 8);
}

/// L214/C48: I Don't Like These: discard the other cards, draw as many.
#[test]
fn i_dont_like_these_l214() {
    let mut st = pos(
        json!({"hands": ["IDLT.Y1 G1 G2 G4", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "Y0", "draw_pile": "R1 R2 R4", "viruses": [1, 0, 0]}),
    );
    go(&mut st, p("IDLT.Y1"));
    hand_is(&st, 0, "R1 R2 R4");
}

/// L218: Luck played becomes active on its user.
#[test]
fn luck_played_l218() {
    let mut st = pos(json!({"hands": ["Luck.G4 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "G0"}));
    go(&mut st, p("Luck.G4"));
    assert_eq!(holders(&st)[LUCK], 0);
}

/// L222: M.A.D.: the user and the victim leave.
#[test]
fn mad_both_leave_l222() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["MAD.Y2 G1 G2", "R7 R8 R9", "B1 B2 B4", "Y7 Y8 Y9"],
                            "discard": "Y0"}));
    gos(&mut st, &[p("MAD.Y2"), tgt(2)]);
    responding(&st, 2);
    go(&mut st, ACCEPT);
    assert!(!st.in_game(0) && !st.in_game(2));
    turn_of(&st, 1);
}

/// C49: M.A.D. returned with Fuck You: only the user leaves.
#[test]
fn mad_returned_only_the_user_leaves_c49() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["MAD.Y2 G1 G2", "R7 R8 R9", "FuckYou.B0 B2 B4", "Y7 Y8 Y9"],
                            "discard": "Y0"}));
    gos(&mut st, &[p("MAD.Y2"), tgt(2), p("FuckYou.B0"), ACCEPT]);
    assert!(!st.in_game(0) && st.in_game(2));
}

/// L316/C49: Yin and Yang give no immunity against M.A.D.
#[test]
fn mad_reaches_yin_yang_l316() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["MAD.Y2 G1 G2", "R7 R8 R9", "B1 B2 B4", "Y7 Y8 Y9"],
                            "discard": "Y0", "yin": 2, "yang": 2}));
    gos(&mut st, &[p("MAD.Y2"), tgt(2)]);
    responding(&st, 2);
    go(&mut st, ACCEPT);
    assert!(!st.in_game(2));
}

/// L230/C50: Martyr: the user leaves and gives the remaining cards to the chosen player.
#[test]
fn martyr_gives_the_hand_l230() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Martyr.R1 G1 G2", "R7 R8 R9", "B1 B2 B4", "Y7 Y8 Y9"],
                            "discard": "R3"}));
    gos(&mut st, &[p("Martyr.R1"), tgt(2)]);
    assert!(!st.in_game(0));
    responding(&st, 2);
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "B1 B2 B4 G1 G2");
}

/// C50: a Martyr's batch blocked by Holy Defender goes under the discard pile.
#[test]
fn martyr_blocked_cards_buried_c50() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Martyr.R1 G1 G2", "R7 R8 R9", "HolyDefender.R0 B2 B4",
                                      "Y7 Y8 Y9"],
                            "discard": "R3"}));
    gos(&mut st, &[p("Martyr.R1"), tgt(2), p("HolyDefender.R0")]);
    hand_is(&st, 2, "B2 B4");
    assert!(st.limbo().is_empty());
}

/// L194: Glasnost: the victim's hand is laid out.
#[test]
fn glasnost_reveals_l194() {
    let mut st = pos(
        json!({"hands": ["Glasnost.R2 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "R3"}),
    );
    gos(&mut st, &[p("Glasnost.R2"), tgt(1)]);
    let log = go(&mut st, ACCEPT);
    assert!(log.contains(&Event::Revealed { seat: 1, to: None }));
    assert!(log.contains(&Event::Shown {
        seat: 1,
        card: k("R7")
    }));
    turn_of(&st, 1);
}

/// L242/C24: Ping: exactly one card; play continues normally after the user.
#[test]
fn ping_draws_one_play_continues_l242() {
    let mut st = pos(json!({"hands": ["Ping.B1 G1 G2", "R7 R8 R9", "B4 B2 B5"],
                            "discard": "B3", "draw_pile": "Y1"}));
    gos(&mut st, &[p("Ping.B1"), tgt(2), ACCEPT]);
    hand_is(&st, 2, "B4 B2 B5 Y1");
    turn_of(&st, 1);
}

/// L260: Quitter removes the next player.
#[test]
fn quitter_removes_the_next_player_l260() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Quitter.R9 G1 G2", "Y7 Y8 Y4", "B1 B2 B4", "G7 G8 G9"],
                            "discard": "R3"}));
    go(&mut st, p("Quitter.R9"));
    responding(&st, 1);
    let log = go(&mut st, ACCEPT);
    assert!(log.contains(&Event::Left {
        seat: 1,
        why: Leave::Quitter
    }));
    turn_of(&st, 2);
}

/// L260: Quitter can be Dodged and blocked.
#[test]
fn quitter_dodged_l260() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Quitter.R9 G1 G2", "Dodge.Y8 Y7 Y4", "B1 B2 B4",
                                      "G7 G8 G9"],
                            "discard": "R3"}));
    gos(&mut st, &[p("Quitter.R9"), p("Dodge.Y8")]);
    responding(&st, 2);
    assert!(legal(&st).contains(&ACCEPT));
}

/// L298: Virus: directed, the victim gets a Virus in front of them.
#[test]
fn virus_infects_l298() {
    let mut st = pos(json!({"hands": ["Virus.G0 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "G3"}));
    gos(&mut st, &[p("Virus.G0"), tgt(1)]);
    responding(&st, 1);
    go(&mut st, ACCEPT);
    assert_eq!(st.viruses(1), 1);
    turn_of(&st, 1);
}

/// L190: Gift: the user picks a card and a recipient; the recipient gets it.
#[test]
fn gift_gives_a_card_l190() {
    let mut st = pos(
        json!({"hands": ["Gift.R5 G1 G2 G4", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "R3"}),
    );
    gos(&mut st, &[p("Gift.R5"), tgt(2)]);
    assert!(matches!(st.phase(), Phase::Choose { .. }));
    go(&mut st, choose("G1"));
    responding(&st, 2);
    assert!(!legal(&st).contains(&p("HolyDefender.R0")));
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "B1 B2 B4 G1");
    hand_is(&st, 0, "G2 G4");
    turn_of(&st, 1);
}

/// C45/L190: the last card cannot be gifted: with one card left the Gift gives nothing.
#[test]
fn gift_cannot_give_the_last_card_c45() {
    let mut st = pos(json!({"hands": ["Gift.R5 G1", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "R3"}));
    go(&mut st, p("Gift.R5"));
    hand_is(&st, 0, "G1");
    assert_eq!(st.phase(), Phase::CallUno);
}

/// L190/L206: Holy Defender cannot block a Gift.
#[test]
fn gift_not_blocked_by_holy_defender_l206() {
    let st = pos(
        json!({"hands": ["G2 G1", "R7 R8 R9", "HolyDefender.R0 B2 B4"],
                        "discard": "Gift.R5",
                        "attack": {"kind": "gift", "victim": 2, "starter": 0, "card": "G5"}}),
    );
    assert_eq!(legal(&st), vec![ACCEPT]);
}

/// L198: Gold Coin face up: the user deals the bank; each batch is a directed attack.
#[test]
fn gold_coin_face_up_deals_the_bank_l198() {
    let mut st = pos(json!({"options": {"gold_coin_face_up": 1.0},
                            "hands": ["GoldCoin.Y0 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "Y3", "draw_pile": "R1 R2 R4"}));
    go(&mut st, p("GoldCoin.Y0"));
    gos(
        &mut st,
        &[
            choose("R1"),
            tgt(1),
            choose("R2"),
            tgt(2),
            choose("R4"),
            tgt(1),
        ],
    );
    responding(&st, 1);
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R7 R8 R9 R1 R4");
    responding(&st, 2);
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "B1 B2 B4 R2");
    hand_is(&st, 0, "G1 G2");
    turn_of(&st, 1);
}

/// C46: Gold Coin face down: the user takes the bank.
#[test]
fn gold_coin_face_down_user_takes_the_bank_c46() {
    let mut st = pos(json!({"options": {"gold_coin_face_up": 0.0},
                            "hands": ["GoldCoin.Y0 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "Y3", "draw_pile": "R1 R2 R4"}));
    go(&mut st, p("GoldCoin.Y0"));
    hand_is(&st, 0, "G1 G2 R1 R2 R4");
    turn_of(&st, 1);
}

/// L288: The Chosen One: draw five, keep one, put the others back in the chosen order.
#[test]
fn the_chosen_one_keeps_one_and_orders_l288() {
    let mut st = pos(
        json!({"hands": ["ChosenOne.Y1 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "Y3", "draw_pile": "Y5 Y6 Y7 Y8 Y9"}),
    );
    go(&mut st, p("ChosenOne.Y1"));
    assert!(matches!(st.phase(), Phase::Choose { .. }));
    gos(
        &mut st,
        &[choose("Y7"), choose("Y9"), choose("Y5"), choose("Y8")],
    );
    hand_is(&st, 0, "G1 G2 Y7");
    turn_of(&st, 1);
    // The next draws come in the chosen order: Y9, Y5, Y8, Y6.
    go(&mut st, DRAW);
    hand_is(&st, 1, "R7 R8 R9 Y9");
    go(&mut st, DRAW);
    hand_is(&st, 2, "B1 B2 B4 Y5");
}

/// L292-L294: The Flood discards every active field card but the Horsemen, Yin and Yang; with
/// Plague its user does not draw.
#[test]
fn the_flood_l292() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Flood.B8 G1 G2", "R7 R8 R9", "B1 B2 B4", "Y1 Y2 Y4"],
                            "discard": "B3", "shields": [0, 1, 0, 0], "viruses": [1, 0, 1, 0],
                            "luck": 1, "prophet": 2, "plague": 3, "yin": 1, "war": 2,
                            "draw_pile": "G5 G6"}));
    go(&mut st, p("Flood.B8"));
    let h = holders(&st);
    assert_eq!((h[LUCK], h[PROPHET], h[PLAGUE]), (NONE, NONE, NONE));
    assert_eq!((h[YIN], h[WAR]), (1, 2));
    assert_eq!((st.shields(1), st.viruses(0), st.viruses(2)), (0, 0, 0));
    hand_is(&st, 0, "G1 G2");
    turn_of(&st, 1);
}

// ----- section 14: the Horsemen -----

/// L158-L162: Death: the victim flips the top card; a number sets the clock and lies next to
/// Death. C62: no response is asked. C61: the clock goes down at the end of the victim's turn.
#[test]
fn death_flip_a_number_sets_the_clock_l162() {
    let mut st = pos(json!({"hands": ["Death.R4 G1 G2", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "R3", "draw_pile": "B7 G5"}));
    gos(&mut st, &[p("Death.R4"), tgt(1)]);
    assert_eq!(holders(&st)[DEATH], 1);
    assert_eq!(st.death_clock(), 7);
    turn_of(&st, 1);
    go(&mut st, DRAW);
    assert_eq!(st.death_clock(), 6);
}

/// L162: a card with no number value sets the clock to 4 and goes under the discard pile.
#[test]
fn death_flip_a_symbol_clock_four_l162() {
    let mut st = pos(json!({"hands": ["Death.R4 G1 G2", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "R3", "draw_pile": "YS"}));
    let before = count_discard(&st, "YS");
    gos(&mut st, &[p("Death.R4"), tgt(1)]);
    assert_eq!(st.death_clock(), 4);
    assert_eq!(count_discard(&st, "YS"), before + 1);
}

/// L162: another Horseman flipped goes into neutral play at once; the clock is 4.
#[test]
fn death_flips_a_horseman_l162() {
    let mut st = pos(json!({"hands": ["Death.R4 G1 G2", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "R3", "draw_pile": "War.R4"}));
    gos(&mut st, &[p("Death.R4"), tgt(1)]);
    assert_eq!(st.death_clock(), 4);
    assert_eq!(holders(&st)[WAR], NEUTRAL);
}

/// L160: Luck on the victim adds a round, each Virus removes one, also when they arrive later.
#[test]
fn death_luck_and_virus_adjust_the_clock_l160() {
    let mut st = pos(json!({"hands": ["Death.R4 G1 G2", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "R3", "draw_pile": "B7", "luck": 1,
                            "viruses": [0, 2, 0]}));
    gos(&mut st, &[p("Death.R4"), tgt(1)]);
    assert_eq!(st.death_clock(), 6);
    let mut st = pos(json!({"hands": ["Virus.G0 G1 G2", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "G3", "death": 1, "death_clock": 3}));
    gos(&mut st, &[p("Virus.G0"), tgt(1), ACCEPT]);
    assert_eq!(st.death_clock(), 2);
}

/// C61/L158: at 0 the victim is ejected and Death stays active in neutral play.
#[test]
fn death_ejects_at_zero_c61() {
    let mut st = pos(
        json!({"current": 1, "hands": ["G1 G2 G4", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "Y3", "death": 1, "death_clock": 1}),
    );
    let log = go(&mut st, DRAW);
    assert!(log.contains(&Event::Left {
        seat: 1,
        why: Leave::Death
    }));
    assert_eq!(holders(&st)[DEATH], NEUTRAL);
    turn_of(&st, 2);
}

/// C61: a skipped turn counts as a round.
#[test]
fn death_skipped_turn_counts_c61() {
    let mut st = pos(json!({"hands": ["RS G1 G2", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "R3", "death": 1, "death_clock": 1}));
    go(&mut st, p("RS"));
    assert!(!st.in_game(1));
    turn_of(&st, 2);
}

/// L178/C63: under Famine a player who can play must play.
#[test]
fn famine_forces_a_play_l178() {
    let mut st = pos(
        json!({"hands": ["R5 G1 G2", "R7 R8 R9", "B1 B2 B5"], "discard": "R3",
                            "famine": true}),
    );
    assert!(!legal(&st).contains(&DRAW));
    assert!(
        legal(&st).contains(&ACCUSE),
        "C63: accusations stay optional"
    );
    refused(&mut st, DRAW);
}

/// L178: one who cannot play draws until a card can be played.
#[test]
fn famine_draws_until_playable_l178() {
    let st = pos(
        json!({"hands": ["G1 G2 G7", "R7 R8 R9", "B1 B2 B5"], "discard": "R3",
                        "famine": true, "phase": "begin", "draw_pile": "B4 Y2 R9"}),
    );
    hand_is(&st, 0, "G1 G2 G7 B4 Y2 R9");
    turn_of(&st, 0);
    let l = legal(&st);
    assert!(l.contains(&p("R9")) && !l.contains(&DRAW));
}

/// L302: War names a colour; from then on only colour matches.
#[test]
fn war_names_a_colour_l302() {
    let mut st = pos(json!({"hands": ["War.R4 G1 G2", "Y4 G9 B4", "B1 B2 B5"],
                            "discard": "R3"}));
    go(&mut st, p("War.R4"));
    assert_eq!(
        st.phase(),
        Phase::Color {
            why: uno_engine::constitution::ColorWhy::War
        }
    );
    go(&mut st, COLOR + GREEN as u16);
    assert_eq!(holders(&st)[WAR], 0);
    turn_of(&st, 1);
    let l = legal(&st);
    assert!(l.contains(&p("G9")) && !l.contains(&p("Y4")) && !l.contains(&p("B4")));
}

fn conquest(v: Value) -> ConState {
    let mut b = v;
    b["conquest"] = json!(0);
    pos(b)
}

/// L142-L146: an invasion: both choose an army; the larger wins; the loser draws 2; the
/// defender is conquered, both armies captured.
#[test]
fn conquest_battle_won_l142() {
    let mut st = conquest(json!({"hands": ["R9 G1 G2", "B3 B4 Y7", "Y1 Y2 Y5"],
                                 "discard": "G3", "draw_pile": "G7 G8"}));
    go(&mut st, tgt(1));
    assert_eq!(actor(&st), 0);
    go(&mut st, choose("R9"));
    assert_eq!(actor(&st), 1);
    let log = go(&mut st, choose("B3"));
    assert!(log.contains(&Event::Battle {
        invader_army: k("R9"),
        defender_army: k("B3")
    }));
    hand_is(&st, 1, "B4 Y7 G7 G8");
    assert_eq!(st.captured().len(), 2);
    assert_eq!(st.conquered(), 0b10);
    turn_of(&st, 1);
}

/// L142: the invader loses: both armies discarded, the invader draws 2.
#[test]
fn conquest_battle_lost_l142() {
    let mut st = conquest(json!({"hands": ["R1 G1 G2", "B3 B4 Y7", "Y1 Y2 Y5"],
                                 "discard": "G3", "draw_pile": "G7 G8"}));
    gos(&mut st, &[tgt(1), choose("R1"), choose("B3")]);
    hand_is(&st, 0, "G1 G2 G7 G8");
    assert_eq!(st.conquered(), 0);
    assert!(st.captured().is_empty());
}

/// C58: a tie: no one wins, no one draws, no conquest.
#[test]
fn conquest_tie_c58() {
    let mut st = conquest(json!({"hands": ["R3 G1 G2", "B3 B4 Y7", "Y1 Y2 Y5"],
                                 "discard": "G4"}));
    gos(&mut st, &[tgt(1), choose("R3"), choose("B3")]);
    hand_is(&st, 0, "G1 G2");
    hand_is(&st, 1, "B4 Y7");
    assert_eq!(st.conquered(), 0);
}

/// C59/L150: a defender with no number card loses at once and draws 3.
#[test]
fn conquest_defender_without_army_c59() {
    let mut st = conquest(json!({"hands": ["R3 G1 G2", "BS B+2 W", "Y1 Y2 Y5"],
                                 "discard": "G4", "draw_pile": "G7 G8 G9"}));
    go(&mut st, tgt(1));
    hand_is(&st, 1, "BS B+2 W G7 G8 G9");
    assert_eq!(st.conquered(), 0b10);
    turn_of(&st, 1);
}

/// C59: an invader with no number card cannot invade; L150: each player is conquered once.
#[test]
fn conquest_needs_an_army_and_conquers_once_c59() {
    let st = conquest(json!({"hands": ["RS R+2 BS", "B3 B4 Y7", "Y1 Y2 Y5"],
                             "discard": "R3"}));
    assert!(!legal(&st)
        .iter()
        .any(|&a| (TARGET..TARGET + 10).contains(&a)));
    let st = conquest(json!({"hands": ["R3 G1 G2", "B3 B4 Y7", "Y1 Y2 Y5"],
                             "discard": "R4", "conquered": [1]}));
    let l = legal(&st);
    assert!(l.contains(&tgt(2)) && !l.contains(&tgt(1)));
}

/// L150: a Quitter as an army: both battling players are Quitted.
#[test]
fn conquest_quitter_army_l150() {
    let mut st = conquest(json!({"players": 4,
                                 "hands": ["Quitter.R9 G1 G2", "B3 B4 Y7", "Y1 Y2 Y5", "G5 G6 G8"],
                                 "discard": "R4"}));
    gos(&mut st, &[tgt(1), choose("Quitter.R9"), choose("B3")]);
    assert!(!st.in_game(0) && !st.in_game(1));
    assert_eq!(holders(&st)[CONQUEST], NEUTRAL);
    turn_of(&st, 2);
}

/// L148: the Conqueror may change the colour before playing (not with one card).
#[test]
fn conqueror_changes_the_colour_l148() {
    let mut st = conquest(json!({"hands": ["G1 G2 G5", "B3 B4 Y7", "Y1 Y2 Y5"],
                                 "discard": "R3", "conquered": [1, 2]}));
    assert!(!legal(&st).contains(&p("G1")));
    go(&mut st, COLOR + GREEN as u16);
    assert_eq!(st.reference().1, GREEN);
    let l = legal(&st);
    assert!(l.contains(&p("G1")) && !l.contains(&(COLOR + BLUE as u16)));
    let st = conquest(
        json!({"hands": ["G1", "B3 B4 Y7", "Y1 Y2 Y5"], "uno_called": [0],
                             "discard": "R3", "conquered": [1, 2]}),
    );
    assert!(!legal(&st).contains(&(COLOR + GREEN as u16)));
}

/// L110: the Apocalypse begins the moment all four Horsemen are active.
#[test]
fn apocalypse_begins_with_the_fourth_horseman_l110() {
    let mut st = pos(
        json!({"hands": ["Conquest.R4 G1 G2", "B3 B4 Y7", "Y1 Y2 Y5"],
                            "discard": "R3", "death": "neutral", "famine": true, "war": 1}),
    );
    assert!(!st.apocalypse());
    let log = go(&mut st, p("Conquest.R4"));
    assert!(log.contains(&Event::Apocalypse));
    assert!(st.apocalypse());
}

fn apocalypse(v: Value) -> ConState {
    let mut b = v;
    for (key, x) in [
        ("death", json!("neutral")),
        ("famine", json!(true)),
        ("war", json!("neutral")),
        ("conquest", json!("neutral")),
        ("apocalypse", json!(true)),
    ] {
        b[key] = x;
    }
    pos(b)
}

/// C70: in the Apocalypse every card plays as its printed card (a Quitter is a Red 9).
#[test]
fn apocalypse_texts_are_gone_c70() {
    let mut st = apocalypse(
        json!({"hands": ["Quitter.R9 G1 G2", "B3 B4 Y7", "Y1 Y2 Y5"],
                                   "discard": "R3"}),
    );
    assert!(!legal(&st).contains(&ACCUSE), "C70: no accusations");
    go(&mut st, p("Quitter.R9"));
    assert!(st.attack().is_none() && st.in_game(1));
    turn_of(&st, 1);
}

/// C70 (1971): a player who draws may play the drawn card if it matches.
#[test]
fn apocalypse_play_the_drawn_card_c70() {
    let mut st = apocalypse(json!({"hands": ["G1 G2 G4", "B3 B4 Y7", "Y1 Y2 Y5"],
                                   "discard": "R3", "draw_pile": "R7"}));
    go(&mut st, DRAW);
    assert_eq!(st.phase(), Phase::PostDraw { card: k("R7") });
    assert_eq!(legal(&st), vec![p("R7"), PASS]);
    go(&mut st, p("R7"));
    turn_of(&st, 1);
}

/// C70: no stacking: a Draw Two is drawn at once and costs the turn.
#[test]
fn apocalypse_no_stacking_c70() {
    let mut st = apocalypse(json!({"hands": ["R+2 G1 G2", "Y+2 B4 Y7", "Y1 Y2 Y5"],
                                   "discard": "R3", "draw_pile": "G7 G8"}));
    go(&mut st, p("R+2"));
    hand_is(&st, 1, "Y+2 B4 Y7 G7 G8");
    turn_of(&st, 2);
}

/// C70: a Wild Draw Four played holding the colour can be challenged (the player draws 4).
#[test]
fn apocalypse_wild_draw_four_challenge_c70() {
    let mut st = apocalypse(json!({"hands": ["W+4 R5 G1", "B3 B4 Y7", "Y1 Y2 Y5"],
                                   "discard": "R3", "draw_pile": "G5 G6 G7 G8"}));
    go(&mut st, pw("W+4", BLUE));
    assert_eq!(st.phase(), Phase::Challenge);
    go(&mut st, CHALLENGE);
    hand_is(&st, 0, "R5 G1 G5 G6 G7 G8");
    hand_is(&st, 1, "B3 B4 Y7");
}

// ----- Communism (L138, C54-C57) -----

/// Plays out Communism's pile race (always the small pile while both sizes remain).
fn take_piles(st: &mut ConState) {
    while matches!(st.phase(), Phase::Piles) {
        go(st, PILE_SMALL);
    }
}

/// L138/C54/C56: hands and personal field cards are pooled and dealt; the piles differ by at
/// most one; a field card dealt becomes active for its new holder.
#[test]
fn communism_pools_and_deals_l138() {
    let mut st = pos(
        json!({"hands": ["Communism.R7 G1 G2 G3", "Y1 Y2", "B1 B2 B4 B5"],
                            "discard": "R3", "shields": [0, 1, 0], "luck": 1}),
    );
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    let cards: usize = (0..3).map(|s| st.hand(s).len()).sum();
    let shields: usize = (0..3).map(|s| st.shields(s) as usize).sum();
    let luck = (holders(&st)[LUCK] != NONE) as usize;
    assert_eq!(cards + shields + luck, 11);
    assert_eq!(
        (shields, luck),
        (1, 1),
        "C56: the field cards are active again"
    );
    for s in 0..3 {
        assert!(!st.hand(s).has(k("BlueShield.B2") as usize));
        assert!(!st.hand(s).has(k("Luck.G4") as usize));
    }
    assert_eq!(st.stats().communisms, 1);
}

/// C57: in normal mode Communism deals removed players back in.
#[test]
fn communism_revives_removed_players_c57() {
    let mut st = pos(json!({"hands": ["Communism.R7 G1 G2", "Y1 Y2 Y4", ""],
                            "discard": "R3", "removed": [2]}));
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    assert!(st.in_game(2));
    assert!(!st.hand(2).is_empty());
}

/// L77: in elimination mode players who are out stay out.
#[test]
fn communism_elimination_no_revival_l77() {
    let mut st = pos(json!({"preset": "elimination", "players": 4,
                            "hands": ["Communism.R7 G1 G2", "Y1 Y2 Y4", "B1 B2", ""],
                            "discard": "R3", "removed": [3]}));
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    assert!(!st.in_game(3));
    let cards: usize = (0..3).map(|s| st.hand(s).len()).sum();
    assert_eq!(cards, 7);
}

/// L268: Communism while the Recycler's pile is open: the recycled pile joins the pool and the
/// Communism lies on the original pile.
#[test]
fn communism_while_recycling_l268() {
    let mut st = pos(
        json!({"hands": ["Communism.R7 G1 G2", "Y1 Y2 Y4", "B1 B2 B4"],
                            "discard": "B3 Recycler.BR", "recycled": "R5 R6"}),
    );
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    assert!(st.recycled_pile().is_none());
    assert_eq!(st.top(), k("Communism.R7"));
    let cards: usize = (0..3).map(|s| st.hand(s).len()).sum();
    assert_eq!(cards, 10);
}

// ----- Yin and Yang (L308-L316) -----

/// L308/L310/C68: a drawn Yang activates at once; with Yin active for another player the
/// receiver chooses the hand kept and the two become one seat.
#[test]
fn yin_yang_team_forms_l310() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G4", "B3 B4 Y7", "Y1 Y2 Y5", "R1 R2 R4"],
                            "discard": "R3", "yin": 2, "draw_pile": "Yang.W"}));
    go(&mut st, DRAW);
    assert_eq!(st.phase(), Phase::Team);
    assert_eq!(actor(&st), 0);
    let log = go(&mut st, KEEP_THEIRS);
    assert!(log.contains(&Event::Team {
        kept: 2,
        absorbed: 0
    }));
    assert_eq!(st.team(), Some((2, 0)));
    assert!(!st.in_game(0));
    hand_is(&st, 2, "Y1 Y2 Y5");
    assert!(st.hand(0).is_empty());
    turn_of(&st, 1);
}

/// C77: no team of the last two.
#[test]
fn no_team_of_the_last_two_c77() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G4", "B3 B4 Y7", ""], "removed": [2],
                            "discard": "R3", "yin": 1, "draw_pile": "Yang.W"}),
    );
    go(&mut st, DRAW);
    assert_eq!(st.team(), None);
    assert_eq!(holders(&st)[YANG], 0);
    turn_of(&st, 1);
}

/// L312: one player with both is immune (a draw stack skips their turn).
#[test]
fn one_player_with_both_l312() {
    let mut st = pos(json!({"hands": ["G1 G2 G4", "B3 B4 Y7", "Y1 Y2 Y5"],
                            "discard": "R3", "yang": 0, "draw_pile": "Yin.W"}));
    go(&mut st, DRAW);
    assert_eq!((holders(&st)[YIN], holders(&st)[YANG]), (0, 0));
    assert_eq!(st.team(), None);
    hand_is(&st, 0, "G1 G2 G4");
}

// ----- the Prophet (L250-L256, C64) -----

/// L250: the Prophet played looks at a hand of the user's choice.
#[test]
fn prophet_played_looks_at_a_hand_l250() {
    let mut st = pos(
        json!({"hands": ["Prophet.R0 G1 G2", "B3 B4 Y7", "Y1 Y2 Y5"],
                            "discard": "R3"}),
    );
    go(&mut st, p("Prophet.R0"));
    assert!(matches!(st.phase(), Phase::Target { .. }));
    let log = go(&mut st, tgt(1));
    assert!(log.contains(&Event::Revealed {
        seat: 1,
        to: Some(0)
    }));
    assert_eq!(holders(&st)[PROPHET], 0);
    turn_of(&st, 1);
}

/// L254: at each later turn the Prophet must first look at a hand.
#[test]
fn prophet_must_look_at_each_turn_l254() {
    let mut st = pos(json!({"hands": ["G1 G2 G4", "B3 B4 Y7", "Y1 Y2 Y5"],
                            "discard": "R3", "prophet": 0, "phase": "begin"}));
    turn_of(&st, 0);
    // Section 5: an accusation may come first; then the look is the only way on (no draw).
    assert_eq!(legal(&st), vec![tgt(1), tgt(2), ACCUSE]);
    let log = go(&mut st, tgt(2));
    assert!(log.contains(&Event::Revealed {
        seat: 2,
        to: Some(0)
    }));
    turn_of(&st, 0);
    assert!(legal(&st).contains(&DRAW));
}

/// Section 5/L254: the Prophet may accuse before the mandatory look.
#[test]
fn prophet_accuses_before_looking_section5() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G4", "B3 B4 Y7", "Quitter.R9 Y2 Y5", "R1 R2 R4"],
                            "discard": "R3", "prophet": 0, "phase": "begin"}));
    gos(&mut st, &[ACCUSE, tgt(2)]);
    assert!(!st.in_game(2));
    turn_of(&st, 0);
    assert_eq!(legal(&st), vec![tgt(1), tgt(3)]);
    go(&mut st, tgt(1));
    assert!(legal(&st).contains(&p("G1")) || legal(&st).contains(&DRAW));
}

/// L256: a Horseman the Prophet sees is put into play on its holder (War: they name a colour).
#[test]
fn prophet_sees_a_horseman_l256() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G4", "War.R4 B4 Y7", "Famine.R4 Y2 Y5"],
                            "discard": "R3", "prophet": 0, "phase": "begin"}),
    );
    go(&mut st, tgt(1));
    assert_eq!(holders(&st)[WAR], 1);
    assert_eq!(actor(&st), 1);
    go(&mut st, COLOR + BLUE as u16);
    turn_of(&st, 0);
    hand_is(&st, 1, "B4 Y7");
    let mut st = pos(json!({"hands": ["G1 G2 G4", "B4 Y7 Y8", "Famine.R4 Y2 Y5"],
                            "discard": "R3", "prophet": 0, "phase": "begin"}));
    go(&mut st, tgt(2));
    assert!(st.famine());
    turn_of(&st, 0);
}

/// C64/L254: a truthful "yes" about Quitter: its holder is Quitted.
#[test]
fn prophet_yes_about_quitter_l254() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G4", "B3 B4 Y7", "Quitter.R9 Y2 Y5", "R1 R2 R4"],
                            "discard": "R3", "prophet": 1, "prophet_looked": [2]}));
    assert!(
        !legal(&st).contains(&ask(3, 0)),
        "only seats the Prophet looked at"
    );
    go(&mut st, ask(2, 0));
    assert_eq!(st.phase(), Phase::Answer);
    assert_eq!(actor(&st), 1);
    let log = go(&mut st, ANSWER);
    assert!(log.contains(&Event::Answered { yes: Some(true) }));
    assert!(!st.in_game(2));
    turn_of(&st, 0);
    assert!(
        !legal(&st).iter().any(|&a| (ASK..ASK + 100).contains(&a)),
        "one question a turn"
    );
}

/// L76: elimination mode: the asker of a right Quitter question is out instead.
#[test]
fn prophet_yes_about_quitter_elimination_l76() {
    let mut st = pos(json!({"preset": "elimination", "players": 4,
                            "hands": ["G1 G2 G4", "B3 B4 Y7", "Quitter.R9 Y2 Y5", "R1 R2 R4"],
                            "discard": "R3", "prophet": 1, "prophet_looked": [2]}));
    gos(&mut st, &[ask(2, 0), ANSWER]);
    assert!(!st.in_game(0) && st.in_game(2));
    hand_is(&st, 2, "Y2 Y5");
}

/// L254: a "yes" about M.A.D.: the Prophet and the holder are both eliminated.
#[test]
fn prophet_yes_about_mad_l254() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G4", "B3 B4 Y7", "MAD.Y2 Y1 Y5", "R1 R2 R4"],
                            "discard": "R3", "prophet": 1, "prophet_looked": [2]}));
    gos(&mut st, &[ask(2, 1), ANSWER]);
    assert!(!st.in_game(1) && !st.in_game(2));
    turn_of(&st, 0);
}

/// L252/C64: the second "I don't remember" to the same question costs the Prophet 2.
#[test]
fn prophet_dont_remember_twice_l252() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G4", "B3 B4 Y7", "Dodge.Y8 Y2 Y5", "R1 R2 R4"],
                            "discard": "Y3", "prophet": 3, "prophet_looked": [2],
                            "draw_pile": "G7 G8 G9"}));
    gos(&mut st, &[ask(2, 5), DONT_REMEMBER]);
    hand_is(&st, 3, "R1 R2 R4");
    go(&mut st, DRAW);
    turn_of(&st, 1);
    gos(&mut st, &[ask(2, 5), DONT_REMEMBER]);
    hand_is(&st, 3, "R1 R2 R4 G8 G9");
    assert!(st.in_game(2));
}

// ----- the Recycler (L268, C65, C66) -----

/// L268: the Recycler reverses and opens the recycled pile; cards go onto it.
#[test]
fn recycler_opens_the_recycled_pile_l268() {
    let mut st = pos(
        json!({"hands": ["Recycler.BR G1 G2", "R7 R8 R9", "B5 B6 B7"],
                            "discard": "B3"}),
    );
    go(&mut st, p("Recycler.BR"));
    assert!(!st.clockwise());
    assert!(st.recycled_pile().is_some_and(|r| r.is_empty()));
    turn_of(&st, 2);
    go(&mut st, p("B5"));
    assert_eq!(st.recycled_pile().unwrap().count(k("B5") as usize), 1);
    assert_eq!(st.top(), k("Recycler.BR"));
    assert_eq!(st.reference().0, k("B5"));
}

/// C65/C66: the next reversing card: the player whose turn it becomes takes the recycled pile.
#[test]
fn a_reverse_dumps_the_recycled_pile_c66() {
    let mut st = pos(json!({"hands": ["BR G1 G2", "R7 R8 R9", "Y5 Y6 Y7"],
                            "discard": "B3 Recycler.BR", "recycled": "B5 B6 B7"}));
    go(&mut st, p("BR"));
    responding(&st, 2);
    assert_eq!(st.attack().unwrap().amount, 3);
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "Y5 Y6 Y7 B5 B6 B7");
    assert!(st.recycled_pile().is_none());
    assert_eq!(st.top(), k("BR"));
    turn_of(&st, 2);
}

/// L268: with Reverse Skip the skipped player takes the recycled pile.
#[test]
fn reverse_skip_dumps_on_the_skipped_player_l268() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["ReverseSkip.BS G1 G2", "R7 R8 R9", "Y5 Y6 Y7", "G5 G6 G7"],
                            "discard": "B3 Recycler.BR", "recycled": "B5 B6"}));
    go(&mut st, p("ReverseSkip.BS"));
    responding(&st, 3);
    go(&mut st, ACCEPT);
    hand_is(&st, 3, "G5 G6 G7 B5 B6");
    turn_of(&st, 2);
}

/// C78 (added by the scenario tests): a Recycler played on an open recycled pile is its next
/// reversing card: the pile is dumped, the Recycler lies on the original pile, no new pile.
#[test]
fn recycler_on_an_open_pile_dumps_it_c78() {
    let mut st = pos(
        json!({"hands": ["Recycler.BR G1 G2", "R7 R8 R9", "Y5 Y6 Y7"],
                            "discard": "B3", "recycled": "B5 B6"}),
    );
    go(&mut st, p("Recycler.BR"));
    assert_eq!(st.top(), k("Recycler.BR"));
    responding(&st, 2);
    assert_eq!(st.attack().unwrap().amount, 2);
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "Y5 Y6 Y7 B5 B6");
    assert!(st.recycled_pile().is_none());
}

/// C66: the dump can be redirected (Dodge) but not blocked (Holy Defender).
#[test]
fn the_dump_redirectable_not_blockable_c66() {
    let st = pos(
        json!({"hands": ["G1 G2 G4", "Dodge.R8 HolyDefender.R0 Y7", "Y5 Y6 Y8"],
                        "discard": "B3 Recycler.BR BR", "recycled": "B5 B6",
                        "reference": "BR",
                        "attack": {"kind": "dump", "victim": 1, "starter": 0}}),
    );
    let l = legal(&st);
    assert!(l.contains(&p("Dodge.R8")) && !l.contains(&p("HolyDefender.R0")));
}

// ----- Plague (L246-L248) -----

/// L246: while Plague is active every player draws 1 after their play (2 with a Virus, none
/// with Luck, L248).
#[test]
fn plague_after_play_draw_l246() {
    let mut st = pos(
        json!({"hands": ["R5 G1 G2", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R3",
                            "plague": 2, "draw_pile": "G7 G8"}),
    );
    go(&mut st, p("R5"));
    hand_is(&st, 0, "G1 G2 G7");
    turn_of(&st, 1);
    let mut st = pos(
        json!({"hands": ["R5 G1 G2", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R3",
                            "plague": 2, "viruses": [1, 0, 0], "draw_pile": "G7 G8"}),
    );
    go(&mut st, p("R5"));
    hand_is(&st, 0, "G1 G2 G7 G8");
    let mut st = pos(
        json!({"hands": ["R5 G1 G2", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R3",
                            "plague": 2, "luck": 0, "draw_pile": "G7 G8"}),
    );
    go(&mut st, p("R5"));
    hand_is(&st, 0, "G1 G2");
}

/// L246: a draw with nothing to play costs one extra under Plague.
#[test]
fn plague_stuck_draw_costs_one_more_l246() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G4", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R3",
                            "plague": 2, "draw_pile": "G7 G8"}),
    );
    go(&mut st, DRAW);
    hand_is(&st, 0, "G1 G2 G4 G7 G8");
}

/// L246: at the user's next turn the Plague goes on top and the turn is used up.
#[test]
fn plague_returns_at_its_users_turn_l246() {
    let st = pos(
        json!({"hands": ["G1 G2 G4", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R3",
                        "plague": 0, "phase": "begin"}),
    );
    assert_eq!(holders(&st)[PLAGUE], NONE);
    assert_eq!(st.top(), k("Plague.G6"));
    turn_of(&st, 1);
}

/// L248: if the user jumps in first, the Plague goes on top of the jump-in.
#[test]
fn plague_user_jumps_in_l248() {
    let mut st = pos(
        json!({"hands": ["R5 G1 G2", "Y7 Y8 Y9", "R5 B1 B2"], "discard": "R3",
                            "plague": 2, "draw_pile": "G7"}),
    );
    go(&mut st, p("R5"));
    hand_is(&st, 0, "G1 G2 G7");
    go(&mut st, p("R5"));
    assert_eq!(holders(&st)[PLAGUE], NONE);
    assert_eq!(st.top(), k("Plague.G6"));
    hand_is(&st, 2, "B1 B2");
    turn_of(&st, 0);
}

/// L246/C10: a drawn Plague is released at once by its drawer.
#[test]
fn plague_drawn_is_released_l246() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G4", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R3",
                            "draw_pile": "Plague.G6"}),
    );
    go(&mut st, DRAW);
    assert_eq!(holders(&st)[PLAGUE], 0);
    hand_is(&st, 0, "G1 G2 G4");
}

// ----- section 4: the first card -----

fn first(card: &str, v: Value) -> ConState {
    let mut b = v;
    b["first_card"] = json!(card);
    if b.get("hands").is_none() {
        b["hands"] = json!(["G1 G2 G4", "Y7 Y8 Y9", "B1 B2 B4"]);
    }
    pos(b)
}

/// L83: an attack turned first affects the dealer; play then starts with the first player.
#[test]
fn first_draw_two_hits_the_dealer_l83() {
    let mut st = first("R+2", json!({"draw_pile": "G7 G8"}));
    responding(&st, 2);
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "B1 B2 B4 G7 G8");
    turn_of(&st, 0);
}

/// L86: a first Skip skips the first player; a Double Skip the first two.
#[test]
fn first_skips_l86() {
    let st = first("RS", json!({}));
    turn_of(&st, 1);
    let st = first("DoubleSkip.RS", json!({}));
    turn_of(&st, 2);
}

/// L85/L87: a first Reverse starts to the dealer's right; a Reverse Skip also skips.
#[test]
fn first_reverses_l85_l87() {
    let st = first("RR", json!({}));
    assert!(!st.clockwise());
    turn_of(&st, 1);
    let st = first("ReverseSkip.RS", json!({}));
    turn_of(&st, 0);
}

/// L91: a first Horseman goes into neutral play; the reference is a plain Red 4.
#[test]
fn first_horseman_neutral_l91() {
    let st = first("War.R4", json!({}));
    assert_eq!(holders(&st)[WAR], NEUTRAL);
    assert_eq!(st.reference(), (k("R4"), RED));
    turn_of(&st, 0);
}

/// L89: a first Quitter quits the dealer.
#[test]
fn first_quitter_quits_the_dealer_l89() {
    let st = first("Quitter.R9", json!({}));
    assert!(!st.in_game(2));
    turn_of(&st, 0);
}

/// C15: a first Spreader: every player draws two, with no defence.
#[test]
fn first_spreader_c15() {
    let st = first(
        "Spreader.R+2",
        json!({"draw_pile": "Y1 Y2 Y4 Y5 Y6 R7",
                                          "hands": ["G1 G2 G4", "PennState.B2 Y8 Y9",
                                                    "B1 B2 B4"]}),
    );
    hand_is(&st, 0, "G1 G2 G4 Y1 Y2");
    hand_is(&st, 1, "PennState.B2 Y8 Y9 Y4 Y5");
    hand_is(&st, 2, "B1 B2 B4 Y6 R7");
    turn_of(&st, 0);
}

/// Section 4: a first wild: the dealer names the colour.
#[test]
fn first_wild_dealer_names_the_colour() {
    let mut st = first("W", json!({}));
    assert_eq!(actor(&st), 2);
    go(&mut st, COLOR + YELLOW as u16);
    assert_eq!(st.reference(), (WILD, YELLOW));
    turn_of(&st, 0);
}

/// L88: a first Communism does nothing.
#[test]
fn first_communism_does_nothing_l88() {
    let st = first("Communism.R7", json!({}));
    hand_is(&st, 0, "G1 G2 G4");
    turn_of(&st, 0);
}

/// L82/C11: a first directed card: the dealer is its user and picks the victim.
#[test]
fn first_ping_dealer_picks_l82() {
    let mut st = first("Ping.B1", json!({"draw_pile": "R5"}));
    assert_eq!(actor(&st), 2);
    gos(&mut st, &[tgt(1), ACCEPT]);
    hand_is(&st, 1, "Y7 Y8 Y9 R5");
    turn_of(&st, 0);
}

/// L84: a first field card goes to the dealer.
#[test]
fn first_luck_goes_to_the_dealer_l84() {
    let st = first("Luck.G4", json!({}));
    assert_eq!(holders(&st)[LUCK], 2);
    turn_of(&st, 0);
}

/// C10: a turned Yin goes to the dealer and the next card is turned; a dealt Plague is
/// released by its holder.
#[test]
fn first_yin_and_dealt_plague_c10() {
    let st = first(
        "Yin.W",
        json!({"draw_pile": "R5",
                                   "hands": ["G1 G2 G4", "Plague.G6 Y8 Y9", "B1 B2 B4"]}),
    );
    assert_eq!(holders(&st)[YIN], 2);
    assert_eq!(holders(&st)[PLAGUE], 1);
    assert_eq!(st.top(), k("R5"));
    hand_is(&st, 1, "Y8 Y9");
    turn_of(&st, 0);
}

// ----- strictness and the notation -----

/// Illegal actions are refused with the state unchanged.
#[test]
fn illegal_actions_are_refused() {
    let mut st = pos(json!({"hands": ["R5 G1 G2", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R3"}));
    refused(&mut st, p("G1"));
    refused(&mut st, ACCEPT);
    refused(&mut st, PASS);
    refused(&mut st, p("Y7"));
    refused(&mut st, 9999);
    refused(&mut st, CALL_UNO);
    let mut st = pos(
        json!({"hands": ["R5 G1 G2", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R+2",
                            "attack": draw_attack(2, 2, 1)}),
    );
    refused(&mut st, DRAW);
    refused(&mut st, p("Y7"));
}

/// Bad scenarios give errors that name the problem.
#[test]
fn bad_scenarios_are_rejected_with_a_reason() {
    let ok = base(json!({"hands": ["R5", "Y7", "B1"], "discard": "R3"}));
    assert!(from_json(&ok.to_string()).is_ok());
    let with = |key: &str, v: Value| {
        let mut b = ok.clone();
        b[key] = v;
        err(b)
    };
    assert!(with("hands", json!(["R5 Zap", "Y7", "B1"])).contains("unknown card 'Zap'"));
    assert!(with("hands", json!(["Quitter.R9", "Quitter.R9", "B1"]))
        .contains("more Quitter.R9 cards than the deck's 1"));
    assert!(with("hands", json!(["R5", "Y7"])).contains("'hands' has 2 entries"));
    assert!(with("current", json!(5)).contains("current: 5 is not a seat of 3"));
    assert!(with("hand", json!("R1")).contains("unknown field `hand`"));
    assert!(with("discard", json!("R3 W")).contains("give 'color'"));
    assert!(with("removed", json!([0])).contains("removed seat 0 must hold no cards"));
    assert!(with("hands", json!(["Yin.W", "Y7", "B1"])).contains("never held"));
    assert!(with("phase", json!("respond")).contains("needs an 'attack'"));
    assert!(with("attack", json!({"kind": "zap", "victim": 1})).contains("unknown attack kind"));
    assert!(
        with("attack", json!({"kind": "draw", "victim": 1, "fam": 2}))
            .contains("unknown field `fam`")
    );
    assert!(with("apocalypse", json!(true)).contains("all four Horsemen"));
    assert!(with("luck", json!("nobody")).contains("not a seat"));
    assert!(with("players", json!(11)).contains("2 to 10 players"));
    assert!(with("viruses", json!([1, 0])).contains("'viruses' has 2 entries"));
    assert!(with("death_clock", json!(3)).contains("need 'death' on a seat"));
    assert!(err(json!({"players": 3})).contains("malformed scenario"));
}

/// The example file under `experiments/scenarios/` loads.
#[test]
fn example_scenario_file_loads() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../experiments/scenarios/constitution-aids-split.json"
    );
    let text = std::fs::read_to_string(path).expect("the example file");
    let (mut st, seed) = from_json(&text).expect("it loads");
    assert_eq!(seed, 7);
    conserved(&st);
    responding(&st, 1);
    go(&mut st, p("AIDS.G3"));
    hand_is(&st, 1, "R5 R6 Y1 Y2");
    hand_is(&st, 0, "G1 G2 G4 Y4 Y5");
}

// ----- more responses and interactions -----

/// C51/L186: Ping can be returned: its user draws the one card.
#[test]
fn ping_returned_by_fuck_you_c51() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G4", "FuckYou.B0 R8 R9", "B1 B2 B5"],
                            "discard": "Ping.B1", "draw_pile": "Y5",
                            "attack": {"kind": "ping", "victim": 1, "starter": 0}}),
    );
    go(&mut st, p("FuckYou.B0"));
    responding(&st, 0);
    go(&mut st, ACCEPT);
    hand_is(&st, 0, "G1 G2 G4 Y5");
}

/// L190/L182: a Gift can be deflected with FTPIP (it then goes to the chosen player).
#[test]
fn gift_deflected_by_ftpip_l190() {
    let mut st = pos(json!({"hands": ["G2 G1", "FTPIP.B0 R8 R9", "B1 B2 B5"],
                            "discard": "B5",
                            "attack": {"kind": "gift", "victim": 1, "starter": 0, "card": "G5"}}));
    gos(&mut st, &[p("FTPIP.B0"), tgt(2), ACCEPT]);
    hand_is(&st, 2, "B1 B2 B5 G5");
    hand_is(&st, 1, "R8 R9");
}

/// L284/L170: Taste the Rainbow can be dodged; a Blue Shield treats it as 4 or more (breaks).
#[test]
fn taste_the_rainbow_dodged_or_shielded_l284() {
    let mut st = pos(json!({"hands": ["G1 G2 G4", "Dodge.R8 R7 R9", "B1 B2 B5"],
                            "discard": "TasteTheRainbow.W", "color": "red",
                            "attack": {"kind": "ttr", "victim": 1, "starter": 0}}));
    go(&mut st, p("Dodge.R8"));
    responding(&st, 2);
    let mut st = pos(json!({"hands": ["G1 G2 G4", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "TasteTheRainbow.W", "color": "red", "shields": [0, 1, 0],
                            "attack": {"kind": "ttr", "victim": 1, "starter": 0}}));
    go(&mut st, ACCEPT);
    assert_eq!(st.shields(1), 0);
    hand_is(&st, 1, "R7 R8 R9");
}

/// L218/L202: Luck applies to a Harvester's draw.
#[test]
fn luck_applies_to_harvester_l218() {
    let mut st = pos(json!({"hands": ["G1 G2 G4", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "Harvester.W+4", "color": "red", "luck": 1,
                            "draw_pile": "Y1 Y2 Y4 Y5",
                            "attack": {"kind": "draw", "amount": 4, "family": 4, "victim": 1,
                                       "starter": 0, "harvester": true}}));
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R7 R8 R9 Y1 Y2 Y4");
}

/// L310: a Harvester on a team is not halved (Yin and Yang still take one each).
#[test]
fn team_not_halved_against_harvester_l310() {
    let mut st = pos(
        json!({"players": 4, "hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4", ""],
                            "discard": "Harvester.W+4", "color": "red", "yin": 1, "yang": 1,
                            "team": [1, 3], "draw_pile": "Y1 Y2 Y4 Y5 Y6 Y7 Y8 Y9",
                            "attack": {"kind": "draw", "amount": 8, "family": 4, "victim": 1,
                                       "starter": 0, "harvester": true}}),
    );
    go(&mut st, ACCEPT);
    assert_eq!(st.hand(1).len(), 3 + 6);
}

/// L130: with several shields only one absorbs an attack.
#[test]
fn several_shields_only_one_absorbs_l130() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"], "discard": "W+4",
                            "color": "red", "shields": [0, 2, 0],
                            "attack": draw_attack(4, 4, 1)}),
    );
    go(&mut st, ACCEPT);
    assert_eq!(st.shields(1), 1);
}

/// L166: Delayed Blast's 4 can be stacked on with the +4 family.
#[test]
fn delayed_blast_is_stackable_l166() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["DelayedBlast.W G1 G2", "R7 R8 R9", "W+4 Y8 Y9", "B1 B2 B4"],
                            "discard": "R3"}));
    go(&mut st, pw("DelayedBlast.W", RED));
    go(&mut st, pw("W+4", YELLOW));
    responding(&st, 3);
    assert_eq!(st.attack().unwrap().amount, 8);
}

/// L298: Viruses stack on one player (one per infection).
#[test]
fn viruses_stack_on_one_player_l298() {
    let mut st = pos(json!({"hands": ["Virus.G0 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "G3", "viruses": [0, 1, 0]}));
    gos(&mut st, &[p("Virus.G0"), tgt(1), ACCEPT]);
    assert_eq!(st.viruses(1), 2);
}

/// L298/L206: a Virus blocked by Holy Defender goes to the discard pile.
#[test]
fn virus_blocked_is_discarded_l298() {
    let mut st = pos(
        json!({"hands": ["Virus.G0 G1 G2", "HolyDefender.R0 R8 R9", "B1 B2 B4"],
                            "discard": "G3"}),
    );
    let before = count_discard(&st, "Virus.G0");
    gos(&mut st, &[p("Virus.G0"), tgt(1), p("HolyDefender.R0")]);
    assert_eq!(st.viruses(1), 0);
    assert_eq!(count_discard(&st, "Virus.G0"), before + 1);
    turn_of(&st, 2);
}

/// L194: Glasnost returned with Fuck You: its user lays out.
#[test]
fn glasnost_returned_l194() {
    let mut st = pos(
        json!({"hands": ["Glasnost.R2 G1 G2", "FuckYou.B0 R8 R9", "B1 B2 B4"],
                            "discard": "R3"}),
    );
    gos(&mut st, &[p("Glasnost.R2"), tgt(1), p("FuckYou.B0")]);
    responding(&st, 0);
    let log = go(&mut st, ACCEPT);
    assert!(log.contains(&Event::Revealed { seat: 0, to: None }));
}

/// L260: Quitter blocked by Holy Defender: nobody leaves.
#[test]
fn quitter_blocked_l260() {
    let mut st = pos(
        json!({"hands": ["Quitter.R9 G1 G2", "HolyDefender.R0 R8 R7", "B1 B2 B4"],
                            "discard": "R3"}),
    );
    gos(&mut st, &[p("Quitter.R9"), p("HolyDefender.R0")]);
    assert!(st.in_game(1) && st.in_game(0));
    turn_of(&st, 2);
}

/// L198: a Gold Coin batch can be returned with Fuck You: the user gets it.
#[test]
fn gold_coin_batch_returned_l198() {
    let mut st = pos(json!({"options": {"gold_coin_face_up": 1.0},
                            "hands": ["GoldCoin.Y0 G1 G2", "FuckYou.B0 R8 R9", "B1 B2 B4"],
                            "discard": "Y3", "draw_pile": "R1 R2 R4"}));
    go(&mut st, p("GoldCoin.Y0"));
    gos(
        &mut st,
        &[
            choose("R1"),
            tgt(1),
            choose("R2"),
            tgt(1),
            choose("R4"),
            tgt(1),
        ],
    );
    responding(&st, 1);
    assert!(!legal(&st).contains(&p("HolyDefender.R0")));
    gos(&mut st, &[p("FuckYou.B0"), ACCEPT]);
    hand_is(&st, 0, "G1 G2 R1 R2 R4");
}

/// L47/C32: the victim of a draw attack is skipped: no jump-in until their next turn.
#[test]
fn draw_victim_cannot_jump_in_c32() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G4", "R5 R8 R9", "R5 B1 B2"], "discard": "R+2",
                            "draw_pile": "Y1 Y2", "current": 2, "attack": draw_attack(2, 2, 1)}),
    );
    go(&mut st, ACCEPT);
    turn_of(&st, 2);
    go(&mut st, p("R5"));
    turn_of(&st, 0);
}

/// C35: a near card of the same colour and suit with another text is a wrong jump-in too.
#[test]
fn wrong_jump_in_with_another_text_c35() {
    let mut st = pos(
        json!({"preset": "seed", "hands": ["R5 G1 G2", "B7 B8 B9", "Gift.R5 B1 B2"],
                            "discard": "R3"}),
    );
    go(&mut st, p("R5"));
    assert_eq!(st.phase(), Phase::JumpIn { asker: 2 });
    assert!(legal(&st).contains(&p("Gift.R5")));
}

/// L238: Penn State at a normal turn is a plain Blue 2; so is Holy Defender a Red 0 (C12).
#[test]
fn defence_cards_at_a_turn_are_plain_l238() {
    let mut st = pos(
        json!({"hands": ["PennState.B2 G1 G2", "R7 R8 R9", "Y1 Y2 Y4"],
                            "discard": "B3"}),
    );
    go(&mut st, p("PennState.B2"));
    turn_of(&st, 1);
    assert!(st.attack().is_none());
}

/// C60/L246: an invasion is the turn's play: Plague's after-play draw follows it; C63: under
/// Famine an invasion is a possible move.
#[test]
fn invasion_is_the_turns_play_c60() {
    let mut st = conquest(json!({"hands": ["R3 G1 G2", "B3 B4 Y7", "Y1 Y2 Y5"],
                                 "discard": "G4", "plague": 2, "famine": true,
                                 "draw_pile": "G7"}));
    assert!(legal(&st).contains(&tgt(1)));
    gos(&mut st, &[tgt(1), choose("R3"), choose("B3")]);
    hand_is(&st, 0, "G1 G2 G7");
    turn_of(&st, 1);
}

/// C56/L162: Death dealt by Communism: its new holder has 7 rounds.
#[test]
fn communism_death_new_holder_seven_rounds_c56() {
    let mut st = pos(
        json!({"hands": ["Communism.R7 G1 G2", "Y1 Y2 Y4", "B1 B2 B4"],
                            "discard": "R3", "death": 1, "death_clock": 2}),
    );
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    let d = holders(&st)[DEATH];
    assert!(d < 3, "Death is active on a seat");
    assert_eq!(st.death_clock(), 7);
}

/// L314: Communism dissolves a Yin-Yang team: the absorbed seat gets a pile.
#[test]
fn communism_dissolves_the_team_l314() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Communism.R7 G1 G2", "R5 R6 R7", "B1 B2 B4", ""],
                            "discard": "R3", "yin": 1, "yang": 1, "team": [1, 3]}));
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    while st.phase() == Phase::Team {
        go(&mut st, KEEP_MINE);
    }
    let (y, g) = (holders(&st)[YIN], holders(&st)[YANG]);
    assert!(y != NONE && g != NONE, "Yin and Yang active again");
    let in_game = (0..4).filter(|&s| st.in_game(s)).count();
    // Everyone is back in; a new team (after a new Team choice) makes one seat of two.
    assert_eq!(in_game, if st.team().is_some() { 3 } else { 4 });
    assert!(y == g || st.team().is_none());
}

/// L276: a Spreader gets no Respond decision (no defence but Penn State).
#[test]
fn spreader_has_no_defence_l276() {
    let mut st = pos(
        json!({"hands": ["Spreader.R+2 R5 R6", "HolyDefender.R0 Dodge.G8 G2",
                                      "FuckYou.B0 Y2 Y3"],
                            "discard": "R3", "draw_pile": "G7 G9 B7 B9"}),
    );
    go(&mut st, p("Spreader.R+2"));
    hand_is(&st, 1, "HolyDefender.R0 Dodge.G8 G2 G7 G9");
    hand_is(&st, 2, "FuckYou.B0 Y2 Y3 B7 B9");
    turn_of(&st, 0);
}

/// L230 (ending rule 1): ending on a Martyr in normal mode wins; nothing is given.
#[test]
fn ending_on_martyr_l230() {
    let mut st = pos(json!({"hands": ["Martyr.R1", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "R3", "uno_called": [0]}));
    go(&mut st, p("Martyr.R1"));
    assert_eq!(st.winner(), Some(0));
}

/// L222/C71: M.A.D. between the last two leaves no one: a draw.
#[test]
fn mad_between_the_last_two_is_a_draw() {
    let mut st = duel(json!({"hands": ["MAD.Y2 G1 G2", "R7 R8 R9"], "discard": "Y3"}));
    gos(&mut st, &[p("MAD.Y2"), tgt(1), ACCEPT]);
    let o = st.outcome().unwrap();
    assert_eq!((o.winner, o.loser), (None, None));
}

/// C24/L31: a directed attack's victim keeps the turn (Glasnost accepted, the victim plays).
#[test]
fn directed_attack_does_not_cost_the_turn_c24() {
    let mut st = pos(
        json!({"hands": ["Glasnost.R2 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "R3"}),
    );
    gos(&mut st, &[p("Glasnost.R2"), tgt(2), ACCEPT]);
    turn_of(&st, 1);
    assert!(!st.skipped(2));
}

/// L316: Yin and Yang give no immunity against Quitter.
#[test]
fn quitter_reaches_yin_yang_l316() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Quitter.R9 G1 G2", "Y7 Y8 Y4", "B1 B2 B4", "G7 G8 G9"],
                            "discard": "R3", "yin": 1, "yang": 1}));
    go(&mut st, p("Quitter.R9"));
    responding(&st, 1);
    go(&mut st, ACCEPT);
    assert!(!st.in_game(1));
}

// ----- more first cards (section 4, C11-C15) -----

/// C11: a first Swap: the dealer swaps with the player to their right; play starts there.
#[test]
fn first_swap_c11() {
    let st = first("Swap.GR", json!({}));
    hand_is(&st, 2, "Y7 Y8 Y9");
    hand_is(&st, 1, "B1 B2 B4");
    assert!(!st.clockwise());
    turn_of(&st, 1);
}

/// L85: a first Recycler starts to the dealer's right and opens the recycled pile.
#[test]
fn first_recycler_l85() {
    let st = first("Recycler.BR", json!({}));
    assert!(st.recycled_pile().is_some());
    turn_of(&st, 1);
}

/// C14: a first Delayed Blast makes the dealer draw 4 (after naming the colour); no one is
/// skipped.
#[test]
fn first_delayed_blast_c14() {
    let mut st = first("DelayedBlast.W", json!({"draw_pile": "R1 R2 R4 R5"}));
    assert_eq!(actor(&st), 2);
    go(&mut st, COLOR + RED as u16);
    responding(&st, 2);
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "B1 B2 B4 R1 R2 R4 R5");
    turn_of(&st, 0);
}

/// C11/L83: a first Backstab: the dealer draws 4.
#[test]
fn first_backstab_dealer_draws_four_c11() {
    let mut st = first("Backstab.YR", json!({"draw_pile": "R1 R2 R4 R5"}));
    responding(&st, 2);
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "B1 B2 B4 R1 R2 R4 R5");
    turn_of(&st, 0);
}

/// C13: a first Mystery Draw has nothing under it: a plain Wild.
#[test]
fn first_mystery_draw_is_a_wild_c13() {
    let mut st = first("MysteryDraw.W", json!({}));
    go(&mut st, COLOR + BLUE as u16);
    assert!(st.attack().is_none());
    turn_of(&st, 0);
}

/// C11/L84: a first Virus: the dealer picks whom to infect.
#[test]
fn first_virus_dealer_picks_c11() {
    let mut st = first("Virus.G0", json!({}));
    assert_eq!(actor(&st), 2);
    gos(&mut st, &[tgt(0), ACCEPT]);
    assert_eq!(st.viruses(0), 1);
    turn_of(&st, 0);
}

/// L84: a first Prophet: the dealer looks at a hand of their choice.
#[test]
fn first_prophet_dealer_looks_l84() {
    let mut st = first("Prophet.R0", json!({}));
    let log = go(&mut st, tgt(1));
    assert!(log.contains(&Event::Revealed {
        seat: 1,
        to: Some(2)
    }));
    assert_eq!(holders(&st)[PROPHET], 2);
    turn_of(&st, 0);
}

/// L90: a first Plague is released by the dealer.
#[test]
fn first_plague_released_by_the_dealer_l90() {
    let st = first("Plague.G6", json!({}));
    assert_eq!(holders(&st)[PLAGUE], 2);
    turn_of(&st, 0);
}

/// C11: a first I Don't Like These: the dealer discards the hand and draws as many.
#[test]
fn first_i_dont_like_these_c11() {
    let st = first("IDLT.Y1", json!({"draw_pile": "R1 R2 R4"}));
    hand_is(&st, 2, "R1 R2 R4");
    turn_of(&st, 0);
}

/// C11/C46: a first Gold Coin: the dealer flips; face down they take the bank.
#[test]
fn first_gold_coin_face_down_c11() {
    let st = first(
        "GoldCoin.Y0",
        json!({"options": {"gold_coin_face_up": 0.0},
                                         "draw_pile": "R1 R2 R4"}),
    );
    hand_is(&st, 2, "B1 B2 B4 R1 R2 R4");
    turn_of(&st, 0);
}

/// C11/C12: a first Clone or FTPIP is a plain card.
#[test]
fn first_clone_and_ftpip_are_plain_c12() {
    let st = first("Clone.G2", json!({}));
    turn_of(&st, 0);
    assert!(st.attack().is_none());
    let st = first("FTPIP.B0", json!({}));
    turn_of(&st, 0);
    assert_eq!(st.reference(), (k("FTPIP.B0"), BLUE));
}

/// C11: a first Hot Death: the dealer names the colour, then faces 8 (and may stack).
#[test]
fn first_hot_death_c11() {
    let mut st = first(
        "HotDeath.W+4",
        json!({"hands": ["G1 G2 G4", "Y7 Y8 Y9",
                                                       "W+4 B2 B4"]}),
    );
    go(&mut st, COLOR + GREEN as u16);
    responding(&st, 2);
    assert_eq!(st.attack().unwrap().amount, 8);
    go(&mut st, pw("W+4", GREEN));
    responding(&st, 0);
    assert_eq!(st.attack().unwrap().amount, 12);
}

// ----- more jump-ins -----

/// C34: a wild jumps in on the same wild; the jumper names a colour anew.
#[test]
fn jump_in_with_a_wild_c34() {
    let mut st = pos(json!({"hands": ["W G1 G2", "Y7 Y8 Y9", "W B1 B2"], "discard": "R3"}));
    go(&mut st, pw("W", RED));
    assert_eq!(st.phase(), Phase::JumpIn { asker: 2 });
    go(&mut st, pw("W", BLUE));
    assert_eq!(st.reference(), (WILD, BLUE));
    turn_of(&st, 0);
}

/// L186: Fuck You on a Backstab returns it to its user and reverses the direction.
#[test]
fn backstab_returned_by_fuck_you_l186() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Backstab.RR G1 G2", "B7 B8 B9", "Y7 Y8 Y9",
                                      "FuckYou.B0 G4 G5"],
                            "discard": "R3", "draw_pile": "R1 R2 R4 R5"}));
    gos(&mut st, &[p("Backstab.RR"), p("FuckYou.B0")]);
    responding(&st, 0);
    assert!(!st.clockwise());
    go(&mut st, ACCEPT);
    hand_is(&st, 0, "G1 G2 R1 R2 R4 R5");
    turn_of(&st, 3);
}

/// C50: a Martyr's batch returned with Fuck You goes under the discard pile (the Martyr has
/// left); the direction reverses and play continues after the Martyr's seat.
#[test]
fn martyr_returned_cards_buried_c50() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Martyr.R1 G1 G2", "R7 R8 R9", "FuckYou.B0 B2 B4",
                                      "Y7 Y8 Y9"],
                            "discard": "R3"}));
    gos(&mut st, &[p("Martyr.R1"), tgt(2)]);
    assert!(legal(&st).contains(&p("FuckYou.B0")));
    go(&mut st, p("FuckYou.B0"));
    assert!(st.attack().is_none() && st.limbo().is_empty());
    hand_is(&st, 2, "B2 B4");
    assert!(!st.clockwise());
    turn_of(&st, 3);
}

/// C80 (added by the scenario tests): Death reaches a player holding both Yin and Yang (C62:
/// unavoidable; L160 counts their Yin and Yang as rounds).
#[test]
fn death_reaches_yin_yang_c80() {
    let mut st = pos(json!({"hands": ["Death.R4 G1 G2", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "R3", "draw_pile": "B7", "yin": 1, "yang": 1}));
    gos(&mut st, &[p("Death.R4"), tgt(1)]);
    assert_eq!(holders(&st)[DEATH], 1);
    assert_eq!(st.death_clock(), 9);
}

/// C30 (L284, L246): Taste the Rainbow's draw-until is unmodified, but Plague's +1 still
/// applies after it.
#[test]
fn taste_the_rainbow_with_plague_c30() {
    let mut st = pos(json!({"hands": ["G1 G2 G4", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "TasteTheRainbow.W", "color": "red", "plague": 2,
                            "draw_pile": "R1 Y1 G5 B9 G6 Y2",
                            "attack": {"kind": "ttr", "victim": 1, "starter": 0}}));
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R7 R8 R9 R1 Y1 G5 B9 G6");
}

/// C54: Communism pools Conquest with its captured armies.
#[test]
fn communism_pools_the_captured_armies_c54() {
    let mut st = pos(
        json!({"hands": ["Communism.R7 G1 G2", "Y1 Y2 Y4", "B1 B2 B4"],
                            "discard": "R3", "conquest": 1, "conquered": [2],
                            "captured": "R9 B3"}),
    );
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    assert!(st.captured().is_empty());
    let cards: usize = (0..3).map(|s| st.hand(s).len()).sum();
    // 2 + 3 + 3 cards, 2 armies, and the Conquest itself (active again, C56).
    assert_eq!(cards, 10);
    assert!(holders(&st)[CONQUEST] < 3);
    assert_eq!(st.conquered(), 0, "C56: its conquests start afresh");
}

/// C36: a player on one card who has not called may call late at a Respond decision and then
/// defend with the last card.
#[test]
fn late_uno_call_to_defend_c36() {
    let mut st = pos(json!({"hands": ["G1 G2 G4", "HolyDefender.R0", "B1 B2 B5"],
                            "discard": "W+4", "color": "red", "attack": draw_attack(4, 4, 1)}));
    assert_eq!(legal(&st), vec![ACCEPT, CALL_UNO]);
    go(&mut st, CALL_UNO);
    responding(&st, 1);
    go(&mut st, p("HolyDefender.R0"));
    assert_eq!(st.winner(), Some(1));
}

/// L55: the UNO penalty goes through the draw formula (Luck takes one off).
#[test]
fn uno_penalty_with_luck_l55() {
    let mut st = pos(
        json!({"hands": ["R5 R6", "B7 B8 B9", "G1 G2 G3"], "discard": "R3",
                            "luck": 0, "draw_pile": "Y1 Y2"}),
    );
    gos(&mut st, &[p("R5"), PASS, CATCH_UNO]);
    hand_is(&st, 0, "R6 Y1");
}

// ----- more Clone, M.A.D., Communism -----

/// L134/L148: Clone repeats Ping on the next player (the Conqueror recolours the Ping green
/// first, the only way a Clone can follow a Ping).
#[test]
fn clone_repeats_ping_on_the_next_player_l134() {
    let mut st = pos(json!({"hands": ["Clone.G2 G1 G4", "R7 R8 R9", "Y7 Y8 Y9"],
                            "discard": "G5 Ping.B1", "conquest": 0, "conquered": [1, 2],
                            "draw_pile": "B5"}));
    assert!(!legal(&st).contains(&p("Clone.G2")));
    gos(&mut st, &[COLOR + GREEN as u16, p("Clone.G2")]);
    responding(&st, 1);
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "R7 R8 R9 B5");
    turn_of(&st, 1);
}

/// L134: Clone repeats Backstab as a draw 4 on the next player, and Quitter on the next
/// player.
#[test]
fn clone_repeats_backstab_and_quitter_l134() {
    let mut st = pos(json!({"hands": ["Clone.G2 G1 G4", "R7 R8 R9", "Y7 Y8 Y9"],
                            "discard": "G5 Backstab.GR"}));
    go(&mut st, p("Clone.G2"));
    responding(&st, 1);
    assert_eq!(st.attack().unwrap().amount, 4);
    let mut st = pos(json!({"players": 4,
                            "hands": ["Clone.G2 G1 G4", "R7 R8 R6", "Y7 Y8 Y9", "B1 B4 B5"],
                            "discard": "G5 Quitter.R9", "conquest": 0,
                            "conquered": [1, 2, 3]}));
    gos(&mut st, &[COLOR + GREEN as u16, p("Clone.G2")]);
    responding(&st, 1);
    go(&mut st, ACCEPT);
    assert!(!st.in_game(1));
}

/// C49: M.A.D. blocked by Holy Defender: nobody leaves.
#[test]
fn mad_blocked_nobody_leaves_c49() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["MAD.Y2 G1 G2", "R7 R8 R9", "HolyDefender.R0 B2 B4",
                                      "Y7 Y8 Y9"],
                            "discard": "Y0"}));
    gos(&mut st, &[p("MAD.Y2"), tgt(2), p("HolyDefender.R0")]);
    assert!((0..4).all(|s| st.in_game(s)));
    turn_of(&st, 3);
}

/// C49: M.A.D. deflected with FTPIP: the user and the new victim leave.
#[test]
fn mad_deflected_c49() {
    // The reference is the M.A.D. (yellow 2): FTPIP (blue 0) matches it only after a
    // Conqueror's change to blue (C43, C23(d)).
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G4", "R7 R8 R9", "FTPIP.B0 B2 B4", "Y7 Y8 Y9"],
                            "discard": "Y3 MAD.Y2", "reference": "MAD.Y2", "color": "blue",
                            "conquest": "neutral",
                            "attack": {"kind": "mad", "victim": 2, "starter": 0}}));
    gos(&mut st, &[p("FTPIP.B0"), tgt(3), ACCEPT]);
    assert!(!st.in_game(0) && !st.in_game(3) && st.in_game(2));
}

/// L138/C56: War dealt by Communism: its new holder names the colour.
#[test]
fn communism_war_holder_names_the_colour_c56() {
    let mut st = pos(
        json!({"hands": ["Communism.R7 G1 G2", "Y1 Y2 Y4", "B1 B2 B4"],
                            "discard": "R3", "war": 1}),
    );
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    let w = holders(&st)[WAR];
    assert!(w < 3);
    assert_eq!(
        st.phase(),
        Phase::Color {
            why: uno_engine::constitution::ColorWhy::War
        }
    );
    assert_eq!(actor(&st), w);
}

// ----- options (section 19) and the outcome (section 20) -----

/// C18, option `play_drawn`: the drawn card may be played if it matches.
#[test]
fn play_drawn_option_c18() {
    let mut st = pos(json!({"options": {"play_drawn": true},
                            "hands": ["G1 G2 G4", "Y7 Y8 Y9", "B1 B2 B5"], "discard": "R3",
                            "draw_pile": "R7"}));
    go(&mut st, DRAW);
    assert_eq!(st.phase(), Phase::PostDraw { card: k("R7") });
    go(&mut st, p("R7"));
    turn_of(&st, 1);
    // Default: the draw ends the turn.
    let mut st = pos(
        json!({"hands": ["G1 G2 G4", "Y7 Y8 Y9", "B1 B2 B5"], "discard": "R3",
                            "draw_pile": "R7"}),
    );
    go(&mut st, DRAW);
    turn_of(&st, 1);
}

/// C57, option `communism_revives = false`: removed players stay out in normal mode too.
#[test]
fn communism_revives_option_off_c57() {
    let mut st = pos(json!({"options": {"communism_revives": false},
                            "hands": ["Communism.R7 G1 G2", "Y1 Y2 Y4", ""],
                            "discard": "R3", "removed": [2]}));
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    assert!(!st.in_game(2));
}

/// C70, option `apocalypse_challenge = false`: a Wild Draw Four is simply drawn.
#[test]
fn apocalypse_without_challenge_c70() {
    let mut st = apocalypse(json!({"options": {"apocalypse_challenge": false},
                                   "hands": ["W+4 R5 G1", "B3 B4 Y7", "Y1 Y2 Y5"],
                                   "discard": "R3", "draw_pile": "G5 G6 G7 G8"}));
    go(&mut st, pw("W+4", BLUE));
    hand_is(&st, 1, "B3 B4 Y7 G5 G6 G7 G8");
    turn_of(&st, 2);
}

/// Section 20: normal-mode placing: the winner, then players still in by hand size, then the
/// removed players, the later removed first.
#[test]
fn normal_mode_placing_section20() {
    let mut st = pos(json!({"players": 5, "dealer": 4,
                            "hands": ["R5", "Y7 Y8 Y9", "B1 B2", "", ""],
                            "discard": "R3", "uno_called": [0], "removed": [3, 4]}));
    go(&mut st, p("R5"));
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(&o.placing[..5], &[1, 3, 2, 5, 4]);
}

/// Section 19's conflicts: the options are checked with a message.
#[test]
fn option_conflicts_are_rejected_section19() {
    let b = base(json!({"hands": ["R5", "Y7", "B1"], "discard": "R3"}));
    let mut x = b.clone();
    x["options"] = json!({"dealer": 3});
    assert!(err(x).contains("dealer = 3 is not a seat"));
    let mut x = b.clone();
    x["options"] = json!({"gold_coin_face_up": 2.0});
    assert!(err(x).contains("gold_coin_face_up must lie in [0, 1]"));
    let mut x = b;
    x["preset"] = json!("chaos");
    assert!(err(x).contains("unknown Constitution preset"));
}

/// C61/C24: a turn lost to a draw attack is a skipped turn: Death's clock ticks (and may
/// eject).
#[test]
fn death_ticks_on_a_turn_lost_to_a_draw_c61() {
    let mut st = pos(
        json!({"hands": ["G1 G2 G4", "R7 R8 R9", "B1 B2 B5"], "discard": "R+2",
                            "death": 1, "death_clock": 2, "draw_pile": "Y1 Y2",
                            "attack": draw_attack(2, 2, 1)}),
    );
    go(&mut st, ACCEPT);
    assert_eq!(st.death_clock(), 1);
    turn_of(&st, 2);
    let mut st = pos(
        json!({"hands": ["G1 G2 G4", "R7 R8 R9", "B1 B2 B5"], "discard": "R+2",
                            "death": 1, "death_clock": 1, "shields": [0, 1, 0],
                            "attack": draw_attack(2, 2, 1)}),
    );
    go(&mut st, ACCEPT);
    assert!(!st.in_game(1), "a shield's skipped turn counts too");
    turn_of(&st, 2);
}

/// L238: two Penn States: both are played (turn order from the user), the user draws 4, and
/// play continues after the last one.
#[test]
fn two_penn_states_l238() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Spreader.R+2 R5 R6", "PennState.B2 G1 G2", "Y1 Y2 Y3",
                                      "PennState.B2 G4 G5"],
                            "discard": "R3", "draw_pile": "G7 G8 B7 B8 B9 Y9"}));
    let log = go(&mut st, p("Spreader.R+2"));
    let forced = log
        .iter()
        .filter(|e| matches!(e, Event::Played { card, .. } if *card == k("PennState.B2")))
        .count();
    assert_eq!(forced, 2);
    hand_is(&st, 2, "Y1 Y2 Y3 G7 G8");
    hand_is(&st, 0, "R5 R6 B7 B8 B9 Y9");
    turn_of(&st, 0);
}

/// L122/C40: AIDS splits a Backstab with its user.
#[test]
fn aids_splits_a_backstab_c40() {
    let mut st = pos(
        json!({"hands": ["Backstab.RR G1 G2", "B7 B8 B9", "AIDS.G3 G4 G5"],
                            "discard": "R3", "draw_pile": "Y1 Y2 Y4 Y5"}),
    );
    gos(&mut st, &[p("Backstab.RR"), p("AIDS.G3")]);
    hand_is(&st, 2, "G4 G5 Y1 Y2");
    hand_is(&st, 0, "G1 G2 Y4 Y5");
}

/// L160: Yin arriving later on Death's victim adds a round.
#[test]
fn death_yin_arriving_later_adds_a_round_l160() {
    let mut st = pos(
        json!({"current": 1, "hands": ["G1 G2 G4", "R7 R8 R9", "B1 B2 B5"],
                            "discard": "Y3", "death": 1, "death_clock": 3,
                            "draw_pile": "Yin.W"}),
    );
    go(&mut st, DRAW);
    // +1 for Yin, -1 for the end of the turn.
    assert_eq!(st.death_clock(), 3);
    assert_eq!(holders(&st)[YIN], 1);
}

/// C56: Plague and Famine dealt by Communism are released by their new holder.
#[test]
fn communism_releases_plague_and_famine_c56() {
    let mut st = pos(
        json!({"hands": ["Communism.R7 G1 G2", "Y1 Y2 Plague.G6", "Famine.R4 B2 B4"],
                            "discard": "R3"}),
    );
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    assert!(st.famine());
    assert!(holders(&st)[PLAGUE] < 3);
    for s in 0..3 {
        assert!(!st.hand(s).has(k("Plague.G6") as usize));
    }
}

/// Section 20 (events): a turn's play is logged as played, then what it does.
#[test]
fn events_of_a_draw_two() {
    let mut st = pos(json!({"hands": ["R+2 G1 G2", "B7 B8 B9", "Y1 Y2 Y4"], "discard": "R3"}));
    let log = go(&mut st, p("R+2"));
    assert_eq!(
        log[0],
        Event::Played {
            seat: 0,
            card: k("R+2"),
            color: NO_COLOR
        }
    );
    assert!(log.contains(&Event::Attack {
        victim: 1,
        what: "draw",
        amount: 2
    }));
}

/// Section 19, option `max_decisions`: the game is cut off (a truncation, not a result).
#[test]
fn max_decisions_truncates_section19() {
    let mut st = pos(
        json!({"options": {"max_decisions": 100}, "players": 2, "dealer": 1,
                            "hands": ["G1 G2 G4", "Y7 Y8 Y9"], "discard": "R3"}),
    );
    let mut n = 0;
    while st.phase() != Phase::Over {
        let l = legal(&st);
        let a = if l.contains(&DRAW) {
            DRAW
        } else {
            l[l.len() - 1]
        };
        go(&mut st, a);
        n += 1;
    }
    assert_eq!(n, 100);
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, None);
    assert_eq!(o.ending, uno_engine::Ending::Truncated);
}

// ----- the audit's findings (rulings C76, C81-C89) -----

/// C76/L40: the last card laid as a Conquest army by a player who has not called UNO: the
/// hand is empty, but they cannot win; they stay in and draw at their turn. With the call
/// standing, the same battle wins.
#[test]
fn uncalled_last_card_as_an_army_does_not_win_c76() {
    let v = json!({"hands": ["G1 G2 R8", "Y7", "B1 B2 B4"], "discard": "R3",
                   "draw_pile": "G5 G6 R5 Y5"});
    let mut st = conquest(v.clone());
    gos(&mut st, &[tgt(1), choose("G1"), choose("Y7")]);
    hand_is(&st, 0, "G2 R8 G5 G6");
    hand_is(&st, 1, "");
    assert!(st.in_game(1));
    assert_eq!(st.winner(), None);
    turn_of(&st, 1);
    assert_eq!(legal(&st), vec![DRAW, ACCUSE]);
    go(&mut st, DRAW);
    hand_is(&st, 1, "R5");
    turn_of(&st, 2);

    let mut b = v;
    b["uno_called"] = json!([1]);
    let mut st = conquest(b);
    gos(&mut st, &[tgt(1), choose("G1"), choose("Y7")]);
    assert_eq!(st.winner(), Some(1));
    assert_eq!(st.phase(), Phase::Over);
}

/// C76/L40/L238: a forced Penn State that is the holder's last card, with no UNO call: no
/// win; the Spreader's user still draws for it and play continues after the holder.
#[test]
fn uncalled_forced_penn_state_does_not_win_c76() {
    let v = json!({"hands": ["G1 Spreader.R+2 R8", "PennState.B2", "B1 B2 B4"],
                   "discard": "R3", "draw_pile": "G5 G6 R5 Y5"});
    let mut st = pos(v.clone());
    go(&mut st, p("Spreader.R+2"));
    hand_is(&st, 1, "");
    assert!(st.in_game(1));
    assert_eq!(st.winner(), None);
    hand_is(&st, 2, "B1 B2 B4 G5 G6");
    hand_is(&st, 0, "G1 R8 R5 Y5");
    assert_eq!(st.top(), k("PennState.B2"));
    turn_of(&st, 2);

    let mut b = v;
    b["uno_called"] = json!([1]);
    let mut st = pos(b);
    go(&mut st, p("Spreader.R+2"));
    assert_eq!(st.winner(), Some(1));
}

/// C76/C55: an empty Communism pile (Communism resets every call) is not a win: its taker
/// stays in the game with no cards.
#[test]
fn empty_communism_pile_does_not_win_c76() {
    let mut st = pos(
        json!({"players": 5, "hands": ["Communism.R7 G1 G2", "Y1", "B1", "", ""],
                            "discard": "R3", "removed": [3, 4]}),
    );
    go(&mut st, p("Communism.R7"));
    take_piles(&mut st);
    let empty: Vec<u8> = (0..5).filter(|&s| st.hand(s as usize).is_empty()).collect();
    assert_eq!(empty.len(), 1, "four cards for five piles");
    assert!((0..5).all(|s| st.in_game(s)), "C57: everyone is back in");
    assert_eq!(st.winner(), None);
    assert_ne!(st.phase(), Phase::Over);
}

/// L82/L222/section 4: a first M.A.D.: the dealer is its user, so the dealer and the victim
/// both leave; play starts with the first player (after the dealer).
#[test]
fn first_mad_dealer_and_victim_leave_l222() {
    let mut st = first(
        "MAD.Y2",
        json!({"players": 4, "hands": ["G1 G2 G4", "Y7 Y8 Y9", "B1 B2 B4", "R5 R6 R7"]}),
    );
    assert_eq!(actor(&st), 2);
    go(&mut st, tgt(0));
    responding(&st, 0);
    let a = st.attack().unwrap();
    assert_eq!((a.starter, a.last), (2, 2), "the dealer is the user");
    let log = go(&mut st, ACCEPT);
    assert!(log.contains(&Event::Left {
        seat: 2,
        why: Leave::Mad
    }));
    assert!(!st.in_game(0) && !st.in_game(2));
    assert!(st.in_game(1) && st.in_game(3));
    turn_of(&st, 3);
}

/// L82/L186: a first Ping's victim may return it with Fuck You: the dealer draws, the
/// direction reverses, and the player beyond the dealer plays.
#[test]
fn first_ping_returned_to_the_dealer_l186() {
    let mut st = first(
        "Ping.B1",
        json!({"hands": ["G1 G2 FuckYou.B0 AIDS.G3", "Y7 Y8 Y9", "B1 B2 B4"],
               "draw_pile": "R5 R6"}),
    );
    go(&mut st, tgt(0));
    responding(&st, 0);
    let l = legal(&st);
    assert!(
        l.contains(&p("FuckYou.B0")),
        "Fuck You answers a first Ping"
    );
    assert!(
        !l.contains(&p("AIDS.G3")),
        "AIDS does not split a Ping (C51)"
    );
    go(&mut st, p("FuckYou.B0"));
    responding(&st, 2);
    go(&mut st, ACCEPT);
    hand_is(&st, 2, "B1 B2 B4 R5");
    hand_is(&st, 0, "G1 G2 AIDS.G3");
    assert!(!st.clockwise());
    turn_of(&st, 1);
}

/// L82/L194: a first Glasnost's victim may share it with AIDS: the dealer lays out too.
#[test]
fn first_glasnost_shared_by_aids_l194() {
    let mut st = first(
        "Glasnost.R2",
        json!({"hands": ["G1 G2 AIDS.G3", "Y7 Y8 Y9", "B1 B2 B4"]}),
    );
    go(&mut st, tgt(0));
    responding(&st, 0);
    let log = go(&mut st, p("AIDS.G3"));
    for s in [0, 2] {
        assert!(log.contains(&Event::Revealed { seat: s, to: None }));
    }
    assert!(st.attack().is_none());
    turn_of(&st, 1);
}

/// L82/L230: a first Martyr: the dealer leaves and their hand goes to the victim; play starts
/// after the dealer.
#[test]
fn first_martyr_dealer_leaves_l230() {
    let mut st = first("Martyr.R1", json!({}));
    go(&mut st, tgt(1));
    assert!(!st.in_game(2));
    responding(&st, 1);
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "Y7 Y8 Y9 B1 B2 B4");
    turn_of(&st, 0);
}

/// L82/L190: a first Gift: the dealer gives a card of their choice.
#[test]
fn first_gift_dealer_gives_l190() {
    let mut st = first("Gift.R5", json!({}));
    gos(&mut st, &[tgt(0), choose("B1")]);
    responding(&st, 0);
    go(&mut st, ACCEPT);
    hand_is(&st, 0, "G1 G2 G4 B1");
    hand_is(&st, 2, "B2 B4");
    turn_of(&st, 0);
}

/// L82/L198: a first Gold Coin face up: the dealer deals the bank to the others.
#[test]
fn first_gold_coin_face_up_l198() {
    let mut st = first(
        "GoldCoin.Y0",
        json!({"options": {"gold_coin_face_up": 1.0}, "draw_pile": "R5 R6 R7"}),
    );
    assert_eq!(actor(&st), 2);
    gos(
        &mut st,
        &[
            choose("R5"),
            tgt(0),
            choose("R6"),
            tgt(1),
            choose("R7"),
            tgt(1),
        ],
    );
    responding(&st, 0);
    go(&mut st, ACCEPT);
    responding(&st, 1);
    go(&mut st, ACCEPT);
    hand_is(&st, 0, "G1 G2 G4 R5");
    hand_is(&st, 1, "Y7 Y8 Y9 R6 R7");
    hand_is(&st, 2, "B1 B2 B4");
    turn_of(&st, 0);
}

/// C81/L60-L63/L85-L87: the duel rules hold for the first card too: with two players a first
/// Reverse, Recycler, Swap, Double Skip or Reverse Skip is a single skip, as a Skip is: the
/// first player is skipped and the dealer (its user) plays first; the direction stays.
#[test]
fn duel_first_card_reverses_and_skips_are_one_skip_c81() {
    for card in [
        "RS",
        "RR",
        "DoubleSkip.RS",
        "ReverseSkip.RS",
        "Recycler.BR",
        "Swap.GR",
    ] {
        let st = pos(json!({"players": 2, "dealer": 1, "first_card": card,
                            "hands": ["G1 G2 G4", "Y7 Y8 Y9"]}));
        assert!(st.clockwise(), "{card}: no reversal in a duel");
        turn_of(&st, 1);
        assert!(st.skipped(0), "{card}: the first player is skipped");
        if card == "Swap.GR" {
            hand_is(&st, 1, "G1 G2 G4");
            hand_is(&st, 0, "Y7 Y8 Y9");
        } else {
            hand_is(&st, 1, "Y7 Y8 Y9");
        }
        assert_eq!(st.recycled_pile().is_some(), card == "Recycler.BR");
    }
    // The first Delayed Blast needs no duel reading: the dealer draws 4 (C14).
    let mut st = pos(
        json!({"players": 2, "dealer": 1, "first_card": "DelayedBlast.W",
                            "hands": ["G1 G2 G4", "Y7 Y8 Y9"], "draw_pile": "R1 R2 R4 R5"}),
    );
    go(&mut st, COLOR + GREEN as u16);
    responding(&st, 1);
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "Y7 Y8 Y9 R1 R2 R4 R5");
    turn_of(&st, 0);
}

/// C60/C63/L178: under Famine a Conquest holder who can invade has a possible move: no
/// draw-until at the turn's start, and no voluntary draw; the invasion is the turn's play.
#[test]
fn famine_conquest_holder_invades_instead_of_drawing_c60() {
    let mut st = pos(
        json!({"hands": ["G1 G2", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R3",
                            "famine": true, "conquest": 0, "phase": "begin",
                            "draw_pile": "G5 G6 R5 Y5"}),
    );
    hand_is(&st, 0, "G1 G2");
    turn_of(&st, 0);
    let l = legal(&st);
    assert!(l.contains(&tgt(1)) && l.contains(&tgt(2)));
    assert!(!l.contains(&DRAW), "Famine: a possible move must be made");
    refused(&mut st, DRAW);
    gos(&mut st, &[tgt(1), choose("G1"), choose("Y7")]);
    hand_is(&st, 0, "G2 G5 G6");
    turn_of(&st, 1);
    // With no one left to conquer (or no army), the holder draws until they can play.
    let st = pos(
        json!({"hands": ["G1 G2", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R3",
                        "famine": true, "conquest": 0, "conquered": [1, 2],
                        "phase": "begin", "draw_pile": "G5 G6 R5 Y5"}),
    );
    hand_is(&st, 0, "G1 G2 G5 G6 R5");
}

/// C82/L246-L248: the Plague's user draws after a play made while their Plague is active
/// (here released by Famine's draw-until at the start of their turn, which costs one more);
/// the play that releases the Plague owes no draw.
#[test]
fn plague_user_draws_after_a_play_c82() {
    let mut st = pos(
        json!({"hands": ["G1 G2", "Y7 Y8 Y9", "B1 B2 B4"], "discard": "R3",
                            "famine": true, "phase": "begin",
                            "draw_pile": "Plague.G6 R5 Y5 Y6 Y1"}),
    );
    assert_eq!(holders(&st)[PLAGUE], 0);
    hand_is(&st, 0, "G1 G2 R5 Y5");
    go(&mut st, p("R5"));
    hand_is(&st, 0, "G1 G2 Y5 Y6");
    turn_of(&st, 1);
    // Playing the Plague releases it: no draw for that play.
    let mut st = pos(json!({"hands": ["Plague.G6 G1 G2", "Y7 Y8 Y9", "B1 B2 B4"],
                            "discard": "G3", "draw_pile": "Y1 Y2"}));
    go(&mut st, p("Plague.G6"));
    assert_eq!(holders(&st)[PLAGUE], 0);
    hand_is(&st, 0, "G1 G2");
    turn_of(&st, 1);
    // Nor a play during which someone else draws it: a Spreader.
    let mut st = pos(
        json!({"hands": ["Spreader.R+2 G1 G2", "Y7 Y8 Y9", "B1 B2 B4"],
                            "discard": "R3", "draw_pile": "Plague.G6 Y1 Y2 Y4 Y5"}),
    );
    go(&mut st, p("Spreader.R+2"));
    assert_eq!(holders(&st)[PLAGUE], 1);
    hand_is(&st, 1, "Y7 Y8 Y9 Y1");
    hand_is(&st, 2, "B1 B2 B4 Y2 Y4");
    hand_is(&st, 0, "G1 G2");
    turn_of(&st, 0);
}

/// C83/L264 ("caught with Quitter by any means"): a hand Glasnost lays out with Quitter in it
/// is caught: its holder is Quitted; in elimination mode the Glasnost's user is out instead
/// and the Quitter discarded (L76); with AIDS each catches the other.
#[test]
fn glasnost_catches_a_quitter_c83() {
    let v = json!({"hands": ["Glasnost.R2 G1 G2", "Quitter.R9 Y7 Y8", "B1 B2 B4"],
                   "discard": "R3"});
    let mut st = pos(v.clone());
    gos(&mut st, &[p("Glasnost.R2"), tgt(1)]);
    let log = go(&mut st, ACCEPT);
    assert!(log.contains(&Event::Left {
        seat: 1,
        why: Leave::Accusation
    }));
    assert!(!st.in_game(1));
    assert_eq!(count_discard(&st, "Quitter.R9"), 1);
    turn_of(&st, 2);

    let mut b = v;
    b["preset"] = json!("elimination");
    let mut st = pos(b);
    gos(&mut st, &[p("Glasnost.R2"), tgt(1), ACCEPT]);
    assert!(!st.in_game(0), "L76: the catcher is out");
    assert!(st.in_game(1));
    hand_is(&st, 1, "Y7 Y8");
    assert_eq!(count_discard(&st, "Quitter.R9"), 1);
    turn_of(&st, 1);

    // AIDS: both lay out; the Glasnost's user holds the Quitter and is caught.
    let mut st = pos(
        json!({"hands": ["Glasnost.R2 Quitter.R9 G1", "AIDS.G3 Y7 Y8", "B1 B2 B4"],
                            "discard": "R3"}),
    );
    gos(&mut st, &[p("Glasnost.R2"), tgt(1), p("AIDS.G3")]);
    assert!(!st.in_game(0) && st.in_game(1));
    turn_of(&st, 2);
    // A hand without Quitter: nothing happens but the reveal.
    let mut st = pos(
        json!({"hands": ["Glasnost.R2 G1 G2", "Y6 Y7 Y8", "B1 B2 B4"],
                            "discard": "R3"}),
    );
    gos(&mut st, &[p("Glasnost.R2"), tgt(1), ACCEPT]);
    assert!((0..3).all(|s| st.in_game(s)));
}

/// C84/L254: the Prophet's Quitter and M.A.D. clauses follow from the question, not from the
/// answer: "I don't remember" saves neither the holder nor the Prophet.
#[test]
fn prophet_clauses_follow_the_question_c84() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G4", "B3 B4 Y7", "MAD.Y2 Y1 Y5", "R1 R2 R4"],
                            "discard": "R3", "prophet": 1, "prophet_looked": [2]}));
    let log = gos(&mut st, &[ask(2, 1), DONT_REMEMBER]);
    assert!(log.contains(&Event::Answered { yes: None }));
    assert!(!st.in_game(1) && !st.in_game(2));
    turn_of(&st, 0);
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G4", "B3 B4 Y7", "Quitter.R9 Y2 Y5", "R1 R2 R4"],
                            "discard": "R3", "prophet": 1, "prophet_looked": [2]}));
    gos(&mut st, &[ask(2, 0), DONT_REMEMBER]);
    assert!(!st.in_game(2) && st.in_game(1));
    turn_of(&st, 0);
    // A question about a card the Prophet did not see does nothing.
    let mut st = pos(json!({"players": 4,
                            "hands": ["G1 G2 G4", "B3 B4 Y7", "Y1 Y2 Y5", "R1 R2 R4"],
                            "discard": "R3", "prophet": 1, "prophet_looked": [2]}));
    gos(&mut st, &[ask(2, 1), DONT_REMEMBER]);
    assert!((0..4).all(|s| st.in_game(s)));
}

/// C84/L254 (finding 16): "if they still hold it": the Prophet saw Quitter, but its holder
/// has since given it away (a Gift): a truthful "yes" Quits no one.
#[test]
fn prophet_clause_needs_the_card_still_held_c84() {
    let mut st = pos(json!({"players": 4, "current": 2,
                            "hands": ["G1 G2 G4", "B3 B4 Y7", "Gift.Y5 Quitter.R9 Y2 Y4",
                                      "R1 R2 R4"],
                            "discard": "Y3", "prophet": 1, "prophet_looked": [2]}));
    gos(
        &mut st,
        &[p("Gift.Y5"), tgt(3), choose("Quitter.R9"), ACCEPT],
    );
    hand_is(&st, 3, "R1 R2 R4 Quitter.R9");
    turn_of(&st, 3);
    let log = gos(&mut st, &[ask(2, 0), ANSWER]);
    assert!(log.contains(&Event::Answered { yes: Some(true) }));
    assert!((0..4).all(|s| st.in_game(s)));
    turn_of(&st, 3);
}

/// C85/L276/L238: Spreader's "everyone" is every player but its user: the user draws
/// nothing (only the 2 per Penn State that bounces it) and plays again.
#[test]
fn spreader_user_does_not_draw_c85() {
    let mut st = pos(
        json!({"hands": ["Spreader.R+2 R5 R6", "G1 G2 G4", "Y1 Y2 Y3"],
                            "discard": "R3", "draw_pile": "G7 G8 G9 B9 B7 B8"}),
    );
    go(&mut st, p("Spreader.R+2"));
    hand_is(&st, 0, "R5 R6");
    hand_is(&st, 1, "G1 G2 G4 G7 G8");
    hand_is(&st, 2, "Y1 Y2 Y3 G9 B9");
    assert_eq!(st.draw_pile().len(), 2);
    turn_of(&st, 0);
}

/// C86/L186/L31: an attack returned by Fuck You is aimed at its starter: directed, so the
/// starter cannot Dodge it (they may stack on a stack, or answer otherwise); taking it costs
/// no turn: play goes on beyond the starter in the new direction.
#[test]
fn fuck_you_return_is_directed_c86() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["Dodge.R8 R+2 G3", "FuckYou.B0 G5 G6", "B1 B2 B4",
                                      "Y1 Y2 Y3"],
                            "discard": "R+2", "draw_pile": "R5 R6 R7 R8",
                            "attack": draw_attack(2, 2, 1)}));
    go(&mut st, p("FuckYou.B0"));
    responding(&st, 0);
    let a = st.attack().unwrap();
    assert!(a.directed && !a.costs_turn);
    let l = legal(&st);
    assert!(
        !l.contains(&p("Dodge.R8")),
        "a returned attack cannot be dodged"
    );
    assert!(l.contains(&p("R+2")), "a returned stack can be stacked on");
    refused(&mut st, p("Dodge.R8"));
    go(&mut st, ACCEPT);
    hand_is(&st, 0, "Dodge.R8 R+2 G3 R5 R6");
    assert!(!st.skipped(0), "taking it costs no turn");
    assert!(!st.clockwise());
    turn_of(&st, 3);
}

/// C87/L226/L310: Magic 5 removes what the Hot Deaths added to the stack: a Yin-Yang team's
/// Hot Death adds 16, and Magic 5 removes all 16.
#[test]
fn magic5_removes_a_teams_doubled_hot_death_c87() {
    let mut st = pos(json!({"players": 4,
                            "hands": ["HotDeath.W+4 G1 G2", "Magic5.R5 R6 R7", "B1 B2 B4", ""],
                            "discard": "R3", "yin": 0, "yang": 0, "team": [0, 3]}));
    go(&mut st, pw("HotDeath.W+4", RED));
    responding(&st, 1);
    let a = st.attack().unwrap();
    assert_eq!((a.amount, a.hot_deaths), (16, 2));
    go(&mut st, p("Magic5.R5"));
    assert!(st.attack().is_none());
    hand_is(&st, 1, "R6 R7");
    turn_of(&st, 2);
}

/// C88/L292-L294/C10: a first Flood discards a Plague released in the deal (the only field
/// card but Yin and Yang that can be active before the first card).
#[test]
fn first_flood_discards_a_dealt_plague_c88() {
    let st = first(
        "Flood.B8",
        json!({"hands": ["G1 G2 G4", "Plague.G6 Y8 Y9", "B1 B2 B4"]}),
    );
    assert_eq!(holders(&st)[PLAGUE], NONE);
    assert_eq!(count_discard(&st, "Plague.G6"), 1);
    assert_eq!(st.top(), k("Flood.B8"));
    hand_is(&st, 1, "Y8 Y9");
    turn_of(&st, 0);
}

/// C89/L160/L162: Death dealt by Communism: 7 rounds, adjusted like any arrival of Death by
/// the Luck, Yin, Yang (+1 each) and Viruses (-1 each) its new holder has (from the same
/// deal). Over several deals, some put Luck or a Virus with Death.
#[test]
fn communism_death_clock_with_luck_and_virus_c89() {
    let mut adjusted = 0;
    for seed in 0..24 {
        let mut st = pos(json!({"seed": seed,
                                "hands": ["Communism.R7 G1", "Y1 Y2", "B1 B2"],
                                "discard": "R3", "death": 1, "death_clock": 2, "luck": 1,
                                "viruses": [0, 0, 1]}));
        go(&mut st, p("Communism.R7"));
        take_piles(&mut st);
        let d = holders(&st)[DEATH];
        if d == NONE || !st.in_game(d) {
            continue;
        }
        let lucks = (holders(&st)[LUCK] == d) as i32;
        let viruses = st.viruses(d) as i32;
        // Dealt to the Communism's user, the clock then ticks at the end of their turn (C61).
        let tick = (d == 0) as i32;
        assert_eq!(
            st.death_clock() as i32,
            7 + lucks - viruses - tick,
            "seed {seed}"
        );
        adjusted += (lucks + viruses != 0) as u32;
    }
    assert!(
        adjusted > 0,
        "some deal gave Death's holder Luck or a Virus"
    );
}

/// L130 (finding 14): the Blue Shield's threshold of 4 is on the count after the draw formula:
/// Luck takes a Wild Draw Four to 3 (absorbed, the shield stays); two Viruses take a Draw Two
/// to 4 (the shield breaks); a team halves 8 to 4 and its Yin and Yang take 2 off (2: stays),
/// 12 to 6 - 2 = 4 (breaks). Every time the holder draws nothing and loses the turn.
#[test]
fn blue_shield_threshold_after_the_draw_formula_l130() {
    let absorb = |v: Value, victim: u8, broke: bool| {
        let mut st = pos(v);
        let hand_before = hand(&st, victim as usize);
        let shields_discarded = count_discard(&st, "BlueShield.B2");
        let log = go(&mut st, ACCEPT);
        assert!(log.contains(&Event::Absorbed {
            seat: victim,
            broke
        }));
        assert_eq!(st.shields(victim), !broke as u8);
        assert_eq!(hand(&st, victim as usize), hand_before, "nothing drawn");
        assert_eq!(
            count_discard(&st, "BlueShield.B2"),
            shields_discarded + broke as u8
        );
        assert!(st.skipped(victim));
        turn_of(&st, 2);
    };
    let three = |amount: u16, family: u8, extra: Value| {
        let mut v = json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"],
                           "discard": if family == 2 { "R+2" } else { "W+4" }, "color": "red",
                           "shields": [0, 1, 0], "phase": "respond",
                           "draw_pile": "Y1 Y2 Y3 Y4 Y5",
                           "attack": draw_attack(amount, family, 1)});
        for (key, x) in extra.as_object().unwrap() {
            v[key] = x.clone();
        }
        v
    };
    absorb(three(4, 4, json!({"luck": 1})), 1, false);
    absorb(three(2, 2, json!({"viruses": [0, 2, 0]})), 1, true);
    let team = |amount: u16| {
        json!({"players": 4, "hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4", ""],
               "discard": "W+4", "color": "red", "shields": [0, 1, 0, 0],
               "yin": 1, "yang": 1, "team": [1, 3], "phase": "respond",
               "draw_pile": "Y1 Y2 Y3 Y4 Y5",
               "attack": draw_attack(amount, 4, 1)})
    };
    absorb(team(8), 1, false);
    absorb(team(12), 1, true);
}

/// L130/L202 (finding 14): a Harvester anywhere in a stack, even under another card, breaks
/// the shield and its victim draws the Harvester's 4; the rest is absorbed.
#[test]
fn blue_shield_harvester_under_a_stack_l130() {
    let mut st = pos(json!({"hands": ["G1 G2 G3", "R5 R6 R7", "B1 B2 B4"],
                            "discard": "W+4", "color": "red", "shields": [0, 1, 0],
                            "phase": "respond", "draw_pile": "Y1 Y2 Y3 Y4 Y5 Y6",
                            "attack": {"kind": "draw", "amount": 8, "family": 4, "victim": 1,
                                       "starter": 0, "harvester": true,
                                       "harvester_last": false}}));
    go(&mut st, ACCEPT);
    assert_eq!(st.shields(1), 0);
    hand_is(&st, 1, "R5 R6 R7 Y1 Y2 Y3 Y4");
    turn_of(&st, 2);
}

// ----- the second audit (session 26): the order after a play (C90), knowledge (item 11) -----

/// What `observer`'s view knows `seat` holds of `code` (section 20: a lower bound).
fn known(st: &ConState, observer: u8, seat: usize, code: &str) -> u8 {
    ConView::new(st, observer).known[seat][k(code) as usize]
}

/// C90 (L248): when the Plague's user jumps in, the Plague goes on top of the jump-in, so the
/// jump-in window that follows is on the Plague: a card identical to the jump-in cannot jump in
/// on the card the Plague covers (the engine had opened the window on the covered card).
#[test]
fn plague_user_jump_in_window_is_on_the_plague_c90() {
    let mut st = pos(
        json!({"hands": ["R5 G1 G2", "R5 Y8 Y9", "R5 B2 B4"], "discard": "R3",
                            "plague": 1, "draw_pile": "G5"}),
    );
    go(&mut st, p("R5"));
    assert_eq!(st.phase(), Phase::JumpIn { asker: 1 });
    go(&mut st, p("R5"));
    assert_eq!(st.top(), k("Plague.G6"));
    assert_eq!(holders(&st)[PLAGUE], NONE);
    // Seat 2 still holds an R5, but the R5 is covered: no window; play goes on from seat 1.
    turn_of(&st, 2);
    hand_is(&st, 2, "R5 B2 B4");
    assert!(!legal(&st).contains(&p("R5")));
}

/// C90 (section 5): after a play come the Plague's after-play draw, then the UNO window, then
/// the jump-in window. Under the Plague a player who plays down to one card draws back to two
/// and has no UNO window; without it the UNO call and catches come before the jump-ins.
#[test]
fn after_a_play_plague_then_uno_then_jump_ins_c90() {
    let mut st = pos(
        json!({"hands": ["R5 G1", "R5 Y8 Y9", "B3 B2 B4"], "discard": "R3",
                            "plague": 1, "draw_pile": "G5"}),
    );
    go(&mut st, p("R5"));
    hand_is(&st, 0, "G1 G5");
    assert_eq!(st.phase(), Phase::JumpIn { asker: 1 });
    let mut st = pos(json!({"hands": ["R5 G1", "R5 Y8 Y9", "B3 B2 B4"], "discard": "R3"}));
    go(&mut st, p("R5"));
    assert_eq!(st.phase(), Phase::CallUno);
    go(&mut st, CALL_UNO);
    assert_eq!(st.phase(), Phase::CatchUno { asker: 1 });
    gos(&mut st, &[PASS, PASS]);
    assert_eq!(st.phase(), Phase::JumpIn { asker: 1 });
}

/// C90 (C31): after a next-player attack that is not a stack, the jump-in window opens once the
/// victim has answered it (a stack's opens before: a jump-in resets the stack, L48); the
/// victim, who lost the turn, is not asked (C32).
#[test]
fn jump_in_window_after_a_non_stack_attack_c90() {
    let mut st = pos(
        json!({"hands": ["MysteryDraw.W G1 G2", "MysteryDraw.W Y8 Y9",
                                      "MysteryDraw.W B2 B4"],
                            "discard": "R3", "draw_pile": "G5 G6 R5"}),
    );
    go(&mut st, pw("MysteryDraw.W", RED));
    responding(&st, 1);
    go(&mut st, ACCEPT);
    hand_is(&st, 1, "MysteryDraw.W Y8 Y9 G5 G6 R5");
    assert_eq!(st.phase(), Phase::JumpIn { asker: 2 });
}

/// C91 (item 11): a wrong jump-in that is called goes back to the hand face up: every other
/// player knows the jumper holds that card, and nothing more of the hand (the penalty cards
/// stay hidden); played later, the bound goes again.
#[test]
fn wrong_jump_in_called_card_is_known_c91() {
    let mut st = pos(
        json!({"preset": "seed", "hands": ["R5 G1 G2", "B7 B8 B9", "Y5 B1 B2"],
                            "discard": "R3", "draw_pile": "G7 G8"}),
    );
    assert_eq!(known(&st, 0, 2, "Y5"), 0);
    gos(&mut st, &[p("R5"), p("Y5"), CALL_WRONG]);
    hand_is(&st, 2, "Y5 B1 B2 G7 G8");
    for o in [0, 1] {
        assert_eq!(known(&st, o, 2, "Y5"), 1);
        assert_eq!(known(&st, o, 2, "B1"), 0);
        assert_eq!(known(&st, o, 2, "G7"), 0);
    }
    assert!(ConView::new(&st, 2).known[2].iter().all(|&c| c == 0));
}

/// Section 20 (item 11): the Prophet's look teaches the Prophet the hand and no one else; a
/// card played from it leaves the bound.
#[test]
fn prophet_look_is_known_to_the_prophet_only_section20() {
    let mut st = pos(
        json!({"hands": ["Prophet.R0 G1 G2", "R7 B4 Y7", "Y1 Y2 Y5"],
                            "discard": "R3"}),
    );
    gos(&mut st, &[p("Prophet.R0"), tgt(1)]);
    for c in ["R7", "B4", "Y7"] {
        assert_eq!(known(&st, 0, 1, c), 1);
    }
    assert!(ConView::new(&st, 2).known[1].iter().all(|&c| c == 0));
    turn_of(&st, 1);
    go(&mut st, p("R7"));
    assert_eq!(known(&st, 0, 1, "R7"), 0);
    assert_eq!(known(&st, 0, 1, "B4"), 1);
}

/// Section 20 (item 11, L190): a gift is hidden from everyone but its giver, even while it is
/// offered; accepted, the giver knows the recipient holds it and the third player does not.
#[test]
fn gift_is_known_to_the_giver_only_section20() {
    let mut st = pos(
        json!({"hands": ["Gift.R5 G1 G2 G4", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "R3"}),
    );
    gos(&mut st, &[p("Gift.R5"), tgt(2), choose("G1")]);
    responding(&st, 2);
    assert_eq!(ConView::new(&st, 0).attack.unwrap().card, k("G1"));
    for o in [1, 2] {
        assert_eq!(ConView::new(&st, o).attack.unwrap().card, NONE);
    }
    go(&mut st, ACCEPT);
    assert_eq!(known(&st, 0, 2, "G1"), 1);
    assert_eq!(known(&st, 1, 2, "G1"), 0);
}

/// Section 20 (item 11, L194): a Glasnost teaches every player the victim's hand; cards the
/// victim draws afterwards stay hidden.
#[test]
fn glasnost_teaches_every_player_the_hand_section20() {
    let mut st = pos(
        json!({"hands": ["Glasnost.R2 G1 G2", "R7 R8 Y9", "B1 B2 B4"],
                            "discard": "R3", "draw_pile": "G5"}),
    );
    gos(&mut st, &[p("Glasnost.R2"), tgt(1), ACCEPT]);
    for o in [0, 2] {
        assert_eq!(known(&st, o, 1, "R7"), 1);
        assert_eq!(known(&st, o, 1, "Y9"), 1);
    }
    turn_of(&st, 1);
    go(&mut st, DRAW);
    hand_is(&st, 1, "R7 R8 Y9 G5");
    assert_eq!(known(&st, 0, 1, "G5"), 0);
    assert_eq!(known(&st, 0, 1, "R8"), 1);
}

/// Section 20 (item 11, L288): The Chosen One's user knows the order of the cards put back
/// (no one else does) and so who draws which of them.
#[test]
fn chosen_one_order_known_to_its_user_section20() {
    let mut st = pos(
        json!({"hands": ["ChosenOne.Y1 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "Y3", "draw_pile": "Y5 Y6 Y7 Y8 Y9"}),
    );
    go(&mut st, p("ChosenOne.Y1"));
    gos(
        &mut st,
        &[choose("Y7"), choose("Y9"), choose("Y5"), choose("Y8")],
    );
    let order: Vec<u8> = ["Y9", "Y5", "Y8", "Y6"].iter().map(|c| k(c)).collect();
    assert_eq!(ConView::new(&st, 0).pile_top, order);
    assert!(ConView::new(&st, 1).pile_top.is_empty());
    go(&mut st, DRAW);
    assert_eq!(known(&st, 0, 1, "Y9"), 1);
    assert_eq!(known(&st, 2, 1, "Y9"), 0);
}

/// Section 20 (item 11, L268): the Recycler's dump is a face-up pile: every player knows the
/// victim holds its cards, and nothing of the rest of the hand.
#[test]
fn recycler_dump_is_known_to_all_section20() {
    let mut st = pos(json!({"hands": ["BR G1 G2", "R7 R8 R9", "Y5 Y6 Y7"],
                            "discard": "B3 Recycler.BR", "recycled": "B5 B6 B7"}));
    gos(&mut st, &[p("BR"), ACCEPT]);
    hand_is(&st, 2, "Y5 Y6 Y7 B5 B6 B7");
    for o in [0, 1] {
        assert_eq!(known(&st, o, 2, "B5"), 1);
        assert_eq!(known(&st, o, 2, "B7"), 1);
        assert_eq!(known(&st, o, 2, "Y5"), 0);
    }
}

/// Section 20 (item 11, L198): a Gold Coin bank is seen by its user only while it is dealt;
/// each batch accepted is known to the user and hidden from the third player.
#[test]
fn gold_coin_batches_known_to_the_user_section20() {
    let mut st = pos(json!({"options": {"gold_coin_face_up": 1.0},
                            "hands": ["GoldCoin.Y0 G1 G2", "R7 R8 R9", "B1 B2 B4"],
                            "discard": "Y3", "draw_pile": "R1 R2 R4"}));
    go(&mut st, p("GoldCoin.Y0"));
    assert!(ConView::new(&st, 0).limbo.is_some());
    assert!(ConView::new(&st, 1).limbo.is_none());
    gos(
        &mut st,
        &[
            choose("R1"),
            tgt(1),
            choose("R2"),
            tgt(2),
            choose("R4"),
            tgt(1),
            ACCEPT,
            ACCEPT,
        ],
    );
    assert_eq!(known(&st, 0, 1, "R1"), 1);
    assert_eq!(known(&st, 0, 2, "R2"), 1);
    assert_eq!(known(&st, 2, 1, "R1"), 0);
    assert_eq!(known(&st, 1, 2, "R2"), 0);
}

/// C92 (C60, C36): an invasion is the turn's play, so an invader left on one card by their
/// army has the UNO window (the call, then the catches), as after any play (the engine had
/// opened none: the invader could not be caught).
#[test]
fn invader_on_one_card_has_the_uno_window_c92() {
    let mut st = pos(
        json!({"hands": ["G9 G2", "Y7 Y1 Y2", "B1 B2 B4"], "discard": "R3",
                            "conquest": 0, "draw_pile": "Y4 Y5 Y6 B7"}),
    );
    gos(&mut st, &[tgt(1), choose("G9"), choose("Y7")]);
    hand_is(&st, 0, "G2");
    hand_is(&st, 1, "Y1 Y2 Y4 Y5");
    assert_eq!(st.phase(), Phase::CallUno);
    go(&mut st, PASS);
    assert_eq!(st.phase(), Phase::CatchUno { asker: 1 });
    go(&mut st, CATCH_UNO);
    hand_is(&st, 0, "G2 Y6 B7");
    turn_of(&st, 1);
    // Called: the call stands and the turn passes.
    let mut st = pos(
        json!({"hands": ["G9 G2", "Y7 Y1 Y2", "B1 B2 B4"], "discard": "R3",
                            "conquest": 0, "draw_pile": "Y4 Y5 Y6 B7"}),
    );
    gos(
        &mut st,
        &[tgt(1), choose("G9"), choose("Y7"), CALL_UNO, PASS, PASS],
    );
    assert!(st.uno_called(0));
    turn_of(&st, 1);
}

/// C93, option `play_drawn`: when the turn's draw brings more than one card (a Virus adds
/// one), only the last card drawn may be played: a matching first card is not offered.
#[test]
fn play_drawn_offers_the_last_card_drawn_c93() {
    let with = |pile: &str| {
        pos(json!({"options": {"play_drawn": true},
                   "hands": ["G1 G2 G4", "Y7 Y8 Y9", "B1 B2 B5"], "discard": "R3",
                   "viruses": [1, 0, 0], "draw_pile": pile}))
    };
    let mut st = with("R7 Y5");
    go(&mut st, DRAW);
    hand_is(&st, 0, "G1 G2 G4 R7 Y5");
    turn_of(&st, 1);
    let mut st = with("Y5 R7");
    go(&mut st, DRAW);
    assert_eq!(st.phase(), Phase::PostDraw { card: k("R7") });
    assert_eq!(legal(&st), vec![p("R7"), PASS]);
}

/// C94 (C36, C42): a dodger whose Dodge leaves one card, a Draw Two, may make the late UNO call
/// at the follow-up decision and then add it to the stack, going out (the engine had skipped
/// the follow-up: the last Draw Two could never be added). Silent, they only pass.
#[test]
fn dodger_on_one_card_may_call_and_add_the_last_draw_two_c94() {
    let at = || {
        pos(json!({"hands": ["G1 G2 G3", "Dodge.R8 Y+2", "B1 B2 B4"],
                   "discard": "R+2", "attack": draw_attack(2, 2, 1)}))
    };
    let mut st = at();
    go(&mut st, p("Dodge.R8"));
    assert_eq!(st.phase(), Phase::DodgeAdd);
    assert_eq!(legal(&st), vec![PASS, CALL_UNO]);
    go(&mut st, CALL_UNO);
    assert_eq!(legal(&st), vec![p("Y+2"), PASS]);
    go(&mut st, p("Y+2"));
    assert_eq!(st.winner(), Some(1));
    // Passing: the stack moves on and the UNO window follows.
    let mut st = at();
    gos(&mut st, &[p("Dodge.R8"), PASS]);
    assert_eq!(st.phase(), Phase::CallUno);
    hand_is(&st, 1, "Y+2");
}
