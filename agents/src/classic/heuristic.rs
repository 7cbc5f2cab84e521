//! Rule-based heuristic agent for classic UNO.
//!
//! Every decision is made from the deciding player's view (`Decision::view`) and the legal
//! actions only; the agent keeps no memory between decisions and allocates nothing. The rules,
//! decision by decision, and the measured strength are in `docs/agents/heuristic.md`. In short:
//!
//! - **Play / PostDraw**: never draw while a card can be played, and always play a playable
//!   drawn card. Each legal play gets a score and the best one is played: keep a card of the colour play continues in, spend Wilds only when
//!   nothing else fits, hit the next player with Skip / Draw Two / Wild Draw Four (more so the
//!   fewer cards they hold), make it hard for the player who plays next to follow (from the cards
//!   not yet seen), and with two players shed the odd cards (lone colours and ranks) first.
//! - **Wild colour**: a colour still held (and hard for the next player to follow); among those,
//!   with three or more players the colour held most (weighted by points), with two players the
//!   colour held least (shed it next). **ChooseColor** (a first-card Wild, named before one's
//!   own play): the colour held most, weighted by points.
//! - **ChooseTarget** (seven-zero): the opponent with the fewest cards.
//! - **CallUno**: always call (unless `uno_forget`); **CatchUno**: always catch.
//! - **Respond**: stack when possible; challenge a lone Wild Draw Four when its player still
//!   holds at least `challenge_min_cards` cards; accept otherwise.
//! - **JumpIn**: jump in (it sheds a card and takes the turn), unless a seven-zero swap or
//!   rotation would hand the agent a bigger hand.

use crate::heuristic::*;
use crate::{Agent, Decision};
use uno_engine::classic::action::{
    ACCEPT, CALL_UNO, CATCH, CHALLENGE, CHOOSE_COLOR, DECLINE_JUMP_IN, DRAW, PASS, PLAY_WD4,
    STAY_SILENT, TARGET,
};
use uno_engine::classic::cards::{
    COLOR_MASK, RANK_DRAW_TWO, RANK_REVERSE, RANK_SKIP, WILD, WILD_DRAW_FOUR,
};
use uno_engine::classic::{
    color_of, decode_play, rank_of, ClassicState, ClassicView, Wd4Rule, CARDS, NUM_KINDS,
};
use uno_engine::{Action, DecisionKind, Rng, MAX_PLAYERS};

/// `rank_of` of a Wild Draw Four.
const RANK_WD4: u8 = 14;
/// Bits of the 52 coloured kinds, and of the 13 ranks of one colour.
const COLORED: u64 = (1 << 52) - 1;
const RANKS13: u64 = (1 << 13) - 1;

/// The heuristic player. Stateless between decisions; randomness only from the `rng` argument,
/// and only for the `bluff` and `uno_forget` probabilities (none at the defaults).
pub struct HeuristicAgent {
    pub params: HeuristicParams,
}

impl HeuristicAgent {
    pub fn new(params: HeuristicParams) -> Self {
        HeuristicAgent { params }
    }
}

impl Default for HeuristicAgent {
    fn default() -> Self {
        HeuristicAgent::new(HeuristicParams::default())
    }
}

/// How dangerous a player holding `cards` cards is: 1 on one card, halving per extra card.
#[inline]
fn threat(cards: u8) -> f64 {
    match cards {
        0 | 1 => 1.0,
        2 => 0.5,
        3 => 0.25,
        4 => 0.125,
        _ => 0.0625,
    }
}

/// Everything the scores need, computed once per decision (on the stack, no allocation).
struct Ctx {
    n: u8,
    me: u8,
    hand: [u8; NUM_KINDS],
    /// Bitset of the kinds held.
    mask: u64,
    size: u8,
    /// Coloured cards held per colour, and their points.
    cnt: [i32; 4],
    pts: [i32; 4],
    sizes: [u8; MAX_PLAYERS],
    /// Cards neither in the hand nor in the discard pile (in other hands or the draw pile).
    unseen: [u8; NUM_KINDS],
    unseen_color: [i32; 4],
    unseen_rank: [i32; 13],
    unseen_wild: i32,
    unseen_total: i32,
    next: u8,
    prev: u8,
    next2: u8,
    /// Fewest cards any opponent holds.
    min_opp: u8,
    color: u8,
    seven_zero: bool,
    reverse_skips: bool,
}

