//! `key=value,key=value` parameter lists of agent specs, with typed getters and a check that
//! every given key was used (so a misspelt parameter is an error, not silently ignored).

use std::cell::RefCell;

pub struct Params<'a> {
    agent: &'a str,
    pairs: Vec<(&'a str, &'a str)>,
    used: RefCell<Vec<bool>>,
}

impl<'a> Params<'a> {
    /// Parses `text` (may be empty) for agent `agent`.
    pub fn parse(agent: &'a str, text: &'a str) -> Result<Self, String> {
        let mut pairs = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((k, v)) = part.split_once('=') else {
                return Err(format!(
                    "agent '{agent}': parameter '{part}' is not of the form key=value"
                ));
            };
            let (k, v) = (k.trim(), v.trim());
            if pairs.iter().any(|(pk, _)| *pk == k) {
                return Err(format!("agent '{agent}': parameter '{k}' given twice"));
            }
            pairs.push((k, v));
        }
        let used = RefCell::new(vec![false; pairs.len()]);
        Ok(Params { agent, pairs, used })
    }

    fn raw(&self, key: &str) -> Option<&'a str> {
        let i = self.pairs.iter().position(|(k, _)| *k == key)?;
        self.used.borrow_mut()[i] = true;
        Some(self.pairs[i].1)
    }

    /// A number parameter, `default` when absent; must lie in `lo..=hi`.
    pub fn f64(&self, key: &str, default: f64, lo: f64, hi: f64) -> Result<f64, String> {
        self.ranged(key, default, lo, hi, "a number")
    }

    /// A whole-number parameter, `default` when absent; must lie in `lo..=hi`.
    pub fn u64(&self, key: &str, default: u64, lo: u64, hi: u64) -> Result<u64, String> {
        self.ranged(key, default, lo, hi, "a whole number")
    }

    fn ranged<T>(&self, key: &str, default: T, lo: T, hi: T, what: &str) -> Result<T, String>
    where
        T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
    {
        let Some(v) = self.raw(key) else {
            return Ok(default);
        };
        let x: T = v
            .parse()
            .map_err(|_| format!("agent '{}': parameter {key}={v} is not {what}", self.agent))?;
        if !(lo..=hi).contains(&x) {
            return Err(format!(
                "agent '{}': parameter {key}={v} is outside {lo}..={hi}",
                self.agent
            ));
        }
        Ok(x)
    }

    /// One of a fixed set of words, `default` when absent.
    pub fn choice(
        &self,
        key: &str,
        default: &'static str,
        options: &[&'static str],
    ) -> Result<&'static str, String> {
        let Some(v) = self.raw(key) else {
            return Ok(default);
        };
        options.iter().copied().find(|o| *o == v).ok_or_else(|| {
            format!(
                "agent '{}': parameter {key}={v} is not one of {}",
                self.agent,
                options.join(", ")
            )
        })
    }

    /// Errors if any given parameter was never asked for.
    pub fn finish(self, known: &str) -> Result<(), String> {
        let used = self.used.borrow();
        for (i, (k, _)) in self.pairs.iter().enumerate() {
            if !used[i] {
                return Err(format!(
                    "agent '{}': unknown parameter '{k}' (known: {known})",
                    self.agent
                ));
            }
        }
        Ok(())
    }
}
