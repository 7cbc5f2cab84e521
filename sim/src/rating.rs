//! Bradley–Terry ratings from pairwise comparisons, fitted by maximum likelihood.
//!
//! Model: agent `i` has strength `θ_i` and beats agent `j` in one comparison with probability
//! `p_ij = 1 / (1 + exp(θ_j − θ_i))`. Given `w_ij`, the number of comparisons `i` won against
//! `j`, the log-likelihood is `ℓ(θ) = Σ_{i≠j} w_ij · ln p_ij`. It is concave and invariant under
//! adding a constant to every `θ_i`; the fit is anchored so that the mean of `θ` is 0.
//!
//! The maximum is found by Newton's method with step halving. The observed Fisher information
//! `I` (the negative Hessian: `I_ij = −n_ij p_ij p_ji` for `i ≠ j`, `I_ii = Σ_j n_ij p_ij p_ji`,
//! `n_ij = w_ij + w_ji`) has the all-ones vector as its null space; the covariance of the
//! mean-anchored estimate is its Moore–Penrose pseudo-inverse `I⁺ = (I + 11ᵀ/k)⁻¹ − 11ᵀ/k`.
//!
//! Ratings are reported on an Elo-like scale: `R_i = 400 · log10(e^θ_i) = θ_i · 400 / ln 10`, so
//! a difference of 400 means odds of 10 to 1.
//!
//! A finite maximum exists iff the "beat" graph (edge `i → j` when `w_ij > 0`) is strongly
//! connected. When it is not (an agent never lost to, or never beat, some group), the fit adds one
//! virtual comparison split half and half to every pair that met (`w_ij += 0.5`, `w_ji += 0.5`)
//! and says so (`regularized`).

/// Multiplier from the natural-log strength scale to the Elo-like scale (`400 / ln 10`).
pub const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// A fitted Bradley–Terry model.
#[derive(Clone, Debug, PartialEq)]
pub struct BtFit {
    /// Number of agents.
    pub k: usize,
    /// Strengths on the natural-log scale, mean 0.
    pub theta: Vec<f64>,
    /// Covariance of `theta` (row-major `k × k`), the pseudo-inverse of the observed information.
    pub cov: Vec<f64>,
    /// The observed Fisher information at the optimum (row-major `k × k`).
    pub info: Vec<f64>,
    /// Log-likelihood at the optimum (of the data actually fitted, virtual comparisons included).
    pub log_likelihood: f64,
    /// Whether virtual comparisons were added because the MLE would be infinite.
    pub regularized: bool,
    /// Newton iterations used.
    pub iterations: usize,
    /// Whether the step fell below the tolerance.
    pub converged: bool,
}

impl BtFit {
    /// Elo-like rating of agent `i` (mean 0).
    pub fn elo(&self, i: usize) -> f64 {
        self.theta[i] * ELO_PER_NAT
    }
    /// Standard error of `elo(i)`.
    pub fn elo_se(&self, i: usize) -> f64 {
        self.cov[i * self.k + i].max(0.0).sqrt() * ELO_PER_NAT
    }
    /// Standard error of `elo(i) − elo(j)`.
    pub fn elo_diff_se(&self, i: usize, j: usize) -> f64 {
        diff_se(&self.cov, self.k, i, j)
    }
    /// Modelled probability that `i` beats `j` in one comparison.
    pub fn p_beats(&self, i: usize, j: usize) -> f64 {
        sigmoid(self.theta[i] - self.theta[j])
    }
}

/// Standard error (Elo scale) of `R_i − R_j` from a covariance matrix on the natural-log scale.
pub fn diff_se(cov: &[f64], k: usize, i: usize, j: usize) -> f64 {
    let v = cov[i * k + i] + cov[j * k + j] - 2.0 * cov[i * k + j];
    v.max(0.0).sqrt() * ELO_PER_NAT
}

