//! Information-set Monte Carlo tree search: single-observer IS-MCTS (Cowling, Powley and
//! Whitehouse, 2012) with per-seat value vectors for multi-player games.
//!
//! Each iteration:
//! 1. **determinize**: sample a full state consistent with what the searcher knows
//!    (`SearchGame::determinize`: own hand, discard pile, hand sizes, ...; never the hidden cards);
//! 2. **select** down the tree of the searcher's information set: at each node only the children
//!    whose action is legal in this determinization compete; each gets its *availability* count
//!    bumped, and the one maximising UCB1 for the player to act (mean reward + c·sqrt(ln avail / n))
//!    is followed;
//! 3. **expand** one untried legal action;
//! 4. **roll out** with the rollout policy (random or heuristic) for at most `depth` decisions, then
//!    score with `SearchGame::value_estimate` (exact at a terminal state);
//! 5. **back up** the reward vector (one share per seat) along the path.
//!
//! The final move is the root child with most visits (or the best mean for the searcher with
//! `final=value`; or, with `final=guarded`, the rollout policy's own choice unless the most
//! visited child is better by more than `margin` standard errors). `final_many` is the same
//! choice for three or more players. Options for the multi-player table: an opponent model for
//! the other seats (`opp_random`, `opp_model=observed` from public hand sizes with an evidence
//! table per rule set, `opp_tree`, `opp_mix`) and a placing term in the reward (`place`); all off
//! by default. The tree lives in an arena reused between decisions, so steady-state search
//! does not allocate. Chance events are not tree nodes: the determinization fixes the hidden
//! cards, and draws come from the determinized state's own (searcher-seeded) chance stream.

use crate::params::Params;
use crate::{Agent, Decision};
use std::time::{Duration, Instant};
use uno_engine::{Action, ActionList, Rng, SearchGame, MAX_PLAYERS};

/// Rollout policy of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    Random,
    Heuristic,
}

/// How the move is chosen after the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinalChoice {
    /// Most visited root child (robust child).
    Visits,
    /// Best mean reward for the searcher.
    Value,
    /// The rollout policy's own choice at the root (the hint) unless the most visited child's
    /// mean reward for the searcher exceeds the hint child's by more than `margin` standard
    /// errors (see `MctsParams::margin`).
    Guarded,
}

impl FinalChoice {
    fn parse(word: &str) -> FinalChoice {
        match word {
            "value" => FinalChoice::Value,
            "guarded" => FinalChoice::Guarded,
            _ => FinalChoice::Visits,
        }
    }
    fn name(self) -> &'static str {
        match self {
            FinalChoice::Visits => "visits",
            FinalChoice::Value => "value",
            FinalChoice::Guarded => "guarded",
        }
    }
}