impl Ctx {
    fn new(v: &ClassicView) -> Ctx {
        let n = v.num_players;
        let me = v.seat;
        let mut hand = [0u8; NUM_KINDS];
        let mut cnt = [0i32; 4];
        let mut pts = [0i32; 4];
        let mut unseen = [0u8; NUM_KINDS];
        let mut unseen_color = [0i32; 4];
        let mut unseen_rank = [0i32; 13];
        let mut unseen_total = 0;
        for k in 0..NUM_KINDS {
            let h = v.hand.count(k);
            hand[k] = h;
            let u = CARDS[k]
                .copies
                .saturating_sub(h)
                .saturating_sub(v.discard[k]);
            unseen[k] = u;
            unseen_total += u as i32;
            if k < 52 {
                let c = k / 13;
                cnt[c] += h as i32;
                pts[c] += h as i32 * CARDS[k].points;
                unseen_color[c] += u as i32;
                unseen_rank[k % 13] += u as i32;
            }
        }
        let step = |s: u8, fwd: bool| -> u8 {
            if fwd == v.clockwise {
                (s + 1) % n
            } else {
                (s + n - 1) % n
            }
        };
        let next = step(me, true);
        let prev = step(me, false);
        let next2 = step(next, true);
        let mut sizes = [0u8; MAX_PLAYERS];
        sizes[..n as usize].copy_from_slice(&v.hand_sizes[..n as usize]);
        let min_opp = (0..n)
            .filter(|&s| s != me)
            .map(|s| sizes[s as usize])
            .min()
            .unwrap_or(0);
        Ctx {
            n,
            me,
            hand,
            mask: v.hand.mask(0),
            size: v.hand.len() as u8,
            cnt,
            pts,
            sizes,
            unseen_wild: unseen[WILD as usize] as i32 + unseen[WILD_DRAW_FOUR as usize] as i32,
            unseen,
            unseen_color,
            unseen_rank,
            unseen_total,
            next,
            prev,
            next2,
            min_opp,
            color: v.color,
            seven_zero: v.options.seven_zero,
            reverse_skips: v.options.two_player_reverse_skips,
        }
    }

    /// Estimated chance that one unseen card can be played on `kind` with colour `col`.
    fn match_prob(&self, kind: u8, col: u8) -> f64 {
        if self.unseen_total <= 0 {
            return 0.0;
        }
        let mut m = self.unseen_wild;
        if col < 4 {
            m += self.unseen_color[col as usize];
        }
        if kind < 52 {
            let r = rank_of(kind) as usize;
            m += self.unseen_rank[r] - self.unseen[kind as usize] as i32;
        }
        m as f64 / self.unseen_total as f64
    }

    /// The colour to name outside a play (first-card Wild): the colour held most, weighted by
    /// points; ties go to the colour with the fewest cards unseen.
    fn most_held_color(&self) -> u8 {
        let mut best = 0u8;
        let mut best_v = f64::NEG_INFINITY;
        for c in 0..4 {
            let v = self.cnt[c] as f64 * 1000.0 + self.pts[c] as f64
                - self.unseen_color[c] as f64 * 0.01;
            if v > best_v {
                best_v = v;
                best = c as u8;
            }
        }
        best
    }

    /// Whether a Wild Draw Four played now would be a bluff that can be challenged.
    fn wd4_is_risky_bluff(&self, v: &ClassicView) -> bool {
        v.options.challenge
            && v.options.wd4_rule == Wd4Rule::Bluff
            && self.color < 4
            && self.cnt[self.color as usize] > 0
    }
}

