//! The variant registry reaches every subcommand and help text: a variant that is registered
//! (listed by `uno rules --json`) but missing from any of them fails here.

mod common;

use common::{expect_ok, stderr, uno_in, TempDir};
use serde_json::Value;

const SUBCOMMANDS: [&str; 6] = [
    "simulate",
    "replay",
    "rules",
    "tournament",
    "balance",
    "train",
];

/// The registered variants, as `uno rules --json` lists them.
fn registered(dir: &std::path::Path) -> Vec<Value> {
    let v: Value = serde_json::from_str(&expect_ok(dir, &["rules", "--json"])).unwrap();
    let list = v.as_array().expect("a list of variants").clone();
    assert!(list.len() >= 2, "classic and hot-death at least: {v}");
    list
}

#[test]
fn every_variant_is_in_every_help_text() {
    let d = TempDir::named("registry", "help");
    let variants = registered(d.path());
    let top = expect_ok(d.path(), &["--help"]);
    for sub in SUBCOMMANDS {
        assert!(top.contains(sub), "--help should name {sub}:\n{top}");
        let help = expect_ok(d.path(), &[sub, "--help"]);
        for v in &variants {
            let name = v["name"].as_str().unwrap();
            assert!(
                help.contains(name),
                "`uno {sub} --help` omits {name}:\n{help}"
            );
        }
        if sub != "rules" {
            for v in &variants {
                for p in v["presets"].as_array().unwrap() {
                    let p = p.as_str().unwrap();
                    assert!(
                        help.contains(p),
                        "`uno {sub} --help` omits preset {p}:\n{help}"
                    );
                }
            }
        }
    }
    for v in &variants {
        let name = v["name"].as_str().unwrap();
        assert!(top.contains(name), "--help omits {name}:\n{top}");
    }
    let sim = expect_ok(d.path(), &["simulate", "--help"]);
    assert!(sim.contains("neural:PATH"), "{sim}");
    assert!(
        sim.contains("out/simulate-"),
        "-o names its default:\n{sim}"
    );
}

#[test]
fn every_variant_runs_in_every_subcommand() {
    let d = TempDir::named("registry", "runs");
    for v in registered(d.path()) {
        let name = v["name"].as_str().unwrap();
        let players = v["players"][0].as_u64().unwrap().to_string();
        let p = players.as_str();
        // Aliases reach the same variant.
        for alias in v["aliases"].as_array().unwrap() {
            let out = expect_ok(
                d.path(),
                &["rules", "-v", alias.as_str().unwrap(), "--json"],
            );
            let r: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(r["variant"], name);
        }
        let rules: Value =
            serde_json::from_str(&expect_ok(d.path(), &["rules", "-v", name, "--json"])).unwrap();
        assert_eq!(rules["variant"], name);
        let docs = rules["option_docs"].as_array().unwrap();
        assert_eq!(docs.len(), rules["options"].as_object().unwrap().len());
        for o in docs {
            for field in ["key", "type", "meaning", "source"] {
                assert!(o[field].as_str().is_some_and(|s| !s.is_empty()), "{o}");
            }
            assert!(o.get("default").is_some(), "{o}");
        }
        let text = expect_ok(d.path(), &["rules", "-v", name]);
        assert!(
            text.contains(rules["rules_doc"].as_str().unwrap()),
            "{text}"
        );

        let sim = expect_ok(
            d.path(),
            &[
                "simulate",
                "-v",
                name,
                "-p",
                p,
                "-n",
                "3",
                "--no-write",
                "--no-progress",
                "--json",
            ],
        );
        let s: Value = serde_json::from_str(&sim).unwrap();
        assert_eq!(s["variant"], name);
        expect_ok(d.path(), &["replay", "-v", name, "-p", p, "-a", "first"]);
        expect_ok(
            d.path(),
            &[
                "tournament",
                "-v",
                name,
                "-p",
                p,
                "-a",
                "random,first",
                "-n",
                "1",
                "--no-write",
                "--no-progress",
            ],
        );
        // Balance and train may refuse a variant's defaults (an undealt hand, no encoder), but
        // never as an unknown variant.
        for args in [
            vec!["balance", "-v", name, "-p", p, "-n", "1", "--no-write"],
            // (resuming from a folder that holds no run: an error once the variant is known)
            vec![
                "train",
                "-v",
                name,
                "-p",
                p,
                "--resume",
                "-o",
                "no-such-run",
            ],
        ] {
            let o = uno_in(d.path(), &args);
            let e = stderr(&o);
            assert!(
                !e.contains("unknown variant") && !e.contains("panicked"),
                "uno {args:?}: {e}"
            );
        }
    }
}

#[test]
fn unknown_variants_and_presets_list_the_registry() {
    let d = TempDir::named("registry", "unknown");
    for sub in SUBCOMMANDS {
        let o = uno_in(d.path(), &[sub, "-v", "hotdog"]);
        assert_eq!(o.status.code(), Some(2), "uno {sub}");
        let e = stderr(&o);
        assert!(
            e.contains("unknown variant 'hotdog'") && e.contains("classic, hot-death"),
            "uno {sub}: {e}"
        );
    }
    let o = uno_in(
        d.path(),
        &[
            "simulate",
            "-v",
            "hot-death",
            "--preset",
            "rlcard",
            "-n",
            "1",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("unknown preset 'rlcard' for hot-death (known: seed, hand, port)"),
        "{e}"
    );
}

/// Every registered variant plays the same games whatever the thread count: `simulate`'s
/// statistics (timings aside) are identical on 1 and 2 threads (and chunked differently).
#[test]
fn every_variant_is_thread_independent() {
    let d = TempDir::named("registry", "threads");
    for v in registered(d.path()) {
        let name = v["name"].as_str().unwrap();
        let stats = |threads: &str, chunk: &str| -> Value {
            let out = expect_ok(
                d.path(),
                &[
                    "simulate",
                    "-v",
                    name,
                    "-n",
                    "60",
                    "-s",
                    "11",
                    "-t",
                    threads,
                    "--chunk",
                    chunk,
                    "--no-write",
                    "--no-progress",
                    "--json",
                ],
            );
            let json: Value = serde_json::from_str(&out)
                .unwrap_or_else(|e| panic!("{name}: simulate --json is not JSON ({e}):\n{out}"));
            json["stats"].clone()
        };
        assert_eq!(
            stats("1", "7"),
            stats("2", "3"),
            "{name}: the statistics depend on the thread count"
        );
    }
}