/// Parameters of the IS-MCTS agent (spec `mcts:key=value,...`).
#[derive(Clone, Debug, PartialEq)]
pub struct MctsParams {
    /// Iterations per decision (ignored when `time_ms` > 0).
    pub iterations: u32,
    /// Time budget per decision in milliseconds (0: use `iterations`; not reproducible).
    pub time_ms: u64,
    /// UCB1 exploration constant with two players (rewards are win shares in 0..1).
    pub c: f64,
    /// UCB1 exploration constant with three or more players.
    pub c_many: f64,
    pub rollout: Rollout,
    /// Decisions per rollout before the value estimate is used.
    pub depth: u32,
    /// Final choice with two players.
    pub final_choice: FinalChoice,
    /// Final choice with three or more players.
    pub final_many: FinalChoice,
    /// `final=guarded`: how many standard errors the most visited child's mean reward must
    /// exceed the hint child's by before the search overrides the rollout policy's choice.
    pub margin: f64,
    /// `final=guarded` at normal turns only (`guard_kinds=play`): every other decision (colour,
    /// UNO call, catch, challenge, target, ...) takes the rollout policy's move without an
    /// override. `false` (`guard_kinds=all`): the guard applies to every decision.
    pub guard_play_only: bool,
    /// Opponent model in rollouts: probability that a rollout decision of a seat other than the
    /// searcher's is a uniformly random legal action instead of the rollout policy's (0 = every
    /// opponent plays like the rollout policy, 1 = every opponent plays at random).
    pub opp_random: f64,
    /// `opp_model=observed`: instead of the fixed `opp_random`, each opponent's probability of
    /// playing at random is estimated during the game from its public hand size (see
    /// `OpponentModel`). Needs the variant to report hand sizes (classic and Hot Death do).
    pub opp_observed: bool,
    /// `opp_model=observed`: the prior probability that an opponent plays at random, before
    /// anything is observed (strictly between 0 and 1).
    pub opp_prior: f64,
    /// `opp_tree=on`: the opponent model applies inside the tree too: at an opponent's node,
    /// with that opponent's probability of playing at random, a uniformly random legal action is
    /// followed (expanded if new) instead of the opponent's UCB1 choice.
    pub opp_tree: bool,
    /// How an opponent's probability p of playing at random (`opp_random` or the observed
    /// model's estimate) enters an iteration. `false` (`opp_mix=move`): each of its moves in the
    /// rollout (and in the tree with `opp_tree=on`) is random with probability p. `true`
    /// (`opp_mix=player`): each iteration first draws, with probability p, whether the opponent
    /// is a random player, and then every move of it in that iteration is random or none is;
    /// with `opp_model=observed` the determinization's priors for it are then dropped or kept
    /// whole (trust 0 or 1) instead of scaled by 1 − p.
    pub opp_mix_player: bool,
    /// Weight of the placing in the reward: each seat's reward is `(1 - place) · win share +
    /// place · placing score`, the placing score going from 1 (first) to 0 (last).
    pub place: f64,
    /// Progressive bias towards the rollout policy's choice: at every tree node the action the
    /// policy would take gets `bias / (visits + 1)` added to its UCB score, and is expanded
    /// first. 0 switches the policy hint off.
    pub bias: f64,
    /// Prior that opponents followed the rules the searcher cannot check (classic: a Wild Draw
    /// Four played without the colour in play); see `SearchGame::determinize`.
    pub honesty: f64,
    /// Prior that an opponent who drew at a normal turn could not play, where the rules let it
    /// draw anyway (classic, official draw rule); see `SearchGame::determinize`. Where a draw is
    /// allowed only when stuck (classic `rlcard`) the evidence is always used.
    pub stuck: f64,
}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            iterations: 1000,
            time_ms: 0,
            c: 0.4,
            c_many: 0.25,
            rollout: Rollout::Heuristic,
            depth: 20,
            final_choice: FinalChoice::Visits,
            final_many: FinalChoice::Visits,
            margin: 2.0,
            guard_play_only: false,
            opp_random: 0.0,
            opp_observed: false,
            opp_prior: 0.5,
            opp_tree: false,
            opp_mix_player: false,
            place: 0.0,
            bias: 2.0,
            honesty: 0.9,
            stuck: 0.0,
        }
    }
}

pub const MCTS_PARAMS: &str =
    "iterations, time_ms, c, c_many, rollout (random|heuristic), depth, final (visits|value|guarded), \
     final_many (visits|value|guarded), margin, guard_kinds (all|play), opp_random, opp_model (fixed|observed), opp_prior, opp_tree (off|on), opp_mix (move|player), place, bias, honesty, stuck";

const FINALS: [&str; 3] = ["visits", "value", "guarded"];

