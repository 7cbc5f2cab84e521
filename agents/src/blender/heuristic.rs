//! A rule-based Blender player (`heuristic` spec), written for the variant's cards. It scores
//! every legal action in rough units of "cards": a card shed is worth 1, a card the player
//! draws costs 1, a card an opponent draws is worth that opponent's weight (more the fewer
//! cards they hold, less the more opponents there are). The best score is played, ties at
//! random.
//!
//! - **Turn** (a tempo run, `docs/rules/blender.md` section 4): a card's action and modifier
//!   happen only if it is the turn's last card (the tempo-th, or a flexed one), so each play
//!   is scored as the last card (its effects) or as a card inside the run (a short search of
//!   the rest of the hand for the longest run of matching follow-ups: a play that leaves the
//!   tempo out of reach costs the shortfall, the tempo's cards or the mini-pile; a strong
//!   action card spent inside the run loses part of its value). A flex side before the
//!   tempo-th card ends the run short and costs the shortfall. Stopping short costs the
//!   shortfall; taking the stack costs its total; drawing costs a card (the shortfall at a
//!   tempo above 1, under Team Play or on the mini-pile).
//! - **Last-card effects**: emptying the hand wins; cards that make the next player draw or
//!   lose their turn (a stack left standing, Skip, Skip Everyone, Color Roulette, Pile Up,
//!   Speed Up), Targeted and Everyone draws, Super Star on a standing stack; Discard Color is
//!   worth the cards it burns; a Trade, Pass or Force Trade is worth the difference of the
//!   hands exchanged (a Trade or Pass that would hand over an empty hand is never played as
//!   the last card). A Wild is kept while the hand is large; a coloured last card is worth a
//!   little more the more cards of its colour stay in hand.
//! - **Choices**: the colour held most (Color Roulette: the colour with the fewest unseen
//!   cards, so the victim turns over the most); a `#` number it holds most; attacks, gifts and
//!   pointing at the opponent with the fewest cards; a Trade with the smallest other hand;
//!   Force Trade: itself and the smallest hand when its own is larger, else the smallest and
//!   the largest opponent; Team Play to the opponent with the most cards; Drawn Together never
//!   links itself; gives a Creeper in a Swap if it holds one (its receiver draws 3), else its
//!   least useful card (never a Wild).
//! - **Windows**: jumps in with an identical card when its effect is not a loss, never
//!   wrongly; calls UNO (unless `uno_forget`); catches a silent player; plays the card just
//!   drawn when it can.

use crate::heuristic::HeuristicParams;
use crate::{Agent, Decision};
use uno_engine::blender::action::*;
use uno_engine::blender::cards::{
    bit, kinds, Modifier, Side, Sym, AFTER_DRAW, AFTER_STACK, DRAW_FAMILY, HASH_NUMBERS, NO_NUMBER,
    STACK_FAMILY, WILD,
};
use uno_engine::blender::{
    BlenderState, BlenderView, Phase, StackKind, TargetWhy, NONE, NUM_KINDS,
};
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
            crate::heuristic::best_action(d.legal, rng, score)
        };
        let t = Table::new(&v, me);
        match v.phase {
            Phase::Turn => best(&|a| t.turn_score(a), rng),
            Phase::PostDraw { .. } => best(
                &|a| match play_of(a) {
                    Some((k, flexed)) => 1.0 + t.effect(k, flexed, me),
                    None => 0.0,
                },
                rng,
            ),
            Phase::AfterShort => best(&|a| if a == STOP { 0.0 } else { 1.0 }, rng),
            Phase::Number => best(&|a| number_score(&v, a), rng),
            Phase::Color => best(&|a| t.color_score((a - COLOR) as u8), rng),
            Phase::Target { why, .. } => best(&|a| t.target_score(why, (a - TARGET) as u8), rng),
            Phase::Give { .. } => best(&|a| give_score(&v, (a - GIVE) as usize), rng),
            Phase::Point { .. } => best(&|a| t.w((a - POINT) as u8), rng),
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
                        1.0 + t.effect((a - JUMP) as usize, false, me)
                    } else if a == DECLINE {
                        0.0
                    } else {
                        -3.0
                    }
                },
                rng,
            ),
            Phase::Over | Phase::Busy => d.legal[0],
        }
    }
}

