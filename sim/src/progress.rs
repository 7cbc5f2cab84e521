//! What every long run shares: the Ctrl-C flag and its messages, the progress bar, the block
//! scheduler with its adaptive chunk controller, and the thread limit.
//!
//! - **Blocks in order.** A run's units (games or deals) are split into chunks, and each chunk
//!   into blocks of consecutive units. Every thread of the pool claims the next block from one
//!   counter, so blocks start in index order; a claimed block runs to its end (a unit may stop it
//!   early only when asked to stop: a tournament's unfinished deal). After a Ctrl-C nothing new is
//!   claimed, so the finished units are exactly a contiguous prefix of the indices (apart from an
//!   abandoned unit's block), and the result is that of a shorter run: deterministic.
//! - **Adaptive sizes.** [`Chunker`] sizes blocks to about [`BLOCK_SECONDS`] of one thread's work
//!   and chunks to about [`CHUNK_SECONDS`] of wall time (and at least [`MIN_BLOCKS_PER_THREAD`]
//!   blocks per thread), from the speed measured on the previous chunk. The first chunk is one
//!   unit per thread. Progress is reported per finished block, so the bar moves within about a
//!   second whether a game takes a microsecond (random agents) or seconds (IS-MCTS). Sizes only
//!   change timing: results are sums over units, identical for any sizes and thread count.
//! - **Ctrl-C.** The first Ctrl-C raises the run's stop flag and says at once on stderr what
//!   happens next ([`arm`] describes the run); the second removes the run's partial files and the
//!   folders it created that are still empty (`crate::output`), then exits with 130.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

/// Exit code of a run stopped by Ctrl-C (the shell convention, 128 + SIGINT).
pub const EXIT_INTERRUPTED: i32 = 130;

/// The error a command returns when it was stopped by Ctrl-C (after saving what was finished);
/// `main_with` maps it to [`EXIT_INTERRUPTED`] without printing it.
pub const INTERRUPTED: &str = "\u{1}interrupted by Ctrl-C";

/// The `Err` of an interrupted run.
pub fn interrupted() -> String {
    INTERRUPTED.to_string()
}

/// Whether a command's error is [`INTERRUPTED`].
pub fn is_interrupted(err: &str) -> bool {
    err == INTERRUPTED
}

// ------------------------------------------------------------------------------------------
// Ctrl-C
// ------------------------------------------------------------------------------------------

static STOP: AtomicBool = AtomicBool::new(false);
static PRESSES: AtomicU64 = AtomicU64::new(0);
/// Units (games or deals) in claimed blocks not yet finished, for the acknowledgement.
static IN_FLIGHT: AtomicU64 = AtomicU64::new(0);
static INSTALL: Once = Once::new();
static NOTICE: Mutex<Option<Notice>> = Mutex::new(None);

/// What the first Ctrl-C says about the current run.
#[derive(Clone, Debug, Default)]
pub struct Notice {
    /// What a unit of work is, plural: "games", "deals".
    pub unit: String,
    /// Where finished work is saved (`None`: `--no-write`, nothing is saved).
    pub saved_to: Option<PathBuf>,
    /// What is kept, e.g. "the finished games (a contiguous prefix of the game indices)".
    pub kept: String,
    /// What finishes before the run stops, when not "the N <unit> in flight" (e.g. "the
    /// current training iteration").
    pub after: Option<String>,
    /// The progress bar, suspended while the message is printed.
    pub bar: Option<ProgressBar>,
}

/// Describes the current run for the Ctrl-C acknowledgement.
pub fn arm(notice: Notice) {
    *NOTICE.lock().unwrap_or_else(|e| e.into_inner()) = Some(notice);
}

/// The process's stop flag, lowered, with the Ctrl-C handler installed: the first Ctrl-C raises
/// it and prints the acknowledgement; the second cleans up and exits with 130.
pub fn interrupt_flag() -> &'static AtomicBool {
    INSTALL.call_once(|| {
        let _ = ctrlc::set_handler(on_ctrl_c);
    });
    STOP.store(false, Ordering::SeqCst);
    PRESSES.store(0, Ordering::SeqCst);
    &STOP
}

