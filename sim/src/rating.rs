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

use ndarray::{Array1, Array2, ArrayView2};

/// Multiplier from the natural-log strength scale to the Elo-like scale (`400 / ln 10`).
pub const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// A fitted Bradley–Terry model. The matrices are computed as `ndarray` arrays and handed out
/// row-major (entry `(i, j)` at `i * k + j`), as the reports store them.
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

/// Standard error (Elo scale) of `R_i − R_j` from a covariance matrix on the natural-log scale
/// (row-major `k × k`).
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

/// A `k × k` matrix from its row-major entries.
fn square(k: usize, entries: Vec<f64>) -> Array2<f64> {
    Array2::from_shape_vec((k, k), entries).expect("k × k entries")
}

/// The entries of a matrix, row-major.
fn row_major(m: &Array2<f64>) -> Vec<f64> {
    m.iter().copied().collect()
}

fn log_likelihood(w: &Array2<f64>, theta: &Array1<f64>) -> f64 {
    let mut l = 0.0;
    for ((i, j), &c) in w.indexed_iter() {
        if i != j && c > 0.0 {
            l += c * ln_sigmoid(theta[i] - theta[j]);
        }
    }
    l
}

/// Is every node reachable from every other along edges `i → j` where `edge(i, j)`?
fn strongly_connected(k: usize, edge: impl Fn(usize, usize) -> bool) -> bool {
    let mut reach = Array2::from_shape_fn((k, k), |(i, j)| i == j || edge(i, j));
    // Floyd–Warshall transitive closure (k is small).
    for m in 0..k {
        for i in 0..k {
            if reach[[i, m]] {
                for j in 0..k {
                    if reach[[m, j]] {
                        reach[[i, j]] = true;
                    }
                }
            }
        }
    }
    reach.iter().all(|&r| r)
}

/// Inverts a small dense square matrix by Gauss–Jordan elimination with partial pivoting;
/// `None` if it is (numerically) singular. (`ndarray` has no inverse without LAPACK, which
/// the toolkit does not link for matrices of a dozen rows.)
pub fn invert(a: ArrayView2<f64>) -> Option<Array2<f64>> {
    let k = a.nrows();
    assert_eq!(a.ncols(), k, "a square matrix");
    let mut m = a.to_owned();
    let mut inv = Array2::eye(k);
    let scale = a.iter().fold(0.0f64, |s, x| s.max(x.abs())).max(1e-300);
    for col in 0..k {
        let piv = (col..k)
            .max_by(|&x, &y| m[[x, col]].abs().total_cmp(&m[[y, col]].abs()))
            .expect("non-empty range");
        if m[[piv, col]].abs() <= 1e-13 * scale {
            return None;
        }
        if piv != col {
            for c in 0..k {
                m.swap([piv, c], [col, c]);
                inv.swap([piv, c], [col, c]);
            }
        }
        let d = m[[col, col]];
        m.row_mut(col).mapv_inplace(|x| x / d);
        inv.row_mut(col).mapv_inplace(|x| x / d);
        let (m_col, inv_col) = (m.row(col).to_owned(), inv.row(col).to_owned());
        for r in 0..k {
            let f = m[[r, col]];
            if r != col && f != 0.0 {
                m.row_mut(r).scaled_add(-f, &m_col);
                inv.row_mut(r).scaled_add(-f, &inv_col);
            }
        }
    }
    Some(inv)
}

/// `(L + 11ᵀ/k)⁻¹ − 11ᵀ/k`: the pseudo-inverse of a symmetric matrix whose null space is
/// exactly the all-ones vector (symmetrised against rounding).
fn pseudo_inverse_ones(l: &Array2<f64>) -> Option<Array2<f64>> {
    let kf = l.nrows() as f64;
    let inv = invert((l + 1.0 / kf).view())?;
    Some(symmetrised(&(inv - 1.0 / kf)))
}

/// `(M + Mᵀ) / 2`.
fn symmetrised(m: &Array2<f64>) -> Array2<f64> {
    (m + &m.t()) * 0.5
}

