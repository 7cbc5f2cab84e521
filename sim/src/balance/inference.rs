//! The statistics of the balance report: paired-difference intervals, normal and chi-square tail
//! probabilities, and the Holm correction. The special functions and distributions come from
//! `statrs`; checked here against known values.

use statrs::distribution::{ChiSquared, ContinuousCDF, Normal};

/// Complementary error function, `erfc(x)` (statrs: Boost's rational approximations; relative
/// error about 1e-10 far in the tail, against 1e-7 for the Numerical Recipes fit used before).
pub use statrs::function::erf::erfc;

/// The `p`-quantile of the standard normal distribution, for `p` in (0, 1).
pub fn normal_quantile(p: f64) -> f64 {
    Normal::standard().inverse_cdf(p)
}

/// The 97.5% quantile of the standard normal distribution (1.959964…), the multiplier of a
/// two-sided 95% interval.
pub fn z95() -> f64 {
    normal_quantile(0.975)
}

/// Two-sided p-value of a standard normal statistic `z`: `P(|Z| >= |z|)`.
pub fn normal_two_sided_p(z: f64) -> f64 {
    if z.is_nan() {
        return 1.0;
    }
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// A paired difference summarised from integer counts: `n` pairs whose differences are
/// `+1` (`plus` times), `-1` (`minus` times) or 0 (win indicators of the same seat in the two
/// games of a pair).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedDiff {
    pub n: u64,
    pub mean: f64,
    /// Standard error of the mean (sample standard deviation / sqrt(n)).
    pub se: f64,
}

impl PairedDiff {
    pub fn from_counts(n: u64, plus: u64, minus: u64) -> PairedDiff {
        if n == 0 {
            return PairedDiff {
                n,
                mean: 0.0,
                se: f64::INFINITY,
            };
        }
        let nf = n as f64;
        let mean = (plus as f64 - minus as f64) / nf;
        let se = if n < 2 {
            f64::INFINITY
        } else {
            // Sum of squared differences is plus + minus (each difference is -1, 0 or 1).
            let var = ((plus + minus) as f64 - nf * mean * mean) / (nf - 1.0);
            (var.max(0.0) / nf).sqrt()
        };
        PairedDiff { n, mean, se }
    }
    /// 95% interval, normal approximation (the per-pair differences are bounded, and every
    /// report uses thousands of pairs).
    pub fn ci95(&self) -> (f64, f64) {
        if !self.se.is_finite() {
            return (-1.0, 1.0);
        }
        let z = z95();
        (self.mean - z * self.se, self.mean + z * self.se)
    }
    pub fn half_width(&self) -> f64 {
        if self.se.is_finite() {
            z95() * self.se
        } else {
            1.0
        }
    }
    /// Two-sided p-value of "mean difference is 0". A zero standard error (every pair equal)
    /// gives 1 when the mean is 0, 0 otherwise.
    pub fn p_value(&self) -> f64 {
        if self.n < 2 || !self.se.is_finite() {
            return 1.0;
        }
        if self.se == 0.0 {
            return if self.mean == 0.0 { 1.0 } else { 0.0 };
        }
        normal_two_sided_p(self.mean / self.se)
    }
}

/// Holm's step-down adjustment: adjusted p-values in the input order. Rejecting where the
/// adjusted value is below `alpha` controls the family-wise error rate at `alpha` under any
/// dependence between the tests.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    let mut adj = vec![0.0; m];
    let mut running = 0.0f64;
    for (i, &k) in order.iter().enumerate() {
        let v = ((m - i) as f64 * p[k]).min(1.0);
        running = running.max(v);
        adj[k] = running;
    }
    adj
}

/// Upper tail `P(X >= x)` of a chi-square distribution with `df` degrees of freedom.
pub fn chi_square_sf(x: f64, df: f64) -> f64 {
    if df <= 0.0 || x.is_nan() {
        return 1.0;
    }
    match ChiSquared::new(df) {
        Ok(d) => d.sf(x).clamp(0.0, 1.0),
        Err(_) => 1.0,
    }
}