fn on_ctrl_c() {
    if PRESSES.fetch_add(1, Ordering::SeqCst) > 0 {
        eprintln!("\nCtrl-C again: quitting without saving");
        crate::output::clean_up_and_exit(EXIT_INTERRUPTED);
    }
    STOP.store(true, Ordering::SeqCst);
    let notice = NOTICE.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let msg = acknowledgement(notice.as_ref(), IN_FLIGHT.load(Ordering::SeqCst));
    match notice.and_then(|n| n.bar).filter(|b| !b.is_hidden()) {
        Some(bar) => bar.suspend(|| eprintln!("{msg}")),
        None => eprintln!("\n{msg}"),
    }
}

/// The first Ctrl-C's message.
pub fn acknowledgement(n: Option<&Notice>, in_flight: u64) -> String {
    let Some(n) = n else {
        return "Ctrl-C: stopping after the work in flight; nothing new starts. Ctrl-C again to \
                quit at once without saving."
            .into();
    };
    let what = if n.kept.is_empty() {
        format!("the finished {}", n.unit)
    } else {
        n.kept.clone()
    };
    let after = n
        .after
        .clone()
        .unwrap_or_else(|| format!("the {} {} in flight", fmt_count(in_flight), n.unit));
    match &n.saved_to {
        Some(d) => format!(
            "Ctrl-C: stopping after {after}; nothing new starts. Then {what} will be saved to {}. \
             Ctrl-C again to quit at once without saving.",
            d.display()
        ),
        None => format!(
            "Ctrl-C: stopping after {after}; nothing new starts. Then {what} will be summarised \
             (--no-write: no file is written). Ctrl-C again to quit at once."
        ),
    }
}

/// The message printed after an interrupted run has saved what it finished (no "saved" when
/// nothing was written).
pub fn interrupted_message(done: &str, saved: bool) -> String {
    if saved {
        format!("interrupted: {done}, saved")
    } else {
        format!("interrupted: {done} (--no-write: no file written)")
    }
}

// ------------------------------------------------------------------------------------------
// Progress bar
// ------------------------------------------------------------------------------------------

/// `12345` as `12,345`.
pub fn fmt_count(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A rate per second: whole units with thousands separators from 100 up (`10,934/s`), else
/// three significant digits (`42.5/s`, `0.731/s`).
pub fn fmt_rate(per_sec: f64) -> String {
    if !per_sec.is_finite() || per_sec <= 0.0 {
        "0/s".into()
    } else if per_sec >= 99.5 {
        format!("{}/s", fmt_count(per_sec.round() as u64))
    } else if per_sec >= 9.995 {
        format!("{per_sec:.1}/s")
    } else if per_sec >= 0.9995 {
        format!("{per_sec:.2}/s")
    } else {
        format!("{per_sec:.3}/s")
    }
}

/// A progress bar of `total` units on stderr (hidden with `hidden` or when stderr is not a
/// terminal). It redraws on its own every 200 ms, so a run shows its elapsed time before the
/// first unit finishes.
pub fn bar(total: u64, hidden: bool, unit: &str) -> ProgressBar {
    let pb = ProgressBar::with_draw_target(
        Some(total),
        if hidden {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        },
    );
    pb.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} [{{elapsed_precise}}] {{bar:40}} {{human_pos}}/{{human_len}} {unit} \
             ({{rate}}, eta {{eta}})"
        ))
        .expect("valid template")
        .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = w.write_str(&fmt_rate(s.per_sec()));
        }),
    );
    if !pb.is_hidden() {
        pb.enable_steady_tick(Duration::from_millis(200));
    }
    pb
}

// ------------------------------------------------------------------------------------------
// Threads
// ------------------------------------------------------------------------------------------

/// Most worker threads per available core; more only adds scheduling and memory (results do
/// not depend on the thread count).
pub const THREADS_PER_CORE: usize = 4;

