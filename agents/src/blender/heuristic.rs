//! A rule-based Blender player (`heuristic` spec), written for the variant's cards:
//!
//! - **Turn**: plays rather than draws. Each legal play is scored: a card of the colour it
//!   holds most is worth more (it keeps the run going); Discard Color is worth the cards it
//!   burns; cards that hit the next player (Draw and Stack cards, Skip, Skip Everyone, Color
//!   Roulette) are worth more the fewer cards that player holds; Wilds and hand exchanges are
//!   kept for later unless they help now (a Trade, Force Trade or Pass Hands when its own hand
//!   is the largest). Facing a stack it passes it on with a Draw or Stack card, else Shield or
//!   Super Star, else takes it. Flex sides are played when the flex action is worth more than
//!   the normal side. Stops short only when no play is legal.
//! - **Choices**: the colour it holds most; a `#` number it holds most; the opponent with the
//!   fewest cards for every attack, gift, point and swap; a Trade with the smallest hand when
//!   its own is larger; Team Play to the opponent with the most cards; gives away its least
//!   useful card in a Swap (never a Wild).
//! - **Windows**: jumps in with an identical card, never wrongly; calls UNO (unless
//!   `uno_forget`); catches a silent player.
//!
//! Ties are broken at random.

use crate::heuristic::HeuristicParams;
use crate::{Agent, Decision};
use uno_engine::blender::action::*;
use uno_engine::blender::cards::{bit, kinds, Modifier, Sym, HASH_NUMBERS, NO_NUMBER, WILD};
use uno_engine::blender::{BlenderState, BlenderView, Phase, StackKind, TargetWhy};
use uno_engine::{Action, Rng, Seat};

/// The rule-based Blender player. Stateless; randomness only for ties and `uno_forget`.
pub struct BlenderHeuristic {
    pub params: HeuristicParams,
}

impl Agent<BlenderState> for BlenderHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }
    fn act(&mut self, d: &Decision<'_, BlenderState>, rng: &mut Rng) -> Action {
        if d.legal.len() == 1 {
            return d.legal[0];
        }
        let v = d.view();
        let me = d.seat;
        let best = |score: &dyn Fn(Action) -> f64, rng: &mut Rng| -> Action {
            let mut top = f64::NEG_INFINITY;
            let mut pick = d.legal[0];
            let mut ties = 0u32;
            for &a in d.legal {
                let s = score(a);
                if s > top {
                    top = s;
                    pick = a;
                    ties = 1;
                } else if s == top {
                    ties += 1;
                    if rng.below(ties) == 0 {
                        pick = a;
                    }
                }
            }
            pick
        };
        match v.phase {
            Phase::Turn => best(&|a| turn_score(&v, me, a), rng),
            Phase::PostDraw { .. } => best(&|a| if a == KEEP { 0.0 } else { 1.0 }, rng),
            Phase::AfterShort => best(&|a| if a == STOP { 0.0 } else { 1.0 }, rng),
            Phase::Number => best(&|a| number_score(&v, a), rng),
            Phase::Color => best(&|a| color_count(&v, (a - COLOR) as u8) as f64, rng),
            Phase::Target { why, .. } => {
                best(&|a| target_score(&v, me, why, (a - TARGET) as u8), rng)
            }
            Phase::Give { .. } => best(&|a| give_score(&v, (a - GIVE) as usize), rng),
            Phase::Point { .. } => best(&|a| -(size(&v, (a - POINT) as u8) as f64), rng),
            Phase::Uno { .. } => {
                if rng.chance(self.params.uno_forget) {
                    SILENT
                } else {
                    CALL
                }
            }
            Phase::Catch { .. } => CATCH,
            Phase::Jump { .. } => best(
                &|a| {
                    if (JUMP..WRONG).contains(&a) {
                        1.0
                    } else if a == DECLINE {
                        0.0
                    } else {
                        -1.0
                    }
                },
                rng,
            ),
            Phase::Over | Phase::Busy => d.legal[0],
        }
    }
}

fn size(v: &BlenderView, s: u8) -> u16 {
    v.hand_sizes[s as usize]
}

/// Cards of colour `c` in the viewer's hand.
fn color_count(v: &BlenderView, c: u8) -> u32 {
    v.hand
        .iter()
        .filter(|&(k, _)| kinds()[k].normal.color == c)
        .map(|(_, n)| n as u32)
        .sum()
}

