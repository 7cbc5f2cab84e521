//! The one seeded randomness seam. Every chance event in the engine (shuffles, draws, chance
//! mechanics such as a probabilistic UNO catch) and every random agent decision goes through a
//! [`Rng`], a thin wrapper around `rand_xoshiro::Xoshiro256PlusPlus`.
//!
//! Seeds for individual games are derived from `(master seed, game index)` with [`game_seed`], so a
//! batch gives bit-identical games for any thread count or shard split.

use rand_xoshiro::rand_core::{Rng as _, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Seeded pseudo-random generator (32 bytes, `Copy`-cheap to clone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(Xoshiro256PlusPlus);

impl Rng {
    /// A generator seeded from a 64-bit seed (expanded with SplitMix64 by `rand_xoshiro`).
    pub fn new(seed: u64) -> Self {
        Rng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// A fixed generator that costs nothing to build, for buffers that are re-seeded before use.
    #[inline]
    pub fn placeholder() -> Self {
        Rng(Xoshiro256PlusPlus::from_seed([1; 32]))
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform integer in `0..n` (unbiased, Lemire's multiply-and-reject). `n` must be > 0.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n64 = n as u64;
        let mut m = (self.next_u64() >> 32) * n64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = (self.next_u64() >> 32) * n64;
            }
        }
        (m >> 32) as u32
    }

    /// Uniform float in `[0, 1)` with 53 bits of precision.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// `true` with probability `p` (`p <= 0` never, `p >= 1` always, no draw consumed then).
    #[inline]
    pub fn chance(&mut self, p: f64) -> bool {
        if p <= 0.0 {
            false
        } else if p >= 1.0 {
            true
        } else {
            self.unit() < p
        }
    }
}

/// SplitMix64 finaliser: a bijective 64-bit mix.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Seed of game number `index` in a batch started from `master`. Depends only on the pair, never
/// on scheduling, so any thread count reproduces the same games.
#[inline]
pub fn game_seed(master: u64, index: u64) -> u64 {
    mix64(mix64(master ^ 0x005e_ed0f_a119_a3e5) ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Independent stream for a given purpose within one game (engine chance, agent `k`, ...).
#[inline]
pub fn stream_seed(game_seed: u64, stream: u64) -> u64 {
    mix64(game_seed ^ mix64(stream.wrapping_add(0x632b_e59b_d9b4_e019)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::new(7);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let x = r.below(7) as usize;
            seen[x] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
    }

    #[test]
    fn same_seed_same_stream() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }
}