/// A number that matches any number (a `#` inside the run takes the number its follow-up
/// needs).
const ANY_NUMBER: u8 = 254;
/// Nodes the run search may visit per play scored.
const RUN_BUDGET: u32 = 400;
/// The longest run searched for.
const MAX_RUN: u8 = 6;

/// The card a follow-up must match, and the restriction in force.
#[derive(Clone, Copy)]
struct Top {
    color: u8,
    number: u8,
    syms: u64,
    stack: StackKind,
}

impl Top {
    /// Whether a card side may follow (section 3 and the restrictions; exact symbols, the
    /// default reading).
    fn fits(&self, sd: &Side, mini: Option<u8>) -> bool {
        if let Some(mc) = mini {
            if sd.color != WILD && sd.color != mc {
                return false;
            }
        } else {
            match self.stack {
                StackKind::None => {}
                StackKind::Draw if sd.syms & AFTER_DRAW == 0 => return false,
                StackKind::Stack if sd.syms & AFTER_STACK == 0 => return false,
                _ => {}
            }
        }
        if sd.color == WILD || sd.color == self.color {
            return true;
        }
        if sd.number != NO_NUMBER && (sd.number == self.number || self.number == ANY_NUMBER) {
            return true;
        }
        if sd.syms & self.syms != 0 {
            return true;
        }
        sd.syms & bit(Sym::Hash) != 0 && self.number != NO_NUMBER
    }

    /// The top after `sd` is played inside a run (no colour chosen for a Wild, B16).
    fn after(&self, sd: &Side, mini: Option<u8>) -> Top {
        let mut stack = self.stack;
        if mini.is_none() {
            if sd.syms & DRAW_FAMILY != 0 {
                stack = StackKind::Draw;
            } else if sd.syms & STACK_FAMILY != 0 {
                stack = StackKind::Stack;
            }
        }
        Top {
            color: match mini {
                Some(mc) if sd.color == WILD => mc,
                _ => sd.color,
            },
            number: if sd.syms & bit(Sym::Hash) != 0 {
                ANY_NUMBER
            } else {
                sd.number
            },
            syms: sd.syms,
            stack,
        }
    }
}

/// The most cards (up to `need`) the hand `held` (distinct kinds and counts) can play in a row
/// on `top`. A depth-first search with a node budget.
fn run_len(held: &mut [(usize, u8)], top: Top, mini: Option<u8>, need: u8, budget: &mut u32) -> u8 {
    if need == 0 || *budget == 0 {
        return 0;
    }
    *budget -= 1;
    let table = kinds();
    let mut best = 0;
    for i in 0..held.len() {
        let (k, c) = held[i];
        if c == 0 {
            continue;
        }
        let sd = table[k].normal;
        if !top.fits(&sd, mini) {
            continue;
        }
        held[i].1 -= 1;
        let r = 1 + run_len(held, top.after(&sd, mini), mini, need - 1, budget);
        held[i].1 += 1;
        if r > best {
            best = r;
            if best == need {
                break;
            }
        }
        if *budget == 0 {
            break;
        }
    }
    best
}

/// What the scores read from the view, computed once per decision.
struct Table<'a> {
    v: &'a BlenderView,
    me: Seat,
    /// Live seats.
    alive: u32,
    /// Cards in the viewer's hand.
    mine: u16,
    /// Cards of each colour (red, yellow, green, blue, Wild) in the viewer's hand.
    colors: [u32; 5],
    /// The smallest and largest other live hand.
    min_other: u16,
    max_other: u16,
}

impl<'a> Table<'a> {
    fn new(v: &'a BlenderView, me: Seat) -> Self {
        let mut colors = [0u32; 5];
        for (k, c) in v.hand.iter() {
            colors[(kinds()[k].normal.color as usize).min(4)] += c as u32;
        }
        let others = || {
            (0..v.num_players)
                .filter(move |&s| s != me && v.alive & (1 << s) != 0)
                .map(|s| v.hand_sizes[s as usize])
        };
        Table {
            v,
            me,
            alive: v.alive.count_ones(),
            mine: v.hand.len() as u16,
            colors,
            min_other: others().min().unwrap_or(99),
            max_other: others().max().unwrap_or(0),
        }
    }

    fn size(&self, s: u8) -> u16 {
        self.v.hand_sizes[s as usize]
    }

