//! Pieces of the scenario notation that every variant's `scenario.rs` shares.

/// The `unplaced` field: where the cards a scenario does not place go. `false`: the draw pile
/// (`"draw_pile"`, the default); `true`: the discard pile, under the top card (`"discard"`).
pub fn parse_unplaced(v: Option<&str>) -> Result<bool, String> {
    match v {
        None | Some("draw_pile") => Ok(false),
        Some("discard") => Ok(true),
        Some(v) => Err(format!(
            "unknown 'unplaced' value '{v}' (draw_pile or discard)"
        )),
    }
}

/// A list of card codes in a scenario: a JSON list (`["R5", "G+2"]`) or one string of codes
/// separated by spaces (`"R5 G+2"`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Cards {
    List(Vec<String>),
    Text(String),
}

impl Default for Cards {
    fn default() -> Self {
        Cards::List(Vec::new())
    }
}

impl Cards {
    /// The codes, in order.
    pub fn codes(&self) -> Vec<&str> {
        match self {
            Cards::List(v) => v.iter().map(|s| s.as_str()).collect(),
            Cards::Text(s) => s.split_whitespace().collect(),
        }
    }
}
