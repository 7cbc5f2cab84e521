//! Agents from spec strings (`random`, `first`), so every parallel game builds fresh agents.
//!
//! Grammar: `name[:key=value,key=value...]`. Unknown names and parameters are errors.

use crate::Decision;
use crate::{Agent, FirstLegalAgent, RandomAgent};
use uno_engine::{Action, Game, Rng};

/// A parsed, validated agent spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentSpec {
    Random,
    First,
}

pub const KNOWN_AGENTS: &str = "random, first";

impl AgentSpec {
    pub fn parse(s: &str) -> Result<AgentSpec, String> {
        let s = s.trim();
        let (name, params) = match s.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (s, None),
        };
        let spec = match name {
            "random" => AgentSpec::Random,
            "first" => AgentSpec::First,
            "" => return Err("empty agent spec".into()),
            other => return Err(format!("unknown agent '{other}' (known: {KNOWN_AGENTS})")),
        };
        if let Some(p) = params {
            if !p.is_empty() {
                return Err(format!("agent '{name}' takes no parameters, got '{p}'"));
            }
        }
        Ok(spec)
    }

    /// The canonical spec string.
    pub fn label(&self) -> String {
        match self {
            AgentSpec::Random => "random".into(),
            AgentSpec::First => "first".into(),
        }
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
    fn reset(&mut self) {
        match self {
            AnyAgent::Random(a) => Agent::<G>::reset(a),
            AnyAgent::First(a) => Agent::<G>::reset(a),
            AnyAgent::Boxed(a) => a.reset(),
        }
    }
}

impl AgentSpec {
    /// A fresh agent for this spec (no allocation for the built-in agents).
    pub fn instantiate<G: Game>(&self) -> AnyAgent<G> {
        match self {
            AgentSpec::Random => AnyAgent::Random(RandomAgent),
            AgentSpec::First => AnyAgent::First(FirstLegalAgent),
        }
    }
}

/// Builds fresh agents for a game type.
pub trait AgentFactory<G: Game> {
    fn build(&self) -> Box<dyn Agent<G>>;
}

impl<G: Game> AgentFactory<G> for AgentSpec {
    fn build(&self) -> Box<dyn Agent<G>> {
        match self {
            AgentSpec::Random => Box::new(RandomAgent),
            AgentSpec::First => Box::new(FirstLegalAgent),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn parses_known_and_rejects_unknown() {
        assert_eq!(AgentSpec::parse("random"), Ok(AgentSpec::Random));
        assert_eq!(AgentSpec::parse(" first "), Ok(AgentSpec::First));
        assert!(AgentSpec::parse("mcts")
            .unwrap_err()
            .contains("unknown agent 'mcts'"));
        assert!(AgentSpec::parse("random:x=1").is_err());
        assert!(AgentSpec::parse("").is_err());
    }
}