impl MctsParams {
    pub fn parse(text: &str) -> Result<Self, String> {
        let d = MctsParams::default();
        let p = Params::parse("mcts", text)?;
        let out = MctsParams {
            iterations: p.u64("iterations", d.iterations as u64, 1, 10_000_000)? as u32,
            time_ms: p.u64("time_ms", d.time_ms, 0, 3_600_000)?,
            c: p.f64("c", d.c, 0.0, 100.0)?,
            c_many: p.f64("c_many", d.c_many, 0.0, 100.0)?,
            rollout: match p.choice("rollout", "heuristic", &["random", "heuristic"])? {
                "heuristic" => Rollout::Heuristic,
                _ => Rollout::Random,
            },
            depth: p.u64("depth", d.depth as u64, 0, 1_000_000)? as u32,
            final_choice: FinalChoice::parse(p.choice("final", d.final_choice.name(), &FINALS)?),
            final_many: FinalChoice::parse(p.choice("final_many", d.final_many.name(), &FINALS)?),
            margin: p.f64("margin", d.margin, 0.0, 100.0)?,
            guard_play_only: p.choice("guard_kinds", "all", &["all", "play"])? == "play",
            opp_random: p.f64("opp_random", d.opp_random, 0.0, 1.0)?,
            opp_observed: p.choice("opp_model", "fixed", &["fixed", "observed"])? == "observed",
            opp_prior: p.f64("opp_prior", d.opp_prior, 0.001, 0.999)?,
            opp_tree: p.choice("opp_tree", "off", &["off", "on"])? == "on",
            opp_mix_player: p.choice("opp_mix", "move", &["move", "player"])? == "player",
            place: p.f64("place", d.place, 0.0, 1.0)?,
            bias: p.f64("bias", d.bias, 0.0, 1000.0)?,
            honesty: p.f64("honesty", d.honesty, 0.0, 1.0)?,
            stuck: p.f64("stuck", d.stuck, 0.0, 1.0)?,
        };
        p.finish(MCTS_PARAMS)?;
        Ok(out)
    }

    /// What the determinization presumes about opponents.
    pub fn priors(&self) -> uno_engine::Priors {
        uno_engine::Priors {
            honesty: self.honesty,
            stuck: self.stuck,
            ..uno_engine::Priors::default()
        }
    }

    /// Canonical spec: `mcts` plus the parameters that differ from the defaults.
    pub fn label(&self) -> String {
        let d = MctsParams::default();
        let mut parts = Vec::new();
        if self.iterations != d.iterations {
            parts.push(format!("iterations={}", self.iterations));
        }
        if self.time_ms != d.time_ms {
            parts.push(format!("time_ms={}", self.time_ms));
        }
        if self.c != d.c {
            parts.push(format!("c={}", self.c));
        }
        if self.c_many != d.c_many {
            parts.push(format!("c_many={}", self.c_many));
        }
        if self.rollout != d.rollout {
            parts.push(match self.rollout {
                Rollout::Random => "rollout=random".to_string(),
                Rollout::Heuristic => "rollout=heuristic".to_string(),
            });
        }
        if self.depth != d.depth {
            parts.push(format!("depth={}", self.depth));
        }
        if self.final_choice != d.final_choice {
            parts.push(format!("final={}", self.final_choice.name()));
        }
        if self.final_many != d.final_many {
            parts.push(format!("final_many={}", self.final_many.name()));
        }
        if self.margin != d.margin {
            parts.push(format!("margin={}", self.margin));
        }
        if self.guard_play_only != d.guard_play_only {
            parts.push("guard_kinds=play".to_string());
        }
        if self.opp_random != d.opp_random {
            parts.push(format!("opp_random={}", self.opp_random));
        }
        if self.opp_observed != d.opp_observed {
            parts.push(
                if self.opp_observed {
                    "opp_model=observed"
                } else {
                    "opp_model=fixed"
                }
                .to_string(),
            );
        }
        if self.opp_prior != d.opp_prior {
            parts.push(format!("opp_prior={}", self.opp_prior));
        }
        if self.opp_tree != d.opp_tree {
            parts.push(format!(
                "opp_tree={}",
                if self.opp_tree { "on" } else { "off" }
            ));
        }
        if self.opp_mix_player != d.opp_mix_player {
            parts.push(format!(
                "opp_mix={}",
                if self.opp_mix_player {
                    "player"
                } else {
                    "move"
                }
            ));
        }
        if self.place != d.place {
            parts.push(format!("place={}", self.place));
        }
        if self.bias != d.bias {
            parts.push(format!("bias={}", self.bias));
        }
        if self.honesty != d.honesty {
            parts.push(format!("honesty={}", self.honesty));
        }
        if self.stuck != d.stuck {
            parts.push(format!("stuck={}", self.stuck));
        }
        if parts.is_empty() {
            "mcts".into()
        } else {
            format!("mcts:{}", parts.join(","))
        }
    }
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node {
    /// Action on the edge from the parent.
    action: Action,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Times this node's action was legal when its parent was visited.
    avail: u32,
    /// Summed rewards per seat.
    value: [f32; MAX_PLAYERS],
    /// Summed squared rewards of the searcher (for `final=guarded`'s standard errors).
    sq: f32,
}

impl Node {
    fn new(action: Action) -> Self {
        Node {
            action,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
            value: [0.0; MAX_PLAYERS],
            sq: 0.0,
        }
    }
}

/// Search statistics of the last decision (for tests and benchmarks).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    pub iterations: u32,
    pub nodes: u32,
    pub rollout_decisions: u64,
}

