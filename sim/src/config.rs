//! Options as the CLI takes them: an options file (JSON object), a preset, and `--set
//! key=value` overrides, merged in that order and validated for the variant and player count.

use crate::variant::SimGame;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::path::Path;

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
            let v = parse_json_strict(&text)
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

    /// The options of game `G` for `players` players: the preset (checked against the
    /// variant's list), then the overrides, validated.
    pub fn resolve<G: SimGame>(&self, players: usize) -> Result<G::Options, String> {
        let info = &G::INFO;
        let preset = match self.preset.as_deref() {
            None => None,
            Some(p) => Some(
                info.preset(p)
                    .ok_or_else(|| {
                        format!(
                            "unknown preset '{p}' for {} (known: {})",
                            info.name,
                            info.preset_names()
                        )
                    })?
                    .name,
            ),
        };
        let over = Value::Object(self.values.clone());
        let opts = G::options_from(preset, Some(&over))?;
        G::validate(&opts, players)?;
        Ok(opts)
    }
}

/// Parses JSON like `serde_json::from_str`, but rejects an object that names a key twice
/// (serde_json silently keeps the last one, so a typo'd duplicate would go unnoticed).
pub fn parse_json_strict(text: &str) -> Result<Value, String> {
    struct Strict(Value);
    struct StrictVisitor;
    impl<'de> Deserialize<'de> for Strict {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_any(StrictVisitor).map(Strict)
        }
    }
    impl<'de> Visitor<'de> for StrictVisitor {
        type Value = Value;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("any JSON value")
        }
        fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
            Ok(Value::Bool(v))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
            Ok(v.into())
        }
        fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
            Ok(v.into())
        }
        fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
            Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
        }
        fn visit_str<E>(self, v: &str) -> Result<Value, E> {
            Ok(Value::String(v.to_string()))
        }
        fn visit_unit<E>(self) -> Result<Value, E> {
            Ok(Value::Null)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
            let mut out = Vec::new();
            while let Some(Strict(v)) = seq.next_element()? {
                out.push(v);
            }
            Ok(Value::Array(out))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
            let mut out = Map::new();
            while let Some(k) = map.next_key::<String>()? {
                let Strict(v) = map.next_value()?;
                if out.insert(k.clone(), v).is_some() {
                    return Err(de::Error::custom(format!("duplicate key '{k}'")));
                }
            }
            Ok(Value::Object(out))
        }
    }
    let mut d = serde_json::Deserializer::from_str(text);
    let Strict(v) = Strict::deserialize(&mut d).map_err(|e| e.to_string())?;
    d.end().map_err(|e| e.to_string())?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_json_rejects_duplicate_keys_at_any_depth() {
        let v =
            parse_json_strict(r#"{"a": [1, -2, 2.5, null, true, "x"], "b": {"c": 1}}"#).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"a": [1, -2, 2.5, null, true, "x"], "b": {"c": 1}})
        );
        let e = parse_json_strict(r#"{"jump_in": true, "jump_in": false}"#).unwrap_err();
        assert!(e.contains("duplicate key 'jump_in'"), "{e}");
        let e = parse_json_strict(r#"{"options": {"a": 1, "a": 2}}"#).unwrap_err();
        assert!(e.contains("duplicate key 'a'"), "{e}");
        assert!(parse_json_strict("{} x").is_err());
    }
}
