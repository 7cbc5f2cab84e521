//! Sharded runs: one run split over the tasks of a scheduler's array job (Slurm `--array`, a
//! Kubernetes Indexed Job), each task a shard, and `uno merge` putting the shards together into
//! exactly the files the run on one machine writes. `docs/cluster.md` is the user's page.
//!
//! - **Partition.** Shard `K` of `N` of a run of `T` units (games for `simulate`, deals for
//!   `tournament` and `balance`) runs the contiguous indices `⌊K·T/N⌋ .. ⌊(K+1)·T/N⌋`
//!   ([`Shard::range`]); unit `i` is the same pure function of (seed, `i`) it is in a single run,
//!   so the shards together play exactly the single run's units.
//! - **Partial result.** A shard writes into `OUT/shard-KK-of-NN/` (`OUT`: the run's `--out`,
//!   the same for every shard): `partial.json` ([`Partial`]: the integer accumulators, the run's
//!   identity and the shard's range; written last, so its presence means the shard ended),
//!   `timing.json` ([`Timing`]: threads, seconds, the command as typed: the only part of a shard's
//!   output that depends on the machine) and, for `simulate --csv`, its slice of `games.csv` (the
//!   header in shard 0's slice only, so the slices concatenated in shard order are the single
//!   run's file). `partial.json` and the slice are pure functions of the command, `K` and `N`:
//!   a re-run shard writes them again byte for byte.
//! - **Merge.** `uno merge` reads the partials, checks that they come from one run (same
//!   identity: command without its shard flags, version, commit, variant, options, agents, seed,
//!   budget; same `N`), that every shard `0..N` is there exactly once and complete, adds the
//!   accumulators (integers: the order does not matter, but they are added in shard order) and
//!   writes the outputs with the same code the single run uses.

use crate::output::AtomicFile;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The `format` of a `partial.json` this build writes and reads.
pub const FORMAT: &str = "uno-partial/1";
/// The files a shard writes into its folder.
pub const SHARD_FILES: [&str; 3] = ["partial.json", "timing.json", "games.csv"];

