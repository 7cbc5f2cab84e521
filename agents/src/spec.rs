//! Agents from spec strings (`random`, `first`), so every parallel game builds fresh agents.
//!
//! Grammar: `name[:key=value,key=value...]`. Unknown names and parameters are errors.

use crate::heuristic::HeuristicParams;
use crate::mcts::MctsParams;
use crate::Decision;
use crate::{Agent, FirstLegalAgent, RandomAgent};
use uno_engine::{Action, Game, Rng};

/// A parsed, validated agent spec.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    Random,
    First,
    Heuristic(HeuristicParams),
    Mcts(MctsParams),
    /// A scripted line of actions (`script:draw/keep/R5`), see `script.rs`.
    Script(Vec<String>),
    /// A trained network (feature `neural`).
    #[cfg(feature = "neural")]
    Neural(crate::neural::NeuralParams),
}

pub const KNOWN_AGENTS: &str =
    "random, first, heuristic[:params], mcts[:params], script:A/B/..., neural:PATH";

impl AgentSpec {
    pub fn parse(s: &str) -> Result<AgentSpec, String> {
        let s = s.trim();
        let (name, params) = match s.split_once(':') {
            Some((n, p)) => (n.trim(), p),
            None => (s, ""),
        };
        let no_params = |spec: AgentSpec| {
            if params.trim().is_empty() {
                Ok(spec)
            } else {
                Err(format!(
                    "agent '{name}' takes no parameters, got '{params}'"
                ))
            }
        };
        match name {
            "random" => no_params(AgentSpec::Random),
            "first" => no_params(AgentSpec::First),
            "heuristic" => Ok(AgentSpec::Heuristic(HeuristicParams::parse(params)?)),
            "mcts" | "ismcts" => Ok(AgentSpec::Mcts(MctsParams::parse(params)?)),
            "script" => Ok(AgentSpec::Script(crate::script::parse_script(params)?)),
            #[cfg(feature = "neural")]
            "neural" => Ok(AgentSpec::Neural(crate::neural::NeuralParams::parse(
                params,
            )?)),
            #[cfg(not(feature = "neural"))]
            "neural" => Err(
                "this build has no neural agents: rebuild with `--features neural` \
                 (e.g. cargo run --release -p uno-sim --features neural --bin uno -- ...)"
                    .into(),
            ),
            "" => Err("empty agent spec".into()),
            other => Err(format!("unknown agent '{other}' (known: {KNOWN_AGENTS})")),
        }
    }

    /// The canonical spec string (parameters that differ from their defaults only).
    pub fn label(&self) -> String {
        match self {
            AgentSpec::Random => "random".into(),
            AgentSpec::First => "first".into(),
            AgentSpec::Heuristic(p) => p.label(),
            AgentSpec::Mcts(p) => p.label(),
            AgentSpec::Script(e) => format!("script:{}", e.join("/")),
            #[cfg(feature = "neural")]
            AgentSpec::Neural(p) => p.label(),
        }
    }

    /// Whether this agent can play game `G` (a neural model must have been trained for the
    /// variant). Every command checks its specs with this before playing; the player count is
    /// checked by the variant's options.
    pub fn check_game<G: AgentSupport>(&self) -> Result<(), String> {
        match self {
            #[cfg(feature = "neural")]
            AgentSpec::Neural(p) => p
                .model
                .check_game::<G>()
                .map_err(|e| format!("agent '{}': {e}", self.label())),
            _ => Ok(()),
        }
    }
}

/// Splits a comma-separated list of agent specs (each optionally `LABEL@SPEC`). Parameters of a
/// spec are comma-separated too (`mcts:iterations=200,c=0.7,random`): a piece of the form
/// `key=value` without `:` or `@` that follows a spec with parameters continues that spec.
pub fn split_spec_list(text: &str) -> Vec<String> {
    let mut items: Vec<String> = Vec::new();
    for piece in text.split(',') {
        let p = piece.trim();
        let continues = items.last().is_some_and(|last| {
            let spec = last.split_once('@').map_or(last.as_str(), |(_, s)| s);
            spec.contains(':')
        }) && p.contains('=')
            && !p.contains(':')
            && !p.contains('@');
        match items.last_mut() {
            Some(last) if continues => {
                last.push(',');
                last.push_str(p);
            }
            _ => items.push(p.to_string()),
        }
    }
    items
}

/// Games the configurable agents know how to play. Implemented per variant; a new variant adds
/// an impl (and any decision kinds its agents must learn), nothing else.
pub trait AgentSupport: Game {
    fn heuristic(p: &HeuristicParams) -> Box<dyn Agent<Self>>;
    fn mcts(p: &MctsParams) -> Box<dyn Agent<Self>>;
    /// The observation encoders neural agents can read, the default first (empty if the
    /// variant has none yet).
    fn observations() -> Vec<crate::Observation<Self>> {
        Vec::new()
    }
    /// The variant's default observation encoder, if it has one.
    fn observation() -> Option<crate::Observation<Self>> {
        Self::observations().into_iter().next()
    }
    /// The encoder called `name` (`None`: the default one). The error lists the names there are.
    fn observation_named(name: Option<&str>) -> Result<crate::Observation<Self>, String> {
        let Some(name) = name else {
            return Self::observation().ok_or_else(|| {
                "this variant has no observation encoder yet (available for: classic, debt, uber, constitution, blender)".to_string()
            });
        };
        let all = Self::observations();
        let names: Vec<&str> = all.iter().map(|o| o.name).collect();
        all.iter().find(|o| o.name == name).copied().ok_or_else(|| {
            format!(
                "no observation encoder '{name}' for this variant (known: {})",
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            )
        })
    }
}