    /// What a card drawn by seat `s` is worth to the viewer: an opponent near the end matters
    /// more; each opponent matters less the more there are. The viewer's own weight is -1.
    fn w(&self, s: u8) -> f64 {
        if s == self.me {
            return -1.0;
        }
        if s as usize >= self.v.num_players as usize || self.v.alive & (1 << s) == 0 {
            return 0.0;
        }
        let others = (self.alive.max(2) - 1) as f64;
        (0.6 + 2.0 / (1.0 + self.size(s) as f64)) / others.sqrt()
    }

    /// The largest weight among the others (the target of a chosen attack).
    fn max_w(&self) -> f64 {
        (0..self.v.num_players)
            .filter(|&s| s != self.me)
            .map(|s| self.w(s))
            .fold(0.0, f64::max)
    }

    fn sum_w(&self) -> f64 {
        (0..self.v.num_players)
            .filter(|&s| s != self.me)
            .map(|s| self.w(s))
            .sum()
    }

    /// The next live seat after `from` in direction `cw`.
    fn step(&self, from: u8, cw: bool) -> u8 {
        let n = self.v.num_players;
        let mut s = from;
        for _ in 0..n {
            s = if cw { (s + 1) % n } else { (s + n - 1) % n };
            if self.v.alive & (1 << s) != 0 {
                return s;
            }
        }
        from
    }

    /// What falling short costs now: the mini-pile, or the tempo's cards (twice under Team
    /// Play).
    fn shortfall(&self) -> f64 {
        if self.v.mini.is_some() {
            let cards: u32 = self.v.mini_counts.iter().map(|&c| c as u32).sum();
            cards as f64
        } else {
            self.v.turn_tempo as f64 * if self.v.team_turn { 2.0 } else { 1.0 }
        }
    }

    fn top(&self) -> Top {
        let sh = self.v.shown;
        Top {
            color: sh.color,
            number: sh.number,
            syms: kinds().get(sh.kind as usize).map_or(0, |kd| kd.normal.syms),
            stack: if self.v.mini.is_some() {
                StackKind::None
            } else {
                self.v.stack_kind
            },
        }
    }

    fn turn_score(&self, a: Action) -> f64 {
        let v = self.v;
        let Some((k, flexed)) = play_of(a) else {
            return match a {
                TAKE => -(v.stack as f64),
                STOP => -self.shortfall(),
                DRAW => {
                    if v.mini.is_some() || v.tempo > 1 || v.team_turn {
                        -self.shortfall()
                    } else {
                        // One card, which may be played at once.
                        -0.8
                    }
                }
                _ => -100.0,
            };
        };
        let kd = &kinds()[k];
        let need_after = v.tempo.saturating_sub(v.played + 1);
        if flexed || need_after == 0 {
            // The turn's last card.
            let short = if flexed && need_after > 0 {
                self.shortfall()
            } else {
                0.0
            };
            return 1.0 - short + self.effect(k, flexed, self.me) + self.keep_score(k, true);
        }
        // A card inside the run: how far can the rest of the hand go on it?
        let mut held: Vec<(usize, u8)> = v.hand.iter().collect();
        if let Some(e) = held.iter_mut().find(|e| e.0 == k) {
            e.1 -= 1;
        }
        let mut budget = RUN_BUDGET;
        let next = self.top().after(&kd.normal, v.mini);
        let need = need_after.min(MAX_RUN);
        let run = run_len(&mut held, next, v.mini, need, &mut budget);
        let short = if run < need { self.shortfall() } else { 0.0 };
        // Action cards are worth keeping for the last place of a run.
        let spent = self.effect(k, false, self.me).max(0.0) * 0.3;
        1.0 + run as f64 - short - spent + self.keep_score(k, false)
    }

    /// Hand shape: Wilds are kept while the hand is large; a last card of a colour held is
    /// worth a little more.
    fn keep_score(&self, k: usize, last: bool) -> f64 {
        let kd = &kinds()[k];
        let c = kd.normal.color;
        let mut s = 0.0;
        if c == WILD {
            if self.mine > 3 {
                s -= 0.6;
            }
            if last {
                s += 0.15 * self.colors[..4].iter().copied().max().unwrap_or(0) as f64;
            }
        } else if last && self.v.mini.is_none() {
            s += 0.15 * self.colors[c as usize].saturating_sub(1) as f64;
        }
        s
    }