impl HeuristicAgent {
    /// Score of playing `kind` naming `col` (the card's own colour for coloured cards). Higher
    /// is better; the terms are documented in `docs/agents/heuristic.md`.
    fn score_play(&self, c: &Ctx, kind: u8, col: u8) -> f64 {
        if c.size <= 1 {
            return 1e9; // goes out
        }
        let w = if c.n == 2 {
            &self.params.w.two
        } else {
            &self.params.w.many
        };
        let mut cnt = c.cnt;
        let mut pts = c.pts;
        let points = CARDS[kind as usize].points;
        if kind < 52 {
            let kc = color_of(kind) as usize;
            cnt[kc] -= 1;
            pts[kc] -= points;
        }
        let my_after = c.size - 1;
        let rank = rank_of(kind);
        let mut s = 0.0;

        // Seven-zero: the hand changes owner, so its shape no longer matters; what matters is
        // the size of the hand received.
        let swapped = c.seven_zero && kind < 52 && (rank == 7 || rank == 0);
        if swapped {
            let received = if rank == 7 {
                c.min_opp
            } else {
                c.sizes[c.prev as usize]
            };
            s += w[W_SWAP] * (my_after as f64 - received as f64);
        } else {
            let col_u = col as usize;
            // Keep control: still hold a card of the colour play continues in.
            if col_u < 4 {
                if cnt[col_u] > 0 {
                    s += w[W_COLOR];
                }
                if kind >= 52 {
                    s += w[W_TIE] * (cnt[col_u] as f64 + pts[col_u] as f64 / 100.0);
                }
            }
            // Hand shape: colours and ranks still held.
            if w[W_DIV] != 0.0 || w[W_RANKS] != 0.0 {
                let mut m = c.mask & COLORED;
                if kind < 52 && c.hand[kind as usize] == 1 {
                    m &= !(1u64 << kind);
                }
                let colors = (0..4).filter(|&cc| m & COLOR_MASK[cc] != 0).count();
                let ranks = ((m | m >> 13 | m >> 26 | m >> 39) & RANKS13).count_ones();
                s += w[W_DIV] * colors as f64 + w[W_RANKS] * ranks as f64;
            }
        }

        // Points shed when an opponent is close to going out (placing by points).
        if kind < 52 {
            s += w[W_POINTS] * points as f64 * threat(c.min_opp);
        } else {
            // Keep wilds as answers.
            s -= w[W_WILD_KEEP];
        }

        // Effect on the player hit, and who plays on this card next.
        let vt = threat(c.sizes[c.next as usize]);
        let mut follower = c.next;
        let mut denied = false;
        let mut drawn = 0u8;
        match rank {
            RANK_SKIP => {
                denied = true;
                follower = c.next2;
            }
            RANK_REVERSE => {
                if c.n == 2 {
                    if c.reverse_skips {
                        denied = true;
                        follower = c.me;
                    }
                } else {
                    // The previous player plays next instead of the next one.
                    let pt = threat(c.sizes[c.prev as usize]);
                    s += w[W_DENY_THREAT] * (vt - pt);
                    follower = c.prev;
                }
            }
            RANK_DRAW_TWO => {
                denied = true;
                drawn = 2;
                follower = c.next2;
            }
            RANK_WD4 => {
                denied = true;
                drawn = 4;
                follower = c.next2;
            }
            _ => {}
        }
        if denied {
            s += w[W_DENY] + w[W_DENY_THREAT] * vt;
            s += drawn as f64 * (w[W_DRAWN] + w[W_DRAWN_THREAT] * vt);
        }
        // The player who plays next on this card: how likely can they follow it?
        if follower != c.me && !swapped {
            let m = c.sizes[follower as usize];
            let p = c.match_prob(kind, col);
            s -= w[W_BLOCK] * (1.0 - (1.0 - p).powi(m as i32));
            let ft = threat(m);
            if ft >= 0.5 {
                s -= w[W_RISK] * ft * p;
            }
        }
        s
    }

    /// The best-scoring play (ids 0–59) in `legal`, skipping Wild Draw Fours when `no_wd4`;
    /// `None` if there is none.
    fn best_play(&self, c: &Ctx, legal: &[Action], no_wd4: bool) -> Option<Action> {
        let mut best: Option<(f64, Action)> = None;
        for &a in legal {
            let Some((kind, named)) = decode_play(a) else {
                continue;
            };
            if no_wd4 && kind == WILD_DRAW_FOUR {
                continue;
            }
            let col = named.unwrap_or_else(|| color_of(kind));
            let sc = self.score_play(c, kind, col);
            if best.is_none_or(|(b, _)| sc > b) {
                best = Some((sc, a));
            }
        }
        best.map(|(_, a)| a)
    }

