//! Sharded runs (`--shard K/N`, `--shard-from-env`) and `uno merge`: the merged outputs are
//! the single run's, byte for byte apart from the timing fields, for every subcommand, for 1, 2,
//! 3 and 7 shards, and for every variant; merging is order-independent and idempotent; a re-run
//! shard writes the same partial result; bad input is a clear error (`docs/cluster.md`).

mod common;

use common::{expect_ok, stderr, uno_in, TempDir};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The lines that hold timings (seconds, rates) are the only ones allowed to differ.
fn masked(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let timing = ["\"elapsed_seconds\"", "\"games_per_second\"", "\"seconds\""]
            .iter()
            .any(|k| line.contains(k))
            || line.contains("games/s");
        out.push_str(if timing { "<timing>\n" } else { line });
    }
    out
}

/// The result files of a run folder (not the shard folders), sorted.
fn result_files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Asserts that `merged` holds exactly the files of `single`, equal apart from timing lines
/// (which must be the only lines masked away: at most a handful per file).
fn assert_same_outputs(single: &Path, merged: &Path, what: &str) {
    let files = result_files(single);
    assert!(
        !files.is_empty(),
        "{what}: no outputs in {}",
        single.display()
    );
    assert_eq!(files, result_files(merged), "{what}: the files differ");
    for f in &files {
        let a = std::fs::read(single.join(f)).unwrap();
        let b = std::fs::read(merged.join(f)).unwrap();
        let (ma, mb) = (masked(&a), masked(&b));
        assert!(
            ma == mb,
            "{what}: {f} differs beyond timing:\n{}",
            first_diff(&ma, &mb)
        );
        assert!(
            ma.matches("<timing>").count() <= 4,
            "{what}: {f} masks too much"
        );
        if f.ends_with(".csv") || f.ends_with(".svg") {
            assert_eq!(a, b, "{what}: {f} is not byte-identical");
        }
    }
}

fn first_diff(a: &str, b: &str) -> String {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}: {x}\n    vs: {y}", i + 1);
        }
    }
    format!("{} vs {} lines", a.lines().count(), b.lines().count())
}

/// Runs `args` once in `root/single`, then as `n` shards plus `uno merge out` in
/// `root/shards-n` (both with `-o out`, so the command lines agree), and compares the outputs.
fn check_sharded(root: &Path, args: &[&str], shards: &[u64], what: &str) {
    let single = root.join("single");
    std::fs::create_dir_all(&single).unwrap();
    let mut full: Vec<&str> = args.to_vec();
    full.extend(["-o", "out", "--no-progress", "-t", "1"]);
    expect_ok(&single, &full);
    for &n in shards {
        let dir = root.join(format!("shards-{n}"));
        std::fs::create_dir_all(&dir).unwrap();
        for k in 0..n {
            let spec = format!("{k}/{n}");
            let mut a = full.clone();
            a.extend(["--shard", &spec]);
            let out = expect_ok(&dir, &a);
            assert!(out.contains("partial result written"), "{out}");
        }
        let out = expect_ok(&dir, &["merge", "out"]);
        assert!(out.contains(&format!("merged {n} shards")), "{out}");
        assert_same_outputs(
            &single.join("out"),
            &dir.join("out"),
            &format!("{what}, {n} shards"),
        );
    }
}

#[test]
fn simulate_shards_merge_to_the_single_run() {
    let t = TempDir::named("shard", "simulate");
    check_sharded(
        &t.path().join("classic"),
        &[
            "simulate",
            "-n",
            "700",
            "-s",
            "5",
            "--csv",
            "-a",
            "random,heuristic,random,first",
        ],
        &[1, 2, 3, 7],
        "simulate classic",
    );
    check_sharded(
        &t.path().join("hot-death"),
        &[
            "simulate",
            "-v",
            "hot-death",
            "-n",
            "60",
            "-s",
            "2",
            "--csv",
        ],
        &[4],
        "simulate hot-death",
    );
    check_sharded(
        &t.path().join("debt"),
        &["simulate", "-v", "debt", "-p", "3", "-n", "200", "--csv"],
        &[4],
        "simulate debt",
    );
    check_sharded(
        &t.path().join("uber"),
        &["simulate", "-v", "uber", "-p", "4", "-n", "120", "--csv"],
        &[4],
        "simulate uber",
    );
    check_sharded(
        &t.path().join("constitution"),
        &[
            "simulate",
            "-v",
            "constitution",
            "--preset",
            "elimination",
            "-p",
            "4",
            "-n",
            "120",
            "--csv",
        ],
        &[4],
        "simulate constitution",
    );
    check_sharded(
        &t.path().join("blender"),
        &["simulate", "-v", "blender", "-p", "4", "-n", "120", "--csv"],
        &[4],
        "simulate blender",
    );
}