/// The worker thread count for `--threads` (default: the available cores), and a warning when
/// the request was capped at [`THREADS_PER_CORE`] × the available cores. `0` is an error.
pub fn threads(requested: Option<usize>) -> Result<(usize, Option<String>), String> {
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let cap = THREADS_PER_CORE * cores;
    match requested {
        Some(0) => Err("--threads must be at least 1".into()),
        None => Ok((cores, None)),
        Some(t) if t > cap => Ok((
            cap,
            Some(format!(
                "warning: --threads {t} is more than {THREADS_PER_CORE} per available core \
                 ({cores} available); using {cap} (results do not depend on the thread count)"
            )),
        )),
        Some(t) => Ok((t, None)),
    }
}

// ------------------------------------------------------------------------------------------
// Blocks and chunks
// ------------------------------------------------------------------------------------------

/// Target of one block: about this much of one thread's work (the stop and progress granularity).
pub const BLOCK_SECONDS: f64 = 0.005;
/// Target wall time of one chunk.
pub const CHUNK_SECONDS: f64 = 0.5;
/// A chunk holds at least this many blocks per thread (so the wait for the last block at the end
/// of a chunk stays small against the chunk).
pub const MIN_BLOCKS_PER_THREAD: u64 = 16;
/// A chunk grows by at most this factor from one chunk to the next.
const GROWTH: u64 = 8;

/// Sizes chunks and blocks from the speed measured on the chunks before.
#[derive(Clone, Debug)]
pub struct Chunker {
    threads: u64,
    /// A fixed chunk size (`--chunk`), or adaptive.
    fixed: Option<u64>,
    /// Most units per chunk (e.g. to bound the per-game records kept in memory).
    max_chunk: u64,
    chunk: u64,
    block: u64,
}

impl Chunker {
    /// `fixed`: a chunk size to keep (`None` or `Some(0)`: adaptive). A fixed chunk also fixes
    /// its blocks (`MIN_BLOCKS_PER_THREAD` per thread), so nothing depends on timing: instruction
    /// counts (callgrind) are then reproducible, where adaptive blocks shrink under a slow
    /// profiler and add a block's fixed costs to every game.
    pub fn new(threads: usize, fixed: Option<u64>, max_chunk: u64) -> Self {
        let threads = threads.max(1) as u64;
        let fixed = fixed.filter(|&c| c > 0);
        let chunk = fixed.unwrap_or(threads).min(max_chunk.max(1));
        Chunker {
            threads,
            fixed,
            max_chunk: max_chunk.max(1),
            chunk,
            block: match fixed {
                Some(_) => (chunk / (threads * MIN_BLOCKS_PER_THREAD)).max(1),
                None => 1,
            },
        }
    }

    /// The next chunk's size (at most `remaining`, at least 1) and its block size.
    pub fn next(&self, remaining: u64) -> (u64, u64) {
        let chunk = self.chunk.min(remaining).max(1);
        (chunk, self.block.min(chunk.div_ceil(self.threads)).max(1))
    }

    /// Records that `units` took `seconds` of wall time on all threads.
    pub fn observe(&mut self, units: u64, seconds: f64) {
        if units == 0 {
            return;
        }
        // Seconds of one thread per unit (all threads busy).
        if self.fixed.is_some() {
            return;
        }
        let per_unit = (seconds.max(1e-7) * self.threads as f64 / units as f64).max(1e-9);
        let block = ((BLOCK_SECONDS / per_unit) as u64).clamp(1, 1 << 20);
        // Grow at most GROWTH-fold from the larger of this chunk and the last block size.
        let grown = self.block.max(1) * GROWTH;
        self.block = block.min(grown.max(GROWTH));
        let wall = ((CHUNK_SECONDS / per_unit) as u64).saturating_mul(self.threads);
        let least = self.block * self.threads * MIN_BLOCKS_PER_THREAD;
        let target = wall.max(least);
        self.chunk = target
            .min(units.saturating_mul(GROWTH))
            .clamp(1, self.max_chunk);
    }
}

/// The result of [`run_blocks`]: per claimed block, its first unit, how many of its units
/// finished (all unless one was abandoned) and its accumulator; in unit order.
pub struct Blocks<A> {
    pub blocks: Vec<(u64, u64, u64, A)>,
    pub start: u64,
}

