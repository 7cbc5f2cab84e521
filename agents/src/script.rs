//! The `script:` agent: plays a listed line of actions, in order, so a replay follows an exact
//! line (`-a script:draw/keep/R5`, or action ids, `script:60/61/5`; one spec per seat).
//!
//! Entries are separated by `/` (a comma separates seats in `--agents`, and `+` is part of card
//! codes such as `W+4`). Each entry is resolved against the legal actions when the seat is asked
//! to decide:
//!
//! - a number is an action id (`uno rules` lists them);
//! - otherwise it is an action name or the start of one, compared without case, with `-` or `_`
//!   for spaces and `:` for ` naming `; the leading `play` may be left out: `R5` is `play R5`,
//!   `W:yellow` is `play W naming yellow`, `keep` is `keep drawn card`, `name-red`,
//!   `swap-hands-with-seat-+2`. (Hot Death's Sixty Nine, code `69`, is `play-69`: a bare
//!   number is an id.)
//!
//! An entry must name exactly one legal action (a whole name wins over the start of a name).
//! An entry that names none, or several, is an error; so is a decision after the list is
//! exhausted. In `uno replay` both stop the replay with a message naming the step, the seat, the
//! entry and the legal actions (the CLI drives the script through [`Script::next`]); in a batch
//! the agent returns an illegal action, which the runner records as an aborted game.

use crate::{Agent, Decision};
use uno_engine::{Action, Game, Rng};

/// An action id no variant has: the engine rejects it, so the runner records an abort.
pub const NO_ACTION: Action = Action::MAX;

/// Why a script could not give an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptError {
    /// All `len` entries were played.
    Exhausted { len: usize },
    /// Entry `index` (0-based) names no legal action, or several.
    NoMatch {
        index: usize,
        entry: String,
        /// The legal actions the entry matched (empty: none).
        candidates: Vec<String>,
    },
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScriptError::Exhausted { len } => {
                write!(f, "the script is exhausted (all {len} entries played)")
            }
            ScriptError::NoMatch {
                index,
                entry,
                candidates,
            } if candidates.is_empty() => write!(
                f,
                "script entry {} '{entry}' is not a legal action here",
                index + 1
            ),
            ScriptError::NoMatch {
                index,
                entry,
                candidates,
            } => write!(
                f,
                "script entry {} '{entry}' is ambiguous here: it matches {}",
                index + 1,
                candidates.join(", ")
            ),
        }
    }
}

/// Parses the entries of a `script:` spec (`draw/keep/R5`).
pub fn parse_script(params: &str) -> Result<Vec<String>, String> {
    let params = params.trim();
    if params.is_empty() {
        return Err(
            "agent 'script' needs a list of actions, e.g. script:draw/keep/R5 or script:60/61/5"
                .into(),
        );
    }
    let mut out = Vec::new();
    for (i, e) in params.split('/').enumerate() {
        let e = e.trim();
        if e.is_empty() {
            return Err(format!(
                "agent 'script': entry {} of '{params}' is empty (separate entries with '/')",
                i + 1
            ));
        }
        out.push(e.to_string());
    }
    Ok(out)
}

fn normalize(s: &str) -> String {
    let s = s
        .to_lowercase()
        .replace(['-', '_'], " ")
        .replace(':', " naming ");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The legal action `entry` names, given the legal actions and their names.
pub fn resolve(entry: &str, legal: &[Action], names: &[String]) -> Result<Action, Vec<String>> {
    if let Ok(id) = entry.trim().parse::<Action>() {
        return if legal.contains(&id) {
            Ok(id)
        } else {
            Err(Vec::new())
        };
    }
    let e = normalize(entry);
    let mut exact = Vec::new();
    let mut prefix = Vec::new();
    for (&a, name) in legal.iter().zip(names) {
        let full = normalize(name);
        let short = full.strip_prefix("play ").unwrap_or(&full).to_string();
        if e == full || e == short {
            exact.push(a);
        } else if full.starts_with(&format!("{e} ")) || short.starts_with(&format!("{e} ")) {
            prefix.push(a);
        }
    }
    let found = if exact.is_empty() { prefix } else { exact };
    let named = |v: &[Action]| {
        v.iter()
            .map(|a| names[legal.iter().position(|x| x == a).expect("legal")].clone())
            .collect::<Vec<_>>()
    };
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(Vec::new()),
        _ => Err(named(&found)),
    }
}

