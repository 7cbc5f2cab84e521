//! Parameters of the `heuristic` agent spec, shared by every variant's rule-based player
//! (`classic::heuristic`, `hotdeath::heuristic`): the bluff, challenge and UNO-forgetting
//! probabilities, and classic's play-score weights.

use crate::params::Params;
use uno_engine::{Action, Rng};

/// The action of `legal` (not empty) with the highest `score`, ties broken uniformly at random:
/// one draw of `rng` for each tie met after the first, in list order (the rule-based players of
/// the Blender, the Constitution and Über choose with it).
pub fn best_action(legal: &[Action], rng: &mut Rng, score: impl Fn(Action) -> f64) -> Action {
    let mut top = f64::NEG_INFINITY;
    let mut pick = legal[0];
    let mut ties = 0u32;
    for &a in legal {
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
}

/// Default of `challenge_min_cards`.
pub const DEFAULT_CHALLENGE_MIN_CARDS: u64 = 4;

const KNOWN: &str = "bluff, challenge_min_cards, uno_forget, and the play-score weights \
     w2_NAME (two players) / wn_NAME (three or more) with NAME one of color, div, ranks, block, \
     risk, wild_keep, deny, deny_threat, drawn, drawn_threat, points, swap, tie";

/// Parameters of the heuristic agent (spec `heuristic:key=value,...`).
#[derive(Clone, Debug, PartialEq)]
pub struct HeuristicParams {
    /// Probability (drawn once per decision) that a Wild Draw Four which would be a bluff (the
    /// agent holds a card of the colour in effect and the next player may challenge) is
    /// considered at all; when considered it is scored like a legitimate one. 0 = never bluff.
    pub bluff: f64,
    /// Challenge a lone Wild Draw Four when its player holds at least this many cards after
    /// playing it (0 = always challenge, 108 = never).
    pub challenge_min_cards: u64,
    /// Probability of not calling UNO when going down to one card.
    pub uno_forget: f64,
    /// Play-score weights (fixed; exposed for experiments as `w2_*` / `wn_*`).
    pub w: Weights,
}

/// Names of the play-score weights, in index order.
pub const WEIGHT_NAMES: [&str; NW] = [
    "color",
    "div",
    "ranks",
    "block",
    "risk",
    "wild_keep",
    "deny",
    "deny_threat",
    "drawn",
    "drawn_threat",
    "points",
    "swap",
    "tie",
];
pub const NW: usize = 13;
pub(crate) const W_COLOR: usize = 0;
pub(crate) const W_DIV: usize = 1;
pub(crate) const W_RANKS: usize = 2;
pub(crate) const W_BLOCK: usize = 3;
pub(crate) const W_RISK: usize = 4;
pub(crate) const W_WILD_KEEP: usize = 5;
pub(crate) const W_DENY: usize = 6;
pub(crate) const W_DENY_THREAT: usize = 7;
pub(crate) const W_DRAWN: usize = 8;
pub(crate) const W_DRAWN_THREAT: usize = 9;
pub(crate) const W_POINTS: usize = 10;
pub(crate) const W_SWAP: usize = 11;
pub(crate) const W_TIE: usize = 12;

/// Weights with two players.
const WEIGHTS_2P: [f64; NW] = [
    1.0,   // color
    -3.0,  // div
    -1.0,  // ranks
    0.0,   // block
    4.0,   // risk
    10.0,  // wild_keep
    0.3,   // deny
    0.0,   // deny_threat
    0.1,   // drawn
    1.0,   // drawn_threat
    0.0,   // points
    1.0,   // swap
    -0.01, // tie
];
/// Weights with three or more players.
const WEIGHTS_NP: [f64; NW] = [
    1.0,  // color
    0.0,  // div
    0.0,  // ranks
    3.0,  // block
    4.0,  // risk
    10.0, // wild_keep
    0.3,  // deny
    2.0,  // deny_threat
    0.1,  // drawn
    1.0,  // drawn_threat
    0.02, // points
    1.0,  // swap
    0.01, // tie
];

/// Weights of the play score: one set for two players, one for three or more.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub two: [f64; NW],
    pub many: [f64; NW],
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            two: WEIGHTS_2P,
            many: WEIGHTS_NP,
        }
    }
}

impl Default for HeuristicParams {
    fn default() -> Self {
        HeuristicParams {
            bluff: 0.0,
            challenge_min_cards: DEFAULT_CHALLENGE_MIN_CARDS,
            uno_forget: 0.0,
            w: Weights::default(),
        }
    }
}

impl HeuristicParams {
    /// Parses the parameter list of a `heuristic:...` spec (may be empty). Unknown keys and
    /// out-of-range values are errors.
    pub fn parse(text: &str) -> Result<Self, String> {
        let p = Params::parse("heuristic", text)?;
        let d = HeuristicParams::default();
        let mut w = d.w.clone();
        for (i, name) in WEIGHT_NAMES.iter().enumerate() {
            w.two[i] = p.f64(&format!("w2_{name}"), w.two[i], -1000.0, 1000.0)?;
            w.many[i] = p.f64(&format!("wn_{name}"), w.many[i], -1000.0, 1000.0)?;
        }
        let out = HeuristicParams {
            bluff: p.f64("bluff", d.bluff, 0.0, 1.0)?,
            challenge_min_cards: p.u64("challenge_min_cards", d.challenge_min_cards, 0, 108)?,
            uno_forget: p.f64("uno_forget", d.uno_forget, 0.0, 1.0)?,
            w,
        };
        p.finish(KNOWN)?;
        Ok(out)
    }

    /// The canonical spec string: `heuristic`, plus the parameters that differ from their
    /// defaults, in a fixed order.
    pub fn label(&self) -> String {
        let d = HeuristicParams::default();
        let mut parts: Vec<String> = Vec::new();
        if self.bluff != d.bluff {
            parts.push(format!("bluff={}", self.bluff));
        }
        if self.challenge_min_cards != d.challenge_min_cards {
            parts.push(format!("challenge_min_cards={}", self.challenge_min_cards));
        }
        if self.uno_forget != d.uno_forget {
            parts.push(format!("uno_forget={}", self.uno_forget));
        }
        for (i, name) in WEIGHT_NAMES.iter().enumerate() {
            if self.w.two[i] != d.w.two[i] {
                parts.push(format!("w2_{name}={}", self.w.two[i]));
            }
        }
        for (i, name) in WEIGHT_NAMES.iter().enumerate() {
            if self.w.many[i] != d.w.many[i] {
                parts.push(format!("wn_{name}={}", self.w.many[i]));
            }
        }
        if parts.is_empty() {
            "heuristic".into()
        } else {
            format!("heuristic:{}", parts.join(","))
        }
    }
}
