//! The summary's numbers: exact game-length percentiles (against values computed by sorting,
//! in the library and end to end from `games.csv`), and merging in any order.

use serde_json::Value;
use uno_engine::{GameCounters, Rng};
use uno_sim::stats::{GameRecord, LengthHist, Stats, DENSE_LENGTHS};

mod common;
use common::expect_ok;

fn record(turns: u32) -> GameRecord {
    GameRecord {
        index: 0,
        seed: 0,
        outcome: None,
        counters: GameCounters {
            turns,
            ..Default::default()
        },
        aborted_by: None,
    }
}

/// Nearest rank, by sorting: the `⌈p·n/100⌉`-th smallest (at least the first).
fn by_sorting(sorted: &[u32], pct: u64) -> u64 {
    let rank = (pct * sorted.len() as u64).div_ceil(100).max(1);
    sorted[rank as usize - 1] as u64
}

/// Lengths like a 4-player random game's (mostly a few hundred to a few thousand turns), with
/// a tail past 4,096 and a few past the dense array (`DENSE_LENGTHS`), where the old histogram
/// had 64-turn buckets or lumped everything together.
fn lengths(n: usize, seed: u64) -> Vec<u32> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|i| match i % 50 {
            0 => 4_097 + rng.below(12_000),
            1 => DENSE_LENGTHS as u32 + rng.below(3),
            2 if i % 200 == 2 => 250_000 + rng.below(1_000_000),
            _ => 1 + rng.below(2_000) + rng.below(2_000),
        })
        .collect()
}

#[test]
fn length_percentiles_are_exact() {
    // Sizes that are not multiples of 100 check the rank's rounding.
    for (n, seed) in [(1usize, 1u64), (7, 2), (100, 3), (1_001, 4), (20_357, 5)] {
        let ls = lengths(n, seed);
        let mut st = Stats::new(4);
        for &t in &ls {
            st.record(&record(t));
        }
        let mut sorted = ls.clone();
        sorted.sort_unstable();
        for pct in [0u32, 1, 10, 50, 90, 99, 100] {
            assert_eq!(
                st.length_percentile(pct),
                by_sorting(&sorted, pct as u64),
                "p{pct} of {n} lengths"
            );
        }
        let report = st.report(&vec!["random".to_string(); 4]).length;
        assert_eq!(report.p50_turns, by_sorting(&sorted, 50));
        assert_eq!(report.p90_turns, by_sorting(&sorted, 90));
        assert_eq!(report.p99_turns, by_sorting(&sorted, 99));
        assert_eq!(report.max_turns, *sorted.last().unwrap() as u64);
        assert_eq!(st.length_percentile(100), report.max_turns);
        assert_eq!(st.lengths.games(), n as u64);
    }
    let long = lengths(20_357, 5);
    assert!(
        long.iter()
            .filter(|&&t| t as usize >= DENSE_LENGTHS)
            .count()
            > 100
    );
    assert_eq!(Stats::new(2).length_percentile(50), 0, "no games");
}

#[test]
fn length_histogram_counts_every_length() {
    let mut h = LengthHist::default();
    for t in [5u32, 3, 5, 70_000, 1_200, 5, u32::MAX] {
        h.add(t);
    }
    let pairs: Vec<(u32, u64)> = h.iter().collect();
    assert_eq!(
        pairs,
        vec![(3, 1), (5, 3), (1_200, 1), (70_000, 1), (u32::MAX, 1)]
    );
    assert_eq!(h.percentile(50), 5);
    assert_eq!(h.percentile(80), 70_000);
    assert_eq!(h.percentile(100), u32::MAX as u64);
    assert_eq!(
        format!("{h:?}"),
        "{3: 1, 5: 3, 1200: 1, 70000: 1, 4294967295: 1}"
    );
}

#[test]
fn merging_in_any_order_gives_the_same_summary() {
    let ls = lengths(5_000, 9);
    let mut all = Stats::new(3);
    for &t in &ls {
        all.record(&record(t));
    }
    // Uneven parts, so that each grows its dense array to a different size.
    let bounds = [0, 3, 700, 701, 2_600, 5_000];
    let parts: Vec<Stats> = bounds
        .windows(2)
        .map(|w| {
            let mut s = Stats::new(3);
            for &t in &ls[w[0]..w[1]] {
                s.record(&record(t));
            }
            s
        })
        .collect();
    let agents = vec!["random".to_string(); 3];
    let orders: [&[usize]; 3] = [&[0, 1, 2, 3, 4], &[4, 3, 2, 1, 0], &[2, 0, 4, 1, 3]];
    for order in orders {
        let mut m = Stats::new(3);
        for &k in order {
            m.merge(&parts[k]);
        }
        assert_eq!(m.lengths, all.lengths, "order {order:?}");
        assert_eq!(format!("{m:?}"), format!("{all:?}"), "order {order:?}");
        assert_eq!(m.report(&agents), all.report(&agents), "order {order:?}");
    }
    // A tree of merges (as rayon's reduce makes), empty accumulators included.
    let mut left = Stats::new(3);
    left.merge(&parts[3]);
    left.merge(&parts[0]);
    let mut right = parts[4].clone();
    right.merge(&Stats::new(3));
    right.merge(&parts[1]);
    right.merge(&parts[2]);
    right.merge(&left);
    assert_eq!(format!("{right:?}"), format!("{all:?}"));
}

/// End to end: the summary's percentiles are those of the `turns` column of `games.csv`, for
/// 4-player random games (about 1,600 turns long, where the old histogram rounded).
#[test]
fn summary_percentiles_match_games_csv() {
    let dir = common::TempDir::named("stats", "percentiles_csv");
    let out = dir.path().join("run");
    let out_s = out.to_str().unwrap();
    for threads in ["1", "2"] {
        expect_ok(
            dir.path(),
            &[
                "simulate",
                "-p",
                "4",
                "-n",
                "1500",
                "--seed",
                "11",
                "--threads",
                threads,
                "-o",
                out_s,
                "--csv",
                "--no-progress",
            ],
        );
        let text = std::fs::read_to_string(out.join("summary.json")).unwrap();
        let summary: Value = serde_json::from_str(&text).unwrap();
        let len = &summary["stats"]["length"];
        let mut rdr = csv::Reader::from_path(out.join("games.csv")).unwrap();
        let col = rdr.headers().unwrap().iter().position(|h| h == "turns");
        let col = col.expect("games.csv has a turns column");
        let mut turns: Vec<u32> = rdr
            .records()
            .map(|r| r.unwrap()[col].parse().unwrap())
            .collect();
        assert_eq!(turns.len(), 1500);
        turns.sort_unstable();
        for (key, pct) in [("p50_turns", 50), ("p90_turns", 90), ("p99_turns", 99)] {
            assert_eq!(
                len[key],
                by_sorting(&turns, pct),
                "{key}, {threads} thread(s)"
            );
        }
        assert_eq!(len["max_turns"], *turns.last().unwrap() as u64);
        assert!(
            len["p50_turns"].as_u64().unwrap() > 1_024,
            "long games: the median is past the old exact range"
        );
        std::fs::remove_dir_all(&out).unwrap();
    }
}