#[inline]
fn sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// `ln(sigmoid(x))`, stable for large |x|.
#[inline]
fn ln_sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

fn log_likelihood(k: usize, w: &[f64], theta: &[f64]) -> f64 {
    let mut l = 0.0;
    for i in 0..k {
        for j in 0..k {
            let c = w[i * k + j];
            if i != j && c > 0.0 {
                l += c * ln_sigmoid(theta[i] - theta[j]);
            }
        }
    }
    l
}

/// Is every node reachable from every other along edges `i → j` where `edge(i, j)`?
fn strongly_connected(k: usize, edge: impl Fn(usize, usize) -> bool) -> bool {
    let mut reach = vec![false; k * k];
    for i in 0..k {
        reach[i * k + i] = true;
        for j in 0..k {
            if i != j && edge(i, j) {
                reach[i * k + j] = true;
            }
        }
    }
    // Floyd–Warshall transitive closure (k is small).
    for m in 0..k {
        for i in 0..k {
            if reach[i * k + m] {
                for j in 0..k {
                    if reach[m * k + j] {
                        reach[i * k + j] = true;
                    }
                }
            }
        }
    }
    reach.iter().all(|&r| r)
}

/// Inverts a small dense matrix by Gauss–Jordan elimination with partial pivoting; `None` if it
/// is (numerically) singular.
pub fn invert(k: usize, a: &[f64]) -> Option<Vec<f64>> {
    let mut m = a.to_vec();
    let mut inv = vec![0.0; k * k];
    for i in 0..k {
        inv[i * k + i] = 1.0;
    }
    let scale = a.iter().fold(0.0f64, |s, x| s.max(x.abs())).max(1e-300);
    for col in 0..k {
        let piv = (col..k)
            .max_by(|&x, &y| m[x * k + col].abs().total_cmp(&m[y * k + col].abs()))
            .expect("non-empty range");
        if m[piv * k + col].abs() <= 1e-13 * scale {
            return None;
        }
        if piv != col {
            for c in 0..k {
                m.swap(piv * k + c, col * k + c);
                inv.swap(piv * k + c, col * k + c);
            }
        }
        let d = m[col * k + col];
        for c in 0..k {
            m[col * k + c] /= d;
            inv[col * k + c] /= d;
        }
        for r in 0..k {
            if r != col {
                let f = m[r * k + col];
                if f != 0.0 {
                    for c in 0..k {
                        m[r * k + c] -= f * m[col * k + c];
                        inv[r * k + c] -= f * inv[col * k + c];
                    }
                }
            }
        }
    }
    Some(inv)
}

/// `(L + 11ᵀ/k)⁻¹ − 11ᵀ/k`: the pseudo-inverse of a symmetric matrix whose null space is
/// exactly the all-ones vector (symmetrised against rounding).
fn pseudo_inverse_ones(k: usize, l: &[f64]) -> Option<Vec<f64>> {
    let kf = k as f64;
    let shifted: Vec<f64> = l.iter().map(|x| x + 1.0 / kf).collect();
    let mut inv = invert(k, &shifted)?;
    for x in inv.iter_mut() {
        *x -= 1.0 / kf;
    }
    Some(symmetrised(k, inv))
}

fn symmetrised(k: usize, mut m: Vec<f64>) -> Vec<f64> {
    for i in 0..k {
        for j in i + 1..k {
            let v = 0.5 * (m[i * k + j] + m[j * k + i]);
            m[i * k + j] = v;
            m[j * k + i] = v;
        }
    }
    m
}

fn information(k: usize, n: &[f64], theta: &[f64]) -> Vec<f64> {
    let mut info = vec![0.0; k * k];
    for i in 0..k {
        for j in 0..k {
            if i != j && n[i * k + j] > 0.0 {
                let p = sigmoid(theta[i] - theta[j]);
                let v = n[i * k + j] * p * (1.0 - p);
                info[i * k + j] = -v;
                info[i * k + i] += v;
            }
        }
    }
    info
}

