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
