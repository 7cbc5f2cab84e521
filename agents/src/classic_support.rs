//! Classic UNO's agents: which heuristic and search agents play it.

use crate::heuristic::{HeuristicAgent, HeuristicParams};
use crate::mcts::MctsParams;
use crate::spec::AgentSupport;
use crate::{Agent, FirstLegalAgent};
use uno_engine::classic::ClassicState;

impl AgentSupport for ClassicState {
    fn heuristic(p: &HeuristicParams) -> Box<dyn Agent<Self>> {
        Box::new(HeuristicAgent { params: p.clone() })
    }
    fn mcts(_p: &MctsParams) -> Box<dyn Agent<Self>> {
        Box::new(FirstLegalAgent)
    }
}
