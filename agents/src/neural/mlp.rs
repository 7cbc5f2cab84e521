//! The network's forward pass in plain Rust, for play.
//!
//! Training runs on burn (`net.rs`); playing copies the trained weights into this multilayer
//! perceptron and evaluates it with no allocation per decision and no framework overhead. A
//! test checks that both give the same values.

/// One fully connected layer: `y = x · W + b`, `W` stored input-major (`w[i * out + j]`, burn's
/// `Linear` layout).
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    pub inputs: usize,
    pub outputs: usize,
    pub w: Vec<f32>,
    pub b: Vec<f32>,
}

/// A ReLU multilayer perceptron (no activation after the last layer).
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    pub layers: Vec<Layer>,
}

/// Buffers for [`Mlp::forward`], sized once per agent.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    a: Vec<f32>,
    b: Vec<f32>,
}

impl Mlp {
    pub fn inputs(&self) -> usize {
        self.layers[0].inputs
    }
    pub fn outputs(&self) -> usize {
        self.layers.last().expect("at least one layer").outputs
    }
    pub fn scratch(&self) -> Scratch {
        let widest = self.layers.iter().map(|l| l.outputs).max().unwrap_or(0);
        Scratch {
            a: vec![0.0; widest],
            b: vec![0.0; widest],
        }
    }

    /// Writes the network's outputs for input `x` into `out[..outputs]`.
    pub fn forward(&self, x: &[f32], s: &mut Scratch, out: &mut [f32]) {
        assert_eq!(x.len(), self.inputs(), "input length");
        let last = self.layers.len() - 1;
        let (mut cur, mut next) = (&mut s.a, &mut s.b);
        for (li, l) in self.layers.iter().enumerate() {
            let input: &[f32] = if li == 0 { x } else { &cur[..l.inputs] };
            let y: &mut [f32] = if li == last {
                &mut out[..l.outputs]
            } else {
                &mut next[..l.outputs]
            };
            y.copy_from_slice(&l.b);
            for (i, &xi) in input.iter().enumerate() {
                // Observations are sparse and ReLU zeroes about half the hidden units.
                if xi != 0.0 {
                    let row = &l.w[i * l.outputs..(i + 1) * l.outputs];
                    for (yj, &wij) in y.iter_mut().zip(row) {
                        *yj += xi * wij;
                    }
                }
            }
            if li != last {
                for v in y.iter_mut() {
                    *v = v.max(0.0);
                }
                std::mem::swap(&mut cur, &mut next);
            }
        }
    }
}
