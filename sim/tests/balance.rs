//! The balance experiment: exact reproducibility, a planted card effect recovered as the
//! strongest significant card, the skill experiment against a chosen baseline, and the
//! `uno balance` command's files and errors.

mod common;

use common::{expect_ok, uno_in, TempDir};
use std::sync::atomic::AtomicBool;
use uno_agents::heuristic::HeuristicParams;
use uno_agents::mcts::MctsParams;
use uno_agents::{Agent, AgentSpec, AgentSupport, RandomAgent};
use uno_engine::classic::{parse_card, ClassicOptions, ClassicState, Event};
use uno_engine::{
    Action, ActionList, CardGame, CardInfo, DecisionKind, Ending, EventSink, Game, GameCounters,
    IllegalAction, Outcome, Rng, Seat, SwapRecord, MAX_PLAYERS,
};
use uno_sim::balance::report::{RunInfo, RunSetup};
use uno_sim::balance::{BalanceStats, Experiment};

fn setup(players: usize) -> RunSetup {
    RunSetup {
        variant: "test".into(),
        players,
        options: serde_json::Value::Null,
        agents: vec!["random".into(); players],
        skill_agent: "heuristic".into(),
        skill_baseline: "random".into(),
        seed: 5,
        max_deals: 0,
        precision_target: None,
        command: "test".into(),
    }
}

fn run_info() -> RunInfo {
    RunInfo {
        threads: 1,
        seconds: 0.0,
        games_per_second: 0.0,
        interrupted: false,
    }
}

fn run_classic(threads: usize, deals: u64, agents: &[AgentSpec]) -> BalanceStats {
    let opts = ClassicOptions::rlcard();
    let players = agents.len();
    let new_game = move |seed: u64| ClassicState::deal(opts, players, seed);
    let skill = AgentSpec::parse("heuristic").unwrap();
    let exp = Experiment {
        new_game: &new_game,
        agents,
        skill_agent: Some(&skill),
        skill_baseline: &AgentSpec::Random,
        master_seed: 5,
        max_deals: deals,
        precision: None,
        min_deals: 0,
        chunk: 97,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| exp.run(&AtomicBool::new(false), |_| {}))
        .stats
}

#[test]
fn results_do_not_depend_on_threads() {
    let agents = vec![
        AgentSpec::Random,
        AgentSpec::parse("heuristic").unwrap(),
        AgentSpec::Random,
    ];
    let a = run_classic(1, 300, &agents);
    let b = run_classic(2, 300, &agents);
    let c = run_classic(3, 300, &agents);
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
    assert_eq!(format!("{a:?}"), format!("{c:?}"));
    assert_eq!(a.deals, 300);
    // Per deal: as dealt, one game per swappable kind, and the skill games: a game is reused
    // where the seat's own agent already is the heuristic (seat 1) or random (seats 0 and 2),
    // so 200 deals need a heuristic game and 100 a random one.
    let swapped: u64 = a.cards.iter().map(|c| c.pairs).sum();
    let skipped: u64 = a.cards.iter().map(|c| c.skipped).sum();
    assert_eq!(swapped + skipped, 300 * 54);
    let skill_games = 200 + 100;
    assert_eq!(a.games, 300 + swapped + skill_games);
    // The opening hands observed: 7 cards per seat-game.
    let held: u64 = a.cards.iter().map(|c| c.held_games).sum();
    assert!(held <= 300 * 3 * 7 && held > 300 * 3 * 5, "{held}");
}

#[test]
fn a_different_seed_gives_different_results_the_same_seed_the_same() {
    let agents = vec![AgentSpec::Random; 2];
    let a = run_classic(2, 200, &agents);
    let b = run_classic(2, 200, &agents);
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
    let opts = ClassicOptions::rlcard();
    let new_game = move |seed: u64| ClassicState::deal(opts, 2, seed);
    let exp = Experiment {
        new_game: &new_game,
        agents: &agents,
        skill_agent: None,
        skill_baseline: &AgentSpec::Random,
        master_seed: 6,
        max_deals: 200,
        precision: None,
        min_deals: 0,
        chunk: 97,
    };
    let c = exp.run(&AtomicBool::new(false), |_| {}).stats;
    assert_ne!(format!("{:?}", a.cards), format!("{:?}", c.cards));
    assert_eq!(c.skill.deals, 0);
}

