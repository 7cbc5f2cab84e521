//! Information-set Monte Carlo tree search. STUB: being written.

use crate::params::Params;

/// Parameters of the IS-MCTS agent (spec `mcts:key=value,...`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct MctsParams {}

impl MctsParams {
    pub fn parse(text: &str) -> Result<Self, String> {
        let p = Params::parse("mcts", text)?;
        p.finish("")?;
        Ok(MctsParams {})
    }
    pub fn label(&self) -> String {
        "mcts".into()
    }
}
