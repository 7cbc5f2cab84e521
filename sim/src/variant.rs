//! The variant registry: the one place the command line lists its variants.
//!
//! A variant is a game type implementing `uno_engine::Ruleset` (name, aliases, players,
//! presets, documented options, rules document, deal, scenarios: in its engine folder) and
//! `uno_agents::AgentSupport` (its agents: in its agents folder). Registering it is one line in
//! the `registry!` call below; every subcommand dispatches through [`Variant::dispatch`], and
//! every help text, error list and the `uno rules` listing is generated from [`Variant::ALL`]
//! (`sim/tests/registry.rs` checks that each registered variant reaches all of them).

use uno_agents::AgentSupport;
use uno_engine::{Ruleset, VariantInfo};

/// What every command needs of a game: its rules facts and its agents.
pub trait SimGame: Ruleset + AgentSupport {}
impl<G: Ruleset + AgentSupport> SimGame for G {}

/// A command generic over the game type, run for the variant the user named.
pub trait VariantCommand {
    type Output;
    fn run<G: SimGame>(self) -> Self::Output;
}

macro_rules! registry {
    ($($v:ident => $g:ty),+ $(,)?) => {
        /// The variants the toolkit implements, in listing order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Variant {
            $($v),+
        }

        impl Variant {
            pub const ALL: &'static [Variant] = &[$(Variant::$v),+];

            /// The variant's name, title, players, presets and rules document.
            pub fn info(self) -> &'static VariantInfo {
                match self {
                    $(Variant::$v => &<$g as Ruleset>::INFO),+
                }
            }

            /// Runs `cmd` with the variant's game type.
            pub fn dispatch<C: VariantCommand>(self, cmd: C) -> C::Output {
                match self {
                    $(Variant::$v => cmd.run::<$g>()),+
                }
            }
        }
    };
}

registry! {
    Classic => uno_engine::classic::ClassicState,
    HotDeath => uno_engine::hotdeath::HotDeathState,
    Debt => uno_engine::debt::DebtState,
    Uber => uno_engine::uber::UberState,
    Constitution => uno_engine::constitution::ConState,
    Blender => uno_engine::blender::BlenderState,
}

impl Variant {
    /// The variant named `s` (a name or an alias, any case).
    pub fn parse(s: &str) -> Result<Variant, String> {
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.info().answers_to(s.trim()))
            .ok_or_else(|| format!("unknown variant '{s}' (known: {})", known_variants()))
    }
    pub fn name(self) -> &'static str {
        self.info().name
    }
}

/// Whether games of `variant` under the options object `options` (as outputs record them)
/// are loser-only ([`uno_engine::Ruleset::loser_only`]); false for an unknown variant or
/// options that do not parse.
pub fn loser_only(variant: &str, options: &serde_json::Value) -> bool {
    struct Check<'a>(&'a serde_json::Value);
    impl VariantCommand for Check<'_> {
        type Output = bool;
        fn run<G: SimGame>(self) -> bool {
            G::options_from(None, Some(self.0)).is_ok_and(|o| G::loser_only(&o))
        }
    }
    Variant::parse(variant).is_ok_and(|v| v.dispatch(Check(options)))
}

/// The variant names, comma-separated.
pub fn known_variants() -> String {
    Variant::ALL
        .iter()
        .map(|v| v.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Help of `-v/--variant`.
pub fn variant_help() -> String {
    let aliases: Vec<String> = Variant::ALL
        .iter()
        .filter(|v| !v.info().aliases.is_empty())
        .map(|v| format!("{}: {}", v.name(), v.info().aliases.join(", ")))
        .collect();
    format!(
        "Variant: {} (aliases: {}). `uno rules` lists them, `uno rules -v NAME` describes one",
        known_variants(),
        aliases.join("; ")
    )
}

/// Help of `-p/--players`.
pub fn players_help() -> String {
    let ranges: Vec<String> = Variant::ALL
        .iter()
        .map(|v| format!("{} {}", v.name(), v.info().players_text()))
        .collect();
    format!("Number of players ({})", ranges.join(", "))
}

/// Help of `--preset`.
pub fn preset_help() -> String {
    let presets: Vec<String> = Variant::ALL
        .iter()
        .map(|v| format!("{}: {}", v.name(), v.info().preset_names()))
        .collect();
    format!(
        "Option preset, the variant's first by default ({}); `uno rules -v NAME` describes them",
        presets.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique_and_parse_back() {
        let mut seen = std::collections::HashSet::new();
        for &v in Variant::ALL {
            let info = v.info();
            for name in std::iter::once(&info.name).chain(info.aliases) {
                assert!(seen.insert(*name), "{name} names two variants");
                assert_eq!(Variant::parse(name), Ok(v));
                assert_eq!(Variant::parse(&name.to_ascii_uppercase()), Ok(v));
            }
        }
        let e = Variant::parse("hotdog").unwrap_err();
        assert!(e.contains("unknown variant 'hotdog'") && e.contains("classic, hot-death"));
    }

    /// Every preset (and alias) resolves, and the option docs name every option exactly once.
    #[test]
    fn presets_resolve_and_every_option_is_documented() {
        struct Check;
        impl VariantCommand for Check {
            type Output = ();
            fn run<G: SimGame>(self) {
                let info = &G::INFO;
                for p in info.presets {
                    for name in std::iter::once(&p.name).chain(p.aliases) {
                        G::options_from(Some(name), None)
                            .unwrap_or_else(|e| panic!("{}: preset {name}: {e}", info.name));
                    }
                }
                let o = G::options_from(None, None).unwrap();
                let v = serde_json::to_value(o).unwrap();
                let mut keys: Vec<&str> =
                    v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
                let mut docs: Vec<&str> = G::OPTIONS.iter().map(|d| d.key).collect();
                keys.sort();
                docs.sort();
                assert_eq!(docs, keys, "{}: option docs", info.name);
                for d in G::OPTIONS {
                    assert!(!d.ty.is_empty() && !d.meaning.is_empty() && !d.source.is_empty());
                }
                let (lo, hi) = info.players;
                assert!(2 <= lo && lo <= hi && hi <= uno_engine::MAX_PLAYERS);
                assert!(std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("..")
                    .join(info.rules_doc)
                    .is_file());
            }
        }
        for v in Variant::ALL {
            v.dispatch(Check);
        }
    }
}
