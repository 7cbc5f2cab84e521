//! Calibrates the observed opponent model (`mcts:opp_model=observed`, `OpponentModel`): plays
//! 4-player games of random, random, heuristic, heuristic under the given rules and counts,
//! between two consecutive normal turns of seat 3, how each other seat's hand size changed, by
//! that seat's hand size at the first of the two turns. It prints the table of log likelihood
//! ratios (random against heuristic) that `OpponentModel` uses for those rules (an `Evidence`
//! constant in `agents/src/mcts.rs`), and how the estimate with the library's table for those
//! rules moves over a game on fresh deals.
//!
//! `cargo run --release -p uno-agents --example opponent_calibration [games] [seed] [rules]`
//! (defaults 20,000, 7 and `official`; rules: `official`, `rlcard` (classic presets) or
//! `hot-death` (single hands); the estimate is checked on as many games from seed + 1).
use uno_agents::classic::{EVIDENCE_CLASSIC, EVIDENCE_CLASSIC_RLCARD};
use uno_agents::hotdeath::EVIDENCE_HOT_DEATH;
use uno_agents::mcts::{Evidence, OpponentModel, SIZE_CHANGES, SIZE_CLASSES};
use uno_agents::{Agent, AgentFactory, AgentSpec, AgentSupport, Decision};
use uno_engine::classic::{ClassicOptions, ClassicState};
use uno_engine::hotdeath::{HotDeathOptions, HotDeathState};
use uno_engine::{game_seed, stream_seed, ActionList, DecisionKind, Rng};

/// How to deal a game from a seed, and how many cards a seat holds.
struct Rules<'a, G> {
    deal: &'a dyn Fn(u64) -> G,
    size: fn(&G, usize) -> u32,
}

/// Plays `games` games from `seed` and calls `at_turn(game index, hand sizes)` at each normal
/// turn of seat 3.
fn play<G: AgentSupport>(
    games: u64,
    seed: u64,
    rules: &Rules<G>,
    mut at_turn: impl FnMut(u64, &[u32; 4]),
) {
    let specs =
        ["random", "random", "heuristic", "heuristic"].map(|s| AgentSpec::parse(s).unwrap());
    let mut legal = ActionList::new();
    for g in 0..games {
        let gs = game_seed(seed, g);
        let mut st = (rules.deal)(stream_seed(gs, 0));
        let mut agents: Vec<Box<dyn Agent<G>>> =
            specs.iter().map(AgentFactory::<G>::build).collect();
        let mut rngs: Vec<Rng> = (0..4).map(|s| Rng::new(stream_seed(gs, 10 + s))).collect();
        while let Some((seat, kind)) = st.to_act() {
            st.legal_actions(&mut legal);
            if seat == 3 && kind == DecisionKind::Play {
                at_turn(g, &std::array::from_fn(|i| (rules.size)(&st, i)));
            }
            let d = Decision::new(&st, seat, kind, legal.as_slice());
            let a = agents[seat as usize].act(&d, &mut rngs[seat as usize]);
            st.apply_unchecked(a);
        }
    }
}

