//! The Constitution's scenario notation (`docs/rules/constitution.md`): a JSON position.
//! Not built yet (section 22).

use super::state::ConState;

/// A position and its seed from a scenario file's text.
pub fn from_json(_text: &str) -> Result<(ConState, u64), String> {
    Err(
        "the Constitution's scenario notation is not built yet (docs/rules/constitution.md \
         section 22)"
            .into(),
    )
}