#[test]
fn tournament_shards_merge_to_the_single_run() {
    let t = TempDir::named("shard", "tournament");
    check_sharded(
        &t.path().join("classic"),
        &[
            "tournament",
            "-a",
            "random,first,heuristic",
            "-p",
            "3",
            "-n",
            "21",
        ],
        &[1, 2, 3, 7],
        "tournament classic",
    );
    check_sharded(
        &t.path().join("hot-death"),
        &[
            "tournament",
            "-v",
            "hot-death",
            "--preset",
            "hand",
            "-a",
            "random,heuristic",
            "-p",
            "2",
            "-n",
            "12",
        ],
        &[4],
        "tournament hot-death",
    );
    check_sharded(
        &t.path().join("debt"),
        &[
            "tournament",
            "-v",
            "debt",
            "-a",
            "random,heuristic",
            "-p",
            "2",
            "-n",
            "12",
        ],
        &[4],
        "tournament debt",
    );
    check_sharded(
        &t.path().join("uber"),
        &[
            "tournament",
            "-v",
            "uber",
            "-a",
            "random,heuristic",
            "-p",
            "3",
            "-n",
            "12",
        ],
        &[4],
        "tournament uber",
    );
    check_sharded(
        &t.path().join("constitution"),
        &[
            "tournament",
            "-v",
            "constitution",
            "-a",
            "random,heuristic",
            "-p",
            "3",
            "-n",
            "12",
        ],
        &[4],
        "tournament constitution",
    );
}

#[test]
fn balance_shards_merge_to_the_single_run() {
    let t = TempDir::named("shard", "balance");
    check_sharded(
        &t.path().join("classic"),
        &["balance", "-p", "2", "-n", "14", "--precision", "0"],
        &[1, 2, 3, 7],
        "balance classic",
    );
    check_sharded(
        &t.path().join("hot-death"),
        &[
            "balance",
            "-v",
            "hot-death",
            "-p",
            "2",
            "-a",
            "random",
            "--set",
            "hand_size=7",
            "-n",
            "8",
            "--precision",
            "0",
        ],
        &[4],
        "balance hot-death",
    );
    check_sharded(
        &t.path().join("debt"),
        &[
            "balance",
            "-v",
            "debt",
            "-p",
            "2",
            "-n",
            "8",
            "--precision",
            "0",
        ],
        &[4],
        "balance debt",
    );
    check_sharded(
        &t.path().join("uber"),
        &[
            "balance",
            "-v",
            "uber",
            "--preset",
            "fixed",
            "--set",
            "hands_per_day=1",
            "-p",
            "2",
            "-n",
            "8",
            "--precision",
            "0",
        ],
        &[4],
        "balance uber",
    );
    check_sharded(
        &t.path().join("constitution"),
        &[
            "balance",
            "-v",
            "constitution",
            "-p",
            "2",
            "-n",
            "8",
            "--precision",
            "0",
        ],
        &[4],
        "balance constitution",
    );
}

const SIM: [&str; 10] = [
    "simulate",
    "-n",
    "300",
    "--csv",
    "-o",
    "out",
    "--no-progress",
    "-t",
    "1",
    "-s",
];

/// Runs `SIM` (seed 9) as `n` shards in `dir`.
fn run_shards(dir: &Path, n: u64) {
    for k in 0..n {
        let spec = format!("{k}/{n}");
        let mut a = SIM.to_vec();
        a.extend(["9", "--shard", &spec]);
        expect_ok(dir, &a);
    }
}

fn read_all(dir: &Path) -> Vec<(String, Vec<u8>)> {
    result_files(dir)
        .into_iter()
        .map(|f| {
            let b = std::fs::read(dir.join(&f)).unwrap();
            (f, b)
        })
        .collect()
}

