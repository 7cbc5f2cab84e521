//! Neural agents (feature `neural`): a Q-network trained by Deep Monte-Carlo (`uno train`),
//! played greedily over the legal actions.
//!
//! The network reads the variant's observation encoding (`crate::encode`) and outputs one value
//! per action id of the variant's dense action space; the agent takes the legal action with the
//! highest value (the mask), ties to the lowest id. Spec: `neural:PATH` or
//! `neural:path=PATH,eps=E` (with probability `E` a uniformly random legal action instead;
//! default 0), and `defer=KINDS` (a diagnostic: at these decision kinds, `+`-separated names
//! from [`DEFER_KINDS`], the default heuristic decides instead of the network).

pub mod mlp;
pub mod net;

pub use mlp::{Mlp, Scratch};
pub use net::{load_net, read_config, save_net, NetConfig, QNet};

use crate::heuristic::HeuristicParams;
use crate::spec::AgentSupport;
pub use crate::Observation;
use crate::{Agent, Decision};
use std::path::Path;
use std::sync::Arc;
use uno_engine::{Action, DecisionKind, Game, Rng};

/// Names of the decision kinds a `neural` spec can hand to the heuristic (`defer=KINDS`).
pub const DEFER_KINDS: [(&str, DecisionKind); 11] = [
    ("play", DecisionKind::Play),
    ("post_draw", DecisionKind::PostDraw),
    ("color", DecisionKind::ChooseColor),
    ("target", DecisionKind::ChooseTarget),
    ("call_uno", DecisionKind::CallUno),
    ("catch_uno", DecisionKind::CatchUno),
    ("respond", DecisionKind::Respond),
    ("jump_in", DecisionKind::JumpIn),
    ("give_card", DecisionKind::GiveCard),
    ("simultaneous", DecisionKind::Simultaneous),
    ("number", DecisionKind::ChooseNumber),
];

/// Parses `KIND+KIND...` (names of `DEFER_KINDS`) into a mask over `DecisionKind::index`;
/// `what` names the setting in the error (e.g. `defer`).
pub fn parse_kinds(v: &str, what: &str) -> Result<u16, String> {
    let mut mask = 0u16;
    for name in v.split('+').map(str::trim) {
        let Some(&(_, k)) = DEFER_KINDS.iter().find(|(n, _)| *n == name) else {
            let known: Vec<&str> = DEFER_KINDS.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "unknown decision kind '{name}' in {what} (known: {})",
                known.join(", ")
            ));
        };
        mask |= 1 << k.index();
    }
    Ok(mask)
}

/// The names in a kinds mask, `+`-separated, in `DEFER_KINDS` order.
pub fn kinds_label(mask: u16) -> String {
    let names: Vec<&str> = DEFER_KINDS
        .iter()
        .filter(|(_, k)| mask & (1 << k.index()) != 0)
        .map(|(n, _)| *n)
        .collect();
    names.join("+")
}

/// A loaded model: its config and the weights in play form.
#[derive(Debug, PartialEq)]
pub struct NeuralModel {
    pub config: NetConfig,
    pub mlp: Mlp,
}

impl NeuralModel {
    /// Loads a model directory (`config.json` + `model.bpk`), or the directory of a given
    /// `model.bpk` / `config.json` path.
    pub fn load(path: &str) -> Result<NeuralModel, String> {
        let p = Path::new(path);
        let dir = if p.is_file() {
            p.parent().unwrap_or(Path::new("."))
        } else {
            p
        };
        if !dir.is_dir() {
            return Err(format!("neural model '{path}': no such directory"));
        }
        let device = burn::prelude::Device::flex();
        let (config, net) = load_net(dir, &device)?;
        Ok(NeuralModel {
            mlp: net.to_mlp(),
            config,
        })
    }

    /// Whether this model can play game `G` (its variant, encoder width and action space).
    pub fn check_game<G: AgentSupport>(&self) -> Result<(), String> {
        let Some(default) = G::observation() else {
            return Err(format!(
                "neural agents need an observation encoder, and this variant has none yet \
                 (available for: classic, debt, uber, constitution, blender); the model was trained for '{}'",
                self.config.variant
            ));
        };
        let c = &self.config;
        if c.variant != default.variant {
            return Err(format!(
                "the neural model was trained for variant '{}', not '{}'",
                c.variant, default.variant
            ));
        }
        let obs = G::observation_named(c.encoder.as_deref())
            .map_err(|e| format!("the neural model's encoder: {e}"))?;
        if c.obs_len != obs.len || c.num_actions != G::NUM_ACTIONS {
            return Err(format!(
                "the neural model's input/output widths ({}, {}) do not match this build's \
                 {} encoder ({}, {})",
                c.obs_len,
                c.num_actions,
                obs.variant,
                obs.len,
                G::NUM_ACTIONS
            ));
        }
        Ok(())
    }
}

/// Parameters of a `neural` spec.
#[derive(Clone, Debug)]
pub struct NeuralParams {
    pub path: String,
    /// Probability of a uniformly random legal action instead of the greedy one.
    pub eps: f64,
    /// Decision kinds (bits of `DecisionKind::index`) the default heuristic takes instead.
    pub defer: u16,
    pub model: Arc<NeuralModel>,
}

