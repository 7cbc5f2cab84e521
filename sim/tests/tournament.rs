//! `uno tournament`: seatings are balanced, deals are shared across seatings (common random
//! numbers), results do not depend on threads or chunking, files are written and parse, bad input
//! fails cleanly, and the Bradley–Terry fit matches known solutions.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use uno_agents::{AgentSpec, AnyAgent};
use uno_engine::classic::{ClassicOptions, ClassicState};
use uno_engine::{game_seed, stream_seed};
use uno_sim::rating::{self, ELO_PER_NAT};
use uno_sim::runner::{play_game, run_batch, Batch, ENGINE_STREAM};
use uno_sim::tournament::{
    parse_entrants, play_deal, run, AgentPool, Entrant, Plan, Schedule, Seating, TournamentStats,
};

// ------------------------------------------------------------------------------------------
// Helpers
// ------------------------------------------------------------------------------------------

mod common;
use common::{expect_ok, uno_in};

/// A scratch folder for one test of this suite.
fn temp_dir(test: &str) -> common::TempDir {
    common::TempDir::named("tour", test)
}

/// A clean failure: exit code 2, no panic, every needle in stderr.
fn expect_error(test: &str, args: &[&str], needles: &[&str]) {
    let dir = temp_dir(test);
    let o = uno_in(dir.path(), args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        o.status.code(),
        Some(2),
        "uno {args:?}: expected exit code 2, got {:?}\n{err}",
        o.status
    );
    assert!(!err.contains("panicked"), "uno {args:?} panicked:\n{err}");
    for n in needles {
        assert!(
            err.contains(n),
            "uno {args:?}: stderr should mention {n:?}, got:\n{err}"
        );
    }
    assert!(
        !dir.path().join("out").exists(),
        "uno {args:?} wrote output despite failing"
    );
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&read(p)).unwrap_or_else(|e| panic!("{} is not JSON: {e}", p.display()))
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 temp path")
}

/// Runs a tournament through the binary into `dir/name` and returns the folder.
fn tournament_into(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let out = dir.join(name);
    let mut a = vec!["tournament", "--no-progress", "-o", path_str(&out)];
    a.extend_from_slice(args);
    expect_ok(dir, &a);
    out
}

fn agent<'a>(json: &'a Value, label: &str) -> &'a Value {
    json["results"]["agents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["agent"] == label)
        .unwrap_or_else(|| panic!("agent {label} missing"))
}

fn pair<'a>(json: &'a Value, a: &str, b: &str) -> &'a Value {
    json["results"]["head_to_head"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["agent"] == a && p["opponent"] == b)
        .unwrap_or_else(|| panic!("pair {a} {b} missing"))
}

fn classic_new_game(players: usize) -> impl Fn(u64) -> ClassicState + Sync {
    let opts = ClassicOptions::default();
    move |seed| ClassicState::deal(opts, players, seed)
}

fn entrants(text: &str) -> Vec<Entrant> {
    parse_entrants(text).expect("valid agents")
}

// ------------------------------------------------------------------------------------------
// Seatings
// ------------------------------------------------------------------------------------------

