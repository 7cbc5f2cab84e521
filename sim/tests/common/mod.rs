//! Helpers shared by the `uno` binary's integration tests.
// Each test file uses a different subset.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh, per-test scratch folder, removed when dropped (also when the test fails).
pub struct TempDir(PathBuf);

impl TempDir {
    /// `uno-<suite>-test-<test>-<pid>` under the system temp folder.
    pub fn named(suite: &str, test: &str) -> Self {
        let p =
            std::env::temp_dir().join(format!("uno-{suite}-test-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("create temp dir");
        TempDir(p)
    }
    pub fn path(&self) -> &Path {
        &self.0
    }
    /// Writes `text` to `name` inside the folder and returns its path.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, text).expect("write temp file");
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `uno` with `args` in `cwd` (so a default `out/` folder never lands in the repository).
pub fn uno_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uno"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("run the uno binary")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts a clean success and returns stdout.
pub fn expect_ok(cwd: &Path, args: &[&str]) -> String {
    let o = uno_in(cwd, args);
    assert!(
        o.status.success(),
        "uno {args:?} failed with {:?}\nstderr:\n{}",
        o.status,
        stderr(&o)
    );
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    stdout(&o)
}

/// A three-player tournament of `variant` between the random, heuristic and MCTS agents, and a
/// 40-deal balance run, each in `cwd`: both succeed and write their folders (`t`, `b`).
pub fn tournament_and_balance_write(cwd: &Path, variant: &str) {
    let out = expect_ok(
        cwd,
        &[
            "tournament",
            "-v",
            variant,
            "-a",
            "random,heuristic,mcts:iterations=20",
            "-p",
            "3",
            "-n",
            "4",
            "-o",
            "t",
            "--no-progress",
        ],
    );
    assert!(
        out.contains("heuristic") && out.contains("random") && out.contains("mcts"),
        "{out}"
    );
    let written = std::fs::read_dir(cwd.join("t")).unwrap().count();
    assert!(written > 0, "the tournament wrote nothing");
    let out = expect_ok(
        cwd,
        &[
            "balance",
            "-v",
            variant,
            "-p",
            "3",
            "-n",
            "40",
            "--precision",
            "0",
            "--chunk",
            "20",
            "-o",
            "b",
            "--no-progress",
        ],
    );
    assert!(out.contains("40 deals"), "{out}");
    let written = std::fs::read_dir(cwd.join("b")).unwrap().count();
    assert!(written > 0, "the balance run wrote nothing");
}
