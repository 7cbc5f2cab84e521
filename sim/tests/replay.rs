//! `uno replay` from the command line: scenario files with a first card and unplaced cards,
//! the `script:` agent (an exact line, its errors, its end) and `--stop-after`.

mod common;

use common::{expect_ok, stderr, stdout, uno_in, TempDir};

fn dir(test: &str) -> TempDir {
    TempDir::named("replay", test)
}

/// Two players, seat 1 deals, a Draw Two turned first: seat 0 draws R7 and G9 and is skipped.
const DRAW_TWO_FIRST: &str = r#"{"players": 2, "dealer": 1, "first_card": "Y+2",
    "draw_pile": ["R7", "G9", "Y5"], "hands": [["R1", "Y2"], ["G3", "B4", "Y4"]]}"#;

#[test]
fn script_plays_an_exact_line_then_stops_with_the_position() {
    let d = dir("script-line");
    let sc = d.file("d2.json", DRAW_TWO_FIRST);
    let out = expect_ok(
        d.path(),
        &[
            "replay",
            "--scenario",
            sc.to_str().unwrap(),
            "-a",
            "script:Y2/draw,script:Y4/draw/play-Y5",
        ],
    );
    let tail: Vec<&str> = out.lines().rev().take(3).collect();
    assert_eq!(
        tail,
        vec![
            "legal: [play Y6 (19), keep drawn card (61)]",
            "position: seat 0 to decide, PostDraw (hand: R1 R7 Y6 G9; top Y5 yellow)",
            "stopped at decision #6: the script of seat 0 is exhausted (all 2 entries played)",
        ],
        "{out}"
    );
    // The first card's rules ran: seat 0 drew two and seat 1 played first.
    assert!(
        out.contains("#1    seat 1 Play (hand: Y4 G3 B4; top Y+2 yellow) -> play Y4"),
        "{out}"
    );
}

