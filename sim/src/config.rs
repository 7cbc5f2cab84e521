//! Variants, player counts and options as the CLI takes them: an options file (JSON object),
//! a preset, and `--set key=value` overrides, merged in that order and validated.

use serde_json::{Map, Value};
use std::path::Path;
use uno_engine::classic::{scenario::options_from, ClassicOptions};
use uno_engine::hotdeath::HotDeathOptions;

/// Variants the engine implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Classic,
    HotDeath,
}

pub const KNOWN_VARIANTS: &str = "classic, hot-death";

impl Variant {
    pub fn parse(s: &str) -> Result<Variant, String> {
        match s.to_ascii_lowercase().as_str() {
            "classic" | "uno" => Ok(Variant::Classic),
            "hot-death" | "hotdeath" | "hot_death" | "hd" => Ok(Variant::HotDeath),
            _ => Err(format!("unknown variant '{s}' (known: {KNOWN_VARIANTS})")),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::HotDeath => "hot-death",
        }
    }
}

/// Option overrides gathered from the command line, before validation.
#[derive(Clone, Debug, Default)]
pub struct OptionInput {
    pub preset: Option<String>,
    pub values: Map<String, Value>,
}

impl OptionInput {
    /// Reads `file` (a JSON object; a `"preset"` key names the base preset), then applies
    /// `--preset` and the `key=value` pairs.
    pub fn gather(
        file: Option<&Path>,
        preset: Option<&str>,
        sets: &[String],
    ) -> Result<OptionInput, String> {
        let mut inp = OptionInput::default();
        if let Some(path) = file {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read options file {}: {e}", path.display()))?;
            let v: Value = serde_json::from_str(&text)
                .map_err(|e| format!("options file {} is not valid JSON: {e}", path.display()))?;
            let Value::Object(mut obj) = v else {
                return Err(format!(
                    "options file {} must hold a JSON object of option = value",
                    path.display()
                ));
            };
            if let Some(p) = obj.remove("preset") {
                let Value::String(p) = p else {
                    return Err(format!(
                        "options file {}: 'preset' must be a string",
                        path.display()
                    ));
                };
                inp.preset = Some(p);
            }
            inp.values = obj;
        }
        if let Some(p) = preset {
            inp.preset = Some(p.to_string());
        }
        for s in sets {
            let Some((k, v)) = s.split_once('=') else {
                return Err(format!("--set '{s}' is not of the form key=value"));
            };
            let k = k.trim();
            if k.is_empty() {
                return Err(format!("--set '{s}' has an empty key"));
            }
            let v = v.trim();
            let val = if v == "none" || v == "null" {
                Value::Null
            } else {
                serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_string()))
            };
            if k == "preset" {
                let Value::String(p) = val else {
                    return Err("--set preset=... needs a preset name".into());
                };
                inp.preset = Some(p);
            } else {
                inp.values.insert(k.to_string(), val);
            }
        }
        Ok(inp)
    }

    /// A complete options object (as a run's saved config holds it).
    pub fn from_value(v: &Value) -> Result<OptionInput, String> {
        let Value::Object(obj) = v else {
            return Err("options must be a JSON object".into());
        };
        Ok(OptionInput {
            preset: None,
            values: obj.clone(),
        })
    }

    pub fn hot_death(&self, players: usize) -> Result<HotDeathOptions, String> {
        let over = Value::Object(self.values.clone());
        let opts =
            uno_engine::hotdeath::options::options_from(self.preset.as_deref(), Some(&over))?;
        opts.validate(players)?;
        Ok(opts)
    }

    pub fn classic(&self, players: usize) -> Result<ClassicOptions, String> {
        let over = Value::Object(self.values.clone());
        let opts = options_from(self.preset.as_deref(), Some(&over))?;
        opts.validate(players)?;
        Ok(opts)
    }
}