/// Shard `index` of `count` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// Parses `K/N` (`0 <= K < N`).
    pub fn parse(s: &str) -> Result<Shard, String> {
        let bad =
            |why: &str| format!("shard '{s}': {why} (expected K/N with 0 <= K < N, e.g. 3/8)");
        let (k, n) = s.trim().split_once('/').ok_or_else(|| bad("no '/'"))?;
        let num = |x: &str, what: &str| -> Result<u64, String> {
            x.trim()
                .parse::<u64>()
                .map_err(|_| bad(&format!("{what} '{x}' is not a whole number")))
        };
        let (index, count) = (num(k, "K")?, num(n, "N")?);
        if count == 0 {
            return Err(bad("N must be at least 1"));
        }
        if index >= count {
            return Err(bad(&format!("K = {index} is not below N = {count}")));
        }
        Ok(Shard { index, count })
    }

    /// The shard the environment names (`--shard-from-env`), read through `var`:
    /// - `UNO_SHARD=K/N`;
    /// - a Slurm array task: `K = SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN` (0 when unset),
    ///   `N = SLURM_ARRAY_TASK_COUNT` (the array must be a range with step 1, e.g.
    ///   `--array=0-63` or `1-64`);
    /// - a Kubernetes Indexed Job pod: `K = JOB_COMPLETION_INDEX`, `N = UNO_SHARD_COUNT` (set it
    ///   to the Job's `completions`: Kubernetes does not pass that on).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Shard, String> {
        let num =
            |name: &str| -> Result<Option<u64>, String> {
                match var(name) {
                    None => Ok(None),
                    Some(v) => v.trim().parse::<u64>().map(Some).map_err(|_| {
                        format!("--shard-from-env: {name}='{v}' is not a whole number")
                    }),
                }
            };
        if let Some(s) = var("UNO_SHARD") {
            return Shard::parse(&s).map_err(|e| format!("--shard-from-env: UNO_SHARD: {e}"));
        }
        if let Some(id) = num("SLURM_ARRAY_TASK_ID")? {
            let min = num("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let count = num("SLURM_ARRAY_TASK_COUNT")?.ok_or(
                "--shard-from-env: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not \
                 (it is set in every task of a Slurm job array)",
            )?;
            if let Some(step) = num("SLURM_ARRAY_TASK_STEP")? {
                if step != 1 {
                    return Err(format!(
                        "--shard-from-env: the Slurm array has step {step}; shards need a range \
                         with step 1 (e.g. --array=0-63)"
                    ));
                }
            }
            if let Some(max) = num("SLURM_ARRAY_TASK_MAX")? {
                if max < min || max - min + 1 != count {
                    return Err(format!(
                        "--shard-from-env: the Slurm array {min}-{max} does not hold \
                         {count} consecutive tasks (shards need a range, e.g. --array=0-63)"
                    ));
                }
            }
            if id < min {
                return Err(format!(
                    "--shard-from-env: SLURM_ARRAY_TASK_ID {id} is below SLURM_ARRAY_TASK_MIN {min}"
                ));
            }
            return Shard::parse(&format!("{}/{count}", id - min))
                .map_err(|e| format!("--shard-from-env (Slurm): {e}"));
        }
        if let Some(k) = num("JOB_COMPLETION_INDEX")? {
            let n = num("UNO_SHARD_COUNT")?.ok_or(
                "--shard-from-env: JOB_COMPLETION_INDEX is set but UNO_SHARD_COUNT is not (set it \
                 to the Indexed Job's completions)",
            )?;
            return Shard::parse(&format!("{k}/{n}"))
                .map_err(|e| format!("--shard-from-env (Kubernetes): {e}"));
        }
        Err(
            "--shard-from-env: none of UNO_SHARD (K/N), SLURM_ARRAY_TASK_ID (a Slurm job \
             array task) or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job pod) is set"
                .into(),
        )
    }

    /// The units of a run of `total` this shard runs: `⌊K·T/N⌋ .. ⌊(K+1)·T/N⌋`.
    pub fn range(&self, total: u64) -> Range<u64> {
        let at = |k: u64| (k as u128 * total as u128 / self.count as u128) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// Every shard must get at least one unit.
    pub fn check_budget(&self, total: u64, unit: &str) -> Result<(), String> {
        if self.count > total {
            return Err(format!(
                "--shard {}/{}: {} shards for {total} {unit} would leave shards empty; use at \
                 most {total} shards",
                self.index, self.count, self.count
            ));
        }
        Ok(())
    }

    /// The shard's folder inside the run's output folder: `shard-KK-of-NN`, `K` zero-padded to
    /// the width of `N`, so that the folders sort in shard order.
    pub fn folder_name(&self) -> String {
        let w = self.count.to_string().len();
        format!("shard-{:0w$}-of-{}", self.index, self.count)
    }
}

/// `--shard K/N` and `--shard-from-env`, on `simulate`, `tournament` and `balance`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ShardArgs {
    /// Run shard K of N (0 <= K < N) of the run: its share of the games or deals (a contiguous
    /// range), written as a partial result into OUT/shard-K-of-N/ for `uno merge`
    /// (docs/cluster.md).
    #[arg(long, value_name = "K/N", value_parser = Shard::parse, conflicts_with = "shard_from_env")]
    pub shard: Option<Shard>,
    /// As --shard, K and N from the environment: UNO_SHARD=K/N, a Slurm array task
    /// (SLURM_ARRAY_TASK_ID, _MIN, _COUNT) or a Kubernetes Indexed Job pod
    /// (JOB_COMPLETION_INDEX, with UNO_SHARD_COUNT=N).
    #[arg(long)]
    pub shard_from_env: bool,
}

impl ShardArgs {
    /// The shard to run, if any.
    pub fn resolve(&self) -> Result<Option<Shard>, String> {
        if self.shard_from_env {
            return Shard::from_env(|k| std::env::var(k).ok()).map(Some);
        }
        Ok(self.shard)
    }
}

/// The command line of the whole run a shard belongs to: the shard's own command line without
/// `--shard K/N`, `--shard-from-env` and `--force` (which only let a shard replace its own
/// earlier files), the program named `uno`. Every shard of a run has the same one, and it is
/// the command of the single run the merge reproduces.
pub fn run_command(args: impl IntoIterator<Item = String>) -> String {
    let mut out = Vec::new();
    let mut skip_value = false;
    for a in args {
        if skip_value {
            skip_value = false;
            continue;
        }
        if a == "--shard" {
            skip_value = true;
            continue;
        }
        if a.starts_with("--shard=") || a == "--shard-from-env" || a == "--force" {
            continue;
        }
        out.push(a);
    }
    crate::provenance::command_line(out)
}

