//! Scenario tests for UNO Blender (seed `004_89f727dd2cfd6f88`, rulings B1..B57 in
//! `docs/rules/blender.md`, card facts in `shared/rules/blender-cards.md`): one exact position
//! per card kind and per rule, written in the Blender scenario notation
//! (`uno_engine::blender::scenario`), advanced with the strict `apply_logged`, and the resulting
//! state and events checked. Each test names the seed lines (`L..`), the fact-sheet section
//! (`§..`) and the rulings (`B..`) it checks.
//!
//! Positions are three-player tables (seat 0 to act, clockwise, tempo 1) unless a test says
//! otherwise; `draw_pile` fixes the next cards drawn, so every draw below is known in advance.

use serde_json::{json, Value};
use uno_engine::blender::action::*;
use uno_engine::blender::cards::{deck_counts, HASH_NUMBERS};
use uno_engine::blender::scenario::from_json;
use uno_engine::blender::{
    parse_card, table, BlenderOptions, BlenderState, Event, Phase, StackKind, TargetWhy, NONE,
    NO_CARD,
};
use uno_engine::{Action, ActionList, CardGame, Game};

const RED: u8 = 0;
const YELLOW: u8 = 1;
const GREEN: u8 = 2;
const BLUE: u8 = 3;
const WILD: u8 = 4;

// ----- helpers -----

fn k(code: &str) -> u16 {
    parse_card(code).unwrap_or_else(|| panic!("bad card code {code}")) as u16
}
fn play(code: &str) -> Action {
    PLAY + k(code)
}
fn flex(code: &str) -> Action {
    FLEX + k(code)
}
fn jump(code: &str) -> Action {
    JUMP + k(code)
}
fn wrong(code: &str) -> Action {
    WRONG + k(code)
}
fn give(code: &str) -> Action {
    GIVE + k(code)
}
fn target(s: u8) -> Action {
    TARGET + s as u16
}
fn point(s: u8) -> Action {
    POINT + s as u16
}
fn color(c: u8) -> Action {
    COLOR + c as u16
}
fn number(v: u8) -> Action {
    NUMBER + HASH_NUMBERS.iter().position(|&x| x == v).unwrap() as u16
}

fn assert_conserved(st: &BlenderState) {
    let mut c = vec![0u32; uno_engine::blender::NUM_KINDS];
    st.census(&mut c);
    let deck = deck_counts(st.options());
    for (i, &d) in deck.iter().enumerate() {
        assert_eq!(c[i], d as u32, "census of {}", table()[i].code);
    }
}

/// The base position (3 players, seat 0 to act, seed 7) with `v`'s fields added or replaced.
fn scenario_json(v: Value) -> Value {
    let mut base = json!({"players": 3, "seed": 7, "current": 0});
    for (key, x) in v.as_object().expect("an object") {
        base[key] = x.clone();
    }
    base
}

fn pos(v: Value) -> BlenderState {
    let text = scenario_json(v).to_string();
    let (st, _) = from_json(&text).unwrap_or_else(|e| panic!("scenario rejected: {e}\n{text}"));
    assert_conserved(&st);
    st
}

fn scenario_error(v: Value) -> String {
    let text = scenario_json(v).to_string();
    match from_json(&text) {
        Ok(_) => panic!("scenario accepted: {text}"),
        Err(e) => e,
    }
}

fn legal(st: &BlenderState) -> Vec<Action> {
    let mut out = ActionList::new();
    st.legal_actions(&mut out);
    out.to_vec()
}

fn names(st: &BlenderState, a: &[Action]) -> Vec<String> {
    a.iter().map(|&x| st.action_name(x)).collect()
}

/// The legal `PLAY`/`FLEX` actions as names, sorted.
fn plays(st: &BlenderState) -> Vec<String> {
    let mut v: Vec<String> = legal(st)
        .into_iter()
        .filter(|&a| a < JUMP)
        .map(|a| st.action_name(a))
        .collect();
    v.sort();
    v
}

fn act(st: &mut BlenderState, a: Action) -> Vec<Event> {
    let mut log = Vec::new();
    if let Err(e) = st.apply_logged(a, &mut log) {
        panic!(
            "{} refused at {:?}: {e:?}; legal: {:?}\n{st:?}",
            st.action_name(a),
            st.phase(),
            names(st, &legal(st))
        );
    }
    assert_conserved(st);
    log
}

fn acts(st: &mut BlenderState, list: &[Action]) -> Vec<Event> {
    list.iter().flat_map(|&a| act(st, a)).collect()
}

fn hand(st: &BlenderState, seat: usize) -> Vec<&'static str> {
    let mut v = Vec::new();
    for (kind, c) in st.hand(seat).iter() {
        for _ in 0..c {
            v.push(table()[kind].code);
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

#[track_caller]
fn assert_hand(st: &BlenderState, seat: usize, expect: &str) {
    assert_eq!(hand(st, seat), codes(expect), "hand of seat {seat}\n{st:?}");
}

fn shown(st: &BlenderState) -> &'static str {
    table()[st.shown().kind as usize].code
}

/// The cards `seat` drew, in order.
fn drew(ev: &[Event], seat: u8) -> Vec<&'static str> {
    ev.iter()
        .filter_map(|e| match *e {
            Event::Drew { seat: s, card } if s == seat => Some(table()[card as usize].code),
            _ => None,
        })
        .collect()
}

fn count(ev: &[Event], f: impl Fn(&Event) -> bool) -> usize {
    ev.iter().filter(|e| f(e)).count()
}

#[track_caller]
fn assert_turn(st: &BlenderState, seat: u8) {
    assert_eq!(st.phase(), Phase::Turn, "{st:?}");
    assert_eq!(st.current(), seat, "{st:?}");
}

// ===== 2. Setup =====

/// L126-L131, B6-B8: the deal gives 7 cards each, every Power Card green, tempo 1, the
/// player left of the dealer first; the first card turned is a plain number, every card turned
/// before it an action card (which stays under it and does nothing).
#[test]
fn setup_deals_seven_and_turns_a_number_first() {
    for seed in 0..40 {
        let opts = BlenderOptions {
            dealer: Some(2),
            ..Default::default()
        };
        let mut log = Vec::new();
        let st = BlenderState::new_with(opts, 4, seed, &mut log);
        assert_eq!(st.dealer(), 2);
        assert_eq!(st.first_player(), 3);
        for s in 0..4 {
            assert_eq!(st.hand(s).len(), 7);
            assert!(!st.power_red(s as u8));
        }
        assert_eq!(st.tempo(), 1);
        assert!(st.clockwise());
        let turned: Vec<u16> = log
            .iter()
            .filter_map(|e| match *e {
                Event::FirstCard { card } => Some(card),
                _ => None,
            })
            .collect();
        let (&top, under) = turned.split_last().unwrap();
        assert!(!uno_engine::blender::cards::is_action(top as usize));
        assert_eq!(st.shown().kind, top);
        for &c in under {
            assert!(uno_engine::blender::cards::is_action(c as usize));
        }
        assert_eq!(st.stack(), (0, StackKind::None));
        // Nobody played the first card: no modifier (a Trade 7 or a Speed Up) happens.
        assert_eq!(st.phase(), Phase::Turn);
        assert_eq!(st.current(), 3);
        assert_conserved(&st);
    }
}

/// L128, option `hand_size`: 5 cards each.
#[test]
fn hand_size_option_deals_that_many() {
    let opts = BlenderOptions {
        hand_size: 5,
        ..Default::default()
    };
    let st = BlenderState::deal(opts, 3, 1);
    for s in 0..3 {
        assert_eq!(st.hand(s).len(), 5);
    }
}

/// L233 (Creeper exception 3), B9, §3.24: a Creeper or Gift dealt in an opening hand does
/// nothing; with option `gift_on_deal` the dealt Gift is given away at once.
#[test]
fn creepers_and_gifts_in_the_opening_hand() {
    let creeper = k("WCP") as usize;
    let mut seen_creeper = false;
    let mut seen_gift = false;
    for seed in 0..400 {
        let mut log = Vec::new();
        let st = BlenderState::new_with(BlenderOptions::default(), 6, seed, &mut log);
        let has_c = (0..6).any(|s| st.hand(s).has(creeper));
        if has_c {
            seen_creeper = true;
            assert_eq!(count(&log, |e| matches!(e, Event::Creeper { .. })), 0);
        }
        let gifts = ["RGF", "YGF", "GGF", "BGF"].map(|c| k(c) as usize);
        let gift_holder = (0..6u8).find(|&s| gifts.iter().any(|&g| st.hand(s as usize).has(g)));
        if let Some(h) = gift_holder {
            seen_gift = true;
            assert!(!matches!(st.phase(), Phase::Target { .. }));
            let opts = BlenderOptions {
                gift_on_deal: true,
                ..Default::default()
            };
            let st2 = BlenderState::deal(opts, 6, seed);
            match st2.phase() {
                Phase::Target {
                    why: TargetWhy::Gift,
                    seat,
                } => assert!(gifts.iter().any(|&g| st2.hand(seat as usize).has(g)), "{h}"),
                p => panic!("a dealt Gift is given with gift_on_deal, not {p:?}"),
            }
        }
        if seen_creeper && seen_gift {
            return;
        }
    }
    panic!("no seed dealt a Creeper and a Gift");
}

// ===== 3. Matching =====

/// L136-L137: colour, number or any symbol; Wilds on anything (L140).
#[test]
fn matching_by_colour_number_symbol() {
    let st = pos(json!({
        "discard": "R5",
        "hands": ["R9 G5 B7 W RS YS", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    assert_eq!(
        plays(&st),
        ["play G5", "play R9", "play RS", "play W"].map(String::from)
    );
    let st = pos(json!({
        "discard": "GS",
        "hands": ["RS B7 R11S G1", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    assert_eq!(
        plays(&st),
        ["play G1", "play R11S", "play RS"].map(String::from)
    );
}

/// L138-L139: modifiers never match: a Speed Up card is not matched by another Speed Up card
/// of a different colour and number; a Trade 7 matches every 7.
#[test]
fn modifiers_never_match() {
    let st = pos(json!({
        "discard": "Y1u",
        "hands": ["R3u B7t G1", "Y2 Y3 Y4", "B1 B2 B3"]
    }));
    assert_eq!(plays(&st), ["play G1"].map(String::from));
    let st = pos(json!({
        "discard": "R7t",
        "hands": ["G7 B3 B7t", "Y2 Y3 Y4", "B1 B2 B4"]
    }));
    assert_eq!(plays(&st), ["play B7t", "play G7"].map(String::from));
}

/// B10, B16: a Wild whose colour was never chosen counts as the colour Wild: only Wilds, or
/// a shared symbol or number, follow it.
#[test]
fn an_uncoloured_wild_is_matched_only_by_wilds_symbols_numbers() {
    let st = pos(json!({
        "discard": "W+4", "color": "wild",
        "hands": ["R5 W G+4 B2", "Y2 Y3 Y4", "B1 B3 B4"]
    }));
    assert_eq!(plays(&st), ["play G+4", "play W"].map(String::from));
    let st = pos(json!({
        "discard": "WDOS", "color": "wild",
        "hands": ["R5 B2", "Y3 Y4 Y5", "B1 B3 B4"]
    }));
    assert_eq!(plays(&st), ["play B2"].map(String::from));
}

/// L190, B11: on the pile a flex card matches by its normal side; played flexed, its flex side
/// must match the shown card.
#[test]
fn flex_cards_match_by_their_sides() {
    let st = pos(json!({
        "discard": "RS/SE",
        "hands": ["GSE GS Y1", "Y2 Y3 Y4", "B1 B3 B4"]
    }));
    assert_eq!(plays(&st), ["play GS"].map(String::from));
    let st = pos(json!({
        "discard": "GSE",
        "hands": ["BS/SE Y1", "Y2 Y3 Y4", "B1 B3 B4"]
    }));
    assert_eq!(plays(&st), ["play BS/SE flexed"].map(String::from));
    let st = pos(json!({
        "discard": "B3",
        "hands": ["BS/SE Y1", "Y2 Y3 Y4", "B1 B5 B4"]
    }));
    assert_eq!(
        plays(&st),
        ["play BS/SE", "play BS/SE flexed"].map(String::from)
    );
}

/// §2 (any action symbol), B3: a card with two symbols matches through either; a Golf 12 Draw
/// 2 matches by its number and by its symbol.
#[test]
fn several_symbols_and_golf_numbers_match() {
    let st = pos(json!({
        "discard": "GR",
        "hands": ["RR+2 Y1", "Y2 Y3 Y4", "B1 B3 B4"]
    }));
    assert_eq!(plays(&st), ["play RR+2"].map(String::from));
    let st = pos(json!({
        "discard": "G+2",
        "hands": ["RR+2 R12+2 Y1", "Y2 Y3 Y4", "B1 B3 B4"]
    }));
    assert_eq!(plays(&st), ["play R12+2", "play RR+2"].map(String::from));
    let st = pos(json!({
        "discard": "G12",
        "hands": ["R12+2 Y1", "Y2 Y3 Y4", "B1 B3 B4"]
    }));
    assert_eq!(plays(&st), ["play R12+2"].map(String::from));
}

/// B2: Draw 2 and Draw 4 are different symbols; option `symbol_families` makes the Draw
/// family one symbol for matching.
#[test]
fn symbol_families_option_joins_draw_symbols() {
    let base = json!({
        "discard": "R+4",
        "hands": ["G+2 GK1 Y1", "Y2 Y3 Y4", "B1 B3 B4"]
    });
    let st = pos(base.clone());
    assert!(plays(&st).is_empty());
    let mut v = base;
    v["options"] = json!({"symbol_families": true});
    let st = pos(v);
    assert_eq!(plays(&st), ["play G+2"].map(String::from));
}

// ===== 4. A turn and the tempo =====

/// L160-L166, 4.1: a tempo-2 turn plays two cards, each matching the one before; only the last
/// card's action happens (the Reverse played first does nothing, the Skip played last skips).
#[test]
fn a_tempo_run_performs_only_the_last_cards_action() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3",
        "hands": ["RR RS G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let ev = act(&mut st, play("RR"));
    assert_eq!(count(&ev, |e| matches!(e, Event::Direction { .. })), 0);
    assert_turn(&st, 0);
    assert_eq!(st.played_this_turn(), 1);
    let ev = act(&mut st, play("RS"));
    assert_eq!(count(&ev, |e| matches!(e, Event::Direction { .. })), 0);
    assert!(st.clockwise());
    assert_turn(&st, 2);
    assert_eq!(st.tempo(), 2, "a met tempo stays");
    assert_hand(&st, 0, "G1 G2");
}

/// L161, B12, B13: stopping short draws tempo-many cards, resets the tempo to 1, and then the
/// last card played takes effect (here a Skip).
#[test]
fn stopping_short_draws_the_tempo_then_the_last_card_acts() {
    let mut st = pos(json!({
        "tempo": 3, "discard": "R3",
        "hands": ["RS G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y7 Y8 Y9"
    }));
    act(&mut st, play("RS"));
    assert!(legal(&st).contains(&STOP));
    assert!(!legal(&st).contains(&DRAW));
    let ev = act(&mut st, STOP);
    assert_eq!(drew(&ev, 0), ["Y7", "Y8", "Y9"]);
    assert_eq!(st.tempo(), 1);
    assert_hand(&st, 0, "G1 G2 Y7 Y8 Y9");
    assert_turn(&st, 2);
    let tempo_ev = ev.iter().position(|e| *e == Event::Tempo { tempo: 1 });
    assert!(tempo_ev.is_some());
}

/// B13: the draw and the reset come before the last card's events, so a Speed Up on the last
/// card of a short turn raises the reset tempo to 2.
#[test]
fn speed_up_on_a_short_turn_raises_the_reset_tempo() {
    let mut st = pos(json!({
        "tempo": 3, "discard": "R8",
        "hands": ["R3u G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y7 Y8 Y9"
    }));
    acts(&mut st, &[play("R3u"), STOP]);
    assert_eq!(st.tempo(), 2);
    assert_turn(&st, 1);
    assert_hand(&st, 0, "G1 G2 Y7 Y8 Y9");
}

/// L143, B14: at tempo 2, playing nothing draws 2, resets the tempo and ends the turn (no
/// chance to play the drawn card).
#[test]
fn playing_nothing_above_tempo_one_draws_the_tempo() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3",
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R5 R6"
    }));
    let ev = act(&mut st, DRAW);
    assert_eq!(drew(&ev, 0), ["R5", "R6"]);
    assert_eq!(st.tempo(), 1);
    assert_turn(&st, 1);
}

/// L143-L145, 4.3: at tempo 1 the drawn card may be played if it matches, otherwise it is kept.
#[test]
fn the_basic_draw_at_tempo_one() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R5"
    }));
    act(&mut st, DRAW);
    assert_eq!(st.phase(), Phase::PostDraw { kind: k("R5") });
    assert_eq!(legal(&st), vec![play("R5"), KEEP]);
    act(&mut st, play("R5"));
    assert_eq!(shown(&st), "R5");
    assert_turn(&st, 1);
    assert_hand(&st, 0, "G1 G2");

    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R5"
    }));
    acts(&mut st, &[DRAW, KEEP]);
    assert_hand(&st, 0, "G1 G2 R5");
    assert_turn(&st, 1);

    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "B5"
    }));
    act(&mut st, DRAW);
    assert_hand(&st, 0, "G1 G2 B5");
    assert_turn(&st, 1);
}