    /// Play and PostDraw: the best play; a bluffing Wild Draw Four only with probability
    /// `bluff`; draw (Play) or keep the drawn card (PostDraw) only when nothing else is left.
    fn play(&self, v: &ClassicView, legal: &[Action], rng: &mut Rng) -> Action {
        let c = Ctx::new(v);
        let has_wd4 = legal.iter().any(|&a| (PLAY_WD4..PLAY_WD4 + 4).contains(&a));
        let no_wd4 = has_wd4 && c.wd4_is_risky_bluff(v) && !rng.chance(self.params.bluff);
        if let Some(a) = self.best_play(&c, legal, no_wd4) {
            return a;
        }
        if let Some(&a) = legal.iter().find(|&&a| a == DRAW || a == PASS) {
            return a;
        }
        self.best_play(&c, legal, false).unwrap_or(legal[0])
    }

    /// Respond: stack when possible, else challenge a lone Wild Draw Four whose player still
    /// holds at least `challenge_min_cards` cards, else accept.
    fn respond(&self, v: &ClassicView, legal: &[Action]) -> Action {
        let c = Ctx::new(v);
        if let Some(a) = self.best_play(&c, legal, false) {
            return a;
        }
        if legal.contains(&CHALLENGE) && v.options.wd4_rule == Wd4Rule::Bluff {
            let offender = v.last_player as usize;
            if v.hand_sizes[offender] as u64 >= self.params.challenge_min_cards {
                return CHALLENGE;
            }
        }
        if legal.contains(&ACCEPT) {
            ACCEPT
        } else {
            legal[0]
        }
    }

    /// ChooseTarget (seven-zero): the opponent with the fewest cards; on a tie, not the next
    /// player (who would play the received hand at once).
    fn choose_target(&self, v: &ClassicView, legal: &[Action]) -> Action {
        let n = v.num_players as usize;
        let next = if v.clockwise {
            (v.seat as usize + 1) % n
        } else {
            (v.seat as usize + n - 1) % n
        };
        let mut best: Option<((u8, bool), Action)> = None;
        for &a in legal {
            if !(TARGET..TARGET + MAX_PLAYERS as Action - 1).contains(&a) {
                continue;
            }
            let t = (v.seat as usize + (a - TARGET) as usize + 1) % n;
            let key = (v.hand_sizes[t], t == next);
            if best.is_none_or(|(b, _)| key < b) {
                best = Some((key, a));
            }
        }
        best.map(|(_, a)| a).unwrap_or(legal[0])
    }

    /// JumpIn: jump in, unless under seven-zero the 7 or 0 would hand the agent a bigger hand.
    fn jump_in(&self, v: &ClassicView, legal: &[Action]) -> Action {
        let Some(&card) = legal.iter().find(|&&a| a < 52) else {
            return DECLINE_JUMP_IN;
        };
        let rank = rank_of(card as u8);
        if v.options.seven_zero && v.hand.len() > 1 && (rank == 7 || rank == 0) {
            let c = Ctx::new(v);
            let received = if rank == 7 {
                c.min_opp
            } else {
                c.sizes[c.prev as usize]
            };
            if received >= c.size - 1 && legal.contains(&DECLINE_JUMP_IN) {
                return DECLINE_JUMP_IN;
            }
        }
        card
    }
}

impl Agent<ClassicState> for HeuristicAgent {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn act(&mut self, d: &Decision<'_, ClassicState>, rng: &mut Rng) -> Action {
        let legal = d.legal;
        if legal.len() == 1 {
            return legal[0];
        }
        let pick = |want: Action| {
            if legal.contains(&want) {
                want
            } else {
                legal[0]
            }
        };
        match d.kind {
            DecisionKind::CallUno => {
                if rng.chance(self.params.uno_forget) {
                    pick(STAY_SILENT)
                } else {
                    pick(CALL_UNO)
                }
            }
            DecisionKind::CatchUno => pick(CATCH),
            DecisionKind::Play | DecisionKind::PostDraw => self.play(&d.view(), legal, rng),
            DecisionKind::Respond => self.respond(&d.view(), legal),
            DecisionKind::ChooseColor => {
                let c = Ctx::new(&d.view());
                pick(CHOOSE_COLOR + c.most_held_color() as Action)
            }
            DecisionKind::ChooseTarget => self.choose_target(&d.view(), legal),
            DecisionKind::JumpIn => self.jump_in(&d.view(), legal),
            // Not used by classic UNO.
            DecisionKind::GiveCard | DecisionKind::Simultaneous | DecisionKind::ChooseNumber => {
                legal[0]
            }
        }
    }
}
