//! `uno replay`: one game (game i of a seed, or a scenario file) played decision by decision and
//! printed as a readable log.

use crate::cli::{parse_agents, resolve, ReplayArgs};
use crate::runner::{AGENT_STREAM, ENGINE_STREAM};
use crate::variant::SimGame;
use uno_agents::script::{Script, ScriptError};
use uno_agents::{Agent, AgentFactory, AgentSpec, Decision};
use uno_engine::{game_seed, stream_seed, ActionList, LogFold, Rng, MAX_PLAYERS};

/// How a replay is played and printed (besides the agents).
pub struct ReplayOptions {
    /// Seed of the agents' random streams.
    pub agent_seed: u64,
    /// List the legal actions at every decision.
    pub show_legal: bool,
    /// Stop after this many decisions and print the position.
    pub stop_after: Option<u64>,
}

/// The legal actions as names, `[a, b, ...]`.
fn legal_names<G: SimGame>(legal: &[uno_engine::Action]) -> String {
    format!(
        "[{}]",
        legal
            .iter()
            .map(|&x| format!("{} ({x})", G::name_action(x)))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Prints the position: whose turn, what they see, the legal actions.
fn print_position<G: SimGame>(state: &G, seat: uno_engine::Seat, kind: uno_engine::DecisionKind) {
    let mut legal = ActionList::new();
    state.legal_actions(&mut legal);
    println!(
        "position: seat {seat} to decide, {kind:?} ({})",
        state.situation(seat)
    );
    println!("legal: {}", legal_names::<G>(legal.as_slice()));
}

/// Plays one game from `state` with logging, printing every decision and event. `specs` are the
/// seats' agent specs: `script:` seats are driven here, so a script that cannot go on stops the
/// replay with a message (an error for an entry that is not legal).
pub fn replay_game<G: SimGame>(
    mut state: G,
    specs: &[AgentSpec],
    o: &ReplayOptions,
    deal_log: Vec<G::Event>,
) -> Result<(), String> {
    let mut agents: Vec<Box<dyn Agent<G>>> = specs.iter().map(|s| s.build()).collect();
    let mut scripts: Vec<Option<Script>> = specs
        .iter()
        .map(|s| match s {
            AgentSpec::Script(e) => Some(Script::new(e.clone())),
            _ => None,
        })
        .collect();
    let mut out = String::new();
    print_events::<G>(&mut out, &deal_log, state.num_players());
    let mut legal = ActionList::new();
    let mut rngs: Vec<Rng> = (0..state.num_players())
        .map(|s| Rng::new(stream_seed(o.agent_seed, AGENT_STREAM + s as u64)))
        .collect();
    for a in agents.iter_mut() {
        a.reset();
    }
    println!("{out}");
    let mut step = 0u64;
    while let Some((seat, kind)) = state.to_act() {
        if o.stop_after == Some(step) {
            println!("\nstopped after {step} decisions");
            print_position(&state, seat, kind);
            return Ok(());
        }
        state.legal_actions(&mut legal);
        let d = Decision::new(&state, seat, kind, legal.as_slice());
        let a = match &mut scripts[seat as usize] {
            Some(script) => match script.next(&d) {
                Ok(a) => a,
                Err(ScriptError::Exhausted { len }) => {
                    println!(
                        "\nstopped at decision #{}: the script of seat {seat} is exhausted (all {len} entries played)",
                        step + 1
                    );
                    print_position(&state, seat, kind);
                    return Ok(());
                }
                Err(e) => {
                    return Err(format!(
                        "decision #{} ({kind:?}), seat {seat}: {e}; legal: {}",
                        step + 1,
                        legal_names::<G>(legal.as_slice())
                    ))
                }
            },
            None => agents[seat as usize].act(&d, &mut rngs[seat as usize]),
        };
        step += 1;
        let mut line = format!(
            "#{step:<4} seat {seat} {kind:?} ({}){}",
            state.situation(seat),
            if o.show_legal {
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
        // The real ending: how the last hand ended, or `truncated` at the decision cap.
        let ending = state.counters().ending_name(o.ending);
        let seat = |s: Option<u8>| s.map(|w| format!("seat {w}")).unwrap_or("none".into());
        match o.loser {
            // A loser-only game (Über Uno): the loser is the result.
            Some(l) => println!(
                "\nresult: {ending}, loser {}, hands {}",
                seat(Some(l)),
                o.hands
            ),
            None => println!(
                "\nresult: {ending}, winner {}, hands {}",
                seat(o.winner),
                o.hands
            ),
        }
        for s in 0..state.num_players() {
            println!("  seat {s}: place {}, points {}", o.placing[s], o.points[s]);
        }
    }
    Ok(())
}

/// Formats events, one line each, except the runs the variant folds (`Ruleset::fold`): the
/// per-card deal becomes one line per seat, a run of one seat's draws one line with the total
/// (`seat 2 draws 4 (penalty): R3 G7 B1 Y+2`; a reshuffle inside the run is printed before it),
/// and a shown hand one line with its cards.
pub fn print_events<G: SimGame>(out: &mut String, events: &[G::Event], players: usize) {
    let table = G::cards();
    let code = |card: u16| table[card as usize].code;
    let mut dealt: Vec<Vec<&str>> = vec![Vec::new(); MAX_PLAYERS];
    let flush = |out: &mut String, dealt: &mut Vec<Vec<&str>>| {
        for (s, d) in dealt.iter_mut().enumerate().take(players) {
            if !d.is_empty() {
                out.push_str(&format!("        seat {s} is dealt {}\n", d.join(" ")));
                d.clear();
            }
        }
    };
    let mut i = 0;
    while i < events.len() {
        let fold = G::fold(&events[i]);
        if let Some(LogFold::Dealt { seat, card }) = fold {
            dealt[seat as usize].push(code(card));
            i += 1;
            continue;
        }
        flush(out, &mut dealt);
        match fold {
            Some(LogFold::Drawn {
                seat,
                card,
                penalty,
            }) => {
                // The run: this seat's draws of the same kind, through any reshuffles.
                let mut cards = vec![code(card)];
                let mut reshuffles = Vec::new();
                let (mut j, mut end) = (i + 1, i + 1);
                while j < events.len() {
                    match G::fold(&events[j]) {
                        Some(LogFold::Drawn {
                            seat: s,
                            card: c,
                            penalty: p,
                        }) if s == seat && p == penalty => {
                            cards.push(code(c));
                            reshuffles.extend(end..j);
                            end = j + 1;
                        }
                        Some(LogFold::Reshuffle) => {}
                        _ => break,
                    }
                    j += 1;
                }
                // A penalty total closing the run makes it a penalty draw.
                let mut penalty = penalty;
                if let Some(LogFold::PenaltyTotal { seat: s, cards: n }) =
                    events.get(end).and_then(G::fold)
                {
                    if s == seat && n as usize == cards.len() {
                        penalty = true;
                        end += 1;
                    }
                }
                for r in reshuffles {
                    out.push_str(&format!("        {}\n", events[r]));
                }
                out.push_str(&format!(
                    "        seat {seat} draws {}{}: {}\n",
                    cards.len(),
                    if penalty { " (penalty)" } else { "" },
                    cards.join(" ")
                ));
                i = end;
                continue;
            }
            Some(LogFold::HandShown { seat, to }) => {
                let mut cards = Vec::new();
                let mut j = i + 1;
                while let Some(LogFold::Shown { seat: s, card }) = events.get(j).and_then(G::fold) {
                    if s != seat {
                        break;
                    }
                    cards.push(code(card));
                    j += 1;
                }
                out.push_str(&format!(
                    "        seat {seat} shows their hand{}: {}\n",
                    to.map(|t| format!(" to seat {t}")).unwrap_or_default(),
                    if cards.is_empty() {
                        "no cards".to_string()
                    } else {
                        cards.join(" ")
                    }
                ));
                i = j;
                continue;
            }
            _ => out.push_str(&format!("        {}\n", events[i])),
        }
        i += 1;
    }
    flush(out, &mut dealt);
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
        crate::config::parse_json_strict(&text)
            .map_err(|e| format!("{}: malformed scenario: {e}", path.display()))?;
        let mut first = Vec::new();
        let (state, seed) =
            G::scenario(&text, &mut first).map_err(|e| format!("{}: {e}", path.display()))?;
        let specs = parse_agents::<G>(&a.game.agents, state.num_players())?;
        println!(
            "scenario {} ({} players, seed {})",
            path.display(),
            state.num_players(),
            seed
        );
        let o = ReplayOptions {
            agent_seed: seed,
            show_legal: a.show_legal,
            stop_after: a.stop_after,
        };
        return replay_game(state, &specs, &o, first);
    }
    let r = resolve::<G>(&a.game)?;
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
        r.variant,
        r.players,
        a.seed,
        a.game_index,
        r.agents
            .iter()
            .map(|s| s.label())
            .collect::<Vec<_>>()
            .join(",")
    );
    let o = ReplayOptions {
        agent_seed: seed,
        show_legal: a.show_legal,
        stop_after: a.stop_after,
    };
    replay_game(state, &r.agents, &o, deal)
}
