//! A rule-based Hot Death player (`heuristic` spec). Decisions, in short (details in
//! `docs/agents/heuristic.md`, "Hot Death"):
//!
//! - **Hand size** (dealer): 5, the fewest (the dealer plays first).
//! - **Play / PostDraw**: each legal play is scored and the best is played if it scores above a
//!   keep threshold, otherwise the agent draws (or keeps the drawn card). The score favours going
//!   out, shedding cards that score badly when held (Sixty Nine, Shitter, Penn State, high points),
//!   hitting the next player with attacks when they hold few cards, staying in a colour the
//!   agent holds; it keeps the answers to attacks (Fucker, Holy Defender, A.I.D.S., Magic 5) and
//!   black cards for later, and never plays M.A.D. (it eliminates its own player).
//! - **Colour**: the colour held most (ties broken at random).
//! - **Victim** (Glasnost, M.A.D.): the active opponent with the fewest cards.
//! - **Respond**: Harvester (ends the stack on the next player) > Magic 5 on Hot Death > stack a
//!   Draw-Four type > Fucker (if the inflicter is still in) > Holy Defender > A.I.D.S. (4 or more
//!   cards) > accept. Quitter: Fucker > Holy Defender > A.I.D.S. Glasnost: accept.
//! - **UNO**: call (unless `uno_forget`), always catch.
//!
//! Ties between equally scored actions are broken at random, so no colour or card id is
//! favoured by its position in the action table.

use crate::heuristic::HeuristicParams;
use crate::{Agent, Decision};
use uno_engine::hotdeath::action::*;
use uno_engine::hotdeath::cards::*;
use uno_engine::hotdeath::{HotDeathState, HotDeathView};
use uno_engine::{Action, DecisionKind, Rng, Seat};

pub struct HotDeathHeuristic {
    pub params: HeuristicParams,
}

/// Plays scoring below this are not worth a card from the hand: draw instead.
const KEEP_THRESHOLD: f64 = -40.0;

fn colours_held(v: &HotDeathView, except: Option<u8>) -> [i32; 4] {
    let mut c = [0i32; 4];
    for (k, n) in v.hand.iter() {
        let col = color_of(k as u8);
        if col < 4 {
            c[col as usize] += n as i32;
        }
    }
    if let Some(k) = except {
        let col = color_of(k);
        if col < 4 {
            c[col as usize] -= 1;
        }
    }
    c
}

/// Scored candidate actions in a fixed buffer (no allocation per decision).
struct Scored {
    items: [(Action, f64); NUM_ACTIONS],
    len: usize,
}

impl Scored {
    fn new() -> Self {
        Scored {
            items: [(0, 0.0); NUM_ACTIONS],
            len: 0,
        }
    }
    fn push(&mut self, a: Action, s: f64) {
        self.items[self.len] = (a, s);
        self.len += 1;
    }
    /// The best by score, ties broken uniformly at random.
    fn best(&self, rng: &mut Rng) -> Option<(Action, f64)> {
        let items = &self.items[..self.len];
        let best = items.iter().map(|c| c.1).fold(f64::NEG_INFINITY, f64::max);
        let ties = items.iter().filter(|c| c.1 == best).count();
        if ties == 0 {
            return None;
        }
        let pick = rng.below(ties as u32) as usize;
        items.iter().filter(|c| c.1 == best).nth(pick).copied()
    }
}

/// A colour held most (ties at random).
fn most_held_color(held: &[i32; 4], rng: &mut Rng) -> u8 {
    let most = *held.iter().max().unwrap_or(&0);
    let ties = held.iter().filter(|&&h| h == most).count() as u32;
    let pick = rng.below(ties) as usize;
    (0..4u8)
        .filter(|&c| held[c as usize] == most)
        .nth(pick)
        .unwrap_or(0)
}

impl HotDeathHeuristic {
    fn next_seat(v: &HotDeathView, from: Seat) -> Seat {
        let n = v.num_players;
        let mut s = from;
        for _ in 0..n {
            s = if v.clockwise {
                (s + 1) % n
            } else {
                (s + n - 1) % n
            };
            if v.active[s as usize] {
                break;
            }
        }
        s
    }