/// The observed information at `theta` given the comparison counts `n` (symmetric).
fn information(n: &Array2<f64>, theta: &Array1<f64>) -> Array2<f64> {
    let k = theta.len();
    let mut info = Array2::zeros((k, k));
    for i in 0..k {
        for j in 0..k {
            if i != j && n[[i, j]] > 0.0 {
                let p = sigmoid(theta[i] - theta[j]);
                let v = n[[i, j]] * p * (1.0 - p);
                info[[i, j]] = -v;
                info[[i, i]] += v;
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
    let mut w = square(k, wins.to_vec());
    w.diag_mut().fill(0.0);
    // n_ij = w_ij + w_ji: the comparisons between i and j.
    let n = &w + &w.t();
    // The comparison graph must be connected, or relative strengths are undefined.
    if !strongly_connected(k, |i, j| n[[i, j]] > 0.0) {
        return None;
    }
    let regularized = !strongly_connected(k, |i, j| w[[i, j]] > 0.0);
    if regularized {
        for ((i, j), x) in w.indexed_iter_mut() {
            if i != j && n[[i, j]] > 0.0 {
                *x += 0.5;
            }
        }
    }
    let n = &w + &w.t();
    let wins_total: Vec<f64> = w.rows().into_iter().map(|r| r.iter().sum()).collect();
    let mut theta = Array1::<f64>::zeros(k);
    let mut ll = log_likelihood(&w, &theta);
    let mut iterations = 0;
    let mut converged = false;
    const TOL: f64 = 1e-12;
    while iterations < 500 {
        iterations += 1;
        let info = information(&n, &theta);
        let grad = Array1::from_shape_fn(k, |i| {
            let expected: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| n[[i, j]] * sigmoid(theta[i] - theta[j]))
                .sum();
            wins_total[i] - expected
        });
        let Some(pinv) = pseudo_inverse_ones(&info) else {
            break;
        };
        let step = pinv.dot(&grad);
        let mut t = 1.0;
        let mut accepted = false;
        for _ in 0..60 {
            let cand = &theta + &(&step * t);
            let l = log_likelihood(&w, &cand);
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
    let mean = theta.sum() / k as f64;
    theta -= mean;
    let info = information(&n, &theta);
    let cov = pseudo_inverse_ones(&info)?;
    Some(BtFit {
        k,
        theta: theta.to_vec(),
        cov: row_major(&cov),
        info: row_major(&info),
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
/// counts (`g_c = G w^c` for a `k × k²` matrix `G`), so `B = G · cross · Gᵀ` follows from these
/// moments and the fitted probabilities alone. Returns `V` row-major.
pub fn robust_cov(fit: &BtFit, cross: &[u64]) -> Vec<f64> {
    let k = fit.k;
    let kk = k * k;
    assert_eq!(cross.len(), kk * kk, "cross must be k² × k²");
    // G[i, (a, b)] = ([a == i] − [b == i]) · p_ba
    let mut g = Array2::<f64>::zeros((k, kk));
    for a in 0..k {
        for b in 0..k {
            if a != b {
                let p_ba = fit.p_beats(b, a);
                g[[a, a * k + b]] += p_ba;
                g[[b, a * k + b]] -= p_ba;
            }
        }
    }
    let cross = Array2::from_shape_fn((kk, kk), |(x, y)| cross[x * kk + y] as f64);
    let b = g.dot(&cross).dot(&g.t());
    let p = square(k, fit.cov.clone());
    row_major(&symmetrised(&p.dot(&b).dot(&p)))
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
        let a = ndarray::arr2(&[[4.0, 1.0, 2.0], [1.0, 3.0, 0.5], [2.0, 0.5, 5.0]]);
        let inv = invert(a.view()).unwrap();
        for ((i, j), v) in a.dot(&inv).indexed_iter() {
            assert!((v - if i == j { 1.0 } else { 0.0 }).abs() < 1e-12);
        }
        // A row swap is needed (zero pivot first).
        let b = ndarray::arr2(&[[0.0, 2.0], [3.0, 1.0]]);
        let inv = invert(b.view()).unwrap();
        assert_eq!(inv, ndarray::arr2(&[[-1.0 / 6.0, 1.0 / 3.0], [0.5, 0.0]]));
        assert!(invert(ndarray::arr2(&[[1.0, 2.0], [2.0, 4.0]]).view()).is_none());
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
