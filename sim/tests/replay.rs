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
