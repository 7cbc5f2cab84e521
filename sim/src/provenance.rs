//! Where a result came from: every output file (`summary.json`, `report.json`,
//! `tournament.json`, `train.json`) records the exact command line, the toolkit's version and
//! commit, and the run's resolved settings, so a result folder explains itself.

use serde::{Deserialize, Serialize};

/// The provenance block of an output file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Provenance {
    /// The command line as typed (arguments shell-quoted where needed).
    pub command: String,
    /// The toolkit's version (`uno --version`).
    pub version: String,
    /// The git commit the binary was built from; `None` when not built from a checkout.
    pub commit: Option<String>,
    /// The checkout had uncommitted changes to tracked files when the binary was built.
    pub dirty: bool,
    pub variant: String,
    pub players: usize,
    /// The resolved rule options (every option, not only those given).
    pub options: serde_json::Value,
    /// The agent spec of each seat (or each entrant).
    pub agents: Vec<String>,
    pub seed: u64,
    pub threads: usize,
}

impl Provenance {
    /// The provenance of the running process's command for the given settings.
    pub fn new(
        variant: &str,
        players: usize,
        options: serde_json::Value,
        agents: Vec<String>,
        seed: u64,
        threads: usize,
    ) -> Self {
        let commit = env!("UNO_GIT_COMMIT");
        Provenance {
            command: command_line(std::env::args()),
            version: env!("CARGO_PKG_VERSION").to_string(),
            commit: (!commit.is_empty()).then(|| commit.to_string()),
            dirty: !env!("UNO_GIT_DIRTY").is_empty(),
            variant: variant.to_string(),
            players,
            options,
            agents,
            seed,
            threads,
        }
    }
}

/// Quotes one argument for a POSIX shell where needed.
pub fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.,:=/+@%".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// A command line from its arguments, the program named `uno` whatever its path.
pub fn command_line(args: impl IntoIterator<Item = String>) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (i, a) in args.into_iter().enumerate() {
        parts.push(if i == 0 {
            "uno".to_string()
        } else {
            shell_quote(&a)
        });
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_are_quoted_for_the_shell() {
        let args = [
            "target/release/uno",
            "simulate",
            "-a",
            "mcts:c=0.7",
            "--set",
            "a b",
            "it's",
        ];
        assert_eq!(
            command_line(args.iter().map(|s| s.to_string())),
            r"uno simulate -a mcts:c=0.7 --set 'a b' 'it'\''s'"
        );
        assert_eq!(shell_quote(""), "''");
    }
}