fn main() {
    let arg = |i: usize, d: u64| {
        std::env::args()
            .nth(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(d)
    };
    let (games, seed) = (arg(1, 20_000), arg(2, 7));
    let rules = std::env::args().nth(3).unwrap_or_else(|| "official".into());
    let classic = |o: ClassicOptions| move |seed| ClassicState::new(o, 4, seed).unwrap();
    let classic_size = |s: &ClassicState, i| s.hand(i).len() as u32;
    let (official, rlcard) = (
        classic(ClassicOptions::default()),
        classic(ClassicOptions::rlcard()),
    );
    let hot_death = |seed| HotDeathState::new(HotDeathOptions::single_hand(), 4, seed).unwrap();
    match rules.as_str() {
        "official" => calibrate(
            games,
            seed,
            &Rules {
                deal: &official,
                size: classic_size,
            },
            ("EVIDENCE_CLASSIC", &EVIDENCE_CLASSIC),
        ),
        "rlcard" => calibrate(
            games,
            seed,
            &Rules {
                deal: &rlcard,
                size: classic_size,
            },
            ("EVIDENCE_CLASSIC_RLCARD", &EVIDENCE_CLASSIC_RLCARD),
        ),
        "hot-death" => calibrate(
            games,
            seed,
            &Rules {
                deal: &hot_death,
                size: |s: &HotDeathState, i| s.hand(i).len() as u32,
            },
            ("EVIDENCE_HOT_DEATH", &EVIDENCE_HOT_DEATH),
        ),
        _ => {
            eprintln!("unknown rules {rules:?} (expected official, rlcard or hot-death)");
            std::process::exit(2);
        }
    }
}

/// Measures the evidence table for the games of `rules` and checks the estimate with
/// `library`, the table the library uses for them (name, table).
fn calibrate<G: AgentSupport>(games: u64, seed: u64, rules: &Rules<G>, library: (&str, &Evidence)) {
    // counts[random 0 / heuristic 1][size class][size change class]
    let mut counts = [[[0u64; SIZE_CHANGES]; SIZE_CLASSES]; 2];
    let mut last = (u64::MAX, [0u32; 4]);
    play(games, seed, rules, |g, sizes| {
        if last.0 == g {
            for seat in 0..3 {
                let (s, c) = OpponentModel::classes(last.1[seat], sizes[seat]);
                counts[(seat >= 2) as usize][s][c] += 1;
            }
        }
        last = (g, *sizes);
    });
    let mut table = [[0f64; SIZE_CHANGES]; SIZE_CLASSES];
    println!("// counts (random | heuristic) by size class, size changes -2 or less, -1, 0, +1, +2, +3, +4 or more");
    for (s, row) in table.iter_mut().enumerate() {
        println!("// {:?} | {:?}", counts[0][s], counts[1][s]);
        let total = |t: usize| counts[t][s].iter().sum::<u64>() as f64 + SIZE_CHANGES as f64;
        for (c, x) in row.iter_mut().enumerate() {
            // Add-one smoothing; a change never seen with either kind carries no evidence.
            let p = |t: usize| (counts[t][s][c] as f64 + 1.0) / total(t);
            if counts[0][s][c] + counts[1][s][c] > 0 {
                *x = (p(0) / p(1)).ln();
            }
        }
    }
    println!("pub const {}: Evidence = [", library.0);
    for row in &table {
        let cells: Vec<String> = row.iter().map(|x| format!("{x:.2}")).collect();
        println!("    [{}],", cells.join(", "));
    }
    println!("];");
    // How the model in the library (its own table) separates the two kinds on fresh deals.
    let (mut sum, mut n) = ([[0f64; 2]; 8], [0u64; 8]);
    let (mut model, mut game, mut turn) = (OpponentModel::default(), u64::MAX, 0usize);
    play(games, seed + 1, rules, |g, sizes| {
        if g != game {
            (model, game, turn) = (OpponentModel::default(), g, 0);
        }
        model.observe(0, sizes, library.1);
        let b = (turn / 3).min(7);
        sum[b][0] += (model.p_random(0) + model.p_random(1)) / 2.0;
        sum[b][1] += model.p_random(2);
        n[b] += 1;
        turn += 1;
    });
    println!("// estimate that a seat plays at random, mean over the seats of each kind:");
    for b in 0..8 {
        let last = if b == 7 {
            "+".to_string()
        } else {
            format!("-{}", b * 3 + 3)
        };
        println!(
            "//   normal turns {}{last}: random seats {:.3}, heuristic seat {:.3}",
            b * 3 + 1,
            sum[b][0] / n[b].max(1) as f64,
            sum[b][1] / n[b].max(1) as f64
        );
    }
}