    fn score_play(v: &HotDeathView, kind: u8, color: Option<u8>) -> f64 {
        let size = v.hand.len();
        if size == 1 {
            // Going out, unless the card eliminates its player.
            return if kind == MAD { -2000.0 } else { 1000.0 };
        }
        let next = Self::next_seat(v, v.seat);
        let next_cards = v.hand_sizes[next as usize].max(1) as f64;
        let threat = 30.0 / next_cards;
        let opponents = v.active[..v.num_players as usize]
            .iter()
            .filter(|&&a| a)
            .count() as i32
            - 1;
        let mut s = 0.0;
        // Shedding points (held cards score against the agent at the end of the hand).
        let pts = match kind {
            60..=63 => 20 * opponents.max(1),
            _ => base_points(kind as usize),
        };
        s += pts as f64 * 0.3;
        // Staying in a colour the agent holds.
        let held = colours_held(v, Some(kind));
        match color {
            Some(c) => s += held[c as usize] as f64 * 2.0,
            None => {
                let c = color_of(kind);
                if c < 4 {
                    s += held[c as usize] as f64 * 2.0;
                }
            }
        }
        match kind {
            SIXTY_NINE => s += 50.0,
            SHITTER => s += 40.0,
            PENN_STATE => s += 25.0,
            FUCKER | HOLY_DEFENDER | AIDS => s -= if size <= 3 { 0.0 } else { 45.0 },
            MAGIC_5 => s -= if size <= 2 { 0.0 } else { 60.0 },
            // M.A.D. eliminates its own player, who can then no longer win the hand: never.
            MAD => s -= 1000.0,
            QUITTER => s += 10.0 + 2.0 * threat,
            WILD => s -= 20.0,
            DRAW_FOUR | HOT_DEATH | DELAYED_BLAST | HARVESTER => s += threat - 10.0,
            MYSTERY_DRAW => {
                let n = if v.top == SIXTY_NINE {
                    69
                } else {
                    number_of(v.top)
                };
                s += if n != NO_NUMBER && n > 0 {
                    threat + n as f64
                } else {
                    -20.0
                };
            }
            _ => match kind % 15 {
                R_SKIP | R_DOUBLE_SKIP | R_REVERSE_SKIP if kind < 60 => s += threat * 0.5,
                R_DRAW_TWO if kind < 60 => s += threat * 0.8,
                _ if (60..64).contains(&kind) => s += threat,
                _ => {}
            },
        }
        s
    }

    fn play(&self, v: &HotDeathView, legal: &[Action], rng: &mut Rng) -> Action {
        let mut cands = Scored::new();
        for &a in legal {
            if let Some((k, c)) = decode_play(a) {
                let mut s = Self::score_play(v, k, c);
                if let Some(c) = c {
                    // Name the colour held most.
                    let held = colours_held(v, Some(k));
                    let most = *held.iter().max().unwrap_or(&0);
                    if held[c as usize] == most {
                        s += 3.0;
                    }
                }
                cands.push(a, s);
            }
        }
        match cands.best(rng) {
            Some((a, s))
                if s > KEEP_THRESHOLD || !legal.iter().any(|&x| x == DRAW || x == PASS) =>
            {
                a
            }
            _ => *legal
                .iter()
                .find(|&&x| x == DRAW || x == PASS)
                .unwrap_or(&legal[0]),
        }
    }

    fn respond(&self, v: &HotDeathView, legal: &[Action], rng: &mut Rng) -> Action {
        let has = |k: u8| {
            legal
                .iter()
                .any(|&a| decode_play(a).map(|p| p.0) == Some(k))
        };
        let (kind, _victim, cards, inflicter) = v.attack.unwrap_or(("draw", v.seat, 0, None));
        let pick = |k: u8, rng: &mut Rng| -> Action {
            if k >= FIRST_BLACK {
                encode_play(k, most_held_color(&colours_held(v, None), rng))
            } else {
                k as Action
            }
        };
        let inflicter_in = inflicter.is_some_and(|i| v.active[i as usize]);
        match kind {
            "draw" => {
                for k in [HARVESTER, MAGIC_5, HOT_DEATH, DELAYED_BLAST, DRAW_FOUR] {
                    if has(k) {
                        return pick(k, rng);
                    }
                }
                if has(FUCKER) && inflicter_in {
                    return FUCKER as Action;
                }
                if has(HOLY_DEFENDER) {
                    return HOLY_DEFENDER as Action;
                }
                if has(AIDS) && cards >= 4 {
                    return AIDS as Action;
                }
                ACCEPT
            }
            "quitter" => {
                for k in [FUCKER, HOLY_DEFENDER, AIDS] {
                    if has(k) {
                        return k as Action;
                    }
                }
                ACCEPT
            }
            _ => ACCEPT,
        }
    }
}

impl Agent<HotDeathState> for HotDeathHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn act(&mut self, d: &Decision<'_, HotDeathState>, rng: &mut Rng) -> Action {
        let legal = d.legal;
        if legal.len() == 1 {
            return legal[0];
        }
        let v = d.view();
        let a = match d.kind {
            DecisionKind::ChooseNumber => HAND_SIZE,
            DecisionKind::ChooseColor => {
                CHOOSE_COLOR + most_held_color(&colours_held(&v, None), rng) as Action
            }
            DecisionKind::Play | DecisionKind::PostDraw => self.play(&v, legal, rng),
            DecisionKind::ChooseTarget => {
                let n = v.num_players as usize;
                let mut cands = Scored::new();
                for &a in legal {
                    let t = (v.seat as usize + (a - TARGET) as usize + 1) % n;
                    cands.push(a, -(v.hand_sizes[t] as f64));
                }
                cands.best(rng).map(|c| c.0).unwrap_or(legal[0])
            }
            DecisionKind::CallUno => {
                if rng.chance(self.params.uno_forget) {
                    STAY_SILENT
                } else {
                    CALL_UNO
                }
            }
            DecisionKind::CatchUno => CATCH,
            DecisionKind::Respond => self.respond(&v, legal, rng),
            _ => legal[0],
        };
        debug_assert!(legal.contains(&a), "heuristic chose an illegal action {a}");
        a
    }
}
