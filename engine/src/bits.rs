//! Bit tricks for the hot path.

/// Whether the CPU has BMI1, BMI2 and LZCNT (x86-64-v3's bit-manipulation instructions; the
/// build's baseline is x86-64-v2, `.cargo/config.toml`). Hot Death's random-play loop has a
/// copy compiled for them (`tzcnt`, `blsr`, `andn`, `shlx`: about 2-3% more hands per second),
/// chosen at run time by this check (cached by the standard library).
#[cfg(target_arch = "x86_64")]
#[inline]
pub fn has_bmi() -> bool {
    std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
}

/// Position of the `k`-th set bit (from 0, lowest first) of `x`; `k` must be below
/// `x.count_ones()`. Random sampling picks `k` at random, so a loop clearing `k` low bits would
/// mispredict its exit nearly every time; small `k` (the usual case: a hand rarely has more
/// than four playable cards of one kind of play) clears bits without branches instead.
#[inline(always)]
pub fn select(x: u64, k: u32) -> u32 {
    debug_assert!(k < x.count_ones());
    let mut y = x;
    if k < 4 {
        // Clear the lowest set bit once for each i < k: `y - 1` when k > i, `y - 0` otherwise.
        y &= y.wrapping_sub((k > 0) as u64);
        y &= y.wrapping_sub((k > 1) as u64);
        y &= y.wrapping_sub((k > 2) as u64);
    } else {
        for _ in 0..k {
            y &= y - 1;
        }
    }
    y.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow(mut x: u64, k: u32) -> u32 {
        for _ in 0..k {
            x &= x - 1;
        }
        x.trailing_zeros()
    }

    #[test]
    fn select_matches_clearing_low_bits() {
        let mut r = crate::Rng::new(5);
        let mut words = vec![u64::MAX, 1, 1 << 63, 0x8000_0000_0000_0001, 0xff00];
        for _ in 0..2000 {
            // Dense, sparse and byte-clustered words.
            let a = r.next_u64();
            words.push(a);
            words.push(a & r.next_u64() & r.next_u64());
            words.push(a | r.next_u64());
        }
        for x in words {
            for k in 0..x.count_ones() {
                assert_eq!(select(x, k), slow(x, k), "x={x:#x} k={k}");
            }
        }
    }
}
