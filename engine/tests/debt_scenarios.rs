//! Scenario tests for Uno Debt v1.6: one exact position per card and per rule (seed
//! `003_c5b60f11b56fb701`, rulings in `docs/rules/debt.md`), advanced with the strict
//! `Game::apply`, and the resulting state and events checked precisely.
//!
//! Positions are written in the Uno Debt scenario notation (`DebtScenario`); its `melon` fixes
//! the next cards drawn, so every draw below is known in advance (draws from a personal
//! discard pile are random: those tests check what is certain). Each test quotes the seed line
//! (`S1`..`S35`, the pastebin's line numbering, as `docs/rules/debt.md` writes them) it checks.

use uno_engine::debt::action::*;
use uno_engine::debt::{
    encode_play, number, parse_card, DebtHand, DebtOptions, DebtScenario, DebtState, Event, Phase,
    StuckWithPile, CARDS, NO_COLOR, NUM_ACTIONS, NUM_KINDS,
};
use uno_engine::{
    Action, ActionList, CardGame, DecisionKind, Ending, Game, IllegalAction, Priors, Rng,
    SearchGame, Seat,
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

/// Every card of the melon is somewhere (hands, piles, buying powers, play area, melon).
fn assert_conserved(st: &DebtState) {
    let mut c = vec![0u32; NUM_KINDS];
    st.census(&mut c);
    let deck: Vec<u32> = st.deck().iter().map(|&x| x as u32).collect();
    assert_eq!(c, deck, "cards lost or created");
}

/// Builds a scenario, panicking with the builder's message if it is rejected.
fn build_value(v: serde_json::Value) -> DebtState {
    let st = DebtScenario::from_json(&v.to_string())
        .and_then(|s| s.build())
        .unwrap_or_else(|e| panic!("scenario rejected: {e}"));
    assert_conserved(&st);
    st
}

/// The builder's error for a scenario that must be rejected.
fn scenario_error(v: serde_json::Value) -> String {
    match DebtScenario::from_json(&v.to_string()).and_then(|s| s.build()) {
        Ok(_) => panic!("scenario accepted: {v}"),
        Err(e) => e,
    }
}

/// The scenario object for a table: buying powers, hands, the play area (bottom to top), the
/// next cards of the melon; seat 0 to act, seed 7; `extra` fields override or add.
fn table_json(
    bp: &[&str],
    hands: &[&[&str]],
    area: &[&str],
    melon: &[&str],
    extra: serde_json::Value,
) -> serde_json::Value {
    let mut v = serde_json::json!({
        "players": bp.len(),
        "seed": 7,
        "buying_power": bp,
        "hands": hands,
        "play_area": area,
        "melon": melon,
        "current": 0,
    });
    if let Some(o) = extra.as_object() {
        for (k, x) in o {
            v[k] = x.clone();
        }
    }
    v
}

fn table(
    bp: &[&str],
    hands: &[&[&str]],
    area: &[&str],
    melon: &[&str],
    extra: serde_json::Value,
) -> DebtState {
    build_value(table_json(bp, hands, area, melon, extra))
}

fn none() -> serde_json::Value {
    serde_json::json!({})
}

fn legal(st: &DebtState) -> Vec<Action> {
    let mut out = ActionList::new();
    st.legal_actions(&mut out);
    out.to_vec()
}

/// Strict apply that must succeed; also checks that every card is still somewhere.
fn act(st: &mut DebtState, a: Action) {
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
fn act_log(st: &mut DebtState, a: Action) -> Vec<Event> {
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

fn to_act(st: &DebtState) -> (Seat, DecisionKind) {
    st.to_act().expect("the game should not be over")
}

/// Whether `seat` is at the first card of a play (no special move open).
fn assert_play(st: &DebtState, seat: u8) {
    assert_eq!(to_act(st), (seat, DecisionKind::Play), "whose decision");
    assert_eq!(st.current(), seat);
    assert_eq!(st.phase(), Phase::Play, "phase");
}

/// Card codes of a count-per-kind array, sorted by kind id, with multiplicity.
fn kinds(counts: &[u8; NUM_KINDS]) -> Vec<&'static str> {
    let mut v = Vec::new();
    for (k, info) in CARDS.iter().enumerate() {
        for _ in 0..counts[k] {
            v.push(info.code);
        }
    }
    v
}

fn codes(h: &DebtHand) -> Vec<&'static str> {
    kinds(h.counts())
}

fn sorted(expected: &[&str]) -> Vec<&'static str> {
    let mut want: Vec<u8> = expected.iter().map(|c| card(c)).collect();
    want.sort();
    want.iter().map(|&k| CARDS[k as usize].code).collect()
}

fn assert_hand(st: &DebtState, seat: usize, expected: &[&str]) {
    assert_eq!(
        codes(st.hand(seat)),
        sorted(expected),
        "hand of seat {seat}"
    );
}

fn assert_pile(st: &DebtState, seat: usize, expected: &[&str]) {
    assert_eq!(
        codes(st.pile(seat)),
        sorted(expected),
        "pile of seat {seat}"
    );
}

/// The play area, bottom to top, as card codes.
fn area(st: &DebtState) -> Vec<&'static str> {
    st.play_area()
        .map(|(k, _)| CARDS[k as usize].code)
        .collect()
}

fn top(st: &DebtState) -> &'static str {
    let (k, _) = st.area_top().expect("a top card");
    CARDS[k as usize].code
}

fn played(seat: u8, code: &str, color: u8) -> Event {
    Event::Played {
        seat,
        card: card(code),
        color,
    }
}

fn play_done(seat: u8, cards: u8, sum: u16, debt: u16, balanced: bool) -> Event {
    Event::PlayDone {
        seat,
        cards,
        sum,
        debt,
        balanced,
    }
}

fn drew(seat: u8, code: &str) -> Event {
    Event::Drew {
        seat,
        card: card(code),
    }
}

fn skipped(log: &[Event]) -> Vec<u8> {
    log.iter()
        .filter_map(|e| match e {
            Event::Skipped { seat } => Some(*seat),
            _ => None,
        })
        .collect()
}

/// The card `seat` took from their own discard pile, per the one `FromPile` event expected.
fn from_pile(log: &[Event], seat: u8) -> Vec<u8> {
    log.iter()
        .filter_map(|e| match e {
            Event::FromPile { seat: s, card } if *s == seat => Some(*card),
            _ => None,
        })
        .collect()
}

/// Hand and pile of `seat` together, as sorted codes.
fn hand_and_pile(st: &DebtState, seat: usize) -> Vec<&'static str> {
    let mut c = *st.hand(seat).counts();
    for (k, x) in st.pile(seat).iter() {
        c[k] += x;
    }
    kinds(&c)
}

// ===================================================================================
// The seed's examples (S29-S35)
// ===================================================================================

