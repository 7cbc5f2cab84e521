//! Ctrl-C, progress and thread limits of the `uno` binary: a first SIGINT is acknowledged at once,
//! stops the run within seconds for any agent and saves the finished work (a prefix of the games
//! or deals, so a shorter run reproduces it exactly), exit code 130; a second SIGINT quits at
//! once and leaves no partial file and no empty folder; `--threads` far above the cores is
//! capped; the chunking never changes results.
#![cfg(unix)]

mod common;

use common::{expect_ok, stderr, stdout, uno_in, TempDir};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running `uno` with its stderr collected line by line as it comes.
struct Running {
    child: Child,
    err: Arc<Mutex<String>>,
    out: std::thread::JoinHandle<String>,
    err_thread: std::thread::JoinHandle<()>,
}

fn spawn(cwd: &Path, args: &[&str]) -> Running {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uno"))
        .args(args)
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the uno binary");
    let mut so = child.stdout.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = so.read_to_string(&mut s);
        s
    });
    let err = Arc::new(Mutex::new(String::new()));
    let e2 = err.clone();
    let se = child.stderr.take().unwrap();
    let err_thread = std::thread::spawn(move || {
        for line in BufReader::new(se).lines().map_while(Result::ok) {
            let mut e = e2.lock().unwrap();
            e.push_str(&line);
            e.push('\n');
        }
    });
    Running {
        child,
        err,
        out,
        err_thread,
    }
}