#[test]
fn precision_target_stops_early_and_interrupt_keeps_finished_chunks() {
    let agents = vec![AgentSpec::Random; 2];
    let opts = ClassicOptions::rlcard();
    let new_game = move |seed: u64| ClassicState::deal(opts, 2, seed);
    let mut exp = Experiment {
        new_game: &new_game,
        agents: &agents,
        skill_agent: None,
        skill_baseline: &AgentSpec::Random,
        master_seed: 1,
        max_deals: 1_000_000,
        precision: Some(0.2),
        min_deals: 100,
        chunk: 100,
    };
    let r = exp.run(&AtomicBool::new(false), |_| {});
    assert!(!r.interrupted);
    assert!(r.stats.deals < 1_000_000 && r.stats.deals.is_multiple_of(100));
    assert!(r.stats.max_half_width() <= 0.2);
    exp.precision = None;
    let r = exp.run(&AtomicBool::new(true), |_| {});
    assert!(r.interrupted);
    assert_eq!(r.stats.deals, 0);
}

/// Classic UNO with a planted rule for the test: whoever plays the card `decisive` wins at
/// once. Swapping that card into a seat's hand must show up as by far the strongest card.
#[derive(Clone, Debug)]
struct Planted {
    inner: ClassicState,
    decisive: usize,
    winner: Option<Seat>,
}

impl Game for Planted {
    const NUM_ACTIONS: usize = ClassicState::NUM_ACTIONS;
    type View = <ClassicState as Game>::View;
    type Event = Event;
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }
    fn to_act(&self) -> Option<(Seat, DecisionKind)> {
        if self.winner.is_some() {
            None
        } else {
            self.inner.to_act()
        }
    }
    fn legal_actions(&self, out: &mut ActionList) {
        if self.winner.is_some() {
            out.clear();
        } else {
            self.inner.legal_actions(out)
        }
    }
    fn check(&self, a: Action) -> Result<(), IllegalAction> {
        if self.winner.is_some() {
            return Err(IllegalAction::GameOver);
        }
        self.inner.check(a)
    }
    fn apply_unchecked(&mut self, a: Action) {
        let seat = self.inner.to_act().map(|(s, _)| s);
        let decisive = self.inner.played_kind(a) == Some(self.decisive);
        self.inner.apply_unchecked(a);
        if decisive {
            self.winner = seat;
        }
    }
    fn apply_logged(
        &mut self,
        a: Action,
        _log: &mut dyn EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        self.apply(a)
    }
    fn is_terminal(&self) -> bool {
        self.to_act().is_none()
    }
    fn outcome(&self) -> Option<Outcome> {
        let Some(w) = self.winner else {
            return self.inner.outcome();
        };
        let n = self.num_players();
        let mut placing = [0u8; MAX_PLAYERS];
        for (s, p) in placing.iter_mut().enumerate().take(n) {
            *p = if s == w as usize { 1 } else { 2 };
        }
        Some(Outcome {
            num_players: n as u8,
            winner: Some(w),
            placing,
            points: [0; MAX_PLAYERS],
            hands: 1,
            ending: Ending::OutOfCards,
        })
    }
    fn counters(&self) -> &GameCounters {
        self.inner.counters()
    }
    fn view(&self, seat: Seat) -> Self::View {
        self.inner.view(seat)
    }
    fn action_name(&self, a: Action) -> String {
        self.inner.action_name(a)
    }
}