/// What a shard's `partial.json` holds.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Partial {
    /// [`FORMAT`].
    pub format: String,
    /// `simulate`, `tournament` or `balance`.
    pub command: String,
    pub shard: ShardInfo,
    /// Everything that must be the same in every shard of the run (and that the merge needs
    /// to write the outputs): the command's settings and `provenance` (without `threads`).
    pub identity: serde_json::Value,
    /// The shard's integer accumulators.
    pub accumulators: serde_json::Value,
}

/// Which part of the run a partial result covers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardInfo {
    pub index: u64,
    pub count: u64,
    /// `games` or `deals`.
    pub unit: String,
    /// The run's budget, and this shard's range of it.
    pub total: u64,
    pub first: u64,
    pub end: u64,
    /// Units finished (`end − first` unless interrupted: then the first `done` of the range).
    pub done: u64,
    pub complete: bool,
}

/// A shard's `timing.json`: what depends on the machine (left out of `partial.json` so that a
/// re-run shard writes the same `partial.json`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Timing {
    pub threads: usize,
    pub elapsed_seconds: f64,
    pub units_per_second: f64,
    /// The shard's command line as typed.
    pub command: String,
}

/// The identity's `provenance` for a shard: the run's provenance with the whole run's command
/// ([`run_command`]) and without `threads` (a fact of the machine, kept in `timing.json`).
pub fn identity_provenance(p: &crate::provenance::Provenance) -> serde_json::Value {
    let mut p = p.clone();
    p.command = run_command(std::env::args());
    let mut v = serde_json::to_value(p).expect("provenance serialises");
    if let Some(o) = v.as_object_mut() {
        o.remove("threads");
    }
    v
}

/// The run's provenance back from an identity's `provenance` and the thread count to record.
pub fn provenance_of(
    identity: &serde_json::Value,
    threads: usize,
) -> Result<crate::provenance::Provenance, String> {
    let mut v = identity
        .get("provenance")
        .cloned()
        .ok_or("identity without provenance")?;
    if let Some(o) = v.as_object_mut() {
        o.insert("threads".into(), threads.into());
    }
    serde_json::from_value(v).map_err(|e| format!("identity provenance: {e}"))
}

/// The folder a shard writes into: `base/shard-KK-of-NN`, claimed like an explicit `--out`
/// (refused if it holds a shard's files, unless `force`) and created.
pub fn shard_dir(base: &Path, shard: Shard, force: bool) -> Result<PathBuf, String> {
    let d = base.join(shard.folder_name());
    crate::cli::claim_folder(&d, force, &SHARD_FILES)?;
    crate::output::create_dir(&d)?;
    Ok(d)
}

/// Writes a shard's `timing.json`, then its `partial.json` (last: its presence means the
/// shard's files are complete).
pub fn write_partial(dir: &Path, partial: &Partial, timing: &Timing) -> Result<(), String> {
    let t = serde_json::to_string_pretty(timing).expect("timing serialises") + "\n";
    crate::output::write_atomic(&dir.join("timing.json"), t.as_bytes())?;
    let p = serde_json::to_string_pretty(partial).expect("partial serialises") + "\n";
    crate::output::write_atomic(&dir.join("partial.json"), p.as_bytes())
}

/// The line a shard prints when it has written its partial result.
pub fn written_line(info: &ShardInfo, dir: &Path) -> String {
    format!(
        "shard {} of {}: {} {} to {} of {} ({}), partial result written: {}\nmerge the shards \
         with: uno merge {}\n",
        info.index,
        info.count,
        info.unit,
        info.first,
        info.end.saturating_sub(1),
        info.total,
        if info.complete {
            "complete".to_string()
        } else {
            format!("interrupted after {} of them", info.done)
        },
        dir.join("partial.json").display(),
        dir.parent().unwrap_or(Path::new(".")).display()
    )
}