#[test]
fn every_agent_sits_in_every_seat_equally_often() {
    for k in 2..=6 {
        for n in 2..=6 {
            for seating in [Seating::Auto, Seating::Rotate, Seating::Permute] {
                let plan = Plan::new(k, n, seating).unwrap();
                assert_ne!(plan.seating, Seating::Auto);
                for arr in &plan.arrangements {
                    assert_eq!(arr.len(), n);
                    assert!(arr.iter().all(|&a| a < k));
                }
                // no seating is played twice on a deal (it would replay the same game)
                let mut sorted = plan.arrangements.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted.len(), plan.arrangements.len(), "k={k} n={n}");
                for a in 0..k {
                    let c0 = plan.seat_count(a, 0);
                    assert!(c0 > 0, "agent {a} never plays (k={k} n={n} {seating:?})");
                    for s in 1..n {
                        assert_eq!(
                            plan.seat_count(a, s),
                            c0,
                            "agent {a} seat {s} (k={k} n={n} {seating:?})"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn seating_schemes_have_the_documented_sizes() {
    // k = n: n! permutations under permute (auto up to 4 players), n rotations otherwise.
    assert_eq!(Plan::new(4, 4, Seating::Auto).unwrap().games_per_deal(), 24);
    assert_eq!(
        Plan::new(4, 4, Seating::Auto).unwrap().seating,
        Seating::Permute
    );
    assert_eq!(Plan::new(5, 5, Seating::Auto).unwrap().games_per_deal(), 5);
    assert_eq!(
        Plan::new(5, 5, Seating::Auto).unwrap().seating,
        Seating::Rotate
    );
    assert_eq!(
        Plan::new(4, 4, Seating::Rotate).unwrap().games_per_deal(),
        4
    );
    // k < n: the list repeated cyclically; 2 agents at 4 seats: ABAB has 6 distinct orders and
    // 2 distinct rotations.
    let p = Plan::new(2, 4, Seating::Permute).unwrap();
    assert_eq!(p.games_per_deal(), 6);
    assert_eq!(
        Plan::new(2, 4, Seating::Rotate).unwrap().games_per_deal(),
        2
    );
    for arr in &p.arrangements {
        assert_eq!(arr.iter().filter(|&&a| a == 0).count(), 2);
    }
    // 3 agents at 4 seats: ABCA, the first agent holds two seats of every game.
    let p = Plan::new(3, 4, Seating::Auto).unwrap();
    assert_eq!(p.games_per_deal(), 12);
    assert_eq!(p.seat_count(0, 0), 6);
    assert_eq!(p.seat_count(1, 0), 3);
    // k > n: every combination; 4 agents at 2 seats: 6 pairs × 2 orders.
    let p = Plan::new(4, 2, Seating::Auto).unwrap();
    assert_eq!(p.games_per_deal(), 12);
    let p = Plan::new(5, 3, Seating::Rotate).unwrap();
    assert_eq!(p.games_per_deal(), 10 * 3);
    // Too many games per deal, bad sizes.
    let e = Plan::new(10, 10, Seating::Permute).unwrap_err();
    assert!(e.contains("games per deal") && e.contains("rotate"), "{e}");
    assert!(Plan::new(1, 2, Seating::Auto).is_err());
    assert!(Plan::new(2, 1, Seating::Auto).is_err());
    assert!(Plan::new(2, 11, Seating::Auto).is_err());
}

#[test]
fn seat_games_are_balanced_in_the_output() {
    let dir = temp_dir("balanced");
    let out = tournament_into(
        dir.path(),
        "t",
        &[
            "--agents",
            "random,first,heuristic",
            "-p",
            "4",
            "-n",
            "40",
            "--seed",
            "3",
        ],
    );
    let j = read_json(&out.join("tournament.json"));
    let r = &j["results"];
    assert_eq!(r["aborted"], 0);
    assert_eq!(r["games"], 40 * 12);
    for a in r["agents"].as_array().unwrap() {
        let sg: Vec<u64> = a["seat_games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert!(sg.iter().all(|&g| g == sg[0]), "{a}");
        assert_eq!(sg.iter().sum::<u64>(), a["games"].as_u64().unwrap());
    }
    // random holds two seats of each game (ABCA), the others one.
    assert_eq!(agent(&j, "random")["games"], 40 * 12 * 2);
    assert_eq!(agent(&j, "first")["games"], 40 * 12);
}

// ------------------------------------------------------------------------------------------
// Common random numbers
// ------------------------------------------------------------------------------------------

#[test]
fn every_seating_replays_the_same_deal() {
    // Two copies of the deterministic `first` agent: every seating of a deal must then be the
    // very same game, seat for seat. And each seating's game is exactly the game the batch runner
    // plays for the same seed and index with those agents in those seats.
    let plan = Plan::new(2, 3, Seating::Permute).unwrap();
    let new_game = classic_new_game(3);
    let make = |_: usize| AgentSpec::First.instantiate::<ClassicState>();
    let mut pool = AgentPool::new(2, &make);
    let stop = AtomicBool::new(false);
    for deal in 0..20u64 {
        let recs = play_deal(&plan, 9, deal, &new_game, &mut pool, None).unwrap();
        assert_eq!(recs.len(), plan.games_per_deal());
        for r in &recs {
            assert_eq!(r.seed, game_seed(9, deal));
            assert_eq!(r.index, deal);
            assert_eq!(r.outcome, recs[0].outcome);
            assert_eq!(r.counters, recs[0].counters);
        }
    }
    // Random vs first: each seating's record equals the batch runner's game `deal` with the same
    // seating (so the tournament's deal i is `uno simulate`'s game i).
    let specs = [AgentSpec::Random, AgentSpec::First];
    let make = |i: usize| specs[i].instantiate::<ClassicState>();
    let mut pool = AgentPool::new(2, &make);
    let plan = Plan::new(2, 2, Seating::Permute).unwrap();
    let new_game = classic_new_game(2);
    let games = 30u64;
    let per_deal: Vec<_> = (0..games)
        .map(|d| play_deal(&plan, 5, d, &new_game, &mut pool, Some(&stop)).unwrap())
        .collect();
    for (g, arr) in plan.arrangements.iter().enumerate() {
        let seat_specs: Vec<AgentSpec> = arr.iter().map(|&a| specs[a].clone()).collect();
        let batch = Batch {
            games,
            master_seed: 5,
            agents: &seat_specs,
            new_game: &new_game,
            chunk: 7,
            keep_records: true,
        };
        let mut seen = 0u64;
        run_batch(&batch, &stop, |_, recs| {
            for r in recs {
                let t = &per_deal[r.index as usize][g];
                assert_eq!(t.outcome, r.outcome, "deal {} seating {g}", r.index);
                assert_eq!(t.counters, r.counters);
                seen += 1;
            }
        });
        assert_eq!(seen, games);
        // and directly through play_game
        let seed = game_seed(5, 3);
        let mut agents: Vec<AnyAgent<ClassicState>> =
            seat_specs.iter().map(|s| s.instantiate()).collect();
        let r = play_game(
            new_game(stream_seed(seed, ENGINE_STREAM)),
            &mut agents,
            seed,
            3,
        );
        assert_eq!(r.outcome, per_deal[3][g].outcome);
    }
}

#[test]
fn identical_copies_get_identical_results() {
    // With common random numbers, two copies of one agent (its randomness comes from the seat's
    // stream) play exactly mirrored games under `permute`: their statistics coincide and their
    // head-to-head is exactly one half. Independent deals per seating would make them differ.
    let dir = temp_dir("copies");
    let out = tournament_into(
        dir.path(),
        "t",
        &[
            "--agents",
            "a@random,b@random,first",
            "-p",
            "3",
            "-n",
            "200",
            "--seating",
            "permute",
        ],
    );
    let j = read_json(&out.join("tournament.json"));
    let (a, b) = (agent(&j, "a"), agent(&j, "b"));
    for key in ["games", "wins", "mean_placing", "mean_points", "seat_wins"] {
        assert_eq!(a[key], b[key], "{key}");
    }
    let ab = pair(&j, "a", "b");
    assert_eq!(
        ab["better"].as_u64().unwrap() * 2,
        ab["comparisons"].as_u64().unwrap()
    );
    assert_eq!(
        pair(&j, "first", "a")["better"],
        pair(&j, "first", "b")["better"]
    );
    let (ra, rb) = (a["rating"].as_f64().unwrap(), b["rating"].as_f64().unwrap());
    assert!((ra - rb).abs() < 1e-6, "{ra} {rb}");
    // the seat effect is real (seat win rates differ) even though a and b are level
    let seats = j["results"]["seats"].as_array().unwrap();
    assert_ne!(seats[0]["wins"], seats[1]["wins"]);

    // Two copies of `first` in a 2-player match: every deal's two games are identical.
    let out = tournament_into(
        dir.path(),
        "u",
        &["--agents", "x@first,y@first", "-p", "2", "-n", "300"],
    );
    let j = read_json(&out.join("tournament.json"));
    assert_eq!(agent(&j, "x")["wins"], agent(&j, "y")["wins"]);
    assert_eq!(agent(&j, "x")["rating"].as_f64().unwrap(), 0.0);
    assert_eq!(pair(&j, "x", "y")["share"].as_f64().unwrap(), 0.5);
}

// ------------------------------------------------------------------------------------------
// Determinism and interrupts
// ------------------------------------------------------------------------------------------

#[test]
fn results_do_not_depend_on_threads_or_chunks() {
    let dir = temp_dir("threads");
    let args = [
        "--agents",
        "random,first,heuristic",
        "-p",
        "3",
        "-n",
        "150",
        "--seed",
        "11",
    ];
    let mut outs = Vec::new();
    for (name, extra) in [
        ("t1", vec!["--threads", "1"]),
        ("t2", vec!["--threads", "2"]),
        ("t2c", vec!["--threads", "2", "--chunk", "7"]),
        ("t3c", vec!["--threads", "3", "--chunk", "1"]),
    ] {
        let mut a: Vec<&str> = args.to_vec();
        a.extend(extra);
        outs.push(tournament_into(dir.path(), name, &a));
    }
    let base = &outs[0];
    let bj = read_json(&base.join("tournament.json"));
    for o in &outs[1..] {
        let j = read_json(&o.join("tournament.json"));
        assert_eq!(j["results"], bj["results"], "{}", o.display());
        assert_eq!(j["config"], bj["config"]);
        for f in ["agents.csv", "head_to_head.csv", "tournament.md"] {
            assert_eq!(read(&o.join(f)), read(&base.join(f)), "{f}");
        }
    }
}

#[test]
fn library_run_matches_across_thread_counts_and_keeps_a_prefix_when_stopped() {
    let ents = entrants("random,first,heuristic");
    let plan = Plan::new(3, 4, Seating::Auto).unwrap();
    let new_game = classic_new_game(4);
    let make = |i: usize| ents[i].spec.instantiate::<ClassicState>();
    let go = |threads: usize, deals: u64, chunk: u64, stop_after: Option<u64>| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let stop = AtomicBool::new(false);
        let finished = AtomicU64::new(0);
        let s = Schedule {
            plan: &plan,
            deals,
            seed: 2,
            new_game: &new_game,
            chunk,
        };
        pool.install(|| {
            run(&s, &make, &stop, &|_| {
                let f = finished.fetch_add(1, Ordering::SeqCst) + 1;
                if stop_after.is_some_and(|x| f >= x) {
                    stop.store(true, Ordering::SeqCst);
                }
            })
        })
    };
    let a = go(1, 60, 1000, None);
    let b = go(2, 60, 9, None);
    assert!(!a.interrupted && a.deals_run == 60);
    assert_eq!(a.stats, b.stats);
    assert_eq!(a.stats.report(&ents), b.stats.report(&ents));
    // Stopped part-way: what is kept is exactly the first `deals_run` deals.
    let c = go(2, 60, 16, Some(20));
    assert!(c.interrupted, "should stop early");
    assert!(c.deals_run >= 1 && c.deals_run < 60, "{}", c.deals_run);
    let d = go(1, c.deals_run, 1000, None);
    assert_eq!(c.stats, d.stats);
    assert_eq!(c.stats.deals, c.deals_run);
}

// ------------------------------------------------------------------------------------------
// Output
// ------------------------------------------------------------------------------------------

#[test]
fn first_beats_random_and_files_parse() {
    let dir = temp_dir("files");
    let stdout = expect_ok(
        dir.path(),
        &[
            "tournament",
            "--agents",
            "random,first",
            "-p",
            "2",
            "-n",
            "500",
            "--no-progress",
        ],
    );
    let out = dir.path().join("out/tournament-classic-2p-seed1");
    for f in [
        "tournament.json",
        "agents.csv",
        "head_to_head.csv",
        "tournament.md",
    ] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    // no temporary files left behind
    for e in std::fs::read_dir(&out).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(!name.contains("partial"), "{name}");
    }
    let j = read_json(&out.join("tournament.json"));
    assert_eq!(j["config"]["players"], 2);
    assert_eq!(j["config"]["deals_requested"], 500);
    assert_eq!(j["config"]["seating"], "permute");
    assert_eq!(j["config"]["games_per_deal"], 2);
    assert_eq!(j["run"]["interrupted"], false);
    let r = &j["results"];
    assert_eq!(r["deals"], 500);
    assert_eq!(r["games"], 1000);
    assert_eq!(
        r["completed"].as_u64().unwrap() + r["truncated"].as_u64().unwrap(),
        1000
    );
    let first = agent(&j, "first");
    let random = agent(&j, "random");
    assert_eq!(first["rank"], 1);
    assert_eq!(random["rank"], 2);
    assert!(first["win_rate"].as_f64().unwrap() > 0.9);
    let (fr, rr) = (
        first["rating"].as_f64().unwrap(),
        random["rating"].as_f64().unwrap(),
    );
    assert!(fr > 200.0 && (fr + rr).abs() < 1e-9, "{fr} {rr}");
    let se = first["rating_se"].as_f64().unwrap();
    assert!(se > 0.0 && se < 100.0);
    assert!(first["rating_se_robust"].as_f64().unwrap() > 0.0);
    let (lo, hi) = (
        first["win_rate_ci95"][0].as_f64().unwrap(),
        first["win_rate_ci95"][1].as_f64().unwrap(),
    );
    let wr = first["win_rate"].as_f64().unwrap();
    assert!(lo < wr && wr < hi);
    // wins of the two agents add up to the finished games (2 players, one winner each)
    assert_eq!(
        first["wins"].as_u64().unwrap() + random["wins"].as_u64().unwrap(),
        r["completed"].as_u64().unwrap()
    );
    // mean placing of 2 players sums to 3
    let mp = first["mean_placing"].as_f64().unwrap() + random["mean_placing"].as_f64().unwrap();
    assert!((mp - 3.0).abs() < 1e-9);
    let finished = r["completed"].as_u64().unwrap() + r["truncated"].as_u64().unwrap();
    let fr_pair = pair(&j, "first", "random");
    assert_eq!(fr_pair["comparisons"], finished);
    // placing first in a 2-player game: every win, plus any truncated game led on points
    let better = fr_pair["better"].as_u64().unwrap();
    assert!(better >= first["wins"].as_u64().unwrap());
    assert_eq!(
        better + pair(&j, "random", "first")["better"].as_u64().unwrap(),
        finished
    );
    // seats: 2 rows, wins sum to completed games
    let seats = r["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);

    // agents.csv: header + one row per agent, best first
    let mut rd = csv::Reader::from_path(out.join("agents.csv")).unwrap();
    let hdr = rd.headers().unwrap().clone();
    let rows: Vec<csv::StringRecord> = rd.records().map(|r| r.unwrap()).collect();
    assert_eq!(rows.len(), 2);
    let col = |name: &str| hdr.iter().position(|h| h == name).unwrap();
    assert_eq!(&rows[0][col("agent")], "first");
    assert_eq!(&rows[0][col("rank")], "1");
    assert!(rows[0][col("rating")].parse::<f64>().unwrap() > 200.0);
    assert!(hdr.iter().any(|h| h == "win_rate_seat1"));
    // head_to_head.csv: one row per ordered pair
    let mut rd = csv::Reader::from_path(out.join("head_to_head.csv")).unwrap();
    assert_eq!(rd.records().count(), 2);
    // tournament.md and stdout carry the ranking table
    let md = read(&out.join("tournament.md"));
    for text in [&md, &stdout] {
        assert!(text.contains("| rank | agent | rating ± s.e. |"), "{text}");
        assert!(text.contains("| 1 | first |"), "{text}");
        assert!(text.contains("## Head to head"));
    }
    assert!(stdout.contains("written:"));
}

#[test]
fn more_agents_than_seats_plays_every_pair() {
    let dir = temp_dir("pairs");
    let out = tournament_into(
        dir.path(),
        "t",
        &["--agents", "random,first,heuristic", "-p", "2", "-n", "100"],
    );
    let j = read_json(&out.join("tournament.json"));
    assert_eq!(j["config"]["games_per_deal"], 6);
    for a in j["results"]["agents"].as_array().unwrap() {
        assert_eq!(a["games"], 100 * 4, "{}", a["agent"]);
    }
    for p in j["results"]["head_to_head"].as_array().unwrap() {
        assert_eq!(p["comparisons"], 200, "{p}");
    }
}

#[test]
fn no_write_writes_nothing() {
    let dir = temp_dir("nowrite");
    let stdout = expect_ok(
        dir.path(),
        &[
            "tournament",
            "-a",
            "random,first",
            "-p",
            "3",
            "-n",
            "20",
            "--no-write",
            "--no-progress",
        ],
    );
    assert!(stdout.contains("| rank | agent |"));
    assert!(!dir.path().join("out").exists());
}

// ------------------------------------------------------------------------------------------
// Bad input
// ------------------------------------------------------------------------------------------

#[test]
fn bad_inputs_fail_cleanly() {
    let t = |name: &str, extra: &[&str], needles: &[&str]| {
        let mut a = vec!["tournament", "--no-progress"];
        a.extend_from_slice(extra);
        expect_error(name, &a, needles);
    };
    t("one_agent", &["-a", "random"], &["at least 2 agents"]);
    t("dup", &["-a", "random,first,random"], &["random", "twice"]);
    t(
        "unknown",
        &["-a", "random,alphazero"],
        &["unknown agent", "alphazero"],
    );
    t("empty", &["-a", "random,"], &["empty agent spec"]);
    t("empty_label", &["-a", "random,@first"], &["empty label"]);
    t("bad_param", &["-a", "random:x=1,first"], &["random"]);
    t(
        "zero_games",
        &["-a", "random,first", "-n", "0"],
        &["--games"],
    );
    t(
        "one_player",
        &["-a", "random,first", "-p", "1"],
        &["players", "1"],
    );
    t(
        "eleven",
        &["-a", "random,first", "-p", "11"],
        &["players", "11"],
    );
    t(
        "threads",
        &["-a", "random,first", "-t", "0"],
        &["--threads"],
    );
    t(
        "variant",
        &["-a", "random,first", "-v", "hotdog"],
        &["hotdog"],
    );
    t(
        "option",
        &["-a", "random,first", "--set", "nope=1"],
        &["nope"],
    );
    t(
        "too_many",
        &[
            "-a",
            "a@random,b@random,c@random,d@random,e@random,f@random,g@random,h@random",
            "-p",
            "8",
            "--seating",
            "permute",
        ],
        &["games per deal", "rotate"],
    );
    t(
        "seating",
        &["-a", "random,first", "--seating", "shuffle"],
        &["shuffle"],
    );
    t("no_agents", &[], &["--agents"]);
}

#[test]
fn agent_list_parsing() {
    let e = entrants("random, first ,a@random");
    let labels: Vec<&str> = e.iter().map(|x| x.label.as_str()).collect();
    assert_eq!(labels, ["random", "first", "a"]);
    assert_eq!(e[2].spec, AgentSpec::Random);
    // parameters of a spec are comma-separated too
    let e = entrants("heuristic,mcts:iterations=50,c=0.5,first");
    assert_eq!(e.len(), 3);
    assert_eq!(
        e[1].spec,
        AgentSpec::parse("mcts:iterations=50,c=0.5").unwrap()
    );
    assert_eq!(e[2].spec, AgentSpec::First);
    let e = entrants("cheap@mcts:iterations=10,deep@mcts:iterations=40");
    assert_eq!(e[0].label, "cheap");
    assert_eq!(e[1].spec, AgentSpec::parse("mcts:iterations=40").unwrap());
    assert!(parse_entrants("first,first")
        .unwrap_err()
        .contains("a@first,b@first"));
}

// ------------------------------------------------------------------------------------------
// Bradley–Terry
// ------------------------------------------------------------------------------------------

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn bradley_terry_two_agents_matches_the_binomial() {
    // A beats B in 75 of 100 comparisons: odds 3, θ_A − θ_B = ln 3, 400·log10 3 ≈ 190.85 Elo;
    // var(θ_A − θ_B) = 1 / (n p (1−p)) = 1 / 18.75.
    let f = rating::fit(2, &[0.0, 75.0, 25.0, 0.0]).unwrap();
    assert!(f.converged && !f.regularized);
    assert!(close(f.elo(0) - f.elo(1), 190.848_501_887_865, 1e-9));
    assert!(close(f.elo(0), 95.424_250_943_932, 1e-9), "mean anchored");
    assert!(close(f.elo(0) + f.elo(1), 0.0, 1e-12));
    let se_diff = ELO_PER_NAT / 18.75f64.sqrt();
    assert!(close(se_diff, 40.119, 1e-3));
    assert!(close(f.elo_diff_se(0, 1), se_diff, 1e-9));
    assert!(close(f.elo_se(0), se_diff / 2.0, 1e-9));
    assert!(close(f.p_beats(0, 1), 0.75, 1e-12));
}

#[test]
fn bradley_terry_three_agents_exact_fit() {
    // Strengths 4 : 2 : 1. Counts chosen so that every pair's share equals the model's:
    // A–B 20/30 (= 4/6), A–C 40/50 (= 4/5), B–C 20/30 (= 2/3). The MLE is then π ∝ (4, 2, 1):
    // θ = (ln 2, 0, −ln 2) after centring, i.e. ±400·log10 2 ≈ ±120.41 Elo.
    let w = [0.0, 20.0, 40.0, 10.0, 0.0, 20.0, 10.0, 10.0, 0.0];
    let f = rating::fit(3, &w).unwrap();
    let e = 400.0 * 2f64.log10();
    assert!(close(f.elo(0), e, 1e-8), "{}", f.elo(0));
    assert!(close(f.elo(1), 0.0, 1e-8));
    assert!(close(f.elo(2), -e, 1e-8));
    // The covariance is the pseudo-inverse of the information: I·C·I = I and C·1 = 0.
    let (i, c) = (&f.info, &f.cov);
    let mul = |x: &[f64], y: &[f64]| -> Vec<f64> {
        (0..9)
            .map(|ij| (0..3).map(|m| x[ij / 3 * 3 + m] * y[m * 3 + ij % 3]).sum())
            .collect()
    };
    let ici = mul(&mul(i, c), i);
    for (a, b) in ici.iter().zip(i) {
        assert!(close(*a, *b, 1e-9));
    }
    for r in 0..3 {
        assert!(close(c[r * 3] + c[r * 3 + 1] + c[r * 3 + 2], 0.0, 1e-12));
    }
}

#[test]
fn bradley_terry_three_agents_matches_reference() {
    // Counts that the model does not fit exactly. Reference: 200,000 MM iterations (Hunter 2004)
    // and standard errors from the 2×2 information with θ_C fixed at 0, re-centred to mean 0
    // (an independent route to the same covariance), computed in Python.
    let w = [0.0, 12.0, 30.0, 8.0, 0.0, 17.0, 10.0, 13.0, 0.0];
    let f = rating::fit(3, &w).unwrap();
    let elo = [91.365_133_888_965, -11.837_227_658_215, -79.527_906_230_750];
    let se = [33.106_036_546_384, 33.936_561_172_769, 29.772_701_955_222];
    for a in 0..3 {
        assert!(close(f.elo(a), elo[a], 1e-6), "{a}: {}", f.elo(a));
        assert!(close(f.elo_se(a), se[a], 1e-6), "{a}: {}", f.elo_se(a));
    }
    assert!(close(f.elo_diff_se(0, 1), 60.074_835_816_444, 1e-6));
    assert!(close(f.elo_diff_se(0, 2), 53.039_199_568_026, 1e-6));
    // The MLE equations: each agent's wins equal their expectation.
    for a in 0..3 {
        let won: f64 = (0..3).map(|b| w[a * 3 + b]).sum();
        let exp: f64 = (0..3)
            .filter(|&b| b != a)
            .map(|b| (w[a * 3 + b] + w[b * 3 + a]) * f.p_beats(a, b))
            .sum();
        assert!(close(won, exp, 1e-8));
    }
}

/// Hunter's MM iteration, written out independently of the crate's Newton solver.
fn mm_fit(k: usize, w: &[f64]) -> Vec<f64> {
    let mut pi = vec![1.0; k];
    for _ in 0..100_000 {
        let mut next: Vec<f64> = (0..k)
            .map(|i| {
                let won: f64 = (0..k).filter(|&j| j != i).map(|j| w[i * k + j]).sum();
                let d: f64 = (0..k)
                    .filter(|&j| j != i)
                    .map(|j| (w[i * k + j] + w[j * k + i]) / (pi[i] + pi[j]))
                    .sum();
                won / d
            })
            .collect();
        let g = (next.iter().map(|x: &f64| x.ln()).sum::<f64>() / k as f64).exp();
        next.iter_mut().for_each(|x| *x /= g);
        pi = next;
    }
    pi.iter().map(|x| x.ln() * ELO_PER_NAT).collect()
}

#[test]
fn bradley_terry_agrees_with_mm_on_a_tournament() {
    // The ratings of a real 4-agent tournament equal the MM fixed point of its comparison counts.
    let ents = entrants("random,first,heuristic,b@random");
    let plan = Plan::new(4, 3, Seating::Auto).unwrap();
    let new_game = classic_new_game(3);
    let make = |i: usize| ents[i].spec.instantiate::<ClassicState>();
    let s = Schedule {
        plan: &plan,
        deals: 80,
        seed: 4,
        new_game: &new_game,
        chunk: 32,
    };
    let res = run(&s, &make, &AtomicBool::new(false), &|_| {});
    let st: &TournamentStats = &res.stats;
    let w: Vec<f64> = st.better.iter().map(|&x| x as f64).collect();
    let f = st.fit().unwrap();
    let mm = mm_fit(4, &w);
    let rep = st.report(&ents);
    for (a, &m) in mm.iter().enumerate() {
        assert!(close(f.elo(a), m, 1e-6), "{a}: {} vs {m}", f.elo(a));
        assert!(close(rep.agents[a].rating.unwrap(), m, 1e-6));
    }
}

#[test]
fn robust_covariance_reduces_to_fisher_for_independent_comparisons() {
    // Each comparison its own cluster (one comparison per deal: cross[(ab),(ab)] = w_ab, all else
    // 0) and counts the model fits exactly (4 : 2 : 1 as above): then Σ_c g_c g_cᵀ equals the
    // information, and the sandwich equals the Fisher covariance.
    let w = [0.0, 20.0, 40.0, 10.0, 0.0, 20.0, 10.0, 10.0, 0.0];
    let f = rating::fit(3, &w).unwrap();
    let mut cross = vec![0u64; 81];
    for x in 0..9 {
        cross[x * 9 + x] = w[x] as u64;
    }
    let v = rating::robust_cov(&f, &cross);
    for (a, b) in v.iter().zip(&f.cov) {
        assert!(close(*a, *b, 1e-10), "{a} {b}");
    }
    // The same comparisons grouped in pairs of identical outcomes (every deal holds two
    // identical comparisons): the counts double, the Fisher variance halves, but the clustered
    // variance stays where it was, because the duplicates carry no new information.
    let w2: Vec<f64> = w.iter().map(|x| x * 2.0).collect();
    let f2 = rating::fit(3, &w2).unwrap();
    let cross2: Vec<u64> = cross.iter().map(|x| x * 4).collect();
    let v2 = rating::robust_cov(&f2, &cross2);
    for ((a, b), c) in v2.iter().zip(&f2.cov).zip(&v) {
        assert!(close(*a, 2.0 * b, 1e-10), "{a} {b}");
        assert!(close(*a, *c, 1e-10), "{a} {c}");
    }
    // Two agents: the fit is always exact, so the two agree for any counts.
    let f = rating::fit(2, &[0.0, 75.0, 25.0, 0.0]).unwrap();
    // cross is indexed by ordered pairs (0,0),(0,1),(1,0),(1,1): w_01 and w_10 on its diagonal
    let mut cross = vec![0u64; 16];
    cross[5] = 75;
    cross[10] = 25;
    let v_ok = rating::robust_cov(&f, &cross);
    for (a, b) in v_ok.iter().zip(&f.cov) {
        assert!(close(*a, *b, 1e-12), "{a} {b}");
    }
}

#[test]
fn bradley_terry_degenerate_cases() {
    // Unbeaten agent: regularised with one virtual half-won comparison per pair, flagged.
    let f = rating::fit(2, &[0.0, 10.0, 0.0, 0.0]).unwrap();
    assert!(f.regularized);
    assert!(close(f.elo(0) - f.elo(1), 400.0 * 21f64.log10(), 1e-8));
    // No comparisons at all, or an agent never compared: no rating.
    assert!(rating::fit(2, &[0.0; 4]).is_none());
    assert!(rating::fit(3, &[0.0, 3.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0]).is_none());
    // Mirror-image counts: exactly level.
    let f = rating::fit(3, &[0.0, 5.0, 7.0, 5.0, 0.0, 2.0, 7.0, 2.0, 0.0]).unwrap();
    for a in 0..3 {
        assert!(close(f.elo(a), 0.0, 1e-12));
    }
}