impl CardGame for Planted {
    fn card_table(&self) -> &'static [CardInfo] {
        self.inner.card_table()
    }
    fn is_plain_number(&self, kind: usize) -> bool {
        kind != self.decisive && self.inner.is_plain_number(kind)
    }
    fn held(&self, seat: Seat, kind: usize) -> u32 {
        self.inner.held(seat, kind)
    }
    fn played_kind(&self, a: Action) -> Option<usize> {
        self.inner.played_kind(a)
    }
    fn census(&self, out: &mut [u32]) {
        self.inner.census(out)
    }
    fn swap_into_hand(&mut self, seat: Seat, kind: usize, rng: &mut Rng) -> Option<SwapRecord> {
        self.inner.swap_into_hand(seat, kind, rng)
    }
}

/// The planted game is played by random agents only (its agents never need more).
impl AgentSupport for Planted {
    fn heuristic(_p: &HeuristicParams) -> Box<dyn Agent<Self>> {
        Box::new(RandomAgent)
    }
    fn mcts(_p: &MctsParams) -> Box<dyn Agent<Self>> {
        Box::new(RandomAgent)
    }
}

#[test]
fn a_planted_decisive_card_is_the_strongest_and_significant() {
    let decisive = parse_card("G7").unwrap() as usize;
    let opts = ClassicOptions::rlcard();
    let new_game = move |seed: u64| Planted {
        inner: ClassicState::deal(opts, 3, seed),
        decisive,
        winner: None,
    };
    let agents = vec![AgentSpec::Random; 3];
    let exp = Experiment {
        new_game: &new_game,
        agents: &agents,
        skill_agent: None,
        skill_baseline: &AgentSpec::Random,
        master_seed: 9,
        max_deals: 3000,
        precision: None,
        min_deals: 0,
        chunk: 500,
    };
    let stats = exp.run(&AtomicBool::new(false), |_| {}).stats;
    let table = new_game(0).card_table();
    let mut s = setup(3);
    s.skill_agent.clear();
    s.skill_baseline.clear();
    let rep = stats.report(table, s, run_info());
    let top = &rep.cards[0];
    assert_eq!(top.code, "G7", "strongest: {top:?}");
    assert!(top.significant && top.p_holm < 1e-6, "{top:?}");
    assert!(top.strength > 0.15, "{top:?}");
    assert!(rep.cards[1].strength < top.strength / 2.0);
    // The planted card also stands out observationally: whoever plays it wins.
    assert!((top.win_when_played - 1.0).abs() < 1e-12);
    assert!(rep.skill.is_none());
    assert!(rep.summary[0].contains("G7"), "{:?}", rep.summary);
}

#[test]
fn report_seats_shape_and_observational_figures_are_consistent() {
    let agents = vec![AgentSpec::parse("heuristic").unwrap(); 2];
    let stats = run_classic(2, 400, &agents);
    let rep = stats.report(&uno_engine::classic::CARDS, setup(2), run_info());
    assert_eq!(rep.seats.len(), 2);
    let wins: u64 = rep.seats.iter().map(|s| s.wins).sum();
    assert_eq!(wins + rep.shape.truncated + rep.shape.aborted, 400);
    assert_eq!(rep.shape.turns.samples, 400);
    assert_eq!(rep.shape.hands.max, 1);
    assert_eq!(rep.shape.points.samples, 800);
    let binned: u64 = rep.shape.turns.bins.iter().map(|b| b.count).sum();
    assert_eq!(binned, 400);
    assert_eq!(rep.cards.len(), 54);
    let ranks: Vec<usize> = rep.cards.iter().map(|c| c.rank).collect();
    assert_eq!(ranks, (1..=54).collect::<Vec<_>>());
    for w in rep.cards.windows(2) {
        assert!(w[0].strength >= w[1].strength);
    }
    for c in &rep.cards {
        assert!(c.ci95.0 <= c.strength && c.strength <= c.ci95.1);
        assert!(c.p_holm >= c.p_value);
        assert!((c.strength - (c.swap_win_rate - c.base_win_rate)).abs() < 1e-9);
    }
    let s = rep.skill.as_ref().unwrap();
    assert_eq!(s.deals, 400);
    // With the heuristic in every seat, the skilled game is the as-dealt game.
    assert!(s.skilled_win_rate > s.baseline_win_rate);
}