// ------------------------------------------------------------------------------------------
// Merge
// ------------------------------------------------------------------------------------------

/// One shard's partial result as read by the merge.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The `partial.json` file, and its folder (with `timing.json` and the CSV slice).
    pub path: PathBuf,
    pub dir: PathBuf,
    pub partial: Partial,
    pub timing: Timing,
}

/// The `partial.json` files the merge's arguments name: a `partial.json` file, a shard folder
/// holding one, or a run folder whose `shard-*` folders hold them.
pub fn find_partials(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_file() {
            out.push(p.clone());
            continue;
        }
        if !p.is_dir() {
            return Err(format!("{}: no such file or folder", p.display()));
        }
        let direct = p.join("partial.json");
        if direct.is_file() {
            out.push(direct);
            continue;
        }
        let mut found: Vec<PathBuf> = std::fs::read_dir(p)
            .map_err(|e| format!("cannot read {}: {e}", p.display()))?
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with("shard-"))
            .map(|e| e.path().join("partial.json"))
            .filter(|f| f.is_file())
            .collect();
        if found.is_empty() {
            return Err(format!(
                "{}: no partial.json in it nor in shard-* folders inside it (did the shards \
                 finish? a shard writes partial.json last)",
                p.display()
            ));
        }
        found.sort();
        out.extend(found);
    }
    Ok(out)
}

/// Reads one partial result and its `timing.json`.
pub fn load(path: &Path) -> Result<Loaded, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let partial: Partial = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a shard's partial result: {e}", path.display()))?;
    if partial.format != FORMAT {
        return Err(format!(
            "{}: format '{}', this build reads '{FORMAT}' (merge with the build that ran the \
             shards)",
            path.display(),
            partial.format
        ));
    }
    let dir = path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let tpath = dir.join("timing.json");
    let timing: Timing = std::fs::read_to_string(&tpath)
        .map_err(|e| {
            format!(
                "cannot read {} (written with the partial): {e}",
                tpath.display()
            )
        })
        .and_then(|t| serde_json::from_str(&t).map_err(|e| format!("{}: {e}", tpath.display())))?;
    Ok(Loaded {
        path: path.to_path_buf(),
        dir,
        partial,
        timing,
    })
}

/// Where two JSON values differ, as `path: a vs b`, leaf by leaf.
fn differences(a: &serde_json::Value, b: &serde_json::Value, at: &str, out: &mut Vec<String>) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                let sub = if at.is_empty() {
                    k.clone()
                } else {
                    format!("{at}.{k}")
                };
                match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => differences(p, q, &sub, out),
                    (p, q) => {
                        let show =
                            |v: Option<&Value>| v.map_or("(absent)".into(), |v| v.to_string());
                        out.push(format!("{sub}: {} vs {}", show(p), show(q)));
                    }
                }
            }
        }
        _ if a == b => {}
        _ => out.push(format!(
            "{}: {a} vs {b}",
            if at.is_empty() { "(value)" } else { at }
        )),
    }
}

/// The differences of two identities, the run's settings before its provenance (whose
/// command line differs whenever a setting does), at most three.
fn identity_differences(a: &serde_json::Value, b: &serde_json::Value) -> Option<String> {
    let mut all = Vec::new();
    differences(a, b, "", &mut all);
    if all.is_empty() {
        return None;
    }
    all.sort_by_key(|d| d.starts_with("provenance."));
    let more = all.len().saturating_sub(3);
    all.truncate(3);
    let mut text = all.join("; ");
    if more > 0 {
        text.push_str(&format!("; and {more} more"));
    }
    Some(text)
}