    /// What kind `k` does as the last card of a turn played by `p` (a jump-in's card too), in
    /// cards for the viewer.
    fn effect(&self, k: usize, flexed: bool, p: Seat) -> f64 {
        let v = self.v;
        let kd = &kinds()[k];
        let sd = if flexed {
            kd.flex.unwrap_or(kd.normal)
        } else {
            kd.normal
        };
        let after = self.mine.saturating_sub(1);
        let mut e = 0.0;
        let modifier = if flexed { Modifier::None } else { kd.modifier };
        if after == 0 && !matches!(modifier, Modifier::Trade | Modifier::Pass) {
            // Out of cards at the end of the turn: the game is won.
            e += 50.0;
        }
        let syms = sd.syms;
        let has = |x: Sym| syms & bit(x) != 0;
        let on_mini = v.mini.is_some();
        let cw = v.clockwise ^ (!on_mini && has(Sym::Reverse));
        let next = self.step(p, cw);
        if !on_mini {
            // The stack the next player faces.
            let add = if syms & DRAW_FAMILY != 0 || syms & STACK_FAMILY != 0 {
                stack_add(syms)
            } else {
                0.0
            };
            let standing = if v.stack_kind != StackKind::None {
                v.stack as f64
            } else {
                0.0
            };
            let mut left = standing + add;
            if has(Sym::Shield) {
                left = 0.0;
            }
            if has(Sym::SuperStar) && standing > 0.0 {
                if v.prev_active != NONE {
                    e += standing * self.w(v.prev_active);
                }
                left = 0.0;
            }
            e += 0.45 * left * self.w(next);
            if has(Sym::Skip) {
                e += 1.2 * self.w(next);
            }
            if has(Sym::SkipEveryone) {
                e += 1.2 * self.sum_w();
            }
            if has(Sym::DiscardColor) && sd.color != WILD {
                e += self.colors[sd.color as usize].saturating_sub(1) as f64;
            }
            if has(Sym::ColorRoulette) {
                e += 3.0 * self.w(next);
            }
            if has(Sym::EveryoneDraw1) {
                e += self.sum_w();
            }
            if has(Sym::EveryoneDraw2) {
                e += 2.0 * self.sum_w();
            }
            if has(Sym::TargetedDraw2) {
                e += 2.0 * self.max_w();
            }
            if has(Sym::TargetedDraw4) || has(Sym::DoubleDraw2) {
                e += 4.0 * self.max_w();
            }
            if has(Sym::TargetedSkip) {
                e += self.max_w();
            }
            if has(Sym::PileUp) {
                e += self.w(next);
            }
            if has(Sym::DoubleSpeedUp) {
                e += 1.6 * self.w(next);
            }
            if has(Sym::PointTaken) || has(Sym::TeamPlay) || has(Sym::DrawnTogether) {
                e += 0.3;
            }
            if has(Sym::RefreshHand) {
                e -= 0.3;
            }
            if has(Sym::Swap) && self.holds_creeper(k) {
                e += 3.0 * self.max_w();
            }
            if has(Sym::ForceTrade) {
                let own = after as f64 - self.min_other as f64;
                e += if self.alive > 2 {
                    own.max(0.5 * (self.max_other - self.min_other) as f64)
                } else {
                    own
                };
            }
            if has(Sym::PassHands) {
                e += self.pass_gain(after, p, cw);
            }
        }
        match modifier {
            Modifier::Trade => {
                e += after as f64 - self.min_other as f64;
                if after == 0 {
                    e -= 20.0;
                }
            }
            Modifier::Pass => {
                e += self.pass_gain(after, p, cw);
                if after == 0 {
                    e -= 20.0;
                }
            }
            Modifier::Swap if self.holds_creeper(k) => e += 3.0 * self.max_w(),
            Modifier::SpeedUp => e += 0.8 * self.w(next),
            Modifier::Flip => {
                e += if v.red & (1 << p) != 0 { 0.2 } else { -0.1 };
            }
            _ => {}
        }
        e
    }

    /// Pass: every hand moves on one seat in turn order; the viewer gets the hand of the seat
    /// before it.
    fn pass_gain(&self, after: u16, p: Seat, cw: bool) -> f64 {
        let from = self.step(p, !cw);
        after as f64 - self.size(from) as f64
    }

    /// Whether the viewer holds a Creeper besides card `k`.
    fn holds_creeper(&self, k: usize) -> bool {
        self.v
            .hand
            .iter()
            .any(|(j, c)| kinds()[j].normal.syms & bit(Sym::Creeper) != 0 && (j != k || c > 1))
    }