#[test]
fn script_entry_not_legal_is_an_error_naming_step_seat_entry_and_legal_actions() {
    let d = dir("script-illegal");
    let sc = d.file("d2.json", DRAW_TWO_FIRST);
    let o = uno_in(
        d.path(),
        &[
            "replay",
            "--scenario",
            sc.to_str().unwrap(),
            "-a",
            "script:Y2/B4,first",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "error: decision #5 (Play), seat 0: script entry 2 'B4' is not a legal action here; legal: [draw (60)]"
    );
    let o = uno_in(
        d.path(),
        &[
            "replay",
            "--scenario",
            sc.to_str().unwrap(),
            "-a",
            "first,script:W",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("seat 1: script entry 1 'W' is not a legal action here"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn script_ids_and_ambiguous_entries() {
    let d = dir("script-ids");
    let sc = d.file(
        "w.json",
        r#"{"players": 2, "hands": [["W", "R1"], ["G3"]], "discard": ["R5"]}"#,
    );
    // 53 = play W naming yellow.
    let out = expect_ok(
        d.path(),
        &[
            "replay",
            "--scenario",
            sc.to_str().unwrap(),
            "-a",
            "script:53,first",
            "--stop-after",
            "1",
        ],
    );
    assert!(out.contains("-> play W naming yellow"), "{out}");
    let o = uno_in(
        d.path(),
        &[
            "replay",
            "--scenario",
            sc.to_str().unwrap(),
            "-a",
            "script:W,first",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "error: decision #1 (Play), seat 0: script entry 1 'W' is ambiguous here: it matches play W naming red, play W naming yellow, play W naming green, play W naming blue; legal: [play R1 (1), play W naming red (52), play W naming yellow (53), play W naming green (54), play W naming blue (55), draw (60)]"
    );
}

#[test]
fn stop_after_prints_whose_turn_and_the_legal_actions() {
    let d = dir("stop-after");
    let out = expect_ok(
        d.path(),
        &[
            "replay",
            "-p",
            "2",
            "--seed",
            "3",
            "-a",
            "first",
            "--stop-after",
            "2",
        ],
    );
    let tail: Vec<&str> = out.lines().rev().take(3).collect();
    assert_eq!(
        tail,
        vec![
            "legal: [play R5 (5), play R7 (7), draw (60)]",
            "position: seat 1 to decide, Play (hand: R5 R7 Y2 G4 G5 B4; top W red)",
            "stopped after 2 decisions",
        ],
        "{out}"
    );
    assert_eq!(out.matches("\n#").count(), 2, "{out}");
}

#[test]
fn script_in_simulate_aborts_the_games_it_cannot_play() {
    let d = dir("script-simulate");
    let out = expect_ok(
        d.path(),
        &[
            "simulate",
            "-p",
            "2",
            "-a",
            "script:draw,random",
            "-n",
            "10",
            "--no-write",
            "--json",
            "--no-progress",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stats"]["aborted"], 10);
    assert_eq!(v["stats"]["aborted_by_seat"], serde_json::json!([10, 0]));
}

#[test]
fn bad_script_and_scenario_fields_are_refused() {
    let d = dir("errors");
    let bad_unplaced = d.file(
        "u.json",
        r#"{"players": 2, "hands": [["R1"], ["G3"]], "discard": ["R5"], "unplaced": "bottom"}"#,
    );
    let bad_first = d.file(
        "f.json",
        r#"{"players": 2, "hands": [["R1"], ["G3"]], "first_card": "R5", "color": "red"}"#,
    );
    let hd_first = d.file(
        "h.json",
        r#"{"players": 2, "hands": [["R1"], ["G3"]], "first_card": "R5", "current": 1}"#,
    );
    for (args, want) in [
        (
            vec!["replay", "-a", "script:"],
            "agent 'script' needs a list of actions",
        ),
        (
            vec!["replay", "-a", "script:draw//R5"],
            "entry 2 of 'draw//R5' is empty",
        ),
        (
            vec!["replay", "--scenario", bad_unplaced.to_str().unwrap()],
            "unknown 'unplaced' value 'bottom' (draw_pile or discard)",
        ),
        (
            vec!["replay", "--scenario", bad_first.to_str().unwrap()],
            "'color' cannot be given with 'first_card'",
        ),
        (
            vec![
                "replay",
                "-v",
                "hot-death",
                "--scenario",
                hd_first.to_str().unwrap(),
            ],
            "'current' cannot be given with 'first_card'",
        ),
    ] {
        let o = uno_in(d.path(), &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn result_line_names_the_real_ending() {
    let d = dir("endings");
    let bastards = d.file(
        "b.json",
        r#"{"players": 2, "options": {"target": 0}, "dealer": 1, "first_card": "G9",
            "hands": [["QUIT", "SHIT", "FUCK", "HOLY"], ["R1"]]}"#,
    );
    let out = expect_ok(
        d.path(),
        &[
            "replay",
            "-v",
            "hot-death",
            "--scenario",
            bastards.to_str().unwrap(),
        ],
    );
    assert!(
        out.contains("\nresult: bastard_cards, winner seat 0, hands 1\n"),
        "{out}"
    );
    let out = expect_ok(d.path(), &["replay", "-p", "2", "--seed", "3"]);
    assert!(
        out.contains("\nresult: out_of_cards, winner seat 1, hands 1\n"),
        "{out}"
    );
    // Hot Death single hands, two random players: seed 1 ends with everyone eliminated.
    let out = expect_ok(
        d.path(),
        &[
            "replay",
            "-v",
            "hot-death",
            "--preset",
            "hand",
            "-p",
            "2",
            "--seed",
            "1",
        ],
    );
    let result = out.lines().find(|l| l.starts_with("result: ")).unwrap();
    assert_eq!(result, "result: all_eliminated, winner none, hands 1");
}

/// `lines` appear in `out` one after the other.
fn assert_block(out: &str, lines: &[&str]) {
    assert!(out.contains(&lines.join("\n")), "{lines:#?} not in:\n{out}");
}

#[test]
fn draws_fold_into_one_line_with_the_total() {
    let d = dir("draw-total");
    let sc = d.file("d2.json", DRAW_TWO_FIRST);
    let out = expect_ok(
        d.path(),
        &[
            "replay",
            "--scenario",
            sc.to_str().unwrap(),
            "-a",
            "script:Y2/draw,script:Y4/draw/play-Y5",
        ],
    );
    assert_block(
        &out,
        &[
            "        first discard: Y+2 (Yellow Draw Two)",
            "        seat 0 draws 2 (penalty): R7 G9",
            "        seat 0 is skipped",
        ],
    );
    assert_block(
        &out,
        &[
            "#3    seat 1 Play (hand: G3 B4; top Y2 yellow) -> draw",
            "        seat 1 draws 1: Y5",
        ],
    );
    // Hot Death: a Draw Two whose second card needs a reshuffle is still one line, after the
    // reshuffle; Luck o' the Irish takes one card off and is shown.
    let reshuffle = d.file(
        "r.json",
        r#"{"players": 3, "options": {"target": 0}, "hands": [["B+2", "R6", "R7"], ["B1", "B2"],
            ["G7", "G8"]], "discard": ["B9"], "color": "blue", "draw_pile": ["R1"],
            "unplaced": "discard"}"#,
    );
    let out = hot_death(&d, &reshuffle, "script:B+2,first,first", 1);
    assert_block(
        &out,
        &[
            "        seat 0 plays B+2 (Blue Draw Two)",
            "        discard pile reshuffled into a new draw pile of 316",
            "        seat 1 draws 2 (penalty): R1 Y6",
            "        seat 1 is skipped",
        ],
    );
    let luck = d.file(
        "l.json",
        r#"{"players": 3, "options": {"target": 0}, "hands": [["B+2", "R6"], ["LUCK", "B1", "B2"],
            ["G7", "G8"]], "discard": ["B9"], "color": "blue", "draw_pile": ["R1", "R2"]}"#,
    );
    let out = hot_death(&d, &luck, "script:B+2/101,first,first", 2);
    assert_block(
        &out,
        &[
            "        seat 0 calls UNO",
            "        seat 1 shows LUCK (Luck o' the Irish, Green 4): one card fewer to draw",
            "        seat 1 draws 1 (penalty): R1",
            "        seat 1 is skipped",
        ],
    );
}

/// A Hot Death scenario replayed with `agents`, stopped after `stop` decisions.
fn hot_death(d: &TempDir, sc: &std::path::Path, agents: &str, stop: u32) -> String {
    expect_ok(
        d.path(),
        &[
            "replay",
            "-v",
            "hot-death",
            "--scenario",
            sc.to_str().unwrap(),
            "-a",
            agents,
            "--stop-after",
            &stop.to_string(),
        ],
    )
}

#[test]
fn sixty_nine_show_is_logged() {
    let d = dir("sixty-nine");
    // The holder of the Sixty Nine plays a red 6 on a blue 9: the 69 is shown.
    let sc = d.file(
        "69.json",
        r#"{"players": 2, "options": {"target": 0}, "hands": [["69", "R6", "G1"], ["B1", "B2"]],
            "discard": ["B9"], "color": "blue"}"#,
    );
    let out = hot_death(&d, &sc, "script:R6,first", 1);
    assert_block(
        &out,
        &[
            "#1    seat 0 Play (hand: R6 G1 69; top B9 blue) -> play R6",
            "        seat 0 plays R6 (Red 6)",
            "        seat 0 shows 69 (Sixty Nine, Yellow 9/6): it lets R6 go on B9",
        ],
    );
}

#[test]
fn quitter_and_glasnost_say_what_happens() {
    let d = dir("quitter-glasnost");
    let quitter = d.file(
        "q.json",
        r#"{"players": 3, "options": {"target": 0}, "hands": [["QUIT", "R6", "G1"], ["B1", "B2"],
            ["G7", "G8"]], "discard": ["G9"], "color": "green"}"#,
    );
    let out = hot_death(&d, &quitter, "script:QUIT,first,first", 1);
    assert_block(
        &out,
        &[
            "        seat 0 plays QUIT (Quitter, Green 0)",
            "        seat 1 faces the Quitter",
            "        seat 1 is eliminated",
        ],
    );
    assert!(
        !out.contains("attack on") && !out.contains("(0 cards)"),
        "{out}"
    );
    // Glasnost: the victim shows their hand, and the log lists it; with A.I.D.S. both show.
    let glasnost = d.file(
        "g.json",
        r#"{"players": 3, "options": {"target": 0}, "hands": [["GLAS", "R6", "G1"], ["B1", "B2"],
            ["G7", "G8"]], "discard": ["R9"], "color": "red"}"#,
    );
    let out = hot_death(&d, &glasnost, "script:GLAS/111,first,first", 2);
    assert_block(
        &out,
        &[
            "#2    seat 0 ChooseTarget (hand: R6 G1; top GLAS red) -> target seat +2",
            "        seat 2 faces the Glasnost",
            "        seat 2 shows their hand: G7 G8",
        ],
    );
    assert!(
        !out.contains("attack on") && !out.contains("(0 cards)"),
        "{out}"
    );
    let aids = d.file(
        "a.json",
        r#"{"players": 3, "options": {"target": 0}, "hands": [["GLAS", "R6", "G1"], ["AIDS", "B2",
            "B3"], ["G7", "G8"]], "discard": ["R9"], "color": "red"}"#,
    );
    let out = hot_death(&d, &aids, "script:GLAS/110,script:AIDS,first", 3);
    assert_block(
        &out,
        &[
            "        seat 1 plays AIDS (A.I.D.S., Green 3)",
            "        seat 0 shows their hand: R6 G1",
            "        seat 1 shows their hand: B2 B3",
        ],
    );
}