/// Checks that the partials are the complete set of one run's shards, each once; returns them
/// in shard order. Errors name the files and shards concerned.
pub fn check_set(mut all: Vec<Loaded>) -> Result<Vec<Loaded>, String> {
    let Some(first) = all.first().cloned() else {
        return Err("no partial results to merge".into());
    };
    let name = |l: &Loaded| {
        format!(
            "shard {}/{} ({})",
            l.partial.shard.index,
            l.partial.shard.count,
            l.path.display()
        )
    };
    for l in &all[1..] {
        let (a, b) = (&first.partial, &l.partial);
        let diff = if a.command != b.command {
            Some(format!("command: {} vs {}", a.command, b.command))
        } else if a.shard.count != b.shard.count {
            Some(format!(
                "number of shards: {} vs {}",
                a.shard.count, b.shard.count
            ))
        } else if a.shard.total != b.shard.total || a.shard.unit != b.shard.unit {
            Some(format!(
                "budget: {} {} vs {} {}",
                a.shard.total, a.shard.unit, b.shard.total, b.shard.unit
            ))
        } else {
            identity_differences(&a.identity, &b.identity)
        };
        if let Some(d) = diff {
            return Err(format!(
                "the partial results are not from one run: {} and {} differ in {d}",
                name(&first),
                name(l)
            ));
        }
    }
    let n = first.partial.shard.count;
    let total = first.partial.shard.total;
    if n == 0 || n > total {
        return Err(format!(
            "{}: {n} shards of {total} {} (a damaged or edited file)",
            name(&first),
            first.partial.shard.unit
        ));
    }
    all.sort_by(|a, b| (a.partial.shard.index, &a.path).cmp(&(b.partial.shard.index, &b.path)));
    let mut dups = Vec::new();
    for w in all.windows(2) {
        if w[0].partial.shard.index == w[1].partial.shard.index {
            dups.push(format!(
                "shard {} ({} and {})",
                w[0].partial.shard.index,
                w[0].path.display(),
                w[1].path.display()
            ));
        }
    }
    if !dups.is_empty() {
        return Err(format!(
            "duplicated shard(s) of the {n}: {} (give each shard once)",
            dups.join("; ")
        ));
    }
    if let Some(l) = all.iter().find(|l| l.partial.shard.index >= n) {
        return Err(format!(
            "{}: shard index {} of {n} shards (a damaged or edited file)",
            name(l),
            l.partial.shard.index
        ));
    }
    // The gaps between the shards present (sorted, no duplicates), as ranges.
    let mut gaps: Vec<(u64, u64)> = Vec::new();
    let mut next = 0;
    for k in all.iter().map(|l| l.partial.shard.index).chain([n]) {
        if k > next {
            gaps.push((next, k.min(n) - 1));
        }
        next = next.max(k.saturating_add(1));
    }
    if !gaps.is_empty() {
        let shown: Vec<String> = gaps
            .iter()
            .take(20)
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}-{b}")
                }
            })
            .collect();
        let more = if gaps.len() > 20 {
            format!(" and {} more ranges", gaps.len() - 20)
        } else {
            String::new()
        };
        return Err(format!(
            "missing shard(s) of the {n}: {}{more} (run them, e.g. with --shard {}/{n}, then \
             merge again)",
            shown.join(", "),
            gaps[0].0
        ));
    }
    for l in &all {
        let s = &l.partial.shard;
        let want = Shard {
            index: s.index,
            count: n,
        }
        .range(total);
        if s.index >= n || s.first != want.start || s.end != want.end {
            return Err(format!(
                "{}: covers {} {}..{}, but shard {} of {n} of {total} is {}..{} (a damaged or \
                 edited file)",
                name(l),
                s.unit,
                s.first,
                s.end,
                s.index,
                want.start,
                want.end
            ));
        }
    }
    let incomplete: Vec<String> = all
        .iter()
        .filter(|l| {
            !l.partial.shard.complete
                || l.partial.shard.done != l.partial.shard.end - l.partial.shard.first
        })
        .map(|l| {
            format!(
                "{} ({} of its {} {} finished)",
                name(l),
                l.partial.shard.done,
                l.partial.shard.end - l.partial.shard.first,
                l.partial.shard.unit
            )
        })
        .collect();
    if !incomplete.is_empty() {
        return Err(format!(
            "incomplete shard(s), interrupted before the end of their range: {} (run them \
             again with --force, then merge)",
            incomplete.join("; ")
        ));
    }
    Ok(all)
}