impl<A> Blocks<A> {
    /// The end of the contiguous prefix of finished units, and the accumulators covering exactly
    /// `start..end` (a partly finished block's accumulator covers its finished units).
    pub fn prefix(self) -> (u64, Vec<A>) {
        let mut end = self.start;
        let mut out = Vec::with_capacity(self.blocks.len());
        for (first, len, done, acc) in self.blocks {
            if first != end {
                break;
            }
            end += done;
            out.push(acc);
            if done < len {
                break;
            }
        }
        (end, out)
    }
}

/// Runs units `range` on every thread of the current rayon pool: each thread claims the next
/// block of `block` consecutive units (in increasing order) until the range is done or `stop` is
/// raised, and runs `work(worker, acc, unit)` for each unit of the block in order, with one
/// `worker` per thread (e.g. its agents) and one `acc` per block. `work` returns `false` when it
/// abandoned the unit (only after `stop`); the rest of that block is skipped, and the unit must
/// have left `acc` as it was. `progress(units)` is called after each block with its finished
/// units.
pub fn run_blocks<W, A: Send>(
    range: Range<u64>,
    block: u64,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
    worker: impl Fn() -> W + Sync,
    acc: impl Fn() -> A + Sync,
    work: impl Fn(&mut W, &mut A, u64) -> bool + Sync,
) -> Blocks<A> {
    let block = block.max(1);
    let next = AtomicU64::new(range.start);
    let per_thread: Vec<Vec<(u64, u64, u64, A)>> = rayon::broadcast(|_| {
        let mut mine = Vec::new();
        let mut w: Option<W> = None;
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let first = next.fetch_add(block, Ordering::Relaxed);
            if first >= range.end {
                break;
            }
            let last = (first + block).min(range.end);
            IN_FLIGHT.fetch_add(last - first, Ordering::Relaxed);
            let w = w.get_or_insert_with(&worker);
            let mut a = acc();
            let mut done = 0;
            for i in first..last {
                if !work(w, &mut a, i) {
                    break;
                }
                done += 1;
            }
            IN_FLIGHT.fetch_sub(last - first, Ordering::Relaxed);
            progress(done);
            mine.push((first, last - first, done, a));
        }
        mine
    });
    let mut blocks: Vec<_> = per_thread.into_iter().flatten().collect();
    blocks.sort_unstable_by_key(|b| b.0);
    Blocks {
        blocks,
        start: range.start,
    }
}

