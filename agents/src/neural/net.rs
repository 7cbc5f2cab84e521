//! The burn network, its configuration, and model files.
//!
//! A model is a directory holding `config.json` ([`NetConfig`]) and `model.bpk` (the weights, a
//! burnpack file written by burn's `save_file`).

use super::mlp::{Layer, Mlp};
use burn::module::{Module, Param};
use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;
use burn::tensor::TensorData;
use serde::{Deserialize, Serialize};
use std::path::Path;
use uno_engine::Rng;

/// Format tag written into every `config.json`.
pub const FORMAT: &str = "uno-dmc-1";
pub const CONFIG_FILE: &str = "config.json";
pub const WEIGHTS_FILE: &str = "model.bpk";

/// What a model file is: the game it plays and the network's shape.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NetConfig {
    /// Always [`FORMAT`].
    pub format: String,
    /// Variant name (`classic`, ...); the observation encoder is the variant's.
    pub variant: String,
    /// Player count it was trained for (the encoding has room for any count up to 10).
    pub players: usize,
    /// Game options it was trained under (informative).
    #[serde(default)]
    pub options: serde_json::Value,
    /// The observation encoder, by name (`docs/agents/neural.md` lists them);
    /// absent: the variant's default encoder (every model from before encoders had names).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoder: Option<String>,
    /// Observation length (the encoder's `LEN`).
    pub obs_len: usize,
    /// Action-space width (the variant's `NUM_ACTIONS`): one Q-value per action id.
    pub num_actions: usize,
    /// Hidden layer widths.
    pub hidden: Vec<usize>,
}

impl NetConfig {
    /// Layer (inputs, outputs) pairs.
    pub fn shapes(&self) -> Vec<(usize, usize)> {
        let mut dims = vec![self.obs_len];
        dims.extend(&self.hidden);
        dims.push(self.num_actions);
        dims.windows(2).map(|w| (w[0], w[1])).collect()
    }

    pub fn validate(&self) -> Result<(), String> {
        if self.format != FORMAT {
            return Err(format!(
                "model format '{}' is not supported (expected '{FORMAT}')",
                self.format
            ));
        }
        if !(1..=1 << 20).contains(&self.obs_len) || !(1..=1 << 16).contains(&self.num_actions) {
            return Err(format!(
                "model config: obs_len {} or num_actions {} out of range",
                self.obs_len, self.num_actions
            ));
        }
        if self.hidden.len() > 16 {
            return Err("model config: at most 16 hidden layers".into());
        }
        if self.hidden.iter().any(|&h| h == 0 || h > 8192) {
            return Err("model config: hidden widths must be in 1..=8192".into());
        }
        if !(2..=uno_engine::MAX_PLAYERS).contains(&self.players) {
            return Err(format!(
                "model config: players {} out of range",
                self.players
            ));
        }
        Ok(())
    }
}

/// The Q-network: observation in, one value per action id out (ReLU between layers).
#[derive(Module, Debug)]
pub struct QNet {
    pub layers: Vec<Linear>,
}

impl QNet {
    /// A fresh network: hidden layers with PyTorch's default initialisation (weights and
    /// biases uniform in ±1/√inputs), drawn from our own seeded RNG so initial weights depend on
    /// the seed only; the output layer starts at zero, so every action's value starts equal and
    /// the untrained greedy policy plays the lowest legal action id (a policy that finishes its
    /// games, where random output weights can settle on one that loops, e.g. always drawing).
    pub fn init(cfg: &NetConfig, seed: u64, device: &Device) -> QNet {
        let mut rng = Rng::new(seed);
        let shapes = cfg.shapes();
        let last = shapes.len() - 1;
        let layers = shapes
            .into_iter()
            .enumerate()
            .map(|(k, (i, o))| {
                let bound = if k == last {
                    0.0
                } else {
                    1.0 / (i as f64).sqrt()
                };
                let mut u = |n: usize| -> Vec<f32> {
                    (0..n)
                        .map(|_| ((rng.unit() * 2.0 - 1.0) * bound) as f32)
                        .collect()
                };
                let w = u(i * o);
                let b = u(o);
                Layer {
                    inputs: i,
                    outputs: o,
                    w,
                    b,
                }
            })
            .collect();
        QNet::from_mlp(&Mlp { layers }, device)
    }