/// Concatenates the shards' `games.csv` slices (in shard order) into `out`: shard 0's holds
/// the header. Each slice must hold exactly its shard's rows.
pub fn merge_csv(
    shards: &[Loaded],
    out: &Path,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<(), String> {
    let mut f = AtomicFile::create(out)?;
    for l in shards {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(crate::progress::interrupted());
        }
        let p = l.dir.join("games.csv");
        let file = std::fs::File::open(&p).map_err(|e| {
            format!(
                "cannot read {} (the shards ran with --csv): {e}",
                p.display()
            )
        })?;
        let s = &l.partial.shard;
        let want = s.end - s.first + u64::from(s.index == 0);
        let mut r = std::io::BufReader::with_capacity(1 << 20, file);
        let mut lines = 0u64;
        let w = f.writer();
        loop {
            let buf = r
                .fill_buf()
                .map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            if buf.is_empty() {
                break;
            }
            lines += buf.iter().filter(|&&b| b == b'\n').count() as u64;
            w.write_all(buf)
                .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
            let n = buf.len();
            r.consume(n);
        }
        if lines != want {
            return Err(format!(
                "{}: {lines} lines, expected {want} (shard {}'s {} rows{})",
                p.display(),
                s.index,
                s.end - s.first,
                if s.index == 0 { " and the header" } else { "" }
            ));
        }
    }
    f.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_budget_in_order() {
        for total in [7u64, 10, 1000, 1_000_000_007] {
            for n in [1u64, 2, 3, 7] {
                let mut next = 0;
                for k in 0..n {
                    let r = Shard { index: k, count: n }.range(total);
                    assert_eq!(r.start, next);
                    assert!(r.end > r.start);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
        let huge = Shard {
            index: 63,
            count: 64,
        }
        .range(u64::MAX);
        assert_eq!(huge.end, u64::MAX);
    }

    #[test]
    fn parse_and_env_forms() {
        assert_eq!(Shard::parse("3/8"), Ok(Shard { index: 3, count: 8 }));
        for bad in ["8/8", "3", "a/8", "3/0", "-1/4", "1/2/3"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| pairs.iter().find(|p| p.0 == k).map(|p| p.1.to_string())
        };
        assert_eq!(
            Shard::from_env(env(&[("UNO_SHARD", "2/5")])),
            Ok(Shard { index: 2, count: 5 })
        );
        assert_eq!(
            Shard::from_env(env(&[
                ("SLURM_ARRAY_TASK_ID", "5"),
                ("SLURM_ARRAY_TASK_MIN", "1"),
                ("SLURM_ARRAY_TASK_MAX", "64"),
                ("SLURM_ARRAY_TASK_COUNT", "64"),
            ])),
            Ok(Shard {
                index: 4,
                count: 64
            })
        );
        let e = Shard::from_env(env(&[("SLURM_ARRAY_TASK_ID", "5")])).unwrap_err();
        assert!(e.contains("SLURM_ARRAY_TASK_COUNT"), "{e}");
        let e = Shard::from_env(env(&[
            ("SLURM_ARRAY_TASK_ID", "0"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ]))
        .unwrap_err();
        assert!(e.contains("step 2"), "{e}");
        assert_eq!(
            Shard::from_env(env(&[
                ("JOB_COMPLETION_INDEX", "7"),
                ("UNO_SHARD_COUNT", "8")
            ])),
            Ok(Shard { index: 7, count: 8 })
        );
        let e = Shard::from_env(env(&[("JOB_COMPLETION_INDEX", "7")])).unwrap_err();
        assert!(e.contains("UNO_SHARD_COUNT"), "{e}");
        let e = Shard::from_env(env(&[])).unwrap_err();
        assert!(e.contains("SLURM_ARRAY_TASK_ID") && e.contains("JOB_COMPLETION_INDEX"));
    }

    #[test]
    fn the_run_command_drops_the_shard_flags() {
        let args = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let want = "uno simulate -n 100 -o out";
        for cmd in [
            "target/release/uno simulate -n 100 --shard 3/8 -o out",
            "uno simulate -n 100 --shard=3/8 -o out",
            "uno simulate --shard-from-env -n 100 -o out --force",
            "uno simulate -n 100 -o out",
        ] {
            assert_eq!(run_command(args(cmd)), want, "{cmd}");
        }
        assert_eq!(
            Shard {
                index: 3,
                count: 64
            }
            .folder_name(),
            "shard-03-of-64"
        );
        assert_eq!(Shard { index: 0, count: 1 }.folder_name(), "shard-0-of-1");
    }
}