/// Fits the model to `wins` (row-major `k × k`, `wins[i*k + j]` = comparisons `i` won against
/// `j`; the diagonal is ignored). Returns `None` when there are fewer than two agents or some
/// agent is not connected to the others by any comparison (the ratings are then not defined).
pub fn fit(k: usize, wins: &[f64]) -> Option<BtFit> {
    assert_eq!(wins.len(), k * k, "wins must be k × k");
    if k < 2 {
        return None;
    }
    let mut w: Vec<f64> = wins.to_vec();
    for i in 0..k {
        w[i * k + i] = 0.0;
    }
    let n_of = |w: &[f64]| -> Vec<f64> {
        let mut n = vec![0.0; k * k];
        for i in 0..k {
            for j in 0..k {
                if i != j {
                    n[i * k + j] = w[i * k + j] + w[j * k + i];
                }
            }
        }
        n
    };
    let n = n_of(&w);
    // The comparison graph must be connected, or relative strengths are undefined.
    if !strongly_connected(k, |i, j| n[i * k + j] > 0.0) {
        return None;
    }
    let regularized = !strongly_connected(k, |i, j| w[i * k + j] > 0.0);
    if regularized {
        for i in 0..k {
            for j in 0..k {
                if i != j && n[i * k + j] > 0.0 {
                    w[i * k + j] += 0.5;
                }
            }
        }
    }
    let n = n_of(&w);
    let wins_total: Vec<f64> = (0..k).map(|i| (0..k).map(|j| w[i * k + j]).sum()).collect();
    let mut theta = vec![0.0; k];
    let mut ll = log_likelihood(k, &w, &theta);
    let mut iterations = 0;
    let mut converged = false;
    const TOL: f64 = 1e-12;
    while iterations < 500 {
        iterations += 1;
        let info = information(k, &n, &theta);
        let grad: Vec<f64> = (0..k)
            .map(|i| {
                let expected: f64 = (0..k)
                    .filter(|&j| j != i)
                    .map(|j| n[i * k + j] * sigmoid(theta[i] - theta[j]))
                    .sum();
                wins_total[i] - expected
            })
            .collect();
        let Some(pinv) = pseudo_inverse_ones(k, &info) else {
            break;
        };
        let step: Vec<f64> = (0..k)
            .map(|i| (0..k).map(|j| pinv[i * k + j] * grad[j]).sum())
            .collect();
        let mut t = 1.0;
        let mut accepted = false;
        for _ in 0..60 {
            let cand: Vec<f64> = theta.iter().zip(&step).map(|(a, s)| a + t * s).collect();
            let l = log_likelihood(k, &w, &cand);
            if l >= ll - 1e-12 * ll.abs().max(1.0) {
                theta = cand;
                ll = l;
                accepted = true;
                break;
            }
            t *= 0.5;
        }
        let size = step.iter().fold(0.0f64, |m, s| m.max((t * s).abs()));
        if !accepted || size < TOL {
            converged = accepted || size < TOL;
            break;
        }
    }
    let mean = theta.iter().sum::<f64>() / k as f64;
    for t in theta.iter_mut() {
        *t -= mean;
    }
    let info = information(k, &n, &theta);
    let cov = pseudo_inverse_ones(k, &info)?;
    Some(BtFit {
        k,
        theta,
        cov,
        info,
        log_likelihood: ll,
        regularized,
        iterations,
        converged,
    })
}