/// L160, L220-L222 (Speed Up), §3.29: a Speed Up card raises the tempo by 1, a Wild Double
/// Speed Up by 2; the next player then plays that many.
#[test]
fn speed_up_and_double_speed_up_raise_the_tempo() {
    let mut st = pos(json!({
        "discard": "Y5",
        "hands": ["Y1u G1 G2", "Y2 Y3 Y4", "B1 B2 B3"]
    }));
    let ev = act(&mut st, play("Y1u"));
    assert!(ev.contains(&Event::Tempo { tempo: 2 }));
    assert_eq!(st.tempo(), 2);
    assert_turn(&st, 1);
    let mut st = pos(json!({
        "discard": "Y5",
        "hands": ["WSU G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("WSU"), color(GREEN)]);
    assert_eq!(st.tempo(), 3);
    assert_eq!(st.shown().color, GREEN);
    assert_turn(&st, 1);
}

/// The default deck's Speed Pack numbers carry Speed Up (§4, B5): Y1-3, R3-5, G7-9, B5-7.
#[test]
fn speed_pack_numbers_are_in_the_deck() {
    let d = deck_counts(&BlenderOptions::default());
    for c in [
        "Y1u", "Y2u", "Y3u", "R3u", "R4u", "R5u", "G7u", "G8u", "G9u", "B5u", "B6u", "B7u",
    ] {
        assert_eq!(d[k(c) as usize], 1, "{c}");
    }
    for c in ["R7t", "Y7t", "G7t", "B7t", "R0p", "Y0p", "G0p", "B0p"] {
        assert_eq!(d[k(c) as usize], 1, "{c}");
    }
}

/// L259, B15: a card played by its flex side is the turn's last; before the tempo-th card it
/// is a short turn (the tempo is drawn and reset), then its action happens.
#[test]
fn flexing_ends_the_run_short() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3",
        "hands": ["RS/SE G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y7 Y8"
    }));
    let ev = act(&mut st, flex("RS/SE"));
    assert_eq!(drew(&ev, 0), ["Y7", "Y8"]);
    assert_eq!(st.tempo(), 1);
    assert!(st.power_red(0));
    // Skip Everyone: seat 0 plays again.
    assert_turn(&st, 0);
    assert_hand(&st, 0, "G1 G2 Y7 Y8");
}

/// B16: a Wild inside a run gets no colour; the next card must be a Wild or share a symbol or
/// number; the last Wild's colour is chosen.
#[test]
fn a_wild_inside_a_run_has_no_colour() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3",
        "hands": ["W R5 WDOS G2 G9", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("W"));
    assert_eq!(st.phase(), Phase::Turn, "no colour asked inside the run");
    assert_eq!(st.shown().color, WILD);
    assert_eq!(plays(&st), ["play WDOS"].map(String::from));
    act(&mut st, play("WDOS"));
    assert_eq!(st.phase(), Phase::Color);
    act(&mut st, color(GREEN));
    assert_eq!((st.shown().color, st.shown().number), (GREEN, 2));
    assert_turn(&st, 1);
}

/// §3.27, B17, 9.23: a `#` takes its number when played, last card or not: on a card of
/// another colour only that card's number, on its own colour any number.
#[test]
fn hash_takes_its_number_inside_a_run() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R5",
        "hands": ["B# B7 G1 G2", "Y1 Y2 Y3", "R1 R2 R3"]
    }));
    act(&mut st, play("B#"));
    assert_eq!(st.phase(), Phase::Number);
    assert_eq!(legal(&st), vec![number(5)]);
    act(&mut st, number(5));
    assert_eq!((st.shown().color, st.shown().number), (BLUE, 5));
    assert_turn(&st, 0);
    act(&mut st, play("B7"));
    assert_turn(&st, 1);

    let mut st = pos(json!({
        "tempo": 2, "discard": "B3",
        "hands": ["B# G9 G1 G2", "Y1 Y2 Y3", "R1 R2 R3"]
    }));
    act(&mut st, play("B#"));
    assert_eq!(legal(&st).len(), HASH_NUMBERS.len());
    act(&mut st, number(9));
    assert_eq!(plays(&st), ["play G9"].map(String::from));
    act(&mut st, play("G9"));
    assert_turn(&st, 1);
}

/// §3.26, 9.24: Wild DOS counts as a 2 of its chosen colour.
#[test]
fn wild_dos_counts_as_two() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WDOS G1 G2", "Y2 B7 Y5", "B1 B4 B3"]
    }));
    acts(&mut st, &[play("WDOS"), color(BLUE)]);
    assert_turn(&st, 1);
    assert_eq!(plays(&st), ["play B7", "play Y2"].map(String::from));
}

// ===== 5. The stack =====

/// L179-L180, B18: a Draw card joins the stack when played, last card of the run or not;
/// the next player facing it may only take it when no card is allowed (L183), and taking it
/// draws the total, ends the stack and the turn with the tempo unchanged (B19).
#[test]
fn draw_cards_build_the_stack_even_inside_a_run() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3",
        "hands": ["R+2 R+4 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5 Y6 Y7 Y8 Y9"
    }));
    let ev = act(&mut st, play("R+2"));
    assert!(ev.contains(&Event::Stack { total: 2 }));
    assert_eq!(st.stack(), (2, StackKind::Draw));
    assert_eq!(plays(&st), ["play R+4"].map(String::from));
    act(&mut st, play("R+4"));
    assert_eq!(st.stack(), (6, StackKind::Draw));
    assert_turn(&st, 1);
    assert_eq!(legal(&st), vec![TAKE]);
    let ev = act(&mut st, TAKE);
    assert_eq!(drew(&ev, 1).len(), 6);
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_turn(&st, 2);
    assert_eq!(st.tempo(), 2, "taking the stack leaves the tempo");
}