impl PartialEq for NeuralParams {
    fn eq(&self, o: &Self) -> bool {
        self.path == o.path
            && self.eps == o.eps
            && self.defer == o.defer
            && Arc::ptr_eq(&self.model, &o.model)
    }
}

impl NeuralParams {
    /// Parses `PATH` or `path=PATH,eps=E,defer=KINDS` and loads the model.
    pub fn parse(params: &str) -> Result<NeuralParams, String> {
        let mut path = None;
        let mut eps = 0.0;
        let mut defer = 0;
        for piece in params.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match piece.split_once('=') {
                Some(("path", v)) => path = Some(v.trim().to_string()),
                Some(("eps", v)) => {
                    eps = v
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|e| (0.0..=1.0).contains(e))
                        .ok_or_else(|| format!("neural: eps must be in [0, 1], got '{v}'"))?
                }
                Some(("defer", v)) => {
                    defer = parse_kinds(v, "defer").map_err(|e| format!("neural: {e}"))?
                }
                Some((k, _)) => {
                    return Err(format!(
                        "neural: unknown parameter '{k}' (known: path, eps, defer)"
                    ))
                }
                None if path.is_none() => path = Some(piece.to_string()),
                None => return Err(format!("neural: unexpected '{piece}'")),
            }
        }
        let path =
            path.ok_or("neural: give a model directory, e.g. neural:results/models/classic-2p")?;
        let model = Arc::new(NeuralModel::load(&path)?);
        Ok(NeuralParams {
            path,
            eps,
            defer,
            model,
        })
    }

    pub fn label(&self) -> String {
        if self.eps == 0.0 && self.defer == 0 {
            return format!("neural:{}", self.path);
        }
        let mut s = format!("neural:path={}", self.path);
        if self.eps != 0.0 {
            s += &format!(",eps={}", self.eps);
        }
        if self.defer != 0 {
            s += &format!(",defer={}", kinds_label(self.defer));
        }
        s
    }
}

/// Plays the legal action with the highest Q-value.
pub struct NeuralAgent<G: Game> {
    name: String,
    model: Arc<NeuralModel>,
    eps: f64,
    encode: fn(&G::View, &mut [f32]),
    x: Vec<f32>,
    q: Vec<f32>,
    scratch: Scratch,
    /// Decision kinds `fallback` takes (see [`NeuralAgent::with_defer`]).
    defer: u16,
    fallback: Option<Box<dyn Agent<G>>>,
}

impl<G: AgentSupport> NeuralAgent<G> {
    /// The model must have passed [`NeuralModel::check_game`] for `G`.
    pub fn new(name: String, model: Arc<NeuralModel>, eps: f64) -> Self {
        let obs = G::observation_named(model.config.encoder.as_deref())
            .expect("checked: the variant has the model's observation encoder");
        assert_eq!(obs.len, model.mlp.inputs(), "checked: encoder width");
        NeuralAgent {
            name,
            eps,
            encode: obs.encode,
            x: vec![0.0; obs.len],
            q: vec![0.0; model.mlp.outputs()],
            scratch: model.mlp.scratch(),
            model,
            defer: 0,
            fallback: None,
        }
    }

    /// Hands the decision kinds in `defer` (bits of `DecisionKind::index`) to the default
    /// heuristic: a diagnostic that shows what the network gains or loses at each kind.
    pub fn with_defer(mut self, defer: u16) -> Self {
        self.defer = defer;
        self.fallback = (defer != 0).then(|| G::heuristic(&HeuristicParams::default()));
        self
    }

    /// The Q-values of every action id for this decision (illegal ones included).
    pub fn q_values(&mut self, d: &Decision<'_, G>) -> &[f32] {
        (self.encode)(&d.view(), &mut self.x);
        self.model
            .mlp
            .forward(&self.x, &mut self.scratch, &mut self.q);
        &self.q
    }
}

/// The legal action with the highest value (lowest id on ties).
pub fn greedy(legal: &[Action], q: &[f32]) -> Action {
    let mut best = legal[0];
    for &a in &legal[1..] {
        if q[a as usize] > q[best as usize] {
            best = a;
        }
    }
    best
}

impl<G: AgentSupport> Agent<G> for NeuralAgent<G> {
    fn name(&self) -> &str {
        &self.name
    }
    fn act(&mut self, d: &Decision<'_, G>, rng: &mut Rng) -> Action {
        if let Some(f) = &mut self.fallback {
            if self.defer & (1 << d.kind.index()) != 0 {
                return f.act(d, rng);
            }
        }
        if d.legal.len() == 1 {
            return d.legal[0];
        }
        if self.eps > 0.0 && rng.chance(self.eps) {
            return d.legal[rng.below(d.legal.len() as u32) as usize];
        }
        self.q_values(d);
        greedy(d.legal, &self.q)
    }
    fn reset(&mut self) {
        if let Some(f) = &mut self.fallback {
            f.reset();
        }
    }
}
