//! End-to-end tests of the `uno` binary: bad input fails cleanly (message on stderr, non-zero
//! exit, no panic), the happy paths write what they promise, and results are reproducible.

use serde_json::Value;
use std::path::Path;

mod common;
use common::{expect_ok, stderr, stdout, uno_in};

/// A scratch folder for one test of this suite.
fn temp_dir(test: &str) -> common::TempDir {
    common::TempDir::named("cli", test)
}

/// Asserts a clean failure: a non-zero exit code (not a signal), no panic, and every string of
/// `needles` in stderr. Returns stderr.
fn expect_error(test: &str, args: &[&str], needles: &[&str]) -> String {
    let dir = temp_dir(test);
    expect_error_in(dir.path(), args, needles)
}

fn expect_error_in(cwd: &Path, args: &[&str], needles: &[&str]) -> String {
    let o = uno_in(cwd, args);
    let err = stderr(&o);
    assert!(
        !o.status.success(),
        "uno {args:?} should fail; stdout:\n{}",
        stdout(&o)
    );
    let code = o.status.code();
    assert!(
        matches!(code, Some(c) if c != 0 && c != 101),
        "uno {args:?}: expected an ordinary error exit code, got {code:?} (101 = panic)\n{err}"
    );
    assert!(!err.contains("panicked"), "uno {args:?} panicked:\n{err}");
    assert!(!err.trim().is_empty(), "uno {args:?}: empty stderr");
    for n in needles {
        assert!(
            err.contains(n),
            "uno {args:?}: stderr should mention {n:?}, got:\n{err}"
        );
    }
    err
}

fn read_json(p: &Path) -> Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", p.display()))
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 temp path")
}

const SMALL_SCENARIO: &str = r#"{
  "players": 2,
  "seed": 7,
  "hands": [["R5", "G+2"], ["B1", "W"]],
  "discard": ["R3"],
  "current": 0
}"#;

// ------------------------------------------------------------------------------------------
// Bad input: clear message, non-zero exit, never a panic.
// ------------------------------------------------------------------------------------------

#[test]
fn unknown_variant() {
    expect_error(
        "unknown_variant",
        &["simulate", "--variant", "hotdog", "-n", "1", "--no-write"],
        &["hotdog", "variant"],
    );
    expect_error(
        "unknown_variant_rules",
        &["rules", "--variant", "hotdog"],
        &["hotdog", "variant"],
    );
}

#[test]
fn zero_players() {
    expect_error(
        "zero_players",
        &["simulate", "-p", "0", "-n", "1", "--no-write"],
        &["players", "0"],
    );
}

#[test]
fn eleven_players() {
    expect_error(
        "eleven_players",
        &["simulate", "-p", "11", "-n", "1", "--no-write"],
        &["players", "11"],
    );
}

#[test]
fn one_player() {
    expect_error(
        "one_player",
        &["simulate", "-p", "1", "-n", "1", "--no-write"],
        &["players", "1"],
    );
    expect_error("one_player_replay", &["replay", "-p", "1"], &["players"]);
}

#[test]
fn malformed_set_without_equals() {
    expect_error(
        "malformed_set",
        &["simulate", "--set", "stack_draw2", "-n", "1", "--no-write"],
        &["stack_draw2", "key=value"],
    );
    expect_error(
        "malformed_set_empty_key",
        &["simulate", "--set", "=3", "-n", "1", "--no-write"],
        &["empty key"],
    );
}

#[test]
fn unknown_option_key_is_named() {
    expect_error(
        "unknown_option_key",
        &[
            "simulate",
            "--set",
            "hotdog_rule=true",
            "-n",
            "1",
            "--no-write",
        ],
        &["unknown option", "hotdog_rule"],
    );
}

#[test]
fn bad_option_value_type() {
    expect_error(
        "bad_option_value",
        &[
            "simulate",
            "--set",
            "hand_size=abc",
            "-n",
            "1",
            "--no-write",
        ],
        &["abc"],
    );
    // A value of the right type that fails validation names the option.
    expect_error(
        "bad_option_value_range",
        &["simulate", "--set", "hand_size=0", "-n", "1", "--no-write"],
        &["hand_size"],
    );
}