/// L181, §2: after a Draw card only Draw, Stack, Shield and Super Star cards follow, and they
/// must also match the shown card.
#[test]
fn restriction_after_a_draw_card() {
    let st = pos(json!({
        "discard": "R+2", "stack": 2, "stack_kind": "draw",
        "hands": ["R5 RK1 RSH G+2 W+4 WSS RS G+4", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    assert_eq!(
        plays(&st),
        ["play G+2", "play RK1", "play RSH", "play W+4", "play WSS"].map(String::from)
    );
    assert!(legal(&st).contains(&TAKE));
    assert!(!legal(&st).contains(&DRAW));
}

/// L181, §2: after a Stack card only Stack, Shield and Super Star cards follow.
#[test]
fn restriction_after_a_stack_card() {
    let st = pos(json!({
        "discard": "RK1", "stack": 1, "stack_kind": "stack",
        "hands": ["R+2 RK2 RSH WK3 WSS GK1 W+4 R5", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    assert_eq!(
        plays(&st),
        ["play GK1", "play RK2", "play RSH", "play WK3", "play WSS"].map(String::from)
    );
}

/// L239-L240, §3.11: Targeted Draw is not a Draw card: its flex side may not be played on a
/// stack, and played elsewhere it makes the target draw at once without a stack.
#[test]
fn targeted_draw_is_not_a_draw_card() {
    let st = pos(json!({
        "discard": "R+2", "stack": 2, "stack_kind": "draw",
        "hands": ["W+4/T4 W/T2 G1", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    assert_eq!(plays(&st), ["play W+4/T4"].map(String::from));
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["W+4/T4 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5 Y6 Y7"
    }));
    act(&mut st, flex("W+4/T4"));
    assert!(st.power_red(0));
    act(&mut st, color(RED));
    assert_eq!(
        st.phase(),
        Phase::Target {
            why: TargetWhy::TargetedDraw(4),
            seat: 0
        }
    );
    assert_eq!(legal(&st), vec![target(1), target(2)]);
    let ev = act(&mut st, target(2));
    assert_eq!(drew(&ev, 2), ["Y4", "Y5", "Y6", "Y7"]);
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_turn(&st, 1);
}

/// §3.11: the flex side of Wild//Targeted Draw 2 makes the chosen player draw 2.
#[test]
fn targeted_draw_two() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["W/T2 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5"
    }));
    let ev = acts(&mut st, &[flex("W/T2"), color(BLUE), target(1)]);
    assert_eq!(drew(&ev, 1), ["Y4", "Y5"]);
    assert_turn(&st, 1);
    assert_eq!(st.shown().color, BLUE);
}

/// L242, B18, 9.6: a Reverse Draw 2 joins the stack and reverses first, so the stack goes to
/// the player on the other side.
#[test]
fn reverse_draw_reverses_before_the_stack_passes() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RR+2 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("RR+2"));
    assert!(!st.clockwise());
    assert_eq!(st.stack(), (2, StackKind::Draw));
    assert_turn(&st, 2);
    let mut st = pos(json!({
        "discard": "R+2", "stack": 2, "stack_kind": "draw",
        "hands": ["WR+4 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("WR+4"), color(YELLOW)]);
    assert!(!st.clockwise());
    assert_eq!(st.stack(), (6, StackKind::Draw));
    assert_turn(&st, 2);
}

/// L179-L180, §3.4, 9.4: Draw 2, Draw 4, Wild Draw 4, Wild Draw 6, Wild Draw 10 and the Golf 12 Draw 2 add
/// their number to the stack.
#[test]
fn every_draw_card_adds_its_penalty() {
    for (card, add, wild) in [
        ("R+2", 2, false),
        ("R+4", 4, false),
        ("W+4", 4, true),
        ("W+6", 6, true),
        ("W+10", 10, true),
        ("R12+2", 2, false),
        ("R+2/E1", 2, false),
        ("W+4/T4", 4, true),
    ] {
        let mut st = pos(json!({
            "discard": "R3",
            "hands": [format!("{card} G1 G2"), "Y1 Y2 Y3", "B1 B2 B3"]
        }));
        act(&mut st, play(card));
        if wild {
            act(&mut st, color(RED));
        }
        assert_eq!(st.stack(), (add, StackKind::Draw), "{card}");
        assert_turn(&st, 1);
    }
}

/// L179-L180, §3.5, 9.19: Stack 1, Stack 2 and Wild Stack 3 add 1, 2, 3 and make a Stack stack.
#[test]
fn stack_cards_add_their_penalty() {
    for (card, add, wild) in [("RK1", 1, false), ("RK2", 2, false), ("WK3", 3, true)] {
        let mut st = pos(json!({
            "discard": "R+2", "stack": 2, "stack_kind": "draw",
            "hands": [format!("{card} G1 G2"), "Y1 Y2 Y3", "B1 B2 B3"]
        }));
        act(&mut st, play(card));
        if wild {
            act(&mut st, color(RED));
        }
        assert_eq!(st.stack(), (2 + add, StackKind::Stack), "{card}");
        assert_turn(&st, 1);
    }
}

/// §3.5, 9.20, B30, B31: Wild Stack Number turns cards until a number card, adds its number,
/// and burns everything turned; the Golf numbers count unless `stack_number_golf` is off; a 0
/// adds nothing but the stack stands with its restriction.
#[test]
fn wild_stack_number() {
    let mut st = pos(json!({
        "discard": "R+2", "stack": 2, "stack_kind": "draw",
        "hands": ["WKN G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "W R7"
    }));
    let ev = act(&mut st, play("WKN"));
    assert_eq!(
        count(&ev, |e| matches!(e, Event::Turned { .. })),
        2,
        "{ev:?}"
    );
    assert_eq!(st.stack(), (9, StackKind::Stack));
    assert_eq!(st.discard_counts()[k("R7") as usize], 1);
    assert_eq!(st.discard_counts()[k("W") as usize], 1);
    act(&mut st, color(GREEN));
    assert_turn(&st, 1);

    let golf = |opt: bool| {
        let mut st = pos(json!({
            "discard": "R3", "options": {"stack_number_golf": opt},
            "hands": ["WKN G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
            "draw_pile": "R10R G4"
        }));
        act(&mut st, play("WKN"));
        st.stack().0
    };
    assert_eq!(golf(true), 10);
    assert_eq!(golf(false), 4);

    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WKN G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "G0"
    }));
    acts(&mut st, &[play("WKN"), color(GREEN)]);
    assert_eq!(st.stack(), (0, StackKind::Stack));
    assert_turn(&st, 1);
    assert_eq!(legal(&st), vec![TAKE]);
}

/// L182-L183, B19: a player facing a stack with no allowed card may only take it.
#[test]
fn facing_a_stack_without_a_card_takes_it() {
    let mut st = pos(json!({
        "discard": "R+2", "stack": 4, "stack_kind": "draw", "tempo": 2,
        "hands": ["R5 G1", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5 Y6 Y7"
    }));
    assert_eq!(legal(&st), vec![TAKE]);
    let ev = act(&mut st, TAKE);
    assert!(ev.contains(&Event::StackTaken { seat: 0, cards: 4 }));
    assert_hand(&st, 0, "R5 G1 Y4 Y5 Y6 Y7");
    assert_turn(&st, 1);
    assert_eq!(st.tempo(), 2);
}

/// L161, L182-L183, 5 (falling short under a stack, B12, B19): the player draws the tempo, the stack stays for the next.
#[test]
fn falling_short_under_a_stack_keeps_the_stack() {
    let mut st = pos(json!({
        "discard": "R+2", "stack": 2, "stack_kind": "draw", "tempo": 2,
        "hands": ["R+4 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5"
    }));
    act(&mut st, play("R+4"));
    let ev = act(&mut st, STOP);
    assert_eq!(drew(&ev, 0), ["Y4", "Y5"]);
    assert_eq!(st.stack(), (6, StackKind::Draw));
    assert_eq!(st.tempo(), 1);
    assert_turn(&st, 1);
}

/// §3.6, 9.22: Shield ends the stack unpaid, under either restriction.
#[test]
fn shield_ends_the_stack() {
    for kind in ["draw", "stack"] {
        let top = if kind == "draw" { "R+2" } else { "RK2" };
        let mut st = pos(json!({
            "discard": top, "stack": 4, "stack_kind": kind,
            "hands": ["RSH G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
        }));
        let ev = act(&mut st, play("RSH"));
        assert!(ev.contains(&Event::StackEnded));
        assert_eq!(st.stack(), (0, StackKind::None));
        assert_turn(&st, 1);
        assert!(legal(&st).contains(&DRAW));
    }
}

/// §3.7, 9.26: Wild Super Star makes the previous active player draw the whole stack; with no
/// stack it only names the colour.
#[test]
fn super_star_hits_the_previous_active_player() {
    let mut st = pos(json!({
        "current": 2, "discard": "R3",
        "hands": ["WSS G1 G2", "Y1 Y2 Y3", "R+2 B2 B3"],
        "draw_pile": "Y4 Y5"
    }));
    act(&mut st, play("R+2"));
    assert_turn(&st, 0);
    let ev = acts(&mut st, &[play("WSS"), color(BLUE)]);
    assert!(ev.contains(&Event::StackTaken { seat: 2, cards: 2 }));
    assert_hand(&st, 2, "B2 B3 Y4 Y5");
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_turn(&st, 1);

    let mut st = pos(json!({
        "discard": "R3", "prev_active": 2,
        "hands": ["WSS G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let ev = acts(&mut st, &[play("WSS"), color(BLUE)]);
    assert_eq!(count(&ev, |e| matches!(e, Event::Drew { .. })), 0);
    assert_turn(&st, 1);
}

/// B57: a player who plays again (here a Reverse Draw 2 played as a Skip with two players,
/// `two_player_reverse_skips`) is the previous active player of their new turn, so their Super
/// Star makes them draw the stack their own card built.
#[test]
fn super_star_after_playing_again_hits_its_own_player() {
    let mut st = pos(json!({
        "players": 2, "discard": "R3",
        "options": {"two_player_reverse_skips": true},
        "hands": ["RR+2 WSS G2", "Y1 Y2 Y3"],
        "draw_pile": "Y4 Y5"
    }));
    act(&mut st, play("RR+2"));
    assert_turn(&st, 0);
    assert_eq!(st.stack(), (2, StackKind::Draw));
    let ev = acts(&mut st, &[play("WSS"), color(BLUE)]);
    assert!(ev.contains(&Event::StackTaken { seat: 0, cards: 2 }));
    assert_hand(&st, 0, "G2 Y4 Y5");
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_turn(&st, 1);
}

// ===== 6. Flexing and the Power Cards =====

/// L188-L189: flexing turns the Power Card red; a red Power Card cannot flex.
#[test]
fn a_red_power_card_cannot_flex() {
    let st = pos(json!({
        "discard": "R3", "red": [0],
        "hands": ["RS/SE G1", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    assert_eq!(plays(&st), ["play RS/SE"].map(String::from));
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RR/RS G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let ev = act(&mut st, flex("RR/RS"));
    assert!(ev.contains(&Event::Power { seat: 0, red: true }));
    assert!(st.power_red(0));
    // Reverse, then skip (§3.9): counter-clockwise, seat 2 passed over.
    assert!(!st.clockwise());
    assert_turn(&st, 1);
}

/// L191: when every Power Card is red, all turn green.
#[test]
fn all_red_turns_all_green() {
    let mut st = pos(json!({
        "discard": "R3", "red": [1, 2],
        "hands": ["RS/SE G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let ev = act(&mut st, flex("RS/SE"));
    assert!(ev.contains(&Event::AllGreen));
    for s in 0..3 {
        assert!(!st.power_red(s));
    }
}

/// B21: eliminated players' Power Cards do not count for the all-red check.
#[test]
fn eliminated_power_cards_do_not_count() {
    let mut st = pos(json!({
        "discard": "R3", "red": [1], "eliminated": [2],
        "hands": ["RS/SE G1 G2", "Y1 Y2 Y3", ""]
    }));
    let ev = act(&mut st, flex("RS/SE"));
    assert!(ev.contains(&Event::AllGreen));
    assert!(!st.power_red(0) && !st.power_red(1));
}

/// §3.28, 9.18: Wild All Flip turns every Power Card over (then the all-red check).
#[test]
fn all_flip_turns_every_power_card() {
    let mut st = pos(json!({
        "discard": "R3", "red": [1],
        "hands": ["WAF G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("WAF"), color(RED)]);
    assert!(st.power_red(0) && !st.power_red(1) && st.power_red(2));
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WAF G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let ev = acts(&mut st, &[play("WAF"), color(RED)]);
    assert!(ev.contains(&Event::AllGreen), "all red at once: all green");
    assert!((0..3).all(|s| !st.power_red(s)));
}

/// L204-L206, option `flex_flip` (the `products` preset): a Flip card turns its player's
/// Power Card over, whatever side it shows.
#[test]
fn flip_modifier_turns_the_players_power_card() {
    for (red, after) in [(json!([]), true), (json!([0]), false)] {
        let mut st = pos(json!({
            "preset": "products", "discard": "R3", "red": red,
            "hands": ["R5f G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
        }));
        act(&mut st, play("R5f"));
        assert_eq!(st.power_red(0), after);
        assert_turn(&st, 1);
    }
}

/// Mini Tech (L251-L254), §3.17, option `flex_number_colors`: a flex number's secondary
/// colour may go on a mini-pile of that colour; the next card must match the normal side and
/// the mini-pile's colour (usually a Wild).
#[test]
fn mini_tech_flex_side_on_the_mini_pile() {
    let mut st = pos(json!({
        "preset": "products", "discard": "R3 WPU", "color": "red",
        "mini": {"cards": "R5"},
        "hands": ["B5/R G1 G2", "R5 R9 B5 W Y5", "B1 B2 B3"]
    }));
    assert_eq!(plays(&st), ["play B5/R flexed"].map(String::from));
    act(&mut st, flex("B5/R"));
    assert!(st.power_red(0));
    assert_turn(&st, 1);
    assert_eq!(st.mini_pile(), Some((RED, 2)));
    assert_eq!(plays(&st), ["play R5", "play W"].map(String::from));
}

// ===== 7. Event order =====

/// L257-L263: colour first, then the action, then the modifier; a jump-in window only after.
#[test]
fn event_order_colour_then_action() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WTP G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("WTP"));
    assert_eq!(st.phase(), Phase::Color);
    act(&mut st, color(YELLOW));
    assert_eq!(
        st.phase(),
        Phase::Target {
            why: TargetWhy::TeamPlay,
            seat: 0
        }
    );
}

/// L208-L210, 9.16 with Trade: a Golf 22 Double Draw 2 carries no modifier; a Trade 7 asks
/// for the Trade target after its (empty) action; and a modifier on a card before the last of
/// the run does nothing (L259).
#[test]
fn modifier_only_on_the_last_card() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3",
        "hands": ["R7t R8 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("R7t"));
    assert_turn(&st, 0);
    act(&mut st, play("R8"));
    assert_turn(&st, 1);
    assert_hand(&st, 0, "G1 G2");
}

// ===== 8. Modifiers =====

/// L208-L210, §4: Trade (the No Mercy 7, `R7t`): the player chooses another player and they
/// exchange whole hands; the giver knows the hand it gave away (16).
#[test]
fn trade_modifier_exchanges_hands() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R7t G1 G2", "Y1 Y2 Y3", "B1 B2 B3 B4"]
    }));
    act(&mut st, play("R7t"));
    assert_eq!(
        st.phase(),
        Phase::Target {
            why: TargetWhy::Trade,
            seat: 0
        }
    );
    assert_eq!(legal(&st), vec![target(1), target(2)]);
    let ev = act(&mut st, target(2));
    assert!(ev.contains(&Event::HandsTraded { a: 0, b: 2 }));
    assert_hand(&st, 0, "B1 B2 B3 B4");
    assert_hand(&st, 2, "G1 G2");
    assert_turn(&st, 1);
    let v = st.view(0);
    assert_eq!(v.known[2][k("G1") as usize], 1);
    assert_eq!(v.known[2][k("G2") as usize], 1);
    let v1 = st.view(1);
    assert_eq!(v1.known[2][k("G1") as usize], 0, "seat 1 did not see it");
}

/// L212-L214: Pass: every hand goes to the next player in the current turn order (both
/// directions).
#[test]
fn pass_modifier_passes_every_hand() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R0p G1 G2", "Y1 Y2 Y3", "B1 B2 B3 B4"]
    }));
    let ev = act(&mut st, play("R0p"));
    assert!(ev.contains(&Event::HandsPassed));
    assert_hand(&st, 0, "B1 B2 B3 B4");
    assert_hand(&st, 1, "G1 G2");
    assert_hand(&st, 2, "Y1 Y2 Y3");
    assert_turn(&st, 1);
    // Each giver knows the hand it passed on; nobody else does (16).
    assert_eq!(st.view(0).known[1][k("G1") as usize], 1);
    assert_eq!(st.view(1).known[2][k("Y3") as usize], 1);
    assert_eq!(st.view(2).known[1][k("G1") as usize], 0);
    assert_eq!(st.view(1).known[0][k("B1") as usize], 0);
    let mut st = pos(json!({
        "discard": "R3", "direction": "counterclockwise",
        "hands": ["R0p G1 G2", "Y1 Y2 Y3", "B1 B2 B3 B4"]
    }));
    act(&mut st, play("R0p"));
    assert_hand(&st, 0, "Y1 Y2 Y3");
    assert_hand(&st, 2, "G1 G2");
    assert_hand(&st, 1, "B1 B2 B3 B4");
    assert_turn(&st, 2);
}

/// §3.23, 9.31: Wild Pass Hands passes the hands like the Pass modifier, after the colour.
#[test]
fn wild_pass_hands() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WPH G1 G2", "Y1 Y2 Y3", "B1 B2 B3 B4"]
    }));
    acts(&mut st, &[play("WPH"), color(GREEN)]);
    assert_hand(&st, 1, "G1 G2");
    assert_hand(&st, 2, "Y1 Y2 Y3");
    assert_hand(&st, 0, "B1 B2 B3 B4");
}

/// L216-L218, B23, option `teams_swap`: Swap: the player chooses a target, both give one card,
/// committed simultaneously (the target does not see the player's card before choosing).
#[test]
fn swap_modifier_commits_both_cards() {
    let mut st = pos(json!({
        "preset": "products", "discard": "R3",
        "hands": ["R5w G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("R5w"));
    act(&mut st, target(2));
    assert_eq!(st.phase(), Phase::Give { seat: 0 });
    assert_eq!(legal(&st), vec![give("G1"), give("G2")]);
    act(&mut st, give("G1"));
    assert_eq!(st.phase(), Phase::Give { seat: 2 });
    assert_eq!(st.view(2).my_give, NO_CARD, "the player's card is hidden");
    assert_eq!(st.view(0).my_give, k("G1"));
    assert_hand(&st, 0, "G1 G2");
    let ev = act(&mut st, give("B2"));
    assert_eq!(count(&ev, |e| matches!(e, Event::CardGiven { .. })), 2);
    assert_hand(&st, 0, "G2 B2");
    assert_hand(&st, 2, "B1 B3 G1");
    assert_turn(&st, 1);
    assert_eq!(st.view(0).known[2][k("G1") as usize], 1);
    assert_eq!(st.view(1).known[2][k("G1") as usize], 0);
}

/// §3.20, 9.28: the Swap card does what the Swap modifier does.
#[test]
fn swap_card() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RSW G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("RSW"), target(1), give("G2"), give("Y3")]);
    assert_hand(&st, 0, "G1 Y3");
    assert_hand(&st, 1, "Y1 Y2 G2");
    assert_turn(&st, 1);
}

// ===== 9. The cards, one by one =====

/// L136, §3.1, 9.1: a number card does nothing; the next player plays.
#[test]
fn number_card_only_passes_the_turn() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R5 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let ev = act(&mut st, play("R5"));
    assert_eq!(
        ev,
        vec![Event::Played {
            seat: 0,
            card: k("R5"),
            flexed: false
        }]
    );
    assert_turn(&st, 1);
    assert_eq!(shown(&st), "R5");
}

/// §3.2, 9.2: Skip (and the Golf 11 Skip, and the normal side of Skip//Skip Everyone).
#[test]
fn skip_cards_pass_over_the_next_player() {
    for card in ["RS", "R11S", "RS/SE"] {
        let mut st = pos(json!({
            "discard": "R3",
            "hands": [format!("{card} G1 G2"), "Y1 Y2 Y3", "B1 B2 B3"]
        }));
        act(&mut st, play(card));
        assert_turn(&st, 2);
    }
}

/// §3.3, 9.3: Reverse (and 10 Reverse, Reverse//Reverse Skip's normal side) turns the direction.
#[test]
fn reverse_cards_turn_the_direction() {
    for card in ["RR", "R10R", "RR/RS"] {
        let mut st = pos(json!({
            "discard": "R3",
            "hands": [format!("{card} G1 G2"), "Y1 Y2 Y3", "B1 B2 B3"]
        }));
        let ev = act(&mut st, play(card));
        assert!(ev.contains(&Event::Direction { clockwise: false }));
        assert_turn(&st, 2);
    }
}

/// B24, §7 q7: with two players a Reverse is an ordinary reverse (the other player is next);
/// option `two_player_reverse_skips` plays it as a Skip.
#[test]
fn reverse_with_two_players() {
    for (opt, next) in [(false, 1), (true, 0)] {
        let mut st = pos(json!({
            "players": 2, "discard": "R3",
            "options": {"two_player_reverse_skips": opt},
            "hands": ["RR G1 G2", "Y1 Y2 Y3"]
        }));
        act(&mut st, play("RR"));
        assert_turn(&st, next);
    }
    // Two players left of three count as two.
    let mut st = pos(json!({
        "discard": "R3", "eliminated": [1],
        "options": {"two_player_reverse_skips": true},
        "hands": ["RR G1 G2", "", "B1 B2 B3"]
    }));
    act(&mut st, play("RR"));
    assert_turn(&st, 0);
}

/// §3.9, 9.5: Reverse Skip reverses, then skips.
#[test]
fn reverse_skip_reverses_then_skips() {
    let mut st = pos(json!({
        "players": 4, "discard": "R3",
        "hands": ["RRS G1 G2", "Y1 Y2 Y3", "B1 B2 B3", "G4 G5 G6"]
    }));
    act(&mut st, play("RRS"));
    assert!(!st.clockwise());
    assert_turn(&st, 2);
}

/// §3.8, 9.10: Skip Everyone: the player who played it plays again (a new turn).
#[test]
fn skip_everyone_plays_again() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RSE G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("RSE"));
    assert_turn(&st, 0);
    assert_eq!(st.played_this_turn(), 0);
}

/// §3.17, 9.7, B25: Wild Pile Up turns cards until a coloured one (the Wilds turned are
/// burned), which starts the mini-pile; only its colour or Wilds may be played on it.
#[test]
fn pile_up_starts_the_mini_pile() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WPU G1 G2 G3", "G7 B6 W R6 Y1", "Y2 Y3 Y4"],
        "draw_pile": "W+4 G6"
    }));
    let ev = acts(&mut st, &[play("WPU"), color(BLUE)]);
    assert!(ev.contains(&Event::MiniPile { card: k("G6") }));
    assert_eq!(st.discard_counts()[k("W+4") as usize], 1, "burned");
    assert_eq!(st.mini_pile(), Some((GREEN, 1)));
    assert_eq!(shown(&st), "G6");
    assert_turn(&st, 1);
    assert_eq!(plays(&st), ["play G7", "play W"].map(String::from));
    assert!(legal(&st).contains(&DRAW));
    act(&mut st, play("G7"));
    assert_eq!(st.mini_pile(), Some((GREEN, 2)));
    assert_turn(&st, 2);
    // Playing nothing on the mini-pile picks it up; play returns to the normal pile.
    let ev = act(&mut st, DRAW);
    assert!(ev.contains(&Event::MiniPickedUp { seat: 2, cards: 2 }));
    assert_eq!(drew(&ev, 2).len(), 0, "no draw from the deck");
    assert_hand(&st, 2, "Y2 Y3 Y4 G6 G7");
    assert_eq!(st.mini_pile(), None);
    assert_eq!(shown(&st), "WPU");
    assert_eq!(st.shown().color, BLUE);
    assert_turn(&st, 0);
}

/// B22, B25: on the mini-pile a Wild takes the mini-pile's colour, and has no colour choice
/// and no action (a Double Speed Up does not raise the tempo); a modifier still happens.
#[test]
fn mini_pile_cards_skip_colour_and_action() {
    let mut st = pos(json!({
        "discard": "R3 WPU", "color": "blue",
        "mini": {"cards": "G6"},
        "hands": ["WSU G1 G2", "G7u Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("WSU"));
    assert_eq!(st.tempo(), 1);
    assert_eq!(st.shown().color, GREEN);
    assert_turn(&st, 1);
    act(&mut st, play("G7u"));
    assert_eq!(
        st.tempo(),
        2,
        "the Speed Up modifier happens on the mini-pile"
    );
    assert_turn(&st, 2);
}

/// B26: a Draw card on the mini-pile joins no stack.
#[test]
fn no_stack_on_the_mini_pile() {
    let mut st = pos(json!({
        "discard": "R3 WPU", "color": "blue",
        "mini": {"cards": "G6"},
        "hands": ["G+2 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("G+2"));
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_eq!(st.mini_pile(), Some((GREEN, 2)));
    assert_turn(&st, 1);
    assert!(legal(&st).contains(&DRAW));
}

/// §3.17, 9.7, B12: falling short on the mini-pile picks up the whole mini-pile (the card just played
/// included) instead of drawing, and the tempo resets.
#[test]
fn shortfall_on_the_mini_pile_picks_it_up() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3 WPU", "color": "yellow",
        "mini": {"cards": "G6 G2"},
        "hands": ["G7 G1 R2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("G7"));
    let ev = act(&mut st, STOP);
    assert!(ev.contains(&Event::MiniPickedUp { seat: 0, cards: 3 }));
    assert_hand(&st, 0, "G1 R2 G6 G2 G7");
    assert_eq!(st.tempo(), 1);
    assert_eq!(st.mini_pile(), None);
    assert_eq!(shown(&st), "WPU");
    assert_eq!(st.shown().color, YELLOW);
    assert_turn(&st, 1);
}

/// §3.16, 9.8, B27: Wild Drawn Together links two players (the player may be one); a linked
/// pair cannot be chosen again.
#[test]
fn drawn_together_links_two_players() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WDT G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("WDT"), color(RED)]);
    assert_eq!(legal(&st), vec![target(0), target(1), target(2)]);
    act(&mut st, target(1));
    assert_eq!(legal(&st), vec![target(0), target(2)]);
    let ev = act(&mut st, target(2));
    assert!(ev.contains(&Event::Linked { a: 1, b: 2 }));
    assert_eq!(st.link(), Some((1, 2)));
    assert_turn(&st, 1);

    // The linked pair is not offered again; a new pair moves the link.
    let mut st = pos(json!({
        "discard": "R3", "link": [1, 2],
        "hands": ["WDT G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("WDT"), color(RED), target(1)]);
    assert_eq!(legal(&st), vec![target(0)]);
    act(&mut st, target(0));
    assert_eq!(st.link(), Some((0, 1)));

    // Option drawn_together_self off: the player may not pick themselves.
    let mut st = pos(json!({
        "discard": "R3", "options": {"drawn_together_self": false},
        "hands": ["WDT G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("WDT"), color(RED)]);
    assert_eq!(legal(&st), vec![target(1), target(2)]);
}

/// B28: when a linked player draws, the other draws as many at once, and that mirrored draw
/// is not mirrored back.
#[test]
fn drawn_together_mirrors_draws_without_loops() {
    let mut st = pos(json!({
        "discard": "R3", "link": [0, 2],
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y9 B9 G9"
    }));
    let ev = act(&mut st, DRAW);
    assert_eq!(drew(&ev, 0), ["Y9"]);
    assert_eq!(drew(&ev, 2), ["B9"]);
    assert_hand(&st, 0, "G1 G2 Y9");
    assert_hand(&st, 2, "B1 B2 B3 B9");
    assert_turn(&st, 1);

    // A tempo shortfall and taking the stack mirror too.
    let mut st = pos(json!({
        "discard": "R+2", "stack": 3, "stack_kind": "draw", "link": [0, 1],
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, TAKE);
    assert_eq!(st.hand(0).len(), 5);
    assert_eq!(st.hand(1).len(), 6);
}

/// B28: receiving cards from a player or a pile is not drawing: a mini-pile pickup and a Trade
/// are not mirrored.
#[test]
fn drawn_together_does_not_mirror_receiving() {
    let mut st = pos(json!({
        "discard": "R3 WPU", "color": "blue", "link": [0, 1],
        "mini": {"cards": "G6 G2"},
        "hands": ["R1 R2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, DRAW);
    assert_eq!(st.hand(0).len(), 4);
    assert_eq!(st.hand(1).len(), 3);
    let mut st = pos(json!({
        "discard": "R3", "link": [0, 1],
        "hands": ["R7t G1 G2", "Y1 Y2 Y3", "B1 B2 B3 B4"]
    }));
    acts(&mut st, &[play("R7t"), target(2)]);
    assert_eq!(st.hand(0).len(), 4);
    assert_eq!(st.hand(1).len(), 3);
}

/// §3.15, 9.9: Point Taken ends the link; every player points at another (committed seat by
/// seat without seeing the earlier answers); each draws one per finger, from the player on.
#[test]
fn point_taken_pointing_and_draws() {
    let mut st = pos(json!({
        "discard": "R3", "link": [1, 2],
        "hands": ["RPT G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5 Y6 Y7"
    }));
    let ev = act(&mut st, play("RPT"));
    assert!(ev.contains(&Event::Unlinked));
    assert_eq!(st.link(), None);
    assert_eq!(st.phase(), Phase::Point { seat: 0 });
    assert_eq!(legal(&st), vec![point(1), point(2)]);
    act(&mut st, point(1));
    assert_eq!(st.phase(), Phase::Point { seat: 1 });
    assert_eq!(
        st.view(1).my_point,
        NONE,
        "seat 1 does not see seat 0's answer"
    );
    assert_eq!(st.view(0).my_point, 1);
    act(&mut st, point(2));
    let ev = act(&mut st, point(1));
    assert!(ev.contains(&Event::Pointed { seat: 0, at: 1 }));
    assert_eq!(drew(&ev, 1), ["Y4", "Y5"]);
    assert_eq!(drew(&ev, 2), ["Y6"]);
    assert_eq!(drew(&ev, 0).len(), 0);
    assert_turn(&st, 1);
}

/// §3.15: the draws of a Point Taken are capped (option `point_taken_cap`, the author's 5).
#[test]
fn point_taken_cap() {
    let mut st = pos(json!({
        "players": 4, "discard": "R3", "options": {"point_taken_cap": 2},
        "hands": ["RPT G1 G2", "Y1 Y2 Y3", "B1 B2 B3", "R4 R5 R6"]
    }));
    act(&mut st, play("RPT"));
    let ev = acts(&mut st, &[point(1), point(0), point(1), point(1)]);
    assert_eq!(drew(&ev, 1).len(), 2, "three fingers, capped at 2");
    assert_eq!(drew(&ev, 0).len(), 1);
    assert_eq!(st.hand(1).len(), 5);
}

/// §3.18, 9.11: Discard Color burns every card of its colour from the hand (flex cards by
/// their primary colour; Wilds stay).
#[test]
fn discard_color_burns_the_colour() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RDC R1 R9 RS/SE G1 W", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let ev = act(&mut st, play("RDC"));
    assert!(ev.contains(&Event::Burned { seat: 0, cards: 3 }));
    assert_hand(&st, 0, "G1 W");
    assert_eq!(st.discard_counts()[k("R9") as usize], 1);
    assert_turn(&st, 1);
}

/// 9.11, L148: emptying the hand by Discard Color needs no UNO call (and wins at the end of the
/// turn); a hand left at one card does get its UNO window.
#[test]
fn discard_color_and_uno() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RDC R1 R2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let ev = act(&mut st, play("RDC"));
    assert!(ev.contains(&Event::Won { seat: 0 }));
    assert_eq!(st.phase(), Phase::Over);
    assert_eq!(st.outcome().unwrap().winner, Some(0));
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RDC R1 G1", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("RDC"));
    assert_eq!(st.phase(), Phase::Uno { seat: 0 });
}

/// §3.19, 9.12: Wild Color Roulette: the next player turns cards until the chosen colour (a
/// Wild does not count), keeps them all (seen by everyone) and is passed over.
#[test]
fn color_roulette() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WCR G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R1 W G2 B9 Y4"
    }));
    let ev = acts(&mut st, &[play("WCR"), color(BLUE)]);
    assert_eq!(drew(&ev, 1), ["R1", "W", "G2", "B9"]);
    assert_hand(&st, 1, "Y1 Y2 Y3 R1 W G2 B9");
    assert_turn(&st, 2);
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_eq!(st.view(2).known[1][k("B9") as usize], 1, "turned face up");
    assert_eq!(st.view(2).known[1][k("Y1") as usize], 0);
}

/// 9.12, B28: the linked partner of the Color Roulette victim draws as many.
#[test]
fn color_roulette_mirrors_to_the_link() {
    let mut st = pos(json!({
        "discard": "R3", "link": [1, 2],
        "hands": ["WCR G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R1 B9 Y4 Y5"
    }));
    acts(&mut st, &[play("WCR"), color(BLUE)]);
    assert_eq!(st.hand(1).len(), 5);
    assert_eq!(st.hand(2).len(), 5);
}

/// §3.10, 9.13: Everyone Draw 1 (flex side of Draw 2) and Everyone Draw 2 (flex side of the
/// Wild): every other player draws at once; no stack.
#[test]
fn everyone_draw() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R+2/E1 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5"
    }));
    let ev = act(&mut st, flex("R+2/E1"));
    assert_eq!(drew(&ev, 1), ["Y4"]);
    assert_eq!(drew(&ev, 2), ["Y5"]);
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_turn(&st, 1);
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["W/E2 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[flex("W/E2"), color(GREEN)]);
    assert_eq!(st.hand(1).len(), 5);
    assert_eq!(st.hand(2).len(), 5);
    assert_eq!(st.hand(0).len(), 2);
}

/// §3.13, 9.14: Wild Team Play: the chosen player is next; if they fall short they draw twice
/// the tempo in force when their turn started.
#[test]
fn team_play_doubles_the_shortfall() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "G5",
        "hands": ["G3 WTP G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("G3"), play("WTP"), color(YELLOW)]);
    assert_eq!(legal(&st), vec![target(1), target(2)]);
    let ev = act(&mut st, target(2));
    assert!(ev.contains(&Event::TeamPlay { seat: 2 }));
    assert_turn(&st, 2);
    let ev = act(&mut st, DRAW);
    assert_eq!(drew(&ev, 2).len(), 4, "twice the tempo of 2");
    assert_eq!(st.tempo(), 1);
    assert_turn(&st, 0);

    // At tempo 1 a Team Play victim who plays nothing draws 2 (B47).
    let mut st = pos(json!({
        "discard": "G5",
        "hands": ["WTP G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("WTP"), color(YELLOW), target(2)]);
    let ev = act(&mut st, DRAW);
    assert_eq!(drew(&ev, 2).len(), 2);
}

/// §3.13, 9.14, B47 (audit finding 3): at tempo 1, playing nothing on a Team Play turn is
/// falling short, not the basic draw: twice the tempo (2 cards), and a playable card among
/// them is not offered (B13); with option `play_after_shortfall` one of them may be played
/// (one card was missing).
#[test]
fn team_play_at_tempo_one_is_a_shortfall_of_two() {
    let start = json!({
        "discard": "G5",
        "hands": ["WTP G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 B9 Y6"
    });
    let mut st = pos(start.clone());
    acts(&mut st, &[play("WTP"), color(YELLOW), target(2)]);
    assert_turn(&st, 2);
    assert_eq!(legal(&st), vec![DRAW]);
    let ev = act(&mut st, DRAW);
    assert_eq!(drew(&ev, 2), ["Y4", "B9"]);
    assert_eq!(st.stats().shortfalls, 1);
    assert_hand(&st, 2, "B1 B2 B3 Y4 B9");
    assert_turn(&st, 0);
    assert_eq!(st.shown().kind, k("WTP"));

    let mut with = start;
    with["options"] = json!({"play_after_shortfall": true});
    let mut st = pos(with);
    acts(&mut st, &[play("WTP"), color(YELLOW), target(2)]);
    let ev = act(&mut st, DRAW);
    assert_eq!(drew(&ev, 2), ["Y4", "B9"]);
    assert_eq!(st.phase(), Phase::AfterShort, "{st:?}");
    assert_eq!(plays(&st), ["play Y4"]);
    act(&mut st, play("Y4"));
    assert_eq!(shown(&st), "Y4");
    assert_turn(&st, 0);
}

/// §3.12, 9.16: Double Draw 2 (Wild and Golf 22): two picks, the same player may be picked
/// twice, each pick draws 2 at once; no stack.
#[test]
fn double_draw_two() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WDD G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("WDD"), color(RED), target(1)]);
    assert_eq!(legal(&st), vec![target(1), target(2)]);
    act(&mut st, target(1));
    assert_eq!(st.hand(1).len(), 7);
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_turn(&st, 1);
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R22DD G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("R22DD"), target(2), target(1)]);
    assert_eq!(st.hand(1).len(), 5);
    assert_eq!(st.hand(2).len(), 5);
    assert_turn(&st, 1);
}

/// §3.14, 9.17, B29: Wild Targeted Skip: the chosen player's next turn passes to the player
/// after them; pending skips on one player add up.
#[test]
fn targeted_skip_adds_up() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WTS G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("WTS"), color(RED)]);
    assert_eq!(legal(&st), vec![target(1), target(2)]);
    act(&mut st, target(1));
    assert_turn(&st, 2);
    assert_eq!(st.targeted_skips(1), 0);

    let mut st = pos(json!({
        "discard": "R3", "targeted_skips": [1],
        "hands": ["WTS G1 G2 G3", "Y1 Y2 Y3", "R4 R5 R6 R7"]
    }));
    acts(&mut st, &[play("WTS"), color(RED), target(1)]);
    assert_eq!(st.targeted_skips(1), 1, "one of two used");
    assert_turn(&st, 2);
    act(&mut st, play("R4"));
    assert_turn(&st, 0);
    act(&mut st, DRAW);
    if st.phase() != Phase::Turn {
        act(&mut st, KEEP);
    }
    assert_turn(&st, 2);
    assert_eq!(st.targeted_skips(1), 0);
}

/// §3.24, 9.21: a Gift drawn from the deck is shown and given to another player; playing a
/// Gift does nothing.
#[test]
fn gift_drawn_from_the_deck_is_given() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["G1 G2 G3", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "RGF Y4"
    }));
    act(&mut st, DRAW);
    assert_eq!(
        st.phase(),
        Phase::Target {
            why: TargetWhy::Gift,
            seat: 0
        }
    );
    assert_eq!(legal(&st), vec![target(1), target(2)]);
    let ev = act(&mut st, target(2));
    assert!(ev.contains(&Event::CardGiven {
        from: 0,
        to: 2,
        card: k("RGF")
    }));
    assert_hand(&st, 0, "G1 G2 G3");
    assert_hand(&st, 2, "B1 B2 B3 RGF");
    assert_eq!(st.view(1).known[2][k("RGF") as usize], 1, "shown");
    assert_turn(&st, 1);

    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RGF G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("RGF"));
    assert_turn(&st, 1);
    assert_hand(&st, 1, "Y1 Y2 Y3");
}

/// §3.24: a Gift that arrives by a Trade is not drawn from the deck, so it stays.
#[test]
fn gift_received_by_trade_stays() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R7t G1 G2", "Y1 Y2 Y3", "BGF B2 B3"]
    }));
    acts(&mut st, &[play("R7t"), target(2)]);
    assert_turn(&st, 1);
    assert_hand(&st, 0, "BGF B2 B3");
}

/// L227-L234, §3.25, 9.25: a Creeper drawn from the deck is revealed and costs 3 more cards.
#[test]
fn creeper_drawn_costs_three() {
    let mut st = pos(json!({
        "discard": "B5",
        "hands": ["G1 G2 G3", "Y1 Y2 Y3", "R1 R2 R3"],
        "draw_pile": "WCP R4 R5 R6"
    }));
    let ev = act(&mut st, DRAW);
    assert!(ev.contains(&Event::Creeper { seat: 0 }));
    assert!(ev.contains(&Event::Penalty { seat: 0, cards: 3 }));
    assert_hand(&st, 0, "G1 G2 G3 WCP R4 R5 R6");
    // The drawn Creeper is the basic draw's card; it may be played (a Wild).
    assert_eq!(st.phase(), Phase::PostDraw { kind: k("WCP") });
    assert_eq!(st.view(1).known[0][k("WCP") as usize], 1, "revealed");
    act(&mut st, KEEP);
    assert_turn(&st, 1);
}

/// L231 (exception 1), B32: a second Creeper the same turn costs nothing more.
#[test]
fn creeper_penalty_once_a_turn() {
    let mut st = pos(json!({
        "discard": "B5",
        "hands": ["G1 G2 G3", "Y1 Y2 Y3", "R1 R2 R3"],
        "draw_pile": "WCP R4 WCP R6"
    }));
    let ev = act(&mut st, DRAW);
    assert_eq!(count(&ev, |e| matches!(e, Event::Creeper { .. })), 2);
    assert_eq!(
        count(&ev, |e| matches!(e, Event::Penalty { seat: 0, .. })),
        1
    );
    assert_hand(&st, 0, "G1 G2 G3 WCP R4 WCP R6");
}

/// L227-L234, §3.25, 9.25: taking the stack brings a Creeper too.
#[test]
fn creeper_by_the_stack() {
    let mut st = pos(json!({
        "discard": "R+2", "stack": 2, "stack_kind": "draw",
        "hands": ["G1 G2 G3", "Y1 Y2 Y3", "R1 R2 R3"],
        "draw_pile": "WCP R4 R5 R6 R7"
    }));
    act(&mut st, TAKE);
    assert_hand(&st, 0, "G1 G2 G3 WCP R4 R5 R6 R7");
}

/// L227-L234, §3.25, 9.25: a Creeper arriving by Trade, Pass, Swap or a mini-pile pickup costs its new holder 3.
#[test]
fn creeper_by_trade_pass_swap_pickup() {
    // Trade: seat 0 receives seat 2's Creeper.
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R7t G1 G2", "Y1 Y2 Y3", "WCP B2 B3"],
        "draw_pile": "R4 R5 R6"
    }));
    let ev = acts(&mut st, &[play("R7t"), target(2)]);
    assert!(ev.contains(&Event::Creeper { seat: 0 }));
    assert_hand(&st, 0, "WCP B2 B3 R4 R5 R6");
    // Pass: seat 2's Creeper goes to seat 0.
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R0p G1 G2", "Y1 Y2 Y3", "WCP B2 B3"],
        "draw_pile": "R4 R5 R6"
    }));
    let ev = act(&mut st, play("R0p"));
    assert!(ev.contains(&Event::Creeper { seat: 0 }));
    assert_eq!(st.hand(0).len(), 6);
    // Swap: seat 0 gives its Creeper to seat 1.
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RSW WCP G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R4 R5 R6"
    }));
    let ev = acts(&mut st, &[play("RSW"), target(1), give("WCP"), give("Y1")]);
    assert!(ev.contains(&Event::Creeper { seat: 1 }));
    assert_hand(&st, 1, "Y2 Y3 WCP R4 R5 R6");
    // A mini-pile pickup.
    let mut st = pos(json!({
        "discard": "R3 WPU", "color": "red",
        "mini": {"cards": "G6 WCP", "color": "green"},
        "hands": ["R1 R2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R4 R5 R6"
    }));
    let ev = act(&mut st, DRAW);
    assert!(ev.contains(&Event::Creeper { seat: 0 }));
    assert_hand(&st, 0, "R1 R2 G6 WCP R4 R5 R6");
}

/// L232 (exception 2), B37: a Creeper taken back from its holder's own wrong jump-in costs no
/// Creeper penalty (only the wrong jump-in's card).
#[test]
fn creeper_back_from_a_wrong_jump_in() {
    let mut st = pos(json!({
        "discard": "R3", "options": {"wrong_jump_ins": true},
        "hands": ["W G1 G2", "Y1 Y2 Y3", "WCP B2 B3"],
        "draw_pile": "R4 R5 R6"
    }));
    acts(&mut st, &[play("W"), color(RED)]);
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    assert!(legal(&st).contains(&wrong("WCP")));
    let ev = act(&mut st, wrong("WCP"));
    assert!(ev.contains(&Event::WrongJumpIn {
        seat: 2,
        card: k("WCP")
    }));
    assert_eq!(count(&ev, |e| matches!(e, Event::Creeper { .. })), 0);
    assert_hand(&st, 2, "WCP B2 B3 R4");
    assert_turn(&st, 1);
}

/// §3.21, 9.29: Refresh Hand burns the hand (after itself left it) and draws as many.
#[test]
fn refresh_hand() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RRH G1 G2 G3", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5 Y6 Y7"
    }));
    let ev = act(&mut st, play("RRH"));
    assert!(ev.contains(&Event::Burned { seat: 0, cards: 3 }));
    assert_hand(&st, 0, "Y4 Y5 Y6");
    assert_eq!(st.discard_counts()[k("G2") as usize], 1);
    assert_turn(&st, 1);
}