#[test]
fn balance_command_writes_every_file_and_is_reproducible() {
    let dir = TempDir::named("balance", "files");
    let args = |out: &str, threads: &str| {
        vec![
            "balance",
            "-p",
            "2",
            "--preset",
            "rlcard",
            "-n",
            "300",
            "--precision",
            "0",
            "--chunk",
            "100",
            "-s",
            "3",
            "-t",
            threads,
            "--no-progress",
            "-o",
            out,
        ]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>()
    };
    let a1 = args("one", "1");
    let a2 = args("two", "2");
    let out = expect_ok(
        dir.path(),
        &a1.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    assert!(out.contains("300 deals"), "{out}");
    expect_ok(
        dir.path(),
        &a2.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    for f in uno_sim::balance::render::FILE_NAMES {
        assert!(dir.path().join("one").join(f).is_file(), "{f} missing");
    }
    let json = |d: &str| -> serde_json::Value {
        let mut v: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.path().join(d).join("report.json")).unwrap(),
        )
        .unwrap();
        v.as_object_mut().unwrap().remove("run");
        v
    };
    assert_eq!(json("one"), json("two"));
    let v = json("one");
    assert_eq!(v["deals"], 300);
    assert_eq!(
        v["setup"]["command"],
        "uno balance -v classic -p 2 -a heuristic --skill-agent heuristic --preset rlcard -n 300 --precision 0 -s 3"
    );
    let cards = std::fs::read_to_string(dir.path().join("one/cards.csv")).unwrap();
    assert_eq!(cards.lines().count(), 55);
    assert_eq!(
        std::fs::read_dir(dir.path().join("one"))
            .unwrap()
            .filter(|e| e
                .as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .contains("partial"))
            .count(),
        0,
        "no temporary files left"
    );
}