/// With several `--set` flags, the user must be told which one was bad.
#[test]
fn bad_option_value_names_the_key() {
    expect_error(
        "bad_option_value_names_key",
        &[
            "simulate",
            "--set",
            "stack_draw2=true",
            "--set",
            "hand_size=abc",
            "-n",
            "1",
            "--no-write",
        ],
        &["hand_size", "abc"],
    );
}

#[test]
fn unknown_preset() {
    expect_error(
        "unknown_preset",
        &["simulate", "--preset", "hotdog", "-n", "1", "--no-write"],
        &["preset", "hotdog"],
    );
}

/// `simulate --options FILE` with `text` in FILE (`None`: no file) fails naming `needles`.
fn options_file_error(test: &str, text: Option<&str>, needles: &[&str]) {
    let dir = temp_dir(test);
    let f = match text {
        Some(text) => dir.file("opts.json", text),
        None => dir.path().join("nope.json"),
    };
    expect_error_in(
        dir.path(),
        &[
            "simulate",
            "--options",
            path_str(&f),
            "-n",
            "1",
            "--no-write",
        ],
        needles,
    );
}

#[test]
fn options_file_not_json() {
    options_file_error(
        "options_not_json",
        Some("{ stack_draw2: yes"),
        &["opts.json", "JSON"],
    );
}