#[test]
fn merging_is_order_independent_and_idempotent_and_reruns_reproduce_partials() {
    let t = TempDir::named("shard", "order");
    let d = t.path();
    run_shards(d, 3);
    let shard = |k: u64| format!("out/shard-{k}-of-3");
    // Forward order, into m1; reversed shard folders, into m2; the run folder twice, into m3
    // (merged again with --force).
    expect_ok(d, &["merge", &shard(0), &shard(1), &shard(2), "-o", "m1"]);
    expect_ok(d, &["merge", &shard(2), &shard(0), &shard(1), "-o", "m2"]);
    expect_ok(d, &["merge", "out", "-o", "m3"]);
    let first = read_all(&d.join("m3"));
    expect_ok(d, &["merge", "out", "-o", "m3", "--force"]);
    // The timings come from the shards' timing.json, so the merged files are equal byte for
    // byte, timings included.
    assert_eq!(read_all(&d.join("m1")), read_all(&d.join("m2")));
    assert_eq!(read_all(&d.join("m1")), first);
    assert_eq!(read_all(&d.join("m3")), first);
    // Merging the given partial.json files works as well.
    expect_ok(
        d,
        &[
            "merge",
            &format!("{}/partial.json", shard(1)),
            &format!("{}/partial.json", shard(0)),
            &format!("{}/partial.json", shard(2)),
            "-o",
            "m4",
        ],
    );
    assert_eq!(read_all(&d.join("m4")), first);
    // Re-running a shard (it needs --force to replace its files) writes the same partial
    // result and CSV slice, byte for byte.
    let s1 = d.join(shard(1));
    let before = (
        std::fs::read(s1.join("partial.json")).unwrap(),
        std::fs::read(s1.join("games.csv")).unwrap(),
    );
    let mut a = SIM.to_vec();
    a.extend(["9", "--shard", "1/3"]);
    let o = uno_in(d, &a);
    assert_eq!(
        o.status.code(),
        Some(2),
        "a shard's files are not replaced silently"
    );
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    a.push("--force");
    expect_ok(d, &a);
    let after = (
        std::fs::read(s1.join("partial.json")).unwrap(),
        std::fs::read(s1.join("games.csv")).unwrap(),
    );
    assert!(
        before == after,
        "a re-run shard wrote a different partial result"
    );
    // The shards' CSV slices concatenate to the single run's games.csv.
    let mut cat = Vec::new();
    for k in 0..3 {
        cat.extend(std::fs::read(d.join(shard(k)).join("games.csv")).unwrap());
    }
    assert_eq!(cat, std::fs::read(d.join("m1/games.csv")).unwrap());
}

fn uno_env(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_uno"));
    c.args(args).current_dir(cwd);
    for k in [
        "UNO_SHARD",
        "UNO_SHARD_COUNT",
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_STEP",
        "JOB_COMPLETION_INDEX",
    ] {
        c.env_remove(k);
    }
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("run uno")
}