    /// A network holding the given weights.
    pub fn from_mlp(mlp: &Mlp, device: &Device) -> QNet {
        let layers = mlp
            .layers
            .iter()
            .map(|m| {
                let mut l = LinearConfig::new(m.inputs, m.outputs).init(device);
                l.weight = Param::from_tensor(Tensor::from_data(
                    TensorData::new(m.w.clone(), [m.inputs, m.outputs]),
                    device,
                ));
                l.bias = Some(Param::from_tensor(Tensor::from_data(
                    TensorData::new(m.b.clone(), [m.outputs]),
                    device,
                )));
                l
            })
            .collect();
        QNet { layers }
    }

    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        let last = self.layers.len() - 1;
        let mut x = x;
        for (i, l) in self.layers.iter().enumerate() {
            x = l.forward(x);
            if i != last {
                x = burn::tensor::activation::relu(x);
            }
        }
        x
    }

    /// The weights copied into the plain-Rust network used for play.
    pub fn to_mlp(&self) -> Mlp {
        let layers = self
            .layers
            .iter()
            .map(|l| {
                let [i, o] = l.weight.val().dims();
                let w = floats(l.weight.val().into_data());
                let b = match &l.bias {
                    Some(b) => floats(b.val().into_data()),
                    None => vec![0.0; o],
                };
                Layer {
                    inputs: i,
                    outputs: o,
                    w,
                    b,
                }
            })
            .collect();
        Mlp { layers }
    }
}

fn floats(d: TensorData) -> Vec<f32> {
    d.convert::<f32>()
        .try_into_vec::<f32>()
        .expect("float tensor data")
}

/// Reads and validates `DIR/config.json`.
pub fn read_config(dir: &Path) -> Result<NetConfig, String> {
    let p = dir.join(CONFIG_FILE);
    let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
    let cfg: NetConfig =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))?;
    cfg.validate()
        .map_err(|e| format!("{}: {e}", p.display()))?;
    Ok(cfg)
}

/// Loads a model directory's network onto `device`.
pub fn load_net(dir: &Path, device: &Device) -> Result<(NetConfig, QNet), String> {
    let cfg = read_config(dir)?;
    let p = dir.join(WEIGHTS_FILE);
    if !p.is_file() {
        return Err(format!("{}: no such file", p.display()));
    }
    let net = QNet::init(&cfg, 0, device)
        .try_load_file(&p)
        .map_err(|e| format!("{}: {e}", p.display()))?;
    // The weights must have the shapes the config names.
    for (l, (i, o)) in net.layers.iter().zip(cfg.shapes()) {
        if l.weight.val().dims() != [i, o] {
            return Err(format!(
                "{}: a layer has shape {:?}, config.json says [{i}, {o}]",
                p.display(),
                l.weight.val().dims()
            ));
        }
    }
    Ok((cfg, net))
}

/// Writes `config.json` and `model.bpk` into `dir` (which must exist).
pub fn save_net(dir: &Path, cfg: &NetConfig, net: &QNet) -> Result<(), String> {
    let text = serde_json::to_string_pretty(cfg).expect("config serialises");
    std::fs::write(dir.join(CONFIG_FILE), text + "\n")
        .map_err(|e| format!("{}: {e}", dir.join(CONFIG_FILE).display()))?;
    net.clone()
        .save_file(dir.join(WEIGHTS_FILE))
        .map_err(|e| format!("{}: {e}", dir.join(WEIGHTS_FILE).display()))
}
