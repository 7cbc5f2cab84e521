//! `uno replay`: one game (game i of a seed, or a scenario file) played decision by decision and
//! printed as a readable log.

use crate::cli::{dispatch, parse_agents, resolve, ReplayArgs};
use crate::config::Variant;
use crate::runner::{AGENT_STREAM, ENGINE_STREAM};
use crate::variant::SimGame;
use uno_agents::{Agent, AgentFactory, Decision};
use uno_engine::classic::ClassicState;
use uno_engine::hotdeath::HotDeathState;
use uno_engine::{game_seed, stream_seed, ActionList, Rng, MAX_PLAYERS};

/// Plays one game from `state` with logging, printing every decision and event.
pub fn replay_game<G: SimGame>(
    mut state: G,
    agents: &mut [Box<dyn Agent<G>>],
    agent_seed: u64,
    show_legal: bool,
    deal_log: Vec<G::Event>,
) -> Result<(), String> {
    let mut out = String::new();
    print_events::<G>(&mut out, &deal_log, state.num_players());
    let mut legal = ActionList::new();
    let mut rngs: Vec<Rng> = (0..state.num_players())
        .map(|s| Rng::new(stream_seed(agent_seed, AGENT_STREAM + s as u64)))
        .collect();
    for a in agents.iter_mut() {
        a.reset();
    }
    println!("{out}");
    let mut step = 0u64;
    while let Some((seat, kind)) = state.to_act() {
        state.legal_actions(&mut legal);
        let d = Decision::new(&state, seat, kind, legal.as_slice());
        let a = agents[seat as usize].act(&d, &mut rngs[seat as usize]);
        step += 1;
        let mut line = format!(
            "#{step:<4} seat {seat} {kind:?} ({}){}",
            state.situation(seat),
            if show_legal {
                format!(
                    " legal: [{}]",
                    legal
                        .iter()
                        .map(|&x| G::name_action(x))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                String::new()
            }
        );
        line.push_str(&format!(" -> {}", G::name_action(a)));
        println!("{line}");
        let mut events: Vec<G::Event> = Vec::new();
        if let Err(e) = state.apply_logged(a, &mut events) {
            println!("agent of seat {seat} chose an illegal action: {e}; game aborted");
            return Ok(());
        }
        let mut s = String::new();
        print_events::<G>(&mut s, &events, state.num_players());
        if !s.is_empty() {
            print!("{s}");
        }
    }
    if let Some(o) = state.outcome() {
        println!(
            "\nresult: {:?}, winner {}, hands {}",
            o.ending,
            o.winner
                .map(|w| format!("seat {w}"))
                .unwrap_or("none".into()),
            o.hands
        );
        for s in 0..state.num_players() {
            println!("  seat {s}: place {}, points {}", o.placing[s], o.points[s]);
        }
    }
    Ok(())
}

/// Formats events, folding the per-card deal into one line per seat.
pub fn print_events<G: SimGame>(out: &mut String, events: &[G::Event], players: usize) {
    let table = G::cards();
    let mut dealt: Vec<Vec<&str>> = vec![Vec::new(); MAX_PLAYERS];
    let flush = |out: &mut String, dealt: &mut Vec<Vec<&str>>| {
        for (s, d) in dealt.iter_mut().enumerate().take(players) {
            if !d.is_empty() {
                out.push_str(&format!("        seat {s} is dealt {}\n", d.join(" ")));
                d.clear();
            }
        }
    };
    for e in events {
        if let Some((seat, card)) = G::dealt(e) {
            dealt[seat as usize].push(table[card as usize].code);
            continue;
        }
        flush(out, &mut dealt);
        out.push_str(&format!("        {e}\n"));
    }
    flush(out, &mut dealt);
}

pub fn replay(a: ReplayArgs) -> Result<(), String> {
    let name = a.game.variant.clone();
    dispatch!(&name, replay_with, a)
}

pub fn replay_with<G: SimGame>(a: ReplayArgs) -> Result<(), String> {
    if let Some(path) = &a.scenario {
        // The scenario carries its own player count and options.
        if a.game.opts.given() {
            return Err(
                "with --scenario, put options in the scenario file ('preset', 'options')".into(),
            );
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read scenario {}: {e}", path.display()))?;
        let mut first = Vec::new();
        let (state, seed) =
            G::scenario(&text, &mut first).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut agents: Vec<Box<dyn Agent<G>>> =
            parse_agents::<G>(&a.game.agents, state.num_players())?
                .iter()
                .map(|s| s.build())
                .collect();
        println!(
            "scenario {} ({} players, seed {})",
            path.display(),
            state.num_players(),
            seed
        );
        return replay_game(state, &mut agents, seed, a.show_legal, first);
    }
    let r = resolve::<G>(&a.game)?;
    let mut agents: Vec<Box<dyn Agent<G>>> = r.agents.iter().map(|s| s.build()).collect();
    let seed = game_seed(a.seed, a.game_index);
    let mut deal = Vec::new();
    let state = G::new_logged(
        r.opts,
        r.players,
        stream_seed(seed, ENGINE_STREAM),
        &mut deal,
    )?;
    println!(
        "{} | {} players | batch seed {} game {} (game seed {seed}) | agents {}",
        r.variant.name(),
        r.players,
        a.seed,
        a.game_index,
        r.agents
            .iter()
            .map(|s| s.label())
            .collect::<Vec<_>>()
            .join(",")
    );
    replay_game(state, &mut agents, seed, a.show_legal, deal)
}