#[test]
fn hot_death_first_decision_is_before_the_deal() {
    let d = dir("before-deal");
    let out = expect_ok(
        d.path(),
        &[
            "replay",
            "-v",
            "hot-death",
            "--preset",
            "hand",
            "-p",
            "4",
            "--seed",
            "5",
        ],
    );
    let first = out.lines().find(|l| l.starts_with("#1 ")).unwrap();
    assert_eq!(
        first,
        "#1    seat 0 ChooseNumber (before the deal) -> deal 13 cards"
    );
    assert_block(
        &out,
        &[
            "#1    seat 0 ChooseNumber (before the deal) -> deal 13 cards",
            "        13 cards each",
            "        seat 0 is dealt G+2 Y3 R+2 W+4 BR GR G3 B3 Y3 B1 R2 Y5 G1",
        ],
    );
    assert!(!out.contains("top R0"), "{out}");
}

#[test]
fn classic_replay_reads_like_hot_death() {
    let d = dir("classic-snippet");
    let out = expect_ok(d.path(), &["replay", "-p", "4", "--seed", "3"]);
    assert_block(
        &out,
        &[
            "        first discard: R1 (Red 1)",
            "",
            "#1    seat 0 Play (hand: Y0 Y1 Y5 Y5 G1 B7 W; top R1 red) -> play W naming yellow",
            "        seat 0 plays W (Wild) naming yellow",
            "#2    seat 1 Play (hand: R2 R4 R5 R7 Y2 YR G1; top W yellow) -> play YR",
            "        seat 1 plays YR (Yellow Reverse)",
            "        direction reverses",
        ],
    );
    // A challenge: the offender's hand is shown to the challenger, then the penalty in one line.
    assert_block(
        &out,
        &[
            "#7    seat 1 Respond (hand: R2 R4 R5 R7 Y2 G1; top W+4 yellow) -> challenge W+4",
            "        seat 1 challenges seat 2's W+4: guilty",
            "        seat 2 shows their hand to seat 1: R+2 Y1 B2 B7 B9 B9",
            "        seat 2 draws 4 (penalty): Y2 G6 W+4 B8",
        ],
    );
    assert!(
        out.contains("\n        hand over: seat 2 wins (out_of_cards) and scores 293\n"),
        "{out}"
    );
}