/// Cluster-robust (sandwich) covariance of the fitted strengths, clustering the comparisons by
/// deal: `V = I⁺ B I⁺` with `B = Σ_c g_c g_cᵀ`, where `g_c` is the score (gradient of the
/// log-likelihood) contributed by the comparisons of deal `c`:
/// `g_c,i = Σ_j (w^c_ij p_ji − w^c_ji p_ij)`.
///
/// `cross` holds the per-deal second moments of the win counts, accumulated over deals:
/// `cross[(a*k + b) * k*k + (c*k + d)] = Σ_deals w_ab · w_cd`. The score is linear in the
/// counts, so `B` follows from these moments and the fitted probabilities alone.
pub fn robust_cov(fit: &BtFit, cross: &[u64]) -> Vec<f64> {
    let k = fit.k;
    let kk = k * k;
    assert_eq!(cross.len(), kk * kk, "cross must be k² × k²");
    // coef[i][(a,b)] = ([a == i] − [b == i]) · p_ba
    let mut coef = vec![0.0; k * kk];
    for a in 0..k {
        for b in 0..k {
            if a == b {
                continue;
            }
            let p_ba = fit.p_beats(b, a);
            coef[a * kk + a * k + b] += p_ba;
            coef[b * kk + a * k + b] -= p_ba;
        }
    }
    // tmp = coef · cross  (k × k²), then B = tmp · coefᵀ (k × k)
    let mut tmp = vec![0.0; k * kk];
    for i in 0..k {
        for x in 0..kk {
            let c = coef[i * kk + x];
            if c == 0.0 {
                continue;
            }
            let row = &cross[x * kk..(x + 1) * kk];
            for (y, &m) in row.iter().enumerate() {
                if m != 0 {
                    tmp[i * kk + y] += c * m as f64;
                }
            }
        }
    }
    let mut bmat = vec![0.0; k * k];
    for i in 0..k {
        for l in 0..k {
            bmat[i * k + l] = (0..kk).map(|y| tmp[i * kk + y] * coef[l * kk + y]).sum();
        }
    }
    let p = &fit.cov;
    let mul = |x: &[f64], y: &[f64]| -> Vec<f64> {
        let mut out = vec![0.0; k * k];
        for i in 0..k {
            for m in 0..k {
                let a = x[i * k + m];
                if a != 0.0 {
                    for j in 0..k {
                        out[i * k + j] += a * y[m * k + j];
                    }
                }
            }
        }
        out
    };
    symmetrised(k, mul(&mul(p, &bmat), p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_agents_closed_form() {
        // A beats B 75 times out of 100: θ_A − θ_B = ln 3, var = 1 / (n p q).
        let f = fit(2, &[0.0, 75.0, 25.0, 0.0]).unwrap();
        assert!(!f.regularized && f.converged);
        assert!((f.elo(0) - f.elo(1) - 400.0 * 3f64.log10()).abs() < 1e-9);
        let se = ELO_PER_NAT / (100.0f64 * 0.75 * 0.25).sqrt();
        assert!((f.elo_diff_se(0, 1) - se).abs() < 1e-9);
        assert!((f.elo_se(0) - se / 2.0).abs() < 1e-9);
    }

    #[test]
    fn invert_roundtrip() {
        let a = [4.0, 1.0, 2.0, 1.0, 3.0, 0.5, 2.0, 0.5, 5.0];
        let inv = invert(3, &a).unwrap();
        for i in 0..3 {
            for j in 0..3 {
                let v: f64 = (0..3).map(|m| a[i * 3 + m] * inv[m * 3 + j]).sum();
                assert!((v - if i == j { 1.0 } else { 0.0 }).abs() < 1e-12);
            }
        }
        assert!(invert(2, &[1.0, 2.0, 2.0, 4.0]).is_none());
    }

    #[test]
    fn unbeaten_agent_is_regularized() {
        let f = fit(2, &[0.0, 10.0, 0.0, 0.0]).unwrap();
        assert!(f.regularized);
        // 10.5 vs 0.5 → ln 21
        assert!((f.theta[0] - f.theta[1] - 21f64.ln()).abs() < 1e-9);
        assert!(fit(3, &[0.0, 5.0, 0.0, 5.0, 0.0, 0.0, 0.0, 0.0, 0.0]).is_none());
    }
}