/// Runs `range` chunk by chunk: `run_chunk(units, block)` runs one chunk (with [`run_blocks`])
/// and returns how many of its units finished; fewer than asked, or `stop` raised, ends the
/// loop. `limit(done)` caps the next chunk's end (e.g. at a fixed check point). Returns the
/// units finished and whether the run was stopped.
pub fn run_chunks(
    range: Range<u64>,
    chunker: &mut Chunker,
    stop: &AtomicBool,
    mut limit: impl FnMut(u64) -> Option<u64>,
    mut run_chunk: impl FnMut(Range<u64>, u64) -> u64,
) -> (u64, bool) {
    let mut done = range.start;
    while done < range.end {
        if stop.load(Ordering::Relaxed) {
            return (done, true);
        }
        let Some(cap) = limit(done) else {
            return (done, false);
        };
        let (chunk, block) = chunker.next(range.end.min(cap).saturating_sub(done).max(1));
        let end = (done + chunk).min(range.end);
        let t = Instant::now();
        let finished = run_chunk(done..end, block);
        chunker.observe(finished, t.elapsed().as_secs_f64());
        done += finished;
        if done < end {
            return (done, true);
        }
    }
    (done, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_counts_are_readable() {
        assert_eq!(fmt_rate(10_934.178_8), "10,934/s");
        assert_eq!(fmt_rate(1_070_000.4), "1,070,000/s");
        assert_eq!(fmt_rate(42.54), "42.5/s");
        assert_eq!(fmt_rate(2.5), "2.50/s");
        assert_eq!(fmt_rate(0.7311), "0.731/s");
        assert_eq!(fmt_rate(0.0), "0/s");
        assert_eq!(fmt_count(0), "0");
        assert_eq!(fmt_count(999), "999");
        assert_eq!(fmt_count(1000), "1,000");
        assert_eq!(fmt_count(1234567), "1,234,567");
    }

    #[test]
    fn threads_zero_is_an_error_and_too_many_are_capped() {
        assert!(threads(Some(0)).is_err());
        assert_eq!(threads(Some(1)).unwrap(), (1, None));
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let (t, warn) = threads(Some(100_000)).unwrap();
        assert_eq!(t, THREADS_PER_CORE * cores);
        assert!(warn.unwrap().contains("--threads 100000"));
    }

    #[test]
    fn chunker_starts_small_grows_boundedly_and_sizes_blocks_by_time() {
        let mut c = Chunker::new(2, None, u64::MAX);
        assert_eq!(c.next(1_000_000), (2, 1));
        // Fast units (1 µs of a thread each): the chunk grows at most 8-fold per chunk...
        c.observe(2, 1e-6);
        assert_eq!(c.next(u64::MAX).0, 16);
        for _ in 0..10 {
            let (n, _) = c.next(u64::MAX);
            c.observe(n, n as f64 * 1e-6 / 2.0);
        }
        // ...up to half a second of wall time, in blocks of 5 ms of one thread.
        assert_eq!(c.next(u64::MAX), (1_000_000, 5_000));
        // Slow units (a second each): one unit per block, 16 blocks per thread.
        let mut s = Chunker::new(2, None, u64::MAX);
        s.observe(2, 1.0);
        assert_eq!(s.next(u64::MAX), (16, 1));
        s.observe(16, 8.0);
        assert_eq!(s.next(u64::MAX), (32, 1));
        // A fixed chunk stays, and so do its blocks (16 per thread), whatever the timing; the
        // cap holds.
        let mut f = Chunker::new(2, Some(7), u64::MAX);
        f.observe(7, 1e-6);
        assert_eq!(f.next(100), (7, 1));
        let mut g = Chunker::new(2, Some(65_536), u64::MAX);
        assert_eq!(g.next(u64::MAX), (65_536, 2_048));
        g.observe(65_536, 100.0);
        assert_eq!(g.next(u64::MAX), (65_536, 2_048));
        let mut m = Chunker::new(2, None, 100);
        m.observe(2, 1e-6);
        m.observe(16, 1e-6);
        assert_eq!(m.next(u64::MAX).0, 100);
    }

    #[test]
    fn blocks_run_in_order_and_the_prefix_is_contiguous() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let stop = AtomicBool::new(false);
        let b = pool.install(|| {
            run_blocks(
                10..100,
                7,
                &stop,
                &|_| {},
                || (),
                Vec::new,
                |_, a: &mut Vec<u64>, i| {
                    a.push(i);
                    true
                },
            )
        });
        let (end, accs) = b.prefix();
        assert_eq!(end, 100);
        let all: Vec<u64> = accs.into_iter().flatten().collect();
        assert_eq!(all, (10..100).collect::<Vec<_>>());
        // Abandoning unit 40 (as after a stop) ends the prefix there.
        let b = pool.install(|| {
            run_blocks(
                0..100,
                5,
                &stop,
                &|_| {},
                || (),
                Vec::new,
                |_, a: &mut Vec<u64>, i| {
                    if i == 40 {
                        return false;
                    }
                    a.push(i);
                    true
                },
            )
        });
        let (end, accs) = b.prefix();
        assert_eq!(end, 40);
        let all: Vec<u64> = accs.into_iter().flatten().collect();
        assert_eq!(all, (0..40).collect::<Vec<_>>());
        // Raised before: nothing runs.
        stop.store(true, Ordering::SeqCst);
        let b = pool.install(|| run_blocks(0..100, 5, &stop, &|_| {}, || (), || 0, |_, _, _| true));
        assert_eq!(b.prefix().0, 0);
    }
}