/// Runs classic (rlcard rules) with the given seat agents, skill agent and baseline.
fn run_skill(agents: &[AgentSpec], skill: &str, baseline: &str, deals: u64) -> BalanceStats {
    let opts = ClassicOptions::rlcard();
    let players = agents.len();
    let new_game = move |seed: u64| ClassicState::deal(opts, players, seed);
    let skill = AgentSpec::parse(skill).unwrap();
    let baseline = AgentSpec::parse(baseline).unwrap();
    let exp = Experiment {
        new_game: &new_game,
        agents,
        skill_agent: Some(&skill),
        skill_baseline: &baseline,
        master_seed: 11,
        max_deals: deals,
        precision: None,
        min_deals: 0,
        chunk: 64,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    pool.install(|| exp.run(&AtomicBool::new(false), |_| {}))
        .stats
}

fn skill_setup(players: usize, skill: &str, baseline: &str) -> RunSetup {
    RunSetup {
        skill_agent: skill.into(),
        skill_baseline: baseline.into(),
        ..setup(players)
    }
}

#[test]
fn an_agent_compared_with_itself_has_exactly_zero_gap() {
    let agents = vec![AgentSpec::Random; 3];
    let stats = run_skill(&agents, "heuristic", "heuristic", 300);
    let k = stats.skill;
    assert_eq!(k.deals, 300);
    assert_eq!((k.plus, k.minus), (0, 0));
    assert_eq!(k.skilled_wins, k.baseline_wins);
    // The heuristic wins some and loses some against three random players.
    assert!(k.skilled_wins > 0 && k.skilled_wins < 300, "{k:?}");
    let rep = stats.report(
        &uno_engine::classic::CARDS,
        skill_setup(3, "heuristic", "heuristic"),
        run_info(),
    );
    let s = rep.skill.as_ref().unwrap();
    assert_eq!(s.baseline, "heuristic");
    assert_eq!(s.skilled_win_rate, s.baseline_win_rate);
    assert_eq!(s.gap, 0.0);
    assert_eq!(s.ci95, (0.0, 0.0));
    assert_eq!(s.p_value, 1.0);
    let line = rep
        .summary
        .iter()
        .find(|l| l.starts_with("Agent comparison:"))
        .unwrap();
    assert!(line.ends_with("no significant difference."), "{line}");
    assert!(!rep.summary.iter().any(|l| l.contains("luck")));
}

#[test]
fn swapping_skill_agent_and_baseline_negates_the_gap_exactly() {
    // Seat 1's own agent is the heuristic, seats 0 and 2 are random: every reuse path is taken.
    let agents = vec![
        AgentSpec::Random,
        AgentSpec::parse("heuristic").unwrap(),
        AgentSpec::Random,
    ];
    let a = run_skill(&agents, "heuristic", "random", 300);
    let b = run_skill(&agents, "random", "heuristic", 300);
    assert_eq!(a.skill.deals, 300);
    assert_eq!(b.skill.deals, 300);
    assert_eq!(a.skill.skilled_wins, b.skill.baseline_wins);
    assert_eq!(a.skill.baseline_wins, b.skill.skilled_wins);
    assert_eq!((a.skill.plus, a.skill.minus), (b.skill.minus, b.skill.plus));
    assert!(a.skill.plus > a.skill.minus, "{:?}", a.skill);
    // The same games were played: the rest of the run is identical.
    assert_eq!(a.games, b.games);
    assert_eq!(format!("{:?}", a.cards), format!("{:?}", b.cards));
    assert_eq!(format!("{:?}", a.base), format!("{:?}", b.base));
    let table = &uno_engine::classic::CARDS;
    let ra = a.report(table, skill_setup(3, "heuristic", "random"), run_info());
    let rb = b.report(table, skill_setup(3, "random", "heuristic"), run_info());
    let (sa, sb) = (ra.skill.unwrap(), rb.skill.unwrap());
    assert_eq!(sb.gap, -sa.gap);
    assert_eq!(sb.ci95, (-sa.ci95.1, -sa.ci95.0));
    assert_eq!(sb.p_value, sa.p_value);
    assert_eq!(
        (sb.skilled_win_rate, sb.baseline_win_rate),
        (sa.baseline_win_rate, sa.skilled_win_rate)
    );
    // Against random: the skill-vs-luck sentence; against the heuristic: the neutral one.
    assert!(ra.summary.iter().any(|l| l.starts_with("Skill vs luck:")));
    let line = rb
        .summary
        .iter()
        .find(|l| l.starts_with("Agent comparison:"))
        .unwrap();
    assert!(line.contains("random wins"), "{line}");
    assert!(line.ends_with(": heuristic is better."), "{line}");
}

#[test]
fn balance_command_writes_the_skill_baseline() {
    let dir = TempDir::named("balance", "baseline");
    let out = expect_ok(
        dir.path(),
        &[
            "balance",
            "-p",
            "2",
            "--preset",
            "rlcard",
            "-a",
            "random",
            "--skill-agent",
            "random",
            "--skill-baseline",
            "heuristic",
            "-n",
            "200",
            "--precision",
            "0",
            "-t",
            "1",
            "--no-progress",
            "-o",
            "cmp",
        ],
    );
    assert!(out.contains("Agent comparison: "), "{out}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("cmp/report.json")).unwrap())
            .unwrap();
    assert_eq!(v["setup"]["skill_agent"], "random");
    assert_eq!(v["setup"]["skill_baseline"], "heuristic");
    assert_eq!(
        v["setup"]["command"],
        "uno balance -v classic -p 2 -a random --skill-agent random --skill-baseline heuristic \
         --preset rlcard -n 200 --precision 0 -s 1"
    );
    let skill = &v["skill"];
    assert_eq!(skill["agent"], "random");
    assert_eq!(skill["baseline"], "heuristic");
    assert!(skill.get("random_win_rate").is_none());
    let (sk, bl, gap) = (
        skill["skilled_win_rate"].as_f64().unwrap(),
        skill["baseline_win_rate"].as_f64().unwrap(),
        skill["gap"].as_f64().unwrap(),
    );
    assert!((gap - (sk - bl)).abs() < 1e-12);
    assert!(gap < 0.0, "random should lose to the heuristic: {skill}");
    let md = std::fs::read_to_string(dir.path().join("cmp/report.md")).unwrap();
    assert!(md.contains("the baseline `heuristic`"), "{md}");
    assert!(
        md.contains("heuristic is better against these opponents"),
        "{md}"
    );
    // Without the flag the baseline is random and the command line does not name it.
    expect_ok(
        dir.path(),
        &[
            "balance",
            "-p",
            "2",
            "-n",
            "20",
            "--precision",
            "0",
            "-t",
            "1",
            "--no-progress",
            "-o",
            "dflt",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("dflt/report.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(v["setup"]["skill_baseline"], "random");
    assert_eq!(v["skill"]["baseline"], "random");
    assert!(!v["setup"]["command"]
        .as_str()
        .unwrap()
        .contains("--skill-baseline"));
}

#[test]
fn balance_command_rejects_bad_input() {
    let dir = TempDir::named("balance", "errors");
    for (args, want) in [
        (vec!["balance", "--precision", "2"], "--precision"),
        (vec!["balance", "--precision=-0.1"], "--precision"),
        (vec!["balance", "-n", "0"], "--deals"),
        (vec!["balance", "--skill-agent", "genius"], "--skill-agent"),
        (
            vec!["balance", "--skill-baseline", "genius"],
            "--skill-baseline",
        ),
        (
            vec!["balance", "--skill-baseline", "random:fast"],
            "--skill-baseline",
        ),
        (
            vec!["balance", "--no-skill", "--skill-baseline", "heuristic"],
            "--skill-baseline",
        ),
        (vec!["balance", "-a", "random,random"], "--agents"),
        (vec!["balance", "-v", "hot-potato"], "unknown variant"),
        (vec!["balance", "-p", "11"], "players"),
        (vec!["balance", "--set", "hand_size=0"], "hand_size"),
        (vec!["balance", "-t", "0"], "--threads"),
    ] {
        let o = uno_in(dir.path(), &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = common::stderr(&o);
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert!(!dir.path().join("out").exists(), "no output on bad input");
}

#[test]
fn kinds_absent_from_the_deck_are_left_out_of_the_report() {
    use uno_engine::hotdeath::{HotDeathOptions, HotDeathState, CARDS as HD_CARDS};
    let opts = HotDeathOptions {
        target: 0,
        hand_size: Some(7),
        ..HotDeathOptions::default()
    };
    let new_game = move |seed: u64| HotDeathState::deal(opts, 3, seed);
    let agents = vec![AgentSpec::Random; 3];
    let exp = Experiment {
        new_game: &new_game,
        agents: &agents,
        skill_agent: None,
        skill_baseline: &AgentSpec::Random,
        master_seed: 2,
        max_deals: 30,
        precision: None,
        min_deals: 0,
        chunk: 30,
    };
    let stats = exp.run(&AtomicBool::new(false), |_| {}).stats;
    let mut s = setup(3);
    s.skill_agent.clear();
    s.skill_baseline.clear();
    let rep = stats.report(&HD_CARDS, s, run_info());
    // The default deck has one Spreader (yellow): the other three colours' Spreaders are absent.
    assert_eq!(rep.cards.len(), 81 - 3);
    assert!(rep.cards.iter().all(|c| c.copies > 0));
    assert!(!rep.cards.iter().any(|c| c.code == "RSP"));
    assert_eq!(rep.cards.iter().map(|c| c.copies).sum::<u32>(), 324);
}