/// An agent built from a spec. The built-in agents are enum variants so the batch runner's hot
/// loop calls them without dynamic dispatch; anything else is boxed.
pub enum AnyAgent<G: Game> {
    Random(RandomAgent),
    First(FirstLegalAgent),
    Boxed(Box<dyn Agent<G>>),
}

impl<G: Game> Agent<G> for AnyAgent<G> {
    fn name(&self) -> &str {
        match self {
            AnyAgent::Random(a) => Agent::<G>::name(a),
            AnyAgent::First(a) => Agent::<G>::name(a),
            AnyAgent::Boxed(a) => a.name(),
        }
    }
    #[inline]
    fn act(&mut self, d: &Decision<'_, G>, rng: &mut Rng) -> Action {
        match self {
            AnyAgent::Random(a) => a.act(d, rng),
            AnyAgent::First(a) => a.act(d, rng),
            AnyAgent::Boxed(a) => a.act(d, rng),
        }
    }
    #[inline]
    fn is_uniform_random(&self) -> bool {
        matches!(self, AnyAgent::Random(_))
    }
    fn reset(&mut self) {
        match self {
            AnyAgent::Random(a) => Agent::<G>::reset(a),
            AnyAgent::First(a) => Agent::<G>::reset(a),
            AnyAgent::Boxed(a) => a.reset(),
        }
    }
}

impl AgentSpec {
    /// A fresh agent for this spec (no allocation for the simple built-in agents).
    pub fn instantiate<G: AgentSupport>(&self) -> AnyAgent<G> {
        match self {
            AgentSpec::Random => AnyAgent::Random(RandomAgent),
            AgentSpec::First => AnyAgent::First(FirstLegalAgent),
            AgentSpec::Heuristic(p) => AnyAgent::Boxed(G::heuristic(p)),
            AgentSpec::Mcts(p) => AnyAgent::Boxed(G::mcts(p)),
            AgentSpec::Script(e) => AnyAgent::Boxed(Box::new(crate::script::ScriptAgent::new(e))),
            #[cfg(feature = "neural")]
            AgentSpec::Neural(_) => AnyAgent::Boxed(AgentFactory::<G>::build(self)),
        }
    }
}

/// Builds fresh agents for a game type.
pub trait AgentFactory<G: Game> {
    fn build(&self) -> Box<dyn Agent<G>>;
}

impl<G: AgentSupport> AgentFactory<G> for AgentSpec {
    fn build(&self) -> Box<dyn Agent<G>> {
        match self {
            AgentSpec::Random => Box::new(RandomAgent),
            AgentSpec::First => Box::new(FirstLegalAgent),
            AgentSpec::Heuristic(p) => G::heuristic(p),
            AgentSpec::Mcts(p) => G::mcts(p),
            AgentSpec::Script(e) => Box::new(crate::script::ScriptAgent::new(e)),
            #[cfg(feature = "neural")]
            AgentSpec::Neural(p) => Box::new(
                crate::neural::NeuralAgent::<G>::new(p.label(), p.model.clone(), p.eps)
                    .with_defer(p.defer),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn spec_lists_keep_parameters_together() {
        assert_eq!(
            split_spec_list("mcts:iterations=200,c=0.7,random, heuristic:bluff=0.5,first"),
            vec![
                "mcts:iterations=200,c=0.7",
                "random",
                "heuristic:bluff=0.5",
                "first"
            ]
        );
        assert_eq!(
            split_spec_list("script:draw/keep/W+4:red,random,script:60/5"),
            vec!["script:draw/keep/W+4:red", "random", "script:60/5"]
        );
        assert_eq!(
            split_spec_list("a@first,b@first"),
            vec!["a@first", "b@first"]
        );
    }

    #[test]
    fn parses_known_and_rejects_unknown() {
        assert_eq!(AgentSpec::parse("random"), Ok(AgentSpec::Random));
        assert_eq!(AgentSpec::parse(" first "), Ok(AgentSpec::First));
        assert!(AgentSpec::parse("alphazero")
            .unwrap_err()
            .contains("unknown agent 'alphazero'"));
        assert!(AgentSpec::parse("random:x=1").is_err());
        let s = AgentSpec::parse("script:draw/keep/R5").unwrap();
        assert_eq!(
            s,
            AgentSpec::Script(vec!["draw".into(), "keep".into(), "R5".into()])
        );
        assert_eq!(s.label(), "script:draw/keep/R5");
        assert!(AgentSpec::parse("script")
            .unwrap_err()
            .contains("needs a list of actions"));
        assert!(AgentSpec::parse("").is_err());
    }
}