#[test]
fn the_schedulers_environment_names_the_shard() {
    let t = TempDir::named("shard", "env");
    let d = t.path();
    run_shards(d, 3);
    let args = |out: &'static str| {
        let mut a = SIM.to_vec();
        a[5] = out;
        a.extend(["9", "--shard-from-env"]);
        a
    };
    // A Slurm array --array=1-3 (task ids 1..3) and a Kubernetes Indexed Job (index 0..2):
    // the same partial results as --shard K/3.
    for id in ["1", "2", "3"] {
        let max = "3";
        let o = uno_env(
            d,
            &args("slurm"),
            &[
                ("SLURM_ARRAY_TASK_ID", id),
                ("SLURM_ARRAY_TASK_MIN", "1"),
                ("SLURM_ARRAY_TASK_MAX", max),
                ("SLURM_ARRAY_TASK_COUNT", "3"),
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
    }
    for k in ["0", "1", "2"] {
        let o = uno_env(
            d,
            &args("k8s"),
            &[("JOB_COMPLETION_INDEX", k), ("UNO_SHARD_COUNT", "3")],
        );
        assert!(o.status.success(), "{}", stderr(&o));
    }
    for k in 0..3 {
        let name = format!("shard-{k}-of-3/partial.json");
        let want = std::fs::read(d.join("out").join(&name)).unwrap();
        for dir in ["slurm", "k8s"] {
            let got = std::fs::read(d.join(dir).join(&name)).unwrap();
            // Only the output folder in the recorded command differs.
            let got = String::from_utf8(got)
                .unwrap()
                .replace(&format!("-o {dir} "), "-o out ");
            assert_eq!(got, String::from_utf8(want.clone()).unwrap(), "{dir} {k}");
        }
    }
    // Missing or inconsistent variables are errors naming them.
    let cases: [(&[(&str, &str)], &str); 5] = [
        (&[], "SLURM_ARRAY_TASK_ID"),
        (&[("SLURM_ARRAY_TASK_ID", "2")], "SLURM_ARRAY_TASK_COUNT"),
        (&[("JOB_COMPLETION_INDEX", "2")], "UNO_SHARD_COUNT"),
        (
            &[("JOB_COMPLETION_INDEX", "3"), ("UNO_SHARD_COUNT", "3")],
            "K = 3 is not below N = 3",
        ),
        (&[("UNO_SHARD", "two/3")], "UNO_SHARD"),
    ];
    for (env, needle) in cases {
        let o = uno_env(d, &args("bad"), env);
        assert_eq!(o.status.code(), Some(2), "{env:?}");
        assert!(stderr(&o).contains(needle), "{env:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
    assert!(!d.join("bad").exists(), "a refused shard leaves no folder");
}

/// `uno merge` with `args` in `cwd` fails with exit code 2 and an error containing `needle`.
fn merge_fails(cwd: &Path, args: &[&str], needle: &str) {
    let mut a = vec!["merge"];
    a.extend_from_slice(args);
    let o = uno_in(cwd, &a);
    assert_eq!(o.status.code(), Some(2), "merge {args:?}: {}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains(needle), "merge {args:?}: {e}");
    assert!(!e.contains("panicked"), "{e}");
}

#[test]
fn bad_shards_and_bad_merges_are_clear_errors() {
    let t = TempDir::named("shard", "errors");
    let d = t.path();
    run_shards(d, 4);
    let s = |k: u64| format!("out/shard-{k}-of-4");
    // Malformed K/N, K >= N, more shards than games, --no-write.
    for (spec, needle) in [
        ("4/4", "K = 4 is not below N = 4"),
        ("1", "no '/'"),
        ("x/4", "not a whole number"),
        ("0/0", "N must be at least 1"),
    ] {
        let o = uno_in(d, &["simulate", "-n", "10", "--shard", spec, "-o", "e"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains(needle), "{spec}: {}", stderr(&o));
    }
    let o = uno_in(d, &["simulate", "-n", "3", "--shard", "0/4", "-o", "e"]);
    assert!(
        stderr(&o).contains("would leave shards empty"),
        "{}",
        stderr(&o)
    );
    let o = uno_in(d, &["simulate", "-n", "30", "--shard", "0/4", "--no-write"]);
    assert!(stderr(&o).contains("--no-write"), "{}", stderr(&o));
    // Balance with sequential stopping (the default --precision) does not shard.
    let o = uno_in(d, &["balance", "-n", "30", "--shard", "0/4", "-o", "e"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("sequential stopping") && stderr(&o).contains("--precision 0"),
        "{}",
        stderr(&o)
    );
    assert!(!d.join("e").exists(), "refused shards leave no folder");

    // Missing and duplicated shards are named.
    merge_fails(
        d,
        &[&s(0), &s(2), "-o", "m"],
        "missing shard(s) of the 4: 1, 3",
    );
    merge_fails(
        d,
        &[&s(0), &s(1), &s(1), &s(2), &s(3), "-o", "m"],
        "duplicated shard(s) of the 4: shard 1",
    );
    // A partial of another run (another seed; another shard count) is named with the field.
    let mut a = SIM.to_vec();
    a[5] = "other";
    a.extend(["10", "--shard", "1/4"]);
    expect_ok(d, &a);
    merge_fails(
        d,
        &[&s(0), "other/shard-1-of-4", &s(2), &s(3), "-o", "m"],
        "seed: 9 vs 10",
    );
    let mut a = SIM.to_vec();
    a[5] = "three";
    a.extend(["9", "--shard", "1/3"]);
    expect_ok(d, &a);
    merge_fails(
        d,
        &[&s(0), "three/shard-1-of-3", "-o", "m"],
        "number of shards: 4 vs 3",
    );
    // An interrupted (incomplete) shard is refused, naming it.
    let p = d.join(s(2)).join("partial.json");
    let text = std::fs::read_to_string(&p).unwrap();
    let edited = text.replace("\"complete\": true", "\"complete\": false");
    assert_ne!(edited, text);
    std::fs::write(&p, edited).unwrap();
    merge_fails(d, &["out", "-o", "m"], "incomplete shard(s)");
    std::fs::write(&p, &text).unwrap();
    // Not a partial result; nothing to merge; a lost CSV slice.
    std::fs::write(d.join("junk.json"), "{\"x\": 1}").unwrap();
    merge_fails(d, &["junk.json"], "not a shard's partial result");
    merge_fails(d, &["nowhere"], "no such file or folder");
    std::fs::create_dir_all(d.join("empty")).unwrap();
    merge_fails(d, &["empty"], "no partial.json");
    let csv = d.join(s(3)).join("games.csv");
    let rows = std::fs::read(&csv).unwrap();
    std::fs::write(&csv, &rows[..rows.len() / 2]).unwrap();
    merge_fails(d, &["out", "-o", "m"], "games.csv");
    std::fs::write(&csv, &rows).unwrap();
    // After all that the merge works, and a second one into the same folder needs --force.
    expect_ok(d, &["merge", "out"]);
    merge_fails(d, &["out"], "--force");
    expect_ok(d, &["merge", "out", "--force"]);
    assert!(
        !PathBuf::from(d).join("m").exists(),
        "a failed merge leaves no folder"
    );
}