/// §3.22, 9.30: Wild Force Trade: two players exchange hands; the player may be one of them.
#[test]
fn force_trade() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WFT G1 G2", "Y1 Y2 Y3", "B1 B2 B3 B4"]
    }));
    acts(&mut st, &[play("WFT"), color(RED)]);
    assert_eq!(legal(&st), vec![target(0), target(1), target(2)]);
    act(&mut st, target(1));
    assert_eq!(legal(&st), vec![target(0), target(2)]);
    act(&mut st, target(2));
    assert_hand(&st, 1, "B1 B2 B3 B4");
    assert_hand(&st, 2, "Y1 Y2 Y3");
    assert_hand(&st, 0, "G1 G2");
    // With yourself.
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WFT G1 G2", "Y1 Y2 Y3", "B1 B2 B3 B4"]
    }));
    acts(&mut st, &[play("WFT"), color(RED), target(0), target(2)]);
    assert_hand(&st, 0, "B1 B2 B3 B4");
    assert_hand(&st, 2, "G1 G2");
    assert_turn(&st, 1);
}

/// 9.32, L195-L196 (no challenges): a plain Wild only names the colour; a Wild Draw 4 is
/// played with a matching colour in hand and is never challenged.
#[test]
fn plain_wild_and_no_challenges() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["W G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("W"));
    assert_eq!(legal(&st), vec![color(0), color(1), color(2), color(3)]);
    act(&mut st, color(YELLOW));
    assert_eq!(st.shown().color, YELLOW);
    assert_turn(&st, 1);
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["W+4 R1 R2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("W+4"), color(BLUE)]);
    assert_turn(&st, 1);
    assert_eq!(legal(&st), vec![TAKE]);
}

// ===== 10. Jump-ins =====

/// L168-L171, B34, B46: only an identical card (colour and face, modifiers aside) jumps in;
/// the player who laid it is not asked, the next active player is (B46); the jumper becomes
/// the active player and play goes on from them.
#[test]
fn jump_in_with_an_identical_card() {
    let mut st = pos(json!({
        "players": 4, "discard": "R3",
        "hands": ["R5 G1 G2", "R5 Y2 Y3", "G5 B5 B2", "R5 R6 R7"]
    }));
    act(&mut st, play("R5"));
    // Seat 1 is next and is asked first (B46); it lets the card go.
    assert_eq!(st.phase(), Phase::Jump { seat: 1 });
    act(&mut st, DECLINE);
    // Seat 2 has no identical card, seat 3 is asked.
    assert_eq!(st.phase(), Phase::Jump { seat: 3 });
    assert_eq!(legal(&st), vec![jump("R5"), DECLINE]);
    let ev = act(&mut st, jump("R5"));
    assert!(ev.contains(&Event::JumpedIn {
        seat: 3,
        card: k("R5")
    }));
    // The jump-in card opens its own window: seat 1 is asked again.
    assert_eq!(st.phase(), Phase::Jump { seat: 1 });
    act(&mut st, DECLINE);
    assert_turn(&st, 0);
    assert_hand(&st, 3, "R6 R7");
}

/// B34: claimants are asked in turn order from the left of the player who laid the card; a
/// decline passes the question on.
#[test]
fn jump_in_claimants_in_turn_order() {
    let mut st = pos(json!({
        "players": 5, "discard": "R3",
        "hands": ["R5 G1 G2", "Y1 Y2 Y3", "R5 B1 B2", "R5 G3 G4", "Y4 Y5 Y6"]
    }));
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    act(&mut st, DECLINE);
    assert_eq!(st.phase(), Phase::Jump { seat: 3 });
    act(&mut st, DECLINE);
    assert_turn(&st, 1);
}

/// L171 (modifiers aside): a Trade 7 jumps in on a plain 7 and its Trade happens (a jump-in
/// card's events happen as the last card of a turn).
#[test]
fn jump_in_ignores_modifiers() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R7 G1 G2", "Y1 Y2 Y3", "R7t B1 B2"]
    }));
    act(&mut st, play("R7"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    act(&mut st, jump("R7t"));
    assert_eq!(
        st.phase(),
        Phase::Target {
            why: TargetWhy::Trade,
            seat: 2
        }
    );
    act(&mut st, target(1));
    assert_hand(&st, 1, "B1 B2");
    assert_turn(&st, 0);
}

/// L172: Wild is a colour of its own for jump-ins: a Wild Draw 4 jumps in on a Wild Draw 4
/// (whatever colour was chosen), and under a stack it adds to the stack (L247).
#[test]
fn jump_in_under_a_stack() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["W+4 G1 G2", "Y1 Y2 Y3", "W+4 B1 B2"]
    }));
    acts(&mut st, &[play("W+4"), color(GREEN)]);
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    acts(&mut st, &[jump("W+4"), color(BLUE)]);
    assert_eq!(st.stack(), (8, StackKind::Draw));
    assert_turn(&st, 0);
    assert_eq!(legal(&st), vec![TAKE]);
}