/// Hand-size classes of `OpponentModel`: 0–2, 3–5, 6–8 and 9 or more cards.
pub const SIZE_CLASSES: usize = 4;
/// Size-change classes of `OpponentModel`: −2 or less, −1, 0, +1, +2, +3, +4 or more.
pub const SIZE_CHANGES: usize = 7;

/// Log likelihood ratios, random player against the heuristic, of each hand-size change between
/// two of the searcher's normal turns, by the hand size at the first (`[size class][change
/// class]`, see `OpponentModel::classes`). Each table is measured by
/// `agents/examples/opponent_calibration.rs` (4 players, random, random, heuristic, heuristic;
/// 20,000 games, seed 7) under the rules it is for.
pub type Evidence = [[f64; SIZE_CHANGES]; SIZE_CLASSES];

/// Per-opponent estimate of how likely each seat plays at random, from public hand sizes only.
///
/// At each of the searcher's normal turns the searcher compares every opponent's hand size with
/// its size at the searcher's previous normal turn (between the two, each opponent has normally
/// had one turn) and adds the log likelihood ratio of that change (an `Evidence` table, random player
/// against the heuristic) to the opponent's log odds of playing at random, which start at the
/// prior's.
#[derive(Clone, Debug)]
pub struct OpponentModel {
    /// The hand (`hands_played`) of the sizes in `last`: a new deal starts the comparison over.
    hand: u32,
    last: [i32; MAX_PLAYERS],
    log_odds: [f64; MAX_PLAYERS],
}

impl Default for OpponentModel {
    /// Prior 1/2.
    fn default() -> Self {
        Self::with_prior(0.5)
    }
}

impl OpponentModel {
    /// A model whose estimates start at `prior` (strictly between 0 and 1).
    pub fn with_prior(prior: f64) -> Self {
        OpponentModel {
            hand: 0,
            last: [-1; MAX_PLAYERS],
            log_odds: [(prior / (1.0 - prior)).ln(); MAX_PLAYERS],
        }
    }
    /// The (size class, size-change class) of a hand that held `before` cards and now holds
    /// `now`.
    pub fn classes(before: u32, now: u32) -> (usize, usize) {
        let size = (before as usize / 3).min(SIZE_CLASSES - 1);
        let change = (now as i64 - before as i64).clamp(-2, 4) + 2;
        (size, change as usize)
    }
    /// Records the public hand sizes seen at one of the searcher's normal turns in hand number
    /// `hand` of the game (sizes from an earlier hand are not compared with a new deal's).
    pub fn observe(&mut self, hand: u32, sizes: &[u32], evidence: &Evidence) {
        if hand != self.hand {
            self.hand = hand;
            self.last = [-1; MAX_PLAYERS];
        }
        for (i, &n) in sizes.iter().enumerate().take(MAX_PLAYERS) {
            if self.last[i] >= 0 {
                let (s, c) = Self::classes(self.last[i] as u32, n);
                self.log_odds[i] += evidence[s][c];
            }
            self.last[i] = n as i32;
        }
    }
    /// Posterior probability that `seat` plays at random.
    pub fn p_random(&self, seat: usize) -> f64 {
        1.0 / (1.0 + (-self.log_odds[seat]).exp())
    }
}

