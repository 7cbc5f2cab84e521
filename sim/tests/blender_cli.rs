//! The `uno` binary with `-v blender`: every command runs and writes what it should
//! (simulate, rules, tournament, balance, replay), results are reproducible, and bad input is
//! refused with a clear message and a non-zero exit.

mod common;

use common::{expect_ok, stderr, uno_in, TempDir};
use serde_json::Value;

fn dir(test: &str) -> TempDir {
    TempDir::named("blender-cli", test)
}

fn json(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn simulate_writes_a_reproducible_summary() {
    let d = dir("simulate");
    let args = |out: &'static str, threads: &'static str| {
        vec![
            "simulate",
            "-v",
            "blender",
            "-p",
            "3",
            "-a",
            "heuristic,random,heuristic",
            "-n",
            "40",
            "-o",
            out,
            "-t",
            threads,
            "--no-progress",
        ]
    };
    let out = expect_ok(d.path(), &args("m", "2"));
    assert!(out.contains("40 games"), "{out}");
    assert!(out.contains("won_by_elimination"), "{out}");
    let v = json(&d.path().join("m/summary.json"));
    assert_eq!(v["variant"], "blender");
    // Same seed, any thread count: the same statistics.
    expect_ok(d.path(), &args("m1", "1"));
    let v1 = json(&d.path().join("m1/summary.json"));
    assert_eq!(v1["stats"], v["stats"]);
    // Elimination mode, random agents only, many players.
    let out = expect_ok(
        d.path(),
        &[
            "simulate",
            "-v",
            "uno-blender",
            "--preset",
            "revision",
            "-p",
            "7",
            "-n",
            "30",
            "--no-write",
            "--no-progress",
        ],
    );
    assert!(out.contains("30 games"), "{out}");
}

#[test]
fn rules_describe_the_deck_and_the_presets() {
    let d = dir("rules");
    let v: Value =
        serde_json::from_str(&expect_ok(d.path(), &["rules", "-v", "blender", "--json"])).unwrap();
    assert_eq!(v["variant"], "blender");
    assert_eq!(v["cards"].as_array().unwrap().len(), 287);
    let copies: u64 = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["copies"].as_u64().unwrap())
        .sum();
    assert_eq!(copies, 720);
    assert_eq!(v["num_actions"], 1482);
    for p in ["seed", "revision", "products"] {
        assert!(v["presets"][p].is_object(), "{p}");
    }
    let text = expect_ok(d.path(), &["rules", "-v", "blender"]);
    assert!(
        text.contains("UNO Blender") && text.contains("docs/rules/blender.md"),
        "{text}"
    );
}

#[test]
fn tournament_balance_and_replay_run() {
    let d = dir("others");
    common::tournament_and_balance_write(d.path(), "blender");

    for preset in ["seed", "revision"] {
        let out = expect_ok(
            d.path(),
            &[
                "replay",
                "-v",
                "blender",
                "--preset",
                preset,
                "-p",
                "3",
                "-g",
                "2",
                "-a",
                "heuristic,random,heuristic",
            ],
        );
        assert!(out.contains("result:"), "{out}");
        assert!(out.contains("is turned over"), "{out}");
    }
}

#[test]
fn bad_blender_input_is_refused() {
    let d = dir("errors");
    for (args, want) in [
        (
            vec!["simulate", "-v", "blender", "--preset", "official"],
            "unknown preset 'official' for blender (known: seed, revision, products)",
        ),
        (
            vec!["simulate", "-v", "blender", "--set", "stack_draw2=true"],
            "unknown option 'stack_draw2' (Blender options: ",
        ),
        (
            vec!["simulate", "-v", "blender", "--set", "hand_size=30"],
            "option 'hand_size' must be 1-20",
        ),
        (
            vec!["simulate", "-v", "blender", "-p", "3", "--set", "dealer=5"],
            "option 'dealer' is seat 5",
        ),
        (
            vec!["simulate", "-v", "blender", "-p", "11"],
            "Blender takes 2-10 players, not 11",
        ),
        (
            vec!["tournament", "-v", "blender", "-a", "random,nonsense"],
            "nonsense",
        ),
    ] {
        let o = uno_in(d.path(), &args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A scenario without its hands: a clear refusal naming what is missing.
    let sc = d.file("s.json", r#"{"players": 2}"#);
    let o = uno_in(
        d.path(),
        &[
            "replay",
            "-v",
            "blender",
            "--scenario",
            sc.to_str().unwrap(),
        ],
    );
    let err = stderr(&o);
    assert!(!o.status.success() && o.status.code() != Some(101), "{err}");
    assert!(err.contains("missing field `hands`"), "{err}");
}