/// B35: a jump-in during a tempo run ends the interrupted turn without a shortfall: no draw,
/// the tempo unchanged; play goes on from the jumper.
#[test]
fn jump_in_interrupts_a_run_without_shortfall() {
    let mut st = pos(json!({
        "players": 4, "tempo": 2, "discard": "R3",
        "hands": ["R5 G1 G2", "Y1 Y2 Y3", "R5 B1 B2", "Y4 Y5 Y6"]
    }));
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    let ev = act(&mut st, jump("R5"));
    assert_eq!(count(&ev, |e| matches!(e, Event::Drew { .. })), 0);
    assert_eq!(st.tempo(), 2);
    assert_turn(&st, 3);
    assert_hand(&st, 0, "G1 G2");
}

/// B33: a `#` is identical to a number of its colour: it jumps in taking that number, and a
/// plain number jumps in on a `#` showing it. A Wild DOS is identical only to a Wild DOS.
#[test]
fn jump_in_with_hash_and_dos() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R5 G1 G2", "Y1 Y2 Y3", "R# B1 B2"]
    }));
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    act(&mut st, jump("R#"));
    assert_eq!(legal(&st), vec![number(5)]);
    act(&mut st, number(5));
    assert_turn(&st, 0);

    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R# G1 G2", "Y1 Y2 Y3", "R8 B1 B2"]
    }));
    acts(&mut st, &[play("R#"), number(8)]);
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    act(&mut st, jump("R8"));
    assert_turn(&st, 0);

    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WDOS G1 G2", "Y1 Y2 Y3", "R2 B2 W"]
    }));
    acts(&mut st, &[play("WDOS"), color(RED)]);
    assert_turn(&st, 1);
}

/// L174, L248, B37, option `wrong_jump_ins`: a near card (same colour or same face, not both)
/// may be tried; it is shown, taken back, and costs one card; the active player and the stack
/// are unchanged. Off (the default) it is never offered.
#[test]
fn wrong_jump_ins() {
    let base = json!({
        "discard": "R3",
        "hands": ["R+2 G1 G2", "Y1 Y2 Y3", "G+2 B1 B2"],
        "draw_pile": "B9"
    });
    let mut st = pos(base.clone());
    act(&mut st, play("R+2"));
    assert_turn(&st, 1);
    let mut v = base;
    v["options"] = json!({"wrong_jump_ins": true});
    let mut st = pos(v);
    act(&mut st, play("R+2"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    assert_eq!(legal(&st), vec![wrong("G+2"), DECLINE]);
    let ev = act(&mut st, wrong("G+2"));
    assert_eq!(drew(&ev, 2), ["B9"]);
    assert_hand(&st, 2, "G+2 B1 B2 B9");
    assert_eq!(st.stack(), (2, StackKind::Draw));
    assert_turn(&st, 1);
    assert_eq!(st.view(0).known[2][k("G+2") as usize], 1, "shown");
}

/// B2, option `symbol_families`: the families are one symbol for jump-ins too, so a Red Draw
/// 4 jumps in on a Red Draw 2.
#[test]
fn symbol_families_for_jump_ins() {
    let base = json!({
        "discard": "R3",
        "hands": ["R+2 G1 G2", "Y1 Y2 Y3", "R+4 B1 B2"]
    });
    let mut st = pos(base.clone());
    act(&mut st, play("R+2"));
    assert_turn(&st, 1);
    let mut v = base;
    v["options"] = json!({"symbol_families": true});
    let mut st = pos(v);
    act(&mut st, play("R+2"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    act(&mut st, jump("R+4"));
    assert_eq!(st.stack(), (6, StackKind::Draw));
    assert_turn(&st, 0);
}

// ===== 11. UNO =====

/// L148-L149, B38: a hand reaching one card calls UNO or stays silent; a silent player may be
/// caught by the others in turn order and draws 2.
#[test]
fn uno_call_and_catch() {
    let base = json!({
        "discard": "R3",
        "hands": ["R5 G1", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5"
    });
    let mut st = pos(base.clone());
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Uno { seat: 0 });
    assert_eq!(legal(&st), vec![CALL, SILENT]);
    let ev = act(&mut st, CALL);
    assert!(ev.contains(&Event::UnoCalled { seat: 0 }));
    assert_turn(&st, 1);

    let mut st = pos(base.clone());
    acts(&mut st, &[play("R5"), SILENT]);
    assert_eq!(st.phase(), Phase::Catch { seat: 0, by: 1 });
    assert_eq!(legal(&st), vec![CATCH, NO_CATCH]);
    act(&mut st, NO_CATCH);
    assert_eq!(st.phase(), Phase::Catch { seat: 0, by: 2 });
    let ev = act(&mut st, CATCH);
    assert!(ev.contains(&Event::Caught { seat: 0, by: 2 }));
    assert_hand(&st, 0, "G1 Y4 Y5");
    assert_turn(&st, 1);

    let mut st = pos(base);
    acts(&mut st, &[play("R5"), SILENT, NO_CATCH, NO_CATCH]);
    assert_hand(&st, 0, "G1");
    assert_turn(&st, 1);
}

/// L148 ("by any route"): a hand brought to one card by a Trade gets the UNO window.
#[test]
fn uno_window_after_a_trade() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R7t G1 G2", "Y1 Y2 Y3", "B1"]
    }));
    acts(&mut st, &[play("R7t"), target(2)]);
    assert_eq!(st.phase(), Phase::Uno { seat: 0 });
}

// ===== 12. The end of a turn =====

/// L151-L152: a player with no cards at the end of the turn wins.
#[test]
fn empty_hand_wins() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R5", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let ev = act(&mut st, play("R5"));
    assert!(ev.contains(&Event::Won { seat: 0 }));
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.placing[0], 1);
    assert!(st.is_terminal());
}

/// B39, B35: a hand emptied by the first card of a run, whose turn is then taken by a jump-in,
/// is still empty at the end of the jumper's turn: both empty hands share the win.
#[test]
fn empty_hands_at_once_share_the_win() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3",
        "hands": ["R5", "Y1 Y2 Y3", "R5"]
    }));
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    act(&mut st, jump("R5"));
    let o = st.outcome().expect("over");
    assert!(o.winner == Some(2) || o.winner == Some(0));
    assert_eq!(o.placing[0], 1);
    assert_eq!(o.placing[2], 1);
    assert_eq!(o.placing[1], 3);
}

/// L153-L154, B40, option `elimination_at`: a player at the limit at the end of a turn is
/// eliminated, their hand burned; play skips them.
#[test]
fn elimination_at_the_limit() {
    let mut st = pos(json!({
        "discard": "R3", "options": {"elimination_at": 10},
        "hands": ["W/T2 G1 G2", "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9", "B1 B2 B3"]
    }));
    let ev = acts(&mut st, &[flex("W/T2"), color(RED), target(1)]);
    assert!(ev.contains(&Event::Eliminated { seat: 1 }));
    assert!(st.eliminated(1));
    assert_eq!(st.hand(1).len(), 0);
    assert_eq!(st.discard_counts()[k("Y9") as usize], 1, "burned");
    assert_turn(&st, 2);
    assert_eq!(st.elimination_order(1), 1);
}

/// B40: if every remaining player would be eliminated at once, the fewest cards stay in.
#[test]
fn everyone_over_the_limit_keeps_the_fewest() {
    let mut st = pos(json!({
        "discard": "R3", "options": {"elimination_at": 10},
        "hands": [
            "W/E2 G1 G2 G3 G4 G5 G6 G7 G8 G9 R1 R2",
            "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9",
            "B1 B2 B3 B4 B5 B6 B7 B8 B9 R4"
        ]
    }));
    acts(&mut st, &[flex("W/E2"), color(RED)]);
    assert!(st.eliminated(2));
    assert!(!st.eliminated(0) && !st.eliminated(1));
    assert_eq!(st.hand(0).len(), 11);
    assert_eq!(st.hand(1).len(), 11);
}

/// L152: the last player standing wins.
#[test]
fn last_player_standing_wins() {
    let mut st = pos(json!({
        "discard": "R3", "options": {"elimination_at": 10}, "eliminated": [2],
        "hands": ["W/T2 G1 G2", "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9", ""]
    }));
    let ev = acts(&mut st, &[flex("W/T2"), color(RED), target(1)]);
    assert!(ev.contains(&Event::Eliminated { seat: 1 }));
    assert!(ev.contains(&Event::Won { seat: 0 }));
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.placing[0], 1);
    // The last out places above the first out.
    assert_eq!(o.placing[1], 2);
    assert_eq!(o.placing[2], 3);
}

/// B20, B29: an eliminated player's pending Targeted Skips end, and a link with them ends.
#[test]
fn elimination_ends_skips_and_link() {
    let mut st = pos(json!({
        "players": 4, "discard": "R3", "options": {"elimination_at": 10},
        "targeted_skips": [1], "link": [1, 3],
        "hands": ["W/T2 G1 G2", "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9", "B1 B2 B3", "R4 R5 R6"]
    }));
    let ev = acts(&mut st, &[flex("W/T2"), color(RED), target(1)]);
    assert!(st.eliminated(1));
    assert!(ev.contains(&Event::Unlinked));
    assert_eq!(st.link(), None);
    assert_eq!(st.targeted_skips(1), 0);
    assert_turn(&st, 2);
}

/// B41: when the draw pile is empty the discard pile but its top is shuffled in.
#[test]
fn reshuffle_when_the_draw_pile_runs_out() {
    let mut st = BlenderState::deal(BlenderOptions::default(), 2, 3);
    let mut rng = uno_engine::Rng::new(1);
    let mut reshuffled = false;
    for _ in 0..20_000 {
        if st.is_terminal() {
            break;
        }
        let a = st.sample_legal(&mut rng);
        let mut log = Vec::new();
        st.apply_logged(a, &mut log).unwrap();
        reshuffled |= log.contains(&Event::Reshuffle);
        assert_conserved(&st);
        if reshuffled {
            break;
        }
    }
    assert!(reshuffled || st.is_terminal());
}

// ===== strict apply and the notation =====

/// variant-done item 4 (the engine is strict; no seed line): an illegal action is an error and
/// leaves the state unchanged.
#[test]
fn strict_apply_refuses_and_changes_nothing() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R5 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let before = format!("{st:?}");
    for a in [play("G1"), play("Y1"), TAKE, STOP, KEEP, color(RED), CALL] {
        let mut log = Vec::new();
        assert!(
            st.apply_logged(a, &mut log).is_err(),
            "{}",
            st.action_name(a)
        );
        assert!(log.is_empty());
        assert_eq!(format!("{st:?}"), before);
    }
    assert!(st.apply(NUM_ACTIONS as Action + 3).is_err());
    assert_eq!(format!("{st:?}"), before);
}

/// Section 20 (the notation's header in `scenario.rs`): the errors say what is wrong.
#[test]
fn scenario_errors_are_clear() {
    let hands = json!(["R5", "Y1", "B1"]);
    let e = scenario_error(json!({"discard": "R3", "hands": hands, "colour": "red"}));
    assert!(e.contains("unknown field") && e.contains("colour"), "{e}");
    let e = scenario_error(json!({"discard": "R3", "hands": ["R99", "Y1", "B1"]}));
    assert!(e.contains("hands[0]") && e.contains("R99"), "{e}");
    let e = scenario_error(json!({"discard": "R3", "hands": ["WCR WCR WCR", "Y1", "B1"]}));
    assert!(e.contains("WCR") && e.contains("2"), "{e}");
    let e = scenario_error(json!({"discard": "R3", "hands": hands, "current": 5}));
    assert!(e.contains("current") && e.contains("seat 5"), "{e}");
    let e = scenario_error(json!({"discard": "R3", "hands": hands, "link": [0, 7]}));
    assert!(e.contains("link") && e.contains("seat 7"), "{e}");
    let e = scenario_error(json!({"discard": "W", "hands": hands}));
    assert!(e.contains("color") && e.contains("Wild"), "{e}");
    let e = scenario_error(json!({"discard": "R3", "hands": ["R5", "Y1"]}));
    assert!(e.contains("hands"), "{e}");
    let e = scenario_error(json!({"discard": "R3", "hands": hands, "stack": 2}));
    assert!(e.contains("stack_kind"), "{e}");
    let e = scenario_error(json!({"discard": "R3", "hands": hands, "tempo": 2, "played": 2}));
    assert!(e.contains("played"), "{e}");
    let e = scenario_error(json!({"discard": "R3", "hands": hands, "preset": "nope"}));
    assert!(e.contains("nope"), "{e}");
    let e = scenario_error(json!({"discard": "R3", "hands": hands, "options": {"bogus": 1}}));
    assert!(e.contains("bogus"), "{e}");
    let e = scenario_error(json!({"discard": "R3", "hands": hands, "draw_pile": "R7t R7t"}));
    assert!(e.contains("draw_pile") && e.contains("R7t"), "{e}");
}

// ===== more interactions =====

/// §3.25 `[inferred]`: played, a Wild Creeper is a Wild with no further action.
#[test]
fn creeper_played_is_a_plain_wild() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WCP G1 G2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    let ev = acts(&mut st, &[play("WCP"), color(BLUE)]);
    assert_eq!(count(&ev, |e| matches!(e, Event::Drew { .. })), 0);
    assert_eq!(st.shown().color, BLUE);
    assert_turn(&st, 1);
}

/// L227-L234, §3.19, §3.25, 9.25: a Creeper turned over by Color Roulette enters the victim's hand and costs 3.
#[test]
fn creeper_by_color_roulette() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WCR G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "WCP B9 R4 R5 R6"
    }));
    let ev = acts(&mut st, &[play("WCR"), color(BLUE)]);
    assert!(ev.contains(&Event::Creeper { seat: 1 }));
    assert_hand(&st, 1, "Y1 Y2 Y3 WCP B9 R4 R5 R6");
    assert_turn(&st, 2);
}

/// L231, B32, 9.25 (exception 1 is per turn): a Creeper on the next turn costs 3 again.
#[test]
fn creeper_penalty_again_next_turn() {
    let mut st = pos(json!({
        "players": 2, "discard": "B5",
        "hands": ["G1 G2 G3", "Y1 Y2 Y3"],
        "draw_pile": "WCP R4 R5 R6 Y9 WCP R7 R8 R9"
    }));
    acts(&mut st, &[DRAW, KEEP]);
    assert_eq!(st.hand(0).len(), 7);
    act(&mut st, DRAW);
    assert_turn(&st, 0);
    act(&mut st, DRAW);
    assert_eq!(st.hand(0).len(), 11);
}

/// B20: when the player facing a stack is eliminated at the end of the turn, the next player
/// faces it.
#[test]
fn the_stack_passes_over_an_eliminated_player() {
    let mut st = pos(json!({
        "discard": "R3", "options": {"elimination_at": 10},
        "hands": ["R+2 G1 G2", "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y1", "B1 B2 B3"]
    }));
    act(&mut st, play("R+2"));
    assert!(st.eliminated(1));
    assert_turn(&st, 2);
    assert_eq!(st.stack(), (2, StackKind::Draw));
    assert_eq!(legal(&st), vec![TAKE]);
}

/// B12, B16: stopping after a Wild played first makes it the last card: its colour is chosen.
#[test]
fn stopping_after_a_wild_chooses_its_colour() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3",
        "hands": ["W G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5"
    }));
    act(&mut st, play("W"));
    assert_eq!(st.shown().color, WILD);
    act(&mut st, STOP);
    assert_eq!(st.phase(), Phase::Color);
    act(&mut st, color(GREEN));
    assert_eq!(st.shown().color, GREEN);
    assert_turn(&st, 1);
    assert_hand(&st, 0, "G1 G2 Y4 Y5");
}