impl Running {
    fn sigint(&self) {
        let ok = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(ok.success());
    }
    fn stderr_now(&self) -> String {
        self.err.lock().unwrap().clone()
    }
    /// Waits (at most `limit`) for the process to end; kills it and fails after that.
    fn finish(mut self, limit: Duration) -> (ExitStatus, String, String, Duration) {
        let t = Instant::now();
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                let took = t.elapsed();
                let out = self.out.join().unwrap();
                self.err_thread.join().unwrap();
                let err = self.err.lock().unwrap().clone();
                return (st, out, err, took);
            }
            if t.elapsed() > limit {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!(
                    "uno did not end within {limit:?}; stderr:\n{}",
                    self.stderr_now()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Waits (at most `limit`) until `cond` holds.
fn wait_until(limit: Duration, what: &str, mut cond: impl FnMut() -> bool) {
    let t = Instant::now();
    while !cond() {
        assert!(t.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Every file and folder under `dir`, recursively.
fn tree(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            out.push(p.clone());
            if p.is_dir() {
                out.extend(tree(&p));
            }
        }
    }
    out
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

const ACK: &str = "Ctrl-C: stopping after";

#[test]
fn simulate_first_ctrl_c_stops_slow_agents_at_once_and_saves_a_reproducible_prefix() {
    let dir = TempDir::named("interrupt", "simulate");
    let args = [
        "simulate",
        "-p",
        "2",
        "-a",
        "mcts:iterations=200,random",
        "-n",
        "100000",
        "-s",
        "3",
        "-t",
        "2",
        "--csv",
        "-o",
        "run",
    ];
    let run = spawn(dir.path(), &args);
    // The first progress sign: finished games streamed to the partial CSV (the first chunk is
    // one game per thread, so this comes after about one game's time).
    let partial = dir
        .path()
        .join("run")
        .join(format!("games.csv.partial-{}", run.child.id()));
    wait_until(Duration::from_secs(120), "the first CSV rows", || {
        lines(&partial) >= 3
    });
    run.sigint();
    wait_until(Duration::from_secs(10), "the acknowledgement", || {
        run.stderr_now().contains(ACK)
    });
    let (st, out, err, took) = run.finish(Duration::from_secs(60));
    assert_eq!(st.code(), Some(130), "{err}");
    assert!(took < Duration::from_secs(30), "took {took:?} to stop");
    assert!(
        err.contains("in flight") && err.contains("Ctrl-C again"),
        "{err}"
    );
    assert!(
        err.contains("interrupted: ") && err.contains(", saved"),
        "{err}"
    );
    assert!(!err.contains("error"), "{err}");
    // The summary and the CSV cover the same prefix 0..k of the batch.
    let s = json(&dir.path().join("run/summary.json"));
    assert_eq!(s["run"]["interrupted"], true);
    let k = s["stats"]["games"].as_u64().unwrap();
    assert!((2..100_000).contains(&k), "{k}");
    assert!(
        err.contains(&format!("{k} of 100000 games finished")),
        "{err}"
    );
    assert!(out.contains(&format!("| {k} games |")), "{out}");
    let csv = std::fs::read_to_string(dir.path().join("run/games.csv")).unwrap();
    let idx: Vec<u64> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(idx, (0..k).collect::<Vec<_>>());
    assert!(tree(dir.path())
        .iter()
        .all(|p| !p.to_string_lossy().contains(".partial")));
    // Exactly the summary of a run of k games.
    let k_text = k.to_string();
    let mut again = args.to_vec();
    again[6] = &k_text;
    again[13] = "again";
    expect_ok(dir.path(), &again);
    let t = json(&dir.path().join("again/summary.json"));
    assert_eq!(t["run"]["interrupted"], false);
    assert_eq!(s["stats"], t["stats"]);
    let csv2 = std::fs::read_to_string(dir.path().join("again/games.csv")).unwrap();
    assert_eq!(csv, csv2);
}

#[test]
fn simulate_second_ctrl_c_quits_at_once_and_leaves_no_partial_file_or_empty_folder() {
    let dir = TempDir::named("interrupt", "second");
    // Games of several seconds each: the first Ctrl-C waits for them, the second does not.
    let run = spawn(
        dir.path(),
        &[
            "simulate",
            "-p",
            "2",
            "-a",
            "mcts:iterations=50000",
            "-n",
            "1000",
            "-t",
            "2",
            "--csv",
            "-o",
            "new/deep/run",
        ],
    );
    let partial = dir
        .path()
        .join("new/deep/run")
        .join(format!("games.csv.partial-{}", run.child.id()));
    wait_until(Duration::from_secs(60), "the partial CSV", || {
        partial.exists()
    });
    run.sigint();
    wait_until(Duration::from_secs(10), "the acknowledgement", || {
        run.stderr_now().contains(ACK)
    });
    run.sigint();
    let (st, out, err, took) = run.finish(Duration::from_secs(30));
    assert_eq!(st.code(), Some(130), "{err}");
    assert!(took < Duration::from_secs(10), "took {took:?} to quit");
    assert!(err.contains("quitting without saving"), "{err}");
    assert!(!out.contains("written"), "{out}");
    // The folders the run created are gone with the partial file; the test's own folder stays.
    assert!(dir.path().is_dir());
    assert_eq!(tree(dir.path()), Vec::<PathBuf>::new());
}

#[test]
fn simulate_no_write_ctrl_c_does_not_say_saved() {
    let dir = TempDir::named("interrupt", "nowrite");
    let run = spawn(
        dir.path(),
        &[
            "simulate",
            "-p",
            "2",
            "-a",
            "mcts:iterations=200",
            "-n",
            "100000",
            "--no-write",
        ],
    );
    // Nothing on disk to watch: a fixed, generous delay for the handler to be installed.
    std::thread::sleep(Duration::from_secs(3));
    run.sigint();
    let (st, out, err, _) = run.finish(Duration::from_secs(60));
    assert_eq!(st.code(), Some(130), "{err}");
    assert!(err.contains(ACK) && err.contains("--no-write"), "{err}");
    assert!(
        !err.contains("saved") && !out.contains("written"),
        "{err}\n{out}"
    );
    assert!(out.contains("games |"), "{out}");
    assert_eq!(tree(dir.path()), Vec::<PathBuf>::new());
}

#[test]
fn tournament_ctrl_c_keeps_whole_deals_and_a_shorter_run_reproduces_them() {
    let dir = TempDir::named("interrupt", "tournament");
    let base = [
        "tournament",
        "-a",
        "random,heuristic",
        "-p",
        "2",
        "-s",
        "5",
        "-t",
        "2",
    ];
    let mut args = base.to_vec();
    args.extend(["-n", "100000000", "-o", "t"]);
    let run = spawn(dir.path(), &args);
    wait_until(Duration::from_secs(60), "the output folder", || {
        dir.path().join("t").is_dir()
    });
    std::thread::sleep(Duration::from_millis(1500));
    run.sigint();
    let (st, _, err, took) = run.finish(Duration::from_secs(60));
    assert_eq!(st.code(), Some(130), "{err}");
    assert!(took < Duration::from_secs(30), "took {took:?} to stop");
    assert!(err.contains(ACK) && err.contains(", saved"), "{err}");
    let j = json(&dir.path().join("t/tournament.json"));
    assert_eq!(j["run"]["interrupted"], true);
    let deals = j["results"]["deals"].as_u64().unwrap();
    assert!(deals > 0);
    assert_eq!(j["results"]["games"].as_u64().unwrap(), 2 * deals);
    let d = deals.to_string();
    let mut again = base.to_vec();
    again.extend(["-n", &d, "-o", "again"]);
    expect_ok(dir.path(), &again);
    let k = json(&dir.path().join("again/tournament.json"));
    assert_eq!(j["results"], k["results"]);
}

#[test]
fn balance_ctrl_c_reports_the_finished_deals_reproducibly() {
    let dir = TempDir::named("interrupt", "balance");
    let base = [
        "balance",
        "-p",
        "2",
        "-a",
        "random",
        "--no-skill",
        "--precision",
        "0",
        "-t",
        "2",
    ];
    let mut args = base.to_vec();
    args.extend(["-n", "100000000", "-o", "b"]);
    let run = spawn(dir.path(), &args);
    wait_until(Duration::from_secs(60), "the output folder", || {
        dir.path().join("b").is_dir()
    });
    std::thread::sleep(Duration::from_millis(1500));
    run.sigint();
    let (st, _, err, took) = run.finish(Duration::from_secs(60));
    assert_eq!(st.code(), Some(130), "{err}");
    assert!(took < Duration::from_secs(30), "took {took:?} to stop");
    assert!(
        err.contains(ACK) && err.contains("deals in flight"),
        "{err}"
    );
    let r = json(&dir.path().join("b/report.json"));
    assert_eq!(r["run"]["interrupted"], true);
    let deals = r["deals"].as_u64().unwrap();
    assert!(deals > 0);
    let d = deals.to_string();
    let mut again = base.to_vec();
    again.extend(["-n", &d, "-o", "again"]);
    expect_ok(dir.path(), &again);
    let s = json(&dir.path().join("again/report.json"));
    for key in [
        "deals",
        "games",
        "seats",
        "cards",
        "shape",
        "max_half_width",
    ] {
        assert_eq!(r[key], s[key], "{key}");
    }
}

#[test]
fn threads_far_above_the_cores_are_capped_with_a_warning_and_zero_is_an_error() {
    let dir = TempDir::named("interrupt", "threads");
    let t = Instant::now();
    let o = uno_in(
        dir.path(),
        &["simulate", "-n", "100", "--threads", "100000", "--no-write"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(t.elapsed() < Duration::from_secs(30));
    assert!(
        stderr(&o).contains("warning: --threads 100000 is more than 4 per available core"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("| 100 games |"), "{}", stdout(&o));
    let o = uno_in(dir.path(), &["simulate", "-n", "100", "--threads", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--threads must be at least 1"));
    assert_eq!(tree(dir.path()), Vec::<PathBuf>::new());
}

#[test]
fn chunk_sizes_and_threads_do_not_change_results() {
    let dir = TempDir::named("interrupt", "chunks");
    let run = |name: &str, extra: &[&str]| -> (Value, String) {
        let mut args = vec![
            "simulate",
            "-p",
            "3",
            "-a",
            "heuristic,random,first",
            "-n",
            "3000",
            "-s",
            "9",
            "--csv",
            "-o",
            name,
        ];
        args.extend_from_slice(extra);
        expect_ok(dir.path(), &args);
        let d = dir.path().join(name);
        (
            json(&d.join("summary.json"))["stats"].clone(),
            std::fs::read_to_string(d.join("games.csv")).unwrap(),
        )
    };
    let base = run("adaptive", &[]);
    for (name, extra) in [
        ("tiny", &["--chunk", "1", "-t", "2"][..]),
        ("small", &["--chunk", "7", "-t", "3"]),
        ("large", &["--chunk", "100000", "-t", "1"]),
        ("one-thread", &["-t", "1"]),
    ] {
        assert_eq!(run(name, extra), base, "{name}");
    }
}

/// `uno train`: Ctrl-C finishes the iteration, evaluates, saves a complete checkpoint (exit
/// 130), and the final evaluation line is printed once.
#[cfg(feature = "neural")]
#[test]
fn train_ctrl_c_saves_a_checkpoint_and_prints_the_final_line_once() {
    let dir = TempDir::named("interrupt", "train");
    let args = [
        "train",
        "-p",
        "2",
        "-n",
        "100000000",
        "--hidden",
        "16",
        "--games-per-iter",
        "64",
        "--checkpoint-every",
        "1000",
        "--eval-deals",
        "10",
        "-o",
        "nn",
    ];
    let run = spawn(dir.path(), &args);
    // The iteration-0 checkpoint is written before training starts.
    wait_until(Duration::from_secs(120), "the first checkpoint", || {
        dir.path().join("nn/checkpoint/progress.json").exists()
    });
    std::thread::sleep(Duration::from_millis(1000));
    run.sigint();
    let (st, out, err, took) = run.finish(Duration::from_secs(120));
    assert_eq!(st.code(), Some(130), "{err}");
    assert!(took < Duration::from_secs(60), "took {took:?} to stop");
    assert!(
        err.contains("Ctrl-C: stopping after the current iteration (up to 64 games)"),
        "{err}"
    );
    assert!(err.contains("continue with --resume"), "{err}");
    let p = json(&dir.path().join("nn/checkpoint/progress.json"));
    let games = p["games"].as_u64().unwrap();
    assert!(games > 0 && games.is_multiple_of(64), "{games}");
    assert!(
        out.contains(&format!("interrupted after {games} games")),
        "{out}"
    );
    // The final evaluation: once, on stdout.
    let it = p["iteration"].as_u64().unwrap();
    let needle = format!("iteration {it:>5}  games {games:>9}");
    let all = format!("{out}{err}");
    assert_eq!(all.matches(&needle).count(), 1, "{all}");
    assert!(tree(dir.path())
        .iter()
        .all(|p| !p.to_string_lossy().contains(".partial")));
    // Without an interrupt the final line is printed once too.
    let out = expect_ok(
        dir.path(),
        &[
            "train",
            "-p",
            "2",
            "-n",
            "128",
            "--hidden",
            "16",
            "--games-per-iter",
            "64",
            "--checkpoint-every",
            "1",
            "--eval-deals",
            "10",
            "-o",
            "small",
        ],
    );
    let o = uno_in(
        dir.path(),
        &["train", "--resume", "-o", "small", "-n", "192"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let all = format!("{}{}", stdout(&o), stderr(&o));
    assert_eq!(all.matches("games       192").count(), 1, "{all}\n{out}");
}

#[test]
fn shard_ctrl_c_saves_its_finished_games_as_an_incomplete_partial_that_merge_refuses() {
    let dir = TempDir::named("interrupt", "shard");
    let args = [
        "simulate",
        "-p",
        "2",
        "-a",
        "mcts:iterations=200,random",
        "-n",
        "100000",
        "-s",
        "3",
        "-t",
        "2",
        "--csv",
        "-o",
        "run",
        "--shard",
        "1/2",
    ];
    let run = spawn(dir.path(), &args);
    let shard = dir.path().join("run/shard-1-of-2");
    let partial_csv = shard.join(format!("games.csv.partial-{}", run.child.id()));
    // Shard 1's slice has no header: two lines are two finished games.
    wait_until(Duration::from_secs(120), "the first CSV rows", || {
        lines(&partial_csv) >= 2
    });
    run.sigint();
    let (st, out, err, _) = run.finish(Duration::from_secs(60));
    assert_eq!(st.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted: ") && err.contains("saved"),
        "{err}"
    );
    assert!(out.contains("interrupted after"), "{out}");
    // The finished games are kept: a contiguous prefix of the shard's range, counted in the
    // accumulators and in the CSV slice alike.
    let p = json(&shard.join("partial.json"));
    assert_eq!(p["shard"]["complete"], false);
    assert_eq!(p["shard"]["first"], 50_000);
    let done = p["shard"]["done"].as_u64().unwrap();
    assert!((2..50_000).contains(&done), "{done}");
    assert_eq!(p["accumulators"]["games"].as_u64(), Some(done));
    let csv = std::fs::read_to_string(shard.join("games.csv")).unwrap();
    let idx: Vec<u64> = csv
        .lines()
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(idx, (50_000..50_000 + done).collect::<Vec<_>>());
    assert!(tree(dir.path())
        .iter()
        .all(|p| !p.to_string_lossy().contains(".partial-")));
    // The merge refuses the incomplete shard, naming it (shard 0 never ran: named missing).
    let o = uno_in(dir.path(), &["merge", "run/shard-1-of-2", "-o", "m"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("missing shard(s) of the 2: 0"),
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(shard.join("partial.json")).unwrap();
    let p0 = dir.path().join("run/shard-0-of-2");
    std::fs::create_dir_all(&p0).unwrap();
    // A stand-in shard 0 (shard 1's files with its index and range) to reach the check.
    let fake = text
        .replace("\"index\": 1", "\"index\": 0")
        .replace("\"first\": 50000", "\"first\": 0")
        .replace("\"end\": 100000", "\"end\": 50000")
        .replace("\"complete\": false", "\"complete\": true");
    std::fs::write(p0.join("partial.json"), fake).unwrap();
    std::fs::copy(shard.join("timing.json"), p0.join("timing.json")).unwrap();
    let o = uno_in(dir.path(), &["merge", "run", "-o", "m"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("incomplete shard(s)") && e.contains("shard-1-of-2"),
        "{e}"
    );
    assert!(!dir.path().join("m").exists());
}