#[test]
fn options_file_is_array() {
    options_file_error(
        "options_array",
        Some(r#"[{"stack_draw2": true}]"#),
        &["opts.json", "object"],
    );
}

#[test]
fn options_file_missing() {
    options_file_error("options_missing", None, &["nope.json"]);
}

#[test]
fn options_file_with_unknown_key() {
    options_file_error(
        "options_unknown_key",
        Some(r#"{"stack_draw2": true, "hotdog_rule": 1}"#),
        &["hotdog_rule"],
    );
}

#[test]
fn options_file_with_a_duplicate_key() {
    options_file_error(
        "options_duplicate_key",
        Some(r#"{"jump_in": true, "jump_in": false}"#),
        &["opts.json", "duplicate key 'jump_in'"],
    );
}

#[test]
fn negative_numbers_are_bad_values_not_flags() {
    for (flag, value) in [("-n", "-1"), ("-p", "-3"), ("--seed", "-5"), ("-t", "-2")] {
        let o = expect_error(
            "negative_numbers",
            &["simulate", flag, value, "--no-write"],
            &[
                &format!("invalid value '{value}'"),
                "the value must be >= 0",
            ],
        );
        assert!(!o.contains("unexpected argument"), "{o}");
    }
    expect_error(
        "negative_numbers",
        &["tournament", "-a", "random,first", "-n", "-10"],
        &["invalid value '-10' for '--games <GAMES>': the value must be >= 0"],
    );
}

#[test]
fn unknown_agent_spec() {
    expect_error(
        "unknown_agent",
        &["simulate", "-a", "hotdog", "-n", "1", "--no-write"],
        &["unknown agent", "hotdog"],
    );
    expect_error(
        "agent_with_params",
        &["simulate", "-a", "random:depth=3", "-n", "1", "--no-write"],
        &["random"],
    );
}

#[test]
fn wrong_number_of_agents() {
    expect_error(
        "wrong_agent_count",
        &[
            "simulate",
            "-p",
            "3",
            "-a",
            "random,first",
            "-n",
            "1",
            "--no-write",
        ],
        &["2 agents", "3 players"],
    );
}

#[test]
fn zero_games() {
    expect_error(
        "zero_games",
        &["simulate", "--games", "0", "--no-write"],
        &["--games"],
    );
}

#[test]
fn zero_threads() {
    expect_error(
        "zero_threads",
        &["simulate", "-n", "1", "--threads", "0", "--no-write"],
        &["--threads"],
    );
}

#[test]
fn output_folder_is_a_file() {
    let dir = temp_dir("out_is_file");
    let f = dir.file("not_a_dir", "x");
    expect_error_in(
        dir.path(),
        &["simulate", "-n", "1", "-o", path_str(&f), "--no-progress"],
        &["not_a_dir"],
    );
}

#[test]
fn replay_malformed_scenario() {
    let dir = temp_dir("scenario_malformed");
    let f = dir.file("s.json", r#"{"players": 2, "hands": [["R5"]"#);
    expect_error_in(
        dir.path(),
        &["replay", "--scenario", path_str(&f)],
        &["s.json", "malformed scenario"],
    );
}

#[test]
fn replay_scenario_with_a_duplicate_key() {
    let dir = temp_dir("scenario_duplicate_key");
    let f = dir.file(
        "s.json",
        r#"{"players": 2, "players": 3, "hands": [["R5"], ["B1"]], "discard": ["R3"]}"#,
    );
    expect_error_in(
        dir.path(),
        &["replay", "--scenario", path_str(&f)],
        &["s.json", "duplicate key 'players'"],
    );
}

#[test]
fn replay_scenario_unknown_card() {
    let dir = temp_dir("scenario_unknown_card");
    let f = dir.file(
        "s.json",
        r#"{"players": 2, "hands": [["R5", "X9"], ["B1"]], "discard": ["R3"]}"#,
    );
    expect_error_in(
        dir.path(),
        &["replay", "--scenario", path_str(&f)],
        &["unknown card", "X9"],
    );
}

#[test]
fn replay_scenario_too_many_copies() {
    let dir = temp_dir("scenario_too_many");
    // The deck has four Wilds; five are placed.
    let f = dir.file(
        "s.json",
        r#"{"players": 2, "hands": [["W", "W", "W"], ["W", "R1"]], "discard": ["W"], "color": "red"}"#,
    );
    expect_error_in(
        dir.path(),
        &["replay", "--scenario", path_str(&f)],
        &["W", "4"],
    );
}

#[test]
fn replay_scenario_wrong_number_of_hands() {
    let dir = temp_dir("scenario_hands");
    let f = dir.file(
        "s.json",
        r#"{"players": 3, "hands": [["R5"], ["B1"]], "discard": ["R3"]}"#,
    );
    expect_error_in(
        dir.path(),
        &["replay", "--scenario", path_str(&f)],
        &["hands", "3 players"],
    );
}

#[test]
fn replay_scenario_missing_file() {
    let dir = temp_dir("scenario_missing");
    let f = dir.path().join("nope.json");
    expect_error_in(
        dir.path(),
        &["replay", "--scenario", path_str(&f)],
        &["nope.json"],
    );
}

#[test]
fn replay_scenario_unknown_field() {
    let dir = temp_dir("scenario_unknown_field");
    let f = dir.file(
        "s.json",
        r#"{"players": 2, "hands": [["R5"], ["B1"]], "discard": ["R3"], "hotdog": 1}"#,
    );
    expect_error_in(
        dir.path(),
        &["replay", "--scenario", path_str(&f)],
        &["hotdog"],
    );
}

#[test]
fn unknown_subcommand_and_flag() {
    expect_error("unknown_subcommand", &["hotdog"], &["hotdog"]);
    expect_error(
        "unknown_flag",
        &["simulate", "--hotdog", "--no-write"],
        &["--hotdog"],
    );
    expect_error(
        "non_numeric_games",
        &["simulate", "-n", "many", "--no-write"],
        &["many"],
    );
}

// ------------------------------------------------------------------------------------------
// Happy paths.
// ------------------------------------------------------------------------------------------

fn no_partial_files(dir: &Path) {
    for e in std::fs::read_dir(dir).expect("read output dir") {
        let name = e.expect("dir entry").file_name();
        let name = name.to_string_lossy();
        assert!(!name.contains(".partial"), "left behind: {name}");
    }
}

#[test]
fn simulate_writes_summary_and_csv() {
    let dir = temp_dir("simulate_csv");
    let out = dir.path().join("run");
    let text = expect_ok(
        dir.path(),
        &[
            "simulate",
            "-n",
            "2000",
            "-p",
            "3",
            "--seed",
            "5",
            "-o",
            path_str(&out),
            "--csv",
            "--no-progress",
        ],
    );
    assert!(text.contains("2000 games"), "{text}");

    let summary = read_json(&out.join("summary.json"));
    let stats = &summary["stats"];
    assert_eq!(stats["games"], 2000);
    let finished = stats["completed"].as_u64().unwrap()
        + stats["truncated"].as_u64().unwrap()
        + stats["aborted"].as_u64().unwrap();
    assert_eq!(finished, 2000);
    assert_eq!(stats["aborted"], 0, "random agents never play illegally");
    assert_eq!(summary["players"], 3);
    assert_eq!(summary["seed"], 5);
    assert_eq!(summary["games_requested"], 2000);
    assert_eq!(summary["variant"], "classic");
    assert_eq!(stats["per_seat"].as_array().unwrap().len(), 3);

    let mut rdr = csv::Reader::from_path(out.join("games.csv")).expect("open games.csv");
    let header = rdr.headers().expect("csv header").clone();
    assert_eq!(&header[0], "game");
    assert!(header.iter().any(|h| h == "winner"));
    assert!(header.iter().any(|h| h == "place_2"));
    assert!(!header.iter().any(|h| h == "place_3"), "3 players only");
    let winner_col = header.iter().position(|h| h == "winner").unwrap();
    let mut wins = [0u64; 3];
    let mut rows = 0u64;
    for (i, rec) in rdr.records().enumerate() {
        let rec = rec.expect("csv row");
        assert_eq!(rec.len(), header.len());
        assert_eq!(
            rec[0].parse::<u64>().unwrap(),
            i as u64,
            "rows in game order"
        );
        if let Ok(w) = rec[winner_col].parse::<usize>() {
            wins[w] += 1;
        }
        rows += 1;
    }
    assert_eq!(rows, 2000);
    // The CSV and the summary describe the same games.
    for (s, &w) in wins.iter().enumerate() {
        assert_eq!(stats["per_seat"][s]["wins"], w, "seat {s} wins");
    }
    no_partial_files(&out);
}

#[test]
fn simulate_json_flag_prints_the_summary() {
    let dir = temp_dir("simulate_json");
    let text = expect_ok(
        dir.path(),
        &[
            "simulate",
            "-n",
            "50",
            "-p",
            "2",
            "--no-write",
            "--json",
            "--no-progress",
        ],
    );
    let v: Value = serde_json::from_str(&text).expect("--json prints JSON");
    assert_eq!(v["stats"]["games"], 50);
    // --no-write writes nothing, not even the default out/ folder.
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

#[test]
fn rules_text_and_json() {
    let dir = temp_dir("rules");
    // Without -v: the registry's listing.
    let list = expect_ok(dir.path(), &["rules"]);
    assert!(
        list.contains("classic") && list.contains("hot-death"),
        "{list}"
    );
    assert!(list.contains("docs/rules/classic.md"), "{list}");

    let text = expect_ok(dir.path(), &["rules", "-v", "classic"]);
    assert!(text.contains("W+4"), "{text}");
    // Every option is described: type, meaning, where it comes from, the presets that differ.
    assert!(
        text.contains("  wd4_rule = \"bluff\"    [bluff / strict / last_resort]"),
        "{text}"
    );
    assert!(text.contains("from: official rules: bluff (2.8)"), "{text}");
    assert!(text.contains("presets: rlcard: \"last_resort\""), "{text}");
    assert!(
        text.contains("rlcard: RLCard 1.2.0's simplified rules"),
        "{text}"
    );

    let json = expect_ok(dir.path(), &["rules", "-v", "classic", "--json"]);
    let v: Value = serde_json::from_str(&json).expect("rules --json prints JSON");
    let cards = v["cards"].as_array().expect("cards array");
    assert_eq!(cards.len(), 54);
    assert_eq!(v["num_actions"], 82);
    assert_eq!(v["actions"].as_array().expect("actions").len(), 82);
    let copies: u64 = cards.iter().map(|c| c["copies"].as_u64().unwrap()).sum();
    assert_eq!(copies, 108);
    assert_eq!(v["deck_size"], 108);
    assert!(v["presets"]["rlcard"].is_object());
}

/// The parts of a replay log the tests compare against games.csv.
#[derive(Debug, PartialEq)]
struct ReplaySummary {
    /// `Some(seat)` or `None` ("winner none").
    winner: Option<u64>,
    ending: String,
    decisions: u64,
    turns: u64,
    /// (place, points) per seat.
    seats: Vec<(u64, i64)>,
}

fn parse_replay(text: &str) -> ReplaySummary {
    let mut decisions = 0;
    let mut turns = 0;
    let mut result = None;
    let mut seats = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') {
            // "#12   seat 0 Play (hand: ...) -> play R5"
            decisions += 1;
            let t: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(t[1], "seat", "decision line: {line}");
            if t[3] == "Play" {
                turns += 1;
            }
        } else if let Some(rest) = line.strip_prefix("result: ") {
            result = Some(rest.to_string());
        } else if let Some(rest) = line.trim_start().strip_prefix("seat ") {
            // "  seat 0: place 1, points 0" (after the result line)
            if result.is_some() {
                let (_, tail) = rest.split_once(": place ").expect("seat line");
                let (place, points) = tail.split_once(", points ").expect("seat line");
                seats.push((place.parse().unwrap(), points.parse().unwrap()));
            }
        }
    }
    let result = result.unwrap_or_else(|| panic!("no result: line in\n{text}"));
    // "OutOfCards, winner seat 1, hands 1"
    let parts: Vec<&str> = result.split(", ").collect();
    let winner = match parts[1].strip_prefix("winner ").expect("winner part") {
        "none" => None,
        w => Some(w.strip_prefix("seat ").unwrap().parse().unwrap()),
    };
    ReplaySummary {
        winner,
        ending: parts[0].to_string(),
        decisions,
        turns,
        seats,
    }
}

#[test]
fn replay_by_seed_and_index() {
    let dir = temp_dir("replay_seed");
    let text = expect_ok(
        dir.path(),
        &["replay", "--seed", "3", "--game-index", "7", "-p", "2"],
    );
    assert!(
        text.lines().any(|l| l.starts_with("result:")),
        "no result line:\n{text}"
    );
    let r = parse_replay(&text);
    assert_eq!(r.seats.len(), 2);
    assert!(r.decisions > 0);
    // Same command, same log.
    let again = expect_ok(
        dir.path(),
        &["replay", "--seed", "3", "--game-index", "7", "-p", "2"],
    );
    assert_eq!(text, again);
}

#[test]
fn replay_small_scenario() {
    let dir = temp_dir("replay_scenario");
    let f = dir.file("s.json", SMALL_SCENARIO);
    let text = expect_ok(dir.path(), &["replay", "--scenario", path_str(&f)]);
    assert!(text.contains("2 players"), "{text}");
    let r = parse_replay(&text);
    assert_eq!(r.seats.len(), 2);
    // The first decision is seat 0's, holding exactly the scenario's hand.
    let first = text
        .lines()
        .find(|l| l.starts_with('#'))
        .expect("a decision");
    assert!(first.contains("seat 0 Play"), "{first}");
    assert!(first.contains("hand: R5 G+2;"), "{first}");
    assert!(first.contains("top R3 red"), "{first}");
}

/// A scenario fixes the player count, so per-seat agents should be accepted without `-p`.
#[test]
fn replay_scenario_with_per_seat_agents() {
    let dir = temp_dir("replay_scenario_agents");
    let f = dir.file("s.json", SMALL_SCENARIO);
    let text = expect_ok(
        dir.path(),
        &["replay", "--scenario", path_str(&f), "-a", "first,random"],
    );
    assert!(text.contains("result:"), "{text}");
}

#[test]
fn help_succeeds() {
    let dir = temp_dir("help");
    let top = expect_ok(dir.path(), &["--help"]);
    for sub in ["simulate", "replay", "rules"] {
        assert!(top.contains(sub), "--help should list {sub}:\n{top}");
    }
    let sim = expect_ok(dir.path(), &["simulate", "--help"]);
    assert!(sim.contains("--games"), "{sim}");
    assert!(sim.contains("--seed"), "{sim}");
    expect_ok(dir.path(), &["replay", "--help"]);
    expect_ok(dir.path(), &["--version"]);
}

// ------------------------------------------------------------------------------------------
// Determinism.
// ------------------------------------------------------------------------------------------

fn simulate_stats(dir: &Path, name: &str, extra: &[&str]) -> Value {
    let out = dir.join(name);
    let mut args = vec!["simulate", "-o", path_str(&out), "--no-progress"];
    args.extend_from_slice(extra);
    expect_ok(dir, &args);
    let summary = read_json(&out.join("summary.json"));
    assert!(summary["run"].is_object(), "summary has a run section");
    summary["stats"].clone()
}

#[test]
fn stats_do_not_depend_on_thread_count() {
    let dir = temp_dir("determinism");
    let base = ["-n", "20000", "-p", "4", "--seed", "9"];
    let one = simulate_stats(dir.path(), "t1", &[&base[..], &["-t", "1"]].concat());
    let two = simulate_stats(dir.path(), "t2", &[&base[..], &["-t", "2"]].concat());
    assert_eq!(one["games"], 20000);
    assert_eq!(one, two, "stats differ between 1 and 2 threads");
    // A different chunk size (hidden flag) does not change them either.
    let chunked = simulate_stats(
        dir.path(),
        "chunk",
        &[&base[..], &["-t", "2", "--chunk", "777"]].concat(),
    );
    assert_eq!(one, chunked, "stats differ with another chunk size");
    // A different seed plays different games.
    let other = simulate_stats(
        dir.path(),
        "seed10",
        &["-n", "20000", "-p", "4", "--seed", "10", "-t", "2"],
    );
    assert_eq!(other["games"], 20000);
    assert_ne!(one, other, "seeds 9 and 10 gave identical stats");
}

/// The README's replay example replays the games.csv row it names: its simulate and replay
/// lines are run as written (the batch cut to 50 games: game i depends only on the seed and i).
#[test]
fn readme_replay_example_reproduces_its_row() {
    let dir = temp_dir("readme_replay");
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let args_of = |prefix: &str| -> Vec<String> {
        let line = readme
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("README has no line starting {prefix:?}"));
        let cmd = line.split('#').next().unwrap();
        cmd.split_whitespace().skip(1).map(String::from).collect()
    };
    let mut sim = args_of("uno simulate -a random,first,random,first");
    let replay = args_of("uno replay -a random,first,random,first");
    let n = sim.iter().position(|a| a == "-n").expect("-n") + 1;
    sim[n] = "50".into();
    let out = dir.path().join("batch");
    sim.extend(["-o".into(), path_str(&out).into(), "--no-progress".into()]);
    let sim: Vec<&str> = sim.iter().map(|s| s.as_str()).collect();
    expect_ok(dir.path(), &sim);
    let index: usize = replay[replay.iter().position(|a| a == "--game-index").unwrap() + 1]
        .parse()
        .unwrap();
    let mut rdr = csv::Reader::from_path(out.join("games.csv")).expect("games.csv");
    let header = rdr.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let row = rdr.records().nth(index).expect("the row").unwrap();
    let replay: Vec<&str> = replay.iter().map(|s| s.as_str()).collect();
    let r = parse_replay(&expect_ok(dir.path(), &replay));
    assert_eq!(r.winner, row[col("winner")].parse::<u64>().ok());
    assert_eq!(r.decisions, row[col("decisions")].parse::<u64>().unwrap());
    assert_eq!(r.turns, row[col("turns")].parse::<u64>().unwrap());
}

#[test]
fn replay_reproduces_csv_rows() {
    let dir = temp_dir("replay_matches_csv");
    let out = dir.path().join("run");
    expect_ok(
        dir.path(),
        &[
            "simulate",
            "-n",
            "12",
            "-p",
            "3",
            "--seed",
            "5",
            "-o",
            path_str(&out),
            "--csv",
            "--no-progress",
        ],
    );
    let mut rdr = csv::Reader::from_path(out.join("games.csv")).expect("open games.csv");
    let header = rdr.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = rdr.records().map(|r| r.unwrap()).collect();
    assert_eq!(rows.len(), 12);
    for k in [0usize, 7, 11] {
        let row = &rows[k];
        let text = expect_ok(
            dir.path(),
            &[
                "replay",
                "--seed",
                "5",
                "--game-index",
                &k.to_string(),
                "-p",
                "3",
            ],
        );
        let r = parse_replay(&text);
        let csv_winner = row[col("winner")].parse::<u64>().ok();
        assert_eq!(r.winner, csv_winner, "game {k}: winner");
        assert_eq!(r.ending, row[col("ending")], "game {k}: ending");
        assert_eq!(
            r.turns,
            row[col("turns")].parse::<u64>().unwrap(),
            "game {k}: turns"
        );
        assert_eq!(
            r.decisions,
            row[col("decisions")].parse::<u64>().unwrap(),
            "game {k}: decisions"
        );
        for (s, &(place, points)) in r.seats.iter().enumerate() {
            assert_eq!(
                place,
                row[col(&format!("place_{s}"))].parse::<u64>().unwrap(),
                "game {k} seat {s}: place"
            );
            assert_eq!(
                points,
                row[col(&format!("points_{s}"))].parse::<i64>().unwrap(),
                "game {k} seat {s}: points"
            );
        }
    }
}

#[test]
fn a_closed_output_pipe_ends_the_replay_quietly() {
    // `uno replay ... | head`: the reader goes away after the first line of a long log
    // (about 2 MB), and the command must end without a panic message.
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_uno"))
        .args(["replay", "-v", "hot-death", "-p", "8", "--show-legal"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the uno binary");
    let mut first = [0u8; 64];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The read end is closed here; the writer's next write fails.
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.status.success());
}

// ------------------------------------------------------------------------------------------
// Output folders and provenance.
// ------------------------------------------------------------------------------------------

#[test]
fn every_run_gets_its_own_default_folder() {
    let dir = temp_dir("default_folders");
    for _ in 0..3 {
        expect_ok(dir.path(), &["simulate", "-n", "5", "--no-progress"]);
    }
    for name in [
        "simulate-classic-4p-seed1",
        "simulate-classic-4p-seed1-2",
        "simulate-classic-4p-seed1-3",
    ] {
        assert!(
            dir.path()
                .join("out")
                .join(name)
                .join("summary.json")
                .is_file(),
            "{name}"
        );
    }
    // A folder a run left empty is not taken.
    std::fs::create_dir_all(dir.path().join("out/simulate-classic-2p-seed1")).unwrap();
    let out = expect_ok(
        dir.path(),
        &["simulate", "-p", "2", "-n", "5", "--no-progress"],
    );
    assert!(
        out.contains("out/simulate-classic-2p-seed1/summary.json"),
        "{out}"
    );
}

#[test]
fn an_out_folder_holding_a_run_is_refused_unless_forced() {
    let dir = temp_dir("out_force");
    let d = dir.path().join("run");
    let d = path_str(&d);
    expect_ok(
        dir.path(),
        &["simulate", "-n", "5", "-o", d, "--csv", "--no-progress"],
    );
    let err = expect_error_in(
        dir.path(),
        &["simulate", "-n", "7", "-o", d, "--no-progress"],
        &[
            "already holds a run's results (summary.json, games.csv)",
            "--force",
        ],
    );
    assert!(err.contains(d), "{err}");
    // Refused: the first run's files are untouched.
    let s: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("run/summary.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(s["stats"]["games"], 5);
    // Forced: replaced, and the first run's games.csv does not stay beside the new summary.
    expect_ok(
        dir.path(),
        &["simulate", "-n", "7", "-o", d, "--force", "--no-progress"],
    );
    let s: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("run/summary.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(s["stats"]["games"], 7);
    assert!(!dir.path().join("run/games.csv").exists());
    // Files that are not a run's results do not block a folder.
    let other = dir.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "mine").unwrap();
    expect_ok(
        dir.path(),
        &[
            "simulate",
            "-n",
            "5",
            "-o",
            path_str(&other),
            "--no-progress",
        ],
    );
    assert!(other.join("notes.txt").is_file());
    expect_error(
        "out_force_needs_out",
        &["simulate", "-n", "5", "--force"],
        &["--out"],
    );
}

#[test]
fn every_json_output_records_its_provenance() {
    let dir = temp_dir("provenance");
    let read = |p: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(dir.path().join(p)).unwrap()).unwrap()
    };
    let check = |v: &Value, command: &str, agents: &[&str]| {
        let p = &v["run"]["provenance"];
        assert_eq!(p["command"], command, "{p}");
        assert_eq!(p["version"], env!("CARGO_PKG_VERSION"));
        assert!(
            p["commit"].is_null() || p["commit"].as_str().unwrap().len() == 40,
            "{p}"
        );
        assert!(p["dirty"].is_boolean());
        assert_eq!(p["variant"], "classic");
        assert_eq!(p["players"], 2);
        // Every option, resolved: the preset's values and the --set override.
        assert_eq!(p["options"]["uno_call"], false, "{p}");
        assert_eq!(p["options"]["jump_in"], true, "{p}");
        assert_eq!(p["options"]["hand_size"], 7, "{p}");
        assert_eq!(p["agents"], serde_json::json!(agents));
        assert_eq!(p["seed"], 3);
        assert_eq!(p["threads"], 1);
    };
    let sim = [
        "simulate",
        "-p",
        "2",
        "-n",
        "5",
        "-s",
        "3",
        "-t",
        "1",
        "--preset",
        "rlcard",
        "--set",
        "jump_in=true",
        "-a",
        "random,first",
        "-o",
        "s",
        "--no-progress",
    ];
    expect_ok(dir.path(), &sim);
    check(
        &read("s/summary.json"),
        "uno simulate -p 2 -n 5 -s 3 -t 1 --preset rlcard --set jump_in=true -a random,first -o s --no-progress",
        &["random", "first"],
    );
    let tour = [
        "tournament",
        "-p",
        "2",
        "-n",
        "2",
        "-s",
        "3",
        "-t",
        "1",
        "--preset",
        "rlcard",
        "--set",
        "jump_in=true",
        "-a",
        "random,first",
        "-o",
        "t",
        "--no-progress",
    ];
    expect_ok(dir.path(), &tour);
    check(
        &read("t/tournament.json"),
        "uno tournament -p 2 -n 2 -s 3 -t 1 --preset rlcard --set jump_in=true -a random,first -o t --no-progress",
        &["random", "first"],
    );
    let bal = [
        "balance",
        "-p",
        "2",
        "-n",
        "4",
        "-s",
        "3",
        "-t",
        "1",
        "--preset",
        "rlcard",
        "--set",
        "jump_in=true",
        "-a",
        "random",
        "--precision",
        "0",
        "-o",
        "b",
        "--no-progress",
    ];
    expect_ok(dir.path(), &bal);
    check(
        &read("b/report.json"),
        "uno balance -p 2 -n 4 -s 3 -t 1 --preset rlcard --set jump_in=true -a random --precision 0 -o b --no-progress",
        &["random", "random"],
    );
}