/// L247, 9.7, B22: a jump-in on the mini-pile: an identical card joins the mini-pile, with no
/// colour choice and no action.
#[test]
fn jump_in_on_the_mini_pile() {
    let mut st = pos(json!({
        "discard": "R3 WPU", "color": "blue",
        "mini": {"cards": "G6"},
        "hands": ["GS G1 G2", "Y1 Y2 Y3", "GS B1 B2"]
    }));
    act(&mut st, play("GS"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    act(&mut st, jump("GS"));
    assert_eq!(st.mini_pile(), Some((GREEN, 3)));
    // On the mini-pile a Skip does nothing: the player after the jumper plays.
    assert_turn(&st, 0);
}

/// 4.1, L164: each card of a run must match the card played just before it.
#[test]
fn each_card_of_a_run_matches_the_one_before() {
    let mut st = pos(json!({
        "tempo": 3, "discard": "R3",
        "hands": ["R5 G5 G7 B7 Y2", "Y1 Y3 Y4", "B1 B2 B3"]
    }));
    act(&mut st, play("R5"));
    assert_eq!(plays(&st), ["play G5"].map(String::from));
    act(&mut st, play("G5"));
    assert_eq!(plays(&st), ["play G7"].map(String::from));
    act(&mut st, play("G7"));
    assert_turn(&st, 1);
    assert_hand(&st, 0, "B7 Y2");
}

/// §3.16, §3.24, 9.21, B28: a Gift drawn by the linked partner's mirrored draw is given by that partner.
#[test]
fn gift_in_a_mirrored_draw() {
    let mut st = pos(json!({
        "discard": "R3", "link": [0, 2],
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y9 BGF"
    }));
    act(&mut st, DRAW);
    assert_eq!(
        st.phase(),
        Phase::Target {
            why: TargetWhy::Gift,
            seat: 2
        }
    );
    act(&mut st, target(1));
    assert_hand(&st, 1, "Y1 Y2 Y3 BGF");
    assert_turn(&st, 1);
}

/// §3.17, 16, B43: knowledge is kept only where it was earned: cards drawn face down are hidden, a card
/// given in a Swap is known to its giver only, a mini-pile pickup to everyone.
#[test]
fn knowledge_hides_and_keeps() {
    let mut st = pos(json!({
        "discard": "R3 WPU", "color": "blue",
        "mini": {"cards": "G6 G2"},
        "hands": ["R1 R2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, DRAW);
    for o in [1u8, 2] {
        assert_eq!(st.view(o).known[0][k("G6") as usize], 1);
        assert_eq!(st.view(o).known[0][k("R1") as usize], 0);
    }
    assert!(st.view(0).known[0].iter().all(|&c| c == 0));
    // Playing a known card shrinks the bound.
    let mut st = pos(json!({
        "discard": "G3 WPU", "color": "green",
        "mini": {"cards": "G6"},
        "hands": ["R1 R2", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, DRAW);
    assert_eq!(st.view(1).known[0][k("G6") as usize], 1);
    assert_eq!(st.view(1).phase, Phase::Turn);
}

/// 16, B43: the card just drawn and playable is its drawer's secret: the other views do not
/// show it.
#[test]
fn the_drawn_card_is_hidden_from_the_others() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R5"
    }));
    act(&mut st, DRAW);
    assert_eq!(st.view(0).phase, Phase::PostDraw { kind: k("R5") });
    assert_eq!(st.view(1).phase, Phase::PostDraw { kind: NO_CARD });
}

/// Section 13.2, L148: UNO windows for every hand a card left at one card, in turn order from
/// the player of the card (a Pass leaves two).
#[test]
fn uno_windows_in_turn_order_after_a_pass() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R0p G1", "Y1 Y2 Y3", "B1"]
    }));
    act(&mut st, play("R0p"));
    assert_hand(&st, 0, "B1");
    assert_hand(&st, 1, "G1");
    assert_eq!(st.phase(), Phase::Uno { seat: 0 });
    act(&mut st, CALL);
    assert_eq!(st.phase(), Phase::Uno { seat: 1 });
    act(&mut st, CALL);
    assert_turn(&st, 1);
}

/// B23: a player with no cards gives nothing in a Swap; the target still gives one.
#[test]
fn swap_from_an_empty_hand() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["RSW", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    acts(&mut st, &[play("RSW"), target(1)]);
    assert_eq!(st.phase(), Phase::Give { seat: 1 });
    act(&mut st, give("Y2"));
    assert_hand(&st, 0, "Y2");
    assert_hand(&st, 1, "Y1 Y3");
    assert_eq!(st.phase(), Phase::Uno { seat: 0 });
}

/// B28, B32, B42: the partner's mirrored draw is not mirrored back, but a Creeper it brings
/// costs the partner its own 3-card penalty, and that penalty is a draw the link mirrors.
#[test]
fn a_creeper_in_the_mirrored_draw() {
    let mut st = pos(json!({
        "discard": "R3", "link": [0, 2],
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y9 WCP R1 R2 R4 R5 R6 R7"
    }));
    let ev = act(&mut st, DRAW);
    assert!(ev.contains(&Event::Creeper { seat: 2 }));
    assert_hand(&st, 2, "B1 B2 B3 WCP R1 R2 R4");
    assert_hand(&st, 0, "G1 G2 Y9 R5 R6 R7");
    assert_turn(&st, 1);
}

/// Section 14, option `max_decisions` (variant-done item 6): a game cut off at the cap is a truncation, not a result.
#[test]
fn the_decision_cap_truncates() {
    let opts = BlenderOptions {
        max_decisions: 100,
        ..Default::default()
    };
    let mut st = BlenderState::deal(opts, 4, 11);
    let mut rng = uno_engine::Rng::new(3);
    let mut n = 0;
    let mut last = Vec::new();
    while !st.is_terminal() {
        let a = st.sample_legal(&mut rng);
        last.clear();
        st.apply_logged(a, &mut last).unwrap();
        n += 1;
    }
    let o = st.outcome().unwrap();
    if n >= 100 {
        assert_eq!(o.ending, uno_engine::Ending::Truncated);
        assert_eq!(o.winner, None);
        assert!(last.contains(&Event::Truncated));
    } else {
        assert!(o.winner.is_some());
    }
}

/// Every card of the default deck not in `used`, as codes.
fn rest_of_deck(used: &str) -> Vec<&'static str> {
    let mut left: Vec<u16> = deck_counts(&BlenderOptions::default()).to_vec();
    for c in used.split_whitespace() {
        left[k(c) as usize] -= 1;
    }
    let mut out = Vec::new();
    for (kind, &n) in left.iter().enumerate() {
        for _ in 0..n {
            out.push(table()[kind].code);
        }
    }
    out
}

/// B41: when the draw pile runs out, the discard pile but its top is shuffled into a new draw
/// pile and the draw goes on.
#[test]
fn the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out() {
    let used = "G1 G2 Y1 Y2 Y3 B1 B2 B3 R1 R3";
    let mut discard = rest_of_deck(used);
    discard.push("R3");
    let mut st = pos(json!({
        "tempo": 2, "discard": discard,
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R1"
    }));
    assert_eq!(st.draw_pile().len(), 1);
    let ev = act(&mut st, DRAW);
    assert!(ev.contains(&Event::Reshuffle));
    assert_eq!(drew(&ev, 0).len(), 2);
    assert_eq!(drew(&ev, 0)[0], "R1");
    let in_discard: u32 = st.discard_counts().iter().map(|&c| c as u32).sum();
    assert_eq!(in_discard, 1, "only the top stays");
    assert_eq!(shown(&st), "R3");
    assert_eq!(st.draw_pile().len(), 720 - 8 - 2 - 1);
}

/// B41: with the draw pile and the rest of the discard pile both empty, the rest of a draw is
/// not drawn.
#[test]
fn nothing_to_draw_draws_nothing() {
    let big = rest_of_deck("G1 G2 R3 B1");
    let mut st = pos(json!({
        "tempo": 3, "discard": "R3",
        "hands": ["G1 G2", big, "B1"],
        "draw_pile": ""
    }));
    assert_eq!(st.draw_pile().len(), 0);
    let ev = act(&mut st, DRAW);
    assert_eq!(drew(&ev, 0).len(), 0);
    assert_hand(&st, 0, "G1 G2");
    assert_eq!(st.tempo(), 1);
}

/// B7: with no `dealer` option the dealer is drawn by lot, and the player to the dealer's left
/// plays first.
#[test]
fn the_dealer_is_drawn_by_lot() {
    let mut dealers = [0u32; 4];
    for seed in 0..60 {
        let st = BlenderState::deal(BlenderOptions::default(), 4, seed);
        dealers[st.dealer() as usize] += 1;
        assert_eq!(st.first_player(), (st.dealer() + 1) % 4);
    }
    assert!(dealers.iter().all(|&d| d > 0), "{dealers:?}");
}

/// L227-L234, §3.22, §3.25, 9.25: a Creeper arriving by Force Trade costs its new holder 3 (the player of the card
/// chose two other players).
#[test]
fn creeper_by_force_trade() {
    let mut st = pos(json!({
        "players": 4, "discard": "R3",
        "hands": ["WFT G1 G2", "Y1 Y2 Y3", "WCP B2 B3", "R4 R5 R6"],
        "draw_pile": "Y7 Y8 Y9"
    }));
    let ev = acts(&mut st, &[play("WFT"), color(RED), target(1), target(2)]);
    assert!(ev.contains(&Event::HandsTraded { a: 1, b: 2 }));
    assert!(ev.contains(&Event::Creeper { seat: 1 }));
    assert_hand(&st, 1, "WCP B2 B3 Y7 Y8 Y9");
    assert_hand(&st, 2, "Y1 Y2 Y3");
    assert_turn(&st, 1);
}

/// L212-L214, B21-style: Pass goes round the remaining players only (an eliminated seat
/// neither gives nor receives).
#[test]
fn pass_skips_eliminated_seats() {
    let mut st = pos(json!({
        "players": 4, "discard": "R3", "eliminated": [1],
        "hands": ["WPH G1 G2", "", "B1 B2 B3", "R4 R5 R6 R7"]
    }));
    acts(&mut st, &[play("WPH"), color(BLUE)]);
    assert_hand(&st, 2, "G1 G2");
    assert_hand(&st, 3, "B1 B2 B3");
    assert_hand(&st, 0, "R4 R5 R6 R7");
    assert_eq!(st.hand(1).len(), 0);
    assert_turn(&st, 2);
}

/// B34, B44: a jump-in window opens when the shown card changes by a play and closes when every
/// claimant has declined: a turn that plays nothing (a draw, the stack taken) opens none, nor
/// does stopping short after a card whose window has passed.
#[test]
fn no_new_jump_in_window_without_a_play() {
    let base = json!({
        "players": 4, "discard": "R3",
        "hands": ["R5 G1 G2", "Y1 Y2 Y3", "Y4 Y5 Y6", "R5 B1 B2"],
        "draw_pile": "B9"
    });
    let mut st = pos(base);
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 3 });
    act(&mut st, DECLINE);
    assert_turn(&st, 1);
    act(&mut st, DRAW);
    assert_turn(&st, 2);

    let mut st = pos(json!({
        "players": 4, "discard": "R3", "tempo": 2,
        "hands": ["R5 G1 G2", "Y1 Y2 Y3", "Y4 Y5 Y6", "R5 B1 B2"],
        "draw_pile": "B8 B9"
    }));
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 3 });
    act(&mut st, DECLINE);
    assert_turn(&st, 0);
    act(&mut st, STOP);
    assert_turn(&st, 1);
}

/// B18, B31: a Wild Stack Number played before the last card of a run still turns its number
/// at once (the stack is the rule's bookkeeping, not the card's action); the next card must
/// follow the Stack restriction.
#[test]
fn stack_number_inside_a_run() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3",
        "hands": ["WKN WK3 R+2 G1", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "B6"
    }));
    act(&mut st, play("WKN"));
    assert_eq!(st.stack(), (6, StackKind::Stack));
    assert_eq!(st.phase(), Phase::Turn, "no colour inside the run");
    assert_eq!(plays(&st), ["play WK3"].map(String::from));
    acts(&mut st, &[play("WK3"), color(GREEN)]);
    assert_eq!(st.stack(), (9, StackKind::Stack));
    assert_turn(&st, 1);
}

/// L144, 13.3, 9.21: a Gift that the drawn Creeper's penalty brings is given first, and the
/// drawn card may still be played afterwards.
#[test]
fn a_gift_in_the_creeper_penalty_of_the_drawn_card() {
    let mut st = pos(json!({
        "discard": "B5",
        "hands": ["G1 G2 G3", "Y1 Y2 Y3", "R1 R2 R3"],
        "draw_pile": "WCP RGF R4 R5"
    }));
    act(&mut st, DRAW);
    assert_eq!(
        st.phase(),
        Phase::Target {
            why: TargetWhy::Gift,
            seat: 0
        }
    );
    act(&mut st, target(2));
    assert_eq!(st.phase(), Phase::PostDraw { kind: k("WCP") });
    acts(&mut st, &[play("WCP"), color(RED)]);
    assert_hand(&st, 0, "G1 G2 G3 R4 R5");
    assert_hand(&st, 2, "R1 R2 R3 RGF");
    assert_turn(&st, 1);

    // A drawn Gift itself is given away and cannot be played.
    let mut st = pos(json!({
        "discard": "R5",
        "hands": ["G1 G2 G3 RGF", "Y1 Y2 Y3", "R1 R2 R3"],
        "draw_pile": "RGF"
    }));
    acts(&mut st, &[DRAW, target(1)]);
    assert_turn(&st, 1);
    assert_hand(&st, 0, "G1 G2 G3 RGF");
}

/// 12.1, 13 (the window comes before the end of the turn): a hand emptied by the last card
/// of a turn wins only after the jump-in window; a player at the limit may jump in and escape
/// elimination; a Targeted Skip is used only when the turn really passes.
#[test]
fn the_jump_in_window_comes_before_the_end_of_the_turn() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["R5", "Y1 Y2 Y3", "R5 B1 B2"]
    }));
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    let ev = act(&mut st, DECLINE);
    assert!(ev.contains(&Event::Won { seat: 0 }));

    let mut st = pos(json!({
        "discard": "R3", "options": {"elimination_at": 10},
        "hands": ["R5 G1 G2", "Y1 Y2 Y3", "R5 B1 B2 B3 B4 B5 B6 B7 B8 B9"]
    }));
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    act(&mut st, jump("R5"));
    assert!(!st.eliminated(2));
    assert_eq!(st.hand(2).len(), 9);
    assert_turn(&st, 0);

    let mut st = pos(json!({
        "players": 4, "discard": "R3", "targeted_skips": [1],
        "hands": ["R5 G1 G2", "Y1 Y2 Y3", "Y4 Y5 Y6", "R5 B1 B2"]
    }));
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 3 });
    act(&mut st, jump("R5"));
    assert_turn(&st, 0);
    assert_eq!(st.targeted_skips(1), 1, "seat 1's turn has not come yet");
    act(&mut st, DRAW);
    if st.phase() != Phase::Turn {
        act(&mut st, KEEP);
    }
    assert_turn(&st, 2);
    assert_eq!(st.targeted_skips(1), 0);
}

// ===== 14. The author's revision (fact sheet §6): the four options =====

