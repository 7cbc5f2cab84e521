//! The `uno` binary with `-v constitution`: every command runs and writes what it should
//! (simulate, rules, tournament, balance, replay, and with `--features neural` train and a
//! trained model playing), results are reproducible, and bad input is refused with a clear
//! message and a non-zero exit.

mod common;

use common::{expect_ok, stderr, uno_in, TempDir};
use serde_json::Value;

fn dir(test: &str) -> TempDir {
    TempDir::named("constitution-cli", test)
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
            "constitution",
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
    assert!(out.contains("left_by_cause"), "{out}");
    let v = json(&d.path().join("m/summary.json"));
    assert_eq!(v["variant"], "constitution");
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
            "hot-death-v3",
            "--preset",
            "elimination",
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
    let v: Value = serde_json::from_str(&expect_ok(
        d.path(),
        &["rules", "-v", "constitution", "--json"],
    ))
    .unwrap();
    assert_eq!(v["variant"], "constitution");
    assert_eq!(v["cards"].as_array().unwrap().len(), 119);
    let copies: u64 = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["copies"].as_u64().unwrap())
        .sum();
    assert_eq!(copies, 432);
    assert_eq!(v["num_actions"], 393);
    for p in ["seed", "elimination", "tidy"] {
        assert!(v["presets"][p].is_object(), "{p}");
    }
    let text = expect_ok(d.path(), &["rules", "-v", "constitution"]);
    assert!(
        text.contains("The Constitution") && text.contains("docs/rules/constitution.md"),
        "{text}"
    );
}

#[test]
fn tournament_balance_and_replay_run() {
    let d = dir("others");
    common::tournament_and_balance_write(d.path(), "constitution");

    for preset in ["seed", "elimination"] {
        let out = expect_ok(
            d.path(),
            &[
                "replay",
                "-v",
                "constitution",
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
        assert!(out.contains("first card"), "{out}");
        assert!(out.contains("seat 0 is dealt"), "{out}");
    }
}

#[test]
fn bad_constitution_input_is_refused() {
    let d = dir("errors");
    for (args, want) in [
        (
            vec!["simulate", "-v", "constitution", "--preset", "official"],
            "unknown preset 'official' for constitution (known: seed, elimination, tidy)",
        ),
        (
            vec![
                "simulate",
                "-v",
                "constitution",
                "--set",
                "stack_draw2=true",
            ],
            "unknown option 'stack_draw2' (Constitution options: ",
        ),
        (
            vec![
                "simulate",
                "-v",
                "constitution",
                "--set",
                "gold_coin_face_up=2",
            ],
            "gold_coin_face_up must lie in [0, 1]",
        ),
        (
            vec![
                "simulate",
                "-v",
                "constitution",
                "-p",
                "3",
                "--set",
                "dealer=5",
            ],
            "dealer = 5 is not a seat",
        ),
        (
            vec!["simulate", "-v", "constitution", "-p", "11"],
            "2 to 10 players",
        ),
        (
            vec!["tournament", "-v", "constitution", "-a", "random,nonsense"],
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
            "constitution",
            "--scenario",
            sc.to_str().unwrap(),
        ],
    );
    let err = stderr(&o);
    assert!(!o.status.success() && o.status.code() != Some(101), "{err}");
    assert!(err.contains("missing field `hands`"), "{err}");
}

/// A tiny training run writes its model, and the model plays in a tournament.
#[cfg(feature = "neural")]
#[test]
fn train_writes_a_model_that_plays() {
    let d = dir("train");
    let out = d.path().join("run");
    let o = out.to_str().unwrap();
    let text = expect_ok(
        d.path(),
        &[
            "train",
            "-v",
            "constitution",
            "-p",
            "2",
            "-n",
            "64",
            "--hidden",
            "16",
            "--games-per-iter",
            "32",
            "--checkpoint-every",
            "1",
            "--eval-deals",
            "4",
            "--max-decisions",
            "600",
            "--teacher",
            "heuristic",
            "--quiet",
            "-o",
            o,
        ],
    );
    assert!(text.contains("trained after 64 games"), "{text}");
    for f in [
        "train.json",
        "config.json",
        "model.bpk",
        "curve.csv",
        "curve.svg",
    ] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    let cfg = json(&out.join("config.json"));
    assert_eq!(cfg["variant"], "constitution");
    assert_eq!(cfg["obs_len"], 1051);
    let spec = format!("net@neural:{o}");
    let text = expect_ok(
        d.path(),
        &[
            "tournament",
            "-v",
            "constitution",
            "-p",
            "2",
            "-a",
            &format!("random,{spec}"),
            "-n",
            "4",
            "--no-write",
            "--no-progress",
        ],
    );
    assert!(text.contains("net"), "{text}");
    // A Constitution model does not play another variant.
    let o = uno_in(
        d.path(),
        &[
            "simulate",
            "-v",
            "classic",
            "-p",
            "2",
            "-a",
            &format!("neural:{}", out.display()),
            "-n",
            "2",
            "--no-write",
        ],
    );
    assert!(!o.status.success() && o.status.code() != Some(101));
}