/// Writes the public hand sizes of a view per seat and returns the number of players, the
/// number of hands played so far in the game and the `Evidence` table measured for the game's
/// rules.
pub type HandSizes<G> =
    fn(&<G as uno_engine::Game>::View, &mut [u32; MAX_PLAYERS]) -> (usize, u32, &'static Evidence);

/// The IS-MCTS agent, generic over the game and the rollout policy.
pub struct Mcts<G: SearchGame, R: Agent<G>> {
    pub params: MctsParams,
    label: String,
    rollout: R,
    nodes: Vec<Node>,
    path: Vec<u32>,
    pub last: SearchStats,
    /// The exploration constant for the current search (`c` or `c_many` by player count).
    cexp: f32,
    /// The public hand sizes in the decider's view and the evidence table for its rules, for
    /// `opp_model=observed`.
    hand_sizes: Option<HandSizes<G>>,
    pub opponents: OpponentModel,
    /// Per-seat probability that a rollout decision of that opponent is random.
    p_rand: [f64; MAX_PLAYERS],
    /// `p_rand` as this iteration uses it (with `opp_mix=player` 0 or 1 per seat, drawn per
    /// iteration).
    p_iter: [f64; MAX_PLAYERS],
    _g: std::marker::PhantomData<fn() -> G>,
}

impl<G: SearchGame, R: Agent<G>> Mcts<G, R> {
    pub fn new(params: MctsParams, rollout: R) -> Self {
        let opponents = OpponentModel::with_prior(params.opp_prior);
        Mcts {
            label: params.label(),
            params,
            rollout,
            nodes: Vec::new(),
            path: Vec::new(),
            last: SearchStats::default(),
            cexp: 0.4,
            hand_sizes: None,
            opponents,
            p_rand: [0.0; MAX_PLAYERS],
            p_iter: [0.0; MAX_PLAYERS],
            _g: std::marker::PhantomData,
        }
    }

    /// Lets `opp_model=observed` read public hand sizes (the variant's support sets it).
    pub fn with_hand_sizes(mut self, f: HandSizes<G>) -> Self {
        self.hand_sizes = Some(f);
        self
    }

    /// Runs the search for the decision `d` and returns the chosen action among `d.legal`. The
    /// search sees the game only through `d.determinize`, i.e. through what `d.seat` knows.
    pub fn search(&mut self, d: &Decision<'_, G>, rng: &mut Rng) -> Action {
        let me = d.seat;
        let root_legal = d.legal;
        self.update_opponent_model(d, me);
        if root_legal.len() == 1 {
            self.last = SearchStats::default();
            return root_legal[0];
        }
        self.nodes.clear();
        self.nodes.push(Node::new(Action::MAX));
        let mut legal = ActionList::new();
        let mut rollout_decisions = 0u64;
        let deadline = (self.params.time_ms > 0)
            .then(|| Instant::now() + Duration::from_millis(self.params.time_ms));
        let mut it = 0u32;
        let mut many = false;
        let mut priors = self.params.priors();
        self.trust_opponents(&mut priors);
        loop {
            if let Some(d) = deadline {
                // Check the clock every 16 iterations.
                if it.is_multiple_of(16) && Instant::now() >= d && it > 0 {
                    break;
                }
            } else if it >= self.params.iterations {
                break;
            }
            it += 1;
            if self.params.opp_mix_player {
                self.draw_opponent_types(rng);
                self.trust_opponents(&mut priors);
            }
            let mut state = d.determinize(priors, rng);
            many = state.num_players() > 2;
            self.cexp = if many {
                self.params.c_many
            } else {
                self.params.c
            } as f32;
            self.path.clear();
            self.path.push(0);
            let mut node = 0u32;
            // Selection and expansion.
            while let Some((player, kind)) = state.to_act() {
                state.legal_actions(&mut legal);
                let hint = if self.params.bias > 0.0 && legal.len() > 1 {
                    let hd = Decision::new(&state, player, kind, legal.as_slice());
                    Some(self.rollout.act(&hd, rng))
                } else {
                    None
                };
                let p_rand = self.p_iter[player as usize];
                let forced = (self.params.opp_tree
                    && player != me
                    && p_rand > 0.0
                    && legal.len() > 1
                    && rng.chance(p_rand))
                .then(|| rng.below(legal.len() as u32) as usize);
                let (next, expanded) =
                    self.select_or_expand(node, player, &legal, hint, forced, rng);
                state.apply_unchecked(self.nodes[next as usize].action);
                self.path.push(next);
                node = next;
                if expanded {
                    break;
                }
            }
            // Rollout.
            let mut steps = 0;
            while steps < self.params.depth {
                let Some((seat, kind)) = state.to_act() else {
                    break;
                };
                state.legal_actions(&mut legal);
                let p_rand = self.p_iter[seat as usize];
                let a = if seat != me && rng.chance(p_rand) {
                    legal[rng.below(legal.len() as u32) as usize]
                } else {
                    let rd = Decision::new(&state, seat, kind, legal.as_slice());
                    self.rollout.act(&rd, rng)
                };
                debug_assert!(legal.contains(a));
                state.apply_unchecked(a);
                steps += 1;
            }
            rollout_decisions += steps as u64;
            // Backup.
            let mut reward = state.value_estimate();
            if self.params.place > 0.0 {
                blend_placing(&state, &mut reward, self.params.place);
            }
            let mine = reward[me as usize] as f32;
            for &i in &self.path {
                let n = &mut self.nodes[i as usize];
                n.visits += 1;
                n.sq += mine * mine;
                for (v, r) in n.value.iter_mut().zip(reward.iter()) {
                    *v += *r as f32;
                }
            }
        }
        self.last = SearchStats {
            iterations: it,
            nodes: self.nodes.len() as u32,
            rollout_decisions,
        };
        let choice = if many {
            self.params.final_many
        } else {
            self.params.final_choice
        };
        let best = self.best_root_action(me, root_legal, choice);
        if choice == FinalChoice::Guarded {
            // The rollout policy's own choice in the real decision (it sees only `d`).
            let hint = self.rollout.act(d, rng);
            if self.params.guard_play_only && d.kind != uno_engine::DecisionKind::Play {
                return hint;
            }
            self.guarded_choice(me, best, hint)
        } else {
            best
        }
    }

    /// Sets the per-seat rollout randomness: `opp_random` for every opponent, or with
    /// `opp_model=observed` the model's estimate, after recording the hand sizes if this decision
    /// is a normal turn (public: read from the decider's view). Runs at every decision, forced
    /// ones included, so that the model compares consecutive turns.
    fn update_opponent_model(&mut self, d: &Decision<'_, G>, me: u8) {
        match self.hand_sizes {
            Some(f) if self.params.opp_observed => {
                if d.kind == uno_engine::DecisionKind::Play {
                    let mut sizes = [0u32; MAX_PLAYERS];
                    let (n, hand, evidence) = f(&d.view(), &mut sizes);
                    self.opponents.observe(hand, &sizes[..n], evidence);
                }
                self.p_rand = std::array::from_fn(|i| self.opponents.p_random(i));
            }
            _ => self.p_rand = [self.params.opp_random; MAX_PLAYERS],
        }
        self.p_rand[me as usize] = 0.0;
        self.p_iter = self.p_rand;
    }

    /// `opp_mix=player`: draws for this iteration which opponents are random players (each
    /// with its probability in `p_rand`; `Rng::chance` draws nothing for a probability of 0 or
    /// 1, so the generator moves only where it matters) and writes 1 or 0 to `p_iter`.
    fn draw_opponent_types(&mut self, rng: &mut Rng) {
        for (q, &p) in self.p_iter.iter_mut().zip(&self.p_rand) {
            *q = if rng.chance(p) { 1.0 } else { 0.0 };
        }
    }

    /// With `opp_model=observed` the model informs the determinization too: an opponent that
    /// plays at random with probability p (`p_iter`) is presumed honest or stuck only with the
    /// priors scaled by 1 − p.
    fn trust_opponents(&self, priors: &mut uno_engine::Priors) {
        if self.params.opp_observed {
            for (t, p) in priors.trust.iter_mut().zip(&self.p_iter) {
                *t = 1.0 - p;
            }
        }
    }

    /// `final=guarded`: `best` (the most visited root child) if its mean reward for `me` exceeds
    /// the `hint` child's by more than `margin` standard errors, otherwise `hint`.
    pub fn guarded_choice(&self, me: u8, best: Action, hint: Action) -> Action {
        if best == hint {
            return hint;
        }
        let stats = |a: Action| -> Option<(f64, f64, f64)> {
            let mut c = self.nodes.first()?.first_child;
            while c != NONE {
                let child = &self.nodes[c as usize];
                if child.action == a {
                    if child.visits == 0 {
                        return None;
                    }
                    let n = child.visits as f64;
                    let mean = child.value[me as usize] as f64 / n;
                    let var = (child.sq as f64 / n - mean * mean).max(0.0);
                    return Some((mean, var, n));
                }
                c = child.next_sibling;
            }
            None
        };
        let Some((mb, vb, nb)) = stats(best) else {
            return hint;
        };
        let Some((mh, vh, nh)) = stats(hint) else {
            // The hint was never searched (no bias): nothing to guard against.
            return best;
        };
        let se = (vb / nb + vh / nh).sqrt();
        if mb - mh > self.params.margin * se {
            best
        } else {
            hint
        }
    }

    /// At `node` (where `player` acts, with `legal` actions in this determinization): bumps the
    /// availability of the legal children, expands an untried action if any (returns it with
    /// `true`), otherwise returns the UCB1-best legal child.
    fn select_or_expand(
        &mut self,
        node: u32,
        player: u8,
        legal: &[Action],
        hint: Option<Action>,
        forced: Option<usize>,
        rng: &mut Rng,
    ) -> (u32, bool) {
        // Which legal actions already have a child (legal is ascending, at most MAX_LEGAL long).
        let mut tried = [false; uno_engine::MAX_LEGAL];
        let mut untried = legal.len();
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let child = &mut self.nodes[c as usize];
            if let Ok(i) = legal.binary_search(&child.action) {
                tried[i] = true;
                untried -= 1;
                child.avail += 1;
            }
            c = child.next_sibling;
        }
        if let Some(i) = forced {
            // The opponent model's random move: follow its child, or expand it.
            if tried[i] {
                let mut c = self.nodes[node as usize].first_child;
                while c != NONE {
                    if self.nodes[c as usize].action == legal[i] {
                        return (c, false);
                    }
                    c = self.nodes[c as usize].next_sibling;
                }
            }
            return (self.expand(node, legal[i]), true);
        }
        if untried > 0 {
            // The policy's hint first, otherwise a random untried action.
            let hinted = hint
                .and_then(|h| legal.binary_search(&h).ok())
                .filter(|&i| !tried[i]);
            let idx = match hinted {
                Some(i) => i,
                None => {
                    let mut pick = rng.below(untried as u32) as usize;
                    let mut idx = 0;
                    for (i, t) in tried.iter().enumerate().take(legal.len()) {
                        if !t {
                            if pick == 0 {
                                idx = i;
                                break;
                            }
                            pick -= 1;
                        }
                    }
                    idx
                }
            };
            return (self.expand(node, legal[idx]), true);
        }
        let p = player as usize;
        let cexp = self.cexp;
        let mut best = NONE;
        let mut best_score = f32::NEG_INFINITY;
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let child = &self.nodes[c as usize];
            if legal.binary_search(&child.action).is_ok() {
                let n = child.visits.max(1) as f32;
                let mut score =
                    child.value[p] / n + cexp * ((child.avail.max(1) as f32).ln() / n).sqrt();
                if hint == Some(child.action) {
                    score += self.params.bias as f32 / (n + 1.0);
                }
                if score > best_score {
                    best_score = score;
                    best = c;
                }
            }
            c = child.next_sibling;
        }
        debug_assert!(best != NONE);
        (best, false)
    }

    /// Adds a child for `action` under `node` and returns it.
    fn expand(&mut self, node: u32, action: Action) -> u32 {
        let new = self.nodes.len() as u32;
        let mut n = Node::new(action);
        n.avail = 1;
        n.next_sibling = self.nodes[node as usize].first_child;
        self.nodes.push(n);
        self.nodes[node as usize].first_child = new;
        new
    }

    fn best_root_action(&self, me: u8, root_legal: &[Action], choice: FinalChoice) -> Action {
        let mut best = root_legal[0];
        let mut best_key = f64::NEG_INFINITY;
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let child = &self.nodes[c as usize];
            if root_legal.contains(&child.action) && child.visits > 0 {
                let key = match choice {
                    FinalChoice::Visits | FinalChoice::Guarded => {
                        child.visits as f64 + child.value[me as usize] as f64 * 1e-6
                    }
                    FinalChoice::Value => child.value[me as usize] as f64 / child.visits as f64,
                };
                // Ties go to the lower action id, independently of child order.
                if key > best_key || (key == best_key && child.action < best) {
                    best_key = key;
                    best = child.action;
                }
            }
            c = child.next_sibling;
        }
        best
    }
}