/// Pearson chi-square test that all `counts` come from equal shares: the p-value.
pub fn equal_shares_p(counts: &[u64]) -> f64 {
    let k = counts.len();
    let total: u64 = counts.iter().sum();
    if k < 2 || total == 0 {
        return 1.0;
    }
    let e = total as f64 / k as f64;
    let x: f64 = counts.iter().map(|&c| (c as f64 - e).powi(2) / e).sum();
    chi_square_sf(x, (k - 1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// The tabled 97.5% normal quantile.
    const Z95: f64 = 1.959_963_984_540_054;

    #[test]
    fn normal_quantiles_match_tables() {
        // Φ⁻¹(0.975) = 1.959963984540054, Φ⁻¹(0.995) = 2.5758293035489, Φ⁻¹(0.5) = 0
        // (Python's statistics.NormalDist agrees to the last digit).
        assert!(close(z95(), Z95, 1e-14), "{}", z95());
        assert!(close(normal_quantile(0.995), 2.575_829_303_548_9, 1e-12));
        assert!(close(normal_quantile(0.025), -Z95, 1e-14));
        assert_eq!(normal_quantile(0.5), 0.0);
    }

    #[test]
    fn erfc_is_accurate_in_the_tail() {
        // erfc(5) = 1.5374597944280349e-12 and P(|Z| >= 3) = 0.0026997960632601913 (Python's
        // math.erfc). statrs is within 2.5e-11 and 4.2e-11 of them (relative); the Numerical
        // Recipes fit used before was off by 1.0e-7 and 3.1e-8, and fails both checks.
        assert!(close(erfc(5.0) / 1.537_459_794_428_035e-12, 1.0, 1e-10));
        assert!(close(
            normal_two_sided_p(3.0),
            0.002_699_796_063_260_191,
            1e-12
        ));
    }

    #[test]
    fn normal_tails_match_tables() {
        // P(|Z| >= 1.96) = 0.04999579, P(|Z| >= 1) = 0.3173105, P(|Z| >= 3) = 0.002699796.
        assert!(close(normal_two_sided_p(Z95), 0.05, 1e-7));
        assert!(close(normal_two_sided_p(1.0), 0.317_310_5, 1e-7));
        assert!(close(normal_two_sided_p(-3.0), 0.002_699_796, 1e-8));
        assert_eq!(normal_two_sided_p(0.0), 1.0);
        assert!(close(erfc(0.5), 0.479_500_122, 1e-7));
    }

    #[test]
    fn chi_square_tails_match_tables() {
        // Critical values: chi2(1) 3.841459 -> 0.05; chi2(3) 7.814728 -> 0.05;
        // chi2(9) 21.66599 -> 0.01; chi2(2) survival is exp(-x/2).
        assert!(close(chi_square_sf(3.841_459, 1.0), 0.05, 1e-6));
        assert!(close(chi_square_sf(7.814_728, 3.0), 0.05, 1e-6));
        assert!(close(chi_square_sf(21.665_99, 9.0), 0.01, 1e-6));
        assert!(close(chi_square_sf(4.0, 2.0), (-2.0f64).exp(), 1e-10));
        assert_eq!(equal_shares_p(&[10, 10, 10]), 1.0);
        // 60 vs 40 of 100: x = 4, df 1 -> p = 0.04550026.
        assert!(close(equal_shares_p(&[60, 40]), 0.045_500_26, 1e-7));
    }

    #[test]
    fn paired_difference_from_counts() {
        // 100 pairs: 30 at +1, 10 at -1, 60 at 0. Mean 0.2; sample variance
        // (40 - 100*0.04)/99 = 36/99; se = sqrt(36/99/100) = 0.0603023.
        let d = PairedDiff::from_counts(100, 30, 10);
        assert!(close(d.mean, 0.2, 1e-12));
        assert!(close(d.se, 0.060_302_27, 1e-8));
        let (lo, hi) = d.ci95();
        assert!(
            close(lo, 0.2 - Z95 * 0.060_302_27, 1e-8) && close(hi, 0.2 + Z95 * 0.060_302_27, 1e-8)
        );
        // z = 3.3166 -> p = 0.000911
        assert!(close(d.p_value(), 0.000_911_3, 2e-6), "{}", d.p_value());
        let zero = PairedDiff::from_counts(50, 0, 0);
        assert_eq!((zero.mean, zero.se, zero.p_value()), (0.0, 0.0, 1.0));
    }

    #[test]
    fn holm_matches_worked_example() {
        // p = (0.01, 0.04, 0.03, 0.005): sorted 0.005, 0.01, 0.03, 0.04 -> 0.02, 0.03, 0.06,
        // 0.06 (the last is max(0.06, 0.04)).
        let adj = holm(&[0.01, 0.04, 0.03, 0.005]);
        let want = [0.03, 0.06, 0.06, 0.02];
        for (a, w) in adj.iter().zip(want) {
            assert!(close(*a, w, 1e-12), "{adj:?}");
        }
        assert_eq!(holm(&[0.5, 0.9]), vec![1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }
}