/// A list of entries and how far it has been played.
#[derive(Clone, Debug)]
pub struct Script {
    entries: Vec<String>,
    next: usize,
}

impl Script {
    pub fn new(entries: Vec<String>) -> Self {
        Script { entries, next: 0 }
    }
    /// Entries played so far.
    pub fn played(&self) -> usize {
        self.next
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    /// Back to the first entry.
    pub fn rewind(&mut self) {
        self.next = 0;
    }
    /// The next entry resolved against the decision's legal actions (consumed only on success).
    pub fn next<G: Game>(&mut self, d: &Decision<'_, G>) -> Result<Action, ScriptError> {
        let Some(entry) = self.entries.get(self.next) else {
            return Err(ScriptError::Exhausted {
                len: self.entries.len(),
            });
        };
        let names: Vec<String> = d.legal.iter().map(|&a| d.action_name(a)).collect();
        match resolve(entry, d.legal, &names) {
            Ok(a) => {
                self.next += 1;
                Ok(a)
            }
            Err(candidates) => Err(ScriptError::NoMatch {
                index: self.next,
                entry: entry.clone(),
                candidates,
            }),
        }
    }
}

/// The agent: plays its script; past its end or on an entry that is not legal it returns
/// [`NO_ACTION`], which the engine rejects (the runner records the abort).
pub struct ScriptAgent {
    label: String,
    script: Script,
}

impl ScriptAgent {
    pub fn new(entries: &[String]) -> Self {
        ScriptAgent {
            label: format!("script:{}", entries.join("/")),
            script: Script::new(entries.to_vec()),
        }
    }
}

impl<G: Game> Agent<G> for ScriptAgent {
    fn name(&self) -> &str {
        &self.label
    }
    fn act(&mut self, d: &Decision<'_, G>, _rng: &mut Rng) -> Action {
        self.script.next(d).unwrap_or(NO_ACTION)
    }
    fn reset(&mut self) {
        self.script.rewind();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_slash_separated_entries() {
        assert_eq!(
            parse_script("draw/ keep /R5"),
            Ok(names(&["draw", "keep", "R5"]))
        );
        assert!(parse_script("").unwrap_err().contains("needs a list"));
        assert_eq!(
            parse_script("draw//R5").unwrap_err(),
            "agent 'script': entry 2 of 'draw//R5' is empty (separate entries with '/')"
        );
    }

    #[test]
    fn resolves_ids_codes_names_and_prefixes() {
        let legal = [5, 52, 53, 60, 61];
        let n = names(&[
            "play R5",
            "play W naming red",
            "play W naming yellow",
            "draw",
            "keep drawn card",
        ]);
        assert_eq!(resolve("5", &legal, &n), Ok(5));
        assert_eq!(resolve("6", &legal, &n), Err(vec![]));
        assert_eq!(resolve("r5", &legal, &n), Ok(5));
        assert_eq!(resolve("play R5", &legal, &n), Ok(5));
        assert_eq!(resolve("W:yellow", &legal, &n), Ok(53));
        assert_eq!(resolve("w-naming-red", &legal, &n), Ok(52));
        assert_eq!(resolve("keep", &legal, &n), Ok(61));
        assert_eq!(resolve("draw", &legal, &n), Ok(60));
        assert_eq!(
            resolve("W", &legal, &n),
            Err(names(&["play W naming red", "play W naming yellow"]))
        );
        assert_eq!(resolve("G7", &legal, &n), Err(vec![]));
    }
}