/// §6, option `events_every_card`: a Wild inside a run gets its colour and each card's
/// modifier happens when it is played (here a Speed Up on the first card raises the tempo the
/// run must meet); the action stays with the last card.
#[test]
fn revision_events_for_every_card() {
    let mut st = pos(json!({
        "options": {"events_every_card": true},
        "tempo": 2, "discard": "R8",
        "hands": ["R3u W RS G5 G6", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    act(&mut st, play("R3u"));
    // The Speed Up happened at once: the run now needs 3 cards.
    assert_eq!(st.tempo(), 3);
    assert_turn(&st, 0);
    act(&mut st, play("W"));
    // The Wild's colour is chosen inside the run.
    assert!(matches!(st.phase(), Phase::Color), "{st:?}");
    act(&mut st, color(RED));
    assert_eq!(st.shown().color, RED);
    assert_turn(&st, 0);
    // The last card's action (Skip) happens.
    act(&mut st, play("RS"));
    assert_turn(&st, 2);
}

/// §6, option `events_every_card`: flexing does not end the run (B15 is the seed's reading).
#[test]
fn revision_flexing_inside_a_run() {
    let mut st = pos(json!({
        "options": {"events_every_card": true},
        "tempo": 2, "discard": "R8",
        "hands": ["RS/SE R5 G5", "Y1 Y2 Y3", "B1 B2 B3"]
    }));
    // The flex side (red Skip Everyone) matches by colour.
    act(&mut st, flex("RS/SE"));
    assert!(st.power_red(0));
    assert_turn(&st, 0);
    assert_eq!(st.played_this_turn(), 1);
    act(&mut st, play("R5"));
    // Nothing was drawn for the flexed card (the second audit), so one card is left.
    assert_hand(&st, 0, "G5");
    act(&mut st, CALL);
    assert_turn(&st, 1);
}

/// §6, option `stack_on_shortfall`: nobody takes a stack by choice; a player who plays nothing
/// pays the stack instead of the tempo draw, and the stack ends.
#[test]
fn revision_stack_paid_on_a_shortfall() {
    let mut st = pos(json!({
        "options": {"stack_on_shortfall": true},
        "tempo": 2, "discard": "R+2", "stack": 2, "stack_kind": "draw",
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R5 R6 R7"
    }));
    let l = legal(&st);
    assert!(!l.contains(&TAKE));
    assert!(l.contains(&DRAW));
    let ev = act(&mut st, DRAW);
    // The stack (2), not the tempo (2 as well: the cards tell them apart by the stack ending).
    assert_eq!(drew(&ev, 0), ["R5", "R6"]);
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_eq!(st.tempo(), 1);
    assert_turn(&st, 1);
}

/// §6, option `stack_on_shortfall`: a player who plays a card under the stack and then stops
/// short pays the whole stack (now larger) instead of the tempo.
#[test]
fn revision_stack_grows_then_the_short_player_pays_it() {
    let mut st = pos(json!({
        "options": {"stack_on_shortfall": true},
        "tempo": 2, "discard": "R+2", "stack": 2, "stack_kind": "draw",
        "hands": ["Y+2 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R5 R6 R7 R8 R9"
    }));
    act(&mut st, play("Y+2"));
    assert_eq!(st.stack(), (4, StackKind::Draw));
    let ev = act(&mut st, STOP);
    assert_eq!(drew(&ev, 0).len(), 4);
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_turn(&st, 1);
}

/// §6, option `play_after_shortfall`: after the tempo draw of a shortfall the player may play
/// the cards just drawn, up to the missing count; the tempo resets after them and the last
/// card played acts.
#[test]
fn revision_play_after_a_shortfall() {
    let mut st = pos(json!({
        "options": {"play_after_shortfall": true},
        "tempo": 3, "discard": "R3",
        "hands": ["R4 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R5 RS B9"
    }));
    act(&mut st, play("R4"));
    act(&mut st, STOP);
    assert_eq!(st.phase(), Phase::AfterShort, "{st:?}");
    // Only cards just drawn, matching as usual: R5 and RS (red, on R4); not G1, not B9.
    assert_eq!(plays(&st), ["play R5", "play RS"]);
    assert!(legal(&st).contains(&STOP));
    act(&mut st, play("R5"));
    // One more may follow (two were missing): the red Skip drawn.
    assert_eq!(plays(&st), ["play RS"]);
    act(&mut st, play("RS"));
    // The tempo resets, the Skip acts.
    assert_eq!(st.tempo(), 1);
    assert_turn(&st, 2);
    assert_hand(&st, 0, "B9 G1 G2");
}

/// §6, option `play_after_shortfall`: stopping at once ends the turn as in the seed.
#[test]
fn revision_play_after_a_shortfall_may_stop() {
    let mut st = pos(json!({
        "options": {"play_after_shortfall": true},
        "tempo": 2, "discard": "R3",
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R5 R6"
    }));
    act(&mut st, DRAW);
    assert_eq!(st.phase(), Phase::AfterShort);
    act(&mut st, STOP);
    assert_eq!(st.tempo(), 1);
    assert_turn(&st, 1);
    assert_hand(&st, 0, "G1 G2 R5 R6");
}

/// §6, option `jumper_meets_tempo`: a jumper keeps playing to meet the tempo.
#[test]
fn revision_jumper_meets_the_tempo() {
    let mut st = pos(json!({
        "options": {"jumper_meets_tempo": true},
        "tempo": 2, "discard": "R9",
        "hands": ["R5 R6 G1 G2", "Y1 Y2", "R6 R7 B3 B4"]
    }));
    act(&mut st, play("R5"));
    act(&mut st, play("R6"));
    // Seat 2 holds the identical R6.
    assert_eq!(st.phase(), Phase::Jump { seat: 2 }, "{st:?}");
    act(&mut st, jump("R6"));
    // The jump is the first of seat 2's two cards.
    assert_turn(&st, 2);
    assert_eq!(st.played_this_turn(), 1);
    act(&mut st, play("R7"));
    assert_turn(&st, 0);
}

/// The `revision` preset turns the four options on.
#[test]
fn revision_preset() {
    let o = <BlenderState as uno_engine::Ruleset>::options_from(Some("revision"), None).unwrap();
    assert!(o.events_every_card && o.stack_on_shortfall);
    assert!(o.play_after_shortfall && o.jumper_meets_tempo);
    let d = BlenderOptions::default();
    assert!(!d.events_every_card && !d.stack_on_shortfall);
    assert!(!d.play_after_shortfall && !d.jumper_meets_tempo);
}

/// §6, section 14, option `events_every_card` (audit finding 1): the modifier of a card
/// happens once, when it is played; stopping short after it gives the card only its action.
/// Here a Trade 7 (the hands traded with seat 1 when it was played) and then `STOP`: the tempo
/// draw, and no second `TARGET` for the Trade.
#[test]
fn revision_events_every_card_trade_then_stop_trades_once() {
    let mut st = pos(json!({
        "options": {"events_every_card": true},
        "tempo": 2, "discard": "R8",
        "hands": ["R7t G5 G6", "Y1 Y2 Y3 Y4", "B1 B2 B3 B4 B5"],
        "draw_pile": "Y5 Y6 Y7 Y8"
    }));
    act(&mut st, play("R7t"));
    assert!(matches!(
        st.phase(),
        Phase::Target {
            why: TargetWhy::Trade,
            seat: 0
        }
    ));
    act(&mut st, target(1));
    assert_hand(&st, 0, "Y1 Y2 Y3 Y4");
    assert_hand(&st, 1, "G5 G6");
    assert_turn(&st, 0);
    assert_eq!(legal(&st), vec![STOP]);
    let ev = act(&mut st, STOP);
    assert_eq!(drew(&ev, 0), ["Y5", "Y6"]);
    assert_eq!(count(&ev, |e| matches!(e, Event::HandsTraded { .. })), 0);
    assert_hand(&st, 0, "Y1 Y2 Y3 Y4 Y5 Y6");
    assert_hand(&st, 1, "G5 G6");
    assert_hand(&st, 2, "B1 B2 B3 B4 B5");
    assert_eq!(st.tempo(), 1);
    assert_turn(&st, 1);
}

/// L161, section 4.2, option `events_every_card` (audit findings 1 and 5): a Speed Up raises
/// the tempo when played (2 -> 3); stopping short then draws the tempo now, 3 (L161: "draw cards
/// equal to the tempo"), resets it to 1, and the Speed Up does not happen a second time.
#[test]
fn revision_events_every_card_speed_up_then_stop_draws_the_raised_tempo_once() {
    let mut st = pos(json!({
        "options": {"events_every_card": true},
        "tempo": 2, "discard": "R8",
        "hands": ["R3u G5 G6", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 Y5 Y6 Y7"
    }));
    act(&mut st, play("R3u"));
    assert_eq!(st.tempo(), 3);
    let ev = act(&mut st, STOP);
    assert_eq!(drew(&ev, 0), ["Y4", "Y5", "Y6"]);
    assert_eq!(count(&ev, |e| matches!(e, Event::Tempo { tempo: 2 })), 0);
    assert_eq!(st.tempo(), 1);
    assert_hand(&st, 0, "G5 G6 Y4 Y5 Y6");
    assert_turn(&st, 1);
}

/// §6, the `revision` preset (`events_every_card` with `play_after_shortfall`): a Speed Up
/// played first, the shortfall draw (the raised tempo, 3), then `STOP` in the plays after the
/// shortfall: the tempo resets and the Speed Up, done when played, does not come again.
#[test]
fn revision_play_after_shortfall_stop_after_a_speed_up() {
    let mut st = pos(json!({
        "preset": "revision",
        "tempo": 2, "discard": "R8",
        "hands": ["R3u G5 G6", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "Y4 R9 Y6 Y7"
    }));
    act(&mut st, play("R3u"));
    assert_eq!(st.tempo(), 3);
    let ev = act(&mut st, STOP);
    assert_eq!(drew(&ev, 0), ["Y4", "R9", "Y6"]);
    assert_eq!(st.phase(), Phase::AfterShort, "{st:?}");
    assert_eq!(plays(&st), ["play R9"]);
    let ev = act(&mut st, STOP);
    assert_eq!(count(&ev, |e| matches!(e, Event::Tempo { tempo: 2 })), 0);
    assert_eq!(st.tempo(), 1);
    assert_turn(&st, 1);
}

/// B13 with option `play_after_shortfall` alone (the seed's events): a Speed Up that is not
/// the last card does nothing when played; `STOP` after the shortfall draw makes it the last
/// card, and its modifier happens once, after the reset (tempo 1 -> 2 for the next player).
#[test]
fn play_after_shortfall_stop_after_a_speed_up_applies_it_once() {
    let mut st = pos(json!({
        "options": {"play_after_shortfall": true},
        "tempo": 2, "discard": "R8",
        "hands": ["R3u G5 G6", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R9 Y6 Y7"
    }));
    act(&mut st, play("R3u"));
    assert_eq!(st.tempo(), 2);
    let ev = act(&mut st, STOP);
    assert_eq!(drew(&ev, 0), ["R9", "Y6"]);
    assert_eq!(st.phase(), Phase::AfterShort, "{st:?}");
    let ev = act(&mut st, STOP);
    assert_eq!(
        count(&ev, |e| matches!(e, Event::Tempo { .. })),
        2,
        "{ev:?}"
    );
    assert_eq!(st.tempo(), 2);
    assert_turn(&st, 1);
    assert_hand(&st, 0, "G5 G6 R9 Y6");
}

// ===== Audit findings: jump-ins after the last card (B46) =====

/// L170, B46 (audit finding 2): after the last card of a turn the player the turn is about to
/// pass to may jump in. Seat 0's Speed Up 1 raises the tempo to 2; seat 1, next, holds the
/// identical yellow 1: jumping in it plays that one card with no shortfall (B36), where its own
/// turn at tempo 2 would have cost a 2-card draw; the turn passes on from seat 1.
#[test]
fn jump_in_by_the_next_player_after_a_speed_up() {
    let mut st = pos(json!({
        "discard": "Y3",
        "hands": ["Y1u G1 G2", "Y1 B9 B8", "B1 B2 B3"]
    }));
    act(&mut st, play("Y1u"));
    assert_eq!(st.tempo(), 2);
    assert_eq!(st.phase(), Phase::Jump { seat: 1 });
    assert_eq!(legal(&st), vec![jump("Y1"), DECLINE]);
    let ev = act(&mut st, jump("Y1"));
    assert_eq!(count(&ev, |e| matches!(e, Event::Drew { .. })), 0);
    assert_hand(&st, 1, "B8 B9");
    assert_eq!(st.tempo(), 2);
    assert_turn(&st, 2);

    // Declining, seat 1 takes its own turn at tempo 2.
    let mut st = pos(json!({
        "discard": "Y3",
        "hands": ["Y1u G1 G2", "Y1 B9 B8", "B1 B2 B3"],
        "draw_pile": "R5 R6"
    }));
    act(&mut st, play("Y1u"));
    act(&mut st, DECLINE);
    assert_turn(&st, 1);
    act(&mut st, play("Y1"));
    let ev = act(&mut st, STOP);
    assert_eq!(drew(&ev, 1), ["R5", "R6"]);
}

/// L170, B46, two players: the other player is always the one the turn passes to, and may jump
/// in after the last card (without B46 no jump-in could follow a last card in a two-player
/// game). At tempo 2 the jump saves them the tempo: one card, then the turn comes back.
#[test]
fn jump_in_by_the_next_player_with_two_players() {
    let mut st = pos(json!({
        "players": 2, "tempo": 2, "discard": "R3",
        "hands": ["R4 R5 G1 G2", "R5 Y2 Y3"]
    }));
    act(&mut st, play("R4"));
    // Inside the run seat 1 holds no R4: no window.
    assert_turn(&st, 0);
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 1 });
    let ev = act(&mut st, jump("R5"));
    assert!(ev.contains(&Event::JumpedIn {
        seat: 1,
        card: k("R5")
    }));
    assert_eq!(count(&ev, |e| matches!(e, Event::Drew { .. })), 0);
    assert_hand(&st, 1, "Y2 Y3");
    assert_eq!(st.tempo(), 2);
    assert_turn(&st, 0);
}

// ===== Audit findings: Targeted Skips and the cards that name the next player (B48) =====

/// §3.14, §3.19, 9.12, 9.17, B48 (audit finding 4): Wild Color Roulette passes over its victim
/// to the player after them, whose pending Targeted Skip is used only when the turn really
/// passes, after the jump-in window. Seat 2 (after the victim, seat 1) has a pending skip and
/// the identical Color Roulette: it jumps in, its skip still pending; had it declined, the skip
/// would take its turn to seat 3.
#[test]
fn color_roulette_keeps_a_targeted_skip_until_the_turn_passes() {
    let start = json!({
        "players": 4, "discard": "R3", "targeted_skips": [2],
        "hands": ["WCR G1 G2", "B9 B8 B7", "WCR B2 B3", "B4 B5 B6"],
        "draw_pile": "R1 Y1 R2 Y3"
    });
    let mut st = pos(start.clone());
    let ev = acts(&mut st, &[play("WCR"), color(RED)]);
    assert_eq!(drew(&ev, 1), ["R1"]);
    assert_eq!(count(&ev, |e| matches!(e, Event::TargetedSkip { .. })), 0);
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    assert_eq!(st.targeted_skips(2), 1);
    let ev = acts(&mut st, &[jump("WCR"), color(RED)]);
    // Seat 2's own Color Roulette: seat 3 turns Y1 R2, seat 0 is next.
    assert_eq!(drew(&ev, 3), ["Y1", "R2"]);
    assert_eq!(
        st.targeted_skips(2),
        1,
        "seat 2's turn has not passed over it yet"
    );
    assert_turn(&st, 0);

    let mut st = pos(start);
    acts(&mut st, &[play("WCR"), color(RED)]);
    let ev = act(&mut st, DECLINE);
    assert!(ev.contains(&Event::TargetedSkip { seat: 2 }));
    assert_eq!(st.targeted_skips(2), 0);
    assert_turn(&st, 3);
}

/// 9.12, B48, two players: after Color Roulette the player after the victim is the card's
/// player, who plays again; a Targeted Skip pending on them is used and the turn goes to the
/// victim.
#[test]
fn color_roulette_with_two_players() {
    let mut st = pos(json!({
        "players": 2, "discard": "R3",
        "hands": ["WCR G1 G2", "B9 B8 B7"],
        "draw_pile": "Y1 B1 Y2"
    }));
    let ev = acts(&mut st, &[play("WCR"), color(BLUE)]);
    assert_eq!(drew(&ev, 1), ["Y1", "B1"]);
    assert_turn(&st, 0);

    let mut st = pos(json!({
        "players": 2, "discard": "R3", "targeted_skips": [0],
        "hands": ["WCR G1 G2", "B9 B8 B7"],
        "draw_pile": "Y1 B1 Y2"
    }));
    let ev = acts(&mut st, &[play("WCR"), color(BLUE)]);
    assert!(ev.contains(&Event::TargetedSkip { seat: 0 }));
    assert_eq!(st.targeted_skips(0), 0);
    assert_turn(&st, 1);
}

/// §3.13, §3.14, 9.14, 9.17, B48 (audit finding 8): Team Play onto a player with a pending
/// Targeted Skip: their turn comes, so the skip is used and the turn passes to the player after
/// them; the Team Play turn never happens, so its doubled shortfall lapses (seat 3 plays an
/// ordinary turn: the basic draw of one card).
#[test]
fn team_play_onto_a_targeted_skip_uses_the_skip() {
    let mut st = pos(json!({
        "players": 4, "discard": "G5", "targeted_skips": [2],
        "hands": ["WTP G1 G2", "Y1 Y2 Y3", "Y7 B2 B3", "B4 B5 B6"],
        "draw_pile": "R4 R5 R6"
    }));
    acts(&mut st, &[play("WTP"), color(YELLOW)]);
    let ev = act(&mut st, target(2));
    assert!(ev.contains(&Event::TeamPlay { seat: 2 }));
    assert!(ev.contains(&Event::TargetedSkip { seat: 2 }));
    assert_eq!(st.targeted_skips(2), 0);
    assert_turn(&st, 3);
    assert!(!st.view(3).team_turn);
    assert_eq!(st.view(3).team_play, NONE);
    let ev = act(&mut st, DRAW);
    assert_eq!(drew(&ev, 3), ["R4"]);
    assert_turn(&st, 0);
    assert_hand(&st, 2, "Y7 B2 B3");
}

// ===== Audit finding 9: Super Star after an elimination (B49) =====

/// §3.7, 9.26, B49: the previous active player (seat 2) played a Draw 2 and was eliminated at
/// the end of that turn (option `elimination_at` 10); seat 0's Super Star finds them out of the
/// game: nobody draws, the stack still ends, and play goes on with no restriction.
#[test]
fn super_star_when_the_previous_player_was_eliminated_ends_the_stack() {
    let mut st = pos(json!({
        "current": 2, "discard": "R3", "options": {"elimination_at": 10},
        "hands": ["WSS G1 G2", "Y1 Y2 Y3", "R+2 B1 B2 B3 B4 B5 B6 B7 B8 B9 G9"],
        "draw_pile": "Y4 Y5"
    }));
    act(&mut st, play("R+2"));
    assert!(st.eliminated(2));
    assert_turn(&st, 0);
    assert_eq!(st.stack(), (2, StackKind::Draw));
    let ev = acts(&mut st, &[play("WSS"), color(BLUE)]);
    assert!(ev.contains(&Event::StackEnded));
    assert_eq!(count(&ev, |e| matches!(e, Event::Drew { .. })), 0);
    assert_eq!(count(&ev, |e| matches!(e, Event::StackTaken { .. })), 0);
    assert_eq!(st.stack(), (0, StackKind::None));
    assert_turn(&st, 1);
    assert!(legal(&st).contains(&DRAW));
    assert_hand(&st, 1, "Y1 Y2 Y3");
}

// ===== Audit findings 6 and 7: jump-in identity (B50), taking the stack (B51) =====

/// L170-L171, L200-L201, B50 (audit finding 6): a jump-in needs the identical card (colour and
/// the whole face, flex side included, modifiers aside): sharing the colour and one of the
/// shown card's number or symbols is not enough. Seat 2 is never asked with those cards, and is
/// asked with an identical one.
#[test]
fn jump_in_needs_the_identical_face_not_one_shared_part() {
    for (shown_card, near) in [
        ("R10R", "R10 RR"),
        ("RR+2", "R+2 RR"),
        ("R12+2", "R12 R+2"),
        ("RS/SE", "RS RSE"),
    ] {
        let mut st = pos(json!({
            "tempo": 2, "discard": "R3",
            "hands": [format!("{shown_card} G1 G2"), "Y1 Y2 Y3", format!("{near} B1")]
        }));
        act(&mut st, play(shown_card));
        // Seat 2 holds no identical card: no window, the run goes on.
        assert_turn(&st, 0);
        assert_eq!(st.played_this_turn(), 1, "{shown_card}");
    }
    // (Each of those four is a single card per colour, so no second copy can jump in; an
    // identical card that has copies does, e.g. a red Reverse on a red Reverse.)
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3",
        "hands": ["RR G1 G2", "Y1 Y2 Y3", "R10 RR B1"]
    }));
    act(&mut st, play("RR"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    assert_eq!(legal(&st), vec![jump("RR"), DECLINE]);
}

/// L182-L183, section 5, B51 (audit finding 7): the stack may be taken only as the turn's first
/// decision; after a card played under it (here a Draw 2 that joined it) the player goes on or
/// stops short, drawing the tempo, and the stack (now 4) stays for the next player.
#[test]
fn the_stack_is_taken_only_before_the_first_card() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R+2", "stack": 2, "stack_kind": "draw",
        "hands": ["Y+2 G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R5 R6 R7 R8"
    }));
    assert_eq!(legal(&st), vec![play("Y+2"), TAKE]);
    act(&mut st, play("Y+2"));
    assert_eq!(st.stack(), (4, StackKind::Draw));
    assert_eq!(legal(&st), vec![STOP]);
    let ev = act(&mut st, STOP);
    assert_eq!(drew(&ev, 0), ["R5", "R6"]);
    assert_eq!(st.stack(), (4, StackKind::Draw));
    assert_turn(&st, 1);
    assert_eq!(legal(&st), vec![TAKE]);
}

// ===== Two-player cases (audit item 10) =====

/// §3.15, 9.9, two players: each must point at the other (no one points at themselves), so
/// each draws one, the card's player first.
#[test]
fn point_taken_with_two_players() {
    let mut st = pos(json!({
        "players": 2, "discard": "R3",
        "hands": ["RPT G1 G2", "Y1 Y2 Y3"],
        "draw_pile": "Y4 Y5"
    }));
    act(&mut st, play("RPT"));
    assert_eq!(st.phase(), Phase::Point { seat: 0 });
    assert_eq!(legal(&st), vec![point(1)]);
    act(&mut st, point(1));
    assert_eq!(st.phase(), Phase::Point { seat: 1 });
    assert_eq!(legal(&st), vec![point(0)]);
    let ev = act(&mut st, point(0));
    assert_eq!(drew(&ev, 0), ["Y4"]);
    assert_eq!(drew(&ev, 1), ["Y5"]);
    assert_turn(&st, 1);
}

/// §3.16, 9.8, two players: the only pair is the two of them (B27 lets the player be one of
/// the two, but the two must differ); once they are linked, a Wild Drawn Together has no legal
/// pair and does nothing beyond its colour. Unlinked, it links them.
#[test]
fn drawn_together_with_two_players() {
    let mut st = pos(json!({
        "players": 2, "discard": "R3", "link": [0, 1],
        "hands": ["WDT G1 G2", "Y1 Y2 Y3"]
    }));
    let ev = acts(&mut st, &[play("WDT"), color(YELLOW)]);
    assert_eq!(count(&ev, |e| matches!(e, Event::Linked { .. })), 0);
    assert_eq!(st.link(), Some((0, 1)));
    assert_eq!(st.shown().color, YELLOW);
    assert_turn(&st, 1);

    let mut st = pos(json!({
        "players": 2, "discard": "R3",
        "hands": ["WDT G1 G2", "Y1 Y2 Y3"]
    }));
    acts(&mut st, &[play("WDT"), color(YELLOW)]);
    assert_eq!(legal(&st), vec![target(0), target(1)]);
    act(&mut st, target(0));
    assert_eq!(legal(&st), vec![target(1)]);
    act(&mut st, target(1));
    assert_eq!(st.link(), Some((0, 1)));
    assert_turn(&st, 1);
}

/// L242, 9.6, B24, two players: Reverse Draw 2 reverses (an ordinary reverse: the other player
/// is next) and then joins the stack, which the other player faces; with option
/// `two_player_reverse_skips` the reverse is a Skip and the card's player faces their own stack.
#[test]
fn reverse_draw_two_with_two_players() {
    for (opt, next) in [(false, 1), (true, 0)] {
        let mut st = pos(json!({
            "players": 2, "discard": "R3",
            "options": {"two_player_reverse_skips": opt},
            "hands": ["RR+2 G1 G2", "Y1 Y2 Y3"]
        }));
        let ev = act(&mut st, play("RR+2"));
        assert!(ev.contains(&Event::Direction { clockwise: false }));
        assert_eq!(st.stack(), (2, StackKind::Draw));
        assert_turn(&st, next);
        assert_eq!(legal(&st), vec![TAKE]);
    }
}

// ===== Knowledge: a Creeper that arrives with a known hand =====

/// 9.25, 16: a Creeper passed on with a whole hand (Wild Pass Hands) is revealed, but the
/// giver, who knows the hand it passed, does not count it twice: seat 0 knows seat 1 holds
/// exactly the one Creeper it gave. The view caps a bound by the hand, so the stored bound
/// shows in a determinization, which deals seat 1's hand again: it must not give seat 0 a
/// bound of 2 (the agents' encoder check found one in random play).
#[test]
fn creeper_passed_with_a_hand_is_counted_once() {
    use uno_engine::game::{Priors, SearchGame};
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WPH WCP G1", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R4 R5 R6"
    }));
    acts(&mut st, &[play("WPH"), color(RED)]);
    assert_hand(&st, 1, "WCP G1 R4 R5 R6");
    let creeper = k("WCP") as usize;
    assert_eq!(st.view(0).known[1][creeper], 1);
    assert_eq!(st.view(2).known[1][creeper], 1);
    assert_eq!(st.view(0).known[1][k("G1") as usize], 1);
    // Three of seat 1's five cards are dealt anew each time, from an unseen pool holding the
    // other three Creepers: about one in eighty deals gives it a second one.
    let mut second = 0;
    for seed in 0..2000 {
        let d = st.determinize(0, Priors::default(), &mut uno_engine::Rng::new(seed));
        second += (d.hand(1).count(creeper) > 1) as u32;
        assert_eq!(d.view(0).known[1][creeper], 1, "determinization {seed}");
    }
    assert!(second > 0);
}