    fn color_score(&self, c: u8) -> f64 {
        let v = self.v;
        let (_, k, flexed) = v.resolving;
        let roulette = (k as usize) < NUM_KINDS && {
            let kd = &kinds()[k as usize];
            let sd = if flexed {
                kd.flex.unwrap_or(kd.normal)
            } else {
                kd.normal
            };
            sd.syms & bit(Sym::ColorRoulette) != 0
        };
        let held = self.colors[c as usize] as f64;
        if roulette {
            // The victim turns cards over until this colour: the fewer unseen, the more.
            -(unseen_of_color(v, c) as f64) + 0.01 * held
        } else {
            held - 0.001 * unseen_of_color(v, c) as f64
        }
    }

    fn target_score(&self, why: TargetWhy, t: u8) -> f64 {
        let me = self.me;
        // A strict order so the two picks of one card agree: ties go to the nearest seat in
        // the direction of play (by offset, not by seat number, which would make every table
        // hit its low seats more often).
        let n = self.v.num_players;
        let offset = if self.v.clockwise {
            (t + n - me) % n
        } else {
            (me + n - t) % n
        };
        let tie = -(offset as f64) * 1e-3;
        let threat = self.w(t) + tie;
        match why {
            TargetWhy::Trade => -(self.size(t) as f64) + tie,
            TargetWhy::ForceTrade => {
                let own = self.mine > self.min_other + 1 || self.alive <= 2;
                if own {
                    if t == me {
                        100.0
                    } else {
                        -(self.size(t) as f64) + tie
                    }
                } else if t == me {
                    -100.0
                } else if self.size(t) == self.min_other {
                    50.0 + tie
                } else {
                    self.size(t) as f64 + tie
                }
            }
            TargetWhy::TeamPlay => self.size(t) as f64 + tie,
            TargetWhy::DrawnTogether => {
                if t == me {
                    -100.0
                } else {
                    threat
                }
            }
            _ => threat,
        }
    }
}

/// The penalty a Draw or Stack card adds (Wild Stack Number: about 5).
fn stack_add(syms: u64) -> f64 {
    if syms & bit(Sym::Draw2) != 0 {
        2.0
    } else if syms & bit(Sym::Draw4) != 0 {
        4.0
    } else if syms & bit(Sym::Draw6) != 0 {
        6.0
    } else if syms & bit(Sym::Draw10) != 0 {
        10.0
    } else if syms & bit(Sym::Stack1) != 0 {
        1.0
    } else if syms & bit(Sym::Stack2) != 0 {
        2.0
    } else if syms & bit(Sym::Stack3) != 0 {
        3.0
    } else {
        5.0
    }
}

/// Cards of colour `c` the viewer has not seen: the 162 of the colour less the discard pile,
/// the mini-pile, its hand and the cards it knows in other hands.
fn unseen_of_color(v: &BlenderView, c: u8) -> i32 {
    let t = kinds();
    let mut u = 162i32;
    for (k, kd) in t.iter().enumerate().take(NUM_KINDS) {
        if kd.normal.color == c {
            u -= v.discard[k] as i32 + v.mini_counts[k] as i32 + v.hand.count(k) as i32;
            for s in 0..v.num_players as usize {
                if s != v.seat as usize {
                    u -= v.known[s][k] as i32;
                }
            }
        }
    }
    u
}

fn number_score(v: &BlenderView, a: Action) -> f64 {
    let n = HASH_NUMBERS[(a - NUMBER) as usize];
    v.hand
        .iter()
        .filter(|&(k, _)| kinds()[k].normal.number == n)
        .map(|(_, c)| c as f64)
        .sum()
}

fn give_score(v: &BlenderView, k: usize) -> f64 {
    let kd = &kinds()[k];
    if kd.normal.syms & bit(Sym::Creeper) != 0 {
        // Its receiver draws 3.
        return 10.0;
    }
    if kd.normal.color == WILD {
        return -10.0;
    }
    // The colour held least is the least useful; a plain number before an action card.
    let held: u32 = v
        .hand
        .iter()
        .filter(|&(j, _)| kinds()[j].normal.color == kd.normal.color)
        .map(|(_, c)| c as u32)
        .sum();
    -(held as f64) - if kd.normal.syms != 0 { 1.0 } else { 0.0 }
}
