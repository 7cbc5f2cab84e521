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
        loser_only: false,
    }
}

fn run_info() -> RunInfo {
    RunInfo {
        provenance: None,
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
            loser: None,
            no_loser: false,
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
    let strongest = rep
        .summary
        .iter()
        .find(|l| l.starts_with("Strongest card:"));
    assert!(strongest.unwrap().contains("G7"), "{:?}", rep.summary);
    // G7's type (Number, 76 copies) is diluted by the 39 other number kinds but moves with it.
    let number = rep.types.iter().find(|t| t.card_type == "Number").unwrap();
    let g7_share = 2.0 / 76.0 * top.strength;
    assert!(number.strength > g7_share - 0.02, "{number:?}");
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
    // The roll-up per card type, in every format.
    let types = std::fs::read_to_string(dir.path().join("one/types.csv")).unwrap();
    assert_eq!(types.lines().count(), 7);
    assert!(types.starts_with("rank,type,kinds,copies,"), "{types}");
    assert!(types.contains(",Wild Draw Four,W+4,4,300,0,"), "{types}");
    assert_eq!(v["types"].as_array().unwrap().len(), 6);
    let md = std::fs::read_to_string(dir.path().join("one/report.md")).unwrap();
    let html = std::fs::read_to_string(dir.path().join("one/report.html")).unwrap();
    for name in [
        "Number",
        "Skip",
        "Reverse",
        "Draw Two",
        "Wild",
        "Wild Draw Four",
    ] {
        let row = v["types"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["card_type"] == name)
            .unwrap();
        let rank = row["rank"].as_u64().unwrap();
        assert!(
            md.contains(&format!("| {rank} | {name} | ")),
            "{name}: {md}"
        );
        assert!(
            html.contains(&format!("<td class=\"num\">{rank}</td><td>{name}</td>")),
            "{name}"
        );
        assert!(types.contains(&format!("\n{rank},{name},")), "{name}");
    }
    assert!(md.contains("- Strongest card type: "), "{md}");
    assert!(out.contains("Strongest card type: "), "{out}");
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

// ---- The roll-up per card type -------------------------------------------------------------

/// Three kinds: A (2 copies) and B (1 copy) of type "Pair", C (3 copies) a type of its own.
static TYPED: [CardInfo; 3] = [
    CardInfo {
        code: "A",
        name: "Card A",
        card_type: "Pair",
        color: None,
        number: None,
        points: 0,
        copies: 2,
    },
    CardInfo {
        code: "B",
        name: "Card B",
        card_type: "Pair",
        color: None,
        number: None,
        points: 0,
        copies: 1,
    },
    CardInfo {
        code: "C",
        name: "Card C",
        card_type: "Solo",
        color: None,
        number: None,
        points: 0,
        copies: 3,
    },
];

/// Stats for the `TYPED` kinds from per-deal paired differences (`None`: the swap was
/// impossible), recorded as the experiment records them.
fn typed_stats(deals: &[[Option<i64>; 3]]) -> BalanceStats {
    let mut st = BalanceStats::new(2, 3);
    st.deck = vec![2, 1, 3];
    for deal in deals {
        st.deals += 1;
        let (mut skipped, mut moved) = (Vec::new(), Vec::new());
        for (k, d) in deal.iter().enumerate() {
            let c = &mut st.cards[k];
            match *d {
                None => {
                    c.skipped += 1;
                    skipped.push(k);
                }
                Some(d) => {
                    c.pairs += 1;
                    c.base_wins += (d < 0) as u64;
                    c.swap_wins += (d > 0) as u64;
                    c.plus += (d > 0) as u64;
                    c.minus += (d < 0) as u64;
                    if d != 0 {
                        moved.push((k, d));
                    }
                }
            }
        }
        st.pairs.record(&skipped, &moved);
    }
    st
}

fn no_skill_setup() -> RunSetup {
    let mut s = setup(2);
    s.skill_agent.clear();
    s.skill_baseline.clear();
    s
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn a_type_of_one_kind_is_that_kind_and_a_two_kind_type_is_the_paired_weighted_mean() {
    let z95 = uno_sim::balance::inference::z95();
    let deals = [
        [Some(1), Some(1), Some(1)],
        [Some(0), Some(1), Some(0)],
        [Some(0), Some(0), Some(1)],
        [Some(-1), Some(0), Some(0)],
        [Some(1), Some(-1), Some(1)],
    ];
    let rep = typed_stats(&deals).report(&TYPED, no_skill_setup(), run_info());
    assert_eq!(rep.types.len(), 2);
    let solo = rep.types.iter().find(|t| t.card_type == "Solo").unwrap();
    let c = rep.cards.iter().find(|c| c.code == "C").unwrap();
    assert_eq!(c.card_type, "Solo");
    // One kind: exactly the kind's figures.
    assert_eq!(solo.kinds, vec!["C"]);
    assert_eq!((solo.copies, solo.pairs, solo.skipped), (3, 5, 0));
    assert_eq!(solo.strength, c.strength);
    assert_eq!(solo.ci95, c.ci95);
    assert_eq!(solo.p_value, c.p_value);
    assert_eq!(
        (solo.base_win_rate, solo.swap_win_rate),
        (c.base_win_rate, c.swap_win_rate)
    );
    // Two kinds measured on the same deals: the per-deal weighted difference
    // D = (2 d_A + d_B) / 3 is (1, 1/3, 0, -2/3, 1/3): mean 1/5, sample variance 11/30, so the
    // standard error is sqrt(11/150).
    let pair = rep.types.iter().find(|t| t.card_type == "Pair").unwrap();
    assert_eq!(pair.kinds, vec!["A", "B"]);
    assert_eq!((pair.copies, pair.pairs, pair.skipped), (3, 10, 0));
    let se = (11.0f64 / 150.0).sqrt();
    assert!(close(pair.strength, 0.2), "{pair:?}");
    assert!(close(pair.ci95.0, 0.2 - z95 * se), "{pair:?}");
    assert!(close(pair.ci95.1, 0.2 + z95 * se), "{pair:?}");
    assert!(close(pair.swap_win_rate - pair.base_win_rate, 0.2));
    // Treating the kinds as independent would give a different interval: the covariance of
    // their differences on the shared deals counts.
    let a = rep.cards.iter().find(|c| c.code == "A").unwrap();
    let b = rep.cards.iter().find(|c| c.code == "B").unwrap();
    let se_a = (a.ci95.1 - a.ci95.0) / (2.0 * z95);
    let se_b = (b.ci95.1 - b.ci95.0) / (2.0 * z95);
    let independent = ((2.0 / 3.0 * se_a).powi(2) + (1.0 / 3.0 * se_b).powi(2)).sqrt();
    assert!((independent - se).abs() > 1e-3, "{independent} vs {se}");
    // Holm over the two types; ranked strongest first.
    assert_eq!(rep.types[0].rank, 1);
    assert!(rep.types[0].strength >= rep.types[1].strength);
    for t in &rep.types {
        assert!(t.p_holm >= t.p_value && t.p_holm <= (2.0 * t.p_value).min(1.0) + 1e-15);
    }
}

#[test]
fn the_type_interval_uses_only_the_deals_both_kinds_share() {
    // A's swap is impossible on deal 3, B's on deal 5: the strength is the copies-weighted mean
    // of the kinds' own means, and the covariance uses the deals where both swaps were made.
    let deals: [[Option<i64>; 3]; 6] = [
        [Some(1), Some(1), Some(0)],
        [Some(0), Some(-1), Some(0)],
        [None, Some(1), Some(0)],
        [Some(-1), Some(0), Some(0)],
        [Some(1), None, Some(0)],
        [Some(1), Some(1), Some(0)],
    ];
    let rep = typed_stats(&deals).report(&TYPED, no_skill_setup(), run_info());
    let pair = rep.types.iter().find(|t| t.card_type == "Pair").unwrap();
    assert_eq!((pair.pairs, pair.skipped), (10, 2));
    // By hand: A over deals 1, 2, 4, 5, 6: (1, 0, -1, 1, 1), mean 2/5, sum of squared
    // deviations 16/5; B over deals 1, 2, 3, 4, 6: (1, -1, 1, 0, 1), mean 2/5, 16/5.
    // Variance of each mean: 16/5 / 4 / 5 = 4/25.
    // Shared deals 1, 2, 4, 6: sum of (dA - 2/5)(dB - 2/5) = 9/25 + 14/25 + 14/25 + 9/25 =
    // 46/25; covariance of the means: 46/25 / 3 * 4 / (5 * 5) = 184/1875.
    let (wa, wb) = (2.0 / 3.0, 1.0 / 3.0);
    let var = wa * wa * 0.16 + wb * wb * 0.16 + 2.0 * wa * wb * 184.0 / 1875.0;
    let mean = wa * 0.4 + wb * 0.4;
    assert!(close(pair.strength, mean), "{pair:?}");
    let z = uno_sim::balance::inference::z95();
    assert!(close(pair.ci95.0, mean - z * var.sqrt()), "{pair:?}");
    assert!(close(pair.ci95.1, mean + z * var.sqrt()), "{pair:?}");
    // A kind that never moves: zero strength, zero width, p = 1.
    let solo = rep.types.iter().find(|t| t.card_type == "Solo").unwrap();
    assert_eq!(
        (solo.strength, solo.ci95, solo.p_value),
        (0.0, (0.0, 0.0), 1.0)
    );
    assert!(!solo.significant);
}

#[test]
fn a_real_run_rolls_up_by_the_card_tables_types() {
    let agents = vec![AgentSpec::Random; 3];
    let stats = run_classic(2, 300, &agents);
    let table = &uno_engine::classic::CARDS;
    let rep = stats.report(table, setup(3), run_info());
    let names: Vec<&str> = rep.types.iter().map(|t| t.card_type.as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [
            "Draw Two",
            "Number",
            "Reverse",
            "Skip",
            "Wild",
            "Wild Draw Four"
        ]
    );
    for (i, t) in rep.types.iter().enumerate() {
        assert_eq!(t.rank, i + 1);
        let kinds: Vec<&CardRowRef> = rep
            .cards
            .iter()
            .filter(|c| c.card_type == t.card_type)
            .collect();
        assert_eq!(kinds.len(), t.kinds.len());
        assert_eq!(t.copies, kinds.iter().map(|c| c.copies).sum::<u32>());
        assert_eq!(t.pairs, kinds.iter().map(|c| c.pairs).sum::<u64>());
        // The copies-weighted mean of the kinds' strengths.
        let mean: f64 = kinds
            .iter()
            .map(|c| c.strength * c.copies as f64 / t.copies as f64)
            .sum();
        assert!((t.strength - mean).abs() < 1e-12, "{t:?}");
        assert!(t.ci95.0 <= t.strength && t.strength <= t.ci95.1);
        if kinds.len() == 1 {
            assert_eq!((t.strength, t.ci95), (kinds[0].strength, kinds[0].ci95));
        }
    }
    assert_eq!(rep.types.iter().map(|t| t.copies).sum::<u32>(), 108);
    let number = rep.types.iter().find(|t| t.card_type == "Number").unwrap();
    assert_eq!(number.kinds.len(), 40);
    assert!(
        rep.summary[0].starts_with("Strongest card type: "),
        "{:?}",
        rep.summary
    );
    assert!(
        rep.summary[1].starts_with("Weakest card type: "),
        "{:?}",
        rep.summary
    );
}

type CardRowRef = uno_sim::balance::report::CardRow;

#[test]
fn every_kind_of_every_variant_has_a_card_type() {
    let tables: [&[CardInfo]; 2] = [&uno_engine::classic::CARDS, &uno_engine::hotdeath::CARDS];
    for table in tables {
        for c in table {
            assert!(!c.card_type.is_empty(), "{}", c.code);
            assert!(!c.card_type.contains(['|', ',', '\n']), "{}", c.card_type);
        }
    }
}
