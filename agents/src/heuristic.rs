//! Rule-based heuristic agent (classic UNO). STUB: being written.

use crate::params::Params;
use crate::{Agent, Decision};
use uno_engine::classic::ClassicState;
use uno_engine::{Action, Rng};

/// Parameters of the heuristic agent (spec `heuristic:key=value,...`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct HeuristicParams {}

impl HeuristicParams {
    pub fn parse(text: &str) -> Result<Self, String> {
        let p = Params::parse("heuristic", text)?;
        p.finish("")?;
        Ok(HeuristicParams {})
    }
    pub fn label(&self) -> String {
        "heuristic".into()
    }
}

pub struct HeuristicAgent {
    pub params: HeuristicParams,
}

impl Agent<ClassicState> for HeuristicAgent {
    fn name(&self) -> &str {
        "heuristic"
    }
    fn act(&mut self, d: &Decision<'_, ClassicState>, _rng: &mut Rng) -> Action {
        d.legal[0]
    }
}