/// The next live seat after `me` in the direction of play.
fn next_seat(v: &BlenderView, me: Seat) -> u8 {
    let n = v.num_players;
    let mut s = me;
    for _ in 0..n {
        s = if v.clockwise {
            (s + 1) % n
        } else {
            (s + n - 1) % n
        };
        if v.alive & (1 << s) != 0 {
            return s;
        }
    }
    me
}

/// The smallest other hand.
fn min_other(v: &BlenderView, me: Seat) -> u16 {
    (0..v.num_players)
        .filter(|&s| s != me && v.alive & (1 << s) != 0)
        .map(|s| size(v, s))
        .min()
        .unwrap_or(99)
}

fn attack_value(v: &BlenderView, target: u8) -> f64 {
    // Hitting a player near the end matters most.
    8.0 / (1.0 + size(v, target) as f64)
}

fn turn_score(v: &BlenderView, me: Seat, a: Action) -> f64 {
    let Some((k, flexed)) = play_of(a) else {
        return match a {
            // Taking the stack or drawing is the last resort; stopping short costs the tempo.
            TAKE => -5.0 - v.stack as f64 * 0.5,
            DRAW => -3.0,
            STOP => -4.0,
            _ => -10.0,
        };
    };
    let kd = &kinds()[k];
    let side = if flexed {
        kd.flex.expect("flex side")
    } else {
        kd.normal
    };
    let next = next_seat(v, me);
    let mine = v.hand.len() as f64;
    let mut s = 1.0;
    if side.color != WILD {
        s += 0.3 * color_count(v, side.color) as f64;
    } else {
        // Keep Wilds for later, unless the hand is nearly out.
        s -= if mine <= 3.0 { 0.0 } else { 1.5 };
    }
    let syms = side.syms;
    let has = |x: Sym| syms & bit(x) != 0;
    if v.stack_kind != StackKind::None && v.mini.is_none() {
        // Pass the stack on.
        s += 5.0;
    }
    if has(Sym::DiscardColor) {
        s += 1.5 * color_count(v, side.color) as f64;
    }
    if syms & uno_engine::blender::cards::DRAW_FAMILY != 0
        || syms & uno_engine::blender::cards::STACK_FAMILY != 0
        || has(Sym::Skip)
        || has(Sym::SkipEveryone)
        || has(Sym::ColorRoulette)
    {
        s += attack_value(v, next);
    }
    if has(Sym::TargetedDraw2)
        || has(Sym::TargetedDraw4)
        || has(Sym::DoubleDraw2)
        || has(Sym::EveryoneDraw1)
        || has(Sym::EveryoneDraw2)
        || has(Sym::TargetedSkip)
    {
        s += 8.0 / (1.0 + min_other(v, me) as f64) + 1.0;
    }
    if has(Sym::Shield) || has(Sym::SuperStar) {
        s += if v.stack > 0 { 4.0 } else { -1.0 };
    }
    let trades = has(Sym::ForceTrade) || has(Sym::PassHands) || kd.modifier == Modifier::Trade;
    if trades {
        s += if mine > min_other(v, me) as f64 + 3.0 {
            3.0
        } else {
            -3.0
        };
    }
    if has(Sym::RefreshHand) {
        s -= 1.0;
    }
    if flexed {
        // Spending the Power Card is worth it only for a real gain.
        s -= 0.5;
    }
    if kd.normal.number == NO_NUMBER && side.color != WILD {
        s += 0.2;
    }
    s
}

fn number_score(v: &BlenderView, a: Action) -> f64 {
    let n = HASH_NUMBERS[(a - NUMBER) as usize];
    v.hand
        .iter()
        .filter(|&(k, _)| kinds()[k].normal.number == n)
        .map(|(_, c)| c as f64)
        .sum()
}

fn target_score(v: &BlenderView, me: Seat, why: TargetWhy, t: u8) -> f64 {
    let fewest = -(size(v, t) as f64);
    match why {
        TargetWhy::Trade | TargetWhy::ForceTrade => {
            if t == me {
                // Force Trade: pick ourselves first, the smallest hand second.
                100.0
            } else {
                fewest
            }
        }
        TargetWhy::TeamPlay => size(v, t) as f64,
        TargetWhy::DrawnTogether => {
            if t == me {
                -100.0
            } else {
                fewest
            }
        }
        _ => fewest,
    }
}

fn give_score(v: &BlenderView, k: usize) -> f64 {
    let kd = &kinds()[k];
    if kd.normal.color == WILD {
        return -10.0;
    }
    // The colour held least is the least useful.
    -(color_count(v, kd.normal.color) as f64)
}