// ===== Second audit (session 26) =====

/// Section 14, §6, B15: with `events_every_card` flexing does not end the run, so a card
/// played by its flex side before the tempo-th is not a shortfall: nothing is drawn, the tempo
/// stays, and the run goes on to the tempo (the engine drew the tempo, reset it to 1 and still
/// let the run go on until the second audit).
#[test]
fn revision_flexing_inside_a_run_draws_nothing() {
    let mut st = pos(json!({
        "options": {"events_every_card": true},
        "tempo": 2, "discard": "R3",
        "hands": ["RR/RS Y5 R6", "G1 G2 G3", "B1 B2 B3"],
        "draw_pile": "R7 R8 G9"
    }));
    let ev = act(&mut st, flex("RR/RS"));
    assert!(drew(&ev, 0).is_empty());
    assert_eq!(st.tempo(), 2);
    assert_hand(&st, 0, "Y5 R6");
    assert_turn(&st, 0);
    assert_eq!(st.played_this_turn(), 1);
    // The run needs one more card (the flexed Reverse Skip's action waits for the last card,
    // which is the R6: a number, so the turn passes in order).
    let ev = act(&mut st, play("R6"));
    assert!(drew(&ev, 0).is_empty());
    assert_hand(&st, 0, "Y5");
    assert!(st.clockwise());
    assert_eq!(st.tempo(), 2);
    assert_eq!(st.phase(), Phase::Uno { seat: 0 });
}

/// B15, B52: in the seed's reading a flexed card ends the run and stays the turn's last card:
/// with option `play_after_shortfall` (without `events_every_card`) the shortfall it causes
/// draws the tempo but offers no plays of the drawn cards, and the flexed card acts (here a
/// Reverse Skip: counter-clockwise, seat 2 passed over, seat 1 plays).
#[test]
fn a_flexed_card_short_of_the_tempo_stays_the_last_card() {
    let mut st = pos(json!({
        "options": {"play_after_shortfall": true},
        "tempo": 2, "discard": "R3",
        "hands": ["RR/RS Y5 B6", "G1 G2 G3", "B1 B2 B3"],
        "draw_pile": "R7 R8 G9"
    }));
    let ev = act(&mut st, flex("RR/RS"));
    assert_eq!(drew(&ev, 0), ["R7", "R8"]);
    assert_eq!(st.tempo(), 1);
    assert!(!st.clockwise());
    assert_turn(&st, 1);
    assert_hand(&st, 0, "Y5 B6 R7 R8");
    assert_eq!(shown(&st), "RR/RS");
}

/// B15, B53, B44: a flexed card on the mini-pile before the tempo-th ends the run short, and
/// the player picks the mini-pile up with the flexed card in it; the Wild Pile Up below is
/// shown again, but nobody played it now, so no jump-in window opens on it (seat 2's Wild Pile
/// Up is not asked) and the turn passes.
#[test]
fn a_flexed_card_picked_up_with_the_mini_pile_opens_no_window() {
    let mut st = pos(json!({
        "tempo": 2, "discard": "R3 WPU", "color": "red",
        "mini": {"color": "red", "cards": "R4"},
        "hands": ["R+2/E1 Y5 B6", "G1 G2 G3", "WPU B2 B3"],
        "draw_pile": "R7 R8 G9"
    }));
    let ev = act(&mut st, flex("R+2/E1"));
    assert!(ev.contains(&Event::MiniPickedUp { seat: 0, cards: 2 }));
    assert_hand(&st, 0, "R+2/E1 R4 Y5 B6");
    assert_eq!(st.mini_pile(), None);
    assert_eq!(shown(&st), "WPU");
    assert_eq!(st.tempo(), 1);
    assert!(st.power_red(0));
    assert_turn(&st, 1);
}

/// 9.25, 16, B43, B54: a Creeper drawn in the tempo-1 draw was revealed, so while its drawer
/// decides whether to play it the others see which card it is (an ordinary drawn card stays
/// hidden: `the_drawn_card_is_hidden_from_the_others`), and a determinization for another
/// viewer keeps it as the card on offer.
#[test]
fn a_drawn_creeper_is_the_card_the_others_see_on_offer() {
    use uno_engine::game::{Priors, SearchGame};
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["G1 G2", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "WCP B4 B5 B6"
    }));
    let ev = act(&mut st, DRAW);
    assert!(ev.contains(&Event::Creeper { seat: 0 }));
    assert_hand(&st, 0, "G1 G2 WCP B4 B5 B6");
    let on_offer = Phase::PostDraw { kind: k("WCP") };
    assert_eq!(st.phase(), on_offer);
    assert_eq!(st.view(0).phase, on_offer);
    assert_eq!(st.view(1).phase, on_offer);
    assert_eq!(st.view(2).phase, on_offer);
    for seed in 0..200 {
        let d = st.determinize(1, Priors::default(), &mut uno_engine::Rng::new(seed));
        assert_eq!(d.phase(), on_offer, "determinization {seed}");
    }
    // The card drawn with no reveal is still hidden, and a determinization draws it again.
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["G1 G2 WCP", "Y1 Y2 Y3", "B1 B2 B3"],
        "draw_pile": "R5"
    }));
    act(&mut st, DRAW);
    assert_eq!(st.view(1).phase, Phase::PostDraw { kind: NO_CARD });
    let mut other = 0;
    for seed in 0..200 {
        let d = st.determinize(1, Priors::default(), &mut uno_engine::Rng::new(seed));
        other += (d.phase() != Phase::PostDraw { kind: k("R5") }) as u32;
    }
    assert!(other > 0);
}

/// B37, B55, B33, B50: with `wrong_jump_ins` a card that may jump in is never offered as a
/// wrong jump-in (a red `#` on a red 5 jumps in by taking 5), and a card of the shown colour
/// whose flex side differs (a red Skip on a red Skip//Skip Everyone) is a near card, though its
/// normal side is the same face.
#[test]
fn a_card_that_may_jump_in_is_never_a_wrong_jump_in() {
    let mut st = pos(json!({
        "options": {"wrong_jump_ins": true},
        "discard": "R3",
        "hands": ["R5 G1 G2", "Y1 Y2 Y3", "R# B2 B3"]
    }));
    act(&mut st, play("R5"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    assert_eq!(legal(&st), vec![jump("R#"), DECLINE]);
    let mut st = pos(json!({
        "options": {"wrong_jump_ins": true},
        "discard": "R3",
        "hands": ["RS/SE G1 G2", "Y1 Y2 Y3", "RS B2 B3"],
        "draw_pile": "B9"
    }));
    act(&mut st, play("RS/SE"));
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    assert_eq!(legal(&st), vec![wrong("RS"), DECLINE]);
    let ev = act(&mut st, wrong("RS"));
    assert_eq!(drew(&ev, 2), ["B9"]);
    assert_hand(&st, 2, "RS B2 B3 B9");
}

/// 16, §3.22, 9.29: knowledge made by Wild Force Trade and cleared by Refresh Hand, both
/// ways. Seat 0 makes seats 1 and 2 trade: each trader knows the hand it gave away exactly,
/// seat 0, who only chose them, learns nothing of either hand but the Creeper, which is
/// revealed as it enters seat 2's hand (and costs seat 2 three cards). Refresh Hand burns the
/// hand face up and draws face down: every bound on that hand is cleared, the others stay.
#[test]
fn force_trade_makes_knowledge_and_refresh_hand_clears_it() {
    let mut st = pos(json!({
        "discard": "R3",
        "hands": ["WFT G1 G2", "WCP Y1 Y2", "B1 B2 B3 RRH"],
        "draw_pile": "R5 R6 R7 G5 G6 G7"
    }));
    let creeper = k("WCP") as usize;
    acts(&mut st, &[play("WFT"), color(RED), target(1), target(2)]);
    assert_hand(&st, 1, "B1 B2 B3 RRH");
    assert_hand(&st, 2, "WCP Y1 Y2 R5 R6 R7");
    let (v0, v1, v2) = (st.view(0), st.view(1), st.view(2));
    assert_eq!(v0.known[2][creeper], 1, "revealed");
    assert_eq!(
        v0.known[2][k("Y1") as usize],
        0,
        "the chooser did not see the hands"
    );
    assert_eq!(v0.known[1][k("B1") as usize], 0);
    assert_eq!(v1.known[2][k("Y1") as usize], 1, "seat 1 gave it away");
    assert_eq!(v1.known[2][creeper], 1);
    assert_eq!(v1.known[2][k("R5") as usize], 0, "drawn face down");
    assert_eq!(v2.known[1][k("B1") as usize], 1, "seat 2 gave it away");
    assert_eq!(v2.known[1][k("RRH") as usize], 1);
    // Seat 1 plays its Refresh Hand (red, on the red Wild): its hand is burned and redrawn.
    assert_turn(&st, 1);
    act(&mut st, play("RRH"));
    assert_hand(&st, 1, "G5 G6 G7");
    for o in [0, 2] {
        assert!(st.view(o).known[1].iter().all(|&c| c == 0), "seat {o}");
    }
    assert_eq!(
        st.view(1).known[2][k("Y1") as usize],
        1,
        "the other rows stay"
    );
}

/// 9.14, B56 (option `jumper_meets_tempo`, in the revision preset): a jump-in on a Team Play
/// takes the turn the card was giving, so the doubled shortfall lapses. Seat 0's Team Play names
/// seat 3; seat 1 jumps in with its own (not the last card at tempo 2: no action) and ends on
/// a Wild; the turn passes in order, and seat 3's turn at tempo 1 is an ordinary one: playing
/// nothing is the basic draw (until the second audit it was a 2-card Team Play shortfall).
#[test]
fn a_jump_in_on_a_team_play_ends_its_doubled_shortfall() {
    let mut st = pos(json!({
        "players": 4, "preset": "revision",
        "tempo": 2, "discard": "R3",
        "hands": ["R5 WTP B6 G6", "WTP W G3", "B1 B2 B3", "Y1 Y2 Y3"],
        "draw_pile": "R7 R8 G9 B9"
    }));
    acts(&mut st, &[play("R5"), play("WTP"), color(RED), target(3)]);
    assert_eq!(st.phase(), Phase::Jump { seat: 1 });
    acts(
        &mut st,
        &[jump("WTP"), color(YELLOW), play("W"), color(GREEN), CALL],
    );
    assert_turn(&st, 2);
    acts(&mut st, &[DRAW, STOP]);
    assert_turn(&st, 3);
    assert_eq!(st.tempo(), 1);
    let ev = act(&mut st, DRAW);
    assert_eq!(drew(&ev, 3), ["G9"]);
    assert_eq!(st.phase(), Phase::PostDraw { kind: k("G9") });
    // The chosen player jumping in themselves: their jump-in turn is no Team Play turn, so
    // stopping short of the tempo draws the tempo (2), not twice it.
    let mut st = pos(json!({
        "players": 4, "options": {"jumper_meets_tempo": true},
        "tempo": 2, "discard": "R3",
        "hands": ["R5 WTP B6 G6", "G1 G2 G3", "WTP B2 B3", "Y1 Y2 Y3"],
        "draw_pile": "R7 R8 G9 B9"
    }));
    acts(&mut st, &[play("R5"), play("WTP"), color(RED), target(2)]);
    assert_eq!(st.phase(), Phase::Jump { seat: 2 });
    act(&mut st, jump("WTP"));
    assert_turn(&st, 2);
    let ev = act(&mut st, STOP);
    assert_eq!(drew(&ev, 2), ["R7", "R8"]);
}
