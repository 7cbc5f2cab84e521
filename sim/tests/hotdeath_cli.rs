//! The `uno` binary with `-v hot-death`: every command runs, reports Hot Death's figures
//! (match wins, hand wins, points per hand, hand endings), is reproducible, and refuses bad
//! Hot Death options with a clear message.

mod common;

use common::{expect_ok, stderr, uno_in, TempDir};
use serde_json::Value;

fn dir(test: &str) -> TempDir {
    TempDir::named("hotdeath-cli", test)
}

#[test]
fn simulate_reports_matches_hands_and_endings() {
    let d = dir("simulate");
    let out = expect_ok(
        d.path(),
        &[
            "simulate",
            "-v",
            "hot-death",
            "-p",
            "4",
            "-a",
            "heuristic",
            "-n",
            "60",
            "-o",
            "m",
            "--no-progress",
        ],
    );
    assert!(out.contains("match wins"), "{out}");
    assert!(out.contains("hand wins"), "{out}");
    assert!(out.contains("hand endings: "), "{out}");
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("m/summary.json")).unwrap())
            .unwrap();
    let st = &v["stats"];
    assert_eq!(v["variant"], "hot-death");
    let hands = st["hands"].as_u64().unwrap();
    assert!(hands > 60, "a match is many hands: {hands}");
    let ended: u64 = st["hand_endings"]
        .as_object()
        .unwrap()
        .values()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(ended, hands);
    let hand_wins: u64 = st["per_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["hand_wins"].as_u64().unwrap())
        .sum();
    assert!(hand_wins <= hands && hand_wins > 0);
    assert!(st["per_seat"][0]["mean_points_per_hand"].as_f64().is_some());
    // Same seed, any thread count: the same summary.
    expect_ok(
        d.path(),
        &[
            "simulate",
            "-v",
            "hot-death",
            "-p",
            "4",
            "-a",
            "heuristic",
            "-n",
            "60",
            "-o",
            "m1",
            "-t",
            "1",
            "--no-progress",
        ],
    );
    let v1: Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("m1/summary.json")).unwrap())
            .unwrap();
    assert_eq!(v1["stats"], v["stats"]);
}

#[test]
fn single_hands_and_random_agents() {
    let d = dir("single");
    let out = expect_ok(
        d.path(),
        &[
            "simulate",
            "-v",
            "hot-death",
            "--preset",
            "hand",
            "-p",
            "6",
            "-n",
            "300",
            "--no-write",
            "--no-progress",
        ],
    );
    assert!(out.contains("300 games"), "{out}");
    assert!(out.contains("hand endings"), "{out}");
}

#[test]
fn replay_rules_tournament_and_balance_run() {
    let d = dir("others");
    let out = expect_ok(
        d.path(),
        &[
            "replay",
            "-v",
            "hot-death",
            "-p",
            "3",
            "-g",
            "2",
            "-a",
            "heuristic",
            "--set",
            "target=0",
        ],
    );
    assert!(out.contains("result:"), "{out}");
    assert!(
        out.contains("ChooseNumber") || out.contains("cards each"),
        "{out}"
    );

    let json = expect_ok(d.path(), &["rules", "-v", "hot-death", "--json"]);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["cards"].as_array().unwrap().len(), 81);
    let copies: u64 = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["copies"].as_u64().unwrap())
        .sum();
    assert_eq!(copies, 324);
    assert_eq!(v["num_actions"], 130);
    assert!(v["presets"]["port"].is_object());
    let text = expect_ok(d.path(), &["rules", "-v", "hot-death"]);
    assert!(
        text.contains("Hot Death") && text.contains("docs/rules/hot-death.md"),
        "{text}"
    );

    let out = expect_ok(
        d.path(),
        &[
            "tournament",
            "-v",
            "hot-death",
            "-a",
            "random,heuristic",
            "-p",
            "4",
            "--set",
            "target=0",
            "-n",
            "30",
            "--no-write",
            "--no-progress",
        ],
    );
    assert!(out.contains("heuristic") && out.contains("random"), "{out}");

    let out = expect_ok(
        d.path(),
        &[
            "balance",
            "-v",
            "hot-death",
            "-p",
            "4",
            "--set",
            "target=0",
            "--set",
            "hand_size=7",
            "-n",
            "40",
            "--precision",
            "0",
            "--chunk",
            "20",
            "--no-write",
            "--no-progress",
        ],
    );
    assert!(out.contains("40 deals"), "{out}");
}

#[test]
fn scenario_replay() {
    let d = dir("scenario");
    let sc = d.file(
        "hd.json",
        r#"{"players": 3, "options": {"target": 0}, "hands": [["HD", "R1"], ["W+4"], ["G5", "G6"]],
            "discard": ["R3"], "current": 0}"#,
    );
    let out = expect_ok(
        d.path(),
        &[
            "replay",
            "-v",
            "hot-death",
            "--scenario",
            sc.to_str().unwrap(),
            "-a",
            "first",
        ],
    );
    assert!(out.contains("result:"), "{out}");
}

#[test]
fn bad_hot_death_input_is_refused() {
    let d = dir("errors");
    for (args, want) in [
        (
            vec!["simulate", "-v", "hot-death", "--set", "hand_size=3"],
            "hand_size",
        ),
        (
            vec!["simulate", "-v", "hot-death", "--set", "stack_draw2=true"],
            "unknown option 'stack_draw2' (Hot Death options: ",
        ),
        (
            vec!["simulate", "-v", "hot-death", "--preset", "rlcard"],
            "unknown preset 'rlcard' for hot-death (known: seed, hand, port)",
        ),
        (
            vec!["simulate", "-v", "hot-death", "--set", "double_skips=9"],
            "double_skips",
        ),
        (vec!["simulate", "-v", "hot-death", "-p", "11"], "players"),
        (
            vec![
                "simulate",
                "-v",
                "hot-death",
                "--set",
                "uno_catch_probability=2",
            ],
            "uno_catch_probability",
        ),
    ] {
        let o = uno_in(d.path(), &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let bad = d.file(
        "bad.json",
        r#"{"players": 2, "hands": [["R1"], ["ZZ"]], "discard": ["R3"]}"#,
    );
    let o = uno_in(
        d.path(),
        &[
            "replay",
            "-v",
            "hot-death",
            "--scenario",
            bad.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown card 'ZZ'"), "{}", stderr(&o));
}
