//! `uno train`: the command around `crate::train`.

use crate::cli::TrainArgs;

#[cfg(feature = "neural")]
pub use crate::train::Reward;

/// Without the `neural` feature the flag still parses (the command then says what to rebuild).
#[cfg(not(feature = "neural"))]
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Reward {
    Win,
    Placing,
}

#[cfg(not(feature = "neural"))]
pub fn train(_a: TrainArgs) -> Result<(), String> {
    Err(
        "this build has no neural training: rebuild with `--features neural`, e.g. \
         cargo run --release -p uno-sim --features neural --bin uno -- train"
            .into(),
    )
}

#[cfg(feature = "neural")]
pub fn train(a: TrainArgs) -> Result<(), String> {
    struct Train(TrainArgs);
    impl crate::variant::VariantCommand for Train {
        type Output = Result<(), String>;
        fn run<G: crate::variant::SimGame>(self) -> Result<(), String> {
            imp::train_with::<G>(self.0)
        }
    }
    a.variant.dispatch(Train(a))
}

#[cfg(feature = "neural")]
mod imp {
    use super::TrainArgs;
    use crate::cli::{default_out, thread_pool};
    use crate::output::write_atomic;
    use crate::progress::{self, Notice};
    use crate::train::{self, CurvePoint, TrainConfig, Trainer};
    use crate::variant::SimGame;
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicU64, Ordering};

    fn parse_hidden(s: &str) -> Result<Vec<usize>, String> {
        s.split(',')
            .map(|x| {
                x.trim()
                    .parse::<usize>()
                    .map_err(|_| format!("--hidden '{s}': '{x}' is not a layer width"))
            })
            .collect()
    }

    fn eval_line(p: &CurvePoint) -> String {
        let evals: Vec<String> = p
            .evals
            .iter()
            .map(|e| {
                format!(
                    "vs {} {:.3} [{:.3}, {:.3}]",
                    e.opponent, e.win_rate, e.lo, e.hi
                )
            })
            .collect();
        let loss = p.loss.map_or("-".into(), |l| format!("{l:.4}"));
        format!(
            "iteration {:>5}  games {:>9}  {:>7.1} s  loss {loss}  {}",
            p.iteration,
            p.games,
            p.seconds,
            evals.join("  ")
        )
    }

    pub fn train_with<G: SimGame>(a: TrainArgs) -> Result<(), String> {
        let (pool, threads) = thread_pool(a.threads)?;
        let (cfg, out) = if a.resume {
            let out = a
                .out
                .clone()
                .ok_or("--resume needs --out, the folder of the run to continue")?;
            let tuning = a.opponents.is_some()
                || a.hidden.is_some()
                || a.encoder.is_some()
                || a.lr.is_some()
                || a.batch.is_some()
                || a.games_per_iter.is_some()
                || a.epsilon.is_some()
                || a.reward.is_some()
                || a.teacher.is_some()
                || a.teacher_weight.is_some()
                || a.teacher_temperature.is_some()
                || a.teacher_draw
                || a.teacher_kinds.is_some()
                || a.epsilon_start.is_some()
                || a.epsilon_decay_games.is_some()
                || a.pool_size.is_some()
                || a.max_decisions.is_some()
                || a.checkpoint_every.is_some()
                || a.eval_deals.is_some()
                || a.seed.is_some()
                || a.init.is_some()
                || a.opts.options.is_some()
                || a.opts.preset.is_some()
                || !a.opts.set.is_empty();
            if tuning {
                return Err(
                    "with --resume the run's settings come from its train.json; only \
                            --games, --minutes and --threads may be given"
                        .into(),
                );
            }
            let p = train::train_json(&out);
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            let mut cfg: TrainConfig =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))?;
            if cfg.variant != G::INFO.name {
                return Err(format!(
                    "{}: the run is for variant '{}', not '{}'",
                    p.display(),
                    cfg.variant,
                    G::INFO.name
                ));
            }
            if let Some(g) = a.games {
                cfg.games = g;
            }
            if let Some(m) = a.minutes {
                cfg.minutes = m;
            }
            (cfg, out)
        } else {
            let input = a.opts.gather()?;
            let opts = input.resolve::<G>(a.players)?;
            let seed = a.seed.unwrap_or(1);
            // A warm start keeps the starting model's layer widths (and, unless told, its
            // encoder).
            let init_cfg = match &a.init {
                Some(dir) => {
                    Some(uno_agents::neural::read_config(dir).map_err(|e| format!("--init: {e}"))?)
                }
                None => None,
            };
            let init_hidden = init_cfg.as_ref().map(|c| c.hidden.clone());
            let encoder = a
                .encoder
                .clone()
                .or_else(|| init_cfg.as_ref().and_then(|c| c.encoder.clone()));
            let hidden = match (&a.hidden, init_hidden) {
                (Some(h), None) => parse_hidden(h)?,
                (None, None) => vec![256, 256],
                (None, Some(h)) => h,
                (Some(h), Some(m)) => {
                    let h = parse_hidden(h)?;
                    if h != m {
                        return Err(format!(
                            "--hidden {h:?} differs from the --init model's layer widths {m:?}; \
                             leave --hidden out"
                        ));
                    }
                    h
                }
            };
            if a.teacher.is_none()
                && (a.teacher_weight.is_some()
                    || a.teacher_temperature.is_some()
                    || a.teacher_draw
                    || a.teacher_kinds.is_some())
            {
                return Err(
                    "--teacher-weight, --teacher-temperature, --teacher-draw and \
                     --teacher-kinds need --teacher"
                        .into(),
                );
            }
            let cfg = TrainConfig {
                variant: G::INFO.name.into(),
                players: a.players,
                options: serde_json::to_value(opts).expect("options serialise"),
                seed,
                hidden,
                encoder,
                init: a.init.as_ref().map(|p| p.display().to_string()),
                learning_rate: a.lr.unwrap_or(1e-3),
                batch_size: a.batch.unwrap_or(512),
                games_per_iter: a.games_per_iter.unwrap_or(256),
                epsilon: a.epsilon.unwrap_or(0.05),
                epsilon_start: a.epsilon_start.unwrap_or(0.2),
                epsilon_decay_games: a.epsilon_decay_games.unwrap_or(10_000),
                opponents: a.opponents.clone().unwrap_or_else(|| "self".into()),
                reward: a.reward.unwrap_or_default(),
                teacher: a.teacher.clone().map(|spec| train::Teacher {
                    spec,
                    weight: a.teacher_weight.unwrap_or(0.01),
                    temperature: a.teacher_temperature.unwrap_or(0.02),
                    draw: a.teacher_draw,
                    kinds: a.teacher_kinds.clone().unwrap_or_default(),
                }),
                pool_size: a.pool_size.unwrap_or(8),
                max_decisions: a.max_decisions.unwrap_or(1000),
                games: a
                    .games
                    .unwrap_or(if a.minutes.is_some() { 0 } else { 200_000 }),
                minutes: a.minutes.unwrap_or(0.0),
                checkpoint_every: a.checkpoint_every.unwrap_or(40),
                eval_deals: a.eval_deals.unwrap_or(1000),
            };
            let out = a.out.clone().unwrap_or_else(|| {
                PathBuf::from(default_out("train", G::INFO.name, a.players, seed))
            });
            if out.join(train::CHECKPOINT_DIR).exists() {
                return Err(format!(
                    "{} already holds a training run: continue it with --resume, or choose \
                     another --out",
                    out.display()
                ));
            }
            (cfg, out)
        };
        cfg.validate()?;
        // The game options as the variant parses them (also validates a resumed train.json).
        let input = crate::config::OptionInput::from_value(&cfg.options)?;
        let opts = input.resolve::<G>(cfg.players)?;
        let stop = progress::interrupt_flag();
        crate::output::create_dir(&out)?;
        let mut t = if a.resume {
            Trainer::<G>::resume(cfg.clone(), opts, &out)?
        } else {
            Trainer::<G>::new(cfg.clone(), opts)?
        };
        write_atomic(
            &train::train_json(&out),
            (serde_json::to_string_pretty(&cfg).expect("serialises") + "\n").as_bytes(),
        )?;
        // Provenance: one entry per invocation (the first run, then each --resume).
        let prov_path = out.join("provenance.json");
        let mut runs: Vec<serde_json::Value> = if a.resume {
            std::fs::read_to_string(&prov_path)
                .ok()
                .and_then(|s| serde_json::from_str(&s).ok())
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        runs.push(
            serde_json::to_value(crate::provenance::Provenance::new(
                G::INFO.name,
                cfg.players,
                cfg.options.clone(),
                vec![format!("learner against {}", cfg.opponents)],
                cfg.seed,
                threads,
            ))
            .expect("serialises"),
        );
        write_atomic(
            &prov_path,
            (serde_json::to_string_pretty(&runs).expect("serialises") + "\n").as_bytes(),
        )?;
        progress::arm(Notice {
            unit: "games".into(),
            saved_to: Some(out.clone()),
            kept: "the network is evaluated and a checkpoint (continue with --resume)".into(),
            bar: None,
            after: Some(format!(
                "the current iteration (up to {} games)",
                cfg.games_per_iter
            )),
        });
        let quiet = a.quiet;
        // The iteration of the last evaluation line printed on stderr (not printed again).
        let shown = AtomicU64::new(u64::MAX);
        if !quiet {
            eprintln!(
                "training {} {}p in {} ({} threads); checkpoints every {} iterations of {} games",
                cfg.variant,
                cfg.players,
                out.display(),
                threads,
                cfg.checkpoint_every,
                cfg.games_per_iter
            );
        }
        let interrupted = pool.install(|| {
            train::run(&mut t, &out, stop, |t, p| {
                if let (Some(p), false) = (p, quiet) {
                    if let (0, Some(b)) = (p.iteration, &t.progress.baseline) {
                        eprintln!(
                            "reference: heuristic vs random {:.3} [{:.3}, {:.3}] on the same deals",
                            b.win_rate, b.lo, b.hi
                        );
                    }
                    eprintln!("{}", eval_line(p));
                    shown.store(p.iteration, Ordering::Relaxed);
                }
            })
        })?;
        println!(
            "{} after {} games ({} samples, {} updates, {:.1} s); model: neural:{}",
            if interrupted {
                "interrupted"
            } else {
                "trained"
            },
            t.progress.games,
            t.progress.samples,
            t.progress.steps,
            t.progress.seconds,
            out.display()
        );
        // The final evaluation, unless the progress lines just showed it.
        if let Some(last) = t.curve.last() {
            if shown.load(Ordering::Relaxed) != last.iteration {
                println!("{}", eval_line(last));
            }
        }
        if interrupted {
            eprintln!(
                "interrupted: the checkpoint in {} is complete and saved: continue with --resume",
                out.display()
            );
            return Err(progress::interrupted());
        }
        Ok(())
    }
}