/// Blends a placing score into the reward vector: `(1 - w) · reward + w · score`, the score going
/// from 1 (first place) to 0 (last). At a terminal state the placing is the outcome's; otherwise
/// the seats are ranked by their value estimate (ties share the places).
fn blend_placing<G: SearchGame>(state: &G, reward: &mut [f64; MAX_PLAYERS], w: f64) {
    let n = state.num_players();
    if n < 2 {
        return;
    }
    let mut score = [0.0f64; MAX_PLAYERS];
    match state.outcome() {
        Some(o) => {
            for (i, s) in score.iter_mut().enumerate().take(n) {
                *s = (n as f64 - o.placing[i] as f64) / (n as f64 - 1.0);
            }
        }
        None => {
            for i in 0..n {
                let mut place = 1.0;
                for j in 0..n {
                    if j != i {
                        if reward[j] > reward[i] {
                            place += 1.0;
                        } else if reward[j] == reward[i] {
                            place += 0.5;
                        }
                    }
                }
                score[i] = (n as f64 - place) / (n as f64 - 1.0);
            }
        }
    }
    for i in 0..n {
        reward[i] = (1.0 - w) * reward[i] + w * score[i];
    }
}

impl<G: SearchGame, R: Agent<G>> Agent<G> for Mcts<G, R> {
    fn name(&self) -> &str {
        &self.label
    }
    fn act(&mut self, d: &Decision<'_, G>, rng: &mut Rng) -> Action {
        self.search(d, rng)
    }
    fn reset(&mut self) {
        self.rollout.reset();
        self.opponents = OpponentModel::with_prior(self.params.opp_prior);
    }
}