/// S29 "Ex. A: The current debt is -6 with the top card being a blue card and the player plays a
/// blue 6, making the debt 0." S8: "The reward for balancing the debt causes all the cards in
/// the playing area to be discarded and shuffled back into the melon and allows the player to
/// play again".
#[test]
fn example_a_balances_the_debt() {
    let mut st = table(
        &["R3", "Y5", "G2"],
        &[&["B6", "G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R2", "B4"],
        &[],
        serde_json::json!({"debt": 6}),
    );
    assert_play(&st, 0);
    assert_eq!((st.debt(), st.color()), (6, BLUE));
    let melon = st.melon().len();
    let log = act_log(&mut st, play("B6"));
    assert_eq!(
        log,
        vec![
            played(0, "B6", BLUE),
            play_done(0, 1, 6, 0, true),
            Event::AreaCleared { cards: 3 },
        ]
    );
    assert_eq!(st.debt(), 0);
    assert_eq!(
        st.play_area_len(),
        0,
        "the play area went back into the melon"
    );
    assert_eq!(st.color(), NO_COLOR);
    assert_eq!(st.melon().len(), melon + 3);
    assert_eq!(st.phase(), Phase::Reward);
    assert_eq!(
        to_act(&st),
        (0, DecisionKind::Play),
        "the balancer plays again"
    );
    assert_eq!(st.stats().balances[0], 1);
    assert_hand(&st, 0, &["G1", "Y2"]);
}

/// S31 "Ex. B: Top face card is a blue 6 and debt is -3. A player has a blue 4 buying power
/// card and plays two blue 3s, a blue 1, and a blue 9, summing up to 16, making the debt -13".
#[test]
fn example_b_group_overshoot_leaves_13() {
    let mut st = table(
        &["B4", "Y5", "G2"],
        &[
            &["B3", "B3", "B1", "B9", "R5", "G7"],
            &["G5", "G6"],
            &["Y7", "Y8"],
        ],
        &["B6"],
        &[],
        serde_json::json!({"debt": 3}),
    );
    act(&mut st, play("B3"));
    assert_eq!(st.phase(), Phase::Group);
    assert_eq!(
        legal(&st),
        vec![play("B1"), play("B3"), play("B9"), DONE],
        "further blue cards or done"
    );
    act(&mut st, play("B3"));
    act(&mut st, play("B1"));
    assert_eq!(st.group().len, 3);
    assert_eq!(st.group().sum, 7);
    let log = act_log(&mut st, play("B9"));
    // The fourth card reaches the buying power: the group ends without a DONE.
    assert_eq!(
        log,
        vec![
            played(0, "B9", BLUE),
            play_done(0, 4, 16, 13, false),
            Event::TurnEnd { seat: 0 },
        ]
    );
    assert_eq!(st.debt(), 13);
    assert_eq!(area(&st), vec!["B6", "B3", "B3", "B1", "B9"]);
    assert_eq!(st.stats().groups, 1);
    assert_hand(&st, 0, &["R5", "G7"]);
    assert_play(&st, 1);
}

/// S33 "Ex. C: The last card was a blue 6 but the debt was -2. A player plays a red 6 and now
/// the debt value is -6". S17: "If the color is changed, The debt is "buried"".
#[test]
fn example_c_colour_change_buries_the_debt() {
    let mut st = table(
        &["G5", "Y5", "G2"],
        &[&["R6", "Y1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B6"],
        &[],
        serde_json::json!({"debt": 2}),
    );
    let log = act_log(&mut st, play("R6"));
    assert_eq!(log[1], play_done(0, 1, 6, 6, false));
    assert_eq!((st.debt(), st.color()), (6, RED));
    assert_play(&st, 1);
}

/// S35 "Ex. D: The current face up card is a blue six and debt is -12. Next player plays a wild
/// card and changes color to red. Debt is still -12." S17: "Special cards that change existing
/// color carry over the previous debt."
#[test]
fn example_d_wild_carries_the_debt() {
    let mut st = table(
        &["G5", "Y5", "G2"],
        &[&["W", "Y1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B6"],
        &[],
        serde_json::json!({"debt": 12}),
    );
    assert!(legal(&st).contains(&wild(RED)));
    let log = act_log(&mut st, wild(RED));
    assert_eq!(log[0], played(0, "W", RED));
    assert_eq!(log[1], play_done(0, 1, 0, 12, false));
    assert_eq!((st.debt(), st.color()), (12, RED));
    assert_eq!(top(&st), "W");
    assert_play(&st, 1);
}

// ===================================================================================
// The debt (S8, S17)
// ===================================================================================

/// Ruling (docs "Resolve the group" 1): a single same-colour card under the debt pays it down
/// (debt 6, a 2 leaves 4).
#[test]
fn single_card_under_the_debt_pays_it_down() {
    let mut st = table(
        &["G5", "Y5", "G2"],
        &[&["B2", "Y1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B9"],
        &[],
        serde_json::json!({"debt": 6}),
    );
    let log = act_log(&mut st, play("B2"));
    assert_eq!(log[1], play_done(0, 1, 2, 4, false));
    assert_eq!((st.debt(), st.color()), (4, BLUE));
    assert_eq!(st.stats().balances[0], 0);
    assert_play(&st, 1);
}

/// S4 "The player with the highest card turns over the first card in the middle", S17 "If the
/// top face card is a special card or if there is no card, the next player's card(s) that is a
/// number card become the new value of the debt": a number turned first sets the debt.
#[test]
fn first_card_number_sets_the_debt() {
    let v = table_json(
        &["G5", "Y5", "G2"],
        &[&["B2", "Y1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &[],
        &[],
        serde_json::json!({"first_card": "G7"}),
    );
    let mut log = Vec::new();
    let st = DebtScenario::from_json(&v.to_string())
        .and_then(|s| s.build_logged(&mut log))
        .unwrap();
    assert_eq!(
        log,
        vec![Event::FirstCard {
            card: card("G7"),
            debt: 7
        }]
    );
    assert_eq!((st.debt(), st.color()), (7, GREEN));
    assert_eq!(area(&st), vec!["G7"]);
    assert_eq!(legal(&st), vec![play("G2")], "green or a 7");
}

/// Ruling (docs "Set-up" 4): a special card turned first sets debt 0 and has no effect; a Wild
/// turned first leaves no colour, so any card may be played.
#[test]
fn first_card_special_sets_no_debt() {
    let hands: [&[&str]; 3] = [&["B2", "Y1", "G2"], &["G5", "G6"], &["Y7", "Y8"]];
    for (first, color) in [("GS", GREEN), ("R+2", RED), ("GR", GREEN)] {
        let mut log = Vec::new();
        let v = table_json(
            &["G5", "Y5", "G2"],
            &hands,
            &[],
            &[],
            serde_json::json!({"first_card": first}),
        );
        let st = DebtScenario::from_json(&v.to_string())
            .and_then(|s| s.build_logged(&mut log))
            .unwrap();
        assert_eq!(
            log,
            vec![Event::FirstCard {
                card: card(first),
                debt: 0
            }],
            "{first}"
        );
        assert_eq!((st.debt(), st.color()), (0, color), "{first}");
        // No Skip / Draw / Reverse effect: seat 0 plays, clockwise, with its hand unchanged.
        assert_play(&st, 0);
        assert!(st.clockwise());
        assert_hand(&st, 0, hands[0]);
    }
    let st = table(
        &["G5", "Y5", "G2"],
        &hands,
        &[],
        &[],
        serde_json::json!({"first_card": "W"}),
    );
    assert_eq!((st.debt(), st.color()), (0, NO_COLOR));
    assert_eq!(
        legal(&st),
        vec![play("Y1"), play("G2"), play("B2")],
        "any card on a Wild turned first"
    );
}

/// S17 "New special cards and 0 number cards played provide no change to existing debt": a 0
/// changes nothing, also when it changes the colour (it buries nothing either).
#[test]
fn zero_card_changes_nothing() {
    let mut st = table(
        &["G5", "Y5", "G2"],
        &[&["B0", "Y1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B5"],
        &[],
        serde_json::json!({"debt": 5}),
    );
    let log = act_log(&mut st, play("B0"));
    assert_eq!(log[1], play_done(0, 1, 0, 5, false));
    assert_eq!(st.debt(), 5);

    let mut st = table(
        &["G5", "Y5", "G2"],
        &[&["R0", "Y1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B0"],
        &[],
        serde_json::json!({"debt": 7}),
    );
    act(&mut st, play("R0"));
    assert_eq!((st.debt(), st.color()), (7, RED), "a 0 changing colour");
}

/// S17 "New special cards ... provide no change to existing debt", also a special card that
/// changes the colour (a Skip on a Skip).
#[test]
fn specials_change_nothing() {
    let mut st = table(
        &["G5", "Y5", "G2", "Y3"],
        &[&["BS", "Y1", "G2"], &["G5", "G6"], &["Y7", "Y8"], &["R1"]],
        &["B5"],
        &[],
        serde_json::json!({"debt": 5}),
    );
    let log = act_log(&mut st, play("BS"));
    assert_eq!(log[1], play_done(0, 1, 0, 5, false));
    assert_eq!((st.debt(), st.color()), (5, BLUE));

    let mut st = table(
        &["G5", "Y5", "G2", "Y3"],
        &[&["RS", "Y1", "G2"], &["G5", "G6"], &["Y7", "Y8"], &["R1"]],
        &["B9", "BS"],
        &[],
        serde_json::json!({"debt": 9}),
    );
    act(&mut st, play("RS"));
    assert_eq!((st.debt(), st.color()), (9, RED), "a Skip changing colour");
}

/// S2 "A number line on a strip of paper numbered 0 to at least -25": the debt stops at
/// `debt_cap` (default 25); `debt_cap: null` is a line with no end.
#[test]
fn debt_cap_clamps_at_25() {
    let hands: [&[&str]; 3] = [
        &["B9", "B9", "B9", "B8", "B8", "B8", "R1"],
        &["G5", "G6"],
        &["Y7", "Y8"],
    ];
    for (cap, want) in [(serde_json::json!(25), 25), (serde_json::Value::Null, 49)] {
        let mut st = table(
            &["B7", "Y5", "G2"],
            &hands,
            &["B2"],
            &[],
            serde_json::json!({"options": {"debt_cap": cap}}),
        );
        assert_eq!(st.debt(), 2);
        for c in ["B9", "B9", "B9", "B8", "B8"] {
            act(&mut st, play(c));
            assert_eq!(st.phase(), Phase::Group);
        }
        // The sixth blue card empties the blue cards: the group ends by itself.
        let log = act_log(&mut st, play("B8"));
        assert_eq!(log[1], play_done(0, 6, 51, want, false), "cap {cap}");
        assert_eq!(st.debt(), want);
    }
    // A colour change buries the debt under the sum, clamped too.
    let mut st = table(
        &["B7", "Y5", "G2"],
        &[
            &["B9", "B9", "B9", "B8", "R1"],
            &["G5", "G6"],
            &["Y7", "Y8"],
        ],
        &["R9"],
        &[],
        none(),
    );
    for c in ["B9", "B9", "B9"] {
        act(&mut st, play(c));
    }
    act(&mut st, play("B8"));
    assert_eq!((st.debt(), st.color()), (25, BLUE), "35 buried, clamped");
    // The scenario refuses a debt past the line's end.
    let e = scenario_error(table_json(
        &["B7", "Y5", "G2"],
        &hands,
        &["B2"],
        &[],
        serde_json::json!({"debt": 26}),
    ));
    assert!(e.contains("'debt' 26"), "{e}");
}

/// S17 "the next player's card(s) that is a number card become the new value of the debt":
/// with no debt, a number sets it (same colour or not).
#[test]
fn debt_zero_and_a_number_sets_it() {
    for (c, color) in [("B4", BLUE), ("R4", RED)] {
        let mut st = table(
            &["G5", "Y5", "G2"],
            &[&["B4", "R4", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
            &["B9", "B4"],
            &[],
            serde_json::json!({"debt": 0}),
        );
        let log = act_log(&mut st, play(c));
        assert_eq!(log[1], play_done(0, 1, 4, 4, false), "{c}");
        assert_eq!((st.debt(), st.color()), (4, color));
    }
}

/// S10 "Specials cards may be included in the group as long as the color is not changed
/// respective to the cards player is playing": a Draw Two of the buying-power colour joins the
/// group, counts nothing toward the sum, and still makes the next player draw.
#[test]
fn group_with_a_special_of_the_power_colour() {
    let mut st = table(
        &["B3", "Y5", "G2"],
        &[
            &["B4", "B+2", "B1", "R5", "G7"],
            &["G5", "G6"],
            &["Y7", "Y8"],
        ],
        &["B6"],
        &["G3", "Y4"],
        serde_json::json!({"debt": 9}),
    );
    act(&mut st, play("B4"));
    assert_eq!(legal(&st), vec![play("B1"), play("B+2"), DONE]);
    act(&mut st, play("B+2"));
    let log = act_log(&mut st, play("B1"));
    assert_eq!(
        log,
        vec![
            played(0, "B1", BLUE),
            play_done(0, 3, 5, 4, false),
            drew(1, "G3"),
            drew(1, "Y4"),
            Event::Punished { seat: 1, cards: 2 },
            Event::Skipped { seat: 1 },
            Event::TurnEnd { seat: 0 },
        ]
    );
    assert_eq!(st.debt(), 4);
    assert_eq!(top(&st), "B1");
    assert_hand(&st, 1, &["G5", "G6", "G3", "Y4"]);
    assert_play(&st, 2);
}

// ===================================================================================
// Groups (S10, S21)
// ===================================================================================

/// S10 "A player may play at most the number of their buying power in cards": with a buying
/// power of 2 the second card ends the group.
#[test]
fn group_limit_is_the_buying_power() {
    let mut st = table(
        &["B2", "Y5", "G2"],
        &[&["B1", "B2", "B3", "R5"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B9"],
        &[],
        serde_json::json!({"debt": 20}),
    );
    act(&mut st, play("B1"));
    assert_eq!(legal(&st), vec![play("B2"), play("B3"), DONE]);
    let log = act_log(&mut st, play("B2"));
    assert_eq!(log[1], play_done(0, 2, 3, 17, false));
    assert_hand(&st, 0, &["B3", "R5"]);
    assert_play(&st, 1);
}

/// Ruling (docs "Power counts"): a single card can always be played; a buying power of 1 or 0
/// allows no group.
#[test]
fn buying_power_one_or_zero_plays_single_cards() {
    for bp in ["B1", "B0"] {
        let mut st = table(
            &[bp, "Y5", "G2"],
            &[&["B4", "B2", "B3", "R5"], &["G5", "G6"], &["Y7", "Y8"]],
            &["B9"],
            &[],
            serde_json::json!({"debt": 20}),
        );
        let log = act_log(&mut st, play("B4"));
        assert_eq!(log[1], play_done(0, 1, 4, 16, false), "{bp}");
        assert_play(&st, 1);
    }
}

/// S10 "... and the color of the cards being played match the buying power color": a first
/// card of another colour is played alone even with more cards of its colour in hand.
#[test]
fn only_power_colour_cards_join_a_group() {
    let mut st = table(
        &["B4", "Y5", "G2"],
        &[&["R3", "R4", "R7", "B7"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, play("R3"));
    assert_eq!(log[1], play_done(0, 1, 3, 2, false));
    assert_play(&st, 1);
    // With a blue first card only blue cards may join (not the red ones, nor a Wild).
    let mut st = table(
        &["B4", "Y5", "G2"],
        &[
            &["B3", "R4", "B7", "W", "W+4"],
            &["G5", "G6"],
            &["Y7", "Y8"],
        ],
        &["B5"],
        &[],
        none(),
    );
    act(&mut st, play("B3"));
    assert_eq!(legal(&st), vec![play("B7"), DONE]);
}

/// S10 "Player can change the color to buying power and play multiple cards if one of the cards
/// being played matches the symbol of the face up card": a blue 5 on a red 5 starts a blue
/// group; the colour changed, so the sum buries the debt (S17).
#[test]
fn group_changes_colour_to_the_power_colour_on_a_matching_symbol() {
    let mut st = table(
        &["B4", "Y5", "G2"],
        &[&["B5", "B7", "B2", "R1"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"debt": 3}),
    );
    act(&mut st, play("B5"));
    assert_eq!(st.color(), BLUE);
    assert_eq!(legal(&st), vec![play("B2"), play("B7"), DONE]);
    act(&mut st, play("B7"));
    let log = act_log(&mut st, DONE);
    assert_eq!(
        log,
        vec![play_done(0, 2, 12, 12, false), Event::TurnEnd { seat: 0 }]
    );
    assert_eq!((st.debt(), st.color()), (12, BLUE));
    assert_eq!(top(&st), "B7");
}

/// S21 "2 draw fours become draw eight": Wild Draw Fours join a Wild Draw Four (up to the
/// buying power); each names a colour, the last one's counts; the next player draws eight.
#[test]
fn wild_draw_fours_together_draw_eight() {
    let melon = ["G1", "G2", "G3", "G4", "Y1", "Y2", "Y3", "Y4"];
    let mut st = table(
        &["B3", "Y5", "G2"],
        &[&["W+4", "W+4", "G1", "G7"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &melon,
        none(),
    );
    act(&mut st, wd4(GREEN));
    assert_eq!(st.phase(), Phase::Group);
    assert_eq!(
        legal(&st),
        vec![wd4(RED), wd4(YELLOW), wd4(GREEN), wd4(BLUE), DONE]
    );
    let log = act_log(&mut st, wd4(BLUE));
    let mut want = vec![played(0, "W+4", BLUE), play_done(0, 2, 0, 5, false)];
    want.extend(melon.iter().map(|c| drew(1, c)));
    want.extend([
        Event::Punished { seat: 1, cards: 8 },
        Event::Skipped { seat: 1 },
        Event::TurnEnd { seat: 0 },
    ]);
    assert_eq!(log, want);
    assert_eq!((st.debt(), st.color()), (5, BLUE));
    assert_eq!(st.hand(1).len(), 10);
    assert_play(&st, 2);
}

/// S21 "2 draw twos becomes draw four".
#[test]
fn two_draw_twos_draw_four() {
    let mut st = table(
        &["B2", "Y5", "G2"],
        &[&["B+2", "B+2", "R1", "G7"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B5"],
        &["G1", "G2", "G3", "G4"],
        none(),
    );
    act(&mut st, play("B+2"));
    let log = act_log(&mut st, play("B+2"));
    assert!(log.contains(&Event::Punished { seat: 1, cards: 4 }));
    assert_eq!(skipped(&log), vec![1]);
    assert_hand(&st, 1, &["G5", "G6", "G1", "G2", "G3", "G4"]);
    assert_play(&st, 2);
}

/// S21 "2 skips skip 2 people".
#[test]
fn two_skips_skip_two() {
    let mut st = table(
        &["B2", "Y5", "G2", "Y3"],
        &[
            &["BS", "BS", "R1", "G7"],
            &["G5", "G6"],
            &["Y7", "Y8"],
            &["R7", "R8"],
        ],
        &["B5"],
        &[],
        none(),
    );
    act(&mut st, play("BS"));
    let log = act_log(&mut st, play("BS"));
    assert_eq!(skipped(&log), vec![1, 2]);
    assert_play(&st, 3);
}

/// S21 "Even number of reverses do not change direction, odd numbers change direction."
#[test]
fn even_reverses_keep_the_direction_odd_flip_it() {
    let hands: [&[&str]; 4] = [
        &["BR", "BR", "BR", "R1", "G7"],
        &["G5", "G6"],
        &["Y7", "Y8"],
        &["R7", "R8"],
    ];
    let mut st = table(&["B3", "Y5", "G2", "Y3"], &hands, &["B5"], &[], none());
    act(&mut st, play("BR"));
    act(&mut st, play("BR"));
    let log = act_log(&mut st, DONE);
    assert!(!log.contains(&Event::Reversed));
    assert!(st.clockwise());
    assert_play(&st, 1);

    let mut st = table(&["B3", "Y5", "G2", "Y3"], &hands, &["B5"], &[], none());
    act(&mut st, play("BR"));
    act(&mut st, play("BR"));
    let log = act_log(&mut st, play("BR"));
    assert_eq!(log.iter().filter(|e| **e == Event::Reversed).count(), 1);
    assert!(!st.clockwise());
    assert_play(&st, 3);

    // A single Reverse (UNO's card) flips the direction.
    let mut st = table(&["R3", "Y5", "G2", "Y3"], &hands, &["B5"], &[], none());
    let log = act_log(&mut st, play("BR"));
    assert!(log.contains(&Event::Reversed));
    assert!(!st.clockwise());
    assert_play(&st, 3);
}

/// Ruling (docs "Resolve the group" 2, UNO's two-player rule): with two players an odd number
/// of Reverses also skips the other player.
#[test]
fn two_player_odd_reverse_skips_the_other() {
    let mut st = table(
        &["R3", "Y5"],
        &[&["BR", "G1", "G2"], &["G5", "G6"]],
        &["B5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, play("BR"));
    assert_eq!(
        log,
        vec![
            played(0, "BR", BLUE),
            play_done(0, 1, 0, 5, false),
            Event::Reversed,
            Event::Skipped { seat: 1 },
            Event::TurnEnd { seat: 0 },
        ]
    );
    assert_play(&st, 0);
}

/// Ruling (docs "Phase Group"): DONE ends a group at any size.
#[test]
fn done_ends_a_group() {
    let mut st = table(
        &["B4", "Y5", "G2"],
        &[&["B1", "B2", "B3", "R5"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B9"],
        &[],
        serde_json::json!({"debt": 20}),
    );
    act(&mut st, play("B1"));
    let log = act_log(&mut st, DONE);
    assert_eq!(log[0], play_done(0, 1, 1, 19, false));
    assert_hand(&st, 0, &["B2", "B3", "R5"]);
    assert_play(&st, 1);
}

/// Ruling (docs "Phase Group"): the card matching the top card is laid first and the last card
/// laid is the new top face card the next player must match.
#[test]
fn last_card_laid_is_the_new_top() {
    let mut st = table(
        &["B3", "Y5", "G2"],
        &[
            &["B5", "B2", "R7", "G8"],
            &["R2", "Y5", "G7", "B9"],
            &["Y7", "Y8"],
        ],
        &["R5"],
        &[],
        none(),
    );
    act(&mut st, play("B5"));
    act(&mut st, play("B2"));
    assert_eq!(top(&st), "B2");
    assert_eq!((st.debt(), st.color()), (7, BLUE), "buried under 5 + 2");
    assert_play(&st, 1);
    assert_eq!(legal(&st), vec![play("R2"), play("B9")], "a 2 or blue");
}

// ===================================================================================
// The special cards across turns (S6, S21, UNO's cards)
// ===================================================================================

/// A Skip skips the next player.
#[test]
fn skip_skips_the_next_player() {
    let mut st = table(
        &["G3", "Y5", "G2"],
        &[&["RS", "G1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, play("RS"));
    assert_eq!(skipped(&log), vec![1]);
    assert_eq!(st.debt(), 5);
    assert_play(&st, 2);
}

/// A Reverse reverses the direction.
#[test]
fn reverse_reverses_the_direction() {
    let mut st = table(
        &["G3", "Y5", "G2"],
        &[&["RR", "G1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        none(),
    );
    act(&mut st, play("RR"));
    assert!(!st.clockwise());
    assert_play(&st, 2);
    // Counterclockwise from 2 the next is 1.
    act(&mut st, OPTION_ONE);
    assert_eq!(st.current(), 1);
}

/// A Draw Two: the next player draws two from the melon and loses the turn.
#[test]
fn draw_two_draws_two_and_skips() {
    let mut st = table(
        &["G3", "Y5", "G2"],
        &[&["R+2", "G1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &["G3", "Y4"],
        none(),
    );
    let log = act_log(&mut st, play("R+2"));
    assert_eq!(
        log[2..].to_vec(),
        vec![
            drew(1, "G3"),
            drew(1, "Y4"),
            Event::Punished { seat: 1, cards: 2 },
            Event::Skipped { seat: 1 },
            Event::TurnEnd { seat: 0 },
        ]
    );
    assert_hand(&st, 1, &["G5", "G6", "G3", "Y4"]);
    assert_play(&st, 2);
}

/// A Wild plays on anything and names any colour; the next player matches the named colour
/// (a Wild's symbol matches only another wild).
#[test]
fn wild_names_any_colour() {
    let mut st = table(
        &["G3", "Y5", "G2"],
        &[
            &["W", "G5", "G2"],
            &["Y3", "R5", "G5", "W+4"],
            &["Y7", "Y8"],
        ],
        &["R5"],
        &[],
        none(),
    );
    assert_eq!(
        legal(&st),
        vec![play("G5"), wild(0), wild(1), wild(2), wild(3)]
    );
    act(&mut st, wild(YELLOW));
    assert_eq!((st.color(), st.debt()), (YELLOW, 5));
    assert_play(&st, 1);
    assert_eq!(legal(&st), vec![play("Y3"), wd4(0), wd4(1), wd4(2), wd4(3)]);
}

/// A Wild Draw Four names a colour; the next player draws four and loses the turn.
#[test]
fn wild_draw_four_draws_four_and_skips() {
    let mut st = table(
        &["G3", "Y5", "G2"],
        &[&["W+4", "G1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &["B1", "B2", "B3", "B4"],
        none(),
    );
    let log = act_log(&mut st, wd4(GREEN));
    assert!(log.contains(&Event::Punished { seat: 1, cards: 4 }));
    assert_eq!(skipped(&log), vec![1]);
    assert_eq!((st.color(), st.debt()), (GREEN, 5));
    assert_hand(&st, 1, &["G5", "G6", "B1", "B2", "B3", "B4"]);
    assert_play(&st, 2);
}

// ===================================================================================
// Unable to play (rule 6: S12-S15)
// ===================================================================================

/// S12 "If a player is unable to play when it is their turn, they have two options": with no
/// playable card only the stuck options are legal (option one only without a pile).
#[test]
fn stuck_without_a_playable_card_only_the_stuck_options() {
    let st = table(
        &["G3", "Y5", "G2"],
        &[&["G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"last_player": 2}),
    );
    assert_play(&st, 0);
    assert_eq!(legal(&st), vec![OPTION_ONE, OPTION_TWO, OPTION_TWO_MELON]);
}

/// S12 "The player must draw the same number of cards as the buying power of the last player
/// that played a card from: Option one: the melon." S15 "their discard pile is shuffled, and
/// one card from the top is drawn face down from the discard pile and placed in the player's
/// hand, ending the player's turn."
#[test]
fn stuck_option_one_draws_power_of_the_last_player_into_the_pile() {
    let mut st = table(
        &["G3", "Y5", "Y3"],
        &[&["G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &["G7", "G8", "G9", "B1"],
        serde_json::json!({"last_player": 2}),
    );
    let log = act_log(&mut st, OPTION_ONE);
    assert_eq!(
        log[..4].to_vec(),
        vec![
            Event::Stuck {
                seat: 0,
                option: 1,
                count: 3
            },
            Event::ToPile {
                seat: 0,
                card: card("G7"),
                public: false
            },
            Event::ToPile {
                seat: 0,
                card: card("G8"),
                public: false
            },
            Event::ToPile {
                seat: 0,
                card: card("G9"),
                public: false
            },
        ]
    );
    let took = from_pile(&log, 0);
    assert_eq!(took.len(), 1);
    assert!(["G7", "G8", "G9"].contains(&CARDS[took[0] as usize].code));
    assert_eq!(*log.last().unwrap(), Event::TurnEnd { seat: 0 });
    assert_eq!(st.hand(0).len(), 3);
    assert_eq!(st.pile(0).len(), 2);
    assert_eq!(
        hand_and_pile(&st, 0),
        sorted(&["G1", "Y2", "G7", "G8", "G9"])
    );
    assert!(st.hand(0).has(took[0] as usize));
    // The melon cards went face down: nobody else knows them; the owner saw them all.
    assert_eq!(kinds(st.known_pile(0)), Vec::<&str>::new());
    assert_eq!(st.own_pile_known(0), st.pile(0).counts());
    assert_eq!(
        (st.debt(), top(&st)),
        (5, "R5"),
        "the play area is untouched"
    );
    assert_eq!(st.stats().stuck[0], 1);
    // Seat 1 could buy from seat 0's new pile: its turn begins at the special moves.
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.phase(), Phase::Start { took: false });
}

/// S14 "Option two: the play area": the cards come off the top of the play area face up (so
/// everyone knows they are in the pile), and S17 "If a player removes cards from the play area
/// as a result of taking on debt, the top face card becomes the new value of the debt".
#[test]
fn stuck_option_two_takes_from_the_play_area() {
    let mut st = table(
        &["G3", "Y5", "Y3"],
        &[&["G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["G4", "R9", "R7", "R7", "R7"],
        &[],
        serde_json::json!({"last_player": 2}),
    );
    let log = act_log(&mut st, OPTION_TWO);
    let public = Event::ToPile {
        seat: 0,
        card: card("R7"),
        public: true,
    };
    assert_eq!(
        log,
        vec![
            Event::Stuck {
                seat: 0,
                option: 2,
                count: 3
            },
            public,
            public,
            public,
            Event::DebtReset { debt: 9 },
            Event::FromPile {
                seat: 0,
                card: card("R7")
            },
            Event::TurnEnd { seat: 0 },
        ]
    );
    assert_eq!(area(&st), vec!["G4", "R9"]);
    assert_eq!((st.debt(), st.color()), (9, RED));
    assert_pile(&st, 0, &["R7", "R7"]);
    assert_hand(&st, 0, &["G1", "Y2", "R7"]);
    // Everyone saw three red 7s go in; one card left face down: two are certainly still there.
    assert_eq!(kinds(st.known_pile(0)), vec!["R7", "R7"]);
    for viewer in 0..3 {
        assert_eq!(kinds(&st.view(viewer).known_pile[0]), vec!["R7", "R7"]);
    }
    assert_eq!(
        st.melon().len(),
        216 - 3 - 2 - 2 - 2 - 5,
        "nothing from the melon"
    );
}

/// S17: a special card (or a 0) on top after the removal sets debt 0; with nothing left the debt
/// is 0 and no colour is in play. S14 "If player needs to take more cards than there are in the
/// middle, the remainder is taken from the melon."
#[test]
fn stuck_option_two_resets_the_debt_from_the_new_top() {
    let mut st = table(
        &["G3", "Y5", "Y1"],
        &[&["G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B3", "GS", "R7"],
        &[],
        serde_json::json!({"last_player": 2}),
    );
    let log = act_log(&mut st, OPTION_TWO);
    assert!(log.contains(&Event::DebtReset { debt: 0 }));
    assert_eq!((st.debt(), st.color(), top(&st)), (0, GREEN, "GS"));

    // A Wild on top keeps the colour it named.
    let mut st = table(
        &["G3", "Y5", "Y1"],
        &[&["B1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B3", "W:green", "R7"],
        &[],
        serde_json::json!({"last_player": 2}),
    );
    act(&mut st, OPTION_TWO);
    assert_eq!((st.debt(), st.color(), top(&st)), (0, GREEN, "W"));

    // Shortfall: two cards in the play area, three to take: one from the melon, and nothing is
    // left on the table.
    let mut st = table(
        &["G3", "Y5", "Y3"],
        &[&["G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R4", "R7"],
        &["B8"],
        serde_json::json!({"last_player": 2}),
    );
    let log = act_log(&mut st, OPTION_TWO);
    assert_eq!(
        log[..5].to_vec(),
        vec![
            Event::Stuck {
                seat: 0,
                option: 2,
                count: 3
            },
            Event::ToPile {
                seat: 0,
                card: card("R7"),
                public: true
            },
            Event::ToPile {
                seat: 0,
                card: card("R4"),
                public: true
            },
            Event::DebtReset { debt: 0 },
            Event::ToPile {
                seat: 0,
                card: card("B8"),
                public: false
            },
        ]
    );
    assert_eq!(st.play_area_len(), 0);
    assert_eq!((st.debt(), st.color()), (0, NO_COLOR));
    assert_eq!(
        hand_and_pile(&st, 0),
        sorted(&["G1", "Y2", "R7", "R4", "B8"])
    );
    // Seat 1 may now play anything.
    assert_eq!(st.current(), 1);
}

/// S14 "Option two: the play area, and one of the cards drawn may be taken from the melon."
#[test]
fn stuck_option_two_with_one_from_the_melon() {
    let mut st = table(
        &["G3", "Y5", "Y3"],
        &[&["G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["G4", "R9", "R8", "R7"],
        &["B8"],
        serde_json::json!({"last_player": 2}),
    );
    let log = act_log(&mut st, OPTION_TWO_MELON);
    assert_eq!(
        log[..5].to_vec(),
        vec![
            Event::Stuck {
                seat: 0,
                option: 3,
                count: 3
            },
            Event::ToPile {
                seat: 0,
                card: card("R7"),
                public: true
            },
            Event::ToPile {
                seat: 0,
                card: card("R8"),
                public: true
            },
            Event::DebtReset { debt: 9 },
            Event::ToPile {
                seat: 0,
                card: card("B8"),
                public: false
            },
        ]
    );
    assert_eq!(area(&st), vec!["G4", "R9"]);
    assert_eq!(
        hand_and_pile(&st, 0),
        sorted(&["G1", "Y2", "R7", "R8", "B8"])
    );
    assert_eq!(st.pile(0).len(), 2);
}

/// S13 "Option one ... is only available if the player does not have a discard pile": a player
/// with a pile who cannot play has option two only (`stuck_with_pile = play_area`, default).
#[test]
fn stuck_with_a_pile_option_one_is_not_offered() {
    let mut st = table(
        &["G3", "Y5", "Y3"],
        &[&["G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["G4", "R9", "R8", "R7"],
        &["B8"],
        serde_json::json!({"last_player": 2, "piles": [["Y9"], [], []]}),
    );
    assert_eq!(st.phase(), Phase::Start { took: false });
    act(&mut st, PROCEED);
    assert_play(&st, 0);
    assert_eq!(legal(&st), vec![OPTION_TWO, OPTION_TWO_MELON]);
    act(&mut st, OPTION_TWO);
    // Three from the play area on top of the Y9, one of the four back to the hand.
    assert_eq!(st.pile(0).len(), 3);
    assert_eq!(
        hand_and_pile(&st, 0),
        sorted(&["G1", "Y2", "Y9", "R7", "R8", "R9"])
    );
    assert_eq!(area(&st), vec!["G4"]);
}

/// S12's header "as long as they do not already have a discard pile", read with
/// `stuck_with_pile = pass`: a player with a pile has no option; DONE ends the turn after the
/// one card of rule 6 (S15) is taken from the pile into the hand.
#[test]
fn stuck_with_a_pile_under_pass_only_done() {
    let mut st = table(
        &["G3", "Y5", "Y3"],
        &[&["G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["G4", "R9", "R8", "R7"],
        &[],
        serde_json::json!({"last_player": 2, "piles": [["Y9", "Y9"], [], []],
            "options": {"stuck_with_pile": "pass"}}),
    );
    assert_eq!(st.options().stuck_with_pile, StuckWithPile::Pass);
    act(&mut st, PROCEED);
    assert_eq!(legal(&st), vec![DONE]);
    let log = act_log(&mut st, DONE);
    assert_eq!(
        log,
        vec![
            Event::FromPile {
                seat: 0,
                card: card("Y9")
            },
            Event::TurnEnd { seat: 0 },
        ]
    );
    assert_hand(&st, 0, &["G1", "Y2", "Y9"]);
    assert_pile(&st, 0, &["Y9"]);
    assert_eq!(
        area(&st),
        vec!["G4", "R9", "R8", "R7"],
        "the play area untouched"
    );
    assert_eq!(st.stats().stuck[0], 1);
    assert_eq!(st.current(), 1);
}

/// Ruling (docs "Power counts"): a buying power of 0 counts `zero_power` cards (default 1) when
/// it is a number of cards to take; with `zero_power = 0` option one draws nothing and the
/// melon variant of option two is not offered.
#[test]
fn zero_power_counts_as_zero_power_cards() {
    let hands: [&[&str]; 3] = [&["G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]];
    let mut st = table(
        &["G3", "Y5", "Y0"],
        &hands,
        &["R5"],
        &["B8"],
        serde_json::json!({"last_player": 2}),
    );
    assert_eq!(st.power(2), 1);
    let log = act_log(&mut st, OPTION_ONE);
    assert_eq!(
        log[0],
        Event::Stuck {
            seat: 0,
            option: 1,
            count: 1
        }
    );
    assert_hand(&st, 0, &["G1", "Y2", "B8"]);
    assert_eq!(st.pile(0).len(), 0);

    let mut st = table(
        &["G3", "Y5", "Y0"],
        &hands,
        &["R5"],
        &["B8"],
        serde_json::json!({"last_player": 2, "options": {"zero_power": 0}}),
    );
    assert_eq!(st.power(2), 0);
    assert_eq!(legal(&st), vec![OPTION_ONE, OPTION_TWO]);
    let log = act_log(&mut st, OPTION_ONE);
    assert_eq!(
        log,
        vec![
            Event::Stuck {
                seat: 0,
                option: 1,
                count: 0
            },
            Event::TurnEnd { seat: 0 },
        ]
    );
    assert_hand(&st, 0, &["G1", "Y2"]);
    assert_eq!(st.current(), 1);
}

// ===================================================================================
// The beginning of a turn: one card from one's pile, moves 10-12 (S15, S24-S28)
// ===================================================================================

/// S15 "Each turn thereafter, player is allowed to take one card per turn at the beginning of
/// their turn": optional, once; after it the turn goes on to the play when nothing else is open.
#[test]
fn take_one_is_optional_once() {
    let json = table_json(
        &["G3", "Y5", "Y3"],
        &[&["R1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"piles": [["Y8", "Y9"], [], []]}),
    );
    let mut st = build_value(json.clone());
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    assert_eq!(st.phase(), Phase::Start { took: false });
    assert_eq!(legal(&st), vec![TAKE_ONE, PROCEED]);
    let log = act_log(&mut st, TAKE_ONE);
    let took = from_pile(&log, 0);
    assert_eq!(log.len(), 1);
    assert!(["Y8", "Y9"].contains(&CARDS[took[0] as usize].code));
    assert_eq!((st.hand(0).len(), st.pile(0).len()), (3, 1));
    // Red in play, a green buying power, no other pile: nothing else at the beginning.
    assert_play(&st, 0);
    assert_eq!(legal(&st), vec![play("R1")]);

    let mut st = build_value(json);
    act(&mut st, PROCEED);
    assert_play(&st, 0);
    assert_hand(&st, 0, &["R1", "G2"]);
    assert_pile(&st, 0, &["Y8", "Y9"]);
}

/// Ruling (docs "A turn", TAKE_ONE): with an empty hand and a pile, taking one card is the
/// only legal action, so such a player is never without a card to play.
#[test]
fn take_one_is_compulsory_with_an_empty_hand() {
    let mut st = table(
        &["G3", "Y5", "Y3"],
        &[&[], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"piles": [["R3", "R4"], [], []]}),
    );
    assert_eq!(legal(&st), vec![TAKE_ONE]);
    assert!(st.apply(PROCEED).is_err());
    act(&mut st, TAKE_ONE);
    assert_eq!((st.hand(0).len(), st.pile(0).len()), (1, 1));
    assert_play(&st, 0);
    assert_eq!(legal(&st).len(), 1, "the red card taken plays on R5");
}

/// Ruling (docs "A turn"): after TAKE_ONE the beginning of the turn goes on only while a
/// special move is open (here the colour in play is the buying power's: moves 11 and 12).
#[test]
fn after_take_one_start_continues_only_if_something_else_is_available() {
    let mut st = table(
        &["R3", "Y5", "Y3"],
        &[&["G1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"piles": [["Y7", "Y8", "Y9"], [], []]}),
    );
    assert_eq!(
        legal(&st),
        vec![
            TAKE_ONE,
            PROCEED,
            COMBINE,
            withdraw(1),
            withdraw(2),
            withdraw(3)
        ]
    );
    act(&mut st, TAKE_ONE);
    assert_eq!(st.phase(), Phase::Start { took: true });
    assert_eq!(
        legal(&st),
        vec![PROCEED, COMBINE, withdraw(1), withdraw(2)],
        "no second TAKE_ONE"
    );
    // A pile of one card: taking it leaves nothing else to do.
    let mut st = table(
        &["R3", "Y5", "Y3"],
        &[&["G1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"piles": [["Y9"], [], []]}),
    );
    act(&mut st, TAKE_ONE);
    assert_play(&st, 0);
    assert_hand(&st, 0, &["G1", "G2", "Y9"]);
}

/// S24 "if any other player carries a debt (a discard pile) the current player can choose to
/// buy as many as their buying power allows from the top of enemy player's discard pile ... and
/// place those cards immediately in their hand, and may play them on the same turn".
#[test]
fn buy_move_10_takes_cards_from_another_pile() {
    let mut st = table(
        &["R2", "Y5", "Y3"],
        &[&["R1", "R2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["G5"],
        &[],
        serde_json::json!({"piles": [[], ["G3", "G3", "G3"], []],
            "known_piles": [[], ["G3", "G3"], []]}),
    );
    // Seat 2 has no pile; a buying power of 2 buys one or two.
    assert_eq!(legal(&st), vec![PROCEED, buy(1, 1), buy(1, 2)]);
    let log = act_log(&mut st, buy(1, 2));
    let bought = Event::Bought {
        seat: 0,
        from: 1,
        card: card("G3"),
    };
    assert_eq!(log, vec![bought, bought]);
    assert_hand(&st, 0, &["R1", "R2", "G3", "G3"]);
    assert_pile(&st, 1, &["G3"]);
    assert_eq!(st.stats().buys, 1);
    // One special move per turn: straight to the play, where the bought cards play.
    assert_play(&st, 0);
    assert_eq!(legal(&st), vec![play("G3")]);
    act(&mut st, play("G3"));
    assert_eq!(top(&st), "G3");
}

/// S24's conditions: a target with a pile, 1 to the buying power's number of cards (no more
/// than the pile holds), and "If playing with 2 players, this action can only be done if the
/// face up card's color in the play area is the same as the player's buying power color."
#[test]
fn buy_conditions() {
    let three = |bp: &str, pile: &[&str]| {
        table(
            &[bp, "Y5", "Y3"],
            &[&["R1", "R2"], &["G5", "G6"], &["Y7", "Y8"]],
            &["G5"],
            &[],
            serde_json::json!({"piles": [[], pile, []]}),
        )
    };
    assert_eq!(legal(&three("R2", &["G3"])), vec![PROCEED, buy(1, 1)]);
    assert_eq!(
        legal(&three("R9", &["G3", "G4", "G6"])),
        vec![PROCEED, buy(1, 1), buy(1, 2), buy(1, 3)]
    );
    // A buying power of 0 under zero_power = 1 buys one card; under zero_power = 0 none.
    assert_eq!(legal(&three("R0", &["G3", "G4"])), vec![PROCEED, buy(1, 1)]);
    let st = table(
        &["R0", "Y5", "Y3"],
        &[&["R1", "R2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["G5"],
        &[],
        serde_json::json!({"piles": [[], ["G3"], []], "options": {"zero_power": 0}}),
    );
    assert_play(&st, 0);
    // Two players: only when the colour in play is the buying power's colour.
    let two = |top: &str| {
        table(
            &["R2", "Y5"],
            &[&["R1", "G2"], &["G5", "G6"]],
            &[top],
            &[],
            serde_json::json!({"piles": [[], ["G3"]]}),
        )
    };
    let st = two("G5");
    assert_play(&st, 0);
    assert!(!legal(&st).contains(&buy(1, 1)));
    let st = two("R5");
    assert_eq!(st.phase(), Phase::Start { took: false });
    assert_eq!(legal(&st), vec![PROCEED, buy(1, 1)]);
}

/// S26 "If face up card and buy power card color match and player has a discard pile, at the
/// beginning of the player's turn, player may combine their discard pile with their hand,
/// shuffle it, and then redraw the same amount of cards as before."
#[test]
fn combine_move_11_keeps_the_hand_size() {
    let json = table_json(
        &["R3", "Y5", "Y3"],
        &[&["G1", "G2", "Y3"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"piles": [["B4", "B4", "B4", "B4", "G7", "G7"], [], []],
            "known_piles": [["B4", "B4", "B4", "B4"], [], []]}),
    );
    let mut st = build_value(json.clone());
    let before = hand_and_pile(&st, 0);
    assert!(legal(&st).contains(&COMBINE));
    let log = act_log(&mut st, COMBINE);
    assert_eq!(log, vec![Event::Combined { seat: 0, hand: 3 }]);
    assert_eq!((st.hand(0).len(), st.pile(0).len()), (3, 6));
    assert_eq!(hand_and_pile(&st, 0), before, "the same cards");
    assert_eq!(st.stats().combines, 1);
    // At most 3 of the 4 public blue 4s can have come into the hand.
    assert_eq!(kinds(st.known_pile(0)), vec!["B4"]);
    assert_eq!(kinds(st.known_hand(0)), Vec::<&str>::new());
    // The owner saw the whole union and sees the new hand: they know the pile exactly.
    assert_eq!(st.own_pile_known(0), st.pile(0).counts());
    // One special move per turn: straight to the play.
    assert_play(&st, 0);
    assert!(legal(&st)
        .iter()
        .all(|&a| a < DONE || a == OPTION_TWO || a == OPTION_TWO_MELON));
    // Not when the colour in play is not the buying power's colour.
    let mut v = json;
    v["play_area"] = serde_json::json!(["G5"]);
    let st = build_value(v);
    assert_eq!(legal(&st), vec![TAKE_ONE, PROCEED]);
}

/// S28 "If face up card and buy power card color match and player has a discard pile, at the
/// beginning of the player's turn, player can take from their discard pile up to their buying
/// power and place cards in their hand, but player loses their turn."
#[test]
fn withdraw_move_12_takes_cards_and_loses_the_turn() {
    let mut st = table(
        &["R3", "Y5", "Y3"],
        &[&["G1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"piles": [["Y1", "Y2", "Y3", "Y4"], [], []]}),
    );
    assert!(st.apply(withdraw(4)).is_err(), "more than the buying power");
    let log = act_log(&mut st, withdraw(2));
    assert_eq!(from_pile(&log, 0).len(), 2);
    assert_eq!(
        log[2..].to_vec(),
        vec![
            Event::Withdrew { seat: 0, count: 2 },
            Event::TurnEnd { seat: 0 }
        ]
    );
    assert_eq!((st.hand(0).len(), st.pile(0).len()), (4, 2));
    assert_eq!(area(&st), vec!["R5"], "no play");
    assert_eq!(st.stats().withdraws, 1);
    assert_eq!(st.current(), 1);
}

/// S24 "(One player per turn ...)", ruling: moves 10, 11 and 12 are alternatives, one per turn.
#[test]
fn only_one_special_move_per_turn() {
    let json = table_json(
        &["R3", "Y5", "Y3"],
        &[&["R1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"piles": [["Y1", "Y2"], ["G3"], []]}),
    );
    let mut st = build_value(json.clone());
    assert_eq!(
        legal(&st),
        vec![
            TAKE_ONE,
            PROCEED,
            COMBINE,
            withdraw(1),
            withdraw(2),
            buy(1, 1)
        ]
    );
    act(&mut st, buy(1, 1));
    assert_play(&st, 0);
    assert!(legal(&st).iter().all(|&a| a < DONE));
    let mut st = build_value(json);
    act(&mut st, COMBINE);
    assert_play(&st, 0);
    assert!(legal(&st).iter().all(|&a| a < DONE));
}

// ===================================================================================
// The reward for balancing the debt (S8)
// ===================================================================================

/// The reward position: seat 0 has balanced the debt (empty play area, no debt).
fn reward_table(hand: &[&str], melon: &[&str], extra: serde_json::Value) -> DebtState {
    let mut v = table_json(
        &["B3", "Y5", "G2", "Y3"],
        &[hand, &["G5", "G6"], &["Y7", "Y8"], &["R7", "R8"]],
        &[],
        melon,
        serde_json::json!({"decision": "reward"}),
    );
    if let Some(o) = extra.as_object() {
        for (k, x) in o {
            v[k] = x.clone();
        }
    }
    build_value(v)
}

/// S8 "allows the player to play again, playing any card they wish, and choose a specific
/// player to attack": any card (the play area is empty) or DONE (the reward is "allowed");
/// then the attack on any other player, and "Play is resumed from defending player."
#[test]
fn reward_phase_allows_any_card_and_done_passes() {
    let mut st = reward_table(&["R+2", "G1", "B4", "B5", "W"], &[], none());
    assert_eq!(st.phase(), Phase::Reward);
    assert_eq!(to_act(&st), (0, DecisionKind::Play));
    assert_eq!(
        legal(&st),
        vec![
            play("R+2"),
            play("G1"),
            play("B4"),
            play("B5"),
            wild(0),
            wild(1),
            wild(2),
            wild(3),
            DONE
        ]
    );
    let log = act_log(&mut st, DONE);
    assert!(log.is_empty());
    assert_eq!(st.phase(), Phase::Attack);
    assert_eq!(to_act(&st), (0, DecisionKind::ChooseTarget));
    assert_eq!(
        legal(&st),
        vec![
            ATTACK + 1,
            ATTACK + 2,
            ATTACK + 3,
            ATTACK_EXCHANGE + 1,
            ATTACK_EXCHANGE + 2,
            ATTACK_EXCHANGE + 3
        ]
    );
    let log = act_log(&mut st, ATTACK + 3);
    assert_eq!(
        log,
        vec![
            Event::Attack {
                seat: 0,
                defender: 3
            },
            Event::TurnEnd { seat: 0 }
        ]
    );
    assert_play(&st, 3);
    assert_eq!(st.play_area_len(), 0);
}

/// S8 "Play is resumed from defending player": the reward card sets the debt on the empty play
/// area (S17) and the defender plays next, whoever was next in turn.
#[test]
fn attack_play_resumes_from_the_defender() {
    let mut st = reward_table(&["R+2", "G1", "B4"], &[], none());
    let log = act_log(&mut st, play("G1"));
    assert_eq!(
        log,
        vec![played(0, "G1", GREEN), play_done(0, 1, 1, 1, false)]
    );
    assert_eq!(st.phase(), Phase::Attack);
    act(&mut st, ATTACK + 2);
    assert_eq!((st.debt(), st.color(), top(&st)), (1, GREEN, "G1"));
    assert!(st.clockwise());
    assert_play(&st, 2);
}

/// Ruling (docs "Resolve the group" 3): a Draw Two as the reward card hits the defender, who
/// loses the turn; the player after them plays.
#[test]
fn reward_draw_two_hits_the_defender() {
    let mut st = reward_table(&["R+2", "G1", "B4"], &["G3", "Y4"], none());
    act(&mut st, play("R+2"));
    let log = act_log(&mut st, ATTACK + 2);
    assert_eq!(
        log,
        vec![
            Event::Attack {
                seat: 0,
                defender: 2
            },
            drew(2, "G3"),
            drew(2, "Y4"),
            Event::Punished { seat: 2, cards: 2 },
            Event::Skipped { seat: 2 },
            Event::TurnEnd { seat: 0 },
        ]
    );
    assert_hand(&st, 2, &["Y7", "Y8", "G3", "Y4"]);
    assert_hand(&st, 1, &["G5", "G6"]);
    assert_play(&st, 3);
}

/// A Skip as the reward card skips the defender.
#[test]
fn reward_skip_skips_the_defender() {
    let mut st = reward_table(&["RS", "G1", "B4"], &[], none());
    act(&mut st, play("RS"));
    let log = act_log(&mut st, ATTACK + 1);
    assert_eq!(skipped(&log), vec![1]);
    assert_play(&st, 2);
}

/// `reward_group` (default true): the reward play may be a group under S10; false: one card.
#[test]
fn reward_group_option() {
    let mut st = reward_table(&["R+2", "G1", "B4", "B5"], &[], none());
    act(&mut st, play("B4"));
    assert_eq!(st.phase(), Phase::Group);
    assert_eq!(legal(&st), vec![play("B5"), DONE]);
    act(&mut st, play("B5"));
    assert_eq!(st.phase(), Phase::Attack);
    assert_eq!(st.debt(), 9);

    let mut st = reward_table(
        &["R+2", "G1", "B4", "B5"],
        &[],
        serde_json::json!({"options": {"reward_group": false}}),
    );
    let log = act_log(&mut st, play("B4"));
    assert_eq!(log[1], play_done(0, 1, 4, 4, false));
    assert_eq!(st.phase(), Phase::Attack);
}

/// S8 "The player also may optionally exchange their buying power card by redrawing from the
/// melon": the old card goes into the melon; a special card drawn is returned and redrawn (S4).
#[test]
fn exchange_of_the_buying_power() {
    let mut st = reward_table(&["R+2", "G1", "B4"], &["BS", "G8"], none());
    act(&mut st, DONE);
    let b3 = card("B3") as u16;
    let in_melon = |st: &DebtState| st.melon().as_slice().iter().filter(|&&k| k == b3).count();
    let before = in_melon(&st);
    let log = act_log(&mut st, ATTACK_EXCHANGE + 1);
    assert_eq!(
        log,
        vec![
            Event::Attack {
                seat: 0,
                defender: 1
            },
            Event::Exchanged {
                seat: 0,
                old: card("B3")
            },
            Event::BuyingPower {
                seat: 0,
                card: card("BS"),
                kept: false
            },
            Event::BuyingPower {
                seat: 0,
                card: card("G8"),
                kept: true
            },
            Event::TurnEnd { seat: 0 },
        ]
    );
    assert_eq!(st.buying_power(0), card("G8"));
    assert_eq!(
        (st.power(0), st.group_limit(0), st.power_color(0)),
        (8, 8, GREEN)
    );
    assert_eq!(
        in_melon(&st),
        before + 1,
        "the old buying power is in the melon"
    );
    assert_play(&st, 1);
}

/// `attack = power_draw`: the defender also takes the attacker's buying power in cards from the
/// melon (and still plays next).
#[test]
fn attack_power_draw() {
    let mut st = reward_table(
        &["R+2", "G1", "B4"],
        &["G3", "Y4", "R6"],
        serde_json::json!({"options": {"attack": "power_draw"}}),
    );
    act(&mut st, DONE);
    let log = act_log(&mut st, ATTACK + 1);
    assert!(log.contains(&Event::Punished { seat: 1, cards: 3 }));
    assert_hand(&st, 1, &["G5", "G6", "G3", "Y4", "R6"]);
    assert_play(&st, 1);
}

/// Ruling (docs "Resolve the group" 3): a balancing play's own Draw cards are drawn by the
/// player who would have been next and its Reverses flip the direction; then the reward.
#[test]
fn balancing_play_effects_then_the_reward() {
    let mut st = table(
        &["B2", "Y5", "G2", "Y3"],
        &[
            &["B5", "B+2", "G1", "G2"],
            &["G5", "G6"],
            &["Y7", "Y8"],
            &["R7", "R8"],
        ],
        &["B5"],
        &["G3", "Y4"],
        none(),
    );
    act(&mut st, play("B5"));
    let log = act_log(&mut st, play("B+2"));
    assert_eq!(
        log,
        vec![
            played(0, "B+2", BLUE),
            play_done(0, 2, 5, 0, true),
            drew(1, "G3"),
            drew(1, "Y4"),
            Event::Punished { seat: 1, cards: 2 },
            Event::Skipped { seat: 1 },
            Event::AreaCleared { cards: 3 },
        ]
    );
    assert_eq!(st.phase(), Phase::Reward);
    act(&mut st, DONE);
    act(&mut st, ATTACK + 1);
    assert_play(&st, 1);

    let mut st = table(
        &["B2", "Y5", "G2", "Y3"],
        &[
            &["B5", "BR", "G1", "G2"],
            &["G5", "G6"],
            &["Y7", "Y8", "Y9"],
            &["R7", "R8"],
        ],
        &["B5"],
        &[],
        none(),
    );
    act(&mut st, play("B5"));
    let log = act_log(&mut st, play("BR"));
    assert!(log.contains(&Event::Reversed));
    assert!(!st.clockwise());
    act(&mut st, DONE);
    act(&mut st, ATTACK + 2);
    assert_play(&st, 2);
    act(&mut st, play("Y7"));
    assert_eq!(st.current(), 1, "counterclockwise from the defender");
}

/// Ruling (docs "Resolve the group" 3-4): a balancing play that empties the hand of a player
/// with a pile goes straight to the attack (no card for a reward play; not out).
#[test]
fn balancing_with_the_last_card_and_a_pile_goes_to_the_attack() {
    let mut st = table(
        &["R3", "Y5", "G2"],
        &[&["B5"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B5"],
        &[],
        serde_json::json!({"piles": [["Y1"], [], []]}),
    );
    act(&mut st, PROCEED);
    act(&mut st, play("B5"));
    assert!(st.outcome().is_none());
    assert_eq!(st.phase(), Phase::Attack);
    act(&mut st, ATTACK + 2);
    // Seat 2 may buy from seat 0's pile: its turn begins at the special moves.
    assert_eq!(to_act(&st), (2, DecisionKind::Play));
    assert_eq!(st.current(), 2);
}

// ===================================================================================
// UNO and DEBT (S19)
// ===================================================================================

/// Four players; seat 0 (green 3) holds R3 and G4 on R5 and will go down to one card. The DEBT
/// callers' powers: seat 1 two (Y2), seat 2 two (B2), seat 3 three (Y3).
fn uno_table(extra: serde_json::Value) -> DebtState {
    table(
        &["G3", "Y2", "B2", "Y3"],
        &[
            &["R3", "G4"],
            &["G5", "G6", "Y1"],
            &["Y7", "Y8", "B1"],
            &["R7", "R8", "B4"],
        ],
        &["G9", "R7", "R5"],
        &["B8"],
        extra,
    )
}

/// S19 "If a player has reached one card at the end of their turn and does not have a discard
/// pile, they must say UNO."
#[test]
fn call_uno_offered_at_one_card_without_a_pile() {
    let mut st = uno_table(none());
    let log = act_log(&mut st, play("R3"));
    assert_eq!(*log.last().unwrap(), Event::TurnEnd { seat: 0 });
    assert_eq!(st.phase(), Phase::CallUno);
    assert_eq!(to_act(&st), (0, DecisionKind::CallUno));
    assert_eq!(legal(&st), vec![CALL_UNO, STAY_SILENT]);
    let log = act_log(&mut st, CALL_UNO);
    assert_eq!(log, vec![Event::CalledUno { seat: 0 }]);
    assert!(st.uno_called());
    assert_eq!(to_act(&st), (1, DecisionKind::CatchUno));
    assert_eq!(legal(&st), vec![CALL_DEBT, NO_DEBT]);

    // With a discard pile there is no call: the next turn begins.
    let mut st = uno_table(serde_json::json!({"piles": [["Y9"], [], [], []]}));
    act(&mut st, PROCEED);
    act(&mut st, play("R3"));
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    assert_eq!(st.current(), 1);
}

/// Ruling (docs "UNO and DEBT"): the DEBT window asks every other player in turn order from the
/// next player ("before the next player finishes their turn"); when all pass, the next turn.
#[test]
fn debt_window_order() {
    let mut st = uno_table(none());
    act(&mut st, play("R3"));
    act(&mut st, STAY_SILENT);
    for asker in [1, 2, 3] {
        assert_eq!(to_act(&st), (asker, DecisionKind::CatchUno));
        assert_eq!(st.phase(), Phase::DebtWindow { asker });
        act(&mut st, NO_DEBT);
    }
    assert_play(&st, 1);
    assert_hand(&st, 0, &["G4"]);

    // Counterclockwise: seat 3 is next, then 2, then 1; seat 3 plays.
    let mut st = uno_table(serde_json::json!({"direction": "counterclockwise"}));
    act(&mut st, play("R3"));
    act(&mut st, STAY_SILENT);
    for asker in [3, 2, 1] {
        assert_eq!(to_act(&st), (asker, DecisionKind::CatchUno));
        act(&mut st, NO_DEBT);
    }
    assert_play(&st, 3);
}

/// S19 "another player may call DEBT. This will require the player who has one card left to
/// draw from the play area the same number of cards as the buying power of the player who
/// called DEBT. These cards are placed immediately in the player's hand." The first call closes
/// the window; the cards are public and the new top card sets the debt (S17).
#[test]
fn true_debt_call_the_silent_player_takes_from_the_play_area() {
    let mut st = uno_table(none());
    act(&mut st, play("R3"));
    act(&mut st, STAY_SILENT);
    act(&mut st, NO_DEBT);
    let log = act_log(&mut st, CALL_DEBT);
    assert_eq!(
        log,
        vec![
            Event::DebtCalled {
                caller: 2,
                target: 0,
                false_call: false
            },
            Event::AreaToHand {
                seat: 0,
                card: card("R3")
            },
            Event::AreaToHand {
                seat: 0,
                card: card("R5")
            },
            Event::DebtReset { debt: 7 },
        ]
    );
    assert_hand(&st, 0, &["G4", "R3", "R5"]);
    assert_eq!(kinds(st.known_hand(0)), sorted(&["R3", "R5"]));
    assert_eq!(area(&st), vec!["G9", "R7"]);
    assert_eq!((st.debt(), st.color()), (7, RED));
    assert_eq!(st.stats().debt_calls, 1);
    assert_eq!(st.counters().uno_penalties, 1);
    assert_play(&st, 1);

    // More cards than the play area holds: the rest from the melon (seat 3's power is 3).
    let mut st = table(
        &["G3", "Y2", "B2", "Y3"],
        &[
            &["R3", "G4"],
            &["G5", "G6", "Y1"],
            &["Y7", "Y8", "B1"],
            &["R7", "R8", "B4"],
        ],
        &["R5"],
        &["B8"],
        none(),
    );
    act(&mut st, play("R3"));
    act(&mut st, STAY_SILENT);
    act(&mut st, NO_DEBT);
    act(&mut st, NO_DEBT);
    let log = act_log(&mut st, CALL_DEBT);
    assert_eq!(
        log[3..].to_vec(),
        vec![
            Event::DebtReset { debt: 0 },
            drew(0, "B8"),
            Event::Punished { seat: 0, cards: 1 },
        ]
    );
    assert_hand(&st, 0, &["G4", "R3", "R5", "B8"]);
    assert_eq!(kinds(st.known_hand(0)), sorted(&["R3", "R5"]), "not the B8");
    assert_eq!((st.play_area_len(), st.color()), (0, NO_COLOR));
}

/// S19 "If a player falsely calls Debt then the player who called Debt must take from the
/// playing area the same number of cards as their buying power."
#[test]
fn false_debt_call_the_caller_takes_from_the_play_area() {
    let mut st = uno_table(none());
    act(&mut st, play("R3"));
    act(&mut st, CALL_UNO);
    let log = act_log(&mut st, CALL_DEBT);
    assert_eq!(
        log[0],
        Event::DebtCalled {
            caller: 1,
            target: 0,
            false_call: true
        }
    );
    assert_hand(&st, 0, &["G4"]);
    assert_hand(&st, 1, &["G5", "G6", "Y1", "R3", "R5"]);
    assert_eq!(kinds(st.known_hand(1)), sorted(&["R3", "R5"]));
    assert_eq!(st.debt(), 7);
    assert_eq!(st.stats().false_debt_calls, 1);
    assert_play(&st, 1);
}

/// `uno_call = false`: no UNO decision and no DEBT window.
#[test]
fn no_window_without_uno_call() {
    let mut st = uno_table(serde_json::json!({"options": {"uno_call": false}}));
    act(&mut st, play("R3"));
    assert_play(&st, 1);
}

/// `debt_catch_probability = p`: no window; a silent player is caught with probability p by a
/// random other player (here every other player's power is 2).
#[test]
fn debt_catch_probability_catches_a_silent_player_without_a_decision() {
    let table_p = |p: f64| {
        table(
            &["G3", "Y2", "B2", "R2"],
            &[
                &["R3", "G4"],
                &["G5", "G6", "Y1"],
                &["Y7", "Y8", "B1"],
                &["R7", "R8", "B4"],
            ],
            &["G9", "R7", "R5"],
            &[],
            serde_json::json!({"options": {"debt_catch_probability": p}}),
        )
    };
    let mut st = table_p(1.0);
    act(&mut st, play("R3"));
    let log = act_log(&mut st, STAY_SILENT);
    assert_eq!(log[0], Event::StayedSilent { seat: 0 });
    assert!(matches!(
        log[1],
        Event::DebtCalled {
            target: 0,
            false_call: false,
            ..
        }
    ));
    assert_hand(&st, 0, &["G4", "R3", "R5"]);
    assert_play(&st, 1);
    // Calling UNO is never caught; probability 0 never catches.
    let mut st = table_p(1.0);
    act(&mut st, play("R3"));
    act(&mut st, CALL_UNO);
    assert_hand(&st, 0, &["G4"]);
    assert_play(&st, 1);
    let mut st = table_p(0.0);
    act(&mut st, play("R3"));
    act(&mut st, STAY_SILENT);
    assert_hand(&st, 0, &["G4"]);
    assert_play(&st, 1);
}

/// The scenario's `debt_window` decision starts inside the window.
#[test]
fn scenario_debt_window_decision() {
    let st = table(
        &["G3", "Y2", "B2", "Y3"],
        &[&["G4"], &["G5", "G6"], &["Y7", "Y8"], &["R7", "R8"]],
        &["G9", "R7", "R5"],
        &[],
        serde_json::json!({"decision": "debt_window", "asker": 2, "uno_called": true}),
    );
    assert_eq!(to_act(&st), (2, DecisionKind::CatchUno));
    assert!(st.uno_called());
    let e = scenario_error(table_json(
        &["G3", "Y2", "B2", "Y3"],
        &[&["G4", "G5"], &["G6"], &["Y7", "Y8"], &["R7", "R8"]],
        &["R5"],
        &[],
        serde_json::json!({"decision": "debt_window", "asker": 2}),
    ));
    assert!(e.contains("one card and no pile"), "{e}");
}

// ===================================================================================
// Winning and the outcome (S8, docs "Outcome")
// ===================================================================================

/// S8 "The primary goal for the player is to get rid of all their cards": an empty hand and an
/// empty pile win at once; the others are placed by the cards they hold (hand and pile).
#[test]
fn empty_hand_and_empty_pile_wins() {
    let mut st = table(
        &["G3", "Y2", "B2", "Y3"],
        &[
            &["R3"],
            &["G5", "G6", "G7"],
            &["Y7"],
            &["R7", "R8", "R9", "B1", "B2"],
        ],
        &["R5"],
        &[],
        serde_json::json!({"piles": [[], [], ["Y8"], []]}),
    );
    act(&mut st, PROCEED);
    let log = act_log(&mut st, play("R3"));
    assert_eq!(
        log,
        vec![
            played(0, "R3", RED),
            play_done(0, 1, 3, 2, false),
            Event::Won { seat: 0 }
        ]
    );
    assert!(st.is_terminal());
    assert!(legal(&st).is_empty());
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.ending, Ending::OutOfCards);
    assert_eq!(o.points[..4], [0, 3, 2, 5]);
    assert_eq!(o.placing[..4], [1, 3, 2, 4]);
    assert_eq!(st.apply(play("G5")), Err(IllegalAction::GameOver));
}

/// Ruling (docs "Resolve the group" 4): an empty hand with cards in one's pile does not win
/// (`win_with_pile = false`, default); with `win_with_pile = true` it does.
#[test]
fn empty_hand_with_a_pile_wins_only_under_win_with_pile() {
    let json = table_json(
        &["G3", "Y2", "B2"],
        &[&["R3"], &["G5", "G6", "G7"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"piles": [["G1"], [], []]}),
    );
    let mut st = build_value(json.clone());
    act(&mut st, PROCEED);
    act(&mut st, play("R3"));
    assert!(st.outcome().is_none());
    assert_eq!(st.hand(0).len(), 0);
    // No UNO call at zero cards; seat 1 may buy from the pile.
    assert_eq!(to_act(&st), (1, DecisionKind::Play));
    // Next time round seat 0 must take the pile's card first.
    let mut v = json.clone();
    v["options"] = serde_json::json!({"win_with_pile": true});
    let mut st = build_value(v);
    act(&mut st, PROCEED);
    let log = act_log(&mut st, play("R3"));
    assert_eq!(*log.last().unwrap(), Event::Won { seat: 0 });
    let o = st.outcome().unwrap();
    assert_eq!(o.points[..3], [1, 3, 2], "the pile counts as cards held");
}

/// Docs "Outcome": the others are placed by cards held; equal counts are ranked by seat order
/// from the winner, the strict order every variant gives (classic's tie-break, which the
/// tournament's pairwise comparisons rely on). The rulings draft says "ties share a placing":
/// this test pins the engine's behaviour until that is settled.
#[test]
fn outcome_ties_broken_by_seat_order_from_the_winner() {
    let mut st = table(
        &["G3", "Y2", "B2", "Y3"],
        &[&["R1", "R2"], &["G5", "G6", "G7"], &["R3"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"current": 2}),
    );
    act(&mut st, play("R3"));
    let o = st.outcome().unwrap();
    assert_eq!(o.winner, Some(2));
    assert_eq!(o.points[..4], [2, 3, 0, 2]);
    assert_eq!(o.placing[..4], [3, 4, 1, 2]);
}

// ===================================================================================
// The melon (S2)
// ===================================================================================

/// Ruling (docs "Melon empty"): when a card must come from an empty melon, the play area except
/// its top card is shuffled into it.
#[test]
fn empty_melon_reshuffles_the_play_area_except_its_top() {
    let mut st = table(
        &["B3", "Y2", "G2"],
        &[&["B+2", "G1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B5"],
        &[],
        serde_json::json!({"unplaced": "discard"}),
    );
    assert_eq!(st.melon().len(), 0);
    let under = st.play_area_len() as u16;
    assert_eq!(under as usize, 216 - 3 - 7);
    let log = act_log(&mut st, play("B+2"));
    assert_eq!(log[2], Event::Reshuffled { cards: under });
    assert!(log.contains(&Event::Punished { seat: 1, cards: 2 }));
    assert_eq!(area(&st), vec!["B+2"]);
    assert_eq!(st.melon().len(), under as usize - 2);
    assert_eq!(st.hand(1).len(), 4);
    assert_eq!(st.counters().reshuffles, 1);
    assert_play(&st, 2);
}

// ===================================================================================
// Set-up (S4, S6)
// ===================================================================================

/// S4 "Each player draws 1 card ... represents their buying power (special cards are discarded
/// and player redraws a new card)"; S4 "The player with the highest card turns over the first
/// card in the middle"; S6 "Every player then draws 10 cards"; the player to the starter's left
/// plays first (`starter_plays_first = false`).
#[test]
fn setup_buying_powers_are_numbers_and_the_highest_starts() {
    let mut ties = 0;
    let mut redraws = 0;
    for players in [2, 4, 7] {
        for seed in 0..150 {
            let mut log = Vec::new();
            let st =
                DebtState::new_logged(DebtOptions::default(), players, seed, &mut log).unwrap();
            assert_conserved(&st);
            let mut kept = vec![None; players];
            for e in &log {
                if let Event::BuyingPower {
                    seat,
                    card,
                    kept: k,
                } = *e
                {
                    assert_eq!(k, number(card).is_some());
                    assert!(kept[seat as usize].is_none(), "one kept card per seat");
                    if k {
                        kept[seat as usize] = Some(card);
                    } else {
                        redraws += 1;
                    }
                }
            }
            let best = (0..players)
                .map(|s| number(st.buying_power(s)).expect("a number card"))
                .max()
                .unwrap();
            let tied = (0..players)
                .filter(|&s| number(st.buying_power(s)) == Some(best))
                .count();
            ties += (tied > 1) as u32;
            for (s, k) in kept.iter().enumerate() {
                assert_eq!(*k, Some(st.buying_power(s)));
            }
            let starter = st.starter();
            assert_eq!(number(st.buying_power(starter as usize)), Some(best));
            assert!(log.contains(&Event::Starter {
                seat: starter,
                tied: tied as u8
            }));
            let first = (starter as usize + 1) % players;
            assert_eq!(to_act(&st), (first as u8, DecisionKind::Play));
            assert_eq!(st.last_player(), starter);
            let deals = log
                .iter()
                .filter(|e| matches!(e, Event::Deal { .. }))
                .count();
            assert_eq!(deals, 10 * players);
            let Some(&Event::FirstCard { card: c, debt }) = log.last() else {
                panic!("the first card is the last event")
            };
            assert_eq!(area(&st), vec![CARDS[c as usize].code]);
            assert_eq!(debt, number(c).unwrap_or(0) as u16);
            assert_eq!(st.debt(), debt);
        }
    }
    assert!(ties > 50, "ties among the highest: {ties}");
    assert!(redraws > 50, "special cards redrawn: {redraws}");
}

/// `starter_plays_first = true`: S4 "play moves clockwise from that player" read as the starter
/// playing first.
#[test]
fn setup_starter_plays_first_option() {
    let opts = DebtOptions {
        starter_plays_first: true,
        ..DebtOptions::default()
    };
    for seed in 0..50 {
        let st = DebtState::deal(opts, 4, seed);
        assert_eq!(st.current(), st.starter());
        assert_eq!(to_act(&st).0, st.starter());
    }
}

/// `DebtState::deal` gives every seat `hand_size` cards, no pile, and one first card.
#[test]
fn deal_gives_each_seat_hand_size_cards() {
    for players in 2..=10 {
        for hand_size in [1, 7, 10] {
            let opts = DebtOptions {
                hand_size,
                decks: 4,
                ..DebtOptions::default()
            };
            opts.validate(players).unwrap();
            let st = DebtState::deal(opts, players, 99);
            for s in 0..players {
                assert_eq!(st.hand(s).len(), hand_size as usize);
                assert_eq!(st.pile(s).len(), 0);
            }
            assert_eq!(st.play_area_len(), 1);
            assert_eq!(
                st.melon().len(),
                4 * 108 - players * (hand_size as usize + 1) - 1
            );
            assert_conserved(&st);
        }
    }
}

// ===================================================================================
// Strictness and the scenario notation
// ===================================================================================

/// An illegal action is refused with a typed error and leaves the state exactly as it was.
#[test]
fn illegal_action_is_refused_without_a_change() {
    let mut st = table(
        &["B4", "Y2", "B2"],
        &[&["R3", "G4", "B1", "B2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        none(),
    );
    let before = format!("{st:?}");
    for a in [
        play("G9"),
        play("G4"),
        OPTION_ONE,
        DONE,
        TAKE_ONE,
        COMBINE,
        ATTACK + 1,
    ] {
        assert_eq!(
            st.apply(a),
            Err(IllegalAction::NotLegal {
                action: a,
                seat: 0,
                decision: DecisionKind::Play
            }),
            "{}",
            st.action_name(a)
        );
    }
    assert_eq!(
        st.apply(NUM_ACTIONS as Action),
        Err(IllegalAction::OutOfRange {
            action: NUM_ACTIONS as Action,
            num_actions: NUM_ACTIONS
        })
    );
    assert_eq!(format!("{st:?}"), before);
    // In a group: only cards of the buying-power colour or DONE.
    let mut st = table(
        &["B4", "Y2", "B2"],
        &[&["R3", "G4", "B1", "B2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B5"],
        &[],
        none(),
    );
    act(&mut st, play("B1"));
    let before = format!("{st:?}");
    assert!(st.apply(play("R3")).is_err());
    assert!(st.apply(OPTION_TWO).is_err());
    assert_eq!(format!("{st:?}"), before);
    // At the beginning of a turn: no move 11 off the buying-power colour, no buying past it.
    let mut st = table(
        &["B2", "Y2", "B2"],
        &[&["R3", "G4"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"piles": [["Y1"], ["G1", "G2", "G3"], []]}),
    );
    let before = format!("{st:?}");
    for a in [
        COMBINE,
        withdraw(1),
        buy(1, 3),
        buy(2, 1),
        buy(0, 1),
        play("R3"),
    ] {
        assert!(st.apply(a).is_err(), "{}", st.action_name(a));
    }
    assert_eq!(format!("{st:?}"), before);
}

/// Scenario errors name the problem.
#[test]
fn scenario_errors_name_the_problem() {
    let base = || {
        table_json(
            &["B4", "Y2", "B2"],
            &[&["R3", "G4"], &["G5", "G6"], &["Y7", "Y8"]],
            &["R5"],
            &[],
            none(),
        )
    };
    let mut v = base();
    v["hands"][0][0] = serde_json::json!("Q7");
    let e = scenario_error(v);
    assert!(
        e.contains("hands[0]") && e.contains("unknown card 'Q7'"),
        "{e}"
    );

    let mut v = base();
    v["buying_power"][1] = serde_json::json!("RS");
    let e = scenario_error(v);
    assert!(
        e.contains("buying_power[1]") && e.contains("special card"),
        "{e}"
    );

    let mut v = base();
    v["hands"][1] = serde_json::json!(["R7", "R7", "R7", "R7", "R7"]);
    let e = scenario_error(v);
    assert!(e.contains("more R7 cards than the melon's 4"), "{e}");

    let mut v = base();
    v["hands"] = serde_json::json!([["R3"], ["G5"]]);
    let e = scenario_error(v);
    assert!(e.contains("'hands' has 2 entries for 3 players"), "{e}");

    let mut v = base();
    v["decision"] = serde_json::json!("reward");
    let e = scenario_error(v);
    assert!(
        e.contains("decision 'reward' needs an empty play area"),
        "{e}"
    );

    let mut v = base();
    v["known_piles"] = serde_json::json!([["R3"], [], []]);
    let e = scenario_error(v);
    assert!(e.contains("known_piles[0]"), "{e}");

    let mut v = base();
    v["first_card"] = serde_json::json!("G7");
    let e = scenario_error(v);
    assert!(e.contains("either 'play_area' or 'first_card'"), "{e}");

    let mut v = base();
    v["options"] = serde_json::json!({"decks": 9});
    let e = scenario_error(v);
    assert!(e.contains("decks"), "{e}");

    let e = DebtScenario::from_json("{\"players\": 3, \"bogus\": 1}").unwrap_err();
    assert!(e.contains("malformed scenario"), "{e}");
}

// ===================================================================================
// Knowledge: the view and the determinization (docs "Knowledge")
// ===================================================================================

/// Two positions that differ only in what seat 0 cannot see: seat 1's and seat 2's hands
/// (the same sizes) and the order of the melon's next cards.
fn hidden_twins() -> (DebtState, DebtState) {
    let a = table(
        &["B4", "Y2", "B2"],
        &[&["R3", "G4", "B1"], &["G1", "G6", "Y3"], &["R7", "R8"]],
        &["G9", "R5"],
        &["B8", "B9"],
        none(),
    );
    let b = table(
        &["B4", "Y2", "B2"],
        &[&["R3", "G4", "B1"], &["R7", "G6", "Y3"], &["G1", "R8"]],
        &["G9", "R5"],
        &["B9", "B8"],
        none(),
    );
    (a, b)
}

fn view_text(st: &DebtState, seat: Seat) -> String {
    format!("{:?}", st.view(seat))
}

/// The view shows the public table and the viewer's own hand, nothing of the other hands'
/// hidden cards or of the melon but its size; tested both ways (what differs for the owner of
/// the hidden cards is the same for the others).
#[test]
fn view_hides_other_hands_and_the_melon() {
    let (a, b) = hidden_twins();
    assert_eq!(view_text(&a, 0), view_text(&b, 0));
    assert_ne!(view_text(&a, 1), view_text(&b, 1));
    assert_ne!(view_text(&a, 2), view_text(&b, 2));
    let v = a.view(0);
    assert_eq!(v.seat, 0);
    assert_eq!(codes(&v.hand), sorted(&["R3", "G4", "B1"]));
    assert_eq!(v.hand_sizes[..3], [3, 3, 2]);
    assert_eq!(v.pile_sizes[..3], [0, 0, 0]);
    assert_eq!(v.melon_len as usize, a.melon().len());
    assert_eq!(
        v.buying_power[..3],
        [card("B4"), card("Y2"), card("B2")],
        "buying powers are face up"
    );
    assert_eq!(v.play_area, vec![(card("G9"), GREEN), (card("R5"), RED)]);
    assert_eq!((v.debt, v.color, v.current), (5, RED, 0));
    assert_eq!(codes(&a.view(1).hand), sorted(&["G1", "G6", "Y3"]));
}

/// S19's DEBT penalty cards come face up from the play area: every view keeps them in the
/// victim's hand (`known_hand`) until that card is played.
#[test]
fn view_keeps_known_hand_after_a_debt_penalty() {
    let mut st = table(
        &["G3", "B4", "Y2"],
        &[&["B4"], &["R1", "G5", "G6"], &["R2", "Y7", "Y8"]],
        &["G9", "R7", "R5", "R3"],
        &[],
        serde_json::json!({"decision": "debt_window", "asker": 2}),
    );
    act(&mut st, CALL_DEBT);
    assert_hand(&st, 0, &["B4", "R3", "R5"]);
    for viewer in 0..3 {
        assert_eq!(
            kinds(&st.view(viewer).known_hand[0]),
            sorted(&["R3", "R5"]),
            "viewer {viewer}"
        );
    }
    // Every determinization for another seat puts them in seat 0's hand.
    for seed in 0..20 {
        let d = st.determinize(1, Priors::default(), &mut Rng::new(seed));
        assert!(d.hand(0).has(card("R3") as usize) && d.hand(0).has(card("R5") as usize));
        assert_eq!(d.hand(0).len(), 3);
    }
    act(&mut st, play("R1"));
    act(&mut st, play("R2"));
    act(&mut st, play("R5"));
    for viewer in 0..3 {
        assert_eq!(kinds(&st.view(viewer).known_hand[0]), vec!["R3"]);
    }
}

/// S14's option two: the play-area cards go into the pile face up; every view keeps them (as
/// far as they certainly stay: one card left face down) and every determinization holds them.
#[test]
fn view_keeps_known_pile_after_option_two() {
    let mut st = table(
        &["G3", "Y5", "Y3"],
        &[&["G1", "Y2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["G4", "R9", "R7", "R7", "R7"],
        &[],
        serde_json::json!({"last_player": 2}),
    );
    act(&mut st, OPTION_TWO);
    for viewer in 0..3 {
        assert_eq!(kinds(&st.view(viewer).known_pile[0]), vec!["R7", "R7"]);
    }
    for seed in 0..20 {
        let d = st.determinize(2, Priors::default(), &mut Rng::new(seed));
        assert_eq!(d.pile(0).count(card("R7") as usize), 2);
        assert_eq!(d.pile(0).len(), 2);
    }
}

/// Docs "Knowledge": the owner of a pile knows it exactly (they saw every card that went in
/// and every card they took out) until someone buys from it (move 10: cards leave face down);
/// then the owner too keeps only lower bounds. The buyer sees what it bought.
#[test]
fn own_pile_exact_until_someone_buys() {
    let mut st = table(
        &["R1", "Y5", "Y3"],
        &[&["R1", "R2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["G5"],
        &[],
        serde_json::json!({"piles": [[], ["G3", "G3", "G3", "Y1"], []]}),
    );
    assert_eq!(&st.view(1).own_pile, st.pile(1).counts());
    assert_eq!(kinds(&st.view(0).known_pile[1]), Vec::<&str>::new());
    assert_eq!(
        kinds(&st.view(0).own_pile),
        Vec::<&str>::new(),
        "seat 0's own"
    );
    // Every determinization for seat 1 gives it its pile back exactly.
    for seed in 0..10 {
        let d = st.determinize(1, Priors::default(), &mut Rng::new(seed));
        assert_eq!(d.pile(1), st.pile(1));
    }
    let log = act_log(&mut st, buy(1, 1));
    let Event::Bought { card: got, .. } = log[0] else {
        panic!("a Bought event")
    };
    assert!(st.view(0).hand.has(got as usize), "the buyer sees it");
    assert_eq!(st.pile(1).len(), 3);
    assert_eq!(kinds(&st.view(1).own_pile), vec!["G3", "G3"]);
    assert_eq!(kinds(&st.view(0).known_pile[1]), Vec::<&str>::new());
}

/// Docs "Knowledge": k cards leaving a pile face down lower every kind's public bound by k
/// (TAKE_ONE, move 10); move 11 keeps what is certain of the union (see
/// `combine_move_11_keeps_the_hand_size`).
#[test]
fn lower_bounds_drop_after_take_one_and_buy() {
    let mut st = table(
        &["G3", "Y5", "Y3"],
        &[&["R1", "G2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"piles": [["B4", "B4", "G7"], [], []],
            "known_piles": [["B4", "B4"], [], []]}),
    );
    assert_eq!(kinds(st.known_pile(0)), vec!["B4", "B4"]);
    act(&mut st, TAKE_ONE);
    assert_eq!(kinds(st.known_pile(0)), vec!["B4"]);
    assert_eq!(
        st.own_pile_known(0),
        st.pile(0).counts(),
        "the owner saw it"
    );
    assert_eq!(kinds(st.known_hand(0)), Vec::<&str>::new());

    let mut st = table(
        &["R2", "Y5", "Y3"],
        &[&["R1", "R2"], &["G5", "G6"], &["Y7", "Y8"]],
        &["G5"],
        &[],
        serde_json::json!({"piles": [[], ["G3", "G3", "G3", "G3", "Y1"], []],
            "known_piles": [[], ["G3", "G3", "G3", "G3"], []]}),
    );
    act(&mut st, buy(1, 2));
    assert_eq!(kinds(st.known_pile(1)), vec!["G3", "G3"]);
    assert_eq!(kinds(st.own_pile_known(1)), vec!["G3", "G3"]);
    assert_eq!(
        kinds(st.known_hand(0)),
        Vec::<&str>::new(),
        "bought face down"
    );
}

/// A determinization as text: the whole state (`Debug`) and the melon's cards in draw order
/// (the melon's `Debug` shows only its size).
fn determinization(st: &DebtState, viewer: Seat, seed: u64) -> (String, Vec<u16>) {
    let d = st.determinize(viewer, Priors::default(), &mut Rng::new(seed));
    (format!("{d:?}"), d.melon().as_slice().to_vec())
}

/// The determinization depends only on the view: positions that differ only in cards the viewer
/// cannot see give the same sample for the same random stream ("twins").
#[test]
fn determinization_twins_give_the_same_sample() {
    let (a, b) = hidden_twins();
    for seed in 0..10 {
        assert_eq!(determinization(&a, 0, seed), determinization(&b, 0, seed));
    }
    assert_ne!(determinization(&a, 0, 0), determinization(&a, 0, 1));
    // Hidden cards of another seat's pile (the owner's knowledge of them is hidden too).
    let pile_twin = |hidden: &str| {
        table(
            &["B4", "Y2", "B2"],
            &[&["R3", "G4", "B1"], &["G1", "G6", "Y3"], &["R7", "R8"]],
            &["G9", "R5"],
            &[],
            serde_json::json!({"piles": [[], [hidden, "Y6", "Y6"], []],
                "known_piles": [[], ["Y6"], []]}),
        )
    };
    let (a, b) = (pile_twin("G5"), pile_twin("B9"));
    assert_eq!(view_text(&a, 0), view_text(&b, 0));
    assert_eq!(view_text(&a, 2), view_text(&b, 2));
    assert_ne!(view_text(&a, 1), view_text(&b, 1));
    for seed in 0..10 {
        assert_eq!(determinization(&a, 0, seed), determinization(&b, 0, seed));
        assert_eq!(determinization(&a, 2, seed), determinization(&b, 2, seed));
    }
}

/// Every option set of the invariants test, for games along which the determinization is
/// checked.
fn option_sets() -> Vec<DebtOptions> {
    vec![
        DebtOptions::default(),
        DebtOptions {
            decks: 1,
            hand_size: 7,
            attack: uno_engine::debt::AttackRule::PowerDraw,
            stuck_with_pile: StuckWithPile::Pass,
            ..DebtOptions::default()
        },
        DebtOptions {
            decks: 4,
            debt_cap: None,
            zero_power: 0,
            debt_catch_probability: Some(0.5),
            ..DebtOptions::default()
        },
    ]
}

/// Calls `check` on every state of random games (2 to 5 players, every option set).
fn along_random_games(games: u64, mut check: impl FnMut(&DebtState, u64)) {
    let mut step = 0u64;
    for opts in option_sets() {
        for players in 2..=5 {
            for g in 0..games {
                let mut st = DebtState::deal(opts, players, 77 + g);
                let mut rng = Rng::new(g);
                while st.to_act().is_some() {
                    step += 1;
                    check(&st, step);
                    let a = st.sample_legal(&mut rng);
                    st.apply(a).unwrap();
                }
            }
        }
    }
}

/// The determinization keeps the viewer's view exactly, keeps every card somewhere, and never
/// claims more than is there; a determinization of a determinization (a twin: the same view,
/// other hidden cards) gives the same sample as the original for the same random stream.
#[test]
fn determinization_keeps_the_viewers_view() {
    let mut checked = 0;
    let mut piles = 0;
    along_random_games(4, |st, step| {
        if step % 11 != 0 {
            return;
        }
        let n = st.num_players();
        let v = (step % n as u64) as Seat;
        let d = st.determinize(v, Priors::default(), &mut Rng::new(step));
        assert_eq!(view_text(&d, v), view_text(st, v), "step {step}");
        assert_conserved(&d);
        for s in 0..n {
            assert_eq!(d.hand(s).len(), st.hand(s).len());
            assert_eq!(d.pile(s).len(), st.pile(s).len());
            for k in 0..NUM_KINDS {
                assert!(d.known_hand(s)[k] <= d.hand(s).count(k), "step {step}");
                assert!(d.known_pile(s)[k] <= d.pile(s).count(k), "step {step}");
                assert!(d.own_pile_known(s)[k] <= d.pile(s).count(k), "step {step}");
            }
            piles += (s != v as usize && !st.pile(s).is_empty()) as u32;
        }
        assert_eq!(
            determinization(st, v, 5),
            determinization(&d, v, 5),
            "step {step}"
        );
        checked += 1;
    });
    assert!(checked > 1000, "{checked}");
    assert!(piles > 500, "states with another seat's pile: {piles}");
}

/// A determinized state is a full game: it plays on to the end under the strict apply.
#[test]
fn determinizations_play_to_the_end() {
    let mut played = 0;
    along_random_games(2, |st, step| {
        if step % 97 != 0 {
            return;
        }
        let v = st.to_act().unwrap().0;
        let mut d = st.determinize(v, Priors::default(), &mut Rng::new(step));
        let mut rng = Rng::new(step);
        while d.to_act().is_some() {
            let a = d.sample_legal(&mut rng);
            d.apply(a).unwrap();
            assert_conserved(&d);
        }
        played += 1;
    });
    assert!(played > 20, "{played}");
}

// ===================================================================================
// Determinism
// ===================================================================================

/// A game from a seed with random play from another: its final state and its events.
fn logged_game(opts: DebtOptions, players: usize, seed: u64) -> (String, Vec<Event>) {
    let mut log = Vec::new();
    let mut st = DebtState::new_logged(opts, players, seed, &mut log).unwrap();
    let mut rng = Rng::new(seed ^ 0xd0b7);
    while st.to_act().is_some() {
        let a = st.sample_legal(&mut rng);
        st.apply_logged(a, &mut log).unwrap();
    }
    (format!("{st:?}"), log)
}

/// The same seed (and the same decisions) gives the same game, event for event; another seed
/// gives another game.
#[test]
fn same_seed_same_game() {
    for opts in option_sets() {
        for players in [2, 4, 7] {
            for seed in 0..5 {
                let a = logged_game(opts, players, seed);
                let b = logged_game(opts, players, seed);
                assert_eq!(a, b, "{players} players, seed {seed}");
                assert_ne!(a, logged_game(opts, players, seed + 100));
            }
        }
    }
    // A scenario's unlisted melon cards are ordered by its seed.
    let json = |seed: u64| {
        table_json(
            &["B4", "Y2", "B2"],
            &[&["R+2", "G4", "B1"], &["G1", "G6", "Y3"], &["R7", "R8"]],
            &["R5"],
            &[],
            serde_json::json!({"seed": seed}),
        )
    };
    let run = |seed: u64| {
        let mut st = build_value(json(seed));
        let log = act_log(&mut st, play("R+2"));
        (format!("{st:?}"), log)
    };
    assert_eq!(run(3), run(3));
    assert_ne!(run(3).1, run(4).1);
}

// ===================================================================================
// More interactions
// ===================================================================================

/// Ruling (docs "Resolve the group" 3): a balancing play's Skips are spent (play resumes from
/// the defender anyway): no one is skipped.
#[test]
fn balancing_play_skips_are_spent() {
    let mut st = table(
        &["B2", "Y5", "G2", "Y3"],
        &[
            &["B5", "BS", "G1", "G2"],
            &["G5", "G6"],
            &["Y7", "Y8"],
            &["R7", "R8"],
        ],
        &["B5"],
        &[],
        none(),
    );
    act(&mut st, play("B5"));
    let log = act_log(&mut st, play("BS"));
    assert_eq!(skipped(&log), Vec::<u8>::new());
    assert_eq!(st.phase(), Phase::Reward);
    act(&mut st, DONE);
    act(&mut st, ATTACK + 1);
    assert_play(&st, 1);
}

/// Docs "Resolve the group" 4: going out wins at once, before any reward: with the balancing
/// card, or with the reward card (no attack).
#[test]
fn going_out_on_a_balancing_or_reward_play_wins_at_once() {
    let mut st = table(
        &["R3", "Y5", "G2"],
        &[&["B5"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B5"],
        &[],
        none(),
    );
    let log = act_log(&mut st, play("B5"));
    assert_eq!(
        log,
        vec![
            played(0, "B5", BLUE),
            play_done(0, 1, 5, 0, true),
            Event::Won { seat: 0 }
        ]
    );
    assert_eq!(st.outcome().unwrap().winner, Some(0));

    let mut st = reward_table(&["G1"], &[], none());
    let log = act_log(&mut st, play("G1"));
    assert_eq!(*log.last().unwrap(), Event::Won { seat: 0 });
    assert!(st.is_terminal());
}

/// Docs "Melon empty": with the melon empty and only the top card in the play area, a draw stops
/// short (the Punished event says how many came).
#[test]
fn a_draw_stops_short_when_nothing_is_left() {
    // One deck; every card but the two buying powers, the top card and seat 0's hand is in
    // seat 1's hand.
    let mut rest = Vec::new();
    for (k, info) in CARDS.iter().enumerate() {
        let placed = ["R1", "Y1", "R5", "R+2", "G1", "G2"]
            .iter()
            .filter(|&&c| card(c) as usize == k)
            .count() as u8;
        for _ in placed..info.copies {
            rest.push(info.code);
        }
    }
    let mut st = table(
        &["R1", "Y1"],
        &[&["R+2", "G1", "G2"], &rest],
        &["R5"],
        &[],
        serde_json::json!({"options": {"decks": 1}}),
    );
    assert_eq!(st.melon().len(), 0);
    let log = act_log(&mut st, play("R+2"));
    assert_eq!(
        log[2..].to_vec(),
        vec![
            Event::Reshuffled { cards: 1 },
            drew(1, "R5"),
            Event::Punished { seat: 1, cards: 1 },
            Event::Skipped { seat: 1 },
            Event::TurnEnd { seat: 0 },
        ]
    );
    assert_eq!(area(&st), vec!["R+2"]);
    assert_eq!(st.melon().len(), 0);
}

/// `max_actions`: the game stops as truncated at the decision cap (no winner).
#[test]
fn decision_cap_truncates() {
    let mut st = table(
        &["G3", "Y5", "G2"],
        &[&["R1", "R2", "R4"], &["G5", "G6"], &["Y7", "Y8"]],
        &["R5"],
        &[],
        serde_json::json!({"options": {"max_actions": 2}}),
    );
    act(&mut st, play("R1"));
    assert!(!st.is_terminal());
    let log = act_log(&mut st, OPTION_ONE);
    assert_eq!(*log.last().unwrap(), Event::Truncated);
    let o = st.outcome().unwrap();
    assert_eq!((o.winner, o.ending), (None, Ending::Truncated));
    assert_eq!(st.apply(play("R2")), Err(IllegalAction::GameOver));
}

// ===================================================================================
// Claims section 18 listed as not yet covered by a scenario test
// ===================================================================================

/// R9's last point: a card of another colour whose value equals the debt buries the debt (a
/// colour change, Ex. C) rather than balancing it: the new debt is the card's value, nothing
/// is cleared and no reward follows.
#[test]
fn another_colour_equal_to_the_debt_buries_it_r9() {
    let mut st = table(
        &["G3", "Y5", "G2"],
        &[&["R5", "G1", "G7"], &["G5", "G6"], &["Y7", "Y8"]],
        &["B5"],
        &[],
        serde_json::json!({"debt": 5}),
    );
    assert_eq!((st.debt(), st.color()), (5, BLUE));
    let log = act_log(&mut st, play("R5"));
    assert_eq!(log[1], play_done(0, 1, 5, 5, false));
    assert_eq!((st.debt(), st.color()), (5, RED));
    assert_eq!(st.play_area_len(), 2, "nothing cleared");
    assert_eq!(st.stats().balances[0], 0);
    assert_play(&st, 1);
}

/// R12: a Reverse and a Draw Two in one play. The direction is reversed first, so the Draw
/// Two's victim is the player on the other side, who draws and is skipped.
#[test]
fn reverse_and_draw_two_in_one_play_hit_the_other_side_r12() {
    let mut st = table(
        &["B3", "Y5", "G2", "Y3"],
        &[
            &["BR", "B+2", "R1", "G7"],
            &["G5", "G6"],
            &["Y7", "Y8"],
            &["R7", "R8"],
        ],
        &["B6"],
        &["G1", "G2"],
        serde_json::json!({"debt": 3}),
    );
    act(&mut st, play("BR"));
    assert_eq!(st.phase(), Phase::Group);
    let log = act_log(&mut st, play("B+2"));
    assert!(log.contains(&Event::Reversed));
    assert!(log.contains(&Event::Punished { seat: 3, cards: 2 }));
    assert_eq!(skipped(&log), vec![3]);
    assert!(!st.clockwise());
    assert_hand(&st, 3, &["R7", "R8", "G1", "G2"]);
    assert_play(&st, 2);
}

/// R12 with two players: a Draw Two's victim draws two and loses the turn, so the player who
/// laid it plays again.
#[test]
fn two_player_draw_two_gives_the_player_another_turn_r12() {
    let mut st = table(
        &["G3", "Y5"],
        &[&["R+2", "G1", "G2"], &["G5", "G6"]],
        &["R5"],
        &["G3", "Y4"],
        none(),
    );
    let log = act_log(&mut st, play("R+2"));
    assert!(log.contains(&Event::Punished { seat: 1, cards: 2 }));
    assert_eq!(skipped(&log), vec![1]);
    assert_hand(&st, 1, &["G5", "G6", "G3", "Y4"]);
    assert_play(&st, 0);
}

/// R23: after a Skip the DEBT window asks the skipped seat first (the seat next to the player
/// who ended on one card), then the others in turn order; the next turn is the one after the
/// skip. A player who called UNO keeps `uno_called` after the window.
#[test]
fn debt_window_after_a_skip_asks_the_skipped_seat_first_r23() {
    let hands: [&[&str]; 4] = [
        &["RS", "G4"],
        &["G5", "G6", "Y1"],
        &["Y7", "Y8", "B1"],
        &["R7", "R8", "B4"],
    ];
    let bp = ["G3", "Y2", "B2", "Y3"];
    let mut st = table(&bp, &hands, &["G9", "R7", "R5"], &["B8"], none());
    let log = act_log(&mut st, play("RS"));
    assert_eq!(skipped(&log), vec![1]);
    act(&mut st, STAY_SILENT);
    for asker in [1, 2, 3] {
        assert_eq!(st.phase(), Phase::DebtWindow { asker });
        act(&mut st, NO_DEBT);
    }
    assert_play(&st, 2);

    let mut st = table(&bp, &hands, &["G9", "R7", "R5"], &["B8"], none());
    act(&mut st, play("RS"));
    act(&mut st, CALL_UNO);
    while let Phase::DebtWindow { .. } = st.phase() {
        act(&mut st, NO_DEBT);
    }
    assert_play(&st, 2);
    assert!(st.uno_called(), "the call stands after the window");
}

/// Section 12's validation errors, each naming the problem.
#[test]
fn options_validation_names_each_problem() {
    let ok = DebtOptions::default();
    assert!(ok.validate(4).is_ok());
    for players in [1, 11] {
        let e = ok.validate(players).unwrap_err();
        assert!(e.contains("2 to 10 players"), "{e}");
    }
    let e = DebtOptions {
        debt_catch_probability: Some(0.5),
        uno_call: false,
        ..ok
    }
    .validate(4)
    .unwrap_err();
    assert!(e.contains("uno_call = false"), "{e}");
    let e = DebtOptions {
        decks: 1,
        hand_size: 30,
        ..ok
    }
    .validate(4)
    .unwrap_err();
    assert!(e.contains("too few"), "{e}");
    let e = DebtOptions {
        hand_size: 31,
        ..ok
    }
    .validate(4)
    .unwrap_err();
    assert!(e.contains("hand_size must be 1 to 30"), "{e}");
}
